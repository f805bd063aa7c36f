//! Plots: a page's run data as a picture, written in markdown as a fenced block and drawn at
//! build time as inline SVG.
//!
//! ````markdown
//! ```plot
//! title: The rate at the PC's port
//! bars: pc_port.bits_per_s            # one field across runs
//! runs: [keep_coproc, keep_host]      # optional: every run that has the field
//! labels: [kept open, new each time]  # optional, and only with `runs`: one per run, in order
//! unit: Mbit/s                        # optional: the unit the axis is drawn in
//! axis: Rate at the port              # optional: the value axis's name, its unit added
//! ```
//! ```plot
//! title: iperf3 through the box
//! intervals: soekris_debian           # a run's imported intervals, its link rate drawn
//! ```
//! ```plot
//! title: Repeated runs
//! figures: [tcp_median, udp_median]   # figures over series, with whiskers (`series`)
//! whiskers: range                     # optional: range, se or sd
//! ```
//! ````
//!
//! Owns the block's syntax ([`find_blocks`], [`read_plot`]), what a plot shows ([`Plot`],
//! every value read from the run data by its path, so that it is tied to the data like a
//! tagged figure) and its drawing ([`svg`]). Problems are diagnostics at file:line:col. It
//! asks `figures` for values; it does not check claims or render the rest of the page.

mod axis;
mod bars;
mod blocks;
mod series;
pub(crate) mod svg;

pub(crate) use blocks::{Block, find_blocks, find_fenced, is_plot_fence};
pub(crate) use series::{BarSpread, Whiskers};

use std::ops::Range;

use crate::diagnostics::Diagnostic;
use crate::figures::{RunData, did_you_mean};
use crate::number::Computed;
use crate::number::{Unit, parse_stated, parse_unit};
use crate::yaml::{Node, NodeKind};

/// What a plot draws.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Shape {
    /// One field across runs.
    Bars,
    /// A run's intervals over time, with the run's link rate when it names one.
    Intervals { run: String, link_rate: Option<f64> },
}

/// One plotted value, read from the run data.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Point {
    /// The run's label (bars) or the interval's start and end in seconds (intervals).
    pub label: String,
    /// Intervals only: start and end, in seconds.
    pub span: Option<(f64, f64)>,
    /// In the base unit.
    pub value: f64,
    /// The path it was read from (`runs.RUN.field`): the evidence it links to.
    pub path: String,
    /// The value of its last known digit, in the base unit, when the tool printed it rounded
    /// or runs.yaml wrote it as a decimal: it is then labelled no finer than that.
    pub known_to: Option<f64>,
    /// The decimal place, in the plot's unit, the page states this value to (`1.0 %` is
    /// -1) when a tag of the page states it: its label and table entry are written to that
    /// place, trailing zeros kept, as the page writes it.
    pub stated_place: Option<i32>,
    /// A bar of a figure over a series: its N and whiskers.
    pub spread: Option<BarSpread>,
}

/// A plot, every value read from the run data.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Plot {
    pub title: String,
    pub description: Option<String>,
    /// The value axis's name as the block writes it (`axis: CPUs busy`), drawn with the
    /// plot's unit; without it, the name of what the unit measures ("Share", "Rate").
    pub axis: Option<String>,
    pub shape: Shape,
    /// The field plotted, as written (`pc_port.bits_per_s`, or `received.intervals`).
    pub field: String,
    /// The unit the values are drawn and listed in.
    pub unit: Unit,
    pub points: Vec<Point>,
    /// Bars of figures over series (`figures:`): what their whiskers span.
    pub whiskers: Option<Whiskers>,
}

const KEYS: &[&str] =
    &["title", "description", "axis", "bars", "intervals", "figures", "whiskers", "runs", "labels", "unit"];

/// Reads one plot block against the page's run data; every problem is a diagnostic.
pub(crate) fn read_plot(
    block: &Block,
    runs: Option<&RunData>,
    file: &std::path::Path,
    page_text: &str,
) -> Result<Plot, Vec<Diagnostic>> {
    let mut reader = Reader { block, file, page_text, problems: Vec::new() };
    let plot = reader.plot(runs);
    match plot {
        Some(plot) if reader.problems.is_empty() => Ok(plot),
        _ => Err(reader.problems),
    }
}

