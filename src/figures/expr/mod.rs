//! The expression language of figures: parsing (with winnow) and evaluation.
//!
//! Owns the syntax tree ([`Expr`]), [`parse`] and [`evaluate`]. It does not know what the
//! names in an expression refer to: the caller passes a [`Scope`] that reads paths (run
//! data, constants, other figures). Every node carries the byte range it was parsed from,
//! so that any error points at the offending part of the expression.
//!
//! Grammar:
//! ```text
//! expr    = term (("+" | "-") term)*
//! term    = unary (("*" | "/") unary)*
//! unary   = "-" unary | primary
//! primary = number | "(" expr ")" | call | path
//! call    = function "(" expr ("," expr)* ")"
//! path    = name ("." (name | "*"))*          name = [A-Za-z0-9_]+, not starting a number
//! number  = digits ("." digits)? (("e" | "E") ("+" | "-")? digits)?
//! ```
//! Functions: `sum mean min max median stdev se ci95 count` (any number of arguments; a
//! path with `*`, a list or a map gives all its numbers, and `drop_ends(list, k)` a list
//! without its first and last k), `percentile(list, p)` (`stats` has their formulas), `share(a, b)` = a ÷ b × 100 in %, `busy(before, after)` = CPU
//! busy in % from two kern.cp_time readings, `bits_per_s(bytes, seconds)` = bytes × 8 ÷
//! seconds. Units travel through every step (`dim`): values are carried in canonical units
//! (bits, seconds, packets, %) with their dimension and, beside the `f64`, exactly (a
//! rational of any size: every function here is rational, so only a value read without an
//! exact one makes a result inexact);
//! the result is in the base unit of its kind (bit/s, B, s, %, pps), and values of two
//! kinds added, compared or aggregated together are a `figure-unit` error.
//!
//! This module owns the tree; `parse` turns text into it and `eval` computes it; `compare`
//! reads and decides an inequality between expressions (a page's comparison tag).

mod compare;
mod dim;
mod eval;
mod parse;
mod stats;

use std::ops::Range;

pub(crate) use compare::{Comparison, Outcome, Relation, compare, parse_comparison};
pub(crate) use eval::{Evaluation, Leaf, Scope, evaluate};
pub(crate) use parse::{depth, parse};

/// A parsed expression node with the bytes of the expression it came from.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) enum ExprKind {
    /// A literal: its value, and the value exactly as written (`0.1` is one tenth, and
    /// `12345678901234567` is past what an f64 counts by one); None only for a literal
    /// too long to keep exactly. Boxed, as the unknown call's name is, because every node
    /// of every figure's tree is as large as the largest kind, and a site's trees are held
    /// from load to the end of the build: unboxed, a node was 128 bytes for a path's 24
    /// (7 MB of the 1,000-bundle corpus's heap peak, bench/notes.md).
    Number {
        value: f64,
        exact: Option<Box<crate::number::Exact>>,
    },
    Path(Path),
    Neg(Box<Expr>),
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    Call {
        function: Function,
        args: Vec<Expr>,
    },
    /// A call of a function that does not exist; [`parse`] rejects it, so it is never
    /// seen outside this module.
    UnknownCall {
        name: Box<str>,
        name_span: Box<Range<usize>>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Function {
    Sum,
    Mean,
    Min,
    Max,
    Median,
    Stdev,
    Se,
    Ci95,
    Percentile,
    DropEnds,
    Count,
    Share,
    Busy,
    BitsPerS,
}

impl Function {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Function::Sum => "sum",
            Function::Mean => "mean",
            Function::Min => "min",
            Function::Max => "max",
            Function::Median => "median",
            Function::Stdev => "stdev",
            Function::Se => "se",
            Function::Ci95 => "ci95",
            Function::Percentile => "percentile",
            Function::DropEnds => "drop_ends",
            Function::Count => "count",
            Function::Share => "share",
            Function::Busy => "busy",
            Function::BitsPerS => "bits_per_s",
        }
    }

    fn from_name(name: &str) -> Option<Function> {
        [
            Function::Sum,
            Function::Mean,
            Function::Min,
            Function::Max,
            Function::Median,
            Function::Stdev,
            Function::Se,
            Function::Ci95,
            Function::Percentile,
            Function::DropEnds,
            Function::Count,
            Function::Share,
            Function::Busy,
            Function::BitsPerS,
        ]
        .into_iter()
        .find(|f| f.name() == name)
    }

    /// The number of arguments, when fixed.
    fn arity(self) -> Option<usize> {
        match self {
            Function::Share
            | Function::Busy
            | Function::BitsPerS
            | Function::Percentile
            | Function::DropEnds => Some(2),
            _ => None,
        }
    }

    /// Whether argument `index` is a list: a path with `*`, one ending at a list or map,
    /// or `drop_ends(…)`, each giving all its numbers.
    fn takes_list_at(self, index: usize) -> bool {
        match self {
            Function::Percentile | Function::DropEnds => index == 0,
            Function::Share | Function::Busy | Function::BitsPerS => false,
            _ => true,
        }
    }
}

