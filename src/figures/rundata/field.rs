//! The values of runs.yaml: a run's fields and the constants ([`Field`], [`NumberField`]),
//! read from YAML with their units and withdrawn values.
//!
//! Owns what a value is and how one is read (`1 Gbit/s` → 1e9 bit/s; `{value, withdrawn}`).
//! It does not know which keys a run has (`runs`) nor what the bench requires of them
//! (`rules`).

use super::loader::Loader;
use crate::number::{self, Exact, Unit};
use crate::number::{Printed, Withdrawal};
use crate::yaml::{Node, NodeKind};

/// A value in a run (or a constant).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Field {
    Number(NumberField),
    Text(String),
    List(Vec<Field>),
    Map(Vec<(String, Field)>),
}

/// A number with its unit (values in base units) and any withdrawn values.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NumberField {
    pub value: f64,
    pub unit: Unit,
    /// The value exactly, in base units, as its text wrote it (`8.20` is 41/5, a 40-digit
    /// integer keeps its last digit).
    pub exact: Option<Exact>,
    pub withdrawn: Vec<Withdrawal>,
    /// How the tool printed it, when it printed it rounded (iperf 2's text). Boxed: few
    /// numbers have it, and inline it was a third of every run's every number.
    pub printed: Option<Box<Printed>>,
}

/// A number read from data: its value in base units, its unit, and the value exactly.
pub(super) struct Quantity {
    pub value: f64,
    pub unit: Unit,
    pub exact: Option<Exact>,
}

impl Field {
    /// A number a tool gave, with how it printed it when it printed it rounded. Exactly,
    /// the value is what it printed (`2.84 GBytes`) when it printed it, else the decimal
    /// its `f64` was written as (iperf3's JSON, whose text serde_json does not keep).
    pub(super) fn imported(value: f64, unit: Unit, printed: Option<Printed>) -> Field {
        let as_printed = printed
            .as_ref()
            .and_then(|p| quantity_text(&p.stated))
            .and_then(|q| q.exact)
            .filter(|exact| agrees(exact, value));
        Field::Number(NumberField {
            value,
            unit,
            exact: as_printed.or_else(|| Exact::from_f64_shortest(value)),
            withdrawn: Vec::new(),
            printed: printed.map(Box::new),
        })
    }

    pub(super) fn what(&self) -> &'static str {
        match self {
            Field::Number(_) => "a number",
            Field::Text(_) => "a text",
            Field::List(_) => "a list",
            Field::Map(_) => "a map",
        }
    }

    pub(super) fn child(&self, key: &str) -> Option<&Field> {
        match self {
            Field::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, f)| f),
            Field::List(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        }
    }

    /// Children with their keys (list indexes as text).
    pub(super) fn children(&self) -> Vec<(String, &Field)> {
        match self {
            Field::Map(entries) => entries.iter().map(|(k, f)| (k.clone(), f)).collect(),
            Field::List(items) => items.iter().enumerate().map(|(i, f)| (i.to_string(), f)).collect(),
            _ => Vec::new(),
        }
    }
}

/// A value typed into runs.yaml is known to the digits it is written with, as a tool's
/// printed value is: `372 Mbit/s` stated as `372.0 Mbit/s` claims a digit nobody measured.
/// Only a plain decimal has a precision (`1e9`, `0x1F` keep none).
pub(super) fn typed_text(text: &str) -> Option<Printed> {
    let text = text.trim();
    let number = text.split_whitespace().next()?;
    crate::figures::import::plain_decimal(number)?;
    Some(Printed { by: "runs.yaml", as_written: text.to_string(), stated: text.to_string() })
}

