//! Reconstructions (not recorded here) in the tools' exact formats: iputils through a
//! router (errors, loss, a duplicate, IPv6 with -D and a corrupted reply), BSD/macOS,
//! Windows (IPv4, IPv6, the errors it counts as received, German output refused).
//!
//! Owns these outputs, shared with `refused` and the properties, and what each reads as. It
//! does not record ping (`recorded`) nor damage the outputs beyond a reading's own check
//! (`refused`).

use super::{absent, close, number, read, refused, replies};

pub(super) const IPUTILS_FRAG_NEEDED: &str = "$ ping -c 4 -M do -s 1472 10.0.0.1
PING 10.0.0.1 (10.0.0.1) 1472(1500) bytes of data.
From 10.0.0.254 icmp_seq=1 Frag needed and DF set (mtu = 1400)
ping: local error: message too long, mtu=1400
ping: local error: message too long, mtu=1400
ping: local error: message too long, mtu=1400

--- 10.0.0.1 ping statistics ---
4 packets transmitted, 0 received, +4 errors, 100% packet loss, time 3004ms

";

pub(super) const IPUTILS_LOSS_AND_DUPLICATE: &str = "PING 10.0.0.2 (10.0.0.2) 56(84) bytes of data.
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

pub(super) const MACOS_TIMEOUT: &str = "PING 10.0.0.1 (10.0.0.1): 56 data bytes
64 bytes from 10.0.0.1: icmp_seq=0 ttl=64 time=0.045 ms
64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.077 ms
Request timeout for icmp_seq 2
64 bytes from 10.0.0.1: icmp_seq=3 ttl=64 time=0.061 ms

--- 10.0.0.1 ping statistics ---
4 packets transmitted, 3 packets received, 25.0% packet loss
round-trip min/avg/max/stddev = 0.045/0.061/0.077/0.013 ms
";

pub(super) const MACOS_UNREACHABLE: &str = "me@mac ~ % ping -c 2 192.168.1.99
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

pub(super) const WINDOWS_TIMEOUT: &str = "\r
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

pub(super) const WINDOWS_UNREACHABLE: &str = "
Pinging 192.168.1.99 with 32 bytes of data:
Reply from 192.168.1.5: Destination host unreachable.
Reply from 192.168.1.5: Destination host unreachable.
Request timed out.

Ping statistics for 192.168.1.99:
    Packets: Sent = 3, Received = 2, Lost = 1 (33% loss),
";

pub(super) const WINDOWS_IPV6: &str = "
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
    // The size asked for, the packet it made and the path's MTU, each as ping printed it.
    assert_eq!(number(&imported, "size"), 1472.0);
    assert_eq!(number(&imported, "packet_size"), 1500.0);
    assert_eq!(number(&imported, "mtu"), 1400.0);
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
    assert_eq!(number(&imported, "size"), 1473.0);
    assert!(absent(&imported, "mtu").contains("no MTU"));
    assert!(absent(&imported, "packet_size").contains("iputils"));
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

/// Issue 44: "1,473 bytes did not cross" needs the errors by kind, not one count of errors.
/// Each kind counts its lines, at the first of them; a kind the file does not show is 0 at
/// the summary.
#[test]
fn errors_are_counted_by_kind_at_their_first_line() {
    let by_kind = |text: &str, kind: &str| number(&read(text), &format!("errors_by_kind.{kind}"));
    for (text, kind, n) in [
        (IPUTILS_FRAG_NEEDED, "too_large", 4.0),
        (IPUTILS_UNREACHABLE, "unreachable", 3.0),
        (MACOS_TIMEOUT, "timeout", 1.0),
        (MACOS_UNREACHABLE, "unreachable", 1.0),
        (MACOS_UNREACHABLE, "timeout", 2.0),
        (MACOS_UNREACHABLE, "other", 1.0),
        (WINDOWS_TIMEOUT, "timeout", 1.0),
        (WINDOWS_DF, "too_large", 2.0),
        (WINDOWS_UNREACHABLE, "unreachable", 2.0),
        (WINDOWS_UNREACHABLE, "timeout", 1.0),
        (IPUTILS_LOSS_AND_DUPLICATE, "unreachable", 1.0),
        (IPUTILS_LOSS_AND_DUPLICATE, "other", 0.0),
    ] {
        assert_eq!(by_kind(text, kind), n, "{kind} in {text}");
    }
    let imported = read(IPUTILS_UNREACHABLE);
    let first = imported.fields.value("errors_by_kind.unreachable").unwrap().at.clone();
    assert_eq!(&IPUTILS_UNREACHABLE[first], "From 192.168.1.5 icmp_seq=1 Destination Host Unreachable");
    for (line, kind) in [
        ("From 10.0.0.1 icmp_seq=1 Time to live exceeded", "ttl_exceeded"),
        ("TTL expired in transit.", "ttl_exceeded"),
        ("General failure.", "other"),
        ("ping: sendmsg: Network is unreachable", "unreachable"),
        ("From 10.0.0.1 icmp_seq=1 Redirect Host(New nexthop: 10.0.0.2)", "other"),
    ] {
        assert_eq!(super::super::fields::failure_kind(line), kind, "{line}");
    }
}
