//! A page's required structure: the sections and alt text a measurement page must have,
//! and a translation that records the original it was made from.

use super::super::load::Site;
use super::super::resolve::ResolvedLinks;
use crate::content::{Kind, Page, content_hash};
use crate::diagnostics::Diagnostic;
use crate::markdown::Scan;

/// What a measurement page must have: a section on how it was taken, one on what it does
/// not mean, and alt text on every image.
pub(crate) fn check_structure(
    site: &Site,
    page: &Page,
    scan: &Scan,
    resolved: &ResolvedLinks,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
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
        let hash = content_hash(&original.text);
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

fn quoted(names: &[String]) -> String {
    if names.is_empty() {
        return "(none are set in site.yaml's required_sections for this language)".to_string();
    }
    names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ")
}
