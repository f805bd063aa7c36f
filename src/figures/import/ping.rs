//! ping's output as Linux iputils, BSD/macOS and Windows print it in English: the summary's
//! counts and loss, the round-trip statistics, and every reply line.
//!
//! Owns recognising which ping printed a text (its summary line says), reading the text
//! whole, and the checks that its parts agree: the received count against the reply lines,
//! the loss against transmitted and received as ping rounds it, one run a file, a summary
//! at its end. What one line says is read in `line` (iputils' and BSD's lines in `unix`,
//! Windows' in `windows`); the run's tree is built in `fields`. It does not run ping nor
//! read files (`rundata` does), and it never makes a number of what ping did not print:
//! `time<1ms`, a reply without a timestamp, the spread another ping prints (iputils' mdev is
//! not BSD's stddev) are [`Tree::Absent`] with why. Output in another language is refused
//! line by line, never guessed at.
//!
//! Sizes are as each ping prints them: `64 bytes from` (iputils, BSD) counts the 8-byte ICMP
//! header with the payload, Windows' `bytes=32` the payload alone. Windows counts a `Reply
//! from HOST: Destination host unreachable.` as received (its loss says 0 %): those lines
//! are not replies here, yet they are counted where Windows counts them.

mod fields;
mod line;
mod rtt;
#[cfg(test)]
mod tests;
mod unix;
mod windows;

use std::ops::Range;

use fields::fields;
use line::classify;

use super::{ImportError, Imported, Line, Tree, Value, lines, plain_decimal};
use crate::number::Unit;

/// Which pings print a line, as bits: a line two pings print has both.
const IPUTILS: u8 = 1;
const BSD: u8 = 2;
const WINDOWS: u8 = 4;
const UNIX: u8 = IPUTILS | BSD;
const ANY: u8 = UNIX | WINDOWS;

const NOT_PING: &str = "not a line ping prints in English (Linux iputils, BSD/macOS or Windows)";
const UNTIMED: &str = "ping printed no time: a reply carries a timestamp only when the payload (-s) has \
                       room for one (16 bytes on 64-bit Linux)";

/// The format's name and whose a line is, for a flavour's bit.
fn names(mask: u8) -> (&'static str, &'static str) {
    match mask {
        IPUTILS => ("ping (iputils)", "iputils ping's"),
        BSD => ("ping (BSD/macOS)", "BSD/macOS ping's"),
        WINDOWS => ("ping (Windows)", "Windows ping's"),
        _ => ("ping", "Linux or BSD ping's"),
    }
}

fn fail<T>(message: impl Into<String>, at: Range<usize>) -> Result<T, ImportError> {
    Err(ImportError::at(message, at))
}

/// A count ping printed and where.
type Count = (u64, Range<usize>);
type Times = Vec<(&'static str, Tree)>;

#[derive(PartialEq)]
enum Mark {
    Plain,
    /// `(DUP!)`: ping counts it in `+N duplicates`, not in received.
    Duplicate,
    /// `(BAD CHECKSUM!)`: iputils counts it in `+N corrupted`, not in received.
    Corrupt,
}

struct Reply {
    /// `seq`, `bytes`, `ttl`, `time`, as the line gives them.
    fields: Times,
    /// Whether ping printed a time (Windows' `time<1ms` is one, though not a value).
    timed: bool,
    mark: Mark,
}

#[derive(Default)]
struct Summary<'a> {
    transmitted: Count,
    received: Count,
    duplicates: Option<Count>,
    errors: Option<Count>,
    corrupted: Option<Count>,
    /// Windows' `Lost = N`.
    lost: Option<Count>,
    /// The loss percentage's digits as printed, and where.
    loss: Option<(&'a str, Range<usize>)>,
}

enum Kind<'a> {
    /// Read and deliberately left: a blank line, a shell prompt, a warning, `^C`.
    Skip,
    /// The shell's `$ ping -c 4 host`: a run's first line.
    Command,
    /// `PING host (addr) 56(84) bytes of data.`, `Pinging host with 32 bytes of data:`: the
    /// payload's size asked for (`-s`), and the IP packet's where ping prints it (`(84)`).
    Header(Option<Count>, Option<Count>),
    Reply(Reply),
    /// An error line, not a reply; `received` when Windows counts it as one.
    Failure {
        received: bool,
        /// The path's MTU the error names (`message too long, mtu=1500`).
        mtu: Option<Count>,
    },
    /// `--- host ping statistics ---`, `Ping statistics for host:`.
    Statistics,
    Summary(Summary<'a>),
    /// Windows' `Approximate round trip times in milli-seconds:`.
    RttHeading,
    /// The round-trip times, by name (none for iputils' `pipe 2` alone).
    Rtt(Times),
}

/// A line read (`Some`, with the pings that print it), not ping's (`None`), or ping's but
/// damaged (`Err`, why).
type Read<'a> = Result<Option<(Kind<'a>, u8)>, String>;

