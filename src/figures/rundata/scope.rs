//! The evaluation scope: how an expression's paths read run data, constants and other
//! figures (`runs.*` skips failed runs), with a guard against a figure depending on itself.
//!
//! Owns `EvalScope`, the [`expr::Scope`] of run data. It does not parse or evaluate
//! expressions (`expr`) nor load anything.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::failed::{failed_soak_rate, holds_a_rate, is_soak};
use super::{Field, FigureDef, NumberField, RunData};
use crate::figures::FigureError;
use crate::figures::expr::{self, Leaf, Scope, Segment};
use crate::number::{Over, Unit};
use walk::{follow, leaves_under};

mod walk;

/// The longest chain of figures computed from figures (each level recurses).
pub(crate) const MAX_CHAIN: usize = 32;

/// The deepest the expressions of a chain of figures may nest, added up.
const MAX_TOTAL_DEPTH: usize = 512;

pub(super) type Done = (expr::Evaluation, Option<Unit>);

/// Reads names for one evaluation, remembering which figures are being evaluated so that a
/// figure depending on itself is caught, and each figure computed, so that it is computed
/// once however often it is read.
pub(super) struct EvalScope<'a> {
    data: &'a RunData,
    stack: RefCell<Vec<String>>,
    depth: Cell<usize>,
    done: RefCell<HashMap<String, Done>>,
    /// Each series read so far, in order: a figure is over the first its evaluation read.
    over: RefCell<Vec<Over>>,
}

impl<'a> EvalScope<'a> {
    pub(super) fn new(data: &'a RunData) -> Self {
        EvalScope {
            data,
            stack: RefCell::new(Vec::new()),
            depth: Cell::new(0),
            done: RefCell::default(),
            over: RefCell::default(),
        }
    }

    /// Every figure computed through this scope.
    pub(super) fn into_done(self) -> HashMap<String, Done> {
        self.done.into_inner()
    }

