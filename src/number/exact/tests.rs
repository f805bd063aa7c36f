//! Exact numbers' tests: arithmetic past i128, rounding at a power of ten, the form kept on disk.

use super::*;

#[test]
fn an_exact_value_is_kept_on_disk_as_it_is() {
    let big = Exact::from_integer(i128::MAX).mul(&Exact::from_integer(i128::MAX)).expect("in range");
    for value in [Exact::zero(), Exact::ratio(1, 3).expect("a third"), big] {
        let bytes = postcard::to_allocvec(&value).expect("serialised");
        assert_eq!(postcard::from_bytes::<Exact>(&bytes).expect("read back"), value);
    }
}

fn exact(text: &str) -> Exact {
    Exact::parse_decimal(text).unwrap_or_else(|| panic!("`{text}` is no decimal"))
}

fn ratio(numer: u64, denom: u64) -> Exact {
    Exact::ratio(numer, denom).unwrap_or_else(|| panic!("{numer}/{denom}"))
}

#[test]
fn decimals_are_read_as_written() {
    assert_eq!(exact("8.20"), ratio(41, 5));
    assert_eq!(exact("-1_000"), Exact::from_integer(-1000));
    assert_eq!(exact(".5"), ratio(1, 2));
    assert_eq!(exact("5."), Exact::from_integer(5));
    assert_eq!(exact("+1.5e-3"), ratio(3, 2000));
    assert_eq!(exact("12345678901234567e2"), Exact::from_integer(1_234_567_890_123_456_700));
    assert_eq!(exact("0.000"), Exact::zero());
    assert_eq!(exact("-0"), Exact::zero());
    for text in ["", "-", "0x1F", ".inf", "1_", "_1", "1e", "e5", "1.2.3", "1,5", "١"] {
        assert_eq!(Exact::parse_decimal(text), None, "{text}");
    }
    assert_eq!(Exact::from_f64_shortest(0.1), Some(ratio(1, 10)));
    assert_eq!(Exact::from_f64_shortest(0.1 + 0.2), Some(exact("0.30000000000000004")));
    assert_eq!(Exact::from_f64_shortest(f64::NAN), None);
    assert_eq!(Exact::from_f64_shortest(f64::INFINITY), None);
}

#[test]
fn integers_of_any_size_keep_every_digit() {
    let forty = exact("1234567890123456789012345678901234567890");
    let next = forty.add(&Exact::from_integer(1)).unwrap();
    assert_eq!(next, exact("1234567890123456789012345678901234567891"));
    assert_eq!(next.compare(&forty), Ordering::Greater);
    assert_eq!(next.text(), "1234567890123456789012345678901234567891");
    assert_eq!(next.digits_at(0, Rounding::HalfAwayFromZero), "1234567890123456789012345678901234567891");
    // Past an i128 and back: one value, one form, so `==` holds.
    let max = Exact::from_integer(i128::MAX);
    let past = max.add(&Exact::from_integer(1)).unwrap();
    assert_eq!(past.sub(&Exact::from_integer(1)).unwrap(), max);
    assert_eq!(Exact::from_integer(i128::MIN).neg().neg(), Exact::from_integer(i128::MIN));
    assert_eq!(past.mul(&past).unwrap().div(&past).unwrap(), past);
}

#[test]
fn arithmetic_is_exact() {
    assert_eq!(exact("0.1").add(&exact("0.2")), Some(exact("0.3")));
    assert_eq!(exact("0.3").sub(&exact("0.1")).and_then(|d| d.sub(&exact("0.2"))), Some(Exact::zero()));
    assert_eq!(Exact::from_integer(1).div(&Exact::from_integer(3)), Some(ratio(1, 3)));
    assert_eq!(ratio(1, 3).mul(&Exact::from_integer(3)), Some(Exact::from_integer(1)));
    assert_eq!(ratio(1, 3).neg().mul(&ratio(3, 2)), Some(ratio(1, 2).neg()));
    assert_eq!(ratio(1, 2).div(&ratio(1, 4).neg()), Some(Exact::from_integer(-2)));
    assert_eq!(ratio(1, 3).div(&Exact::zero()), None);
    assert_eq!(ratio(1, 3).compare(&exact("0.333")), Ordering::Greater);
    assert_eq!(ratio(1, 3).to_f64(), 1.0 / 3.0);
    assert!(exact("-0.5").is_negative() && !exact("0.5").is_negative());
    assert!(exact("2.0").is_integer() && !exact("2.5").is_integer());
}

