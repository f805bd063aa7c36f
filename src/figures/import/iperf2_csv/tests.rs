//! iperf 2 CSV: lines as 2.0 and 2.1 write them, outputs recorded here on 127.0.0.1 from
//! the installed iperf (2), and damaged lines.

use proptest::prelude::*;

use super::super::iperf2_text::tests::record;
use super::*;

fn read(text: &str) -> Tree {
    import_iperf2_csv(text).unwrap_or_else(|e| panic!("{e:?}\n{text}")).fields
}

fn n(tree: &Tree, path: &str) -> f64 {
    tree.number(path).unwrap_or_else(|| panic!("{path}: {:?}", tree.get(path)))
}

fn absent(tree: &Tree, path: &str) -> String {
    match tree.get(path) {
        Some(Tree::Absent(why)) => why.clone(),
        other => panic!("{path} is not absent: {other:?}"),
    }
}

fn count(tree: &Tree, path: &str) -> usize {
    match tree.get(path) {
        Some(Tree::List(items)) => items.len(),
        other => panic!("{path}: {other:?}"),
    }
}

fn refused(text: &str) -> ImportError {
    import_iperf2_csv(text).expect_err("refused")
}

/// iperf 2.1.8's UDP server with `-i 0.5`, as recorded here.
const UDP_SERVER: &str = "\
20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-0.5,657090,10513440,0.002,0,447,0.000,0
20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.5-1.0,655620,10489920,0.002,0,446,0.000,0
20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-1.0,1315650,10508627,0.002,3,895,0.335,0
";

#[test]
fn a_udp_servers_lines_are_what_arrived_exactly() {
    let fields = read(UDP_SERVER);
    assert_eq!(n(&fields, "received.bytes"), 1_315_650.0);
    assert_eq!(n(&fields, "received.bits_per_second"), 10_508_627.0);
    assert!(fields.value("received.bytes").unwrap().printed.is_none(), "CSV bytes are whole");
    assert_eq!(n(&fields, "received.seconds"), 1.0);
    assert_eq!(n(&fields, "received.jitter"), 0.002e-3);
    assert_eq!(n(&fields, "received.lost_packets"), 3.0);
    assert_eq!(n(&fields, "received.packets"), 895.0);
    assert_eq!(n(&fields, "received.lost_percent"), 0.335);
    assert_eq!(count(&fields, "received.intervals"), 2);
    assert_eq!(n(&fields, "received.intervals.1.start"), 0.5);
    let at = fields.value("received.bytes").unwrap().at.clone();
    assert_eq!(&UDP_SERVER[at], "1315650");
    assert!(absent(&fields, "sent").contains("client's"));
}

#[test]
fn a_udp_clients_own_csv_is_what_was_sent() {
    // 2.1 writes its intervals with counts it does not know (jitter 0.000) and its
    // summary with total -1.
    let text = "\
20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-0.5,657090,10513440,0.000,0,447,0.000,0
20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-1.0,1315650,10508428,0.000,0,-1,-0.000,0
";
    let fields = read(text);
    assert!(absent(&fields, "received").contains("server's"));
    assert_eq!(n(&fields, "sent.bytes"), 1_315_650.0);
    assert_eq!(count(&fields, "sent.intervals"), 1);
    assert!(fields.get("sent.jitter").is_none());
}

#[test]
fn a_tcp_line_does_not_say_whose_it_is() {
    let fields = read("19700101000000,127.0.0.1,35846,127.0.0.1,45301,1,0.0-1.0,3484155964,27846793258\n");
    assert!(absent(&fields, "received").contains("which side wrote it"));
    absent(&fields, "sent");
    absent(&fields, "streams");
}

#[test]
fn iperf_2_0s_sum_line_and_a_clients_copy_of_the_server_report() {
    let server = "\
20140101120000,10.0.0.1,5001,10.0.0.2,40000,3,0.0-10.0,6553600,5242880,0.100,1,4460,0.022,0
20140101120000,10.0.0.1,5001,10.0.0.2,40001,4,0.0-10.0,6553600,5242880,0.200,2,4460,0.045,0
20140101120000,10.0.0.1,5001,10.0.0.2,0,-1,0.0-10.0,13107200,10485760,0.150,3,8920,0.034,0
";
    let fields = read(server);
    assert_eq!(n(&fields, "received.bytes"), 13_107_200.0);
    assert_eq!(n(&fields, "received.lost_packets"), 3.0);
    assert_eq!(count(&fields, "streams"), 2);
    assert_eq!(n(&fields, "streams.1.received.jitter"), 0.2e-3);
    let client = "\
20140101120000,10.0.0.2,40000,10.0.0.1,5001,3,0.0-10.0,6553600,5242880
20140101120000,10.0.0.2,40000,10.0.0.1,5001,3,0.0-10.0,6553600,5242880,0.100,1,4460,0.022,0
";
    let fields = read(client);
    assert_eq!(n(&fields, "received.packets"), 4460.0);
    assert_eq!(n(&fields, "sent.bytes"), 6_553_600.0);
    assert_eq!(n(&fields, "streams.0.sent.bits_per_second"), 5_242_880.0);
}

