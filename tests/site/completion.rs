//! Completion, end to end through the binary: each appliance's figure computed from the
//! table on its family page (Σ(done × weight) ÷ Σ weight, struck values never counting),
//! stated alike on the family page, its translation, the home page and README's block.

use crate::common;

use common::{Site, assert_at, check_json, notes, place};
use serde_json::Value;

const FAMILY: &str = "content/families/xgs-136.md";
const FAMILY_JA: &str = "content/families/xgs-136.ja.md";
const HOME: &str = "content/index.md";

/// (100 × 5 + 60 × 2 + 0 × 3) ÷ 10 = 62 %; the struck 40 % would make it 58 %. The weights
/// add up to 10, not 100.
const FAMILY_PAGE: &str = "---
title: XGS 136
kind: family
appliances: [xgs-136]
---

Completion: [62 %]{=completion}.

## Done and not done

| piece of work | done | weight |
|---|---|---|
| HTTP up to a gigabit | 100 % | 5 |
| iperf3 streams, corrected on 2026-10-30 | ~~40 %~~ 60 % | 2 |
| above a gigabit | 0 % | 3 |
";

/// Its translation; `{hash}` becomes the original's content hash.
const FAMILY_PAGE_JA: &str = "---
title: XGS 136
kind: family
appliances: [xgs-136]
translates: {hash}
---

完成度：[62 %]{=completion}。

## 済んだこと、残っていること

| 作業 | 完了 | 重み |
|---|---|---|
| ギガビットまでの HTTP | 100 % | 5 |
| iperf3 のストリーム、2026-10-30 に訂正 | ~~40 %~~ 60 % | 2 |
| ギガビットを超える領域 | 0 % | 3 |
";

const HOME_PAGE: &str = "---
title: Home
---

The XGS 136 is [62 %]{=families/xgs-136.completion} done.
";

/// The README block for 62 %: round(0.62 × 20) = 12 of 20 cells filled.
const BLOCK_62: &str = "\n- `████████████░░░░░░░░` 62 % [XGS 136](content/families/xgs-136.md)\n";

/// README with text around the block that `tally readme` must leave alone byte for byte:
/// CRLF line ends, trailing spaces, no newline at the very end.
fn readme(block: &str) -> String {
    format!(
        "# Bench\r\n\r\nIntro with trailing spaces.  \r\n\n<!-- tally:completion -->{block}<!-- /tally:completion -->\n\nAfter the block.\tTabbed.\n\n<!-- tally:completion is mentioned here too -->"
    )
}

/// A site with the family page in both languages, a home page stating the completion and a
/// current README.
fn site() -> Site {
    let site = Site::new();
    site.file(FAMILY, FAMILY_PAGE);
    let hash = site.hash(FAMILY);
    site.file(FAMILY_JA, FAMILY_PAGE_JA.replace("{hash}", &hash));
    site.file(HOME, HOME_PAGE);
    site.file("README.md", readme(BLOCK_62));
    site
}

/// Records the original's current hash in the translation, keeping its text.
fn retranslate(site: &Site) {
    let hash = site.hash(FAMILY);
    let text = site.read_source(FAMILY_JA);
    let old = text.lines().find(|l| l.starts_with("translates: ")).expect("translates:").to_string();
    site.file(FAMILY_JA, text.replacen(&old, &format!("translates: {hash}"), 1));
}

/// The errors with `code`, from a run that must fail.
#[track_caller]
fn errors_with(site: &Site, code: &str) -> Vec<Value> {
    let (run, errors) = check_json(site);
    run.expect_code(1);
    let found: Vec<Value> = errors.into_iter().filter(|e| e["code"] == code).collect();
    assert!(!found.is_empty(), "no {code} error: {}", run.stdout);
    found
}

