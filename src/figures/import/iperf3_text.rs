//! iperf3 text, as iperf3 prints it: a client's log or a server's (`iperf3 -s`), with `-P N`'s
//! `[SUM]` lines, `-R`, `--bidir`'s `[TX-C]`/`[RX-C]`/`[TX-S]`/`[RX-S]`, UDP's jitter and loss,
//! `-O N`'s `(omitted)` intervals and `-V`'s CPU line, with shell prompts and pasted commands
//! around it.
//!
//! Owns which of the text's figures are the receiver's and which the sender's, and the tree
//! they give: `received`, `sent`, `streams.N.{received,sent}`, `cpu`, and with `--bidir`
//! `forward` and `reverse`. Each line is read in `report`; the text is cut into tests, and
//! the one run found, in `runs`. It does not recognise the format (`iperf.rs` does) nor read
//! files.
//!
//! It never makes up what the text does not hold: a side's interval lines are that side's
//! (a client's are what it sent), so the other side's intervals are absent with why; a server
//! that printed `0.00 Bytes` for the client's count did not learn it; an old iperf3 UDP client
//! prints the rate it sent beside the loss the server saw. Roles are read from the
//! `sender`/`receiver` labels, never from the spans. A file is read whole or refused: a
//! bracketed line it cannot read is an error at that line, and a file holding two runs, or a
//! run cut before its summary, is refused.

mod report;
mod runs;
#[cfg(test)]
mod tests;

use report::{Bidir, Extra, Label, Report, UdpLoss, Who};
use runs::{Side, Test, read_tests, the_one_run};

use super::{ImportError, Imported, Tree};

/// Reads iperf3 text (client or server log).
pub(crate) fn import_iperf3_text(text: &str) -> Result<Imported, ImportError> {
    let (tests, tool_error) = read_tests(text)?;
    let test = the_one_run(tests, tool_error)?;
    Ok(Imported { format: "iperf3 text", fields: run_tree(text, &test)? })
}

const BIDIR: &str = "a --bidir run has two directions: read forward.received (client to server) or reverse.received (server to client)";
const NO_INTERVALS: &str = "the output holds no interval lines of this side (a run with `-i 0`, or a paste that starts at the summary): keep iperf3's whole output";
const UNKNOWN_SIDE: &str = "whose interval lines these are is unclear: the text has no `Connecting to host` (a client's log) nor `Server listening` (a server's) line, nor the `iperf3 -c`/`-s` command: keep iperf3's whole output";
const OLD_UDP: &str = "this iperf3 UDP client printed one summary line per stream with what it sent beside the loss the server saw (iperf3 before 3.2 prints no `receiver` line): what arrived is not in it; record the server's log, or use a newer iperf3";
const NO_RETR: &str =
    "iperf3 printed no `Retr` column: it does not count retransmits on the sending system (as on macOS)";

/// The run's fields: one direction's, or with `--bidir` both, and the CPU line's.
fn run_tree(text: &str, test: &Test<'_>) -> Result<Tree, ImportError> {
    let mut fields = Vec::new();
    if let Some((first, _)) = test.reports.iter().find(|(r, _)| r.bidir.is_some()) {
        if let Some((other, _)) = test.reports.iter().find(|(r, _)| r.bidir.is_none()) {
            return Err(ImportError::at(
                format!(
                    "a line without a `[TX-C]`/`[RX-C]`/`[TX-S]`/`[RX-S]` role in a --bidir output (as on line {})",
                    crate::diagnostics::LineIndex::line_in(text, first.line.start)
                ),
                other.line.range(),
            ));
        }
        fields.extend(
            [
                ("received", Tree::Absent(BIDIR.into())),
                ("sent", Tree::Absent(BIDIR.into())),
                ("streams", Tree::Absent(BIDIR.into())),
            ]
            .map(|(k, t)| (k.to_string(), t)),
        );
        fields.push(("forward".to_string(), direction_tree(text, test, Some(true))?));
        fields.push(("reverse".to_string(), direction_tree(text, test, Some(false))?));
    } else if let Tree::Map(entries) = direction_tree(text, test, None)? {
        fields = entries;
    }
    if let Some((local, remote)) = &test.cpu {
        fields.push((
            "cpu".to_string(),
            Tree::map([("local_percent", local.clone()), ("remote_percent", remote.clone())]),
        ));
    }
    Ok(Tree::Map(fields))
}

