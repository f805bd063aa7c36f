//! runs.yaml: its schema, loading (with every problem placed at file:line:col), the bench's
//! rules, and resolving a NAME to a [`Computed`] figure.
//!
//! Owns [`RunData`] and the types it exposes, and resolving a NAME against it
//! ([`RunData::resolve`]). Loading is in `load` (the file and its top-level sections),
//! `field` (values in runs and constants), `runs`, `figure_defs` and `rules` (the bench's
//! rules); `scope` reads paths for the expression evaluator. It does not parse
//! expressions or numbers (`expr`, `number`) nor raw tool output (`import`), and it does
//! not decide whether a page states a figure rightly (the caller does, with
//! [`crate::number::check`]).
//!
//! # Schema
//! ```yaml
//! build:      {KEY: text | [text, ...]}         # open: driver, release, scripts, ...
//! tools:      {NAME: text}                       # numbers are kept as written (8.20)
//! constants:  {NAME: number | "number unit"}     # link_rate: 1 Gbit/s
//! runs:
//!   NAME:                                        # [a-z0-9_]+
//!     kind: throughput | soak | counter          # optional; `iperf:` implies throughput
//!     failed: why                                # the run did not give its figures
//!     shot: shots/x.png                          # relative to runs.yaml's folder
//!     redact: [[x, y, width, height], ...]       # pixel rectangles of that shot
//!     iperf: raw/test1.txt                       # iperf3 JSON or iperf 2 text → received.*
//!     link_rate: 1 Gbit/s                        # or a constant named link_rate
//!     agrees: {counted: [paths], known: N, within: N | "N %"}
//!     FIELD: number | "number unit" | text | [..] | {..}  # any other key is data
//!     FIELD: {value: N, withdrawn: [{value, on: YYYY-MM-DD, why}]}
//! figures:
//!   NAME: {is: expression, unit: U, round: down | half_away_from_zero, withdrawn: [..]}
//! vendor:
//!   NAME: {value: "11.5 Gbit/s", source: text, conditions: text}
//! source: {by: text, taken: YYYY-MM-DD, url: https://...}   # someone else's data
//! files: {PATH: {by: text, taken: YYYY-MM-DD, url: https://...}}   # a raw file of another's
//! images:                                        # a picture that is not the site owner's
//!   PATH: {owner: text, licence: {name: text, url: https://...}}
//! ```
//! Imported fields: `received.bytes` (B), `received.seconds` (s),
//! `received.bits_per_second` (bit/s, the rate the tool printed, not rebuilt from bytes),
//! `received.intervals` (a list of maps with `start`, `end`, `bytes`, `bits_per_second`).
//! Those read from iperf 2's rounded text carry how iperf printed them ([`NumberField`]'s
//! `printed`), so that a page states them no more precisely. A run with `iperf:` may not
//! also write `received:`.
//!
//! Paths in `agrees.counted` starting with `runs.` are absolute; others are inside the run.
//! A soak names `passes`, `failed_passes` and `mismatches`. Values are kept in base units;
//! an expression's result is in the base unit of the figure's `unit:` kind (so a figure
//! with `unit: Mbit/s` computes bit/s and is shown in Mbit/s). A `*` over `runs` skips
//! failed runs and runs without the rest of the path.

mod compact;
mod counters;
mod failed;
mod field;
mod figure_defs;
mod lines;
mod linux_counters;
mod load;
mod loader;
mod name_index;
mod provenance;
mod raw;
mod raw_file;
mod rules;
mod runs;
mod scope;
mod series;
mod shots;
#[cfg(test)]
mod testing;
mod withdrawals;

use std::path::PathBuf;

use super::FigureError;
use super::expr::{self, Expr, Segment};
use crate::number::{Computed, Withdrawal};
use crate::number::{Rounding, Unit};
use scope::EvalScope;

