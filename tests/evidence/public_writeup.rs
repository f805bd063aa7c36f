//! A public write-up rebuilt from its raw outputs: the eight iperf3 text files of a home
//! network behind pfSense (`../shared/real-data/apu2-pfsense-iperf3-text/`, copied into a
//! temporary site at test time, never into the repository), each named by `iperf:` in
//! runs.yaml, and a page stating the figures the write-up gives. Every figure is read from a
//! raw file and checked; nothing is typed by hand.

use crate::common;

use std::path::Path;

use common::{Site, measurement_page};

const BUNDLE: &str = "content/measurements/2021-apu2";
const PAGE: &str = "content/measurements/2021-apu2/index.md";

/// The runs, each with the file it is read from.
const RUNS: [(&str, &str); 8] = [
    ("same_switch", "test1_same_switch.txt"),
    ("isp_router", "test2_isp_router.txt"),
    ("two_switches", "test3_two_switches.txt"),
    ("intervlan", "test4_intervlan_via_apu2.txt"),
    ("intervlan_p4", "test5_intervlan_P4.txt"),
    ("cloud_server", "aws1_server_side.txt"),
    ("cloud_p10", "aws2_P10_download.txt"),
    ("cloud_udp", "aws3_udp_P5.txt"),
];

fn real_data(name: &str) -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/real-data/apu2-pfsense-iperf3-text").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The write-up's figures, each as the page states it.
const PROSE: &str = "\
On one switch the receiver counted [930 Mbit/s]{=runs.same_switch.received.bits_per_second}, \
through the ISP's router [932 Mbit/s]{=runs.isp_router.received.bits_per_second}, across two \
switches [939 Mbit/s]{=runs.two_switches.received.bits_per_second}. Routed between VLANs by the \
APU2 one stream made [372 Mbit/s]{=runs.intervlan.received.bits_per_second} and four together \
[786 Mbit/s]{=runs.intervlan_p4.received.bits_per_second}, the fastest of them \
[365 Mbit/s]{=runs.intervlan_p4.streams.3.received.bits_per_second}. The cloud server's own log \
shows [53.2 Mbit/s]{=runs.cloud_server.received.bits_per_second} over \
[10.90 s]{=runs.cloud_server.received.seconds}, its best second \
[96.9 Mbit/s]{=fastest_second}. Ten streams from the cloud gave \
[834 Mbit/s]{=runs.cloud_p10.received.bits_per_second} with \
[16,020]{=runs.cloud_p10.sent.retransmits} retransmissions; five UDP streams lost \
[24 %]{=runs.cloud_udp.received.lost_percent} of \
[12,941,338]{=runs.cloud_udp.received.packets} datagrams, at a jitter of \
[0.043 ms]{=runs.cloud_udp.received.jitter}.";

fn writeup_site(prose: &str) -> Site {
    let site = Site::new();
    site.appliance();
    let mut runs = String::from("build: {firmware: pfSense 2.5.2}\nruns:\n");
    for (run, file) in RUNS {
        site.file(&format!("{BUNDLE}/raw/{file}"), real_data(file));
        runs.push_str(&format!("  {run}:\n    iperf: raw/{file}\n"));
    }
    runs.push_str(
        "figures:\n  fastest_second: {is: \"max(runs.cloud_server.received.intervals.*.bits_per_second)\", unit: Mbit/s}\n",
    );
    site.file(&format!("{BUNDLE}/runs.yaml"), runs);
    site.file(PAGE, measurement_page(prose));
    site
}

#[test]
fn every_figure_of_the_writeup_is_read_from_its_raw_output_and_checked() {
    let site = writeup_site(PROSE);
    let run = site.check();
    run.expect_success();
    assert!(
        run.stdout.contains(&format!(
            "raw evidence {PAGE}: 14 of 14 figures computed from run data are read from raw files (100 %)"
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn a_figure_the_raw_output_does_not_give_fails_with_what_it_gives() {
    let site = writeup_site(&PROSE.replace("[930 Mbit/s]", "[931 Mbit/s]"));
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[figure-mismatch]");
    run.expect_stderr("930 Mbit/s");
}

#[test]
fn a_figure_stated_finer_than_iperf3_printed_it_is_a_precision_error() {
    let site = writeup_site(&PROSE.replace("[53.2 Mbit/s]", "[53.20 Mbit/s]"));
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[figure-precision]");
    run.expect_stderr("iperf3 printed `53.2 Mbits/sec`");
}

/// A client's interval lines are what it sent, and an old iperf3 UDP client's rate is what
/// it sent: reading either as received is an error that says so.
#[test]
fn what_a_client_printed_for_the_sender_is_never_read_as_received() {
    let site = writeup_site("Best: [939 Mbit/s]{=best}.");
    let runs = site.read_source(&format!("{BUNDLE}/runs.yaml"));
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        runs.replace(
            "figures:\n",
            "figures:\n  best: {is: \"max(runs.same_switch.received.intervals.*.bits_per_second)\", unit: Mbit/s}\n",
        ),
    );
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[figure-missing-path]");
    run.expect_stderr("not in the raw file");
    run.expect_stderr("a client's interval lines are what it sent");

    let site = writeup_site("UDP: [1.25 Gbit/s]{=runs.cloud_udp.received.bits_per_second}.");
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[figure-missing-path]");
    run.expect_stderr("runs.cloud_udp.received.bits_per_second");
    run.expect_stderr("not in the raw file");
}
