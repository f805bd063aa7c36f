//! The importer on the public real data, on damaged copies of it, and on any text; the
//! recorded runs of the installed iperf3 are in `recorded`.

mod recorded;

use proptest::prelude::*;

use super::super::testing::real_data;
use super::*;
use crate::number::Unit;

fn read(text: &str) -> Tree {
    import_iperf3_text(text).unwrap_or_else(|e| panic!("{e:?}\n{text}")).fields
}

fn public(name: &str) -> String {
    real_data(&format!("apu2-pfsense-iperf3-text/{name}"))
}

/// The number at `path`, which must be a value.
fn number(tree: &Tree, path: &str) -> f64 {
    tree.number(path).unwrap_or_else(|| panic!("{path}: {:?}", tree.get(path)))
}

fn as_written(tree: &Tree, path: &str) -> String {
    let value = tree.value(path).unwrap_or_else(|| panic!("{path}: {:?}", tree.get(path)));
    value.printed.as_ref().map(|p| p.as_written.clone()).unwrap_or_default()
}

fn absent(tree: &Tree, path: &str) -> String {
    match tree.get(path) {
        Some(Tree::Absent(why)) => why.clone(),
        other => panic!("{path} should be absent: {other:?}"),
    }
}

fn count(tree: &Tree, path: &str) -> usize {
    match tree.get(path) {
        Some(Tree::List(items)) => items.len(),
        other => panic!("{path} should be a list: {other:?}"),
    }
}

const GIB: f64 = 1_073_741_824.0;
const MIB: f64 = 1_048_576.0;

#[test]
fn test1_a_client_gives_the_receivers_summary_and_its_own_intervals_as_sent() {
    let text = public("test1_same_switch.txt");
    let run = read(&text);
    assert_eq!(number(&run, "received.bits_per_second"), 930e6);
    assert_eq!(as_written(&run, "received.bits_per_second"), "930 Mbits/sec");
    assert_eq!(&text[run.value("received.bits_per_second").unwrap().at.clone()], "930");
    assert_eq!(number(&run, "received.bytes"), 1.08 * GIB);
    assert_eq!(number(&run, "received.seconds"), 10.0);
    assert_eq!(run.value("received.seconds").unwrap().printed.as_ref().unwrap().stated, "10.00 s");
    assert!(absent(&run, "received.intervals").contains("record the server's log"));
    assert_eq!(count(&run, "sent.intervals"), 10);
    assert_eq!(number(&run, "sent.intervals.0.bits_per_second"), 865e6);
    assert_eq!(number(&run, "sent.intervals.9.end"), 10.0);
    assert_eq!(number(&run, "sent.bits_per_second"), 931e6);
    // macOS's iperf3 printed no Retr column.
    assert!(absent(&run, "sent.retransmits").contains("Retr"));
    assert_eq!(count(&run, "streams"), 1);
}

#[test]
fn tests_2_to_4_give_their_receivers_lines() {
    for (name, mbits, bytes, sent) in [
        ("test2_isp_router.txt", 932e6, 1.08 * GIB, 933e6),
        ("test3_two_switches.txt", 939e6, 1.09 * GIB, 940e6),
        ("test4_intervlan_via_apu2.txt", 372e6, 443.0 * MIB, 374e6),
    ] {
        let run = read(&public(name));
        assert_eq!(number(&run, "received.bits_per_second"), mbits, "{name}");
        assert_eq!(number(&run, "received.bytes"), bytes, "{name}");
        assert_eq!(number(&run, "sent.bits_per_second"), sent, "{name}");
        assert_eq!(count(&run, "sent.intervals"), 10, "{name}");
    }
}

