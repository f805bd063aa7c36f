//! Flent's data file (`.flent.gz`, gzip'd JSON, decompressed by `raw_text`): its series and
//! metadata.
//!
//! Owns these fields (at the run, as `rundata` places them):
//! - `series.NAME.N.{t, value}`: each series of `results` (its name snake-cased: `TCP
//!   download` → `tcp_download`, `Ping (ms) ICMP` → `ping_ms_icmp`), one item a sample,
//!   `t` its time from `x_values` (s) and `value` in the unit Flent recorded for the series
//!   (`SERIES_META.NAME.UNITS`: `Mbits/s`, `ms`, …). A sample Flent has no value for (`null`)
//!   is no item: every item is a measurement, at its own time. A series whose unit Flent did
//!   not record, or one tally does not know, is absent with why.
//! - `metadata.{name, title, host, time, flent_version}` (texts) and `metadata.{length,
//!   step_size}` (s), where the file holds them.
//!
//! Refused, at the place: a document that is not Flent's shape (an object with `metadata`,
//! `x_values` and `results`), a series that is not a list of numbers or `null`, a series of
//! another length than `x_values`, a non-finite or negative time, two series whose paths
//! are one. It does not decompress the file (`raw_text`) nor run Flent.

use std::ops::Range;

use super::table::{elements, members};
use super::{ImportError, Imported, Tree, Value, strict_json};
use crate::number::Unit;

const SHAPE: &str = "a Flent data file: a JSON object with `metadata`, `x_values` and `results`";

/// Reads Flent's data file, as decompressed.
pub(crate) fn import_flent(text: &str) -> Result<Imported, ImportError> {
    read(text).map(|(imported, _)| imported)
}

/// The import and its work: each series' look-up and each sample, which a linear-time test
/// counts (a series' path is found among the others by key, not by a search).
pub(crate) fn read(text: &str) -> Result<(Imported, usize), ImportError> {
    let mut work = 0;
    let document = strict_json(text)?;
    let top = members(text).unwrap_or_default();
    let place = |key: &str| top.iter().find(|m| m.key == key).map(|m| m.value.clone());
    let (Some(object), Some(results_at), Some(x_at), Some(metadata_at)) =
        (document.as_object(), place("results"), place("x_values"), place("metadata"))
    else {
        return Err(ImportError::at(format!("expected {SHAPE}"), 0..text.len().min(1)));
    };
    let (Some(results), Some(x_values), Some(metadata)) = (
        object.get("results").and_then(|r| r.as_object()),
        object.get("x_values").and_then(|x| x.as_array()),
        object.get("metadata").and_then(|m| m.as_object()),
    ) else {
        return Err(ImportError::at(
            format!(
                "`results` is an object of series, `x_values` a list and `metadata` an object in {SHAPE}"
            ),
            results_at,
        ));
    };
    let times = times_of(x_values, &elements(text, x_at))?;
    let series_meta = metadata.get("SERIES_META").and_then(|m| m.as_object());
    let series_places = members(&text[results_at.clone()]).unwrap_or_default();
    let mut series: Vec<(String, Tree)> = Vec::new();
    let mut paths: rustc_hash::FxHashMap<String, String> = rustc_hash::FxHashMap::default();
    for member in &series_places {
        work += 1;
        let at = member.value.start + results_at.start..member.value.end + results_at.start;
        let key_at = member.key_at.start + results_at.start..member.key_at.end + results_at.start;
        let path = snake(&member.key);
        if let Some(earlier) = paths.insert(path.clone(), member.key.clone()) {
            return Err(ImportError::at(
                format!(
                    "the series `{}` and `{earlier}` both become `series.{path}`: which is which is unclear",
                    member.key
                ),
                key_at,
            ));
        }
        let Some(values) = results.get(&member.key).and_then(|v| v.as_array()) else {
            return Err(ImportError::at(format!("the series `{}` is not a list of samples", member.key), at));
        };
        if values.len() != times.len() {
            return Err(ImportError::at(
                format!(
                    "the series `{}` has {} samples and `x_values` {} times: Flent writes one sample a time",
                    member.key,
                    values.len(),
                    times.len()
                ),
                key_at,
            ));
        }
        let units = series_meta
            .and_then(|m| m.get(&member.key))
            .and_then(|m| m.get("UNITS"))
            .and_then(|u| u.as_str());
        let places = elements(text, at);
        work += places.len();
        series.push((path, samples_of(&member.key, values, &places, &times, units)?));
    }
    let fields = Tree::map([
        ("series", Tree::Map(series)),
        ("metadata", metadata_fields(text, metadata_at, metadata)),
    ]);
    Ok((Imported { format: "Flent data file", fields }, work))
}

