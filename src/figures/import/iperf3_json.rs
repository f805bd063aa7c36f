//! iperf3 `--json`, the client's or the server's (`iperf3 -s --json`): the run's `received`,
//! `sent`, `cpu` and `streams`, or with `--bidir` its `forward` and `reverse` directions.
//!
//! Owns reading one iperf3 JSON document whole, with each number's place in the text, and
//! deciding which side's figures each part of it is. It does not recognise the format
//! (`iperf`) nor read iperf3's text output (`iperf3_text`).
//!
//! What is whose: a host's own `intervals` are its side's (a client without `-R` sends, so
//! its intervals are `sent.intervals`; the receiver's are in the server's JSON or in
//! `server_output_json` with `--get-server-output`). A client's `end` holds both sides, the
//! peer's from the results iperf3 exchanges at the end; a server's `end` writes 0 for the
//! client's side, so that side is absent. `-O N`'s omitted intervals are no intervals. An
//! old iperf3's UDP `end.sum` (no `sum_received`) holds what was sent: its bytes are the
//! receiver's only where it says `sender: false`. A file holding anything but one whole
//! document (a `^C`, a second run, a cut-off end, an `error`) is refused: its numbers are
//! not a finished run's.

use std::ops::Range;

mod json;

use json::{JsonNode, Kind, Parser};

use super::{ImportError, Imported, Tree, Value, lines, strict_json};
use crate::number::Unit;

/// Reads `iperf3 --json` output.
pub(crate) fn import_iperf3_json(text: &str) -> Result<Imported, ImportError> {
    let root = read_document(text)?;
    let doc = Doc::new(&root)?;
    Ok(Imported { format: "iperf3 JSON", fields: doc.fields()? })
}

const BIDIR: &str = "a --bidir run has two directions: read forward.received (client to server) or reverse.received (server to client)";

/// The one JSON document `text` holds, refused with what it holds instead.
fn read_document(text: &str) -> Result<JsonNode, ImportError> {
    if text.starts_with('\u{feff}') {
        strict_json(text)?;
    }
    let body_at = text.len() - text.trim_start().len();
    let body = &text[body_at..];
    let first_line = lines(text).into_iter().find(|l| !l.text.trim().is_empty()).map_or(0..0, |l| l.range());
    if body.is_empty() {
        return Err(ImportError::whole("the file is empty: no iperf3 JSON"));
    }
    if let Some(after) = body.strip_prefix("^C") {
        // A terminal echoes Ctrl-C as `^C`: the output was saved from a run stopped by hand.
        let cut = if after.trim_start().starts_with('{') && ends_early(after) {
            ", and the JSON after it stops before its end"
        } else {
            ""
        };
        return Err(ImportError::at(
            format!(
                "the file starts with `^C`, a terminal's echo of Ctrl-C: the run was interrupted{cut}; record one that ran to its end"
            ),
            body_at..body_at + 2,
        ));
    }
    if !body.starts_with('{') {
        let keystroke = body.starts_with("^[") || body.starts_with('\u{1b}');
        let what = if keystroke {
            "a terminal's echo of a key (`^[[A` is the up arrow), not iperf3's output".to_string()
        } else {
            let start: String = body.chars().take(20).collect();
            format!("`{}`, where iperf3 JSON starts with `{{`", start.escape_debug())
        };
        return Err(ImportError::at(format!("not iperf3 JSON: the file starts with {what}"), first_line));
    }
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    match stream.next() {
        Some(Ok(_)) => {}
        Some(Err(e)) if e.classify() == serde_json::error::Category::Eof => {
            let last =
                lines(text).into_iter().rev().find(|l| !l.text.trim().is_empty()).map_or(0..0, |l| l.range());
            return Err(ImportError::at(
                format!(
                    "the JSON stops at byte {} before it closes: the run was cut short, or the file copied while iperf3 was still writing it; a run is read only whole",
                    text.len()
                ),
                last,
            ));
        }
        _ => return Err(strict_json(text).err().unwrap_or_else(|| ImportError::whole("not JSON"))),
    }
    let end = stream.byte_offset();
    let rest_at = end + (text[end..].len() - text[end..].trim_start().len());
    if rest_at < text.len() {
        let line = lines(text)
            .into_iter()
            .find(|l| l.range().contains(&rest_at))
            .map_or(rest_at..text.len(), |l| l.range());
        let number = text[..rest_at].matches('\n').count() + 1;
        let what = if text[rest_at..].starts_with('{') {
            format!(
                "a second JSON document starts at line {number}: the file holds two runs (two outputs appended to one file?); give each run its own file"
            )
        } else {
            format!("text follows the JSON at line {number}: iperf3 writes one document and nothing after it")
        };
        return Err(ImportError::at(what, line));
    }
    // A key written twice with two values is refused here; real iperf3 output writes some
    // twice alike, which says one thing.
    strict_json(text)?;
    Parser::new(text).value(None)
}

