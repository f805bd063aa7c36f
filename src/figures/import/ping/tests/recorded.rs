//! iputils ping recorded on 127.0.0.1 as the test runs: its counts, round-trip times and
//! replies read at their places, with -D's timestamps, -q, -l's pipe, sizes up to
//! loopback's MTU, local errors, a payload too small for a timestamp, a shell prompt.
//!
//! Owns what a recorded run reads as; it does not damage the runs (`refused` and the
//! properties do) nor read other pings' output (`reconstructed`).

use super::{absent, number, read, record, replies, run};
use crate::figures::import::{Imported, plain_decimal};
use crate::number::Unit;

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

/// ping -M do with a payload one byte too large for a loopback set to MTU 1500, inside a
/// network namespace of its own: `1473(1501) bytes`, `message too long, mtu=1500`. "1,473
/// bytes did not cross" paired a typed size with a count before `size` and `mtu` (issue 44).
#[test]
fn recorded_size_and_mtu_of_a_packet_too_large_for_the_path() {
    let script =
        "ip link set lo up && ip link set lo mtu 1500 && exec ping -c 2 -i 0.2 -M do -s 1473 127.0.0.1 2>&1";
    let output = std::process::Command::new("unshare")
        .args(["-n", "sh", "-c", script])
        .output()
        .expect("unshare runs");
    let text = String::from_utf8(output.stdout).expect("ping prints UTF-8");
    assert!(matches!(output.status.code(), Some(1)), "{:?}\n{text}", output.status);
    let imported = read(&text);
    assert_eq!(number(&imported, "size"), 1473.0);
    assert_eq!(number(&imported, "packet_size"), 1501.0);
    assert_eq!(number(&imported, "mtu"), 1500.0);
    assert_eq!(number(&imported, "received"), 0.0);
    // Each `message too long` line is a packet too large for the path, by kind.
    assert_eq!(number(&imported, "errors_by_kind.too_large"), 2.0, "{text}");
    assert_eq!(number(&imported, "errors_by_kind.unreachable"), 0.0);
}
