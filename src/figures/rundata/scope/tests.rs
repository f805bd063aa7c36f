//! Tests of how paths with `*` range over runs and fields: closed world, every field a `*`
//! ranges over must reach the rest of the path.

use crate::figures::rundata::testing::{Site, errors, loaded, place, states};

const PKT_GEN: &str = "runs:
  best: {pps_per_interface: 0.6 Mpps}
  worst: {pps_per_interfase: 0.35 Mpps}
  broken: {failed: \"the generator crashed\"}
figures:
  total: {is: \"sum(runs.*.pps_per_interface)\", unit: Mpps}
  top: {is: \"max(runs.*.pps_per_interface)\", unit: Mpps}
  average: {is: \"mean(runs.*.pps_per_interface)\", unit: Mpps}
";

/// A typo in one run's key must not drop that run from a sum, max or mean: the figure is an
/// error naming the run, with the key it probably meant.
#[test]
fn a_star_path_that_misses_a_run_is_an_error_naming_the_run_and_its_near_key() {
    let site = Site::new(&[]);
    let diagnostics = errors(&site, PKT_GEN);
    assert_eq!(diagnostics.len(), 3, "{diagnostics:#?}");
    for (line, figure) in [(6, "total"), (7, "top"), (8, "average")] {
        let needle = format!("in figure `{figure}`: `runs.worst.pps_per_interface` is not in the run data");
        assert_eq!(place(&diagnostics, &needle).0, line, "{diagnostics:#?}");
    }
    assert!(
        diagnostics
            .iter()
            .all(|d| d.code == "figure-missing-path"
                && d.message.contains("did you mean `pps_per_interfase`?"))
    );
    // With the typo mended, every run that did not fail is summed (the failed one is not).
    let data = loaded(&site, &PKT_GEN.replace("interfase", "interface"));
    assert!(states(&data, "0.95 Mpps", "total"));
    assert!(states(&data, "0.6 Mpps", "top"));
}

/// Inside one run too: a `*` over a map whose entries do not all hold the key.
#[test]
fn a_star_inside_a_run_must_reach_the_key_in_every_entry() {
    let site = Site::new(&[]);
    let source = "runs:
  a:
    ports: {p1: {rate: 1 Mpps}, p2: {rat: 2 Mpps}}
figures:
  total: {is: \"sum(runs.a.ports.*.rate)\", unit: Mpps}
";
    let diagnostics = errors(&site, source);
    assert_eq!(place(&diagnostics, "`runs.a.ports.p2.rate` is not in the run data"), (5, 20));
}
