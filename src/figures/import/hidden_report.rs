//! A report line of iperf's text hidden behind a prefix on its line.
//!
//! Owns finding `[  5] 1.00-2.00 sec … Mbits/sec` after anything else on a line (a NUL, a
//! zero-width space, a byte-order mark, an escape, a mail's `> `, a prompt), which iperf's
//! text importers (`iperf3_text`, `iperf2_text`) refuse rather than skip. It does not read a
//! report.

use super::{ImportError, Line};

/// A report line (`[  5] 1.00-2.00 sec … 999 Mbits/sec`) that does not start the line: after
/// a NUL, a zero-width space, a byte-order mark, an escape or a mail's `> `, iperf's
/// importers (which read a report at a line's start and skip other lines as prompts and
/// chatter) would skip it, and a receiver interval the source page shows would be hidden.
/// An error at the line, naming what is before the report.
pub(super) fn hidden_report(line: &Line<'_>) -> Option<ImportError> {
    let text = line.text;
    let start = text.len() - text.trim_start().len();
    let (at, _) = text.match_indices('[').find(|&(at, _)| at > start && holds_report(&text[at..]))?;
    let prefix: String = text[..at].escape_debug().collect();
    Some(ImportError::at(
        format!(
            "this line holds an iperf report after `{prefix}`: a report is read only at a line's start, and a line that hides one is not skipped; remove what is before it (a prompt, a quote's `> `, an invisible character) and keep iperf's lines as it printed them"
        ),
        line.range(),
    ))
}

/// Whether `text` starts with a report: `[ ID]` (a stream number, `*2`, `SUM`), an interval in
/// `sec`, and an amount in bytes or bits.
fn holds_report(text: &str) -> bool {
    let Some((id, rest)) = text.strip_prefix('[').and_then(|r| r.split_once(']')) else {
        return false;
    };
    let id = id.trim().trim_start_matches('*');
    let stream = id == "SUM" || (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()));
    stream && rest.contains(" sec") && (rest.contains("Bytes") || rest.contains("bits/sec"))
}
