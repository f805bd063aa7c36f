//! Markdown: one parse of a page body into events, shared by the scan (what the page links
//! to, which headings and figure tags it has) and the HTML rendering.
//!
//! Owns the page's [`Scan`] and the claim-tag syntax (`[TEXT]{=NAME}`, `{~NAME}`,
//! `{vendor=NAME}`, a comparison's `{? A >= B}`, struck values inside TEXT). It does not check figures or resolve links:
//! it reports them, and renders what the later stages decided.
//!
//! Each step has its own module: `parse` (events and tags), `scan` (what a body contains),
//! `places` (the blocks a reader reads one by one), `raw_html` (what a reader sees of raw
//! HTML, its addresses), `tag_errors` (tags that are not tags), `around` (what stands beside
//! a tag: glued text, words of approximation), `cjk` (Japanese text: joined lines, emphasis
//! left literal), `render` (the HTML), `prerender` (the HTML with holes for what the checks
//! decide, written from the scan's parse), `slug` (heading ids) and `autolink` (bare addresses
//! linked as GFM links them).

mod around;
mod autolink;
mod cjk;
mod compact;
mod heading_attributes;
mod parse;
mod places;
mod prerender;
mod raw_html;
mod render;
mod scan;
mod slug;
mod tag_errors;

use std::ops::Range;

use pulldown_cmark::Event;

pub(crate) use cjk::LiteralEmphasis;
pub use parse::parse_count;
pub(crate) use parse::{WORDS_MARK, parse, words_marked};
pub(crate) use places::PlaceKind;
pub(crate) use prerender::Prerendered;
pub(crate) use raw_html::{html_ids, html_reader_text};
pub(crate) use render::{ClaimView, LinkView};
pub use render::{RenderInputs, render_html};
pub(crate) use render::{footnote_id, render_html_with_plots};
pub use scan::scan;
pub(crate) use scan::scan_and_prerender;
pub(crate) use scan::{Cell, Scan};

/// A link or image destination as written, with its place in the file.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reference {
    pub dest: String,
    pub range: std::ops::Range<usize>,
    /// For images: the alt text.
    pub alt: String,
}

pub(crate) use slug::slugify;

/// How a figure tag asks to be checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimForm {
    /// `{=NAME}`: equal at the stated precision.
    Exact,
    /// `{~NAME}`: trailing zeros of an integer are not significant.
    Approximate,
    /// `{vendor=NAME}`: the vendor's figure, checked against `vendor:`.
    Vendor,
    /// `{? LEFT >= RIGHT}`: a comparison, words ("nearly as busy") whose meaning the author
    /// writes as an inequality of figures; `name` holds the inequality as written.
    Comparison,
}

impl ClaimForm {
    /// What opens a tag of this form after its `{`: `=`, `~`, `vendor=`, or `? ` before an
    /// inequality.
    pub(crate) fn opening(self) -> &'static str {
        match self {
            ClaimForm::Exact => "=",
            ClaimForm::Approximate => "~",
            ClaimForm::Vendor => "vendor=",
            ClaimForm::Comparison => "? ",
        }
    }
}

/// A figure stated in a page: `[~~old~~ new]{=NAME}`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Claim {
    /// The whole tag, in bytes of the page's file.
    pub range: Range<usize>,
    pub name: String,
    pub name_range: Range<usize>,
    pub form: ClaimForm,
    /// The live (unstruck) text, as written.
    pub live: String,
    pub live_range: Range<usize>,
    /// Struck values, as written, with their places.
    pub struck: Vec<(String, Range<usize>)>,
}

/// One element of a parsed body: a markdown event, or a figure tag in its place.
#[derive(Debug, Clone)]
pub(crate) enum Piece<'a> {
    Event(Event<'a>, Range<usize>),
    Claim(usize),
}

#[cfg(test)]
mod bracket_tests;
#[cfg(test)]
mod gfm_tests;
#[cfg(test)]
mod tests;
