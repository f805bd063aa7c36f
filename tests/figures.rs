//! Figures, end to end through the binary: every number a page states is checked against
//! its run data. One changed digit anywhere (prose, translation, table cell, runs.yaml)
//! fails `check` at the right place; rounding, approximation, units, vendor figures,
//! withdrawn figures, translations, the rules of the bench, importers, figures.json,
//! `--against`, coverage, and every error of a run listed at once.

mod common;

use common::{MEASUREMENT, SITE_YAML, Site, assert_at, check_json, check_json_with, notes, place, tree};
use serde_json::Value;

const EN: &str = "content/measurements/2026-10-29-http/index.md";
const JA: &str = "content/measurements/2026-10-29-http/index.ja.md";
const RUNS: &str = "content/measurements/2026-10-29-http/runs.yaml";

/// The run data behind the fixture page (numbers from the XGS 136 HTTP page).
/// frames_per_response = 524,288 ÷ (1,500 − 52) = 362.08; bodies_close_coproc =
/// 9,000 × 524,288 × 8 ÷ 40 = 943,718,400 bit/s, cut to 943 Mbit/s.
const RUNS_YAML: &str = r#"build: {driver: npuep.ko d29c84f3, release: v0.1.0-alpha.9}
constants: {body_bytes: 524288, seconds: 40, mtu: 1500, ip_tcp_header_bytes: 52}
runs:
  close_coproc:
    host_frames: {received: 962826, sent: 962430}
    responses: {complete: 9000, failed: 2}
  close_host:
    host_frames: {received: 1308305, sent: 1308190}
    responses: {complete: 8935, failed: 1}
figures:
  host_share_close: {is: "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)", unit: "%"}
  bodies_close_coproc: {is: "runs.close_coproc.responses.complete * body_bytes * 8 / seconds", unit: bit/s, round: down}
  frames_per_response: {is: "body_bytes / (mtu - ip_tcp_header_bytes)"}
vendor:
  xgs136_fw_http: {value: 11.5 Gbit/s, source: XGS 136 datasheet, conditions: "HTTP, 512 KB responses, traffic generator"}
"#;

const PAGE: &str = "---
title: HTTP through the XGS 136
date: 2026-10-29
kind: measurement
appliances: [xgs-136]
summary: Frames and responses of an HTTP series.
---

Sophos rates the XGS 136 at [11.5 Gbit/s]{vendor=xgs136_fw_http} for HTTP.
The host still received [962,826]{=runs.close_coproc.host_frames.received} frames,
[74 %]{=host_share_close} of the [1,308,305]{=runs.close_host.host_frames.received}
it received when it forwarded everything itself. A response takes about
[360]{~frames_per_response} full frames.

| run | complete | bodies |
| --- | ---: | ---: |
| close_coproc | [9,000]{=runs.close_coproc.responses.complete} | [943 Mbit/s]{=bodies_close_coproc} |
| close_host | [8,935]{=runs.close_host.responses.complete} | – |

## How it was taken

The driver's own counts, read on the appliance.

## Not measured

Latency.
";

/// The translation; `{hash}` is replaced by the original's content hash.
const PAGE_JA: &str = "---
title: XGS 136 を通る HTTP
date: 2026-10-29
kind: measurement
appliances: [xgs-136]
translates: {hash}
---

Sophos は XGS 136 の HTTP の性能を [11.5 Gbit/s]{vendor=xgs136_fw_http} としています。
ホストはそれでも [962,826]{=runs.close_coproc.host_frames.received} フレームを受け取りました。
ホストがすべてを転送したときの [1,308,305]{=runs.close_host.host_frames.received} の
[74 %]{=host_share_close} です。応答ひとつはおよそ [360]{~frames_per_response} フレームです。

| 実行 | 完了 | 本文 |
| --- | ---: | ---: |
| close_coproc | [9,000]{=runs.close_coproc.responses.complete} | [943 Mbit/s]{=bodies_close_coproc} |
| close_host | [8,935]{=runs.close_host.responses.complete} | – |

## 測り方

アプライアンス上で、ドライバー自身のカウントを読みました。

## 測っていないこと

遅延。
";

/// The fixture: one measurement bundle with its run data, in English and Japanese.
fn site() -> Site {
    let site = Site::new();
    site.appliance();
    site.file(RUNS, RUNS_YAML);
    site.file(EN, PAGE);
    let hash = site.hash(EN);
    site.file(JA, PAGE_JA.replace("{hash}", &hash));
    site
}

/// Records the original's current hash in the translation (keeping the translation's text),
/// so that editing the original leaves no out-of-date warning behind.
fn retranslate(site: &Site) {
    let hash = site.hash(EN);
    let text = site.read_source(JA);
    let old = text.lines().find(|l| l.starts_with("translates: ")).expect("translates:").to_string();
    site.file(JA, text.replacen(&old, &format!("translates: {hash}"), 1));
}

/// `path:line:col` of `needle`.
fn location(site: &Site, relative: &str, needle: &str) -> String {
    let (line, col) = place(site, relative, needle);
    format!("{relative}:{line}:{col}")
}

/// The one error `check` reports, which must fail the run.
#[track_caller]
fn only_error(site: &Site) -> Value {
    let (run, errors) = check_json(site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "expected one error: {}", run.stdout);
    errors.into_iter().next().expect("one error")
}

