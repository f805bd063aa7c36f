//! Property tests of the tag reader: whatever it accepts, it read whole.

use super::*;
use proptest::prelude::*;

/// Characters that make or break a number: digits, separators, letters stuck to it,
/// scale words, units, superscripts, spaces and Japanese.
fn risky() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        proptest::sample::select(vec![
            "0",
            "1",
            "5",
            "9",
            "０",
            "７",
            ".",
            ",",
            "e",
            "E",
            "x",
            "k",
            "M",
            "G",
            "B",
            "b",
            "O",
            "/",
            "s",
            " ",
            "%",
            "万",
            "億",
            "千",
            "秒",
            "³",
            "-",
            "−",
            "about ",
            " frames",
            " Mbit/s",
            " million",
            "Gbit/s",
            "×",
            "倍",
            "_",
            "'",
            "not ",
            " per core",
            " 未満",
            "約",
            "(",
            ")",
            "~",
        ]),
        0..10,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// Whatever the reader accepts, it read whole: no digit is left outside the number,
    /// and nothing stuck to the number on either side changes what it means.
    #[test]
    fn the_reader_never_accepts_a_text_it_did_not_read_whole(text in risky()) {
        if let Ok(stated) = parse_stated(&text) {
            // A digit outside the number may only stand inside a word that starts with a
            // letter ("Port8"); a superscript nowhere.
            for part in [&text[..stated.whole_range.start], &text[stated.whole_range.end..]] {
                prop_assert!(!part.chars().any(is_superscript), "{:?}", text);
                let mut word_starts_with_letter = false;
                let mut previous: Option<char> = None;
                for c in part.chars() {
                    let in_word = previous.is_some_and(|p| p.is_ascii_alphanumeric() || "_.,".contains(p));
                    if !in_word {
                        word_starts_with_letter = c.is_alphabetic();
                    }
                    prop_assert!(digit_value(c).is_none() || (in_word && word_starts_with_letter), "{:?} left {:?}", text, part);
                    previous = Some(c);
                }
            }
            // Nothing but spaces, brackets and punctuation beside it: a word could change
            // what the number means.
            // (but the bound and counter it states with the number: `over 5`, 「5 本未満」).
            let beside = text[..stated.claim_range.start].chars().chain(text[stated.claim_range.end..].chars());
            prop_assert!(beside.clone().all(may_stand_beside), "{:?} kept a word", text);
            let before = text[..stated.whole_range.start].chars().next_back();
            prop_assert!(!before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '.' || c == ','), "{:?}", text);
            let after = text[stated.whole_range.end..].chars().next();
            prop_assert!(!after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '/'), "{:?}", text);
        }
    }

    /// A number tally reads, with a letter stuck to it, is no longer read.
    #[test]
    fn a_letter_stuck_to_a_read_number_is_an_error(
        integer in 0u64..10_000_000, decimals in 0usize..3, letter in "[a-zA-Z]",
    ) {
        let number = if decimals == 0 { integer.to_string() } else { format!("{integer}.{}", "5".repeat(decimals)) };
        prop_assert!(parse_stated(&number).is_ok());
        let glued = format!("{number}{letter}");
        prop_assert!(parse_stated(&glued).is_err(), "{} was read", glued);
    }
}
