//! Pages: discovery under `content/`, front matter, languages, bundles and translations.
//!
//! Owns [`Page`] and [`Content`] (all pages, indexed by translation key and language). It
//! reads files and front matter only; markdown bodies are interpreted by `markdown`, run
//! data by `figures`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
// Pages are looked up by key and address many times for every page on every build.
use rustc_hash::FxHashMap as HashMap;
use serde::Deserialize;
use walkdir::WalkDir;

use crate::diagnostics::Diagnostic;
use crate::paths::display_path;
use crate::settings::Settings;
use crate::text::is_forbidden_control;

mod one_or_many;
mod spread;
pub(crate) use one_or_many::OneOrMany;
pub(crate) use spread::{SpreadForm, SpreadSetting};

/// What a page is, from its front matter's `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A page of measurements, with its run data beside it.
    Measurement,
    /// An appliance's family page, whose table gives its completion.
    Family,
    /// Any other page.
    #[default]
    Page,
}

#[derive(Debug, Clone, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FrontMatter {
    pub title: String,
    pub date: Option<String>,
    #[serde(default)]
    pub kind: Kind,
    #[serde(default)]
    pub appliances: Vec<String>,
    pub summary: Option<String>,
    /// On a translation: the content hash of the original it translates.
    pub translates: Option<String>,
    /// The code under test the page's numbers belong to (`build:` in front matter), when
    /// its bundle has no runs.yaml saying so.
    #[serde(default, rename = "build")]
    pub code_under_test: BTreeMap<String, OneOrMany>,
    /// Whether the page offers the discussion (giscus); on by default.
    #[serde(default = "yes")]
    pub discussion: bool,
    /// The page's own `min_runs` and `max_cv` (site.yaml's `figures:` else).
    pub min_runs: Option<usize>,
    #[serde(default, deserialize_with = "crate::settings::max_cv_or_default")]
    pub max_cv: Option<f64>,
    /// Where a figure over a series shows its N and spread in the text (`spread:`); the
    /// hover title and evidence line only when unset.
    pub spread: Option<SpreadSetting>,
}

/// A real calendar date written YYYY-MM-DD, and no other way (`20260101` is not one).
pub(crate) fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
        && text.parse::<jiff::civil::Date>().is_ok()
}

fn yes() -> bool {
    true
}

/// One markdown file in one language.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Page {
    /// Path relative to the site root, e.g. `content/method/index.ja.md`.
    pub source: PathBuf,
    pub lang: String,
    /// What the translations of one page share: the path under `content/` without the
    /// language and `.md`, e.g. `method/index`.
    pub key: String,
    pub front: FrontMatter,
    /// The whole file, for diagnostics.
    pub text: String,
    /// Byte offset where the markdown body starts in `text`.
    pub body_start: usize,
    /// The page's address under the site, e.g. `/ja/method/`.
    pub url: String,
    /// The bundle folder (relative to the site root) when the page is a bundle's `index`.
    pub bundle: Option<PathBuf>,
    /// A blake3 digest of `text`, and of its front matter alone: what a later build
    /// compares to tell what changed.
    pub digest: [u8; 32],
    pub front_digest: [u8; 32],
}

impl Page {
    pub(crate) fn body(&self) -> &str {
        &self.text[self.body_start..]
    }

    pub(crate) fn is_translation(&self, settings: &Settings) -> bool {
        self.lang != settings.original_language()
    }

    /// The folder the page's relative links start from.
    pub(crate) fn folder(&self) -> &Path {
        self.source.parent().unwrap_or(Path::new(""))
    }

    /// [`content_hash`] of the page's text, from the digest taken when it was read: asked of
    /// every original with a translation on every build, it is not hashed again.
    pub(crate) fn content_hash(&self) -> String {
        blake3::Hash::from_bytes(self.digest).to_hex()[..16].to_string()
    }

    /// A family page's appliance id: `families/xgs-136` → `xgs-136`.
    pub(crate) fn family_id(&self) -> &str {
        self.key.rsplit('/').next().unwrap_or(&self.key)
    }
}

/// All pages of the site, in a stable order (by key, then language order of the settings).
#[derive(Debug, Default)]
pub(crate) struct Content {
    /// Shared with the memo of `tally serve`, which reuses a page whose file is unchanged.
    pub pages: Vec<Arc<Page>>,
    /// Each key's pages by language, looked up (for every page, on every build) by `&str`.
    by_key: HashMap<String, Vec<(String, usize)>>,
}

