//! Withdrawn figures: struck beside their correction and listed in runs.yaml.

use super::*;

/// The fixture with 9,481 published for close_coproc and withdrawn: the data says 9,000.
fn site_with_a_withdrawn_figure() -> Site {
    let site = site();
    site.edit(
        RUNS,
        "    responses: {complete: 9000, failed: 2}",
        "    responses:\n      complete: {value: 9000, withdrawn: [{value: 9481, on: 2026-10-30, why: \"it was the trial run's count\"}]}\n      failed: 2",
    );
    site.edit(EN, "[9,000]{=", "[~~9,481~~ 9,000]{=");
    site.edit(JA, "[9,000]{=", "[~~9,481~~ 9,000]{=");
    retranslate(&site);
    site
}

#[test]
fn a_withdrawn_figure_is_struck_beside_its_correction_and_listed_at_the_pages_end() {
    let site = site_with_a_withdrawn_figure();
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    assert!(
        html.contains(
            "<del class=\"withdrawn\">9,481</del> <a \
             href=\"#figure-runs.close_coproc.responses.complete\"><data value=\"9000\""
        ),
        "{html}"
    );
    assert!(html.contains("<a href=\"#correction-1\">1</a>"), "{html}");
    let list = html.find("<section class=\"corrections\"").expect("a corrections list");
    let end_of_content = html.find("<section class=\"discussion\"").unwrap_or(html.len());
    assert!(list > html.find("Latency.").expect("the page's last words"), "the list is not at the end");
    assert!(list < end_of_content, "{html}");
    let corrections = &html[list..];
    assert!(corrections.contains("<li id=\"correction-1\"><del>9,481</del> → 9,000"), "{corrections}");
    assert!(corrections.contains("2026-10-30"), "{corrections}");
    assert!(corrections.contains("it was the trial run&#39;s count"), "{corrections}");
}

#[test]
fn a_struck_value_not_listed_as_withdrawn_is_an_error_at_the_struck_text() {
    let site = site();
    site.edit(EN, "[9,000]{=", "[~~9,481~~ 9,000]{=");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    let unlisted: Vec<&Value> = errors.iter().filter(|e| e["path"] == EN).collect();
    assert_eq!(unlisted.len(), 1, "{}", run.stdout);
    assert_at(unlisted[0], "figure-withdrawn-unlisted", &site, EN, "9,481~~");
}

#[test]
fn a_struck_value_never_counts_the_live_value_is_checked() {
    let site = site_with_a_withdrawn_figure();
    // The struck value is now the one the data gives; the live one is wrong. (The data
    // withdraws 9480: withdrawing its own current value is an error of runs.yaml itself.)
    site.edit(RUNS, "value: 9000, withdrawn: [{value: 9481", "value: 9481, withdrawn: [{value: 9480");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    let en: Vec<&Value> =
        errors.iter().filter(|e| e["path"] == EN && e["code"] == "figure-mismatch").collect();
    assert!(en.iter().any(|e| e["col"].as_u64() == Some(place(&site, EN, "9,000]").1)), "{}", run.stdout);
}
