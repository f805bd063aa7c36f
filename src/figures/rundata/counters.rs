//! Two readings of one tool's counters (`sysctl:`, `pfctl:`, `netdev:` or `ethtool:` with
//! `before` and `after`): whether they can be subtracted at all, and their differences
//! (`delta.*`); Linux's two are `linux_counters`'.
//!
//! Owns the reasons two readings cannot be subtracted: two machines (`kern.hostname`, pf's
//! `hostid`), two interfaces (pf's `interface.name`), a reboot (`kern.boottime`, where both
//! readings hold it), a pf restart (`enabled_seconds` shrank), and counters that went down
//! (the readings swapped, or any of the above unseen). pf's numbers are counters but its
//! `current` entries; sysctl's are unknown but `kern.cp_time` and `kern.cp_times`, so a
//! sysctl value that went down has no difference (absent, with why) unless every value that
//! changed went down, which is the readings swapped. It does not read the files (`raw`).

use rustc_hash::FxHashMap;

use crate::figures::import::{self, Tree};

/// Why `before` and `after`, two readings of `tool` (`sysctl` or `pfctl`), cannot be
/// subtracted; None when they can.
pub(super) fn unsubtractable(tool: &str, before: &Tree, after: &Tree) -> Option<String> {
    if matches!(tool, "netdev" | "ethtool") {
        return super::linux_counters::unsubtractable(tool, before, after);
    }
    let sysctl = tool == "sysctl";
    let same_text: &[(&str, &str)] = if sysctl {
        &[
            ("kern.hostname", "two machines"),
            ("kernel.hostname", "two machines"),
            ("kern.boottime", "a reboot between them"),
        ]
    } else {
        &[("hostid", "two machines"), ("interface.name", "two interfaces")]
    };
    for (path, what) in same_text {
        if let (Some(Tree::Text(b)), Some(Tree::Text(a))) = (at(before, path), at(after, path))
            && a != b
        {
            return Some(format!(
                "`{path}` is `{b}` before and `{a}` after: {what}, whose counters do not subtract"
            ));
        }
    }
    if !sysctl
        && let (Some(Tree::Value(b)), Some(Tree::Value(a))) =
            (at(before, "enabled_seconds"), at(after, "enabled_seconds"))
        && a.value < b.value
    {
        return Some(format!(
            "pf was enabled {} s before and {} s after: it was restarted (or the readings are swapped), and its counters started again",
            b.value, a.value
        ));
    }
    let mut changed = Vec::new();
    changes(before, after, "", &mut changed);
    let down: Vec<&(String, f64, f64)> = changed.iter().filter(|(_, b, a)| a < b).collect();
    let counter = |path: &str| {
        if sysctl {
            path.starts_with("kern.cp_time")
        } else {
            // Gauges: the states now, syncookies' water marks.
            !path.ends_with("current") && !path.starts_with("syncookies") && !path.contains("half_open")
        }
    };
    let first = down.iter().find(|(path, ..)| counter(path)).or_else(|| {
        // Every value that changed went down: the readings are the other way round.
        (sysctl && !down.is_empty() && down.len() == changed.len()).then(|| &down[0])
    })?;
    let (path, b, a) = first;
    Some(format!(
        "`{path}` went from {b} before to {a} after: a counter decreased: swapped files, a reboot, or two machines"
    ))
}

/// `after − before` for every number both readings have at the same path, in the same unit;
/// for sysctl, a value that went down has no difference (it is no counter, or the readings
/// are of two boots), with why.
pub(super) fn difference(tool: &str, before: &Tree, after: &Tree) -> Tree {
    match (before, after) {
        (Tree::Value(b), Tree::Value(a)) if a.unit == b.unit => {
            if tool == "sysctl" && a.value < b.value {
                return Tree::Absent(format!(
                    "it went from {} to {}: a value that decreases is no counter (or the readings are of two boots), so its difference is not a count of anything",
                    b.value, a.value
                ));
            }
            Tree::Value(import::Value {
                value: a.value - b.value,
                unit: a.unit,
                printed: None,
                at: a.at.clone(),
            })
        }
        (Tree::List(b), Tree::List(a)) if a.len() == b.len() => {
            Tree::List(b.iter().zip(a).map(|(b, a)| difference(tool, b, a)).collect())
        }
        (Tree::Map(b), Tree::Map(a)) => {
            // By key, not by a search of the other map for each: 80,000 names under one
            // prefix were quadratic.
            let before: FxHashMap<&str, &Tree> = b.iter().map(|(k, t)| (k.as_str(), t)).collect();
            Tree::Map(
                a.iter()
                    .filter_map(|(k, a)| Some((k.clone(), difference(tool, before.get(k.as_str())?, a))))
                    .collect(),
            )
        }
        _ => Tree::Absent("the two readings differ in shape here".to_string()),
    }
}

