//! Loaded run data held at its length: the loader grows every list one value at a time,
//! which leaves up to half of each one's memory unused, and a site's run data is held from
//! the load stage to the end of the build (and in the memo for the next one).
//!
//! Owns only giving that spare capacity back, once loading has ended; it changes no value,
//! and it does not decide what run data holds (`load` and the modules it calls do).

use super::{Field, RunData};
use crate::fit::Fit;

impl RunData {
    /// Gives back the spare capacity of every list and table the run data holds.
    pub(super) fn shrink_to_fit(&mut self) {
        self.code_under_test.fit();
        for (_, values) in &mut self.code_under_test {
            values.fit();
        }
        self.tools.fit();
        self.constants.fit();
        for (name, _) in &mut self.constants {
            name.fit();
        }
        self.defined_wrongly.fit();
        self.unphotographed.fit();
        self.runs.fit();
        for run in &mut self.runs {
            run.redact.fit();
            run.raw_files.fit();
            run.fields.shrink_to_fit();
        }
        self.figures.fit();
        for figure in &mut self.figures {
            figure.withdrawn.fit();
        }
        self.vendor.fit();
        self.computed.fit();
        self.shown.fit();
        self.lines.shrink_to_fit();
        self.images.fit();
    }
}

impl Field {
    fn shrink_to_fit(&mut self) {
        match self {
            Field::Number(number) => number.withdrawn.fit(),
            Field::Text(text) => text.fit(),
            Field::List(items) => {
                items.fit();
                items.iter_mut().for_each(Field::shrink_to_fit);
            }
            Field::Map(entries) => {
                entries.fit();
                for (key, field) in entries.iter_mut() {
                    key.fit();
                    field.shrink_to_fit();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spare(field: &Field) -> usize {
        match field {
            Field::Map(entries) => {
                entries.capacity() - entries.len() + entries.iter().map(|(_, f)| spare(f)).sum::<usize>()
            }
            Field::List(items) => items.capacity() - items.len() + items.iter().map(spare).sum::<usize>(),
            _ => 0,
        }
    }

    #[test]
    fn loaded_run_data_keeps_no_spare_capacity() {
        let fields: String = (0..9).map(|i| format!("    f{i}: {i}\n")).collect();
        let figures: String = (0..9).map(|i| format!("  g{i}: {{is: runs.a.f{i}}}\n")).collect();
        let source = format!("runs:\n  a:\n{fields}  b:\n{fields}  c:\n{fields}figures:\n{figures}");
        let (data, problems) = crate::figures::load_run_data(
            std::path::Path::new("/site"),
            std::path::Path::new("/site/content/m/runs.yaml"),
            &source,
        );
        assert!(problems.is_empty(), "{problems:?}");
        let data = data.expect("loads");
        assert_eq!(data.runs.capacity(), data.runs.len());
        assert_eq!(data.figures.capacity(), data.figures.len());
        assert!(data.runs.iter().all(|run| spare(&run.fields) == 0));
        assert_eq!(data.resolve("g3").map(|c| c.value), Ok(3.0));
    }
}
