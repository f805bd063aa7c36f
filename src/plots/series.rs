//! Bars of figures over series of repeated runs, with whiskers:
//!
//! ````markdown
//! ```plot
//! title: TCP and UDP through the box
//! figures: [tcp_median, udp_median]   # figures computed over a series (`series.NAME.*`)
//! labels: [TCP, UDP]                  # optional, one per figure
//! whiskers: range                     # range (the default), se or sd
//! ```
//! ````
//!
//! Owns reading `figures:` and `whiskers:` (each figure must be over a series), each bar's
//! N and whisker ends ([`BarSpread`]), and how a spread in the values table is written. The bars and
//! their whiskers are drawn by `bars`, the table by `svg`.

use std::ops::Range;

use super::{Point, Reader, known_to};
use crate::figures::{RunData, did_you_mean};
use crate::number::Unit;

/// What a bar's whiskers span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whiskers {
    /// The least and the greatest value of the runs.
    Range,
    /// The bar's value ± the standard error of the mean.
    Se,
    /// The bar's value ± the sample standard deviation of the runs.
    Sd,
}

impl Whiskers {
    fn read(word: &str) -> Option<Whiskers> {
        match word {
            "range" => Some(Whiskers::Range),
            "se" => Some(Whiskers::Se),
            "sd" => Some(Whiskers::Sd),
            _ => None,
        }
    }

    /// The Fluent keys of its legend and of its column in the values table.
    pub(crate) fn keys(self) -> (&'static str, &'static str) {
        match self {
            Whiskers::Range => ("plot-whiskers-range", "plot-spread-range"),
            Whiskers::Se => ("plot-whiskers-se", "plot-spread-se"),
            Whiskers::Sd => ("plot-whiskers-sd", "plot-spread-sd"),
        }
    }
}

/// A bar's runs: N, and where its whiskers end, in the base unit.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BarSpread {
    pub n: usize,
    pub low: f64,
    pub high: f64,
    /// The standard error or deviation its whiskers span each way (None for a range).
    pub each_way: Option<f64>,
}

