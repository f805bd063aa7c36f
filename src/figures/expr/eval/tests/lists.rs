//! The functions of a list in expressions: units carried through, `count` a count,
//! `drop_ends` in order, and each misuse an error at its place.

use super::*;

/// Four repeated runs' rates in bit/s, a run's per-second intervals, and byte amounts.
struct Repeats;

impl Scope for Repeats {
    fn read(&self, path: &Path, _many: bool, span: Range<usize>) -> Result<Vec<Leaf>, FigureError> {
        let leaf = |path: String, text: &str, unit: Unit| Leaf {
            value: text.parse().unwrap_or(f64::NAN),
            exact: Exact::parse_decimal(text),
            path,
            unit,
            expands_to: Vec::new(),
        };
        let rates = ["987000000", "986000000", "989000000", "988500000"];
        let seconds = ["10", "950", "951", "949", "952", "20"];
        Ok(match path.to_string().as_str() {
            "runs.*.rate" => rates
                .iter()
                .enumerate()
                .map(|(i, r)| leaf(format!("runs.r{i}.rate"), r, Unit::BitPerSecond))
                .collect(),
            "runs.a.intervals.*.packets" => seconds
                .iter()
                .enumerate()
                .map(|(i, s)| leaf(format!("runs.a.intervals.{i}.packets"), s, Unit::Count))
                .collect(),
            "runs.*.bytes" => vec![
                leaf("runs.r0.bytes".into(), "1000", Unit::Byte),
                leaf("runs.r1.bytes".into(), "1003", Unit::Byte),
            ],
            "one" => vec![leaf("one".into(), "5", Unit::Count)],
            "runs.*.secs" => vec![leaf("runs.r0.secs".into(), "3", Unit::Second)],
            _ => return Err(FigureError::MissingPath { path: path.to_string(), hint: String::new(), span }),
        })
    }
}

fn evaluated(text: &str) -> Evaluation {
    let expr = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    evaluate(&expr, &Repeats).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn failure(text: &str) -> FigureError {
    match parse(text) {
        Err(e) => e,
        Ok(expr) => evaluate(&expr, &Repeats).expect_err(text),
    }
}

#[test]
fn statistics_carry_the_lists_unit_and_count_is_a_count() {
    let median = evaluated("median(runs.*.rate)");
    assert_eq!(median.implied_unit, Some(Unit::BitPerSecond));
    assert_eq!(median.exact, Exact::parse_decimal("987750000"));
    assert_eq!(median.inputs.len(), 4);
    for function in ["stdev", "se", "ci95", "min", "mean"] {
        let e = evaluated(&format!("{function}(runs.*.rate)"));
        assert_eq!(e.implied_unit, Some(Unit::BitPerSecond), "{function}");
    }
    let count = evaluated("count(runs.*.rate)");
    assert_eq!((count.implied_unit, count.exact), (None, Some(Exact::from_integer(4))));
    // Bytes stay bytes, through bits and back.
    let spread = evaluated("stdev(runs.*.bytes)");
    assert_eq!(spread.implied_unit, Some(Unit::Byte));
    assert_eq!(spread.exact.unwrap().digits_at(-4, crate::number::Rounding::HalfAwayFromZero), "21213");
    let p = evaluated("percentile(runs.*.rate, 25)");
    assert_eq!(p.exact, Exact::parse_decimal("986750000"));
}

#[test]
fn drop_ends_drops_the_first_and_last_in_order_not_the_extremes() {
    // 10, 950, 951, 949, 952, 20: the warm-up and cool-down seconds go, whatever their size.
    let kept = evaluated("mean(drop_ends(runs.a.intervals.*.packets, 1))");
    assert_eq!(kept.exact, Exact::parse_decimal("950.5"));
    let median = evaluated("median(drop_ends(runs.a.intervals.*.packets, 2))");
    assert_eq!(median.exact, Exact::parse_decimal("950"));
    assert_eq!(
        evaluated("count(drop_ends(runs.a.intervals.*.packets, 0))").exact,
        Some(Exact::from_integer(6))
    );
}

#[test]
fn each_misuse_of_a_list_function_is_an_error_at_its_place() {
    for (text, at) in [
        ("stdev(one)", "stdev(one)"),
        ("drop_ends(runs.a.intervals.*.packets, 1)", "drop_ends(runs.a.intervals.*.packets, 1)"),
        ("mean(drop_ends(runs.a.intervals.*.packets, 3))", "drop_ends(runs.a.intervals.*.packets, 3)"),
        ("mean(drop_ends(runs.a.intervals.*.packets, 0.5))", "0.5"),
        ("percentile(runs.*.rate, 101)", "101"),
        ("percentile(runs.*.rate, one * 30)", "one * 30"),
        ("median(runs.*.rate, runs.*.secs)", "runs.*.secs"),
        ("percentile(runs.*.rate)", "percentile(runs.*.rate)"),
        ("1 + drop_ends(runs.*.rate, 1)", "drop_ends(runs.*.rate, 1)"),
    ] {
        let e = failure(text);
        assert_eq!(&text[e.span()], at, "{text}: {e}");
    }
    assert!(failure("percentile(runs.*.rate, 101)").to_string().contains("from 0 to 100"));
}
