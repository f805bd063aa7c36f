//! Fluent functions in the UI strings: tally registers none, so a call (`{ NUMBER($n) }`,
//! `{ DATETIME($d) }`) can never be formatted. Found when the strings are read, at the
//! call, rather than when a template first asks for the string, where the failure read
//! as a missing string.
//!
//! Owns that check. It does not read the files nor format strings (that is `i18n`).

use std::path::Path;

use fluent_bundle::FluentResource;
use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};

use crate::diagnostics::Diagnostic;

/// A `bad-fluent` error at each function call in `resource`, the file `path`.
pub(super) fn calls(resource: &FluentResource, path: &Path) -> Vec<Diagnostic> {
    let source = resource.source();
    let mut found = Vec::new();
    for (name, pattern) in super::patterns(resource.entries()) {
        let mut names = Vec::new();
        function_names(pattern, &mut names);
        for function in names {
            // The parser's slices are of `source`: where each stands is its distance from
            // its start.
            let Some(start) = (function.as_ptr() as usize)
                .checked_sub(source.as_ptr() as usize)
                .filter(|start| start + function.len() <= source.len())
            else {
                continue;
            };
            found.push(
                Diagnostic::at(
                    "bad-fluent",
                    path,
                    source,
                    start..start + function.len(),
                    format!("the UI string `{name}` calls the Fluent function `{function}()`, which tally does not provide"),
                )
                .note("write the text itself, or a variable (`{ $count }`) that the template passes already formatted"),
            );
        }
    }
    found
}

/// The names of the functions a pattern calls, in selects and arguments too.
fn function_names<'s>(pattern: &Pattern<&'s str>, out: &mut Vec<&'s str>) {
    let mut expressions: Vec<&Expression<&'s str>> = pattern
        .elements
        .iter()
        .filter_map(|element| match element {
            PatternElement::Placeable { expression } => Some(expression),
            PatternElement::TextElement { .. } => None,
        })
        .collect();
    let mut inlines: Vec<&InlineExpression<&'s str>> = Vec::new();
    while let Some(expression) = expressions.pop() {
        match expression {
            Expression::Inline(inline) => inlines.push(inline),
            Expression::Select { selector, variants } => {
                inlines.push(selector);
                for variant in variants {
                    function_names(&variant.value, out);
                }
            }
        }
        while let Some(inline) = inlines.pop() {
            match inline {
                InlineExpression::FunctionReference { id, arguments } => {
                    out.push(id.name);
                    inlines.extend(arguments.positional.iter());
                    inlines.extend(arguments.named.iter().map(|named| &named.value));
                }
                InlineExpression::TermReference { arguments: Some(arguments), .. } => {
                    inlines.extend(arguments.positional.iter());
                    inlines.extend(arguments.named.iter().map(|named| &named.value));
                }
                InlineExpression::Placeable { expression } => expressions.push(expression),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(ftl: &str) -> Vec<(usize, usize, String)> {
        let resource = FluentResource::try_new(ftl.to_string()).expect("valid Fluent");
        calls(&resource, Path::new("i18n/en.ftl")).into_iter().map(|d| (d.line, d.col, d.message)).collect()
    }

    #[test]
    fn a_function_call_is_an_error_at_its_name() {
        let found = errors("a = ok\nb = Peak { NUMBER(999) } now\n");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].0, found[0].1), (2, 12));
        assert!(found[0].2.contains("`NUMBER()`") && found[0].2.contains("`b`"), "{found:?}");
    }

    #[test]
    fn calls_in_selects_arguments_and_attributes_are_found() {
        let ftl = "a = { $n ->\n    [one] { DATETIME($d) }\n   *[other] x\n  }\nb = x\n  .title = { -t(v: UPPER($x)) }\n";
        let found = errors(ftl);
        let names: Vec<&str> = found.iter().map(|(_, _, m)| m.as_str()).collect();
        assert_eq!(found.len(), 2, "{names:?}");
        assert!(
            names.iter().any(|m| m.contains("DATETIME"))
                && names.iter().any(|m| m.contains("`b.title`") && m.contains("UPPER"))
        );
    }

    #[test]
    fn strings_without_calls_pass() {
        assert!(errors("a = Peak { $rate } and { \"9\" }\n-t = term\nb = { -t }\n").is_empty());
    }
}
