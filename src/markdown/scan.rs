//! Scanning: what a page body contains ([`Scan`]), with places in the page's file, for the
//! stages after markdown (links to resolve, headings, figure tags, running text for untagged
//! figures, tables, malformed tags, addresses in raw HTML).
//!
//! Owns the walk over a parsed body and the [`Scan`] it fills. It does not read tags (that is
//! `parse`), judge malformed ones (that is `tag_errors`) or pick apart raw HTML (that is
//! `raw_html`); and it does not check what it reports.

use std::ops::Range;

use pulldown_cmark::{Event, Tag, TagEnd};

use super::heading_attributes::{explicit_id, heading_attributes};
use super::places::{PlaceWalk, Places};
use super::raw_html::{html_addresses, html_ids, html_reader_text, raw_link_tag, strike_tag};
use super::tag_errors::{self, malformed_tags, tags_in_raw_html};
use super::{Claim, LiteralEmphasis, Piece, Reference, parse};

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Heading {
    pub level: u8,
    pub text: String,
    pub id: String,
    pub range: Range<usize>,
    /// Whether the author wrote the id (`{#id}`) rather than tally making it from the text.
    #[serde(default)]
    pub explicit: bool,
}

/// What a page body contains, with places in the page's file.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Scan {
    pub headings: Vec<Heading>,
    pub links: Vec<Reference>,
    pub images: Vec<Reference>,
    pub claims: Vec<Claim>,
    /// Running text outside code and outside tags, for finding untagged figures.
    pub prose: Vec<(Range<usize>, String)>,
    /// Tables: rows of cells (header first), each cell's text and place, for family tables.
    pub tables: Vec<Vec<Vec<Cell>>>,
    /// Tags that are not tags (`787 Mbit/s{=rate}`, `[9]{=}`, `[9] {=a}`), or tags where a
    /// figure cannot stand (alt text): their place and what is wrong.
    pub malformed: Vec<(Range<usize>, String)>,
    /// Figure-like numbers struck outside a tag in a table cell: an error but where a
    /// family table keeps its history, which only the check stage knows.
    #[serde(default)]
    pub struck_in_cells: Vec<StruckInCell>,
    /// Addresses written in raw HTML (`href`, `src`, `action`, ...), with their places:
    /// published as they are, so they are checked like a markdown link's.
    pub html_addresses: Vec<Reference>,
    /// Each footnote's name (`[^notes]: …`) with the place of its text.
    #[serde(default)]
    pub footnotes: Vec<(String, Range<usize>)>,
    /// The `id` of each element written in raw HTML, with the place of its value.
    #[serde(default)]
    pub html_ids: Vec<(String, Range<usize>)>,
    /// The blocks a reader reads one by one, for comparing a translation place by place.
    pub places: Places,
    /// What a heading's attribute block holds besides `#id` and `.class`, as written, with
    /// its place: it would go into the HTML unchecked.
    #[serde(default)]
    pub heading_attributes: Vec<(String, Range<usize>)>,
    /// References to footnotes the page does not define (`[^nope]`), each with its place:
    /// they would be published as their literal text.
    #[serde(default)]
    pub undefined_footnotes: Vec<(String, Range<usize>)>,
    /// Emphasis beside Japanese text that markdown leaves as literal asterisks or
    /// underscores (`**「強調」**の`), at its opening run.
    #[serde(default)]
    pub literal_emphasis: Vec<LiteralEmphasis>,
    /// Run-in headings: the bold a paragraph starts with (`**Three failures.** …`), whose
    /// numbers a reader reads first, as a heading's.
    #[serde(default)]
    pub run_in_headings: Vec<Range<usize>>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Cell {
    pub range: Range<usize>,
    /// Text pieces of the cell, each marked struck or not.
    pub pieces: Vec<(String, bool)>,
}

/// A number struck outside a tag in a table cell: its place, the error it is, and its
/// table (in [`Scan::tables`]) and column.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StruckInCell {
    pub range: Range<usize>,
    pub message: String,
    pub table: usize,
    pub column: usize,
}

