//! Exact numbers: [`Exact`], a rational of any size that a figure carries beside its `f64`,
//! so that `0.1 + 0.2` is 0.3, a 40-digit integer keeps its last digit, and 2.675 rounds to
//! 2.68 at the stated precision.
//!
//! Owns the exact value of data, literals and arithmetic, and rounding it at a power of ten
//! ([`Exact::digits_at`]). It does not decide which operations are exact (`expr::eval`
//! does) nor compare with a stated number (`check`).
//!
//! Numerator and denominator that fit an `i128` are computed inline (no allocation: the
//! figures of a page are counts, rates and decimals of a few digits); any step that would
//! overflow is redone with num-rational's `BigRational` and the result shrinks back when
//! it fits, so that one value has one form and `==` compares values.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

use super::{Decimal, Rounding};

/// The largest numerator or denominator an exact value may have, in bits (about 330
/// decimal digits, past the range of an f64): far beyond any measurement, and a bound on
/// what an expression such as `1e999999999`, or 256 divisions by primes, could make a build
/// compute (a step's cost grows with the square of the size, through the gcd that keeps a
/// fraction in lowest terms). A value past it is no longer exact; the figure falls back to
/// its `f64`.
const MAX_BITS: u64 = 1_100;

/// The most digits plus exponent a decimal text may have to be read exactly (keeps a read
/// value under [`MAX_BITS`]: 10^330 is 1,097 bits).
const MAX_DECIMAL_DIGITS: usize = 330;

/// A rational number, in lowest terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exact(Repr);

#[derive(Debug, Clone, PartialEq, Eq)]
enum Repr {
    /// `numer / denom`, `denom > 0`, in lowest terms, `numer != i128::MIN` (so that its
    /// negation and magnitude never overflow).
    Small { numer: i128, denom: i128 },
    /// Anything that does not fit `Small`; never a value that does.
    /// Boxed: a value is held by every number of the run data and every computed figure,
    /// and most fit `Small`; inline, the rare big one made each of them 80 bytes, not 48.
    Big(Box<BigRational>),
}

/// An exact value as the build memo on disk keeps it: numerator and denominator, as
/// integers while they fit an `i128`, else as decimal text.
#[derive(serde::Serialize, serde::Deserialize)]
enum Saved {
    Small(i128, i128),
    Big(String, String),
}

impl serde::Serialize for Exact {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Small { numer, denom } => Saved::Small(*numer, *denom),
            Repr::Big(value) => Saved::Big(value.numer().to_string(), value.denom().to_string()),
        }
        .serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Exact {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Exact, D::Error> {
        use serde::de::Error as _;
        let exact = match Saved::deserialize(deserializer)? {
            Saved::Small(numer, denom) => Exact::small(numer, denom),
            Saved::Big(numer, denom) => {
                let (Ok(numer), Ok(denom)) = (numer.parse::<BigInt>(), denom.parse::<BigInt>()) else {
                    return Err(D::Error::custom("an exact value that is not two integers"));
                };
                if denom.is_zero() { None } else { Exact::from_big(BigRational::new(numer, denom)) }
            }
        };
        exact.ok_or_else(|| D::Error::custom("an exact value out of range"))
    }
}

impl Exact {
    pub(crate) fn zero() -> Exact {
        Exact(Repr::Small { numer: 0, denom: 1 })
    }

    pub(crate) fn from_integer(value: i128) -> Exact {
        Exact::small(value, 1)
            .unwrap_or_else(|| Exact(Repr::Big(Box::new(BigRational::from_integer(value.into())))))
    }

    /// `numer / denom`, for unit factors (1/1000 s, 8 × 1024 bits); None when `denom` is 0.
    pub(crate) fn ratio(numer: u64, denom: u64) -> Option<Exact> {
        if denom == 0 {
            return None;
        }
        Exact::small(i128::from(numer), i128::from(denom))
            .or_else(|| Exact::from_big(BigRational::new(numer.into(), denom.into())))
    }

