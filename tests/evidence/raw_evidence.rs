//! Raw evidence: which figures trace to a tool's own output and which to a value typed into
//! runs.yaml, as `tally check` counts them per page, as `figures: {min_raw}` requires, and as
//! each evidence entry says; and the bench's link-rate rule applied by unit, not by name.

use crate::common;

use common::{SITE_YAML, Site, measurement_page};

const IPERF3_REVERSE: &str = include_str!("../fixtures/figures/iperf3/reverse.json");
const BUNDLE: &str = "content/measurements/2011-soekris";
const PAGE: &str = "content/measurements/2011-soekris/index.md";

/// One run imported from iperf3's reverse.json (940 Mbit/s received) and one typed by hand;
/// the page states one figure of each.
fn mixed_site(extra_settings: &str) -> Site {
    let site = Site::new();
    site.appliance();
    site.file("site.yaml", format!("{SITE_YAML}{extra_settings}"));
    site.file(&format!("{BUNDLE}/raw/reverse.json"), IPERF3_REVERSE);
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  measured:\n    iperf: raw/reverse.json\n  typed:\n    host_frames: {received: 962826}\n",
    );
    site.file(
        PAGE,
        measurement_page(
            "The receiver counted [940 Mbit/s]{=runs.measured.received.bits_per_second}; the host \
             took [962,826]{=runs.typed.host_frames.received} frames.",
        ),
    );
    site
}

#[test]
fn check_counts_each_pages_figures_read_from_raw_files() {
    let site = mixed_site("");
    let run = site.check();
    run.expect_success();
    assert!(
        run.stdout.contains(&format!(
            "raw evidence {PAGE}: 1 of 2 figures computed from run data are read from raw files (50 %)"
        )),
        "{}",
        run.stdout
    );
    let json = site.tally(&["check", "--format", "json"]);
    json.expect_success();
    let found: serde_json::Value = serde_json::from_str(&json.stdout).expect("check's JSON");
    let note = found
        .as_array()
        .and_then(|all| all.iter().find(|d| d["code"] == "figure-raw-evidence"))
        .unwrap_or_else(|| panic!("no raw evidence note in {found:#}"));
    assert_eq!(note["path"], PAGE);
    assert_eq!(note["severity"], "note");
    assert!(note["message"].as_str().unwrap_or("").starts_with("1 of 2 figures"), "{note:#}");
}

#[test]
fn a_page_below_the_sites_min_raw_fails_and_one_at_it_passes() {
    let site = mixed_site("figures: {min_raw: 0.9}\n");
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[figure-raw-share]");
    run.expect_stderr("1 of 2 figures computed from run data are read from raw files (50 %), below the site's minimum of 90 %");
    // Which figure keeps the page below it, and the typed value it reads.
    run.expect_stderr("`runs.typed.host_frames.received` reads runs.typed.host_frames.received");
    // The build refuses it too, and leaves no site behind.
    site.build().expect_code(1);
    assert!(!site.has("index.html"));
    mixed_site("figures: {min_raw: 0.5}\n").check().expect_success();
}

#[test]
fn each_evidence_entry_says_whether_it_was_read_from_a_raw_file_or_typed_by_hand() {
    let site = mixed_site("");
    site.build().expect_success();
    let html = site.read("measurements/2011-soekris/index.html");
    let entry = |name: &str| common::evidence_entry(&html, &format!("figure-{name}")).to_string();
    let measured = entry("runs.measured.received.bits_per_second");
    assert!(measured.contains("Read from <a href=\"raw/reverse.json.html#L"), "{measured}");
    assert!(measured.contains("(named in <a href=\"runs.yaml.html#L4\">"), "{measured}");
    let typed = entry("runs.typed.host_frames.received");
    assert!(typed.contains("Typed by hand in <a href=\"runs.yaml.html#L6\">"), "{typed}");
    assert!(!typed.contains("Read from"), "{typed}");
}