impl Loader<'_> {
    /// How a number node is written, as its precision (see [`typed_text`]).
    pub(super) fn typed(&self, node: &Node) -> Option<Printed> {
        let text = self.source.get(node.span.clone())?.trim();
        if text.contains(char::is_whitespace) {
            return None;
        }
        typed_text(text)
    }

    /// The exact value of a number node, read from the file's text so that 19 digits stay
    /// 19 digits and `8.20` is not the binary fraction nearest it; from `value` when the
    /// text is not a plain decimal (`0x1F`).
    fn exact_number(&self, node: &Node, value: f64) -> Option<Exact> {
        self.source
            .get(node.span.clone())
            .and_then(Exact::parse_decimal)
            .filter(|exact| agrees(exact, value))
            .or_else(|| Exact::from_f64_shortest(value))
    }

    /// A number, or a text of one number and a unit ("1 Gbit/s"), in base units.
    pub(super) fn quantity(&mut self, node: &Node, what: &str) -> Option<Quantity> {
        match &node.kind {
            NodeKind::Number(n) if !n.is_finite() => {
                self.error(
                    "runs-type",
                    node.span.clone(),
                    format!("{what} must be a finite number, not `{n}`"),
                );
                None
            }
            NodeKind::Number(n) => {
                Some(Quantity { value: *n, unit: Unit::Count, exact: self.exact_number(node, *n) })
            }
            NodeKind::Str(text) => match quantity_text(text) {
                Some(q) => Some(q),
                None => {
                    self.error(
                        "runs-type",
                        node.span.clone(),
                        format!("{what} must be a number, or a number and a unit such as `1 Gbit/s`; `{text}` is not"),
                    );
                    None
                }
            },
            _ => {
                self.type_error(node, what, "a number");
                None
            }
        }
    }

    pub(super) fn load_withdrawals(&mut self, node: &Node) -> Vec<Withdrawal> {
        let NodeKind::Seq(items) = &node.kind else {
            self.type_error(node, "`withdrawn`", "a list of {value, on, why}");
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items {
            let (mut value, mut on, mut why) = (None, None, None);
            let mut value_span = item.span.clone();
            let mut why_by_language = Vec::new();
            for (key, v) in self.map(item, "a withdrawn value") {
                match key.key_text().as_str() {
                    "value" => {
                        value = self.text(v, "`value`");
                        value_span = v.span.clone();
                    }
                    "on" => {
                        on = self.text(v, "`on`");
                        if on.as_deref().is_some_and(|d| !is_date(d)) {
                            self.error(
                                "runs-type",
                                v.span.clone(),
                                "`on` must be a date of the calendar, YYYY-MM-DD",
                            );
                        } else if let (Some(date), Some(latest)) = (
                            on.as_deref().and_then(|d| d.parse::<jiff::civil::Date>().ok()),
                            latest_possible_date(),
                        ) && date > latest
                        {
                            self.error(
                                "runs-withdrawn",
                                v.span.clone(),
                                format!("`on` is {date}, after today: a value is withdrawn on the day it was corrected"),
                            );
                        }
                    }
                    "why" => match &v.kind {
                        // Per language: {en: ..., ja: ...}; the first one written stands for all.
                        NodeKind::Map(entries) => {
                            for (lang, text) in entries {
                                if let Some(text) = self.text(text, "`why`") {
                                    why_by_language.push((lang.key_text(), text));
                                }
                            }
                            why = why_by_language.first().map(|(_, text)| text.clone());
                        }
                        _ => why = self.text(v, "`why`"),
                    },
                    other => self.error(
                        "runs-unknown-key",
                        key.span.clone(),
                        format!("unknown key `{other}`; a withdrawn value has value, on, why"),
                    ),
                }
            }
            match (value, on, why) {
                (Some(value), Some(on), Some(why)) if !why.trim().is_empty() => {
                    out.push(Withdrawal { value, on, why, why_by_language, value_span })
                }
                _ => self.error(
                    "runs-withdrawn",
                    item.span.clone(),
                    "a withdrawn value needs `value`, `on` (a date) and `why`",
                ),
            }
        }
        out
    }

    pub(super) fn field(&mut self, node: &Node) -> Option<Field> {
        match &node.kind {
            NodeKind::Number(n) if !n.is_finite() => {
                self.error(
                    "runs-type",
                    node.span.clone(),
                    "not a number or an infinity: a measurement is a finite number; mark the run `failed: why` if it gave none",
                );
                None
            }
            NodeKind::Number(n) => Some(Field::Number(NumberField {
                value: *n,
                unit: Unit::Count,
                exact: self.exact_number(node, *n),
                withdrawn: Vec::new(),
                printed: self.typed(node).map(Box::new),
            })),
            NodeKind::Str(text) => Some(match quantity_text(text) {
                Some(Quantity { value, unit, exact }) => Field::Number(NumberField {
                    value,
                    unit,
                    exact,
                    withdrawn: Vec::new(),
                    printed: typed_text(text).map(Box::new),
                }),
                None => Field::Text(text.clone()),
            }),
            NodeKind::Seq(items) => Some(Field::List(items.iter().filter_map(|i| self.field(i)).collect())),
            NodeKind::Map(entries) => {
                if entries.iter().any(|(k, _)| k.key_text() == "withdrawn") {
                    return self.withdrawable(node, entries);
                }
                let mut fields = Vec::new();
                for (key, value) in entries {
                    if let Some(field) = self.field(value) {
                        fields.push((key.key_text(), field));
                    }
                }
                Some(Field::Map(fields))
            }
            NodeKind::Null | NodeKind::Bool(_) => {
                self.type_error(node, "a run's field", "a number, a text, a list or a map");
                None
            }
        }
    }

    /// `{value: 9090, withdrawn: [...]}`.
    fn withdrawable(&mut self, node: &Node, entries: &[(Node, Node)]) -> Option<Field> {
        let mut number = None;
        let mut withdrawn = Vec::new();
        for (key, value) in entries {
            match key.key_text().as_str() {
                "value" => number = self.quantity(value, "`value`"),
                "withdrawn" => withdrawn = self.load_withdrawals(value),
                other => self.error(
                    "runs-unknown-key",
                    key.span.clone(),
                    format!("unknown key `{other}`; a field with withdrawn values has value and withdrawn"),
                ),
            }
        }
        let printed =
            entries.iter().find(|(k, _)| k.key_text() == "value").and_then(|(_, v)| match &v.kind {
                NodeKind::Str(text) => typed_text(text),
                _ => self.typed(v),
            });
        match number {
            Some(Quantity { value, unit, exact }) => Some(Field::Number(NumberField {
                value,
                unit,
                exact,
                withdrawn,
                printed: printed.map(Box::new),
            })),
            None => {
                self.error(
                    "runs-withdrawn",
                    node.span.clone(),
                    "a field with `withdrawn` needs its live `value`",
                );
                None
            }
        }
    }
}