/// What one direction of traffic gives: `received`, `sent`, `streams`. `forward` picks a
/// `--bidir` direction; None takes every line.
fn direction_tree(text: &str, test: &Test<'_>, forward: Option<bool>) -> Result<Tree, ImportError> {
    let reports: Vec<(&Report<'_>, bool)> = test
        .reports
        .iter()
        .filter(|(r, _)| forward.is_none() || r.bidir.map(|b| b.forward) == forward)
        .map(|(r, summary)| (r, *summary))
        .collect();
    let view = View { text, test, reports, local_sends: None };
    let local_sends = view.local_sends();
    // Each stream's lines, in the order the streams first appear: a stream's figures are
    // read from its own lines only, so that thousands of stream ids stay linear.
    let mut index: rustc_hash::FxHashMap<Who<'_>, usize> = rustc_hash::FxHashMap::default();
    let mut groups: Vec<(Who<'_>, Vec<(&Report<'_>, bool)>)> = Vec::new();
    for &(report, summary) in &view.reports {
        let at = *index.entry(report.who).or_insert_with(|| {
            groups.push((report.who, Vec::new()));
            groups.len() - 1
        });
        groups[at].1.push((report, summary));
    }
    super::work(view.reports.len());
    let of = |who: Who<'_>| {
        let reports = index.get(&who).map_or_else(Vec::new, |&at| groups[at].1.clone());
        View { text, test, reports, local_sends }
    };
    let streams: Vec<Who<'_>> = groups.iter().map(|(who, _)| *who).filter(|who| *who != Who::Sum).collect();
    let mut stream_trees = Vec::new();
    for who in &streams {
        let (received, sent) = of(*who).sides(*who)?;
        stream_trees.push(Tree::map([("received", received), ("sent", sent)]));
    }
    let sums = of(Who::Sum);
    let (received, sent) = match streams.as_slice() {
        [only] => of(*only).sides(*only)?,
        _ if sums
            .reports
            .iter()
            .any(|(r, summary)| *summary || matches!(r.label, Label::Sender | Label::Receiver)) =>
        {
            sums.sides(Who::Sum)?
        }
        _ => {
            let why = format!(
                "{} streams and no `[SUM]` summary line: the run's total is not printed (tally does not add rounded figures)",
                streams.len()
            );
            (Tree::Absent(why.clone()), Tree::Absent(why))
        }
    };
    Ok(Tree::map([("received", received), ("sent", sent), ("streams", Tree::List(stream_trees))]))
}

/// One direction's lines and whether this log's side sent them (None: unclear).
struct View<'t, 'a> {
    text: &'t str,
    test: &'t Test<'a>,
    reports: Vec<(&'t Report<'a>, bool)>,
    local_sends: Option<bool>,
}

