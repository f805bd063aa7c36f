//! Vendor figures: stated with their source, never computed with.

use super::*;

#[test]
fn a_vendor_figure_renders_with_the_vendor_label_its_source_and_its_conditions_in_the_evidence() {
    let site = site();
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    let start = html.find("<data class=\"vendor\"").expect("the vendor's figure");
    let element = &html[start..html[start..].find("</span>").map_or(html.len(), |e| start + e)];
    assert!(element.contains("value=\"11500000000\""), "{element}");
    assert!(element.contains("XGS 136 datasheet"), "{element}");
    assert!(element.contains(">11.5 Gbit/s</data>"), "{element}");
    assert!(element.contains("<span class=\"figure-label\">(vendor&#39;s figure)"), "{element}");
    // The conditions are in the figure's entry in the evidence, which the figure links to.
    assert!(html.contains("<a href=\"#figure-xgs136_fw_http\"><data class=\"vendor\""));
    let entry = crate::common::evidence_entry(&html, "figure-xgs136_fw_http");
    assert!(entry.contains("HTTP, 512 KB responses, traffic generator"), "{entry}");
    let ja = site.read("ja/measurements/2026-10-29-http/index.html");
    assert!(ja.contains("<span class=\"figure-label\">（ベンダーの数値）"), "{ja}");
    assert!(ja.contains("title=\"ベンダーの数値（ここでは測定していません）：XGS 136 datasheet\""), "{ja}");
}

#[test]
fn a_vendor_figure_that_differs_from_runs_yaml_fails_at_the_stated_text() {
    let site = site();
    site.edit(RUNS, "value: 11.5 Gbit/s", "value: 11.6 Gbit/s");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    assert_at(&errors[0], "figure-mismatch", &site, JA, "11.5 Gbit/s]");
    assert_at(&errors[1], "figure-mismatch", &site, EN, "11.5 Gbit/s]");
    assert!(errors[1]["message"].as_str().unwrap_or("").contains("11.6 Gbit/s"), "{:#}", errors[1]);
}

#[test]
fn a_vendor_figure_used_in_an_expression_is_an_error_in_runs_yaml() {
    let site = site();
    site.edit(
        RUNS,
        "vendor:\n",
        "  twice_the_datasheet: {is: \"xgs136_fw_http * 2\", unit: bit/s}\nvendor:\n",
    );
    let error = only_error(&site);
    assert_at(&error, "figure-vendor-in-expression", &site, RUNS, "xgs136_fw_http * 2");
}

#[test]
fn a_vendor_figure_tagged_as_a_computed_one_is_an_error_on_the_page() {
    let site = site();
    site.edit(EN, "{vendor=xgs136_fw_http}", "{=xgs136_fw_http}");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    // The translation, still `{vendor=…}`, is told it states the figure otherwise.
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    assert_at(&errors[0], "translation-figure", &site, JA, "[11.5 Gbit/s]{vendor=xgs136_fw_http}");
    assert_at(&errors[1], "figure-vendor-in-expression", &site, EN, "xgs136_fw_http}");
}