impl Content {
    pub(crate) fn get(&self, key: &str, lang: &str) -> Option<&Page> {
        self.index_of(key, lang).map(|i| &*self.pages[i])
    }

    /// Where the page of `key` in `lang` is in [`Content::pages`] (and in every list kept
    /// beside it, in its order): found without a map of every page's source on each build.
    pub(crate) fn index_of(&self, key: &str, lang: &str) -> Option<usize> {
        let versions = self.by_key.get(key)?;
        versions.iter().find(|(l, _)| l == lang).map(|&(_, i)| i)
    }

    /// The original of `page` (itself when it is the original).
    pub(crate) fn original_of<'a>(&'a self, page: &'a Page, settings: &Settings) -> Option<&'a Page> {
        self.get(&page.key, settings.original_language())
    }

    /// Every language version of the page's key, in the settings' language order.
    pub(crate) fn versions<'a>(&'a self, key: &str, settings: &'a Settings) -> Vec<&'a Page> {
        settings.languages.iter().filter_map(|lang| self.get(key, lang)).collect()
    }

    /// The family page of appliance `id` in `lang`, or in the original language when it
    /// has no translation.
    pub(crate) fn family_page(&self, id: &str, lang: &str, settings: &Settings) -> Option<&Page> {
        let key = family_key(id);
        self.get(&key, lang).or_else(|| self.get(&key, settings.original_language()))
    }

    /// The page whose source is `source` (relative to the site root).
    pub(crate) fn by_source(&self, source: &Path) -> Option<&Page> {
        self.pages.iter().find(|p| p.source == source).map(|p| &**p)
    }
}

/// The folder of family pages under `content/`: each file there is one appliance.
pub(crate) const FAMILY_FOLDER: &str = "families";

/// The page key of appliance `id`'s family page.
pub(crate) fn family_key(id: &str) -> String {
    format!("{FAMILY_FOLDER}/{id}")
}

/// Hash of an original's text, which a translation records in `translates:`.
pub fn content_hash(text: &str) -> String {
    blake3::hash(text.as_bytes()).to_hex()[..16].to_string()
}

/// The markdown files under `content/` (sorted, private files skipped), and the problems
/// met finding them (symbolic links, unreadable folders, no content/ at all).
pub(crate) fn find_pages(root: &Path, settings: &Settings) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut files = Vec::new();
    let content_dir = root.join("content");
    if !content_dir.is_dir() {
        diagnostics.push(Diagnostic::file("missing-content", "content", "the site has no content/ folder"));
        return (files, diagnostics);
    }
    let walk =
        WalkDir::new(&content_dir).sort_by_file_name().follow_links(false).into_iter().filter_entry(|e| {
            !crate::paths::is_private(
                e.path().strip_prefix(&content_dir).unwrap_or(e.path()),
                &settings.publish_hidden,
            )
        });
    for entry in walk {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().map(|p| relative(root, p)).unwrap_or_else(|| PathBuf::from("content"));
                diagnostics.push(Diagnostic::file("unreadable-file", path, format!("cannot read: {e}")));
                continue;
            }
        };
        if entry.file_type().is_symlink() {
            diagnostics.push(
                Diagnostic::file(
                    "path-outside-site",
                    relative(root, entry.path()),
                    "symbolic links are not followed in content/",
                )
                .warning(),
            );
            continue;
        }
        if let Some(kind) = crate::regular::special_kind(entry.file_type()) {
            // Never opened: a named pipe's open waits for a writer. A page or a run file
            // that cannot be read is an error, never a page that silently goes.
            let path = relative(root, entry.path());
            let name = entry.file_name().to_string_lossy();
            diagnostics.push(if name.ends_with(".md") || name == "runs.yaml" {
                crate::site_files::special_source(path, kind)
            } else {
                crate::site_files::skipped_special(path, kind)
            });
            continue;
        }
        if !entry.file_type().is_file() || entry.path().extension().is_none_or(|e| e != "md") {
            continue;
        }
        if let Some(refused) = crate::site_files::bad_file_name(&relative(root, entry.path())) {
            diagnostics.push(refused);
            continue;
        }
        files.push(entry.into_path());
    }
    (files, diagnostics)
}

