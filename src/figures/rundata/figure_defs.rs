//! Loading `figures:` (an expression with its unit, rounding and withdrawn values) and
//! checking every figure once loaded, so that its errors point into runs.yaml.
//!
//! Owns `FigureDef`. It does not parse or evaluate expressions (`expr`, through `scope`)
//! nor resolve a figure for a page ([`super::RunData::resolve`]).

use crate::fit::Fit;

use super::loader::{Loader, shift};
use super::scope::EvalScope;
use super::{FigureDef, RunData};
use crate::figures::FigureError;
use crate::figures::expr;
use crate::number::{self, Rounding};
use crate::yaml::Node;

impl Loader<'_> {
    pub(super) fn load_figures(&mut self, node: &Node) -> Vec<FigureDef> {
        let mut figures = Vec::new();
        for (key, value) in self.map(node, "`figures`") {
            let Some(name) = self.name(key, "figure", false) else {
                continue;
            };
            let mut figure = FigureDef {
                name,
                text: String::new(),
                expr: None,
                unit: None,
                round: Rounding::HalfAwayFromZero,
                withdrawn: Vec::new(),
                text_offset: value.span.start,
            };
            let mut has_is = false;
            let mut unit_at = None;
            for (field_key, field_value) in self.map(value, "a figure") {
                match field_key.key_text().as_str() {
                    "is" => {
                        has_is = true;
                        let Some(text) = self.text(field_value, "`is`") else {
                            continue;
                        };
                        figure.text_offset = field_value.content_start(self.source);
                        match expr::parse(&text) {
                            Ok(parsed) => figure.expr = Some(parsed),
                            Err(error) => {
                                let span = shift(error.span(), figure.text_offset);
                                self.error(
                                    error.code(),
                                    span,
                                    format!("in figure `{}`: {error}", figure.name),
                                );
                            }
                        }
                        figure.text = text;
                    }
                    "unit" => {
                        if let Some(text) = self.text(field_value, "`unit`") {
                            match number::parse_unit(&text) {
                                Some(unit) => {
                                    figure.unit = Some(unit);
                                    unit_at = Some((field_value.span.clone(), text.trim().to_string()));
                                }
                                None => self.error("runs-type", field_value.span.clone(), format!("unknown unit `{text}`; use %, bit/s, Mbit/s, Gbit/s, pps, Mpps, connections/s, req/s, B, KiB, MiB, GiB, s, ms, µs ...")),
                            }
                        }
                    }
                    "round" => match self.text(field_value, "`round`").as_deref() {
                        Some("down") => figure.round = Rounding::Down,
                        Some("half_away_from_zero") => figure.round = Rounding::HalfAwayFromZero,
                        Some(other) => self.error(
                            "runs-type",
                            field_value.span.clone(),
                            format!("`round` is `down` or `half_away_from_zero`, not `{other}`"),
                        ),
                        None => {}
                    },
                    "withdrawn" => figure.withdrawn = self.load_withdrawals(field_value),
                    other => self.error(
                        "runs-unknown-key",
                        field_key.span.clone(),
                        format!(
                            "unknown key `{other}`; a figure has is, unit, round, withdrawn{}",
                            crate::figures::did_you_mean(other, ["is", "unit", "round", "withdrawn"])
                        ),
                    ),
                }
            }
            // A number written in the expression has no unit, and `unit:` would give it one
            // (`is: "2", unit: s` is two seconds of nothing measured): the unit belongs with
            // the number, in a constant. `%` is no quantity: 74 written for `%` is 74 %.
            if let (Some(expr), Some(unit), Some((span, written))) = (&figure.expr, figure.unit, unit_at)
                && !matches!(unit.kind(), number::UnitKind::Count | number::UnitKind::Percent)
                && reads_no_data(expr)
            {
                self.error(
                    "figure-unit",
                    span,
                    format!(
                        "`{}` is a count, and `unit: {written}` would make it {} from nothing measured; write the number with its unit as a constant (`{} {written}` under `constants:`) and read that constant in `is:`",
                        figure.text.trim(),
                        unit.kind().name(),
                        figure.text.trim(),
                    ),
                );
            }
            if !has_is {
                self.error(
                    "runs-figure",
                    key.span.clone(),
                    format!("figure `{}` has no `is:` expression", figure.name),
                );
            }
            figures.push(figure);
        }
        figures
    }

    /// Evaluates every figure now, so that unknown names, missing paths, cycles and
    /// divisions by zero are reported at their place in runs.yaml.
    pub(super) fn check_figures(&mut self, data: &RunData) -> Vec<Option<super::scope::Done>> {
        // One scope for all: a figure read by many is computed once.
        let scope = EvalScope::new(data);
        // Each cycle once, however many of its figures (or figures reading it) find it.
        let mut cycles_reported: std::collections::HashSet<Vec<String>> = std::collections::HashSet::new();
        for figure in &data.figures {
            if figure.expr.is_none() {
                continue;
            }
            match scope.figure(figure) {
                Ok((evaluation, implied)) => {
                    // A count a second takes the rate its figure declares (connections/s).
                    let declares_a_count_rate = evaluation.count_per_second
                        && matches!(
                            figure.unit.map(number::Unit::kind),
                            Some(number::UnitKind::ConnectionRate | number::UnitKind::RequestRate)
                        );
                    if let (Some(declared), Some(implied)) = (figure.unit, implied)
                        && declared.kind() != implied.kind()
                        && !declares_a_count_rate
                    {
                        let span = shift(0..figure.text.len(), figure.text_offset);
                        self.error(
                            "figure-unit",
                            span,
                            format!(
                                "figure `{}` is declared {} but its expression gives {}",
                                figure.name,
                                declared.kind().name(),
                                implied.kind().name()
                            ),
                        );
                    }
                }
                // A failed run makes a figure unusable, but only stating it is an error.
                Err(FigureError::FailedRun { .. }) => {}
                Err(error) if error.follows_another() => {}
                Err(FigureError::InFigure { inner, .. })
                    if matches!(*inner, FigureError::FailedRun { .. }) => {}
                Err(FigureError::Cycle { cycle, .. }) => {
                    let (cycle, at) = cycle_from_first_written(data, &cycle);
                    if cycles_reported.insert(cycle.clone()) {
                        let error = FigureError::Cycle { cycle, span: at.clone() };
                        self.error(error.code(), at, error.to_string());
                    }
                }
                Err(error) => {
                    let span = shift(error.span(), figure.text_offset);
                    self.error(error.code(), span, format!("in figure `{}`: {error}", figure.name));
                }
            }
        }
        // By position, at the first figure of each name (the one a name reads), at length.
        let mut done = scope.into_done();
        data.figures
            .iter()
            .map(|figure| {
                let (mut evaluation, implied) = done.remove(&figure.name)?;
                evaluation.inputs.fit();
                Some((evaluation, implied))
            })
            .collect()
    }
}

