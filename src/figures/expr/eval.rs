//! Evaluating an expression tree: arithmetic, the functions, and the units they imply,
//! reading names through a [`Scope`] and listing every leaf read as an input.
//!
//! Owns [`Scope`], [`Leaf`], [`Evaluation`] and [`evaluate`]. It does not parse (`parse`)
//! nor know what names refer to (the caller's scope does).

use std::cmp::Ordering;
use std::ops::Range;

use super::dim::Dim;
use super::{BinaryOp, Expr, ExprKind, Function, Path};
use crate::figures::FigureError;
use crate::number::{Exact, Unit};

/// One number read from the data, with the path it was read at.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Leaf {
    pub path: String,
    pub value: f64,
    pub unit: Unit,
    /// The value exactly, in the base unit of `unit`'s kind.
    pub exact: Option<Exact>,
    /// For a leaf that is another figure: the data it was computed from, listed as inputs
    /// instead of the figure itself.
    pub expands_to: Vec<(String, f64)>,
}

/// Every value an expression read, in order, and those of them a `drop_ends` left out of
/// its list (read, so listed as inputs, but not counted: the evidence marks them).
#[derive(Debug, Default)]
pub(crate) struct Inputs {
    pub read: Vec<(String, f64)>,
    pub dropped: Vec<(String, f64)>,
}

impl Inputs {
    fn push(&mut self, input: (String, f64)) {
        self.read.push(input);
    }

    fn extend(&mut self, inputs: impl IntoIterator<Item = (String, f64)>) {
        self.read.extend(inputs);
    }
}

fn push_input(inputs: &mut Inputs, leaf: &Leaf) {
    if leaf.expands_to.is_empty() {
        inputs.push((leaf.path.clone(), leaf.value));
    } else {
        inputs.extend(leaf.expands_to.iter().cloned());
    }
}

/// What an expression's names refer to.
pub(crate) trait Scope {
    /// Reads `path`: one leaf for a path to a number; several for a path with `*`, or one
    /// that ends at a list or map (only asked for when `many` is true). `span` is where the
    /// path stands in the expression, for errors.
    fn read(&self, path: &Path, many: bool, span: Range<usize>) -> Result<Vec<Leaf>, FigureError>;
}

/// The result of an expression, with every leaf it read.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Evaluation {
    /// In the base unit of `implied_unit`'s kind.
    pub value: f64,
    /// The unit the expression's units give (a count: None).
    pub implied_unit: Option<Unit>,
    /// The value exactly, when every value it read was exact (each step is: every
    /// function tally has is rational).
    pub exact: Option<Exact>,
    pub inputs: Vec<(String, f64)>,
    /// The inputs a `drop_ends` dropped from its list: read, but not in the value.
    #[serde(default)]
    pub dropped: Vec<(String, f64)>,
    /// A dimensionless value whose units cancelled (a ratio), not a count read as written.
    #[serde(default)]
    pub ratio: bool,
    /// A plain count divided by a time: a packet rate unless the figure declares another
    /// rate of counted things (`unit: connections/s`).
    #[serde(default)]
    pub count_per_second: bool,
    /// A count divided by a count (`received / transmitted`): the spans of the two, in the
    /// expression. A fraction, which a figure declared `%` would state as a hundredth of
    /// what its reader means (`share()` gives the percentage).
    #[serde(default)]
    pub count_quotient: Option<(Range<usize>, Range<usize>)>,
    /// The series of repeated runs it read, when it read one (the scope fills it).
    #[serde(default)]
    pub over: Option<Box<crate::number::Over>>,
}

/// A value while it is computed: in canonical units (bits, seconds), with its dimension and
/// its exact value beside the `f64`.
#[derive(Debug, Clone)]
struct Q {
    /// Dimensionless because units cancelled (`rate / link_rate`): a ratio, which a `%`
    /// states ×100, unlike a bare count, which is already in the unit declared for it.
    ratio: bool,
    value: f64,
    dim: Dim,
    exact: Option<Exact>,
}

impl Q {
    fn of_num(num: super::stats::Num) -> Q {
        Q { ratio: false, value: num.value, dim: Dim::NONE, exact: num.exact }
    }

    fn of_leaf(leaf: &Leaf) -> Q {
        let (dim, factor) = Dim::of(leaf.unit);
        let exact = if factor == 1 {
            leaf.exact.clone()
        } else {
            leaf.exact.as_ref().and_then(|e| e.mul(&Exact::from_integer(factor.into())))
        };
        Q { ratio: false, value: leaf.value * f64::from(factor), dim, exact }
    }

