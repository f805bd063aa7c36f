//! `ethtool -S IFACE`: a network driver's statistics, `NIC statistics:` and one `name: count`
//! line each.
//!
//! Owns these fields (under `ethtool.` in the run, with `before`/`after`/`delta` for two
//! readings, as `rundata` places them): `NAME` for each statistic, a count, exactly (a name's
//! characters other than letters, digits and `_` are `_` in its path, as sysctl's are; a
//! count past 2^53 is absent with why), and `interface`, a text, when the line before the
//! statistics is the command that printed them (`$ ethtool -S eth0`, after any prompt):
//! ethtool's output does not name its interface, so two readings of two interfaces are seen
//! through that line, veth's `peer_ifindex`, or their statistics' names.
//!
//! Refused, at the line: a line before `NIC statistics:` that is not that command, ethtool's
//! `no stats available`, a line that is not `name: count` (a driver's statistics are counts),
//! a name written twice (two readings in one file). It does not compute deltas (`rundata`).

use super::{ImportError, Imported, Tree, Value, lines};
use crate::number::Unit;

/// Reads `ethtool -S` output.
pub(crate) fn import_ethtool(text: &str) -> Result<Imported, ImportError> {
    read(text).map(|(imported, _)| imported)
}

/// The import and the work it did: each line's words and each look-up of a name, which a
/// linear-time test counts (a name written twice is found by key, not by a search).
pub(crate) fn read(text: &str) -> Result<(Imported, usize), ImportError> {
    let mut work = 0;
    let mut interface: Option<Tree> = None;
    let mut stats: Vec<(String, Tree)> = Vec::new();
    let mut seen: rustc_hash::FxHashMap<String, usize> = rustc_hash::FxHashMap::default();
    let mut header = false;
    for (index, line) in lines(text).iter().enumerate() {
        work += 1;
        let trimmed = line.text.trim();
        if trimmed.is_empty() {
            continue;
        }
        if trimmed == "no stats available" {
            return Err(ImportError::at(
                "ethtool printed `no stats available`: this interface's driver gives no statistics (loopback gives none); read a network card's or a veth's",
                line.range(),
            ));
        }
        if trimmed == "NIC statistics:" {
            if header {
                return Err(ImportError::at(
                    "`NIC statistics:` again: two readings in one file; give each reading its own file",
                    line.range(),
                ));
            }
            header = true;
            continue;
        }
        if !header {
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            match words.as_slice() {
                [.., tool, "-S", name] if tool.ends_with("ethtool") && interface.is_none() => {
                    interface = Some(Tree::Text(name.to_string()));
                    continue;
                }
                _ => {
                    return Err(ImportError::at(
                        "expected ethtool's `NIC statistics:` first (or the command that printed them, `$ ethtool -S eth0`, on the line before)",
                        line.range(),
                    ));
                }
            }
        }
        let Some((name, value)) = trimmed.split_once(": ").filter(|(n, _)| !n.is_empty() && !n.contains(' '))
        else {
            return Err(ImportError::at(
                "not a statistic of `ethtool -S`: expected `name: count`, one a line",
                line.range(),
            ));
        };
        let value = value.trim();
        let at = line.range_of(value);
        let tree = match (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
            .then(|| value.parse::<u64>().ok())
            .flatten()
        {
            Some(n) if n <= 1 << 53 => Value::exact(n as f64, Unit::Count, at),
            Some(n) => Tree::Absent(format!(
                "`{name}` is {n}, past 2^53: tally cannot hold it exactly, so states no number of it"
            )),
            None => {
                return Err(ImportError::at(
                    format!("`{value}` is not a count: `ethtool -S` prints each statistic as a whole number"),
                    at,
                ));
            }
        };
        let key: String =
            name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
        if key == "interface" {
            return Err(ImportError::at(
                "a statistic named `interface`, which is the path of the interface's name",
                line.range(),
            ));
        }
        work += 1;
        if let Some(first) = seen.insert(key.clone(), index + 1) {
            return Err(ImportError::at(
                format!(
                    "`{name}` (path `{key}`) is written at line {first} and here: two readings in one file"
                ),
                line.range(),
            ));
        }
        stats.push((key, tree));
    }
    if !header {
        return Err(ImportError::whole(
            "the file holds no `NIC statistics:`: expected `ethtool -S IFACE`'s output",
        ));
    }
    if let Some(name) = interface {
        stats.insert(0, ("interface".to_string(), name));
    }
    Ok((Imported { format: "ethtool -S", fields: Tree::Map(stats) }, work))
}

#[cfg(test)]
#[path = "ethtool_tests.rs"]
mod tests;