pub(crate) use crate::settings::DEFAULT_MAX_RAW_BYTES;
pub(crate) use field::{Field, NumberField};
pub(crate) use lines::Origin;
pub use load::load_run_data;
pub(crate) use load::load_run_data_with;
pub(crate) use provenance::{DataSource, FileSource, ImageRights};

/// What a bench run was, where it matters to the rules of the bench.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RunKind {
    Throughput,
    Soak,
    Counter,
}

/// One run of the bench.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Run {
    pub name: String,
    pub kind: Option<RunKind>,
    pub failed: Option<String>,
    /// Relative to the bundle (runs.yaml's folder).
    pub shot: Option<PathBuf>,
    /// Why the run has no window to photograph (`shot: {none: why}`).
    pub no_shot: Option<String>,
    pub redact: Vec<[u32; 4]>,
    /// Relative to the bundle.
    pub iperf: Option<PathBuf>,
    /// Every raw file the run's fields were read from (`iperf`, `ping`, `soak`, ...),
    /// relative to the bundle.
    pub raw_files: Vec<PathBuf>,
    /// In bit/s.
    pub link_rate: Option<f64>,
    pub fields: Field,
}

/// A photographed window of a run.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shot {
    pub run: String,
    /// Relative to the bundle (runs.yaml's folder).
    pub path: PathBuf,
    pub redact: Vec<[u32; 4]>,
}

/// A vendor's figure: stated and labelled, never computed with.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VendorFigure {
    pub value: String,
    /// Where the vendor states it, in the first language written.
    pub source: String,
    pub conditions: String,
    /// Each by language, when written per language (`{en: ..., ja: ...}`).
    pub source_by_language: Vec<(String, String)>,
    pub conditions_by_language: Vec<(String, String)>,
}

impl VendorFigure {
    /// The source and conditions in `lang`, and whether they are written in it; else both
    /// in the first language written.
    pub fn texts_in(&self, lang: &str) -> (&str, &str, bool) {
        fn find<'a>(list: &'a [(String, String)], lang: &str) -> Option<&'a str> {
            list.iter().find(|(l, _)| l == lang).map(|(_, t)| t.as_str())
        }
        match (find(&self.source_by_language, lang), find(&self.conditions_by_language, lang)) {
            (Some(source), Some(conditions)) => (source, conditions, true),
            (Some(source), None) if self.conditions.is_empty() => (source, "", true),
            _ => (&self.source, &self.conditions, false),
        }
    }
}

/// A figure of `figures:`, as loaded.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(super) struct FigureDef {
    pub(super) name: String,
    pub(super) text: String,
    pub(super) expr: Option<Expr>,
    pub(super) unit: Option<Unit>,
    pub(super) round: Rounding,
    pub(super) withdrawn: Vec<Withdrawal>,
    /// Where the expression's text starts in runs.yaml.
    pub(super) text_offset: usize,
}