#[test]
fn the_fixture_site_passes_check_and_builds() {
    let site = site();
    let run = site.check();
    run.expect_success();
    assert!(!run.stderr.contains("error["), "{}", run.stderr);
    assert!(run.stdout.contains("checked 16 figures"), "{}", run.stdout);
    site.build().expect_success();
}

// One changed digit, in each place a figure can be stated.

#[test]
fn one_changed_digit_in_the_prose_fails_check_at_the_stated_text_with_the_value_that_would_pass() {
    let site = site();
    site.edit(EN, "[962,826]", "[962,827]");
    let at = location(&site, EN, "962,827]");
    let run = site.check();
    run.expect_code(1)
        .expect_stderr(&format!("error[figure-mismatch]: {at}: states `962,827` but the data gives 962826"))
        .expect_stderr("note: computed: runs.close_coproc.host_frames.received = 962826")
        .expect_stderr("note: would pass: [962,826]{=runs.close_coproc.host_frames.received}")
        .expect_stderr("1 error(s)");
}

#[test]
fn one_changed_digit_in_the_japanese_translation_fails_check_at_its_place_in_the_translation() {
    let site = site();
    site.edit(JA, "[1,308,305]", "[1,308,306]");
    let error = only_error(&site);
    assert_at(&error, "figure-mismatch", &site, JA, "1,308,306]");
    assert!(
        notes(&error).contains("would pass: [1,308,305]{=runs.close_host.host_frames.received}"),
        "{error:#}"
    );
}

#[test]
fn one_changed_digit_in_a_table_cell_fails_check_at_the_cell() {
    let site = site();
    site.edit(EN, "[8,935]", "[8,955]");
    retranslate(&site);
    let error = only_error(&site);
    assert_at(&error, "figure-mismatch", &site, EN, "8,955]");
    assert!(error["message"].as_str().unwrap_or("").contains("8,955"), "{error:#}");
    assert!(notes(&error).contains("would pass: [8,935]"), "{error:#}");
}

#[test]
fn one_changed_digit_in_runs_yaml_fails_check_on_every_page_tag_that_states_it() {
    let site = site();
    site.edit(RUNS, "received: 1308305", "received: 1308315");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    // The share 962,826 ÷ 1,308,315 is still 74 %: only the two tags stating the count fail.
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    assert_at(&errors[0], "figure-mismatch", &site, JA, "1,308,305]");
    assert_at(&errors[1], "figure-mismatch", &site, EN, "1,308,305]");
    for error in &errors {
        assert!(notes(error).contains("runs.close_host.host_frames.received = 1308315"), "{error:#}");
        assert!(notes(error).contains("would pass: [1,308,315]"), "{error:#}");
    }
}

// Rounding, approximation, units, names.

#[test]
fn a_round_down_figure_passes_truncated_and_fails_rounded() {
    let site = site();
    // 943.7184 Mbit/s: 943 (cut) passes in the fixture; 944 (rounded) does not.
    site.edit(EN, "[943 Mbit/s]", "[944 Mbit/s]");
    retranslate(&site);
    let error = only_error(&site);
    assert_at(&error, "figure-mismatch", &site, EN, "944 Mbit/s]");
    assert!(notes(&error).contains("truncated"), "{error:#}");
    assert!(notes(&error).contains("would pass: [943 Mbit/s]{=bodies_close_coproc}"), "{error:#}");
}

#[test]
fn a_figure_without_round_down_is_rounded_half_away_from_zero() {
    let site = site();
    site.edit(RUNS, "round: down", "round: half_away_from_zero");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    assert!(errors.iter().all(|e| notes(e).contains("would pass: [944 Mbit/s]")), "{}", run.stdout);
}

#[test]
fn an_approximate_figure_passes_about_360_for_362_and_fails_for_372() {
    let site = site();
    site.check().expect_success();
    // 524,288 ÷ (1,461 − 52) = 372.1
    site.edit(RUNS, "mtu: 1500", "mtu: 1461");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    assert_at(&errors[1], "figure-mismatch", &site, EN, "360]{~");
    assert!(notes(&errors[1]).contains("would pass: [370]{~frames_per_response}"), "{:#}", errors[1]);
}

#[test]
fn an_exact_tag_gives_no_such_leeway() {
    let site = site();
    site.edit(EN, "[360]{~frames_per_response}", "[360]{=frames_per_response}");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    // The translation still says `{~`: its tag passes.
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert_at(&errors[0], "figure-mismatch", &site, EN, "360]{=");
    assert!(notes(&errors[0]).contains("would pass: [362]{=frames_per_response}"), "{:#}", errors[0]);
}

#[test]
fn a_bit_rate_stated_for_a_percentage_is_a_unit_error() {
    let site = site();
    site.edit(EN, "[74 %]", "[74 Mbit/s]");
    retranslate(&site);
    let error = only_error(&site);
    assert_at(&error, "figure-unit", &site, EN, "74 Mbit/s]");
}

