//! The importers of iperf3 JSON and iperf 2 text as they were before `Tree`: kept until
//! `iperf3_json` and `iperf2_text` read into a tree themselves.
//!
//! Owns [`import_iperf`] (format detection), [`import_iperf3_json`] and
//! [`import_iperf2_text`], and the [`Received`] figures they give. It does not read files or
//! place errors in runs.yaml (`rundata` does), and it never reports what a sender sent: the
//! throughput is what arrived.
//!
//! - iperf3 `--json`: `end.sum_received` gives bytes, seconds and bits per second. Per
//!   interval, `intervals[].sum` is used only where it is the receiving side's
//!   (`sender: false`, as on the server or with `-R`), or from `server_output_json` (with
//!   `--get-server-output`); a client's own intervals are the sender's and are not used.
//! - iperf 2 text: a stream is the receiver's when its local port is the listening port
//!   (`local A port 5001 connected with B port P`). With several receiving streams, a
//!   `[SUM]` line wins, then the stream whose peer port is a port this text shows sending
//!   from (the server side of a `-d`/client transcript). The stream's longest line (0.0-30.0
//!   sec) is its summary; its shorter lines are its intervals. iperf 2 prints transfer in
//!   binary units (KBytes = 1024 bytes) and rates in decimal ones (Mbits/sec = 10^6). It
//!   prints them rounded: each figure keeps how it was printed ([`PrintedReport`]), and the
//!   rate is the printed one, never bytes ÷ seconds rebuilt from the rounded transfer.

use std::collections::BTreeSet;
use std::ops::Range;

use crate::figures::Printed;
use crate::figures::number::Unit;

/// Which importer read a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tool {
    Iperf3Json,
    Iperf2Text,
}

/// What the receiver received.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Received {
    pub tool: Tool,
    pub bytes: f64,
    pub seconds: f64,
    pub bits_per_second: f64,
    pub intervals: Vec<Interval>,
    /// The byte offset in the raw text where the receiver's summary is written.
    pub summary_at: usize,
    /// How iperf 2 printed the summary's figures, rounded; None for iperf3 JSON, whose
    /// numbers are its own.
    pub printed: Option<PrintedReport>,
}

/// How iperf 2 printed each figure of one report line (`0.0-30.0 sec  2.84 GBytes  814
/// Mbits/sec`); a figure is None where tally has no unit for iperf's.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct PrintedReport {
    pub start: Option<Printed>,
    pub end: Option<Printed>,
    /// The report's length, end − start, at the precision of its ends.
    pub seconds: Option<Printed>,
    pub bytes: Option<Printed>,
    pub bits_per_second: Option<Printed>,
}

/// One reporting interval at the receiver.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Interval {
    pub start: f64,
    pub end: f64,
    pub bytes: f64,
    pub bits_per_second: f64,
    /// The interval's line in the raw text (iperf 2), or where its `"sum"` starts (iperf3's
    /// own intervals).
    pub line: Option<Range<usize>>,
    /// iperf3: the interval's place in the document's `intervals` array.
    pub index: Option<usize>,
    /// iperf 2: how the line printed its figures, rounded.
    pub printed: Option<PrintedReport>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum ImportError {
    #[error("iperf3 reported an error: {0}")]
    ToolError(String),
    #[error(
        "neither iperf3 JSON (`iperf3 --json`, starting with `{{`) nor iperf 2 text (lines like `[  3] 0.0-30.0 sec  2.84 GBytes  814 Mbits/sec`)"
    )]
    NotIperf,
    #[error("not iperf3 JSON: {0}")]
    BadJson(String),
    #[error("iperf3 JSON has no `{0}`")]
    MissingJsonField(&'static str),
    #[error(
        "no receiver's summary line: this iperf 2 text shows only what was sent; record the server's side (`iperf -s`)"
    )]
    NoReceiver,
    #[error("{count} receiving streams and no [SUM] line: which one is the throughput is unclear")]
    AmbiguousReceiver { count: usize },
    #[error("cannot read this line: {reason}")]
    BadLine { reason: String, line: Range<usize> },
}