    pub(super) fn figure(&self, figure: &FigureDef) -> Result<(expr::Evaluation, Option<Unit>), FigureError> {
        let Some(parsed) = &figure.expr else {
            return Err(FigureError::Syntax {
                message: format!("figure `{}` has no valid expression", figure.name),
                span: 0..0,
            });
        };
        if let Some(done) = self.data.computed(&figure.name).or(self.done.borrow().get(&figure.name)) {
            self.over.borrow_mut().extend(done.0.over.as_deref().cloned());
            return Ok(done.clone());
        }
        let series_before = self.over.borrow().len();
        if let Some(at) = self.stack.borrow().iter().position(|n| n == &figure.name) {
            // Only the loop: the figures that led into it are not part of it.
            let mut cycle = self.stack.borrow()[at..].to_vec();
            cycle.push(figure.name.clone());
            return Err(FigureError::Cycle { cycle, span: 0..0 });
        }
        let depth = expr::depth(parsed);
        if self.stack.borrow().len() >= MAX_CHAIN || self.depth.get() + depth > MAX_TOTAL_DEPTH {
            let stack = self.stack.borrow();
            let shown: Vec<&str> = stack.iter().take(3).map(String::as_str).collect();
            return Err(FigureError::TooDeep {
                name: figure.name.clone(),
                chain: format!("{} → … ({} figures)", shown.join(" → "), stack.len() + 1),
                span: 0..0,
            });
        }
        self.stack.borrow_mut().push(figure.name.clone());
        self.depth.set(self.depth.get() + depth);
        let result = expr::evaluate(parsed, self);
        self.depth.set(self.depth.get() - depth);
        self.stack.borrow_mut().pop();
        let evaluation = result?;
        let implied = evaluation.implied_unit;
        let unit = figure.unit.or(implied);
        if let (Some((a, b)), Some(Unit::Percent)) = (&evaluation.count_quotient, figure.unit) {
            let side = |span: &std::ops::Range<usize>| {
                figure.text.get(span.clone()).unwrap_or("").trim().to_string()
            };
            return Err(FigureError::Unit {
                message: format!(
                    "`{}` divides a count by a count, which is a fraction (10 of 10 is 1), not a percentage: declared `%`, it would be stated as a hundredth of what a reader means. Write `share({}, {})` for the percentage (a ÷ b × 100), or leave out `unit: %` for the fraction",
                    figure.text.trim(),
                    side(a),
                    side(b)
                ),
                span: a.start..b.end,
            });
        }
        // A ratio declared `%` is stated ×100 (0.814 is 81.4 %); a count declared `%` is
        // already a percentage as written (`busy_percent: 27.0`), and a share is one.
        let (value, exact) = match (evaluation.ratio, implied, figure.unit) {
            (true, None, Some(Unit::Percent)) => {
                let hundred = crate::number::Exact::from_integer(100);
                (evaluation.value * 100.0, evaluation.exact.as_ref().and_then(|e| e.mul(&hundred)))
            }
            _ => (evaluation.value, evaluation.exact),
        };
        // A figure read twice lists its inputs once: the list stays as long as the data.
        let mut seen = HashSet::new();
        // An input is dropped when every read of it was dropped: read again outside a
        // `drop_ends`, it counts.
        let reads = |list: &[(String, f64)], (path, value): &(String, f64)| {
            list.iter().filter(|(p, v)| p == path && v.to_bits() == value.to_bits()).count()
        };
        let mut dropped_seen = HashSet::new();
        let dropped: Vec<(String, f64)> = (evaluation.dropped.iter())
            .filter(|input| reads(&evaluation.inputs, input) == reads(&evaluation.dropped, input))
            .filter(|(path, value)| dropped_seen.insert((path.clone(), value.to_bits())))
            .cloned()
            .collect();
        let inputs: Vec<(String, f64)> = evaluation
            .inputs
            .into_iter()
            .filter(|(path, value)| seen.insert((path.clone(), value.to_bits())))
            .collect();
        let done = (
            expr::Evaluation {
                value,
                implied_unit: unit,
                exact,
                inputs,
                dropped,
                ratio: evaluation.ratio,
                count_per_second: evaluation.count_per_second,
                count_quotient: evaluation.count_quotient.clone(),
                over: self.over.borrow().get(series_before).cloned().map(Box::new),
            },
            implied,
        );
        self.done.borrow_mut().insert(figure.name.clone(), done.clone());
        Ok(done)
    }

