//! Untagged figure-like numbers in raw HTML, listed and counted against the coverage.

use super::*;

use common::check_json_all as all_json;

#[test]
fn numbers_in_raw_html_alt_text_and_link_text_are_listed_untagged_at_their_places() {
    let site = site(
        "It was [4]{=four}.\n\n<p>The host received 962,826 frames, <b>74 %</b> of them.</p>\n\n![the run at 943 Mbit/s](shot.png) and [1,024 responses](#how-it-was-taken).",
    );
    site.file("content/measurements/m/shot.png", common::jpeg());
    let untagged: Vec<Value> =
        all_json(&site).into_iter().filter(|p| p["code"] == "figure-untagged").collect();
    let places: Vec<(u64, u64)> =
        untagged.iter().map(|p| (p["line"].as_u64().unwrap_or(0), p["col"].as_u64().unwrap_or(0))).collect();
    let expected: Vec<(u64, u64)> =
        ["962,826", "74 %", "943 Mbit/s", "1,024"].iter().map(|n| place(&site, PAGE, n)).collect();
    assert_eq!(places, expected, "{untagged:#?}");
    assert!(untagged.iter().all(|p| p["severity"] == "note"), "{untagged:#?}");
    let run = site.check();
    run.expect_success();
    assert!(run.stdout.contains("1 of 5 figure-like numbers tagged (20 %)"), "{}", run.stdout);
    let (line, col) = place(&site, PAGE, "962,826");
    assert!(run.stdout.contains(&format!("untagged {PAGE}:{line}:{col}: `962,826`")), "{}", run.stdout);
}

/// Issue 12's case: eleven untagged figures inside a raw-HTML `<p>` passed a site's
/// minimum coverage, unseen. Each is counted and listed, and the page falls below it.
#[test]
fn untagged_figures_in_a_raw_html_paragraph_count_against_the_minimum_coverage() {
    let figures = ["101", "102", "103", "104", "105", "106", "107", "108", "109", "110", "111"];
    let paragraph = figures.map(|n| format!("{n} frames")).join(", ");
    let site = site(&format!("It was [4]{{=four}}.\n\n<p>{paragraph}.</p>"));
    site.file("site.yaml", format!("{}figures: {{min_coverage: 0.9}}\n", common::SITE_YAML));
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["code"], "figure-coverage", "{errors:#?}");
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("1 of 12"), "{errors:#?}");
    let listed = common::notes(&errors[0]);
    for n in figures {
        let (line, col) = place(&site, PAGE, &format!("{n} frames"));
        assert!(listed.contains(&format!("{PAGE}:{line}:{col}: `{n}`")), "{n}: {listed}");
    }
}

/// Regression (user trial): a unit written without its space (`7.7Gbps`) was taken for a
/// name, so such numbers were neither counted nor listed, and coverage read 100 %.
#[test]
fn numbers_with_units_written_without_a_space_are_listed_untagged() {
    let site = site("It was [4]{=four}.\n\nOne stream at 7.7Gbps moved 1.5GB in 3.5ms, on an XGS 3300s.");
    let untagged: Vec<Value> =
        all_json(&site).into_iter().filter(|p| p["code"] == "figure-untagged").collect();
    let places: Vec<(u64, u64)> =
        untagged.iter().map(|p| (p["line"].as_u64().unwrap_or(0), p["col"].as_u64().unwrap_or(0))).collect();
    let expected: Vec<(u64, u64)> =
        ["7.7Gbps", "1.5GB", "3.5ms"].iter().map(|n| place(&site, PAGE, n)).collect();
    assert_eq!(places, expected, "{untagged:#?}");
}
