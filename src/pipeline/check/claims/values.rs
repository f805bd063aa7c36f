//! Values as text: a figure's value for `<data value>`, its hover text and its one-line
//! explanation in diagnostics.
//!
//! Owns these three spellings of a computed figure. It does not format a value as a reader
//! reads it in prose (that is `crate::number` and `views::grouped_digits`).

use crate::number::computed_text;
use crate::number::{Computed, Over, plain_text};

/// The computation and its value, short: what a reader sees when hovering a figure (the
/// inputs are in the page's evidence, one click away), with the N and spread of a figure
/// over a series.
pub(crate) fn short_title(computed: &Computed) -> String {
    let mut title = format!("{} = {}", computed.formula, computed_text(computed, computed.unit));
    if let Some(spread) = spread_text(computed) {
        title.push_str(&format!(" ({spread})"));
    }
    title
}

/// The N and spread of a figure over a series, in symbols that read alike in every
/// language: "N = 4, 986–989 Mbit/s, SE ± 0.69 Mbit/s" (the range and the standard error
/// of the values read over the series, in the figure's unit when they are of its kind).
pub(crate) fn spread_text(computed: &Computed) -> Option<String> {
    let over: &Over = computed.over.as_deref()?;
    let n = over.runs.len();
    let mut text = format!("N = {n}");
    if over.unit.kind() != computed.unit.kind() || over.values.is_empty() {
        return Some(text);
    }
    let unit = computed.unit;
    let low = over.values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = over.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let count = over.values.len();
    let se = (count >= 2).then(|| {
        let mean = over.values.iter().sum::<f64>() / count as f64;
        let variance = over.values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (count as f64 - 1.0);
        two_significant((variance / count as f64).sqrt())
    });
    // The ends to the place the spread is shown to (a user trial read
    // "13.7670037466605–20.0341149498793 Gbit/s"): the SE's last digit, else four digits.
    let place = match se {
        Some(se) if se > 0.0 && se.is_finite() => se.log10().floor() as i32 - 1,
        _ => high.abs().max(low.abs()).max(f64::MIN_POSITIVE).log10().floor() as i32 - 3,
    };
    let at_place = |value: f64| {
        let scale = 10f64.powi(-place);
        (value * scale).round() / scale
    };
    let high_text = plain_text(at_place(high), unit);
    let low_text = plain_text(at_place(low), unit);
    let low_number = low_text.strip_suffix(&format!(" {}", unit.symbol())).unwrap_or(&low_text);
    text.push_str(&format!(", {low_number}–{high_text}"));
    if let Some(se) = se {
        text.push_str(&format!(", SE ± {}", plain_text(se, unit)));
    }
    Some(text)
}

/// `value` rounded to two significant digits, as a spread is shown.
fn two_significant(value: f64) -> f64 {
    if value == 0.0 || !value.is_finite() {
        return value;
    }
    let scale = 10f64.powi(1 - value.abs().log10().floor() as i32);
    (value * scale).round() / scale
}

/// The computation and its inputs, one line: what a diagnostic says a figure is.
pub(crate) fn explain(computed: &Computed) -> String {
    let value = computed_text(computed, computed.unit);
    let single_input = computed.inputs.len() == 1 && computed.inputs[0].0 == computed.formula;
    if single_input {
        return format!("{} = {value}", computed.formula);
    }
    // Marked as the evidence marks them, so that a mismatch's note says which values a
    // `drop_ends` left out (a README-only trial read all thirty as the median's inputs).
    let mut dropped: Vec<&(String, f64)> = computed.dropped.iter().collect();
    let inputs: Vec<String> = computed
        .inputs
        .iter()
        .map(|input| {
            let (path, v) = input;
            match dropped.iter().position(|d| *d == input) {
                Some(at) => {
                    dropped.remove(at);
                    format!("{path} = {} (dropped by drop_ends)", machine_value(*v))
                }
                None => format!("{path} = {}", machine_value(*v)),
            }
        })
        .collect();
    let mut text = format!("{} = {} = {value}", computed.name, computed.formula);
    if !inputs.is_empty() {
        text.push_str(&format!(" (with {})", inputs.join(", ")));
    }
    text
}

