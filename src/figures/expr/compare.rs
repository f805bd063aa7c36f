//! Comparisons: an inequality between expressions (`busy_a >= 0.9 * busy_b`,
//! `70 <= share <= 80`), which a page's comparison tag states in words ("nearly as busy").
//!
//! Owns the syntax of an inequality ([`Comparison`], [`parse_comparison`]) and deciding
//! whether it holds ([`compare`]). Each side is an expression of the figure language, read
//! by `parse` and computed by `eval`; a bare number takes the other side's unit, as in a
//! sum. It does not know what a page says of it (the check stage does).

use std::cmp::Ordering;
use std::ops::Range;

use super::{Evaluation, Expr, Scope, evaluate, parse};
use crate::figures::FigureError;

/// How one side of a comparison stands to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Relation {
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

impl Relation {
    /// The relation as a reader writes it: `≥`.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Relation::Less => "<",
            Relation::LessOrEqual => "≤",
            Relation::Greater => ">",
            Relation::GreaterOrEqual => "≥",
        }
    }

    fn holds(self, ordering: Ordering) -> bool {
        match self {
            Relation::Less => ordering == Ordering::Less,
            Relation::LessOrEqual => ordering != Ordering::Greater,
            Relation::Greater => ordering == Ordering::Greater,
            Relation::GreaterOrEqual => ordering != Ordering::Less,
        }
    }
}

/// An inequality as written: two or more sides, a relation between each two.
#[derive(Debug, Clone)]
pub(crate) struct Comparison {
    /// Each side's expression, its spans in the whole inequality's text.
    pub sides: Vec<Expr>,
    /// Each relation with its place, between `sides[i]` and `sides[i + 1]`.
    pub relations: Vec<(Relation, Range<usize>)>,
}

/// The relation written at the start of `rest`, with its length in bytes.
fn relation_at(rest: &str) -> Option<(Option<Relation>, usize)> {
    let found = [
        (">=", Some(Relation::GreaterOrEqual)),
        ("<=", Some(Relation::LessOrEqual)),
        ("≥", Some(Relation::GreaterOrEqual)),
        ("≤", Some(Relation::LessOrEqual)),
        ("==", None),
        ("!=", None),
        (">", Some(Relation::Greater)),
        ("<", Some(Relation::Less)),
        ("=", None),
    ];
    found.iter().find(|(text, _)| rest.starts_with(text)).map(|(text, relation)| (*relation, text.len()))
}

/// Reads an inequality: `LEFT REL RIGHT (REL MORE)*`, REL one of `>= <= > <` (or `≥ ≤`).
pub(crate) fn parse_comparison(text: &str) -> Result<Comparison, FigureError> {
    let mut relations = Vec::new();
    let mut side_ranges = Vec::new();
    let mut side_start = 0;
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        match relation_at(rest) {
            Some((Some(relation), len)) => {
                side_ranges.push(side_start..at);
                relations.push((relation, at..at + len));
                at += len;
                side_start = at;
            }
            Some((None, len)) => {
                return Err(FigureError::Syntax {
                    message: "a comparison says how its sides stand: `>=`, `<=`, `>` or `<`; for \"about the same\", write both bounds, `0.9 * b <= a <= 1.1 * b`".to_string(),
                    span: at..at + len,
                });
            }
            None => at += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    side_ranges.push(side_start..text.len());
    if relations.is_empty() {
        return Err(FigureError::Syntax {
            message: "a comparison relates two figures: write `LEFT >= RIGHT` (or `<=`, `>`, `<`)"
                .to_string(),
            span: 0..text.len(),
        });
    }
    let mut sides = Vec::with_capacity(side_ranges.len());
    for range in side_ranges {
        if text[range.clone()].trim().is_empty() {
            let at = if range.start == 0 { range.end } else { range.start };
            return Err(FigureError::Syntax {
                message: "a side of the comparison is empty: write a figure, a number or an expression there"
                    .to_string(),
                span: at..(at + 1).min(text.len()).max(at),
            });
        }
        // Spaces stand for what comes before, so that every span counts from the start of
        // the whole inequality.
        let mut padded = " ".repeat(range.start);
        padded.push_str(&text[range]);
        sides.push(parse(&padded)?);
    }
    Ok(Comparison { sides, relations })
}

/// Each side's value, and the first relation that does not hold (its index), if any.
pub(crate) struct Outcome {
    pub values: Vec<Evaluation>,
    pub fails: Option<usize>,
}

/// Computes every side of `comparison` through `scope` and says whether it holds. Sides of
/// two kinds (a % against a bit/s) are a `figure-unit` error at the relation.
pub(crate) fn compare(comparison: &Comparison, scope: &dyn Scope) -> Result<Outcome, FigureError> {
    let values = comparison.sides.iter().map(|side| evaluate(side, scope)).collect::<Result<Vec<_>, _>>()?;
    let mut fails = None;
    for (i, (relation, span)) in comparison.relations.iter().enumerate() {
        let (a, b) = (&values[i], &values[i + 1]);
        if let (Some(x), Some(y)) = (a.implied_unit, b.implied_unit)
            && x.kind() != y.kind()
        {
            return Err(FigureError::Unit {
                message: format!(
                    "compares {} with {}: values of different kinds",
                    x.kind().name(),
                    y.kind().name()
                ),
                span: span.clone(),
            });
        }
        let ordering = match (&a.exact, &b.exact) {
            (Some(x), Some(y)) => x.compare(y),
            _ => a.value.partial_cmp(&b.value).unwrap_or(Ordering::Equal),
        };
        if fails.is_none() && !relation.holds(ordering) {
            fails = Some(i);
        }
    }
    Ok(Outcome { values, fails })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_two_sides_and_their_relation() {
        let text = "busy_a >= 0.9 * busy_b";
        let comparison = parse_comparison(text).unwrap();
        assert_eq!(comparison.sides.len(), 2);
        assert_eq!(&text[comparison.sides[1].span.clone()], "0.9 * busy_b");
        assert_eq!(comparison.relations[0].0, Relation::GreaterOrEqual);
        assert_eq!(&text[comparison.relations[0].1.clone()], ">=");
    }

    #[test]
    fn reads_a_chain_of_bounds() {
        let text = "0.9 * b ≤ a < 1.1 * b";
        let comparison = parse_comparison(text).unwrap();
        let relations: Vec<Relation> = comparison.relations.iter().map(|(r, _)| *r).collect();
        assert_eq!(relations, [Relation::LessOrEqual, Relation::Less]);
        assert_eq!(&text[comparison.sides[1].span.clone()], "a");
    }

    #[test]
    fn refuses_what_is_no_inequality_at_its_place() {
        let at = |text: &str| match parse_comparison(text) {
            Err(FigureError::Syntax { span, .. }) => span,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(at("a == b"), 2..4, "an equality says nothing a tag of the figure does not");
        assert_eq!(at("a + b"), 0..5, "no relation");
        assert_eq!(at("a >= "), 4..5, "an empty side");
        assert_eq!(at("a >= b +"), 8..8, "the side's own syntax error, at its place");
    }
}
