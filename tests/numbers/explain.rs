//! `tally explain`: every diagnostic code the tests see is one tally explains. The codes
//! are read from the tests themselves (what they assert a run gives, and every snapshot),
//! so that a test of a new code fails here until the code has its explanation and its case
//! in `tests/invalid/`.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::run_tally;

/// The codes that the tests' assertions and snapshots name (see [`codes_named`]) and the
/// case folders of `tests/invalid/`.
fn codes_in_the_tests() -> BTreeSet<String> {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut codes = BTreeSet::new();
    for entry in walkdir::WalkDir::new(&tests).sort_by_file_name() {
        let entry = entry.expect("walking tests/");
        let path = entry.path();
        let is_test = path.extension().is_some_and(|e| e == "rs" || e == "snap");
        if !is_test || path.starts_with(tests.join("invalid")) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        codes.extend(codes_named(&text));
    }
    // Written in a test as the form of a heading, `error[code]: place: message`.
    codes.remove("code");
    let cases = std::fs::read_dir(tests.join("invalid")).expect("tests/invalid");
    codes.extend(
        cases
            .map(|e| e.expect("an entry"))
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().into_string().expect("a UTF-8 name")),
    );
    codes
}

/// Each code `text` names after one of the forms a diagnostic's code is printed or
/// asserted in, up to the character that closes it.
fn codes_named(text: &str) -> Vec<String> {
    const FORMS: [(&str, char); 7] = [
        ("error[", ']'),
        ("warning[", ']'),
        ("\"code\": \"", '"'),
        ("\"code\":\"", '"'),
        ("[\"code\"] == \"", '"'),
        ("[\"code\"], \"", '"'),
        ("::[", ']'),
    ];
    let mut codes = Vec::new();
    for (opening, closing) in FORMS {
        for (at, _) in text.match_indices(opening) {
            let rest = &text[at + opening.len()..];
            let end = rest.find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
            if let Some(end) = end.filter(|end| *end > 0 && rest[*end..].starts_with(closing)) {
                codes.push(rest[..end].to_string());
            }
        }
    }
    codes
}

/// The codes `tally explain` lists, the first word of each line after its heading.
fn listed_codes() -> BTreeSet<String> {
    let run = run_tally(&["explain"], Path::new(env!("CARGO_MANIFEST_DIR")));
    run.expect_success();
    run.stdout.lines().skip(2).filter_map(|l| l.split_whitespace().next()).map(String::from).collect()
}

#[test]
fn every_code_the_tests_see_is_listed_by_tally_explain() {
    let seen = codes_in_the_tests();
    assert!(seen.len() >= 70, "found only {} codes in the tests: {seen:?}", seen.len());
    let listed = listed_codes();
    let unlisted: Vec<&String> = seen.difference(&listed).collect();
    assert!(unlisted.is_empty(), "codes the tests see that `tally explain` does not list: {unlisted:?}");
}

#[test]
fn tally_explain_code_prints_what_it_means_its_example_and_its_fix() {
    let run = run_tally(&["explain", "broken-link"], Path::new(env!("CARGO_MANIFEST_DIR")));
    run.expect_success();
    let out = &run.stdout;
    assert!(out.starts_with("broken-link (error): "), "{out}");
    assert!(out.contains("An example (tests/invalid/broken-link/)\n\ncontent/index.md:\n"), "{out}");
    assert!(
        out.contains("    error[broken-link]: content/index.md:5:6: `method.md` is not a page of this site"),
        "{out}"
    );
    assert!(out.contains("The fix\n\n"), "{out}");
}

#[test]
fn tally_explain_of_no_code_fails_and_names_the_nearest() {
    let run = run_tally(&["explain", "broken-lnk"], Path::new(env!("CARGO_MANIFEST_DIR")));
    run.expect_code(2).expect_stderr("tally gives no diagnostic `broken-lnk`; did you mean `broken-link`?");
}

#[test]
fn every_diagnostic_ends_with_the_command_that_explains_it() {
    let snapshots = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&snapshots).expect("tests/snapshots") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        if !(name.starts_with("invalid_sites__") && name.ends_with("__human.snap")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a snapshot");
        let heads = text.lines().filter(|l| l.starts_with("error[") || l.starts_with("warning[")).count();
        let hints = text.lines().filter(|l| l.starts_with("help: run `tally explain ")).count();
        if heads != hints {
            missing.push(format!("{name}: {heads} diagnostic(s), {hints} hint(s)"));
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}
