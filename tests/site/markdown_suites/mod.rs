//! Issue 26: tally's markdown measured against suites nobody here wrote, read at test time
//! from `../shared/markdown-suites/` (never copied into the repository): CommonMark 0.31.2
//! whole and GFM's extensions, each example a page of a fixture site. Fails on any example
//! that does not render as its spec says unless listed, with why, as differing by design.

use crate::common;

mod commonmark;
mod examples;
mod gfm;
pub(crate) mod normalise;
mod suite;
