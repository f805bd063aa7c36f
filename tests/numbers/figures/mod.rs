//! Figures, end to end through the binary: every number a page states is checked against
//! its run data. One changed digit anywhere (prose, translation, table cell, runs.yaml)
//! fails `check` at the right place; rounding, approximation, units, vendor figures,
//! withdrawn figures, translations, the rules of the bench, importers, figures.json,
//! `--against`, coverage, and every error of a run listed at once.

use crate::common;

use common::{MEASUREMENT, SITE_YAML, Site, assert_at, check_json, check_json_with, notes, place, tree};
use serde_json::Value;

const EN: &str = "content/measurements/2026-10-29-http/index.md";
const JA: &str = "content/measurements/2026-10-29-http/index.ja.md";
const RUNS: &str = "content/measurements/2026-10-29-http/runs.yaml";

/// The run data behind the fixture page (numbers from the XGS 136 HTTP page).
/// frames_per_response = 524,288 ÷ (1,500 − 52) = 362.08; bodies_close_coproc =
/// 9,000 × 524,288 × 8 ÷ 40 = 943,718,400 bit/s, cut to 943 Mbit/s.
const RUNS_YAML: &str = r#"build: {driver: npuep.ko d29c84f3, release: v0.1.0-alpha.9}
constants: {body_bytes: 524288, seconds: 40, mtu: 1500, ip_tcp_header_bytes: 52}
runs:
  close_coproc:
    host_frames: {received: 962826, sent: 962430}
    responses: {complete: 9000, failed: 2}
  close_host:
    host_frames: {received: 1308305, sent: 1308190}
    responses: {complete: 8935, failed: 1}
figures:
  host_share_close: {is: "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)", unit: "%"}
  bodies_close_coproc: {is: "runs.close_coproc.responses.complete * body_bytes * 8 / seconds", unit: bit/s, round: down}
  frames_per_response: {is: "body_bytes / (mtu - ip_tcp_header_bytes)"}
vendor:
  xgs136_fw_http: {value: 11.5 Gbit/s, source: XGS 136 datasheet, conditions: "HTTP, 512 KB responses, traffic generator"}
"#;

const PAGE: &str = "---
title: HTTP through the XGS 136
date: 2026-10-29
kind: measurement
appliances: [xgs-136]
summary: Frames and responses of an HTTP series.
---

Sophos rates the XGS 136 at [11.5 Gbit/s]{vendor=xgs136_fw_http} for HTTP.
The host still received [962,826]{=runs.close_coproc.host_frames.received} frames,
[74 %]{=host_share_close} of the [1,308,305]{=runs.close_host.host_frames.received}
it received when it forwarded everything itself. A response takes about
[360]{~frames_per_response} full frames.

| run | complete | bodies |
| --- | ---: | ---: |
| close_coproc | [9,000]{=runs.close_coproc.responses.complete} | [943 Mbit/s]{=bodies_close_coproc} |
| close_host | [8,935]{=runs.close_host.responses.complete} | – |

## How it was taken

The driver's own counts, read on the appliance.

## Not measured

Latency.
";

/// The translation; `{hash}` is replaced by the original's content hash.
const PAGE_JA: &str = "---
title: XGS 136 を通る HTTP
date: 2026-10-29
kind: measurement
appliances: [xgs-136]
translates: {hash}
---

Sophos は XGS 136 の HTTP の性能を [11.5 Gbit/s]{vendor=xgs136_fw_http} としています。
ホストはそれでも [962,826]{=runs.close_coproc.host_frames.received} フレームを受け取りました。
ホストがすべてを転送したときの [1,308,305]{=runs.close_host.host_frames.received} の
[74 %]{=host_share_close} です。応答ひとつはおよそ [360]{~frames_per_response} フレームです。

| 実行 | 完了 | 本文 |
| --- | ---: | ---: |
| close_coproc | [9,000]{=runs.close_coproc.responses.complete} | [943 Mbit/s]{=bodies_close_coproc} |
| close_host | [8,935]{=runs.close_host.responses.complete} | – |

## 測り方

アプライアンス上で、ドライバー自身のカウントを読みました。

## 測っていないこと

遅延。
";

/// The fixture's settings with `more` added: the vendor's conditions state its response
/// size, which is text (`tally explain outside-figure`).
fn site_yaml(more: &str) -> String {
    format!("{SITE_YAML}text_numbers: [\"512 KB responses\"]\n{more}")
}

/// The fixture: one measurement bundle with its run data, in English and Japanese.
fn site() -> Site {
    let site = Site::new();
    site.file("site.yaml", site_yaml(""));
    site.appliance();
    site.file(RUNS, RUNS_YAML);
    site.file(EN, PAGE);
    let hash = site.hash(EN);
    site.file(JA, PAGE_JA.replace("{hash}", &hash));
    site
}

/// Records the original's current hash in the translation (keeping the translation's text),
/// so that editing the original leaves no out-of-date warning behind.
fn retranslate(site: &Site) {
    let hash = site.hash(EN);
    let text = site.read_source(JA);
    let old = text.lines().find(|l| l.starts_with("translates: ")).expect("translates:").to_string();
    site.file(JA, text.replacen(&old, &format!("translates: {hash}"), 1));
}

/// `path:line:col` of `needle`.
fn location(site: &Site, relative: &str, needle: &str) -> String {
    let (line, col) = place(site, relative, needle);
    format!("{relative}:{line}:{col}")
}

/// The one error `check` reports, which must fail the run.
#[track_caller]
fn only_error(site: &Site) -> Value {
    let (run, errors) = check_json(site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "expected one error: {}", run.stdout);
    errors.into_iter().next().expect("one error")
}

mod bench;
mod build_output;
mod coverage;
mod importers;
mod more_tools;
mod published;
mod runs_yaml;
mod stated;
mod translations;
mod vendor;
mod withdrawn;
