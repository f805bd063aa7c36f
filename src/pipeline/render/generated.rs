//! Generated pages: measurements by day and by appliance, the home page's lists, an Atom
//! feed per language, sitemap.xml with alternates, and the 404 page.

use std::collections::BTreeMap;

use tera::Context;

use super::super::load::Site;
use super::site_view::{alternates, site_view};
use crate::content::{Kind, Page};
use crate::diagnostics::Diagnostic;
use crate::number::Computed;
use crate::paths::escaped_address;
use crate::pipeline::write::Collector;
use crate::views::{Alternate, FeedEntry, FeedView, Group, ListingView, PageSummary, PageView, SitemapEntry};

/// Renders every generated page into `output`.
pub(crate) fn render_all(
    site: &Site,
    completions: &BTreeMap<String, Computed>,
    output: &Collector,
    problems: &mut Vec<Diagnostic>,
) {
    let original = site.settings.original_language().to_string();
    // First: its context, every page with its versions as template values (10 MB for a
    // thousand bundles), was the build's peak, on top of the other listings made before it
    // and not yet written.
    let mut context = base_context(site, &original);
    context.insert("sitemap", &sitemap(site));
    push(output, problems, "sitemap.xml".to_string(), site.templates.render("sitemap.xml", &context));
    drop(context);
    for lang in &site.settings.languages {
        if site.content.get("index", lang).is_none() {
            let path = crate::paths::page_file(&site.settings.language_prefix(lang));
            push(output, problems, path, generated_home(site, lang, completions));
        }
        let prefix = site.settings.language_prefix(lang);
        let by_day = listing(site, lang, "measurements-by-day", "measurements/", groups_by_day(site, lang));
        let by_appliance = listing(
            site,
            lang,
            "measurements-by-appliance",
            "appliances/",
            groups_by_appliance(site, lang, completions),
        );
        for (view, section) in [(by_day, "measurements"), (by_appliance, "appliances")] {
            let path = crate::paths::page_file(&view.url);
            let mut context = base_context(site, lang);
            context.insert("listing", &view);
            context.insert("section", section);
            context.insert("section_page", &true);
            push(output, problems, path, site.templates.render("section.html", &context));
        }
        let mut context = base_context(site, lang);
        context.insert("feed", &feed(site, lang));
        push(
            output,
            problems,
            format!("{}atom.xml", prefix.trim_start_matches('/')),
            site.templates.render("atom.xml", &context),
        );
    }
    for lang in &site.settings.languages {
        let (path, context) = not_found(site, lang);
        push(output, problems, path, site.templates.render("404.html", &context));
    }
}

/// The 404 page of `lang` and its file: `404.html` for the site's first language, which a
/// host such as GitHub Pages serves for every missing address, and `ja/404.html` for the
/// others (`tally serve` and hosts that look for one per folder use it). The first holds
/// every language's words, its own first, so that a script can show the one of the missing
/// address's language and a reader without scripts reads them all; each language's
/// switcher leads to each language's home page.
fn not_found(site: &Site, lang: &str) -> (String, Context) {
    let original = site.settings.original_language();
    let home = |l: &str| site.settings.language_prefix(l);
    let languages: Vec<&String> = match lang == original {
        true => {
            let mut all: Vec<&String> = site.settings.languages.iter().filter(|l| *l == lang).collect();
            all.extend(site.settings.languages.iter().filter(|l| *l != lang));
            all
        }
        false => site.settings.languages.iter().filter(|l| *l == lang).collect(),
    };
    let home_of = |l: &String| Alternate {
        lang: l.clone(),
        url: home(l),
        permalink: format!("{}{}", site.settings.base_url, home(l)),
        title: String::new(),
        current: l == lang,
    };
    let texts: Vec<Alternate> = languages.into_iter().map(home_of).collect();
    let switcher: Vec<Alternate> = site.settings.languages.iter().map(home_of).collect();
    let mut context = base_context(site, lang);
    context.insert("not_found", &texts);
    context.insert("alternates", &switcher);
    let path = format!("{}404.html", home(lang).trim_start_matches('/'));
    (path, context)
}