/// Everything one runs.yaml holds, checked. Shared read-only between threads.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct RunData {
    /// Measured runs that figures read with no photograph of their window.
    unphotographed: Vec<shots::Unphotographed>,
    code_under_test: Vec<(String, Vec<String>)>,
    tools: Vec<(String, String)>,
    constants: Vec<(String, NumberField)>,
    /// Constants whose value could not be read, and runs (`runs.NAME`) whose raw file could
    /// not be imported (an error at their place): a name or path that reads one is not also
    /// reported unknown or missing.
    defined_wrongly: Vec<String>,
    runs: Vec<Run>,
    /// Runs that repeat one configuration (`series:`).
    series: Vec<series::Series>,
    figures: Vec<FigureDef>,
    vendor: Vec<(String, VendorFigure)>,
    /// Every figure that computed when the file was loaded, so that a tag reads it without
    /// computing it again: by its position in `figures` (the first of a name), not under a
    /// copy of its name (a copied name and its table slot were a fifth of what these held).
    computed: Vec<Option<scope::Done>>,
    /// Where each figure is in `figures` (the first of a name), so that reading one among
    /// thousands does not search them all.
    figure_index: name_index::NameIndex,
    /// Where each constant is in `constants` (the first of a name), for the same reason.
    constant_index: name_index::NameIndex,
    /// Paths (`runs.a.received.intervals`) that a run's raw file does not hold, with why:
    /// a figure reading one is told so.
    absent: std::collections::BTreeMap<String, String>,
    /// Where each value is written: see [`lines`].
    lines: lines::Lines,
    /// Who took the data, when it is not the site's owner.
    source: Option<DataSource>,
    /// Raw files someone else took (`files:`).
    #[serde(default)]
    file_sources: Vec<FileSource>,
    /// Pictures with their own owner and licence.
    images: Vec<ImageRights>,
    /// The figure-like numbers of `build:` and the vendor figures' texts, which a page shows
    /// as they are.
    shown: Vec<crate::shown_numbers::ShownNumber>,
    /// Each raw file read that is not plain UTF-8 with `\n` line ends, relative to the
    /// bundle, and what it was decoded from (`UTF-16 LE with a byte-order mark, CRLF line
    /// ends`), for `tally check`'s listing.
    #[serde(default)]
    raw_encodings: Vec<(PathBuf, String)>,
}

impl RunData {
    /// Each raw file not in plain UTF-8 with `\n` line ends, and what it was decoded from.
    pub(crate) fn raw_encodings(&self) -> &[(PathBuf, String)] {
        &self.raw_encodings
    }

    /// The figure-like numbers of `build:` and the vendor figures' `source` and
    /// `conditions`, at their places in runs.yaml.
    pub(crate) fn shown_numbers(&self) -> &[crate::shown_numbers::ShownNumber] {
        &self.shown
    }

    fn constant(&self, name: &str) -> Option<&NumberField> {
        if self.constant_index.covers(self.constants.len()) {
            let at = self.constant_index.find(name, |i| &self.constants[i].0)?;
            return Some(&self.constants[at].1);
        }
        self.constants.iter().find(|(n, _)| n == name).map(|(_, c)| c)
    }

    /// The names of `figures:`, in order.
    pub(crate) fn figure_names(&self) -> Vec<String> {
        self.figures.iter().map(|f| f.name.clone()).collect()
    }

    fn figure_def(&self, name: &str) -> Option<&FigureDef> {
        if self.figure_index.covers(self.figures.len()) {
            return self.figure_index.find(name, |i| &self.figures[i].name).map(|i| &self.figures[i]);
        }
        self.figures.iter().find(|f| f.name == name)
    }

    /// The figure named `name` as computed when the file was loaded.
    fn computed(&self, name: &str) -> Option<&scope::Done> {
        let at = if self.figure_index.covers(self.figures.len()) {
            self.figure_index.find(name, |i| &self.figures[i].name)?
        } else {
            self.figures.iter().position(|f| f.name == name)?
        };
        self.computed.get(at)?.as_ref()
    }

    /// Indexes the figures and constants by name (after they are loaded).
    fn index_figures(&mut self) {
        self.figure_index = name_index::NameIndex::of(self.figures.iter().map(|f| f.name.as_str()));
        self.constant_index = name_index::NameIndex::of(self.constants.iter().map(|(n, _)| n.as_str()));
    }

    /// Why a run's raw file does not hold `path` (or a field above it), when it says.
    pub(super) fn absent_reason(&self, path: &str) -> Option<&str> {
        let mut prefix = path;
        loop {
            if let Some(why) = self.absent.get(prefix) {
                return Some(why);
            }
            prefix = &prefix[..prefix.rfind('.')?];
        }
    }

    fn run(&self, name: &str) -> Option<&Run> {
        self.runs.iter().find(|r| r.name == name)
    }

