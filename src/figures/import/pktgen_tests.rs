use proptest::prelude::*;

use super::*;
use crate::figures::import::testing::real_data;

/// The public receiver's log: FreeBSD 13, an i210, `pkt-gen -N -f rx`, killed by the bench
/// before its totals.
const REAL: &str = "netmap-pktgen/pkt-gen-rx-apu2-r368766-inet4-1.txt";

// Reconstructions, not recordings: a receiver that ended by itself (`-n`) and a sender,
// written with pkt-gen.c's printf formats (`main_thread`'s `%spps (%spkts %sbps in %llu
// usec) %.2f avg_batch %d min_space`, `tx_output`'s `%s %llu packets %llu bytes %llu events
// %d bytes each in %.2f seconds.` and `Speed: %spps Bandwidth: %sbps (raw %sbps). Average
// batch: %.2f pkts`), without `-N` (numbers scaled: `745.674 Kpps`). The numbers are made
// up, each pps its packets over its microseconds.
const ENDED: &str = "\
612.000100 main [2938] interface is ix0
612.000200 main [3065] using default burst size: 512
614.100000 receiver_body [1838] reading from netmap:ix0 fd 3 main_fd 3
615.100000 main_thread [2687] 745.674 Kpps (746.454 Kpkts 357.924 Mbps in 1001046 usec) 11.06 avg_batch 1014 min_space
616.100000 main_thread [2687] 745.300 Kpps (746.046 Kpkts 357.744 Mbps in 1001001 usec) 11.11 avg_batch 1015 min_space
617.100000 main_thread [2687] 740.599 Kpps (741.336 Kpkts 355.488 Mbps in 1000995 usec) 11.08 avg_batch 1015 min_space
Received 2233836 packets 134030160 bytes 201244 events 60 bytes each in 3.00 seconds.
Speed: 744.612 Kpps Bandwidth: 357.408 Mbps (raw 500.371 Mbps). Average batch: 11.10 pkts
";

const SENDER: &str = "\
CMD on 192.168.1.1: pkt-gen -N -f tx -i igb2 -n 2000000 -l 60
700.000100 main [2938] interface is igb2
700.200000 sender_body [1515] start, fd 3 main_fd 3
701.200000 main_thread [2687] 1000001 pps (1000002 pkts 480000960 bps in 1000001 usec) 512.00 avg_batch 0 min_space
702.200000 main_thread [2687] 999998 pps (999999 pkts 479999520 bps in 1000001 usec) 512.00 avg_batch 0 min_space
Sent 2000000 packets 120000000 bytes 3907 events 60 bytes each in 2.00 seconds.
Speed: 1000000 pps Bandwidth: 480000000 bps (raw 672000000 bps). Average batch: 511.90 pkts
";

fn fields(text: &str) -> Tree {
    import_pktgen(text).unwrap_or_else(|e| panic!("{e}")).fields
}

fn error(text: &str) -> ImportError {
    match import_pktgen(text) {
        Ok(imported) => panic!("accepted, as {}: {}", imported.format, &text[..text.len().min(300)]),
        Err(e) => e,
    }
}

/// The line (1-based) an error is at.
fn line_of(text: &str, e: &ImportError) -> usize {
    let at = e.at.clone().expect("at a place");
    text[..at.start].matches('\n').count() + 1
}

