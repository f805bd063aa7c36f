//! A plot's numbers and their room: round axes whose tick labels fit the length they are
//! drawn along, the text of a value with no more digits than it is known to, and the width
//! text is taken to have.
//!
//! Text is measured by estimate, not by a font: the SVG is read with whatever font the
//! reader has, so the estimate errs wide, and one estimate ([`text_width`]) is used for
//! every placement so that what is made room for is what is drawn. The grid and tick labels
//! along a horizontal axis are drawn here, as both shapes draw them.

use std::fmt::Write;

use crate::views::grouped_digits as grouped;

/// The font size, in viewBox units.
pub(super) const FONT: f64 = 15.0;

/// The room left between two tick labels, and between a label and what it labels.
pub(super) const GAP: f64 = 6.0;

/// How wide `text` is taken to be: about 0.6 em a character, and a full em for a wide
/// (CJK) one, so that a Japanese label is made the room it takes.
pub(super) fn text_width(text: &str) -> f64 {
    text.chars().map(|c| if is_wide(c) { FONT } else { FONT * 0.6 }).sum()
}

fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
}

/// `text` cut short with an ellipsis to fit `room`, or as it is when it fits.
pub(super) fn fitted(text: &str, room: f64) -> Option<String> {
    if text_width(text) <= room {
        return None;
    }
    let mut cut = String::new();
    for c in text.chars() {
        if text_width(&cut) + text_width(&c.to_string()) + text_width("…") > room {
            break;
        }
        cut.push(c);
    }
    Some(format!("{}…", cut.trim_end()))
}

/// An axis from `low` to a round `high`, in round steps.
pub(super) struct Axis {
    pub(super) low: f64,
    pub(super) high: f64,
    pub(super) step: f64,
    pub(super) decimals: usize,
}

impl Axis {
    /// About five round steps.
    pub(super) fn new(low: f64, high: f64) -> Axis {
        Axis::with_steps(low, high, 5)
    }

    /// The most steps, five at most, whose tick labels each stand apart when the axis is
    /// `length` long, and the length that needs: more than `length` only when even one
    /// step's two labels do not fit in it. Labels are centred on their tick.
    pub(super) fn fitting(low: f64, high: f64, length: f64) -> (Axis, f64) {
        let mut needed = f64::INFINITY;
        for target in (1..=5).rev() {
            let axis = Axis::with_steps(low, high, target);
            let widest = axis.ticks().iter().map(|t| text_width(&axis.label(*t))).fold(0.0, f64::max);
            let steps = axis.ticks().len().saturating_sub(1).max(1) as f64;
            needed = (widest + GAP) * steps;
            if needed <= length || target == 1 {
                return (axis, needed.max(length));
            }
        }
        (Axis::with_steps(low, high, 1), needed.max(length))
    }

    fn with_steps(low: f64, high: f64, target: u32) -> Axis {
        let span = if high > low { high - low } else { 1.0 };
        let rough = span / f64::from(target.max(1));
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

    pub(super) fn ticks(&self) -> Vec<f64> {
        let count = ((self.high - self.low) / self.step).round() as usize;
        (0..=count).map(|i| self.low + self.step * i as f64).collect()
    }

    pub(super) fn label(&self, tick: f64) -> String {
        number(tick, self.decimals)
    }
}

/// A number with at most `decimals` decimals (trailing zeros dropped) and its thousands
/// grouped.
pub(super) fn number(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    let text =
        if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_string() } else { text };
    let text = if text == "-0" { "0".to_string() } else { text };
    grouped(&text)
}

/// `value` to the decimal place `place` (0 the units, -2 the hundredths, 3 the thousands),
/// trailing zeros dropped and thousands grouped: `3,050,000,000` at place 7.
pub(super) fn at_place(value: f64, place: i32) -> String {
    if place <= 0 {
        return number(value, usize::try_from(-place).unwrap_or(0).min(20));
    }
    let unit = 10f64.powi(place);
    number((value / unit).round() * unit, 0)
}

/// `value` to the decimal place `place` as a page states it: trailing zeros kept (`1.0`,
/// `27.0`), thousands grouped.
pub(super) fn at_place_kept(value: f64, place: i32) -> String {
    if place > 0 {
        return at_place(value, place);
    }
    let decimals = usize::try_from(-place).unwrap_or(0).min(20);
    let text = format!("{value:.decimals$}");
    let text = if text.trim_start_matches('-').chars().all(|c| c == '0' || c == '.') {
        text.trim_start_matches('-').to_string()
    } else {
        text
    };
    grouped(&text)
}

/// The place of the last digit of a value known to `precision` (the value of its last
/// printed digit, in the unit it is written in): the finest decimal place no finer than
/// it, so that 0.01 GiB written in bytes keeps three digits, not ten.
pub(super) fn place_of(precision: f64) -> Option<i32> {
    (precision.is_finite() && precision > 0.0).then(|| (precision * (1.0 + 1e-9)).log10().floor() as i32)
}

/// A coordinate: two decimals at most, so that the output is short and the same on every
/// machine.
pub(super) fn fmt(value: f64) -> String {
    number(value, 2).replace(',', "")
}

