//! Coverage: how many of a measurement page's figure-like numbers are claims, against the
//! site's minimum (`figures: {min_coverage}` in site.yaml). The numbers of the title and
//! summary count too: they are published, and no tag can stand there, so they are untagged.

use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

use super::super::load::Site;
use super::super::memo::{Digest, Key, Memo};
use super::super::resolve::{PROSE_KEYS, PageWork, front_matter_figures, is_version};
use crate::content::Kind;
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::number::{FigureValue, tag_figure};
use crate::paths::display_path;

/// How many of a measurement page's figure-like numbers are tagged.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Coverage {
    pub page: String,
    pub tagged: usize,
    pub figure_like: usize,
    /// Each untagged figure-like number, at its place (severity note, `figure-untagged`).
    pub untagged: Vec<Diagnostic>,
}

impl Coverage {
    pub fn share(&self) -> f64 {
        if self.figure_like == 0 { 1.0 } else { self.tagged as f64 / self.figure_like as f64 }
    }
}

/// A run figure, in digits or in words ("two hundred connections", 千本), not a date.
fn counts_for_coverage(value: &FigureValue) -> bool {
    !matches!(value, FigureValue::Date(_))
}

pub(super) fn coverage(
    site: &Site,
    work: &[PageWork],
    versions: &[String],
    memo: &mut Memo,
    problems: &mut Vec<Diagnostic>,
) -> Vec<Arc<Coverage>> {
    let minimum = site.settings.figures.min_coverage;
    let memo_read: &Memo = memo;
    let counted: Vec<(PathBuf, Key, Arc<Coverage>)> = site
        .content
        .pages
        .par_iter()
        .zip(work)
        .filter(|(page, _)| page.front.kind == Kind::Measurement)
        .map(|(page, work)| {
            // All of it is read from the page's text: counted again only when that changed
            // (scanning every page's title and summary was most of a preview's site checks).
            // ...and the names whose versions are not figures (runs.yaml's `tools:`).
            let key = Digest::new()
                .number(page.body_start)
                .bytes(&page.digest)
                .bytes(versions.join("\n").as_bytes())
                .finish();
            let counted = memo_read
                .coverage(&page.source, &key)
                .unwrap_or_else(|| Arc::new(count(page, work, versions)));
            (page.source.clone(), key, counted)
        })
        .collect();
    // Shared with the memo, not copied: a page's untagged numbers are many notes.
    let counted: Vec<Arc<Coverage>> = counted
        .into_iter()
        .map(|(source, key, counted)| {
            memo.keep_coverage(source, key, counted.clone());
            counted
        })
        .collect();
    report(counted, minimum, problems)
}

/// The coverage of one measurement page.
fn count(page: &Page, work: &PageWork, versions: &[String]) -> Coverage {
    let numbers = work.numbers(page);
    let lines = crate::diagnostics::LineIndex::new(&page.text);
    // Issue 44: a title's or summary's number that the body tags is that tag, counted once.
    let tagged_values: Vec<FigureValue> =
        numbers.scan.claims.iter().filter_map(|claim| tag_figure(&claim.live)).collect();
    let in_front: Vec<_> = PROSE_KEYS
        .iter()
        .flat_map(|key| front_matter_figures(&page.text, page.body_start, key))
        .filter(|(value, _)| !tagged_values.iter().any(|t| t.same_as(value)))
        .collect();
    let untagged: Vec<Diagnostic> = in_front
        .iter()
        .chain(numbers.untagged)
        .filter(|(v, _)| counts_for_coverage(v))
        // A version after a tool runs.yaml declares (`tools: {curl: …}`): "curl 8.21".
        .filter(|(v, range)| !is_version(page.text.get(..range.start).unwrap_or(""), v, versions))
        .map(|(_, range)| {
            let text = page.text.get(range.clone()).unwrap_or("");
            let mut d = Diagnostic::at_indexed(
                "figure-untagged",
                &page.source,
                &page.text,
                &lines,
                range.clone(),
                format!("`{text}` is a figure-like number without a tag"),
            )
            .note(format!("tag it with the figure it states: [{text}]{{=NAME}}"));
            d.severity = crate::diagnostics::Severity::Note;
            d
        })
        .collect();
    // A comparison's words relate figures; they state none.
    let tagged =
        numbers.scan.claims.iter().filter(|c| c.form != crate::markdown::ClaimForm::Comparison).count();
    Coverage { page: display_path(&page.source), tagged, figure_like: tagged + untagged.len(), untagged }
}

/// Each page's coverage, and an error for each page under the site's minimum.
fn report(
    counted: Vec<Arc<Coverage>>,
    minimum: Option<f64>,
    problems: &mut Vec<Diagnostic>,
) -> Vec<Arc<Coverage>> {
    let mut lines = Vec::new();
    for line in counted {
        let Coverage { tagged, figure_like, .. } = *line;
        let page = &line.page;
        if let Some(minimum) = minimum
            && line.share() < minimum
        {
            let mut d = Diagnostic::file("figure-coverage", page, format!("{tagged} of {figure_like} figure-like numbers are tagged ({}), below the site's minimum of {:.0} %", crate::text::percent_of(tagged, figure_like), minimum * 100.0))
                .note("tag the figures the run data gives; untagged:");
            for untagged in &line.untagged {
                let text = untagged.message.split('`').nth(1).unwrap_or("");
                d = d.note(format!("{}: `{text}`", untagged.location()));
            }
            problems.push(d);
        }
        lines.push(line);
    }
    lines
}
