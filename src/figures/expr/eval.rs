//! Evaluating an expression tree: arithmetic, the functions, and the units they imply,
//! reading names through a [`Scope`] and listing every leaf read as an input.
//!
//! Owns [`Scope`], [`Leaf`], [`Evaluation`] and [`evaluate`]. It does not parse (`parse`)
//! nor know what names refer to (the caller's scope does).

use std::ops::Range;

use super::{BinaryOp, Expr, ExprKind, Function, Path};
use crate::figures::FigureError;
use crate::figures::number::Unit;

/// One number read from the data, with the path it was read at.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Leaf {
    pub path: String,
    pub value: f64,
    pub unit: Unit,
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
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Evaluation {
    pub value: f64,
    /// The unit the expression implies (a single field's, or a function's), if any.
    pub implied_unit: Option<Unit>,
    pub inputs: Vec<(String, f64)>,
}

/// Evaluates `expr`, reading names through `scope`.
pub(crate) fn evaluate(expr: &Expr, scope: &dyn Scope) -> Result<Evaluation, FigureError> {
    let mut inputs = Vec::new();
    let (value, implied_unit) = eval(expr, scope, &mut inputs)?;
    Ok(Evaluation { value, implied_unit, inputs })
}

fn eval(
    expr: &Expr,
    scope: &dyn Scope,
    inputs: &mut Vec<(String, f64)>,
) -> Result<(f64, Option<Unit>), FigureError> {
    match &expr.kind {
        ExprKind::Number(value) => Ok((*value, None)),
        ExprKind::Path(path) => {
            let leaves = scope.read(path, false, expr.span.clone())?;
            match leaves.as_slice() {
                [leaf] => {
                    push_input(inputs, leaf);
                    Ok((leaf.value, (leaf.unit != Unit::Count).then_some(leaf.unit)))
                }
                _ => Err(FigureError::NotANumber {
                    path: path.to_string(),
                    what: "several values",
                    span: expr.span.clone(),
                }),
            }
        }
        ExprKind::Neg(inner) => {
            let (value, unit) = eval(inner, scope, inputs)?;
            Ok((-value, unit))
        }
        ExprKind::Binary { op, left, right } => {
            let (a, unit_a) = eval(left, scope, inputs)?;
            let (b, unit_b) = eval(right, scope, inputs)?;
            let same_unit = if unit_a == unit_b { unit_a } else { None };
            match op {
                BinaryOp::Add => Ok((a + b, same_unit)),
                BinaryOp::Sub => Ok((a - b, same_unit)),
                BinaryOp::Mul => Ok((a * b, None)),
                BinaryOp::Div => Ok((a / nonzero(b, right)?, None)),
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
        ExprKind::Number(value) => value.to_string(),
        _ => "the divisor".to_string(),
    }
}

fn call(
    function: Function,
    args: &[Expr],
    whole: &Expr,
    scope: &dyn Scope,
    inputs: &mut Vec<(String, f64)>,
) -> Result<(f64, Option<Unit>), FigureError> {
    match function {
        Function::Sum | Function::Mean | Function::Min | Function::Max => {
            let mut values = Vec::new();
            let mut units = Vec::new();
            for arg in args {
                if let ExprKind::Path(path) = &arg.kind {
                    for leaf in scope.read(path, true, arg.span.clone())? {
                        push_input(inputs, &leaf);
                        values.push(leaf.value);
                        units.push((leaf.unit != Unit::Count).then_some(leaf.unit));
                    }
                } else {
                    let (value, unit) = eval(arg, scope, inputs)?;
                    values.push(value);
                    units.push(unit);
                }
            }
            let unit = match units.split_first() {
                Some((first, rest)) if rest.iter().all(|u| u == first) => *first,
                _ => None,
            };
            if values.is_empty() {
                return Err(FigureError::EmptyAggregate {
                    function: function.name(),
                    span: whole.span.clone(),
                });
            }
            let value = match function {
                Function::Sum => values.iter().sum(),
                Function::Mean => values.iter().sum::<f64>() / values.len() as f64,
                Function::Min => values.iter().copied().fold(f64::INFINITY, f64::min),
                _ => values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            };
            Ok((value, unit))
        }
        Function::Share => {
            let (part, _) = eval(&args[0], scope, inputs)?;
            let (whole_value, _) = eval(&args[1], scope, inputs)?;
            let whole_value = nonzero(whole_value, &args[1])?;
            Ok((part / whole_value * 100.0, Some(Unit::Percent)))
        }
        Function::BitsPerS => {
            let (bytes, _) = eval(&args[0], scope, inputs)?;
            let (seconds, _) = eval(&args[1], scope, inputs)?;
            let seconds = nonzero(seconds, &args[1])?;
            Ok((bytes * 8.0 / seconds, Some(Unit::BitPerSecond)))
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
            Ok(((total - idle) / total * 100.0, Some(Unit::Percent)))
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
                    expands_to: Vec::new(),
                })
                .collect();
            if leaves.is_empty() {
                return Err(FigureError::MissingPath { path: path.to_string(), span });
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
}
