//! runs.yaml: its schema, loading (with every problem placed at file:line:col), the bench's
//! rules, and resolving a NAME to a [`Computed`] figure.
//!
//! Owns [`RunData`], [`load_run_data`] and the types they expose. It does not parse
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
//! ```
//! Imported fields: `received.bytes` (B), `received.seconds` (s),
//! `received.bits_per_second` (bit/s), `received.intervals` (a list of maps with `start`,
//! `end`, `bytes`, `bits_per_second`). A run with `iperf:` may not also write `received:`.
//!
//! Paths in `agrees.counted` starting with `runs.` are absolute; others are inside the run.
//! A soak names `passes`, `failed_passes` and `mismatches`. Values are kept in base units;
//! an expression's result is in the base unit of the figure's `unit:` kind (so a figure
//! with `unit: Mbit/s` computes bit/s and is shown in Mbit/s). A `*` over `runs` skips
//! failed runs and runs without the rest of the path.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

use super::expr::{self, Expr, Leaf, Scope, Segment};
use super::import;
use super::number::{self, Rounding, Unit};
use super::yaml::{self, Node, NodeKind};
use super::{Computed, FigureError, Withdrawal};
use crate::diagnostics::Diagnostic;

/// What a bench run was, where it matters to the rules of the bench.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunKind {
    Throughput,
    Soak,
    Counter,
}

/// A value in a run (or a constant).
#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    Number(NumberField),
    Text(String),
    List(Vec<Field>),
    Map(Vec<(String, Field)>),
}

/// A number with its unit (values in base units) and any withdrawn values.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberField {
    pub value: f64,
    pub unit: Unit,
    pub withdrawn: Vec<Withdrawal>,
}

impl Field {
    fn number(value: f64, unit: Unit) -> Field {
        Field::Number(NumberField { value, unit, withdrawn: Vec::new() })
    }

    fn what(&self) -> &'static str {
        match self {
            Field::Number(_) => "a number",
            Field::Text(_) => "a text",
            Field::List(_) => "a list",
            Field::Map(_) => "a map",
        }
    }

    fn child(&self, key: &str) -> Option<&Field> {
        match self {
            Field::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, f)| f),
            Field::List(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        }
    }

    /// Children with their keys (list indexes as text).
    fn children(&self) -> Vec<(String, &Field)> {
        match self {
            Field::Map(entries) => entries.iter().map(|(k, f)| (k.clone(), f)).collect(),
            Field::List(items) => items.iter().enumerate().map(|(i, f)| (i.to_string(), f)).collect(),
            _ => Vec::new(),
        }
    }
}

/// One run of the bench.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub name: String,
    pub kind: Option<RunKind>,
    pub failed: Option<String>,
    /// Relative to the bundle (runs.yaml's folder).
    pub shot: Option<PathBuf>,
    pub redact: Vec<[u32; 4]>,
    /// Relative to the bundle.
    pub iperf: Option<PathBuf>,
    /// In bit/s.
    pub link_rate: Option<f64>,
    pub fields: Field,
}

/// A photographed window of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shot {
    pub run: String,
    /// Relative to the bundle (runs.yaml's folder).
    pub path: PathBuf,
    pub redact: Vec<[u32; 4]>,
}

/// A vendor's figure: stated and labelled, never computed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VendorFigure {
    pub value: String,
    pub source: String,
    pub conditions: String,
}

#[derive(Debug, Clone)]
struct FigureDef {
    name: String,
    text: String,
    expr: Option<Expr>,
    unit: Option<Unit>,
    round: Rounding,
    withdrawn: Vec<Withdrawal>,
    /// Where the expression's text starts in runs.yaml.
    text_offset: usize,
}

/// Everything one runs.yaml holds, checked. Shared read-only between threads.
#[derive(Debug, Clone, Default)]
pub struct RunData {
    build: Vec<(String, Vec<String>)>,
    tools: Vec<(String, String)>,
    constants: Vec<(String, NumberField)>,
    runs: Vec<Run>,
    figures: Vec<FigureDef>,
    vendor: Vec<(String, VendorFigure)>,
}

const TOP_KEYS: &[&str] = &["build", "tools", "constants", "runs", "figures", "vendor"];

/// Loads and checks a runs.yaml. Returns the data when the file could be read as runs.yaml
/// at all (even with problems in it), and every problem found.
pub fn load_run_data(site_root: &Path, runs_yaml: &Path, source: &str) -> (Option<RunData>, Vec<Diagnostic>) {
    let display = runs_yaml.strip_prefix(site_root).unwrap_or(runs_yaml).to_path_buf();
    let bundle = runs_yaml.parent().unwrap_or(site_root).to_path_buf();
    let mut loader =
        Loader { path: display, source, site_root: site_root.to_path_buf(), bundle, diagnostics: Vec::new() };
    let root = match yaml::parse(source) {
        Ok(root) => root,
        Err(error) => {
            let at = error.offset.min(source.len());
            loader.error("runs-yaml", at..at, format!("not valid YAML: {}", error.message));
            return (None, loader.diagnostics);
        }
    };
    let data = loader.load(&root);
    (data, loader.diagnostics)
}

struct Loader<'a> {
    path: PathBuf,
    source: &'a str,
    site_root: PathBuf,
    bundle: PathBuf,
    diagnostics: Vec<Diagnostic>,
}

