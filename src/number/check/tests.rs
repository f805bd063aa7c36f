//! Tests of comparing a stated number with a computed one: rounding, units, what would
//! pass, exact figures, and a property that writing and reading back agree.

use super::*;
use crate::number::parse_stated;
use crate::number::testing::{computed, exactly, passes, passes_exactly};
use crate::number::write_like::format_like;
use crate::number::{Exact, Unit};

#[test]
fn a_unit_error_suggests_the_value_with_the_separators_written() {
    let stated = parse_stated("962,826 Mbit/s").unwrap();
    let error = check(&stated, &computed(962_826.0, Unit::Count), false).unwrap_err();
    assert_eq!(error.would_pass(), "962,826");
}

#[test]
fn zero_is_never_stated_for_something() {
    let stated = parse_stated("0 Gbit/s").unwrap();
    let error = check(&stated, &computed(177e6, Unit::BitPerSecond), false).unwrap_err();
    assert_eq!(error.would_pass(), "177 Mbit/s");
    assert!(passes("0 Gbit/s", 0.0, Unit::BitPerSecond));
    assert!(!passes("0", 1e-9, Unit::Count));
}

#[test]
fn japanese_compound_numbers_are_read_and_written_back_alike() {
    let stated = parse_stated("8億1452万 bit/s").unwrap();
    assert_eq!(stated.value, 814_520_000.0);
    assert_eq!(stated.precision, 10_000.0);
    assert!(passes("8億1452万 bit/s", 814_523_000.0, Unit::BitPerSecond));
    let error = check(&stated, &computed(814_563_000.0, Unit::BitPerSecond), false).unwrap_err();
    assert_eq!(error.would_pass(), "8億1456万 bit/s");
    assert!(passes("3万5千", 35_000.0, Unit::Count));
    assert!(passes("1億", 100_000_000.0, Unit::Count));
}

/// Issue 25's false alarm: `8億1400万` is 814 million at three significant digits, as
/// "814 million" is, so it passes for iperf's printed 814 Mbit/s and for 814.3 million.
#[test]
fn a_japanese_compound_counts_its_trailing_zeros_as_places_not_digits() {
    let stated = parse_stated("8億1400万 bit/s").unwrap();
    let million = parse_stated("814 million bit/s").unwrap();
    assert_eq!((stated.value, stated.precision), (million.value, million.precision));
    assert!(passes("8億1400万 bit/s", 814_300_000.0, Unit::BitPerSecond));
    let error = check(&stated, &computed(815_300_000.0, Unit::BitPerSecond), false).unwrap_err();
    assert_eq!(error.would_pass(), "8億1500万 bit/s");
    assert_eq!(parse_stated("3万5千").unwrap().precision, 1_000.0);
}

#[test]
fn units_convert_to_the_stated_one() {
    assert!(passes("989 Mbit/s", 988_912_345.0, Unit::BitPerSecond));
    assert!(passes("0.989 Gbit/s", 988_912_345.0, Unit::BitPerSecond));
    assert!(passes("2.84 GBytes", 2.84 * 1_073_741_824.0, Unit::Byte));
    assert!(passes("512 KiB", 524_288.0, Unit::Byte));
    assert!(passes("0.6 Mpps", 600_123.0, Unit::PacketPerSecond));
    assert!(passes("40 秒", 40.0, Unit::Second));
    assert!(passes("4,500 ms", 4.5, Unit::Second));
    assert!(passes("1 µs", 1e-6, Unit::Second));
}

#[test]
fn unit_kinds_must_agree() {
    let stated = parse_stated("74 Mbit/s").unwrap();
    let result = check(&stated, &computed(73.59, Unit::Percent), false);
    assert!(matches!(
        result,
        Err(Mismatch::UnitKind { stated: UnitKind::BitRate, computed: UnitKind::Percent, .. })
    ));
    // A bare number does not state a bit rate, nor a percentage.
    assert!(!passes("989", 989e6, Unit::BitPerSecond));
    assert!(!passes("1.0", 1.0, Unit::Percent));
    assert!(passes("1.0 %", 1.0, Unit::Percent));
}

#[test]
fn approximate_drops_trailing_zeros_of_an_integer() {
    let stated = parse_stated("360").unwrap();
    let frames = computed(362.0, Unit::Count);
    assert!(check(&stated, &frames, false).is_err());
    assert!(check(&stated, &frames, true).is_ok());
    assert!(check(&stated, &computed(366.0, Unit::Count), true).is_err());
    // Decimals are significant even when approximate.
    let stated = parse_stated("4.5").unwrap();
    assert!(check(&stated, &computed(4.49, Unit::Count), true).is_ok());
    assert!(check(&stated, &computed(4.44, Unit::Count), true).is_err());
}

