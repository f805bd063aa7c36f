//! Two tags of one figure, the original's and the translation's at its place: the same
//! kind of tag (`{=…}`, `{~…}`, `{vendor=…}`), the same precision, and
//! the same values struck (withdrawn).
//!
//! Owns [`same_tag`]. Each tag is also checked against the data on its own; what that check
//! cannot see is two tags that both pass and still tell the two languages' readers
//! different things (`[370]{~t4}` and `[372]{=t4}` both pass for 372).

use super::Sides;
use crate::diagnostics::Diagnostic;
use crate::markdown::{Claim, ClaimForm};
use crate::number::parse_stated;

/// The differences between the original's tag and the translation's tag of the same name.
pub(super) fn same_tag(sides: &Sides<'_>, original: &Claim, claim: &Claim) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    match same_form(sides, original, claim) {
        Some(problem) => problems.push(problem),
        None => problems.extend(same_statement(sides, original, claim)),
    }
    problems.extend(same_strikes(sides, original, claim));
    problems
}

/// A tag's `{=NAME}`, `{~NAME}` or `{vendor=NAME}`, as written.
pub(super) fn tag_of(claim: &Claim) -> String {
    format!("{{{}{}}}", claim.form.opening(), claim.name)
}

fn form_word(form: ClaimForm) -> &'static str {
    match form {
        ClaimForm::Exact => "as exact",
        ClaimForm::Approximate => "as approximate",
        ClaimForm::Vendor => "as the vendor's",
        ClaimForm::Comparison => "as a comparison",
    }
}

/// An exact figure is not translated by an approximate one, nor the reverse: the reader of
/// one language would be told "about" where the other is told the figure itself.
fn same_form(sides: &Sides<'_>, original: &Claim, claim: &Claim) -> Option<Diagnostic> {
    (original.form != claim.form).then(|| {
        sides
            .at(
                "translation-figure",
                claim.range.clone(),
                format!(
                    "states `{}` {} (`[{}]{}`) where the original states it {} (`[{}]{}` at {})",
                    claim.name,
                    form_word(claim.form),
                    claim.live,
                    tag_of(claim),
                    form_word(original.form),
                    original.live,
                    tag_of(original),
                    sides.original_line(original.range.start)
                ),
            )
            .note(format!(
                "a translation states a figure as its original does: `[{}]{}`, in this language's style",
                original.live,
                tag_of(original)
            ))
    })
}

/// A tag of the translation states its figure at the original's precision: "0.8 Gbit/s"
/// does not translate "814 Mbit/s", though both pass for 814 Mbit/s. Only the precision is
/// compared: at one precision, two tags that both pass the check against the data state
/// the same digits, and one that does not is that check's error at its own tag, not a
/// second one here.
fn same_statement(sides: &Sides<'_>, original: &Claim, claim: &Claim) -> Option<Diagnostic> {
    let (a, b) = (parse_stated(&original.live).ok()?, parse_stated(&claim.live).ok()?);
    let approximate = claim.form == ClaimForm::Approximate;
    let precision =
        |s: &crate::number::Stated| 10f64.powi(s.precision_exponent(approximate)) * s.unit.factor();
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(f64::MIN_POSITIVE);
    // Another kind of unit fails the check against the data.
    let same = a.unit.kind() != b.unit.kind() || close(precision(&a), precision(&b));
    (!same).then(|| {
        sides
            .at(
                "translation-figure",
                claim.live_range.clone(),
                format!(
                    "states `{}` at another precision than the original's `{}` ({}): a translation states a figure as precisely as its original",
                    claim.live,
                    original.live,
                    sides.original_line(original.range.start)
                ),
            )
            .note(format!(
                "write the original's value in this language's style, as precisely as `{}`",
                original.live
            ))
    })
}

/// A tag of the translation strikes the values the original's strikes: a correction shown
/// in one language only would leave the other's reader with no sign the figure changed (or
/// one with a correction the original never made).
fn same_strikes(sides: &Sides<'_>, original: &Claim, claim: &Claim) -> Option<Diagnostic> {
    let mut theirs: Vec<&str> = original.struck.iter().map(|(text, _)| text.trim()).collect();
    let mut extra = Vec::new();
    for (text, range) in &claim.struck {
        match theirs.iter().position(|t| crate::number::same_value(t, text.trim())) {
            Some(i) => {
                theirs.remove(i);
            }
            None => extra.push((text.trim(), range.clone())),
        }
    }
    if extra.is_empty() && theirs.is_empty() {
        return None;
    }
    let at = sides.original_line(original.range.start);
    let (range, message) = match (extra.first(), theirs.first()) {
        (Some((text, range)), _) => (
            range.clone(),
            format!("strikes `{text}`, which the original's tag of `{}` does not ({at})", claim.name),
        ),
        (None, Some(text)) => (
            claim.range.clone(),
            format!(
                "the original strikes `{text}` in its tag of `{}` ({at}); this translation does not",
                claim.name
            ),
        ),
        (None, None) => return None,
    };
    Some(
        sides
            .at("translation-figure", range, message)
            .note("a withdrawn value is struck in every language, in the same tag: `[~~OLD~~ NEW]{=NAME}`"),
    )
}
