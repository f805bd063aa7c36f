//! Figure-like numbers in running text ([`scan_figure_like`]): what parity checks compare
//! between translations.
//!
//! Owns [`FigureLike`] and [`FigureValue`], and what counts as figure-like (see the
//! `number` module doc). It does not check figures against data (`check`).

use std::ops::Range;

use super::UnitKind;
use super::lex::{digit_value, is_word_char, lex_all};

/// A figure-like number found in running text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FigureLike {
    pub range: Range<usize>,
    pub value: FigureValue,
}

/// A figure-like number normalised so that two spellings of one value compare equal.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum FigureValue {
    /// In the base unit of `kind`.
    Number { base: f64, kind: UnitKind },
    /// YYYY-MM-DD, from "2026-10-29" or "2026年10月29日".
    Date(String),
}

impl FigureValue {
    /// The same value, allowing for binary noise in the conversion.
    pub(crate) fn same_as(&self, other: &FigureValue) -> bool {
        match (self, other) {
            (FigureValue::Number { base: a, kind: ka }, FigureValue::Number { base: b, kind: kb }) => {
                ka == kb && ((a - b).abs() <= 1e-9 * a.abs().max(b.abs()))
            }
            (FigureValue::Date(a), FigureValue::Date(b)) => a == b,
            _ => false,
        }
    }
}

/// Every figure-like number in `text`: with a unit or %, with decimals, a scale word, a
/// date, or a count of 100 and above. See the module doc for what is skipped.
pub(crate) fn scan_figure_like(text: &str) -> Vec<FigureLike> {
    let mut found = Vec::new();
    let dates = find_dates(text);
    for (range, date) in &dates {
        found.push(FigureLike { range: range.clone(), value: FigureValue::Date(date.clone()) });
    }
    for lexed in lex_all(text) {
        if lexed.glued || dates.iter().any(|(r, _)| r.start <= lexed.start && lexed.start < r.end) {
            continue;
        }
        let value = lexed.decimal.to_f64();
        // A ratio ("2×", 「2 倍」) counts as a count does.
        let counts = lexed.unit.kind() != UnitKind::Count
            || lexed.style.decimals > 0
            || lexed.has_scale
            || value.abs() >= 100.0;
        if counts {
            found.push(FigureLike {
                range: lexed.start..lexed.end,
                value: FigureValue::Number { base: value * lexed.unit.factor(), kind: lexed.unit.kind() },
            });
        }
    }
    found.sort_by_key(|f| f.range.start);
    found
}

/// Dates: 2026-10-29 and 2026年10月29日 (ASCII or full-width digits).
fn find_dates(text: &str) -> Vec<(Range<usize>, String)> {
    let mut dates = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let digit_run = |from: usize| -> (String, usize) {
        let mut out = String::new();
        let mut i = from;
        while let Some(d) = chars.get(i).and_then(|(_, c)| digit_value(*c)) {
            out.push((b'0' + d) as char);
            i += 1;
        }
        (out, i)
    };
    let mut i = 0;
    while i < chars.len() {
        let glued =
            i > 0 && chars.get(i - 1).is_some_and(|(_, c)| is_word_char(*c) || digit_value(*c).is_some());
        if glued || digit_value(chars[i].1).is_none() {
            i += 1;
            continue;
        }
        let (year, after_year) = digit_run(i);
        let sep = chars.get(after_year).map(|(_, c)| *c);
        let parsed = match sep {
            Some('-') if year.len() == 4 => {
                let (month, after_month) = digit_run(after_year + 1);
                let dash = chars.get(after_month).map(|(_, c)| *c) == Some('-');
                let (day, after_day) = digit_run(after_month + 1);
                (month.len() == 2 && dash && day.len() == 2).then_some((month, day, after_day))
            }
            Some('年') if year.len() == 4 => {
                let (month, after_month) = digit_run(after_year + 1);
                let tsuki = chars.get(after_month).map(|(_, c)| *c) == Some('月');
                let (day, after_day) = digit_run(after_month + 1);
                let nichi = chars.get(after_day).map(|(_, c)| *c) == Some('日');
                (tsuki && nichi && (1..=2).contains(&month.len()) && (1..=2).contains(&day.len()))
                    .then_some((month, day, after_day + 1))
            }
            _ => None,
        };
        match parsed {
            Some((month, day, end)) => {
                let start_byte = chars[i].0;
                let end_byte = chars.get(end).map_or(text.len(), |(b, _)| *b);
                dates.push((start_byte..end_byte, format!("{year}-{month:0>2}-{day:0>2}")));
                i = end;
            }
            None => i = after_year.max(i + 1),
        }
    }
    dates
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_like_numbers_are_found_and_normalised() {
        let text = "2.74 million frames, 1,024 connections, 40 s, 74 %, on 2026-10-29, 12 runs, curl 8.21";
        let found = scan_figure_like(text);
        let values: Vec<&FigureValue> = found.iter().map(|f| &f.value).collect();
        assert_eq!(values.len(), 6, "{found:?}");
        assert!(values[0].same_as(&FigureValue::Number { base: 2_740_000.0, kind: UnitKind::Count }));
        assert!(values[1].same_as(&FigureValue::Number { base: 1024.0, kind: UnitKind::Count }));
        assert!(values[2].same_as(&FigureValue::Number { base: 40.0, kind: UnitKind::Seconds }));
        assert!(values[3].same_as(&FigureValue::Number { base: 74.0, kind: UnitKind::Percent }));
        assert_eq!(values[4], &FigureValue::Date("2026-10-29".into()));
        assert_eq!(&text[found[4].range.clone()], "2026-10-29");
        // "12 runs" is a small count; "8.21" has decimals.
        assert!(values[5].same_as(&FigureValue::Number { base: 8.21, kind: UnitKind::Count }));

        let ja = scan_figure_like("274 万パケット、1024 本、2026年10月29日、40秒");
        assert_eq!(ja.len(), 4, "{ja:?}");
        assert!(ja[0].value.same_as(&found[0].value));
        assert!(ja[1].value.same_as(&found[1].value));
        assert_eq!(ja[2].value, found[4].value);
        assert!(ja[3].value.same_as(&found[2].value));
    }

    #[test]
    fn versions_ids_and_model_names_are_not_figures() {
        let found = scan_figure_like(
            "lighttpd 1.4.85, v0.1.0-alpha.9, npuep.ko d29c84f3 29c84f3d, 6501-70 (1.41a), XGS 3300s, Port8, two XGS 136s",
        );
        // 6501 is a 4-digit model number that reads as a count; everything else is skipped.
        let texts: Vec<&str> = found.iter().map(|f| &"lighttpd 1.4.85, v0.1.0-alpha.9, npuep.ko d29c84f3 29c84f3d, 6501-70 (1.41a), XGS 3300s, Port8, two XGS 136s"[f.range.clone()]).collect();
        assert_eq!(texts, vec!["6501"]);
    }
}
