//! A page's `spread:` front matter: where the N and spread of a figure computed over a
//! series are shown besides its hover title and evidence line.
//!
//! Owns the setting's values and how they are read (`spread: range`, or one per figure,
//! `spread: {median_rate: range, mean_rate: se}`). It does not write the text shown (that
//! is `pipeline::check::claims::spread`).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::{self, MapAccess, Visitor};

/// What stands beside a figure over a series, in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SpreadForm {
    /// Nothing in the text: the hover title and the evidence line only (the default).
    Title,
    /// "(N = 4, 986–989)": the runs read and the least and greatest value.
    Range,
    /// "(SE ± 0.69, N = 4)": the standard error of the mean.
    Se,
    /// "(SD ± 1.4, N = 4)": the sample standard deviation.
    Sd,
}

/// The words `spread:` takes.
const FORMS: &[&str] = &["title", "range", "se", "sd"];

/// A page's `spread:`: one form for every figure whose value is a median, mean or
/// percentile of a series, or one form per figure named.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub(crate) enum SpreadSetting {
    All(SpreadForm),
    Each(BTreeMap<String, SpreadForm>),
}

impl SpreadSetting {
    /// The form `spread:` asks for beside figure `name` whose formula is `formula`.
    pub(crate) fn form_of(&self, name: &str, formula: &str) -> SpreadForm {
        match self {
            SpreadSetting::All(form) if is_central(formula) => *form,
            SpreadSetting::All(_) => SpreadForm::Title,
            SpreadSetting::Each(each) => each.get(name).copied().unwrap_or(SpreadForm::Title),
        }
    }
}

impl std::fmt::Display for SpreadForm {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            SpreadForm::Title => "title",
            SpreadForm::Range => "range",
            SpreadForm::Se => "se",
            SpreadForm::Sd => "sd",
        })
    }
}

/// As written in front matter: `range`, or `{median_rate: range, mean_rate: se}`.
impl std::fmt::Display for SpreadSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            SpreadSetting::All(form) => write!(f, "{form}"),
            SpreadSetting::Each(each) => {
                let pairs: Vec<String> = each.iter().map(|(name, form)| format!("{name}: {form}")).collect();
                write!(f, "{{{}}}", pairs.join(", "))
            }
        }
    }
}

/// Whether a formula's value is a centre of its list (`median(…)`, `mean(…)`,
/// `percentile(…)`): a spread said beside a spread (`se(…)`) or a bound (`max(…)`) would say
/// it twice.
pub(crate) fn is_central(formula: &str) -> bool {
    let formula = formula.trim();
    ["median(", "mean(", "percentile("]
        .iter()
        .any(|f| formula.starts_with(f) && formula.ends_with(')') && closes_at_end(&formula[f.len() - 1..]))
}

/// Whether the parenthesis `text` opens with closes at its last character.
fn closes_at_end(text: &str) -> bool {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1 == text.len();
                }
            }
            _ => {}
        }
    }
    false
}

fn form(word: &str) -> Option<SpreadForm> {
    match word {
        "title" => Some(SpreadForm::Title),
        "range" => Some(SpreadForm::Range),
        "se" => Some(SpreadForm::Se),
        "sd" => Some(SpreadForm::Sd),
        _ => None,
    }
}

impl<'de> Deserialize<'de> for SpreadSetting {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SpreadSetting, D::Error> {
        struct Read;
        impl<'de> Visitor<'de> for Read {
            type Value = SpreadSetting;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("one of title, range, se, sd, or a map of figure names to one of them")
            }
            fn visit_str<E: de::Error>(self, word: &str) -> Result<SpreadSetting, E> {
                form(word).map(SpreadSetting::All).ok_or_else(|| E::unknown_variant(word, FORMS))
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<SpreadSetting, M::Error> {
                let mut each = BTreeMap::new();
                while let Some((name, word)) = map.next_entry::<String, String>()? {
                    let form = form(&word).ok_or_else(|| de::Error::unknown_variant(&word, FORMS))?;
                    each.insert(name, form);
                }
                Ok(SpreadSetting::Each(each))
            }
        }
        // The build memo (postcard, not self-describing) holds the derived form.
        if !deserializer.is_human_readable() {
            return Stored::deserialize(deserializer).map(|stored| match stored {
                Stored::All(form) => SpreadSetting::All(form),
                Stored::Each(each) => SpreadSetting::Each(each),
            });
        }
        deserializer.deserialize_any(Read)
    }
}

/// [`SpreadSetting`] as the build memo writes it (its derived `Serialize`).
#[derive(Deserialize)]
enum Stored {
    All(SpreadForm),
    Each(BTreeMap<String, SpreadForm>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_central_value_is_a_median_mean_or_percentile_of_the_whole_formula() {
        assert!(is_central("median(series.tcp.*.rate)"));
        assert!(is_central("mean(drop_ends(series.tcp.*.rate, 1))"));
        assert!(is_central("percentile(series.tcp.*.rate, 90)"));
        assert!(!is_central("se(series.tcp.*.rate)"));
        assert!(!is_central("max(series.tcp.*.rate)"));
        assert!(!is_central("median(series.a.*.x) - median(series.b.*.x)"));
        assert!(!is_central("median_rate * 2"));
    }

    #[test]
    fn the_build_memo_reads_back_what_it_wrote() {
        for spread in [
            SpreadSetting::All(SpreadForm::Se),
            SpreadSetting::Each(BTreeMap::from([("m".to_string(), SpreadForm::Range)])),
        ] {
            let bytes = postcard::to_allocvec(&spread).unwrap_or_default();
            assert_eq!(postcard::from_bytes::<SpreadSetting>(&bytes).ok(), Some(spread.clone()));
            assert!(!spread.to_string().is_empty());
        }
    }

    #[test]
    fn all_or_each_picks_the_form_beside_a_figure() {
        let all = SpreadSetting::All(SpreadForm::Range);
        assert_eq!(all.form_of("m", "median(series.t.*.x)"), SpreadForm::Range);
        assert_eq!(all.form_of("s", "se(series.t.*.x)"), SpreadForm::Title);
        let each = SpreadSetting::Each(BTreeMap::from([("s".to_string(), SpreadForm::Se)]));
        assert_eq!(each.form_of("s", "se(series.t.*.x)"), SpreadForm::Se);
        assert_eq!(each.form_of("m", "median(series.t.*.x)"), SpreadForm::Title);
    }
}
