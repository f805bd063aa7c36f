//! Where the markdown-cjk-friendly rules put emphasis: comrak parses a body with its
//! `cjk_friendly_emphasis` on, and each emphasis, strong emphasis and strike-through it
//! reads is given as the bytes of its opening and closing delimiter runs.
//!
//! Owns comrak's options (the extensions tally's pulldown-cmark parse has on) and the
//! conversion of comrak's source positions (line and byte column) to byte offsets of the
//! body. It does not decide which of comrak's readings tally takes (that is `emphasis`).

use std::ops::Range;

use comrak::nodes::{LineColumn, NodeValue};

/// What a pair of delimiter runs makes of the text between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    Emphasis,
    Strong,
    Strikethrough,
}

/// One emphasis comrak reads, by its delimiter runs in bytes of the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Delimited {
    pub(super) kind: Kind,
    pub(super) open: Range<usize>,
    pub(super) close: Range<usize>,
}

fn options() -> comrak::Options<'static> {
    let mut options = comrak::Options::default();
    options.extension.table = true;
    options.extension.strikethrough = true;
    options.extension.footnotes = true;
    options.extension.tasklist = true;
    options.extension.cjk_friendly_emphasis = true;
    options
}

/// Every emphasis comrak reads in `body` under the markdown-cjk-friendly rules, in the
/// order of its opening runs. One whose positions do not land on delimiter runs of its
/// kind in `body` is left out: a reading tally cannot place is not taken.
pub(super) fn cjk_friendly_delimiters(body: &str) -> Vec<Delimited> {
    let arena = comrak::Arena::new();
    let root = comrak::parse_document(&arena, body, &options());
    let lines = LineStarts::new(body);
    let mut found = Vec::new();
    for node in root.descendants() {
        let data = node.data();
        let kind = match data.value {
            NodeValue::Emph => Kind::Emphasis,
            NodeValue::Strong => Kind::Strong,
            NodeValue::Strikethrough => Kind::Strikethrough,
            _ => continue,
        };
        let (Some(start), Some(last)) =
            (lines.offset(data.sourcepos.start), lines.offset(data.sourcepos.end))
        else {
            continue;
        };
        found.extend(delimited(body, kind, start..last + 1));
    }
    found.sort_by_key(|delimited| delimited.open.start);
    found
}

/// The delimiter runs of an emphasis of `kind` that spans `span` of `body`, if its ends are
/// such runs.
pub(super) fn delimited(body: &str, kind: Kind, span: Range<usize>) -> Option<Delimited> {
    let source = body.as_bytes().get(span.clone())?;
    let delimiter = *source.first()?;
    let width = match kind {
        Kind::Emphasis => 1,
        Kind::Strong => 2,
        // `~a~` and `~~a~~` both strike through.
        Kind::Strikethrough => source.iter().take_while(|&&b| b == b'~').count().min(2),
    };
    let is_delimiter = match kind {
        Kind::Emphasis | Kind::Strong => matches!(delimiter, b'*' | b'_'),
        Kind::Strikethrough => delimiter == b'~',
    };
    let runs_fit = source.len() > 2 * width
        && source[..width].iter().all(|&b| b == delimiter)
        && source[source.len() - width..].iter().all(|&b| b == delimiter);
    (is_delimiter && runs_fit).then(|| Delimited {
        kind,
        open: span.start..span.start + width,
        close: span.end - width..span.end,
    })
}

/// Where each line of a text starts, for turning a line and column into a byte offset. A
/// line ends at `\n`, `\r\n` or a lone `\r`, as CommonMark's lines do.
struct LineStarts {
    starts: Vec<usize>,
    len: usize,
}

impl LineStarts {
    fn new(text: &str) -> LineStarts {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (at, &byte) in bytes.iter().enumerate() {
            let ends_line = byte == b'\n' || (byte == b'\r' && bytes.get(at + 1) != Some(&b'\n'));
            if ends_line {
                starts.push(at + 1);
            }
        }
        LineStarts { starts, len: text.len() }
    }

    /// The byte offset of a 1-based line and 1-based byte column, if the text has it.
    fn offset(&self, position: LineColumn) -> Option<usize> {
        let start = *self.starts.get(position.line.checked_sub(1)?)?;
        let end = self.starts.get(position.line).copied().unwrap_or(self.len);
        let at = start + position.column.checked_sub(1)?;
        (at < end).then_some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize, column: usize) -> LineColumn {
        LineColumn { line, column }
    }

