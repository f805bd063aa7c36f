//! Parity: a translation states the same numbers as its original, each at its place.
//!
//! Owns the comparison of a translation with its original: block by block (paragraph,
//! heading, list item, table cell, raw HTML block), the n-th block that states numbers
//! against the n-th, each stating the same tags (same kind, same value at the same
//! precision, the same values struck) and the same figure-like untagged numbers after
//! normalising their spelling ("2.74 million" = "274 万"); and the same front matter that is
//! not prose (`date`, `kind`, `appliances`, `build`, the numbers of the title). Every
//! difference is reported at the translation's own place, naming the original's.
//!
//! Each part has its module: `places` (a page's blocks that state numbers), `align` (which
//! block of the translation stands at which of the original), `block` (the differences of
//! two blocks), `statement` (of two tags of one figure) and `front_matter`.

use std::ops::Range;

mod align;
mod block;
mod front_matter;
mod places;
mod statement;

use super::super::resolve::PageNumbers;
use crate::content::Page;
use crate::diagnostics::{Diagnostic, LineIndex};
use crate::paths::display_path;
use front_matter::front_matter;

/// The two pages compared, each with its lines found once: the notes name the original's
/// lines, and counting them from the start for every tag made a page of many tags quadratic.
pub(super) struct Sides<'a> {
    original: &'a Page,
    original_lines: LineIndex,
    translation: &'a Page,
    translation_lines: LineIndex,
}

impl Sides<'_> {
    /// A problem at `range` of the translation.
    fn at(&self, code: &'static str, range: Range<usize>, message: String) -> Diagnostic {
        let (page, lines) = (self.translation, &self.translation_lines);
        Diagnostic::at_indexed(code, &page.source, &page.text, lines, range, message)
    }

    /// `file:line` of byte `at` of the original.
    fn original_line(&self, at: usize) -> String {
        line_of(self.original, &self.original_lines, at)
    }

    /// The text at `range` of the original or of the translation.
    fn original_text(&self, range: &Range<usize>) -> &str {
        self.original.text.get(range.clone()).unwrap_or("")
    }

    fn translation_text(&self, range: &Range<usize>) -> &str {
        self.translation.text.get(range.clone()).unwrap_or("")
    }

    /// The first line of the translation's body that is not blank, where a problem with no
    /// place of its own in the translation is reported.
    fn translation_start(&self) -> Range<usize> {
        let page = self.translation;
        let body = page.text.get(page.body_start..).unwrap_or("");
        let first = page.body_start + (body.len() - body.trim_start().len());
        first..first
    }
}

/// `file:line` of `at` in `page` (whose lines are `lines`), as a note names the other
/// language's place: the line alone, since finding the column counts the characters before
/// it, which on a line of thousands of tags made naming each one quadratic.
fn line_of(page: &Page, lines: &LineIndex, at: usize) -> String {
    format!("{}:{}", display_path(&page.source), lines.line(at.min(page.text.len())))
}

/// Differences between a translation and its original, reported in the translation and
/// naming the original's place.
pub(crate) fn compare(original: &PageNumbers, translation: &PageNumbers) -> Vec<Diagnostic> {
    let sides = Sides {
        original: original.page,
        original_lines: LineIndex::new(&original.page.text),
        translation: translation.page,
        translation_lines: LineIndex::new(&translation.page.text),
    };
    let mut problems = front_matter(original.page, translation.page);
    let theirs = places::numbered(original.scan, original.untagged);
    let ours = places::numbered(translation.scan, translation.untagged);
    for step in align::align(&theirs, &ours) {
        problems.extend(block::differences(&sides, &theirs, &ours, step));
    }
    problems
}
