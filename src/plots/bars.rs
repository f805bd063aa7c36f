//! The bars drawing: one field across runs, each run's name above its bar and its value
//! beside the bar's end, so that long names need no rotated text.
//!
//! Owns the drawing's layout: the room each side of the bars for the values written past
//! their ends, the ticks chosen so that their labels stand apart, the picture widened only
//! when even that does not fit, and a name too long for the picture cut short with its whole
//! text kept in a `<title>` (and in the table under the picture).

use std::fmt::Write;

use super::Plot;
use super::axis::{
    Axis, Drawing, FONT, GAP, at_place, at_place_kept, fitted, fmt, grid_vertical, place_of, text_width,
    tick_labels_horizontal,
};
use crate::text::escape_html as escape;

/// The margin between the picture's edge and anything drawn in it.
const EDGE: f64 = 8.0;
/// The bars are never drawn shorter than this, however long the labels beside them.
const MIN_LENGTH: f64 = 160.0;

/// Bars start at zero: a negative value is drawn leftwards from the zero line, its value
/// before its end. The picture makes room on each side for the longest value written there
/// and for the end ticks' labels, so that no label falls outside it.
/// A bar of a figure over a series has whiskers (`series`), named by `legend` under the
/// axis; the axis reaches their ends, and the bar's value is written past the farther end.
/// `wide` is the width the picture is drawn to, in viewBox units, unless its labels need
/// more. Each bar's value is written with the plot's unit ("1.0 %", as the page states it).
pub(super) fn bars(plot: &Plot, value_axis: &str, legend: Option<&str>, wide: f64) -> Drawing {
    let (top, row) = (8.0, 50.0);
    let values: Vec<f64> = plot.points.iter().map(|p| p.value / plot.unit.factor()).collect();
    let said: Vec<String> = plot
        .points
        .iter()
        .zip(&values)
        .map(|(p, v)| match p.stated_place {
            Some(place) => at_place_kept(*v, place),
            // Else the digits the data holds, trailing zeros kept (runs.yaml's `27.0`, iperf's
            // `2.84 GBytes`), as a page would state them (issue 45).
            None => match p.known_to.and_then(|k| place_of(k / plot.unit.factor())) {
                Some(place) => at_place_kept(*v, place),
                None => bar_value(*v, None),
            },
        })
        .map(|said| with_unit(said, plot.unit))
        .collect();
    let whiskers: Vec<Option<(f64, f64)>> = plot
        .points
        .iter()
        .map(|p| p.spread.as_ref().map(|s| (s.low / plot.unit.factor(), s.high / plot.unit.factor())))
        .collect();
    let ends = whiskers.iter().flatten().flat_map(|(low, high)| [*low, *high]);
    let max = values.iter().copied().chain(ends.clone()).fold(0.0_f64, f64::max);
    let min = values.iter().copied().chain(ends).fold(0.0_f64, f64::min);
    let Across { axis, left, length, right_margin } = across(&values, &said, min, max, wide);
    let width = left + length + right_margin;
    let right = left + length;
    let x = |v: f64| left + length * (v - axis.low) / (axis.high - axis.low);
    let zero = x(0.0);
    let bottom = top + row * plot.points.len() as f64;
    let mut svg = String::new();
    grid_vertical(&mut svg, &axis, bottom, top, &x);
    for (i, (((point, value), said), whiskers_of)) in
        plot.points.iter().zip(&values).zip(&said).zip(&whiskers).enumerate()
    {
        let y = top + row * i as f64;
        run_name(&mut svg, &point.label, y, width);
        bar(&mut svg, *value, said, *whiskers_of, y, &x);
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
        "<line class=\"plot-axis\" x1=\"{l}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"currentColor\"/>",
        l = fmt(left),
        r = fmt(right),
        b = fmt(bottom),
    );
    let legend_room = if legend.is_some() { FONT + 8.0 } else { 0.0 };
    let height = bottom + 2.0 * FONT + 22.0 + legend_room;
    tick_labels_horizontal(&mut svg, &axis, bottom, width, &x);
    let _ = write!(
        svg,
        "<text x=\"{cx}\" y=\"{y}\" text-anchor=\"middle\">{label}</text>",
        cx = fmt((left + right) / 2.0),
        y = fmt(height - 6.0 - legend_room),
        label = escape(value_axis),
    );
    if let Some(legend) = legend {
        let _ = write!(
            svg,
            "<text class=\"plot-legend\" x=\"{cx}\" y=\"{y}\" text-anchor=\"middle\">{legend}</text>",
            cx = fmt(width / 2.0),
            y = fmt(height - 6.0),
            legend = escape(&fitted(legend, width - 2.0 * EDGE).unwrap_or_else(|| legend.to_string())),
        );
    }
    Drawing { svg, height, width }
}

