//! A plot drawn as inline SVG: a figure with its caption, the picture (title and description
//! for assistive technology), and the same values as a collapsed table.
//!
//! Drawn by hand rather than with a plotting crate: two shapes of a few dozen elements each,
//! and what matters here (colours from the page's CSS variables and `currentColor`, `<title>`
//! and `<desc>`, links from the table to the evidence, byte-identical output) is what a
//! general plotting backend leaves to post-processing. Colours are classes that the
//! stylesheet sets, with `currentColor` as the fallback; text is in viewBox units, so the
//! picture is as crisp at 400 % as at 100 %.

use std::fmt::Write;

use super::{Plot, Shape};
use crate::figures::number::{Unit, plain_text};
use crate::markdown::escape_text as escape;
use crate::views::grouped_digits as grouped;

/// The words a plot needs, in the page's language (from the Fluent files).
#[derive(Debug, Clone, Default)]
pub(crate) struct Labels {
    /// The value axis, with its unit: "Rate (Mbit/s)".
    pub value_axis: String,
    /// The category axis: "Run", or for intervals "Time (s)".
    pub category_axis: String,
    /// The line of the link's rate: "link rate".
    pub link_rate: String,
    /// The table's summary: "The values plotted".
    pub table_summary: String,
    /// The table's first column: "Run" or "Interval (s)".
    pub table_category: String,
    /// Used when the block gives no description.
    pub description: String,
}

const WIDTH: f64 = 520.0;
const FONT: f64 = 15.0;

/// The plot's HTML: `<figure>` with the SVG, its caption and its table. `id` is unique on
/// the page; `evidence` gives each plotted path's anchor in the page's evidence section.
pub(crate) fn figure_html(
    plot: &Plot,
    id: &str,
    labels: &Labels,
    evidence: &dyn Fn(&str) -> String,
) -> String {
    let description = plot.description.clone().unwrap_or_else(|| labels.description.clone());
    let body = match &plot.shape {
        Shape::Bars => bars(plot, labels),
        Shape::Intervals { link_rate, .. } => intervals(plot, *link_rate, labels),
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "<figure class=\"plot\" id=\"{id}\">\n<figcaption>{t}</figcaption>\n<svg class=\"plot-svg\" \
         viewBox=\"0 0 {WIDTH} {h}\" role=\"img\" aria-labelledby=\"{id}-title {id}-desc\" font-size=\"{FONT}\" \
         fill=\"currentColor\"><title id=\"{id}-title\">{t}</title><desc id=\"{id}-desc\">{d}</desc>{svg}</svg>\n",
        h = body.height,
        t = escape(&plot.title),
        d = escape(&description),
        svg = body.svg,
    );
    let _ = write!(
        out,
        "<details class=\"plot-values\"><summary>{}</summary>\n<table>\n<thead><tr><th scope=\"col\">{}</th>\
         <th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
        escape(&labels.table_summary),
        escape(&labels.table_category),
        escape(&labels.value_axis),
    );
    for point in &plot.points {
        let category = match point.span {
            Some((start, end)) => format!("{}–{}", number(start, 2), number(end, 2)),
            None => point.label.clone(),
        };
        let _ = writeln!(
            out,
            "<tr><th scope=\"row\">{}</th><td><a href=\"#{}\">{}</a></td></tr>",
            escape(&category),
            escape(&evidence(&point.path)),
            escape(&in_unit(point.value, plot.unit)),
        );
    }
    out.push_str("</tbody>\n</table>\n</details>\n</figure>\n");
    out
}

struct Drawing {
    svg: String,
    height: f64,
}

