//! Places: the blocks a reader reads one by one (paragraphs, headings, list items, table
//! cells, raw HTML blocks and the paragraphs, items, cells and headings inside them), in
//! the order they stand, and which of them holds a given byte of the file.
//!
//! Owns [`Places`] and the walk that fills it from a body's events. A translation states
//! each number at its original's place, so parity asks which place each tag and number
//! stands in; this module answers by the innermost block around a byte, found by a binary
//! search over the points where the innermost block changes (a number's place is never
//! looked for by walking the blocks, which made a page of many blocks quadratic).
//!
//! Offsets are held as `u32`: a site's places are kept from the resolve stage to the end of
//! the build and in the memo, and `usize` offsets made them 11 of the 1,000-bundle
//! corpus's 94 MB heap peak (bench/notes.md). A page is never near 4 GiB; an offset past
//! that is held as the last one, so a byte there is taken to be in the page's last block.

use std::ops::Range;

use crate::fit::Fit;

use pulldown_cmark::{Event, Tag, TagEnd};

/// What kind of block a place is, as a message names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PlaceKind {
    Paragraph,
    Heading,
    Item,
    /// A table cell; row 0 is the header row.
    Cell {
        row: u32,
        column: u32,
    },
    Html,
}

impl PlaceKind {
    /// The block as a sentence names it: "paragraph", "table cell (row 2, column 3)".
    pub fn describe(&self) -> String {
        match self {
            PlaceKind::Paragraph => "paragraph".to_string(),
            PlaceKind::Heading => "heading".to_string(),
            PlaceKind::Item => "list item".to_string(),
            PlaceKind::Cell { row: 0, column } => format!("table header (column {})", column + 1),
            PlaceKind::Cell { row, column } => format!("table cell (row {row}, column {})", column + 1),
            PlaceKind::Html => "HTML block".to_string(),
        }
    }
}

/// One block, with its place in the page's file.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Place {
    pub kind: PlaceKind,
    start: u32,
    end: u32,
}

impl Place {
    /// The block's bytes in the page's file.
    pub fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// `at` as a place holds it (see the module's note on offsets past 4 GiB).
fn offset(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(u32::MAX)
}

/// In [`Places::changes`]: no block from this offset on.
const NO_BLOCK: u32 = u32::MAX;

/// A page's blocks in order, and which is innermost at each byte.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Places {
    pub list: Vec<Place>,
    /// From each offset on, until the next entry's, the index of the innermost block
    /// ([`NO_BLOCK`] between blocks).
    changes: Vec<(u32, u32)>,
}

impl Places {
    /// The innermost block holding byte `at` of the file.
    pub fn at(&self, at: usize) -> Option<usize> {
        let at = offset(at);
        let i = self.changes.partition_point(|(from, _)| *from <= at);
        let block = self.changes.get(i.checked_sub(1)?)?.1;
        (block != NO_BLOCK).then_some(block as usize)
    }

    /// Adds a block starting at `range.start`, innermost from there on.
    fn open(&mut self, kind: PlaceKind, range: Range<usize>) -> usize {
        let index = self.list.len();
        let (start, end) = (offset(range.start), offset(range.end));
        self.list.push(Place { kind, start, end });
        // Index `u32::MAX` would read as no block: a page of four billion blocks is not one.
        self.changes.push((start, u32::try_from(index).unwrap_or(NO_BLOCK)));
        index
    }

    /// From `at` on, `block` is innermost (or none).
    fn close(&mut self, at: usize, block: Option<usize>) {
        let block = block.and_then(|b| u32::try_from(b).ok()).unwrap_or(NO_BLOCK);
        self.changes.push((offset(at), block));
    }

    /// Gives back the spare capacity of the lists, once the walk has ended.
    pub(super) fn shrink_to_fit(&mut self) {
        self.list.fit();
        self.changes.fit();
    }
}

/// The walk over a body's events that records its blocks.
#[derive(Default)]
pub(super) struct PlaceWalk {
    open: Vec<usize>,
    row: u32,
    column: u32,
    in_html: bool,
}

