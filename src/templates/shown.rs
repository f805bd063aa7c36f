//! The literal text of a template a reader is shown, and the figure-like numbers in it:
//! what a template prints as it is, which no tag can check.
//!
//! Owns reading a template's text as a reader sees it: Tera's code (`{{ … }}`, `{% … %}`,
//! `{# … #}`) is not literal text, but the strings in its expressions and statements are
//! (they may be printed as they are), and the markup is read as a page's raw HTML is
//! (`markdown::html_reader_text`: text between tags and the attributes a reader is shown,
//! `title=`, `alt=`, `aria-label=`; not comments, scripts or styles). It does not decide
//! which numbers are refused (`pipeline/check/outside`).

use std::path::Path;

use crate::shown_numbers::{ShownNumber, keep_only};

/// `template` with everything a reader is not shown blanked, byte for byte.
pub(crate) fn shown_text(template: &str) -> String {
    let mut literal = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < template.len() {
        if let Some(code) = crate::tera_syntax::code_at(template, at) {
            literal.push(start..at);
            // A string in the code may be printed as it is (`{{ "9.9 Gbps" }}`): read as
            // literal text, since what the code does with it is Tera's to know.
            literal.extend(crate::tera_syntax::string_literals(template, at, code));
            at = code.end;
            start = at;
            continue;
        }
        at += template[at..].chars().next().map_or(1, char::len_utf8);
    }
    literal.push(start..template.len());
    let without_code = keep_only(template, literal);
    crate::markdown::html_reader_text(&without_code, &mut false)
}

/// Elements a browser sets in the line of text around them: a reader reads `6.<b>5</b> Gbps`
/// as `6.5 Gbps`.
const INLINE_ELEMENTS: [&str; 25] = [
    "a", "abbr", "b", "bdi", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q", "s",
    "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
];

/// `shown` (the shown text of `template`, byte for byte) with the inline tags that carry
/// nothing a reader is shown taken out, as a reader reads it, and each byte's place in the
/// template.
fn joined_across_inline_tags(template: &str, shown: &str) -> (String, Vec<usize>) {
    let (bytes, shown_bytes) = (template.as_bytes(), shown.as_bytes());
    let mut joined = Vec::with_capacity(shown.len());
    let mut places = Vec::with_capacity(shown.len());
    let mut at = 0;
    while at < shown_bytes.len() {
        // A comment shows nothing, so the text either side of it is one text
        // (`4.<!-- x -->4 Gbps` reads 4.4 Gbps).
        if bytes[at..].starts_with(b"<!--")
            && let Some(end) = template.get(at..).and_then(|rest| rest.find("-->")).map(|i| at + i + 3)
            && shown_bytes[at..end].iter().all(|&b| b == b' ' || b == b'\n')
        {
            at = end;
            continue;
        }
        if bytes.get(at) == Some(&b'<')
            && let Some(end) = template[at..].find('>').map(|i| at + i + 1)
            && shown_bytes[at..end].iter().all(|&b| b == b' ')
            && is_inline_tag(&template[at..end])
        {
            at = end;
            continue;
        }
        // A character reference shows its character (`5&#46;5`, `7&nbsp;Gbps`).
        if shown_bytes[at] == b'&'
            && let Some((character, end)) = crate::shown_numbers::character_reference(&shown[at..])
        {
            let mut buffer = [0u8; 4];
            for &byte in character.encode_utf8(&mut buffer).as_bytes() {
                joined.push(byte);
                places.push(at);
            }
            at += end;
            continue;
        }
        joined.push(shown_bytes[at]);
        places.push(at);
        at += 1;
    }
    // Only whole tags and references (ASCII) are taken out, and whole characters put in,
    // so every character is left whole.
    let joined =
        String::from_utf8(joined).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (joined, places)
}

