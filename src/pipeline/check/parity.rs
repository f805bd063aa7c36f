//! Parity: a translation states the same numbers as its original.
//!
//! Owns the comparison of a translation with its original: the same claims, and the same
//! figure-like untagged numbers after normalising their spelling ("2.74 million" =
//! "274 万").

use std::ops::Range;

use super::super::resolve::PageNumbers;
use crate::content::Page;
use crate::diagnostics::Diagnostic;

/// Differences between a translation and its original, reported in the translation and
/// naming the original's place.
pub(crate) fn compare(original: &PageNumbers, translation: &PageNumbers) -> Vec<Diagnostic> {
    let (original_scan, translation_scan) = (original.scan, translation.scan);
    let (original_untagged, translation_untagged) = (original.untagged, translation.untagged);
    let (original, translation) = (original.page, translation.page);
    let mut problems = Vec::new();
    let mut original_tags: Vec<&crate::markdown::Claim> = original_scan.claims.iter().collect();
    for claim in &translation_scan.claims {
        match original_tags.iter().position(|c| c.name == claim.name) {
            Some(i) => {
                original_tags.remove(i);
            }
            None => problems.push(
                Diagnostic::at(
                    "translation-figure",
                    &translation.source,
                    &translation.text,
                    claim.range.clone(),
                    format!("this translation states `{}` more often than its original", claim.name),
                )
                .note(format!("the original is {}", original.source.display())),
            ),
        }
    }
    for claim in original_tags {
        problems.push(missing_in_translation(
            translation,
            original,
            claim.range.clone(),
            format!("the original states `{}` ({}) here; the translation does not", claim.name, claim.live),
        ));
    }
    let mut original_numbers = original_untagged.to_vec();
    for (value, range) in translation_untagged.iter().cloned() {
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
                        original.source.display()
                    )),
                );
            }
        }
    }
    for (_, range) in original_numbers {
        let text = original.text[range.clone()].to_string();
        problems.push(missing_in_translation(
            translation,
            original,
            range,
            format!("the original states `{text}` here; the translation does not"),
        ));
    }
    problems
}

fn missing_in_translation(
    translation: &Page,
    original: &Page,
    range: Range<usize>,
    message: String,
) -> Diagnostic {
    let place = crate::diagnostics::Place::of(&original.text, range.start);
    Diagnostic::at("translation-number", &original.source, &original.text, range, message).note(format!(
        "missing in the translation {} (line {} of the original)",
        translation.source.display(),
        place.line
    ))
}