/// Imports iperf output, detecting the format: a text that starts with `{` is iperf3 JSON,
/// anything else iperf 2 text.
pub(crate) fn import_iperf(text: &str) -> Result<Received, ImportError> {
    if text.trim_start().starts_with('{') {
        return import_iperf3_json(text);
    }
    let looks_like_iperf2 = text.lines().any(|line| {
        let line = line.trim_start();
        bracketed_id(line).is_some()
            || line.starts_with("Server listening")
            || line.starts_with("Client connecting")
    });
    if !looks_like_iperf2 {
        return Err(ImportError::NotIperf);
    }
    import_iperf2_text(text)
}

fn number_at(value: &serde_json::Value, field: &'static str) -> Result<f64, ImportError> {
    value.get(field).and_then(serde_json::Value::as_f64).ok_or(ImportError::MissingJsonField(field))
}

/// Imports `iperf3 --json` output.
pub(crate) fn import_iperf3_json(text: &str) -> Result<Received, ImportError> {
    let json: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ImportError::BadJson(e.to_string()))?;
    if let Some(error) = json.get("error").and_then(serde_json::Value::as_str) {
        return Err(ImportError::ToolError(error.to_string()));
    }
    let end = json.get("end").ok_or(ImportError::MissingJsonField("end"))?;
    let received = end.get("sum_received").ok_or(ImportError::MissingJsonField("end.sum_received"))?;
    let mut own = receiver_intervals(&json);
    let intervals = if own.is_empty() {
        json.get("server_output_json").map(receiver_intervals).unwrap_or_default()
    } else {
        // Each of the document's own intervals has its `"sum"` in the text, in order.
        let sums = interval_sums(text);
        for interval in &mut own {
            interval.line = interval.index.and_then(|i| sums.get(i).cloned());
        }
        own
    };
    Ok(Received {
        tool: Tool::Iperf3Json,
        bytes: number_at(received, "bytes")?,
        seconds: number_at(received, "seconds")?,
        bits_per_second: number_at(received, "bits_per_second")?,
        intervals,
        summary_at: text.find("\"sum_received\"").unwrap_or(0),
        printed: None,
    })
}

/// The intervals of a JSON document whose `sum` is the receiving side's.
fn receiver_intervals(json: &serde_json::Value) -> Vec<Interval> {
    let Some(intervals) = json.get("intervals").and_then(serde_json::Value::as_array) else {
        return Vec::new();
    };
    intervals
        .iter()
        .enumerate()
        .filter_map(|(index, interval)| Some((index, interval.get("sum")?)))
        .filter(|(_, sum)| sum.get("sender").and_then(serde_json::Value::as_bool) == Some(false))
        .filter_map(|(index, sum)| {
            Some(Interval {
                start: sum.get("start")?.as_f64()?,
                end: sum.get("end")?.as_f64()?,
                bytes: sum.get("bytes")?.as_f64()?,
                bits_per_second: sum.get("bits_per_second")?.as_f64()?,
                line: None,
                index: Some(index),
                printed: None,
            })
        })
        .collect()
}

/// Where each `"sum":` of the top-level `intervals` array starts in an iperf3 document, in
/// order: from `"intervals"` up to `"end"` (the document's own; a server's output comes after).
fn interval_sums(text: &str) -> Vec<Range<usize>> {
    let Some(start) = text.find("\"intervals\"") else {
        return Vec::new();
    };
    // The document's `"end": {` (each interval's own `"end": 1.0` is a number).
    let stop = text[start..]
        .match_indices("\"end\":")
        .map(|(e, m)| start + e + m.len())
        .find(|&after| text[after..].trim_start().starts_with('{'))
        .unwrap_or(text.len());
    let mut found = Vec::new();
    let mut at = start;
    while let Some(next) = text[at..stop].find("\"sum\":") {
        found.push(at + next..at + next + 6);
        at += next + 6;
    }
    found
}

