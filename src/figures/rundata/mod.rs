//! runs.yaml: its schema, loading (with every problem placed at file:line:col), the bench's
//! rules, and resolving a NAME to a [`Computed`] figure.
//!
//! Owns [`RunData`] and the types it exposes, and resolving a NAME against it
//! ([`RunData::resolve`]). Loading is in `load` (the file and its top-level sections),
//! `field` (values in runs and constants), `runs`, `figure_defs` and `rules` (the bench's
//! rules); `scope` reads paths for the expression evaluator. It does not parse
//! expressions or numbers (`expr`, `number`) nor raw tool output (`import`), and it does
//! not decide whether a page states a figure rightly (the caller does, with
//! [`crate::figures::number::check`]).
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

mod field;
mod figure_defs;
mod lines;
mod load;
mod provenance;
mod raw;
mod rules;
mod runs;
mod scope;
#[cfg(test)]
mod testing;
mod withdrawals;

use std::path::PathBuf;

use super::expr::{self, Expr, Segment};
use super::number::{Rounding, Unit};
use super::{Computed, FigureError, Withdrawal};
use scope::EvalScope;

pub(crate) use field::{Field, NumberField};
pub(crate) use lines::Origin;
pub use load::load_run_data;
pub(crate) use provenance::{DataSource, ImageRights};

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
    pub source: String,
    pub conditions: String,
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
    code_under_test: Vec<(String, Vec<String>)>,
    tools: Vec<(String, String)>,
    constants: Vec<(String, NumberField)>,
    /// Constants whose value could not be read, and runs (`runs.NAME`) whose raw file could
    /// not be imported (an error at their place): a name or path that reads one is not also
    /// reported unknown or missing.
    defined_wrongly: Vec<String>,
    runs: Vec<Run>,
    figures: Vec<FigureDef>,
    vendor: Vec<(String, VendorFigure)>,
    /// Every figure that computed when the file was loaded, so that a tag reads it without
    /// computing it again.
    computed: std::collections::HashMap<String, scope::Done>,
    /// Where each figure is in `figures` (the first of a name), so that reading one among
    /// thousands does not search them all.
    figure_index: std::collections::HashMap<String, usize>,
    /// Paths (`runs.a.received.intervals`) that a run's raw file does not hold, with why:
    /// a figure reading one is told so.
    absent: std::collections::BTreeMap<String, String>,
    /// Where each value is written: see [`lines`].
    lines: lines::Lines,
    /// Who took the data, when it is not the site's owner.
    source: Option<DataSource>,
    /// Pictures with their own owner and licence.
    images: Vec<ImageRights>,
}

impl RunData {
    fn constant(&self, name: &str) -> Option<&NumberField> {
        self.constants.iter().find(|(n, _)| n == name).map(|(_, c)| c)
    }

    fn figure_def(&self, name: &str) -> Option<&FigureDef> {
        if self.figure_index.len() == self.figures.len() && !self.figures.is_empty() {
            return self.figure_index.get(name).map(|&i| &self.figures[i]);
        }
        self.figures.iter().find(|f| f.name == name)
    }

