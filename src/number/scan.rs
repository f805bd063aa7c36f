//! Figure-like numbers in running text ([`scan_figure_like`]): what parity checks compare
//! between translations.
//!
//! Owns [`FigureLike`] and [`FigureValue`], and what counts as figure-like (see the
//! `number` module doc). It does not check figures against data (`check`).

use std::ops::Range;

use super::lex::{digit_value, is_word_char, lex_all, match_unit};
use super::{Unit, UnitKind};

/// A figure-like number found in running text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FigureLike {
    pub range: Range<usize>,
    pub value: FigureValue,
}

/// A page's untagged figure-like numbers and where they stand.
pub(crate) type Untagged = Vec<(FigureValue, std::ops::Range<usize>)>;

/// A figure-like number normalised so that two spellings of one value compare equal.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) enum FigureValue {
    /// In the base unit of `kind`.
    Number { base: f64, kind: UnitKind },
    /// YYYY-MM-DD, from "2026-10-29" or "2026年10月29日".
    Date(String),
    /// A number in words that is figure-like by the rule digits follow ("forty seconds",
    /// "two hundred", "three quarters", 千本): compared in parity and counted for coverage
    /// like digits; kept apart because a title's may be matched by a tag in words.
    Spelled { base: f64, kind: UnitKind },
}

