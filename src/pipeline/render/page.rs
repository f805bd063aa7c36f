//! One page of `content/`: its HTML and its view for the templates.

use std::collections::BTreeMap;

use tera::Context;

use super::super::check::claims::PageClaims;
use super::super::load::Site;
use super::super::resolve::PageWork;
use super::site_view::{alternates, site_view};
use crate::content::{Kind, Page, content_hash};
use crate::diagnostics::Diagnostic;
use crate::figures::Computed;
use crate::markdown::{RenderInputs, render_html};
use crate::views::{Banner, LinkItem, PageView};

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
        code_under_test: Vec::new(),
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
    figures: &PageClaims,
    completions: &BTreeMap<String, Computed>,
) -> Result<String, Diagnostic> {
    let inputs = RenderInputs { links: &work.resolved.links, claims: &figures.views };
    let html = render_html(page.body(), page.body_start, &inputs);
    let mut view = page_view(site, page, html);
    view.corrections = figures.corrections.clone();
    view.code_under_test = site.run_data(page).map(|r| r.code_under_test()).unwrap_or_default();
    if view.code_under_test.is_empty() {
        view.code_under_test =
            page.front.code_under_test.iter().map(|(k, v)| (k.clone(), v.joined())).collect();
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