fn push(
    output: &Collector,
    problems: &mut Vec<Diagnostic>,
    path: String,
    rendered: Result<String, Diagnostic>,
) {
    match rendered {
        Ok(text) => output.add(path, text),
        Err(d) => problems.push(d),
    }
}

fn base_context(site: &Site, lang: &str) -> Context {
    let mut context = Context::new();
    context.insert("lang", lang);
    context.insert("site", &site_view(site, lang));
    context.insert("section", "");
    context.insert("section_page", &false);
    context
}

fn listing(site: &Site, lang: &str, title_key: &str, path: &str, groups: Vec<Group>) -> ListingView {
    let url = format!("{}{path}", site.settings.language_prefix(lang));
    let alternates = generated_alternates(site, path, lang, |l| site.strings.text(l, title_key));
    ListingView { title: site.strings.text(lang, title_key), url, groups, alternates }
}

/// The version of each page in `lang`, or its original where it has no translation;
/// newest first, then by title.
fn pages_in<'a>(site: &'a Site, lang: &str, kind: Kind) -> Vec<(&'a Page, bool)> {
    let mut pages: Vec<(&Page, bool)> = site
        .content
        .pages
        .iter()
        .filter(|p| p.front.kind == kind && !p.is_translation(&site.settings))
        .map(|original| match site.content.get(&original.key, lang) {
            Some(translated) => (translated, false),
            None => (&**original, lang != original.lang),
        })
        .collect();
    pages.sort_by(|(a, _), (b, _)| b.front.date.cmp(&a.front.date).then(a.front.title.cmp(&b.front.title)));
    pages
}

fn summary((page, untranslated): (&Page, bool)) -> PageSummary {
    PageSummary {
        title: page.front.title.clone(),
        url: page.url.clone(),
        date: page.front.date.clone(),
        summary: page.front.summary.clone(),
        untranslated,
    }
}

fn groups_by_day(site: &Site, lang: &str) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for entry in pages_in(site, lang, Kind::Measurement) {
        let day = entry.0.front.date.clone().unwrap_or_default();
        match groups.last_mut() {
            Some(group) if group.heading == day => group.pages.push(summary(entry)),
            _ => groups.push(Group {
                id: None,
                heading: day,
                url: None,
                completion: None,
                completion_value: None,
                pages: vec![summary(entry)],
            }),
        }
    }
    groups
}

fn groups_by_appliance(site: &Site, lang: &str, completions: &BTreeMap<String, Computed>) -> Vec<Group> {
    let mut by_id: BTreeMap<String, Vec<PageSummary>> = BTreeMap::new();
    for family in pages_in(site, lang, Kind::Family) {
        by_id.entry(family.0.family_id().to_string()).or_default();
    }
    for entry in pages_in(site, lang, Kind::Measurement) {
        for id in &entry.0.front.appliances {
            by_id.entry(id.clone()).or_default().push(summary(entry));
        }
    }
    by_id
        .into_iter()
        .map(|(id, pages)| {
            let family = site.content.family_page(&id, lang, &site.settings);
            Group {
                id: Some(id.clone()),
                heading: family.map_or_else(|| id.clone(), |p| p.front.title.clone()),
                url: family.map(|p| p.url.clone()),
                completion: completions.get(&id).map(|c| completion_text(site, lang, c.value)),
                completion_value: completions.get(&id).map(|c| whole_percent(c.value)),
                pages,
            }
        })
        .collect()
}

/// The home page's lists: recent measurements and the appliances.
pub(crate) fn home_listing(site: &Site, lang: &str, completions: &BTreeMap<String, Computed>) -> ListingView {
    let mut groups = vec![Group {
        id: None,
        heading: site.strings.text(lang, "recent-measurements"),
        url: Some(format!("{}measurements/", site.settings.language_prefix(lang))),
        completion: None,
        completion_value: None,
        pages: pages_in(site, lang, Kind::Measurement).into_iter().take(10).map(summary).collect(),
    }];
    groups.extend(groups_by_appliance(site, lang, completions));
    listing(site, lang, "home-title", "", groups)
}

