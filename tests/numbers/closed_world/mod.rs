//! Issue 12, a closed world: whatever tally cannot read fully is an error at its place,
//! never a pass. Each case here passed `tally check` before.

use crate::common;

use common::{Site, check_json, place};
use serde_json::Value;

const PAGE: &str = "content/measurements/m/index.md";
const RUNS: &str = "content/measurements/m/runs.yaml";

const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3}
constants: {four: 4, one: 1, zero: 0, ten: 10, span: 40 s, size: 524288 B, big: 1234567890123456789, slow_rate: 177000000 bit/s, link: 1000 bit/s}
runs:
  t1:
    received: {bytes: 1000 B, seconds: 10 s, rate: 800 bit/s}
    frames: 120
figures:
  slow: {is: \"slow_rate\", unit: bit/s}
  load: {is: \"runs.t1.received.rate / link\", unit: \"%\"}
  load_share: {is: \"share(runs.t1.received.rate, link)\", unit: \"%\"}
  ten_percent: {is: \"ten\", unit: \"%\"}
  written_percent: {is: \"74\", unit: \"%\"}
  byte_rate: {is: \"size / span\", unit: Mbit/s}
  big_sum: {is: \"big + one\"}
";

fn site(prose: &str) -> Site {
    common::one_run_site(PAGE, RUNS, RUNS_YAML, prose)
}

/// The errors of `check` on a page stating `prose`; the run must fail.
#[track_caller]
fn errors(prose: &str) -> (Site, Vec<Value>) {
    let site = site(prose);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "`{prose}` passed: {run:#?}");
    (site, errors)
}

/// The one error of `prose` has `code` and stands at `needle` of the page.
#[track_caller]
fn one_error_at(prose: &str, code: &str, needle: &str) -> Value {
    let (site, errors) = errors(prose);
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == code).collect();
    assert_eq!(ours.len(), 1, "`{prose}`: {errors:#?}");
    let (line, col) = place(&site, PAGE, needle);
    assert_eq!(ours[0]["path"], PAGE, "{:#}", ours[0]);
    assert_eq!((ours[0]["line"].as_u64(), ours[0]["col"].as_u64()), (Some(line), Some(col)), "{:#}", ours[0]);
    ours[0].clone()
}

/// The one error of a site whose runs.yaml has `figure` added under `figures:`, at
/// `needle` of runs.yaml.
#[track_caller]
fn runs_error_at(figure: &str, code: &str, needle: &str) -> Value {
    let site = site("Nothing stated.");
    site.file(RUNS, format!("{RUNS_YAML}{figure}\n"));
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{figure} passed: {run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == code).collect();
    assert_eq!(ours.len(), 1, "{figure}: {errors:#?}");
    let (line, col) = place(&site, RUNS, needle);
    assert_eq!(ours[0]["path"], RUNS, "{:#}", ours[0]);
    assert_eq!((ours[0]["line"].as_u64(), ours[0]["col"].as_u64()), (Some(line), Some(col)), "{:#}", ours[0]);
    ours[0].clone()
}

mod around;
mod bidi;
mod commands;
mod false_alarms;
mod front_matter;
mod last_ring;
mod outside;
mod run_data;
mod tags;
mod translation_places;
mod translations;
mod trial_counts;
mod untagged;
mod versions;
mod words_and_bounds;
