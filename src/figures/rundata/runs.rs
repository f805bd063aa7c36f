//! Loading `runs:`: each run's keys (kind, failed, shot, redact, iperf, link_rate, agrees
//! and free fields), the files it names, and the fields an iperf import gives it.
//!
//! Owns the rule that a file named in runs.yaml stays inside the site (also through
//! links). It does not parse raw tool output (`import`) nor apply the bench's rules to a
//! loaded run (`rules`).

use std::path::{Component, Path, PathBuf};

use super::loader::Loader;
use super::{Field, Run, RunKind};
use crate::number::Unit;
use crate::yaml::{Node, NodeKind};

/// The keys a run gives meaning to; any other key is a data field of the run.
const RUN_KEYS: [&str; 16] = [
    "kind",
    "failed",
    "shot",
    "redact",
    "iperf",
    "ping",
    "pktgen",
    "soak",
    "sysctl",
    "pfctl",
    "netdev",
    "ethtool",
    "flent",
    "table",
    "link_rate",
    "agrees",
];

impl Loader<'_> {
    pub(super) fn load_runs(&mut self, node: &Node) -> Vec<Run> {
        let mut runs = Vec::new();
        for (key, value) in self.map(node, "`runs`") {
            let Some(name) = self.name(key, "run", true) else {
                continue;
            };
            let mut run = Run {
                name,
                kind: None,
                failed: None,
                shot: None,
                no_shot: None,
                redact: Vec::new(),
                iperf: None,
                raw_files: Vec::new(),
                link_rate: None,
                fields: Field::Map(Vec::new()),
            };
            let mut fields = Vec::new();
            let mut raw_nodes = Vec::new();
            let mut written = Vec::new();
            for (field_key, field_value) in self.map(value, "a run") {
                match field_key.key_text().as_str() {
                    "kind" => run.kind = self.run_kind(field_value),
                    "failed" => {
                        run.failed = self.text(field_value, "`failed` (why the run failed)");
                        if run.failed.as_deref().is_some_and(|w| w.trim().is_empty()) {
                            self.error(
                                "runs-type",
                                field_value.span.clone(),
                                "`failed` says why the run failed",
                            );
                        }
                    }
                    "shot" => match &field_value.kind {
                        NodeKind::Map(_) => run.no_shot = self.no_shot(field_value),
                        _ => run.shot = self.file(field_value, "`shot`").map(|(rel, _)| rel),
                    },
                    "redact" => run.redact = self.redactions(field_value),
                    key_text if super::raw::RAW_KEYS.contains(&key_text) => {
                        if key_text == "iperf" {
                            run.iperf = self.text(field_value, "`iperf`").map(PathBuf::from);
                        }
                        raw_nodes.push((field_key, field_value));
                    }
                    "link_rate" => {
                        if let Some(quantity) = self.quantity(field_value, "`link_rate`") {
                            self.expect_kind(field_value, quantity.unit, Unit::BitPerSecond, "`link_rate`");
                            run.link_rate = Some(quantity.value);
                        }
                    }
                    "agrees" => {
                        // Checked after loading, when every run is known.
                        if let Some(field) = self.field(field_value) {
                            fields.push(("agrees".to_string(), field));
                        }
                    }
                    key_text => {
                        written.push((key_text.to_string(), field_key.span.clone()));
                        match self.data_field(key_text, field_key, field_value) {
                            Some(field) => fields.push((key_text.to_string(), field)),
                            // The key's error is the run's one: a figure reading the run
                            // follows from it and is not reported missing too.
                            None if !self.unread.contains(&run.name) => self.unread.push(run.name.clone()),
                            None => {}
                        }
                    }
                }
            }
            self.read_raw_files(&mut run, &raw_nodes, &written, &mut fields);
            run.raw_files =
                std::mem::take(&mut self.raw_files_read).into_iter().fold(Vec::new(), |mut files, file| {
                    if !files.contains(&file) {
                        files.push(file);
                    }
                    files
                });
            run.fields = Field::Map(fields);
            runs.push(run);
        }
        runs
    }

    /// What a run's raw files (`iperf:`, `soak:`, …) give, read into `fields` over any
    /// field written by hand that a file also gives; and the kind of run a raw key says.
    fn read_raw_files(
        &mut self,
        run: &mut Run,
        raw_nodes: &[(&Node, &Node)],
        written: &[(String, std::ops::Range<usize>)],
        fields: &mut Vec<(String, Field)>,
    ) {
        let raw_keys: Vec<String> = raw_nodes.iter().map(|(k, _)| k.key_text()).collect();
        let raw_keys: Vec<&str> = raw_keys.iter().map(String::as_str).collect();
        // A field written by hand that a raw file also gives is the conflict's one error:
        // the file's value stands, so nothing read from it is reported missing too.
        let given: Vec<&str> = raw_keys.iter().flat_map(|k| super::raw::gives(k).iter().copied()).collect();
        fields.retain(|(name, _)| !given.contains(&name.as_str()));
        let mut raw = super::raw::RawFields::default();
        for (key, node) in raw_nodes {
            self.load_raw(&run.name, key, node, written, &mut raw);
        }
        // A failed run's output may be what failed: its import errors are not reported.
        let import_errors = std::mem::take(&mut self.pending_import_errors);
        if run.failed.is_none() {
            self.diagnostics.extend(import_errors);
        }
        if raw.unread {
            self.unread.push(run.name.clone());
        }
        // A raw key says what kind of run it records, unless `kind:` says otherwise.
        if run.iperf.is_some() && !raw.unread {
            run.kind.get_or_insert(RunKind::Throughput);
        }
        if raw_keys.contains(&"soak") {
            run.kind.get_or_insert(RunKind::Soak);
        }
        fields.extend(raw.fields);
    }

    /// A run's `kind:`, one of throughput, soak and counter.
    fn run_kind(&mut self, node: &Node) -> Option<RunKind> {
        match self.text(node, "`kind`").as_deref() {
            Some("throughput") => Some(RunKind::Throughput),
            Some("soak") => Some(RunKind::Soak),
            Some("counter") => Some(RunKind::Counter),
            Some(other) => {
                self.error(
                    "runs-type",
                    node.span.clone(),
                    format!("`kind` is throughput, soak or counter, not `{other}`"),
                );
                None
            }
            None => None,
        }
    }

    /// A run's data field `key_text:` (none of the run's own keys), read; none when the key
    /// is a typo of one of them.
    fn data_field(&mut self, key_text: &str, key: &Node, value: &Node) -> Option<Field> {
        // A key one slip away from a run's own key is a typo of it, not a data
        // field: taken as data, `link_rat:` would switch the link-rate rule off.
        let known = self.not_run_key_typos.contains(key_text);
        let hint = if known { String::new() } else { crate::figures::did_you_mean(key_text, RUN_KEYS) };
        if !hint.is_empty() {
            self.error(
                "runs-unknown-key",
                key.span.clone(),
                format!("`{key_text}` is not a key of a run{hint}"),
            );
            return None;
        }
        // An importer's key mistyped (`iperf3_jsn: raw/a.json`) would leave its file unread.
        let importer_like = super::raw::RAW_KEYS
            .iter()
            .chain(&["pkt", "curl"])
            .any(|k| key_text.to_ascii_lowercase().contains(k));
        if importer_like && let Some(file) = self.names_a_file(value) {
            self.error(
                "runs-unknown-key",
                key.span.clone(),
                format!(
                    "`{key_text}` names a file, `{file}`, but is not an importer's key: a raw file is read under its tool's key ({})",
                    super::raw::RAW_KEYS.map(|k| format!("`{k}:`")).join(", ")
                ),
            );
            return None;
        }
        if !known {
            self.not_run_key_typos.insert(key_text.to_string());
        }
        self.field(value)
    }

    /// The bundle's file a data field's text names (`iperf3_jsn: raw/x.json`), if it names
    /// one: a value typed by hand is no path of a file that exists. Asked only of a key that
    /// names an importer's tool: `config: raw/pf.conf` may name a file as a note.
    fn names_a_file(&self, value: &Node) -> Option<String> {
        let NodeKind::Str(text) = &value.kind else { return None };
        let text = text.trim();
        let looks_like_a_path = (text.contains('/') || text.contains('.')) && !text.starts_with('/');
        let inside = !Path::new(text).components().any(|c| matches!(c, Component::ParentDir));
        (looks_like_a_path && inside && !text.contains('\n') && self.bundle.join(text).is_file())
            .then(|| text.to_string())
    }

    fn expect_kind(&mut self, node: &Node, unit: Unit, expected: Unit, what: &str) {
        if unit.kind() != expected.kind() {
            self.error(
                "runs-type",
                node.span.clone(),
                format!("{what} must be {}, such as `1 Gbit/s`", expected.kind().name()),
            );
        }
    }

    fn redactions(&mut self, node: &Node) -> Vec<[u32; 4]> {
        let NodeKind::Seq(items) = &node.kind else {
            self.type_error(node, "`redact`", "a list of [x, y, width, height]");
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items {
            let numbers: Option<Vec<u32>> = match &item.kind {
                NodeKind::Seq(parts) if parts.len() == 4 => parts
                    .iter()
                    .map(|p| match p.kind {
                        NodeKind::Number(n) if n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => {
                            Some(n as u32)
                        }
                        _ => None,
                    })
                    .collect(),
                _ => None,
            };
            match numbers {
                Some(n) if n[2] > 0 && n[3] > 0 => out.push([n[0], n[1], n[2], n[3]]),
                _ => self.error(
                    "runs-type",
                    item.span.clone(),
                    "a redaction is [x, y, width, height] in whole pixels, width and height above 0",
                ),
            }
        }
        out
    }

    /// A file named in runs.yaml: relative to the bundle, inside the site, existing.
    /// Returns the path relative to the bundle and the absolute path.
    pub(super) fn file(&mut self, node: &Node, what: &str) -> Option<(PathBuf, PathBuf)> {
        let text = self.text(node, what)?;
        match contained_path(&self.site_root, &self.bundle, &text) {
            Ok(paths) => Some(paths),
            Err(message) => {
                let message = format!("{what} `{text}`: {message}");
                match typed_value_under_raw_key(what, &text) {
                    Some(note) => self.error_noted("runs-path", node.span.clone(), message, note),
                    None => self.error("runs-path", node.span.clone(), message),
                }
                None
            }
        }
    }
}

