//! `tally init FOLDER`: a new site that checks and builds as it stands, and never a file
//! written over.

use crate::common::run_tally;

#[test]
fn a_site_made_by_init_checks_and_builds_and_takes_a_new_measurement() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let made = run_tally(&["init", "mysite"], dir.path());
    assert_eq!(made.code, 0, "{made:#?}");
    let site = dir.path().join("mysite");
    for file in ["site.yaml", "templates/base.html", "static/css/site.css", "i18n/ja.ftl"] {
        assert!(site.join(file).is_file(), "{file}");
    }
    assert!(site.join("content").is_dir());
    // As a user types it, from the new folder with the default root.
    let check = run_tally(&["check"], &site);
    assert_eq!(check.code, 0, "{check:#?}");
    let new = run_tally(&["new", "measurement", "2026-12-01-first"], &site);
    assert_eq!(new.code, 0, "{new:#?}");
    let build = run_tally(&["build"], &site);
    assert_eq!(build.code, 0, "{build:#?}");
    let page = std::fs::read_to_string(site.join("site/measurements/2026-12-01-first/index.html"))
        .expect("the new measurement's page");
    assert!(page.contains("Your name"), "the owner's placeholder in the footer");
}

#[test]
fn init_writes_over_nothing_and_names_what_is_there() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("site.yaml"), "title: mine\n").expect("write");
    let refused = run_tally(&["init"], dir.path());
    assert_eq!(refused.code, 2, "{refused:#?}");
    assert!(refused.stderr.contains("site.yaml"), "{}", refused.stderr);
    assert_eq!(std::fs::read_to_string(dir.path().join("site.yaml")).expect("read"), "title: mine\n");
    assert!(!dir.path().join("templates").exists(), "nothing written beside it");
}
