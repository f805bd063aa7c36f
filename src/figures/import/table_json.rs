//! A table's JSON: JSON lines (one object a line), or one JSON document holding the rows, an
//! array of objects (`[{"rate": 941.5}, …]`) or an object holding one array of them
//! (`{"results": [{…}, …]}`, as hyperfine writes).
//!
//! Owns telling the three apart (a document is what parses whole; an object on one line
//! whose members hold no array is one JSON line), the error that names the shape expected
//! when a document is of another, and [`members`], the places of a JSON object's values as
//! written, which `soak` reads curl's lines with. The cells and columns are `table`'s.

use std::ops::Range;

use super::super::{ImportError, Tree, lines, strict_json};
use super::{Column, ColumnType, declared, in_declared_order, missing, number_cell, unit_name};

/// The shapes a table's JSON may have, as an error names them.
const SHAPES: &str = "an array of objects (`[{\"column\": value}, …]`), an object holding one (`{\"results\": [{…}, …]}`), or JSON lines (one object a line)";

/// The format and rows of a table's JSON.
pub(super) fn rows(text: &str, columns: &[Column]) -> Result<(&'static str, Vec<Tree>), ImportError> {
    counted(text, columns, &mut 0)
}

/// The bytes of the rows [`rows`] reads, each handed to its reader once: a linear-time
/// test counts them.
#[cfg(test)]
pub(super) fn read_work(text: &str, columns: &[Column]) -> usize {
    let mut work = 0;
    let _ = counted(text, columns, &mut work);
    work
}

fn counted(
    text: &str,
    columns: &[Column],
    work: &mut usize,
) -> Result<(&'static str, Vec<Tree>), ImportError> {
    let start = text.len() - text.trim_start().len();
    let whole =
        if text.trim_start().starts_with('[') { Some(strict_json(text)?) } else { strict_json(text).ok() };
    let Some(document) = whole else {
        // A document over several lines that does not parse: its error, not its first line's.
        let first = lines(text).into_iter().find(|l| !l.text.trim().is_empty());
        if first.is_some_and(|l| serde_json::from_str::<serde_json::Value>(l.text).is_err()) {
            strict_json(text)?;
        }
        return Ok(("JSON lines", json_lines(text, columns, work)?));
    };
    let (array_at, what) = match &document {
        serde_json::Value::Array(_) => (start..text.trim_end().len(), "JSON array"),
        serde_json::Value::Object(object) => {
            let arrays: Vec<&str> =
                object.iter().filter(|(_, v)| v.is_array()).map(|(k, _)| k.as_str()).collect();
            let one_line = !text.trim().contains('\n');
            match (arrays.as_slice(), object.len()) {
                ([], _) if one_line => return Ok(("JSON lines", json_lines(text, columns, work)?)),
                ([_], 1) => {
                    let written = members(text).unwrap_or_default();
                    let Some(member) = written.first() else {
                        return Err(ImportError::whole(format!("expected {SHAPES}")));
                    };
                    (member.value.clone(), "JSON object")
                }
                _ => {
                    let keys: Vec<String> = object.keys().take(6).map(|k| format!("`{k}`")).collect();
                    return Err(ImportError::at(
                        format!(
                            "this JSON object holds {} ({}): expected {SHAPES}; a table reads an object that holds only its array of rows",
                            match arrays.len() {
                                0 => "no array".to_string(),
                                1 => format!("an array and {} other members", object.len() - 1),
                                n => format!("{n} arrays"),
                            },
                            keys.join(", ")
                        ),
                        start..start + 1,
                    ));
                }
            }
        }
        _ => {
            return Err(ImportError::at(
                format!("this JSON is no table: expected {SHAPES}"),
                start..text.trim_end().len(),
            ));
        }
    };
    Ok((what, array_rows(text, array_at, columns, work)?))
}

/// The rows of the array written at `at` in `text`: one object each.
fn array_rows(
    text: &str,
    at: Range<usize>,
    columns: &[Column],
    work: &mut usize,
) -> Result<Vec<Tree>, ImportError> {
    let bytes = text.as_bytes();
    let skip = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    let mut rows = Vec::new();
    let mut i = skip(at.start + 1);
    while i < at.end && bytes.get(i) != Some(&b']') {
        let Some(end) = value_end(bytes, i) else { break };
        if bytes.get(i) != Some(&b'{') {
            let shown: String = text.get(i..end).unwrap_or("").chars().take(40).collect();
            return Err(ImportError::at(
                format!("row {} of the array is `{shown}`, not an object: expected {SHAPES}", rows.len()),
                i..end,
            ));
        }
        *work += end - i + 1;
        rows.push(object_row(text, i..end, columns)?);
        i = skip(end);
        if bytes.get(i) == Some(&b',') {
            i = skip(i + 1);
        }
    }
    if rows.is_empty() {
        return Err(ImportError::at("the array holds no row: a table has at least one", at));
    }
    Ok(rows)
}

