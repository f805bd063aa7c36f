//! A run's raw files: the keys that name a tool's output (`iperf`, `ping`, `pktgen`, `soak`,
//! `sysctl`, `pfctl`, `netdev`, `ethtool`, `flent`, `table`), reading each file, handing it to its
//! importer, and turning what the importer gave into the run's fields, each with its raw
//! file and line.
//!
//! Owns the runs.yaml shape of those keys and where each one's fields go in the run:
//! `iperf`, `ping`, `pktgen`, `soak` and `table` at the run itself (`received.bytes`,
//! `rtt.avg`, `passes`, `rows.0.x`); `sysctl`, `pfctl`, `netdev` and `ethtool` under their
//! own key (`sysctl.after.kern.cp_time`, `pf.states.current`), with `before`, `after` and
//! their `delta` when two readings are named. It does not parse any tool's output (`import`).

use std::path::PathBuf;

use super::Field;
use super::lines::{RawPlace, RunRead};
use super::loader::Loader;
use crate::diagnostics::{Diagnostic, LineIndex};
use crate::figures::import::{self, ImportError, Imported, Tree};
use crate::number::Unit;
use crate::yaml::{Node, NodeKind};

/// The run keys that name raw files.
pub(super) const RAW_KEYS: [&str; 10] =
    ["iperf", "ping", "pktgen", "soak", "sysctl", "pfctl", "netdev", "ethtool", "flent", "table"];

/// The fields each raw key gives at the run: a run that also writes one by hand is an
/// error whether or not the file could be read.
pub(super) fn gives(key: &str) -> &'static [&'static str] {
    match key {
        "iperf" => &["received", "sent", "cpu", "streams", "forward", "reverse"],
        "ping" => &[
            "transmitted",
            "received",
            "loss_percent",
            "errors",
            "errors_by_kind",
            "duplicates",
            "corrupted",
            "rtt",
            "replies",
            "size",
            "packet_size",
            "mtu",
        ],
        "soak" => &["passes", "failed_passes", "mismatches", "bytes", "seconds", "bits_per_second", "pass"],
        "table" => &["rows"],
        "pktgen" => &["seconds", "received", "sent", "iterations"],
        "flent" => &["series", "metadata"],
        "sysctl" => &["sysctl"],
        "pfctl" => &["pf"],
        "netdev" => &["netdev"],
        "ethtool" => &["ethtool"],
        _ => &[],
    }
}

/// What a run's raw keys gave: its fields (merged into the run's), the files read.
#[derive(Default)]
pub(super) struct RawFields {
    pub(super) fields: Vec<(String, Field)>,
    /// Some raw file could not be read or imported (already an error at its place).
    pub(super) unread: bool,
}

/// What a raw key read: where its fields go under the run (`sysctl.before`), and the
/// import's result (an error already reported when it failed).
type Reading = (Vec<String>, Result<(Imported, RawText), ()>);

/// One raw file read: its path from the bundle, its text, and how it is shown in errors.
pub(super) struct RawText {
    pub(super) relative: PathBuf,
    pub(super) text: String,
    pub(super) display: String,
    /// Values (their paths under the run) whose line is in another file read with this
    /// one: that file and the 1-based line (a soak's `seconds`, in its times file).
    pub(super) elsewhere: Vec<(String, PathBuf, usize)>,
    /// Every file the run's values were read from with this one, and the lines read there
    /// (first, last): a soak's curl lines, its hash file, the server's hash and its times
    /// (issue 44), which each of its figures' evidence names.
    pub(super) read_with: Vec<(PathBuf, usize, usize)>,
}

