//! The memo's keys, as the stages make them: a digest of every input a piece of output is
//! made from (the site's settings, templates and strings; a page's text, links, run data,
//! translations and families; a bundle's source files).
//!
//! Owns which inputs make each key. It stores nothing (the memo does, under the keys it is
//! handed) and decides nothing a page shows.

use std::collections::BTreeMap;

use super::load::Site;
use super::memo::{Digest, Key};
use super::resolve::PageWork;
use crate::content::Page;
use crate::number::Computed;

/// What every page is made with: the settings, UI strings and templates, the site's
/// completions, and the tally that makes it.
pub(crate) fn site_key(site: &Site, completions: &BTreeMap<String, Computed>) -> Key {
    let mut digest = Digest::new();
    digest.bytes(env!("CARGO_PKG_VERSION").as_bytes());
    digest.bytes(site.inputs_digest.as_bytes());
    digest.debug(completions);
    digest.finish()
}

/// The key of one page's figures and HTML: the page itself, its resolved links, its
/// bundle's run data, and what it shows of other pages (its other language versions, the
/// original's text for the translation banner, its appliances' family pages, the privacy
/// page); for the home page, also what it lists.
pub(crate) fn page_key(
    site: &Site,
    (site_key, listing_key): (&Key, &Key),
    page: &Page,
    work: &PageWork,
    pictures: &super::render::images::Pictures,
) -> Key {
    let mut digest = Digest::new();
    digest.bytes(site_key);
    if page.key == "index" {
        // The home page lists the site.
        digest.bytes(listing_key);
    }
    digest.path(&page.source).bytes(page.url.as_bytes());
    digest.optional(page.bundle.as_deref().map(|b| b.as_os_str().as_encoded_bytes())).bytes(&page.digest);
    work.resolved.digest_into(&mut digest);
    // Each picture's copies and sizes, which its `<picture>` names: a replaced screenshot
    // changes the page.
    for image in &work.resolved.images {
        digest.debug(&pictures.get(&image.source));
    }
    match site.run_data_digest(page) {
        Some(runs) => digest.bytes(runs.as_bytes()),
        None => digest.bytes(b"-"),
    };
    for version in site.content.versions(&page.key, &site.settings) {
        digest
            .bytes(version.lang.as_bytes())
            .bytes(version.url.as_bytes())
            .bytes(version.front.title.as_bytes());
    }
    if let Some(original) = site.content.original_of(page, &site.settings) {
        digest.bytes(&original.digest);
    }
    for id in &page.front.appliances {
        let family = site.content.family_page(id, &page.lang, &site.settings);
        digest.optional(family.map(|p| p.url.as_bytes()));
        digest.optional(family.map(|p| p.front.title.as_bytes()));
    }
    digest.bytes(&crate::raw_blocks::files_digest(&site.root, page));
    privacy(site, page, &mut digest);
    digest.finish()
}

/// The key of the source pages of a page's bundle: its run data's files, and the page's
/// language, address and title.
pub(crate) fn sources_key(site: &Site, page: &Page) -> Key {
    let mut digest = Digest::new();
    digest.bytes(env!("CARGO_PKG_VERSION").as_bytes()).bytes(site.inputs_digest.as_bytes());
    digest.optional(page.bundle.as_deref().map(|b| b.as_os_str().as_encoded_bytes()));
    digest.bytes(page.lang.as_bytes()).bytes(page.url.as_bytes()).bytes(page.front.title.as_bytes());
    digest.bytes(site.run_data_digest(page).unwrap_or("-").as_bytes());
    digest.bytes(&crate::raw_blocks::files_digest(&site.root, page));
    privacy(site, page, &mut digest);
    digest.finish()
}

/// The key of what lists the site (listings, feeds, sitemap, home): every page's address
/// and front matter, but not its text.
pub(crate) fn listing_key(site: &Site, site_key: &Key) -> Key {
    let mut digest = Digest::new();
    digest.bytes(site_key);
    for page in &site.content.pages {
        digest.bytes(page.url.as_bytes()).bytes(page.key.as_bytes()).bytes(page.lang.as_bytes());
        digest.bytes(&page.front_digest);
    }
    digest.finish()
}

fn privacy(site: &Site, page: &Page, digest: &mut Digest) {
    for lang in [page.lang.as_str(), site.settings.original_language()] {
        digest.optional(site.content.get("privacy", lang).map(|p| p.url.as_bytes()));
    }
}
