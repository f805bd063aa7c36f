//! ping's output as Linux iputils, BSD/macOS and Windows print it in English: the summary's
//! counts and loss, the round-trip statistics, and every reply line.
//!
//! Owns recognising which ping printed a text (its summary line says), reading the text
//! whole, and the checks that its parts agree: the received count against the reply lines,
//! the loss against transmitted and received as ping rounds it, one run a file, a summary
//! at its end. It does not run ping nor read files (`rundata` does), and it never makes a
//! number of what ping did not print: `time<1ms`, a reply without a timestamp, the spread
//! another ping prints (iputils' mdev is not BSD's stddev) are [`Tree::Absent`] with why.
//! Output in another language is refused line by line, never guessed at.
//!
//! Sizes are as each ping prints them: `64 bytes from` (iputils, BSD) counts the 8-byte ICMP
//! header with the payload, Windows' `bytes=32` the payload alone. Windows counts a `Reply
//! from HOST: Destination host unreachable.` as received (its loss says 0 %): those lines
//! are not replies here, yet they are counted where Windows counts them.

use std::ops::Range;

use super::{ImportError, Imported, Line, Tree, Value, lines, plain_decimal};
use crate::figures::number::Unit;

/// Which pings print a line, as bits: a line two pings print has both.
const IPUTILS: u8 = 1;
const BSD: u8 = 2;
const WINDOWS: u8 = 4;
const UNIX: u8 = IPUTILS | BSD;
const ANY: u8 = UNIX | WINDOWS;

const NOT_PING: &str = "not a line ping prints in English (Linux iputils, BSD/macOS or Windows)";
const UNTIMED: &str = "ping printed no time: a reply carries a timestamp only when the payload (-s) has \
                       room for one (16 bytes on 64-bit Linux)";
/// The error lines Windows prints in place of a reply; it counts them as lost.
const WINDOWS_FAILURES: &str = "Request timed out.|Destination host unreachable.|Destination net unreachable.|\
    General failure.|Transmit failed. General failure.|PING: transmit failed. General failure.|\
    Packet needs to be fragmented but DF set.|Hardware error.|TTL expired in transit.";
