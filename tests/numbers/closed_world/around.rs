//! Issue 25, what a reader reads around a tag: text glued to it that changes its number, a
//! tag or a number struck with no withdrawal behind it, an approximate figure with no word
//! of approximation beside it. Each case passed `tally check` before.

use super::*;

const JA: &str = "content/measurements/m/index.ja.md";

/// The fixture with a Japanese translation whose prose is `ja_prose`.
/// The page stating `prose` with its Japanese translation stating `ja_prose`.
fn translated(prose: &str, ja_prose: &str) -> Site {
    super::translations::translated(prose, ja_prose, &|ja| ja)
}

/// The one `figure-tag` error of the Japanese page stating `ja_prose`, at `needle` of it.
#[track_caller]
fn one_ja_error_at(prose: &str, ja_prose: &str, needle: &str) -> Value {
    let site = translated(prose, ja_prose);
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "`{ja_prose}` passed: {run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "figure-tag" && e["path"] == JA).collect();
    assert_eq!(ours.len(), 1, "`{ja_prose}`: {errors:#?}");
    common::assert_at(ours[0], "figure-tag", &site, JA, needle);
    ours[0].clone()
}

#[track_caller]
fn message(error: &Value) -> &str {
    error["message"].as_str().unwrap_or("")
}

#[test]
fn text_glued_to_a_tag_that_changes_its_number_is_an_error_at_the_tag_naming_what_to_move() {
    for (prose, tag, glued) in [
        ("It was 9[4]{=four} there.", "[4]{=four}", "`9`"),
        ("It was 1,[4]{=four} there.", "[4]{=four}", "`1,`"),
        ("It was [4]{=four},000 there.", "[4]{=four}", "`,000`"),
        ("It was [4]{=four}.5 there.", "[4]{=four}", "`.5`"),
        ("It was [4]{=four}0 there.", "[4]{=four}", "`0`"),
        ("It fell by -[74 %]{=written_percent} there.", "[74 %]{=written_percent}", "`-`"),
        ("It fell (−[74 %]{=written_percent}) there.", "[74 %]{=written_percent}", "`−`"),
        ("It was [4]{=four} thousand there.", "[4]{=four}", "`thousand`"),
        ("It was [4]{=four} million there.", "[4]{=four}", "`million`"),
        ("It was [4]{=four}万 there.", "[4]{=four}", "`万`"),
        ("It was [4]{=four} Gbit/s there.", "[4]{=four}", "`Gbit/s`"),
        ("It was [4]{=four}% there.", "[4]{=four}", "`%`"),
        ("It was [4]{=four} % there.", "[4]{=four}", "`%`"),
        ("It took [4]{=four} seconds there.", "[4]{=four}", "`seconds`"),
        ("It took [4]{=four}\nms there.", "[4]{=four}", "`ms`"),
        ("It was [4]{=four}k there.", "[4]{=four}", "`k`"),
        ("It was [120]{=runs.t1.frames} frames a second.", "[120]{=runs.t1.frames}", "`frames a second`"),
        ("It was [10]{=ten}<sup>6</sup> there.", "[10]{=ten}", "superscript"),
        ("It was [10]{=ten}⁶ there.", "[10]{=ten}", "superscript"),
        ("It was [10]{=ten}^6 there.", "[10]{=ten}", "superscript"),
        ("It was **9**[4]{=four} there.", "[4]{=four}", "`9`"),
        ("It was [1]{=one}[4]{=four} there.", "[1]{=one}", "`[4]{=four}`"),
    ] {
        let error = one_error_at(prose, "figure-tag", tag);
        assert!(message(&error).contains(glued), "{prose}: {error:#}");
        assert!(message(&error).contains(&format!("`{tag}`")), "{prose}: {error:#}");
    }
}

#[test]
fn the_error_for_glued_text_says_what_a_reader_reads_and_what_to_write() {
    let error = one_error_at("It was 9[4]{=four} there.", "figure-tag", "[4]{=four}");
    assert!(message(&error).contains("`94`"), "{error:#}");
    assert!(message(&error).contains("`[94]{=four}`"), "{error:#}");
    let error = one_error_at("It was [4]{=four} Gbit/s there.", "figure-tag", "[4]{=four}");
    assert!(message(&error).contains("`[4 Gbit/s]{=four}`"), "{error:#}");
}

#[test]
fn ordinary_words_and_punctuation_beside_a_tag_stay_fine() {
    site(
        "It took [120]{=runs.t1.frames} frames, [4]{=four} runs and [10]{=ten}: [1]{=one}. ([4]{=four}) times, \
         [4]{=four}–[10]{=ten} runs, [4]{=four}-[10]{=ten} runs, top-[10]{=ten}, *[4]{=four}* times, \
         [4]{=four}× faster, [120]{=runs.t1.frames} new ones a second, [4]{=four}[^1] and 2026 [4]{=four} runs.\n\n[^1]: A note.",
    )
    .check()
    .expect_success();
}