/// The picture's width in viewBox units, unless its labels need more: the one a screen
/// wider than a phone's shows (at most 40 rem wide, its text 18.5 px at most).
pub(super) const WIDTH: f64 = 520.0;

/// The width of the same plot drawn again for a phone's column (about 360 px at 390 px):
/// [`FONT`] is then about 15 px, where the wide picture's was 10 (issue 45). The stylesheet
/// shows one of the two by the screen's width.
pub(super) const NARROW: f64 = 340.0;

/// A drawing's SVG elements and the size of the picture they need.
pub(super) struct Drawing {
    pub svg: String,
    pub height: f64,
    /// The viewBox's width: the width asked for, or more when the labels need it.
    pub width: f64,
}

pub(super) fn grid_vertical(svg: &mut String, axis: &Axis, bottom: f64, top: f64, x: &dyn Fn(f64) -> f64) {
    for tick in axis.ticks() {
        let _ = write!(
            svg,
            "<line class=\"plot-grid\" x1=\"{tx}\" y1=\"{top}\" x2=\"{tx}\" y2=\"{bottom}\" stroke=\"currentColor\" \
             stroke-opacity=\"0.25\"/>",
            tx = fmt(x(tick)),
        );
    }
}

/// Each tick's label under it, centred, but moved in to lie whole inside the picture's
/// `width`: the last tick's label sits at the plot's edge, and half of it was cut off.
pub(super) fn tick_labels_horizontal(
    svg: &mut String,
    axis: &Axis,
    bottom: f64,
    width: f64,
    x: &dyn Fn(f64) -> f64,
) {
    for tick in axis.ticks() {
        let label = axis.label(tick);
        let half = text_width(&label) / 2.0;
        let tx = x(tick).min(width - half - 2.0).max(half + 2.0);
        let _ = write!(
            svg,
            "<text x=\"{tx}\" y=\"{ty}\" text-anchor=\"middle\">{label}</text>",
            tx = fmt(tx),
            ty = fmt(bottom + FONT + 4.0),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tick_label_at_the_pictures_edge_is_moved_in_to_lie_whole_inside_it() {
        let axis = Axis::new(0.0, 12.5);
        let mut svg = String::new();
        // The axis ends 4 units before the picture's right edge, as an intervals plot's does.
        tick_labels_horizontal(&mut svg, &axis, 100.0, 520.0, &|t| 40.0 + t / 12.5 * 476.0);
        let last = svg.rsplit("<text").next().unwrap_or("");
        let x: f64 = last.split('"').nth(1).and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
        let label = axis.label(axis.high);
        assert!(last.contains(&format!(">{label}<")), "{last}");
        assert!(x + text_width(&label) / 2.0 <= 520.0, "{label} centred at {x} passes the edge: {svg}");
        let first = svg.split("<text").nth(1).unwrap_or("");
        assert!(first.starts_with(" x=\"40\""), "a label with room stays under its tick: {first}");
    }

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
        assert_eq!(grouped("1308305"), "1,308,305");
    }

    /// An axis of tiny steps labels each tick apart, not `0, 0, 0`.
    #[test]
    fn tiny_ticks_are_labelled_apart() {
        let axis = Axis::new(0.0, 4e-7);
        let labels: Vec<String> = axis.ticks().iter().map(|t| axis.label(*t)).collect();
        let mut unique = labels.clone();
        unique.dedup();
        assert_eq!(unique.len(), labels.len(), "{labels:?}");
    }

    /// A README-only trial: ticks of 2,500,000,000 on a 300-unit axis ran into each other.
    #[test]
    fn fitted_ticks_stand_apart_on_the_length_given() {
        let (axis, length) = Axis::fitting(-12_345_678_901.234, 0.0, 300.0);
        assert_eq!(length, 300.0);
        let ticks = axis.ticks();
        let steps = (ticks.len() - 1) as f64;
        let widest = ticks.iter().map(|t| text_width(&axis.label(*t))).fold(0.0, f64::max);
        assert!(length / steps >= widest + GAP, "{ticks:?} on {length}");
        // Too short for even one step: the length it needs.
        let (_, length) = Axis::fitting(0.0, 1e15, 50.0);
        assert!(length > 50.0);
    }

    #[test]
    fn a_value_is_written_to_its_place() {
        assert_eq!(at_place(3_049_426_780.16, 7), "3,050,000,000");
        assert_eq!(at_place(2.84, -2), "2.84");
        assert_eq!(at_place(814.0, 0), "814");
        assert_eq!(place_of(0.01), Some(-2));
        assert_eq!(at_place_kept(1.0, -1), "1.0");
        assert_eq!(at_place_kept(27.04, -1), "27.0");
        assert_eq!(at_place_kept(1_287_603.0, 0), "1,287,603");
        assert_eq!(at_place_kept(-0.01, -1), "0.0");
        assert_eq!(place_of(1.0), Some(0));
        assert_eq!(place_of(0.01 * 1_073_741_824.0), Some(7));
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis_to_its_room() {
        assert_eq!(fitted("short", 100.0), None);
        let cut = fitted("a_run_with_a_long_name", 90.0).unwrap_or_default();
        assert!(cut.ends_with('…') && text_width(&cut) <= 90.0, "{cut}");
    }
}
