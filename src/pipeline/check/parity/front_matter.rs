//! The front matter of a translation that is not prose: `date`, `kind`, `appliances`,
//! `build` and the numbers of the title and summary (published on the page, in listings and
//! in the feed) are the original's.

use std::ops::Range;

use super::super::super::resolve::{PROSE_KEYS, front_matter_figures};
use super::line_of;
use crate::content::Page;
use crate::diagnostics::{Diagnostic, LineIndex};
use crate::number::FigureValue;

/// The front matter that is not prose must be the original's: `date`, `kind`,
/// `appliances`, `build`, and the numbers of the title and summary.
pub(super) fn front_matter(original: &Page, translation: &Page) -> Vec<Diagnostic> {
    let (o, t) = (&original.front, &translation.front);
    let mut problems = Vec::new();
    // A key the translation leaves out is the original's; one it states must agree.
    let states = |key: &str| key_place(translation, key) != (0..0);
    let mut differ = |key: &str, theirs: String, ours: String| {
        let at = key_place(translation, key);
        let (message, why) = if PROSE_KEYS.contains(&key) {
            (
                format!("the numbers of `{key}` are {ours} here but {theirs} in the original"),
                "a title or summary is translated, but the numbers in it are the original's",
            )
        } else {
            (
                format!("`{key}` is {ours} here but {theirs} in the original"),
                "it is not prose: a translation keeps the original's value",
            )
        };
        problems.push(
            Diagnostic::at("translation-front-matter", &translation.source, &translation.text, at, message)
                .note(format!(
                    "{why} (at {})",
                    line_of(original, &LineIndex::new(&original.text), key_place(original, key).start)
                )),
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
    // Where a figure's spread is shown is the page's layout, not prose: a translation that
    // states its own shows it where the original does.
    if states("spread") && o.spread != t.spread {
        let shown = |s: &Option<crate::content::SpreadSetting>| {
            s.as_ref().map_or("none".to_string(), ToString::to_string)
        };
        differ("spread", shown(&o.spread), shown(&t.spread));
    }
    let build = |f: &crate::content::FrontMatter| format!("{:?}", f.code_under_test);
    if states("build") && build(o) != build(t) {
        differ("build", build(o), build(t));
    }
    // A translation that leaves out its summary shows none of its own to disagree.
    for key in PROSE_KEYS.into_iter().filter(|key| *key == "title" || states(key)) {
        let numbers = |page: &Page| {
            let found = front_matter_figures(&page.text, page.body_start, key);
            found.into_iter().map(|(value, range)| (value, page.text[range].to_string())).collect::<Vec<_>>()
        };
        let (theirs, ours) = (numbers(original), numbers(translation));
        if !same_numbers(&theirs, &ours) {
            let shown = |numbers: &[(FigureValue, String)]| match numbers {
                [] => "none".to_string(),
                _ => numbers.iter().map(|(_, text)| format!("`{text}`")).collect::<Vec<_>>().join(", "),
            };
            differ(key, shown(&theirs), shown(&ours));
        }
    }
    problems
}

/// Whether two lists of numbers state the same values, in any order. A number spelled out
/// ("a thousand") left over on either side is words, as in the body.
fn same_numbers(theirs: &[(FigureValue, String)], ours: &[(FigureValue, String)]) -> bool {
    let mut theirs: Vec<&FigureValue> = theirs.iter().map(|(v, _)| v).collect();
    let mut extra = Vec::new();
    for (value, _) in ours {
        match theirs.iter().position(|v| v.same_as(value)) {
            Some(i) => {
                theirs.remove(i);
            }
            None => extra.push(value),
        }
    }
    let spelled = |v: &&FigureValue| matches!(v, FigureValue::Spelled { .. });
    extra.iter().all(spelled) && theirs.iter().all(spelled)
}

/// The place of `key:` in a page's front matter (the page's start when it is not there).
fn key_place(page: &Page, key: &str) -> Range<usize> {
    let front = &page.text[..page.body_start.min(page.text.len())];
    let needle = format!("\n{key}:");
    front.find(&needle).map_or(0..0, |i| i + 1..i + 1 + key.len())
}