/// One field across runs: a horizontal bar each, its label above it and its value after it,
/// so that long run names need no rotated text.
fn bars(plot: &Plot, labels: &Labels) -> Drawing {
    let (left, right, top, row) = (8.0, WIDTH - 110.0, 8.0, 50.0);
    let max = plot.points.iter().map(|p| p.value / plot.unit.factor()).fold(0.0_f64, f64::max);
    let axis = Axis::new(0.0, max);
    let x = |v: f64| left + (right - left) * (v - axis.low) / (axis.high - axis.low);
    let bottom = top + row * plot.points.len() as f64;
    let mut svg = String::new();
    grid_vertical(&mut svg, &axis, bottom, top, &x);
    for (i, point) in plot.points.iter().enumerate() {
        let y = top + row * i as f64;
        let value = point.value / plot.unit.factor();
        let _ = write!(
            svg,
            "<text x=\"{left}\" y=\"{ty}\">{label}</text>\
             <rect class=\"plot-bar\" x=\"{left}\" y=\"{by}\" width=\"{w}\" height=\"18\"/>\
             <text x=\"{vx}\" y=\"{vy}\">{v}</text>",
            ty = fmt(y + FONT + 2.0),
            label = escape(&point.label),
            by = fmt(y + FONT + 8.0),
            w = fmt((x(value) - left).max(1.0)),
            vx = fmt(x(value) + 6.0),
            vy = fmt(y + FONT + 22.0),
            v = escape(&number(value, 3)),
        );
    }
    let _ = write!(
        svg,
        "<line class=\"plot-axis\" x1=\"{left}\" y1=\"{b}\" x2=\"{right}\" y2=\"{b}\" stroke=\"currentColor\"/>",
        b = fmt(bottom),
    );
    let height = bottom + 2.0 * FONT + 22.0;
    tick_labels_horizontal(&mut svg, &axis, bottom, &x);
    let _ = write!(
        svg,
        "<text x=\"{cx}\" y=\"{y}\" text-anchor=\"middle\">{label}</text>",
        cx = fmt((left + right) / 2.0),
        y = fmt(height - 6.0),
        label = escape(&labels.value_axis),
    );
    Drawing { svg, height }
}

/// A run's intervals: each interval's rate drawn across its own seconds, the link's rate
/// as a dashed line.
fn intervals(plot: &Plot, link_rate: Option<f64>, labels: &Labels) -> Drawing {
    let (left, right, top, bottom) = (64.0, WIDTH - 12.0, 24.0, 250.0);
    let factor = plot.unit.factor();
    let spans: Vec<(f64, f64, f64)> =
        plot.points.iter().filter_map(|p| p.span.map(|(s, e)| (s, e, p.value / factor))).collect();
    let top_value = spans.iter().map(|s| s.2).chain(link_rate.map(|r| r / factor)).fold(0.0_f64, f64::max);
    let y_axis = Axis::new(0.0, top_value);
    let first = spans.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    let last = spans.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
    let x_axis = Axis::new(first.min(0.0), last.max(first + 1.0));
    let x = |v: f64| left + (right - left) * (v - x_axis.low) / (x_axis.high - x_axis.low);
    let y = |v: f64| bottom - (bottom - top) * (v - y_axis.low) / (y_axis.high - y_axis.low);
    let mut svg = String::new();
    for tick in y_axis.ticks() {
        let _ = write!(
            svg,
            "<line class=\"plot-grid\" x1=\"{left}\" y1=\"{ty}\" x2=\"{right}\" y2=\"{ty}\" stroke=\"currentColor\" \
             stroke-opacity=\"0.25\"/><text x=\"{tx}\" y=\"{ly}\" text-anchor=\"end\">{label}</text>",
            ty = fmt(y(tick)),
            tx = fmt(left - 6.0),
            ly = fmt(y(tick) + FONT / 3.0),
            label = number(tick, y_axis.decimals),
        );
    }
    let _ = write!(
        svg,
        "<line class=\"plot-axis\" x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" stroke=\"currentColor\"/>"
    );
    tick_labels_horizontal(&mut svg, &x_axis, bottom, &x);
    let mut path = String::new();
    for (i, (start, end, value)) in spans.iter().enumerate() {
        let command = if i == 0 { 'M' } else { 'L' };
        let _ = write!(
            path,
            "{command}{} {} L{} {} ",
            fmt(x(*start)),
            fmt(y(*value)),
            fmt(x(*end)),
            fmt(y(*value))
        );
    }
    let _ = write!(
        svg,
        "<path class=\"plot-line\" d=\"{}\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\"/>",
        path.trim_end()
    );
    if let Some(rate) = link_rate {
        let ry = fmt(y(rate / factor));
        let _ = write!(
            svg,
            "<line class=\"plot-limit\" x1=\"{left}\" y1=\"{ry}\" x2=\"{right}\" y2=\"{ry}\" stroke=\"currentColor\" \
             stroke-dasharray=\"6 4\"/><text x=\"{right}\" y=\"{ty}\" text-anchor=\"end\">{label} {v}</text>",
            ty = fmt(y(rate / factor) - 6.0),
            label = escape(&labels.link_rate),
            v = escape(&plain_text(rate, plot.unit)),
        );
    }
    let height = bottom + 2.0 * FONT + 22.0;
    let _ = write!(
        svg,
        "<text x=\"{cx}\" y=\"{ly}\" text-anchor=\"middle\">{xl}</text>\
         <text x=\"{FONT}\" y=\"{cy}\" text-anchor=\"middle\" transform=\"rotate(-90 {FONT} {cy})\">{yl}</text>",
        cx = fmt((left + right) / 2.0),
        ly = fmt(height - 6.0),
        xl = escape(&labels.category_axis),
        cy = fmt((top + bottom) / 2.0),
        yl = escape(&labels.value_axis),
    );
    Drawing { svg, height }
}

