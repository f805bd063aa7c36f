//! Claims: every figure tag of a page checked against what the data gives.
//!
//! Owns the comparison of a page's claims with run data, vendor figures and completions,
//! and makes each claim's [`ClaimRecord`] for `figures.json`. It asks `figures` for values and the
//! number grammar; it does not render HTML (it hands `markdown` a [`ClaimView`] per tag).

use std::collections::BTreeMap;
use std::ops::Range;

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::figures::number::{self, Mismatch, Rounding, computed_text, parse_stated};
use crate::figures::{Computed, FigureError, RunData};
use crate::i18n::Strings;
use crate::markdown::{Claim, ClaimForm, ClaimView, Scan};
use crate::paths::display_path;
use crate::plots::{Plot, find_blocks, read_plot};
use crate::views::{CorrectionView, EvidenceInput, EvidenceView, SourceLink, VendorEvidence, grouped_digits};

use super::super::figures_json::ClaimRecord;

/// Where a page's figures come from.
pub(crate) struct FigureSources<'a> {
    /// The page's bundle's runs.yaml.
    pub runs: Option<&'a RunData>,
    /// Completion of each appliance, by family id (`xgs-136`).
    pub completions: &'a BTreeMap<String, Computed>,
    /// The family id when the page is a family page (for a bare `{=completion}`).
    pub family: Option<&'a str>,
    /// Whether appliance `id` has a family page: one whose completion is missing had a
    /// table that could not be read, an error already reported at its cell.
    pub has_family_page: &'a (dyn Fn(&str) -> bool + Sync),
    /// In a translation, the original's tags (else none): what a tag would pass with is
    /// then the original's, which passes the translation check too.
    pub original_claims: &'a [Claim],
}

/// What the checks give a page: one view per tag, its corrections and its records, the
/// evidence of every figure it states and its plots.
#[derive(Debug, Default)]
pub(crate) struct PageClaims {
    pub views: Vec<ClaimView>,
    pub corrections: Vec<CorrectionView>,
    pub records: Vec<ClaimRecord>,
    /// One entry per figure stated or plotted, in the order the page first shows it.
    pub evidence: Vec<EvidenceView>,
    /// The page's plots, in order, every value read from the run data.
    pub plots: Vec<Plot>,
}

/// The anchor of a figure's entry in its page's evidence.
pub(crate) fn evidence_id(name: &str) -> String {
    format!("figure-{name}")
}

/// Checks every tag of `page`.
pub(crate) fn check_claims(
    page: &Page,
    scan: &Scan,
    sources: &FigureSources,
    strings: &Strings,
) -> (PageClaims, Vec<Diagnostic>) {
    let mut figures = PageClaims::default();
    let mut problems = Vec::new();
    let mut resolved = Memo::new();
    let lines = super::super::figures_json::published::Lines::new(&page.text);
    // Each figure once, in the order the page first states or plots it; true for a vendor's.
    let mut named: Vec<(String, bool)> = Vec::new();
    // How many tags of each name came before, to find the original's tag of the same place.
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for claim in &scan.claims {
        let nth = seen.entry(&claim.name).or_default();
        let original = sources.original_claims.iter().filter(|o| o.name == claim.name).nth(*nth);
        *nth += 1;
        let (mut view, record) = match claim.form {
            ClaimForm::Vendor => check_vendor(page, claim, sources, strings, &mut problems),
            ClaimForm::Exact | ClaimForm::Approximate => {
                let at = (claim, original);
                check_figure(page, at, sources, &mut resolved, &mut figures.corrections, &mut problems)
            }
        };
        if view.value.is_some() || view.label.is_some() {
            view.anchor = Some(evidence_id(&claim.name));
            let vendor = claim.form == ClaimForm::Vendor;
            if !named.iter().any(|(n, v)| n == &claim.name && *v == vendor) {
                named.push((claim.name.clone(), vendor));
            }
        }
        figures.views.push(view);
        figures.records.extend(record.map(|r| lines.locate(r, claim.live_range.start)));
    }
    for block in find_blocks(page.body(), page.body_start) {
        match read_plot(&block, sources.runs, &page.source, &page.text) {
            Ok(plot) => {
                for point in &plot.points {
                    if !named.iter().any(|(n, _)| n == &point.path) {
                        named.push((point.path.clone(), false));
                    }
                }
                figures.plots.push(plot);
            }
            Err(found) => problems.extend(found),
        }
    }
    figures.evidence = named
        .iter()
        .filter_map(|(name, vendor)| match vendor {
            true => vendor_evidence(page, name, sources),
            false => figure_evidence(page, name, sources, &mut resolved),
        })
        .collect();
    (figures, problems)
}

