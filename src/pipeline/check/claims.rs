//! Claims: every figure tag of a page checked against what the data gives.
//!
//! Owns the comparison of a page's claims with run data, vendor figures and completions,
//! and makes each claim's [`ClaimRecord`] for `figures.json`. It asks `figures` for values and the
//! number grammar; it does not render HTML (it hands `markdown` a [`ClaimView`] per tag).

use std::collections::BTreeMap;
use std::ops::Range;

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::figures::number::{self, Mismatch, Rounding, parse_stated, plain_text};
use crate::figures::{Computed, FigureError, RunData};
use crate::i18n::Strings;
use crate::markdown::{Claim, ClaimForm, ClaimView, Scan};
use crate::paths::display_path;
use crate::views::CorrectionView;

use super::super::figures_json::ClaimRecord;

/// Where a page's figures come from.
pub(crate) struct FigureSources<'a> {
    /// The page's bundle's runs.yaml.
    pub runs: Option<&'a RunData>,
    /// Completion of each appliance, by family id (`xgs-136`).
    pub completions: &'a BTreeMap<String, Computed>,
    /// The family id when the page is a family page (for a bare `{=completion}`).
    pub family: Option<&'a str>,
}

/// What the checks give a page: one view per tag, its corrections and its records.
#[derive(Debug, Default)]
pub(crate) struct PageClaims {
    pub views: Vec<ClaimView>,
    pub corrections: Vec<CorrectionView>,
    pub records: Vec<ClaimRecord>,
}

/// Checks every tag of `page`.
pub(crate) fn check_claims(
    page: &Page,
    scan: &Scan,
    sources: &FigureSources,
    strings: &Strings,
) -> (PageClaims, Vec<Diagnostic>) {
    let mut figures = PageClaims::default();
    let mut problems = Vec::new();
    let mut resolved = Memo::new();
    let lines = super::super::figures_json::published::Lines::new(&page.text);
    for claim in &scan.claims {
        let (view, record) = match claim.form {
            ClaimForm::Vendor => check_vendor(page, claim, sources, strings, &mut problems),
            ClaimForm::Exact | ClaimForm::Approximate => {
                check_figure(page, claim, sources, &mut resolved, &mut figures.corrections, &mut problems)
            }
        };
        figures.views.push(view);
        figures.records.extend(record.map(|r| lines.locate(r, claim.live_range.start)));
    }
    (figures, problems)
}

fn resolve(name: &str, sources: &FigureSources) -> Result<Computed, FigureError> {
    let unknown =
        || FigureError::UnknownName { name: name.to_string(), hint: String::new(), span: 0..name.len() };
    let family = match name.strip_suffix(".completion") {
        Some(path) => path.strip_prefix(crate::content::FAMILY_FOLDER).and_then(|p| p.strip_prefix('/')),
        None if name == "completion" => sources.family,
        None => None,
    };
    if let Some(family) = family {
        return sources.completions.get(family).cloned().ok_or_else(unknown);
    }
    if name == "completion" {
        return Err(unknown());
    }
    sources.runs.ok_or_else(unknown)?.resolve(name)
}

fn error_at(page: &Page, code: &'static str, range: Range<usize>, message: String) -> Diagnostic {
    Diagnostic::at(code, &page.source, &page.text, range, message)
}

/// Figures already resolved on this page: a page states many figures more than once, and
/// the value and explanation shown with a figure are the same each time.
type Memo = BTreeMap<String, Result<Resolution, FigureError>>;

struct Resolution {
    computed: Computed,
    /// [`machine_value`] of the value.
    value: String,
    /// [`explain`] of the computation.
    title: String,
}

fn check_figure(
    page: &Page,
    claim: &Claim,
    sources: &FigureSources,
    resolved: &mut Memo,
    corrections: &mut Vec<CorrectionView>,
    problems: &mut Vec<Diagnostic>,
) -> (ClaimView, Option<ClaimRecord>) {
    if !resolved.contains_key(&claim.name) {
        let result = resolve(&claim.name, sources).map(|computed| Resolution {
            value: machine_value(computed.value),
            title: explain(&computed),
            computed,
        });
        resolved.insert(claim.name.clone(), result);
    }
    let Some(result) = resolved.get(&claim.name) else {
        return (ClaimView::default(), None);
    };
    let resolution = match result {
        Ok(resolution) => resolution,
        Err(error) => {
            let span = error.span();
            let start = claim.name_range.start + span.start.min(claim.name.len());
            let end = claim.name_range.start + span.end.min(claim.name.len());
            let mut d = error_at(page, error.code(), start..end.max(start + 1), error.to_string());
            if sources.runs.is_none() && !claim.name.contains("completion") {
                d = d.note("this page has no runs.yaml beside it");
            }
            problems.push(d);
            return (ClaimView::default(), None);
        }
    };
    let computed = &resolution.computed;
    let view = ClaimView {
        value: Some(resolution.value.clone()),
        title: resolution.title.clone(),
        label: None,
        corrections: Vec::new(),
    };
    match parse_stated(&claim.live) {
        Ok(stated) => {
            if let Err(mismatch) = number::check(&stated, computed, claim.form == ClaimForm::Approximate) {
                problems.push(mismatch_error(page, claim, computed, &mismatch));
            }
        }
        Err(error) => {
            // The part it could not read, when the tag's text stands in the file as written.
            let live = &claim.live_range;
            let part = error.range();
            let range = if page.text.get(live.clone()) == Some(claim.live.as_str()) {
                live.start + part.start..live.start + part.end.max(part.start + 1)
            } else {
                live.clone()
            };
            problems.push(error_at(page, "figure-unreadable", range, error.to_string()))
        }
    }
    let view = ClaimView { corrections: check_struck(page, claim, computed, corrections, problems), ..view };
    let record = ClaimRecord {
        page: display_path(&page.source),
        lang: page.lang.clone(),
        line: 0,
        col: 0,
        name: claim.name.clone(),
        stated: claim.live.clone(),
        struck: claim.struck.iter().map(|(t, _)| t.trim().to_string()).collect(),
        computed: Some(computed.value),
        unit: computed.unit.symbol().to_string(),
        formula: computed.formula.clone(),
        inputs: computed.inputs.clone(),
        vendor: false,
    };
    (view, Some(record))
}