impl Loader<'_> {
    fn error(&mut self, code: &'static str, span: Range<usize>, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::at(code, &self.path, self.source, span, message));
    }

    fn type_error(&mut self, node: &Node, what: &str, expected: &str) {
        self.error("runs-type", node.span.clone(), format!("{what} must be {expected}, not {}", node.what()));
    }

    fn map<'n>(&mut self, node: &'n Node, what: &str) -> &'n [(Node, Node)] {
        match &node.kind {
            NodeKind::Map(entries) => entries,
            NodeKind::Null => &[],
            _ => {
                self.type_error(node, what, "a map");
                &[]
            }
        }
    }

    fn text(&mut self, node: &Node, what: &str) -> Option<String> {
        match node.scalar_text(self.source) {
            Some(text) => Some(text),
            None => {
                self.type_error(node, what, "a text");
                None
            }
        }
    }

    fn name(&mut self, key: &Node, what: &str, runs_style: bool) -> Option<String> {
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

    fn load(&mut self, root: &Node) -> Option<RunData> {
        let mut data = RunData::default();
        let entries = match &root.kind {
            NodeKind::Map(entries) => entries.as_slice(),
            NodeKind::Null => &[],
            _ => {
                self.type_error(root, "runs.yaml", "a map of build, tools, constants, runs, figures, vendor");
                return None;
            }
        };
        let mut figures_node = None;
        for (key, value) in entries {
            match key.key_text().as_str() {
                "build" => data.build = self.load_build(value),
                "tools" => data.tools = self.load_tools(value),
                "constants" => data.constants = self.load_constants(value),
                "runs" => data.runs = self.load_runs(value),
                "figures" => figures_node = Some(value),
                "vendor" => data.vendor = self.load_vendor(value),
                other => self.error(
                    "runs-unknown-key",
                    key.span.clone(),
                    format!("unknown key `{other}`; runs.yaml has {}", TOP_KEYS.join(", ")),
                ),
            }
        }
        if let Some(node) = figures_node {
            data.figures = self.load_figures(node);
        }
        self.check_names(&data, entries);
        for i in 0..data.runs.len() {
            self.check_bench(&data, i, entries);
        }
        self.check_figures(&data);
        Some(data)
    }

    fn load_build(&mut self, node: &Node) -> Vec<(String, Vec<String>)> {
        let mut build = Vec::new();
        for (key, value) in self.map(node, "`build`") {
            let values = match &value.kind {
                NodeKind::Seq(items) => items.iter().filter_map(|i| self.text(i, "a build entry")).collect(),
                _ => self.text(value, "a build entry").into_iter().collect(),
            };
            build.push((key.key_text(), values));
        }
        build
    }

    fn load_tools(&mut self, node: &Node) -> Vec<(String, String)> {
        let mut tools = Vec::new();
        for (key, value) in self.map(node, "`tools`") {
            if let Some(text) = self.text(value, "a tool's version") {
                tools.push((key.key_text(), text));
            }
        }
        tools
    }

    /// A number, or a text of one number and a unit ("1 Gbit/s"), in base units.
    fn quantity(&mut self, node: &Node, what: &str) -> Option<(f64, Unit)> {
        match &node.kind {
            NodeKind::Number(n) => Some((*n, Unit::Count)),
            NodeKind::Str(text) => match quantity_text(text) {
                Some(q) => Some(q),
                None => {
                    self.error(
                        "runs-type",
                        node.span.clone(),
                        format!("{what} must be a number, or a number and a unit such as `1 Gbit/s`; `{text}` is not"),
                    );
                    None
                }
            },
            _ => {
                self.type_error(node, what, "a number");
                None
            }
        }
    }

    fn load_constants(&mut self, node: &Node) -> Vec<(String, NumberField)> {
        let mut constants = Vec::new();
        for (key, value) in self.map(node, "`constants`") {
            let Some(name) = self.name(key, "constant", false) else {
                continue;
            };
            if let Some((value, unit)) = self.quantity(value, "a constant") {
                constants.push((name, NumberField { value, unit, withdrawn: Vec::new() }));
            }
        }
        constants
    }

    fn load_withdrawals(&mut self, node: &Node) -> Vec<Withdrawal> {
        let NodeKind::Seq(items) = &node.kind else {
            self.type_error(node, "`withdrawn`", "a list of {value, on, why}");
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items {
            let (mut value, mut on, mut why) = (None, None, None);
            for (key, v) in self.map(item, "a withdrawn value") {
                match key.key_text().as_str() {
                    "value" => value = self.text(v, "`value`"),
                    "on" => {
                        on = self.text(v, "`on`");
                        if on.as_deref().is_some_and(|d| !is_date(d)) {
                            self.error("runs-type", v.span.clone(), "`on` must be a date, YYYY-MM-DD");
                        }
                    }
                    "why" => why = self.text(v, "`why`"),
                    other => self.error(
                        "runs-unknown-key",
                        key.span.clone(),
                        format!("unknown key `{other}`; a withdrawn value has value, on, why"),
                    ),
                }
            }
            match (value, on, why) {
                (Some(value), Some(on), Some(why)) if !why.trim().is_empty() => {
                    out.push(Withdrawal { value, on, why })
                }
                _ => self.error(
                    "runs-withdrawn",
                    item.span.clone(),
                    "a withdrawn value needs `value`, `on` (a date) and `why`",
                ),
            }
        }
        out
    }

    fn field(&mut self, node: &Node) -> Option<Field> {
        match &node.kind {
            NodeKind::Number(n) => Some(Field::number(*n, Unit::Count)),
            NodeKind::Str(text) => Some(match quantity_text(text) {
                Some((value, unit)) => Field::number(value, unit),
                None => Field::Text(text.clone()),
            }),
            NodeKind::Seq(items) => Some(Field::List(items.iter().filter_map(|i| self.field(i)).collect())),
            NodeKind::Map(entries) => {
                if entries.iter().any(|(k, _)| k.key_text() == "withdrawn") {
                    return self.withdrawable(node, entries);
                }
                let mut fields = Vec::new();
                for (key, value) in entries {
                    if let Some(field) = self.field(value) {
                        fields.push((key.key_text(), field));
                    }
                }
                Some(Field::Map(fields))
            }
            NodeKind::Null | NodeKind::Bool(_) => {
                self.type_error(node, "a run's field", "a number, a text, a list or a map");
                None
            }
        }
    }

    /// `{value: 9090, withdrawn: [...]}`.
    fn withdrawable(&mut self, node: &Node, entries: &[(Node, Node)]) -> Option<Field> {
        let mut number = None;
        let mut withdrawn = Vec::new();
        for (key, value) in entries {
            match key.key_text().as_str() {
                "value" => number = self.quantity(value, "`value`"),
                "withdrawn" => withdrawn = self.load_withdrawals(value),
                other => self.error(
                    "runs-unknown-key",
                    key.span.clone(),
                    format!("unknown key `{other}`; a field with withdrawn values has value and withdrawn"),
                ),
            }
        }
        match number {
            Some((value, unit)) => Some(Field::Number(NumberField { value, unit, withdrawn })),
            None => {
                self.error(
                    "runs-withdrawn",
                    node.span.clone(),
                    "a field with `withdrawn` needs its live `value`",
                );
                None
            }
        }
    }

    fn load_runs(&mut self, node: &Node) -> Vec<Run> {
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
                redact: Vec::new(),
                iperf: None,
                link_rate: None,
                fields: Field::Map(Vec::new()),
            };
            let mut fields = Vec::new();
            let mut iperf_node = None;
            let mut received_written = None;
            for (field_key, field_value) in self.map(value, "a run") {
                match field_key.key_text().as_str() {
                    "kind" => {
                        run.kind = match self.text(field_value, "`kind`").as_deref() {
                            Some("throughput") => Some(RunKind::Throughput),
                            Some("soak") => Some(RunKind::Soak),
                            Some("counter") => Some(RunKind::Counter),
                            Some(other) => {
                                self.error(
                                    "runs-type",
                                    field_value.span.clone(),
                                    format!("`kind` is throughput, soak or counter, not `{other}`"),
                                );
                                None
                            }
                            None => None,
                        }
                    }
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
                    "shot" => run.shot = self.file(field_value, "`shot`").map(|(rel, _)| rel),
                    "redact" => run.redact = self.redactions(field_value),
                    "iperf" => {
                        iperf_node = Some(field_value);
                    }
                    "link_rate" => {
                        if let Some((value, unit)) = self.quantity(field_value, "`link_rate`") {
                            self.expect_kind(field_value, unit, Unit::BitPerSecond, "`link_rate`");
                            run.link_rate = Some(value);
                        }
                    }
                    "agrees" => {
                        // Checked after loading, when every run is known.
                        if let Some(field) = self.field(field_value) {
                            fields.push(("agrees".to_string(), field));
                        }
                    }
                    key_text => {
                        if key_text == "received" {
                            received_written = Some(field_key.span.clone());
                        }
                        if let Some(field) = self.field(field_value) {
                            fields.push((key_text.to_string(), field));
                        }
                    }
                }
            }
            if let Some(node) = iperf_node {
                if let Some(span) = received_written {
                    self.error(
                        "runs-conflict",
                        span,
                        "`received` is imported from `iperf:`; do not write it too",
                    );
                }
                if let Some((rel, text, absolute)) = self.read_raw(node) {
                    run.iperf = Some(rel);
                    run.kind.get_or_insert(RunKind::Throughput);
                    match import::import_iperf(&text) {
                        Ok(received) => fields.push(("received".to_string(), received_field(&received))),
                        Err(error) => {
                            let raw_display =
                                absolute.strip_prefix(&self.site_root).unwrap_or(&absolute).to_path_buf();
                            let diagnostic = match &error {
                                import::ImportError::BadLine { line, .. } => Diagnostic::at(
                                    "runs-import",
                                    raw_display,
                                    &text,
                                    line.clone(),
                                    error.to_string(),
                                ),
                                _ => Diagnostic::at(
                                    "runs-import",
                                    &self.path,
                                    self.source,
                                    node.span.clone(),
                                    format!("{}: {error}", display_rel(&absolute, &self.site_root)),
                                ),
                            };
                            if run.failed.is_none() {
                                self.diagnostics.push(diagnostic);
                            }
                        }
                    }
                }
            }
            run.fields = Field::Map(fields);
            runs.push(run);
        }
        runs
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
    fn file(&mut self, node: &Node, what: &str) -> Option<(PathBuf, PathBuf)> {
        let text = self.text(node, what)?;
        match contained_path(&self.site_root, &self.bundle, &text) {
            Ok(paths) => Some(paths),
            Err(message) => {
                self.error("runs-path", node.span.clone(), format!("{what} `{text}`: {message}"));
                None
            }
        }
    }

    fn read_raw(&mut self, node: &Node) -> Option<(PathBuf, String, PathBuf)> {
        let (rel, absolute) = self.file(node, "`iperf`")?;
        match std::fs::read(&absolute) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Some((rel, text, absolute)),
                Err(_) => {
                    self.error(
                        "runs-path",
                        node.span.clone(),
                        format!("`{}` is not UTF-8 text", rel.display()),
                    );
                    None
                }
            },
            Err(error) => {
                self.error(
                    "runs-path",
                    node.span.clone(),
                    format!("cannot read `{}`: {error}", rel.display()),
                );
                None
            }
        }
    }

    fn load_figures(&mut self, node: &Node) -> Vec<FigureDef> {
        let mut figures = Vec::new();
        for (key, value) in self.map(node, "`figures`") {
            let Some(name) = self.name(key, "figure", false) else {
                continue;
            };
            let mut figure = FigureDef {
                name,
                text: String::new(),
                expr: None,
                unit: None,
                round: Rounding::HalfAwayFromZero,
                withdrawn: Vec::new(),
                text_offset: value.span.start,
            };
            let mut has_is = false;
            for (field_key, field_value) in self.map(value, "a figure") {
                match field_key.key_text().as_str() {
                    "is" => {
                        has_is = true;
                        let Some(text) = self.text(field_value, "`is`") else {
                            continue;
                        };
                        figure.text_offset = field_value.content_start(self.source);
                        match expr::parse(&text) {
                            Ok(parsed) => figure.expr = Some(parsed),
                            Err(error) => {
                                let span = shift(error.span(), figure.text_offset);
                                self.error(
                                    error.code(),
                                    span,
                                    format!("in figure `{}`: {error}", figure.name),
                                );
                            }
                        }
                        figure.text = text;
                    }
                    "unit" => {
                        if let Some(text) = self.text(field_value, "`unit`") {
                            match number::parse_unit(&text) {
                                Some(unit) => figure.unit = Some(unit),
                                None => self.error("runs-type", field_value.span.clone(), format!("unknown unit `{text}`; use %, bit/s, Mbit/s, Gbit/s, pps, Mpps, B, KiB, MiB, GiB, s, ms, µs ...")),
                            }
                        }
                    }
                    "round" => match self.text(field_value, "`round`").as_deref() {
                        Some("down") => figure.round = Rounding::Down,
                        Some("half_away_from_zero") => figure.round = Rounding::HalfAwayFromZero,
                        Some(other) => self.error(
                            "runs-type",
                            field_value.span.clone(),
                            format!("`round` is `down` or `half_away_from_zero`, not `{other}`"),
                        ),
                        None => {}
                    },
                    "withdrawn" => figure.withdrawn = self.load_withdrawals(field_value),
                    other => self.error(
                        "runs-unknown-key",
                        field_key.span.clone(),
                        format!("unknown key `{other}`; a figure has is, unit, round, withdrawn"),
                    ),
                }
            }
            if !has_is {
                self.error(
                    "runs-figure",
                    key.span.clone(),
                    format!("figure `{}` has no `is:` expression", figure.name),
                );
            }
            figures.push(figure);
        }
        figures
    }

    fn load_vendor(&mut self, node: &Node) -> Vec<(String, VendorFigure)> {
        let mut out = Vec::new();
        for (key, value) in self.map(node, "`vendor`") {
            let Some(name) = self.name(key, "vendor figure", false) else {
                continue;
            };
            let (mut figure_value, mut source, mut conditions) = (None, None, String::new());
            for (field_key, field_value) in self.map(value, "a vendor's figure") {
                match field_key.key_text().as_str() {
                    "value" => figure_value = self.text(field_value, "`value`"),
                    "source" => source = self.text(field_value, "`source`"),
                    "conditions" => conditions = self.text(field_value, "`conditions`").unwrap_or_default(),
                    other => self.error(
                        "runs-unknown-key",
                        field_key.span.clone(),
                        format!("unknown key `{other}`; a vendor's figure has value, source, conditions"),
                    ),
                }
            }
            match (figure_value, source) {
                (Some(value), Some(source)) => out.push((name, VendorFigure { value, source, conditions })),
                _ => self.error(
                    "runs-vendor",
                    key.span.clone(),
                    format!("vendor figure `{name}` needs `value` and `source`"),
                ),
            }
        }
        out
    }

    /// Figures, constants and vendor figures share one namespace (a bare name in an
    /// expression may be any of them).
    fn check_names(&mut self, data: &RunData, entries: &[(Node, Node)]) {
        let mut seen = BTreeSet::new();
        let names = data
            .constants
            .iter()
            .map(|(n, _)| n)
            .chain(data.figures.iter().map(|f| &f.name))
            .chain(data.vendor.iter().map(|(n, _)| n));
        for name in names {
            if name == "runs" || !seen.insert(name.clone()) {
                let span = find_key(entries, name).unwrap_or(0..0);
                self.error(
                    "runs-name",
                    span,
                    format!(
                        "`{name}` is named twice among constants, figures and vendor figures (or is `runs`)"
                    ),
                );
            }
        }
    }

    fn run_span(&self, entries: &[(Node, Node)], run: &str, key: Option<&str>) -> Range<usize> {
        let runs = entries.iter().find(|(k, _)| k.key_text() == "runs").map(|(_, v)| v);
        let Some(Node { kind: NodeKind::Map(runs), .. }) = runs else {
            return 0..0;
        };
        let Some((run_key, run_value)) = runs.iter().find(|(k, _)| k.key_text() == run) else {
            return 0..0;
        };
        if let (Some(key), NodeKind::Map(fields)) = (key, &run_value.kind)
            && let Some((field_key, _)) = fields.iter().find(|(k, _)| k.key_text() == key)
        {
            return field_key.span.clone();
        }
        run_key.span.clone()
    }

    fn check_bench(&mut self, data: &RunData, index: usize, entries: &[(Node, Node)]) {
        let run = &data.runs[index];
        if run.failed.is_some() {
            return;
        }
        let name = &run.name;
        let number_at = |path: &[&str]| -> Option<f64> {
            let mut field = &run.fields;
            for key in path {
                field = field.child(key)?;
            }
            match field {
                Field::Number(n) => Some(n.value),
                _ => None,
            }
        };
        if run.kind == Some(RunKind::Throughput)
            && !number_at(&["received", "bytes"]).is_some_and(|b| b > 0.0)
        {
            let span = self.run_span(entries, name, Some("iperf"));
            self.error(
                "bench-no-bytes",
                span,
                format!("throughput run `{name}` received no bytes: it is not known to have run; mark it `failed: why`"),
            );
        }
        let link_rate = run.link_rate.or_else(|| data.constant("link_rate").map(|c| c.value));
        if let Some(rate) = link_rate {
            self.check_link_rate(data, index, rate, entries);
        }
        if run.kind == Some(RunKind::Soak) {
            let passes = number_at(&["passes"]);
            let failed = number_at(&["failed_passes"]);
            let mismatches = number_at(&["mismatches"]);
            let span = self.run_span(entries, name, None);
            match (passes, failed, mismatches) {
                (Some(passes), Some(failed), Some(mismatches)) => {
                    if failed != 0.0 || mismatches != 0.0 {
                        self.error("bench-soak", span, format!("soak `{name}` did not pass: {failed} failed passes, {mismatches} hash mismatches; a soak passes only with both at zero (or mark it `failed: why`)"));
                    } else if passes < 1.0 {
                        self.error(
                            "bench-soak",
                            span,
                            format!("soak `{name}` has no successful pass; mark it `failed: why`"),
                        );
                    }
                }
                _ => self.error(
                    "bench-soak",
                    span,
                    format!("soak `{name}` must give `passes`, `failed_passes` and `mismatches`"),
                ),
            }
        }
        let agrees = run.fields.child("agrees");
        if run.kind == Some(RunKind::Counter) && agrees.is_none() {
            let span = self.run_span(entries, name, Some("kind"));
            self.error("bench-counter", span, format!("counter run `{name}` has no `agrees:`: a counter is trusted only after it agreed with an amount known beforehand"));
        }
        if let Some(agrees) = agrees {
            self.check_agrees(data, run, agrees, entries);
        }
    }

    fn check_link_rate(&mut self, data: &RunData, index: usize, rate: f64, entries: &[(Node, Node)]) {
        let run = &data.runs[index];
        let Some(received) = run.fields.child("received") else {
            return;
        };
        let mut over = Vec::new();
        if let Some(Field::Number(total)) = received.child("bits_per_second")
            && total.value > rate
        {
            over.push(("the whole run".to_string(), total.value));
        }
        if let Some(Field::List(intervals)) = received.child("intervals") {
            for interval in intervals {
                if let (Some(Field::Number(bps)), Some(Field::Number(start)), Some(Field::Number(end))) =
                    (interval.child("bits_per_second"), interval.child("start"), interval.child("end"))
                    && bps.value > rate
                {
                    over.push((format!("{}-{} s", start.value, end.value), bps.value));
                }
            }
        }
        if over.is_empty() {
            return;
        }
        let span =
            self.run_span(entries, &run.name, Some(if run.iperf.is_some() { "iperf" } else { "received" }));
        let mut diagnostic = Diagnostic::at(
            "bench-link-rate",
            &self.path,
            self.source,
            span,
            format!(
                "run `{}` received more than its link carries ({}): {} interval(s) above it",
                run.name,
                number::plain_text(rate, Unit::MegabitPerSecond),
                over.len()
            ),
        );
        for (when, bps) in over.iter().take(5) {
            diagnostic =
                diagnostic.note(format!("{when}: {}", number::plain_text(*bps, Unit::MegabitPerSecond)));
        }
        self.diagnostics.push(diagnostic);
    }

    fn check_agrees(&mut self, data: &RunData, run: &Run, agrees: &Field, entries: &[(Node, Node)]) {
        let span = self.run_span(entries, &run.name, Some("agrees"));
        let bad = |me: &mut Self, message: String| me.error("bench-agrees", span.clone(), message);
        let known = match agrees.child("known") {
            Some(Field::Number(n)) => n.value,
            _ => {
                return bad(self, "`agrees` needs `known:`, the amount known beforehand".to_string());
            }
        };
        let within = match agrees.child("within") {
            Some(Field::Number(n)) if n.unit == Unit::Percent => known.abs() * n.value / 100.0,
            Some(Field::Number(n)) => n.value,
            _ => {
                return bad(self, "`agrees` needs `within:`, a tolerance (a number or `N %`)".to_string());
            }
        };
        let counted: Vec<String> = match agrees.child("counted") {
            Some(Field::List(items)) => items
                .iter()
                .filter_map(|i| match i {
                    Field::Text(t) => Some(t.clone()),
                    _ => None,
                })
                .collect(),
            Some(Field::Text(t)) => vec![t.clone()],
            _ => Vec::new(),
        };
        if counted.is_empty() {
            return bad(self, "`agrees` needs `counted:`, the paths of the counters".to_string());
        }
        if let Some(Field::Map(keys)) = Some(agrees)
            && let Some((other, _)) =
                keys.iter().find(|(k, _)| !["counted", "known", "within"].contains(&k.as_str()))
        {
            bad(self, format!("unknown key `{other}` in `agrees`; it has counted, known, within"));
        }
        let scope = EvalScope::new(data);
        let mut total = 0.0;
        let mut read = Vec::new();
        for path_text in &counted {
            let absolute = if path_text.starts_with("runs.") {
                path_text.clone()
            } else {
                format!("runs.{}.{path_text}", run.name)
            };
            let parsed = match expr::parse(&absolute) {
                Ok(Expr { kind: expr::ExprKind::Path(path), .. }) => path,
                _ => {
                    return bad(self, format!("`{path_text}` in `agrees.counted` is not a path"));
                }
            };
            match scope.read(&parsed, true, 0..0) {
                Ok(leaves) => {
                    for leaf in leaves {
                        total += leaf.value;
                        read.push(format!("{} = {}", leaf.path, leaf.value));
                    }
                }
                Err(error) => return bad(self, format!("`agrees.counted`: {error}")),
            }
        }
        if (total - known).abs() > within {
            let diagnostic = Diagnostic::at(
                "bench-agrees",
                &self.path,
                self.source,
                span,
                format!(
                    "run `{}`: the counters give {total}, the amount known beforehand is {known}; they differ by {} (more than {within})",
                    run.name,
                    (total - known).abs()
                ),
            )
            .note(format!("counted: {}", read.join(", ")));
            self.diagnostics.push(diagnostic);
        }
    }

    /// Evaluates every figure now, so that unknown names, missing paths, cycles and
    /// divisions by zero are reported at their place in runs.yaml.
    fn check_figures(&mut self, data: &RunData) {
        for figure in &data.figures {
            if figure.expr.is_none() {
                continue;
            }
            let scope = EvalScope::new(data);
            match scope.figure(figure) {
                Ok((_, implied)) => {
                    if let (Some(declared), Some(implied)) = (figure.unit, implied)
                        && declared.kind() != implied.kind()
                    {
                        let span = shift(0..figure.text.len(), figure.text_offset);
                        self.error(
                            "figure-unit",
                            span,
                            format!(
                                "figure `{}` is declared {} but its expression gives {}",
                                figure.name,
                                declared.kind().name(),
                                implied.kind().name()
                            ),
                        );
                    }
                }
                // A failed run makes a figure unusable, but only stating it is an error.
                Err(FigureError::FailedRun { .. }) => {}
                Err(FigureError::InFigure { inner, .. })
                    if matches!(*inner, FigureError::FailedRun { .. }) => {}
                Err(error) => {
                    let span = shift(error.span(), figure.text_offset);
                    self.error(error.code(), span, format!("in figure `{}`: {error}", figure.name));
                }
            }
        }
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

fn shift(span: Range<usize>, by: usize) -> Range<usize> {
    span.start + by..span.end + by
}

fn find_key(entries: &[(Node, Node)], name: &str) -> Option<Range<usize>> {
    for (_, section) in entries {
        if let NodeKind::Map(items) = &section.kind
            && let Some((key, _)) = items.iter().find(|(k, _)| k.key_text() == name)
        {
            return Some(key.span.clone());
        }
    }
    None
}

fn is_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(
            |(i, b)| {
                if i == 4 || i == 7 { *b == b'-' } else { b.is_ascii_digit() }
            },
        )
        && (1..=12).contains(&text[5..7].parse::<u32>().unwrap_or(0))
        && (1..=31).contains(&text[8..10].parse::<u32>().unwrap_or(0))
}

