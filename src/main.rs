//! The `tally` command: a thin shell over the library.

use clap::Parser;

fn main() -> std::process::ExitCode {
    tally::cli::run(tally::cli::Cli::parse())
}
