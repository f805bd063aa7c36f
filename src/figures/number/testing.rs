//! Helpers shared by the number grammar's tests.

use super::{Rounding, Unit, check, parse_stated};
use crate::figures::Computed;

pub(super) fn computed(value: f64, unit: Unit) -> Computed {
    Computed {
        name: "x".into(),
        value,
        unit,
        exact: None,
        formula: "x".into(),
        inputs: Vec::new(),
        round: Rounding::HalfAwayFromZero,
        withdrawn: Vec::new(),
        printed: None,
    }
}

pub(super) fn down(value: f64, unit: Unit) -> Computed {
    Computed { round: Rounding::Down, ..computed(value, unit) }
}

pub(super) fn passes(text: &str, value: f64, unit: Unit) -> bool {
    check(&parse_stated(text).unwrap(), &computed(value, unit), false).is_ok()
}
