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

use super::axis::{
    Axis, Drawing, FONT, NARROW, WIDTH, at_place_kept, fmt, number, place_of, tick_labels_horizontal,
};
use super::bars::bars;
use super::{Plot, Shape};
use crate::number::{Unit, plain_text};
use crate::text::escape_html as escape;
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
    /// Bars with whiskers: the legend that names what they span ("Whiskers: ± the standard
    /// error of the mean"), and the table's columns for N and the spread.
    pub whiskers: Option<WhiskerLabels>,
    /// What stands between a range's ends in the table: "–", or 「～」 as Japanese text
    /// writes a range.
    pub range_separator: String,
}

/// The words of a plot whose bars have whiskers.
#[derive(Debug, Clone, Default)]
pub(crate) struct WhiskerLabels {
    pub legend: String,
    pub runs_column: String,
    pub spread_column: String,
}

/// The plot's HTML: `<figure>` with the SVG, its caption and its table. `id` is unique on
/// the page; `evidence` gives each plotted path's anchor in the page's evidence section.
pub(crate) fn figure_html(
    plot: &Plot,
    id: &str,
    labels: &Labels,
    evidence: &dyn Fn(&str) -> String,
) -> String {
    let description = plot.description.clone().unwrap_or_else(|| labels.description.clone());
    let draw = |width: f64| match &plot.shape {
        Shape::Bars => {
            bars(plot, &labels.value_axis, labels.whiskers.as_ref().map(|w| w.legend.as_str()), width)
        }
        Shape::Intervals { link_rate, .. } => intervals(plot, *link_rate, labels, width),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<figure class=\"plot\" id=\"{id}\">\n<figcaption>{}</figcaption>",
        escape(&plot.title)
    );
    // The same plot twice: laid out for a wide column, and for a phone's, where the wide
    // one's text would be 10 px (issue 45); the stylesheet shows one (`.plot-wide`,
    // `.plot-narrow`), and a screen reader reads the one shown.
    for (body, class, svg_id) in
        [(draw(WIDTH), "plot-wide", id.to_string()), (draw(NARROW), "plot-narrow", format!("{id}-narrow"))]
    {
        let _ = writeln!(
            out,
            "<svg class=\"plot-svg {class}\" viewBox=\"0 0 {w} {h}\" role=\"img\" \
             aria-labelledby=\"{svg_id}-title {svg_id}-desc\" font-size=\"{FONT}\" fill=\"currentColor\">\
             <title id=\"{svg_id}-title\">{t}</title><desc id=\"{svg_id}-desc\">{d}</desc>{svg}</svg>",
            w = fmt(body.width),
            h = body.height,
            t = escape(&plot.title),
            d = escape(&description),
            svg = body.svg,
        );
    }
    let whiskers = labels.whiskers.as_ref().filter(|_| plot.whiskers.is_some());
    let _ = write!(
        out,
        "<details class=\"plot-values\"><summary>{}</summary>\n<table>\n<thead><tr><th scope=\"col\">{}</th>\
         <th scope=\"col\">{}</th>",
        escape(&labels.table_summary),
        escape(&labels.table_category),
        escape(&labels.value_axis),
    );
    if let Some(words) = whiskers {
        let _ = write!(
            out,
            "<th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
            escape(&words.runs_column),
            escape(&words.spread_column)
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for point in &plot.points {
        let category = match point.span {
            Some((start, end)) => format!("{}{}{}", number(start, 2), labels.range_separator, number(end, 2)),
            None => point.label.clone(),
        };
        let spread = match (whiskers, &point.spread) {
            (Some(_), Some(spread)) => {
                let place =
                    point.stated_place.or(point.known_to.and_then(|k| place_of(k / plot.unit.factor())));
                format!(
                    "<td>{}</td><td>{}</td>",
                    spread.n,
                    escape(&super::series::spread_cell(spread, plot.unit, place, &labels.range_separator))
                )
            }
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "<tr><th scope=\"row\">{}</th><td><a href=\"#{}\">{}</a></td>{spread}</tr>",
            escape(&category),
            escape(&evidence(&point.path)),
            escape(&match point.stated_place {
                Some(place) => super::axis::at_place_kept(point.value / plot.unit.factor(), place),
                // A figure over a series (a mean of thirds) as its bar is labelled.
                None if point.spread.is_some() && point.known_to.is_none() => {
                    super::bars::bar_value(point.value / plot.unit.factor(), None)
                }
                None => in_unit(point.value, point.known_to, plot.unit),
            }),
        );
    }
    out.push_str("</tbody>\n</table>\n</details>\n</figure>\n");
    out
}

/// A run's intervals, `width` wide: each interval's rate drawn across its own seconds, the
/// link's rate as a dashed line.
fn intervals(plot: &Plot, link_rate: Option<f64>, labels: &Labels, width: f64) -> Drawing {
    let (left, right, top, bottom) = (64.0, width - 12.0, 24.0, 250.0);
    let factor = plot.unit.factor();
    let spans: Vec<(f64, f64, f64)> =
        plot.points.iter().filter_map(|p| p.span.map(|(s, e)| (s, e, p.value / factor))).collect();
    let top_value = spans.iter().map(|s| s.2).chain(link_rate.map(|r| r / factor)).fold(0.0_f64, f64::max);
    // A rate below zero is drawn below the zero line, inside the picture, not under its floor.
    let low_value = spans.iter().map(|s| s.2).fold(0.0_f64, f64::min);
    let y_axis = Axis::new(low_value, top_value);
    let first = spans.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    let last = spans.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
    let (x_axis, _) = Axis::fitting(first.min(0.0), last.max(first + 1.0), right - left);
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
            label = y_axis.label(tick),
        );
    }
    let _ = write!(
        svg,
        "<line class=\"plot-axis\" x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" stroke=\"currentColor\"/>"
    );
    tick_labels_horizontal(&mut svg, &x_axis, bottom, width, &x);
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
    Drawing { svg, height, width }
}

/// A value in `unit`, as the table lists it: every digit the data has (trailing zeros
/// kept: `27.0`), and no more than the value is known to (`known_to`, the value of its last printed digit in the base unit),
/// as its evidence states it. The column's heading names the unit.
fn in_unit(value: f64, known_to: Option<f64>, unit: Unit) -> String {
    match known_to.and_then(|k| place_of(k / unit.factor())) {
        Some(place) => at_place_kept(value / unit.factor(), place),
        None => grouped(&plain_text(value / unit.factor(), Unit::Count)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_values_keep_the_digits_the_data_has() {
        assert_eq!(in_unit(989e6, None, Unit::MegabitPerSecond), "989");
        assert_eq!(in_unit(1_308_305.0, None, Unit::Count), "1,308,305");
    }

    /// A README-only trial: iperf's `2.84 GBytes` was listed as 3,049,426,780.16 bytes.
    #[test]
    fn a_printed_value_is_listed_no_finer_than_it_was_printed() {
        let gib = Unit::Gibibyte.factor();
        assert_eq!(in_unit(2.84 * gib, Some(0.01 * gib), Unit::Gibibyte), "2.84");
        assert_eq!(in_unit(2.84 * gib, Some(0.01 * gib), Unit::Byte), "3,050,000,000");
    }
}