/// Whether `expr` is made of numbers written in it only, reading no data.
fn reads_no_data(expr: &expr::Expr) -> bool {
    use expr::ExprKind;
    match &expr.kind {
        ExprKind::Number { .. } => true,
        ExprKind::Neg(inner) => reads_no_data(inner),
        ExprKind::Binary { left, right, .. } => reads_no_data(left) && reads_no_data(right),
        ExprKind::Path(_) | ExprKind::Call { .. } | ExprKind::UnknownCall { .. } => false,
    }
}

/// A cycle (`[b, a, c, b]`) started at its figure written first in runs.yaml (`[a, c, b,
/// a]`), and the place in runs.yaml where that figure's expression reads the next one.
fn cycle_from_first_written(data: &RunData, cycle: &[String]) -> (Vec<String>, std::ops::Range<usize>) {
    let members = &cycle[..cycle.len().saturating_sub(1).max(1)];
    let written =
        |name: &String| data.figure_index.find(name, |i| &data.figures[i].name).unwrap_or(usize::MAX);
    let first = (0..members.len()).min_by_key(|&i| written(&members[i])).unwrap_or(0);
    let mut rotated: Vec<String> = members[first..].iter().chain(&members[..first]).cloned().collect();
    rotated.push(rotated[0].clone());
    let at = data
        .figure_def(&rotated[0])
        .and_then(|figure| {
            let span = reference_to(figure.expr.as_ref()?, &rotated[1])?;
            Some(shift(span, figure.text_offset))
        })
        .unwrap_or(0..0);
    (rotated, at)
}

