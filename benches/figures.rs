//! Benchmark: checking 10,000 tagged figures (parse the stated TEXT, resolve the NAME
//! against run data, compare) — the figure engine's share of `tally check` on a big site —
//! and loading a runs.yaml.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use tally::{RunData, load_run_data};
use tally::{check_stated as check, parse_stated};

const RUNS_YAML: &str = r#"constants: {body_bytes: 524288, seconds: 40}
runs:
  close_coproc:
    host_frames: {received: 962826, sent: 962430}
    responses: {complete: 9000, failed: 2}
  close_host:
    host_frames: {received: 1308305, sent: 1308190}
    responses: {complete: 8935, failed: 1}
  keep_coproc:
    host_frames: {received: 520, sent: 10}
    responses: {complete: 9090, failed: 0}
  keep_host:
    host_frames: {received: 1287603, sent: 1287606}
    responses: {complete: 9010, failed: 0}
figures:
  host_share_close: {is: "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)", unit: "%"}
  bodies_close_coproc: {is: "runs.close_coproc.responses.complete * body_bytes * 8 / seconds", unit: Mbit/s, round: down}
  responses_all: {is: "sum(runs.*.responses.complete) + sum(runs.*.responses.failed)"}
"#;

/// Ten kinds of tag, as a measurement page states them.
const TAGS: &[(&str, &str)] = &[
    ("962,826", "runs.close_coproc.host_frames.received"),
    ("1,308,305", "runs.close_host.host_frames.received"),
    ("74 %", "host_share_close"),
    ("73.6 %", "host_share_close"),
    ("943 Mbit/s", "bodies_close_coproc"),
    ("36,038", "responses_all"),
    ("9,090", "runs.keep_coproc.responses.complete"),
    ("520", "runs.keep_coproc.host_frames.received"),
    ("3.60 万", "responses_all"),
    ("0.943 Gbit/s", "bodies_close_coproc"),
];

fn run_data() -> RunData {
    let root = Path::new("/site");
    let (data, diagnostics) = load_run_data(root, &root.join("content/m/b/runs.yaml"), RUNS_YAML);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    data.expect("the bench's runs.yaml loads")
}

fn check_10_000(data: &RunData) -> usize {
    let mut passed = 0;
    for i in 0..10_000 {
        let (text, name) = TAGS[i % TAGS.len()];
        let stated = parse_stated(text).expect("the bench's texts parse");
        let computed = data.resolve(name).expect("the bench's names resolve");
        if check(&stated, &computed, false).is_ok() {
            passed += 1;
        }
    }
    passed
}

fn bench(c: &mut Criterion) {
    let data = run_data();
    assert_eq!(check_10_000(&data), 10_000);
    c.bench_function("check 10,000 tagged figures", |b| b.iter(|| check_10_000(black_box(&data))));
    // The parts, to see where the time goes.
    c.bench_function("parse_stated x10,000", |b| {
        b.iter(|| (0..10_000).filter(|i| parse_stated(black_box(TAGS[i % TAGS.len()].0)).is_ok()).count())
    });
    c.bench_function("load runs.yaml x100", |b| {
        let root = Path::new("/site");
        let path = root.join("content/m/b/runs.yaml");
        b.iter(|| (0..100).filter(|_| load_run_data(root, &path, black_box(RUNS_YAML)).0.is_some()).count())
    });
    c.bench_function("resolve x10,000", |b| {
        b.iter(|| (0..10_000).filter(|i| black_box(&data).resolve(TAGS[i % TAGS.len()].1).is_ok()).count())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
