//! Japanese numbers in words: kanji numerals (二百, 千, 一万二千, 三兆), before a unit (四十秒,
//! 四秒半) or in the forms of a share or a multiple (四分の三, 七割, 七割五分, 二倍, 半分).
//!
//! Owns the reading of kanji numerals and the closed list of counters a number may stand
//! before (本, 件…). It does not decide whether a numeral is a figure in running text
//! (`scan`).

use super::{WordKind, WordNumber, Words};
use crate::number::Unit;
use crate::number::lex::match_unit;

/// Counters a Japanese number may stand before and still be a number (二百本, 3 件): what
/// it counts, as "connections" after "two hundred". 度 and 部 are not here: 一度に, 一部
/// are words.
pub(crate) const COUNTERS: [&str; 10] = ["本", "件", "個", "回", "台", "人", "枚", "通り", "フレーム", "つ"];

/// The value of a kanji digit.
pub(crate) fn kanji_digit(c: char) -> Option<u64> {
    Some(match c {
        '〇' | '零' => 0,
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// Whether `c` may be part of a kanji numeral.
pub(crate) fn is_numeral_char(c: char) -> bool {
    kanji_digit(c).is_some() || matches!(c, '十' | '百' | '千' | '万' | '億' | '兆')
}

/// A kanji numeral at `at`: its value, its place (the value of its last character's unit:
/// 100 for 二百, 1000 for 千, 10 for 二百五十) and where it ends.
pub(crate) fn numeral(text: &str, at: usize) -> Option<(u64, u64, usize)> {
    let mut total = 0u64;
    let mut group = 0u64;
    let mut digit: Option<u64> = None;
    let mut place = 0u64;
    let mut smallest_big = u32::MAX;
    let mut smallest_small = u64::MAX;
    let mut end = at;
    for c in text[at..].chars() {
        if let Some(d) = kanji_digit(c) {
            if digit.is_some() {
                break;
            }
            digit = Some(d);
            place = 1;
        } else if let Some(power) = match c {
            '十' => Some(10),
            '百' => Some(100),
            '千' => Some(1000),
            _ => None,
        } {
            if power >= smallest_small {
                break;
            }
            group += digit.take().unwrap_or(1) * power;
            smallest_small = power;
            place = power;
        } else if let Some(power) = match c {
            '万' => Some(4),
            '億' => Some(8),
            '兆' => Some(12),
            _ => None,
        } {
            if power >= smallest_big {
                break;
            }
            let scale = 10u64.pow(power);
            total += (group + digit.take().unwrap_or(0)).max(1) * scale;
            place *= scale;
            group = 0;
            smallest_big = power;
            smallest_small = u64::MAX;
        } else {
            break;
        }
        end += c.len_utf8();
    }
    // 万 and 億 alone are scale words (「274 万」 after digits), not numbers.
    if end == at || text[at..].starts_with(['万', '億', '兆']) {
        return None;
    }
    Some((total + group + digit.unwrap_or(0), place.max(1), end))
}

/// The counter at `at` (after spaces), if one of [`COUNTERS`] stands there: where it ends.
pub(crate) fn counter_after(text: &str, at: usize) -> Option<usize> {
    let from = at + text[at..].chars().take_while(|c| *c == ' ').map(char::len_utf8).sum::<usize>();
    COUNTERS.iter().find(|c| text[from..].starts_with(**c)).map(|c| from + c.len())
}

fn share(at: usize, end: usize, value: (u128, u128), step: (u64, u64)) -> WordNumber {
    WordNumber {
        start: at,
        number_end: end,
        end,
        value,
        unit: Unit::Percent,
        words: Words { step, kind: WordKind::Fraction, japanese: true, article: false, capital: false },
    }
}

/// The Japanese number in words that starts at `at`, with its unit if one follows.
pub(crate) fn read_japanese(text: &str, at: usize) -> Option<WordNumber> {
    if text[at..].starts_with("半分") {
        return Some(share(at, at + "半分".len(), (50, 1), (50, 1)));
    }
    let (value, place, number_end) = numeral(text, at)?;
    let rest = &text[number_end..];
    let words = |step, kind| Words { step, kind, japanese: true, article: false, capital: false };
    if let Some(after) = rest.strip_prefix("分の")
        && let Some((numerator, 1, end)) =
            numeral(text, number_end + "分の".len()).filter(|_| !after.is_empty())
        && numerator >= 1
        && numerator < value
    {
        return Some(share(at, end, (u128::from(numerator) * 100, u128::from(value)), (100, value)));
    }
    if rest.starts_with('割') && value < 10 && place == 1 {
        let end = number_end + '割'.len_utf8();
        if let Some((hundredths, 1, bu)) = numeral(text, end).filter(|(v, _, _)| *v < 10)
            && text[bu..].starts_with('分')
        {
            return Some(share(at, bu + '分'.len_utf8(), (u128::from(value * 10 + hundredths), 1), (1, 1)));
        }
        return Some(share(at, end, (u128::from(value) * 10, 1), (10, 1)));
    }
    if rest.starts_with('倍') {
        let end = number_end + '倍'.len_utf8();
        return Some(WordNumber {
            start: at,
            number_end: end,
            end,
            value: (u128::from(value), 1),
            unit: Unit::Times,
            words: words((place, 1), WordKind::Multiple),
        });
    }
    let (unit, mut end) = match match_unit(text, number_end) {
        Some((unit, end)) if unit != Unit::Times => (unit, end),
        _ => (Unit::Count, number_end),
    };
    let (mut doubled, mut step) = (u128::from(value) * 2, (place, 1));
    if unit != Unit::Count && text[end..].starts_with('半') && !text[end..].starts_with("半分") {
        doubled += 1;
        step = (1, 2);
        end += '半'.len_utf8();
    }
    Some(WordNumber {
        start: at,
        number_end,
        end,
        value: (doubled, 2),
        unit,
        words: words(step, WordKind::Cardinal),
    })
}
