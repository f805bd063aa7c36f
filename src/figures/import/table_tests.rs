use proptest::prelude::*;

use super::*;

fn columns() -> Vec<Column> {
    vec![
        Column { name: "host".to_string(), kind: ColumnType::Text },
        Column { name: "throughput".to_string(), kind: ColumnType::Number(Unit::MegabitPerSecond) },
        Column { name: "rtt".to_string(), kind: ColumnType::Number(Unit::Millisecond) },
    ]
}

const CSV: &str = "host,throughput,rtt\r\nxgs3300-a,941.5,0.318\r\n\"xgs 136, port 8\",812,12.50\r\n";
const JSONL: &str = "{\"host\": \"xgs3300-a\", \"throughput\": 941.5, \"rtt\": 0.318}\n\n{\"rtt\":12.50,\"host\":\"xgs 136\",\"throughput\":812}\n";

fn error(text: &str) -> ImportError {
    import_table(text, &columns()).unwrap_err()
}

/// The text an error points at.
fn at<'a>(text: &'a str, error: &ImportError) -> &'a str {
    &text[error.at.clone().unwrap_or_else(|| panic!("no place: {error}"))]
}

#[test]
fn a_csv_table_gives_each_row_by_column_with_the_authors_digits() {
    let imported = import_table(CSV, &columns()).unwrap();
    assert_eq!(imported.format, "CSV");
    let rows = &imported.fields;
    assert_eq!(rows.get("rows.0.host"), Some(&Tree::Text("xgs3300-a".to_string())));
    assert_eq!(rows.get("rows.1.host"), Some(&Tree::Text("xgs 136, port 8".to_string())));
    let rate = rows.value("rows.0.throughput").unwrap();
    assert_eq!(rate.value, 941.5e6);
    assert_eq!(rate.unit, Unit::MegabitPerSecond);
    assert_eq!(&CSV[rate.at.clone()], "941.5");
    let rtt = rows.value("rows.1.rtt").unwrap();
    assert_eq!(rtt.value, 0.0125);
    // 12.50 is stated no finer than the author wrote it.
    assert_eq!(rtt.printed.as_ref().unwrap().stated, "12.50 ms");
    assert!(rows.get("rows.2").is_none());
}

#[test]
fn json_lines_keep_a_numbers_text_as_written_not_as_an_f64() {
    let imported = import_table(JSONL, &columns()).unwrap();
    assert_eq!(imported.format, "JSON lines");
    let rtt = imported.fields.value("rows.1.rtt").unwrap();
    assert_eq!(rtt.printed.as_ref().unwrap().as_written, "12.50");
    assert_eq!(&JSONL[rtt.at.clone()], "12.50");
    // Keyed in the declared order, whatever order the line wrote them in.
    let Some(Tree::Map(row)) = imported.fields.get("rows.1") else { panic!() };
    assert_eq!(row.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["host", "throughput", "rtt"]);
}

#[test]
fn a_quoted_cell_may_hold_quotes_commas_and_line_breaks() {
    let text = "host,throughput,rtt\n\"a \"\"b\"\"\nc\",1,2\n";
    let imported = import_table(text, &columns()).unwrap();
    assert_eq!(imported.fields.get("rows.0.host"), Some(&Tree::Text("a \"b\"\nc".to_string())));
    let e = error("host,throughput,rtt\n\"a,1,2\n");
    assert!(e.message.contains("no closing quote"), "{e}");
    let text = "host,throughput,rtt\n\"a\"b,1,2\n";
    assert_eq!(at(text, &error(text)), "b");
    let text = "host,throughput,rtt\na\"b,1,2\n";
    assert_eq!(at(text, &error(text)), "\"");
}

#[test]
fn a_cell_that_is_not_a_plain_decimal_is_an_error_at_the_cell() {
    for (cell, says) in [
        ("", "is empty"),
        ("NaN", "no number"),
        ("12 ms", "plain decimal"),
        ("\"1,000\"", "plain decimal"),
        ("1e3", "plain decimal"),
        ("+3", "plain decimal"),
        (" 3", "plain decimal"),
    ] {
        let text = format!("host,throughput,rtt\na,{cell},2\n");
        let e = error(&text);
        assert!(e.message.contains(says), "{cell}: {e}");
        assert!(e.message.contains("`throughput`"), "{e}");
        assert_eq!(at(&text, &e), cell);
    }
}

#[test]
fn undeclared_and_missing_columns_are_named_with_the_nearest_name() {
    let text = "host,throughput,rtt_ms\na,1,2\n";
    let e = error(text);
    assert!(e.message.contains("`rtt_ms`") && e.message.contains("did you mean `rtt`"), "{e}");
    assert_eq!(at(text, &e), "rtt_ms");
    let text = "host,throughput\na,1\n";
    let e = error(text);
    assert!(e.message.contains("declares `rtt`"), "{e}");
    assert_eq!(at(text, &e), "host,throughput");
    let e = error("host,throughput,rtt,host\n");
    assert!(e.message.contains("named twice"), "{e}");
    let text = "{\"host\": \"a\", \"throughput\": 1, \"rtt\": 2, \"loss\": 0}\n";
    let e = error(text);
    assert_eq!(at(text, &e), "\"loss\"");
    let text = "{\"host\": \"a\", \"rtt\": 2}\n";
    let e = error(text);
    assert!(e.message.contains("`throughput`"), "{e}");
}

