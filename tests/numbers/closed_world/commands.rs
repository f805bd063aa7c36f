//! What the commands suggest: the name meant, `tally hash` of a bundle, `tally new`'s page.

use super::*;

#[test]
fn errors_suggest_the_name_meant_and_the_keys_a_map_has() {
    let error = one_error_at("It was [177 Mbit/s]{=sloww}.", "figure-unknown", "sloww}");
    assert!(error["message"].as_str().unwrap_or("").contains("did you mean `slow`?"), "{error:#}");
    let error = one_error_at("It was [4]{=runs.t1.received}.", "figure-not-a-number", "runs.t1.received}");
    assert!(
        error["message"].as_str().unwrap_or("").contains("it has `bytes`, `seconds`, `rate`"),
        "{error:#}"
    );
    let error = one_error_at(
        "It was [4]{=runs.t1.recieved.bytes}.",
        "figure-missing-path",
        "runs.t1.recieved.bytes}",
    );
    assert!(error["message"].as_str().unwrap_or("").contains("it has `received`, `frames`"), "{error:#}");
    // Through `*` too: where the path stops in a run, and what it has there.
    let error = runs_error_at(
        "  typo_mean: {is: \"mean(runs.*.received.ratee)\"}",
        "figure-missing-path",
        "runs.*.received.ratee",
    );
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains("`runs.t1.received` has `bytes`, `seconds`, `rate`"), "{error:#}");
    assert!(message.contains("did you mean `rate`?"), "{error:#}");
}

#[test]
fn hash_accepts_a_bundle_folder() {
    let site = site("It ran.");
    let of_page = site.tally(&["hash", PAGE]);
    of_page.expect_success();
    let of_bundle = site.tally(&["hash", "content/measurements/m"]);
    of_bundle.expect_success();
    assert_eq!(of_page.stdout, of_bundle.stdout);
}

#[test]
fn a_new_measurement_passes_check_as_it_stands() {
    let site = Site::new();
    let settings =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/site.yaml")).expect("site.yaml");
    // The text the bundled site declares stands in its own content, which this site lacks:
    // kept, it would be an unused entry.
    let settings: String =
        settings.lines().filter(|l| !l.starts_with("text_numbers:")).map(|l| format!("{l}\n")).collect();
    site.file("site.yaml", settings);
    site.tally(&["new", "measurement", "a-run"]).expect_success();
    site.check().expect_success();
}

/// Found in issue 12: the scaffold wrote the bundled site's headings ("The bench", "Not
/// measured"), so on a site whose site.yaml names other required sections the new bundle
/// failed `tally check` as it stood. It takes the site's own names.
#[test]
fn a_new_measurement_uses_the_sites_own_section_names_and_passes_check() {
    for (how_taken, limits) in [
        // The fixture site's: "How it was taken" is none of the bundled site's names.
        (
            "{en: [\"How it was taken\"], ja: [\"測り方\"]}",
            "{en: [\"Not measured\"], ja: [\"測っていないこと\"]}",
        ),
        ("{en: [\"Method and setup\", \"Method\"], ja: [\"方法\"]}", "{en: [\"Caveats\"], ja: [\"注意\"]}"),
    ] {
        let site = Site::new();
        let settings = common::SITE_YAML
            .replace("{en: [\"How it was taken\"], ja: [\"測り方\"]}", how_taken)
            .replace("{en: [\"Not measured\"], ja: [\"測っていないこと\"]}", limits);
        site.file("site.yaml", settings);
        site.tally(&["new", "measurement", "a-run"]).expect_success();
        let page = site.read_source("content/measurements/a-run/index.md");
        let first = |list: &str| list.split('"').nth(1).expect("a name").to_string();
        assert!(page.contains(&format!("\n## {}", first(how_taken))), "{page}");
        assert!(page.contains(&format!("\n## {}", first(limits))), "{page}");
        let run = site.check();
        assert_eq!(run.code, 0, "{how_taken} / {limits}:\n{page}\n{run:#?}");
    }
    // Outside a site there are no names to take: it could not run, and wrote nothing.
    let elsewhere = tempfile::tempdir().expect("a temporary folder");
    common::run_tally(&["new", "measurement", "a-run"], elsewhere.path())
        .expect_code(2)
        .expect_stderr("it has no site.yaml");
    assert!(!elsewhere.path().join("content").exists());
}
