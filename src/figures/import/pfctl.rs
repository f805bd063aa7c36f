//! `pfctl -si` and `pfctl -vsi` output, as FreeBSD's (and so OPNsense's and pfSense's)
//! pfctl prints it: pf's status, its state table, its counters.
//!
//! Owns these fields (under `pf.` in the run, with `before`/`after`/`delta` for two
//! readings, as `rundata` places them):
//! - `status` (`Enabled`/`Disabled`, a text), `debug` (a text), and `enabled_seconds` (or
//!   `disabled_seconds`): the time since pf was enabled (or disabled), in seconds, exactly
//!   as the status line gives it in days and HH:MM:SS.
//! - `states.{current, searches, inserts, removals}` (and any other line of the section,
//!   snake_cased: `half-open tcp` → `half_open_tcp`): counts, the `Total` column.
//! - `counters.{match, bad_offset, fragment, short, normalize, memory, bad_timestamp, …}`:
//!   the `Counters` section, each label snake_cased (`bad-offset` → `bad_offset`).
//! - With `-v`: `hostid` and `checksum` (texts), `source_tracking.{current, searches,
//!   inserts, removals}`, `limit_counters.{max_states_per_rule, max_src_states, …}`,
//!   `syncookies.{mode, active}` (texts; `highwater`/`lowwater` in %, `halfopen_states`).
//! - With a `loginterface`: `interface.name` (a text) and `interface.{bytes_in, bytes_out}.
//!   {ipv4, ipv6}` in bytes, `interface.{packets_in, packets_out}.{passed, blocked}.{ipv4,
//!   ipv6}`: counts. The name is a value, not a key: pf shows one interface, and a name may
//!   hold a dot (`vlan0.100`), which would split a path.
//!
//! The `Rate` column (`98.7/s`) is read to be sure of the line but given no field: it is the
//! total over the time since pf was enabled, not over a run. A run's rate is its readings'
//! `delta` over its own seconds.
//!
//! Refused, at the line: a section pfctl does not print, a line no section holds, a line
//! that is not `label  TOTAL  [RATE/s]`, a label pfctl does not print in that section (the
//! labels of every FreeBSD since 9 are known), a label or section written twice (two
//! readings in one file). The two lines pfctl writes on stderr without ALTQ (`No ALTQ support in
//! kernel`, `ALTQ related functions disabled`) are known and skipped. It does not know what
//! a counter means, nor compute deltas.

use std::ops::Range;

use super::{ImportError, Imported, Line, Tree, Value, lines, words};
use crate::number::Unit;

/// The largest integer an f64 holds exactly, and every one below it.
const EXACT_LIMIT: u64 = 1 << 53;

/// A word of a line and its bytes in the whole text.
type Word<'a> = (&'a str, Range<usize>);

/// The section a line is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Interface,
    States,
    SourceTracking,
    Counters,
    LimitCounters,
    Syncookies,
}

impl Section {
    /// The section's key in the fields.
    fn key(self) -> &'static str {
        match self {
            Section::Interface => "interface",
            Section::States => "states",
            Section::SourceTracking => "source_tracking",
            Section::Counters => "counters",
            Section::LimitCounters => "limit_counters",
            Section::Syncookies => "syncookies",
        }
    }
}

/// What has been read so far.
struct Reader {
    fields: Vec<(String, Tree)>,
    section: Option<Section>,
    /// Under `Interface Stats`: `packets_in` or `packets_out` after their heading.
    packets: Option<&'static str>,
    seen: Vec<&'static str>,
}

/// Reads `pfctl -si` (or `-vsi`) output.
pub(crate) fn import_pfctl(text: &str) -> Result<Imported, ImportError> {
    let mut reader = Reader { fields: Vec::new(), section: None, packets: None, seen: Vec::new() };
    for line in lines(text) {
        if line.text.trim().is_empty() {
            continue;
        }
        if line.text.starts_with(' ') {
            reader.entry(&line)?;
        } else {
            reader.heading(&line)?;
        }
    }
    for (needed, what) in
        [("status", "the `Status:` line"), ("states", "`State Table`"), ("counters", "`Counters`")]
    {
        if !reader.fields.iter().any(|(k, _)| k == needed) {
            return Err(ImportError::whole(format!(
                "not `pfctl -si` output: it has no {what}, which pfctl -si always prints"
            )));
        }
    }
    Ok(Imported { format: "pfctl -si", fields: Tree::Map(reader.fields) })
}

