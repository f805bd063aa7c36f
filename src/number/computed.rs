//! What a figure is once computed: its value exactly and in base units, its unit and
//! rounding, the values once published and withdrawn, and how a tool printed it.
//!
//! Owns [`Computed`], [`Printed`] and [`Withdrawal`], the types the number grammar compares
//! a stated number with. It computes nothing: `crate::figures` fills them from run data.

use super::{Exact, Rounding, Unit};

/// A value the data gives, ready to compare with what a page states.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Computed {
    /// The NAME as tagged.
    pub name: String,
    /// In the base unit of `unit`'s kind.
    pub value: f64,
    /// The declared `unit:` of a figure, or the unit of a data field; Count when none.
    pub unit: Unit,
    /// The value exactly, in the same base unit: a rational of any size, from the data's
    /// decimal text through every step of the expression. None only for a value past what
    /// is kept exactly (~330 digits); it is then compared from `value`.
    pub exact: Option<Exact>,
    /// The expression, or the path.
    pub formula: String,
    /// Each data path read, with its value in base units.
    pub inputs: Vec<(String, f64)>,
    /// Those of `inputs` a `drop_ends` left out of its list.
    #[serde(default)]
    pub dropped: Vec<(String, f64)>,
    pub round: Rounding,
    /// Values once published and withdrawn.
    pub withdrawn: Vec<Withdrawal>,
    /// How the tool printed the value, when it printed it rounded (iperf 2's text): then
    /// it is known only to the last digit printed, and a page may state it no finer.
    pub printed: Option<Printed>,
    /// The series of repeated runs the figure is computed over, when it reads one.
    #[serde(default)]
    pub over: Option<Box<Over>>,
}

/// The runs of a series a figure is computed over: its N, and the values its spread is
/// shown from.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Over {
    /// The series' name in runs.yaml.
    pub series: String,
    /// Its runs that were read (a failed run is not), in order.
    pub runs: Vec<String>,
    /// The values read over the series, in the base unit of `unit`'s kind.
    pub values: Vec<f64>,
    pub unit: Unit,
}

/// A value as a tool printed it, rounded (iperf 2's `814 Mbits/sec`): it is known only to
/// its last printed digit.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Printed {
    /// The tool that printed it: `iperf`.
    pub by: &'static str,
    /// As the tool wrote it: `814 Mbits/sec`, `0.0-30.0 sec`.
    pub as_written: String,
    /// The same value at the same precision in tally's units, as a page may state it:
    /// `814 Mbit/s`, `30.0 s`.
    pub stated: String,
}

/// [`Printed`] as read back from the build memo: its tool's name is interned.
#[derive(serde::Deserialize)]
struct PrintedOwned {
    by: String,
    as_written: String,
    stated: String,
}

impl<'de> serde::Deserialize<'de> for Printed {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Printed, D::Error> {
        let owned = PrintedOwned::deserialize(deserializer)?;
        Ok(Printed {
            by: crate::static_str::intern(&owned.by),
            as_written: owned.as_written,
            stated: owned.stated,
        })
    }
}

/// A value once published and later withdrawn: struck on the page, never counted.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Withdrawal {
    /// As it was written in runs.yaml.
    pub value: String,
    /// YYYY-MM-DD.
    pub on: String,
    /// Why, as written (or, when given per language, in the first language written).
    pub why: String,
    /// Why in each language, when `why:` is given per language (`{en: ..., ja: ...}`).
    pub why_by_language: Vec<(String, String)>,
    /// Where `value:` is written in runs.yaml, for an error about it.
    #[serde(skip)]
    pub value_span: std::ops::Range<usize>,
}

impl Withdrawal {
    /// Why, in `lang` when the data gives it in that language.
    pub fn why_in(&self, lang: &str) -> &str {
        self.why_by_language.iter().find(|(l, _)| l == lang).map_or(self.why.as_str(), |(_, why)| why)
    }
}
