//! The importers through a whole site: runs.yaml names a tool's output, a page states its
//! figures, `tally check` and `tally build` read them. The soak's two logs, ping, sysctl's
//! two readings and a table, each with a figure that passes, one that fails, and an edit of a
//! raw file that the next build sees. Those of issue 44's second ring (pkt-gen, Linux's
//! counters, Flent, a JSON table, …) are in tests/figures/more_tools.rs.

use crate::common;

use common::{Site, measurement_page};

const BUNDLE: &str = "content/measurements/2026-11-20-soak";
const PAGE: &str = "content/measurements/2026-11-20-soak/index.md";

/// The hash of the file every pass fetched (`sha256sum f`).
const SERVED: &str = "1f2ec52b774368781bed1d1fb140a92e0eb6348090619c9291f9a5a3c8e8d151";

/// curl's `-w '%{json}\n'` line for one pass, as curl 7.88 writes it (the fields tally reads,
/// among others it ignores).
fn curl_line(n: usize, exitcode: u32, code: u32, bytes: u64, seconds: &str) -> String {
    format!(
        "{{\"content_type\":\"application/octet-stream\",\"errormsg\":null,\"exitcode\":{exitcode},\"filename_effective\":\"copy{n}\",\"http_code\":{code},\"num_connects\":1,\"remote_ip\":\"127.0.0.1\",\"response_code\":{code},\"scheme\":\"HTTP\",\"size_download\":{bytes},\"time_total\":{seconds},\"url_effective\":\"http://127.0.0.1:8790/f\"}}\n"
    )
}

fn soak_site(third_hash: &str) -> Site {
    let site = Site::new();
    site.appliance();
    let curl: String = (1..=3).map(|n| curl_line(n, 0, 200, 1_048_576, "0.250000")).collect();
    site.file(&format!("{BUNDLE}/raw/curl.jsonl"), curl);
    site.file(
        &format!("{BUNDLE}/raw/sums.txt"),
        format!("{SERVED}  copy1\n{SERVED}  copy2\n{third_hash}  copy3\n"),
    );
    // The clock before and after each pass: the loop hashed each copy for 0.25 s between.
    let times: String = [0, 250, 500, 750, 1000, 1250]
        .iter()
        .map(|ms| format!("2026-11-20T10:00:{:02}.{:03}000000+09:00\n", ms / 1000, ms % 1000))
        .collect();
    site.file(&format!("{BUNDLE}/raw/times.txt"), times);
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        format!(
            "build: {{driver: stock}}\nruns:\n  soak:\n    soak: {{curl: raw/curl.jsonl, sha256: raw/sums.txt, expect: {SERVED}, times: raw/times.txt}}\n\
             figures:\n  soak_rate: {{is: \"runs.soak.bits_per_second\", unit: Mbit/s}}\n"
        ),
    );
    site.file(
        PAGE,
        measurement_page(
            "Of [3]{=runs.soak.passes} passes, [0]{=runs.soak.failed_passes} failed and \
             [0]{=runs.soak.mismatches} differed; they delivered [3 MiB]{=runs.soak.bytes} in \
             [1.25 s]{=runs.soak.seconds}, [20.1 Mbit/s]{=soak_rate}; curl spent \
             [0.75 s]{=runs.soak.transfer_seconds} transferring.",
        ),
    );
    site
}

#[test]
fn a_soak_is_computed_from_curls_log_and_the_hashes() {
    let site = soak_site(SERVED);
    let run = site.check();
    run.expect_success();
    assert!(run.stdout.contains(&format!("raw evidence {PAGE}: 7 of 7 figures")), "{}", run.stdout);
}

#[test]
fn a_copy_whose_hash_differs_fails_the_soak_from_the_logs() {
    let bad = "0".repeat(64);
    let site = soak_site(&bad);
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[bench-soak]");
    run.expect_stderr("1 hash mismatches");
    // Which pass, as a README-only trial asked: the error is at runs.yaml, the pass in the log.
    run.expect_stderr("pass 3: its copy's hash is not the server's");
}

/// The method publishes a failed soak's counts ("a soak passes only if both are zero"): a
/// soak marked failed states them, and only its throughput is refused. Before, every figure
/// of it was a `figure-failed-run` error.
#[test]
fn a_failed_soak_states_its_failures_but_not_its_throughput() {
    let site = soak_site(SERVED);
    let curl: String = (1..=3)
        .map(|n| {
            if n == 2 {
                curl_line(n, 0, 500, 245, "0.010000")
            } else {
                curl_line(n, 0, 200, 1_048_576, "0.250000")
            }
        })
        .collect();
    site.file(&format!("{BUNDLE}/raw/curl.jsonl"), curl);
    site.edit(
        &format!("{BUNDLE}/runs.yaml"),
        "    soak: {curl",
        "    failed: the server answered 500 once\n    soak: {curl",
    );
    site.file(
        PAGE,
        measurement_page(
            "Of [3]{=runs.soak.passes} passes, [1]{=runs.soak.failed_passes} failed (HTTP \
             [500]{=runs.soak.pass.1.http_code}) and [0]{=runs.soak.mismatches} differed; the \
             others delivered [2 MiB]{=runs.soak.bytes}.",
        ),
    );
    site.check().expect_success();
    site.edit(PAGE, "others delivered", "others delivered [13.4 Mbit/s]{=soak_rate} in all,");
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[figure-failed-run]");
    run.expect_stderr("its throughput is not");
}