impl FigureValue {
    /// The same value, allowing for binary noise in the conversion.
    pub(crate) fn same_as(&self, other: &FigureValue) -> bool {
        let number = |v: &FigureValue| match v {
            FigureValue::Number { base, kind } | FigureValue::Spelled { base, kind } => Some((*base, *kind)),
            FigureValue::Date(_) => None,
        };
        if let (Some((a, ka)), Some((b, kb))) = (number(self), number(other)) {
            return ka == kb && (a - b).abs() <= 1e-9 * a.abs().max(b.abs());
        }
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
    read_figure_like(text, true)
}

/// The figure a tag's text states, as a title's or summary's number is matched with it:
/// its figure-like number, or else the count it states (`[four]{=runs} runs`, whose noun
/// stands outside the tag, so that the tag alone is no count of runs).
pub(crate) fn tag_figure(live: &str) -> Option<FigureValue> {
    if let Some(figure) = scan_figure_like(live).into_iter().next() {
        return Some(figure.value);
    }
    let stated = super::parse_stated(live).ok()?;
    (stated.unit == Unit::Count).then_some(FigureValue::Number { base: stated.value, kind: UnitKind::Count })
}

/// With `shortcut`, the readers that cannot find anything in `text` are not run: a date
/// needs a digit and a kanji numeral a character outside ASCII, and each reader is a pass
/// over every character of the page's prose.
fn read_figure_like(text: &str, shortcut: bool) -> Vec<FigureLike> {
    let ascii_only = shortcut && text.is_ascii();
    let mut found = Vec::new();
    // A date is written `2026-10-29` or 「2026年10月29日」: without a dash or 年 there is none.
    let may_hold_dates = !shortcut || text.contains('-') || text.contains('年');
    let dates = if !may_hold_dates || (ascii_only && !text.bytes().any(|b| b.is_ascii_digit())) {
        Vec::new()
    } else {
        find_dates(text)
    };
    for (range, date) in &dates {
        found.push(FigureLike { range: range.clone(), value: FigureValue::Date(date.clone()) });
    }
    let decimal_commas = if text.contains(',') { decimal_comma_figures(text) } else { Vec::new() };
    let within = |range: &Range<usize>, at: usize| range.start <= at && at < range.end;
    for lexed in lex_all(text) {
        if lexed.glued
            || dates.iter().any(|(range, _)| within(range, lexed.start))
            || decimal_commas.iter().any(|figure| within(&figure.range, lexed.start))
        {
            continue;
        }
        let value = lexed.decimal.to_f64();
        // 「毎秒 739,587 パケット」 is a packet rate, as 「739,587 パケット/秒」 is.
        let (unit, end) = match each_second(text, lexed.start, lexed.end) {
            Some((unit, end)) if lexed.unit == Unit::Count => (unit, end),
            _ => (lexed.unit, lexed.end),
        };
        // A ratio ("4×", 「5 倍」) is a measured result of any size, as a unit's number is:
        // "About 4× faster" against 「約 5 倍」 must not pass unseen.
        let counts = unit.kind() != UnitKind::Count
            || lexed.unit == Unit::Times
            || lexed.style.decimals > 0
            || lexed.has_scale
            || value.abs() >= 100.0
            || (lexed.unit == Unit::Count && super::repeats::counts_repeats(value, &text[lexed.end..]));
        if counts {
            found.push(FigureLike {
                range: lexed.start..end,
                value: FigureValue::Number { base: value * unit.factor(), kind: unit.kind() },
            });
        }
    }
    found.extend(decimal_commas);
    let digits: Vec<Range<usize>> = found.iter().map(|f| f.range.clone()).collect();
    let words: Vec<FigureLike> = super::words::figure_like_words(text, &digits)
        .into_iter()
        .map(|(number, count_of_runs)| {
            let (base, kind) = (number.to_f64() * number.unit.factor(), number.unit.kind());
            FigureLike {
                range: number.start..number.end,
                // A count of runs in words ("four runs") is compared as digits are: stated
                // in one language only, it is a difference, not words a translation may drop.
                value: if count_of_runs {
                    FigureValue::Number { base, kind }
                } else {
                    FigureValue::Spelled { base, kind }
                },
            }
        })
        .collect();
    found.extend(words);
    found.sort_by_key(|f| f.range.start);
    found
}

/// The rate of a number that 毎秒 stands before (spaces between) and a noun of a
/// `NOUN/秒` rate after (「毎秒 739,587 パケット」), with where the noun ends.
fn each_second(text: &str, start: usize, end: usize) -> Option<(Unit, usize)> {
    if !text[..start].trim_end_matches(' ').ends_with("毎秒") {
        return None;
    }
    let after = &text[end..];
    let spaces = after.len() - after.trim_start_matches(' ').len();
    let (noun_len, unit) = super::units::each_second_noun_starting(&after[spaces..])?;
    Some((unit, end + spaces + noun_len))
}

/// Numbers written with a decimal comma right before a unit (`8,14 Gbit/s`, as much of
/// Europe writes 8.14): a reader reads a measurement there, though tally's grammar reads a
/// comma only as a thousands separator (`8,140`). A comma that a unit does not follow is
/// a list ("runs 1,2 and 3"), not a decimal.
fn decimal_comma_figures(text: &str) -> Vec<FigureLike> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(comma) = text[at..].find(',').map(|i| at + i) {
        at = comma + 1;
        let whole_start = text[..comma].trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let fraction_end = comma + 1 + text[comma + 1..].bytes().take_while(u8::is_ascii_digit).count();
        let fraction_digits = fraction_end - comma - 1;
        // A group of three after a comma is a thousands separator the lexer reads.
        if whole_start == comma || fraction_digits == 0 || fraction_digits == 3 {
            continue;
        }
        let glued_before =
            text[..whole_start].chars().next_back().is_some_and(|c| is_word_char(c) || c == ',' || c == '.');
        let glued_after = bytes.get(fraction_end).is_some_and(|b| *b == b',' || *b == b'.');
        if glued_before || glued_after {
            continue;
        }
        let Some((unit, unit_end)) = match_unit(text, fraction_end) else {
            continue;
        };
        let number = format!("{}.{}", &text[whole_start..comma], &text[comma + 1..fraction_end]);
        let Ok(value) = number.parse::<f64>() else {
            continue;
        };
        found.push(FigureLike {
            range: whole_start..unit_end,
            value: FigureValue::Number { base: value * unit.factor(), kind: unit.kind() },
        });
        at = unit_end;
    }
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

