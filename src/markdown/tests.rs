use std::collections::BTreeMap;

use super::*;

fn render(body: &str, claims: &[ClaimView]) -> String {
    let links = BTreeMap::new();
    render_html(body, 0, &RenderInputs { links: &links, claims })
}

#[test]
fn a_tag_becomes_a_claim_with_its_name_and_text() {
    let body = "the host received [962,826]{=runs.close.host} frames\n";
    let scan = scan(body, 0);
    assert_eq!(scan.claims.len(), 1);
    let claim = &scan.claims[0];
    assert_eq!(claim.name, "runs.close.host");
    assert_eq!(claim.live, "962,826");
    assert_eq!(&body[claim.range.clone()], "[962,826]{=runs.close.host}");
    assert_eq!(&body[claim.live_range.clone()], "962,826");
    assert_eq!(&body[claim.name_range.clone()], "runs.close.host");
}

#[test]
fn struck_values_are_kept_apart_from_the_live_one() {
    let scan = scan("[~~9,481~~ 9,090]{=runs.keep.done}\n", 0);
    let claim = &scan.claims[0];
    assert_eq!(claim.live, "9,090");
    assert_eq!(claim.struck.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ["9,481"]);
}

#[test]
fn approximate_and_vendor_tags_are_told_apart() {
    let scan = scan("about [360]{~per_response}, vendor [11.5 Gbit/s]{vendor=fw_http}\n", 0);
    assert_eq!(scan.claims[0].form, ClaimForm::Approximate);
    assert_eq!(scan.claims[1].form, ClaimForm::Vendor);
    assert_eq!(scan.claims[1].name, "fw_http");
}

#[test]
fn tags_in_code_are_left_alone() {
    let scan = scan("`[1]{=a}`\n\n```\n[2]{=b}\n```\n", 0);
    assert!(scan.claims.is_empty());
}

#[test]
fn a_bracket_without_a_tag_stays_text() {
    let html = render("see [this] here\n", &[]);
    assert_eq!(html, "<p>see [this] here</p>\n");
}

#[test]
fn a_claim_renders_as_data_with_the_rest_of_the_text() {
    let view = ClaimView { value: Some("962826".into()), title: "x = 962826".into(), ..ClaimView::default() };
    let html = render("got [962,826]{=x} frames\n", &[view]);
    assert_eq!(html, "<p>got <data value=\"962826\" title=\"x = 962826\">962,826</data> frames</p>\n");
}

#[test]
fn a_linked_figure_is_a_plain_link_to_its_entry_around_a_data_with_no_class_but_vendor() {
    // The element says it is a figure and the link's address says where it goes: no class
    // repeats either (they were bytes on every figure of every page).
    let view = |title: &str| ClaimView {
        value: Some("940".into()),
        title: title.into(),
        anchor: Some("figure-x".into()),
        ..ClaimView::default()
    };
    let html = render("got [940]{=x} and [940]{vendor=x}\n", &[view("x = 940"), view("vendor")]);
    assert_eq!(
        html,
        "<p>got <a href=\"#figure-x\"><data value=\"940\" title=\"x = 940\">940</data></a> and \
         <a href=\"#figure-x\"><data class=\"vendor\" value=\"940\" title=\"vendor\">940</data></a></p>\n"
    );
    assert!(!html.contains("figure-link") && !html.contains("class=\"figure"), "{html}");
}

#[test]
fn claims_in_table_cells_count_as_the_cells_text() {
    let scan = scan("| a | done |\n|---|---|\n| x | ~~40 %~~ 60 % |\n| y | [50 %]{=f} |\n", 0);
    let table = &scan.tables[0];
    assert_eq!(table.len(), 3);
    assert_eq!(table[1][1].pieces, vec![("40 %".to_string(), true), (" 60 %".to_string(), false)]);
    assert_eq!(table[2][1].text(), "50 %");
}

#[test]
fn soft_breaks_between_japanese_characters_are_not_spaces() {
    let html = render("日本語の\n文章です。\nEnglish\nhere\n", &[]);
    assert_eq!(html, "<p>日本語の文章です。\nEnglish\nhere</p>\n");
}

