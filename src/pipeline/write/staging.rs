//! The staging folder: a new site written beside the output folder, and putting it in place
//! (the folder swapped in whole, or each new file moved over its old one), then removing
//! what killed builds left beside it. Owns tally's mark (a folder without it is never
//! emptied or replaced). It does not decide what a build makes nor keep the file list
//! (that is the [`super::Collector`]'s).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use bytes::Bytes;

/// The file tally writes into every output folder it builds: a folder without it is not
/// tally's, and is never emptied or replaced.
pub(crate) const MARKER: &str = ".tally-output";

/// The file an update in place writes into the output folder first and removes last: a
/// folder holding it may mix two builds ([`interrupted`]).
pub(crate) const INCOMPLETE: &str = ".tally-incomplete";

const INCOMPLETE_TEXT: &str =
    "A build was updating this folder in place: until that ends, it may mix two builds' files.\n";

pub(super) const MARKER_TEXT: &str = "This folder was written by tally: `tally build` replaces it whole.\n";

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

/// A new site being written beside the old one; removed if dropped before its commit.
#[derive(Debug)]
pub(super) struct Staging {
    pub(super) out_dir: PathBuf,
    dir: PathBuf,
    retired: PathBuf,
    /// Whether the output folder is updated in place on commit rather than replaced.
    in_place: bool,
    committed: bool,
    /// The folders made in the staging folder so far: a bundle's files share one, and
    /// `create_dir_all` of a folder that is there costs a failed `mkdir` and a `stat`
    /// (6,000 system calls for a thousand bundles).
    made_folders: std::sync::Mutex<rustc_hash::FxHashSet<PathBuf>>,
}

