//! One line of iperf3 text, read: a report (`[  5]   0.00-1.00   sec   112 MBytes   939 Mbits/sec`,
//! with its `Retr`/`Cwnd` or UDP columns and its `sender`/`receiver`/`(omitted)` label), a
//! column header, a connection line, an old UDP client's `Sent N datagrams`, or the `-V` CPU line.
//!
//! Owns what a line says, each number as a [`Tree`] value at its place; it does not decide
//! whose figures a line holds (the importer does, from the whole test).

use super::super::{ImportError, Line, Tree, Value, plain_decimal};
use crate::number::Unit;

/// Which stream a bracketed line is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Who<'a> {
    Sum,
    Stream(&'a str),
}

/// A `--bidir` line's `[TX-C]`, `[RX-C]`, `[TX-S]` or `[RX-S]`: which way its traffic went and
/// whether this log's side sent it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bidir {
    /// Client to server (`TX-C`, `RX-S`); false for server to client (`RX-C`, `TX-S`).
    pub forward: bool,
    pub sends: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Label {
    /// An interval line: no label.
    None,
    /// `(omitted)`: an interval of `-O N`, never counted.
    Omitted,
    Sender,
    Receiver,
}

/// What follows the bit rate.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Extra {
    /// TCP: the `Retr` column where iperf3 printed one (the sender's lines, not on macOS).
    Tcp { retransmits: Option<Tree> },
    /// UDP, the sending side: `Total Datagrams`.
    UdpSent { packets: Tree },
    /// UDP, the receiving side: `Jitter    Lost/Total Datagrams`.
    UdpReceived(Box<UdpLoss>),
}

/// What a UDP receiver measured: `0.033 ms  631827/2588270 (24%)`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct UdpLoss {
    pub jitter: Tree,
    pub lost_packets: Tree,
    pub packets: Tree,
    pub lost_percent: Tree,
}

#[derive(Debug, Clone)]
pub(super) struct Report<'a> {
    pub who: Who<'a>,
    pub bidir: Option<Bidir>,
    pub line: Line<'a>,
    pub start: Tree,
    pub end: Tree,
    pub seconds: Tree,
    pub bytes: Tree,
    pub bytes_are_zero: bool,
    pub bits_per_second: Tree,
    pub extra: Extra,
    pub label: Label,
}

/// A line that starts with an iperf3 bracket (`[  5]`, `[SUM]`, `[ ID]`), read.
#[derive(Debug, Clone)]
pub(super) enum Entry<'a> {
    /// `[ ID] Interval  Transfer  Bitrate ...`: whether its columns are UDP's.
    Header {
        udp: bool,
    },
    Connected,
    /// An old iperf3 UDP client's `[  4] Sent 2588270 datagrams`.
    SentDatagrams {
        who: Who<'a>,
        bidir: Option<Bidir>,
        packets: Tree,
    },
    Report(Box<Report<'a>>),
}

/// Reads a line starting with an iperf3 bracket; None for any other line (a shell prompt such
/// as `[me@host ~]$` is not one). `udp` is what the last header said of the columns, None
/// before any header.
pub(super) fn read_entry<'a>(line: Line<'a>, udp: Option<bool>) -> Option<Result<Entry<'a>, ImportError>> {
    let text = line.text.trim_start();
    let (inner, after) = text.strip_prefix('[')?.split_once(']')?;
    let id = inner.trim();
    let who = match id {
        "ID" => None,
        "SUM" => Some(Who::Sum),
        _ if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) => Some(Who::Stream(id)),
        _ => return None,
    };
    Some(read_bracketed(line, who, after, udp))
}

fn read_bracketed<'a>(
    line: Line<'a>,
    who: Option<Who<'a>>,
    after: &'a str,
    udp: Option<bool>,
) -> Result<Entry<'a>, ImportError> {
    let at = line.range();
    let (bidir, rest) = match after.strip_prefix('[').and_then(|r| r.split_once(']')) {
        Some((role, rest)) if who.is_none() => {
            if role != "Role" {
                return Err(ImportError::at(format!("expected `[ ID][Role]`, found `[{role}]`"), at));
            }
            (None, rest)
        }
        Some((role, rest)) => (
            Some(bidir_role(role).ok_or_else(|| {
                ImportError::at(
                    format!(
                        "expected a --bidir role `[TX-C]`, `[RX-C]`, `[TX-S]` or `[RX-S]`, found `[{role}]`"
                    ),
                    at.clone(),
                )
            })?),
            rest,
        ),
        None => (None, after),
    };
    let rest = rest.trim();
    let Some(who) = who else {
        return Ok(Entry::Header { udp: rest.contains("Datagrams") || rest.contains("Jitter") });
    };
    if rest.starts_with("local ") && rest.contains(" connected to ") {
        return Ok(Entry::Connected);
    }
    if let Some(count) = rest.strip_prefix("Sent ").and_then(|r| r.strip_suffix(" datagrams")) {
        let packets = count_at(&line, count.trim())?;
        return Ok(Entry::SentDatagrams { who, bidir, packets });
    }
    read_report(line, who, bidir, rest, udp).map(|r| Entry::Report(Box::new(r)))
}

