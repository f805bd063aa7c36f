//! Helpers shared by the number grammar's tests: `computed` has no exact value (the `f64`
//! path), `exactly` has one.

use super::{Exact, Rounding, Unit, check, parse_stated};
use crate::number::Computed;

pub(super) fn computed(value: f64, unit: Unit) -> Computed {
    Computed {
        name: "x".into(),
        value,
        unit,
        exact: None,
        formula: "x".into(),
        inputs: Vec::new(),
        dropped: Vec::new(),
        round: Rounding::HalfAwayFromZero,
        withdrawn: Vec::new(),
        printed: None,
        over: None,
    }
}

/// A figure with its exact value, in base units: `exact` read as a decimal.
pub(super) fn exactly(exact: &str, unit: Unit) -> Computed {
    let exact = Exact::parse_decimal(exact).unwrap_or_else(|| panic!("{exact} is no decimal"));
    Computed { exact: Some(exact.clone()), ..computed(exact.to_f64(), unit) }
}

/// Whether `text` passes for a figure whose exact value is `exact`.
pub(super) fn passes_exactly(text: &str, exact: &str, unit: Unit) -> bool {
    check(&parse_stated(text).unwrap(), &exactly(exact, unit), false).is_ok()
}

pub(super) fn down(value: f64, unit: Unit) -> Computed {
    Computed { round: Rounding::Down, ..computed(value, unit) }
}

pub(super) fn passes(text: &str, value: f64, unit: Unit) -> bool {
    check(&parse_stated(text).unwrap(), &computed(value, unit), false).is_ok()
}
