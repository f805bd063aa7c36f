//! Site search: `tally build` publishes one Pagefind index per language under `pagefind/`,
//! the same bytes on every build of the same sources, taken from the memo when no page
//! changed and made again when one did.

use crate::common;

use std::collections::BTreeMap;

use common::{bundled_copy, settle_all, tree};

const PAGE: &str = "content/measurements/2026-10-29-xgs136-http/index.md";

/// The files under `site/pagefind/`.
fn index_of(site: &common::Site) -> BTreeMap<String, Vec<u8>> {
    tree(&site.path("site/pagefind"))
}

fn built() -> common::Site {
    let site = bundled_copy();
    settle_all(site.root());
    site.build().expect_success();
    site
}

#[test]
fn every_language_has_its_index_and_every_page_its_hidden_box() {
    let site = built();
    let index = index_of(&site);
    for lang in ["en", "ja"] {
        for file in ["pagefind.js", "pagefind-entry.json"] {
            assert!(index.contains_key(&format!("{lang}/{file}")), "{lang}/{file} in {:?}", index.keys());
        }
        assert!(index.keys().any(|name| name.starts_with(&format!("{lang}/fragment/"))), "{lang} has pages");
    }
    // Pagefind's own UI is not published: the box is tally's own (issue 45).
    assert!(!index.keys().any(|name| name.contains("pagefind-ui")), "{:?}", index.keys());
    for (page, bundle) in [("index.html", "/pagefind/en/"), ("ja/index.html", "/pagefind/ja/")] {
        let html = site.read(page);
        assert!(
            html.contains(&format!(
                "id=\"site-search\" class=\"site-search\" hidden data-bundle=\"{bundle}\""
            )),
            "{page}"
        );
        assert!(html.contains("<script src=\"/js/search.js\" defer></script>"), "{page}");
    }
}

#[test]
fn two_cold_builds_make_a_byte_identical_index() {
    let (first, second) = (built(), built());
    let (a, b) = (index_of(&first), index_of(&second));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in &a {
        assert!(b[name] == *bytes, "{name} differs between two builds");
    }
}

#[test]
fn an_edit_makes_the_index_again_as_a_cold_build_would() {
    let site = built();
    let before = index_of(&site);
    let unchanged = site.tally(&["build"]);
    unchanged.expect_success();
    assert!(index_of(&site) == before, "a build with no change keeps the index");
    site.edit(PAGE, "That box is only the far end here", "That box is only the far end of the path here");
    site.build().expect_success();
    let after = index_of(&site);
    assert!(after != before, "the edited page is indexed again");
    std::fs::remove_dir_all(site.path(".tally-cache")).expect("remove the memo");
    std::fs::remove_dir_all(site.path("site")).expect("remove the site");
    site.build().expect_success();
    assert!(index_of(&site) == after, "the index of an edited site is the cold build's");
}

/// A site that does not ask for search (`search:` is off unless set) gets no index, no box
/// and no script: indexing is Pagefind's work on every page, which a site without a box
/// would pay for nothing.
#[test]
fn a_site_without_search_true_has_no_index_box_or_script() {
    let site = bundled_copy();
    settle_all(site.root());
    site.edit("site.yaml", "search: true\n", "");
    site.build().expect_success();
    assert!(!site.path("site/pagefind").exists(), "an index was made");
    for page in ["index.html", "ja/index.html"] {
        let html = site.read(page);
        assert!(!html.contains("site-search"), "{page} has a search box");
        assert!(!html.contains("/js/search.js"), "{page} loads the search script");
    }
}

/// The evidence section (inputs, formulas, source lines) is left out of the index: its
/// words are not what a reader searches for, and they were most of what was indexed.
#[test]
fn the_evidence_section_is_not_indexed_but_the_pages_own_figures_are() {
    let site = built();
    let page = site.read("measurements/2026-10-29-xgs136-http/index.html");
    assert!(page.contains("<section class=\"evidence\""), "the page has its evidence section");
    let index = index_of(&site);
    let fragments: Vec<String> = index
        .iter()
        .filter(|(name, _)| name.starts_with("en/fragment/"))
        .map(|(_, bytes)| gunzipped(bytes))
        .collect();
    let fragment = fragments
        .iter()
        .find(|f| f.contains("/measurements/2026-10-29-xgs136-http/"))
        .expect("the HTTP page is indexed");
    assert!(fragment.contains("989"), "the page's stated figure is searchable: {fragment}");
    assert!(!fragment.contains("evidence-heading"), "{fragment}");
    let evidence_heading = page
        .split("id=\"evidence-heading\">")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .expect("the evidence heading's text");
    assert!(!fragment.contains(evidence_heading), "the evidence heading {evidence_heading:?} is indexed");
}