/// A line of iperf 2 text with its bytes in the whole text.
struct Line<'a> {
    text: &'a str,
    range: Range<usize>,
}

fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split_inclusive('\n') {
        let trimmed = piece.trim_end_matches(['\n', '\r']);
        out.push(Line { text: trimmed, range: start..start + trimmed.len() });
        start += piece.len();
    }
    out
}

/// One `[ ID]` stream of iperf 2 output, from its connection line on.
#[derive(Default)]
struct Stream {
    id: String,
    receiver: bool,
    local_port: Option<u32>,
    peer_port: Option<u32>,
    reports: Vec<Interval>,
}

/// Imports iperf 2 text output (client, server, or both pasted together).
pub(crate) fn import_iperf2_text(text: &str) -> Result<Received, ImportError> {
    let mut listen_port: u32 = 5001;
    let mut streams: Vec<Stream> = Vec::new();
    let mut server_section = false;
    let mut server_report_for: Option<String> = None;
    for line in lines(text) {
        let trimmed = line.text.trim();
        if let Some(port) = port_after(trimmed, "TCP port ").or_else(|| port_after(trimmed, "UDP port ")) {
            listen_port = port;
        }
        if trimmed.contains("iperf -s") || trimmed.starts_with("Server listening") {
            server_section = true;
        }
        if trimmed.contains("Client connecting") || trimmed.contains(" -c ") {
            server_section = false;
        }
        if trimmed.contains("Server Report:") {
            server_report_for = streams.last().map(|s| s.id.clone());
            continue;
        }
        let Some((id, rest)) = bracketed_id(trimmed) else {
            continue;
        };
        if rest.starts_with("local ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let local_port = words.get(3).and_then(|p| p.parse().ok());
            let peer_port = words.get(8).and_then(|p| p.parse().ok());
            streams.push(Stream {
                id: id.to_string(),
                receiver: local_port == Some(listen_port),
                local_port,
                peer_port,
                reports: Vec::new(),
            });
            continue;
        }
        if id == "ID" || !rest.contains("sec") {
            continue;
        }
        let interval = parse_report(rest, line.range.clone())?;
        if server_report_for.as_deref() == Some(id) {
            // A UDP client prints the server's report of what arrived.
            server_report_for = None;
            streams.push(Stream {
                id: format!("{id} server report"),
                receiver: true,
                reports: vec![interval],
                ..Stream::default()
            });
            continue;
        }
        match streams.iter_mut().rev().find(|s| s.id == id) {
            Some(stream) => stream.reports.push(interval),
            None => streams.push(Stream {
                id: id.to_string(),
                // Without a connection line, only a server's transcript says who received.
                receiver: server_section || streams.last().is_some_and(|s| s.receiver),
                reports: vec![interval],
                ..Stream::default()
            }),
        }
    }
    let sending_ports: BTreeSet<u32> =
        streams.iter().filter(|s| !s.receiver).filter_map(|s| s.local_port).collect();
    let receivers: Vec<&Stream> = streams.iter().filter(|s| s.receiver && !s.reports.is_empty()).collect();
    let chosen = match receivers.as_slice() {
        [] => return Err(ImportError::NoReceiver),
        [one] => *one,
        several => {
            let sums: Vec<&&Stream> = several.iter().filter(|s| s.id == "SUM").collect();
            let forward: Vec<&&Stream> =
                several.iter().filter(|s| s.peer_port.is_some_and(|p| sending_ports.contains(&p))).collect();
            match (sums.as_slice(), forward.as_slice()) {
                ([sum], _) => **sum,
                (_, [one]) => **one,
                _ => {
                    return Err(ImportError::AmbiguousReceiver { count: several.len() });
                }
            }
        }
    };
    summarise(chosen, text)
}

