//! Names the generator's version and commit in what it builds: TALLY_COMMIT is the short
//! git commit of the source tree, or "unknown" outside a git checkout. Also embeds the
//! invalid sites of `tests/invalid/` and their human snapshots, the examples `tally
//! explain CODE` prints, so that every example it shows is one the test suite checks.

use std::process::Command;

fn main() {
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=TALLY_COMMIT={commit}");
    // Where git keeps HEAD and the branches: in a linked worktree `.git` is a file naming
    // them elsewhere, and watching `.git/HEAD` there watched nothing, so a binary built
    // after a commit kept naming the commit before (tests/tool/generator_commit.rs).
    let git_path = |what: &str| {
        Command::new("git")
            .args(["rev-parse", "--path-format=absolute", "--git-path", what])
            .output()
            .ok()
            .filter(|out| out.status.success())
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .map(|s| std::path::PathBuf::from(s.trim()))
    };
    for what in ["HEAD", "refs/heads", "packed-refs"] {
        let path = git_path(what).unwrap_or_else(|| std::path::Path::new(".git").join(what));
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
    embed_invalid_cases();
}

/// Writes `$OUT_DIR/invalid_cases.rs`: one `InvalidCase` per folder of `tests/invalid/`,
/// with its files (symbolic links left out: they are what some cases are about, and name
/// files outside the case) and its human snapshot, when it has one yet.
fn embed_invalid_cases() {
    use std::fmt::Write as _;
    use std::path::{Path, PathBuf};
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let cases = manifest.join("tests/invalid");
    let snapshots = manifest.join("tests/snapshots");
    println!("cargo:rerun-if-changed=tests/invalid");
    println!("cargo:rerun-if-changed=tests/snapshots");
    fn files_of(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let Ok(kind) = entry.path().symlink_metadata().map(|m| m.file_type()) else { continue };
            if kind.is_dir() {
                files_of(&entry.path(), base, out);
            } else if kind.is_file() {
                let relative = entry.path().strip_prefix(base).expect("inside the case").to_path_buf();
                let relative = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                out.push((relative, entry.path()));
            }
        }
    }
    let mut names: Vec<String> = std::fs::read_dir(&cases)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut code = String::from(
        "/// The cases of tests/invalid/, made by build.rs.\nstatic INVALID_CASES: &[InvalidCase] = &[\n",
    );
    for name in names {
        let mut files = Vec::new();
        files_of(&cases.join(&name), &cases.join(&name), &mut files);
        let _ = writeln!(code, "    InvalidCase {{\n        code: {name:?},\n        files: &[");
        for (relative, path) in files {
            let _ = writeln!(
                code,
                "            ({relative:?}, include_bytes!({:?})),",
                path.display().to_string()
            );
        }
        let snapshot = snapshots.join(format!("invalid_sites__{name}__human.snap"));
        let human = if snapshot.exists() {
            format!("Some(include_str!({:?}))", snapshot.display().to_string())
        } else {
            "None".to_string()
        };
        let _ = writeln!(code, "        ],\n        human: {human},\n    }},");
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("invalid_cases.rs");
    std::fs::write(&out, code).expect("writing invalid_cases.rs");
}
