//! What would pass for a number stated in a unit of another kind (`989 MB` for a bit rate):
//! the figure's value in a unit of its own kind, as an author would write it.
//!
//! Also what would pass where the stated unit would show a figure as `0` or `0.0300 s`: the
//! same value at a readable prefix (`30 ms`).
//!
//! Owns the choice of that unit (the stated prefix where the figure's kind has it, else the
//! one that puts the value in [1, 1000)) and of its precision (the stated number of
//! significant digits, never finer than a tool printed). The writing itself is
//! `write_like`'s, the same as every other suggestion's.

use super::write_like::{InStated, printed_exponent, write_like};
use super::{Decimal, Stated, Style, Unit, UnitKind, plain_text};
use crate::number::Computed;

/// The units of one family, smallest first, each with its prefix (`k`, `Mi`, `m`, ...).
type Family = &'static [(Unit, &'static str)];

const BIT_RATES: Family = &[
    (Unit::BitPerSecond, ""),
    (Unit::KilobitPerSecond, "k"),
    (Unit::MegabitPerSecond, "M"),
    (Unit::GigabitPerSecond, "G"),
    (Unit::TerabitPerSecond, "T"),
];
const BYTE_RATES: Family = &[
    (Unit::BytePerSecond, ""),
    (Unit::KilobytePerSecond, "k"),
    (Unit::MegabytePerSecond, "M"),
    (Unit::GigabytePerSecond, "G"),
];
const BINARY_BYTE_RATES: Family = &[
    (Unit::BytePerSecond, ""),
    (Unit::KibibytePerSecond, "Ki"),
    (Unit::MebibytePerSecond, "Mi"),
    (Unit::GibibytePerSecond, "Gi"),
];
const PACKET_RATES: Family =
    &[(Unit::PacketPerSecond, ""), (Unit::KilopacketPerSecond, "k"), (Unit::MegapacketPerSecond, "M")];
const BYTES: Family = &[
    (Unit::Byte, ""),
    (Unit::Kilobyte, "k"),
    (Unit::Megabyte, "M"),
    (Unit::Gigabyte, "G"),
    (Unit::Terabyte, "T"),
];
const BINARY_BYTES: Family = &[
    (Unit::Byte, ""),
    (Unit::Kibibyte, "Ki"),
    (Unit::Mebibyte, "Mi"),
    (Unit::Gibibyte, "Gi"),
    (Unit::Tebibyte, "Ti"),
];
const TIMES: Family =
    &[(Unit::Nanosecond, "n"), (Unit::Microsecond, "µ"), (Unit::Millisecond, "m"), (Unit::Second, "")];
const COUNTS: Family = &[(Unit::Count, "")];
const PERCENTS: Family = &[(Unit::Percent, "")];
const CONNECTION_RATES: Family = &[(Unit::ConnectionPerSecond, "")];
const REQUEST_RATES: Family = &[(Unit::RequestPerSecond, "")];

/// Every family a unit belongs to, its own first; for the figure's unit, the first is the
/// one its value is written in when the stated prefix is not in any.
fn families(unit: Unit) -> &'static [Family] {
    use Unit::*;
    match unit {
        KibibytePerSecond | MebibytePerSecond | GibibytePerSecond => &[BINARY_BYTE_RATES, BYTE_RATES],
        BytePerSecond | KilobytePerSecond | MegabytePerSecond | GigabytePerSecond => {
            &[BYTE_RATES, BINARY_BYTE_RATES]
        }
        Kibibyte | Mebibyte | Gibibyte | Tebibyte => &[BINARY_BYTES, BYTES],
        _ => match unit.kind() {
            UnitKind::Count => &[COUNTS],
            UnitKind::Percent => &[PERCENTS],
            UnitKind::BitRate => &[BIT_RATES],
            UnitKind::PacketRate => &[PACKET_RATES],
            UnitKind::Bytes => &[BYTES, BINARY_BYTES],
            UnitKind::Seconds => &[TIMES],
            UnitKind::ConnectionRate => &[CONNECTION_RATES],
            UnitKind::RequestRate => &[REQUEST_RATES],
        },
    }
}

