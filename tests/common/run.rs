//! Running the `tally` binary: its [`Run`] (exit code, stdout, stderr) and what a test reads
//! from its output.
//!
//! Owns starting the binary and reading its output. It does not make the site it runs on
//! (that is `site`) nor read `--format json` problems (that is `diagnostics`).

use std::path::Path;
use std::process::Command;

/// The outcome of one run of the binary.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Panics with the whole output unless the exit code is `code`.
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(self.code, code, "unexpected exit code; {self:#?}");
        self
    }

    /// Panics with the whole output unless the run succeeded.
    #[track_caller]
    pub fn expect_success(&self) -> &Self {
        self.expect_code(0)
    }

    /// Panics unless stderr contains `text`.
    #[track_caller]
    pub fn expect_stderr(&self, text: &str) -> &Self {
        assert!(self.stderr.contains(text), "stderr lacks {text:?}; it is:\n{}", self.stderr);
        self
    }

    /// The lines of stderr that start a diagnostic (`error[...]` or `warning[...]`).
    pub fn diagnostic_lines(&self) -> Vec<&str> {
        self.stderr.lines().filter(|l| l.starts_with("error[") || l.starts_with("warning[")).collect()
    }
}

/// `(made, reused)` from `--timings`' line `pages (N made, M reused)` in `stderr`.
pub fn pages_made_and_reused(stderr: &str) -> (usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.contains(" made, "))
        .unwrap_or_else(|| panic!("no pages line in:\n{stderr}"));
    let inside = &line[line.find('(').expect("(") + 1..line.find(')').expect(")")];
    let numbers: Vec<usize> =
        inside.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    (numbers[0], numbers[1])
}

/// Runs the tally binary with `args` in `cwd`.
pub fn run_tally<S: AsRef<std::ffi::OsStr>>(args: &[S], cwd: &Path) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_tally"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("running tally");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// tally's version and commit as its footers name them: `("0.1.0", "abc123def456")`.
pub fn version_and_commit() -> (String, String) {
    let run = run_tally(&["--version"], Path::new(env!("CARGO_MANIFEST_DIR")));
    run.expect_success();
    // `tally 0.1.0 (abc123def456)`
    let line = run.stdout.trim();
    let rest = line.strip_prefix("tally ").expect("`tally VERSION (COMMIT)`");
    let (version, commit) = rest.split_once(" (").expect("`VERSION (COMMIT)`");
    (version.to_string(), commit.trim_end_matches(')').to_string())
}