impl Loader<'_> {
    /// Reads the raw key `key` of run `run` (its value `node`), adding its fields to `out`.
    /// `written` are the keys the run writes by hand: one an importer also gives is an error.
    pub(super) fn load_raw(
        &mut self,
        run: &str,
        key: &Node,
        node: &Node,
        written: &[(String, std::ops::Range<usize>)],
        out: &mut RawFields,
    ) {
        let key_text = key.key_text();
        for (name, span) in written.iter().filter(|(name, _)| gives(&key_text).contains(&name.as_str())) {
            self.error(
                "runs-conflict",
                span.clone(),
                format!("`{name}` is read from `{key_text}:`'s file; do not write it too"),
            );
        }
        let yaml_line = LineIndex::line_in(self.source, key.span.start);
        let counters = super::counters::reader(&key_text);
        let imported: Vec<Reading> = match key_text.as_str() {
            _ if let Some((under, importer)) = counters => self.readings(node, &key_text, under, importer),
            "iperf" => vec![(Vec::new(), self.import_one(node, "`iperf`", import::import_iperf))],
            "ping" => vec![(Vec::new(), self.import_one(node, "`ping`", import::import_ping))],
            "pktgen" => vec![(Vec::new(), self.import_one(node, "`pktgen`", import::import_pktgen))],
            "flent" => vec![(Vec::new(), self.import_one(node, "`flent`", import::import_flent))],
            "soak" => vec![(Vec::new(), self.import_soak(node))],
            "table" => vec![(Vec::new(), self.import_table(node))],
            _ => return,
        };
        let mut readings: Vec<(Vec<String>, Tree)> = Vec::new();
        let mut last_raw = None;
        for (under, result) in imported {
            let Ok((imported, raw)) = result else {
                out.unread = true;
                continue;
            };
            let prefix = format!("runs.{run}{}", under.iter().map(|k| format!(".{k}")).collect::<String>());
            self.place_tree(&imported.fields, &prefix, &raw, yaml_line);
            for (path, file, line) in &raw.elsewhere {
                // After the value's place in the main file: the later place is the one kept.
                let path = format!("{prefix}.{path}");
                self.raw_places.push(RawPlace { path, file: file.clone(), line: *line, yaml_line });
            }
            for (file, first, last) in &raw.read_with {
                let read = RunRead { run: prefix.clone(), file: file.clone(), first: *first, last: *last };
                self.run_reads.push(read);
            }
            // The deltas are traced to the later reading's file.
            let later = under.get(1).map(String::as_str) != Some("before");
            readings.push((under, imported.fields));
            if later {
                last_raw = Some(raw);
            }
        }
        if readings.len() == 2 && readings[0].0.len() == 2 {
            // Two readings of one tool's counters: their differences too, each traced to the
            // line of the later reading (the earlier one is the same name's line before it),
            // unless they cannot be subtracted. `before` first, however runs.yaml orders them.
            let (b, a) = if readings[0].0[1] == "before" { (0, 1) } else { (1, 0) };
            match super::counters::unsubtractable(&key_text, &readings[b].1, &readings[a].1) {
                Some(why) => self.error(
                    "runs-readings",
                    node.span.clone(),
                    format!(
                        "`{key_text}`'s two readings cannot be subtracted, so they give no `delta`: {why}"
                    ),
                ),
                None => {
                    let delta = super::counters::difference(&key_text, &readings[b].1, &readings[a].1);
                    let delta = super::linux_counters::complete_delta(&key_text, &readings[a].1, delta);
                    let base = readings[0].0[0].clone();
                    if let Some(after) = &last_raw {
                        self.place_tree(&delta, &format!("runs.{run}.{base}.delta"), after, yaml_line);
                    }
                    readings.push((vec![base, "delta".to_string()], delta));
                }
            }
        }
        for (under, tree) in readings {
            let Some(field) = to_field(&tree) else { continue };
            let Field::Map(entries) = field else { continue };
            let mut place: Vec<(String, Field)> = entries;
            for key in under.iter().rev() {
                place = vec![(key.clone(), Field::Map(place))];
            }
            for (name, field) in place {
                let mut conflicts = Vec::new();
                merge(&mut out.fields, name, field, &mut |name| conflicts.push(name.to_string()));
                for name in conflicts {
                    self.error(
                        "runs-conflict",
                        key.span.clone(),
                        format!("`{name}` is given by two of this run's raw files; put them in two runs"),
                    );
                }
            }
        }
    }

    /// Records each value's raw line and each absent value's reason, under `prefix`.
    fn place_tree(&mut self, tree: &Tree, prefix: &str, raw: &RawText, yaml_line: usize) {
        // Each value's line through an index of the file's lines: counted from the start
        // for each value, a raw file of many values was quadratic.
        let lines = LineIndex::new(&raw.text);
        self.place_values(tree, prefix, raw, &lines, yaml_line);
    }

    fn place_values(
        &mut self,
        tree: &Tree,
        prefix: &str,
        raw: &RawText,
        lines: &LineIndex,
        yaml_line: usize,
    ) {
        match tree {
            Tree::Value(value) => {
                let line = lines.line(value.at.start.min(raw.text.len()));
                let path = prefix.to_string();
                self.raw_places.push(RawPlace { path, file: raw.relative.clone(), line, yaml_line });
            }
            Tree::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.place_values(
                        item,
                        &super::child_path(prefix, itoa::Buffer::new().format(i)),
                        raw,
                        lines,
                        yaml_line,
                    );
                }
            }
            Tree::Map(entries) => {
                for (key, item) in entries {
                    self.place_values(item, &super::child_path(prefix, key), raw, lines, yaml_line);
                }
            }
            Tree::Text(_) => {}
            Tree::Absent(why) => self.absent.push((prefix.to_string(), format!("{}: {why}", raw.display))),
        }
    }

    /// One file named by `node`, read and imported.
    fn import_one(
        &mut self,
        node: &Node,
        what: &str,
        importer: fn(&str) -> Result<Imported, ImportError>,
    ) -> Result<(Imported, RawText), ()> {
        let raw = self.read_raw(node, what).ok_or(())?;
        match importer(&raw.text) {
            Ok(imported) => Ok((imported, raw)),
            Err(error) => {
                self.import_error(node, &raw, &error);
                Err(())
            }
        }
    }

    /// `KEY: file` (one reading, at `UNDER.*`) or `KEY: {before: file, after: file}` (at
    /// `UNDER.before.*` and `UNDER.after.*`).
    fn readings(&mut self, node: &Node, key: &str, under: &str, importer: import::Importer) -> Vec<Reading> {
        let NodeKind::Map(entries) = &node.kind else {
            let what = format!("`{key}`");
            return vec![(vec![under.to_string()], self.import_one(node, &what, importer))];
        };
        let mut out = Vec::new();
        for (reading_key, file) in entries {
            let name = reading_key.key_text();
            if name != "before" && name != "after" {
                self.error(
                    "runs-unknown-key",
                    reading_key.span.clone(),
                    format!("`{key}` names one file, or two readings as `{{before: FILE, after: FILE}}`; not `{name}`"),
                );
                continue;
            }
            let what = format!("`{key}.{name}`");
            out.push((vec![under.to_string(), name], self.import_one(file, &what, importer)));
        }
        if out.len() == 1 {
            self.error(
                "runs-type",
                node.span.clone(),
                format!("`{key}` has one reading of two: name both `before` and `after`, or the file alone"),
            );
        }
        out
    }

    /// `soak: {curl: FILE, sha256: FILE, expect: HASH | FILE, times: FILE}` (`times`
    /// optional: without it the soak has no span, so no `seconds` nor `bits_per_second`).
    fn import_soak(&mut self, node: &Node) -> Result<(Imported, RawText), ()> {
        let (mut curl, mut sha256, mut expect, mut times) = (None, None, None, None);
        let mut times_unread = false;
        for (key, value) in self.map(node, "`soak`") {
            match key.key_text().as_str() {
                "curl" => curl = self.read_raw(value, "`soak.curl`"),
                "sha256" => sha256 = self.read_raw(value, "`soak.sha256`"),
                "expect" => expect = Some(value),
                "times" => {
                    times = self.read_raw(value, "`soak.times`");
                    times_unread = times.is_none();
                }
                other => self.error(
                    "runs-unknown-key",
                    key.span.clone(),
                    format!("`soak` has `curl`, `sha256`, `expect` and `times`, not `{other}`"),
                ),
            }
        }
        let (Some(mut curl), Some(sha256), Some(expect_node)) = (curl, sha256, expect) else {
            self.error(
                "runs-type",
                node.span.clone(),
                "`soak` is `{curl: FILE, sha256: FILE, expect: HASH, times: FILE}`: curl's `-w '%{json}\\n'` lines, `sha256sum`'s output, the server's hash (or its `sha256sum` file), and the clock before and after each pass",
            );
            return Err(());
        };
        let (expected, expected_file) = self.expected_hash(expect_node).ok_or(())?;
        if times_unread {
            return Err(());
        }
        let files = import::SoakFiles {
            curl: &curl.text,
            sha256: &sha256.text,
            expected: &expected,
            times: times.as_ref().map(|t| t.text.as_str()),
        };
        match import::import_soak(&files) {
            Ok(soak) => {
                for (path, file, at) in soak.placed_in {
                    let other = match file {
                        import::SoakFile::Sha256 => Some(&sha256),
                        import::SoakFile::Times => times.as_ref(),
                    };
                    if let Some(other) = other {
                        let line = LineIndex::line_in(&other.text, at.start);
                        curl.elsewhere.push((path.to_string(), other.relative.clone(), line));
                    }
                }
                // Every figure of a soak reads all of its files: each is named whole.
                let whole = |raw: &RawText| (raw.relative.clone(), 1, raw.text.lines().count().max(1));
                curl.read_with.push(whole(&curl));
                curl.read_with.push(whole(&sha256));
                curl.read_with.extend(expected_file.as_ref().map(whole));
                curl.read_with.extend(times.as_ref().map(whole));
                Ok((soak.imported, curl))
            }
            Err(error) => {
                // The importer places its errors in curl's file unless it names another.
                let raw = match &times {
                    Some(times) if error.message.starts_with("times") => times,
                    _ if error.message.starts_with("sha256sum") => &sha256,
                    _ => &curl,
                };
                self.import_error(node, raw, &error);
                Err(())
            }
        }
    }

    /// The expected hash: 64 hex digits written in runs.yaml, or the first hash of a
    /// `sha256sum` file.
    fn expected_hash(&mut self, node: &Node) -> Option<(String, Option<RawText>)> {
        let text = self.text(node, "`soak.expect`")?;
        if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Some((text.to_ascii_lowercase(), None));
        }
        let raw = self.read_raw(node, "`soak.expect`")?;
        let hash = raw.text.split_whitespace().next().map(str::to_ascii_lowercase);
        match hash {
            Some(hash) if hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Some((hash, Some(raw)))
            }
            _ => {
                self.error(
                    "runs-import",
                    node.span.clone(),
                    format!("`{}` does not start with a SHA-256 hash (64 hex digits)", raw.display),
                );
                None
            }
        }
    }

    /// `table: {file: FILE, columns: {NAME: UNIT | text}}`.
    fn import_table(&mut self, node: &Node) -> Result<(Imported, RawText), ()> {
        let mut file = None;
        let mut columns = Vec::new();
        let mut columns_node = None;
        for (key, value) in self.map(node, "`table`") {
            match key.key_text().as_str() {
                "file" => file = self.read_raw(value, "`table.file`"),
                "columns" => {
                    columns_node = Some(value);
                    for (name, unit) in self.map(value, "`table.columns`") {
                        let Some(unit_text) = self.text(unit, "a column's unit") else { continue };
                        let kind = if unit_text == "text" {
                            Some(import::ColumnType::Text)
                        } else if unit_text == "count" {
                            Some(import::ColumnType::Number(Unit::Count))
                        } else {
                            crate::number::parse_unit(&unit_text).map(import::ColumnType::Number)
                        };
                        match kind {
                            Some(kind) => columns.push(import::Column { name: name.key_text(), kind }),
                            None => self.error(
                                "runs-type",
                                unit.span.clone(),
                                format!("`{unit_text}` is not a unit tally knows: write a unit (`Mbit/s`, `ms`, `%`), `count` or `text`"),
                            ),
                        }
                    }
                }
                other => self.error(
                    "runs-unknown-key",
                    key.span.clone(),
                    format!("`table` has `file` and `columns`, not `{other}`"),
                ),
            }
        }
        let (Some(raw), Some(_)) = (file, columns_node) else {
            self.error(
                "runs-type",
                node.span.clone(),
                "`table` is `{file: FILE, columns: {NAME: UNIT | count | text}}`: a CSV file, JSON lines or a JSON array of rows, and each column's unit",
            );
            return Err(());
        };
        match import::import_table(&raw.text, &columns) {
            Ok(imported) => Ok((imported, raw)),
            Err(error) => {
                self.import_error(node, &raw, &error);
                Err(())
            }
        }
    }

    fn import_error(&mut self, node: &Node, raw: &RawText, error: &ImportError) {
        let diagnostic = match &error.at {
            Some(at) => Diagnostic::at(
                "runs-import",
                PathBuf::from(&raw.display),
                &raw.text,
                at.clone(),
                &error.message,
            ),
            None => Diagnostic::at(
                "runs-import",
                &self.path,
                self.source,
                node.span.clone(),
                format!("{}: {}", raw.display, error.message),
            ),
        };
        self.pending_import_errors.push(diagnostic);
    }
}

/// A tree as a run's fields; None for an absent value (it is no field: a figure reading it
/// is told why).
fn to_field(tree: &Tree) -> Option<Field> {
    match tree {
        Tree::Value(v) => Some(Field::imported(v.value, v.unit, v.printed.clone())),
        Tree::Text(text) => Some(Field::Text(text.clone())),
        Tree::List(items) => Some(Field::List(items.iter().filter_map(to_field).collect())),
        Tree::Map(entries) => {
            Some(Field::Map(entries.iter().filter_map(|(k, t)| Some((k.clone(), to_field(t)?))).collect()))
        }
        Tree::Absent(_) => None,
    }
}

/// Adds `field` at `name`, merging maps (the `sysctl` of two readings); a value given twice
/// calls `conflict`.
fn merge(into: &mut Vec<(String, Field)>, name: String, field: Field, conflict: &mut dyn FnMut(&str)) {
    match into.iter_mut().find(|(k, _)| *k == name) {
        None => into.push((name, field)),
        Some((_, Field::Map(existing))) => match field {
            Field::Map(entries) => {
                for (k, f) in entries {
                    merge(existing, k, f, conflict);
                }
            }
            _ => conflict(&name),
        },
        Some(_) => conflict(&name),
    }
}
