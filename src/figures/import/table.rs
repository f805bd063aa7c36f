//! A table of one's own: a CSV file with a header row, or JSON (lines, or one document of
//! rows: `table_json`), each column declared by the author in runs.yaml with its unit (or
//! `text`).
//!
//! Owns reading CSV (JSON is recognised from the first non-blank character, `{` or `[`),
//! checking the file's columns against the declared ones, and turning each cell into a
//! value: `rows.N.COLUMN`. A number cell is a plain decimal in the declared unit; its
//! digits as the author wrote them are its precision (`12.50` is stated no finer than
//! 0.01).
//!
//! It does not decide units (runs.yaml's `columns:` does, read by `rundata`), and it never
//! fills a cell: an empty cell, a number with its unit or a separator (`12 ms`, `1,000`),
//! `NaN`, a ragged row, a column nobody declared or a declared column the file lacks is an
//! error at its place. CSV is RFC 4180: `,` between cells, `"` around a cell that holds a
//! comma, a quote (written `""`) or a line break. Lines that are wholly empty between rows
//! are skipped: they hold no cell. A byte-order mark is refused, as `strict_json` refuses
//! it: tools do not write one, and an editor that added it may have changed more.

use std::ops::Range;

use super::{ImportError, Imported, Tree, Value};
use crate::number::Unit;
pub(super) use json::{elements, members};

/// What a declared column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ColumnType {
    Number(Unit),
    Text,
}

/// A column the author declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Column {
    pub name: String,
    pub kind: ColumnType,
}

/// Reads a table: CSV with a header row, or JSON lines, whose columns are `columns`.
pub(crate) fn import_table(text: &str, columns: &[Column]) -> Result<Imported, ImportError> {
    if text.starts_with('\u{feff}') {
        return Err(ImportError::at(
            "the file starts with a byte-order mark (a spreadsheet's \"CSV UTF-8\" writes one): save it as plain UTF-8 text",
            0..3,
        ));
    }
    let (format, rows) = match text.trim_start().chars().next() {
        None => {
            return Err(ImportError::whole("the table is empty: expected a CSV header row or JSON lines"));
        }
        Some('{' | '[') => json::rows(text, columns)?,
        Some(_) => ("CSV", csv_rows(text, columns)?),
    };
    Ok(Imported { format, fields: Tree::map([("rows", Tree::List(rows))]) })
}

/// One cell as written: its text (unquoted) and its bytes in the file.
type Cell = (String, Range<usize>);

/// One CSV record: its cells and its bytes (without the line break).
struct Record {
    cells: Vec<Cell>,
    at: Range<usize>,
}

fn csv_rows(text: &str, columns: &[Column]) -> Result<Vec<Tree>, ImportError> {
    let records = csv_records(text)?;
    let Some((header, body)) = records.split_first() else {
        return Err(ImportError::whole("the table is empty: expected a CSV header row"));
    };
    let mut kinds = Vec::new();
    for (i, (name, at)) in header.cells.iter().enumerate() {
        if header.cells[..i].iter().any(|(n, _)| n == name) {
            return Err(ImportError::at(
                format!("the column `{name}` is named twice in the header"),
                at.clone(),
            ));
        }
        kinds.push(declared(columns, name, at.clone(), header.cells.iter().map(|(n, _)| n.as_str()))?);
    }
    missing(columns, header.cells.iter().map(|(n, _)| n.as_str()), header.at.clone())?;
    let mut rows = Vec::new();
    for record in body {
        if record.cells.len() != header.cells.len() {
            return Err(ImportError::at(
                format!(
                    "this row has {} cells; the header has {} ({}): a row holds one cell a column",
                    record.cells.len(),
                    header.cells.len(),
                    header.cells.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", ")
                ),
                record.at.clone(),
            ));
        }
        let mut row = Vec::new();
        for (((name, _), kind), (cell, at)) in header.cells.iter().zip(&kinds).zip(&record.cells) {
            let tree = match kind {
                ColumnType::Text => Tree::Text(cell.clone()),
                ColumnType::Number(unit) => number_cell(cell, *unit, name, at.clone())?,
            };
            row.push((name.clone(), tree));
        }
        rows.push(in_declared_order(row, columns));
    }
    Ok(rows)
}

/// The records of a CSV text (RFC 4180), each with its cells' places. Wholly empty lines
/// between records are skipped.
fn csv_records(text: &str) -> Result<Vec<Record>, ImportError> {
    let bytes = text.as_bytes();
    let line_end = |i: usize| match bytes.get(i) {
        Some(b'\n') => Some(1),
        Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => Some(2),
        // A last line ended by `\r` alone: an old Mac's line end, at the end of the file.
        Some(b'\r') if i + 1 == bytes.len() => Some(1),
        _ => None,
    };
    let mut records = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(n) = line_end(i) {
            i += n;
            continue;
        }
        let start = i;
        let mut cells = Vec::new();
        loop {
            let (cell, end) = if bytes.get(i) == Some(&b'"') { quoted(text, i)? } else { unquoted(text, i)? };
            cells.push((cell, i..end));
            i = end;
            match bytes.get(i) {
                Some(b',') => i += 1,
                None => break,
                Some(_) if line_end(i).is_some() => break,
                Some(_) => {
                    let found = text.get(i..).and_then(|t| t.chars().next()).unwrap_or('?');
                    return Err(ImportError::at(
                        format!(
                            "found `{found}` after a quoted cell's closing quote; expected `,` or the line's end (a quote inside a cell is written `\"\"`)"
                        ),
                        i..i + found.len_utf8(),
                    ));
                }
            }
        }
        super::work(cells.len() + 1);
        records.push(Record { cells, at: start..i });
        i += line_end(i).unwrap_or(0);
    }
    Ok(records)
}

