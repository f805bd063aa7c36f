//! iperf 2 text (client, server, or both pasted together): the receiver's `received`, the
//! sender's `sent`, and `streams` with `-P`.
//!
//! Owns reading iperf 2's report lines and deciding whose each is. It does not recognise
//! the format (`iperf`) nor read iperf 2's CSV (`iperf2_csv`).
//!
//! - A stream is the receiver's when its local port is the listening port (`local A port
//!   5001 connected with B port P`, the port a `Server listening on TCP port` or `Client
//!   connecting to …, TCP port` line names). iperf 2.1 marks `-R` with `(reverse)` on the
//!   connection, whose reports are `[ *1]`: that stream's data goes the other way. A
//!   `(full-duplex)` connection is two streams, `[  1]` its own way and `[ *1]` the other.
//! - A UDP client's `Server Report:` is what arrived; a UDP server's own lines are too. Their
//!   `0.002 ms 0/895 (0%)` are jitter, lost/total datagrams and the lost share.
//! - With several receiving streams a `[SUM]` of theirs wins, then the stream whose peer
//!   port this text shows sending from (the server side of a pasted `-d` transcript). A
//!   `[SUM]` of streams going both ways (`-d`, `--full-duplex`) is nobody's: not used.
//! - A stream's longest line is its summary; its shorter lines are its intervals. iperf 2
//!   prints transfer in binary units (KBytes = 1024 bytes) and rates in decimal ones
//!   (Mbits/sec = 10^6), rounded: each value keeps how it was printed, and a rate is the
//!   printed one, never rebuilt from the rounded transfer.

use std::collections::BTreeSet;
use std::ops::Range;

use super::{ImportError, Imported, Line, Tree, Value, lines, plain_decimal};
use crate::number::Unit;

/// Reads iperf 2 text output (client, server, or both pasted together).
pub(crate) fn import_iperf2_text(text: &str) -> Result<Imported, ImportError> {
    let streams = read_streams(text)?;
    Ok(Imported { format: "iperf 2 text", fields: fields(&streams, text)? })
}

/// One report line: `[  4]  0.0-30.0 sec  2.84 GBytes   814 Mbits/sec` and what follows.
struct Report<'a> {
    line: Line<'a>,
    start: f64,
    end: f64,
    span: (&'a str, &'a str),
    amount: (&'a str, &'a str),
    rate: (&'a str, &'a str),
    /// A UDP receiver's `0.002 ms 0/895 (0%)` (jitter absent on a `[SUM]`).
    udp: Option<Udp<'a>>,
    /// `-e`'s `Rtry` column of a TCP sender.
    retransmits: Option<&'a str>,
}

struct Udp<'a> {
    jitter_ms: Option<&'a str>,
    lost: &'a str,
    total: &'a str,
    percent: &'a str,
}

/// One `[ ID]` stream, from its connection line on.
#[derive(Default)]
struct Stream<'a> {
    id: String,
    receiver: bool,
    local_port: Option<u32>,
    peer_port: Option<u32>,
    /// Where its connection line starts (`[  4] local … connected with …`).
    connected_at: Option<usize>,
    reports: Vec<Report<'a>>,
}

