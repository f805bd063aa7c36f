//! `figures.json`: every claim of the site, one figure a line under a line for its page,
//! so that a diff of two builds lists the figures that changed, and after them where each
//! stood. Owns the record ([`ClaimRecord`]) and writing the file as pages finish
//! ([`Writer`]); the layout of a figure's line is [`row`]'s, the file's header, places and
//! reading either format back are [`listing`]'s, a record's line and column [`place`]'s, and comparing a published one with the
//! site as it is now is [`published`]'s.

mod listing;
mod place;
#[cfg(test)]
mod properties;
pub(crate) mod published;
mod row;

use serde::{Deserialize, Serialize};

use std::fs::File;
use std::ops::Range;

use bytes::Bytes;

use super::write::{Collector, FileInParts, Kept};

/// One stated figure, as `figures.json` lists it. Its serde form is format 1's line, which
/// sites published before format 2 (see [`listing`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimRecord {
    pub page: String,
    pub lang: String,
    /// Where the live text starts in the page: 1-based line and column (in characters); 0
    /// when not known. figures.json lists them apart, after the figures
    /// ([`listing::FigurePlaces`]).
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

/// figures.json, written in parts as pages finish: a header, then each page's lines, then
/// every page's places.
pub(crate) struct Writer {
    sink: Sink,
    places: listing::FigurePlaces,
    /// Whether a record has been written: the first follows the opening bracket without a
    /// comma.
    started: bool,
    /// How many bytes are written so far.
    written: u64,
    header_len: u64,
}

/// Where the bytes go.
enum Sink {
    /// Into a new file, as they come.
    New(FileInParts),
    /// Over the last build's figures.json, which is kept for as long as what is pushed
    /// matches it byte for byte: after a small edit the file is mostly, often wholly, the
    /// same. On disk, writing 20 MB again (and replacing the old file, which makes the file
    /// system write it out at once) would cost more than the rest of the build; in memory
    /// (`tally serve`), copying it would cost a fifth of a rebuild.
    OverLast(OverLast),
}

/// The last build's figures.json.
pub(crate) enum LastFile {
    /// In the output folder this build updates in place.
    OnDisk(File),
    /// As the last build kept it in memory.
    InMemory(Bytes),
}

struct OverLast {
    last: LastFile,
    last_len: u64,
    /// The new file, once what was pushed differs from the last one; everything before
    /// [`Writer::written`] is then written into it.
    new: Option<FileInParts>,
    /// Memory for the new file, until it is started.
    buffer: Option<Vec<u8>>,
    expected_len: usize,
}

impl Writer {
    /// Starts figures.json; `expected_len` is about how long it will be (the last build's).
    /// `buffer` is memory to reuse for it (see [`Collector::begin`]). `last` is the last
    /// build's figures.json, when this build updates that build's output folder or follows
    /// it in memory: pages whose lines are in the last file on disk are pushed with
    /// [`Writer::push_last`].
    pub(crate) fn begin(
        output: &Collector,
        expected_len: usize,
        buffer: Vec<u8>,
        last: Option<LastFile>,
    ) -> Writer {
        let last = last.and_then(|last| {
            let len = match &last {
                LastFile::OnDisk(file) => file.metadata().ok()?.len(),
                LastFile::InMemory(bytes) => bytes.len() as u64,
            };
            Some((len, last))
        });
        let sink = match last {
            Some((last_len, last)) => {
                Sink::OverLast(OverLast { last, last_len, new: None, buffer: Some(buffer), expected_len })
            }
            None => Sink::New(start_new(output, buffer, expected_len)),
        };
        let mut writer = Writer {
            sink,
            places: listing::FigurePlaces::default(),
            started: false,
            written: 0,
            header_len: 0,
        };
        let generator =
            format!("tally {} ({})", crate::views::GENERATOR.version, crate::views::GENERATOR.commit);
        writer.write(output, listing::header(&generator).as_bytes());
        writer.header_len = writer.written;
        writer
    }

    /// Appends the lines [`lines`] made of one page's records, and their places
    /// ([`listing::FigurePlaces::entry`]); returns where in the file the lines went, for a
    /// later build to find them again ([`Writer::push_last`]).
    pub(crate) fn push(&mut self, output: &Collector, lines: &[u8], places: &[u8]) -> Range<u64> {
        self.places.add_entry(places);
        let lines = if self.started || lines.is_empty() { lines } else { lines.get(1..).unwrap_or_default() };
        self.started |= !lines.is_empty();
        let start = self.written;
        self.write(output, lines);
        start..self.written
    }