/// "1 Gbit/s" → (1e9, Gbit/s): a text of exactly one number and a unit.
fn quantity_text(text: &str) -> Option<(f64, Unit)> {
    let stated = number::parse_stated(text).ok()?;
    let trimmed = text.trim();
    let leading = text.len() - text.trim_start().len();
    let whole = stated.whole_range.start == leading && stated.whole_range.end == leading + trimmed.len();
    (whole && stated.unit != Unit::Count && stated.style.scale_exponent == 0)
        .then(|| (stated.value * stated.unit.factor(), stated.unit))
}

fn display_rel(path: &Path, root: &Path) -> String {
    crate::diagnostics::display_path(path.strip_prefix(root).unwrap_or(path))
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
    let mut lexical = normalise(&bundle.join(relative));
    let root = normalise(site_root);
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
    let from_bundle = normalise(relative);
    Ok((from_bundle, lexical))
}

/// Removes `.` and resolves `..` without touching the file system.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The fields an importer gives a run, under `received`.
fn received_field(received: &import::Received) -> Field {
    let intervals = received
        .intervals
        .iter()
        .map(|i| {
            Field::Map(vec![
                ("start".to_string(), Field::number(i.start, Unit::Second)),
                ("end".to_string(), Field::number(i.end, Unit::Second)),
                ("bytes".to_string(), Field::number(i.bytes, Unit::Byte)),
                ("bits_per_second".to_string(), Field::number(i.bits_per_second, Unit::BitPerSecond)),
            ])
        })
        .collect();
    Field::Map(vec![
        ("bytes".to_string(), Field::number(received.bytes, Unit::Byte)),
        ("seconds".to_string(), Field::number(received.seconds, Unit::Second)),
        ("bits_per_second".to_string(), Field::number(received.bits_per_second, Unit::BitPerSecond)),
        ("intervals".to_string(), Field::List(intervals)),
    ])
}

