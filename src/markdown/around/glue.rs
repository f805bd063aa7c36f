//! Text glued to a tag that changes the number a reader reads: a digit or separator
//! (`9[40]`, `[40],000`), a sign (`-[40 %]`), a scale word or unit (`[40] thousand`,
//! `[360]万`, `[40] Gbit/s`), a scale letter (`[40]k`), a superscript (`[10]<sup>6</sup>`)
//! or another tag (`[1][4]`). The check compares the tag's text only, so each would publish
//! a number nothing compared; an ordinary word beside a tag (`[520] frames`) changes nothing.

use super::{Side, Written};
use crate::markdown::Claim;
use crate::number::{Unit, digit_value, is_superscript, leading_scale_word, leading_unit};

/// What groups digits or starts a fraction: the ASCII and full-width comma and point, the
/// apostrophe some locales group with, and the spaces SI groups with (`40 000`).
const SEPARATORS: [char; 9] = [',', '.', '，', '．', '\'', '’', '\u{a0}', '\u{202f}', '\u{2009}'];

const SIGNS: [char; 7] = ['-', '−', '+', '±', '－', '＋', '﹣'];

/// One space between a tag and a scale word or unit still reads as one number.
const SPACES: [char; 5] = [' ', '\u{a0}', '\u{202f}', '\u{2009}', '\u{3000}'];

/// What may open a phrase right before a sign: a sign after it is the number's.
const OPENINGS: &str = "([{（「『\"'“‘«";

/// The scale letters a reader reads glued to a number (`40k`), with their scale words.
const SCALE_LETTERS: [(char, &str); 5] =
    [('k', "thousand"), ('K', "thousand"), ('M', "million"), ('G', "billion"), ('T', "trillion")];

/// Unit spellings that beside a count tag are the noun it counts, scaling nothing.
const COUNTED_NOUNS: [&str; 3] = ["byte", "bytes", "バイト"];

fn is_digit(c: char) -> bool {
    digit_value(c).is_some() || (c.is_numeric() && !is_superscript(c))
}

/// The digits `text` starts with, with single separators between or before them (`,000`,
/// `.5`, `0`); empty when no digit comes first but for one separator.
fn leading_digits(text: &str) -> &str {
    let (mut end, mut separated) = (0, false);
    for (i, c) in text.char_indices() {
        if is_digit(c) {
            (end, separated) = (i + c.len_utf8(), false);
        } else if SEPARATORS.contains(&c) && !separated {
            separated = true;
        } else {
            break;
        }
    }
    &text[..end]
}

/// The digits `text` ends with, with the single separators between and after them (`9`,
/// `1,`); empty when no digit stands there.
fn trailing_digits(text: &str) -> &str {
    let (mut start, mut separated) = (text.len(), false);
    for (i, c) in text.char_indices().rev() {
        if is_digit(c) {
            (start, separated) = (i, false);
        } else if SEPARATORS.contains(&c) && !separated {
            separated = true;
        } else {
            break;
        }
    }
    &text[start..]
}