    /// The number at a path without `*`.
    pub(super) fn number_field(
        &self,
        path: &expr::Path,
        span: Range<usize>,
    ) -> Result<&'a NumberField, FigureError> {
        let (field, shown) = self.field_at(path, span.clone())?;
        match field {
            Field::Number(n) => Ok(n),
            other => {
                Err(FigureError::NotANumber { path: shown, what: other.what(), hint: keys_of(other), span })
            }
        }
    }

    /// The field at a path without `*` (runs.RUN.a.b or a constant).
    fn field_at(&self, path: &expr::Path, span: Range<usize>) -> Result<(&'a Field, String), FigureError> {
        let names: Vec<&str> = path
            .segments
            .iter()
            .map(|s| match s {
                Segment::Name(n) => n.as_str(),
                Segment::Star => "*",
            })
            .collect();
        match names.as_slice() {
            ["runs", run_name, rest @ ..] => {
                let Some(run) = self.data.run(run_name) else {
                    return Err(self.unknown_run(run_name, span));
                };
                if let Some(why) = &run.failed
                    && (!is_soak(run) || rest.is_empty())
                {
                    return Err(FigureError::FailedRun { run: run.name.clone(), why: why.clone(), span });
                }
                let mut field = &run.fields;
                for (i, key) in rest.iter().enumerate() {
                    let parent = field;
                    if parent.child(key).is_none()
                        && let Some(unread) = self.unread_run(run_name, span.clone())
                    {
                        return Err(unread);
                    }
                    field = field.child(key).ok_or_else(|| {
                        let missing = format!("runs.{run_name}.{}", rest[..=i].join("."));
                        let hint = match self.data.absent_reason(&missing) {
                            Some(why) => format!("; it is not in the raw file: {why}"),
                            None => format!("{}{}", keys_of(parent), key_meant(parent, key)),
                        };
                        FigureError::MissingPath { path: missing, hint, span: span.clone() }
                    })?;
                }
                if let Some(why) = &run.failed
                    && holds_a_rate(field)
                {
                    return Err(failed_soak_rate(run, why, span));
                }
                if rest.is_empty() {
                    return Err(FigureError::NotANumber {
                        path: path.to_string(),
                        what: "a run",
                        hint: keys_of(&run.fields),
                        span,
                    });
                }
                Ok((field, path.to_string()))
            }
            ["series", ..] => Err(FigureError::BadArgument {
                message: format!("`{path}`: a series is read over its runs, `series.NAME.*.field`"),
                span,
            }),
            ["runs"] => Err(FigureError::NotANumber {
                path: "runs".to_string(),
                what: "all the runs",
                hint: String::new(),
                span,
            }),
            [single, rest @ ..] => {
                if self.data.vendor(single).is_some() {
                    return Err(FigureError::VendorInExpression { name: single.to_string(), span });
                }
                let known = self.data.constant(single).is_some() || self.data.figure_def(single).is_some();
                if known && !rest.is_empty() {
                    return Err(FigureError::MissingPath {
                        path: path.to_string(),
                        hint: format!("; `{single}` is a number"),
                        span,
                    });
                }
                if self.data.defined_wrongly.iter().any(|name| name == single) {
                    return Err(FigureError::DefinedWrongly { name: single.to_string(), span });
                }
                if let Some(key) = self.misspelt("constants:").or_else(|| self.misspelt("figures:")) {
                    return Err(FigureError::DefinedWrongly { name: key, span });
                }
                // A lone constant or figure is read through `read`, never here.
                Err(FigureError::UnknownName { name: single.to_string(), hint: self.suggest(single), span })
            }
            [] => Err(FigureError::UnknownName { name: String::new(), hint: String::new(), span }),
        }
    }
}

/// "; it has `a`, `b`" for a map or list, for a path that stopped there or went wrong in it.
fn keys_of(field: &Field) -> String {
    let keys: Vec<String> = field.children().into_iter().map(|(k, _)| k).collect();
    crate::figures::keys_hint(&keys)
}

/// "; did you mean `bits_per_second`?" for a key `field` does not have, when one of its keys
/// is a likely typo of it.
fn key_meant(field: &Field, key: &str) -> String {
    let keys: Vec<String> = field.children().into_iter().map(|(k, _)| k).collect();
    crate::figures::did_you_mean(key, keys.iter().map(String::as_str))
}

impl EvalScope<'_> {
    /// For a run whose raw file could not be read or imported (already an error at its
    /// place), the error that follows from it and is never reported beside it.
    fn unread_run(&self, run_name: &str, span: Range<usize>) -> Option<FigureError> {
        let name = format!("runs.{run_name}");
        self.data.defined_wrongly.contains(&name).then_some(FigureError::DefinedWrongly { name, span })
    }

    /// "; did you mean …?" for an unknown single name: the constants, figures and vendor's
    /// figures of the run data.
    /// No run is named `run_name`: the error, with the run it probably meant.
    fn unknown_run(&self, run_name: &str, span: Range<usize>) -> FigureError {
        if let Some(key) = self.misspelt("runs:") {
            return FigureError::DefinedWrongly { name: key, span };
        }
        FigureError::UnknownName {
            name: format!("runs.{run_name}"),
            hint: crate::figures::did_you_mean(run_name, self.data.runs.iter().map(|r| r.name.as_str())),
            span,
        }
    }

    /// The top-level key of runs.yaml (`series:`) that was misspelt, an error at its place:
    /// a name it would have defined is then not reported unknown beside it.
    fn misspelt(&self, key: &str) -> Option<String> {
        self.data.defined_wrongly.iter().any(|name| name == key).then(|| key.to_string())
    }

    fn suggest(&self, name: &str) -> String {
        let names = self
            .data
            .constants
            .iter()
            .map(|(n, _)| n.as_str())
            .chain(self.data.figures.iter().map(|f| f.name.as_str()))
            .chain(self.data.vendor.iter().map(|(n, _)| n.as_str()));
        crate::figures::did_you_mean(name, names)
    }
}