/// The build depends on every file a raw key names: an edit to the sha256sum file (not the
/// key's first file) makes the page again and fails it.
#[test]
fn an_edit_to_the_soaks_hash_file_is_seen_by_the_next_build() {
    let site = soak_site(SERVED);
    site.build().expect_success();
    // Each file the soak read is published as a page with numbered lines, for its evidence.
    for file in ["curl.jsonl", "sums.txt", "times.txt"] {
        assert!(site.has(&format!("measurements/2026-11-20-soak/raw/{file}.html")), "{file}");
    }
    common::settle_all(site.root());
    site.edit(
        &format!("{BUNDLE}/raw/sums.txt"),
        &format!("{SERVED}  copy3"),
        &format!("{}  copy3", "0".repeat(64)),
    );
    let run = site.build();
    run.expect_code(1);
    run.expect_stderr("error[bench-soak]");
}

#[test]
fn a_sysctl_reading_before_and_after_gives_busy_and_counter_differences() {
    let site = Site::new();
    site.appliance();
    site.file(
        &format!("{BUNDLE}/raw/before.txt"),
        "kern.cp_time: 1000 0 500 100 98400\ndev.octep.0.rx_wire: 123456\n",
    );
    site.file(
        &format!("{BUNDLE}/raw/after.txt"),
        "kern.cp_time: 1400 0 900 200 108400\ndev.octep.0.rx_wire: 6781353\n",
    );
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  run:\n    sysctl: {before: raw/before.txt, after: raw/after.txt}\n\
         figures:\n  busy: {is: \"busy(runs.run.sysctl.before.kern.cp_time, runs.run.sysctl.after.kern.cp_time)\", unit: \"%\"}\n",
    );
    // (400 + 400 + 100) of 10,900 ticks were busy: 8.26 %.
    site.file(
        PAGE,
        measurement_page(
            "The CPUs were [8.3 %]{=busy} busy; the coprocessor took \
             [6,657,897]{=runs.run.sysctl.delta.dev.octep.0.rx_wire} frames from the wire.",
        ),
    );
    let run = site.check();
    run.expect_success();
    // A difference of two readings is read from them: a README-only trial found it counted
    // as typed by hand, its evidence citing runs.yaml's `sysctl:` line.
    assert!(run.stdout.contains(&format!("raw evidence {PAGE}: 2 of 2 figures")), "{}", run.stdout);
    site.build().expect_success();
    let html = site.read("measurements/2026-11-20-soak/index.html");
    assert!(html.contains("Read from <a href=\"raw/after.txt.html#L2\">"), "{html}");
    site.edit(PAGE, "[8.3 %]", "[8.4 %]");
    site.check().expect_code(1).expect_stderr("error[figure-mismatch]");
}

#[test]
fn ping_output_gives_its_round_trips_known_to_pings_digits() {
    let site = Site::new();
    site.appliance();
    site.file(
        &format!("{BUNDLE}/raw/ping.txt"),
        "PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.\n\
         64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms\n\
         64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.077 ms\n\
         64 bytes from 127.0.0.1: icmp_seq=3 ttl=64 time=0.061 ms\n\
         \n\
         --- 127.0.0.1 ping statistics ---\n\
         3 packets transmitted, 3 received, 0% packet loss, time 405ms\n\
         rtt min/avg/max/mdev = 0.045/0.061/0.077/0.013 ms\n",
    );
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  path:\n    ping: raw/ping.txt\n",
    );
    site.file(
        PAGE,
        measurement_page(
            "All [3]{=runs.path.received} replies came back, in [0.061 ms]{=runs.path.rtt.avg} on \
             average, the slowest [77 µs]{=runs.path.replies.1.time}.",
        ),
    );
    site.check().expect_success();
    site.edit(PAGE, "[0.061 ms]", "[0.0610 ms]");
    site.check().expect_code(1).expect_stderr("ping printed `0.061 ms`");
}

#[test]
fn a_table_of_ones_own_gives_each_cell_in_its_declared_unit() {
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/pktgen.csv"), "size,rate,mode\n64,14.2,netmap\n1518,0.81,netmap\n");
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  pktgen:\n    link_rate: 10 Gbit/s\n    table:\n      file: raw/pktgen.csv\n      columns: {size: B, rate: Mpps, mode: text}\n",
    );
    site.file(
        PAGE,
        measurement_page(
            "At [64 B]{=runs.pktgen.rows.0.size} it forwarded [14.2 Mpps]{=runs.pktgen.rows.0.rate}.",
        ),
    );
    site.check().expect_success();
    // A column the author did not declare is not read as anything.
    site.file(&format!("{BUNDLE}/raw/pktgen.csv"), "size,rate,mode,loss\n64,14.2,netmap,0\n");
    site.check().expect_code(1).expect_stderr("error[runs-import]").expect_stderr("loss");
}

