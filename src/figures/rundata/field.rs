//! The values of runs.yaml: a run's fields and the constants ([`Field`], [`NumberField`]),
//! read from YAML with their units and withdrawn values.
//!
//! Owns what a value is and how one is read (`1 Gbit/s` → 1e9 bit/s; `{value, withdrawn}`).
//! It does not know which keys a run has (`runs`) nor what the bench requires of them
//! (`rules`).

use super::load::Loader;
use crate::figures::number::{self, Unit};
use crate::figures::{Printed, Withdrawal};
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
    /// The value exactly, in base units, when it is an integer (of up to 38 digits).
    pub exact: Option<i128>,
    pub withdrawn: Vec<Withdrawal>,
    /// How the tool printed it, when it printed it rounded (iperf 2's text).
    pub printed: Option<Printed>,
}

/// `value` as an integer, when it is one that an f64 holds exactly.
pub(super) fn exact_integer(value: f64) -> Option<i128> {
    (value.fract() == 0.0 && value.abs() <= 9_007_199_254_740_992.0).then_some(value as i128)
}

impl Field {
    /// A number a tool gave, with how it printed it when it printed it rounded.
    pub(super) fn imported(value: f64, unit: Unit, printed: Option<Printed>) -> Field {
        Field::Number(NumberField {
            value,
            unit,
            exact: exact_integer(value),
            withdrawn: Vec::new(),
            printed,
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

impl Loader<'_> {
    /// The exact integer a number node, or a quantity text, holds in base units: read from
    /// the file's text, so that 19 digits stay 19 digits.
    pub(super) fn exact(&self, node: &Node) -> Option<i128> {
        let text = match &node.kind {
            NodeKind::Number(_) => self.source.get(node.span.clone())?.trim().to_string(),
            NodeKind::Str(text) => text.trim().to_string(),
            _ => return None,
        };
        if let Ok(n) = text.replace('_', "").parse::<i128>() {
            return Some(n);
        }
        let stated = number::parse_stated(&text).ok()?;
        let factor = stated.unit.factor();
        if stated.decimal.exponent < 0 || factor.fract() != 0.0 || stated.decimal.digits.len() > 30 {
            return None;
        }
        let digits: i128 = if stated.decimal.is_zero() { 0 } else { stated.decimal.digits.parse().ok()? };
        let value = digits
            .checked_mul(10i128.checked_pow(stated.decimal.exponent as u32)?)?
            .checked_mul(factor as i128)?;
        Some(if stated.decimal.negative { -value } else { value })
    }

    /// A number, or a text of one number and a unit ("1 Gbit/s"), in base units.
    pub(super) fn quantity(&mut self, node: &Node, what: &str) -> Option<(f64, Unit)> {
        match &node.kind {
            NodeKind::Number(n) if !n.is_finite() => {
                self.error(
                    "runs-type",
                    node.span.clone(),
                    format!("{what} must be a finite number, not `{n}`"),
                );
                None
            }
            NodeKind::Number(n) => Some((*n, Unit::Count)),
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
            let mut why_by_language = Vec::new();
            for (key, v) in self.map(item, "a withdrawn value") {
                match key.key_text().as_str() {
                    "value" => value = self.text(v, "`value`"),
                    "on" => {
                        on = self.text(v, "`on`");
                        if on.as_deref().is_some_and(|d| !is_date(d)) {
                            self.error("runs-type", v.span.clone(), "`on` must be a date, YYYY-MM-DD");
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
                    out.push(Withdrawal { value, on, why, why_by_language })
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
                exact: self.exact(node),
                withdrawn: Vec::new(),
                printed: None,
            })),
            NodeKind::Str(text) => Some(match quantity_text(text) {
                Some((value, unit)) => Field::Number(NumberField {
                    value,
                    unit,
                    exact: self.exact(node),
                    withdrawn: Vec::new(),
                    printed: None,
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
        let mut exact = None;
        let mut withdrawn = Vec::new();
        for (key, value) in entries {
            match key.key_text().as_str() {
                "value" => {
                    number = self.quantity(value, "`value`");
                    exact = self.exact(value);
                }
                "withdrawn" => withdrawn = self.load_withdrawals(value),
                other => self.error(
                    "runs-unknown-key",
                    key.span.clone(),
                    format!("unknown key `{other}`; a field with withdrawn values has value and withdrawn"),
                ),
            }
        }
        match number {
            Some((value, unit)) => {
                Some(Field::Number(NumberField { value, unit, exact, withdrawn, printed: None }))
            }
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

pub(super) fn is_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(
            |(i, b)| {
                if i == 4 || i == 7 { *b == b'-' } else { b.is_ascii_digit() }
            },
        )
        && (1..=12).contains(&text[5..7].parse::<u32>().unwrap_or(0))
        && (1..=31).contains(&text[8..10].parse::<u32>().unwrap_or(0))
}

/// "1 Gbit/s" → (1e9, Gbit/s): a text of exactly one number and a unit.
fn quantity_text(text: &str) -> Option<(f64, Unit)> {
    let stated = number::parse_stated(text).ok()?;
    let trimmed = text.trim();
    let leading = text.len() - text.trim_start().len();
    let whole = stated.whole_range.start == leading && stated.whole_range.end == leading + trimmed.len();
    (whole && stated.unit != Unit::Count && stated.style.scale_exponent == 0)
        .then(|| (stated.value * stated.unit.factor(), stated.unit))
}

#[cfg(test)]
mod tests {
    use crate::figures::rundata::testing::{design_site, errors, place};

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
}
