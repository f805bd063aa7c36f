//! The manual (docs/): a site tally checks like any other, every page of it reachable from
//! its index, and every link the README makes into it leading to a page. The README is the
//! front door: short enough to read at one sitting.

use crate::common;

use std::path::Path;

use common::{addresses, run_tally, tree};

/// The most lines the README may have: what tally is, the two commands, the tour and the
/// links into the manual; the reference is the manual's.
const README_MOST_LINES: usize = 250;

/// A copy of the bundled site with its README, in a folder named `site` (a user's clone's
/// layout); the temporary folder is kept while the holder lives.
fn bundled_site_folder() -> (tempfile::TempDir, std::path::PathBuf) {
    let holder = tempfile::tempdir().expect("a temporary folder");
    let site = holder.path().join("site");
    for part in ["content", "templates", "static", "i18n"] {
        common::copy_tree(&repository().join(part), &site.join(part));
    }
    for file in ["site.yaml", "README.md"] {
        std::fs::copy(repository().join(file), site.join(file)).expect("a copy");
    }
    (holder, site)
}

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown links of `text` (`[words](target)`), their targets as written.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    targets
}

#[test]
fn the_manual_passes_tally_check_with_no_warning() {
    let run = run_tally(&["check", "--root", "docs"], repository());
    assert_eq!(run.code, 0, "{run:#?}");
    assert!(!run.stderr.contains("warning["), "{run:#?}");
}

#[test]
fn every_page_of_the_manual_is_linked_from_its_index() {
    let index = std::fs::read_to_string(repository().join("docs/README.md")).expect("docs/README.md");
    let linked = link_targets(&index);
    let mut unlinked = Vec::new();
    for entry in std::fs::read_dir(repository().join("docs/content")).expect("docs/content") {
        let name = entry.expect("an entry").file_name().into_string().expect("a UTF-8 name");
        if name.ends_with(".md") && !linked.contains(&format!("content/{name}")) {
            unlinked.push(name);
        }
    }
    assert!(unlinked.is_empty(), "pages docs/README.md does not link: {unlinked:?}");
}

#[test]
fn every_link_of_the_readme_into_the_manual_leads_to_a_page() {
    let readme = std::fs::read_to_string(repository().join("README.md")).expect("README.md");
    let into_manual: Vec<String> =
        link_targets(&readme).into_iter().filter(|t| t.starts_with("docs/")).collect();
    assert!(into_manual.len() >= 10, "the README links into the manual only {} times", into_manual.len());
    let broken: Vec<&String> = into_manual
        .iter()
        .filter(|target| !repository().join(target.split('#').next().unwrap_or(target)).is_file())
        .collect();
    assert!(broken.is_empty(), "README links to no page of the manual: {broken:?}");
}

/// The built manual's pages (each `.html` but the 404 pages), every one reached by following
/// links from its home page: a topic page that only the forge's index links is lost to a
/// reader of the site.
#[test]
fn every_page_of_the_built_manual_is_reachable_from_its_home_page() {
    let holder = tempfile::tempdir().expect("a temporary folder");
    let out = holder.path().join("manual");
    let out_arg = out.to_str().expect("a UTF-8 path");
    run_tally(&["build", "--root", "docs", "--out", out_arg], repository()).expect_success();
    let files = tree(&out);
    let pages: Vec<&String> =
        files.keys().filter(|p| p.ends_with(".html") && !p.ends_with("404.html")).collect();
    let mut reached = std::collections::BTreeSet::from(["index.html".to_string()]);
    let mut to_read = vec!["index.html".to_string()];
    while let Some(page) = to_read.pop() {
        let html = String::from_utf8_lossy(&files[&page]).into_owned();
        // The folder of the page, for a relative link (an evidence entry's `runs.yaml.html#L9`).
        let folder = page.rsplit_once('/').map_or(String::new(), |(f, _)| format!("{f}/"));
        for address in addresses(&html) {
            let path = address.split('#').next().unwrap_or_default();
            let relative = !path.is_empty() && !path.starts_with('/') && !path.contains(':');
            let joined = format!("/{folder}{path}");
            let path = if relative { joined.as_str() } else { path };
            let Some(path) = path.strip_prefix('/').filter(|p| !p.starts_with('/')) else { continue };
            let target = if path.is_empty() || path.ends_with('/') {
                format!("{path}index.html")
            } else {
                path.to_string()
            };
            if target.ends_with(".html") && files.contains_key(&target) && reached.insert(target.clone()) {
                to_read.push(target);
            }
        }
    }
    let lost: Vec<&&String> = pages.iter().filter(|p| !reached.contains(**p)).collect();
    assert!(lost.is_empty(), "pages of the built manual no link from its home page leads to: {lost:?}");
}

