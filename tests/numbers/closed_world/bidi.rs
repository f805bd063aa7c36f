//! Issue 25, text a browser shows otherwise than it is written: a bidirectional override
//! or a `bdo` element around or inside a number shows a reader the digits reversed
//! (`[418]` as 814); digits and letters from other alphabets inside a tag's text. Each is an
//! error at its place, never a pass.

use super::*;

const JA: &str = "content/measurements/m/index.ja.md";

/// The page stating `prose` with its Japanese translation stating `ja_prose`.
fn translated(prose: &str, ja_prose: &str) -> Site {
    super::translations::translated(prose, ja_prose, &|ja| ja)
}

#[test]
fn a_bidi_override_around_or_inside_a_number_is_an_error_at_the_override() {
    for (prose, needle) in [
        ("It took \u{202e}[120]{=runs.t1.frames}\u{202c} frames.", "\u{202e}"),
        ("It took [120]{=runs.t1.frames} frames and \u{202e}418\u{202c} more.", "\u{202e}"),
        ("It took [120]{=runs.t1.frames} frames and 4\u{2067}18\u{2069} more.", "\u{2067}"),
        ("It took <bdo dir=\"rtl\">[120]{=runs.t1.frames}</bdo> frames.", "<bdo"),
        (
            "It took <span style=\"unicode-bidi: bidi-override; direction: rtl\">418</span> frames.",
            "bidi-override",
        ),
    ] {
        let error = one_error_at(prose, "bidi-control", needle);
        assert!(error["message"].as_str().unwrap_or("").contains("another order"), "{prose}: {error:#}");
    }
}

#[test]
fn a_bidi_override_in_a_translation_is_an_error_there() {
    let site = translated(
        "It took [120]{=runs.t1.frames} frames.",
        "\u{202e}[120]{=runs.t1.frames}\u{202c} 個のフレーム。",
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == "bidi-control").collect();
    assert_eq!(ours.len(), 1, "{errors:#?}");
    common::assert_at(ours[0], "bidi-control", &site, JA, "\u{202e}");
}

#[test]
fn right_to_left_words_and_marks_stay_fine() {
    site("It took [120]{=runs.t1.frames} frames (שלום \u{200f}).").check().expect_success();
}

#[test]
fn digits_and_letters_of_other_alphabets_in_a_tag_are_unreadable() {
    for prose in [
        "It took [\u{1d7cf}\u{1d7d0}\u{1d7ce}]{=runs.t1.frames} frames.",
        "It ran at [800 \u{41c}bit/s]{=slow}.",
        "It ran at [800 bit/\u{455}]{=slow}.",
        "It took [١٢٠]{=runs.t1.frames} frames.",
    ] {
        let (_, errors) = errors(prose);
        assert!(errors.iter().any(|e| e["code"] == "figure-unreadable"), "{prose}: {errors:#?}");
    }
}
