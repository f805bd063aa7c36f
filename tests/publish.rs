//! Publishing the bundled site: `tally check --against` the folder of its last build (a
//! figure changed without its old value struck, a figure gone from its page, a first
//! publication).

mod common;

use std::path::{Path, PathBuf};

use common::{Run, Site, assert_at, check_json_with, copy_tree, notes, place};

const PAGE: &str = "content/measurements/2026-10-29-xgs136-http/index.md";
const RUNS: &str = "content/measurements/2026-10-29-xgs136-http/runs.yaml";
/// The figure the tests change: stated once, and no other figure is computed from it.
const REVIVED: &str = "[2,106]{=runs.close_coproc.flow_table.revived_first_20s}";
/// The figure the tests take away: stated once, at the start of its line.
const TRIAL: &str = "[252]{=runs.trial.flow_table.in_hardware_at_20s}";

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A copy of the repository's own site (content, settings and README) in a temporary folder.
fn bundled_site() -> Site {
    let site = Site::new();
    copy_tree(&repository().join("content"), &site.path("content"));
    for file in ["site.yaml", "README.md"] {
        site.file(file, std::fs::read(repository().join(file)).expect("the bundled site's file"));
    }
    site
}

/// The bundled site, and the folder beside it that its first build went into: what the
/// live site serves.
fn published_site() -> (Site, PathBuf) {
    let site = bundled_site();
    let published = site.holder().join("published");
    site.build_into(&published).expect_success();
    assert!(published.join("figures.json").is_file());
    (site, published)
}

/// `tally --format json check --against FOLDER`: its run and its errors.
fn check_against(site: &Site, folder: &Path) -> (Run, Vec<serde_json::Value>) {
    check_json_with(site, &["--against", folder.to_str().expect("a UTF-8 path")])
}

/// States 2,107 where 2,106 was published, with run data that gives 2,107: the page checks,
/// and only a comparison with what was published can see the change.
fn change_a_figure_silently(site: &Site) {
    site.edit(RUNS, "revived_first_20s: 2106", "revived_first_20s: 2107");
    site.edit(PAGE, REVIVED, &REVIVED.replace("2,106", "2,107"));
    site.check().expect_success();
}

#[test]
fn check_against_the_last_build_fails_naming_the_page_and_line_of_a_figure_changed_without_a_strike() {
    let (site, published) = published_site();
    let (run, errors) = check_against(&site, &published);
    assert!(errors.is_empty(), "the unchanged site differs from its own build: {}", run.stdout);
    run.expect_success();

    change_a_figure_silently(&site);
    let (run, errors) = check_against(&site, &published);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert_at(&errors[0], "figure-silently-changed", &site, PAGE, "2,107]{=");
    let message = errors[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("published as `2,106` and now reads `2,107`"), "{message}");
    let (old_line, old_col) = place(&site, PAGE, "2,107]{=");
    let notes = notes(&errors[0]);
    assert!(notes.contains(&published.join("figures.json").display().to_string()), "{notes}");
    assert!(notes.contains(&format!("where it stood at line {old_line}, column {old_col}")), "{notes}");

    // As the workflow shows it: an annotation on the changed line.
    let against = published.to_str().expect("a UTF-8 path");
    let run = site.tally(&["--format", "github", "check", "--against", against]);
    run.expect_code(1);
    let annotation = format!("::error file={PAGE},line={old_line},col={old_col}::[figure-silently-changed] ");
    assert!(run.stdout.starts_with(&annotation), "{}", run.stdout);
}

#[test]
fn check_against_the_last_build_passes_when_the_old_value_is_struck_beside_the_new_one() {
    let (site, published) = published_site();
    site.edit(
        RUNS,
        "revived_first_20s: 2106}",
        "revived_first_20s: {value: 2107, withdrawn: [{value: 2106, on: 2026-11-30, why: a miscount}]}}",
    );
    site.edit(PAGE, REVIVED, &REVIVED.replace("[2,106]", "[~~2,106~~ 2,107]"));
    let (run, errors) = check_against(&site, &published);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}

#[test]
fn check_against_the_last_build_fails_naming_a_figure_no_longer_stated_on_its_page() {
    let (site, published) = published_site();
    let (line, _) = place(&site, PAGE, TRIAL);
    site.edit(PAGE, &format!("{TRIAL} of them"), "most of them");
    site.check().expect_success();
    let (run, errors) = check_against(&site, &published);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    let error = &errors[0];
    assert_eq!(error["code"], "figure-disappeared", "{error:#}");
    assert_eq!(error["path"], PAGE, "{error:#}");
    assert_eq!((error["line"].as_u64(), error["col"].as_u64()), (Some(line), Some(1)), "{error:#}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("published on this page as `252` (line {line}) and is no longer stated")),
        "{message}"
    );
}

#[test]
fn check_against_a_folder_with_no_figures_json_is_refused_as_a_first_publication_is_checked_without_it() {
    let site = bundled_site();
    let empty = site.holder().join("empty");
    std::fs::create_dir(&empty).expect("a folder");
    site.tally(&["check", "--against", empty.to_str().expect("UTF-8")])
        .expect_code(2)
        .expect_stderr("holds no figures.json")
        .expect_stderr("a first publication has nothing to compare with: check without --against");
    let never_built = site.holder().join("site");
    site.tally(&["check", "--against", never_built.to_str().expect("UTF-8")])
        .expect_code(2)
        .expect_stderr("does not exist");
    site.check().expect_success();
}
