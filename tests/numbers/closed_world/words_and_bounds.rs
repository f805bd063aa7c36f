//! Issue 43: numbers in words and bounds are figures, each at its own precision. Each edit
//! the issue tried on the bundled XGS 136 page built with exit 0; each is now an error at
//! the edited text saying what the data gives, in English and in Japanese.

use super::*;

const BUNDLE: &str = "content/measurements/2026-10-29-xgs136-http";

/// The bundled site with `from` replaced by `to` in the page of `language`; the one
/// `figure-mismatch` it gives stands at `to` and says what the data gives.
#[track_caller]
fn edited_is_a_mismatch(language: &str, from: &str, to: &str, gives: &str) {
    let site = common::bundled_copy();
    let page = if language == "ja" { format!("{BUNDLE}/index.ja.md") } else { format!("{BUNDLE}/index.md") };
    assert_eq!(site.read_source(&page).matches(from).count(), 1, "the bundled page changed: {from}");
    site.edit(&page, from, to);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{to} passed: {run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "figure-mismatch").collect();
    assert_eq!(ours.len(), 1, "{to}: {errors:#?}");
    let stated = &to[to.find('[').map_or(0, |i| i + 1)..];
    common::assert_at(ours[0], "figure-mismatch", &site, &page, stated);
    let message = ours[0]["message"].as_str().unwrap_or("");
    assert!(message.contains(&format!("the data gives {gives}")), "{to}: {message}");
}

#[test]
fn the_bundled_pages_state_numbers_in_words_and_bounds_as_checked_figures() {
    let site = common::bundled_copy();
    // The copy has no README.md, whose completion block is not what this is about.
    let (_, errors) = check_json(&site);
    assert!(errors.iter().all(|e| e["code"] == "readme-completion"), "{errors:#?}");
    let en = site.read_source(&format!("{BUNDLE}/index.md"));
    for tagged in [
        "[a thousand]{=connections} connections",
        "[over two hundred]{=new_connections_each_second}",
        "[three quarters]{=host_share_close} of the frames still cross the host",
        "[four and a half seconds]{=connection_life}",
        "**[Three]{=responses_failed} failures",
    ] {
        assert!(en.contains(tagged), "{tagged}");
    }
    let ja = site.read_source(&format!("{BUNDLE}/index.ja.md"));
    for tagged in [
        "[千]{=connections}本",
        "[二百本を超える]{=new_connections_each_second}",
        "[四分の三]{=host_share_close}",
        "[四秒半]{=connection_life}",
    ] {
        assert!(ja.contains(tagged), "{tagged}");
    }
}

#[test]
fn three_failures_changed_to_five_is_a_mismatch() {
    edited_is_a_mismatch(
        "en",
        "**[Three]{=responses_failed} failures",
        "**[Five]{=responses_failed} failures",
        "3",
    );
    edited_is_a_mismatch(
        "ja",
        "**失敗は [3]{=responses_failed} 件",
        "**失敗は [5]{=responses_failed} 件",
        "3",
    );
}

#[test]
fn over_two_hundred_changed_to_over_five_hundred_is_a_mismatch() {
    edited_is_a_mismatch(
        "en",
        "[over two hundred]{=new_connections_each_second}",
        "[over five hundred]{=new_connections_each_second}",
        "225",
    );
    edited_is_a_mismatch(
        "ja",
        "[二百本を超える]{=new_connections_each_second}",
        "[五百本を超える]{=new_connections_each_second}",
        "225",
    );
}

#[test]
fn four_and_a_half_seconds_changed_to_nine_is_a_mismatch() {
    edited_is_a_mismatch(
        "en",
        "[four and a half seconds]{=connection_life}",
        "[nine seconds]{=connection_life}",
        "4.55",
    );
    edited_is_a_mismatch("ja", "[四秒半]{=connection_life}", "[九秒]{=connection_life}", "4.55");
}

#[test]
fn a_thousand_changed_to_ten_thousand_is_a_mismatch() {
    edited_is_a_mismatch("ja", "[千]{=connections}本", "[一万]{=connections}本", "1024");
    edited_is_a_mismatch("en", "[a thousand]{=connections}", "[ten thousand]{=connections}", "1024");
}

#[test]
fn three_quarters_changed_to_a_half_is_a_mismatch() {
    edited_is_a_mismatch(
        "en",
        "[three quarters]{=host_share_close}",
        "[a quarter]{=host_share_close}",
        "73.",
    );
    edited_is_a_mismatch("ja", "[四分の三]{=host_share_close}", "[四分の一]{=host_share_close}", "73.");
}

/// A bound admits one side of its number only: "nearly" is below it, never above.
#[test]
fn a_bound_in_a_tag_is_checked_on_its_side() {
    site("It was [at least 80 %]{=load_share} of the link.").check().expect_success();
    site("It was [up to 80 %]{=load_share} of the link.").check().expect_success();
    one_error_at("It was [nearly 80 %]{=load_share} of the link.", "figure-mismatch", "nearly 80 %]");
    one_error_at("It was [over 80 %]{=load_share} of the link.", "figure-mismatch", "over 80 %]");
}

/// The bundled site with `from` replaced by `to` in the page of `language` gives an error of
/// `code` at `at` (in the edited text), and no other of that code.
#[track_caller]
fn edited_is_an_error(language: &str, from: &str, to: &str, code: &str, at: &str) {
    let site = common::bundled_copy();
    let page = if language == "ja" { format!("{BUNDLE}/index.ja.md") } else { format!("{BUNDLE}/index.md") };
    assert_eq!(site.read_source(&page).matches(from).count(), 1, "the bundled page changed: {from}");
    site.edit(&page, from, to);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{to} passed: {run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == code).collect();
    assert_eq!(ours.len(), 1, "{to}: {errors:#?}");
    common::assert_at(ours[0], code, &site, &page, at);
}

/// Issue 43: the run-in heading "Three failures" changed to "Five failures" built; a number
/// in a heading is a claim, so untagged it is an error, in both languages.
#[test]
fn an_untagged_number_in_a_run_in_heading_is_an_error() {
    edited_is_an_error(
        "en",
        "**[Three]{=responses_failed} failures",
        "**Five failures",
        "figure-in-heading",
        "Five failures",
    );
    edited_is_an_error(
        "ja",
        "**失敗は [3]{=responses_failed} 件",
        "**失敗は 5 件",
        "figure-in-heading",
        "5 件で",
    );
    edited_is_an_error(
        "en",
        "## The bench {#the-bench}",
        "## The two benches {#the-bench}",
        "figure-in-heading",
        "two benches",
    );
}

/// Issue 43: the summary's "A thousand connections" is checked through the body's
/// `[a thousand]{=connections}`, at its own precision.
#[test]
fn a_summary_number_in_words_is_matched_by_a_tag_in_the_body() {
    edited_is_an_error(
        "en",
        "summary: \"A thousand connections",
        "summary: \"Two thousand connections",
        "front-matter-figure",
        "Two thousand connections",
    );
    edited_is_an_error(
        "ja",
        "XGS 136 を通して、千本の接続",
        "XGS 136 を通して、二千本の接続",
        "front-matter-figure",
        "二千本の接続",
    );
}
