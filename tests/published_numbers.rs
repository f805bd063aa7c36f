//! Issue 12, numbers a reader sees outside the running text of a page: in the title and
//! summary (page, listings, feed), in image and link titles, in the attributes of raw HTML,
//! struck out, and as ratios (`4×`, `5 倍`). Each case passed `tally check` before: every
//! one is now read for coverage and compared between the languages.

mod common;

use common::{Site, check_json, place};
use serde_json::Value;

const PAGE: &str = "content/measurements/m/index.md";
const JA: &str = "content/measurements/m/index.ja.md";
const RUNS: &str = "content/measurements/m/runs.yaml";

const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3}
constants: {four: 4}
runs:
  t1:
    received: {bytes: 1000 B, seconds: 10 s, rate: 800 bit/s}
figures:
  best_pps: {is: \"600000\", unit: Mpps}
";

/// A site whose English page states `prose` with its front matter edited by `front`, and
/// its Japanese translation states `ja_prose` with its front matter edited by `ja_front`.
fn translated(
    prose: &str,
    front: &dyn Fn(String) -> String,
    ja_prose: &str,
    ja_front: &dyn Fn(String) -> String,
) -> Site {
    let site = common::one_run_site(PAGE, RUNS, RUNS_YAML, prose);
    site.file(PAGE, front(site.read_source(PAGE)));
    let hash = site.hash(PAGE);
    let ja = format!(
        "---\ntitle: A run\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\nsummary: 一回。\ntranslates: {hash}\n---\n\n{ja_prose}\n\n## 測り方\n\n手で。\n\n## 測っていないこと\n\n遅延。\n"
    );
    site.file(JA, ja_front(ja));
    site
}

fn same(text: String) -> String {
    text
}

/// Every problem of `check --format json`, notes too.
fn all_json(site: &Site) -> Vec<Value> {
    let run = site.tally(&["--format", "json", "check"]);
    serde_json::from_str::<Value>(&run.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {run:#?}"))
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The places of the `figure-untagged` notes of `page`.
fn untagged_places(site: &Site, page: &str) -> Vec<(u64, u64)> {
    all_json(site)
        .into_iter()
        .filter(|p| p["code"] == "figure-untagged" && p["path"] == page)
        .map(|p| (p["line"].as_u64().unwrap_or(0), p["col"].as_u64().unwrap_or(0)))
        .collect()
}

/// The one error of `site`, which must have `code` and stand at `needle` of `file`.
#[track_caller]
fn one_error_at(site: &Site, code: &str, file: &str, needle: &str) -> Value {
    let (run, errors) = check_json(site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["code"], code, "{errors:#?}");
    let (line, col) = place(site, file, needle);
    assert_eq!(errors[0]["path"], file, "{errors:#?}");
    assert_eq!(
        (errors[0]["line"].as_u64(), errors[0]["col"].as_u64()),
        (Some(line), Some(col)),
        "{errors:#?}"
    );
    errors[0].clone()
}

/// The trial's case: "At 914 Mbit/s" in the English summary, 「915 Mbit/s で」 in the
/// Japanese one, both published in listings and the feed, passed unseen.
#[test]
fn the_numbers_of_a_summary_must_agree_between_languages_and_count_for_coverage() {
    let en = |t: String| t.replacen("summary: One run.", "summary: \"At 914 Mbit/s, one run.\"", 1);
    let ja = |wrong: &'static str| {
        move |t: String| t.replacen("summary: 一回。", &format!("summary: \"{wrong} で、一回。\""), 1)
    };
    let site = translated("It ran [4]{=four} times.", &en, "[4]{=four} 回走りました。", &ja("915 Mbit/s"));
    let error = one_error_at(&site, "translation-front-matter", JA, "summary:");
    assert!(error["message"].as_str().unwrap_or("").contains("`915 Mbit/s`"), "{error:#}");
    // Where they agree, parity passes, and the number is listed untagged at its place.
    let site = translated("It ran [4]{=four} times.", &en, "[4]{=four} 回走りました。", &ja("914 Mbit/s"));
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
    assert_eq!(untagged_places(&site, PAGE), vec![place(&site, PAGE, "914 Mbit/s")]);
    assert_eq!(untagged_places(&site, JA), vec![place(&site, JA, "914 Mbit/s")]);
    assert!(site.check().stdout.contains("1 of 2 figure-like numbers tagged"));
}
