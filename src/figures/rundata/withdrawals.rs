//! Checks of `withdrawn:` entries against what they withdraw, once every figure is
//! computed: a withdrawn value of the figure's kind (`0.7 Gbit/s` cannot have been a pps
//! figure) that is not the current value (a correction from 0.6 Mpps to 0.6 Mpps corrects
//! nothing). The date (`on:`) is checked where it is read (`field`).

use super::loader::Loader;
use super::{Field, RunData};
use crate::number::Withdrawal;
use crate::number::{self, UnitKind};

impl Loader<'_> {
    /// Each withdrawn value of a run's field or a figure, against its current value.
    pub(super) fn check_withdrawals(&mut self, data: &RunData) {
        let mut listed: Vec<(String, &[Withdrawal])> = Vec::new();
        for run in data.runs.iter().filter(|r| r.failed.is_none()) {
            with_withdrawals(&run.fields, format!("runs.{}", run.name), &mut listed);
        }
        for figure in data.figures.iter().filter(|f| !f.withdrawn.is_empty()) {
            listed.push((figure.name.clone(), &figure.withdrawn));
        }
        for (name, withdrawn) in listed {
            // A figure that does not compute is an error of its own already.
            let Ok(computed) = data.resolve(&name) else { continue };
            for withdrawal in withdrawn {
                let span = withdrawal.value_span.clone();
                let Ok(stated) = number::parse_stated(&withdrawal.value) else {
                    self.error(
                        "runs-withdrawn",
                        span,
                        format!("the withdrawn value `{}` cannot be read as a number", withdrawal.value),
                    );
                    continue;
                };
                let (kind, own) = (stated.unit.kind(), computed.unit.kind());
                // A bare number is read in the figure's own unit, as a struck value is.
                if kind != UnitKind::Count && kind != own {
                    self.error(
                        "runs-withdrawn",
                        span,
                        format!(
                            "the withdrawn value `{}` is {}, but `{name}` is {}: it cannot have been stated for it",
                            withdrawal.value,
                            kind.name(),
                            own.name()
                        ),
                    );
                } else if kind == own && number::check(&stated, &computed, false).is_ok() {
                    self.error(
                        "runs-withdrawn",
                        span,
                        format!(
                            "the withdrawn value `{}` states the current value of `{name}`: a withdrawn value is one that was wrong",
                            withdrawal.value
                        ),
                    );
                }
            }
        }
    }
}

/// The numbers under `field` that list withdrawn values, with their paths.
fn with_withdrawals<'a>(field: &'a Field, path: String, out: &mut Vec<(String, &'a [Withdrawal])>) {
    match field {
        Field::Number(n) if !n.withdrawn.is_empty() => out.push((path, &n.withdrawn)),
        Field::Map(_) | Field::List(_) => {
            for (key, child) in field.children() {
                with_withdrawals(child, super::child_path(&path, &key), out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use crate::figures::rundata::testing::{Site, errors, loaded, place};

    fn pkt_gen(withdrawn: &str) -> String {
        format!(
            "runs:\n  best:\n    pps: {{value: 0.6 Mpps, withdrawn: [{withdrawn}]}}\nfigures:\n  best_pps: {{is: \"runs.best.pps\", unit: Mpps}}\n"
        )
    }

    /// The trial's cases: a date that is none, a date to come, the current value withdrawn,
    /// and a value of another kind each passed.
    #[test]
    fn a_withdrawn_entry_that_cannot_be_true_is_an_error_at_its_place() {
        let site = Site::new(&[]);
        for (entry, needle, says) in [
            ("{value: 0.9 Mpps, on: 2019-02-30, why: typo}", "2019-02-30", "a date of the calendar"),
            ("{value: 0.9 Mpps, on: 2099-01-01, why: typo}", "2099-01-01", "after today"),
            ("{value: 0.6 Mpps, on: 2026-10-30, why: typo}", "0.6 Mpps, on", "states the current value"),
            ("{value: \"0.7 Gbit/s\", on: 2026-10-30, why: typo}", "\"0.7 Gbit/s\"", "is a bit rate"),
        ] {
            let source = pkt_gen(entry);
            let diagnostics = errors(&site, &source);
            assert_eq!(diagnostics.len(), 1, "{entry}: {diagnostics:#?}");
            let column = source.lines().nth(2).and_then(|l| l.find(needle)).unwrap_or(0) + 1;
            assert_eq!(place(&diagnostics, says), (3, column), "{entry}: {diagnostics:#?}");
        }
        // A real correction passes.
        loaded(&site, &pkt_gen("{value: 0.9 Mpps, on: 2026-10-30, why: typo}"));
        loaded(&site, &pkt_gen("{value: \"0.9\", on: 2026-10-30, why: typo}"));
    }
}
