//! What the watcher told: the files `tally serve`'s watcher saw change since the last
//! build. Owns which paths the watcher sees; the memo decides when to trust it.

use rustc_hash::FxHashSet as HashSet;
use std::path::{Path, PathBuf};

/// The changes a watcher saw, by path as the build names files (the root joined with the
/// path relative to it).
pub(super) struct Told {
    pub(super) root: PathBuf,
    pub(super) changed: HashSet<PathBuf>,
}

impl Told {
    /// Whether the watcher sees changes to `path`: files under the source folders and
    /// site.yaml (a run file kept elsewhere in the site is not watched, so it is looked at).
    pub(super) fn watches(&self, path: &Path) -> bool {
        // The build names a file by the root joined with its path: read as bytes, without
        // taking both apart component by component (asked of every file on every build).
        let bytes = path.as_os_str().as_encoded_bytes();
        let root = self.root.as_os_str().as_encoded_bytes();
        if let Some(relative) = bytes.strip_prefix(root).and_then(|rest| rest.strip_prefix(b"/")) {
            let first = relative.split(|b| *b == b'/').next().unwrap_or(relative);
            let is_named = |name: &str| name.as_bytes() == first;
            return crate::paths::SOURCE_FOLDERS.iter().any(|f| is_named(f)) || is_named("site.yaml");
        }
        let Ok(relative) = path.strip_prefix(&self.root) else { return false };
        let first = relative.components().next().and_then(|c| c.as_os_str().to_str());
        first.is_some_and(|first| crate::paths::SOURCE_FOLDERS.contains(&first) || first == "site.yaml")
    }
}
