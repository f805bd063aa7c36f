//! HTML compared as CommonMark's own test suite compares it (commonmark-spec's
//! `test/normalize.py`): whitespace collapsed and dropped beside block elements, attributes
//! sorted, character references read as the characters they stand for. Tokens come from
//! html5gum, a WHATWG tokenizer; the rules applied to them are normalize.py's.
//!
//! Also puts aside what tally adds by design to every page and the spec does not know:
//! heading ids, and the box a table scrolls in.

use html5gum::{Token, Tokenizer};

const BLOCK_TAGS: &[&str] = &[
    "article",
    "header",
    "aside",
    "hgroup",
    "blockquote",
    "hr",
    "iframe",
    "body",
    "li",
    "map",
    "button",
    "object",
    "canvas",
    "ol",
    "caption",
    "output",
    "col",
    "p",
    "colgroup",
    "pre",
    "dd",
    "progress",
    "dl",
    "section",
    "dt",
    "table",
    "td",
    "tfoot",
    "tbody",
    "embed",
    "textarea",
    "fieldset",
    "figcaption",
    "th",
    "figure",
    "thead",
    "footer",
    "tr",
    "form",
    "ul",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "video",
    "script",
    "style",
];

#[derive(PartialEq)]
enum Last {
    StartTag,
    EndTag,
    Other,
}

/// `html` without the `#` link tally ends a heading with, a reader's copyable anchor
/// (`<h2>Foo <a … class="heading-anchor" href="#foo">#</a></h2>`), which the spec's HTML
/// does not have.
fn without_heading_anchors(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find(" <a ") {
        let link = &rest[start..];
        match link.find("</a>") {
            Some(end) if link[..end].contains("class=\"heading-anchor\"") => {
                out.push_str(&rest[..start]);
                rest = &link[end + "</a>".len()..];
            }
            _ => {
                out.push_str(&rest[..start + 1]);
                rest = &rest[start + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `html` in normalize.py's form, with tally's heading ids, heading anchors and table
/// boxes left out.
pub fn normalise(html: &str) -> String {
    let html = without_heading_anchors(html)
        .replace("<div class=\"table-scroll\" tabindex=\"0\">", "")
        .replace("</table>\n</div>\n", "</table>\n");
    let mut out = String::new();
    let mut last = Last::StartTag;
    let mut last_tag = String::new();
    let mut in_pre = false;
    for token in Tokenizer::new(html.as_str()).flatten() {
        match token {
            Token::StartTag(tag) => {
                let name = text(&tag.name);
                if name == "pre" {
                    in_pre = true;
                }
                if is_block(&name) {
                    trim_end(&mut out);
                }
                out.push('<');
                out.push_str(&name);
                for (key, value) in &tag.attributes {
                    let key = text(key);
                    if key == "id" && is_heading(&name) {
                        continue;
                    }
                    out.push(' ');
                    out.push_str(&key);
                    out.push_str("=\"");
                    out.push_str(&escape(&text(&value.value)));
                    out.push('"');
                }
                out.push('>');
                last = if tag.self_closing { Last::EndTag } else { Last::StartTag };
                last_tag = name;
            }
            Token::EndTag(tag) => {
                let name = text(&tag.name);
                if name == "pre" {
                    in_pre = false;
                } else if is_block(&name) {
                    trim_end(&mut out);
                }
                out.push_str("</");
                out.push_str(&name);
                out.push('>');
                last = Last::EndTag;
                last_tag = name;
            }
            Token::String(data) => {
                let mut data = escape(&text(&data.value));
                let after_tag = last != Last::Other;
                if after_tag && last_tag == "br" {
                    data = data.trim_start_matches('\n').to_string();
                }
                if !in_pre {
                    data = collapse_whitespace(&data);
                    if after_tag && is_block(&last_tag) {
                        data = match last {
                            Last::StartTag => data.trim_start().to_string(),
                            _ => data.trim().to_string(),
                        };
                    }
                }
                out.push_str(&data);
                last = Last::Other;
            }
            Token::Comment(comment) => {
                out.push_str("<!--");
                out.push_str(&text(&comment.value));
                out.push_str("-->");
                last = Last::Other;
            }
            Token::Doctype(doctype) => {
                out.push_str("<!");
                out.push_str(&text(&doctype.name));
                out.push('>');
                last = Last::Other;
            }
            Token::Error(_) => {}
        }
    }
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn is_block(tag: &str) -> bool {
    BLOCK_TAGS.contains(&tag)
}

fn is_heading(tag: &str) -> bool {
    matches!(tag, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
}

fn trim_end(out: &mut String) {
    out.truncate(out.trim_end().len());
}

fn collapse_whitespace(data: &str) -> String {
    let mut out = String::with_capacity(data.len());
    let mut in_space = false;
    for c in data.chars() {
        if c.is_whitespace() {
            if !in_space {
                out.push(' ');
            }
            in_space = true;
        } else {
            out.push(c);
            in_space = false;
        }
    }
    out
}

/// The four characters normalize.py writes back as references once it has read them.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[test]
fn reads_html_as_normalize_py_does() {
    assert_eq!(normalise("<p>a  \n b</p>\n<ul>\n<li>x</li>\n</ul>"), "<p>a b</p><ul><li>x</li></ul>");
    assert_eq!(
        normalise("<a title=\"&quot;\" href=\"x\">&#65;&amp;</a>"),
        "<a href=\"x\" title=\"&quot;\">A&amp;</a>"
    );
    assert_eq!(normalise("<h2 id=\"made-up\">T</h2>"), "<h2>T</h2>");
    assert_eq!(
        normalise("<h2 id=\"t\">T <a aria-label=\"Link\" class=\"heading-anchor\" href=\"#t\">#</a></h2>"),
        "<h2>T</h2>"
    );
    assert_eq!(normalise("<pre><code>a  b\n</code></pre>"), "<pre><code>a  b\n</code></pre>");
    assert_ne!(normalise("<p>*a*</p>"), normalise("<p><em>a</em></p>"));
}
