//! Claims: every figure tag of a page checked against what the data gives.
//!
//! Owns the comparison of a page's claims with run data, vendor figures and completions,
//! and makes each claim's [`ClaimRecord`] for `figures.json`. It asks `figures` for values and the
//! number grammar; it does not render HTML (it hands `markdown` a [`ClaimView`] per tag).
//!
//! Each part has its own module: `resolution` (a tag's figure, once per page), `computed`
//! and `vendor` (a tag against its figure), `comparison` (an inequality of figures a tag's
//! words state), `evidence` (the page's entry for each figure) and `values` (a figure's
//! value and explanation as text).

mod comparison;
mod computed;
mod evidence;
mod resolution;
mod spread;
mod values;
mod vendor;

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::figures::RunData;
use crate::i18n::Strings;
use crate::markdown::{Claim, ClaimForm, ClaimView, Scan};
use crate::number::Computed;
use crate::plots::{Plot, find_blocks, read_plot};
use crate::views::{CorrectionView, EvidenceView};

use super::super::figures_json::ClaimRecord;
use comparison::check_comparison;
use computed::check_figure;
use evidence::{figure_evidence, vendor_evidence};
use resolution::Resolutions;
use vendor::check_vendor;

/// Where a page's figures come from.
pub(crate) struct FigureSources<'a> {
    /// The page's bundle's runs.yaml.
    pub runs: Option<&'a RunData>,
    /// Completion of each appliance, by family id (`xgs-136`).
    pub completions: &'a BTreeMap<String, Computed>,
    /// The family id when the page is a family page (for a bare `{=completion}`).
    pub family: Option<&'a str>,
    /// Whether appliance `id` has a family page: one whose completion is missing had a
    /// table that could not be read, an error already reported at its cell.
    pub has_family_page: &'a (dyn Fn(&str) -> bool + Sync),
    /// In a translation, the original's tags (else none): what a tag would pass with is
    /// then the original's, which passes the translation check too.
    pub original_claims: &'a [Claim],
    /// The page's `spread:` (a translation's own, else its original's): where a figure
    /// over a series shows its N and spread in the text.
    pub spread: Option<&'a crate::content::SpreadSetting>,
}

/// What the checks give a page: one view per tag, its corrections and its records, the
/// evidence of every figure it states and its plots.
#[derive(Debug, Default)]
pub(crate) struct PageClaims {
    pub views: Vec<ClaimView>,
    pub corrections: Vec<CorrectionView>,
    pub records: Vec<ClaimRecord>,
    /// One entry per figure stated or plotted, in the order the page first shows it.
    pub evidence: Vec<Arc<EvidenceView>>,
    /// The page's plots, in order, every value read from the run data.
    pub plots: Vec<Plot>,
    /// The HTML of the page's raw blocks, in order (`raw_blocks`).
    pub raw_blocks: Vec<String>,
    /// Each figure's value as the page first states it, with its unit, by name: the line
    /// its evidence entry shows (the exact value is one step away, under it).
    pub stated: rustc_hash::FxHashMap<String, String>,
}

/// What the pages of one bundle (an original and its translations) share while they are
/// checked one after the other: each figure resolved, and its evidence entry, which do not
/// depend on the page's language. A translation would otherwise do its original's work
/// again; kept for one bundle at a time, it never holds a site's worth of figures.
#[derive(Default)]
pub(crate) struct BundleFigures {
    resolved: Resolutions,
    evidence: BTreeMap<String, Option<Arc<EvidenceView>>>,
    /// Each input of the bundle's entries by its path: a value most figures share (the
    /// run's length, a constant) is looked up and written once.
    inputs: rustc_hash::FxHashMap<String, Arc<crate::views::EvidenceInput>>,
}

/// The anchor of a figure's entry in its page's evidence.
pub(crate) fn evidence_id(name: &str) -> String {
    let mut id = String::with_capacity("figure-".len() + name.len());
    id.push_str("figure-");
    id.push_str(name);
    id
}