#[test]
fn test5_parallel_streams_give_the_sum_and_each_stream() {
    let run = read(&public("test5_intervlan_P4.txt"));
    assert_eq!(number(&run, "received.bits_per_second"), 786e6);
    assert_eq!(number(&run, "received.bytes"), 938.0 * MIB);
    assert_eq!(number(&run, "sent.bits_per_second"), 790e6);
    assert_eq!(count(&run, "streams"), 4);
    assert_eq!(number(&run, "streams.0.received.bits_per_second"), 57.0e6);
    assert_eq!(number(&run, "streams.3.received.bits_per_second"), 365e6);
    assert_eq!(number(&run, "streams.3.sent.bits_per_second"), 366e6);
    // The paste starts at the summary: no interval lines.
    assert!(absent(&run, "sent.intervals").contains("no interval lines"));
}

#[test]
fn aws1_a_server_log_gives_its_intervals_and_no_sender_it_did_not_learn() {
    let run = read(&public("aws1_server_side.txt"));
    assert_eq!(number(&run, "received.bits_per_second"), 53.2e6);
    assert_eq!(number(&run, "received.bytes"), 69.2 * MIB);
    assert_eq!(number(&run, "received.seconds"), 10.9);
    assert_eq!(count(&run, "received.intervals"), 11);
    assert_eq!(number(&run, "received.intervals.0.bytes"), 824.0 * 1024.0);
    assert_eq!(number(&run, "received.intervals.10.start"), 10.0);
    assert_eq!(number(&run, "received.intervals.10.end"), 10.9);
    assert_eq!(number(&run, "received.intervals.10.bits_per_second"), 667e3);
    assert_eq!(as_written(&run, "received.intervals.10.bits_per_second"), "667 Kbits/sec");
    assert!(absent(&run, "sent").contains("0.00 Bytes"));
    assert!(absent(&run, "streams.0.sent").contains("0.00 Bytes"));
}

#[test]
fn aws2_ten_streams_give_the_sum_and_the_retransmits() {
    let run = read(&public("aws2_P10_download.txt"));
    assert_eq!(number(&run, "received.bits_per_second"), 834e6);
    assert_eq!(number(&run, "received.bytes"), 5.83 * GIB);
    assert_eq!(number(&run, "received.seconds"), 60.0);
    assert_eq!(number(&run, "sent.retransmits"), 16020.0);
    assert_eq!(count(&run, "streams"), 10);
    assert_eq!(number(&run, "streams.0.sent.retransmits"), 1408.0);
    assert_eq!(number(&run, "streams.9.received.bits_per_second"), 119e6);
}

#[test]
fn aws3_an_old_udp_client_gives_the_loss_but_not_what_arrived() {
    let run = read(&public("aws3_udp_P5.txt"));
    for field in ["bits_per_second", "bytes", "seconds"] {
        assert!(absent(&run, &format!("received.{field}")).contains("receiver"), "{field}");
    }
    assert_eq!(number(&run, "received.lost_packets"), 3_166_489.0);
    assert_eq!(number(&run, "received.packets"), 12_941_338.0);
    assert_eq!(number(&run, "received.lost_percent"), 24.0);
    assert_eq!(number(&run, "received.jitter"), 0.043 * Unit::Millisecond.factor());
    assert_eq!(as_written(&run, "received.jitter"), "0.043 ms");
    assert_eq!(number(&run, "sent.bits_per_second"), 1.25e9);
    assert_eq!(count(&run, "streams"), 5);
    assert_eq!(number(&run, "streams.0.sent.packets"), 2_588_270.0);
    assert_eq!(number(&run, "streams.2.received.lost_percent"), 25.0);
    assert_eq!(number(&run, "streams.4.received.lost_packets"), 631_607.0);
}

