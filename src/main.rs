//! The `tally` command: a thin shell over the library.

use clap::Parser;

// A build makes and drops millions of small strings on every core; glibc's allocator took
// about twice mimalloc's CPU on the 1,000-bundle corpus when this was chosen (commit
// history; BENCHMARKS.md holds only figures of the current commit).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    tally::run(tally::Cli::parse())
}
