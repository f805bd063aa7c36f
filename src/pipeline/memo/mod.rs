//! What one build keeps for the next, so that a build after a small edit redoes only the
//! pages the edit reaches (`tally serve` keeps one [`Memo`] for as long as it runs;
//! `tally build` keeps it on disk, `disk`).
//!
//! Owns the memo's entries: each page's checked figures and HTML under the key it is
//! handed, a digest of every input they are made from, and each bundle's run data under
//! the size and modification time of every file it read. Keys are whole: a page is reused
//! only when nothing it could show changed, so a build with a memo makes the same bytes as a
//! cold one (the serve tests compare them after a series of edits).
//!
//! It lies below the stages and imports none of them: the stages compute their keys
//! (`pipeline/keys.rs`), ask it before doing their work and hand it what they made. What
//! is theirs alone, the load stage's setup and the check stage's coverage, it keeps without
//! looking inside (`dyn Any`, handed back as the type it was given).

use std::any::Any;
// Keyed by paths and names the build makes itself, looked up tens of thousands of times on
// every build: a fast hash (no defence against crafted keys is needed here).
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use bytes::Bytes;

mod disk;
mod figures_json;
mod keys;
mod stamp;
mod told;

use super::figures_json::ClaimRecord;
pub(crate) use super::write::Kept;
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::figures::RunData;
pub use disk::MemoOwner;
pub(crate) use keys::{Digest, SOURCES};
pub(crate) use stamp::FileStamp;
use told::Told;

/// A blake3 digest of everything a piece of output is made from.
pub(crate) type Key = [u8; 32];

/// What a build hands to the next; empty for a cold build.
#[derive(Default)]
pub struct Memo {
    /// Each page's figures and HTML by its source, under the key they were made for.
    pages: HashMap<PathBuf, (Key, Arc<RenderedPage>)>,
    /// The digest of the settings, UI strings and templates that what is kept was made with.
    inputs: String,
    /// The settings, UI strings and templates read with `inputs`, as the load stage hands
    /// them (the memo does not look inside).
    setup: Option<Arc<dyn Any + Send + Sync>>,
    /// Each page as loaded, by its file's path, under the file's stamp.
    sources: HashMap<PathBuf, (FileStamp, Arc<Page>)>,
    /// Each page's scan by its source, under a digest of its text.
    scans: HashMap<PathBuf, (Key, Scanned)>,
    /// Each translation's differences from its original, by the translation's source.
    parity: HashMap<PathBuf, (Key, Arc<Vec<Diagnostic>>)>,
    /// Each measurement page's coverage, by its source, under a digest of its text (kept in
    /// memory only: a build from the memo on disk counts it again).
    /// What it is is the check stage's: the memo does not look inside.
    coverage: HashMap<PathBuf, (Key, Arc<dyn Any + Send + Sync>)>,
    /// What each measurement page's title and summary state that its body does not, by its
    /// source, under a digest of its text (in memory only, as coverage).
    front_figures: HashMap<PathBuf, (Key, Arc<Vec<Diagnostic>>)>,
    /// Each bundle's run data by bundle folder.
    runs: HashMap<PathBuf, MemoRuns>,
    /// The files published as they are, by path, under their stamps.
    copies: HashMap<PathBuf, (FileStamp, Kept)>,
    /// Other files made together (a bundle's source pages, the listings), by a name for
    /// what they are.
    parts: HashMap<String, (Key, Arc<Part>)>,
    /// The files the watcher saw change since the last build, when it is trusted to have
    /// seen every change (`tally serve`): any other file is taken as unchanged without
    /// looking at it. `None`: every file's stamp is compared.
    told: Option<Told>,
    /// What the watcher told for the next build; ignored after a build that failed, which
    /// may have stopped before it looked at every file.
    next_told: Option<Told>,
    last_failed: bool,
    /// Whether this build may take the files found by the last one: the watcher told of
    /// changes to known files only, each still there (no file added, removed or renamed).
    same_files: bool,
    /// The markdown files the last build found, and the problems met finding them.
    found_pages: Option<Arc<(Vec<PathBuf>, Vec<Diagnostic>)>>,
    /// Every file under static/ and content/ the last build found, and how it was found.
    found_files: Option<Arc<Vec<(PathBuf, String)>>>,
    known_files: HashSet<PathBuf>,
    /// The names refused among the files found (`found_files`), while they are the same.
    file_names: Option<(FoundFiles, Vec<Diagnostic>)>,
    /// The length of the last figures.json kept in memory, to make room for the next.
    pub(crate) figures_json_len: usize,
    /// Whether the memo was read from disk: what it keeps is in the last build's output
    /// folder, which this build updates in place.
    pub(crate) from_disk: bool,
    /// The figures.json of the last few builds kept in memory: once no one else holds
    /// one (serve has moved on to a newer build), its memory holds the next.
    figures_json_buffers: std::collections::VecDeque<Bytes>,
    /// Where each page's lines are in the last build's figures.json (byte range), and in
    /// this build's, as it is written.
    lines_at: HashMap<PathBuf, std::ops::Range<u64>>,
    next_lines_at: HashMap<PathBuf, std::ops::Range<u64>>,
    /// How many figures.json were written, and the last one kept in memory with its count:
    /// [`Memo::lines_at`] holds for it only if the two counts are the same. (Held apart
    /// from the buffers, so that it is never taken as one.)
    figures_json_count: u64,
    last_figures_json: Option<(u64, Bytes)>,
    /// Whether the build's files go into a folder: then the memo keeps no file's bytes,
    /// only that it is in the folder, to be taken from there by the next build.
    pub(crate) files_in_folder: bool,
    /// Pages reused and pages made by the last build, for `--timings` and tests.
    pub(crate) reused: usize,
    pub(crate) made: usize,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo").field("pages", &self.pages.len()).field("runs", &self.runs.len()).finish()
    }
}