    /// Indexes the figures by name (after they are loaded).
    fn index_figures(&mut self) {
        self.figure_index.clear();
        for (i, figure) in self.figures.iter().enumerate() {
            self.figure_index.entry(figure.name.clone()).or_insert(i);
        }
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
                    round: figure.round,
                    withdrawn: figure.withdrawn.clone(),
                    printed: self.printed_by_path(figure, &scope),
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
                    round: Rounding::HalfAwayFromZero,
                    withdrawn: Vec::new(),
                    printed: constant.printed.clone(),
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
            round: Rounding::HalfAwayFromZero,
            withdrawn: field.withdrawn.clone(),
            printed: field.printed.clone(),
        })
    }

    /// How the tool printed the value of a figure whose expression is a path into a run and
    /// nothing else (`rate: {is: runs.x.received.bits_per_second}`): it is that value, known
    /// as precisely. A computation on it carries no such limit.
    fn printed_by_path(&self, figure: &FigureDef, scope: &EvalScope) -> Option<super::Printed> {
        let expr::ExprKind::Path(path) = &figure.expr.as_ref()?.kind else {
            return None;
        };
        if path.has_star() || path.segments.first() != Some(&Segment::Name("runs".to_string())) {
            return None;
        }
        scope.number_field(path, 0..0).ok()?.printed.clone()
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
                        let child_path = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                        walk(child, &child_path, seen, out);
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
mod tests {
    use super::*;
    use crate::figures::Withdrawal;
    use crate::figures::rundata::testing::{DESIGN, design_site, loaded, states};

    #[test]
    fn the_designs_example_loads_and_its_figures_check() {
        let site = design_site();
        let data = loaded(&site, DESIGN);
        assert!(states(&data, "74 %", "host_share_close"));
        assert!(states(&data, "73.6 %", "host_share_close"));
        assert!(!states(&data, "73 %", "host_share_close"));
        // 9,000 × 524,288 × 8 / 40 = 943,718,400 bit/s: 943 Mbit/s truncated.
        assert!(states(&data, "943 Mbit/s", "bodies_close_coproc"));
        assert!(!states(&data, "944 Mbit/s", "bodies_close_coproc"));
        // Withdrawn 9,481 never counts: 9,000 + 8,935 + 9,090 and 2 + 1 + 0.
        assert!(states(&data, "27,028", "responses_all"));
        assert!(states(&data, "54,056", "responses_twice"));
        assert!(states(&data, "962,826", "runs.close_coproc.host_frames.received"));
        assert!(states(&data, "814 Mbit/s", "runs.soekris_debian.received.bits_per_second"));
        assert!(states(&data, "2.84 GBytes", "runs.soekris_debian.received.bytes"));
        // 200 ticks, 198 idle.
        assert!(states(&data, "1.0 %", "busy_keep_coproc"));
        assert!(states(&data, "1 Gbit/s", "link_rate"));
    }

    #[test]
    fn a_figure_of_integer_literals_is_compared_at_every_digit() {
        let site = design_site();
        let data = loaded(&site, "figures:\n  big: {is: \"12345678901234567 + 1\"}\n");
        assert!(states(&data, "12,345,678,901,234,568", "big"));
        assert!(!states(&data, "12,345,678,901,234,567", "big"));
        assert!(!states(&data, "12,345,678,901,234,569", "big"));
    }

    /// iperf 2's text is rounded: a value imported from it is known only as precisely as
    /// iperf printed it, read directly or through a figure that is that value.
    #[test]
    fn an_iperf2_value_is_stated_no_more_precisely_than_iperf_printed_it() {
        let site = design_site();
        let source = DESIGN.replace(
            "vendor:\n",
            "  rate: {is: \"runs.soekris_debian.received.bits_per_second\", unit: Mbit/s}\n  \
             doubled: {is: \"runs.soekris_debian.received.bits_per_second * 2\", unit: Mbit/s}\nvendor:\n",
        );
        let data = loaded(&site, &source);
        let received = "runs.soekris_debian.received";
        // `[ 4] 0.0-30.0 sec 2.84 GBytes 814 Mbits/sec`
        for (stated, name, passes) in [
            ("814 Mbit/s", "bits_per_second", true),
            ("814.0 Mbit/s", "bits_per_second", false),
            ("2.84 GBytes", "bytes", true),
            ("2.8 GiB", "bytes", true),
            ("2.840 GiB", "bytes", false),
            ("3.05 GB", "bytes", false),
            ("30.0 s", "seconds", true),
            ("30 s", "seconds", true),
            ("30.00 s", "seconds", false),
        ] {
            assert_eq!(states(&data, stated, &format!("{received}.{name}")), passes, "{stated} for {name}");
        }
        assert!(states(&data, "814 Mbit/s", "rate"));
        assert!(!states(&data, "814.0 Mbit/s", "rate"));
        // Computed from it, a figure is the computation's (precision is not carried through).
        assert!(states(&data, "1628.0 Mbit/s", "doubled"));
    }

    #[test]
    fn computed_figures_carry_formula_inputs_unit_and_withdrawals() {
        let site = design_site();
        let data = loaded(&site, DESIGN);
        let share = data.resolve("host_share_close").unwrap();
        assert_eq!(share.unit, Unit::Percent);
        assert_eq!(
            share.formula,
            "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)"
        );
        assert_eq!(
            share.inputs,
            vec![
                ("runs.close_coproc.host_frames.received".to_string(), 962_826.0),
                ("runs.close_host.host_frames.received".to_string(), 1_308_305.0)
            ]
        );
        let twice = data.resolve("responses_twice").unwrap();
        assert_eq!(twice.inputs.len(), 6, "the leaves of responses_all: {:?}", twice.inputs);
        let complete = data.resolve("runs.keep_coproc.responses.complete").unwrap();
        assert_eq!(complete.value, 9090.0);
        assert_eq!(
            complete.withdrawn,
            vec![Withdrawal {
                value: "9481".into(),
                on: "2026-10-30".into(),
                why: "the trial run's count".into(),
                why_by_language: Vec::new(),
                value_span: complete.withdrawn[0].value_span.clone(),
            }]
        );
        assert_eq!(data.resolve("bodies_close_coproc").unwrap().round, Rounding::Down);
    }

    #[test]
    fn build_shots_vendor_and_runs_are_exposed() {
        let site = design_site();
        let data = loaded(&site, DESIGN);
        assert!(data.names_code_under_test());
        assert_eq!(
            data.code_under_test()[2],
            ("scripts".to_string(), "images/deploy/lab-136-http.sh, lab-136-http-series.ps1".to_string())
        );
        assert_eq!(
            data.shots(),
            vec![Shot {
                run: "close_coproc".into(),
                path: PathBuf::from("shots/close-coproc.png"),
                redact: vec![[10, 20, 300, 40]]
            }]
        );
        assert_eq!(data.vendor("xgs136_fw_http").map(|v| v.value.as_str()), Some("11.5 Gbit/s"));
        assert_eq!(data.runs().len(), 4);
        assert_eq!(data.runs()[3].kind, Some(RunKind::Throughput));
        assert!(data.failed_runs().is_empty());
        assert_eq!(data.tools()[1], ("lighttpd".to_string(), "1.4.85".to_string()));
    }

    #[test]
    fn names_that_do_not_resolve_are_errors() {
        let site = design_site();
        let data = loaded(&site, DESIGN);
        assert!(matches!(data.resolve("nope"), Err(FigureError::UnknownName { .. })));
        assert!(matches!(data.resolve("runs.nope.x"), Err(FigureError::UnknownName { .. })));
        assert!(
            matches!(data.resolve("runs.close_host.responses.lost"), Err(FigureError::MissingPath { path, .. }) if path == "runs.close_host.responses.lost")
        );
        assert!(matches!(
            data.resolve("runs.close_host.responses"),
            Err(FigureError::NotANumber { what: "a map", .. })
        ));
        assert!(matches!(
            data.resolve("runs.close_coproc.forwarding"),
            Err(FigureError::NotANumber { what: "a text", .. })
        ));
        assert!(matches!(data.resolve("xgs136_fw_http"), Err(FigureError::VendorInExpression { .. })));
        assert!(matches!(
            data.resolve("runs.*.responses.complete"),
            Err(FigureError::WildcardOutsideFunction { .. })
        ));
        assert!(matches!(data.resolve("a + b"), Err(FigureError::Syntax { .. })));
    }
}