fn read_streams(text: &str) -> Result<Vec<Stream<'_>>, ImportError> {
    // The ports this text names as listened on (`Server listening on TCP port`, `Client
    // connecting to …, TCP port`), from all its lines: 2.1 prints `-P`'s connection lines
    // before its header, and a `-d` transcript names two. iperf 2's own 5001 without any.
    let mut listening = BTreeSet::new();
    for line in text.lines() {
        for marker in ["TCP port ", "UDP port "] {
            listening.extend(port_after(line, marker));
        }
        // 2.1's `-d -L` below `-p` prints `TCP ports 42291-45497`: its two ends are the
        // ports named (not the range between, where a client's own port may fall).
        for marker in ["TCP ports ", "UDP ports "] {
            if let Some(at) = line.find(marker) {
                let range = &line[at + marker.len()..];
                listening.extend(port_after(range, ""));
                listening.extend(range.split_once('-').and_then(|(_, end)| port_after(end, "")));
            }
        }
    }
    if listening.is_empty() {
        listening.insert(5001);
    }
    let mut streams: Vec<Stream> = Vec::new();
    let mut server_section = false;
    let mut server_report_for: Option<String> = None;
    let mut header = "";
    // The direction of each report since the last `[SUM]`: a sum of both ways is nobody's.
    let mut since_sum: Vec<bool> = Vec::new();
    for line in lines(text) {
        let trimmed = line.text.trim();
        if trimmed.contains("iperf -s") || trimmed.starts_with("Server listening") {
            server_section = true;
        }
        if trimmed.contains("Client connecting") || trimmed.contains(" -c ") {
            server_section = false;
        }
        if trimmed.contains("Server Report:") {
            server_report_for = bracketed_id(trimmed).map(|(id, _)| id.to_string());
            continue;
        }
        let Some((id, rest)) = bracketed_id(trimmed) else {
            match super::hidden_report::hidden_report(&line) {
                Some(hidden) => return Err(hidden),
                None => continue,
            }
        };
        if id == "ID" {
            header = rest;
            continue;
        }
        if rest.starts_with("local ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let local_port = words.get(3).and_then(|p| p.parse().ok());
            let peer_port = words.get(8).and_then(|p| p.parse().ok());
            let listener = local_port.is_some_and(|p| listening.contains(&p));
            // iperf 2.1's `(reverse)` on a `-R` connection: its data goes to the connector.
            // On a starred `[ *2]` (2.1's `-d` thread) it says who connected, not the data.
            let reverse = rest.contains("(reverse)") && !id.starts_with('*');
            let connected_at = Some(line.start);
            let stream = |id: String, receiver| Stream {
                id,
                receiver,
                local_port,
                peer_port,
                connected_at,
                ..Stream::default()
            };
            if rest.contains("(full-duplex)") {
                streams.push(stream(id.to_string(), listener));
                streams.push(stream(format!("*{id}"), !listener));
            } else if reverse {
                streams.push(stream(format!("*{}", id.trim_start_matches('*')), !listener));
            } else {
                streams.push(stream(id.to_string(), listener));
            }
            continue;
        }
        if !rest.contains("sec") || rest.ends_with("datagrams received out-of-order") {
            continue;
        }
        let report = parse_report(rest, line, header)?;
        if server_report_for.as_deref() == Some(id) {
            // A UDP client prints the server's report of what arrived.
            server_report_for = None;
            streams.push(Stream {
                id: format!("{id} server report"),
                receiver: true,
                reports: vec![report],
                ..Stream::default()
            });
            continue;
        }
        if id == "SUM" {
            let receiver = match since_sum.as_slice() {
                [] => server_section || streams.last().is_some_and(|s| s.receiver),
                seen if seen.iter().all(|&r| r) => true,
                seen if seen.iter().all(|&r| !r) => false,
                _ => {
                    since_sum.clear();
                    continue;
                }
            };
            since_sum.clear();
            match streams.iter_mut().rev().find(|s| s.id == "SUM" && s.receiver == receiver) {
                Some(sum) => sum.reports.push(report),
                None => streams.push(Stream {
                    id: id.to_string(),
                    receiver,
                    reports: vec![report],
                    ..Stream::default()
                }),
            }
            continue;
        }
        // 2.1 stars a report of a `-R` stream (`[ *1]`) whose connection line is `[  1]`.
        let other = id.strip_prefix('*').map_or_else(|| format!("*{id}"), str::to_string);
        let found = match streams.iter().rposition(|s| s.id == id) {
            Some(at) => Some(at),
            None => streams.iter().rposition(|s| s.id == other),
        };
        match found {
            Some(at) => {
                since_sum.push(streams[at].receiver);
                streams[at].reports.push(report);
            }
            None => {
                // Without a connection line, only a server's transcript says who received.
                let receiver = server_section || streams.last().is_some_and(|s| s.receiver);
                since_sum.push(receiver);
                streams.push(Stream {
                    id: id.to_string(),
                    receiver,
                    reports: vec![report],
                    ..Stream::default()
                });
            }
        }
    }
    Ok(streams)
}

