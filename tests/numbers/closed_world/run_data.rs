//! Run data read whole or refused: units through expressions, not-a-number, misspelt keys,
//! unreadable constants, percentages and units in expressions.

use super::*;

#[test]
fn units_travel_through_expressions_and_functions() {
    // Seconds declared a bit rate.
    runs_error_at("  span_rate: {is: \"span * 2\", unit: bit/s}", "figure-unit", "span * 2");
    // Seconds plus bytes.
    let error = runs_error_at("  mixed: {is: \"span + size\"}", "figure-unit", "span + size");
    assert!(error["message"].as_str().unwrap_or("").contains("a time and an amount of bytes"), "{error:#}");
    // A sum over bytes, seconds and bit/s.
    let error = runs_error_at(
        "  all: {is: \"sum(runs.t1.received)\", unit: Mbit/s}",
        "figure-unit",
        "runs.t1.received)",
    );
    assert!(error["message"].as_str().unwrap_or("").contains("different kinds"), "{error:#}");
    // Bytes counted as bits twice.
    runs_error_at(
        "  twice: {is: \"runs.t1.received.bytes * 8 / span\", unit: bit/s}",
        "figure-unit",
        "runs.t1.received.bytes * 8",
    );
}

#[test]
fn not_a_number_and_infinity_in_run_data_are_errors() {
    let site = site("Nothing stated.");
    site.file(RUNS, RUNS_YAML.replace("frames: 120", "frames: .nan"));
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert!(errors.iter().any(|e| e["line"].as_u64() == Some(6)), "{errors:#?}");
    site.file(RUNS, RUNS_YAML.replace("four: 4", "four: .inf"));
    let (run, _) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
}

/// Found by a new user: `link_rat: 1 Gbit/s` was taken as a data field, so the link-rate
/// rule silently stopped applying to the run.
#[test]
fn a_misspelt_key_of_a_run_is_an_error_not_a_data_field() {
    let site = site("It ran.");
    site.edit(RUNS, "    frames: 120\n", "    frames: 120\n    link_rat: 1 Gbit/s\n");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let error = errors.iter().find(|e| e["code"] == "runs-unknown-key").expect("a runs-unknown-key error");
    assert_eq!(error["path"], RUNS, "{error:#}");
    assert_eq!(error["line"], 7, "{error:#}");
    assert!(error["message"].as_str().unwrap_or("").contains("did you mean `link_rate`?"), "{error:#}");
}

#[test]
fn a_constant_that_cannot_be_read_is_one_error_not_one_more_where_it_is_used() {
    let site = site("The segment is [1,448]{=mss} bytes.");
    site.file(
        RUNS,
        RUNS_YAML.replace("link: 1000 bit/s}", "link: 1000 bit/s, mss: 1448 octets}")
            + "  doubled: {is: \"mss * 2\"}\n",
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1);
    let codes: Vec<&str> = errors.iter().filter_map(|e| e["code"].as_str()).collect();
    assert_eq!(codes.iter().filter(|c| !c.starts_with("untagged")).count(), 1, "{errors:#?}");
    let (line, col) = place(&site, RUNS, "1448 octets");
    let error = &errors[0];
    assert_eq!(
        (error["path"].as_str(), error["line"].as_u64(), error["col"].as_u64()),
        (Some(RUNS), Some(line), Some(col)),
        "{error:#}"
    );
}

/// Issue 12's README-only trial: a ratio of two rates declared `unit: "%"` was taken as
/// 0.8 %, so `[0.8 %]` passed for a link 80 % full. A ratio is stated ×100; a share, and a
/// count or number declared `%`, are percentages as written and are not multiplied again.
#[test]
fn a_ratio_declared_percent_is_a_hundred_times_the_ratio() {
    site("Load [80 %]{=load}, share [80 %]{=load_share}, [10 %]{=ten_percent}, [74 %]{=written_percent}.")
        .check()
        .expect_success();
    let error = one_error_at("Load [0.8 %]{=load} there.", "figure-mismatch", "0.8 %]");
    assert!(common::notes(&error).contains("would pass: [80.0 %]{=load}"), "{error:#}");
}

/// Issue 12's README-only trial: `is: "2", unit: s` made two seconds out of nothing
/// measured, and `is: "814", unit: Mbit/s` was 814 bit/s. A number written in the
/// expression with a dimensioned `unit:` is an error at the unit.
#[test]
fn a_unit_on_a_number_written_in_the_expression_is_an_error_at_the_unit() {
    let runs =
        format!("{RUNS_YAML}  links_s: {{is: \"2\", unit: s}}\n  fast: {{is: \"814\", unit: Mbit/s}}\n");
    let site = common::one_run_site(PAGE, RUNS, &runs, "It ran [4]{=four} times.");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "figure-unit").collect();
    assert_eq!(ours.len(), 2, "{errors:#?}");
    // Each at its unit's value: the needle's place and how far into it the unit stands.
    for (error, (needle, into)) in ours.iter().zip([("unit: s}", 6), ("814\", unit: Mbit/s", 12)]) {
        let (line, col) = place(&site, RUNS, needle);
        assert_eq!(error["path"], RUNS, "{error:#}");
        assert_eq!(
            (error["line"].as_u64(), error["col"].as_u64()),
            (Some(line), Some(col + into)),
            "{error:#}"
        );
        assert!(error["message"].as_str().unwrap_or("").contains("is a count"), "{error:#}");
    }
}
