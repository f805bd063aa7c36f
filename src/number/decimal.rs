//! Exact decimals: [`Decimal`], rounding it at a power of ten ([`Rounding`]), and writing a
//! computed value as text ([`plain_text`]).
//!
//! Owns the rounding of a stated number's digits, and of a computed `f64` that has no exact
//! value (taken to 15 significant digits, then rounded on its decimal digits, so that 0.125
//! rounds to 0.13). Exact computed values round themselves (`exact`). It does not read
//! stated numbers (`lex`, `stated`) nor decide whether one matches (`check`).

/// How a computed value is brought to the stated precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Rounding {
    /// Half away from zero: 0.5 → 1, −0.5 → −1.
    #[default]
    HalfAwayFromZero,
    /// Toward zero (`round: down`), for authors who truncate.
    Down,
}

/// A decimal number: `sign`, `digits` (no leading zeros; empty for zero) × 10^`exponent`.
/// Kept as text so that no size of number overflows and no binary noise creeps in.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Decimal {
    pub negative: bool,
    pub digits: String,
    pub exponent: i32,
}

impl Decimal {
    pub(super) fn new(negative: bool, digits: &str, exponent: i32) -> Decimal {
        let digits = digits.trim_start_matches('0').to_string();
        Decimal { negative: negative && !digits.is_empty(), digits, exponent }
    }

    /// The decimal that `value` is, to 15 significant digits.
    pub fn from_f64(value: f64) -> Decimal {
        if value == 0.0 || !value.is_finite() {
            return Decimal::new(false, "", 0);
        }
        if let Some(decimal) = Decimal::from_shortest(value) {
            return decimal;
        }
        Decimal::from_f64_exact(value)
    }

    /// The shortest text that reads back as `value`, when it has 15 significant digits or
    /// fewer: then it is also `value` rounded to 15 digits, as a normal f64 lies within
    /// 1.2e-16 of it (half an ulp) and 15-digit neighbours are at least 1e-15 apart. That
    /// text is much cheaper to get than the exact digits, which take big-number arithmetic.
    fn from_shortest(value: f64) -> Option<Decimal> {
        if !value.is_normal() {
            return None;
        }
        let text = format!("{:e}", value.abs());
        let (mantissa, exp) = text.split_once('e')?;
        let exp: i32 = exp.parse().ok()?;
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        if digits.len() > 15 {
            return None;
        }
        let mut decimal = Decimal::new(value < 0.0, &digits, exp - (digits.len() as i32 - 1));
        decimal.trim_trailing_zeros();
        Some(decimal)
    }

    /// [`Decimal::from_f64`] by rounding the exact binary value: right for every value.
    fn from_f64_exact(value: f64) -> Decimal {
        if value == 0.0 || !value.is_finite() {
            return Decimal::new(false, "", 0);
        }
        // `{:.14e}` gives d.dddddddddddddde±x: 15 significant digits, correctly rounded.
        let text = format!("{:.14e}", value.abs());
        let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let mut decimal = Decimal::new(value < 0.0, &digits, exp - 14);
        decimal.trim_trailing_zeros();
        decimal
    }

    /// `self + other` for two decimals of the same sign, exactly, at the finer exponent.
    pub(super) fn plus(&self, other: &Decimal) -> Decimal {
        if other.is_zero() {
            return self.clone();
        }
        if self.is_zero() {
            return Decimal { negative: self.negative, ..other.clone() };
        }
        let exponent = self.exponent.min(other.exponent);
        let a = format!("{}{}", self.digits, "0".repeat((self.exponent - exponent) as usize));
        let b = format!("{}{}", other.digits, "0".repeat((other.exponent - exponent) as usize));
        let width = a.len().max(b.len());
        let (a, b) = (format!("{a:0>width$}"), format!("{b:0>width$}"));
        let mut out = Vec::with_capacity(width + 1);
        let mut carry = 0u8;
        for (x, y) in a.bytes().rev().zip(b.bytes().rev()) {
            let sum = (x - b'0') + (y - b'0') + carry;
            out.push(b'0' + sum % 10);
            carry = sum / 10;
        }
        if carry > 0 {
            out.push(b'0' + carry);
        }
        out.reverse();
        Decimal::new(self.negative, &String::from_utf8(out).unwrap_or_default(), exponent)
    }

