//! Site search: `tally build` publishes one Pagefind index per language under `pagefind/`,
//! the same bytes on every build of the same sources, taken from the memo when no page
//! changed and made again when one did.

mod common;

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
        for file in ["pagefind.js", "pagefind-ui.js", "pagefind-ui.css", "pagefind-entry.json"] {
            assert!(index.contains_key(&format!("{lang}/{file}")), "{lang}/{file} in {:?}", index.keys());
        }
        assert!(index.keys().any(|name| name.starts_with(&format!("{lang}/fragment/"))), "{lang} has pages");
    }
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