fn is_inline_tag(tag: &str) -> bool {
    let name = tag.trim_start_matches('<').trim_start_matches('/');
    let end = name.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(name.len());
    let rest = &name[end..];
    INLINE_ELEMENTS.contains(&name[..end].to_ascii_lowercase().as_str())
        && rest.starts_with(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
}

/// The figure-like numbers each of `sources` (template name, text) shows a reader.
pub(super) fn shown_numbers(sources: &[(String, String)]) -> Vec<ShownNumber> {
    sources
        .iter()
        .flat_map(|(name, text)| {
            let path = Path::new("templates").join(name);
            let (joined, places) = joined_across_inline_tags(text, &shown_text(text));
            let place = |at: usize| places.get(at).copied().unwrap_or(text.len());
            ShownNumber::found_placed(&path, text, &joined, &place, "the template")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stated(template: &str) -> Vec<String> {
        let sources = vec![("page.html".to_string(), template.to_string())];
        shown_numbers(&sources).into_iter().map(|n| n.stated).collect()
    }

    #[test]
    fn the_text_and_shown_attributes_are_read_and_tera_code_is_not() {
        assert_eq!(
            stated(
                "<p title=\"at 940 Mbit/s\" data-x=\"500 ms\">{{ 800 }} over 40 ms {% if a > 900 %}{# 700 s #}<b>1.5 s</b>{% endif %}</p><!-- 600 ms --><script>let x = 300;</script>"
            ),
            // `{{ 800 }}` prints 800: a number literal in an expression is read.
            ["940 Mbit/s", "800", "40 ms", "1.5 s"]
        );
    }

    /// Regression: a string printed by an expression was blanked with the rest of the code,
    /// so `{{ "9.9 Gbps" }}` published a figure nothing checked.
    #[test]
    fn strings_in_tera_code_are_read_as_shown_text() {
        assert_eq!(
            stated(
                r#"<p>{{ "at 9.9 Gbps" }} {% set x = 'over 40 ms' %}{{ y | default(value="3.5 s") }}{# "8 ms" #}</p>"#
            ),
            ["9.9 Gbps", "40 ms", "3.5 s"]
        );
    }

    /// Regression (user trial): tags were blanked in place, so `6.<b>5</b> Gbps` was read,
    /// and reported, as `5 Gbps`.
    #[test]
    fn a_number_split_by_inline_markup_is_read_whole() {
        assert_eq!(stated("<p>at 6.<b>5</b> Gbps</p>"), ["6.5 Gbps"]);
        assert_eq!(stated("<p>1,<span class=\"x\">500</span> ms</p>"), ["1,500 ms"]);
        assert_eq!(stated("<p>at 4.<!-- x -->4 Gbps</p>"), ["4.4 Gbps"]);
        // Regression (user trial): references were read as written, `5&#46;5` as 5; they are
        // read as the characters a reader is shown.
        assert_eq!(stated("<p>at 5&#46;5 Gbps and 7&#x2e;7&nbsp;Gbps</p>"), ["5.5 Gbps", "7.7\u{a0}Gbps"]);
        // A block boundary is not joined: two cells are two texts.
        assert_eq!(stated("<td>6.</td><td>5 Gbps</td>"), ["5 Gbps"]);
        let sources = vec![("page.html".to_string(), "<p>\nat 6.<b>5</b> Gbps".to_string())];
        let found = shown_numbers(&sources);
        assert_eq!((found[0].line, found[0].col), (2, 4));
        assert_eq!(found[0].source_line, "at 6.<b>5</b> Gbps");
        assert_eq!(&found[0].source_line[found[0].highlight.clone()], "6.<b>5</b> Gbps");
    }

    #[test]
    fn places_are_places_in_the_template() {
        let template = "{% block x %}\n<p aria-label=\"{{ t(key='a') }} 2.5 GB\">é</p>";
        let sources = vec![("base.html".to_string(), template.to_string())];
        let found = shown_numbers(&sources);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].line, found[0].col), (2, 33));
        assert_eq!(found[0].path, Path::new("templates/base.html"));
    }

    #[test]
    fn the_bundled_source_template_shows_no_figure_like_number() {
        let sources = vec![("source.html".to_string(), super::super::BUNDLED_SOURCE_TEMPLATE.to_string())];
        assert_eq!(shown_numbers(&sources), []);
    }

    proptest::proptest! {
        /// Unbalanced Tera code, tags and quotes: the reader never panics and keeps every
        /// byte's place.
        #[test]
        fn the_reader_never_panics_and_keeps_places(
            pieces in proptest::collection::vec(
                "\\{\\{|\\}\\}|\\{%|%\\}|\\{#|#\\}|<|>|\"|'|=|title=|<!--|-->|<script>|</script>|[0-9]{1,4}| |\n|Mbit/s|ms|é|万|[a-z]{1,3}",
                0..40,
            )
        ) {
            let template = pieces.concat();
            let shown = shown_text(&template);
            proptest::prop_assert_eq!(shown.len(), template.len());
            proptest::prop_assert_eq!(shown.matches('\n').count(), template.matches('\n').count());
            let sources = vec![("page.html".to_string(), template)];
            for number in shown_numbers(&sources) {
                proptest::prop_assert!(number.context.get(number.at.clone()).is_some());
            }
        }
    }
}
