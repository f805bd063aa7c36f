//! Copies: `static/` and the non-markdown files under `content/` (raw tool output, run
//! data), published as they are. Images never are: they are published stamped (`images`).
//! Hidden files, editor backups and VCS folders never are (`paths::is_private`).

use std::path::{Path, PathBuf};

use super::super::load::Site;
use super::super::memo::Kept;
use super::super::write::Collector;
use crate::diagnostics::Diagnostic;

/// Every file under `static/` and `content/` that is not private (hidden files, backups,
/// VCS folders), in order: the copies are those [`is_published_as_is`].
pub(crate) fn find_files(site: &Site) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for folder in ["static", "content"] {
        let dir = site.root.join(folder);
        let allowed = &site.settings.publish_hidden;
        let walk = walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter().filter_entry(|entry| {
            !crate::paths::is_private(entry.path().strip_prefix(&dir).unwrap_or(entry.path()), allowed)
        });
        for entry in walk.filter_map(Result::ok) {
            if !entry.file_type().is_file() {
                continue;
            }
            let path = entry.into_path();
            let relative = crate::paths::display_path(path.strip_prefix(&dir).unwrap_or(&path));
            found.push((path, if folder == "content" { format!("content/{relative}") } else { relative }));
        }
    }
    found
}

/// Copies `static/` and the non-markdown files under `content/` (raw tool output, run
/// data) among `files` (from [`find_files`]); images are published only stamped, never as
/// they are. `read` reads a file's bytes (from a cache of unchanged files, when the build
/// has one).
pub(crate) fn copy_files(
    site: &Site,
    files: &[(PathBuf, String)],
    output: &Collector,
    read: &mut dyn FnMut(&Path) -> std::io::Result<Kept>,
    problems: &mut Vec<Diagnostic>,
) {
    for (path, found_as) in files {
        let in_content = found_as.starts_with("content/");
        if in_content && !is_published_as_is(path) {
            continue;
        }
        let published = if in_content { &found_as["content/".len()..] } else { found_as.as_str() };
        match read(path) {
            Ok(kept) => output.add_kept(published.to_string(), &kept),
            Err(e) => problems.push(Diagnostic::file(
                "unreadable-file",
                path.strip_prefix(&site.root).unwrap_or(path),
                format!("cannot read: {e}"),
            )),
        }
    }
}

fn is_published_as_is(path: &Path) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    !matches!(
        extension.as_str(),
        "md" | "png" | "jpg" | "jpeg" | "gif" | "webp" | "bmp" | "tif" | "tiff" | "avif" | "heic" | "jxl"
    )
}
