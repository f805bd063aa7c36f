//! Each kind of problem an author can make: exit code 1, the problem's code, its place as
//! `path:line:col` and its message; all of them reported in one run, in order; and the
//! machine formats.

use crate::common;

use common::{MEASUREMENT, PNG, Run, Site};

/// Builds `site`, expecting it to fail with exactly one error, and returns the run.
#[track_caller]
fn fails_with_one_error(site: &Site, heading: &str) -> Run {
    let run = site.build();
    run.expect_code(1).expect_stderr(heading).expect_stderr("1 error(s), 0 warning(s)");
    assert!(!site.path("site").exists(), "a failed build wrote site/");
    run
}

mod links;
mod measurements;
mod pages;
mod reporting;
mod strings_and_templates;
