//! Each importer on one output a tool printed (a file of `../shared/real-data/` or
//! `tests/fixtures/figures/`) and on the same made ten times as large by
//! `tally::importer_inputs` (a run ten times as long, or with ten times the names): a
//! linear importer takes about ten times as long on the second (issue 44, "a bench for each
//! importer at 10× size"). The clock-free check of the same is
//! `importer_inputs::linear_tests`. pfctl's output has a size pf fixes: read at 1× only.
//!
//! Criterion's throughput is set to the input's bytes.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tally::importer_inputs::{CASES, scales};

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut group = c.benchmark_group("importers");
    for case in &CASES {
        let path = root.join(case.file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let sizes: &[usize] = if scales(case) { &[1, 10] } else { &[1] };
        for &times in sizes {
            let input = (case.scale)(&text, times);
            let values = (case.import)(&input).unwrap_or_else(|e| panic!("{} at {times}x: {e}", case.name));
            assert!(values > 0, "{} at {times}x read nothing", case.name);
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_function(format!("{} {times}x", case.name), |b| {
                b.iter(|| (case.import)(black_box(&input)))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = importers;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = bench
}
criterion_main!(importers);
