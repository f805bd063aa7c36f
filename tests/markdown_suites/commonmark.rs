//! CommonMark 0.31.2 (`spec-0.31.2.txt`, 652 examples), and the examples that differ from
//! it by tally's design.

use super::suite::{self, ByDesign, differs, refused};

/// Examples tally refuses on purpose, each with why: a link or image whose target the site
/// lacks is an error at its place (the examples link to files no fixture site has).
const BY_DESIGN: &[ByDesign] = &[
    // GFM's autolinks, which tally makes as the forge that shows the same files does, and
    // CommonMark alone does not.
    differs(602, "GFM links the bare address inside `<https://foo.bar/baz bim>`"),
    differs(
        606,
        "GFM links a bare e-mail address (linkify takes `+@bar.example.com` of `foo\\+@bar.example.com`)",
    ),
    differs(608, "GFM links the bare address inside `< https://foo.bar >`"),
    differs(611, "GFM links a bare `https://` address"),
    differs(612, "GFM links a bare e-mail address"),
    refused(194, &["broken-link"], "links to a file the site lacks"),
    refused(195, &["broken-link"], "links to a file the site lacks"),
    refused(203, &["broken-link"], "links to a file the site lacks"),
    refused(204, &["broken-link"], "links to a file the site lacks"),
    refused(484, &["broken-link"], "links to a page the site lacks"),
    refused(492, &["broken-link"], "links to a file the site lacks"),
    refused(495, &["broken-link"], "links to a file the site lacks"),
    refused(496, &["broken-link"], "links to a file the site lacks"),
    refused(498, &["broken-link"], "links to a file the site lacks"),
    refused(499, &["broken-link"], "links to a file the site lacks"),
    refused(500, &["broken-link"], "links outside the site's content/"),
    refused(501, &["broken-link"], "links to a heading its page lacks"),
    refused(502, &["broken-link"], "links outside the site's content/"),
    refused(503, &["broken-link"], "links to a file the site lacks"),
    refused(504, &["broken-link"], "links to a file the site lacks"),
    refused(517, &["broken-link"], "shows an image the site lacks"),
    refused(520, &["broken-link"], "shows an image the site lacks"),
    refused(522, &["broken-link"], "links to a file the site lacks"),
    refused(531, &["broken-link"], "shows an image the site lacks"),
    refused(572, &["broken-link"], "shows an image outside the site"),
    refused(573, &["broken-link"], "shows an image the site lacks"),
    refused(574, &["broken-link"], "shows an image outside the site"),
    refused(575, &["broken-link"], "shows an image outside the site"),
    refused(576, &["broken-link"], "shows an image the site lacks"),
    refused(577, &["broken-link"], "shows an image the site lacks"),
    refused(578, &["broken-link"], "shows an image the site lacks"),
    refused(579, &["broken-link"], "shows an image outside the site"),
    refused(580, &["broken-link"], "shows an image the site lacks"),
    refused(581, &["broken-link"], "shows an image outside the site"),
    refused(582, &["broken-link"], "shows an image outside the site"),
    refused(583, &["broken-link"], "shows an image outside the site"),
    refused(584, &["broken-link"], "shows an image outside the site"),
    refused(585, &["broken-link"], "shows an image outside the site"),
    refused(586, &["broken-link"], "shows an image outside the site"),
    refused(587, &["broken-link"], "shows an image outside the site"),
    refused(588, &["broken-link"], "shows an image outside the site"),
    refused(589, &["broken-link"], "shows an image outside the site"),
    refused(591, &["broken-link"], "shows an image outside the site"),
    refused(597, &["broken-link"], "links outside the site's content/"),
    refused(598, &["broken-link"], "links outside the site's content/"),
    refused(601, &["broken-link"], "links outside the site's content/"),
    refused(604, &["broken-link"], "links to a file the site lacks"),
    refused(605, &["broken-link"], "links to a file the site lacks"),
];

#[test]
fn commonmark_examples_render_as_the_spec_says() {
    suite::run("CommonMark 0.31.2", &super::examples::read("spec-0.31.2.txt"), BY_DESIGN);
}