#[test]
fn headings_get_ids_from_their_text_or_their_attribute() {
    let scan = scan("# The bench\n\n## 試験台 {#the-bench}\n\n## The bench\n", 0);
    let ids: Vec<_> = scan.headings.iter().map(|h| (h.id.as_str(), h.explicit)).collect();
    // The author's own `{#the-bench}` is kept as written, not renamed `the-bench-1` behind
    // their back: the check of ids makes it an error at that heading (issue 25).
    assert_eq!(ids, [("the-bench", false), ("the-bench", true), ("the-bench-1", false)]);
    let html = render("## What it carried\n", &[]);
    assert_eq!(html, "<h2 id=\"what-it-carried\">What it carried</h2>\n");
}

#[test]
fn a_headings_id_never_holds_a_figures_value_or_name() {
    let scan =
        scan("## Through the host: [953 Mbit/s]{=bodies} and `curl`\n\n## [9,090]{=runs.a.b} responses\n", 0);
    let ids: Vec<_> = scan.headings.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["through-the-host-and-curl", "responses"]);
    // A tag with words after it is the heading's text, not its attribute block.
    assert!(scan.heading_attributes.is_empty(), "{:?}", scan.heading_attributes);
    // A bracket that is no tag keeps its words.
    let scan = super::scan("## The [draft] notes\n", 0);
    assert_eq!(scan.headings[0].id, "the-draft-notes");
}

#[test]
fn a_table_whose_first_two_columns_are_short_labels_keeps_both_in_view() {
    let named = "| connections | by | frames |\n|---|---|---|\n| kept open | coprocessor | [520]{=a} |\n| kept open | host | [9]{=b} |\n";
    assert!(render(named, &[]).contains("<div class=\"table-scroll names-2\" tabindex=\"0\">"));
    // Five columns or more: a wide table, which a desktop gives the width it needs.
    let wide = "| a | b | c | d | e |\n|---|---|---|---|---|\n| x | y | [1]{=a} | 2 | 3 |\n";
    assert!(render(wide, &[]).contains("<div class=\"table-scroll names-2 wide\" tabindex=\"0\">"));
    // A second column of sentences, or one stating figures, is no name: only the first stays.
    let described = "| work | where it stands | done |\n|---|---|---|\n| HTTP | measured before this site's pages existed | 100 % |\n";
    let stated = "| run | frames | sent |\n|---|---|---|\n| a | [520]{=a} | 10 |\n";
    let two = "| run | frames |\n|---|---|\n| a | b |\n";
    let numbers = "| run | complete | failed |\n|---|---|---|\n| a | 8,935 | 1 |\n";
    for table in [described, stated, two, numbers] {
        assert!(render(table, &[]).contains("<div class=\"table-scroll\" tabindex=\"0\">"), "{table}");
    }
}

#[test]
fn links_are_pointed_at_their_published_address_with_a_marker() {
    let mut links = BTreeMap::new();
    links.insert("../a.md#x".to_string(), LinkView { url: "/a/#x".into(), marker: Some("（英語）".into()) });
    let html = render_html("[A](../a.md#x)\n", 0, &RenderInputs { links: &links, claims: &[] });
    assert_eq!(html, "<p><a href=\"/a/#x\">A<span class=\"untranslated\">（英語）</span></a></p>\n");
}

#[test]
fn places_count_from_the_start_of_the_file() {
    let scan = scan("[5]{=a}\n", 100);
    assert_eq!(scan.claims[0].range, 100..107);
}

/// Issue 13: 20,000 equal headings took 96 s, each one trying every suffix before it. At
/// 100,000 the old way does 5 billion tries and never finishes.
#[test]
fn many_equal_headings_get_numbered_ids_in_linear_time() {
    let body = "## Same\n\n".repeat(100_000);
    let scan = scan(&body, 0);
    assert_eq!(scan.headings.len(), 100_000);
    assert_eq!(scan.headings[0].id, "same");
    assert_eq!(scan.headings[1].id, "same-1");
    assert_eq!(scan.headings[99_999].id, "same-99999");
}

#[test]
fn a_heading_id_that_collides_with_a_numbered_one_is_numbered_further() {
    let scan = scan("## Same\n\n## Same-1\n\n## Same\n\n## Same\n", 0);
    let ids: Vec<&str> = scan.headings.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["same", "same-1", "same-2", "same-3"]);
}