#[test]
fn a_link_rate_reads_every_bit_rate_of_its_run_whatever_the_field_is_called() {
    let site = Site::new();
    site.appliance();
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  port:\n    link_rate: 1 Gbit/s\n    pc_port: {bits_per_s: 1.2 Gbit/s}\n",
    );
    site.file(PAGE, measurement_page("The port read [1.2 Gbit/s]{=runs.port.pc_port.bits_per_s}."));
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[bench-link-rate]");
    run.expect_stderr("pc_port.bits_per_s: 1200 Mbit/s");
}

#[test]
fn a_link_rate_with_no_bit_rate_to_check_is_a_warning() {
    let site = Site::new();
    site.appliance();
    // A rate typed as a plain count is no bit rate: the rule would check nothing.
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  port:\n    link_rate: 1 Gbit/s\n    pc_port: {bits_per_s: 989000000}\n",
    );
    site.file(PAGE, measurement_page("The port read [989,000,000]{=runs.port.pc_port.bits_per_s}."));
    let run = site.check();
    run.expect_success();
    run.expect_stderr("warning[bench-link-rate]");
    run.expect_stderr("has a `link_rate` but no bit rate for it to check");
}

#[test]
fn a_typed_value_stated_finer_than_it_is_written_is_a_precision_error() {
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/runs.yaml"), "build: {driver: stock}\nruns:\n  a:\n    rate: 372 Mbit/s\n");
    site.file(PAGE, measurement_page("It carried [372.0 Mbit/s]{=runs.a.rate}."));
    let run = site.check();
    run.expect_code(1);
    run.expect_stderr("error[figure-precision]");
    run.expect_stderr("runs.yaml writes `372 Mbit/s`");
}

/// A README-only trial found `2.84 GBytes` shown in the evidence as 3,049,426,780.16 B:
/// digits iperf never printed, read by a reader as measured. A value known to the digits a
/// tool printed (or runs.yaml wrote) is shown as written.
#[test]
fn the_evidence_shows_a_printed_value_at_the_digits_it_was_printed_with() {
    let site = Site::new();
    site.appliance();
    site.file(&format!("{BUNDLE}/raw/test1.txt"), include_str!("../fixtures/figures/iperf2/test1.txt"));
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\nruns:\n  s:\n    iperf: raw/test1.txt\nfigures:\n  per_second: {is: \"runs.s.received.bytes / runs.s.received.seconds\", unit: MB/s}\n",
    );
    site.file(
        PAGE,
        measurement_page("It received [2.84 GiB]{=runs.s.received.bytes}, [102 MB/s]{=per_second}."),
    );
    site.build().expect_success();
    let html = site.read("measurements/2011-soekris/index.html");
    assert!(!html.contains("3,049,426,780.16"), "{html}");
    // As an input of `per_second` it links to its own entry, still at its printed digits.
    assert!(html.contains("<code>runs.s.received.bytes</code></a> = 2.84 GiB"), "{html}");
    assert!(html.contains("<code>runs.s.received.bytes</code> <b>2.84 GiB</b>"), "{html}");
}

/// Issue 44, show what was read: a `raw` block with an empty body shows the file's lines,
/// each numbered and linked to its line on the file's source page, which is published.
const SERVER_LOG: &str = "Server listening on 5201\nAccepted connection from 192.0.2.20\n[  5]   0.00-1.00   sec   112 MBytes   941 Mbits/sec\n[  5]   1.00-2.00   sec   112 MBytes   942 Mbits/sec\n";

fn raw_block_site(block: &str) -> Site {
    let site = mixed_site("");
    site.file(&format!("{BUNDLE}/raw/server.txt"), SERVER_LOG);
    site.file(
        PAGE,
        measurement_page(&format!(
            "The receiver counted [940 Mbit/s]{{=runs.measured.received.bits_per_second}}; the host \
             took [962,826]{{=runs.typed.host_frames.received}} frames.\n\n{block}\n"
        )),
    );
    site
}

