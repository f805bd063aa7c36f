//! iperf 2 CSV (`iperf -y C`): `timestamp,src_ip,src_port,dst_ip,dst_port,id,interval,
//! bytes,bits_per_second`, and for a UDP receiver `,jitter_ms,lost,total,percent_lost,
//! out_of_order`. Owns reading those lines and deciding whose each is; it does not
//! recognise the format (`iperf`).
//!
//! Whose a line is: a UDP line with a count of datagrams (`total` ≥ 0 in its summary) is
//! the receiver's report, the server's own or a 2.0 client's copy of it; a 2.1 UDP client
//! writes its own summary with `total` -1: what was sent. A TCP line does not say: iperf
//! 2.1 writes the sender's address first in the client's and in the server's CSV alike
//! (2.0's server wrote its own first, which 2.1's `-R` also looks like), so its bytes may
//! be what was sent; they are absent, with what to record instead. Bytes and bits per
//! second are written whole (exact); seconds, jitter and the lost share rounded (printed).
//! Id -1 is iperf 2.0's sum of the `-P` streams; 2.1 writes none.

use super::{ImportError, Imported, Line, Tree, Value, lines, plain_decimal};
use crate::number::Unit;

/// Reads iperf 2 CSV (`iperf -y C`).
pub(crate) fn import_iperf2_csv(text: &str) -> Result<Imported, ImportError> {
    let mut streams: Vec<Stream> = Vec::new();
    // Each stream's place in `streams`, by key: a search of the streams for each line was
    // quadratic in a run of many streams.
    let mut by_key: std::collections::HashMap<(Vec<&str>, bool), usize> = std::collections::HashMap::new();
    for line in lines(text).into_iter().filter(|l| !l.text.trim().is_empty()) {
        let row = parse(line)?;
        let key = (row.fields[1..6].to_vec(), row.udp.is_some());
        super::work(1);
        match by_key.get(&key) {
            Some(&i) => streams[i].rows.push(row),
            None => {
                by_key.insert(key.clone(), streams.len());
                streams.push(Stream { key, rows: vec![row] });
            }
        }
    }
    if streams.is_empty() {
        return Err(ImportError::whole("no CSV lines: iperf 2's `-y C` writes one a report"));
    }
    for stream in &streams {
        stream.check_spans()?;
    }
    Ok(Imported { format: "iperf 2 CSV", fields: fields(&streams)? })
}

const TCP: &str = "iperf 2's TCP CSV does not say which side wrote it (2.1 writes the sender's address first on both sides), so its bytes may be what was sent: record the server's text output (`iperf -s` without `-y C`), whose `connected with` line says who received";

/// One CSV line, its fields as written.
struct Row<'a> {
    line: Line<'a>,
    fields: Vec<&'a str>,
    start: f64,
    end: f64,
    span: (&'a str, &'a str),
    bytes: u64,
    rate: u64,
    udp: Option<Udp<'a>>,
}

struct Udp<'a> {
    jitter_ms: &'a str,
    lost: i64,
    total: i64,
    percent: &'a str,
}

/// The lines of one report stream: the same id and addresses, and the same kind of line.
struct Stream<'a> {
    key: (Vec<&'a str>, bool),
    rows: Vec<Row<'a>>,
}

#[derive(Clone, Copy, PartialEq)]
enum Whose {
    Receiver,
    Sender,
    Unknown,
}

impl Stream<'_> {
    fn summary(&self) -> Option<&Row<'_>> {
        self.rows.iter().rev().max_by(|a, b| (a.end - a.start).total_cmp(&(b.end - b.start)))
    }

    fn whose(&self) -> Whose {
        match self.summary().and_then(|s| s.udp.as_ref()) {
            Some(udp) if udp.total >= 0 => Whose::Receiver,
            Some(_) => Whose::Sender,
            None => Whose::Unknown,
        }
    }

    fn is_sum(&self) -> bool {
        self.key.0.get(4) == Some(&"-1")
    }

    /// Two lines of one stream over one span with other figures: which is the run's is
    /// unclear (two runs' CSV in one file?).
    fn check_spans(&self) -> Result<(), ImportError> {
        // The first line of each span, by span: a search of the lines before each was
        // quadratic in a long run's intervals. Any later line of a span that is not an
        // error says what the first says, so the first is the one to compare with.
        let mut first_of: std::collections::HashMap<(&str, &str), &Row<'_>> =
            std::collections::HashMap::new();
        for row in &self.rows {
            super::work(1);
            let first = *first_of.entry(row.span).or_insert(row);
            if let Some(first) = Some(first).filter(|r| r.fields[7..] != row.fields[7..]) {
                return Err(ImportError::at(
                    format!(
                        "a second line of stream {} over `{}-{}` as at byte {}, with other figures: which is the run's is unclear",
                        row.fields[5], row.span.0, row.span.1, first.line.start
                    ),
                    row.line.range(),
                ));
            }
        }
        Ok(())
    }
}