/// A numbered line of a file of the page's bundle, on the file's page in the page's language.
fn source_link(page: &Page, file: &str, line: usize) -> Option<SourceLink> {
    page.bundle.as_ref()?;
    // Relative: the source pages sit beside the page, in its language's folder, and the
    // page's address would be most of every link's bytes.
    Some(SourceLink { file: file.to_string(), line, url: format!("{file}.html#L{line}") })
}

/// Where the value at `path` is written: its runs.yaml line and, when imported, its raw line.
fn origin_links(page: &Page, path: &str, runs: Option<&RunData>) -> (Option<SourceLink>, Option<SourceLink>) {
    let Some(origin) = runs.map(|r| r.origin(path)) else {
        return (None, None);
    };
    let yaml = origin.yaml_line.and_then(|line| source_link(page, "runs.yaml", line));
    let raw = origin.raw.and_then(|(file, line)| source_link(page, &crate::paths::name_inside(&file), line));
    (yaml, raw)
}

fn figure_evidence(
    page: &Page,
    name: &str,
    sources: &FigureSources,
    resolved: &mut Memo,
) -> Option<EvidenceView> {
    let resolution = resolve_memo(name, sources, resolved)?;
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
                let (source, raw) = origin_links(page, path, runs);
                EvidenceInput { path: path.clone(), value: input_text(path, *value, runs), source, raw }
            })
            .collect()
    };
    let (source, raw) = origin_links(page, name, runs);
    Some(EvidenceView {
        id: evidence_id(name),
        name: name.to_string(),
        value: match &computed.printed {
            Some(printed) => grouped_digits(&printed.stated),
            None => grouped_digits(&computed_text(computed, computed.unit)),
        },
        formula: (computed.formula != name).then(|| computed.formula.clone()),
        inputs,
        source,
        raw,
        vendor: None,
    })
}

fn vendor_evidence(page: &Page, name: &str, sources: &FigureSources) -> Option<EvidenceView> {
    let vendor = sources.runs?.vendor(name)?;
    let (source, _) = origin_links(page, name, sources.runs);
    Some(EvidenceView {
        id: evidence_id(name),
        name: name.to_string(),
        value: vendor.value.clone(),
        formula: None,
        inputs: Vec::new(),
        source,
        raw: None,
        vendor: Some(VendorEvidence { source: vendor.source.clone(), conditions: vendor.conditions.clone() }),
    })
}

/// The figure `name` resolved once per page.
fn resolve_memo<'m>(name: &str, sources: &FigureSources, resolved: &'m mut Memo) -> Option<&'m Resolution> {
    if !resolved.contains_key(name) {
        let result = resolve(name, sources).map(|computed| Resolution {
            value: exact_machine_value(&computed),
            title: short_title(&computed),
            computed,
        });
        resolved.insert(name.to_string(), result);
    }
    resolved.get(name)?.as_ref().ok()
}

/// The family whose completion `name` states (`completion` on a family page,
/// `families/ID.completion` anywhere).
fn family_of<'a>(name: &'a str, sources: &FigureSources<'a>) -> Option<&'a str> {
    match name.strip_suffix(".completion") {
        Some(path) => path.strip_prefix(crate::content::FAMILY_FOLDER).and_then(|p| p.strip_prefix('/')),
        None if name == "completion" => sources.family,
        None => None,
    }
}

/// Whether `name` is the completion of a family whose page exists but whose table could not
/// be read: that table's cells are the errors, and stating its completion adds none.
fn completion_unreadable(name: &str, sources: &FigureSources) -> bool {
    family_of(name, sources)
        .is_some_and(|id| !sources.completions.contains_key(id) && (sources.has_family_page)(id))
}

fn resolve(name: &str, sources: &FigureSources) -> Result<Computed, FigureError> {
    let unknown =
        || FigureError::UnknownName { name: name.to_string(), hint: String::new(), span: 0..name.len() };
    if let Some(family) = family_of(name, sources) {
        return sources.completions.get(family).cloned().ok_or_else(unknown);
    }
    if name == "completion" {
        return Err(unknown());
    }
    sources.runs.ok_or_else(unknown)?.resolve(name)
}

fn error_at(page: &Page, code: &'static str, range: Range<usize>, message: String) -> Diagnostic {
    Diagnostic::at(code, &page.source, &page.text, range, message)
}

