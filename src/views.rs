//! Views: what templates see. Plain serialisable structs built from the site's data, so
//! that the data types can change without breaking templates and templates never compute.
//!
//! Context keys of every template: `lang`, `site` ([`SiteView`]), and per template
//! `page` ([`PageView`]), `listing` ([`ListingView`]), `feed` / `sitemap`.

use serde::Serialize;

/// The generator's own version and commit, named in every footer and generated file.
#[derive(Debug, Clone, Serialize)]
pub struct Generator {
    pub name: &'static str,
    pub version: &'static str,
    pub commit: &'static str,
}

pub const GENERATOR: Generator =
    Generator { name: "tally", version: env!("CARGO_PKG_VERSION"), commit: env!("TALLY_COMMIT") };

#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    pub title: String,
    pub description: String,
    pub base_url: String,
    /// The current language's URL prefix (`/` or `/ja/`).
    pub home: String,
    pub languages: Vec<String>,
    pub owner: String,
    pub licence_name: String,
    pub licence_url: String,
    pub giscus: Option<crate::settings::Giscus>,
    pub generator: Generator,
    /// `privacy` page address in the current language, when the site has one.
    pub privacy_url: Option<String>,
}

/// Another language version of the current page.
#[derive(Debug, Clone, Serialize)]
pub struct Alternate {
    pub lang: String,
    pub url: String,
    pub permalink: String,
    pub title: String,
    pub current: bool,
}

/// Shown on a translation: what it translates and whether it may be out of date.
#[derive(Debug, Clone, Serialize)]
pub struct Banner {
    pub original_url: String,
    pub original_title: String,
    pub out_of_date: bool,
}

/// A withdrawn figure listed at the end of its page.
#[derive(Debug, Clone, Serialize)]
pub struct CorrectionView {
    pub number: usize,
    pub struck: String,
    pub live: String,
    pub on: String,
    pub why: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct LinkItem {
    pub title: String,
    pub url: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct PageView {
    pub title: String,
    pub date: Option<String>,
    pub kind: crate::content::Kind,
    pub summary: Option<String>,
    pub url: String,
    pub permalink: String,
    pub lang: String,
    pub content: String,
    pub alternates: Vec<Alternate>,
    pub banner: Option<Banner>,
    pub corrections: Vec<CorrectionView>,
    pub appliances: Vec<LinkItem>,
    /// What the numbers belong to: driver, release, scripts.
    pub code_under_test: Vec<(String, String)>,
    pub discussion: bool,
}

/// One entry of a generated list of pages.
#[derive(Debug, Clone, Serialize)]
pub struct PageSummary {
    pub title: String,
    pub url: String,
    pub date: Option<String>,
    pub summary: Option<String>,
    /// Set when the entry links to the original because this language has no translation.
    pub untranslated: bool,
}

/// A group of a generated list: a day or an appliance.
#[derive(Debug, Clone, Serialize)]
pub struct Group {
    /// The family id when the group is an appliance.
    pub id: Option<String>,
    pub heading: String,
    pub url: Option<String>,
    pub completion: Option<String>,
    pub pages: Vec<PageSummary>,
}

/// A generated listing page: measurements by day or by appliance.
#[derive(Debug, Clone, Serialize)]
pub struct ListingView {
    pub title: String,
    pub url: String,
    pub groups: Vec<Group>,
    pub alternates: Vec<Alternate>,
}

#[derive(Debug, Clone, Serialize)]
pub struct FeedEntry {
    pub title: String,
    pub permalink: String,
    pub updated: String,
    pub summary: Option<String>,
    pub lang: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct FeedView {
    pub title: String,
    pub permalink: String,
    pub home: String,
    pub updated: String,
    pub entries: Vec<FeedEntry>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SitemapEntry {
    pub permalink: String,
    pub lastmod: Option<String>,
    pub alternates: Vec<Alternate>,
}
