//! Run data and the figure engine: runs.yaml, importers, expressions.
//!
//! Owns why a figure cannot be computed ([`FigureError`]) and the submodules that load run
//! data and compute figures from it. What a computed figure *is* ([`Computed`](crate::number::Computed)) and how a
//! stated number is compared with it belong to the number grammar (`crate::number`), which
//! every room reads. It does not find tags in pages, render HTML or print diagnostics: the
//! page and check stages do, calling [`RunData::resolve`] and [`crate::number::check`].

pub(crate) mod expr;
pub(crate) mod import;
pub(crate) mod rundata;

pub(crate) use rundata::load_run_data_with;
pub use rundata::{RunData, load_run_data};

use std::ops::Range;

/// Why a figure cannot be computed. `span` is the byte range inside the expression (or
/// inside the tag's NAME) that the problem is about, so the caller can point at it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FigureError {
    #[error("no figure, constant or run is named `{name}`{hint}")]
    UnknownName { name: String, hint: String, span: Range<usize> },
    #[error("`{path}` is not in the run data{hint}")]
    MissingPath { path: String, hint: String, span: Range<usize> },
    #[error("`{path}` is {what}, not a number{hint}")]
    NotANumber { path: String, what: &'static str, hint: String, span: Range<usize> },
    #[error("division by zero: `{divisor}` is 0")]
    DivisionByZero { divisor: String, span: Range<usize> },
    #[error("`{name}` is a vendor's figure; it may be stated but never computed with")]
    VendorInExpression { name: String, span: Range<usize> },
    /// Figures computed from one another: `cycle` names each once, in order, and ends
    /// with the first again (`[a, b, a]`; `[a, a]` for a figure read by its own expression).
    #[error("{}", cycle_message(cycle))]
    Cycle { cycle: Vec<String>, span: Range<usize> },
    #[error(
        "figure `{name}` is reached through a chain of more than 32 figures, deeper than tally follows: {chain}"
    )]
    TooDeep { name: String, chain: String, span: Range<usize> },
    #[error("run `{run}` failed: {why}")]
    FailedRun { run: String, why: String, span: Range<usize> },
    #[error("`*` reads many values; use it only inside a function of a list (sum, mean, median, stdev, …)")]
    WildcardOutsideFunction { span: Range<usize> },
    #[error("{function}() of nothing: no value matched")]
    EmptyAggregate { function: &'static str, span: Range<usize> },
    #[error("{message}")]
    BadArgument { message: String, span: Range<usize> },
    #[error("{message}")]
    Syntax { message: String, span: Range<usize> },
    /// Units that do not go together: seconds + bytes, `sum` over bytes and seconds.
    #[error("{message}")]
    Unit { message: String, span: Range<usize> },
    #[error("in figure `{figure}`: {inner}")]
    InFigure { figure: String, inner: Box<FigureError>, span: Range<usize> },
    /// A name whose definition in runs.yaml could not be read: that error says why, and
    /// this one is never reported beside it.
    #[error("`{name}` could not be read where runs.yaml defines it")]
    DefinedWrongly { name: String, span: Range<usize> },
}

impl FigureError {
    /// The byte range inside the expression or NAME the error is about.
    pub fn span(&self) -> Range<usize> {
        use FigureError::*;
        match self {
            UnknownName { span, .. }
            | MissingPath { span, .. }
            | NotANumber { span, .. }
            | DivisionByZero { span, .. }
            | VendorInExpression { span, .. }
            | Cycle { span, .. }
            | TooDeep { span, .. }
            | FailedRun { span, .. }
            | WildcardOutsideFunction { span }
            | EmptyAggregate { span, .. }
            | BadArgument { span, .. }
            | Syntax { span, .. }
            | Unit { span, .. }
            | InFigure { span, .. }
            | DefinedWrongly { span, .. } => span.clone(),
        }
    }

