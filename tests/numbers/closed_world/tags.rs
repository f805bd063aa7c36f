//! Tags read whole or refused: units, words, raw HTML, long integers, almost-tags, struck
//! text. Not: run data's own expressions (run_data.rs) or translations (translations.rs).

use super::*;

#[test]
fn the_fixture_passes() {
    site("The ratio is [4]{=four}, the span [40 s]{=span}, the rate [0.104858 Mbit/s]{=byte_rate}.")
        .check()
        .expect_success();
}

#[test]
fn a_tag_read_only_in_part_is_an_error_naming_what_was_not_read() {
    for (text, name, part) in [
        ("1e3", "one", "1e3"),
        ("0x10", "zero", "0x10"),
        ("10M", "ten", "10M"),
        ("1k", "one", "1k"),
        ("1.000,5", "one", "1.000,5"),
        ("10O", "ten", "10O"),
    ] {
        let prose = format!("It was [{text}]{{={name}}} there.");
        let error = one_error_at(&prose, "figure-unreadable", &format!("{text}]"));
        let message = error["message"].as_str().unwrap_or("");
        assert!(message.contains(&format!("could not read `{part}`")), "{text}: {error:#}");
    }
}

/// Found by a README-only trial: a unit written out was read as a count with words after
/// it, and the error said the figure was stated as a count.
#[test]
fn a_unit_written_in_a_form_tally_does_not_read_is_unreadable() {
    for (text, name, word) in [
        ("814 megabits an hour", "slow", "megabits"),
        ("24.4 Gbit", "slow", "Gbit"),
        ("0.5 minutes", "span", "minutes"),
    ] {
        let prose = format!("It was [{text}]{{={name}}} there.");
        let (site, errors) = errors(&prose);
        let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "figure-unreadable").collect();
        assert_eq!(ours.len(), 1, "`{text}`: {errors:#?}");
        let (line, col) = place(&site, PAGE, word);
        assert_eq!(
            (ours[0]["line"].as_u64(), ours[0]["col"].as_u64()),
            (Some(line), Some(col)),
            "{text}: {:#}",
            ours[0]
        );
    }
    // A noun that counts things stands outside the tag.
    site("It was [4]{=four} connections.").check().expect_success();
}

/// Issue 12's README-only trial: a word inside a tag changed what its number means, yet the
/// tag passed and the page published it. Each is unreadable at that word.
#[test]
fn a_word_in_a_tag_that_could_change_its_number_is_unreadable_at_the_word() {
    for (text, word) in [
        ("not 177 Mbit/s", "not"),
        ("177 Mbit/s per core", "per"),
        ("177 Mbit/s 未満です", "未満です"),
        ("177 Mbit/s%", "%"),
        ("about 177 Mbit/s", "about"),
        ("177 runs", "runs"),
    ] {
        let prose = format!("It was [{text}]{{=slow}} there.");
        let error = one_error_at(&prose, "figure-unreadable", word);
        let message = error["message"].as_str().unwrap_or("");
        assert!(message.contains(&format!("could not read `{word}`")), "{text}: {error:#}");
    }
}

/// Issue 12's README-only trial: a unit tally does not know was read as a count followed by
/// words, and the error said the figure "states a count".
#[test]
fn a_unit_tally_does_not_know_is_unreadable_not_a_count() {
    for (text, unit) in [
        ("177 Mbit/s/s", "Mbit/s/s"),
        ("177 M bit/s", "M"),
        ("0.6 Mfps", "Mfps"),
        ("0.6 Mframes/s", "Mframes/s"),
        ("0.6 M pps", "M"),
    ] {
        let prose = format!("It was [{text}]{{=slow}} there.");
        let error = one_error_at(&prose, "figure-unreadable", unit);
        let message = error["message"].as_str().unwrap_or("");
        assert!(message.contains(&format!("`{unit}` is not a unit tally knows")), "{text}: {error:#}");
    }
}

#[test]
fn a_byte_rate_stated_for_a_plain_ratio_is_a_unit_error() {
    one_error_at("It was [4 GB/s]{=four} there.", "figure-unit", "4 GB/s]");
}

/// A user trial: `[989 MB]` for a bit rate was told `would pass: [989000000 bit/s]`. The
/// suggestion is the figure in its own kind at a readable prefix and the stated precision,
/// and pasted into the page it passes.
#[test]
fn a_unit_error_suggests_what_an_author_would_write_and_it_passes_when_pasted() {
    for (text, name, would_pass) in [
        ("177 MB", "slow", "177 Mbit/s"),
        ("177 ms", "slow", "177 Mbit/s"),
        ("0.104858 MB", "byte_rate", "0.104858 Mbit/s"),
        ("40 Mbit/s", "span", "40 s"),
    ] {
        let tag = format!("[{text}]{{={name}}}");
        let error = one_error_at(&format!("It was {tag} there."), "figure-unit", &format!("{text}]"));
        let suggestion = format!("[{would_pass}]{{={name}}}");
        assert!(common::notes(&error).contains(&format!("would pass: {suggestion}")), "{text}: {error:#}");
        site(&format!("It was {suggestion} there.")).check().expect_success();
    }
}

