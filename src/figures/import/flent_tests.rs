use std::io::Write;

use proptest::prelude::*;

use super::*;
use crate::figures::import::raw_text;

/// The default `max_raw_bytes`.
const MAX: u64 = crate::settings::DEFAULT_MAX_RAW_BYTES;

// A reconstruction, not a recording: the shape Flent 2.x writes for `flent ping -H
// 127.0.0.1 -l 1` (data format 4), its `SERIES_META` giving each series' units; the numbers
// are made up. A first sample Flent has no value for is `null`.
const PING: &str = r#"{
  "metadata": {
    "NAME": "ping",
    "TITLE": "loopback",
    "HOST": "127.0.0.1",
    "TIME": "2026-12-06T04:50:00.000000",
    "FLENT_VERSION": "2.1.1",
    "LENGTH": 1,
    "STEP_SIZE": 0.2,
    "SERIES_META": {
      "Ping (ms) ICMP": {"MEAN_VALUE": 0.052, "UNITS": "ms"},
      "Odd series": {"MEAN_VALUE": 1}
    }
  },
  "version": 4,
  "x_values": [0.0, 0.2, 0.4, 0.6],
  "results": {
    "Ping (ms) ICMP": [null, 0.051, 0.048, 0.057],
    "Odd series": [1, 1, 1, 1]
  },
  "raw_values": {}
}
"#;

fn fields(text: &str) -> Tree {
    import_flent(text).unwrap_or_else(|e| panic!("{e}")).fields
}

fn error(text: &str) -> ImportError {
    import_flent(text).map(|_| ()).expect_err("refused")
}

fn gzip(text: &str) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text.as_bytes()).expect("in memory");
    encoder.finish().expect("in memory")
}

#[test]
fn each_series_is_its_samples_at_their_times_in_flents_units() {
    let f = fields(PING);
    let Some(Tree::List(ping)) = f.get("series.ping_ms_icmp") else { panic!("{f:?}") };
    // The null first sample is no item.
    assert_eq!(ping.len(), 3);
    assert_eq!(f.number("series.ping_ms_icmp.0.t"), Some(0.2));
    assert!((f.number("series.ping_ms_icmp.0.value").unwrap() - 0.000051).abs() < 1e-15);
    let v = f.value("series.ping_ms_icmp.2.value").unwrap();
    assert_eq!(v.unit, Unit::Millisecond);
    assert_eq!(&PING[v.at.clone()], "0.057");
    assert!(matches!(f.get("series.odd_series"), Some(Tree::Absent(why)) if why.contains("no unit")));
    assert_eq!(f.get("metadata.name"), Some(&Tree::Text("ping".to_string())));
    assert_eq!(f.get("metadata.flent_version"), Some(&Tree::Text("2.1.1".to_string())));
    assert_eq!(f.number("metadata.length"), Some(1.0));
    assert_eq!(&PING[f.value("metadata.step_size").unwrap().at.clone()], "0.2");
}

#[test]
fn a_flent_gz_is_decompressed_and_said_so() {
    let decoded = raw_text::decode(&gzip(PING), MAX).unwrap();
    assert_eq!(decoded.text, PING);
    assert_eq!(decoded.described().as_deref(), Some("gzip-compressed UTF-8"));
    assert_eq!(fields(&decoded.text).number("series.ping_ms_icmp.1.t"), Some(0.4));
    let zipped = gzip(PING);
    let cut = raw_text::decode(&zipped[..zipped.len() / 2], MAX).unwrap_err();
    assert!(cut.message.contains("cannot be decompressed"), "{}", cut.message);
    let twice = raw_text::decode(
        &{
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(&zipped).expect("in memory");
            encoder.finish().expect("in memory")
        },
        MAX,
    )
    .unwrap_err();
    assert!(twice.message.contains("inside a gzip file"));
}

/// A gzip bomb: what a compressed file holds is held to the site's `max_raw_bytes`, not to a
/// limit of its own, and the refusal says what the limit is and where it is set.
#[test]
fn a_gzip_file_that_decompresses_past_max_raw_bytes_is_refused_naming_the_setting() {
    let zipped = gzip(PING);
    let fits = PING.len() as u64;
    assert_eq!(raw_text::decode(&zipped, fits).expect("as large as the limit").text, PING);
    let error = raw_text::decode(&zipped, fits - 1).unwrap_err();
    let limit = crate::views::grouped_digits(&(fits - 1).to_string());
    assert!(error.message.contains(&format!("more than {limit} bytes")), "{}", error.message);
    assert!(
        error.message.contains("`max_raw_bytes`") && error.message.contains("site.yaml"),
        "{}",
        error.message
    );
    // A megabyte of zeros in a kilobyte file, under a limit of 64 KiB: refused before the
    // megabyte is all in memory.
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(&vec![b'0'; 1 << 20]).expect("in memory");
    let bomb = encoder.finish().expect("in memory");
    assert!(bomb.len() < 4096, "{}", bomb.len());
    let error = raw_text::decode(&bomb, 64 << 10).unwrap_err();
    assert!(error.message.contains("more than 65,536 bytes"), "{}", error.message);
    assert!(raw_text::decode(&bomb, 2 << 20).is_ok());
}

