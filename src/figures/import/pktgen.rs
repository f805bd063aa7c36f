//! netmap `pkt-gen` logs: the per-second rate lines its `main_thread` prints and the totals
//! it prints when it ends, for a receiver (`pkt-gen -f rx`) or a sender (`-f tx`), with `-N`
//! (plain numbers: `745674 pps`) or without (`745.674 Kpps`).
//!
//! Owns these fields (at the run, as `rundata` places them):
//! - `seconds.N.{pps, packets, bits_per_second, seconds, avg_batch, min_space}`: a
//!   receiver's rate lines in order, from 0 (`median(drop_ends(runs.r.seconds.*.pps, 1))`);
//!   `bits_per_second` and the last two only where the line prints them (older pkt-gen
//!   prints `729113 pps (730571 pkts in 1002000 usec)`).
//! - `received.{packets, bytes, events, packet_bytes, seconds, pps, bits_per_second,
//!   raw_bits_per_second, avg_batch}`: a receiver's totals (`Received … packets … bytes …`
//!   and its `Speed:` line).
//! - A sender's log gives the same under `sent.` (`sent.seconds.N.*`, `sent.packets`), and
//!   `seconds` and `received` are absent with why: what a sender printed is never taken as
//!   received.
//!
//! A log cut before its totals (the bench killed pkt-gen: `Terminated`) has its rate lines,
//! and `received` is absent with the line it was cut at.
//!
//! Refused, at the line: a line pkt-gen does not print (a log line is `SSS.UUUUUU function
//! [LINE] message`; a bench's `CMD …` line, blank lines and the shell's `Terminated` are
//! known); a rate line not of pkt-gen's shape, or whose pps is not its packets over its
//! microseconds (an edited line); a rate or total after the totals, or a second
//! `interface is` after rate lines (two runs in one file); a log that is both a receiver's
//! and a sender's; totals of nothing (`Received nothing.`: the run did not run). The bench's
//! `.pps` file of one rate a run is `pktgen_pps`'s; no statistic is computed (`expr::stats`).

use super::{ImportError, Imported, Line, Tree, Value, lines, words};
use crate::number::{Printed, Unit};

/// Which side of the test a log is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Receiver,
    Sender,
}

impl Role {
    fn flag(self) -> &'static str {
        match self {
            Role::Receiver => "a receiver's (`-f rx`)",
            Role::Sender => "a sender's (`-f tx`)",
        }
    }
}

/// What was read so far, line by line.
#[derive(Default)]
struct Log {
    role: Option<(Role, usize)>,
    seconds: Vec<Tree>,
    /// The totals (`Received …` and its `Speed:` line) and the 1-based line they start at.
    totals: Option<(Vec<(String, Tree)>, usize)>,
    /// Where the shell said pkt-gen was ended (`Terminated`), 1-based.
    cut: Option<usize>,
    /// The line of the first `interface is`, 1-based.
    interface: Option<usize>,
    /// Words looked at: a linear-time test counts them.
    work: usize,
}

/// Reads a `pkt-gen` log, or its bench's `.pps` file (known by what it holds).
pub(crate) fn import_pktgen(text: &str) -> Result<Imported, ImportError> {
    let read = if super::pktgen_pps::is_pps(text) { super::pktgen_pps::read } else { read };
    read(text).map(|(imported, _)| imported)
}