/// Every file under static/ and content/ a build found, and how it was found.
type FoundFiles = Arc<Vec<(PathBuf, String)>>;

/// One page's checked figures and HTML, as the render stage made them.
#[derive(Debug)]
pub(crate) struct RenderedPage {
    pub html: Option<Kept>,
    /// The page's figure records; kept only in memory, and only where they may be read
    /// back (`record_count` says how many there were).
    pub records: Vec<ClaimRecord>,
    pub record_count: usize,
    /// Of the page's figures computed from its run data, how many, and how many read every
    /// input from a raw file (`tally check`'s raw evidence line, `figures: {min_raw}`).
    pub provenance: Provenance,
    /// The records as figures.json lines; `None` for a page whose lines are in the last
    /// build's figures.json, at the place [`Memo::lines_at`] gives.
    pub lines: Option<Vec<u8>>,
    pub places: Vec<u8>,
    pub problems: Vec<Diagnostic>,
}

/// Of a page's figures computed from run data: how many, and how many trace every input to
/// a line of a raw file rather than to a value typed into runs.yaml.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Provenance {
    pub from_runs: usize,
    pub raw: usize,
    /// Each figure that reads a typed value, once, with the typed inputs it reads.
    pub typed: Vec<(String, String)>,
}

/// A page's scan and its untagged figure-like numbers.
pub(crate) type Scanned = (Arc<crate::markdown::Scan>, Arc<crate::number::Untagged>);

/// Files made together, and the problems found making them.
#[derive(Debug, Default)]
pub(crate) struct Part {
    pub files: Vec<(String, Kept)>,
    pub problems: Vec<Diagnostic>,
}

/// One bundle's run data and the files it was read from.
struct MemoRuns {
    stamps: Vec<(PathBuf, FileStamp)>,
    data: Option<Arc<RunData>>,
    problems: Vec<Diagnostic>,
}

impl Memo {
    /// Tells the memo that, since the last build, only `changed` (paths relative to the
    /// site's `root`, as the watcher reports them) may have changed, so that the next build
    /// looks at no other file's stamp. Without it, every file's stamp is compared.
    pub fn only_changed(&mut self, root: &Path, changed: &[PathBuf]) {
        let changed = changed.iter().map(|path| root.join(path)).collect();
        self.next_told = Some(Told { root: root.to_path_buf(), changed });
    }

