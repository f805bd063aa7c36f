//! What a stylesheet shows a reader: the strings of its `content:` declarations
//! (`.peak::after { content: "999 Gbit/s" }` draws 999 Gbit/s on the page), in the site's
//! CSS files under static/ and in a template's `<style>`. Everything else in CSS is markup.
//!
//! Owns reading CSS for shown text and its figure-like numbers. It does not decide which
//! numbers are refused (`pipeline/check/outside`), nor copy the files (`pipeline/write`).

use std::path::Path;

use crate::shown_numbers::ShownNumber;

/// `css` with everything but the strings of `content:` declarations blanked, byte for byte
/// (line breaks kept), so that a place in it is a place in the file.
pub(crate) fn shown_text(css: &str) -> String {
    let mut shown: Vec<u8> = css.bytes().map(|b| if b == b'\n' { b'\n' } else { b' ' }).collect();
    let bytes = css.as_bytes();
    let lower = css.to_ascii_lowercase();
    let mut from = 0;
    while let Some(found) = lower[from..].find("content").map(|i| from + i) {
        from = found + "content".len();
        // A property's name, not the end of another's (`align-content`) nor a value.
        let before = lower[..found].trim_end().bytes().next_back();
        if !matches!(before, None | Some(b'{' | b';')) {
            continue;
        }
        let after = lower[from..].trim_start();
        if !after.starts_with(':') {
            continue;
        }
        let mut at = lower.len() - after.len() + 1;
        // The declaration's value, up to `;` or `}` outside its strings.
        while at < bytes.len() && !matches!(bytes[at], b';' | b'}') {
            if let quote @ (b'"' | b'\'') = bytes[at] {
                let start = at + 1;
                let end = css[start..].find(quote as char).map_or(css.len(), |i| start + i);
                shown[start..end].copy_from_slice(&bytes[start..end]);
                // Past the closing quote; an unclosed string ends the file.
                at = (end + 1).min(css.len());
            } else {
                at += 1;
            }
        }
        from = at.max(from);
    }
    // Only whole ranges between ASCII quotes are copied, so every character is whole.
    String::from_utf8(shown).unwrap_or_default()
}

/// The figure-like numbers a stylesheet at `path` (relative to the site root) shows.
pub(crate) fn shown_numbers(path: &Path, css: &str) -> Vec<ShownNumber> {
    if !css.contains("content") {
        return Vec::new();
    }
    ShownNumber::found_in(path, css, &shown_text(css), 0, "the stylesheet")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_strings_of_content_declarations_are_shown() {
        let css = ".a::after { content: \"999 Gbit/s\"; color: #940 }\n.b { align-content: center; content: '8' \" Mbit/s\" }";
        let shown = shown_text(css);
        assert_eq!(shown.len(), css.len());
        assert_eq!(shown.split_whitespace().collect::<Vec<_>>(), ["999", "Gbit/s", "8", "Mbit/s"]);
        let numbers = shown_numbers(Path::new("static/site.css"), css);
        assert_eq!(numbers.len(), 2, "{numbers:?}");
        assert_eq!((numbers[0].line, numbers[0].col, numbers[0].stated.as_str()), (1, 23, "999 Gbit/s"));
        // CSS joins the strings of one declaration: `'8' " Mbit/s"` draws 8 Mbit/s.
        assert_eq!((numbers[1].line, numbers[1].col), (2, 39));
    }

    proptest::proptest! {
        /// Whatever the stylesheet, reading it never panics and keeps its length.
        #[test]
        fn any_stylesheet_is_read_whole(css in "[a-z{}:;'\" 0-9%\n-]{0,80}|(content|:|\"|'|;|}|9 ms| )*") {
            let shown = shown_text(&css);
            proptest::prop_assert_eq!(shown.len(), css.len());
        }
    }

    #[test]
    fn css_without_content_shows_nothing() {
        assert!(shown_numbers(Path::new("a.css"), "p { width: 940px; margin: 1.5em }").is_empty());
        assert!(shown_text("{content:\"x").ends_with('x'), "an unclosed string is read to the end");
    }
}
