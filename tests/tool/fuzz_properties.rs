//! A short property-test pass of the fuzz targets (`fuzz/fuzz_targets/`) on stable Rust:
//! the same entry points (`tally::fuzzing`), fed text built from the pieces each reader
//! cares about, plus the seed corpora and every crash the fuzzers found. None may panic.

use std::path::Path;

use proptest::prelude::*;
use tally::fuzzing;

/// A reader of tally, as a fuzz target calls it.
type Reader = fn(&str);

/// Every reader with its fuzz target's name (its corpus folder).
const TARGETS: [(&str, Reader); 19] = [
    ("number", fuzzing::number),
    ("raw_block", fuzzing::raw_block),
    ("expression", fuzzing::expression),
    ("runs_yaml", fuzzing::runs_yaml),
    ("claims", fuzzing::claims),
    ("front_matter", fuzzing::front_matter),
    ("iperf3_json", fuzzing::iperf3_json),
    ("iperf2_text", fuzzing::iperf2_text),
    ("iperf", fuzzing::iperf),
    ("ping", fuzzing::ping),
    ("soak", fuzzing::soak),
    ("sysctl", fuzzing::sysctl),
    ("pfctl", fuzzing::pfctl),
    ("pktgen", fuzzing::pktgen),
    ("netdev", fuzzing::netdev),
    ("ethtool", fuzzing::ethtool),
    ("flent", fuzzing::flent),
    ("table", fuzzing::table),
    ("translation", fuzzing::translation),
];

/// Text made of pieces that matter to some reader, in any order.
fn pieces(alphabet: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(alphabet), 0..max).prop_map(|parts| parts.concat())
}

const NUMBER: &[&str] = &[
    "0",
    "1",
    "9",
    "12",
    ",",
    ".",
    " ",
    "-",
    "+",
    "%",
    "k",
    "M",
    "Gbit/s",
    "Mbps",
    "pps",
    "MiB",
    "B",
    "ms",
    "µs",
    "秒",
    "万",
    "億",
    "million",
    "billion",
    "thousand",
    "約",
    "~",
    "１",
    "２",
    "０",
    "．",
    "e",
    "E",
    "\u{a0}",
    "'",
    "99999999999999999999",
    "0.000000000000000000001",
    "not ",
    " per core",
    "未満",
    "(",
    ")",
];

const EXPRESSION: &[&str] = &[
    "(",
    ")",
    "+",
    "-",
    "*",
    "/",
    " ",
    "1",
    "0",
    "2.5",
    "1e308",
    "1e-308",
    "e",
    ".",
    "*",
    "runs",
    "a",
    "b_c",
    "sum(",
    "mean(",
    "min(",
    "max(",
    "share(",
    "busy(",
    "bits_per_s(",
    ",",
    "x(",
];

const MARKDOWN: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "=",
    "~",
    "vendor=",
    "~~",
    "(",
    ")",
    "#",
    "## ",
    "\n",
    "\n\n",
    " ",
    "|",
    "---",
    "`",
    "```",
    "![",
    "9,090",
    "74 %",
    "name",
    "runs.a.b",
    "<",
    ">",
    "*",
    "_",
    "\\",
    "x",
    "日本",
    "{#id}",
    // Braces almost a tag, after a `]` (full-width ones are several bytes: slicing must
    // stay on their boundaries).
    "｛",
    "｝",
    "（",
    "）",
    "＝",
    "～",
    "{ =",
    // What may stand around a tag and change its number: digits, separators, signs, scale
    // words, units, superscripts, words of approximation.
    "[40]{=n}",
    "[10]{~n}",
    "9",
    ",000",
    "−",
    " thousand",
    "万",
    " Gbit/s",
    "<sup>",
    "</sup>",
    "⁶",
    "<del>",
    "about ",
    "約",
    "- ",
    "1. ",
    "javascript:",
    "http://a",
    "&amp;",
    "\r\n",
];