/// What glued to the tag `written` changes its number, as an error message saying what to
/// move into it; `source` gives a neighbouring tag's own text.
pub(super) fn glued(
    written: &Written<'_>,
    before: &Side,
    after: &Side,
    claims: &[Claim],
    source: &dyn Fn(&Claim) -> Option<String>,
) -> Option<String> {
    let (tag, live) = (written.source, written.live);
    let (b, a) = (before.text.as_str(), after.text.as_str());
    let superscript = |c: char| is_superscript(c) || c == '^';
    if after.superscript || a.starts_with(superscript) {
        return Some(format!(
            "a superscript after the tag `{tag}` makes a reader read a power of `{live}`, which no check stands behind: tally reads no exponent, so state the number in full in the tag (`[1,000,000]{suffix}`, `[1 million]{suffix}`) or take the superscript out",
            suffix = written.suffix
        ));
    }
    if before.superscript || b.ends_with(superscript) {
        return Some(format!(
            "the tag `{tag}` stands as a superscript, and a reader reads it as a power of what comes before it, which no check stands behind: state the number in full in one tag, or take the superscript out"
        ));
    }
    let part = leading_digits(a);
    if !part.is_empty() {
        if let Some((at, index)) = after.tag
            && part.len() > at
        {
            let next = claims.get(index).and_then(source).unwrap_or_default();
            return Some(format!(
                "the tags `{tag}` and `{next}` touch, and a reader reads `{live}{part}` as one number: set them apart, or state the number in one tag"
            ));
        }
        return Some(format!(
            "`{part}` touches the tag `{tag}`, and a reader reads `{live}{part}`, not the `{live}` that is checked: move `{part}` into the tag, `{}`, or set it apart",
            written.with("", part)
        ));
    }
    let part = trailing_digits(b);
    if !part.is_empty() {
        return Some(format!(
            "`{part}` touches the tag `{tag}`, and a reader reads `{part}{live}`, not the `{live}` that is checked: move `{part}` into the tag, `{}`, or set it apart",
            written.with(part, "")
        ));
    }
    if let Some(sign) = b.chars().next_back().filter(|c| SIGNS.contains(c)) {
        let opens = match b[..b.len() - sign.len_utf8()].chars().next_back() {
            None => before.tag.is_none(),
            Some(c) => c.is_whitespace() || OPENINGS.contains(c),
        };
        if opens {
            return Some(format!(
                "the sign `{sign}` touches the tag `{tag}`, and a reader reads `{sign}{live}`, a sign no check stands behind: move it into the tag, `{}`, or set it apart",
                written.with(&sign.to_string(), "")
            ));
        }
    }
    word_after(written, a)
}

/// A scale word, unit or scale letter right after the tag, or one space after it.
fn word_after(written: &Written<'_>, after: &str) -> Option<String> {
    let (tag, live) = (written.source, written.live);
    let (space, rest) = match after.chars().next() {
        Some(c) if SPACES.contains(&c) => (" ", &after[c.len_utf8()..]),
        _ => ("", after),
    };
    if let Some(word) = leading_scale_word(rest) {
        return Some(format!(
            "`{word}` after the tag `{tag}` makes a reader read `{live}{space}{word}`, not the `{live}` that is checked: move `{word}` into the tag, `{}`",
            written.with("", &format!("{space}{word}"))
        ));
    }
    // `×` and `倍` state a ratio, which a count already is; `4s` is a plural and `4 us` a
    // pronoun more often than a unit; `bytes` after a count names what it counts, as
    // `frames` does, with no scale (`gigabytes` has one).
    let unit = leading_unit(rest).filter(|(spelling, unit)| {
        let (glued, spaced) = (space.is_empty(), !space.is_empty());
        let a_noun =
            COUNTED_NOUNS.contains(spelling) || (glued && *spelling == "s") || (spaced && *spelling == "us");
        *unit != Unit::Times && !a_noun
    });
    let per = rest
        .strip_prefix('/')
        .filter(|after| after.starts_with(|c: char| c.is_alphabetic()))
        .map(|after| &rest[..1 + after.find(|c: char| !c.is_alphanumeric()).unwrap_or(after.len())]);
    if let Some(word) = unit.map(|(spelling, _)| spelling).or(per.filter(|_| space.is_empty())) {
        let space =
            if space.is_empty() && word.starts_with(|c: char| c.is_ascii_alphabetic()) { " " } else { space };
        return Some(format!(
            "`{word}` after the tag `{tag}` states a unit no check stands behind (a reader reads `{live}{space}{word}`): move `{word}` into the tag, `{}`, and tally checks it against the figure's unit (one typed without a unit takes it in runs.yaml: `40 s`, or `unit:` on the figure)",
            written.with("", &format!("{space}{word}"))
        ));
    }
    let mut chars = rest.chars();
    if space.is_empty()
        && let Some((letter, word)) = chars.next().and_then(|c| SCALE_LETTERS.iter().find(|(l, _)| *l == c))
        && !chars.next().is_some_and(char::is_alphanumeric)
    {
        return Some(format!(
            "`{letter}` touches the tag `{tag}`, and a reader reads `{live}{letter}`, {live} {word}, not the `{live}` that is checked: write the scale word in the tag, `{}`",
            written.with("", &format!(" {word}"))
        ));
    }
    None
}
