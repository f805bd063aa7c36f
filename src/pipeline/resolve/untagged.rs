//! Untagged figure-like numbers of a page's running text, found once while the page is
//! scanned, for translation parity and coverage, and those of its `title:` and `summary:`,
//! which are published too (page, listings, feed). Model names ("XGS 3300") and versions
//! after a built-in tool's or system's name ("iperf3 3.12") are not figures.

use std::ops::Range;

use super::shown::VisibleText;
use super::versions::is_version;
use crate::markdown::Scan;
use crate::number::{FigureValue, UnitKind, scan_figure_like};

/// Every untagged figure-like number of a page, with its place in the file, read as a
/// reader is shown it: pieces that markup alone separates (`9**40**`, `8<span></span>12`)
/// are read as the one run of text a reader sees.
pub(crate) fn untagged_figures(scan: &Scan, file_text: &str) -> Vec<(FigureValue, Range<usize>)> {
    let mut found = Vec::new();
    let marked = crate::markdown::words_marked(file_text);
    for run in runs(&scan.prose, file_text) {
        let pieces: Vec<(VisibleText, Placing)> = run
            .iter()
            .map(|&i| {
                let (range, text) = &scan.prose[i];
                // Raw HTML's reader text is the file's bytes with markup blanked out, so of
                // the same length; markdown text whose references or escapes the parser
                // decoded is shorter.
                let raw = text.len() == range.len();
                (VisibleText::of(text, raw), Placing::new(file_text, range, text))
            })
            .collect();
        let joined;
        let text: &str = match pieces.as_slice() {
            [(shown, _)] => &shown.text,
            _ => {
                joined = pieces.iter().map(|(shown, _)| shown.text.as_ref()).collect::<String>();
                &joined
            }
        };
        // Where each piece starts in the run's text.
        let starts: Vec<usize> = pieces
            .iter()
            .scan(0, |at, (shown, _)| {
                let start = *at;
                *at += shown.text.len();
                Some(start)
            })
            .collect();
        let file_place = |at: usize, is_end: bool| {
            // An end is placed in the piece that holds its last byte.
            let probe = if is_end { at.saturating_sub(1) } else { at };
            let i = starts.partition_point(|&start| start <= probe).saturating_sub(1);
            let (shown, placing) = &pieces[i];
            let within = shown.written_offset(at - starts[i]);
            let (start, end) = placing.place(within..within);
            if is_end { end } else { start }
        };
        for figure in scan_figure_like(text) {
            let (start, end) = (file_place(figure.range.start, false), file_place(figure.range.end, true));
            // The file's text, not the segment's: a line break may stand between the two.
            let before = file_text.get(..start).unwrap_or("");
            let in_mark = marked.iter().any(|span| span.start < start && end < span.end);
            if in_mark || is_model_name(before, &figure.value) || is_version(before, &figure.value, &[]) {
                continue;
            }
            found.push((figure.value, start..end.max(start)));
        }
    }
    found
}

/// The page's prose pieces in runs a reader reads as one text: a piece joins the run
/// before it when only markup that shows nothing stands between them in the file
/// (emphasis marks, inline tags, pieces of raw HTML that show no text).
fn runs(prose: &[(Range<usize>, String)], file_text: &str) -> Vec<Vec<usize>> {
    let mut runs: Vec<Vec<usize>> = Vec::new();
    let mut last_end: Option<usize> = None;
    for (i, (range, text)) in prose.iter().enumerate() {
        let written = file_text.get(range.clone()).unwrap_or("");
        let shows_nothing = text.trim().is_empty() && written.trim_start().starts_with('<');
        if shows_nothing {
            continue;
        }
        let glued = last_end.is_some_and(|end| {
            end <= range.start && file_text.get(end..range.start).is_some_and(only_markup)
        });
        match runs.last_mut() {
            Some(run) if glued => run.push(i),
            _ => runs.push(vec![i]),
        }
        last_end = Some(range.end);
    }
    runs
}

/// Whether `between` (the file's text between two pieces of prose) is markup alone: tags,
/// and the marks of emphasis and strikethrough, with no space or text a reader would see.
fn only_markup(between: &str) -> bool {
    let mut rest = between;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            match rest.find('>') {
                Some(end) if !rest[1..end].contains('<') => rest = &rest[end + 1..],
                _ => return false,
            }
        } else if let Some(after) = rest.strip_prefix(['*', '_', '~']) {
            rest = after;
        } else {
            return false;
        }
    }
    true
}

