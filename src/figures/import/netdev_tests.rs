use proptest::prelude::*;

use super::*;

// Recorded on this project's build machine (Linux 6.18): `cat /proc/net/dev` inside
// `unshare -n` after `ip link add va type veth peer name vb` and a ping out of `va`, and the
// head of the host's, whose loopback counts are past 8 digits.
const VETH: &str = "\
Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo:       0       0    0    0    0     0          0         0        0       0    0    1    0     0       0          0
    vb:     266       3    0    0    0     0          0         0      266       3    0    0    0     0       0          0
    va:     266       3    0    0    0     0          0         0      266       3    0    0    0     0       0          0
";
const HOST: &str = "\
Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 1214227472585 27258478    0    0    0     0          0         0 1214227472585 27258478    0    0    0     0       0          0
  ifb0:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0
";

fn fields(text: &str) -> Tree {
    import_netdev(text).unwrap_or_else(|e| panic!("{e}")).fields
}

fn error(text: &str) -> ImportError {
    import_netdev(text).map(|_| ()).expect_err("refused")
}

#[test]
fn each_interfaces_counters_are_read_exactly_at_their_places() {
    let f = fields(VETH);
    assert_eq!(f.number("va.rx.bytes"), Some(266.0));
    assert_eq!(f.number("vb.tx.packets"), Some(3.0));
    assert_eq!(f.number("lo.tx.drop"), Some(1.0));
    assert_eq!(f.number("va.rx.multicast"), Some(0.0));
    assert_eq!(f.number("va.tx.carrier"), Some(0.0));
    let at = f.value("vb.rx.bytes").unwrap().at.clone();
    assert_eq!(&VETH[at.clone()], "266");
    assert_eq!(VETH[..at.start].matches('\n').count(), 3);
    let host = fields(HOST);
    assert_eq!(host.number("lo.rx.bytes"), Some(1_214_227_472_585.0));
    assert_eq!(host.number("ifb0.tx.compressed"), Some(0.0));
}

#[test]
fn a_name_with_a_dot_or_dash_is_a_path_of_underscores_and_two_that_meet_are_refused() {
    let one = VETH.replace("    va:", "eth0.1:").replace("    vb:", "br-lan:");
    let f = fields(&one);
    assert_eq!(f.number("eth0_1.rx.bytes"), Some(266.0));
    assert_eq!(f.number("br_lan.rx.bytes"), Some(266.0));
    let two = VETH.replace("    va:", "eth0.1:").replace("    vb:", "eth0-1:");
    assert!(error(&two).message.contains("two readings in one file"));
}

#[test]
fn a_count_glued_to_its_interface_is_read() {
    // Older kernels wrote `%6s:%8llu`: a count of 8 digits or more meets the colon.
    let glued = HOST.replace("lo: 1214227472585", "lo:1214227472585");
    assert_eq!(fields(&glued).number("lo.rx.bytes"), Some(1_214_227_472_585.0));
}

#[test]
fn a_damaged_or_foreign_file_is_refused_at_its_line() {
    let line_of = |text: &str, e: &ImportError| text[..e.at.clone().unwrap().start].matches('\n').count() + 1;
    for (text, says, line) in [
        (VETH.replacen("Inter-|", "Inter|", 1), "header line 1", 1),
        (VETH.replace("colls carrier", "colls carrier2"), "header line 2", 2),
        (
            VETH.replace(
                "266       3    0    0    0     0          0         0      266",
                "266       3    0    0    0     0          0         0",
            ),
            "16 counts",
            4,
        ),
        (VETH.replacen("    vb:     266", "    vb:    -266", 1), "not a count", 4),
        (VETH.replacen("    vb:     266", "    vb:    2e6", 1), "not a count", 4),
        (format!("{VETH}{VETH}"), "header again", 6),
        (format!("{VETH}a line a person typed\n"), "not a line of /proc/net/dev", 6),
        (VETH.replacen("    vb:", "    va:", 1), "two readings in one file", 5),
    ] {
        let e = error(&text);
        assert!(e.message.contains(says), "{says}: {e}");
        assert_eq!(line_of(&text, &e), line, "{says}");
    }
    assert!(
        error(&VETH.lines().take(2).map(|l| format!("{l}\n")).collect::<String>())
            .message
            .contains("no interface")
    );
    let huge = VETH.replacen("    vb:     266", "    vb: 18446744073709551615", 1);
    assert!(matches!(fields(&huge).get("vb.rx.bytes"), Some(Tree::Absent(why)) if why.contains("2^53")));
}

/// Eight times the interfaces is eight times the work, counted rather than timed.
#[test]
fn reading_is_linear_in_the_interfaces() {
    let body = |n: usize| -> String {
        (0..n).map(|i| format!("  e{i}: 1 2 0 0 0 0 0 0 3 4 0 0 0 0 0 0\n")).collect()
    };
    let head = format!("{}\n{}\n", HEADER[0], HEADER[1]);
    let (_, one) = read(&format!("{head}{}", body(10_000))).unwrap();
    let (imported, eight) = read(&format!("{head}{}", body(80_000))).unwrap();
    assert!(eight <= 8 * one + 8, "{one} {eight}");
    assert_eq!(imported.fields.number("e79999.tx.packets"), Some(4.0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,200}", lines in prop::collection::vec("[ a-z0-9.:-]{0,60}", 0..6)) {
        let _ = import_netdev(&text);
        let _ = import_netdev(&format!("{}\n{}\n{}", HEADER[0], HEADER[1], lines.join("\n")));
    }

    /// A line that is not an interface's 16 counts is never read as one.
    #[test]
    fn a_line_of_another_count_of_numbers_is_refused(n in 0usize..40) {
        prop_assume!(n != 16);
        let line = format!("  eth9:{}\n", " 1".repeat(n));
        let text = format!("{VETH}{line}");
        prop_assert!(import_netdev(&text).is_err());
    }
}
