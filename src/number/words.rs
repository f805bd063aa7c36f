//! Numbers written in words, each at its own precision: English cardinals ("two hundred",
//! "a thousand", "a dozen", "four and a half"), fractions and shares ("three quarters",
//! "one in four"), multiples ("twice", "three times"), and Japanese numerals (二百, 千,
//! 四十秒, 四分の三, 七割, 二倍, 半分).
//!
//! Owns [`Words`] (how a number in words was written and the step it states) and
//! [`WordNumber`] (one read from text). A round word states its own precision: "a thousand"
//! is to the nearest thousand, "three quarters" to the nearest quarter, "four and a half"
//! to the half, 七割 to the tenth. It does not decide whether a number in words is a figure
//! in running text (`scan`) nor compare one with a computed figure (`check`, through
//! [`step_check`]); writing a value back in words is `words::write`.

mod in_text;
mod japanese;
pub(super) mod kind;
#[cfg(test)]
mod tests;
mod write;

use super::Unit;
use super::lex::match_unit;

pub(crate) use in_text::figure_like_words;
pub(crate) use japanese::{COUNTERS, counter_after, is_numeral_char, read_japanese};
pub(crate) use kind::{WordKind, Words};
pub(crate) use write::write_words;

/// A number in words read from text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct WordNumber {
    pub start: usize,
    /// Where the number's words end, before its unit.
    pub number_end: usize,
    /// Where its unit ends (`number_end` without one).
    pub end: usize,
    /// The value in the stated unit, numerator over denominator.
    pub value: (u128, u128),
    pub unit: Unit,
    pub words: Words,
}

impl WordNumber {
    pub(crate) fn to_f64(&self) -> f64 {
        self.value.0 as f64 / self.value.1 as f64
    }

    pub(crate) fn step_f64(&self) -> f64 {
        self.words.step.0 as f64 / self.words.step.1 as f64
    }
}

const ONES: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const TENS: [&str; 8] = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
pub(super) const SCALES: [(&str, u32); 4] =
    [("thousand", 3), ("million", 6), ("billion", 9), ("trillion", 12)];
/// Fractions' nouns and their denominators, singular and plural.
const FRACTIONS: [(&str, u64); 12] = [
    ("half", 2),
    ("halves", 2),
    ("third", 3),
    ("thirds", 3),
    ("quarter", 4),
    ("quarters", 4),
    ("fourth", 4),
    ("fourths", 4),
    ("fifth", 5),
    ("fifths", 5),
    ("tenth", 10),
    ("tenths", 10),
];

/// One word of English text: its bytes and its lowercase form.
struct Token {
    end: usize,
    word: String,
}

/// Up to `limit` words from `at`, separated by single runs of spaces: letters and hyphens
/// only (`forty-two`, `half-duplex`), ending at anything else.
fn tokens(text: &str, at: usize, limit: usize) -> Vec<Token> {
    let mut found = Vec::new();
    let mut pos = at;
    while found.len() < limit {
        let word_len: usize = text[pos..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic() || *c == '-')
            .map(char::len_utf8)
            .sum();
        if word_len == 0 {
            break;
        }
        let end = pos + word_len;
        found.push(Token { end, word: text[pos..end].to_ascii_lowercase() });
        let spaces: usize = text[end..].chars().take_while(|c| c.is_whitespace()).map(char::len_utf8).sum();
        if spaces == 0 {
            break;
        }
        pos = end + spaces;
    }
    found
}

/// A word from one to ninety-nine (`forty-two`), with its place: 1 for a word ending in a
/// unit's digit, 10 for a ten ("ten", "forty").
fn small_word(word: &str) -> Option<(u64, u64)> {
    if let Some(i) = ONES.iter().position(|o| *o == word) {
        return Some((i as u64, if i == 10 { 10 } else { 1 }));
    }
    for (i, tens) in TENS.iter().enumerate() {
        let value = (i as u64 + 2) * 10;
        if word == *tens {
            return Some((value, 10));
        }
        if let Some(one) = word.strip_prefix(tens).and_then(|rest| rest.strip_prefix('-'))
            && let Some(j) = ONES[1..10].iter().position(|o| *o == one)
        {
            return Some((value + j as u64 + 1, 1));
        }
    }
    None
}

