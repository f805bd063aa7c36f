//! Where each value of runs.yaml is written: the line of its key, and for a value an
//! importer read from a raw file, that file and the line of the receiver's summary.
//!
//! Owns [`Origin`] and the table of lines built while loading. It does not read values
//! (`field`, `runs`) nor decide which of a raw file's lines is the receiver's (`import`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::yaml::{Node, NodeKind};

/// Where one value comes from, for a reader who wants to see it written down.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Origin {
    /// The 1-based line of runs.yaml that writes it (or that names the file it was
    /// imported from).
    pub(crate) yaml_line: Option<usize>,
    /// For an imported value: the raw file (relative to the bundle) and its 1-based line.
    pub(crate) raw: Option<(PathBuf, usize)>,
}

/// Lines by path: `runs.RUN.field.sub`, and a bare name for figures, constants and vendor
/// figures (one namespace).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub(super) struct Lines {
    yaml: BTreeMap<String, usize>,
    /// By run name: the raw file, the line of its receiver's summary and of each interval
    /// (where the format gives each its own line).
    raw: BTreeMap<String, Imported>,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Imported {
    file: PathBuf,
    summary: usize,
    intervals: Vec<Option<usize>>,
}

impl Lines {
    /// Every key of runs.yaml under `runs`, `constants`, `figures` and `vendor`.
    pub(super) fn of_tree(root: &Node, source: &str) -> Lines {
        let mut lines = Lines::default();
        let NodeKind::Map(sections) = &root.kind else {
            return lines;
        };
        for (key, value) in sections {
            match key.key_text().as_str() {
                "runs" => lines.walk("runs", value, source),
                "constants" | "figures" | "vendor" => {
                    if let NodeKind::Map(entries) = &value.kind {
                        for (name, _) in entries {
                            lines
                                .yaml
                                .entry(name.key_text())
                                .or_insert_with(|| line_of(source, name.span.start));
                        }
                    }
                }
                _ => {}
            }
        }
        lines
    }

    fn walk(&mut self, prefix: &str, node: &Node, source: &str) {
        let NodeKind::Map(entries) = &node.kind else {
            return;
        };
        for (key, value) in entries {
            let mut text = key.key_text();
            // An imported run's values are under `received`; its `iperf:` line names them.
            if prefix.matches('.').count() == 1 && text == "iperf" {
                text = "received".to_string();
            }
            let path = format!("{prefix}.{text}");
            self.yaml.insert(path.clone(), line_of(source, key.span.start));
            self.walk(&path, value, source);
        }
    }

    /// Records that `run`'s imported values come from `file`, its summary at `summary` and
    /// its intervals at `intervals`.
    pub(super) fn imported(
        &mut self,
        run: &str,
        file: PathBuf,
        summary: usize,
        intervals: Vec<Option<usize>>,
    ) {
        self.raw.insert(run.to_string(), Imported { file, summary, intervals });
    }

    pub(super) fn origin(&self, path: &str) -> Origin {
        let mut prefix = path;
        let yaml_line = loop {
            if let Some(line) = self.yaml.get(prefix) {
                break Some(*line);
            }
            match prefix.rfind('.') {
                Some(dot) => prefix = &prefix[..dot],
                None => break None,
            }
        };
        let raw = match path.split('.').collect::<Vec<_>>().as_slice() {
            ["runs", run, "received", rest @ ..] => self.raw.get(*run).map(|imported| {
                let interval = match rest {
                    ["intervals", index, ..] => index.parse::<usize>().ok(),
                    _ => None,
                };
                let line = interval.and_then(|i| imported.intervals.get(i).copied().flatten());
                (imported.file.clone(), line.unwrap_or(imported.summary))
            }),
            _ => None,
        };
        Origin { yaml_line, raw }
    }
}

/// The 1-based line `offset` is on.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_has_its_line_and_an_imported_one_its_raw_line() {
        let source = "build: {driver: x}\nconstants:\n  seconds: 40\nruns:\n  a:\n    cpu:\n      busy: 1.0\n  \
                      b:\n    iperf: raw/b.txt\nfigures:\n  f: {is: \"seconds\"}\n";
        let root = crate::yaml::parse_tree(source).unwrap();
        let mut lines = Lines::of_tree(&root, source);
        lines.imported("b", PathBuf::from("raw/b.txt"), 30, vec![Some(8), None]);
        assert_eq!(lines.origin("seconds"), Origin { yaml_line: Some(3), raw: None });
        assert_eq!(lines.origin("runs.a.cpu.busy"), Origin { yaml_line: Some(7), raw: None });
        assert_eq!(lines.origin("f").yaml_line, Some(11));
        let raw = |path: &str| lines.origin(path).raw.map(|(_, line)| line);
        assert_eq!(lines.origin("runs.b.received.bytes").yaml_line, Some(9), "the `iperf:` line");
        assert_eq!(raw("runs.b.received.bytes"), Some(30), "the summary");
        assert_eq!(raw("runs.b.received.intervals.0.bits_per_second"), Some(8), "the interval's own line");
        assert_eq!(raw("runs.b.received.intervals.1.bits_per_second"), Some(30), "no line of its own");
        assert_eq!(lines.origin("nothing"), Origin::default());
    }
}
