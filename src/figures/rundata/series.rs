//! Series: runs.yaml's `series: {NAME: [run, …]}`, runs that repeat one configuration.
//!
//! Owns reading a series (each run it names must exist, once), the check that its runs
//! agree in their configuration (`series-mixed`), and the runs a `series.NAME.*` path
//! ranges over. It does not compute statistics (`expr`) nor show a spread (the pages do).
//!
//! A run's configuration is what it names besides measured values: its `kind`, its
//! `link_rate`, and every text field at any depth (`mode: keep`, an importer's
//! `interface.name`). Numbers are measured values, and may differ from run to run.

use std::ops::Range;

use super::loader::Loader;
use super::{Field, Run};
use crate::yaml::{Node, NodeKind};

/// Runs that repeat one configuration, in the order written.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Series {
    pub(crate) name: String,
    pub(crate) runs: Vec<String>,
}

/// A run's configuration as (what, value) pairs, in order.
fn configuration(run: &Run) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(kind) = run.kind {
        out.push(("kind".to_string(), format!("{kind:?}").to_lowercase()));
    }
    if let Some(rate) = run.link_rate {
        out.push(("link_rate".to_string(), format!("{rate} bit/s")));
    }
    texts(&run.fields, String::new(), &mut out);
    out
}

fn texts(field: &Field, path: String, out: &mut Vec<(String, String)>) {
    match field {
        Field::Text(text) => out.push((path, text.clone())),
        Field::Number(_) => {}
        Field::List(_) | Field::Map(_) => {
            for (key, child) in field.children() {
                let at = if path.is_empty() { key } else { format!("{path}.{key}") };
                texts(child, at, out);
            }
        }
    }
}

/// How `run` differs from `first` in configuration, in words; None when it does not.
fn difference(first: &Run, run: &Run) -> Option<String> {
    let (expected, found) = (configuration(first), configuration(run));
    for (what, value) in &expected {
        match found.iter().find(|(w, _)| w == what) {
            Some((_, other)) if other != value => {
                return Some(format!(
                    "run `{}` has {what} = {other:?} where `{}` has {value:?}",
                    run.name, first.name
                ));
            }
            None => {
                return Some(format!(
                    "run `{}` has no {what} where `{}` has {value:?}",
                    run.name, first.name
                ));
            }
            Some(_) => {}
        }
    }
    found.iter().find(|(what, _)| !expected.iter().any(|(w, _)| w == what)).map(|(what, value)| {
        format!("run `{}` has {what} = {value:?} where `{}` has none", run.name, first.name)
    })
}

impl Loader<'_> {
    /// Reads `series:` against the runs already read.
    pub(super) fn load_series(&mut self, node: &Node, runs: &[Run]) -> Vec<Series> {
        let mut out = Vec::new();
        for (key, value) in self.map(node, "series") {
            let Some(name) = self.name(key, "series", true) else { continue };
            let NodeKind::Seq(items) = &value.kind else {
                self.type_error(value, &format!("series `{name}`"), "a list of run names");
                continue;
            };
            let mut named: Vec<(String, Range<usize>)> = Vec::new();
            for item in items {
                let Some(run) = self.text(item, "a run of a series") else { continue };
                if runs.iter().all(|r| r.name != run) {
                    let hint = crate::figures::did_you_mean(&run, runs.iter().map(|r| r.name.as_str()));
                    self.error(
                        "runs-name",
                        item.span.clone(),
                        format!("series `{name}` names no run `{run}`{hint}"),
                    );
                } else if named.iter().any(|(n, _)| *n == run) {
                    self.error(
                        "runs-name",
                        item.span.clone(),
                        format!("series `{name}` names run `{run}` twice"),
                    );
                } else {
                    named.push((run, item.span.clone()));
                }
            }
            self.check_configuration(&name, &named, runs);
            out.push(Series { name, runs: named.into_iter().map(|(n, _)| n).collect() });
        }
        out
    }

    /// One `series-mixed` error at each run whose configuration is not the first run's.
    fn check_configuration(&mut self, name: &str, named: &[(String, Range<usize>)], runs: &[Run]) {
        let run = |n: &str| runs.iter().find(|r| r.name == n);
        let Some(first) = named.first().and_then(|(n, _)| run(n)) else { return };
        for (other, span) in &named[1..] {
            if let Some(why) = run(other).and_then(|r| difference(first, r)) {
                self.error(
                    "series-mixed",
                    span.clone(),
                    format!("series `{name}` mixes configurations: {why}; a series repeats one configuration, so give runs of another their own series"),
                );
            }
        }
    }
}

