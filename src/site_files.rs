//! The files under content/ and static/ and what is said of each for its kind or its name:
//! the walk that finds what may be published as it is ([`find_files`]), a file that is not a
//! regular file skipped with a warning, and a name a browser would read as another address
//! refused. It does not find pages (`content::find_pages`), copy files
//! (`pipeline::render::copies`) nor read them (`regular`).

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::paths::display_path;

/// The error for a file whose name is not an address ([`crate::paths::address_breaker`]), placed at the
/// file: its name is shown escaped, so that a control character in it reaches no terminal.
pub(crate) fn bad_file_name(relative: &Path) -> Option<Diagnostic> {
    let shown = display_path(relative);
    let (c, why) = crate::paths::address_breaker(&shown)?;
    let escaped = shown.escape_debug().to_string();
    Some(
        Diagnostic::file(
            "bad-file-name",
            relative.to_path_buf(),
            format!(
                "the name `{escaped}` holds `{}`, {why}: its address would not be this file's",
                c.escape_debug()
            ),
        )
        .note("rename the file (or its folder): letters, digits, `-`, `_` and `.` make safe addresses"),
    )
}

/// The warning for a file under content/ or static/ that is not a regular file (a named
/// pipe, a device, a socket): skipped, never opened, and said so.
pub(crate) fn skipped_special(path: PathBuf, kind: &str) -> Diagnostic {
    Diagnostic::file(
        "special-file",
        path,
        format!("skipped: it is {kind}, not a regular file, and tally reads only regular files"),
    )
    .warning()
}

/// The error for a page (`*.md` under content/) or a bundle's `runs.yaml` that is not a
/// regular file: never opened, and the page is not made.
pub(crate) fn special_source(path: PathBuf, kind: &str) -> Diagnostic {
    Diagnostic::file(
        "special-file",
        path,
        format!("this page or run file is {kind}, not a regular file, and tally reads only regular files"),
    )
    .note("replace it with a regular file holding its text")
}

/// Every file under `static/` and `content/` that is not private (hidden files, backups,
/// VCS folders), in order: the copies are those [`is_published_as_is`].
pub(crate) fn find_files(root: &Path, allowed: &[String]) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for folder in ["static", "content"] {
        let dir = root.join(folder);
        let walk = walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter().filter_entry(|entry| {
            !crate::paths::is_private(entry.path().strip_prefix(&dir).unwrap_or(entry.path()), allowed)
        });
        for entry in walk.filter_map(Result::ok) {
            // Links and special files too: `copy_files` says why each is not published. The
            // folder itself may be a link (the manual's `docs/static` is the site's): the
            // site's layout is its author's, what the folder holds is what is published.
            if entry.file_type().is_dir() || entry.depth() == 0 {
                continue;
            }
            let path = entry.into_path();
            let relative = crate::paths::display_path(path.strip_prefix(&dir).unwrap_or(&path));
            found.push((path, if folder == "content" { format!("content/{relative}") } else { relative }));
        }
    }
    found
}

/// Refuses every file among `files` (from [`find_files`]) published as it is whose name a
/// browser would read as another address (`site_files::bad_file_name`); content/'s pages
/// are refused where they are found (`content::find_pages`).
pub(crate) fn check_names(root: &Path, files: &[(PathBuf, String)], problems: &mut Vec<Diagnostic>) {
    for (path, found_as) in files {
        let in_content = found_as.starts_with("content/");
        if in_content && !is_published_as_is(path) {
            continue;
        }
        if let Some(refused) = bad_file_name(path.strip_prefix(root).unwrap_or(path)) {
            problems.push(refused);
        }
    }
}

/// Whether a file found under content/ is published as it is: pages are rendered and
/// pictures only stamped, never copied.
pub(crate) fn is_published_as_is(path: &Path) -> bool {
    const NOT: [&str; 12] =
        ["md", "png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "avif", "heic", "jxl"];
    // Asked of every file on every build: compared without a lowered copy of each name.
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    !NOT.iter().any(|not| extension.eq_ignore_ascii_case(not))
}
