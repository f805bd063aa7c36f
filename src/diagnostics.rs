//! Diagnostics: the problems an author can cause, with their place in the author's file.
//!
//! Owns the [`Diagnostic`] type, the mapping from byte offsets to line and column, and the
//! three output formats (human, json, github). It does not decide what is a problem: every
//! other stage produces diagnostics and hands them here to be printed.

use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use serde::Serialize;

/// How bad a problem is: errors fail the command, warnings are printed only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    /// Information `check` gives (an untagged figure-like number): never a failure.
    Note,
}

/// One problem in the author's files, placed at file:line:col.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A short kebab-case name of the kind of problem, e.g. `figure-mismatch`.
    pub code: &'static str,
    /// The file, relative to the site root where the file is inside it.
    pub path: PathBuf,
    /// 1-based line; 0 when the problem concerns the whole file.
    pub line: usize,
    /// 1-based column in characters; 0 when unknown.
    pub col: usize,
    pub message: String,
    /// Further lines: the computed value, the value that would pass, how to fix it.
    pub notes: Vec<String>,
    /// The text of the line the problem is on, for the caret display.
    #[serde(skip)]
    pub source_line: Option<String>,
    /// Byte range of the problem within `source_line`.
    #[serde(skip)]
    pub highlight: Range<usize>,
}

impl Diagnostic {
    /// A problem with a file as a whole (missing, unreadable, ...).
    pub fn file(code: &'static str, path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        // Every code is explained (`tally explain CODE`); the whole test suite runs through
        // here, so a code given without an explanation fails it.
        debug_assert!(crate::codes::find(code).is_some(), "`{code}` is not in src/codes/");
        Diagnostic {
            severity: Severity::Error,
            code,
            path: path.into(),
            line: 0,
            col: 0,
            message: message.into(),
            notes: Vec::new(),
            source_line: None,
            highlight: 0..0,
        }
    }

    /// A problem at a byte range of a file's text.
    pub fn at(
        code: &'static str,
        path: impl Into<PathBuf>,
        source: &str,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        let place = LineColumn::of(source, range.start);
        Diagnostic::at_place(code, path, source, place, range, message)
    }

    /// [`Diagnostic::at`] with the text's lines found once (`lines`), for the many
    /// problems one page can have: placing each by reading the text up to it again made a
    /// page with thousands of them take seconds.
    pub(crate) fn at_indexed(
        code: &'static str,
        path: impl Into<PathBuf>,
        source: &str,
        lines: &LineIndex,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        let place = lines.place(source, range.start);
        Diagnostic::at_place(code, path, source, place, range, message)
    }

    fn at_place(
        code: &'static str,
        path: impl Into<PathBuf>,
        source: &str,
        place: LineColumn,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        let line_text = &source[place.line_start..place.line_end];
        // A range may start on a line's `\r`, past the end the line is shown to.
        let mut end = range.end.min(place.line_end).max(range.start.min(place.line_end));
        // A range may come from another text's bytes (a lossy copy, an expression); the
        // caret must still fall on character boundaries of this one.
        while !source.is_char_boundary(end) {
            end += 1;
        }
        let start = range.start.min(end).max(place.line_start);
        let start = if source.is_char_boundary(start) { start } else { place.line_start } - place.line_start;
        let end = end.min(place.line_end.max(start + place.line_start)) - place.line_start;
        Diagnostic {
            line: place.line,
            col: place.col,
            source_line: Some(line_text.to_string()),
            highlight: start..end.max(start),
            ..Diagnostic::file(code, path, message)
        }
    }

    /// A problem at a known line and column (1-based) of a file's text.
    pub fn at_line_col(
        code: &'static str,
        path: impl Into<PathBuf>,
        source: &str,
        line: usize,
        col: usize,
        message: impl Into<String>,
    ) -> Self {
        let offset = offset_of(source, line, col);
        Diagnostic::at(code, path, source, offset..offset, message)
    }

    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `path:line:col`, or just the path when the line is unknown.
    pub fn location(&self) -> String {
        let path = crate::paths::shown_path(&self.path);
        match (self.line, self.col) {
            (0, _) => path,
            (line, 0) => format!("{path}:{line}"),
            (line, col) => format!("{path}:{line}:{col}"),
        }
    }

    /// Makes the path relative to `root` when it lies inside it.
    pub fn relative_to(mut self, root: &Path) -> Self {
        if let Ok(rel) = self.path.strip_prefix(root) {
            self.path = rel.to_path_buf();
        }
        self
    }
}

