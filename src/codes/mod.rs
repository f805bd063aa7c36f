//! Every diagnostic code tally can give, with what it means and how to fix it: the text
//! `tally explain CODE` prints (its example comes from `tests/invalid/CODE/`, see
//! `cli/explain.rs`).
//!
//! Owns the list of codes and their explanations, kept in two rooms: `figures` (figures,
//! run data, the bench's rules, plots) and `pages` (everything else a site holds). It does not decide when a code is given
//! (the stages do) nor how a diagnostic is printed (`diagnostics.rs`); it imports nothing,
//! so that every stage may name a code without reaching upward.

/// One diagnostic code and its explanation.
#[derive(Debug)]
pub(crate) struct Code {
    /// The code as diagnostics print it, e.g. `figure-mismatch`.
    pub(crate) code: &'static str,
    /// `error` (fails the command), `warning` or `note` (printed only).
    pub(crate) severity: &'static str,
    /// One line, for the list `tally explain` prints.
    pub(crate) summary: &'static str,
    /// What the rule is and why tally holds to it.
    pub(crate) meaning: &'static str,
    /// What to change so that the diagnostic goes away.
    pub(crate) fix: &'static str,
}

mod figures;
mod pages;

/// The code named `code`, if tally has one of that name.
pub(crate) fn find(code: &str) -> Option<&'static Code> {
    figures::CODES.iter().chain(pages::CODES).find(|c| c.code == code)
}

/// Every code, sorted by name.
pub(crate) fn all() -> Vec<&'static Code> {
    let mut all: Vec<&'static Code> = figures::CODES.iter().chain(pages::CODES).collect();
    all.sort_by_key(|c| c.code);
    all
}
