//! A finished [`Scan`] held at its length: its lists were grown one push at a time, which
//! leaves up to half of each one's memory unused, and a site's scans are kept from the
//! resolve stage to the end of the build (and in the memo for the next one).
//!
//! Owns only giving that spare capacity back; it changes no content, and it does not decide
//! what a scan holds (that is `scan`) nor what is dropped from it (the resolve stage drops
//! the running text once it has been read).

use super::Scan;

impl Scan {
    /// Gives back the spare capacity of every list the scan holds.
    pub fn shrink_to_fit(&mut self) {
        self.headings.shrink_to_fit();
        self.links.shrink_to_fit();
        self.images.shrink_to_fit();
        self.claims.shrink_to_fit();
        for claim in &mut self.claims {
            claim.struck.shrink_to_fit();
        }
        self.prose.shrink_to_fit();
        self.tables.shrink_to_fit();
        for row in self.tables.iter_mut().flatten() {
            row.shrink_to_fit();
            for cell in row {
                cell.pieces.shrink_to_fit();
                for (text, _) in &mut cell.pieces {
                    text.shrink_to_fit();
                }
            }
        }
        for table in &mut self.tables {
            table.shrink_to_fit();
        }
        self.malformed.shrink_to_fit();
        self.struck_in_cells.shrink_to_fit();
        self.html_addresses.shrink_to_fit();
        self.footnotes.shrink_to_fit();
        self.html_ids.shrink_to_fit();
        self.places.shrink_to_fit();
        self.heading_attributes.shrink_to_fit();
        self.undefined_footnotes.shrink_to_fit();
        self.literal_emphasis.shrink_to_fit();
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
}