/// A quoted cell starting at `open` (its `"`): its text with `""` read as `"`, and the byte
/// after its closing quote.
fn quoted(text: &str, open: usize) -> Result<(String, usize), ImportError> {
    let mut cell = String::new();
    let mut rest = text.get(open + 1..).unwrap_or("");
    let mut at = open + 1;
    loop {
        let Some(quote) = rest.find('"') else {
            return Err(ImportError::at(
                "this quoted cell has no closing quote: the file ends inside it",
                open..text.len(),
            ));
        };
        cell.push_str(&rest[..quote]);
        at += quote + 1;
        rest = &rest[quote + 1..];
        if let Some(after) = rest.strip_prefix('"') {
            cell.push('"');
            at += 1;
            rest = after;
        } else {
            return Ok((cell, at));
        }
    }
}

/// An unquoted cell starting at `start`: its text and the byte after it.
fn unquoted(text: &str, start: usize) -> Result<(String, usize), ImportError> {
    let rest = text.get(start..).unwrap_or("");
    let mut len = rest.find([',', '\n']).unwrap_or(rest.len());
    if rest[..len].ends_with('\r') && (rest[len..].starts_with('\n') || len == rest.len()) {
        len -= 1;
    }
    let cell = &rest[..len];
    if let Some(quote) = cell.find('"') {
        return Err(ImportError::at(
            "a quote inside an unquoted cell: quote the whole cell (`\"a \"\"b\"\"\"`), as RFC 4180 writes it",
            start + quote..start + quote + 1,
        ));
    }
    Ok((cell.to_string(), start + len))
}

/// A number cell: a plain decimal, in the column's declared unit, its digits its precision.
fn number_cell(cell: &str, unit: Unit, column: &str, at: Range<usize>) -> Result<Tree, ImportError> {
    let why = if cell.trim().is_empty() {
        format!("column `{column}` is empty here: a number column holds a number in every row")
    } else if ["nan", "inf", "-inf", "infinity", "-infinity"].contains(&cell.to_ascii_lowercase().as_str()) {
        format!(
            "column `{column}` holds `{cell}`, which is no number: a row that has no value belongs in no table"
        )
    } else {
        match Value::printed("table", cell, cell, unit, at.clone()) {
            Some(tree) => return Ok(tree),
            None => format!(
                "column `{column}` holds `{cell}`; expected a plain decimal (`12.5`, `-3`, `1000`) in its declared unit, {}: no unit, separator, sign `+` or exponent in the cell",
                unit_name(unit)
            ),
        }
    };
    Err(ImportError::at(why, at))
}

fn unit_name(unit: Unit) -> &'static str {
    match unit.symbol() {
        "" => "a count",
        symbol => symbol,
    }
}

/// The declared type of the file's column `name`, or an error naming the declared columns
/// and the nearest one. `in_file` are the file's columns (a declared name the file already
/// has is no suggestion).
fn declared<'a>(
    columns: &[Column],
    name: &str,
    at: Range<usize>,
    in_file: impl Iterator<Item = &'a str>,
) -> Result<ColumnType, ImportError> {
    if let Some(column) = columns.iter().find(|c| c.name == name) {
        return Ok(column.kind);
    }
    let in_file: Vec<&str> = in_file.collect();
    let free = columns.iter().map(|c| c.name.as_str()).filter(|c| !in_file.contains(c));
    let declared = columns.iter().map(|c| format!("`{}`", c.name)).collect::<Vec<_>>().join(", ");
    let hint = nearest(name, free).map(|n| format!("; did you mean `{n}`?")).unwrap_or_default();
    let declared = if declared.is_empty() { "none".to_string() } else { declared };
    Err(ImportError::at(
        format!(
            "the file has a column `{name}` that runs.yaml does not declare (declared: {declared}){hint}"
        ),
        at,
    ))
}

/// Every declared column must be in the file.
fn missing<'a>(
    columns: &[Column],
    in_file: impl Iterator<Item = &'a str> + Clone,
    at: Range<usize>,
) -> Result<(), ImportError> {
    let absent: Vec<&str> =
        columns.iter().map(|c| c.name.as_str()).filter(|c| !in_file.clone().any(|n| n == *c)).collect();
    let Some(first) = absent.first() else { return Ok(()) };
    let undeclared = in_file.filter(|n| !columns.iter().any(|c| c.name == *n));
    let hint = nearest(first, undeclared).map(|n| format!("; the file has `{n}`")).unwrap_or_default();
    let names = absent.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
    Err(ImportError::at(format!("runs.yaml declares {names}, which this table does not have{hint}"), at))
}

/// The candidate nearest `name` by edit distance, if it is near enough to be a typo or the
/// same name with a unit put in it (`rtt_ms` for `rtt`).
fn nearest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(2);
    let lower = name.to_lowercase();
    let near = |c: &str| {
        let c = c.to_lowercase();
        crate::figures::edit_distance(&lower, &c) <= limit
            || (c.len().min(lower.len()) >= 2 && (c.starts_with(&lower) || lower.starts_with(&c)))
    };
    candidates.filter(|c| near(c)).min_by_key(|c| crate::figures::edit_distance(name, c))
}

/// A row's cells keyed by column, in the order runs.yaml declares them (the file's order
/// is the file's business; a page reads them by name).
fn in_declared_order(mut row: Vec<(String, Tree)>, columns: &[Column]) -> Tree {
    row.sort_by_key(|(name, _)| columns.iter().position(|c| c.name == *name));
    Tree::Map(row)
}

#[path = "table_json.rs"]
mod json;

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
