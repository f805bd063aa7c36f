//! Links and assets of one page: relative `.md` links become each language's URL (marked
//! when the target has no translation), anchors are checked, and files a page links to or
//! shows are found inside the site.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::content::{Content, Page};
use crate::diagnostics::Diagnostic;
use crate::i18n::Strings;
use crate::markdown::{LinkView, Reference, Scan};
use crate::paths::display_path;
use crate::paths::resolve_relative;

use super::addresses;

/// The heading and footnote ids of every page, by source path: read from each page's scan
/// when a link names one, not gathered into sets for every page on every build (a tenth of
/// a one-page rebuild's critical path on the 1,000-bundle corpus).
pub(crate) struct Anchors<'a>(pub HashMap<&'a Path, &'a Scan>);

impl Anchors<'_> {
    /// Whether the page at `target` has the id `anchor`; `None` when no page is there.
    fn has(&self, target: &Path, anchor: &str) -> Option<bool> {
        let scan = self.0.get(target)?;
        let heading = scan.headings.iter().any(|h| h.id == anchor);
        Some(heading || scan.footnotes.iter().any(|(name, _)| crate::markdown::footnote_id(name) == anchor))
    }

    /// The ids of the page at `target`, in order, each once.
    fn ids(&self, target: &Path) -> Option<BTreeSet<String>> {
        let scan = self.0.get(target)?;
        let headings = scan.headings.iter().map(|h| h.id.clone());
        Some(
            headings
                .chain(scan.footnotes.iter().map(|(name, _)| crate::markdown::footnote_id(name)))
                .collect(),
        )
    }
}

/// An image a page shows: its source file (relative to the site root) and alt text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ImageUse {
    pub source: PathBuf,
    pub alt: String,
    pub range: std::ops::Range<usize>,
    /// Its published address.
    pub url: String,
}

pub(crate) struct ResolvedLinks {
    pub links: BTreeMap<String, LinkView>,
    pub images: Vec<ImageUse>,
}

impl ResolvedLinks {
    /// Feeds every resolved address into a page's memo key.
    pub(crate) fn digest_into(&self, digest: &mut crate::pipeline::memo::Digest) {
        digest.number(self.links.len());
        for (dest, link) in &self.links {
            digest.bytes(dest.as_bytes()).bytes(link.url.as_bytes());
            digest.optional(link.marker.as_deref().map(str::as_bytes));
        }
        digest.number(self.images.len());
        for image in &self.images {
            digest.path(&image.source).bytes(image.alt.as_bytes());
            digest.number(image.range.start).number(image.range.end);
        }
    }
}

pub(crate) struct LinkContext<'a> {
    pub root: &'a Path,
    pub content: &'a Content,
    pub strings: &'a Strings,
    pub anchors: &'a Anchors<'a>,
}

/// Resolves every link and image of `page`.
pub(crate) fn resolve(cx: &LinkContext, page: &Page, scan: &Scan) -> (ResolvedLinks, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut links = BTreeMap::new();
    for link in scan.links.iter().chain(&scan.images).chain(&scan.html_addresses) {
        if let Some(scheme) = unsafe_scheme(&link.dest) {
            diagnostics.push(Diagnostic::at(
                "unsafe-link",
                &page.source,
                &page.text,
                link.range.clone(),
                format!("a `{scheme}:` address runs code or hides content in the reader's browser; it is never published"),
            ).note("link to a page or file of the site, or to an http(s) address"));
        }
    }
    for link in scan.links.iter().filter(|l| unsafe_scheme(&l.dest).is_none()) {
        match resolve_link(cx, page, link) {
            Ok(Some(view)) => {
                links.insert(link.dest.clone(), view);
            }
            Ok(None) => {}
            Err(d) => diagnostics.push(*d),
        }
    }
    let mut images = Vec::new();
    for image in &scan.images {
        if is_external(&image.dest) || unsafe_scheme(&image.dest).is_some() {
            continue;
        }
        match asset(cx, page, image, "image") {
            Ok((source, url)) => {
                links.insert(image.dest.clone(), LinkView { url: url.clone(), marker: None });
                images.push(ImageUse {
                    source,
                    alt: image.alt.trim().to_string(),
                    range: image.range.clone(),
                    url,
                });
            }
            Err(d) => diagnostics.push(*d),
        }
    }
    (ResolvedLinks { links, images }, diagnostics)
}

/// The scheme of `dest` when it is one a published page must never link to: `javascript:`,
/// `vbscript:` and `data:`, however written (`JavaScript:`, `java\tscript:`, leading spaces).
fn unsafe_scheme(dest: &str) -> Option<String> {
    // Browsers drop these characters from an address before reading its scheme.
    let cleaned: String =
        dest.chars().filter(|c| !c.is_ascii_whitespace() && !c.is_control()).take(16).collect();
    let (scheme, _) = cleaned.split_once(':')?;
    let scheme = scheme.to_ascii_lowercase();
    matches!(scheme.as_str(), "javascript" | "vbscript" | "data").then_some(scheme)
}

