//! Resolving names against loaded run data: figures, constants, paths, printed precision.

use super::*;
use crate::figures::rundata::testing::{DESIGN, design_site, loaded, states};
use crate::number::Withdrawal;

#[test]
fn the_designs_example_loads_and_its_figures_check() {
    let site = design_site();
    let data = loaded(&site, DESIGN);
    assert!(states(&data, "74 %", "host_share_close"));
    assert!(states(&data, "73.6 %", "host_share_close"));
    assert!(!states(&data, "73 %", "host_share_close"));
    // 9,000 × 524,288 × 8 / 40 = 943,718,400 bit/s: 943 Mbit/s truncated.
    assert!(states(&data, "943 Mbit/s", "bodies_close_coproc"));
    assert!(!states(&data, "944 Mbit/s", "bodies_close_coproc"));
    // Withdrawn 9,481 never counts: 9,000 + 8,935 + 9,090 and 2 + 1 + 0.
    assert!(states(&data, "27,028", "responses_all"));
    assert!(states(&data, "54,056", "responses_twice"));
    assert!(states(&data, "962,826", "runs.close_coproc.host_frames.received"));
    assert!(states(&data, "814 Mbit/s", "runs.soekris_debian.received.bits_per_second"));
    assert!(states(&data, "2.84 GBytes", "runs.soekris_debian.received.bytes"));
    // 200 ticks, 198 idle.
    assert!(states(&data, "1.0 %", "busy_keep_coproc"));
    assert!(states(&data, "1 Gbit/s", "link_rate"));
}

#[test]
fn a_figure_of_integer_literals_is_compared_at_every_digit() {
    let site = design_site();
    let data = loaded(&site, "figures:\n  big: {is: \"12345678901234567 + 1\"}\n");
    assert!(states(&data, "12,345,678,901,234,568", "big"));
    assert!(!states(&data, "12,345,678,901,234,567", "big"));
    assert!(!states(&data, "12,345,678,901,234,569", "big"));
}

/// iperf 2's text is rounded: a value imported from it is known only as precisely as
/// iperf printed it, read directly or through a figure that is that value.
#[test]
fn an_iperf2_value_is_stated_no_more_precisely_than_iperf_printed_it() {
    let site = design_site();
    let source = DESIGN.replace(
        "vendor:\n",
        "  rate: {is: \"runs.soekris_debian.received.bits_per_second\", unit: Mbit/s}\n  \
         doubled: {is: \"runs.soekris_debian.received.bits_per_second * 2\", unit: Mbit/s}\nvendor:\n",
    );
    let data = loaded(&site, &source);
    let received = "runs.soekris_debian.received";
    // `[ 4] 0.0-30.0 sec 2.84 GBytes 814 Mbits/sec`
    for (stated, name, passes) in [
        ("814 Mbit/s", "bits_per_second", true),
        ("814.0 Mbit/s", "bits_per_second", false),
        ("2.84 GBytes", "bytes", true),
        ("2.8 GiB", "bytes", true),
        ("2.840 GiB", "bytes", false),
        ("3.05 GB", "bytes", false),
        ("30.0 s", "seconds", true),
        ("30 s", "seconds", true),
        ("30.00 s", "seconds", false),
    ] {
        assert_eq!(states(&data, stated, &format!("{received}.{name}")), passes, "{stated} for {name}");
    }
    assert!(states(&data, "814 Mbit/s", "rate"));
    assert!(!states(&data, "814.0 Mbit/s", "rate"));
    // Computed from it, a figure is the computation's (precision is not carried through).
    assert!(states(&data, "1628.0 Mbit/s", "doubled"));
}

#[test]
fn computed_figures_carry_formula_inputs_unit_and_withdrawals() {
    let site = design_site();
    let data = loaded(&site, DESIGN);
    let share = data.resolve("host_share_close").unwrap();
    assert_eq!(share.unit, Unit::Percent);
    assert_eq!(
        share.formula,
        "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)"
    );
    assert_eq!(
        share.inputs,
        vec![
            ("runs.close_coproc.host_frames.received".to_string(), 962_826.0),
            ("runs.close_host.host_frames.received".to_string(), 1_308_305.0)
        ]
    );
    let twice = data.resolve("responses_twice").unwrap();
    assert_eq!(twice.inputs.len(), 6, "the leaves of responses_all: {:?}", twice.inputs);
    let complete = data.resolve("runs.keep_coproc.responses.complete").unwrap();
    assert_eq!(complete.value, 9090.0);
    assert_eq!(
        complete.withdrawn,
        vec![Withdrawal {
            value: "9481".into(),
            on: "2026-10-30".into(),
            why: "the trial run's count".into(),
            why_by_language: Vec::new(),
            value_span: complete.withdrawn[0].value_span.clone(),
        }]
    );
    assert_eq!(data.resolve("bodies_close_coproc").unwrap().round, Rounding::Down);
}