fn grid_vertical(svg: &mut String, axis: &Axis, bottom: f64, top: f64, x: &dyn Fn(f64) -> f64) {
    for tick in axis.ticks() {
        let _ = write!(
            svg,
            "<line class=\"plot-grid\" x1=\"{tx}\" y1=\"{top}\" x2=\"{tx}\" y2=\"{bottom}\" stroke=\"currentColor\" \
             stroke-opacity=\"0.25\"/>",
            tx = fmt(x(tick)),
        );
    }
}

fn tick_labels_horizontal(svg: &mut String, axis: &Axis, bottom: f64, x: &dyn Fn(f64) -> f64) {
    for tick in axis.ticks() {
        let _ = write!(
            svg,
            "<text x=\"{tx}\" y=\"{ty}\" text-anchor=\"middle\">{label}</text>",
            tx = fmt(x(tick)),
            ty = fmt(bottom + FONT + 4.0),
            label = number(tick, axis.decimals),
        );
    }
}

/// An axis from `low` to a round `high`, with about five round steps.
struct Axis {
    low: f64,
    high: f64,
    step: f64,
    decimals: usize,
}

impl Axis {
    fn new(low: f64, high: f64) -> Axis {
        let span = if high > low { high - low } else { 1.0 };
        let rough = span / 5.0;
        let power = 10f64.powf(rough.log10().floor());
        let step = [1.0, 2.0, 2.5, 5.0, 10.0]
            .iter()
            .map(|m| m * power)
            .find(|s| *s >= rough)
            .unwrap_or(power * 10.0);
        let low = (low / step).floor() * step;
        let high = ((low.max(high) - low) / step).ceil().max(1.0) * step + low;
        let decimals = (0..6)
            .find(|d| {
                let scaled = step * 10f64.powi(*d);
                (scaled - scaled.round()).abs() < 1e-9 * scaled.max(1.0)
            })
            .unwrap_or(6) as usize;
        Axis { low, high, step, decimals }
    }

    fn ticks(&self) -> Vec<f64> {
        let count = ((self.high - self.low) / self.step).round() as usize;
        (0..=count).map(|i| self.low + self.step * i as f64).collect()
    }
}

/// A value in `unit`, as the table lists it: every digit the data has (the column's heading
/// names the unit).
fn in_unit(value: f64, unit: Unit) -> String {
    grouped(&plain_text(value / unit.factor(), Unit::Count))
}

/// A number with at most `decimals` decimals (trailing zeros dropped) and its thousands
/// grouped.
fn number(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    let text =
        if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_string() } else { text };
    let text = if text == "-0" { "0".to_string() } else { text };
    grouped(&text)
}

/// A coordinate: two decimals at most, so that the output is short and the same on every
/// machine.
fn fmt(value: f64) -> String {
    number(value, 2).replace(',', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_end_on_round_numbers() {
        let axis = Axis::new(0.0, 989.0);
        assert_eq!(axis.ticks(), vec![0.0, 200.0, 400.0, 600.0, 800.0, 1000.0]);
        let axis = Axis::new(0.0, 28.7);
        assert_eq!(axis.high, 30.0);
        assert_eq!(Axis::new(0.0, 0.7).decimals, 1);
        assert_eq!(Axis::new(0.0, 1.1).decimals, 2, "steps of 0.25");
    }

    #[test]
    fn numbers_are_grouped_and_trimmed() {
        assert_eq!(number(1000.0, 0), "1,000");
        assert_eq!(number(26.70, 2), "26.7");
        assert_eq!(in_unit(989e6, Unit::MegabitPerSecond), "989");
        assert_eq!(grouped("1308305"), "1,308,305");
    }
}
