//! An approximate figure (`{~NAME}`) stands beside a word of approximation: `[10]{~x}`
//! passes for anything from 5 up to 15, which a reader knows only when the page says
//! "about". Without the word the page states an exact number nothing checked exactly.

use super::{Side, Written};
use crate::number::{approximate_bounds, parse_stated};

/// Words of approximation written before a number, in English (a whole word, any case).
/// Not "nearly" nor "almost": they are bounds (below the number, never above it), stated
/// in the tag (`[nearly 30 %]{=x}`).
pub(crate) const WORDS_BEFORE: [&str; 8] =
    ["about", "around", "some", "roughly", "approximately", "circa", "ca.", "approx."];

/// Words before a number that are bounds, not approximations: what the error names.
const BOUNDS_BEFORE: [&str; 2] = ["nearly", "almost"];

/// Signs and Japanese words of approximation written before a number, touching it or not.
pub(crate) const MARKS_BEFORE: [&str; 13] =
    ["~", "≈", "∼", "〜", "～", "約", "およそ", "おおよそ", "ほぼ", "大体", "だいたい", "概ね", "おおむね"];

/// Japanese words of approximation after a number, or after its counter (「360 個ほど」).
pub(crate) const WORDS_AFTER: [&str; 6] = ["程度", "ほど", "前後", "くらい", "ぐらい", "余り"];

/// Where the phrase a number stands in ends, for a word of approximation after it.
const PHRASE_ENDS: &str = "。、，,.;:!?()（）「」\n";

/// How far after a Japanese number its word of approximation may stand (a counter between).
const AFTER_REACH: usize = 8;

/// Whether a word of approximation stands beside the tag: right before it ("about",
/// 「約」, `~`), or after it in its phrase ("or so" or "more or less" within its next few
/// words, 「程度」, 「ほど」).
pub(super) fn beside_a_word(before: &Side, after: &Side) -> bool {
    let spaces = |c: char| c.is_whitespace() || c == '\u{3000}';
    let b = before.text.trim_end_matches(spaces);
    if MARKS_BEFORE.iter().any(|mark| b.ends_with(mark)) {
        return true;
    }
    let last = b.rsplit(spaces).next().unwrap_or("");
    let last = last.trim_start_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    if WORDS_BEFORE.contains(&last.as_str()) {
        return true;
    }
    let phrase: String = after.text.chars().take_while(|c| !PHRASE_ENDS.contains(*c)).collect();
    let near: String = phrase.chars().filter(|c| !spaces(*c)).take(AFTER_REACH).collect();
    if WORDS_AFTER.iter().any(|word| near.contains(word)) {
        return true;
    }
    let words: Vec<String> = after
        .text
        .split(spaces)
        .filter(|w| !w.is_empty())
        .take(4)
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .collect();
    words.windows(2).any(|pair| pair[0] == "or" && pair[1] == "so")
        || words.windows(3).any(|three| three == ["more", "or", "less"])
}

/// The error for an approximate tag with no word of approximation beside it: what it
/// passes for, and what to write.
pub(super) fn message(written: &Written<'_>, before: &Side) -> String {
    let (tag, live) = (written.source, written.live);
    let last = before.text.trim_end().rsplit(char::is_whitespace).next().unwrap_or("").to_lowercase();
    if let Some(bound) = BOUNDS_BEFORE.iter().find(|b| last.ends_with(**b)) {
        let exact = written.suffix.replacen("{~", "{=", 1);
        return format!(
            "`{bound}` before `{tag}` is a bound, not an approximation: it says the figure is below {live}, never above; state it in the tag (`[{bound} {live}]{exact}`), which checks that side, or write `about` for either side"
        );
    }
    let range = parse_stated(live)
        .ok()
        .and_then(|stated| approximate_bounds(&stated))
        .map(|(low, high)| format!(", so it passes for anything from {low} up to {high}"))
        .unwrap_or_default();
    let exact = written.suffix.replacen("{~", "{=", 1);
    format!(
        "`{tag}` is approximate{range}, but no word of approximation stands beside it, and a reader takes `{live}` as exact: write one beside the tag (`about {tag}`, `約 {tag}`; the manual lists the words), or state the figure exactly with `{exact}`"
    )
}