impl RunData {
    fn constant(&self, name: &str) -> Option<&NumberField> {
        self.constants.iter().find(|(n, _)| n == name).map(|(_, c)| c)
    }

    fn figure_def(&self, name: &str) -> Option<&FigureDef> {
        self.figures.iter().find(|f| f.name == name)
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
                    formula: figure.text.clone(),
                    inputs: evaluation.inputs,
                    round: figure.round,
                    withdrawn: figure.withdrawn.clone(),
                });
            }
            if let Some(constant) = self.constant(single) {
                return Ok(Computed {
                    name: name.to_string(),
                    value: constant.value,
                    unit: constant.unit,
                    formula: single.clone(),
                    inputs: vec![(single.clone(), constant.value)],
                    round: Rounding::HalfAwayFromZero,
                    withdrawn: Vec::new(),
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
            formula: path.to_string(),
            inputs: vec![(path.to_string(), field.value)],
            round: Rounding::HalfAwayFromZero,
            withdrawn: field.withdrawn.clone(),
        })
    }

    pub fn vendor(&self, name: &str) -> Option<&VendorFigure> {
        self.vendor.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Whether runs.yaml names the build its numbers belong to.
    pub fn build_named(&self) -> bool {
        self.build.iter().any(|(_, values)| values.iter().any(|v| !v.trim().is_empty()))
    }

    /// `build:` as (key, values joined by ", "), in the written order.
    pub fn build_summary(&self) -> Vec<(String, String)> {
        self.build.iter().map(|(k, v)| (k.clone(), v.join(", "))).collect()
    }

    pub fn tools(&self) -> &[(String, String)] {
        &self.tools
    }

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

    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// Failed runs with why, to be shown as failed (never as a zero).
    pub fn failed_runs(&self) -> Vec<(String, String)> {
        self.runs.iter().filter_map(|r| r.failed.as_ref().map(|why| (r.name.clone(), why.clone()))).collect()
    }

    /// The names of the figures, in the written order.
    pub fn figure_names(&self) -> Vec<&str> {
        self.figures.iter().map(|f| f.name.as_str()).collect()
    }
}

