//! The tool and its repository: the command line, `tally serve`, publishing, builds run at
//! once or killed, the commit a build names, reliability and fuzzed inputs, the house rules
//! of the source tree, the manual and the README's figures. One test binary of four
//! (docs/content/tests-and-benchmarks.md).

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod concurrent_builds;
mod fuzz_properties;
mod generator_commit;
mod house_rules;
mod killed_commit;
mod manual;
mod publish;
mod readme_figures;
mod reliability;
mod serve;