/// A cardinal from `tokens[i]`: its value, its place (the value of its last word's unit:
/// 100 for "two hundred", 1000 for "a thousand") and the index after it.
fn cardinal(tokens: &[Token], i: usize) -> Option<(u64, u64, usize, bool)> {
    let mut total = 0u64;
    let mut group = 0u64;
    let mut place = 0u64;
    let mut group_place = 0u64;
    let mut smallest_scale = u32::MAX;
    let mut j = i;
    let mut article = false;
    let mut after_small = false;
    while let Some(token) = tokens.get(j) {
        let word = token.word.as_str();
        let next = tokens.get(j + 1).map(|t| t.word.as_str());
        let is_multiplier = |w: Option<&str>| {
            w.is_some_and(|w| w == "hundred" || w == "dozen" || SCALES.iter().any(|(s, _)| *s == w))
        };
        if (word == "a" || word == "an") && j == i && is_multiplier(next) {
            group = 1;
            group_place = 1;
            article = true;
            after_small = true;
        } else if let Some((value, own_place)) = small_word(word) {
            if after_small || !group.is_multiple_of(100) {
                break;
            }
            group += value;
            group_place = own_place;
            after_small = true;
        } else if word == "hundred" && after_small && group < 10 && group > 0 {
            group *= 100;
            group_place = 100;
            after_small = false;
        } else if word == "dozen" && after_small && group > 0 && group < 100 && total == 0 {
            return Some((group * 12, 12, j + 1, article));
        } else if let Some((_, power)) = SCALES.iter().find(|(s, _)| *s == word)
            && group > 0
            && *power < smallest_scale
        {
            let scale = 10u64.pow(*power);
            total += group * scale;
            place = group_place * scale;
            group = 0;
            group_place = 0;
            smallest_scale = *power;
            after_small = false;
        } else if word == "and"
            && !after_small
            && (group > 0 || total > 0)
            && next.and_then(small_word).is_some()
        {
            // "two hundred and five"
        } else {
            break;
        }
        j += 1;
    }
    if j == i || (group == 0 && total == 0 && !tokens[i].word.eq("zero")) {
        return None;
    }
    if group > 0 || after_small {
        place = group_place;
    }
    if tokens[j - 1].word == "and" {
        j -= 1;
    }
    Some((total + group, place.max(1), j, article))
}

fn capital_at(text: &str, at: usize) -> bool {
    text[at..].chars().next().is_some_and(|c| c.is_ascii_uppercase())
}

/// The English number in words that starts at `at` (a word's start), with its unit if one
/// follows (`forty seconds`).
pub(crate) fn read_english(text: &str, at: usize) -> Option<WordNumber> {
    let tokens = tokens(text, at, 32);
    let first = tokens.first()?;
    let capital = capital_at(text, at);
    let word = |j: usize| tokens.get(j).map(|t| t.word.as_str());
    let fraction = |w: Option<&str>| w.and_then(|w| FRACTIONS.iter().find(|(f, _)| *f == w).map(|(_, d)| *d));
    let share = |numerator: u64, denominator: u64, article: bool, end: usize| WordNumber {
        start: at,
        number_end: end,
        end,
        value: (u128::from(numerator) * 100, u128::from(denominator)),
        unit: Unit::Percent,
        words: Words {
            step: (100, denominator),
            kind: WordKind::Fraction,
            japanese: false,
            article,
            capital,
        },
    };
    // "once", "twice", "thrice" ("once" is a word by `not_numbers.txt` unless it counts runs)
    if let Some(times) = match first.word.as_str() {
        "once" => Some(1),
        "twice" => Some(2),
        "thrice" => Some(3),
        _ => None,
    } {
        return Some(multiple(at, first.end, times, 1, capital));
    }
    // "half", "a half", "a third", "a quarter"
    if let Some(denominator) = fraction(Some(&first.word))
        && matches!(first.word.as_str(), "half")
    {
        return Some(share(1, denominator, false, first.end));
    }
    if matches!(first.word.as_str(), "a" | "an")
        && let Some(denominator) = fraction(word(1))
        && !word(1).is_some_and(|w| w.ends_with('s'))
    {
        return Some(share(1, denominator, true, tokens[1].end));
    }
    let (value, place, next, article) = cardinal(&tokens, 0)?;
    let number_end = tokens[next - 1].end;
    // "three quarters", "two thirds", "one half"
    if let Some(denominator) = fraction(word(next))
        && value >= 1
        && value < denominator
        && place == 1
        && (value == 1) != word(next).is_some_and(|w| w.ends_with('s'))
    {
        return Some(share(value, denominator, article, tokens[next].end));
    }
    // "one in four"
    if value == 1
        && word(next) == Some("in")
        && let Some((n, _, after, _)) = cardinal(&tokens, next + 1)
        && n > 1
    {
        let end = tokens[after - 1].end;
        return Some(WordNumber {
            start: at,
            number_end: end,
            end,
            value: (100, u128::from(n)),
            unit: Unit::Percent,
            words: Words { step: (100, n), kind: WordKind::OneIn(n), japanese: false, article, capital },
        });
    }
    // "three times"
    if word(next) == Some("times") && value > 1 {
        return Some(multiple(at, tokens[next].end, value, place, capital));
    }
    // "four and a half"
    let (value, step, number_end) = if word(next) == Some("and")
        && matches!(word(next + 1), Some("a" | "one"))
        && word(next + 2) == Some("half")
    {
        (u128::from(value) * 2 + 1, (1, 2), tokens[next + 2].end)
    } else {
        (u128::from(value) * 2, (place, 1), number_end)
    };
    let (unit, end) = match match_unit(text, number_end) {
        Some((unit, end)) if unit != Unit::Times && unit != Unit::Percent => (unit, end),
        _ => (Unit::Count, number_end),
    };
    Some(WordNumber {
        start: at,
        number_end,
        end,
        value: (value, 2),
        unit,
        words: Words { step, kind: WordKind::Cardinal, japanese: false, article, capital },
    })
}

