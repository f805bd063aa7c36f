//! A finished [`Scan`] held at its length: its lists were grown one push at a time, which
//! leaves up to half of each one's memory unused, and a site's scans are kept from the
//! resolve stage to the end of the build (and in the memo for the next one).
//!
//! Owns only giving that spare capacity back; it changes no content, and it does not decide
//! what a scan holds (that is `scan`) nor what is dropped from it (the resolve stage drops
//! the running text once it has been read).

use super::Scan;
use crate::fit::Fit;

impl Scan {
    /// Gives back the spare capacity of every list the scan holds.
    pub fn shrink_to_fit(&mut self) {
        self.headings.fit();
        // Texts made a character at a time (a heading's id, a link's alt text) have spare
        // room as lists do.
        for heading in &mut self.headings {
            heading.text.fit();
            heading.id.fit();
        }
        self.links.fit();
        self.images.fit();
        for reference in self.links.iter_mut().chain(&mut self.images).chain(&mut self.html_addresses) {
            reference.dest.fit();
            reference.alt.fit();
        }
        self.claims.fit();
        for claim in &mut self.claims {
            claim.name.fit();
            claim.live.fit();
            claim.struck.fit();
        }
        self.prose.fit();
        self.tables.fit();
        for row in self.tables.iter_mut().flatten() {
            row.fit();
            for cell in row {
                cell.pieces.fit();
                for (text, _) in &mut cell.pieces {
                    text.fit();
                }
            }
        }
        for table in &mut self.tables {
            table.fit();
        }
        self.malformed.fit();
        self.struck_in_cells.fit();
        self.html_addresses.fit();
        self.footnotes.fit();
        self.html_ids.fit();
        self.places.shrink_to_fit();
        self.heading_attributes.fit();
        self.undefined_footnotes.fit();
        self.literal_emphasis.fit();
    }
}

#[cfg(test)]
mod tests {
    use super::super::scan;

    #[test]
    fn a_shrunk_scan_holds_what_it_held_and_no_spare_capacity() {
        let body: String = (0..40)
            .map(|i| format!("| [{i}]{{=n{i}}} | b |\n{}", if i == 0 { "|---|---|\n" } else { "" }))
            .collect::<String>()
            + "\nSome [40]{=n} text, [a link](x.md).\n";
        let mut shrunk = scan(&body, 0);
        let before = format!("{shrunk:?}");
        assert!(shrunk.claims.capacity() > shrunk.claims.len(), "pushed one at a time: spare capacity");
        shrunk.shrink_to_fit();
        assert_eq!(format!("{shrunk:?}"), before);
        assert_eq!(shrunk.claims.capacity(), shrunk.claims.len());
        assert_eq!(shrunk.places.list.capacity(), shrunk.places.list.len());
        assert!(shrunk.tables.iter().flatten().all(|row| row.capacity() == row.len()));
    }

    #[test]
    fn a_shrunk_scan_holds_its_texts_at_their_length() {
        let body = "## A heading of *several* words\n\n![an *alt* text](x.png) and [9 %]{=share}\n";
        let mut shrunk = scan(body, 0);
        let before = format!("{shrunk:?}");
        shrunk.shrink_to_fit();
        assert_eq!(format!("{shrunk:?}"), before);
        let exact = |text: &String| text.capacity() == text.len();
        assert!(shrunk.headings.iter().all(|h| exact(&h.text) && exact(&h.id)));
        assert!(shrunk.images.iter().all(|i| exact(&i.dest) && exact(&i.alt)));
        assert!(shrunk.claims.iter().all(|c| exact(&c.name) && exact(&c.live)));
        assert_eq!((shrunk.headings.len(), shrunk.images.len(), shrunk.claims.len()), (1, 1, 1));
    }
}
