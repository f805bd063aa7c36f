//! The importers of issue 44's second ring through a whole site: netmap `pkt-gen` logs,
//! Linux's `/proc/net/dev` and `ethtool -S` before and after, a JSON document as a table,
//! Flent's `.flent.gz`, ping's errors by kind and two iperf 2 sessions in one file. Each
//! with a figure that passes, one that fails, and its refusal as the one error. The
//! importers of the first ring are in tests/importers.rs.

use super::common::{Site, measurement_page};

const BUNDLE: &str = "content/measurements/2026-11-20-soak";
const PAGE: &str = "content/measurements/2026-11-20-soak/index.md";

/// A netmap `pkt-gen` receiver's log, as the public bench wrote it (`../shared/real-data/
/// netmap-pktgen/`, copied into the site as an author would): its per-second rates are a
/// list a figure takes the median of, each second is a figure, and its totals, cut by the
/// bench's `killall`, are refused with why.
#[test]
fn a_pkt_gen_receivers_log_gives_its_seconds_as_a_list() {
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/real-data/netmap-pktgen/pkt-gen-rx-apu2-r368766-inet4-1.txt");
    let log = std::fs::read_to_string(&log).unwrap_or_else(|e| panic!("{}: {e}", log.display()));
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/rx.txt"), &log);
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  rx:\n    pktgen: raw/rx.txt\n\
         figures:\n  rate: {is: \"median(drop_ends(runs.rx.seconds.*.pps, 1))\", unit: pps}\n",
    );
    // The 53 seconds between the first (no packet yet) and the last (cut short): their
    // median, 739,587 pps.
    site.file(
        PAGE,
        measurement_page(
            "It forwarded [739,587 pps]{=rate}; in its second second [115,289 pps]{=runs.rx.seconds.1.pps}.",
        ),
    );
    let run = site.check();
    run.expect_success();
    assert!(run.stdout.contains(&format!("raw evidence {PAGE}: 2 of 2 figures")), "{}", run.stdout);
    site.edit(PAGE, "[739,587 pps]", "[739,588 pps]");
    site.check().expect_code(1).expect_stderr("error[figure-mismatch]");
    // The totals pkt-gen never printed are no figure, and the figure is told why.
    site.edit(PAGE, "[739,588 pps]{=rate}", "[1 pps]{=runs.rx.received.pps}");
    site.check().expect_code(1).expect_stderr("Terminated");
    // An edited second is refused at its line in the raw file.
    site.file(&format!("{BUNDLE}/raw/rx.txt"), log.replace("745674 pps", "845674 pps"));
    site.check().expect_code(1).expect_stderr("error[runs-import]").expect_stderr("rx.txt:13:");
}

/// The public bench's `.pps` file (`../shared/real-data/netmap-pktgen/`), one rate a run of
/// five: named under `pktgen:` as its log is, each run's rate is a figure, their median is
/// one, and a line that is no rate is refused at that line of the file.
#[test]
fn a_pkt_gen_benchs_pps_file_gives_one_rate_a_run() {
    let pps = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/real-data/netmap-pktgen/r368766.inet4.pps");
    let pps = std::fs::read_to_string(&pps).unwrap_or_else(|e| panic!("{}: {e}", pps.display()));
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/r368766.inet4.pps"), &pps);
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  inet4:\n    pktgen: raw/r368766.inet4.pps\n\
         figures:\n  rate: {is: \"median(runs.inet4.iterations.*.pps)\", unit: pps}\n",
    );
    site.file(
        PAGE,
        measurement_page(
            "Over the bench's runs it forwarded [739,784 pps]{=rate}; the last ran at [733,210 pps]{=runs.inet4.iterations.4.pps}.",
        ),
    );
    let run = site.check();
    run.expect_success();
    assert!(run.stdout.contains(&format!("raw evidence {PAGE}: 2 of 2 figures")), "{}", run.stdout);
    // No second is in the file: a figure reading one is told to name the receiver's log.
    site.edit(PAGE, "[733,210 pps]{=runs.inet4.iterations.4.pps}", "[1 pps]{=runs.inet4.seconds.1.pps}");
    site.check().expect_code(1).expect_stderr("receiver's log");
    site.file(&format!("{BUNDLE}/raw/r368766.inet4.pps"), pps.replace("739072", "739072 (rerun)"));
    site.check().expect_code(1).expect_stderr("error[runs-import]").expect_stderr("r368766.inet4.pps:3:");
}