struct Reader<'a> {
    block: &'a Block,
    file: &'a std::path::Path,
    page_text: &'a str,
    problems: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn error(&mut self, code: &'static str, span: Range<usize>, message: impl Into<String>) {
        let start = self.block.text_start + span.start;
        let end = (self.block.text_start + span.end).max(start + 1);
        self.problems.push(Diagnostic::at(code, self.file, self.page_text, start..end, message));
    }

    fn whole(&self) -> Range<usize> {
        0..self.block.text.trim_end().len().max(1)
    }

    fn text(&mut self, node: &Node, what: &str) -> Option<String> {
        match node.scalar_text(&self.block.text) {
            Some(text) if !text.trim().is_empty() => Some(text.trim().to_string()),
            _ => {
                self.error("plot-spec", node.span.clone(), format!("{what} must be a text"));
                None
            }
        }
    }

    /// A plot's title, description and labels are published as written, where no tag can
    /// stand: a figure-like number there would be a number nothing checks.
    fn no_figure(&mut self, text: &str, node: &Node, what: &str) {
        self.no_figure_at(text, node.span.clone(), what);
    }

    fn no_figure_at(&mut self, text: &str, span: Range<usize>, what: &str) {
        if let Some(number) = crate::number::scan_figure_like(text).first() {
            let stated = text.get(number.range.clone()).unwrap_or(text);
            self.error(
                "plot-spec",
                span,
                format!(
                    "`{stated}` in the plot's {what} is a number nothing checks: a tag cannot stand there; \
                     state it in the page's text with its tag, and leave it out of the plot's {what}"
                ),
            );
        }
    }

    fn list(&mut self, node: &Node, what: &str) -> Vec<(String, Range<usize>)> {
        match &node.kind {
            NodeKind::Seq(items) => {
                items.iter().filter_map(|i| Some((self.text(i, what)?, i.span.clone()))).collect()
            }
            _ => {
                self.error("plot-spec", node.span.clone(), format!("`{what}` must be a list"));
                Vec::new()
            }
        }
    }

    fn plot(&mut self, runs: Option<&RunData>) -> Option<Plot> {
        let root = match crate::yaml::parse_tree(&self.block.text) {
            Ok(root) => root,
            Err(error) => {
                let at = error.offset.min(self.block.text.len());
                self.error("plot-spec", at..at, format!("a plot is written in YAML: {}", error.message));
                return None;
            }
        };
        let NodeKind::Map(entries) = &root.kind else {
            self.error("plot-spec", self.whole(), "a plot is a map: title, and bars or intervals");
            return None;
        };
        let (mut title, mut description, mut bars, mut intervals, mut unit) = (None, None, None, None, None);
        let mut axis = None;
        let (mut run_list, mut labels, mut figures, mut whiskers) = (None, None, None, None);
        for (key, value) in entries {
            match key.key_text().as_str() {
                "title" => title = self.text(value, "`title`").inspect(|t| self.no_figure(t, value, "title")),
                "description" => {
                    description = self
                        .text(value, "`description`")
                        .inspect(|t| self.no_figure(t, value, "description"));
                }
                "axis" => axis = self.text(value, "`axis`").inspect(|t| self.no_figure(t, value, "axis")),
                "bars" => bars = self.text(value, "`bars`").map(|t| (t, value.span.clone())),
                "intervals" => intervals = self.text(value, "`intervals`").map(|t| (t, value.span.clone())),
                "runs" => run_list = Some((self.list(value, "runs"), value.span.clone())),
                "figures" => figures = Some((self.list(value, "figures"), value.span.clone())),
                "whiskers" => {
                    whiskers = self.text(value, "`whiskers`").map(|t| (t, value.span.clone()));
                }
                "labels" => {
                    let list = self.list(value, "labels");
                    for (label, span) in &list {
                        self.no_figure_at(label, span.clone(), "label");
                    }
                    labels = Some((list, value.span.clone()));
                }
                "unit" => {
                    if let Some(text) = self.text(value, "`unit`") {
                        match parse_unit(&text) {
                            Some(u) => unit = Some((u, value.span.clone())),
                            None => self.error(
                                "plot-spec",
                                value.span.clone(),
                                format!("`{text}` is not a unit tally knows (Mbit/s, %, B, s, pps…)"),
                            ),
                        }
                    }
                }
                other => self.error(
                    "plot-spec",
                    key.span.clone(),
                    format!("unknown key `{other}`; a plot has {}", KEYS.join(", ")),
                ),
            }
        }
        let Some(title) = title else {
            self.error("plot-spec", self.whole(), "a plot needs a `title`");
            return None;
        };
        let Some(data) = runs else {
            self.error("plot-unknown", self.whole(), "this page has no runs.yaml beside it to plot");
            return None;
        };
        if let (Some((_, span)), None) = (&whiskers, &figures) {
            let message =
                "`whiskers` are drawn on bars of figures over a series: name them with `figures: [NAME, …]`";
            self.error("plot-spec", span.clone(), message);
        }
        let mut drawn_whiskers = None;
        let (shape, field, points, natural) = match (bars, intervals, figures) {
            (None, None, Some(figures)) => {
                let (points, natural, drawn) =
                    self.figures_plot(data, figures, run_list, labels, whiskers)?;
                drawn_whiskers = Some(drawn);
                (Shape::Bars, "figures".to_string(), points, natural)
            }
            (Some((field, span)), None, None) => {
                if labels.as_ref().zip(run_list.as_ref()).is_some_and(|(l, r)| l.0.len() != r.0.len()) {
                    let span = labels.as_ref().map_or(self.whole(), |l| l.1.clone());
                    self.error("plot-spec", span, "`labels` needs one label for each of `runs`");
                }
                // Labels are matched to runs by position: without `runs` they would be matched
                // to whichever runs have the field, and a value could go out under another
                // run's label.
                if let (Some((_, span)), None) = (&labels, &run_list) {
                    self.error(
                        "plot-spec",
                        span.clone(),
                        "`labels` name runs by their order in `runs`: list the runs they label, e.g. `runs: [a, b]`",
                    );
                    return None;
                }
                let (points, natural) = self.bars(data, &field, span, run_list, labels)?;
                (Shape::Bars, field, points, natural)
            }
            (None, Some((run, span)), None) => {
                if let Some((_, span)) = run_list.or(labels) {
                    self.error("plot-spec", span, "`runs` and `labels` are for bars; intervals plot one run");
                }
                let (points, link_rate) = self.intervals(data, &run, span)?;
                let natural = Some(rate_unit(points.iter().map(|p| p.value).fold(0.0, f64::max)));
                (Shape::Intervals { run, link_rate }, "received.intervals".to_string(), points, natural)
            }
            _ => {
                let message = "a plot has one of `bars: FIELD`, `figures: [NAME, …]` or `intervals: RUN`";
                self.error("plot-spec", self.whole(), message);
                return None;
            }
        };
        let unit = match (unit, natural) {
            // A value written without a unit takes the plot's, as a figure takes its `unit:`.
            (Some((unit, span)), Some(natural))
                if natural != Unit::Count && unit.kind() != natural.kind() =>
            {
                self.error(
                    "plot-spec",
                    span,
                    format!("the values are {}, not {}", natural.kind().name(), unit.kind().name()),
                );
                return None;
            }
            (Some((unit, _)), _) => unit,
            (None, natural) => natural.unwrap_or(Unit::Count),
        };
        Some(Plot { title, description, axis, shape, field, unit, points, whiskers: drawn_whiskers })
    }

    #[allow(clippy::type_complexity, reason = "the block's two optional lists, each with its place")]
    fn bars(
        &mut self,
        data: &RunData,
        field: &str,
        span: Range<usize>,
        run_list: Option<(Vec<(String, Range<usize>)>, Range<usize>)>,
        labels: Option<(Vec<(String, Range<usize>)>, Range<usize>)>,
    ) -> Option<(Vec<Point>, Option<Unit>)> {
        let field = field.strip_prefix("runs.*.").unwrap_or(field);
        let chosen: Vec<(String, Range<usize>)> = match run_list {
            Some((list, _)) => list,
            None => data
                .runs()
                .iter()
                .filter(|r| r.failed.is_none() && data.resolve(&format!("runs.{}.{field}", r.name)).is_ok())
                .map(|r| (r.name.clone(), span.clone()))
                .collect(),
        };
        if chosen.is_empty() {
            let paths = data.run_field_paths();
            let hint = did_you_mean(field, paths.iter().map(String::as_str));
            self.error("plot-unknown", span, format!("no run has a number at `{field}`{hint}"));
            return None;
        }
        let mut points = Vec::new();
        let mut unit = None;
        let mut printed_units = Vec::new();
        let labels = labels.map(|(l, _)| l).unwrap_or_default();
        for (i, (run, run_span)) in chosen.iter().enumerate() {
            if !data.runs().iter().any(|r| &r.name == run) {
                self.error("plot-unknown", run_span.clone(), unknown_run(data, run));
                continue;
            }
            let path = format!("runs.{run}.{field}");
            match data.resolve(&path) {
                Ok(computed) => {
                    unit.get_or_insert(computed.unit);
                    if unit.map(Unit::kind) != Some(computed.unit.kind()) {
                        self.error(
                            "plot-spec",
                            run_span.clone(),
                            format!("`{path}` is {}, unlike the other bars", computed.unit.kind().name()),
                        );
                    }
                    let label = labels.get(i).map_or_else(|| run.clone(), |(l, _)| l.clone());
                    let (printed_unit, known_to) = known_to(&computed);
                    printed_units.push(printed_unit);
                    points.push(Point {
                        label,
                        span: None,
                        value: computed.value,
                        path,
                        known_to,
                        stated_place: None,
                        spread: None,
                    });
                }
                Err(error) => self.error(
                    "plot-unknown",
                    if run_span == &span { span.clone() } else { run_span.clone() },
                    error.to_string(),
                ),
            }
        }
        // Values all printed in one unit (iperf's GBytes) are drawn in it, so that a label
        // reads as the tool and the evidence write it: 2.84, not 3,050,000,000 bytes.
        let printed = printed_units.first().copied().flatten();
        let shared = printed.filter(|p| {
            unit.is_some_and(|u| u.kind() == p.kind()) && printed_units.iter().all(|u| *u == Some(*p))
        });
        Some((points, shared.or(unit)))
    }

    fn intervals(
        &mut self,
        data: &RunData,
        run: &str,
        span: Range<usize>,
    ) -> Option<(Vec<Point>, Option<f64>)> {
        let Some(found) = data.runs().iter().find(|r| r.name == run) else {
            self.error("plot-unknown", span, unknown_run(data, run));
            return None;
        };
        let mut points = Vec::new();
        for i in 0.. {
            let base = format!("runs.{run}.received.intervals.{i}");
            let read = |key: &str| data.resolve(&format!("{base}.{key}")).ok();
            let (Some(start), Some(end), Some(rate)) = (read("start"), read("end"), read("bits_per_second"))
            else {
                break;
            };
            points.push(Point {
                label: String::new(),
                span: Some((start.value, end.value)),
                value: rate.value,
                path: format!("{base}.bits_per_second"),
                known_to: known_to(&rate).1,
                stated_place: None,
                spread: None,
            });
        }
        if points.is_empty() {
            self.error(
                "plot-unknown",
                span,
                format!("run `{run}` has no intervals: import the receiver's iperf output (`iperf:`)"),
            );
            return None;
        }
        Some((points, found.link_rate))
    }
}