fn bidir_role(role: &str) -> Option<Bidir> {
    match role {
        "TX-C" => Some(Bidir { forward: true, sends: true }),
        "RX-S" => Some(Bidir { forward: true, sends: false }),
        "RX-C" => Some(Bidir { forward: false, sends: false }),
        "TX-S" => Some(Bidir { forward: false, sends: true }),
        _ => None,
    }
}

const REPORT_SHAPE: &str = "`START-END sec  TRANSFER UNIT  BITRATE UNIT`";

fn read_report<'a>(
    line: Line<'a>,
    who: Who<'a>,
    bidir: Option<Bidir>,
    rest: &'a str,
    udp: Option<bool>,
) -> Result<Report<'a>, ImportError> {
    let at = line.range();
    let words: Vec<&'a str> = rest.split_whitespace().collect();
    let (span, amount, amount_unit, rate, rate_unit, tail) = match words.as_slice() {
        [span, "sec", amount, amount_unit, rate, rate_unit, tail @ ..] => {
            (*span, *amount, *amount_unit, *rate, *rate_unit, tail)
        }
        _ => {
            return Err(ImportError::at(
                format!("expected {REPORT_SHAPE} after the bracket, found `{rest}`"),
                at,
            ));
        }
    };
    // The dash between the ends: the first one after the start's first character, so that a
    // negative start (`-1.00-2.00`) is read as one, and refused below.
    let dash = span.get(1..).and_then(|s| s.find('-')).map(|i| i + 1);
    let Some((start_text, end_text)) = dash.and_then(|d| Some((span.get(..d)?, span.get(d + 1..)?))) else {
        return Err(ImportError::at(
            format!("expected an interval `START-END` before `sec`, found `{span}`"),
            at,
        ));
    };
    let start = number(&line, start_text, "the interval's start")?;
    let end = number(&line, end_text, "the interval's end")?;
    if end < start {
        return Err(ImportError::at(format!("the interval `{span} sec` ends before it starts"), at));
    }
    let decimals = |t: &str| t.split_once('.').map_or(0, |(_, f)| f.len());
    let length = format!("{:.*}", decimals(start_text).max(decimals(end_text)), end - start);
    let span_written = format!("{span} sec");
    let bytes_unit = super::super::iperf_transfer_unit(amount_unit)
        .ok_or_else(|| ImportError::at(format!("expected a transfer unit (`Bytes`, `KBytes`, `MBytes`, `GBytes`, `TBytes`), found `{amount_unit}`"), at.clone()))?;
    let rate_unit_tally = super::super::iperf_rate_unit(rate_unit)
        .ok_or_else(|| ImportError::at(format!("expected a bit rate unit (`bits/sec`, `Kbits/sec`, `Mbits/sec`, `Gbits/sec`, `Tbits/sec` or `-f`'s `MBytes/sec`...), found `{rate_unit}`"), at.clone()))?;
    let bytes_value = number(&line, amount, "the transfer")?;
    number(&line, rate, "the bit rate")?;
    let (label, tail) = match tail {
        [body @ .., "sender"] => (Label::Sender, body),
        [body @ .., "receiver"] => (Label::Receiver, body),
        [body @ .., "(omitted)"] => (Label::Omitted, body),
        _ => (Label::None, tail),
    };
    Ok(Report {
        who,
        bidir,
        line,
        start: printed(&line, &span_written, start_text, start_text, Unit::Second)?,
        end: printed(&line, &span_written, end_text, end_text, Unit::Second)?,
        // The length is end − start at the ends' decimals; it is placed on the whole span.
        seconds: printed(&line, &span_written, span, &length, Unit::Second)?,
        bytes: printed(&line, &format!("{amount} {amount_unit}"), amount, amount, bytes_unit)?,
        bytes_are_zero: bytes_value == 0.0,
        bits_per_second: printed(&line, &format!("{rate} {rate_unit}"), rate, rate, rate_unit_tally)?,
        extra: read_extra(&line, tail, udp)?,
        label,
    })
}

