//! The resolve stage: each page scanned once (headings, links, images, claims, untagged
//! numbers), its links and images resolved to their published addresses, and its required
//! structure checked. Hands each page's [`PageWork`] to the check and render stages.

mod addresses;
mod bidi;
mod emphasis;
mod links;
mod shown;
mod untagged;
mod versions;
pub(crate) use shown::as_read;
pub(crate) use untagged::untagged_figures;

use std::ops::Range;
use std::sync::Arc;

use rayon::prelude::*;

use super::load::Site;
use super::memo::{Digest, Key, Memo, Scanned};
use crate::content::{Kind, Page};
use crate::diagnostics::Diagnostic;
use crate::fit::Fit;
use crate::markdown::{self, Scan};
use crate::number::FigureValue;

pub(crate) use links::ResolvedLinks;
pub(crate) use untagged::{PROSE_KEYS, front_matter_figures, front_matter_value, is_model_name};
pub(crate) use versions::{is_version, names_in};

/// A page after the resolve stage.
pub(crate) struct PageWork {
    /// Without its running text (`prose`), which is read once for `untagged`.
    pub scan: Arc<Scan>,
    pub resolved: ResolvedLinks,
    /// The page's untagged figure-like numbers, for translations and coverage.
    pub untagged: Arc<Untagged>,
    /// The body's HTML with holes, written from the scan's parse, taken by the render;
    /// `None` for a scan kept from the last build.
    pub prerendered: std::sync::Mutex<Option<markdown::Prerendered>>,
}

pub(crate) use crate::number::Untagged;

impl PageWork {
    pub(crate) fn numbers<'a>(&'a self, page: &'a crate::content::Page) -> PageNumbers<'a> {
        PageNumbers { page, scan: &self.scan, untagged: &self.untagged }
    }
}

pub(crate) fn resolve(site: &Site, memo: &mut Memo, problems: &mut Vec<Diagnostic>) -> Vec<PageWork> {
    let memo_read: &Memo = memo;
    let scans: Vec<(Key, Scanned, bool, Option<markdown::Prerendered>)> =
        site.content.pages.par_iter().map(|page| scan_page(page, memo_read)).collect();
    let mut prerendered = Vec::with_capacity(scans.len());
    let scans: Vec<Scanned> = site
        .content
        .pages
        .iter()
        .zip(scans)
        .map(|(page, (key, scanned, kept, html))| {
            // Only a new scan is kept: the memo holds the others already, under the same key.
            if !kept {
                memo.keep_scan(page.source.clone(), key, scanned.clone());
            }
            prerendered.push(html);
            scanned
        })
        .collect();
    // Every page's markup is read on every build, a page per task: serially it was a fifth
    // of a one-page rebuild's critical path.
    let markup: Vec<Vec<Diagnostic>> = site
        .content
        .pages
        .par_iter()
        .zip(&scans)
        .map(|(page, (scan, _))| {
            let mut found: Vec<Diagnostic> = scan
                .malformed
                .iter()
                .map(|(range, message)| {
                    Diagnostic::at("figure-tag", &page.source, &page.text, range.clone(), message.clone())
                })
                .collect();
            found.extend(page_markup(page, scan));
            found
        })
        .collect();
    problems.extend(markup.into_iter().flatten());
    let anchors = links::Anchors(
        site.content
            .pages
            .iter()
            .zip(&scans)
            .map(|(page, (scan, _))| (page.source.as_path(), &**scan))
            .collect(),
    );
    let cx = links::LinkContext {
        root: &site.root,
        content: &site.content,
        strings: &site.strings,
        anchors: &anchors,
    };
    let results: Vec<(PageWork, Vec<Diagnostic>)> = site
        .content
        .pages
        .par_iter()
        .zip(&scans)
        .zip(prerendered)
        .map(|((page, (scan, untagged)), prerendered)| {
            let (resolved, found) = links::resolve(&cx, page, scan);
            let prerendered = std::sync::Mutex::new(prerendered);
            (PageWork { scan: scan.clone(), resolved, untagged: untagged.clone(), prerendered }, found)
        })
        .collect();
    results
        .into_iter()
        .map(|(work, mut found)| {
            problems.append(&mut found);
            work
        })
        .collect()
}

