//! Every message tally can give an author, in one place: each folder under `tests/invalid/`
//! is a small site that demonstrates one diagnostic code (the folder's name). Each is copied
//! to a temporary folder and checked there the way an author runs it (`tally check` in the
//! site's folder, no `--root`), in each output format; the exit code and everything tally
//! printed are compared with the snapshots in `tests/snapshots/`.
//!
//! See `tests/invalid/README.md` for how to add a case and review its snapshots.

use crate::common;

use std::path::{Path, PathBuf};

use common::{Run, run_tally, version_and_commit};

/// The folder of cases, relative to the repository.
const CASES: &str = "tests/invalid";

/// Folders a case takes from the repository unless it has its own.
const SHARED_FOLDERS: [&str; 3] = ["templates", "static", "i18n"];

/// A file of a case that is not part of its site: extra arguments for `tally check`, one a
/// line (e.g. `--against` and a figures.json of the case).
const CHECK_ARGS: &str = "check-args.txt";

/// A file of a case that is not part of its site: paths (one a line) at which the copy gets
/// a named pipe, which git cannot hold (`special-file`).
const NAMED_PIPES: &str = "named-pipes.txt";

/// The output formats, by their `--format` value.
const FORMATS: [&str; 3] = ["human", "json", "github"];

/// Each case folder's name, sorted.
fn case_names() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(CASES);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry"))
        .filter(|entry| entry.file_type().expect("a file type").is_dir())
        .map(|entry| entry.file_name().into_string().expect("a UTF-8 case name"))
        .collect();
    names.sort();
    names
}

/// A case copied into a temporary folder, completed with the repository's shared folders.
struct CaseSite {
    /// Holds the site; removed when dropped.
    _holder: tempfile::TempDir,
    root: PathBuf,
    extra_args: Vec<String>,
}

impl CaseSite {
    fn new(name: &str) -> CaseSite {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
        let case = repository.join(CASES).join(name);
        let holder = tempfile::tempdir().expect("a temporary folder");
        // Named after the case, so that a message naming the site's folder says which one.
        let root = holder.path().canonicalize().expect("the temporary folder's path").join(name);
        copy_case(&case, &root);
        for folder in SHARED_FOLDERS {
            if !case.join(folder).exists() {
                common::copy_tree(&repository.join(folder), &root.join(folder));
            }
        }
        if let Ok(pipes) = std::fs::read_to_string(case.join(NAMED_PIPES)) {
            for pipe in pipes.lines().map(str::trim).filter(|l| !l.is_empty()) {
                make_named_pipe(&root.join(pipe));
            }
        }
        let extra_args = match std::fs::read_to_string(case.join(CHECK_ARGS)) {
            Ok(text) => text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect(),
            Err(_) => Vec::new(),
        };
        CaseSite { _holder: holder, root, extra_args }
    }

    /// `tally check --format FORMAT [extra args]`, run in the site's folder.
    fn check(&self, format: &str) -> (Vec<String>, Run) {
        let mut args: Vec<String> = vec!["check".into(), "--format".into(), format.into()];
        args.extend(self.extra_args.iter().cloned());
        let run = run_tally(&args, &self.root);
        (args, run)
    }
}