#[test]
fn the_fixture_site_passes_check_and_builds() {
    let site = site();
    let run = site.check();
    run.expect_success();
    assert!(!run.stderr.contains("error["), "{}", run.stderr);
    site.build().expect_success();
    let html = site.read("families/xgs-136/index.html");
    assert!(html.contains("value=\"62\""), "{html}");
}

#[test]
fn the_family_pages_completion_is_the_weighted_mean_of_done_over_the_sum_of_weights() {
    let site = site();
    site.edit(FAMILY, "[62 %]", "[63 %]");
    retranslate(&site);
    let errors = errors_with(&site, "figure-mismatch");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_at(&errors[0], "figure-mismatch", &site, FAMILY, "63 %]");
    assert!(notes(&errors[0]).contains("620 ÷ 10"), "{:#}", errors[0]);
    assert!(notes(&errors[0]).contains("would pass: [62 %]{=completion}"), "{:#}", errors[0]);
}

#[test]
fn weights_that_do_not_add_up_to_100_are_divided_by_their_sum() {
    let site = Site::new();
    // (100 × 1 + 0 × 2) ÷ 3 = 33.3 %
    site.file(
        FAMILY,
        "---\ntitle: XGS 136\nkind: family\n---\n\n[33.3 %]{=completion}\n\n| work | done | weight |\n|---|---|---|\n| a | 100 % | 1 |\n| b | 0 % | 2 |\n",
    );
    site.build().expect_success();
    site.edit(FAMILY, "[33.3 %]", "[50.0 %]");
    let errors = errors_with(&site, "figure-mismatch");
    assert!(notes(&errors[0]).contains("would pass: [33.3 %]"), "{:#}", errors[0]);
}

#[test]
fn a_table_with_one_row_completes_as_far_as_that_row() {
    let site = Site::new();
    site.file(
        FAMILY,
        "---\ntitle: XGS 136\nkind: family\n---\n\n[45 %]{=completion}\n\n| work | done | weight |\n|---|---|---|\n| all of it | 45 % | 7 |\n",
    );
    site.build().expect_success();
}

#[test]
fn a_struck_done_value_never_counts_only_the_live_one_after_it() {
    let site = site();
    // Striking the other way round makes the live value 40 %: (500 + 80) ÷ 10 = 58 %.
    site.edit(FAMILY, "~~40 %~~ 60 %", "~~60 %~~ 40 %");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    let mismatch: Vec<&Value> = errors.iter().filter(|e| e["code"] == "figure-mismatch").collect();
    assert!(!mismatch.is_empty(), "{}", run.stdout);
    assert!(mismatch.iter().all(|e| notes(e).contains("would pass: [58 %]")), "{}", run.stdout);
}

#[test]
fn a_row_with_no_live_done_value_is_an_error_at_its_cell() {
    let site = site();
    site.edit(FAMILY, "~~40 %~~ 60 %", "~~40 %~~");
    let errors = errors_with(&site, "family-table");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["path"], FAMILY);
    assert_eq!(errors[0]["line"].as_u64(), Some(place(&site, FAMILY, "~~40 %~~").0), "{:#}", errors[0]);
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("no live done value"), "{:#}", errors[0]);
}

/// Found in issue 12: a table cell that cannot be read left the completion unknown, so every
/// `{=completion}` stating it (the family page, its translation, the home page) gave a
/// second error, `figure-unknown`, for the same mistake. The cell's error is the one.
#[test]
fn an_unreadable_table_cell_is_the_only_error_not_every_tag_stating_the_completion() {
    let site = site();
    // Both languages' tables, so that they still state the same numbers.
    site.edit(FAMILY, "| 0 % | 3 |", "| soon | 3 |");
    site.edit(FAMILY_JA, "| 0 % | 3 |", "| soon | 3 |");
    retranslate(&site);
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    for (error, page) in errors.iter().zip([FAMILY_JA, FAMILY]) {
        // At the cell, which starts after its `|`.
        let (line, col) = place(&site, page, "| soon |");
        assert_eq!(error["code"], "family-table", "{error:#}");
        assert_eq!(error["path"], page, "{error:#}");
        assert_eq!((error["line"].as_u64(), error["col"].as_u64()), (Some(line), Some(col + 1)), "{error:#}");
    }
    // The same for `tally build`, in human output.
    let run = site.build();
    run.expect_code(1);
    assert_eq!(run.diagnostic_lines().len(), 2, "{}", run.stderr);
}

