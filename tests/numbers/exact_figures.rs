//! Issue 12, exact arithmetic: a site whose stated figures are right only when the data and
//! every step computed from it are exact (a 25-digit integer, 2.675 rounded to 2.68, a mean
//! of decimals stated past what an f64 carries, 0.1 + 0.2) passes `tally check`, and a
//! figure wrong by one in its last digit fails at its place.

use crate::common;

use common::{Site, check_json, place};

const PAGE: &str = "content/measurements/m/index.md";
const RUNS: &str = "content/measurements/m/runs.yaml";

const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3}
constants: {octets: 1234567890123456789012345, tick: 1 ms, size: 3 MiB}
runs:
  a:
    price: 2.675
    samples: {x: 0.1, y: 0.2, z: 0.4}
figures:
  octets_and_one: {is: \"octets + 1\"}
  tenths: {is: \"runs.a.samples.x + runs.a.samples.y\"}
  mean_sample: {is: \"mean(runs.a.samples)\"}
  third: {is: \"1 / 3\"}
  size_rate: {is: \"size / tick\", unit: bit/s}
  size_exact: {is: \"size * 1\", unit: MiB}
";

fn site(prose: &str) -> Site {
    common::one_run_site(PAGE, RUNS, RUNS_YAML, prose)
}

/// Every figure here passes only with exact arithmetic: an f64 keeps 15 to 17 significant
/// digits, and rounds 2.675 (2.67499999… in binary) down.
const EXACT_PROSE: &str = "It counted [1,234,567,890,123,456,789,012,345]{=octets} octets, \
[1,234,567,890,123,456,789,012,346]{=octets_and_one} with the last. The price was \
[2.68]{=runs.a.price}, the tenths [0.300000000000000000000]{=tenths}, the mean \
[0.23333333333333333333]{=mean_sample}, a third [0.333]{=third} or \
[0.33333333333333333333]{=third}, and [25,165,824,000 bit/s]{=size_rate} or \
[3.0000000000000000000 MiB]{=size_exact} (typed as [3 MiB]{=size}).";

#[test]
fn figures_right_only_in_exact_arithmetic_pass_check() {
    site(EXACT_PROSE).check().expect_success();
}

#[test]
fn a_twenty_five_digit_integer_wrong_in_its_last_digit_fails_at_its_place() {
    let prose =
        EXACT_PROSE.replace("[1,234,567,890,123,456,789,012,345]", "[1,234,567,890,123,456,789,012,344]");
    let site = site(&prose);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (line, col) = place(&site, PAGE, "1,234,567,890,123,456,789,012,344]");
    let error = &errors[0];
    assert_eq!(error["code"], "figure-mismatch", "{error:#}");
    assert_eq!(error["path"], PAGE, "{error:#}");
    assert_eq!((error["line"].as_u64(), error["col"].as_u64()), (Some(line), Some(col)), "{error:#}");
    // The message gives the integer whole, not 15 digits and zeros.
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains("1234567890123456789012345"), "{error:#}");

    // The same, as a reader of the terminal sees it: path:line:col.
    site.check().expect_code(1).expect_stderr(&format!(
        "error[figure-mismatch]: {PAGE}:{line}:{col}: states `1,234,567,890,123,456,789,012,344`"
    ));
}

#[test]
fn decimals_wrong_in_their_last_stated_digit_fail() {
    for (right, wrong) in [
        ("[2.68]", "[2.67]"),
        ("[0.23333333333333333333]", "[0.23333333333333333334]"),
        ("[0.300000000000000000000]", "[0.300000000000000040000]"),
        ("[25,165,824,000 bit/s]", "[25,165,824,001 bit/s]"),
    ] {
        let site = site(&EXACT_PROSE.replace(right, wrong));
        let (run, errors) = check_json(&site);
        assert_eq!(run.code, 1, "{wrong} passed: {run:#?}");
        assert_eq!(errors.len(), 1, "{wrong}: {errors:#?}");
        let needle = format!("{}]", wrong.trim_start_matches('[').trim_end_matches(']'));
        let (line, col) = place(&site, PAGE, &needle);
        assert_eq!(
            (errors[0]["line"].as_u64(), errors[0]["col"].as_u64()),
            (Some(line), Some(col)),
            "{wrong}"
        );
    }
}

#[test]
fn a_twenty_five_digit_figure_is_published_whole() {
    let site = site("The octets and one: [1,234,567,890,123,456,789,012,346]{=octets_and_one}.");
    site.build().expect_success();
    let html = site.read("measurements/m/index.html");
    assert!(html.contains("value=\"1234567890123456789012346\""), "{html}");
}

#[test]
fn a_twenty_five_digit_figure_changed_in_its_last_digit_is_a_silent_change() {
    let site = site("The octets and one: [1,234,567,890,123,456,789,012,346]{=octets_and_one}.");
    let published = site.holder().join("published");
    site.build_into(&published).expect_success();
    site.edit(RUNS, "octets: 1234567890123456789012345", "octets: 1234567890123456789012346");
    site.edit(PAGE, "012,346]", "012,347]");
    site.check().expect_success();
    let run = site.tally(&["--format", "json", "check", "--against", published.to_str().expect("UTF-8")]);
    run.expect_code(1);
    assert!(run.stdout.contains("figure-silently-changed"), "{}", run.stdout);
}

#[test]
fn the_evidence_shows_each_input_in_its_own_unit() {
    let site = site("It moved [25,165,824,000 bit/s]{=size_rate}.");
    site.build().expect_success();
    let html = site.read("measurements/m/index.html");
    // Computed in seconds and bits, shown as runs.yaml gives them: not `tick` = 0.001.
    assert!(html.contains("<code>tick</code> = 1 ms"), "{html}");
    assert!(html.contains("<code>size</code> = 3 MiB"), "{html}");
}