const YAML: &[&str] = &[
    "build: {driver: d}\n",
    "runs:\n",
    "  r:\n",
    "    a: 1\n",
    "    b: 2 Gbit/s\n",
    "figures:\n",
    "  f: {is: \"a\"}\n",
    "  f: {is: \"runs.r.a / 0\"}\n",
    "  g: {is: \"f + f\"}\n",
    "constants:\n",
    "  a: 3\n",
    "vendor:\n",
    "tools:\n",
    "    failed: why\n",
    "    iperf: raw/x.json\n",
    "- ",
    ": ",
    "{",
    "}",
    "[",
    "]",
    "&a ",
    "*a",
    "!!str ",
    "'",
    "\"",
    "#",
    "\n",
    "  ",
    "~",
    "null",
    "1e999",
    "-",
    "?",
    "|\n",
    ">\n",
    "\t",
];

const FRONT: &[&str] = &[
    "---\n",
    "title: T\n",
    "date: 2026-01-01\n",
    "date: 20260101\n",
    "kind: measurement\n",
    "kind: x\n",
    "appliances: [a]\n",
    "summary: s\n",
    "translates: h\n",
    "build: {a: b}\n",
    "discussion: no\n",
    "\u{feff}",
    "\r\n",
    "x: 1\n",
    "title:\n",
    "---",
    "\n",
    ": ",
    "'",
    "\"",
    "[",
    "{",
];

const IPERF: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"end\":",
    "\"intervals\":",
    "\"sum_received\":",
    "\"bytes\":",
    "\"seconds\":",
    "\"streams\":",
    "\"bits_per_second\":",
    "\"sum\":",
    "\"start\":",
    "1",
    "0",
    "-1",
    "1e308",
    "null",
    ",",
    ":",
    "\"",
    "\n",
    "[  3]",
    "[SUM]",
    " 0.0-10.0 sec",
    "  1.10 GBytes",
    "  941 Mbits/sec",
    " sec",
    "Server listening",
    "-",
    "  ",
    "Bytes",
    "KBytes",
    "MBytes",
    "Gbits/sec",
    "receiver",
    "sender",
    "Connecting to host 127.0.0.1, port 5201\n",
    "[  5] local 127.0.0.1 port 40000 connected to 127.0.0.1 port 5201\n",
    "[ ID] Interval           Transfer     Bitrate         Retr\n",
    "[  5]   0.00-1.00   sec   112 MBytes   939 Mbits/sec    0             sender\n",
    "  0.033 ms  631827/2588270 (24%)  ",
    "(omitted)",
    "[TX-C]",
    "[RX-S]",
    "- - - - - - - - - - - - - - - - - - - - - - - - -\n",
    "iperf Done.\n",
    "Server listening on 5201\n",
    "20261029120000,127.0.0.1,5001,127.0.0.1,40000,3,0.0-10.0,1178599424,942000000\n",
    ",",
];

/// Text around a tag that leaves a digit glued to it glued: words, spaces, punctuation,
/// markup that shows nothing, Japanese.
const AROUND: &[&str] =
    &[" ", "a", "frames", ",", ".", "(", ")", "*", "**", "<span>", "</span>", "約", "回", "、", "about "];

/// Pieces of the other tools' output: ping, curl's JSON lines, sha256sum, sysctl, pfctl, a
/// table (pkt-gen's, Linux's counters' and Flent's pieces are in their importers' own
/// property tests).
const TOOLS: &[&str] = &[
    "PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.\n",
    "64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms\n",
    "--- 127.0.0.1 ping statistics ---\n",
    "3 packets transmitted, 3 received, 0% packet loss, time 2003ms\n",
    "rtt min/avg/max/mdev = 0.045/0.061/0.077/0.013 ms\n",
    "round-trip min/avg/max/stddev = 0.045/0.061/0.077/0.013 ms\n",
    "Reply from 10.0.0.1: bytes=32 time<1ms TTL=64\n",
    "    Packets: Sent = 4, Received = 4, Lost = 0 (0% loss),\n",
    "Request timed out.\n",
    "{\"exitcode\":0,\"response_code\":200,\"size_download\":1048576,\"time_total\":0.012345}\n",
    "\n--\n",
    "0000000000000000000000000000000000000000000000000000000000000000  f\n",
    "kern.cp_time: 2340 0 1234 56 98765\n",
    "dev.octep.0.rx_wire: 123\n",
    "net.ipv4.tcp_rmem = 4096 131072 6291456\n",
    "Status: Enabled for 0 days 01:23:45           Debug: Urgent\n",
    "State Table                          Total             Rate\n",
    "  current entries                       12               \n",
    "  searches                         1234567           10.2/s\n",
    "Counters\n",
    "  match                              12345            1.0/s\n",
    "rate,host,n\n",
    "941.5,a,3\n",
    "\"q,u\"\"o\",",
    "{\"rate\": 1, \"host\": \"h\", \"n\": 2}\n",
    "-1",
    "NaN",
    "1e9",
    ": ",
    " = ",
    "\t",
    "\r\n",
    "\n",
];

