//! Finding numbers in text: sign, digits with `,` groups, fraction, scale word and unit,
//! in ASCII or full-width digits, and whether a number is glued to letters or dots.
//!
//! Owns [`Style`] (how a number was written) and the lexer both `stated` and `scan` read
//! through. It does not decide what a tag states (`stated`) nor which numbers in running text
//! are figure-like (`scan`).

use super::units::UNIT_SPELLINGS;
use super::{Decimal, Unit};

/// A scale word and the power of ten it stands for.
pub(super) const SCALE_WORDS: &[(&str, i32)] = &[
    ("thousand", 3),
    ("million", 6),
    ("billion", 9),
    ("trillion", 12),
    ("千", 3),
    ("万", 4),
    ("億", 8),
    ("兆", 12),
];

/// How a stated number was written, so that a corrected one can be written the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    pub full_width: bool,
    /// The decimal point was the full-width `．` (`９．９`).
    pub full_width_point: bool,
    pub thousands_separator: bool,
    pub decimals: usize,
    /// The power of ten of the scale word, 0 without one (of the last one in a Japanese
    /// compound number).
    pub scale_exponent: i32,
    /// A Japanese compound number (`8億1400万`): written back in the same form.
    pub compound: bool,
    /// Written in words ("a thousand", 千), with the step they state.
    pub words: Option<super::words::kind::Words>,
}

/// A number as lexed from text, before deciding whether it is a figure.
#[derive(Debug, Clone)]
pub(super) struct Lexed {
    pub(super) start: usize,
    pub(super) digits_end: usize,
    /// After the scale word (or words), before the unit.
    pub(super) scale_end: usize,
    pub(super) end: usize,
    pub(super) decimal: Decimal,
    pub(super) style: Style,
    pub(super) unit: Unit,
    pub(super) has_scale: bool,
    /// The number is glued to letters or dots (a version, an id, a model name).
    pub(super) glued: bool,
}

pub(crate) fn digit_value(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '０'..='９' => Some((c as u32 - '０' as u32) as u8),
        _ => None,
    }
}

pub(super) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}'
}

/// The digits of a number (its sign aside), as they are written at the start of a text.
struct Digits {
    /// The integer part's digits in ASCII, its `,` groups left out.
    integer: String,
    /// The fraction's digits in ASCII.
    fraction: String,
    full_width: bool,
    thousands_separator: bool,
    /// The point written, if any (`.` or the full-width `．`).
    point: Option<char>,
    /// The bytes the digits take.
    len: usize,
}