    /// Appends a page's lines as the last build wrote them, at `at` in its figures.json;
    /// `None` when this build has no last figures.json to take them from.
    pub(crate) fn push_last(
        &mut self,
        output: &Collector,
        at: Range<u64>,
        places: &[u8],
    ) -> Option<Range<u64>> {
        let Sink::OverLast(over) = &mut self.sink else { return None };
        if at.end > over.last_len || at.start > at.end {
            return None;
        }
        self.places.add_entry(places);
        let start = self.written;
        if at.is_empty() {
            return Some(start..start);
        }
        // The lines the last build wrote first went without their leading comma.
        let written_first = at.start == self.header_len;
        let from = if self.started || written_first { at.start } else { at.start + 1 };
        if self.started && written_first {
            self.write(output, b",");
        }
        self.started = true;
        if let Sink::OverLast(over) = &mut self.sink
            && (over.new.is_some() || from != self.written)
        {
            // Not the same bytes at the same place.
            over.diverge(output, self.written);
            over.copy(from..at.end);
        }
        self.written += at.end - from;
        Some(start..self.written)
    }

    fn write(&mut self, output: &Collector, bytes: &[u8]) {
        match &mut self.sink {
            Sink::New(file) => file.push(bytes),
            Sink::OverLast(over) => {
                if over.new.is_none() && !over.holds_at(self.written, bytes) {
                    over.diverge(output, self.written);
                }
                if let Some(new) = &mut over.new {
                    new.push(bytes);
                }
            }
        }
        self.written += bytes.len() as u64;
    }

    /// Ends the file; returns the memory it was given when it did not need it.
    pub(crate) fn end(mut self, output: &Collector) -> Option<Vec<u8>> {
        let places = std::mem::take(&mut self.places).end();
        self.write(output, &places);
        let mut over = match self.sink {
            Sink::New(file) => {
                output.end(file);
                return None;
            }
            Sink::OverLast(over) => over,
        };
        if over.new.is_none() && self.written == over.last_len {
            match &over.last {
                LastFile::OnDisk(_) => output.add_kept(PATH, &Kept::InLastOutput),
                LastFile::InMemory(bytes) => output.add(PATH, bytes.clone()),
            }
            return over.buffer;
        }
        over.diverge(output, self.written);
        if let Some(new) = over.new.take() {
            output.end(new);
        }
        None
    }
}

const PATH: &str = "figures.json";

fn start_new(output: &Collector, buffer: Vec<u8>, expected_len: usize) -> FileInParts {
    let mut file = output.begin(PATH, buffer);
    file.reserve(expected_len + expected_len / 8);
    file
}

impl OverLast {
    /// Whether the last figures.json holds `bytes` at `at`.
    fn holds_at(&self, at: u64, bytes: &[u8]) -> bool {
        let Some(end) = at.checked_add(bytes.len() as u64).filter(|end| *end <= self.last_len) else {
            return false;
        };
        match &self.last {
            LastFile::OnDisk(file) => {
                use std::os::unix::fs::FileExt as _;
                let mut there = vec![0; bytes.len()];
                file.read_exact_at(&mut there, at).is_ok() && there == bytes
            }
            LastFile::InMemory(last) => last.get(at as usize..end as usize) == Some(bytes),
        }
    }

    /// Starts the new file with the last one's first `len` bytes, if not started yet.
    fn diverge(&mut self, output: &Collector, len: u64) {
        if self.new.is_none() {
            let buffer = self.buffer.take().unwrap_or_default();
            self.new = Some(start_new(output, buffer, self.expected_len));
            self.copy(0..len);
        }
    }

    /// Appends `range` of the last file to the new one.
    fn copy(&mut self, range: Range<u64>) {
        let Some(new) = &mut self.new else { return };
        match &self.last {
            LastFile::OnDisk(file) => new.copy_from(file, range),
            LastFile::InMemory(last) => {
                new.push(last.get(range.start as usize..range.end as usize).unwrap_or_default());
            }
        }
    }
}

/// One page's records as figures.json lines (its page's line, then each figure), each
/// after a comma and a line break; serialised where the records were made, so that the
/// file is written by one thread in page order.
pub(crate) fn lines(records: &[ClaimRecord]) -> Vec<u8> {
    let mut lines = Vec::new();
    row::write_lines(records, &mut lines);
    lines
}
