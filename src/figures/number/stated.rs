//! The one number a tag's TEXT states: [`parse_stated`] and what it gives ([`Stated`]).
//!
//! Owns [`Stated`] and [`NumberError`]. It does not compare the number with a computed one
//! (`check`) nor lex text itself (`lex`).

use std::ops::Range;

use super::lex::{Lexed, digit_value, lex_all};
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
    /// Where the scale word (or words) end and the unit begins.
    pub scale_end: usize,
    /// The number exactly as written, in the stated unit.
    pub decimal: Decimal,
    /// How the number was written (separators, digits), to write another value alike.
    pub style: Style,
}

impl Stated {
    /// The exponent of the last significant digit; with `approximate`, trailing zeros of an
    /// integer do not count.
    pub(crate) fn precision_exponent(&self, approximate: bool) -> i32 {
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
    /// Part of the text could not be read: tally reads a tag whole or not at all.
    #[error("could not read `{part}` in `{text}`: {why}")]
    Unread { text: String, part: String, range: Range<usize>, why: String },
}

impl NumberError {
    /// The bytes of the text the error is about (the whole text when it is about all of it).
    pub(crate) fn range(&self) -> Range<usize> {
        match self {
            NumberError::NoNumber { text } => 0..text.len(),
            NumberError::SeveralNumbers { ranges, text } => ranges.get(1).cloned().unwrap_or(0..text.len()),
            NumberError::Unread { range, .. } => range.clone(),
        }
    }
}

/// Superscript digits and signs: `10³` is not ten.
fn is_superscript(c: char) -> bool {
    matches!(c, '⁰' | '¹' | '²' | '³' | '⁴'..='⁹' | '⁺' | '⁻')
}

/// Whether `c`, right after a number, would change what the number means: a letter or digit
/// (other than Japanese, which may touch a number: 「40秒間」), a superscript.
fn changes_the_number(c: char) -> bool {
    (c.is_alphanumeric() && !crate::markdown::is_cjk(c)) || is_superscript(c) || c == '_'
}

/// A token after a number that looks like a unit tally does not know (`Gb`, `kW`, `req/s`):
/// a short prefix-and-unit word, or letters around a `/`.
fn unit_like(token: &str) -> bool {
    let token = token.trim_end_matches(['.', ',', ';', ':', ')', '!', '?']);
    if token.is_empty() || !token.is_ascii() {
        return false;
    }
    if let Some((a, b)) = token.split_once('/') {
        return !a.is_empty()
            && a.len() <= 6
            && (1..=3).contains(&b.len())
            && a.chars().all(|c| c.is_ascii_alphabetic())
            && b.chars().all(|c| c.is_ascii_alphabetic());
    }
    let mut chars = token.chars();
    let prefix = chars.next().is_some_and(|c| "kKMGTPmu".contains(c));
    let rest: String = chars.collect();
    if prefix && (1..=2).contains(&rest.len()) && rest.chars().all(|c| "bBWVAJgHz".contains(c)) {
        return true;
    }
    spelled_unit(&token.to_ascii_lowercase())
}

/// A unit spelled out, or written in a form tally does not read: an amount of bits or
/// bytes with or without a prefix (`Gbit`, `megabits`, `KBytes`, `Mbps`), or a time other
/// than seconds (`minutes`, `hours`). Words that count things (`frames`, `connections`)
/// are not units: "about 360 frames" stays a count with words around it.
fn spelled_unit(lower: &str) -> bool {
    const PREFIXES: [&str; 16] = [
        "", "k", "m", "g", "t", "ki", "mi", "gi", "ti", "kilo", "mega", "giga", "tera", "kibi", "mebi",
        "gibi",
    ];
    const AMOUNTS: [&str; 8] = ["bit", "bits", "byte", "bytes", "bps", "bit/sec", "bits/sec", "bytes/sec"];
    const TIMES: [&str; 10] =
        ["minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "day", "days"];
    TIMES.contains(&lower)
        || PREFIXES
            .iter()
            .any(|prefix| lower.strip_prefix(prefix).is_some_and(|amount| AMOUNTS.contains(&amount)))
}

/// The end of the token that starts at `from`: up to a space or a Japanese character.
fn token_end(text: &str, from: usize) -> usize {
    from + text[from..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !crate::markdown::is_cjk(*c))
        .map(char::len_utf8)
        .sum::<usize>()
}

/// What is left unread in `text` around the number `lexed`, as an error that says what.
fn unread(text: &str, lexed: &Lexed) -> Option<NumberError> {
    let error = |range: Range<usize>, why: &str| {
        Some(NumberError::Unread {
            text: text.to_string(),
            part: text[range.clone()].to_string(),
            range,
            why: why.to_string(),
        })
    };
    let is_digit = |c: char| digit_value(c).is_some();
    // Right before the number: `1.000,5` read from its `,5`, `.5`.
    if let Some(before) = text[..lexed.start].chars().next_back()
        && matches!(before, '.' | ',')
    {
        let from = text[..lexed.start - 1]
            .char_indices()
            .rev()
            .take_while(|(_, c)| is_digit(*c) || matches!(c, '.' | ','))
            .last()
            .map_or(lexed.start - 1, |(i, _)| i);
        return error(
            from..lexed.end,
            "tally reads `.` as the decimal point and `,` only before three digits, as a thousands separator (write 1,000.5)",
        );
    }
    let after = &text[lexed.digits_end..];
    if lexed.glued {
        let first = after.chars().next().unwrap_or(' ');
        let end = token_end(text, lexed.digits_end).max(lexed.digits_end + first.len_utf8());
        let digits = &text[lexed.start..lexed.digits_end];
        let exponent = matches!(first, 'e' | 'E')
            && after[1..].trim_start_matches(['-', '+']).chars().next().is_some_and(|c| c.is_ascii_digit());
        let why = if matches!(first, 'x' | 'X') && digits.trim_start_matches(['-', '+']) == "0" {
            "hexadecimal is not read; write the number in decimal"
        } else if exponent {
            "an exponent is not read; write the number out, or with a scale word (`1 thousand`)"
        } else if first == '.' {
            "a number with two dots is a version, not a figure"
        } else {
            "a letter stuck to the number; write a scale word or a unit apart from it (`10 million`, `10 Mbit/s`)"
        };
        return error(lexed.start..end, why);
    }
    // Right after the number, its scale word and its unit.
    let rest = &text[lexed.end..];
    if let Some(next) = rest.chars().next() {
        let then_digit = rest[next.len_utf8()..].chars().next().is_some_and(is_digit);
        if matches!(next, ',' | '.' | '\'' | '\u{2019}') && then_digit {
            return error(
                lexed.start..token_end(text, lexed.end),
                "tally reads `.` as the decimal point and `,` only before three digits, as a thousands separator (write 1,000.5)",
            );
        }
        if changes_the_number(next) || matches!(next, '/' | '^') {
            return error(
                lexed.start..token_end(text, lexed.end).max(lexed.end + next.len_utf8()),
                "this is not a unit or scale word tally knows, and it is stuck to the number",
            );
        }
    }
    // A digit outside the number stands only inside a word that starts with a letter
    // ("Port8"); anywhere else (`_0/5`) it is a number tally did not read.
    for (from, to) in [(0, lexed.start), (lexed.end, text.len())] {
        let mut word_start: Option<(usize, char)> = None;
        let mut previous: Option<char> = None;
        for (i, c) in text[from..to].char_indices() {
            let in_word = previous.is_some_and(|p| p.is_ascii_alphanumeric() || "_.,".contains(p));
            if !in_word {
                word_start = Some((from + i, c));
            }
            if is_digit(c)
                && let Some((start, first)) = word_start
                && !first.is_alphabetic()
            {
                return error(
                    start..token_end(text, from + i),
                    "a second number, or part of one, that tally cannot read",
                );
            }
            previous = Some(c);
        }
    }
    // A superscript anywhere (`10.³`, `10 ²`) is a power tally does not read.
    if let Some((i, c)) = text.char_indices().find(|(_, c)| is_superscript(*c)) {
        return error(i..i + c.len_utf8(), "a superscript is not read; write the number out");
    }
    // A word after a space that looks like a unit tally does not know.
    let spaced = rest.len() - rest.trim_start().len();
    if spaced > 0 && lexed.unit == Unit::Count {
        let from = lexed.end + spaced;
        let to =
            from + text[from..].chars().take_while(|c| !c.is_whitespace()).map(char::len_utf8).sum::<usize>();
        if unit_like(&text[from..to]) {
            return error(
                from..to,
                "this looks like a unit tally does not know; state the figure in one it reads (%, bit/s…Gbit/s, B/s…GB/s, pps…Mpps, B…GiB, s, ms, µs, ×) or leave the unit out of the tag",
            );
        }
    }
    None
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
            if let Some(error) = unread(text, lexed) {
                return Err(error);
            }
            let precision = 10f64.powi(lexed.decimal.exponent);
            Ok(Stated {
                value: lexed.decimal.to_f64(),
                unit: lexed.unit,
                precision,
                number_range: lexed.start..lexed.digits_end,
                whole_range: lexed.start..lexed.end,
                scale_end: lexed.scale_end,
                decimal: lexed.decimal.clone(),
                style: lexed.style.clone(),
            })
        }
        several if several.iter().any(|l| l.glued) => {
            let glued = several.iter().find(|l| l.glued).copied().unwrap_or(several[0]);
            Err(unread(text, glued).unwrap_or(NumberError::SeveralNumbers {
                text: text.to_string(),
                ranges: several.iter().map(|l| l.start..l.end).collect(),
            }))
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
        (Ok(a), Ok(b)) if a.unit.kind() != b.unit.kind() => false,
        (Ok(a), Ok(b)) => match (exact_value(&a), exact_value(&b)) {
            // Exactly: a 28-digit figure changed in its last digit is another value.
            (Some(x), Some(y)) => x == y,
            _ => {
                let (x, y) = (a.value * a.unit.factor(), b.value * b.unit.factor());
                (x - y).abs() <= 1e-9 * x.abs().max(y.abs())
            }
        },
        _ => a.trim() == b.trim(),
    }
}

/// A stated number's value exactly, in its kind's base unit.
fn exact_value(stated: &Stated) -> Option<super::exact::Exact> {
    super::exact::Exact::from_decimal(&stated.decimal)?.mul(&stated.unit.exact_factor())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_value_is_the_same_at_every_digit() {
        assert!(same_value("814 Mbit/s", "0.814 Gbit/s"));
        assert!(same_value("1,234,567,890,123,456,789,012,345,678", "1234567890123456789012345678"));
        assert!(!same_value(
            "1,234,567,890,123,456,789,012,345,678",
            "1,234,567,890,123,456,789,012,345,679"
        ));
        assert!(!same_value("2.68", "2.69"));
        assert!(!same_value("814 Mbit/s", "814 MB/s"));
    }

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

    /// Every case of issue 12 that was read in part and passed: now an error naming the part.
    #[test]
    fn a_tag_is_read_whole_or_not_at_all() {
        for (text, part) in [
            ("1e3", "1e3"),
            ("0x10", "0x10"),
            ("10M", "10M"),
            ("1k", "1k"),
            ("1.000,5", "1.000,5"),
            ("10O", "10O"),
            ("10³", "10³"),
            ("4 Gb", "Gb"),
            ("3 kW", "kW"),
            ("5 req/s", "req/s"),
            ("3300s", "3300s"),
            ("1.4.85", "1.4.85"),
        ] {
            match parse_stated(text) {
                Err(NumberError::Unread { part: found, .. }) => assert_eq!(found, part, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        // Still read: words around the number, Japanese touching it, punctuation after it.
        for text in [
            "about 360 frames",
            "40秒間",
            "274 万パケット",
            "(9,090)",
            "74 %.",
            "HTTP 9,090 TCP",
            "1.4×",
            "1.4 倍",
        ] {
            assert!(parse_stated(text).is_ok(), "{text}: {:?}", parse_stated(text));
        }
    }

    #[test]
    fn spelled_out_time_units_and_byte_rates_are_read() {
        assert_eq!(parse_stated("30 seconds").unwrap().unit, Unit::Second);
        assert_eq!(parse_stated("30 秒").unwrap().unit, Unit::Second);
        let s = parse_stated("4 GB/s").unwrap();
        assert_eq!((s.value * s.unit.factor(), s.unit.kind()), (32e9, super::super::UnitKind::BitRate));
        assert_eq!(parse_stated("118 MiB/s").unwrap().unit, Unit::MebibytePerSecond);
        assert_eq!(parse_stated("9,000 frames a second").unwrap().unit, Unit::PacketPerSecond);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Characters that make or break a number: digits, separators, letters stuck to it,
    /// scale words, units, superscripts, spaces and Japanese.
    fn risky() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            proptest::sample::select(vec![
                "0", "1", "5", "9", "０", "７", ".", ",", "e", "E", "x", "k", "M", "G", "B", "b", "O", "/",
                "s", " ", "%", "万", "億", "千", "秒", "³", "-", "−", "about ", " frames", " Mbit/s",
                " million", "Gbit/s", "×", "倍", "_", "'",
            ]),
            0..10,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// Whatever the reader accepts, it read whole: no digit is left outside the number,
        /// and nothing stuck to the number on either side changes what it means.
        #[test]
        fn the_reader_never_accepts_a_text_it_did_not_read_whole(text in risky()) {
            if let Ok(stated) = parse_stated(&text) {
                // A digit outside the number may only stand inside a word that starts with a
                // letter ("Port8"); a superscript nowhere.
                for part in [&text[..stated.whole_range.start], &text[stated.whole_range.end..]] {
                    prop_assert!(!part.chars().any(is_superscript), "{:?}", text);
                    let mut word_starts_with_letter = false;
                    let mut previous: Option<char> = None;
                    for c in part.chars() {
                        let in_word = previous.is_some_and(|p| p.is_ascii_alphanumeric() || "_.,".contains(p));
                        if !in_word {
                            word_starts_with_letter = c.is_alphabetic();
                        }
                        prop_assert!(digit_value(c).is_none() || (in_word && word_starts_with_letter), "{:?} left {:?}", text, part);
                        previous = Some(c);
                    }
                }
                let before = text[..stated.whole_range.start].chars().next_back();
                prop_assert!(!before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '.' || c == ','), "{:?}", text);
                let after = text[stated.whole_range.end..].chars().next();
                prop_assert!(!after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '/'), "{:?}", text);
            }
        }

        /// A number tally reads, with a letter stuck to it, is no longer read.
        #[test]
        fn a_letter_stuck_to_a_read_number_is_an_error(
            integer in 0u64..10_000_000, decimals in 0usize..3, letter in "[a-zA-Z]",
        ) {
            let number = if decimals == 0 { integer.to_string() } else { format!("{integer}.{}", "5".repeat(decimals)) };
            prop_assert!(parse_stated(&number).is_ok());
            let glued = format!("{number}{letter}");
            prop_assert!(parse_stated(&glued).is_err(), "{} was read", glued);
        }
    }
}
