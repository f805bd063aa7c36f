//! The N and spread written beside a figure over a series, in the text, where the page's
//! `spread:` asks for them: "(N = 4, 986–989)", "(SE ± 0.69, N = 4)", "(SD ± 1.4, N = 4)",
//! worded from the Fluent files (`figure-spread-*`) in the page's language.
//!
//! Owns that text: its numbers in the unit the tag states, the range to the tag's last
//! digit and a standard error or deviation to two significant digits. It is tally's own
//! text, shown after the tag and in no page body, so coverage and translation parity never
//! read it. The hover title's and evidence's spread is `values::spread_text`.

use crate::content::{Page, SpreadForm, SpreadSetting};
use crate::diagnostics::Diagnostic;
use crate::i18n::Strings;
use crate::markdown::Claim;
use crate::number::{Computed, Unit, parse_stated};

use super::FigureSources;
use super::resolution::{Resolutions, resolve_once};

/// The page's own `spread: {NAME: form}` names figures the page states, each computed over a
/// series: a name that is not one would show nothing, silently (`spread-not-series`, at the
/// name in the front matter).
pub(super) fn check_spread_names(
    page: &Page,
    claims: &[Claim],
    sources: &FigureSources,
    resolved: &mut Resolutions,
) -> Vec<Diagnostic> {
    let Some(SpreadSetting::Each(each)) = &page.front.spread else { return Vec::new() };
    let front = &page.text[..page.body_start];
    let start = crate::yaml::key_value_offset(front, "spread").unwrap_or(0);
    let mut problems = Vec::new();
    for name in each.keys() {
        let why = if !claims.iter().any(|c| &c.name == name) {
            "no tag of this page states it, so there is nowhere to show its spread".to_string()
        } else {
            match resolve_once(name, sources, resolved) {
                Some(resolution) if resolution.computed.over.is_some() => continue,
                Some(resolution) => format!(
                    "it is `{}`, which reads no series (`series.NAME.*`), so it has no N or spread",
                    resolution.computed.formula
                ),
                // A tag naming no figure is reported at the tag.
                None => continue,
            }
        };
        let at = key_at(&front[start..], name).map_or(start, |i| start + i);
        problems.push(
            Diagnostic::at(
                "spread-not-series",
                &page.source,
                &page.text,
                at..at + name.len().max(1),
                format!("`spread:` names `{name}`, but {why}"),
            )
            .note(
                "name a figure the page states that is computed over a series, or leave it out of `spread:`",
            ),
        );
    }
    problems
}

/// Where `name` stands as a key in `text` (`name:`), not inside another name.
fn key_at(text: &str, name: &str) -> Option<usize> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    text.match_indices(name).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back().is_none_or(|c| !is_name(c));
        let after = text[i + name.len()..].trim_start_matches([' ', '"', '\'']).starts_with(':');
        before && after
    })
}

/// The text shown after a tag whose text is `live` stating `computed`, in `form`; None
/// when the figure is not over a series or the form shows nothing in the text.
pub(super) fn spread_label(
    computed: &Computed,
    live: &str,
    form: SpreadForm,
    strings: &Strings,
    lang: &str,
) -> Option<String> {
    let over = computed.over.as_deref()?;
    if form == SpreadForm::Title {
        return None;
    }
    let n = over.runs.len().to_string();
    let text = |key: &str, args: &[(&str, String)]| strings.needed(lang, key, args);
    // Values of another kind than the figure's (a count of runs' rates) have no spread in
    // its unit: N alone.
    if over.values.is_empty() || over.unit.kind() != computed.unit.kind() {
        return Some(text("figure-spread-n", &[("n", n)]));
    }
    let (unit, place) = stated_unit_and_place(live, computed.unit);
    let values: Vec<f64> = over.values.iter().map(|v| v / unit.factor()).collect();
    match form {
        SpreadForm::Range => {
            let low = values.iter().copied().fold(f64::INFINITY, f64::min);
            let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let args = [("n", n), ("low", at_place(low, place)), ("high", at_place(high, place))];
            Some(text("figure-spread-range", &args))
        }
        SpreadForm::Se | SpreadForm::Sd => {
            let Some(sd) = sample_stdev(&values) else {
                return Some(text("figure-spread-n", &[("n", n)]));
            };
            let (key, value) = match form {
                SpreadForm::Se => ("figure-spread-se", sd / (values.len() as f64).sqrt()),
                _ => ("figure-spread-sd", sd),
            };
            Some(text(key, &[("n", n), ("spread", two_significant(value))]))
        }
        SpreadForm::Title => None,
    }
}

/// The unit a tag states its value in (the figure's for a bare number) and the decimal
/// place of its last written digit in that unit (`987.75 Mbit/s`: Mbit/s, -2).
fn stated_unit_and_place(live: &str, figure_unit: Unit) -> (Unit, i32) {
    match parse_stated(live) {
        Ok(stated) => {
            let unit = if stated.unit == Unit::Count { figure_unit } else { stated.unit };
            let place = if stated.precision.is_finite() && stated.precision > 0.0 {
                (stated.precision * (1.0 + 1e-9)).log10().floor() as i32
            } else {
                0
            };
            (unit, place.clamp(-20, 20))
        }
        Err(_) => (figure_unit, 0),
    }
}

/// The sample standard deviation (n − 1); None for fewer than two values.
fn sample_stdev(values: &[f64]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    Some((values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt())
}

/// `value` to the decimal `place`, thousands grouped (`986.00`, `1,000`).
fn at_place(value: f64, place: i32) -> String {
    let text = match usize::try_from(-place) {
        Ok(decimals) => format!("{value:.decimals$}"),
        Err(_) => format!("{:.0}", (value / 10f64.powi(place)).round() * 10f64.powi(place)),
    };
    // "-0.00" reads as a value below zero.
    let text = match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    };
    crate::views::grouped_digits(&text)
}

/// `value` to two significant digits (`0.69`, `1.4`, `12`, `1,200`).
fn two_significant(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return "0".to_string();
    }
    let place = (value.abs().log10().floor() as i32 - 1).clamp(-20, 20);
    at_place(value, place)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_to_the_tags_place_and_a_spread_to_two_digits() {
        assert_eq!(at_place(986.0, 0), "986");
        assert_eq!(at_place(986.0, -2), "986.00");
        assert_eq!(at_place(1_234_567.0, 3), "1,235,000");
        assert_eq!(at_place(-0.001, -1), "0.0");
        assert_eq!(two_significant(0.688_40), "0.69");
        assert_eq!(two_significant(1.376_9), "1.4");
        assert_eq!(two_significant(1_234.0), "1,200");
        assert_eq!(stated_unit_and_place("987.75 Mbit/s", Unit::BitPerSecond), (Unit::MegabitPerSecond, -2));
        assert_eq!(stated_unit_and_place("about 988", Unit::MegabitPerSecond), (Unit::MegabitPerSecond, 0));
    }

    #[test]
    fn a_name_is_found_as_a_key_not_inside_another_name() {
        assert_eq!(key_at(" {median_rate: range, rate: se}", "rate"), Some(22));
        assert_eq!(key_at(" {median_rate: range}", "median_rate"), Some(2));
        assert_eq!(key_at(" {x: range}", "rate"), None);
    }

    #[test]
    fn the_sample_standard_deviation_divides_by_n_minus_one() {
        let sd = sample_stdev(&[987.0, 986.0, 989.0, 988.5]).unwrap_or(f64::NAN);
        assert!((sd - (5.6875f64 / 3.0).sqrt()).abs() < 1e-12, "{sd}");
        assert_eq!(sample_stdev(&[1.0]), None);
    }
}
