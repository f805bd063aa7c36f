//! The fixture passes; one changed digit fails at its place in prose, translation, table
//! and runs.yaml; rounding, approximation, units and names. Not: vendor or withdrawn figures.

use super::*;

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
    // The translation still says `{~`: its tag passes the data, and is told it now states
    // the figure otherwise than its original.
    assert_eq!(errors.len(), 2, "{}", run.stdout);
    let (kind, data) = (&errors[0], &errors[1]);
    assert_at(kind, "translation-figure", &site, JA, "[360]{~frames_per_response}");
    assert!(kind["message"].as_str().unwrap_or("").contains("as approximate"), "{kind:#}");
    assert_at(data, "figure-mismatch", &site, EN, "360]{=");
    assert!(notes(data).contains("would pass: [362]{=frames_per_response}"), "{data:#}");
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