/// Reads names for one evaluation, remembering which figures are being evaluated so that a
/// figure depending on itself is caught.
struct EvalScope<'a> {
    data: &'a RunData,
    stack: RefCell<Vec<String>>,
}

impl<'a> EvalScope<'a> {
    fn new(data: &'a RunData) -> Self {
        EvalScope { data, stack: RefCell::new(Vec::new()) }
    }

    fn figure(&self, figure: &FigureDef) -> Result<(expr::Evaluation, Option<Unit>), FigureError> {
        let Some(parsed) = &figure.expr else {
            return Err(FigureError::Syntax {
                message: format!("figure `{}` has no valid expression", figure.name),
                span: 0..0,
            });
        };
        if self.stack.borrow().contains(&figure.name) {
            let mut chain = self.stack.borrow().clone();
            chain.push(figure.name.clone());
            return Err(FigureError::Cycle {
                name: figure.name.clone(),
                chain: chain.join(" → "),
                span: 0..0,
            });
        }
        self.stack.borrow_mut().push(figure.name.clone());
        let result = expr::evaluate(parsed, self);
        self.stack.borrow_mut().pop();
        let evaluation = result?;
        let implied = evaluation.implied_unit;
        let unit = figure.unit.or(implied);
        Ok((
            expr::Evaluation { value: evaluation.value, implied_unit: unit, inputs: evaluation.inputs },
            implied,
        ))
    }