/// An address with a scheme (`https:`, `MAILTO:`, `tel:`, …) or another host's (`//host/x`):
/// none of the site's files.
fn is_external(dest: &str) -> bool {
    addresses::has_scheme(dest) || dest.starts_with("//")
}

fn resolve_link(
    cx: &LinkContext,
    page: &Page,
    link: &Reference,
) -> Result<Option<LinkView>, Box<Diagnostic>> {
    let dest = link.dest.as_str();
    if is_external(dest) || dest.is_empty() {
        return Ok(None);
    }
    if dest.starts_with('/') {
        return site_absolute(cx, page, link).map(|()| None);
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (dest, None),
    };
    if path.is_empty() {
        check_anchor(cx, page, link, &page.source, anchor)?;
        return Ok(None);
    }
    let path = addresses::decoded(path)
        .ok_or_else(|| broken(page, link, format!("`{path}` holds percent escapes that spell no name")))?;
    let path = path.as_str();
    if !path.ends_with(".md") {
        let (_, url) = asset(cx, page, link, "link")?;
        return Ok(Some(LinkView { url, marker: None }));
    }
    let target = resolve_relative(page.folder(), path)
        .filter(|t| t.starts_with("content"))
        .and_then(|t| cx.content.by_source(&t))
        .ok_or_else(|| broken(page, link, format!("`{path}` is not a page of this site")))?;
    let (shown, marker) = match cx.content.get(&target.key, &page.lang) {
        Some(translated) => (translated, None),
        None => (target, Some(cx.strings.text(&page.lang, "link-untranslated"))),
    };
    check_anchor(cx, page, link, &shown.source, anchor)?;
    let url = match anchor {
        Some(anchor) => format!("{}#{anchor}", shown.url),
        None => shown.url.clone(),
    };
    Ok(Some(LinkView { url, marker: marker.filter(|_| shown.lang != page.lang) }))
}

fn check_anchor(
    cx: &LinkContext,
    page: &Page,
    link: &Reference,
    target: &Path,
    anchor: Option<&str>,
) -> Result<(), Box<Diagnostic>> {
    let Some(anchor) = anchor else { return Ok(()) };
    if cx.anchors.has(target, anchor) == Some(true)
        || anchor.starts_with("correction-")
        || anchor.starts_with("fn")
    {
        return Ok(());
    }
    let mut error = broken(page, link, format!("`#{anchor}` is not a heading of {}", display_path(target)));
    if let Some(ids) = cx.anchors.ids(target) {
        error.notes.push(format!("its headings are: {}", ids.iter().cloned().collect::<Vec<_>>().join(", ")));
    }
    Err(error)
}

/// A file inside the site a page links to or shows: (its path, its published URL).
fn asset(
    cx: &LinkContext,
    page: &Page,
    reference: &Reference,
    what: &str,
) -> Result<(PathBuf, String), Box<Diagnostic>> {
    let written = reference.dest.split(['#', '?']).next().unwrap_or("");
    let path = addresses::decoded(written).unwrap_or_else(|| written.to_string());
    let path = path.as_str();
    // A site-absolute `/x.png` is the file content/x.png publishes at that address.
    let folder = if path.starts_with('/') { Path::new("content") } else { page.folder() };
    let source = resolve_relative(folder, path.trim_start_matches('/'))
        .filter(|s| s.starts_with("content"))
        .ok_or_else(|| broken(page, reference, format!("the {what} `{path}` leaves the site's content/")))?;
    let on_disk = cx.root.join(&source);
    let inside = on_disk
        .canonicalize()
        .ok()
        .zip(cx.root.join("content").canonicalize().ok())
        .is_some_and(|(file, content)| file.starts_with(content));
    if !on_disk.is_file() || !inside {
        return Err(broken(
            page,
            reference,
            format!("the {what} `{path}` does not exist ({})", display_path(&source)),
        ));
    }
    let under_content: PathBuf = source.components().skip(1).collect();
    Ok((source, addresses::encoded(&format!("/{}", display_path(&under_content)))))
}

/// A site-absolute link (`/method/`), which no source path stands behind: checked against
/// the addresses the site publishes.
fn site_absolute(cx: &LinkContext, page: &Page, link: &Reference) -> Result<(), Box<Diagnostic>> {
    let written = link.dest.split(['#', '?']).next().unwrap_or("");
    let path = addresses::decoded(written).unwrap_or_else(|| written.to_string());
    if addresses::is_site_address(cx.root, cx.content, &path) {
        return Ok(());
    }
    let mut error = broken(page, link, format!("`{written}` is not an address of this site"));
    error.notes.push(
        "a site-absolute address is checked against the site's pages and files; a page is best linked by its source (`../method.md`), which follows it into each language".to_string(),
    );
    Err(error)
}

fn broken(page: &Page, reference: &Reference, message: String) -> Box<Diagnostic> {
    Box::new(Diagnostic::at("broken-link", &page.source, &page.text, reference.range.clone(), message))
}
