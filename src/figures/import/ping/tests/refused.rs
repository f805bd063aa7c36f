//! What the importer refuses and the line it names: counts the reply lines do not show, a
//! loss that disagrees, a transcript cut short, two runs, a damaged or unknown line, a reply
//! untimed beside round-trip times, another ping's line, what no ping wrote.
//!
//! Owns these damaged copies of recorded and reconstructed output; it does not check what
//! whole output reads as (`recorded`, `reconstructed`) nor damage at random (the properties).

use super::reconstructed::{
    IPUTILS_FRAG_NEEDED, IPUTILS_LOSS_AND_DUPLICATE, MACOS_TIMEOUT, WINDOWS_TIMEOUT, WINDOWS_UNREACHABLE,
};
use super::{read, record, refused};

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

/// Replies of 0.31 to 0.33 ms under a summary edited to 0.12 ms passed (issue 44).
#[test]
fn refuses_a_round_trip_summary_its_reply_lines_contradict() {
    let text = "PING 10.0.0.1 (10.0.0.1) 56(84) bytes of data.\n\
                64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.310 ms\n\
                64 bytes from 10.0.0.1: icmp_seq=2 ttl=64 time=0.330 ms\n\
                64 bytes from 10.0.0.1: icmp_seq=3 ttl=64 time=0.320 ms\n\
                \n\
                --- 10.0.0.1 ping statistics ---\n\
                3 packets transmitted, 3 received, 0% packet loss, time 2003ms\n\
                rtt min/avg/max/mdev = 0.310/0.320/0.330/0.008 ms\n";
    read(text);
    for (edited, name) in [
        ("0.120/0.320/0.330", "minimum is 0.120 ms, but its 3 reply lines give 0.310 ms"),
        ("0.310/0.120/0.330", "average is 0.120 ms"),
        ("0.310/0.320/0.120", "maximum"),
    ] {
        let (error, line) = refused(&text.replace("0.310/0.320/0.330", edited));
        assert!(error.message.contains(name), "{error}");
        assert!(line.starts_with("rtt min/avg/max"), "{line}");
    }
    // A reply edited under its summary is the same disagreement.
    refused(&text.replace("time=0.330", "time=0.930"));
    // The real runs, timed to their digits, agree (iputils cuts a reply's time).
    for args in ["-c 3 -i 0.2", "-c 5 -i 0.2 -s 1000"] {
        read(&record(args));
    }
}

#[test]
fn refuses_two_mtus_in_one_run() {
    let two = IPUTILS_FRAG_NEEDED.replacen("mtu=1400", "mtu=1500", 1);
    let (error, line) = refused(&two);
    assert!(error.message.contains("MTU of 1500, an earlier one 1400"), "{error}");
    assert!(line.ends_with("mtu=1500"), "{line}");
}
