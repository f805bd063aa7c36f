//! Site builds: what `tally build` and `check` make of a site's pages and files (markdown
//! as CommonMark, GFM and markdown-cjk-friendly read it, Japanese text, anchors, addresses,
//! collisions, files that are not regular files, completion tables, search) and what a
//! build reuses from the last one. One test binary of four (docs/content/tests-and-benchmarks.md).

#[path = "../common/mod.rs"]
mod common;

mod addresses;
mod anchors;
mod build_memo;
mod cjk_emphasis;
mod cjk_friendly_suite;
mod cjk_soft_breaks;
mod collisions;
mod completion;
mod incremental;
mod init;
mod markdown_links;
mod markdown_suites;
mod parse_once;
mod search;
mod site_build;
mod site_errors;
mod special_files;
