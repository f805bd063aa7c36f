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
pub(crate) fn is_superscript(c: char) -> bool {
    matches!(c, '⁰' | '¹' | '²' | '³' | '⁴'..='⁹' | '⁺' | '⁻')
}

/// Whether `c`, right after a number, would change what the number means: a letter or digit
/// (other than Japanese, which may touch a number: 「40秒間」), a superscript.
fn changes_the_number(c: char) -> bool {
    (c.is_alphanumeric() && !crate::text::is_cjk(c)) || is_superscript(c) || c == '_'
}

/// What may stand in a tag's text besides its number, scale word and unit: spaces,
/// brackets and sentence punctuation, none of which can change what the number means.
fn may_stand_beside(c: char) -> bool {
    c.is_whitespace() || "()（）「」.,;:!?、。".contains(c)
}

/// The end of the token that starts at `from`: up to a space or a Japanese character.
fn token_end(text: &str, from: usize) -> usize {
    from + text[from..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !crate::text::is_cjk(*c))
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
    // Anything else is a word (or sign) the number does not include, and a word can change
    // what it means (`not 224`, `over 814`, `814 Mbit/s per core`, `224 未満`): a tag is its
    // number and unit only, so that what is checked is what the reader reads.
    let outside = text[..lexed.start]
        .char_indices()
        .chain(text[lexed.end..].char_indices().map(|(i, c)| (lexed.end + i, c)));
    if let Some((from, _)) = outside.clone().find(|(_, c)| !may_stand_beside(*c)) {
        // The word up to a space, and before the number, up to the number (`~360`).
        let end = if from < lexed.start { lexed.start } else { text.len() };
        let token = text[from..end].split(char::is_whitespace).next().unwrap_or_default();
        let to = from
            + token
                .trim_end_matches(may_stand_beside)
                .len()
                .max(token.chars().next().map_or(0, char::len_utf8));
        let right_after_a_count =
            from >= lexed.end && lexed.unit == Unit::Count && text[lexed.end..from].trim().is_empty();
        let why = if right_after_a_count {
            format!(
                "`{}` is not a unit tally knows; state the figure in one it reads (%, bit/s…Gbit/s, B/s…GB/s, pps…Mpps, connections/s, req/s, B…GiB or bytes…gigabytes, s, ms, µs, ×; a rate also as `225 connections a second`), and any other word outside the tag (`[360]{{=frames}} frames`)",
                &text[from..to]
            )
        } else {
            "a tag holds only its number and unit, and a word in it can change what the number means (`not`, `over`, `per core`, `未満`): write it outside the tag, and an approximation as `{~name}`".to_string()
        };
        return error(from..to, &why);
    }
    None
}

/// Parses the TEXT of a tag: one number with optional sign, scale word and unit, with only
/// brackets and punctuation around it.
pub fn parse_stated(text: &str) -> Result<Stated, NumberError> {
    // A tag's text is read by the check, by the translation's comparison and by its
    // evidence, and the same few texts (`60 s`, `1 Gbit/s`) recur across a bundle: each
    // thread keeps the last readings (bounded, so that a large site does not grow it).
    thread_local! {
        static READ: std::cell::RefCell<rustc_hash::FxHashMap<Box<str>, Result<Stated, NumberError>>> =
            std::cell::RefCell::default();
    }
    const KEPT: usize = 1024;
    if let Some(read) = READ.with_borrow(|read| read.get(text).cloned()) {
        return read;
    }
    let read = read_stated(text);
    READ.with_borrow_mut(|kept| {
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.insert(text.into(), read.clone());
    });
    read
}

