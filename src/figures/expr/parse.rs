//! Parsing an expression (with winnow) into the tree of [`super::Expr`], and the checks the
//! grammar alone cannot make: function names, arities, and `*` only inside an aggregate.
//!
//! Owns the grammar and the wording of syntax errors. It does not evaluate (`eval`).

use winnow::ascii::{digit1, multispace0};
use winnow::combinator::{alt, cut_err, delimited, opt, preceded, repeat};
use winnow::error::{ContextError, ErrMode, StrContext, StrContextValue};
use winnow::prelude::*;
use winnow::stream::{LocatingSlice, Location};
use winnow::token::{one_of, take_while};

use super::{BinaryOp, Expr, ExprKind, Function, Path, Segment};
use crate::figures::FigureError;
use crate::number::Exact;

type Input<'a> = LocatingSlice<&'a str>;

/// The deepest an expression may nest parentheses and signs: parsing and evaluating
/// recurse once a level, and no real figure comes near it.
pub(crate) const MAX_NESTING: usize = 32;

/// The most operators one expression may hold (`a + b + …` folds into a tree as deep).
pub(crate) const MAX_OPERATORS: usize = 256;

/// Refuses, before parsing, an expression nested deeper than [`MAX_NESTING`] or with more
/// than [`MAX_OPERATORS`] operators, pointing at the character that goes too far.
fn check_size(text: &str) -> Result<(), FigureError> {
    let (mut parens, mut signs, mut operators) = (0usize, 0usize, 0usize);
    for (at, c) in text.char_indices() {
        match c {
            '(' => parens += 1,
            ')' => parens = parens.saturating_sub(1),
            c if c.is_whitespace() => continue,
            _ => {}
        }
        if c == '-' {
            signs += 1;
        } else if c != '(' {
            signs = 0;
        }
        if matches!(c, '+' | '-' | '*' | '/') {
            operators += 1;
        }
        let span = at..at + c.len_utf8();
        if parens + signs > MAX_NESTING {
            return Err(FigureError::Syntax {
                message: format!(
                    "the expression nests deeper than {MAX_NESTING} levels here; split it into figures"
                ),
                span,
            });
        }
        if operators > MAX_OPERATORS {
            return Err(FigureError::Syntax {
                message: format!(
                    "the expression has more than {MAX_OPERATORS} operators; use sum() or split it into figures"
                ),
                span,
            });
        }
    }
    Ok(())
}

/// Refuses a `*` that stands for part of a path's segment (`runs.n70_*.received`,
/// `runs.*_debian`): the grammar would read it as a multiplication and fail at what follows,
/// with a message about an unexpected `.` that does not say what was wrong.
fn check_stars(text: &str) -> Result<(), FigureError> {
    let is_name = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    for (at, c) in text.char_indices() {
        if c != '*' {
            continue;
        }
        let before = text[..at].chars().next_back();
        let after = text[at + 1..].chars().next();
        let ends_a_name = is_name(before) && matches!(after, None | Some('.' | ')' | ','));
        let starts_a_name = before == Some('.') && is_name(after);
        if ends_a_name || starts_a_name {
            return Err(FigureError::Syntax {
                message:
                    "`*` stands only for a whole path segment (`runs.*.received`), never for part of a name"
                        .to_string(),
                span: at..at + 1,
            });
        }
    }
    Ok(())
}

/// The depth of an expression's tree (bounded by [`check_size`]).
pub(crate) fn depth(expr: &Expr) -> usize {
    1 + match &expr.kind {
        ExprKind::Number { .. } | ExprKind::Path(_) | ExprKind::UnknownCall { .. } => 0,
        ExprKind::Neg(inner) => depth(inner),
        ExprKind::Binary { left, right, .. } => depth(left).max(depth(right)),
        ExprKind::Call { args, .. } => args.iter().map(depth).max().unwrap_or(0),
    }
}

/// Parses an expression. A syntax error names what was expected and where.
pub(crate) fn parse(text: &str) -> Result<Expr, FigureError> {
    check_size(text)?;
    check_stars(text)?;
    let expr =
        delimited(multispace0, expression, multispace0).parse(LocatingSlice::new(text)).map_err(|error| {
            let offset = error.offset();
            let inner = error.inner();
            let expected: Vec<String> = inner
                .context()
                .filter_map(|c| match c {
                    StrContext::Expected(v) => Some(v.to_string()),
                    _ => None,
                })
                .collect();
            let label = inner.context().find_map(|c| match c {
                StrContext::Label(l) => Some(*l),
                _ => None,
            });
            let found = text[offset..].chars().next();
            let mut message = match found {
                Some(c) => format!("unexpected `{c}`"),
                None => "the expression ends too early".to_string(),
            };
            if let Some(label) = label {
                message = format!("{message} in {label}");
            }
            // Each alternative once, in the order the grammar tried them.
            let expected = expected.into_iter().fold(Vec::new(), |mut once: Vec<String>, e| {
                if !once.contains(&e) {
                    once.push(e);
                }
                once
            });
            if !expected.is_empty() {
                message = format!("{message}; expected {}", expected.join(" or "));
            }
            let end = found.map_or(offset, |c| offset + c.len_utf8());
            FigureError::Syntax { message, span: offset..end }
        })?;
    check_structure(&expr, false)?;
    Ok(expr)
}

