//! Ids: no two elements of a page share one. A link to `#x` goes to the first element of
//! that id, so a heading that takes an id tally gives one of its own elements (a figure's
//! evidence entry, a plot, what the templates write) silently takes that element's links,
//! and a second element of an id is never reached at all.
//!
//! Owns the rule and its diagnostics (`duplicate-id`). It does not make ids: headings are
//! named in `markdown` (their own `{#id}`, or a slug of their text), footnotes' texts are
//! `fn:NAME` (a form no heading's text makes), evidence entries `figure-NAME`, plots
//! `plot-N`; the templates' ids are read when they are loaded.

use rustc_hash::FxHashMap as HashMap;
use std::ops::Range;

use super::claims::PageClaims;
use crate::content::Page;
use crate::diagnostics::{Diagnostic, LineIndex};
use crate::markdown::{Scan, footnote_id};
use crate::templates::TemplateId;

/// The prefix of every figure's evidence anchor (`claims::evidence_id`): ids of that form
/// are tally's own.
const FIGURE_PREFIX: &str = "figure-";

/// An element of the page's body that has an id, in the page's own words.
struct Element<'a> {
    id: String,
    /// Where the error is placed: the id as written, or the heading's text it is made of.
    at: Range<usize>,
    kind: Kind<'a>,
}

enum Kind<'a> {
    Heading { level: u8, text: &'a str, explicit: bool },
    Footnote { name: &'a str },
    Html,
}

/// An error for each element of `page` whose id another element has: one tally writes, or
/// one earlier in the page.
pub(crate) fn check_ids(
    page: &Page,
    scan: &Scan,
    figures: &PageClaims,
    templates: &[TemplateId],
) -> Vec<Diagnostic> {
    let mut elements: Vec<Element> = Vec::new();
    for heading in &scan.headings {
        let at = heading_place(&page.text, &heading.range, &heading.id, heading.explicit);
        let kind = Kind::Heading { level: heading.level, text: &heading.text, explicit: heading.explicit };
        elements.push(Element { id: heading.id.clone(), at, kind });
    }
    for (name, range) in &scan.footnotes {
        let at = range.start..range.start + 3 + name.len();
        elements.push(Element { id: footnote_id(name), at, kind: Kind::Footnote { name } });
    }
    for (id, range) in &scan.html_ids {
        elements.push(Element { id: id.clone(), at: range.clone(), kind: Kind::Html });
    }
    elements.sort_by_key(|e| e.at.start);
    let tallys = tallys_ids(figures);
    // An id is free for a suggestion when no element of the page has it and it is not one
    // tally or the templates write.
    let free = |id: &str| {
        !elements.iter().any(|e| e.id == id)
            && !tallys.contains_key(id)
            && !templates.iter().any(|t| t.matches(id))
            && !id.starts_with(FIGURE_PREFIX)
    };
    let mut first: HashMap<&str, usize> = HashMap::default();
    let mut problems = Vec::new();
    for element in &elements {
        let owner = tallys
            .get(element.id.as_str())
            .map(TallysId::describe)
            .or_else(|| {
                templates.iter().find(|t| t.matches(&element.id)).map(|t| {
                    format!(
                        "an element the template `templates/{}` writes (`id=\"{}\"`)",
                        t.template, t.written
                    )
                })
            })
            .or_else(|| {
                let explicit = matches!(element.kind, Kind::Heading { explicit: true, .. } | Kind::Html);
                (explicit && element.id.starts_with(FIGURE_PREFIX)).then(|| RESERVED.to_string())
            })
            .or_else(|| {
                first
                    .get(element.id.as_str())
                    .map(|&at| format!("the element at line {}", LineIndex::line_in(&page.text, at)))
            });
        match owner {
            Some(owner) => problems.push(clash(page, element, &owner, &suggestion(&element.id, &free))),
            None => {
                first.entry(&element.id).or_insert(element.at.start);
            }
        }
    }
    problems
}

/// What an id tally writes belongs to; put in words only for a clash, which is rare, while
/// every page has an id a figure.
enum TallysId<'a> {
    EvidenceHeading,
    Evidence(&'a str),
    Plot(usize),
}

impl TallysId<'_> {
    fn describe(&self) -> String {
        match self {
            TallysId::EvidenceHeading => "the heading of the page's evidence".to_string(),
            TallysId::Evidence(name) => {
                format!("figure `{name}`'s entry in the page's evidence, which the figure links to")
            }
            TallysId::Plot(n) => format!("the page's plot number {n}"),
        }
    }
}