/// Where `expr` reads the figure `name` (a path of that one name).
fn reference_to(expr: &expr::Expr, name: &str) -> Option<std::ops::Range<usize>> {
    use expr::ExprKind;
    match &expr.kind {
        ExprKind::Path(path) => matches!(path.segments.as_slice(), [expr::Segment::Name(n)] if n == name)
            .then(|| expr.span.clone()),
        ExprKind::Neg(inner) => reference_to(inner, name),
        ExprKind::Binary { left, right, .. } => {
            reference_to(left, name).or_else(|| reference_to(right, name))
        }
        ExprKind::Call { args, .. } => args.iter().find_map(|a| reference_to(a, name)),
        ExprKind::Number { .. } | ExprKind::UnknownCall { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::figures::rundata::testing::{design_site, errors, loaded, place};
    use crate::number::Unit;

    #[test]
    fn expression_errors_point_inside_the_expression_in_runs_yaml() {
        let site = design_site();
        let source = "constants: {zero: 0}\nfigures:\n  a: {is: \"1 + * 2\"}\n  b: {is: \"runs.x.y + 1\"}\n  c: {is: 5 / zero}\n  d: {is: e + 1}\n  e: {is: d * 2}\n  v: {is: \"vend + 1\"}\nvendor:\n  vend: {value: 1 Gbit/s, source: sheet}\n";
        let diagnostics = errors(&site, source);
        assert_eq!(place(&diagnostics, "in figure `a`: unexpected `*`"), (3, 16));
        assert_eq!(
            place(&diagnostics, "in figure `b`: no figure, constant or run is named `runs.x`"),
            (4, 12)
        );
        assert_eq!(place(&diagnostics, "in figure `c`: division by zero"), (5, 15));
        assert_eq!(place(&diagnostics, "figures computed from one another in a cycle: d → e → d"), (6, 11));
        assert_eq!(place(&diagnostics, "in figure `v`: `vend` is a vendor's figure"), (8, 12));
    }

    /// A cycle is one mistake: one error, naming each figure of it once in its order, at
    /// the first of them written (not one error per figure, nor one for a figure that only
    /// reads the cycle).
    #[test]
    fn a_cycle_is_one_error_at_its_first_figure() {
        let site = design_site();
        let source = "figures:\n  z: {is: b + 1}\n  a: {is: c * 2}\n  b: {is: a + 1}\n  c: {is: b / 2}\n  s: {is: s + 1}\n";
        let diagnostics = errors(&site, source);
        let cycles: Vec<_> = diagnostics.iter().filter(|d| d.code == "figure-cycle").collect();
        assert_eq!(cycles.len(), 2, "{diagnostics:#?}");
        assert_eq!(diagnostics.len(), 2, "nothing else: {diagnostics:#?}");
        // a is written first of a, b, c: the cycle starts there, at its `c`.
        assert_eq!(cycles[0].message, "figures computed from one another in a cycle: a → c → b → a");
        assert_eq!((cycles[0].line, cycles[0].col), (3, 11));
        assert_eq!(cycles[1].message, "figure `s` is computed from itself");
        assert_eq!((cycles[1].line, cycles[1].col), (6, 11));
    }

    #[test]
    fn a_declared_unit_must_fit_the_expression() {
        let site = design_site();
        let d = errors(&site, "figures:\n  s: {is: \"share(1, 2)\", unit: Mbit/s}\n");
        assert_eq!(d[0].code, "figure-unit");
        let data = loaded(&site, "figures:\n  s: {is: \"share(1, 2)\"}\n");
        assert_eq!(data.resolve("s").unwrap().unit, Unit::Percent);
    }
}
