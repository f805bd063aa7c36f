//! The one number a tag's TEXT states: [`parse_stated`] and what it gives ([`Stated`]).
//!
//! Owns [`Stated`] and [`NumberError`]. It does not compare the number with a computed one
//! (`check`) nor lex text itself (`lex`).

use std::ops::Range;

use super::lex::{Lexed, lex_all};
use super::{Decimal, Style, Unit};

/// The one number a tag's TEXT states.
#[derive(Debug, Clone, PartialEq)]
pub struct Stated {
    /// In the stated unit, scale applied.
    pub value: f64,
    /// The unit written after the number (a count when none).
    pub unit: Unit,
    /// The value of the last written digit, in the stated unit.
    pub precision: f64,
    /// The bytes of the number itself (sign and digits) in TEXT.
    pub number_range: Range<usize>,
    /// From the number to the end of its scale word and unit.
    pub whole_range: Range<usize>,
    /// The number exactly as written, in the stated unit.
    pub decimal: Decimal,
    /// How the number was written (separators, digits), to write another value alike.
    pub style: Style,
}

impl Stated {
    /// The exponent of the last significant digit; with `approximate`, trailing zeros of an
    /// integer do not count.
    pub(super) fn precision_exponent(&self, approximate: bool) -> i32 {
        let mut exponent = self.decimal.exponent;
        if approximate && self.style.decimals == 0 && !self.decimal.is_zero() {
            let zeros = self.decimal.digits.len() - self.decimal.digits.trim_end_matches('0').len();
            exponent += zeros as i32;
        }
        exponent
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    #[error("no number in `{text}`")]
    NoNumber { text: String },
    #[error("`{text}` states more than one number; a tag holds one")]
    SeveralNumbers { text: String, ranges: Vec<Range<usize>> },
}

/// Parses the TEXT of a tag: one number with optional sign, scale word and unit, and any
/// words around it.
pub fn parse_stated(text: &str) -> Result<Stated, NumberError> {
    let lexed = lex_all(text);
    let numbers: Vec<&Lexed> = lexed.iter().collect();
    match numbers.as_slice() {
        [] => Err(NumberError::NoNumber { text: text.to_string() }),
        [one] => {
            let lexed = *one;
            let precision = 10f64.powi(lexed.decimal.exponent);
            Ok(Stated {
                value: lexed.decimal.to_f64(),
                unit: lexed.unit,
                precision,
                number_range: lexed.start..lexed.digits_end,
                whole_range: lexed.start..lexed.end,
                decimal: lexed.decimal.clone(),
                style: lexed.style.clone(),
            })
        }
        several => Err(NumberError::SeveralNumbers {
            text: text.to_string(),
            ranges: several.iter().map(|l| l.start..l.end).collect(),
        }),
    }
}

/// Whether two stated texts give the same value in the same kind of unit ("1.2 Gbit/s" and
/// "1,200 Mbit/s"); texts that are not numbers are compared as text.
pub(crate) fn same_value(a: &str, b: &str) -> bool {
    match (parse_stated(a), parse_stated(b)) {
        (Ok(a), Ok(b)) => {
            let (x, y) = (a.value * a.unit.factor(), b.value * b.unit.factor());
            a.unit.kind() == b.unit.kind() && (x - y).abs() <= 1e-9 * x.abs().max(y.abs())
        }
        _ => a.trim() == b.trim(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stated_numbers_parse_with_separators_signs_scales_and_units() {
        let s = parse_stated("962,826").unwrap();
        assert_eq!((s.value, s.unit, s.precision), (962_826.0, Unit::Count, 1.0));
        let s = parse_stated("99.6 %").unwrap();
        assert_eq!((s.value, s.unit), (99.6, Unit::Percent));
        assert!((s.precision - 0.1).abs() < 1e-12);
        let s = parse_stated("2.74 million").unwrap();
        assert_eq!((s.value, s.precision), (2_740_000.0, 10_000.0));
        let s = parse_stated("274 万パケット").unwrap();
        assert_eq!((s.value, s.unit, s.precision), (2_740_000.0, Unit::Count, 10_000.0));
        let s = parse_stated("−3.5 ms").unwrap();
        assert_eq!((s.value, s.unit), (-3.5, Unit::Millisecond));
        let s = parse_stated("１，０２４").unwrap_err();
        // A full-width comma is not a separator: two numbers.
        assert!(matches!(s, NumberError::SeveralNumbers { .. }));
        let s = parse_stated("１０２４ 本").unwrap();
        assert_eq!(s.value, 1024.0);
        assert!(s.style.full_width);
        let s = parse_stated("about 360 of the server's frames").unwrap();
        assert_eq!(s.number_range, 6..9);
    }

    #[test]
    fn no_number_or_two_numbers_is_an_error() {
        assert!(matches!(parse_stated("none"), Err(NumberError::NoNumber { .. })));
        match parse_stated("520 / 10") {
            Err(NumberError::SeveralNumbers { ranges, .. }) => assert_eq!(ranges, vec![0..3, 6..8]),
            other => panic!("{other:?}"),
        }
        // A model name glued to letters is not a second number.
        assert_eq!(parse_stated("Port8 received 9,090").unwrap().value, 9090.0);
    }
}