fn parse(line: Line<'_>) -> Result<Row<'_>, ImportError> {
    let fields: Vec<&str> = line.text.trim_end().split(',').collect();
    let bad = |what: String| ImportError::at(what, line.range());
    if fields.len() != 9 && fields.len() != 14 {
        return Err(bad(format!(
            "not iperf 2's CSV: {} fields, where `-y C` writes 9 (timestamp,src_ip,src_port,dst_ip,dst_port,id,interval,bytes,bits_per_second) or 14 for a UDP receiver",
            fields.len()
        )));
    }
    let stamp = fields[0];
    if stamp.is_empty() || !stamp.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return Err(bad(format!("the timestamp `{stamp}` is not iperf 2's (digits, `.` with `-e`)")));
    }
    for (at, what) in [(2, "source port"), (4, "destination port")] {
        if fields[at].parse::<u16>().is_err() || fields[at - 1].is_empty() {
            return Err(bad(format!("the {what} `{}` is not a port", fields[at])));
        }
    }
    if fields[5].parse::<i64>().is_err() {
        return Err(bad(format!("the id `{}` is not a number", fields[5])));
    }
    let (start_text, end_text) =
        fields[6].split_once('-').ok_or_else(|| bad(format!("the interval `{}` is not `a-b`", fields[6])))?;
    let (start, end) = match (plain_decimal(start_text), plain_decimal(end_text)) {
        (Some(s), Some(e)) if 0.0 <= s && s <= e => (s, e),
        _ => return Err(bad(format!("the interval `{}` is not seconds from a start to an end", fields[6]))),
    };
    let count = |at: usize, what: &str| {
        fields[at]
            .parse::<u64>()
            .map_err(|_| bad(format!("the {what} `{}` is not a whole number", fields[at])))
    };
    let (bytes, rate) = (count(7, "byte count")?, count(8, "bits per second")?);
    let udp = if fields.len() == 14 {
        let whole = |at: usize| {
            fields[at].parse::<i64>().map_err(|_| bad(format!("`{}` is not a count", fields[at])))
        };
        let udp = Udp { jitter_ms: fields[9], lost: whole(10)?, total: whole(11)?, percent: fields[12] };
        whole(13)?;
        for text in [udp.jitter_ms, udp.percent] {
            if plain_decimal(text).is_none() {
                return Err(bad(format!("`{text}` is not a number as iperf 2 writes them")));
            }
        }
        // A 2.1 client writes `total` -1 (and `-0.000`) for the counts it does not know.
        let negative = udp.lost < 0 || plain_decimal(udp.jitter_ms).is_some_and(|j| j < 0.0);
        if udp.total >= 0 && (negative || plain_decimal(udp.percent).is_some_and(|p| p < 0.0)) {
            return Err(bad("a negative jitter, loss or lost share: iperf 2 writes none".to_string()));
        }
        if udp.total < -1 {
            return Err(bad(format!("the total `{}` is not a count of datagrams", udp.total)));
        }
        Some(udp)
    } else {
        None
    };
    Ok(Row { line, fields, start, end, span: (start_text, end_text), bytes, rate, udp })
}

