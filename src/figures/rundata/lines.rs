//! Where each value of runs.yaml is written: the line of its key, and for a value an
//! importer read from a raw file, that file and the line of the receiver's summary.
//!
//! Owns [`Origin`] and the table of lines built while loading. It does not read values
//! (`field`, `runs`) nor decide which of a raw file's lines is the receiver's (`import`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::fit::Fit;

use crate::diagnostics::LineIndex;
use crate::yaml::{Node, NodeKind};

/// Where one value comes from, for a reader who wants to see it written down.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Origin {
    /// The 1-based line of runs.yaml that writes it (or that names the file it was
    /// imported from).
    pub(crate) yaml_line: Option<usize>,
    /// For an imported value: the raw file (relative to the bundle) and its 1-based line.
    pub(crate) raw: Option<(PathBuf, usize)>,
    /// Every file its run read it with, and the lines read there (first, last): a soak's
    /// curl lines, hash file, server's hash and times (issue 44).
    pub(crate) read_with: Vec<(PathBuf, usize, usize)>,
}

/// Lines by path: `runs.RUN.field.sub`, and a bare name for figures, constants and vendor
/// figures (one namespace).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub(super) struct Lines {
    yaml: Table<u32>,
    /// By path (`runs.a.received.bytes`): the raw file each imported value was read from
    /// (an index into `files`) and its 1-based line there.
    raw: Table<(u32, u32)>,
    files: Vec<PathBuf>,
    /// By run (`runs.NAME`): the files its values were read from together, each with the
    /// lines read (an index into `files`, first and last line).
    #[serde(default)]
    reads: Table<Box<[(u32, u32, u32)]>>,
}

/// Paths in order, each with its value: a table built once and then only read, held at its
/// length. A `BTreeMap` of the same paths, its nodes part empty and every path's `String`
/// as `format!` grew it, was twice the memory (5 MB for a thousand bundles, held to the end
/// of the build).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
struct Table<V>(Box<[(Box<str>, V)]>);

impl<V> Table<V> {
    fn of(map: BTreeMap<String, V>) -> Table<V> {
        Table(map.into_iter().map(|(path, value)| (crate::fit::boxed_str(path), value)).collect())
    }

    fn get(&self, path: &str) -> Option<&V> {
        let at = self.0.binary_search_by(|(key, _)| (**key).cmp(path)).ok()?;
        Some(&self.0[at].1)
    }

    /// The first path at or after `path`, in order.
    fn first_from(&self, path: &str) -> Option<(&str, &V)> {
        let at = self.0.partition_point(|(key, _)| &**key < path);
        self.0.get(at).map(|(key, value)| (&**key, value))
    }
}

/// A line or place as the table holds it: a runs.yaml past four billion lines is no file.
fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The tables while they are filled.
#[derive(Default)]
struct Filling {
    yaml: BTreeMap<String, u32>,
    raw: BTreeMap<String, (u32, u32)>,
    files: Vec<PathBuf>,
}

/// Where a value an importer read from a raw file is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RawPlace {
    /// The value's path (`runs.a.received.bytes`).
    pub(super) path: String,
    /// The raw file, relative to the bundle.
    pub(super) file: PathBuf,
    /// The value's 1-based line in the raw file.
    pub(super) line: usize,
    /// The 1-based runs.yaml line that names the file (`iperf: raw/a.txt`).
    pub(super) yaml_line: usize,
}

/// A file a run read its values from together with others, and the lines read there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RunRead {
    /// The run (`runs.NAME`).
    pub(super) run: String,
    /// The file, relative to the bundle.
    pub(super) file: PathBuf,
    /// The first and last 1-based lines read.
    pub(super) first: usize,
    pub(super) last: usize,
}

impl Lines {
    /// Every key of runs.yaml under `runs`, `constants`, `figures` and `vendor`, and the
    /// values read from raw files (`imported`).
    pub(super) fn of_tree(root: &Node, source: &str, imported: Vec<RawPlace>) -> Lines {
        let mut lines = Filling::default();
        if let NodeKind::Map(sections) = &root.kind {
            lines.sections(sections, source);
        }
        for RawPlace { path, file, line, yaml_line } in imported {
            lines.imported(path, &file, line, Some(yaml_line));
        }
        Lines {
            yaml: Table::of(lines.yaml),
            raw: Table::of(lines.raw),
            files: lines.files,
            reads: Table::default(),
        }
    }
}