impl EvalScope<'_> {
    /// For a `runs.…` path with `*` that reaches nothing: where it stops in the first run it
    /// goes through, what is there, and the key it probably meant.
    fn star_hint(&self, path: &expr::Path) -> String {
        let (run, rest) = match path.segments.as_slice() {
            [_, Segment::Star, rest @ ..] => (self.data.runs.iter().find(|r| r.failed.is_none()), rest),
            [_, Segment::Name(name), rest @ ..] => (self.data.run(name), rest),
            _ => return String::new(),
        };
        let Some(run) = run else { return String::new() };
        let mut field = &run.fields;
        let mut shown = format!("runs.{}", run.name);
        for segment in rest {
            let next = match segment {
                Segment::Star => field.children().into_iter().next(),
                Segment::Name(key) => field.child(key).map(|child| (key.clone(), child)),
            };
            match next {
                Some((key, child)) => {
                    shown.push('.');
                    shown.push_str(&key);
                    field = child;
                }
                None => {
                    let keys: Vec<String> = field.children().into_iter().map(|(k, _)| k).collect();
                    let meant = match segment {
                        Segment::Name(key) => {
                            crate::figures::did_you_mean(key, keys.iter().map(String::as_str))
                        }
                        Segment::Star => String::new(),
                    };
                    let has = if keys.is_empty() && matches!(field, Field::List(_) | Field::Map(_)) {
                        // iperf 2's receiver prints no intervals unless asked (`-i`).
                        format!("; `{shown}` is empty")
                    } else if keys.is_empty() {
                        format!("; `{shown}` is {}", field.what())
                    } else {
                        format!(
                            "; `{shown}`{}",
                            crate::figures::keys_hint(&keys).replacen("; it has", " has", 1)
                        )
                    };
                    return format!("{has}{meant}");
                }
            }
        }
        String::new()
    }
}

