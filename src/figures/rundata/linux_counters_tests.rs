use super::*;
use crate::figures::import::{import_ethtool, import_netdev};
use crate::figures::rundata::counters::difference;
use crate::figures::rundata::testing::{Site, errors, loaded};

/// `/proc/net/dev` of a veth pair and loopback, with `va`'s and `vb`'s counts.
fn netdev(va: (u64, u64), vb: (u64, u64)) -> String {
    let line = |name: &str, (bytes, packets): (u64, u64)| {
        format!(
            "{name:>6}: {bytes:>7} {packets:>7}    0    0    0     0          0         0 {bytes:>8} {packets:>7}    0    0    0     0       0          0\n"
        )
    };
    format!(
        "Inter-|   Receive                                                |  Transmit\n \
         face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n{}{}{}",
        line("lo", (0, 0)),
        line("vb", vb),
        line("va", va)
    )
}

fn ethtool(interface: &str, peer: u32, drops: u64) -> String {
    format!(
        "# ethtool -S {interface}\nNIC statistics:\n     peer_ifindex: {peer}\n     rx_queue_0_drops: {drops}\n"
    )
}

fn tree(text: &str, tool: &str) -> Tree {
    let imported = if tool == "netdev" { import_netdev(text) } else { import_ethtool(text) };
    imported.unwrap_or_else(|e| panic!("{e}")).fields
}

fn why(tool: &str, before: &str, after: &str) -> Option<String> {
    unsubtractable(tool, &tree(before, tool), &tree(after, tool))
}

#[test]
fn netdev_readings_that_went_down_or_share_no_interface_are_refused_saying_which() {
    let (before, after) = (netdev((266, 3), (266, 3)), netdev((1266, 13), (966, 10)));
    assert_eq!(why("netdev", &before, &after), None);
    let down = why("netdev", &after, &before).unwrap();
    assert!(down.contains("`vb.rx.bytes` went from 966 before to 266 after: a counter decreased"), "{down}");
    let other =
        after.replace("    va:", "  eth0:").replace("    vb:", "  eth1:").replace("    lo:", "   wg0:");
    let two = why("netdev", &before, &other).unwrap();
    assert!(two.contains("share no interface (before: lo, vb, va; after: wg0, eth1, eth0)"), "{two}");
    // An interface made between the readings has no difference, and says why.
    let made = format!(
        "{after}  veth9:      10       1    0    0    0     0          0         0       10       1    0    0    0     0       0          0\n"
    );
    assert_eq!(why("netdev", &before, &made), None);
    let delta = complete_delta(
        "netdev",
        &tree(&made, "netdev"),
        difference("netdev", &tree(&before, "netdev"), &tree(&made, "netdev")),
    );
    assert_eq!(delta.number("va.tx.packets"), Some(10.0));
    assert!(matches!(delta.get("veth9"), Some(Tree::Absent(why)) if why.contains("after reading only")));
}

#[test]
fn ethtool_readings_of_two_interfaces_or_that_went_down_are_refused_saying_which() {
    assert_eq!(why("ethtool", &ethtool("va", 2, 0), &ethtool("va", 2, 5)), None);
    let two = why("ethtool", &ethtool("va", 2, 0), &ethtool("vb", 2, 5)).unwrap();
    assert!(two.contains("`interface` is `va` before and `vb` after"), "{two}");
    let peer = why("ethtool", &ethtool("va", 2, 0), &ethtool("va", 3, 5)).unwrap();
    assert!(peer.contains("`peer_ifindex` is `2` before and `3` after"), "{peer}");
    let down = why("ethtool", &ethtool("va", 2, 5), &ethtool("va", 2, 0)).unwrap();
    assert!(down.contains("`rx_queue_0_drops` went from 5 before to 0 after: a counter decreased"), "{down}");
    let driver = "NIC statistics:\n     rx_packets: 9\n";
    let names = why("ethtool", &ethtool("va", 2, 0).replace("# ethtool -S va\n", ""), driver).unwrap();
    assert!(
        names.contains("`peer_ifindex` is in the before reading only: the statistics of two drivers"),
        "{names}"
    );
    let (b, a) = (tree(&ethtool("va", 2, 0), "ethtool"), tree(&ethtool("va", 2, 5), "ethtool"));
    let delta = complete_delta("ethtool", &a, difference("ethtool", &b, &a));
    assert_eq!(delta.number("rx_queue_0_drops"), Some(5.0));
    assert!(matches!(delta.get("peer_ifindex"), Some(Tree::Absent(why)) if why.contains("not a counter")));
    assert_eq!(delta.get("interface"), None);
}