/// Checks what the grammar alone cannot: function names, arities, and `*` and
/// `drop_ends` only where a function takes a list.
fn check_structure(expr: &Expr, inside_aggregate: bool) -> Result<(), FigureError> {
    match &expr.kind {
        ExprKind::Number { .. } => Ok(()),
        ExprKind::UnknownCall { name, name_span } => Err(FigureError::Syntax {
            message: format!(
                "there is no function `{name}`; the functions are sum, mean, min, max, median, stdev, se, ci95, percentile, drop_ends, count, share, busy, bits_per_s"
            ),
            span: (**name_span).clone(),
        }),
        ExprKind::Path(path) => {
            if path.has_star() && !inside_aggregate {
                Err(FigureError::WildcardOutsideFunction { span: expr.span.clone() })
            } else {
                Ok(())
            }
        }
        ExprKind::Neg(inner) => check_structure(inner, false),
        ExprKind::Binary { left, right, .. } => {
            check_structure(left, false)?;
            check_structure(right, false)
        }
        ExprKind::Call { function, args } => {
            if let Some(arity) = function.arity()
                && args.len() != arity
            {
                return Err(FigureError::BadArgument {
                    message: format!("{}() takes {arity} arguments, not {}", function.name(), args.len()),
                    span: expr.span.clone(),
                });
            }
            if *function == Function::DropEnds && !inside_aggregate {
                return Err(FigureError::BadArgument {
                    message: "drop_ends() gives a list, not a number: use it inside median, mean, stdev or another function of a list".to_string(),
                    span: expr.span.clone(),
                });
            }
            for (index, arg) in args.iter().enumerate() {
                check_structure(arg, function.takes_list_at(index))?;
            }
            Ok(())
        }
    }
}

fn ws<'a, O, P>(parser: P) -> impl ModalParser<Input<'a>, O, ContextError>
where
    P: ModalParser<Input<'a>, O, ContextError>,
{
    delimited(multispace0, parser, multispace0)
}

/// What a syntax error says stands where an operand is missing.
const EXPECTED_OPERAND: StrContext =
    StrContext::Expected(StrContextValue::Description("a number, a path or `(`"));

fn expression(input: &mut Input<'_>) -> ModalResult<Expr> {
    binary_level(input, ['+', '-'], term)
}

fn term(input: &mut Input<'_>) -> ModalResult<Expr> {
    binary_level(input, ['*', '/'], unary)
}

/// One level of precedence: `operand (op operand)*`, folded to the left.
fn binary_level<'a>(
    input: &mut Input<'a>,
    ops: [char; 2],
    operand: fn(&mut Input<'a>) -> ModalResult<Expr>,
) -> ModalResult<Expr> {
    let start = input.current_token_start();
    let first = operand(input)?;
    let rest: Vec<(char, Expr)> =
        repeat(0.., (ws(one_of(ops)), cut_err(operand).context(EXPECTED_OPERAND))).parse_next(input)?;
    Ok(fold(start, first, rest))
}

fn fold(start: usize, first: Expr, rest: Vec<(char, Expr)>) -> Expr {
    rest.into_iter().fold(first, |left, (op, right)| {
        let op = match op {
            '+' => BinaryOp::Add,
            '-' => BinaryOp::Sub,
            '*' => BinaryOp::Mul,
            _ => BinaryOp::Div,
        };
        let span = start..right.span.end;
        Expr { kind: ExprKind::Binary { op, left: Box::new(left), right: Box::new(right) }, span }
    })
}

fn unary(input: &mut Input<'_>) -> ModalResult<Expr> {
    let _ = multispace0.parse_next(input)?;
    let start = input.current_token_start();
    if opt('-').parse_next(input)?.is_some() {
        let inner = cut_err(unary).context(EXPECTED_OPERAND).parse_next(input)?;
        let span = start..inner.span.end;
        return Ok(Expr { kind: ExprKind::Neg(Box::new(inner)), span });
    }
    let primary = primary.parse_next(input)?;
    let _ = multispace0.parse_next(input)?;
    Ok(primary)
}

fn primary(input: &mut Input<'_>) -> ModalResult<Expr> {
    alt((number, parenthesised, call_or_path, winnow::combinator::fail.context(EXPECTED_OPERAND)))
        .parse_next(input)
}

fn number(input: &mut Input<'_>) -> ModalResult<Expr> {
    let (text, span) =
        (digit1, opt(('.', digit1)), opt((one_of(['e', 'E']), opt(one_of(['+', '-'])), digit1)))
            .take()
            .with_span()
            .parse_next(input)?;
    let value: f64 = text.parse().map_err(|_| ErrMode::Cut(ContextError::new()))?;
    // Read exactly, as the number grammar reads a stated figure: `0.1` is one tenth, and an
    // integer keeps every digit.
    let exact = Exact::parse_decimal(text).map(Box::new);
    Ok(Expr { kind: ExprKind::Number { value, exact }, span })
}