#[test]
fn a_mismatch_says_what_would_pass_in_the_stated_style() {
    let text = "962,827";
    let stated = parse_stated(text).unwrap();
    let error = check(&stated, &computed(962_826.0, Unit::Count), false).unwrap_err();
    assert_eq!(error.would_pass(), "962,826");
    let stated = parse_stated("2.75 million").unwrap();
    let error = check(&stated, &computed(2_744_999.0, Unit::Count), false).unwrap_err();
    assert_eq!(error.would_pass(), "2.74 million");
    let stated = parse_stated("２７５ 万").unwrap();
    let error = check(&stated, &computed(2_744_999.0, Unit::Count), false).unwrap_err();
    assert_eq!(error.would_pass(), "２７４万");
    let stated = parse_stated("990 Mbit/s").unwrap();
    match check(&stated, &computed(988_912_345.0, Unit::BitPerSecond), false) {
        Err(Mismatch::Value { computed_text, would_pass }) => {
            assert_eq!(computed_text, "988.912345 Mbit/s");
            assert_eq!(would_pass, "989 Mbit/s");
        }
        other => panic!("{other:?}"),
    }
    let stated = parse_stated("370").unwrap();
    let error = check(&stated, &computed(362.0, Unit::Count), true).unwrap_err();
    assert_eq!(error.would_pass(), "360");
    let stated = parse_stated("0.50 %").unwrap();
    let error = check(&stated, &computed(0.044, Unit::Percent), false).unwrap_err();
    assert_eq!(error.would_pass(), "0.04 %");
}

/// Issue 12: an exact figure is rounded at the stated precision on its exact value, in
/// decimal, however many digits are stated.
#[test]
fn an_exact_figure_is_rounded_on_its_exact_value() {
    assert!(passes_exactly("2.68", "2.675", Unit::Count));
    assert!(!passes_exactly("2.67", "2.675", Unit::Count));
    assert!(passes_exactly("-2.68", "-2.675", Unit::Count));
    let stated = parse_stated("2.67").unwrap();
    assert!(
        check(&stated, &Computed { round: Rounding::Down, ..exactly("2.675", Unit::Count) }, false).is_ok()
    );
    // A tie past the 15th significant digit, which the f64 path cannot see.
    assert!(passes_exactly("0.123456789012346", "0.1234567890123455", Unit::Count));
    assert!(!passes("0.123456789012346", 0.123_456_789_012_345_5, Unit::Count));
    // 0.1 + 0.2 is 0.3 at any precision.
    for text in ["0.3", "0.30", "0.300000000000000000000"] {
        assert!(passes_exactly(text, "0.3", Unit::Count), "{text}");
    }
    assert!(!passes_exactly("0.30000000000000004", "0.3", Unit::Count));
}

#[test]
fn a_rational_figure_is_rounded_at_any_precision() {
    let third = Computed { exact: Exact::ratio(1, 3), ..computed(1.0 / 3.0, Unit::Count) };
    let states = |text: &str| check(&parse_stated(text).unwrap(), &third, false).is_ok();
    assert!(states("0.333"));
    assert!(states("0.3333333333333333333333"));
    assert!(!states("0.334"));
    assert!(!states("0.3333333333333333333334"));
    let two_thirds = Computed { exact: Exact::ratio(2, 3), ..computed(2.0 / 3.0, Unit::Count) };
    let error = check(&parse_stated("0.6666666666666666666").unwrap(), &two_thirds, false).unwrap_err();
    assert_eq!(error.would_pass(), "0.6666666666666666667");
}

/// Issue 12: integers of any size compare at every digit, and a mismatch shows them whole.
#[test]
fn a_forty_digit_integer_is_compared_at_every_digit() {
    let forty = "1234567890123456789012345678901234567890";
    assert!(passes_exactly(forty, forty, Unit::Count));
    assert!(passes_exactly("1,234,567,890,123,456,789,012,345,678,901,234,567,890", forty, Unit::Count));
    let off_by_one = "1234567890123456789012345678901234567891";
    match check(&parse_stated(off_by_one).unwrap(), &exactly(forty, Unit::Count), false) {
        Err(Mismatch::Value { computed_text, would_pass }) => {
            assert_eq!(computed_text, forty);
            assert_eq!(would_pass, forty);
        }
        other => panic!("{other:?}"),
    }
    // Stated in a larger unit, still every digit.
    assert!(passes_exactly("1234567890123456789012345678901234567.890 kB", forty, Unit::Byte));
    assert!(!passes_exactly("1234567890123456789012345678901234567.891 kB", forty, Unit::Byte));
}

