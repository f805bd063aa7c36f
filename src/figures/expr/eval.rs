//! Evaluating an expression tree: arithmetic, the functions, and the units they imply,
//! reading names through a [`Scope`] and listing every leaf read as an input.
//!
//! Owns [`Scope`], [`Leaf`], [`Evaluation`] and [`evaluate`]. It does not parse (`parse`)
//! nor know what names refer to (the caller's scope does).

use std::ops::Range;

use super::dim::Dim;
use super::{BinaryOp, Expr, ExprKind, Function, Path};
use crate::figures::FigureError;
use crate::figures::number::Unit;

/// One number read from the data, with the path it was read at.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Leaf {
    pub path: String,
    pub value: f64,
    pub unit: Unit,
    /// The value exactly, in the base unit of `unit`'s kind, when it is an integer.
    pub exact: Option<i128>,
    /// For a leaf that is another figure: the data it was computed from, listed as inputs
    /// instead of the figure itself.
    pub expands_to: Vec<(String, f64)>,
}

fn push_input(inputs: &mut Vec<(String, f64)>, leaf: &Leaf) {
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
    /// The value exactly, when every step of it was an integer.
    pub exact: Option<i128>,
    pub inputs: Vec<(String, f64)>,
}

/// A value while it is computed: in canonical units (bits, seconds), with its dimension and,
/// while it stays an integer, its exact value.
#[derive(Debug, Clone, Copy)]
struct Q {
    value: f64,
    dim: Dim,
    exact: Option<i128>,
}

impl Q {
    fn plain(value: f64) -> Q {
        Q { value, dim: Dim::NONE, exact: exact_integer(value) }
    }

    fn of_leaf(leaf: &Leaf) -> Q {
        let (dim, factor) = Dim::of(leaf.unit);
        let exact = leaf.exact.and_then(|e| e.checked_mul(factor as i128)).filter(|_| factor.fract() == 0.0);
        Q { value: leaf.value * factor, dim, exact }
    }
}

/// `value` as an integer, when it is one that an f64 holds exactly.
fn exact_integer(value: f64) -> Option<i128> {
    (value.fract() == 0.0 && value.abs() <= 9_007_199_254_740_992.0).then_some(value as i128)
}

/// Evaluates `expr`, reading names through `scope`.
pub(crate) fn evaluate(expr: &Expr, scope: &dyn Scope) -> Result<Evaluation, FigureError> {
    let mut inputs = Vec::new();
    let q = eval(expr, scope, &mut inputs)?;
    let Some((unit, factor)) = q.dim.unit() else {
        return Err(FigureError::Unit {
            message: format!("the expression gives {}, which no unit states", q.dim.name()),
            span: expr.span.clone(),
        });
    };
    let exact = if factor == 1.0 {
        q.exact
    } else {
        // Bits back to bytes.
        q.exact.filter(|e| e % 8 == 0).map(|e| e / 8)
    };
    Ok(Evaluation { value: q.value * factor, implied_unit: unit, exact, inputs })
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

fn eval(expr: &Expr, scope: &dyn Scope, inputs: &mut Vec<(String, f64)>) -> Result<Q, FigureError> {
    match &expr.kind {
        ExprKind::Number { value, exact } => Ok(Q { exact: *exact, ..Q::plain(*value) }),
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
                    hint: "; sum, mean, min or max reads several".to_string(),
                    span: expr.span.clone(),
                }),
            }
        }
        ExprKind::Neg(inner) => {
            let q = eval(inner, scope, inputs)?;
            Ok(Q { value: -q.value, exact: q.exact.and_then(i128::checked_neg), ..q })
        }
        ExprKind::Binary { op, left, right } => {
            let a = eval(left, scope, inputs)?;
            let b = eval(right, scope, inputs)?;
            match op {
                BinaryOp::Add | BinaryOp::Sub => {
                    let verb = if *op == BinaryOp::Add { "adds" } else { "subtracts" };
                    let dim = same_dim(a.dim, b.dim, verb, expr.span.clone())?;
                    let (value, exact) = if *op == BinaryOp::Add {
                        (a.value + b.value, a.exact.zip(b.exact).and_then(|(x, y)| x.checked_add(y)))
                    } else {
                        (a.value - b.value, a.exact.zip(b.exact).and_then(|(x, y)| x.checked_sub(y)))
                    };
                    Ok(Q { value, dim, exact })
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
                    let exact = a.exact.zip(b.exact).and_then(|(x, y)| x.checked_mul(y));
                    Ok(Q { value: a.value * b.value, dim, exact })
                }
                BinaryOp::Div => {
                    let divisor = nonzero(b.value, right)?;
                    let dim = a.dim.over(b.dim).settle_percent(a.dim, b.dim);
                    let exact = a
                        .exact
                        .zip(b.exact)
                        .and_then(|(x, y)| if y != 0 && x % y == 0 { Some(x / y) } else { None });
                    Ok(Q { value: a.value / divisor, dim, exact })
                }
            }
        }
        ExprKind::Call { function, args } => call(*function, args, expr, scope, inputs),
        ExprKind::UnknownCall { name, name_span } => Err(FigureError::Syntax {
            message: format!("there is no function `{name}`"),
            span: name_span.clone(),
        }),
    }
}

