//! Untagged figure-like numbers of a page's running text, found once while the page is
//! scanned, for translation parity and coverage. Model names ("XGS 3300") are not figures.

use std::ops::Range;

use crate::figures::number::{FigureValue, UnitKind, scan_figure_like};
use crate::markdown::Scan;

/// Every untagged figure-like number of a page, with its place in the file.
pub(crate) fn untagged_figures(scan: &Scan, file_text: &str) -> Vec<(FigureValue, Range<usize>)> {
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
pub(crate) fn is_model_name(before: &str, value: &FigureValue) -> bool {
    let FigureValue::Number { kind: UnitKind::Count, .. } = value else {
        return false;
    };
    let word: String = before.trim_end().chars().rev().take_while(|c| c.is_alphanumeric()).collect();
    let word: String = word.chars().rev().collect();
    let capitalised = word.chars().next().is_some_and(char::is_uppercase);
    capitalised && (word.chars().filter(|c| c.is_uppercase()).count() >= 2 || word.starts_with("Port"))
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
