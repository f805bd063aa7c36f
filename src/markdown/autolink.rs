//! GFM's autolinks: a bare `https://…`, `http://…` or `ftp://…` address, a `www.` address or an e-mail
//! address in running text is made a link, as the forge that shows the same markdown files
//! makes it (pulldown-cmark 0.13 does not). The addresses are found by `linkify`.
//!
//! Owns which text is read for addresses (running text only: never in code, in a link's
//! text, in raw HTML's elements or in an image's alt text) and the links made of them. It
//! does not check where they go: they are links of the page like any other, and go through
//! the site's link rules.

use std::ops::Range;

use linkify::{LinkFinder, LinkKind};
use pulldown_cmark::{CowStr, Event, LinkType, Tag, TagEnd};

use super::Piece;
use super::raw_html::raw_link_tag;

/// `pieces` with every bare address of their running text made a link.
pub(crate) fn link_bare_addresses(pieces: Vec<Piece<'_>>) -> Vec<Piece<'_>> {
    let finder = LinkFinder::new();
    let mut out = Vec::with_capacity(pieces.len());
    // Inside a link (or an image, whose text is its alt text) or a raw `<a>`, which a link
    // cannot be nested in.
    let (mut in_link, mut in_raw_link, mut in_code_block) = (0usize, 0usize, false);
    // The last character of the text piece just before, when the two are one run of text
    // that an escape or an entity split (`foo\+@bar`).
    let mut run_before: Option<char> = None;
    for piece in pieces {
        let ends_run = match &piece {
            Piece::Event(Event::Text(text), _) => text.chars().next_back(),
            _ => None,
        };
        match &piece {
            Piece::Event(Event::Start(Tag::Link { .. } | Tag::Image { .. }), _) => in_link += 1,
            Piece::Event(Event::End(TagEnd::Link | TagEnd::Image), _) => in_link = in_link.saturating_sub(1),
            Piece::Event(Event::Start(Tag::CodeBlock(_)), _) => in_code_block = true,
            Piece::Event(Event::End(TagEnd::CodeBlock), _) => in_code_block = false,
            Piece::Event(Event::InlineHtml(html) | Event::Html(html), _) => match raw_link_tag(html) {
                Some(true) => in_raw_link += 1,
                Some(false) => in_raw_link = in_raw_link.saturating_sub(1),
                None => {}
            },
            Piece::Event(Event::Text(text), range) if in_link == 0 && in_raw_link == 0 && !in_code_block => {
                if let Some(linked) = linked(&finder, text, range, run_before) {
                    out.extend(linked);
                    run_before = ends_run;
                    continue;
                }
            }
            _ => {}
        }
        run_before = ends_run;
        out.push(piece);
    }
    out
}

/// The pieces `text` (at `range`) becomes with its addresses linked, or `None` when it holds
/// none. `run_before` is the character the run of text holds just before `text`, if any.
fn linked<'a>(
    finder: &LinkFinder,
    text: &str,
    range: &Range<usize>,
    run_before: Option<char>,
) -> Option<Vec<Piece<'a>>> {
    let found: Vec<(Range<usize>, String)> = finder
        .links(text)
        .filter_map(|link| {
            let written = link.as_str();
            let dest = match link.kind() {
                // GitHub links an address only inside one run of text: one whose local part
                // an escape splits, or that starts inside a word, would mail someone else.
                LinkKind::Email if link.start() == 0 && run_before.is_some_and(continues_local_part) => {
                    return None;
                }
                LinkKind::Email => format!("mailto:{written}"),
                _ if ["https://", "http://", "ftp://"].iter().any(|scheme| has_scheme(written, scheme)) => {
                    written.to_string()
                }
                _ => return None,
            };
            Some((link.start()..link.end(), dest))
        })
        .chain(www_addresses(text))
        .collect();
    if found.is_empty() {
        return None;
    }
    let mut found = found;
    found.sort_by_key(|(at, _)| at.start);
    // A piece's place in the source is exact only where the text is the source's bytes (no
    // escapes or entities in it); otherwise the first piece takes the whole text's place and
    // the others none, so that nothing read at a place is read twice.
    let exact = range.len() == text.len();
    let mut placed = false;
    let mut place = |at: &Range<usize>| {
        if exact {
            range.start + at.start..range.start + at.end
        } else if std::mem::replace(&mut placed, true) {
            range.end..range.end
        } else {
            range.clone()
        }
    };
    let mut pieces = Vec::new();
    let mut done = 0;
    for (at, dest) in found {
        if at.start < done {
            continue;
        }
        if at.start > done {
            pieces.push(Piece::Event(
                Event::Text(CowStr::from(text[done..at.start].to_string())),
                place(&(done..at.start)),
            ));
        }
        let link = Tag::Link {
            link_type: LinkType::Autolink,
            dest_url: CowStr::from(dest),
            title: CowStr::from(""),
            id: CowStr::from(""),
        };
        pieces.push(Piece::Event(Event::Start(link), place(&at)));
        pieces.push(Piece::Event(Event::Text(CowStr::from(text[at.clone()].to_string())), place(&at)));
        pieces.push(Piece::Event(Event::End(TagEnd::Link), place(&at)));
        done = at.end;
    }
    if done < text.len() {
        pieces.push(Piece::Event(
            Event::Text(CowStr::from(text[done..].to_string())),
            place(&(done..text.len())),
        ));
    }
    Some(pieces)
}

/// Whether a character just before an address would belong to its local part, had the run
/// not been split: a letter, a digit, or one of the local part's marks.
fn continues_local_part(before: char) -> bool {
    before.is_alphanumeric() || ".+-_".contains(before)
}

fn has_scheme(address: &str, scheme: &str) -> bool {
    address.get(..scheme.len()).is_some_and(|s| s.eq_ignore_ascii_case(scheme))
}

/// GFM's `www.` autolinks, which `linkify` finds only among URLs without a scheme: each is
/// linked as `http://www.…`, as GFM links it.
fn www_addresses(text: &str) -> Vec<(Range<usize>, String)> {
    let mut finder = LinkFinder::new();
    finder.url_must_have_scheme(false).kinds(&[LinkKind::Url]);
    finder
        .links(text)
        .filter(|link| {
            let written = link.as_str();
            // Beginning a line, after whitespace or after `*`, `_`, `~` or `(` (GFM).
            let before = text[..link.start()].chars().next_back();
            has_scheme(written, "www.") && before.is_none_or(|c| c.is_whitespace() || "*_~(".contains(c))
        })
        .map(|link| (link.start()..link.end(), format!("http://{}", link.as_str())))
        .collect()
}
