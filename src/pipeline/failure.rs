//! Why the pipeline gave no site, and the rule that ends it: a stage that found an error
//! stops the pipeline after it, with every problem found so far.

use crate::diagnostics::{self, Diagnostic};

/// Why a build produced no site.
#[derive(Debug)]
pub enum Failure {
    /// The site could not be read at all (exit code 2).
    CouldNotRun(anyhow::Error),
    /// The content has problems (exit code 1); all of them, sorted, warnings included.
    Problems(Vec<Diagnostic>),
}

pub(crate) fn fail_on_errors(problems: &mut Vec<Diagnostic>) -> Result<(), Failure> {
    if problems.iter().any(Diagnostic::is_error) {
        diagnostics::sort(problems);
        return Err(Failure::Problems(std::mem::take(problems)));
    }
    Ok(())
}