impl Cell {
    pub fn text(&self) -> String {
        self.pieces.iter().map(|(t, _)| t.as_str()).collect()
    }
}

/// Whether the tag at `range` stands inside a link's text: an open `[` before it and `](`
/// after it, in the same paragraph.
fn in_link_text(body: &str, offset: usize, range: &Range<usize>) -> bool {
    let (Some(before), Some(after)) = (body.get(..range.start - offset), body.get(range.end - offset..))
    else {
        return false;
    };
    // Each side is read only up to its nearest bracket: reading to the paragraph's end made
    // a table of tags (one paragraph) quadratic.
    let before = before.as_bytes();
    let mut open = false;
    for (i, &byte) in before.iter().enumerate().rev() {
        match byte {
            b'[' => {
                open = true;
                break;
            }
            b']' => break,
            b'\n' if i > 0 && before[i - 1] == b'\n' => break,
            _ => {}
        }
    }
    if !open {
        return false;
    }
    let after = after.as_bytes();
    for (i, &byte) in after.iter().enumerate() {
        match byte {
            b'[' => return false,
            b']' if after.get(i + 1) == Some(&b'(') => return true,
            b'\n' if after.get(i + 1) == Some(&b'\n') => return false,
            _ => {}
        }
    }
    false
}

/// Scans a page body (which starts at byte `offset` of its file).
pub fn scan(body: &str, offset: usize) -> Scan {
    let (nodes, claims) = parse(body, offset);
    scan_nodes(body, offset, &nodes, claims)
}

/// Scans a page body and writes its HTML with holes, from one parse.
pub(crate) fn scan_and_prerender(body: &str, offset: usize) -> (Scan, Option<super::Prerendered>) {
    let (nodes, claims) = parse(body, offset);
    let ends = super::prerender::claim_ends(&claims);
    let scan = scan_nodes(body, offset, &nodes, claims);
    (scan, super::prerender::prerender(body, nodes, &ends))
}

