//! What is said of a file under content/ or static/ for its kind or its name, where the
//! folders are walked: a file that is not a regular file is skipped with a warning, and a
//! name a browser would read as another address is refused. It does not walk the folders
//! (`content::find_pages`, `pipeline::render::copies`) nor read files (`regular`).

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
            PathBuf::from(&escaped),
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