fn mismatch_error(page: &Page, claim: &Claim, computed: &Computed, mismatch: &Mismatch) -> Diagnostic {
    let (code, message) = match mismatch {
        Mismatch::UnitKind { .. } => ("figure-unit", format!("`{}` {mismatch}", claim.live)),
        Mismatch::Value { .. } => ("figure-mismatch", format!("states `{}` but {mismatch}", claim.live)),
    };
    let mut d = error_at(page, code, claim.live_range.clone(), message)
        .note(format!("computed: {}", explain(computed)));
    if computed.round == Rounding::Down {
        d = d.note("this figure is truncated (`round: down`), not rounded");
    }
    d.note(format!(
        "would pass: [{}]{{{}{}}}",
        mismatch.would_pass(),
        if claim.form == ClaimForm::Approximate { "~" } else { "=" },
        claim.name
    ))
}

/// Every struck value must be a withdrawal listed in the data; returns correction numbers.
fn check_struck(
    page: &Page,
    claim: &Claim,
    computed: &Computed,
    corrections: &mut Vec<CorrectionView>,
    problems: &mut Vec<Diagnostic>,
) -> Vec<usize> {
    let mut numbers = Vec::new();
    for (struck, range) in &claim.struck {
        let struck = struck.trim();
        let listed = computed.withdrawn.iter().find(|w| number::same_value(&w.value, struck));
        match listed {
            Some(withdrawal) => {
                corrections.push(CorrectionView {
                    number: corrections.len() + 1,
                    struck: struck.to_string(),
                    live: claim.live.clone(),
                    on: withdrawal.on.clone(),
                    why: withdrawal.why.clone(),
                });
                numbers.push(corrections.len());
            }
            None => problems.push(
                error_at(
                    page,
                    "figure-withdrawn-unlisted",
                    range.clone(),
                    format!("the struck value `{struck}` is not listed as withdrawn for `{}`", claim.name),
                )
                .note(format!(
                    "list it in runs.yaml: withdrawn: [{{value: \"{struck}\", on: YYYY-MM-DD, why: \"...\"}}]"
                )),
            ),
        }
    }
    numbers
}

fn check_vendor(
    page: &Page,
    claim: &Claim,
    sources: &FigureSources,
    strings: &Strings,
    problems: &mut Vec<Diagnostic>,
) -> (ClaimView, Option<ClaimRecord>) {
    let Some(vendor) = sources.runs.and_then(|r| r.vendor(&claim.name)) else {
        problems.push(error_at(
            page,
            "figure-unknown",
            claim.name_range.clone(),
            format!("no vendor figure is named `{}`", claim.name),
        ));
        return (ClaimView::default(), None);
    };
    if !number::same_value(&vendor.value, &claim.live) {
        problems.push(
            error_at(
                page,
                "figure-mismatch",
                claim.live_range.clone(),
                format!("states `{}` but the vendor's figure is `{}`", claim.live, vendor.value),
            )
            .note(format!("source: {}", vendor.source)),
        );
    }
    let source = strings.text(&page.lang, "figure-vendor-source");
    let view = ClaimView {
        value: parse_stated(&vendor.value).ok().map(|s| machine_value(s.value * s.unit.factor())),
        title: format!("{source}: {}; {}", vendor.source, vendor.conditions),
        label: Some(strings.text(&page.lang, "figure-vendor-label")),
        corrections: Vec::new(),
    };
    let record = ClaimRecord {
        page: display_path(&page.source),
        lang: page.lang.clone(),
        line: 0,
        col: 0,
        name: claim.name.clone(),
        stated: claim.live.clone(),
        struck: Vec::new(),
        computed: None,
        unit: String::new(),
        formula: format!("vendor: {}", vendor.source),
        inputs: Vec::new(),
        vendor: true,
    };
    (view, Some(record))
}

/// The computation and its inputs, one line: what a reader sees when hovering a figure.
pub(crate) fn explain(computed: &Computed) -> String {
    let value = plain_text(computed.value, computed.unit);
    let single_input = computed.inputs.len() == 1 && computed.inputs[0].0 == computed.formula;
    if single_input {
        return format!("{} = {value}", computed.formula);
    }
    let inputs: Vec<String> =
        computed.inputs.iter().map(|(path, v)| format!("{path} = {}", machine_value(*v))).collect();
    let mut text = format!("{} = {} = {value}", computed.name, computed.formula);
    if !inputs.is_empty() {
        text.push_str(&format!(" (with {})", inputs.join(", ")));
    }
    text
}

/// A value for `<data value>`: the shortest text that reads back as the same number.
pub(crate) fn machine_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 { format!("{value:.0}") } else { format!("{value}") }
}