/// Unit factors are exact: binary prefixes, bytes as 8 bits, milliseconds.
#[test]
fn units_convert_exactly() {
    assert!(passes_exactly("3.000000000000000000000 MiB", "3145728", Unit::Byte));
    assert!(passes_exactly("1.00000000000000000000 MiB/s", "8388608", Unit::BitPerSecond));
    assert!(passes_exactly("0.125 B/s", "1", Unit::BitPerSecond));
    assert!(passes_exactly("4,500.0000000000000000 ms", "4.5", Unit::Second));
    assert!(passes_exactly("1.00000000000000000000 ns", "0.000000001", Unit::Second));
    assert!(passes_exactly("2.675 µs", "0.000002675", Unit::Second));
    assert!(passes_exactly("2.68 µs", "0.000002675", Unit::Second));
    assert!(!passes_exactly("2.67 µs", "0.000002675", Unit::Second));
    // 10^9 B is 0.931322574615478515625 GiB exactly.
    assert!(passes_exactly("0.931322574615478515625 GiB", "1000000000", Unit::Byte));
    let error =
        check(&parse_stated("0.94 GiB").unwrap(), &exactly("1000000000", Unit::Byte), false).unwrap_err();
    assert_eq!(error.would_pass(), "0.93 GiB");
}

#[test]
fn format_like_keeps_the_words_around() {
    let text = "(9,090).";
    let stated = parse_stated(text).unwrap();
    assert_eq!(format_like(9_481.0, &stated, text), "(9,481).");
    // A full-width point between full-width digits is read as a point, as a reader reads
    // it (it was two numbers, ２ and ７４, and `９．９ Gbps` was reported as `９ Gbps`).
    let text = "２．７４ million";
    let stated = parse_stated(text).unwrap();
    assert_eq!(stated.value, 2_740_000.0);
    assert_eq!(format_like(2_750_000.0, &stated, text), "２．７５ million");
}

mod properties {
    use super::super::*;
    use crate::number::Unit;
    use crate::number::parse_stated;
    use crate::number::write_like::format_like;
    use proptest::prelude::*;

    proptest! {
        /// Writing a value in a stated style and reading it back gives the value at that
        /// precision, and it passes the check.
        #[test]
        fn format_then_parse_agrees(
            value in -1.0e12f64..1.0e12,
            decimals in 0usize..4,
            separators in any::<bool>(),
            full_width in any::<bool>(),
            unit_index in 0usize..6,
        ) {
            let units = [Unit::Count, Unit::Percent, Unit::MegabitPerSecond, Unit::Gibibyte, Unit::Millisecond, Unit::KilopacketPerSecond];
            let unit = units[unit_index];
            let mut template = String::from(if separators { "1,000" } else { "1000" });
            if decimals > 0 {
                template.push('.');
                template.push_str(&"0".repeat(decimals));
            }
            if full_width {
                template = template.chars().map(|c| if c.is_ascii_digit() { char::from_u32('０' as u32 + (c as u32 - '0' as u32)).unwrap() } else { c }).collect();
            }
            if unit != Unit::Count {
                template.push(' ');
                template.push_str(unit.symbol());
            }
            let like = parse_stated(&template).unwrap();
            let base = value * unit.factor();
            let written = format_like(base, &like, &template);
            let back = parse_stated(&written).unwrap();
            prop_assert_eq!(back.unit, unit);
            prop_assert!((back.value - value).abs() <= like.precision / 2.0 * (1.0 + 1e-9) + value.abs() * 1e-14, "{} → {} ({})", value, written, back.value);
            // Zero is stated only for nothing: a value that rounds to it does not pass.
            prop_assume!(!back.decimal.is_zero());
            let figure = Computed { name: "p".into(), value: base, unit, exact: None, formula: String::new(), inputs: Vec::new(), dropped: Vec::new(), round: Rounding::HalfAwayFromZero, withdrawn: Vec::new(), printed: None, over: None };
            prop_assert!(check(&back, &figure, false).is_ok(), "{} written {}", value, written);
        }
    }
}

/// Regression (user trial): "one in four" for 73.6 % proposed "one in one", no share a
/// reader says; above half the share is proposed in digits.
#[test]
fn one_in_n_above_half_proposes_the_share_in_digits() {
    let stated = parse_stated("one in four").unwrap();
    let error = check(&stated, &computed(73.6, Unit::Percent), false).unwrap_err();
    assert!(!error.would_pass().contains("one in one"), "{}", error.would_pass());
    assert!(error.would_pass().contains('7'), "{}", error.would_pass());
    let error = check(&stated, &computed(40.0, Unit::Percent), false).unwrap_err();
    assert_eq!(error.would_pass(), "one in three");
}
