//! `tally build` after an edit takes what the edit did not reach from the last build (its
//! memo in `.tally-cache/memo.bin`, its files in `site/`), and only when that build's files
//! are still there as it wrote them; anything else is a cold build that replaces `site/`.

use crate::common;

use common::{Run, bundled_copy, settle_all, tree};

const PAGE: &str = "content/measurements/2026-10-29-xgs136-http/index.md";

/// `(made, reused)` of a run with `--timings`.
fn made_and_reused(run: &Run) -> (usize, usize) {
    common::pages_made_and_reused(&run.stderr)
}

fn built_site() -> common::Site {
    let site = bundled_copy();
    settle_all(site.root());
    site.build().expect_success();
    site
}

/// Edits one sentence of the page and sets its time back, as it is between saves.
fn edit_page(site: &common::Site) {
    site.edit(PAGE, "That box is only the far end here", "That box is only the far end of the path here");
    let file = std::fs::OpenOptions::new().append(true).open(site.path(PAGE)).expect("the page");
    file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3_600))
        .expect("its time");
}

#[test]
fn a_one_page_edit_remakes_that_page_and_its_translations_banner_only() {
    let site = built_site();
    edit_page(&site);
    let run = site.tally(&["build", "--timings"]);
    run.expect_success();
    let (made, reused) = made_and_reused(&run);
    assert_eq!(made, 2, "the page and its translation (whose banner says it is out of date)");
    assert!(reused >= 10, "{reused} pages reused");
    assert!(
        site.read("measurements/2026-10-29-xgs136-http/index.html").contains("the far end of the path here")
    );
}

#[test]
fn a_damaged_memo_is_a_cold_build() {
    let site = built_site();
    std::fs::write(site.path(".tally-cache/memo.bin"), b"not a memo").expect("write");
    edit_page(&site);
    let run = site.tally(&["build", "--timings"]);
    run.expect_success();
    assert_eq!(made_and_reused(&run).1, 0, "nothing is taken from a memo that cannot be read");
    assert!(
        site.read("measurements/2026-10-29-xgs136-http/index.html").contains("the far end of the path here")
    );
}

#[test]
fn a_file_changed_in_site_by_hand_is_put_right_by_a_cold_build() {
    let site = built_site();
    let before = tree(&site.path("site"));
    site.file("site/method/index.html", "changed by hand");
    site.file("site/added-by-hand.txt", "added by hand");
    edit_page(&site);
    let run = site.tally(&["build", "--timings"]);
    run.expect_success();
    assert_eq!(made_and_reused(&run).1, 0, "a folder changed by hand is not built upon");
    let after = tree(&site.path("site"));
    assert_eq!(after.get("method/index.html"), before.get("method/index.html"));
    assert!(!after.contains_key("added-by-hand.txt"));
}

#[test]
fn a_file_added_to_site_by_hand_goes_with_an_incremental_build() {
    let site = built_site();
    edit_page(&site);
    // Not listed in the record, so the folder still counts as the last build's.
    site.file("site/added-by-hand.txt", "added by hand");
    let run = site.tally(&["build", "--timings"]);
    run.expect_success();
    assert!(made_and_reused(&run).1 > 0);
    assert!(!site.has("added-by-hand.txt"));
}

#[test]
fn force_makes_every_page_again() {
    let site = built_site();
    edit_page(&site);
    let run = site.tally(&["build", "--force", "--timings"]);
    run.expect_success();
    assert_eq!(made_and_reused(&run).1, 0);
}

#[test]
fn a_build_into_another_folder_does_not_take_files_from_site() {
    let site = built_site();
    edit_page(&site);
    let elsewhere = site.holder().join("elsewhere");
    let run = site.tally(&["build", "--timings", "--out", elsewhere.to_str().expect("a UTF-8 path")]);
    run.expect_success();
    assert_eq!(made_and_reused(&run).1, 0, "the memo is site/'s");
    assert!(tree(&elsewhere).contains_key("method/index.html"));
}