    fn is_zero(&self) -> bool {
        // The exact value decides: `0.3 - 0.1 - 0.2` is zero though its f64 is not.
        self.exact.as_ref().map_or(self.value == 0.0, Exact::is_zero)
    }

    /// Whether `self < other`, exactly when both are exact.
    fn is_less_than(&self, other: &Q) -> bool {
        match (&self.exact, &other.exact) {
            (Some(a), Some(b)) => a.compare(b) == Ordering::Less,
            _ => self.value < other.value,
        }
    }
}

/// `a op b` on two exact values, when both are.
fn exactly(a: &Option<Exact>, b: &Option<Exact>, op: fn(&Exact, &Exact) -> Option<Exact>) -> Option<Exact> {
    op(a.as_ref()?, b.as_ref()?)
}

/// The exact sum of `values`, when each is exact.
fn exact_sum<'a>(mut values: impl Iterator<Item = &'a Option<Exact>>) -> Option<Exact> {
    values.try_fold(Exact::zero(), |sum, value| sum.add(value.as_ref()?))
}

/// Evaluates `expr`, reading names through `scope`.
pub(crate) fn evaluate(expr: &Expr, scope: &dyn Scope) -> Result<Evaluation, FigureError> {
    let mut inputs = Inputs::default();
    let q = eval(expr, scope, &mut inputs)?;
    let Some((unit, divisor)) = q.dim.unit() else {
        return Err(FigureError::Unit {
            message: format!("the expression gives {}, which no unit states", q.dim.name()),
            span: expr.span.clone(),
        });
    };
    let exact = if divisor == 1 {
        q.exact
    } else {
        // Bits back to bytes.
        q.exact.and_then(|e| e.div(&Exact::from_integer(divisor.into())))
    };
    let ratio = q.ratio && q.dim.is_none();
    let count_per_second = q.dim.is_count_per_second();
    // Units that cancelled make a ratio (`rate / link_rate`); a quotient of two counts read
    // from the data does not, and a literal (`errors / 2`) is no count of its own.
    let count_quotient = match &expr.kind {
        ExprKind::Binary { op: BinaryOp::Div, left, right }
            if !q.ratio
                && q.dim.is_none()
                && ![left, right].iter().any(|side| matches!(side.kind, ExprKind::Number { .. })) =>
        {
            Some((left.span.clone(), right.span.clone()))
        }
        _ => None,
    };
    Ok(Evaluation {
        value: q.value / f64::from(divisor),
        implied_unit: unit,
        exact,
        inputs: inputs.read,
        dropped: inputs.dropped,
        ratio,
        count_per_second,
        count_quotient,
        over: None,
    })
}

/// Whether `a` and `b`, each with a unit, give a value with none: their units cancelled.
fn cancels(a: &Q, b: &Q, dim: Dim) -> bool {
    !a.dim.is_none() && !b.dim.is_none() && dim.is_none()
}

fn unit_error(message: String, span: Range<usize>) -> FigureError {
    FigureError::Unit { message, span }
}

/// The dimension of `a + b` (or `a − b`, a comparison): the same, or a count taking the
/// other's; two kinds are an error at `span`.
fn same_dim(a: Dim, b: Dim, what: &str, span: Range<usize>) -> Result<Dim, FigureError> {
    if a == b || b.is_none() {
        Ok(a)
    } else if a.is_none() {
        Ok(b)
    } else {
        Err(unit_error(format!("{what} {} and {}: values of different kinds", a.name(), b.name()), span))
    }
}