/// The import and the number of words it looked at (each once: the log is read in one pass).
pub(crate) fn read(text: &str) -> Result<(Imported, usize), ImportError> {
    let mut log = Log::default();
    for (index, line) in lines(text).iter().enumerate() {
        log.line(line, index + 1)?;
    }
    let Some((role, _)) = log.role else {
        return Err(ImportError::whole(
            "this is no pkt-gen log tally can read: it holds no receiver's or sender's line (`receiver_body`, `sender_body`, `Received …`, `Sent …`, or a `CMD` line with `-f rx` or `-f tx`)",
        ));
    };
    if log.seconds.is_empty() && log.totals.is_none() {
        return Err(ImportError::whole(
            "the log holds no rate line (`… main_thread [N] 745674 pps (…)`) and no totals: pkt-gen printed no figure",
        ));
    }
    let totals = match log.totals {
        Some((totals, _)) => Tree::Map(totals),
        None => Tree::Absent(match log.cut {
            Some(line) => format!(
                "the log ends at line {line} (the shell's `Terminated`) before pkt-gen printed its totals: state the rate lines' figures (`seconds.N.pps`), or let pkt-gen end by itself (`-n PACKETS`)"
            ),
            None => "the log ends before pkt-gen printed its totals (`Received … packets …`)".to_string(),
        }),
    };
    let seconds = Tree::List(log.seconds);
    let fields = match role {
        Role::Receiver => Tree::map([("seconds", seconds), ("received", totals)]),
        Role::Sender => {
            let why = "a sender's log (`pkt-gen -f tx`): its lines are what it sent; record the receiver's (`pkt-gen -f rx`) for what was received";
            let mut sent = match totals {
                Tree::Map(entries) => entries,
                absent => vec![("totals".to_string(), absent)],
            };
            sent.insert(0, ("seconds".to_string(), seconds));
            Tree::map([
                ("seconds", Tree::Absent(why.to_string())),
                ("received", Tree::Absent(why.to_string())),
                ("sent", Tree::Map(sent)),
            ])
        }
    };
    let format = if role == Role::Receiver { "pkt-gen (receiver)" } else { "pkt-gen (sender)" };
    Ok((Imported { format, fields }, log.work))
}

impl Log {
    fn line(&mut self, line: &Line<'_>, number: usize) -> Result<(), ImportError> {
        let text = line.text.trim_end();
        let words = words(line);
        self.work += words.len() + 1;
        if text.is_empty() {
            return Ok(());
        }
        if text.starts_with("CMD") {
            // bench-lab's `CMD on HOST: pkt-gen -N -f rx -i igb3`.
            let flags: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
            for pair in flags.windows(2) {
                match pair {
                    ["-f", "rx"] => self.side(Role::Receiver, number, line)?,
                    ["-f", "tx"] => self.side(Role::Sender, number, line)?,
                    _ => {}
                }
            }
            return Ok(());
        }
        if matches!(text, "Terminated" | "Killed") {
            self.cut = Some(number);
            return Ok(());
        }
        if let Some(rest) = text.strip_prefix("Received ").or_else(|| text.strip_prefix("Sent ")) {
            let role = if text.starts_with("Received") { Role::Receiver } else { Role::Sender };
            self.side(role, number, line)?;
            return self.totals(rest, &words, line, number);
        }
        if text.starts_with("Speed:") {
            return self.speed(&words, line);
        }
        let [(stamp, _), (function, _), (source_line, _), ..] = words.as_slice() else {
            return Err(unknown(line, text));
        };
        if !is_stamp(stamp) || !is_source_line(source_line) || !is_function(function) {
            return Err(unknown(line, text));
        }
        let message = &words[3..];
        let has_rate = message.iter().any(|(w, _)| w.ends_with("pps"));
        match (*function, has_rate) {
            ("main_thread", true) => {
                self.after_totals(line, number, "a rate line")?;
                let second = rate_line(message, line)?;
                self.seconds.push(second);
            }
            (_, true) => {
                return Err(ImportError::at(
                    format!(
                        "a rate in a `{function}` line: pkt-gen prints its rates in `main_thread` lines only"
                    ),
                    line.range(),
                ));
            }
            ("receiver_body", _) => self.side(Role::Receiver, number, line)?,
            ("sender_body", _) => self.side(Role::Sender, number, line)?,
            ("main", _) if message.iter().map(|(w, _)| *w).take(2).eq(["interface", "is"]) => {
                if let Some(first) = self.interface.filter(|_| !self.seconds.is_empty()) {
                    return Err(ImportError::at(
                        format!(
                            "pkt-gen starts again here (its first start is at line {first}): two runs in one file; give each run its own file"
                        ),
                        line.range(),
                    ));
                }
                self.interface.get_or_insert(number);
            }
            // pkt-gen's other log lines: settings and progress, no figure.
            _ => {}
        }
        Ok(())
    }

    /// Records which side the log is; a log of both sides is an error at the line.
    fn side(&mut self, role: Role, number: usize, line: &Line<'_>) -> Result<(), ImportError> {
        match self.role {
            Some((known, first)) if known != role => Err(ImportError::at(
                format!(
                    "this line is {}, line {first} {}: a file holds one side's log",
                    role.flag(),
                    known.flag()
                ),
                line.range(),
            )),
            Some(_) => Ok(()),
            None => {
                self.role = Some((role, number));
                Ok(())
            }
        }
    }

