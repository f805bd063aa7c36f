//! Translations: each figure at the original's precision, each tag and number at its place.

use super::*;

pub(super) const JA: &str = "content/measurements/m/index.ja.md";

/// The fixture with a Japanese translation of `ja_prose`, its front matter edited by `front`.
pub(super) fn translated(prose: &str, ja_prose: &str, front: &dyn Fn(String) -> String) -> Site {
    let site = site(prose);
    let ja = translation_text(&site, ja_prose);
    site.file(JA, front(ja));
    site
}

/// The Japanese translation of the site's page, as it stands now, stating `ja_prose`.
pub(super) fn translation_text(site: &Site, ja_prose: &str) -> String {
    let hash = site.hash(PAGE);
    format!(
        "---\ntitle: A run\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\ntranslates: {hash}\n---\n\n{ja_prose}\n\n## 測り方\n\n手で。\n\n## 測っていないこと\n\n遅延。\n"
    )
}

#[test]
fn a_translation_states_each_figure_at_the_original_precision() {
    let same = |t: String| t;
    translated("It ran at [177 Mbit/s]{=slow}.", "[177 Mbit/s]{=slow} でした。", &same)
        .check()
        .expect_success();
    let site = translated("It ran at [177 Mbit/s]{=slow}.", "[0.2 Gbit/s]{=slow} でした。", &same);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (line, col) = place(&site, JA, "0.2 Gbit/s");
    assert_eq!(errors[0]["code"], "translation-figure");
    assert_eq!(
        (errors[0]["path"].as_str(), errors[0]["line"].as_u64(), errors[0]["col"].as_u64()),
        (Some(JA), Some(line), Some(col))
    );
}

/// A user trial: a Japanese `[460 %]{=debian_over_obsd}` for the original's `4.6×` was told
/// `would pass: [4.60]`, which then failed parity against `4.6×`. A translation's
/// suggestion is the original's tag as written, which passes both checks.
#[test]
fn a_translation_is_suggested_the_original_s_tag_which_passes_both_checks() {
    let original = "It was [4×]{=four} faster.";
    for stated in ["400 %", "5×"] {
        let site = translated(original, &format!("[{stated}]{{=four}} 速い。"), &|t| t);
        let (run, errors) = check_json(&site);
        assert_eq!(run.code, 1, "{stated}: {run:#?}");
        let ours: Vec<&Value> = errors.iter().filter(|e| e["path"] == JA).collect();
        assert!(
            ours.iter().any(|e| common::notes(e).contains("would pass: [4×]{=four}")),
            "{stated}: {errors:#?}"
        );
    }
    translated(original, "[4×]{=four} 速い。", &|t| t).check().expect_success();
}

/// A user trial: a Japanese `[六]` for the original's `[four]` was told `would pass:
/// [five]`. The original's words are English: a translation in words is suggested its own.
#[test]
fn a_translation_in_words_is_suggested_its_own_words_not_the_original_s() {
    let site = translated("There were [four]{=four} runs.", "実行は[六]{=four}回でした。", &|t| t);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["path"] == JA).collect();
    assert!(ours.iter().any(|e| common::notes(e).contains("would pass: [四]{=four}")), "{errors:#?}");
    assert!(!ours.iter().any(|e| common::notes(e).contains("[four]")), "{errors:#?}");
}

#[test]
fn a_tag_the_translation_dropped_is_reported_at_the_translation_own_line() {
    let site = translated(
        "It ran.\n\nIt ran at [177 Mbit/s]{=slow} and [4]{=four}.",
        "走りました。\n\n[177 Mbit/s]{=slow} で走りました。",
        &|t| t,
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0]["path"], JA, "{:#}", errors[0]);
    let (line, _) = place(&site, JA, "[177 Mbit/s]{=slow} で");
    assert_eq!(errors[0]["line"].as_u64(), Some(line), "{:#}", errors[0]);
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("`four`"), "{:#}", errors[0]);
}

#[test]
fn front_matter_that_is_not_prose_must_be_the_original_s() {
    for (from, to) in [
        ("appliances: [xgs-136]", "appliances: [xgs-3300]"),
        ("title: A run", "title: A run in 2025"),
        ("date: 2026-10-29", "date: 2026-10-30"),
    ] {
        let site = translated("It ran.", "走りました。", &|t: String| t.replacen(from, to, 1));
        let (run, errors) = check_json(&site);
        assert_eq!(run.code, 1, "{to}: {run:#?}");
        let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "translation-front-matter").collect();
        assert_eq!(ours.len(), 1, "{to}: {errors:#?}");
        let key = to.split(':').next().unwrap_or("");
        let (line, col) = place(&site, JA, &format!("{key}:"));
        assert_eq!(
            (ours[0]["path"].as_str(), ours[0]["line"].as_u64(), ours[0]["col"].as_u64()),
            (Some(JA), Some(line), Some(col)),
            "{to}"
        );
    }
}

