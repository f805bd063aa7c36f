//! Format 2's lines of figures.json: a page's line, then each of its figures as an array of
//! its fields in a fixed order ([`COLUMNS`]), with what a reader can tell without it left
//! out. Owns writing these lines and (in [`read`]) reading them back, and each rule of what
//! is left out, written once for both.
//!
//! ```text
//! {"page":"content/m/index.md","lang":"en"}
//! ["clients","6",6],
//! ["connections","768",768,"","clients * per_client",[6,128]],
//! ["busy","23.3 %",23.3,"%","runs.a.cpu.busy_percent"],
//! ["port_max","963 Mbit/s",963000000,"bit/s","max(runs.*.port)",[[["a",935000000],["b",963000000]]]],
//! ```
//!
//! A figure's fields after `computed` are given up to the last that differs from what a
//! reader assumes; one before it that is as assumed is written as `""` (unit), `null`
//! (formula, inputs) or `[]` (struck). Assumed: no unit, a formula that is the figure's own
//! name, inputs that are the formula's one path read as `computed` (`[]` for a figure
//! without a computed value), nothing struck, not a vendor's. Inputs are written as values
//! alone, one for each path the formula names ([`paths`]), when their names are those
//! paths in order: a number for a plain path, and for a path with `*` the list of its
//! inputs, each named by the segments `*` stood for (`"a"` for `runs.a.port`). Otherwise
//! each input is written with its name, `["runs.a.port",935000000]`, as in format 1.

use super::ClaimRecord;

mod read;
pub(crate) use read::{Row, RowSeed};

/// The version figures.json names in its `format`, for the layout written here.
pub(crate) const FORMAT: u64 = 2;

/// The fields of a figure's array, in order; figures.json lists them in its header.
pub(crate) const COLUMNS: [&str; 8] =
    ["name", "stated", "computed", "unit", "formula", "inputs", "struck", "vendor"];

/// Appends one page's records as figures.json lines, each after a comma and a line break:
/// the page's line, then its figures (a new page line wherever page or language changes).
pub(crate) fn write_lines(records: &[ClaimRecord], out: &mut Vec<u8>) {
    let mut page: Option<(&str, &str)> = None;
    for record in records {
        if page != Some((record.page.as_str(), record.lang.as_str())) {
            out.extend_from_slice(b",\n{\"page\":");
            string(out, &record.page);
            out.extend_from_slice(b",\"lang\":");
            string(out, &record.lang);
            out.push(b'}');
            page = Some((&record.page, &record.lang));
        }
        out.extend_from_slice(b",\n");
        write_figure(record, out);
    }
}

fn write_figure(record: &ClaimRecord, out: &mut Vec<u8>) {
    out.push(b'[');
    string(out, &record.name);
    out.push(b',');
    string(out, &record.stated);
    out.push(b',');
    number_or_null(out, record.computed);
    let given = [
        !record.unit.is_empty(),
        record.formula != record.name,
        !same_inputs(&record.inputs, &assumed_inputs(&record.formula, record.computed)),
        !record.struck.is_empty(),
        record.vendor,
    ];
    let count = given.iter().rposition(|&g| g).map_or(0, |last| last + 1);
    for (field, &given) in given.iter().enumerate().take(count) {
        out.push(b',');
        match field {
            0 => string(out, &record.unit),
            1 if given => string(out, &record.formula),
            2 if given => write_inputs(&record.formula, &record.inputs, out),
            1 | 2 => out.extend_from_slice(b"null"),
            3 => {
                out.push(b'[');
                for (i, struck) in record.struck.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    string(out, struck);
                }
                out.push(b']');
            }
            _ => out.extend_from_slice(b"true"),
        }
    }
    out.push(b']');
}

fn write_inputs(formula: &str, inputs: &[(String, f64)], out: &mut Vec<u8>) {
    out.push(b'[');
    match from_paths(formula, inputs) {
        Some(items) => {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                match item {
                    Item::Value(value) => number(out, *value),
                    Item::Group(group) => {
                        out.push(b'[');
                        pairs(out, group.iter().map(|(stars, value)| (stars.as_str(), *value)));
                        out.push(b']');
                    }
                }
            }
        }
        None => pairs(out, inputs.iter().map(|(name, value)| (name.as_str(), *value))),
    }
    out.push(b']');
}