    fn after_totals(&self, line: &Line<'_>, number: usize, what: &str) -> Result<(), ImportError> {
        match &self.totals {
            Some((_, at)) => Err(ImportError::at(
                format!(
                    "{what} after pkt-gen's totals (line {at}): two runs in one file; give each run its own file (line {number})"
                ),
                line.range(),
            )),
            None => Ok(()),
        }
    }

    /// `Received 12345 packets 740000 bytes 67 events 60 bytes each in 10.00 seconds.`
    fn totals(
        &mut self,
        rest: &str,
        words: &[(&str, std::ops::Range<usize>)],
        line: &Line<'_>,
        number: usize,
    ) -> Result<(), ImportError> {
        self.after_totals(line, number, "totals")?;
        if rest == "nothing." {
            return Err(ImportError::at(
                "pkt-gen got no packet: the run did not run; mark it `failed:` with why",
                line.range(),
            ));
        }
        let expected = "expected `Received N packets N bytes N events N bytes each in S.SS seconds.`";
        let shape = |i: usize, word: &str| words.get(i).is_some_and(|(w, _)| *w == word);
        let labels = [(2, "packets"), (4, "bytes"), (6, "events"), (8, "bytes"), (9, "each"), (10, "in")];
        if words.len() != 13 || !labels.iter().all(|(i, w)| shape(*i, w)) || !shape(12, "seconds.") {
            return Err(ImportError::at(format!("not pkt-gen's totals: {expected}"), line.range()));
        }
        let count = |i: usize, unit: Unit| -> Result<Tree, ImportError> {
            let (word, at) = &words[i];
            let n = integer(word).ok_or_else(|| {
                ImportError::at(format!("`{word}` is not a whole number: {expected}"), at.clone())
            })?;
            Ok(Value::exact(n, unit, at.clone()))
        };
        let (seconds_word, seconds_at) = &words[11];
        let seconds = Value::printed(
            "pkt-gen",
            &format!("{seconds_word} seconds"),
            seconds_word,
            Unit::Second,
            seconds_at.clone(),
        )
        .ok_or_else(|| {
            ImportError::at(
                format!("`{seconds_word}` is not a number of seconds: {expected}"),
                seconds_at.clone(),
            )
        })?;
        let entries = vec![
            ("packets".to_string(), count(1, Unit::Count)?),
            ("bytes".to_string(), count(3, Unit::Byte)?),
            ("events".to_string(), count(5, Unit::Count)?),
            ("packet_bytes".to_string(), count(7, Unit::Byte)?),
            ("seconds".to_string(), seconds),
        ];
        self.totals = Some((entries, number));
        Ok(())
    }

    /// `Speed: 745.674 Kpps Bandwidth: 357.924 Mbps (raw 357.924 Mbps). Average batch: 11.09 pkts`
    fn speed(
        &mut self,
        words: &[(&str, std::ops::Range<usize>)],
        line: &Line<'_>,
    ) -> Result<(), ImportError> {
        let Some((totals, _)) = self.totals.as_mut().filter(|(t, _)| t.len() == 5) else {
            return Err(ImportError::at(
                "a `Speed:` line that follows no `Received …`/`Sent …` line: pkt-gen prints it right after its totals",
                line.range(),
            ));
        };
        let w: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
        let expected = "expected `Speed: N pps Bandwidth: N bps (raw N bps). Average batch: N pkts`";
        let shaped = w.len() == 13
            && w[3] == "Bandwidth:"
            && w[6] == "(raw"
            && w[9] == "Average"
            && w[10] == "batch:"
            && w[12] == "pkts";
        if !shaped {
            return Err(ImportError::at(format!("not pkt-gen's `Speed:` line: {expected}"), line.range()));
        }
        let raw_unit = w[8].strip_suffix(").").unwrap_or("");
        let pps = rate(words[1].0, w[2], &words[1].1, "pps", line)?;
        let bps = rate(words[4].0, w[5], &words[4].1, "bps", line)?;
        let raw = rate(words[7].0, raw_unit, &words[7].1, "bps", line)?;
        let batch =
            Value::printed("pkt-gen", w[11], w[11], Unit::Count, words[11].1.clone()).ok_or_else(|| {
                ImportError::at(format!("`{}` is not a number: {expected}", w[11]), words[11].1.clone())
            })?;
        totals.extend([
            ("pps".to_string(), pps),
            ("bits_per_second".to_string(), bps),
            ("raw_bits_per_second".to_string(), raw),
            ("avg_batch".to_string(), batch),
        ]);
        Ok(())
    }
}