impl Staging {
    pub(super) fn create(out_dir: &Path, in_place: bool) -> anyhow::Result<Staging> {
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
            // A folder a killed update left mixes two builds: it is replaced whole.
            in_place: in_place && out_dir.join(MARKER).is_file() && !interrupted(out_dir),
            committed: false,
            made_folders: std::sync::Mutex::default(),
        };
        remove_if_present(&staging.dir)?;
        remove_if_present(&staging.retired)?;
        std::fs::create_dir_all(&staging.dir)
            .with_context(|| format!("cannot create {}", staging.dir.display()))?;
        std::fs::write(staging.dir.join(MARKER), MARKER_TEXT)
            .with_context(|| format!("cannot write {}", staging.dir.display()))?;
        Ok(staging)
    }

    pub(super) fn write(&self, path: &str, bytes: &[u8]) -> anyhow::Result<()> {
        let target = self.target(path)?;
        std::fs::write(&target, bytes).with_context(|| format!("cannot write {}", target.display()))
    }

    /// Links `path` of the output folder into the staging folder: the file is the same,
    /// and the old folder is only ever removed whole, never written into.
    pub(super) fn take_from_last(&self, path: &str) -> anyhow::Result<()> {
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

    /// A file written into the staging folder, or left in the output folder when it is
    /// updated in place.
    pub(super) fn read_back(&self, path: &str) -> anyhow::Result<bytes::Bytes> {
        let staged = self.dir.join(path);
        let at = if self.in_place && !staged.exists() { self.out_dir.join(path) } else { staged };
        std::fs::read(&at)
            .map(bytes::Bytes::from)
            .with_context(|| format!("cannot read back {}", at.display()))
    }

    pub(super) fn create_file(&self, path: &str) -> anyhow::Result<BufWriter<File>> {
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
            let made = |folders: &rustc_hash::FxHashSet<PathBuf>| folders.contains(folder);
            // Two threads may both make a folder: making one that is there is no error.
            if !made(&self.made_folders.lock().unwrap_or_else(|e| e.into_inner())) {
                std::fs::create_dir_all(folder)
                    .with_context(|| format!("cannot create {}", folder.display()))?;
                self.made_folders.lock().unwrap_or_else(|e| e.into_inner()).insert(folder.to_path_buf());
            }
        }
        Ok(target)
    }

    pub(super) fn commit(
        mut self,
        produced: &BTreeMap<String, Bytes>,
    ) -> anyhow::Result<Option<Vec<String>>> {
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
            killed_for_a_test(0);
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
/// every other file this build did not make, and folders left empty. Each file is
/// replaced in one step, so a reader sees the old file or the new one, never a part.
/// Returns the files moved in.
///
/// Until the last step `out_dir` holds [`INCOMPLETE`]: killed on the way, it mixes two
/// builds, and the next build, seeing the mark, replaces it whole. The staging folder
/// keeps its own mark until it is empty, so that the next build knows it for tally's and
/// removes it.
fn update_in_place(
    staging: &Path,
    out_dir: &Path,
    produced: &BTreeMap<String, Bytes>,
) -> anyhow::Result<Vec<String>> {
    let incomplete = out_dir.join(INCOMPLETE);
    std::fs::write(&incomplete, INCOMPLETE_TEXT)
        .with_context(|| format!("cannot write {}", incomplete.display()))?;
    let mut fresh = Vec::new();
    for entry in walkdir::WalkDir::new(staging).sort_by_file_name() {
        let entry = entry?;
        if entry.file_type().is_dir() || (entry.depth() == 1 && entry.file_name() == MARKER) {
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
        killed_for_a_test(fresh.len());
    }
    // The mark last (what is left is empty folders).
    remove_in_parallel(staging)?;
    // Walked rather than listed from the last build, so that a file put in the folder by
    // hand goes too, as it does when the folder is replaced whole.
    remove_unmade(out_dir, out_dir, produced)?;
    std::fs::remove_file(&incomplete).with_context(|| format!("cannot remove {}", incomplete.display()))?;
    Ok(fresh)
}

/// Whether a build was killed while it updated `out_dir` in place: the folder may then
/// mix two builds' files, and is neither up to date nor a base for an incremental build.
pub(crate) fn interrupted(out_dir: &Path) -> bool {
    std::fs::symlink_metadata(out_dir.join(INCOMPLETE)).is_ok()
}

/// In a debug build, aborts the process (SIGABRT, as a kill) once `moved` files are in
/// place when `TALLY_TEST_ABORT_COMMIT_AFTER` says so: the tests of a build killed during
/// its commit kill it at a known point. Release builds have no such point.
fn killed_for_a_test(moved: usize) {
    #[cfg(debug_assertions)]
    if std::env::var("TALLY_TEST_ABORT_COMMIT_AFTER").is_ok_and(|after| after == moved.to_string()) {
        std::process::abort();
    }
    #[cfg(not(debug_assertions))]
    let _ = moved;
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
        if relative != MARKER && relative != INCOMPLETE && !produced.contains_key(&relative) {
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

/// Removes what killed builds into `out_dir` left beside it ([`remove_stale_staging`]):
/// every build does, the one that finds the folder up to date and writes nothing too.
pub(crate) fn remove_left_over(out_dir: &Path) {
    let parent = out_dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if let Some(name) = out_dir.file_name() {
        remove_stale_staging(parent, &name.to_string_lossy());
    }
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
/// running, and nothing is removed). A zombie does not: a build killed together with its
/// parent (`timeout -s KILL` signals its whole group) waits as one until init reaps it,
/// which on some machines is long after the next build has looked.
pub(super) fn running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return true;
    }
    let folder = proc.join(pid.to_string());
    match std::fs::read_to_string(folder.join("stat")) {
        // `PID (NAME) STATE ...`: the name may hold spaces and parentheses.
        Ok(stat) => !matches!(
            stat.rsplit_once(')').and_then(|(_, rest)| rest.trim_start().chars().next()),
            Some('Z' | 'X')
        ),
        // Gone, or there but unreadable (another user's, under hidepid): only the latter
        // may still be a build.
        Err(_) => folder.exists(),
    }
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
