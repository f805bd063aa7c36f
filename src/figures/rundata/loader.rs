//! The `Loader`: the state of reading one runs.yaml (its path and text, the problems found,
//! what the raw files gave) and the small readers every loading module shares (a map, a
//! text, a name, an error at a span).
//!
//! Owns that state and those readers. It knows no section of runs.yaml: `load` walks them,
//! and `field`, `runs`, `figure_defs`, `rules`, `raw`, `provenance` and `withdrawals` each
//! extend the `Loader` with the reading of their part.

use std::ops::Range;
use std::path::PathBuf;

use super::lines::{RawPlace, RunRead};
use crate::diagnostics::Diagnostic;
use crate::yaml::{Node, NodeKind};

pub(super) struct Loader<'a> {
    pub(super) path: PathBuf,
    pub(super) source: &'a str,
    pub(super) site_root: PathBuf,
    pub(super) bundle: PathBuf,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// Runs whose `iperf:` file could not be read or imported: that is their error, and the
    /// bench's rules, which would find them empty, add none.
    pub(super) unread: Vec<String>,
    /// Each imported value's path, raw file, line there, and the runs.yaml line naming it.
    pub(super) raw_places: Vec<RawPlace>,
    /// Each run (`runs.NAME`) whose values were read from several files together, each file
    /// with the lines read (`RawText::read_with`).
    pub(super) run_reads: Vec<RunRead>,
    /// Paths a raw file does not hold, with why (`raw::load_raw`).
    pub(super) absent: Vec<(String, String)>,
    /// The current run's import errors, reported unless the run failed.
    pub(super) pending_import_errors: Vec<Diagnostic>,
    /// The raw files the current run's keys read, relative to the bundle.
    pub(super) raw_files_read: Vec<PathBuf>,
    /// Data keys found to be no typo of a run's own key: every run of a bundle names the
    /// same ones, and the distances were a hundredth of a cold build.
    pub(super) not_run_key_typos: rustc_hash::FxHashSet<String>,
    /// Raw files not in plain UTF-8 with `\n` line ends, and what they were decoded from.
    pub(super) raw_encodings: Vec<(PathBuf, String)>,
    /// The largest raw file read (site.yaml's `max_raw_bytes`).
    pub(super) max_raw_bytes: u64,
}

impl<'a> Loader<'a> {
    /// A loader of `source`, the runs.yaml at `path` (as messages name it) in `bundle`.
    pub(super) fn new(path: PathBuf, source: &'a str, site_root: PathBuf, bundle: PathBuf) -> Loader<'a> {
        Loader {
            path,
            source,
            site_root,
            bundle,
            diagnostics: Vec::new(),
            unread: Vec::new(),
            raw_places: Vec::new(),
            run_reads: Vec::new(),
            absent: Vec::new(),
            pending_import_errors: Vec::new(),
            raw_files_read: Vec::new(),
            not_run_key_typos: rustc_hash::FxHashSet::default(),
            raw_encodings: Vec::new(),
            max_raw_bytes: super::DEFAULT_MAX_RAW_BYTES,
        }
    }
}

impl Loader<'_> {
    pub(super) fn error(&mut self, code: &'static str, span: Range<usize>, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::at(code, &self.path, self.source, span, message));
    }

    /// An error with a note saying what was probably meant.
    pub(super) fn error_noted(
        &mut self,
        code: &'static str,
        span: Range<usize>,
        message: impl Into<String>,
        note: impl Into<String>,
    ) {
        self.diagnostics.push(Diagnostic::at(code, &self.path, self.source, span, message).note(note));
    }

    /// "unknown key `sourec`; did you mean `source`? (runs.yaml has build, tools, …)": the
    /// error at a key that `what` does not have, with the key of `keys` it probably meant,
    /// which it returns.
    pub(super) fn unknown_key(
        &mut self,
        key: &Node,
        what: &str,
        keys: &[&'static str],
    ) -> Option<&'static str> {
        let text = key.key_text();
        let hint = crate::figures::did_you_mean(&text, keys.iter().copied());
        let meant = keys.iter().copied().find(|k| hint.contains(&format!("`{k}`")));
        let has = keys.join(", ");
        let message = match meant {
            Some(_) => format!("unknown key `{text}`{hint} ({what} has {has})"),
            None => format!("unknown key `{text}`; {what} has {has}"),
        };
        self.error("runs-unknown-key", key.span.clone(), message);
        meant
    }

    pub(super) fn type_error(&mut self, node: &Node, what: &str, expected: &str) {
        self.error("runs-type", node.span.clone(), format!("{what} must be {expected}, not {}", node.what()));
    }

    pub(super) fn map<'n>(&mut self, node: &'n Node, what: &str) -> &'n [(Node, Node)] {
        match &node.kind {
            NodeKind::Map(entries) => entries,
            NodeKind::Null => &[],
            _ => {
                self.type_error(node, what, "a map");
                &[]
            }
        }
    }

    pub(super) fn text(&mut self, node: &Node, what: &str) -> Option<String> {
        match node.scalar_text(self.source) {
            Some(text) => Some(text),
            None => {
                self.type_error(node, what, "a text");
                None
            }
        }
    }

    /// A text, or one per language (`{en: ..., ja: ...}`, as `why:` takes): the first one
    /// written, which stands for every language it does not name, and each by its language.
    pub(super) fn texts(&mut self, node: &Node, what: &str) -> Option<(String, Vec<(String, String)>)> {
        match &node.kind {
            crate::yaml::NodeKind::Map(entries) => {
                let mut by_language = Vec::new();
                for (lang, text) in entries {
                    if let Some(text) = self.text(text, what) {
                        by_language.push((lang.key_text(), text));
                    }
                }
                let first = by_language.first().map(|(_, text)| text.clone())?;
                Some((first, by_language))
            }
            _ => self.text(node, what).map(|text| (text, Vec::new())),
        }
    }

    pub(super) fn name(&mut self, key: &Node, what: &str, runs_style: bool) -> Option<String> {
        let name = key.key_text();
        let ok = !name.is_empty()
            && name.chars().all(|c| {
                c.is_ascii_digit()
                    || c == '_'
                    || if runs_style { c.is_ascii_lowercase() } else { c.is_ascii_alphabetic() }
            })
            && (runs_style || !name.starts_with(|c: char| c.is_ascii_digit()));
        if ok {
            Some(name)
        } else {
            let rule =
                if runs_style { "[a-z0-9_]" } else { "letters, digits and `_`, not starting with a digit" };
            self.error("runs-name", key.span.clone(), format!("`{name}` is not a {what} name: use {rule}"));
            None
        }
    }
}

pub(super) fn shift(span: Range<usize>, by: usize) -> Range<usize> {
    span.start + by..span.end + by
}