/// Every relative link of the README and of the manual's forge index (`docs/README.md`)
/// leads to a file, and its `#anchor`, if any, to a heading of that file.
#[test]
fn every_relative_link_of_the_readmes_leads_to_a_file_and_heading() {
    let mut broken = Vec::new();
    for readme in ["README.md", "docs/README.md"] {
        let text = std::fs::read_to_string(repository().join(readme)).expect("a README");
        let folder = Path::new(readme).parent().unwrap_or(Path::new(""));
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                repository().join(readme)
            } else {
                repository().join(folder).join(path)
            };
            let ok = if anchor.is_empty() {
                file.exists()
            } else {
                std::fs::read_to_string(&file).is_ok_and(|t| heading_anchors(&t).iter().any(|a| a == anchor))
            };
            if !ok {
                broken.push(format!("{readme} -> {target}"));
            }
        }
    }
    assert!(broken.is_empty(), "links that lead nowhere: {broken:?}");
}

/// The anchors the forge gives a markdown file's headings: lower case, spaces to `-`,
/// punctuation but `-` and `_` dropped.
fn heading_anchors(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| {
            l.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// The README's tour, run as it says: a new bundle passes, one changed digit fails with
/// the error the README shows, and putting the digit back passes again.
#[test]
fn the_readmes_tour_gives_the_error_it_shows() {
    let readme = std::fs::read_to_string(repository().join("README.md")).expect("README.md");
    let after = readme.split_once("tally refuses, at the").expect("the tour's error").1;
    let shown = after.split("```").nth(1).expect("the error in a fenced block").trim_matches('\n');
    let (_holder, site) = bundled_site_folder();
    run_tally(&["new", "measurement", "2026-12-01-tour"], &site).expect_success();
    run_tally(&["check"], &site).expect_success();
    let page = site.join("content/measurements/2026-12-01-tour/index.md");
    let text = std::fs::read_to_string(&page).expect("the new page");
    std::fs::write(&page, text.replace("[1,024]", "[1,042]")).expect("the edit");
    let run = run_tally(&["check"], &site);
    run.expect_code(1);
    assert!(run.stderr.contains(shown), "README shows\n{shown}\nbut tally said\n{}", run.stderr);
    std::fs::write(&page, text).expect("the fix");
    run_tally(&["check"], &site).expect_success();
}

/// A README-only trial: `tally new measurement 2011-11-soekris-iperf` put `2011` in the
/// page's title, a `front-matter-figure` error, though a new bundle passes `check` as it
/// stands. Any slug, a date of any precision or digits in the middle, passes.
#[test]
fn a_new_bundle_passes_check_whatever_digits_its_slug_holds() {
    let (_holder, site) = bundled_site_folder();
    for slug in [
        "2011-11-soekris-iperf",
        "2011-soekris",
        "2011-11-05-soekris",
        "xgs-136-http",
        "2026",
        "e302-pktgen-2",
    ] {
        run_tally(&["new", "measurement", slug], &site).expect_success();
    }
    let run = run_tally(&["check"], &site);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn the_readme_is_a_front_door_of_at_most_250_lines() {
    let readme = std::fs::read_to_string(repository().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(lines <= README_MOST_LINES, "README.md has {lines} lines; move reference text into docs/");
}
