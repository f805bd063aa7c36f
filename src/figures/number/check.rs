//! Comparing a stated number with a computed figure ([`check`]), and writing a value the
//! way a stated one was written ([`format_like`]), which is also how a [`Mismatch`] says
//! what would pass.
//!
//! Owns [`Passed`] and [`Mismatch`]. It does not parse the stated number (`stated`) nor do
//! the decimal rounding itself (`decimal`); turning a mismatch into a diagnostic is the
//! caller's.

use std::fmt::Write as _;

use super::lex::SCALE_WORDS;
use super::own_kind::{would_pass_at_readable_prefix, would_pass_in_own_kind};
use super::{Decimal, Exact, Rounding, Stated, Unit, UnitKind, plain_text};
use crate::figures::{Computed, Printed};

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

/// The computed value in the stated unit, as it is compared.
pub(super) enum InStated {
    /// Exactly: the figure's exact value over the unit's exact factor.
    Exact(Exact),
    /// A figure with no exact value (one past what is kept exactly): its `f64` taken to 15
    /// significant digits, more than any measurement has and fewer than the noise of binary
    /// arithmetic.
    Approximate(Decimal),
}

impl InStated {
    /// None when the figure has no exact value and its `f64` is not finite.
    pub(super) fn of(computed: &Computed, unit: Unit) -> Option<InStated> {
        if let Some(exact) = &computed.exact
            && let Some(in_unit) = in_unit(exact, unit)
        {
            return Some(InStated::Exact(in_unit));
        }
        let in_unit = computed.value / unit.factor();
        in_unit.is_finite().then(|| InStated::Approximate(Decimal::from_f64(in_unit)))
    }

    pub(super) fn is_negative(&self) -> bool {
        match self {
            InStated::Exact(exact) => exact.is_negative(),
            InStated::Approximate(decimal) => decimal.negative,
        }
    }

    fn is_zero(&self) -> bool {
        match self {
            InStated::Exact(exact) => exact.is_zero(),
            InStated::Approximate(decimal) => decimal.is_zero(),
        }
    }

    pub(super) fn digits_at(&self, exponent: i32, rounding: Rounding) -> String {
        match self {
            InStated::Exact(exact) => exact.digits_at(exponent, rounding),
            InStated::Approximate(decimal) => decimal.digits_at(exponent, rounding),
        }
    }

    /// The exponent of the leading digit; None for zero.
    pub(super) fn leading_exponent(&self) -> Option<i32> {
        match self {
            InStated::Exact(exact) => exact.leading_exponent(),
            InStated::Approximate(decimal) if decimal.is_zero() => None,
            InStated::Approximate(decimal) => Some(decimal.exponent + decimal.digits.len() as i32 - 1),
        }
    }
}

/// `exact` (in base units) in `unit`.
fn in_unit(exact: &Exact, unit: Unit) -> Option<Exact> {
    if unit.factor() == 1.0 {
        // Most figures are stated in their base unit: nothing to divide.
        return Some(exact.clone());
    }
    exact.div(&unit.exact_factor())
}

/// The computed value written in `unit`, as a message shows it: exactly when the figure is
/// exact (an integer at every digit, anything else to 15 significant digits), else from its
/// `f64`.
pub(crate) fn computed_text(computed: &Computed, unit: Unit) -> String {
    let Some(in_unit) = computed.exact.as_ref().and_then(|exact| in_unit(exact, unit)) else {
        return plain_text(computed.value, unit);
    };
    let mut out = in_unit.text();
    if unit != Unit::Count {
        out.push(' ');
        out.push_str(unit.symbol());
    }
    out
}

