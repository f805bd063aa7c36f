//! Issue 25, numbers outside a page body: a measurement page's title and summary are
//! published where no tag can stand, so a figure-like number there must be stated tagged in
//! the body with the same value and unit. Before, one passed with exit 0.

use super::*;

const JA: &str = "content/measurements/m/index.ja.md";

/// The fixture's page with `title` and `summary`, stating `prose`.
fn titled(title: &str, summary: &str, prose: &str) -> Site {
    let site = site(prose);
    let page = common::measurement_page(prose)
        .replace("title: A run\n", &format!("title: \"{title}\"\n"))
        .replace("summary: One run.\n", &format!("summary: \"{summary}\"\n"));
    site.file(PAGE, page);
    site
}

#[test]
fn a_number_in_a_title_or_summary_that_the_body_does_not_tag_is_an_error_there() {
    for (title, summary, needle) in [
        ("A run at 800 bit/s", "One run.", "800 bit/s"),
        ("A run", "It moved 1,000 B in 10 s.", "1,000 B"),
        ("A run of 40 s", "One run.", "40 s"),
    ] {
        let site = titled(
            title,
            summary,
            "It took [120]{=runs.t1.frames} frames and [10 s]{=runs.t1.received.seconds}.",
        );
        let (run, errors) = check_json(&site);
        assert_eq!(run.code, 1, "{title} / {summary} passed: {run:#?}");
        let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "front-matter-figure").collect();
        assert_eq!(ours.len(), 1, "{title} / {summary}: {errors:#?}");
        common::assert_at(ours[0], "front-matter-figure", &site, PAGE, needle);
        assert!(ours[0]["message"].as_str().unwrap_or("").contains(&format!("`{needle}`")), "{:#}", ours[0]);
    }
}

#[test]
fn a_number_in_a_title_that_the_body_states_tagged_passes_in_either_unit() {
    titled(
        "A run at 800 bit/s",
        "It moved 1 kB in 10 s, and 120 frames.",
        "It ran at [0.8 kbit/s]{=runs.t1.received.rate} with [1,000 B]{=runs.t1.received.bytes} in [10 s]{=runs.t1.received.seconds}: [120]{=runs.t1.frames} frames.",
    )
    .check()
    .expect_success();
}

#[test]
fn a_number_in_a_translations_title_is_checked_against_its_own_body() {
    let prose = "It ran at [800 bit/s]{=runs.t1.received.rate}.";
    let site = titled("A run at 800 bit/s", "One run.", prose);
    let hash = site.hash(PAGE);
    site.file(
        JA,
        format!(
            "---\ntitle: \"800 bit/s の実行\"\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\ntranslates: {hash}\n---\n\n[120]{{=runs.t1.frames}} 個のフレーム。\n\n## 測り方\n\n手で。\n\n## 測っていないこと\n\n遅延。\n"
        ),
    );
    let (_, errors) = check_json(&site);
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "front-matter-figure").collect();
    assert_eq!(ours.len(), 1, "{errors:#?}");
    common::assert_at(ours[0], "front-matter-figure", &site, JA, "800 bit/s");
}

/// Issue 43: `TCP 9000 connections` and `Ports 9000 open` in a measurement's title passed
/// as model names; only a name the site declares (its appliances') does.
#[test]
fn a_count_after_a_capitalised_word_in_a_title_is_a_name_only_if_declared() {
    for (title, needle) in [("TCP 9000 connections", "9000"), ("Ports 9000 open on the host", "9000")] {
        let site = titled(title, "One run.", "It took [120]{=runs.t1.frames} frames.");
        let (run, errors) = check_json(&site);
        assert_eq!(run.code, 1, "{title} passed: {run:#?}");
        let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "front-matter-figure").collect();
        assert_eq!(ours.len(), 1, "{title}: {errors:#?}");
        common::assert_at(ours[0], "front-matter-figure", &site, PAGE, needle);
        assert!(
            ours[0]["message"].as_str().unwrap_or("").contains("part of a name, or a figure?"),
            "{:#}",
            ours[0]
        );
    }
    let site = titled("HTTP through the XGS 136", "One run.", "It took [120]{=runs.t1.frames} frames.");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
}