#[test]
fn the_public_receivers_log_gives_every_second_and_says_its_totals_were_cut() {
    let text = real_data(REAL);
    let imported = import_pktgen(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(imported.format, "pkt-gen (receiver)");
    let f = &imported.fields;
    let Some(Tree::List(seconds)) = f.get("seconds") else { panic!("{f:?}") };
    // 55 rate lines, 543.133049 to 597.217952, the first before any packet came.
    assert_eq!(seconds.len(), 55);
    assert_eq!(f.number("seconds.0.pps"), Some(0.0));
    assert_eq!(f.number("seconds.1.pps"), Some(115_289.0));
    assert_eq!(f.number("seconds.1.packets"), Some(115_365.0));
    assert_eq!(f.number("seconds.1.bits_per_second"), Some(55_338_511.0));
    assert!((f.number("seconds.1.seconds").unwrap() - 1.000663).abs() < 1e-12);
    assert_eq!(f.number("seconds.1.avg_batch"), Some(11.09));
    assert_eq!(f.number("seconds.1.min_space"), Some(1015.0));
    assert_eq!(f.number("seconds.54.pps"), Some(417_978.0));
    // The figure the bench's `.pps` file gives for this run is one its log printed.
    let pps = real_data("netmap-pktgen/r368766.inet4.pps");
    let first: f64 = pps.lines().next().and_then(|l| l.trim().parse().ok()).expect("a figure");
    assert!(seconds.iter().any(|s| matches!(s, Tree::Map(_)) && s.number("pps") == Some(first)));
    // Each value is known to the digits pkt-gen printed, and found at its line.
    let v = f.value("seconds.1.pps").unwrap();
    assert_eq!(v.printed.as_ref().unwrap().as_written, "115289 pps");
    assert_eq!(&text[v.at.clone()], "115289");
    assert_eq!(&text[f.value("seconds.1.packets").unwrap().at.clone()], "115365");
    match f.get("received") {
        Some(Tree::Absent(why)) => assert!(why.contains("line 66") && why.contains("Terminated"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_rate_line_of_the_public_log_is_its_packets_over_its_time() {
    // The check that refuses an edited line passes every line pkt-gen wrote.
    let text = real_data(REAL);
    let f = fields(&text);
    for i in 0..55 {
        let (pps, packets, seconds) = (
            f.number(&format!("seconds.{i}.pps")).unwrap(),
            f.number(&format!("seconds.{i}.packets")).unwrap(),
            f.number(&format!("seconds.{i}.seconds")).unwrap(),
        );
        assert!((pps - packets / seconds).abs() <= 1.0, "line {i}: {pps} against {}", packets / seconds);
    }
}

#[test]
fn a_log_that_ended_gives_its_totals_at_printed_precision() {
    let f = fields(ENDED);
    assert_eq!(f.number("seconds.0.pps"), Some(745_674.0));
    assert_eq!(f.number("seconds.0.packets"), Some(746_454.0));
    assert_eq!(f.number("seconds.2.bits_per_second"), Some(355_488_000.0));
    assert_eq!(f.value("seconds.0.packets").unwrap().printed.as_ref().unwrap().stated, "746.454 thousand");
    assert_eq!(f.number("received.packets"), Some(2_233_836.0));
    assert_eq!(f.number("received.bytes"), Some(134_030_160.0));
    assert_eq!(f.number("received.events"), Some(201_244.0));
    assert_eq!(f.number("received.packet_bytes"), Some(60.0));
    assert_eq!(f.number("received.seconds"), Some(3.0));
    assert_eq!(f.number("received.pps"), Some(744_612.0));
    assert_eq!(f.number("received.bits_per_second"), Some(357_408_000.0));
    assert_eq!(f.number("received.raw_bits_per_second"), Some(500_371_000.0));
    assert_eq!(f.number("received.avg_batch"), Some(11.1));
    assert_eq!(f.value("received.pps").unwrap().printed.as_ref().unwrap().stated, "744.612 kpps");
}

#[test]
fn a_senders_log_is_never_taken_as_received() {
    let imported = import_pktgen(SENDER).unwrap();
    assert_eq!(imported.format, "pkt-gen (sender)");
    let f = &imported.fields;
    assert!(matches!(f.get("received"), Some(Tree::Absent(why)) if why.contains("-f rx")));
    assert!(matches!(f.get("seconds"), Some(Tree::Absent(_))));
    assert_eq!(f.number("sent.seconds.0.pps"), Some(1_000_001.0));
    assert_eq!(f.number("sent.packets"), Some(2_000_000.0));
    assert_eq!(f.number("sent.pps"), Some(1_000_000.0));
}

#[test]
fn an_older_pkt_gen_rate_line_is_read() {
    // As bench-lab's own comment quotes one: no bps, no batch.
    let text =
        "CMD: pkt-gen -f rx -i ix0\n290.703575 main_thread [1441] 729113 pps (730571 pkts in 1002000 usec)\n";
    let f = fields(text);
    assert_eq!(f.number("seconds.0.pps"), Some(729_113.0));
    assert_eq!(f.get("seconds.0.bits_per_second"), None);
}

#[test]
fn an_edited_rate_is_refused_at_its_line() {
    let text = real_data(REAL).replace("745674 pps", "845674 pps");
    let e = error(&text);
    assert!(e.message.contains("`845674 pps` is not this line's packets over its time"), "{e}");
    assert_eq!(line_of(&text, &e), 13);
}

#[test]
fn a_line_pkt_gen_does_not_print_is_refused_at_its_line() {
    for (bad, says) in [
        (
            "> 545.134758 main_thread [2687] 745674 pps (746454 pkts 357923532 bps in 1001046 usec)",
            "not a line pkt-gen prints",
        ),
        (
            "\u{200b}545.134758 main_thread [2687] 745674 pps (746454 pkts 357923532 bps in 1001046 usec)",
            "not a line pkt-gen prints",
        ),
        (
            "545.134758 main_thread [2687] 745674 pps (746454 pkts 357923532 bps in 1001046 usec) extra",
            "not pkt-gen's rate line",
        ),
        (
            "545.134758 main_thread [2687] -745674 pps (746454 pkts 357923532 bps in 1001046 usec)",
            "not a plain number",
        ),
        (
            "545.134758 main_thread [2687] 745674 Gpps (746454 pkts 357923532 bps in 1001046 usec)",
            "not a rate pkt-gen prints",
        ),
        ("545.134758 receiver_body [1853] 745674 pps", "in `main_thread` lines only"),
        ("some words a person typed", "not a line pkt-gen prints"),
    ] {
        let mut lines: Vec<String> = real_data(REAL).lines().map(str::to_string).collect();
        lines.insert(20, bad.to_string());
        let text = lines.join("\n");
        let e = import_pktgen(&text).map(|_| ()).expect_err(bad);
        assert!(e.message.contains(says), "{bad}: {e}");
        assert_eq!(line_of(&text, &e), 21, "{bad}");
    }
}

#[test]
fn two_runs_in_one_file_are_refused_at_the_second() {
    let twice = format!("{ENDED}{ENDED}");
    let e = error(&twice);
    assert!(e.message.contains("two runs in one file"), "{e}");
    assert_eq!(line_of(&twice, &e), 9);
    let real = real_data(REAL);
    let twice = format!("{real}{real}");
    let e = error(&twice);
    assert!(e.message.contains("two runs in one file"), "{e}");
    // The second copy's `CMD` line is 67; pkt-gen starts again at its `interface is`.
    assert_eq!(line_of(&twice, &e), 68);
}

#[test]
fn a_log_of_both_sides_is_refused() {
    let text = format!("{SENDER}614.100000 receiver_body [1838] reading from netmap:ix0 fd 3 main_fd 3\n");
    let e = error(&text);
    assert!(e.message.contains("a file holds one side's log"), "{e}");
}

#[test]
fn a_run_that_got_nothing_or_a_log_of_no_figure_is_refused() {
    let nothing =
        "614.100000 receiver_body [1838] reading from netmap:ix0 fd 3 main_fd 3\nReceived nothing.\n";
    assert!(error(nothing).message.contains("mark it `failed:`"));
    assert!(
        error("612.000100 main [2938] interface is ix0\n").message.contains("no receiver's or sender's line")
    );
    let no_rate = "614.100000 receiver_body [1838] reading from netmap:ix0 fd 3 main_fd 3\n";
    assert!(error(no_rate).message.contains("no rate line"));
    assert!(error("").message.contains("no pkt-gen log"));
}

#[test]
fn damaged_totals_are_refused() {
    for (from, to, says) in [
        ("3.00 seconds.", "3.00 sec.", "not pkt-gen's totals"),
        ("2233836 packets", "2233836.5 packets", "not a whole number"),
        ("(raw 500.371 Mbps)", "(raw 500.371 Mbit)", "not a rate pkt-gen prints"),
        ("Average batch", "Mean batch", "not pkt-gen's `Speed:` line"),
        (
            "Received 2233836",
            "Speed: 1 pps Bandwidth: 1 bps (raw 1 bps). Average batch: 1 pkts\nReceived 2233836",
            "follows no",
        ),
    ] {
        let text = ENDED.replace(from, to);
        assert!(error(&text).message.contains(says), "{to}: {}", error(&text));
    }
}

/// Each line is looked at once: eight times the log is eight times the words, counted
/// rather than timed.
#[test]
fn reading_is_linear_in_the_log() {
    let real = real_data(REAL);
    let body: String = real.lines().filter(|l| l.contains("main_thread")).map(|l| format!("{l}\n")).collect();
    let head = "CMD: pkt-gen -N -f rx -i igb3\n";
    let (_, one) = read(&format!("{head}{body}")).unwrap();
    let (_, eight) = read(&format!("{head}{}", body.repeat(8))).unwrap();
    let (imported, sixty_four) = read(&format!("{head}{}", body.repeat(64))).unwrap();
    assert!(eight <= 8 * one && sixty_four <= 8 * eight, "{one} {eight} {sixty_four}");
    assert!(matches!(imported.fields.get("seconds"), Some(Tree::List(l)) if l.len() == 55 * 64));
}

fn rate_line_strategy() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,3}\\.[0-9]{6} main_thread \\[[0-9]{1,4}\\] [0-9.]{1,8} [KM]?pps \\([0-9.]{1,8} [KM]?pkts( [0-9]{1,9} bps)? in [0-9]{1,8} usec\\)( [0-9.]{1,5} avg_batch( [0-9]{1,4} min_space)?)?",
        "Received [0-9]{1,8} packets [0-9]{1,9} bytes [0-9]{1,6} events [0-9]{1,4} bytes each in [0-9.]{1,6} seconds\\.",
        "Speed: [0-9.]{1,8} [KM]?pps Bandwidth: [0-9.]{1,8} [KMG]?bps \\(raw [0-9.]{1,8} [KMG]?bps\\)\\. Average batch: [0-9.]{1,6} pkts",
        "[ -~]{0,80}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,200}", lines in prop::collection::vec(rate_line_strategy(), 0..8)) {
        let _ = import_pktgen(&text);
        let joined = lines.join("\n");
        let _ = import_pktgen(&joined);
        let _ = import_pktgen(&format!("CMD: pkt-gen -f rx\n{joined}"));
    }

    /// Any value read is a finite number found where the log prints it.
    #[test]
    fn every_value_read_is_finite_and_in_the_text(lines in prop::collection::vec(rate_line_strategy(), 1..8)) {
        let text = format!("CMD: pkt-gen -f rx\n{}\n", lines.join("\n"));
        if let Ok(imported) = import_pktgen(&text) {
            let mut stack = vec![&imported.fields];
            while let Some(tree) = stack.pop() {
                match tree {
                    Tree::Value(v) => {
                        prop_assert!(v.value.is_finite());
                        prop_assert!(text.get(v.at.clone()).is_some_and(|s| !s.is_empty()));
                    }
                    Tree::List(items) => stack.extend(items),
                    Tree::Map(entries) => stack.extend(entries.iter().map(|(_, t)| t)),
                    Tree::Text(_) | Tree::Absent(_) => {}
                }
            }
        }
    }
}
