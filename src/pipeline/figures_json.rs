//! `figures.json`: every claim of the site as one record a line, so that a diff of two
//! builds lists the figures that changed. Owns the record ([`ClaimRecord`]), writing the
//! file as pages finish ([`Writer`]), reading a published one back ([`read`]) and comparing
//! the two ([`compare_with_published`]).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::write::{Collector, FileInParts};
use crate::diagnostics::Diagnostic;
use crate::figures::number::same_value;

/// One stated figure, as `figures.json` lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimRecord {
    pub page: String,
    pub lang: String,
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
    /// Whether a record has been written: the first follows the opening bracket without a
    /// comma.
    started: bool,
}

impl Writer {
    pub(crate) fn begin(output: &Collector) -> Writer {
        let mut file = output.begin("figures.json");
        let generator =
            format!("tally {} ({})", crate::views::GENERATOR.version, crate::views::GENERATOR.commit);
        file.push(
            format!("{{\"generator\": {},\n\"figures\": [", serde_json::Value::from(generator)).as_bytes(),
        );
        Writer { file, started: false }
    }

    /// Appends the lines [`lines`] made of some records.
    pub(crate) fn push(&mut self, lines: &[u8]) {
        if lines.is_empty() {
            return;
        }
        let lines = if self.started { lines } else { lines.get(1..).unwrap_or_default() };
        self.file.push(lines);
        self.started = true;
    }

    pub(crate) fn end(mut self, output: &Collector) {
        self.file.push(b"\n]}\n");
        output.end(self.file);
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

/// The records of a published figures.json.
pub fn read(path: &Path) -> Result<Vec<ClaimRecord>, String> {
    #[derive(Deserialize)]
    struct Published {
        figures: Vec<ClaimRecord>,
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str::<Published>(&text)
        .map(|p| p.figures)
        .map_err(|e| format!("{} is not a figures.json: {e}", path.display()))
}

/// Compares the figures a site states now with those it published before: a stated value
/// may change only if the old one is struck beside the new one.
pub fn compare_with_published(old: &[ClaimRecord], new: &[ClaimRecord], against: &str) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let mut now: BTreeMap<(&str, &str, &str), Vec<&ClaimRecord>> = BTreeMap::new();
    for record in new {
        now.entry((&record.page, &record.lang, &record.name)).or_default().push(record);
    }
    for published in old {
        let key = (published.page.as_str(), published.lang.as_str(), published.name.as_str());
        let current = now.get(&key).map(Vec::as_slice).unwrap_or(&[]);
        let kept = current.iter().any(|r| same_value(&r.stated, &published.stated));
        let struck = current.iter().any(|r| r.struck.iter().any(|s| same_value(s, &published.stated)));
        if kept || struck {
            continue;
        }
        let message = match current.first() {
            Some(r) => format!(
                "`{}` was published as `{}` and now reads `{}` without the old value struck",
                published.name, published.stated, r.stated
            ),
            None => format!(
                "`{}` was published as `{}` and is no longer stated",
                published.name, published.stated
            ),
        };
        problems.push(
            Diagnostic::file("figure-silently-changed", &published.page, message)
                .note(format!("published in {against}"))
                .note(format!(
                    "strike it beside the correction: [~~{}~~ NEW]{{={}}}, and list it under withdrawn:",
                    published.stated, published.name
                )),
        );
    }
    problems
}
