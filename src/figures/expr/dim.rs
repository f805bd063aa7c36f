//! Dimensions: what an intermediate value of an expression measures, so that units travel
//! through `+ − × ÷` and the functions (no crate fitted: uom's units are fixed at compile
//! time, and a figure's unit is known only when runs.yaml is read).
//!
//! Owns [`Dim`]. Values are carried in canonical units: bits for amounts of data (a byte is
//! 8 bits), seconds, packets, and % as its own dimension so that a share stays a share.

use crate::number::{Unit, UnitKind};

/// Exponents of bits, seconds, packets and percent. All zero: a unit-less value (a count),
/// which takes the unit of what it is added to, or the figure's declared `unit:`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Dim {
    pub bits: i8,
    pub seconds: i8,
    pub packets: i8,
    pub percent: i8,
    /// Connections and requests, each its own thing counted (a rate of them is declared).
    pub connections: i8,
    pub requests: i8,
}

impl Dim {
    pub(crate) const NONE: Dim =
        Dim { bits: 0, seconds: 0, packets: 0, percent: 0, connections: 0, requests: 0 };

    /// The dimension of `unit` and the factor from its kind's base unit to canonical units
    /// (a whole number: 8 bits a byte).
    pub(crate) fn of(unit: Unit) -> (Dim, u8) {
        match unit.kind() {
            UnitKind::Count => (Dim::NONE, 1),
            UnitKind::Percent => (Dim { percent: 1, ..Dim::NONE }, 1),
            UnitKind::BitRate => (Dim { bits: 1, seconds: -1, ..Dim::NONE }, 1),
            UnitKind::PacketRate => (Dim { packets: 1, seconds: -1, ..Dim::NONE }, 1),
            UnitKind::Bytes => (Dim { bits: 1, ..Dim::NONE }, 8),
            UnitKind::Seconds => (Dim { seconds: 1, ..Dim::NONE }, 1),
            UnitKind::ConnectionRate => (Dim { connections: 1, seconds: -1, ..Dim::NONE }, 1),
            UnitKind::RequestRate => (Dim { requests: 1, seconds: -1, ..Dim::NONE }, 1),
        }
    }

    /// A plain count a second, which a figure may declare any rate of counted things.
    pub(crate) fn is_count_per_second(self) -> bool {
        self == Dim { seconds: -1, ..Dim::NONE }
    }

    pub(crate) fn is_none(self) -> bool {
        self == Dim::NONE
    }

    /// The unit (base of its kind) a value of this dimension is stated in, with what a
    /// canonical value is divided by to be in it (8 bits a byte); None for a dimension no
    /// unit states (bit·s).
    pub(crate) fn unit(self) -> Option<(Option<Unit>, u8)> {
        Some(match (self.bits, self.seconds, self.packets, self.percent, self.connections, self.requests) {
            (0, 0, 0, 0, 0, 0) => (None, 1),
            (0, 0, 0, 1, 0, 0) => (Some(Unit::Percent), 1),
            (1, -1, 0, 0, 0, 0) => (Some(Unit::BitPerSecond), 1),
            // Packets, frames or any count a second (a figure may declare it connections/s).
            (0, -1, 1 | 0, 0, 0, 0) => (Some(Unit::PacketPerSecond), 1),
            (1, 0, 0, 0, 0, 0) => (Some(Unit::Byte), 8),
            (0, 1, 0, 0, 0, 0) => (Some(Unit::Second), 1),
            (0, -1, 0, 0, 1, 0) => (Some(Unit::ConnectionPerSecond), 1),
            (0, -1, 0, 0, 0, 1) => (Some(Unit::RequestPerSecond), 1),
            _ => return None,
        })
    }

    pub(crate) fn times(self, other: Dim) -> Dim {
        Dim {
            bits: self.bits + other.bits,
            seconds: self.seconds + other.seconds,
            packets: self.packets + other.packets,
            percent: self.percent + other.percent,
            connections: self.connections + other.connections,
            requests: self.requests + other.requests,
        }
    }

    pub(crate) fn over(self, other: Dim) -> Dim {
        Dim {
            bits: self.bits - other.bits,
            seconds: self.seconds - other.seconds,
            packets: self.packets - other.packets,
            percent: self.percent - other.percent,
            connections: self.connections - other.connections,
            requests: self.requests - other.requests,
        }
    }

    /// The percent of a product or quotient: kept when one side is a share and the other a
    /// plain number, dropped otherwise (a share of a rate is a rate: `rate * share / 100`).
    pub(crate) fn settle_percent(mut self, a: Dim, b: Dim) -> Dim {
        let keep = (a.percent != 0 && b.is_none()) || (b.percent != 0 && a.is_none());
        if !keep {
            self.percent = 0;
        }
        self
    }

    /// How the dimension reads in a message: "bytes", "a time", "bit·s".
    pub(crate) fn name(self) -> String {
        match self.unit() {
            Some((None, _)) => "a count".to_string(),
            Some((Some(Unit::Byte), _)) => "an amount of bytes".to_string(),
            Some((Some(unit), _)) => unit.kind().name().to_string(),
            None => {
                let mut parts = Vec::new();
                for (name, exponent) in [
                    ("bit", self.bits),
                    ("s", self.seconds),
                    ("packet", self.packets),
                    ("%", self.percent),
                    ("connection", self.connections),
                    ("request", self.requests),
                ] {
                    match exponent {
                        0 => {}
                        1 => parts.push(name.to_string()),
                        e => parts.push(format!("{name}^{e}")),
                    }
                }
                parts.join("·")
            }
        }
    }
}
