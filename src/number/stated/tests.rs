//! Tests of reading a tag's text: separators, scales, units, and what is not read.

use super::*;

#[test]
fn the_same_value_is_the_same_at_every_digit() {
    assert!(same_value("814 Mbit/s", "0.814 Gbit/s"));
    assert!(same_value("1,234,567,890,123,456,789,012,345,678", "1234567890123456789012345678"));
    assert!(!same_value("1,234,567,890,123,456,789,012,345,678", "1,234,567,890,123,456,789,012,345,679"));
    assert!(!same_value("2.68", "2.69"));
    assert!(!same_value("814 Mbit/s", "814 MB/s"));
}

#[test]
fn a_struck_number_without_a_unit_is_read_in_the_live_numbers_unit() {
    let mbit = Unit::MegabitPerSecond;
    assert!(same_struck_value("790 Mbit/s", "790", mbit, Unit::Count));
    assert!(same_struck_value("0.79 Gbit/s", "790", mbit, Unit::Count));
    assert!(same_struck_value("790", "790", mbit, Unit::Count));
    assert!(!same_struck_value("790 Mbit/s", "790", Unit::Count, Unit::Count));
    assert!(!same_struck_value("790 Mbit/s", "791", mbit, Unit::Count));
    assert!(!same_struck_value("790 Mbit/s", "790 MB/s", mbit, Unit::Count));
}

/// Issue 43: `value: "790"` listed for a figure in Mbit/s did not match
/// `[~~790 Mbit/s~~ 786 Mbit/s]`, the text compared rather than the value.
#[test]
fn a_listed_value_without_a_unit_is_read_in_the_figures_unit() {
    let mbit = Unit::MegabitPerSecond;
    assert!(same_struck_value("790", "790 Mbit/s", mbit, mbit));
    assert!(same_struck_value("790", "0.79 Gbit/s", mbit, mbit));
    assert!(same_struck_value("790", "790", mbit, mbit));
    assert!(!same_struck_value("790", "790 Mbit/s", mbit, Unit::Count), "a count is no rate");
    assert!(!same_struck_value("790", "791 Mbit/s", mbit, mbit));
    assert!(!same_struck_value("790", "790 MB/s", mbit, mbit));
}

#[test]
fn stated_numbers_parse_with_separators_signs_scales_and_units() {
    let s = parse_stated("962,826").unwrap();
    assert_eq!((s.value, s.unit, s.precision), (962_826.0, Unit::Count, 1.0));
    let s = parse_stated("99.6 %").unwrap();
    assert_eq!((s.value, s.unit), (99.6, Unit::Percent));
    assert!((s.precision - 0.1).abs() < 1e-12);
    let s = parse_stated("2.74 million").unwrap();
    assert_eq!((s.value, s.precision), (2_740_000.0, 10_000.0));
    let s = parse_stated("274 万").unwrap();
    assert_eq!((s.value, s.unit, s.precision), (2_740_000.0, Unit::Count, 10_000.0));
    let s = parse_stated("−3.5 ms").unwrap();
    assert_eq!((s.value, s.unit), (-3.5, Unit::Millisecond));
    let s = parse_stated("１，０２４").unwrap_err();
    // A full-width comma is not a separator: two numbers.
    assert!(matches!(s, NumberError::SeveralNumbers { .. }));
    let s = parse_stated("１０２４").unwrap();
    assert_eq!(s.value, 1024.0);
    assert!(s.style.full_width);
    let s = parse_stated("(360)").unwrap();
    assert_eq!(s.number_range, 1..4);
}

#[test]
fn no_number_or_two_numbers_is_an_error() {
    assert!(matches!(parse_stated("none"), Err(NumberError::NoNumber { .. })));
    match parse_stated("520 / 10") {
        Err(NumberError::SeveralNumbers { ranges, .. }) => assert_eq!(ranges, vec![0..3, 6..8]),
        other => panic!("{other:?}"),
    }
    // A model name glued to letters is not a second number (but a word the tag may
    // not hold).
    assert!(matches!(parse_stated("Port8 9,090"), Err(NumberError::Unread { part, .. }) if part == "Port8"));
}

