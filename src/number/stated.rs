//! The one number a tag's TEXT states: [`parse_stated`] and what it gives ([`Stated`]).
//!
//! Owns [`Stated`] and [`NumberError`]. It does not compare the number with a computed one
//! (`check`) nor lex text itself (`lex`).

use std::ops::Range;

use super::bounds::{Bound, split_bound};
use super::lex::{Lexed, digit_value, lex_all};
use super::words::{counter_after, is_numeral_char, read_words};
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
    /// How the number was written (separators, digits, words), to write another value alike.
    pub style: Style,
    /// A bound stated with the number ("over", 「を超える」), if any.
    pub bound: Option<Bound>,
    /// All that the text states: the number with its bound and counter (「二百本を超える」).
    pub claim_range: Range<usize>,
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
    /// The error for a part of `whole` that starts at `offset`, placed in `whole`.
    fn shifted(self, offset: usize, whole: &str) -> NumberError {
        if offset == 0 {
            return self;
        }
        let text = whole.to_string();
        match self {
            NumberError::NoNumber { .. } => NumberError::NoNumber { text },
            NumberError::SeveralNumbers { ranges, .. } => NumberError::SeveralNumbers {
                text,
                ranges: ranges.into_iter().map(|r| r.start + offset..r.end + offset).collect(),
            },
            NumberError::Unread { part, range, why, .. } => {
                NumberError::Unread { text, part, range: range.start + offset..range.end + offset, why }
            }
        }
    }

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

/// Where a number glued to what follows it (`0x1F`, `1e6`, `1.4.85`, `10M`) ends, and why
/// it is not read.
fn glued(text: &str, lexed: &Lexed) -> (usize, &'static str) {
    let after = &text[lexed.digits_end..];
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
    (end, why)
}

