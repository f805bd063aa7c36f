//! The spaces of published text that a reader sees as typography: where a line may not
//! break and which spaces Japanese text does not have. Applied to the rendered page, never
//! to the source, so the checks read what the author wrote.
//!
//! Owns three rules. A model name stays whole in a heading (`names_whole`): the space between a
//! Latin word holding a capital letter and a number after it ("XGS 136", "OPNsense 24.7",
//! "Port 8") is a no-break space, and a name written with a hyphen ("GX-412TC") is in a span
//! that does not break (`hyphened_names_whole`), its hyphen a plain one. A numeral stays with its counter (`japanese_spacing`):
//! the space between a digit and the Japanese character after it (「2 台」) is a no-break
//! space. Japanese has no space next to a full-width bracket (「（ベンダーの数値） の」) nor
//! between two Japanese characters (「274 万 パケット」): such a space is dropped. It does
//! not decide where text comes from (markdown's render, the templates' `names_whole`
//! filter call these).

use std::borrow::Cow;

use crate::text::is_cjk;

/// The no-break space that keeps two words on one line.
pub(crate) const NO_BREAK: char = '\u{a0}';

/// A full-width bracket that opens: no space is written before it.
pub(crate) fn opens_full_width(c: char) -> bool {
    matches!(c, '（' | '「' | '『' | '【' | '〔' | '［' | '〈' | '《' | '｛')
}

/// A full-width bracket that closes: no space is written after it.
pub(crate) fn closes_full_width(c: char) -> bool {
    matches!(c, '）' | '」' | '』' | '】' | '〕' | '］' | '〉' | '》' | '｝')
}

/// Japanese written without spaces between its words: kana and kanji, not punctuation.
fn is_japanese_word(c: char) -> bool {
    is_cjk(c)
        && (matches!(c as u32, 0x3040..=0x30FF)
            || c == '々'
            || c as u32 >= 0x3400 && !matches!(c as u32, 0xFE10..=0xFFEF))
}

/// `text` with each space between a Latin word holding a capital letter and a number after
/// it made a no-break space: a model name and its number stay on one line.
pub(crate) fn names_whole(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let joins = |at: usize| {
        let word_start = text[..at]
            .char_indices()
            .rfind(|&(_, c)| !c.is_ascii_alphabetic() && c != '-')
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &text[word_start..at];
        let before_word = text[..word_start].chars().next_back();
        word.len() >= 2
            && word.bytes().any(|b| b.is_ascii_uppercase())
            && before_word.is_none_or(|c| c.is_whitespace() || !c.is_alphanumeric())
            && bytes.get(at + 1).is_some_and(u8::is_ascii_digit)
    };
    let spaces: Vec<usize> = text.match_indices(' ').map(|(at, _)| at).filter(|&at| joins(at)).collect();
    if spaces.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + spaces.len());
    let mut from = 0;
    for at in spaces {
        out.push_str(&text[from..at]);
        out.push(NO_BREAK);
        from = at + 1;
    }
    out.push_str(&text[from..]);
    Cow::Owned(out)
}

/// The element a model name written with a hyphen is kept whole in.
pub(crate) const NOWRAP_OPEN: &str = "<span class=\"nowrap\">";

/// `html` (escaped text, or HTML whose tags are left alone) with each model name written
/// with a hyphen ("GX-412TC", "10GBASE-T": letters and digits joined by hyphens, holding a
/// capital letter and a digit) in a span the stylesheet does not break (`.nowrap`), so a
/// heading never breaks it at its hyphen. The hyphen stays a plain one, so that searching
/// and copying find the name as it is written; "Wi-Fi" and "end-to-end" are no names.
pub(crate) fn hyphened_names_whole(html: &str) -> Cow<'_, str> {
    let is_part = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let mut names: Vec<(usize, usize)> = Vec::new();
    let mut in_tag = false;
    let mut start: Option<usize> = None;
    let end_name = |from: usize, to: usize, names: &mut Vec<(usize, usize)>| {
        let word = html[from..to].trim_matches('-');
        let from = from + html[from..to].find(|c: char| c != '-').unwrap_or(0);
        let is_name = word.contains('-')
            && !word.contains("--")
            && word.bytes().any(|b| b.is_ascii_uppercase())
            && word.bytes().any(|b| b.is_ascii_digit());
        // A word right after `&` is an entity's name: `&amp;` is never a model's.
        if is_name && !html[..from].ends_with('&') {
            names.push((from, from + word.len()));
        }
    };
    for (at, c) in html.char_indices() {
        match (c, in_tag) {
            ('<', _) => in_tag = true,
            ('>', true) => in_tag = false,
            _ => {}
        }
        if !in_tag && is_part(c) {
            start.get_or_insert(at);
        } else if let Some(from) = start.take() {
            end_name(from, at, &mut names);
        }
    }
    if let Some(from) = start {
        end_name(from, html.len(), &mut names);
    }
    if names.is_empty() {
        return Cow::Borrowed(html);
    }
    let mut out = String::with_capacity(html.len() + names.len() * 32);
    let mut from = 0;
    for (start, end) in names {
        out.push_str(&html[from..start]);
        out.push_str(NOWRAP_OPEN);
        out.push_str(&html[start..end]);
        out.push_str("</span>");
        from = end;
    }
    out.push_str(&html[from..]);
    Cow::Owned(out)
}

