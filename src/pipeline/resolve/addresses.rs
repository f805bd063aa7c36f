//! What a link's destination is before it is looked up: an address with a scheme (which
//! leaves the site, whatever the scheme's case), a path whose percent escapes stand for
//! the characters of a file's name, or a site-absolute address (`/method/`), looked up among
//! the site's pages and files. Also the published address of a file, escaped so that a
//! server finds the file by it.
//!
//! Owns reading destinations and writing file addresses. It does not report (that is
//! `links`) nor know what a page links to (that is the scan).

use std::path::Path;

use percent_encoding::percent_decode_str;

use crate::content::Content;

/// Whether `dest` starts with a URI scheme (`https:`, `MAILTO:`, `tel:`, `urn:`): it is an
/// absolute address, which no file of the site is (CommonMark's definition: a letter, then
/// 1 to 31 letters, digits, `+`, `.` or `-`, then `:`).
pub(super) fn has_scheme(dest: &str) -> bool {
    let Some((scheme, _)) = dest.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    (2..=32).contains(&scheme.len())
        && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
}

/// The path `written` names, its percent escapes read (`my%20file.txt` is `my file.txt`);
/// `None` when they do not spell UTF-8, which no file's name is.
pub(super) fn decoded(written: &str) -> Option<String> {
    percent_decode_str(written).decode_utf8().ok().map(|name| name.into_owned())
}

/// `/`-separated `path` as an address a server reads back as `path`: a file named `x%20y`
/// is published at `x%2520y`.
pub(super) fn encoded(path: &str) -> String {
    crate::paths::escaped_address(path)
}

/// Whether the site-absolute `path` (decoded, without query or fragment) is an address the
/// site publishes: a page's, a folder of pages' (a listing, the home), a feed or sitemap
/// beside them, or a file under static/ or content/.
pub(super) fn is_site_address(root: &Path, content: &Content, path: &str) -> bool {
    let folder_of_pages = |folder: &str| content.pages.iter().any(|page| page.url.starts_with(folder));
    let is_page = content.pages.iter().any(|page| {
        page.url == path
            || page
                .url
                .strip_suffix('/')
                .is_some_and(|bare| bare == path || format!("{}/index.html", bare) == path)
    });
    let generated = ["atom.xml", "sitemap.xml", "404.html", "figures.json"]
        .iter()
        .any(|name| path.strip_suffix(name).is_some_and(folder_of_pages));
    let relative = path.trim_start_matches('/');
    let is_file = !relative.split('/').any(|part| part == "..")
        && ["static", "content"].iter().any(|folder| root.join(folder).join(relative).is_file());
    is_page || (path.ends_with('/') && folder_of_pages(path)) || generated || is_file
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_are_read_whatever_their_case() {
        for dest in ["MAILTO:a@b.c", "tel:+1-201-555-0123", "urn:isbn:0451450523", "a+b+c:d", "https://x"] {
            assert!(has_scheme(dest), "{dest}");
        }
        for dest in ["foo.md", "c:x", "x/y:z", ":x", "my%20file.txt", "../a.md#b:c"] {
            assert!(!has_scheme(dest), "{dest}");
        }
    }

    #[test]
    fn escapes_are_read_and_written_back() {
        assert_eq!(decoded("my%20file.txt").as_deref(), Some("my file.txt"));
        assert_eq!(decoded("%ff"), None);
        assert_eq!(encoded("/a/x%20y b#c.txt"), "/a/x%2520y%20b%23c.txt");
        assert_eq!(encoded("/日本.png"), "/%E6%97%A5%E6%9C%AC.png");
    }
}
