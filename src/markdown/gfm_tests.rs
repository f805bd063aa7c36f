//! GFM's task lists and autolinks (issue 26), and where an address is left as text.

use std::collections::BTreeMap;

use super::*;

fn render(body: &str) -> String {
    let links = BTreeMap::new();
    render_html(body, 0, &RenderInputs { links: &links, claims: &[] })
}

#[test]
fn a_task_lists_marker_is_a_checkbox_not_a_tag_nor_a_link() {
    let body = "- [x] done\n- [ ] to do\n";
    assert_eq!(
        render(body),
        "<ul>\n<li><input disabled=\"\" type=\"checkbox\" checked=\"\"/>\ndone</li>\n<li><input disabled=\"\" type=\"checkbox\"/>\nto do</li>\n</ul>\n"
    );
    let scan = scan(body, 0);
    assert!(scan.links.is_empty() && scan.claims.is_empty() && scan.malformed.is_empty());
}

#[test]
fn bare_addresses_in_running_text_are_links_the_scan_reports() {
    let body = "see https://example.org/a, www.example.org and me@example.org.\n";
    assert_eq!(
        render(body),
        "<p>see <a href=\"https://example.org/a\">https://example.org/a</a>, <a href=\"http://www.example.org\">www.example.org</a> and <a href=\"mailto:me@example.org\">me@example.org</a>.</p>\n"
    );
    let dests: Vec<String> = scan(body, 0).links.into_iter().map(|l| l.dest).collect();
    assert_eq!(dests, ["https://example.org/a", "http://www.example.org", "mailto:me@example.org"]);
}

#[test]
fn addresses_in_code_links_and_raw_html_stay_as_written() {
    assert_eq!(render("`https://example.org`\n"), "<p><code>https://example.org</code></p>\n");
    assert_eq!(render("```\nhttps://example.org\n```\n"), "<pre><code>https://example.org\n</code></pre>\n");
    assert_eq!(
        render("[the https://example.org site](x.md)\n"),
        "<p><a href=\"x.md\">the https://example.org site</a></p>\n"
    );
    assert_eq!(
        render("<a href=\"x.md\">https://example.org</a>\n"),
        "<p><a href=\"x.md\">https://example.org</a></p>\n"
    );
}

#[test]
fn a_figure_tag_beside_an_address_is_still_a_tag() {
    let scan = scan("[9]{=n} at https://example.org\n", 0);
    assert_eq!(scan.claims.len(), 1);
    assert_eq!(scan.links.len(), 1);
}

/// Issue 50: `<foo\+@bar.example.com>` linked `+@bar.example.com`, dropping `foo`: a reader
/// who clicked mailed someone else. An escape splits the run, and no address is linked
/// across it; an address whole in one run is still linked.
#[test]
fn an_address_split_by_an_escape_is_not_linked() {
    assert_eq!(render("<foo\\+@bar.example.com>\n"), "<p>&lt;foo+@bar.example.com&gt;</p>\n");
    assert_eq!(render("mail a\\_b@example.org\n"), "<p>mail a_b@example.org</p>\n");
    assert_eq!(
        render("<foo+@bar.example.com>\n"),
        "<p><a href=\"mailto:foo+@bar.example.com\">foo+@bar.example.com</a></p>\n"
    );
    assert_eq!(
        render("see (me@example.org)\n"),
        "<p>see (<a href=\"mailto:me@example.org\">me@example.org</a>)</p>\n"
    );
}

mod properties {
    use proptest::prelude::*;

    use super::super::{Piece, parse};
    use pulldown_cmark::Event;

    proptest! {
        /// Linking bare addresses never loses, adds or reorders a character of the text,
        /// and never panics, whatever the text.
        #[test]
        fn linking_keeps_the_text_whole(text in "[a-z0-9 .@:/w_~*()\\[\\]<>&;+-]{0,40}") {
            let body = format!("{text}\n");
            let (pieces, _) = parse(&body, 0);
            let joined: String = pieces
                .iter()
                .filter_map(|piece| match piece {
                    Piece::Event(Event::Text(t), _) => Some(t.to_string()),
                    _ => None,
                })
                .collect();
            let unlinked: String = {
                let options = pulldown_cmark::Options::ENABLE_TABLES
                    | pulldown_cmark::Options::ENABLE_STRIKETHROUGH
                    | pulldown_cmark::Options::ENABLE_FOOTNOTES
                    | pulldown_cmark::Options::ENABLE_HEADING_ATTRIBUTES
                    | pulldown_cmark::Options::ENABLE_TASKLISTS;
                pulldown_cmark::Parser::new_ext(&body, options)
                    .filter_map(|event| match event {
                        Event::Text(t) => Some(t.to_string()),
                        _ => None,
                    })
                    .collect()
            };
            prop_assert_eq!(joined, unlinked);
        }
    }
}