#[test]
fn a_weight_of_zero_is_an_error_at_its_cell() {
    let site = site();
    site.edit(FAMILY, "| 0 % | 3 |", "| 0 % | 0 |");
    let errors = errors_with(&site, "family-table");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["line"].as_u64(), Some(place(&site, FAMILY, "| 0 % | 0 |").0), "{:#}", errors[0]);
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("positive"), "{:#}", errors[0]);
}

#[test]
fn a_done_of_120_percent_is_an_error_at_its_cell() {
    let site = site();
    site.edit(FAMILY, "| 100 % | 5 |", "| 120 % | 5 |");
    let errors = errors_with(&site, "family-table");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    // Placed at the cell (which starts after its `|`).
    let (line, col) = place(&site, FAMILY, "| 120 % | 5 |");
    assert_eq!(errors[0]["line"].as_u64(), Some(line), "{:#}", errors[0]);
    assert!(errors[0]["col"].as_u64().is_some_and(|c| c == col + 1 || c == col + 2), "{:#}", errors[0]);
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("120"), "{:#}", errors[0]);
}

#[test]
fn a_weight_that_is_not_a_number_is_an_error_at_its_cell() {
    let site = site();
    site.edit(FAMILY, "| 0 % | 3 |", "| 0 % | heavy |");
    let errors = errors_with(&site, "family-table");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["line"].as_u64(), Some(place(&site, FAMILY, "heavy").0), "{:#}", errors[0]);
}

#[test]
fn the_japanese_family_pages_table_must_give_the_same_completion() {
    let site = site();
    site.edit(FAMILY_JA, "| 100 % | 5 |", "| 100 % | 4 |");
    let errors = errors_with(&site, "completion-mismatch");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["path"], FAMILY_JA);
    // At the row whose weight differs, not at the page's first line.
    let (line, col) = place(&site, FAMILY_JA, "100 % | 4 |");
    assert_eq!(
        (errors[0]["line"].as_u64(), errors[0]["col"].as_u64()),
        (Some(line), Some(col)),
        "{:#}",
        errors[0]
    );
    let message = errors[0]["message"].as_str().unwrap_or("");
    // (400 + 120) ÷ 9 = 57.78 % against 62 %.
    assert!(message.contains("57.78") && message.contains("62.00"), "{message}");
}

#[test]
fn the_japanese_family_page_stating_another_completion_fails_at_its_place() {
    let site = site();
    site.edit(FAMILY_JA, "[62 %]", "[61 %]");
    let errors = errors_with(&site, "figure-mismatch");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_at(&errors[0], "figure-mismatch", &site, FAMILY_JA, "61 %]");
}

#[test]
fn the_home_page_stating_a_familys_completion_is_checked() {
    let site = site();
    site.edit(HOME, "[62 %]", "[64 %]");
    let errors = errors_with(&site, "figure-mismatch");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_at(&errors[0], "figure-mismatch", &site, HOME, "64 %]");
    assert!(
        notes(&errors[0]).contains("would pass: [62 %]{=families/xgs-136.completion}"),
        "{:#}",
        errors[0]
    );
    site.build().expect_code(1).expect_stderr("error[figure-mismatch]");
}

#[test]
fn a_page_naming_a_family_that_does_not_exist_is_an_error_at_the_name() {
    let site = site();
    site.edit(HOME, "families/xgs-136.completion", "families/xgs-999.completion");
    let errors = errors_with(&site, "figure-unknown");
    assert_at(&errors[0], "figure-unknown", &site, HOME, "families/xgs-999.completion");
}