#[test]
fn build_shots_vendor_and_runs_are_exposed() {
    let site = design_site();
    let data = loaded(&site, DESIGN);
    assert!(data.names_code_under_test());
    assert_eq!(
        data.code_under_test()[2],
        ("scripts".to_string(), "images/deploy/lab-136-http.sh, lab-136-http-series.ps1".to_string())
    );
    assert_eq!(
        data.shots(),
        vec![Shot {
            run: "close_coproc".into(),
            path: PathBuf::from("shots/close-coproc.png"),
            redact: vec![[10, 20, 300, 40]]
        }]
    );
    assert_eq!(data.vendor("xgs136_fw_http").map(|v| v.value.as_str()), Some("11.5 Gbit/s"));
    assert_eq!(data.runs().len(), 4);
    assert_eq!(data.runs()[3].kind, Some(RunKind::Throughput));
    assert!(data.failed_runs().is_empty());
    assert_eq!(data.tools()[1], ("lighttpd".to_string(), "1.4.85".to_string()));
}

#[test]
fn names_that_do_not_resolve_are_errors() {
    let site = design_site();
    let data = loaded(&site, DESIGN);
    assert!(matches!(data.resolve("nope"), Err(FigureError::UnknownName { .. })));
    assert!(matches!(data.resolve("runs.nope.x"), Err(FigureError::UnknownName { .. })));
    assert!(
        matches!(data.resolve("runs.close_host.responses.lost"), Err(FigureError::MissingPath { path, .. }) if path == "runs.close_host.responses.lost")
    );
    assert!(matches!(
        data.resolve("runs.close_host.responses"),
        Err(FigureError::NotANumber { what: "a map", .. })
    ));
    assert!(matches!(
        data.resolve("runs.close_coproc.forwarding"),
        Err(FigureError::NotANumber { what: "a text", .. })
    ));
    assert!(matches!(data.resolve("xgs136_fw_http"), Err(FigureError::VendorInExpression { .. })));
    assert!(matches!(
        data.resolve("runs.*.responses.complete"),
        Err(FigureError::WildcardOutsideFunction { .. })
    ));
    assert!(matches!(data.resolve("a + b"), Err(FigureError::Syntax { .. })));
}

/// 10 of 10 pings declared `%` was stated as 1 %, and a 3.28 % loss as 0.0328 %, and the
/// mismatch's "would pass" proposed those numbers (issue 44).
#[test]
fn a_count_over_a_count_declared_percent_is_an_error_naming_share() {
    let site = design_site();
    let source = "runs:\n  p: {received: 10, transmitted: 10, lost: 41, packets: 1250}\nfigures:\n  \
                  replied: {is: \"runs.p.received / runs.p.transmitted\", unit: \"%\"}\n  \
                  loss: {is: \"(runs.p.lost) / runs.p.packets\", unit: \"%\"}\n  \
                  loss_share: {is: \"share(runs.p.lost, runs.p.packets)\", unit: \"%\"}\n  \
                  loss_times_100: {is: \"runs.p.lost / runs.p.packets * 100\", unit: \"%\"}\n  \
                  fraction: {is: \"runs.p.received / runs.p.transmitted\"}\n  \
                  half: {is: \"runs.p.received / 2\", unit: \"%\"}\n";
    let (_, diagnostics) = site.load(source);
    let errors: Vec<(usize, &str)> = diagnostics.iter().map(|d| (d.line, d.message.as_str())).collect();
    assert_eq!(errors.len(), 2, "{diagnostics:#?}");
    for ((line, error), (a, b)) in errors
        .into_iter()
        .zip([("runs.p.received", "runs.p.transmitted"), ("(runs.p.lost)", "runs.p.packets")])
    {
        assert!(error.contains(&format!("Write `share({a}, {b})`")), "{error}");
        assert!(error.contains("divides a count by a count") && !error.contains("would pass"), "{error}");
        assert!(line == 4 || line == 5);
    }
    let fine: String = source
        .lines()
        .filter(|l| !l.contains("replied:") && !l.contains("loss:"))
        .collect::<Vec<_>>()
        .join("\n");
    let data = loaded(&site, &fine);
    assert!(states(&data, "3.28 %", "loss_share"));
    assert!(states(&data, "3.28 %", "loss_times_100"));
    assert!(states(&data, "1", "fraction"));
    assert!(states(&data, "5 %", "half"));
}

#[test]
fn a_vendors_source_and_conditions_are_given_per_language_as_written_else_in_the_first() {
    let site = design_site();
    let yaml = DESIGN.replace(
        "vendor:\n",
        "vendor:\n  per_language:\n    value: 1 Gbit/s\n    source: {en: datasheet, ja: データシート}\n    conditions: {en: HTTP, ja: HTTP の場合}\n  half:\n    value: 1 Gbit/s\n    source: {en: datasheet, ja: データシート}\n    conditions: HTTP only\n",
    );
    let data = loaded(&site, &yaml);
    let both = data.vendor("per_language").expect("per_language");
    assert_eq!(both.texts_in("ja"), ("データシート", "HTTP の場合", true));
    assert_eq!(both.texts_in("en"), ("datasheet", "HTTP", true));
    // A language not written: the first one's texts, said not to be in it.
    assert_eq!(both.texts_in("fr"), ("datasheet", "HTTP", false));
    // Conditions in one language only: both texts in it, never a mix.
    let half = data.vendor("half").expect("half");
    assert_eq!(half.texts_in("ja"), ("datasheet", "HTTP only", false));
    let plain = data.vendor("xgs136_fw_http").expect("xgs136_fw_http");
    assert!(!plain.texts_in("ja").2);
}