impl Scope for EvalScope<'_> {
    fn read(&self, path: &expr::Path, many: bool, span: Range<usize>) -> Result<Vec<Leaf>, FigureError> {
        if let [Segment::Name(single)] = path.segments.as_slice()
            && let Some(leaf) = self.constant_or_figure(single, &span)
        {
            return leaf.map(|leaf| vec![leaf]);
        }
        if !path.has_star() {
            let (field, shown) = self.field_at(path, span.clone())?;
            return match field {
                Field::Number(n) => Ok(vec![Leaf {
                    path: shown,
                    value: n.value,
                    unit: n.unit,
                    exact: n.exact.clone(),
                    expands_to: Vec::new(),
                }]),
                Field::List(_) | Field::Map(_) if many => {
                    let mut out = Vec::new();
                    leaves_under(field, shown, &mut out);
                    Ok(out)
                }
                other => Err(FigureError::NotANumber {
                    path: shown,
                    what: other.what(),
                    hint: keys_of(other),
                    span,
                }),
            };
        }
        // A path with `*`: over runs, or inside one run's fields.
        let mut reached: Vec<(String, &Field)> = Vec::new();
        match path.segments.as_slice() {
            [Segment::Name(runs), Segment::Star, rest @ ..] if runs == "runs" => {
                for run in self.data.runs.iter().filter(|r| r.failed.is_none()) {
                    follow(&run.fields, rest, format!("runs.{}", run.name), &mut reached).map_err(|gap| {
                        self.unread_run(&run.name, span.clone())
                            .unwrap_or_else(|| gap.error(path, span.clone(), self.data))
                    })?;
                }
            }
            [Segment::Name(runs), Segment::Name(run_name), rest @ ..] if runs == "runs" => {
                let Some(run) = self.data.run(run_name) else {
                    return Err(self.unknown_run(run_name, span));
                };
                if let Some(why) = &run.failed
                    && (!is_soak(run) || rest.is_empty())
                {
                    return Err(FigureError::FailedRun { run: run.name.clone(), why: why.clone(), span });
                }
                follow(&run.fields, rest, format!("runs.{run_name}"), &mut reached).map_err(|gap| {
                    self.unread_run(run_name, span.clone())
                        .unwrap_or_else(|| gap.error(path, span.clone(), self.data))
                })?;
                if let Some(why) = &run.failed
                    && reached.iter().any(|(_, field)| holds_a_rate(field))
                {
                    return Err(failed_soak_rate(run, why, span));
                }
            }
            [Segment::Name(head), Segment::Name(name), Segment::Star, rest @ ..] if head == "series" => {
                let runs = self.series_runs(name, span.clone())?;
                for run in &runs {
                    follow(&run.fields, rest, format!("runs.{}", run.name), &mut reached)
                        .map_err(|gap| gap.error(path, span.clone(), self.data))?;
                }
                let mut out = Vec::new();
                for (shown, field) in reached {
                    leaves_under(field, shown, &mut out);
                }
                self.over.borrow_mut().push(Over {
                    series: name.clone(),
                    runs: runs.iter().map(|r| r.name.clone()).collect(),
                    values: out.iter().map(|leaf| leaf.value).collect(),
                    unit: out.first().map_or(Unit::Count, |leaf| leaf.unit),
                });
                return Ok(out);
            }
            _ => {
                return Err(FigureError::MissingPath { path: path.to_string(), hint: String::new(), span });
            }
        }
        if reached.is_empty() {
            let hint = self.star_hint(path);
            return Err(FigureError::MissingPath { path: path.to_string(), hint, span });
        }
        let mut out = Vec::new();
        for (shown, field) in reached {
            leaves_under(field, shown, &mut out);
        }
        Ok(out)
    }
}

impl EvalScope<'_> {
    /// The constant or figure a bare name `single` reads, if it names one.
    fn constant_or_figure(&self, single: &str, span: &Range<usize>) -> Option<Result<Leaf, FigureError>> {
        if let Some(constant) = self.data.constant(single) {
            return Some(Ok(Leaf {
                path: single.to_string(),
                value: constant.value,
                unit: constant.unit,
                exact: constant.exact.clone(),
                expands_to: Vec::new(),
            }));
        }
        let figure = self.data.figure_def(single)?;
        let evaluated = self.figure(figure).map_err(|inner| match inner {
            FigureError::Cycle { .. } | FigureError::TooDeep { .. } => inner.with_span(span.clone()),
            other => FigureError::InFigure {
                figure: single.to_string(),
                inner: Box::new(other),
                span: span.clone(),
            },
        });
        Some(evaluated.map(|(evaluation, unit)| Leaf {
            path: single.to_string(),
            value: evaluation.value,
            unit: figure.unit.or(unit).unwrap_or(Unit::Count),
            exact: evaluation.exact,
            expands_to: evaluation.inputs,
        }))
    }
}

impl<'a> EvalScope<'a> {
    /// The runs of series `name` that did not fail (an error when there is no such series,
    /// or none of its runs is left).
    fn series_runs(&self, name: &str, span: Range<usize>) -> Result<Vec<&'a super::Run>, FigureError> {
        let Some(runs) = super::series::runs_of(&self.data.series, &self.data.runs, name) else {
            if let Some(key) = self.misspelt("series:") {
                return Err(FigureError::DefinedWrongly { name: key, span });
            }
            let names = self.data.series.iter().map(|s| s.name.as_str());
            let hint = crate::figures::did_you_mean(name, names);
            return Err(FigureError::UnknownName { name: format!("series.{name}"), hint, span });
        };
        Ok(runs)
    }
}

#[cfg(test)]
mod tests;
