//! Folders as data: every file of a folder with its bytes, copies of folders, and settled
//! modification times.
//!
//! Owns these file-system helpers. It knows nothing of tally or of what the files hold.

use std::collections::BTreeMap;
use std::path::Path;

/// Sets every file's modification time a day back, as files are between edits: tally
/// keeps nothing made from a file modified within the second before a build.
pub fn settle_all(root: &Path) {
    let when = std::time::SystemTime::now() - std::time::Duration::from_secs(86_400);
    for entry in walkdir::WalkDir::new(root).into_iter().flatten() {
        if entry.file_type().is_file() {
            let file = std::fs::OpenOptions::new().append(true).open(entry.path()).expect("a file to settle");
            file.set_modified(when).expect("set the modification time");
        }
    }
}

/// Every file under `dir` by its path relative to `dir` (forward slashes), with its bytes.
pub fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.expect("walking a folder");
        if entry.file_type().is_file() {
            let relative = entry
                .path()
                .strip_prefix(dir)
                .expect("inside the folder")
                .to_string_lossy()
                .replace('\\', "/");
            files.insert(relative, std::fs::read(entry.path()).expect("a file"));
        }
    }
    files
}

/// Copies the folder `from` to `to`, recursively.
pub fn copy_tree(from: &Path, to: &Path) {
    for (relative, bytes) in tree(from) {
        let target = to.join(relative);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("a folder");
        std::fs::write(target, bytes).expect("a copy");
    }
}