#[test]
fn an_unknown_name_is_an_error_at_the_name() {
    let site = site();
    site.edit(EN, "{=host_share_close}", "{=host_share_closed}");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    let unknown: Vec<&Value> = errors.iter().filter(|e| e["code"] == "figure-unknown").collect();
    assert_eq!(unknown.len(), 1, "{}", run.stdout);
    assert_at(unknown[0], "figure-unknown", &site, EN, "host_share_closed}");
    assert!(unknown[0]["message"].as_str().unwrap_or("").contains("`host_share_closed`"), "{:#}", unknown[0]);
}

#[test]
fn a_path_into_a_missing_field_is_an_error_at_the_path() {
    let site = site();
    site.edit(EN, "{=runs.close_host.responses.complete}", "{=runs.close_host.responses.completed}");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    let missing: Vec<&Value> = errors.iter().filter(|e| e["code"] == "figure-missing-path").collect();
    assert_eq!(missing.len(), 1, "{}", run.stdout);
    assert_at(missing[0], "figure-missing-path", &site, EN, "runs.close_host.responses.completed}");
}

#[test]
fn a_division_by_zero_is_an_error_in_runs_yaml_at_the_divisor() {
    let site = site();
    site.edit(RUNS, "ip_tcp_header_bytes: 52}", "ip_tcp_header_bytes: 52, lost: 0}");
    site.edit(
        RUNS,
        "vendor:\n",
        "  per_lost: {is: \"runs.close_host.responses.complete / lost\"}\nvendor:\n",
    );
    let error = only_error(&site);
    assert_at(&error, "figure-division-by-zero", &site, RUNS, "lost\"}");
}

// Vendor figures.

#[test]
fn a_vendor_figure_renders_with_the_vendor_label_its_source_and_its_conditions_in_the_evidence() {
    let site = site();
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    let start = html.find("<data class=\"figure vendor\"").expect("the vendor's figure");
    let element = &html[start..html[start..].find("</span>").map_or(html.len(), |e| start + e)];
    assert!(element.contains("value=\"11500000000\""), "{element}");
    assert!(element.contains("XGS 136 datasheet"), "{element}");
    assert!(element.contains(">11.5 Gbit/s</data>"), "{element}");
    assert!(element.contains("<span class=\"figure-label\">(vendor&#39;s figure)"), "{element}");
    // The conditions are in the figure's entry in the evidence, which the figure links to.
    assert!(
        html.contains(
            "<a class=\"figure-link\" href=\"#figure-xgs136_fw_http\"><data class=\"figure vendor\""
        )
    );
    let entry = &html[html.find("id=\"figure-xgs136_fw_http\"").expect("its entry")..];
    assert!(
        entry[..entry.find("</div>").unwrap_or(entry.len())]
            .contains("HTTP, 512 KB responses, traffic generator"),
        "{entry}"
    );
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
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert_at(&errors[0], "figure-vendor-in-expression", &site, EN, "xgs136_fw_http}");
}

// Withdrawn figures.

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
            "<del class=\"withdrawn\">9,481</del> <a class=\"figure-link\" \
             href=\"#figure-runs.close_coproc.responses.complete\"><data class=\"figure\" value=\"9000\""
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

// Translations.

fn site_with_an_untagged_figure(en: &str, ja: &str) -> Site {
    let site = site();
    site.edit(EN, "Latency.", &format!("Latency. The PC's port saw {en} frames."));
    site.edit(JA, "遅延。", &format!("遅延。PC のポートは {ja}フレームを見ました。"));
    retranslate(&site);
    site
}

#[test]
fn the_same_untagged_figure_in_both_languages_passes_after_normalising_its_spelling() {
    let site = site_with_an_untagged_figure("2.74 million", "274 万");
    let (run, errors) = check_json(&site);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}

#[test]
fn a_different_untagged_figure_in_the_translation_is_an_error_naming_both_places() {
    let site = site_with_an_untagged_figure("2.75 million", "274 万");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    assert!(errors.iter().all(|e| e["code"] == "translation-number"), "{}", run.stdout);
    // Both at the translation's own places: its number, and where the original's is missing
    // (its paragraph), naming the original's line.
    let (missing, extra) = if errors[0]["message"].as_str().unwrap_or("").contains("the original states") {
        (&errors[0], &errors[1])
    } else {
        (&errors[1], &errors[0])
    };
    assert_at(extra, "translation-number", &site, JA, "274 万");
    assert_at(missing, "translation-number", &site, JA, "遅延。PC");
    assert!(notes(extra).contains(EN), "{extra:#}");
    let (line, _) = place(&site, EN, "2.75 million");
    assert!(missing["message"].as_str().unwrap_or("").contains(&format!("{EN}:{line}")), "{missing:#}");
}

#[test]
fn a_translation_missing_a_tag_its_original_has_is_an_error() {
    let site = site();
    site.edit(JA, "[74 %]{=host_share_close} です。", "です。");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("host_share_close"), "{:#}", errors[0]);
    assert!(
        format!("{}", errors[0]).contains(JA),
        "the error does not name the translation: {:#}",
        errors[0]
    );
}

// runs.yaml itself.

