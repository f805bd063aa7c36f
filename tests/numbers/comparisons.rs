//! Issue 43, comparisons: words that relate figures ("nearly as busy", 「ほとんど変わりません」)
//! tagged with the inequality they mean, `[WORDS]{? LEFT >= RIGHT}`, computed from the run
//! data, an error when false, listed in the evidence and in figures.json.

use crate::common;

use common::{Site, check_json, notes, place};
use serde_json::Value;

const PAGE: &str = "content/measurements/m/index.md";
const JA: &str = "content/measurements/m/index.ja.md";
const RUNS: &str = "content/measurements/m/runs.yaml";

const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3}
runs:
  host: {cpu: {busy: 28.7}, rate: 800 bit/s}
  coproc: {cpu: {busy: 26.7}, rate: 900 bit/s}
figures:
  busy_host: {is: \"runs.host.cpu.busy\", unit: \"%\"}
  busy_coproc: {is: \"runs.coproc.cpu.busy\", unit: \"%\"}
  rate_host: {is: \"runs.host.rate\", unit: bit/s}
";

const NEARLY: &str = "[nearly as busy]{? busy_coproc >= 0.9 * busy_host}";

fn site(prose: &str) -> Site {
    common::one_run_site(PAGE, RUNS, RUNS_YAML, prose)
}

/// The site with a Japanese translation stating `ja_prose`.
fn translated(prose: &str, ja_prose: &str) -> Site {
    let site = site(prose);
    let hash = site.hash(PAGE);
    site.file(
        JA,
        format!(
            "---\ntitle: A run\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\nsummary: 一回。\ntranslates: {hash}\n---\n\n{ja_prose}\n\n## 測り方\n\n手で。\n\n## 測っていないこと\n\n遅延。\n"
        ),
    );
    site
}

/// The errors of `site` with `code`; the check must fail.
#[track_caller]
fn errors_of(site: &Site, code: &str) -> Vec<Value> {
    let (run, errors) = check_json(site);
    assert_eq!(run.code, 1, "passed: {run:#?}");
    errors.into_iter().filter(|e| e["code"] == code).collect()
}

#[test]
fn a_comparison_that_holds_is_shown_as_its_words_linked_to_its_evidence_with_both_values() {
    let site =
        site(&format!("Its CPUs were {NEARLY}: [26.7 %]{{=busy_coproc}} against [28.7 %]{{=busy_host}}."));
    site.build().expect_success();
    let html = site.read("measurements/m/index.html");
    let id = "comparison-busy_coproc-ge-0.9-times-busy_host";
    assert!(
        html.contains(&format!(
            "<a href=\"#{id}\"><span class=\"comparison\" title=\"busy_coproc &gt;= 0.9 * busy_host: 26.7 % ≥ 25.83 %\">nearly as busy</span></a>"
        )),
        "{html}"
    );
    let entry = common::evidence_entry(&html, id);
    // Folded (issue 45): its line gives both sides, its details each figure it compares.
    assert!(entry.contains("<b>26.7 % ≥ 25.83 %</b>"), "{entry}");
    assert!(
        entry.contains("<a href=\"#figure-busy_coproc\"><code>busy_coproc</code></a> = 26.7 %"),
        "{entry}"
    );
    assert!(entry.contains("<a href=\"#figure-busy_host\"><code>busy_host</code></a> = 28.7 %"), "{entry}");
    let figures = site.read("figures.json");
    assert!(
        figures.contains(
            "[\"busy_coproc >= 0.9 * busy_host\",\"nearly as busy\",null,\"\",null,[[\"busy_coproc\",26.7],[\"0.9 * busy_host\",25.83]]]"
        ),
        "{figures}"
    );
}

#[test]
fn a_comparison_is_not_a_figure_for_coverage() {
    let site = site(&format!("Its CPUs were {NEARLY}, [26.7 %]{{=busy_coproc}}."));
    let run = site.check();
    run.expect_success();
    assert!(run.stdout.contains("1 of 1 figure-like numbers tagged"), "{}", run.stdout);
}

#[test]
fn a_comparison_the_data_does_not_bear_out_is_an_error_at_its_words_with_both_values() {
    for (prose, needle) in [
        ("Its CPUs were [nearly as busy]{? busy_coproc >= 0.95 * busy_host}.", "nearly as busy"),
        ("The coprocessor was [busier]{? busy_coproc > busy_host}.", "busier"),
        ("Both were [between 27 and 28 %]{? 27 <= busy_coproc <= 28}.", "between 27"),
    ] {
        let site = site(prose);
        let found = errors_of(&site, "comparison-false");
        assert_eq!(found.len(), 1, "{prose}: {found:#?}");
        common::assert_at(&found[0], "comparison-false", &site, PAGE, needle);
        let message = found[0]["message"].as_str().unwrap_or("");
        assert!(message.contains("26.7 %"), "{message}");
    }
    let site = site("Its CPUs were [nearly as busy]{? busy_coproc >= 0.95 * busy_host}.");
    let message = errors_of(&site, "comparison-false")[0]["message"].as_str().unwrap_or("").to_string();
    assert!(message.contains("`busy_coproc` is 26.7 % and `0.95 * busy_host` is 27.265 %"), "{message}");
}

#[test]
fn a_flipped_value_in_the_data_fails_the_comparison_that_passed() {
    let prose = format!("Its CPUs were {NEARLY}.");
    site(&prose).check().expect_success();
    let site = site(&prose);
    site.file(RUNS, RUNS_YAML.replace("busy: 26.7", "busy: 12.0"));
    let found = errors_of(&site, "comparison-false");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(notes(&found[0]).contains("12 % ≥ 25.83 %"), "{:#}", found[0]);
}

#[test]
fn what_a_comparison_cannot_read_is_an_error_at_that_part_of_its_inequality() {
    for (prose, code, needle) in [
        ("It was [as busy]{? busy_coproc == busy_host}.", "figure-syntax", "=="),
        ("It was [busy]{? busy_coproc}.", "figure-syntax", "busy_coproc}"),
        ("It was [busy]{? busy_coproc >= busy_hots}.", "figure-unknown", "busy_hots"),
        ("It was [faster]{? rate_host > busy_host}.", "figure-unit", "> busy_host"),
        ("It was [busy]{? busy_coproc >= busy_host +}.", "figure-syntax", "}."),
    ] {
        let site = site(prose);
        let found = errors_of(&site, code);
        assert_eq!(found.len(), 1, "{prose}: {found:#?}");
        common::assert_at(&found[0], code, &site, PAGE, needle);
    }
}

#[test]
fn a_comparison_markdown_would_break_with_emphasis_is_an_error_saying_to_space_the_star() {
    let site = site("It was [busy]{? busy_coproc >= 0.9*busy_host and 0.5*busy_host}.");
    let found = errors_of(&site, "figure-tag");
    assert!(!found.is_empty(), "{found:#?}");
}

#[test]
fn a_comparison_in_japanese_is_checked_and_must_be_the_original_s() {
    let en = format!("Its CPUs were {NEARLY}.");
    translated(&en, "CPU 使用率は[ほとんど変わりません]{? busy_coproc >= 0.9 * busy_host}。")
        .check()
        .expect_success();
    // Left out of the translation.
    let site = translated(&en, "CPU 使用率はほとんど変わりません。");
    let found = errors_of(&site, "translation-figure");
    assert_eq!(found.len(), 1, "{found:#?}");
    // Another inequality: both the parity and, when false, the check of its own.
    let site = translated(&en, "CPU 使用率は[ほとんど変わりません]{? busy_coproc >= 0.95 * busy_host}。");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let mut codes: Vec<&str> = errors.iter().filter_map(|e| e["code"].as_str()).collect();
    codes.sort_unstable();
    assert_eq!(codes, ["comparison-false", "translation-figure"], "{errors:#?}");
    let (line, _) = place(&site, JA, "ほとんど変わりません]");
    assert!(errors.iter().all(|e| e["path"] == JA && e["line"].as_u64() == Some(line)), "{errors:#?}");
}

/// The bundled XGS 136 page states the published "its CPUs were nearly as busy, 26.7 % against
/// 28.7 %" as a comparison in both languages: changing the data or the inequality fails it.
#[test]
fn the_bundled_nearly_as_busy_fails_when_the_data_or_its_inequality_changes() {
    let bundle = "content/measurements/2026-10-29-xgs136-http";
    let (en, ja, runs) =
        (format!("{bundle}/index.md"), format!("{bundle}/index.ja.md"), format!("{bundle}/runs.yaml"));
    let tag = "{? 0.9 * busy_close_host <= busy_close_coproc <= busy_close_host}";
    let site = common::bundled_copy();
    assert!(site.read_source(&en).contains(&format!("[nearly as busy]{tag}")), "the bundled page changed");
    assert!(
        site.read_source(&ja).contains(&format!("[ほとんど変わりません]{tag}")),
        "the bundled translation changed"
    );

    // The data: the coprocessor's CPUs far less busy than the host's.
    let site = common::bundled_copy();
    site.edit(&runs, "cpu: {busy_percent: 26.7}", "cpu: {busy_percent: 16.7}");
    let found = errors_of(&site, "comparison-false");
    let paths: Vec<&str> = found.iter().filter_map(|e| e["path"].as_str()).collect();
    assert!(paths.len() == 2 && paths.contains(&en.as_str()) && paths.contains(&ja.as_str()), "{found:#?}");

    // The inequality, in each language.
    for page in [&en, &ja] {
        let site = common::bundled_copy();
        site.edit(page, tag, "{? busy_close_coproc >= busy_close_host}");
        let found = errors_of(&site, "comparison-false");
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0]["path"], page.as_str(), "{found:#?}");
    }
}