/// Where the bars lie across the picture: the axis, and the room each side of the bars.
struct Across {
    axis: Axis,
    left: f64,
    length: f64,
    right_margin: f64,
}

/// The axis, with room each side for the bars' values and end ticks' labels, all inside the picture.
fn across(values: &[f64], said: &[String], min: f64, max: f64, wide: f64) -> Across {
    let room = |negative: bool| {
        values
            .iter()
            .zip(said)
            .filter(|(v, _)| (**v < 0.0) == negative)
            .map(|(_, s)| text_width(s) + GAP)
            .fold(0.0_f64, f64::max)
    };
    let (mut left, mut right_margin) = (EDGE + room(true), EDGE + room(false));
    // The end ticks' labels are centred on them, so half of each stands past the bars.
    let mut fit = || {
        let (axis, needed) = Axis::fitting(min, max, (wide - left - right_margin).max(MIN_LENGTH));
        let half = |tick: Option<&f64>| tick.map_or(0.0, |t| text_width(&axis.label(*t)) / 2.0);
        let ticks = axis.ticks();
        left = left.max(EDGE + half(ticks.first()));
        right_margin = right_margin.max(EDGE + half(ticks.last()));
        (axis, needed)
    };
    fit();
    let (axis, needed) = fit();
    let length = needed.max(wide - left - right_margin);
    Across { axis, left, length, right_margin }
}

/// A run's name above its bar, cut to the picture's width (whole in a `<title>`): no rotated text.
fn run_name(svg: &mut String, label: &str, y: f64, width: f64) {
    let _ = write!(svg, "<text x=\"{EDGE}\" y=\"{}\">", fmt(y + FONT + 2.0));
    match fitted(label, width - 2.0 * EDGE) {
        Some(cut) => {
            let _ = write!(svg, "<title>{}</title>{}", escape(label), escape(&cut));
        }
        None => svg.push_str(&escape(label)),
    }
    svg.push_str("</text>");
}

/// A run's bar from zero and its whisker, with its value past their farther end so it covers neither.
fn bar(
    svg: &mut String,
    value: f64,
    said: &str,
    whiskers: Option<(f64, f64)>,
    y: f64,
    x: &dyn Fn(f64) -> f64,
) {
    let (zero, end) = (x(0.0), x(value));
    // Zero is drawn as no bar; any other value, however small, as one a reader can see.
    if value != 0.0 {
        let _ = write!(
            svg,
            "<rect class=\"plot-bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"18\"/>",
            fmt(end.min(zero)),
            fmt(y + FONT + 8.0),
            fmt((end - zero).abs().max(1.0)),
        );
    }
    let far = whiskers.map(|(low, high)| if value < 0.0 { x(low) } else { x(high) });
    if let Some((low, high)) = whiskers {
        whisker(svg, x(low), x(high), y + FONT + 17.0);
    }
    let value_x = label_x(end, far, value < 0.0);
    let anchor = if value < 0.0 { " text-anchor=\"end\"" } else { "" };
    let _ = write!(
        svg,
        "<text x=\"{}\" y=\"{}\"{anchor}>{}</text>",
        fmt(value_x),
        fmt(y + FONT + 22.0),
        escape(said)
    );
}

/// A whisker from `low` to `high` (already on the picture's x) at height `y`, capped at
/// each end.
fn whisker(svg: &mut String, low: f64, high: f64, y: f64) {
    let (top, bottom) = (fmt(y - 6.0), fmt(y + 6.0));
    let (low, high, y) = (fmt(low), fmt(high), fmt(y));
    let _ = write!(
        svg,
        "<path class=\"plot-whisker\" d=\"M{low} {y} H{high} M{low} {top} V{bottom} M{high} {top} V{bottom}\" \
         fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"/>"
    );
}