fn check(name: &str, text: &str) {
    let reader = TARGETS.iter().find(|(n, _)| *n == name).expect("a target").1;
    reader(text);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_stated_number_makes_the_number_reader_panic(text in prop_oneof![pieces(NUMBER, 12), any::<String>()]) {
        check("number", &text);
    }

    #[test]
    fn no_expression_makes_the_parser_or_evaluator_panic(text in prop_oneof![pieces(EXPRESSION, 40), any::<String>()]) {
        check("expression", &text);
    }

    #[test]
    fn no_runs_yaml_makes_the_loader_panic(text in prop_oneof![pieces(YAML, 30), any::<String>()]) {
        check("runs_yaml", &text);
    }

    /// A digit glued to a tag, before or after it, in any text around it, is a `figure-tag`
    /// error at the tag: a reader reads another number than the one checked.
    #[test]
    fn a_digit_glued_to_a_tag_in_any_text_is_an_error_at_the_tag(
        before in pieces(AROUND, 6), after in pieces(AROUND, 6), digit in "[0-9]", left in any::<bool>(),
    ) {
        let (before, after) = if left { (format!("x{before}{digit}"), after) } else { (format!("x{before}"), format!("{digit}{after}")) };
        let body = format!("{before}[40]{{=n}}{after}");
        let scan = tally::scan(&body, 0);
        prop_assert!(
            scan.malformed.iter().any(|(range, _)| range.start == before.len()),
            "{:?}: {:?}", body, scan.malformed
        );
    }

    #[test]
    fn no_page_body_makes_the_claim_scanner_panic(text in prop_oneof![pieces(MARKDOWN, 60), any::<String>()]) {
        check("claims", &text);
    }

    #[test]
    fn no_translation_makes_the_parity_check_panic(
        original in prop_oneof![pieces(MARKDOWN, 30), any::<String>()],
        translated in prop_oneof![pieces(MARKDOWN, 30), any::<String>()],
    ) {
        check("translation", &format!("{original}\n---translation---\n{translated}"));
    }

    #[test]
    fn no_front_matter_makes_the_page_reader_panic(text in pieces(FRONT, 16)) {
        check("front_matter", &text);
    }

    #[test]
    fn no_iperf_output_makes_the_importers_panic(text in prop_oneof![pieces(IPERF, 50), any::<String>()]) {
        check("iperf3_json", &text);
        check("iperf2_text", &text);
        check("iperf", &text);
    }

    #[test]
    fn no_raw_block_makes_its_reader_panic(
        info in prop_oneof![pieces(&["raw", " ", "raw/x.txt", "0", "1", "9", "-", "–", "18446744073709551615", "../", "/"], 8), any::<String>()],
        text in prop_oneof![pieces(&["a", "\n", "\r\n", " ", "<", "&"], 20), any::<String>()],
    ) {
        check("raw_block", &format!("{info}\n{text}"));
    }

    #[test]
    fn no_tool_output_makes_the_other_importers_panic(text in prop_oneof![pieces(TOOLS, 40), any::<String>()]) {
        for name in ["ping", "pktgen", "netdev", "ethtool", "flent", "soak", "sysctl", "pfctl", "table"] {
            check(name, &text);
        }
    }
}

