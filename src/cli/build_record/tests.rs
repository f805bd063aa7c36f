//! The build record's tests: freshness after edits, touches, checkouts and hand-made changes to the output.

use super::*;

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("site.yaml"), "x").unwrap();
    std::fs::create_dir_all(dir.path().join("content/m")).unwrap();
    std::fs::write(dir.path().join("content/m/index.md"), "one").unwrap();
    std::fs::create_dir_all(dir.path().join("site")).unwrap();
    std::fs::write(dir.path().join("site/index.html"), "<p>one</p>").unwrap();
    dir
}

fn record_now(root: &Path, outside: &[PathBuf]) {
    check(root, &root.join("site")).record(outside, &[], Listing::Walk).unwrap();
}

fn is_fresh(root: &Path) -> bool {
    check(root, &root.join("site")).up_to_date().is_some_and(|fresh| fresh.files == 1)
}

#[test]
fn a_build_that_kept_a_file_the_last_build_did_not_write_is_not_recorded() {
    let dir = site();
    record_now(dir.path(), &[]);
    let produced = ["index.html".to_string(), "js/gone.js".to_string()];
    let listing = Listing::Updated { produced: &produced, fresh: &[] };
    check(dir.path(), &dir.path().join("site")).record(&[], &[], listing).unwrap();
    assert!(!dir.path().join(RECORD).exists(), "the next build is a whole one");
    let listing = Listing::Updated { produced: &produced[..1], fresh: &[] };
    record_now(dir.path(), &[]);
    check(dir.path(), &dir.path().join("site")).record(&[], &[], listing).unwrap();
    assert!(is_fresh(dir.path()), "a build that kept only what the last one wrote is recorded");
}

#[test]
fn a_site_is_fresh_until_a_source_changes() {
    let dir = site();
    assert!(!is_fresh(dir.path()), "no record yet");
    record_now(dir.path(), &[]);
    assert!(is_fresh(dir.path()));
    std::fs::write(dir.path().join("content/m/index.md"), "two").unwrap();
    assert!(!is_fresh(dir.path()));
}

#[test]
fn a_change_that_keeps_the_size_and_time_of_a_recent_file_is_still_seen() {
    let dir = site();
    record_now(dir.path(), &[]);
    let page = dir.path().join("content/m/index.md");
    let modified = std::fs::metadata(&page).unwrap().modified().unwrap();
    std::fs::write(&page, "two").unwrap();
    std::fs::File::options().write(true).open(&page).unwrap().set_modified(modified).unwrap();
    assert!(!is_fresh(dir.path()), "a file as recent as the record is read again");
}

#[test]
fn a_source_older_than_the_record_with_its_size_and_time_is_not_read_again() {
    let dir = site();
    let page = dir.path().join("content/m/index.md");
    let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options().write(true).open(&page).unwrap().set_modified(long_ago).unwrap();
    record_now(dir.path(), &[]);
    // Same size and time, other bytes: taken as unchanged, as git and make would.
    std::fs::write(&page, "owt").unwrap();
    std::fs::File::options().write(true).open(&page).unwrap().set_modified(long_ago).unwrap();
    assert!(is_fresh(dir.path()));
    std::fs::write(&page, "two!").unwrap();
    assert!(!is_fresh(dir.path()), "a new size or time is read");
}

#[test]
fn a_new_source_file_makes_the_site_stale() {
    let dir = site();
    record_now(dir.path(), &[]);
    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    std::fs::write(dir.path().join("templates/page.html"), "t").unwrap();
    assert!(!is_fresh(dir.path()));
}

#[test]
fn touching_a_source_without_changing_it_keeps_the_site_fresh() {
    let dir = site();
    record_now(dir.path(), &[]);
    std::fs::write(dir.path().join("content/m/index.md"), "one").unwrap();
    assert!(is_fresh(dir.path()));
}

#[test]
fn an_edited_or_missing_output_file_makes_the_site_stale() {
    let dir = site();
    record_now(dir.path(), &[]);
    std::fs::write(dir.path().join("site/index.html"), "<p>edited by hand</p>").unwrap();
    assert!(!is_fresh(dir.path()));
    record_now(dir.path(), &[]);
    std::fs::remove_file(dir.path().join("site/index.html")).unwrap();
    assert!(!is_fresh(dir.path()));
}

#[test]
fn files_read_outside_the_source_folders_are_part_of_the_record() {
    let dir = site();
    std::fs::create_dir_all(dir.path().join("raw")).unwrap();
    std::fs::write(dir.path().join("raw/run.txt"), "1").unwrap();
    record_now(dir.path(), &[PathBuf::from("raw/run.txt")]);
    assert!(is_fresh(dir.path()));
    std::fs::write(dir.path().join("raw/run.txt"), "2").unwrap();
    assert!(!is_fresh(dir.path()));
}

#[test]
fn a_build_with_warnings_is_recorded_with_them() {
    let dir = site();
    let warning = Diagnostic::file("translation-out-of-date", "content/m/index.ja.md", "older").warning();
    check(dir.path(), &dir.path().join("site"))
        .record(&[], std::slice::from_ref(&warning), Listing::Walk)
        .unwrap();
    let before = check(dir.path(), &dir.path().join("site"));
    let fresh = before.up_to_date().expect("recorded with its warnings");
    assert_eq!(fresh.warnings.count(), 1);
    for format in [Format::Human, Format::Json, Format::Github] {
        let replayed = fresh.warnings.rendered(format, false).expect("the warnings");
        assert_eq!(replayed, diagnostics::render(std::slice::from_ref(&warning), format, false));
    }
    record_now(dir.path(), &[]);
    let clean = check(dir.path(), &dir.path().join("site"));
    assert_eq!(clean.up_to_date().expect("fresh").warnings.rendered(Format::Json, false), None);
}

#[test]
fn another_output_folder_is_not_fresh() {
    let dir = site();
    record_now(dir.path(), &[]);
    std::fs::create_dir_all(dir.path().join("elsewhere")).unwrap();
    std::fs::write(dir.path().join("elsewhere/index.html"), "<p>one</p>").unwrap();
    assert!(check(dir.path(), &dir.path().join("elsewhere")).up_to_date().is_none());
}
