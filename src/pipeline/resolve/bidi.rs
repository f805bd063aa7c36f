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
pub(crate) fn reordering(body: &str, start: usize) -> Vec<(Range<usize>, String)> {
    let mut found = Vec::new();
    for (i, c) in body.char_indices().filter(|(_, c)| reorders(*c)) {
        found.push((start + i..start + i + c.len_utf8(), format!("U+{:04X}", c as u32)));
    }
    let lower = body.to_ascii_lowercase();
    for markup in REORDERING_MARKUP {
        for (i, _) in lower.match_indices(markup) {
            found.push((start + i..start + i + markup.len(), format!("`{}`", &body[i..i + markup.len()])));
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
}
