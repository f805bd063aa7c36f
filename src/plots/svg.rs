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
/// so that long run names need no rotated text. Bars start at zero: a negative value is drawn
/// leftwards from the zero line, its value before its end, and the picture makes room on the
/// left for the longest such value so that no label falls outside it.
fn bars(plot: &Plot, labels: &Labels) -> Drawing {
    let (edge, right, top, row) = (8.0, WIDTH - 110.0, 8.0, 50.0);
    let values: Vec<f64> = plot.points.iter().map(|p| p.value / plot.unit.factor()).collect();
    let max = values.iter().copied().fold(0.0_f64, f64::max);
    let min = values.iter().copied().fold(0.0_f64, f64::min);
    // Text is about 0.6 em a character wide; the value stands 6 units from its bar's end.
    let room = values
        .iter()
        .filter(|v| **v < 0.0)
        .map(|v| bar_value(*v).chars().count() as f64 * FONT * 0.6 + 6.0)
        .fold(0.0_f64, f64::max);
    let left = edge + room;
    let axis = Axis::new(min, max);
    let x = |v: f64| left + (right - left) * (v - axis.low) / (axis.high - axis.low);
    let zero = x(0.0);
    let bottom = top + row * plot.points.len() as f64;
    let mut svg = String::new();
    grid_vertical(&mut svg, &axis, bottom, top, &x);
    for (i, (point, value)) in plot.points.iter().zip(&values).enumerate() {
        let y = top + row * i as f64;
        let end = x(*value);
        let (value_x, anchor) =
            if *value < 0.0 { (end - 6.0, " text-anchor=\"end\"") } else { (end + 6.0, "") };
        let _ = write!(
            svg,
            "<text x=\"{edge}\" y=\"{ty}\">{label}</text>\
             <rect class=\"plot-bar\" x=\"{bx}\" y=\"{by}\" width=\"{w}\" height=\"18\"/>\
             <text x=\"{vx}\" y=\"{vy}\"{anchor}>{v}</text>",
            ty = fmt(y + FONT + 2.0),
            label = escape(&point.label),
            bx = fmt(end.min(zero)),
            by = fmt(y + FONT + 8.0),
            w = fmt((end - zero).abs().max(1.0)),
            vx = fmt(value_x),
            vy = fmt(y + FONT + 22.0),
            v = escape(&bar_value(*value)),
        );
    }
    if min < 0.0 {
        let _ = write!(
            svg,
            "<line class=\"plot-axis\" x1=\"{z}\" y1=\"{top}\" x2=\"{z}\" y2=\"{b}\" stroke=\"currentColor\"/>",
            z = fmt(zero),
            b = fmt(bottom),
        );
    }
    let _ = write!(
        svg,
        "<line class=\"plot-axis\" x1=\"{l}\" y1=\"{b}\" x2=\"{right}\" y2=\"{b}\" stroke=\"currentColor\"/>",
        l = fmt(left),
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
    // A rate below zero is drawn below the zero line, inside the picture, not under its floor.
    let low_value = spans.iter().map(|s| s.2).fold(0.0_f64, f64::min);
    let y_axis = Axis::new(low_value, top_value);
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
        // As many decimals as the step needs, however small: ticks of 0.0000001 would
        // otherwise all read 0.
        let decimals = (0..20)
            .find(|d| {
                let scaled = step * 10f64.powi(*d);
                (scaled - scaled.round()).abs() < 1e-9 * scaled.max(1.0)
            })
            .unwrap_or(20) as usize;
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

/// A bar's value as its label shows it: three decimals, or as many more as a value below
/// one needs for three significant digits, so that 400 kbit/s on a Gbit/s axis reads
/// `0.0004`, not `0`.
fn bar_value(value: f64) -> String {
    let magnitude = value.abs();
    let decimals = if magnitude > 0.0 && magnitude < 1.0 {
        (2 - magnitude.log10().floor() as i64).clamp(3, 20) as usize
    } else {
        3
    };
    number(value, decimals)
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

    fn bars_of(unit: Unit, values: &[f64]) -> Plot {
        let points = values
            .iter()
            .enumerate()
            .map(|(i, v)| super::super::Point {
                label: format!("run {i}"),
                span: None,
                value: *v,
                path: format!("runs.r{i}.x"),
            })
            .collect();
        Plot { title: "T".into(), description: None, shape: Shape::Bars, field: "x".into(), unit, points }
    }

    /// Each `<text>` of the drawing: its x, its anchor and what it says.
    fn texts(svg: &str) -> Vec<(f64, String, String)> {
        svg.split("<text ")
            .skip(1)
            .map(|t| {
                let attr = |name: &str| {
                    t.split(&format!("{name}=\""))
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .unwrap_or("")
                        .to_string()
                };
                let said = t.split('>').nth(1).and_then(|r| r.split('<').next()).unwrap_or("").to_string();
                (attr("x").parse().unwrap_or(f64::NAN), attr("text-anchor"), said)
            })
            .collect()
    }

    /// Each bar's x and width.
    fn rects(svg: &str) -> Vec<(f64, f64)> {
        svg.split("<rect class=\"plot-bar\" ")
            .skip(1)
            .map(|r| {
                let attr = |name: &str| {
                    r.split(&format!("{name}=\""))
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .unwrap_or("")
                        .parse()
                        .unwrap_or(f64::NAN)
                };
                (attr("x"), attr("width"))
            })
            .collect()
    }

    /// Issue 25: a 400 kbit/s bar on a Gbit/s axis was labelled 0.
    #[test]
    fn a_small_bar_on_a_large_axis_is_labelled_with_the_digits_that_show_it() {
        let drawing = bars(&bars_of(Unit::GigabitPerSecond, &[400e3, 2e9]), &Labels::default());
        let said: Vec<String> = texts(&drawing.svg).into_iter().map(|t| t.2).collect();
        assert!(said.contains(&"0.0004".to_string()), "{said:?}");
        assert!(said.contains(&"2".to_string()), "{said:?}");
    }

    /// An axis of tiny steps labels each tick apart, not `0, 0, 0`.
    #[test]
    fn tiny_ticks_are_labelled_apart() {
        let axis = Axis::new(0.0, 4e-7);
        let labels: Vec<String> = axis.ticks().iter().map(|t| number(*t, axis.decimals)).collect();
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(unique.len(), labels.len(), "{labels:?}");
    }

    /// Issue 25: a negative bar was drawn 1 px wide with its label outside the picture. It
    /// is drawn from the zero line leftwards, its label beside its end, inside the picture.
    #[test]
    fn a_negative_bar_is_drawn_from_zero_with_its_label_inside_the_picture() {
        let drawing = bars(&bars_of(Unit::Count, &[-50.0, 100.0]), &Labels::default());
        let bars = rects(&drawing.svg);
        let (negative, positive) = (bars[0], bars[1]);
        // The negative bar ends where the positive one starts: at zero.
        assert!((negative.0 + negative.1 - positive.0).abs() < 0.01, "{bars:?}");
        // Half as long as the positive bar.
        assert!((negative.1 * 2.0 - positive.1).abs() < 0.05, "{bars:?}");
        for (x, _, said) in texts(&drawing.svg) {
            assert!((0.0..=WIDTH).contains(&x), "`{said}` at {x} is outside the picture");
        }
        // The text after the negative bar is its value.
        let after = drawing.svg.split("<rect class=\"plot-bar\"").nth(1).unwrap_or("");
        let (x, anchor, said) = texts(after).into_iter().next().unwrap_or_default();
        assert_eq!((said.as_str(), anchor.as_str()), ("-50", "end"), "left of the bar's end: {after}");
        assert!(x < negative.0, "{x} {negative:?}");
    }
}