#[test]
fn a_bare_completion_tag_outside_a_family_page_is_an_error() {
    let site = site();
    site.edit(HOME, "{=families/xgs-136.completion}", "{=completion}");
    let errors = errors_with(&site, "figure-unknown");
    assert_at(&errors[0], "figure-unknown", &site, HOME, "completion}");
}

#[test]
fn the_appliance_index_states_each_appliances_completion_as_the_home_page_does() {
    let site = site();
    site.remove(HOME);
    site.build().expect_success();
    let home = site.read("index.html");
    assert!(home.contains("<span class=\"completion\">62 %"), "{home}");
    let ja_home = site.read("ja/index.html");
    assert!(ja_home.contains("<span class=\"completion\">62 %"), "{ja_home}");
}

#[test]
fn the_appliance_index_shows_each_appliances_completion() {
    let site = site();
    site.build().expect_success();
    for page in ["appliances/index.html", "ja/appliances/index.html"] {
        let html = site.read(page);
        assert!(html.contains("<span class=\"completion\">62 %"), "{page}: {html}");
    }
}

// README's block.

#[test]
fn tally_readme_writes_the_block_idempotently_leaving_every_other_byte_of_readme_as_it_was() {
    let site = site();
    site.file("README.md", readme("\n- stale line\n"));
    site.check().expect_code(1);
    let run = site.tally(&["readme"]);
    run.expect_success();
    let written = std::fs::read(site.path("README.md")).expect("README.md");
    assert_eq!(written, readme(BLOCK_62).into_bytes(), "{}", String::from_utf8_lossy(&written));
    site.tally(&["readme"]).expect_success();
    assert_eq!(std::fs::read(site.path("README.md")).expect("README.md"), written, "a second run changed it");
    site.check().expect_success();
}

#[test]
fn tally_readme_follows_the_family_table_when_it_changes() {
    let site = site();
    // (500 + 120 + 300) ÷ 10 = 92 %: 18 of 20 cells.
    for page in [FAMILY, FAMILY_JA] {
        site.edit(page, "| 0 % | 3 |", "| 100 % | 3 |");
        site.edit(page, "[62 %]", "[92 %]");
    }
    site.edit(HOME, "[62 %]", "[92 %]");
    retranslate(&site);
    site.tally(&["readme"]).expect_success();
    let text = site.read_source("README.md");
    assert!(
        text.contains("\n- `██████████████████░░` 92 % [XGS 136](content/families/xgs-136.md)\n"),
        "{text}"
    );
}

#[test]
fn check_fails_when_the_readme_block_is_stale_and_says_to_run_tally_readme() {
    let site = site();
    site.file("README.md", readme(&BLOCK_62.replace("62 %", "61 %")));
    let errors = errors_with(&site, "readme-completion");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["path"], "README.md");
    assert_eq!(errors[0]["line"].as_u64(), Some(place(&site, "README.md", "<!-- tally:completion -->").0));
    assert!(notes(&errors[0]).contains("tally readme"), "{:#}", errors[0]);
    site.check().expect_code(1).expect_stderr("error[readme-completion]: README.md:");
}

#[test]
fn check_fails_when_readme_has_no_markers_and_says_how_to_fix_it() {
    let site = site();
    site.file("README.md", "# Bench\n\nNo block here.\n");
    let errors = errors_with(&site, "readme-completion");
    let message = errors[0]["message"].as_str().unwrap_or("");
    assert!(message.contains("<!-- tally:completion -->"), "{message}");
    assert!(message.contains("<!-- /tally:completion -->"), "{message}");
    assert!(message.contains("tally readme"), "{message}");
}

