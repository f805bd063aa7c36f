//! A page body's HTML written once, from the scan's parse, with holes where what only the
//! later stages know goes: each figure tag's view (the checks), each link's published
//! address and its "no translation" mark (the link resolution).
//!
//! Owns the holes and their filling. The HTML itself is `render`'s: both go through the
//! same [`body_events`], so a prerendered body filled in is the body rendered, byte for
//! byte. A render from the page's text stays for what has no prerender (a scan kept from
//! the last build, a body with plots).
//!
//! Why: the render parsed every page a second time, after the scan, a tenth of a cold
//! build's work; keeping the scan's events instead held every page's parse to the render,
//! the build's peak memory. The finished HTML with holes is a fraction of that.

use pulldown_cmark::{CowStr, Event, Tag, html};
use pulldown_cmark_escape::{escape_href, escape_html};

use super::render::{ClaimPlace, Fill, Filled, body_events};
use super::{Claim, Piece, RenderInputs};

/// A body's HTML with holes, made by [`prerender`].
#[derive(Debug)]
pub(crate) struct Prerendered {
    html: Box<str>,
    /// Each hole's byte offset in `html`, in order.
    holes: Box<[(u32, Hole)]>,
    /// Link and image destinations as written, which [`Hole::Address`] and
    /// [`Hole::LinkEnd`] index.
    dests: Box<[Box<str>]>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Hole {
    Claim { index: u32, place: ClaimPlace },
    Address { dest: u32 },
    LinkEnd { dest: u32, in_alt: bool },
}

/// The body's HTML with holes, from the scan's parse; `None` when the body has a plot
/// (drawn from run data the scan does not have).
pub(crate) fn prerender(
    body: &str,
    nodes: Vec<Piece<'_>>,
    claim_ends: &[Option<char>],
) -> Option<Prerendered> {
    let has_plot = nodes.iter().any(|node| {
        matches!(node, Piece::Event(Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(info))), _)
            if crate::plots::is_plot_fence(info) || crate::raw_blocks::is_raw_fence(info))
    });
    if has_plot {
        return None;
    }
    // A mark no body can hold: made from the body's own hash, which the body cannot contain.
    let boundary = format!("tally{}-", &blake3::hash(body.as_bytes()).to_hex()[..16]);
    let mut marks = Marks { boundary: &boundary, dests: Vec::new(), written: 0, claim_ends };
    let events = body_events(nodes, &mut marks, [&[], &[]]);
    let mut marked = String::with_capacity(body.len() * 3 / 2);
    html::push_html(&mut marked, events.into_iter());
    let (html, holes) = cut_holes(&marked, &boundary)?;
    // Every mark the writer was to write is found, and nothing else that looks like one.
    (holes.len() == marks.written).then(|| Prerendered {
        html: crate::fit::boxed_str(html),
        holes: crate::fit::boxed_slice(holes),
        dests: marks.dests.into_iter().map(crate::fit::boxed_str).collect(),
    })
}

/// The last character of each figure tag's text, which the typography of the text after it
/// reads (see `render`'s `Fill::claim_end`).
pub(crate) fn claim_ends(claims: &[Claim]) -> Vec<Option<char>> {
    claims.iter().map(|claim| claim.live.chars().next_back()).collect()
}

/// Leaves a mark where each hole goes: `{boundary}{kind}{number}-`, letters, digits and
/// dashes, which the HTML writer writes unchanged in text, attributes and addresses alike.
struct Marks<'b> {
    boundary: &'b str,
    dests: Vec<String>,
    /// How many marks the writer writes (an address inside alt text it does not).
    written: usize,
    /// The last character of each figure tag's text ([`claim_ends`]).
    claim_ends: &'b [Option<char>],
}

impl Marks<'_> {
    fn dest_index(&mut self, dest: &str) -> usize {
        match self.dests.iter().position(|d| d == dest) {
            Some(at) => at,
            None => {
                self.dests.push(dest.to_string());
                self.dests.len() - 1
            }
        }
    }
}

