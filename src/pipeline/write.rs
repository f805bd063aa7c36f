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

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context as _, bail};
use bytes::Bytes;

/// The file tally writes into every output folder it builds: a folder without it is not
/// tally's, and is never emptied or replaced.
pub(crate) const MARKER: &str = ".tally-output";

const MARKER_TEXT: &str = "This folder was written by tally: `tally build` replaces it whole.\n";

/// Whether `out_dir` may be replaced by a build: absent, an empty folder, or a folder
/// holding tally's mark; never a symbolic link (the folder it points to is not followed).
pub(crate) fn check_replaceable(out_dir: &Path) -> Result<(), String> {
    let Ok(meta) = std::fs::symlink_metadata(out_dir) else { return Ok(()) };
    let shown = out_dir.display();
    if meta.file_type().is_symlink() {
        return Err(format!(
            "refusing to write the site into {shown}: it is a symbolic link, and tally never replaces \
             the folder a link points to; remove the link or pass that folder as --out"
        ));
    }
    if !meta.is_dir() {
        return Err(format!("refusing to write the site into {shown}: it exists and is not a folder"));
    }
    let empty = std::fs::read_dir(out_dir).map_err(|e| format!("cannot read {shown}: {e}"))?.next().is_none();
    let marked = std::fs::symlink_metadata(out_dir.join(MARKER)).is_ok_and(|m| m.is_file());
    if !empty && !marked {
        return Err(format!(
            "refusing to replace {shown}: it holds files and tally did not write it (it has no {MARKER} \
             file); tally only replaces folders it built. Move its files away, or choose another --out"
        ));
    }
    Ok(())
}

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
    files: Mutex<BTreeMap<String, Bytes>>,
    staging: Option<Staging>,
    keep_bytes: bool,
    /// The first write that failed: reported once the build is over.
    failure: Mutex<Option<anyhow::Error>>,
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
        })
    }

    /// Whether the files are dropped as they come (`tally check`, `tally readme`): such a
    /// run writes nothing at all, caches included.
    pub(crate) fn keeps_nothing(&self) -> bool {
        self.staging.is_none() && !self.keep_bytes
    }

    /// Adds a file; its bytes are shared, not copied, when the site is kept in memory.
    pub(crate) fn add(&self, path: impl Into<String>, bytes: impl Into<Bytes>) {
        let path = path.into();
        let mut bytes = bytes.into();
        if let Some(staging) = &self.staging
            && let Err(error) = staging.write(&path, &bytes)
        {
            self.fail(error);
        }
        if !self.keep_bytes {
            bytes = Bytes::new();
        }
        self.files.lock().unwrap_or_else(|e| e.into_inner()).insert(path, bytes);
    }

    /// Adds a file made now, or takes the file of the same path from the last build's
    /// output folder (linked into the new one, or copied where links cannot be made).
    pub(crate) fn add_kept(&self, path: impl Into<String>, kept: &Kept) {
        let path = path.into();
        match kept {
            Kept::Bytes(bytes) => self.add(path, bytes.clone()),
            Kept::InLastOutput => {
                let linked = match &self.staging {
                    Some(staging) => staging.take_from_last(&path),
                    None => Err(anyhow::anyhow!(
                        "{path} was to be taken from the last build's output folder, but this build has none"
                    )),
                };
                if let Err(error) = linked {
                    self.fail(error);
                }
                self.files.lock().unwrap_or_else(|e| e.into_inner()).insert(path, Bytes::new());
            }
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
        let file = self.staging.as_ref().map(|staging| staging.create_file(&path));
        buffer.clear();
        FileInParts { path, file, bytes: buffer, keep_bytes: self.keep_bytes }
    }

    pub(crate) fn end(&self, file: FileInParts) {
        let FileInParts { path, file, bytes, .. } = file;
        if let Some(written) = file.map(|f| f.and_then(|mut f| f.flush().map_err(anyhow::Error::from)))
            && let Err(error) = written
        {
            self.fail(error.context(format!("cannot write {path}")));
        }
        self.files.lock().unwrap_or_else(|e| e.into_inner()).insert(path, Bytes::from(bytes));
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
        let files = self.files.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(Output { files, staging: self.staging })
    }
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

/// A new site being written beside the old one; removed if dropped before its commit.
#[derive(Debug)]
struct Staging {
    out_dir: PathBuf,
    dir: PathBuf,
    retired: PathBuf,
    /// Whether the output folder is updated in place on commit rather than replaced.
    in_place: bool,
    committed: bool,
}

impl Staging {
    fn create(out_dir: &Path, in_place: bool) -> anyhow::Result<Staging> {
        let parent = out_dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name =
            out_dir.file_name().context("the output folder needs a name")?.to_string_lossy().to_string();
        check_replaceable(out_dir).map_err(anyhow::Error::msg)?;
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        remove_stale_staging(parent, &name);
        let staging = Staging {
            out_dir: out_dir.to_path_buf(),
            dir: parent.join(format!(".{name}.new-{}", std::process::id())),
            retired: parent.join(format!(".{name}.old-{}", std::process::id())),
            in_place: in_place && out_dir.join(MARKER).is_file(),
            committed: false,
        };
        remove_if_present(&staging.dir)?;
        remove_if_present(&staging.retired)?;
        std::fs::create_dir_all(&staging.dir)
            .with_context(|| format!("cannot create {}", staging.dir.display()))?;
        std::fs::write(staging.dir.join(MARKER), MARKER_TEXT)
            .with_context(|| format!("cannot write {}", staging.dir.display()))?;
        Ok(staging)
    }

    fn write(&self, path: &str, bytes: &[u8]) -> anyhow::Result<()> {
        let target = self.target(path)?;
        std::fs::write(&target, bytes).with_context(|| format!("cannot write {}", target.display()))
    }

    /// Links `path` of the output folder into the staging folder: the file is the same,
    /// and the old folder is only ever removed whole, never written into.
    fn take_from_last(&self, path: &str) -> anyhow::Result<()> {
        if self.in_place {
            // It stays where it is.
            return Ok(());
        }
        let target = self.target(path)?;
        let source = self.out_dir.join(path);
        if std::fs::hard_link(&source, &target).is_ok() {
            return Ok(());
        }
        std::fs::copy(&source, &target)
            .map(|_| ())
            .with_context(|| format!("cannot take {} from the last build", source.display()))
    }

    fn create_file(&self, path: &str) -> anyhow::Result<BufWriter<File>> {
        let target = self.target(path)?;
        let file = File::create(&target).with_context(|| format!("cannot write {}", target.display()))?;
        Ok(BufWriter::with_capacity(1 << 16, file))
    }

    /// Where `path` goes in the staging folder, with its folder made.
    fn target(&self, path: &str) -> anyhow::Result<PathBuf> {
        let inside = !path.is_empty()
            && std::path::Path::new(path).components().all(|c| matches!(c, std::path::Component::Normal(_)));
        if !inside || path.contains('\\') {
            bail!("refusing to write {path}: it is not a path inside the output folder");
        }
        let target = self.dir.join(path);
        if let Some(folder) = target.parent() {
            std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
        }
        Ok(target)
    }

    fn commit(mut self, produced: &BTreeMap<String, Bytes>) -> anyhow::Result<Option<Vec<String>>> {
        check_replaceable(&self.out_dir).map_err(anyhow::Error::msg)?;
        if self.in_place {
            let fresh = update_in_place(&self.dir, &self.out_dir, produced)?;
            self.committed = true;
            return Ok(Some(fresh));
        }
        if self.out_dir.exists() {
            if !self.out_dir.is_dir() {
                bail!("{} exists and is not a folder", self.out_dir.display());
            }
            std::fs::rename(&self.out_dir, &self.retired)
                .with_context(|| format!("cannot move the old {} aside", self.out_dir.display()))?;
        }
        if let Err(error) = std::fs::rename(&self.dir, &self.out_dir) {
            let _ = std::fs::rename(&self.retired, &self.out_dir);
            return Err(error)
                .with_context(|| format!("cannot move the new site into {}", self.out_dir.display()));
        }
        self.committed = true;
        remove_in_parallel(&self.retired).map(|()| None)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Moves every file written into `staging` over its old one in `out_dir`, then removes
/// every other file this build did not make, and folders left empty. Each file is replaced in one step, so a reader sees the old file or the new one,
/// never a part. Returns the files moved in.
fn update_in_place(
    staging: &Path,
    out_dir: &Path,
    produced: &BTreeMap<String, Bytes>,
) -> anyhow::Result<Vec<String>> {
    let mut fresh = Vec::new();
    for entry in walkdir::WalkDir::new(staging).sort_by_file_name() {
        let entry = entry?;
        if entry.file_type().is_dir() {
            continue;
        }
        let relative = entry.path().strip_prefix(staging)?;
        let target = out_dir.join(relative);
        if target.is_dir() {
            std::fs::remove_dir_all(&target)
                .with_context(|| format!("cannot remove {}", target.display()))?;
        }
        if let Some(folder) = target.parent() {
            std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
        }
        std::fs::rename(entry.path(), &target)
            .with_context(|| format!("cannot write {}", target.display()))?;
        fresh.push(crate::paths::display_path(relative));
    }
    let _ = std::fs::remove_dir_all(staging);
    // Walked rather than listed from the last build, so that a file put in the folder by
    // hand goes too, as it does when the folder is replaced whole.
    remove_unmade(out_dir, out_dir, produced)?;
    Ok(fresh)
}

/// Removes every file under `folder` (inside `out_dir`) that is not among `produced`, and
/// the folders that leaves empty; subfolders are swept in parallel (a site has a folder
/// per page).
fn remove_unmade(out_dir: &Path, folder: &Path, produced: &BTreeMap<String, Bytes>) -> anyhow::Result<()> {
    use rayon::prelude::*;
    let mut subfolders = Vec::new();
    for entry in std::fs::read_dir(folder).with_context(|| format!("cannot read {}", folder.display()))? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            subfolders.push(path);
            continue;
        }
        let relative = crate::paths::display_path(path.strip_prefix(out_dir)?);
        if relative != MARKER && !produced.contains_key(&relative) {
            std::fs::remove_file(&path).with_context(|| format!("cannot remove {}", path.display()))?;
        }
    }
    subfolders.par_iter().try_for_each(|subfolder| {
        remove_unmade(out_dir, subfolder, produced)?;
        // Only a folder left empty goes.
        let _ = std::fs::remove_dir(subfolder);
        Ok(())
    })
}

/// Removes what killed builds into `parent/name` left behind: staging folders
/// (`.NAME.new-PID`, `.NAME.old-PID`) of processes no longer running, and only those
/// holding tally's mark.
fn remove_stale_staging(parent: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.filter_map(Result::ok) {
        let file_name = entry.file_name().to_string_lossy().to_string();
        let Some(rest) = file_name.strip_prefix(&format!(".{name}.")) else { continue };
        let Some(pid) = rest.strip_prefix("new-").or_else(|| rest.strip_prefix("old-")) else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        let path = entry.path();
        let is_folder = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
        if pid == std::process::id() || running(pid) || !is_folder {
            continue;
        }
        if path.join(MARKER).is_file() {
            let _ = remove_in_parallel(&path);
        } else {
            // A build killed before it marked its staging folder leaves it empty; one that
            // is not empty and has no mark is not tally's to remove.
            let _ = std::fs::remove_dir(&path);
        }
    }
}

/// Whether a process with this id runs (on systems without /proc, every one counts as
/// running, and nothing is removed).
fn running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// Removing a large old site one folder at a time is slow on some file systems (each
/// rmdir waits on the disk); its top-level entries go in parallel.
/// The mark goes last, so that a removal cut short leaves a folder the next build still
/// knows for tally's and removes.
fn remove_in_parallel(path: &Path) -> anyhow::Result<()> {
    use rayon::prelude::*;
    let Ok(entries) = std::fs::read_dir(path) else { return Ok(()) };
    let children: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|child| child.file_name().is_none_or(|name| name != MARKER))
        .collect();
    children.par_iter().for_each(|child| {
        let _ = if child.is_dir() { std::fs::remove_dir_all(child) } else { std::fs::remove_file(child) };
    });
    remove_if_present(path)
}