/// `[name, value]` pairs, separated by commas.
fn pairs<'a>(out: &mut Vec<u8>, pairs: impl Iterator<Item = (&'a str, f64)>) {
    for (i, (name, value)) in pairs.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'[');
        string(out, name);
        out.push(b',');
        number(out, value);
        out.push(b']');
    }
}

fn string(out: &mut Vec<u8>, text: &str) {
    // A string cannot fail to serialise.
    let _ = serde_json::to_writer(&mut *out, text);
}

/// A number as short as it reads back the same: `6` for 6.0. JSON has no infinity nor NaN:
/// those are written `null`, as format 1 wrote them.
fn number(out: &mut Vec<u8>, value: f64) {
    let start = out.len();
    let _ = serde_json::to_writer(&mut *out, &value);
    if out.ends_with(b".0") && &out[start..] != b"-0.0" {
        out.truncate(out.len() - 2);
    }
}

fn number_or_null(out: &mut Vec<u8>, value: Option<f64>) {
    match value {
        Some(value) => number(out, value),
        None => out.extend_from_slice(b"null"),
    }
}

/// The inputs a reader assumes when a figure's are left out: its formula, read as its
/// computed value (a figure that merely states one value of the data).
fn assumed_inputs(formula: &str, computed: Option<f64>) -> Vec<(String, f64)> {
    // A value JSON cannot write reads back as no value.
    computed
        .filter(|value| value.is_finite())
        .map(|value| vec![(formula.to_string(), value)])
        .unwrap_or_default()
}

/// The same names and the same values, bit for bit.
fn same_inputs(a: &[(String, f64)], b: &[(String, f64)]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|((n, v), (m, w))| n == m && v.to_bits() == w.to_bits())
}

/// The paths a formula names, in the order it names them, as the expression grammar writes
/// a path (a name, then `.name` or `.*` segments), leaving out function names (a name
/// before `(`) and numbers. Part of format 2: inputs written as values alone are named by
/// these, so that what it finds must never change for this format.
pub(crate) fn paths(formula: &str) -> Vec<&str> {
    let bytes = formula.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut paths = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        if b.is_ascii_digit() {
            // A number, with its decimals and exponent.
            while at < bytes.len() && (word(bytes[at]) || bytes[at] == b'.') {
                at += 1;
            }
        } else if b.is_ascii_alphabetic() || b == b'_' {
            let start = at;
            let end_of_word = |mut at: usize| {
                while at < bytes.len() && word(bytes[at]) {
                    at += 1;
                }
                at
            };
            at = end_of_word(at);
            while let (Some(b'.'), Some(&next)) = (bytes.get(at), bytes.get(at + 1)) {
                if next == b'*' {
                    at += 2;
                } else if word(next) {
                    at = end_of_word(at + 1);
                } else {
                    break;
                }
            }
            let next = bytes[at..].iter().find(|b| !b.is_ascii_whitespace());
            if next != Some(&b'(') {
                paths.push(&formula[start..at]);
            }
        } else {
            at += 1;
        }
    }
    paths
}

/// One input as written for one of the formula's paths.
#[derive(Debug, PartialEq)]
enum Item {
    /// A plain path's value.
    Value(f64),
    /// A path with `*`: each input it read, named by the segments `*` stood for, joined
    /// with dots.
    Group(Vec<(String, f64)>),
}

/// `inputs` as values alone, one item for each of the formula's paths; `None` when their
/// names are not the paths in order.
fn from_paths(formula: &str, inputs: &[(String, f64)]) -> Option<Vec<Item>> {
    let mut rest = inputs;
    let mut items = Vec::new();
    for path in paths(formula) {
        if has_star(path) {
            let group: Vec<(String, f64)> =
                rest.iter().map_while(|(name, value)| Some((stars_in(path, name)?, *value))).collect();
            rest = &rest[group.len()..];
            items.push(Item::Group(group));
        } else {
            let ((name, value), more) = rest.split_first()?;
            if name != path {
                return None;
            }
            items.push(Item::Value(*value));
            rest = more;
        }
    }
    rest.is_empty().then_some(items)
}