/// Reads ping's output (Linux iputils, BSD and macOS, Windows), whole or not at all.
pub(crate) fn import_ping(text: &str) -> Result<Imported, ImportError> {
    let lines = lines(text);
    let at = |i: usize| lines.get(i).map_or(0..0, Line::range);
    let mut read = Vec::new();
    let mut unread = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let previous = i.checked_sub(1).and_then(|p| lines.get(p)).map_or("", |l| l.text.trim());
        match classify(line, previous) {
            Ok(Some((kind, mask))) => read.push((i, kind, mask)),
            Ok(None) => unread.push((i, NOT_PING.to_string())),
            Err(why) => unread.push((i, why)),
        }
    }
    if let Some((first, why)) = unread.first() {
        let mut message = format!("line {}: {why}", first + 1);
        if unread.len() > 1 {
            let numbers: Vec<String> = unread.iter().take(12).map(|(i, _)| (i + 1).to_string()).collect();
            let more = if unread.len() > 12 { ", …" } else { "" };
            message += &format!("; {} lines could not be read: {}{more}", unread.len(), numbers.join(", "));
        }
        return fail(message, at(*first));
    }
    // ping times every reply or none (the payload's size decides): a reply without a time
    // beside round-trip times was cut or edited.
    let timed = read.iter().any(|(_, kind, _)| matches!(kind, Kind::Rtt(rtt) if !rtt.is_empty()));
    if let Some((i, ..)) =
        read.iter().find(|(_, kind, _)| matches!(kind, Kind::Reply(r) if timed && !r.timed))
    {
        return fail(
            "this reply has no time, yet ping printed round-trip times: it times all or none",
            at(*i),
        );
    }
    // Where in ping's output a line is: before the statistics, after `--- statistics ---`,
    // after the summary, after Windows' heading of its times, after the times.
    #[derive(Clone, Copy, PartialEq)]
    enum Phase {
        Body,
        Statistics,
        Summary,
        RttHeading,
        Done,
    }
    let (mut phase, mut begun) = (Phase::Body, false);
    for (i, kind, _) in &read {
        let run = matches!(kind, Kind::Command | Kind::Header(..) | Kind::Reply(_) | Kind::Failure { .. });
        phase = match (phase, kind) {
            (_, Kind::Skip) => phase,
            (Phase::Body, Kind::Command | Kind::Header(..)) if !begun => Phase::Body,
            (Phase::Body, Kind::Reply(_) | Kind::Failure { .. }) => Phase::Body,
            (Phase::Body, Kind::Statistics) => Phase::Statistics,
            (Phase::Statistics, Kind::Summary(_)) => Phase::Summary,
            (Phase::Summary, Kind::RttHeading) => Phase::RttHeading,
            (Phase::Summary | Phase::RttHeading, Kind::Rtt(_)) => Phase::Done,
            (Phase::Body | Phase::Summary | Phase::Done, _) if run || matches!(kind, Kind::Statistics) => {
                let message = format!("a second ping run starts here (line {}): a file holds one run", i + 1);
                return fail(message, at(*i));
            }
            (Phase::Body, _) => return fail("this belongs after `--- HOST ping statistics ---`", at(*i)),
            (Phase::Statistics, _) => {
                return fail("ping's summary (`N packets transmitted, …`) is due", at(*i));
            }
            (Phase::RttHeading, _) => return fail("Windows ping prints `Minimum = …` here", at(*i)),
            _ => return fail("ping prints one summary and one line of times after it", at(*i)),
        };
        begun |= run && !matches!(kind, Kind::Command);
    }
    let last = lines.iter().rposition(|line| !line.text.trim().is_empty()).map_or(0..0, at);
    if matches!(phase, Phase::Body | Phase::Statistics) {
        return fail("the output ends before ping's summary (`--- HOST ping statistics ---`)", last);
    }
    if phase == Phase::RttHeading {
        return fail("the output ends before Windows ping's round-trip times", last);
    }
    let flavour = read.iter().find_map(|(_, kind, mask)| matches!(kind, Kind::Summary(_)).then_some(*mask));
    let flavour = flavour.unwrap_or(ANY);
    if let Some((i, _, mask)) = read.iter().find(|(_, _, mask)| mask & flavour == 0) {
        let message = format!("this is {} line, but the summary is {}", names(*mask).1, names(flavour).1);
        return fail(format!("{message}: a file holds one ping's output"), at(*i));
    }
    let (mut replies, mut summary, mut rtt, mut counted_failures) = (Vec::new(), None, None, 0);
    let mut sizes = fields::Sizes::default();
    for (i, kind, _) in read {
        match kind {
            Kind::Reply(reply) => replies.push((at(i), reply)),
            Kind::Header(size, packet) => (sizes.size, sizes.packet) = (size, packet),
            Kind::Failure { received, mtu } => {
                counted_failures += u64::from(received);
                sizes.failures.push((fields::failure_kind(lines.get(i).map_or("", |l| l.text)), at(i)));
                if let Some(mtu) = mtu {
                    match &sizes.mtu {
                        Some(first) if first.0 != mtu.0 => {
                            let message = format!(
                                "this error names an MTU of {}, an earlier one {}: one run crosses one path",
                                mtu.0, first.0
                            );
                            return fail(message, at(i));
                        }
                        Some(_) => {}
                        None => sizes.mtu = Some(mtu),
                    }
                }
            }
            Kind::Summary(printed) => summary = Some((i, printed)),
            Kind::Rtt(times) if !times.is_empty() => rtt = Some((at(i), times)),
            _ => {}
        }
    }
    let Some((summary_line, s)) = summary else {
        return fail("the output ends before ping's summary (`--- HOST ping statistics ---`)", last);
    };
    check(&s, flavour, &replies, counted_failures, rtt.as_ref().map(|(at, _)| at.clone()), at(summary_line))?;
    if let Some((rtt_at, times)) = &rtt
        && flavour != WINDOWS
    {
        rtt::check_rtt(&replies, times, rtt_at.clone())?;
    }
    Ok(Imported {
        format: names(flavour).0,
        fields: fields(s, flavour, replies, counted_failures, rtt, at(summary_line), sizes),
    })
}