/// A real calendar date written YYYY-MM-DD: `2019-02-30` is none.
pub(super) fn is_date(text: &str) -> bool {
    crate::content::is_date(text)
}

/// "1 Gbit/s" → 1e9 bit/s: a text of exactly one number and a unit, exactly as written
/// (1.5 × 10^9, not the f64 product).
fn quantity_text(text: &str) -> Option<Quantity> {
    let stated = number::parse_stated(text).ok()?;
    let trimmed = text.trim();
    let leading = text.len() - text.trim_start().len();
    let whole = stated.whole_range.start == leading && stated.whole_range.end == leading + trimmed.len();
    // A number in words or a bound is how prose states a number ("forty seconds", "over
    // 5 Gbit/s"): in runs.yaml, where a value is measured or typed, it is a text.
    let prose = stated.style.words.is_some() || stated.bound.is_some();
    if !whole || prose || stated.unit == Unit::Count || stated.style.scale_exponent != 0 {
        return None;
    }
    let exact = Exact::from_decimal(&stated.decimal).and_then(|e| e.mul(&stated.unit.exact_factor()));
    Some(Quantity { value: stated.value * stated.unit.factor(), unit: stated.unit, exact })
}

/// Whether an exact value read from text is the `f64` read from the same text (a guard
/// against reading one text two ways): within what binary rounding explains.
fn agrees(exact: &Exact, value: f64) -> bool {
    (exact.to_f64() - value).abs() <= value.abs() * 1e-12
}

/// Today's date (UTC) and the day after, for `on:`: a correction cannot have been made
/// after today. Only an error depends on it, never what a build writes; the day after is
/// allowed so that an author ahead of UTC (Japan) may write their own today.
fn latest_possible_date() -> Option<jiff::civil::Date> {
    let now = jiff::Timestamp::now().to_string();
    now.get(..10)?.parse::<jiff::civil::Date>().ok()?.tomorrow().ok()
}

#[cfg(test)]
mod tests {
    use crate::figures::rundata::testing::{design_site, errors, loaded, place, states};

    #[test]
    fn withdrawals_need_a_date_and_a_reason() {
        let site = design_site();
        let d = errors(
            &site,
            "figures:\n  f:\n    is: \"1\"\n    withdrawn: [{value: 2, on: yesterday, why: typo}, {value: 3, on: 2026-01-02}]\n",
        );
        assert_eq!(place(&d, "`on` must be a date"), (4, 32));
        assert_eq!(place(&d, "needs `value`, `on`"), (4, 55));
    }

    /// Issue 12: integers past 38 digits were read through f64 and compared at 15 digits,
    /// so a stated value off by one in the last digit passed.
    #[test]
    fn forty_digit_integers_in_runs_yaml_compare_at_every_digit() {
        let forty = "1234567890123456789012345678901234567890";
        let data = loaded(
            &design_site(),
            &format!(
                "constants: {{big: {forty}}}\nruns:\n  a: {{frames: {forty}}}\nfigures:\n  more: {{is: \"big + runs.a.frames + 1\"}}\n"
            ),
        );
        assert!(states(&data, forty, "big"));
        assert!(states(&data, "1,234,567,890,123,456,789,012,345,678,901,234,567,890", "runs.a.frames"));
        assert!(!states(&data, "1234567890123456789012345678901234567891", "big"));
        assert!(!states(&data, "1234567890123456789012345678901234567889", "runs.a.frames"));
        assert!(states(&data, "2469135780246913578024691357802469135781", "more"));
        assert!(!states(&data, "2469135780246913578024691357802469135780", "more"));
    }