/// A dotted path into the data: `runs.close_coproc.host_frames.received`, `body_bytes`,
/// `runs.*.responses.complete`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Path {
    pub segments: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Segment {
    Name(String),
    Star,
}

impl Path {
    pub(crate) fn has_star(&self) -> bool {
        self.segments.contains(&Segment::Star)
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            match segment {
                Segment::Name(name) => f.write_str(name)?,
                Segment::Star => f.write_str("*")?,
            }
        }
        Ok(())
    }
}

/// Calls `each` with every path `expr` names, in the order written.
pub(crate) fn each_path(expr: &Expr, each: &mut dyn FnMut(&Path)) {
    match &expr.kind {
        ExprKind::Number { .. } | ExprKind::UnknownCall { .. } => {}
        ExprKind::Path(path) => each(path),
        ExprKind::Neg(inner) => each_path(inner, each),
        ExprKind::Binary { left, right, .. } => {
            each_path(left, each);
            each_path(right, each);
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|a| each_path(a, each)),
    }
}

/// Every path an expression names, with its span.
#[cfg(test)]
fn paths(expr: &Expr) -> Vec<(&Path, Range<usize>)> {
    let mut out = Vec::new();
    collect_paths(expr, &mut out);
    out
}

#[cfg(test)]
fn collect_paths<'a>(expr: &'a Expr, out: &mut Vec<(&'a Path, Range<usize>)>) {
    match &expr.kind {
        ExprKind::Number { .. } | ExprKind::UnknownCall { .. } => {}
        ExprKind::Path(path) => out.push((path, expr.span.clone())),
        ExprKind::Neg(inner) => collect_paths(inner, out),
        ExprKind::Binary { left, right, .. } => {
            collect_paths(left, out);
            collect_paths(right, out);
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|a| collect_paths(a, out)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_cover_each_node() {
        let text = "  sum(runs.*.a) * (b + 2)";
        let expr = parse(text).unwrap();
        assert_eq!(&text[expr.span.clone()], "sum(runs.*.a) * (b + 2)");
        let paths = paths(&expr);
        let shown: Vec<&str> = paths.iter().map(|(_, s)| &text[s.clone()]).collect();
        assert_eq!(shown, vec!["runs.*.a", "b"]);
    }

    #[test]
    fn a_node_is_as_small_as_a_path_node_allows() {
        // A site's expression trees are held for the whole build: a literal's exact value
        // inline made every node 128 bytes.
        assert!(std::mem::size_of::<Expr>() <= 48, "{} bytes", std::mem::size_of::<Expr>());
        let literal = parse("0.1 * 8").unwrap();
        let ExprKind::Binary { left, .. } = &literal.kind else { panic!("{literal:?}") };
        let ExprKind::Number { exact, .. } = &left.kind else { panic!("{left:?}") };
        assert_eq!(exact.as_deref(), crate::number::Exact::parse_decimal("0.1").as_ref());
    }
}
