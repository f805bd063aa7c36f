//! What a run marked `failed: why` still states. A failed run gives no figure, but a soak
//! states its failures: the method publishes a soak's failed passes and mismatches ("a soak
//! passes only if both are zero"), so a failed soak's counts (`passes`, `failed_passes`,
//! `mismatches`, `bytes`, `pass.N.*`) are figures and only its throughput is not.
//!
//! Owns that rule, as `scope` applies it to a path into a failed run. It does not read
//! paths (`scope`) nor decide which runs failed (`runs`, `rules`).

use std::ops::Range;

use super::{Field, Run, RunKind};
use crate::figures::FigureError;

/// A soak states its failures even when it failed: its counts (`passes`, `failed_passes`,
/// `mismatches`, `bytes`, `pass.N.*`) are figures of a failed soak, its throughput is not.
pub(super) fn is_soak(run: &Run) -> bool {
    run.kind == Some(RunKind::Soak)
}

/// Whether a field is a bit rate or holds one: a failed soak's throughput.
pub(super) fn holds_a_rate(field: &Field) -> bool {
    match field {
        Field::Number(n) => n.unit.kind() == crate::number::UnitKind::BitRate,
        Field::List(items) => items.iter().any(holds_a_rate),
        Field::Map(entries) => entries.iter().any(|(_, f)| holds_a_rate(f)),
        Field::Text(_) => false,
    }
}

pub(super) fn failed_soak_rate(run: &Run, why: &str, span: Range<usize>) -> FigureError {
    let why = format!(
        "{why}; a failed soak's counts (passes, failed_passes, mismatches, bytes, pass.N) are figures, its throughput is not"
    );
    FigureError::FailedRun { run: run.name.clone(), why, span }
}