fn fields(streams: &[Stream]) -> Result<Tree, ImportError> {
    // A 2.0 UDP client writes its own 9-field line beside the server's report of one
    // stream: with that report beside it, the line is the sender's.
    let whose = |s: &Stream| match s.whose() {
        Whose::Unknown if streams.iter().any(|o| o.key.0 == s.key.0 && o.whose() == Whose::Receiver) => {
            Whose::Sender
        }
        whose => whose,
    };
    let of = |w: Whose| streams.iter().filter(move |s| whose(s) == w);
    let receivers: Vec<&Stream> = of(Whose::Receiver).collect();
    let senders: Vec<&Stream> = of(Whose::Sender).collect();
    let no_receiver = if of(Whose::Unknown).next().is_some() {
        TCP
    } else {
        "a UDP client's CSV holds what was sent: what arrived is in the server's (`iperf -s -u -y C`)"
    };
    let received = match run_stream(&receivers) {
        Some(stream) => side(stream, true)?,
        None if receivers.is_empty() => Tree::Absent(no_receiver.to_string()),
        None => Tree::Absent(
            "iperf 2.1 writes no sum line (id -1) for `-P` in CSV: read streams.N.received, or record the server's text, whose [SUM] is the run's".to_string(),
        ),
    };
    let sent = match run_stream(&senders) {
        Some(stream) => side(stream, false)?,
        None if senders.is_empty() => Tree::Absent(if no_receiver == TCP {
            TCP.to_string()
        } else {
            "a receiver's CSV holds what arrived: what was sent is in the client's".to_string()
        }),
        None => Tree::Absent("several sending streams and no sum line (id -1)".to_string()),
    };
    let mut listed = Vec::new();
    for stream in receivers.iter().filter(|s| !s.is_sum()) {
        // A 2.0 client writes its own line and the server's report of one stream.
        let sender = senders.iter().find(|s| s.key.0 == stream.key.0);
        let sent = match sender {
            Some(sender) => side(sender, false)?,
            None => Tree::Absent("this CSV does not hold this stream's sender".to_string()),
        };
        listed.push(Tree::map([("received", side(stream, true)?), ("sent", sent)]));
    }
    let streams = if listed.is_empty() && receivers.is_empty() {
        Tree::Absent(no_receiver.to_string())
    } else {
        Tree::List(listed)
    };
    Ok(Tree::map([("received", received), ("sent", sent), ("streams", streams)]))
}

/// The stream that is the run's: the sum line, or the one stream.
fn run_stream<'s, 'a>(streams: &[&'s Stream<'a>]) -> Option<&'s Stream<'a>> {
    if let Some(sum) = streams.iter().find(|s| s.is_sum()) {
        return Some(sum);
    }
    match streams {
        [one] => Some(one),
        _ => None,
    }
}

/// A stream's summary and its shorter lines as intervals.
fn side(stream: &Stream, received: bool) -> Result<Tree, ImportError> {
    let Some(summary) = stream.summary() else { return Ok(Tree::Absent("no line".to_string())) };
    let mut fields = row_fields(summary, received, false)?;
    let length = summary.end - summary.start;
    let mut intervals = Vec::new();
    for row in stream.rows.iter().filter(|r| r.end - r.start < length) {
        intervals.push(Tree::Map(row_fields(row, received, true)?));
    }
    fields.push(("intervals".to_string(), Tree::List(intervals)));
    Ok(Tree::Map(fields))
}

fn row_fields(row: &Row, received: bool, interval: bool) -> Result<Vec<(String, Tree)>, ImportError> {
    let at = |i: usize| row.line.range_of(row.fields[i]);
    let span = row.fields[6];
    let mut fields = if interval {
        vec![
            ("start".to_string(), printed(span, row.span.0, Unit::Second, Unit::Second, at(6))?),
            ("end".to_string(), printed(span, row.span.1, Unit::Second, Unit::Second, at(6))?),
        ]
    } else {
        let places = |t: &str| t.split_once('.').map_or(0, |(_, f)| f.len());
        let places = places(row.span.0).max(places(row.span.1));
        let seconds = format!("{:.places$}", row.end - row.start);
        vec![("seconds".to_string(), printed(span, &seconds, Unit::Second, Unit::Second, at(6))?)]
    };
    fields.push(("bytes".to_string(), Value::exact(row.bytes as f64, Unit::Byte, at(7))));
    fields.push(("bits_per_second".to_string(), Value::exact(row.rate as f64, Unit::BitPerSecond, at(8))));
    if let (true, Some(udp)) = (received, &row.udp) {
        let jitter =
            printed(&format!("{} ms", udp.jitter_ms), udp.jitter_ms, Unit::Millisecond, Unit::Second, at(9))?;
        fields.push(("jitter".to_string(), jitter));
        fields.push(("lost_packets".to_string(), Value::exact(udp.lost as f64, Unit::Count, at(10))));
        fields.push(("packets".to_string(), Value::exact(udp.total as f64, Unit::Count, at(11))));
        let percent =
            printed(&format!("{} %", udp.percent), udp.percent, Unit::Percent, Unit::Percent, at(12))?;
        fields.push(("lost_percent".to_string(), percent));
    }
    Ok(fields)
}

/// A figure iperf wrote rounded, in `base` units.
fn printed(
    as_written: &str,
    number: &str,
    unit: Unit,
    base: Unit,
    at: std::ops::Range<usize>,
) -> Result<Tree, ImportError> {
    match Value::printed("iperf", as_written, number, unit, at.clone()) {
        Some(Tree::Value(value)) => Ok(Tree::Value(Value { unit: base, ..value })),
        _ => Err(ImportError::at(format!("`{as_written}` is not a number as iperf 2 writes them"), at)),
    }
}

#[cfg(test)]
mod tests;
