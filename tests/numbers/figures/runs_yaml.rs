//! runs.yaml itself: its YAML, its keys and their types. Not: the rules of the bench.

use super::*;

#[test]
fn bad_yaml_in_runs_yaml_is_an_error_at_its_line() {
    let site = site();
    site.edit(
        RUNS,
        "    responses: {complete: 8935, failed: 1}",
        "    responses: {complete: 8935, failed: 1",
    );
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert_eq!(errors[0]["code"], "runs-yaml");
    assert_eq!(errors[0]["path"], RUNS);
    assert!(errors[0]["line"].as_u64().is_some_and(|l| l >= 9), "{:#}", errors[0]);
}

#[test]
fn an_unknown_key_in_runs_yaml_is_an_error_at_the_key() {
    let site = site();
    site.edit(RUNS, "figures:", "figuers:");
    let error = only_error(&site);
    assert_at(&error, "runs-unknown-key", &site, RUNS, "figuers:");
}

#[test]
fn a_type_error_in_runs_yaml_is_an_error_at_the_value() {
    let site = site();
    site.edit(RUNS, "seconds: 40", "seconds: [40]");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    // A figure reading `seconds` may fail in its turn; the type error is reported first.
    assert!(!errors.is_empty(), "{}", run.stdout);
    assert_at(&errors[0], "runs-type", &site, RUNS, "[40]");
    assert_eq!(errors.iter().filter(|e| e["code"] == "runs-type").count(), 1, "{}", run.stdout);
}

#[test]
fn two_letters_swapped_in_a_figures_key_are_suggested_as_the_key() {
    // A README-only trial wrote `unti:` and was told the keys a figure has, but not which
    // one it meant, while a run's key with the same slip was suggested.
    let site = site();
    site.edit(RUNS, "unit: \"%\"}", "unti: \"%\"}");
    let error = only_error(&site);
    assert_at(&error, "runs-unknown-key", &site, RUNS, "unti:");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.ends_with("did you mean `unit`?"), "{message}");
}