/// `value`, the value of the divisor `expr`, unless it is zero.
fn nonzero(value: f64, expr: &Expr) -> Result<f64, FigureError> {
    if value == 0.0 {
        return Err(FigureError::DivisionByZero { divisor: describe(expr), span: expr.span.clone() });
    }
    Ok(value)
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
    inputs: &mut Vec<(String, f64)>,
) -> Result<Q, FigureError> {
    match function {
        Function::Sum | Function::Mean | Function::Min | Function::Max => {
            let mut values: Vec<Q> = Vec::new();
            let mut dim = Dim::NONE;
            // The first value of a kind, to name it when another kind follows (kept only
            // when values have units, so that a sum of counts allocates nothing for it).
            let mut first_of_kind: Option<String> = None;
            let mut take = |q: Q, shown: &str, span: &Range<usize>| -> Result<(), FigureError> {
                if !q.dim.is_none() && !dim.is_none() && q.dim != dim {
                    return Err(unit_error(
                        format!(
                            "{}() over values of different kinds: `{}` is {} but `{shown}` is {}",
                            function.name(),
                            first_of_kind.as_deref().unwrap_or_default(),
                            dim.name(),
                            q.dim.name()
                        ),
                        span.clone(),
                    ));
                }
                if dim.is_none() && !q.dim.is_none() {
                    dim = q.dim;
                    first_of_kind = Some(shown.to_string());
                }
                values.push(q);
                Ok(())
            };
            for arg in args {
                if let ExprKind::Path(path) = &arg.kind {
                    for leaf in scope.read(path, true, arg.span.clone())? {
                        push_input(inputs, &leaf);
                        take(Q::of_leaf(&leaf), &leaf.path, &arg.span)?;
                    }
                } else {
                    let q = eval(arg, scope, inputs)?;
                    take(q, &describe(arg), &arg.span)?;
                }
            }
            if values.is_empty() {
                return Err(FigureError::EmptyAggregate {
                    function: function.name(),
                    span: whole.span.clone(),
                });
            }
            let exact_sum = values.iter().try_fold(0i128, |sum, q| q.exact.and_then(|e| sum.checked_add(e)));
            let (value, exact) = match function {
                Function::Sum => (values.iter().map(|q| q.value).sum(), exact_sum),
                Function::Mean => {
                    let n = values.len() as i128;
                    let exact = exact_sum.and_then(|s| if s % n == 0 { Some(s / n) } else { None });
                    (values.iter().map(|q| q.value).sum::<f64>() / values.len() as f64, exact)
                }
                Function::Min => {
                    let q = values.iter().copied().fold(None::<Q>, |m, q| match m {
                        Some(m) if m.value <= q.value => Some(m),
                        _ => Some(q),
                    });
                    q.map_or((f64::INFINITY, None), |q| (q.value, q.exact))
                }
                _ => {
                    let q = values.iter().copied().fold(None::<Q>, |m, q| match m {
                        Some(m) if m.value >= q.value => Some(m),
                        _ => Some(q),
                    });
                    q.map_or((f64::NEG_INFINITY, None), |q| (q.value, q.exact))
                }
            };
            Ok(Q { value, dim, exact })
        }
        Function::Share => {
            let part = eval(&args[0], scope, inputs)?;
            let whole_value = eval(&args[1], scope, inputs)?;
            same_dim(part.dim, whole_value.dim, "share() compares", whole.span.clone())?;
            let divisor = nonzero(whole_value.value, &args[1])?;
            Ok(Q { value: part.value / divisor * 100.0, dim: Dim { percent: 1, ..Dim::NONE }, exact: None })
        }
        Function::BitsPerS => {
            let amount = eval(&args[0], scope, inputs)?;
            let seconds = eval(&args[1], scope, inputs)?;
            // An amount with a unit is already in bits; a plain number counts bytes.
            let bits = match (amount.dim.bits, amount.dim.is_none()) {
                (_, true) => amount.value * 8.0,
                (1, false) if amount.dim.seconds == 0 && amount.dim.packets == 0 => amount.value,
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
            let divisor = nonzero(seconds.value, &args[1])?;
            Ok(Q { value: bits / divisor, dim: Dim { bits: 1, seconds: -1, ..Dim::NONE }, exact: None })
        }
        Function::Busy => {
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
            let total: f64 = after.ticks.iter().sum::<f64>() - before.ticks.iter().sum::<f64>();
            let idle = after.ticks[after.idle] - before.ticks[before.idle];
            if total <= 0.0 {
                return Err(FigureError::DivisionByZero {
                    divisor: "the ticks between the readings".to_string(),
                    span: whole.span.clone(),
                });
            }
            Ok(Q { value: (total - idle) / total * 100.0, dim: Dim { percent: 1, ..Dim::NONE }, exact: None })
        }
    }
}

/// A kern.cp_time reading: its tick counters and which of them is idle.
struct Reading {
    ticks: Vec<f64>,
    idle: usize,
}

/// kern.cp_time lists user, nice, system, interrupt, idle; a map names them, and its
/// `idle` key is the idle one.
fn reading(arg: &Expr, scope: &dyn Scope, inputs: &mut Vec<(String, f64)>) -> Result<Reading, FigureError> {
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
    Ok(Reading { ticks: leaves.iter().map(|l| l.value).collect(), idle })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::expr::parse;

    /// A scope over a flat list of (path, value) pairs; `*` matches one segment.
    struct Table(Vec<(&'static str, f64)>);

    impl Scope for Table {
        fn read(&self, path: &Path, many: bool, span: Range<usize>) -> Result<Vec<Leaf>, FigureError> {
            let wanted: Vec<String> = path.to_string().split('.').map(str::to_string).collect();
            let leaves: Vec<Leaf> = self
                .0
                .iter()
                .filter(|(p, _)| {
                    let parts: Vec<&str> = p.split('.').collect();
                    let prefix = many && !path.has_star();
                    (parts.len() == wanted.len() || (prefix && parts.len() > wanted.len()))
                        && wanted.iter().zip(&parts).all(|(w, p)| w == "*" || w == p)
                })
                .map(|(p, v)| Leaf {
                    path: p.to_string(),
                    value: *v,
                    unit: Unit::Count,
                    exact: None,
                    expands_to: Vec::new(),
                })
                .collect();
            if leaves.is_empty() {
                return Err(FigureError::MissingPath { path: path.to_string(), hint: String::new(), span });
            }
            Ok(leaves)
        }
    }

    fn table() -> Table {
        Table(vec![
            ("runs.a.responses.complete", 9090.0),
            ("runs.b.responses.complete", 9010.0),
            ("runs.a.responses.failed", 0.0),
            ("runs.b.responses.failed", 2.0),
            ("body_bytes", 524_288.0),
            ("seconds", 40.0),
            ("zero", 0.0),
            ("runs.a.cpu.before.0", 100.0),
            ("runs.a.cpu.before.1", 0.0),
            ("runs.a.cpu.before.2", 50.0),
            ("runs.a.cpu.before.3", 10.0),
            ("runs.a.cpu.before.4", 1000.0),
            ("runs.a.cpu.after.0", 200.0),
            ("runs.a.cpu.after.1", 0.0),
            ("runs.a.cpu.after.2", 150.0),
            ("runs.a.cpu.after.3", 30.0),
            ("runs.a.cpu.after.4", 1680.0),
        ])
    }

    fn value(text: &str) -> f64 {
        let expr = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        evaluate(&expr, &table()).unwrap_or_else(|e| panic!("{text}: {e}")).value
    }

    fn error(text: &str) -> FigureError {
        match parse(text) {
            Err(e) => e,
            Ok(expr) => evaluate(&expr, &table()).unwrap_err(),
        }
    }

    #[test]
    fn arithmetic_follows_precedence_and_parentheses() {
        assert_eq!(value("1 + 2 * 3"), 7.0);
        assert_eq!(value("(1 + 2) * 3"), 9.0);
        assert_eq!(value("10 - 4 - 3"), 3.0);
        assert_eq!(value("24 / 4 / 3"), 2.0);
        assert_eq!(value("-2 * -3"), 6.0);
        assert_eq!(value("- (1 + 1)"), -2.0);
        assert_eq!(value("1e6 / 1e3"), 1000.0);
        assert_eq!(value("2.5*2"), 5.0);
    }

    #[test]
    fn paths_and_functions_read_the_data() {
        assert_eq!(
            value("runs.a.responses.complete * body_bytes * 8 / seconds"),
            9090.0 * 524_288.0 * 8.0 / 40.0
        );
        assert_eq!(value("sum(runs.*.responses.complete) + sum(runs.*.responses.failed)"), 18_102.0);
        assert_eq!(value("mean(runs.*.responses.complete)"), 9050.0);
        assert_eq!(value("min(runs.*.responses.complete, 9000)"), 9000.0);
        assert_eq!(value("max(runs.a.responses.complete, runs.b.responses.complete)"), 9090.0);
        assert_eq!(value("share(runs.b.responses.failed, 8)"), 25.0);
        assert_eq!(value("bits_per_s(body_bytes, seconds)"), 524_288.0 * 8.0 / 40.0);
        // total ticks 100+0+100+20+680 = 900, idle 680: 220/900 busy.
        assert!((value("busy(runs.a.cpu.before, runs.a.cpu.after)") - 220.0 / 900.0 * 100.0).abs() < 1e-12);
    }

    #[test]
    fn inputs_list_every_leaf_read() {
        let expr = parse("sum(runs.*.responses.failed) / seconds").unwrap();
        let evaluation = evaluate(&expr, &table()).unwrap();
        assert_eq!(
            evaluation.inputs,
            vec![
                ("runs.a.responses.failed".to_string(), 0.0),
                ("runs.b.responses.failed".to_string(), 2.0),
                ("seconds".to_string(), 40.0)
            ]
        );
    }

    #[test]
    fn functions_imply_their_unit() {
        let share = evaluate(&parse("share(1, 2)").unwrap(), &table()).unwrap();
        assert_eq!(share.implied_unit, Some(Unit::Percent));
        let rate = evaluate(&parse("bits_per_s(1, 2)").unwrap(), &table()).unwrap();
        assert_eq!(rate.implied_unit, Some(Unit::BitPerSecond));
        let plain = evaluate(&parse("seconds * 2").unwrap(), &table()).unwrap();
        assert_eq!(plain.implied_unit, None);
    }

    #[test]
    fn errors_point_at_the_offending_part() {
        let text = "runs.a.responses.complete / zero";
        match error(text) {
            FigureError::DivisionByZero { divisor, span } => {
                assert_eq!(divisor, "zero");
                assert_eq!(&text[span], "zero");
            }
            other => panic!("{other:?}"),
        }
        let text = "share(1, zero)";
        assert_eq!(&text[error(text).span()], "zero");
        let text = "1 + runs.c.x";
        assert_eq!(&text[error(text).span()], "runs.c.x");
        let text = "runs.*.responses.complete + 1";
        assert!(
            matches!(error(text), FigureError::WildcardOutsideFunction { span } if text[span.clone()] == *"runs.*.responses.complete")
        );
        let text = "median(seconds)";
        let e = error(text);
        assert!(matches!(e, FigureError::Syntax { .. }), "{e:?}");
        assert_eq!(&text[e.span()], "median");
        let text = "share(1)";
        assert!(matches!(error(text), FigureError::BadArgument { .. }));
    }

    /// Found in issue 12: literals were read as f64, so `12345678901234567 + 1` (past 2^53)
    /// was no longer exact and a page stating it was compared at 15 digits.
    #[test]
    fn integer_literals_are_read_exactly() {
        let exact = |text: &str| evaluate(&parse(text).unwrap(), &table()).unwrap().exact;
        assert_eq!(exact("12345678901234567 + 1"), Some(12_345_678_901_234_568));
        assert_eq!(exact("99999999999999999999 * 3"), Some(299_999_999_999_999_999_997));
        assert_eq!(exact("9007199254740993 - 9007199254740992"), Some(1));
        // A decimal that is an integer, and an exponent, are exact too; a fraction is not.
        assert_eq!(exact("2.0 * 3"), Some(6));
        assert_eq!(exact("12345678901234567e2"), Some(1_234_567_890_123_456_700));
        assert_eq!(exact("2.5 * 2"), None);
        // Beyond 38 digits an integer is no longer exact, but still a value.
        assert_eq!(exact(&"9".repeat(40)), None);
        assert_eq!(value(&"9".repeat(40)), 1e40);
    }

    #[test]
    fn units_travel_through_arithmetic() {
        let scope = Units(vec![
            ("span", 40.0, Unit::Second),
            ("size", 524_288.0, Unit::Byte),
            ("n", 3.0, Unit::Count),
        ]);
        let run = |text: &str| evaluate(&parse(text).unwrap(), &scope);
        let rate = run("size / span").unwrap();
        assert_eq!(rate.implied_unit, Some(Unit::BitPerSecond));
        assert_eq!(rate.value, 524_288.0 * 8.0 / 40.0);
        assert_eq!(run("size * n").unwrap().implied_unit, Some(Unit::Byte));
        assert_eq!(run("size * n").unwrap().value, 524_288.0 * 3.0);
        assert_eq!(run("span + 2").unwrap().implied_unit, Some(Unit::Second));
        assert!(matches!(run("span + size"), Err(FigureError::Unit { .. })));
        assert!(matches!(run("sum(span, size)"), Err(FigureError::Unit { .. })));
        assert!(matches!(run("size * span"), Err(FigureError::Unit { .. })));
        assert!(matches!(run("size * 8 / span"), Err(FigureError::Unit { .. })));
        assert_eq!(run("bits_per_s(size, span)").unwrap().value, 524_288.0 * 8.0 / 40.0);
        assert_eq!(run("n / span").unwrap().implied_unit, Some(Unit::PacketPerSecond));
    }

    /// A scope of named values with units.
    struct Units(Vec<(&'static str, f64, Unit)>);

    impl Scope for Units {
        fn read(&self, path: &Path, _many: bool, span: Range<usize>) -> Result<Vec<Leaf>, FigureError> {
            let name = path.to_string();
            self.0
                .iter()
                .find(|(n, _, _)| *n == name)
                .map(|(n, v, u)| {
                    vec![Leaf {
                        path: n.to_string(),
                        value: *v,
                        unit: *u,
                        exact: None,
                        expands_to: Vec::new(),
                    }]
                })
                .ok_or(FigureError::MissingPath { path: name, hint: String::new(), span })
        }
    }

    /// The evaluation before units travelled: plain f64 arithmetic on the values as read.
    fn unitless(expr: &Expr, scope: &Units) -> f64 {
        match &expr.kind {
            ExprKind::Number { value, .. } => *value,
            ExprKind::Path(p) => {
                scope.0.iter().find(|(n, _, _)| *n == p.to_string()).map_or(f64::NAN, |l| l.1)
            }
            ExprKind::Neg(inner) => -unitless(inner, scope),
            ExprKind::Binary { op, left, right } => {
                let (a, b) = (unitless(left, scope), unitless(right, scope));
                match op {
                    BinaryOp::Add => a + b,
                    BinaryOp::Sub => a - b,
                    BinaryOp::Mul => a * b,
                    BinaryOp::Div => a / b,
                }
            }
            _ => f64::NAN,
        }
    }

    use proptest::prelude::*;

    /// An expression whose values all have one unit: sums and differences of them, each
    /// scaled by plain numbers.
    fn same_unit_expression() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("a".to_string()),
            Just("b".to_string()),
            Just("c".to_string()),
            (1u32..1000).prop_map(|k| format!("a * {}", if k == 8 { 9 } else { k })),
            (1u32..1000).prop_map(|k| format!("b / {k}")),
        ];
        proptest::collection::vec((leaf, any::<bool>()), 1..6).prop_map(|terms| {
            let mut out = String::new();
            for (i, (term, minus)) in terms.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(if minus { " - " } else { " + " });
                }
                out.push('(');
                out.push_str(&term);
                out.push(')');
            }
            out
        })
    }

    proptest! {
        /// Integers written in an expression stay exact through `+ - *` (up to 2^63 each, so
        /// that a product fits an i128), past the 2^53 where an f64 stops counting by one.
        #[test]
        fn integer_arithmetic_on_literals_is_exact(
            a in 0i64..=i64::MAX,
            b in 0i64..=i64::MAX,
            op in 0usize..3,
        ) {
            let (a, b) = (i128::from(a), i128::from(b));
            let (symbol, expected) = [("+", a + b), ("-", a - b), ("*", a * b)][op];
            let text = format!("{a} {symbol} {b}");
            let evaluation = evaluate(&parse(&text).unwrap(), &table()).unwrap();
            prop_assert_eq!(evaluation.exact, Some(expected), "{}", text);
        }
    }

    proptest! {
        /// Where units are compatible, carrying them changes no value: the result is the old
        /// evaluation's, in the unit of its values.
        #[test]
        fn unit_carrying_evaluation_agrees_with_the_old_one(
            text in same_unit_expression(),
            values in proptest::array::uniform3(-1.0e9f64..1.0e9),
            unit_index in 0usize..6,
        ) {
            let unit = [Unit::Count, Unit::Second, Unit::Byte, Unit::BitPerSecond, Unit::Percent, Unit::PacketPerSecond][unit_index];
            let scope = Units(vec![("a", values[0], unit), ("b", values[1], unit), ("c", values[2], unit)]);
            let expr = parse(&text).unwrap();
            let new = evaluate(&expr, &scope).unwrap();
            let old = unitless(&expr, &scope);
            prop_assert!((new.value - old).abs() <= 1e-9 * old.abs().max(1.0), "{}: {} against {}", text, new.value, old);
            prop_assert_eq!(new.implied_unit.map(Unit::kind), (unit != Unit::Count).then_some(unit.kind()));
        }
    }
}
