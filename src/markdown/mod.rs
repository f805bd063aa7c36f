//! Markdown: one parse of a page body into events, shared by the scan (what the page links
//! to, which headings and figure tags it has) and the HTML rendering.
//!
//! Owns the page's [`Scan`] and the claim-tag syntax (`[TEXT]{=NAME}`, `{~NAME}`,
//! `{vendor=NAME}`, struck values inside TEXT). It does not check figures or resolve links:
//! it reports them, and renders what the later stages decided.

mod render;
mod slug;
mod tag_errors;

use std::ops::Range;

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};

use tag_errors::{malformed_tags, tags_in_raw_html};

pub(crate) use render::render_html_with_plots;
pub(crate) use render::{ClaimView, LinkView};
pub use render::{RenderInputs, render_html};

/// Text escaped for HTML.
pub(crate) fn escape_text(text: &str) -> String {
    render::escape(text)
}
pub(crate) use slug::slugify;

/// Where a dangling `[TEXT]` came from: every shortcut link without a definition is given
/// this destination, so that `[TEXT]{=NAME}` arrives as a link followed by the tag.
const CLAIM_SENTINEL: &str = "tally:claim";

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

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Heading {
    pub level: u8,
    pub text: String,
    pub id: String,
    pub range: Range<usize>,
}

/// A link or image destination as written, with its place in the file.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reference {
    pub dest: String,
    pub range: Range<usize>,
    /// For images: the alt text.
    pub alt: String,
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
    /// Addresses written in raw HTML (`href`, `src`, `action`, ...), with their places:
    /// published as they are, so they are checked like a markdown link's.
    pub html_addresses: Vec<Reference>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Cell {
    pub range: Range<usize>,
    /// Text pieces of the cell, each marked struck or not.
    pub pieces: Vec<(String, bool)>,
}

impl Cell {
    pub fn text(&self) -> String {
        self.pieces.iter().map(|(t, _)| t.as_str()).collect()
    }
}

/// One element of a parsed body: a markdown event, or a figure tag in its place.
#[derive(Debug, Clone)]
pub(crate) enum Piece<'a> {
    Event(Event<'a>, Range<usize>),
    Claim(usize),
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// How many bodies [`parse`] has parsed in this process, for the test that each page is
/// parsed once per build.
static PARSES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many markdown bodies this process has parsed.
pub fn parse_count() -> usize {
    PARSES.load(std::sync::atomic::Ordering::Relaxed)
}

/// Parses `body` (which starts at byte `offset` of its file) into nodes and claims.
pub(crate) fn parse(body: &str, offset: usize) -> (Vec<Piece<'_>>, Vec<Claim>) {
    PARSES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let callback =
        |_link: pulldown_cmark::BrokenLink<'_>| Some((CowStr::from(CLAIM_SENTINEL), CowStr::from("")));
    let parser = Parser::new_with_broken_link_callback(body, options(), Some(callback));
    let events: Vec<(Event, Range<usize>)> = parser
        .into_offset_iter()
        .map(|(event, range)| (event, range.start + offset..range.end + offset))
        .collect();
    let events = merge_text(events);
    let events = drop_cjk_soft_breaks(events);
    let events = name_headings(events);
    group_claims(events, body, offset)
}

/// pulldown-cmark splits text at characters that might start markup; joining the pieces
/// makes a tag's `{=NAME}` arrive whole.
fn merge_text(events: Vec<(Event<'_>, Range<usize>)>) -> Vec<(Event<'_>, Range<usize>)> {
    let mut merged: Vec<(Event, Range<usize>)> = Vec::with_capacity(events.len());
    // Text pieces being joined: grown in place, so that a long run of pieces takes linear time.
    let mut joining: Option<(String, Range<usize>)> = None;
    for (event, range) in events {
        if let Event::Text(next) = &event {
            match &mut joining {
                Some((text, joined)) if joined.end == range.start => {
                    text.push_str(next);
                    joined.end = range.end;
                    continue;
                }
                Some(_) => {}
                None => {
                    if let Some((Event::Text(previous), previous_range)) = merged.last()
                        && previous_range.end == range.start
                    {
                        let text = format!("{previous}{next}");
                        let joined = previous_range.start..range.end;
                        merged.pop();
                        joining = Some((text, joined));
                        continue;
                    }
                }
            }
        }
        if let Some((text, joined)) = joining.take() {
            merged.push((Event::Text(CowStr::from(text)), joined));
        }
        merged.push((event, range));
    }
    if let Some((text, joined)) = joining.take() {
        merged.push((Event::Text(CowStr::from(text)), joined));
    }
    merged
}

pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3000..=0x303F | 0x3040..=0x30FF | 0x31F0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x2FFFF)
}