fn parenthesised(input: &mut Input<'_>) -> ModalResult<Expr> {
    let start = input.current_token_start();
    let inner = preceded(
        '(',
        cut_err((expression, ')'.context(StrContext::Expected(StrContextValue::CharLiteral(')'))))),
    )
    .parse_next(input)?;
    let end = input.previous_token_end();
    Ok(Expr { span: start..end, ..inner.0 })
}

fn name<'a>(input: &mut Input<'a>) -> ModalResult<&'a str> {
    take_while(1.., |c: char| c.is_ascii_alphanumeric() || c == '_').parse_next(input)
}

fn segment(input: &mut Input<'_>) -> ModalResult<Segment> {
    alt(('*'.value(Segment::Star), name.map(|n: &str| Segment::Name(n.to_string())))).parse_next(input)
}

fn call_or_path(input: &mut Input<'_>) -> ModalResult<Expr> {
    let start = input.current_token_start();
    // A path starts with a name; `*` stands only after a dot.
    let (head, head_span) = name.with_span().parse_next(input)?;
    if opt(preceded(multispace0, '(')).parse_next(input)?.is_some() {
        let expected_argument = StrContext::Expected(StrContextValue::Description("an argument"));
        let first = cut_err(ws(expression)).context(expected_argument.clone()).parse_next(input)?;
        let more: Vec<Expr> = repeat(0.., preceded(',', cut_err(ws(expression)).context(expected_argument)))
            .parse_next(input)?;
        cut_err(')')
            .context(StrContext::Expected(StrContextValue::Description("`,` or `)`")))
            .parse_next(input)?;
        let mut args = vec![first];
        args.extend(more);
        let end = input.previous_token_end();
        let kind = match Function::from_name(head) {
            Some(function) => ExprKind::Call { function, args },
            None => ExprKind::UnknownCall { name: head.into(), name_span: Box::new(head_span) },
        };
        return Ok(Expr { kind, span: start..end });
    }
    let rest: Vec<Segment> = repeat(
        0..,
        preceded(
            '.',
            cut_err(segment)
                .context(StrContext::Expected(StrContextValue::Description("a name or `*` after `.`"))),
        ),
    )
    .parse_next(input)?;
    let end = input.previous_token_end();
    let mut segments = vec![Segment::Name(head.to_string())];
    segments.extend(rest);
    Ok(Expr { kind: ExprKind::Path(Path { segments }), span: start..end })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 12's README-only trial: `max(runs.n70_*.received…)` said "unexpected `.`".
    #[test]
    fn a_star_for_part_of_a_name_says_it_stands_for_a_whole_segment() {
        for (text, at) in
            [("max(runs.n70_*.received.bytes)", 13), ("sum(runs.*_debian.x)", 9), ("sum(runs.n70_*)", 13)]
        {
            match parse(text) {
                Err(FigureError::Syntax { message, span }) => {
                    assert!(message.contains("whole path segment"), "{text}: {message}");
                    assert_eq!(span, at..at + 1, "{text}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        // Multiplication, with or without spaces, and `*` as a segment still read.
        for text in ["a*b", "a * 2", "sum(runs.*.x)", "2*(a)"] {
            assert!(parse(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn a_syntax_error_names_each_thing_expected_once() {
        for text in ["1 + * 2", "1 +", "(", "sum(1,"] {
            let Err(FigureError::Syntax { message, .. }) = parse(text) else {
                panic!("{text} parsed");
            };
            let expected = message.split("; expected ").nth(1).unwrap_or("");
            let parts: Vec<&str> = expected.split(" or ").collect();
            let mut once = parts.clone();
            once.dedup();
            once.sort();
            once.dedup();
            assert_eq!(parts.len(), once.len(), "{text}: {message}");
        }
    }

    #[test]
    fn syntax_errors_say_where() {
        for (text, at) in [
            ("1 +", 3),
            ("(1 + 2", 6),
            ("1 + * 2", 4),
            ("runs.", 5),
            ("sum(1,", 6),
            ("1 2", 2),
            ("", 0),
            ("1 $ 2", 2),
        ] {
            match parse(text) {
                Err(FigureError::Syntax { span, message }) => {
                    assert_eq!(span.start, at, "{text}: {message}");
                    assert!(!message.is_empty());
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn an_expression_nested_two_thousand_deep_is_an_error_at_its_place_not_a_crash() {
        for text in [format!("{}1{}", "(".repeat(2000), ")".repeat(2000)), format!("{}1", "-".repeat(2000))] {
            match parse(&text) {
                Err(FigureError::Syntax { span, message }) => {
                    assert_eq!(span.start, MAX_NESTING, "{message}");
                    assert!(message.contains("deeper"), "{message}");
                }
                other => panic!("{other:?}"),
            }
        }
        let long = vec!["1"; 2001].join(" + ");
        assert!(matches!(parse(&long), Err(FigureError::Syntax { .. })));
        let at_limit = format!("{}1{}", "(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        assert!(parse(&at_limit).is_ok());
    }
}
