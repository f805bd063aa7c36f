//! The lines Windows ping prints in English: a reply (`Reply from HOST: bytes=32 time=1ms
//! TTL=64`, IPv6's `Reply from ::1: time<1ms`) or an ICMP error it counts as received, the
//! summary (`Packets: Sent = 4, Received = 3, Lost = 1 (25% loss),`) and the round-trip times
//! (`Minimum = 1ms, Maximum = 2ms, Average = 1ms`).
//!
//! Owns what each of these lines says. It does not read the fixed lines Windows prints
//! (`Request timed out.`, the headings: `line` does), iputils' or BSD's lines (`unix`), nor
//! check a line against the others (the importer).

use super::super::{Line, Tree, Value};
use super::{Kind, Mark, Read, Reply, Summary, WINDOWS};
use super::{count, ms};
use crate::number::Unit;

/// `Reply from HOST: bytes=32 time=1ms TTL=64` (IPv6: `Reply from ::1: time<1ms`), or an
/// ICMP error Windows counts as received (`Reply from HOST: Destination host unreachable.`).
pub(super) fn windows_reply<'a>(line: &Line<'a>, rest: &'a str) -> Read<'a> {
    let (_host, body) = rest.split_once(": ").ok_or("Windows' reply is `Reply from HOST: …`")?;
    if !body.starts_with("bytes=") && !body.starts_with("time") {
        if body.ends_with('.') && !body.contains('=') && body.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Ok(Some((Kind::Failure { received: true, mtu: None }, WINDOWS)));
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

/// `    Packets: Sent = 4, Received = 3, Lost = 1 (25% loss),`.
pub(super) fn windows_summary<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
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

/// `    Minimum = 1ms, Maximum = 2ms, Average = 1ms`.
pub(super) fn windows_rtt<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
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