/// Issue 13: 200,000 `[x] ` took 27 s, each text piece copying all the text joined before
/// it. At 400,000 pieces the old way copies hundreds of gigabytes.
#[test]
fn text_split_into_many_pieces_is_joined_in_linear_time() {
    let body = "[x] ".repeat(400_000);
    let scan = scan(&body, 0);
    let prose: usize = scan.prose.iter().map(|(_, text)| text.len()).sum();
    assert!(prose >= body.trim_end().len(), "{prose}");
    assert!(scan.claims.is_empty());
}

#[test]
fn tags_that_are_not_tags_are_reported() {
    for (body, tag, says) in [
        ("it ran at 787 Mbit/s{=rate} then\n", "{=rate}", "`[787 Mbit/s]{=rate}`"),
        ("it ran [9]{=} then\n", "{=}", "names no figure"),
        ("it ran [5]{=a b} then\n", "{=a b}", "`a b` is not a figure's name"),
        ("it ran [9] {=a} then\n", "{=a}", "stands apart"),
        ("it ran [9]{~a then\n", "{~a then", "not closed"),
        ("![the bench at [9]{=a}](p.png)\n", "[9]{=a}", "alt text"),
        ("see [the [9,090]{=a} responses](http://x)\n", "[9,090]{=a}", "inside a link's text"),
    ] {
        let scan = scan(body, 0);
        assert_eq!(scan.malformed.len(), 1, "{body}: {:?}", scan.malformed);
        let (range, message) = &scan.malformed[0];
        assert_eq!(&body[range.clone()], tag, "{body}");
        assert!(message.contains(says), "{body}: {message}");
    }
    for body in ["`787 Mbit/s{=rate}` in code\n", "a [9]{=a} tag\n", "```\n[9]{=}\n```\n"] {
        assert!(scan(body, 0).malformed.is_empty(), "{body}");
    }
}

/// A user trial: `[512 KiB]{=body_size}{=connections}` was told to write
/// `[[512 KiB]{=body_size}]{=connections}`, a nested tag that is no fix at all.
#[test]
fn a_second_tag_on_one_figure_is_told_a_figure_takes_one_tag() {
    for (body, second, first) in [
        ("each asking for [512 KiB]{=body_size}{=connections} again\n", "{=connections}", "{=body_size}"),
        ("about [360]{~frames}{=frames_exact} frames\n", "{=frames_exact}", "{~frames}"),
        ("about [360]{=frames}{~frames_approx} frames\n", "{~frames_approx}", "{=frames}"),
        ("the vendor's [11.5 Gbit/s]{vendor=fw}{=rate}\n", "{=rate}", "{vendor=fw}"),
        ("it ran [9]{=a} {=b} times\n", "{=b}", "{=a}"),
    ] {
        let scan = scan(body, 0);
        assert_eq!(scan.claims.len(), 1, "{body}");
        assert_eq!(scan.malformed.len(), 1, "{body}: {:?}", scan.malformed);
        let (range, message) = &scan.malformed[0];
        assert_eq!(&body[range.clone()], second, "{body}");
        assert!(message.contains("a figure takes one tag"), "{body}: {message}");
        assert!(message.contains(&format!("remove `{second}` or `{first}`")), "{body}: {message}");
        assert!(!message.contains("[["), "{body}: {message}");
    }
    // The text suggested for a bare tag never takes in the figure before it, and a tag with
    // no text before it at all is shown with `TEXT`.
    for (body, says) in
        [("it ran [9]{=a} times{=b}\n", "`[times]{=b}`"), ("{=a} at the start\n", "`[TEXT]{=a}`")]
    {
        let scan = scan(body, 0);
        assert!(scan.malformed[0].1.contains(says), "{body}: {:?}", scan.malformed);
    }
}