/// Loads the pages in `files` (from [`find_pages`]); `reuse` gives a page loaded before
/// from an unchanged file (by its path), so that it is not read and parsed again.
pub(crate) fn load(
    root: &Path,
    settings: &Settings,
    files: &[PathBuf],
    reuse: &(dyn Fn(&Path) -> Option<Arc<Page>> + Sync),
) -> (Content, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut pages = Vec::new();
    let loaded: Vec<Result<Arc<Page>, Vec<Diagnostic>>> = files
        .par_iter()
        .map(|path| reuse(path).map_or_else(|| load_page(root, path, settings).map(Arc::new), Ok))
        .collect();
    for result in loaded {
        match result {
            Ok(page) => pages.push(page),
            Err(mut errors) => diagnostics.append(&mut errors),
        }
    }
    let content = index(pages, settings, &mut diagnostics);
    (content, diagnostics)
}

fn index(mut pages: Vec<Arc<Page>>, settings: &Settings, diagnostics: &mut Vec<Diagnostic>) -> Content {
    let order = |lang: &str| settings.languages.iter().position(|l| l == lang).unwrap_or(usize::MAX);
    pages.sort_by(|a, b| (&a.key, order(&a.lang)).cmp(&(&b.key, order(&b.lang))));
    let mut content = Content::default();
    // Looked up by address without copying every page's address and source on each build.
    let mut urls: HashMap<&str, &Path> = HashMap::with_capacity_and_hasher(pages.len(), Default::default());
    for page in &pages {
        if let Some(other) = urls.get(page.url.as_str()) {
            diagnostics.push(Diagnostic::file(
                "duplicate-url",
                &page.source,
                format!("{} is also the address of {}", page.url, display_path(other)),
            ));
            continue;
        }
        urls.insert(&page.url, &page.source);
        let (at, versions) = (content.pages.len(), content.by_key.entry(page.key.clone()).or_default());
        match versions.iter_mut().find(|(lang, _)| *lang == page.lang) {
            Some(version) => version.1 = at,
            None => versions.push((page.lang.clone(), at)),
        }
        content.pages.push(page.clone());
    }
    // An original that could not be read is reported at its own file: its translations are
    // not also said to have none (a `kind:` typo read first as "no original", a user trial).
    let unread: rustc_hash::FxHashSet<PathBuf> = diagnostics.iter().map(|d| d.path.clone()).collect();
    let original_unread = |page: &Page| {
        let name = page.source.file_name().and_then(|n| n.to_str());
        name.and_then(|n| n.strip_suffix(&format!(".{}.md", page.lang)))
            .is_some_and(|stem| unread.contains(&page.source.with_file_name(format!("{stem}.md"))))
    };
    for page in &content.pages {
        if page.is_translation(settings)
            && content.original_of(page, settings).is_none()
            && !original_unread(page)
        {
            diagnostics.push(Diagnostic::file(
                "translation-without-original",
                &page.source,
                format!("this translation has no original ({}.md)", page.key),
            ));
        }
    }
    content
}

fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

