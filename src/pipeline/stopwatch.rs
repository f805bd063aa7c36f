//! Stage times and the peak memory so far for `--timings`, printed as each stage ends.

/// The process's peak resident memory so far, in KiB, where the system says (Linux): which
/// stage raises the peak is what a memory target needs to know.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

pub(super) struct Stopwatch {
    on: bool,
    started: std::time::Instant,
    last: std::time::Instant,
}

impl Stopwatch {
    pub(super) fn new(on: bool) -> Stopwatch {
        let now = std::time::Instant::now();
        Stopwatch { on, started: now, last: now }
    }

    pub(super) fn lap(&mut self, stage: &str) {
        if self.on {
            let now = std::time::Instant::now();
            eprintln!(
                "timings: {stage:<17} {:>6.1} ms (at {:.1} ms){}",
                (now - self.last).as_secs_f64() * 1e3,
                (now - self.started).as_secs_f64() * 1e3,
                peak_memory().map_or_else(String::new, |kib| format!(", peak {} MiB", kib / 1024))
            );
            self.last = now;
        }
    }
}
