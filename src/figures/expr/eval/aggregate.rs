//! The functions of a list: `sum mean min max median stdev se ci95 percentile count`, and
//! `drop_ends`, which gives a list to them.
//!
//! Owns gathering a list from arguments (paths with `*`, paths to a list or map, numbers,
//! `drop_ends(…)`), checking that its values are of one kind, and the unit each function
//! gives: `count` a count, every other the list's unit. The formulas are in `stats`.

use std::ops::Range;

use super::super::stats::{self, Dispersion, Num};
use super::{
    Dim, Expr, ExprKind, FigureError, Function, Inputs, Q, Scope, describe, eval, exact_sum, push_input,
    unit_error,
};
use crate::number::Exact;

/// A list being gathered: its values and their one kind.
struct List {
    function: Function,
    values: Vec<Q>,
    dim: Dim,
    /// The first value of a kind, to name it when another kind follows (kept only when
    /// values have units, so that a sum of counts allocates nothing for it).
    first_of_kind: Option<String>,
    /// How many inputs had been read once each value was taken: a value's own inputs are
    /// those read since the value before it.
    read_by: Vec<usize>,
}

impl List {
    fn of(function: Function) -> List {
        List { function, values: Vec::new(), dim: Dim::NONE, first_of_kind: None, read_by: Vec::new() }
    }

    fn take(&mut self, q: Q, shown: &str, span: &Range<usize>) -> Result<(), FigureError> {
        if !q.dim.is_none() && !self.dim.is_none() && q.dim != self.dim {
            return Err(unit_error(
                format!(
                    "{}() over values of different kinds: `{}` is {} but `{shown}` is {}",
                    self.function.name(),
                    self.first_of_kind.as_deref().unwrap_or_default(),
                    self.dim.name(),
                    q.dim.name()
                ),
                span.clone(),
            ));
        }
        if self.dim.is_none() && !q.dim.is_none() {
            self.dim = q.dim;
            self.first_of_kind = Some(shown.to_string());
        }
        self.values.push(q);
        Ok(())
    }

    /// Adds every value of `args`, in order.
    fn gather(&mut self, args: &[Expr], scope: &dyn Scope, inputs: &mut Inputs) -> Result<(), FigureError> {
        for arg in args {
            match &arg.kind {
                ExprKind::Path(path) => {
                    for leaf in scope.read(path, true, arg.span.clone())? {
                        push_input(inputs, &leaf);
                        self.take(Q::of_leaf(&leaf), &leaf.path, &arg.span)?;
                        self.read_by.push(inputs.read.len());
                    }
                }
                ExprKind::Call { function: Function::DropEnds, args: inner } => {
                    let mut list = List::of(self.function);
                    let first = inputs.read.len();
                    list.gather(&inner[..1], scope, inputs)?;
                    let k = whole_count(&inner[1], scope, inputs)?;
                    let n = list.values.len();
                    if k.saturating_mul(2) >= n {
                        return Err(FigureError::BadArgument {
                            message: format!(
                                "drop_ends() drops the first and last {k} of {n} values, leaving none"
                            ),
                            span: arg.span.clone(),
                        });
                    }
                    // The inputs of the values dropped at either end, for the evidence.
                    for i in (0..k).chain(n - k..n) {
                        let from = if i == 0 { first } else { list.read_by[i - 1] };
                        let own = inputs.read[from..list.read_by[i]].to_vec();
                        inputs.dropped.extend(own);
                    }
                    for q in list.values.drain(..).skip(k).take(n - 2 * k) {
                        self.take(q, &describe(&inner[0]), &arg.span)?;
                        self.read_by.push(inputs.read.len());
                    }
                }
                _ => {
                    let q = eval(arg, scope, inputs)?;
                    self.take(q, &describe(arg), &arg.span)?;
                    self.read_by.push(inputs.read.len());
                }
            }
        }
        Ok(())
    }
}