impl Filling {
    fn sections(&mut self, sections: &[(Node, Node)], source: &str) {
        // Through an index: counting each key's line from the file's start made a runs.yaml
        // of many constants quadratic (20,000 took 3.5 s).
        let index = LineIndex::new(source);
        let line_at = |offset: usize| small(index.line(offset.min(source.len())));
        for (key, value) in sections {
            match key.key_text().as_str() {
                "runs" => self.walk("runs", value, &line_at),
                "constants" | "figures" | "vendor" => {
                    if let NodeKind::Map(entries) = &value.kind {
                        for (name, _) in entries {
                            self.yaml.entry(name.key_text()).or_insert_with(|| line_at(name.span.start));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn walk(&mut self, prefix: &str, node: &Node, line_at: &dyn Fn(usize) -> u32) {
        let NodeKind::Map(entries) = &node.kind else {
            return;
        };
        for (key, value) in entries {
            let text = key.key_text();
            let mut path = String::with_capacity(prefix.len() + 1 + text.len());
            path.push_str(prefix);
            path.push('.');
            path.push_str(&text);
            self.yaml.insert(path.clone(), line_at(key.span.start));
            self.walk(&path, value, line_at);
        }
    }

    /// Records that the value at `path` was read from line `line` of `file`, and that the
    /// runs.yaml line naming that file (`iperf: raw/a.txt`) is its line there.
    fn imported(&mut self, path: String, file: &PathBuf, line: usize, yaml_line: Option<usize>) {
        let index = match self.files.iter().position(|f| f == file) {
            Some(index) => index,
            None => {
                self.files.push(file.clone());
                self.files.len() - 1
            }
        };
        if let Some(yaml_line) = yaml_line {
            self.yaml.entry(path.clone()).or_insert(small(yaml_line));
        }
        self.raw.insert(path, (small(index), small(line)));
    }
}

impl Lines {
    /// The files each run read its values from together (`Loader::run_reads`).
    pub(super) fn with_reads(mut self, reads: Vec<RunRead>) -> Lines {
        let mut by_run: BTreeMap<String, Vec<(u32, u32, u32)>> = BTreeMap::new();
        for RunRead { run, file, first, last } in reads {
            let index = match self.files.iter().position(|f| *f == file) {
                Some(index) => index,
                None => {
                    self.files.push(file);
                    self.files.len() - 1
                }
            };
            let entry = (small(index), small(first), small(last));
            let files = by_run.entry(run).or_default();
            if !files.contains(&entry) {
                files.push(entry);
            }
        }
        self.reads =
            Table::of(by_run.into_iter().map(|(run, files)| (run, files.into_boxed_slice())).collect());
        self
    }

    pub(super) fn shrink_to_fit(&mut self) {
        self.files.fit();
    }

    pub(super) fn origin(&self, path: &str) -> Origin {
        let mut prefix = path;
        let yaml_line = loop {
            if let Some(line) = self.yaml.get(prefix) {
                break Some(*line as usize);
            }
            match prefix.rfind('.') {
                Some(dot) => prefix = &prefix[..dot],
                None => break None,
            }
        };
        let raw = self
            .raw_place(path)
            .and_then(|&(file, line)| Some((self.files.get(file as usize)?.clone(), line as usize)));
        let mut read_with = Vec::new();
        let mut prefix = path;
        loop {
            if let Some(files) = self.reads.get(prefix) {
                read_with = files
                    .iter()
                    .filter_map(|&(file, first, last)| {
                        Some((self.files.get(file as usize)?.clone(), first as usize, last as usize))
                    })
                    .collect();
                break;
            }
            match prefix.rfind('.') {
                Some(dot) => prefix = &prefix[..dot],
                None => break,
            }
        }
        Origin { yaml_line, raw, read_with }
    }

    /// Whether the value at `path` was read from a raw file: [`Lines::origin`]'s `raw`
    /// without its file name copied, for counting a page's figures by provenance.
    pub(super) fn is_raw(&self, path: &str) -> bool {
        self.raw_place(path).is_some_and(|&(file, _)| (file as usize) < self.files.len())
    }

    /// The raw file (an index into `files`) and line of the value at `path`.
    fn raw_place(&self, path: &str) -> Option<&(u32, u32)> {
        // A value's own line; for a list or map (the intervals a function reads), the line
        // of its first value; for a path below a value, that value's.
        let own = self.raw.get(path).or_else(|| {
            let mut below = String::with_capacity(path.len() + 1);
            below.push_str(path);
            below.push('.');
            self.raw.first_from(&below).filter(|(k, _)| k.starts_with(&below)).map(|(_, v)| v)
        });
        if own.is_some() {
            return own;
        }
        let mut prefix = path;
        while let Some(dot) = prefix.rfind('.') {
            prefix = &prefix[..dot];
            if let Some(above) = self.raw.get(prefix) {
                return Some(above);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 44: every value of a run read from several files names them all; another run's
    /// values name none.
    #[test]
    fn a_runs_values_name_every_file_read_with_them() {
        let source = "runs:\n  s:\n    soak: {}\n  t:\n    frames: 1\n";
        let root = crate::yaml::parse_tree(source).unwrap();
        let (curl, sums) = (PathBuf::from("raw/curl.jsonl"), PathBuf::from("raw/sums.txt"));
        let place = RawPlace { path: "runs.s.passes".to_string(), file: curl.clone(), line: 1, yaml_line: 3 };
        let read =
            |file: &PathBuf| RunRead { run: "runs.s".to_string(), file: file.clone(), first: 1, last: 80 };
        let lines = Lines::of_tree(&root, source, vec![place]).with_reads(vec![
            read(&curl),
            read(&sums),
            read(&sums),
        ]);
        let expected = vec![(curl, 1, 80), (sums, 1, 80)];
        assert_eq!(lines.origin("runs.s.passes").read_with, expected);
        assert_eq!(lines.origin("runs.s.pass.3.bytes").read_with, expected);
        assert!(lines.origin("runs.t.frames").read_with.is_empty());
    }

    #[test]
    fn every_value_has_its_line_and_an_imported_one_its_raw_line() {
        let source = "build: {driver: x}\nconstants:\n  seconds: 40\nruns:\n  a:\n    cpu:\n      busy: 1.0\n  \
                      b:\n    iperf: raw/b.txt\nfigures:\n  f: {is: \"seconds\"}\n";
        let root = crate::yaml::parse_tree(source).unwrap();
        let file = PathBuf::from("raw/b.txt");
        let place =
            |path: &str, line| RawPlace { path: path.to_string(), file: file.clone(), line, yaml_line: 9 };
        let mut imported = Vec::new();
        for path in ["runs.b.received.bytes", "runs.b.received.intervals.1.bits_per_second"] {
            imported.push(place(path, 30));
        }
        imported.push(place("runs.b.received.intervals.0.bits_per_second", 8));
        let lines = Lines::of_tree(&root, source, imported);
        assert_eq!(lines.origin("seconds"), Origin { yaml_line: Some(3), ..Origin::default() });
        assert_eq!(lines.origin("runs.a.cpu.busy"), Origin { yaml_line: Some(7), ..Origin::default() });
        assert_eq!(lines.origin("f").yaml_line, Some(11));
        let raw = |path: &str| lines.origin(path).raw.map(|(_, line)| line);
        assert_eq!(lines.origin("runs.b.received.bytes").yaml_line, Some(9), "the `iperf:` line");
        assert_eq!(raw("runs.b.received.bytes"), Some(30), "the summary");
        assert_eq!(raw("runs.b.received.intervals.0.bits_per_second"), Some(8), "the interval's own line");
        assert_eq!(raw("runs.b.received.intervals.1.bits_per_second"), Some(30));
        assert_eq!(raw("runs.b.received.intervals"), Some(8), "a list: its first value's line");
        assert_eq!(lines.origin("nothing"), Origin::default());
    }
}
