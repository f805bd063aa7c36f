//! The front matter of a translation that is not prose: `date`, `kind`, `appliances`,
//! `build` and the numbers of the title are the original's.

use std::ops::Range;

use super::super::super::resolve::is_model_name;
use super::line_of;
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::figures::number::scan_figure_like;

/// The front matter that is not prose must be the original's: `date`, `kind`,
/// `appliances`, `build`, and the numbers of the title (a year, a model).
pub(super) fn front_matter(original: &Page, translation: &Page) -> Vec<Diagnostic> {
    let (o, t) = (&original.front, &translation.front);
    let mut problems = Vec::new();
    // A key the translation leaves out is the original's; one it states must agree.
    let states = |key: &str| key_place(translation, key) != (0..0);
    let mut differ = |key: &str, theirs: String, ours: String| {
        let at = key_place(translation, key);
        let why = if key == "title" {
            "a title is translated, but the numbers in it (a year, a model) are the original's"
        } else {
            "it is not prose: a translation keeps the original's value"
        };
        problems.push(
            Diagnostic::at(
                "translation-front-matter",
                &translation.source,
                &translation.text,
                at,
                format!("`{key}` is {ours} here but {theirs} in the original"),
            )
            .note(format!("{why} (at {})", line_of(original, key_place(original, key).start))),
        );
    };
    if states("date") && o.date != t.date {
        differ(
            "date",
            format!("{:?}", o.date.as_deref().unwrap_or("")),
            format!("{:?}", t.date.as_deref().unwrap_or("")),
        );
    }
    if states("kind") && o.kind != t.kind {
        differ("kind", format!("{:?}", o.kind), format!("{:?}", t.kind));
    }
    if states("appliances") && o.appliances != t.appliances {
        differ("appliances", format!("{:?}", o.appliances), format!("{:?}", t.appliances));
    }
    let build = |f: &crate::content::FrontMatter| format!("{:?}", f.code_under_test);
    if states("build") && build(o) != build(t) {
        differ("build", build(o), build(t));
    }
    // Model names ("XGS 136") are names, not figures, as in the body.
    let numbers = |title: &str| {
        scan_figure_like(title)
            .into_iter()
            .filter(|f| !is_model_name(&title[..f.range.start], &f.value))
            .map(|f| f.value)
            .collect::<Vec<_>>()
    };
    let (mut theirs, ours) = (numbers(&o.title), numbers(&t.title));
    let mut extra = Vec::new();
    for value in ours {
        match theirs.iter().position(|v| v.same_as(&value)) {
            Some(i) => {
                theirs.remove(i);
            }
            None => extra.push(value),
        }
    }
    if !extra.is_empty() || !theirs.is_empty() {
        differ("title", format!("{:?}", o.title), format!("{:?}", t.title));
    }
    problems
}

/// The place of `key:` in a page's front matter (the page's start when it is not there).
fn key_place(page: &Page, key: &str) -> Range<usize> {
    let front = &page.text[..page.body_start.min(page.text.len())];
    let needle = format!("\n{key}:");
    front.find(&needle).map_or(0..0, |i| i + 1..i + 1 + key.len())
}
