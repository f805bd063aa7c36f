//! The commit a built site names (its generator line, `tally --version`) is the one the
//! binary was built from: in a linked git worktree too, where `.git` is a file and build.rs
//! once watched a `.git/HEAD` that is not there, so that a binary rebuilt after a commit
//! went on naming the commit before it in every page it built.

use std::process::Command;

#[test]
fn binary_names_the_commit_it_was_built_from() {
    let head = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string());
    // Outside a git checkout (a source archive) the binary names no commit: nothing to compare.
    let Some(head) = head.filter(|head| !head.is_empty()) else { return };
    let out = Command::new(env!("CARGO_BIN_EXE_tally")).arg("--version").output().expect("tally runs");
    let version = String::from_utf8_lossy(&out.stdout);
    assert!(version.contains(&format!("({head})")), "`tally --version` says {version:?}, but HEAD is {head}");
}