#[test]
fn bad_yaml_in_runs_yaml_is_an_error_at_its_line() {
    let site = site();
    site.edit(
        RUNS,
        "    responses: {complete: 8935, failed: 1}",
        "    responses: {complete: 8935, failed: 1",
    );
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert_eq!(errors[0]["code"], "runs-yaml");
    assert_eq!(errors[0]["path"], RUNS);
    assert!(errors[0]["line"].as_u64().is_some_and(|l| l >= 9), "{:#}", errors[0]);
}

#[test]
fn an_unknown_key_in_runs_yaml_is_an_error_at_the_key() {
    let site = site();
    site.edit(RUNS, "figures:", "figuers:");
    let error = only_error(&site);
    assert_at(&error, "runs-unknown-key", &site, RUNS, "figuers:");
}

#[test]
fn a_type_error_in_runs_yaml_is_an_error_at_the_value() {
    let site = site();
    site.edit(RUNS, "seconds: 40", "seconds: [40]");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    // A figure reading `seconds` may fail in its turn; the type error is reported first.
    assert!(!errors.is_empty(), "{}", run.stdout);
    assert_at(&errors[0], "runs-type", &site, RUNS, "[40]");
    assert_eq!(errors.iter().filter(|e| e["code"] == "runs-type").count(), 1, "{}", run.stdout);
}

// The rules of the bench, on a bundle of their own.

const BENCH: &str = "content/measurements/2026-10-30-bench";

/// The fixture plus a bench bundle whose runs.yaml holds `runs` (indented as under `runs:`).
fn bench_site(runs: &str) -> Site {
    let site = site();
    site.file(&format!("{BENCH}/index.md"), MEASUREMENT);
    site.file(&format!("{BENCH}/runs.yaml"), format!("build: {{driver: npuep.ko d29c84f3}}\nruns:\n{runs}"));
    site
}

fn bench_runs() -> String {
    format!("{BENCH}/runs.yaml")
}

#[test]
fn a_throughput_run_with_no_bytes_received_is_an_error() {
    let site = bench_site("  dead:\n    kind: throughput\n    received: {bytes: 0}\n");
    let error = only_error(&site);
    assert_at(&error, "bench-no-bytes", &site, &bench_runs(), "dead:");
}

#[test]
fn a_throughput_run_with_no_bytes_received_passes_when_marked_failed_with_why() {
    let site = bench_site("  dead:\n    kind: throughput\n    failed: the cable was loose\n");
    site.check().expect_success();
}

#[test]
fn an_interval_above_the_link_rate_is_an_error() {
    let runs = "  fast:\n    link_rate: 1 Gbit/s\n    received:\n      bytes: 250000000\n      intervals:\n        - {start: 0, end: 1, bytes: 125000000, bits_per_second: 1 Gbit/s}\n        - {start: 1, end: 2, bytes: 128000000, bits_per_second: 1.024 Gbit/s}\n";
    let site = bench_site(runs);
    let error = only_error(&site);
    assert_eq!(error["code"], "bench-link-rate");
    assert_eq!(error["path"], bench_runs());
    assert!(notes(&error).contains("1-2 s: 1024"), "{error:#}");
    assert!(!notes(&error).contains("0-1 s"), "an interval at the link rate is not above it: {error:#}");
}

#[test]
fn a_soak_with_a_failed_pass_is_an_error() {
    let site =
        bench_site("  soak:\n    kind: soak\n    passes: 100\n    failed_passes: 1\n    mismatches: 0\n");
    let error = only_error(&site);
    assert_at(&error, "bench-soak", &site, &bench_runs(), "soak:");
}

#[test]
fn a_soak_with_a_hash_mismatch_is_an_error() {
    let site =
        bench_site("  soak:\n    kind: soak\n    passes: 100\n    failed_passes: 0\n    mismatches: 1\n");
    let error = only_error(&site);
    assert_at(&error, "bench-soak", &site, &bench_runs(), "soak:");
}

#[test]
fn a_soak_with_no_failed_pass_and_no_mismatch_passes() {
    let site =
        bench_site("  soak:\n    kind: soak\n    passes: 100\n    failed_passes: 0\n    mismatches: 0\n");
    site.check().expect_success();
}

#[test]
fn a_counter_outside_its_agreed_tolerance_is_an_error_and_inside_it_passes() {
    let runs = |frames: u32| {
        format!(
            "  count:\n    kind: counter\n    frames: {{host: {frames}, wire: 500}}\n    agrees: {{counted: [frames.host, frames.wire], known: 1000, within: 5}}\n"
        )
    };
    bench_site(&runs(505)).check().expect_success();
    let site = bench_site(&runs(506));
    let error = only_error(&site);
    assert_at(&error, "bench-agrees", &site, &bench_runs(), "agrees:");
    assert!(error["message"].as_str().unwrap_or("").contains("1006"), "{error:#}");
}

// Importers.

/// Real iperf 2 output (a Soekris box sending to an iMac for 30 s); the receiver's summary
/// line is `[ 4] 0.0-30.0 sec 2.84 GBytes 814 Mbits/sec`.
const IPERF2: &str = include_str!("fixtures/figures/iperf2/test1.txt");