#[test]
fn runs_yaml_gives_netdev_and_ethtool_deltas_and_refuses_two_interfaces_at_the_key() {
    let (before, after) = (netdev((266, 3), (266, 3)), netdev((1266, 13), (966, 10)));
    let site = Site::new(&[
        ("raw/dev-a.txt", before.as_bytes()),
        ("raw/dev-b.txt", after.as_bytes()),
        ("raw/s-a.txt", ethtool("va", 2, 0).as_bytes()),
        ("raw/s-b.txt", ethtool("va", 2, 5).as_bytes()),
        ("raw/s-other.txt", ethtool("vb", 3, 9).as_bytes()),
    ]);
    let data = loaded(
        &site,
        "runs:\n  r:\n    netdev: {before: raw/dev-a.txt, after: raw/dev-b.txt}\n    ethtool: {before: raw/s-a.txt, after: raw/s-b.txt}\n",
    );
    assert_eq!(data.resolve("runs.r.netdev.delta.va.tx.packets").unwrap().value, 10.0);
    assert_eq!(data.resolve("runs.r.netdev.after.vb.rx.bytes").unwrap().value, 966.0);
    assert_eq!(data.resolve("runs.r.ethtool.delta.rx_queue_0_drops").unwrap().value, 5.0);
    assert_eq!(
        data.origin("runs.r.netdev.delta.va.tx.packets").raw.unwrap().0,
        std::path::PathBuf::from("raw/dev-b.txt")
    );
    let d = errors(&site, "runs:\n  r:\n    ethtool: {before: raw/s-a.txt, after: raw/s-other.txt}\n");
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!((d[0].code, d[0].line), ("runs-readings", 3));
    assert!(d[0].message.contains("two interfaces"), "{d:#?}");
    let d = errors(&site, "runs:\n  r:\n    netdev: {before: raw/dev-b.txt, after: raw/dev-a.txt}\n");
    assert!(d.len() == 1 && d[0].message.contains("a counter decreased"), "{d:#?}");
}

/// Whether `tool` runs here; a test that needs it says so when it does not.
fn present(tool: &str) -> bool {
    match std::process::Command::new(tool).arg("--version").output() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: `{tool}` is not installed (scripts/test.sh installs it)");
            false
        }
        _ => true,
    }
}

/// A veth pair in a network namespace of its own, its counters read before and after a
/// ping out of one end: the real files, imported and subtracted.
#[test]
fn recorded_veth_counters_before_and_after_traffic_subtract() {
    if !present("unshare") || !present("ip") {
        return;
    }
    let with_ethtool = present("ethtool");
    let stats = if with_ethtool { "ethtool -S va" } else { "true" };
    let script = format!(
        "ip link add va type veth peer name vb && ip link set va up && ip link set vb up && ip addr add 10.9.0.1/24 dev va \
         && cat /proc/net/dev && echo '#--' && {stats} && echo '#--' \
         && (ping -c 3 -i 0.2 -W 1 10.9.0.2 >/dev/null 2>&1; true) \
         && cat /proc/net/dev && echo '#--' && {stats}"
    );
    let output = std::process::Command::new("unshare")
        .args(["-n", "sh", "-c", &script])
        .output()
        .expect("unshare runs");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        output.status.success(),
        "{:?}\n{text}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let parts: Vec<&str> = text.split("#--\n").collect();
    assert_eq!(parts.len(), 4, "{text}");
    let (before, after) = (tree(parts[0], "netdev"), tree(parts[2], "netdev"));
    assert_eq!(unsubtractable("netdev", &before, &after), None);
    let delta = complete_delta("netdev", &after, difference("netdev", &before, &after));
    // The ping's ARP requests left va and reached vb.
    let (sent, got) = (delta.number("va.tx.packets").unwrap(), delta.number("vb.rx.packets").unwrap());
    assert!(sent >= 1.0 && sent == got, "{sent} {got}\n{text}");
    assert!(unsubtractable("netdev", &after, &before).is_none_or(|why| why.contains("decreased")));
    if with_ethtool {
        let (b, a) = (tree(parts[1], "ethtool"), tree(parts[3], "ethtool"));
        assert_eq!(unsubtractable("ethtool", &b, &a), None);
        assert!(b.number("peer_ifindex").is_some(), "{}", parts[1]);
    }
}

/// 80,000 interfaces of which none is shared: a search of one reading for each of the
/// other's names was quadratic. The refusal names the first few of each.
#[test]
fn readings_of_many_interfaces_are_compared_by_key() {
    let many = |prefix: &str| -> Tree {
        Tree::Map((0..80_000).map(|i| (format!("{prefix}{i}"), Tree::Map(Vec::new()))).collect())
    };
    let why = unsubtractable("netdev", &many("a"), &many("b")).unwrap();
    assert!(why.contains("(before: a0, a1, a2, a3, a4, and 79995 more; after: b0,"), "{why}");
}
