//! A page's table of contents and its headings' anchors, read from and written into the
//! page's rendered HTML at build time.
//!
//! Owns finding the `<h2 id>` sections of a body's HTML, the contents of a long page (four
//! sections or more), and the link a reader copies beside each heading (`<a
//! class="heading-anchor" href="#id">`). It does not name headings (`markdown` does, from
//! their words, never from a figure's value) nor lay the contents out (the templates do).

use crate::views::LinkItem;

/// Sections a page needs before it gets a table of contents.
pub(crate) const CONTENTS_FROM: usize = 4;

/// The `h2` sections of `html` (a body as tally renders it): each heading's id and its words
/// as plain text, a figure in it shown as stated but no link. Fewer than [`CONTENTS_FROM`]:
/// none, as a short page needs no contents.
pub(crate) fn contents(html: &str) -> Vec<LinkItem> {
    let mut items = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<h2 id=\"") {
        let after = &rest[at + "<h2 id=\"".len()..];
        let Some(quote) = after.find('"') else { break };
        let id = &after[..quote];
        let Some(open_end) = after.find('>') else { break };
        let inner_and_rest = &after[open_end + 1..];
        let Some(close) = inner_and_rest.find("</h2>") else { break };
        let title = plain_text(&inner_and_rest[..close]);
        items.push(LinkItem { title, url: format!("#{id}") });
        rest = &inner_and_rest[close..];
    }
    if items.len() < CONTENTS_FROM {
        items.clear();
    }
    items
}

/// `html` with a link to each `h2` and `h3` heading that has an id, after its words, for a
/// reader to copy; `label` names it for a screen reader ("Link to this section").
pub(crate) fn with_anchors(html: &str, label: &str) -> String {
    let mut out = String::with_capacity(html.len() + 1024);
    let mut rest = html;
    loop {
        let next = ["<h2 id=\"", "<h3 id=\""].iter().filter_map(|open| rest.find(open)).min();
        let Some(at) = next else { break };
        let level = &rest[at + 2..at + 3];
        let after = &rest[at + "<h2 id=\"".len()..];
        let (Some(quote), Some(end)) = (after.find('"'), rest[at..].find(&format!("</h{level}>"))) else {
            break;
        };
        let id = &after[..quote];
        out.push_str(&rest[..at + end]);
        out.push_str(" <a class=\"heading-anchor\" href=\"#");
        out.push_str(id);
        out.push_str("\" aria-label=\"");
        let _ = pulldown_cmark_escape::escape_html(pulldown_cmark_escape::FmtWriter(&mut out), label);
        out.push_str("\">#</a>");
        rest = &rest[at + end..];
    }
    out.push_str(rest);
    out
}

/// The words of an element's HTML: tags dropped and the escapes tally writes read back.
fn plain_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "<h2 id=\"a\">The bench</h2>\n<p>x</p>\n<h3 id=\"a1\">Its ports</h3>\n\
        <h2 id=\"b\">At <a href=\"#figure-r\"><data value=\"9.53e8\" title=\"r\">953 Mbit/s</data></a> &amp; more</h2>\n\
        <h2 id=\"c\">What it carried</h2>\n<h2 id=\"d\">Not measured</h2>\n";

    #[test]
    fn a_page_of_four_sections_or_more_lists_them_a_figure_as_plain_text() {
        let items = contents(BODY);
        let listed: Vec<_> = items.iter().map(|i| (i.title.as_str(), i.url.as_str())).collect();
        assert_eq!(
            listed,
            [
                ("The bench", "#a"),
                ("At 953 Mbit/s & more", "#b"),
                ("What it carried", "#c"),
                ("Not measured", "#d")
            ]
        );
        let three = BODY.replace("<h2 id=\"d\">Not measured</h2>\n", "");
        assert!(contents(&three).is_empty());
    }

    #[test]
    fn every_h2_and_h3_with_an_id_gets_a_link_to_itself_after_its_words() {
        let html = with_anchors(BODY, "Link to \"this\"");
        assert_eq!(html.matches("class=\"heading-anchor\"").count(), 5, "{html}");
        assert!(html.contains("<h3 id=\"a1\">Its ports <a class=\"heading-anchor\" href=\"#a1\" aria-label=\"Link to &quot;this&quot;\">#</a></h3>"), "{html}");
        // After the figure's link, never inside it.
        assert!(html.contains("</a> &amp; more <a class=\"heading-anchor\" href=\"#b\""), "{html}");
        assert_eq!(with_anchors("<p>none</p>", "x"), "<p>none</p>");
    }
}