/// A README-only trial wrote `received:` by hand beside `iperf:` and got nine errors: the
/// conflict, a "received no bytes" telling it to mark the run failed, and one missing path
/// per figure. The conflict is the one error; the file's values stand.
#[test]
fn a_field_written_beside_the_file_that_gives_it_is_the_one_error() {
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/reverse.json"), include_str!("../fixtures/figures/iperf3/reverse.json"));
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  t:\n    iperf: raw/reverse.json\n    received: {bits_per_second: 814 Mbit/s}\n",
    );
    site.file(PAGE, measurement_page("It received [940 Mbit/s]{=runs.t.received.bits_per_second}."));
    let run = site.check();
    run.expect_code(1);
    assert_eq!(run.diagnostic_lines().len(), 1, "{}", run.stderr);
    run.expect_stderr("error[runs-conflict]");
}

#[test]
fn a_powershell_capture_is_read_and_its_source_page_says_how_it_was_decoded() {
    // PowerShell 5.1's `ping ... > ping.txt`: UTF-16 LE with a byte-order mark and CRLF. It
    // was refused under `runs-path` as "not UTF-8" (issue 44).
    let text = "PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.\r\n\
                64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms\r\n\
                64 bytes from 127.0.0.1: icmp_seq=2 ttl=64 time=0.077 ms\r\n\
                \r\n\
                --- 127.0.0.1 ping statistics ---\r\n\
                2 packets transmitted, 2 received, 0% packet loss, time 405ms\r\n\
                rtt min/avg/max/mdev = 0.045/0.061/0.077/0.016 ms\r\n";
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/ping.txt"), utf16);
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  path:\n    ping: raw/ping.txt\n",
    );
    site.file(
        PAGE,
        measurement_page("All [2]{=runs.path.received} replies took [0.061 ms]{=runs.path.rtt.avg}."),
    );
    let check = site.check();
    check.expect_success();
    let listed = format!(
        "raw file {BUNDLE}/raw/ping.txt: decoded from UTF-16 LE with a byte-order mark, CRLF line ends"
    );
    assert!(check.stdout.contains(&listed), "{}", check.stdout);
    site.build().expect_success();
    let source = site.read("measurements/2026-11-20-soak/raw/ping.txt.html");
    assert!(source.contains("Decoded from UTF-16 LE with a byte-order mark, CRLF line ends."), "{source}");
    assert!(source.contains("<a href=\"#L7\">7</a>rtt min/avg/max/mdev"), "{source}");
    // A colour escape in the same capture is refused at its line, with how to record it.
    let coloured = text.replace("rtt", "\u{1b}[1mrtt");
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(coloured.encode_utf16().flat_map(u16::to_le_bytes));
    site.file(&format!("{BUNDLE}/raw/ping.txt"), utf16);
    let run = site.check();
    run.expect_code(1).expect_stderr("error[runs-raw-text]").expect_stderr("raw/ping.txt:7:1");
}

/// Issue 44: a soak's figures are read from its curl lines, its hash file, the server's hash
/// and its times file; each figure's evidence names them all (before, only "raw/curl.jsonl,
/// line 1"), each linked to its lines on the file's source page.
#[test]
fn a_soaks_evidence_names_every_file_its_figures_read() {
    let site = soak_site(SERVED);
    site.file(&format!("{BUNDLE}/raw/served.sha256"), format!("{SERVED}  f\n"));
    site.edit(&format!("{BUNDLE}/runs.yaml"), &format!("expect: {SERVED}"), "expect: raw/served.sha256");
    site.build().expect_success();
    let html = site.read("measurements/2026-11-20-soak/index.html");
    for id in ["figure-runs.soak.passes", "figure-runs.soak.mismatches", "figure-runs.soak.seconds"] {
        let entry = common::evidence_entry(&html, id);
        for (url, said) in [
            ("raw/curl.jsonl.html#L1", "raw/curl.jsonl, lines 1–3"),
            ("raw/sums.txt.html#L1", "raw/sums.txt, lines 1–3"),
            ("raw/served.sha256.html#L1", "raw/served.sha256, line 1"),
            ("raw/times.txt.html#L1", "raw/times.txt, lines 1–6"),
        ] {
            assert!(entry.contains(&format!("<a href=\"{url}\">{said}</a>")), "{id}: {said}: {entry}");
        }
    }
    // Each file's source page is published, so that every link leads to its lines.
    for file in ["curl.jsonl", "sums.txt", "served.sha256", "times.txt"] {
        let page = site.read(&format!("measurements/2026-11-20-soak/raw/{file}.html"));
        assert!(page.contains("<li id=\"L1\">"), "{file}");
    }
}
