//! Where Tera's own code stands in a template's text: an expression (`{{ … }}`), a
//! statement (`{% … %}`) or a comment (`{# … #}`).
//!
//! Owns finding their ends, for every reader of a template's text that must step over them
//! (an element's id, an unquoted attribute value, the literal text a reader is shown). It
//! does not parse what is inside (Tera does) and imports nothing.

/// Tera's code opening at some byte of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TeraCode {
    /// The byte after its closing `}}`, `%}` or `#}`; the text's end when it is never
    /// closed (Tera refuses such a template, and nothing after it is literal text).
    pub(crate) end: usize,
    /// Whether it may print something (an expression or a statement; a comment prints
    /// nothing).
    pub(crate) prints: bool,
}

/// The Tera code that opens at byte `at` of `text`, if any. A string inside an expression
/// or statement (`{{ "}}" }}`) does not close it.
pub(crate) fn code_at(text: &str, at: usize) -> Option<TeraCode> {
    let rest = text.get(at..)?;
    let (close, prints) = if rest.starts_with("{{") {
        ("}}", true)
    } else if rest.starts_with("{%") {
        ("%}", true)
    } else if rest.starts_with("{#") {
        ("#}", false)
    } else {
        return None;
    };
    let inside = &rest[2..];
    let mut quote: Option<char> = None;
    for (i, c) in inside.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if prints && matches!(c, '"' | '\'' | '`') => quote = Some(c),
            None if inside[i..].starts_with(close) => return Some(TeraCode { end: at + 2 + i + 2, prints }),
            None => {}
        }
    }
    Some(TeraCode { end: text.len(), prints })
}

/// The contents of the string literals (`"…"`, `'…'`, `` `…` ``) of the Tera code at
/// `at..end` of `text`, without their quotes, and the number literals of an expression or a
/// `set` (`{{ 9.9 }}`, `{% set n = 7.7 %}`): what the code may print as it is. A comment has
/// none, nor a number compared in a statement (`{% if a > 900 %}`); an unclosed string runs
/// to the code's end.
pub(crate) fn string_literals(text: &str, at: usize, code: TeraCode) -> Vec<std::ops::Range<usize>> {
    let mut strings = Vec::new();
    if !code.prints {
        return strings;
    }
    let statement = text.get(at..at + 2) == Some("{%");
    let close = if statement { "%}" } else { "}}" };
    let Some(inside) = text.get(at + 2..code.end) else { return strings };
    let words = inside.trim_start_matches(['-', ' ', '\t', '\n']);
    let numbers_print = !statement || words.starts_with("set ") || words.starts_with("set_global ");
    let mut open: Option<(char, usize)> = None;
    let mut number: Option<usize> = None;
    let mut previous: Option<char> = None;
    for (i, c) in inside.char_indices() {
        if open.is_none() && numbers_print {
            let in_number = c.is_ascii_digit() || (c == '.' && number.is_some());
            match (number, in_number) {
                (None, true)
                    if c.is_ascii_digit()
                        && !previous.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '.') =>
                {
                    number = Some(i)
                }
                (Some(start), false) => {
                    strings.push(at + 2 + start..at + 2 + inside[..i].trim_end_matches('.').len());
                    number = None;
                }
                _ => {}
            }
        }
        previous = Some(c);
        match open {
            Some((quote, start)) if c == quote => {
                strings.push(at + 2 + start..at + 2 + i);
                open = None;
            }
            Some(_) => {}
            None if matches!(c, '"' | '\'' | '`') => open = Some((c, i + c.len_utf8())),
            None if inside[i..].starts_with(close) => break,
            None => {}
        }
    }
    if let Some((_, start)) = open {
        strings.push(at + 2 + start..at + 2 + inside.len());
    }
    strings.sort_by_key(|range| range.start);
    strings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_literals_are_found_in_expressions_and_statements_not_comments() {
        let text = r#"{{ "9.9 Gbps" ~ 'x' }}{% set a = `y` %}{# "z" #}{{ "open }}"#;
        let found = |at: usize| {
            let code = code_at(text, at).expect("code");
            string_literals(text, at, code).into_iter().map(|r| &text[r]).collect::<Vec<_>>()
        };
        assert_eq!(found(0), ["9.9 Gbps", "x"]);
        let statement = text.find("{%").unwrap_or(0);
        assert_eq!(found(statement), ["y"]);
        let comment = text.find("{#").unwrap_or(0);
        assert!(found(comment).is_empty());
        let unclosed = text.rfind("{{").unwrap_or(0);
        assert_eq!(found(unclosed), ["open }}"]);
    }

    /// Regression (user trial): `{{ 9.9 }} Gbps` and `{% set n = 7.7 %}` printed numbers
    /// no reader of the template's text saw.
    #[test]
    fn number_literals_are_found_where_they_may_be_printed() {
        let text = "{{ 9.9 }}{% set n = 7.7 %}{{ 1000 * x2 }}{% if a > 900 %}{{ v1.5 }}";
        let mut found = Vec::new();
        let mut at = 0;
        while at < text.len() {
            if let Some(code) = code_at(text, at) {
                found.extend(string_literals(text, at, code).into_iter().map(|r| &text[r]));
                at = code.end;
            } else {
                at += 1;
            }
        }
        assert_eq!(found, ["9.9", "7.7", "1000"]);
    }

    #[test]
    fn each_kind_of_code_ends_at_its_own_close() {
        let text = "a{{ x }}b{% if y %}c{# {{ z }} #}d";
        assert_eq!(code_at(text, 0), None);
        assert_eq!(code_at(text, 1), Some(TeraCode { end: 8, prints: true }));
        assert_eq!(code_at(text, 9), Some(TeraCode { end: 19, prints: true }));
        assert_eq!(code_at(text, 20), Some(TeraCode { end: 33, prints: false }));
        assert_eq!(code_at(text, 100), None);
    }

    #[test]
    fn a_string_does_not_close_an_expression_and_an_unclosed_one_runs_to_the_end() {
        assert_eq!(code_at("{{ \"}}\" }}x", 0).map(|c| c.end), Some(10));
        assert_eq!(code_at("{{ x", 0).map(|c| c.end), Some(4));
        assert_eq!(code_at("{{ \"x }}", 0).map(|c| c.end), Some(8));
    }

    proptest::proptest! {
        #[test]
        fn the_end_is_a_char_boundary_after_the_opening(text in "[{}%#\"'a é]{0,24}", at in 0usize..24) {
            if let Some(code) = code_at(&text, at) {
                proptest::prop_assert!(code.end >= at + 2 && code.end <= text.len());
                proptest::prop_assert!(text.is_char_boundary(code.end));
                for string in string_literals(&text, at, code) {
                    proptest::prop_assert!(text.get(string).is_some());
                }
            }
        }
    }
}