fn fields(streams: &[Stream], text: &str) -> Result<Tree, ImportError> {
    let sending_ports: BTreeSet<u32> =
        streams.iter().filter(|s| !s.receiver).filter_map(|s| s.local_port).collect();
    let receivers: Vec<&Stream> = streams.iter().filter(|s| s.receiver && !s.reports.is_empty()).collect();
    let senders: Vec<&Stream> = streams.iter().filter(|s| !s.receiver && !s.reports.is_empty()).collect();
    if receivers.is_empty() {
        return Err(ImportError::whole(
            "no receiver's summary line: this iperf 2 text shows only what was sent; record the server's side (`iperf -s`)",
        ));
    }
    let (received, streams_of) = sessions::choose(&receivers, &sending_ports);
    let received = match received {
        Some(stream) => side(stream, text, true)?,
        None => {
            if let Some(error) = sessions::two_sessions(&streams_of, text) {
                return Err(error);
            }
            Tree::Absent(format!(
                "{} receiving streams and no [SUM] line of theirs: which is the run's is unclear; read streams.N.received",
                streams_of.len()
            ))
        }
    };
    let sent = match sessions::choose(&senders, &BTreeSet::new()).0 {
        Some(stream) => side(stream, text, false)?,
        None if senders.is_empty() => Tree::Absent(
            "this iperf 2 text holds the receiver's side only: what was sent is in the client's output"
                .to_string(),
        ),
        None => Tree::Absent("several sending streams and no [SUM] line of theirs".to_string()),
    };
    let mut listed = Vec::new();
    for stream in streams_of {
        // A stream's sender is the connection's other end: its local port is this one's peer.
        let sender = senders.iter().find(|s| {
            s.id != "SUM"
                && (s.local_port.is_some() && s.local_port == stream.peer_port
                    || stream.id.strip_suffix(" server report") == Some(s.id.as_str()))
        });
        let sent = match sender {
            Some(sender) => side(sender, text, false)?,
            None => Tree::Absent("this text does not hold this stream's sender".to_string()),
        };
        listed.push(Tree::map([("received", side(stream, text, true)?), ("sent", sent)]));
    }
    Ok(Tree::map([("received", received), ("sent", sent), ("streams", Tree::List(listed))]))
}

/// What a report says, to tell two reports of one span apart.
fn figures<'a>(r: &Report<'a>) -> (f64, f64, (&'a str, &'a str), (&'a str, &'a str)) {
    (r.start, r.end, r.amount, r.rate)
}

/// A stream's summary (its longest report) and its shorter reports as intervals. Two
/// reports over the same span that differ (two summaries pasted together) are an error at
/// the second: taking either would silently drop the other.
fn side(stream: &Stream, text: &str, received: bool) -> Result<Tree, ImportError> {
    // The first report of each span, by span (a search of the reports before each was
    // quadratic in a long run's intervals); a later one that is no error says the same.
    let mut first_of: std::collections::HashMap<(u64, u64), &Report<'_>> = std::collections::HashMap::new();
    for report in &stream.reports {
        super::work(1);
        let first = *first_of.entry((report.start.to_bits(), report.end.to_bits())).or_insert(report);
        if let Some(earlier) = Some(first).filter(|r| figures(r) != figures(report)) {
            let first = text[..earlier.line.start].matches('\n').count() + 1;
            return Err(ImportError::at(
                format!(
                    "a second report of stream `{}` over the same seconds as line {first}, with other figures: which one is the run's is unclear",
                    stream.id
                ),
                report.line.range(),
            ));
        }
    }
    let duration = |r: &Report| r.end - r.start;
    let Some(mut summary) = stream.reports.first() else {
        return Ok(Tree::Absent("no report line".to_string()));
    };
    for report in &stream.reports {
        if duration(report) >= duration(summary) {
            summary = report;
        }
    }
    // iperf 2 ends a stream with its summary, over every interval before it: a longest
    // report that leaves one out is the last interval of a run cut before its summary.
    let outside = |r: &&Report| r.start < summary.start || r.end > summary.end;
    if let Some(left_out) = stream.reports.iter().find(outside) {
        let line_of = |r: &Report| text[..r.line.start].matches('\n').count() + 1;
        return Err(ImportError::at(
            format!(
                "the output ends before iperf 2's summary of stream `{}`: its longest report (line {}, {}-{} sec) does not span its report at line {} ({}-{} sec), as a summary spans every interval (iperf was stopped, or the paste was cut): keep the whole output of a run that finished",
                stream.id,
                line_of(summary),
                summary.span.0,
                summary.span.1,
                line_of(left_out),
                left_out.span.0,
                left_out.span.1
            ),
            summary.line.range(),
        ));
    }
    let mut fields = report_fields(summary, received, false)?;
    let mut intervals = Vec::new();
    for report in stream.reports.iter().filter(|r| duration(r) < duration(summary)) {
        intervals.push(Tree::Map(report_fields(report, received, true)?));
    }
    // No interval lines is not an empty run: a figure over them is told why (found by a
    // README-only trial, whose max over a client's intervals said only "empty").
    let intervals = match (intervals.is_empty(), received) {
        (false, _) => Tree::List(intervals),
        (true, true) => Tree::Absent(
            "the receiver printed only its summary: run the server with `-i 1` for its intervals (the interval lines a client prints are what it sent)".to_string(),
        ),
        (true, false) => Tree::Absent("the sender printed only its summary (run the client with `-i 1`)".to_string()),
    };
    fields.push(("intervals".to_string(), intervals));
    if !received {
        let retransmits = match summary.retransmits {
            Some(count) => exact(count, Unit::Count, &summary.line)?,
            None => Tree::Absent("iperf 2 prints retransmits only with `-e` (its `Rtry` column)".to_string()),
        };
        fields.push(("retransmits".to_string(), retransmits));
    }
    Ok(Tree::Map(fields))
}

