//! The search stage: after every page is rendered, each language's search index made
//! again when any indexed page changed, else taken from the memo as it was.
//!
//! Owns the index's key (every indexed page's address, language and page key, and the
//! Pagefind release) and handing the index's files to the output; how the index is made is
//! `crate::search`'s. `tally check` and `tally readme`, which write nothing, make no index,
//! nor does a site without `search: true`. A site built in memory (`tally serve`) is handed
//! back with the index still to make: serve makes it after the pages are served, so that a
//! save shows its page without waiting for every page to be indexed again.

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
/// them changed, and adds its files to `output`. A failure fails the build. A site kept in
/// memory gets no index here: the job to make it is returned instead.
pub(super) fn publish(
    site: &Site,
    indexed: &Indexed,
    output: &Collector,
    memo: &mut Memo,
) -> Option<search::Job> {
    if output.keeps_nothing() || !site.settings.search {
        return None;
    }
    if output.keeps_bytes() {
        return Some(search::Job {
            pages: indexed.iter().map(|(page, _)| page.clone()).collect(),
            languages: site.settings.languages.clone(),
            original: site.settings.original_language().to_string(),
        });
    }
    let key = index_key(site, indexed);
    let made = if memo.has_part(PART, &key) {
        None
    } else {
        let job = search::Job {
            pages: indexed.iter().map(|(page, _)| page.clone()).collect(),
            languages: site.settings.languages.clone(),
            original: site.settings.original_language().to_string(),
        };
        match job.run(&|file| output.read_back(file)) {
            Ok(files) => Some(files),
            Err(error) => {
                output.fail(error.context("cannot make the search index"));
                return None;
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
    None
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