/// A user trial: the bundled translation's `[1,024]{=connections}` (the first of four)
/// replaced by a plain `1,024` was two wrong errors: the number "not stated in the
/// original", and the last `connections` missing, at the last one's place.
#[test]
fn a_tag_replaced_by_its_number_untagged_is_one_error_at_that_number_naming_the_tag() {
    let site = common::bundled_copy();
    let bundle = "content/measurements/2026-10-29-xgs136-http";
    let (en, ja) = (format!("{bundle}/index.md"), format!("{bundle}/index.ja.md"));
    let line = "[1,024]{=connections} 本の接続を張り、";
    assert_eq!(site.read_source(&ja).matches(line).count(), 1, "the bundled translation changed");
    site.edit(&ja, line, "1,024 本の接続を張り、");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    // The bundled site asks for every number tagged (min_coverage: 1.0): the page's coverage
    // fails too, apart from the one translation error this test is about.
    let (coverage, errors): (Vec<_>, Vec<_>) =
        errors.into_iter().partition(|e| e["code"] == "figure-coverage");
    assert_eq!(coverage.len(), 1, "{coverage:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let error = &errors[0];
    common::assert_at(error, "translation-figure", &site, &ja, "1,024 本の接続を張り、");
    let (original_line, _) = place(&site, &en, "[1,024]{=connections} connections, each");
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains(&format!("`connections` at {en}:{original_line}")), "{error:#}");
    assert!(common::notes(error).contains("`[1,024]{=connections}`"), "{error:#}");
}

#[test]
fn a_tag_the_translation_leaves_out_is_the_one_at_its_place_not_the_last_of_its_name() {
    let site = translated(
        "It ran at [177 Mbit/s]{=slow} with [120]{=runs.t1.frames} frames.\n\nLater, [120]{=runs.t1.frames} frames again at [177 Mbit/s]{=slow}.",
        "[177 Mbit/s]{=slow} で走りました。\n\n後で、[120]{=runs.t1.frames} フレーム、[177 Mbit/s]{=slow}。",
        &|t| t,
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (first, _) = place(&site, PAGE, "[120]{=runs.t1.frames} frames.");
    let (ja_line, _) = place(&site, JA, "で走りました。");
    assert_eq!(errors[0]["line"].as_u64(), Some(ja_line), "{errors:#?}");
    assert!(errors[0]["message"].as_str().unwrap_or("").contains(&format!("{PAGE}:{first}")), "{errors:#?}");
}

#[test]
fn a_tag_the_original_states_untagged_is_one_error_at_the_translation_tag() {
    let site = translated("It ran with 120 frames.", "[120]{=runs.t1.frames} フレームで走りました。", &|t| t);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    common::assert_at(&errors[0], "translation-figure", &site, JA, "[120]{=runs.t1.frames}");
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("untagged"), "{errors:#?}");
}

#[test]
fn a_number_spelled_out_next_to_a_unit_matches_digits_in_the_other_language() {
    // The colleague's case: "forty seconds" against 「40 秒間」 is the same figure.
    translated("It ran for forty seconds.", "40 秒間走りました。", &|t| t).check().expect_success();
    translated("It ran for 40 seconds.", "四十秒間走りました。", &|t| t).check().expect_success();
    // A different number is still a difference, at the translation's place.
    let site = translated("It ran for forty seconds.", "50 秒間走りました。", &|t| t);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors[0]["code"], "translation-number", "{errors:#?}");
    assert_eq!(errors[0]["path"], JA, "{errors:#?}");
}

#[test]
fn a_number_the_translation_leaves_out_is_placed_on_its_first_written_line_not_a_blank_one() {
    // Paragraphs that do not pair up, and no heading or tag before it: the place is the
    // start of the translation's text.
    let site = translated("It ran for 40 seconds.", "走りました。\n\nもう一段落。", &|t| t);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let missing: Vec<&serde_json::Value> =
        errors.iter().filter(|e| e["code"] == "translation-number").collect();
    assert_eq!(missing.len(), 1, "{errors:#?}");
    let (line, col) = place(&site, JA, "走りました。");
    assert_eq!(
        (missing[0]["line"].as_u64(), missing[0]["col"].as_u64()),
        (Some(line), Some(col)),
        "{errors:#?}"
    );
}
