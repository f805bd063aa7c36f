//! Issue 43, "left from the last ring": numbers a reader reads that tally did not see. Each
//! of these built with exit 0 and its coverage unchanged; each is now listed untagged at
//! its place and counts against the coverage, in an English and a Japanese sentence.

use super::*;

use common::check_json_all as all_json;

/// The places of the `figure-untagged` notes of a page stating `prose`.
fn untagged_places(prose: &str) -> (Site, Vec<(u64, u64)>) {
    let site = site(&format!("It was [4]{{=four}}.\n\n{prose}"));
    let untagged: Vec<(u64, u64)> = all_json(&site)
        .into_iter()
        .filter(|p| p["code"] == "figure-untagged")
        .map(|p| (p["line"].as_u64().unwrap_or(0), p["col"].as_u64().unwrap_or(0)))
        .collect();
    (site, untagged)
}

/// Each `(prose, where the number starts)` is one untagged figure at that place.
#[track_caller]
fn each_is_untagged_at(cases: &[(&str, &str)]) {
    for (prose, needle) in cases {
        let (site, places) = untagged_places(prose);
        assert_eq!(places, [place(&site, PAGE, needle)], "`{prose}`");
    }
}

#[test]
fn markup_inside_a_number_does_not_hide_it() {
    each_is_untagged_at(&[
        ("It held 9**40** connections at once.", "9**40"),
        ("It held 8<span></span>12 connections at once.", "8<span>"),
        ("It held *1*,*024* connections.", "1*,"),
        ("一度に 9**40** 本の接続を保ちました。", "9**40"),
        ("一度に 8<span></span>12 本の接続を保ちました。", "8<span>"),
    ]);
}

#[test]
fn digits_of_other_scripts_and_look_alike_letters_are_read() {
    each_is_untagged_at(&[
        ("It reached 𝟗𝟒𝟎 Mbit/s on the link.", "𝟗𝟒𝟎"),
        ("It reached ٩٤٠ Mbit/s on the link.", "٩٤٠"),
        ("It reached 80 Мbit/s on the link.", "80 М"),
        ("リンクで 𝟗𝟒𝟎 Mbit/s に達しました。", "𝟗𝟒𝟎"),
        ("リンクで 80 Мbit/s に達しました。", "80 М"),
    ]);
}

#[test]
fn a_decimal_comma_before_a_unit_is_read_and_a_list_is_not() {
    each_is_untagged_at(&[
        ("It reached 8,14 Gbit/s on the link.", "8,14"),
        ("リンクで 8,14 Gbit/s に達しました。", "8,14"),
    ]);
    let (_, places) = untagged_places("We ran runs 1,2 and 3 again.");
    assert!(places.is_empty(), "{places:?}");
}

#[test]
fn attribute_values_are_read_however_they_are_written() {
    each_is_untagged_at(&[
        ("See <abbr title = \"940 Mbit/s\">the peak</abbr>.", "940"),
        ("See <abbr title=940Mbit/s>the peak</abbr>.", "940"),
        ("See <abbr TITLE='940 Mbit/s'>the peak</abbr>.", "940"),
        ("<span data-pagefind-meta=\"title:Peak 999 Gbit/s\">x</span>", "999"),
        ("<iframe srcdoc=\"<p>940 Mbit/s</p>\" title=\"a frame\"></iframe>", "940"),
        ("<abbr title = \"毎秒 940 Mbit/s\">最大</abbr>でした。", "940"),
    ]);
}

/// The forms above, tagged, are figures like any other: the check reads what it reads.
#[test]
fn a_page_whose_numbers_are_all_hidden_falls_below_its_minimum_coverage() {
    let site = site("It was [4]{=four}.\n\nIt held 9**40** connections at 𝟗𝟒𝟎 Mbit/s, or 8,14 Gbit/s.");
    site.file("site.yaml", format!("{}figures: {{min_coverage: 0.9}}\n", common::SITE_YAML));
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert!(errors.iter().any(|e| e["code"] == "figure-coverage"
        && e["message"].as_str().unwrap_or("").contains("1 of 4")), "{errors:#?}");
}

/// Issue 43, numbers in words "count for coverage by the digit rule": with a unit, as a
/// share or a multiple in a comparison, or 100 and above. Untagged, each lowered the
/// coverage of nothing and passed a minimum of 100 %.
#[test]
fn numbers_in_words_count_for_coverage_by_the_digit_rule() {
    each_is_untagged_at(&[
        ("It opened over two hundred new connections.", "two hundred"),
        ("It held a thousand connections at once.", "a thousand"),
        ("Three quarters still cross the host.", "Three quarters"),
        ("The host was twice as busy.", "twice"),
        ("Each one lives about four and a half seconds.", "four and a half"),
        ("一度に千本の接続を保ちました。", "千"),
        ("フレームの四分の三がホストを通りました。", "四分の三"),
        ("四十秒間、同じファイルを取得しました。", "四十秒"),
    ]);
}

/// Small bare counts stay words, as small bare digits do, and so do once and twice away
/// from a verb of running and an ordinal second: none of these is a figure a reader takes
/// for a measurement. (A count of repeats, "ran four times", "ran twice", was one of them
/// until README-only trials: it is a figure, `trial_counts`.)
#[test]
fn small_counts_once_twice_and_ordinals_in_words_stay_words() {
    for prose in [
        "It ran two ways, with one file, once the link was up.",
        "iperf3 ran one time, one stream.",
        "a second XGS 3300 twice, half-duplex",
        "二十秒目から三十秒目までに、三件の失敗がありました。",
        "一度に一覧の一部を一致させました。",
    ] {
        let (_, places) = untagged_places(prose);
        assert!(places.is_empty(), "`{prose}`: {places:?}");
    }
}

/// Issue 43, "an inline way to mark one word as not a figure": `[WORDS]{-}` is shown as
/// its words alone, and neither coverage nor a heading's rule reads a number in it.
#[test]
fn words_marked_with_a_dash_are_shown_alone_and_counted_as_no_figure() {
    let (site, places) = untagged_places("Over [two hundred]{-} years of mail, the list kept its archive.");
    assert!(places.is_empty(), "{places:?}");
    site.build().expect_success();
    let html = site.read("measurements/m/index.html");
    assert!(html.contains("Over two hundred years of mail"), "{html}");
    assert!(!html.contains("{-}") && !html.contains("[two hundred]"), "{html}");
    let (_, places) = untagged_places("**[Three]{-} ways to read it.** The first is the log.");
    assert!(places.is_empty(), "{places:?}");
    let (run, errors) = check_json(&site_with("**[Three]{-} ways to read it.** The first is the log."));
    assert_eq!(run.code, 0, "{errors:#?}");
    // Without the mark the same words are figure-like (and the run-in heading's a claim).
    let (_, places) = untagged_places("Over two hundred years of mail, the list kept its archive.");
    assert_eq!(places.len(), 1, "{places:?}");
}

/// Digits are a figure: `{-}` after them would hide one from every check.
#[test]
fn digits_marked_with_a_dash_are_a_tag_error() {
    one_error_at("It ran for [40 seconds]{-} and stopped.", "figure-tag", "{-}");
    one_error_at("一度に [1,024]{-} 本の接続を保ちました。", "figure-tag", "{-}");
}

fn site_with(prose: &str) -> Site {
    site(&format!("It was [4]{{=four}}.\n\n{prose}"))
}
