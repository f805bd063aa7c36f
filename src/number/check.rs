//! Comparing a stated number with a computed figure ([`check`]), and what a [`Mismatch`]
//! says would pass.
//!
//! Owns [`Passed`] and [`Mismatch`]. It does not parse the stated number (`stated`), do the
//! decimal rounding itself (`decimal`), or write a value as a stated one was written
//! (`write_like`); turning a mismatch into a diagnostic is the caller's.

use super::own_kind::{would_pass_at_readable_prefix, would_pass_in_own_kind};
use super::words::{WordKind, step_check, write_words};
use super::write_like::{InStated, computed_text, printed_exponent, write_like};
use super::{Decimal, Rounding, Stated, UnitKind, plain_text};
use crate::number::{Computed, Printed};

/// A check that passed.
#[derive(Debug, Clone, PartialEq)]
pub struct Passed {
    /// The computed value in the stated unit.
    pub computed_in_stated_unit: f64,
}

/// Why a stated number is not the computed one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Mismatch {
    #[error("states {} but the figure is {}", .stated.name(), .computed.name())]
    UnitKind {
        stated: UnitKind,
        computed: UnitKind,
        /// The computed value in its own unit, as text.
        computed_text: String,
        would_pass: String,
    },
    /// Stated more precisely than the tool printed the value: digits no one measured.
    #[error("{} `{as_written}`, and the value is known no more precisely than that", printed_by(by))]
    FinerThanPrinted {
        by: &'static str,
        as_written: String,
        /// The value at the printed precision, written as the stated one where it can be.
        would_pass: String,
    },
    #[error("the data gives {computed_text}")]
    Value {
        /// The computed value in the stated unit, as text.
        computed_text: String,
        /// The TEXT that would pass, written as the stated one.
        would_pass: String,
    },
}

impl Mismatch {
    pub fn would_pass(&self) -> &str {
        match self {
            Mismatch::UnitKind { would_pass, .. }
            | Mismatch::FinerThanPrinted { would_pass, .. }
            | Mismatch::Value { would_pass, .. } => would_pass,
        }
    }
}

/// "iperf printed", "runs.yaml writes" for a value typed by hand, "the table holds" for a
/// table of one's own (whose cells no tool may have printed).
fn printed_by(by: &str) -> String {
    match by {
        "runs.yaml" => "runs.yaml writes".to_string(),
        "table" => "the table holds".to_string(),
        tool => format!("{tool} printed"),
    }
}

/// Compares a stated number with the computed value: converted into the stated unit,
/// rounded at the stated precision (with `approximate`, trailing zeros of an integer are
/// not significant), then equal or not. An exact figure is converted and rounded exactly;
/// only one without an exact value is taken from its `f64`.
pub fn check(stated: &Stated, computed: &Computed, approximate: bool) -> Result<Passed, Mismatch> {
    if stated.unit.kind() != computed.unit.kind() {
        return Err(Mismatch::UnitKind {
            stated: stated.unit.kind(),
            computed: computed.unit.kind(),
            computed_text: computed_text(computed, computed.unit),
            would_pass: would_pass_in_own_kind(stated, computed, approximate),
        });
    }
    // A number in words states its own step, and a bound one side of the number.
    if stated.style.words.is_some() || stated.bound.is_some() {
        return check_stepped(stated, computed);
    }
    let in_stated = computed.value / stated.unit.factor();
    let Some(computed_value) = InStated::of(computed, stated.unit) else {
        let computed_text = plain_text(computed.value, stated.unit);
        return Err(Mismatch::Value { computed_text: computed_text.clone(), would_pass: computed_text });
    };
    let exponent = stated.precision_exponent(approximate);
    // Stated finer than the tool printed: too precise when it could be the value, a plain
    // mismatch when it cannot (`2.84 GB` for `2.84 GBytes`), whose suggestion is then at
    // the printed precision too, or it would fail in turn.
    let mut finer_than_printed = None;
    if let Some(printed) = &computed.printed
        && let Some(coarsest) = printed_exponent(printed, stated.unit)
        && exponent < coarsest
    {
        let would_pass = at_printed_precision(&computed_value, coarsest, computed.round, stated, printed);
        if within_printed(stated, exponent, in_stated, printed) {
            return Err(Mismatch::FinerThanPrinted {
                by: printed.by,
                as_written: printed.as_written.clone(),
                would_pass,
            });
        }
        finer_than_printed = Some(would_pass);
    }
    let rounded_digits = computed_value.digits_at(exponent, computed.round);
    let stated_digits = stated.decimal.digits_at(exponent, Rounding::Down);
    let same_sign = rounded_digits.is_empty() || computed_value.is_negative() == stated.decimal.negative;
    // Zero states that there was nothing: never a value that merely rounds to nothing
    // (`0 Gbit/s` for 177 Mbit/s).
    let zero_for_something = stated.decimal.is_zero() && !computed_value.is_zero();
    if rounded_digits == stated_digits && same_sign && !zero_for_something {
        return Ok(Passed { computed_in_stated_unit: in_stated });
    }
    let rounded = Decimal::new(computed_value.is_negative(), &rounded_digits, exponent);
    let would_pass = if let Some(at_printed) = finer_than_printed {
        at_printed
    } else if reads_oddly(&rounded, &computed_value, stated) {
        would_pass_at_readable_prefix(stated, computed, approximate)
    } else {
        write_like(&rounded, stated, None)
    };
    Err(Mismatch::Value { computed_text: computed_text(computed, stated.unit), would_pass })
}