    /// Resolves a tag's NAME: a figure, a constant, or a path `runs.RUN.field.sub`.
    pub fn resolve(&self, name: &str) -> Result<Computed, FigureError> {
        let whole = 0..name.len();
        // A NAME is a plain dotted path: split it rather than run the expression parser,
        // as a page may hold thousands of tags.
        let path = parse_name(name).ok_or_else(|| FigureError::Syntax {
            message: format!("`{name}` is not a name: tag a figure, a constant or a path runs.RUN.field"),
            span: whole.clone(),
        })?;
        let path = &path;
        if path.has_star() {
            return Err(FigureError::WildcardOutsideFunction { span: whole });
        }
        let scope = EvalScope::new(self);
        if let [Segment::Name(single)] = path.segments.as_slice() {
            if let Some(figure) = self.figure_def(single) {
                let (evaluation, implied) = scope.figure(figure)?;
                return Ok(Computed {
                    name: name.to_string(),
                    value: evaluation.value,
                    unit: figure.unit.or(implied).unwrap_or(Unit::Count),
                    exact: evaluation.exact,
                    formula: figure.text.clone(),
                    inputs: evaluation.inputs,
                    dropped: evaluation.dropped,
                    round: figure.round,
                    withdrawn: figure.withdrawn.clone(),
                    printed: self.printed_by_path(figure, &scope),
                    over: evaluation.over,
                });
            }
            if let Some(constant) = self.constant(single) {
                return Ok(Computed {
                    name: name.to_string(),
                    value: constant.value,
                    unit: constant.unit,
                    exact: constant.exact.clone(),
                    formula: single.clone(),
                    inputs: vec![(single.clone(), constant.value)],
                    dropped: Vec::new(),
                    round: Rounding::HalfAwayFromZero,
                    withdrawn: Vec::new(),
                    printed: constant.printed.as_deref().cloned(),
                    over: None,
                });
            }
            if self.vendor(single).is_some() {
                return Err(FigureError::VendorInExpression { name: single.clone(), span: whole });
            }
        }
        let field = scope.number_field(path, whole)?;
        Ok(Computed {
            name: name.to_string(),
            value: field.value,
            unit: field.unit,
            exact: field.exact.clone(),
            formula: path.to_string(),
            inputs: vec![(path.to_string(), field.value)],
            dropped: Vec::new(),
            round: Rounding::HalfAwayFromZero,
            withdrawn: field.withdrawn.clone(),
            printed: field.printed.as_deref().cloned(),
            over: None,
        })
    }

    /// Whether `comparison` holds for this run data, with each side's value.
    pub(crate) fn compare(&self, comparison: &expr::Comparison) -> Result<expr::Outcome, FigureError> {
        expr::compare(comparison, &EvalScope::new(self))
    }

    /// How the tool printed the value of a figure whose expression is a path into a run and
    /// nothing else (`rate: {is: runs.x.received.bits_per_second}`): it is that value, known
    /// as precisely. A computation on it carries no such limit.
    fn printed_by_path(&self, figure: &FigureDef, scope: &EvalScope) -> Option<crate::number::Printed> {
        let expr::ExprKind::Path(path) = &figure.expr.as_ref()?.kind else {
            return None;
        };
        if path.has_star() || path.segments.first() != Some(&Segment::Name("runs".to_string())) {
            return None;
        }
        scope.number_field(path, 0..0).ok()?.printed.as_deref().cloned()
    }