/// The `x_values` as times in seconds, at their places: every series' samples are timed by them.
fn times_of(
    x_values: &[serde_json::Value],
    places: &[Range<usize>],
) -> Result<Vec<(f64, Range<usize>)>, ImportError> {
    let mut times = Vec::with_capacity(x_values.len());
    for (x, at) in x_values.iter().zip(places) {
        match x.as_f64().filter(|t| t.is_finite() && *t >= 0.0) {
            Some(t) => times.push((t, at.clone())),
            None => return Err(ImportError::at("an `x_values` item is not a time in seconds", at.clone())),
        }
    }
    Ok(times)
}

/// One series' timed samples in its unit, or absent with why when tally does not know its unit.
fn samples_of(
    name: &str,
    values: &[serde_json::Value],
    places: &[Range<usize>],
    times: &[(f64, Range<usize>)],
    units: Option<&str>,
) -> Result<Tree, ImportError> {
    let unit = units.and_then(unit_of);
    let mut samples = Vec::new();
    for ((value, value_at), (t, t_at)) in values.iter().zip(places).zip(times) {
        if value.is_null() {
            continue;
        }
        let Some(v) = value.as_f64().filter(|v| v.is_finite()) else {
            return Err(ImportError::at(
                format!("a sample of `{name}` is neither a number nor `null`"),
                value_at.clone(),
            ));
        };
        let Some(unit) = unit else { continue };
        samples.push(Tree::map([
            ("t", Value::exact(*t, Unit::Second, t_at.clone())),
            ("value", Value::exact(v * unit.factor(), unit, value_at.clone())),
        ]));
    }
    Ok(match (unit, units) {
        (Some(_), _) => Tree::List(samples),
        (None, Some(units)) => Tree::Absent(format!(
            "Flent recorded this series in `{units}`, a unit tally does not read: its values would be stated in an unknown unit"
        )),
        (None, None) => Tree::Absent(
            "Flent recorded no unit for this series (`SERIES_META`): its values would be stated in an unknown unit".to_string(),
        ),
    })
}

/// The metadata a page may state: its texts, and its two times in seconds.
fn metadata_fields(
    text: &str,
    at: Range<usize>,
    metadata: &serde_json::Map<String, serde_json::Value>,
) -> Tree {
    let places = members(&text[at.clone()]).unwrap_or_default();
    let mut out = Vec::new();
    for (key, name) in [
        ("NAME", "name"),
        ("TITLE", "title"),
        ("HOST", "host"),
        ("TIME", "time"),
        ("FLENT_VERSION", "flent_version"),
    ] {
        if let Some(value) = metadata.get(key).and_then(|v| v.as_str()) {
            out.push((name.to_string(), Tree::Text(value.to_string())));
        }
    }
    for (key, name) in [("LENGTH", "length"), ("STEP_SIZE", "step_size")] {
        let value = metadata.get(key).and_then(|v| v.as_f64()).filter(|v| v.is_finite());
        let place =
            places.iter().find(|m| m.key == key).map(|m| m.value.start + at.start..m.value.end + at.start);
        if let (Some(value), Some(place)) = (value, place) {
            out.push((name.to_string(), Value::exact(value, Unit::Second, place)));
        }
    }
    Tree::Map(out)
}

/// tally's unit for the units Flent records of a series.
fn unit_of(units: &str) -> Option<Unit> {
    Some(match units {
        "Mbits/s" | "Mbit/s" => Unit::MegabitPerSecond,
        "Kbits/s" | "Kbit/s" => Unit::KilobitPerSecond,
        "Gbits/s" | "Gbit/s" => Unit::GigabitPerSecond,
        "bits/s" | "bit/s" => Unit::BitPerSecond,
        "ms" => Unit::Millisecond,
        "s" => Unit::Second,
        "%" => Unit::Percent,
        "pps" => Unit::PacketPerSecond,
        "bytes" => Unit::Byte,
        _ => return None,
    })
}

/// A series' name as a path: lowercase letters and digits, `_` for each run of others.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    if out.is_empty() { "series".to_string() } else { out }
}

#[cfg(test)]
#[path = "flent_tests.rs"]
mod tests;
