//! The numbers of a measurement page's title and summary: published on the page, in
//! listings and in the feed, where no tag can stand, so each must be stated tagged in the
//! page's body with the same value and unit (`front-matter-figure`). Otherwise a title could
//! publish a number nothing checked, however well the body is tagged.
//!
//! Owns that rule. It reads the numbers with the one number reader (`scan_figure_like`, as
//! coverage and parity do) and does not check the tags themselves (`claims`).

use crate::content::{Kind, Page};
use crate::diagnostics::Diagnostic;
use crate::markdown::Scan;
use crate::number::{FigureValue, Unit, every_number, parse_stated, scan_figure_like, tag_figure};

use super::super::resolve::{
    PROSE_KEYS, front_matter_figures, front_matter_value, is_model_name, is_version,
};

/// An error at each figure-like number of `page`'s title or summary that no tag of its body
/// states.
pub(super) fn front_matter_figures_tagged(
    page: &Page,
    scan: &Scan,
    names: &[String],
    versions: &[String],
) -> Vec<Diagnostic> {
    if page.front.kind != Kind::Measurement {
        return Vec::new();
    }
    let mut problems = names_or_figures(page, names);
    let stated: Vec<(&str, FigureValue, std::ops::Range<usize>)> = PROSE_KEYS
        .iter()
        .flat_map(|key| {
            front_matter_figures(&page.text, page.body_start, key)
                .into_iter()
                .map(move |(value, range)| (*key, value, range))
        })
        .filter(|(_, value, _)| !matches!(value, FigureValue::Date(_) | FigureValue::Spelled { .. }))
        // Issue 44: "with curl 8.21" names a version, where `curl` is a declared tool.
        .filter(|(_, value, range)| !is_version(&page.text[..range.start], value, versions))
        .collect();
    problems.extend(numbers_in_words_tagged(page, scan));
    if stated.is_empty() {
        // Reading every tag of every page again on each build cost a one-page rebuild of
        // the 1,000-bundle corpus 157 ms (its titles state no number).
        return problems;
    }
    let tagged: Vec<FigureValue> = scan.claims.iter().filter_map(|claim| tag_figure(&claim.live)).collect();
    for (key, value, range) in stated {
        if tagged.iter().any(|t| t.same_as(&value)) {
            continue;
        }
        let text = page.text.get(range.clone()).unwrap_or("").to_string();
        problems.push(
                Diagnostic::at(
                    "front-matter-figure",
                    &page.source,
                    &page.text,
                    range,
                    format!("the {key} states `{text}`, which no tag of the page's body states: a {key} cannot hold a tag, so nothing checks it"),
                )
                .note(format!("state it tagged in the body with the same value and unit, `[{text}]{{=NAME}}`, or take it out of the {key}")),
            );
    }
    problems
}

/// Issue 43: a count after a capitalised word in a title or summary (`TCP 9000
/// connections`) was passed over as a model's name. It is one only where the site declares
/// the name (`names`: its appliances' family titles); otherwise it asks which it is.
fn names_or_figures(page: &Page, names: &[String]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    // A site that declares no appliance (no family page) has no names to hold a count
    // against: a measurement page naming an appliance needs its family page anyway.
    if names.is_empty() {
        return problems;
    }
    for key in PROSE_KEYS {
        let Some(range) = front_matter_value(&page.text, page.body_start, key) else { continue };
        let value = &page.text[range.clone()];
        for figure in scan_figure_like(value) {
            let before = &value[..figure.range.start];
            // "OPNsense 24.7" is shaped like a model's name, and is a version (issue 44).
            if !is_model_name(before, &figure.value) || is_version(before, &figure.value, &[]) {
                continue;
            }
            let said = super::outside::name_said(value, figure.range.clone());
            if super::outside::is_declared(names, &said) {
                continue;
            }
            let at = range.start + figure.range.start..range.start + figure.range.end;
            problems.push(
                Diagnostic::at(
                    "front-matter-figure",
                    &page.source,
                    &page.text,
                    at,
                    format!("the {key} states `{said}`: is `{}` part of a name, or a figure? No appliance the site declares is called so", &value[figure.range.clone()]),
                )
                .note("if it is a figure, state it tagged in the body and keep it out of the title")
                .note("if it is a name, give the appliance its family page (content/families/NAME.md), or reword"),
            );
        }
    }
    problems
}

/// Issue 43: a title's or summary's number in words that is figure-like as digits would be
/// (100 and above, a unit, a share: "A thousand connections", 千本) is matched by the same
/// number tagged in the body at its own precision (`[a thousand]{=connections}`, `[千]`).
fn numbers_in_words_tagged(page: &Page, scan: &Scan) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for key in PROSE_KEYS {
        let Some(range) = front_matter_value(&page.text, page.body_start, key) else { continue };
        let value = &page.text[range.clone()];
        for number in every_number(value) {
            let text = &value[number.clone()];
            let Ok(stated) = parse_stated(text) else { continue };
            // A count of runs in words ("Four runs through the box") is matched as digits
            // are, above.
            let figure_like = stated.unit != Unit::Count || stated.value >= 100.0;
            if stated.style.words.is_none() || !figure_like {
                continue;
            }
            let same = |live: &str| {
                parse_stated(live).is_ok_and(|tag| {
                    tag.unit.kind() == stated.unit.kind()
                        && tag.bound.is_none()
                        && (tag.value * tag.unit.factor() - stated.value * stated.unit.factor()).abs() < 1e-9
                        && (tag.precision * tag.unit.factor() - stated.precision * stated.unit.factor()).abs()
                            < 1e-9
                })
            };
            if scan.claims.iter().any(|claim| same(&claim.live)) {
                continue;
            }
            let at = range.start + number.start..range.start + number.end;
            problems.push(
                Diagnostic::at(
                    "front-matter-figure",
                    &page.source,
                    &page.text,
                    at,
                    format!("the {key} states `{text}`, which no tag of the page's body states at that precision: a {key} cannot hold a tag, so nothing checks it"),
                )
                .note(format!("state it tagged in the body in the same words, `[{text}]{{=NAME}}`, or take it out of the {key}")),
            );
        }
    }
    problems
}