const TWO_STREAMS_HEAD: &str = "\
Connecting to host 10.0.0.1, port 5201
[  5] local 10.0.0.2 port 40000 connected to 10.0.0.1 port 5201
[  7] local 10.0.0.2 port 40002 connected to 10.0.0.1 port 5201
[ ID] Interval           Transfer     Bitrate         Retr  Cwnd
[  5]   0.00-10.00  sec   560 MBytes   470 Mbits/sec    0   1.20 MBytes
[  7]   0.00-10.00  sec   561 MBytes   471 Mbits/sec    0   1.20 MBytes
[SUM]   0.00-10.00  sec  1.09 GBytes   941 Mbits/sec    0
- - - - - - - - - - - - - - - - - - - - - - - - -
[ ID] Interval           Transfer     Bitrate         Retr
[  5]   0.00-10.00  sec   560 MBytes   470 Mbits/sec    0             sender
[  5]   0.00-10.04  sec   558 MBytes   466 Mbits/sec                  receiver
[  7]   0.00-10.00  sec   561 MBytes   471 Mbits/sec    0             sender
[  7]   0.00-10.04  sec   559 MBytes   467 Mbits/sec                  receiver
";

/// Fix (1): the legacy reader took a stream's longest span as its summary; a client's `[SUM]`
/// lines pasted with spans that differ must be told apart by their labels.
#[test]
fn a_clients_sum_is_chosen_by_its_label_never_by_its_span() {
    let longer_receiver = format!(
        "{TWO_STREAMS_HEAD}[SUM]   0.00-10.00  sec  1.09 GBytes   941 Mbits/sec    0             sender\n[SUM]   0.00-10.04  sec  1.09 GBytes   933 Mbits/sec                  receiver\n"
    );
    let longer_sender = format!(
        "{TWO_STREAMS_HEAD}[SUM]   0.00-10.04  sec  1.09 GBytes   941 Mbits/sec    0             sender\n[SUM]   0.00-10.00  sec  1.09 GBytes   933 Mbits/sec                  receiver\n"
    );
    for (text, seconds) in [(longer_receiver, 10.04), (longer_sender, 10.0)] {
        let run = read(&text);
        assert_eq!(number(&run, "received.bits_per_second"), 933e6);
        assert_eq!(number(&run, "received.seconds"), seconds);
        assert_eq!(number(&run, "sent.bits_per_second"), 941e6);
        // The [SUM] interval line, a sender's, is the run's one sent interval.
        assert_eq!(count(&run, "sent.intervals"), 1);
        assert_eq!(number(&run, "streams.1.received.bits_per_second"), 467e6);
    }
}

/// Fix (2): interval lines without the summary are no run.
#[test]
fn a_transcript_cut_before_its_summary_is_refused() {
    let text = public("test1_same_switch.txt");
    let cut = &text[..text.find("- - -").unwrap()];
    let error = import_iperf3_text(cut).unwrap_err();
    assert!(error.message.contains("ends before iperf3's summary"), "{error}");
    // At the last interval line, where the summary should have followed.
    let last = cut.trim_end().lines().last().unwrap();
    assert_eq!(&cut[error.at.clone().unwrap()], last, "{error}");
    assert!(error.message.contains("10 interval lines"), "{error}");
}

/// The error's message and the text it is at.
fn error_line(text: &str) -> (String, String) {
    let error = import_iperf3_text(text).unwrap_err();
    let at = error.at.clone().unwrap_or_else(|| panic!("no place: {error}"));
    (error.message, text[at].to_string())
}

/// Fix (3): iperf3 prints no negative figure; one is a damaged line.
#[test]
fn a_negative_number_is_an_error_at_its_line() {
    let text = public("test1_same_switch.txt");
    for (good, bad) in [
        ("1.08 GBytes   930 Mbits/sec", "1.08 GBytes   -930 Mbits/sec"),
        ("1.08 GBytes   930 Mbits/sec", "-1.08 GBytes   930 Mbits/sec"),
        ("[  4]   0.00-10.00  sec  1.08 GBytes   930", "[  4]   -1.00-10.00  sec  1.08 GBytes   930"),
    ] {
        let damaged = text.replacen(good, bad, 1);
        let (message, line) = error_line(&damaged);
        assert!(message.contains("negative"), "{message}");
        assert!(line.contains(bad), "{line}");
    }
    let damaged = public("aws2_P10_download.txt").replacen("  1408  ", " -1408  ", 1);
    let (message, line) = error_line(&damaged);
    assert!(message.contains("negative") && line.contains("-1408"), "{message}");
}

