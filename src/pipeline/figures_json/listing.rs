//! figures.json as a whole: its header, the places that follow the figures ([`FigurePlaces`]),
//! and reading a published one back ([`parse`]) in either format:
//!
//! - format 2 (`"format": 2` in the header, written since figures.json had to shrink): the
//!   figures grouped under a line for their page, each an array ([`super::row`]);
//! - format 1 (no `format`; sites published it before): one object a figure, every field
//!   named ([`ClaimRecord`]'s own serde form).
//!
//! Both list the places the same way, after the figures, one page a line: its path, then
//! for each line of the page that states figures, the line and each figure's column
//! (`[[12,5,30],[14,2]]`). Format 1 wrote a line for each figure (`[[12,5],[12,30],[14,2]]`),
//! which reads the same.
//!
//! ```text
//! {"format": 2, "generator": "tally 0.1.0 (e8ee8b9e5e9d)",
//! "columns": ["name","stated","computed","unit","formula","inputs","struck","vendor"],
//! "figures": [
//! {"page":"content/a.md","lang":"en"},
//! ["x","9,000",9000]
//! ],
//! "places": {
//! "content/a.md": [[12,5]]
//! }}
//! ```

use std::collections::BTreeMap;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::ClaimRecord;
use super::row::{self, Row, RowSeed};

/// What starts figures.json, up to its first figure.
pub(crate) fn header(generator: &str) -> String {
    let columns: Vec<String> = row::COLUMNS.iter().map(|c| format!("\"{c}\"")).collect();
    format!(
        "{{\"format\": {}, \"generator\": {},\n\"columns\": [{}],\n\"figures\": [",
        row::FORMAT,
        serde_json::Value::from(generator),
        columns.join(",")
    )
}

/// The places of the figures figures.json lists, written after them, one page a line: a
/// figure's own line then changes only when what it states changes, so that a diff of two
/// builds still lists just the figures that changed.
#[derive(Debug, Default)]
pub(crate) struct FigurePlaces {
    json: Vec<u8>,
}

impl FigurePlaces {
    /// Adds the places of one page's records, in the order figures.json lists them.
    #[cfg(test)]
    pub(crate) fn add(&mut self, records: &[ClaimRecord]) {
        self.add_entry(&FigurePlaces::entry(records));
    }

    /// One page's entry, as [`FigurePlaces::add_entry`] takes it; empty for a page without
    /// records. Made where the records are, so that a page's entry can be kept with them.
    pub(crate) fn entry(records: &[ClaimRecord]) -> Vec<u8> {
        let Some(first) = records.first() else { return Vec::new() };
        let mut entry = Vec::new();
        // A string cannot fail to serialise.
        let _ = serde_json::to_writer(&mut entry, &first.page);
        entry.extend_from_slice(b": [");
        let mut line = None;
        for record in records {
            if line == Some(record.line) {
                entry.push(b',');
            } else {
                if line.is_some() {
                    entry.extend_from_slice(b"],");
                }
                entry.push(b'[');
                entry.extend_from_slice(record.line.to_string().as_bytes());
                entry.push(b',');
                line = Some(record.line);
            }
            entry.extend_from_slice(record.col.to_string().as_bytes());
        }
        entry.extend_from_slice(b"]]");
        entry
    }

    pub(crate) fn add_entry(&mut self, entry: &[u8]) {
        if entry.is_empty() {
            return;
        }
        self.json.extend_from_slice(if self.json.is_empty() { b"\n" } else { b",\n" });
        self.json.extend_from_slice(entry);
    }

    /// What ends figures.json after its last figure: the places, and the closing brackets.
    pub(crate) fn end(self) -> Vec<u8> {
        [&b"\n],\n\"places\": {"[..], &self.json, b"\n}}\n"].concat()
    }
}

/// The figures of a figures.json of either format, each at the place it lists for it (none
/// when it lists no places). An error is serde_json's, at its line and column.
pub(crate) fn parse(bytes: &[u8]) -> Result<Vec<ClaimRecord>, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let records = de::Deserializer::deserialize_map(&mut deserializer, ListingVisitor)?;
    deserializer.end()?;
    Ok(records)
}

struct ListingVisitor;

impl<'de> Visitor<'de> for ListingVisitor {
    type Value = Vec<ClaimRecord>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an object with the figures and their places")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<ClaimRecord>, A::Error> {
        // Format 1 names no format; format 2 names it before its figures.
        let mut format = 1;
        let mut records: Option<Vec<ClaimRecord>> = None;
        let mut placed = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "format" => {
                    let named: u64 = map.next_value()?;
                    if records.is_some() {
                        return Err(de::Error::custom("the format is named after the figures, not before"));
                    }
                    if named != row::FORMAT {
                        return Err(de::Error::custom(format_args!(
                            "format {named} is not one this tally reads (1 and {})",
                            row::FORMAT
                        )));
                    }
                    format = named;
                }
                "columns" if format == row::FORMAT => {
                    let columns: Vec<String> = map.next_value()?;
                    if columns != row::COLUMNS {
                        return Err(de::Error::custom(format_args!(
                            "format {} lists a figure's fields as {:?}",
                            row::FORMAT,
                            row::COLUMNS
                        )));
                    }
                }
                "figures" => {
                    if records.is_some() {
                        return Err(de::Error::custom("the figures are listed twice"));
                    }
                    records = Some(match format {
                        1 => map.next_value::<Vec<ClaimRecord>>()?,
                        _ => map.next_value::<Rows>()?.0,
                    });
                }
                "places" => {
                    let Some(records) = records.as_mut() else {
                        return Err(de::Error::custom("the places are listed before the figures they place"));
                    };
                    if placed {
                        return Err(de::Error::custom("the places are listed twice"));
                    }
                    map.next_value_seed(PlacesSeed(records))?;
                    placed = true;
                }
                // What a later tally may add, as format 1 was read.
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        records.ok_or_else(|| de::Error::missing_field("figures"))
    }
}

