//! Which of several iperf 2 streams is the run's, and two sessions in one file: a server's
//! log of one client after another, or a server's output pasted twice. Each session is a run
//! of its own; read together they were reported as a run that "received no bytes" (issue 44).
//!
//! Owns choosing the run's stream ([`choose`]) and telling sessions one after another from a
//! session's parallel streams (`-P`): a stream that connects after another stream's summary
//! was printed started once that one had ended. It does not read the lines (`iperf2_text`).

use std::collections::BTreeSet;

use super::{ImportError, Stream};

/// The stream that is the run's (a `[SUM]`, the one stream, or the one whose peer sends in
/// this text) and the streams to list.
pub(super) fn choose<'s, 'a>(
    streams: &[&'s Stream<'a>],
    sending_ports: &BTreeSet<u32>,
) -> (Option<&'s Stream<'a>>, Vec<&'s Stream<'a>>) {
    let each: Vec<&Stream> = streams.iter().copied().filter(|s| s.id != "SUM").collect();
    if let Some(sum) = streams.iter().find(|s| s.id == "SUM") {
        return (Some(sum), each);
    }
    if let [one] = each.as_slice() {
        return (Some(one), each);
    }
    let forward: Vec<&Stream> =
        each.iter().copied().filter(|s| s.peer_port.is_some_and(|p| sending_ports.contains(&p))).collect();
    match forward.as_slice() {
        [one] => (Some(one), vec![one]),
        _ => (None, each),
    }
}

/// The error at the second session's first line, when `receivers` (the receiving streams,
/// no `[SUM]` among them) ran one after another.
pub(super) fn two_sessions(receivers: &[&Stream<'_>], text: &str) -> Option<ImportError> {
    let first_at = |s: &Stream<'_>| s.connected_at.or_else(|| s.reports.first().map(|r| r.line.start));
    let mut ordered: Vec<(usize, &Stream<'_>)> =
        receivers.iter().filter_map(|s| Some((first_at(s)?, *s))).collect();
    ordered.sort_by_key(|(at, _)| *at);
    let line_of = |at: usize| text[..at.min(text.len())].matches('\n').count() + 1;
    for pair in ordered.windows(2) {
        let [(_, earlier), (starts, later)] = pair else { continue };
        let Some(ended) = earlier.reports.iter().map(|r| r.line.start).max() else { continue };
        if *starts > ended {
            let line = text[*starts..].split('\n').next().unwrap_or("");
            return Some(ImportError::at(
                format!(
                    "two sessions in one file: stream `{}` starts here, after stream `{}` printed its last report (line {}): one client after another, or an output pasted twice; give each run its own file",
                    later.id.trim(),
                    earlier.id.trim(),
                    line_of(ended)
                ),
                *starts..*starts + line.trim_end_matches('\r').len(),
            ));
        }
    }
    None
}