/// Line (1-based), column (1-based, in characters) and the line's byte bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LineColumn {
    pub line: usize,
    pub col: usize,
    pub line_start: usize,
    pub line_end: usize,
}

impl LineColumn {
    /// Where byte `offset` of `source` lies. An offset inside a character or past the end is
    /// moved back to the nearest character boundary.
    pub(crate) fn of(source: &str, offset: usize) -> LineColumn {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[offset..].find('\n').map_or(source.len(), |i| offset + i);
        let line_end =
            if source[..line_end].ends_with('\r') { line_end - 1 } else { line_end }.max(line_start);
        LineColumn {
            line: source[..offset].matches('\n').count() + 1,
            col: source[line_start..offset].chars().count() + 1,
            line_start,
            line_end,
        }
    }
}

/// Where each line of a text starts.
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub(crate) fn new(source: &str) -> LineIndex {
        let after_breaks = source.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1);
        LineIndex { starts: std::iter::once(0).chain(after_breaks).collect() }
    }

    /// The 1-based line of byte `offset` (the last line past the end).
    pub(crate) fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|start| *start <= offset).max(1)
    }

    /// The byte offset where 1-based `line` starts (0 for line 0).
    pub(crate) fn start(&self, line: usize) -> usize {
        self.starts.get(line.saturating_sub(1)).copied().unwrap_or(0)
    }

    /// [`LineIndex::line`] of one `offset` in `text`, without making an index: for a single
    /// look-up, where an index would read the whole text and keep every line's start.
    pub(crate) fn line_in(text: &str, offset: usize) -> usize {
        let end = offset.min(text.len());
        text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
    }

    /// [`LineColumn::of`] `offset` in `source`, the text this index was made of.
    pub(crate) fn place(&self, source: &str, offset: usize) -> LineColumn {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|start| *start <= offset).max(1);
        let line_start = self.starts.get(line - 1).copied().unwrap_or(0).min(offset);
        let line_end = self.starts.get(line).map_or(source.len(), |next| next - 1);
        let line_end =
            if source[..line_end].ends_with('\r') { line_end - 1 } else { line_end }.max(line_start);
        LineColumn { line, col: source[line_start..offset].chars().count() + 1, line_start, line_end }
    }
}

/// The byte offset of 1-based `line` and `col` (in characters), clamped to the text.
pub(crate) fn offset_of(source: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line.max(1) {
        match source[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return source.len(),
        }
    }
    let line_text = source[start..].split('\n').next().unwrap_or("");
    start + line_text.char_indices().nth(col.saturating_sub(1)).map_or(line_text.len(), |(i, _)| i)
}

/// How diagnostics are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    #[default]
    Human,
    Json,
    Github,
}

/// Sorts diagnostics by file, line and column so that output is the same on every run.
pub(crate) fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (&a.path, a.line, a.col, a.code, &a.message).cmp(&(&b.path, b.line, b.col, b.code, &b.message))
    });
}

/// Renders all diagnostics in `format`, followed (for humans) by a count.
pub(crate) fn render(diagnostics: &[Diagnostic], format: Format, color: bool) -> String {
    match format {
        Format::Human => render_human(diagnostics, color),
        Format::Json => {
            let mut out = serde_json::to_string_pretty(diagnostics).unwrap_or_default();
            out.push('\n');
            out
        }
        Format::Github => diagnostics.iter().map(render_github).collect(),
    }
}

fn render_human(diagnostics: &[Diagnostic], color: bool) -> String {
    let renderer = if color { Renderer::styled() } else { Renderer::plain() };
    let mut out = String::new();
    for diagnostic in diagnostics {
        let level = match diagnostic.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            Severity::Note => Level::NOTE,
        };
        let title = format!("{}: {}", diagnostic.location(), diagnostic.message);
        let mut group = Group::with_title(level.primary_title(title.as_str()).id(diagnostic.code));
        if let Some(line) = &diagnostic.source_line {
            let snippet = Snippet::source(line.as_str())
                .line_start(diagnostic.line)
                .annotation(AnnotationKind::Primary.span(diagnostic.highlight.clone()));
            group = group.element(snippet);
        }
        let mut report = vec![group];
        for note in &diagnostic.notes {
            report.push(Group::with_title(Level::NOTE.secondary_title(note.as_str())));
        }
        let hint = explain_hint(diagnostic.code);
        report.push(Group::with_title(Level::HELP.secondary_title(hint.as_str())));
        let _ = writeln!(out, "{}\n", renderer.render(&report));
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.iter().filter(|d| d.severity == Severity::Warning).count();
    if !diagnostics.is_empty() {
        let _ = writeln!(out, "{errors} error(s), {warnings} warning(s)");
    }
    out
}