/// The finest power of ten in `unit` that is no finer than the last digit the tool printed
/// (`814 Mbits/sec` in kbit/s: 10^3), when the printed value reads as a figure of its kind.
pub(super) fn printed_exponent(printed: &Printed, unit: Unit) -> Option<i32> {
    let as_printed = super::parse_stated(&printed.stated).ok()?;
    if as_printed.unit.kind() != unit.kind() {
        return None;
    }
    let step = 10f64.powi(as_printed.precision_exponent(false)) * as_printed.unit.factor() / unit.factor();
    // A hair of slack, so that binary units that are the same step (GiB against GiB) agree.
    Some((step.log10() - 1e-9).ceil() as i32)
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

/// Writes `value` (in base units) in the style of `like`, replacing its number inside
/// `original_text` and keeping the words, scale word and unit around it.
pub fn format_like(value: f64, like: &Stated, original_text: &str) -> String {
    let in_stated = value / like.unit.factor();
    let exponent = like.decimal.exponent;
    let decimal = Decimal::from_f64(in_stated);
    let digits = decimal.digits_at(exponent, Rounding::HalfAwayFromZero);
    let rounded = Decimal::new(decimal.negative, &digits, exponent);
    write_like(&rounded, like, Some(original_text))
}

/// Writes `rounded` with the separators, digits and scale of `like`; into `original` at the
/// number's place when given, else just the number with its scale word and unit.
pub(super) fn write_like(rounded: &Decimal, like: &Stated, original: Option<&str>) -> String {
    if like.style.compound
        && let Some(number) = compound_text(rounded, like.style.full_width)
    {
        return match original {
            Some(text) if text.get(like.whole_range.clone()).is_some() => {
                let unit_text = &text[like.scale_end..like.whole_range.end];
                format!(
                    "{}{number}{unit_text}{}",
                    &text[..like.whole_range.start],
                    &text[like.whole_range.end..]
                )
            }
            _ if like.unit != Unit::Count => format!("{number} {}", like.unit.symbol()),
            _ => number,
        };
    }
    // The literal is the value divided by the scale word.
    let literal_exponent = rounded.exponent - like.style.scale_exponent;
    let decimals = like.style.decimals.max(usize::try_from(-literal_exponent).unwrap_or(0));
    let digits = if rounded.is_zero() { String::new() } else { rounded.digits.clone() };
    let mut all = if literal_exponent >= 0 {
        format!("{digits}{}", "0".repeat(literal_exponent as usize))
    } else {
        digits
    };
    let needed = decimals + 1;
    if all.len() < needed {
        all = format!("{all:0>needed$}");
    }
    let (integer, fraction) = all.split_at(all.len() - decimals);
    let mut number = String::new();
    if rounded.negative {
        number.push('-');
    }
    if like.style.thousands_separator {
        for (i, c) in integer.chars().enumerate() {
            if i > 0 && (integer.len() - i) % 3 == 0 {
                number.push(',');
            }
            number.push(c);
        }
    } else {
        number.push_str(integer);
    }
    if decimals > 0 {
        number.push('.');
        number.push_str(fraction);
    }
    if like.style.full_width {
        number = number
            .chars()
            .map(|c| match c {
                '0'..='9' => char::from_u32('０' as u32 + (c as u32 - '0' as u32)).unwrap_or(c),
                _ => c,
            })
            .collect();
    }
    match original {
        Some(text) if text.get(like.number_range.clone()).is_some() => {
            let mut out = String::with_capacity(text.len() + 4);
            out.push_str(&text[..like.number_range.start]);
            out.push_str(&number);
            out.push_str(&text[like.number_range.end..]);
            out
        }
        _ => {
            let mut out = number;
            let scale = SCALE_WORDS
                .iter()
                .find(|(_, e)| *e == like.style.scale_exponent && like.style.scale_exponent != 0);
            if let Some((word, _)) = scale {
                if word.is_ascii() {
                    out.push(' ');
                }
                out.push_str(word);
            }
            if like.unit != Unit::Count {
                let _ = write!(out, " {}", like.unit.symbol());
            }
            out
        }
    }
}

/// An integer written as a Japanese compound number (`8億1400万`), or None when it has a
/// fraction or is too large for 兆.
fn compound_text(rounded: &Decimal, full_width: bool) -> Option<String> {
    if rounded.exponent < 0 || rounded.digits.len() as i32 + rounded.exponent > 16 {
        return None;
    }
    let all = format!("{}{}", rounded.digits, "0".repeat(rounded.exponent as usize));
    let value: u64 = if all.is_empty() { 0 } else { all.parse().ok()? };
    let mut out = String::new();
    if rounded.negative {
        out.push('-');
    }
    let mut rest = value;
    for (word, power) in [("兆", 1_000_000_000_000u64), ("億", 100_000_000), ("万", 10_000)] {
        let part = rest / power;
        rest %= power;
        if part > 0 {
            out.push_str(&part.to_string());
            out.push_str(word);
        }
    }
    if rest > 0 || value == 0 {
        out.push_str(&rest.to_string());
    }
    if full_width {
        out = out
            .chars()
            .map(|c| match c {
                '0'..='9' => char::from_u32('０' as u32 + (c as u32 - '0' as u32)).unwrap_or(c),
                _ => c,
            })
            .collect();
    }
    Some(out)
}

#[cfg(test)]
mod tests;