impl Reader {
    /// A line at the margin: the status line, `Hostid:`, `Checksum:`, or a section's heading.
    fn heading(&mut self, line: &Line<'_>) -> Result<(), ImportError> {
        let words = words(line);
        let texts: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
        let (once, section) = match texts.as_slice() {
            ["Status:", ..] => {
                self.once("status", line)?;
                return self.status(line, &words);
            }
            ["Hostid:", id] | ["Checksum:", id] => {
                let key = if texts[0] == "Hostid:" { "hostid" } else { "checksum" };
                return self.put(&[key], Tree::Text(id.to_string()), line);
            }
            ["Interface", "Stats", "for", name, "IPv4", "IPv6"] => {
                self.once("interface", line)?;
                self.put(&["interface", "name"], Tree::Text(name.to_string()), line)?;
                ("interface", Section::Interface)
            }
            ["State", "Table", "Total", "Rate"] => ("states", Section::States),
            ["Source", "Tracking", "Table"] => ("source_tracking", Section::SourceTracking),
            ["Counters"] => ("counters", Section::Counters),
            ["Limit", "Counters"] => ("limit_counters", Section::LimitCounters),
            ["Syncookies"] => ("syncookies", Section::Syncookies),
            ["Reassemble", rest @ ..] => return self.put(&["reassemble"], Tree::Text(rest.join(" ")), line),
            // pfctl's own notices on stderr, when the kernel has no ALTQ.
            ["No", "ALTQ", "support", "in", "kernel"] | ["ALTQ", "related", "functions", "disabled"] => {
                return Ok(());
            }
            _ => {
                return Err(ImportError::at(
                    "this line is no section `pfctl -si` prints: expected `Status:`, `Hostid:`, `Checksum:`, `Interface Stats for IF  IPv4  IPv6`, `State Table  Total  Rate`, `Source Tracking Table`, `Counters`, `Limit Counters` or `Syncookies`",
                    line.range(),
                ));
            }
        };
        if section != Section::Interface {
            self.once(once, line)?;
        }
        self.section = Some(section);
        self.packets = None;
        Ok(())
    }

    /// A section (or the status line) read twice is two readings in one file.
    fn once(&mut self, key: &'static str, line: &Line<'_>) -> Result<(), ImportError> {
        if self.seen.contains(&key) {
            return Err(ImportError::at(
                "this section is written twice: a file holds one `pfctl -si` reading",
                line.range(),
            ));
        }
        self.seen.push(key);
        Ok(())
    }

