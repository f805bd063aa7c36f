//! The check stage: each page's required structure, and what needs the whole site
//! (completions from family tables, translations against originals, coverage); then, page
//! by page, each claim against the figure it names and the build a measurement page names
//! ([`page_figures`], run as each page renders so that a page's figure views never outlive
//! its HTML).
//!
//! Each check has its own module: `claims` (a page's claims against its figures),
//! `completion` (family tables), `parity` (translations), `coverage`, `front_figures` (the
//! numbers of a title and summary), `headings` (numbers in headings are claims), `outside` (numbers outside page bodies), `structure`, `ids`
//! (no two elements of a page share an id).

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;

pub(crate) mod claims;
pub(crate) mod completion;
mod coverage;
mod front_figures;
mod headings;
mod ids;
mod outside;
pub(crate) mod parity;
mod series_rules;
mod structure;

use super::load::Site;
use super::memo::{Digest, Key, Memo};
use super::resolve::PageWork;
use crate::content::Kind;
use crate::diagnostics::Diagnostic;
use crate::number::Computed;
use claims::{FigureSources, PageClaims, check_claims};

pub(crate) use claims::BundleFigures;

pub(crate) use coverage::Coverage;

/// An appliance's completion, from its family page.
#[derive(Debug, Clone)]
pub struct ApplianceCompletion {
    pub family: String,
    pub title: String,
    /// The family page's source, relative to the site root.
    pub source: String,
    pub percent: f64,
}

pub(crate) struct Checked {
    pub coverage: Vec<Arc<Coverage>>,
    pub completions: BTreeMap<String, Computed>,
}

pub(crate) fn check(
    site: &Site,
    work: &[PageWork],
    memo: &mut Memo,
    problems: &mut Vec<Diagnostic>,
) -> Checked {
    let families = structure::family_ids(site);
    let names = outside::declared_names(site);
    let versions = outside::version_names(site);
    let memo_read: &Memo = memo;
    // Every page on every build, a page per task (in order, as the problems are listed).
    let found: Vec<(Vec<Diagnostic>, Option<FrontFigures>)> = site
        .content
        .pages
        .par_iter()
        .zip(work)
        .map(|(page, page_work)| {
            let mut found =
                structure::check_structure(site, &families, page, &page_work.scan, &page_work.resolved);
            found.extend(headings::numbers_in_headings(page, &page_work.scan));
            (found, front_figures(site, [&names, &versions], page, page_work, memo_read))
        })
        .collect();
    for (page, (found, front)) in site.content.pages.iter().zip(found) {
        problems.extend(found);
        if let Some((key, front)) = front {
            problems.extend(front.iter().cloned());
            memo.keep_front_figures(page.source.clone(), key, front);
        }
    }
    problems.extend(outside::outside_numbers(site));
    problems.extend(site.settings.giscus_placeholders.iter().cloned());
    let completions = completions(site, work, problems);
    problems.extend(translations(site, work, memo));
    let coverage = coverage::coverage(site, work, &versions, memo, problems);
    Checked { coverage, completions }
}

/// What [`front_figures`] found of a page, under the key it is kept with in the memo.
type FrontFigures = (Key, Arc<Vec<Diagnostic>>);

/// A measurement page's title and summary figures that its body does not state, read
/// again only when its text changed (every page's, on each build, was a twelfth of a
/// one-page rebuild of the 1,000-bundle corpus); `None` for other pages.
fn front_figures(
    site: &Site,
    [names, versions]: [&[String]; 2],
    page: &crate::content::Page,
    work: &PageWork,
    memo: &Memo,
) -> Option<FrontFigures> {
    if page.front.kind != Kind::Measurement {
        return None;
    }
    // The names a title may hold are the site's appliances': a renamed family page reads
    // every title again.
    let key = Digest::new()
        .bytes(site.inputs_digest.as_bytes())
        .number(page.body_start)
        .bytes(&page.digest)
        .bytes(names.join("\n").as_bytes())
        .bytes(versions.join("\n").as_bytes())
        .finish();
    let found = memo.front_figures(&page.source, &key).unwrap_or_else(|| {
        Arc::new(front_figures::front_matter_figures_tagged(page, &work.scan, names, versions))
    });
    Some((key, found))
}

