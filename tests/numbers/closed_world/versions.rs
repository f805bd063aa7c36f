//! Issue 44: versions are not figures. "iperf3 3.12", "curl 8.21", "OPNsense 24.7",
//! "FreeBSD 14.1" name a release; before, each was a `front-matter-figure` or
//! `outside-figure` error, or counted untagged against the coverage.

use super::*;

use common::check_json_all as all_json;

/// The fixture's page with `title` and `summary`, stating `prose`.
fn titled(title: &str, summary: &str, prose: &str) -> Site {
    let site = site(prose);
    let page = common::measurement_page(prose)
        .replace("title: A run\n", &format!("title: \"{title}\"\n"))
        .replace("summary: One run.\n", &format!("summary: \"{summary}\"\n"));
    site.file(PAGE, page);
    site
}

fn untagged(site: &Site) -> Vec<String> {
    all_json(site)
        .into_iter()
        .filter(|p| p["code"] == "figure-untagged")
        .map(|p| p["message"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn versions_in_a_measurement_s_title_and_summary_are_not_figures() {
    let site = titled(
        "iperf3 3.12 on OPNsense 24.7",
        "FreeBSD 14.1, curl 8.21 for Windows 11, lighttpd 1.4.85.",
        "It took [120]{=runs.t1.frames} frames.",
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
    assert!(untagged(&site).is_empty(), "{:#?}", untagged(&site));
}

#[test]
fn versions_in_the_body_are_not_counted_untagged() {
    let site = site("It took [120]{=runs.t1.frames} frames with iperf3 3.12 on FreeBSD 14.1 and macOS 14.5.");
    assert!(untagged(&site).is_empty(), "{:#?}", untagged(&site));
    let run = site.check();
    assert!(run.stdout.contains("1 of 1 figure-like numbers tagged"), "{}", run.stdout);
}

#[test]
fn a_number_after_a_tool_runs_yaml_declares_is_a_version() {
    let site = site("It took [120]{=runs.t1.frames} frames through acmeproxy 2.75.");
    assert_eq!(untagged(&site).len(), 1, "undeclared, 2.75 is a figure");
    site.edit(
        RUNS,
        "build: {driver: npuep.ko d29c84f3}",
        "build: {driver: npuep.ko d29c84f3}\ntools: {acmeproxy: \"2.75\"}",
    );
    assert!(untagged(&site).is_empty(), "{:#?}", untagged(&site));
}

#[test]
fn a_number_after_a_name_build_or_text_numbers_declares_is_a_version_in_a_title() {
    let site = titled("Through Acmeware 3.5", "One run.", "It took [120]{=runs.t1.frames} frames.");
    let (run, _) = check_json(&site);
    assert_eq!(run.code, 1, "undeclared, 3.5 is a figure");
    site.edit(
        RUNS,
        "build: {driver: npuep.ko d29c84f3}",
        "build: {driver: npuep.ko d29c84f3, release: \"Acmeware 3.5\"}",
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
}

#[test]
fn a_version_in_runs_yaml_s_build_is_not_an_outside_figure() {
    let site = site("It took [120]{=runs.t1.frames} frames.");
    site.edit(
        RUNS,
        "build: {driver: npuep.ko d29c84f3}",
        "build: {driver: npuep.ko d29c84f3, release: \"OPNsense 24.7 on FreeBSD 14.1\"}",
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
}

#[test]
fn a_number_with_a_unit_after_a_tool_s_name_is_still_a_figure() {
    let site = site("It took [120]{=runs.t1.frames} frames; curl 8.5 Mbit/s.");
    assert_eq!(untagged(&site).len(), 1, "{:#?}", untagged(&site));
}

/// A summary's number that the body tags is that tag: counted once, not also untagged.
#[test]
fn a_summary_s_number_that_the_body_tags_counts_once() {
    let site = titled("A run", "It took 120 frames.", "It took [120]{=runs.t1.frames} frames.");
    let run = site.check();
    run.expect_success();
    assert!(run.stdout.contains("1 of 1 figure-like numbers tagged"), "{}", run.stdout);
}
