//! Character classes and HTML escaping that every room shares: the characters that the feed
//! (XML 1.0) cannot carry, which characters are Japanese text, and text escaped for HTML.
//!
//! Owns those rules, below every stage that reads or writes text (settings, pages, UI
//! strings, the number grammar, plots), so that each can apply them without importing
//! another. It reports nothing itself: each caller places its own diagnostic. Hangul is not
//! Japanese here: Korean separates its words with spaces, so a line break between two
//! Korean words is a space, as in English.

/// A character that XML 1.0 cannot carry, or that no title should hold: controls other than
/// tab and line breaks.
pub(crate) fn is_forbidden_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Whether `c` is written in Japanese (or Chinese) text without spaces between words.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        // CJK Radicals Supplement, Kangxi Radicals, Ideographic Description Characters
        0x2E80..=0x2FFF
        // CJK Symbols and Punctuation (、。「」), Hiragana, Katakana
        | 0x3000..=0x30FF
        // Kanbun, CJK Strokes, Katakana Phonetic Extensions
        | 0x3190..=0x31FF
        // Enclosed CJK Letters and Months (㋐), CJK Compatibility (㌔), Extension A
        | 0x3200..=0x4DBF
        // CJK Unified Ideographs
        | 0x4E00..=0x9FFF
        // CJK Compatibility Ideographs (﨑)
        | 0xF900..=0xFAFF
        // Vertical Forms (︙), CJK Compatibility Forms, Small Form Variants
        | 0xFE10..=0xFE1F | 0xFE30..=0xFE6F
        // Halfwidth and Fullwidth Forms, less the half-width Hangul
        | 0xFF00..=0xFF9F | 0xFFE0..=0xFFEF
        // Kana Extended-B, Kana Supplement, Kana Extended-A, Small Kana Extension
        | 0x1AFF0..=0x1B16F
        // Supplementary and Tertiary Ideographic Planes: Extensions B to F, compatibility
        // supplement, Extensions G, H and whatever the planes are given next
        | 0x20000..=0x3FFFF)
}

/// Text escaped for HTML (`&`, `<`, `>`, `"`, `'`), for text and attribute values alike.
pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing into a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, text);
    out
}

/// `part` of `whole` in whole percent, rounded down, as a report states a share: 12,001 of
/// 12,004 tagged is "99 %", never a "100 %" that reads as all of them. Nothing of nothing
/// is all of it.
pub(crate) fn percent_of(part: usize, whole: usize) -> String {
    let percent = (part.min(whole) * 100).checked_div(whole).unwrap_or(100);
    format!("{percent} %")
}
