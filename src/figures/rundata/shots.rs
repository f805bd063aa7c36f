//! The methodology's rule that every run is photographed when it finishes ("anyone can see
//! the run, not a copy of its numbers"): a measured run that figures read, not marked
//! failed, with no `shot:` is a `run-no-shot` warning naming those figures (an error where
//! site.yaml says `shots: required`, which the pipeline's load decides). A run with no window
//! to photograph says so: `shot: {none: why}`.
//!
//! Owns reading `shot: {none: …}` and the rule. It does not stamp or publish pictures
//! (`crate::stamp`, the render stage).

use super::RunData;
use super::loader::Loader;
use super::series::Series;
use crate::diagnostics::Diagnostic;
use crate::yaml::Node;

impl Loader<'_> {
    /// `shot: {none: why}`: why the run has no window to photograph.
    pub(super) fn no_shot(&mut self, node: &Node) -> Option<String> {
        let entries = self.map(node, "`shot`");
        let [(key, value)] = entries else {
            self.error(
                "runs-type",
                node.span.clone(),
                "`shot` is a screenshot's path, or `{none: why}` for a run with no window to photograph",
            );
            return None;
        };
        if key.key_text() != "none" {
            self.error(
                "runs-type",
                key.span.clone(),
                format!(
                    "`shot: {{{}: …}}`: a run without a screenshot says `shot: {{none: why}}`",
                    key.key_text()
                ),
            );
            return None;
        }
        let why = self.text(value, "`shot: {none: why}`")?;
        if why.trim().is_empty() {
            self.error("runs-type", value.span.clone(), "`shot: {none: why}` says why the run has no window");
            return None;
        }
        Some(why)
    }

    /// Each measured run without a shot that figures read, placed at its name, for the
    /// pipeline to report (`RunData::unphotographed`): kept with the run data, not among
    /// the loader's own problems, so that it is named on every build, memo or not.
    pub(super) fn unphotographed(&self, data: &RunData, entries: &[(Node, Node)]) -> Vec<Unphotographed> {
        let mut found = Vec::new();
        for run in &data.runs {
            if run.failed.is_some()
                || run.shot.is_some()
                || run.no_shot.is_some()
                || self.unread.contains(&run.name)
            {
                continue;
            }
            let readers: Vec<String> = data
                .figures
                .iter()
                .filter(|figure| reads(&figure.text, &run.name, &data.series))
                .map(|figure| format!("`{}`", figure.name))
                .collect();
            if readers.is_empty() {
                continue;
            }
            let span = self.run_span(entries, &run.name, None);
            let placed = Diagnostic::at("run-no-shot", &self.path, self.source, span, "");
            found.push(Unphotographed {
                message: format!(
                    "run `{}` is read by figure(s) {} but names no photograph of its window (`shot:`)",
                    run.name,
                    readers.join(", ")
                ),
                line: placed.line,
                col: placed.col,
                source_line: placed.source_line.unwrap_or_default(),
                highlight: placed.highlight,
            });
        }
        found
    }
}

/// A measured run that figures read with no photograph of its window, placed in runs.yaml.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Unphotographed {
    message: String,
    line: usize,
    col: usize,
    source_line: String,
    highlight: std::ops::Range<usize>,
}

impl RunData {
    /// A `run-no-shot` warning for each measured run that figures read and that names no
    /// photograph of its window; `runs_yaml` as messages name it.
    pub(crate) fn unphotographed(&self, runs_yaml: &std::path::Path) -> Vec<Diagnostic> {
        self.unphotographed
            .iter()
            .map(|u| Diagnostic {
                line: u.line,
                col: u.col,
                source_line: Some(u.source_line.clone()),
                highlight: u.highlight.clone(),
                ..Diagnostic::file("run-no-shot", runs_yaml, u.message.clone())
                    .note("add `shot: shots/NAME.png`, or `shot: {none: why}` when the run had no window to photograph")
                    .warning()
            })
            .collect()
    }
}

/// Whether the expression `text` reads run `run`: by name, through `runs.*`, or through a
/// series holding it.
fn reads(text: &str, run: &str, series: &[Series]) -> bool {
    if text.contains("runs.*") {
        return true;
    }
    let names = |prefix: &str, name: &str| {
        let path = format!("{prefix}.{name}");
        text.match_indices(&path).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + path.len()..].chars().next();
            !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    names("runs", run) || series.iter().any(|s| s.runs.iter().any(|r| r == run) && names("series", &s.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_reads_a_run_by_name_by_star_or_through_its_series() {
        let series = [Series { name: "keep".into(), runs: vec!["a".into(), "b".into()] }];
        assert!(reads("runs.a.x + 1", "a", &series));
        assert!(reads("share(runs.b.x, runs.c.x)", "c", &[]));
        assert!(reads("sum(runs.*.x)", "z", &[]));
        assert!(reads("median(series.keep.*.x)", "b", &series));
        assert!(!reads("runs.ab.x", "a", &[]));
        assert!(!reads("myruns.a.x", "a", &[]));
        assert!(!reads("median(series.keep.*.x)", "c", &series));
    }
}
