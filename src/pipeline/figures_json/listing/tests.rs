//! figures.json's two formats, written and read back as the README shows them, and what
//! is refused in them, at its line.

use super::*;

fn record(page: &str, name: &str, stated: &str, (line, col): (usize, usize)) -> ClaimRecord {
    ClaimRecord {
        page: page.to_string(),
        lang: "en".to_string(),
        line,
        col,
        name: name.to_string(),
        stated: stated.to_string(),
        struck: Vec::new(),
        computed: Some(9000.0),
        unit: String::new(),
        formula: name.to_string(),
        inputs: vec![(name.to_string(), 9000.0)],
        vendor: false,
    }
}

/// A figure of each kind: one value of the data, an alias of one, a formula, a `*`
/// path, inputs that are not the formula's paths, struck values, a vendor's, and a
/// translation's.
fn every_kind() -> Vec<ClaimRecord> {
    let page = "content/measurements/m/index.md";
    let plain = record(page, "runs.a.responses.complete", "9,000", (12, 5));
    let alias = ClaimRecord {
        name: "busy".into(),
        stated: "23.3 %".into(),
        computed: Some(23.3),
        unit: "%".into(),
        formula: "runs.a.cpu.busy_percent".into(),
        inputs: vec![("runs.a.cpu.busy_percent".into(), 23.3)],
        ..record(page, "", "", (12, 30))
    };
    let formula = ClaimRecord {
        name: "rate".into(),
        stated: "943 Mbit/s".into(),
        computed: Some(943_718_400.0),
        unit: "bit/s".into(),
        formula: "runs.a.responses.complete * body_bytes * 8 / seconds".into(),
        inputs: vec![
            ("runs.a.responses.complete".into(), 9000.0),
            ("body_bytes".into(), 524_288.0),
            ("seconds".into(), 40.0),
        ],
        ..record(page, "", "", (14, 2))
    };
    let star = ClaimRecord {
        name: "port_max".into(),
        stated: "963 Mbit/s".into(),
        computed: Some(963e6),
        unit: "bit/s".into(),
        formula: "max(runs.*.port)".into(),
        inputs: vec![("runs.a.port".into(), 935e6), ("runs.b.port".into(), 963e6)],
        ..record(page, "", "", (15, 2))
    };
    let expanded = ClaimRecord {
        name: "all".into(),
        stated: "9,003".into(),
        computed: Some(9003.0),
        formula: "runs.a.responses.complete + failed".into(),
        inputs: vec![("runs.a.responses.complete".into(), 9000.0), ("runs.a.responses.failed".into(), 3.0)],
        ..record(page, "", "", (16, 1))
    };
    let struck = ClaimRecord {
        struck: vec!["9,481".into(), "9,100".into()],
        ..record(page, "runs.b.responses.complete", "9,000", (17, 8))
    };
    let vendor = ClaimRecord {
        name: "fw_http".into(),
        stated: "11.5 Gbit/s".into(),
        computed: None,
        formula: "vendor: XGS 136 datasheet".into(),
        inputs: Vec::new(),
        vendor: true,
        ..record(page, "", "", (9, 27))
    };
    let translation = ClaimRecord {
        lang: "ja".into(),
        stated: "9000".into(),
        ..record("content/measurements/m/index.ja.md", "runs.a.responses.complete", "", (3, 14))
    };
    vec![plain, alias, formula, star, expanded, struck, vendor, translation]
}

#[test]
fn format_2_groups_figures_under_their_page_and_leaves_out_what_a_reader_assumes() {
    let text = written(&every_kind());
    let expected = r#"{"format": 2, "generator": "tally",
"columns": ["name","stated","computed","unit","formula","inputs","struck","vendor"],
"figures": [
{"page":"content/measurements/m/index.md","lang":"en"},
["runs.a.responses.complete","9,000",9000],
["busy","23.3 %",23.3,"%","runs.a.cpu.busy_percent"],
["rate","943 Mbit/s",943718400,"bit/s","runs.a.responses.complete * body_bytes * 8 / seconds",[9000,524288,40]],
["port_max","963 Mbit/s",963000000,"bit/s","max(runs.*.port)",[[["a",935000000],["b",963000000]]]],
["all","9,003",9003,"","runs.a.responses.complete + failed",[["runs.a.responses.complete",9000],["runs.a.responses.failed",3]]],
["runs.b.responses.complete","9,000",9000,"",null,null,["9,481","9,100"]],
["fw_http","11.5 Gbit/s",null,"","vendor: XGS 136 datasheet",null,[],true],
{"page":"content/measurements/m/index.ja.md","lang":"ja"},
["runs.a.responses.complete","9000",9000]
],
"places": {
"content/measurements/m/index.md": [[12,5,30],[14,2],[15,2],[16,1],[17,8],[9,27]],
"content/measurements/m/index.ja.md": [[3,14]]
}}
"#;
    assert_eq!(text, expected);
    assert_eq!(parse(text.as_bytes()).unwrap(), every_kind());
}

