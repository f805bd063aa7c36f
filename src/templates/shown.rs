//! The literal text of a template a reader is shown, and the figure-like numbers in it:
//! what a template prints as it is, which no tag can check.
//!
//! Owns reading a template's text as a reader sees it: Tera's code (`{{ … }}`, `{% … %}`,
//! `{# … #}`) is not literal text, and the markup is read as a page's raw HTML is
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

/// The figure-like numbers each of `sources` (template name, text) shows a reader.
pub(super) fn shown_numbers(sources: &[(String, String)]) -> Vec<ShownNumber> {
    sources
        .iter()
        .flat_map(|(name, text)| {
            let path = Path::new("templates").join(name);
            ShownNumber::found_in(&path, text, &shown_text(text), 0, "the template")
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
            ["940 Mbit/s", "40 ms", "1.5 s"]
        );
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
