//! Issue 25, false alarms a careful author meets: amounts and rates spelled out as prose
//! writes them, a Japanese compound number's zeros, and a struck number written without the
//! unit its withdrawn value was listed with. Each was refused before; each is read and
//! checked now, so a wrong value is still an error.

use super::*;

const JA: &str = "content/measurements/m/index.ja.md";

/// The fixture's runs.yaml with a transfer in gigabytes, connection and request rates, a
/// rate of 814.3 Mbit/s and a corrected 786 Mbit/s that was published as 790.
fn runs_yaml() -> String {
    RUNS_YAML.replace(
        "constants: {",
        "constants: {transfer: 2.84 GB, conns: 9000, reqs: 48000, iperf_rate: 814300000 bit/s, fixed_rate: 786000000 bit/s, ",
    ) + "  cps: {is: \"conns / span\", unit: connections/s}\n  rps: {is: \"reqs / span\", unit: req/s}\n  fixed: {is: \"fixed_rate\", unit: Mbit/s, withdrawn: [{value: 790 Mbit/s, on: 2026-10-30, why: a typo}]}\n"
}

fn site_stating(prose: &str) -> Site {
    common::one_run_site(PAGE, RUNS, &runs_yaml(), prose)
}

/// The site stating `prose` in English and `ja_prose` in its translation.
fn translated(prose: &str, ja_prose: &str) -> Site {
    let site = site_stating(prose);
    site.file(JA, super::translations::translation_text(&site, ja_prose));
    site
}

#[test]
fn bytes_gigabytes_and_rates_a_second_spelled_out_are_read_for_a_figure_of_that_unit() {
    translated(
        "It moved [524,288 bytes]{=size} and [2.84 gigabytes]{=transfer} at [225 connections a second]{=cps} and [1,200 req/s]{=rps}, [1,200 requests per second]{=rps}.",
        "[524,288 B]{=size}と[2.84 gigabytes]{=transfer}を、[225 connections/s]{=cps}と[1,200 req/s]{=rps}、[1,200 リクエスト/秒]{=rps}で運びました。",
    )
    .check()
    .expect_success();
}

#[test]
fn a_spelled_out_unit_is_still_checked_against_the_figure() {
    let site = site_stating("It moved [524,289 bytes]{=size}.");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert!(errors.iter().any(|e| e["code"] == "figure-mismatch"), "{errors:#?}");
    // Connections are not requests, nor packets: each is its own kind.
    for prose in ["It ran at [225 req/s]{=cps}.", "It ran at [225 pps]{=cps}.", "It ran at [225]{=cps}."] {
        let site = site_stating(prose);
        let (run, errors) = check_json(&site);
        assert_eq!(run.code, 1, "{prose} passed: {run:#?}");
        assert!(errors.iter().any(|e| e["code"] == "figure-unit"), "{prose}: {errors:#?}");
    }
}

#[test]
fn an_unknown_declared_unit_stays_an_error() {
    runs_error_at("  odd: {is: \"conns / span\", unit: furlongs/s}", "runs-type", "furlongs/s");
}

#[test]
fn bytes_beside_a_count_tag_name_what_it_counts_and_gigabytes_scale_it() {
    site_stating("It moved [4]{=four} bytes.").check().expect_success();
    let error = one_error_at("It moved [4]{=four} gigabytes.", "figure-tag", "[4]{=four}");
    assert!(error["message"].as_str().unwrap_or("").contains("[4 gigabytes]{=four}"), "{error:#}");
}

#[test]
fn a_japanese_compound_number_is_read_at_the_digits_it_writes() {
    translated("It ran at [814 million bit/s]{=iperf_rate}.", "[8億1400万 bit/s]{=iperf_rate}で走りました。")
        .check()
        .expect_success();
}

#[test]
fn a_struck_number_without_its_unit_matches_the_withdrawn_value_listed_with_one() {
    translated("It ran at [~~790~~ 786 Mbit/s]{=fixed}.", "[~~790~~ 786 Mbit/s]{=fixed}で走りました。")
        .check()
        .expect_success();
    let site = site_stating("It ran at [~~791~~ 786 Mbit/s]{=fixed}.");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert!(errors.iter().any(|e| e["code"] == "figure-withdrawn-unlisted"), "{errors:#?}");
}

/// Issue 43: a withdrawal listed without its unit, `value: "790"`, did not match
/// `[~~790 Mbit/s~~ 786 Mbit/s]` (the text was compared, not the value in the figure's unit).
#[test]
fn a_withdrawal_listed_without_its_unit_matches_a_struck_number_written_with_one() {
    let listed_bare = runs_yaml().replace("value: 790 Mbit/s", "value: \"790\"");
    let site =
        common::one_run_site(PAGE, RUNS, &listed_bare, "It ran at [~~790 Mbit/s~~ 786 Mbit/s]{=fixed}.");
    site.check().expect_success();
    let hash = site.hash(PAGE);
    site.file(
        JA,
        format!(
            "---\ntitle: A run\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\ntranslates: {hash}\n---\n\n[~~790 Mbit/s~~ 786 Mbit/s]{{=fixed}}で走りました。\n\n## 測り方\n\n手で。\n\n## 測っていないこと\n\n遅延。\n"
        ),
    );
    site.check().expect_success();
    let site =
        common::one_run_site(PAGE, RUNS, &listed_bare, "It ran at [~~791 Mbit/s~~ 786 Mbit/s]{=fixed}.");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert!(errors.iter().any(|e| e["code"] == "figure-withdrawn-unlisted"), "{errors:#?}");
}