fn has_star(path: &str) -> bool {
    path.split('.').any(|segment| segment == "*")
}

/// The segments of `name` that the `*`s of `path` stand for, joined with dots; `None` when
/// `name` is not one of the names `path` reads.
fn stars_in(path: &str, name: &str) -> Option<String> {
    // Asked of every name of a page for each path with a `*` (0.8 % of a cold build): a
    // name that does not start as the path does before its first `*` is not one of them.
    let before_star = path.find('*').map_or(path, |at| &path[..at]);
    let dots = |text: &str| text.bytes().filter(|&b| b == b'.').count();
    if !name.starts_with(before_star) || dots(path) != dots(name) {
        return None;
    }
    let mut stars = Vec::new();
    for (segment, named) in path.split('.').zip(name.split('.')) {
        match segment {
            "*" => stars.push(named),
            _ if segment == named => {}
            _ => return None,
        }
    }
    Some(stars.join("."))
}

/// `path` with its `*`s replaced by `stars` (as [`stars_in`] joined them); `None` when
/// there are not as many.
fn fill_stars(path: &str, stars: &str) -> Option<String> {
    let mut stars = stars.split('.');
    let segments: Option<Vec<&str>> =
        path.split('.').map(|segment| if segment == "*" { stars.next() } else { Some(segment) }).collect();
    let segments = segments?;
    stars.next().is_none().then(|| segments.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_the_formulas_names_without_functions_or_numbers() {
        assert_eq!(
            paths("runs.keep.responses.complete * body_bytes * 8 / seconds"),
            ["runs.keep.responses.complete", "body_bytes", "seconds"]
        );
        assert_eq!(paths("max(runs.*.pc_port.bits_per_s)"), ["runs.*.pc_port.bits_per_s"]);
        assert_eq!(paths("share (a.b, c)+1.5e3/x_2"), ["a.b", "c", "x_2"]);
        assert_eq!(paths("a*b"), ["a", "b"]);
        assert_eq!(paths("runs.*.*.x"), ["runs.*.*.x"]);
        assert_eq!(paths("Σ(done × weight) ÷ 11 = 300 ÷ 11"), ["done", "weight"]);
        assert!(paths("").is_empty());
    }

    #[test]
    fn stars_are_the_segments_they_stand_for_and_fill_back() {
        assert_eq!(stars_in("runs.*.port", "runs.keep.port").as_deref(), Some("keep"));
        assert_eq!(stars_in("runs.*.port", "runs.keep.other"), None);
        assert_eq!(stars_in("runs.*.port", "runs.a.b.port"), None);
        assert_eq!(stars_in("runs.*.*.x", "runs.a.b.x").as_deref(), Some("a.b"));
        assert_eq!(stars_in("runs.*.port", "rung.keep.port"), None);
        assert_eq!(stars_in("runs.keep.port", "runs.keep.port").as_deref(), Some(""));
        assert_eq!(stars_in("*.port", "keep.port").as_deref(), Some("keep"));
        assert_eq!(fill_stars("runs.*.*.x", "a.b").as_deref(), Some("runs.a.b.x"));
        assert_eq!(fill_stars("runs.*.*.x", "a"), None);
        assert_eq!(fill_stars("runs.*.x", "a.b"), None);
    }

    #[test]
    fn numbers_are_written_as_short_as_they_read_back() {
        let written = |v: f64| {
            let mut out = Vec::new();
            number(&mut out, v);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(written(6.0), "6");
        assert_eq!(written(935_000_000.0), "935000000");
        assert_eq!(written(23.3), "23.3");
        assert_eq!(written(-0.0), "-0.0");
        assert_eq!(written(-2.0), "-2");
        assert_eq!(written(1.234_567_890_123_456_8e24), "1.2345678901234568e+24");
        assert_eq!(written(f64::NAN), "null");
        for v in [6.0, 1e15, 9_007_199_254_740_993.0, 1.234_567_890_123_456_8e24, -0.0, 1e-7] {
            let back: f64 = serde_json::from_str(&written(v)).unwrap();
            assert_eq!(back.to_bits(), v.to_bits(), "{v}");
        }
    }
}