fn render_github(diagnostic: &Diagnostic) -> String {
    let kind = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    let mut message = format!("[{}] {}", diagnostic.code, diagnostic.message);
    for note in &diagnostic.notes {
        message.push('\n');
        message.push_str(note);
    }
    message.push('\n');
    message.push_str(&explain_hint(diagnostic.code));
    let mut props = format!("file={}", escape_github_property(&crate::paths::shown_path(&diagnostic.path)));
    if diagnostic.line > 0 {
        let _ = write!(props, ",line={}", diagnostic.line);
    }
    if diagnostic.col > 0 {
        let _ = write!(props, ",col={}", diagnostic.col);
    }
    format!("::{kind} {props}::{}\n", escape_github_data(&message))
}

/// The last line of every diagnostic: where its rule is explained.
fn explain_hint(code: &str) -> String {
    format!("run `tally explain {code}` for what this means, an example and its fix")
}

fn escape_github_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn escape_github_property(text: &str) -> String {
    escape_github_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn a_line_index_places_every_offset_as_place_of_does(
            text in "(a|\n|\r\n|二|\r| ){0,40}",
            offset in 0usize..120,
        ) {
            let lines = LineIndex::new(&text);
            let (indexed, read) = (lines.place(&text, offset), LineColumn::of(&text, offset));
            proptest::prop_assert_eq!(
                (indexed.line, indexed.col, indexed.line_start, indexed.line_end),
                (read.line, read.col, read.line_start, read.line_end)
            );
        }

        /// One look-up without an index finds the line an index finds, past the end too.
        #[test]
        fn a_single_look_up_finds_the_line_the_index_finds(
            text in "(a|\n|\r\n|二| ){0,40}",
            offset in 0usize..120,
        ) {
            let lines = LineIndex::new(&text);
            proptest::prop_assert_eq!(LineIndex::line_in(&text, offset), lines.line(offset));
            proptest::prop_assert!(lines.start(lines.line(offset)) <= offset.min(text.len()));
        }
    }

    #[test]
    fn place_counts_lines_and_characters_not_bytes() {
        let source = "first\n二行目 x\n";
        let offset = source.find('x').unwrap();
        let place = LineColumn::of(source, offset);
        assert_eq!((place.line, place.col), (2, 5));
        assert_eq!(&source[place.line_start..place.line_end], "二行目 x");
    }

    #[test]
    fn a_range_inside_a_character_is_widened_to_whole_characters() {
        let source = "ab\u{fffd}cd";
        let d = Diagnostic::at("bad-utf8", "a.md", source, 2..3, "x");
        assert_eq!(d.highlight, 2..5);
        let out = render(&[d], Format::Human, false);
        assert!(out.contains("a.md:1:3"), "{out}");
    }

    #[test]
    fn offset_of_is_the_inverse_of_place() {
        let source = "a\nbé c\nd";
        let offset = offset_of(source, 2, 4);
        assert_eq!(&source[offset..offset + 1], "c");
    }

    #[test]
    fn human_output_names_file_line_col_and_shows_a_caret() {
        let source = "one\nthe host received 962,827 frames\n";
        let start = source.find("962").unwrap();
        let d = Diagnostic::at("figure-mismatch", "content/a.md", source, start..start + 7, "stated 962,827")
            .note("computed 962826");
        let out = render(&[d], Format::Human, false);
        assert!(out.contains("error[figure-mismatch]: content/a.md:2:19: stated 962,827"), "{out}");
        assert!(out.contains("^^^^^^^"), "{out}");
        assert!(out.contains("computed 962826"), "{out}");
        assert!(out.contains("1 error(s), 0 warning(s)"), "{out}");
    }

    #[test]
    fn github_output_escapes_newlines_and_commas() {
        let d = Diagnostic::file("bad-yaml", "content/a,b.md", "x").note("y");
        assert_eq!(
            render(&[d], Format::Github, false),
            "::error file=content/a%2Cb.md::[bad-yaml] x%0Ay%0Arun `tally explain bad-yaml` for what this means, an example and its fix\n"
        );
    }
}
