//! Views: what templates see. Plain serialisable structs built from the site's data, so
//! that the data types can change without breaking templates and templates never compute.
//!
//! Context keys of every template: `lang`, `site` ([`SiteView`]), and per template
//! `page` ([`PageView`]), `listing` ([`ListingView`]), `feed` / `sitemap`.

use serde::Serialize;

/// The generator's own version and commit, named in every footer and generated file.
#[derive(Debug, Clone, Serialize)]
pub struct Generator {
    /// The generator's name, `tally`.
    pub name: &'static str,
    /// Its version.
    pub version: &'static str,
    /// The git commit it was built from.
    pub commit: &'static str,
}

/// The tally that is running, named in every page's footer and every generated file.
pub const GENERATOR: Generator =
    Generator { name: "tally", version: env!("CARGO_PKG_VERSION"), commit: env!("TALLY_COMMIT") };

/// The site as every template sees it.
#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    /// The site's title, in the page's language.
    pub title: String,
    /// The site's description, in the page's language.
    pub description: String,
    /// The address the site is published at, without a trailing slash.
    pub base_url: String,
    /// The current language's URL prefix (`/` or `/ja/`).
    pub home: String,
    /// The site's languages, the original first.
    pub languages: Vec<String>,
    /// Who owns the pictures and the text.
    pub owner: String,
    /// The licence's name.
    pub licence_name: String,
    /// The licence's address.
    pub licence_url: String,
    /// The discussion's settings, when the site has one.
    pub giscus: Option<crate::settings::Giscus>,
    /// The tally that made the page.
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

/// A link with its text.
#[derive(Debug, Clone, Serialize)]
pub struct LinkItem {
    /// The link's text.
    pub title: String,
    /// Where it goes.
    pub url: String,
}

/// A page as its template sees it.
#[derive(Debug, Clone, Serialize)]
pub struct PageView {
    /// The page's title.
    pub title: String,
    /// Its date (YYYY-MM-DD), when it has one.
    pub date: Option<String>,
    /// What kind of page it is.
    pub kind: crate::content::Kind,
    /// Its one-line summary, for lists and feeds.
    pub summary: Option<String>,
    /// Its address on the site.
    pub url: String,
    /// Its full address, with the site's `base_url`.
    pub permalink: String,
    /// Its language.
    pub lang: String,
    /// Its body, as HTML.
    pub content: String,
    /// Its versions in each language.
    pub alternates: Vec<Alternate>,
    /// On a translation: its original, and whether it may be out of date.
    pub banner: Option<Banner>,
    /// Withdrawn figures shown struck, listed at the end of the page.
    pub corrections: Vec<CorrectionView>,
    /// The appliances it is about, linked to their family pages.
    pub appliances: Vec<LinkItem>,
    /// The code under test the numbers belong to: driver, release, scripts. Templates see it
    /// as `page.build`, the key its author writes, so that existing templates keep working.
    #[serde(rename = "build")]
    pub code_under_test: Vec<(String, String)>,
    /// Whether it offers the discussion.
    pub discussion: bool,
}

/// One entry of a generated list of pages.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PageSummary {
    pub title: String,
    pub url: String,
    pub date: Option<String>,
    pub summary: Option<String>,
    /// Set when the entry links to the original because this language has no translation.
    pub untranslated: bool,
}

/// A group of a generated list: a day or an appliance.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Group {
    /// The family id when the group is an appliance.
    pub id: Option<String>,
    pub heading: String,
    pub url: Option<String>,
    pub completion: Option<String>,
    pub pages: Vec<PageSummary>,
}

/// A generated listing page: measurements by day or by appliance.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ListingView {
    pub title: String,
    pub url: String,
    pub groups: Vec<Group>,
    pub alternates: Vec<Alternate>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct FeedEntry {
    pub title: String,
    pub permalink: String,
    pub updated: String,
    pub summary: Option<String>,
    pub lang: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct FeedView {
    pub title: String,
    pub permalink: String,
    pub home: String,
    pub updated: String,
    pub entries: Vec<FeedEntry>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SitemapEntry {
    pub permalink: String,
    pub lastmod: Option<String>,
    pub alternates: Vec<Alternate>,
}