fn iperf_site(raw: &str, stated: &str) -> Site {
    let site = Site::new();
    site.appliance();
    let bundle = "content/measurements/2011-soekris";
    site.file(&format!("{bundle}/raw/test1.txt"), raw);
    site.file(
        &format!("{bundle}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  soekris:\n    iperf: raw/test1.txt\n    link_rate: 1 Gbit/s\n",
    );
    site.file(
        &format!("{bundle}/index.md"),
        MEASUREMENT.replace(
            "The host received most frames.",
            &format!("The receiver counted [{stated}]{{=runs.soekris.received.bits_per_second}}."),
        ),
    );
    site
}

#[test]
fn an_iperf2_run_lets_a_page_state_the_receivers_throughput() {
    iperf_site(IPERF2, "814 Mbit/s").check().expect_success();
    let site = iperf_site(IPERF2, "815 Mbit/s");
    let error = only_error(&site);
    assert_eq!(error["code"], "figure-mismatch", "{error:#}");
    assert!(notes(&error).contains("would pass: [814 Mbit/s]"), "{error:#}");
}

/// iperf 2 prints its figures rounded (`814 Mbits/sec`, `2.84 GBytes`): what it printed, in
/// any spelling of the same precision, passes; a figure stated more precisely than iperf
/// printed it claims digits no one measured, and fails.
#[test]
fn an_iperf2_figure_is_stated_at_most_as_precisely_as_iperf_printed_it() {
    for stated in ["814 Mbit/s", "0.814 Gbit/s", "814 Mbps", "0.81 Gbit/s"] {
        let run = iperf_site(IPERF2, stated).check();
        assert_eq!(run.code, 0, "{stated}: {run:#?}");
    }
    for (stated, would_pass) in
        [("814.0 Mbit/s", "814 Mbit/s"), ("0.8140 Gbit/s", "0.814 Gbit/s"), ("814,000 kbit/s", "814 Mbit/s")]
    {
        let site = iperf_site(IPERF2, stated);
        let error = only_error(&site);
        assert_at(&error, "figure-precision", &site, "content/measurements/2011-soekris/index.md", stated);
        let message = error["message"].as_str().unwrap_or("");
        assert!(message.contains("iperf printed `814 Mbits/sec`"), "{stated}: {error:#}");
        assert!(notes(&error).contains(&format!("would pass: [{would_pass}]")), "{stated}: {error:#}");
    }
    // Not what iperf printed, at its precision: a mismatch as ever.
    let error = only_error(&iperf_site(IPERF2, "813 Mbit/s"));
    assert_eq!(error["code"], "figure-mismatch", "{error:#}");
}

/// A user trial: `[2.84 GB]` for iperf's `2.84 GBytes` (GiB, 3.05e9 B) was told it states
/// the figure "more precisely than the data holds it", though 2.84e9 B is simply not the
/// value. Only a value that agrees with the data within what iperf printed is too precise;
/// any other is a mismatch, whose suggestion passes.
#[test]
fn a_wrong_value_finer_than_iperf_printed_is_a_mismatch_not_a_precision_error() {
    let page = "content/measurements/2011-soekris/index.md";
    let bytes = |stated: &str| {
        let site = iperf_site(IPERF2, stated);
        site.edit(page, "runs.soekris.received.bits_per_second", "runs.soekris.received.bytes");
        site
    };
    let site = bytes("2.84 GB");
    let error = only_error(&site);
    assert_at(&error, "figure-mismatch", &site, page, "2.84 GB");
    assert!(notes(&error).contains("would pass: [3.0 GB]"), "{error:#}");
    bytes("3.0 GB").check().expect_success();
    bytes("2.84 GiB").check().expect_success();
    let error = only_error(&bytes("3.05 GB"));
    assert_eq!(error["code"], "figure-precision", "{error:#}");
}

/// Issue 12: a path that stops at, or goes wrong inside, an imported run's `received`
/// names the fields the import gave, which runs.yaml does not show.
#[test]
fn a_path_into_an_imported_run_names_the_fields_the_import_gave() {
    let page = "content/measurements/2011-soekris/index.md";
    for (path, code, says) in [
        (
            "runs.soekris.received",
            "figure-not-a-number",
            // test1.txt's server printed no intervals: the list is not there to name.
            "it has `bytes`, `seconds`, `bits_per_second`",
        ),
        ("runs.soekris.received.bits_per_secnd", "figure-missing-path", "did you mean `bits_per_second`?"),
    ] {
        let site = iperf_site(IPERF2, "814 Mbit/s");
        site.edit(page, "runs.soekris.received.bits_per_second", path);
        let error = only_error(&site);
        assert_at(&error, code, &site, page, path);
        assert!(error["message"].as_str().unwrap_or("").contains(says), "{path}: {error:#}");
    }
}

/// Issue 12's case: an interval iperf printed as `NaN Mbits/sec` is above no link rate, so
/// the run passed the link-rate rule; it is an error where it is read, never a value.
#[test]
fn not_a_number_in_an_iperf2_interval_is_an_error_not_a_pass_of_the_link_rate_rule() {
    let raw = "iperf -s\n[ 4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n[ 4] 0.0- 1.0 sec 95.2 MBytes NaN Mbits/sec\n[ 4] 0.0- 2.0 sec 190 MBytes 798 Mbits/sec\n";
    iperf_site(&raw.replace("NaN", "798"), "798 Mbit/s").check().expect_success();
    let site = iperf_site(raw, "798 Mbit/s");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    // The one error, at its root: not one more that the run received no bytes.
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let import = &errors[0];
    assert_at(
        import,
        "runs-import",
        &site,
        "content/measurements/2011-soekris/raw/test1.txt",
        "[ 4] 0.0- 1.0",
    );
    assert!(import["message"].as_str().unwrap_or("").contains("`NaN` is not a number"), "{import:#}");
}

/// Issue 12's case: `NaN` in the client's half of an iperf 2 file gave the import error and
/// one `figure-missing-path` more for each figure computed from that run, three in all for
/// the one cause. The import error is the one error.
#[test]
fn figures_computed_from_a_run_whose_import_failed_add_no_errors_of_their_own() {
    let raw = IPERF2.replacen(
        "[ 3] 1.0- 2.0 sec 96.4 MBytes 808 Mbits/sec",
        "[ 3] 1.0- 2.0 sec 96.4 MBytes NaN Mbits/sec",
        1,
    );
    assert_ne!(raw, IPERF2, "the fixture's client line");
    let site = iperf_site(&raw, "814 Mbit/s");
    site.file(
        "content/measurements/2011-soekris/runs.yaml",
        "build: {driver: stock}\nruns:\n  soekris:\n    iperf: raw/test1.txt\n    link_rate: 1 Gbit/s\nfigures:\n  \
         rate: {is: \"runs.soekris.received.bits_per_second\", unit: Mbit/s}\n  \
         top: {is: \"max(runs.*.received.bits_per_second)\", unit: Mbit/s}\n  \
         bytes: {is: \"runs.soekris.received.bytes\", unit: GiB}\n",
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["code"], "runs-import", "{errors:#?}");
}

#[test]
fn the_senders_summary_line_of_iperf2_never_counts() {
    // The same output with the client's (sender's) summary changed: the page still states
    // the receiver's 814 Mbit/s and passes.
    let sender = "[ 3] 0.0-30.0 sec 2.84 GBytes 814 Mbits/sec";
    assert_eq!(IPERF2.matches(sender).count(), 1, "the fixture's sender line");
    let raw = IPERF2.replace(sender, "[ 3] 0.0-30.0 sec 2.90 GBytes 830 Mbits/sec");
    iperf_site(&raw, "814 Mbit/s").check().expect_success();
    let error = only_error(&iperf_site(&raw, "830 Mbit/s"));
    assert_eq!(error["code"], "figure-mismatch", "{error:#}");
}

// figures.json and --against.

/// figures.json's figures, each with its page and language: format 2 lists each under a
/// line for its page, as an array of the fields its header names.
fn listed_figures(json: &Value) -> Vec<(String, String, Vec<Value>)> {
    let mut page = None;
    let mut figures = Vec::new();
    for row in json["figures"].as_array().expect("a list of figures") {
        match row {
            Value::Object(line) => page = Some((line["page"].clone(), line["lang"].clone())),
            Value::Array(fields) => {
                let (path, lang) = page.clone().expect("a figure after its page's line");
                let text = |v: Value| v.as_str().expect("a string").to_string();
                figures.push((text(path), text(lang), fields.clone()));
            }
            other => panic!("neither a page's line nor a figure: {other}"),
        }
    }
    figures
}

#[test]
fn build_writes_figures_json_listing_every_stated_figure() {
    let site = site();
    site.build().expect_success();
    let json: Value = serde_json::from_str(&site.read("figures.json")).expect("figures.json is JSON");
    assert_eq!(json["format"], 2, "{json:#}");
    assert_eq!(
        json["columns"],
        serde_json::json!(["name", "stated", "computed", "unit", "formula", "inputs", "struck", "vendor"])
    );
    let figures = listed_figures(&json);
    assert_eq!(figures.len(), 16, "{json:#}");
    let (page, _, share) = figures
        .iter()
        .find(|(_, lang, f)| lang == "ja" && f[0] == "host_share_close")
        .expect("the Japanese page's share");
    assert_eq!(page, JA);
    assert_eq!(share[1], "74 %");
    assert!((share[2].as_f64().expect("computed") - 73.593_389_920_546).abs() < 1e-9, "{share:?}");
    assert_eq!(share[3], "%");
    assert_eq!(
        share[4],
        "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)"
    );
    // The inputs, one for each path the formula names, in its order.
    assert_eq!(share[5], serde_json::json!([962826, 1308305]));
    assert_eq!(share.len(), 6, "nothing struck, not a vendor's: {share:?}");
    // A figure that states one value of the data is its name, its text and its value.
    let (_, _, received) = figures
        .iter()
        .find(|(_, lang, f)| lang == "en" && f[0] == "runs.close_coproc.host_frames.received")
        .expect("a value of the data");
    assert_eq!(
        *received,
        [serde_json::json!("runs.close_coproc.host_frames.received"), "962,826".into(), 962826.into()]
    );
    let (_, _, vendor) =
        figures.iter().find(|(_, _, f)| f[0] == "xgs136_fw_http").expect("the vendor's figure");
    assert_eq!(vendor[2], Value::Null);
    assert_eq!(vendor.last(), Some(&Value::Bool(true)), "{vendor:?}");
}

#[test]
fn figures_json_gives_each_figure_its_own_line_so_a_diff_shows_the_figures_that_changed() {
    let site = site();
    site.build().expect_success();
    let text = site.read("figures.json");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("{\"format\": 2, \"generator\": \"tally "), "{text}");
    assert!(lines[1].starts_with("\"columns\": ["), "{text}");
    assert_eq!(lines[2], "\"figures\": [");
    let end = lines.iter().position(|l| *l == "],").expect("the figures' closing bracket");
    // Then the places, one page a line, so that a figure's own line holds no line number.
    assert_eq!(lines.get(end + 1), Some(&"\"places\": {"), "{text}");
    assert_eq!(lines.last(), Some(&"}}"));
    let rows = &lines[3..end];
    for (i, line) in rows.iter().enumerate() {
        let row = line.strip_suffix(',').unwrap_or(line);
        assert_eq!(line.ends_with(','), i + 1 < rows.len(), "{line}");
        let row: Value = serde_json::from_str(row).expect("one figure or page per line");
        if i == 0 || row.is_object() {
            assert_eq!(
                row.as_object().map(|o| o.len()),
                Some(2),
                "a page's line: its path and language: {line}"
            );
        } else {
            assert!(row[0].is_string() && row[1].is_string(), "a figure: {line}");
        }
    }
    let pages = rows.iter().filter(|l| l.starts_with('{')).count();
    assert_eq!((pages, rows.len() - pages), (2, 16), "{text}");
}