/// What to say when a raw key's value is a value typed by hand (`ping: 2 ms`, a
/// speedtest's ping), not a file: the key names a raw file for its importer (issue 48).
fn typed_value_under_raw_key(what: &str, text: &str) -> Option<String> {
    let key = what.trim_matches('`');
    let is_value = crate::number::parse_stated(text)
        .is_ok_and(|stated| stated.whole_range.len() == text.trim().len() && !text.contains('/'));
    (super::raw::RAW_KEYS.contains(&key) && is_value).then(|| {
        format!(
            "`{key}:` names a raw file that the {key} importer reads (the tool's output saved in the bundle, such as `raw/{key}.txt`); `{text}` is a value: type it under another name, such as `{key}_typed: {text}`"
        )
    })
}

/// Resolves `text` (relative to `bundle`) and checks it stays inside `site_root`, also
/// through symlinks, and exists. Returns it relative to the bundle, and absolute.
fn contained_path(site_root: &Path, bundle: &Path, text: &str) -> Result<(PathBuf, PathBuf), String> {
    let relative = Path::new(text);
    if text.trim().is_empty() {
        return Err("empty path".to_string());
    }
    if relative.is_absolute()
        || relative.components().any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
    {
        return Err("an absolute path; name files relative to the bundle".to_string());
    }
    let mut lexical = crate::paths::normalise(&bundle.join(relative));
    let root = crate::paths::normalise(site_root);
    if !lexical.starts_with(&root) {
        return Err("leaves the site's folder".to_string());
    }
    let canonical_root =
        site_root.canonicalize().map_err(|e| format!("cannot read the site's folder: {e}"))?;
    match lexical.canonicalize() {
        Ok(real) => {
            if !real.starts_with(&canonical_root) {
                return Err("leads outside the site's folder (through a link)".to_string());
            }
            if !real.is_file() {
                return Err("is not a file".to_string());
            }
            lexical = real;
        }
        Err(_) => return Err("no such file".to_string()),
    }
    let from_bundle = crate::paths::normalise(relative);
    Ok((from_bundle, lexical))
}