/// The summary (longest) report of a stream and its shorter intervals. Two reports of one
/// stream over the same span that differ (two summaries pasted together) are an error at the
/// second: taking either would silently drop the other.
fn summarise(stream: &Stream, text: &str) -> Result<Received, ImportError> {
    for (i, report) in stream.reports.iter().enumerate() {
        let earlier = stream.reports[..i].iter().find(|r| {
            r.start == report.start
                && r.end == report.end
                && (r.bytes != report.bytes || r.bits_per_second != report.bits_per_second)
        });
        if let (Some(earlier), Some(line)) = (earlier, &report.line) {
            let first = earlier.line.as_ref().map_or(0, |l| text[..l.start].matches('\n').count() + 1);
            return Err(ImportError::BadLine {
                reason: format!(
                    "a second report of stream `{}` over the same seconds as line {first}, with other figures: which one is the run's is unclear",
                    stream.id
                ),
                line: line.clone(),
            });
        }
    }
    let duration = |i: &Interval| i.end - i.start;
    let mut summary = &stream.reports[0];
    for report in &stream.reports {
        if duration(report) >= duration(summary) {
            summary = report;
        }
    }
    let intervals = stream.reports.iter().filter(|r| duration(r) < duration(summary)).cloned().collect();
    Ok(Received {
        tool: Tool::Iperf2Text,
        bytes: summary.bytes,
        seconds: duration(summary),
        bits_per_second: summary.bits_per_second,
        intervals,
        summary_at: summary.line.as_ref().map_or(0, |line| line.start),
        printed: summary.printed.clone(),
    })
}