/// The unit a value was printed in and the value of its last printed digit in the base
/// unit, as its evidence states it (`2.84 GiB`: GiB, 0.01 GiB).
fn known_to(computed: &Computed) -> (Option<Unit>, Option<f64>) {
    let stated = computed.printed.as_ref().and_then(|p| parse_stated(&p.stated).ok());
    match stated {
        Some(stated) => (Some(stated.unit), Some(stated.precision * stated.unit.factor())),
        None => (None, None),
    }
}

/// "no run is named `x`", with the run probably meant.
fn unknown_run(data: &RunData, run: &str) -> String {
    let hint = did_you_mean(run, data.runs().iter().map(|r| r.name.as_str()));
    format!("no run is named `{run}`{hint}")
}

/// The bit rate unit a rate of `max` bit/s reads best in (940 Mbit/s, not 940,337,587 bit/s).
fn rate_unit(max: f64) -> Unit {
    match max {
        m if m >= 1e10 => Unit::GigabitPerSecond,
        m if m >= 1e7 => Unit::MegabitPerSecond,
        m if m >= 1e4 => Unit::KilobitPerSecond,
        _ => Unit::BitPerSecond,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plot_blocks_are_found_with_the_place_of_their_text() {
        let body = "Text.\n\n```plot\ntitle: T\nbars: a.b\n```\n\n```rust\nfn x() {}\n```\n";
        let blocks = find_blocks(body, 10);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].text, "title: T\nbars: a.b\n");
        assert_eq!(&body[blocks[0].text_start - 10..][..8], "title: T");
    }
}