    /// Starts a build: what the watcher told holds for this build only.
    pub(crate) fn begin(&mut self) {
        let told = self.next_told.take();
        self.told = if self.last_failed { None } else { told };
        self.same_files = self.found_files.is_some()
            && self.told.as_ref().is_some_and(|told| {
                told.changed.iter().all(|path| self.known_files.contains(path) && path.is_file())
            });
    }

    /// The markdown files under content/, found again only when files may have been added
    /// or removed.
    pub(crate) fn found_pages(
        &mut self,
        find: impl FnOnce() -> (Vec<PathBuf>, Vec<Diagnostic>),
    ) -> Arc<(Vec<PathBuf>, Vec<Diagnostic>)> {
        match &self.found_pages {
            Some(found) if self.same_files => found.clone(),
            _ => {
                let found = Arc::new(find());
                self.found_pages = Some(found.clone());
                found
            }
        }
    }

    /// Every file under static/ and content/, found again only when files may have been
    /// added or removed.
    pub(crate) fn found_files(
        &mut self,
        find: impl FnOnce() -> Vec<(PathBuf, String)>,
    ) -> Arc<Vec<(PathBuf, String)>> {
        match &self.found_files {
            Some(found) if self.same_files => found.clone(),
            _ => {
                let found = Arc::new(find());
                self.known_files = found.iter().map(|(path, _)| path.clone()).collect();
                // A copy whose file is gone must not outlive it: put back later with its
                // old size and time, it would be taken for the copy the last build made,
                // and that build no longer has it.
                let known = &self.known_files;
                self.copies.retain(|path, _| known.contains(path));
                self.found_files = Some(found.clone());
                found
            }
        }
    }

    /// The names refused among `files` (from [`Memo::found_files`]), checked again only
    /// when the files were found again.
    pub(crate) fn file_names_checked(
        &mut self,
        files: &FoundFiles,
        check: impl FnOnce() -> Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        match &self.file_names {
            Some((checked, refused)) if Arc::ptr_eq(checked, files) => refused.clone(),
            _ => {
                let refused = check();
                self.file_names = Some((files.clone(), refused.clone()));
                refused
            }
        }
    }

    /// Ends a build, telling whether it got through.
    pub(crate) fn end(&mut self, succeeded: bool) {
        self.told = None;
        self.same_files = false;
        self.last_failed = !succeeded;
    }

    /// Whether the file at `path` is as it was when `stamp` was taken.
    fn unchanged(&self, path: &Path, stamp: &FileStamp) -> bool {
        if let Some(told) = &self.told
            && told.watches(path)
            && !told.changed.contains(path)
        {
            return true;
        }
        FileStamp::of(path).as_ref() == Some(stamp)
    }

    /// How many pages the last build made, and how many it took from the memo.
    pub fn pages_made_and_reused(&self) -> (usize, usize) {
        (self.made, self.reused)
    }

    /// The run data read before from `files` (runs.yaml first), if none of them changed.
    pub(crate) fn runs(&self, bundle: &Path) -> Option<(Option<Arc<RunData>>, Vec<Diagnostic>)> {
        let kept = self.runs.get(bundle)?;
        let unchanged = kept.stamps.iter().all(|(path, stamp)| self.unchanged(path, stamp));
        unchanged.then(|| (kept.data.clone(), kept.problems.clone()))
    }

    /// Keeps a bundle's run data with the stamps its files had before they were read.
    pub(crate) fn keep_runs(
        &mut self,
        bundle: PathBuf,
        stamps: Vec<(PathBuf, FileStamp)>,
        data: Option<Arc<RunData>>,
        problems: Vec<Diagnostic>,
    ) {
        self.runs.insert(bundle, MemoRuns { stamps, data, problems });
    }

