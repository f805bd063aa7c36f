//! The bench's discipline over repeated runs: `min_runs` and `max_cv` (site.yaml's
//! `figures:`, or a page's front matter), each a warning at the first tag of a figure
//! computed over a series that breaks it, naming the series' runs. Off when unset.
//!
//! Owns these two rules. It does not compute figures (`crate::figures`) nor check what a
//! tag states (`claims`).

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::markdown::{ClaimForm, Scan};
use crate::number::Over;
use crate::pipeline::load::Site;

/// The coefficient of variation of `values` in %: the sample standard deviation over the
/// mean (None for fewer than two values or a mean of zero).
pub(crate) fn coefficient_of_variation(values: &[f64]) -> Option<f64> {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 || mean == 0.0 {
        return None;
    }
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Some(variance.sqrt() / mean.abs() * 100.0)
}

fn runs_named(over: &Over) -> String {
    over.runs.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(", ")
}

/// One warning per figure over a series (at its first tag) for each rule it breaks.
pub(crate) fn check_series_rules(site: &Site, page: &Page, scan: &Scan) -> Vec<Diagnostic> {
    let rules = &site.settings.figures;
    let min_runs = page.front.min_runs.or(rules.min_runs);
    let max_cv = page.front.max_cv.or(rules.max_cv);
    if min_runs.is_none() && max_cv.is_none() {
        return Vec::new();
    }
    let Some(runs) = site.run_data(page) else { return Vec::new() };
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for claim in &scan.claims {
        if !matches!(claim.form, ClaimForm::Exact | ClaimForm::Approximate) || !seen.insert(&claim.name) {
            continue;
        }
        let Some(over) = runs.resolve(&claim.name).ok().and_then(|c| c.over) else { continue };
        let at = |code, message: String| {
            Diagnostic::at(code, &page.source, &page.text, claim.live_range.clone(), message).warning()
        };
        if let Some(least) = min_runs
            && over.runs.len() < least
        {
            out.push(at(
                "series-few-runs",
                format!(
                    "`{}` stands on {} run(s) of series `{}` ({}), fewer than min_runs: {least}",
                    claim.name,
                    over.runs.len(),
                    over.series,
                    runs_named(&over)
                ),
            ));
        }
        if let Some(most) = max_cv
            && let Some(cv) = coefficient_of_variation(&over.values)
            && cv > most
        {
            out.push(at(
                "series-spread",
                format!(
                    "`{}` is over series `{}` ({}) whose coefficient of variation is {cv:.2} %, above max_cv: {most} %",
                    claim.name,
                    over.series,
                    runs_named(&over)
                ),
            ));
        }
    }
    out
}