    /// The same value without trailing zeros in its digits.
    pub(super) fn trimmed(mut self) -> Decimal {
        self.trim_trailing_zeros();
        self
    }

    pub(super) fn trim_trailing_zeros(&mut self) {
        while self.digits.len() > 1 && self.digits.ends_with('0') {
            self.digits.pop();
            self.exponent += 1;
        }
        if self.digits.is_empty() {
            self.exponent = 0;
        }
    }

    pub fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    pub fn to_f64(&self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        let sign = if self.negative { -1.0 } else { 1.0 };
        // Exact arithmetic's fast path: digits below 2^53 and a power of ten up to 10^22 are
        // both exact in an f64, so one multiplication or division rounds once, correctly,
        // as parsing the text does. Most stated and computed numbers take it; formatting
        // them as text to parse them was 1.5 % of a cold build.
        const EXACT_POWERS: [f64; 23] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
            1e18, 1e19, 1e20, 1e21, 1e22,
        ];
        if self.digits.len() <= 15
            && let Ok(digits) = self.digits.parse::<u64>()
            && let Some(&power) = EXACT_POWERS.get(self.exponent.unsigned_abs() as usize)
        {
            let magnitude = if self.exponent >= 0 { digits as f64 * power } else { digits as f64 / power };
            return sign * magnitude;
        }
        let text = format!("{}{}e{}", if self.negative { "-" } else { "" }, self.digits, self.exponent);
        text.parse().unwrap_or(f64::NAN)
    }

    /// The integer `n` (as digits, no leading zeros) with self ≈ n × 10^`exponent`,
    /// rounded by `rounding`.
    pub(super) fn digits_at(&self, exponent: i32, rounding: Rounding) -> String {
        if self.is_zero() {
            return String::new();
        }
        if exponent <= self.exponent {
            let zeros = (self.exponent - exponent) as usize;
            let mut digits = String::with_capacity(self.digits.len() + zeros);
            digits.push_str(&self.digits);
            digits.extend(std::iter::repeat_n('0', zeros));
            return digits;
        }
        let drop = (exponent - self.exponent) as usize;
        let (kept, dropped) = if drop >= self.digits.len() {
            ("", format!("{}{}", "0".repeat(drop - self.digits.len()), self.digits))
        } else {
            let cut = self.digits.len() - drop;
            (&self.digits[..cut], self.digits[cut..].to_string())
        };
        let round_up = match rounding {
            Rounding::Down => false,
            Rounding::HalfAwayFromZero => dropped.as_bytes().first().is_some_and(|d| *d >= b'5'),
        };
        let kept = if round_up { increment(kept) } else { kept.to_string() };
        kept.trim_start_matches('0').to_string()
    }
}

/// Adds one to a string of decimal digits.
fn increment(digits: &str) -> String {
    let mut bytes: Vec<u8> = digits.bytes().collect();
    for byte in bytes.iter_mut().rev() {
        if *byte == b'9' {
            *byte = b'0';
        } else {
            *byte += 1;
            return String::from_utf8(bytes).unwrap_or_default();
        }
    }
    let mut out = String::from("1");
    out.push_str(&String::from_utf8(bytes).unwrap_or_default());
    out
}

