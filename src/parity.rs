//! Parity: a translation states the same numbers as its original.
//!
//! Owns the comparison of a translation with its original: the same figure tags, and the
//! same figure-like untagged numbers after normalising their spelling ("2.74 million" =
//! "274 万"). It also counts a page's tagged and untagged figures for coverage.

use std::ops::Range;

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::figures::number::{FigureValue, UnitKind, scan_figure_like};
use crate::markdown::Scan;

/// Every untagged figure-like number of a page, with its place in the file.
pub fn untagged_figures(scan: &Scan, file_text: &str) -> Vec<(FigureValue, Range<usize>)> {
    let mut found = Vec::new();
    for (range, text) in &scan.prose {
        for figure in scan_figure_like(text) {
            // Text with escapes can be shorter than its source; clamp to the segment.
            let start = (range.start + figure.range.start).min(range.end);
            let end = (range.start + figure.range.end).min(range.end);
            // The file's text, not the segment's: a line break may stand between the two.
            let before = file_text.get(..start).unwrap_or("");
            if is_model_name(before, &figure.value) {
                continue;
            }
            found.push((figure.value, start..end));
        }
    }
    found
}

/// "XGS 3300", "E302", "Port8": a bare count right after a capitalised product word names a
/// model or a port, not a measured figure.
fn is_model_name(before: &str, value: &FigureValue) -> bool {
    let FigureValue::Number { kind: UnitKind::Count, .. } = value else {
        return false;
    };
    let word: String = before.trim_end().chars().rev().take_while(|c| c.is_alphanumeric()).collect();
    let word: String = word.chars().rev().collect();
    let capitalised = word.chars().next().is_some_and(char::is_uppercase);
    capitalised && (word.chars().filter(|c| c.is_uppercase()).count() >= 2 || word.starts_with("Port"))
}

/// What a page states: its tags and its untagged figure-like numbers (found once, when
/// the page is scanned, so that its running text need not be kept).
pub struct Stated<'a> {
    pub page: &'a Page,
    pub scan: &'a Scan,
    pub untagged: &'a [(FigureValue, Range<usize>)],
}

/// Tagged and figure-like numbers of a page; dates are not run figures and do not count.
pub fn coverage(stated: &Stated) -> (usize, usize) {
    let untagged = stated.untagged.iter().filter(|(v, _)| !matches!(v, FigureValue::Date(_))).count();
    (stated.scan.claims.len(), stated.scan.claims.len() + untagged)
}

/// Differences between a translation and its original, reported in the translation and
/// naming the original's place.
pub fn compare(original: &Stated, translation: &Stated) -> Vec<Diagnostic> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn count() -> FigureValue {
        FigureValue::Number { base: 3300.0, kind: UnitKind::Count }
    }

    #[test]
    fn model_names_are_not_figures() {
        assert!(is_model_name("two XGS ", &count()));
        assert!(is_model_name("the second one's Port", &count()));
        assert!(!is_model_name("received ", &count()));
        assert!(!is_model_name("The ", &count()));
    }
}
