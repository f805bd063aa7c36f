//! Comparisons: a `[WORDS]{? LEFT >= RIGHT}` tag, words that relate figures ("nearly as
//! busy", 「ほとんど変わりません」), checked by computing the inequality the author wrote
//! for them.
//!
//! Owns reading a comparison's inequality at its place in the page, the error when it does
//! not hold (with every side's value), and the tag's view, record and evidence entry. It does
//! not compute figures (the run data does, through `figures::expr`) nor check a tag that
//! states a figure (that is `computed`).

use std::sync::Arc;

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::figures::FigureError;
use crate::figures::expr::{Evaluation, Relation, parse_comparison};
use crate::markdown::{Claim, ClaimView};
use crate::number::{Computed, Rounding, Unit, computed_text};
use crate::paths::display_path;
use crate::views::{EvidenceInput, EvidenceView, grouped_digits};

use super::super::super::figures_json::ClaimRecord;
use super::evidence::origin_links;
use super::resolution::{Resolutions, resolve_once};
use super::{FigureSources, error_at};

/// The anchor of a comparison's entry in its page's evidence: its inequality in words an id
/// may hold, the same in every language of the page.
pub(crate) fn comparison_id(inequality: &str) -> String {
    let mut words: Vec<String> = vec!["comparison".to_string()];
    let mut word = String::new();
    let mut chars = inequality.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        let or_equal = matches!(c, '>' | '<') && chars.next_if_eq(&'=').is_some();
        let sign = match c {
            '>' | '≥' if or_equal || c == '≥' => "ge",
            '<' | '≤' if or_equal || c == '≤' => "le",
            '>' => "gt",
            '<' => "lt",
            '*' => "times",
            '/' => "over",
            '+' => "plus",
            '-' => "minus",
            _ => continue,
        };
        words.push(sign.to_string());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words.join("-")
}

/// One side's value in its unit, as the evidence and messages show it.
fn side_text(value: &Evaluation) -> String {
    let computed = Computed {
        name: String::new(),
        value: value.value,
        unit: value.implied_unit.unwrap_or(Unit::Count),
        exact: value.exact.clone(),
        formula: String::new(),
        inputs: Vec::new(),
        dropped: Vec::new(),
        round: Rounding::HalfAwayFromZero,
        withdrawn: Vec::new(),
        printed: None,
        over: None,
    };
    grouped_digits(&computed_text(&computed, computed.unit))
}

/// The error of a comparison the data does not bear out: its `relation` between two sides
/// (each as written, with its value) is false.
fn false_comparison(
    page: &Page,
    claim: &Claim,
    relation: Relation,
    [(left, left_value), (right, right_value)]: [(&str, &str); 2],
    shown: &str,
) -> Diagnostic {
    let inequality = &claim.name;
    let d = error_at(
        page,
        "comparison-false",
        claim.live_range.clone(),
        format!(
            "`{}` means `{inequality}`, which the data does not bear out: `{left}` is {left_value} and `{right}` is {right_value}, so `{left}` {} `{right}` is false",
            claim.live,
            relation.symbol(),
        ),
    )
    .note(format!("computed: {shown}"));
    d.note(match relation {
        Relation::Greater | Relation::GreaterOrEqual => {
            "say what the data shows (a weaker word, or the figures themselves), or correct the inequality if it is not what the words mean"
        }
        Relation::Less | Relation::LessOrEqual => {
            "say what the data shows (a stronger word, or the figures themselves), or correct the inequality if it is not what the words mean"
        }
    })
}

/// What a comparison's tag gives the page: its view, its figures.json record and its
/// evidence entry.
pub(super) type Compared = (ClaimView, Option<ClaimRecord>, Option<EvidenceView>);

