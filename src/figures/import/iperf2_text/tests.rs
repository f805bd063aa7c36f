//! iperf 2 text: the Soekris fixtures, outputs recorded here on 127.0.0.1 from the
//! installed iperf (2), and damaged outputs. [`record`] is shared with the CSV tests.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::super::testing::fixture;
use super::*;

fn read(text: &str) -> Tree {
    import_iperf2_text(text).unwrap_or_else(|e| panic!("{e:?}\n{text}")).fields
}

fn n(tree: &Tree, path: &str) -> f64 {
    tree.number(path).unwrap_or_else(|| panic!("{path}: {:?}", tree.get(path)))
}

fn count(tree: &Tree, path: &str) -> usize {
    match tree.get(path) {
        Some(Tree::List(items)) => items.len(),
        other => panic!("{path}: {other:?}"),
    }
}

fn is_absent(tree: &Tree, path: &str) -> bool {
    matches!(tree.get(path), Some(Tree::Absent(_)))
}

fn refused(text: &str) -> ImportError {
    import_iperf2_text(text).expect_err("refused")
}

#[test]
fn the_eight_soekris_runs_give_the_servers_summary() {
    let expected = [814.0, 177.0, 224.0, 183.0, 235.0, 812.0, 174.0, 220.0];
    for (i, mbits) in expected.iter().enumerate() {
        let fields = read(&fixture(&format!("iperf2/test{}.txt", i + 1)));
        assert_eq!(n(&fields, "received.bits_per_second"), mbits * 1e6, "test {}", i + 1);
        assert_eq!(n(&fields, "received.seconds"), 30.0, "test {}", i + 1);
    }
}

#[test]
fn transfer_is_binary_printed_as_iperf_wrote_it_and_the_client_lines_are_sent() {
    let text = fixture("iperf2/test1.txt");
    let fields = read(&text);
    let bytes = fields.value("received.bytes").unwrap();
    assert_eq!(bytes.value, 2.84 * 1_073_741_824.0);
    assert_eq!(bytes.unit, Unit::Byte);
    assert_eq!(bytes.printed.as_ref().unwrap().stated, "2.84 GiB");
    assert!(text[bytes.at.clone()].starts_with("[ 4] 0.0-30.0 sec"));
    // The 30 one-second lines are the client's: what was sent, not what arrived.
    assert!(is_absent(&fields, "received.intervals"), "{:?}", fields.get("received.intervals"));
    assert_eq!(count(&fields, "sent.intervals"), 30);
    assert_eq!(n(&fields, "sent.bits_per_second"), 814e6);
    assert_eq!(n(&read(&fixture("iperf2/test2.txt")), "received.bytes"), 635.0 * 1_048_576.0);
}