fn report_fields(r: &Report, received: bool, interval: bool) -> Result<Vec<(String, Tree)>, ImportError> {
    let at = r.line.range();
    let span = format!("{}-{} sec", r.span.0, r.span.1);
    let bytes = printed(
        &format!("{} {}", r.amount.0, r.amount.1),
        r.amount.0,
        super::iperf_transfer_unit(r.amount.1),
        Unit::Byte,
        &at,
    )?;
    let rate = printed(
        &format!("{} {}", r.rate.0, r.rate.1),
        r.rate.0,
        super::iperf_rate_unit(r.rate.1),
        Unit::BitPerSecond,
        &at,
    )?;
    // The order every importer gives a line's fields in: an interval's span, or a summary's
    // length after its bytes; then the rate.
    let mut fields = if interval {
        vec![
            ("start".to_string(), printed(&span, r.span.0, Some(Unit::Second), Unit::Second, &at)?),
            ("end".to_string(), printed(&span, r.span.1, Some(Unit::Second), Unit::Second, &at)?),
            ("bytes".to_string(), bytes),
        ]
    } else {
        let decimals = |t: &str| t.split_once('.').map_or(0, |(_, f)| f.len());
        let places = decimals(r.span.0).max(decimals(r.span.1));
        let seconds = format!("{:.places$}", r.end - r.start);
        vec![
            ("bytes".to_string(), bytes),
            ("seconds".to_string(), printed(&span, &seconds, Some(Unit::Second), Unit::Second, &at)?),
        ]
    };
    fields.push(("bits_per_second".to_string(), rate));
    if let (true, Some(udp)) = (received, &r.udp) {
        if let Some(jitter) = udp.jitter_ms {
            let jitter =
                printed(&format!("{jitter} ms"), jitter, Some(Unit::Millisecond), Unit::Second, &at)?;
            fields.push(("jitter".to_string(), jitter));
        }
        fields.push(("lost_packets".to_string(), exact(udp.lost, Unit::Count, &r.line)?));
        fields.push(("packets".to_string(), exact(udp.total, Unit::Count, &r.line)?));
        let percent =
            printed(&format!("({}%)", udp.percent), udp.percent, Some(Unit::Percent), Unit::Percent, &at)?;
        fields.push(("lost_percent".to_string(), percent));
    }
    Ok(fields)
}

