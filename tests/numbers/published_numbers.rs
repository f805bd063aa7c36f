//! Issue 12, numbers a reader sees outside the running text of a page: in the title and
//! summary (page, listings, feed), in image and link titles, in the attributes of raw HTML,
//! struck out, and as ratios (`4×`, `5 倍`). Each case passed `tally check` before: every
//! one is now read for coverage and compared between the languages.

use crate::common;

use common::{Site, check_json, place};
use serde_json::Value;

const PAGE: &str = "content/measurements/m/index.md";
const JA: &str = "content/measurements/m/index.ja.md";
const RUNS: &str = "content/measurements/m/runs.yaml";

const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3}
constants: {four: 4, best: 0.6 Mpps}
runs:
  t1:
    received: {bytes: 1000 B, seconds: 10 s, rate: 800 bit/s}
figures:
  best_pps: {is: \"best\", unit: Mpps}
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

use common::untagged_places;

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
    let (_, errors) = check_json(&site);
    let parity: Vec<&serde_json::Value> =
        errors.iter().filter(|e| e["code"] == "translation-front-matter").collect();
    assert_eq!(parity.len(), 1, "{errors:#?}");
    common::assert_at(parity[0], "translation-front-matter", &site, JA, "summary:");
    assert!(parity[0]["message"].as_str().unwrap_or("").contains("`915 Mbit/s`"), "{:#}", parity[0]);
    // Where they agree, parity passes, and the number is listed untagged at its place;
    // and since no tag of either body states it, it is an error in each summary (#25).
    let site = translated("It ran [4]{=four} times.", &en, "[4]{=four} 回走りました。", &ja("914 Mbit/s"));
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{errors:#?}");
    let codes: Vec<&str> = errors.iter().filter_map(|e| e["code"].as_str()).collect();
    assert_eq!(codes, ["front-matter-figure", "front-matter-figure"], "{errors:#?}");
    common::assert_at(&errors[1], "front-matter-figure", &site, PAGE, "914 Mbit/s");
    common::assert_at(&errors[0], "front-matter-figure", &site, JA, "914 Mbit/s");
    // Stated tagged in both bodies, it passes, and the summary's number is that tag,
    // counted once for coverage and not listed untagged (issue 44).
    let site = translated(
        "It ran [4]{=four} times at [914 Mbit/s]{=rate}.",
        &en,
        "[914 Mbit/s]{=rate} で [4]{=four} 回走りました。",
        &ja("914 Mbit/s"),
    );
    site.file(
        RUNS,
        format!("{RUNS_YAML}  rate: {{is: \"rate_typed\", unit: Mbit/s}}\n")
            .replace("constants: {", "constants: {rate_typed: 914000000 bit/s, "),
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
    assert_eq!(untagged_places(&site, PAGE), Vec::<(u64, u64)>::new());
    assert!(site.check().stdout.contains("2 of 2 figure-like numbers tagged"));
}

/// An image's title and a link's title are read like alt text: "Debian at 914 Mbit/s"
/// against 「915 Mbit/s」 is a difference, and each counts for coverage at its place.
#[test]
fn image_and_link_titles_are_compared_and_counted_like_alt_text() {
    let en = "It ran [4]{=four} times.\n\n![Debian](shot.png \"Debian at 914 Mbit/s\")\n\nSee [the bench](#how-it-was-taken \"a 1.5 Gbit/s bench\").";
    let ja = |rate: &str| {
        format!(
            "[4]{{=four}} 回走りました。\n\n![Debian](shot.png \"Debian で {rate}\")\n\n[試験台](#測り方 \"1.5 Gbit/s の試験台\")を参照。"
        )
    };
    let site = translated(en, &same, &ja("915 Mbit/s"), &same);
    site.file("content/measurements/m/shot.png", common::jpeg());
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let at_915 = place(&site, JA, "915 Mbit/s");
    assert!(
        errors.iter().any(|e| e["code"] == "translation-number"
            && (e["line"].as_u64(), e["col"].as_u64()) == (Some(at_915.0), Some(at_915.1))),
        "{errors:#?}"
    );
    let site = translated(en, &same, &ja("914 Mbit/s"), &same);
    site.file("content/measurements/m/shot.png", common::jpeg());
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
    assert_eq!(
        untagged_places(&site, PAGE),
        vec![place(&site, PAGE, "914 Mbit/s"), place(&site, PAGE, "1.5 Gbit/s")]
    );
}

/// A `<data>` written by hand looks like a checked figure and is not one: its value
/// (914,000,000) and its text (814 Mbit/s) were both whatever was typed.
#[test]
fn a_raw_data_element_is_an_error_at_its_place() {
    let site = common::one_run_site(
        PAGE,
        RUNS,
        RUNS_YAML,
        "It ran [4]{=four} times.\n\n<p>Debian: <data value=\"914000000\">814 Mbit/s</data></p>",
    );
    let error = one_error_at(&site, "figure-tag", PAGE, "<data value");
    assert!(error["message"].as_str().unwrap_or("").contains("`<data>`"), "{error:#}");
}

/// A form field's `value` and `placeholder` (and `content`, `label`) are shown to a reader:
/// their numbers count for coverage like the text's.
#[test]
fn numbers_in_value_placeholder_content_and_label_attributes_are_counted() {
    let site = common::one_run_site(
        PAGE,
        RUNS,
        RUNS_YAML,
        "It ran [4]{=four} times.\n\n<p><input value=\"914 Mbit/s\" placeholder='915 Mbit/s'> <meta content=\"916 Mbit/s\"> <option label=\"917 Mbit/s\"></option></p>",
    );
    let expected: Vec<(u64, u64)> = ["914 Mbit/s", "915 Mbit/s", "916 Mbit/s", "917 Mbit/s"]
        .iter()
        .map(|n| place(&site, PAGE, n))
        .collect();
    assert_eq!(untagged_places(&site, PAGE), expected);
}

/// `~~0.9 Mpps~~ [0.6 Mpps]{=best_pps}` reads as a correction no `withdrawn:` entry
/// stands behind: an error at the struck number (which counts for coverage as running
/// text: `markdown::tests`).
#[test]
fn a_number_struck_outside_a_tag_is_an_error_and_counts_for_coverage() {
    let site =
        common::one_run_site(PAGE, RUNS, RUNS_YAML, "It peaked at ~~0.9 Mpps~~ [0.6 Mpps]{=best_pps}.");
    let error = one_error_at(&site, "figure-tag", PAGE, "0.9 Mpps");
    assert!(error["message"].as_str().unwrap_or("").contains("withdrawn:"), "{error:#}");
}

/// The trial's case: "About 4× faster." against 「約 5 倍 速い。」 passed, a ratio under
/// 100 taken for a small count. A ratio is figure-like: compared, and counted.
#[test]
fn a_ratio_is_compared_between_languages_and_counted() {
    let en = "It ran [4]{=four} times.\n\nAbout 4× faster.";
    let site = translated(en, &same, "[4]{=four} 回走りました。\n\n約 5 倍 速い。", &same);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let at = place(&site, JA, "5 倍");
    assert!(
        errors.iter().any(|e| e["code"] == "translation-number"
            && (e["line"].as_u64(), e["col"].as_u64()) == (Some(at.0), Some(at.1))),
        "{errors:#?}"
    );
    let site = translated(en, &same, "[4]{=four} 回走りました。\n\n約 4 倍 速い。", &same);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
    assert_eq!(untagged_places(&site, PAGE), vec![place(&site, PAGE, "4×")]);
}

/// A correction struck in one language only passed: the other language's reader was shown
/// no sign that the figure changed (or a correction the original never made).
#[test]
fn a_value_struck_in_one_language_only_is_an_error_at_the_translation_tag() {
    let withdrawn = RUNS_YAML.replace(
        "unit: Mpps}",
        "unit: Mpps, withdrawn: [{value: 0.9 Mpps, on: 2026-10-30, why: \"counted twice\"}]}",
    );
    let struck = "It peaked at [~~0.9 Mpps~~ 0.6 Mpps]{=best_pps}.";
    let plain = "It peaked at [0.6 Mpps]{=best_pps}.";
    for (en, ja, needle) in [
        (struck, "[0.6 Mpps]{=best_pps} でした。", "[0.6 Mpps]{=best_pps}"),
        (plain, "[~~0.9 Mpps~~ 0.6 Mpps]{=best_pps} でした。", "0.9 Mpps"),
    ] {
        let site = translated(en, &same, ja, &same);
        site.file(RUNS, &withdrawn);
        let error = one_error_at(&site, "translation-figure", JA, needle);
        assert!(error["message"].as_str().unwrap_or("").contains("0.9 Mpps"), "{error:#}");
    }
    let site = translated(struck, &same, "[~~0.9 Mpps~~ 0.6 Mpps]{=best_pps} でした。", &same);
    site.file(RUNS, &withdrawn);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
}