/// How BSD's `pr_icmph` starts the ICMP errors it prints as `92 bytes from HOST: …`.
const BSD_ICMP: &str = "Destination |Dest Unreachable|frag needed|Source |Redirect|Time to live exceeded|\
    Frag reassembly|Time exceeded|Parameter problem|Communication prohibited|Host precedence|\
    Precedence cutoff|Bad ICMP type";

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
    /// `PING host (addr) 56(84) bytes of data.`, `Pinging host with 32 bytes of data:`.
    Header,
    Reply(Reply),
    /// An error line, not a reply; `received` when Windows counts it as one.
    Failure {
        received: bool,
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
        let run = matches!(kind, Kind::Command | Kind::Header | Kind::Reply(_) | Kind::Failure { .. });
        phase = match (phase, kind) {
            (_, Kind::Skip) => phase,
            (Phase::Body, Kind::Command | Kind::Header) if !begun => Phase::Body,
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
    for (i, kind, _) in read {
        match kind {
            Kind::Reply(reply) => replies.push((at(i), reply)),
            Kind::Failure { received } => counted_failures += u64::from(received),
            Kind::Summary(printed) => summary = Some((i, printed)),
            Kind::Rtt(times) if !times.is_empty() => rtt = Some((at(i), times)),
            _ => {}
        }
    }
    let Some((summary_line, s)) = summary else {
        return fail("the output ends before ping's summary (`--- HOST ping statistics ---`)", last);
    };
    check(&s, flavour, &replies, counted_failures, rtt.as_ref().map(|(at, _)| at.clone()), at(summary_line))?;
    Ok(Imported {
        format: names(flavour).0,
        fields: fields(s, flavour, replies, counted_failures, rtt, at(summary_line)),
    })
}

/// The run's fields from its checked summary, reply lines and round-trip times.
fn fields(
    s: Summary<'_>,
    flavour: u8,
    replies: Vec<(Range<usize>, Reply)>,
    counted_failures: u64,
    rtt: Option<(Range<usize>, Times)>,
    summary_at: Range<usize>,
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
    Tree::map([
        ("transmitted", Value::exact(s.transmitted.0 as f64, Unit::Count, s.transmitted.1)),
        ("received", Value::exact(s.received.0 as f64, Unit::Count, s.received.1)),
        ("loss_percent", loss.unwrap_or_else(|| absent("ping sent no packet, so it printed no loss"))),
        ("errors", errors),
        ("duplicates", duplicates),
        ("corrupted", corrupted),
        ("rtt", rtt),
        ("replies", Tree::List(replies)),
    ])
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

fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A count written at `text`, a slice of `line`.
fn count(line: &Line<'_>, text: &str) -> Result<Count, String> {
    match text.parse::<u64>() {
        Ok(n) if digits(text) => Ok((n, line.range_of(text))),
        _ => Err(format!("`{text}` is not a count ping prints")),
    }
}

/// A time in milliseconds: its digits `number`, as ping wrote it `written`.
fn ms(line: &Line<'_>, number: &str, written: &str) -> Result<Tree, String> {
    Value::printed("ping", written, number, Unit::Millisecond, line.range_of(number))
        .ok_or_else(|| format!("`{written}` is not a time ping prints"))
}

/// Reads one line; `previous` is the line before it (BSD's IP header dump is two lines).
fn classify<'a>(line: &Line<'a>, previous: &str) -> Read<'a> {
    let text = line.text.trim();
    // iputils' -D puts `[seconds.micros] ` before a reply, an ICMP error, `no answer yet`.
    if let Some(stamped) = text.strip_prefix('[') {
        let bad = || "iputils' -D timestamp is `[seconds.microseconds]` before a reply".to_string();
        let (stamp, rest) = stamped.split_once("] ").ok_or_else(bad)?;
        let (seconds, micros) = stamp.split_once('.').ok_or_else(bad)?;
        return match stampable(line, rest)? {
            Some((kind, mask)) if mask & IPUTILS != 0 && digits(seconds) && digits(micros) => {
                Ok(Some((kind, IPUTILS)))
            }
            _ => Err(bad()),
        };
    }
    if let Some(read) = stampable(line, text)? {
        return Ok(Some(read));
    }
    let failure = Kind::Failure { received: false };
    let fixed = match text {
        "" | "^C" | "Control-C" => Some((Kind::Skip, ANY)),
        "Approximate round trip times in milli-seconds:" => Some((Kind::RttHeading, WINDOWS)),
        _ if WINDOWS_FAILURES.split('|').any(|f| f == text) => Some((failure, WINDOWS)),
        _ if text.starts_with("PING ") && text.ends_with("bytes of data.") => Some((Kind::Header, IPUTILS)),
        // iputils' IPv6 header says `56 data bytes` as BSD's does.
        _ if text.starts_with("PING ") && text.ends_with(" data bytes") => Some((Kind::Header, UNIX)),
        _ if text.starts_with("Pinging ") && text.ends_with(" bytes of data:") => {
            Some((Kind::Header, WINDOWS))
        }
        _ if text.starts_with("--- ") && text.ends_with(" ping statistics ---") => {
            Some((Kind::Statistics, UNIX))
        }
        _ if text.starts_with("Ping statistics for ") && text.ends_with(':') => {
            Some((Kind::Statistics, WINDOWS))
        }
        // ping's own messages (`ping: local error: message too long, mtu=1500`, `ping:
        // sendto: Message too long`), iputils' warnings: not replies.
        _ if text.starts_with("ping: ") => Some((failure, UNIX)),
        _ if text.starts_with("WARNING: ") => Some((Kind::Skip, IPUTILS)),
        // BSD's dump of the IP header an ICMP error returned: a heading and a row.
        _ if text.starts_with("Vr HL TOS ") => Some((Kind::Skip, BSD)),
        _ if previous.starts_with("Vr HL TOS ")
            && text.split_whitespace().all(|w| w.bytes().all(|b| b.is_ascii_hexdigit() || b == b'.')) =>
        {
            Some((Kind::Skip, BSD))
        }
        _ => None,
    };
    if fixed.is_some() {
        return Ok(fixed);
    }
    if let Some(n) = text.strip_prefix("Request timeout for icmp_seq ") {
        count(line, n)?;
        return Ok(Some((Kind::Failure { received: false }, BSD)));
    }
    if let Some(rest) = text.strip_prefix("Reply from ") {
        return windows_reply(line, rest);
    }
    if text.contains(" packets transmitted, ") {
        return unix_summary(line, text);
    }
    if text.starts_with("Packets: Sent = ") {
        return windows_summary(line, text);
    }
    if text.starts_with("rtt ") || text.starts_with("pipe ") || text.starts_with("ipg/ewma ") {
        return iputils_rtt(line, text);
    }
    let bsd_rtt = ["round-trip min/avg/max/stddev = ", "round-trip min/avg/max/std-dev = "];
    if let Some(values) = bsd_rtt.iter().find_map(|prefix| text.strip_prefix(prefix)) {
        return Ok(Some((Kind::Rtt(four(line, values, ["min", "avg", "max", "stddev"])?), BSD)));
    }
    if text.starts_with("Minimum = ") {
        return windows_rtt(line, text);
    }
    Ok(shell(text).map(|kind| (kind, ANY)))
}