/// A rate line's message: `745674 pps (746454 pkts 357923532 bps in 1001046 usec) 11.06
/// avg_batch 1014 min_space`, the bps part and what follows the parenthesis optional.
fn rate_line(message: &[(&str, std::ops::Range<usize>)], line: &Line<'_>) -> Result<Tree, ImportError> {
    let expected = "expected `N pps (N pkts N bps in N usec) N avg_batch N min_space`";
    let refuse = || ImportError::at(format!("not pkt-gen's rate line: {expected}"), line.range());
    let w: Vec<&str> = message.iter().map(|(w, _)| *w).collect();
    let has_bps = w.len() >= 8 && w[6] == "in";
    let close = if has_bps { 8 } else { 6 };
    let opens = w.len() > close && w[2].starts_with('(') && w[close] == "usec)" && w[close - 2] == "in";
    if !opens {
        return Err(refuse());
    }
    let pps = rate(w[0], w[1], &message[0].1, "pps", line)?;
    let packets_word = &w[2][1..];
    let packets_at = message[2].1.start + 1..message[2].1.end;
    let (packets, packets_step) = count_with_prefix(packets_word, w[3], "pkts", &packets_at, line)?;
    let usec_word = w[close - 1];
    let usec = integer(usec_word).filter(|u| *u > 0.0).ok_or_else(refuse)?;
    let at = |i: usize| message[i].1.clone();
    let mut entries = vec![("pps".to_string(), pps.clone()), ("packets".to_string(), packets.clone())];
    if has_bps {
        entries.push(("bits_per_second".to_string(), rate(w[4], w[5], &message[4].1, "bps", line)?));
    }
    let seconds =
        Value::printed("pkt-gen", &format!("{usec_word} usec"), usec_word, Unit::Microsecond, at(close - 1))
            .ok_or_else(refuse)?;
    entries.push(("seconds".to_string(), seconds));
    let rest = &w[close + 1..];
    match rest {
        [] => {}
        [batch, "avg_batch"] | [batch, "avg_batch", _, "min_space"] => {
            let tree =
                Value::printed("pkt-gen", batch, batch, Unit::Count, at(close + 1)).ok_or_else(refuse)?;
            entries.push(("avg_batch".to_string(), tree));
            if let [_, _, space, _] = rest {
                let n = integer(space).ok_or_else(refuse)?;
                entries.push(("min_space".to_string(), Value::exact(n, Unit::Count, at(close + 3))));
            }
        }
        _ => return Err(refuse()),
    }
    // pkt-gen computes pps as packets × 10^6 ÷ microseconds, rounded: an edited line is
    // seen. The slack is half of each printed step (and one for the rounding).
    if let (Tree::Value(pps), Tree::Value(packets)) = (&pps, &packets) {
        let pps_step = pps.printed.as_ref().map_or(1.0, |_| step_of(w[0]) * pps.unit.factor());
        let expected_pps = packets.value * 1e6 / usec;
        let slack = 1.0 + pps_step / 2.0 + packets_step / 2.0 * 1e6 / usec;
        if (pps.value - expected_pps).abs() > slack {
            return Err(ImportError::at(
                format!(
                    "`{} {}` is not this line's packets over its time ({} packets in {usec_word} µs is {expected_pps:.0} pps): an edited line, or not pkt-gen's",
                    w[0], w[1], packets.value
                ),
                line.range(),
            ));
        }
    }
    Ok(Tree::Map(entries))
}

