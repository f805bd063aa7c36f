use proptest::prelude::*;

use super::*;

// Recorded on this project's build machine (Linux 6.18, ethtool 6.1): `ethtool -S va` of a
// veth inside `unshare -n`, with the command line as a shell shows it.
const VETH: &str = "\
# ethtool -S va
NIC statistics:
     peer_ifindex: 2
     rx_queue_0_xdp_packets: 0
     rx_queue_0_xdp_bytes: 0
     rx_queue_0_drops: 0
     rx_queue_0_xdp_redirect: 0
     rx_queue_0_xdp_drops: 0
     rx_queue_0_xdp_tx: 0
     rx_queue_0_xdp_tx_errors: 0
     tx_queue_0_xdp_xmit: 0
     tx_queue_0_xdp_xmit_errors: 0
";

fn fields(text: &str) -> Tree {
    import_ethtool(text).unwrap_or_else(|e| panic!("{e}")).fields
}

fn error(text: &str) -> ImportError {
    import_ethtool(text).map(|_| ()).expect_err("refused")
}

#[test]
fn each_statistic_is_a_count_and_the_command_names_the_interface() {
    let f = fields(VETH);
    assert_eq!(f.number("peer_ifindex"), Some(2.0));
    assert_eq!(f.number("tx_queue_0_xdp_xmit_errors"), Some(0.0));
    assert_eq!(f.get("interface"), Some(&Tree::Text("va".to_string())));
    let at = f.value("peer_ifindex").unwrap().at.clone();
    assert_eq!(&VETH[at], "2");
    // Without the command line: no interface, the same counts.
    let bare: String = VETH.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(fields(&bare).get("interface"), None);
    assert_eq!(fields(&bare).number("peer_ifindex"), Some(2.0));
    // A driver's name of other characters is a path of underscores.
    let f = fields("NIC statistics:\n     tx-0.packets: 7\n");
    assert_eq!(f.number("tx_0_packets"), Some(7.0));
}

#[test]
fn a_damaged_or_foreign_file_is_refused_at_its_line() {
    let line_of = |text: &str, e: &ImportError| text[..e.at.clone().unwrap().start].matches('\n').count() + 1;
    for (text, says, line) in [
        ("no stats available\n".to_string(), "no stats available", 1),
        (VETH.replace("# ethtool -S va", "some words"), "expected ethtool's `NIC statistics:` first", 1),
        (format!("{VETH}NIC statistics:\n     peer_ifindex: 2\n"), "two readings in one file", 13),
        (VETH.replace("rx_queue_0_drops: 0", "rx_queue_0_drops: -1"), "not a count", 6),
        (VETH.replace("rx_queue_0_drops: 0", "rx_queue_0_drops: 1.5"), "not a count", 6),
        (VETH.replace("rx_queue_0_drops: 0", "rx queue 0 drops 0"), "expected `name: count`", 6),
        (VETH.replace("rx_queue_0_xdp_tx: 0", "rx_queue_0_drops: 0"), "written at line 6 and here", 9),
        (VETH.replace("peer_ifindex: 2", "interface: 2"), "named `interface`", 3),
    ] {
        let e = error(&text);
        assert!(e.message.contains(says), "{says}: {e}");
        assert_eq!(line_of(&text, &e), line, "{says}");
    }
    assert!(error("").message.contains("no `NIC statistics:`"));
    let huge = VETH.replace("rx_queue_0_drops: 0", "rx_queue_0_drops: 18446744073709551615");
    assert!(matches!(fields(&huge).get("rx_queue_0_drops"), Some(Tree::Absent(why)) if why.contains("2^53")));
}

/// Eight times the statistics is eight times the work, counted rather than timed.
#[test]
fn reading_is_linear_in_the_statistics() {
    let body = |n: usize| -> String { (0..n).map(|i| format!("     rx_queue_{i}_packets: {i}\n")).collect() };
    let (_, one) = read(&format!("NIC statistics:\n{}", body(10_000))).unwrap();
    let (imported, eight) = read(&format!("NIC statistics:\n{}", body(80_000))).unwrap();
    assert!(eight <= 8 * one + 8, "{one} {eight}");
    assert_eq!(imported.fields.number("rx_queue_79999_packets"), Some(79_999.0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,200}", lines in prop::collection::vec("[ a-z0-9_:.-]{0,40}", 0..6)) {
        let _ = import_ethtool(&text);
        let _ = import_ethtool(&format!("NIC statistics:\n{}", lines.join("\n")));
    }

    /// Whatever is read is a count found where the file prints it.
    #[test]
    fn every_value_read_is_in_the_text(lines in prop::collection::vec("     [a-z_]{1,8}: [0-9]{1,6}", 0..6)) {
        let text = format!("NIC statistics:\n{}\n", lines.join("\n"));
        if let Ok(imported) = import_ethtool(&text) && let Tree::Map(entries) = &imported.fields {
            for (_, tree) in entries {
                if let Tree::Value(v) = tree {
                    prop_assert_eq!(text[v.at.clone()].parse::<f64>().ok(), Some(v.value));
                }
            }
        }
    }
}