    /// A short kebab-case code for diagnostics.
    pub fn code(&self) -> &'static str {
        use FigureError::*;
        match self {
            UnknownName { .. } => "figure-unknown",
            MissingPath { .. } => "figure-missing-path",
            NotANumber { .. } => "figure-not-a-number",
            DivisionByZero { .. } => "figure-division-by-zero",
            VendorInExpression { .. } => "figure-vendor-in-expression",
            Cycle { .. } => "figure-cycle",
            TooDeep { .. } => "figure-too-deep",
            FailedRun { .. } => "figure-failed-run",
            WildcardOutsideFunction { .. } | EmptyAggregate { .. } | BadArgument { .. } => {
                "figure-expression"
            }
            Syntax { .. } => "figure-syntax",
            Unit { .. } => "figure-unit",
            InFigure { inner, .. } => inner.code(),
            DefinedWrongly { .. } => "figure-unknown",
        }
    }

    /// Whether the error only follows from another, already reported at its own place
    /// (a definition in runs.yaml that could not be read).
    pub(crate) fn follows_another(&self) -> bool {
        match self {
            FigureError::DefinedWrongly { .. } => true,
            FigureError::InFigure { inner, .. } => inner.follows_another(),
            _ => false,
        }
    }

    /// The same error pointing at `span` instead (used when an error found inside one
    /// expression is reported at the place that referred to it).
    pub(crate) fn with_span(mut self, new: Range<usize>) -> FigureError {
        use FigureError::*;
        match &mut self {
            UnknownName { span, .. }
            | MissingPath { span, .. }
            | NotANumber { span, .. }
            | DivisionByZero { span, .. }
            | VendorInExpression { span, .. }
            | Cycle { span, .. }
            | TooDeep { span, .. }
            | FailedRun { span, .. }
            | WildcardOutsideFunction { span }
            | EmptyAggregate { span, .. }
            | BadArgument { span, .. }
            | Syntax { span, .. }
            | Unit { span, .. }
            | InFigure { span, .. }
            | DefinedWrongly { span, .. } => *span = new,
        }
        self
    }
}

/// What a cycle of figures is called in a message: "figure `a` is computed from itself",
/// or "figures computed from one another in a cycle: a → b → a".
fn cycle_message(cycle: &[String]) -> String {
    match cycle {
        [one, _] => format!("figure `{one}` is computed from itself"),
        _ => format!("figures computed from one another in a cycle: {}", cycle.join(" → ")),
    }
}

/// "; did you mean `mean_debian`?" when one of `candidates` is a likely typo of `name`.
pub(crate) fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    let name_len = name.chars().count();
    let best = candidates
        .into_iter()
        .filter_map(|c| {
            let len = c.chars().count();
            let allowed = (len.max(name_len) / 3).max(1);
            // Two names differ in at least as many edits as in length: checking every key of
            // every run for a typo of a run's own key must not cost a distance each.
            (len.abs_diff(name_len) <= allowed)
                .then(|| (edit_distance(name, c), c))
                .filter(|(d, _)| *d <= allowed)
        })
        .min();
    best.map(|(_, c)| format!("; did you mean `{c}`?")).unwrap_or_default()
}

/// "; it has `a`, `b`": the keys a path can go on with.
pub(crate) fn keys_hint(keys: &[String]) -> String {
    if keys.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = keys.iter().take(12).map(|k| format!("`{k}`")).collect();
    let more = if keys.len() > 12 { format!(" and {} more", keys.len() - 12) } else { String::new() };
    format!("; it has {}{more}", shown.join(", "))
}

/// Edit distance in characters (optimal string alignment: insertions, deletions,
/// substitutions and swaps of two neighbours).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    // Two letters swapped (`unti` for `unit`) count as one slip, as a reader sees them.
    strsim::osa_distance(a, b)
}

#[cfg(test)]
mod suggestion_tests {
    use super::{did_you_mean, edit_distance};
    use proptest::prelude::*;

    #[test]
    fn two_neighbours_swapped_are_one_slip() {
        assert_eq!(edit_distance("unti", "unit"), 1);
        assert_eq!(did_you_mean("unti", ["is", "unit", "round", "withdrawn"]), "; did you mean `unit`?");
        assert_eq!(did_you_mean("sconds", ["seconds"]), "; did you mean `seconds`?");
    }

    /// The suggestion as it was before names too different in length were skipped.
    fn by_every_distance(name: &str, candidates: &[&str]) -> String {
        let best = candidates
            .iter()
            .map(|c| (edit_distance(name, c), *c))
            .filter(|(d, c)| *d <= (c.chars().count().max(name.chars().count()) / 3).max(1))
            .min();
        best.map(|(_, c)| format!("; did you mean `{c}`?")).unwrap_or_default()
    }

    #[test]
    fn a_run_key_one_slip_away_is_suggested() {
        assert_eq!(did_you_mean("link_rat", ["link_rate", "iperf", "failed"]), "; did you mean `link_rate`?");
        assert_eq!(did_you_mean("bits_per_second", ["link_rate", "iperf"]), "");
    }

    proptest! {
        #[test]
        fn skipping_names_of_another_length_suggests_what_every_distance_did(
            name in "[a-cé_]{0,12}",
            candidates in proptest::collection::vec("[a-cé_]{0,14}", 0..6),
        ) {
            let candidates: Vec<&str> = candidates.iter().map(String::as_str).collect();
            prop_assert_eq!(did_you_mean(&name, candidates.iter().copied()), by_every_distance(&name, &candidates));
        }
    }
}