#[test]
fn format_1_as_sites_published_it_reads_the_same_figures() {
    let records = every_kind();
    let text = written_in_format_1(&records);
    assert!(text.contains("\"struck\":[],\"computed\":9000.0,"), "{text}");
    assert_eq!(parse(text.as_bytes()).unwrap(), records);
    // And one as tally wrote it, byte for byte: a figure a line, then a place for each.
    let published = r#"{"generator": "tally 0.1.0 (e8ee8b9e5e9d)",
"figures": [
{"page":"content/measurements/2020-01-01-bench-00000/index.md","lang":"en","name":"clients","stated":"6","struck":[],"computed":6.0,"unit":"","formula":"clients","inputs":[["clients",6.0]],"vendor":false},
{"page":"content/measurements/2020-01-01-bench-00000/index.md","lang":"en","name":"port_max","stated":"963 Mbit/s","struck":[],"computed":963000000.0,"unit":"bit/s","formula":"max(runs.*.pc_port.bits_per_s)","inputs":[["runs.keep_coproc.pc_port.bits_per_s",935000000.0],["runs.close_host.pc_port.bits_per_s",963000000.0]],"vendor":false},
{"page":"content/measurements/2020-01-01-bench-00000/index.ja.md","lang":"ja","name":"clients","stated":"6","struck":[],"computed":6.0,"unit":"","formula":"clients","inputs":[["clients",6.0]],"vendor":false}
],
"places": {
"content/measurements/2020-01-01-bench-00000/index.md": [[10,2],[10,42]],
"content/measurements/2020-01-01-bench-00000/index.ja.md": [[11,10]]
}}
"#;
    let figures = parse(published.as_bytes()).unwrap();
    let read: Vec<(&str, &str, &str, usize, usize)> = figures
        .iter()
        .map(|f| (f.lang.as_str(), f.name.as_str(), f.stated.as_str(), f.line, f.col))
        .collect();
    assert_eq!(
        read,
        [
            ("en", "clients", "6", 10, 2),
            ("en", "port_max", "963 Mbit/s", 10, 42),
            ("ja", "clients", "6", 11, 10)
        ]
    );
    assert_eq!(figures[1].inputs[1], ("runs.close_host.pc_port.bits_per_s".to_string(), 963e6));
    // Written again, it is format 2.
    assert_eq!(parse(written(&figures).as_bytes()).unwrap(), figures);
}

/// The error of `text`: its message, line and column.
fn error(text: &str) -> (String, usize, usize) {
    let e = parse(text.as_bytes()).unwrap_err();
    (e.to_string(), e.line(), e.column())
}

#[test]
fn a_malformed_format_2_is_an_error_at_its_line() {
    let good = written(&every_kind());
    let cases = [
        // What is wrong, and the line it is found on.
        (good.replace("[9000,524288,40]", "[9000,524288]"), "names 3 paths and the inputs give 2", 7),
        (good.replace("[9000,524288,40]", "[9000,[],40]"), "`body_bytes` reads one input", 7),
        (good.replace("[[[\"a\",935000000]", "[[[\"a.x\",935000000]"), "does not give each `*`", 8),
        (good.replace("[[[\"a\",935000000]", "[935000000,[[\"a\",935000000]"), "names 1 paths", 8),
        (good.replace("[[\"runs.a.responses.complete\",9000],", "[9000,"), "with its name among", 9),
        (
            good.replace("{\"page\":\"content/measurements/m/index.md\",\"lang\":\"en\"},\n", ""),
            "before any page",
            4,
        ),
        (good.replace(",\"lang\":\"en\"", ""), "missing field `lang`", 4),
        (
            good.replace("9000],\n[\"busy\"", "9000,\"\",null,null,[],false,1],\n[\"busy\""),
            "at most the 8 fields",
            5,
        ),
        (good.replace("[\"busy\",\"23.3 %\",23.3,", "[\"busy\",\"23.3 %\","), "invalid type", 6),
        (good.replace("\"format\": 2", "\"format\": 3"), "format 3 is not one this tally reads", 1),
        (good.replace("\"stated\",\"computed\"", "\"computed\",\"stated\""), "lists a figure's fields as", 2),
        (good.replace("[[12,5,30],", "[[12,5],"), "not one for each of its figures", 16),
        (
            good.replace("[[12,5,30],", "[[12],"),
            "line 12 of content/measurements/m/index.md's places gives no column",
            16,
        ),
        (
            good.replace(",\n\"content/measurements/m/index.ja.md\": [[3,14]]", ""),
            "for content/measurements/m/index.ja.md",
            17,
        ),
    ];
    for (text, message, line) in cases {
        assert_ne!(text, good, "{message}: the case changes nothing");
        let (what, at, col) = error(&text);
        assert!(what.contains(message), "{message}: {what}");
        assert_eq!(at, line, "{what}");
        assert!(col > 0, "{what}");
    }
}

#[test]
fn a_figures_json_that_is_not_either_format_is_an_error_not_a_reading() {
    for text in [
        "",
        "[]",
        "{}",
        "{\"figures\": {}}",
        "{\"format\": 2, \"figures\": [{\"name\": \"a\"}]}",
        "{\"figures\": [[\"a\",\"1\",1]]}",
    ] {
        assert!(parse(text.as_bytes()).is_err(), "{text}");
    }
    // Format 1 never named its format; a format named after the figures is not read.
    let late = "{\"figures\": [], \"format\": 2}";
    assert!(error(late).0.contains("named after the figures"), "{late}");
}
