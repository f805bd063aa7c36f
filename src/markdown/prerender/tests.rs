use std::collections::BTreeMap;

use proptest::prelude::*;

use super::prerender;
use crate::markdown::{ClaimView, LinkView, RenderInputs, parse, render_html, scan};

/// Views and links as the checks and the resolution would give them, with every field
/// that can show: a figure's value, title, label, corrections, anchor; a link's address
/// with characters an address escapes, and a "no translation" mark on every other one.
fn inputs_for(body: &str) -> (Vec<ClaimView>, BTreeMap<String, LinkView>) {
    let scanned = scan(body, 0);
    let views = (0..scanned.claims.len())
        .map(|i| ClaimView {
            value: (i % 3 != 2).then(|| format!("{i}.5")),
            title: format!("a <{i}> & \"b\""),
            label: (i % 2 == 1).then(|| "(vendor's <figure>)".to_string()),
            corrections: if i % 4 == 0 { vec![1, 2] } else { Vec::new() },
            anchor: Some(format!("figure-{i}")),
        })
        .collect();
    let links = scanned
        .links
        .iter()
        .chain(&scanned.images)
        .enumerate()
        .map(|(i, link)| {
            let dest = link.dest.trim_start_matches("mailto:").to_string();
            let view = LinkView {
                url: format!("/published/{i}/a b?c=\"d\"&e<f>"),
                marker: (i % 2 == 0).then(|| "(English <only>)".to_string()),
            };
            (dest, view)
        })
        .collect();
    (views, links)
}

/// The prerendered body filled in, against the body rendered from its text.
fn both(body: &str) -> (Option<String>, String) {
    let (views, links) = inputs_for(body);
    let inputs = RenderInputs { links: &links, claims: &views };
    let rendered = render_html(body, 0, &inputs);
    let (nodes, claims) = parse(body, 0);
    let filled = prerender(body, nodes, &super::claim_ends(&claims)).map(|held| held.fill(&claims, &inputs));
    (filled, rendered)
}

fn assert_same(body: &str) {
    let (filled, rendered) = both(body);
    assert_eq!(filled.as_deref(), Some(rendered.as_str()), "body: {body:?}");
}

#[test]
fn figures_links_and_images_filled_in_are_the_render() {
    assert_same("the host received [962,826]{=runs.close.host} frames, [~~9~~ 8]{=b}\n");
    assert_same("see [the page](other.md) and [the next](../x/#a \"a title\") <me@example.org>\n");
    assert_same("![a chart of [3]{=n} runs](chart.png \"title\") after\n");
    assert_same("[text [4]{=n} inside](link.md) and [5]{vendor=v}\n");
    // The typography after a figure reads the figure's text: 「274 万パケット」.
    assert_same("結果は [274 万]{=n} パケット中 [14]{=m} パケットの差\n\n## XGS 136 を通る [2]{=k} 台\n");
    assert_same("![outer ![inner](in.png) [x](in.md)](out.png)\n");
    assert_same("![alt with [a link](a.md) in it](pic.png)\n");
    assert_same("| a | b |\n|---|---|\n| [1]{=a} | [x](y.md) |\n\nnote[^n]\n\n[^n]: [2]{=b} said\n");
    assert_same(
        "## Heading [7]{=h}\n\n```\n[8]{=code}\n```\n\n<a href=\"raw.md\">raw</a> https://example.org/x\n",
    );
}

#[test]
fn a_body_that_writes_a_mark_like_text_is_rendered_as_written() {
    let fake = format!("tally{}-c0-", "0123456789abcdef");
    assert_same(&format!("{fake} and [1]{{=a}} and [l](u{fake}.md)\n"));
}

#[test]
fn a_body_with_a_plot_has_no_prerender() {
    let body = "```plot\nruns: [a]\n```\n";
    let (nodes, _) = parse(body, 0);
    assert!(prerender(body, nodes, &[]).is_none());
}

const PIECES: &[&str] = &[
    "text ",
    "[12.5 Gbit/s]{=rate}",
    "[~~3~~ 4]{~n}",
    "[9]{vendor=v}",
    "[a link](page.md)",
    "[",
    "](x.md)",
    "![alt ",
    "](img.png)",
    "<b@c.de>",
    "**bold** ",
    "*",
    "~~",
    "`code [1]{=c}`",
    "\n\n",
    "\n",
    "| a | b |\n|---|---|\n| ",
    "[^f]",
    "\n\n[^f]: foot ",
    "<span title=\"x\">raw</span>",
    "# ",
    "&amp; &#116;ally",
    "試験台の",
    "\"quoted\" <>&",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_body_filled_in_is_its_render(picks in proptest::collection::vec(0..PIECES.len(), 0..24)) {
        let body: String = picks.iter().map(|&i| PIECES[i]).collect();
        let (filled, rendered) = both(&body);
        prop_assert_eq!(filled.as_deref(), Some(rendered.as_str()), "body: {:?}", body);
    }
}
