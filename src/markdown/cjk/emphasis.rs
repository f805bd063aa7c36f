//! Emphasis beside Japanese text, read as the markdown-cjk-friendly specification reads it:
//! `**「強調」**の`, `**…。**次` and `Go**「初心者」**` are bold, where CommonMark's flanking
//! rules (written for languages with spaces between words) leave their asterisks as text.
//!
//! Owns the taking of comrak's reading (`delimiters`) into pulldown-cmark's events: a pair
//! of delimiter runs pulldown-cmark left as text becomes Start and End events in its place,
//! only where that is safe. Both runs must stand in text whose source maps byte for byte to
//! what it shows, at one level of pulldown-cmark's events (one block, not across a link's,
//! an image's, a code span's or a figure tag's edge), and outside a figure tag's `{=NAME}`.
//! Any other pair is left as text, where `literal_emphasis` reports it. Emphasis
//! pulldown-cmark read itself is never touched. Bodies with no run beside Japanese text are
//! returned as they are, without a second parse.

use std::collections::{BTreeMap, HashSet};
use std::ops::Range;

use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

use super::delimiters::{Delimited, Kind, cjk_friendly_delimiters};
use super::disputed::{disputed, undo};
use super::literal_emphasis::may_leave_delimiters_beside_japanese;

type Events<'a> = Vec<(Event<'a>, Range<usize>)>;

/// A text event a delimiter may stand in.
struct Text {
    /// Its index among the events.
    index: usize,
    /// The innermost element open around it (its index), if any.
    parent: Option<usize>,
    /// Bytes of its source, from its start, that are a figure tag's `{=NAME}` or may be.
    tag_len: usize,
}

/// One delimiter run to replace: where it stands in its text event's source and text, and
/// the event in its place with that event's range (the whole element, as pulldown-cmark
/// gives both ends of one).
struct Cut {
    source: Range<usize>,
    text: Range<usize>,
    event: Event<'static>,
    element: Range<usize>,
}

/// Reads emphasis beside Japanese text as the markdown-cjk-friendly rules do, in the events
/// of `body` (which starts at byte `offset` of its file, as the events' ranges count).
/// Whether any event changed comes with them: split text is to be merged again.
pub(crate) fn read_cjk_emphasis<'a>(events: Events<'a>, body: &str, offset: usize) -> (Events<'a>, bool) {
    if !may_leave_delimiters_beside_japanese(&events, body, offset) {
        return (events, false);
    }
    let delimited: Vec<Delimited> = cjk_friendly_delimiters(body)
        .into_iter()
        .map(|d| Delimited {
            kind: d.kind,
            open: d.open.start + offset..d.open.end + offset,
            close: d.close.start + offset..d.close.end + offset,
        })
        .collect();
    if delimited.is_empty() {
        return (events, false);
    }
    // `**A**や**B**` beside Japanese: pulldown-cmark pairs the middle two runs, comrak each
    // with its neighbour. pulldown-cmark's pair is undone only where every run it took is
    // then taken by comrak's: otherwise they would be published as asterisks.
    let disputed = disputed(&events, &delimited, body, offset);
    if !disputed.is_empty() {
        let undone = undo(events.clone(), &disputed, body, offset);
        let cuts = cuts(&undone, &delimited, body, offset);
        let taken: HashSet<&Range<usize>> = cuts.values().flatten().map(|cut| &cut.source).collect();
        if disputed.iter().all(|read| taken.contains(&read.open) && taken.contains(&read.close)) {
            return (split(undone, cuts), true);
        }
    }
    let cuts = cuts(&events, &delimited, body, offset);
    if cuts.is_empty() {
        return (events, false);
    }
    (split(events, cuts), true)
}

/// The delimiter runs of `delimited` (in bytes of the file) that may be taken from the text
/// events they stand in, by the index of each event.
fn cuts(events: &Events<'_>, delimited: &[Delimited], body: &str, offset: usize) -> BTreeMap<usize, Vec<Cut>> {
    let texts = texts(events);
    let mut cuts: BTreeMap<usize, Vec<Cut>> = BTreeMap::new();
    for delimited in delimited {
        let (open, close) = (&delimited.open, &delimited.close);
        let (Some(opener), Some(closer)) = (text_at(&texts, events, open), text_at(&texts, events, close)) else {
            continue;
        };
        if opener.parent != closer.parent {
            continue;
        }
        let open_text = place_in_text(&events[opener.index], open, body, offset, opener.tag_len);
        let close_text = place_in_text(&events[closer.index], close, body, offset, closer.tag_len);
        let (Some(open_text), Some(close_text)) = (open_text, close_text) else {
            continue;
        };
        let element = open.start..close.end;
        let (start, end) = tags(delimited.kind);
        cuts.entry(opener.index).or_default().push(Cut {
            source: open.clone(),
            text: open_text,
            event: Event::Start(start),
            element: element.clone(),
        });
        cuts.entry(closer.index).or_default().push(Cut {
            source: close.clone(),
            text: close_text,
            event: Event::End(end),
            element,
        });
    }
    cuts
}

