//! Paths: the site's source folders, paths as written by authors resolved against a folder
//! without leaving the site, lexical normalisation, and the forward-slash form used in
//! messages and output. Owns no file access: nothing here reads or writes the disk.

use std::path::{Component, Path, PathBuf};

/// The folders of a site's root that hold its sources, besides site.yaml.
pub(crate) const SOURCE_FOLDERS: [&str; 4] = ["content", "templates", "static", "i18n"];

/// Whether a file or folder under `static/` or `content/` (`relative` to that folder) is
/// kept from publication: hidden names (a leading dot, unless listed in `allowed`, such as
/// `.well-known`), editor backups (`x~`, `#x#`, `.swp`, `.swo`, `.bak`, `.orig`) and VCS or
/// desktop leftovers (`CVS`, `Thumbs.db`, `desktop.ini`), at any depth.
pub(crate) fn is_private(relative: &Path, allowed: &[String]) -> bool {
    relative.components().any(|component| {
        let Component::Normal(name) = component else { return false };
        let name = name.to_string_lossy();
        let hidden = name.starts_with('.') && !allowed.iter().any(|a| *a == name);
        let lower = name.to_ascii_lowercase();
        let backup = name.ends_with('~')
            || (name.starts_with('#') && name.ends_with('#'))
            || [".swp", ".swo", ".swx", ".bak", ".orig", ".rej"].iter().any(|e| lower.ends_with(e));
        hidden || backup || matches!(lower.as_str(), "cvs" | "_darcs" | "thumbs.db" | "desktop.ini")
    })
}

/// Why a file under content/ or static/ (`relative` to the site root) cannot be published
/// at the address its name gives: the first character a browser reads as something else
/// in an address (`#` starts a fragment, `?` a query, `%` an escape, so that `%2e%2e` is
/// `..`), or a control character (which no address shows and XML, the sitemap and the
/// feeds, may not hold), with why.
pub(crate) fn address_breaker(relative: &str) -> Option<(char, &'static str)> {
    relative.chars().find_map(|c| match c {
        '#' => Some((c, "which a browser reads as the start of a fragment")),
        '?' => Some((c, "which a browser reads as the start of a query")),
        '%' => Some((c, "which a browser reads as the start of an escape (`%2e` is a dot)")),
        '\\' => Some((c, "which a browser reads as a `/` (`a\\b.txt` would be served as `a/b.txt`)")),
        _ if c.is_control() => Some((c, "a control character, which no address may hold")),
        _ => None,
    })
}

/// The characters escaped in a published address: besides controls, space and what is not
/// ASCII, those a browser or server reads as something else (`%` an escape, `#` a fragment,
/// `?` a query).
const IN_ADDRESS: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// `/`-separated `path` as an address a server reads back as `path` (`/日本 x/` is
/// `/%E6%97%A5%E6%9C%AC%20x/`, a file named `x%20y` is `x%2520y`): what a sitemap, which
/// holds addresses and not names, and a link to a file must write.
pub(crate) fn escaped_address(path: &str) -> String {
    percent_encoding::utf8_percent_encode(path, IN_ADDRESS).to_string()
}

/// A path with forward slashes, the same on every platform. A backslash is a separator
/// only on Windows: elsewhere it is a character of a name, kept (and refused in a published
/// name by [`address_breaker`]).
pub(crate) fn display_path(path: &Path) -> String {
    let path = path.to_string_lossy();
    if cfg!(windows) { path.replace('\\', "/") } else { path.into_owned() }
}

/// [`display_path`] for a message's location: a control character or a backslash in a
/// name is shown escaped (`a\tb.txt`, `a\\b.txt`), never as what a terminal would make
/// of it nor as another path.
pub(crate) fn shown_path(path: &Path) -> String {
    let mut shown = String::new();
    for c in display_path(path).chars() {
        if c == '\\' || c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// `/ja/method/` → `ja/method/index.html`: the file a page's address is served from.
pub(crate) fn page_file(url: &str) -> String {
    format!("{}index.html", url.trim_start_matches('/'))
}

/// A bundle's file as a name under the bundle's address: `raw/test1.txt`, or for a file kept
/// outside the bundle (`../../../raw/x/test1.txt`) its path without the steps up
/// (`raw/x/test1.txt`), so that a page made from it stays under the bundle.
pub(crate) fn name_inside(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    parts.join("/")
}

/// Resolves `target` (as written in a link or a run data file) against `folder` (relative to
/// the site root), refusing anything that leaves the site.
pub(crate) fn resolve_relative(folder: &Path, target: &str) -> Option<PathBuf> {
    if target.starts_with('/') || target.contains('\\') || target.contains(':') {
        return None;
    }
    let mut parts: Vec<Component> = folder.components().collect();
    for component in Path::new(target).components() {
        match component {
            Component::Normal(_) => parts.push(component),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => return None,
        }
    }
    Some(parts.iter().collect())
}

/// Removes `.` and resolves `..` without touching the file system; a `..` that has no
/// folder name before it to cancel is kept.
pub(crate) fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                // `..` cancels a folder name, never an earlier `..`: popping that would
                // turn `../../x` into `x`.
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The files of `paths` that lie outside the source folders, lexically normalised.
pub(crate) fn outside_sources(paths: impl IntoIterator<Item = PathBuf>) -> Vec<PathBuf> {
    let mut outside: Vec<PathBuf> = paths
        .into_iter()
        .map(|p| normalise(&p))
        .filter(|p| {
            let first = p.components().next().map(|c| c.as_os_str().to_string_lossy().to_string());
            !first.is_some_and(|first| SOURCE_FOLDERS.contains(&first.as_str()))
        })
        .collect();
    outside.sort();
    outside.dedup();
    outside
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_keeps_every_leading_parent_folder() {
        let normalised = |p: &str| normalise(Path::new(p));
        assert_eq!(normalised("../../../raw/x.txt"), PathBuf::from("../../../raw/x.txt"));
        assert_eq!(normalised("a/../../b/./c"), PathBuf::from("../b/c"));
        assert_eq!(normalised("a/b/../c"), PathBuf::from("a/c"));
        assert_eq!(normalised("/site/content/m/../../raw"), PathBuf::from("/site/raw"));
    }

    #[test]
    fn relative_paths_may_not_leave_the_site() {
        assert_eq!(
            resolve_relative(Path::new("content/a"), "../b/index.md"),
            Some(PathBuf::from("content/b/index.md"))
        );
        assert_eq!(resolve_relative(Path::new("content"), "../../../etc/passwd"), None);
        assert_eq!(resolve_relative(Path::new("content"), "/etc/passwd"), None);
    }
    #[test]
    fn only_paths_outside_the_source_folders_count_as_outside() {
        let found = outside_sources([
            PathBuf::from("content/m/../m/raw/a.txt"),
            PathBuf::from("content/m/../../raw/b.txt"),
            PathBuf::from("raw/b.txt"),
        ]);
        assert_eq!(found, vec![PathBuf::from("raw/b.txt")]);
    }
}
