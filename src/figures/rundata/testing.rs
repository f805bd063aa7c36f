//! Helpers shared by the tests of runs.yaml: a site folder to load from, the design's
//! example runs.yaml, and assertions on what loading gives.

use super::{RunData, load_run_data};
use crate::diagnostics::Diagnostic;
use crate::number::{check, parse_stated};

/// A site folder with a bundle holding `runs.yaml` and the given extra files.
pub(super) struct Site {
    pub(super) root: tempfile::TempDir,
}

impl Site {
    pub(super) fn new(files: &[(&str, &[u8])]) -> Site {
        let root = tempfile::tempdir().unwrap();
        for (path, bytes) in files {
            let full = root.path().join("content/m/b").join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, bytes).unwrap();
        }
        Site { root }
    }

    pub(super) fn load(&self, source: &str) -> (Option<RunData>, Vec<Diagnostic>) {
        let runs_yaml = self.root.path().join("content/m/b/runs.yaml");
        load_run_data(self.root.path(), &runs_yaml, source)
    }
}

pub(super) const SOEKRIS: &[u8] = include_bytes!("../../../tests/fixtures/figures/iperf2/test1.txt");

pub(super) const DESIGN: &str = r#"build:                         # the code the numbers belong to
  driver: npuep.ko d29c84f3
  release: v0.1.0-alpha.9
  scripts: [images/deploy/lab-136-http.sh, lab-136-http-series.ps1]
tools: {curl: "8.21 for Windows", lighttpd: "1.4.85"}
constants: {body_bytes: 524288, seconds: 40, link_rate: 1 Gbit/s}
runs:
  close_coproc:
    shot: shots/close-coproc.png
    redact: [[10, 20, 300, 40]]
    forwarding: coprocessor
    host_frames: {received: 962826, sent: 962430}
    responses: {complete: 9000, failed: 2}
  close_host:
    host_frames: {received: 1308305, sent: 1308190}
    responses: {complete: 8935, failed: 1}
  keep_coproc:
    responses:
      complete: {value: 9090, withdrawn: [{value: 9481, on: 2026-10-30, why: "the trial run's count"}]}
      failed: 0
    cpu:
      before: {user: 100, nice: 0, system: 50, interrupt: 10, idle: 1000}
      after: {user: 101, nice: 0, system: 51, interrupt: 10, idle: 1198}
  soekris_debian:
    iperf: raw/test1.txt       # imported: the receiver's figures become fields
figures:
  host_share_close: {is: "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)", unit: "%"}
  bodies_close_coproc: {is: "runs.close_coproc.responses.complete * body_bytes * 8 / seconds", unit: bit/s, round: down}
  # `*` would reach soekris_debian too, which has no responses: the runs are named.
  responses_all: {is: "sum(runs.close_coproc.responses.complete, runs.close_host.responses.complete, runs.keep_coproc.responses.complete) + sum(runs.close_coproc.responses.failed, runs.close_host.responses.failed, runs.keep_coproc.responses.failed)"}
  busy_keep_coproc: {is: "busy(runs.keep_coproc.cpu.before, runs.keep_coproc.cpu.after)", unit: "%"}
  responses_twice: {is: responses_all * 2}
vendor:
  xgs136_fw_http: {value: 11.5 Gbit/s, source: XGS 136 datasheet, conditions: "HTTP, 512 KB responses"}
"#;

pub(super) fn design_site() -> Site {
    Site::new(&[("raw/test1.txt", SOEKRIS), ("shots/close-coproc.png", b"png")])
}

pub(super) fn loaded(site: &Site, source: &str) -> RunData {
    let (data, diagnostics) = site.load(source);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    data.unwrap()
}

pub(super) fn errors(site: &Site, source: &str) -> Vec<Diagnostic> {
    let (_, diagnostics) = site.load(source);
    assert!(!diagnostics.is_empty(), "expected errors");
    diagnostics
}

pub(super) fn states(data: &RunData, text: &str, name: &str) -> bool {
    let computed = data.resolve(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    check(&parse_stated(text).unwrap(), &computed, false).is_ok()
}

/// The line and column of the first diagnostic whose message contains `needle`.
pub(super) fn place(diagnostics: &[Diagnostic], needle: &str) -> (usize, usize) {
    let d = diagnostics
        .iter()
        .find(|d| d.message.contains(needle))
        .unwrap_or_else(|| panic!("no `{needle}` in {diagnostics:#?}"));
    (d.line, d.col)
}
