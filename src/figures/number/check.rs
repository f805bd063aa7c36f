//! Comparing a stated number with a computed figure ([`check`]), and writing a value the
//! way a stated one was written ([`format_like`]), which is also how a [`Mismatch`] says
//! what would pass.
//!
//! Owns [`Passed`] and [`Mismatch`]. It does not parse the stated number (`stated`) nor do
//! the decimal rounding itself (`decimal`); turning a mismatch into a diagnostic is the
//! caller's.

use std::fmt::Write as _;

use super::lex::SCALE_WORDS;
use super::{Decimal, Rounding, Stated, Unit, UnitKind, plain_text};
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
    #[error("{by} printed `{as_written}`, and the value is known no more precisely than that")]
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

/// Compares a stated number with the computed value: converted into the stated unit,
/// rounded at the stated precision (with `approximate`, trailing zeros of an integer are
/// not significant), then equal or not.
pub fn check(stated: &Stated, computed: &Computed, approximate: bool) -> Result<Passed, Mismatch> {
    if stated.unit.kind() != computed.unit.kind() {
        let mut would_pass = plain_text(computed.value, computed.unit);
        if stated.style.thousands_separator {
            would_pass = with_separators(&would_pass);
        }
        return Err(Mismatch::UnitKind {
            stated: stated.unit.kind(),
            computed: computed.unit.kind(),
            computed_text: plain_text(computed.value, computed.unit),
            would_pass,
        });
    }
    let in_stated = computed.value / stated.unit.factor();
    if !in_stated.is_finite() {
        let computed_text = plain_text(computed.value, stated.unit);
        return Err(Mismatch::Value { computed_text: computed_text.clone(), would_pass: computed_text });
    }
    let exponent = stated.precision_exponent(approximate);
    let computed_decimal = exact_in(computed, stated.unit).unwrap_or_else(|| Decimal::from_f64(in_stated));
    if let Some(printed) = &computed.printed
        && let Some(coarsest) = printed_exponent(printed, stated.unit)
        && exponent < coarsest
    {
        return Err(Mismatch::FinerThanPrinted {
            by: printed.by,
            as_written: printed.as_written.clone(),
            would_pass: at_printed_precision(&computed_decimal, coarsest, computed.round, stated, printed),
        });
    }
    let rounded_digits = computed_decimal.digits_at(exponent, computed.round);
    let stated_digits = stated.decimal.digits_at(exponent, Rounding::Down);
    let same_sign = rounded_digits.is_empty() || computed_decimal.negative == stated.decimal.negative;
    // Zero states that there was nothing: never a value that merely rounds to nothing
    // (`0 Gbit/s` for 177 Mbit/s).
    let zero_for_something = stated.decimal.is_zero() && !computed_decimal.is_zero();
    if rounded_digits == stated_digits && same_sign && !zero_for_something {
        return Ok(Passed { computed_in_stated_unit: in_stated });
    }
    let (rounded_digits, exponent) = if zero_for_something && rounded_digits.is_empty() {
        // Fine enough to show three significant digits.
        let leading = computed_decimal.exponent + computed_decimal.digits.len() as i32 - 1;
        let finer = (leading - 2).min(exponent);
        (computed_decimal.digits_at(finer, computed.round), finer)
    } else {
        (rounded_digits, exponent)
    };
    let rounded = Decimal::new(computed_decimal.negative, &rounded_digits, exponent);
    Err(Mismatch::Value {
        computed_text: plain_text(computed.value, stated.unit),
        would_pass: write_like(&rounded, stated, None),
    })
}

/// The finest power of ten in `unit` that is no finer than the last digit the tool printed
/// (`814 Mbits/sec` in kbit/s: 10^3), when the printed value reads as a figure of its kind.
fn printed_exponent(printed: &Printed, unit: Unit) -> Option<i32> {
    let as_printed = super::parse_stated(&printed.stated).ok()?;
    if as_printed.unit.kind() != unit.kind() {
        return None;
    }
    let step = 10f64.powi(as_printed.precision_exponent(false)) * as_printed.unit.factor() / unit.factor();
    // A hair of slack, so that binary units that are the same step (GiB against GiB) agree.
    Some((step.log10() - 1e-9).ceil() as i32)
}

/// What would pass for a value stated finer than printed: the value at the printed
/// precision, written as the stated one; or, where that would need trailing zeros that read
/// as digits (`814,000 kbit/s`), as the tool printed it.
fn at_printed_precision(
    computed: &Decimal,
    exponent: i32,
    rounding: Rounding,
    like: &Stated,
    printed: &Printed,
) -> String {
    if exponent > like.style.scale_exponent || like.style.compound {
        return printed.stated.clone();
    }
    let digits = computed.digits_at(exponent, rounding);
    let rounded = Decimal::new(computed.negative, &digits, exponent);
    let mut coarser = like.clone();
    coarser.style.decimals = 0;
    write_like(&rounded, &coarser, None)
}