/// Checks one page's figure tags and, for a measurement page, that it names its build; in a
/// translation `original_scan` is the original's, whose tags are what would pass. `shared`
/// holds what the pages of the same bundle checked before (see [`same_bundle`]).
pub(crate) fn page_figures(
    site: &Site,
    page: &crate::content::Page,
    work: &PageWork,
    original_scan: Option<&crate::markdown::Scan>,
    completions: &BTreeMap<String, Computed>,
    shared: &mut BundleFigures,
) -> (PageClaims, Vec<Diagnostic>) {
    let family = (page.front.kind == Kind::Family).then(|| page.family_id());
    let original = site.settings.original_language();
    let has_family_page = |id: &str| site.content.get(&crate::content::family_key(id), original).is_some();
    let sources = FigureSources {
        runs: site.run_data(page),
        completions,
        family,
        has_family_page: &has_family_page,
        original_claims: original_scan.map_or(&[], |scan| &scan.claims),
        spread: page.front.spread.as_ref().or_else(|| {
            let original = site.content.get(&page.key, original).filter(|o| o.lang != page.lang)?;
            original.front.spread.as_ref()
        }),
    };
    let (mut figures, mut found) = check_claims(page, &work.scan, &sources, &site.strings, shared);
    let (raw_blocks, raw_problems) =
        crate::raw_blocks::read_blocks(&site.root, page, site.settings.max_raw_bytes);
    figures.raw_blocks = raw_blocks.iter().map(crate::raw_blocks::html).collect();
    found.extend(raw_problems);
    found.extend(check_code_under_test_named(site, page));
    found.extend(series_rules::check_series_rules(site, page, &work.scan));
    found.extend(ids::check_ids(page, &work.scan, &figures, site.templates.ids()));
    (figures, found)
}

/// Whether two pages resolve every figure name alike, so that one [`BundleFigures`] serves
/// both: the same run data (one bundle) and the same family (a bare `{=completion}`).
pub(crate) fn same_bundle(site: &Site, a: &crate::content::Page, b: &crate::content::Page) -> bool {
    fn family(page: &crate::content::Page) -> Option<&str> {
        (page.front.kind == Kind::Family).then(|| page.family_id())
    }
    match (site.run_data(a), site.run_data(b)) {
        (Some(x), Some(y)) => std::ptr::eq(x, y) && family(a) == family(b),
        _ => false,
    }
}

fn check_code_under_test_named(site: &Site, page: &crate::content::Page) -> Option<Diagnostic> {
    let named_in_front = page.front.code_under_test.values().any(|v| !v.joined().trim().is_empty());
    if page.front.kind != Kind::Measurement
        || named_in_front
        || site.run_data(page).is_some_and(|r| r.names_code_under_test())
    {
        return None;
    }
    Some(
        Diagnostic::at(
            "missing-build",
            &page.source,
            &page.text,
            0..3,
            "a measurement page must name the build its numbers belong to",
        )
        .note("add `build: {driver: ..., release: ...}` to the runs.yaml beside this page"),
    )
}

fn completions(site: &Site, work: &[PageWork], problems: &mut Vec<Diagnostic>) -> BTreeMap<String, Computed> {
    let mut completions = BTreeMap::new();
    let families = site.content.pages.iter().zip(work).filter(|(p, _)| p.front.kind == Kind::Family);
    let (originals, translations): (Vec<_>, Vec<_>) =
        families.partition(|(p, _)| !p.is_translation(&site.settings));
    let mut original_scans = BTreeMap::new();
    for (page, work) in originals {
        let id = page.family_id().to_string();
        original_scans.insert(id.clone(), &*work.scan);
        match completion::from_family_page(page, &work.scan, &site.settings, &id) {
            Ok(computed) => {
                completions.insert(id, computed);
            }
            Err(mut found) => problems.append(&mut found),
        }
    }
    for (page, work) in translations {
        let id = page.family_id().to_string();
        let Ok(computed) = completion::from_family_page(page, &work.scan, &site.settings, &id)
            .map_err(|mut found| problems.append(&mut found))
        else {
            continue;
        };
        let differs = |original: &Computed| match (&original.exact, &computed.exact) {
            (Some(a), Some(b)) => a != b,
            _ => (original.value - computed.value).abs() > 1e-9,
        };
        if let Some(original) = completions.get(&id)
            && differs(original)
        {
            // At the translation's table: the first of its rows whose done value or weight
            // differs from the original's row, or else its first row.
            let at = differing_row(&work.scan, original_scans.get(&id).copied()).unwrap_or(0..3);
            let blank = page.text.get(at.clone()).map_or(0, |text| text.len() - text.trim_start().len());
            let at = at.start + blank..at.end;
            problems.push(
                Diagnostic::at(
                    "completion-mismatch",
                    &page.source,
                    &page.text,
                    at,
                    format!(
                        "this translation's table gives {:.2} % where the original's gives {:.2} %",
                        computed.value, original.value
                    ),
                )
                .note("the two tables must hold the same done values and weights"),
            );
        }
    }
    completions
}

