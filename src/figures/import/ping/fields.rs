//! The run's tree from its checked parts: `transmitted`, `received`, `loss_percent`,
//! `errors`, `errors_by_kind`, `duplicates`, `corrupted`, `rtt` and `replies`.
//!
//! Owns which figures each ping gives and why the others are [`Tree::Absent`] (BSD counts
//! no errors, Windows no duplicates, iputils prints mdev where BSD prints stddev, no times
//! when no reply came back). It does not read lines (`line`) nor check the summary against
//! them (the importer does, before this is built).

use std::ops::Range;

use super::super::{Tree, Value};
use super::{BSD, Count, IPUTILS, Reply, Summary, Times, UNTIMED, WINDOWS};
use crate::number::Unit;

/// The sizes a run's lines give: the payload asked for and the IP packet (the header), and
/// the path's MTU an error named; and the error lines printed in replies' place, by kind.
#[derive(Default)]
pub(super) struct Sizes {
    pub size: Option<Count>,
    pub packet: Option<Count>,
    pub mtu: Option<Count>,
    pub failures: Vec<(&'static str, Range<usize>)>,
}

/// The kinds of error line `errors_by_kind` counts, in its order.
const KINDS: [&str; 5] = ["unreachable", "too_large", "ttl_exceeded", "timeout", "other"];

/// The kind of an error line ping printed in a reply's place: a destination unreachable, a
/// packet too large for the path, a TTL exceeded, no reply in time (BSD's and Windows'
/// lines), or another (`General failure.`, a redirect, `sendmsg: …`).
pub(super) fn failure_kind(line: &str) -> &'static str {
    let lower = line.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    if has(&["frag needed", "message too long", "needs to be fragmented"]) {
        "too_large"
    } else if has(&["unreachable"]) {
        "unreachable"
    } else if has(&["time to live exceeded", "ttl expired", "time exceeded"]) {
        "ttl_exceeded"
    } else if has(&["request timed out", "request timeout for icmp_seq"]) {
        "timeout"
    } else {
        "other"
    }
}

/// `errors_by_kind.KIND`: how many error lines of each kind the file shows, each at the
/// first such line (a kind with none at the summary, as ping's own zero counts are).
fn by_kind(failures: &[(&'static str, Range<usize>)], summary_at: &Range<usize>) -> Tree {
    Tree::map(KINDS.map(|kind| {
        let mut of_kind = failures.iter().filter(|(k, _)| *k == kind);
        let at = of_kind.next().map_or(summary_at.clone(), |(_, at)| at.clone());
        let n = of_kind.count() + usize::from(at != *summary_at);
        (kind, Value::exact(n as f64, Unit::Count, at))
    }))
}

/// The run's fields from its checked summary, reply lines and round-trip times.
pub(super) fn fields(
    s: Summary<'_>,
    flavour: u8,
    replies: Vec<(Range<usize>, Reply)>,
    counted_failures: u64,
    rtt: Option<(Range<usize>, Times)>,
    summary_at: Range<usize>,
    sizes: Sizes,
) -> Tree {
    let absent = |why: &str| Tree::Absent(why.to_string());
    // iputils and BSD print `+N duplicates` (iputils `+N errors`, `+N corrupted`) only when
    // N is not 0; their place is the summary line.
    let count = |c: Option<Count>| {
        let (n, at) = c.unwrap_or((0, summary_at.clone()));
        Value::exact(n as f64, Unit::Count, at)
    };
    let loss = match s.loss {
        // Checked to be a plain decimal.
        Some((p, at)) => Value::printed("ping", &format!("{p}%"), p, Unit::Percent, at),
        None => None,
    };
    let (errors, duplicates, corrupted) = match flavour {
        IPUTILS => (count(s.errors), count(s.duplicates), count(s.corrupted)),
        BSD => (
            absent("BSD/macOS ping counts no errors in its summary"),
            count(s.duplicates),
            absent("BSD/macOS ping counts no corrupted replies in its summary"),
        ),
        _ => (
            absent("Windows ping counts no errors in its summary"),
            absent("Windows ping counts no duplicate replies"),
            absent("Windows ping counts no corrupted replies"),
        ),
    };
    let iputils = "iputils ping prints mdev, not BSD/macOS's stddev: read rtt.mdev";
    let bsd = "BSD/macOS ping prints stddev, not iputils' mdev: read rtt.stddev";
    let windows = "Windows ping prints no spread of the round trips, only minimum, maximum and average";
    let rtt = match rtt {
        Some(_) if counted_failures > 0 => {
            absent("Windows averaged in the ICMP errors it counted as received")
        }
        Some((_, mut times)) => {
            match flavour {
                IPUTILS => times.push(("stddev", absent(iputils))),
                BSD => times.push(("mdev", absent(bsd))),
                _ => times.extend([("mdev", absent(windows)), ("stddev", absent(windows))]),
            }
            Tree::map(times)
        }
        None if s.received.0 == 0 => absent("no reply came back, so ping printed no round-trip times"),
        None if flavour == WINDOWS => absent("Windows printed no times: it counted ICMP errors as received"),
        None => absent(UNTIMED),
    };
    let replies = replies.into_iter().map(|(_, reply)| Tree::map(reply.fields)).collect();
    let errors_by_kind = by_kind(&sizes.failures, &summary_at);
    Tree::map([
        ("transmitted", Value::exact(s.transmitted.0 as f64, Unit::Count, s.transmitted.1)),
        ("received", Value::exact(s.received.0 as f64, Unit::Count, s.received.1)),
        ("loss_percent", loss.unwrap_or_else(|| absent("ping sent no packet, so it printed no loss"))),
        ("errors", errors),
        ("errors_by_kind", errors_by_kind),
        ("duplicates", duplicates),
        ("corrupted", corrupted),
        ("rtt", rtt),
        ("replies", Tree::List(replies)),
        (
            "size",
            bytes(
                sizes.size,
                "ping printed no header with the size it sent (`PING … 56(84) bytes of data.`)",
            ),
        ),
        (
            "packet_size",
            bytes(sizes.packet, "only iputils' IPv4 header prints the IP packet's size (`56(84)`)"),
        ),
        (
            "mtu",
            bytes(
                sizes.mtu,
                "ping printed no MTU: it names one when a packet was too large for the path (`-M do`, `-D`)",
            ),
        ),
    ])
}

/// A size ping printed, in bytes, or why there is none.
fn bytes(printed: Option<Count>, why: &str) -> Tree {
    match printed {
        Some((n, at)) => Value::exact(n as f64, Unit::Byte, at),
        None => Tree::Absent(why.to_string()),
    }
}
