//! The bridge from the legacy importers' [`Received`] to a [`Tree`], until `iperf3_json` and
//! `iperf2_text` build trees themselves.

use super::legacy_iperf::{Interval, PrintedReport, Received};
use super::{Tree, Value};
use crate::figures::Printed;
use crate::figures::number::Unit;

pub(super) fn tree(received: &Received) -> Tree {
    let value = |value: f64, unit: Unit, printed: Option<&Printed>, at: std::ops::Range<usize>| {
        Tree::Value(Value { value, unit, printed: printed.cloned(), at })
    };
    let pick = |report: &Option<PrintedReport>, f: fn(&PrintedReport) -> &Option<Printed>| {
        report.as_ref().and_then(|r| f(r).as_ref()).cloned()
    };
    let summary = received.summary_at..received.summary_at;
    let interval = |i: &Interval| {
        let at = i.line.clone().unwrap_or(summary.clone());
        let p = &i.printed;
        Tree::map([
            ("start", value(i.start, Unit::Second, pick(p, |r| &r.start).as_ref(), at.clone())),
            ("end", value(i.end, Unit::Second, pick(p, |r| &r.end).as_ref(), at.clone())),
            ("bytes", value(i.bytes, Unit::Byte, pick(p, |r| &r.bytes).as_ref(), at.clone())),
            (
                "bits_per_second",
                value(i.bits_per_second, Unit::BitPerSecond, pick(p, |r| &r.bits_per_second).as_ref(), at),
            ),
        ])
    };
    let p = &received.printed;
    Tree::map([(
        "received",
        Tree::map([
            ("bytes", value(received.bytes, Unit::Byte, pick(p, |r| &r.bytes).as_ref(), summary.clone())),
            (
                "seconds",
                value(received.seconds, Unit::Second, pick(p, |r| &r.seconds).as_ref(), summary.clone()),
            ),
            (
                "bits_per_second",
                value(
                    received.bits_per_second,
                    Unit::BitPerSecond,
                    pick(p, |r| &r.bits_per_second).as_ref(),
                    summary.clone(),
                ),
            ),
            ("intervals", Tree::List(received.intervals.iter().map(interval).collect())),
        ]),
    )])
}