#[test]
fn tally_readme_without_markers_fails_with_the_fix_and_leaves_readme_alone() {
    let site = site();
    site.file("README.md", "# Bench\n\nNo block here.\n");
    let run = site.tally(&["readme"]);
    run.expect_code(1).expect_stderr("<!-- tally:completion -->").expect_stderr("tally readme");
    assert_eq!(site.read_source("README.md"), "# Bench\n\nNo block here.\n");
}

/// A user trial: a site without README.md was told only `cannot read README.md`, and
/// `tally readme` could not run at all. README.md is one of a site's files (it holds the
/// completion block): both say so and give the two lines to write.
#[test]
fn a_site_without_readme_is_told_the_two_marker_lines_to_write() {
    let site = site();
    site.remove("README.md");
    let errors = errors_with(&site, "readme-completion");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let notes = notes(&errors[0]);
    assert!(notes.contains("`<!-- tally:completion -->`"), "{:#}", errors[0]);
    assert!(notes.contains("`<!-- /tally:completion -->`"), "{:#}", errors[0]);
    assert!(notes.contains("tally readme"), "{:#}", errors[0]);
    let run = site.tally(&["readme"]);
    run.expect_code(1).expect_stderr("error[readme-completion]").expect_stderr("<!-- /tally:completion -->");
    assert!(!site.path("README.md").exists(), "tally readme writes no README of its own");
    site.file("README.md", "# Bench\n\n<!-- tally:completion -->\n<!-- /tally:completion -->\n");
    site.tally(&["readme"]).expect_success();
    site.check().expect_success();
}

#[test]
fn tally_readme_refuses_to_write_while_a_family_table_has_errors() {
    let site = site();
    site.file("README.md", readme("\n- stale line\n"));
    site.edit(FAMILY, "| 100 % | 5 |", "| 120 % | 5 |");
    site.tally(&["readme"]).expect_code(1).expect_stderr("error[family-table]");
    assert_eq!(site.read_source("README.md"), readme("\n- stale line\n"));
}

// Issue 25: a done cell is read as a reader reads it.

/// Edits both languages' tables alike (so that they still state the same numbers) and
/// returns the `family-table` errors, one per language.
#[track_caller]
fn cell_errors(site: &Site, from: &str, to: &str) -> Vec<Value> {
    for page in [FAMILY, FAMILY_JA] {
        site.edit(page, from, to);
    }
    retranslate(site);
    let errors = errors_with(site, "family-table");
    assert_eq!(errors.len(), 2, "{errors:#?}");
    for (error, page) in errors.iter().zip([FAMILY_JA, FAMILY]) {
        assert_eq!(error["path"], page, "{error:#}");
        let (line, col) = place(site, page, to);
        assert_eq!(error["line"].as_u64(), Some(line), "{error:#}");
        assert!(error["col"].as_u64().is_some_and(|c| c + 2 >= col && c <= col + 1), "{error:#}");
    }
    errors
}

/// `1/2` read as its last number counted 2 %; a reader reads a half.
#[test]
fn a_fraction_in_a_done_cell_is_an_error_at_the_cell_saying_what_to_write() {
    let site = site();
    let errors = cell_errors(&site, "| 100 % | 5 |", "| 1/2 | 5 |");
    let text = format!("{} {}", errors[0]["message"], notes(&errors[0]));
    assert!(text.contains("`1/2`") && text.contains("one number"), "{text}");
    assert!(text.contains("~~40 %~~ 60 %"), "says how an earlier value is written: {text}");
}

/// `40–60 %` counted 60 %: a range is not a value reached.
#[test]
fn a_range_in_a_done_cell_is_an_error_at_the_cell() {
    let site = site();
    let errors = cell_errors(&site, "~~40 %~~ 60 %", "40–60 %");
    let message = errors[0]["message"].as_str().unwrap_or("");
    assert!(message.contains("`40–60 %`"), "{message}");
}