impl<'a> View<'_, 'a> {
    /// Whether the side that printed this log sent this direction's traffic: a `--bidir` role
    /// says; then the interval lines' columns (only the sender counts `Retr` or prints UDP's
    /// `Total Datagrams` alone; only the receiver measures jitter); then a client sends unless
    /// reversed, and a server sends when its summary holds only what was sent.
    fn local_sends(&self) -> Option<bool> {
        if let Some(bidir) = self.reports.iter().find_map(|(r, _)| r.bidir) {
            return Some(bidir.sends);
        }
        let from_columns = self
            .reports
            .iter()
            .filter(|(r, summary)| !summary && r.label != Label::Sender && r.label != Label::Receiver)
            .find_map(|(r, _)| match &r.extra {
                Extra::Tcp { retransmits: Some(_) } | Extra::UdpSent { .. } => Some(true),
                Extra::UdpReceived(_) => Some(false),
                Extra::Tcp { retransmits: None } => None,
            });
        let printed = |label: Label| self.reports.iter().any(|(r, _)| r.label == label && !r.bytes_are_zero);
        from_columns.or(match self.test.side {
            Side::Client => Some(!self.test.reverse),
            Side::Server => Some(printed(Label::Sender) && !printed(Label::Receiver)),
            Side::Unknown => None,
        })
    }

    /// The one summary line of `who` that `pick` selects, or an error at a second one.
    fn summary(
        &self,
        who: Who<'a>,
        pick: impl Fn(&Report<'a>, bool) -> bool,
    ) -> Result<Option<&Report<'a>>, ImportError> {
        super::work(self.reports.len());
        let mut found =
            self.reports.iter().filter(|(r, summary)| r.who == who && pick(r, *summary)).map(|(r, _)| *r);
        let first = found.next();
        if let (Some(first), Some(second)) = (first, found.next()) {
            return Err(ImportError::at(
                format!(
                    "a second summary line for {} (the first on line {}): keep one run a file",
                    name(who),
                    crate::diagnostics::LineIndex::line_in(self.text, first.line.start)
                ),
                second.line.range(),
            ));
        }
        Ok(first)
    }

    /// `who`'s received and sent figures.
    fn sides(&self, who: Who<'a>) -> Result<(Tree, Tree), ImportError> {
        let receiver = self.summary(who, |r, _| r.label == Label::Receiver)?;
        let sender = self.summary(who, |r, _| r.label == Label::Sender)?;
        // Before iperf3 3.2 a UDP client's summary was one unlabeled line: see OLD_UDP.
        let old_udp = self.summary(who, |r, summary| summary && r.label == Label::None)?;
        if let Some(line) = old_udp
            && !matches!(line.extra, Extra::UdpReceived(_))
        {
            return Err(ImportError::at(
                "a summary line without `sender` or `receiver`: whose figures these are is unclear",
                line.line.range(),
            ));
        }
        let intervals: Vec<&Report<'_>> = self
            .reports
            .iter()
            .filter(|(r, summary)| r.who == who && !summary && r.label == Label::None)
            .map(|(r, _)| *r)
            // iperf3 may end a run with an interval of no length (`2.00-2.00 sec`, a last
            // partial read): no second passed, and a mean over intervals would count it as
            // one (found by a README-only trial).
            .filter(|r| !zero_length(r))
            .collect();
        let server = self.test.side == Side::Server;
        // A server's count of the other side's bytes is `0.00 Bytes` when it did not learn it.
        let unlearned =
            |r: &Report<'_>, sends: bool| server && self.local_sends == Some(!sends) && r.bytes_are_zero;
        let zero = |role: &str| {
            Tree::Absent(format!(
                "the server printed `0.00 Bytes` for the {role}: it did not learn the client's count (an older iperf3), which is not 0; the client's log holds it"
            ))
        };
        let received = match (receiver, old_udp) {
            (Some(r), _) if unlearned(r, false) => zero("receiver"),
            (Some(r), _) => side_map(r, true, self.intervals(&intervals, false)),
            (None, Some(r)) => old_udp_received(r, self.intervals(&intervals, false)),
            (None, None) if server && self.local_sends == Some(true) => Tree::Absent("this server sent (the client ran `-R`): iperf3 prints no `receiver` line in its log; the client's log holds what arrived".into()),
            (None, None) => Tree::Absent(format!("the output has no `receiver` line for {}: keep iperf3's whole output", name(who))),
        };
        let sent = match (sender, old_udp) {
            (Some(r), _) if unlearned(r, true) => zero("sender"),
            (Some(r), _) => side_map(r, false, self.intervals(&intervals, true)),
            (None, Some(r)) => old_udp_sent(r, self.intervals(&intervals, true), self.sent_datagrams(who, r.bidir)),
            (None, None) if server && self.local_sends == Some(false) => Tree::Absent("an iperf3 server's log has no `sender` line for what the client sent: the client's log holds it".into()),
            (None, None) => Tree::Absent(format!("the output has no `sender` line for {}: keep iperf3's whole output", name(who))),
        };
        Ok((received, sent))
    }

    /// The `intervals` field of the sending (`sends`) or receiving side: this log's interval
    /// lines where they are that side's, else absent with why and where they are.
    fn intervals(&self, lines: &[&Report<'_>], sends: bool) -> Tree {
        let Some(local_sends) = self.local_sends else {
            return Tree::Absent(if lines.is_empty() { NO_INTERVALS } else { UNKNOWN_SIDE }.into());
        };
        if local_sends == sends {
            return match lines {
                [] => Tree::Absent(NO_INTERVALS.into()),
                _ => Tree::List(lines.iter().map(|r| interval_tree(r)).collect()),
            };
        }
        let why = match (self.reports.iter().find_map(|(r, _)| r.bidir), self.test.side) {
            (Some(bidir), _) => {
                let (this, other) = role_names(bidir);
                if bidir.sends {
                    format!("this log's `[{this}]` interval lines are what it sent, not what arrived: the other side's log holds the receiver's (its `[{other}]` lines)")
                } else {
                    format!("this log's `[{this}]` interval lines are what arrived: the other side's log holds what was sent each interval (its `[{other}]` lines)")
                }
            }
            _ if sends => "this log's interval lines are the receiving side's, what arrived: the sending side's log (the client's, or the server's with `-R`) holds what was sent each interval".into(),
            (None, Side::Client) => "a client's interval lines are what it sent, not what arrived: record the server's log (`iperf3 -s`), or run the client with `-R`, for the receiver's intervals".into(),
            (None, Side::Server) => "this server sent (the client ran `-R`): its interval lines are what it sent, not what arrived; the client's log holds the receiver's intervals".into(),
            (None, Side::Unknown) => "these interval lines are the sending side's (they print `Retr` or UDP's `Total Datagrams`), not what arrived: the receiving side's log holds the receiver's intervals".into(),
        };
        Tree::Absent(why)
    }

    /// An old UDP client's `[  4] Sent 2588270 datagrams` for `who`.
    fn sent_datagrams(&self, who: Who<'a>, bidir: Option<Bidir>) -> Option<Tree> {
        self.test.sent_datagrams.iter().find(|(w, b, _)| *w == who && *b == bidir).map(|(_, _, t)| t.clone())
    }
}