pub(super) fn decimal_text(decimal: &Decimal) -> String {
    if decimal.is_zero() {
        return "0".to_string();
    }
    let mut out = String::new();
    if decimal.negative {
        out.push('-');
    }
    if decimal.exponent >= 0 {
        out.push_str(&decimal.digits);
        out.push_str(&"0".repeat(decimal.exponent as usize));
    } else {
        let decimals = (-decimal.exponent) as usize;
        let padded = format!("{:0>width$}", decimal.digits, width = decimals + 1);
        let cut = padded.len() - decimals;
        out.push_str(&padded[..cut]);
        out.push('.');
        out.push_str(&padded[cut..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The fast path gives the f64 parsing the text gives, bit for bit.
        #[test]
        fn to_f64_is_what_parsing_the_text_gives(digits in "[1-9][0-9]{0,17}", exponent in -30i32..30, negative: bool) {
            let decimal = Decimal::new(negative, &digits, exponent);
            let text = format!("{}{digits}e{exponent}", if negative { "-" } else { "" });
            let parsed: f64 = text.parse().unwrap_or(f64::NAN);
            proptest::prop_assert_eq!(decimal.to_f64().to_bits(), parsed.to_bits(), "{}", text);
        }
    }
    use crate::number::testing::{computed, down, passes};
    use crate::number::{Unit, check, parse_stated};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// The shortcut through the shortest text must give exactly the exact path's digits.
        #[test]
        fn from_f64_agrees_with_the_exact_path_on_any_bits(bits in any::<u64>()) {
            let value = f64::from_bits(bits);
            prop_assert_eq!(Decimal::from_f64(value), Decimal::from_f64_exact(value));
        }

        #[test]
        fn from_f64_agrees_with_the_exact_path_on_computed_values(
            a in -10_000_000i64..10_000_000, b in 1i64..100_000, scale in -12i32..12,
        ) {
            // Quotients and scaled integers: the values figures compute.
            let value = a as f64 / b as f64 * 10f64.powi(scale);
            prop_assert_eq!(Decimal::from_f64(value), Decimal::from_f64_exact(value));
            let value = a as f64 * 10f64.powi(scale);
            prop_assert_eq!(Decimal::from_f64(value), Decimal::from_f64_exact(value));
        }
    }

    #[test]
    fn from_f64_agrees_with_the_exact_path_at_the_edges() {
        for value in [
            0.1,
            0.125,
            1.0 - f64::EPSILON,
            1.0 + f64::EPSILON,
            0.999_999_999_999_999_9,
            9.999_999_999_999_95,
            123_456_789_012_345.6,
            1e15,
            1e16,
            1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            -0.0,
            0.3,
            2.0 / 3.0,
            943.718_4,
            73.592_460_264_015_8,
        ] {
            assert_eq!(Decimal::from_f64(value), Decimal::from_f64_exact(value), "{value:e}");
            assert_eq!(Decimal::from_f64(-value), Decimal::from_f64_exact(-value), "{value:e}");
        }
    }

    #[test]
    fn rounding_is_half_away_from_zero_on_the_decimal_value() {
        assert!(passes("0.13", 0.125, Unit::Count));
        assert!(!passes("0.12", 0.125, Unit::Count));
        assert!(passes("2.68", 2.675, Unit::Count));
        assert!(passes("1.01", 1.005, Unit::Count));
        assert!(passes("-1.01", -1.005, Unit::Count));
        assert!(passes("0.3", 0.1 + 0.2, Unit::Count));
        assert!(passes("75", 74.5, Unit::Count));
        assert!(passes("74", 74.49, Unit::Count));
        // f64 noise just below .5 still rounds as the decimal value does.
        assert!(passes("75", 74.499_999_999_999_99, Unit::Count));
        assert!(passes("74 %", 962_826.0 / 1_308_305.0 * 100.0, Unit::Percent));
        assert!(passes("73.6 %", 962_826.0 / 1_308_305.0 * 100.0, Unit::Percent));
    }

    #[test]
    fn round_down_truncates_toward_zero() {
        let stated = parse_stated("953 Mbit/s").unwrap();
        assert!(check(&stated, &down(953_978_880.0, Unit::BitPerSecond), false).is_ok());
        assert!(check(&stated, &computed(953_978_880.0, Unit::BitPerSecond), false).is_err());
        let stated = parse_stated("-2.3").unwrap();
        assert!(check(&stated, &down(-2.39, Unit::Count), false).is_ok());
    }

    #[test]
    fn huge_and_tiny_values_compare_exactly() {
        // 15 significant digits are all an f64 computation carries; beyond them, zeros.
        assert!(passes("123,456,789,012,346,000,000", 1.234_567_890_123_456_8e20, Unit::Count));
        assert!(!passes("123,456,789,012,345,000,000", 1.234_567_890_123_456_8e20, Unit::Count));
        assert!(passes("1,234.57 billion", 1.234_567_890_123_456_8e12, Unit::Count));
        assert!(passes("1.5 billion", 1.5e9, Unit::Count));
        assert!(passes("0.000001", 1e-6, Unit::Count));
        assert!(!passes("0.000002", 1e-6, Unit::Count));
        assert!(!passes("0", 1e-9, Unit::Count), "zero is stated only for nothing");
        assert!(passes("3 億", 3.2e8, Unit::Count));
    }
}