/// A `<del>` strikes a value for a reader as `~~…~~` does: struck, it never counts.
#[test]
fn a_value_struck_with_del_does_not_count() {
    let site = site();
    let errors = cell_errors(&site, "| 0 % | 3 |", "| <del>100 %</del> | 3 |");
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("no live done value"), "{:#}", errors[0]);
    // A live value beside it is the one that counts, whichever side it stands on:
    // (500 + 120 + 0) ÷ 10 = 62 % still, not (500 + 120 + 300) ÷ 10.
    for page in [FAMILY, FAMILY_JA] {
        site.edit(page, "| <del>100 %</del> | 3 |", "| 0 % <s>100 %</s> | 3 |");
    }
    retranslate(&site);
    let run = site.check();
    run.expect_success();
}

/// The README's block inside a fenced code block is an example of it, not the block:
/// `check` and `tally readme` find the block outside code.
#[test]
fn a_completion_block_in_a_code_fence_is_an_example_not_the_block() {
    let site = site();
    let example = "# Bench\n\nThe block looks like this:\n\n```markdown\n<!-- tally:completion -->\n- an example line\n<!-- /tally:completion -->\n```\n\n    <!-- tally:completion -->\n    - indented, code too\n    <!-- /tally:completion -->\n\n";
    site.file(
        "README.md",
        format!("{example}<!-- tally:completion -->{BLOCK_62}<!-- /tally:completion -->\n"),
    );
    site.check().expect_success();
    site.file(
        "README.md",
        format!("{example}<!-- tally:completion -->\n- stale\n<!-- /tally:completion -->\n"),
    );
    let errors = errors_with(&site, "readme-completion");
    let (line, _) = place(&site, "README.md", "<!-- tally:completion -->\n- stale");
    assert_eq!(errors[0]["line"].as_u64(), Some(line), "{:#}", errors[0]);
    site.tally(&["readme"]).expect_success();
    assert_eq!(
        site.read_source("README.md"),
        format!("{example}<!-- tally:completion -->{BLOCK_62}<!-- /tally:completion -->\n")
    );
    // With only the example, there is no block.
    site.file("README.md", example);
    let errors = errors_with(&site, "readme-completion");
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("no completion block"), "{:#}", errors[0]);
}

// A README-only user trial.

/// A second block was neither filled nor checked: `tally readme` filled the first and
/// `check` passed the stale second. More than one block is an error at the second.
#[test]
fn a_second_completion_block_is_an_error_at_it() {
    let site = site();
    let text =
        format!("{}\n\n<!-- tally:completion -->\n- stale\n<!-- /tally:completion -->\n", readme(BLOCK_62));
    site.file("README.md", &text);
    let errors = errors_with(&site, "readme-completion");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (line, _) = place(&site, "README.md", "<!-- tally:completion -->\n- stale");
    assert_eq!(errors[0]["line"].as_u64(), Some(line), "{:#}", errors[0]);
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("second"), "{:#}", errors[0]);
    site.tally(&["readme"]).expect_code(1).expect_stderr("error[readme-completion]");
    assert_eq!(site.read_source("README.md"), text, "README left alone");
}

/// Markers in the wrong order were "no completion block": say the closing one comes first.
#[test]
fn a_closing_marker_before_the_opening_one_is_an_error_saying_so() {
    let site = site();
    site.file("README.md", "# Bench\n\n<!-- /tally:completion -->\n- x\n<!-- tally:completion -->\n");
    let errors = errors_with(&site, "readme-completion");
    let message = errors[0]["message"].as_str().unwrap_or("");
    assert!(message.contains("before"), "{:#}", errors[0]);
    let (line, _) = place(&site, "README.md", "<!-- /tally:completion -->");
    assert_eq!(errors[0]["line"].as_u64(), Some(line), "{:#}", errors[0]);
}

