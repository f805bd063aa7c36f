//! Figure tags that are not tags: a `{=NAME}` with no `[TEXT]` before it, an empty or
//! unclosed one, one set apart from its text, or one inside raw HTML; and figures made to
//! look checked without a tag: a raw `<data>` element, a number struck out by hand. Each is
//! an error with what to write instead, never text on the published page.

use std::ops::Range;

/// The openings of a figure tag.
const TAG_OPENINGS: [&str; 4] = ["{=", "{~", "{vendor=", "{?"];

/// Figure tags in the source of a text event that did not become claims: each is an error,
/// never text on the published page.
pub(super) fn malformed_tags(
    body: &str,
    offset: usize,
    range: Range<usize>,
    out: &mut Vec<(Range<usize>, String)>,
) {
    let Some(source) = body.get(range.start - offset..range.end - offset) else {
        return;
    };
    near_tags(body, offset, range.clone(), out);
    if !source.contains('{') {
        return;
    }
    let mut from = 0;
    while let Some(found) = TAG_OPENINGS.iter().filter_map(|o| source[from..].find(o).map(|i| from + i)).min()
    {
        let close = source[found..].find('}').map_or(source.len(), |i| found + i + 1);
        let tag = &source[found..close];
        let before = &body[..range.start - offset + found];
        let opening = TAG_OPENINGS.iter().find(|o| tag.starts_with(**o)).map_or(0, |o| o.len());
        let name = tag[opening..].trim_end_matches('}');
        let comparison = tag.starts_with("{?");
        let bad_name = name.trim().is_empty()
            || !comparison && !name.trim().chars().all(|c| c.is_ascii_alphanumeric() || "._-*/@".contains(c));
        let message = if !tag.ends_with('}') {
            format!("`{tag}` is not closed: a tag is `[TEXT]{{=NAME}}`")
        } else if before.ends_with(']') && name.trim().is_empty() {
            format!("`{tag}` names no figure: write `[TEXT]{{=NAME}}` with the figure's name")
        } else if before.ends_with(']') && comparison && !bad_name {
            // Read whole, the tag would have been a comparison: markdown took part of it.
            format!(
                "`{tag}` was not read whole: markdown takes `*` or `_` beside a word for emphasis; write `*` with a space on each side (`0.9 * busy_b`)"
            )
        } else if before.ends_with(']') && bad_name {
            format!(
                "`{}` is not a figure's name: names are letters, digits and `._-*/@`, with no spaces",
                name.trim()
            )
        } else if before.ends_with("\\]") {
            // `\[…\]` is markdown for literal brackets, so no `[TEXT]` stands before the tag.
            format!(
                "`{tag}` follows escaped brackets (`\\[…\\]`), which markdown prints as text: write `[TEXT]{tag}` without the backslashes"
            )
        } else if before.trim_end().ends_with(']') {
            format!(
                "`{tag}` stands apart from its `[TEXT]`: write the tag right after the `]`, with no space"
            )
        } else if let Some(previous) = tag_ending(before.trim_end()) {
            // Bracketing the text before would nest the first tag in the second's `[TEXT]`:
            // what the author meant is one of the two names.
            format!(
                "`{tag}` follows another tag, `{previous}`: a figure takes one tag; remove `{tag}` or `{previous}`"
            )
        } else {
            let line = before.rsplit('\n').next().unwrap_or(before);
            // Text up to the last `]` or `}` is markup (a link, another figure), never the
            // stated text.
            let text = line.rsplit([']', '}']).next().unwrap_or(line);
            let words: Vec<&str> = text.split_whitespace().collect();
            // The number, with the unit after it when the last word is one ("787 Mbit/s").
            let last_is_number = words.last().is_some_and(|w| w.chars().any(|c| c.is_ascii_digit()));
            let guess = words[words.len().saturating_sub(if last_is_number { 1 } else { 2 })..].join(" ");
            let guess = if guess.is_empty() { "TEXT" } else { guess.as_str() };
            format!(
                "`{tag}` has no `[TEXT]` before it: write the stated text in brackets, as in `[{guess}]{tag}`"
            )
        };
        let start = range.start + found;
        out.push((start..range.start + close, message));
        from = close.max(found + 1);
    }
}

/// The openings that, right after a `]`, can only be a figure tag mistyped: a space inside
/// it, a full-width brace or equals sign, another sign than `=` or `~`.
const NEAR_OPENINGS: [(char, char); 3] = [('{', '}'), ('｛', '｝'), ('（', '）')];

