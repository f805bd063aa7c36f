//! Computed figures: a `{=NAME}` or `{~NAME}` tag checked against the figure it names.
//!
//! Owns the comparison of a tag's live text with its computed figure (with the translation's
//! original as the fix to suggest), the check that every struck value is a listed
//! withdrawal, and the tag's view and record. It does not resolve the figure (that is
//! `resolution`) nor check vendor tags (that is `vendor`).

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::markdown::{Claim, ClaimForm, ClaimView};
use crate::number::Computed;
use crate::number::{self, Mismatch, Rounding, parse_stated};
use crate::paths::display_path;
use crate::views::CorrectionView;

use super::super::super::figures_json::ClaimRecord;
use super::resolution::{Resolutions, completion_unreadable, resolve_once};
use super::values::explain;
use super::{FigureSources, error_at};

/// Checks one tag, `at`: the claim and, in a translation, the original's tag of its place.
pub(super) fn check_figure(
    page: &Page,
    (claim, original): (&Claim, Option<&Claim>),
    sources: &FigureSources,
    resolved: &mut Resolutions,
    corrections: &mut Vec<CorrectionView>,
    problems: &mut Vec<Diagnostic>,
) -> (ClaimView, Option<ClaimRecord>) {
    let _ = resolve_once(&claim.name, sources, resolved);
    let Some(result) = resolved.get(&claim.name) else {
        return (ClaimView::default(), None);
    };
    let resolution = match result {
        Ok(resolution) => resolution,
        Err(_) if completion_unreadable(&claim.name, sources) => return (ClaimView::default(), None),
        Err(error) if error.follows_another() => return (ClaimView::default(), None),
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
        anchor: None,
    };
    match parse_stated(&claim.live) {
        Ok(stated) => {
            if let Err(mismatch) = number::check(&stated, computed, claim.form == ClaimForm::Approximate) {
                let would_pass = original
                    .filter(|o| o.form == claim.form && passes(&o.live, computed, claim.form))
                    .filter(|o| same_language_of_words(&o.live, &stated))
                    .map_or(mismatch.would_pass(), |o| o.live.trim());
                problems.push(mismatch_error(page, claim, computed, &mismatch, would_pass));
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
            // A tag of struck text only has no current value to check: say so, rather than
            // that its (empty) live text holds no number.
            let each_second =
                page.text.get(..claim.range.start).is_some_and(|b| b.trim_end().ends_with("毎秒"))
                    && parse_stated(&format!("毎秒{}", claim.live)).is_ok();
            let message = if claim.live.trim().is_empty() && !claim.struck.is_empty() {
                "the tag holds only struck text: write the current value beside it (`[~~old~~ new]{=name}`)"
                    .to_string()
            } else if each_second {
                // A README-only trial: 毎秒[739,587 パケット] was told パケット is no unit.
                format!(
                    "`毎秒` before the tag makes `{live}` a rate, but it stands outside the tag, where the check does not read it: move it into the tag, `[毎秒{live}]{{={name}}}`, or write the rate's unit, `[{live}/秒]{{={name}}}`",
                    live = claim.live.trim(),
                    name = claim.name
                )
            } else {
                error.to_string()
            };
            problems.push(error_at(page, "figure-unreadable", range, message))
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

/// Whether the original's tag `original` may be suggested to a translation that stated
/// `stated`: digits read the same in every language, but words are the original's language
/// (a Japanese 「六」 was told `would pass: [five]`, a user trial); a translation in words
/// is then suggested its own words, and one in digits its digits.
fn same_language_of_words(original: &str, stated: &number::Stated) -> bool {
    let theirs = parse_stated(original).ok().and_then(|o| o.style.words);
    match (theirs, stated.style.words) {
        (None, _) => true,
        (Some(theirs), Some(ours)) => theirs.japanese == ours.japanese,
        (Some(_), None) => false,
    }
}

/// Whether `text` passes for `computed` stated in a tag of `form`.
fn passes(text: &str, computed: &Computed, form: ClaimForm) -> bool {
    parse_stated(text)
        .is_ok_and(|stated| number::check(&stated, computed, form == ClaimForm::Approximate).is_ok())
}

fn mismatch_error(
    page: &Page,
    claim: &Claim,
    computed: &Computed,
    mismatch: &Mismatch,
    would_pass: &str,
) -> Diagnostic {
    let (code, message) = match mismatch {
        Mismatch::UnitKind { .. } => ("figure-unit", format!("`{}` {mismatch}", claim.live)),
        Mismatch::Value { .. } => ("figure-mismatch", format!("states `{}` but {mismatch}", claim.live)),
        Mismatch::FinerThanPrinted { .. } => (
            "figure-precision",
            format!("states `{}` more precisely than the data holds it: {mismatch}", claim.live),
        ),
    };
    let mut d = error_at(page, code, claim.live_range.clone(), message)
        .note(format!("computed: {}", explain(computed)));
    if computed.round == Rounding::Down {
        d = d.note("this figure is truncated (`round: down`), not rounded");
    }
    d.note(format!(
        "would pass: [{}]{{{}{}}}",
        would_pass,
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
    // Most tags strike nothing: their text is not read a second time for its unit.
    if claim.struck.is_empty() {
        return numbers;
    }
    let live_unit = number::parse_stated(&claim.live).map_or(number::Unit::Count, |live| live.unit);
    for (struck, range) in &claim.struck {
        let struck = struck.trim();
        let listed = computed
            .withdrawn
            .iter()
            .find(|w| number::same_struck_value(&w.value, struck, live_unit, computed.unit));
        match listed {
            Some(withdrawal) => {
                corrections.push(CorrectionView {
                    number: corrections.len() + 1,
                    struck: struck.to_string(),
                    live: claim.live.clone(),
                    on: withdrawal.on.clone(),
                    why: withdrawal.why_in(&page.lang).to_string(),
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
                .note(withdrawn_where(&claim.name, struck)),
            ),
        }
    }
    numbers
}

/// Where in runs.yaml the withdrawn value of the figure `name` is listed: a run's field
/// holds it beside its value, a figure of `figures:` under its own `withdrawn:` key.
fn withdrawn_where(name: &str, struck: &str) -> String {
    let entry = format!("withdrawn: [{{value: \"{struck}\", on: YYYY-MM-DD, why: \"...\"}}]");
    match name.strip_prefix("runs.") {
        Some(field) => {
            format!("list it in runs.yaml at the field `{field}` under `runs:`: {{value: NEW, {entry}}}")
        }
        None => format!("list it in runs.yaml under `figures:`, in `{name}:` beside its `is:`: {entry}"),
    }
}