/// The summary against the lines: received against the reply lines, the loss against
/// transmitted and received, and round-trip times (at `rtt`) where ping prints them.
fn check(
    s: &Summary<'_>,
    flavour: u8,
    replies: &[(Range<usize>, Reply)],
    counted_failures: u64,
    rtt: Option<Range<usize>>,
    summary_at: Range<usize>,
) -> Result<(), ImportError> {
    let (tx, rx) = (s.transmitted.0, s.received.0);
    let marked = |mark: Mark| replies.iter().filter(|(_, reply)| reply.mark == mark).count() as u64;
    if rx > tx {
        return fail(format!("ping received {rx} replies of {tx} sent"), s.received.1.clone());
    }
    // `-q` prints no reply line: there is nothing to count then.
    if !replies.is_empty() || counted_failures > 0 {
        let shown = marked(Mark::Plain) + counted_failures;
        if shown != rx {
            let windows =
                if flavour == WINDOWS { " (and `Reply from …: <error>.`, as Windows counts)" } else { "" };
            let message = format!("ping counted {rx} received, the file shows {shown} reply lines{windows}");
            return fail(format!("{message}: lines were removed or added"), s.received.1.clone());
        }
        for (mark, printed, what) in
            [(Mark::Duplicate, &s.duplicates, "duplicate"), (Mark::Corrupt, &s.corrupted, "corrupted")]
        {
            let (lines, at) = (marked(mark), printed.as_ref().map_or(summary_at.clone(), |c| c.1.clone()));
            if flavour != WINDOWS && lines != printed.as_ref().map_or(0, |c| c.0) {
                return fail(format!("the file shows {lines} {what} replies, the summary does not"), at);
            }
        }
    }
    if let Some((lost, at)) = &s.lost
        && *lost != tx - rx
    {
        return fail(
            format!("Windows lost {} of {tx} sent with {rx} received, not {lost}", tx - rx),
            at.clone(),
        );
    }
    match &s.loss {
        Some((p, at)) if tx > 0 && !loss_agrees(p, tx, rx) => {
            let exact = (tx - rx) as f64 * 100.0 / tx as f64;
            return fail(
                format!("ping would print {exact:.4}% loss for {rx} received of {tx}, not {p}%"),
                at.clone(),
            );
        }
        Some(_) if tx == 0 => return fail("ping prints no loss when it sent nothing", summary_at),
        None if tx > 0 => return fail("ping's summary gives its loss after sending", summary_at),
        _ => {}
    }
    match rtt {
        Some(at) if rx == 0 => fail("ping prints round-trip times only when a reply came back; none did", at),
        // Windows prints its times when an echo came back (not for the errors it counts).
        None if rx > 0 && flavour == WINDOWS && !replies.is_empty() => {
            fail("the output ends before Windows ping's round-trip times", summary_at)
        }
        None if rx > 0 => match replies.iter().find(|(_, reply)| reply.timed) {
            Some((at, _)) => fail(
                "this reply is timed, but no round-trip line follows the summary: cut or edited",
                at.clone(),
            ),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// Whether `printed` (ping's loss digits) is the loss of `rx` of `tx`, as some ping rounds
/// it: iputils `%g` of a float (older ones an integer division), BSD `%.1f`, Windows an
/// integer division. A printed digit is rounded or cut, never off by more.
fn loss_agrees(printed: &str, tx: u64, rx: u64) -> bool {
    let Some(p) = plain_decimal(printed) else { return false };
    let decimals = printed.split_once('.').map_or(0, |(_, fraction)| fraction.len()) as i32;
    let scale = 10f64.powi(decimals.min(12));
    let exact = (tx - rx) as f64 * 100.0 / tx as f64;
    let as_float = f64::from(exact as f32);
    let candidates = [(exact * scale).round(), (exact * scale + 1e-9).floor(), (as_float * scale).round()];
    candidates.iter().any(|c| (p * scale - c).abs() < 1e-6)
}

/// Whether `text` is all ASCII digits, and some.
pub(super) fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A count written at `text`, a slice of `line`.
pub(super) fn count(line: &Line<'_>, text: &str) -> Result<Count, String> {
    match text.parse::<u64>() {
        Ok(n) if digits(text) => Ok((n, line.range_of(text))),
        _ => Err(format!("`{text}` is not a count ping prints")),
    }
}

/// A time in milliseconds: its digits `number`, as ping wrote it `written`.
pub(super) fn ms(line: &Line<'_>, number: &str, written: &str) -> Result<Tree, String> {
    Value::printed("ping", written, number, Unit::Millisecond, line.range_of(number))
        .ok_or_else(|| format!("`{written}` is not a time ping prints"))
}
