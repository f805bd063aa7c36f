//! The `tally` command: a thin shell over the library.

use clap::Parser;

// A build makes and drops millions of small strings on every core; with glibc's allocator
// a 1,000-bundle build took 3.4-4.0 s of CPU, with mimalloc 1.7-2.3 s (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    tally::run(tally::Cli::parse())
}
