//! Writing a value back in words, as a number in words was written: what a mismatch says
//! would pass ("three", 千, "three quarters", 七割), and the other half of the property tests
//! that words read as digits do.

use super::{SCALES, WordKind, Words};
use crate::number::Unit;

const ONES: [&str; 20] = super::ONES;

/// `n` in English words: "one thousand two hundred thirty-four".
pub(crate) fn english_cardinal(n: u64) -> String {
    if n == 0 {
        return "zero".to_string();
    }
    let mut parts = Vec::new();
    let mut rest = n;
    for (word, power) in SCALES.iter().rev() {
        let scale = 10u64.pow(*power);
        if rest >= scale {
            parts.push(format!("{} {word}", below_thousand(rest / scale)));
            rest %= scale;
        }
    }
    if rest > 0 {
        parts.push(below_thousand(rest));
    }
    parts.join(" ")
}

/// `n` below one thousand in words (one thousand and more is written in groups of these).
fn below_thousand(n: u64) -> String {
    let mut parts = Vec::new();
    if n >= 100 {
        parts.push(format!("{} hundred", ONES[(n / 100) as usize]));
    }
    let rest = n % 100;
    if rest >= 20 {
        let tens = super::TENS[(rest / 10 - 2) as usize];
        parts.push(if rest.is_multiple_of(10) {
            tens.to_string()
        } else {
            format!("{tens}-{}", ONES[(rest % 10) as usize])
        });
    } else if rest > 0 {
        parts.push(ONES[rest as usize].to_string());
    }
    parts.join(" ")
}

/// `n` in kanji numerals: 千, 一万二千, 三兆.
pub(crate) fn japanese_numeral(n: u64) -> String {
    const DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    if n == 0 {
        return "〇".to_string();
    }
    let group = |g: u64| {
        let mut out = String::new();
        for (power, mark) in [(1000, '千'), (100, '百'), (10, '十')] {
            let d = (g / power) % 10;
            if d > 1 {
                out.push(DIGITS[d as usize]);
            }
            if d > 0 {
                out.push(mark);
            }
        }
        if !g.is_multiple_of(10) {
            out.push(DIGITS[(g % 10) as usize]);
        }
        out
    };
    let mut out = String::new();
    for (power, mark) in [(12, "兆"), (8, "億"), (4, "万")] {
        let g = (n / 10u64.pow(power)) % 10_000;
        if g > 0 {
            out.push_str(&group(g));
            out.push_str(mark);
        }
    }
    out.push_str(&group(n % 10_000));
    out
}

/// A unit after a number in words, as prose spells it.
fn unit_words(unit: Unit, japanese: bool) -> String {
    match (unit, japanese) {
        (Unit::Count | Unit::Times, _) => String::new(),
        (Unit::Second, false) => " seconds".to_string(),
        (Unit::Millisecond, false) => " milliseconds".to_string(),
        (Unit::Second, true) => "秒".to_string(),
        (Unit::Millisecond, true) => "ミリ秒".to_string(),
        (unit, _) => format!(" {}", unit.symbol()),
    }
}

fn capitalised(text: String, capital: bool) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if capital => first.to_ascii_uppercase().to_string() + chars.as_str(),
        _ => text,
    }
}

/// `steps` steps of `words`' step, in `unit`, written as `words` were.
pub(crate) fn write_words(steps: u64, words: &Words, unit: Unit, one_in: u64) -> String {
    let (step_n, step_d) = words.step;
    let english = !words.japanese;
    let text = match words.kind {
        WordKind::OneIn(_) if english => format!("one in {}", english_cardinal(one_in)),
        WordKind::OneIn(_) => format!("{}人に一人", japanese_numeral(one_in)),
        WordKind::Multiple if english && steps * step_n == 1 => "once".to_string(),
        WordKind::Multiple if english && steps * step_n == 2 => "twice".to_string(),
        WordKind::Multiple if english => format!("{} times", english_cardinal(steps * step_n)),
        WordKind::Multiple => format!("{}倍", japanese_numeral(steps * step_n)),
        WordKind::Fraction => fraction_words(steps, words),
        WordKind::Cardinal => {
            // The value is steps × step_n / step_d: whole, or a half over.
            let halves = steps * step_n * 2 / step_d;
            let whole = halves / 2;
            let half = halves % 2 == 1;
            if english {
                let mut number = english_cardinal(whole);
                if words.article
                    && (number.starts_with("one hundred")
                        || number.starts_with("one thousand")
                        || number.starts_with("one million")
                        || number.starts_with("one billion")
                        || number.starts_with("one trillion"))
                {
                    number = number.replacen("one", "a", 1);
                }
                if half {
                    number = if whole == 0 { "a half".to_string() } else { format!("{number} and a half") };
                }
                number + &unit_words(unit, false)
            } else {
                let mut number = japanese_numeral(whole) + &unit_words(unit, true);
                if half {
                    number.push('半');
                }
                number
            }
        }
    };
    capitalised(text, words.capital)
}

fn fraction_words(steps: u64, words: &Words) -> String {
    let (step_n, denominator) = words.step;
    if words.japanese {
        return match (step_n, denominator) {
            (50, 1) if steps == 1 => "半分".to_string(),
            (10, 1) => format!("{}割", japanese_numeral(steps)),
            (1, 1) => format!("{}割{}分", japanese_numeral(steps / 10), japanese_numeral(steps % 10)),
            _ => format!("{}分の{}", japanese_numeral(denominator), japanese_numeral(steps)),
        };
    }
    let noun = match (denominator, steps == 1) {
        (2, true) => "half",
        (2, false) => "halves",
        (3, true) => "third",
        (3, false) => "thirds",
        (4, true) => "quarter",
        (4, false) => "quarters",
        (5, true) => "fifth",
        (5, false) => "fifths",
        (10, true) => "tenth",
        _ => "tenths",
    };
    match steps {
        0 => "none".to_string(),
        s if s == denominator => "all".to_string(),
        1 if words.article => format!("a {noun}"),
        1 if denominator == 2 => "half".to_string(),
        s => format!("{} {noun}", english_cardinal(s)),
    }
}
