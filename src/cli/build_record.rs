//! Freshness: whether the site in the output folder is already what a build would make,
//! so that `tally build` with nothing changed returns at once, as make and cargo do.
//!
//! Owns the build record, `.tally-cache/last-build.json`: a digest of every source (the
//! contents, not times, so a checkout or `touch` does not count as a change), the tally
//! binary that built it, and the path, size and modification time of every file it
//! wrote. The site is fresh only when all three still match (a file added to the output
//! folder by hand is not looked for: it goes with the next build). As in git's index, a source
//! whose size and modification time are those recorded, and older than the record, is
//! taken to have its recorded digest without being read again. A build that gave warnings
//! is recorded with them, rendered in every format, so that a build with nothing changed
//! shows them again (as cargo replays a crate's cached warnings) instead of building the
//! whole site once more to find them. It does not build anything.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::diagnostics::{self, Diagnostic, Format};
use crate::pipeline::MemoOwner;

/// Where the record of the last build into `site/` is kept; the other output folders'
/// records are beside it ([`cache_files`]).
#[cfg(test)]
const RECORD: &str = ".tally-cache/last-build.json";

/// The record and the memo (`crate::pipeline::Memo`) of the last build into `out`. Each
/// output folder has its own, so that a build into another folder (a cold build to compare
/// with, a copy) leaves `site/`'s as they were: `last-build.json` and `memo.bin` for the
/// site's `site/`, `last-build-HASH.json` and `memo-HASH.bin` for another folder.
pub(crate) fn cache_files(root: &Path, out: &Path) -> (PathBuf, PathBuf) {
    let suffix = cache_suffix(root, out);
    let cache = root.join(".tally-cache");
    (cache.join(format!("last-build{suffix}.json")), cache.join(format!("memo{suffix}.bin")))
}

/// The lock that one build into `out` at a time holds (`super::build_lock`), beside that
/// folder's record: `build.lock` for `site/`, `build-HASH.lock` for another folder.
pub(crate) fn lock_file(root: &Path, out: &Path) -> PathBuf {
    root.join(".tally-cache").join(format!("build{}.lock", cache_suffix(root, out)))
}

/// Nothing for the site's `site/`, `-HASH` (of the folder's absolute path) for another.
fn cache_suffix(root: &Path, out: &Path) -> String {
    let out = absolute(out);
    if out == absolute(&root.join("site")) {
        String::new()
    } else {
        let hash = blake3::hash(out.as_os_str().as_encoded_bytes()).to_hex();
        format!("-{}", &hash[..12])
    }
}

/// What a successful build left, as of its end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Record {
    tally: String,
    out: PathBuf,
    sources: String,
    /// Each source's size, modification time and digest, to skip reading unchanged ones.
    source_files: Vec<SourceFile>,
    /// When the sources were read (ns since the epoch): a file changed in the same clock
    /// tick as its reading could keep its size and time, so such files are always read.
    read_at: u128,
    /// Files read from outside the source folders (run files elsewhere in the site), with
    /// their digests.
    outside: Vec<(PathBuf, String)>,
    /// Every file the build wrote: path under the output folder, size, modification time.
    written: Vec<(String, u64, u128)>,
    /// The warnings the build gave, to be shown again while nothing changes.
    warnings: Warnings,
}

/// A build's warnings as each format prints them (human with and without colour), so that
/// they are shown again exactly as they were.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Warnings {
    count: usize,
    human: String,
    human_color: String,
    json: String,
    github: String,
}

impl Warnings {
    /// `warnings` rendered in every format.
    pub(crate) fn of(warnings: &[Diagnostic]) -> Warnings {
        if warnings.is_empty() {
            return Warnings::default();
        }
        Warnings {
            count: warnings.len(),
            human: diagnostics::render(warnings, Format::Human, false),
            human_color: diagnostics::render(warnings, Format::Human, true),
            json: diagnostics::render(warnings, Format::Json, false),
            github: diagnostics::render(warnings, Format::Github, false),
        }
    }

