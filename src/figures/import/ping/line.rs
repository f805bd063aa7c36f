//! One line of ping's output, read: which pings print it and what it is (a reply, an error
//! ping prints in a reply's place, a header, the statistics, the summary, the round-trip
//! times, a shell prompt or a line read and left).
//!
//! Owns sending a line to its reader (iputils' -D stamp, the fixed lines, BSD's IP header
//! dump, the shell's prompt and `ping` command here; iputils' and BSD's replies, summary and
//! times in `unix`, Windows' in `windows`) and what a line holds, each at its place (its
//! counts and times are read by `count` and `ms` of the importer's front, which every
//! reader shares). It does not decide whether the lines belong together (their order, one run, one
//! ping: the importer does), and a line it cannot read is `None` or why, never guessed.

use super::super::Line;
use super::unix::{four, iputils_rtt, mtu_in, stampable, unix_summary};
use super::windows::{windows_reply, windows_rtt, windows_summary};
use super::{ANY, BSD, IPUTILS, Kind, Read, UNIX, WINDOWS, count, digits};

/// The error lines Windows prints in place of a reply; it counts them as lost.
const WINDOWS_FAILURES: &str = "Request timed out.|Destination host unreachable.|Destination net unreachable.|\
    General failure.|Transmit failed. General failure.|PING: transmit failed. General failure.|\
    Packet needs to be fragmented but DF set.|Hardware error.|TTL expired in transit.";

/// Reads one line; `previous` is the line before it (BSD's IP header dump is two lines).
pub(super) fn classify<'a>(line: &Line<'a>, previous: &str) -> Read<'a> {
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
    let failure = Kind::Failure { received: false, mtu: mtu_in(line, text) };
    let header = || header_sizes(line, text);
    let fixed = match text {
        "" | "^C" | "Control-C" => Some((Kind::Skip, ANY)),
        "Approximate round trip times in milli-seconds:" => Some((Kind::RttHeading, WINDOWS)),
        _ if WINDOWS_FAILURES.split('|').any(|f| f == text) => Some((failure, WINDOWS)),
        _ if text.starts_with("PING ") && text.ends_with("bytes of data.") => Some((header()?, IPUTILS)),
        // iputils' IPv6 header says `56 data bytes` as BSD's does.
        _ if text.starts_with("PING ") && text.ends_with(" data bytes") => Some((header()?, UNIX)),
        _ if text.starts_with("Pinging ") && text.ends_with(" bytes of data:") => Some((header()?, WINDOWS)),
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
        return Ok(Some((Kind::Failure { received: false, mtu: None }, BSD)));
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

/// The sizes a header gives: `56(84) bytes of data.` (iputils: the payload, and the IP
/// packet), `56 data bytes` (BSD, iputils' IPv6), `with 32 bytes of data:` (Windows).
fn header_sizes<'a>(line: &Line<'a>, text: &'a str) -> Result<Kind<'a>, String> {
    let before = text
        .strip_suffix(" bytes of data.")
        .or_else(|| text.strip_suffix(" data bytes"))
        .or_else(|| text.strip_suffix(" bytes of data:"))
        .unwrap_or(text);
    let word = before.rsplit(' ').next().unwrap_or("");
    if let Some((size, packet)) = word.strip_suffix(')').and_then(|w| w.split_once('(')) {
        return Ok(Kind::Header(Some(count(line, size)?), Some(count(line, packet)?)));
    }
    Ok(Kind::Header(Some(count(line, word)?), None))
}
