//! Figures in translations: the same figures, tagged or not, as the original.

use super::*;

fn site_with_an_untagged_figure(en: &str, ja: &str) -> Site {
    let site = site();
    site.edit(EN, "Latency.", &format!("Latency. The PC's port saw {en} frames."));
    site.edit(JA, "遅延。", &format!("遅延。PC のポートは {ja}フレームを見ました。"));
    retranslate(&site);
    site
}

#[test]
fn the_same_untagged_figure_in_both_languages_passes_after_normalising_its_spelling() {
    let site = site_with_an_untagged_figure("2.74 million", "274 万");
    let (run, errors) = check_json(&site);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}

#[test]
fn a_different_untagged_figure_in_the_translation_is_an_error_naming_both_places() {
    let site = site_with_an_untagged_figure("2.75 million", "274 万");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    // One error, at the translation's number, naming the block of the original that
    // states another (compared block by block, not as a bag of the page's numbers).
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    let error = &errors[0];
    assert_at(error, "translation-number", &site, JA, "274 万");
    let (line, _) = place(&site, EN, "2.75 million");
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains("`2.75 million`") && message.contains(&format!("{EN}:{line}")), "{error:#}");
}

#[test]
fn a_translation_missing_a_tag_its_original_has_is_an_error() {
    let site = site();
    site.edit(JA, "[74 %]{=host_share_close} です。", "です。");
    let (run, errors) = check_json(&site);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert!(errors[0]["message"].as_str().unwrap_or("").contains("host_share_close"), "{:#}", errors[0]);
    assert!(
        format!("{}", errors[0]).contains(JA),
        "the error does not name the translation: {:#}",
        errors[0]
    );
}