/// The seed corpora and every input a fuzzer found a crash with (kept in `fuzz/corpus/`).
#[test]
fn every_seed_and_every_found_crash_reads_without_panicking() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut read = 0;
    for (name, reader) in TARGETS {
        let folder = corpus.join(name);
        let entries = std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        for entry in entries {
            let path = entry.expect("an entry").path();
            // A fuzzer running in this checkout adds and removes its own inputs meanwhile.
            let bytes = match std::fs::read(&path) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                read => read.expect("a seed"),
            };
            fuzzing::with_text(&bytes, reader);
            read += 1;
        }
    }
    assert!(read >= TARGETS.len(), "the seed corpora are missing");
}

/// Inputs that once crashed tally or made it blow up, one per reader that had one.
#[test]
fn inputs_that_once_crashed_tally_read_without_panicking() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    fuzzing::expression(&deep);
    fuzzing::expression(&"-".repeat(100_000));
    fuzzing::expression(&vec!["1"; 100_000].join("+"));
    let mut runs = String::from("build: {d: x}\nruns:\n  r: {a: 1}\nfigures:\n");
    for n in 0..5_000 {
        runs.push_str(&format!("  f{n}: {{is: \"f{} + f{}\"}}\n", n + 1, n + 1));
    }
    runs.push_str("  f5000: {is: \"runs.r.a\"}\n");
    fuzzing::runs_yaml(&runs);
    fuzzing::claims(&"[x] ".repeat(100_000));
    fuzzing::claims(&"## Same\n\n".repeat(50_000));
}

/// Found by the fuzzers: an error placed on a line's `\r` panicked while drawing its caret.
#[test]
fn an_error_placed_on_a_carriage_return_is_shown_without_panicking() {
    fuzzing::runs_yaml("bub\r6p\0\0_\r keep^url_proc\r keekep\r");
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for (name, reader) in
        [("runs_yaml", fuzzing::runs_yaml as Reader), ("front_matter", fuzzing::front_matter)]
    {
        let folder = corpus.join(name);
        for entry in std::fs::read_dir(&folder).expect("the corpus") {
            let path = entry.expect("an entry").path();
            if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("crash-")) {
                fuzzing::with_text(&std::fs::read(&path).expect("a crash input"), reader);
            }
        }
    }
}

/// Found by fuzzing runs.yaml: `{` and `[` nested thousands deep overflowed the stack.
#[test]
fn flow_collections_nested_thousands_deep_are_refused_without_overflowing() {
    fuzzing::runs_yaml(&format!("build: {}\n", "[".repeat(100_000)));
    fuzzing::runs_yaml(&format!("build: {}1{}\n", "{a: ".repeat(20_000), "}".repeat(20_000)));
}

proptest! {
    /// A raw file's bytes: byte-order marks, UTF-16 halves, NULs, escapes and iperf's lines.
    #[test]
    fn no_raw_file_makes_the_decoder_or_the_importers_panic(
        parts in prop::collection::vec(prop_oneof![
            Just(vec![0xFF, 0xFE]),
            Just(vec![0xFE, 0xFF]),
            Just(vec![0xEF, 0xBB, 0xBF]),
            Just(vec![0]),
            Just(vec![0x1B, b'[']),
            Just(b"\r\n".to_vec()),
            Just("[  5]   0.00-1.00   sec  1.10 GBytes   941 Mbits/sec  receiver\n".as_bytes().to_vec()),
            Just("\u{200b}> ".as_bytes().to_vec()),
            any::<u8>().prop_map(|b| vec![b]),
        ], 0..40)
    ) {
        let bytes = parts.concat();
        fuzzing::raw_text(&bytes);
        let utf16: Vec<u8> = String::from_utf8_lossy(&bytes).encode_utf16().flat_map(u16::to_le_bytes).collect();
        fuzzing::raw_text(&[&[0xFF, 0xFE][..], &utf16].concat());
    }
}

#[test]
fn the_raw_text_seed_corpus_reads_without_panicking() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/raw_text");
    let mut read = 0;
    for entry in std::fs::read_dir(&folder).expect("the raw_text corpus") {
        fuzzing::raw_text(&std::fs::read(entry.expect("an entry").path()).expect("a seed"));
        read += 1;
    }
    assert!(read >= 2, "the raw_text seeds are missing");
}
