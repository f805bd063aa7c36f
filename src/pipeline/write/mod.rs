//! Output: where the built site's files go, and putting them in place of the previous
//! site only once the build has succeeded.
//!
//! Owns [`Destination`], the [`Collector`] the render stage hands each file to (from many
//! threads at once), and the finished [`Output`]. A file bound for a folder is written the
//! moment it is made, so a large build never holds its whole site in memory; the folder
//! is a staging folder beside the real one until [`Output::commit`] puts it in place. A
//! cold build swaps the whole folder in; a build that takes files from the last one
//! ([`Kept::InLastOutput`], a memo on disk) leaves those where they are and moves each new
//! file over its old one, then removes what it no longer makes. A failed build is dropped
//! before either, so the previous site stays as it was.
//!
//! The staging folder itself (making it, moving it in, and removing what killed builds
//! left) is `staging`'s; this module does not touch the output folder.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::PathBuf;
use std::sync::Mutex;

use bytes::Bytes;

mod staging;
#[cfg(test)]
mod tests;

use staging::Staging;
pub(crate) use staging::{MARKER, check_replaceable, interrupted, remove_left_over};

/// Where a build puts its files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Destination {
    /// Kept in memory (`tally serve`, tests).
    #[default]
    Memory,
    /// Written into this folder, replacing it whole on commit (`tally build`).
    Folder(PathBuf),
    /// Made and dropped: only the file list is kept (`tally check`, `tally readme`).
    Nowhere,
}

/// The built site: its file list, and the files' bytes when they were kept in memory.
#[derive(Debug, Default)]
pub struct Output {
    /// Every file by its path under the output folder (forward slashes); the bytes are
    /// empty unless the destination was [`Destination::Memory`].
    pub files: BTreeMap<String, Bytes>,
    staging: Option<Staging>,
}

impl Output {
    /// A site kept in memory, made of `files`.
    pub(crate) fn in_memory(files: BTreeMap<String, Bytes>) -> Output {
        Output { files, staging: None }
    }

    /// The same files, in memory: the bytes are shared, not copied.
    pub(crate) fn in_memory_copy(&self) -> Output {
        Output::in_memory(self.files.clone())
    }

    /// The file served at `url` (`/a/` → `a/index.html`).
    pub fn lookup(&self, url: &str) -> Option<&[u8]> {
        let path = url.trim_start_matches('/');
        let candidates = if path.is_empty() || path.ends_with('/') {
            vec![format!("{path}index.html")]
        } else {
            vec![path.to_string(), format!("{path}/index.html")]
        };
        candidates.iter().find_map(|p| self.files.get(p).map(|bytes| &bytes[..]))
    }

    /// Puts a folder-bound site in place of the previous one; nothing for other destinations.
    pub fn commit(self) -> anyhow::Result<()> {
        self.commit_listing_new().map(|_| ())
    }

    /// [`Output::commit`], telling which files were written anew when the folder was
    /// updated in place (`None` when it was replaced whole, or for other destinations).
    pub fn commit_listing_new(mut self) -> anyhow::Result<Option<Vec<String>>> {
        match self.staging.take() {
            Some(staging) => staging.commit(&self.files),
            None => Ok(None),
        }
    }
}

/// A file's bytes as a build made them, or the file of the same path in the output folder
/// the last build wrote, which a build into that folder links instead of writing again.
#[derive(Debug, Clone)]
pub(crate) enum Kept {
    Bytes(Bytes),
    InLastOutput,
}

/// Takes each file as the build makes it; shared by the render stage's threads.
pub(crate) struct Collector {
    files: Mutex<Claimed>,
    staging: Option<Staging>,
    keep_bytes: bool,
    /// The first write that failed: reported once the build is over.
    failure: Mutex<Option<anyhow::Error>>,
    /// Files added twice ([`Collector::made_twice`]).
    twice: Mutex<Vec<String>>,
    /// Files not written because a file at one is a folder of the other
    /// ([`Collector::file_and_folder`]): the later one, then the one there already.
    clashes: Mutex<Vec<(String, String)>>,
}