/// The elements of raw HTML that a reader reads as blocks of their own: a raw table's
/// rows swapped between the languages are as wrong as a markdown table's.
const HTML_BLOCKS: [&str; 11] = ["p", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6"];

impl PlaceWalk {
    pub(super) fn event(&mut self, event: &Event<'_>, range: &Range<usize>, places: &mut Places) {
        if let Event::Html(html) = event
            && self.in_html
        {
            self.html(html, range.start, places);
            return;
        }
        let kind = match event {
            Event::Start(Tag::Paragraph) => PlaceKind::Paragraph,
            Event::Start(Tag::Heading { .. }) => PlaceKind::Heading,
            Event::Start(Tag::Item) => PlaceKind::Item,
            Event::Start(Tag::HtmlBlock) => {
                self.in_html = true;
                PlaceKind::Html
            }
            Event::Start(Tag::Table(_)) => {
                self.row = 0;
                return;
            }
            Event::Start(Tag::TableRow) => {
                self.row = self.row.saturating_add(1);
                self.column = 0;
                return;
            }
            Event::Start(Tag::TableHead) => {
                self.column = 0;
                return;
            }
            Event::Start(Tag::TableCell) => {
                self.column = self.column.saturating_add(1);
                PlaceKind::Cell { row: self.row, column: self.column - 1 }
            }
            Event::End(
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::HtmlBlock | TagEnd::TableCell,
            ) => {
                if matches!(event, Event::End(TagEnd::HtmlBlock)) {
                    self.in_html = false;
                }
                self.open.pop();
                places.close(range.end, self.open.last().copied());
                return;
            }
            _ => return,
        };
        let index = places.open(kind, range.clone());
        self.open.push(index);
    }

    /// A line of a raw HTML block (which starts at byte `start`): each element of
    /// [`HTML_BLOCKS`] opened in it starts a block, up to the next one or the HTML's end.
    fn html(&mut self, html: &str, start: usize, places: &mut Places) {
        let bytes = html.as_bytes();
        for (at, _) in html.match_indices('<') {
            let name_end = bytes[at + 1..]
                .iter()
                .position(|b| !b.is_ascii_alphanumeric())
                .map_or(bytes.len(), |n| at + 1 + n);
            let name = html[at + 1..name_end].to_ascii_lowercase();
            if name == "table" {
                self.row = 0;
                continue;
            }
            if !HTML_BLOCKS.contains(&name.as_str()) {
                continue;
            }
            let kind = match name.as_str() {
                "tr" => {
                    self.row = self.row.saturating_add(1);
                    self.column = 0;
                    continue;
                }
                "td" | "th" => {
                    self.column = self.column.saturating_add(1);
                    PlaceKind::Cell { row: self.row, column: self.column - 1 }
                }
                "li" => PlaceKind::Item,
                "p" => PlaceKind::Paragraph,
                _ => PlaceKind::Heading,
            };
            places.open(kind, start + at..start + html.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::markdown::scan;

    /// The kind of the block innermost at the first `needle` of `body`.
    fn kind_at(body: &str, needle: &str) -> Option<String> {
        let scanned = scan(body, 0);
        let at = body.find(needle)?;
        scanned.places.at(at).map(|i| scanned.places.list[i].kind.describe())
    }

    #[test]
    fn each_byte_is_in_its_innermost_block() {
        let body =
            "A 1.\n\n- item 2\n  - inner 3\n\n  after 4\n\n| a | b |\n|---|---|\n| 5 | 6 |\n\n## Head 7\n";
        assert_eq!(kind_at(body, "1.").as_deref(), Some("paragraph"));
        assert_eq!(kind_at(body, "inner 3").as_deref(), Some("list item"));
        assert_eq!(kind_at(body, "after 4").as_deref(), Some("paragraph"));
        assert_eq!(kind_at(body, "b |").as_deref(), Some("table header (column 2)"));
        assert_eq!(kind_at(body, "6 |").as_deref(), Some("table cell (row 1, column 2)"));
        assert_eq!(kind_at(body, "Head").as_deref(), Some("heading"));
        let scanned = scan(body, 0);
        assert_eq!(scanned.places.at(body.find("\n\n").unwrap_or(0) + 1), None, "between blocks");
    }

    #[test]
    fn a_place_keeps_its_bytes_and_an_offset_past_4_gib_is_the_last() {
        let body = "Before.\n\n| a | b |\n|---|---|\n| 5 | 6 |\n";
        let scanned = scan(body, 100);
        let cell = scanned.places.at(100 + body.find('6').unwrap_or(0)).expect("in a cell");
        let place = &scanned.places.list[cell];
        assert_eq!(place.kind, super::PlaceKind::Cell { row: 1, column: 1 });
        assert_eq!(&body[place.range().start - 100..place.range().end - 100], " 6 ");
        assert_eq!(super::offset(5_000_000_000), u32::MAX);
        assert_eq!(scanned.places.at(5_000_000_000), None, "after the last block");
    }

    #[test]
    fn the_rows_cells_and_paragraphs_of_raw_html_are_blocks_of_their_own() {
        let body = "<table>\n<tr><th>run</th><th>rate</th></tr>\n<tr><td>a</td><td>940</td></tr>\n</table>\n\n<div><p>one 1</p><P class=x>two 2</p></div>\n";
        assert_eq!(kind_at(body, "rate").as_deref(), Some("table cell (row 1, column 2)"));
        assert_eq!(kind_at(body, "940").as_deref(), Some("table cell (row 2, column 2)"));
        assert_eq!(kind_at(body, "one 1").as_deref(), Some("paragraph"));
        let scanned = scan(body, 0);
        let (one, two) = (body.find("one 1").unwrap_or(0), body.find("two 2").unwrap_or(0));
        assert_ne!(scanned.places.at(one), scanned.places.at(two));
    }
}