/// Format 2's figures: each after the line of its page.
struct Rows(Vec<ClaimRecord>);

impl<'de> de::Deserialize<'de> for Rows {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Rows, D::Error> {
        deserializer.deserialize_seq(RowsVisitor)
    }
}

struct RowsVisitor;

impl<'de> Visitor<'de> for RowsVisitor {
    type Value = Rows;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of pages' lines, each followed by its figures")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Rows, A::Error> {
        let mut records = Vec::new();
        let mut page: Option<(String, String)> = None;
        while let Some(row) = seq.next_element_seed(RowSeed(page.as_ref()))? {
            match row {
                Row::Page { page: path, lang } => page = Some((path, lang)),
                Row::Figure(record) => records.push(*record),
            }
        }
        Ok(Rows(records))
    }
}

/// Reads the places onto the records they place: one for each of a page's figures, in the
/// order the figures are listed.
struct PlacesSeed<'a>(&'a mut [ClaimRecord]);

impl<'de> DeserializeSeed<'de> for PlacesSeed<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for PlacesSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("each page's places: {\"page\": [[line, column, …], …]}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        // Each page's records, and whether their places were read.
        let mut pages: BTreeMap<String, (Vec<usize>, bool)> = BTreeMap::new();
        for (i, record) in self.0.iter().enumerate() {
            pages.entry(record.page.clone()).or_default().0.push(i);
        }
        while let Some(page) = map.next_key::<String>()? {
            let (records, placed) =
                pages.get_mut(&page).map_or((&[][..], false), |(r, p)| (r.as_slice(), *p));
            let places = map.next_value_seed(PageSeed { page: &page, figures: records.len(), placed })?;
            for (&i, (line, col)) in records.iter().zip(places) {
                (self.0[i].line, self.0[i].col) = (line, col);
            }
            if let Some((_, placed)) = pages.get_mut(&page) {
                *placed = true;
            }
        }
        match pages.iter().find(|(_, (_, placed))| !placed) {
            Some((page, _)) => Err(mismatch(page)),
            None => Ok(()),
        }
    }
}

fn mismatch<E: de::Error>(page: &str) -> E {
    E::custom(format_args!("the places it lists for {page} are not one for each of its figures"))
}

/// Reads one page's places, `figures` of them, checked as they are read so that an error
/// stands on the page's line.
struct PageSeed<'a> {
    page: &'a str,
    figures: usize,
    /// Whether the page's places were read already.
    placed: bool,
}

impl<'de> DeserializeSeed<'de> for PageSeed<'_> {
    type Value = Vec<(usize, usize)>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PageSeed<'_> {
    type Value = Vec<(usize, usize)>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a page's places: [[line, column, …], …]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let page = self.page;
        if self.placed {
            return Err(de::Error::custom(format_args!("the places of {page} are listed twice")));
        }
        let mut places = Vec::new();
        while let Some(line) = seq.next_element::<Vec<usize>>()? {
            let [line, columns @ ..] = line.as_slice() else {
                return Err(de::Error::custom(format_args!("a line of {page}'s places is empty")));
            };
            if columns.is_empty() {
                return Err(de::Error::custom(format_args!(
                    "line {line} of {page}'s places gives no column"
                )));
            }
            places.extend(columns.iter().map(|col| (*line, *col)));
        }
        if places.len() != self.figures {
            return Err(mismatch(page));
        }
        Ok(places)
    }
}

/// figures.json as a build writes it, of `records` in the order given: each page's lines
/// (as the writer takes them, the first without its comma), then their places.
#[cfg(test)]
pub(crate) fn written(records: &[ClaimRecord]) -> String {
    let mut text = header("tally").into_bytes();
    let mut places = FigurePlaces::default();
    for page in records.chunk_by(|a, b| (&a.page, &a.lang) == (&b.page, &b.lang)) {
        let lines = super::lines(page);
        text.extend_from_slice(if places.json.is_empty() { &lines[1..] } else { &lines });
        places.add(page);
    }
    text.extend_from_slice(&places.end());
    String::from_utf8(text).unwrap_or_default()
}

/// figures.json as tally wrote it before format 2: each record's serde form a line, then a
/// place for each.
#[cfg(test)]
pub(crate) fn written_in_format_1(records: &[ClaimRecord]) -> String {
    let lines: Vec<String> = records.iter().map(|r| serde_json::to_string(r).unwrap_or_default()).collect();
    let places: Vec<String> = records
        .chunk_by(|a, b| a.page == b.page)
        .map(|page| {
            let places: Vec<String> = page.iter().map(|r| format!("[{},{}]", r.line, r.col)).collect();
            format!("{}: [{}]", serde_json::Value::from(page[0].page.as_str()), places.join(","))
        })
        .collect();
    format!(
        "{{\"generator\": \"tally 0.1.0 (cfc6896aa1b2)\",\n\"figures\": [\n{}\n],\n\"places\": {{\n{}\n}}}}\n",
        lines.join(",\n"),
        places.join(",\n")
    )
}

#[cfg(test)]
mod tests;
