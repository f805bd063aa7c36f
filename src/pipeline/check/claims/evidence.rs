//! Evidence: the entry a page's evidence gives each figure it states or plots.
//!
//! Owns each entry's value, formula and inputs (in their own units), and the links to the
//! lines of runs.yaml and of raw tool output they come from. It does not check a tag (that
//! is `computed` and `vendor`) nor render the entry (`pipeline/render/evidence.rs` writes
//! its HTML, from an [`EvidenceView`]).

use std::sync::Arc;

use crate::content::Page;
use crate::figures::RunData;
use crate::number::{self, computed_text};
use crate::views::{EvidenceInput, EvidenceView, SourceLink, VendorEvidence, grouped_digits};

use super::resolution::{Resolutions, resolve_once};
use super::values::machine_value;
use super::{FigureSources, evidence_id};

/// A numbered line of a file of the page's bundle, on the file's page in the page's language.
fn source_link(page: &Page, file: &str, line: usize) -> Option<SourceLink> {
    page.bundle.as_ref()?;
    // Relative: the source pages sit beside the page, in its language's folder, and the
    // page's address would be most of every link's bytes.
    let mut number = itoa::Buffer::new();
    let number = number.format(line);
    let mut url = String::with_capacity(file.len() + ".html#L".len() + number.len());
    url.push_str(file);
    url.push_str(".html#L");
    url.push_str(number);
    Some(SourceLink { file: file.to_string(), line, last: line, url })
}

/// Every file the run of the value at `path` read it with, each linked at the first of the
/// lines read (issue 44: a soak's figures name its curl lines, hash file, server's hash and
/// times, not only the curl line their value stands on).
pub(super) fn read_with_links(page: &Page, path: &str, runs: Option<&RunData>) -> Vec<SourceLink> {
    let Some(origin) = runs.map(|r| r.origin(path)) else { return Vec::new() };
    origin
        .read_with
        .iter()
        .filter_map(|(file, first, last)| {
            let mut link = source_link(page, &crate::paths::name_inside(file), *first)?;
            link.last = *last;
            Some(link)
        })
        .collect()
}

/// Where the value at `path` is written: its runs.yaml line and, when imported, its raw line.
pub(super) fn origin_links(
    page: &Page,
    path: &str,
    runs: Option<&RunData>,
) -> (Option<SourceLink>, Option<SourceLink>) {
    let Some(origin) = runs.map(|r| r.origin(path)) else {
        return (None, None);
    };
    let yaml = origin.yaml_line.and_then(|line| source_link(page, "runs.yaml", line));
    let raw = origin.raw.and_then(|(file, line)| source_link(page, &crate::paths::name_inside(&file), line));
    (yaml, raw)
}

pub(super) fn figure_evidence(
    page: &Page,
    name: &str,
    sources: &FigureSources,
    resolved: &mut Resolutions,
    seen: &mut rustc_hash::FxHashMap<String, Arc<EvidenceInput>>,
) -> Option<EvidenceView> {
    let resolution = resolve_once(name, sources, resolved)?;
    let computed = &resolution.computed;
    let is_completion = name == "completion" || name.ends_with(".completion");
    let runs = if is_completion { None } else { sources.runs };
    let own_input = computed.inputs.len() == 1 && computed.inputs[0].0 == name;
    let inputs = if own_input {
        Vec::new()
    } else {
        computed
            .inputs
            .iter()
            .map(|(path, value)| {
                let made = || {
                    let (source, raw) = origin_links(page, path, runs);
                    Arc::new(EvidenceInput {
                        path: path.clone(),
                        value: input_text(path, *value, runs),
                        source,
                        raw,
                        read_with: read_with_links(page, path, runs),
                    })
                };
                // A completion's inputs are not read from the run data: not shared.
                match (runs, seen.get(path)) {
                    (Some(_), Some(input)) => input.clone(),
                    (Some(_), None) => seen.entry(path.clone()).or_insert_with(made).clone(),
                    (None, _) => made(),
                }
            })
            .collect()
    };
    let (source, raw) = origin_links(page, name, runs);
    Some(EvidenceView {
        id: evidence_id(name),
        name: name.to_string(),
        value: {
            let value = match &computed.printed {
                Some(printed) => grouped_digits(&printed.stated),
                None => grouped_digits(&computed_text(computed, computed.unit)),
            };
            match super::values::spread_text(computed) {
                Some(spread) => format!("{value} ({spread})"),
                None => value,
            }
        },
        formula: (computed.formula != name).then(|| computed.formula.clone()),
        inputs,
        dropped: computed.dropped.iter().map(|(path, _)| path.clone()).collect(),
        source,
        raw,
        read_with: read_with_links(page, name, runs),
        vendor: None,
    })
}

/// A vendor's figure's entry, its texts in the page's language where runs.yaml writes them
/// in it (else in the first language written).
pub(super) fn vendor_evidence(page: &Page, name: &str, sources: &FigureSources) -> Option<EvidenceView> {
    let vendor = sources.runs?.vendor(name)?;
    let (source, _) = origin_links(page, name, sources.runs);
    Some(EvidenceView {
        id: evidence_id(name),
        name: name.to_string(),
        value: vendor.value.clone(),
        formula: None,
        inputs: Vec::new(),
        dropped: Vec::new(),
        source,
        raw: None,
        read_with: Vec::new(),
        vendor: Some({
            let (source, conditions, written) = vendor.texts_in(&page.lang);
            VendorEvidence {
                source: source.to_string(),
                conditions: conditions.to_string(),
                in_page_language: written,
            }
        }),
    })
}

/// An input's value as runs.yaml gives it, in its own unit (`1,000 ms`, not the `1` second
/// it is computed in), with the digits grouped.
fn input_text(path: &str, value: f64, runs: Option<&RunData>) -> String {
    let resolved = runs.and_then(|runs| runs.resolve(path).ok());
    // A value known only to the digits a tool printed (or runs.yaml wrote) is shown as
    // written: `2.84 GiB`, not the 3,049,426,780.16 B its rounded digits make (a README-only
    // trial read the evidence's false digits as measured).
    if let Some(printed) = resolved.as_ref().and_then(|computed| computed.printed.as_ref()) {
        return grouped_digits(&printed.stated);
    }
    let unit = resolved.map(|computed| computed.unit);
    match unit {
        Some(unit) if unit != number::Unit::Count => {
            // Exactly: 0.3 s is 300 ms, not 299.99999999999994.
            let in_unit = number::Exact::from_f64_shortest(value).and_then(|v| v.div(&unit.exact_factor()));
            let text = in_unit.map_or_else(|| machine_value(value / unit.factor()), |v| v.text());
            format!("{} {}", grouped_digits(&text), unit.symbol())
        }
        _ => grouped_digits(&machine_value(value)),
    }
}