    /// The number at a path without `*`.
    fn number_field(&self, path: &expr::Path, span: Range<usize>) -> Result<&'a NumberField, FigureError> {
        let (field, shown) = self.field_at(path, span.clone())?;
        match field {
            Field::Number(n) => Ok(n),
            other => Err(FigureError::NotANumber { path: shown, what: other.what(), span }),
        }
    }

    /// The field at a path without `*` (runs.RUN.a.b or a constant).
    fn field_at(&self, path: &expr::Path, span: Range<usize>) -> Result<(&'a Field, String), FigureError> {
        let names: Vec<&str> = path
            .segments
            .iter()
            .map(|s| match s {
                Segment::Name(n) => n.as_str(),
                Segment::Star => "*",
            })
            .collect();
        match names.as_slice() {
            ["runs", run_name, rest @ ..] => {
                let Some(run) = self.data.run(run_name) else {
                    return Err(FigureError::UnknownName { name: format!("runs.{run_name}"), span });
                };
                if let Some(why) = &run.failed {
                    return Err(FigureError::FailedRun { run: run.name.clone(), why: why.clone(), span });
                }
                let mut field = &run.fields;
                for (i, key) in rest.iter().enumerate() {
                    field = field.child(key).ok_or_else(|| FigureError::MissingPath {
                        path: format!("runs.{run_name}.{}", rest[..=i].join(".")),
                        span: span.clone(),
                    })?;
                }
                if rest.is_empty() {
                    return Err(FigureError::NotANumber { path: path.to_string(), what: "a run", span });
                }
                Ok((field, path.to_string()))
            }
            ["runs"] => Err(FigureError::NotANumber { path: "runs".to_string(), what: "all the runs", span }),
            [single, rest @ ..] => {
                if self.data.vendor(single).is_some() {
                    return Err(FigureError::VendorInExpression { name: single.to_string(), span });
                }
                if self.data.constant(single).is_some() || self.data.figure_def(single).is_some() {
                    if !rest.is_empty() {
                        return Err(FigureError::MissingPath { path: path.to_string(), span });
                    }
                    // Constants and figures are read through `read`.
                    return Err(FigureError::UnknownName { name: single.to_string(), span });
                }
                Err(FigureError::UnknownName { name: single.to_string(), span })
            }
            [] => Err(FigureError::UnknownName { name: String::new(), span }),
        }
    }
}

/// Every number under `field`, with its path.
fn leaves_under(field: &Field, path: String, out: &mut Vec<Leaf>) {
    match field {
        Field::Number(n) => out.push(Leaf { path, value: n.value, unit: n.unit, expands_to: Vec::new() }),
        Field::Text(_) => {}
        Field::List(_) | Field::Map(_) => {
            for (key, child) in field.children() {
                leaves_under(child, format!("{path}.{key}"), out);
            }
        }
    }
}

/// Follows `segments` (with `*`) from `field`, collecting the fields reached.
fn follow<'f>(field: &'f Field, segments: &[Segment], path: String, out: &mut Vec<(String, &'f Field)>) {
    match segments.split_first() {
        None => out.push((path, field)),
        Some((Segment::Star, rest)) => {
            for (key, child) in field.children() {
                follow(child, rest, format!("{path}.{key}"), out);
            }
        }
        Some((Segment::Name(key), rest)) => {
            if let Some(child) = field.child(key) {
                follow(child, rest, format!("{path}.{key}"), out);
            }
        }
    }
}

impl Scope for EvalScope<'_> {
    fn read(&self, path: &expr::Path, many: bool, span: Range<usize>) -> Result<Vec<Leaf>, FigureError> {
        if let [Segment::Name(single)] = path.segments.as_slice() {
            if let Some(constant) = self.data.constant(single) {
                return Ok(vec![Leaf {
                    path: single.clone(),
                    value: constant.value,
                    unit: constant.unit,
                    expands_to: Vec::new(),
                }]);
            }
            if let Some(figure) = self.data.figure_def(single) {
                let (evaluation, unit) = self.figure(figure).map_err(|inner| match inner {
                    FigureError::Cycle { .. } => inner.with_span(span.clone()),
                    other => FigureError::InFigure {
                        figure: single.clone(),
                        inner: Box::new(other),
                        span: span.clone(),
                    },
                })?;
                return Ok(vec![Leaf {
                    path: single.clone(),
                    value: evaluation.value,
                    unit: figure.unit.or(unit).unwrap_or(Unit::Count),
                    expands_to: evaluation.inputs,
                }]);
            }
        }
        if !path.has_star() {
            let (field, shown) = self.field_at(path, span.clone())?;
            return match field {
                Field::Number(n) => {
                    Ok(vec![Leaf { path: shown, value: n.value, unit: n.unit, expands_to: Vec::new() }])
                }
                Field::List(_) | Field::Map(_) if many => {
                    let mut out = Vec::new();
                    leaves_under(field, shown, &mut out);
                    Ok(out)
                }
                other => Err(FigureError::NotANumber { path: shown, what: other.what(), span }),
            };
        }
        // A path with `*`: over runs, or inside one run's fields.
        let mut reached: Vec<(String, &Field)> = Vec::new();
        match path.segments.as_slice() {
            [Segment::Name(runs), Segment::Star, rest @ ..] if runs == "runs" => {
                for run in self.data.runs.iter().filter(|r| r.failed.is_none()) {
                    follow(&run.fields, rest, format!("runs.{}", run.name), &mut reached);
                }
            }
            [Segment::Name(runs), Segment::Name(run_name), rest @ ..] if runs == "runs" => {
                let Some(run) = self.data.run(run_name) else {
                    return Err(FigureError::UnknownName { name: format!("runs.{run_name}"), span });
                };
                if let Some(why) = &run.failed {
                    return Err(FigureError::FailedRun { run: run.name.clone(), why: why.clone(), span });
                }
                follow(&run.fields, rest, format!("runs.{run_name}"), &mut reached);
            }
            _ => {
                return Err(FigureError::MissingPath { path: path.to_string(), span });
            }
        }
        if reached.is_empty() {
            return Err(FigureError::MissingPath { path: path.to_string(), span });
        }
        let mut out = Vec::new();
        for (shown, field) in reached {
            leaves_under(field, shown, &mut out);
        }
        Ok(out)
    }
}

