//! Figure-like numbers in what tally publishes outside any page body: the templates' literal
//! text, the UI strings (Fluent), site.yaml's title, description and owner, and runs.yaml's
//! `build:` and vendor texts. No tag can stand there, so nothing compares such a number
//! with run data.
//!
//! Owns [`ShownNumber`] and finding them in a text a reader is shown ([`ShownNumber::found_in`],
//! with the number reader coverage uses, `scan_figure_like`). Each file's reader finds its
//! own (the templates, `i18n`, `settings`, `rundata`) when the file is read; what is refused,
//! what site.yaml declares as text (`text_numbers:`) and the UI strings' parity between
//! languages are the check stage's (`pipeline/check/outside`).

use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Severity};
use crate::number::{FigureValue, scan_figure_like};

/// The code of a figure-like number outside a page body.
pub(crate) const CODE: &str = "outside-figure";

/// A figure-like number a reader is shown outside any page body, at its place.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ShownNumber {
    /// The file, relative to the site root.
    pub path: PathBuf,
    pub line: usize,
    pub col: usize,
    /// The file's line the number is on, and the number's bytes in it (for the caret).
    pub source_line: String,
    pub highlight: Range<usize>,
    /// What the text is, for the message: "the template", "runs.yaml's `build.driver`".
    pub what: String,
    /// The number as written.
    pub stated: String,
    pub value: FigureValue,
    /// The line of shown text the number stands in, and the number's bytes in it: what an
    /// entry of `text_numbers:` is matched against.
    pub context: String,
    pub at: Range<usize>,
    /// For a UI string: its language and message (`key` or `key.attribute`).
    pub message: Option<(String, String)>,
}

impl ShownNumber {
    /// The figure-like numbers of `shown`, the text a reader is shown of `file_text`'s bytes
    /// from `offset` on, byte for byte (what is not shown blanked with spaces), so that a
    /// place in it is a place in the file.
    pub(crate) fn found_in(
        path: &Path,
        file_text: &str,
        shown: &str,
        offset: usize,
        what: &str,
    ) -> Vec<ShownNumber> {
        Self::found_placed(path, file_text, shown, &|at| offset + at, what)
    }

    /// As [`found_in`](Self::found_in), for a shown text whose bytes are not in the file's
    /// order byte for byte (markup taken out): `place` gives each byte's place in the file.
    pub(crate) fn found_placed(
        path: &Path,
        file_text: &str,
        shown: &str,
        place: &dyn Fn(usize) -> usize,
        what: &str,
    ) -> Vec<ShownNumber> {
        if !shown.bytes().any(|b| b.is_ascii_digit()) && shown.is_ascii() {
            return Vec::new();
        }
        scan_figure_like(shown)
            .into_iter()
            // What coverage counts: a date or a number spelled out is not a figure to tag.
            .filter(|found| !matches!(found.value, FigureValue::Date(_) | FigureValue::Spelled { .. }))
            .map(|found| {
                let line_start = shown[..found.range.start].rfind('\n').map_or(0, |i| i + 1);
                let line_end =
                    shown[found.range.end..].find('\n').map_or(shown.len(), |i| found.range.end + i);
                // The last byte's place, not the end's: what follows the number may have
                // been taken out of the shown text.
                let start = place(found.range.start);
                let range = match found.range.end.checked_sub(1) {
                    Some(last) if last >= found.range.start => start..place(last) + 1,
                    _ => start..start,
                };
                let placed = Diagnostic::at(CODE, path, file_text, range.clone(), "");
                ShownNumber {
                    path: path.to_path_buf(),
                    line: placed.line,
                    col: placed.col,
                    source_line: placed.source_line.unwrap_or_default(),
                    highlight: placed.highlight,
                    what: what.to_string(),
                    stated: shown[found.range.clone()].to_string(),
                    value: found.value,
                    context: shown[line_start..line_end].to_string(),
                    at: found.range.start - line_start..found.range.end - line_start,
                    message: None,
                }
            })
            .collect()
    }