/// A whole number of no unit, 0 or more: how many values `drop_ends` drops at each end.
fn whole_count(arg: &Expr, scope: &dyn Scope, inputs: &mut Inputs) -> Result<usize, FigureError> {
    let q = eval(arg, scope, inputs)?;
    let count = q.exact.as_ref().filter(|e| q.dim.is_none() && e.is_integer() && !e.is_negative());
    count.and_then(|e| e.text().parse::<usize>().ok()).ok_or_else(|| FigureError::BadArgument {
        message: format!("drop_ends() drops a whole number of values at each end, not {}", describe(arg)),
        span: arg.span.clone(),
    })
}

pub(super) fn call(
    function: Function,
    args: &[Expr],
    whole: &Expr,
    scope: &dyn Scope,
    inputs: &mut Inputs,
) -> Result<Q, FigureError> {
    let lists = if function == Function::Percentile { &args[..1] } else { args };
    let mut list = List::of(function);
    list.gather(lists, scope, inputs)?;
    let List { values, dim, .. } = list;
    if values.is_empty() {
        return Err(FigureError::EmptyAggregate { function: function.name(), span: whole.span.clone() });
    }
    let ratio = values.iter().any(|q| q.ratio);
    let nums = || values.iter().map(|q| Num { value: q.value, exact: q.exact.clone() }).collect::<Vec<_>>();
    let of = |num: Num| Q { ratio, value: num.value, dim, exact: num.exact };
    let spread = |which: Dispersion| {
        if values.len() < 2 {
            return Err(FigureError::BadArgument {
                message: format!("{}() needs at least two values; this list has one", function.name()),
                span: whole.span.clone(),
            });
        }
        Ok(of(stats::spread(&nums(), which)))
    };
    match function {
        Function::Sum => {
            let exact = exact_sum(values.iter().map(|q| &q.exact));
            Ok(of(Num { value: values.iter().map(|q| q.value).sum(), exact }))
        }
        Function::Mean => Ok(of(stats::mean(&nums()))),
        Function::Count => Ok(Q { ratio: false, dim: Dim::NONE, ..Q::of_num(Num::of_integer(values.len())) }),
        Function::Stdev => spread(Dispersion::Stdev),
        Function::Se => spread(Dispersion::Se),
        Function::Ci95 => spread(Dispersion::Ci95),
        Function::Median | Function::Percentile => {
            let p = if function == Function::Median {
                Num::of_integer(50)
            } else {
                percent(&args[1], scope, inputs)?
            };
            let mut sorted = nums();
            stats::sort(&mut sorted);
            Ok(of(stats::percentile(&sorted, &p)))
        }
        // The first of equal values, as the order written.
        Function::Min => Ok(values
            .into_iter()
            .reduce(|m, q| if q.is_less_than(&m) { q } else { m })
            .map_or_else(|| of(Num { value: f64::INFINITY, exact: None }), |q| Q { ratio, dim, ..q })),
        _ => Ok(values
            .into_iter()
            .reduce(|m, q| if m.is_less_than(&q) { q } else { m })
            .map_or_else(|| of(Num { value: f64::NEG_INFINITY, exact: None }), |q| Q { ratio, dim, ..q })),
    }
}

/// The `p` of `percentile(list, p)`: a number of no unit from 0 to 100.
fn percent(arg: &Expr, scope: &dyn Scope, inputs: &mut Inputs) -> Result<Num, FigureError> {
    let q = eval(arg, scope, inputs)?;
    let hundred = Exact::from_integer(100);
    let in_range = match &q.exact {
        Some(e) => !e.is_negative() && e.compare(&hundred) != std::cmp::Ordering::Greater,
        None => (0.0..=100.0).contains(&q.value),
    };
    if !q.dim.is_none() || !in_range {
        return Err(FigureError::BadArgument {
            message: format!(
                "percentile() takes a percentile from 0 to 100 with no unit, not {}",
                describe(arg)
            ),
            span: arg.span.clone(),
        });
    }
    Ok(Num { value: q.value, exact: q.exact })
}
