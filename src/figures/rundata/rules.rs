//! The bench's rules, applied to each loaded run that did not fail: a throughput run
//! received bytes, no interval exceeds the link rate, a soak passed cleanly, and counters
//! agree with an amount known beforehand.
//!
//! Owns the `bench-*` diagnostics. It does not load runs (`runs`) nor compute figures;
//! it reads counters through the same `scope` as expressions do.

use std::ops::Range;

use super::loader::Loader;
use super::scope::EvalScope;
use super::{Field, Run, RunData, RunKind};
use crate::diagnostics::Diagnostic;
use crate::figures::expr::{self, Expr, Scope};
use crate::number::{self, Unit};
use crate::yaml::{Node, NodeKind};

impl Loader<'_> {
    pub(super) fn run_span(&self, entries: &[(Node, Node)], run: &str, key: Option<&str>) -> Range<usize> {
        let runs = entries.iter().find(|(k, _)| k.key_text() == "runs").map(|(_, v)| v);
        let Some(Node { kind: NodeKind::Map(runs), .. }) = runs else {
            return 0..0;
        };
        let Some((run_key, run_value)) = runs.iter().find(|(k, _)| k.key_text() == run) else {
            return 0..0;
        };
        if let (Some(key), NodeKind::Map(fields)) = (key, &run_value.kind)
            && let Some((field_key, _)) = fields.iter().find(|(k, _)| k.key_text() == key)
        {
            return field_key.span.clone();
        }
        run_key.span.clone()
    }

    pub(super) fn check_bench(&mut self, data: &RunData, index: usize, entries: &[(Node, Node)]) {
        let run = &data.runs[index];
        if run.failed.is_some() || self.unread.contains(&run.name) {
            return;
        }
        let name = &run.name;
        let number_at = |path: &[&str]| -> Option<f64> {
            let mut field = &run.fields;
            for key in path {
                field = field.child(key)?;
            }
            match field {
                Field::Number(n) => Some(n.value),
                _ => None,
            }
        };
        // Known to have run: bytes arrived, or (an old iperf3 UDP client, which prints only
        // what it sent) datagrams did; in either direction of a `--bidir` run, whose
        // `received` is under `forward` and `reverse` (a server's log holds only the one it
        // received).
        let arrived = |direction: &[&str]| {
            let at = |key: &[&str]| number_at(&[direction, key].concat());
            let datagrams = at(&["received", "packets"])
                .zip(at(&["received", "lost_packets"]))
                .is_some_and(|(total, lost)| total > lost);
            at(&["received", "bytes"]).is_some_and(|b| b > 0.0) || datagrams
        };
        if run.kind == Some(RunKind::Throughput)
            && ![&[][..], &["forward"], &["reverse"]].iter().any(|d| arrived(d))
        {
            let span = self.run_span(entries, name, Some("iperf"));
            self.error(
                "bench-no-bytes",
                span,
                format!("throughput run `{name}` received no bytes: it is not known to have run; mark it `failed: why`"),
            );
        }
        let link_rate = run.link_rate.or_else(|| data.constant("link_rate").map(|c| c.value));
        if let Some(rate) = link_rate {
            self.check_link_rate(data, index, rate, entries);
        }
        if run.kind == Some(RunKind::Soak) {
            let passes = number_at(&["passes"]);
            let failed = number_at(&["failed_passes"]);
            let mismatches = number_at(&["mismatches"]);
            let span = self.run_span(entries, name, None);
            match (passes, failed, mismatches) {
                (Some(passes), Some(failed), Some(mismatches)) => {
                    if failed != 0.0 || mismatches != 0.0 {
                        let mut diagnostic = Diagnostic::at(
                            "bench-soak",
                            &self.path,
                            self.source,
                            span,
                            format!(
                                "soak `{name}` did not pass: {failed} failed passes, {mismatches} hash mismatches; a soak passes only with both at zero (or mark it `failed: why`)"
                            ),
                        );
                        // Read from the logs: which passes, so that a reader finds them there.
                        for note in failed_pass_notes(&run.fields) {
                            diagnostic = diagnostic.note(note);
                        }
                        self.diagnostics.push(diagnostic);
                    } else if passes < 1.0 {
                        self.error(
                            "bench-soak",
                            span,
                            format!("soak `{name}` has no successful pass; mark it `failed: why`"),
                        );
                    }
                }
                _ => self.error(
                    "bench-soak",
                    span,
                    format!("soak `{name}` must give `passes`, `failed_passes` and `mismatches`"),
                ),
            }
        }
        let agrees = run.fields.child("agrees");
        if run.kind == Some(RunKind::Counter) && agrees.is_none() {
            let span = self.run_span(entries, name, Some("kind"));
            self.error("bench-counter", span, format!("counter run `{name}` has no `agrees:`: a counter is trusted only after it agreed with an amount known beforehand"));
        }
        if let Some(agrees) = agrees {
            self.check_agrees(data, run, agrees, entries);
        }
    }

    /// Every bit rate of the run, whatever its field is called (`received.bits_per_second`,
    /// `rows.3.throughput`, `streams.0.received.intervals.2.bits_per_second`), against the
    /// link's rate: a figure above what the link carries was not measured on it. A run that
    /// names its own `link_rate:` and has no bit rate to check is told so.
    fn check_link_rate(&mut self, data: &RunData, index: usize, rate: f64, entries: &[(Node, Node)]) {
        let run = &data.runs[index];
        let mut rates = Vec::new();
        bit_rates(&run.fields, String::new(), &mut rates);
        if rates.is_empty() {
            if run.link_rate.is_some() {
                let span = self.run_span(entries, &run.name, Some("link_rate"));
                let diagnostic = Diagnostic::at(
                    "bench-link-rate",
                    &self.path,
                    self.source,
                    span,
                    format!("run `{}` has a `link_rate` but no bit rate for it to check", run.name),
                )
                .note("the rule checks every value of the run whose unit is a bit rate (bit/s, Mbit/s, MB/s, ...); remove `link_rate` or give the run its throughput")
                .warning();
                self.diagnostics.push(diagnostic);
            }
            return;
        }
        let over: Vec<(String, f64)> = rates
            .into_iter()
            .filter(|(_, bps, _)| *bps > rate)
            .map(|(path, bps, span)| (span.map_or(path, |(start, end)| format!("{start}-{end} s")), bps))
            .collect();
        if over.is_empty() {
            return;
        }
        let key = ["iperf", "table", "soak", "received"]
            .into_iter()
            .find(|k| run.fields.child(k).is_some() || (*k == "iperf" && run.iperf.is_some()));
        let span = self.run_span(entries, &run.name, key);
        let mut diagnostic = Diagnostic::at(
            "bench-link-rate",
            &self.path,
            self.source,
            span,
            format!(
                "run `{}` received more than its link carries ({}): {} value(s) above it",
                run.name,
                number::plain_text(rate, Unit::MegabitPerSecond),
                over.len()
            ),
        );
        for (when, bps) in over.iter().take(5) {
            diagnostic =
                diagnostic.note(format!("{when}: {}", number::plain_text(*bps, Unit::MegabitPerSecond)));
        }
        self.diagnostics.push(diagnostic);
    }

    fn check_agrees(&mut self, data: &RunData, run: &Run, agrees: &Field, entries: &[(Node, Node)]) {
        let span = self.run_span(entries, &run.name, Some("agrees"));
        let bad = |me: &mut Self, message: String| me.error("bench-agrees", span.clone(), message);
        let known = match agrees.child("known") {
            Some(Field::Number(n)) => n.value,
            _ => {
                return bad(self, "`agrees` needs `known:`, the amount known beforehand".to_string());
            }
        };
        let within = match agrees.child("within") {
            Some(Field::Number(n)) if n.unit == Unit::Percent => known.abs() * n.value / 100.0,
            Some(Field::Number(n)) => n.value,
            _ => {
                return bad(self, "`agrees` needs `within:`, a tolerance (a number or `N %`)".to_string());
            }
        };
        let counted: Vec<String> = match agrees.child("counted") {
            Some(Field::List(items)) => items
                .iter()
                .filter_map(|i| match i {
                    Field::Text(t) => Some(t.clone()),
                    _ => None,
                })
                .collect(),
            Some(Field::Text(t)) => vec![t.clone()],
            _ => Vec::new(),
        };
        if counted.is_empty() {
            return bad(self, "`agrees` needs `counted:`, the paths of the counters".to_string());
        }
        if let Field::Map(keys) = agrees
            && let Some((other, _)) =
                keys.iter().find(|(k, _)| !["counted", "known", "within"].contains(&k.as_str()))
        {
            bad(self, format!("unknown key `{other}` in `agrees`; it has counted, known, within"));
        }
        let scope = EvalScope::new(data);
        let mut total = 0.0;
        let mut read = Vec::new();
        for path_text in &counted {
            let absolute = if path_text.starts_with("runs.") {
                path_text.clone()
            } else {
                format!("runs.{}.{path_text}", run.name)
            };
            let parsed = match expr::parse(&absolute) {
                Ok(Expr { kind: expr::ExprKind::Path(path), .. }) => path,
                _ => {
                    return bad(self, format!("`{path_text}` in `agrees.counted` is not a path"));
                }
            };
            match scope.read(&parsed, true, 0..0) {
                Ok(leaves) => {
                    for leaf in leaves {
                        total += leaf.value;
                        read.push(format!("{} = {}", leaf.path, leaf.value));
                    }
                }
                Err(error) => return bad(self, format!("`agrees.counted`: {error}")),
            }
        }
        if (total - known).abs() > within {
            let diagnostic = Diagnostic::at(
                "bench-agrees",
                &self.path,
                self.source,
                span,
                format!(
                    "run `{}`: the counters give {total}, the amount known beforehand is {known}; they differ by {} (more than {within})",
                    run.name,
                    (total - known).abs()
                ),
            )
            .note(format!("counted: {}", read.join(", ")));
            self.diagnostics.push(diagnostic);
        }
    }
}