/// Checks the comparison tag `claim`: its inequality must hold for the page's run data.
pub(super) fn check_comparison(
    page: &Page,
    claim: &Claim,
    sources: &FigureSources,
    resolved: &mut Resolutions,
    problems: &mut Vec<Diagnostic>,
) -> Compared {
    let inequality = &claim.name;
    let at_part = |span: std::ops::Range<usize>| {
        let start = claim.name_range.start + span.start.min(inequality.len());
        let end = claim.name_range.start + span.end.min(inequality.len());
        start..end.max(start + 1)
    };
    let report = |error: &FigureError, problems: &mut Vec<Diagnostic>| {
        if !error.follows_another() {
            problems.push(error_at(page, error.code(), at_part(error.span()), error.to_string()));
        }
    };
    let comparison = match parse_comparison(inequality) {
        Ok(comparison) => comparison,
        Err(error) => {
            report(&error, problems);
            return (ClaimView::default(), None, None);
        }
    };
    let Some(runs) = sources.runs else {
        problems.push(
            error_at(
                page,
                "figure-unknown",
                claim.name_range.clone(),
                format!("`{inequality}` compares figures of run data this page does not have"),
            )
            .note("this page has no runs.yaml beside it"),
        );
        return (ClaimView::default(), None, None);
    };
    let outcome = match runs.compare(&comparison) {
        Ok(outcome) => outcome,
        Err(error) => {
            report(&error, problems);
            return (ClaimView::default(), None, None);
        }
    };
    let side = |i: usize| inequality[comparison.sides[i].span.clone()].trim();
    let values: Vec<String> = outcome.values.iter().map(side_text).collect();
    // `26.72 % ≥ 25.83 %`: every side's value, in the order written.
    let mut shown = values[0].clone();
    for (i, (relation, _)) in comparison.relations.iter().enumerate() {
        shown.push(' ');
        shown.push_str(relation.symbol());
        shown.push(' ');
        shown.push_str(&values[i + 1]);
    }
    if let Some(i) = outcome.fails {
        let (relation, _) = comparison.relations[i];
        let sides = [(side(i), values[i].as_str()), (side(i + 1), values[i + 1].as_str())];
        problems.push(false_comparison(page, claim, relation, sides, &shown));
    }
    let id = comparison_id(inequality);
    let view = ClaimView {
        value: None,
        title: format!("{inequality}: {shown}"),
        label: None,
        corrections: Vec::new(),
        anchor: Some(id.clone()),
    };
    let record = ClaimRecord {
        page: display_path(&page.source),
        lang: page.lang.clone(),
        line: 0,
        col: 0,
        name: inequality.clone(),
        stated: claim.live.clone(),
        struck: Vec::new(),
        computed: None,
        unit: String::new(),
        formula: inequality.clone(),
        inputs: (0..values.len()).map(|i| (side(i).to_string(), outcome.values[i].value)).collect(),
        vendor: false,
    };
    let evidence = EvidenceView {
        id,
        name: inequality.clone(),
        value: shown,
        formula: None,
        inputs: named_figures(page, &comparison, sources, resolved),
        dropped: Vec::new(),
        source: None,
        raw: None,
        read_with: Vec::new(),
        vendor: None,
    };
    (view, Some(record), Some(evidence))
}

/// Each figure or value the inequality names, once, with its value: the evidence links each
/// to its own entry when the page states it.
fn named_figures(
    page: &Page,
    comparison: &crate::figures::expr::Comparison,
    sources: &FigureSources,
    resolved: &mut Resolutions,
) -> Vec<Arc<EvidenceInput>> {
    let mut names: Vec<String> = Vec::new();
    for side in &comparison.sides {
        crate::figures::expr::each_path(side, &mut |path| {
            let name = path.to_string();
            if !path.has_star() && !names.contains(&name) {
                names.push(name);
            }
        });
    }
    names
        .into_iter()
        .filter_map(|name| {
            let resolution = resolve_once(&name, sources, resolved)?;
            let computed = &resolution.computed;
            let value = grouped_digits(&computed_text(computed, computed.unit));
            let (source, raw) = origin_links(page, &name, sources.runs);
            let read_with = super::evidence::read_with_links(page, &name, sources.runs);
            Some(Arc::new(EvidenceInput { value, path: name, source, raw, read_with }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::comparison_id;

    #[test]
    fn an_inequality_names_its_entry_in_words() {
        assert_eq!(
            comparison_id("busy_close_coproc >= 0.9 * busy_close_host"),
            "comparison-busy_close_coproc-ge-0.9-times-busy_close_host"
        );
        assert_ne!(comparison_id("a > b"), comparison_id("a >= b"));
        assert_eq!(comparison_id("a ≥ b"), comparison_id("a>=b"));
        assert_eq!(comparison_id("70 <= share(a, b)"), "comparison-70-le-share-a-b");
    }
}
