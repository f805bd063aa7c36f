//! Importers: a tool's raw output, as it printed it, turned into a run's fields.
//!
//! Owns the shape every importer gives ([`Imported`], a [`Tree`] of [`Value`]s each with its
//! place in the raw text and how the tool printed it), the errors an importer reports
//! ([`ImportError`]), the few readers every importer shares (lines with their byte ranges,
//! plain decimals, printed precision), and which importer reads a runs.yaml key. One file a
//! tool: `iperf3_text`, `iperf3_json`, `iperf2_text`, `iperf2_csv`, `ping`, `pktgen` (netmap's
//! `pkt-gen` logs) and `pktgen_pps` (its bench's `.pps` file), `soak` (curl's
//! `-w '%{json}'` lines with `sha256sum`), `sysctl`, `pfctl`, `netdev` (Linux's
//! `/proc/net/dev`), `ethtool` (`ethtool -S`), `flent` (Flent's `.flent.gz`), `table` (CSV or JSON lines
//! whose columns the author declares).
//!
//! It does not read files nor place errors in runs.yaml (`rundata` does), and it never
//! makes up what the output does not hold: a value the tool did not print for the
//! receiver is a [`Tree::Absent`] with the reason, which a figure reading it reports.

mod ethtool;
mod flent;
mod hidden_report;
mod iperf;
mod iperf2_csv;
mod iperf2_text;
mod iperf3_json;
mod iperf3_text;
mod netdev;
mod pfctl;
mod ping;
mod pktgen;
mod pktgen_pps;
pub(crate) mod raw_text;
mod soak;
mod soak_times;
mod sysctl;
mod table;
#[cfg(test)]
pub(crate) mod testing;

use std::ops::Range;

use crate::number::Printed;
use crate::number::Unit;

pub(crate) use ethtool::import_ethtool;
pub(crate) use flent::import_flent;
pub(crate) use iperf::import_iperf;
pub(crate) use iperf2_csv::import_iperf2_csv;
pub(crate) use iperf2_text::import_iperf2_text;
pub(crate) use iperf3_json::import_iperf3_json;
pub(crate) use iperf3_text::import_iperf3_text;
pub(crate) use netdev::import_netdev;
pub(crate) use pfctl::import_pfctl;
pub(crate) use ping::import_ping;
pub(crate) use pktgen::import_pktgen;
pub(crate) use soak::{SoakFile, SoakFiles, import_soak};
pub(crate) use sysctl::import_sysctl;
pub(crate) use table::{Column, ColumnType, import_table};

std::thread_local! {
    /// The steps the importers took on this thread, for [`counted`].
    static WORK: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts `steps` of an importer's work (lines and words split, entries looked through):
/// a linear-time test compares the count at 1× and 8× an input, where a clock would be
/// noise.
pub(crate) fn work(steps: usize) {
    WORK.with(|w| w.set(w.get().wrapping_add(steps)));
}

/// What `f` returns and the steps counted while it ran.
#[cfg(test)]
pub(crate) fn counted<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = WORK.with(std::cell::Cell::get);
    let out = f();
    (out, WORK.with(std::cell::Cell::get).wrapping_sub(before))
}

/// An importer of one file's text.
pub(crate) type Importer = fn(&str) -> Result<Imported, ImportError>;

/// What an importer read from one output: which format it recognised and the fields, a
/// [`Tree::Map`] whose keys become the run's fields.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Imported {
    /// The format as a reader would name it: `iperf3 text`, `iperf 2 CSV`, `ping (iputils)`.
    pub format: &'static str,
    pub fields: Tree,
}

/// The fields an output gives, nested as runs.yaml paths read them
/// (`received.bits_per_second`, `streams.0.received.bytes`, `replies.3.time`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tree {
    Value(Value),
    /// A text the output gives (a table's `host` column, a sysctl's `kern.ostype`).
    Text(String),
    List(Vec<Tree>),
    Map(Vec<(String, Tree)>),
    /// The output does not hold this for the receiver (a client's intervals are the
    /// sender's; an old iperf3 UDP client prints what was sent): why, and what to record
    /// instead, as a figure reading it is told.
    Absent(String),
}

