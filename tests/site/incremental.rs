//! A build that reuses what the previous one made (`tally serve` keeps a [`Memo`]) makes
//! exactly what a cold build makes, after every kind of edit: a page's text or title, a
//! heading another page links to, run data, a family table, templates, UI strings,
//! settings, static files, pages added and removed, files touched and left as they were.

use crate::common;

use std::path::Path;
use std::time::{Duration, SystemTime};

use common::{Site, bundled_copy, copy_tree, run_tally, settle_all, tree};
use tally::{Destination, Memo, Options, make, make_with};

/// A file's modification time set well in the past, and apart from every other edit's, so
/// that the memo takes it as settled (as files are between saves while serving).
fn settle(path: &Path, step: u64) {
    let when = SystemTime::now() - Duration::from_secs(86_400) + Duration::from_secs(step);
    let file = std::fs::OpenOptions::new().append(true).open(path).expect("a file to settle");
    file.set_modified(when).expect("set the modification time");
}

/// What a build made, as comparable text: every file's bytes and every warning, or every
/// problem.
type Outcome = Result<(Vec<(String, Vec<u8>)>, String), String>;

fn outcome(result: Result<tally::Made, tally::Failure>) -> Outcome {
    match result {
        Ok(made) => Ok((
            made.output.files.iter().map(|(path, bytes)| (path.clone(), bytes.to_vec())).collect(),
            format!("{:?}", made.warnings),
        )),
        Err(failure) => Err(format!("{failure:?}")),
    }
}

/// One edit and the edit that undoes it, as (file, text, replacement).
const EDITS: &[(&str, &str, &str)] = &[
    (
        "content/measurements/2026-10-29-xgs136-http/index.md",
        "## What it carried",
        "## What it carried, in all",
    ),
    ("content/measurements/2026-10-29-xgs136-http/index.md", "title: \"HTTP through", "title: \"HTTP across"),
    ("content/method/index.md", "## The bench {#the-bench}", "## The bench {#bench}"),
    ("content/method/index.md", "## The tools", "## The tools we used"),
    ("content/measurements/2026-10-29-xgs136-http/runs.yaml", "  mtu: 1500 ", "  mtu: 1400 "),
    ("content/measurements/2026-10-29-xgs136-http/runs.yaml", "# Field meanings", "# What the fields mean"),
    ("content/families/xgs-136.md", "reached from the second", "reached, from the second"),
    ("content/families/xgs-136.md", "| 100 % | 3 |", "| 50 % | 3 |"),
    ("content/families/xgs-136.md", "title: \"XGS 136\"", "title: \"XGS 136 box\""),
    ("templates/base.html", "</body>", "<!-- a comment --></body>"),
    ("i18n/en.ftl", "nav-label = Site", "nav-label = The site"),
    ("site.yaml", "OPNsense on Sophos XGS: the bench", "OPNsense on Sophos XGS: a bench"),
    ("static/css/site.css", "", "/* edited */\n"),
];

/// A seeded series of edits: each step applies or undoes one of [`EDITS`], adds or
/// removes a note, or touches a file without changing it.
struct Editor {
    applied: Vec<bool>,
    state: u64,
    notes: Vec<u64>,
}

impl Editor {
    fn new(seed: u64) -> Editor {
        Editor { applied: vec![false; EDITS.len()], state: seed, notes: Vec::new() }
    }