/// In a blockquote, `tally readme` wrote the list outside the quote and took the closing
/// line's `> `. A marker must start its line; one that does not is refused, README alone.
#[test]
fn a_marker_not_at_the_start_of_its_line_is_refused_and_readme_left_alone() {
    let site = site();
    let text = "# Bench\n\n> <!-- tally:completion -->\n> - stale\n> <!-- /tally:completion -->\n";
    site.file("README.md", text);
    let errors = errors_with(&site, "readme-completion");
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("start of a line"), "{:#}", errors[0]);
    let (line, col) = place(&site, "README.md", "<!-- tally:completion -->");
    assert_eq!(
        (errors[0]["line"].as_u64(), errors[0]["col"].as_u64()),
        (Some(line), Some(col)),
        "{:#}",
        errors[0]
    );
    site.tally(&["readme"]).expect_code(1).expect_stderr("start of a line");
    assert_eq!(site.read_source("README.md"), text);
}

/// `0.6` counted 0.6 % and `60` counted 60 %: a done cell states a percentage, with its sign.
#[test]
fn a_bare_number_in_a_done_cell_is_an_error_saying_to_write_the_percent_sign() {
    let site = site();
    let errors = cell_errors(&site, "| 100 % | 5 |", "| 100 | 5 |");
    let text = format!("{} {}", errors[0]["message"], notes(&errors[0]));
    assert!(text.contains("`100 %`"), "{text}");
    // A full-width sign is a percent sign too.
    for page in [FAMILY, FAMILY_JA] {
        site.edit(page, "| 100 | 5 |", "| 100％ | 5 |");
    }
    retranslate(&site);
    site.check().expect_success();
}

/// `` `40 %` 60 % `` and `![40 %](x.png) 60 %` counted 60 %, though a reader sees both.
#[test]
fn a_number_in_a_code_span_or_alt_text_of_a_done_cell_is_a_second_number() {
    for cell in ["`40 %` 60 %", "![40 %](x.png) 60 %"] {
        let fresh = site();
        fresh.file("content/families/x.png", common::PNG);
        let errors = cell_errors(&fresh, "~~40 %~~ 60 %", cell);
        let message = errors[0]["message"].as_str().unwrap_or("");
        assert!(message.contains("more than one number"), "{cell}: {message}");
    }
}

/// `\~~40 %\~~ 60 %` was told it had "no live done value (struck values do not count)",
/// though `60 %` is live: a tilde a reader is shown is no part of a number, and the live
/// value is read (60 %, as the fixture's, so the site still passes).
#[test]
fn escaped_tildes_leave_the_live_value_read() {
    let site = site();
    for page in [FAMILY, FAMILY_JA] {
        site.edit(page, "~~40 %~~ 60 %", "\\~~40 %\\~~ 60 %");
    }
    retranslate(&site);
    site.check().expect_success();
}

/// `½` and `1e3` were told "no live value (struck values do not count)": nothing is struck;
/// the value cannot be read, and the message says what form is.
#[test]
fn a_value_that_cannot_be_read_is_told_so_with_the_form_accepted() {
    let halved = site();
    let errors = cell_errors(&halved, "| 100 % | 5 |", "| ½ | 5 |");
    let text = format!("{} {}", errors[0]["message"], notes(&errors[0]));
    assert!(text.contains("`½`") && text.contains("cannot be read") && text.contains("`60 %`"), "{text}");
    let weighed = site();
    let errors = cell_errors(&weighed, "| 5 |", "| 1e3 |");
    let text = format!("{} {}", errors[0]["message"], notes(&errors[0]));
    assert!(text.contains("`1e3`") && text.contains("cannot be read") && !text.contains("struck"), "{text}");
}

/// A weight cell `1/2` was given the done cell's note about `~~40 %~~ 60 %`.
#[test]
fn a_weight_cell_of_several_numbers_gets_a_weights_note() {
    let site = site();
    let errors = cell_errors(&site, "| 5 |", "| 1/2 |");
    let text = format!("{} {}", errors[0]["message"], notes(&errors[0]));
    assert!(!text.contains("~~40 %~~"), "{text}");
    assert!(text.contains("weight"), "{text}");
}