/// One number the tool printed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Value {
    /// In the base unit of `unit`'s kind (bytes, seconds, bit/s, %, a count).
    pub value: f64,
    pub unit: Unit,
    /// How the tool printed it when it printed it rounded (text output: `2.84 GBytes`,
    /// `814 Mbits/sec`, `0.318 ms`): a page states it no finer. None for a number the tool
    /// wrote in full (JSON's `bits_per_second: 937812213.5`, a byte count).
    pub printed: Option<Printed>,
    /// Where the number is written in the raw text (bytes), for the evidence's line.
    pub at: Range<usize>,
}

/// Why an output could not be read whole. A file is imported whole or not at all: a line
/// an importer cannot read is an error at that line, never skipped.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub(crate) struct ImportError {
    pub message: String,
    /// The bytes of the raw text it is about, when it is about one place.
    pub at: Option<Range<usize>>,
}

impl ImportError {
    pub(crate) fn whole(message: impl Into<String>) -> ImportError {
        ImportError { message: message.into(), at: None }
    }

    pub(crate) fn at(message: impl Into<String>, at: Range<usize>) -> ImportError {
        ImportError { message: message.into(), at: Some(at) }
    }
}

impl Tree {
    /// A map from `(key, tree)` pairs.
    pub(crate) fn map<K: Into<String>>(entries: impl IntoIterator<Item = (K, Tree)>) -> Tree {
        Tree::Map(entries.into_iter().map(|(k, t)| (k.into(), t)).collect())
    }

    /// The subtree at a dotted path (`received.bytes`, `streams.0.received`), for tests.
    #[cfg(test)]
    pub(crate) fn get(&self, path: &str) -> Option<&Tree> {
        let mut tree = self;
        for key in path.split('.').filter(|k| !k.is_empty()) {
            tree = match tree {
                Tree::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, t)| t)?,
                Tree::List(items) => items.get(key.parse::<usize>().ok()?)?,
                Tree::Value(_) | Tree::Text(_) | Tree::Absent(_) => return None,
            };
        }
        Some(tree)
    }

    /// The number at a dotted path, in base units.
    #[cfg(test)]
    pub(crate) fn number(&self, path: &str) -> Option<f64> {
        match self.get(path)? {
            Tree::Value(v) => Some(v.value),
            _ => None,
        }
    }

    /// The value at a dotted path.
    #[cfg(test)]
    pub(crate) fn value(&self, path: &str) -> Option<&Value> {
        match self.get(path)? {
            Tree::Value(v) => Some(v),
            _ => None,
        }
    }
}

impl Value {
    /// A number the tool wrote in full (JSON, an exact count): no printed precision.
    pub(crate) fn exact(value: f64, unit: Unit, at: Range<usize>) -> Tree {
        Tree::Value(Value { value, unit, printed: None, at })
    }

    /// A number the tool printed rounded: `number` is its digits as printed (`2.84`),
    /// `as_written` the whole figure as the tool wrote it (`2.84 GBytes`), `unit` tally's
    /// unit for what the tool printed (Gibibyte: iperf's GBytes are binary), `by` the tool.
    /// The value is `number × unit`; its precision is the printed digits'. A number that is
    /// not a plain decimal (`1e3`) keeps no precision.
    pub(crate) fn printed(
        by: &'static str,
        as_written: &str,
        number: &str,
        unit: Unit,
        at: Range<usize>,
    ) -> Option<Tree> {
        let parsed = plain_decimal(number)?;
        let printed =
            Printed { by, as_written: as_written.to_string(), stated: format!("{number} {}", unit.symbol()) };
        Some(Tree::Value(Value { value: parsed * unit.factor(), unit, printed: Some(printed), at }))
    }
}