    /// `Status: Enabled for 0 days 01:23:45           Debug: Urgent`.
    fn status(&mut self, line: &Line<'_>, words: &[Word<'_>]) -> Result<(), ImportError> {
        let texts: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
        let (state, rest) = match texts.as_slice() {
            [_, state @ ("Enabled" | "Disabled"), rest @ ..] => (*state, rest),
            _ => return Err(bad_status(line)),
        };
        self.put(&["status"], Tree::Text(state.to_string()), line)?;
        let debug = match rest {
            ["for", days, "days", time, debug @ ..] => {
                let seconds = duration(days, time).ok_or_else(|| bad_status(line))?;
                let at = words.get(3).zip(words.get(5)).map_or(line.range(), |(d, t)| d.1.start..t.1.end);
                let key = if state == "Enabled" { "enabled_seconds" } else { "disabled_seconds" };
                self.put(&[key], Value::exact(seconds as f64, Unit::Second, at), line)?;
                debug
            }
            debug => debug,
        };
        match debug {
            [] => Ok(()),
            ["Debug:", level] => self.put(&["debug"], Tree::Text(level.to_string()), line),
            _ => Err(bad_status(line)),
        }
    }

    /// An indented line: a counter of the current section.
    fn entry(&mut self, line: &Line<'_>) -> Result<(), ImportError> {
        let words = words(line);
        let Some(section) = self.section else {
            return Err(ImportError::at("this counter line comes before any section heading", line.range()));
        };
        match section {
            Section::Interface => self.interface(line, &words),
            Section::Syncookies => self.syncookie(line, &words),
            _ => {
                let (label, total, at) = counter(line, &words)?;
                let known = known_labels(section);
                if !known.contains(&label.as_str()) {
                    return Err(ImportError::at(
                        format!(
                            "pfctl prints no `{label}` in this section; it prints {}",
                            known.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ")
                        ),
                        line.range(),
                    ));
                }
                let label = match label.as_str() {
                    "current entries" => "current".to_string(),
                    _ => snake(&label),
                };
                self.put(&[section.key(), &label], count(total, at, &label), line)
            }
        }
    }

    /// `  Bytes In   N   N`, `  Packets In`, `    Passed   N   N`.
    fn interface(&mut self, line: &Line<'_>, words: &[Word<'_>]) -> Result<(), ImportError> {
        let texts: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
        let (path, unit, values): (Vec<&str>, Unit, &[Word<'_>]) = match texts.as_slice() {
            ["Packets", "In"] | ["Packets", "Out"] => {
                self.packets = Some(if texts[1] == "In" { "packets_in" } else { "packets_out" });
                return Ok(());
            }
            ["Bytes", direction @ ("In" | "Out"), _, _] => {
                let key = if *direction == "In" { "bytes_in" } else { "bytes_out" };
                (vec!["interface", key], Unit::Byte, &words[2..])
            }
            [verdict @ ("Passed" | "Blocked"), _, _] if line.text.starts_with("    ") => {
                let Some(packets) = self.packets else {
                    return Err(ImportError::at(
                        "a `Passed`/`Blocked` line before `Packets In` or `Packets Out`",
                        line.range(),
                    ));
                };
                (
                    vec!["interface", packets, if *verdict == "Passed" { "passed" } else { "blocked" }],
                    Unit::Count,
                    &words[1..],
                )
            }
            _ => {
                return Err(ImportError::at(
                    "this line is not one of `Interface Stats`' (`Bytes In`, `Bytes Out`, `Packets In`, `Packets Out`, `Passed`, `Blocked`, each with its IPv4 and IPv6 totals)",
                    line.range(),
                ));
            }
        };
        for ((number, at), family) in values.iter().zip(["ipv4", "ipv6"]) {
            let total = whole(number).ok_or_else(|| not_a_total(number, at.clone()))?;
            let tree = match total {
                Some(n) => Value::exact(n as f64, unit, at.clone()),
                None => too_large(number),
            };
            let mut full = path.clone();
            full.push(family);
            self.put(&full, tree, line)?;
        }
        Ok(())
    }

    /// `  mode   never`, `  active   inactive`, `  highwater   25 %`, `  halfopen states   0`.
    fn syncookie(&mut self, line: &Line<'_>, words: &[Word<'_>]) -> Result<(), ImportError> {
        let texts: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
        let (key, tree) = match texts.as_slice() {
            [key @ ("mode" | "active"), value] => (*key, Tree::Text(value.to_string())),
            [key @ ("highwater" | "lowwater"), n, "%"] => match whole(n) {
                Some(Some(n)) => (*key, Value::exact(n as f64, Unit::Percent, words[1].1.clone())),
                _ => return Err(not_a_total(n, words[1].1.clone())),
            },
            ["halfopen", "states", n] => match whole(n) {
                Some(total) => ("halfopen_states", count(total, words[2].1.clone(), "halfopen states")),
                None => return Err(not_a_total(n, words[2].1.clone())),
            },
            _ => {
                return Err(ImportError::at(
                    "this line is not one of `Syncookies`' (`mode`, `active`, `highwater N %`, `lowwater N %`, `halfopen states N`)",
                    line.range(),
                ));
            }
        };
        self.put(&["syncookies", key], tree, line)
    }

    /// Puts `tree` at `path`; a path already given is two readings in one file.
    fn put(&mut self, path: &[&str], tree: Tree, line: &Line<'_>) -> Result<(), ImportError> {
        if put(&mut self.fields, path, tree) {
            return Ok(());
        }
        Err(ImportError::at(
            format!("`{}` is written twice: a file holds one `pfctl -si` reading", path.join(".")),
            line.range(),
        ))
    }
}

fn put(map: &mut Vec<(String, Tree)>, path: &[&str], tree: Tree) -> bool {
    let Some((first, rest)) = path.split_first() else { return false };
    let position = map.iter().position(|(k, _)| k == first);
    if rest.is_empty() {
        if position.is_some() {
            return false;
        }
        map.push((first.to_string(), tree));
        return true;
    }
    let position = position.unwrap_or_else(|| {
        map.push((first.to_string(), Tree::Map(Vec::new())));
        map.len() - 1
    });
    match map.get_mut(position) {
        Some((_, Tree::Map(inner))) => put(inner, rest, tree),
        _ => false,
    }
}