    /// `numer / denom` reduced, when it fits `Small` (`denom > 0`).
    fn small(numer: i128, denom: i128) -> Option<Exact> {
        if denom <= 0 || numer == i128::MIN {
            return None;
        }
        if denom == 1 {
            return Some(Exact(Repr::Small { numer, denom }));
        }
        let divisor = gcd(numer.unsigned_abs(), denom.unsigned_abs());
        // Both are at most i128::MAX in magnitude, and so are their quotients.
        let divisor = i128::try_from(divisor).ok()?;
        Some(Exact(Repr::Small { numer: numer / divisor, denom: denom / divisor }))
    }

    /// A big rational in the one form each value has: `Small` when it fits; None past
    /// [`MAX_BITS`].
    fn from_big(value: BigRational) -> Option<Exact> {
        if value.numer().bits() > MAX_BITS || value.denom().bits() > MAX_BITS {
            return None;
        }
        if let (Some(numer), Some(denom)) = (value.numer().to_i128(), value.denom().to_i128())
            && let Some(small) = Exact::small(numer, denom)
        {
            return Some(small);
        }
        Some(Exact(Repr::Big(Box::new(value))))
    }

    fn to_big(&self) -> BigRational {
        match &self.0 {
            Repr::Small { numer, denom } => BigRational::new_raw((*numer).into(), (*denom).into()),
            Repr::Big(value) => (**value).clone(),
        }
    }

    /// Reads a decimal as runs.yaml and expressions write one: an optional sign, digits
    /// (`_` allowed between them, as YAML allows), an optional fraction and an optional
    /// exponent: `8.20`, `-1_000`, `.5`, `1.5e-3`, `12345678901234567890123`. None for any
    /// other text (hex, `.inf`) or one too long to be exact.
    pub(crate) fn parse_decimal(text: &str) -> Option<Exact> {
        let text = text.trim();
        let (negative, unsigned) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
            Some(at) => (&unsigned[..at], unsigned[at + 1..].parse::<i64>().ok()?),
            None => (unsigned, 0),
        };
        let (integer, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let is_digits = |part: &str| {
            part.bytes().all(|b| b.is_ascii_digit() || b == b'_')
                && !part.starts_with('_')
                && !part.ends_with('_')
        };
        if integer.len() + fraction.len() == 0 || !is_digits(integer) || !is_digits(fraction) {
            return None;
        }
        let fraction_digits = fraction.bytes().filter(u8::is_ascii_digit).count();
        let exponent = exponent.checked_sub(i64::try_from(fraction_digits).ok()?)?;
        if fraction.is_empty() && !integer.contains('_') {
            // The common case, a plain integer: no copy.
            return Exact::from_digits(negative, integer, exponent);
        }
        let digits: String = integer.chars().chain(fraction.chars()).filter(|c| *c != '_').collect();
        Exact::from_digits(negative, &digits, exponent)
    }

    /// The value of a [`Decimal`] (a stated number, as written).
    pub(crate) fn from_decimal(decimal: &Decimal) -> Option<Exact> {
        Exact::from_digits(decimal.negative, &decimal.digits, i64::from(decimal.exponent))
    }

    /// The decimal an `f64` was written as: the shortest text that reads back as it (so
    /// `0.1` is one tenth, not the binary fraction nearest it). For values whose text is
    /// gone (iperf3's JSON numbers); None for NaN and the infinities.
    pub(crate) fn from_f64_shortest(value: f64) -> Option<Exact> {
        if !value.is_finite() {
            return None;
        }
        Exact::parse_decimal(&format!("{value:e}"))
    }