    /// How many warnings there are.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The warnings as `format` prints them; `None` for none at all.
    pub(crate) fn rendered(&self, format: Format, color: bool) -> Option<&str> {
        if self.count == 0 {
            return None;
        }
        Some(match format {
            Format::Human if color => &self.human_color,
            Format::Human => &self.human,
            Format::Json => &self.json,
            Format::Github => &self.github,
        })
    }
}

/// A site found up to date: how many files it has, and the warnings its build gave.
#[derive(Debug)]
pub(crate) struct Fresh<'a> {
    pub(crate) files: usize,
    pub(crate) warnings: &'a Warnings,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct SourceFile {
    path: PathBuf,
    size: u64,
    modified: u128,
    digest: String,
}

/// The sources as they were when a build started, to be recorded once it has succeeded.
#[derive(Debug)]
pub(crate) struct Before {
    root: PathBuf,
    out: PathBuf,
    tally: String,
    sources: String,
    source_files: Vec<SourceFile>,
    read_at: u128,
    previous: Option<Record>,
}

/// Reads the sources as they are now, and the last build's record.
pub(crate) fn check(root: &Path, out: &Path) -> Before {
    let previous: Option<Record> =
        std::fs::read(cache_files(root, out).0).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok());
    let read_at = now_nanos();
    let (sources, source_files) = digest_sources(root, previous.as_ref());
    Before {
        root: root.to_path_buf(),
        tally: binary_identity(),
        sources,
        source_files,
        read_at,
        previous,
        out: absolute(out),
    }
}

fn now_nanos() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
}

impl Before {
    /// When the output folder holds what a build would make now: how many files it has
    /// and the warnings its build gave.
    pub(crate) fn up_to_date(&self) -> Option<Fresh<'_>> {
        let record = self.previous.as_ref()?;
        let same = record.tally == self.tally
            && record.out == self.out
            && record.sources == self.sources
            && record.outside.iter().all(|(path, digest)| digest_file(&self.root.join(path)) == *digest)
            && site_unchanged(&self.out, &record.written)
            && !crate::pipeline::write::interrupted(&self.out);
        // As the build counted them: the site's files, not tally's mark among them.
        let files = record.written.iter().filter(|(path, ..)| path != crate::pipeline::write::MARKER).count();
        same.then_some(Fresh { files, warnings: &record.warnings })
    }

    /// The last build, when its files are still in the output folder as it wrote them and
    /// this tally made it: its memo can then be used, its pages taken from the folder.
    pub(crate) fn last_build(&self) -> Option<MemoOwner> {
        let record = self.previous.as_ref()?;
        let intact = record.tally == self.tally
            && record.out == self.out
            && site_unchanged(&self.out, &record.written)
            && !crate::pipeline::write::interrupted(&self.out);
        intact.then(|| MemoOwner {
            tally: record.tally.clone(),
            out: record.out.clone(),
            build: record.read_at,
        })
    }

    /// The sources whose contents differ from the last build's (added and removed ones
    /// included), relative to the root: every other source is as that build read it, so
    /// its memo need not look at them again. `None` without a last build.
    pub(crate) fn changed_sources(&self) -> Option<Vec<PathBuf>> {
        let last = self.previous.as_ref()?;
        let before: std::collections::HashMap<&Path, &str> =
            last.source_files.iter().map(|f| (f.path.as_path(), f.digest.as_str())).collect();
        let now: std::collections::HashSet<&Path> =
            self.source_files.iter().map(|f| f.path.as_path()).collect();
        let mut changed: Vec<PathBuf> = self
            .source_files
            .iter()
            .filter(|f| before.get(f.path.as_path()) != Some(&f.digest.as_str()))
            .map(|f| f.path.clone())
            .collect();
        changed.extend(before.keys().filter(|path| !now.contains(*path)).map(|path| path.to_path_buf()));
        Some(changed)
    }

    /// This build, as its memo is saved for the next one.
    pub(crate) fn this_build(&self) -> MemoOwner {
        MemoOwner { tally: self.tally.clone(), out: self.out.clone(), build: self.read_at }
    }

    /// Records a build that has been committed to the output folder. `read_outside` are
    /// the files it read from outside the source folders, relative to the root;
    /// `warnings` what it gave.
    pub(crate) fn record(
        self,
        read_outside: &[PathBuf],
        warnings: &[Diagnostic],
        listing: Listing,
    ) -> anyhow::Result<()> {
        let path = cache_files(&self.root, &self.out).0;
        let Some(written) = self.written(listing) else {
            let _ = std::fs::remove_file(&path);
            return Ok(());
        };
        let outside = read_outside.iter().map(|p| (p.clone(), digest_file(&self.root.join(p)))).collect();
        let record = Record {
            tally: self.tally,
            out: self.out,
            sources: self.sources,
            source_files: self.source_files,
            read_at: self.read_at,
            outside,
            written,
            warnings: Warnings::of(warnings),
        };
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(&path, serde_json::to_vec(&record)?)?;
        Ok(())
    }
}