fn multiple(at: usize, end: usize, times: u64, place: u64, capital: bool) -> WordNumber {
    WordNumber {
        start: at,
        number_end: end,
        end,
        value: (u128::from(times), 1),
        unit: Unit::Times,
        words: Words { step: (place, 1), kind: WordKind::Multiple, japanese: false, article: false, capital },
    }
}

/// The number in words that starts at `at`, English or Japanese.
pub(crate) fn read_words(text: &str, at: usize) -> Option<WordNumber> {
    if text[at..].starts_with(|c: char| c.is_ascii_alphabetic()) {
        read_english(text, at)
    } else {
        read_japanese(text, at)
    }
}

/// Whether a computed value `computed` (in the stated unit) passes for a number in words
/// of value `stated` and step `step`: rounded to the step (half away from zero, or down),
/// it is the stated value; "one in N" when the inverse of the share rounds to N.
pub(crate) fn step_check(stated: f64, step: f64, kind: WordKind, computed: f64, down: bool) -> bool {
    if let WordKind::OneIn(n) = kind {
        return computed > 0.0 && (100.0 / computed).round() == n as f64;
    }
    let steps = computed / step;
    // A hair of slack for the binary arithmetic of a step like a third.
    let steps = if down { (steps + 1e-9).trunc() } else { (steps + 1e-9_f64.copysign(steps)).round() };
    (steps * step - stated).abs() <= step * 1e-9
}

/// The phrases that look like numbers in words but are words ("a second", 一度, 一覧):
/// `not_numbers.txt`, one a line, `#` for comments.
fn not_numbers() -> impl Iterator<Item = &'static str> {
    include_str!("words/not_numbers.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Whether the text at `at` starts a phrase of `not_numbers.txt`, or the word before it
/// makes one (唯一, 同一).
fn is_not_a_number(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    not_numbers().any(|phrase| {
        let first = phrase.chars().next().unwrap_or(' ');
        if first.is_ascii() {
            // The number may start the phrase ("one of") or end it ("runs twice").
            phrase.match_indices(' ').map(|(space, _)| space + 1).chain([0]).any(|from| {
                let (head, tail) = phrase.split_at(from);
                let before = &text[..at];
                rest.len() >= tail.len()
                    && rest.is_char_boundary(tail.len())
                    && rest[..tail.len()].eq_ignore_ascii_case(tail)
                    && !rest[tail.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
                    && before.len() >= head.len()
                    && before.is_char_boundary(before.len() - head.len())
                    && before[before.len() - head.len()..].eq_ignore_ascii_case(head)
                    && !before[..before.len() - head.len()].ends_with(|c: char| c.is_ascii_alphanumeric())
            })
        } else {
            // The number may start the phrase (一度) or stand inside it (唯一, 最後の一秒).
            phrase.char_indices().any(|(split, _)| {
                let (head, tail) = phrase.split_at(split);
                rest.starts_with(tail) && text[..at].ends_with(head)
            })
        }
    })
}

/// Every number in `text` a reader reads, in digits or in words, each at its bytes: for the
/// places where any number is a claim (a heading), not only a figure-like one. Numbers
/// glued to letters (`v0.1.0`, `Port8`) and the phrases of `not_numbers.txt` are not.
pub(crate) fn every_number(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut found: Vec<std::ops::Range<usize>> =
        super::lex::lex_all(text).into_iter().filter(|l| !l.glued).map(|l| l.start..l.end).collect();
    let mut previous: Option<char> = None;
    for (i, c) in text.char_indices() {
        let starts_word = if c.is_ascii_alphabetic() {
            !previous.is_some_and(|p| p.is_ascii_alphanumeric() || p == '-' || p == '\'')
        } else {
            japanese::is_numeral_char(c) && !previous.is_some_and(japanese::is_numeral_char)
        };
        previous = Some(c);
        if !starts_word || found.iter().any(|r| r.contains(&i)) || is_not_a_number(text, i) {
            continue;
        }
        if let Some(number) = read_words(text, i)
            && text[number.end..].chars().next().is_none_or(|n| !n.is_ascii_alphanumeric())
        {
            found.push(i..number.end);
        }
    }
    found.sort_by_key(|r| r.start);
    found
}