/// A line of raw text: its text without the line break, and its bytes in the whole text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    pub text: &'a str,
    pub start: usize,
}

impl Line<'_> {
    pub(crate) fn range(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }

    /// The bytes of `part`, a slice of this line's text, in the whole text.
    pub(crate) fn range_of(&self, part: &str) -> Range<usize> {
        let offset = (part.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
        let offset = offset.min(self.text.len());
        self.start + offset..self.start + (offset + part.len()).min(self.text.len())
    }
}

/// The lines of `text` with their places (`\n` or `\r\n` ends; a last line without one).
pub(crate) fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split_inclusive('\n') {
        out.push(Line { text: piece.trim_end_matches(['\n', '\r']), start });
        start += piece.len();
    }
    work(out.len() + 1);
    out
}

/// The words of a line, each with its bytes in the whole text.
pub(crate) fn words<'a>(line: &Line<'a>) -> Vec<(&'a str, Range<usize>)> {
    let text = line.text;
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        out.push((word, line.range_of(word)));
    }
    work(out.len() + 1);
    out
}

/// A plain decimal as tools print them (`814`, `2.84`, `-0.5`, `0.000`); `NaN`, `inf`,
/// exponents, separators and empty text are not. Never a non-finite number.
pub(crate) fn plain_decimal(text: &str) -> Option<f64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
        && !(digits.ends_with('.'));
    if !plain {
        return None;
    }
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// tally's unit for an iperf transfer unit: iperf 2 and iperf3 print bytes in binary units
/// (`KBytes` is 1024 bytes).
pub(crate) fn iperf_transfer_unit(unit: &str) -> Option<Unit> {
    match unit {
        "Bytes" => Some(Unit::Byte),
        "KBytes" => Some(Unit::Kibibyte),
        "MBytes" => Some(Unit::Mebibyte),
        "GBytes" => Some(Unit::Gibibyte),
        "TBytes" => Some(Unit::Tebibyte),
        _ => None,
    }
}

/// tally's unit for an iperf rate unit: bit rates decimal (`Mbits/sec` is 10^6 bit/s), byte
/// rates (`-f M`) binary.
pub(crate) fn iperf_rate_unit(unit: &str) -> Option<Unit> {
    match unit {
        "bits/sec" => Some(Unit::BitPerSecond),
        "Kbits/sec" => Some(Unit::KilobitPerSecond),
        "Mbits/sec" => Some(Unit::MegabitPerSecond),
        "Gbits/sec" => Some(Unit::GigabitPerSecond),
        "Tbits/sec" => Some(Unit::TerabitPerSecond),
        "Bytes/sec" => Some(Unit::BytePerSecond),
        "KBytes/sec" => Some(Unit::KibibytePerSecond),
        "MBytes/sec" => Some(Unit::MebibytePerSecond),
        "GBytes/sec" => Some(Unit::GibibytePerSecond),
        _ => None,
    }
}

