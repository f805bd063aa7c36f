//! The page loop of stage 4: each page's figures checked and its HTML rendered, a few
//! pages at a time, figures.json written as they finish, and what each page's figures
//! were read from counted for the raw-evidence share.
//!
//! Owns the loop and what one page is made of. It does not decide the stages' order
//! (`pipeline`), check the site as a whole (`check`) nor write files (`write`).

use rayon::prelude::*;

use super::load::Site;
use super::resolve::PageWork;
use super::write::Collector;
use std::sync::Arc;

use super::check::RawEvidence;
use super::{Memo, check, figures_json, give_back, keys, memo, render, search};
use crate::diagnostics::Diagnostic;

/// How many pages are checked and rendered at a time: enough to keep every core busy,
/// few enough that their figure views and records stay small beside the site.
pub(super) const PAGES_AT_A_TIME: usize = 64;

/// Checks every page's figures and renders the page with them, a few pages at a time,
/// writing figures.json as it goes; keeps the records only when `keep_records` (the
/// commands that read them). Pages are rendered even after an error, so that every error
/// is found, but a build with errors is never committed.
pub(super) fn figures_and_pages(
    site: &Site,
    work: &[PageWork],
    checked: &check::Checked,
    ((site_key, listing_key), pictures): ((&memo::Key, &memo::Key), &render::images::Pictures),
    output: &Collector,
    memo: &mut Memo,
    problems: &mut Vec<Diagnostic>,
) -> (Vec<figures_json::ClaimRecord>, usize, Vec<RawEvidence>, search::Indexed) {
    // Only `tally check --against` reads the records back, and it builds to nowhere.
    let keep_records = output.keeps_nothing();
    let buffer = memo.figures_json_buffer();
    // Pages kept on disk have their lines in the last build's figures.json.
    let last = if memo.from_disk {
        output.open_from_last("figures.json").map(figures_json::LastFile::OnDisk)
    } else {
        memo.last_figures_json().map(figures_json::LastFile::InMemory)
    };
    let mut json = figures_json::Writer::begin(output, memo.figures_json_len, buffer, last);
    let (mut kept, mut count, mut raw_evidence) = (Vec::new(), 0, Vec::new());
    let mut indexed = search::Indexed::new();
    let pages: Vec<(&crate::content::Page, &PageWork)> =
        site.content.pages.iter().map(|p| &**p).zip(work).collect();
    (memo.reused, memo.made) = (0, 0);
    for chunk in pages.chunks(PAGES_AT_A_TIME) {
        // What the last chunk's threads freed, handed back between chunks of a build into a
        // folder (the pages stage's peak 113 → 105 MiB for a thousand bundles); serve keeps
        // its memory for the next save.
        if memo.files_in_folder && memo.made > 0 {
            give_back::give_back();
        }
        let done = chunk_pages(site, work, chunk, checked, ((site_key, listing_key), pictures), memo, output);
        for ((page, _), (key, reused, made)) in chunk.iter().zip(done) {
            // A page taken from the last build has its lines in the last figures.json.
            let from_last = if reused || made.lines.is_none() { memo.lines_at(&page.source) } else { None };
            let at = match from_last.and_then(|at| json.push_last(output, at, &made.places)) {
                Some(at) => Some(at),
                None => made.lines.as_ref().map(|lines| json.push(output, lines, &made.places)),
            };
            let at = at.unwrap_or_else(|| {
                output.fail(anyhow::anyhow!(
                    "the last build's figures.json does not hold the figures of {}",
                    page.source.display()
                ));
                json.push(output, &[], &made.places)
            });
            memo.wrote_lines_at(&page.source, at);
            if site.settings.search && made.html.is_some() {
                indexed.push((search::indexed(page), key));
            }
            count += made.record_count;
            if page.front.kind == crate::content::Kind::Measurement {
                raw_evidence.push(RawEvidence {
                    page: crate::paths::display_path(&page.source),
                    figures: made.provenance.from_runs,
                    raw: made.provenance.raw,
                    typed: made.provenance.typed.clone(),
                });
            }
            if keep_records {
                kept.extend(made.records.iter().cloned());
            }
            problems.extend(made.problems.iter().cloned());
            if reused {
                memo.reused += 1;
            } else {
                memo.made += 1;
                memo.keep_page(page.source.clone(), key, made);
            }
        }
    }
    if let Some(unused) = json.end(output) {
        memo.keep_figures_json_buffer(unused);
    }
    memo.figures_json_written();
    (kept, count, raw_evidence, indexed)
}