fn tags(kind: Kind) -> (Tag<'static>, TagEnd) {
    match kind {
        Kind::Emphasis => (Tag::Emphasis, TagEnd::Emphasis),
        Kind::Strong => (Tag::Strong, TagEnd::Strong),
        Kind::Strikethrough => (Tag::Strikethrough, TagEnd::Strikethrough),
    }
}

/// The text events outside code blocks, in order, each with the element open around it.
fn texts(events: &Events<'_>) -> Vec<Text> {
    let mut texts = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut code_depth = 0usize;
    for (index, (event, _)) in events.iter().enumerate() {
        match event {
            Event::Start(tag) => {
                code_depth += usize::from(matches!(tag, Tag::CodeBlock(_)));
                open.push(index);
            }
            Event::End(end) => {
                code_depth = code_depth.saturating_sub(usize::from(matches!(end, TagEnd::CodeBlock)));
                open.pop();
            }
            Event::Text(text) if code_depth == 0 => {
                // A link's `]` followed by `{` may be a figure tag's: its name may hold `*`,
                // and the tag is read from this text later, so nothing up to the `}` is a
                // delimiter.
                let after_link = index > 0 && matches!(events[index - 1].0, Event::End(TagEnd::Link));
                let tag_len = match text.strip_prefix('{') {
                    Some(rest) if after_link => rest.find('}').map_or(text.len(), |close| close + 2),
                    _ => 0,
                };
                texts.push(Text { index, parent: open.last().copied(), tag_len });
            }
            _ => {}
        }
    }
    texts
}

/// The text event whose source holds all of `range` (bytes of the file).
fn text_at<'t>(texts: &'t [Text], events: &Events<'_>, range: &Range<usize>) -> Option<&'t Text> {
    let after = texts.partition_point(|text| events[text.index].1.start <= range.start);
    let text = texts.get(after.checked_sub(1)?)?;
    let source = &events[text.index].1;
    (range.end <= source.end).then_some(text)
}

/// Where the delimiter run at `range` (bytes of the file) stands in the text its event
/// shows, if it can be placed there byte for byte: an entity, an escape or a NUL shows
/// other bytes than its source, so the run must have only plain source before it or only
/// plain source after it within the event.
fn place_in_text(
    (event, source_range): &(Event<'_>, Range<usize>),
    range: &Range<usize>,
    body: &str,
    offset: usize,
    tag_len: usize,
) -> Option<Range<usize>> {
    let Event::Text(text) = event else {
        return None;
    };
    let source = body.get(source_range.start - offset..source_range.end - offset)?;
    let start = range.start - source_range.start;
    let end = range.end - source_range.start;
    if start < tag_len {
        return None;
    }
    let plain = |s: &str| !s.bytes().any(|b| matches!(b, b'&' | b'\\' | b'\0'));
    let (before, after) = (source.get(..end)?, source.get(start..)?);
    if plain(before) && text.get(..end) == Some(before) {
        return Some(start..end);
    }
    let from_end = text.len().checked_sub(after.len())?;
    (plain(after) && text.get(from_end..) == Some(after))
        .then(|| from_end..from_end + (end - start))
}

/// The events with each cut text event split at its delimiter runs.
fn split<'a>(events: Events<'a>, mut cuts: BTreeMap<usize, Vec<Cut>>) -> Events<'a> {
    let mut out = Vec::with_capacity(events.len() + 4 * cuts.len());
    for (index, (event, range)) in events.into_iter().enumerate() {
        let (Some(mut cuts), Event::Text(text)) = (cuts.remove(&index), &event) else {
            out.push((event, range));
            continue;
        };
        cuts.sort_by_key(|cut| cut.source.start);
        let (mut text_from, mut source_from) = (0, range.start);
        for cut in cuts {
            if let Some(piece) = text.get(text_from..cut.text.start).filter(|piece| !piece.is_empty()) {
                out.push((Event::Text(CowStr::from(piece.to_string())), source_from..cut.source.start));
            }
            out.push((cut.event, cut.element));
            text_from = cut.text.end;
            source_from = cut.source.end;
        }
        if let Some(piece) = text.get(text_from..).filter(|piece| !piece.is_empty()) {
            out.push((Event::Text(CowStr::from(piece.to_string())), source_from..range.end));
        }
    }
    out
}
