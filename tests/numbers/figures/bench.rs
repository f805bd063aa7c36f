//! The rules of the bench (no bytes, link rate, soaks, counters), on a bundle of their own.

use super::*;

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
