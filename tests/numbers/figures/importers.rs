//! Figures read through an importer (iperf 2), end to end. Each importer's own cases are
//! in tests/evidence/importers.rs.

use super::*;

/// Real iperf 2 output (a Soekris box sending to an iMac for 30 s); the receiver's summary
/// line is `[ 4] 0.0-30.0 sec 2.84 GBytes 814 Mbits/sec`.
pub(crate) const IPERF2: &str = include_str!("../../fixtures/figures/iperf2/test1.txt");

pub(crate) fn iperf_site(raw: &str, stated: &str) -> Site {
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
