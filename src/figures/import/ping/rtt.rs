//! ping's round-trip summary (`rtt min/avg/max/mdev = …`, `round-trip min/avg/max/stddev =
//! …`) against the reply lines above it: an edited summary (replies of 0.31 to 0.33 ms under
//! a summary of 0.12 ms) is refused.
//!
//! Owns that check, within what ping's printing allows: each reply's time is printed to a
//! unit that depends on its size (iputils cuts `0.045`, `1.23`, `12.3`, `123`), the summary
//! to a thousandth of a millisecond, so the minimum, maximum and mean of the reply lines must
//! each be within a unit of each of the summary's. Windows (whole milliseconds, an average
//! cut, `time<1ms`) and runs with duplicate or corrupted replies (which some pings time and
//! others do not) are not checked. It does not read lines (`unix`, `windows`).

use std::ops::Range;

use super::super::{ImportError, Tree};
use super::{Mark, Reply, Times};

/// A time ping printed, in seconds, and the unit of its last digit.
fn printed(tree: &Tree) -> Option<(f64, f64)> {
    let Tree::Value(value) = tree else { return None };
    let digits = value.printed.as_ref()?.stated.split_whitespace().next()?.to_string();
    let decimals = digits.split_once('.').map_or(0, |(_, fraction)| fraction.len());
    Some((value.value, 1e-3 / 10f64.powi(decimals as i32)))
}

/// Whether the summary `rtt` (at `at`) agrees with the reply lines' times.
pub(super) fn check_rtt(
    replies: &[(Range<usize>, Reply)],
    rtt: &Times,
    at: Range<usize>,
) -> Result<(), ImportError> {
    if replies.iter().any(|(_, r)| r.mark != Mark::Plain) {
        return Ok(());
    }
    let mut times = Vec::new();
    for (_, reply) in replies {
        let time = reply.fields.iter().find(|(name, _)| *name == "time").and_then(|(_, t)| printed(t));
        match time {
            Some(time) => times.push(time),
            None => return Ok(()),
        }
    }
    let Some(unit) = times.iter().map(|t| t.1).reduce(f64::max) else { return Ok(()) };
    let summary = |name: &str| rtt.iter().find(|(n, _)| *n == name).and_then(|(_, t)| printed(t));
    let (Some(min), Some(avg), Some(max)) = (summary("min"), summary("avg"), summary("max")) else {
        return Ok(());
    };
    let lowest = times.iter().copied().min_by(|a, b| a.0.total_cmp(&b.0)).unwrap_or_default();
    let highest = times.iter().copied().max_by(|a, b| a.0.total_cmp(&b.0)).unwrap_or_default();
    let mean = times.iter().map(|t| t.0).sum::<f64>() / times.len() as f64;
    for (name, stated, from_lines, within) in [
        ("minimum", min, lowest.0, lowest.1 + min.1),
        ("maximum", max, highest.0, highest.1 + max.1),
        ("average", avg, mean, unit + avg.1),
    ] {
        if (stated.0 - from_lines).abs() > within * (1.0 + 1e-9) {
            return Err(ImportError::at(
                format!(
                    "ping's round-trip {name} is {} ms, but its {} reply lines give {} ms: the summary or the replies were edited",
                    ms(stated.0),
                    times.len(),
                    ms(from_lines)
                ),
                at,
            ));
        }
    }
    Ok(())
}

/// Seconds as milliseconds, to a thousandth.
fn ms(seconds: f64) -> String {
    format!("{:.3}", seconds * 1e3)
}