fn scan_nodes(body: &str, offset: usize, nodes: &[Piece<'_>], claims: Vec<Claim>) -> Scan {
    let mut scan = Scan { claims, ..Scan::default() };
    super::around::around_tags(nodes, &scan.claims, body, offset, &mut scan.malformed);
    scan.literal_emphasis = super::cjk::literal_emphasis(nodes, body, offset);
    tags_in_images_and_links(body, offset, nodes, &mut scan);
    let mut walk = Walk { body, offset, ..Walk::default() };
    for node in nodes {
        walk.node(node, &mut scan);
    }
    scan
}

/// Figure tags where no check stands behind what a reader reads: in an image's alt text, or
/// inside a link's text (which a figure's own link would be nested in).
fn tags_in_images_and_links(body: &str, offset: usize, nodes: &[Piece<'_>], scan: &mut Scan) {
    // A figure in alt text is never shown as one: the reader of the image's text would see
    // a number no check stands behind in its place.
    let mut in_image = 0usize;
    // Inside a link written in raw HTML (`<a href=...>`), which a figure's own link would
    // be nested in.
    let mut in_raw_link = 0usize;
    for node in nodes {
        match node {
            Piece::Event(Event::Start(Tag::Image { .. }), _) => in_image += 1,
            Piece::Event(Event::End(TagEnd::Image), _) => in_image = in_image.saturating_sub(1),
            Piece::Event(Event::InlineHtml(html), _) => match raw_link_tag(html) {
                Some(true) => in_raw_link += 1,
                Some(false) => in_raw_link = in_raw_link.saturating_sub(1),
                None => {}
            },
            Piece::Claim(index) if in_image > 0 => {
                let claim = &scan.claims[*index];
                scan.malformed.push((
                    claim.range.clone(),
                    format!(
                        "a figure tag in an image's alt text is not checked where it is read; write the number `{}` in the text beside the image, tagged, or leave it out of the alt text",
                        claim.live
                    ),
                ));
            }
            Piece::Claim(index)
                if in_raw_link > 0 || in_link_text(body, offset, &scan.claims[*index].range) =>
            {
                let claim = &scan.claims[*index];
                scan.malformed.push((
                    claim.range.clone(),
                    "a figure tag inside a link's text leaves the link unmade (links cannot hold links); put the tag outside the link's brackets".to_string(),
                ));
            }
            _ => {}
        }
    }
}

/// Where the walk over a body's pieces stands: which block or span it is inside, and what
/// it has gathered of the one open (a heading's text, an image's alt, a table's cells).
#[derive(Default)]
struct Walk<'b> {
    body: &'b str,
    offset: usize,
    code_depth: usize,
    heading: Option<(u8, String, Range<usize>, String)>,
    image: Option<Reference>,
    table: Option<Vec<Vec<Cell>>>,
    cell: Option<Cell>,
    strike: bool,
    /// Inside raw `<del>`, `<s>` or `<strike>`, which a reader sees struck as `~~…~~` is: a
    /// tag there is published struck, and a family table's value there does not count.
    struck_html: usize,
    /// Inside a raw <script> or <style>, whose text no reader sees.
    in_script: bool,
    places: PlaceWalk,
    /// Inside an HTML comment, which may span several pieces of raw HTML (an HTML block's
    /// lines): the elements written in it are none of the page's.
    in_comment: bool,
    /// Right after a paragraph's start: a bold that starts there is a run-in heading.
    paragraph_starts: bool,
}

impl Walk<'_> {
    fn struck(&self) -> bool {
        self.strike || self.struck_html > 0
    }

    fn node(&mut self, node: &Piece<'_>, scan: &mut Scan) {
        let starts_a_paragraph = matches!(node, Piece::Event(Event::Start(Tag::Paragraph), _));
        if let Piece::Event(Event::Start(Tag::Strong), range) = node
            && self.paragraph_starts
        {
            scan.run_in_headings.push(range.clone());
        }
        self.paragraph_starts = starts_a_paragraph;
        if let Piece::Claim(index) = node {
            let claim = &scan.claims[*index];
            if self.struck() {
                tag_errors::struck_tag(claim, &mut scan.malformed);
            }
            if let Some(cell) = &mut self.cell {
                for (text, _) in &claim.struck {
                    cell.pieces.push((text.clone(), true));
                }
                cell.pieces.push((claim.live.clone(), self.struck_html > 0));
            }
            return;
        }
        let Piece::Event(event, range) = node else {
            return;
        };
        self.places.event(event, range, &mut scan.places);
        if self.code_depth == 0
            && let Event::Text(_) = event
        {
            malformed_tags(self.body, self.offset, range.clone(), &mut scan.malformed);
        }
        self.event(event, range, scan);
    }

    fn event(&mut self, event: &Event<'_>, range: &Range<usize>, scan: &mut Scan) {
        let (body, offset) = (self.body, self.offset);
        match event {
            Event::Start(Tag::CodeBlock(_)) => self.code_depth += 1,
            Event::End(TagEnd::CodeBlock) => self.code_depth = self.code_depth.saturating_sub(1),
            Event::Start(Tag::Heading { level, id, classes, attrs }) => {
                if id.is_some() || !classes.is_empty() || !attrs.is_empty() {
                    heading_attributes(body, offset, range, &mut scan.heading_attributes);
                }
                self.heading = Some((
                    *level as u8,
                    String::new(),
                    range.clone(),
                    id.as_deref().unwrap_or("").to_string(),
                ));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, text, range, id)) = self.heading.take() {
                    let explicit = explicit_id(body, offset, &range, &id);
                    scan.headings.push(Heading { level, text: text.trim().to_string(), id, range, explicit });
                }
            }
            Event::Start(Tag::Link { dest_url, title, link_type, .. }) => {
                titled(body, offset, range, title, &mut scan.prose);
                // `<a@b.c>` links to `mailto:a@b.c`, which the HTML writes and the checks
                // must read, not a file named `a@b.c`.
                let dest = match link_type {
                    pulldown_cmark::LinkType::Email => format!("mailto:{dest_url}"),
                    _ => dest_url.to_string(),
                };
                scan.links.push(Reference { dest, range: range.clone(), alt: String::new() });
            }
            Event::Start(Tag::Image { dest_url, title, .. }) => {
                titled(body, offset, range, title, &mut scan.prose);
                self.image =
                    Some(Reference { dest: dest_url.to_string(), range: range.clone(), alt: String::new() });
            }
            Event::End(TagEnd::Image) => scan.images.extend(self.image.take()),
            Event::Start(Tag::FootnoteDefinition(name)) => {
                scan.footnotes.push((name.to_string(), range.clone()))
            }
            Event::Start(Tag::Table(_)) => self.table = Some(Vec::new()),
            Event::End(TagEnd::Table) => scan.tables.extend(self.table.take()),
            Event::Start(Tag::TableHead | Tag::TableRow) => {
                if let Some(table) = &mut self.table {
                    table.push(Vec::new());
                }
            }
            Event::Start(Tag::TableCell) => {
                self.struck_html = 0;
                self.cell = Some(Cell { range: range.clone(), pieces: Vec::new() });
            }
            Event::End(TagEnd::TableCell) => {
                if let (Some(table), Some(cell)) = (&mut self.table, self.cell.take())
                    && let Some(row) = table.last_mut()
                {
                    row.push(cell);
                }
            }
            Event::Start(Tag::Strikethrough) => self.strike = true,
            Event::End(TagEnd::Strikethrough) => self.strike = false,
            Event::Text(text) => self.text(text, range, scan),
            Event::Code(text) => {
                if let Some((_, heading_text, _, _)) = &mut self.heading {
                    heading_text.push_str(text);
                }
                // A code span in a cell is shown to the reader as the cell's other text is.
                let struck = self.struck();
                if let Some(cell) = &mut self.cell {
                    cell.pieces.push((text.to_string(), struck));
                }
            }
            // Raw HTML: what a reader sees of it (text, alt and title attributes, captions)
            // holds numbers too; the markup does not.
            Event::Html(html) | Event::InlineHtml(html) => self.raw_html(html, range, scan),
            _ => {}
        }
    }

    /// A text event: a heading's, an image's alt, a table cell's, or running text.
    fn text(&mut self, text: &str, range: &Range<usize>, scan: &mut Scan) {
        let struck = self.struck();
        if let Some((_, heading_text, _, _)) = &mut self.heading {
            heading_text.push_str(text);
        }
        if let Some(image) = &mut self.image {
            image.alt.push_str(text);
            // A cell's image shows its alt text where the picture is not (and to a
            // screen reader): its numbers are the cell's too.
            if let Some(cell) = &mut self.cell {
                cell.pieces.push((text.to_string(), struck));
            }
            // A reader of the alt text reads its numbers too.
            scan.prose.push((range.clone(), text.to_string()));
            return;
        }
        if let Some(cell) = &mut self.cell {
            if struck {
                let mut found = Vec::new();
                tag_errors::struck_outside_tag(text, range.clone(), &mut found);
                let (table, column) =
                    (scan.tables.len(), self.table.as_ref().and_then(|t| t.last()).map_or(0, Vec::len));
                scan.struck_in_cells.extend(found.into_iter().map(|(range, message)| StruckInCell {
                    range,
                    message,
                    table,
                    column,
                }));
            }
            cell.pieces.push((text.to_string(), struck));
        } else if struck && self.code_depth == 0 {
            // A family table's struck cell is its history (`~~40 %~~ 60 %`); in
            // running text a struck number is a correction, which only a tag makes.
            tag_errors::struck_outside_tag(text, range.clone(), &mut scan.malformed);
        }
        if self.code_depth == 0 {
            undefined_footnotes(self.body, self.offset, range, &mut scan.undefined_footnotes);
            scan.prose.push((range.clone(), text.to_string()));
        }
    }

    /// A piece of raw HTML: its struck elements, tags and ids, addresses, and what a reader
    /// is shown of it.
    fn raw_html(&mut self, html: &str, range: &Range<usize>, scan: &mut Scan) {
        match strike_tag(html) {
            Some(true) => self.struck_html += 1,
            Some(false) => self.struck_html = self.struck_html.saturating_sub(1),
            None => {}
        }
        let Some(source) = self.body.get(range.start - self.offset..range.end - self.offset) else {
            return;
        };
        if !self.in_script {
            tags_in_raw_html(source, range.start, &mut scan.malformed);
            tag_errors::raw_data_elements(source, range.start, &mut scan.malformed);
        }
        scan.html_addresses.extend(html_addresses(source, range.start));
        if !self.in_script {
            scan.html_ids.extend(html_ids(source, range.start, &mut self.in_comment));
        }
        scan.prose.push((range.clone(), html_reader_text(source, &mut self.in_script)));
    }
}

