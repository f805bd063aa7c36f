//! A pkt-gen bench's `.pps` file: what netbenches' bench scripts (`bench-lab-ministat.sh`)
//! write from the receiver's logs of one configuration, the input of ministat: one line an
//! iteration of the bench (`bench.….1` to `….5`), each that run's rate in packets a second
//! as the script computed it from the log (`739784`, or `554844.5`).
//! ministat's figures are printed with `%.8g`, so one past 99,999,999 pps may be written
//! `1.4880952e+08`.
//!
//! Owns the fields it gives at the run: `iterations.N.pps` (pps) in the file's order, from
//! 0, each at the digits written; `seconds` and `received` are absent with why (the file
//! holds no log's seconds or totals: name the receiver's log for those). It does not
//! compute a statistic (`expr::stats` does: `median(runs.r.iterations.*.pps)`).
//!
//! A file is one when its first line that is not blank is a number alone (a pkt-gen log's
//! lines start with a time, then words). Read whole; refused at the line: a line that is
//! not one number (a note, a second column, a log line), a blank line between rates (the
//! script wrote none for that run: its log held no rate line), a negative rate.

use super::{ImportError, Imported, Line, Tree, Value, lines, plain_decimal};
use crate::number::Unit;

/// Whether `text` is a `.pps` file rather than a pkt-gen log: its first line that is not
/// blank is one number.
pub(crate) fn is_pps(text: &str) -> bool {
    lines(text)
        .iter()
        .map(|l| l.text.trim())
        .find(|l| !l.is_empty())
        .is_some_and(|first| number(first).is_some())
}

/// Reads a `.pps` file, and the lines it looked at (each once: a linear-time test counts
/// them).
pub(crate) fn read(text: &str) -> Result<(Imported, usize), ImportError> {
    let all = lines(text);
    let mut work = 0;
    let mut rates = Vec::new();
    // Blank lines at the end are the file's end, not a run's missing rate.
    let last = all.iter().rposition(|l| !l.text.trim().is_empty()).map_or(0, |i| i + 1);
    for (index, line) in all[..last].iter().enumerate() {
        work += 1;
        rates.push(rate(line, index + 1)?);
    }
    if rates.is_empty() {
        return Err(ImportError::whole("this `.pps` file holds no run's rate: the bench script wrote none"));
    }
    let why = "a bench's `.pps` file holds one rate a run (the bench script's, for ministat), not a log's seconds or totals: name the receiver's log (`bench.….receiver`) for those";
    let fields = Tree::map([
        ("iterations", Tree::List(rates)),
        ("seconds", Tree::Absent(why.to_string())),
        ("received", Tree::Absent(why.to_string())),
    ]);
    Ok((Imported { format: "pkt-gen bench (.pps)", fields }, work))
}

/// One line's rate, as an item of `iterations`.
fn rate(line: &Line<'_>, number_of_line: usize) -> Result<Tree, ImportError> {
    let written = line.text.trim();
    if written.is_empty() {
        return Err(ImportError::at(
            format!(
                "line {number_of_line} is blank between rates: the bench script wrote no rate for that run (its log held no rate line but `0 pps`); run it again, or keep that run's log out and its line with it"
            ),
            line.range(),
        ));
    }
    let at = line.range_of(written);
    if written.starts_with('-') {
        return Err(ImportError::at(
            format!("`{written}` is a negative rate: a rate of pkt-gen's packets is never below 0"),
            at,
        ));
    }
    let Some(value) = number(written) else {
        return Err(ImportError::at(
            format!(
                "`{written}` is not one number: each line of a `.pps` file is one run's rate in packets a second (`739784`, `554844.5`, `1.4880952e+08`)"
            ),
            at,
        ));
    };
    let tree = if written.contains(['e', 'E']) {
        // Written in exponent form: the value, with no printed digits to keep.
        Value::exact(value, Unit::PacketPerSecond, at)
    } else {
        Value::printed("ministat", written, written, Unit::PacketPerSecond, at)
            .ok_or_else(|| ImportError::at(format!("`{written}` is not a plain decimal"), line.range()))?
    };
    Ok(Tree::map([("pps", tree)]))
}

