//! Parity: a translation states the same numbers as its original.
//!
//! Owns the comparison of a translation with its original: the same claims, each stating
//! the same value at the same precision; the same figure-like untagged numbers after
//! normalising their spelling ("2.74 million" = "274 万"); and the same front matter that is
//! not prose (`date`, `kind`, `appliances`, `build`, the numbers of the title). Every
//! difference is reported at the translation's own place, naming the original's.

use std::ops::Range;

mod front_matter;

use super::super::resolve::PageNumbers;
use crate::content::Page;
use crate::diagnostics::{Diagnostic, Place};
use crate::figures::number::{FigureValue, parse_stated};
use crate::paths::display_path;
use front_matter::front_matter;

/// Places of the original matched with places of the translation (tags stating the same
/// figure, headings in order), to say where in the translation something of the original
/// is missing.
struct Anchors(Vec<(usize, Range<usize>)>);

impl Anchors {
    /// The translation's place for `original_at`: right at the last matched place before it,
    /// or the first line of the translation's body that is not blank.
    fn place(&self, original_at: usize, translation: &Page) -> Range<usize> {
        let body = translation.text.get(translation.body_start..).unwrap_or("");
        let first = translation.body_start + (body.len() - body.trim_start().len());
        self.0
            .iter()
            .filter(|(o, _)| *o <= original_at)
            .max_by_key(|(o, _)| *o)
            .map_or(first..first, |(_, t)| t.clone())
    }
}

/// The first line of each block of a page's body (blocks are separated by blank lines).
fn blocks(page: &Page) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut at = page.body_start.min(page.text.len());
    let mut previous_blank = true;
    for line in page.text[at..].split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let blank = content.trim().is_empty();
        if previous_blank && !blank {
            out.push(at..at + content.len());
        }
        previous_blank = blank;
        at += line.len();
    }
    out
}

/// `file:line` of `at` in `page`, as a note names the other language's place.
fn line_of(page: &Page, at: usize) -> String {
    format!("{}:{}", display_path(&page.source), Place::of(&page.text, at).line)
}