/// Figures already resolved on this page: a page states many figures more than once, and
/// the value and explanation shown with a figure are the same each time.
type Memo = BTreeMap<String, Result<Resolution, FigureError>>;

struct Resolution {
    computed: Computed,
    /// [`machine_value`] of the value.
    value: String,
    /// [`short_title`] of the computation.
    title: String,
}

/// Checks one tag, `at`: the claim and, in a translation, the original's tag of its place.
fn check_figure(
    page: &Page,
    (claim, original): (&Claim, Option<&Claim>),
    sources: &FigureSources,
    resolved: &mut Memo,
    corrections: &mut Vec<CorrectionView>,
    problems: &mut Vec<Diagnostic>,
) -> (ClaimView, Option<ClaimRecord>) {
    let _ = resolve_memo(&claim.name, sources, resolved);
    let Some(result) = resolved.get(&claim.name) else {
        return (ClaimView::default(), None);
    };
    let resolution = match result {
        Ok(resolution) => resolution,
        Err(_) if completion_unreadable(&claim.name, sources) => return (ClaimView::default(), None),
        Err(error) if error.follows_another() => return (ClaimView::default(), None),
        Err(error) => {
            let span = error.span();
            let start = claim.name_range.start + span.start.min(claim.name.len());
            let end = claim.name_range.start + span.end.min(claim.name.len());
            let mut d = error_at(page, error.code(), start..end.max(start + 1), error.to_string());
            if sources.runs.is_none() && !claim.name.contains("completion") {
                d = d.note("this page has no runs.yaml beside it");
            }
            problems.push(d);
            return (ClaimView::default(), None);
        }
    };
    let computed = &resolution.computed;
    let view = ClaimView {
        value: Some(resolution.value.clone()),
        title: resolution.title.clone(),
        label: None,
        corrections: Vec::new(),
        anchor: None,
    };
    match parse_stated(&claim.live) {
        Ok(stated) => {
            if let Err(mismatch) = number::check(&stated, computed, claim.form == ClaimForm::Approximate) {
                let would_pass = original
                    .filter(|o| o.form == claim.form && passes(&o.live, computed, claim.form))
                    .map_or(mismatch.would_pass(), |o| o.live.trim());
                problems.push(mismatch_error(page, claim, computed, &mismatch, would_pass));
            }
        }
        Err(error) => {
            // The part it could not read, when the tag's text stands in the file as written.
            let live = &claim.live_range;
            let part = error.range();
            let range = if page.text.get(live.clone()) == Some(claim.live.as_str()) {
                live.start + part.start..live.start + part.end.max(part.start + 1)
            } else {
                live.clone()
            };
            // A tag of struck text only has no current value to check: say so, rather than
            // that its (empty) live text holds no number.
            let message = if claim.live.trim().is_empty() && !claim.struck.is_empty() {
                "the tag holds only struck text: write the current value beside it (`[~~old~~ new]{=name}`)"
                    .to_string()
            } else {
                error.to_string()
            };
            problems.push(error_at(page, "figure-unreadable", range, message))
        }
    }
    let view = ClaimView { corrections: check_struck(page, claim, computed, corrections, problems), ..view };
    let record = ClaimRecord {
        page: display_path(&page.source),
        lang: page.lang.clone(),
        line: 0,
        col: 0,
        name: claim.name.clone(),
        stated: claim.live.clone(),
        struck: claim.struck.iter().map(|(t, _)| t.trim().to_string()).collect(),
        computed: Some(computed.value),
        unit: computed.unit.symbol().to_string(),
        formula: computed.formula.clone(),
        inputs: computed.inputs.clone(),
        vendor: false,
    };
    (view, Some(record))
}

/// Whether `text` passes for `computed` stated in a tag of `form`.
fn passes(text: &str, computed: &Computed, form: ClaimForm) -> bool {
    parse_stated(text)
        .is_ok_and(|stated| number::check(&stated, computed, form == ClaimForm::Approximate).is_ok())
}

fn mismatch_error(
    page: &Page,
    claim: &Claim,
    computed: &Computed,
    mismatch: &Mismatch,
    would_pass: &str,
) -> Diagnostic {
    let (code, message) = match mismatch {
        Mismatch::UnitKind { .. } => ("figure-unit", format!("`{}` {mismatch}", claim.live)),
        Mismatch::Value { .. } => ("figure-mismatch", format!("states `{}` but {mismatch}", claim.live)),
        Mismatch::FinerThanPrinted { .. } => (
            "figure-precision",
            format!("states `{}` more precisely than the data holds it: {mismatch}", claim.live),
        ),
    };
    let mut d = error_at(page, code, claim.live_range.clone(), message)
        .note(format!("computed: {}", explain(computed)));
    if computed.round == Rounding::Down {
        d = d.note("this figure is truncated (`round: down`), not rounded");
    }
    d.note(format!(
        "would pass: [{}]{{{}{}}}",
        would_pass,
        if claim.form == ClaimForm::Approximate { "~" } else { "=" },
        claim.name
    ))
}

