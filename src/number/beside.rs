//! What may stand right beside a number and change what it states: the scale word or unit a
//! text starts with, and the range an approximate statement passes for.
//!
//! Answers from the spellings the number reader reads (`lex`'s scale words, `units`'
//! spellings) for the reading of the text around a figure tag (`markdown`), so that a word
//! is a unit beside a tag exactly when it would be one inside it. It does not read tags.

use super::lex::{SCALE_WORDS, is_word_char, spellings_starting_with};
use super::write_like::write_like;
use super::{Decimal, Rounding, Stated, Unit};

/// The scale word `text` starts with (`thousand`, `万`); a word of letters only when it
/// ends there (`thousands` and `millionth` are other words).
pub(crate) fn leading_scale_word(text: &str) -> Option<&'static str> {
    SCALE_WORDS.iter().map(|(word, _)| *word).find(|word| {
        text.strip_prefix(word).is_some_and(|after| {
            !word.is_ascii() || !after.chars().next().is_some_and(|c| is_word_char(c) || c == '/')
        })
    })
}

/// The longest unit spelling `text` starts with (`Gbit/s`, `%`, `秒`, `frames a second`),
/// ending there, with its unit. A spelling ending in a letter ends where a word would.
pub(crate) fn leading_unit(text: &str) -> Option<(&'static str, Unit)> {
    spellings_starting_with(*text.as_bytes().first()?)
        .filter(|(spelling, _)| {
            text.strip_prefix(spelling).is_some_and(|after| {
                !spelling.ends_with(|c: char| c.is_ascii_alphanumeric())
                    || !after.chars().next().is_some_and(|c| is_word_char(c) || c == '/')
            })
        })
        .max_by_key(|(spelling, _)| spelling.len())
        .map(|(spelling, unit)| (*spelling, *unit))
}

/// What an approximate statement (`{~NAME}`) passes for, written as it was: from the lower
/// bound up to the upper one, which itself rounds away. `[10]` passes from 5 up to 15,
/// `[1,000,000]` from 500,000 up to 1,500,000, `[3.6 s]` from 3.55 s up to 3.65 s (as
/// `{=NAME}` would: only an integer's trailing zeros stop counting). None for zero, which
/// states nothing but zero, and for a number too long to add to.
pub(crate) fn approximate_bounds(stated: &Stated) -> Option<(String, String)> {
    if stated.decimal.is_zero() {
        return None;
    }
    let half = stated.precision_exponent(true) - 1;
    let units: u128 = stated.decimal.digits_at(half, Rounding::Down).parse().ok()?;
    let write = |units: u128| {
        write_like(&Decimal::new(stated.decimal.negative, &units.to_string(), half), stated, None)
    };
    let (near, far) = (write(units.checked_sub(5)?), write(units.checked_add(5)?));
    Some(if stated.decimal.negative { (far, near) } else { (near, far) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::parse_stated;

    #[test]
    fn a_scale_word_or_unit_is_read_only_where_it_ends() {
        assert_eq!(leading_scale_word("thousand frames"), Some("thousand"));
        assert_eq!(leading_scale_word("万回"), Some("万"));
        assert_eq!(leading_scale_word("thousands of"), None);
        assert_eq!(leading_unit("Gbit/s, then"), Some(("Gbit/s", Unit::GigabitPerSecond)));
        assert_eq!(leading_unit("frames a second."), Some(("frames a second", Unit::PacketPerSecond)));
        assert_eq!(leading_unit("秒間走った"), Some(("秒間", Unit::Second)));
        assert_eq!(leading_unit("frames"), None);
        assert_eq!(leading_unit("second-hand"), Some(("second", Unit::Second)));
        assert_eq!(leading_unit("seconds"), Some(("seconds", Unit::Second)));
        assert_eq!(leading_unit("set"), None);
    }

    #[test]
    fn an_approximate_statement_passes_for_half_its_last_significant_digit_either_side() {
        for (text, low, high) in [
            ("10", "5", "15"),
            ("360", "355", "365"),
            ("1,000,000", "500,000", "1,500,000"),
            ("3.6 s", "3.55 s", "3.65 s"),
            ("-40 %", "-45 %", "-35 %"),
            ("20 million", "15 million", "25 million"),
        ] {
            let stated = parse_stated(text).expect(text);
            assert_eq!(approximate_bounds(&stated), Some((low.to_string(), high.to_string())), "{text}");
        }
        assert_eq!(approximate_bounds(&parse_stated("0").expect("0")), None);
    }
}