#[test]
fn a_raw_block_shows_the_files_lines_linked_to_its_source_page_and_counts_for_nothing() {
    let site = raw_block_site("```raw raw/server.txt 3-4\n```");
    let run = site.build();
    run.expect_success();
    let html = site.read("measurements/2011-soekris/index.html");
    assert!(html.contains("<figure class=\"raw-block\"><figcaption><a href=\"raw/server.txt.html\">raw/server.txt</a>:3–4</figcaption>"), "{html}");
    assert!(
        html.contains("<a class=\"line-number\" href=\"raw/server.txt.html#L3\">3</a>[  5]   0.00-1.00   sec   112 MBytes   941 Mbits/sec\n<a class=\"line-number\" href=\"raw/server.txt.html#L4\">4</a>"),
        "{html}"
    );
    assert!(!html.contains("Server listening"), "only the lines asked for");
    let source = site.read("measurements/2011-soekris/raw/server.txt.html");
    assert!(source.contains("<li id=\"L3\">"), "{source}");
    // The block's numbers are the tool's output, not prose: none is counted untagged.
    let check = site.check();
    assert!(check.stdout.contains("2 of 2 figure-like numbers tagged"), "{}", check.stdout);
}

#[test]
fn a_raw_block_without_a_range_shows_the_whole_file_and_a_faithful_copy_passes() {
    let site = raw_block_site(&format!("```raw raw/server.txt\n{SERVER_LOG}```"));
    site.build().expect_success();
    let html = site.read("measurements/2011-soekris/index.html");
    assert!(html.contains("raw/server.txt</a>:1–4</figcaption>"), "{html}");
    assert!(html.contains("href=\"raw/server.txt.html#L1\">1</a>Server listening on 5201\n"), "{html}");
}

#[test]
fn a_raw_block_whose_copy_differs_from_its_file_is_an_error_at_the_first_differing_line() {
    let site = raw_block_site(
        "```raw raw/server.txt 3-4\n[  5]   0.00-1.00   sec   112 MBytes   941 Mbits/sec\n[  5]   1.00-2.00   sec   112 MBytes   999 Mbits/sec\n```",
    );
    let (run, errors) = common::check_json(&site);
    assert_eq!(run.code, 1, "{errors:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    common::assert_at(&errors[0], "raw-block", &site, PAGE, "[  5]   1.00-2.00   sec   112 MBytes   999");
    let message = errors[0]["message"].as_str().unwrap_or("");
    assert!(message.contains("line 4") && message.contains("942 Mbits/sec"), "{message}");
}

#[test]
fn a_raw_block_that_leaves_its_bundle_names_a_missing_file_or_lines_past_the_end_is_an_error() {
    for (block, said) in [
        ("```raw ../other/raw/t.txt\n```", "leaves the page's folder"),
        ("```raw raw/absent.txt\n```", "cannot be read"),
        ("```raw raw/server.txt 3-9\n```", "asks for line 9 of `raw/server.txt`, which has 4 lines"),
        ("```raw raw/server.txt 4-3\n```", "not a line or a range"),
    ] {
        let site = raw_block_site(block);
        site.file("content/measurements/other/raw/t.txt", "[  5] 0.00-1.00 sec 1 MBytes 999 Mbits/sec\n");
        let (run, errors) = common::check_json(&site);
        assert_eq!(run.code, 1, "{block}: {errors:#?}");
        assert_eq!(errors.len(), 1, "{block}: {errors:#?}");
        common::assert_at(&errors[0], "raw-block", &site, PAGE, "```raw");
        assert!(errors[0]["message"].as_str().unwrap_or("").contains(said), "{block}: {:#}", errors[0]);
    }
}

/// A raw block's file is held to `max_raw_bytes` as run data's raw files are: its size is
/// read before the file is, so a padded log of gigabytes is never read into memory.
#[test]
fn a_raw_block_of_a_file_over_max_raw_bytes_is_refused_before_it_is_read() {
    let site = raw_block_site("```raw raw/big.txt\n```");
    site.file(&format!("{BUNDLE}/raw/big.txt"), "x\n".repeat(5_000));
    let yaml = site.read_source("site.yaml");
    site.file("site.yaml", format!("{yaml}\nmax_raw_bytes: 4096\n"));
    let (run, errors) = common::check_json(&site);
    assert_eq!(run.code, 1, "{errors:#?}");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    common::assert_at(&errors[0], "raw-block", &site, PAGE, "```raw");
    let message = errors[0]["message"].as_str().unwrap_or("");
    assert!(message.contains("10000 bytes, more than `max_raw_bytes` (4096 bytes)"), "{message}");
}
