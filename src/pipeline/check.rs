//! The check stage: completions from family tables, translations against originals, and
//! coverage, which need the whole site; and, page by page, figure tags against run data
//! and the build a measurement page names ([`page_figures`], run as each page renders so
//! that a page's figure views never outlive its HTML).

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::{PageWork, Site};
use crate::claims::{FigureSources, PageFigures, check_page};
use crate::completion;
use crate::content::Kind;
use crate::diagnostics::Diagnostic;
use crate::figures::Computed;
use crate::parity;
use crate::paths::display_path;

/// How many of a measurement page's figure-like numbers are tagged.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Coverage {
    pub page: String,
    pub tagged: usize,
    pub figure_like: usize,
}

impl Coverage {
    pub fn share(&self) -> f64 {
        if self.figure_like == 0 { 1.0 } else { self.tagged as f64 / self.figure_like as f64 }
    }
}

pub(crate) struct Checked {
    pub coverage: Vec<Coverage>,
    pub completions: BTreeMap<String, Computed>,
}

pub(crate) fn check(site: &Site, work: &[PageWork], problems: &mut Vec<Diagnostic>) -> Checked {
    let completions = completions(site, work, problems);
    problems.extend(translations(site, work));
    let coverage = coverage(site, work, problems);
    Checked { coverage, completions }
}

/// Checks one page's figure tags and, for a measurement page, that it names its build.
pub(crate) fn page_figures(
    site: &Site,
    page: &crate::content::Page,
    work: &PageWork,
    completions: &BTreeMap<String, Computed>,
) -> (PageFigures, Vec<Diagnostic>) {
    let family = (page.front.kind == Kind::Family).then(|| page.family_id());
    let sources = FigureSources { runs: site.run_data(page), completions, family: family.as_deref() };
    let (figures, mut found) = check_page(page, &work.scan, &sources, &site.strings);
    found.extend(check_build_named(site, page));
    (figures, found)
}

fn check_build_named(site: &Site, page: &crate::content::Page) -> Option<Diagnostic> {
    let named_in_front = page.front.build.values().any(|v| !v.joined().trim().is_empty());
    if page.front.kind != Kind::Measurement
        || named_in_front
        || site.run_data(page).is_some_and(|r| r.build_named())
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
    for (page, work) in originals {
        let id = page.family_id().to_string();
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
        if let Some(original) = completions.get(&id)
            && (original.value - computed.value).abs() > 1e-9
        {
            problems.push(
                Diagnostic::at(
                    "completion-mismatch",
                    &page.source,
                    &page.text,
                    0..3,
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

fn translations(site: &Site, work: &[PageWork]) -> Vec<Diagnostic> {
    let index: BTreeMap<&std::path::Path, usize> =
        site.content.pages.iter().enumerate().map(|(i, p)| (p.source.as_path(), i)).collect();
    site.content
        .pages
        .par_iter()
        .zip(work)
        .filter(|(page, _)| page.is_translation(&site.settings))
        .flat_map_iter(|(page, page_work)| {
            let original = site.content.original_of(page, &site.settings);
            original
                .map(|original| {
                    let original_work = &work[index[original.source.as_path()]];
                    parity::compare(&original_work.stated(original), &page_work.stated(page))
                })
                .unwrap_or_default()
        })
        .collect()
}

fn coverage(site: &Site, work: &[PageWork], problems: &mut Vec<Diagnostic>) -> Vec<Coverage> {
    let minimum = site.settings.figures.min_coverage;
    let counted: Vec<Coverage> = site
        .content
        .pages
        .par_iter()
        .zip(work)
        .filter(|(page, _)| page.front.kind == Kind::Measurement)
        .map(|(page, work)| {
            let (tagged, figure_like) = parity::coverage(&work.stated(page));
            Coverage { page: display_path(&page.source), tagged, figure_like }
        })
        .collect();
    let mut lines = Vec::new();
    for line in counted {
        let Coverage { tagged, figure_like, .. } = line;
        let page = &line.page;
        if let Some(minimum) = minimum
            && line.share() < minimum
        {
            problems.push(
                Diagnostic::file("figure-coverage", page, format!("{tagged} of {figure_like} figure-like numbers are tagged ({:.0} %), below the site's minimum of {:.0} %", line.share() * 100.0, minimum * 100.0))
                    .note("tag the figures the run data gives; `tally check` lists the untagged ones with --format json"),
            );
        }
        lines.push(line);
    }
    lines
}
