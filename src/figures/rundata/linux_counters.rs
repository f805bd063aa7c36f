//! Two readings of Linux's interface counters (`netdev:` for `/proc/net/dev`, `ethtool:` for
//! `ethtool -S`) with `before` and `after`: whether they can be subtracted, and what their
//! differences leave out.
//!
//! Owns the reasons two such readings cannot be subtracted: two interfaces (`/proc/net/dev`
//! readings that share no interface; `ethtool` readings whose command line names two
//! interfaces, whose veth `peer_ifindex` differs, or whose statistics' names differ, as two
//! drivers' do) and a counter that went down (every value of both files is a counter but
//! `peer_ifindex`): swapped files, a reboot, or an interface made again. Also what `delta`
//! holds beyond `counters::difference`: an interface in one reading only, and
//! `peer_ifindex`, are absent with why. It does not read the files (`raw`, `import`).

use crate::figures::import::Tree;

/// Why `before` and `after` of `tool` (`netdev` or `ethtool`) cannot be subtracted.
pub(super) fn unsubtractable(tool: &str, before: &Tree, after: &Tree) -> Option<String> {
    let (Tree::Map(b), Tree::Map(a)) = (before, after) else { return None };
    // The first few names of a reading, and how many more.
    let keys = |m: &[(String, Tree)]| {
        let mut shown: Vec<String> = m.iter().take(5).map(|(k, _)| k.clone()).collect();
        if m.len() > 5 {
            shown.push(format!("and {} more", m.len() - 5));
        }
        shown
    };
    if tool == "netdev" {
        // By key: a search of one list for each of the other's was quadratic.
        let before: rustc_hash::FxHashSet<&str> = b.iter().map(|(k, _)| k.as_str()).collect();
        let shared = a.iter().any(|(k, _)| before.contains(k.as_str()));
        if !shared {
            return Some(format!(
                "they share no interface (before: {}; after: {}): two machines, or two interfaces, whose counters do not subtract",
                keys(b).join(", "),
                keys(a).join(", ")
            ));
        }
    } else {
        let text = |m: &[(String, Tree)], key: &str| {
            m.iter().find(|(k, _)| k == key).and_then(|(_, t)| match t {
                Tree::Text(s) => Some(s.clone()),
                Tree::Value(v) => Some(v.value.to_string()),
                _ => None,
            })
        };
        for (key, what) in [("interface", "the command names"), ("peer_ifindex", "veth's peer is")] {
            if let (Some(x), Some(y)) = (text(b, key), text(a, key))
                && x != y
            {
                return Some(format!(
                    "`{key}` is `{x}` before and `{y}` after ({what} two interfaces): two interfaces, whose counters do not subtract"
                ));
            }
        }
        let before_names: rustc_hash::FxHashSet<&str> = b.iter().map(|(k, _)| k.as_str()).collect();
        let after_names: rustc_hash::FxHashSet<&str> = a.iter().map(|(k, _)| k.as_str()).collect();
        let only = |x: &rustc_hash::FxHashSet<&str>, y: &rustc_hash::FxHashSet<&str>| {
            let mut only: Vec<&str> = x.difference(y).copied().filter(|k| *k != "interface").collect();
            only.sort_unstable();
            only.first().map(|k| k.to_string())
        };
        if let Some((name, side)) = only(&before_names, &after_names)
            .map(|n| (n, "before"))
            .or_else(|| only(&after_names, &before_names).map(|n| (n, "after")))
        {
            return Some(format!(
                "`{name}` is in the {side} reading only: the statistics of two drivers, so of two interfaces"
            ));
        }
    }
    let mut down = None;
    decreased(before, after, "", &mut down);
    down.map(|(path, b, a)| {
        format!("`{path}` went from {b} before to {a} after: a counter decreased: swapped files, a reboot, or two machines")
    })
}

/// The first number both readings hold at one path that went down (`peer_ifindex` aside).
fn decreased(before: &Tree, after: &Tree, path: &str, out: &mut Option<(String, f64, f64)>) {
    if out.is_some() {
        return;
    }
    match (before, after) {
        (Tree::Value(b), Tree::Value(a)) if a.value < b.value && path != "peer_ifindex" => {
            *out = Some((path.to_string(), b.value, a.value));
        }
        (Tree::Map(b), Tree::Map(a)) => {
            let before: rustc_hash::FxHashMap<&str, &Tree> = b.iter().map(|(k, t)| (k.as_str(), t)).collect();
            for (key, a) in a {
                if let Some(b) = before.get(key.as_str()) {
                    let child = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                    decreased(b, a, &child, out);
                }
            }
        }
        _ => {}
    }
}

/// `delta` as `counters::difference` made it, with what it left out said: an interface of
/// one reading only, and veth's `peer_ifindex`, which is an index and counts nothing.
pub(super) fn complete_delta(tool: &str, after: &Tree, delta: Tree) -> Tree {
    let Tree::Map(mut d) = delta else { return delta };
    let Tree::Map(a) = after else { return Tree::Map(d) };
    let have: rustc_hash::FxHashSet<String> = d.iter().map(|(k, _)| k.clone()).collect();
    for (key, _) in a {
        if !have.contains(key) && tool == "netdev" {
            d.push((
                key.clone(),
                Tree::Absent(format!(
                    "the interface `{key}` is in the after reading only: it was made between the readings, so its counters started after the first"
                )),
            ));
        }
    }
    if tool == "ethtool" {
        d.retain(|(key, _)| key != "interface");
        for (key, tree) in d.iter_mut() {
            if key == "peer_ifindex" {
                *tree = Tree::Absent(
                    "`peer_ifindex` is veth's peer's interface index, not a counter".to_string(),
                );
            }
        }
    }
    Tree::Map(d)
}

#[cfg(test)]
#[path = "linux_counters_tests.rs"]
mod tests;
