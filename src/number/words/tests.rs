//! Tests of numbers in words: each reads as a reader reads it, at its own precision, and
//! reads the same as the number in digits (properties from one to 10^12, fractions).

use super::write::{english_cardinal, japanese_numeral};
use super::*;
use crate::number::testing::computed;
use crate::number::{Mismatch, check, parse_stated};
use proptest::prelude::*;

fn value_and_step(text: &str) -> (f64, f64, Unit) {
    let stated = parse_stated(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    (stated.value, stated.precision, stated.unit)
}

fn passes(text: &str, value: f64, unit: Unit) -> bool {
    check(&parse_stated(text).unwrap_or_else(|e| panic!("{text}: {e}")), &computed(value, unit), false)
        .is_ok()
}

#[test]
fn english_cardinals_state_their_own_precision() {
    for (text, value, step) in [
        ("Three", 3.0, 1.0),
        ("twenty-five", 25.0, 1.0),
        ("forty", 40.0, 10.0),
        ("two hundred", 200.0, 100.0),
        ("two hundred and five", 205.0, 1.0),
        ("a thousand", 1000.0, 1000.0),
        ("twelve thousand", 12_000.0, 1000.0),
        ("two hundred fifty thousand", 250_000.0, 10_000.0),
        ("a dozen", 12.0, 12.0),
        ("four and a half", 4.5, 0.5),
        ("three trillion", 3e12, 1e12),
    ] {
        assert_eq!(value_and_step(text), (value, step, Unit::Count), "{text}");
    }
    assert_eq!(value_and_step("forty seconds"), (40.0, 10.0, Unit::Second));
    assert_eq!(value_and_step("four and a half seconds"), (4.5, 0.5, Unit::Second));
}

#[test]
fn japanese_numerals_state_their_own_precision() {
    for (text, value, step, unit) in [
        ("千", 1000.0, 1000.0, Unit::Count),
        ("二百", 200.0, 100.0, Unit::Count),
        ("二百五十", 250.0, 10.0, Unit::Count),
        ("一万二千", 12_000.0, 1000.0, Unit::Count),
        ("四十秒", 40.0, 10.0, Unit::Second),
        ("四秒半", 4.5, 0.5, Unit::Second),
        ("四分の三", 75.0, 25.0, Unit::Percent),
        ("七割", 70.0, 10.0, Unit::Percent),
        ("七割五分", 75.0, 1.0, Unit::Percent),
        ("半分", 50.0, 50.0, Unit::Percent),
        ("二倍", 2.0, 1.0, Unit::Times),
        ("三兆", 3e12, 1e12, Unit::Count),
    ] {
        assert_eq!(value_and_step(text), (value, step, unit), "{text}");
    }
}

#[test]
fn shares_and_multiples_are_read() {
    assert_eq!(value_and_step("three quarters"), (75.0, 25.0, Unit::Percent));
    assert_eq!(value_and_step("a third").1, 100.0 / 3.0);
    assert_eq!(value_and_step("two thirds").0, 200.0 / 3.0);
    assert_eq!(value_and_step("half"), (50.0, 50.0, Unit::Percent));
    assert_eq!(value_and_step("twice"), (2.0, 1.0, Unit::Times));
    assert_eq!(value_and_step("three times"), (3.0, 1.0, Unit::Times));
    assert!(passes("one in four", 26.0, Unit::Percent));
    assert!(!passes("one in four", 34.0, Unit::Percent));
}

/// The examples: a round word passes for what it rounds, and fails otherwise.
#[test]
fn a_round_word_passes_for_what_it_rounds() {
    assert!(passes("a thousand", 1024.0, Unit::Count));
    assert!(passes("千", 1024.0, Unit::Count));
    assert!(!passes("一万", 1024.0, Unit::Count));
    assert!(passes("three quarters", 73.6, Unit::Percent));
    assert!(passes("四分の三", 73.6, Unit::Percent));
    assert!(!passes("a half", 80.0, Unit::Percent));
    assert!(passes("four and a half seconds", 1024.0 / 225.0, Unit::Second));
    assert!(!passes("nine seconds", 1024.0 / 225.0, Unit::Second));
    assert!(passes("七割", 73.6, Unit::Percent));
    assert!(passes("Three", 3.0, Unit::Count));
    assert!(!passes("Five", 3.0, Unit::Count));
    assert!(passes("3 件", 3.0, Unit::Count));
    assert!(!passes("5 件", 3.0, Unit::Count));
    // A share is a percentage: not a count, nor a rate.
    assert!(!passes("three quarters", 73.6, Unit::Count));
}

#[test]
fn a_mismatch_in_words_says_what_would_pass_in_words() {
    for (text, value, unit, would_pass) in [
        ("Five", 3.0, Unit::Count, "Three"),
        ("a thousand", 2_600.0, Unit::Count, "three thousand"),
        ("一万", 1024.0, Unit::Count, "千"),
        ("a quarter", 73.6, Unit::Percent, "three quarters"),
        ("nine seconds", 4.55, Unit::Second, "five seconds"),
        ("四分の一", 73.6, Unit::Percent, "四分の三"),
        ("五百本を超える", 225.0, Unit::Count, "二百を超える"),
        ("over five hundred", 225.0, Unit::Count, "over two hundred"),
    ] {
        match check(&parse_stated(text).unwrap(), &computed(value, unit), false) {
            Err(Mismatch::Value { would_pass: found, .. }) => assert_eq!(found, would_pass, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn words_that_are_no_number_are_not_read() {
    for text in ["none", "half-duplex", "a second", "one two", "一二"] {
        assert!(parse_stated(text).is_err(), "{text}: {:?}", parse_stated(text));
    }
    // A word after the number is read as digits' are: not a unit, an error at it.
    assert!(parse_stated("three failures").is_err());
}

fn halves(n: u64) -> String {
    format!("{} and a half", english_cardinal(n))
}

proptest! {
    /// A number in English words reads as the same number in digits, 1 … 10^12.
    #[test]
    fn english_words_read_as_digits(n in 1u64..=1_000_000_000_000) {
        let text = english_cardinal(n);
        let stated = parse_stated(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(stated.value, n as f64, "{}", text);
        prop_assert!(stated.value % stated.precision == 0.0, "{}", text);
        let and_a_half = halves(n % 1000);
        prop_assert_eq!(parse_stated(&and_a_half).map(|s| s.value).ok(), Some((n % 1000) as f64 + 0.5), "{}", and_a_half);
    }

    /// A number in kanji numerals reads as the same number in digits, 1 … 10^13 (兆).
    #[test]
    fn kanji_numerals_read_as_digits(n in 1u64..=10_000_000_000_000) {
        let text = japanese_numeral(n);
        let stated = parse_stated(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(stated.value, n as f64, "{}", text);
    }

    /// A fraction in words is its share in %, in English and in Japanese, and writing the
    /// share back gives the words.
    #[test]
    fn fractions_read_as_their_share(denominator in proptest::sample::select(vec![2u64, 3, 4, 5, 10]), numerator in 1u64..10) {
        prop_assume!(numerator < denominator);
        let share = numerator as f64 * 100.0 / denominator as f64;
        let japanese = format!("{}分の{}", japanese_numeral(denominator), japanese_numeral(numerator));
        prop_assert!((parse_stated(&japanese).unwrap().value - share).abs() < 1e-9, "{}", japanese);
        let words = Words { step: (100, denominator), kind: WordKind::Fraction, japanese: false, article: false, capital: false };
        let english = write_words(numerator, &words, Unit::Percent, 1);
        prop_assert!((parse_stated(&english).unwrap().value - share).abs() < 1e-9, "{}", english);
        prop_assert!(passes(&english, share, Unit::Percent), "{}", english);
    }
}

#[test]
fn every_number_a_reader_reads_is_found_in_digits_and_words() {
    let text =
        "Three failures, all with 2 of a thousand, 千本 and 一度に, a second XGS 3300, half-duplex, v0.1.0.";
    let found: Vec<&str> = super::every_number(text).into_iter().map(|r| &text[r]).collect();
    assert_eq!(found, ["Three", "2", "a thousand", "千", "3300"]);
}