/// Regression: a cold build into another folder, as one makes to compare with, replaced
/// site/'s record and memo, so the next build into site/ was a whole one.
#[test]
fn a_build_into_another_folder_leaves_sites_record_and_memo_as_they_were() {
    let site = built_site();
    let elsewhere = site.holder().join("elsewhere");
    site.tally(&["build", "--out", elsewhere.to_str().expect("a UTF-8 path")]).expect_success();
    site.tally(&["build"]).expect_success().expect_stderr("is up to date");
    edit_page(&site);
    let run = site.tally(&["build", "--timings"]);
    run.expect_success();
    assert_eq!(made_and_reused(&run).0, 2, "site/'s memo is still there");
    let again = site.tally(&["build", "--out", elsewhere.to_str().expect("a UTF-8 path")]);
    again.expect_success();
}

#[test]
fn a_failed_build_leaves_site_and_the_memo_for_the_next_build() {
    let site = built_site();
    let before = tree(&site.path("site"));
    site.edit(PAGE, "## What it carried", "## What it carried\n\n[gone](../gone.md)");
    settle_all(&site.path("content"));
    site.build().expect_code(1).expect_stderr("error[broken-link]");
    assert!(tree(&site.path("site")) == before, "site/ is untouched");
    site.edit(PAGE, "## What it carried\n\n[gone](../gone.md)", "## What it carried");
    edit_page(&site);
    settle_all(&site.path("content"));
    let run = site.tally(&["build", "--timings"]);
    run.expect_success();
    assert!(made_and_reused(&run).1 > 0, "the last good build's memo is still used");
}

fn figures_json_identity(site: &common::Site) -> (u64, std::time::SystemTime) {
    use std::os::unix::fs::MetadataExt as _;
    let metadata = std::fs::metadata(site.path("site/figures.json")).expect("figures.json");
    (metadata.ino(), metadata.modified().expect("its time"))
}

#[test]
fn figures_json_is_left_as_it_is_when_an_edit_moves_no_figure() {
    let site = built_site();
    let before = figures_json_identity(&site);
    // The edited line states no figure, and no line moves.
    edit_page(&site);
    site.tally(&["build"]).expect_success();
    assert_eq!(figures_json_identity(&site), before, "the same file, not written again");
}

#[test]
fn figures_json_after_an_edit_that_moves_figures_is_a_cold_builds() {
    let site = built_site();
    let before = figures_json_identity(&site);
    // Every figure after this line moves down one line.
    site.edit(PAGE, "## What it carried", "## What it carried\n");
    settle_all(&site.path("content"));
    site.tally(&["build"]).expect_success();
    assert_ne!(figures_json_identity(&site), before, "written again");
    let updated = site.read("figures.json");
    let cold = site.holder().join("cold");
    site.tally(&["build", "--out", cold.to_str().expect("a UTF-8 path")]).expect_success();
    assert!(updated == std::fs::read_to_string(cold.join("figures.json")).expect("cold figures.json"));
}

#[test]
fn a_file_removed_and_put_back_with_its_old_time_is_published_again() {
    let site = built_site();
    let source = site.path("static/js/discussion.js");
    let (bytes, time) =
        (std::fs::read(&source).expect("the script"), std::fs::metadata(&source).expect("its time"));
    std::fs::remove_file(&source).expect("removed");
    site.tally(&["build"]).expect_success();
    assert!(!site.has("js/discussion.js"));
    // As `mv` out and back, `cp -p` or `tar x` put it back: its old size and time.
    std::fs::write(&source, &bytes).expect("put back");
    let file = std::fs::OpenOptions::new().append(true).open(&source).expect("the script");
    file.set_modified(time.modified().expect("a time")).expect("its old time");
    site.tally(&["build"]).expect_success();
    assert!(site.has("js/discussion.js"), "published again");
    site.tally(&["build"]).expect_success();
    assert!(site.has("js/discussion.js"));
}
