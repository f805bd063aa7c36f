//! Raw HTML in a page body: what a reader is shown of it and the addresses it holds.
//!
//! Owns the reading of raw HTML for `scan`: its reader's text (markup blanked out, byte for
//! byte), whether an inline tag opens or closes a link, and the values of address
//! attributes. It does not report tags written inside raw HTML (that is `tag_errors`).

use std::ops::Range;

use super::Reference;

/// The attributes of raw HTML whose values a reader is shown: as text (`alt`, `title`,
/// `aria-label`, `label`), in a form's field (`value`, `placeholder`) or to a machine
/// (`content` of a `<meta>`). Their numbers count for coverage and parity.
/// `data-pagefind-meta` is shown in search results (`title:Peak 999 Gbit/s`), and `srcdoc`
/// is the page a frame shows.
const READ_ATTRIBUTES: [&str; 9] = [
    "alt",
    "title",
    "aria-label",
    "label",
    "value",
    "placeholder",
    "content",
    "data-pagefind-meta",
    "srcdoc",
];

/// Raw HTML with everything a reader does not see blanked out (tag markup, comments,
/// script and style), byte for byte, so that places in it are places in the file: the text
/// between tags and the values of the attributes of `READ_ATTRIBUTES` stay.
pub(crate) fn html_reader_text(source: &str, in_script: &mut bool) -> String {
    let mut out = String::with_capacity(source.len());
    html_reader_text_into(source, in_script, &mut out);
    out
}

