//! Finding one's way (issue 45): a table of contents on a page of four sections or more,
//! in both languages, its entries plain text where a heading holds a figure; a link to copy
//! beside each heading, whose id never holds a figure's value; the methodology in the
//! header, and the section a page is in marked there.

use crate::common::{MEASUREMENT, Site, bundled_copy};

#[test]
fn a_long_page_has_its_contents_in_both_languages_and_a_short_one_none() {
    let site = bundled_copy();
    site.build().expect_success();
    for (page, heading) in [
        ("measurements/2026-10-29-xgs136-http/index.html", "On this page"),
        ("ja/measurements/2026-10-29-xgs136-http/index.html", "このページの内容"),
    ] {
        let html = site.read(page);
        let nav = html.find("<nav class=\"contents\"").unwrap_or_else(|| panic!("no contents on {page}"));
        let contents = &html[nav..nav + html[nav..].find("</nav>").expect("its end")];
        assert!(contents.contains(heading), "{contents}");
        // Each h2 of the page's own text, then the evidence.
        let body = &html[html.find("<div class=\"content\">").expect("content")..];
        let sections =
            body[..body.find("<section class=\"evidence\"").expect("evidence")].matches("<h2 id=").count();
        assert_eq!(contents.matches("<li>").count(), sections + 1, "{contents}");
        assert!(contents.contains("<a href=\"#evidence-heading\">"), "{contents}");
        // The contents come before the text.
        assert!(nav < html.find("<div class=\"content\">").expect("content"), "{page}");
    }
    // The privacy page has fewer than four sections.
    assert!(!site.read("privacy/index.html").contains("class=\"contents\""));
}

#[test]
fn a_figure_in_a_heading_is_plain_text_in_the_contents_and_no_part_of_its_anchor() {
    let site = Site::new();
    let page = MEASUREMENT.replace(
        "## How it was taken",
        "## The host at [962,826]{=runs.close_coproc.host_frames.received} frames\n\nText.\n\n## Its ports\n\nText.\n\n## How it was taken",
    );
    site.measurement("content/measurements/run", page);
    site.build().expect_success();
    let html = site.read("measurements/run/index.html");
    let heading = "<h2 id=\"the-host-at-frames\">The host at <a href=\"#figure-runs.close_coproc.host_frames.received\">";
    assert!(html.contains(heading), "{html}");
    let nav = html.find("<nav class=\"contents\"").expect("contents");
    let contents = &html[nav..nav + html[nav..].find("</nav>").expect("its end")];
    assert!(
        contents.contains("<li><a href=\"#the-host-at-frames\">The host at 962,826 frames</a></li>"),
        "{contents}"
    );
    assert!(!contents.contains("#figure-"), "{contents}");
    // Each heading has a link to itself, after its words and the figure's link.
    assert!(
        html.contains("frames <a class=\"heading-anchor\" href=\"#the-host-at-frames\" aria-label=\"Link to this section\">#</a></h2>"),
        "{html}"
    );
}

#[test]
fn the_header_links_the_methodology_and_marks_the_section_a_page_is_in() {
    let site = bundled_copy();
    site.build().expect_success();
    let nav = |page: &str| {
        let html = site.read(page);
        let at = html.find("<nav aria-label=").expect("the header's navigation");
        html[at..at + html[at..].find("</nav>").expect("its end")].to_string()
    };
    let measurement = nav("measurements/2026-10-29-xgs136-http/index.html");
    assert!(measurement.contains("<a href=\"/measurements/\" aria-current=\"true\">"), "{measurement}");
    assert!(measurement.contains("<a href=\"/method/\">"), "{measurement}");
    assert!(nav("measurements/index.html").contains("<a href=\"/measurements/\" aria-current=\"page\">"));
    assert!(nav("families/xgs-136/index.html").contains("<a href=\"/appliances/\" aria-current=\"true\">"));
    assert!(
        nav("ja/method/index.html").contains("<a href=\"/ja/method/\" aria-current=\"page\">測定方法</a>")
    );
    assert_eq!(nav("privacy/index.html").matches("aria-current").count(), 0);
}