    /// `±digits × 10^exponent`.
    fn from_digits(negative: bool, digits: &str, exponent: i64) -> Option<Exact> {
        let digits = digits.trim_start_matches('0');
        if digits.is_empty() {
            return Some(Exact::zero());
        }
        // Trailing zeros go to the exponent, so that 1,000,000 stays a small integer.
        let significant = digits.trim_end_matches('0');
        let exponent = exponent.checked_add(i64::try_from(digits.len() - significant.len()).ok()?)?;
        let size = usize::try_from(exponent.unsigned_abs()).ok()?.checked_add(significant.len())?;
        if size > MAX_DECIMAL_DIGITS {
            return None;
        }
        let scale = u32::try_from(exponent.unsigned_abs()).ok()?;
        if let Ok(magnitude) = significant.parse::<i128>()
            && let Some(power) = 10i128.checked_pow(scale)
        {
            let numer = if negative { -magnitude } else { magnitude };
            let small = if exponent >= 0 {
                numer.checked_mul(power).and_then(|n| Exact::small(n, 1))
            } else {
                Exact::small(numer, power)
            };
            if small.is_some() {
                return small;
            }
        }
        let mut numer = BigInt::parse_bytes(significant.as_bytes(), 10)?;
        if negative {
            numer = -numer;
        }
        let power = BigInt::from(10u8).pow(scale);
        Exact::from_big(if exponent >= 0 {
            BigRational::from_integer(numer * power)
        } else {
            BigRational::new(numer, power)
        })
    }