/// The prefix a unit is written with (`M` for MB and Mbit/s, `m` for ms); empty for a base
/// unit.
fn prefix(unit: Unit) -> &'static str {
    families(unit)
        .iter()
        .flat_map(|family| family.iter())
        .find(|(u, _)| *u == unit)
        .map_or("", |(_, prefix)| prefix)
}

/// The unit of the figure's kind a suggestion is written in: the stated prefix's, when the
/// figure's kind has that prefix and the value reads in it with at most six digits before
/// the point and two zeros after (`989 MB` for a bit rate: Mbit/s), else the one that puts
/// `value` (in base units) in [1, 1000).
fn own_unit(stated: Unit, figure: Unit, value: f64) -> Unit {
    let families = families(figure);
    let magnitude = value.abs();
    let wanted = prefix(stated);
    if !wanted.is_empty()
        && let Some((unit, _)) =
            families.iter().flat_map(|family| family.iter()).find(|(_, prefix)| *prefix == wanted)
        && (magnitude == 0.0 || (0.001..1e6).contains(&(magnitude / unit.factor())))
    {
        return *unit;
    }
    readable_unit(families[0], figure, magnitude)
}

/// The unit of `family` that puts `magnitude` (in base units) in [1, 1000), or the nearest
/// the family has; the base unit for zero (`fallback` when the family has none).
fn readable_unit(family: Family, fallback: Unit, magnitude: f64) -> Unit {
    if magnitude == 0.0 || !magnitude.is_finite() {
        return family.iter().find(|(unit, _)| unit.factor() == 1.0).map_or(fallback, |(unit, _)| *unit);
    }
    family.iter().rev().find(|(unit, _)| magnitude >= unit.factor()).unwrap_or(&family[0]).0
}

/// The significant digits of a stated number (at least one): with `approximate`, an
/// integer's trailing zeros are not.
fn significant_digits(stated: &Stated, approximate: bool) -> i32 {
    if stated.decimal.is_zero() {
        return 1;
    }
    let leading = stated.decimal.exponent + stated.decimal.digits.len() as i32 - 1;
    (leading - stated.precision_exponent(approximate) + 1).max(1)
}

/// What would pass for `stated`, a number of another kind than the figure: the figure's
/// value in its own kind (`989 Mbit/s` for `989 MB`), to as many significant digits as were
/// stated but never to a digit left of the unit's (that would read as a significant zero),
/// nor finer than a tool printed it; written in the stated style (separators, full-width
/// digits).
pub(super) fn would_pass_in_own_kind(stated: &Stated, computed: &Computed, approximate: bool) -> String {
    written_in(own_unit(stated.unit, computed.unit, computed.value), stated, computed, approximate)
}

/// What would pass for `stated`, of the figure's kind, where its own prefix would read as
/// `0` or with zeros the author did not write (`0 s` or `0.0300 s` for 30 ms): the value at
/// the prefix of the stated unit's family that puts it in [1, 1000) (`30 ms`), as
/// [`would_pass_in_own_kind`] writes it.
pub(super) fn would_pass_at_readable_prefix(
    stated: &Stated,
    computed: &Computed,
    approximate: bool,
) -> String {
    let unit = readable_unit(families(stated.unit)[0], stated.unit, computed.value.abs());
    written_in(unit, stated, computed, approximate)
}

/// The figure's value written in `unit`: to as many significant digits as `stated` has, but
/// never to a digit left of the unit's nor finer than a tool printed it.
fn written_in(unit: Unit, stated: &Stated, computed: &Computed, approximate: bool) -> String {
    let Some(value) = InStated::of(computed, unit) else {
        return plain_text(computed.value, computed.unit);
    };
    let significant = significant_digits(stated, approximate);
    let mut exponent = value.leading_exponent().map_or(0, |leading| (leading + 1 - significant).min(0));
    if let Some(printed) = &computed.printed
        && let Some(coarsest) = printed_exponent(printed, unit)
        && exponent < coarsest
    {
        if coarsest > 0 {
            return printed.stated.clone();
        }
        exponent = coarsest;
    }
    let digits = value.digits_at(exponent, computed.round);
    let rounded = Decimal::new(value.is_negative(), &digits, exponent);
    let like = Stated {
        unit,
        style: Style { decimals: 0, scale_exponent: 0, compound: false, ..stated.style },
        ..stated.clone()
    };
    write_like(&rounded, &like, None)
}

#[cfg(test)]
mod tests;
