//! What a reader reads around a figure tag: the text on either side of it, as shown, with
//! the markup that shows nothing (emphasis, links, spans) seen through.
//!
//! Owns [`Side`], the text beside a tag up to its line of text's end, and the one walk that
//! judges it: text glued to a tag that changes its number (`glue`), and an approximate tag
//! with no word of approximation beside it (`approximate`). Each finding is a malformed
//! tag, an error at the tag; it does not check the tag's own text (that is `figures`).

mod approximate;
mod glue;

use std::ops::Range;

use pulldown_cmark::{Event, Tag, TagEnd};

use super::{Claim, ClaimForm, Piece};

/// How much text either side of a tag is read: the longest word that can change its number
/// (`frames per second`), a word of approximation a few words away, with room to spare.
const BUDGET: usize = 48;

/// How many pieces either side are looked at, so that a run of markup showing nothing
/// (emphasis opened a thousand times) cannot make each tag's look quadratic.
const REACH: usize = 64;

/// The text on one side of a tag, in reading order, as far as its line of text goes.
#[derive(Debug, Default)]
pub(super) struct Side {
    pub text: String,
    /// A superscript opens right beside the tag (`<sup>` after it, or the tag inside one).
    pub superscript: bool,
    /// Another tag stands on this side, with where its text starts in `text` (after the
    /// tag), or just beyond `text` (before it).
    pub tag: Option<(usize, usize)>,
}

/// The tag itself as written: its whole source, the text inside its brackets and its
/// `{=NAME}`, to write what would pass.
pub(super) struct Written<'a> {
    pub source: &'a str,
    pub inner: &'a str,
    pub suffix: &'a str,
    pub live: &'a str,
}

impl<'a> Written<'a> {
    fn of(source: &'a str, claim: &'a Claim) -> Option<Written<'a>> {
        let close = source.rfind("]{")?;
        Some(Written {
            source,
            inner: source.get(1..close)?,
            suffix: source.get(close + 1..)?,
            live: &claim.live,
        })
    }

    /// The tag with `before` and `after` written into its brackets.
    pub(super) fn with(&self, before: &str, after: &str) -> String {
        format!("[{before}{}{after}]{}", self.inner, self.suffix)
    }
}

/// What one piece of a body shows a reader beside a tag.
enum Seen<'t> {
    Text(&'t str),
    /// Markup that shows nothing of its own: read through it.
    Through,
    SuperscriptOpens,
    Claim(usize),
    /// The end of the line of text: a block, a line break, a footnote's mark.
    End,
}

fn seen<'t>(piece: &'t Piece<'_>) -> Seen<'t> {
    match piece {
        Piece::Claim(index) => Seen::Claim(*index),
        Piece::Event(Event::Text(text) | Event::Code(text), _) => Seen::Text(text),
        Piece::Event(Event::SoftBreak, _) => Seen::Text(" "),
        Piece::Event(
            Event::Start(Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. })
            | Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link),
            _,
        ) => Seen::Through,
        Piece::Event(Event::InlineHtml(html), _) => {
            let lower = html.trim().to_ascii_lowercase();
            let opens = |name: &str| {
                lower.strip_prefix('<').and_then(|rest| rest.strip_prefix(name)).is_some_and(|rest| {
                    rest.starts_with(|c: char| c == '>' || c == '/' || c.is_ascii_whitespace())
                })
            };
            if opens("sup") {
                Seen::SuperscriptOpens
            } else if opens("br") {
                Seen::End
            } else {
                Seen::Through
            }
        }
        _ => Seen::End,
    }
}

/// Text as a browser shows it: characters that show nothing (zero-width spaces and joiners,
/// the word joiner, a byte-order mark, a soft hyphen) left out, and each run of spaces, tabs
/// and line breaks one space. `9&#8203;[814]{=n}` shows 9814 and `[40]{=n}  seconds` one
/// space before its unit.
fn as_shown(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}' => {}
            ' ' | '\t' | '\n' | '\r' if shown.ends_with(' ') => {}
            ' ' | '\t' | '\n' | '\r' => shown.push(' '),
            c => shown.push(c),
        }
    }
    shown
}

/// What a neighbouring tag shows first: its first struck value, else its text.
fn shown(claim: &Claim) -> &str {
    claim.struck.first().map_or(claim.live.as_str(), |(text, _)| text.trim())
}

fn before(nodes: &[Piece<'_>], claims: &[Claim], at: usize) -> Side {
    let mut side = Side::default();
    let mut pieces: Vec<String> = Vec::new();
    let mut length = 0;
    for node in nodes[..at].iter().rev().take(REACH) {
        match seen(node) {
            Seen::Text(text) => {
                let text = as_shown(text);
                length += text.len();
                pieces.push(text);
                if length >= BUDGET {
                    break;
                }
            }
            Seen::Through => {}
            Seen::SuperscriptOpens => {
                side.superscript = length == 0;
                break;
            }
            Seen::Claim(index) => {
                side.tag = claims.get(index).map(|_| (length, index));
                break;
            }
            Seen::End => break,
        }
    }
    side.text = pieces.into_iter().rev().collect();
    side
}

fn after(nodes: &[Piece<'_>], claims: &[Claim], at: usize) -> Side {
    let mut side = Side::default();
    for node in nodes.get(at + 1..).unwrap_or_default().iter().take(REACH) {
        match seen(node) {
            Seen::Text(text) => {
                side.text.push_str(&as_shown(text));
                if side.text.len() >= BUDGET {
                    break;
                }
            }
            Seen::Through => {}
            Seen::SuperscriptOpens => {
                side.superscript = side.text.is_empty();
                break;
            }
            Seen::Claim(index) => {
                if let Some(claim) = claims.get(index) {
                    side.tag = Some((side.text.len(), index));
                    side.text.push_str(shown(claim));
                }
                break;
            }
            Seen::End => break,
        }
    }
    side
}

/// Every tag of a parsed body (which starts at byte `offset` of `body`'s file) read with
/// what stands beside it: each problem an error at the tag, with what to write.
pub(super) fn around_tags(
    nodes: &[Piece<'_>],
    claims: &[Claim],
    body: &str,
    offset: usize,
    out: &mut Vec<(Range<usize>, String)>,
) {
    let source_of = |claim: &Claim| -> Option<String> {
        let start = claim.range.start.checked_sub(offset)?;
        let end = claim.range.end.checked_sub(offset)?;
        body.get(start..end).map(str::to_string)
    };
    for (at, node) in nodes.iter().enumerate() {
        let Piece::Claim(index) = node else {
            continue;
        };
        let Some(claim) = claims.get(*index) else {
            continue;
        };
        // A comparison's words state no number for what touches them to change.
        if claim.form == ClaimForm::Comparison {
            continue;
        }
        let Some(source) = source_of(claim) else {
            continue;
        };
        let Some(written) = Written::of(&source, claim) else {
            continue;
        };
        let (before, after) = (before(nodes, claims, at), after(nodes, claims, at));
        if let Some(message) = glue::glued(&written, &before, &after, claims, &source_of) {
            out.push((claim.range.clone(), message));
        }
        if claim.form == ClaimForm::Approximate && !approximate::beside_a_word(&before, &after) {
            out.push((claim.range.clone(), approximate::message(&written, &before)));
        }
    }
}

#[cfg(test)]
mod tests;