fn port_after(line: &str, marker: &str) -> Option<u32> {
    let at = line.find(marker)? + marker.len();
    let digits: String = line[at..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Splits `[  4] rest` into ("4", "rest").
fn bracketed_id(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?;
    let close = inner.find(']')?;
    Some((inner[..close].trim(), inner[close + 1..].trim()))
}

/// Reads `0.0-30.0 sec  2.84 GBytes   814 Mbits/sec`.
fn parse_report(rest: &str, line: Range<usize>) -> Result<Interval, ImportError> {
    let bad = |reason: &str| ImportError::BadLine { reason: reason.to_string(), line: line.clone() };
    let sec_at = rest.find("sec").ok_or_else(|| bad("no `sec`"))?;
    let span: String = rest[..sec_at].chars().filter(|c| !c.is_whitespace()).collect();
    let (start, end) = span.split_once('-').ok_or_else(|| bad("no interval `a-b`"))?;
    let (start_text, end_text) = (start, end);
    let start = finite(start).ok_or_else(|| bad("the interval's start is not a finite number"))?;
    let end = finite(end).ok_or_else(|| bad("the interval's end is not a finite number"))?;
    if end < start {
        // A damaged line: taken as read it would be a run of negative seconds.
        return Err(bad(&format!("the interval `{start_text}-{end_text} sec` ends before it starts")));
    }
    let words: Vec<&str> = rest[sec_at + 3..].split_whitespace().collect();
    let [amount_text, amount_unit, rate_text, rate_unit, ..] = words.as_slice() else {
        return Err(bad("expected a transfer and a bandwidth after `sec`"));
    };
    let amount = finite(amount_text).ok_or_else(|| bad("the transfer is not a finite number"))?;
    let rate = finite(rate_text).ok_or_else(|| bad("the bandwidth is not a finite number"))?;
    let bytes = amount
        * binary_factor(amount_unit.trim_end_matches("/sec")).ok_or_else(|| bad("unknown transfer unit"))?;
    let bits_per_second = rate * rate_factor(rate_unit).ok_or_else(|| bad("unknown bandwidth unit"))?;
    let decimals = |text: &str| text.split_once('.').map_or(0, |(_, fraction)| fraction.len());
    let span_decimals = decimals(start_text).max(decimals(end_text));
    let span_text = format!("{start_text}-{end_text} sec");
    let printed = PrintedReport {
        start: printed(&span_text, start_text, Some(Unit::Second)),
        end: printed(&span_text, end_text, Some(Unit::Second)),
        seconds: printed(&span_text, &format!("{:.span_decimals$}", end - start), Some(Unit::Second)),
        bytes: printed(&format!("{amount_text} {amount_unit}"), amount_text, transfer_unit(amount_unit)),
        bits_per_second: printed(&format!("{rate_text} {rate_unit}"), rate_text, bandwidth_unit(rate_unit)),
    };
    Ok(Interval { start, end, bytes, bits_per_second, line: Some(line), index: None, printed: Some(printed) })
}

/// A figure iperf printed as `as_written`, whose number is `number` in tally's `unit`.
fn printed(as_written: &str, number: &str, unit: Option<Unit>) -> Option<Printed> {
    let unit = unit?;
    // A plain decimal only: `-0.0` or `1e3` are not worth a precision.
    if !number.bytes().all(|b| b.is_ascii_digit() || b == b'.') || number.is_empty() {
        return None;
    }
    Some(Printed {
        by: "iperf",
        as_written: as_written.to_string(),
        stated: format!("{number} {}", unit.symbol()),
    })
}

/// tally's unit for an iperf 2 transfer unit (binary, as iperf prints them).
fn transfer_unit(unit: &str) -> Option<Unit> {
    match unit {
        "Bytes" => Some(Unit::Byte),
        "KBytes" => Some(Unit::Kibibyte),
        "MBytes" => Some(Unit::Mebibyte),
        "GBytes" => Some(Unit::Gibibyte),
        "TBytes" => Some(Unit::Tebibyte),
        _ => None,
    }
}

/// tally's unit for an iperf 2 bandwidth unit (bit rates decimal, byte rates binary).
fn bandwidth_unit(unit: &str) -> Option<Unit> {
    match unit {
        "bits/sec" => Some(Unit::BitPerSecond),
        "Kbits/sec" => Some(Unit::KilobitPerSecond),
        "Mbits/sec" => Some(Unit::MegabitPerSecond),
        "Gbits/sec" => Some(Unit::GigabitPerSecond),
        "Tbits/sec" => Some(Unit::TerabitPerSecond),
        "Bytes/sec" => Some(Unit::BytePerSecond),
        "KBytes/sec" => Some(Unit::KibibytePerSecond),
        "MBytes/sec" => Some(Unit::MebibytePerSecond),
        "GBytes/sec" => Some(Unit::GibibytePerSecond),
        _ => None,
    }
}

/// A decimal number as iperf writes it; `NaN`, `inf` and `infinity`, which Rust's `parse`
/// accepts, are not figures.
fn finite(text: &str) -> Option<f64> {
    let plain = text.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'));
    text.parse::<f64>().ok().filter(|v| plain && v.is_finite())
}

/// iperf 2's byte units are binary: K = 1024.
fn binary_factor(unit: &str) -> Option<f64> {
    match unit {
        "Bytes" => Some(1.0),
        "KBytes" => Some(1024.0),
        "MBytes" => Some(1_048_576.0),
        "GBytes" => Some(1_073_741_824.0),
        "TBytes" => Some(1_099_511_627_776.0),
        _ => None,
    }
}

/// iperf 2's bit rates are decimal (M = 10^6); its byte rates (`-f M`) are binary bytes.
fn rate_factor(unit: &str) -> Option<f64> {
    match unit {
        "bits/sec" => Some(1.0),
        "Kbits/sec" => Some(1e3),
        "Mbits/sec" => Some(1e6),
        "Gbits/sec" => Some(1e9),
        "Tbits/sec" => Some(1e12),
        _ => binary_factor(unit.strip_suffix("/sec")?).map(|f| f * 8.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let path = format!("{}/tests/fixtures/figures/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn the_eight_soekris_runs_give_the_servers_summary() {
        let expected = [814.0, 177.0, 224.0, 183.0, 235.0, 812.0, 174.0, 220.0];
        for (n, mbits) in expected.iter().enumerate() {
            let text = fixture(&format!("iperf2/test{}.txt", n + 1));
            let received = import_iperf(&text).unwrap_or_else(|e| panic!("test {}: {e}", n + 1));
            assert_eq!(received.tool, Tool::Iperf2Text);
            assert_eq!(received.bits_per_second, mbits * 1e6, "test {}", n + 1);
            assert_eq!(received.seconds, 30.0, "test {}", n + 1);
        }
    }

    #[test]
    fn a_file_that_is_no_iperf_output_says_so() {
        assert_eq!(import_iperf("hello\n"), Err(ImportError::NotIperf));
        assert_eq!(import_iperf(""), Err(ImportError::NotIperf));
    }

    #[test]
    fn not_a_number_in_iperf_text_is_an_error() {
        assert_eq!(finite("NaN"), None);
        assert_eq!(finite("inf"), None);
        assert_eq!(finite("infinity"), None);
        assert_eq!(finite("814"), Some(814.0));
        let line = 0..10;
        assert!(parse_report("0.0-30.0 sec  2.84 GBytes   NaN Mbits/sec", line.clone()).is_err());
        assert!(parse_report("0.0-30.0 sec  inf GBytes   814 Mbits/sec", line.clone()).is_err());
        assert!(parse_report("0.0-30.0 sec  2.84 GBytes   814 Mbits/sec", line).is_ok());
    }

    #[test]
    fn transfer_is_binary_and_the_server_has_no_intervals_in_test1() {
        let received = import_iperf(&fixture("iperf2/test1.txt")).unwrap();
        assert_eq!(received.bytes, 2.84 * 1_073_741_824.0);
        // The 30 one-second lines are the client's (the sender's): not the receiver's.
        assert!(received.intervals.is_empty());
        let received = import_iperf(&fixture("iperf2/test2.txt")).unwrap();
        assert_eq!(received.bytes, 635.0 * 1_048_576.0);
    }

    #[test]
    fn a_server_with_intervals_gives_them_and_its_summary() {
        let text = "\
------------------------------------------------------------
Server listening on TCP port 5001
TCP window size: 85.3 KByte (default)
------------------------------------------------------------
[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000
[ ID] Interval       Transfer     Bandwidth
[  4]  0.0- 1.0 sec   112 MBytes   941 Mbits/sec
[  4]  1.0- 2.0 sec   113 MBytes   946 Mbits/sec
[  4]  0.0- 2.0 sec   225 MBytes   943 Mbits/sec
";
        let received = import_iperf(text).unwrap();
        assert_eq!(received.bits_per_second, 943e6);
        assert_eq!(received.intervals.len(), 2);
        assert_eq!(received.intervals[1].bits_per_second, 946e6);
        let line = received.intervals[0].line.clone().unwrap();
        assert!(text[line].contains("941 Mbits/sec"));
    }

    #[test]
    fn a_client_transcript_alone_is_not_a_throughput() {
        let text = "\
Client connecting to 10.0.0.1, TCP port 5001
[  3] local 10.0.0.2 port 40000 connected with 10.0.0.1 port 5001
[  3]  0.0-10.0 sec  1.10 GBytes   941 Mbits/sec
";
        assert_eq!(import_iperf(text), Err(ImportError::NoReceiver));
    }

    #[test]
    fn a_sum_line_wins_over_parallel_streams() {
        let text = "\
Server listening on TCP port 5001
[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000
[  5] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40001
[  4]  0.0-10.0 sec   560 MBytes   470 Mbits/sec
[  5]  0.0-10.0 sec   561 MBytes   471 Mbits/sec
[SUM]  0.0-10.0 sec  1.09 GBytes   941 Mbits/sec
";
        // [SUM] follows the receiving streams' connection lines: it is theirs.
        let received = import_iperf2_text(text);
        assert_eq!(received.map(|r| r.bits_per_second), Ok(941e6));
    }

    /// The trial's cases: `30.0-0.0 sec` gave -30 s, and a second summary of one stream
    /// silently replaced the first.
    #[test]
    fn a_backwards_interval_or_a_second_differing_summary_is_an_error_at_its_line() {
        let text = "iperf -s\n[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n[  4] 30.0-0.0 sec  656 MBytes  183 Mbits/sec\n";
        match import_iperf(text) {
            Err(ImportError::BadLine { line, reason }) => {
                assert!(text[line].contains("30.0-0.0"), "{reason}");
                assert!(reason.contains("ends before it starts"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        let text = "iperf -s\n[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n[  4]  0.0-30.0 sec  656 MBytes  183 Mbits/sec\n[  4]  0.0-30.0 sec  700 MBytes  196 Mbits/sec\n";
        match import_iperf(text) {
            Err(ImportError::BadLine { line, reason }) => {
                assert!(text[line].contains("700 MBytes"), "{reason}");
                assert!(reason.contains("line 3"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        // The same report twice (pasted twice) says one thing: it is that report.
        let once = "iperf -s\n[  4]  0.0-30.0 sec  656 MBytes  183 Mbits/sec\n";
        let twice = format!("{once}[  4]  0.0-30.0 sec  656 MBytes  183 Mbits/sec\n");
        assert_eq!(import_iperf(&twice).map(|r| r.bytes), import_iperf(once).map(|r| r.bytes));
    }

    #[test]
    fn a_bad_report_line_is_an_error_with_its_place() {
        let text = "iperf -s\n[  4]  0.0-x sec  1 MBytes  1 Mbits/sec\n";
        match import_iperf(text) {
            Err(ImportError::BadLine { line, .. }) => assert!(text[line].starts_with("[  4]")),
            other => panic!("{other:?}"),
        }
    }

    fn json_fixture(name: &str) -> Received {
        import_iperf(&fixture(&format!("iperf3/{name}"))).unwrap()
    }

    #[test]
    fn iperf3_client_json_gives_sum_received_and_no_sender_intervals() {
        let received = json_fixture("client.json");
        assert_eq!(received.tool, Tool::Iperf3Json);
        assert_eq!(received.bytes, 1_172_543_488.0);
        assert_eq!(received.bits_per_second, 937_812_213.5);
        // The client's intervals are what it sent: not used.
        assert!(received.intervals.is_empty());
    }

    #[test]
    fn iperf3_reverse_json_gives_the_receivers_intervals() {
        let received = json_fixture("reverse.json");
        assert_eq!(received.intervals.len(), 3);
        assert_eq!(received.intervals[2].bits_per_second, 941_381_120.4);
        assert_eq!(received.bits_per_second, 940_024_160.2);
    }

    #[test]
    fn iperf3_intervals_know_where_their_sum_is_written() {
        let text = fixture("iperf3/reverse.json");
        let received = import_iperf(&text).unwrap();
        for interval in &received.intervals {
            let line = interval.line.clone().expect("a place");
            assert_eq!(&text[line.clone()], "\"sum\":");
            // The sum written there is this interval's: its start follows.
            let after = &text[line.end..];
            let start = after.find("\"start\":").expect("a start") + 8;
            let value: f64 = after[start..].trim_start().split(',').next().unwrap().trim().parse().unwrap();
            assert_eq!(value, interval.start);
        }
        assert_eq!(received.intervals.len(), 3);
    }

    #[test]
    fn iperf3_error_json_is_the_tools_error() {
        let text = "{\"start\": {}, \"intervals\": [], \"end\": {}, \"error\": \"unable to connect to server: Connection refused\"}";
        assert!(matches!(import_iperf(text), Err(ImportError::ToolError(m)) if m.contains("refused")));
        assert_eq!(import_iperf("{\"end\": {}}"), Err(ImportError::MissingJsonField("end.sum_received")));
        assert!(matches!(import_iperf("{ nope"), Err(ImportError::BadJson(_))));
    }
}
