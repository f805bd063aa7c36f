//! Tests of what would pass for a number stated in a unit of another kind: the figure's
//! own kind at a readable prefix and the stated precision, and that it passes as written.

use crate::number::testing::{computed, exactly};
use crate::number::{Computed, Printed};
use crate::number::{Mismatch, Rounding, Unit, check, parse_stated};

/// What would pass for `text` stated for `figure`, after checking that it is a unit error
/// and that the suggestion, pasted into the tag, passes.
#[track_caller]
fn suggested(text: &str, figure: &Computed, approximate: bool) -> String {
    suggestion(text, figure, approximate, true)
}

/// What would pass for `text`, a value of the figure's kind that does not pass.
#[track_caller]
fn suggested_in_kind(text: &str, figure: &Computed) -> String {
    suggestion(text, figure, false, false)
}

/// The suggestion for `text`, after checking that the error is a unit error or not as
/// `of_another_kind` says, that the suggestion is no `0` for something, and that pasted into
/// the tag it passes.
#[track_caller]
fn suggestion(text: &str, figure: &Computed, approximate: bool, of_another_kind: bool) -> String {
    let stated = parse_stated(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let error = check(&stated, figure, approximate).expect_err(text);
    assert_eq!(matches!(error, Mismatch::UnitKind { .. }), of_another_kind, "{text}: {error:?}");
    let would_pass = error.would_pass().to_string();
    let pasted = parse_stated(&would_pass).unwrap_or_else(|e| panic!("{text} → `{would_pass}`: {e}"));
    assert!(!pasted.decimal.is_zero() || figure.value == 0.0, "{text} → `{would_pass}` for {}", figure.value);
    if let Err(still) = check(&pasted, figure, approximate) {
        panic!("{text} → `{would_pass}` does not pass: {still}");
    }
    would_pass
}

/// A user trial: `[1 s]` for a span of 30 ms was told `[0 s]` would pass, and `[0 s]` then
/// `[0.0300 s]`; `[1 Mbit/s]` for 0.183 Mbit/s, `[0 Mbit/s]`. A suggestion is never `0` for
/// something, nor a fraction the author did not write: it takes the prefix that puts the
/// value in [1, 1000), at the stated significant digits.
#[test]
fn a_value_that_would_read_as_zero_or_leading_zeros_is_suggested_at_a_readable_prefix() {
    let span = exactly("0.03", Unit::Second);
    assert_eq!(suggested_in_kind("1 s", &span), "30 ms");
    assert_eq!(suggested_in_kind("0 s", &span), "30 ms");
    assert_eq!(suggested_in_kind("0.0 s", &span), "30 ms");
    assert_eq!(suggested_in_kind("2.5 s", &span), "30 ms");
    assert_eq!(suggested_in_kind("1.50 s", &span), "30.0 ms");
    let rate = exactly("183000", Unit::BitPerSecond);
    assert_eq!(suggested_in_kind("0 Mbit/s", &rate), "183 kbit/s");
    assert_eq!(suggested_in_kind("1 Mbit/s", &rate), "183 kbit/s");
    assert_eq!(suggested_in_kind("1 Gbit/s", &rate), "183 kbit/s");
    assert_eq!(suggested_in_kind("0 Gbit/s", &exactly("177000000", Unit::BitPerSecond)), "177 Mbit/s");
    // In the stated unit's own family (bytes a second, binary bytes).
    assert_eq!(suggested_in_kind("1 MB/s", &exactly("160000", Unit::BitPerSecond)), "20 kB/s");
    assert_eq!(suggested_in_kind("0 GiB", &exactly("2048", Unit::Byte)), "2 KiB");
    // A fraction the author wrote stays one.
    assert_eq!(suggested_in_kind("0.05 s", &span), "0.03 s");
    assert_eq!(suggested_in_kind("0.3 Gbit/s", &exactly("177000000", Unit::BitPerSecond)), "0.2 Gbit/s");
    // A kind with no prefixes: the value at the stated significant digits.
    assert_eq!(suggested_in_kind("1", &exactly("0.03", Unit::Count)), "0.03");
    assert_eq!(suggested_in_kind("0 %", &exactly("0.0044", Unit::Percent)), "0.004 %");
}

/// A user trial: `[989 MB]` and `[989 ms]` for a bit rate were told that
/// `989000000 bit/s` would pass, a number no author writes.
#[test]
fn a_unit_of_another_kind_suggests_the_figure_in_its_own_kind_at_a_readable_prefix() {
    let rate = exactly("989000000", Unit::BitPerSecond);
    // The stated prefix, where the figure's kind has it.
    assert_eq!(suggested("989 MB", &rate, false), "989 Mbit/s");
    assert_eq!(suggested("0.989 GB", &rate, false), "0.989 Gbit/s");
    assert_eq!(suggested("989,000 kB", &rate, false), "989,000 kbit/s");
    assert_eq!(suggested("512 KiB/s", &exactly("524288", Unit::Byte), false), "512 KiB");
    // Else the prefix that puts the value in [1, 1000).
    assert_eq!(suggested("989 ms", &rate, false), "989 Mbit/s");
    assert_eq!(suggested("3 MiB", &exactly("24000000", Unit::BitPerSecond), false), "24 Mbit/s");
    assert_eq!(suggested("40 Mbit/s", &exactly("40", Unit::Second), false), "40 s");
    assert_eq!(suggested("0.5 Mbit/s", &exactly("0.0005", Unit::Second), false), "500 µs");
    assert_eq!(suggested("4 B", &exactly("0", Unit::BitPerSecond), false), "0 bit/s");
    assert_eq!(suggested("74 Mbit/s", &exactly("73.59", Unit::Percent), false), "74 %");
    assert_eq!(suggested("962,826 Mbit/s", &exactly("962826", Unit::Count), false), "962,826");
    assert_eq!(suggested("-2.5 MB", &exactly("-2.5", Unit::Count), false), "-2.5");
}

#[test]
fn a_unit_of_another_kind_suggests_the_stated_number_of_significant_digits() {
    let rate = exactly("988912345", Unit::BitPerSecond);
    assert_eq!(suggested("989 MB", &rate, false), "989 Mbit/s");
    assert_eq!(suggested("988.9 MB", &rate, false), "988.9 Mbit/s");
    assert_eq!(suggested("1 GB", &rate, false), "1.0 Gbit/s");
    assert_eq!(suggested("4,500 kB", &exactly("4.5", Unit::Second), false), "4.500 s");
    // Never a digit left of the unit's, which would read as a significant zero.
    assert_eq!(suggested("9 ms", &rate, false), "989 Mbit/s");
    assert_eq!(
        suggested("1.2 MB", &exactly("12345678901234567890", Unit::Count), false),
        "12345678901234567890"
    );
    // An approximate tag's trailing zeros are not significant, and it still passes.
    assert_eq!(suggested("360 ms", &exactly("362", Unit::Count), true), "362");
    // Truncated where the figure says `round: down`.
    let down = Computed { round: Rounding::Down, ..exactly("989900000", Unit::BitPerSecond) };
    assert_eq!(suggested("989 MB", &down, false), "989 Mbit/s");
}

#[test]
fn a_unit_of_another_kind_never_suggests_binary_noise_nor_a_long_exponent() {
    // A figure kept only as an f64 (past what is kept exactly).
    assert_eq!(suggested("0.3 Mbit/s", &computed(0.1 + 0.2, Unit::Second), false), "300 ms");
    assert_eq!(suggested("1.5 MB", &computed(1.1 + 2.2, Unit::Count), false), "3.3");
    assert_eq!(
        suggested("989 MB", &computed(989e6 * (1.0 + f64::EPSILON), Unit::BitPerSecond), false),
        "989 Mbit/s"
    );
    assert_eq!(suggested("2 MB", &exactly("0.000000002", Unit::Second), false), "2 ns");
    assert_eq!(suggested("1 MB", &exactly("5000000000000000", Unit::BitPerSecond), false), "5000 Tbit/s");
}

#[test]
fn a_unit_of_another_kind_is_suggested_no_finer_than_a_tool_printed_it() {
    let printed = Printed { by: "iperf", as_written: "814 Mbits/sec".into(), stated: "814 Mbit/s".into() };
    let rate = Computed { printed: Some(printed), ..exactly("814000000", Unit::BitPerSecond) };
    assert_eq!(suggested("814.0 MB", &rate, false), "814 Mbit/s");
    assert_eq!(suggested("0.8140 GB", &rate, false), "0.814 Gbit/s");
    assert_eq!(suggested("814,000.0 kB", &rate, false), "814 Mbit/s");
}

#[test]
fn a_unit_of_another_kind_is_suggested_in_the_stated_style() {
    assert_eq!(
        suggested("１,２３４ MB", &exactly("1234000000", Unit::BitPerSecond), false),
        "１,２３４ Mbit/s"
    );
    assert_eq!(suggested("1234 MB", &exactly("1234000000", Unit::BitPerSecond), false), "1234 Mbit/s");
}

/// Every suggestion, for values of every size and sign in every kind, stated in every kind,
/// passes when pasted into the tag and is no `0` for something.
#[test]
fn every_suggestion_in_any_kind_passes_as_written_and_is_no_zero_for_something() {
    let values = ["0", "0.000000001", "0.0123", "1", "999.95", "1234.5678", "989000000", "1e15", "-42.42"];
    let units =
        [Unit::BitPerSecond, Unit::Byte, Unit::Second, Unit::PacketPerSecond, Unit::Percent, Unit::Count];
    let texts = [
        "1 MB",
        "12.34 ms",
        "0.5 GiB/s",
        "1,000 kpps",
        "7 %",
        "3",
        "８ 秒",
        "2.74 million",
        "8億1400万 bit/s",
        "0 s",
        "1 Mbit/s",
        "0 GB",
        "0",
    ];
    for value in values {
        let exact = value.replace("1e15", "1000000000000000");
        for unit in units {
            for figure in [exactly(&exact, unit), computed(exact.parse().unwrap_or(0.0), unit)] {
                for text in texts {
                    let stated = parse_stated(text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    for approximate in [false, true] {
                        if stated.unit.kind() != unit.kind() {
                            suggested(text, &figure, approximate);
                        } else if check(&stated, &figure, approximate).is_err() {
                            suggestion(text, &figure, approximate, false);
                        }
                    }
                }
            }
        }
    }
}
