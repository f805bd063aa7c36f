//! `tally explain [CODE]`: what a diagnostic code means, a failing example and its fix.
//!
//! Owns the printing of an explanation and the examples, which are the invalid sites of
//! `tests/invalid/` embedded by `build.rs`: the example shown is the case's file the
//! diagnostic points at, and what tally said is the case's human snapshot, both checked by
//! `tests/numbers/invalid_sites.rs`. The explanations themselves are `crate::codes`'s; this file
//! does not decide when a code is given.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::codes::Code;

/// One folder of `tests/invalid/`: a site that gives `code`.
pub(crate) struct InvalidCase {
    /// The diagnostic code the case demonstrates (its folder's name).
    pub(crate) code: &'static str,
    /// Each file of the case, by its path inside the case (`/`-separated), and its bytes.
    pub(crate) files: &'static [(&'static str, &'static [u8])],
    /// The snapshot of `tally check --format human` run in the case, once accepted.
    pub(crate) human: Option<&'static str>,
}

include!(concat!(env!("OUT_DIR"), "/invalid_cases.rs"));

/// The case of tests/invalid/ that demonstrates `code`.
pub(crate) fn case_of(code: &str) -> Option<&'static InvalidCase> {
    INVALID_CASES.iter().find(|case| case.code == code)
}

/// `tally explain`: the list of codes; `tally explain CODE`: that code's explanation.
pub(super) fn explain_command(code: Option<&str>) -> ExitCode {
    let Some(code) = code else {
        print!("{}", list());
        return ExitCode::SUCCESS;
    };
    match crate::codes::find(code) {
        Some(found) => {
            print!("{}", explanation(found));
            ExitCode::SUCCESS
        }
        None => {
            let hint = crate::figures::did_you_mean(code, crate::codes::all().into_iter().map(|c| c.code));
            crate::report::could_not_run(&format!(
                "tally gives no diagnostic `{code}`{hint}; `tally explain` lists them all"
            ))
        }
    }
}

/// Every code, its severity and what it is about, one a line.
pub(crate) fn list() -> String {
    let codes = crate::codes::all();
    let width = codes.iter().map(|c| c.code.len()).max().unwrap_or(0);
    let mut out = String::from("The diagnostics tally gives; `tally explain CODE` explains one.\n\n");
    for code in codes {
        let _ = writeln!(out, "{:width$}  {:7}  {}", code.code, code.severity, code.summary);
    }
    out
}

/// What `code` means, the failing example of its case, what tally says of it, and the fix.
pub(crate) fn explanation(code: &Code) -> String {
    let mut out = format!("{} ({}): {}\n\n{}", code.code, code.severity, code.summary, wrapped(code.meaning));
    if let Some(case) = case_of(code.code) {
        out.push_str(&example(case));
    }
    let _ = write!(out, "\nThe fix\n\n{}", wrapped(code.fix));
    out
}

