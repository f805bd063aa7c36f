//! Each page's markdown is parsed once in a cold build: the scan's parse also writes the
//! page's HTML with holes (`markdown::prerender`), which the render fills in. Parsing again
//! for the render was a tenth of a cold build; keeping the scan's events instead held
//! every page's parse from the resolve stage to the render, the peak of a large build's
//! memory. The count is the process's: the build is counted in a process of its own (this
//! test binary running this one test), so that no other test's build moves it.

use crate::common;

use tally::{Destination, Options, make, parse_count};

#[test]
fn a_cold_build_parses_each_page_once_but_those_with_plots() {
    let alone =
        module_path!().split_once("::").map_or("", |(_, module)| module).to_string() + "::counted_alone";
    let run = std::process::Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", &alone, "--ignored", "--test-threads=1"])
        .output()
        .expect("this test binary runs");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{out}{}", String::from_utf8_lossy(&run.stderr));
    assert!(out.contains("1 passed"), "the counted build did not run: {out}");
}

/// The build [`a_cold_build_parses_each_page_once_but_those_with_plots`] counts, run alone.
#[test]
#[ignore = "run in a process of its own by a_cold_build_parses_each_page_once_but_those_with_plots"]
fn counted_alone() {
    let site = common::bundled_copy();
    let options =
        Options { root: site.root().to_path_buf(), destination: Destination::Memory, timings: false };
    let before = parse_count();
    make(&options).expect("the bundled site builds");
    let bodies: Vec<String> = walkdir::WalkDir::new(site.path("content"))
        .into_iter()
        .flatten()
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "md"))
        .map(|entry| std::fs::read_to_string(entry.path()).expect("a page reads"))
        .collect();
    // A plot is drawn from run data the scan does not have: its page is parsed again.
    let with_plots = bodies.iter().filter(|body| body.contains("```plot")).count();
    assert!(with_plots > 0, "the bundled site has pages with plots, which this test counts");
    assert_eq!(
        parse_count() - before,
        bodies.len() + with_plots,
        "one parse a page, two for a page with a plot"
    );
}
