//! What the watcher told: the files `tally serve`'s watcher saw change since the last
//! build. Owns which paths the watcher sees; the memo decides when to trust it.

use std::collections::HashSet;
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
        let Ok(relative) = path.strip_prefix(&self.root) else { return false };
        let first = relative.components().next().and_then(|c| c.as_os_str().to_str());
        first.is_some_and(|first| crate::paths::SOURCE_FOLDERS.contains(&first) || first == "site.yaml")
    }
}