#[test]
fn raw_html_alt_text_and_link_text_are_read_for_numbers() {
    let body = "<p>The host received 962,826 frames <img alt=\"at 943 Mbit/s\" src=\"a.png\"></p>\n\n<script>var x = 12345;</script>\n\n![a run of 1,024 responses](p.png) and [40 seconds](#a)\n";
    let scan = scan(body, 0);
    let texts: Vec<String> = scan
        .prose
        .iter()
        .flat_map(|(range, text)| {
            crate::number::scan_figure_like(text)
                .into_iter()
                .map(|f| body[range.start + f.range.start..range.start + f.range.end].to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(texts, ["962,826", "943 Mbit/s", "1,024", "40 seconds"]);
}

#[test]
fn addresses_in_raw_html_are_found_with_their_places_in_linear_time() {
    let body = "x <a href=\"javascript:x\">y</a> <img SRC=p.png alt=q> <a title=\"href=no\">\n";
    let scan = scan(body, 10);
    let found: Vec<(&str, &str)> = scan
        .html_addresses
        .iter()
        .map(|r| (r.dest.as_str(), &body[r.range.start - 10..r.range.end - 10]))
        .collect();
    assert_eq!(found, [("javascript:x", "javascript:x"), ("p.png", "p.png")]);
    let many = format!("<p {}>\n", "a=".repeat(200_000));
    assert!(scan_many(&many).is_empty());
}

fn scan_many(body: &str) -> Vec<super::Reference> {
    scan(body, 0).html_addresses
}

/// A number struck by hand outside a tag is an error (a correction no `withdrawn:` entry
/// stands behind), and stays running text, so that it counts for coverage; a family
/// table's struck cell is its history and is left alone.
#[test]
fn a_number_struck_outside_a_tag_is_an_error_but_still_read() {
    let body = "It peaked at ~~0.9 Mpps~~ [0.6 Mpps]{=best_pps}.";
    let scanned = scan(body, 0);
    assert_eq!(scanned.malformed.len(), 1, "{:?}", scanned.malformed);
    assert_eq!(&body[scanned.malformed[0].0.clone()], "0.9 Mpps");
    assert!(scanned.prose.iter().any(|(_, text)| text.contains("0.9 Mpps")));
    let table = "| done | weight |\n|---|---|\n| ~~40 %~~ 60 % | 1 |\n";
    assert!(scan(table, 0).malformed.is_empty());
}

/// Issue 43: the bold a paragraph starts with is a run-in heading; bold later is not.
#[test]
fn the_bold_a_paragraph_starts_with_is_a_run_in_heading() {
    let body = "**Three failures.** Then **bold** later.\n\n- **Two ways.** in a list\n";
    let scan = scan(body, 0);
    assert_eq!(
        scan.run_in_headings.iter().map(|r| &body[r.clone()]).collect::<Vec<_>>(),
        ["**Three failures.**"]
    );
}

/// Issue 45's typography: a model name whole in a heading, a numeral with its counter, no
/// space by a full-width bracket or between two Japanese words, code left as written.
#[test]
fn the_render_keeps_names_and_counters_whole_and_japanese_unspaced() {
    let view = |label: Option<&str>| ClaimView {
        value: Some("1".into()),
        title: "t".into(),
        label: label.map(str::to_string),
        ..ClaimView::default()
    };
    let html = render(
        "## HTTP through the XGS 136\n\n2 台目の XGS 3300、[274 万]{=n} パケット、[512 KB]{vendor=v}の応答\n\n```\n2 台\n```\n",
        &[view(None), view(Some("（ベンダーの数値）"))],
    );
    assert!(html.contains(">HTTP through the XGS\u{a0}136</h2>"), "{html}");
    assert!(html.contains("<p>2\u{a0}台目の XGS 3300、"), "{html}");
    assert!(html.contains("274 万</data>パケット、"), "{html}");
    assert!(
        html.contains("512 KB</data><span class=\"figure-label\">（ベンダーの数値）</span>の応答"),
        "{html}"
    );
    assert!(html.contains("<code>2 台\n</code>"), "{html}");
    // An English label keeps its space.
    let html = render("[5]{vendor=v} said\n", &[view(Some("(vendor's figure)"))]);
    assert!(
        html.contains("</data> <span class=\"figure-label\">(vendor&#39;s figure)</span> said"),
        "{html}"
    );
}

/// A README-only trial: "GX-412TC" broke at its hyphen in a heading. It is kept whole by a
/// span (`.nowrap`) with its plain hyphen, which search and copying find; body text, code
/// and an image's alt text are left as written.
#[test]
fn a_model_name_with_a_hyphen_is_kept_whole_in_a_heading_and_only_there() {
    let html = render(
        "## OPNsense on the GX-412TC & more\n\nThe GX-412TC.\n\n## `GX-412TC` ![GX-412TC board](b.png)\n",
        &[],
    );
    assert!(
        html.contains(">OPNsense on the <span class=\"nowrap\">GX-412TC</span> &amp; more</h2>"),
        "{html}"
    );
    assert!(html.contains("<p>The GX-412TC.</p>"), "{html}");
    assert!(html.contains("<code>GX-412TC</code>") && html.contains("alt=\"GX-412TC board\""), "{html}");
}
