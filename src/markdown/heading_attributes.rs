//! A heading's attribute block (`{#id .class}`): whether the author wrote its id, and what
//! else it holds, which would go into the HTML unchecked. Not the heading's text (`scan`).

use std::ops::Range;

/// What the attribute block of the heading at `range` holds besides one `#id` and any
/// `.class`, each with its place: `onclick=...`, `id=main`, the second word of `{#two words}`,
/// a second `#id`.
pub(super) fn heading_attributes(
    body: &str,
    offset: usize,
    range: &Range<usize>,
    found: &mut Vec<(String, Range<usize>)>,
) {
    let source = body.get(range.start - offset..range.end - offset).unwrap_or("");
    let line = source.lines().next().unwrap_or("");
    // An attribute block ends the heading: a figure tag with words after it is no block.
    let line = line.trim_end().trim_end_matches('#').trim_end();
    if !line.ends_with('}') {
        return;
    }
    let (Some(open), Some(close)) = (line.rfind('{'), line.rfind('}')) else {
        return;
    };
    if close <= open {
        return;
    }
    let block = &line[open + 1..close];
    // `## At [814 Mbit/s]{=rate}`: the figure tag ends the line, so markdown took it for
    // the heading's attributes and no tag is left; reported whole, with what to write.
    if line[..open].ends_with(']') && ["=", "~", "vendor="].iter().any(|kind| block.starts_with(kind)) {
        let from = range.start + open;
        found.push((line[open..=close].to_string(), from..from + close + 1 - open));
        return;
    }
    let mut ids = 0;
    let mut at = 0;
    for token in block.split_whitespace() {
        let start = at + block[at..].find(token).unwrap_or(0);
        at = start + token.len();
        let allowed = match token.strip_prefix('#') {
            Some(id) => {
                ids += 1;
                ids == 1 && !id.is_empty()
            }
            None => token.strip_prefix('.').is_some_and(|class| !class.is_empty()),
        };
        if !allowed {
            let from = range.start + open + 1 + start;
            found.push((token.to_string(), from..from + token.len()));
        }
    }
}

/// Whether the heading at `range` writes its id `{#id}` (or `{.class #id}`) itself.
pub(super) fn explicit_id(body: &str, offset: usize, range: &Range<usize>, id: &str) -> bool {
    let source = body.get(range.start - offset..range.end - offset).unwrap_or("");
    source.rfind('{').is_some_and(|open| {
        let attributes = &source[open..];
        attributes
            .split(|c: char| c.is_whitespace() || c == '{' || c == '}')
            .any(|a| a.strip_prefix('#') == Some(id))
    })
}