/// Braces right after a `[TEXT]` that are not a tag (`{ =a}`, `{＝a}`, `{#a}`, `｛=a｝`,
/// `（=a）`): markdown would print them and the number before them, unchecked. Braces after
/// anything but a `]` (a heading's `{#id}`) are not figure tags and are left alone; tags that
/// start as tags do (`{=`, `{~`, `{vendor=`) are judged by [`malformed_tags`].
fn near_tags(body: &str, offset: usize, range: Range<usize>, out: &mut Vec<(Range<usize>, String)>) {
    let Some(source) = body.get(range.start - offset..range.end - offset) else {
        return;
    };
    for (at, open) in source.char_indices() {
        let Some(&(_, close)) = NEAR_OPENINGS.iter().find(|(o, _)| *o == open) else {
            continue;
        };
        let before = &body[..range.start - offset + at];
        let rest = &source[at..];
        if !before.ends_with(']') || TAG_OPENINGS.iter().any(|o| rest.starts_with(o)) {
            continue;
        }
        if rest.starts_with(super::WORDS_MARK) {
            // `[WORDS]{-}` marks words as no figure; digits there are one, and would pass
            // unchecked and uncounted.
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let words =
                before[line_start..].rfind('[').map_or("", |i| &before[line_start + i + 1..before.len() - 1]);
            if words.chars().any(|c| c.is_numeric()) {
                let start = range.start + at;
                out.push((
                    start..start + super::WORDS_MARK.len(),
                    format!(
                        "`[{words}]{{-}}` marks digits as no figure: `{{-}}` is for words only (\"[forty seconds]{{-}}\"); tag the number, or write it in code if it is a name"
                    ),
                ));
            }
            continue;
        }
        let line_end = rest.find('\n').unwrap_or(rest.len());
        let end = rest[..line_end].find(close).map_or(line_end, |i| i + close.len_utf8());
        let tag = &rest[..end];
        let inner = tag[open.len_utf8()..].trim_end_matches(close);
        // Full-width signs and spaces are slips of an input method or of the fingers.
        let inner: String = inner
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                '＝' => '=',
                '～' => '~',
                c => c,
            })
            .collect();
        // A `（…）` is a tag only when it opens like one: otherwise it is a Japanese aside.
        if open == '（' && !inner.starts_with(['=', '~']) {
            continue;
        }
        let (sign, name) = match inner.strip_prefix("vendor=") {
            Some(name) => ("vendor=", name),
            None => match inner.chars().next() {
                Some(c @ ('=' | '~')) => (if c == '=' { "=" } else { "~" }, &inner[1..]),
                // `{#a}`, `{.a}`, `{:a}`, `{-a}`: a sign that is no tag's; `=` is meant.
                Some(c) if c.is_ascii_punctuation() => ("=", &inner[c.len_utf8()..]),
                _ => ("=", inner.as_str()),
            },
        };
        let named =
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-*/@".contains(c));
        let suggestion = if named { format!("; write `{{{sign}{name}}}`") } else { String::new() };
        let start = range.start + at;
        out.push((
            start..start + end,
            format!(
                "`{tag}` after `[…]` is not a figure tag, and markdown would print it and the number unchecked: a tag is `{{=name}}`, `{{~name}}` or `{{vendor=name}}`, in ASCII with no spaces{suggestion}"
            ),
        ));
    }
}

/// The figure tag `text` ends with (`{=NAME}`, `{~NAME}`, `{vendor=NAME}`), if it ends
/// with one.
fn tag_ending(text: &str) -> Option<&str> {
    let open = text.strip_suffix('}')?.rfind('{')?;
    let tag = &text[open..];
    TAG_OPENINGS.iter().any(|o| tag.starts_with(o)).then_some(tag)
}

/// Figure tags written inside a block of raw HTML (which starts at byte `start` of the
/// file): tally reads tags in markdown only, so such a tag would be published as it is
/// written, unchecked.
pub(super) fn tags_in_raw_html(html: &str, start: usize, out: &mut Vec<(Range<usize>, String)>) {
    let mut from = 0;
    while let Some(found) = TAG_OPENINGS.iter().filter_map(|o| html[from..].find(o).map(|i| from + i)).min() {
        let end = html[found..].find('}').map_or(html.len(), |i| found + i + 1);
        if html[..found].ends_with(']') {
            let begin = html[..found].rfind('[').unwrap_or(found);
            out.push((
                start + begin..start + end,
                format!(
                    "`{}` is inside raw HTML, where tally reads no figure tag: it would be published as written, unchecked; close the HTML block before it (a blank line), or write the number without a tag",
                    &html[begin..end]
                ),
            ));
        }
        from = end.max(found + 1);
    }
}

/// A raw `<data>` element: it looks like one tally made for a checked figure (and reads as
/// one to a machine), but its value and text are whatever was written. Figures are tags.
pub(super) fn raw_data_elements(html: &str, start: usize, out: &mut Vec<(Range<usize>, String)>) {
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<data").map(|i| from + i) {
        from = at + 5;
        if !lower[from..].starts_with(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/') {
            continue;
        }
        let end = lower[at..].find('>').map_or(html.len(), |i| at + i + 1);
        out.push((
            start + at..start + end,
            "a raw `<data>` element states a figure tally does not check; write the figure as a tag, `[814 Mbit/s]{=NAME}`, and tally makes its `<data>`".to_string(),
        ));
    }
}

/// Struck text outside a tag (`~~0.9 Mpps~~ [0.6 Mpps]{=best_pps}`) holding a figure-like
/// number: it reads as a correction no `withdrawn:` entry stands behind.
pub(super) fn struck_outside_tag(text: &str, range: Range<usize>, out: &mut Vec<(Range<usize>, String)>) {
    let found = crate::number::scan_figure_like(text);
    if let Some(first) = found.iter().find(|f| !matches!(f.value, crate::number::FigureValue::Spelled { .. }))
    {
        let at = (range.start + first.range.start).min(range.end);
        let end = (range.start + first.range.end).min(range.end);
        out.push((
            at..end,
            format!(
                "`{}` is struck outside a figure tag: a withdrawn figure is struck inside its tag, `[~~0.9 Mpps~~ 0.6 Mpps]{{=best_pps}}`, and listed under `withdrawn:`",
                text.trim()
            ),
        ));
    }
}

/// A whole tag struck (`~~[40]{=n}~~`, `<del>[40]{=n}</del>`): published struck, a
/// withdrawal with no correction beside it and no `withdrawn:` entry behind it.
pub(super) fn struck_tag(claim: &super::Claim, out: &mut Vec<(Range<usize>, String)>) {
    let sign = claim.form.opening();
    out.push((
        claim.range.clone(),
        format!(
            "the whole tag is struck, so the page shows `{}` withdrawn with no correction beside it: strike the old value inside the tag beside the current one, `[~~{}~~ NEW]{{{sign}{}}}`, and list it under `withdrawn:`, or take the strikethrough off",
            claim.live, claim.live, claim.name
        ),
    ));
}