    pub(crate) fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Small { numer, .. } => *numer == 0,
            Repr::Big(value) => value.is_zero(),
        }
    }

    pub(crate) fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small { numer, .. } => *numer < 0,
            Repr::Big(value) => value.is_negative(),
        }
    }

    pub(crate) fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small { denom, .. } => *denom == 1,
            Repr::Big(value) => value.is_integer(),
        }
    }

    pub(crate) fn neg(&self) -> Exact {
        match &self.0 {
            // `numer != i128::MIN`, so this cannot overflow.
            Repr::Small { numer, denom } => Exact(Repr::Small { numer: -numer, denom: *denom }),
            Repr::Big(value) => Exact(Repr::Big(Box::new(-&**value))),
        }
    }

    /// `self + other`; None past [`MAX_BITS`].
    pub(crate) fn add(&self, other: &Exact) -> Option<Exact> {
        if let (Repr::Small { numer: n1, denom: d1 }, Repr::Small { numer: n2, denom: d2 }) =
            (&self.0, &other.0)
        {
            let small = || {
                if *d1 == 1 && *d2 == 1 {
                    return Exact::small(n1.checked_add(*n2)?, 1);
                }
                let common = i128::try_from(gcd(d1.unsigned_abs(), d2.unsigned_abs())).ok()?;
                let denom = (d1 / common).checked_mul(*d2)?;
                let numer = n1.checked_mul(denom / d1)?.checked_add(n2.checked_mul(denom / d2)?)?;
                Exact::small(numer, denom)
            };
            if let Some(sum) = small() {
                return Some(sum);
            }
        }
        let (a, b) = (self.to_big(), other.to_big());
        if a.is_integer() && b.is_integer() {
            // No fraction to reduce: skip the gcd num-rational would take with 1.
            return Exact::from_big(BigRational::from_integer(a.numer() + b.numer()));
        }
        Exact::from_big(a + b)
    }

    /// `self − other`; None past [`MAX_BITS`].
    pub(crate) fn sub(&self, other: &Exact) -> Option<Exact> {
        self.add(&other.neg())
    }

    /// `self × other`; None past [`MAX_BITS`].
    pub(crate) fn mul(&self, other: &Exact) -> Option<Exact> {
        if let (Repr::Small { numer: n1, denom: d1 }, Repr::Small { numer: n2, denom: d2 }) =
            (&self.0, &other.0)
        {
            // Cancelling across first keeps the products as small as the result.
            let small = || {
                if *d1 == 1 && *d2 == 1 {
                    return Exact::small(n1.checked_mul(*n2)?, 1);
                }
                let g1 = i128::try_from(gcd(n1.unsigned_abs(), d2.unsigned_abs())).ok()?;
                let g2 = i128::try_from(gcd(n2.unsigned_abs(), d1.unsigned_abs())).ok()?;
                let numer = (n1 / g1).checked_mul(n2 / g2)?;
                let denom = (d1 / g2).checked_mul(d2 / g1)?;
                Exact::small(numer, denom)
            };
            if let Some(product) = small() {
                return Some(product);
            }
        }
        let (a, b) = (self.to_big(), other.to_big());
        if a.is_integer() && b.is_integer() {
            return Exact::from_big(BigRational::from_integer(a.numer() * b.numer()));
        }
        Exact::from_big(a * b)
    }

    /// `self ÷ other`; None when `other` is zero or past [`MAX_BITS`].
    pub(crate) fn div(&self, other: &Exact) -> Option<Exact> {
        if other.is_zero() {
            return None;
        }
        let reciprocal = match &other.0 {
            // Lowest terms stay lowest; `denom ≤ i128::MAX`, so `-denom` is no i128::MIN.
            Repr::Small { numer, denom } => {
                Exact(Repr::Small { numer: if *numer < 0 { -denom } else { *denom }, denom: numer.abs() })
            }
            Repr::Big(value) => Exact(Repr::Big(Box::new(value.recip()))),
        };
        self.mul(&reciprocal)
    }

    /// Orders two values exactly (an `f64` cannot tell 2^53 from 2^53 + 1).
    pub(crate) fn compare(&self, other: &Exact) -> Ordering {
        if let (Repr::Small { numer: n1, denom: d1 }, Repr::Small { numer: n2, denom: d2 }) =
            (&self.0, &other.0)
            && let (Some(left), Some(right)) = (n1.checked_mul(*d2), n2.checked_mul(*d1))
        {
            return left.cmp(&right);
        }
        self.to_big().cmp(&other.to_big())
    }

    /// The nearest `f64`.
    pub(crate) fn to_f64(&self) -> f64 {
        const EXACT_IN_F64: i128 = 1 << 53;
        match &self.0 {
            Repr::Small { numer, denom } if numer.abs() <= EXACT_IN_F64 && *denom <= EXACT_IN_F64 => {
                *numer as f64 / *denom as f64
            }
            _ => self.to_big().to_f64().unwrap_or(f64::NAN),
        }
    }

    /// The integer `n` (as digits, no leading zeros; empty for zero) with |self| ≈ n ×
    /// 10^`exponent`, rounded by `rounding` on the exact value: as [`Decimal::digits_at`]
    /// gives for a stated number, so that the two compare as text.
    pub(crate) fn digits_at(&self, exponent: i32, rounding: Rounding) -> String {
        if let Repr::Small { numer, denom } = &self.0
            && let Some(digits) =
                small_digits_at(numer.unsigned_abs(), denom.unsigned_abs(), exponent, rounding)
        {
            return digits;
        }
        let value = self.to_big();
        let (numer, denom) = (value.numer().abs(), value.denom().clone());
        // |self| ≤ |numer| < 10^(bits × log10 2 + 1): far below half a step of 10^exponent,
        // it rounds to nothing, and 10^exponent need not be computed.
        if f64::from(exponent) > numer.bits() as f64 * std::f64::consts::LOG10_2 + 2.0 {
            return String::new();
        }
        let scale = BigInt::from(10u8).pow(exponent.unsigned_abs());
        let (top, bottom) = if exponent <= 0 { (numer * scale, denom) } else { (numer, denom * scale) };
        let (quotient, remainder) = top.div_rem(&bottom);
        let round_up = rounding == Rounding::HalfAwayFromZero && remainder * 2u8 >= bottom;
        let rounded = if round_up { quotient + 1u8 } else { quotient };
        if rounded.is_zero() { String::new() } else { rounded.to_string() }
    }

    /// The exponent of the leading digit, floor(log10 |self|); None for zero.
    pub(crate) fn leading_exponent(&self) -> Option<i32> {
        if self.is_zero() {
            return None;
        }
        // 10^(guess−1) < |self| < 10^(guess+1): one comparison settles which.
        if let Repr::Small { numer, denom } = &self.0 {
            let (numer, denom) = (numer.unsigned_abs(), denom.unsigned_abs());
            let guess = numer.ilog10() as i32 - denom.ilog10() as i32;
            let scale = 10u128.pow(guess.unsigned_abs());
            let at_least_guess = if guess >= 0 {
                denom.checked_mul(scale).is_some_and(|d| numer >= d)
            } else {
                numer.checked_mul(scale).is_none_or(|n| n >= denom)
            };
            return Some(if at_least_guess { guess } else { guess - 1 });
        }
        let value = self.to_big();
        let (numer, denom) = (value.numer().abs(), value.denom().clone());
        let length = |n: &BigInt| i32::try_from(n.to_string().len()).unwrap_or(i32::MAX);
        let guess = length(&numer) - length(&denom);
        let scale = BigInt::from(10u8).pow(guess.unsigned_abs());
        let at_least_guess = if guess >= 0 { numer >= denom * scale } else { numer * scale >= denom };
        Some(if at_least_guess { guess } else { guess - 1 })
    }

    /// The value as text in base 10: an integer whole (any size), anything else to 15
    /// significant digits, as tally writes a computed value.
    pub(crate) fn text(&self) -> String {
        if self.is_integer() {
            return match &self.0 {
                Repr::Small { numer, .. } => numer.to_string(),
                Repr::Big(value) => value.numer().to_string(),
            };
        }
        let Some(leading) = self.leading_exponent() else {
            return "0".to_string();
        };
        let exponent = leading.saturating_sub(14);
        let digits = self.digits_at(exponent, Rounding::HalfAwayFromZero);
        super::decimal::decimal_text(&Decimal::new(self.is_negative(), &digits, exponent).trimmed())
    }
}