    /// The source of each delimiter run comrak reads in `body`, opening and closing.
    fn runs(body: &str) -> Vec<(Kind, &str, &str, usize, usize)> {
        cjk_friendly_delimiters(body)
            .into_iter()
            .map(|d| (d.kind, &body[d.open.clone()], &body[d.close.clone()], d.open.start, d.close.start))
            .collect()
    }

    #[test]
    fn columns_are_bytes_of_their_line() {
        let lines = LineStarts::new("ab\n「c」\r\nd\re");
        assert_eq!(lines.offset(at(1, 1)), Some(0));
        assert_eq!(lines.offset(at(2, 1)), Some(3));
        // 「 is three bytes: c is the fourth column.
        assert_eq!(lines.offset(at(2, 4)), Some(6));
        assert_eq!(lines.offset(at(3, 1)), Some(12));
        assert_eq!(lines.offset(at(4, 1)), Some(14));
    }

    #[test]
    fn positions_outside_the_text_are_none() {
        let lines = LineStarts::new("ab\ncd");
        assert_eq!(lines.offset(at(0, 1)), None);
        assert_eq!(lines.offset(at(1, 0)), None);
        assert_eq!(lines.offset(at(1, 4)), None);
        assert_eq!(lines.offset(at(3, 1)), None);
        assert_eq!(lines.offset(at(2, 2)), Some(4));
    }

    #[test]
    fn the_issues_cases_are_strong_at_their_asterisks() {
        assert_eq!(runs("**「強調」**の"), [(Kind::Strong, "**", "**", 0, 14)]);
        let body = "Go**「初心者」**を";
        assert_eq!(runs(body), [(Kind::Strong, "**", "**", 2, body.rfind("**").unwrap())]);
    }

    #[test]
    fn delimiters_inside_containers_are_found_in_their_line() {
        for body in [
            "> **「強調」**の",
            ">\t**「強調」**の",
            "-\t**「強調」**の",
            " >  >\t**「強調」**の",
            "1. > - 前\n   >   続き**「強調」**の",
            "- a\n\n\t**「強調」**の",
            "| a | b |\n|---|---|\n| **「強調」**の | x |",
            "[^1]\n\n[^1]: **「強調」**の",
        ] {
            let found = runs(body);
            assert_eq!(found.len(), 1, "{body:?}: {found:?}");
            assert_eq!((found[0].1, found[0].2), ("**", "**"), "{body:?}");
            assert_eq!(found[0].4, body.rfind("**").unwrap(), "{body:?}");
        }
    }

    #[test]
    fn a_run_broken_across_lines_keeps_both_ends() {
        for body in ["a\n  **「強調」\n  」**の", "**a\r\n「b」**の", "**a\r「b」**の"] {
            let found = runs(body);
            assert_eq!(found.len(), 1, "{body:?}");
            assert_eq!((found[0].3, found[0].4), (body.find("**").unwrap(), body.rfind("**").unwrap()));
        }
    }

    #[test]
    fn nested_runs_are_split_between_their_emphases() {
        let found = runs("***「強調」***の");
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0], (Kind::Emphasis, "*", "*", 0, 17));
        assert_eq!(found[1], (Kind::Strong, "**", "**", 1, 15));
    }

    #[test]
    fn strike_through_takes_one_or_two_tildes() {
        assert_eq!(runs("a~~a()~~あ"), [(Kind::Strikethrough, "~~", "~~", 1, 6)]);
        assert_eq!(runs("a~a()~あ"), [(Kind::Strikethrough, "~", "~", 1, 5)]);
    }

    #[test]
    fn code_keeps_its_asterisks() {
        assert!(runs("`**「強調」**の`").is_empty());
        assert!(runs("\t\t> **「a」**の").is_empty());
    }

    #[test]
    fn a_span_that_is_not_its_delimiters_is_left_out() {
        assert_eq!(delimited("**a**", Kind::Strong, 0..5).map(|d| d.close), Some(3..5));
        assert_eq!(delimited("*a**", Kind::Strong, 0..4), None);
        assert_eq!(delimited("**", Kind::Emphasis, 0..2), None);
        assert_eq!(delimited("~a*", Kind::Strikethrough, 0..3), None);
        assert_eq!(delimited("ab", Kind::Emphasis, 0..9), None);
    }
}