/// Reads the digits at the start of `rest`: an integer part with `,` groups of exactly
/// three digits, then a fraction after `.` (or `．` between full-width digits).
fn digits(rest: &str) -> Digits {
    let mut integer = String::new();
    let mut fraction = String::new();
    let mut full_width = false;
    let mut thousands_separator = false;
    let mut i = 0;
    let bytes_of = |s: &str, i: usize| s[i..].chars().next();
    while let Some(c) = bytes_of(rest, i) {
        if let Some(d) = digit_value(c) {
            full_width |= c as u32 > 127;
            integer.push((b'0' + d) as char);
            i += c.len_utf8();
        } else if c == ',' && !integer.is_empty() {
            let group: Vec<char> = rest[i + 1..].chars().take(4).collect();
            let three_digits = group.len() >= 3 && group[..3].iter().all(|g| digit_value(*g).is_some());
            let fourth_is_digit = group.get(3).is_some_and(|g| digit_value(*g).is_some());
            if three_digits && !fourth_is_digit {
                thousands_separator = true;
                i += 1;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    // A full-width point between full-width digits (`９．９`) is a point as `.` is.
    let point = bytes_of(rest, i).filter(|c| matches!(c, '.' | '．'));
    let point_len = point.map_or(0, char::len_utf8);
    if point.is_some() && rest[i + point_len..].chars().next().and_then(digit_value).is_some() {
        i += point_len;
        while let Some(c) = bytes_of(rest, i) {
            match digit_value(c) {
                Some(d) => {
                    fraction.push((b'0' + d) as char);
                    i += c.len_utf8();
                }
                None => break,
            }
        }
    }
    Digits { integer, fraction, full_width, thousands_separator, point, len: i }
}

/// Whether the digits ending at `digits_end` are glued to what follows: "1.4.85" (a second
/// dot and digit make a version) or letters (an id or a name), except a unit written
/// without its space (`9.9Gbps`, `3.5ms`, `1.5GB`), read as the figure a reader reads.
fn glued_to_what_follows(text: &str, digits_end: usize) -> bool {
    let after = &text[digits_end..];
    let Some(next) = after.chars().next() else { return false };
    (next == '.' && after[1..].chars().next().and_then(digit_value).is_some())
        || next == '_'
        || (next.is_ascii_alphabetic() && match_unit_from(text, digits_end, true).is_none())
}

/// Reads a number starting at `start` (a digit, or a sign right before one).
fn lex_number(text: &str, start: usize) -> Lexed {
    let mut chars = text[start..].char_indices().peekable();
    let mut negative = false;
    let mut pos = start;
    if let Some(&(_, c)) = chars.peek()
        && matches!(c, '-' | '+' | '−' | '－' | '＋')
    {
        negative = matches!(c, '-' | '−' | '－');
        chars.next();
        pos = start + c.len_utf8();
    }
    let Digits { integer, fraction, full_width, thousands_separator, point, len } = digits(&text[pos..]);
    let digits_end = pos + len;
    let glued = glued_to_what_follows(text, digits_end);
    let decimals = fraction.len();
    let mut digits = integer;
    digits.push_str(&fraction);
    let mut decimal = Decimal::new(negative, &digits, -(decimals as i32));
    let mut end = digits_end;
    let mut scale_exponent = 0;
    let mut has_scale = false;
    let mut unit = Unit::Count;
    let mut compound = false;
    let mut scale_end = end;
    if !glued {
        let (scale, found_end) = match_scale(text, end);
        if let Some(exponent) = scale {
            has_scale = true;
            scale_exponent = exponent;
            decimal.exponent += exponent;
            end = found_end;
            // 8億1400万: digits right after a Japanese scale word, then a smaller one.
            while decimal.exponent >= 4 && decimals == 0 {
                let Some((part, part_exponent, part_end)) = compound_part(text, end, scale_exponent) else {
                    break;
                };
                decimal = decimal.plus(&part);
                scale_exponent = part_exponent;
                end = part_end;
                compound = true;
            }
            // `8億1400万` is 814 million as "814 million" is: a compound's zeros are not
            // digits written, only the places its words leave.
            if compound {
                decimal.trim_trailing_zeros();
            }
        }
        scale_end = end;
        let unspaced_letters = end == digits_end;
        if let Some((found, unit_end)) = match_unit_from(text, end, unspaced_letters) {
            unit = found;
            end = unit_end;
        }
    }
    Lexed {
        start,
        digits_end,
        scale_end,
        end,
        decimal,
        style: Style {
            full_width,
            full_width_point: point == Some('．') && decimals > 0,
            thousands_separator,
            decimals,
            scale_exponent,
            compound,
            words: None,
        },
        unit,
        has_scale,
        glued,
    }
}

/// The next part of a Japanese compound number at `at`: digits glued to a scale word
/// smaller than `below` (`1400万` after `8億`), as a decimal with the scale applied.
fn compound_part(text: &str, at: usize, below: i32) -> Option<(Decimal, i32, usize)> {
    let rest = &text[at..];
    let mut digits = String::new();
    let mut i = 0;
    for c in rest.chars() {
        match digit_value(c) {
            Some(d) => {
                digits.push((b'0' + d) as char);
                i += c.len_utf8();
            }
            None => break,
        }
    }
    if digits.is_empty() {
        return None;
    }
    let after = &rest[i..];
    let (word, exponent) =
        SCALE_WORDS.iter().find(|(w, e)| !w.is_ascii() && *e < below && after.starts_with(w))?;
    Some((Decimal::new(false, &digits, *exponent), *exponent, at + i + word.len()))
}

/// Skips spaces after `at`, returning the new offset and whether any were skipped.
fn skip_spaces(text: &str, at: usize) -> (usize, bool) {
    let skipped: usize = text[at..].chars().take_while(|c| is_space(*c)).map(char::len_utf8).sum();
    (at + skipped, skipped > 0)
}

fn match_scale(text: &str, at: usize) -> (Option<i32>, usize) {
    let (from, _) = skip_spaces(text, at);
    let rest = &text[from..];
    for (word, exponent) in SCALE_WORDS {
        if let Some(after) = rest.strip_prefix(word) {
            let ascii_word = word.is_ascii();
            if ascii_word && after.chars().next().is_some_and(is_word_char) {
                continue;
            }
            if ascii_word && from == at {
                continue;
            }
            return (Some(*exponent), from + word.len());
        }
    }
    (None, at)
}

pub(super) fn match_unit(text: &str, at: usize) -> Option<(Unit, usize)> {
    match_unit_from(text, at, false)
}

/// The unit at `at` (after spaces), if any; a unit spelled in letters needs a space before
/// it unless `unspaced_letters` (right after a number's digits, `9.9Gbps`) and it is two
/// letters or more.
fn match_unit_from(text: &str, at: usize, unspaced_letters: bool) -> Option<(Unit, usize)> {
    let (from, spaced) = skip_spaces(text, at);
    let rest = &text[from..];
    let first = *rest.as_bytes().first()?;
    let mut best: Option<(&str, Unit)> = None;
    for (spelling, unit) in spellings_starting_with(first) {
        if !rest.starts_with(spelling) {
            continue;
        }
        let first = spelling.chars().next().unwrap_or(' ');
        let letters = first.is_ascii_alphabetic();
        // A single letter glued to digits names rather than measures (`XGS 3300s`, `136s`,
        // `2x`): only a unit of two letters or more is read without its space.
        if letters && !spaced && !(unspaced_letters && spelling.len() >= 2) {
            continue;
        }
        let after = &rest[spelling.len()..];
        let next = after.chars().next();
        let ends_word = !spelling.ends_with(|c: char| c.is_ascii_alphanumeric())
            || !next.is_some_and(|c| is_word_char(c) || c == '/');
        if !ends_word {
            continue;
        }
        if best.is_none_or(|(b, _)| spelling.len() > b.len()) {
            best = Some((spelling, *unit));
        }
    }
    best.map(|(spelling, unit)| (unit, from + spelling.len()))
}

/// The unit spellings whose first byte is `first`, in `UNIT_SPELLINGS`' order: comparing
/// every spelling at every number was 4 % of a cold build.
pub(super) fn spellings_starting_with(first: u8) -> impl Iterator<Item = &'static (&'static str, Unit)> {
    static BY_FIRST_BYTE: std::sync::OnceLock<Vec<Vec<usize>>> = std::sync::OnceLock::new();
    let index = BY_FIRST_BYTE.get_or_init(|| {
        let mut index = vec![Vec::new(); 256];
        for (i, (spelling, _)) in UNIT_SPELLINGS.iter().enumerate() {
            if let Some(&byte) = spelling.as_bytes().first() {
                index[usize::from(byte)].push(i);
            }
        }
        index
    });
    index[usize::from(first)].iter().map(|&i| &UNIT_SPELLINGS[i])
}

/// Where numbers start in `text`: a digit not glued to a preceding letter, digit or dot,
/// or a sign right before such a digit.
fn number_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut previous: Option<char> = None;
    let mut previous_start = 0;
    for (i, c) in text.char_indices() {
        let glued_before =
            previous.is_some_and(|p| is_word_char(p) || digit_value(p).is_some() || p == '.' || p == ',');
        if digit_value(c).is_some() && !glued_before {
            let sign_before = previous.is_some_and(|p| matches!(p, '-' | '+' | '−' | '－' | '＋'));
            let sign_free = sign_before
                && !text[..previous_start]
                    .chars()
                    .next_back()
                    .is_some_and(|b| is_word_char(b) || digit_value(b).is_some());
            starts.push(if sign_free { previous_start } else { i });
        }
        previous = Some(c);
        previous_start = i;
    }
    starts
}

/// Lexes every number in `text`, skipping over the rest of a glued token.
pub(super) fn lex_all(text: &str) -> Vec<Lexed> {
    let mut found = Vec::new();
    let mut resume = 0;
    for start in number_starts(text) {
        if start < resume {
            continue;
        }
        let lexed = lex_number(text, start);
        resume = if lexed.glued {
            // Skip the whole glued token (1.4.85, 29c84f3, 3300s).
            lexed.digits_end
                + text[lexed.digits_end..]
                    .chars()
                    .take_while(|c| is_word_char(*c) || *c == '.' || digit_value(*c).is_some())
                    .map(char::len_utf8)
                    .sum::<usize>()
        } else {
            lexed.end
        };
        found.push(lexed);
    }
    found
}