// Resolving is done from rayon's threads.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<RunData>();
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::number::{check, parse_stated};

    /// A site folder with a bundle holding `runs.yaml` and the given extra files.
    struct Site {
        root: tempfile::TempDir,
    }

    impl Site {
        fn new(files: &[(&str, &[u8])]) -> Site {
            let root = tempfile::tempdir().unwrap();
            for (path, bytes) in files {
                let full = root.path().join("content/m/b").join(path);
                std::fs::create_dir_all(full.parent().unwrap()).unwrap();
                std::fs::write(full, bytes).unwrap();
            }
            Site { root }
        }

        fn load(&self, source: &str) -> (Option<RunData>, Vec<Diagnostic>) {
            let runs_yaml = self.root.path().join("content/m/b/runs.yaml");
            load_run_data(self.root.path(), &runs_yaml, source)
        }
    }

    const SOEKRIS: &[u8] = include_bytes!("../../tests/fixtures/figures/iperf2/test1.txt");

    const DESIGN: &str = r#"build:                         # the code the numbers belong to
  driver: npuep.ko d29c84f3
  release: v0.1.0-alpha.9
  scripts: [images/deploy/lab-136-http.sh, lab-136-http-series.ps1]
tools: {curl: "8.21 for Windows", lighttpd: "1.4.85"}
constants: {body_bytes: 524288, seconds: 40, link_rate: 1 Gbit/s}
runs:
  close_coproc:
    shot: shots/close-coproc.png
    redact: [[10, 20, 300, 40]]
    forwarding: coprocessor
    host_frames: {received: 962826, sent: 962430}
    responses: {complete: 9000, failed: 2}
  close_host:
    host_frames: {received: 1308305, sent: 1308190}
    responses: {complete: 8935, failed: 1}
  keep_coproc:
    responses:
      complete: {value: 9090, withdrawn: [{value: 9481, on: 2026-10-30, why: "the trial run's count"}]}
      failed: 0
    cpu:
      before: {user: 100, nice: 0, system: 50, interrupt: 10, idle: 1000}
      after: {user: 101, nice: 0, system: 51, interrupt: 10, idle: 1198}
  soekris_debian:
    iperf: raw/test1.txt       # imported: the receiver's figures become fields
figures:
  host_share_close: {is: "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)", unit: "%"}
  bodies_close_coproc: {is: "runs.close_coproc.responses.complete * body_bytes * 8 / seconds", unit: bit/s, round: down}
  responses_all: {is: "sum(runs.*.responses.complete) + sum(runs.*.responses.failed)"}
  busy_keep_coproc: {is: "busy(runs.keep_coproc.cpu.before, runs.keep_coproc.cpu.after)", unit: "%"}
  responses_twice: {is: responses_all * 2}
vendor:
  xgs136_fw_http: {value: 11.5 Gbit/s, source: XGS 136 datasheet, conditions: "HTTP, 512 KB responses"}
