//! GFM's extensions (`gfm/gfm-spec-0.29.txt`, the examples marked `example table`,
//! `strikethrough`, `tasklist`, `autolink`, `disallowed raw html`): the rest of that file is
//! CommonMark 0.29, which the CommonMark suite covers at 0.31.2.

use super::suite::{self, ByDesign, differs};

/// Examples tally renders otherwise on purpose, each with why.
const BY_DESIGN: &[ByDesign] = &[
    differs(
        199,
        "a column's alignment is `style=\"text-align\"` (pulldown-cmark's HTML): `align` is obsolete in HTML5, which the site's pages are validated against",
    ),
    differs(205, "a table without body rows gets an empty `<tbody>` (pulldown-cmark's HTML), the same table"),
    // Where linkify, which finds the addresses, draws an address's end otherwise than GFM.
    differs(
        625,
        "linkify ends a bare address at an unbalanced `)` inside it, GFM only at the end: `(business))+ok` is linked up to `(business)`",
    ),
    differs(
        626,
        "linkify keeps `&hl` of a trailing `&hl;` in the address, which GFM reads as an entity and leaves out",
    ),
    differs(
        631,
        "linkify does not take `a.b` (a one-letter top-level domain) for an e-mail address's domain",
    ),
    differs(
        653,
        "raw HTML is published as its author wrote it: GitHub's tag filter guards comments from strangers, and a page's author is no stranger",
    ),
];

#[test]
fn gfm_extension_examples_render_as_github_does() {
    let examples: Vec<_> = super::examples::read("gfm/gfm-spec-0.29.txt")
        .into_iter()
        .filter(|example| !example.extension.is_empty())
        .collect();
    suite::run("GFM 0.29 extensions", &examples, BY_DESIGN);
}

/// GitHub's sections as pulldown-cmark renders them (`style="text-align"`, an empty
/// `<tbody>`): every example must render so.
#[test]
fn gfm_sections_render_as_pulldown_cmark_renders_them() {
    for file in ["gfm/gfm_table.txt", "gfm/gfm_strikethrough.txt", "gfm/gfm_tasklist.txt"] {
        suite::run(file, &super::examples::read(file), &[]);
    }
}
