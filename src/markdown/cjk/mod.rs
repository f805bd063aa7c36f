//! Japanese text in markdown: what CommonMark, written for languages that put spaces
//! between words, gets wrong about it, and tally puts right or reports.
//!
//! Owns which characters are Japanese (`chars`), the joining of lines broken inside
//! Japanese text whatever markup stands at the break (`soft_breaks`), and the finding of
//! emphasis markdown leaves as literal asterisks beside Japanese text (`literal_emphasis`).
//! It does not parse markdown (that is `parse`) nor turn what it finds into diagnostics
//! (the resolve stage does).

mod chars;
mod delimiters;
mod disputed;
mod emphasis;
mod literal_emphasis;
mod soft_breaks;

pub(crate) use emphasis::read_cjk_emphasis;
pub(crate) use literal_emphasis::{LiteralEmphasis, literal_emphasis};
pub(crate) use soft_breaks::join_soft_breaks;

#[cfg(test)]
mod emphasis_tests;
#[cfg(test)]
mod tests;
