//! Site search: one Pagefind index per language, made from the rendered pages, with the
//! script and wasm that read it in the reader's browser.
//!
//! Owns which pages each language's index holds, how Pagefind is run on them (in memory,
//! each language on its own thread, with a runtime of its own) and which of its files are
//! published. It does not read or write the output: the pipeline hands it a way to read each
//! page's HTML back and writes the files it returns, and the memo keeps them (`pipeline`).
//! The search box is the templates' (`templates/base.html`, `static/js/search.js`).

use std::collections::BTreeSet;

use anyhow::Context as _;
use bytes::Bytes;

/// Where each language's index is published: `pagefind/en/`, `pagefind/ja/`.
pub(crate) const FOLDER: &str = "pagefind";

/// The Pagefind release the index is made by: its files change with it.
pub(crate) const PAGEFIND_VERSION: &str = "1.6.0";

/// A page that goes into the index: the file it was written to, and its address.
#[derive(Debug, Clone)]
pub(crate) struct IndexedPage {
    pub file: String,
    pub url: String,
    pub lang: String,
    /// What its translations share (`content::Page::key`).
    pub key: String,
}

/// What an index is made of: the pages, and the site's languages, the original first.
#[derive(Debug, Clone)]
pub(crate) struct Job {
    pub pages: Vec<IndexedPage>,
    pub languages: Vec<String>,
    pub original: String,
}

impl Job {
    /// The index files of every language, as paths under the output folder with their
    /// bytes, in path order; `read` gives a page's HTML by its file.
    pub(crate) fn run(
        &self,
        read: &(dyn Fn(&str) -> anyhow::Result<Bytes> + Sync),
    ) -> anyhow::Result<Vec<(String, Bytes)>> {
        index(&pages_by_language(&self.pages, &self.languages, &self.original), read)
    }
}

/// Each language's pages: its own, and the original language's pages it has no
/// translation of (a reader of that language can find them only there). Languages in the
/// order given; pages in the order given.
pub(crate) fn pages_by_language<'a>(
    pages: &'a [IndexedPage],
    languages: &'a [String],
    original: &str,
) -> Vec<(&'a str, Vec<&'a IndexedPage>)> {
    let translated: BTreeSet<(&str, &str)> =
        pages.iter().map(|p| (p.lang.as_str(), p.key.as_str())).collect();
    languages
        .iter()
        .map(|lang| {
            let own = pages.iter().filter(|page| {
                page.lang == *lang
                    || (page.lang == original && !translated.contains(&(lang.as_str(), page.key.as_str())))
            });
            (lang.as_str(), own.collect())
        })
        .collect()
}

/// The index files of every language, as paths under the output folder with their bytes,
/// in path order; `read` gives a page's HTML by its file.
pub(crate) fn index(
    by_language: &[(&str, Vec<&IndexedPage>)],
    read: &(dyn Fn(&str) -> anyhow::Result<Bytes> + Sync),
) -> anyhow::Result<Vec<(String, Bytes)>> {
    let made: Vec<anyhow::Result<Vec<(String, Bytes)>>> = std::thread::scope(|scope| {
        let threads: Vec<_> = by_language
            .iter()
            .map(|(lang, pages)| scope.spawn(move || index_language(lang, pages, read)))
            .collect();
        threads
            .into_iter()
            .map(|thread| {
                thread.join().unwrap_or_else(|_| Err(anyhow::anyhow!("the search indexer stopped")))
            })
            .collect()
    });
    let mut files = Vec::new();
    for language in made {
        files.extend(language?);
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(files)
}

/// One language's index, under `pagefind/LANG/`.
fn index_language(
    lang: &str,
    pages: &[&IndexedPage],
    read: &(dyn Fn(&str) -> anyhow::Result<Bytes> + Sync),
) -> anyhow::Result<Vec<(String, Bytes)>> {
    // Its own runtime on its own thread: the pipeline may run inside serve's.
    let runtime =
        tokio::runtime::Builder::new_current_thread().build().context("cannot start the search indexer")?;
    let files = runtime.block_on(async {
        let mut index = pagefind::api::PagefindIndex::new(Some(config(lang)))?;
        for page in pages {
            let html = read(&page.file)?;
            let html = std::str::from_utf8(&html).with_context(|| format!("{} is not UTF-8", page.file))?;
            index
                .add_html_file(None, Some(page.url.clone()), searched(html).to_string())
                .await
                .with_context(|| format!("cannot index {}", page.file))?;
        }
        index.get_files().await
    })?;
    Ok(files
        .into_iter()
        .filter_map(|file| {
            let name = file.filename.to_str()?.replace('\\', "/");
            published(&name).then(|| (format!("{FOLDER}/{lang}/{name}"), Bytes::from(file.contents)))
        })
        .collect())
}

/// How Pagefind reads a page of `lang`: from its `<main>`, without [`EXCLUDED`].
fn config(lang: &str) -> pagefind::options::PagefindServiceConfig {
    pagefind::options::PagefindServiceConfig::builder()
        .root_selector("main".to_string())
        .exclude_selectors(EXCLUDED.iter().map(|s| s.to_string()).collect())
        .force_language(lang.to_string())
        .build()
}

/// The start of the evidence section as `pipeline::render::evidence` writes it.
const EVIDENCE_START: &str = "<section class=\"evidence\" aria-labelledby=\"evidence-heading\">";

/// `html` as Pagefind is handed it: without the evidence section, which it would parse
/// only to leave out ([`EXCLUDED`]), and which is more than half of a measurement page's
/// bytes and most of its tags. The section's text is escaped, so its first `</section>`
/// is its end.
fn searched(html: &str) -> std::borrow::Cow<'_, str> {
    let Some(start) = html.find(EVIDENCE_START) else { return html.into() };
    let Some(length) = html[start..].find("</section>") else { return html.into() };
    let end = start + length + "</section>".len();
    format!("{}{}", &html[..start], &html[end..]).into()
}

/// What of a page is not searched: what it shares with its translations' banners, the
/// discussion's explainer, the address printed on paper, a page's listing of other pages
/// (the home page's latest measurements: each would be found twice), and the evidence
/// section, whose inputs and formulas are most of a measurement page's text (14 KB of 25 KB) and which the
/// page's own sentences state in words a reader searches for; and a long page's contents and
/// each heading's `#` link, which put the headings again and a lone `#` into excerpts
/// (「試験台 #」, issue 45).
const EXCLUDED: &[&str] = &[
    ".translation-banner",
    ".discussion",
    ".print-only",
    ".evidence",
    ".listing-group",
    ".contents",
    ".heading-anchor",
];

/// Whether a file Pagefind makes is one the search box reads: the index, `pagefind.js` (its
/// JS API), its worker and WebAssembly. Pagefind's UIs (default, modular, component) and its
/// highlighting script are not published: the box is tally's own (`static/js/search.js`),
/// and nothing loads them (141 KB a site, issue 45).
fn published(name: &str) -> bool {
    !(name.starts_with("pagefind-ui")
        || name.starts_with("pagefind-modular-ui")
        || name.starts_with("pagefind-component-ui")
        || name.starts_with("pagefind-highlight"))
}

#[cfg(test)]
mod tests;