/// A JSON document read strictly: a byte-order mark is refused (tools do not write one; an
/// editor that added it may have changed more), and so is a key written twice in one object
/// with two values (serde_json keeps the last silently; which one the tool meant is unknown).
/// iperf3 3.12 writes some keys of `start` twice with one value: that says one thing.
pub(crate) fn strict_json(text: &str) -> Result<serde_json::Value, ImportError> {
    if text.starts_with('\u{feff}') {
        return Err(ImportError::at(
            "the file starts with a byte-order mark, which no tool writes: save it as the tool printed it",
            0..3,
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| ImportError::at(format!("not JSON: {e}"), json_error_at(text, &e)))?;
    if let Some((key, at)) = differing_duplicate_key(text) {
        return Err(ImportError::at(
            format!(
                "the key `{key}` is written twice in one object with two values: which one the tool meant is unclear"
            ),
            at,
        ));
    }
    Ok(value)
}

/// The bytes of the line a serde_json error is on.
fn json_error_at(text: &str, error: &serde_json::Error) -> Range<usize> {
    let line = error.line().max(1);
    lines(text).get(line - 1).map(Line::range).unwrap_or(0..0)
}

/// The first key written twice in one JSON object of `text` (already known to be JSON) with
/// another value than the first time, and where the second is.
fn differing_duplicate_key(text: &str) -> Option<(String, Range<usize>)> {
    use std::collections::HashMap;
    // One map of keys to their values per open object; arrays hold none.
    let mut stack: Vec<Option<HashMap<String, serde_json::Value>>> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => stack.push(Some(HashMap::new())),
            b'[' => stack.push(None),
            b'}' | b']' => {
                stack.pop();
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                let end = (i + 1).min(bytes.len());
                // A key is a string followed by `:`.
                let mut after = end;
                while after < bytes.len() && bytes[after].is_ascii_whitespace() {
                    after += 1;
                }
                if after < bytes.len()
                    && bytes[after] == b':'
                    && let Some(Some(keys)) = stack.last_mut()
                {
                    let key: String = serde_json::from_str(&text[start..end]).unwrap_or_default();
                    let value = text
                        .get(after + 1..)
                        .and_then(|rest| serde_json::Deserializer::from_str(rest).into_iter().next())
                        .and_then(Result::ok)
                        .unwrap_or(serde_json::Value::Null);
                    match keys.get(&key) {
                        Some(first) if *first != value => return Some((key, start..end)),
                        Some(_) => {}
                        None => {
                            keys.insert(key, value);
                        }
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    // Each byte once: a document's length is its work.
    work(bytes.len());
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_decimals_only() {
        assert_eq!(plain_decimal("814"), Some(814.0));
        assert_eq!(plain_decimal("2.84"), Some(2.84));
        assert_eq!(plain_decimal("-0.5"), Some(-0.5));
        for bad in ["", "NaN", "inf", "1e3", "1,000", ".5", "5.", "+1", "--1", "0x1F"] {
            assert_eq!(plain_decimal(bad), None, "{bad}");
        }
    }

    #[test]
    fn strict_json_refuses_a_bom_and_a_key_written_twice_with_two_values() {
        assert!(strict_json("\u{feff}{}").is_err());
        // iperf3 3.12 writes `sock_bufsize` twice in `start`, with one value.
        assert!(strict_json("{\"start\": {\"sock_bufsize\": 0, \"sock_bufsize\": 0}}").is_ok());
        let twice = "{\"end\": {\"bytes\": 1, \"bytes\": 2}}";
        let error = strict_json(twice).unwrap_err();
        assert!(error.message.contains("`bytes`"), "{error}");
        assert_eq!(&twice[error.at.unwrap()], "\"bytes\"");
        // The same key in two objects, or as a value, is fine.
        assert!(strict_json("{\"a\": {\"k\": 1}, \"b\": {\"k\": \"k\"}, \"k\": [\"k\", \"k\"]}").is_ok());
        assert!(strict_json("{\"a\\\"b\": 1, \"a\\\"c\": 2}").is_ok());
    }

    #[test]
    fn lines_and_words_know_their_places() {
        let text = "a b\r\n  cd  ef\nlast";
        let lines = lines(text);
        assert_eq!(lines.len(), 3);
        let words = words(&lines[1]);
        assert_eq!(&text[words[1].1.clone()], "ef");
        assert_eq!(&text[lines[2].range()], "last");
    }

    #[test]
    fn a_printed_value_keeps_its_digits() {
        let Some(Tree::Value(v)) = Value::printed("iperf", "2.84 GBytes", "2.84", Unit::Gibibyte, 0..4)
        else {
            panic!()
        };
        assert_eq!(v.value, 2.84 * 1_073_741_824.0);
        assert_eq!(v.printed.unwrap().stated, "2.84 GiB");
        assert!(Value::printed("iperf", "1e3 KBytes", "1e3", Unit::Kibibyte, 0..3).is_none());
    }
}
