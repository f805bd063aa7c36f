//! Loading runs.yaml ([`load_run_data`]): parsing the YAML, walking its top-level sections
//! and the small ones (build, tools, constants, vendor), and reporting every problem at its
//! file:line:col.
//!
//! Owns the order of loading: sections, then names, the bench's rules and the figures,
//! which need every run. It does not read runs or figures itself, nor define the `Loader`
//! every loading module extends (`loader`).

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

use super::field::Quantity;
use super::loader::Loader;
use super::{NumberField, RunData, VendorFigure};
use crate::diagnostics::Diagnostic;
use crate::yaml::{self, Node, NodeKind};

const TOP_KEYS: &[&str] =
    &["build", "tools", "constants", "runs", "series", "figures", "vendor", "source", "files", "images"];

/// Loads and checks a runs.yaml. Returns the data when the file could be read as runs.yaml
/// at all (even with problems in it), and every problem found.
pub fn load_run_data(site_root: &Path, runs_yaml: &Path, source: &str) -> (Option<RunData>, Vec<Diagnostic>) {
    load_run_data_with(site_root, runs_yaml, source, super::DEFAULT_MAX_RAW_BYTES)
}

/// [`load_run_data`], reading no raw file larger than `max_raw_bytes` (site.yaml's setting).
pub(crate) fn load_run_data_with(
    site_root: &Path,
    runs_yaml: &Path,
    source: &str,
    max_raw_bytes: u64,
) -> (Option<RunData>, Vec<Diagnostic>) {
    let display = runs_yaml.strip_prefix(site_root).unwrap_or(runs_yaml).to_path_buf();
    let bundle = runs_yaml.parent().unwrap_or(site_root).to_path_buf();
    let mut loader = Loader::new(display, source, site_root.to_path_buf(), bundle);
    loader.max_raw_bytes = max_raw_bytes;
    let root = match yaml::parse_tree(source) {
        Ok(root) => root,
        Err(error) => {
            let at = error.offset.min(source.len());
            loader.error("runs-yaml", at..at, format!("not valid YAML: {}", error.message));
            return (None, loader.diagnostics);
        }
    };
    let data = loader.load(&root);
    (data, loader.diagnostics)
}

