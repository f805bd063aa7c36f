//! Each page's markdown is parsed once per build: the scan's parse is handed to the render.
//! Alone in its test binary, so that no other build in the process moves the count.

mod common;

use tally::{Destination, Options, make, parse_count};

#[test]
fn a_cold_build_parses_each_page_once() {
    let site = common::bundled_copy();
    let options =
        Options { root: site.root().to_path_buf(), destination: Destination::Memory, timings: false };
    let before = parse_count();
    make(&options).expect("the bundled site builds");
    let markdown_pages = walkdir::WalkDir::new(site.path("content"))
        .into_iter()
        .flatten()
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "md"))
        .count();
    assert_eq!(parse_count() - before, markdown_pages, "one parse per page");
}