fn eval(expr: &Expr, scope: &dyn Scope, inputs: &mut Inputs) -> Result<Q, FigureError> {
    match &expr.kind {
        ExprKind::Number { value, exact } => {
            Ok(Q { ratio: false, value: *value, dim: Dim::NONE, exact: exact.as_deref().cloned() })
        }
        ExprKind::Path(path) => {
            let leaves = scope.read(path, false, expr.span.clone())?;
            match leaves.as_slice() {
                [leaf] => {
                    push_input(inputs, leaf);
                    Ok(Q::of_leaf(leaf))
                }
                _ => Err(FigureError::NotANumber {
                    path: path.to_string(),
                    what: "several values",
                    hint: "; a function of a list (sum, mean, median, …) reads several".to_string(),
                    span: expr.span.clone(),
                }),
            }
        }
        ExprKind::Neg(inner) => {
            let q = eval(inner, scope, inputs)?;
            Ok(Q { ratio: q.ratio, value: -q.value, exact: q.exact.as_ref().map(Exact::neg), dim: q.dim })
        }
        ExprKind::Binary { op, left, right } => {
            let a = eval(left, scope, inputs)?;
            let b = eval(right, scope, inputs)?;
            match op {
                BinaryOp::Add | BinaryOp::Sub => {
                    let verb = if *op == BinaryOp::Add { "adds" } else { "subtracts" };
                    let dim = same_dim(a.dim, b.dim, verb, expr.span.clone())?;
                    let (value, exact) = if *op == BinaryOp::Add {
                        (a.value + b.value, exactly(&a.exact, &b.exact, Exact::add))
                    } else {
                        (a.value - b.value, exactly(&a.exact, &b.exact, Exact::sub))
                    };
                    Ok(Q { ratio: a.ratio || b.ratio, value, dim, exact })
                }
                BinaryOp::Mul => {
                    // `bytes * 8`: the bytes are already 8 bits each.
                    for (side, other) in [(&a, right), (&b, left)] {
                        if side.dim.bits > 0
                            && matches!(other.kind, ExprKind::Number { value, .. } if value == 8.0)
                        {
                            return Err(unit_error(
                                format!(
                                    "`* 8` on {}: tally counts a byte as 8 bits itself; leave out the `* 8`",
                                    side.dim.name()
                                ),
                                expr.span.clone(),
                            ));
                        }
                    }
                    let dim = a.dim.times(b.dim).settle_percent(a.dim, b.dim);
                    let exact = exactly(&a.exact, &b.exact, Exact::mul);
                    let ratio = a.ratio || b.ratio || cancels(&a, &b, dim);
                    Ok(Q { ratio, value: a.value * b.value, dim, exact })
                }
                BinaryOp::Div => {
                    nonzero(&b, right)?;
                    let dim = a.dim.over(b.dim).settle_percent(a.dim, b.dim);
                    let exact = exactly(&a.exact, &b.exact, Exact::div);
                    let ratio = a.ratio || b.ratio || cancels(&a, &b, dim);
                    Ok(Q { ratio, value: a.value / b.value, dim, exact })
                }
            }
        }
        ExprKind::Call { function, args } => call(*function, args, expr, scope, inputs),
        ExprKind::UnknownCall { name, name_span } => Err(FigureError::Syntax {
            message: format!("there is no function `{name}`"),
            span: (**name_span).clone(),
        }),
    }
}

/// An error unless `divisor`, the value of `expr`, is other than zero.
fn nonzero(divisor: &Q, expr: &Expr) -> Result<(), FigureError> {
    if divisor.is_zero() {
        return Err(FigureError::DivisionByZero { divisor: describe(expr), span: expr.span.clone() });
    }
    Ok(())
}

/// How an expression is shown in a message: its path, or "this part".
fn describe(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Path(path) => path.to_string(),
        ExprKind::Number { value, .. } => value.to_string(),
        _ => "the divisor".to_string(),
    }
}

fn call(
    function: Function,
    args: &[Expr],
    whole: &Expr,
    scope: &dyn Scope,
    inputs: &mut Inputs,
) -> Result<Q, FigureError> {
    match function {
        Function::Sum
        | Function::Mean
        | Function::Min
        | Function::Max
        | Function::Median
        | Function::Stdev
        | Function::Se
        | Function::Ci95
        | Function::Percentile
        | Function::Count
        | Function::DropEnds => aggregate::call(function, args, whole, scope, inputs),
        Function::Share => {
            let part = eval(&args[0], scope, inputs)?;
            let whole_value = eval(&args[1], scope, inputs)?;
            same_dim(part.dim, whole_value.dim, "share() compares", whole.span.clone())?;
            nonzero(&whole_value, &args[1])?;
            let exact = exactly(&part.exact, &whole_value.exact, Exact::div)
                .and_then(|ratio| ratio.mul(&Exact::from_integer(100)));
            Ok(Q {
                ratio: false,
                value: part.value / whole_value.value * 100.0,
                dim: Dim { percent: 1, ..Dim::NONE },
                exact,
            })
        }
        Function::BitsPerS => {
            let amount = eval(&args[0], scope, inputs)?;
            let seconds = eval(&args[1], scope, inputs)?;
            // An amount with a unit is already in bits; a plain number counts bytes.
            let bits = match (amount.dim.bits, amount.dim.is_none()) {
                (_, true) => Q {
                    value: amount.value * 8.0,
                    exact: amount.exact.and_then(|e| e.mul(&Exact::from_integer(8))),
                    ..amount
                },
                (1, false) if amount.dim.seconds == 0 && amount.dim.packets == 0 => amount,
                _ => {
                    return Err(unit_error(
                        format!("bits_per_s() takes an amount of bytes, not {}", amount.dim.name()),
                        args[0].span.clone(),
                    ));
                }
            };
            if !(seconds.dim.is_none() || seconds.dim == Dim { seconds: 1, ..Dim::NONE }) {
                return Err(unit_error(
                    format!("bits_per_s() takes a time, not {}", seconds.dim.name()),
                    args[1].span.clone(),
                ));
            }
            nonzero(&seconds, &args[1])?;
            let exact = exactly(&bits.exact, &seconds.exact, Exact::div);
            Ok(Q {
                ratio: false,
                value: bits.value / seconds.value,
                dim: Dim { bits: 1, seconds: -1, ..Dim::NONE },
                exact,
            })
        }
        Function::Busy => busy(args, whole, scope, inputs),
    }
}

