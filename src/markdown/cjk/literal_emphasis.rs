//! Emphasis markdown leaves literal beside Japanese text: `**「強調」**の` keeps its asterisks
//! under CommonMark's flanking rules (a closing `**` after punctuation must be followed by
//! a space or punctuation), and would be published as `**「強調」**の`. Until emphasis there
//! renders, each such pair of delimiter runs is reported where it stands, with what to
//! write instead.
//!
//! Owns the finding of those pairs in the parsed text. A run is reported only when an author
//! plainly meant emphasis: it is one of a pair of runs of one character (`**` … `**`, or
//! `*` … `***`) in one block's text, the pair touches Japanese text or punctuation, and
//! neither run is something else:
//! an escaped `\*` (left literal on purpose), a run with a space on both sides (`2 * 3`), a
//! note mark (`*1`), `_` inside a word (`snake_case`), anything in code. It reads what the
//! parser left as text, so that emphasis the parser does read is never reported.

use crate::text::is_cjk;
use std::ops::Range;

use pulldown_cmark::{Event, Tag, TagEnd};

use super::chars::{is_ambiguous_quote, is_cjk_for_emphasis, is_general_variation_selector, shows_nothing};
use crate::markdown::Piece;

/// A pair of delimiter runs published as they are written, with what to write instead.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LiteralEmphasis {
    /// The run as written: `*`, `**`, `_`, ...
    pub run: String,
    /// The opening run, in bytes of the page's file.
    pub range: Range<usize>,
    /// The source between the two runs.
    pub inner: String,
    /// A run of two or more that nothing in its block pairs with (`**「強調」の`): published
    /// as it is, whatever the parser's rules.
    #[serde(default)]
    pub unpaired: bool,
}

/// One run of `*`, `_` or `~` the parser left as text, with the source characters beside it.
#[derive(Debug)]
struct Run {
    delimiter: char,
    len: usize,
    /// In bytes of the page's file.
    start: usize,
    before: Option<char>,
    after: Option<char>,
}

impl Run {
    /// Whether the run cannot open or close emphasis as written, or plainly means
    /// something else.
    fn is_plain_text(&self) -> bool {
        let space = |c: Option<char>| c.is_none_or(char::is_whitespace);
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        (space(self.before) && space(self.after))
            || (self.delimiter == '*' && self.len == 1 && self.after.is_some_and(|c| c.is_ascii_digit()))
            || (self.delimiter == '_' && word(self.before) && word(self.after))
            || self.len > 3
    }

    fn touches_japanese(&self) -> bool {
        self.before.is_some_and(is_cjk) || self.after.is_some_and(is_cjk)
    }
}

/// The literal runs of `*`, `_` and `~` in the source of one text piece at `range`: the
/// parser left them as text. An escaped one (`\*`) is text by intent and is left out.
fn runs_in(body: &str, offset: usize, range: &Range<usize>, found: &mut Vec<Run>) {
    let (Some(source), Some(before_text)) =
        (body.get(range.start - offset..range.end - offset), body.get(..range.start - offset))
    else {
        return;
    };
    // The characters a reader sees beside a run: a variation selector or zero-width space
    // between is looked through.
    let mut previous = before_text.chars().rev().find(|&c| !shows_nothing(c));
    let mut chars = source.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c == '\\' {
            previous = chars.next().map(|(_, escaped)| escaped).or(Some(c));
            continue;
        }
        if !matches!(c, '*' | '_' | '~') {
            if !shows_nothing(c) {
                previous = Some(c);
            }
            continue;
        }
        let mut len = 1;
        while chars.next_if(|&(_, next)| next == c).is_some() {
            len += 1;
        }
        let end = at + len * c.len_utf8();
        let after =
            source[end..].chars().chain(body[range.end - offset..].chars()).find(|&c| !shows_nothing(c));
        // The parser's text of `\*` starts after the backslash: an odd number of them
        // before the run, in the file, escapes its first character.
        let from = range.start - offset + at;
        let backslashes = body[..from].bytes().rev().take_while(|&b| b == b'\\').count();
        let (start, len, before) = if backslashes % 2 == 1 {
            (range.start + at + 1, len - 1, Some(c))
        } else {
            (range.start + at, len, previous)
        };
        if len > 0 {
            found.push(Run { delimiter: c, len, start, before, after });
        }
        previous = Some(c);
    }
}