/// The sample standard deviation (n − 1) of `values`; None for fewer than two.
fn stdev(values: &[f64]) -> Option<f64> {
    let n = values.len() as f64;
    if values.len() < 2 {
        return None;
    }
    let mean = values.iter().sum::<f64>() / n;
    Some((values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt())
}

/// The whiskers of a bar of `value` over `values` (one run's spread is none: its whiskers
/// are the bar's end).
fn spread(whiskers: Whiskers, value: f64, values: &[f64]) -> BarSpread {
    let n = values.len();
    match whiskers {
        Whiskers::Range => BarSpread {
            n,
            low: values.iter().copied().fold(value, f64::min),
            high: values.iter().copied().fold(value, f64::max),
            each_way: None,
        },
        Whiskers::Se | Whiskers::Sd => {
            let sd = stdev(values).unwrap_or(0.0);
            let each = if whiskers == Whiskers::Se { sd / (n.max(1) as f64).sqrt() } else { sd };
            BarSpread { n, low: value - each, high: value + each, each_way: Some(each) }
        }
    }
}

impl Reader<'_> {
    /// `whiskers:` as written, at its place.
    pub(super) fn whiskers(&mut self, word: &str, span: Range<usize>) -> Option<Whiskers> {
        let read = Whiskers::read(word);
        if read.is_none() {
            self.error(
                "plot-spec",
                span,
                format!("`whiskers: {word}` is not one tally draws: range, se or sd"),
            );
        }
        read
    }

    /// A plot of `figures:`: its bars, their unit and what their whiskers span.
    #[allow(clippy::type_complexity, reason = "the block's optional lists, each with its place")]
    pub(super) fn figures_plot(
        &mut self,
        data: &RunData,
        (names, span): (Vec<(String, Range<usize>)>, Range<usize>),
        run_list: Option<(Vec<(String, Range<usize>)>, Range<usize>)>,
        labels: Option<(Vec<(String, Range<usize>)>, Range<usize>)>,
        whiskers: Option<(String, Range<usize>)>,
    ) -> Option<(Vec<Point>, Option<Unit>, Whiskers)> {
        if names.is_empty() {
            self.error(
                "plot-spec",
                span,
                "`figures` names no figure: list the figures over a series to draw",
            );
            return None;
        }
        if let Some((_, run_span)) = run_list {
            self.error("plot-spec", run_span, "`runs` are for `bars:`; `figures:` names its bars itself");
        }
        let labels = match labels {
            Some((labels, at)) if labels.len() != names.len() => {
                self.error("plot-spec", at, "`labels` needs one label for each of `figures`");
                labels
            }
            Some((labels, _)) => labels,
            None => Vec::new(),
        };
        let drawn = match whiskers {
            Some((word, at)) => self.whiskers(&word, at)?,
            None => Whiskers::Range,
        };
        let (points, unit) = self.figures(data, &names, &labels, drawn)?;
        Some((points, unit, drawn))
    }

    /// One bar per figure named, each computed over a series, with its whiskers.
    fn figures(
        &mut self,
        data: &RunData,
        names: &[(String, Range<usize>)],
        labels: &[(String, Range<usize>)],
        whiskers: Whiskers,
    ) -> Option<(Vec<Point>, Option<Unit>)> {
        let mut points = Vec::new();
        let mut unit: Option<Unit> = None;
        for (i, (name, span)) in names.iter().enumerate() {
            let computed = match data.resolve(name) {
                Ok(computed) => computed,
                Err(error) => {
                    self.error("plot-unknown", span.clone(), error.to_string());
                    continue;
                }
            };
            let Some(over) = computed.over.as_deref() else {
                let series = data
                    .figure_names()
                    .into_iter()
                    .filter(|n| data.resolve(n).is_ok_and(|c| c.over.is_some()));
                let hint = did_you_mean(name, series.collect::<Vec<_>>().iter().map(String::as_str));
                self.error(
                    "plot-spec",
                    span.clone(),
                    format!(
                        "`{name}` is not computed over a series (`series.NAME.*`): its bar would have no runs to draw whiskers from{hint}"
                    ),
                );
                continue;
            };
            let first = *unit.get_or_insert(computed.unit);
            if first.kind() != computed.unit.kind() {
                self.error(
                    "plot-spec",
                    span.clone(),
                    format!("`{name}` is {}, unlike the other bars", computed.unit.kind().name()),
                );
                continue;
            }
            // The values read are the runs' own; whiskers of another kind (a count of runs
            // of a rate) would be drawn on the wrong axis.
            let values: &[f64] = if over.unit.kind() == computed.unit.kind() { &over.values } else { &[] };
            points.push(Point {
                label: labels.get(i).map_or_else(|| name.clone(), |(l, _)| l.clone()),
                span: None,
                value: computed.value,
                path: name.clone(),
                known_to: known_to(&computed).1,
                stated_place: None,
                spread: Some(BarSpread { n: over.runs.len(), ..spread(whiskers, computed.value, values) }),
            });
        }
        if points.len() != names.len() {
            return None;
        }
        Some((points, unit))
    }
}

/// A bar's spread as its values table lists it, in `unit`: the range's ends to `place` (the
/// bar's value's, when a tag states it or the data knows it no finer) or as a bar's value is
/// labelled, or the ± to two significant digits.
pub(crate) fn spread_cell(spread: &BarSpread, unit: Unit, place: Option<i32>, separator: &str) -> String {
    let in_unit = |v: f64| v / unit.factor();
    let end = |v: f64| match place {
        Some(place) => super::axis::at_place_kept(in_unit(v), place),
        None => super::bars::bar_value(in_unit(v), None),
    };
    match spread.each_way {
        None => format!("{}{separator}{}", end(spread.low), end(spread.high)),
        Some(each) => {
            let each = in_unit(each);
            if each == 0.0 || !each.is_finite() {
                return "0".to_string();
            }
            super::axis::at_place(each, (each.abs().log10().floor() as i32 - 1).clamp(-20, 20))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whiskers_span_the_range_or_the_mean_plus_and_minus_its_spread() {
        let values = [987e6, 986e6, 989e6, 988.5e6];
        let range = spread(Whiskers::Range, 987.75e6, &values);
        assert_eq!((range.low, range.high, range.each_way), (986e6, 989e6, None));
        let se = spread(Whiskers::Se, 987.625e6, &values);
        let expected = (5.6875e12f64 / 3.0).sqrt() / 2.0;
        assert!((se.each_way.unwrap_or(0.0) - expected).abs() < 1e-3, "{se:?}");
        assert_eq!(spread_cell(&range, Unit::MegabitPerSecond, Some(0), "–"), "986–989");
        assert_eq!(spread_cell(&range, Unit::MegabitPerSecond, Some(0), "～"), "986～989");
        assert_eq!(spread_cell(&se, Unit::MegabitPerSecond, None, "–"), "0.69");
        // One run has no spread: its whiskers are its bar's end.
        let one = spread(Whiskers::Sd, 5.0, &[5.0]);
        assert_eq!((one.low, one.high), (5.0, 5.0));
    }
}