#[test]
fn text_glued_to_a_tag_in_japanese_is_an_error_and_counters_stay_fine() {
    let prose = "It ran [4]{=four} times.";
    for (ja, glued) in [
        ("[4]{=four}万回走りました。", "`万`"),
        ("[4]{=four}億回走りました。", "`億`"),
        ("[4]{=four}千回走りました。", "`千`"),
        ("[4]{=four}秒走りました。", "`秒`"),
        ("[4]{=four} ％走りました。", "`％`"),
        ("[4]{=four}，０００回走りました。", "`，０００`"),
    ] {
        let error = one_ja_error_at(prose, ja, "[4]{=four}");
        assert!(message(&error).contains(glued), "{ja}: {error:#}");
    }
    translated(prose, "[4]{=four} 回走りました。").check().expect_success();
    translated(prose, "[4]{=four}回、走りました。").check().expect_success();
}

#[test]
fn a_number_struck_outside_its_tag_in_a_table_cell_is_an_error() {
    let prose = "It ran.\n\n| Run | Frames |\n|---|---|\n| t1 | ~~9,481~~ [120]{=runs.t1.frames} |";
    let error = one_error_at(prose, "figure-tag", "9,481");
    assert!(message(&error).contains("struck outside a figure tag"), "{error:#}");
}

/// A user trial: a zero-width space or soft hyphen between a digit and a tag, and two
/// spaces or a tab before a unit, hid what a browser shows (9814 Mbit/s, one space).
#[test]
fn characters_that_show_nothing_and_doubled_spaces_do_not_hide_what_touches_a_tag() {
    for prose in [
        "It sent 9&#8203;[120]{=runs.t1.frames} frames.",
        "It sent 9&shy;[120]{=runs.t1.frames} frames.",
        "It sent [120]{=runs.t1.frames}&#8203;0 frames.",
        "It sent 9\u{200B}[120]{=runs.t1.frames} frames.",
        "It sent [120]{=runs.t1.frames}  thousand frames.",
        "It sent [120]{=runs.t1.frames}\tthousand frames.",
    ] {
        one_error_at(prose, "figure-tag", "[120]");
    }
}

#[test]
fn a_number_struck_with_raw_del_outside_its_tag_is_an_error_in_a_paragraph_and_a_cell() {
    for prose in [
        "It sent <del>9,481</del> [120]{=runs.t1.frames} frames.",
        "It ran.\n\n| Run | Frames |\n|---|---|\n| t1 | <s>9,481</s> [120]{=runs.t1.frames} |",
    ] {
        let error = one_error_at(prose, "figure-tag", "9,481");
        assert!(message(&error).contains("struck outside a figure tag"), "{prose}: {error:#}");
    }
}

#[test]
fn a_whole_tag_struck_is_an_error_in_a_paragraph_and_in_a_table_cell() {
    for prose in [
        "It ran ~~[4]{=four}~~ times.",
        "It ran <del>[4]{=four}</del> times.",
        "It ran.\n\n| Run | Runs |\n|---|---|\n| t1 | ~~[4]{=four}~~ |",
    ] {
        let error = one_error_at(prose, "figure-tag", "[4]{=four}");
        assert!(message(&error).contains("[~~4~~ "), "{prose}: {error:#}");
    }
}

#[test]
fn an_approximate_figure_without_a_word_of_approximation_is_an_error_saying_what_to_write() {
    let error = one_error_at("It was [10]{~ten} there.", "figure-tag", "[10]{~ten}");
    assert!(message(&error).contains("about [10]{~ten}"), "{error:#}");
    // What `[10]` passes for, so that the author sees why a word is needed.
    assert!(message(&error).contains("from 5 up to 15"), "{error:#}");
    for fine in [
        "It was about [10]{~ten} there.",
        "It was around [10]{~ten} there.",
        "It was some [10]{~ten} there.",
        "It was roughly [10]{~ten} there.",
        "It was approximately [10]{~ten} there.",
        "It was About\n[10]{~ten} there.",
        "It was *about* [10]{~ten} there.",
        "It was ~[10]{~ten} there.",
        "It was [10]{~ten} or so.",
        "It was [10]{~ten} runs or so.",
        // A user trial: natural wording refused.
        "It was [10]{~ten} runs, more or less.",
    ] {
        site(fine).check().expect_success();
    }
}

/// Issue 43: "nearly" and "almost" were words of approximation, read as either side of the
/// number; they are bounds, below it only, and a bound is stated in the tag.
#[test]
fn nearly_before_an_approximate_figure_is_a_bound_to_state_in_the_tag() {
    for word in ["nearly", "Almost"] {
        let error = one_error_at(&format!("It was {word} [10]{{~ten}} there."), "figure-tag", "[10]{~ten}");
        assert!(message(&error).contains("is a bound"), "{error:#}");
        assert!(message(&error).contains(&format!("[{} 10]{{=ten}}", word.to_lowercase())), "{error:#}");
    }
    one_error_at("It was [nearly 10]{=ten} there.", "figure-mismatch", "nearly 10]");
    site("It was [at least 10]{=ten} there.").check().expect_success();
}

#[test]
fn an_approximate_figure_in_japanese_needs_a_word_of_approximation_too() {
    let prose = "It ran about [10]{~ten} times.";
    one_ja_error_at(prose, "[10]{~ten} 回走りました。", "[10]{~ten}");
    for fine in [
        "約 [10]{~ten} 回走りました。",
        "約[10]{~ten}回走りました。",
        "およそ [10]{~ten} 回走りました。",
        "[10]{~ten} 回ほど走りました。",
        "[10]{~ten} 回程度走りました。",
        "[10]{~ten} 回前後走りました。",
    ] {
        translated(prose, fine).check().expect_success();
    }
}