    /// The vendor's figure named `name`, never computed with.
    pub fn vendor(&self, name: &str) -> Option<&VendorFigure> {
        self.vendor.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Whether runs.yaml names the build its numbers belong to.
    pub fn names_code_under_test(&self) -> bool {
        self.code_under_test.iter().any(|(_, values)| values.iter().any(|v| !v.trim().is_empty()))
    }

    /// `build:` as (key, values joined by ", "), in the written order.
    pub fn code_under_test(&self) -> Vec<(String, String)> {
        self.code_under_test.iter().map(|(k, v)| (k.clone(), v.join(", "))).collect()
    }

    /// `tools:` as (name, version), in the written order.
    pub fn tools(&self) -> &[(String, String)] {
        &self.tools
    }

    /// Whether any run has a `shot:`.
    pub fn has_shots(&self) -> bool {
        self.runs.iter().any(|r| r.shot.is_some())
    }

    /// Every run's `shot:`, with its redactions.
    pub fn shots(&self) -> Vec<Shot> {
        self.runs
            .iter()
            .filter_map(|r| {
                r.shot.as_ref().map(|path| Shot {
                    run: r.name.clone(),
                    path: path.clone(),
                    redact: r.redact.clone(),
                })
            })
            .collect()
    }

    /// The runs, in the written order.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// Every path to a number inside the runs that did not fail, relative to the run
    /// (`host_frames.received`, `received.bits_per_second`), through maps (not list items),
    /// each once, in the order first written: what a plot's `bars:` may name.
    pub(crate) fn run_field_paths(&self) -> Vec<String> {
        fn walk(
            field: &Field,
            path: &str,
            seen: &mut std::collections::HashSet<String>,
            out: &mut Vec<String>,
        ) {
            match field {
                Field::Number(_) => {
                    if seen.insert(path.to_string()) {
                        out.push(path.to_string());
                    }
                }
                Field::Map(entries) => {
                    for (key, child) in entries {
                        let below = if path.is_empty() { key.clone() } else { child_path(path, key) };
                        walk(child, &below, seen, out);
                    }
                }
                Field::Text(_) | Field::List(_) => {}
            }
        }
        let (mut seen, mut out) = (std::collections::HashSet::new(), Vec::new());
        for run in self.runs.iter().filter(|r| r.failed.is_none()) {
            walk(&run.fields, "", &mut seen, &mut out);
        }
        out
    }

    /// Where the value at `path` (a figure, a constant, a vendor's figure or a path into a
    /// run) is written: its runs.yaml line and, for an imported value, the raw file's line.
    pub(crate) fn origin(&self, path: &str) -> Origin {
        self.lines.origin(path)
    }

    /// Whether the value at `path` was read from a raw file (`origin(path).raw.is_some()`).
    pub(crate) fn is_raw(&self, path: &str) -> bool {
        self.lines.is_raw(path)
    }

    /// Who took the data, when runs.yaml says it is someone else's (`source:`).
    pub(crate) fn source(&self) -> Option<&DataSource> {
        self.source.as_ref()
    }

    /// The owner and licence of the picture at `path` (relative to the bundle), when
    /// runs.yaml gives it its own (`images:`).
    pub(crate) fn image_rights(&self, path: &std::path::Path) -> Option<&ImageRights> {
        self.images.iter().find(|i| crate::paths::normalise(&i.path) == crate::paths::normalise(path))
    }

    /// Failed runs with why, to be shown as failed (never as a zero).
    pub fn failed_runs(&self) -> Vec<(String, String)> {
        self.runs.iter().filter_map(|r| r.failed.as_ref().map(|why| (r.name.clone(), why.clone()))).collect()
    }
}

/// `runs.a.b` → its segments; None unless every segment is a name or `*`.
/// `path.key`, the path of a value below `path`. Written without `format!`: the walks of a
/// bundle's tree make one for every value, and the formatting machinery cost more than the
/// rest of the walk.
pub(super) fn child_path(path: &str, key: &str) -> String {
    let mut child = String::with_capacity(path.len() + 1 + key.len());
    child.push_str(path);
    child.push('.');
    child.push_str(key);
    child
}

fn parse_name(name: &str) -> Option<expr::Path> {
    let segments: Option<Vec<Segment>> = name
        .trim()
        .split('.')
        .map(|part| match part {
            "*" => Some(Segment::Star),
            _ if !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                Some(Segment::Name(part.to_string()))
            }
            _ => None,
        })
        .collect();
    segments.filter(|s| matches!(s.first(), Some(Segment::Name(_)))).map(|segments| expr::Path { segments })
}

// Resolving is done from rayon's threads.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<RunData>();
};

#[cfg(test)]
mod tests;
