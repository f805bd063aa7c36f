//! Views: what templates see. Plain serialisable structs built from the site's data, so
//! that the data types can change without breaking templates and templates never compute.
//!
//! Context keys of every template: `lang`, `site` ([`SiteView`]), and per template
//! `page` ([`PageView`]), `listing` ([`ListingView`]), `feed` / `sitemap`.

use serde::Serialize;

/// `text` with the digits of its leading number grouped by three: `1308305 B` → `1,308,305 B`.
pub(crate) fn grouped_digits(text: &str) -> String {
    let (sign, rest) = text.strip_prefix('-').map_or(("", text), |r| ("-", r));
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let (integer, tail) = rest.split_at(digits);
    let mut out = String::from(sign);
    for (i, c) in integer.chars().enumerate() {
        if i > 0 && (digits - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out.push_str(tail);
    out
}

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
    /// The methodology's address (`content/method/index.md`) in the current language, or
    /// the original's, when the site has one: the header links it.
    pub method_url: Option<String>,
    /// Whether the site has a search box (`search: true` in site.yaml).
    pub search: bool,
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

/// One figure a page states, at the end of the page: what it is, how it is computed, and
/// where each of its values is written.
#[derive(Debug, Clone, Serialize)]
pub struct EvidenceView {
    /// The entry's anchor; every statement of the figure links to it.
    pub id: String,
    /// The figure's NAME, as tagged.
    pub name: String,
    /// Its value with its unit, as tally computes it.
    pub value: String,
    /// The expression, when it is more than the name.
    pub formula: Option<String>,
    /// Each value the computation read (more than the figure itself); shared, as most
    /// figures of a bundle read the same few.
    pub inputs: Vec<std::sync::Arc<EvidenceInput>>,
    /// The paths of those inputs a `drop_ends` left out of the value: listed, marked.
    pub dropped: Vec<String>,
    /// Where the figure (or the value it is) is written in runs.yaml.
    pub source: Option<SourceLink>,
    /// For an imported value: the raw file's line.
    pub raw: Option<SourceLink>,
    /// Every file its run read it with, and the lines read (a soak's curl lines, hash
    /// file, server's hash and times).
    pub read_with: Vec<SourceLink>,
    /// For a vendor's figure: where it is from and under which conditions.
    pub vendor: Option<VendorEvidence>,
}

/// A value a figure's computation read.
#[derive(Debug, Clone, Serialize)]
pub struct EvidenceInput {
    /// Its path in the run data.
    pub path: String,
    /// Its value, in the base unit.
    pub value: String,
    /// Its runs.yaml line.
    pub source: Option<SourceLink>,
    /// For an imported value: the raw file's line.
    pub raw: Option<SourceLink>,
    /// Every file its run read it with, and the lines read.
    pub read_with: Vec<SourceLink>,
}

/// A vendor's figure's source and conditions.
#[derive(Debug, Clone, Serialize)]
pub struct VendorEvidence {
    /// Where the vendor states it.
    pub source: String,
    /// Under which conditions.
    pub conditions: String,
    /// Whether they are written in the page's language (else in the site's first).
    pub in_page_language: bool,
}

/// A numbered line of a published source file (runs.yaml or a raw file).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SourceLink {
    /// The file, relative to its bundle: `runs.yaml`, `raw/test1.txt`.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// The last line of the lines linked (`line` itself for one line).
    pub last: usize,
    /// The line on the file's page, relative to the page that links it (`runs.yaml.html#L4`).
    pub url: String,
}

/// A published source file shown with numbered lines.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SourceFileView {
    /// The file, relative to its bundle.
    pub file: String,
    /// The measurement page it belongs to.
    pub page_title: String,
    /// That page's address.
    pub page_url: String,
    /// The file as it is, to download, when it is published (kept under `content/`).
    pub raw_url: Option<String>,
    /// Its lines as the list items of `<ol class="source-lines">`, each with its anchor
    /// (`L12`) and a link to itself: HTML, which templates print as it is.
    pub lines_html: String,
    /// The encoding it was decoded from, when it is not plain UTF-8 with `\n` line ends
    /// (`UTF-16 LE with a byte-order mark, CRLF line ends`).
    pub encoding: Option<String>,
    /// The same file's page in each language of its measurement page, for the switcher.
    pub alternates: Vec<Alternate>,
    /// Who took the file, when it is not the site owner's (`files:`, else `source:`).
    pub taken: Option<TakenView>,
}

/// A row of a page's header: a label in the page's language and its value.
#[derive(Debug, Clone, Serialize)]
pub struct LabelledRow {
    /// The label.
    pub label: String,
    /// The value, as written.
    pub value: String,
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
    /// The section at the end of the page listing every figure it states, with where each
    /// comes from, as HTML (empty when the page states none); templates print it as it is.
    pub evidence_html: String,
    /// The page's sections, when it has four or more: a table of contents.
    pub contents: Vec<LinkItem>,
    /// On a family page: the appliance's completion, as text and in whole percent (0 to
    /// 100), for the bar drawn under the title.
    pub completion: Option<CompletionView>,
    /// The appliances it is about, linked to their family pages.
    pub appliances: Vec<LinkItem>,
    /// The code under test the numbers belong to: driver, release, scripts. Templates see it
    /// as `page.build`, the key its author writes, so that existing templates keep working.
    #[serde(rename = "build")]
    pub code_under_test: Vec<(String, String)>,
    /// The same rows labelled in the page's language (`build-driver` in the Fluent files, the
    /// key itself where there is none), rows without a value left out.
    pub build_rows: Vec<LabelledRow>,
    /// Whether it offers the discussion.
    pub discussion: bool,
    /// Who took the data, when its run data says it is someone else's: the header says
    /// "Taken by" instead of "Measured on".
    pub taken: Option<TakenView>,
    /// The raw files of the page's bundle with a source of their own (`files:`).
    pub files_taken: Vec<FileTakenView>,
}

/// A raw file someone else took, named in the page's header.
#[derive(Debug, Clone, Serialize)]
pub struct FileTakenView {
    /// The file, relative to its bundle.
    pub file: String,
    /// Its source page, relative to the page (`raw/pfctl.txt.html`).
    pub url: String,
    /// Who took it, when and where they published it.
    pub taken: TakenView,
}

/// Whose data a page shows, when it is not the site owner's.
#[derive(Debug, Clone, Serialize)]
pub struct TakenView {
    /// Who took it.
    pub by: String,
    /// When (YYYY-MM-DD).
    pub on: Option<String>,
    /// Where they published it.
    pub url: Option<String>,
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
    /// The completion in whole percent (0 to 100), for the bar drawn beside its text.
    pub completion_value: Option<u32>,
    pub pages: Vec<PageSummary>,
}

/// An appliance's completion: its text ("47 % complete") and its whole percent (0 to 100).
#[derive(Debug, Clone, Serialize)]
pub struct CompletionView {
    pub text: String,
    pub percent: u32,
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