impl Loader<'_> {
    fn load(&mut self, root: &Node) -> Option<RunData> {
        let mut data = RunData::default();
        let entries = match &root.kind {
            NodeKind::Map(entries) => entries.as_slice(),
            NodeKind::Null => &[],
            _ => {
                self.type_error(root, "runs.yaml", "a map of build, tools, constants, runs, figures, vendor");
                return None;
            }
        };
        let mut figures_node = None;
        let mut series_node = None;
        let mut misspelt = Vec::new();
        for (key, value) in entries {
            match key.key_text().as_str() {
                "build" => data.code_under_test = self.load_code_under_test(value),
                "tools" => data.tools = self.load_tools(value),
                "constants" => (data.constants, data.defined_wrongly) = self.load_constants(value),
                "runs" => data.runs = self.load_runs(value),
                "figures" => figures_node = Some(value),
                "series" => series_node = Some(value),
                "vendor" => data.vendor = self.load_vendor(value),
                "source" => data.source = self.load_source(value),
                "files" => data.file_sources = self.load_files(value),
                "images" => data.images = self.load_images(value),
                _ => {
                    // A misspelt `series:`, `runs:`, `constants:` or `figures:` is this one
                    // error: what reads the names it defines is not reported unknown beside it.
                    if let Some(meant) = self.unknown_key(key, "runs.yaml", TOP_KEYS) {
                        misspelt.push(meant.to_string());
                    }
                }
            }
        }
        // A run whose raw file could not be read or imported is that one error: a path into
        // what it would have given is not reported missing beside it.
        data.defined_wrongly.extend(self.unread.iter().map(|run| format!("runs.{run}")));
        data.defined_wrongly.extend(misspelt.into_iter().map(|key| format!("{key}:")));
        if let Some(node) = series_node {
            data.series = self.load_series(node, &data.runs);
        }
        if let Some(node) = figures_node {
            data.figures = self.load_figures(node);
        }
        data.index_figures();
        // Before any figure is computed: an error reading what a raw file does not hold says
        // why it does not.
        data.lines = super::lines::Lines::of_tree(root, self.source, std::mem::take(&mut self.raw_places))
            .with_reads(std::mem::take(&mut self.run_reads));
        data.absent = std::mem::take(&mut self.absent).into_iter().collect();
        data.raw_encodings = std::mem::take(&mut self.raw_encodings);
        self.check_names(&data, entries);
        for i in 0..data.runs.len() {
            self.check_bench(&data, i, entries);
        }
        data.unphotographed = self.unphotographed(&data, entries);
        data.computed = self.check_figures(&data);
        self.check_withdrawals(&data);
        data.shown = self.shown_numbers(entries);
        // Held to the end of the build and in the memo, 1,000 bundles' worth on a large site.
        data.shrink_to_fit();
        Some(data)
    }

    /// The figure-like numbers of the texts a page shows a reader as they are: `build:`'s
    /// values, `source.by` and each vendor figure's `source` and `conditions` (its `value` is the figure,
    /// checked where a tag states it).
    fn shown_numbers(&self, entries: &[(Node, Node)]) -> Vec<crate::shown_numbers::ShownNumber> {
        let mut texts: Vec<(String, &Node)> = Vec::new();
        for (key, section) in entries {
            let NodeKind::Map(items) = &section.kind else { continue };
            // `source.by`, published as "Taken by …" on the page.
            if key.key_text() == "source" {
                texts.extend(
                    items
                        .iter()
                        .filter(|(name, _)| name.key_text() == "by")
                        .map(|(_, v)| ("source.by".to_string(), v)),
                );
                continue;
            }
            for (name, value) in items {
                let name = format!("{}.{}", key.key_text(), name.key_text());
                match (key.key_text().as_str(), &value.kind) {
                    ("build", NodeKind::Seq(values)) => {
                        texts.extend(values.iter().map(|v| (name.clone(), v)))
                    }
                    ("build", _) => texts.push((name, value)),
                    // One text, or one per language (`{en: ..., ja: ...}`): each is shown.
                    ("vendor", NodeKind::Map(fields)) => {
                        for (field, v) in fields {
                            if !matches!(field.key_text().as_str(), "source" | "conditions") {
                                continue;
                            }
                            let field_name = format!("{name}.{}", field.key_text());
                            match &v.kind {
                                NodeKind::Map(by_language) => texts.extend(
                                    by_language
                                        .iter()
                                        .map(|(lang, v)| (format!("{field_name}.{}", lang.key_text()), v)),
                                ),
                                _ => texts.push((field_name, v)),
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        texts
            .into_iter()
            .filter(|(_, node)| matches!(node.kind, NodeKind::Str(_) | NodeKind::Number(_)))
            .filter_map(|(name, node)| Some((name, node, self.source.get(node.span.clone())?)))
            .flat_map(|(name, node, shown)| {
                let what = format!("runs.yaml's `{name}`");
                let decoded = match &node.kind {
                    NodeKind::Str(decoded) => Some(decoded.as_str()),
                    _ => None,
                };
                let found = crate::shown_numbers::ShownNumber::found_in_yaml(
                    &self.path,
                    self.source,
                    shown,
                    decoded,
                    node.span.start,
                    &what,
                );
                let build = name.starts_with("build.");
                found.into_iter().filter(move |n| !(build && crate::shown_numbers::names_a_build(&n.stated)))
            })
            .collect()
    }

    fn load_code_under_test(&mut self, node: &Node) -> Vec<(String, Vec<String>)> {
        let mut build = Vec::new();
        for (key, value) in self.map(node, "`build`") {
            let values = match &value.kind {
                NodeKind::Seq(items) => items.iter().filter_map(|i| self.text(i, "a build entry")).collect(),
                _ => self.text(value, "a build entry").into_iter().collect(),
            };
            build.push((key.key_text(), values));
        }
        build
    }

    fn load_tools(&mut self, node: &Node) -> Vec<(String, String)> {
        let mut tools = Vec::new();
        for (key, value) in self.map(node, "`tools`") {
            if let Some(text) = self.text(value, "a tool's version") {
                tools.push((key.key_text(), text));
            }
        }
        tools
    }

    /// The constants, and the names of those that could not be read.
    fn load_constants(&mut self, node: &Node) -> (Vec<(String, NumberField)>, Vec<String>) {
        let (mut constants, mut unread) = (Vec::new(), Vec::new());
        for (key, value) in self.map(node, "`constants`") {
            let Some(name) = self.name(key, "constant", false) else {
                continue;
            };
            let printed = match &value.kind {
                NodeKind::Str(text) => super::field::typed_text(text),
                _ => self.typed(value),
            };
            match self.quantity(value, "a constant") {
                Some(Quantity { value, unit, exact }) => constants.push((
                    name,
                    NumberField { value, unit, exact, withdrawn: Vec::new(), printed: printed.map(Box::new) },
                )),
                None => unread.push(name),
            }
        }
        (constants, unread)
    }

    fn load_vendor(&mut self, node: &Node) -> Vec<(String, VendorFigure)> {
        let mut out = Vec::new();
        for (key, value) in self.map(node, "`vendor`") {
            let Some(name) = self.name(key, "vendor figure", false) else {
                continue;
            };
            let (mut figure_value, mut source, mut conditions) = (None, None, (String::new(), Vec::new()));
            for (field_key, field_value) in self.map(value, "a vendor's figure") {
                match field_key.key_text().as_str() {
                    "value" => figure_value = self.text(field_value, "`value`"),
                    "source" => source = self.texts(field_value, "`source`"),
                    "conditions" => conditions = self.texts(field_value, "`conditions`").unwrap_or_default(),
                    _ => {
                        self.unknown_key(field_key, "a vendor's figure", &["value", "source", "conditions"]);
                    }
                }
            }
            match (figure_value, source) {
                (Some(value), Some((source, source_by_language))) => {
                    let (conditions, conditions_by_language) = conditions;
                    let figure = VendorFigure {
                        value,
                        source,
                        conditions,
                        source_by_language,
                        conditions_by_language,
                    };
                    out.push((name, figure))
                }
                _ => self.error(
                    "runs-vendor",
                    key.span.clone(),
                    format!("vendor figure `{name}` needs `value` and `source`"),
                ),
            }
        }
        out
    }

    /// Figures, constants and vendor figures share one namespace (a bare name in an
    /// expression may be any of them).
    fn check_names(&mut self, data: &RunData, entries: &[(Node, Node)]) {
        let mut seen = BTreeSet::new();
        let names = data
            .constants
            .iter()
            .map(|(n, _)| n)
            .chain(data.figures.iter().map(|f| &f.name))
            .chain(data.vendor.iter().map(|(n, _)| n));
        for name in names {
            if name == "runs" || !seen.insert(name.clone()) {
                let span = find_key(entries, name).unwrap_or(0..0);
                self.error(
                    "runs-name",
                    span,
                    format!(
                        "`{name}` is named twice among constants, figures and vendor figures (or is `runs`)"
                    ),
                );
            }
        }
    }
}

fn find_key(entries: &[(Node, Node)], name: &str) -> Option<Range<usize>> {
    for (_, section) in entries {
        if let NodeKind::Map(items) = &section.kind
            && let Some((key, _)) = items.iter().find(|(k, _)| k.key_text() == name)
        {
            return Some(key.span.clone());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::rundata::testing::{design_site, errors, place};

    #[test]
    fn every_schema_problem_is_reported_at_its_place() {
        let site = design_site();
        let source = "build: {driver: x}\nextra: 1\nconstants: {a: [1]}\nruns:\n  Bad-Name: {}\n  ok:\n    kind: sprint\n    flag: true\nfigures:\n  f: {is: \"1\", colour: red}\n  g: {unit: furlongs, is: \"2\"}\nvendor:\n  v: {value: 1}\n";
        let diagnostics = errors(&site, source);
        assert_eq!(place(&diagnostics, "unknown key `extra`"), (2, 1));
        assert_eq!(place(&diagnostics, "a constant must be a number"), (3, 16));
        assert_eq!(place(&diagnostics, "`Bad-Name` is not a run name"), (5, 3));
        assert_eq!(place(&diagnostics, "`kind` is throughput, soak or counter"), (7, 11));
        assert_eq!(place(&diagnostics, "a run's field must be"), (8, 11));
        assert_eq!(place(&diagnostics, "unknown key `colour`"), (10, 16));
        assert_eq!(place(&diagnostics, "unknown unit `furlongs`"), (11, 13));
        assert_eq!(place(&diagnostics, "needs `value` and `source`"), (13, 3));
        assert_eq!(diagnostics.len(), 8, "{diagnostics:#?}");
        assert!(diagnostics.iter().all(|d| d.path == Path::new("content/m/b/runs.yaml")));
    }

    #[test]
    fn bad_yaml_is_an_error_with_its_place() {
        let site = design_site();
        let (data, diagnostics) = site.load("runs:\n  a: {x: 1\n  b: 2\n");
        assert!(data.is_none());
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].code, "runs-yaml");
        assert!(diagnostics[0].line >= 2, "{:?}", diagnostics[0]);
        let (_, diagnostics) = site.load("- a list\n");
        assert_eq!(diagnostics[0].code, "runs-type");
    }
}
