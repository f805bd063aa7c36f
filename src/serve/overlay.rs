//! The error page `tally serve` shows in place of every page while the site does not build.
//!
//! Owns the page's HTML: each problem's `file:line:col`, message, source line and notes,
//! all HTML-escaped, and the reload script so that the page replaces itself with the site
//! on the next good save. It does not decide what a problem is (see `diagnostics`).

use std::fmt::Write as _;

use pulldown_cmark_escape::{FmtWriter, escape_html};

use crate::diagnostics::{Diagnostic, Severity};

/// The overlay for a build that found problems in the content.
pub(crate) fn problems(problems: &[Diagnostic], reload_script: &str) -> String {
    let errors = problems.iter().filter(|d| d.is_error()).count();
    let mut items = String::new();
    for problem in problems {
        let kind = match problem.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        let _ = write!(items, "<li class=\"{kind}\"><p><code class=\"place\">");
        escape(&mut items, &problem.location());
        let _ = write!(items, "</code> {kind}[{}]: ", problem.code);
        escape(&mut items, &problem.message);
        items.push_str("</p>");
        if let Some(line) = &problem.source_line {
            // Focusable: a long source line scrolls, and a keyboard must reach it.
            items.push_str("<pre tabindex=\"0\">");
            let range = problem.highlight.clone();
            match (line.get(..range.start), line.get(range.clone()), line.get(range.end..)) {
                (Some(before), Some(marked), Some(after)) if !marked.is_empty() => {
                    escape(&mut items, before);
                    items.push_str("<mark>");
                    escape(&mut items, marked);
                    items.push_str("</mark>");
                    escape(&mut items, after);
                }
                _ => escape(&mut items, line),
            }
            items.push_str("</pre>");
        }
        for note in &problem.notes {
            items.push_str("<p class=\"note\">note: ");
            escape(&mut items, note);
            items.push_str("</p>");
        }
        items.push_str("</li>\n");
    }
    page(
        &format!("The site does not build: {errors} error(s)"),
        &format!("<ol>\n{items}</ol>"),
        reload_script,
    )
}

/// The overlay for a build that could not run at all (e.g. site.yaml is missing).
pub(crate) fn could_not_run(message: &str, reload_script: &str) -> String {
    let mut body = String::from("<ol><li class=\"error\"><p>");
    escape(&mut body, &hide_absolute_paths(message));
    body.push_str("</p></li></ol>");
    page("The site could not be built", &body, reload_script)
}

/// The page is read in a browser, perhaps by another page's script: an absolute path
/// (`/home/me/site/site.yaml`) keeps only its last two names (`…/site/site.yaml`).
fn hide_absolute_paths(message: &str) -> String {
    message
        .split(' ')
        .map(|word| {
            let trimmed = word.trim_end_matches([':', ',', ';', ')']);
            let absolute = trimmed.starts_with('/') && trimmed.len() > 1 && !trimmed.starts_with("//");
            if !absolute {
                return word.to_string();
            }
            let names: Vec<&str> = trimmed.split('/').filter(|n| !n.is_empty()).collect();
            let kept = names[names.len().saturating_sub(2)..].join("/");
            format!("…/{kept}{}", &word[trimmed.len()..])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn page(title: &str, body: &str, reload_script: &str) -> String {
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · tally serve</title>
<style>
body {{ font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #fff; color: #1a1a1a; }}
main {{ max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }}
h1 {{ color: #a00000; font-size: 1.4rem; }}
ol {{ padding-left: 1.2rem; }}
li {{ margin: 0 0 1.2rem; }}
.place {{ font-weight: bold; }}
pre {{ background: #f3f3f3; padding: .5rem; overflow-x: auto; }}
.note {{ margin: .2rem 0 0 1rem; color: #333; }}
</style>
</head>
<body>
<main id="tally-error-overlay">
<h1>{title}</h1>
<p>Fix the files below and save: this page reloads by itself.</p>
{body}
</main>
{reload_script}</body>
</html>
"#
    )
}

fn escape(out: &mut String, text: &str) {
    let _ = escape_html(FmtWriter(out), text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_page_shows_no_absolute_path() {
        let page = could_not_run("cannot read /home/me/secret/site/site.yaml: No such file", "");
        assert!(!page.contains("/home/me"), "{page}");
        assert!(page.contains("…/site/site.yaml: No such file"), "{page}");
    }

    #[test]
    fn the_overlay_names_the_place_and_escapes_the_message() {
        let source = "It received [962,827]{=x} <frames>.\n";
        let problem =
            Diagnostic::at("figure-mismatch", "content/a/index.md", source, 13..20, "says <962,827>")
                .note("computed: 962,826 & more");
        let html = problems(&[problem], "<script src=\"/__tally/reload.js\"></script>");
        assert!(html.contains("content/a/index.md:1:14"), "{html}");
        assert!(html.contains("says &lt;962,827&gt;"), "{html}");
        assert!(html.contains("computed: 962,826 &amp; more"), "{html}");
        assert!(html.contains("&lt;frames&gt;"), "{html}");
        assert!(html.contains("It received [<mark>962,827</mark>]{=x}"), "{html}");
        assert!(!html.contains("<frames>"), "{html}");
        assert!(html.contains("<script src=\"/__tally/reload.js\"></script></body>"), "{html}");
    }
}