/// A counter line, `  label words   TOTAL   [RATE/s]`: its label, total and the total's bytes.
fn counter(line: &Line<'_>, words: &[Word<'_>]) -> Result<(String, Option<u64>, Range<usize>), ImportError> {
    let shape = || {
        ImportError::at(
            "this line is not `label  TOTAL  RATE/s` as pfctl prints a counter (`  searches   51207   98.7/s`)",
            line.range(),
        )
    };
    let mut words = words;
    if let Some(((rate, at), rest)) = words.split_last()
        && rate.ends_with("/s")
    {
        if !is_rate(rate) {
            return Err(ImportError::at(
                format!("`{rate}` is not a rate as pfctl prints one (`98.7/s`)"),
                at.clone(),
            ));
        }
        words = rest;
    }
    let Some(((total, at), label)) = words.split_last() else { return Err(shape()) };
    let Some(total) = whole(total) else { return Err(shape()) };
    let label: Vec<&str> = label.iter().map(|(w, _)| *w).collect();
    let readable = |w: &&str| w.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if label.is_empty() || !label.iter().all(readable) {
        return Err(shape());
    }
    Ok((label.join(" "), total, at.clone()))
}

/// The labels pfctl prints in a counter section, in any FreeBSD since 9 (the union: some
/// came and went, `dummynet`, `map-failed`, `translate`, `no-route`). A label outside them
/// is refused: a line pfctl did not print is no counter to state.
fn known_labels(section: Section) -> &'static [&'static str] {
    match section {
        Section::States => &["current entries", "half-open tcp", "searches", "inserts", "removals"],
        Section::SourceTracking => &["current entries", "searches", "inserts", "removals"],
        Section::Counters => &[
            "match",
            "bad-offset",
            "fragment",
            "short",
            "normalize",
            "memory",
            "bad-timestamp",
            "congestion",
            "ip-option",
            "proto-cksum",
            "state-mismatch",
            "state-insert",
            "state-limit",
            "src-limit",
            "synproxy",
            "map-failed",
            "dummynet",
            "translate",
            "no-route",
        ],
        Section::LimitCounters => &[
            "max states per rule",
            "max-src-states",
            "max-src-nodes",
            "max-src-conn",
            "max-src-conn-rate",
            "overload table insertion",
            "overload flush states",
            "synfloods detected",
            "syncookies sent",
            "syncookies validated",
        ],
        Section::Interface | Section::Syncookies => &[],
    }
}

/// pfctl's `%14.1f/s`: digits, a point, one digit.
fn is_rate(rate: &str) -> bool {
    let Some(number) = rate.strip_suffix("/s") else { return false };
    let Some((whole, tenth)) = number.split_once('.') else { return false };
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && tenth.len() == 1
        && tenth.bytes().all(|b| b.is_ascii_digit())
}

/// A total: digits. Some(None) when it is past 2^53, which an f64 does not hold exactly.
fn whole(text: &str) -> Option<Option<u64>> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<u64>().ok().filter(|n| *n <= EXACT_LIMIT))
}

fn count(total: Option<u64>, at: Range<usize>, label: &str) -> Tree {
    match total {
        Some(n) => Value::exact(n as f64, Unit::Count, at),
        None => too_large(label),
    }
}

fn too_large(what: &str) -> Tree {
    Tree::Absent(format!(
        "`{what}`'s total is past 2^53: tally cannot hold it exactly, so states no number of it"
    ))
}

fn not_a_total(found: &str, at: Range<usize>) -> ImportError {
    ImportError::at(format!("`{found}` is not a total as pfctl prints one (digits)"), at)
}

fn bad_status(line: &Line<'_>) -> ImportError {
    ImportError::at(
        "this status line is not pfctl's `Status: Enabled for D days HH:MM:SS   Debug: LEVEL`",
        line.range(),
    )
}

/// `D days HH:MM:SS` in seconds.
fn duration(days: &str, time: &str) -> Option<u64> {
    let days = whole(days)??;
    let parts: Vec<&str> = time.split(':').collect();
    let [h, m, s] = parts.as_slice() else { return None };
    let two =
        |t: &str, limit: u64| (t.len() == 2).then(|| whole(t)).flatten().flatten().filter(|n| *n < limit);
    let (h, m, s) = (two(h, 24)?, two(m, 60)?, two(s, 60)?);
    days.checked_mul(86_400)?.checked_add(h * 3600 + m * 60 + s).filter(|n| *n <= EXACT_LIMIT)
}

/// pfctl's label as a key: `bad-offset` → `bad_offset`, `max states per rule` →
/// `max_states_per_rule`.
fn snake(label: &str) -> String {
    label.replace([' ', '-'], "_")
}

#[cfg(test)]
#[path = "pfctl_tests.rs"]
mod tests;