impl Fill for Marks<'_> {
    fn claim(&mut self, index: usize, place: ClaimPlace) -> String {
        self.written += 1;
        let kind = match place {
            ClaimPlace::Free => 'c',
            ClaimPlace::InLink => 'l',
            ClaimPlace::InAlt => 'a',
        };
        self.mark(kind, index)
    }

    fn claim_end(&self, index: usize) -> Option<char> {
        self.claim_ends.get(index).copied().flatten()
    }

    fn dest<'a>(&mut self, dest: CowStr<'a>, dropped: bool) -> CowStr<'a> {
        if !dropped {
            self.written += 1;
        }
        let at = self.dest_index(&dest);
        CowStr::from(self.mark('u', at))
    }

    fn link_end(&mut self, dest: &str, in_alt: bool) -> Option<String> {
        self.written += 1;
        let at = self.dest_index(dest);
        Some(self.mark(if in_alt { 'A' } else { 'e' }, at))
    }
}

impl Marks<'_> {
    /// The boundary, the mark's kind and its number: `tally…-c12-`. Written without
    /// `format!`, which cost more than the rest of the mark (a page has a mark a figure).
    fn mark(&self, kind: char, index: usize) -> String {
        let mut number = itoa::Buffer::new();
        let number = number.format(index);
        let mut mark = String::with_capacity(self.boundary.len() + 2 + number.len());
        mark.push_str(self.boundary);
        mark.push(kind);
        mark.push_str(number);
        mark.push('-');
        mark
    }
}

/// The HTML without its marks, and each mark's hole at its place; `None` at a mark that
/// does not read as one.
fn cut_holes(marked: &str, boundary: &str) -> Option<(String, Vec<(u32, Hole)>)> {
    let mut html = String::with_capacity(marked.len());
    let mut holes = Vec::new();
    let mut at = 0;
    for found in memchr::memmem::find_iter(marked.as_bytes(), boundary.as_bytes()) {
        if found < at {
            return None;
        }
        html.push_str(marked.get(at..found)?);
        let rest = marked.get(found + boundary.len()..)?;
        let kind = rest.chars().next()?;
        let digits = rest.get(1..)?.bytes().take_while(u8::is_ascii_digit).count();
        let number: u32 = rest.get(1..1 + digits)?.parse().ok()?;
        if rest.as_bytes().get(1 + digits) != Some(&b'-') {
            return None;
        }
        let hole = match kind {
            'c' => Hole::Claim { index: number, place: ClaimPlace::Free },
            'l' => Hole::Claim { index: number, place: ClaimPlace::InLink },
            'a' => Hole::Claim { index: number, place: ClaimPlace::InAlt },
            'u' => Hole::Address { dest: number },
            'e' => Hole::LinkEnd { dest: number, in_alt: false },
            'A' => Hole::LinkEnd { dest: number, in_alt: true },
            _ => return None,
        };
        holes.push((u32::try_from(html.len()).ok()?, hole));
        at = found + boundary.len() + 2 + digits;
    }
    html.push_str(marked.get(at..)?);
    Some((html, holes))
}

impl Prerendered {
    /// The body's HTML, with the checks' views of its figure tags (`claims`, the scan's)
    /// and its links' addresses filled in: what `render_html` gives for the same body.
    pub(crate) fn fill(&self, claims: &[Claim], inputs: &RenderInputs) -> String {
        let mut filled = Filled { inputs, claims };
        let mut out = String::with_capacity(self.html.len() + claims.len() * 160);
        let mut at = 0;
        for &(hole_at, hole) in &self.holes {
            let hole_at = hole_at as usize;
            out.push_str(&self.html[at..hole_at]);
            at = hole_at;
            let dest = |d: u32| self.dests.get(d as usize).map_or("", |d| &**d);
            // Writing into a String cannot fail.
            let _ = match hole {
                Hole::Claim { index, place } => {
                    let claim = filled.claim(index as usize, place);
                    write_inline(&mut out, &claim, place == ClaimPlace::InAlt)
                }
                Hole::Address { dest: d } => {
                    let address = filled.dest(CowStr::Borrowed(dest(d)), false);
                    escape_href(&mut out, &address)
                }
                Hole::LinkEnd { dest: d, in_alt } => match filled.link_end(dest(d), in_alt) {
                    Some(end) => write_inline(&mut out, &end, in_alt),
                    None => Ok(()),
                },
            };
        }
        out.push_str(&self.html[at..]);
        out
    }
}

/// Inline HTML as the writer writes it: as it is, or escaped inside alt text.
fn write_inline(out: &mut String, inline: &str, in_alt: bool) -> std::fmt::Result {
    if in_alt {
        escape_html(out, inline)
    } else {
        out.push_str(inline);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