/// "1234567.5 bit/s" → "1,234,567.5 bit/s": thousands separators in the leading number, as
/// the author wrote them.
fn with_separators(text: &str) -> String {
    let digits_end = text.find(|c: char| !c.is_ascii_digit() && c != '-').unwrap_or(text.len());
    let (sign, integer) = text[..digits_end].split_at(usize::from(text.starts_with('-')));
    let mut out = sign.to_string();
    for (i, c) in integer.chars().enumerate() {
        if i > 0 && (integer.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out.push_str(&text[digits_end..]);
    out
}

/// The computed value exactly, in `unit`, when it is an integer and `unit`'s factor a power
/// of ten (bit/s…Gbit/s, B…GB, s…ns, counts): no binary rounding on the way.
fn exact_in(computed: &Computed, unit: Unit) -> Option<Decimal> {
    let exact = computed.exact?;
    let factor = unit.factor();
    let exponent = if factor >= 1.0 {
        let e = factor.log10().round() as i32;
        (10f64.powi(e) == factor).then_some(-e)?
    } else {
        let e = (1.0 / factor).log10().round() as i32;
        (10f64.powi(-e) == factor).then_some(e)?
    };
    let digits = exact.unsigned_abs().to_string();
    Some(Decimal::new(exact < 0, if exact == 0 { "" } else { &digits }, exponent).trimmed())
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
fn write_like(rounded: &Decimal, like: &Stated, original: Option<&str>) -> String {
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
mod tests {
    use super::*;
    use crate::figures::number::parse_stated;
    use crate::figures::number::testing::{computed, passes};

    #[test]
    fn a_unit_error_suggests_the_value_with_the_separators_written() {
        let stated = parse_stated("962,826 Mbit/s").unwrap();
        let error = check(&stated, &computed(962_826.0, Unit::Count), false).unwrap_err();
        assert_eq!(error.would_pass(), "962,826");
        assert_eq!(with_separators("-1234567.25 bit/s"), "-1,234,567.25 bit/s");
    }

    #[test]
    fn zero_is_never_stated_for_something() {
        let stated = parse_stated("0 Gbit/s").unwrap();
        let error = check(&stated, &computed(177e6, Unit::BitPerSecond), false).unwrap_err();
        assert_eq!(error.would_pass(), "0.177 Gbit/s");
        assert!(passes("0 Gbit/s", 0.0, Unit::BitPerSecond));
        assert!(!passes("0", 1e-9, Unit::Count));
    }

    #[test]
    fn japanese_compound_numbers_are_read_and_written_back_alike() {
        let stated = parse_stated("8億1400万 bit/s").unwrap();
        assert_eq!(stated.value, 814_000_000.0);
        assert_eq!(stated.precision, 10_000.0);
        assert!(passes("8億1400万 bit/s", 814_003_000.0, Unit::BitPerSecond));
        let error = check(&stated, &computed(814_523_000.0, Unit::BitPerSecond), false).unwrap_err();
        assert_eq!(error.would_pass(), "8億1452万 bit/s");
        assert!(passes("3万5千", 35_000.0, Unit::Count));
        assert!(passes("1億", 100_000_000.0, Unit::Count));
    }

    #[test]
    fn units_convert_to_the_stated_one() {
        assert!(passes("989 Mbit/s", 988_912_345.0, Unit::BitPerSecond));
        assert!(passes("0.989 Gbit/s", 988_912_345.0, Unit::BitPerSecond));
        assert!(passes("2.84 GBytes", 2.84 * 1_073_741_824.0, Unit::Byte));
        assert!(passes("512 KiB", 524_288.0, Unit::Byte));
        assert!(passes("0.6 Mpps", 600_123.0, Unit::PacketPerSecond));
        assert!(passes("40 秒", 40.0, Unit::Second));
        assert!(passes("4,500 ms", 4.5, Unit::Second));
        assert!(passes("1 µs", 1e-6, Unit::Second));
    }

    #[test]
    fn unit_kinds_must_agree() {
        let stated = parse_stated("74 Mbit/s").unwrap();
        let result = check(&stated, &computed(73.59, Unit::Percent), false);
        assert!(matches!(
            result,
            Err(Mismatch::UnitKind { stated: UnitKind::BitRate, computed: UnitKind::Percent, .. })
        ));
        // A bare number does not state a bit rate, nor a percentage.
        assert!(!passes("989", 989e6, Unit::BitPerSecond));
        assert!(!passes("1.0", 1.0, Unit::Percent));
        assert!(passes("1.0 %", 1.0, Unit::Percent));
    }

    #[test]
    fn approximate_drops_trailing_zeros_of_an_integer() {
        let stated = parse_stated("about 360").unwrap();
        let frames = computed(362.0, Unit::Count);
        assert!(check(&stated, &frames, false).is_err());
        assert!(check(&stated, &frames, true).is_ok());
        assert!(check(&stated, &computed(366.0, Unit::Count), true).is_err());
        // Decimals are significant even when approximate.
        let stated = parse_stated("4.5").unwrap();
        assert!(check(&stated, &computed(4.49, Unit::Count), true).is_ok());
        assert!(check(&stated, &computed(4.44, Unit::Count), true).is_err());
    }

    #[test]
    fn a_mismatch_says_what_would_pass_in_the_stated_style() {
        let text = "962,827";
        let stated = parse_stated(text).unwrap();
        let error = check(&stated, &computed(962_826.0, Unit::Count), false).unwrap_err();
        assert_eq!(error.would_pass(), "962,826");
        let stated = parse_stated("2.75 million").unwrap();
        let error = check(&stated, &computed(2_744_999.0, Unit::Count), false).unwrap_err();
        assert_eq!(error.would_pass(), "2.74 million");
        let stated = parse_stated("２７５ 万").unwrap();
        let error = check(&stated, &computed(2_744_999.0, Unit::Count), false).unwrap_err();
        assert_eq!(error.would_pass(), "２７４万");
        let stated = parse_stated("990 Mbit/s").unwrap();
        match check(&stated, &computed(988_912_345.0, Unit::BitPerSecond), false) {
            Err(Mismatch::Value { computed_text, would_pass }) => {
                assert_eq!(computed_text, "988.912345 Mbit/s");
                assert_eq!(would_pass, "989 Mbit/s");
            }
            other => panic!("{other:?}"),
        }
        let stated = parse_stated("about 370").unwrap();
        let error = check(&stated, &computed(362.0, Unit::Count), true).unwrap_err();
        assert_eq!(error.would_pass(), "360");
        let stated = parse_stated("0.50 %").unwrap();
        let error = check(&stated, &computed(0.044, Unit::Percent), false).unwrap_err();
        assert_eq!(error.would_pass(), "0.04 %");
    }

    #[test]
    fn format_like_keeps_the_words_around() {
        let text = "about 9,090 responses";
        let stated = parse_stated(text).unwrap();
        assert_eq!(format_like(9_481.0, &stated, text), "about 9,481 responses");
        let text = "２．７４ million";
        // A full-width dot is not a decimal point: the number is ２ and ７４ is a second one.
        assert!(parse_stated(text).is_err());
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::figures::number::parse_stated;
    use proptest::prelude::*;

    proptest! {
        /// Writing a value in a stated style and reading it back gives the value at that
        /// precision, and it passes the check.
        #[test]
        fn format_then_parse_agrees(
            value in -1.0e12f64..1.0e12,
            decimals in 0usize..4,
            separators in any::<bool>(),
            full_width in any::<bool>(),
            unit_index in 0usize..6,
        ) {
            let units = [Unit::Count, Unit::Percent, Unit::MegabitPerSecond, Unit::Gibibyte, Unit::Millisecond, Unit::KilopacketPerSecond];
            let unit = units[unit_index];
            let mut template = String::from(if separators { "1,000" } else { "1000" });
            if decimals > 0 {
                template.push('.');
                template.push_str(&"0".repeat(decimals));
            }
            if full_width {
                template = template.chars().map(|c| if c.is_ascii_digit() { char::from_u32('０' as u32 + (c as u32 - '0' as u32)).unwrap() } else { c }).collect();
            }
            if unit != Unit::Count {
                template.push(' ');
                template.push_str(unit.symbol());
            }
            let like = parse_stated(&template).unwrap();
            let base = value * unit.factor();
            let written = format_like(base, &like, &template);
            let back = parse_stated(&written).unwrap();
            prop_assert_eq!(back.unit, unit);
            prop_assert!((back.value - value).abs() <= like.precision / 2.0 * (1.0 + 1e-9) + value.abs() * 1e-14, "{} → {} ({})", value, written, back.value);
            // Zero is stated only for nothing: a value that rounds to it does not pass.
            prop_assume!(!back.decimal.is_zero());
            let figure = Computed { name: "p".into(), value: base, unit, exact: None, formula: String::new(), inputs: Vec::new(), round: Rounding::HalfAwayFromZero, withdrawn: Vec::new(), printed: None };
            prop_assert!(check(&back, &figure, false).is_ok(), "{} written {}", value, written);
        }
    }
}