/// A `--bidir` side's role tag and the other side's for the same traffic.
fn role_names(bidir: Bidir) -> (&'static str, &'static str) {
    match (bidir.forward, bidir.sends) {
        (true, true) => ("TX-C", "RX-S"),
        (true, false) => ("RX-S", "TX-C"),
        (false, true) => ("TX-S", "RX-C"),
        (false, false) => ("RX-C", "TX-S"),
    }
}

fn name(who: Who<'_>) -> String {
    match who {
        Who::Sum => "`[SUM]`".to_string(),
        Who::Stream(id) => format!("stream `[{id:>3}]`"),
    }
}

/// A `sender` or `receiver` summary line's figures. On a sender's UDP line iperf3 prints
/// `0.000 ms  0/39 (0%)`: the sender measures no loss nor jitter, so only its datagram count is
/// kept.
fn side_map(r: &Report<'_>, received: bool, intervals: Tree) -> Tree {
    let mut fields = figures(r, intervals);
    match (&r.extra, received) {
        (Extra::UdpReceived(loss), true) => fields.extend(loss_fields(loss)),
        (Extra::UdpReceived(loss), false) => fields.push(("packets", loss.packets.clone())),
        (Extra::UdpSent { packets }, false) => fields.push(("packets", packets.clone())),
        (Extra::Tcp { retransmits: Some(retr) }, false) => fields.push(("retransmits", retr.clone())),
        (Extra::Tcp { retransmits: None }, false) => {
            fields.push(("retransmits", Tree::Absent(NO_RETR.into())))
        }
        _ => {}
    }
    Tree::map(fields)
}

/// An old UDP client's summary line, for what arrived: the loss and jitter the server
/// reported; its bytes and rate are what was sent.
fn old_udp_received(r: &Report<'_>, intervals: Tree) -> Tree {
    let absent = Tree::Absent(OLD_UDP.into());
    let mut fields = vec![
        ("bytes", absent.clone()),
        ("seconds", absent.clone()),
        ("bits_per_second", absent),
        ("intervals", intervals),
    ];
    if let Extra::UdpReceived(loss) = &r.extra {
        fields.extend(loss_fields(loss));
    }
    Tree::map(fields)
}

/// An old UDP client's summary line, for what was sent: its bytes and rate, and its
/// `Sent N datagrams` line where it printed one.
fn old_udp_sent(r: &Report<'_>, intervals: Tree, datagrams: Option<Tree>) -> Tree {
    let mut fields = figures(r, intervals);
    fields.extend(datagrams.map(|d| ("packets", d)));
    Tree::map(fields)
}

/// An interval line's figures, with the columns it printed after the rate.
fn interval_tree(r: &Report<'_>) -> Tree {
    let mut fields = vec![("start", r.start.clone()), ("end", r.end.clone())];
    fields.extend([("bytes", r.bytes.clone()), ("bits_per_second", r.bits_per_second.clone())]);
    match &r.extra {
        Extra::UdpReceived(loss) => fields.extend(loss_fields(loss)),
        Extra::UdpSent { packets } => fields.push(("packets", packets.clone())),
        Extra::Tcp { retransmits: Some(retr) } => fields.push(("retransmits", retr.clone())),
        Extra::Tcp { retransmits: None } => {}
    }
    Tree::map(fields)
}

/// A summary side's common fields: its line's bytes, seconds and rate, and its intervals.
fn figures(r: &Report<'_>, intervals: Tree) -> Vec<(&'static str, Tree)> {
    vec![
        ("bytes", r.bytes.clone()),
        ("seconds", r.seconds.clone()),
        ("bits_per_second", r.bits_per_second.clone()),
        ("intervals", intervals),
    ]
}

fn loss_fields(loss: &UdpLoss) -> [(&'static str, Tree); 4] {
    [
        ("packets", loss.packets.clone()),
        ("lost_packets", loss.lost_packets.clone()),
        ("lost_percent", loss.lost_percent.clone()),
        ("jitter", loss.jitter.clone()),
    ]
}

/// Whether an interval line covers no time: its start and end are one number.
fn zero_length(r: &Report<'_>) -> bool {
    matches!((&r.start, &r.end), (Tree::Value(start), Tree::Value(end)) if start.value == end.value)
}