/// Copies a case folder (files and symbolic links, which some cases are about) except
/// [`CHECK_ARGS`].
fn copy_case(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from).sort_by_file_name() {
        let entry = entry.expect("walking a case");
        let relative = entry.path().strip_prefix(from).expect("inside the case");
        if relative == Path::new(CHECK_ARGS) || relative == Path::new(NAMED_PIPES) {
            continue;
        }
        let target = to.join(relative);
        let kind = entry.file_type();
        if kind.is_dir() {
            std::fs::create_dir_all(&target).expect("a folder");
        } else if kind.is_symlink() {
            let link = std::fs::read_link(entry.path()).expect("a symbolic link's target");
            make_symlink(&link, &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

#[cfg(unix)]
fn make_symlink(link: &Path, at: &Path) {
    std::os::unix::fs::symlink(link, at).expect("a symbolic link");
}

#[cfg(unix)]
fn make_named_pipe(at: &Path) {
    let made = std::process::Command::new("mkfifo").arg(at).status().expect("running mkfifo");
    assert!(made.success(), "mkfifo {}", at.display());
}

#[cfg(not(unix))]
fn make_named_pipe(at: &Path) {
    panic!("{} is a named pipe; these cases need a Unix system", at.display());
}

#[cfg(not(unix))]
fn make_symlink(_link: &Path, at: &Path) {
    panic!("{} is a symbolic link; these cases need a Unix system", at.display());
}

/// What a reader of the snapshot sees: the command, its exit code and both streams, with
/// the temporary folder and tally's version and commit replaced by stable names.
fn transcript(args: &[String], run: &Run, site: &Path, version: &(String, String)) -> String {
    let redact = |text: &str| {
        let mut text = text.replace(&site.display().to_string(), "[site]");
        if let Some(holder) = site.parent() {
            text = text.replace(&holder.display().to_string(), "[temp]");
        }
        let (tally_version, commit) = version;
        text = text.replace(&format!("tally {tally_version}"), "tally [version]");
        // Outside a git checkout the commit is "unknown", a word messages use too.
        if commit.len() >= 7 && commit.chars().all(|c| c.is_ascii_hexdigit()) {
            text = text.replace(commit.as_str(), "[commit]");
        }
        text
    };
    let stream = |text: &str| if text.is_empty() { "(nothing)\n".to_string() } else { redact(text) };
    format!(
        "$ tally {}\nexit code: {}\n\n--- stderr ---\n{}\n--- stdout ---\n{}",
        args.join(" "),
        run.code,
        stream(&run.stderr),
        stream(&run.stdout)
    )
}

/// Every diagnostic of a `--format json` run, as (code, severity).
fn json_diagnostics(run: &Run) -> Vec<(String, String)> {
    let all: serde_json::Value =
        serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {run:#?}"));
    all.as_array()
        .expect("a JSON array")
        .iter()
        .map(|d| {
            let text = |key: &str| d[key].as_str().unwrap_or_default().to_string();
            (text("code"), text("severity"))
        })
        .collect()
}

/// Whether the output of `run` in `format` names a diagnostic with `code`.
fn names_code(format: &str, run: &Run, code: &str) -> bool {
    match format {
        // Untagged numbers (`figure-untagged` notes) are listed under the coverage lines.
        "human" if code == "figure-untagged" => run.stdout.lines().any(|l| l.starts_with("  untagged ")),
        // Each page's raw evidence (`figure-raw-evidence` notes) is a line of its own.
        "human" if code == "figure-raw-evidence" => {
            run.stdout.lines().any(|l| l.starts_with("raw evidence "))
        }
        "human" => run.diagnostic_lines().iter().any(|l| {
            l.starts_with(&format!("error[{code}]:")) || l.starts_with(&format!("warning[{code}]:"))
        }),
        "json" => json_diagnostics(run).iter().any(|(c, _)| c == code),
        "github" => run.stdout.lines().any(|l| {
            (l.starts_with("::error ") || l.starts_with("::warning ") || l.starts_with("::notice "))
                && l.contains(&format!("::[{code}] "))
        }),
        other => panic!("unknown format {other}"),
    }
}

/// Checks one case in every format against its snapshots.
fn check_case(name: &str, version: &(String, String)) {
    let site = CaseSite::new(name);
    let runs = FORMATS.map(|format| (format, site.check(format)));
    // Which exit code the case must give: 0 when its own diagnostic is a warning (the site
    // must then be valid otherwise), 1 when it is an error.
    let json_run = &runs.iter().find(|(format, _)| *format == "json").expect("a JSON run").1.1;
    let diagnostics = json_diagnostics(json_run);
    let own: Vec<&String> = diagnostics.iter().filter(|(c, _)| c == name).map(|(_, s)| s).collect();
    assert!(!own.is_empty(), "case {name} does not give `{name}`: {json_run:#?}");
    // A warning or a note (an untagged number) never fails the check.
    let is_warning_case = own.iter().all(|s| *s == "warning" || *s == "note");
    if is_warning_case {
        assert!(
            diagnostics.iter().all(|(_, s)| s == "warning" || s == "note"),
            "case {name} demonstrates a warning but also gives errors: {json_run:#?}"
        );
    }
    let expected_code = if is_warning_case { 0 } else { 1 };
    for (format, (args, run)) in &runs {
        assert_eq!(run.code, expected_code, "case {name}, --format {format}: {run:#?}");
        assert!(names_code(format, run, name), "case {name}, --format {format} lacks `{name}`: {run:#?}");
        insta::with_settings!({
            description => format!("tests/invalid/{name}, checked with --format {format}"),
            omit_expression => true,
            snapshot_path => "../snapshots",
            prepend_module_to_snapshot => false,
        }, {
            insta::assert_snapshot!(format!("invalid_sites__{name}__{format}"), transcript(args, run, &site.root, version));
        });
    }
}

#[test]
fn every_invalid_site_gives_its_own_code_and_the_snapshotted_output_in_every_format() {
    let names = case_names();
    assert!(!names.is_empty(), "no case under {CASES}");
    let version = version_and_commit();
    // Every case is checked even when one fails, so that one run lists all that differ.
    let failed: Vec<&String> = names
        .iter()
        .filter(|name| std::panic::catch_unwind(|| check_case(name, &version)).is_err())
        .collect();
    assert!(failed.is_empty(), "{} of {} cases failed: {failed:?}", failed.len(), names.len());
}

#[test]
fn every_snapshot_of_an_invalid_site_belongs_to_a_case_and_a_format() {
    let expected: Vec<String> = case_names()
        .iter()
        .flat_map(|name| FORMATS.map(|format| format!("invalid_sites__{name}__{format}.snap")))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let stale: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").file_name().into_string().expect("a UTF-8 name"))
        .filter(|file| file.starts_with("invalid_sites__") && file.ends_with(".snap"))
        .filter(|file| !expected.contains(file))
        .collect();
    assert!(stale.is_empty(), "snapshots of no case (renamed or removed?); delete them: {stale:?}");
}