/// Checks every tag of `page`; `shared` is what the pages of its bundle checked before it
/// left (see [`BundleFigures`]).
pub(crate) fn check_claims(
    page: &Page,
    scan: &Scan,
    sources: &FigureSources,
    strings: &Strings,
    shared: &mut BundleFigures,
) -> (PageClaims, Vec<Diagnostic>) {
    let mut figures = PageClaims::default();
    let mut problems = Vec::new();
    let BundleFigures { resolved, evidence, inputs } = shared;
    let lines = super::super::figures_json::published::PageLines::new(&page.text);
    // Each figure once, in the order the page first states or plots it; true for a vendor's.
    let mut named: Vec<(String, bool)> = Vec::new();
    let mut is_named: rustc_hash::FxHashSet<(&str, bool)> = rustc_hash::FxHashSet::default();
    // Each comparison's entry, by the place its first statement takes in `named`: a
    // comparison's entry is made where it is checked.
    let mut comparisons: Vec<(usize, EvidenceView)> = Vec::new();
    // The original's tags by name, and how many of each name came before here: the tag of
    // the same place is the original's nth of that name.
    let mut originals: BTreeMap<&str, Vec<&Claim>> = BTreeMap::new();
    for claim in sources.original_claims {
        originals.entry(&claim.name).or_default().push(claim);
    }
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for claim in &scan.claims {
        let nth = seen.entry(&claim.name).or_default();
        let original = originals.get(claim.name.as_str()).and_then(|of_name| of_name.get(*nth)).copied();
        *nth += 1;
        let (mut view, record) = match claim.form {
            ClaimForm::Vendor => check_vendor(page, claim, sources, strings, &mut problems),
            ClaimForm::Exact | ClaimForm::Approximate => {
                let at = (claim, original);
                let (mut view, record) =
                    check_figure(page, at, sources, resolved, &mut figures.corrections, &mut problems);
                // Beside the figure's first tag only: the page says it once.
                if *nth == 1
                    && let Some(spread) = sources.spread
                    && let Some(resolution) = resolution::resolve_once(&claim.name, sources, resolved)
                {
                    let computed = &resolution.computed;
                    let form = spread.form_of(&claim.name, &computed.formula);
                    view.label = spread::spread_label(computed, &claim.live, form, strings, &page.lang);
                }
                (view, record)
            }
            ClaimForm::Comparison => {
                let (view, record, entry) = check_comparison(page, claim, sources, resolved, &mut problems);
                if let Some(entry) = entry
                    && !comparisons.iter().any(|(_, e)| e.id == entry.id)
                {
                    comparisons.push((named.len(), entry));
                }
                figures.views.push(view);
                figures.records.extend(record.map(|r| lines.locate(r, claim.live_range.start)));
                continue;
            }
        };
        if view.value.is_some() || view.label.is_some() {
            view.anchor = Some(evidence_id(&claim.name));
            let vendor = claim.form == ClaimForm::Vendor;
            if is_named.insert((&claim.name, vendor)) {
                named.push((claim.name.clone(), vendor));
            }
            if !figures.stated.contains_key(&claim.name) {
                let unit = match vendor {
                    true => None,
                    false => {
                        resolution::resolve_once(&claim.name, sources, resolved).map(|r| r.computed.unit)
                    }
                };
                figures.stated.insert(claim.name.clone(), stated_text(&claim.live, unit));
            }
        }
        figures.views.push(view);
        figures.records.extend(record.map(|r| lines.locate(r, claim.live_range.start)));
    }
    read_plots(page, scan, sources, resolved, (&mut named, &mut figures), &mut problems);
    let mut comparisons = comparisons.into_iter().peekable();
    for (at, (name, vendor)) in named.iter().enumerate() {
        while let Some((_, entry)) = comparisons.next_if(|(before, _)| *before <= at) {
            figures.evidence.push(Arc::new(entry));
        }
        let entry = match vendor {
            true => vendor_evidence(page, name, sources).map(Arc::new),
            false => evidence
                .entry(name.clone())
                .or_insert_with(|| figure_evidence(page, name, sources, resolved, inputs).map(Arc::new))
                .clone(),
        };
        figures.evidence.extend(entry);
    }
    figures.evidence.extend(comparisons.map(|(_, entry)| Arc::new(entry)));
    problems.extend(spread::check_spread_names(page, &scan.claims, sources, resolved));
    (figures, problems)
}

/// The page's plots, each read against the run data, its values named in the order the
/// page shows them (after the figures it states before) and stated as the page states them.
fn read_plots(
    page: &Page,
    scan: &Scan,
    sources: &FigureSources,
    resolved: &mut Resolutions,
    (named, figures): (&mut Vec<(String, bool)>, &mut PageClaims),
    problems: &mut Vec<Diagnostic>,
) {
    for block in find_blocks(page.body(), page.body_start) {
        match read_plot(&block, sources.runs, &page.source, &page.text) {
            Ok(mut plot) => {
                // A tag states a plotted value by its path, or by a figure that is that path.
                let mut formula_of = |name: &str| -> Option<String> {
                    resolution::resolve_once(name, sources, resolved).map(|r| r.computed.formula.clone())
                };
                let mut stated_as: Vec<(&str, String)> = Vec::new();
                for claim in scan.claims.iter().filter(|c| c.form == ClaimForm::Exact) {
                    if let Some(formula) = formula_of(&claim.name) {
                        stated_as.push((claim.live.as_str(), formula));
                    }
                    stated_as.push((claim.live.as_str(), claim.name.clone()));
                }
                stated_places(&mut plot, &stated_as);
                for point in &plot.points {
                    if !named.iter().any(|(n, _)| n == &point.path) {
                        named.push((point.path.clone(), false));
                    }
                    if !figures.stated.contains_key(&point.path) {
                        figures.stated.insert(point.path.clone(), plotted_text(point, plot.unit));
                    }
                }
                figures.plots.push(plot);
            }
            Err(found) => problems.extend(found),
        }
    }
}