/// Lines iputils' -D may stamp: a reply (iputils' or BSD's), an ICMP error, `no answer yet`.
fn stampable<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
    if let Some(rest) = text.strip_prefix("From ") {
        // `From 10.0.0.1 icmp_seq=1 Frag needed and DF set (mtu = 1500)`.
        let seq = rest.split_once(" icmp_seq=").or_else(|| rest.split_once(" icmp_req="));
        let (_, rest) = seq.ok_or("iputils' `From HOST icmp_seq=N …` line without its icmp_seq")?;
        let (n, why) = rest.split_once(' ').unwrap_or((rest, ""));
        count(line, n)?;
        if why.trim().is_empty() {
            return Err("iputils' `From HOST icmp_seq=N …` line without its message".into());
        }
        return Ok(Some((Kind::Failure { received: false }, IPUTILS)));
    }
    if let Some(n) = text.strip_prefix("no answer yet for icmp_seq=") {
        count(line, n)?;
        return Ok(Some((Kind::Skip, IPUTILS)));
    }
    let Some((size, rest)) = text.split_once(" bytes from ") else { return Ok(None) };
    let bytes = count(line, size)?;
    let (_host, body) =
        rest.split_once(": ").ok_or("a reply names its host and a colon: `64 bytes from HOST: …`")?;
    let Some(seq) = body.strip_prefix("icmp_seq=").or_else(|| body.strip_prefix("icmp_req=")) else {
        // BSD prints an ICMP error as `92 bytes from HOST: Destination Host Unreachable`.
        if BSD_ICMP.split('|').any(|start| body.starts_with(start)) {
            return Ok(Some((Kind::Failure { received: false }, BSD)));
        }
        return Err("a reply line goes on `icmp_seq=N ttl=N time=T ms`".into());
    };
    let mut words = seq.split(' ');
    let seq = count(line, words.next().unwrap_or(""))?;
    let ttl =
        count(line, words.next().and_then(|w| w.strip_prefix("ttl=")).ok_or("a reply gives its `ttl=N`")?)?;
    let exact = |(n, at): Count, unit| Value::exact(n as f64, unit, at);
    // `64 bytes` counts ICMP's 8-byte header with the payload (`-s 56`), as ping printed it.
    let mut fields = vec![
        ("seq", exact(seq, Unit::Count)),
        ("bytes", exact(bytes, Unit::Byte)),
        ("ttl", exact(ttl, Unit::Count)),
    ];
    let mut next = words.next();
    let timed = match next.and_then(|w| w.strip_prefix("time=")) {
        Some(t) if words.next() == Some("ms") => {
            fields.push(("time", ms(line, t, &format!("{t} ms"))?));
            next = words.next();
            true
        }
        Some(_) => return Err("a reply's time is `time=T ms`".into()),
        None => {
            fields.push(("time", Tree::Absent(UNTIMED.into())));
            false
        }
    };
    let mut mark = Mark::Plain;
    while let Some(word) = next {
        match (word, mark == Mark::Plain) {
            ("(DUP!)", true) => mark = Mark::Duplicate,
            ("(BAD", true) if words.next() == Some("CHECKSUM!)") => mark = Mark::Corrupt,
            ("(truncated)", _) => {}
            _ => return Err(format!("`{word}` is not part of a reply line ping prints")),
        }
        next = words.next();
    }
    Ok(Some((Kind::Reply(Reply { fields, timed, mark }), UNIX)))
}