/// A computed value for `<data value>`: an integer whole when it is one exactly (an f64
/// holds 15 to 17 digits of a 28-digit one), else [`machine_value`].
pub(super) fn exact_machine_value(computed: &Computed) -> String {
    match &computed.exact {
        Some(exact) if exact.is_integer() && computed.value.abs() >= 1e15 => exact.text(),
        _ => machine_value(computed.value),
    }
}

/// A value for `<data value>`: the shortest text that reads back as the same number.
pub(crate) fn machine_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        // What `{value:.0}` writes, from the integer: formatting a float to a precision is
        // the slow path of Rust's float printing, and every figure has a value.
        let whole = value as i64;
        if whole == 0 && value.is_sign_negative() {
            return "-0".to_string();
        }
        itoa::Buffer::new().format(whole).to_string()
    } else {
        format!("{value}")
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// The spelling `machine_value` had before it wrote whole values through itoa.
    fn formatted(value: f64) -> String {
        if value.fract() == 0.0 && value.abs() < 1e15 { format!("{value:.0}") } else { format!("{value}") }
    }

    /// A README-only trial: a `drop_ends` figure's mismatch listed every value read, the
    /// two it dropped among them unmarked.
    #[test]
    fn a_mismatch_note_marks_the_values_drop_ends_left_out() {
        use crate::number::{Computed, Rounding, Unit};
        let read = |v: f64| ("runs.t.sent.intervals".to_string(), v);
        let computed = Computed {
            name: "steady".into(),
            value: 5.0,
            unit: Unit::Count,
            exact: None,
            formula: "median(drop_ends(runs.t.sent.intervals, 1))".into(),
            inputs: vec![read(1.0), read(5.0), read(5.0), read(9.0)],
            dropped: vec![read(1.0), read(9.0)],
            round: Rounding::HalfAwayFromZero,
            withdrawn: Vec::new(),
            printed: None,
            over: None,
        };
        let note = super::explain(&computed);
        assert!(note.contains("runs.t.sent.intervals = 1 (dropped by drop_ends), "), "{note}");
        assert!(note.contains("runs.t.sent.intervals = 9 (dropped by drop_ends))"), "{note}");
        assert_eq!(note.matches("dropped").count(), 2, "{note}");
    }

    /// Regression (user trial): the hover title's range held every binary digit of the
    /// values read ("13.7670037466605–20.0341149498793 Gbit/s").
    #[test]
    fn a_spreads_range_is_shown_to_the_place_of_its_standard_error() {
        use crate::number::{Computed, Over, Rounding, Unit};
        let values = vec![13.7670037466605e9, 20.0341149498793e9, 18.49e9, 19.1e9, 17.0e9];
        let computed = Computed {
            name: "lo_median".into(),
            value: 18.49e9,
            unit: Unit::GigabitPerSecond,
            exact: None,
            formula: "median(series.lo.*.bits_per_second)".into(),
            inputs: Vec::new(),
            dropped: Vec::new(),
            round: Rounding::HalfAwayFromZero,
            withdrawn: Vec::new(),
            printed: None,
            over: Some(Box::new(Over {
                series: "lo".into(),
                runs: (1..=5).map(|i| format!("r{i}")).collect(),
                values,
                unit: Unit::GigabitPerSecond,
            })),
        };
        let text = super::spread_text(&computed).unwrap_or_default();
        assert_eq!(text, "N = 5, 13.8–20 Gbit/s, SE ± 1.1 Gbit/s");
    }

    #[test]
    fn whole_values_are_written_as_formatting_to_no_decimals_writes_them() {
        for value in [0.0, -0.0, 1.0, -1.0, 999_999_999_999_999.0, -999_999_999_999_999.0, 1e15, 2.5, -0.5] {
            assert_eq!(super::machine_value(value), formatted(value), "{value:?}");
        }
    }

    proptest! {
        #[test]
        fn any_value_is_written_as_before(whole in -2_000_000_000_000_000i64..2_000_000_000_000_000, bits in any::<u64>()) {
            let value = whole as f64;
            prop_assert_eq!(super::machine_value(value), formatted(value));
            let any = f64::from_bits(bits);
            if any.is_finite() {
                prop_assert_eq!(super::machine_value(any), formatted(any));
            }
        }
    }
}