/// One page's scan, taken from the memo when its body is unchanged (true), else made with
/// its HTML with holes and its untagged numbers, and held at its length.
fn scan_page(page: &Page, memo_read: &Memo) -> (Key, Scanned, bool, Option<markdown::Prerendered>) {
    // Whether the scan keeps its tables (below) is part of what it is.
    let family = page.front.kind == Kind::Family;
    let key = Digest::new().number(page.body_start).bytes(&page.digest).number(usize::from(family)).finish();
    if let Some(kept) = memo_read.scan(&page.source, &key) {
        return (key, kept, true, None);
    }
    let (mut scan, prerendered) = markdown::scan_and_prerender(page.body(), page.body_start);
    let mut untagged = untagged::untagged_figures(&scan, &page.text);
    untagged.fit();
    // The running text is read only for its numbers; across a large site it is
    // a fair share of the peak memory.
    scan.prose = Vec::new();
    // Tables are read only on a family page (its completion, the history a struck
    // cell may keep); a measurement page's cells, each piece of text its own string,
    // were 6.5 MB of the 1,000-bundle corpus's heap from here to the build's end.
    if !family {
        scan.tables = Vec::new();
    }
    // Kept to the end of the build and in the memo: without the spare capacity of
    // lists grown one push at a time (with the run data's, 20 MiB of the 1,000-bundle
    // corpus's 159 MiB peak: bench/notes.md).
    scan.shrink_to_fit();
    (key, (Arc::new(scan), Arc::new(untagged)), false, prerendered)
}

/// What a page states: its tags and its untagged figure-like numbers (found once, when
/// the page is scanned, so that its running text need not be kept).
pub(crate) struct PageNumbers<'a> {
    pub page: &'a Page,
    pub scan: &'a Scan,
    pub untagged: &'a [(FigureValue, Range<usize>)],
}

/// A page's heading attributes other than `#id` and `.class`, the bidirectional controls
/// and markup that reorder its text, and its references to footnotes it does not define:
/// each would be published as the author did not mean.
fn page_markup(page: &crate::content::Page, scan: &crate::markdown::Scan) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (written, range) in &scan.heading_attributes {
        if written.starts_with('{') {
            problems.push(
                Diagnostic::at(
                    "heading-attribute",
                    &page.source,
                    &page.text,
                    range.clone(),
                    format!(
                        "the figure tag's `{written}` ends the heading, where markdown reads `{{…}}` as the heading's attributes, so no figure would be stated"
                    ),
                )
                .note(format!(
                    "end the heading with its id after the tag: `## … [TEXT]{written} {{#an-id}}`"
                )),
            );
            continue;
        }
        let message = if written.starts_with('#') {
            format!("a heading has one id: `{written}` is a second")
        } else if written.contains('=') {
            format!("`{written}` is an HTML attribute, which a heading's attribute block may not give")
        } else {
            format!("`{written}` is neither an id nor a class: an id is one word")
        };
        problems.push(
            Diagnostic::at("heading-attribute", &page.source, &page.text, range.clone(), message)
                .note("a heading's attribute block `{…}` holds only its id `#id` and classes `.class`: `## Title {#title .wide}`")
                .note("an id is one word: write `{#two-words}`, not `{#two words}`; the id is given with `#`, not `id=`"),
        );
    }
    problems.extend(emphasis::literal_emphasis(page, &scan.literal_emphasis));
    for (range, what) in bidi::reordering(page.body(), page.body_start) {
        problems.push(
            Diagnostic::at(
                "bidi-control",
                &page.source,
                &page.text,
                range,
                format!("{what} makes a browser show the text after it in another order than it is written, so a reader may read another number than the one checked (an override around `[418]{{=n}}` shows 814)"),
            )
            .note("remove it: write the text in the order a reader reads it; tally reads and checks text in that order"),
        );
    }
    for (name, range) in &scan.undefined_footnotes {
        problems.push(
            Diagnostic::at(
                "broken-link",
                &page.source,
                &page.text,
                range.clone(),
                format!(
                    "footnote `[^{name}]` is not defined on this page, and would be published as its text"
                ),
            )
            .note(format!("define it on a line of its own: `[^{name}]: …`, or remove the reference")),
        );
    }
    problems
}