    /// Makes step `step`'s edit, and says what it was.
    fn edit(&mut self, site: &Site, step: u64) -> String {
        self.state = self.state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let state = self.state;
        let choice = (state >> 33) as usize % (EDITS.len() + 3);
        match choice {
            i if i < EDITS.len() => {
                let (file, from, to) = EDITS[i];
                let text = site.read_source(file);
                let edited = match (self.applied[i], from.is_empty()) {
                    (false, true) => format!("{to}{text}"),
                    (true, true) => text.replacen(to, "", 1),
                    (false, false) => text.replacen(from, to, 1),
                    (true, false) => text.replacen(to, from, 1),
                };
                assert_ne!(edited, text, "edit {i} changes {file}");
                site.file(file, edited);
                settle(&site.path(file), step);
                self.applied[i] = !self.applied[i];
                format!("{} {file}", if self.applied[i] { "edited" } else { "restored" })
            }
            i if i == EDITS.len() && !self.notes.is_empty() => {
                let gone = self.notes.remove((state >> 40) as usize % self.notes.len());
                site.remove(&format!("content/notes/note-{gone}.md"));
                format!("removed note {gone}")
            }
            i if i == EDITS.len() + 1 => {
                let file = "content/measurements/2026-10-29-xgs136-http/index.ja.md";
                settle(&site.path(file), step);
                format!("touched {file}")
            }
            _ => {
                let file = format!("content/notes/note-{step}.md");
                site.file(
                    &file,
                    format!(
                        "---\ntitle: Note {step}\n---\n\nSee [the bench](../method/index.md#the-bench).\n"
                    ),
                );
                settle(&site.path(&file), step);
                self.notes.push(step);
                format!("added note {step}")
            }
        }
    }
}

#[test]
fn after_each_of_a_series_of_edits_a_build_with_the_memo_makes_what_a_cold_build_makes() {
    let site = bundled_copy();
    settle_all(site.root());
    let options =
        Options { root: site.root().to_path_buf(), destination: Destination::Memory, timings: false };
    let mut memo = Memo::default();
    assert_eq!(outcome(make_with(&options, &mut memo)), outcome(make(&options)), "the first build");
    let mut editor = Editor::new(11);
    let mut reused = 0;
    for step in 1..=40u64 {
        let what = editor.edit(&site, step);
        let with_memo = outcome(make_with(&options, &mut memo));
        reused += memo.pages_made_and_reused().1;
        let cold = outcome(make(&options));
        if with_memo != cold {
            let detail = match (&with_memo, &cold) {
                (Ok((a, _)), Ok((b, _))) => {
                    let differ: Vec<&String> =
                        a.iter().zip(b.iter()).filter(|(x, y)| x != y).map(|(x, _)| &x.0).collect();
                    format!("files differ: {differ:?} (counts {} and {})", a.len(), b.len())
                }
                _ => {
                    let short = |o: &Outcome| match o {
                        Ok((files, warnings)) => format!("{} files, warnings {warnings}", files.len()),
                        Err(problems) => problems.clone(),
                    };
                    format!("with the memo: {}\ncold: {}", short(&with_memo), short(&cold))
                }
            };
            panic!("step {step} ({what}): {detail}");
        }
    }
    // Most edits leave most of the 12 pages as they were: a memo that reused nothing
    // would pass the comparison above without being used at all.
    assert!(reused > 40 * 6, "only {reused} pages were reused over 40 builds");
}

/// Diagnostics as a build printed them, without the lines that differ between any two runs.
fn diagnostics(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| !l.starts_with("timings:") && !l.starts_with("built ")).collect()
}

/// The same series through `tally build`, run as the README runs it (from the site's
/// folder, default root): each build takes from the last one's output folder and memo on
/// disk, and leaves `site/` holding what a cold build of the same sources makes.
#[test]
fn after_each_of_a_series_of_edits_tally_build_keeps_site_as_a_cold_build_makes_it() {
    let site = bundled_copy();
    settle_all(site.root());
    run_tally(&["build"], site.root()).expect_success();
    let mut editor = Editor::new(5);
    let (mut reused, mut pages) = (0, 0);
    for step in 1..=24u64 {
        let what = editor.edit(&site, step);
        let built = run_tally(&["build", "--timings"], site.root());
        let cold = Site::new();
        for folder in ["content", "templates", "i18n", "static"] {
            std::fs::remove_dir_all(cold.path(folder)).ok();
            copy_tree(&site.path(folder), &cold.path(folder));
        }
        cold.file("site.yaml", std::fs::read(site.path("site.yaml")).expect("site.yaml"));
        let cold_built = run_tally(&["build"], cold.root());
        assert_eq!(built.code, cold_built.code, "step {step} ({what}): {built:#?}\n{cold_built:#?}");
        let (cold_lines, lines) = (diagnostics(&cold_built.stderr), diagnostics(&built.stderr));
        assert_eq!(lines, cold_lines, "step {step} ({what}): the diagnostics");
        if built.code == 0 {
            let (made, kept) = common::pages_made_and_reused(&built.stderr);
            reused += kept;
            pages += made + kept;
            assert!(
                tree(&site.path("site")) == tree(&cold.path("site")),
                "step {step} ({what}): site/ differs from a cold build's"
            );
        }
    }
    assert!(reused * 2 > pages, "only {reused} of {pages} pages were taken from the last build");
}