/// Where a segment's `text`, which stands at `range` of the file, is written as the file
/// writes it: where the parser decoded a reference or an escape the two differ in length,
/// and a number is placed by the text before and after it, written alike in both (else at
/// the segment's own ends). The common ends are measured once a segment: measuring them for
/// each number made a long paragraph of numbers quadratic.
struct Placing {
    start: usize,
    end: usize,
    same_length: bool,
    /// Bytes alike at the start and at the end of the text and the file's.
    prefix: usize,
    suffix: usize,
    text_len: usize,
}

impl Placing {
    fn new(file_text: &str, range: &Range<usize>, text: &str) -> Placing {
        let written = file_text.get(range.clone()).unwrap_or("").as_bytes();
        let same_length = text.len() == range.len();
        let (prefix, suffix) = if same_length {
            (0, 0)
        } else {
            let prefix = written.iter().zip(text.as_bytes()).take_while(|(a, b)| a == b).count();
            let room = written.len().min(text.len()) - prefix;
            let suffix =
                written.iter().rev().zip(text.as_bytes().iter().rev()).take_while(|(a, b)| a == b).count();
            (prefix, suffix.min(room))
        };
        Placing { start: range.start, end: range.end, same_length, prefix, suffix, text_len: text.len() }
    }

    /// The place in the file of `within` of the segment's text.
    fn place(&self, within: Range<usize>) -> (usize, usize) {
        if self.same_length {
            return (self.start + within.start, self.start + within.end);
        }
        let start = if within.start <= self.prefix { self.start + within.start } else { self.start };
        let after = self.text_len.saturating_sub(within.end);
        let end = if after <= self.suffix { self.end.saturating_sub(after) } else { self.end };
        (start, end.max(start))
    }
}

/// The front-matter keys whose text is published as prose, so whose numbers are read.
pub(crate) const PROSE_KEYS: [&str; 2] = ["title", "summary"];

/// The figure-like numbers of the front matter's `key` (`title` or `summary`), with their
/// places in the file. They are read from the text as written (quotes and all), so that
/// each has its own line and column; a value may go on over indented lines.
pub(crate) fn front_matter_figures(
    file_text: &str,
    body_start: usize,
    key: &str,
) -> Vec<(FigureValue, Range<usize>)> {
    let Some(range) = front_matter_value(file_text, body_start, key) else { return Vec::new() };
    let start = range.start;
    scan_figure_like(&file_text[range])
        .into_iter()
        .map(|f| (f.value, start + f.range.start..start + f.range.end))
        .filter(|(value, range)| {
            let before = &file_text[..range.start];
            !is_model_name(before, value) && !is_version(before, value, &[])
        })
        .collect()
}

/// Where the front matter's `key` has its value, as written (quotes and all, over its
/// indented lines).
pub(crate) fn front_matter_value(file_text: &str, body_start: usize, key: &str) -> Option<Range<usize>> {
    let front = file_text.get(..body_start.min(file_text.len())).unwrap_or("");
    let needle = format!("\n{key}:");
    let start = front.find(&needle)? + needle.len();
    // The value ends where the next key (a line not indented) starts.
    let mut end = start;
    for (i, line) in front[start..].split_inclusive('\n').enumerate() {
        if i > 0 && !line.starts_with([' ', '\t']) {
            break;
        }
        end += line.len();
    }
    Some(start..end)
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

    /// A summary's numbers are published (page, listings, feed): each is found at its place.
    #[test]
    fn the_numbers_of_a_title_and_summary_are_found_at_their_places() {
        let text = "---\ntitle: \"XGS 136 in 2026\"\nsummary: \"At 914 Mbit/s,\n  then 1.5 Gbit/s.\"\nkind: page\n---\nAt 3 s.\n";
        let body = text.find("At 3").unwrap();
        let title = front_matter_figures(text, body, "title");
        assert_eq!(title.iter().map(|(_, r)| &text[r.clone()]).collect::<Vec<_>>(), ["2026"]);
        let summary = front_matter_figures(text, body, "summary");
        assert_eq!(
            summary.iter().map(|(_, r)| &text[r.clone()]).collect::<Vec<_>>(),
            ["914 Mbit/s", "1.5 Gbit/s"]
        );
    }

    #[test]
    fn model_names_are_not_figures() {
        assert!(is_model_name("two XGS ", &count()));
        assert!(is_model_name("the second one's Port", &count()));
        assert!(!is_model_name("received ", &count()));
        assert!(!is_model_name("The ", &count()));
    }
}
