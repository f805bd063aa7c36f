//! The statistics of a list of values: order, percentiles (median), sample variance and
//! the spreads read from it (stdev, se, ci95), each exactly beside its `f64`.
//!
//! Owns the formulas and Student's t table. It does not gather the list nor check its
//! units (`eval` does); every function here takes values already in one unit.
//!
//! Exactness: order, percentiles, the mean and the variance are rational, so exact. A
//! spread is a square root, taken once of the whole rational under it (se = √(s²/n),
//! ci95 = √(t²·s²/n)) so that it is correctly rounded at any stated precision
//! ([`Exact::sqrt`]). The t values are rounded to 4 decimals, as a printed table gives
//! them: below, for 1 to 30 degrees of freedom, and past 30 from the Cornish–Fisher
//! expansion to ν⁻⁴ (which agrees with the table's digits from 20 on).

use std::cmp::Ordering;

use crate::number::{Exact, Rounding};

/// One value of a list: as an `f64` and, when known, exactly.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Num {
    pub value: f64,
    pub exact: Option<Exact>,
}

impl Num {
    pub(crate) fn of_integer(n: usize) -> Num {
        Num { value: n as f64, exact: Some(Exact::from_integer(n as i128)) }
    }
}

/// t₀.₉₇₅ for 1 to 30 degrees of freedom, in ten-thousandths.
const T_975: [u32; 30] = [
    127_062, 43_027, 31_824, 27_764, 25_706, 24_469, 23_646, 23_060, 22_622, 22_281, 22_010, 21_788, 21_604,
    21_448, 21_314, 21_199, 21_098, 21_009, 20_930, 20_860, 20_796, 20_739, 20_687, 20_639, 20_595, 20_555,
    20_518, 20_484, 20_452, 20_423,
];

/// The 0.975 quantile of the standard normal distribution, to 16 digits.
const Z_975: &str = "1.959963984540054";

/// Student's t₀.₉₇₅ for `df` degrees of freedom (`df ≥ 1`), to 4 decimals.
pub(crate) fn t_975(df: usize) -> Exact {
    let ten_thousandths = match T_975.get(df.wrapping_sub(1)) {
        Some(t) => i128::from(*t),
        None => cornish_fisher(df),
    };
    Exact::from_integer(ten_thousandths).div(&Exact::from_integer(10_000)).unwrap_or_else(Exact::zero)
}

/// t₀.₉₇₅ in ten-thousandths from the expansion z + g₁/ν + g₂/ν² + g₃/ν³ + g₄/ν⁴.
fn cornish_fisher(df: usize) -> i128 {
    let int = |n: i128| Exact::from_integer(n);
    let Some(z) = Exact::parse_decimal(Z_975) else { return 0 };
    let power = |k: usize| (1..k).try_fold(z.clone(), |p, _| p.mul(&z));
    let term = |coefficients: &[(i128, usize)], divisor: i128| -> Option<Exact> {
        let sum =
            coefficients.iter().try_fold(Exact::zero(), |sum, (c, k)| sum.add(&int(*c).mul(&power(*k)?)?))?;
        sum.div(&int(divisor))
    };
    let nu = int(df as i128);
    let expansion = || -> Option<Exact> {
        let g = [
            term(&[(1, 3), (1, 1)], 4)?,
            term(&[(5, 5), (16, 3), (3, 1)], 96)?,
            term(&[(3, 7), (19, 5), (17, 3), (-15, 1)], 384)?,
            term(&[(79, 9), (776, 7), (1482, 5), (-1920, 3), (-945, 1)], 92_160)?,
        ];
        let mut t = z.clone();
        let mut nu_power = Exact::from_integer(1);
        for g in g {
            nu_power = nu_power.mul(&nu)?;
            t = t.add(&g.div(&nu_power)?)?;
        }
        Some(t)
    };
    expansion().map_or(0, |t| t.digits_at(-4, Rounding::HalfAwayFromZero).parse().unwrap_or(0))
}

