//! The statistics against a plain f64 reference implementation, and the t table.

use proptest::prelude::*;

use super::*;

fn nums(values: &[f64]) -> Vec<Num> {
    values.iter().map(|v| Num { value: *v, exact: Exact::from_f64_shortest(*v) }).collect()
}

/// Type 7, as numpy.percentile computes it by default.
fn reference_percentile(values: &[f64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let h = (sorted.len() - 1) as f64 * p / 100.0;
    let low = h.floor() as usize;
    let high = (low + 1).min(sorted.len() - 1);
    sorted[low] + (h - low as f64) * (sorted[high] - sorted[low])
}

fn reference_stdev(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0)).sqrt()
}

fn close(exact: &Option<Exact>, reference: f64) -> bool {
    let value = exact.as_ref().map_or(f64::NAN, Exact::to_f64);
    (value - reference).abs() <= 1e-9 * reference.abs().max(1.0)
}

#[test]
fn the_median_of_an_even_list_is_the_mean_of_its_middle_two_exactly() {
    let mut values = nums(&[989.2, 986.0, 987.1, 988.0]);
    sort(&mut values);
    let median = percentile(&values, &Num::of_integer(50));
    assert_eq!(median.exact, Exact::parse_decimal("987.55"));
    let p90 = percentile(&values, &Num::of_integer(90));
    // h = 2.7: 988.0 + 0.7 × 1.2
    assert_eq!(p90.exact, Exact::parse_decimal("988.84"));
}

#[test]
fn the_spreads_of_a_known_list() {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, s² = 32/7.
    let values = nums(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
    assert_eq!(variance(&values).exact, Exact::from_integer(32).div(&Exact::from_integer(7)));
    let stdev = spread(&values, Dispersion::Stdev).exact.unwrap();
    assert_eq!(stdev.digits_at(-6, Rounding::HalfAwayFromZero), "2138090"); // 2.138090
    let se = spread(&values, Dispersion::Se).exact.unwrap();
    assert_eq!(se.digits_at(-6, Rounding::HalfAwayFromZero), "755929"); // √(4/7)
    // t(7) = 2.3646: 2.3646 × 0.7559289… = 1.78749…
    let ci = spread(&values, Dispersion::Ci95).exact.unwrap();
    assert_eq!(ci.digits_at(-4, Rounding::HalfAwayFromZero), "17875");
}

#[test]
fn the_t_values_past_the_table_agree_with_the_exact_quantiles() {
    // t₀.₉₇₅ to 4 decimals from Student's distribution function in closed form, bisected.
    for (df, expected) in [
        (20, 20_860),
        (30, 20_423),
        (31, 20_395),
        (35, 20_301),
        (40, 20_211),
        (60, 20_003),
        (100, 19_840),
        (120, 19_799),
        (1000, 19_623),
    ] {
        assert_eq!(cornish_fisher(df), expected, "{df}");
    }
    assert_eq!(t_975(1), Exact::parse_decimal("12.7062").unwrap());
    assert_eq!(t_975(31), Exact::parse_decimal("2.0395").unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn percentiles_match_numpys_default(
        values in proptest::collection::vec(-1.0e6f64..1.0e6, 1..40),
        p in 0u32..=100,
    ) {
        let mut sorted = nums(&values);
        sort(&mut sorted);
        let got = percentile(&sorted, &Num::of_integer(p as usize));
        let reference = reference_percentile(&values, f64::from(p));
        prop_assert!(close(&got.exact, reference), "{:?} vs {reference}", got.exact.map(|e| e.to_f64()));
        prop_assert!((got.value - reference).abs() <= 1e-6 * reference.abs().max(1.0));
    }

    #[test]
    fn spreads_match_the_textbook_formulas(values in proptest::collection::vec(-1.0e6f64..1.0e6, 2..40)) {
        let list = nums(&values);
        let n = values.len() as f64;
        let s = reference_stdev(&values);
        let t = t_975(values.len() - 1).to_f64();
        for (which, reference) in [(Dispersion::Stdev, s), (Dispersion::Se, s / n.sqrt()), (Dispersion::Ci95, t * s / n.sqrt())] {
            let got = spread(&list, which);
            prop_assert!(close(&got.exact, reference), "{which:?}: {:?} vs {reference}", got.exact.map(|e| e.to_f64()));
            prop_assert!((got.value - reference).abs() <= 1e-6 * reference.abs().max(1.0));
        }
        let mean_got = mean(&list);
        prop_assert!(close(&mean_got.exact, values.iter().sum::<f64>() / n));
    }
}
