//! Brackets that are not a figure tag are CommonMark's (issue 26): only a `[TEXT]` whose
//! `]` is followed by `{` is read as a tag; every other bracket keeps the parse CommonMark
//! gives it, and the links inside it are reported.

use std::collections::BTreeMap;

use super::*;

fn render(body: &str) -> String {
    let links = BTreeMap::new();
    render_html(body, 0, &RenderInputs { links: &links, claims: &[] })
}

#[test]
fn a_link_inside_brackets_is_a_link_and_reported() {
    let body = "[see [1]](x.md)\n";
    assert_eq!(render(body), "<p><a href=\"x.md\">see [1]</a></p>\n");
    let dests: Vec<String> = scan(body, 0).links.into_iter().map(|l| l.dest).collect();
    assert_eq!(dests, ["x.md"]);
    let body = "[link [foo [bar]]](/uri)\n";
    assert_eq!(render(body), "<p><a href=\"/uri\">link [foo [bar]]</a></p>\n");
}

#[test]
fn markup_inside_undefined_brackets_is_rendered() {
    assert_eq!(render("[**bold**]\n"), "<p>[<strong>bold</strong>]</p>\n");
    assert_eq!(render("[`code`]\n"), "<p>[<code>code</code>]</p>\n");
    assert_eq!(render("[a\\*b]\n"), "<p>[a*b]</p>\n");
    assert_eq!(render("*foo [bar* baz]\n"), "<p><em>foo [bar</em> baz]</p>\n");
}

#[test]
fn a_reference_after_undefined_brackets_is_still_a_link() {
    assert_eq!(render("[foo][bar][baz]\n\n[baz]: /url\n"), "<p>[foo]<a href=\"/url\">bar</a></p>\n");
    assert_eq!(
        render("[link [foo [bar]]][ref]\n\n[ref]: /uri\n"),
        "<p><a href=\"/uri\">link [foo [bar]]</a></p>\n"
    );
    assert_eq!(render("[bar][foo\\!]\n\n[foo!]: /url\n"), "<p>[bar][foo!]</p>\n");
}

#[test]
fn a_tag_is_still_read_where_a_brace_follows() {
    let scan = scan("[**9**]{=n} and [9]{~m}\n", 0);
    let names: Vec<&str> = scan.claims.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["n", "m"]);
}

#[test]
fn brackets_before_a_brace_that_opens_no_tag_keep_their_markup() {
    assert_eq!(render("[**9**]{x}\n"), "<p>[<strong>9</strong>]{x}</p>\n");
}
