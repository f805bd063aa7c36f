//! The lines Linux iputils and BSD/macOS ping print alike or nearly: a reply (`64 bytes from
//! HOST: icmp_seq=1 ttl=64 time=0.045 ms`, `(DUP!)`, `(BAD CHECKSUM!)`), an ICMP error in its
//! place, `no answer yet`, the summary (`N packets transmitted, …`) and the round-trip times.
//!
//! Owns what each of these lines says and which of the two pings prints it (iputils' `N
//! received` and `+N errors`, BSD's `N packets received`). It does not read Windows' lines
//! (`windows`), iputils' -D stamp nor the fixed lines (`line`), nor check a line against the
//! others (the importer).

use super::super::{Line, Tree, Value, plain_decimal};
use super::{BSD, Count, IPUTILS, Kind, Mark, Read, Reply, Summary, Times, UNIX, UNTIMED};
use super::{count, ms};
use crate::number::Unit;

/// How BSD's `pr_icmph` starts the ICMP errors it prints as `92 bytes from HOST: …`.
const BSD_ICMP: &str = "Destination |Dest Unreachable|frag needed|Source |Redirect|Time to live exceeded|\
    Frag reassembly|Time exceeded|Parameter problem|Communication prohibited|Host precedence|\
    Precedence cutoff|Bad ICMP type";

/// Lines iputils' -D may stamp: a reply (iputils' or BSD's), an ICMP error, `no answer yet`.
pub(super) fn stampable<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
    if let Some(rest) = text.strip_prefix("From ") {
        // `From 10.0.0.1 icmp_seq=1 Frag needed and DF set (mtu = 1500)`.
        let seq = rest.split_once(" icmp_seq=").or_else(|| rest.split_once(" icmp_req="));
        let (_, rest) = seq.ok_or("iputils' `From HOST icmp_seq=N …` line without its icmp_seq")?;
        let (n, why) = rest.split_once(' ').unwrap_or((rest, ""));
        count(line, n)?;
        if why.trim().is_empty() {
            return Err("iputils' `From HOST icmp_seq=N …` line without its message".into());
        }
        return Ok(Some((Kind::Failure { received: false, mtu: mtu_in(line, text) }, IPUTILS)));
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
            return Ok(Some((Kind::Failure { received: false, mtu: mtu_in(line, text) }, BSD)));
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

/// `3 packets transmitted, 3 received, +1 duplicates, +2 errors, 0% packet loss, time 406ms`
/// (iputils) or `4 packets transmitted, 4 packets received, 0.0% packet loss` (BSD).
pub(super) fn unix_summary<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
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

/// `rtt min/avg/max/mdev = 0.032/0.042/0.049/0.007 ms, pipe 2, ipg/ewma 0.040/0.035 ms`.
pub(super) fn iputils_rtt<'a>(line: &Line<'a>, text: &'a str) -> Read<'a> {
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
pub(super) fn four(line: &Line<'_>, values: &str, names: [&'static str; 4]) -> Result<Times, String> {
    let parts: Vec<&str> = values.strip_suffix(" ms").unwrap_or("").split('/').collect();
    if parts.len() != 4 {
        return Err("ping prints four round-trip times, `min/avg/max/… = A/B/C/D ms`".into());
    }
    names.into_iter().zip(parts).map(|(name, n)| Ok((name, ms(line, n, &format!("{n} ms"))?))).collect()
}

/// The MTU an error line names: `mtu=1500` (iputils' local error), `(mtu = 1492)` (iputils'
/// `Frag needed`), `(MTU 1492)` (BSD).
pub(super) fn mtu_in<'a>(line: &Line<'a>, text: &'a str) -> Option<super::Count> {
    let at = text.to_ascii_lowercase().find("mtu")?;
    let rest = text[at + 3..].trim_start_matches([' ', '=']);
    let digits = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
    count(line, digits).ok()
}