/// `/proc/net/dev` of a veth pair before and after a run (the shape recorded inside `unshare
/// -n`): the frames that crossed are a difference read from the two files, and readings that
/// went backwards are the one error at runs.yaml's key.
#[test]
fn proc_net_dev_before_and_after_gives_each_interfaces_delta() {
    let reading = |packets: u64| {
        format!(
            "Inter-|   Receive                                                |  Transmit\n \
             face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n    \
             lo:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0\n    \
             va: {:>7} {packets:>7}    0    0    0     0          0         0 {:>8} {packets:>7}    0    0    0     0       0          0\n",
            packets * 90,
            packets * 90
        )
    };
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/dev-before.txt"), reading(3));
    site.file(&format!("{BUNDLE}/raw/dev-after.txt"), reading(1_203));
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  veth:\n    netdev: {before: raw/dev-before.txt, after: raw/dev-after.txt}\n",
    );
    site.file(PAGE, measurement_page("`va` sent [1,200]{=runs.veth.netdev.delta.va.tx.packets} frames."));
    let run = site.check();
    run.expect_success();
    assert!(run.stdout.contains(&format!("raw evidence {PAGE}: 1 of 1 figures")), "{}", run.stdout);
    site.edit(
        &format!("{BUNDLE}/runs.yaml"),
        "before: raw/dev-before.txt, after: raw/dev-after.txt",
        "before: raw/dev-after.txt, after: raw/dev-before.txt",
    );
    site.check().expect_code(1).expect_stderr("error[runs-readings]").expect_stderr("a counter decreased");
}

/// A table of one JSON document, an object holding the rows' array: each cell is a figure at
/// its line, and a document of another shape is refused naming the shapes a table reads.
#[test]
fn a_json_document_of_rows_is_a_table() {
    let site = Site::new();
    site.appliance();
    site.file(
        &format!("{BUNDLE}/raw/results.json"),
        "{\n  \"results\": [\n    {\"size\": 64, \"rate\": 14.2},\n    {\"size\": 1518, \"rate\": 0.81}\n  ]\n}\n",
    );
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  pktgen:\n    table:\n      file: raw/results.json\n      columns: {size: B, rate: Mpps}\n",
    );
    site.file(
        PAGE,
        measurement_page(
            "At [1,518 B]{=runs.pktgen.rows.1.size} it forwarded [0.81 Mpps]{=runs.pktgen.rows.1.rate}.",
        ),
    );
    site.check().expect_success();
    site.build().expect_success();
    let html = site.read("measurements/2026-11-20-soak/index.html");
    assert!(html.contains("raw/results.json.html#L4"), "{html}");
    site.file(
        &format!("{BUNDLE}/raw/results.json"),
        "{\"version\": 2, \"results\": [{\"size\": 64, \"rate\": 14.2}]}\n",
    );
    site.check()
        .expect_code(1)
        .expect_stderr("error[runs-import]")
        .expect_stderr("an object holding one (`{\"results\": [{…}, …]}`)");
}

/// Issue 44: an iperf 2 server's log of two clients one after another was reported as a run
/// that "received no bytes". It is the one error, at the second session's line.
#[test]
fn two_iperf2_sessions_in_one_file_are_one_error_at_the_second() {
    let site = Site::new();
    site.appliance();
    site.file(
        &format!("{BUNDLE}/raw/server.txt"),
        "------------------------------------------------------------\n\
         Server listening on TCP port 5001\n\
         TCP window size:  128 KByte (default)\n\
         ------------------------------------------------------------\n\
         [  1] local 127.0.0.1 port 5001 connected with 127.0.0.1 port 35254\n\
         [ ID] Interval       Transfer     Bandwidth\n\
         [  1] 0.0000-1.0006 sec  2.29 GBytes  19.7 Gbits/sec\n\
         [  2] local 127.0.0.1 port 5001 connected with 127.0.0.1 port 35264\n\
         [ ID] Interval       Transfer     Bandwidth\n\
         [  2] 0.0000-1.0041 sec  1.64 GBytes  14.0 Gbits/sec\n",
    );
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  t:\n    iperf: raw/server.txt\n",
    );
    site.file(PAGE, measurement_page("It received [19.7 Gbit/s]{=runs.t.received.bits_per_second}."));
    let run = site.check();
    run.expect_code(1).expect_stderr("two sessions in one file").expect_stderr("server.txt:8:");
    assert!(!run.stderr.contains("received no bytes"), "{}", run.stderr);
    assert_eq!(run.diagnostic_lines().len(), 1, "{}", run.stderr);
}

