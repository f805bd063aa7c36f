//! Every importer is linear in its input, by a measure that is not the clock: the steps it
//! counts (`import::work`: the lines and words it splits, the entries it looks through) at
//! 1× and 8× its input, made from the file its bench reads.

use super::{CASES, Case, scales};
use crate::figures::import::counted;

/// The text of a case's file, from the repository's folder (`../shared/` is laid beside
/// it in CI, so a missing file fails the test).
fn base(case: &Case) -> String {
    let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), case.file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_importer_reads_its_input_made_larger() {
    for case in &CASES {
        let text = base(case);
        let one =
            (case.import)(&(case.scale)(&text, 1)).unwrap_or_else(|e| panic!("{} at 1x: {e}", case.name));
        let ten =
            (case.import)(&(case.scale)(&text, 10)).unwrap_or_else(|e| panic!("{} at 10x: {e}", case.name));
        assert!(one > 0, "{} read nothing", case.name);
        if scales(case) {
            assert!(ten >= 5 * one, "{}: {one} values at 1x, {ten} at 10x", case.name);
        }
    }
}

/// The work at 8× is at most 8 times the work at 1× (and a little: a header read once).
#[test]
fn every_importer_is_linear_in_its_input() {
    let mut failed = Vec::new();
    for case in CASES.iter().filter(|c| scales(c)) {
        let text = base(case);
        let (small, large) = ((case.scale)(&text, 10), (case.scale)(&text, 80));
        let (read, one) = counted(|| (case.import)(&small));
        read.unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let (read, eight) = counted(|| (case.import)(&large));
        read.unwrap_or_else(|e| panic!("{}: {e}", case.name));
        if one == 0 || eight > 8 * one + one / 10 {
            failed.push(format!("{}: {one} steps at 1x, {eight} at 8x", case.name));
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// The measure catches what it is for: a reader that looks through the lines before each
/// line (as iperf 2's readers compared each report with every earlier one) counts 64 times
/// the steps at 8×, and fails the bound the importers are held to.
#[test]
fn a_search_of_the_lines_before_each_line_is_caught() {
    use crate::figures::import::{lines, work};
    let quadratic = |text: &str| {
        for (i, _) in lines(text).iter().enumerate() {
            work(i);
        }
    };
    let ((), one) = counted(|| quadratic(&"x\n".repeat(100)));
    let ((), eight) = counted(|| quadratic(&"x\n".repeat(800)));
    assert!(eight > 8 * one + one / 10, "{one} {eight}");
}