/// A user trial: `[1 s]` for 30 ms was told `would pass: [0 s]`, which fails in turn. A
/// value the stated unit would show as `0` or `0.0…` is suggested at a readable prefix, and
/// pasted into the page it passes.
#[test]
fn a_mismatch_suggests_a_readable_prefix_never_zero_and_it_passes_when_pasted() {
    for (text, name, would_pass) in [
        ("1 Gbit/s", "slow", "177 Mbit/s"),
        ("0 Gbit/s", "slow", "177 Mbit/s"),
        ("1 Mbit/s", "byte_rate", "105 kbit/s"),
    ] {
        let tag = format!("[{text}]{{={name}}}");
        let error = one_error_at(&format!("It was {tag} there."), "figure-mismatch", &format!("{text}]"));
        let suggestion = format!("[{would_pass}]{{={name}}}");
        assert!(common::notes(&error).contains(&format!("would pass: {suggestion}")), "{text}: {error:#}");
        site(&format!("It was {suggestion} there.")).check().expect_success();
    }
}

#[test]
fn zero_stated_for_a_figure_that_is_not_zero_is_an_error() {
    let error = one_error_at("It was [0 Gbit/s]{=slow} there.", "figure-mismatch", "0 Gbit/s]");
    assert!(common::notes(&error).contains("would pass: [177 Mbit/s]{=slow}"), "{error:#}");
}

#[test]
fn a_tag_that_is_not_a_tag_is_an_error_never_text_on_the_page() {
    one_error_at("It ran at 787 Mbit/s{=slow} then.", "figure-tag", "{=slow}");
    one_error_at("It ran [9]{=} then.", "figure-tag", "{=}");
    one_error_at("It ran [5]{=a b} then.", "figure-tag", "{=a b}");
    one_error_at("It ran [4] {=four} then.", "figure-tag", "{=four}");
    one_error_at("See [the [4]{=four} runs](#how-it-was-taken).", "figure-tag", "[4]{=four}");
}
#[test]
fn a_tag_in_a_raw_html_block_is_an_error_never_published_unchecked() {
    let prose = "<div class=\"note\">\nIt ran at [5 s]{=span} then.\n</div>";
    one_error_at(prose, "figure-tag", "[5 s]{=span}");
    let site = site(prose);
    site.build().expect_code(1);
    assert!(!site.path("site").exists(), "nothing is published");
}

#[test]
fn a_tag_in_the_text_of_a_raw_html_link_is_an_error() {
    one_error_at("See <a href=\"#how-it-was-taken\">the [4]{=four} runs</a>.", "figure-tag", "[4]{=four}");
    // Raw HTML around a tag that is no link's text leaves it a figure.
    site("It ran <span>[4]{=four}</span> times.").check().expect_success();
}

#[test]
fn an_integer_of_nineteen_digits_is_compared_at_every_digit() {
    one_error_at(
        "The big one [1,234,567,890,123,456,788]{=big}.",
        "figure-mismatch",
        "1,234,567,890,123,456,788]",
    );
}

#[test]
fn an_integer_of_nineteen_digits_stays_exact_through_a_sum() {
    site("The sum [1,234,567,890,123,456,790]{=big_sum}.").check().expect_success();
    one_error_at(
        "The sum [1,234,567,890,123,456,780]{=big_sum}.",
        "figure-mismatch",
        "1,234,567,890,123,456,780]",
    );
}

/// Issue 12's README-only trial: braces after a `[TEXT]` that were almost a tag (a space,
/// a full-width sign, another sign than `=`) were published as text, the number unchecked.
#[test]
fn braces_after_brackets_that_are_almost_a_tag_are_a_tag_error_naming_the_tag_meant() {
    for brace in [
        "{ =four}",
        "{ = four }",
        "{-four}",
        "{:four}",
        "{#four}",
        "{.four}",
        "（=four）",
        "{＝four}",
        "｛=four｝",
    ] {
        let error = one_error_at(&format!("It ran [4]{brace} times."), "figure-tag", brace);
        let message = error["message"].as_str().unwrap_or("");
        assert!(message.contains("write `{=four}`"), "{brace}: {error:#}");
    }
    // Braces that are not after a `[TEXT]`, or in code, are no tag: a heading's id, a link
    // followed by braces, code.
    site("It ran [4]{=four} times, `[a]{b}` and [a](#not-measured){x}.\n\n## Where {#where}\n\n```\n[1]{x}\n```")
        .check()
        .expect_success();
}

/// Escaped brackets are text, so the tag after them has no `[TEXT]`; the error said it
/// stood apart from its text "with a space", which it did not.
#[test]
fn a_tag_after_escaped_brackets_says_the_brackets_are_escaped() {
    let error = one_error_at("It ran \\[4\\]{=four} times.", "figure-tag", "{=four}");
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains("escaped brackets"), "{error:#}");
}

/// Issue 12's README-only trial: a tag of struck text only said "no number in ` `".
#[test]
fn a_tag_of_struck_text_only_asks_for_the_current_value() {
    let (_, errors) = errors("It was [~~5~~]{=four} there.");
    let error = errors.iter().find(|e| e["code"] == "figure-unreadable").expect("figure-unreadable");
    let message = error["message"].as_str().unwrap_or("");
    assert!(message.contains("only struck text"), "{error:#}");
}