/// The runs of series `name` a `series.NAME.*` path ranges over: all but failed ones.
pub(super) fn runs_of<'a>(series: &[Series], all: &'a [Run], name: &str) -> Option<Vec<&'a Run>> {
    let series = series.iter().find(|s| s.name == name)?;
    Some(
        series
            .runs
            .iter()
            .filter_map(|n| all.iter().find(|r| &r.name == n))
            .filter(|r| r.failed.is_none())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use crate::figures::rundata::testing::{Site, errors, loaded, place, states};

    const REPEATS: &str = "runs:
  a: {mode: keep, rate: 987 Mbit/s}
  b: {mode: keep, rate: 986 Mbit/s}
  c: {mode: keep, rate: 989 Mbit/s}
  d: {mode: keep, rate: 988.5 Mbit/s}
  e: {mode: keep, failed: cable pulled, rate: 1 Mbit/s}
series:
  tcp: [a, b, c, d, e]
figures:
  median_rate: {is: \"median(series.tcp.*.rate)\", unit: Mbit/s}
  mean_rate: {is: \"mean(series.tcp.*.rate)\", unit: Mbit/s}
  se_rate: {is: \"se(series.tcp.*.rate)\", unit: Mbit/s}
  runs_in_series: {is: \"count(series.tcp.*.rate)\"}
  twice_median: {is: \"median_rate * 2\", unit: Mbit/s}
";

    #[test]
    fn a_figure_over_a_series_reads_its_runs_that_did_not_fail_and_carries_its_n() {
        let site = Site::new(&[]);
        let data = loaded(&site, REPEATS);
        assert!(states(&data, "987.75 Mbit/s", "median_rate"));
        assert!(states(&data, "987.6 Mbit/s", "mean_rate"));
        assert!(states(&data, "4", "runs_in_series"));
        // s² = 5.6875 / 3, s = 1.3769…, se = 0.6884… Mbit/s
        assert!(states(&data, "0.69 Mbit/s", "se_rate"));
        assert!(!states(&data, "0.68 Mbit/s", "se_rate"));
        for name in ["median_rate", "twice_median"] {
            let over = data.resolve(name).unwrap().over.unwrap_or_else(|| panic!("{name}"));
            assert_eq!((over.series.as_str(), over.runs.len()), ("tcp", 4), "{name}");
            assert_eq!(over.values, vec![987e6, 986e6, 989e6, 988.5e6]);
        }
        assert_eq!(data.resolve("runs.a.rate").unwrap().over, None);
    }

    #[test]
    fn a_series_mixing_configurations_is_an_error_at_the_run_that_differs() {
        let site = Site::new(&[]);
        let source = "runs:
  a: {mode: keep, rate: 987 Mbit/s}
  b: {mode: close, rate: 986 Mbit/s}
  c: {rate: 989 Mbit/s}
  d: {mode: keep, rate: 988 Mbit/s, link_rate: 1 Gbit/s}
series:
  tcp: [a, b, c, d, x, a]
";
        let found = errors(&site, source);
        let mixed: Vec<_> = found.iter().filter(|d| d.code == "series-mixed").collect();
        assert_eq!(mixed.len(), 3, "{found:#?}");
        assert!(
            mixed[0].message.contains("`b` has mode = \"close\" where `a` has \"keep\""),
            "{}",
            mixed[0].message
        );
        assert_eq!(place(&found, "mode = \"close\""), (7, 12));
        assert!(found.iter().any(|d| d.code == "runs-name" && d.message.contains("no run `x`")));
        assert!(found.iter().any(|d| d.code == "runs-name" && d.message.contains("`a` twice")));
    }

    #[test]
    fn a_series_path_names_a_series_that_exists_and_reads_with_a_star() {
        let site = Site::new(&[]);
        let (data, _) = site.load(&format!("{REPEATS}  wrong: {{is: \"median(series.tpc.*.rate)\"}}\n  bare: {{is: \"median(series.tcp)\"}}\n"));
        let data = data.unwrap();
        let wrong = data.resolve("wrong").unwrap_err().to_string();
        assert!(wrong.contains("series.tpc") && wrong.contains("did you mean `tcp`"), "{wrong}");
        assert!(data.resolve("bare").unwrap_err().to_string().contains("series.NAME.*.field"));
    }
}
