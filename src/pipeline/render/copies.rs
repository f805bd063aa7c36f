//! Copies: `static/` and the non-markdown files under `content/` (raw tool output, run
//! data), published as they are. Images never are: they are published stamped (`images`).
//! Hidden files, editor backups and VCS folders never are (`paths::is_private`).

use std::path::{Path, PathBuf};

use super::super::load::Site;
use super::super::memo::Kept;
use super::super::write::Collector;
use crate::diagnostics::Diagnostic;
use crate::site_files::is_published_as_is;

/// Copies `static/` and the non-markdown files under `content/` (raw tool output, run
/// data) among `files` (from [`find_files`](crate::site_files::find_files)); images are published only stamped, never as
/// they are. `read` reads a file's bytes (from a cache of unchanged files, when the build
/// has one).
pub(crate) fn copy_files(
    site: &Site,
    files: &[(PathBuf, String)],
    output: &Collector,
    read: &mut dyn FnMut(&Path) -> std::io::Result<Kept>,
    problems: &mut Vec<Diagnostic>,
) {
    // The copies so far, by where they are published: two may collide as well
    // (`static/x.txt` and `content/x.txt`).
    let mut copied: std::collections::HashMap<&str, &Path> = std::collections::HashMap::new();
    let redacted = super::images::redacted_content(site);
    for (path, found_as) in files {
        let in_content = found_as.starts_with("content/");
        if in_content && !is_published_as_is(path) {
            continue;
        }
        let published = if in_content { &found_as["content/".len()..] } else { found_as.as_str() };
        let shown = path.strip_prefix(&site.root).unwrap_or(path);
        if crate::paths::address_breaker(found_as).is_some() {
            // Refused by `check_names`.
            continue;
        }
        // Copies come last: whatever is there already was made by tally (or copied).
        if output.has(published) {
            let other = match copied.get(published) {
                Some(other) => format!("{}, copied as well", crate::paths::display_path(other)),
                None => made_at(site, published),
            };
            problems.push(
                Diagnostic::file(
                    "duplicate-url",
                    shown,
                    format!("/{published} is also the address of {other}"),
                )
                .note("a copied file never takes the place of another file; rename or remove one of them"),
            );
            continue;
        }
        if let Some(other) = output.folder_clash(published) {
            let what = match copied.get(other.as_str()) {
                Some(at) => format!("{}, copied as well", crate::paths::display_path(at)),
                None => made_at(site, &other),
            };
            problems.push(file_and_folder(shown.to_path_buf(), published, &other, &what));
            continue;
        }
        copied.insert(published, shown);
        if let Some(shot) = redacted.shot_of(path) {
            problems.push(
                Diagnostic::file(
                    "redaction-leak",
                    shown,
                    format!(
                        "this file is the picture of {}, which has `redact:`: published as it is, it would show what the redaction hides",
                        crate::paths::display_path(shot)
                    ),
                )
                .note("remove it; a page that shows the shot itself gets it stamped and redacted"),
            );
            continue;
        }
        match read(path) {
            Ok(kept) => output.add_kept(published.to_string(), &kept),
            // content/'s are named by its walk (`content::find_pages`), once.
            Err(e) if crate::regular::not_regular(&e).is_some() && in_content => {}
            Err(e) => problems.push(match crate::regular::not_regular(&e) {
                Some(crate::regular::NotRegular("a symbolic link")) => {
                    Diagnostic::file("path-outside-site", shown, "symbolic links are not followed in static/")
                        .warning()
                }
                Some(crate::regular::NotRegular(kind)) => {
                    crate::site_files::skipped_special(shown.to_path_buf(), kind)
                }
                None => Diagnostic::file("unreadable-file", shown, format!("cannot read: {e}")),
            }),
        }
    }
}

/// An error for each of `paths` that the build made twice (a page at a listing's address,
/// `content/measurements.md` beside the listing of measurements): one would silently
/// replace the other. Placed at the page, where one of them is a page.
pub(crate) fn made_twice(site: &Site, paths: &[String], problems: &mut Vec<Diagnostic>) {
    for path in paths {
        let page = site.content.pages.iter().find(|p| crate::paths::page_file(&p.url) == *path);
        let (at, address) = match page {
            Some(page) => (page.source.clone(), page.url.clone()),
            None => (PathBuf::from(path), format!("/{path}")),
        };
        problems.push(
            Diagnostic::file(
                "duplicate-url",
                at,
                format!("{address} is also the address of a page or file tally makes itself (a listing, a feed, the sitemap)"),
            )
            .note("rename the page: the measurements/ and appliances/ listings, atom.xml, sitemap.xml and 404.html are tally's"),
        );
    }
}

/// An error at `at`, published at `published`, which cannot stand beside `other` (`what`
/// in words): one of the two would be a file at a folder of the other.
fn file_and_folder(at: PathBuf, published: &str, other: &str, what: &str) -> Diagnostic {
    let message = if other.starts_with(&format!("{published}/")) {
        format!("/{published} would be a file where /{other}, {what}, needs a folder")
    } else {
        format!("/{published} needs a folder at /{other}, which is {what}")
    };
    Diagnostic::file("duplicate-url", at, message)
        .note("one path cannot be both a file and a folder; rename or remove one of them")
}

/// An error for each file the build made where another is a folder of it, or the other
/// way round (a page at `content/atom.xml/index.md` and the feed).
pub(crate) fn made_as_file_and_folder(
    site: &Site,
    clashes: &[(String, String)],
    problems: &mut Vec<Diagnostic>,
) {
    for (path, other) in clashes {
        let page = |file: &str| site.content.pages.iter().find(|p| crate::paths::page_file(&p.url) == file);
        let at = page(path).or_else(|| page(other)).map_or_else(|| PathBuf::from(path), |p| p.source.clone());
        problems.push(file_and_folder(at, path, other, &made_at(site, other)));
    }
}

/// What tally makes at `published`, in words for an error.
fn made_at(site: &Site, published: &str) -> String {
    if let Some(page) = site.content.pages.iter().find(|p| crate::paths::page_file(&p.url) == published) {
        return format!("the page {}", crate::paths::display_path(&page.source));
    }
    let name = published.rsplit('/').next().unwrap_or(published);
    let content = site.root.join("content");
    let originals = format!("{}/", site.settings.originals.path.trim_matches('/'));
    match name {
        "figures.json" if published == name => {
            "figures.json, the list of every stated figure tally writes".into()
        }
        "atom.xml" => "the feed tally makes".into(),
        "sitemap.xml" => "the sitemap tally makes".into(),
        "404.html" => "the 404 page tally makes".into(),
        "index.html" => "a listing page tally makes".into(),
        _ if content.join(published).is_file() => format!("the stamped picture content/{published}"),
        _ if published.strip_suffix(".html").is_some_and(|raw| content.join(raw).is_file()) => {
            format!("the numbered-lines page of content/{}", &published[..published.len() - ".html".len()])
        }
        _ if published.starts_with(&originals) => "a published original of a picture".into(),
        _ => "a file tally makes".into(),
    }
}
