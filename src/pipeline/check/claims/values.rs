//! Values as text: a figure's value for `<data value>`, its hover text and its one-line
//! explanation in diagnostics.
//!
//! Owns these three spellings of a computed figure. It does not format a value as a reader
//! reads it in prose (that is `figures::number` and `views::grouped_digits`).

use crate::figures::Computed;
use crate::figures::number::computed_text;

/// The computation and its value, short: what a reader sees when hovering a figure (the
/// inputs are in the page's evidence, one click away).
pub(crate) fn short_title(computed: &Computed) -> String {
    format!("{} = {}", computed.formula, computed_text(computed, computed.unit))
}

/// The computation and its inputs, one line: what a diagnostic says a figure is.
pub(crate) fn explain(computed: &Computed) -> String {
    let value = computed_text(computed, computed.unit);
    let single_input = computed.inputs.len() == 1 && computed.inputs[0].0 == computed.formula;
    if single_input {
        return format!("{} = {value}", computed.formula);
    }
    let inputs: Vec<String> =
        computed.inputs.iter().map(|(path, v)| format!("{path} = {}", machine_value(*v))).collect();
    let mut text = format!("{} = {} = {value}", computed.name, computed.formula);
    if !inputs.is_empty() {
        text.push_str(&format!(" (with {})", inputs.join(", ")));
    }
    text
}

/// A computed value for `<data value>`: an integer whole when it is one exactly (an f64
/// holds 15 to 17 digits of a 28-digit one), else [`machine_value`].
pub(super) fn exact_machine_value(computed: &Computed) -> String {
    match &computed.exact {
        Some(exact) if exact.is_integer() && computed.value.abs() >= 1e15 => exact.text(),
        _ => machine_value(computed.value),
    }
}

/// A value for `<data value>`: the shortest text that reads back as the same number.
pub(crate) fn machine_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 { format!("{value:.0}") } else { format!("{value}") }
}