/// How the files of the output folder are listed for the record.
pub(crate) enum Listing<'a> {
    /// Walking the folder: a folder not written by a build (the tests make theirs by hand).
    #[cfg(test)]
    Walk,
    /// The folder was replaced whole by one the build wrote: it holds `produced` and tally's
    /// mark, and nothing else. Each is looked up by its path, which costs a third of the
    /// system calls of walking five thousand files' folders.
    Replaced { produced: &'a [String] },
    /// From the last record: the folder was updated in place, every file of `produced`
    /// kept as it was but `fresh`, which was written anew.
    Updated { produced: &'a [String], fresh: &'a [String] },
}

impl Before {
    /// Every file in the output folder, with its size and modification time.
    fn written(&self, listing: Listing) -> Option<Vec<(String, u64, u128)>> {
        let (produced, fresh, last) = match (listing, &self.previous) {
            (Listing::Updated { produced, fresh }, Some(last)) => (produced, fresh, last),
            (Listing::Replaced { produced }, _) => return listed(&self.out, produced),
            _ => return list_site(&self.out),
        };
        let produced_count = produced.len();
        let fresh_set: std::collections::HashSet<&str> = fresh.iter().map(String::as_str).collect();
        let produced: std::collections::HashSet<&str> =
            produced.iter().map(String::as_str).chain([crate::pipeline::write::MARKER]).collect();
        let mut written: Vec<(String, u64, u128)> = last
            .written
            .iter()
            .filter(|(path, ..)| produced.contains(path.as_str()) && !fresh_set.contains(path.as_str()))
            .cloned()
            .collect();
        // Every file kept from the last build must be one it wrote; one that is not would
        // be missing from the folder, and recording the folder as complete would hide that
        // from every later build. Unrecorded, the next build is a whole one.
        let made = |path: &&str| *path != crate::pipeline::write::MARKER;
        let kept = written.iter().map(|(path, ..)| path.as_str()).filter(made).count();
        if kept + fresh_set.iter().copied().filter(made).count() != produced_count {
            return None;
        }
        for path in fresh {
            let metadata = std::fs::metadata(self.out.join(path)).ok()?;
            written.push((path.clone(), metadata.len(), modified_nanos(&metadata)));
        }
        written.sort();
        Some(written)
    }
}

fn absolute(path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
    };
    crate::paths::normalise(&joined)
}

/// The tally that builds: its version and commit, and the executable's size and time,
/// so that a rebuilt binary during development does not take an old site for fresh.
fn binary_identity() -> String {
    let executable = std::env::current_exe().and_then(std::fs::metadata).ok();
    let (size, modified) = executable.map(|m| (m.len(), modified_nanos(&m))).unwrap_or_default();
    format!("{} ({}) {size} {modified}", crate::views::GENERATOR.version, crate::views::GENERATOR.commit)
}

