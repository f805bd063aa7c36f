//! Each page's markdown is parsed twice per build, no more: by the scan and by the render.
//! Keeping the scan's parse for the render saved a parse but held every page's events
//! from the resolve stage to the render, the peak of a large build's memory.
//! Alone in its test binary, so that no other build in the process moves the count.

mod common;

use tally::{Destination, Options, make, parse_count};

#[test]
fn a_cold_build_parses_each_page_twice_scan_and_render() {
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
    assert_eq!(parse_count() - before, 2 * markdown_pages, "a parse for the scan and one for the render");
}