/// Whether the value rounded at the stated precision and unit would be a poor suggestion:
/// `0` for something (which says there was nothing, and fails), or a fraction below one
/// where the author wrote none (`0.03 s` for `[1 s]`), which no one writes for 30 ms.
fn reads_oddly(rounded: &Decimal, computed: &InStated, stated: &Stated) -> bool {
    if computed.is_zero() {
        return false;
    }
    let below_one = |d: &Decimal| d.exponent + (d.digits.len() as i32) <= 0;
    rounded.is_zero() || (below_one(rounded) && (stated.decimal.is_zero() || !below_one(&stated.decimal)))
}

/// Whether `stated` (its last digit at 10^`exponent`) could be the value the tool printed
/// rounded, `in_stated` in the stated unit: the stated value's interval and the printed
/// one's overlap.
fn within_printed(stated: &Stated, exponent: i32, in_stated: f64, printed: &Printed) -> bool {
    let Ok(as_printed) = super::parse_stated(&printed.stated) else {
        return true;
    };
    let printed_step =
        10f64.powi(as_printed.precision_exponent(false)) * as_printed.unit.factor() / stated.unit.factor();
    let stated_step = 10f64.powi(exponent);
    // A hair of slack for the binary arithmetic, as in `printed_exponent`.
    (stated.value - in_stated).abs() <= (printed_step + stated_step) / 2.0 * (1.0 + 1e-9)
}

/// What would pass for a value stated finer than printed: the value at the printed
/// precision, written as the stated one; or, where that would need trailing zeros that read
/// as digits (`814,000 kbit/s`), as the tool printed it.
fn at_printed_precision(
    computed: &InStated,
    exponent: i32,
    rounding: Rounding,
    like: &Stated,
    printed: &Printed,
) -> String {
    if exponent > like.style.scale_exponent || like.style.compound {
        return printed.stated.clone();
    }
    let digits = computed.digits_at(exponent, rounding);
    let rounded = Decimal::new(computed.is_negative(), &digits, exponent);
    let mut coarser = like.clone();
    coarser.style.decimals = 0;
    write_like(&rounded, &coarser, None)
}

/// The step a number states: a number in words its own ("a thousand": 1000), one in digits
/// its last significant digit (trailing zeros of an integer do not count: "over 200" is to
/// the hundred).
fn step_of(stated: &Stated) -> f64 {
    match &stated.style.words {
        Some(words) => words.step.0 as f64 / words.step.1 as f64,
        None => 10f64.powi(stated.precision_exponent(true)),
    }
}

/// Checks a number stated in words or with a bound: rounded to its step (in words), or on
/// the bound's side of it within its reach.
pub(crate) fn check_stepped(stated: &Stated, computed: &Computed) -> Result<Passed, Mismatch> {
    let c = computed.value / stated.unit.factor();
    let step = step_of(stated);
    let down = computed.round == Rounding::Down;
    let kind = stated.style.words.map_or(WordKind::Cardinal, |w| w.kind);
    let passes = match &stated.bound {
        Some(bound) => bound.kind.admits(stated.value, step, c),
        None => step_check(stated.value, step, kind, c, down),
    };
    if passes {
        return Ok(Passed { computed_in_stated_unit: c });
    }
    let rounded = if down { (c / step).trunc() } else { (c / step).round() };
    let (steps, bound) = match &stated.bound {
        Some(bound) => match bound.kind.suggest(step, c) {
            Some(steps) => (steps, Some(bound)),
            None => (rounded, None),
        },
        None => (rounded, None),
    };
    let number = write_steps(stated, steps, step, c);
    let number =
        if steps == 0.0 && c != 0.0 && bound.is_none() { write_nearest(stated, c, down) } else { number };
    let would_pass = match bound {
        Some(bound) if bound.before => format!("{} {number}", bound.phrase),
        Some(bound) => format!("{number}{}", bound.phrase),
        None => number,
    };
    Err(Mismatch::Value { computed_text: computed_text(computed, stated.unit), would_pass })
}

/// A value that rounds to nothing at the stated step (一万 for 1,024), written at the step
/// of its leading digit instead (千), as a reader would write it.
fn write_nearest(stated: &Stated, computed: f64, down: bool) -> String {
    let mut coarse = stated.clone();
    let step = 10f64.powi(computed.abs().log10().floor() as i32);
    if let Some(words) = &mut coarse.style.words
        && words.kind == WordKind::Cardinal
        && step >= 1.0
    {
        words.step = (step as u64, 1);
    }
    let steps = if down { (computed / step).trunc() } else { (computed / step).round() };
    write_steps(&coarse, steps, step, computed)
}

/// `steps` steps of `step`, written as `stated` was: in its words, or its digits.
fn write_steps(stated: &Stated, steps: f64, step: f64, computed: f64) -> String {
    let one_in = if computed > 0.0 { (100.0 / computed).round().max(1.0) as u64 } else { 1 };
    // "one in one" is no share a reader says (a user trial, for 73.6 %): above half, the
    // share is proposed in digits.
    let says_one_in_one =
        stated.style.words.is_some_and(|w| matches!(w.kind, WordKind::OneIn(_))) && one_in < 2;
    if says_one_in_one {
        let whole = Decimal::new(computed < 0.0, &format!("{:.0}", computed.abs()), 0);
        return write_like(&whole, stated, None);
    }
    if let Some(words) = &stated.style.words
        && (0.0..1e15).contains(&steps)
    {
        return write_words(steps as u64, words, stated.unit, one_in);
    }
    let exponent = step.log10().round() as i32;
    let units = (steps * step / 10f64.powi(exponent)).round();
    let decimal = Decimal::new(units < 0.0, &format!("{:.0}", units.abs()), exponent);
    write_like(&decimal, stated, None)
}

#[cfg(test)]
mod tests;
