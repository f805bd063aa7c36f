//! Emphasis pulldown-cmark reads where the markdown-cjk-friendly rules pair the same runs
//! otherwise: in `**C#**や**F#**は`, CommonMark cannot close after `#` before `や`, so it
//! pairs the runs around `や`; comrak pairs each run with its neighbour. Such a pair of
//! pulldown-cmark's is given back as the text of its runs, for `emphasis` to take comrak's
//! pairs from.
//!
//! Owns the finding of those pairs and their undoing. A pair is disputed only when comrak
//! does not read it and takes both its runs, exactly, into other pairs; whether comrak's
//! pairs are then safe to take is `emphasis`'s to decide.

use std::collections::HashSet;
use std::ops::Range;

use pulldown_cmark::{CowStr, Event, Tag};

use super::delimiters::{Delimited, Kind, delimited};

type Events<'a> = Vec<(Event<'a>, Range<usize>)>;

/// A pair of pulldown-cmark's: its Start and End events and its runs, in bytes of the file.
pub(super) struct Read {
    start: usize,
    end: usize,
    pub(super) open: Range<usize>,
    pub(super) close: Range<usize>,
}

fn kind(tag: &Tag<'_>) -> Option<Kind> {
    match tag {
        Tag::Emphasis => Some(Kind::Emphasis),
        Tag::Strong => Some(Kind::Strong),
        Tag::Strikethrough => Some(Kind::Strikethrough),
        _ => None,
    }
}

/// pulldown-cmark's pairs that comrak (`delimited`, in bytes of the file) reads otherwise.
pub(super) fn disputed(events: &Events<'_>, delimited: &[Delimited], body: &str, offset: usize) -> Vec<Read> {
    let agreed: HashSet<(Kind, &Range<usize>, &Range<usize>)> =
        delimited.iter().map(|d| (d.kind, &d.open, &d.close)).collect();
    let runs: HashSet<&Range<usize>> = delimited.iter().flat_map(|d| [&d.open, &d.close]).collect();
    let mut open: Vec<usize> = Vec::new();
    let mut found = Vec::new();
    for (index, (event, _)) in events.iter().enumerate() {
        match event {
            Event::Start(_) => open.push(index),
            Event::End(_) => {
                let Some(start) = open.pop() else { continue };
                let (Event::Start(tag), element) = &events[start] else { continue };
                let Some(kind) = kind(tag) else { continue };
                let Some((open_run, close_run)) = runs_of(kind, element, body, offset) else {
                    continue;
                };
                let disputed = !agreed.contains(&(kind, &open_run, &close_run))
                    && runs.contains(&open_run)
                    && runs.contains(&close_run);
                if disputed {
                    found.push(Read { start, end: index, open: open_run, close: close_run });
                }
            }
            _ => {}
        }
    }
    found
}

/// The opening and closing runs of a pair of `kind` that spans `element` (bytes of the
/// file), when its ends are such runs.
fn runs_of(
    kind: Kind,
    element: &Range<usize>,
    body: &str,
    offset: usize,
) -> Option<(Range<usize>, Range<usize>)> {
    let span = element.start.checked_sub(offset)?..element.end.checked_sub(offset)?;
    let found = delimited(body, kind, span)?;
    Some((
        found.open.start + offset..found.open.end + offset,
        found.close.start + offset..found.close.end + offset,
    ))
}

/// `events` with each of `reads` given back as the text of its two runs.
pub(super) fn undo<'a>(mut events: Events<'a>, reads: &[Read], body: &str, offset: usize) -> Events<'a> {
    for read in reads {
        for (index, run) in [(read.start, &read.open), (read.end, &read.close)] {
            let text = body.get(run.start - offset..run.end - offset).unwrap_or_default();
            events[index] = (Event::Text(CowStr::from(text.to_string())), run.clone());
        }
    }
    events
}