fn html_reader_text_into(source: &str, in_script: &mut bool, out: &mut String) {
    let blank = |out: &mut String, text: &str| {
        for c in text.chars() {
            if c == '\n' {
                out.push('\n');
            } else {
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        }
    };
    // Inside a `<style>` opened in this text: its `content:` strings are shown.
    let mut in_style = false;
    let mut rest = source;
    while !rest.is_empty() {
        if let Some(comment) = rest.strip_prefix("<!--") {
            let end = comment.find("-->").map_or(rest.len(), |i| i + 7);
            blank(out, &rest[..end]);
            rest = &rest[end..];
            continue;
        }
        if rest.starts_with('<') {
            let (attributes, end) = tag_attributes(rest);
            let tag = &rest[..end];
            let lower = tag.to_ascii_lowercase();
            if lower.starts_with("<script") || lower.starts_with("<style") {
                *in_script = !tag.ends_with("/>");
                in_style = *in_script && lower.starts_with("<style");
            } else if lower.starts_with("</script") || lower.starts_with("</style") {
                *in_script = false;
                in_style = false;
            }
            // Keep the values of attributes a reader is given, however they are written
            // (`title = "…"`, `title=940Mbit/s`); a frame's `srcdoc` without its markup.
            let mut kept = String::with_capacity(tag.len());
            blank(&mut kept, tag);
            for (name, value) in attributes {
                if READ_ATTRIBUTES.contains(&name.as_str()) {
                    let shown = if name == "srcdoc" {
                        let mut inner = String::new();
                        html_reader_text_into(&tag[value.clone()], &mut false, &mut inner);
                        inner
                    } else {
                        tag[value.clone()].to_string()
                    };
                    kept.replace_range(value, &shown);
                }
            }
            out.push_str(&kept);
            rest = &rest[end..];
            continue;
        }
        let end = rest.find('<').unwrap_or(rest.len());
        if in_style {
            out.push_str(&crate::stylesheets::shown_text(&rest[..end]));
        } else if *in_script {
            blank(out, &rest[..end]);
        } else {
            out.push_str(&rest[..end]);
        }
        rest = &rest[end..];
    }
}

/// The attributes of the tag `tag` starts with, each as its name (lowercased) and where its
/// value stands (inside its quotes, if any), and where the tag ends: after its `>`, which a
/// quoted value may hold (`srcdoc="<p>940 Mbit/s</p>"`). Spaces around `=` and unquoted
/// values are read as a browser reads them.
fn tag_attributes(tag: &str) -> (Vec<(String, Range<usize>)>, usize) {
    let bytes = tag.as_bytes();
    let skip = |mut at: usize, stop: &dyn Fn(u8) -> bool| {
        while at < bytes.len() && !stop(bytes[at]) {
            at += 1;
        }
        at
    };
    let space = |b: u8| b.is_ascii_whitespace();
    let mut attributes = Vec::new();
    // Past `<` and the element's name.
    let mut at = skip(1, &|b| space(b) || b == b'>');
    loop {
        at = skip(at, &|b| !space(b) && b != b'/');
        match bytes.get(at) {
            None => return (attributes, tag.len()),
            Some(b'>') => return (attributes, at + 1),
            Some(_) => {}
        }
        let name_start = at;
        at = skip(at, &|b| space(b) || b == b'=' || b == b'>' || b == b'/');
        let name = tag[name_start..at].to_ascii_lowercase();
        let after_name = skip(at, &|b| !space(b));
        if bytes.get(after_name) != Some(&b'=') {
            if name_start == at {
                at += 1;
            }
            continue;
        }
        let value_start = skip(after_name + 1, &|b| !space(b));
        let value = match bytes.get(value_start) {
            Some(&quote @ (b'"' | b'\'')) => {
                let end = skip(value_start + 1, &|b| b == quote);
                at = (end + 1).min(tag.len());
                value_start + 1..end
            }
            _ => {
                let end = skip(value_start, &|b| space(b) || b == b'>');
                at = end;
                value_start..end
            }
        };
        attributes.push((name, value));
    }
}

/// Whether inline HTML opens a link (`<a ...>`: `Some(true)`) or closes one (`</a>`).
pub(super) fn raw_link_tag(html: &str) -> Option<bool> {
    let lower = html.trim_start().to_ascii_lowercase();
    let opens = |rest: &str| rest.starts_with(|c: char| c.is_whitespace() || c == '>');
    if let Some(rest) = lower.strip_prefix("</a") {
        return opens(rest).then_some(false);
    }
    lower.strip_prefix("<a").filter(|rest| opens(rest)).map(|_| true)
}

/// Whether raw HTML is the opening (`true`) or closing (`false`) tag of an element that
/// strikes its text for a reader (`<del>`, `<s>`, `<strike>`), or neither (`None`).
pub(super) fn strike_tag(html: &str) -> Option<bool> {
    let lower = html.trim_start().to_ascii_lowercase();
    let (closing, rest) = match lower.strip_prefix("</") {
        Some(rest) => (true, rest),
        None => (false, lower.strip_prefix('<')?),
    };
    ["del", "strike", "s"].iter().find_map(|name| {
        let after = rest.strip_prefix(name)?;
        after.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/').then_some(!closing)
    })
}

/// The values of the attributes that hold an address (`href`, `src`, `action`,
/// `formaction`, `xlink:href`, `poster`, `srcset`) in raw HTML that starts at byte `start` of
/// the file, quoted or not, each with its place.
pub(super) fn html_addresses(html: &str, start: usize) -> Vec<Reference> {
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

/// The `id` attributes of the elements in raw HTML that starts at byte `start` of the file,
/// quoted or not, each with the place of its value: an element's id is one a heading must not
/// take too. An element inside a comment is none; `in_comment` carries an open comment from
/// one piece of raw HTML to the next (an HTML block comes a line at a time). An unquoted
/// value may hold a Tera expression (`id={{ "a b" }}-x` in a template), read whole.
pub(crate) fn html_ids(html: &str, start: usize, in_comment: &mut bool) -> Vec<(String, Range<usize>)> {
    let bytes = html.as_bytes();
    let mut found = Vec::new();
    let mut in_tag = false;
    let mut i = 0;
    while i < bytes.len() {
        if *in_comment {
            match html[i..].find("-->") {
                Some(end) => {
                    *in_comment = false;
                    i += end + 3;
                    continue;
                }
                None => break,
            }
        }
        match bytes[i] {
            b'<' if html[i..].starts_with("<!--") => {
                *in_comment = true;
                i += 4;
                continue;
            }
            b'<' => in_tag = true,
            b'>' => in_tag = false,
            b'i' | b'I'
                if in_tag
                    && i > 0
                    && bytes[i - 1].is_ascii_whitespace()
                    && bytes.get(i + 1).is_some_and(|b| b.eq_ignore_ascii_case(&b'd')) =>
            {
                let mut at = i + 2;
                while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
                    at += 1;
                }
                if bytes.get(at) == Some(&b'=') {
                    at += 1;
                    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
                        at += 1;
                    }
                    let (value_start, end) = match bytes.get(at) {
                        Some(&quote @ (b'"' | b'\'')) => {
                            let end = html[at + 1..].find(quote as char).map_or(html.len(), |e| at + 1 + e);
                            (at + 1, end)
                        }
                        _ => (at, unquoted_end(html, at)),
                    };
                    if let Some(value) = html.get(value_start..end)
                        && !value.is_empty()
                    {
                        found.push((value.to_string(), start + value_start..start + end));
                    }
                    i = end;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Where an unquoted attribute value starting at `at` ends: at whitespace or `>`, outside
/// any Tera code (`{{ … }}`, `{% … %}`, `{# … #}`) it holds.
fn unquoted_end(html: &str, at: usize) -> usize {
    let mut i = at;
    while i < html.len() {
        if let Some(code) = crate::tera_syntax::code_at(html, i) {
            i = code.end;
            continue;
        }
        match html[i..].chars().next() {
            Some(c) if c.is_ascii_whitespace() || c == '>' => return i,
            Some(c) => i += c.len_utf8(),
            None => break,
        }
    }
    html.len()
}

#[cfg(test)]
mod tests {
    use super::{html_ids, strike_tag};

    fn ids(html: &str) -> Vec<String> {
        html_ids(html, 0, &mut false).into_iter().map(|(id, _)| id).collect()
    }

    #[test]
    fn ids_are_read_from_tags_quoted_or_not() {
        assert_eq!(ids("<div id=\"a\" data-id=\"x\"><p ID = b>id=c</p><span id='d'>"), ["a", "b", "d"]);
        assert_eq!(html_ids("<a\nid=\"e\">", 3, &mut false)[0].1, 10..11);
    }

    #[test]
    fn an_element_in_a_comment_has_no_id() {
        assert_eq!(ids("<!-- <span id=\"x\"> --><b id=\"y\"><!-- id=\"z\" -->"), ["y"]);
        let mut in_comment = false;
        assert!(html_ids("<!--\n", 0, &mut in_comment).is_empty() && in_comment);
        assert!(html_ids("<p id=\"w\">\n", 0, &mut in_comment).is_empty());
        assert_eq!(html_ids("--> <p id=\"v\">", 0, &mut in_comment).len(), 1);
        assert!(!in_comment);
    }

    #[test]
    fn an_unquoted_value_holding_a_tera_expression_is_read_whole() {
        assert_eq!(ids("<p id={{ \"tpl\" }}-x class=a>"), ["{{ \"tpl\" }}-x"]);
        assert_eq!(ids("<p id=a-{% if x %}b{% endif %}>"), ["a-{% if x %}b{% endif %}"]);
    }

    #[test]
    fn strike_tags_are_del_s_and_strike_only() {
        assert_eq!(strike_tag("<del>"), Some(true));
        assert_eq!(strike_tag("<DEL datetime=\"2026-10-30\">"), Some(true));
        assert_eq!(strike_tag("</s>"), Some(false));
        assert_eq!(strike_tag("<strike>"), Some(true));
        assert_eq!(strike_tag("<span>"), None);
        assert_eq!(strike_tag("<sup>"), None);
        assert_eq!(strike_tag("<details>"), None);
    }
}
