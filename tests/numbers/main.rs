//! The closed world of numbers: every number a page states is checked against its run data
//! (figures, exact arithmetic, numbers outside the running text, comparisons), whatever
//! tally cannot read fully is an error at its place, and each diagnostic code has an invalid
//! site and a `tally explain` page. One test binary of four (docs/content/tests-and-benchmarks.md).

#[path = "../common/mod.rs"]
mod common;

mod closed_world;
mod comparisons;
mod exact_figures;
mod explain;
mod figures;
mod invalid_sites;
mod published_numbers;