/// A number as ministat's `%.8g` prints one: a plain decimal, or one in exponent form
/// (`1.4880952e+08`). Never a non-finite number.
fn number(text: &str) -> Option<f64> {
    let Some((mantissa, exponent)) = text.split_once(['e', 'E']) else {
        return plain_decimal(text);
    };
    let digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    let exponent_ok = !digits.is_empty() && digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit());
    plain_decimal(mantissa)?;
    if !exponent_ok {
        return None;
    }
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::import::testing::real_data;
    use proptest::prelude::*;

    const PPS: &str = "netmap-pktgen/r368766.inet4.pps";
    const LOG: &str = "netmap-pktgen/pkt-gen-rx-apu2-r368766-inet4-1.txt";

    fn fields(text: &str) -> Tree {
        read(text).unwrap_or_else(|e| panic!("{e}")).0.fields
    }

    fn error(text: &str) -> ImportError {
        read(text).map(|_| ()).expect_err("refused")
    }

    #[test]
    fn the_public_pps_file_gives_each_runs_rate_where_it_is_written() {
        let text = real_data(PPS);
        assert!(is_pps(&text));
        assert!(!is_pps(&real_data(LOG)));
        let f = fields(&text);
        let Some(Tree::List(items)) = f.get("iterations") else { panic!("{f:?}") };
        assert_eq!(items.len(), 5);
        let rates: Vec<f64> = (0..5).filter_map(|i| f.number(&format!("iterations.{i}.pps"))).collect();
        assert_eq!(rates, [739_784.0, 740_096.0, 739_072.0, 742_776.0, 733_210.0]);
        let v = f.value("iterations.4.pps").unwrap();
        assert_eq!(v.unit, Unit::PacketPerSecond);
        assert_eq!(&text[v.at.clone()], "733210");
        assert_eq!(text[..v.at.start].matches('\n').count(), 4);
        assert_eq!(v.printed.as_ref().unwrap().as_written, "733210");
        assert!(matches!(f.get("seconds"), Some(Tree::Absent(why)) if why.contains("receiver's log")));
        assert!(matches!(f.get("received"), Some(Tree::Absent(_))));
    }

    #[test]
    fn the_pktgen_key_reads_a_pps_file_by_what_it_holds() {
        let imported = super::super::import_pktgen(&real_data(PPS)).unwrap();
        assert_eq!(imported.format, "pkt-gen bench (.pps)");
        assert_eq!(imported.fields.number("iterations.1.pps"), Some(740_096.0));
    }

    #[test]
    fn half_and_exponent_forms_are_read() {
        let f = fields("554844.5\r\n1.4880952e+08\n\n");
        assert_eq!(f.number("iterations.0.pps"), Some(554_844.5));
        assert_eq!(f.value("iterations.0.pps").unwrap().printed.as_ref().unwrap().stated, "554844.5 pps");
        assert_eq!(f.number("iterations.1.pps"), Some(148_809_520.0));
        assert!(f.value("iterations.1.pps").unwrap().printed.is_none());
    }

    #[test]
    fn what_is_not_one_rate_a_line_is_refused_at_its_line() {
        let line_of =
            |text: &str, e: &ImportError| text[..e.at.clone().unwrap().start].matches('\n').count() + 1;
        for (text, says, line) in [
            ("739784\n740096 740100\n", "not one number", 2),
            ("739784\n\n739072\n", "blank between rates", 2),
            ("739784\n-5\n", "negative rate", 2),
            ("739784\n539.929712 main [2938] interface is igb3\n", "not one number", 2),
            ("739784\n7e\n", "not one number", 2),
            ("739784\nNaN\n", "not one number", 2),
        ] {
            let e = error(text);
            assert!(e.message.contains(says), "{text:?}: {e}");
            assert_eq!(line_of(text, &e), line, "{text:?}: {e}");
        }
        assert!(error("\n\n").message.contains("no run's rate"));
    }

    /// Each line is looked at once: eight times the file is eight times the lines, counted
    /// rather than timed.
    #[test]
    fn reading_is_linear_in_the_lines() {
        let text = real_data(PPS);
        let (_, one) = read(&text.repeat(100)).unwrap();
        let (imported, eight) = read(&text.repeat(800)).unwrap();
        assert!(eight <= 8 * one, "{one} {eight}");
        assert!(matches!(imported.fields.get("iterations"), Some(Tree::List(l)) if l.len() == 4_000));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn never_panics_on_any_text(text in "\\PC{0,200}", numbers in prop::collection::vec("-?[0-9]{0,9}(\\.[0-9]{0,3})?([eE][+-]?[0-9]{0,3})?", 0..8)) {
            let _ = read(&text);
            let _ = super::super::import_pktgen(&text);
            let _ = read(&numbers.join("\n"));
        }

        /// Any rate read is a finite number that is not negative, found where the file
        /// writes it.
        #[test]
        fn every_rate_read_is_finite_and_in_the_text(numbers in prop::collection::vec("[0-9]{1,9}(\\.[0-9]{1,3})?(e\\+0[0-9])?", 1..8)) {
            let text = format!("{}\n", numbers.join("\n"));
            let imported = read(&text).map_err(|e| TestCaseError::fail(e.message))?.0;
            for (i, number) in numbers.iter().enumerate() {
                let v = imported.fields.value(&format!("iterations.{i}.pps")).expect("each line");
                prop_assert!(v.value.is_finite() && v.value >= 0.0);
                prop_assert_eq!(&text[v.at.clone()], number.as_str());
            }
        }
    }
}