fn json_lines(text: &str, columns: &[Column], work: &mut usize) -> Result<Vec<Tree>, ImportError> {
    let mut rows = Vec::new();
    for line in lines(text).iter().filter(|l| !l.text.trim().is_empty()) {
        *work += line.text.len() + 1;
        rows.push(object_row(text, line.range(), columns)?);
    }
    Ok(rows)
}

/// The row of the object written at `at` in `text` (a JSON line, or an item of an array).
fn object_row(text: &str, at: Range<usize>, columns: &[Column]) -> Result<Tree, ImportError> {
    let start = at.start;
    let written = text.get(at.clone()).unwrap_or("");
    let shift = |e: ImportError| ImportError {
        message: e.message,
        at: Some(e.at.map_or(at.clone(), |place| place.start + start..place.end + start)),
    };
    let value = strict_json(written).map_err(shift)?;
    let (Some(object), Some(members)) = (value.as_object(), members(written)) else {
        return Err(ImportError::at(
            "this line is not a JSON object: JSON lines hold one object a line, `{\"column\": value, ...}`",
            at,
        ));
    };
    let names = || members.iter().map(|m| m.key.as_str());
    let mut row = Vec::new();
    for member in &members {
        let value_at = member.value.start + start..member.value.end + start;
        let key_at = member.key_at.start + start..member.key_at.end + start;
        let kind = declared(columns, &member.key, key_at, names())?;
        let written_text = written.get(member.value.clone()).unwrap_or("");
        let tree = match (kind, object.get(&member.key)) {
            (ColumnType::Number(unit), Some(serde_json::Value::Number(_))) => {
                number_cell(written_text, unit, &member.key, value_at)?
            }
            (ColumnType::Text, Some(serde_json::Value::String(s))) => Tree::Text(s.clone()),
            (kind, _) => {
                let expected = match kind {
                    ColumnType::Number(unit) => format!("a number in {}", unit_name(unit)),
                    ColumnType::Text => "a string".to_string(),
                };
                return Err(ImportError::at(
                    format!(
                        "column `{}` holds `{written_text}` here; its declared type wants {expected}",
                        member.key
                    ),
                    value_at,
                ));
            }
        };
        row.push((member.key.clone(), tree));
    }
    missing(columns, names(), at)?;
    Ok(in_declared_order(row, columns))
}

/// One member of a JSON object as written: its key, the key's bytes and its value's bytes.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::figures::import) struct Member {
    pub key: String,
    pub key_at: Range<usize>,
    pub value: Range<usize>,
}

/// The members of the JSON object `text` holds, each with its value's bytes as written in
/// `text`: serde_json keeps a number only as an f64, and a figure's digits are the ones the
/// tool or author wrote. `text` is already known to be JSON (`strict_json` read it); None
/// when it does not hold an object.
pub(in crate::figures::import) fn members(text: &str) -> Option<Vec<Member>> {
    let bytes = text.as_bytes();
    let skip = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    let mut i = skip(0);
    if bytes.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    let mut out = Vec::new();
    loop {
        i = skip(i);
        match bytes.get(i)? {
            b'}' => return Some(out),
            b',' => i += 1,
            b'"' => {
                let key_end = string_end(bytes, i)?;
                let key: String = serde_json::from_str(text.get(i..key_end)?).ok()?;
                let colon = skip(key_end);
                if bytes.get(colon) != Some(&b':') {
                    return None;
                }
                let start = skip(colon + 1);
                let end = value_end(bytes, start)?;
                out.push(Member { key, key_at: i..key_end, value: start..end });
                i = end;
            }
            _ => return None,
        }
    }
}

/// The bytes of each item of the JSON array written at `at` in `text` (already known to be
/// JSON): one pass over the array, so each item's place costs nothing more.
pub(in crate::figures::import) fn elements(text: &str, at: Range<usize>) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let skip = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    };
    let mut out = Vec::new();
    let mut i = skip(at.start + 1);
    while i < at.end && !matches!(bytes.get(i), Some(b']') | None) {
        let Some(end) = value_end(bytes, i) else { break };
        out.push(i..end);
        i = skip(end);
        if bytes.get(i) == Some(&b',') {
            i = skip(i + 1);
        }
    }
    out
}

/// The byte after the string that opens at `open`.
fn string_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    loop {
        match bytes.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The byte after the JSON value that starts at `start`.
fn value_end(bytes: &[u8], start: usize) -> Option<usize> {
    match bytes.get(start)? {
        b'"' => string_end(bytes, start),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = start;
            loop {
                match bytes.get(i)? {
                    b'"' => i = string_end(bytes, i)?,
                    b'{' | b'[' => {
                        depth += 1;
                        i += 1;
                    }
                    b'}' | b']' => {
                        depth = depth.checked_sub(1)?;
                        i += 1;
                        if depth == 0 {
                            return Some(i);
                        }
                    }
                    _ => i += 1,
                }
            }
        }
        _ => {
            let len = bytes[start..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']') || b.is_ascii_whitespace())
                .unwrap_or(bytes.len() - start);
            Some(start + len)
        }
    }
}

#[cfg(test)]
#[path = "table_json_tests.rs"]
mod tests;