/// A digit outside the number `lexed`, as the range of the word it stands in, unless that
/// word starts with a letter ("Port8").
fn second_number(text: &str, lexed: &Lexed) -> Option<Range<usize>> {
    for (from, to) in [(0, lexed.start), (lexed.end, text.len())] {
        let mut word_start: Option<(usize, char)> = None;
        let mut previous: Option<char> = None;
        for (i, c) in text[from..to].char_indices() {
            let in_word = previous.is_some_and(|p| p.is_ascii_alphanumeric() || "_.,".contains(p));
            if !in_word {
                word_start = Some((from + i, c));
            }
            if digit_value(c).is_some()
                && let Some((start, first)) = word_start
                && !first.is_alphabetic()
            {
                return Some(start..token_end(text, from + i));
            }
            previous = Some(c);
        }
    }
    None
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
    if lexed.glued {
        let (end, why) = glued(text, lexed);
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
    if let Some(range) = second_number(text, lexed) {
        return error(range, "a second number, or part of one, that tally cannot read");
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
    if let Some(read) = read_each_second(text) {
        return read;
    }
    let (bound, core) = split_bound(text);
    let mut stated = read_unbounded(&text[core.clone()]).map_err(|error| error.shifted(core.start, text))?;
    if core.start > 0 {
        for range in [&mut stated.number_range, &mut stated.whole_range, &mut stated.claim_range] {
            *range = range.start + core.start..range.end + core.start;
        }
        stated.scale_end += core.start;
    }
    if let Some(bound) = bound {
        stated.claim_range =
            stated.claim_range.start.min(bound.range.start)..stated.claim_range.end.max(bound.range.end);
        stated.bound = Some(bound);
    }
    Ok(stated)
}

/// 「毎秒 739,587 パケット」, as Japanese writes a rate: 毎秒 ("each second") first, and a
/// noun of a `NOUN/秒` rate after the number (パケット, フレーム, 接続, リクエスト). None
/// when the text is not so written, or the number has a unit of its own.
fn read_each_second(text: &str) -> Option<Result<Stated, NumberError>> {
    let after = text.trim_start().strip_prefix("毎秒")?;
    let start = text.len() - after.len();
    let (noun_start, unit) = super::units::each_second_noun_ending(after.trim_end())?;
    let number = &text[start..start + noun_start];
    let mut stated = match read_stated(number) {
        Ok(stated) if stated.unit == Unit::Count && stated.bound.is_none() => stated,
        Ok(_) => return None,
        Err(error) => return Some(Err(error.shifted(start, text))),
    };
    for range in [&mut stated.number_range, &mut stated.whole_range, &mut stated.claim_range] {
        *range = range.start + start..range.end + start;
    }
    stated.scale_end += start;
    stated.whole_range.end = start + after.trim_end().len();
    stated.claim_range = text.len() - text.trim_start().len()..stated.whole_range.end;
    stated.unit = unit;
    Some(Ok(stated))
}

/// Where a counter the number stands before starts (「二百本」, 「3 件」), if the text ends
/// in one after a number.
fn counter_start(text: &str) -> Option<usize> {
    let end = text.trim_end_matches(may_stand_beside).len();
    super::words::COUNTERS.iter().find_map(|counter| {
        let from = text[..end].strip_suffix(counter)?.trim_end_matches(' ').len();
        let before = text[..from].chars().next_back()?;
        (digit_value(before).is_some()
            || is_numeral_char(before)
            || before.is_alphabetic() && !before.is_ascii())
        .then_some(from)
    })
}

/// A tag's text without its bound: a number in digits or in words, its unit, and a counter.
fn read_unbounded(text: &str) -> Result<Stated, NumberError> {
    let (text, counter_from) = match counter_start(text) {
        Some(from) if counter_after(text, from).is_some() => (&text[..from], Some(from)),
        _ => (text, None),
    };
    let mut stated = read_number(text)?;
    if counter_from.is_some() {
        stated.claim_range.end = text.len().max(stated.claim_range.end);
    }
    Ok(stated)
}

fn read_number(text: &str) -> Result<Stated, NumberError> {
    let lexed = lex_all(text);
    let numbers: Vec<&Lexed> = lexed.iter().collect();
    match numbers.as_slice() {
        [] => read_in_words(text),
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
                bound: None,
                claim_range: lexed.start..lexed.end,
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

/// A tag's text with no digits: a number in words ("three quarters", 千), read whole.
fn read_in_words(text: &str) -> Result<Stated, NumberError> {
    let no_number = || NumberError::NoNumber { text: text.to_string() };
    let start = text.len() - text.trim_start_matches(may_stand_beside).len();
    // `.5` and `,5` are digits tally does not read; `.万` no number in words either.
    if text[..start].ends_with(['.', ',']) {
        return Err(no_number());
    }
    let number = read_words(text, start).ok_or_else(no_number)?;
    let rest = &text[number.end..];
    if let Some(offset) = rest.find(|c: char| !may_stand_beside(c)) {
        let from = number.end + offset;
        let to = from + text[from..].find(char::is_whitespace).unwrap_or(text.len() - from);
        return Err(NumberError::Unread {
            text: text.to_string(),
            part: text[from..to].to_string(),
            range: from..to,
            why: "a tag holds only its number (in digits or words) and unit, and a word in it can change what the number means: write it outside the tag".to_string(),
        });
    }
    let value = number.to_f64();
    Ok(Stated {
        value,
        unit: number.unit,
        precision: number.step_f64(),
        number_range: number.start..number.number_end,
        whole_range: number.start..number.end,
        scale_end: number.number_end,
        decimal: Decimal::from_f64(value),
        style: Style {
            full_width: false,
            full_width_point: false,
            thousands_separator: false,
            decimals: 0,
            scale_exponent: 0,
            compound: false,
            words: Some(number.words),
        },
        bound: None,
        claim_range: number.start..number.end,
    })
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
mod tests;

#[cfg(test)]
mod properties;
