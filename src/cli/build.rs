//! `tally build`: nothing when the output folder is up to date; otherwise a build that
//! takes from the last one what no edit reached, then the record and the memo for the next.
//!
//! Owns the order of a build's steps on disk: the build lock is taken, the record is read, then (unless nothing
//! changed) the memo, the site is built and committed, and the record and memo are written
//! side by side.
//! The memo is removed before the record is written, so that a memo never outlives the
//! build it belongs to. It does not build (`pipeline`) nor decide freshness
//! (`build_record`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use super::build_lock::{self, Wait};
use super::build_record::{self, Before, Listing};
use super::{Cli, check_output_folder};
use crate::diagnostics::Format;
use crate::pipeline::write::Destination;
use crate::pipeline::{Made, Memo, MemoOwner, Options};
use crate::report::{could_not_run, make_or_report, print_problems};

pub(super) fn build_command(cli: &Cli, out: PathBuf, force: bool, wait: Wait) -> ExitCode {
    if let Err(message) = check_output_folder(&cli.root, &out) {
        return could_not_run(&message);
    }
    // Held to the end: two builds of one folder at once would each take the other's
    // staging folder or half-updated site for a killed build's.
    let _lock = match build_lock::take(&cli.root, &out, wait) {
        Ok(lock) => lock,
        Err(message) => return could_not_run(&message),
    };
    // What a killed build left beside the folder goes even when nothing is built now.
    crate::pipeline::write::remove_left_over(&out);
    let timings = Timings(cli.timings);
    let memo_path = build_record::cache_files(&cli.root, &out).1;
    let started = Instant::now();
    let before = build_record::check(&cli.root, &out);
    timings.lap("read record", started);
    if !force && let Some(exit) = report_fresh(cli, &out, &before) {
        return exit;
    }
    // Read only now: reading it beside the record would slow the build that finds
    // nothing changed, the most common one.
    let started = Instant::now();
    let memo = if force { None } else { Memo::load(&memo_path) };
    let mut memo = match (last_builds_memo(&before, memo), before.changed_sources()) {
        (Some(mut memo), Some(changed)) => {
            // The record has just compared every source with the last build's: the memo
            // takes its word, as serve's takes the watcher's, instead of looking again.
            memo.only_changed(&cli.root, &changed);
            memo
        }
        (memo, _) => memo.unwrap_or_default(),
    };
    timings.lap("read memo", started);
    let options = Options {
        root: cli.root.clone(),
        destination: Destination::Folder(out.clone()),
        timings: cli.timings,
    };
    let made = match make_or_report(&options, &mut memo, cli.format) {
        Ok(made) => made,
        Err(reported) => return reported.exit_code(),
    };
    print_problems(cli.format, &made.warnings);
    let count = made.output.files.len();
    if let Err(error) = commit_and_record(made, before, &memo, &memo_path, timings) {
        return could_not_run(&format!("{error:#}"));
    }
    if cli.format == Format::Human {
        eprintln!("built {count} files into {}", out.display());
    }
    // The process ends here: freeing the memo's many small pieces one by one would only
    // make it end later.
    std::mem::forget(memo);
    ExitCode::SUCCESS
}

/// Prints what the up-to-date build gave, when the output folder is up to date.
fn report_fresh(cli: &Cli, out: &Path, before: &Before) -> Option<ExitCode> {
    let fresh = before.up_to_date()?;
    match fresh.warnings.rendered(cli.format, crate::report::color_on_stderr()) {
        Some(text) => crate::report::print_rendered(cli.format, text),
        None => print_problems(cli.format, &[]),
    }
    if cli.format == Format::Human {
        let count = fresh.files;
        let again = match fresh.warnings.count() {
            0 => String::new(),
            n => format!("; the {n} warning(s) above are its build's"),
        };
        eprintln!(
            "{} is up to date: nothing changed since it was built ({count} files){again}",
            out.display()
        );
    }
    Some(ExitCode::SUCCESS)
}

/// The memo read from disk, when it is the last build's and that build's files are still
/// in the output folder as it wrote them.
fn last_builds_memo(before: &Before, read: Option<(MemoOwner, Memo)>) -> Option<Memo> {
    let (owner, memo) = read?;
    (before.last_build()? == owner).then_some(memo)
}

/// Puts the site in place and records it, while the memo for the next build is saved
/// beside: a memo whose build is not the one recorded is never used, so it may be written
/// before the site is in place, and a failed commit only leaves one that is not used.
fn commit_and_record(
    made: Made,
    before: Before,
    memo: &Memo,
    memo_path: &Path,
    timings: Timings,
) -> anyhow::Result<()> {
    let produced: Vec<String> = made.output.files.keys().cloned().collect();
    let this_build = before.this_build();
    let _ = std::fs::remove_file(memo_path);
    let started = Instant::now();
    let (recorded, saved) = std::thread::scope(|scope| {
        let saving = scope.spawn(|| memo.save(memo_path, &this_build));
        let recorded = made.output.commit_listing_new().map(|fresh| {
            timings.lap("commit", started);
            let listing = match &fresh {
                Some(fresh) => Listing::Updated { produced: &produced, fresh },
                None => Listing::Replaced { produced: &produced },
            };
            before.record(&made.read_outside, &made.warnings, listing)
        });
        (recorded, saving.join())
    });
    timings.lap("commit, record and memo", started);
    match recorded {
        Err(error) => {
            let _ = std::fs::remove_file(memo_path);
            Err(error)
        }
        Ok(Err(error)) => {
            let _ = std::fs::remove_file(memo_path);
            eprintln!("warning: the next build cannot know it is up to date: {error:#}");
            Ok(())
        }
        Ok(Ok(())) => {
            if !matches!(saved, Ok(Ok(()))) {
                let _ = std::fs::remove_file(memo_path);
                eprintln!(
                    "warning: the next build will make every page again: cannot save {}",
                    memo_path.display()
                );
            }
            Ok(())
        }
    }
}

/// `--timings` for the steps around the pipeline's own.
#[derive(Clone, Copy)]
struct Timings(bool);

impl Timings {
    fn lap(self, step: &str, started: Instant) {
        if self.0 {
            eprintln!("timings: {step:<17} {:>6.1} ms", started.elapsed().as_secs_f64() * 1e3);
        }
    }
}
