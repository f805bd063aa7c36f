//! Numbers in headings are claims: on a measurement page, a number a heading or a run-in
//! heading (the bold a paragraph starts with, `**Three failures.** …`) states, in digits
//! or in words, is what a reader reads first, so it is tagged and checked, or it is a
//! `figure-in-heading` error at it. A small bare count that running text may leave as a word
//! ("two ways") is a claim there too.
//!
//! Owns that rule. It finds numbers with the number grammar's reader of every number
//! (`number::every_number`), skips a model's number (`XGS 3300`) as coverage does, and
//! does not check tags (`claims`).

use std::ops::Range;

use super::super::resolve::{is_model_name, is_version};
use crate::content::{Kind, Page};
use crate::diagnostics::Diagnostic;
use crate::markdown::Scan;
use crate::number::{FigureValue, UnitKind, every_number};

/// An error at each untagged number of a measurement page's headings and run-in headings.
pub(super) fn numbers_in_headings(page: &Page, scan: &Scan) -> Vec<Diagnostic> {
    if page.front.kind != Kind::Measurement {
        return Vec::new();
    }
    let headings: Vec<&Range<usize>> =
        scan.headings.iter().map(|h| &h.range).chain(scan.run_in_headings.iter()).collect();
    if headings.is_empty() {
        return Vec::new();
    }
    let count = FigureValue::Number { base: 0.0, kind: UnitKind::Count };
    let mut problems = Vec::new();
    for heading in headings {
        // The heading as the file writes it, without its attribute block (`{#run-2}`).
        let Some(written) = page.text.get(heading.clone()) else {
            continue;
        };
        let written = match written.trim_end().rfind(" {") {
            Some(at) if written.trim_end().ends_with('}') => &written[..at],
            _ => written,
        };
        let marked = crate::markdown::words_marked(written);
        for number in every_number(written) {
            let (start, end) = (heading.start + number.start, heading.start + number.end);
            let in_code = written[..number.start].matches('`').count() % 2 == 1;
            let tagged = scan.claims.iter().any(|claim| claim.range.start <= start && end <= claim.range.end);
            let no_figure = marked.iter().any(|span| span.start < number.start && number.end < span.end);
            let before = &page.text[..start];
            if in_code
                || tagged
                || no_figure
                || is_model_name(before, &count)
                || is_version(before, &count, &[])
            {
                continue;
            }
            let stated = &page.text[start..end];
            problems.push(
                Diagnostic::at(
                    "figure-in-heading",
                    &page.source,
                    &page.text,
                    start..end,
                    format!("a heading states `{stated}`, untagged: a number in a heading is the first a reader reads, so it is a claim and is checked like any other"),
                )
                .note(format!("tag it with the figure it states, `[{stated}]{{=NAME}}`, or write the heading without the number")),
            );
        }
    }
    problems
}