/// A rebuild whose figures.json would be the last one's, byte for byte, serves the last
/// one's memory again instead of a copy.
#[test]
fn a_text_edit_that_moves_no_figure_serves_the_same_figures_json() {
    let site = bundled_copy();
    settle_all(site.root());
    let options =
        Options { root: site.root().to_path_buf(), destination: Destination::Memory, timings: false };
    let mut memo = Memo::default();
    let first = make_with(&options, &mut memo).expect("the first build");
    let page = "content/measurements/2026-10-29-xgs136-http/index.md";
    site.edit(page, "That box is only the far end here", "That box is only the far end of the path here");
    memo.only_changed(site.root(), &[std::path::PathBuf::from(page)]);
    let second = make_with(&options, &mut memo).expect("the second build");
    let (before, after) = (&first.output.files["figures.json"], &second.output.files["figures.json"]);
    assert!(before == after && before.as_ptr() == after.as_ptr(), "the same bytes, not a copy");
    // Moving figures makes a new one, as a cold build would make it.
    site.edit(page, "## What it carried", "## What it carried\n");
    memo.only_changed(site.root(), &[std::path::PathBuf::from(page)]);
    let third = make_with(&options, &mut memo).expect("the third build");
    let cold = make(&options).expect("a cold build");
    assert!(third.output.files["figures.json"] == cold.output.files["figures.json"]);
    assert!(third.output.files["figures.json"] != *after);
}

/// A build that fails after writing figures.json keeps none: the next build must not take
/// lines from the figures.json before it at the failed build's places.
#[test]
fn after_a_failed_build_figures_json_is_still_a_cold_builds() {
    let site = Site::new();
    let tagged = measurement_page_with("[9,000]{=runs.close_coproc.responses.complete} responses.");
    // Pages after the edited one, enough that the last figures.json reaches past where
    // the failed build put their lines.
    for bundle in ["2026-10-29-a", "2026-10-30-b", "2026-10-31-c", "2026-11-01-d", "2026-11-02-e"] {
        site.measurement(&format!("content/measurements/{bundle}"), &tagged);
    }
    settle_all(site.root());
    let options =
        Options { root: site.root().to_path_buf(), destination: Destination::Memory, timings: false };
    let mut memo = Memo::default();
    // Held as serve holds the site it serves.
    let _served = make_with(&options, &mut memo).expect("the first build");
    let page = "content/measurements/2026-10-29-a/index.md";
    let changed = [std::path::PathBuf::from(page)];
    // One more figure moves the second page's lines, and one the data does not give fails
    // the build after figures.json is written.
    let wrong =
        " [2]{=runs.close_coproc.responses.failed} failed, [3]{=runs.close_host.responses.failed} too.";
    site.edit(page, " responses.", &format!(" responses.{wrong}"));
    memo.only_changed(site.root(), &changed);
    assert!(make_with(&options, &mut memo).is_err(), "a figure the data does not give");
    site.edit(page, wrong, "");
    memo.only_changed(site.root(), &changed);
    let after = make_with(&options, &mut memo).expect("the build after");
    let cold = make(&options).expect("a cold build");
    assert!(after.output.files["figures.json"] == cold.output.files["figures.json"]);
}

fn measurement_page_with(prose: &str) -> String {
    common::MEASUREMENT.replace("The host received most frames.", prose)
}