/// The ids tally writes on the page besides the templates', each with what it belongs to.
fn tallys_ids(figures: &PageClaims) -> HashMap<String, TallysId<'_>> {
    let mut ids = HashMap::default();
    if !figures.evidence.is_empty() {
        ids.insert("evidence-heading".to_string(), TallysId::EvidenceHeading);
    }
    for entry in &figures.evidence {
        ids.insert(entry.id.clone(), TallysId::Evidence(&entry.name));
    }
    for n in 1..=figures.plots.len() {
        for id in [format!("plot-{n}"), format!("plot-{n}-title"), format!("plot-{n}-desc")] {
            ids.insert(id, TallysId::Plot(n));
        }
    }
    ids
}

/// What a clash with the `figure-` prefix is owned by: no element, a form.
const RESERVED: &str = "reserved";

fn clash(page: &Page, element: &Element, owner: &str, suggestion: &str) -> Diagnostic {
    let id = &element.id;
    let what = match &element.kind {
        Kind::Heading { .. } => "heading's",
        _ => "element's",
    };
    let (message, fix) = match &element.kind {
        _ if owner == RESERVED => (
            format!(
                "this {what} id `{id}` starts `{FIGURE_PREFIX}`: ids starting `{FIGURE_PREFIX}` are reserved for tally's figure anchors (`{FIGURE_PREFIX}NAME`)"
            ),
            match &element.kind {
                Kind::Heading { level, text, .. } => format!(
                    "give the heading an id not starting `{FIGURE_PREFIX}`: `{} {text} {{#{suggestion}}}`",
                    "#".repeat(usize::from(*level))
                ),
                _ => format!("give the element an id not starting `{FIGURE_PREFIX}`: `id=\"{suggestion}\"`"),
            },
        ),
        Kind::Heading { level, text, explicit: true } => (
            format!("this heading's id `{id}` is already the id of {owner}"),
            format!(
                "give the heading an id no other element has: `{} {text} {{#{suggestion}}}`",
                "#".repeat(usize::from(*level)),
            ),
        ),
        Kind::Heading { level, text, explicit: false } => (
            format!("this heading's id `{id}`, made from its text, is already the id of {owner}"),
            format!(
                "give the heading an id of its own after its text: `{} {text} {{#{suggestion}}}`",
                "#".repeat(usize::from(*level)),
            ),
        ),
        Kind::Footnote { name } => (
            format!("footnote `[^{name}]`'s id `{id}` is already the id of {owner}"),
            "name each footnote once: `[^NAME]: …` defines it, `[^NAME]` refers to it".to_string(),
        ),
        Kind::Html => (
            format!("this element's id `{id}` is already the id of {owner}"),
            "give the element an id no other element of the page has".to_string(),
        ),
    };
    Diagnostic::at("duplicate-id", &page.source, &page.text, element.at.clone(), message)
        .note("a link to `#ID` goes to the first element of that id: no two elements of a page may share one")
        .note(fix)
}

/// An id like `id` that is free on the page: `id` without the reserved prefix when that is
/// free, else `BASE-section`, `BASE-section-2`, ... (the first of them free).
fn suggestion(id: &str, free: &dyn Fn(&str) -> bool) -> String {
    let stripped = id.strip_prefix(FIGURE_PREFIX).filter(|rest| !rest.is_empty());
    if let Some(base) = stripped
        && free(base)
    {
        return base.to_string();
    }
    let base = stripped.unwrap_or(id);
    let first = format!("{base}-section");
    if free(&first) {
        return first;
    }
    (2..1000).map(|n| format!("{first}-{n}")).find(|s| free(s)).unwrap_or(first)
}

/// Where a heading's error goes: at `#id` when the author wrote it, else at its text.
fn heading_place(text: &str, range: &Range<usize>, id: &str, explicit: bool) -> Range<usize> {
    let source = text.get(range.clone()).unwrap_or("");
    if explicit && let Some(at) = source.rfind(&format!("#{id}")) {
        return range.start + at..range.start + at + 1 + id.len();
    }
    let first_line = source.lines().next().unwrap_or("");
    let skipped = first_line.len() - first_line.trim_start_matches('#').trim_start().len();
    let end = first_line.trim_end().len().max(skipped + 1);
    range.start + skipped..range.start + end
}