/// A rate pkt-gen printed: `745674 pps` (`-N`) or `745.674 Kpps`; `base` is `pps` or `bps`.
fn rate(
    number: &str,
    unit: &str,
    at: &std::ops::Range<usize>,
    base: &str,
    line: &Line<'_>,
) -> Result<Tree, ImportError> {
    let prefix = unit.strip_suffix(base);
    let unit_of = match (base, prefix) {
        ("pps", Some("")) => Some(Unit::PacketPerSecond),
        ("pps", Some("K")) => Some(Unit::KilopacketPerSecond),
        ("pps", Some("M")) => Some(Unit::MegapacketPerSecond),
        ("bps", Some("")) => Some(Unit::BitPerSecond),
        ("bps", Some("K")) => Some(Unit::KilobitPerSecond),
        ("bps", Some("M")) => Some(Unit::MegabitPerSecond),
        ("bps", Some("G")) => Some(Unit::GigabitPerSecond),
        ("bps", Some("T")) => Some(Unit::TerabitPerSecond),
        _ => None,
    };
    let Some(tally_unit) = unit_of else {
        return Err(ImportError::at(
            format!(
                "`{number} {unit}` is not a rate pkt-gen prints: expected `N {base}`, `N K{base}` or `N M{base}`"
            ),
            line.range(),
        ));
    };
    let unsigned = (!number.starts_with('-')).then_some(number);
    let printed =
        unsigned.and_then(|n| Value::printed("pkt-gen", &format!("{n} {unit}"), n, tally_unit, at.clone()));
    printed.ok_or_else(|| {
        ImportError::at(
            format!("`{number}` is not a plain number: pkt-gen prints `745674` or `745.674`"),
            at.clone(),
        )
    })
}

/// A count pkt-gen printed, `746454 pkts` or `746.454 Kpkts`, and the step it was printed
/// to (in packets).
fn count_with_prefix(
    number: &str,
    unit: &str,
    base: &str,
    at: &std::ops::Range<usize>,
    line: &Line<'_>,
) -> Result<(Tree, f64), ImportError> {
    let scale = match unit.strip_suffix(base) {
        Some("") => Some((1.0, "")),
        Some("K") => Some((1e3, " thousand")),
        Some("M") => Some((1e6, " million")),
        Some("G") => Some((1e9, " billion")),
        _ => None,
    };
    let parsed = super::plain_decimal(number).filter(|_| !number.starts_with('-'));
    let (Some((factor, word)), Some(value)) = (scale, parsed) else {
        return Err(ImportError::at(
            format!("`{number} {unit}` is not a packet count pkt-gen prints: expected `N pkts` or `N Kpkts`"),
            line.range(),
        ));
    };
    if factor == 1.0 && !number.contains('.') {
        return Ok((Value::exact(value, Unit::Count, at.clone()), 1.0));
    }
    let printed =
        Printed { by: "pkt-gen", as_written: format!("{number} {unit}"), stated: format!("{number}{word}") };
    let tree = Tree::Value(Value {
        value: value * factor,
        unit: Unit::Count,
        printed: Some(printed),
        at: at.clone(),
    });
    Ok((tree, step_of(number) * factor))
}

/// The step a plain decimal was printed to: `745.674` → 0.001, `745674` → 1.
fn step_of(number: &str) -> f64 {
    let decimals = number.split_once('.').map_or(0, |(_, f)| f.len());
    10f64.powi(-(decimals.min(30) as i32))
}

/// A whole number as pkt-gen prints one (digits only), below 2^53.
fn integer(word: &str) -> Option<f64> {
    if word.is_empty() || word.len() > 15 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse::<u64>().ok().map(|n| n as f64)
}

/// pkt-gen's log time: `543.133049` (seconds modulo 1000, microseconds).
fn is_stamp(word: &str) -> bool {
    word.split_once('.').is_some_and(|(s, u)| {
        !s.is_empty()
            && s.len() <= 10
            && s.bytes().all(|b| b.is_ascii_digit())
            && u.len() == 6
            && u.bytes().all(|b| b.is_ascii_digit())
    })
}

/// The source line of a log line: `[2687]`.
fn is_source_line(word: &str) -> bool {
    word.strip_prefix('[')
        .and_then(|w| w.strip_suffix(']'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn is_function(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn unknown(line: &Line<'_>, text: &str) -> ImportError {
    let shown: String = text.chars().take(60).collect();
    ImportError::at(
        format!(
            "`{shown}` is not a line pkt-gen prints: expected its log lines (`543.133049 main_thread [2687] 745674 pps (…)`), its totals (`Received …`, `Speed: …`), a bench's `CMD …` line or the shell's `Terminated`"
        ),
        line.range(),
    )
}

#[cfg(test)]
#[path = "pktgen_tests.rs"]
mod tests;