/// Each plotted value the page states in digits gets the place it is stated to, in the
/// plot's unit: its label then reads as the page does (`1.0 %`, not `1`).
/// `stated_as` gives each exact tag's text with the path it states.
fn stated_places(plot: &mut Plot, stated_as: &[(&str, String)]) {
    for point in &mut plot.points {
        let Some((live, _)) = stated_as.iter().find(|(_, path)| *path == point.path) else {
            continue;
        };
        if !live.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let Ok(stated) = crate::number::parse_stated(live) else { continue };
        let precision = stated.precision * stated.unit.factor() / plot.unit.factor();
        if precision.is_finite() && precision > 0.0 {
            point.stated_place = Some((precision * (1.0 + 1e-9)).log10().floor() as i32);
        }
    }
}

/// A tag's text as the evidence shows it: as written, with the figure's unit after a
/// number written in digits alone (`47` of a completion in % is `47 %`).
fn stated_text(live: &str, unit: Option<crate::number::Unit>) -> String {
    let live = live.trim();
    let digits_only = live.chars().all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '-' | '\u{2212}'));
    match unit {
        Some(unit) if digits_only && !unit.symbol().is_empty() => format!("{live} {}", unit.symbol()),
        _ => live.to_string(),
    }
}

/// A plotted value no tag states, as its evidence line shows it: in the plot's unit, to
/// three significant digits and no finer than the digits the data holds (`940 Mbit/s`, not
/// `940,337,587.603099 bit/s`); a count whole.
fn plotted_text(point: &crate::plots::Point, unit: crate::number::Unit) -> String {
    let value = point.value / unit.factor();
    let magnitude = value.abs();
    let three = if magnitude > 0.0 { magnitude.log10().floor() as i32 - 2 } else { 0 };
    let known = point
        .known_to
        .map(|p| p / unit.factor())
        .filter(|p| p.is_finite() && *p > 0.0)
        .map(|p| (p * (1.0 + 1e-9)).log10().floor() as i32);
    let place = known.map_or(three, |k| k.max(three)).clamp(-20, 20);
    // A count keeps its units: 1,287,603 frames are not 1,290,000.
    let place = if unit == crate::number::Unit::Count { place.min(0) } else { place };
    // As a tag of the page states it, when one does (`1.0 %` of a plotted busy share).
    let place = point.stated_place.unwrap_or(place);
    let text = match usize::try_from(-place) {
        Ok(decimals) => format!("{value:.decimals$}"),
        Err(_) => format!("{:.0}", (value / 10f64.powi(place)).round() * 10f64.powi(place)),
    };
    let text = crate::views::grouped_digits(&text);
    match unit.symbol() {
        "" => text,
        symbol => format!("{text} {symbol}"),
    }
}

fn error_at(page: &Page, code: &'static str, range: Range<usize>, message: String) -> Diagnostic {
    Diagnostic::at(code, &page.source, &page.text, range, message)
}

#[cfg(test)]
mod tests {
    use super::{plotted_text, stated_text};
    use crate::number::Unit;
    use crate::plots::Point;

    fn point(value: f64, known_to: Option<f64>) -> Point {
        Point {
            label: String::new(),
            span: None,
            value,
            path: String::new(),
            known_to,
            stated_place: None,
            spread: None,
        }
    }

    #[test]
    fn a_plotted_value_is_shown_to_three_digits_in_the_plots_unit_and_no_finer_than_known() {
        assert_eq!(plotted_text(&point(940_337_587.603099, None), Unit::MegabitPerSecond), "940 Mbit/s");
        assert_eq!(plotted_text(&point(1_287_603.0, None), Unit::Count), "1,287,603");
        assert_eq!(plotted_text(&point(0.012345, None), Unit::Count), "0.0123");
        // Known to the gigabyte's hundredth: not more digits than that.
        assert_eq!(plotted_text(&point(2.5e9, Some(1e7)), Unit::Gigabyte), "2.50 GB");
        // A value a tag of the page states: to the tag's place.
        let stated = Point { stated_place: Some(-1), ..point(1.0, None) };
        assert_eq!(plotted_text(&stated, Unit::Percent), "1.0 %");
    }

    #[test]
    fn a_bare_number_is_shown_with_its_figures_unit_and_words_as_written() {
        assert_eq!(stated_text("47", Some(Unit::Percent)), "47 %");
        assert_eq!(stated_text("953 Mbit/s", Some(Unit::BitPerSecond)), "953 Mbit/s");
        assert_eq!(stated_text("three quarters", Some(Unit::Percent)), "three quarters");
        assert_eq!(stated_text("1,024", Some(Unit::Count)), "1,024");
    }
}