/// Builds the fixture with 9,481 published, keeps its figures.json, then states 9,000.
fn republished(strike: bool) -> (Site, tempfile::TempDir) {
    let site = site();
    site.edit(RUNS, "complete: 9000", "complete: 9481");
    // 9,481 × 524,288 × 8 ÷ 40 = 994.2 Mbit/s
    for page in [EN, JA] {
        site.edit(page, "[9,000]", "[9,481]");
        site.edit(page, "[943 Mbit/s]", "[994 Mbit/s]");
    }
    retranslate(&site);
    site.build().expect_success();
    let old = tempfile::tempdir().expect("a folder");
    std::fs::copy(site.path("site/figures.json"), old.path().join("figures.json")).expect("a copy");
    if strike {
        site.edit(
            RUNS,
            "    responses: {complete: 9481, failed: 2}",
            "    responses:\n      complete: {value: 9000, withdrawn: [{value: 9481, on: 2026-10-30, why: the trial's count}]}\n      failed: 2",
        );
        site.edit(
            RUNS,
            "round: down}",
            "round: down, withdrawn: [{value: 994 Mbit/s, on: 2026-10-30, why: the trial's count}]}",
        );
    } else {
        site.edit(RUNS, "complete: 9481", "complete: 9000");
    }
    for page in [EN, JA] {
        let (count, rate) = if strike {
            ("[~~9,481~~ 9,000]", "[~~994 Mbit/s~~ 943 Mbit/s]")
        } else {
            ("[9,000]", "[943 Mbit/s]")
        };
        site.edit(page, "[9,481]", count);
        site.edit(page, "[994 Mbit/s]", rate);
    }
    retranslate(&site);
    (site, old)
}

