//! Copies: `static/` and the non-markdown files under `content/` (raw tool output, run
//! data), published as they are. Images never are: they are published stamped (`images`).
//! Hidden files, editor backups and VCS folders never are (`paths::is_private`).

use std::path::Path;

use super::super::load::Site;
use super::super::write::Collector;
use crate::diagnostics::Diagnostic;

/// Copies `static/` and the non-markdown files under `content/` (raw tool output, run
/// data); images are published only stamped, never as they are.
/// `read` reads a file's bytes (from a cache of unchanged files, when the build has one).
pub(crate) fn copy_files(
    site: &Site,
    output: &Collector,
    read: &mut dyn FnMut(&Path) -> std::io::Result<bytes::Bytes>,
    problems: &mut Vec<Diagnostic>,
) {
    for (folder, prefix) in [("static", ""), ("content", "")] {
        let dir = site.root.join(folder);
        let allowed = &site.settings.publish_hidden;
        let walk = walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter().filter_entry(|entry| {
            !crate::paths::is_private(entry.path().strip_prefix(&dir).unwrap_or(entry.path()), allowed)
        });
        for entry in walk.filter_map(Result::ok) {
            let path = entry.path();
            if !entry.file_type().is_file() || (folder == "content" && !is_published_as_is(path)) {
                continue;
            }
            let relative = path.strip_prefix(&dir).unwrap_or(path);
            match read(path) {
                Ok(bytes) => output.add(format!("{prefix}{}", crate::paths::display_path(relative)), bytes),
                Err(e) => problems.push(Diagnostic::file(
                    "unreadable-file",
                    path.strip_prefix(&site.root).unwrap_or(path),
                    format!("cannot read: {e}"),
                )),
            }
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