#[cfg(test)]
mod tests {
    use crate::figures::rundata::testing::{SOEKRIS, Site, errors, loaded, place};

    /// Issue 48: `ping: 2 ms` (a speedtest's ping typed by hand) was reported only as "no
    /// such file"; the note says that `ping:` names a raw file and how to type a value.
    #[test]
    fn a_value_typed_under_a_raw_key_is_told_apart_from_a_missing_file() {
        let site = Site::new(&[("raw/ok.txt", SOEKRIS)]);
        let diagnostics = errors(&site, "runs:\n  a: {ping: 2 ms}\n  b: {ping: raw/gone.txt}\n");
        let typed = diagnostics.iter().find(|d| d.line == 2).expect("an error at the typed value");
        let noted = typed.notes.join(" ");
        assert!(noted.contains("names a raw file") && noted.contains("`ping_typed: 2 ms`"), "{typed:#?}");
        let missing = diagnostics.iter().find(|d| d.line == 3).expect("an error at the missing file");
        assert!(missing.message.contains("no such file") && missing.notes.is_empty(), "{missing:#?}");
    }

    #[test]
    fn raw_files_must_stay_inside_the_site_and_be_readable_text() {
        let site = Site::new(&[("raw/bin.txt", &[0xff, 0xfe, 0x00]), ("raw/ok.txt", SOEKRIS)]);
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "x").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(
            outside.path().join("secret.txt"),
            site.root.path().join("content/m/b/raw/link.txt"),
        )
        .unwrap();
        let other = site.root.path().join("content/m/other/raw");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("t.txt"), SOEKRIS).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(other.join("t.txt"), site.root.path().join("content/m/b/raw/t.txt"))
            .unwrap();
        let source = "runs:\n  a: {iperf: ../../../../etc/passwd, failed: x}\n  b: {iperf: /etc/passwd, failed: x}\n  c: {iperf: raw/missing.txt, failed: x}\n  d: {iperf: raw/bin.txt, failed: x}\n  e: {shot: raw/link.txt}\n  f: {iperf: ../../../content/m/b/raw/ok.txt}\n  g: {iperf: ../other/raw/t.txt, failed: x}\n  h: {iperf: raw/t.txt, failed: x}\n  i: {iperf: raw/link.txt, failed: x}\n";
        let diagnostics = errors(&site, source);
        let outside: Vec<usize> =
            diagnostics.iter().filter(|d| d.code == "runs-raw-outside").map(|d| d.line).collect();
        #[cfg(unix)]
        assert_eq!(outside, [2, 3, 8, 9, 10], "{diagnostics:#?}");
        // A raw file linked from outside the site is that fault, with its fix, and only it
        // (a user trial read `runs-path` there, with no word of copying the file in).
        #[cfg(unix)]
        assert!(place(&diagnostics, "copy the file into the bundle (as `raw/link.txt`)").0 == 10);
        #[cfg(unix)]
        assert!(
            !diagnostics.iter().any(|d| d.line == 10 && d.code != "runs-raw-outside"),
            "{diagnostics:#?}"
        );
        assert!(place(&diagnostics, "copy the file into the bundle (as `raw/t.txt`)").0 == 8);
        assert!(place(&diagnostics, "no such file").0 == 4);
        // [FF FE 00]: a UTF-16 LE byte-order mark and half a character.
        let cut = diagnostics.iter().find(|d| d.code == "runs-raw-text").unwrap();
        assert!(cut.message.contains("half a UTF-16 LE character"), "{cut:#?}");
        assert_eq!(cut.path, std::path::Path::new("content/m/b/raw/bin.txt"));
        #[cfg(unix)]
        assert!(place(&diagnostics, "through a link").0 == 6);
        // Up and down again inside the bundle is fine.
        assert!(!diagnostics.iter().any(|d| d.line == 7), "{diagnostics:#?}");
    }

    #[test]
    fn an_unreadable_iperf_file_is_an_error_unless_the_run_failed() {
        let site = Site::new(&[("raw/client.txt", b"Client connecting to 10.0.0.1, TCP port 5001\n[  3] local 10.0.0.2 port 40000 connected with 10.0.0.1 port 5001\n[  3]  0.0-10.0 sec  1.10 GBytes   941 Mbits/sec\n")]);
        let d = errors(&site, "runs:\n  a: {iperf: raw/client.txt}\n");
        assert!(
            d.iter().any(|d| d.code == "runs-import" && d.message.contains("only what was sent")),
            "{d:#?}"
        );
        loaded(&site, "runs:\n  a: {iperf: raw/client.txt, failed: only the client was recorded}\n");
        let d = errors(&site, "runs:\n  a:\n    iperf: raw/client.txt\n    received: {bytes: 1}\n");
        assert!(d.iter().any(|d| d.code == "runs-conflict"), "{d:#?}");
    }

    /// Errors lead with the root cause: a run whose file could not be read or imported is
    /// that one error, not one more that it received no bytes.
    #[test]
    fn a_run_whose_iperf_file_cannot_be_read_or_imported_is_that_error_alone() {
        let site = Site::new(&[("raw/client.txt", b"[  3] local 10.0.0.2 port 40000 connected with 10.0.0.1 port 5001\n[  3]  0.0-10.0 sec  1.10 GBytes   941 Mbits/sec\n")]);
        for (source, code) in [
            ("runs:\n  a: {iperf: raw/client.txt}\n", "runs-import"),
            ("runs:\n  a: {iperf: raw/missing.txt, kind: throughput}\n", "runs-path"),
        ] {
            let d = errors(&site, source);
            let codes: Vec<&str> = d.iter().map(|d| d.code).collect();
            assert_eq!(codes, [code], "{source}: {d:#?}");
        }
    }
}