/// Fix (4): an interval that ends before it starts would be a run of negative seconds.
#[test]
fn an_interval_that_ends_before_it_starts_is_an_error_at_its_line() {
    let damaged = public("aws1_server_side.txt").replacen("9.00-10.00", "10.00-9.00", 1);
    let (message, line) = error_line(&damaged);
    assert!(message.contains("ends before it starts"), "{message}");
    assert!(line.contains("10.00-9.00"), "{line}");
}

#[test]
fn an_unreadable_report_line_is_an_error_at_that_line() {
    let text = public("test1_same_switch.txt");
    for (good, bad) in [
        ("   930 Mbits/sec ", "   930 Mbats/sec "),
        ("1.08 GBytes   930", "1.08 PBytes   930"),
        ("1.08 GBytes   930", "1.08 GBytes   9x0"),
        ("receiver", "receiver 7"),
        ("[  4]   0.00-10.00  sec  1.08 GBytes   930", "[  4]   hello"),
    ] {
        let (message, line) = error_line(&text.replacen(good, bad, 1));
        assert!(line.contains(bad.trim()), "{message}: {line}");
        assert!(message.starts_with("expected"), "{message}");
    }
}

#[test]
fn a_log_holding_two_runs_or_a_run_beside_a_cut_one_is_refused() {
    let aws1 = public("aws1_server_side.txt");
    let (message, line) = error_line(&format!("{aws1}{aws1}"));
    assert!(
        message.contains("second complete iperf3 test starts at line 26")
            && message.contains("keep one run a file"),
        "{message}"
    );
    assert!(line.contains("iperf3 -s"), "{line}");
    let cut = "Accepted connection from 10.0.0.2, port 40000\n[  5] local 10.0.0.1 port 5201 connected to 10.0.0.2 port 40002\n[ ID] Interval           Transfer     Bitrate\n[  5]   0.00-1.00   sec   824 KBytes  6.75 Mbits/sec\n";
    let (message, line) = error_line(&format!("{aws1}{cut}"));
    assert!(
        message.contains("ends before its summary") && message.contains("keep one run a file"),
        "{message}"
    );
    assert!(line.starts_with("Accepted connection"), "{line}");
    // A second receiver line of one stream: which is the run's is unclear.
    let text = public("test1_same_switch.txt");
    let receiver = "[  4]   0.00-10.00  sec  1.08 GBytes   930 Mbits/sec                  receiver\n";
    let (message, line) = error_line(&text.replacen(receiver, &format!("{receiver}{receiver}"), 1));
    assert!(message.contains("second summary line") && message.contains("line 20"), "{message}");
    assert!(line.contains("receiver"));
}

#[test]
fn what_is_not_iperf3_text_says_so() {
    for text in ["", "hello\n", "iperf Done.\n"] {
        assert!(import_iperf3_text(text).unwrap_err().message.contains("no iperf3 report lines"), "{text}");
    }
    let failed = "Connecting to host 10.0.0.1, port 5201\niperf3: error - unable to connect to server: Connection refused\n";
    assert!(import_iperf3_text(failed).unwrap_err().message.contains("Connection refused"));
}

#[test]
fn streams_without_a_sum_line_give_no_run_total() {
    let run = read(TWO_STREAMS_HEAD);
    assert!(absent(&run, "received").contains("[SUM]"));
    assert_eq!(number(&run, "streams.0.received.bits_per_second"), 466e6);
}

