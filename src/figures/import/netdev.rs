//! Linux's `/proc/net/dev`: each interface's receive and transmit counters, as
//! `cat /proc/net/dev` prints them.
//!
//! Owns these fields (under `netdev.` in the run, with `before`/`after`/`delta` for two
//! readings, as `rundata` places them): `IFACE.rx.{bytes, packets, errs, drop, fifo, frame,
//! compressed, multicast}` and `IFACE.tx.{bytes, packets, errs, drop, fifo, colls, carrier,
//! compressed}`, each a count, exactly. An interface's characters other than letters, digits
//! and `_` are `_` in its path (`eth0.100` → `eth0_100`, `br-lan` → `br_lan`), as sysctl's
//! names are; a count past 2^53 is absent with why.
//!
//! Refused, at the line: a file that does not start with the kernel's two header lines (the
//! columns are known: another header is another file), a line that is not `IFACE: 16
//! integers`, an interface written twice, or two whose paths are one (two readings in one
//! file). It does not compute deltas, nor know which interfaces a run used (`rundata`).

use super::{ImportError, Imported, Line, Tree, Value, lines, words};
use crate::number::Unit;

/// The kernel's header, as it prints it.
const HEADER: [&str; 2] = [
    "Inter-|   Receive                                                |  Transmit",
    " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed",
];

const RX: [&str; 8] = ["bytes", "packets", "errs", "drop", "fifo", "frame", "compressed", "multicast"];
const TX: [&str; 8] = ["bytes", "packets", "errs", "drop", "fifo", "colls", "carrier", "compressed"];

/// Reads `/proc/net/dev`.
pub(crate) fn import_netdev(text: &str) -> Result<Imported, ImportError> {
    read(text).map(|(imported, _)| imported)
}

/// The import and the work it did: each line's words and each look-up of a name, which a
/// linear-time test counts (a name written twice is found by key, not by a search).
pub(crate) fn read(text: &str) -> Result<(Imported, usize), ImportError> {
    let mut work = 0;
    let lines = lines(text);
    for (i, expected) in HEADER.iter().enumerate() {
        let seen = lines.get(i).map(|l| l.text.trim_end());
        if seen != Some(expected.trim_end()) {
            let at = lines.get(i).map_or(0..0, Line::range);
            return Err(ImportError::at(
                format!(
                    "expected /proc/net/dev's header line {}, `{}`: keep the file as `cat /proc/net/dev` printed it",
                    i + 1,
                    expected.split_whitespace().collect::<Vec<_>>().join(" ")
                ),
                at,
            ));
        }
    }
    let mut interfaces: Vec<(String, Tree)> = Vec::new();
    // Each interface's path and the line it is on, to find one written twice by key.
    let mut seen: rustc_hash::FxHashMap<String, usize> = rustc_hash::FxHashMap::default();
    for (index, line) in lines.iter().enumerate().skip(2) {
        work += 1;
        if line.text.trim().is_empty() {
            continue;
        }
        let expected = "expected `IFACE: ` and 16 counts, the 8 of receive and the 8 of transmit";
        let Some((name, _)) = line.text.split_once(':') else {
            let message = if line.text.trim_start().starts_with("Inter-|") {
                "/proc/net/dev's header again: two readings in one file; give each reading its own file"
                    .to_string()
            } else {
                format!("not a line of /proc/net/dev: {expected}")
            };
            return Err(ImportError::at(message, line.range()));
        };
        let name = name.trim();
        let all = words(line);
        // The first word holds the name and its colon, and maybe the first count glued to it.
        let mut counts: Vec<(&str, std::ops::Range<usize>)> = Vec::new();
        for (i, (word, at)) in all.into_iter().enumerate() {
            match word.split_once(':').filter(|_| i == 0) {
                Some((_, "")) => {}
                Some((_, glued)) => counts.push((glued, line.range_of(glued))),
                None => counts.push((word, at)),
            }
        }
        if name.is_empty() || name.contains(char::is_whitespace) || counts.len() != 16 {
            return Err(ImportError::at(format!("not a line of /proc/net/dev: {expected}"), line.range()));
        }
        work += counts.len() + 1;
        let key: String =
            name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
        if let Some(first) = seen.insert(key.clone(), index + 1) {
            return Err(ImportError::at(
                format!(
                    "the interface `{name}` (path `{key}`) is written at line {first} and here: two readings in one file"
                ),
                line.range(),
            ));
        }
        let side = |names: &[&str], values: &[(&str, std::ops::Range<usize>)]| -> Result<Tree, ImportError> {
            let mut out = Vec::new();
            for (column, (word, at)) in names.iter().zip(values) {
                let tree = match count(word) {
                    Some(n) if n <= 1 << 53 => Value::exact(n as f64, Unit::Count, at.clone()),
                    Some(n) => Tree::Absent(format!(
                        "`{name}`'s {column} is {n}, past 2^53: tally cannot hold it exactly, so states no number of it"
                    )),
                    None => {
                        return Err(ImportError::at(
                            format!("`{word}` is not a count: /proc/net/dev prints whole numbers"),
                            at.clone(),
                        ));
                    }
                };
                out.push((column.to_string(), tree));
            }
            Ok(Tree::map(out))
        };
        let rx = side(&RX, &counts[..8])?;
        let tx = side(&TX, &counts[8..])?;
        interfaces.push((key, Tree::map([("rx", rx), ("tx", tx)])));
    }
    if interfaces.is_empty() {
        return Err(ImportError::whole("the file holds /proc/net/dev's header and no interface"));
    }
    Ok((Imported { format: "/proc/net/dev (Linux)", fields: Tree::Map(interfaces) }, work))
}

/// A count as the kernel prints one: digits, within u64.
fn count(word: &str) -> Option<u64> {
    (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())).then(|| word.parse().ok()).flatten()
}

#[cfg(test)]
#[path = "netdev_tests.rs"]
mod tests;