/// Whether `text` is JSON that stops before it closes.
fn ends_early(text: &str) -> bool {
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    matches!(stream.next(), Some(Err(e)) if e.classify() == serde_json::error::Category::Eof)
}

/// Which side's figures a part of the document gives.
#[derive(Clone, Copy, PartialEq)]
enum Side {
    Received,
    Sent,
}

impl Side {
    fn name(self) -> &'static str {
        if self == Side::Sent { "sent" } else { "received" }
    }
}

/// One iperf3 document and what it is: whose JSON, which way the data went.
struct Doc<'a> {
    root: &'a JsonNode,
    end: &'a JsonNode,
    server: bool,
    udp: bool,
    bidir: bool,
    /// This host sends in the forward direction (a client without `-R`, a server with it).
    sends_forward: bool,
}

impl<'a> Doc<'a> {
    fn new(root: &'a JsonNode) -> Result<Doc<'a>, ImportError> {
        if !matches!(root.kind, Kind::Object(_)) {
            return Err(ImportError::at(
                "not iperf3 JSON: expected an object with `start` and `end`",
                root.at.clone(),
            ));
        }
        if let Some(error) = root.get("error") {
            let message = match &error.kind {
                Kind::Text(m) => m.clone(),
                _ => "(not a text)".to_string(),
            };
            return Err(ImportError::at(
                format!(
                    "iperf3 reported an error: `{message}`: the run did not finish, and what it wrote (0 for the figures it never received) is not a run's"
                ),
                error.at.clone(),
            ));
        }
        let start = root
            .get("start")
            .ok_or_else(|| ImportError::at("iperf3 JSON has no `start`", root.at.clone()))?;
        let test = start.get("test_start").ok_or_else(|| {
            ImportError::at(
                "`start` has no `test_start`: which way the data went is unknown",
                start.at.clone(),
            )
        })?;
        let server = match (start.get("connecting_to"), start.get("accepted_connection")) {
            (Some(_), None) => false,
            (None, Some(_)) => true,
            _ => {
                return Err(ImportError::at(
                    "`start` has neither or both of `connecting_to` (a client's) and `accepted_connection` (a server's): whose figures these are is unknown",
                    start.at.clone(),
                ));
            }
        };
        let end = match root.get("end") {
            Some(end) if !matches!(&end.kind, Kind::Object(m) if m.is_empty()) => end,
            other => {
                return Err(ImportError::at(
                    "the run has no results (`end` is missing or empty): it was cut short before iperf3 wrote them; nothing is taken from its intervals alone",
                    other.map_or(root.at.clone(), |e| e.at.clone()),
                ));
            }
        };
        let udp = matches!(&test.get("protocol").map(|p| &p.kind), Some(Kind::Text(p)) if p == "UDP");
        let bidir = test.flag("bidir") == Some(true) || end.get("sum_sent_bidir_reverse").is_some();
        let sends_forward = server == test.flag("reverse").unwrap_or(false);
        Ok(Doc { root, end, server, udp, bidir, sends_forward })
    }

    fn fields(&self) -> Result<Tree, ImportError> {
        let cpu = self.cpu()?;
        if !self.bidir {
            let mut fields = self.direction("", self.sends_forward)?;
            fields.push(("cpu".to_string(), cpu));
            return Ok(Tree::Map(fields));
        }
        let absent = || Tree::Absent(BIDIR.to_string());
        Ok(Tree::map([
            ("received", absent()),
            ("sent", absent()),
            ("streams", absent()),
            ("forward", Tree::Map(self.direction("", self.sends_forward)?)),
            ("reverse", Tree::Map(self.direction("_bidir_reverse", !self.sends_forward)?)),
            ("cpu", cpu),
        ]))
    }

    /// `received`, `sent` and `streams` of one direction (`suffix` names its keys).
    fn direction(&self, suffix: &str, sends: bool) -> Result<Vec<(String, Tree)>, ImportError> {
        Ok(vec![
            ("received".to_string(), self.side(Side::Received, suffix, sends)?),
            ("sent".to_string(), self.side(Side::Sent, suffix, sends)?),
            ("streams".to_string(), self.streams(sends)?),
        ])
    }

    /// Why the server's JSON does not give `side`, where it is the client's side.
    fn peer_absent(&self, side: Side, own: bool) -> Option<Tree> {
        (self.server && !own).then(|| {
            Tree::Absent(format!(
                "iperf3's server JSON writes 0 for what the client {}: read the client's JSON, which holds both sides",
                side.name()
            ))
        })
    }

    fn side(&self, side: Side, suffix: &str, sends: bool) -> Result<Tree, ImportError> {
        let own = (side == Side::Sent) == sends;
        if let Some(absent) = self.peer_absent(side, own) {
            return Ok(absent);
        }
        let key = format!("sum_{}{suffix}", side.name());
        let mut fields = match (self.end.get(&key), self.end.get(&format!("sum{suffix}"))) {
            (Some(sum), _) => {
                let mut fields = totals(sum, &key, side)?;
                if self.udp && side == Side::Received {
                    // An iperf3 that writes `sum_received` with no jitter keeps it in `sum`.
                    let losses =
                        if sum.get("jitter_ms").is_some() { sum } else { self.end.get("sum").unwrap_or(sum) };
                    fields.extend(udp_losses(losses, &key, true)?);
                }
                fields
            }
            (None, Some(sum)) if self.udp => self.old_udp(sum, side, sends)?,
            _ => {
                return Err(ImportError::at(
                    format!("`end` has no `{key}`: iperf3 writes the run's totals there"),
                    self.end.at.clone(),
                ));
            }
        };
        let intervals = if own {
            intervals(self.root, suffix, side, sends)?
        } else if let Some(server) = self.root.get("server_output_json") {
            intervals(server, suffix, side, !sends)?
        } else if side == Side::Received {
            Tree::Absent("a client's own intervals are what it sent (sent.intervals): iperf3 writes the receiver's on the server; record the server's JSON (`iperf3 -s --json`), run the client with `--get-server-output`, or with `-R` so that it receives".to_string())
        } else {
            Tree::Absent("a receiving client's intervals are what arrived: the sender's are in the server's JSON (`iperf3 -s --json`) or, with `--get-server-output`, in this one".to_string())
        };
        fields.push(("intervals".to_string(), intervals));
        Ok(Tree::Map(fields))
    }

    /// An iperf3 UDP `end.sum` without `sum_sent`/`sum_received`: its bytes are what was
    /// sent unless it says `sender: false`; its jitter and losses are the receiver's.
    fn old_udp(&self, sum: &JsonNode, side: Side, sends: bool) -> Result<Vec<(String, Tree)>, ImportError> {
        let receivers = sum.flag("sender") == Some(false);
        match side {
            Side::Received if receivers => {
                let mut fields = totals(sum, "end.sum", side)?;
                fields.extend(udp_losses(sum, "end.sum", true)?);
                Ok(fields)
            }
            Side::Received => {
                let why = "this iperf3's UDP `end.sum` holds what was sent, not what arrived (there is no `sum_received`): record the server's JSON, or use an iperf3 whose JSON has `end.sum_received`";
                let mut fields: Vec<(String, Tree)> = ["bytes", "seconds", "bits_per_second"]
                    .map(|k| (k.to_string(), Tree::Absent(why.to_string())))
                    .into();
                fields.extend(udp_losses(sum, "end.sum", false)?);
                Ok(fields)
            }
            Side::Sent if sends && !receivers => totals(sum, "end.sum", side),
            Side::Sent => Ok(["bytes", "seconds", "bits_per_second"]
                .map(|k| {
                    (
                        k.to_string(),
                        Tree::Absent("this iperf3's UDP `end.sum` is not what was sent here".to_string()),
                    )
                })
                .into()),
        }
    }

    /// `streams.N` of the direction this host `sends` in (or receives in), in order.
    fn streams(&self, sends: bool) -> Result<Tree, ImportError> {
        let mut out = Vec::new();
        for (n, stream) in self.end.get("streams").map_or(&[][..], JsonNode::items).iter().enumerate() {
            let path = format!("end.streams[{n}]");
            // With --bidir a stream's own `sender` says its direction (iperf3 ≥ 3.7 writes it);
            // without, every stream goes the run's one way.
            let flag = stream.get("sender").or_else(|| stream.get("udp")).and_then(|s| s.flag("sender"));
            let stream_sends = if self.bidir {
                flag.ok_or_else(|| {
                    ImportError::at(
                        format!("`{path}` of a --bidir run does not say its direction (`sender`)"),
                        stream.at.clone(),
                    )
                })?
            } else {
                sends
            };
            if stream_sends != sends {
                continue;
            }
            let received = match self.peer_absent(Side::Received, !sends) {
                Some(absent) => absent,
                None if self.udp => {
                    let udp = need(stream, "udp", &path)?;
                    let why = "iperf3 writes a UDP stream's sent bytes only (`end.streams[].udp`): what arrived is the run's received, summed over its streams";
                    let mut fields: Vec<(String, Tree)> = ["bytes", "seconds", "bits_per_second"]
                        .map(|k| (k.to_string(), Tree::Absent(why.to_string())))
                        .into();
                    fields.extend(udp_losses(udp, &path, true)?);
                    Tree::Map(fields)
                }
                None => Tree::Map(totals(need(stream, "receiver", &path)?, &path, Side::Received)?),
            };
            let sent = match self.peer_absent(Side::Sent, sends) {
                Some(absent) => absent,
                None => {
                    let sender = need(stream, if self.udp { "udp" } else { "sender" }, &path)?;
                    Tree::Map(totals(sender, &path, Side::Sent)?)
                }
            };
            out.push(Tree::map([("received", received), ("sent", sent)]));
        }
        Ok(Tree::List(out))
    }

    fn cpu(&self) -> Result<Tree, ImportError> {
        let Some(cpu) = self.end.get("cpu_utilization_percent") else {
            let why = || Tree::Absent("iperf3 wrote no `end.cpu_utilization_percent`".to_string());
            return Ok(Tree::map([("local_percent", why()), ("remote_percent", why())]));
        };
        let path = "end.cpu_utilization_percent";
        let remote = if self.server {
            Tree::Absent(
                "iperf3's server JSON writes 0 for the client's CPU: read the client's JSON".to_string(),
            )
        } else {
            number(cpu, "remote_total", path, Unit::Percent)?
        };
        Ok(Tree::map([
            ("local_percent", number(cpu, "host_total", path, Unit::Percent)?),
            ("remote_percent", remote),
        ]))
    }
}

fn need<'n>(node: &'n JsonNode, key: &str, path: &str) -> Result<&'n JsonNode, ImportError> {
    node.get(key).ok_or_else(|| {
        ImportError::at(format!("`{path}` has no `{key}`: iperf3 writes it there"), node.at.clone())
    })
}