#[test]
fn a_loss_printed_in_exponent_form_is_absent_and_its_counts_are_given() {
    let text = "Accepted connection from 10.0.0.2, port 40000\n[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n[  5]   0.00-1.00   sec  0.00 Bytes  0.00 bits/sec  0.000 ms  39/39 (1e+02%)  \n- - - - - - - - - - - - - - - - - - - - - - - - -\n[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams\n[  5]   0.00-1.00   sec  0.00 Bytes  0.00 bits/sec  0.000 ms  39/39 (1e+02%)  receiver\n";
    let run = read(text);
    assert!(absent(&run, "received.lost_percent").contains("1e+02"));
    assert_eq!(number(&run, "received.lost_packets"), 39.0);
    // What the server received is its own count: 0 is 0.
    assert_eq!(number(&run, "received.bytes"), 0.0);
    assert_eq!(count(&run, "received.intervals"), 1);
}

#[test]
fn a_bidir_line_without_its_role_is_an_error_at_that_line() {
    let text = "Connecting to host 10.0.0.1, port 5201\n[ ID][Role] Interval           Transfer     Bitrate         Retr\n[  5][TX-C]   0.00-1.00   sec  1.61 GBytes  13.8 Gbits/sec    0             sender\n[  7]   0.00-1.00   sec  1.39 GBytes  11.9 Gbits/sec                  receiver\n";
    let (message, line) = error_line(text);
    assert!(message.contains("role"), "{message}");
    assert!(line.starts_with("[  7]"));
}

#[test]
fn a_cpu_line_gives_both_totals() {
    let text = public("test1_same_switch.txt").replace(
        "\niperf Done.",
        "CPU Utilization: local/sender 5.5% (0.2%u/5.3%s), remote/receiver 13.0% (1.2%u/11.8%s)\n\niperf Done.",
    );
    let run = read(&text);
    assert_eq!(number(&run, "cpu.local_percent"), 5.5);
    assert_eq!(number(&run, "cpu.remote_percent"), 13.0);
    let (message, line) = error_line(&text.replace("remote/receiver 13.0%", "remote/receiver lots"));
    assert!(message.contains("number") && line.starts_with("CPU"), "{message}");
}

use super::super::testing::APU2_IPERF3_TEXT as PUBLIC_FILES;

const DAMAGED: &str = "[  5]   0.00-1.00   sec   garbage";

fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[  5]   0.00-1.00   sec   112 MBytes   939 Mbits/sec    0   1.2 MBytes".to_string()),
        Just("[SUM]   0.00-10.00  sec  1.09 GBytes   941 Mbits/sec                  receiver".to_string()),
        Just(
            "[  5][TX-C]   0.00-1.00   sec  1.61 GBytes  13.8 Gbits/sec    0             sender".to_string()
        ),
        Just(
            "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams"
                .to_string()
        ),
        Just(
            "[  5]   0.00-1.00   sec  1.22 MBytes  10.2 Mbits/sec  0.008 ms  0/39 (0%)  receiver".to_string()
        ),
        Just("- - - - - - - - - - - - - - - - - - - - - - - - -".to_string()),
        Just("Connecting to host 10.0.0.1, port 5201".to_string()),
        Just("Accepted connection from 10.0.0.2, port 40000".to_string()),
        Just("[  4] Sent 2588270 datagrams".to_string()),
        Just(
            "CPU Utilization: local/sender 5.5% (0.2%u/5.3%s), remote/receiver 13.0% (1.2%u/11.8%s)"
                .to_string()
        ),
        "\\[[ 0-9SUMID]{0,4}\\](\\[[A-Z-]{0,4}\\])? {0,3}[0-9.e+-]{0,6}-[0-9.-]{0,6} {0,3}(sec)? [0-9.-]{0,5} [KMGT]?Bytes [0-9.]{0,4} [KMG]?bits/sec [0-9/ ()%.a-z]{0,20}",
        ".{0,80}",
    ]
}