/// The references to undefined footnotes in a text event at `range`: the parser leaves a
/// `[^NAME]` whose definition the page lacks as text. An escaped `\[^` is text by intent.
fn undefined_footnotes(
    body: &str,
    offset: usize,
    range: &Range<usize>,
    found: &mut Vec<(String, Range<usize>)>,
) {
    let source = body.get(range.start - offset..range.end - offset).unwrap_or("");
    let mut from = 0;
    while let Some(at) = source[from..].find("[^").map(|i| from + i) {
        from = at + 2;
        if body[..range.start - offset + at].ends_with('\\') {
            continue;
        }
        let rest = &source[at + 2..];
        let Some(end) = rest.find(']') else {
            break;
        };
        let name = &rest[..end];
        if !name.is_empty() && !name.contains(|c: char| c.is_whitespace() || c == '[' || c == '^') {
            let start = range.start + at;
            found.push((name.to_string(), start..start + 3 + name.len()));
        }
    }
}

/// A link's or image's title (`[a](url "title")`), shown to a reader on hover and read
/// aloud, goes with the running text; at its place in the link when written there, at the
/// link's start when it comes from a reference's definition.
fn titled(
    body: &str,
    offset: usize,
    range: &Range<usize>,
    title: &str,
    prose: &mut Vec<(Range<usize>, String)>,
) {
    if title.is_empty() {
        return;
    }
    let source = body.get(range.start - offset..range.end - offset).unwrap_or("");
    let at = source.rfind(title).map_or(range.start, |i| range.start + i);
    prose.push((at..(at + title.len()).min(range.end.max(at)), title.to_string()));
}