/// [`Exact::digits_at`] in `u128`, when nothing overflows.
fn small_digits_at(numer: u128, denom: u128, exponent: i32, rounding: Rounding) -> Option<String> {
    let scale = 10u128.checked_pow(exponent.unsigned_abs())?;
    let (top, bottom) =
        if exponent <= 0 { (numer.checked_mul(scale)?, denom) } else { (numer, denom.checked_mul(scale)?) };
    // Most figures fit 64 bits, where division is one instruction rather than a call.
    let rounded = match (u64::try_from(top), u64::try_from(bottom)) {
        (Ok(top), Ok(bottom)) => u128::from(rounded_quotient(top, bottom, rounding)),
        _ => rounded_quotient(top, bottom, rounding),
    };
    Some(if rounded == 0 { String::new() } else { rounded.to_string() })
}

/// `top ÷ bottom` rounded by `rounding` (`bottom > 0`).
fn rounded_quotient<T>(top: T, bottom: T, rounding: Rounding) -> T
where
    T: Copy
        + PartialOrd
        + std::ops::Div<Output = T>
        + std::ops::Rem<Output = T>
        + std::ops::Sub<Output = T>
        + From<u8>
        + std::ops::Add<Output = T>,
{
    let (quotient, remainder) = (top / bottom, top % bottom);
    // remainder ≥ bottom / 2, without doubling past the type. The quotient is the type's
    // maximum only when `bottom` is 1, and then the remainder is 0: no overflow.
    let round_up = rounding == Rounding::HalfAwayFromZero && remainder >= bottom - remainder;
    if round_up { quotient + T::from(1) } else { quotient }
}

/// The greatest common divisor (Stein's binary algorithm: no division, no overflow).
fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

#[cfg(test)]
mod tests;

mod root;