/// The number at `node.key`, in `unit`; iperf3 writes none negative.
fn number(node: &JsonNode, key: &str, path: &str, unit: Unit) -> Result<Tree, ImportError> {
    let (value, at) = raw_number(node, key, path)?;
    Ok(Value::exact(value * unit.factor(), unit, at))
}

fn raw_number(node: &JsonNode, key: &str, path: &str) -> Result<(f64, Range<usize>), ImportError> {
    let found = need(node, key, path)?;
    match found.kind {
        // `-0.0` too is refused: iperf3 writes no sign on a zero, so it is an edit.
        Kind::Number(n) if n >= 0.0 && n.is_sign_positive() => Ok((n, found.at.clone())),
        Kind::Number(n) => Err(ImportError::at(
            format!(
                "`{path}.{key}` is {n}: iperf3 writes no negative figure there, and which one was meant is unknown"
            ),
            found.at.clone(),
        )),
        _ => Err(ImportError::at(format!("`{path}.{key}` is not a number"), found.at.clone())),
    }
}

/// Bytes, seconds and bits per second of a sum or a stream (and a sender's retransmits).
fn totals(node: &JsonNode, path: &str, side: Side) -> Result<Vec<(String, Tree)>, ImportError> {
    let mut fields = vec![
        ("bytes".to_string(), number(node, "bytes", path, Unit::Byte)?),
        ("seconds".to_string(), number(node, "seconds", path, Unit::Second)?),
        ("bits_per_second".to_string(), number(node, "bits_per_second", path, Unit::BitPerSecond)?),
    ];
    if side == Side::Sent && node.get("jitter_ms").is_none() {
        let retransmits = match node.get("retransmits") {
            Some(_) => number(node, "retransmits", path, Unit::Count)?,
            None => Tree::Absent("iperf3 wrote no retransmits here: it counts them only where the system reports them (Linux, FreeBSD)".to_string()),
        };
        fields.push(("retransmits".to_string(), retransmits));
    }
    Ok(fields)
}