/// A bit rate of a run: its path, its value in bit/s, and the seconds it covers.
type BitRate = (String, f64, Option<(f64, f64)>);

/// Every value under `field` whose unit is a bit rate: its path in the run, its value in
/// bit/s, and the interval it covers when its map has `start` and `end` (an interval's
/// rate is told by its seconds, as iperf prints it).
fn bit_rates(field: &Field, path: String, out: &mut Vec<BitRate>) {
    let seconds = |key| match field.child(key) {
        // Seconds, or a plain number as a hand-written interval has (`{start: 0, end: 1}`).
        Some(Field::Number(n))
            if matches!(n.unit.kind(), number::UnitKind::Seconds | number::UnitKind::Count) =>
        {
            Some(n.value)
        }
        _ => None,
    };
    let span = seconds("start").zip(seconds("end"));
    for (key, child) in field.children() {
        let child_path = if path.is_empty() { key } else { super::child_path(&path, &key) };
        match child {
            Field::Number(n) if n.unit.kind() == number::UnitKind::BitRate => {
                out.push((child_path, n.value, span));
            }
            Field::List(_) | Field::Map(_) => bit_rates(child, child_path, out),
            _ => {}
        }
    }
}

/// For a soak read from its logs (`pass.N.*`), a note for each pass that failed or whose
/// copy differed, numbered from 1 in the order of curl's log.
fn failed_pass_notes(fields: &Field) -> Vec<String> {
    let Some(Field::List(passes)) = fields.child("pass") else { return Vec::new() };
    let number = |pass: &Field, key| match pass.child(key) {
        Some(Field::Number(n)) => Some(n.value),
        _ => None,
    };
    passes
        .iter()
        .enumerate()
        .filter_map(|(i, pass)| {
            let exit = number(pass, "exit_code").unwrap_or(0.0);
            let http = number(pass, "http_code").unwrap_or(200.0);
            if exit != 0.0 || !(200.0..300.0).contains(&http) {
                Some(format!("pass {} failed: curl exit {exit}, HTTP {http}", i + 1))
            } else if number(pass, "matches") == Some(0.0) {
                Some(format!("pass {}: its copy's hash is not the server's", i + 1))
            } else {
                None
            }
        })
        .take(10)
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::figures::FigureError;
    use crate::figures::rundata::testing::{Site, design_site, errors, loaded};

    #[test]
    fn a_failed_run_is_shown_as_failed_and_never_resolves() {
        let site = design_site();
        let source = "runs:\n  dead:\n    kind: throughput\n    failed: the cable was loose\n  empty:\n    kind: throughput\nfigures:\n  from_dead: {is: runs.dead.received.bytes * 8}\n";
        let (data, diagnostics) = site.load(source);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
        assert_eq!(diagnostics[0].code, "bench-no-bytes");
        assert!(diagnostics[0].message.contains("`empty`"));
        let data = data.unwrap();
        assert_eq!(data.failed_runs(), vec![("dead".to_string(), "the cable was loose".to_string())]);
        let error = data.resolve("runs.dead.received.bytes").unwrap_err();
        assert_eq!(error.to_string(), "run `dead` failed: the cable was loose");
        assert!(matches!(data.resolve("from_dead"), Err(FigureError::FailedRun { .. })));
    }

    const OVER_LINE_RATE: &str = "iperf -s\n[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n[  4]  0.0- 1.0 sec   112 MBytes   941 Mbits/sec\n[  4]  1.0- 2.0 sec   122 MBytes  1024 Mbits/sec\n[  4]  0.0- 2.0 sec   234 MBytes   982 Mbits/sec\n";

    #[test]
    fn an_interval_above_the_link_rate_is_an_error() {
        let site = Site::new(&[("raw/over.txt", OVER_LINE_RATE.as_bytes())]);
        let source = "runs:\n  r:\n    link_rate: 1 Gbit/s\n    iperf: raw/over.txt\n";
        let diagnostics = errors(&site, source);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].code, "bench-link-rate");
        assert_eq!((diagnostics[0].line, diagnostics[0].col), (4, 5));
        assert!(diagnostics[0].notes[0].contains("1-2 s: 1024 Mbit/s"), "{:?}", diagnostics[0].notes);
        // The constant names the link rate for every run; a faster link is fine.
        let source = "constants: {link_rate: 1 Gbit/s}\nruns:\n  r: {iperf: raw/over.txt}\n";
        assert_eq!(errors(&site, source)[0].code, "bench-link-rate");
        let source = "constants: {link_rate: 2.5 Gbit/s}\nruns:\n  r: {iperf: raw/over.txt}\n";
        loaded(&site, source);
        let source = "runs:\n  r: {iperf: raw/over.txt, link_rate: 1 Gbit/s, failed: pkt-gen miscounted}\n";
        loaded(&site, source);
    }

    /// A `--bidir` run's received bytes are under `forward` and `reverse`: the rule read
    /// only `received`, and refused iperf3's own output of a documented run, both sides.
    #[test]
    fn a_bidir_run_received_bytes_in_its_directions() {
        let fixture = crate::figures::import::testing::fixture;
        let (client, server) = (fixture("iperf3/bidir-client.txt"), fixture("iperf3/bidir-server.txt"));
        let site = Site::new(&[("raw/client.txt", client.as_bytes()), ("raw/server.txt", server.as_bytes())]);
        let data = loaded(&site, "runs:\n  c: {iperf: raw/client.txt}\n  s: {iperf: raw/server.txt}\n");
        assert!(data.resolve("runs.c.reverse.received.bytes").unwrap().value > 0.0);
        assert!(data.resolve("runs.s.forward.received.bytes").unwrap().value > 0.0);
        // A --bidir output cut before its summary says so, at its last interval line.
        let cut: String = client.lines().take(9).map(|l| format!("{l}\n")).collect();
        let site = Site::new(&[("raw/cut.txt", cut.as_bytes())]);
        let d = errors(&site, "runs:\n  c: {iperf: raw/cut.txt}\n");
        assert_eq!((d.len(), d[0].code, d[0].line), (1, "runs-import", 8), "{d:#?}");
        assert!(d[0].message.contains("ends before iperf3's summary"), "{d:#?}");
        // Nothing received in either direction is still no run.
        let dead = "runs:\n  d:\n    kind: throughput\n    forward: {received: {bytes: 0}}\n    reverse: {received: {bytes: 0}}\n";
        assert_eq!(errors(&site, dead)[0].code, "bench-no-bytes");
    }

    #[test]
    fn a_soak_passes_only_with_no_failed_pass_and_no_mismatch() {
        let site = design_site();
        let soak = |fields: &str| format!("runs:\n  s:\n    kind: soak\n    {fields}\n");
        loaded(&site, &soak("passes: 40\n    failed_passes: 0\n    mismatches: 0"));
        let d = errors(&site, &soak("passes: 40\n    failed_passes: 0\n    mismatches: 1"));
        assert!(d[0].message.contains("did not pass"), "{d:?}");
        let d = errors(&site, &soak("passes: 0\n    failed_passes: 0\n    mismatches: 0"));
        assert!(d[0].message.contains("no successful pass"), "{d:?}");
        let d = errors(&site, &soak("passes: 3"));
        assert!(d[0].message.contains("must give"), "{d:?}");
        loaded(
            &site,
            &soak("passes: 0\n    failed_passes: 2\n    mismatches: 0\n    failed: the disk filled up"),
        );
    }

    #[test]
    fn counters_must_agree_with_a_known_amount() {
        let site = design_site();
        let run = |agrees: &str| {
            format!("runs:\n  c:\n    kind: counter\n    frames: {{a: 600, b: 400}}\n    agrees: {agrees}\n")
        };
        loaded(&site, &run("{counted: [frames.a, frames.b], known: 1000, within: 0}"));
        loaded(&site, &run("{counted: [runs.c.frames], known: 1010, within: 1 %}"));
        let d = errors(&site, &run("{counted: [frames.a, frames.b], known: 1100, within: 50}"));
        assert_eq!(d[0].code, "bench-agrees");
        assert_eq!((d[0].line, d[0].col), (5, 5));
        assert!(d[0].message.contains("differ by 100"), "{d:?}");
        let d = errors(&site, "runs:\n  c:\n    kind: counter\n    frames: 3\n");
        assert_eq!(d[0].code, "bench-counter");
        let d = errors(&site, &run("{counted: [frames.z], known: 1, within: 0}"));
        assert!(d[0].message.contains("runs.c.frames.z"), "{d:?}");
    }
}
