//! A build killed while it puts its files in place (issue 27): the staging folder keeps
//! tally's mark until it is empty, the next build removes what the killed one left, and
//! it sees the output folder may mix two builds, so it is a whole one: its output is a
//! cold build's, byte for byte.
//!
//! The kill comes at a known point: a debug build of tally aborts (SIGABRT) when
//! `TALLY_TEST_ABORT_COMMIT_AFTER=N` is set, after N files are in place.
#![cfg(all(unix, debug_assertions))]

use crate::common;

use common::{Run, Site, settle_all, tree};

const PAGES: usize = 30;

fn site_of_pages(word: &str) -> Site {
    let site = Site::new();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nHello.\n");
    write_pages(&site, word);
    site
}

fn write_pages(site: &Site, word: &str) {
    for n in 0..PAGES {
        site.file(&format!("content/p{n:02}.md"), format!("---\ntitle: Page {n}\n---\n\n{word} {n}.\n"));
        site.file(&format!("static/s{n:02}.txt"), format!("{word} {n}\n"));
    }
    settle_all(&site.path("content"));
    settle_all(&site.path("static"));
}

/// `tally build` aborted after `after` files are in place.
fn build_killed_after(site: &Site, after: usize) {
    use std::os::unix::process::ExitStatusExt as _;
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_tally"))
        .arg("--root")
        .arg(site.root())
        .arg("build")
        .current_dir(site.root())
        .env("TALLY_TEST_ABORT_COMMIT_AFTER", after.to_string())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("running tally");
    assert_eq!(status.signal(), Some(6), "the build was to be killed mid-commit: {status:?}");
}

/// What is beside `site/`: staging folders a build left.
fn beside_the_site(site: &Site) -> Vec<String> {
    std::fs::read_dir(site.root())
        .expect("the site's folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".site."))
        .collect()
}

/// The site's files as a cold build into a fresh folder makes them.
fn cold_build(site: &Site) -> std::collections::BTreeMap<String, Vec<u8>> {
    let out = tempfile::tempdir().expect("a folder");
    let cold = out.path().join("cold");
    let run: Run = site.tally(&["build", "--force", "--out", cold.to_str().expect("UTF-8")]);
    run.expect_success();
    tree(&cold)
}

#[test]
fn a_build_killed_while_updating_the_site_in_place_is_mended_by_the_next_build() {
    let site = site_of_pages("First");
    site.build().expect_success();
    // Every page and copy changes: the next build moves each over its old one.
    write_pages(&site, "Second");
    build_killed_after(&site, PAGES / 2);
    // What the killed build left is still tally's: marked, so that it can be removed.
    for left in beside_the_site(&site) {
        assert!(site.path(&left).join(".tally-output").is_file(), "{left} lost its mark before its files");
    }
    site.build().expect_success();
    assert_eq!(beside_the_site(&site), Vec::<String>::new(), "the killed build's staging folder is left");
    assert!(
        tree(&site.path("site")) == cold_build(&site),
        "the site after a killed commit is not a cold build's"
    );
}

#[test]
fn a_build_killed_while_swapping_the_whole_site_is_mended_by_the_next_build() {
    let site = site_of_pages("First");
    site.build().expect_success();
    write_pages(&site, "Second");
    // A cold build (no memo) replaces the folder whole: killed once the old one is aside.
    site.remove(".tally-cache");
    build_killed_after(&site, 0);
    site.build().expect_success();
    assert_eq!(beside_the_site(&site), Vec::<String>::new(), "the killed build's folders are left");
    assert!(tree(&site.path("site")) == cold_build(&site));
}

#[test]
fn after_a_killed_commit_the_next_build_is_not_taken_for_up_to_date() {
    let site = site_of_pages("First");
    site.build().expect_success();
    write_pages(&site, "Second");
    build_killed_after(&site, 1);
    // The sources put back as the last recorded build had them: the folder still mixes
    // two builds, and must not be taken for that build's.
    write_pages(&site, "First");
    let run = site.build();
    run.expect_success();
    assert!(!run.stderr.contains("up to date"), "{}", run.stderr);
    assert!(tree(&site.path("site")) == cold_build(&site));
}

/// A process id no process has now: a child's, once it has ended.
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().expect("running true");
    let pid = child.id();
    child.wait().expect("true ends");
    pid
}

/// Leaves beside `site/` what a build killed while writing its staging folder leaves:
/// the folder, marked first, with some of its files.
fn leave_killed_staging(site: &Site) -> String {
    let name = format!(".site.new-{}", dead_pid());
    site.file(&format!("{name}/.tally-output"), "This folder was written by tally.\n");
    site.file(&format!("{name}/p00/index.html"), "<p>half a build</p>");
    name
}

#[test]
fn an_up_to_date_build_removes_what_a_killed_build_left() {
    let site = site_of_pages("First");
    site.build().expect_success();
    let left = leave_killed_staging(&site);
    let run = site.build();
    run.expect_success();
    assert!(run.stderr.contains("up to date"), "{}", run.stderr);
    assert!(!site.path(&left).exists(), "{left} is left after an up-to-date build");
}

#[test]
fn a_build_removes_a_staging_folder_killed_while_it_was_written() {
    let site = site_of_pages("First");
    site.build().expect_success();
    write_pages(&site, "Second");
    let left = leave_killed_staging(&site);
    site.build().expect_success();
    assert_eq!(beside_the_site(&site), Vec::<String>::new(), "{left} is left");
}
