//! One page of `content/`: its HTML and its view for the templates.

use std::collections::BTreeMap;

use tera::Context;

use super::super::check::claims::{PageClaims, evidence_id};
use super::super::load::Site;
use super::super::resolve::PageWork;
use super::site_view::{alternates, site_view};
use crate::content::{Kind, Page};
use crate::diagnostics::Diagnostic;
use crate::i18n::Strings;
use crate::markdown::{RenderInputs, render_html_with_plots};
use crate::number::Computed;
use crate::number::Unit;
use crate::plots::{Plot, Shape, svg};
use crate::views::{Banner, LabelledRow, LinkItem, PageView};

fn page_view(site: &Site, page: &Page, content: String) -> PageView {
    let banner = page
        .is_translation(&site.settings)
        .then(|| site.content.original_of(page, &site.settings))
        .flatten()
        .map(|original| Banner {
            original_url: original.url.clone(),
            original_title: original.front.title.clone(),
            out_of_date: page.front.translates.as_deref() != Some(original.content_hash().as_str()),
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
        evidence_html: String::new(),
        contents: Vec::new(),
        completion: None,
        appliances,
        code_under_test: Vec::new(),
        build_rows: Vec::new(),
        discussion: page.front.discussion && site.settings.giscus.is_some(),
        taken: site.run_data(page).and_then(|r| r.source()).map(taken_view),
        files_taken: site.run_data(page).map(files_taken).unwrap_or_default(),
    }
}

/// Who took data that is not the site owner's, as a page or a source page shows it.
pub(crate) fn taken_view(source: &crate::figures::rundata::DataSource) -> crate::views::TakenView {
    crate::views::TakenView { by: source.by.clone(), on: source.taken.clone(), url: source.url.clone() }
}

/// The bundle's raw files with a source of their own, each linked to its source page.
fn files_taken(data: &crate::figures::rundata::RunData) -> Vec<crate::views::FileTakenView> {
    data.file_sources()
        .iter()
        .map(|f| {
            let file = crate::paths::name_inside(&f.path);
            crate::views::FileTakenView { url: format!("{file}.html"), file, taken: taken_view(&f.source) }
        })
        .collect()
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
    pictures: &super::images::Pictures,
) -> Result<Vec<u8>, Diagnostic> {
    let inputs = RenderInputs { links: &work.resolved.links, claims: &figures.views };
    let plots: Vec<String> = figures
        .plots
        .iter()
        .enumerate()
        .map(|(i, plot)| {
            let labels = plot_labels(&site.strings, &page.lang, plot);
            svg::figure_html(plot, &format!("plot-{}", i + 1), &labels, &|path| evidence_id(path))
        })
        .collect();
    // Taken, so that each page's holes are let go as it is rendered.
    let prerendered = work.prerendered.lock().ok().and_then(|mut held| held.take());
    let html = match prerendered {
        Some(prerendered) if plots.is_empty() && figures.raw_blocks.is_empty() => {
            prerendered.fill(&work.scan.claims, &inputs)
        }
        _ => render_html_with_plots(page.body(), page.body_start, &inputs, [&plots, &figures.raw_blocks]),
    };
    let shown: Vec<super::pictures::PagePicture> = work
        .resolved
        .images
        .iter()
        .filter_map(|image| {
            Some(super::pictures::PagePicture { url: &image.url, planned: pictures.get(&image.source)? })
        })
        .collect();
    let html = super::pictures::rewrite(&html, &shown);
    // The contents read before the anchors are added, whose `#` is no heading's word.
    let mut contents = super::contents::contents(&html);
    let html = super::contents::with_anchors(&html, &site.strings.text(&page.lang, "heading-anchor"));
    let mut view = page_view(site, page, html);
    view.corrections = figures.corrections.clone();
    if !contents.is_empty() && !figures.evidence.is_empty() {
        let title = site.strings.text(&page.lang, "evidence-heading");
        contents.push(LinkItem { title, url: "#evidence-heading".to_string() });
    }
    view.contents = contents;
    if page.front.kind == Kind::Family
        && let Some(completion) = completions.get(page.family_id())
    {
        let text = super::generated::completion_text(site, &page.lang, completion.value);
        let percent = super::generated::whole_percent(completion.value);
        view.completion = Some(crate::views::CompletionView { text, percent });
    }
    view.evidence_html = super::evidence::evidence_html(
        &figures.evidence,
        &figures.stated,
        &site.strings,
        &page.lang,
        site.settings.original_language(),
        site.settings.print_evidence,
    );
    view.code_under_test = site.run_data(page).map(|r| r.code_under_test()).unwrap_or_default();
    if view.code_under_test.is_empty() {
        view.code_under_test =
            page.front.code_under_test.iter().map(|(k, v)| (k.clone(), v.joined())).collect();
    }
    view.build_rows = view
        .code_under_test
        .iter()
        .filter(|(_, value)| !value.trim().is_empty())
        .map(|(key, value)| LabelledRow {
            label: site.strings.get(&page.lang, &format!("build-{key}"), &[]).unwrap_or_else(|| key.clone()),
            value: value.clone(),
        })
        .collect();
    // The page's own HTML and the chrome around it, which is under 8 KB in the bundled
    // templates.
    let capacity = view.content.len() + view.evidence_html.len() + 8 * 1024;
    let mut context = Context::new();
    context.insert("lang", &page.lang);
    context.insert("site", &site_view(site, &page.lang));
    context.insert("page", &view);
    let (section, section_page) = super::site_view::section_of(page);
    context.insert("section", section);
    context.insert("section_page", &section_page);
    if page.key == "index" {
        let listing = super::generated::home_listing(site, &page.lang, completions);
        context.insert("listing", &listing);
    }
    site.templates.render_bytes(template_of(page), &context, capacity)
}

/// A plot's words in the page's language: its axes from the Fluent files, by what it plots.
fn plot_labels(strings: &Strings, lang: &str, plot: &Plot) -> svg::Labels {
    let unit = plot.unit.symbol().to_string();
    let measure = match plot.unit.kind() {
        crate::number::UnitKind::BitRate
        | crate::number::UnitKind::ConnectionRate
        | crate::number::UnitKind::RequestRate => "plot-axis-rate",
        crate::number::UnitKind::Percent => "plot-axis-percent",
        crate::number::UnitKind::Bytes => "plot-axis-bytes",
        crate::number::UnitKind::Seconds => "plot-axis-seconds",
        crate::number::UnitKind::PacketRate => "plot-axis-packets",
        crate::number::UnitKind::Count => "plot-axis-count",
    };
    let text = |key: &str, args: &[(&str, String)]| strings.needed(lang, key, args);
    // The block's own name for the axis (`axis: CPUs busy`) with the unit, so that the axis
    // says what the title says ("CPUs busy (%)", not "Share (%)", issue 45).
    let value_axis = match (&plot.axis, plot.unit) {
        (Some(name), Unit::Count) => name.clone(),
        (Some(name), _) => text("plot-axis-named", &[("name", name.clone()), ("unit", unit)]),
        (None, Unit::Count) => text(measure, &[]),
        (None, _) => text(measure, &[("unit", unit)]),
    };
    let count = plot.points.len().to_string();
    match &plot.shape {
        Shape::Bars => svg::Labels {
            value_axis,
            category_axis: text("plot-axis-run", &[]),
            link_rate: text("plot-link-rate", &[]),
            table_summary: text("plot-values", &[]),
            table_category: text(
                if plot.whiskers.is_some() { "plot-axis-figure" } else { "plot-axis-run" },
                &[],
            ),
            description: match plot.whiskers {
                Some(_) => text("plot-figures-description", &[("count", count)]),
                None => text("plot-bars-description", &[("field", plot.field.clone()), ("count", count)]),
            },
            whiskers: plot.whiskers.map(|whiskers| {
                let (legend, column) = whiskers.keys();
                svg::WhiskerLabels {
                    legend: text(legend, &[]),
                    runs_column: text("plot-runs", &[]),
                    spread_column: text(column, &[("unit", plot.unit.symbol().to_string())]),
                }
            }),
            range_separator: text("plot-range-separator", &[]),
        },
        Shape::Intervals { run, .. } => svg::Labels {
            value_axis,
            category_axis: text("plot-axis-time", &[]),
            link_rate: text("plot-link-rate", &[]),
            table_summary: text("plot-values", &[]),
            table_category: text("plot-interval", &[]),
            description: text("plot-intervals-description", &[("run", run.clone()), ("count", count)]),
            whiskers: None,
            range_separator: text("plot-range-separator", &[]),
        },
    }
}