/// A line break inside a Japanese sentence is not a space.
fn drop_cjk_soft_breaks(events: Vec<(Event<'_>, Range<usize>)>) -> Vec<(Event<'_>, Range<usize>)> {
    let last_char = |e: &Event| match e {
        Event::Text(t) => t.chars().last(),
        _ => None,
    };
    let first_char = |e: &Event| match e {
        Event::Text(t) => t.chars().next(),
        _ => None,
    };
    let mut kept = Vec::with_capacity(events.len());
    for i in 0..events.len() {
        if matches!(events[i].0, Event::SoftBreak) && i > 0 && i + 1 < events.len() {
            let before = last_char(&events[i - 1].0);
            let after = first_char(&events[i + 1].0);
            if before.is_some_and(is_cjk) && after.is_some_and(is_cjk) {
                continue;
            }
        }
        kept.push(events[i].clone());
    }
    merge_text(kept)
}

/// Gives every heading an id: its own `{#id}`, or a slug of its text, made unique.
fn name_headings(mut events: Vec<(Event<'_>, Range<usize>)>) -> Vec<(Event<'_>, Range<usize>)> {
    let mut used = std::collections::HashSet::new();
    // The next suffix to try for each base, so that many equal headings take linear time.
    let mut next: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for i in 0..events.len() {
        let Event::Start(Tag::Heading { id, .. }) = &events[i].0 else {
            continue;
        };
        let base = match id {
            Some(id) => id.to_string(),
            None => slugify(&heading_text(&events[i + 1..])),
        };
        let mut unique = base.clone();
        let n = next.entry(base.clone()).or_insert(1);
        while !used.insert(unique.clone()) {
            unique = format!("{base}-{n}");
            *n += 1;
        }
        if let Event::Start(Tag::Heading { id, .. }) = &mut events[i].0 {
            *id = Some(CowStr::from(unique));
        }
    }
    events
}

fn heading_text(events: &[(Event<'_>, Range<usize>)]) -> String {
    let mut text = String::new();
    for (event, _) in events {
        match event {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(t) | Event::Code(t) => text.push_str(t),
            _ => {}
        }
    }
    text
}

/// Replaces each `[TEXT]` sentinel link followed by `{=NAME}` with a claim node.
fn group_claims<'a>(
    events: Vec<(Event<'a>, Range<usize>)>,
    body: &'a str,
    offset: usize,
) -> (Vec<Piece<'a>>, Vec<Claim>) {
    let mut nodes = Vec::with_capacity(events.len());
    let mut claims = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        let Event::Start(Tag::Link { dest_url, .. }) = event else {
            nodes.push(Piece::Event(event.clone(), range.clone()));
            i += 1;
            continue;
        };
        if dest_url.as_ref() != CLAIM_SENTINEL {
            nodes.push(Piece::Event(event.clone(), range.clone()));
            i += 1;
            continue;
        }
        let end = (i..events.len())
            .find(|&j| matches!(events[j].0, Event::End(TagEnd::Link)))
            .unwrap_or(events.len() - 1);
        let link_range = range.clone();
        match tag_after(events.get(end + 1)) {
            Some((name, form, tag_len)) => {
                let (live, live_range, struck) = claim_text(&events[i + 1..end], link_range.clone());
                let (_, text_range) = &events[end + 1];
                let name_start = text_range.start + if form == ClaimForm::Vendor { 8 } else { 2 };
                claims.push(Claim {
                    range: link_range.start..text_range.start + tag_len,
                    name_range: name_start..name_start + name.len(),
                    name,
                    form,
                    live,
                    live_range,
                    struck,
                });
                nodes.push(Piece::Claim(claims.len() - 1));
                if let (Event::Text(rest), text_range) = &events[end + 1] {
                    let remainder = &rest[tag_len..];
                    if !remainder.is_empty() {
                        let start = text_range.start + tag_len;
                        nodes.push(Piece::Event(
                            Event::Text(CowStr::from(remainder.to_string())),
                            start..text_range.end,
                        ));
                    }
                }
                i = end + 2;
            }
            None => {
                let literal = &body[link_range.start - offset..link_range.end - offset];
                nodes.push(Piece::Event(Event::Text(CowStr::from(literal.to_string())), link_range));
                i = end + 1;
            }
        }
    }
    (nodes, claims)
}

/// Reads `{=NAME}`, `{~NAME}` or `{vendor=NAME}` at the start of the event's text.
fn tag_after(event: Option<&(Event<'_>, Range<usize>)>) -> Option<(String, ClaimForm, usize)> {
    let Some((Event::Text(text), _)) = event else {
        return None;
    };
    let (form, rest) = if let Some(rest) = text.strip_prefix("{=") {
        (ClaimForm::Exact, rest)
    } else if let Some(rest) = text.strip_prefix("{~") {
        (ClaimForm::Approximate, rest)
    } else if let Some(rest) = text.strip_prefix("{vendor=") {
        (ClaimForm::Vendor, rest)
    } else {
        return None;
    };
    let close = rest.find('}')?;
    let name = rest[..close].trim();
    let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-*/@".contains(c));
    valid.then(|| (name.to_string(), form, text.len() - rest.len() + close + 1))
}

type ClaimText = (String, Range<usize>, Vec<(String, Range<usize>)>);

fn claim_text(inner: &[(Event<'_>, Range<usize>)], link_range: Range<usize>) -> ClaimText {
    let mut live = String::new();
    let mut live_range: Option<Range<usize>> = None;
    let mut struck = Vec::new();
    let mut in_strike = false;
    for (event, range) in inner {
        match event {
            Event::Start(Tag::Strikethrough) => in_strike = true,
            Event::End(TagEnd::Strikethrough) => in_strike = false,
            Event::Text(t) | Event::Code(t) if in_strike => struck.push((t.to_string(), range.clone())),
            Event::Text(t) | Event::Code(t) => {
                live.push_str(t);
                live_range = Some(match live_range {
                    Some(r) => r.start..range.end,
                    None => range.clone(),
                });
            }
            _ => {}
        }
    }
    let trimmed_start = live.len() - live.trim_start().len();
    let live_range =
        live_range.map_or(link_range.start + 1..link_range.start + 1, |r| r.start + trimmed_start..r.end);
    (live.trim().to_string(), live_range, struck)
}

/// Whether the tag at `range` stands inside a link's text: an open `[` before it and `](`
/// after it, in the same paragraph.
fn in_link_text(body: &str, offset: usize, range: &Range<usize>) -> bool {
    let (Some(before), Some(after)) = (body.get(..range.start - offset), body.get(range.end - offset..))
    else {
        return false;
    };
    let before = before.rsplit("\n\n").next().unwrap_or(before);
    let after = after.split("\n\n").next().unwrap_or(after);
    let open = before.rfind('[').is_some_and(|i| !before[i..].contains(']'));
    let closes = after.find("](").is_some_and(|i| !after[..i].contains('['));
    open && closes
}

/// The attributes of raw HTML whose values a reader is shown: as text (`alt`, `title`,
/// `aria-label`, `label`), in a form's field (`value`, `placeholder`) or to a machine
/// (`content` of a `<meta>`). Their numbers count for coverage and parity.
const READ_ATTRIBUTES: [&str; 7] = ["alt", "title", "aria-label", "label", "value", "placeholder", "content"];

/// Raw HTML with everything a reader does not see blanked out (tag markup, comments,
/// script and style), byte for byte, so that places in it are places in the file: the text
/// between tags and the values of the attributes of `READ_ATTRIBUTES` stay.
fn html_reader_text(source: &str, in_script: &mut bool) -> String {
    let mut out = String::with_capacity(source.len());
    let blank = |out: &mut String, text: &str| {
        for c in text.chars() {
            if c == '\n' {
                out.push('\n');
            } else {
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        }
    };
    let mut rest = source;
    while !rest.is_empty() {
        if let Some(comment) = rest.strip_prefix("<!--") {
            let end = comment.find("-->").map_or(rest.len(), |i| i + 7);
            blank(&mut out, &rest[..end]);
            rest = &rest[end..];
            continue;
        }
        if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |i| i + 1);
            let tag = &rest[..end];
            let lower = tag.to_ascii_lowercase();
            if lower.starts_with("<script") || lower.starts_with("<style") {
                *in_script = !tag.ends_with("/>");
            } else if lower.starts_with("</script") || lower.starts_with("</style") {
                *in_script = false;
            }
            // Keep the values of attributes a reader is given.
            let mut kept = String::with_capacity(tag.len());
            blank(&mut kept, tag);
            for (name, quote) in READ_ATTRIBUTES.iter().flat_map(|n| [(n, '"'), (n, '\'')]) {
                let attribute = format!("{name}={quote}");
                let mut from = 0;
                while let Some(at) = lower[from..].find(&attribute).map(|i| from + i + attribute.len()) {
                    let close = tag[at..].find(quote).map_or(tag.len(), |i| at + i);
                    kept.replace_range(at..close, &tag[at..close]);
                    from = close;
                }
            }
            out.push_str(&kept);
            rest = &rest[end..];
            continue;
        }
        let end = rest.find('<').unwrap_or(rest.len());
        if *in_script {
            blank(&mut out, &rest[..end]);
        } else {
            out.push_str(&rest[..end]);
        }
        rest = &rest[end..];
    }
    out
}

/// Scans a page body (which starts at byte `offset` of its file).
pub fn scan(body: &str, offset: usize) -> Scan {
    let (nodes, claims) = parse(body, offset);
    let mut scan = Scan { claims, ..Scan::default() };
    // A figure in alt text is never shown as one: the reader of the image's text would see
    // a number no check stands behind in its place.
    let mut in_image = 0usize;
    // Inside a link written in raw HTML (`<a href=...>`), which a figure's own link would
    // be nested in.
    let mut in_raw_link = 0usize;
    for node in &nodes {
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
    let mut code_depth = 0usize;
    let mut heading: Option<(u8, String, Range<usize>, String)> = None;
    let mut image: Option<Reference> = None;
    let mut table: Option<Vec<Vec<Cell>>> = None;
    let mut cell: Option<Cell> = None;
    let mut strike = false;
    // Inside a raw <script> or <style>, whose text no reader sees.
    let mut in_script = false;
    for node in &nodes {
        if let Piece::Claim(index) = node {
            let claim = &scan.claims[*index];
            if let Some(cell) = &mut cell {
                for (text, _) in &claim.struck {
                    cell.pieces.push((text.clone(), true));
                }
                cell.pieces.push((claim.live.clone(), false));
            }
            continue;
        }
        let Piece::Event(event, range) = node else {
            continue;
        };
        if code_depth == 0
            && let Event::Text(_) = event
        {
            malformed_tags(body, offset, range.clone(), &mut scan.malformed);
        }
        match event {
            Event::Start(Tag::CodeBlock(_)) => code_depth += 1,
            Event::End(TagEnd::CodeBlock) => code_depth = code_depth.saturating_sub(1),
            Event::Start(Tag::Heading { level, id, .. }) => {
                heading = Some((
                    *level as u8,
                    String::new(),
                    range.clone(),
                    id.as_deref().unwrap_or("").to_string(),
                ));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, text, range, id)) = heading.take() {
                    scan.headings.push(Heading { level, text: text.trim().to_string(), id, range });
                }
            }
            Event::Start(Tag::Link { dest_url, title, .. }) => {
                titled(body, offset, range, title, &mut scan.prose);
                scan.links.push(Reference {
                    dest: dest_url.to_string(),
                    range: range.clone(),
                    alt: String::new(),
                });
            }
            Event::Start(Tag::Image { dest_url, title, .. }) => {
                titled(body, offset, range, title, &mut scan.prose);
                image =
                    Some(Reference { dest: dest_url.to_string(), range: range.clone(), alt: String::new() });
            }
            Event::End(TagEnd::Image) => scan.images.extend(image.take()),
            Event::Start(Tag::Table(_)) => table = Some(Vec::new()),
            Event::End(TagEnd::Table) => scan.tables.extend(table.take()),
            Event::Start(Tag::TableHead | Tag::TableRow) => {
                if let Some(table) = &mut table {
                    table.push(Vec::new());
                }
            }
            Event::Start(Tag::TableCell) => cell = Some(Cell { range: range.clone(), pieces: Vec::new() }),
            Event::End(TagEnd::TableCell) => {
                if let (Some(table), Some(cell)) = (&mut table, cell.take())
                    && let Some(row) = table.last_mut()
                {
                    row.push(cell);
                }
            }
            Event::Start(Tag::Strikethrough) => strike = true,
            Event::End(TagEnd::Strikethrough) => strike = false,
            Event::Text(text) => {
                if let Some((_, heading_text, _, _)) = &mut heading {
                    heading_text.push_str(text);
                }
                if let Some(image) = &mut image {
                    image.alt.push_str(text);
                    // A reader of the alt text reads its numbers too.
                    scan.prose.push((range.clone(), text.to_string()));
                    continue;
                }
                if let Some(cell) = &mut cell {
                    cell.pieces.push((text.to_string(), strike));
                } else if strike && code_depth == 0 {
                    // A family table's struck cell is its history (`~~40 %~~ 60 %`); in
                    // running text a struck number is a correction, which only a tag makes.
                    tag_errors::struck_outside_tag(text, range.clone(), &mut scan.malformed);
                }
                if code_depth == 0 {
                    scan.prose.push((range.clone(), text.to_string()));
                }
            }
            Event::Code(text) => {
                if let Some((_, heading_text, _, _)) = &mut heading {
                    heading_text.push_str(text);
                }
            }
            // Raw HTML: what a reader sees of it (text, alt and title attributes, captions)
            // holds numbers too; the markup does not.
            Event::Html(_) | Event::InlineHtml(_) => {
                if let Some(source) = body.get(range.start - offset..range.end - offset) {
                    if !in_script {
                        tags_in_raw_html(source, range.start, &mut scan.malformed);
                        tag_errors::raw_data_elements(source, range.start, &mut scan.malformed);
                    }
                    scan.html_addresses.extend(html_addresses(source, range.start));
                    scan.prose.push((range.clone(), html_reader_text(source, &mut in_script)));
                }
            }
            _ => {}
        }
    }
    scan
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

/// Whether inline HTML opens a link (`<a ...>`: `Some(true)`) or closes one (`</a>`).
fn raw_link_tag(html: &str) -> Option<bool> {
    let lower = html.trim_start().to_ascii_lowercase();
    let opens = |rest: &str| rest.starts_with(|c: char| c.is_whitespace() || c == '>');
    if let Some(rest) = lower.strip_prefix("</a") {
        return opens(rest).then_some(false);
    }
    lower.strip_prefix("<a").filter(|rest| opens(rest)).map(|_| true)
}

/// The values of the attributes that hold an address (`href`, `src`, `action`,
/// `formaction`, `xlink:href`, `poster`, `srcset`) in raw HTML that starts at byte `start` of
/// the file, quoted or not, each with its place.
fn html_addresses(html: &str, start: usize) -> Vec<Reference> {
    const NAMES: [&str; 7] = ["href", "src", "action", "formaction", "xlink:href", "poster", "srcset"];
    let lower = html.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(eq) = lower[at..].find('=').map(|i| at + i) {
        at = eq + 1;
        // Only the few bytes before `=` can hold one of the names: looking no further keeps
        // a run of thousands of `=` linear.
        let name_end = lower[..eq].trim_end().len();
        let window =
            (name_end.saturating_sub(12)..name_end).find(|&i| lower.is_char_boundary(i)).unwrap_or(name_end);
        let name_start = lower[window..name_end]
            .rfind(|c: char| c.is_ascii_whitespace() || c == '<' || c == '"' || c == '\'')
            .map_or(window, |i| window + i + 1);
        let before_ok = name_start == 0
            || lower[..name_start]
                .ends_with(|c: char| c.is_ascii_whitespace() || c == '<' || c == '"' || c == '\'');
        let is_address = before_ok && NAMES.contains(&&lower[name_start..name_end]);
        let value_start = eq + 1 + (lower[eq + 1..].len() - lower[eq + 1..].trim_start().len());
        let (from, to) = match bytes.get(value_start) {
            Some(&quote @ (b'"' | b'\'')) => {
                let from = value_start + 1;
                (from, lower[from..].find(quote as char).map_or(lower.len(), |i| from + i))
            }
            Some(_) => {
                let to = lower[value_start..]
                    .find(|c: char| c.is_ascii_whitespace() || c == '>')
                    .map_or(lower.len(), |i| value_start + i);
                (value_start, to)
            }
            None => continue,
        };
        // Every value is stepped over whole, so that a `=` inside a quoted value (a title
        // that reads `href=...`) is not taken for an attribute.
        if is_address {
            found.push(Reference {
                dest: html[from..to].to_string(),
                range: start + from..start + to,
                alt: String::new(),
            });
        }
        at = to.max(at);
    }
    found
}

#[cfg(test)]
mod tests;
