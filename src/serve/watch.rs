//! Watching the site's sources: which saves call for a rebuild, gathered into one.
//!
//! Owns the watcher (notify, through notify-debouncer-full) on content/, templates/,
//! static/, i18n/ and site.yaml, the filter that drops what is not a source change (reads,
//! editor swap files, the output and cache folders), and the gathering of a burst of saves
//! into one change set, so that a burst gives one rebuild. It does not build anything.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use notify_debouncer_full::notify::event::{MetadataKind, ModifyKind};
use notify_debouncer_full::notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{
    DebounceEventResult, DebouncedEvent, Debouncer, RecommendedCache, new_debouncer,
};

/// The folders whose files make the site; `site.yaml` beside them.
pub(crate) use crate::paths::SOURCE_FOLDERS as SOURCES;

/// How long a file must be quiet before its events are handed on. An editor's save (write,
/// or write a copy and rename it) and a checkout of many files are over in a few
/// milliseconds; every millisecond waited here is added to each save's reload (it was
/// 150 ms, most of the bundled site's save-to-reload time: see README, "Preview"). A
/// burst slower than this is built twice, never stale.
pub(crate) const DEBOUNCE: Duration = Duration::from_millis(10);
/// After one debounced batch, how long to wait for more before rebuilding: the debouncer
/// hands on files one by one as each falls quiet, so one burst may arrive in a few batches.
/// A burst slower than this gives a second rebuild, never a stale one.
pub(crate) const SETTLE: Duration = Duration::from_millis(5);
/// How long [`SETTLE`] becomes once a batch holds more than one file: that is a checkout, a
/// script or a search-and-replace, whose files may come over tens of milliseconds on a
/// busy machine, and one rebuild for all of them is worth the wait; a single save, the
/// common case, is not kept waiting for it.
pub(crate) const BURST_SETTLE: Duration = Duration::from_millis(50);

/// A running watch on a site's sources.
pub(crate) struct Watcher {
    root: PathBuf,
    events: Receiver<DebounceEventResult>,
    debouncer: Debouncer<notify_debouncer_full::notify::RecommendedWatcher, RecommendedCache>,
    /// The source folders watched (recursively) now; one created later is added.
    watched: Vec<&'static str>,
    /// When the last change's last batch arrived, and the quiet that closed it.
    last_change: Option<(Instant, Duration)>,
}

/// One gathered change: the sources it changed and how its batches arrived.
#[derive(Debug)]
pub(crate) struct Change {
    pub(crate) files: Vec<PathBuf>,
    /// How many debounced batches were gathered into it.
    pub(crate) batches: usize,
    /// From its first batch's arrival to its last one's.
    pub(crate) spread: Duration,
    /// How long nothing arrived before its first batch, since the last change's last batch,
    /// and the quiet that had closed that change: a change that follows another is a
    /// second rebuild only if the first is at least the second (`serve --timings` prints
    /// both, so that a test can tell a slow burst from a gathering that stopped early).
    pub(crate) after: Option<(Duration, Duration)>,
}

impl Change {
    /// What `serve --timings` says of how the change was gathered.
    pub(crate) fn timing(&self) -> String {
        let mut said = format!("{} batches over {} ms", self.batches, self.spread.as_millis());
        if let Some((quiet, window)) = self.after {
            said.push_str(&format!(
                ", quiet {} ms before it (window {} ms)",
                quiet.as_millis(),
                window.as_millis()
            ));
        }
        said
    }
}

impl Watcher {
    /// Starts watching the sources of the site at `root`, relative or absolute.
    ///
    /// Events name files by absolute paths, so the root is made absolute (canonical, when
    /// it exists) before anything is watched or compared with it: a relative root, `.` as
    /// the README runs it, would match no event at all.
    pub(crate) fn start(root: &Path) -> anyhow::Result<Watcher> {
        let root = watched_root(root)?;
        let root = root.as_path();
        let (sender, events) = channel();
        let mut debouncer = new_debouncer(DEBOUNCE, None, sender)?;
        // The root itself, not recursively: site.yaml, and source folders created later.
        debouncer.watch(root, RecursiveMode::NonRecursive)?;
        let mut watcher =
            Watcher { root: root.to_path_buf(), events, debouncer, watched: Vec::new(), last_change: None };
        watcher.watch_new_folders()?;
        Ok(watcher)
    }

