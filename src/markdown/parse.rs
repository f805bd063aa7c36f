//! Parsing: a page body into [`Piece`]s (markdown events, with each figure tag grouped into
//! one claim) and its [`Claim`]s.
//!
//! Owns the reading of the claim-tag syntax (`[TEXT]{=NAME}`, `{~NAME}`, `{vendor=NAME}`,
//! a comparison's `{? A >= B}`, struck values inside TEXT), the joining of text pieces and every heading's unique id;
//! soft breaks inside Japanese text are joined by `cjk`. It does not look at what the
//! pieces say (that is `scan`) nor write HTML (that is `render`).

use std::ops::Range;

use pulldown_cmark::{CowStr, Event, LinkType, Options, Parser, Tag, TagEnd};

use super::{Claim, ClaimForm, Piece, slugify};

/// A dangling `[TEXT]` whose `]` is followed by `{` is made a link by the broken-link
/// callback, so that `[TEXT]{=NAME}` arrives as a link followed by the tag: the only links
/// of type `ShortcutUnknown`, since the callback makes no other. Every other undefined
/// bracket is left to CommonMark: taken for a link, `[see [1]](x.md)` lost its inner link
/// and `[foo][bar][baz]` its reference. Its destination is empty because pulldown-cmark
/// spends a page's link budget (the body's length) by the destinations it fills in: an
/// 11-byte placeholder ran out after about 10,900 tags in one paragraph, and the rest
/// were read as text (issue 48).
fn is_tag_link(link_type: LinkType, dest_url: &str) -> bool {
    link_type == LinkType::ShortcutUnknown && dest_url.is_empty()
}

/// Whether the undefined reference `link` of `body` may open a figure tag.
fn may_open_tag(body: &str, link: &pulldown_cmark::BrokenLink<'_>) -> bool {
    link.link_type == pulldown_cmark::LinkType::Shortcut
        && body.get(link.span.end..).is_some_and(|after| after.starts_with('{'))
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_HEADING_ATTRIBUTES
        // `- [x] done` is a checkbox, as on the forge that shows the same files: the marker
        // is read before links are, so it is never a tag nor a link.
        | Options::ENABLE_TASKLISTS
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
    let callback = |link: pulldown_cmark::BrokenLink<'_>| {
        may_open_tag(body, &link).then(|| (CowStr::from(""), CowStr::from("")))
    };
    let parser = Parser::new_with_broken_link_callback(body, options(), Some(callback));
    let events: Vec<(Event, Range<usize>)> = parser
        .into_offset_iter()
        .map(|(event, range)| (event, range.start + offset..range.end + offset))
        .collect();
    // Before text is merged, so that text whose source is not its text stays a piece of its
    // own; before headings are named, so that a bold word's asterisks are not in its slug;
    // before claims are grouped, so that a figure tag inside bold is grouped inside it.
    let events = super::cjk::read_cjk_emphasis(events, body, offset);
    let events = merge_text(events);
    let events = name_headings(events);
    let (pieces, claims) = group_claims(events);
    // After the claims are grouped, so that a break beside a figure tag is judged by the
    // tag's text as shown, not by its `{=NAME}`; before bare addresses are linked, so that
    // a joined line is one text.
    let pieces = super::cjk::join_soft_breaks(pieces, &claims);
    (super::autolink::link_bare_addresses(pieces), claims)
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