#[cfg(test)]
mod link_text_tests {
    use super::in_link_text;
    use proptest::prelude::*;

    /// The reading this replaced, kept as the oracle: the paragraph around the tag, split.
    fn by_paragraph(body: &str, range: &std::ops::Range<usize>) -> bool {
        let (before, after) = (&body[..range.start], &body[range.end..]);
        let before = before.rsplit("\n\n").next().unwrap_or(before);
        let after = after.split("\n\n").next().unwrap_or(after);
        let open = before.rfind('[').is_some_and(|i| !before[i..].contains(']'));
        let closes = after.find("](").is_some_and(|i| !after[..i].contains('['));
        open && closes
    }

    #[test]
    fn a_tag_between_a_links_brackets_is_in_its_text() {
        let body = "see [the [9]{=n} rate](x.md) here";
        let at = body.find("[9]").unwrap();
        assert!(in_link_text(body, 0, &(at..at + 7)));
        let body = "a [9]{=n} b [c](x.md)";
        let at = body.find("[9]").unwrap();
        assert!(!in_link_text(body, 0, &(at..at + 7)));
        let body = "[a\n\n[9]{=n}](x.md)";
        let at = body.find("[9]").unwrap();
        assert!(!in_link_text(body, 0, &(at..at + 7)), "a blank line ends the paragraph");
    }

    proptest! {
        #[test]
        fn reads_as_the_paragraph_split_did(
            before in "[ab\\[\\]()\n]{0,12}",
            after in "[ab\\[\\]()\n]{0,12}",
        ) {
            let body = format!("{before}[9]{{=n}}{after}");
            let range = before.len()..before.len() + "[9]{=n}".len();
            prop_assert_eq!(in_link_text(&body, 0, &range), by_paragraph(&body, &range));
        }
    }
}