/// Where a translated family table first differs from the original's: the done value and
/// weight (its last two cells) of the first row that is not the original's, or else the
/// table's first cell.
fn differing_row(
    translation: &crate::markdown::Scan,
    original: Option<&crate::markdown::Scan>,
) -> Option<std::ops::Range<usize>> {
    let table = translation.tables.first()?;
    let original_rows = original.and_then(|scan| scan.tables.first());
    let last_two = |row: &Vec<crate::markdown::Cell>| -> Vec<String> {
        row.iter().rev().take(2).map(crate::markdown::Cell::text).map(|t| t.trim().to_string()).collect()
    };
    for (i, row) in table.iter().enumerate().skip(1) {
        let same = original_rows
            .and_then(|rows| rows.get(i))
            .is_some_and(|theirs| last_two(theirs) == last_two(row));
        if !same && row.len() >= 2 {
            let done = &row[row.len() - 2];
            let weight = &row[row.len() - 1];
            return Some(done.range.start..weight.range.end);
        }
    }
    table.first().and_then(|row| row.first()).map(|cell| cell.range.clone())
}

/// Each translation compared with its original; a pair whose texts are unchanged since the
/// last build is not compared again.
fn translations(site: &Site, work: &[PageWork], memo: &mut Memo) -> Vec<Diagnostic> {
    let memo_read: &Memo = memo;
    let compared: Vec<(std::path::PathBuf, Key, Arc<Vec<Diagnostic>>)> = site
        .content
        .pages
        .par_iter()
        .zip(work)
        .filter(|(page, _)| page.is_translation(&site.settings))
        .filter_map(|(page, page_work)| {
            let at = site.content.index_of(&page.key, site.settings.original_language())?;
            let original = &*site.content.pages[at];
            let key = Digest::new()
                .bytes(site.inputs_digest.as_bytes())
                .bytes(&original.digest)
                .bytes(&page.digest)
                .path(&original.source)
                .finish();
            let found = memo_read.parity(&page.source, &key).unwrap_or_else(|| {
                let original_work = &work[at];
                Arc::new(parity::compare(&original_work.numbers(original), &page_work.numbers(page)))
            });
            Some((page.source.clone(), key, found))
        })
        .collect();
    let mut problems = Vec::new();
    for (source, key, found) in compared {
        problems.extend(found.iter().cloned());
        memo.keep_parity(source, key, found);
    }
    problems
}

pub(crate) fn completion_summary(
    site: &Site,
    completions: &BTreeMap<String, crate::number::Computed>,
) -> Vec<ApplianceCompletion> {
    let original = site.settings.original_language();
    completions
        .iter()
        .filter_map(|(id, computed)| {
            let page = site.content.get(&crate::content::family_key(id), original)?;
            Some(ApplianceCompletion {
                family: id.clone(),
                title: page.front.title.clone(),
                source: crate::paths::display_path(&page.source),
                percent: computed.value,
            })
        })
        .collect()
}

/// One measurement page's raw evidence: of the figures computed from its run data, how
/// many read every input from a raw file.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RawEvidence {
    pub page: String,
    pub figures: usize,
    pub raw: usize,
    /// Each figure not read wholly from raw files, with its inputs typed into runs.yaml.
    pub typed: Vec<(String, String)>,
}

impl RawEvidence {
    pub fn share(&self) -> f64 {
        if self.figures == 0 { 1.0 } else { self.raw as f64 / self.figures as f64 }
    }
}

/// An error for each measurement page whose figures trace to raw files less often than the
/// site's minimum (`figures: {min_raw}` in site.yaml).
pub(crate) fn raw_share(pages: &[RawEvidence], minimum: Option<f64>, problems: &mut Vec<Diagnostic>) {
    let Some(minimum) = minimum else { return };
    for page in pages.iter().filter(|p| p.share() < minimum) {
        let mut diagnostic = Diagnostic::file(
            "figure-raw-share",
            &page.page,
            format!(
                "{} of {} figures computed from run data are read from raw files ({}), below the site's minimum of {:.0} %",
                page.raw,
                page.figures,
                crate::text::percent_of(page.raw, page.figures),
                minimum * 100.0
            ),
        )
        .note("put the tool's output under raw/ and name it in runs.yaml (`iperf:`, `ping:`, `soak:`, `sysctl:`, `pfctl:`, `table:`) instead of typing its numbers; the figures that read typed values:");
        for (figure, typed) in &page.typed {
            diagnostic = diagnostic.note(format!("`{figure}` reads {typed}"));
        }
        problems.push(diagnostic);
    }
}
