//! Problems as `tally check --format json` gives them, and where in the site's files they
//! should lie.
//!
//! Owns running `check --format json`, reading its problems and asserting on their code,
//! place and notes. It does not run other commands (that is `run` and `site`).

use super::{Run, Site};

/// Line and column (1-based, in characters) of the only `needle` in the site's `relative`.
#[track_caller]
pub fn place(site: &Site, relative: &str, needle: &str) -> (u64, u64) {
    let text = site.read_source(relative);
    let at = text.find(needle).unwrap_or_else(|| panic!("{relative} lacks {needle:?}"));
    assert_eq!(text.matches(needle).count(), 1, "{needle:?} is not unique in {relative}");
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    ((before.matches('\n').count() + 1) as u64, (text[line_start..at].chars().count() + 1) as u64)
}

/// Every problem and note `check --format json` gives, warnings and notes included.
pub fn check_json_all(site: &Site) -> Vec<serde_json::Value> {
    let run = site.tally(&["--format", "json", "check"]);
    serde_json::from_str::<serde_json::Value>(&run.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {run:#?}"))
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// `tally --format json check`: its run and its errors (warnings left out).
pub fn check_json(site: &Site) -> (Run, Vec<serde_json::Value>) {
    check_json_with(site, &[])
}

pub fn check_json_with(site: &Site, extra: &[&str]) -> (Run, Vec<serde_json::Value>) {
    let mut args = vec!["--format", "json", "check"];
    args.extend_from_slice(extra);
    let run = site.tally(&args);
    let all: serde_json::Value =
        serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {run:#?}"));
    let errors =
        all.as_array().expect("a JSON array").iter().filter(|p| p["severity"] == "error").cloned().collect();
    (run, errors)
}

/// Asserts that `problem` has `code` and lies at the only `needle` of `relative`.
#[track_caller]
pub fn assert_at(problem: &serde_json::Value, code: &str, site: &Site, relative: &str, needle: &str) {
    let (line, col) = place(site, relative, needle);
    assert_eq!(problem["code"], code, "{problem:#}");
    assert_eq!(problem["path"], relative, "{problem:#}");
    assert_eq!((problem["line"].as_u64(), problem["col"].as_u64()), (Some(line), Some(col)), "{problem:#}");
}

/// The notes of a problem, one string.
pub fn notes(problem: &serde_json::Value) -> String {
    problem["notes"]
        .as_array()
        .map(|n| n.iter().filter_map(serde_json::Value::as_str).collect::<Vec<_>>().join("\n"))
        .unwrap_or_default()
}

/// The places (line, column) of the `figure-untagged` notes of `page`, in order.
pub fn untagged_places(site: &Site, page: &str) -> Vec<(u64, u64)> {
    check_json_all(site)
        .into_iter()
        .filter(|p| p["code"] == "figure-untagged" && p["path"] == page)
        .map(|p| (p["line"].as_u64().unwrap_or(0), p["col"].as_u64().unwrap_or(0)))
        .collect()
}