/// `busy(before, after)`: the share of CPU time not idle between two kern.cp_time readings.
fn busy(args: &[Expr], whole: &Expr, scope: &dyn Scope, inputs: &mut Inputs) -> Result<Q, FigureError> {
    let before = reading(&args[0], scope, inputs)?;
    let after = reading(&args[1], scope, inputs)?;
    if before.ticks.len() != after.ticks.len() {
        return Err(FigureError::BadArgument {
            message: format!(
                "busy(): the readings have {} and {} counters",
                before.ticks.len(),
                after.ticks.len()
            ),
            span: whole.span.clone(),
        });
    }
    // kern.cp_time counts up: a counter lower after than before is readings swapped, a
    // reboot between them, or two machines, and gave a negative share (−2.68 %).
    let went_down = before.ticks.iter().zip(&after.ticks).position(|(b, a)| a < b);
    if let Some(i) = went_down {
        return Err(FigureError::BadArgument {
            message: format!(
                "busy(): counter {i} ({}) went from {} to {} between the readings: a counter decreased: swapped files, a reboot, or two machines",
                ["user", "nice", "system", "interrupt", "idle"]
                    .get(i)
                    .filter(|_| before.ticks.len() == 5)
                    .unwrap_or(&"of kern.cp_time"),
                before.ticks[i],
                after.ticks[i]
            ),
            span: whole.span.clone(),
        });
    }
    let total: f64 = after.ticks.iter().sum::<f64>() - before.ticks.iter().sum::<f64>();
    let idle = after.ticks[after.idle] - before.ticks[before.idle];
    let exact_total = exactly(&exact_sum(after.exact.iter()), &exact_sum(before.exact.iter()), Exact::sub);
    let exact_idle = exactly(&after.exact[after.idle], &before.exact[before.idle], Exact::sub);
    let no_ticks = exact_total.as_ref().map_or(total <= 0.0, |t| t.is_zero() || t.is_negative());
    if no_ticks {
        return Err(FigureError::DivisionByZero {
            divisor: "the ticks between the readings".to_string(),
            span: whole.span.clone(),
        });
    }
    let exact = exactly(&exact_total, &exact_idle, Exact::sub)
        .and_then(|busy| busy.div(exact_total.as_ref()?))
        .and_then(|share| share.mul(&Exact::from_integer(100)));
    Ok(Q { ratio: false, value: (total - idle) / total * 100.0, dim: Dim { percent: 1, ..Dim::NONE }, exact })
}

/// A kern.cp_time reading: its tick counters (and each exactly) and which of them is idle.
struct Reading {
    ticks: Vec<f64>,
    exact: Vec<Option<Exact>>,
    idle: usize,
}

/// kern.cp_time lists user, nice, system, interrupt, idle; a map names them, and its
/// `idle` key is the idle one.
fn reading(arg: &Expr, scope: &dyn Scope, inputs: &mut Inputs) -> Result<Reading, FigureError> {
    let ExprKind::Path(path) = &arg.kind else {
        return Err(FigureError::BadArgument {
            message: "busy() takes two kern.cp_time readings (paths to lists or maps)".to_string(),
            span: arg.span.clone(),
        });
    };
    let leaves = scope.read(path, true, arg.span.clone())?;
    let by_name = leaves.iter().position(|l| l.path.rsplit('.').next() == Some("idle"));
    let idle = match by_name {
        Some(i) => i,
        None if leaves.len() == 5 => 4,
        None => {
            return Err(FigureError::BadArgument {
                message: format!(
                    "`{path}` is not a kern.cp_time reading: give five counters (user, nice, system, interrupt, idle) or a map with `idle`"
                ),
                span: arg.span.clone(),
            });
        }
    };
    for leaf in &leaves {
        push_input(inputs, leaf);
    }
    Ok(Reading {
        ticks: leaves.iter().map(|l| l.value).collect(),
        exact: leaves.iter().map(|l| l.exact.clone()).collect(),
        idle,
    })
}

mod aggregate;
#[cfg(test)]
mod tests;