    /// Issue 43: `8,14 Gbit/s` (a decimal comma) was no figure-like number at all; a list
    /// of counts ("runs 1,2 and 3") and thousands (`8,140 Gbit/s`) stay as they were.
    #[test]
    fn a_decimal_comma_before_a_unit_is_a_figure_and_a_list_is_not() {
        let found = scan_figure_like("It reached 8,14 Gbit/s, then 120,5 Mbit/s.");
        let values: Vec<(&Range<usize>, &FigureValue)> = found.iter().map(|f| (&f.range, &f.value)).collect();
        assert_eq!(values.len(), 2, "{values:?}");
        assert!(found[0].value.same_as(&FigureValue::Number { base: 8.14e9, kind: UnitKind::BitRate }));
        assert_eq!(found[0].range, 11..22);
        assert!(found[1].value.same_as(&FigureValue::Number { base: 120.5e6, kind: UnitKind::BitRate }));
        assert!(scan_figure_like("runs 1,2 and 3").is_empty());
        let thousands = scan_figure_like("8,140 Gbit/s");
        assert!(
            thousands.len() == 1
                && thousands[0]
                    .value
                    .same_as(&FigureValue::Number { base: 8.14e12, kind: UnitKind::BitRate })
        );
        assert!(scan_figure_like("v1,2.3 ms").iter().all(|f| f.range.start != 1));
    }

    proptest::proptest! {
        /// The shortcut skips only readers that would find nothing: what is found is what
        /// every reader finds, in prose with and without digits, number words and kanji.
        #[test]
        fn the_shortcut_finds_what_every_reader_finds(
            words in proptest::collection::vec(
                "[a-z]{1,7}|forty|twenty-five|one|thousand|seconds|ms|Mbit/s|%|2026-10-29|[0-9]{1,5}|[0-9]\\.[0-9]{1,2}|１２|四十|百二十|秒|万|年|月|日|[ ,.:;()\n-]",
                0..30,
            )
        ) {
            let text = words.join(" ");
            let full: Vec<String> = read_figure_like(&text, false).iter().map(|f| format!("{f:?}")).collect();
            let fast: Vec<String> = scan_figure_like(&text).iter().map(|f| format!("{f:?}")).collect();
            proptest::prop_assert_eq!(full, fast);
        }
    }

    #[test]
    fn figure_like_numbers_are_found_and_normalised() {
        let text = "2.74 million frames, 1,024 connections, 40 s, 74 %, on 2026-10-29, 12 streams, curl 8.21";
        let found = scan_figure_like(text);
        let values: Vec<&FigureValue> = found.iter().map(|f| &f.value).collect();
        assert_eq!(values.len(), 6, "{found:?}");
        assert!(values[0].same_as(&FigureValue::Number { base: 2_740_000.0, kind: UnitKind::Count }));
        assert!(values[1].same_as(&FigureValue::Number { base: 1024.0, kind: UnitKind::Count }));
        assert!(values[2].same_as(&FigureValue::Number { base: 40.0, kind: UnitKind::Seconds }));
        assert!(values[3].same_as(&FigureValue::Number { base: 74.0, kind: UnitKind::Percent }));
        assert_eq!(values[4], &FigureValue::Date("2026-10-29".into()));
        assert_eq!(&text[found[4].range.clone()], "2026-10-29");
        // "12 streams" is a small count ("12 runs" would count runs, a figure); "8.21" has decimals.
        assert!(values[5].same_as(&FigureValue::Number { base: 8.21, kind: UnitKind::Count }));

        let ja = scan_figure_like("274 万パケット、1024 本、2026年10月29日、40秒");
        assert_eq!(ja.len(), 4, "{ja:?}");
        assert!(ja[0].value.same_as(&found[0].value));
        assert!(ja[1].value.same_as(&found[1].value));
        assert_eq!(ja[2].value, found[4].value);
        assert!(ja[3].value.same_as(&found[2].value));
    }

    /// The trial's case: "About 4× faster." against 「約 5 倍 速い。」 passed parity, as a
    /// ratio under 100 was taken for a small count.
    #[test]
    fn a_ratio_of_any_size_is_figure_like() {
        let en = scan_figure_like("About 4× faster, 2 streams.");
        assert_eq!(en.len(), 1, "{en:?}");
        let ja = scan_figure_like("約 5 倍 速い。4 倍。");
        assert_eq!(ja.len(), 2, "{ja:?}");
        assert!(!ja[0].value.same_as(&en[0].value));
        assert!(ja[1].value.same_as(&en[0].value));
    }

