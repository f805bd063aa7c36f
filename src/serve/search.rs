//! The preview's search index: made on a thread of its own once a build is served, and put
//! into that build's snapshot when it is done, so that a save shows its page as soon as the
//! page is made, not after every page has been indexed again (Pagefind cannot add one page
//! to an index it made).
//!
//! Owns when an index is made and which snapshot takes it: until a build's own index is
//! ready, it serves the last build's; an index whose build was replaced meanwhile is
//! dropped. How an index is made is `crate::search`'s; which pages go in, the pipeline's.

use std::sync::Arc;

use tokio::sync::watch::Sender;

use super::Snapshot;
use crate::pipeline::write::Output;
use crate::search::{FOLDER, Job};

/// `site` with the search index files of `from` in place of its own.
pub(super) fn with_index_of(site: Output, from: &Output) -> Output {
    let mut site = site;
    let prefix = format!("{FOLDER}/");
    site.files.retain(|path, _| !path.starts_with(&prefix));
    for (path, bytes) in from.files.range(prefix.clone()..) {
        if !path.starts_with(&prefix) {
            break;
        }
        site.files.insert(path.clone(), bytes.clone());
    }
    site
}

/// Makes the index of build `generation` on a thread, and puts it into the snapshot if that
/// build is still the one served; a failure is printed, and the last index stays.
pub(super) fn index_in_background(job: Job, generation: u64, sender: Sender<Arc<Snapshot>>) {
    std::thread::spawn(move || {
        let started = std::time::Instant::now();
        let site = sender.borrow().site.clone();
        let superseded = || sender.borrow().generation != generation;
        let read = |file: &str| {
            if superseded() {
                anyhow::bail!("a newer build replaced this one");
            }
            site.files.get(file).cloned().ok_or_else(|| anyhow::anyhow!("{file} was not made by this build"))
        };
        let files = match job.run(&read) {
            Ok(files) => files,
            Err(_) if superseded() => return,
            Err(error) => {
                eprintln!("warning: the search index was not made again: {error:#}");
                return;
            }
        };
        let index = Output::in_memory(files.into_iter().collect());
        let made = index.files.len();
        let served = sender.send_if_modified(|current| {
            // The same generation: open pages do not reload for an index.
            if current.generation != generation || current.failure.is_some() {
                return false;
            }
            let site = with_index_of(current.site.in_memory_copy(), &index);
            *current = Arc::new(Snapshot {
                generation,
                site: Arc::new(site),
                failure: None,
                pages_only: current.pages_only,
            });
            true
        });
        // The build's own line counted its files without the index, made after it.
        if served {
            eprintln!("indexed for search: {made} more files in {} ms", started.elapsed().as_millis());
        }
    });
}
