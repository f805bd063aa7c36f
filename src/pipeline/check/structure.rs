//! A page's required structure: the sections and alt text a measurement page must have,
//! and a translation that records the original it was made from.

use std::collections::BTreeSet;

use super::super::load::Site;
use super::super::resolve::ResolvedLinks;
use crate::content::{Kind, Page};
use crate::diagnostics::Diagnostic;
use crate::markdown::Scan;

/// What a measurement page must have: a section on how it was taken, one on what it does
/// not mean, and alt text on every image.
pub(crate) fn check_structure(
    site: &Site,
    families: &BTreeSet<&str>,
    page: &Page,
    scan: &Scan,
    resolved: &ResolvedLinks,
) -> Vec<Diagnostic> {
    let mut problems = check_appliances(families, page);
    problems.extend(struck_in_cells(site, page, scan));
    if page.front.kind == Kind::Measurement {
        let sections = &site.settings.required_sections;
        for (what, names) in [
            ("how it was taken", &sections.how_taken),
            ("what it does not mean or did not measure", &sections.limits),
        ] {
            let accepted = names.get(&page.lang).cloned().unwrap_or_default();
            let present =
                scan.headings.iter().any(|h| accepted.iter().any(|a| a.eq_ignore_ascii_case(&h.text)));
            if !present {
                problems.push(
                    Diagnostic::at(
                        "missing-section",
                        &page.source,
                        &page.text,
                        0..3,
                        format!("a measurement page needs a section on {what}"),
                    )
                    .note(format!("add a heading named one of: {}", quoted(&accepted))),
                );
            }
        }
        for image in resolved.images.iter().filter(|i| i.alt.is_empty()) {
            problems.push(
                Diagnostic::at(
                    "missing-alt",
                    &page.source,
                    &page.text,
                    image.range.clone(),
                    "this image has no alt text",
                )
                .note("say what the picture shows: ![the console of the run ...](shots/x.png)"),
            );
        }
    }
    if page.is_translation(&site.settings)
        && let Some(original) = site.content.original_of(page, &site.settings)
    {
        let hash = original.content_hash();
        if page.front.translates.as_deref() != Some(hash.as_str()) {
            let at = crate::yaml::key_value_offset(&page.text[..page.body_start], "translates").unwrap_or(0);
            problems.push(
                Diagnostic::at(
                    "translation-out-of-date",
                    &page.source,
                    &page.text,
                    at..at,
                    "this translation may be out of date: its original has changed",
                )
                .note(format!(
                    "after updating it, set `translates: {hash}` (`tally hash {}` prints it)",
                    crate::paths::display_path(&original.source)
                ))
                .warning(),
            );
        }
    }
    problems
}

/// A number struck outside a tag in a table cell reads as a correction that no
/// `withdrawn:` entry stands behind; only a family table's done and weight columns keep
/// their history so (`~~40 %~~ 60 %`, whose last unstruck value counts).
fn struck_in_cells<'a>(
    site: &'a Site,
    page: &'a Page,
    scan: &'a Scan,
) -> impl Iterator<Item = Diagnostic> + 'a {
    let columns = &site.settings.family_columns;
    let names =
        [site.settings.text(&columns.done, &page.lang), site.settings.text(&columns.weight, &page.lang)];
    let history = move |table: usize, column: usize| {
        let header = scan.tables.get(table).and_then(|rows| rows.first());
        let name = header.and_then(|cells| cells.get(column)).map(|cell| cell.text());
        let named = |name: &str| {
            header.is_some_and(|cells| cells.iter().any(|c| c.text().trim().eq_ignore_ascii_case(name)))
        };
        page.front.kind == Kind::Family
            && names.iter().all(|n| named(n))
            && name.is_some_and(|name| names.iter().any(|n| name.trim().eq_ignore_ascii_case(n)))
    };
    scan.struck_in_cells.iter().filter(move |struck| !history(struck.table, struck.column)).map(|struck| {
        Diagnostic::at("figure-tag", &page.source, &page.text, struck.range.clone(), struck.message.clone())
    })
}

/// Every appliance a page names must have a family page (`content/families/ID.md`): an id
/// without one would make an appliance of its own, listed under /appliances/ and linked
/// nowhere. Each unknown id is an error at its place in the front matter.
fn check_appliances(known: &BTreeSet<&str>, page: &Page) -> Vec<Diagnostic> {
    let unknown: Vec<&String> =
        page.front.appliances.iter().filter(|id| !known.contains(id.as_str())).collect();
    if unknown.is_empty() {
        return Vec::new();
    }
    // Read again only for a page with a mistake, to place each at its id.
    let places = appliance_places(page);
    let mut problems = Vec::new();
    for id in unknown {
        let at = places.iter().find(|(text, _)| text == id).map_or(0..3, |(_, range)| range.clone());
        let hint = crate::figures::did_you_mean(id, known.iter().copied());
        let mut d = Diagnostic::at(
            "unknown-appliance",
            &page.source,
            &page.text,
            at,
            format!("no family page names appliance `{id}`{hint}"),
        );
        if hint.is_empty() && !known.is_empty() {
            let listed: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            d = d.note(format!("the appliances with a family page are {}", listed.join(", ")));
        }
        d = d.note(format!(
            "an appliance is known by its family page: add content/{}.md (kind: family), or name one that has a page",
            crate::content::family_key(id)
        ));
        problems.push(d);
    }
    problems
}

/// The id of every appliance with a family page (`content/families/ID.md`, in any language).
pub(crate) fn family_ids(site: &Site) -> BTreeSet<&str> {
    site.content
        .pages
        .iter()
        .filter_map(|p| {
            let id = p.key.strip_prefix(crate::content::FAMILY_FOLDER)?.strip_prefix('/')?;
            (!id.contains('/')).then_some(id)
        })
        .collect()
}

/// Each item of the front matter's `appliances:` list with its byte range in the page's file.
fn appliance_places(page: &Page) -> Vec<(String, std::ops::Range<usize>)> {
    let Some((yaml, yaml_start, _)) = crate::content::split_front_matter(&page.text) else {
        return Vec::new();
    };
    let Ok(root) = crate::yaml::parse_tree(yaml) else {
        return Vec::new();
    };
    let crate::yaml::NodeKind::Map(entries) = &root.kind else {
        return Vec::new();
    };
    let Some((_, list)) = entries.iter().find(|(key, _)| key.key_text() == "appliances") else {
        return Vec::new();
    };
    let crate::yaml::NodeKind::Seq(items) = &list.kind else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let text = item.scalar_text(yaml)?;
            let start = yaml_start + item.content_start(yaml);
            Some((text.clone(), start..start + text.len()))
        })
        .collect()
}

fn quoted(names: &[String]) -> String {
    if names.is_empty() {
        return "(none are set in site.yaml's required_sections for this language)".to_string();
    }
    names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ")
}