/// A UDP receiver's jitter and losses; `packets` only where they are the receiver's count.
fn udp_losses(node: &JsonNode, path: &str, with_packets: bool) -> Result<Vec<(String, Tree)>, ImportError> {
    let (jitter_ms, jitter_at) = raw_number(node, "jitter_ms", path)?;
    let (lost, lost_at) = raw_number(node, "lost_packets", path)?;
    let (packets, packets_at) = raw_number(node, "packets", path)?;
    let (percent, percent_at) = raw_number(node, "lost_percent", path)?;
    let expected = if packets > 0.0 { lost / packets * 100.0 } else { 0.0 };
    let lost_percent = if (percent - expected).abs() <= 1e-6 * expected.max(1.0) {
        Value::exact(percent, Unit::Percent, percent_at)
    } else {
        // iperf3 3.14's per-stream UDP figures write 0 % for 1 of 30421 lost.
        Tree::Absent(format!(
            "iperf3 wrote lost_percent {percent} for {lost} of {packets} packets lost, which is {expected}: read lost_packets and packets"
        ))
    };
    let mut fields = vec![
        ("jitter".to_string(), Value::exact(jitter_ms / 1000.0, Unit::Second, jitter_at)),
        ("lost_packets".to_string(), Value::exact(lost, Unit::Count, lost_at)),
        ("lost_percent".to_string(), lost_percent),
    ];
    if with_packets {
        fields.push(("packets".to_string(), Value::exact(packets, Unit::Count, packets_at)));
    }
    Ok(fields)
}

