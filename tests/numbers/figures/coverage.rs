//! Coverage: the share of a measurement page's figure-like numbers that are tagged.

use super::*;

#[test]
fn check_prints_the_coverage_of_each_measurement_page() {
    let site = site();
    site.edit(EN, "Latency.", "Latency, and 1,024 connections at once.");
    retranslate(&site);
    site.edit(JA, "遅延。", "遅延、そして 1,024 本の同時接続。");
    retranslate(&site);
    let run = site.check();
    run.expect_success();
    assert!(
        run.stdout.contains(&format!("coverage {EN}: 8 of 9 figure-like numbers tagged (88 %)")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("coverage {JA}: 8 of 9 figure-like numbers tagged (88 %)")),
        "{}",
        run.stdout
    );
}

#[test]
fn a_site_minimum_coverage_fails_a_page_with_too_many_untagged_figures() {
    let site = site();
    site.file("site.yaml", site_yaml("figures: {min_coverage: 0.9}\n"));
    site.check().expect_success();
    site.edit(EN, "Latency.", "Latency, and 1,024 connections at once.");
    retranslate(&site);
    site.edit(JA, "遅延。", "遅延、そして 1,024 本の同時接続。");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    assert!(errors.iter().all(|e| e["code"] == "figure-coverage"), "{}", run.stdout);
    assert_eq!(errors[0]["path"], JA);
    assert_eq!(errors[1]["path"], EN);
    assert!(errors[1]["message"].as_str().unwrap_or("").contains("8 of 9"), "{:#}", errors[1]);
}