#[test]
fn a_line_iperf_2_would_not_write_is_refused_at_its_place() {
    let good = UDP_SERVER.lines().next().unwrap();
    for bad in [
        "listener bind failed: Address already in use",
        "20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-0.5,657090",
        "20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.5-0.0,657090,10513440",
        "20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-1.0,-657090,10513440",
        "20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-1.0,657090,NaN",
        "20261201091244,127.0.0.1,43377,127.0.0.1,45311,1,0.0-1.0,657090,10513440,0.002,-4,447,0.000,0",
        "20261201091244,127.0.0.1,99999,127.0.0.1,45311,1,0.0-1.0,657090,10513440",
    ] {
        let text = format!("{good}\n{bad}\n");
        let error = refused(&text);
        assert_eq!(&text[error.at.clone().unwrap()], bad, "{error}");
    }
    let twice = format!("{UDP_SERVER}{}", UDP_SERVER.replace("1315650", "1315651"));
    assert!(refused(&twice).message.contains("second line"));
    assert!(refused("\n").message.contains("no CSV lines"));
}

#[test]
fn recorded_udp_server_and_client_csv() {
    let (client, server) = record(&["-u", "-y", "C"], &["-t", "1", "-u", "-b", "10M", "-y", "C"]);
    let (client, server) = (read(&client), read(&server));
    assert!(n(&server, "received.bytes") > 0.0 && n(&server, "received.packets") > 0.0);
    assert!(server.number("received.jitter").is_some());
    absent(&client, "received");
    assert!(n(&client, "sent.bytes") >= n(&server, "received.bytes"));
    assert_eq!(n(&client, "sent.seconds"), n(&server, "received.seconds"));
}

#[test]
fn recorded_udp_intervals_and_parallel_streams() {
    let (_, server) = record(&["-u", "-y", "C", "-i", "0.5"], &["-t", "1", "-u", "-b", "10M", "-y", "C"]);
    assert!(count(&read(&server), "received.intervals") >= 1);
    let (_, server) = record(&["-u", "-y", "C"], &["-t", "1", "-u", "-b", "10M", "-P", "2", "-y", "C"]);
    let fields = read(&server);
    assert_eq!(count(&fields, "streams"), 2);
    assert!(n(&fields, "streams.0.received.bytes") > 0.0);
    assert!(absent(&fields, "received").contains("no sum line"));
}

#[test]
fn recorded_tcp_csv_is_read_whole_and_says_why_it_gives_no_receiver() {
    let (client, server) = record(&["-y", "C"], &["-t", "1", "-y", "C"]);
    for text in [&client, &server] {
        let fields = read(text);
        assert!(absent(&fields, "received").contains("which side wrote it"), "{text}");
    }
    // The two sides write one line each for the one connection, the same bytes.
    let bytes = |t: &str| t.trim().split(',').nth(7).map(str::to_string);
    assert_eq!(bytes(&client), bytes(&server));
    assert!(bytes(&server).and_then(|b| b.parse::<u64>().ok()).is_some_and(|b| b > 0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn never_panics_on_any_text(text in "\\PC*", csv in "([-0-9.,a-z]{0,60}\n){0,6}") {
        let _ = import_iperf2_csv(&text);
        let _ = import_iperf2_csv(&csv);
    }

    /// A real output with a damaged line inserted is never read as if whole.
    #[test]
    fn a_damaged_line_is_refused(line in 0usize..4, field in 0usize..14, junk in "[a-z]{1,3}") {
        let mut rows: Vec<String> = UDP_SERVER.lines().map(str::to_string).collect();
        let mut damaged: Vec<String> = rows[0].split(',').map(str::to_string).collect();
        damaged[field].push_str(&junk);
        rows.insert(line % (rows.len() + 1), damaged.join(","));
        let text = rows.join("\n");
        // An address with letters is still an address; every other field is a number.
        prop_assume!(field != 1 && field != 3);
        prop_assert!(import_iperf2_csv(&text).is_err());
    }
}
