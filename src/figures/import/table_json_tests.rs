//! A table's JSON document: an array of rows, or an object holding one, read with each
//! cell's place; every other shape refused naming the shapes a table reads.

use proptest::prelude::*;

use super::super::import_table;
use super::*;
use crate::figures::import::Tree;
use crate::number::Unit;

fn columns() -> Vec<Column> {
    vec![
        Column { name: "host".to_string(), kind: ColumnType::Text },
        Column { name: "throughput".to_string(), kind: ColumnType::Number(Unit::MegabitPerSecond) },
    ]
}

/// What `jq -s .` makes of JSON lines, pretty-printed as `jq` prints it.
const ARRAY: &str = "[\n  {\n    \"host\": \"a\",\n    \"throughput\": 941.5\n  },\n  {\n    \"host\": \"b\",\n    \"throughput\": 812.0\n  }\n]\n";
/// The rows under one key, as hyperfine's `--export-json` holds its `results`.
const HOLDER: &str =
    "{\"results\": [{\"host\": \"a\", \"throughput\": 941.5}, {\"throughput\": 7, \"host\": \"c\"}]}\n";

fn error(text: &str) -> ImportError {
    import_table(text, &columns()).map(|_| ()).expect_err("refused")
}

#[test]
fn an_array_of_objects_is_a_table_each_cell_at_its_place() {
    let imported = import_table(ARRAY, &columns()).unwrap();
    assert_eq!(imported.format, "JSON array");
    let rows = &imported.fields;
    assert_eq!(rows.get("rows.1.host"), Some(&Tree::Text("b".to_string())));
    let rate = rows.value("rows.1.throughput").unwrap();
    assert_eq!(rate.value, 812e6);
    // Its digits as written: `812.0` is stated no finer than a tenth.
    assert_eq!(&ARRAY[rate.at.clone()], "812.0");
    assert_eq!(rate.printed.as_ref().unwrap().stated, "812.0 Mbit/s");
    assert_eq!(ARRAY[..rate.at.start].matches('\n').count(), 7);
}

#[test]
fn an_object_holding_one_array_is_a_table() {
    let imported = import_table(HOLDER, &columns()).unwrap();
    assert_eq!(imported.format, "JSON object");
    assert_eq!(imported.fields.number("rows.1.throughput"), Some(7e6));
    assert_eq!(&HOLDER[imported.fields.value("rows.0.throughput").unwrap().at.clone()], "941.5");
    // One line of no array is still a JSON line, a row.
    let line = "{\"host\": \"a\", \"throughput\": 1}\n";
    assert_eq!(import_table(line, &columns()).unwrap().format, "JSON lines");
}

#[test]
fn a_document_of_another_shape_is_refused_naming_the_shapes_a_table_reads() {
    let shapes = "an array of objects (`[{\"column\": value}, …]`), an object holding one";
    for (text, says) in [
        ("{\"a\": [], \"b\": []}\n", "holds 2 arrays (`a`, `b`)"),
        (
            "{\"version\": 1, \"results\": [{\"host\": \"a\", \"throughput\": 1}]}\n",
            "an array and 1 other members",
        ),
        ("{\n  \"host\": \"a\",\n  \"throughput\": 1\n}\n", "holds no array"),
        ("[1, 2]\n", "row 0 of the array is `1`, not an object"),
        ("[{\"host\": \"a\", \"throughput\": 1}, [\"x\"]]\n", "row 1 of the array is `[\"x\"]`"),
    ] {
        let e = error(text);
        assert!(e.message.contains(says) && e.message.contains(shapes), "{text}: {e}");
    }
    assert!(error("[]\n").message.contains("holds no row"));
    // A cell's own errors are at the cell, inside the document.
    let wrong = ARRAY.replace("812.0", "\"812\"");
    let e = error(&wrong);
    assert!(e.message.contains("column `throughput` holds `\"812\"`"), "{e}");
    assert_eq!(&wrong[e.at.unwrap()], "\"812\"");
    let undeclared = HOLDER.replace("\"host\": \"c\"", "\"hots\": \"c\"");
    assert!(error(&undeclared).message.contains("`hots` that runs.yaml does not declare"));
    // A damaged document is refused at its own error, not read as JSON lines.
    let cut = &ARRAY[..ARRAY.len() - 3];
    assert!(error(cut).message.starts_with("not JSON"), "{}", error(cut));
    let twice = ARRAY.replace("\"host\": \"b\",", "\"host\": \"b\", \"host\": \"c\",");
    assert!(error(&twice).message.contains("written twice"));
}

/// Each row's reader is handed its own bytes, never the document from its start: the bytes
/// handed over, counted rather than timed, are at most the document's, at 1× and at 8×.
#[test]
fn reading_a_document_is_linear_in_its_rows() {
    let doc = |n: usize| {
        let rows: Vec<String> =
            (0..n).map(|i| format!("{{\"host\": \"h{i}\", \"throughput\": {i}}}")).collect();
        format!("{{\"results\": [{}]}}\n", rows.join(",\n"))
    };
    let (one, eight) = (doc(5_000), doc(40_000));
    let imported = import_table(&eight, &columns()).unwrap();
    assert_eq!(imported.fields.number("rows.39999.throughput"), Some(39_999e6));
    for text in [&one, &eight] {
        let work = read_work(text, &columns());
        assert!(work > 0 && work <= text.len(), "{work} bytes handed over of {}", text.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// Any document of pieces of rows never panics, and what it reads is where it is written.
    #[test]
    fn any_document_reads_or_is_refused_and_never_panics(
        parts in prop::collection::vec(prop::sample::select(&[
            "[", "]", "{", "}", ",", "\"results\": ", "\"host\": \"a\"", "\"throughput\": 9.5",
            "\"throughput\": -1", "\"x\": [1]", " ", "\n", "{\"host\": \"b\", \"throughput\": 2}",
        ][..]), 0..30),
    ) {
        let text = parts.concat();
        if let Ok(imported) = import_table(&text, &columns())
            && let Some(Tree::List(rows)) = imported.fields.get("rows")
        {
            for i in 0..rows.len() {
                if let Some(v) = imported.fields.value(&format!("rows.{i}.throughput")) {
                    prop_assert_eq!(text[v.at.clone()].parse::<f64>().ok().map(|n| n * 1e6), Some(v.value));
                }
            }
        }
    }
}