/// Differences between a translation and its original, reported in the translation and
/// naming the original's place.
pub(crate) fn compare(original: &PageNumbers, translation: &PageNumbers) -> Vec<Diagnostic> {
    let (original_scan, translation_scan) = (original.scan, translation.scan);
    let (original_untagged, translation_untagged) = (original.untagged, translation.untagged);
    let (original, translation) = (original.page, translation.page);
    let mut problems = front_matter(original, translation);
    let mut anchors = Vec::new();
    // Paragraphs in order, when both have as many; then headings; then tags.
    let (original_blocks, translation_blocks) = (blocks(original), blocks(translation));
    if original_blocks.len() == translation_blocks.len() {
        anchors.extend(original_blocks.into_iter().map(|b| b.start).zip(translation_blocks));
    }
    if original_scan.headings.len() == translation_scan.headings.len() {
        for (o, t) in original_scan.headings.iter().zip(&translation_scan.headings) {
            anchors.push((o.range.start, t.range.clone()));
        }
    }
    let mut original_tags: Vec<&crate::markdown::Claim> = original_scan.claims.iter().collect();
    for claim in &translation_scan.claims {
        match original_tags.iter().position(|c| c.name == claim.name) {
            Some(i) => {
                let original_claim = original_tags.remove(i);
                anchors.push((original_claim.range.start, claim.range.clone()));
                if let Some(problem) = same_statement(original, original_claim, translation, claim) {
                    problems.push(problem);
                }
            }
            None => problems.push(
                Diagnostic::at(
                    "translation-figure",
                    &translation.source,
                    &translation.text,
                    claim.range.clone(),
                    format!("this translation states `{}` more often than its original", claim.name),
                )
                .note(format!("the original is {}", display_path(&original.source))),
            ),
        }
    }
    let anchors = Anchors(anchors);
    for claim in original_tags {
        let at = anchors.place(claim.range.start, translation);
        problems.push(
            Diagnostic::at(
                "translation-figure",
                &translation.source,
                &translation.text,
                at,
                format!(
                    "the original states `{}` ({}) at {}; this translation does not",
                    claim.name,
                    claim.live,
                    line_of(original, claim.range.start)
                ),
            )
            .note("it belongs in this part of the translation; state it with the same tag"),
        );
    }
    // A number spelled out next to a unit ("forty seconds", 「四十秒」) stands for the same
    // number written in digits in the other language; on its own it is words, as a reader
    // of either language writes time ("twenty seconds in" / 「二十秒目」).
    let spelled = |v: &FigureValue| matches!(v, FigureValue::Spelled { .. });
    let mut original_numbers = original_untagged.to_vec();
    let mut translation_spelled: Vec<FigureValue> =
        translation_untagged.iter().filter(|(v, _)| spelled(v)).map(|(v, _)| v.clone()).collect();
    for (value, range) in translation_untagged.iter().filter(|(v, _)| !spelled(v)).cloned() {
        match original_numbers.iter().position(|(v, _)| v.same_as(&value)) {
            Some(i) => {
                original_numbers.remove(i);
            }
            None => {
                let text = &translation.text[range.clone()];
                problems.push(
                    Diagnostic::at(
                        "translation-number",
                        &translation.source,
                        &translation.text,
                        range,
                        format!("`{text}` is not stated in the original"),
                    )
                    .note(format!(
                        "the original is {}; tag the figure or state the same number in both",
                        display_path(&original.source)
                    )),
                );
            }
        }
    }
    for (value, range) in original_numbers {
        if spelled(&value) {
            continue;
        }
        if let Some(i) = translation_spelled.iter().position(|v| v.same_as(&value)) {
            translation_spelled.remove(i);
            continue;
        }
        let text = &original.text[range.clone()];
        let at = anchors.place(range.start, translation);
        problems.push(
            Diagnostic::at(
                "translation-number",
                &translation.source,
                &translation.text,
                at,
                format!(
                    "the original states `{text}` at {}; this translation does not",
                    line_of(original, range.start)
                ),
            )
            .note("it belongs in this part of the translation; state the same number, or tag it in both"),
        );
    }
    problems
}

/// A tag of the translation states the same value at the same precision as the original's
/// tag of the same figure: "0.8 Gbit/s" does not translate "814 Mbit/s".
fn same_statement(
    original: &Page,
    original_claim: &crate::markdown::Claim,
    translation: &Page,
    claim: &crate::markdown::Claim,
) -> Option<Diagnostic> {
    let (a, b) = (parse_stated(&original_claim.live).ok()?, parse_stated(&claim.live).ok()?);
    let precision = |s: &crate::figures::number::Stated, approximate: bool| {
        10f64.powi(s.precision_exponent(approximate)) * s.unit.factor()
    };
    let approximate = claim.form == crate::markdown::ClaimForm::Approximate;
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(f64::MIN_POSITIVE);
    // Each tag is checked against the data itself: a wrong value is reported there. What
    // that check cannot see is a translation that rounds further (both pass); zero for
    // zero is the only value a precision does not show. Another kind fails that check.
    let same = a.unit.kind() != b.unit.kind()
        || close(precision(&a, approximate), precision(&b, approximate))
            && (a.decimal.is_zero() == b.decimal.is_zero());

    (!same).then(|| {
        Diagnostic::at(
            "translation-figure",
            &translation.source,
            &translation.text,
            claim.live_range.clone(),
            format!(
                "states `{}` where the original states `{}` ({}): a translation states the same value at the same precision",
                claim.live,
                original_claim.live,
                line_of(original, original_claim.range.start)
            ),
        )
        .note(format!("write the original's value in this language's style, as precisely as `{}`", original_claim.live))
    })
}