/// One chunk's pages on the workers, each taken from the memo when its key is unchanged,
/// else checked and rendered; each page's HTML is written as it is done.
fn chunk_pages(
    site: &Site,
    work: &[PageWork],
    chunk: &[(&crate::content::Page, &PageWork)],
    checked: &check::Checked,
    ((site_key, listing_key), pictures): ((&memo::Key, &memo::Key), &render::images::Pictures),
    memo_read: &Memo,
    output: &Collector,
) -> Vec<(memo::Key, bool, Arc<memo::RenderedPage>)> {
    // A translation's tags are checked knowing the original's, to suggest what passes both
    // (its page key holds the original's digest, so a kept page is never stale).
    let original_scan = |page: &crate::content::Page| {
        let at = site.content.index_of(&page.key, site.settings.original_language())?;
        page.is_translation(&site.settings).then(|| &*work[at].scan)
    };
    // A bundle's pages on one worker, one after the other, so that a translation takes
    // its original's resolved figures and evidence instead of working them out again.
    let bundles: Vec<&[(&crate::content::Page, &PageWork)]> =
        chunk.chunk_by(|(a, _), (b, _)| check::same_bundle(site, a, b)).collect();
    bundles
        .par_iter()
        .flat_map_iter(|bundle| {
            let mut shared = check::BundleFigures::default();
            bundle.iter().map(move |&(page, page_work)| {
                let key = keys::page_key(site, (site_key, listing_key), page, page_work, pictures);
                let (reused, made) = match memo_read.page(&page.source, &key) {
                    Some(made) => (true, made),
                    None => {
                        let original = original_scan(page);
                        let made =
                            make_page(site, (page, page_work), original, checked, pictures, &mut shared);
                        (false, Arc::new(made))
                    }
                };
                // Written here, on the worker, not in the caller's loop: that loop runs on
                // one thread while the other cores wait for the next chunk.
                if let Some(html) = &made.html {
                    output.add_kept(crate::paths::page_file(&page.url), html);
                }
                (key, reused, made)
            })
        })
        .collect()
}

/// One page's figures checked and its HTML rendered.
fn make_page(
    site: &Site,
    (page, page_work): (&crate::content::Page, &PageWork),
    original: Option<&crate::markdown::Scan>,
    checked: &check::Checked,
    pictures: &render::images::Pictures,
    shared: &mut check::BundleFigures,
) -> memo::RenderedPage {
    let (figures, mut found) =
        check::page_figures(site, page, page_work, original, &checked.completions, shared);
    let html =
        match render::page::render_page(site, page, page_work, &figures, &checked.completions, pictures) {
            Ok(html) => Some(memo::Kept::Bytes(bytes::Bytes::from(html))),
            Err(d) => {
                found.push(d);
                None
            }
        };
    let lines = figures_json::lines(&figures.records);
    let places = figures_json::published::FigurePlaces::entry(&figures.records);
    let record_count = figures.records.len();
    let provenance =
        provenance(site.run_data(page), &figures.records, site.settings.figures.min_raw.is_some());
    memo::RenderedPage {
        html,
        records: figures.records,
        record_count,
        provenance,
        lines: Some(lines),
        places,
        problems: found,
    }
}

/// How many of a page's figures are computed from its run data, and how many of those read
/// every input from a raw file (with `name_typed`, the others by name). A vendor's figure
/// and a completion are not measurements.
fn provenance(
    runs: Option<&crate::figures::RunData>,
    records: &[figures_json::ClaimRecord],
    name_typed: bool,
) -> memo::Provenance {
    let Some(runs) = runs else { return memo::Provenance::default() };
    let mut counted = memo::Provenance::default();
    for record in
        records.iter().filter(|r| !r.vendor && r.computed.is_some() && !r.name.ends_with("completion"))
    {
        counted.from_runs += 1;
        let paths: Vec<&str> = if record.inputs.is_empty() {
            vec![record.name.as_str()]
        } else {
            record.inputs.iter().map(|(path, _)| path.as_str()).collect()
        };
        let typed: Vec<&str> = paths.into_iter().filter(|path| !runs.is_raw(path)).collect();
        if typed.is_empty() {
            counted.raw += 1;
        } else if name_typed && !counted.typed.iter().any(|(name, _)| *name == record.name) {
            // Named only for `min_raw`'s error: kept for every page of a large site, the
            // names would cost more memory than the counts they explain.
            counted.typed.push((record.name.clone(), typed.join(", ")));
        }
    }
    counted
}
