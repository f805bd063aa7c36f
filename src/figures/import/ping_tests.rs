//! The ping importer on real output: iputils' recorded on 127.0.0.1 as the test runs (CI
//! installs `iputils-ping` and runs as root; a missing ping fails the test, never skips
//! it), and BSD/macOS and Windows output reconstructed in their exact formats.

use std::sync::OnceLock;

use proptest::prelude::*;

use super::*;

/// ping's output on 127.0.0.1 (only there), stdout and stderr in the order printed.
fn record(args: &str) -> String {
    run(args, "2>&1")
}

/// ping's output on 127.0.0.1, `redirect` applied.
fn run(args: &str, redirect: &str) -> String {
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec ping {args} 127.0.0.1 {redirect}"))
        .output()
        .expect("sh runs");
    let text = String::from_utf8(output.stdout).expect("ping prints UTF-8");
    // ping exits 1 when no reply came back; anything else (127: no ping) fails the test.
    assert!(matches!(output.status.code(), Some(0 | 1)), "ping {args}: {:?}\n{text}", output.status);
    text
}

fn read(text: &str) -> Imported {
    import_ping(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"))
}

fn number(imported: &Imported, path: &str) -> f64 {
    imported.fields.number(path).unwrap_or_else(|| panic!("{path}: {:?}", imported.fields.get(path)))
}

fn absent<'a>(imported: &'a Imported, path: &str) -> &'a str {
    match imported.fields.get(path) {
        Some(Tree::Absent(why)) => why,
        other => panic!("{path} should be absent: {other:?}"),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs()
}

fn replies(imported: &Imported) -> usize {
    match imported.fields.get("replies") {
        Some(Tree::List(items)) => items.len(),
        other => panic!("replies: {other:?}"),
    }
}