/// `text`, which follows `before` (the last character shown before it, if any), with
/// Japanese spacing: a space between a digit and a Japanese character a no-break space, and
/// no space next to a full-width bracket nor between two Japanese characters.
pub(crate) fn japanese_spacing(text: &str, before: Option<char>) -> Cow<'_, str> {
    if !text.contains(' ') {
        return Cow::Borrowed(text);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != ' ' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let end = chars[i..].iter().position(|&c| c != ' ').map_or(chars.len(), |n| i + n);
        let prev = if i == 0 { before } else { Some(chars[i - 1]) };
        let next = chars.get(end).copied();
        let dropped = prev.is_some_and(closes_full_width)
            || next.is_some_and(opens_full_width) && prev.is_some_and(|c| !c.is_whitespace())
            || prev.is_some_and(is_japanese_word) && next.is_some_and(is_japanese_word);
        let held = prev.is_some_and(|c| c.is_ascii_digit()) && next.is_some_and(is_japanese_word);
        if dropped {
            changed = true;
        } else if held {
            changed = true;
            out.push(NO_BREAK);
        } else {
            out.extend(&chars[i..end]);
        }
        i = end;
    }
    if changed { Cow::Owned(out) } else { Cow::Borrowed(text) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_name_and_its_number_stay_together() {
        assert_eq!(names_whole("HTTP through the XGS 136"), "HTTP through the XGS\u{a0}136");
        assert_eq!(names_whole("XGS 136 を通る HTTP"), "XGS\u{a0}136 を通る HTTP");
        assert_eq!(names_whole("OPNsense 24.7 on Port 8"), "OPNsense\u{a0}24.7 on Port\u{a0}8");
        // Lower-case words and single letters are no names.
        assert_eq!(names_whole("over 200 runs, a 5 s window"), "over 200 runs, a 5 s window");
        assert!(matches!(names_whole("no numbers"), Cow::Borrowed(_)));
        assert_eq!(names_whole("動く OPNsense：試験台 XGS 136"), "動く OPNsense：試験台 XGS\u{a0}136");
        assert_eq!(names_whole("試験台の XGS 3300"), "試験台の XGS\u{a0}3300");
    }

    /// A README-only trial: the H1 "GX-412TC" broke at its hyphen on a phone.
    #[test]
    fn a_model_name_with_a_hyphen_is_kept_whole_with_its_plain_hyphen() {
        assert_eq!(
            hyphened_names_whole("OPNsense on the GX-412TC"),
            "OPNsense on the <span class=\"nowrap\">GX-412TC</span>"
        );
        assert_eq!(
            hyphened_names_whole("10GBASE-T, Wi-Fi and end-to-end"),
            "<span class=\"nowrap\">10GBASE-T</span>, Wi-Fi and end-to-end"
        );
        // Tags, their attributes and entities are left alone.
        assert_eq!(
            hyphened_names_whole("<a href=\"/GX-412TC/\">A-1 &amp; B</a>"),
            "<a href=\"/GX-412TC/\"><span class=\"nowrap\">A-1</span> &amp; B</a>"
        );
        assert!(matches!(hyphened_names_whole("XGS\u{a0}136 and -5"), Cow::Borrowed(_)));
        assert_eq!(hyphened_names_whole("-GX-412-"), "-<span class=\"nowrap\">GX-412</span>-");
    }

    #[test]
    fn japanese_spacing_keeps_counters_and_drops_spaces_by_brackets() {
        assert_eq!(japanese_spacing("2 台目の XGS 3300", None), "2\u{a0}台目の XGS 3300");
        assert_eq!(japanese_spacing(" の応答", Some('）')), "の応答");
        assert_eq!(japanese_spacing(" パケット中", Some('万')), "パケット中");
        assert_eq!(japanese_spacing("数値 （ベンダー） の", None), "数値（ベンダー）の");
        // English text and spaces between Latin and Japanese are left alone.
        assert_eq!(japanese_spacing("2 PCs and 3 links", None), "2 PCs and 3 links");
        // A numeral keeps the word after it, a particle as a counter.
        assert_eq!(japanese_spacing("XGS 136 を通る", None), "XGS 136\u{a0}を通る");
        assert_eq!(japanese_spacing("PC の 10GBASE-T", None), "PC の 10GBASE-T");
    }
}