impl Collector {
    pub(crate) fn new(destination: &Destination) -> anyhow::Result<Collector> {
        Collector::with(destination, false)
    }

    /// A collector for a build that takes files from the last one (a memo kept on disk):
    /// a folder is then updated in place, each new file moved over its old one on commit,
    /// instead of being replaced whole, which would write every file again.
    pub(crate) fn updating(destination: &Destination) -> anyhow::Result<Collector> {
        Collector::with(destination, true)
    }

    fn with(destination: &Destination, in_place: bool) -> anyhow::Result<Collector> {
        let staging = match destination {
            Destination::Folder(out_dir) => Some(Staging::create(out_dir, in_place)?),
            Destination::Memory | Destination::Nowhere => None,
        };
        Ok(Collector {
            files: Mutex::default(),
            staging,
            keep_bytes: *destination == Destination::Memory,
            failure: Mutex::default(),
            twice: Mutex::default(),
            clashes: Mutex::default(),
        })
    }

    /// Whether the files are dropped as they come (`tally check`, `tally readme`): such a
    /// run writes nothing at all, caches included.
    /// Whether the site is kept in memory (`tally serve`).
    pub(crate) fn keeps_bytes(&self) -> bool {
        self.keep_bytes
    }

    pub(crate) fn keeps_nothing(&self) -> bool {
        self.staging.is_none() && !self.keep_bytes
    }

    /// Whether a file at `path` was added already: a copied file must not take the place
    /// of one tally made.
    pub(crate) fn has(&self, path: &str) -> bool {
        self.files.lock().unwrap_or_else(|e| e.into_inner()).files.contains_key(path)
    }

    /// A file added already that `path` cannot stand beside: one that is a folder of
    /// `path` (`privacy` for `privacy/index.html`), or one that `path` is a folder of.
    pub(crate) fn folder_clash(&self, path: &str) -> Option<String> {
        let files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        folder_clash(&files, path)
    }

    /// Takes `path` into the file list, unless a file added already is a folder of it or
    /// the other way round (noted for [`Collector::file_and_folder`]; nothing is written,
    /// where the system would fail with "Is a directory").
    fn claim(&self, path: &str) -> bool {
        self.claim_with(path, Bytes::new())
    }

    /// [`Collector::claim`], keeping `bytes` as the file's at once: a site kept in memory
    /// then takes the lock and searches the file list once per file, not twice.
    fn claim_with(&self, path: &str, bytes: Bytes) -> bool {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(other) = folder_clash(&files, path) {
            self.clashes.lock().unwrap_or_else(|e| e.into_inner()).push((path.to_string(), other));
            return false;
        }
        if files.insert(path.to_string(), bytes).is_some() {
            self.twice.lock().unwrap_or_else(|e| e.into_inner()).push(path.to_string());
        }
        true
    }

    /// The files not made because one is a folder of another: each with the one there already.
    pub(crate) fn file_and_folder(&self) -> Vec<(String, String)> {
        let mut clashes = self.clashes.lock().unwrap_or_else(|e| e.into_inner()).clone();
        clashes.sort();
        clashes.dedup();
        clashes
    }

    /// Adds a file; its bytes are shared, not copied, when the site is kept in memory.
    pub(crate) fn add(&self, path: impl Into<String>, bytes: impl Into<Bytes>) {
        let path = path.into();
        let bytes = bytes.into();
        let kept = if self.keep_bytes { bytes.clone() } else { Bytes::new() };
        if !self.claim_with(&path, kept) {
            return;
        }
        if let Some(staging) = &self.staging
            && let Err(error) = staging.write(&path, &bytes)
        {
            self.fail(error);
        }
    }

