//! Two iperf 2 sessions in one file: a server's log of one client after another, or a
//! server's output pasted twice. Each is a run of its own; read together they were reported
//! as a run that "received no bytes" (issue 44).
//!
//! Owns telling sessions one after another from a session's parallel streams (`-P`): a
//! stream that connects after another stream's summary was printed started once that one
//! had ended. It does not choose the run's stream (`choose`) nor read the lines.

use super::{ImportError, Stream};

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
