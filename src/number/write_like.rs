//! Writing a value the way a stated number was written ([`format_like`]): its separators,
//! digits, scale word and unit; which is how every suggestion of what would pass is written.
//!
//! Owns [`InStated`] (the computed value in the stated unit, exact where the figure is), the
//! finest digit a tool printed ([`printed_exponent`]) and the writing. It does not compare
//! (`check`) nor choose another unit for a suggestion (`own_kind`): both call it, and it
//! calls neither.

use std::fmt::Write as _;

use super::decimal::decimal_text;
use super::lex::SCALE_WORDS;
use super::{Decimal, Exact, Rounding, Stated, Unit};
use crate::number::{Computed, Printed};

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

    pub(super) fn is_zero(&self) -> bool {
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

/// Writes `value` (base units) the way tally shows a computed value: 15 significant digits
/// at most, no trailing zeros, with the unit's symbol.
pub(crate) fn plain_text(value: f64, unit: Unit) -> String {
    let in_unit = value / unit.factor();
    let mut out =
        if in_unit.is_finite() { decimal_text(&Decimal::from_f64(in_unit)) } else { format!("{in_unit}") };
    if unit != Unit::Count {
        out.push(' ');
        out.push_str(unit.symbol());
    }
    out
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
        number.push(if like.style.full_width_point { '．' } else { '.' });
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
