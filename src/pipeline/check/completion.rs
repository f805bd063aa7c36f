//! Completion: each appliance's figure computed from its family page's table.
//!
//! Owns the reading of family tables (the table a reader sees is the data) and the
//! arithmetic completion = Σ(done × weight) ÷ Σ weight. A cell's value is its last unstruck
//! number; struck values never count. It does not state completions anywhere: pages do,
//! with `{=completion}` tags that `claims` checks, and `readme` writes README's block.

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::markdown::{Cell, Scan};
use crate::number::Computed;
use crate::number::{Exact, NumberError, Rounding, Unit, UnitKind, parse_stated};
use crate::settings::Settings;

/// Computes the completion stated by a family page's table.
pub(crate) fn from_family_page(
    page: &Page,
    scan: &Scan,
    settings: &Settings,
    family: &str,
) -> Result<Computed, Vec<Diagnostic>> {
    let done_name = settings.text(&settings.family_columns.done, &page.lang).to_string();
    let weight_name = settings.text(&settings.family_columns.weight, &page.lang).to_string();
    let table = scan.tables.iter().find_map(|table| {
        let header = table.first()?;
        let position = |name: &str| header.iter().position(|c| c.text().trim().eq_ignore_ascii_case(name));
        Some((table, position(&done_name)?, position(&weight_name)?))
    });
    let Some((table, done_column, weight_column)) = table else {
        return Err(vec![
            Diagnostic::at(
                "family-table",
                &page.source,
                &page.text,
                0..3,
                "a family page needs a table with a done and a weight column",
            )
            .note(format!(
                "the columns are named \"{done_name}\" and \"{weight_name}\" (site.yaml family_columns)"
            )),
        ]);
    };
    let mut problems = Vec::new();
    let mut rows = Vec::new();
    for row in &table[1..] {
        let label = row.first().map(|c| c.text()).unwrap_or_default();
        let done = row.get(done_column).map(|c| cell_value(page, c, "done", &mut problems));
        let weight = row.get(weight_column).map(|c| cell_value(page, c, "weight", &mut problems));
        let (Some(Some((done, done_cell))), Some(Some((weight, weight_cell)))) = (done, weight) else {
            continue;
        };
        if !(0.0..=100.0).contains(&done) {
            problems.push(Diagnostic::at(
                "family-table",
                &page.source,
                &page.text,
                done_cell,
                format!("done is {done} %, outside 0 to 100 %"),
            ));
            continue;
        }
        if weight <= 0.0 || !weight.is_finite() {
            problems.push(Diagnostic::at(
                "family-table",
                &page.source,
                &page.text,
                weight_cell,
                format!("a weight must be a positive number, not {weight}"),
            ));
            continue;
        }
        rows.push((short_label(&label), done, weight));
    }
    if rows.is_empty() && problems.is_empty() {
        problems.push(Diagnostic::at(
            "family-table",
            &page.source,
            &page.text,
            0..3,
            "the family table has no rows",
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(compute(family, &rows))
}

/// completion = Σ(done × weight) ÷ N, N = Σ weight; each row an input.
pub(crate) fn compute(family: &str, rows: &[(String, f64, f64)]) -> Computed {
    let total_weight: f64 = rows.iter().map(|(_, _, w)| w).sum();
    let weighted: f64 = rows.iter().map(|(_, d, w)| d * w).sum();
    let inputs = rows
        .iter()
        .map(|(label, done, weight)| (format!("{label}: {done} % × {weight}"), done * weight))
        .collect();
    Computed {
        name: format!("{}.completion", crate::content::family_key(family)),
        value: weighted / total_weight,
        unit: Unit::Percent,
        exact: exact_completion(rows),
        formula: format!("Σ(done × weight) ÷ {total_weight} = {weighted} ÷ {total_weight}"),
        inputs,
        dropped: Vec::new(),
        round: Rounding::HalfAwayFromZero,
        withdrawn: Vec::new(),
        printed: None,
        over: None,
    }
}

/// The completion exactly, each cell taken as the decimal it was written as (a cell's f64
/// is read from its text, and its shortest text is that text for any cell a page has).
fn exact_completion(rows: &[(String, f64, f64)]) -> Option<Exact> {
    let (mut weighted, mut total_weight) = (Exact::zero(), Exact::zero());
    for (_, done, weight) in rows {
        let weight = Exact::from_f64_shortest(*weight)?;
        weighted = weighted.add(&Exact::from_f64_shortest(*done)?.mul(&weight)?)?;
        total_weight = total_weight.add(&weight)?;
    }
    weighted.div(&total_weight)
}

fn short_label(label: &str) -> String {
    let label = label.trim();
    match label.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &label[..at]),
        None => label.to_string(),
    }
}

/// The cell's one unstruck number, with its place in the file. A reader reads the cell
/// whole, so a cell holding more than one live number (`1/2`, `40–60 %`, a number in a code
/// span or an image's alt text beside another) has no value a reader would agree on: it is
/// refused rather than read as its last number. A done value is a percentage, its sign
/// written: `60` and `0.6` are not read as 60 % or 0.6 %.
fn cell_value(
    page: &Page,
    cell: &Cell,
    what: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<(f64, std::ops::Range<usize>)> {
    let live: String = cell.pieces.iter().filter(|(_, struck)| !struck).map(|(t, _)| t.as_str()).collect();
    let shown = live.trim();
    let done = what == "done";
    let form = if done { "one percentage, such as `60 %`" } else { "one positive number, such as `3`" };
    let error = |message: String| {
        Diagnostic::at("family-table", &page.source, &page.text, cell.range.clone(), message)
    };
    let several = || {
        let note = if done {
            "a fraction or a range is not read: state the value reached; an earlier value is struck before it, `~~40 %~~ 60 %`, and does not count"
        } else {
            "a weight is one number: a fraction or a range is not read; write the weight as one number, `0.5` for a half"
        };
        error(format!(
            "`{shown}` holds more than one number, and a {what} cell counts one number: write {form}"
        ))
        .note(note)
    };
    if shown.is_empty() {
        let message = if cell.pieces.iter().any(|(_, struck)| *struck) {
            format!("this row has no live {what} value (struck values do not count)")
        } else {
            format!("this row's {what} cell is empty")
        };
        problems.push(error(message).note(format!("write {form}")));
        return None;
    }
    // A tilde a reader is shown (`\\~`, or one left over from strike-through) is no part
    // of a number, unless it stands before one (`~60 %`, about 60 %).
    let untilded: String = shown
        .char_indices()
        .filter(|&(at, c)| c != '~' || shown[at + 1..].starts_with(|d: char| d.is_ascii_digit()))
        .map(|(_, c)| c)
        .collect();
    let stated = match parse_stated(shown)
        .or_else(|e| if shown.contains('~') { parse_stated(untilded.trim()) } else { Err(e) })
    {
        Ok(stated) => stated,
        Err(NumberError::SeveralNumbers { .. }) => {
            problems.push(several());
            return None;
        }
        // Tildes a reader is shown (`\~~40 %\~~ 60 %`) strike nothing: the numbers between
        // them are live.
        Err(_)
            if shown.contains('~')
                && matches!(
                    parse_stated(&shown.replace('~', " ")),
                    Err(NumberError::SeveralNumbers { .. })
                ) =>
        {
            problems.push(several().note(
                "the tildes here are shown as written (`\\~`, or not in pairs) and strike nothing: both numbers are live; strike with `~~40 %~~`",
            ));
            return None;
        }
        Err(_) => {
            let accepted = if done {
                "a done value is written in digits, with a decimal point if need be, and a percent sign: `60 %`, `62.5 %` (or `60％`)"
            } else {
                "a weight is written in digits, with a decimal point if need be: `3`, `0.5`"
            };
            problems.push(
                error(format!("`{shown}` cannot be read as a {what} value: write {form}")).note(accepted),
            );
            return None;
        }
    };
    let ok_unit =
        if done { stated.unit.kind() == UnitKind::Percent } else { stated.unit.kind() == UnitKind::Count };
    if !ok_unit {
        let message = if done && stated.unit.kind() == UnitKind::Count {
            format!("`{shown}` is a bare number, and a done cell states a percentage: write `{shown} %`")
        } else {
            format!("`{shown}` is not a {what} value: write {form}")
        };
        problems.push(error(message));
        return None;
    }
    Some((stated.value, cell.range.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_need_not_add_up_to_a_hundred() {
        let rows =
            vec![("a".to_string(), 100.0, 2.0), ("b".to_string(), 100.0, 1.0), ("c".to_string(), 0.0, 8.0)];
        let computed = compute("x", &rows);
        assert!((computed.value - 300.0 / 11.0).abs() < 1e-12);
        assert_eq!(computed.exact, Exact::ratio(300, 11));
    }

    /// Issue 12: a completion is exact too, so that 33.3 % × 3 rounds as written.
    #[test]
    fn a_completion_of_decimals_is_exact() {
        let rows =
            vec![("a".to_string(), 33.3, 1.0), ("b".to_string(), 66.7, 1.0), ("c".to_string(), 0.1, 1.0)];
        // (33.3 + 66.7 + 0.1) ÷ 3 = 33.3666…
        assert_eq!(compute("x", &rows).exact, Exact::ratio(1001, 30));
    }

    #[test]
    fn a_table_with_one_row_is_that_rows_done() {
        assert_eq!(compute("x", &[("a".to_string(), 62.0, 5.0)]).value, 62.0);
    }
}