proptest! {
    #[test]
    fn never_panics_on_any_text(text in ".{0,600}") {
        let _ = import_iperf3_text(&text);
    }

    #[test]
    fn never_panics_on_iperf3_like_lines(lines in prop::collection::vec(fragment(), 0..24)) {
        let _ = import_iperf3_text(&lines.join("\n"));
    }

    /// A file is read whole or refused: a damaged report line anywhere in a real output is
    /// an error at that line, never skipped.
    #[test]
    fn a_damaged_report_line_anywhere_is_an_error_at_that_line(
        file in 0..PUBLIC_FILES.len(),
        place in any::<prop::sample::Index>(),
    ) {
        let text = public(PUBLIC_FILES[file]);
        let starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        let at = starts[place.index(starts.len())];
        let damaged = format!("{}{DAMAGED}\n{}", &text[..at], &text[at..]);
        let error = import_iperf3_text(&damaged).expect_err("a damaged line must be refused");
        prop_assert_eq!(error.at, Some(at..at + DAMAGED.len()), "{}", error.message);
    }
}

/// A README-only trial's server log ended with `2.00-2.00 sec  6.25 MBytes  15.1 Gbits/sec`:
/// an interval of no length, counted as one of the run's seconds by a mean over intervals.
#[test]
fn an_interval_of_no_length_is_not_an_interval() {
    let log = "\
-----------------------------------------------------------
Server listening on 5201 (test #1)
-----------------------------------------------------------
Accepted connection from 127.0.0.1, port 40000
[  5] local 127.0.0.1 port 5201 connected to 127.0.0.1 port 40002
[ ID] Interval           Transfer     Bitrate
[  5]   0.00-1.00   sec  1.75 GBytes  15.0 Gbits/sec
[  5]   1.00-2.00   sec  1.76 GBytes  15.1 Gbits/sec
[  5]   2.00-2.00   sec  6.25 MBytes  15.1 Gbits/sec
- - - - - - - - - - - - - - - - - - - - - - - - -
[ ID] Interval           Transfer     Bitrate
[  5]   0.00-2.00   sec  3.51 GBytes  15.1 Gbits/sec                  receiver
";
    let fields = read(log);
    assert_eq!(count(&fields, "received.intervals"), 2);
    assert_eq!(number(&fields, "received.intervals.1.bits_per_second"), 15.1e9);
}

/// A client's summary of `streams` parallel streams, as iperf3 -P prints it.
fn parallel(streams: usize) -> String {
    let mut text = String::from("[ ID] Interval           Transfer     Bitrate\n");
    for i in 0..streams {
        let id = 5 + 2 * i;
        text.push_str(&format!(
            "[{id:3}]   0.00-10.00  sec  68.6 MBytes  57.5 Mbits/sec                  sender\n"
        ));
        text.push_str(&format!(
            "[{id:3}]   0.00-10.00  sec  68.0 MBytes  57.0 Mbits/sec                  receiver\n"
        ));
    }
    text.push_str("[SUM]   0.00-10.00  sec   942 MBytes   790 Mbits/sec                  sender\n");
    text.push_str(
        "[SUM]   0.00-10.00  sec   938 MBytes   786 Mbits/sec                  receiver\n\niperf Done.\n",
    );
    text
}

/// Thousands of stream ids: each stream's figures were looked for among every stream's
/// lines, so 8× the streams took 64× the steps (issue 44).
#[test]
fn many_streams_are_read_in_time_linear_in_the_streams() {
    let (tree, one) = crate::figures::import::counted(|| read(&parallel(100)));
    assert_eq!(count(&tree, "streams"), 100);
    let (tree, eight) = crate::figures::import::counted(|| read(&parallel(800)));
    assert_eq!(count(&tree, "streams"), 800);
    assert_eq!(as_written(&tree, "streams.799.received.bits_per_second"), "57.0 Mbits/sec");
    assert!(eight <= 8 * one + one / 10, "{one} steps for 100 streams, {eight} for 800");
}
