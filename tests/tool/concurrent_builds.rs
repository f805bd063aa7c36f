//! Builds of one site at once (issue 48): a second `tally build` waits for the first and
//! says what it waits for, gives up after `--wait-timeout`, is refused at once with
//! `--no-wait`, and builds run together all end 0 with the site a cold build makes.
//! `scripts/concurrent-builds.sh` runs the same on a generated corpus with edits.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::{MEASUREMENT, Site, tree};

fn small_site() -> Site {
    let site = Site::new();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nHello.\n");
    site.measurement("content/measurements/2026-10-29-http", MEASUREMENT);
    site
}

/// The lock a build of `site/` takes, held by this test process until dropped.
fn hold_the_lock(site: &Site) -> std::fs::File {
    std::fs::create_dir_all(site.path(".tally-cache")).expect(".tally-cache/");
    let file = std::fs::File::create(site.path(".tally-cache/build.lock")).expect("the lock file");
    file.lock().expect("the lock");
    file
}

fn tally(site: &Site, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tally"));
    command.args(args).current_dir(site.root()).env("NO_COLOR", "1");
    command
}

#[test]
fn a_build_with_no_wait_is_refused_while_another_holds_the_site_and_leaves_it_as_it_was() {
    let site = small_site();
    site.build().expect_success();
    let before = tree(&site.path("site"));
    let _held = hold_the_lock(&site);
    site.tally(&["build", "--force", "--no-wait"])
        .expect_code(2)
        .expect_stderr("another tally build into")
        .expect_stderr("/site is running")
        .expect_stderr(".tally-cache/build.lock");
    assert_eq!(tree(&site.path("site")), before);
}

#[test]
fn a_waiting_build_gives_up_after_its_timeout_saying_what_it_waited_for() {
    let site = small_site();
    let _held = hold_the_lock(&site);
    site.tally(&["build", "--wait-timeout", "1"])
        .expect_code(2)
        .expect_stderr("waiting for another tally build into")
        .expect_stderr("gave up after 1 s");
    assert!(!site.path("site").exists());
}

#[test]
fn a_second_build_waits_for_the_first_then_builds() {
    let site = small_site();
    let held = hold_the_lock(&site);
    let mut child = tally(&site, &["build"]).stderr(Stdio::piped()).spawn().expect("tally build");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    stderr.read_line(&mut first).expect("a line");
    assert!(first.contains("waiting for another tally build"), "{first}");
    assert!(!site.path("site").exists(), "it built while another held the lock");
    drop(held);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).expect("the rest");
    assert!(child.wait().expect("its end").success(), "{first}{rest}");
    assert!(site.path("site/index.html").is_file());
}

#[test]
fn three_builds_at_once_after_an_edit_all_end_0_with_the_site_a_cold_build_makes() {
    let site = small_site();
    // Enough pages that the builds' commits overlap.
    for page in 0..60 {
        site.file(
            &format!("content/notes/{page}.md"),
            format!("---\ntitle: Note {page}\n---\n\nNote {page}.\n"),
        );
    }
    site.build().expect_success();
    for round in 0..4 {
        site.edit("content/notes/0.md", "Note 0", &format!("Note 0 {round}"));
        let builds: Vec<_> = (0..3)
            .map(|_| tally(&site, &["build"]).stderr(Stdio::piped()).spawn().expect("tally build"))
            .collect();
        for build in builds {
            let output = build.wait_with_output().expect("its end");
            assert!(output.status.success(), "round {round}: {}", String::from_utf8_lossy(&output.stderr));
        }
        let cold = tempfile::tempdir().expect("a folder");
        site.build_into(&cold.path().join("site")).expect_success();
        assert_eq!(tree(&site.path("site")), tree(&cold.path().join("site")), "round {round}");
    }
}
