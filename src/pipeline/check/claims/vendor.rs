//! Vendor figures: a `{vendor=NAME}` tag checked against the vendor's figure in runs.yaml.
//!
//! Owns the comparison of the tag's text with the vendor's value, and the tag's view
//! (labelled as the vendor's) and record. It does not check computed figures (that is
//! `computed`).

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::i18n::Strings;
use crate::markdown::{Claim, ClaimView};
use crate::number::{self, parse_stated};
use crate::paths::display_path;

use super::super::super::figures_json::ClaimRecord;
use super::values::machine_value;
use super::{FigureSources, error_at};

pub(super) fn check_vendor(
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
        // Short: who says so; the conditions are in the page's evidence, a link away.
        title: format!(
            "{source}{}{}",
            strings.text(&page.lang, "evidence-line-separator"),
            vendor.texts_in(&page.lang).0
        ),
        label: Some(strings.text(&page.lang, "figure-vendor-label")),
        corrections: Vec::new(),
        anchor: None,
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