/// Every struck value must be a withdrawal listed in the data; returns correction numbers.
fn check_struck(
    page: &Page,
    claim: &Claim,
    computed: &Computed,
    corrections: &mut Vec<CorrectionView>,
    problems: &mut Vec<Diagnostic>,
) -> Vec<usize> {
    let mut numbers = Vec::new();
    for (struck, range) in &claim.struck {
        let struck = struck.trim();
        let listed = computed.withdrawn.iter().find(|w| number::same_value(&w.value, struck));
        match listed {
            Some(withdrawal) => {
                corrections.push(CorrectionView {
                    number: corrections.len() + 1,
                    struck: struck.to_string(),
                    live: claim.live.clone(),
                    on: withdrawal.on.clone(),
                    why: withdrawal.why_in(&page.lang).to_string(),
                });
                numbers.push(corrections.len());
            }
            None => problems.push(
                error_at(
                    page,
                    "figure-withdrawn-unlisted",
                    range.clone(),
                    format!("the struck value `{struck}` is not listed as withdrawn for `{}`", claim.name),
                )
                .note(withdrawn_where(&claim.name, struck)),
            ),
        }
    }
    numbers
}

/// Where in runs.yaml the withdrawn value of the figure `name` is listed: a run's field
/// holds it beside its value, a figure of `figures:` under its own `withdrawn:` key.
fn withdrawn_where(name: &str, struck: &str) -> String {
    let entry = format!("withdrawn: [{{value: \"{struck}\", on: YYYY-MM-DD, why: \"...\"}}]");
    match name.strip_prefix("runs.") {
        Some(field) => {
            format!("list it in runs.yaml at the field `{field}` under `runs:`: {{value: NEW, {entry}}}")
        }
        None => format!("list it in runs.yaml under `figures:`, in `{name}:` beside its `is:`: {entry}"),
    }
}

fn check_vendor(
    page: &Page,
    claim: &Claim,
    sources: &FigureSources,
    strings: &Strings,
    problems: &mut Vec<Diagnostic>,
) -> (ClaimView, Option<ClaimRecord>) {
    let Some(vendor) = sources.runs.and_then(|r| r.vendor(&claim.name)) else {
        problems.push(error_at(
            page,
            "figure-unknown",
            claim.name_range.clone(),
            format!("no vendor figure is named `{}`", claim.name),
        ));
        return (ClaimView::default(), None);
    };
    if !number::same_value(&vendor.value, &claim.live) {
        problems.push(
            error_at(
                page,
                "figure-mismatch",
                claim.live_range.clone(),
                format!("states `{}` but the vendor's figure is `{}`", claim.live, vendor.value),
            )
            .note(format!("source: {}", vendor.source)),
        );
    }
    let source = strings.text(&page.lang, "figure-vendor-source");
    let view = ClaimView {
        value: parse_stated(&vendor.value).ok().map(|s| machine_value(s.value * s.unit.factor())),
        // Short: who says so; the conditions are in the page's evidence, a link away.
        title: format!("{source}{}{}", strings.text(&page.lang, "evidence-line-separator"), vendor.source),
        label: Some(strings.text(&page.lang, "figure-vendor-label")),
        corrections: Vec::new(),
        anchor: None,
    };
    let record = ClaimRecord {
        page: display_path(&page.source),
        lang: page.lang.clone(),
        line: 0,
        col: 0,
        name: claim.name.clone(),
        stated: claim.live.clone(),
        struck: Vec::new(),
        computed: None,
        unit: String::new(),
        formula: format!("vendor: {}", vendor.source),
        inputs: Vec::new(),
        vendor: true,
    };
    (view, Some(record))
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
fn exact_machine_value(computed: &Computed) -> String {
    match &computed.exact {
        Some(exact) if exact.is_integer() && computed.value.abs() >= 1e15 => exact.text(),
        _ => machine_value(computed.value),
    }
}

/// A value for `<data value>`: the shortest text that reads back as the same number.
pub(crate) fn machine_value(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 { format!("{value:.0}") } else { format!("{value}") }
}
