//! The search stage: after every page is rendered, each language's search index made
//! again when any indexed page changed, else taken from the memo as it was.
//!
//! Owns the index's key (every indexed page's address, language and page key, and the
//! Pagefind release) and handing the index's files to the output; how the index is made is
//! `crate::search`'s. `tally check` and `tally readme`, which write nothing, make no index.

use crate::search::{self, IndexedPage};

use super::load::Site;
use super::memo::{self, Key, Memo};
use super::write::{Collector, Kept};

/// The memo's name for the search index's files.
const PART: &str = "search";

/// Each rendered page that goes into the index, with the key it was rendered under.
pub(super) type Indexed = Vec<(IndexedPage, Key)>;

/// The page a content page's HTML makes, for the index.
pub(super) fn indexed(page: &crate::content::Page) -> IndexedPage {
    IndexedPage {
        file: crate::paths::page_file(&page.url),
        url: page.url.clone(),
        lang: page.lang.clone(),
        key: page.key.clone(),
    }
}

/// Makes the search index of the pages in `indexed`, or takes it from the memo when none of
/// them changed, and adds its files to `output`. A failure fails the build.
pub(super) fn publish(site: &Site, indexed: &Indexed, output: &Collector, memo: &mut Memo) {
    if output.keeps_nothing() {
        return;
    }
    let key = index_key(site, indexed);
    let made = if memo.has_part(PART, &key) {
        None
    } else {
        let pages: Vec<IndexedPage> = indexed.iter().map(|(page, _)| page.clone()).collect();
        let languages = &site.settings.languages;
        let by_language = search::pages_by_language(&pages, languages, site.settings.original_language());
        match search::index(&by_language, &|file| output.read_back(file)) {
            Ok(files) => Some(files),
            Err(error) => {
                output.fail(error.context("cannot make the search index"));
                return;
            }
        }
    };
    let part = memo.part(PART.to_string(), key, || memo::Part {
        files: made.unwrap_or_default().into_iter().map(|(path, bytes)| (path, Kept::Bytes(bytes))).collect(),
        problems: Vec::new(),
    });
    for (path, kept) in &part.files {
        output.add_kept(path.clone(), kept);
    }
}

fn index_key(site: &Site, indexed: &Indexed) -> Key {
    let mut digest = memo::Digest::new();
    digest.bytes(search::PAGEFIND_VERSION.as_bytes());
    digest.debug(&site.settings.languages);
    for (page, key) in indexed {
        digest.bytes(page.url.as_bytes()).bytes(page.lang.as_bytes()).bytes(page.key.as_bytes()).bytes(key);
    }
    digest.finish()
}
