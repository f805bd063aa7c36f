//! Soft line breaks inside Japanese text: a break between two Japanese characters is
//! dropped (a browser would show it as a space, which Japanese text does not have), judged
//! by the characters a reader sees either side, whatever markup stands between: emphasis,
//! links, code, raw HTML, figure tags.
//!
//! Owns that judgement. It does not say which
//! characters are Japanese (that is `chars`).

use pulldown_cmark::{Event, Tag, TagEnd};

use super::chars::{first_shown, last_shown};
use crate::markdown::{Claim, ClaimForm, Piece};
use crate::text::is_cjk;

/// What one piece shows a reader when a soft break's neighbours are looked for.
enum Shows {
    /// Text: its first and last characters seen (none when it shows nothing).
    Text(Option<char>, Option<char>),
    /// Markup that shows nothing of its own (emphasis, a link, most raw HTML): look on.
    Through,
    /// Something that stops the look: an image, a footnote's mark, a line break, a block.
    Stop,
}

fn shows(piece: &Piece<'_>, claims: &[Claim]) -> Shows {
    match piece {
        Piece::Claim(index) => {
            let Some(claim) = claims.get(*index) else {
                return Shows::Stop;
            };
            // Struck values are shown first, then the live text; a vendor's figure is
            // followed by its label, after a space.
            let first = claim.struck.first().map_or(claim.live.as_str(), |(s, _)| s.trim());
            let last = match claim.form {
                ClaimForm::Vendor => Some(' '),
                _ => last_shown(&claim.live),
            };
            Shows::Text(first_shown(first), last)
        }
        // Plain square brackets are looked through: a reader takes the text inside
        // `[注記]` as the break's neighbour, as a link's text is (issue 50).
        Piece::Event(Event::Text(text), _) => Shows::Text(
            first_shown(text.trim_start_matches(PLAIN_BRACKETS)),
            last_shown(text.trim_end_matches(PLAIN_BRACKETS)),
        ),
        Piece::Event(Event::Code(text), _) => Shows::Text(first_shown(text), last_shown(text)),
        Piece::Event(
            Event::Start(Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. })
            | Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link),
            _,
        ) => Shows::Through,
        Piece::Event(Event::InlineHtml(html), _) if !shows_itself(html) => Shows::Through,
        _ => Shows::Stop,
    }
}

const PLAIN_BRACKETS: [char; 2] = ['[', ']'];

/// Whether a piece of inline raw HTML shows something of its own where it stands (a line
/// break, a picture, a control), rather than only marking the text around it.
fn shows_itself(html: &str) -> bool {
    let lower = html.trim().to_ascii_lowercase();
    let Some(name) = lower.strip_prefix('<') else {
        return true;
    };
    if name.starts_with("!--") || name.starts_with('/') {
        return false;
    }
    let name: String = name.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    matches!(
        name.as_str(),
        "br" | "img"
            | "hr"
            | "input"
            | "button"
            | "select"
            | "textarea"
            | "video"
            | "audio"
            | "iframe"
            | "object"
            | "embed"
            | "svg"
            | "math"
            | "canvas"
            | "picture"
    )
}

/// The character a reader sees last before piece `at`, looking back through markup.
fn seen_before(pieces: &[Piece<'_>], at: usize, claims: &[Claim]) -> Option<char> {
    for piece in pieces[..at].iter().rev() {
        match shows(piece, claims) {
            Shows::Text(_, Some(last)) => return Some(last),
            Shows::Text(_, None) | Shows::Through => {}
            Shows::Stop => return None,
        }
    }
    None
}

/// The character a reader sees first after piece `at`, looking on through markup.
fn seen_after(pieces: &[Piece<'_>], at: usize, claims: &[Claim]) -> Option<char> {
    for piece in &pieces[at + 1..] {
        match shows(piece, claims) {
            Shows::Text(Some(first), _) => return Some(first),
            Shows::Text(None, _) | Shows::Through => {}
            Shows::Stop => return None,
        }
    }
    None
}

/// Drops every soft break with Japanese characters on both sides (as a reader sees them).
/// The text either side stays two pieces, each with its own place: joined, a number read
/// from the text could no longer be placed in the file (the break's bytes are not in it).
pub(crate) fn join_soft_breaks<'a>(pieces: Vec<Piece<'a>>, claims: &[Claim]) -> Vec<Piece<'a>> {
    let joins: Vec<bool> = (0..pieces.len())
        .map(|i| {
            matches!(pieces[i], Piece::Event(Event::SoftBreak, _))
                && seen_before(&pieces, i, claims).is_some_and(is_cjk)
                && seen_after(&pieces, i, claims).is_some_and(is_cjk)
        })
        .collect();
    pieces.into_iter().zip(joins).filter_map(|(piece, join)| (!join).then_some(piece)).collect()
}