/// `text` broken into lines of at most 92 characters at spaces, as a terminal reads it.
fn wrapped(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 92 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The file of `case` that its diagnostic points at, with line numbers, and what tally said.
fn example(case: &InvalidCase) -> String {
    let mut out = format!("\nAn example (tests/invalid/{}/)\n\n", case.code);
    let output = case.human.map(said).unwrap_or_default();
    let pointed = pointed_file(case.code, &output);
    match pointed.and_then(|path| case.files.iter().find(|(p, _)| *p == path)) {
        Some((path, bytes)) => {
            let _ = writeln!(out, "{path}:");
            out.push_str(&numbered(bytes));
        }
        // The mistake is a file that is not there (a missing template, language or folder):
        // the case's files show what it does have.
        None => {
            let _ = writeln!(out, "The site holds (and lacks what the message names):");
            for (path, _) in case.files {
                let _ = writeln!(out, "    {path}");
            }
        }
    }
    if !output.is_empty() {
        let _ = write!(out, "\n`tally check` says:\n\n{output}");
    }
    out
}

/// What tally printed in a human snapshot: its stderr then its stdout, with the
/// snapshot's header and empty streams left out.
fn said(snapshot: &str) -> String {
    let body = snapshot.split_once("--- stderr ---\n").map_or("", |(_, rest)| rest);
    let (stderr, stdout) = body.split_once("--- stdout ---\n").unwrap_or((body, ""));
    [stderr, stdout]
        .iter()
        .map(|stream| stream.trim_end())
        .filter(|stream| !stream.is_empty() && *stream != "(nothing)")
        .flat_map(|stream| stream.lines())
        .map(|line| if line.is_empty() { "\n".to_string() } else { format!("    {line}\n") })
        .collect()
}

/// The file (inside the case) the first diagnostic of `code` in the output points at.
fn pointed_file(code: &str, output: &str) -> Option<String> {
    let error = format!("error[{code}]: ");
    let warning = format!("warning[{code}]: ");
    output.lines().map(str::trim_start).find_map(|line| {
        let rest = line
            .strip_prefix(&error)
            .or_else(|| line.strip_prefix(&warning))
            .or_else(|| line.strip_prefix("untagged ").filter(|_| code == "figure-untagged"))
            .or_else(|| line.strip_prefix("raw evidence ").filter(|_| code == "figure-raw-evidence"))?;
        rest.split(':').next().map(str::to_string)
    })
}

/// The text of a file with its line numbers, as the example shows it; a file that is not
/// UTF-8 (some cases are about that) shows its characters lossily.
fn numbered(bytes: &[u8]) -> String {
    if bytes.contains(&0) {
        return "    (a binary file)\n".to_string();
    }
    let text = String::from_utf8_lossy(bytes);
    let width = text.lines().count().to_string().len();
    text.lines().enumerate().map(|(i, line)| format!("    {:>width$} | {line}\n", i + 1)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_an_explanation_and_an_example_from_tests_invalid() {
        let mut problems = Vec::new();
        for code in crate::codes::all() {
            for (what, text) in [("summary", code.summary), ("meaning", code.meaning), ("fix", code.fix)] {
                if text.trim().is_empty() {
                    problems.push(format!("{}: no {what}", code.code));
                }
            }
            if !matches!(code.severity, "error" | "warning" | "note") {
                problems.push(format!("{}: severity `{}`", code.code, code.severity));
            }
            let Some(case) = case_of(code.code) else {
                problems.push(format!("{}: no case tests/invalid/{}/", code.code, code.code));
                continue;
            };
            let Some(human) = case.human else {
                problems.push(format!("{}: its case has no human snapshot yet", code.code));
                continue;
            };
            let output = said(human);
            if pointed_file(code.code, &output).is_none() {
                problems.push(format!("{}: its case's output gives no `{}`", code.code, code.code));
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn every_case_of_tests_invalid_is_a_code_tally_explains() {
        let unexplained: Vec<&str> =
            INVALID_CASES.iter().map(|c| c.code).filter(|c| crate::codes::find(c).is_none()).collect();
        assert!(unexplained.is_empty(), "cases of no code in src/codes/: {unexplained:?}");
    }

    #[test]
    fn the_codes_are_listed_once_each_in_order() {
        let names: Vec<&str> = crate::codes::all().iter().map(|c| c.code).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted);
    }

    #[test]
    fn an_explanation_shows_the_file_the_diagnostic_points_at_and_what_tally_said() {
        let text = explanation(crate::codes::find("figure-mismatch").expect("a code"));
        assert!(text.contains("content/measurements/2026-10-29-http/index.md:\n"), "{text}");
        assert!(
            text.contains("| The host received [962,827]{=runs.close_coproc.host_frames.received} frames."),
            "{text}"
        );
        assert!(
            text.contains("    error[figure-mismatch]: content/measurements/2026-10-29-http/index.md:7:20"),
            "{text}"
        );
        assert!(text.contains("The fix\n\nState the value the data gives"), "{text}");
    }
}
