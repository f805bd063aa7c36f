//! A soak's `times:` file: the clock read before and after each pass, one ISO-8601 time a
//! line, as the soak's own loop writes it (`date +%FT%T.%N%:z` in bash, `Get-Date -Format o`
//! in PowerShell). It gives the methodology's span, "from the first pass's start to the
//! last one's end", which curl's lines cannot: they time each transfer, not what the loop
//! did between them (hashing a copy, starting curl).
//!
//! Owns reading those times and their span, exactly, in nanoseconds. It does not know
//! passes or bytes (`soak`), nor read files. Its errors start with `times` (`rundata`
//! places them in that file by the prefix).

use std::ops::Range;

use super::{ImportError, lines};

/// One time read from the file: nanoseconds since 1970-01-01T00:00:00 (in UTC when the
/// line gives an offset, on the soak machine's clock when none does), and its line.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Stamp {
    pub nanos: i128,
    pub line: Range<usize>,
    /// Whether the line gave an offset (`Z`, `+09:00`).
    offset: bool,
}

/// The times of a soak of `passes` passes: two a pass, before and after it, in order.
pub(super) fn read_times(text: &str, passes: usize) -> Result<Vec<Stamp>, ImportError> {
    let mut stamps: Vec<Stamp> = Vec::new();
    for line in lines(text).into_iter().filter(|l| !l.text.trim().is_empty()) {
        let written = line.text.trim();
        let Some((nanos, offset)) = parse_time(written) else {
            return Err(ImportError::at(
                format!(
                    "times: `{written}` is not an ISO-8601 time: expected one a line as `date +%FT%T.%N%:z` (bash) or `Get-Date -Format o` (PowerShell) writes it, `2026-12-04T17:49:08.123456789+00:00`"
                ),
                line.range(),
            ));
        };
        let stamp = Stamp { nanos, line: line.range(), offset };
        if let Some(first) = stamps.first()
            && first.offset != stamp.offset
        {
            return Err(ImportError::at(
                "times: this line's offset from UTC is given where the first line's is not (or the other way round): the span between them is unknown",
                line.range(),
            ));
        }
        if let Some(previous) = stamps.last()
            && stamp.nanos < previous.nanos
        {
            return Err(ImportError::at(
                "times: this time is before the line above it: a soak's clock, read before and after each pass in order, never goes back (a file of two soaks, or edited)",
                line.range(),
            ));
        }
        stamps.push(stamp);
    }
    if stamps.len() != 2 * passes {
        let at = stamps.get(2 * passes).map(|s| s.line.clone());
        let message = format!(
            "times: the file has {} times for {passes} curl passes: expected {}, one before and one after each pass",
            stamps.len(),
            2 * passes
        );
        return Err(match at {
            Some(at) => ImportError::at(message, at),
            None => ImportError::whole(message),
        });
    }
    Ok(stamps)
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM]`, read by jiff's ISO-8601 (Temporal) parser:
/// nanoseconds since the epoch, and whether it had an offset. A fraction may be written
/// with `,` (GNU `date --iso-8601=ns`) and up to nine digits (PowerShell writes seven); a
/// space may stand for `T`. The seconds must be written, in the extended form the soak's
/// loops print (`17:49:08`, not `174908` nor `17:49`): a time without them is not one a
/// loop wrote.
fn parse_time(text: &str) -> Option<(i128, bool)> {
    // jiff also reads the basic form, a time without seconds and `[zone]` annotations.
    let extended = text.as_bytes().get(16) == Some(&b':') && text.get(..19).is_some() && !text.contains('[');
    if !extended {
        return None;
    }
    if let Ok(timestamp) = text.parse::<jiff::Timestamp>() {
        return Some((timestamp.as_nanosecond(), true));
    }
    // No offset: a civil time, counted as if on UTC's clock (only spans are taken).
    let civil: jiff::civil::DateTime = text.parse().ok()?;
    let timestamp = jiff::tz::TimeZone::UTC.to_timestamp(civil).ok()?;
    Some((timestamp.as_nanosecond(), false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_forms_bash_and_powershell_write_are_read_to_the_nanosecond() {
        // `date +%FT%T.%N%:z`, `date --iso-8601=ns` (a comma), PowerShell's `Get-Date -Format o`
        // (seven digits, and `Z` for a UTC time), and no offset at all.
        assert_eq!(parse_time("1970-01-01T00:00:00.000000001+00:00"), Some((1, true)));
        assert_eq!(parse_time("1970-01-01T09:00:01,5+09:00"), Some((1_500_000_000, true)));
        assert_eq!(parse_time("2026-12-04T17:49:08.1234567Z"), Some((1_796_406_548_123_456_700, true)));
        assert_eq!(parse_time("2026-12-04T17:49:08"), Some((1_796_406_548_000_000_000, false)));
        assert_eq!(parse_time("2026-12-04 17:49:08-0130").map(|t| t.0), Some(1_796_411_948_000_000_000));
        assert_eq!(parse_time("2024-02-29T00:00:00Z").map(|t| t.0 / 1_000_000_000), Some(1_709_164_800));
        for bad in [
            "2026-12-04",
            "2026-13-04T00:00:00Z",
            "2025-02-29T00:00:00Z",
            "2026-12-04T24:00:00Z",
            "2026-12-04T17:49:08.Z",
            "2026-12-04T17:49:08.1234567890Z",
            "2026-12-04T17:49:08+9",
            "2026-12-04T17:49:08 UTC",
            "2026-12-04T17:49Z",
            "20261204T174908Z",
            "2026-12-04T17:49:08Z[UTC]",
            "+2026-12-04T17:49:08Z",
            "2026-12-04T17:49:０8Z",
        ] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_count_order_and_offsets_of_the_times_are_checked() {
        let times =
            "2026-12-04T10:00:00Z\n2026-12-04T10:00:01Z\n\n2026-12-04T10:00:02Z\r\n2026-12-04T10:00:04Z\n";
        let stamps = read_times(times, 2).unwrap();
        assert_eq!(stamps[3].nanos - stamps[0].nanos, 4_000_000_000);
        let e = read_times(times, 1).unwrap_err();
        assert!(e.message.starts_with("times: the file has 4 times for 1 curl passes"), "{e}");
        assert_eq!(&times[e.at.unwrap()], "2026-12-04T10:00:02Z");
        assert!(read_times(times, 3).unwrap_err().at.is_none());
        let back = times.replace("10:00:02", "09:59:59");
        let e = read_times(&back, 2).unwrap_err();
        assert_eq!(&back[e.at.unwrap()], "2026-12-04T09:59:59Z");
        let mixed = times.replace("10:00:01Z", "10:00:01");
        assert!(read_times(&mixed, 2).unwrap_err().message.contains("offset"));
        // An offset is a place on the clock, not a different time: 11:00+01:00 is 10:00Z.
        let zones = "2026-12-04T10:00:00Z\n2026-12-04T11:00:30+01:00\n";
        let stamps = read_times(zones, 1).unwrap();
        assert_eq!(stamps[1].nanos - stamps[0].nanos, 30_000_000_000);
    }

    proptest! {
        #[test]
        fn never_panics_and_reads_back_what_it_was_given(text in "\\PC{0,40}", seconds in 0i64..4_000_000_000, nanos in 0u32..1_000_000_000) {
            let _ = parse_time(&text);
            let _ = read_times(&text, 1);
            let time = chrono_free_format(seconds, nanos);
            prop_assert_eq!(parse_time(&time), Some((i128::from(seconds) * 1_000_000_000 + i128::from(nanos), true)));
        }
    }

    fn is_leap(year: i64) -> bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    fn days_in_month(year: i64, month: i64) -> i64 {
        match month {
            2 if is_leap(year) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    /// `seconds` since the epoch as `YYYY-MM-DDTHH:MM:SS.NNNNNNNNNZ`, by counting days
    /// forward (a way independent of jiff's).
    fn chrono_free_format(seconds: i64, nanos: u32) -> String {
        let (mut days, mut rest) = (seconds / 86_400, seconds % 86_400);
        let mut year = 1970;
        while days >= if is_leap(year) { 366 } else { 365 } {
            days -= if is_leap(year) { 366 } else { 365 };
            year += 1;
        }
        let mut month = 1;
        while days >= days_in_month(year, month) {
            days -= days_in_month(year, month);
            month += 1;
        }
        let (hour, minute) = (rest / 3600, rest % 3600 / 60);
        rest %= 60;
        format!("{year:04}-{month:02}-{:02}T{hour:02}:{minute:02}:{rest:02}.{nanos:09}Z", days + 1)
    }
}
