//! Text whose order a browser changes: bidirectional embeddings, overrides and isolates
//! (U+202A–U+202E, U+2066–U+2069), a `bdo` element and the CSS `bidi-override`. Around
//! `[418]{=n}` an override shows a reader 814, which no check compared, so each is an error
//! at its place in a page body (`bidi-control`).
//!
//! Owns finding them in a page's text. It does not read numbers (the checks compare text in
//! the order it is written, as tally reads it) nor the marks U+200E/U+200F, which move no
//! digit.

use std::ops::Range;

/// The controls that reorder the text after them until they are closed (the closing
/// U+202C and U+2069 reorder nothing, and the opening one is reported).
fn reorders(c: char) -> bool {
    matches!(c, '\u{202a}' | '\u{202b}' | '\u{202d}' | '\u{202e}' | '\u{2066}'..='\u{2068}')
}

/// Markup that reorders its content, lower-case; matched case-insensitively.
const REORDERING_MARKUP: [&str; 2] = ["<bdo", "bidi-override"];

/// Each reordering character or piece of markup in `body`, which starts at `start` of its
/// page's text: its place in the text and how to name it.
///
/// Every page is read on every build, so the body is searched for the three bytes that can
/// start a finding (`<`, `-` of `bidi-override`, and 0xE2, the first byte of each control in
/// UTF-8) rather than lowered whole and read character by character: that took 9 ms of a
/// one-page rebuild of the 1,000-bundle corpus (bench/notes.md).
pub(crate) fn reordering(body: &str, start: usize) -> Vec<(Range<usize>, String)> {
    let bytes = body.as_bytes();
    let mut found = Vec::new();
    for at in memchr::memchr3_iter(b'<', b'-', 0xe2, bytes) {
        let markup = match bytes[at] {
            b'<' => Some((at, REORDERING_MARKUP[0])),
            b'-' => at.checked_sub("bidi".len()).map(|from| (from, REORDERING_MARKUP[1])),
            _ => {
                let c = body.get(at..).and_then(|rest| rest.chars().next()).filter(|c| reorders(*c));
                if let Some(c) = c {
                    found.push((start + at..start + at + c.len_utf8(), format!("U+{:04X}", c as u32)));
                }
                None
            }
        };
        if let Some((from, markup)) = markup
            && bytes
                .get(from..from + markup.len())
                .is_some_and(|text| text.eq_ignore_ascii_case(markup.as_bytes()))
        {
            found.push((
                start + from..start + from + markup.len(),
                format!("`{}`", &body[from..from + markup.len()]),
            ));
        }
    }
    found.sort_by_key(|(range, _)| range.start);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_isolates_and_reordering_markup_are_found_where_they_stand() {
        let body =
            "a \u{202e}418\u{202c} b <BDO dir=rtl>418</bdo> <span style=\"unicode-bidi: bidi-override\">";
        let found = reordering(body, 10);
        let names: Vec<&str> = found.iter().map(|(_, name)| name.as_str()).collect();
        assert_eq!(names, ["U+202E", "`<BDO`", "`bidi-override`"]);
        assert_eq!(found[0].0, 12..15);
        assert!(reordering("Hebrew שלום and marks \u{200f} are fine", 0).is_empty());
    }

    /// The byte search finds what reading the lowered text finds, at the same places:
    /// markup in any case, beside other markup, at the body's ends, and after text in
    /// other scripts.
    #[test]
    fn the_byte_search_finds_what_the_lowered_text_gives() {
        let body = "<bdo>BIDI-OVERRIDE-x \u{2066}bidi-Override<BdO\u{2067}—–\u{202a}-override bidi- \u{202c}日本<bdo";
        let lowered = body.to_ascii_lowercase();
        let mut expected: Vec<(usize, String)> = body
            .char_indices()
            .filter(|(_, c)| reorders(*c))
            .map(|(i, c)| (i, format!("U+{:04X}", c as u32)))
            .collect();
        for markup in REORDERING_MARKUP {
            expected.extend(
                lowered.match_indices(markup).map(|(i, _)| (i, format!("`{}`", &body[i..i + markup.len()]))),
            );
        }
        expected.sort();
        let found: Vec<(usize, String)> =
            reordering(body, 0).into_iter().map(|(range, name)| (range.start, name)).collect();
        assert_eq!(found, expected);
        assert_eq!(found.len(), 8);
    }
}
