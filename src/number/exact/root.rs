//! The square root of an exact value, for the spread of repeated runs (stdev, se, ci95).
//!
//! Owns [`Exact::sqrt`]. A root of a rational is rational only when numerator and
//! denominator are both squares; any other root is irrational and is carried as the
//! midpoint of the interval of 10^−[`ROOT_DIGITS`]-wide steps that holds it. No rounding
//! boundary of a coarser precision falls inside that interval, so the midpoint rounds
//! (half away from zero, or down) exactly as the true root does at any precision a page
//! states with up to [`ROOT_DIGITS`] significant digits.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use super::Exact;

/// The significant digits an irrational root is carried to: far past any measurement's.
pub(crate) const ROOT_DIGITS: i32 = 60;

impl Exact {
    /// √self, exact when it is rational, else correctly rounded at any precision of up to
    /// [`ROOT_DIGITS`] significant digits (see the module); None for a negative value or
    /// one past what is kept exactly.
    pub(crate) fn sqrt(&self) -> Option<Exact> {
        if self.is_negative() {
            return None;
        }
        if self.is_zero() {
            return Some(Exact::zero());
        }
        let value = self.to_big();
        let (numer, denom) = (value.numer().clone(), value.denom().clone());
        let (numer_root, denom_root) = (numer.sqrt(), denom.sqrt());
        if &numer_root * &numer_root == numer && &denom_root * &denom_root == denom {
            return Exact::from_big(BigRational::new(numer_root, denom_root));
        }
        // The root's leading digit is at about half the value's: carry ROOT_DIGITS past it.
        let leading = self.leading_exponent()?;
        let places = ROOT_DIGITS - leading.div_euclid(2);
        let ten = BigInt::from(10u8);
        let scaled = if places >= 0 {
            (numer * ten.pow(2 * places.unsigned_abs())).div_floor(&denom)
        } else {
            numer.div_floor(&(denom * ten.pow(2 * places.unsigned_abs())))
        };
        // floor(√floor(x)) = floor(√x): the root lies strictly between `low` and `low + 1`
        // steps, since it is irrational.
        let low = scaled.sqrt();
        let midpoint_numer: BigInt = low * 2u8 + 1u8;
        let step = ten.pow(places.unsigned_abs()) * 2u8;
        let midpoint = if places >= 0 {
            BigRational::new(midpoint_numer, step)
        } else {
            BigRational::from_integer(midpoint_numer * ten.pow(places.unsigned_abs()) / 2u8)
        };
        debug_assert!(!midpoint.is_negative() && !midpoint.is_zero());
        Exact::from_big(midpoint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Rounding;

    fn root(text: &str) -> Exact {
        Exact::parse_decimal(text).and_then(|v| v.sqrt()).unwrap_or_else(|| panic!("{text}"))
    }

    #[test]
    fn a_rational_root_is_exact() {
        assert_eq!(root("2.25"), Exact::parse_decimal("1.5").unwrap());
        assert_eq!(root("0"), Exact::zero());
        let ninth = Exact::from_integer(1).div(&Exact::from_integer(9)).unwrap();
        assert_eq!(ninth.sqrt(), Exact::from_integer(1).div(&Exact::from_integer(3)));
        assert_eq!(Exact::from_integer(-4).sqrt(), None);
    }

    #[test]
    fn an_irrational_root_rounds_as_the_true_root_at_every_precision() {
        // √2 = 1.41421356237309504880168872420969807856967187537694807317667973799…
        let two = root("2");
        let known = "141421356237309504880168872420969807856967187537694807317667973799";
        for places in 0..55 {
            let down = two.digits_at(-places, Rounding::Down);
            assert_eq!(down, known[..(places + 1) as usize], "{places}");
        }
        assert_eq!(two.digits_at(-2, Rounding::HalfAwayFromZero), "141");
        assert_eq!(two.digits_at(-4, Rounding::HalfAwayFromZero), "14142");
        // A large and a small value keep their significant digits.
        assert_eq!(root("2e40").digits_at(16, Rounding::Down), "14142");
        assert_eq!(root("2e-40").digits_at(-24, Rounding::Down), "14142");
        assert_eq!(root("20").digits_at(-3, Rounding::HalfAwayFromZero), "4472");
    }
}
