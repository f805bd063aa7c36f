//! Output: the built site as files in memory, and writing them to disk atomically.
//!
//! Owns [`Output`]. A failed build never reaches this module, and a write replaces the
//! previous site in one step, so a reader never sees a half-written or mixed site.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

/// Every file of the built site by its path under the output folder (forward slashes).
#[derive(Debug, Default, Clone)]
pub struct Output {
    pub files: BTreeMap<String, Vec<u8>>,
}

impl Output {
    pub fn add(&mut self, path: impl Into<String>, bytes: impl Into<Vec<u8>>) {
        self.files.insert(path.into(), bytes.into());
    }

    /// The file served at `url` (`/a/` → `a/index.html`).
    pub fn lookup(&self, url: &str) -> Option<&[u8]> {
        let path = url.trim_start_matches('/');
        let candidates = if path.is_empty() || path.ends_with('/') {
            vec![format!("{path}index.html")]
        } else {
            vec![path.to_string(), format!("{path}/index.html")]
        };
        candidates.iter().find_map(|p| self.files.get(p).map(Vec::as_slice))
    }
}

/// Writes `output` into `out_dir`, replacing what was there in one rename.
///
/// The new site is written beside the old one first; only when every file is written is
/// the old folder moved aside and the new one moved into its place.
pub fn write_atomically(out_dir: &Path, output: &Output) -> anyhow::Result<()> {
    let parent = out_dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = out_dir.file_name().context("the output folder needs a name")?.to_string_lossy().to_string();
    std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    let staging = parent.join(format!(".{name}.new-{}", std::process::id()));
    let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
    remove_if_present(&staging)?;
    remove_if_present(&retired)?;
    let written = write_all(&staging, output);
    if let Err(error) = written {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(error);
    }
    if out_dir.exists() {
        if !out_dir.is_dir() {
            bail!("{} exists and is not a folder", out_dir.display());
        }
        std::fs::rename(out_dir, &retired)
            .with_context(|| format!("cannot move the old {} aside", out_dir.display()))?;
    }
    if let Err(error) = std::fs::rename(&staging, out_dir) {
        let _ = std::fs::rename(&retired, out_dir);
        return Err(error).with_context(|| format!("cannot move the new site into {}", out_dir.display()));
    }
    remove_in_parallel(&retired)
}

/// Removing a large old site one folder at a time is slow on some file systems (each
/// rmdir waits on the disk); its top-level entries go in parallel.
fn remove_in_parallel(path: &Path) -> anyhow::Result<()> {
    use rayon::prelude::*;
    let Ok(entries) = std::fs::read_dir(path) else { return Ok(()) };
    let children: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    children.par_iter().for_each(|child| {
        let _ = if child.is_dir() { std::fs::remove_dir_all(child) } else { std::fs::remove_file(child) };
    });
    remove_if_present(path)
}

fn write_all(dir: &Path, output: &Output) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (path, bytes) in &output.files {
        let target: PathBuf = dir.join(path);
        if let Some(folder) = target.parent() {
            std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
        }
        std::fs::write(&target, bytes).with_context(|| format!("cannot write {}", target.display()))?;
    }
    Ok(())
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

    #[test]
    fn a_second_write_replaces_the_whole_site() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        let mut first = Output::default();
        first.add("a/index.html", "one");
        first.add("gone.txt", "x");
        write_atomically(&site, &first).unwrap();
        let mut second = Output::default();
        second.add("a/index.html", "two");
        write_atomically(&site, &second).unwrap();
        assert_eq!(std::fs::read_to_string(site.join("a/index.html")).unwrap(), "two");
        assert!(!site.join("gone.txt").exists());
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "staging folders must not remain");
    }

    #[test]
    fn lookup_finds_index_files_for_folder_urls() {
        let mut output = Output::default();
        output.add("ja/index.html", "x");
        output.add("atom.xml", "y");
        assert_eq!(output.lookup("/ja/"), Some(&b"x"[..]));
        assert_eq!(output.lookup("/ja"), Some(&b"x"[..]));
        assert_eq!(output.lookup("/atom.xml"), Some(&b"y"[..]));
        assert_eq!(output.lookup("/nothing"), None);
    }
}