"#;

    fn design_site() -> Site {
        Site::new(&[("raw/test1.txt", SOEKRIS), ("shots/close-coproc.png", b"png")])
    }

    fn loaded(site: &Site, source: &str) -> RunData {
        let (data, diagnostics) = site.load(source);
        assert!(diagnostics.is_empty(), "{diagnostics:#?}");
        data.unwrap()
    }

    fn errors(site: &Site, source: &str) -> Vec<Diagnostic> {
        let (_, diagnostics) = site.load(source);
        assert!(!diagnostics.is_empty(), "expected errors");
        diagnostics
    }

    fn states(data: &RunData, text: &str, name: &str) -> bool {
        let computed = data.resolve(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        check(&parse_stated(text).unwrap(), &computed, false).is_ok()
    }

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
                why: "the trial run's count".into()
            }]
        );
        assert_eq!(data.resolve("bodies_close_coproc").unwrap().round, Rounding::Down);
    }

    #[test]
    fn build_shots_vendor_and_runs_are_exposed() {
        let site = design_site();
        let data = loaded(&site, DESIGN);
        assert!(data.build_named());
        assert_eq!(
            data.build_summary()[2],
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

    /// The line and column of the first diagnostic whose message contains `needle`.
    fn place(diagnostics: &[Diagnostic], needle: &str) -> (usize, usize) {
        let d = diagnostics
            .iter()
            .find(|d| d.message.contains(needle))
            .unwrap_or_else(|| panic!("no `{needle}` in {diagnostics:#?}"));
        (d.line, d.col)
    }

    #[test]
    fn every_schema_problem_is_reported_at_its_place() {
        let site = design_site();
        let source = "build: {driver: x}\nextra: 1\nconstants: {a: [1]}\nruns:\n  Bad-Name: {}\n  ok:\n    kind: sprint\n    flag: true\nfigures:\n  f: {is: \"1\", colour: red}\n  g: {unit: furlongs, is: \"2\"}\nvendor:\n  v: {value: 1}\n";
        let diagnostics = errors(&site, source);
        assert_eq!(place(&diagnostics, "unknown key `extra`"), (2, 1));
        assert_eq!(place(&diagnostics, "a constant must be a number"), (3, 16));
        assert_eq!(place(&diagnostics, "`Bad-Name` is not a run name"), (5, 3));
        assert_eq!(place(&diagnostics, "`kind` is throughput, soak or counter"), (7, 11));
        assert_eq!(place(&diagnostics, "a run's field must be"), (8, 11));
        assert_eq!(place(&diagnostics, "unknown key `colour`"), (10, 16));
        assert_eq!(place(&diagnostics, "unknown unit `furlongs`"), (11, 13));
        assert_eq!(place(&diagnostics, "needs `value` and `source`"), (13, 3));
        assert_eq!(diagnostics.len(), 8, "{diagnostics:#?}");
        assert!(diagnostics.iter().all(|d| d.path == Path::new("content/m/b/runs.yaml")));
    }

    #[test]
    fn bad_yaml_is_an_error_with_its_place() {
        let site = design_site();
        let (data, diagnostics) = site.load("runs:\n  a: {x: 1\n  b: 2\n");
        assert!(data.is_none());
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].code, "runs-yaml");
        assert!(diagnostics[0].line >= 2, "{:?}", diagnostics[0]);
        let (_, diagnostics) = site.load("- a list\n");
        assert_eq!(diagnostics[0].code, "runs-type");
    }

    #[test]
    fn expression_errors_point_inside_the_expression_in_runs_yaml() {
        let site = design_site();
        let source = "constants: {zero: 0}\nfigures:\n  a: {is: \"1 + * 2\"}\n  b: {is: \"runs.x.y + 1\"}\n  c: {is: 5 / zero}\n  d: {is: e + 1}\n  e: {is: d * 2}\n  v: {is: \"vend + 1\"}\nvendor:\n  vend: {value: 1 Gbit/s, source: sheet}\n";
        let diagnostics = errors(&site, source);
        assert_eq!(place(&diagnostics, "in figure `a`: unexpected `*`"), (3, 16));
        assert_eq!(
            place(&diagnostics, "in figure `b`: no figure, constant or run is named `runs.x`"),
            (4, 12)
        );
        assert_eq!(place(&diagnostics, "in figure `c`: division by zero"), (5, 15));
        assert_eq!(place(&diagnostics, "in figure `d`: figure `d` depends on itself"), (6, 11));
        assert_eq!(place(&diagnostics, "in figure `v`: `vend` is a vendor's figure"), (8, 12));
    }

    #[test]
    fn a_failed_run_is_shown_as_failed_and_never_resolves() {
        let site = design_site();
        let source = "runs:\n  dead:\n    kind: throughput\n    failed: the cable was loose\n  empty:\n    kind: throughput\nfigures:\n  from_dead: {is: runs.dead.received.bytes * 8}\n";
        let (data, diagnostics) = site.load(source);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
        assert_eq!(diagnostics[0].code, "bench-no-bytes");
        assert!(diagnostics[0].message.contains("`empty`"));
        let data = data.unwrap();
        assert_eq!(data.failed_runs(), vec![("dead".to_string(), "the cable was loose".to_string())]);
        let error = data.resolve("runs.dead.received.bytes").unwrap_err();
        assert_eq!(error.to_string(), "run `dead` failed: the cable was loose");
        assert!(matches!(data.resolve("from_dead"), Err(FigureError::FailedRun { .. })));
    }

    const OVER_LINE_RATE: &str = "iperf -s\n[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n[  4]  0.0- 1.0 sec   112 MBytes   941 Mbits/sec\n[  4]  1.0- 2.0 sec   122 MBytes  1024 Mbits/sec\n[  4]  0.0- 2.0 sec   234 MBytes   982 Mbits/sec\n";

    #[test]
    fn an_interval_above_the_link_rate_is_an_error() {
        let site = Site::new(&[("raw/over.txt", OVER_LINE_RATE.as_bytes())]);
        let source = "runs:\n  r:\n    link_rate: 1 Gbit/s\n    iperf: raw/over.txt\n";
        let diagnostics = errors(&site, source);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].code, "bench-link-rate");
        assert_eq!((diagnostics[0].line, diagnostics[0].col), (4, 5));
        assert!(diagnostics[0].notes[0].contains("1-2 s: 1024 Mbit/s"), "{:?}", diagnostics[0].notes);
        // The constant names the link rate for every run; a faster link is fine.
        let source = "constants: {link_rate: 1 Gbit/s}\nruns:\n  r: {iperf: raw/over.txt}\n";
        assert_eq!(errors(&site, source)[0].code, "bench-link-rate");
        let source = "constants: {link_rate: 2.5 Gbit/s}\nruns:\n  r: {iperf: raw/over.txt}\n";
        loaded(&site, source);
        let source = "runs:\n  r: {iperf: raw/over.txt, link_rate: 1 Gbit/s, failed: pkt-gen miscounted}\n";
        loaded(&site, source);
    }

    #[test]
    fn a_soak_passes_only_with_no_failed_pass_and_no_mismatch() {
        let site = design_site();
        let soak = |fields: &str| format!("runs:\n  s:\n    kind: soak\n    {fields}\n");
        loaded(&site, &soak("passes: 40\n    failed_passes: 0\n    mismatches: 0"));
        let d = errors(&site, &soak("passes: 40\n    failed_passes: 0\n    mismatches: 1"));
        assert!(d[0].message.contains("did not pass"), "{d:?}");
        let d = errors(&site, &soak("passes: 0\n    failed_passes: 0\n    mismatches: 0"));
        assert!(d[0].message.contains("no successful pass"), "{d:?}");
        let d = errors(&site, &soak("passes: 3"));
        assert!(d[0].message.contains("must give"), "{d:?}");
        loaded(
            &site,
            &soak("passes: 0\n    failed_passes: 2\n    mismatches: 0\n    failed: the disk filled up"),
        );
    }

    #[test]
    fn counters_must_agree_with_a_known_amount() {
        let site = design_site();
        let run = |agrees: &str| {
            format!("runs:\n  c:\n    kind: counter\n    frames: {{a: 600, b: 400}}\n    agrees: {agrees}\n")
        };
        loaded(&site, &run("{counted: [frames.a, frames.b], known: 1000, within: 0}"));
        loaded(&site, &run("{counted: [runs.c.frames], known: 1010, within: 1 %}"));
        let d = errors(&site, &run("{counted: [frames.a, frames.b], known: 1100, within: 50}"));
        assert_eq!(d[0].code, "bench-agrees");
        assert_eq!((d[0].line, d[0].col), (5, 5));
        assert!(d[0].message.contains("differ by 100"), "{d:?}");
        let d = errors(&site, "runs:\n  c:\n    kind: counter\n    frames: 3\n");
        assert_eq!(d[0].code, "bench-counter");
        let d = errors(&site, &run("{counted: [frames.z], known: 1, within: 0}"));
        assert!(d[0].message.contains("runs.c.frames.z"), "{d:?}");
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
        let source = "runs:\n  a: {iperf: ../../../../etc/passwd, failed: x}\n  b: {iperf: /etc/passwd, failed: x}\n  c: {iperf: raw/missing.txt, failed: x}\n  d: {iperf: raw/bin.txt, failed: x}\n  e: {shot: raw/link.txt}\n  f: {iperf: ../../../content/m/b/raw/ok.txt}\n";
        let diagnostics = errors(&site, source);
        assert!(place(&diagnostics, "leaves the site").0 == 2);
        assert!(place(&diagnostics, "absolute path").0 == 3);
        assert!(place(&diagnostics, "no such file").0 == 4);
        assert!(place(&diagnostics, "not UTF-8").0 == 5);
        #[cfg(unix)]
        assert!(place(&diagnostics, "through a link").0 == 6);
        // Up and down again inside the site is fine.
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

    #[test]
    fn a_declared_unit_must_fit_the_expression() {
        let site = design_site();
        let d = errors(&site, "figures:\n  s: {is: \"share(1, 2)\", unit: Mbit/s}\n");
        assert_eq!(d[0].code, "figure-unit");
        let data = loaded(&site, "figures:\n  s: {is: \"share(1, 2)\"}\n");
        assert_eq!(data.resolve("s").unwrap().unit, Unit::Percent);
    }

    #[test]
    fn withdrawals_need_a_date_and_a_reason() {
        let site = design_site();
        let d = errors(
            &site,
            "figures:\n  f:\n    is: \"1\"\n    withdrawn: [{value: 2, on: yesterday, why: typo}, {value: 3, on: 2026-01-02}]\n",
        );
        assert_eq!(place(&d, "`on` must be a date"), (4, 32));
        assert_eq!(place(&d, "needs `value`, `on`"), (4, 55));
    }
}