fn read_stated(text: &str) -> Result<Stated, NumberError> {
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

/// Whether the struck text of a tag (`790` in `[~~790~~ 786 Mbit/s]`) is the withdrawn value
/// `listed`, compared as values: a struck number written without a unit is read in the live
/// number's `live_unit`, as a reader reads it, and a listed value without one in the
/// `figure_unit` the figure is declared in (`value: "790"` of a figure in Mbit/s is
/// `[~~790 Mbit/s~~ …]`).
pub(crate) fn same_struck_value(listed: &str, struck: &str, live_unit: Unit, figure_unit: Unit) -> bool {
    if same_value(listed, struck) {
        return true;
    }
    let in_unit = |text: &str, unit: Unit| match parse_stated(text) {
        Ok(bare) if bare.unit == Unit::Count && unit != Unit::Count => {
            Some(format!("{} {}", text.trim(), unit.symbol()))
        }
        _ => None,
    };
    let (listed_in_unit, struck_in_unit) = (in_unit(listed, figure_unit), in_unit(struck, live_unit));
    let listed = listed_in_unit.as_deref().unwrap_or(listed);
    let struck = struck_in_unit.as_deref().unwrap_or(struck);
    same_value(listed, struck)
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
    fn a_struck_number_without_a_unit_is_read_in_the_live_numbers_unit() {
        let mbit = Unit::MegabitPerSecond;
        assert!(same_struck_value("790 Mbit/s", "790", mbit, Unit::Count));
        assert!(same_struck_value("0.79 Gbit/s", "790", mbit, Unit::Count));
        assert!(same_struck_value("790", "790", mbit, Unit::Count));
        assert!(!same_struck_value("790 Mbit/s", "790", Unit::Count, Unit::Count));
        assert!(!same_struck_value("790 Mbit/s", "791", mbit, Unit::Count));
        assert!(!same_struck_value("790 Mbit/s", "790 MB/s", mbit, Unit::Count));
    }

    /// Issue 43: `value: "790"` listed for a figure in Mbit/s did not match
    /// `[~~790 Mbit/s~~ 786 Mbit/s]`, the text compared rather than the value.
    #[test]
    fn a_listed_value_without_a_unit_is_read_in_the_figures_unit() {
        let mbit = Unit::MegabitPerSecond;
        assert!(same_struck_value("790", "790 Mbit/s", mbit, mbit));
        assert!(same_struck_value("790", "0.79 Gbit/s", mbit, mbit));
        assert!(same_struck_value("790", "790", mbit, mbit));
        assert!(!same_struck_value("790", "790 Mbit/s", mbit, Unit::Count), "a count is no rate");
        assert!(!same_struck_value("790", "791 Mbit/s", mbit, mbit));
        assert!(!same_struck_value("790", "790 MB/s", mbit, mbit));
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
        let s = parse_stated("274 万").unwrap();
        assert_eq!((s.value, s.unit, s.precision), (2_740_000.0, Unit::Count, 10_000.0));
        let s = parse_stated("−3.5 ms").unwrap();
        assert_eq!((s.value, s.unit), (-3.5, Unit::Millisecond));
        let s = parse_stated("１，０２４").unwrap_err();
        // A full-width comma is not a separator: two numbers.
        assert!(matches!(s, NumberError::SeveralNumbers { .. }));
        let s = parse_stated("１０２４").unwrap();
        assert_eq!(s.value, 1024.0);
        assert!(s.style.full_width);
        let s = parse_stated("(360)").unwrap();
        assert_eq!(s.number_range, 1..4);
    }

    #[test]
    fn no_number_or_two_numbers_is_an_error() {
        assert!(matches!(parse_stated("none"), Err(NumberError::NoNumber { .. })));
        match parse_stated("520 / 10") {
            Err(NumberError::SeveralNumbers { ranges, .. }) => assert_eq!(ranges, vec![0..3, 6..8]),
            other => panic!("{other:?}"),
        }
        // A model name glued to letters is not a second number (but a word the tag may
        // not hold).
        assert!(
            matches!(parse_stated("Port8 9,090"), Err(NumberError::Unread { part, .. }) if part == "Port8")
        );
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
            ("5 furlongs/s", "furlongs/s"),
            ("3300s", "3300s"),
            ("1.4.85", "1.4.85"),
            // Issue 12's user trial: words that change what the number means passed.
            ("not 224 Mbit/s", "not"),
            ("less than 814 Mbit/s", "less"),
            ("over 814 Mbit/s", "over"),
            ("about 360 frames", "about"),
            ("814 Mbit/s per core", "per"),
            ("224 Mbit/s 未満", "未満"),
            ("224未満", "未満"),
            ("約 224", "約"),
            ("814 Mbit/s%", "%"),
            ("~360", "~"),
            ("360 frames", "frames"),
            ("274 万パケット", "パケット"),
            ("HTTP 9,090 TCP", "HTTP"),
            // Issue 12's user trial: units tally does not know were read as counts.
            ("814 Mbit/s/s", "Mbit/s/s"),
            ("814 M bit/s", "M"),
            ("0.6 Mfps", "Mfps"),
            ("0.6 Mframes/s", "Mframes/s"),
            ("0.6 M pps", "M"),
        ] {
            match parse_stated(text) {
                Err(NumberError::Unread { part: found, .. }) => assert_eq!(found, part, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        // Still read: Japanese units touching the number, brackets and punctuation.
        for text in ["40秒間", "274 万", "(9,090)", "74 %.", "「９０９０」、", "1.4×", "1.4 倍"] {
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

    /// Issue 25's false alarms: amounts and rates as prose spells them were words the tag
    /// could not hold.
    #[test]
    fn spelled_out_bytes_and_rates_of_connections_and_requests_are_read() {
        for (text, unit) in [
            ("524,288 bytes", Unit::Byte),
            ("1 byte", Unit::Byte),
            ("2.84 gigabytes", Unit::Gigabyte),
            ("512 kibibytes", Unit::Kibibyte),
            ("524,288 バイト", Unit::Byte),
            ("1 gigabit per second", Unit::GigabitPerSecond),
            ("225 connections a second", Unit::ConnectionPerSecond),
            ("225 connections per second", Unit::ConnectionPerSecond),
            ("225 connections/s", Unit::ConnectionPerSecond),
            ("1,200 req/s", Unit::RequestPerSecond),
            ("1,200 requests a second", Unit::RequestPerSecond),
            ("225 接続/秒", Unit::ConnectionPerSecond),
        ] {
            assert_eq!(parse_stated(text).map(|s| s.unit), Ok(unit), "{text}");
        }
        // Units still end where a word does, and an unknown rate is still unread.
        assert!(parse_stated("5 bytesize").is_err());
        assert!(parse_stated("5 furlongs a second").is_err());
    }
}

#[cfg(test)]
mod properties;