#[test]
fn rounding_happens_on_the_exact_value() {
    // 2.675 is 2.67499999999999982236431605997495353221893310546875 as an f64.
    assert_eq!(exact("2.675").digits_at(-2, Rounding::HalfAwayFromZero), "268");
    assert_eq!(exact("-2.675").digits_at(-2, Rounding::HalfAwayFromZero), "268");
    assert_eq!(exact("2.675").digits_at(-2, Rounding::Down), "267");
    assert_eq!(exact("2.6749999").digits_at(-2, Rounding::HalfAwayFromZero), "267");
    assert_eq!(ratio(1, 3).digits_at(-3, Rounding::HalfAwayFromZero), "333");
    assert_eq!(ratio(2, 3).digits_at(-3, Rounding::HalfAwayFromZero), "667");
    assert_eq!(ratio(2, 3).digits_at(-3, Rounding::Down), "666");
    assert_eq!(ratio(1, 2).digits_at(0, Rounding::HalfAwayFromZero), "1");
    assert_eq!(exact("0.049").digits_at(-1, Rounding::HalfAwayFromZero), "");
    assert_eq!(exact("1250").digits_at(2, Rounding::HalfAwayFromZero), "13");
    assert_eq!(exact("962826").digits_at(3, Rounding::HalfAwayFromZero), "963");
    assert_eq!(Exact::zero().digits_at(-2, Rounding::HalfAwayFromZero), "");
    // Far coarser than the value, and far finer: no overflow, the same answers.
    assert_eq!(exact("999").digits_at(60, Rounding::HalfAwayFromZero), "");
    assert_eq!(ratio(1, 3).digits_at(-45, Rounding::Down), "3".repeat(45));
    let big = exact("1234567890123456789012345678901234567890.5");
    assert_eq!(big.digits_at(0, Rounding::HalfAwayFromZero), "1234567890123456789012345678901234567891");
    assert_eq!(big.digits_at(0, Rounding::Down), "1234567890123456789012345678901234567890");
    assert_eq!(big.digits_at(100, Rounding::HalfAwayFromZero), "");
}

#[test]
fn the_leading_digit_and_the_text() {
    for (text, leading) in [("0.001", -3), ("999", 2), ("1000", 3), ("-1000", 3), ("0.999", -1)] {
        assert_eq!(exact(text).leading_exponent(), Some(leading), "{text}");
    }
    assert_eq!(ratio(1, 3).leading_exponent(), Some(-1));
    assert_eq!(exact(&format!("1{}", "0".repeat(50))).leading_exponent(), Some(50));
    assert_eq!(exact(&format!("0.{}1", "0".repeat(50))).leading_exponent(), Some(-51));
    assert_eq!(Exact::zero().leading_exponent(), None);
    assert_eq!(ratio(1, 3).text(), "0.333333333333333");
    assert_eq!(ratio(2, 3).neg().text(), "-0.666666666666667");
    assert_eq!(exact("-1.5").text(), "-1.5");
    assert_eq!(exact("988.912345").text(), "988.912345");
}

#[test]
fn a_value_too_large_to_keep_exactly_is_none_not_a_hang() {
    assert_eq!(Exact::parse_decimal("1e999999999"), None);
    assert_eq!(Exact::parse_decimal("1e-999999999"), None);
    assert_eq!(Exact::parse_decimal(&"9".repeat(400)), None);
    assert!(Exact::parse_decimal(&"9".repeat(300)).is_some());
    let mut square = exact("1e100");
    for _ in 0..5 {
        match square.mul(&square) {
            Some(next) => square = next,
            None => return,
        }
    }
    panic!("1e300 squared five times stayed exact");
}

use proptest::prelude::*;

/// Numbers near the edges of the inline form, to send some steps down the big path.
fn operand() -> impl Strategy<Value = (i128, i128)> {
    let numer = prop_oneof![-1_000_000i128..1_000_000, any::<i64>().prop_map(i128::from), any::<i128>()];
    let denom = prop_oneof![1i128..1000, 1i128..=i128::from(u64::MAX), 1i128..=i128::MAX];
    (numer, denom)
}

fn reference((numer, denom): (i128, i128)) -> BigRational {
    BigRational::new(numer.into(), denom.into())
}

fn of((numer, denom): (i128, i128)) -> Exact {
    Exact::from_big(reference((numer, denom))).unwrap_or_else(Exact::zero)
}

proptest! {
    /// The inline path gives what num-rational gives, at every size.
    #[test]
    fn the_inline_and_big_paths_agree(a in operand(), b in operand()) {
        let (x, y) = (of(a), of(b));
        let (ra, rb) = (reference(a), reference(b));
        prop_assert_eq!(x.add(&y).map(|r| r.to_big()), Some(&ra + &rb));
        prop_assert_eq!(x.sub(&y).map(|r| r.to_big()), Some(&ra - &rb));
        prop_assert_eq!(x.mul(&y).map(|r| r.to_big()), Some(&ra * &rb));
        if !rb.is_zero() {
            prop_assert_eq!(x.div(&y).map(|r| r.to_big()), Some(&ra / &rb));
        }
        prop_assert_eq!(x.compare(&y), ra.cmp(&rb));
        prop_assert_eq!(x.to_f64(), ra.to_f64().unwrap_or(f64::NAN));
    }

    /// Rounding inline agrees with rounding the big value.
    #[test]
    fn rounding_inline_agrees_with_the_big_path(a in operand(), exponent in -40i32..40, down in any::<bool>()) {
        let rounding = if down { Rounding::Down } else { Rounding::HalfAwayFromZero };
        let x = of(a);
        let big = Exact(Repr::Big(Box::new(x.to_big())));
        prop_assert_eq!(x.digits_at(exponent, rounding), big.digits_at(exponent, rounding));
        prop_assert_eq!(x.leading_exponent(), big.leading_exponent());
    }
}