    /// A README-only trial: "ran 4 runs" passed as a small count, and 「毎秒 739,587
    /// パケット」 was read as a count, not the packet rate "739,587 pps" is.
    #[test]
    fn a_count_of_runs_and_a_count_each_second_are_read_as_figures() {
        let text = "ran 4 runs, 3 more iperf3 runs, 5 times; 1 run, 4 streams, 2 ways to run";
        let found: Vec<&str> = scan_figure_like(text).iter().map(|f| &text[f.range.clone()]).collect();
        assert_eq!(found, ["4", "3", "5"]);
        let text = "4 回、2 回目、1 回、3 回線、毎秒 739,587 パケット、毎秒 74 万フレーム";
        let ja = scan_figure_like(text);
        let found: Vec<&str> = ja.iter().map(|f| &text[f.range.clone()]).collect();
        assert_eq!(found, ["4", "739,587 パケット", "74 万フレーム"]);
        assert_eq!(ja[1].value, FigureValue::Number { base: 739_587.0, kind: UnitKind::PacketRate });
        assert!(scan_figure_like("739,587 pps")[0].value.same_as(&ja[1].value));
    }

    #[test]
    fn kanji_numerals_next_to_a_unit_are_read() {
        assert_eq!(scan_figure_like("274 万 bit/s").len(), 1);
        let ja = scan_figure_like("四十秒間、百二十ミリ秒、二台");
        assert_eq!(ja.len(), 2, "{ja:?}");
        assert!(ja[0].value.same_as(&FigureValue::Number { base: 40.0, kind: UnitKind::Seconds }));
        assert!(ja[1].value.same_as(&FigureValue::Number { base: 0.12, kind: UnitKind::Seconds }));
        let en = scan_figure_like("for 40 seconds");
        assert!(en[0].value.same_as(&ja[0].value));
        let words = scan_figure_like("for forty seconds, twenty-five ms, one run");
        assert_eq!(words.len(), 2, "{words:?}");
        assert!(words[0].value.same_as(&ja[0].value));
        assert!(words[1].value.same_as(&FigureValue::Number { base: 0.025, kind: UnitKind::Seconds }));
        for (numeral, value) in [("三千五百本", 3500.0), ("二万台", 20_000.0), ("百件", 100.0)] {
            let found = scan_figure_like(numeral);
            assert!(
                found[0].value.same_as(&FigureValue::Number { base: value, kind: UnitKind::Count }),
                "{found:?}"
            );
        }
    }

    /// Regression (user trial): a unit written without its space was a glued name, so
    /// `9.9Gbps` in a title, a body or a translation was never read.
    #[test]
    fn a_unit_of_two_letters_or_more_without_its_space_is_read() {
        let text = "at 7.7Gbps, 1.5GB in 3.5ms, 940Mbit/s; XGS 3300s, 2x, 10GbE, 29c84f3";
        let found: Vec<&str> = scan_figure_like(text).iter().map(|f| &text[f.range.clone()]).collect();
        assert_eq!(found, ["7.7Gbps", "1.5GB", "3.5ms", "940Mbit/s"]);
        let stated = crate::number::parse_stated("9.9Gbps").expect("read");
        assert_eq!(
            stated.unit.symbol(),
            crate::number::parse_stated("9.9 Gbps").expect("read").unit.symbol()
        );
    }

    /// Regression (user trial): `９．９ Gbps` was read, and reported, as `９ Gbps`.
    #[test]
    fn a_full_width_point_is_a_decimal_point() {
        let text = "最大 ９．９ Gbps";
        let found = scan_figure_like(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(&text[found[0].range.clone()], "９．９ Gbps");
        assert!(found[0].value.same_as(&scan_figure_like("9.9 Gbps")[0].value), "{found:?}");
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