#[test]
fn a_ragged_row_is_an_error_at_its_line() {
    let text = "host,throughput,rtt\na,1,2\nb,3\nc,4,5\n";
    let e = error(text);
    assert_eq!(at(text, &e), "b,3");
    assert!(e.message.contains("2 cells") && e.message.contains("has 3"), "{e}");
    let text = "host,throughput,rtt\na,1,2,\n";
    assert_eq!(at(text, &error(text)), "a,1,2,");
}

#[test]
fn json_lines_refuse_a_wrong_type_an_exponent_and_a_line_that_is_no_object() {
    for (line, found) in [
        ("{\"host\": \"a\", \"throughput\": \"941\", \"rtt\": 2}", "\"941\""),
        ("{\"host\": \"a\", \"throughput\": null, \"rtt\": 2}", "null"),
        ("{\"host\": \"a\", \"throughput\": 9.41e2, \"rtt\": 2}", "9.41e2"),
        ("{\"host\": 3, \"throughput\": 941, \"rtt\": 2}", "3"),
    ] {
        let text = format!("{{\"host\": \"b\", \"throughput\": 1, \"rtt\": 2}}\n{line}\n");
        let e = error(&text);
        assert_eq!(at(&text, &e), found, "{e}");
    }
    let text = "{\"host\": \"b\", \"throughput\": 1, \"rtt\": 2}\n[1, 2]\n";
    assert_eq!(at(text, &error(text)), "[1, 2]");
    let text = "{\"host\": \"b\", \"throughput\": 1, \"rtt\": 2}\n{\"host\": \"b\", \"host\": \"c\", \"throughput\": 1, \"rtt\": 2}\n";
    assert!(error(text).message.contains("twice"));
    let text = "{\"host\": \"b\", \"throughput\": 1, \"rtt\": 2}\n{\"host\": \"b\",\n";
    let e = error(text);
    assert_eq!(at(text, &e), "{\"host\": \"b\",");
}

#[test]
fn a_byte_order_mark_and_an_empty_file_are_refused() {
    assert!(error("\u{feff}host,throughput,rtt\n").message.contains("byte-order mark"));
    assert!(error("").message.contains("empty"));
    assert!(error("\n  \n").message.contains("empty"));
    // A header alone: a table without rows, as the file says.
    let imported = import_table("host,throughput,rtt\n", &columns()).unwrap();
    assert_eq!(imported.fields.get("rows"), Some(&Tree::List(Vec::new())));
}

#[test]
fn members_give_each_values_bytes_as_written() {
    let text = r#" {"a": {"b": [1, "}"]}, "c\"d": -0.50 , "e":"x"} "#;
    let m = members(text).unwrap();
    assert_eq!(m.iter().map(|m| m.key.as_str()).collect::<Vec<_>>(), ["a", "c\"d", "e"]);
    assert_eq!(&text[m[0].value.clone()], r#"{"b": [1, "}"]}"#);
    assert_eq!(&text[m[1].value.clone()], "-0.50");
    assert_eq!(&text[m[2].value.clone()], "\"x\"");
    assert!(members("[1]").is_none());
    assert!(members("{\"a\": 1").is_none());
}

/// A row that cannot be read: a cell dropped or added, or a number cell that is no number.
fn damaged_row() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a,1".to_string()),
        Just("a,1,2,3".to_string()),
        "[0-9]{0,3}[a-zA-Z %]+[0-9]{0,3}".prop_map(|n| format!("a,{n},2")),
        "[0-9]{0,3}[a-zA-Z %]+[0-9]{0,3}"
            .prop_map(|n| format!("{{\"host\": \"a\", \"throughput\": \"{n}\", \"rtt\": 2}}")),
        "[^\n\r]{0,8}".prop_map(|s| format!("{{\"host\": \"a\", {s}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,200}", csvish in "[a-z,\"\r\n{}:0-9. ]{0,120}") {
        let _ = import_table(&text, &columns());
        let _ = import_table(&csvish, &columns());
        let _ = import_table(&format!("host,throughput,rtt\n{csvish}"), &columns());
        let _ = members(&csvish);
    }

    #[test]
    fn never_accepts_a_table_with_a_damaged_row(json in any::<bool>(), row in damaged_row(), place in 1usize..4) {
        let real = if json { JSONL } else { CSV };
        let mut lines: Vec<&str> = real.lines().collect();
        let place = place.min(lines.len());
        lines.insert(place, &row);
        let text = lines.join("\n");
        prop_assert!(import_table(&text, &columns()).is_err(), "accepted {text:?}");
    }
}

#[test]
fn a_table_key_in_runs_yaml_gives_the_run_its_rows() {
    let root = tempfile::tempdir().unwrap();
    let bundle = root.path().join("content/m/b");
    std::fs::create_dir_all(bundle.join("raw")).unwrap();
    std::fs::write(bundle.join("raw/t.csv"), "host,rtt,n\na,0.318,12\nb,12.50,7\n").unwrap();
    let source = "runs:\n  t:\n    table: {file: raw/t.csv, columns: {host: text, rtt: ms, n: count}}\nfigures:\n  rtt: {is: runs.t.rows.1.rtt, unit: ms}\n  n: {is: \"runs.t.rows.0.n + runs.t.rows.1.n\"}\n";
    let (data, diagnostics) = crate::figures::load_run_data(root.path(), &bundle.join("runs.yaml"), source);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let data = data.unwrap();
    assert_eq!(data.resolve("rtt").unwrap().value, 0.0125);
    assert_eq!(data.resolve("n").unwrap().value, 19.0);
}