/// `Reply from HOST: bytes=32 time=1ms TTL=64` (IPv6: `Reply from ::1: time<1ms`), or an
/// ICMP error Windows counts as received (`Reply from HOST: Destination host unreachable.`).
fn windows_reply<'a>(line: &Line<'a>, rest: &'a str) -> Read<'a> {
    let (_host, body) = rest.split_once(": ").ok_or("Windows' reply is `Reply from HOST: …`")?;
    if !body.starts_with("bytes=") && !body.starts_with("time") {
        if body.ends_with('.') && !body.contains('=') && body.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Ok(Some((Kind::Failure { received: true }, WINDOWS)));
        }
        return Err("Windows' reply goes on `bytes=N time=Tms TTL=N`".into());
    }
    let mut words = body.split(' ').peekable();
    // Windows prints a reply's size and TTL for IPv4 only.
    let ipv6 = || Tree::Absent("Windows prints no size nor TTL for an IPv6 reply".into());
    // `bytes=32` is the payload alone, unlike iputils' and BSD's `64 bytes`.
    let bytes = match words.next_if(|w| w.starts_with("bytes=")).and_then(|w| w.strip_prefix("bytes=")) {
        Some(n) => Some(count(line, n)?),
        None => None,
    };
    let time = match words.next() {
        Some("time<1ms") => Tree::Absent("Windows printed time<1ms: under a millisecond, not a value".into()),
        Some(word) => match word.strip_prefix("time=").and_then(|w| w.strip_suffix("ms")) {
            Some(n) => ms(line, n, &format!("{n}ms"))?,
            None => return Err(format!("`{word}` is not a time Windows prints (`time=1ms`, `time<1ms`)")),
        },
        None => return Err("Windows' reply gives its time".into()),
    };
    let (bytes, ttl) = match bytes {
        Some((n, at)) => {
            let ttl =
                words.next().and_then(|w| w.strip_prefix("TTL=")).ok_or("Windows' reply ends in `TTL=N`")?;
            let (ttl, ttl_at) = count(line, ttl)?;
            (Value::exact(n as f64, Unit::Byte, at), Value::exact(ttl as f64, Unit::Count, ttl_at))
        }
        None => (ipv6(), ipv6()),
    };
    if let Some(word) = words.next() {
        return Err(format!("`{word}` is not part of a reply line Windows prints"));
    }
    let fields = vec![("bytes", bytes), ("ttl", ttl), ("time", time)];
    Ok(Some((Kind::Reply(Reply { fields, timed: true, mark: Mark::Plain }), WINDOWS)))
}

/// `3 packets transmitted, 3 received, +1 duplicates, +2 errors, 0% packet loss, time 406ms`
/// (iputils) or `4 packets transmitted, 4 packets received, 0.0% packet loss` (BSD).
fn unix_summary<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
    let mut parts = text.split(", ");
    let tx = parts.next().and_then(|p| p.strip_suffix(" packets transmitted")).unwrap_or("");
    let mut s = Summary { transmitted: count(line, tx)?, ..Summary::default() };
    let rx = parts.next().unwrap_or("");
    let (n, flavour) = match (rx.strip_suffix(" packets received"), rx.strip_suffix(" received")) {
        (Some(n), _) => (n, BSD),
        (None, Some(n)) => (n, IPUTILS),
        _ => return Err("ping's summary goes on `N received`".into()),
    };
    s.received = count(line, n)?;
    for part in parts {
        let plus = |what: &str| part.strip_prefix('+').and_then(|p| p.strip_suffix(what));
        let iputils = |n: Option<&'a str>| n.filter(|_| flavour == IPUTILS);
        if let Some(p) = part.strip_suffix("% packet loss") {
            s.loss = Some((p, line.range_of(p)));
        } else if let Some(n) = plus(" duplicates") {
            s.duplicates = Some(count(line, n)?);
        } else if let Some(n) = iputils(plus(" errors")) {
            s.errors = Some(count(line, n)?);
        } else if let Some(n) = iputils(plus(" corrupted")) {
            s.corrupted = Some(count(line, n)?);
        } else if let Some(n) = iputils(part.strip_prefix("time ").and_then(|p| p.strip_suffix("ms"))) {
            count(line, n)?;
        } else if let Some(n) = part.strip_suffix(" packets out of wait time").filter(|_| flavour == BSD) {
            count(line, n)?;
        } else {
            return Err(format!("`{part}` is not part of ping's summary"));
        }
    }
    Ok(Some((Kind::Summary(s), flavour)))
}

