//! `figures.json`: every claim of the site as one record a line, so that a diff of two
//! builds lists the figures that changed, and after them where each stood. Owns the record
//! ([`ClaimRecord`]) and writing the file as pages finish ([`Writer`]); reading a published
//! one back and comparing it with the site as it is now are in [`published`].

pub(crate) mod published;

use serde::{Deserialize, Serialize};

use super::write::{Collector, FileInParts};

/// One stated figure, as `figures.json` lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimRecord {
    pub page: String,
    pub lang: String,
    /// Where the live text starts in the page: 1-based line and column (in characters); 0
    /// when not known. figures.json lists them apart, after the figures
    /// ([`published::Places`]).
    #[serde(default, skip_serializing)]
    pub line: usize,
    #[serde(default, skip_serializing)]
    pub col: usize,
    pub name: String,
    /// The live text as stated.
    pub stated: String,
    /// Struck (withdrawn) values shown beside it.
    #[serde(default)]
    pub struck: Vec<String>,
    pub computed: Option<f64>,
    pub unit: String,
    pub formula: String,
    pub inputs: Vec<(String, f64)>,
    #[serde(default)]
    pub vendor: bool,
}

/// figures.json, written in parts as pages finish: a header, then each record on a line.
pub(crate) struct Writer {
    file: FileInParts,
    places: published::Places,
    /// Whether a record has been written: the first follows the opening bracket without a
    /// comma.
    started: bool,
    /// How many bytes are written so far.
    written: u64,
}

impl Writer {
    /// Starts figures.json; `expected_len` is about how long it will be (the last build's).
    /// `buffer` is memory to reuse for it (see [`Collector::begin`]).
    pub(crate) fn begin(output: &Collector, expected_len: usize, buffer: Vec<u8>) -> Writer {
        let mut file = output.begin("figures.json", buffer);
        file.reserve(expected_len + expected_len / 8);
        let generator =
            format!("tally {} ({})", crate::views::GENERATOR.version, crate::views::GENERATOR.commit);
        let header = format!("{{\"generator\": {},\n\"figures\": [", serde_json::Value::from(generator));
        file.push(header.as_bytes());
        Writer { file, places: published::Places::default(), started: false, written: header.len() as u64 }
    }

    /// Appends the lines [`lines`] made of one page's records, and their places
    /// ([`published::Places::entry`]); returns where in the file the lines went, for
    /// [`lines_written_at`] to find them again.
    pub(crate) fn push(&mut self, lines: &[u8], places: &[u8]) -> std::ops::Range<u64> {
        self.places.add_entry(places);
        let lines = if self.started || lines.is_empty() { lines } else { lines.get(1..).unwrap_or_default() };
        self.file.push(lines);
        self.started |= !lines.is_empty();
        let start = self.written;
        self.written += lines.len() as u64;
        start..self.written
    }

    pub(crate) fn end(mut self, output: &Collector) {
        let places = std::mem::take(&mut self.places);
        self.file.push(&places.end());
        output.end(self.file);
    }
}

/// The last build's figures.json, read page by page where the [`Writer`] put each page's
/// lines: pages come in the same order each build, so it is read front to back once.
pub(crate) struct LastLines {
    file: Option<std::io::BufReader<std::fs::File>>,
    position: u64,
}

impl LastLines {
    pub(crate) fn new(file: Option<std::fs::File>) -> LastLines {
        LastLines { file: file.map(|f| std::io::BufReader::with_capacity(1 << 16, f)), position: 0 }
    }

    /// A page's lines as [`lines`] made them, written at `at`; `None` when they are not
    /// there.
    pub(crate) fn read(&mut self, at: std::ops::Range<u64>) -> Option<Vec<u8>> {
        use std::io::Read as _;
        let file = self.file.as_mut()?;
        if at.start != self.position {
            let offset = i64::try_from(at.start).ok()? - i64::try_from(self.position).ok()?;
            file.seek_relative(offset).ok()?;
        }
        let len = usize::try_from(at.end.checked_sub(at.start)?).ok()?;
        // The first lines of the file were written without their leading comma.
        let mut lines = Vec::with_capacity(len + 1);
        lines.push(b',');
        lines.resize(len + 1, 0);
        file.read_exact(&mut lines[1..]).ok()?;
        self.position = at.end;
        if lines.get(1) != Some(&b'\n') {
            lines.remove(0);
        }
        Some(lines)
    }
}

/// Records as figures.json lines, each after a comma and a line break; serialised where
/// the records were made, so that the file is written by one thread in page order.
pub(crate) fn lines(records: &[ClaimRecord]) -> Vec<u8> {
    let mut lines = Vec::new();
    for record in records {
        lines.extend_from_slice(b",\n");
        // A record is strings and numbers only: serialising it cannot fail.
        let _ = serde_json::to_writer(&mut lines, record);
    }
    lines
}