    /// The figure-like numbers of a YAML scalar whose text is `raw` at `offset` of the file
    /// and whose value is `value`: read as written, unless it holds an escape (`"\x35.5
    /// Gbps"`), which a reader is shown decoded; then read decoded, each number placed at
    /// the scalar's start.
    pub(crate) fn found_in_yaml(
        path: &Path,
        file_text: &str,
        raw: &str,
        value: Option<&str>,
        offset: usize,
        what: &str,
    ) -> Vec<ShownNumber> {
        match value {
            Some(value) if raw.contains('\\') => {
                Self::found_placed(path, file_text, value, &|_| offset, what)
            }
            _ => Self::found_in(path, file_text, raw, offset, what),
        }
    }

    /// A diagnostic at the number, of `code`, saying `message`.
    pub(crate) fn diagnostic(&self, code: &'static str, message: String) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            line: self.line,
            col: self.col,
            source_line: Some(self.source_line.clone()),
            highlight: self.highlight.clone(),
            ..Diagnostic::file(code, self.path.clone(), message)
        }
    }

    /// The place of the number, `path:line:col`.
    pub(crate) fn location(&self) -> String {
        format!("{}:{}:{}", crate::paths::shown_path(&self.path), self.line, self.col)
    }
}

/// Whether a number stated in a `build:` value (runs.yaml's or a page's) names code rather
/// than stating a figure: a bare run of digits there is a commit hash that happens to hold
/// no letter (`npuep.ko 69971224`) or a build number; one with a unit, a decimal or a
/// separator still is a figure.
pub(crate) fn names_a_build(stated: &str) -> bool {
    stated.bytes().all(|b| b.is_ascii_digit())
}

/// The character a reference at the start of `text` stands for, and its length: `&#57;`,
/// `&#x39;` and the few names a number or unit is written with. Page bodies' raw HTML
/// (`pipeline::resolve::shown`) and templates (`templates::shown`) read them alike.
pub(crate) fn character_reference(text: &str) -> Option<(char, usize)> {
    let end = text.get(..text.len().min(12))?.find(';')?;
    let name = text.get(1..end)?;
    let decoded = if let Some(number) = name.strip_prefix('#') {
        let value = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        char::from_u32(value)?
    } else {
        match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            "nbsp" => '\u{a0}',
            "thinsp" => '\u{2009}',
            "nnbsp" => '\u{202f}',
            "percnt" => '%',
            "period" => '.',
            "comma" => ',',
            "minus" => '−',
            "times" => '×',
            "middot" => '·',
            "ensp" => '\u{2002}',
            "emsp" => '\u{2003}',
            "sol" => '/',
            _ => return None,
        }
    };
    Some((decoded, end + 1))
}

/// `text` with every byte outside `kept` blanked (a space; a line break stays), so that
/// places in it are places in `text`.
pub(crate) fn keep_only(text: &str, kept: impl IntoIterator<Item = Range<usize>>) -> String {
    let mut shown: Vec<u8> = text.bytes().map(|b| if b == b'\n' { b'\n' } else { b' ' }).collect();
    for range in kept {
        if let Some(bytes) = text.as_bytes().get(range.clone()) {
            shown[range].copy_from_slice(bytes);
        }
    }
    // Only whole characters are copied (each range is a str slice's) and spaces replace
    // the rest, so the bytes are UTF-8; a range splitting a character would not be.
    String::from_utf8(shown).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_placed_in_its_file_and_matched_in_its_line() {
        let file = "a: x\nb: \"at 914 Mbit/s\"\n";
        let at = file.find('"').unwrap_or(0);
        let found = ShownNumber::found_in(Path::new("site.yaml"), file, &file[at..file.len() - 1], at, "b");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].line, found[0].col), (2, 8));
        assert_eq!(found[0].stated, "914 Mbit/s");
        assert_eq!(&found[0].context[found[0].at.clone()], "914 Mbit/s");
    }

    #[test]
    fn dates_small_counts_and_versions_are_not_figure_like() {
        let text = "on 2026-10-29, 3 streams, v1.4.85";
        assert!(ShownNumber::found_in(Path::new("x"), text, text, 0, "x").is_empty());
    }

    #[test]
    fn keep_only_blanks_the_rest_byte_for_byte() {
        let text = "ab{{ x }}\ncé";
        let shown = keep_only(text, [0..2, 10..text.len()]);
        assert_eq!(shown, "ab       \ncé");
        assert_eq!(shown.len(), text.len());
    }
}