#[test]
fn a_file_of_another_shape_or_a_damaged_series_is_refused_at_its_place() {
    let line_of = |text: &str, e: &ImportError| text[..e.at.clone().unwrap().start].matches('\n').count() + 1;
    for (text, says, line) in [
        ("{\"results\": {}}".to_string(), "expected a Flent data file", 1),
        (
            PING.replace("[null, 0.051, 0.048, 0.057]", "[0.051, 0.048, 0.057]"),
            "has 3 samples and `x_values` 4",
            18,
        ),
        (PING.replace("0.048, 0.057]", "\"0.048\", 0.057]"), "neither a number nor `null`", 18),
        (PING.replace("[0.0, 0.2, 0.4, 0.6]", "[0.0, -0.2, 0.4, 0.6]"), "not a time in seconds", 16),
        (PING.replace("\"Odd series\": [1", "\"ping ms icmp\": [1"), "both become `series.ping_ms_icmp`", 19),
        (
            PING.replace("\"results\": {", "\"results\": {\"Ping (ms) ICMP\": [1, 2, 3, 4],"),
            "written twice",
            18,
        ),
    ] {
        let e = error(&text);
        assert!(e.message.contains(says), "{says}: {e}");
        assert_eq!(line_of(&text, &e), line, "{says}");
    }
    let odd_units = PING.replace("{\"MEAN_VALUE\": 1}", "{\"UNITS\": \"furlongs\"}");
    assert!(
        matches!(fields(&odd_units).get("series.odd_series"), Some(Tree::Absent(why)) if why.contains("`furlongs`"))
    );
}

/// Each sample's place is found in one pass over its series, and each series' path among
/// the others by key: the work, counted rather than timed, is the samples and series read,
/// at 1× and at 8× of either.
#[test]
fn reading_is_linear_in_the_samples_and_the_series() {
    let doc = |series: usize, samples: usize| {
        let xs: Vec<String> = (0..samples).map(|i| format!("{i}.0")).collect();
        let ys: Vec<String> = (0..samples).map(|i| format!("{}", i % 7)).collect();
        let meta: Vec<String> = (0..series).map(|s| format!("\"s{s}\": {{\"UNITS\": \"ms\"}}")).collect();
        let results: Vec<String> = (0..series).map(|s| format!("\"s{s}\": [{}]", ys.join(", "))).collect();
        format!(
            "{{\"metadata\": {{\"SERIES_META\": {{{}}}}}, \"x_values\": [{}], \"results\": {{{}}}}}",
            meta.join(", "),
            xs.join(", "),
            results.join(", ")
        )
    };
    for (series, samples) in [(1, 5_000), (1, 40_000), (2_000, 2), (16_000, 2)] {
        let (imported, work) = read(&doc(series, samples)).unwrap();
        assert_eq!(work, series * (samples + 1), "{series} series of {samples}");
        assert!(matches!(imported.fields.get("series.s0"), Some(Tree::List(l)) if l.len() == samples));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn never_panics_on_any_text_or_damaged_file(text in "\\PC{0,200}", cut in 0usize..600, junk in "[\\[\\]{},:0-9a-z\" .-]{0,12}") {
        let _ = import_flent(&text);
        let cut = cut.min(PING.len());
        let _ = import_flent(&format!("{}{junk}{}", &PING[..cut], &PING[cut..]));
    }

    /// Whatever is read is a number where the file writes it.
    #[test]
    fn every_sample_read_is_in_the_text(values in prop::collection::vec(prop_oneof![Just("null".to_string()), "[1-9][0-9]{0,2}(\\.[0-9]{1,3})?"], 4)) {
        let text = PING.replace("[null, 0.051, 0.048, 0.057]", &format!("[{}]", values.join(", ")));
        let f = fields(&text);
        if let Some(Tree::List(items)) = f.get("series.ping_ms_icmp") {
            for i in 0..items.len() {
                let v = f.value(&format!("series.ping_ms_icmp.{i}.value")).unwrap();
                let written = text[v.at.clone()].parse::<f64>().ok().map(|x| x / 1000.0);
                prop_assert!(written.is_some_and(|x| (x - v.value).abs() < 1e-12), "{written:?} {}", v.value);
            }
        }
    }
}

/// Flent as scripts/test.sh installs it (`target/flent`), or on PATH; None, said, when it
/// is not installed.
fn flent() -> Option<std::path::PathBuf> {
    let installed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/flent/bin/flent");
    if installed.exists() {
        return Some(installed);
    }
    match std::process::Command::new("flent").arg("--version").output() {
        Ok(_) => Some("flent".into()),
        Err(_) => {
            eprintln!("skipped: Flent is not installed (scripts/test.sh installs it into target/flent)");
            None
        }
    }
}

/// A `.flent.gz` recorded here: Flent's `command-output` test (no netperf needed) of a
/// command that prints 1.5 every step, 2 s of 0.2 s steps. Its series' units (`ms`) are
/// in `SERIES_META`, as the importer reads them.
#[test]
fn a_recorded_flent_file_is_read() {
    let Some(flent) = flent() else { return };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = std::process::Command::new(&flent)
        .args([
            "command-output",
            "-H",
            "127.0.0.1",
            "-l",
            "2",
            "--test-parameter",
            "command=echo 1.5",
            "-f",
            "summary",
            "-D",
        ])
        .arg(dir.path())
        .current_dir(dir.path())
        .output()
        .expect("flent runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let file = std::fs::read_dir(dir.path())
        .expect("its folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().ends_with(".flent.gz"))
        .expect("a .flent.gz");
    let decoded = raw_text::decode(&std::fs::read(&file).expect("the file"), MAX)
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!(decoded.described().as_deref(), Some("gzip-compressed UTF-8"));
    let f = fields(&decoded.text);
    let Some(Tree::List(samples)) = f.get("series.command_values") else { panic!("{:?}", f.get("series")) };
    assert!(samples.len() >= 8, "{}", samples.len());
    assert_eq!(f.number("series.command_values.0.value"), Some(0.0015));
    assert_eq!(f.get("metadata.name"), Some(&Tree::Text("command-output".to_string())));
    assert_eq!(f.number("metadata.step_size"), Some(0.2));
}