#[test]
fn a_server_with_intervals_gives_them_and_its_summary() {
    let text = "\
Server listening on TCP port 5001
[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000
[ ID] Interval       Transfer     Bandwidth
[  4]  0.0- 1.0 sec   112 MBytes   941 Mbits/sec
[  4]  1.0- 2.0 sec   113 MBytes   946 Mbits/sec
[  4]  0.0- 2.0 sec   225 MBytes   943 Mbits/sec
";
    let fields = read(text);
    assert_eq!(n(&fields, "received.bits_per_second"), 943e6);
    assert_eq!(count(&fields, "received.intervals"), 2);
    assert_eq!(n(&fields, "received.intervals.1.bits_per_second"), 946e6);
    assert!(text[fields.value("received.intervals.0.bytes").unwrap().at.clone()].contains("941 Mbits/sec"));
    assert!(is_absent(&fields, "sent"));
}

/// Issue 48: interval lines with no summary after them (iperf stopped, a paste cut) were
/// taken as a run, the last second as its summary.
#[test]
fn a_transcript_cut_before_its_summary_is_refused_at_its_last_line() {
    let head = "\
Server listening on TCP port 5001
[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000
[ ID] Interval       Transfer     Bandwidth
[  4]  0.0- 1.0 sec   112 MBytes   941 Mbits/sec
[  4]  1.0- 2.0 sec   113 MBytes   946 Mbits/sec
";
    let error = refused(head);
    assert!(error.message.contains("ends before iperf 2's summary of stream `4`"), "{error}");
    assert!(error.message.contains("line 4 (0.0-1.0 sec)"), "{error}");
    assert!(head[error.at.unwrap()].contains("1.0- 2.0 sec"));
    // With its summary it is a run.
    read(&format!("{head}[  4]  0.0- 2.0 sec   225 MBytes   943 Mbits/sec\n"));
    // A client's side cut the same way: what was sent is not known either.
    let client = "Client connecting to 10.0.0.1, TCP port 5001\n[  3] local 10.0.0.2 port 40000 connected with 10.0.0.1 port 5001\n[  3]  0.0- 1.0 sec   112 MBytes   941 Mbits/sec\n[  3]  1.0- 2.0 sec   113 MBytes   946 Mbits/sec\n";
    let both = format!("{head}[  4]  0.0- 2.0 sec   225 MBytes   943 Mbits/sec\n{client}");
    assert!(refused(&both).message.contains("stream `3`"));
}

#[test]
fn a_client_transcript_alone_is_not_a_throughput() {
    let text = "Client connecting to 10.0.0.1, TCP port 5001\n[  3] local 10.0.0.2 port 40000 connected with 10.0.0.1 port 5001\n[  3]  0.0-10.0 sec  1.10 GBytes   941 Mbits/sec\n";
    assert!(refused(text).message.contains("only what was sent"));
}

#[test]
fn a_sum_line_wins_over_parallel_streams() {
    let text = "\
Server listening on TCP port 5001
[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000
[  5] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40001
[  4]  0.0-10.0 sec   560 MBytes   470 Mbits/sec
[  5]  0.0-10.0 sec   561 MBytes   471 Mbits/sec
[SUM]  0.0-10.0 sec  1.09 GBytes   941 Mbits/sec
";
    let fields = read(text);
    assert_eq!(n(&fields, "received.bits_per_second"), 941e6);
    assert_eq!(n(&fields, "streams.1.received.bits_per_second"), 471e6);
}

/// The trial's cases: `30.0-0.0 sec` gave -30 s, and a second summary of one stream
/// silently replaced the first.
#[test]
fn a_backwards_interval_or_a_second_differing_summary_is_an_error_at_its_line() {
    let head = "iperf -s\n[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n";
    let text = format!("{head}[  4] 30.0-0.0 sec  656 MBytes  183 Mbits/sec\n");
    let error = refused(&text);
    assert!(text[error.at.unwrap()].contains("30.0-0.0") && error.message.contains("ends before it starts"));
    let text = format!(
        "{head}[  4]  0.0-30.0 sec  656 MBytes  183 Mbits/sec\n[  4]  0.0-30.0 sec  700 MBytes  196 Mbits/sec\n"
    );
    let error = refused(&text);
    assert!(
        text[error.at.clone().unwrap()].contains("700 MBytes") && error.message.contains("line 3"),
        "{error}"
    );
    // The same report twice (pasted twice) says one thing: it is that report.
    let once = "iperf -s\n[  4]  0.0-30.0 sec  656 MBytes  183 Mbits/sec\n";
    let twice = format!("{once}[  4]  0.0-30.0 sec  656 MBytes  183 Mbits/sec\n");
    assert_eq!(read(&twice).number("received.bytes"), read(once).number("received.bytes"));
}

#[test]
fn not_a_number_or_a_bad_report_line_is_an_error_with_its_place() {
    for bad in [
        "0.0-30.0 sec  2.84 GBytes   NaN Mbits/sec",
        "0.0-30.0 sec  inf GBytes   814 Mbits/sec",
        "0.0-x sec  1 MBytes  1 Mbits/sec",
    ] {
        let text = format!("iperf -s\n[  4]  {bad}\n");
        let error = refused(&text);
        assert!(text[error.at.unwrap()].starts_with("[  4]"), "{bad}");
    }
}

#[test]
fn a_udp_server_report_gives_jitter_and_losses() {
    let text = "\
Client connecting to 127.0.0.1, UDP port 45301
[  1] local 127.0.0.1 port 50061 connected with 127.0.0.1 port 45301
[ ID] Interval       Transfer     Bandwidth
[  1] 0.0000-1.0016 sec  1.25 MBytes  10.5 Mbits/sec
[  1] Sent 896 datagrams
[  1] Server Report:
[ ID] Interval       Transfer     Bandwidth        Jitter   Lost/Total Datagrams
[  1] 0.0000-1.0016 sec  1.25 MBytes  10.5 Mbits/sec   0.002 ms 3/895 (0.34%)
";
    let fields = read(text);
    assert_eq!(n(&fields, "received.jitter"), 0.002e-3);
    assert_eq!(n(&fields, "received.lost_packets"), 3.0);
    assert_eq!(n(&fields, "received.packets"), 895.0);
    assert_eq!(n(&fields, "received.lost_percent"), 0.34);
    assert_eq!(n(&fields, "sent.bytes"), 1.25 * 1_048_576.0);
    assert!(is_absent(&fields, "sent.jitter") || fields.get("sent.jitter").is_none());
}

/// A process that is killed and reaped however the test ends.
struct Guard(std::process::Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether something listens on 127.0.0.1:`port` (TCP) or is bound there (UDP), from
/// /proc: probing the server would add a connection to its report.
fn listening(port: u16, udp: bool) -> bool {
    let table =
        std::fs::read_to_string(if udp { "/proc/net/udp" } else { "/proc/net/tcp" }).unwrap_or_default();
    let local = format!("0100007F:{port:04X}");
    table.lines().any(|l| {
        let cols: Vec<&str> = l.split_whitespace().collect();
        cols.get(1) == Some(&local.as_str()) && cols.get(3) == Some(&if udp { "07" } else { "0A" })
    })
}

fn iperf(args: &[&str], out: Stdio) -> Guard {
    Guard(
        Command::new("iperf")
            .args(args)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(Stdio::null())
            .spawn()
            .expect("iperf (2) is installed (CI installs it from Debian)"),
    )
}

/// `iperf -s` with `server` and a client with `client` (`-t 1` and such) on 127.0.0.1:
/// (the client's output, the server's). iperf 2's server never exits by itself: it is
/// killed once its output has stopped growing after the client ended.
pub(crate) fn record(server: &[&str], client: &[&str]) -> (String, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).unwrap().port();
    let port_text = port.to_string();
    let udp = server.contains(&"-u");
    let dir = tempfile::tempdir().unwrap();
    let server_out = dir.path().join("server.txt");
    let file = std::fs::File::create(&server_out).unwrap();
    let mut args = vec!["-s", "-B", "127.0.0.1", "-p", &port_text];
    args.extend_from_slice(server);
    let _server = iperf(&args, Stdio::from(file));
    let deadline = Instant::now() + Duration::from_secs(5);
    while !listening(port, udp) {
        assert!(Instant::now() < deadline, "iperf -s did not listen on {port}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut args = vec!["-c", "127.0.0.1", "-p", &port_text];
    args.extend_from_slice(client);
    let mut client = iperf(&args, Stdio::piped());
    let deadline = Instant::now() + Duration::from_secs(20);
    while client.0.try_wait().ok().flatten().is_none() {
        assert!(Instant::now() < deadline, "the iperf client still runs after 20 s");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut client_text = String::new();
    if let Some(mut out) = client.0.stdout.take() {
        std::io::Read::read_to_string(&mut out, &mut client_text).unwrap();
    }
    // The server prints its report after the client has ended, later on a loaded machine:
    // its file is read once it has not grown for a second (300 ms cut a dual test's
    // report short at load 5, twice).
    let (mut last, mut stable_since) = (String::new(), Instant::now());
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        let now = std::fs::read_to_string(&server_out).unwrap_or_default();
        if now != last {
            (last, stable_since) = (now, Instant::now());
        } else if !last.is_empty() && stable_since.elapsed() > Duration::from_secs(1) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    (client_text, last)
}

#[test]
fn recorded_tcp_client_and_server_agree() {
    let (client, server) = record(&[], &["-t", "1"]);
    assert!(refused(&client).message.contains("only what was sent"));
    let (client, server) = (read(&format!("{client}{server}")), read(&server));
    assert!(n(&server, "received.bytes") > 0.0);
    // The server's printed bytes are the client's, the same GBytes.
    assert_eq!(n(&client, "received.bytes"), n(&server, "received.bytes"));
    assert_eq!(n(&client, "sent.bytes"), n(&server, "received.bytes"));
    assert_eq!(count(&server, "streams"), 1);
}

#[test]
fn recorded_udp_server_and_server_report_agree() {
    let (client, server) = record(&["-u"], &["-t", "1", "-u", "-b", "10M"]);
    let (client, server) = (read(&client), read(&server));
    for fields in [&client, &server] {
        assert!(n(fields, "received.bytes") > 0.0 && n(fields, "received.packets") > 0.0);
        assert!(fields.number("received.jitter").is_some());
    }
    assert_eq!(n(&client, "received.packets"), n(&server, "received.packets"));
    assert!(n(&client, "sent.bytes") > 0.0);
}

#[test]
fn recorded_parallel_streams_and_their_sum() {
    let (client, server) = record(&[], &["-t", "1", "-P", "2"]);
    let both = read(&format!("{client}{server}"));
    assert_eq!(count(&both, "streams"), 2);
    let each = n(&both, "streams.0.received.bytes") + n(&both, "streams.1.received.bytes");
    // Each is rounded to three digits: their sum is the [SUM]'s within that.
    assert!((each / n(&both, "received.bytes") - 1.0).abs() < 0.01);
    assert_eq!(n(&both, "sent.bytes"), n(&both, "received.bytes"));
    // Each server stream is paired with the client's stream that sent it, by port.
    assert_eq!(n(&both, "streams.0.sent.bytes"), n(&both, "streams.0.received.bytes"));
}

#[test]
fn recorded_enhanced_output_gives_retransmits_and_the_same_figures() {
    let (client, server) = record(&["-e"], &["-t", "1", "-e"]);
    let both = read(&format!("{client}{server}"));
    assert!(n(&both, "received.bytes") > 0.0);
    assert!(both.number("sent.retransmits").is_some(), "{client}");
    let (client, server) = record(&["-u", "-e"], &["-t", "1", "-u", "-b", "10M", "-e"]);
    assert!(n(&read(&server), "received.packets") > 0.0);
    assert!(read(&client).number("received.jitter").is_some());
}

#[test]
fn recorded_reverse_client_is_the_receiver() {
    let (client, server) = record(&[], &["-t", "1", "-R"]);
    let client = read(&client);
    assert!(n(&client, "received.bytes") > 0.0);
    assert!(refused(&server).message.contains("only what was sent"));
}

#[test]
fn recorded_dual_tests_give_each_receivers_stream() {
    let listen =
        std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).unwrap().port().to_string();
    for mode in ["-d", "-r"] {
        let (client, server) = record(&[], &["-t", "1", mode, "-L", &listen]);
        // Each side received one stream: the client's listener, the server's own.
        for text in [&client, &server] {
            let fields = read(text);
            assert!(n(&fields, "received.bytes") > 0.0, "{mode}\n{text}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn never_panics_on_any_text(text in "\\PC*", lines in "(\\[ *[0-9SUM*]{1,3}\\] [-0-9. a-zA-Z/%()]{0,40}\n){0,8}") {
        let _ = import_iperf2_text(&text);
        let _ = import_iperf2_text(&lines);
    }

    /// A real output with a damaged report line inserted is never read as if whole.
    #[test]
    fn a_damaged_report_line_is_refused(line in 0usize..41, junk in "[a-z]{1,4}") {
        let text = fixture("iperf2/test1.txt");
        let starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        let at = starts[line % starts.len()];
        let damaged = format!("{}[ 3] 0.0-1.{junk} sec 95.2 MBytes 798 Mbits/sec\n{}", &text[..at], &text[at..]);
        prop_assert!(import_iperf2_text(&damaged).is_err());
    }
}

/// Issue 44: a server's log of two clients one after another (recorded here: `iperf -s`,
/// then `iperf -c` twice) was "received no bytes"; it is two sessions, refused at the
/// second's connection line. A server's output pasted twice is the same.
#[test]
fn two_sessions_in_one_file_are_refused_at_the_second() {
    let two = "\
------------------------------------------------------------
Server listening on TCP port 5901
TCP window size:  128 KByte (default)
------------------------------------------------------------
[  1] local 127.0.0.1 port 5901 connected with 127.0.0.1 port 35254 (icwnd/mss/irtt=320/32768/19)
[ ID] Interval       Transfer     Bandwidth
[  1] 0.0000-1.0006 sec  2.29 GBytes  19.7 Gbits/sec
[  2] local 127.0.0.1 port 5901 connected with 127.0.0.1 port 35264 (icwnd/mss/irtt=320/32768/23)
[ ID] Interval       Transfer     Bandwidth
[  2] 0.0000-1.0041 sec  1.64 GBytes  14.0 Gbits/sec
";
    let e = refused(two);
    assert!(e.message.starts_with("two sessions in one file: stream `2` starts here"), "{e}");
    assert!(e.message.contains("(line 7)"), "{e}");
    assert!(two[e.at.clone().unwrap()].starts_with("[  2] local 127.0.0.1 port 5901"));
    let one: String = two.lines().take(7).map(|l| format!("{l}\n")).collect();
    let pasted = format!("{one}{one}");
    let e = refused(&pasted);
    assert!(e.message.contains("two sessions in one file: stream `1` starts here"), "{e}");
    assert_eq!(pasted[..e.at.unwrap().start].matches('\n').count() + 1, 12);
    // Parallel streams of one session connect before any summary: not two sessions.
    let parallel = "\
[  4] local 10.0.0.2 port 5001 connected with 10.0.0.1 port 40000
[  5] local 10.0.0.2 port 5001 connected with 10.0.0.1 port 40002
[ ID] Interval       Transfer     Bandwidth
[  4]  0.0-10.0 sec   565 MBytes   474 Mbits/sec
[  5]  0.0-10.0 sec   560 MBytes   470 Mbits/sec
";
    assert!(is_absent(&read(parallel), "received"));
}