/// `    Packets: Sent = 4, Received = 3, Lost = 1 (25% loss),`.
fn windows_summary<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
    let bad = || "Windows' summary is `Packets: Sent = N, Received = N, Lost = N (P% loss),`".to_string();
    let rest = text.strip_prefix("Packets: Sent = ").ok_or_else(bad)?;
    let (sent, rest) = rest.split_once(", Received = ").ok_or_else(bad)?;
    let (received, rest) = rest.split_once(", Lost = ").ok_or_else(bad)?;
    let (lost, rest) = rest.split_once(" (").ok_or_else(bad)?;
    let loss = rest.strip_suffix("% loss),").ok_or_else(bad)?;
    let s = Summary {
        transmitted: count(line, sent)?,
        received: count(line, received)?,
        lost: Some(count(line, lost)?),
        loss: Some((loss, line.range_of(loss))),
        ..Summary::default()
    };
    Ok(Some((Kind::Summary(s), WINDOWS)))
}

/// `rtt min/avg/max/mdev = 0.032/0.042/0.049/0.007 ms, pipe 2, ipg/ewma 0.040/0.035 ms`.
fn iputils_rtt<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
    let mut rtt = Vec::new();
    for part in text.split(", ") {
        if let Some(values) = part.strip_prefix("rtt min/avg/max/mdev = ") {
            rtt = four(line, values, ["min", "avg", "max", "mdev"])?;
        } else if let Some(n) = part.strip_prefix("pipe ") {
            count(line, n)?;
        } else if let Some(values) = part.strip_prefix("ipg/ewma ").and_then(|v| v.strip_suffix(" ms")) {
            for v in values.split('/') {
                plain_decimal(v).ok_or_else(|| format!("`{v}` is not a time ping prints"))?;
            }
        } else {
            return Err(format!("`{part}` is not part of ping's round-trip line"));
        }
    }
    Ok(Some((Kind::Rtt(rtt), IPUTILS)))
}

/// `0.032/0.042/0.049/0.007 ms`, named.
fn four(line: &Line<'_>, values: &str, names: [&'static str; 4]) -> Result<Times, String> {
    let parts: Vec<&str> = values.strip_suffix(" ms").unwrap_or("").split('/').collect();
    if parts.len() != 4 {
        return Err("ping prints four round-trip times, `min/avg/max/… = A/B/C/D ms`".into());
    }
    names.into_iter().zip(parts).map(|(name, n)| Ok((name, ms(line, n, &format!("{n} ms"))?))).collect()
}

/// `    Minimum = 1ms, Maximum = 2ms, Average = 1ms`.
fn windows_rtt<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
    let parts: Vec<&str> = text.split(", ").collect();
    let names = [("Minimum = ", "min"), ("Maximum = ", "max"), ("Average = ", "avg")];
    if parts.len() != names.len() {
        return Err("Windows' times are `Minimum = Nms, Maximum = Nms, Average = Nms`".into());
    }
    let mut rtt = Vec::new();
    for ((prefix, name), part) in names.into_iter().zip(parts) {
        let n = part.strip_prefix(prefix).and_then(|p| p.strip_suffix("ms"));
        let n = n.ok_or_else(|| format!("`{part}` is not a time Windows prints here"))?;
        rtt.push((name, ms(line, n, &format!("{n}ms"))?));
    }
    Ok(Some((Kind::Rtt(rtt), WINDOWS)))
}

/// A shell prompt (`user@host:~$`, `C:\Users\me>`), bare or before the `ping` command.
fn shell(text: &str) -> Option<Kind<'static>> {
    let (before, after) = text.split_once(['$', '#', '%', '>']).unwrap_or(("", text));
    let mut words = after.split_whitespace();
    let command = match words.next() {
        Some("sudo") => words.next(),
        word => word,
    };
    match command {
        _ if before.split_whitespace().count() > 2 => None,
        None => Some(Kind::Skip),
        Some("ping" | "ping6" | "ping.exe" | "PING.EXE") => Some(Kind::Command),
        Some(_) => None,
    }
}

#[cfg(test)]
#[path = "ping_tests.rs"]
mod tests;