fn remove_if_present(path: &Path) -> anyhow::Result<()> {
    if path.exists() {
        std::fs::remove_dir_all(path).with_context(|| format!("cannot remove {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn in_memory(files: &[(&str, &str)]) -> Output {
        let collector = Collector::new(&Destination::Memory).unwrap();
        for (path, text) in files {
            collector.add(*path, text.to_string());
        }
        collector.finish().unwrap()
    }

    fn write_to(site: &Path, files: &[(&str, &str)]) {
        let collector = Collector::new(&Destination::Folder(site.to_path_buf())).unwrap();
        for (path, text) in files {
            collector.add(*path, text.to_string());
        }
        collector.finish().unwrap().commit().unwrap();
    }

    /// A process id no process has now.
    fn dead_pid() -> u32 {
        (4_000_000..).find(|pid| !running(*pid)).unwrap()
    }

    #[test]
    fn what_killed_builds_leave_beside_the_site_goes_with_the_next_build() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        let pid = dead_pid();
        // Killed before its staging folder got its mark: empty.
        let unmarked_new = dir.path().join(format!(".site.new-{pid}"));
        std::fs::create_dir_all(&unmarked_new).unwrap();
        // Killed while removing the old site: the mark is the last thing to go.
        let retired = dir.path().join(format!(".site.old-{}", pid + 1));
        std::fs::create_dir_all(retired.join("a")).unwrap();
        std::fs::write(retired.join(MARKER), MARKER_TEXT).unwrap();
        std::fs::write(retired.join("a/index.html"), "old").unwrap();
        // Not tally's: not empty and unmarked.
        let foreign = dir.path().join(format!(".site.old-{}", pid + 2));
        std::fs::create_dir_all(&foreign).unwrap();
        std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
        write_to(&site, &[("index.html", "new")]);
        assert!(!unmarked_new.exists() && !retired.exists());
        assert!(foreign.join("notes.txt").is_file());
    }

    #[test]
    fn a_second_write_replaces_the_whole_site() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        write_to(&site, &[("a/index.html", "one"), ("gone.txt", "x")]);
        write_to(&site, &[("a/index.html", "two")]);
        assert_eq!(std::fs::read_to_string(site.join("a/index.html")).unwrap(), "two");
        assert!(!site.join("gone.txt").exists());
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "staging folders must not remain");
    }

    #[test]
    fn files_bound_for_a_folder_are_written_at_once_and_not_kept() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        let collector = Collector::new(&Destination::Folder(site.clone())).unwrap();
        collector.add("a/b/index.html", "page");
        let staged: Vec<_> = std::fs::read_dir(dir.path()).unwrap().filter_map(Result::ok).collect();
        assert_eq!(staged.len(), 1);
        assert_eq!(std::fs::read_to_string(staged[0].path().join("a/b/index.html")).unwrap(), "page");
        let output = collector.finish().unwrap();
        assert_eq!(output.files.get("a/b/index.html").map(|b| b.len()), Some(0), "bytes are not kept");
        assert!(!site.exists(), "nothing is in place before the commit");
        output.commit().unwrap();
        assert_eq!(std::fs::read_to_string(site.join("a/b/index.html")).unwrap(), "page");
    }

    #[test]
    fn a_build_dropped_before_its_commit_leaves_the_old_site_alone() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        write_to(&site, &[("index.html", "old")]);
        let collector = Collector::new(&Destination::Folder(site.clone())).unwrap();
        collector.add("index.html", "new");
        drop(collector.finish().unwrap());
        assert_eq!(std::fs::read_to_string(site.join("index.html")).unwrap(), "old");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "the staging folder is removed");
    }

    #[test]
    fn a_failed_write_is_reported_when_the_build_finishes() {
        let dir = tempfile::tempdir().unwrap();
        let collector = Collector::new(&Destination::Folder(dir.path().join("site"))).unwrap();
        collector.add("taken", "a file");
        collector.add("taken/index.html", "cannot go under a file");
        let error = collector.finish().unwrap_err();
        assert!(format!("{error:#}").contains("cannot create"), "{error:#}");
    }

    fn in_parts(collector: &Collector, parts: &[&str]) {
        let mut file = collector.begin("data/f.json", Vec::new());
        for part in parts {
            file.push(part.as_bytes());
        }
        collector.end(file);
    }

    #[test]
    fn a_file_in_parts_is_the_parts_joined() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        let collector = Collector::new(&Destination::Folder(site.clone())).unwrap();
        in_parts(&collector, &["[", "1,2", "]"]);
        let output = collector.finish().unwrap();
        assert!(output.files["data/f.json"].is_empty(), "bytes are not kept");
        output.commit().unwrap();
        assert_eq!(std::fs::read_to_string(site.join("data/f.json")).unwrap(), "[1,2]");
        let memory = Collector::new(&Destination::Memory).unwrap();
        in_parts(&memory, &["[", "]"]);
        assert_eq!(memory.finish().unwrap().files["data/f.json"][..], b"[]"[..]);
    }

    #[test]
    fn a_file_in_parts_that_cannot_be_written_fails_the_build() {
        let dir = tempfile::tempdir().unwrap();
        let collector = Collector::new(&Destination::Folder(dir.path().join("site"))).unwrap();
        collector.add("data", "a file where a folder must go");
        in_parts(&collector, &["[", "]"]);
        assert!(collector.finish().is_err());
    }

    #[test]
    fn nowhere_keeps_only_the_file_list() {
        let collector = Collector::new(&Destination::Nowhere).unwrap();
        collector.add("x.html", "bytes");
        let output = collector.finish().unwrap();
        assert_eq!(output.files.len(), 1);
        assert!(output.files["x.html"].is_empty());
    }

    #[test]
    fn lookup_finds_index_files_for_folder_urls() {
        let output = in_memory(&[("ja/index.html", "x"), ("atom.xml", "y")]);
        assert_eq!(output.lookup("/ja/"), Some(&b"x"[..]));
        assert_eq!(output.lookup("/ja"), Some(&b"x"[..]));
        assert_eq!(output.lookup("/atom.xml"), Some(&b"y"[..]));
        assert_eq!(output.lookup("/nothing"), None);
    }
}