/// The key under the run and the importer of each tool whose readings may be two, `before`
/// and `after`: `sysctl`, `pfctl` (under `pf`), `netdev` and `ethtool`.
pub(super) fn reader(tool: &str) -> Option<(&'static str, import::Importer)> {
    Some(match tool {
        "sysctl" => ("sysctl", import::import_sysctl as import::Importer),
        "pfctl" => ("pf", import::import_pfctl),
        "netdev" => ("netdev", import::import_netdev),
        "ethtool" => ("ethtool", import::import_ethtool),
        _ => return None,
    })
}

/// The subtree at a dotted path.
fn at<'a>(tree: &'a Tree, path: &str) -> Option<&'a Tree> {
    let mut tree = tree;
    for key in path.split('.') {
        let Tree::Map(entries) = tree else { return None };
        tree = entries.iter().find(|(k, _)| k == key).map(|(_, t)| t)?;
    }
    Some(tree)
}

/// Every number both readings hold at the same path that changed: its path, before, after.
fn changes(before: &Tree, after: &Tree, path: &str, out: &mut Vec<(String, f64, f64)>) {
    let child = |key: &str| if path.is_empty() { key.to_string() } else { format!("{path}.{key}") };
    match (before, after) {
        (Tree::Value(b), Tree::Value(a)) if a.value != b.value => {
            out.push((path.to_string(), b.value, a.value))
        }
        (Tree::List(b), Tree::List(a)) if a.len() == b.len() => {
            for (i, (b, a)) in b.iter().zip(a).enumerate() {
                changes(b, a, &child(&i.to_string()), out);
            }
        }
        (Tree::Map(b), Tree::Map(a)) => {
            let before: FxHashMap<&str, &Tree> = b.iter().map(|(k, t)| (k.as_str(), t)).collect();
            for (key, a) in a {
                if let Some(b) = before.get(key.as_str()) {
                    changes(b, a, &child(key), out);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::import::testing::real_data;
    use crate::figures::rundata::testing::{Site, errors, loaded};

    fn pf(text: &str) -> Tree {
        import::import_pfctl(text).unwrap().fields
    }

    fn sysctl(text: &str) -> Tree {
        import::import_sysctl(text).unwrap().fields
    }

    #[test]
    fn pf_readings_of_two_machines_a_restart_or_swapped_are_refused_saying_which() {
        let real = real_data("freebsd-pfctl/pfctl-vsi-fbsd14.txt");
        let later = real
            .replace("match                            3177960", "match                            3178960");
        assert_eq!(unsubtractable("pfctl", &pf(&real), &pf(&later)), None);
        let why = |before: &str, after: &str| unsubtractable("pfctl", &pf(before), &pf(after)).unwrap();
        assert!(
            why(&later, &real)
                .contains("`counters.match` went from 3178960 before to 3177960 after: a counter decreased")
        );
        let restarted = later.replace("Enabled for 25 days 16:23:32", "Enabled for 0 days 00:00:10");
        assert!(why(&real, &restarted).contains("it was restarted"), "{}", why(&real, &restarted));
        let other = later.replace("0x68d01842", "0x00000001");
        assert!(why(&real, &other).contains("two machines"));
        // igb0 then igb1: pf shows its `loginterface`, and the author changed it between.
        let interface = |name: &str, bytes: u64| {
            let stats = format!(
                "Interface Stats for {name}               IPv4             IPv6\n  Bytes In                      {bytes}             1024\n  Bytes Out                     {bytes}             2048\n  Packets In\n    Passed                         2741236               12\n    Blocked                             14                0\n  Packets Out\n    Passed                         2740011               10\n    Blocked                              0                0\n\nState Table"
            );
            real.replacen("State Table", &stats, 1)
        };
        let (igb0, igb1) = (interface("igb0", 4012345678), interface("igb1", 4012399999));
        assert!(
            why(&igb0, &igb1).contains("`interface.name` is `igb0` before and `igb1` after: two interfaces")
        );
        assert_eq!(unsubtractable("pfctl", &pf(&igb0), &pf(&interface("igb0", 4012399999))), None);
        // The states now go up and down: not a counter.
        let fewer = later
            .replace("current entries                        2", "current entries                        1");
        assert_eq!(unsubtractable("pfctl", &pf(&real), &pf(&fewer)), None);
        let delta = difference("pfctl", &pf(&real), &pf(&later));
        assert_eq!(delta.number("counters.match"), Some(1000.0));
    }

    #[test]
    fn sysctl_readings_across_a_reboot_or_swapped_are_refused_and_a_gauge_that_fell_has_no_delta() {
        let before = "kern.boottime: { sec = 1733900000, usec = 1 } Wed Dec 11 06:53:20 2024\nkern.cp_time: 100 0 50 10 1000\nvm.free: 500\ndev.ix.0.rx: 10\n";
        let after = "kern.boottime: { sec = 1733900000, usec = 1 } Wed Dec 11 06:53:20 2024\nkern.cp_time: 200 0 60 10 2000\nvm.free: 400\ndev.ix.0.rx: 20\n";
        assert_eq!(unsubtractable("sysctl", &sysctl(before), &sysctl(after)), None);
        let delta = difference("sysctl", &sysctl(before), &sysctl(after));
        assert_eq!(delta.number("dev.ix.0.rx"), Some(10.0));
        assert!(matches!(delta.get("vm.free"), Some(Tree::Absent(why)) if why.contains("from 500 to 400")));
        let rebooted = after.replace("sec = 1733900000", "sec = 1733990000");
        let why = unsubtractable("sysctl", &sysctl(before), &sysctl(&rebooted)).unwrap();
        assert!(why.contains("a reboot"), "{why}");
        let why = unsubtractable("sysctl", &sysctl(after), &sysctl(before)).unwrap();
        assert!(why.contains("`kern.cp_time.0` went from 200 before to 100 after"), "{why}");
        // Without kern.cp_time, every changed value down is the readings swapped.
        let (b, a) = ("dev.ix.0.rx: 20\ndev.ix.0.tx: 9\n", "dev.ix.0.rx: 10\ndev.ix.0.tx: 9\n");
        assert!(unsubtractable("sysctl", &sysctl(b), &sysctl(a)).unwrap().contains("swapped files"));
        let two_hosts = ("kernel.hostname = a\nnet.rx = 1\n", "kernel.hostname = b\nnet.rx = 2\n");
        assert!(
            unsubtractable("sysctl", &sysctl(two_hosts.0), &sysctl(two_hosts.1))
                .unwrap()
                .contains("two machines")
        );
    }

    #[test]
    fn runs_yaml_reports_the_readings_and_gives_no_delta_and_reads_before_first_in_any_order() {
        let site = Site::new(&[
            ("raw/a.txt", b"kern.cp_time: 100 0 50 10 1000\n"),
            ("raw/b.txt", b"kern.cp_time: 200 0 60 10 2000\n"),
        ]);
        let d = errors(&site, "runs:\n  r:\n    sysctl: {before: raw/b.txt, after: raw/a.txt}\n");
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!((d[0].code, d[0].line), ("runs-readings", 3));
        assert!(
            d[0].message.contains("a counter decreased: swapped files, a reboot, or two machines"),
            "{d:#?}"
        );
        let data = loaded(&site, "runs:\n  r:\n    sysctl: {after: raw/b.txt, before: raw/a.txt}\n");
        assert_eq!(data.resolve("runs.r.sysctl.delta.kern.cp_time.4").unwrap().value, 1000.0);
        assert_eq!(
            data.origin("runs.r.sysctl.delta.kern.cp_time.4").raw.unwrap().0,
            std::path::PathBuf::from("raw/b.txt")
        );
    }
}