    /// Starts a build with the settings, UI strings and templates digested as `inputs`:
    /// pages kept from other ones are forgotten.
    pub(crate) fn use_inputs(&mut self, inputs: &str) {
        if self.inputs != inputs {
            self.sources.clear();
            self.setup = None;
            self.inputs = inputs.to_string();
        }
    }

    /// The settings, UI strings and templates read before from the same files.
    pub(crate) fn setup<Setup: Clone + 'static>(&self) -> Option<Setup> {
        self.setup.as_ref()?.downcast_ref::<Setup>().cloned()
    }

    pub(crate) fn keep_setup<Setup: Send + Sync + 'static>(&mut self, setup: Setup) {
        self.setup = Some(Arc::new(setup));
    }

    /// The page loaded before from `path`, if the file is unchanged.
    pub(crate) fn source(&self, path: &Path) -> Option<Arc<Page>> {
        let (stamp, page) = self.sources.get(path)?;
        self.unchanged(path, stamp).then(|| page.clone())
    }

    /// Keeps every page whose file settled before `started`, and forgets the pages gone.
    pub(crate) fn keep_sources(&mut self, root: &Path, pages: &[Arc<Page>], started: SystemTime) {
        let mut kept = HashMap::with_capacity_and_hasher(pages.len(), Default::default());
        for page in pages {
            let path = root.join(&page.source);
            // Taken out at once: each path is hashed once for each map, not twice for this one.
            if let Some(entry) = self.sources.remove(&path)
                && self.unchanged(&path, &entry.0)
            {
                kept.insert(path, entry);
                continue;
            }
            if let Some(stamp) = FileStamp::settled(&path, started) {
                kept.insert(path, (stamp, page.clone()));
            }
        }
        self.sources = kept;
    }

    /// The scan of a page whose text is unchanged.
    pub(crate) fn scan(&self, source: &Path, key: &Key) -> Option<Scanned> {
        self.scans.get(source).filter(|(kept, _)| kept == key).map(|(_, scanned)| scanned.clone())
    }

    pub(crate) fn keep_scan(&mut self, source: PathBuf, key: Key, scanned: Scanned) {
        self.scans.insert(source, (key, scanned));
    }

    /// A page's coverage, counted before from the same text.
    pub(crate) fn coverage<Coverage: Send + Sync + 'static>(
        &self,
        source: &Path,
        key: &Key,
    ) -> Option<Arc<Coverage>> {
        let (kept, counted) = self.coverage.get(source)?;
        (kept == key).then(|| counted.clone().downcast::<Coverage>().ok()).flatten()
    }

    pub(crate) fn keep_coverage<Coverage: Send + Sync + 'static>(
        &mut self,
        source: PathBuf,
        key: Key,
        counted: Arc<Coverage>,
    ) {
        self.coverage.insert(source, (key, counted));
    }

    /// What a page's title and summary state untagged, found before from the same text.
    pub(crate) fn front_figures(&self, source: &Path, key: &Key) -> Option<Arc<Vec<Diagnostic>>> {
        self.front_figures.get(source).filter(|(kept, _)| kept == key).map(|(_, found)| found.clone())
    }

    pub(crate) fn keep_front_figures(&mut self, source: PathBuf, key: Key, found: Arc<Vec<Diagnostic>>) {
        self.front_figures.insert(source, (key, found));
    }

    /// A translation's differences from its original, as found before.
    pub(crate) fn parity(&self, source: &Path, key: &Key) -> Option<Arc<Vec<Diagnostic>>> {
        self.parity.get(source).filter(|(kept, _)| kept == key).map(|(_, found)| found.clone())
    }

    pub(crate) fn keep_parity(&mut self, source: PathBuf, key: Key, found: Arc<Vec<Diagnostic>>) {
        self.parity.insert(source, (key, found));
    }

    /// The bytes of a file published as it is: kept from before while its stamp is the same.
    pub(crate) fn read_file(&mut self, path: &Path, started: SystemTime) -> std::io::Result<Kept> {
        if let Some((stamp, kept)) = self.copies.get(path)
            && self.unchanged(path, stamp)
        {
            return Ok(kept.clone());
        }
        let bytes = Kept::Bytes(Bytes::from(crate::regular::read_no_follow(path)?));
        match FileStamp::settled(path, started) {
            Some(stamp) => {
                let kept = if self.files_in_folder { Kept::InLastOutput } else { bytes.clone() };
                self.copies.insert(path.to_path_buf(), (stamp, kept));
            }
            None => {
                self.copies.remove(path);
            }
        }
        Ok(bytes)
    }

    /// The stamps of the files a bundle's kept run data was read from.
    pub(crate) fn runs_stamps(&self, bundle: &Path) -> Option<&[(PathBuf, FileStamp)]> {
        self.runs.get(bundle).map(|kept| kept.stamps.as_slice())
    }

    pub(crate) fn forget_runs(&mut self, bundle: &Path) {
        self.runs.remove(bundle);
    }

    /// The page made before under `key`.
    pub(crate) fn page(&self, source: &Path, key: &Key) -> Option<Arc<RenderedPage>> {
        self.pages.get(source).filter(|(kept, _)| kept == key).map(|(_, page)| page.clone())
    }

    pub(crate) fn keep_page(&mut self, source: PathBuf, key: Key, page: Arc<RenderedPage>) {
        let page = if self.files_in_folder { in_folder(page) } else { page };
        self.pages.insert(source, (key, page));
    }

    pub(crate) fn has_part(&self, name: &str, key: &Key) -> bool {
        self.parts.get(name).is_some_and(|(kept, _)| kept == key)
    }

    /// The files made before under `key` for `name`, if any.
    pub(crate) fn kept_part(&self, name: &str, key: &Key) -> Option<Arc<Part>> {
        self.parts.get(name).filter(|(kept, _)| kept == key).map(|(_, part)| part.clone())
    }

    /// The files made before under `key` for `name`, or made now by `make` and kept.
    pub(crate) fn part(&mut self, name: String, key: Key, make: impl FnOnce() -> Part) -> Arc<Part> {
        if let Some((kept, part)) = self.parts.get(&name)
            && *kept == key
        {
            return part.clone();
        }
        let part = Arc::new(make());
        let kept = if self.files_in_folder {
            let files = part.files.iter().map(|(path, _)| (path.clone(), Kept::InLastOutput)).collect();
            Arc::new(Part { files, problems: part.problems.clone() })
        } else {
            part.clone()
        };
        self.parts.insert(name, (key, kept));
        part
    }

    /// Forgets the bundles (`has_bundle` says which the site still has) and pages (by
    /// `sources`) the site no longer has.
    pub(crate) fn retain(&mut self, has_bundle: impl Fn(&Path) -> bool, sources: &HashSet<&Path>) {
        self.runs.retain(|bundle, _| has_bundle(bundle));
        if self.same_files {
            // The site has the pages the last build had: none is gone.
            return;
        }
        self.pages.retain(|source, _| sources.contains(source.as_path()));
        self.scans.retain(|source, _| sources.contains(source.as_path()));
        self.parity.retain(|source, _| sources.contains(source.as_path()));
        self.coverage.retain(|source, _| sources.contains(source.as_path()));
        self.front_figures.retain(|source, _| sources.contains(source.as_path()));
        self.parts.retain(|name, _| {
            name.strip_prefix(SOURCES).is_none_or(|source| sources.contains(Path::new(source)))
        });
    }
}

/// `page` as kept for a build into a folder: its HTML is in the folder, not in memory.
fn in_folder(page: Arc<RenderedPage>) -> Arc<RenderedPage> {
    let had_html = page.html.is_some();
    let page = Arc::try_unwrap(page).unwrap_or_else(|shared| RenderedPage {
        html: None,
        records: Vec::new(),
        record_count: shared.record_count,
        provenance: shared.provenance.clone(),
        lines: None,
        places: shared.places.clone(),
        problems: shared.problems.clone(),
    });
    Arc::new(RenderedPage {
        html: had_html.then_some(Kept::InLastOutput),
        records: Vec::new(),
        lines: None,
        ..page
    })
}
