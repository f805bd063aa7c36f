//! Evidence: the importers that read a tool's own output, the evidence section and plots
//! a page shows for its figures, raw evidence, series of runs, and stamped and redacted
//! screenshots. One test binary of four (docs/content/tests-and-benchmarks.md).

#[path = "../common/mod.rs"]
mod common;

mod evidence;
mod evidence_links;
mod importers;
mod plots;
mod public_writeup;
mod raw_evidence;
mod redaction;
mod series;
mod stamp;