    /// Adds a file made now, or takes the file of the same path from the last build's
    /// output folder (linked into the new one, or copied where links cannot be made).
    pub(crate) fn add_kept(&self, path: impl Into<String>, kept: &Kept) {
        let path = path.into();
        match kept {
            Kept::Bytes(bytes) => self.add(path, bytes.clone()),
            Kept::InLastOutput => {
                if !self.claim(&path) {
                    return;
                }
                let linked = match &self.staging {
                    Some(staging) => staging.take_from_last(&path),
                    None => Err(anyhow::anyhow!(
                        "{path} was to be taken from the last build's output folder, but this build has none"
                    )),
                };
                if let Err(error) = linked {
                    self.fail(error);
                }
            }
        }
    }

    /// The bytes of a file added already: from memory when the site is kept there, else
    /// read back from the staging folder, or from the output folder for a file a build
    /// updating it in place left where it was (the search index reads every page back).
    pub(crate) fn read_back(&self, path: &str) -> anyhow::Result<Bytes> {
        let kept = self.files.lock().unwrap_or_else(|e| e.into_inner()).files.get(path).cloned();
        match (kept, &self.staging) {
            (Some(bytes), _) if !bytes.is_empty() => Ok(bytes),
            (Some(_), Some(staging)) => staging.read_back(path),
            _ => Err(anyhow::anyhow!("{path} was not made by this build")),
        }
    }

    /// The file at `path` in the last build's output folder, opened to read.
    pub(crate) fn open_from_last(&self, path: &str) -> Option<File> {
        self.staging.as_ref().and_then(|staging| File::open(staging.out_dir.join(path)).ok())
    }

    /// Starts a file that is made in parts over a long stage, each written as it comes
    /// (figures.json): a large file is then never held whole. Finish it with [`Self::end`].
    /// `buffer` is memory to hold it in, when it is kept in memory: an earlier build's,
    /// whose pages are already mapped (a large file in new memory pays for every page).
    pub(crate) fn begin(&self, path: impl Into<String>, mut buffer: Vec<u8>) -> FileInParts {
        let path = path.into();
        let file = if self.claim(&path) {
            self.staging.as_ref().map(|staging| staging.create_file(&path))
        } else {
            // Not written; the clash is reported with the others.
            Some(Err(anyhow::anyhow!("{path} is not written")))
        };
        buffer.clear();
        FileInParts { path, file, bytes: buffer, keep_bytes: self.keep_bytes }
    }

    pub(crate) fn end(&self, file: FileInParts) {
        let FileInParts { path, file, bytes, .. } = file;
        let clashed = self.clashes.lock().unwrap_or_else(|e| e.into_inner()).iter().any(|(p, _)| *p == path);
        if clashed {
            return;
        }
        if let Some(written) = file.map(|f| f.and_then(|mut f| f.flush().map_err(anyhow::Error::from)))
            && let Err(error) = written
        {
            self.fail(error.context(format!("cannot write {path}")));
        }
        self.keep(path, Bytes::from(bytes));
    }

    /// Keeps the bytes of `path`, claimed already ([`Collector::claim`]), in the file list.
    fn keep(&self, path: String, bytes: Bytes) {
        if bytes.is_empty() {
            return;
        }
        self.files.lock().unwrap_or_else(|e| e.into_inner()).files.insert(path, bytes);
    }

    /// The files made twice so far (each once), in order.
    pub(crate) fn made_twice(&self) -> Vec<String> {
        let mut twice = self.twice.lock().unwrap_or_else(|e| e.into_inner()).clone();
        twice.sort();
        twice.dedup();
        twice
    }

    /// Fails the build with `error`, reported once it is over (the first one is kept).
    pub(crate) fn fail(&self, error: anyhow::Error) {
        self.failure.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(error);
    }

    /// The finished site, or the first write that failed.
    pub(crate) fn finish(self) -> anyhow::Result<Output> {
        if let Some(error) = self.failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(error);
        }
        let claimed = self.files.into_inner().unwrap_or_else(|e| e.into_inner());
        // Sorted once, at the end, rather than searched for on every insertion.
        let files = claimed.files.into_iter().collect();
        Ok(Output { files, staging: self.staging })
    }
}