/// Where a bar's value is written: past the farther of its end and its whisker's.
fn label_x(end: f64, whisker_end: Option<f64>, negative: bool) -> f64 {
    match (whisker_end, negative) {
        (Some(w), false) => end.max(w) + GAP,
        (Some(w), true) => end.min(w) - GAP,
        (None, false) => end + GAP,
        (None, true) => end - GAP,
    }
}

/// A bar's value with the plot's unit after it, as a page writes it: `27.0 %`, `989 Mbit/s`;
/// a count as it is.
pub(super) fn with_unit(said: String, unit: crate::number::Unit) -> String {
    match unit {
        crate::number::Unit::Count => said,
        unit => format!("{said} {}", unit.symbol()),
    }
}

/// A bar's value as its label shows it: up to three decimals, or as many more as a value
/// below one needs for three significant digits, so that 400 kbit/s on a Gbit/s axis reads
/// `0.0004`, not `0`; and never past `place`, the last digit the value is known to (iperf's
/// `2.84 GBytes` is not labelled 3,049,426,780.16).
pub(super) fn bar_value(value: f64, place: Option<i32>) -> String {
    let magnitude = value.abs();
    let three = if magnitude > 0.0 && magnitude < 1.0 {
        (magnitude.log10().floor() as i32 - 2).clamp(-20, -3)
    } else {
        -3
    };
    at_place(value, place.map_or(three, |p| p.max(three)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Unit;
    use crate::plots::{Point, Shape};

    fn bars_of(unit: Unit, values: &[f64]) -> Plot {
        let points = values
            .iter()
            .enumerate()
            .map(|(i, v)| Point {
                label: format!("run {i}"),
                span: None,
                value: *v,
                path: format!("runs.r{i}.x"),
                known_to: None,
                stated_place: None,
                spread: None,
            })
            .collect();
        Plot {
            title: "T".into(),
            description: None,
            axis: None,
            shape: Shape::Bars,
            field: "x".into(),
            unit,
            points,
            whiskers: None,
        }
    }

    fn bars_plain(plot: &Plot, axis: &str) -> Drawing {
        bars(plot, axis, None, super::super::axis::WIDTH)
    }

    /// Each `<text>` of the drawing: where it starts and ends as estimated, its x, and what
    /// it shows (a `<title>` in it is not shown).
    fn texts(svg: &str) -> Vec<(f64, f64, f64, String)> {
        svg.split("<text ")
            .skip(1)
            .map(|t| {
                let attr = |name: &str| {
                    t.split(&format!("{name}=\"")).nth(1).and_then(|r| r.split('"').next()).unwrap_or("")
                };
                let body = t.split_once('>').map_or("", |b| b.1).split("</text>").next().unwrap_or("");
                let said = body.split_once("</title>").map_or(body, |b| b.1).to_string();
                let x: f64 = attr("x").parse().unwrap_or(f64::NAN);
                let w = text_width(&said);
                let (start, end) = match attr("text-anchor") {
                    "end" => (x - w, x),
                    "middle" => (x - w / 2.0, x + w / 2.0),
                    _ => (x, x + w),
                };
                (start, end, x, said)
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

    fn assert_inside(drawing: &Drawing) {
        for (start, end, _, said) in texts(&drawing.svg) {
            assert!(
                start >= 0.0 && end <= drawing.width,
                "`{said}` spans {start}..{end}, outside 0..{}: {}",
                drawing.width,
                drawing.svg
            );
        }
    }

    /// Issue 25: a 400 kbit/s bar on a Gbit/s axis was labelled 0. Issue 45: each bar's
    /// value is written with its unit, as a page states it.
    #[test]
    fn a_small_bar_on_a_large_axis_is_labelled_with_the_digits_that_show_it() {
        let drawing = bars_plain(&bars_of(Unit::GigabitPerSecond, &[400e3, 2e9]), "");
        let said: Vec<String> = texts(&drawing.svg).into_iter().map(|t| t.3).collect();
        assert!(said.contains(&"0.0004 Gbit/s".to_string()), "{said:?}");
        assert!(said.contains(&"2 Gbit/s".to_string()), "{said:?}");
        assert_inside(&drawing);
    }

    /// Issue 25: a negative bar was drawn 1 px wide with its label outside the picture. It
    /// is drawn from the zero line leftwards, its label beside its end, inside the picture.
    #[test]
    fn a_negative_bar_is_drawn_from_zero_with_its_label_inside_the_picture() {
        let drawing = bars_plain(&bars_of(Unit::Count, &[-50.0, 100.0]), "");
        let bars = rects(&drawing.svg);
        let (negative, positive) = (bars[0], bars[1]);
        // The negative bar ends where the positive one starts: at zero.
        assert!((negative.0 + negative.1 - positive.0).abs() < 0.01, "{bars:?}");
        // Half as long as the positive bar.
        assert!((negative.1 * 2.0 - positive.1).abs() < 0.05, "{bars:?}");
        assert_inside(&drawing);
        // The text after the negative bar is its value.
        let after = drawing.svg.split("<rect class=\"plot-bar\"").nth(1).unwrap_or("");
        let (_, _, x, said) = texts(after).into_iter().next().unwrap_or_default();
        assert_eq!(said, "-50", "left of the bar's end: {after}");
        assert!(after.contains("text-anchor=\"end\">-50<"), "{after}");
        assert!(x < negative.0, "{x} {negative:?}");
    }

    /// A README-only trial: `12,345,678,901.234` started where its bar ended, at 411 of 520.
    #[test]
    fn a_large_value_is_labelled_inside_the_picture() {
        for values in [[12_345_678_901.234, 1e-7], [-12_345_678_901.234, 12_345_678_901.234]] {
            let drawing = bars_plain(&bars_of(Unit::Count, &values), "");
            assert!(drawing.svg.contains(">12,345,678,901.234</text>"), "{}", drawing.svg);
            assert_inside(&drawing);
        }
    }

    /// A README-only trial: a run's long name ran off the picture.
    #[test]
    fn a_long_name_is_cut_short_with_its_whole_text_in_a_title() {
        let mut plot = bars_of(Unit::Count, &[1.0, 2.0]);
        let name = "a_run_with_a_really_quite_extraordinarily_long_name_that_goes_on_and_on_forever";
        plot.points[0].label = name.to_string();
        plot.points[1].label =
            "ホストが受信したフレームの数、十回の測定のそれぞれについて、長く書いたもの".into();
        let drawing = bars_plain(&plot, "");
        assert!(drawing.svg.contains(&format!("<title>{name}</title>")), "{}", drawing.svg);
        assert!(drawing.svg.contains("…</text>"), "{}", drawing.svg);
        assert_inside(&drawing);
    }

    /// A README-only trial: ticks of -12,500,000,000 and -10,000,000,000 were 45 units apart.
    #[test]
    fn tick_labels_stand_apart() {
        for values in [[-12_345_678_901.234, 1e-7], [12_345_678_901.234, 1e-7], [-1e15, 1e15]] {
            let drawing = bars_plain(&bars_of(Unit::Count, &values), "");
            let ticks: Vec<_> = drawing
                .svg
                .split("<line class=\"plot-axis\"")
                .last()
                .map(texts)
                .unwrap_or_default()
                .into_iter()
                // The axis's name is empty here: what is left is the ticks.
                .filter(|t| !t.3.is_empty())
                .collect();
            assert!(ticks.len() >= 2, "{ticks:?}");
            for pair in ticks.windows(2) {
                assert!(pair[0].1 + GAP <= pair[1].0, "{:?} and {:?} overlap", pair[0], pair[1]);
            }
            assert_inside(&drawing);
        }
    }

    /// A README-only trial: iperf's `2.84 GBytes` was labelled 3,049,426,780.16.
    #[test]
    fn a_value_is_labelled_no_finer_than_it_is_known() {
        assert_eq!(bar_value(3_049_426_780.16, Some(7)), "3,050,000,000");
        assert_eq!(bar_value(2.84, Some(-2)), "2.84");
        assert_eq!(bar_value(814.0, Some(0)), "814");
        assert_eq!(bar_value(0.000000123, Some(-9)), "0.000000123");
        assert_eq!(bar_value(6.5, None), "6.5");
    }

    /// A README-only trial: a zero value was drawn as a 1 px bar.
    #[test]
    fn zero_draws_no_bar_and_a_tiny_value_a_visible_one() {
        let drawing = bars_plain(&bars_of(Unit::Count, &[0.0, 1e-9, 5.0]), "");
        let bars = rects(&drawing.svg);
        assert_eq!(bars.len(), 2, "{}", drawing.svg);
        assert!(bars[0].1 >= 1.0, "{bars:?}");
        assert!(drawing.svg.contains(">0</text>"), "{}", drawing.svg);
    }
}