fn load_page(root: &Path, path: &Path, settings: &Settings) -> Result<Page, Vec<Diagnostic>> {
    let source = relative(root, path);
    let unreadable =
        |e: std::io::Error| vec![Diagnostic::file("unreadable-file", &source, format!("cannot read: {e}"))];
    let size = std::fs::metadata(path).map_err(unreadable)?.len();
    if size > settings.max_page_bytes {
        return Err(vec![
            Diagnostic::file(
                "page-too-large",
                &source,
                format!(
                    "the page is {size} bytes, more than the {} tally reads (`max_page_bytes` in site.yaml)",
                    settings.max_page_bytes
                ),
            )
            .note("split it into several pages, or raise `max_page_bytes` (a page takes about eleven times its size in memory)"),
        ]);
    }
    let bytes = crate::regular::read(path).map_err(unreadable)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid_up_to = e.utf8_error().valid_up_to();
        let readable = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let at = String::from_utf8_lossy(&e.as_bytes()[..valid_up_to]).len();
        vec![
            Diagnostic::at(
                "bad-utf8",
                &source,
                &readable,
                at..at + 1,
                format!("not valid UTF-8 (byte {valid_up_to})"),
            )
            .note("save the file as UTF-8"),
        ]
    })?;
    let (key, lang) = key_and_language(&source, settings).map_err(|d| vec![d])?;
    let (yaml, yaml_start, body_start) = split_front_matter(&text).ok_or_else(|| {
        vec![
            Diagnostic::at(
                "missing-front-matter",
                &source,
                &text,
                0..0,
                "a page starts with front matter between `---` lines",
            )
            .note("add `---`, `title: ...`, `---` at the top of the file"),
        ]
    })?;
    let first_line = text[..yaml_start].matches('\n').count() + 1;
    let front: FrontMatter =
        crate::yaml::deserialize(&source, &text, yaml, first_line).map_err(|d| vec![d])?;
    let mut errors = Vec::new();
    if let Some(date) = &front.date
        && !is_date(date)
    {
        let at = crate::yaml::key_value_offset(&text[..body_start], "date").unwrap_or(0);
        errors.push(
            Diagnostic::at(
                "bad-date",
                &source,
                &text,
                at..at + date.len(),
                format!("`{date}` is not a date"),
            )
            .note("write dates as YYYY-MM-DD"),
        );
    }
    for (key, value) in [("title", Some(&front.title)), ("summary", front.summary.as_ref())] {
        if let Some(value) = value
            && let Some(bad) = value.chars().find(|c| is_forbidden_control(*c))
        {
            let at = crate::yaml::key_value_offset(&text[..body_start], key).unwrap_or(0);
            errors.push(
                Diagnostic::at(
                    "control-character",
                    &source,
                    &text,
                    at..at + 1,
                    format!(
                        "`{key}` holds the control character U+{:04X}, which XML (the feed) cannot carry",
                        bad as u32
                    ),
                )
                .note("remove it; write the text as plain characters"),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let bundle = is_bundle_index(&key).then(|| source.parent().map(Path::to_path_buf)).flatten();
    let url = url_of(&key, &settings.language_prefix(&lang));
    let digest = *blake3::hash(text.as_bytes()).as_bytes();
    let front_digest = *blake3::hash(&text.as_bytes()[..body_start]).as_bytes();
    Ok(Page { source, lang, key, front, text, body_start, url, bundle, digest, front_digest })
}

/// `content/a/index.ja.md` → (`a/index`, `ja`); `content/a.md` → (`a`, the original language).
fn key_and_language(source: &Path, settings: &Settings) -> Result<(String, String), Diagnostic> {
    let under_content: PathBuf = source.components().skip(1).collect();
    let stem = display_path(&under_content);
    let stem = stem.strip_suffix(".md").unwrap_or(&stem);
    if let Some((key, lang)) = stem.rsplit_once('.')
        && looks_like_language(lang)
    {
        if settings.languages.iter().any(|l| l == lang) {
            return Ok((key.to_string(), lang.to_string()));
        }
        return Err(Diagnostic::file(
            "unknown-language",
            source,
            format!("`.{lang}.md` names a language the site does not have"),
        )
        .note(format!("site.yaml lists: {}", settings.languages.join(", "))));
    }
    Ok((stem.to_string(), settings.original_language().to_string()))
}

/// `ja`, `en`, `pt-BR`, `zh-Hant`: two or three letters, then optional subtags.
fn looks_like_language(suffix: &str) -> bool {
    let mut parts = suffix.split('-');
    let primary = parts.next().unwrap_or("");
    (2..=3).contains(&primary.len())
        && primary.chars().all(|c| c.is_ascii_alphabetic())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

fn is_bundle_index(key: &str) -> bool {
    key == "index" || key.ends_with("/index")
}

/// `method/index` → `/method/`, `privacy` → `/privacy/`, `index` → `/`.
fn url_of(key: &str, prefix: &str) -> String {
    let path = key.strip_suffix("index").unwrap_or(key).trim_end_matches('/');
    if path.is_empty() { prefix.to_string() } else { format!("{prefix}{path}/") }
}

/// Finds the front matter: (yaml, yaml's byte start, body's byte start).
pub(crate) fn split_front_matter(text: &str) -> Option<(&str, usize, usize)> {
    let text_start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[text_start..];
    let after_open = rest.strip_prefix("---\n").or_else(|| rest.strip_prefix("---\r\n"))?;
    let yaml_start = text.len() - after_open.len();
    let mut offset = yaml_start;
    for line in after_open.split_inclusive('\n') {
        if line.trim_end() == "---" {
            return Some((&text[yaml_start..offset], yaml_start, offset + line.len()));
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_follow_keys_and_language_prefixes() {
        assert_eq!(url_of("index", "/"), "/");
        assert_eq!(url_of("method/index", "/ja/"), "/ja/method/");
        assert_eq!(url_of("families/xgs-136", "/"), "/families/xgs-136/");
    }

    #[test]
    fn front_matter_is_found_after_a_byte_order_mark_and_with_crlf() {
        let (yaml, _, body) = split_front_matter("\u{feff}---\r\ntitle: a\r\n---\r\nbody").unwrap();
        assert_eq!(yaml, "title: a\r\n");
        assert_eq!(&"\u{feff}---\r\ntitle: a\r\n---\r\nbody"[body..], "body");
    }
}