/// The columns after the bit rate, by what the header said they are.
fn read_extra(line: &Line<'_>, tail: &[&str], udp: Option<bool>) -> Result<Extra, ImportError> {
    let found = tail.join(" ");
    let wrong = |expected: &str| {
        ImportError::at(format!("expected {expected} after the bit rate, found `{found}`"), line.range())
    };
    match (tail, udp) {
        ([], Some(false) | None) => Ok(Extra::Tcp { retransmits: None }),
        ([retr], Some(false)) => Ok(Extra::Tcp { retransmits: Some(count_at(line, retr)?) }),
        ([retr, cwnd, cwnd_unit], Some(false)) => {
            // The congestion window is read to know the line whole; no field holds it.
            number(line, cwnd, "the congestion window")?;
            super::super::iperf_transfer_unit(cwnd_unit)
                .ok_or_else(|| wrong("a congestion window unit (`KBytes`, `MBytes`)"))?;
            Ok(Extra::Tcp { retransmits: Some(count_at(line, retr)?) })
        }
        ([packets], Some(true)) => Ok(Extra::UdpSent { packets: count_at(line, packets)? }),
        ([jitter, "ms", lost_total, percent], Some(true)) => {
            let (lost, total) = lost_total.split_once('/').ok_or_else(|| wrong("`LOST/TOTAL`"))?;
            let percent_text = percent
                .strip_prefix('(')
                .and_then(|p| p.strip_suffix("%)"))
                .ok_or_else(|| wrong("a loss `(N%)`"))?;
            Ok(Extra::UdpReceived(Box::new(UdpLoss {
                jitter: printed(line, &format!("{jitter} ms"), jitter, jitter, Unit::Millisecond)?,
                lost_packets: count_at(line, lost)?,
                packets: count_at(line, total)?,
                lost_percent: lost_percent(line, percent, percent_text)?,
            })))
        }
        (_, None) => Err(wrong(
            "no column (no `[ ID]` header line before it says whether a number there is `Retr` or `Total Datagrams`: keep the header)",
        )),
        (_, Some(false)) => Err(wrong("the TCP columns `Retr` and `Cwnd` (or none)")),
        (_, Some(true)) => {
            Err(wrong("the UDP columns `Total Datagrams` or `Jitter    Lost/Total Datagrams`"))
        }
    }
}

/// `(24%)`. iperf3 prints the loss with `%.2g`, which writes 100 % (or 99.5 %) as `1e+02`:
/// that is a value of one significant digit tally cannot state as a plain decimal, so it is
/// absent with why, and lost_packets/packets give it exactly.
fn lost_percent(line: &Line<'_>, written: &str, number_text: &str) -> Result<Tree, ImportError> {
    if number_text.contains('e') && number_text.parse::<f64>().is_ok_and(|v| v.is_finite() && v >= 0.0) {
        return Ok(Tree::Absent(format!(
            "iperf3 printed the loss as `{written}` (two significant digits in exponent form), which tally does not state: read lost_packets and packets"
        )));
    }
    number(line, number_text, "the loss percentage")?;
    printed(line, written, number_text, number_text, Unit::Percent)
}

/// `CPU Utilization: local/sender 5.5% (0.2%u/5.3%s), remote/receiver 13.0% (1.2%u/11.8%s)`:
/// the local and remote totals.
pub(super) fn read_cpu(line: Line<'_>) -> Option<Result<(Tree, Tree), ImportError>> {
    let rest = line.text.trim().strip_prefix("CPU Utilization:")?;
    let total = |part: &str, side: &str| -> Result<Tree, ImportError> {
        let words: Vec<&str> = part.split_whitespace().collect();
        match words.as_slice() {
            [role, percent, ..] if role.starts_with(side) => {
                let digits = percent.strip_suffix('%').unwrap_or("");
                number(&line, digits, "the CPU utilization")?;
                printed(&line, percent, percent, digits, Unit::Percent)
            }
            _ => Err(ImportError::at(
                format!(
                    "expected `CPU Utilization: local/sender P% (U%u/S%s), remote/receiver P% (U%u/S%s)`, found `{}`",
                    line.text.trim()
                ),
                line.range(),
            )),
        }
    };
    let (local, remote) = rest.split_once(',').unwrap_or((rest, ""));
    Some(total(local, "local/").and_then(|l| Ok((l, total(remote, "remote/")?))))
}

/// A plain, non-negative decimal, or an error at the line naming it.
fn number(line: &Line<'_>, text: &str, what: &str) -> Result<f64, ImportError> {
    if text.starts_with('-') {
        return Err(ImportError::at(
            format!("{what} `{text}` is negative: iperf3 prints none, the line is damaged"),
            line.range(),
        ));
    }
    plain_decimal(text)
        .ok_or_else(|| ImportError::at(format!("expected a number for {what}, found `{text}`"), line.range()))
}

/// A figure iperf3 printed rounded: `as_written` its whole figure, `part` the text placed as
/// its evidence (a slice of the line), `digits` its number.
fn printed(
    line: &Line<'_>,
    as_written: &str,
    part: &str,
    digits: &str,
    unit: Unit,
) -> Result<Tree, ImportError> {
    number(line, digits, "a figure")?;
    Value::printed("iperf3", as_written, digits, unit, line.range_of(part))
        .ok_or_else(|| ImportError::at(format!("expected a plain decimal, found `{digits}`"), line.range()))
}

/// A whole count iperf3 printed in full (`Retr`, datagrams): exact, as no digit was rounded.
fn count_at(line: &Line<'_>, text: &str) -> Result<Tree, ImportError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        let what = if text.starts_with('-') { "is negative" } else { "is not a whole count" };
        return Err(ImportError::at(format!("expected a count, found `{text}`, which {what}"), line.range()));
    }
    // Digits only, so the parse fails on nothing but a count past f64's range, refused too.
    let value = text
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| ImportError::at(format!("the count `{text}` is too large"), line.range()))?;
    Ok(Value::exact(value, Unit::Count, line.range_of(text)))
}
