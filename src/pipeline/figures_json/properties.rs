//! Properties of figures.json's writer and reader: whatever figures a build lists read back
//! as they were, in format 2 and in format 1; and no file, however broken, makes the reader
//! panic: it is read, or refused at a line and column.

use std::path::Path;

use proptest::prelude::*;

use super::ClaimRecord;
use super::listing::{parse, written, written_in_format_1};

const PAGES: [(&str, &str); 3] = [
    ("content/m/index.md", "en"),
    ("content/m/index.ja.md", "ja"),
    ("content/\"odd\"\\page.md", "x-\u{1F600}"),
];

/// A path of the kind formulas name, `*` included.
fn path() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("seconds".to_string()),
        Just("body_bytes".to_string()),
        Just("runs.a.rate".to_string()),
        Just("runs.*.rate".to_string()),
        Just("runs.*.*.x".to_string()),
        "[a-z_][a-z0-9_]{0,6}(\\.[a-z0-9_]{1,4}){0,3}",
    ]
}

/// A formula made of paths, numbers, operators and functions; or any text.
fn formula() -> impl Strategy<Value = String> {
    let part = prop_oneof![
        path(),
        Just("8".to_string()),
        Just("1.5e3".to_string()),
        path().prop_map(|p| format!("max({p})")),
        (path(), path()).prop_map(|(a, b)| format!("share({a}, {b})")),
    ];
    prop_oneof![
        4 => proptest::collection::vec(part, 1..4).prop_map(|parts| parts.join(" * ")),
        1 => any::<String>(),
    ]
}

fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        (-1_000_000i64..1_000_000).prop_map(|v| v as f64),
        (0u32..100_000, 1u32..1000).prop_map(|(a, b)| f64::from(a) / f64::from(b)),
        any::<f64>().prop_filter("JSON writes finite numbers", |v| v.is_finite()),
    ]
}

/// Inputs named by the formula's paths (the `*`s filled from a few segments), the formula
/// itself, or any names at all.
fn inputs(formula: String, computed: Option<f64>) -> impl Strategy<Value = Vec<(String, f64)>> {
    let paths: Vec<String> = super::row::paths(&formula).into_iter().map(str::to_string).collect();
    let from_paths = proptest::collection::vec(
        (proptest::sample::select(vec!["a", "b", "c_1"]), proptest::sample::select(vec!["x", "y"]), value()),
        0..4,
    )
    .prop_map(move |filled| {
        let mut inputs = Vec::new();
        for (i, path) in paths.iter().enumerate() {
            for (j, (a, b, v)) in filled.iter().enumerate() {
                let name = path.replacen('*', a, 1).replacen('*', b, 1);
                if path.contains('*') || j == i % filled.len().max(1) {
                    inputs.push((name, *v));
                }
            }
        }
        inputs
    });
    let itself = computed.map(|c| vec![(formula.clone(), c)]).unwrap_or_default();
    prop_oneof![
        3 => from_paths,
        1 => Just(itself),
        1 => proptest::collection::vec((any::<String>(), value()), 0..3),
    ]
}

fn record() -> impl Strategy<Value = ClaimRecord> {
    let name = prop_oneof![path(), any::<String>()];
    let computed = prop_oneof![3 => value().prop_map(Some), 1 => Just(None)];
    (name, formula(), computed, any::<bool>())
        .prop_flat_map(|(name, formula, computed, formula_is_name)| {
            let formula = if formula_is_name { name.clone() } else { formula };
            let unit = prop_oneof![
                Just(String::new()),
                Just("%".to_string()),
                Just("bit/s".to_string()),
                any::<String>()
            ];
            (
                Just(name),
                any::<String>(),
                Just(computed),
                unit,
                inputs(formula.clone(), computed),
                Just(formula),
                proptest::collection::vec(any::<String>(), 0..3),
                any::<bool>(),
                (0..PAGES.len(), 0usize..400, 0usize..200),
            )
        })
        .prop_map(|(name, stated, computed, unit, inputs, formula, struck, vendor, (page, line, col))| {
            ClaimRecord {
                page: PAGES[page].0.to_string(),
                lang: PAGES[page].1.to_string(),
                line,
                col,
                name,
                stated,
                struck,
                computed,
                unit,
                formula,
                inputs,
                vendor,
            }
        })
}