/// Gives every heading an id: its own `{#id}`, or a slug of its text made unique among the
/// page's heading ids.
fn name_headings(mut events: Vec<(Event<'_>, Range<usize>)>) -> Vec<(Event<'_>, Range<usize>)> {
    let mut used = std::collections::HashSet::new();
    // The next suffix to try for each base, so that many equal headings take linear time.
    let mut next: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for i in 0..events.len() {
        let Event::Start(Tag::Heading { id, .. }) = &events[i].0 else {
            continue;
        };
        let base = match id {
            // An id the author chose is kept as written: given twice, it is an error at the
            // second (the check of ids), not renamed behind the author's back.
            Some(id) => {
                used.insert(id.to_string());
                continue;
            }
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

/// The words a heading's id is made of: its text, without a figure tag's (`[953 Mbit/s]`
/// and its `{=NAME}`), so that an anchor never holds a figure's value, which may change.
fn heading_text(events: &[(Event<'_>, Range<usize>)]) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    let mut after_tag = false;
    for (i, (event, _)) in events.iter().enumerate() {
        match event {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Start(Tag::Link { link_type, dest_url, .. })
                if is_tag_link(*link_type, dest_url)
                    && tag_after(events.get(sentinel_end(events, i) + 1)).is_some() =>
            {
                in_tag = true
            }
            Event::End(TagEnd::Link) if in_tag => (in_tag, after_tag) = (false, true),
            Event::Text(t) if after_tag => {
                after_tag = false;
                let rest = t.find('}').map_or("", |close| &t[close + 1..]);
                text.push_str(rest);
            }
            Event::Text(t) | Event::Code(t) if !in_tag => text.push_str(t),
            _ => after_tag = false,
        }
    }
    text
}

/// The index of the end of the link that starts at `start`.
fn sentinel_end(events: &[(Event<'_>, Range<usize>)], start: usize) -> usize {
    (start..events.len())
        .find(|&j| matches!(events[j].0, Event::End(TagEnd::Link)))
        .unwrap_or(events.len() - 1)
}

/// What follows `[WORDS]` to mark them as no figure.
pub(crate) const WORDS_MARK: &str = "{-}";

/// Whether any text between a mark's brackets is a digit: digits are a figure, left for
/// `tag_errors` to refuse with the brackets and mark as written.
fn holds_digits(inner: &[(Event<'_>, Range<usize>)]) -> bool {
    inner.iter().any(|(event, _)| match event {
        Event::Text(text) | Event::Code(text) => text.chars().any(char::is_numeric),
        _ => false,
    })
}

/// The spans of the file's `[WORDS]{-}` marks, brackets and mark included: an untagged
/// number inside one is words the author said are no figure.
pub(crate) fn words_marked(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("]{-}").map(|i| from + i) {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if let Some(open) = text[line_start..at].rfind('[').map(|i| line_start + i) {
            spans.push(open..at + "]{-}".len());
        }
        from = at + "]{-}".len();
    }
    spans
}

/// Replaces each `[TEXT]` sentinel link followed by `{=NAME}` with a claim node.
fn group_claims(events: Vec<(Event<'_>, Range<usize>)>) -> (Vec<Piece<'_>>, Vec<Claim>) {
    let mut nodes = Vec::with_capacity(events.len());
    let mut claims = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        let Event::Start(Tag::Link { link_type, dest_url, .. }) = event else {
            nodes.push(Piece::Event(event.clone(), range.clone()));
            i += 1;
            continue;
        };
        if !is_tag_link(*link_type, dest_url) {
            nodes.push(Piece::Event(event.clone(), range.clone()));
            i += 1;
            continue;
        }
        let end = (i..events.len())
            .find(|&j| matches!(events[j].0, Event::End(TagEnd::Link)))
            .unwrap_or(events.len() - 1);
        let link_range = range.clone();
        match tag_after(events.get(end + 1)) {
            Some((name, name_at, form, tag_len)) => {
                let (live, live_range, struck) = claim_text(&events[i + 1..end], link_range.clone());
                let (_, text_range) = &events[end + 1];
                let name_start = text_range.start + name_at;
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
            // `[WORDS]{-}`: words the author marks as no figure ("the whole [forty
            // seconds]{-} of the trial"). The words are shown alone; the readers of
            // untagged numbers pass over the mark's span in the file (`words_marked`).
            None if let Some((Event::Text(rest), rest_range)) = events.get(end + 1)
                && rest.starts_with(WORDS_MARK)
                && !holds_digits(&events[i + 1..end]) =>
            {
                nodes.extend(events[i + 1..end].iter().map(|(e, r)| Piece::Event(e.clone(), r.clone())));
                let remainder = &rest[WORDS_MARK.len()..];
                if !remainder.is_empty() {
                    nodes.push(Piece::Event(
                        Event::Text(CowStr::from(remainder.to_string())),
                        rest_range.start + WORDS_MARK.len()..rest_range.end,
                    ));
                }
                i = end + 2;
            }
            // `[TEXT]{…}` that is no tag: its brackets are text, and what stands between
            // them keeps the parse CommonMark gave it (`[**9**]{x}` shows 9 in bold).
            None => {
                let (open, close) =
                    (link_range.start..link_range.start + 1, link_range.end - 1..link_range.end);
                nodes.push(Piece::Event(Event::Text(CowStr::from("[")), open));
                nodes.extend(events[i + 1..end].iter().map(|(e, r)| Piece::Event(e.clone(), r.clone())));
                nodes.push(Piece::Event(Event::Text(CowStr::from("]")), close));
                i = end + 1;
            }
        }
    }
    (nodes, claims)
}

/// Reads `{=NAME}`, `{~NAME}`, `{vendor=NAME}` or a comparison's `{? INEQUALITY}` at the
/// start of the event's text: the name, where it starts in the text, the form and the
/// tag's length.
fn tag_after(event: Option<&(Event<'_>, Range<usize>)>) -> Option<(String, usize, ClaimForm, usize)> {
    let Some((Event::Text(text), _)) = event else {
        return None;
    };
    let (form, rest) = if let Some(rest) = text.strip_prefix("{=") {
        (ClaimForm::Exact, rest)
    } else if let Some(rest) = text.strip_prefix("{~") {
        (ClaimForm::Approximate, rest)
    } else if let Some(rest) = text.strip_prefix("{vendor=") {
        (ClaimForm::Vendor, rest)
    } else if let Some(rest) = text.strip_prefix("{?") {
        (ClaimForm::Comparison, rest)
    } else {
        return None;
    };
    let close = rest.find('}')?;
    let inside = &rest[..close];
    let name = inside.trim();
    let name_at = text.len() - rest.len() + (inside.len() - inside.trim_start().len());
    let valid = !name.is_empty()
        && match form {
            // An inequality is read by the check, which points at what it cannot read;
            // only a line break ends it here.
            ClaimForm::Comparison => !name.contains('\n'),
            _ => name.chars().all(|c| c.is_ascii_alphanumeric() || "._-*/@".contains(c)),
        };
    valid.then(|| (name.to_string(), name_at, form, text.len() - rest.len() + close + 1))
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