#[test]
fn check_against_old_figures_fails_where_a_stated_value_changed_without_the_old_one_struck() {
    let (site, old) = republished(false);
    site.check().expect_success();
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    run.expect_code(1);
    assert_eq!(errors.len(), 4, "two figures on two pages: {}", run.stdout);
    assert!(errors.iter().all(|e| e["code"] == "figure-silently-changed"), "{}", run.stdout);
    let messages: Vec<&str> = errors.iter().filter_map(|e| e["message"].as_str()).collect();
    assert!(messages.iter().any(|m| m.contains("`9,481`") && m.contains("`9,000`")), "{messages:#?}");
    assert!(messages.iter().any(|m| m.contains("`994 Mbit/s`")), "{messages:#?}");
}

#[test]
fn check_against_old_figures_passes_when_the_old_value_is_struck_and_listed() {
    let (site, old) = republished(true);
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}

/// A figures.json as tally wrote it before format 2 (sites still serve such files): the
/// fixture's two figures published on the English page at 9,481, every field named, and
/// their places.
fn published_in_format_1(site: &Site) -> tempfile::TempDir {
    let record = |name: &str, stated: &str, computed: f64, unit: &str, formula: &str, inputs: Value| {
        serde_json::json!({
            "page": EN, "lang": "en", "name": name, "stated": stated, "struck": [], "computed": computed,
            "unit": unit, "formula": formula, "inputs": inputs, "vendor": false
        })
    };
    let count = "runs.close_coproc.responses.complete";
    let rate = "runs.close_coproc.responses.complete * body_bytes * 8 / seconds";
    let figures = [
        record(count, "9,481", 9481.0, "", count, serde_json::json!([[count, 9481.0]])),
        record(
            "bodies_close_coproc",
            "994 Mbit/s",
            994_050_048.0,
            "bit/s",
            rate,
            serde_json::json!([[count, 9481.0], ["body_bytes", 524288.0], ["seconds", 40.0]]),
        ),
    ];
    let ((l1, c1), (l2, c2)) = (place(site, EN, "9,000]"), place(site, EN, "943 Mbit/s]"));
    let text = format!(
        "{{\"generator\": \"tally 0.1.0 (e8ee8b9e5e9d)\",\n\"figures\": [\n{},\n{}\n],\n\"places\": {{\n\"{EN}\": [[{l1},{c1}],[{l2},{c2}]]\n}}}}\n",
        figures[0], figures[1]
    );
    let old = tempfile::tempdir().expect("a folder");
    std::fs::write(old.path().join("figures.json"), text).expect("the old figures.json");
    old
}