fn feed(site: &Site, lang: &str) -> FeedView {
    let prefix = site.settings.language_prefix(lang);
    let entries: Vec<FeedEntry> = pages_in(site, lang, Kind::Measurement)
        .into_iter()
        .filter_map(|(page, _)| {
            Some(FeedEntry {
                title: page.front.title.clone(),
                permalink: format!("{}{}", site.settings.base_url, page.url),
                updated: format!("{}T00:00:00Z", page.front.date.as_deref()?),
                summary: page.front.summary.clone(),
                lang: page.lang.clone(),
            })
        })
        .collect();
    let updated =
        entries.iter().map(|e| e.updated.clone()).max().unwrap_or_else(|| "1970-01-01T00:00:00Z".to_string());
    FeedView {
        title: site.settings.text(&site.settings.title, lang).to_string(),
        permalink: format!("{}{prefix}atom.xml", site.settings.base_url),
        home: format!("{}{prefix}", site.settings.base_url),
        updated,
        entries,
    }
}

fn sitemap(site: &Site) -> Vec<SitemapEntry> {
    let mut entries: Vec<SitemapEntry> = site
        .content
        .pages
        .iter()
        .map(|page| SitemapEntry {
            permalink: format!("{}{}", site.settings.base_url, escaped_address(&page.url)),
            lastmod: page.front.date.clone(),
            // A sitemap holds addresses (RFC 3986), not names: `/日本 x/` is escaped.
            alternates: alternates(site, &page.key, &page.lang)
                .into_iter()
                .map(|alternate| Alternate {
                    permalink: format!("{}{}", site.settings.base_url, escaped_address(&alternate.url)),
                    ..alternate
                })
                .collect(),
        })
        .collect();
    for path in ["measurements/", "appliances/"] {
        for lang in &site.settings.languages {
            let alternates = generated_alternates(site, path, lang, |_| String::new());
            let url = format!("{}{path}", site.settings.language_prefix(lang));
            entries.push(SitemapEntry {
                permalink: format!("{}{url}", site.settings.base_url),
                lastmod: None,
                alternates,
            });
        }
    }
    entries.sort_by(|a, b| a.permalink.cmp(&b.permalink));
    entries
}

/// "47 % complete", in the page's language, rounded as the README shows it.
/// A completion in whole percent, 0 to 100: the value of the bar drawn beside its text.
pub(crate) fn whole_percent(value: f64) -> u32 {
    // In range and finite: the cast cannot wrap.
    value.round().clamp(0.0, 100.0) as u32
}

pub(crate) fn completion_text(site: &Site, lang: &str, value: f64) -> String {
    format!("{} % {}", value.round(), site.strings.text(lang, "completion-label"))
}

/// The language versions of a generated page at `path` under each language's prefix.
pub(crate) fn generated_alternates(
    site: &Site,
    path: &str,
    current: &str,
    title: impl Fn(&str) -> String,
) -> Vec<Alternate> {
    site.settings
        .languages
        .iter()
        .map(|lang| {
            let url = format!("{}{path}", site.settings.language_prefix(lang));
            Alternate {
                lang: lang.clone(),
                permalink: format!("{}{url}", site.settings.base_url),
                url,
                title: title(lang),
                current: lang == current,
            }
        })
        .collect()
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
    let alternates = generated_alternates(site, "", lang, |l| settings.text(&settings.title, l).to_string());
    let description = settings.text(&settings.description, lang);
    let view = PageView {
        title: settings.text(&settings.title, lang).to_string(),
        date: None,
        kind: Kind::Page,
        summary: None,
        permalink: format!("{}{url}", settings.base_url),
        url,
        lang: lang.to_string(),
        content: format!("<p>{}</p>", crate::text::escape_html(description)),
        alternates,
        banner: None,
        corrections: Vec::new(),
        evidence_html: String::new(),
        contents: Vec::new(),
        completion: None,
        appliances: Vec::new(),
        code_under_test: Vec::new(),
        build_rows: Vec::new(),
        discussion: false,
        taken: None,
        files_taken: Vec::new(),
    };
    let mut context = Context::new();
    context.insert("lang", lang);
    context.insert("site", &site_view(site, lang));
    context.insert("page", &view);
    context.insert("listing", &home_listing(site, lang, completions));
    site.templates.render("home.html", &context)
}