/// The intervals of `doc` (the document or its `server_output_json`) for `side`, whose host
/// `sends` or not in this direction: `-O`'s omitted ones are left out.
fn intervals(doc: &JsonNode, suffix: &str, side: Side, sends: bool) -> Result<Tree, ImportError> {
    let key = format!("sum{suffix}");
    let mut out = Vec::new();
    for (k, interval) in doc.get("intervals").map_or(&[][..], JsonNode::items).iter().enumerate() {
        let path = format!("intervals[{k}].{key}");
        let sum = need(interval, &key, &format!("intervals[{k}]"))?;
        if let Some(flag) = sum.flag("sender")
            && flag != sends
        {
            return Err(ImportError::at(
                format!(
                    "`{path}` says `sender: {flag}`, but in this run its host {}",
                    if sends { "sends" } else { "receives" }
                ),
                sum.at.clone(),
            ));
        }
        if sum.flag("omitted") == Some(true) {
            continue;
        }
        // An interval of no length (a last partial read) covers no second of the run.
        if let (
            Some(json::JsonNode { kind: json::Kind::Number(start), .. }),
            Some(json::JsonNode { kind: json::Kind::Number(end), .. }),
        ) = (sum.get("start"), sum.get("end"))
            && start == end
        {
            continue;
        }
        let mut fields = vec![
            ("start".to_string(), number(sum, "start", &path, Unit::Second)?),
            ("end".to_string(), number(sum, "end", &path, Unit::Second)?),
            ("bytes".to_string(), number(sum, "bytes", &path, Unit::Byte)?),
            ("bits_per_second".to_string(), number(sum, "bits_per_second", &path, Unit::BitPerSecond)?),
        ];
        if side == Side::Received && sum.get("jitter_ms").is_some() {
            fields.extend(udp_losses(sum, &path, true)?);
        }
        out.push(Tree::Map(fields));
    }
    Ok(Tree::List(out))
}

#[cfg(test)]
mod tests;
