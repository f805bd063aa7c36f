//! One page: its required structure, its HTML and its view for the templates.

use tera::Context;

use super::{PageWork, Site};
use crate::content::{Kind, Page, content_hash};
use crate::diagnostics::Diagnostic;
use std::collections::BTreeMap;

use crate::claims::PageFigures;
use crate::figures::Computed;
use crate::markdown::{RenderInputs, Scan, render_html};
use crate::views::{Alternate, Banner, GENERATOR, LinkItem, PageView, SiteView};

use super::links::Resolved;

/// What a measurement page must have: a section on how it was taken, one on what it does
/// not mean, and alt text on every image.
pub(crate) fn check_structure(site: &Site, page: &Page, scan: &Scan, resolved: &Resolved) -> Vec<Diagnostic> {
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

pub(crate) fn site_view(site: &Site, lang: &str) -> SiteView {
    let settings = &site.settings;
    SiteView {
        title: settings.text(&settings.title, lang).to_string(),
        description: settings.text(&settings.description, lang).to_string(),
        base_url: settings.base_url.clone(),
        home: settings.language_prefix(lang),
        languages: settings.languages.clone(),
        owner: settings.owner.clone(),
        licence_name: settings.licence.name.clone(),
        licence_url: settings.licence.url.clone(),
        giscus: settings.giscus.clone(),
        generator: GENERATOR,
        privacy_url: site
            .content
            .get("privacy", lang)
            .or_else(|| site.content.get("privacy", settings.original_language()))
            .map(|p| p.url.clone()),
    }
}

/// Every language version of the page with the key `key`, the current one marked.
pub(crate) fn alternates(site: &Site, key: &str, current_lang: &str) -> Vec<Alternate> {
    site.content
        .versions(key, &site.settings)
        .into_iter()
        .map(|p| Alternate {
            lang: p.lang.clone(),
            url: p.url.clone(),
            permalink: format!("{}{}", site.settings.base_url, p.url),
            title: p.front.title.clone(),
            current: p.lang == current_lang,
        })
        .collect()
}

fn page_view(site: &Site, page: &Page, content: String) -> PageView {
    let banner = page
        .is_translation(&site.settings)
        .then(|| site.content.original_of(page, &site.settings))
        .flatten()
        .map(|original| Banner {
            original_url: original.url.clone(),
            original_title: original.front.title.clone(),
            out_of_date: page.front.translates.as_deref() != Some(content_hash(&original.text).as_str()),
        });
    let appliances = page
        .front
        .appliances
        .iter()
        .map(|id| {
            let target = site.content.family_page(id, &page.lang, &site.settings);
            LinkItem {
                title: target.map_or_else(|| id.clone(), |p| p.front.title.clone()),
                url: target.map_or_else(String::new, |p| p.url.clone()),
            }
        })
        .collect();
    PageView {
        title: page.front.title.clone(),
        date: page.front.date.clone(),
        kind: page.front.kind,
        summary: page.front.summary.clone(),
        url: page.url.clone(),
        permalink: format!("{}{}", site.settings.base_url, page.url),
        lang: page.lang.clone(),
        content,
        alternates: alternates(site, &page.key, &page.lang),
        banner,
        corrections: Vec::new(),
        appliances,
        build: Vec::new(),
        discussion: page.front.discussion && site.settings.giscus.is_some(),
    }
}

fn template_of(page: &Page) -> &'static str {
    if page.key == "index" {
        return "home.html";
    }
    match page.front.kind {
        Kind::Measurement => "measurement.html",
        Kind::Family => "family.html",
        Kind::Page => "page.html",
    }
}

/// The page's full HTML.
pub(crate) fn render_page(
    site: &Site,
    page: &Page,
    work: &PageWork,
    figures: &PageFigures,
    completions: &BTreeMap<String, Computed>,
) -> Result<String, Diagnostic> {
    let inputs = RenderInputs { links: &work.resolved.links, claims: &figures.views };
    let html = render_html(page.body(), page.body_start, &inputs);
    let mut view = page_view(site, page, html);
    view.corrections = figures.corrections.clone();
    view.build = site.run_data(page).map(|r| r.build_summary()).unwrap_or_default();
    if view.build.is_empty() {
        view.build = page.front.build.iter().map(|(k, v)| (k.clone(), v.joined())).collect();
    }
    let mut context = Context::new();
    context.insert("lang", &page.lang);
    context.insert("site", &site_view(site, &page.lang));
    context.insert("page", &view);
    if page.key == "index" {
        let listing = super::generated::home_listing(site, &page.lang, completions);
        context.insert("listing", &listing);
    }
    site.templates.render(template_of(page), &context)
}

/// The home page of a language whose content has no `index` page: the site's title and
/// description above the generated lists, so every language has a home to link to.
pub(crate) fn generated_home(
    site: &Site,
    lang: &str,
    completions: &BTreeMap<String, Computed>,
) -> Result<String, Diagnostic> {
    let settings = &site.settings;
    let url = settings.language_prefix(lang);
    let alternates = super::generated::generated_alternates(site, "", lang, |l| {
        settings.text(&settings.title, l).to_string()
    });
    let description = settings.text(&settings.description, lang);
    let view = PageView {
        title: settings.text(&settings.title, lang).to_string(),
        date: None,
        kind: Kind::Page,
        summary: None,
        permalink: format!("{}{url}", settings.base_url),
        url,
        lang: lang.to_string(),
        content: format!("<p>{}</p>", crate::markdown::escape_text(description)),
        alternates,
        banner: None,
        corrections: Vec::new(),
        appliances: Vec::new(),
        build: Vec::new(),
        discussion: false,
    };
    let mut context = Context::new();
    context.insert("lang", lang);
    context.insert("site", &site_view(site, lang));
    context.insert("page", &view);
    context.insert("listing", &super::generated::home_listing(site, lang, completions));
    site.templates.render("home.html", &context)
}