/// Whether a body's events (which start at byte `offset` of `body`'s file) leave a run of
/// `*`, `_` or `~` as text beside Japanese (or Korean) text: the only bodies whose emphasis
/// the markdown-cjk-friendly rules may read otherwise. Looks at the delimiter bytes only,
/// as every page is asked.
pub(crate) fn may_leave_delimiters_beside_japanese(
    events: &[(Event<'_>, Range<usize>)],
    body: &str,
    offset: usize,
) -> bool {
    if body.is_ascii() {
        return false;
    }
    let mut code_depth = 0usize;
    for (event, range) in events {
        match event {
            Event::Text(_) if code_depth == 0 => {
                let Some(source) = body.as_bytes().get(range.start - offset..range.end - offset) else {
                    continue;
                };
                let start = range.start - offset;
                let beside = memchr::memchr3_iter(b'*', b'_', b'~', source)
                    // A run is judged once, at its first byte.
                    .filter(|&at| at == 0 || source[at - 1] != source[at])
                    .any(|at| run_touches_cjk(body, start + at));
                if beside {
                    return true;
                }
            }
            Event::Start(Tag::CodeBlock(_)) => code_depth += 1,
            Event::End(TagEnd::CodeBlock) => code_depth = code_depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// Whether the run of delimiters at byte `at` of `body` touches text the
/// markdown-cjk-friendly rules read otherwise than CommonMark: Japanese or Korean text,
/// East Asian punctuation, or a quotation mark a variation selector makes East Asian.
fn run_touches_cjk(body: &str, at: usize) -> bool {
    let delimiter = char::from(body.as_bytes()[at]);
    let Some((before, after)) = body.get(..at).zip(body.get(at..)) else {
        return false;
    };
    let raw_before = before.chars().next_back();
    let shown_before = before.chars().rev().find(|&c| !shows_nothing(c));
    let shown_after = after.chars().skip_while(|&c| c == delimiter).find(|&c| !shows_nothing(c));
    shown_before.is_some_and(is_cjk_for_emphasis)
        || shown_after.is_some_and(is_cjk_for_emphasis)
        || (raw_before.is_some_and(is_general_variation_selector)
            && shown_before.is_some_and(is_ambiguous_quote))
}

/// Every pair of literal delimiter runs beside Japanese text in a parsed body (which starts
/// at byte `offset` of `body`'s file).
pub(crate) fn literal_emphasis(pieces: &[Piece<'_>], body: &str, offset: usize) -> Vec<LiteralEmphasis> {
    let mut found = Vec::new();
    // Every finding has a Japanese character beside it: a body without one (most pages in
    // English) has none, and is not walked character by character.
    if body.is_ascii() || !body.chars().any(is_cjk) {
        return found;
    }
    let mut block: Vec<Run> = Vec::new();
    let mut code_depth = 0usize;
    for piece in pieces {
        let Piece::Event(event, range) = piece else {
            continue;
        };
        match event {
            Event::Text(_) if code_depth == 0 => runs_in(body, offset, range, &mut block),
            Event::Start(Tag::CodeBlock(_)) => code_depth += 1,
            Event::End(TagEnd::CodeBlock) => code_depth = code_depth.saturating_sub(1),
            Event::Start(
                Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. } | Tag::Image { .. },
            )
            | Event::End(
                TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link | TagEnd::Image,
            )
            | Event::Code(_)
            | Event::InlineHtml(_)
            | Event::SoftBreak
            | Event::HardBreak
            | Event::FootnoteReference(_)
            | Event::Text(_) => {}
            _ => pair_up(std::mem::take(&mut block), body, offset, &mut found),
        }
    }
    pair_up(block, body, offset, &mut found);
    found
}

/// Pairs a block's runs, each with the next equal one, and keeps the pairs beside Japanese,
/// and the runs of two or more beside Japanese that pair with none.
fn pair_up(runs: Vec<Run>, body: &str, offset: usize, found: &mut Vec<LiteralEmphasis>) {
    let mut open: Option<Run> = None;
    // A single `*` beside Japanese may be a note mark (`注*`); `**` is only ever bold.
    let unpaired = |run: Run, found: &mut Vec<LiteralEmphasis>| {
        if run.len >= 2 && run.touches_japanese() {
            let width = run.len * run.delimiter.len_utf8();
            found.push(LiteralEmphasis {
                run: run.delimiter.to_string().repeat(run.len),
                range: run.start..run.start + width,
                inner: String::new(),
                unpaired: true,
            });
        }
    };
    // A strike-through left as its tildes is no emphasis; it is not reported.
    for run in runs.into_iter().filter(|run| run.delimiter != '~' && !run.is_plain_text()) {
        match open.take() {
            // Of any lengths: `*「斜体」*の、***「両方」***` leaves `*` and `***` as text.
            Some(opener) if opener.delimiter == run.delimiter => {
                if opener.touches_japanese() || run.touches_japanese() {
                    let width = opener.len * opener.delimiter.len_utf8();
                    let inner = body.get(opener.start + width - offset..run.start - offset).unwrap_or("");
                    found.push(LiteralEmphasis {
                        run: opener.delimiter.to_string().repeat(opener.len),
                        range: opener.start..opener.start + width,
                        inner: inner.to_string(),
                        unpaired: false,
                    });
                }
            }
            // A run that does not close the one open opens the next pair.
            Some(other) => {
                unpaired(other, found);
                open = Some(run);
            }
            None => open = Some(run),
        }
    }
    if let Some(run) = open {
        unpaired(run, found);
    }
    found.sort_by_key(|emphasis| emphasis.range.start);
}