/// A rounded figure iperf printed: its precision is the printed digits', in `base` units.
fn printed(
    as_written: &str,
    number: &str,
    unit: Option<Unit>,
    base: Unit,
    at: &Range<usize>,
) -> Result<Tree, ImportError> {
    let unit = unit
        .ok_or_else(|| ImportError::at(format!("`{as_written}`: a unit tally does not know"), at.clone()))?;
    match Value::printed("iperf", as_written, number, unit, at.clone()) {
        Some(Tree::Value(value)) => Ok(Tree::Value(Value { unit: base, ..value })),
        _ => Err(ImportError::at(format!("`{as_written}` is not a number as iperf prints them"), at.clone())),
    }
}

/// A count iperf prints whole (`0/895` datagrams, `-e`'s retransmits).
fn exact(count: &str, unit: Unit, line: &Line) -> Result<Tree, ImportError> {
    match count.parse::<u64>() {
        Ok(n) => Ok(Value::exact(n as f64, unit, line.range_of(count))),
        Err(_) => Err(ImportError::at(format!("`{count}` is not a count"), line.range())),
    }
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

/// Reads `0.0-30.0 sec  2.84 GBytes   814 Mbits/sec` and what a UDP receiver or `-e` adds.
fn parse_report<'a>(rest: &'a str, line: Line<'a>, header: &str) -> Result<Report<'a>, ImportError> {
    let bad = |reason: &str| ImportError::at(format!("cannot read this line: {reason}"), line.range());
    let sec_at = rest.find("sec").ok_or_else(|| bad("no `sec`"))?;
    let (start_text, end_text) = rest[..sec_at].split_once('-').ok_or_else(|| bad("no interval `a-b`"))?;
    let (start_text, end_text) = (start_text.trim(), end_text.trim());
    let start =
        plain_decimal(start_text).ok_or_else(|| bad("the interval's start is not a finite number"))?;
    let end = plain_decimal(end_text).ok_or_else(|| bad("the interval's end is not a finite number"))?;
    if start < 0.0 || end < start {
        // A damaged line: taken as read it would be a run of negative seconds.
        return Err(bad(&format!("the interval `{start_text}-{end_text} sec` ends before it starts")));
    }
    let words: Vec<&str> = rest[sec_at + 3..].split_whitespace().collect();
    let [amount, amount_unit, rate, rate_word, more @ ..] = words.as_slice() else {
        return Err(bad("expected a transfer and a bandwidth after `sec`"));
    };
    for (number, what) in [(amount, "transfer"), (rate, "bandwidth")] {
        if plain_decimal(number).is_none_or(|v| v < 0.0) {
            return Err(bad(&format!("the {what} `{number}` is not a number")));
        }
    }
    if super::iperf_transfer_unit(amount_unit).is_none() || super::iperf_rate_unit(rate_word).is_none() {
        return Err(bad(&format!("unknown units `{amount_unit}` and `{rate_word}`")));
    }
    let udp = match more {
        [jitter, "ms", lost_total, percent, ..] if plain_decimal(jitter).is_some() => Some(
            udp_losses(Some(jitter), lost_total, percent)
                .ok_or_else(|| bad("expected `lost/total (p%)` after the jitter"))?,
        ),
        [lost_total, percent, ..] if lost_total.contains('/') && percent.starts_with('(') => {
            Some(udp_losses(None, lost_total, percent).ok_or_else(|| bad("expected `lost/total (p%)`"))?)
        }
        _ => None,
    };
    let retransmits = match more {
        [_, rtry, ..] if header.contains("Rtry") && udp.is_none() => Some(*rtry),
        _ => None,
    };
    Ok(Report {
        line,
        start,
        end,
        span: (start_text, end_text),
        amount: (amount, amount_unit),
        rate: (rate, rate_word),
        udp,
        retransmits,
    })
}

fn udp_losses<'a>(jitter_ms: Option<&'a str>, lost_total: &'a str, percent: &'a str) -> Option<Udp<'a>> {
    let (lost, total) = lost_total.split_once('/')?;
    let percent = percent.strip_prefix('(')?.strip_suffix("%)")?;
    let counts = |t: &str| t.parse::<u64>().is_ok();
    (counts(lost) && counts(total) && plain_decimal(percent).is_some_and(|p| p >= 0.0)).then_some(Udp {
        jitter_ms,
        lost,
        total,
        percent,
    })
}

mod sessions;
#[cfg(test)]
pub(super) mod tests;