/// Every case of issue 12 that was read in part and passed: now an error naming the part.
#[test]
fn a_tag_is_read_whole_or_not_at_all() {
    for (text, part) in [
        ("1e3", "1e3"),
        ("0x10", "0x10"),
        ("10M", "10M"),
        ("1k", "1k"),
        ("1.000,5", "1.000,5"),
        ("10O", "10O"),
        ("10³", "10³"),
        ("4 Gb", "Gb"),
        ("3 kW", "kW"),
        ("5 furlongs/s", "furlongs/s"),
        ("3300s", "3300s"),
        ("1.4.85", "1.4.85"),
        // Issue 12's user trial: words that change what the number means passed.
        ("not 224 Mbit/s", "not"),
        ("about 360 frames", "about"),
        ("814 Mbit/s per core", "per"),
        ("約 224", "約"),
        ("814 Mbit/s%", "%"),
        ("~360", "~"),
        ("360 frames", "frames"),
        ("274 万パケット", "パケット"),
        ("HTTP 9,090 TCP", "HTTP"),
        // Issue 12's user trial: units tally does not know were read as counts.
        ("814 Mbit/s/s", "Mbit/s/s"),
        ("814 M bit/s", "M"),
        ("0.6 Mfps", "Mfps"),
        ("0.6 Mframes/s", "Mframes/s"),
        ("0.6 M pps", "M"),
    ] {
        match parse_stated(text) {
            Err(NumberError::Unread { part: found, .. }) => assert_eq!(found, part, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // Still read: Japanese units touching the number, brackets and punctuation.
    for text in ["40秒間", "274 万", "(9,090)", "74 %.", "「９０９０」、", "1.4×", "1.4 倍"] {
        assert!(parse_stated(text).is_ok(), "{text}: {:?}", parse_stated(text));
    }
}

#[test]
fn spelled_out_time_units_and_byte_rates_are_read() {
    assert_eq!(parse_stated("30 seconds").unwrap().unit, Unit::Second);
    assert_eq!(parse_stated("30 秒").unwrap().unit, Unit::Second);
    let s = parse_stated("4 GB/s").unwrap();
    assert_eq!((s.value * s.unit.factor(), s.unit.kind()), (32e9, super::super::UnitKind::BitRate));
    assert_eq!(parse_stated("118 MiB/s").unwrap().unit, Unit::MebibytePerSecond);
    assert_eq!(parse_stated("9,000 frames a second").unwrap().unit, Unit::PacketPerSecond);
}

/// Issue 25's false alarms: amounts and rates as prose spells them were words the tag
/// could not hold.
#[test]
fn spelled_out_bytes_and_rates_of_connections_and_requests_are_read() {
    for (text, unit) in [
        ("524,288 bytes", Unit::Byte),
        ("1 byte", Unit::Byte),
        ("2.84 gigabytes", Unit::Gigabyte),
        ("512 kibibytes", Unit::Kibibyte),
        ("524,288 バイト", Unit::Byte),
        ("1 gigabit per second", Unit::GigabitPerSecond),
        ("225 connections a second", Unit::ConnectionPerSecond),
        ("225 connections per second", Unit::ConnectionPerSecond),
        ("225 connections/s", Unit::ConnectionPerSecond),
        ("1,200 req/s", Unit::RequestPerSecond),
        ("1,200 requests a second", Unit::RequestPerSecond),
        ("225 接続/秒", Unit::ConnectionPerSecond),
    ] {
        assert_eq!(parse_stated(text).map(|s| s.unit), Ok(unit), "{text}");
    }
    // Units still end where a word does, and an unknown rate is still unread.
    assert!(parse_stated("5 bytesize").is_err());
    assert!(parse_stated("5 furlongs a second").is_err());
}
