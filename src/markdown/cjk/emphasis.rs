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
//! pulldown-cmark read itself is kept, unless comrak pairs its runs otherwise and every one
//! of them is then taken (`disputed`). Bodies with no run left as text beside Japanese text
//! are returned as they are, without a second parse.

use std::collections::{BTreeMap, HashSet};
use std::ops::Range;

use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

use super::delimiters::{Delimited, Kind, cjk_friendly_delimiters};
use super::disputed::{disputed, undo};
use super::literal_emphasis::may_leave_delimiters_beside_japanese;

type Events<'a> = Vec<(Event<'a>, Range<usize>)>;

/// A text event a delimiter may stand in: one whose source is its text.
struct Text {
    /// Its index among the events.
    index: usize,
    /// The innermost element open around it (its index), if any.
    parent: Option<usize>,
    /// Bytes of it, from its start, that are a figure tag's `{=NAME}` or may be.
    tag_len: usize,
}

/// One delimiter run to replace: where it stands in the file, and the event in its place
/// with that event's range (the whole element, as pulldown-cmark gives both ends of one).
struct Cut {
    source: Range<usize>,
    event: Event<'static>,
    element: Range<usize>,
}

/// Reads emphasis beside Japanese text as the markdown-cjk-friendly rules do, in the events
/// of `body` (which starts at byte `offset` of its file, as the events' ranges count), as
/// pulldown-cmark gives them: before text pieces are merged, so that text whose source is
/// not its text (an entity, an escape) is a piece of its own.
pub(crate) fn read_cjk_emphasis<'a>(events: Events<'a>, body: &'a str, offset: usize) -> Events<'a> {
    if !may_leave_delimiters_beside_japanese(&events, body, offset) {
        return events;
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
        return events;
    }
    let events = merge_plain_text(events, body, offset);
    // `**A**や**B**` beside Japanese: pulldown-cmark pairs the middle two runs, comrak each
    // with its neighbour. pulldown-cmark's pair is undone only where every run it took is
    // then taken by comrak's: otherwise they would be published as asterisks.
    let disputed = disputed(&events, &delimited, body, offset);
    if !disputed.is_empty() {
        let undone = merge_plain_text(undo(events.clone(), &disputed, body, offset), body, offset);
        let cuts = cuts(&undone, &delimited, body, offset);
        let taken: HashSet<&Range<usize>> = cuts.values().flatten().map(|cut| &cut.source).collect();
        if disputed.iter().all(|read| taken.contains(&read.open) && taken.contains(&read.close)) {
            return split(undone, cuts, body, offset);
        }
    }
    let cuts = cuts(&events, &delimited, body, offset);
    split(events, cuts, body, offset)
}

/// Joins neighbouring text pieces whose source is their text: pulldown-cmark gives each
/// `*` of a run a piece of its own.
fn merge_plain_text<'a>(events: Events<'a>, body: &'a str, offset: usize) -> Events<'a> {
    let source = |range: &Range<usize>| body.get(range.start - offset..range.end - offset);
    let mut merged: Events<'a> = Vec::with_capacity(events.len());
    let mut last_is_plain = false;
    for (event, range) in events {
        let plain = matches!(&event, Event::Text(text) if source(&range) == Some(text.as_ref()));
        if plain
            && last_is_plain
            && let Some((Event::Text(text), joined)) = merged.last_mut()
            && joined.end == range.start
            && let Some(both) = source(&(joined.start..range.end))
        {
            *text = CowStr::Borrowed(both);
            joined.end = range.end;
            continue;
        }
        last_is_plain = plain;
        merged.push((event, range));
    }
    merged
}

/// The delimiter runs of `delimited` (in bytes of the file) that may be taken from the text
/// events they stand in, by the index of each event.
fn cuts(
    events: &Events<'_>,
    delimited: &[Delimited],
    body: &str,
    offset: usize,
) -> BTreeMap<usize, Vec<Cut>> {
    let texts = texts(events, body, offset);
    let mut cuts: BTreeMap<usize, Vec<Cut>> = BTreeMap::new();
    for delimited in delimited {
        let (open, close) = (&delimited.open, &delimited.close);
        let (Some(opener), Some(closer)) = (text_at(&texts, events, open), text_at(&texts, events, close))
        else {
            continue;
        };
        if opener.parent != closer.parent {
            continue;
        }
        let element = open.start..close.end;
        let (start, end) = tags(delimited.kind);
        cuts.entry(opener.index).or_default().push(Cut {
            source: open.clone(),
            event: Event::Start(start),
            element: element.clone(),
        });
        cuts.entry(closer.index).or_default().push(Cut {
            source: close.clone(),
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

/// The text events outside code blocks whose source is their text, in order, each with the
/// element open around it.
fn texts(events: &Events<'_>, body: &str, offset: usize) -> Vec<Text> {
    let mut texts = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut code_depth = 0usize;
    for (index, (event, range)) in events.iter().enumerate() {
        match event {
            Event::Start(tag) => {
                code_depth += usize::from(matches!(tag, Tag::CodeBlock(_)));
                open.push(index);
            }
            Event::End(end) => {
                code_depth = code_depth.saturating_sub(usize::from(matches!(end, TagEnd::CodeBlock)));
                open.pop();
            }
            Event::Text(text)
                if code_depth == 0
                    && body.get(range.start - offset..range.end - offset) == Some(text.as_ref()) =>
            {
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

/// The text event whose source holds all of `range` (bytes of the file), outside a figure
/// tag's `{=NAME}`.
fn text_at<'t>(texts: &'t [Text], events: &Events<'_>, range: &Range<usize>) -> Option<&'t Text> {
    let after = texts.partition_point(|text| events[text.index].1.start <= range.start);
    let text = texts.get(after.checked_sub(1)?)?;
    let source = &events[text.index].1;
    (range.end <= source.end && range.start >= source.start + text.tag_len).then_some(text)
}

/// The events with each cut text event split at its delimiter runs. A cut text's source
/// is its text, so each piece is the body's own.
fn split<'a>(
    events: Events<'a>,
    mut cuts: BTreeMap<usize, Vec<Cut>>,
    body: &'a str,
    offset: usize,
) -> Events<'a> {
    if cuts.is_empty() {
        return events;
    }
    let mut out = Vec::with_capacity(events.len() + 4 * cuts.len());
    let piece = |out: &mut Events<'a>, range: Range<usize>| {
        if let Some(text) = body.get(range.start - offset..range.end - offset).filter(|text| !text.is_empty())
        {
            out.push((Event::Text(CowStr::Borrowed(text)), range));
        }
    };
    for (index, (event, range)) in events.into_iter().enumerate() {
        let Some(mut cuts) = cuts.remove(&index) else {
            out.push((event, range));
            continue;
        };
        cuts.sort_by_key(|cut| cut.source.start);
        let mut from = range.start;
        for cut in cuts {
            piece(&mut out, from..cut.source.start);
            out.push((cut.event, cut.element));
            from = cut.source.end;
        }
        piece(&mut out, from..range.end);
    }
    out
}