fn modified_nanos(metadata: &std::fs::Metadata) -> u128 {
    metadata
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

/// site.yaml and every file under the source folders, path and contents, hashed in
/// parallel; any file that cannot be read is hashed as unreadable, so it can only make
/// the site look stale. A file the previous record saw with the same size and time, and
/// older than that record, keeps its recorded digest.
fn digest_sources(root: &Path, previous: Option<&Record>) -> (String, Vec<SourceFile>) {
    let site_yaml = std::fs::metadata(root.join("site.yaml")).ok().map(|m| stamps::Stamp::of(&m));
    let mut found: Vec<(PathBuf, Option<stamps::Stamp>)> = vec![(PathBuf::from("site.yaml"), site_yaml)];
    for folder in crate::paths::SOURCE_FOLDERS {
        found.extend(stamps::files_under(root, folder));
    }
    let known: std::collections::HashMap<&Path, &SourceFile> = previous
        .map(|record| record.source_files.iter().map(|f| (f.path.as_path(), f)).collect())
        .unwrap_or_default();
    let settled_before = previous.map_or(0, |record| record.read_at.saturating_sub(2_000_000_000));
    let files: Vec<SourceFile> = found
        .into_par_iter()
        .map(|(path, metadata)| {
            let (size, modified) = metadata.map(|m| (m.size, m.modified)).unwrap_or_default();
            let unchanged = known.get(path.as_path()).filter(|f| {
                metadata.is_some() && f.size == size && f.modified == modified && modified < settled_before
            });
            let digest = match unchanged {
                Some(file) => file.digest.clone(),
                None => digest_file(&root.join(&path)),
            };
            SourceFile { path, size, modified, digest }
        })
        .collect();
    let mut all = blake3::Hasher::new();
    for file in &files {
        all.update(file.path.to_string_lossy().as_bytes());
        all.update(b"\0");
        all.update(file.digest.as_bytes());
        all.update(b"\n");
    }
    (all.finalize().to_hex().to_string(), files)
}

fn digest_file(path: &Path) -> String {
    match crate::regular::read(path) {
        Ok(bytes) => blake3::hash(&bytes).to_hex().to_string(),
        Err(_) => "unreadable".to_string(),
    }
}

/// `produced` and tally's mark, each by path, size and modification time, sorted; `None`
/// when one is missing.
fn listed(out: &Path, produced: &[String]) -> Option<Vec<(String, u64, u128)>> {
    let mut files = Vec::with_capacity(produced.len() + 1);
    for path in produced.iter().map(String::as_str).chain([crate::pipeline::write::MARKER]) {
        let metadata = std::fs::symlink_metadata(out.join(path)).ok().filter(std::fs::Metadata::is_file)?;
        files.push((path.to_string(), metadata.len(), modified_nanos(&metadata)));
    }
    files.sort();
    Some(files)
}

/// Every file under the output folder by path, size and modification time; `None` when
/// the folder is missing.
fn list_site(out: &Path) -> Option<Vec<(String, u64, u128)>> {
    if !out.is_dir() {
        return None;
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(out).sort_by_file_name() {
        let entry = entry.ok()?;
        if entry.file_type().is_dir() {
            continue;
        }
        let metadata = entry.metadata().ok()?;
        let relative = entry.path().strip_prefix(out).ok()?.to_string_lossy().to_string();
        files.push((relative, metadata.len(), modified_nanos(&metadata)));
    }
    Some(files)
}

/// Whether every file the build wrote is still there with its size and time. Looking up
/// the listed files, rather than walking the folder, costs one stat per file; a file a
/// person adds to the output folder by hand is not looked for, and stays until the next
/// build replaces the folder.
fn site_unchanged(out: &Path, written: &[(String, u64, u128)]) -> bool {
    stamps::unchanged(out, written)
}

mod stamps;
#[cfg(test)]
mod tests;