    /// Blocks until a source changes, then gathers every change that follows closely; the
    /// changed files, relative to the root. `None` once the watcher has stopped. A source
    /// folder created since the last change is watched from now on (new folders inside a
    /// watched one are watched by notify itself); what was saved in it before is read by
    /// the rebuild this change calls for.
    pub(crate) fn next_change(&mut self) -> Option<Change> {
        let gathered = gather(&self.events, &self.root, SETTLE)?;
        if let Err(error) = self.watch_new_folders() {
            eprintln!("warning: a new source folder is not watched: {error}");
        }
        let after =
            self.last_change.map(|(last, window)| (gathered.first.saturating_duration_since(last), window));
        self.last_change = Some((gathered.last, gathered.window));
        Some(Change {
            files: gathered.files,
            batches: gathered.batches,
            spread: gathered.last.saturating_duration_since(gathered.first),
            after,
        })
    }

    /// Watches each source folder that exists and is not watched yet; forgets one that is
    /// gone, so that it is watched again if it comes back.
    fn watch_new_folders(&mut self) -> anyhow::Result<()> {
        for folder in SOURCES {
            let path = self.root.join(folder);
            let is_watched = self.watched.contains(&folder);
            if path.is_dir() && !is_watched {
                self.debouncer.watch(&path, RecursiveMode::Recursive)?;
                self.watched.push(folder);
            } else if !path.is_dir() && is_watched {
                self.watched.retain(|w| *w != folder);
            }
        }
        Ok(())
    }
}

/// The root as events name it: canonical, or absolute and normalised when it cannot be
/// made canonical.
fn watched_root(root: &Path) -> anyhow::Result<PathBuf> {
    if let Ok(canonical) = root.canonicalize() {
        return Ok(canonical);
    }
    let absolute = if root.is_absolute() { root.to_path_buf() } else { std::env::current_dir()?.join(root) };
    Ok(crate::paths::normalise(&absolute))
}

/// The batches [`gather`] took: the union of their changed sources, when the first and
/// the last arrived, and the quiet that closed the gathering.
pub(crate) struct Gathered {
    pub(crate) files: Vec<PathBuf>,
    batches: usize,
    first: Instant,
    last: Instant,
    window: Duration,
}

/// Waits for the first batch with a source change, then takes every batch that arrives
/// within `settle` of the previous one (within [`BURST_SETTLE`] once more than one file
/// has changed).
pub(crate) fn gather(
    events: &Receiver<DebounceEventResult>,
    root: &Path,
    settle: Duration,
) -> Option<Gathered> {
    let mut changed = Vec::new();
    while changed.is_empty() {
        add_sources(&mut changed, events.recv().ok()?, root);
    }
    let first = Instant::now();
    let (mut last, mut batches) = (first, 1);
    let window = loop {
        let window = if changed.len() > 1 { settle.max(BURST_SETTLE) } else { settle };
        match events.recv_timeout(window) {
            Ok(batch) => {
                add_sources(&mut changed, batch, root);
                last = Instant::now();
                batches += 1;
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break window,
        }
    };
    changed.sort();
    changed.dedup();
    Some(Gathered { files: changed, batches, first, last, window })
}

fn add_sources(changed: &mut Vec<PathBuf>, batch: DebounceEventResult, root: &Path) {
    match batch {
        Ok(events) => {
            for event in events {
                changed.extend(sources_changed(&event, root));
            }
        }
        Err(errors) => {
            for error in errors {
                eprintln!("warning: watching the sources: {error}");
            }
        }
    }
}

/// The sources an event changed, relative to `root`; none for reads and for files that do
/// not make the site.
fn sources_changed(event: &DebouncedEvent, root: &Path) -> Vec<PathBuf> {
    let is_read = matches!(
        event.kind,
        EventKind::Access(_) | EventKind::Modify(ModifyKind::Metadata(MetadataKind::AccessTime))
    );
    if is_read {
        return Vec::new();
    }
    event
        .paths
        .iter()
        .filter_map(|path| path.strip_prefix(root).ok())
        .filter(|p| is_source(p))
        .map(Path::to_path_buf)
        .collect()
}

/// Whether a path (relative to the root) is one of the site's sources.
pub(crate) fn is_source(relative: &Path) -> bool {
    let mut parts = relative.components();
    let Some(first) = parts.next().and_then(|c| c.as_os_str().to_str()) else {
        return false;
    };
    let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let editor_litter = name.starts_with(".#")
        || name.starts_with('#')
        || name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".swx")
        || name == "4913";
    if editor_litter {
        return false;
    }
    (first == "site.yaml" && parts.next().is_none()) || SOURCES.contains(&first)
}

#[cfg(test)]
mod tests;
