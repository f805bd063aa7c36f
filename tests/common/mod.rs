//! A fixture-site builder for the integration tests: a small tally site in a temporary
//! folder, with the repository's own templates, UI strings and static files, and a way to
//! run the `tally` binary on it.
//!
//! Each helper lives in the module of its concern: the files' texts (`fixtures`), the site
//! and its commands (`site`), the binary's runs (`run`), `check --format json` problems
//! (`diagnostics`), built pages (`html`) and folders (`files`). All are re-exported here.

#![allow(dead_code, reason = "each test file uses its own share of the helpers")]

mod diagnostics;
mod files;
mod fixtures;
mod html;
mod run;
mod serve;
mod site;

// Every helper by its name alone (`common::Site`), wherever it lives: a test file names the
// few it uses, so each re-export is unused in most test crates.
#[allow(unused_imports, reason = "each test file uses its own share of the helpers")]
pub use self::{
    diagnostics::{assert_at, check_json, check_json_all, check_json_with, notes, place, untagged_places},
    files::{copy_tree, settle_all, tree},
    fixtures::{
        BASE_URL, FAMILY, MEASUREMENT, PNG, README, RUNS_YAML, SITE_YAML, family, jpeg, measurement_page,
    },
    html::{addresses, dangling_addresses, evidence_entry, script_tags},
    run::{Run, pages_made_and_reused, run_tally, version_and_commit},
    serve::{DEADLINE, Response, Serve, count_lines, get},
    site::{Site, bundled_copy, one_run_site},
};