/// Sorts `values` ascending, exactly when every value is exact.
pub(crate) fn sort(values: &mut [Num]) {
    if values.iter().all(|v| v.exact.is_some()) {
        values.sort_by(|a, b| match (&a.exact, &b.exact) {
            (Some(a), Some(b)) => a.compare(b),
            _ => Ordering::Equal,
        });
    } else {
        values.sort_by(|a, b| a.value.total_cmp(&b.value));
    }
}

/// The `p`th percentile (0 ≤ p ≤ 100) of `sorted` (not empty), type 7 of Hyndman and Fan:
/// h = (n − 1)·p/100, x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋).
pub(crate) fn percentile(sorted: &[Num], p: &Num) -> Num {
    let last = sorted.len().saturating_sub(1);
    let h = last as f64 * p.value / 100.0;
    let exact_h = p
        .exact
        .as_ref()
        .and_then(|p| Exact::from_integer(last as i128).mul(p)?.div(&Exact::from_integer(100)));
    let below = match &exact_h {
        Some(h) => h.digits_at(0, Rounding::Down).parse::<usize>().unwrap_or(0),
        None => h.floor() as usize,
    }
    .min(last);
    let (low, high) = (&sorted[below], &sorted[(below + 1).min(last)]);
    let fraction = h - below as f64;
    let value = low.value + fraction * (high.value - low.value);
    let exact = exact_h.and_then(|h| {
        let fraction = h.sub(&Exact::from_integer(below as i128))?;
        low.exact.as_ref()?.add(&fraction.mul(&high.exact.as_ref()?.sub(low.exact.as_ref()?)?)?)
    });
    Num { value, exact }
}

/// The arithmetic mean of `values` (not empty).
pub(crate) fn mean(values: &[Num]) -> Num {
    let n = values.len() as f64;
    let exact = values
        .iter()
        .try_fold(Exact::zero(), |sum, v| sum.add(v.exact.as_ref()?))
        .and_then(|sum| sum.div(&Exact::from_integer(values.len() as i128)));
    Num { value: values.iter().map(|v| v.value).sum::<f64>() / n, exact }
}

/// The sample variance s² = Σ(x − x̄)² / (n − 1) of `values` (at least two).
pub(crate) fn variance(values: &[Num]) -> Num {
    let mean = mean(values);
    let squares = values.iter().map(|v| (v.value - mean.value).powi(2)).sum::<f64>();
    let exact = mean.exact.as_ref().and_then(|m| {
        let sum = values.iter().try_fold(Exact::zero(), |sum, v| {
            let d = v.exact.as_ref()?.sub(m)?;
            sum.add(&d.mul(&d)?)
        })?;
        sum.div(&Exact::from_integer(values.len() as i128 - 1))
    });
    Num { value: squares / (values.len() as f64 - 1.0), exact }
}

/// What a spread is: s, s/√n or t₀.₉₇₅(n − 1)·s/√n.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dispersion {
    Stdev,
    Se,
    Ci95,
}

/// The spread of `values` (at least two), as √ of the exact rational under it.
pub(crate) fn spread(values: &[Num], which: Dispersion) -> Num {
    let n = values.len();
    let variance = variance(values);
    let factor = match which {
        Dispersion::Stdev => Exact::from_integer(1),
        Dispersion::Se => {
            Exact::from_integer(1).div(&Exact::from_integer(n as i128)).unwrap_or_else(Exact::zero)
        }
        Dispersion::Ci95 => {
            let t = t_975(n - 1);
            t.mul(&t).and_then(|t2| t2.div(&Exact::from_integer(n as i128))).unwrap_or_else(Exact::zero)
        }
    };
    let value = (variance.value * factor.to_f64()).sqrt();
    let exact = variance.exact.and_then(|v| v.mul(&factor)).and_then(|v| v.sqrt());
    Num { value, exact }
}

#[cfg(test)]
mod tests;