    /// A text that a reader reads as a number in words, or as a bound, is a text in
    /// runs.yaml: "forty seconds" is a note, not 40 s, and "over 5 Gbit/s" no measurement.
    #[test]
    fn words_and_bounds_in_runs_yaml_stay_text() {
        let data = loaded(
            &design_site(),
            "runs:\n  a: {note: forty seconds, most: over 5 Gbit/s, half: three quarters, rate: 5 Gbit/s}\n",
        );
        for name in ["runs.a.note", "runs.a.most", "runs.a.half"] {
            assert!(data.resolve(name).is_err(), "{name} was read as a number");
        }
        assert!(states(&data, "5 Gbit/s", "runs.a.rate"));
    }

    /// YAML decimals are read as written (`0.1` is one tenth), so sums and means of them are
    /// what a reader computes by hand.
    #[test]
    fn decimals_in_runs_yaml_are_read_as_written() {
        let data = loaded(
            &design_site(),
            "runs:\n  a: {x: 0.1, y: 0.2, z: 0.4, p: 2.675, q: 8.20}\nfigures:\n  sum: {is: \"runs.a.x + runs.a.y\"}\n  mean: {is: \"mean(runs.a.x, runs.a.y, runs.a.z)\"}\n",
        );
        for text in ["0.3", "0.30", "0.300000000000000000000"] {
            assert!(states(&data, text, "sum"), "{text}");
        }
        assert!(!states(&data, "0.30000000000000004", "sum"));
        // (0.1 + 0.2 + 0.4) ÷ 3 = 0.2333…: at 20 decimals, past what an f64 carries.
        assert!(states(&data, "0.23333333333333333333", "mean"));
        assert!(!states(&data, "0.23333333333333333334", "mean"));
        assert!(states(&data, "2.68", "runs.a.p"));
        assert!(!states(&data, "2.67", "runs.a.p"));
        assert!(states(&data, "8.20", "runs.a.q"));
        assert!(states(&data, "8.2", "runs.a.q"));
        // Typed as `8.20`: known to two decimals, as a tool's printed value is.
        assert!(!states(&data, "8.2000000000000000000", "runs.a.q"));
    }

    /// A value typed into runs.yaml is known to its written digits: stating it more
    /// precisely is a precision error, in either form a value is typed.
    #[test]
    fn a_typed_value_is_stated_no_more_precisely_than_it_is_written() {
        let data =
            loaded(&design_site(), "constants:\n  rate: 372 Mbit/s\nruns:\n  a: {busy: 27.0, big: 1e3}\n");
        for (stated, name) in [("372.0 Mbit/s", "rate"), ("27.00", "runs.a.busy")] {
            let error = crate::number::check(
                &crate::number::parse_stated(stated).unwrap(),
                &data.resolve(name).unwrap(),
                false,
            )
            .unwrap_err();
            assert!(error.to_string().contains("runs.yaml writes"), "{stated}: {error}");
        }
        assert!(states(&data, "372 Mbit/s", "rate"));
        assert!(states(&data, "0.372 Gbit/s", "rate"));
        assert!(states(&data, "27.0", "runs.a.busy"));
        assert!(states(&data, "27", "runs.a.busy"));
        // An exponent has no written precision to keep.
        assert!(states(&data, "1,000.0", "runs.a.big"));
    }

    /// A quantity's unit is applied exactly: 1.5 Gbit/s is 1,500,000,000 bit/s, 3 MiB is
    /// 25,165,824 bits, 4500 ms is 4.5 s.
    #[test]
    fn quantities_in_runs_yaml_are_exact_in_every_unit() {
        let data = loaded(
            &design_site(),
            "constants: {rate: 1.5 Gbit/s, size: 3 MiB, span: 4500 ms, tick: 1 ms}\nfigures:\n  size_rate: {is: \"size / tick\", unit: bit/s}\n  rate_1: {is: \"rate * 1\"}\n  size_1: {is: \"size * 1\"}\n  span_1: {is: \"span * 1\"}\n",
        );
        // A computation carries no written precision: its exactness shows at any digit.
        assert!(states(&data, "1,500,000,000.000000000000 bit/s", "rate_1"));
        assert!(states(&data, "3,145,728 B", "size_1"));
        assert!(states(&data, "3.0000000000000000000 MiB", "size_1"));
        assert!(states(&data, "4.5000000000000000000 s", "span_1"));
        assert!(!states(&data, "4.5000000000000000000 s", "span"), "typed as 4500 ms");
        assert!(states(&data, "25,165,824,000 bit/s", "size_rate"));
        assert!(!states(&data, "25,165,824,001 bit/s", "size_rate"));
    }
}