#[test]
fn check_against_a_figures_json_of_format_1_catches_a_changed_value_and_passes_a_struck_one() {
    let (site, _) = republished(false);
    let old = published_in_format_1(&site);
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "two figures of the English page: {}", run.stdout);
    assert_at(&errors[0], "figure-silently-changed", &site, EN, "9,000]");
    assert_at(&errors[1], "figure-silently-changed", &site, EN, "943 Mbit/s]");
    let (line, col) = place(&site, EN, "9,000]");
    assert!(
        notes(&errors[0]).contains(&format!("where it stood at line {line}, column {col}")),
        "{:#}",
        errors[0]
    );

    let (site, _) = republished(true);
    let old = published_in_format_1(&site);
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}

// Coverage.

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
        run.stdout.contains(&format!("coverage {EN}: 8 of 9 figure-like numbers tagged (89 %)")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("coverage {JA}: 8 of 9 figure-like numbers tagged (89 %)")),
        "{}",
        run.stdout
    );
}

#[test]
fn a_site_minimum_coverage_fails_a_page_with_too_many_untagged_figures() {
    let site = site();
    site.file("site.yaml", format!("{SITE_YAML}figures: {{min_coverage: 0.9}}\n"));
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

// Every error at once, and build.

#[test]
fn every_error_of_a_run_is_listed_and_build_fails_leaving_the_old_site_untouched() {
    let site = site();
    site.build().expect_success();
    let before = tree(&site.path("site"));
    site.edit(EN, "[962,826]", "[962,827]");
    site.edit(EN, "[8,935]", "[8,936]");
    retranslate(&site);
    site.edit(JA, "[74 %]", "[75 %]");
    let run = site.check();
    run.expect_code(1).expect_stderr("3 error(s)");
    let lines = run.diagnostic_lines();
    let errors: Vec<&&str> = lines.iter().filter(|l| l.starts_with("error[")).collect();
    assert_eq!(
        errors.iter().map(|l| l.split(": states").next().unwrap_or("")).collect::<Vec<_>>(),
        [
            format!("error[figure-mismatch]: {}", location(&site, JA, "75 %]")),
            format!("error[figure-mismatch]: {}", location(&site, EN, "962,827]")),
            format!("error[figure-mismatch]: {}", location(&site, EN, "8,936]")),
        ],
        "{}",
        run.stderr
    );
    let build = site.build();
    build.expect_code(1).expect_stderr("3 error(s)");
    assert_eq!(tree(&site.path("site")), before, "a failed build changed site/");
}

#[test]
fn a_figures_data_element_carries_the_computed_value_a_short_title_and_links_to_its_evidence() {
    let site = site();
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    // The title is the formula and the value; the inputs are in the evidence, a link away.
    assert!(
        html.contains(
            "<a class=\"figure-link\" href=\"#figure-bodies_close_coproc\"><data class=\"figure\" \
             value=\"943718400\" title=\"runs.close_coproc.responses.complete * body_bytes * 8 / seconds = \
             943718400 bit/s\">943 Mbit/s</data></a>"
        ),
        "{html}"
    );
    assert!(
        html.contains("<data class=\"figure\" value=\"962826\" title=\"runs.close_coproc.host_frames.received = 962826\">962,826</data>"),
        "{html}"
    );
    let evidence = &html[html.find("<section class=\"evidence\"").expect("an evidence section")..];
    assert!(evidence.contains("id=\"figure-bodies_close_coproc\""), "{evidence}");
    assert!(evidence.contains("<code>runs.close_coproc.responses.complete</code> = 9,000"), "{evidence}");
}

#[test]
fn a_tag_inside_a_code_span_or_block_is_left_alone() {
    let site = site();
    site.edit(EN, "Latency.", "Latency. Write `[1]{=nosuch}` to tag a figure:\n\n    [2]{=nosuch_either}\n");
    retranslate(&site);
    site.check().expect_success();
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    assert!(html.contains("<code>[1]{=nosuch}</code>"), "{html}");
}

#[test]
fn a_run_file_kept_outside_content_is_watched_by_the_up_to_date_check() {
    let site = iperf_site(IPERF2, "814 Mbit/s");
    let bundle = "content/measurements/2011-soekris";
    site.remove(&format!("{bundle}/raw/test1.txt"));
    site.file("raw/soekris/test1.txt", IPERF2);
    site.edit(
        &format!("{bundle}/runs.yaml"),
        "iperf: raw/test1.txt",
        "iperf: ../../../raw/soekris/test1.txt",
    );
    site.build().expect_success();
    site.build().expect_success().expect_stderr("is up to date");
    site.file("raw/soekris/test1.txt", IPERF2.replace("814 Mbits/sec", "815 Mbits/sec"));
    site.build().expect_code(1).expect_stderr("figure-mismatch");
}
