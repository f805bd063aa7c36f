//! The views every rendered page shares: the site's own ([`site_view`]) and a page's
//! versions in each language ([`alternates`]).

use super::super::load::Site;
use crate::views::{Alternate, GENERATOR, SiteView};

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
        method_url: site
            .content
            .get("method/index", lang)
            .or_else(|| site.content.get("method/index", settings.original_language()))
            .map(|p| p.url.clone()),
        search: settings.search,
    }
}

/// Where a page stands in the header's navigation: the section it belongs to
/// (`measurements`, `appliances`, `method`, or none) and whether it is that section's own
/// page, which the header marks `aria-current="page"` (else `"true"`).
pub(crate) fn section_of(page: &crate::content::Page) -> (&'static str, bool) {
    use crate::content::Kind;
    match page.front.kind {
        Kind::Measurement => ("measurements", false),
        Kind::Family => ("appliances", false),
        Kind::Page if page.key == "method/index" => ("method", true),
        Kind::Page => ("", false),
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