/// The file list as it is claimed, looked up by hash: a tree of 5,000 paths searched three
/// or four times for every file added was a seventh of a one-page rebuild's main thread
/// (bench/notes.md). It is put in order once, when the build is finished.
#[derive(Default)]
struct Claimed {
    files: HashMap<String, Bytes, rustc_hash::FxBuildHasher>,
    /// Every folder a claimed file is in (`a` and `a/b` for `a/b/c.html`).
    folders: HashSet<String, rustc_hash::FxBuildHasher>,
}

impl Claimed {
    /// Adds `path` and its folders; the bytes it had, if it was there already.
    fn insert(&mut self, path: String, bytes: Bytes) -> Option<Bytes> {
        // Deepest first: once a folder is known, so are the folders it is in.
        for (at, _) in path.rmatch_indices('/') {
            if self.folders.contains(&path[..at]) {
                break;
            }
            self.folders.insert(path[..at].to_string());
        }
        self.files.insert(path, bytes)
    }
}

/// A file in `claimed` that `path` cannot stand beside: one at a folder of `path` (the
/// outermost), or one under `path` as a folder (the first in order).
fn folder_clash(claimed: &Claimed, path: &str) -> Option<String> {
    let mut folders = path.match_indices('/').map(|(at, _)| &path[..at]);
    if let Some(folder) = folders.find(|folder| claimed.files.contains_key(*folder)) {
        return Some(folder.to_string());
    }
    if !claimed.folders.contains(path) {
        return None;
    }
    // Met only by a build that fails: every file is looked at to name the first.
    let below = format!("{path}/");
    claimed.files.keys().filter(|p| p.starts_with(&below)).min().cloned()
}

/// A file being written part by part.
pub(crate) struct FileInParts {
    path: String,
    /// In the staging folder; the first error is kept and reported at the end.
    file: Option<anyhow::Result<BufWriter<File>>>,
    bytes: Vec<u8>,
    keep_bytes: bool,
}

impl FileInParts {
    /// Makes room for `more` bytes at once, so that a large file kept in memory is not
    /// grown, copied and zeroed again and again.
    pub(crate) fn reserve(&mut self, more: usize) {
        if self.keep_bytes {
            self.bytes.reserve(more);
        }
    }

    /// Appends `range` of `source`, copied by the kernel where the system can (the bytes
    /// then never pass through this process).
    pub(crate) fn copy_from(&mut self, source: &File, range: std::ops::Range<u64>) {
        use std::io::{Read as _, Seek as _};
        let len = range.end.saturating_sub(range.start);
        if len == 0 {
            return;
        }
        if self.keep_bytes {
            use std::os::unix::fs::FileExt as _;
            let mut part = vec![0; usize::try_from(len).unwrap_or(usize::MAX)];
            match source.read_exact_at(&mut part, range.start) {
                Ok(()) => self.bytes.extend_from_slice(&part),
                Err(error) => self.file = Some(Err(error.into())),
            }
        }
        if let Some(Ok(file)) = &mut self.file {
            let copied = (|| {
                let mut from = source;
                from.seek(std::io::SeekFrom::Start(range.start))?;
                let copied = std::io::copy(&mut from.take(len), file)?;
                if copied != len {
                    return Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof));
                }
                Ok(())
            })();
            if let Err(error) = copied {
                self.file = Some(Err(anyhow::Error::from(error).context("cannot copy from the last build")));
            }
        }
    }

    pub(crate) fn push(&mut self, part: &[u8]) {
        if let Some(Ok(file)) = &mut self.file
            && let Err(error) = file.write_all(part)
        {
            self.file = Some(Err(error.into()));
        }
        if self.keep_bytes {
            self.bytes.extend_from_slice(part);
        }
    }
}
