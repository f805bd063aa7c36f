//! Issue 25: a translation states each number at its original's place (paragraph, heading,
//! list item, table row and cell), not merely the same bag of numbers somewhere on the page;
//! a number is read as a browser shows it (entities, invisible characters); and a tag's kind
//! (`{=…}`, `{~…}`) is the original's. Each case here passed `tally check` before.

use super::translations::{JA, translated};
use super::*;

/// The translation's own errors of `check`, which must fail.
#[track_caller]
fn translation_errors(site: &Site) -> Vec<Value> {
    let (run, errors) = check_json(site);
    assert_eq!(run.code, 1, "the translation passed: {run:#?}");
    errors.into_iter().filter(|e| e["path"] == JA).collect()
}

/// No error of any `translation-*` code.
#[track_caller]
fn no_translation_error(site: &Site) {
    let (run, errors) = check_json(site);
    let ours: Vec<&Value> =
        errors.iter().filter(|e| e["code"].as_str().unwrap_or("").starts_with("translation-")).collect();
    assert!(ours.is_empty(), "{run:#?}");
}

fn message(error: &Value) -> &str {
    error["message"].as_str().unwrap_or("")
}

#[test]
fn untagged_numbers_swapped_between_two_table_rows_are_an_error_at_each_row() {
    let site = translated(
        "| run | rate |\n|---|---|\n| kept open | 940 Mbit/s |\n| closed | 840 Mbit/s |",
        "| 実行 | レート |\n|---|---|\n| 開いたまま | 840 Mbit/s |\n| 閉じる | 940 Mbit/s |",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    common::assert_at(&errors[0], "translation-number", &site, JA, "840 Mbit/s");
    common::assert_at(&errors[1], "translation-number", &site, JA, "940 Mbit/s");
    let (line, _) = place(&site, PAGE, "940 Mbit/s");
    assert!(message(&errors[0]).contains("`940 Mbit/s`"), "{:#}", errors[0]);
    assert!(message(&errors[0]).contains(&format!("{PAGE}:{line}")), "{:#}", errors[0]);
}

#[test]
fn tags_swapped_between_two_table_rows_are_an_error_at_each_row() {
    let site = translated(
        "| run | frames |\n|---|---|\n| first | [120]{=runs.t1.frames} |\n| second | [4]{=four} |",
        "| 実行 | フレーム |\n|---|---|\n| 最初 | [4]{=four} |\n| 二番目 | [120]{=runs.t1.frames} |",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    common::assert_at(&errors[0], "translation-figure", &site, JA, "[4]{=four}");
    common::assert_at(&errors[1], "translation-figure", &site, JA, "[120]{=runs.t1.frames}");
    let (line, _) = place(&site, PAGE, "[120]{=runs.t1.frames}");
    assert!(message(&errors[0]).contains("`runs.t1.frames`"), "{:#}", errors[0]);
    assert!(message(&errors[0]).contains(&format!("{PAGE}:{line}")), "{:#}", errors[0]);
}

#[test]
fn numbers_swapped_between_two_list_items_are_an_error_at_each_item() {
    let site = translated(
        "- Kept open: 940 Mbit/s.\n- Closed: 840 Mbit/s.",
        "- 開いたまま：840 Mbit/s。\n- 閉じる：940 Mbit/s。",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    common::assert_at(&errors[0], "translation-number", &site, JA, "840 Mbit/s");
    common::assert_at(&errors[1], "translation-number", &site, JA, "940 Mbit/s");
}

#[test]
fn tags_swapped_between_two_paragraphs_are_an_error_at_each_paragraph() {
    let site = translated(
        "It ran at [177 Mbit/s]{=slow}.\n\nIt ran [4]{=four} times.",
        "[4]{=four} 回走りました。\n\n[177 Mbit/s]{=slow} で走りました。",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    common::assert_at(&errors[0], "translation-figure", &site, JA, "[4]{=four}");
    common::assert_at(&errors[1], "translation-figure", &site, JA, "[177 Mbit/s]{=slow}");
}

#[test]
fn a_number_written_with_an_entity_is_read_as_a_browser_shows_it() {
    let site = translated("It ran at 840 Mbit/s.", "&#57;40 Mbit/s で走りました。", &|t| t);
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    common::assert_at(&errors[0], "translation-number", &site, JA, "&#57;40 Mbit/s");
    assert!(message(&errors[0]).contains("940 Mbit/s"), "{:#}", errors[0]);
    assert!(message(&errors[0]).contains("`840 Mbit/s`"), "{:#}", errors[0]);
    no_translation_error(&translated("It ran at 940 Mbit/s.", "&#57;40 Mbit/s で走りました。", &|t| t));
}

#[test]
fn a_number_split_by_a_zero_width_character_is_read_whole() {
    let site = translated("It ran at 840 Mbit/s.", "9\u{200b}40 Mbit/s で走りました。", &|t| t);
    let errors = translation_errors(&site);
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "translation-number").collect();
    assert_eq!(ours.len(), 1, "{errors:#?}");
    common::assert_at(ours[0], "translation-number", &site, JA, "9\u{200b}40 Mbit/s");
    assert!(message(ours[0]).contains("`840 Mbit/s`"), "{:#}", ours[0]);
}

/// The runs.yaml of the fixture with a figure of 372, which `[370]{~t4}` states as well
/// as `[372]{=t4}` does.
fn with_t4(site: &Site) {
    let runs = site.read_source(RUNS).replacen("constants: {", "constants: {t4: 372, ", 1);
    site.file(RUNS, runs);
}

#[test]
fn an_approximate_tag_does_not_translate_an_exact_one_nor_the_reverse() {
    for (original, translation, needle) in [
        ("About [370]{~t4} frames.", "[372]{=t4} フレーム。", "[372]{=t4}"),
        ("Exactly [372]{=t4} frames.", "約 [370]{~t4} フレーム。", "[370]{~t4}"),
    ] {
        let site = translated(original, translation, &|t| t);
        with_t4(&site);
        let errors = translation_errors(&site);
        assert_eq!(errors.len(), 1, "{original}: {errors:#?}");
        common::assert_at(&errors[0], "translation-figure", &site, JA, needle);
        let (line, _) = place(&site, PAGE, original);
        assert!(message(&errors[0]).contains(&format!("{PAGE}:{line}")), "{:#}", errors[0]);
    }
    let site = translated("About [370]{~t4} frames.", "約 [370]{~t4} フレーム。", &|t| t);
    with_t4(&site);
    site.check().expect_success();
}

#[test]
fn a_paragraph_the_translation_splits_in_two_is_one_error_at_the_second() {
    let site = translated(
        "It ran at [177 Mbit/s]{=slow}, [4]{=four} times.",
        "[177 Mbit/s]{=slow} で走りました。\n\n[4]{=four} 回です。",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    common::assert_at(&errors[0], "translation-figure", &site, JA, "[4]{=four} 回です。");
    assert!(message(&errors[0]).contains("two"), "{:#}", errors[0]);
}

#[test]
fn a_paragraph_of_numbers_the_translation_leaves_out_is_one_error_and_the_next_still_pair() {
    let site = translated(
        "It ran at 940 Mbit/s.\n\nThen at 840 Mbit/s.\n\nThen at 740 Mbit/s.",
        "940 Mbit/s で走りました。\n\n次に 740 Mbit/s。",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["code"], "translation-number", "{errors:#?}");
    let (line, _) = place(&site, JA, "次に 740 Mbit/s。");
    assert_eq!(errors[0]["line"].as_u64(), Some(line), "{errors:#?}");
    assert!(message(&errors[0]).contains("`840 Mbit/s`"), "{:#}", errors[0]);
}

/// Raw HTML's text is not decoded by the markdown parser: its references are read too.
#[test]
fn a_number_written_with_an_entity_in_raw_html_is_read_as_a_browser_shows_it() {
    let site = translated("It ran at 840 Mbit/s.", "<p>&#57;40 Mbit/s で走りました。</p>", &|t| t);
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    common::assert_at(&errors[0], "translation-number", &site, JA, "&#57;40 Mbit/s");
    assert!(message(&errors[0]).contains("`940 Mbit/s` (written `&#57;40 Mbit/s`)"), "{:#}", errors[0]);
}

#[test]
fn a_number_moved_to_another_column_of_its_row_is_an_error_at_its_cell() {
    let site = translated(
        "| kept open | closed |\n|---|---|\n| 940 Mbit/s | – |",
        "| 開いたまま | 閉じる |\n|---|---|\n| – | 940 Mbit/s |",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["code"], "translation-number", "{errors:#?}");
    assert!(message(&errors[0]).contains("column 2"), "{:#}", errors[0]);
}

/// Japanese forms of a number still match the original's at its place: 万 and 億, digits
/// written full width, 約 beside an approximate tag.
#[test]
fn japanese_number_forms_match_the_original_at_their_place() {
    let site = translated(
        "It sent 2.74 million frames at 814 Mbit/s.\n\n| run | frames |\n|---|---|\n| first | 1,500 frames |\n\nAbout [370]{~t4} frames a second.",
        "274 万フレームを 8億1400万 bit/s で送りました。\n\n| 実行 | フレーム |\n|---|---|\n| 最初 | １５００ フレーム |\n\n毎秒約 [370]{~t4} フレーム。",
        &|t| t,
    );
    with_t4(&site);
    no_translation_error(&site);
}

#[test]
fn numbers_swapped_between_two_rows_of_a_raw_html_table_are_an_error_at_each_row() {
    let site = translated(
        "<table>\n<tr><td>kept open</td><td>940 Mbit/s</td></tr>\n<tr><td>closed</td><td>840 Mbit/s</td></tr>\n</table>",
        "<table>\n<tr><td>開いたまま</td><td>840 Mbit/s</td></tr>\n<tr><td>閉じる</td><td>940 Mbit/s</td></tr>\n</table>",
        &|t| t,
    );
    let errors = translation_errors(&site);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    common::assert_at(&errors[0], "translation-number", &site, JA, "840 Mbit/s");
    common::assert_at(&errors[1], "translation-number", &site, JA, "940 Mbit/s");
}