/// The refusal of `text`, and the line it is at.
fn refused(text: &str) -> (ImportError, String) {
    let error = import_ping(text).expect_err(text);
    let at = error.at.clone().unwrap_or(0..0);
    let start = text[..at.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("").to_string();
    (error, line)
}

/// The counts every run gives, and each reply's figures against the summary's.
fn assert_counts(imported: &Imported, transmitted: f64, received: f64) {
    assert_eq!(imported.format, "ping (iputils)");
    assert_eq!(number(imported, "transmitted"), transmitted);
    assert_eq!(number(imported, "received"), received);
    assert_eq!(number(imported, "errors"), 0.0);
    assert_eq!(number(imported, "duplicates"), 0.0);
    assert_eq!(number(imported, "loss_percent"), 0.0);
}

fn assert_rtt(imported: &Imported, text: &str) {
    let (min, avg, max) =
        (number(imported, "rtt.min"), number(imported, "rtt.avg"), number(imported, "rtt.max"));
    assert!(0.0 < min && min <= avg && avg <= max && max < 1.0, "{min} {avg} {max}");
    assert!(number(imported, "rtt.mdev") >= 0.0);
    assert!(absent(imported, "rtt.stddev").contains("read rtt.mdev"));
    let avg = imported.fields.value("rtt.avg").expect("avg");
    assert_eq!(avg.unit, Unit::Millisecond);
    let printed = avg.printed.as_ref().expect("printed");
    assert_eq!(&text[avg.at.clone()], printed.as_written.trim_end_matches(" ms"));
    assert_eq!(avg.value, plain_decimal(&text[avg.at.clone()]).expect("digits") * Unit::Millisecond.factor());
}

fn assert_reply(imported: &Imported, text: &str, i: usize, seq: f64, bytes: f64) {
    assert_eq!(number(imported, &format!("replies.{i}.seq")), seq);
    assert_eq!(number(imported, &format!("replies.{i}.bytes")), bytes);
    assert!(number(imported, &format!("replies.{i}.ttl")) > 0.0);
    let time = imported.fields.value(&format!("replies.{i}.time")).expect("time");
    let line = text[..time.at.start].rsplit('\n').next().unwrap_or("");
    assert!(line.ends_with("time="), "{line}");
    assert!(time.value > 0.0 && time.value < 1.0, "{time:?}");
}

#[test]
fn recorded_three_replies() {
    let text = record("-c 3 -i 0.2");
    let imported = read(&text);
    assert_counts(&imported, 3.0, 3.0);
    assert_rtt(&imported, &text);
    assert_eq!(replies(&imported), 3);
    for i in 0..3 {
        assert_reply(&imported, &text, i, i as f64 + 1.0, 64.0);
    }
}

#[test]
fn recorded_dont_fragment_at_ethernet_size() {
    let text = record("-c 2 -i 0.2 -M do -s 1472");
    let imported = read(&text);
    assert_counts(&imported, 2.0, 2.0);
    // 1472 bytes of payload and ICMP's 8-byte header.
    assert_reply(&imported, &text, 1, 2.0, 1480.0);
}

#[test]
fn recorded_timestamps_keep_each_number_its_place() {
    let text = record("-c 3 -i 0.2 -D");
    let imported = read(&text);
    assert_counts(&imported, 3.0, 3.0);
    assert_rtt(&imported, &text);
    for i in 0..3 {
        assert_reply(&imported, &text, i, i as f64 + 1.0, 64.0);
        let seq = imported.fields.value(&format!("replies.{i}.seq")).expect("seq");
        assert_eq!(&text[seq.at.clone()], (i + 1).to_string());
    }
    assert!(text.lines().any(|line| line.starts_with('[')), "{text}");
}

#[test]
fn recorded_quiet_prints_no_reply_and_still_counts() {
    let text = record("-c 3 -i 0.2 -q");
    let imported = read(&text);
    assert_counts(&imported, 3.0, 3.0);
    assert_rtt(&imported, &text);
    assert_eq!(replies(&imported), 0);
}

#[test]
fn recorded_default_size_named() {
    let text = record("-c 2 -i 0.2 -s 56");
    let imported = read(&text);
    assert_counts(&imported, 2.0, 2.0);
    assert_reply(&imported, &text, 0, 1.0, 64.0);
}

#[test]
fn recorded_dont_fragment_within_loopbacks_mtu() {
    // lo's MTU is 65536: 65000 bytes go whole.
    let text = record("-c 2 -i 0.2 -M do -s 65000");
    let imported = read(&text);
    assert_counts(&imported, 2.0, 2.0);
    assert_reply(&imported, &text, 1, 2.0, 65008.0);
}

#[test]
fn recorded_with_a_reply_deadline() {
    let imported = read(&record("-c 2 -W 1 -i 0.2"));
    assert_counts(&imported, 2.0, 2.0);
}

#[test]
fn recorded_preload_prints_pipe() {
    let text = record("-c 3 -i 0.2 -l 3");
    let imported = read(&text);
    assert_counts(&imported, 3.0, 3.0);
    assert_rtt(&imported, &text);
}

#[test]
fn recorded_local_errors_are_errors_and_loss() {
    // 65508 bytes and 28 of headers are more than an IP packet holds: the kernel refuses
    // each, iputils counts `+2 errors` and 100 % loss. On stderr alone too.
    for text in [record("-c 2 -i 0.2 -s 65508"), run("-c 2 -i 0.2 -s 65508", "2>/dev/null")] {
        let imported = read(&text);
        assert_eq!(number(&imported, "transmitted"), 2.0);
        assert_eq!(number(&imported, "received"), 0.0);
        assert_eq!(number(&imported, "errors"), 2.0);
        assert_eq!(number(&imported, "loss_percent"), 100.0);
        assert!(absent(&imported, "rtt").contains("no reply came back"));
        assert_eq!(replies(&imported), 0);
    }
    assert!(record("-c 2 -i 0.2 -s 65508").contains("ping: local error: message too long"));
}

#[test]
fn recorded_payload_too_small_for_a_timestamp() {
    let text = record("-c 2 -i 0.2 -s 4");
    let imported = read(&text);
    assert_counts(&imported, 2.0, 2.0);
    assert_reply_untimed(&imported);
    let text = record("-c 2 -i 0.2 -s 0 -q");
    assert!(absent(&read(&text), "rtt").contains("timestamp"));
}

fn assert_reply_untimed(imported: &Imported) {
    assert_eq!(number(imported, "replies.0.bytes"), 12.0);
    assert!(absent(imported, "replies.1.time").contains("timestamp"));
    assert!(absent(imported, "rtt").contains("timestamp"));
}

#[test]
fn a_shell_prompt_and_the_command_are_read() {
    let text = format!("user@box:~$ ping -c 3 -i 0.2 127.0.0.1\n{}user@box:~$\n", record("-c 3 -i 0.2"));
    assert_eq!(number(&read(&text), "received"), 3.0);
    let text = format!("# sudo ping -c 3 127.0.0.1\n{}^C\n$ \n", record("-c 3 -i 0.2 -q"));
    assert_eq!(number(&read(&text), "received"), 3.0);
}

// Reconstructions (not recorded here) in the tools' exact formats: iputils through a
// router, BSD/macOS, Windows.

const IPUTILS_FRAG_NEEDED: &str = "$ ping -c 4 -M do -s 1472 10.0.0.1
PING 10.0.0.1 (10.0.0.1) 1472(1500) bytes of data.
From 10.0.0.254 icmp_seq=1 Frag needed and DF set (mtu = 1400)
ping: local error: message too long, mtu=1400
ping: local error: message too long, mtu=1400
ping: local error: message too long, mtu=1400

--- 10.0.0.1 ping statistics ---
4 packets transmitted, 0 received, +4 errors, 100% packet loss, time 3004ms

";

const IPUTILS_LOSS_AND_DUPLICATE: &str = "PING 10.0.0.2 (10.0.0.2) 56(84) bytes of data.
64 bytes from 10.0.0.2: icmp_seq=1 ttl=63 time=1.23 ms
64 bytes from 10.0.0.2: icmp_seq=1 ttl=63 time=1.31 ms (DUP!)
From 10.0.0.254 icmp_seq=2 Destination Host Unreachable
64 bytes from 10.0.0.2: icmp_seq=3 ttl=63 time=12.4 ms

--- 10.0.0.2 ping statistics ---
3 packets transmitted, 2 received, +1 duplicates, +1 errors, 33.3333% packet loss, time 2003ms
rtt min/avg/max/mdev = 1.230/4.980/12.400/5.260 ms, pipe 2
";

const IPUTILS_UNREACHABLE: &str = "PING 192.168.1.99 (192.168.1.99) 56(84) bytes of data.
From 192.168.1.5 icmp_seq=1 Destination Host Unreachable
From 192.168.1.5 icmp_seq=2 Destination Host Unreachable
From 192.168.1.5 icmp_seq=3 Destination Host Unreachable

--- 192.168.1.99 ping statistics ---
4 packets transmitted, 0 received, +3 errors, 100% packet loss, time 3060ms
pipe 3
";

const MACOS_TIMEOUT: &str = "PING 10.0.0.1 (10.0.0.1): 56 data bytes
64 bytes from 10.0.0.1: icmp_seq=0 ttl=64 time=0.045 ms
64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.077 ms
Request timeout for icmp_seq 2
64 bytes from 10.0.0.1: icmp_seq=3 ttl=64 time=0.061 ms

--- 10.0.0.1 ping statistics ---
4 packets transmitted, 3 packets received, 25.0% packet loss
round-trip min/avg/max/stddev = 0.045/0.061/0.077/0.013 ms
";

const MACOS_UNREACHABLE: &str = "me@mac ~ % ping -c 2 192.168.1.99
PING 192.168.1.99 (192.168.1.99): 56 data bytes
92 bytes from 192.168.1.5: Destination Host Unreachable
Vr HL TOS  Len   ID Flg  off TTL Pro  cks      Src      Dst
 4  5  00 5400 b7b0   0 0000  40  01 3ae8 192.168.1.5  192.168.1.99 

Request timeout for icmp_seq 0
ping: sendto: Host is down
Request timeout for icmp_seq 1

--- 192.168.1.99 ping statistics ---
2 packets transmitted, 0 packets received, 100.0% packet loss
";

const WINDOWS_TIMEOUT: &str = "\r
Pinging 10.0.0.1 with 32 bytes of data:\r
Reply from 10.0.0.1: bytes=32 time=1ms TTL=64\r
Reply from 10.0.0.1: bytes=32 time<1ms TTL=64\r
Request timed out.\r
Reply from 10.0.0.1: bytes=32 time=2ms TTL=64\r
\r
Ping statistics for 10.0.0.1:\r
    Packets: Sent = 4, Received = 3, Lost = 1 (25% loss),\r
Approximate round trip times in milli-seconds:\r
    Minimum = 0ms, Maximum = 2ms, Average = 1ms\r
";

const WINDOWS_DF: &str = "C:\\Users\\me>ping -f -l 1473 -n 2 10.0.0.1\r
\r
Pinging 10.0.0.1 with 1473 bytes of data:\r
Packet needs to be fragmented but DF set.\r
Packet needs to be fragmented but DF set.\r
\r
Ping statistics for 10.0.0.1:\r
    Packets: Sent = 2, Received = 0, Lost = 2 (100% loss),\r
";

const WINDOWS_UNREACHABLE: &str = "
Pinging 192.168.1.99 with 32 bytes of data:
Reply from 192.168.1.5: Destination host unreachable.
Reply from 192.168.1.5: Destination host unreachable.
Request timed out.

Ping statistics for 192.168.1.99:
    Packets: Sent = 3, Received = 2, Lost = 1 (33% loss),
";

const WINDOWS_IPV6: &str = "
Pinging ::1 with 32 bytes of data:
Reply from ::1: time<1ms
Reply from ::1: time=1ms

Ping statistics for ::1:
    Packets: Sent = 2, Received = 2, Lost = 0 (0% loss),
Approximate round trip times in milli-seconds:
    Minimum = 0ms, Maximum = 1ms, Average = 0ms
";

const WINDOWS_GERMAN: &str = "
Ping wird ausgeführt für 10.0.0.1 mit 32 Bytes Daten:
Antwort von 10.0.0.1: Bytes=32 Zeit<1ms TTL=64
Antwort von 10.0.0.1: Bytes=32 Zeit<1ms TTL=64

Ping-Statistik für 10.0.0.1:
    Pakete: Gesendet = 2, Empfangen = 2, Verloren = 0
    (0% Verlust),
Ca. Zeitangaben in Millisek.:
    Minimum = 0ms, Maximum = 0ms, Mittelwert = 0ms
";

const IPUTILS_IPV6_CORRUPT: &str = "PING fd00::1(fd00::1) 56 data bytes
[1700000000.123456] 64 bytes from fd00::1: icmp_seq=1 ttl=64 time=0.412 ms
[1700000001.124001] no answer yet for icmp_seq=2
[1700000001.523456] 64 bytes from fd00::1: icmp_seq=2 ttl=64 time=399 ms (BAD CHECKSUM!)
[1700000002.125811] 64 bytes from fd00::1: icmp_seq=3 ttl=64 time=0.398 ms

--- fd00::1 ping statistics ---
3 packets transmitted, 2 received, +1 corrupted, 33.3333% packet loss, time 2003ms
rtt min/avg/max/mdev = 0.398/133.269/399.000/188.237 ms
";

#[test]
fn iputils_frag_needed_counts_errors_not_replies() {
    let imported = read(IPUTILS_FRAG_NEEDED);
    assert_eq!(number(&imported, "errors"), 4.0);
    assert_eq!(number(&imported, "received"), 0.0);
    assert_eq!(number(&imported, "loss_percent"), 100.0);
    assert_eq!(replies(&imported), 0);
}

#[test]
fn iputils_loss_duplicates_and_coarser_times() {
    let imported = read(IPUTILS_LOSS_AND_DUPLICATE);
    assert_eq!(number(&imported, "received"), 2.0);
    assert_eq!(number(&imported, "duplicates"), 1.0);
    assert_eq!(number(&imported, "errors"), 1.0);
    assert_eq!(number(&imported, "loss_percent"), 33.3333);
    assert_eq!(replies(&imported), 3);
    let time = imported.fields.value("replies.2.time").expect("time");
    assert_eq!(time.printed.as_ref().map(|p| p.stated.as_str()), Some("12.4 ms"));
    assert!(close(number(&imported, "rtt.max"), 0.0124));
    let imported = read(IPUTILS_UNREACHABLE);
    assert_eq!(number(&imported, "errors"), 3.0);
    assert!(absent(&imported, "rtt").contains("no reply"));
}

#[test]
fn macos_prints_stddev_and_timeouts() {
    let imported = read(MACOS_TIMEOUT);
    assert_eq!(imported.format, "ping (BSD/macOS)");
    assert_eq!((number(&imported, "transmitted"), number(&imported, "received")), (4.0, 3.0));
    assert_eq!(number(&imported, "loss_percent"), 25.0);
    assert!(close(number(&imported, "rtt.stddev"), 0.000013));
    assert!(absent(&imported, "rtt.mdev").contains("read rtt.stddev"));
    assert!(absent(&imported, "errors").contains("BSD"));
    assert_eq!(number(&imported, "duplicates"), 0.0);
    assert_eq!(number(&imported, "replies.2.seq"), 3.0);
    assert_eq!(replies(&imported), 3);
    let imported = read(MACOS_UNREACHABLE);
    assert_eq!(number(&imported, "loss_percent"), 100.0);
    assert_eq!(replies(&imported), 0);
}

#[test]
fn windows_under_a_millisecond_is_no_value() {
    let imported = read(WINDOWS_TIMEOUT);
    assert_eq!(imported.format, "ping (Windows)");
    assert_eq!((number(&imported, "transmitted"), number(&imported, "received")), (4.0, 3.0));
    assert_eq!(number(&imported, "loss_percent"), 25.0);
    assert_eq!(number(&imported, "replies.0.time"), 0.001);
    assert!(absent(&imported, "replies.1.time").contains("time<1ms"));
    assert_eq!(number(&imported, "replies.1.bytes"), 32.0);
    assert_eq!(imported.fields.get("replies.0.seq"), None);
    assert_eq!(number(&imported, "rtt.avg"), 0.001);
    assert!(absent(&imported, "rtt.mdev").contains("Windows"));
    assert!(absent(&imported, "rtt.stddev").contains("Windows"));
    assert!(absent(&imported, "duplicates").contains("Windows"));
}

#[test]
fn windows_errors_it_counts_as_received_are_counted_not_replies() {
    let imported = read(WINDOWS_DF);
    assert_eq!(number(&imported, "received"), 0.0);
    assert_eq!(number(&imported, "loss_percent"), 100.0);
    let imported = read(WINDOWS_UNREACHABLE);
    assert_eq!(number(&imported, "received"), 2.0);
    assert_eq!(number(&imported, "loss_percent"), 33.0);
    assert_eq!(replies(&imported), 0);
    let imported = read(WINDOWS_IPV6);
    assert!(absent(&imported, "replies.0.ttl").contains("IPv6"));
    assert_eq!(number(&imported, "replies.1.time"), 0.001);
}

#[test]
fn windows_in_another_language_is_refused_naming_its_lines() {
    let (error, line) = refused(WINDOWS_GERMAN);
    assert!(line.starts_with("Ping wird"), "{line}");
    assert!(error.message.contains("English"), "{error}");
    assert!(error.message.contains("lines could not be read: 2, 3, 4, 6, 7, 8, 9, 10"), "{error}");
}

#[test]
fn refuses_a_received_count_the_reply_lines_do_not_show() {
    let text = record("-c 3 -i 0.2");
    let cut: String = text.lines().filter(|l| !l.contains("icmp_seq=2")).map(|l| format!("{l}\n")).collect();
    let (error, line) = refused(&cut);
    assert!(line.contains("3 received"), "{line}");
    assert!(error.message.contains("2 reply lines"), "{error}");
    let (_, line) = refused(&IPUTILS_LOSS_AND_DUPLICATE.replace(" (DUP!)", ""));
    assert!(line.contains("packets transmitted"), "{line}");
    let (error, _) =
        refused(&WINDOWS_UNREACHABLE.replace("Received = 2, Lost = 1 (33%", "Received = 3, Lost = 0 (0%"));
    assert!(error.message.contains("Windows counts"), "{error}");
}

#[test]
fn refuses_a_loss_that_disagrees_with_the_counts() {
    let (error, _) = refused(&record("-c 3 -i 0.2").replace(" 0% packet loss", " 10% packet loss"));
    assert!(error.message.contains("not 10%"), "{error}");
    refused(&IPUTILS_LOSS_AND_DUPLICATE.replace("33.3333%", "33.4%"));
    refused(&MACOS_TIMEOUT.replace("25.0%", "30.0%"));
    refused(&WINDOWS_TIMEOUT.replace("Lost = 1", "Lost = 2"));
    // Rounded or cut to the printed digits is how pings print it.
    read(&IPUTILS_LOSS_AND_DUPLICATE.replace("33.3333%", "33%"));
}

#[test]
fn refuses_a_transcript_cut_before_its_summary() {
    let text = record("-c 3 -i 0.2");
    for end in ["\n--- ", "3 packets transmitted"] {
        let cut = &text[..text.find(end).expect("summary")];
        let (error, _) = refused(cut);
        assert!(error.message.contains("the output ends before ping's summary"), "{error}");
    }
    let cut = &text[..text.find("rtt ").expect("rtt")];
    let (error, line) = refused(cut);
    assert!(error.message.contains("cut"), "{error}");
    assert!(line.contains("icmp_seq=1"), "{line}");
    let cut = &WINDOWS_TIMEOUT[..WINDOWS_TIMEOUT.find("Approximate").expect("times")];
    refused(cut);
    assert!(refused("").0.message.contains("ends before"));
}

#[test]
fn refuses_two_runs_in_one_file() {
    let text = record("-c 2 -i 0.2");
    let twice = format!("{text}{text}");
    let (error, line) = refused(&twice);
    assert!(line.starts_with("PING "), "{line}");
    let second = text.lines().count() + 1;
    assert!(error.message.contains(&format!("line {second}")), "{error}");
    let (_, line) = refused(&format!("{text}$ ping -c 2 127.0.0.1\n"));
    assert!(line.starts_with("$ ping"), "{line}");
    // The first run cut, the second whole.
    let cut = &text[..text.find("\n---").expect("summary")];
    let (_, line) = refused(&format!("{cut}\n{text}"));
    assert!(line.starts_with("PING "), "{line}");
}

#[test]
fn refuses_a_damaged_or_unknown_line_at_that_line() {
    let text = record("-c 3 -i 0.2");
    for (damaged, bad) in [
        ("icmp_seq=2 ttl=64", "icmp_seq=2 ttl=6x4"),
        ("icmp_seq=2 ttl=64", "icmp_seq=two ttl=64"),
        (" ms\n", " msec\n"),
        ("rtt min", "rtt mi"),
        (" packet loss", " packet lost"),
        ("--- 127.0.0.1", "-- 127.0.0.1"),
    ] {
        let edited = text.replacen(damaged, bad, 1);
        let (_, line) = refused(&edited);
        assert!(line.contains(bad.trim()), "{bad}: {line}");
    }
    let (error, line) = refused(&text.replacen("\n\n", "\nhello there\n\n", 1));
    assert_eq!(line, "hello there");
    assert!(error.message.contains("not a line ping prints"), "{error}");
    let (_, line) = refused(&format!("[17001.x] {}", text));
    assert!(line.starts_with("[17001.x]"));
}

#[test]
fn refuses_a_reply_untimed_beside_round_trip_times() {
    let text = record("-c 3 -i 0.2");
    let start = text.find("64 bytes").expect("reply");
    let end = start + text[start..].find(" time=").expect("time");
    let edited =
        format!("{}{}", &text[..end], &text[text[end..].find('\n').map_or(text.len(), |i| end + i)..]);
    let (error, line) = refused(&edited);
    assert!(line.ends_with("ttl=64"), "{line}");
    assert!(error.message.contains("no time"), "{error}");
}

#[test]
fn refuses_another_pings_line_in_the_file() {
    let text = record("-c 3 -i 0.2 -q").replacen("\n\n", "\nRequest timed out.\n\n", 1);
    let (error, line) = refused(&text);
    assert_eq!(line, "Request timed out.");
    assert!(error.message.contains("Windows ping's line"), "{error}");
}

#[test]
fn iputils_ipv6_outstanding_and_a_corrupted_reply() {
    let imported = read(IPUTILS_IPV6_CORRUPT);
    assert_eq!(imported.format, "ping (iputils)");
    assert_eq!(number(&imported, "corrupted"), 1.0);
    assert_eq!(number(&imported, "received"), 2.0);
    assert_eq!(replies(&imported), 3);
    assert!(close(number(&imported, "replies.1.time"), 0.399));
    let time = imported.fields.value("replies.1.time").expect("time");
    assert_eq!(&IPUTILS_IPV6_CORRUPT[time.at.clone()], "399");
    let (error, _) = refused(&IPUTILS_IPV6_CORRUPT.replace(" (BAD CHECKSUM!)", ""));
    assert!(error.message.contains("3 reply lines"), "{error}");
}

#[test]
fn refuses_duplicates_or_received_the_summary_does_not_count_so() {
    let (error, line) = refused(&IPUTILS_LOSS_AND_DUPLICATE.replace("+1 duplicates, ", ""));
    assert!(error.message.contains("1 duplicate replies"), "{error}");
    assert!(line.contains("packets transmitted"), "{line}");
    let (error, _) = refused(&record("-c 3 -i 0.2 -q").replace("3 received", "4 received"));
    assert!(error.message.contains("received 4 replies of 3 sent"), "{error}");
}

#[test]
fn refuses_what_no_ping_wrote() {
    let text = record("-c 3 -i 0.2");
    assert!(refused(&format!("\u{feff}{text}")).1.starts_with('\u{feff}'));
    let (_, line) = refused(&WINDOWS_TIMEOUT.replace("time=2ms", "time=2 ms"));
    assert!(line.contains("time=2 ms"), "{line}");
    let (_, line) = refused(&MACOS_TIMEOUT.replace("round-trip", "round trip"));
    assert!(line.starts_with("round trip"), "{line}");
    let (_, line) = refused(&IPUTILS_FRAG_NEEDED.replace(" Frag needed and DF set (mtu = 1400)", ""));
    assert!(line.starts_with("From "), "{line}");
}

/// The recorded run the properties damage, recorded once.
fn recorded() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| record("-c 3 -i 0.2"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics(text in "(?s).{0,300}") {
        let _ = import_ping(&text);
    }

    #[test]
    fn never_panics_on_edited_output(cut in 0usize..2_000, insert in "[ -~\n]{0,12}", flavour in 0usize..5) {
        let texts = [recorded(), IPUTILS_LOSS_AND_DUPLICATE, MACOS_UNREACHABLE, WINDOWS_TIMEOUT, WINDOWS_IPV6];
        let text = texts[flavour];
        let mut at = cut % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let _ = import_ping(&format!("{}{insert}{}", &text[..at], &text[at..]));
        let _ = import_ping(&text[..at]);
    }

    #[test]
    fn a_damaged_reply_line_anywhere_is_refused_there(
        place in 0usize..20, reply in 0usize..3, cut in 0usize..100, junk in 0usize..6, truncate in any::<bool>(),
    ) {
        let text = recorded();
        let lines: Vec<&str> = text.lines().collect();
        let replies: Vec<&str> = lines.iter().copied().filter(|l| l.contains(" bytes from ")).collect();
        let good = replies[reply % replies.len()];
        // Cut short, or a stray character outside the host's name (which ping does not check).
        let host = good.find(" from ").map_or(0, |i| i + 6)..good.find(": ").unwrap_or(0) + 1;
        let damaged = if truncate {
            good[..1 + cut % (good.len() - 1)].to_string()
        } else {
            let mut at = cut % (good.len() + 1);
            if host.contains(&at) {
                at = host.end;
            }
            format!("{}{}{}", &good[..at], ['x', '!', '?', ';', '~', '^'][junk], &good[at..])
        };
        let place = place % (lines.len() + 1);
        let mut edited: Vec<&str> = lines.clone();
        edited.insert(place, &damaged);
        let edited = edited.join("\n") + "\n";
        let error = import_ping(&edited).expect_err(&edited);
        let start: usize = edited.lines().take(place).map(|l| l.len() + 1).sum();
        prop_assert_eq!(error.at, Some(start..start + damaged.len()), "{}\n{}", error.message, edited);
    }
}