/// Records as a build lists them: each page's together.
fn site() -> impl Strategy<Value = Vec<ClaimRecord>> {
    proptest::collection::vec(record(), 0..12).prop_map(|mut records| {
        records.sort_by_key(|r| PAGES.iter().position(|(page, _)| *page == r.page));
        records
    })
}

/// A broken copy of `text`: cut, with bytes taken out, or with one put in or replaced.
fn broken(text: &str, how: u8, at: usize, len: usize, byte: u8) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let at = at % (bytes.len() + 1);
    match how % 4 {
        0 => bytes.truncate(at),
        1 => {
            bytes.drain(at..(at + len).min(bytes.len()));
        }
        2 => bytes.insert(at, byte),
        _ => {
            if let Some(b) = bytes.get_mut(at) {
                *b = byte;
            }
        }
    }
    bytes
}

/// The reader's error must say where: `file:line:col: not a figures.json: …`.
fn refused_at_a_place(bytes: &[u8]) -> Result<(), TestCaseError> {
    let file = Path::new("old/figures.json");
    if let Err(error) = super::published::parse(file, bytes) {
        let place = error
            .strip_prefix("old/figures.json:")
            .and_then(|rest| rest.split_once(": not a figures.json: "));
        let (place, _) = place.ok_or_else(|| TestCaseError::fail(format!("no place: {error}")))?;
        let numbers: Vec<&str> = place.split(':').collect();
        prop_assert!(
            numbers.len() == 2 && numbers.iter().all(|n| n.parse::<usize>().is_ok_and(|n| n > 0)),
            "{error}"
        );
    }
    Ok(())
}

const JSON_BYTES: &[u8] = b"[]{},:\"\\ 0129.-eEnulltrue*\n\xff\xe6";

/// serde_json without `float_roundtrip` read `-3847198413637886.0` as `…886.5`, one unit in
/// the last place off, so a number written to figures.json could read back as another.
#[test]
fn a_number_of_sixteen_digits_reads_back_bit_for_bit() {
    for value in [-3_847_198_413_637_886.0_f64, -3_847_198_413_637_886.5, 9_007_199_254_740_993.0, 0.1 + 0.2]
    {
        let text = serde_json::to_string(&value).unwrap_or_default();
        let back: f64 = serde_json::from_str(&text).unwrap_or(f64::NAN);
        assert_eq!(back.to_bits(), value.to_bits(), "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_figure_reads_back_as_it_was_listed_in_format_2(records in site()) {
        let text = written(&records);
        let read = parse(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(read, records.clone(), "{}", text);
        // One figure a line: a figure's line holds no line break.
        let figure_lines = text.lines().filter(|line| line.starts_with('[')).count();
        prop_assert_eq!(figure_lines, records.len(), "{}", text);
        // And the same records write the same bytes.
        prop_assert_eq!(written(&records), text);
    }

    #[test]
    fn every_figure_reads_back_as_it_was_listed_in_format_1(records in site()) {
        let text = written_in_format_1(&records);
        let read = parse(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(read, records.clone(), "{}", text);
    }

    #[test]
    fn a_broken_figures_json_is_read_or_refused_at_a_place_never_a_panic(
        records in site(),
        format_1 in any::<bool>(),
        (how, at, len) in (any::<u8>(), any::<usize>(), 1usize..40),
        byte in proptest::sample::select(JSON_BYTES.to_vec()),
    ) {
        let text = if format_1 { written_in_format_1(&records) } else { written(&records) };
        refused_at_a_place(&broken(&text, how, at, len, byte))?;
    }

    #[test]
    fn any_text_is_read_or_refused_at_a_place(text in prop_oneof![
        any::<Vec<u8>>(),
        proptest::collection::vec(proptest::sample::select(JSON_BYTES.to_vec()), 0..80),
    ]) {
        refused_at_a_place(&text)?;
    }
}