/// Flent's data file as Flent saves it, gzip'd JSON: a series' samples are a list a figure
/// takes statistics of, the source page shows the JSON it holds and says it was
/// decompressed, and a damaged series is refused at its line.
#[test]
fn a_flent_gz_gives_its_series_as_lists() {
    use std::io::Write;
    let json = "{\n  \"metadata\": {\"NAME\": \"ping\", \"LENGTH\": 1, \"STEP_SIZE\": 0.2,\n    \"SERIES_META\": {\"Ping (ms) ICMP\": {\"UNITS\": \"ms\"}}},\n  \"version\": 4,\n  \"x_values\": [0.0, 0.2, 0.4, 0.6],\n  \"results\": {\"Ping (ms) ICMP\": [null, 0.051, 0.048, 0.057]}\n}\n";
    let gzip = |text: &str| {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(text.as_bytes()).expect("in memory");
        encoder.finish().expect("in memory")
    };
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/ping.flent.gz"), gzip(json));
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  lo:\n    flent: raw/ping.flent.gz\n\
         figures:\n  rtt: {is: \"median(runs.lo.series.ping_ms_icmp.*.value)\", unit: ms}\n",
    );
    site.file(PAGE, measurement_page("The median round trip was [0.051 ms]{=rtt}."));
    site.check().expect_success();
    site.build().expect_success();
    let source = site.read("measurements/2026-11-20-soak/raw/ping.flent.gz.html");
    assert!(source.contains("gzip-compressed"), "{source}");
    assert!(source.contains("Ping (ms) ICMP"), "{source}");
    site.file(&format!("{BUNDLE}/raw/ping.flent.gz"), gzip(&json.replace("0.048, 0.057]", "\"x\", 0.057]")));
    site.check().expect_code(1).expect_stderr("error[runs-import]").expect_stderr("ping.flent.gz:6:");
}

/// `ethtool -S` before and after, the command line kept above each: a statistic's
/// difference is a figure, and readings of two interfaces are the one error at the key.
#[test]
fn ethtool_statistics_before_and_after_give_their_delta_and_refuse_two_interfaces() {
    let stats = |interface: &str, drops: u64| {
        format!(
            "# ethtool -S {interface}\nNIC statistics:\n     peer_ifindex: 2\n     rx_queue_0_drops: {drops}\n"
        )
    };
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/s-before.txt"), stats("va", 3));
    site.file(&format!("{BUNDLE}/raw/s-after.txt"), stats("va", 15));
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  veth:\n    ethtool: {before: raw/s-before.txt, after: raw/s-after.txt}\n",
    );
    site.file(
        PAGE,
        measurement_page("The queue dropped [12]{=runs.veth.ethtool.delta.rx_queue_0_drops} frames."),
    );
    site.check().expect_success();
    site.file(&format!("{BUNDLE}/raw/s-after.txt"), stats("vb", 15));
    site.check()
        .expect_code(1)
        .expect_stderr("error[runs-readings]")
        .expect_stderr("`interface` is `va` before and `vb` after");
}

/// ping's errors by kind through a site: "2 packets of 1,473 B did not cross a path of
/// 1,500 B" is stated from the file, each number at its line.
#[test]
fn ping_states_its_errors_by_kind() {
    let site = Site::new();
    site.appliance();
    site.file(
        &format!("{BUNDLE}/raw/df.txt"),
        "PING 127.0.0.1 (127.0.0.1) 1473(1501) bytes of data.\n\
         ping: local error: message too long, mtu=1500\n\
         ping: local error: message too long, mtu=1500\n\
         \n\
         --- 127.0.0.1 ping statistics ---\n\
         2 packets transmitted, 0 received, +2 errors, 100% packet loss, time 1024ms\n\
         \n",
    );
    site.file(&format!("{BUNDLE}/runs.yaml"), "build: {driver: stock}\nruns:\n  df:\n    ping: raw/df.txt\n");
    site.file(
        PAGE,
        measurement_page(
            "[2]{=runs.df.errors_by_kind.too_large} packets of [1,473 B]{=runs.df.size} did not cross a path of [1,500 B]{=runs.df.mtu}.",
        ),
    );
    site.check().expect_success();
    site.edit(PAGE, "[2]{=runs.df.errors_by_kind.too_large}", "[2]{=runs.df.errors_by_kind.unreachable}");
    site.check().expect_code(1).expect_stderr("error[figure-mismatch]");
}
