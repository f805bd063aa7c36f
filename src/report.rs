//! Reporting a pipeline run, the same way for every command: its problems printed in the
//! format asked for (human on stderr; json and github on stdout, for machines), and what
//! an unrunnable site said. Owns nothing of the pipeline: it prints what it is handed.

use std::io::IsTerminal as _;

use crate::diagnostics::{self, Diagnostic, Format};
use crate::pipeline::{self, Made, Options};

/// Why a run gave no site, once it has been printed.
#[derive(Debug)]
pub(crate) enum Reported {
    /// Problems in the content (exit code 1), every one of them.
    Problems(Vec<Diagnostic>),
    /// The site could not be read at all (exit code 2).
    CouldNotRun(String),
}

impl Reported {
    /// The process's exit code for this outcome.
    pub(crate) fn exit_code(&self) -> std::process::ExitCode {
        match self {
            Reported::Problems(_) => std::process::ExitCode::from(1),
            Reported::CouldNotRun(_) => std::process::ExitCode::from(2),
        }
    }
}

/// Runs the pipeline; when it gives no site, prints why. A made site's warnings are left
/// to the caller, which may print them with problems of its own (`check`).
pub(crate) fn make_or_report(
    options: &Options,
    memo: &mut pipeline::Memo,
    format: Format,
) -> Result<Made, Reported> {
    match pipeline::make_with(options, memo) {
        Ok(made) => Ok(made),
        Err(pipeline::Failure::Problems(problems)) => {
            print_problems(format, &problems);
            Err(Reported::Problems(problems))
        }
        Err(pipeline::Failure::CouldNotRun(error)) => {
            let message = format!("{error:#}");
            could_not_run(&message);
            Err(Reported::CouldNotRun(message))
        }
    }
}

/// Prints `problems` (json prints `[]` when there are none, so a machine always gets an
/// array).
pub(crate) fn print_problems(format: Format, problems: &[Diagnostic]) {
    if problems.is_empty() && format == Format::Json {
        println!("[]");
        return;
    }
    if problems.is_empty() {
        return;
    }
    let text = diagnostics::render(problems, format, color_on_stderr() && format == Format::Human);
    print_rendered(format, &text);
}

/// Whether human output is coloured: on a terminal, unless `NO_COLOR` is set.
pub(crate) fn color_on_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Prints problems already rendered in `format` where that format goes: human on stderr,
/// json and github on stdout.
pub(crate) fn print_rendered(format: Format, text: &str) {
    match format {
        Format::Human => eprint!("{text}"),
        Format::Json | Format::Github => print!("{text}"),
    }
}

/// Prints why tally could not run; the caller exits with code 2.
pub(crate) fn could_not_run(message: &str) -> std::process::ExitCode {
    eprintln!("error: {message}");
    std::process::ExitCode::from(2)
}