/// Pagefind's fragments are gzip streams after a `pagefind_dcd` signature.
fn gunzipped(bytes: &[u8]) -> String {
    use std::io::Read as _;
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut text).expect("a gzip fragment");
    String::from_utf8_lossy(text.strip_prefix(b"pagefind_dcd").unwrap_or(&text)).into_owned()
}

/// Regression (user trial): the home page's listing of the latest measurements was indexed
/// with it, so every measurement's title also found the home page.
#[test]
fn the_home_page_s_listing_is_not_indexed() {
    let site = built();
    let index = index_of(&site);
    let home = index
        .iter()
        .filter(|(name, _)| name.starts_with("en/fragment/"))
        .map(|(_, bytes)| gunzipped(bytes))
        .find(|f| f.contains("\"url\":\"/\""))
        .expect("the home page is indexed");
    assert!(site.read("index.html").contains("HTTP through the XGS 136"), "the home page lists the page");
    assert!(!home.contains("HTTP through the XGS 136"), "{home}");
}

/// Under serve the index is made after the pages are served, then served itself; an edit
/// is served at once and indexed in the background.
#[test]
fn serve_makes_the_index_after_serving_the_pages_and_again_after_an_edit() {
    let site = bundled_copy();
    settle_all(site.root());
    let serve = common::Serve::start(&site);
    let entry = serve.wait_for("/pagefind/en/pagefind-entry.json", "the first index", |r| r.status == 200);
    assert!(entry.body.contains("\"en\""), "{}", entry.body);
    // The build's line counts the pages; the index, made after it, says what it added.
    serve.wait_for_lines("indexed for search: ", 1);
    site.edit(PAGE, "That box is only the far end here", "That box is only the far end of the path here");
    serve.wait_for("/measurements/2026-10-29-xgs136-http/", "the edit served", |r| {
        r.body.contains("far end of the path here")
    });
    // Served at every moment: the last index until the new one is made.
    assert_eq!(serve.get("/pagefind/en/pagefind-entry.json").status, 200);
    serve.wait_for("/pagefind/en/pagefind-entry.json", "the index made again", |r| r.body != entry.body);
}

/// Regression: the last build's index was carried into every build under serve, so a site
/// whose search was turned off kept serving the old index (and its pages no longer had a
/// search box to use it).
#[test]
fn serve_drops_the_index_once_search_is_turned_off() {
    let site = bundled_copy();
    settle_all(site.root());
    let serve = common::Serve::start(&site);
    serve.wait_for("/pagefind/en/pagefind-entry.json", "the first index", |r| r.status == 200);
    site.edit("site.yaml", "search: true", "search: false");
    serve.wait_for("/pagefind/en/pagefind-entry.json", "the index gone", |r| r.status == 404);
}

/// How many pages a language's index holds, as its entry file says.
fn page_count(site: &common::Site, lang: &str) -> u64 {
    let entry =
        String::from_utf8(index_of(site)[&format!("{lang}/pagefind-entry.json")].clone()).expect("UTF-8");
    let json: serde_json::Value = serde_json::from_str(&entry).expect("the entry is JSON");
    json["languages"][lang]["page_count"].as_u64().expect("a page count")
}

/// Regression: Pagefind indexes only the pages that have a `data-pagefind-body` element once
/// any page has one, so one page's raw `<div data-pagefind-body>` took every other page out
/// of search. Every page's `<main>` carries it now.
#[test]
fn a_pages_own_data_pagefind_body_does_not_take_the_other_pages_out_of_search() {
    let site = built();
    let before = page_count(&site, "en");
    assert!(before > 5, "the bundled site's English index holds its pages: {before}");
    let text = std::fs::read_to_string(site.path(PAGE)).expect("the page");
    site.file(PAGE, format!("{text}\n<div data-pagefind-body>Only this.</div>\n"));
    site.build().expect_success();
    assert_eq!(page_count(&site, "en"), before, "every English page is still indexed");
}

/// A README-only trial: a search result of a page whose run was taken by someone else said
/// "Measured on" where the page says "Taken on". Its date is indexed under its own name.
#[test]
fn a_page_taken_by_someone_else_is_listed_with_the_date_it_was_taken_under_that_name() {
    let site = bundled_copy();
    let runs = PAGE.replace("index.md", "runs.yaml");
    let text = site.read_source(&runs);
    site.file(&runs, format!("source: {{by: \"Jean Dupont\", taken: 2011-03-02}}\n{text}"));
    settle_all(site.root());
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-xgs136-http/index.html");
    assert!(
        html.contains("<dt>Taken on</dt> <dd><time datetime=\"2011-03-02\" data-pagefind-meta=\"taken\">"),
        "{html}"
    );
    assert!(html.contains("data-label-taken=\"Taken on\""), "the box names the date as the page does");
    let ja = site.read("ja/measurements/2026-10-29-xgs136-http/index.html");
    assert!(ja.contains("data-pagefind-meta=\"taken\""), "{ja}");
}
