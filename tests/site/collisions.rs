//! Collisions (issue 27): a file copied from `static/` or a bundle never takes the place of
//! a page or file tally makes; it is an error naming both, in `build`, `check` and `serve`
//! (which builds in memory through the same pipeline).

use crate::common;

use common::{PNG, Site};

fn home_site() -> Site {
    let site = Site::new();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nHello.\n");
    site.file("content/tb/index.md", "---\ntitle: TB\n---\n\nA page.\n");
    site
}

/// `build`, `check` and an in-memory build (serve's) all fail naming `copied` and `made`.
#[track_caller]
fn refused_everywhere(site: &Site, copied: &str, made: &str) {
    let run = site.build();
    run.expect_code(1).expect_stderr("error[duplicate-url]");
    let line = run
        .diagnostic_lines()
        .into_iter()
        .find(|l| l.contains(copied))
        .unwrap_or_else(|| panic!("no error names {copied}:\n{}", run.stderr))
        .to_string();
    assert!(line.contains(made), "{made} is not named: {line}");
    assert!(!site.path("site").exists(), "a build with a collision was committed");
    site.check().expect_code(1).expect_stderr(&line);
    let options = tally::Options {
        root: site.root().to_path_buf(),
        destination: tally::Destination::Memory,
        timings: false,
    };
    match tally::make(&options) {
        Err(tally::Failure::Problems(problems)) => assert!(
            problems.iter().any(|p| p.code == "duplicate-url" && p.path.ends_with(copied)),
            "{problems:#?}"
        ),
        other => panic!("an in-memory build with a collision: {other:?}"),
    }
}

#[test]
fn a_static_file_at_a_pages_address_is_an_error_naming_both() {
    let site = home_site();
    site.file("static/tb/index.html", "<p>not checked</p>");
    refused_everywhere(&site, "static/tb/index.html", "content/tb/index.md");
}

#[test]
fn a_bundles_own_index_html_beside_its_page_is_an_error_naming_both() {
    let site = home_site();
    site.file("content/tb/index.html", "<p>not checked</p>");
    refused_everywhere(&site, "content/tb/index.html", "content/tb/index.md");
}

#[test]
fn a_static_figures_json_feed_or_sitemap_is_an_error() {
    for (file, made) in [
        ("figures.json", "figures.json"),
        ("atom.xml", "feed"),
        ("sitemap.xml", "sitemap"),
        ("ja/atom.xml", "feed"),
    ] {
        let site = home_site();
        site.file(&format!("static/{file}"), "[]");
        refused_everywhere(&site, &format!("static/{file}"), made);
    }
}

#[test]
fn a_static_file_at_a_stamped_pictures_address_is_an_error() {
    let site = home_site();
    site.file("content/tb/index.md", "---\ntitle: TB\n---\n\n![a shot](shot.png)\n");
    site.file("content/tb/shot.png", PNG);
    site.file("static/tb/shot.png", PNG);
    refused_everywhere(&site, "static/tb/shot.png", "content/tb/shot.png");
}

#[test]
fn two_copies_at_one_address_are_an_error_naming_both() {
    let site = home_site();
    site.file("static/tb/notes.txt", "one");
    site.file("content/tb/notes.txt", "two");
    refused_everywhere(&site, "content/tb/notes.txt", "static/tb/notes.txt");
}

#[test]
fn copies_beside_pages_at_their_own_addresses_still_build() {
    let site = home_site();
    site.file("static/tb/notes.txt", "one").file("content/tb/data.csv", "a,b\n");
    site.build().expect_success();
    assert_eq!(site.read("tb/notes.txt"), "one");
    assert!(site.has("tb/index.html") && site.has("tb/data.csv"));
}

#[test]
fn a_page_at_the_address_of_a_listing_tally_makes_is_an_error() {
    for page in ["content/measurements.md", "content/appliances/index.md"] {
        let site = home_site();
        site.file(page, "---\ntitle: Mine\n---\n\nA page of my own.\n");
        let run = site.build();
        run.expect_code(1).expect_stderr(&format!("error[duplicate-url]: {page}"));
        site.check().expect_code(1).expect_stderr("error[duplicate-url]");
    }
}

#[test]
fn a_static_file_at_a_pages_folder_is_an_error_naming_both() {
    let site = home_site();
    site.file("content/privacy.md", "---\ntitle: Privacy\n---\n\nNone.\n");
    site.file("static/privacy", "not a folder");
    refused_everywhere(&site, "static/privacy", "content/privacy.md");
}

#[test]
fn a_static_folder_at_a_file_tally_writes_is_an_error_naming_both() {
    for (file, made) in [
        ("atom.xml/a.txt", "feed"),
        ("figures.json/a", "figures.json"),
        ("tb/index.html/x", "content/tb/index.md"),
    ] {
        let site = home_site();
        site.file(&format!("static/{file}"), "x");
        refused_everywhere(&site, &format!("static/{file}"), made);
    }
}
