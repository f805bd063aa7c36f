//! Built pages read back: their script tags, their addresses, and the addresses inside the
//! site that lead nowhere.
//!
//! Owns reading HTML that tally wrote. It does not build it (that is `site`).

use std::path::Path;

use super::tree;

/// Every `<script ...>` start tag in `html`.
pub fn script_tags(html: &str) -> Vec<&str> {
    html.match_indices("<script")
        .map(|(at, _)| {
            let end = html[at..].find('>').map_or(html.len(), |e| at + e + 1);
            &html[at..end]
        })
        .collect()
}

/// The evidence entry of `html` whose anchor is `id` (`figure-NAME`): its `<details>`, from
/// its summary line to its end.
pub fn evidence_entry<'h>(html: &'h str, id: &str) -> &'h str {
    let start =
        html.find(&format!("<details id=\"{id}\">")).unwrap_or_else(|| panic!("no entry {id}: {html}"));
    let end = html[start..].find("</details>").expect("the entry's end");
    &html[start..start + end + "</details>".len()]
}

/// Every address in an `href="..."` or `src="..."` attribute of `html`.
pub fn addresses(html: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for attribute in [" href=\"", " src=\""] {
        for (at, _) in html.match_indices(attribute) {
            let start = at + attribute.len();
            let end = html[start..].find('"').map_or(html.len(), |e| start + e);
            found.push(&html[start..end]);
        }
    }
    found
}

/// Each address inside the site (`/...` or `#...`) in the built pages under `dir` that names
/// no built file, or no element id in it, as `page -> address`.
pub fn dangling_addresses(dir: &Path) -> Vec<String> {
    let files = tree(dir);
    let mut dangling = Vec::new();
    for (page, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = String::from_utf8_lossy(bytes);
        for address in addresses(&html) {
            let (path, fragment) = address.split_once('#').unwrap_or((address, ""));
            let target = if path.is_empty() {
                Some(page.clone())
            } else if let Some(path) = path.strip_prefix('/') {
                if path.is_empty() || path.ends_with('/') {
                    Some(format!("{path}index.html"))
                } else {
                    Some(path.to_string())
                }
            } else if !path.contains(':') && !path.starts_with("//") {
                Some(relative_target(page, path))
            } else {
                None
            };
            let Some(target) = target else { continue };
            let ok = match files.get(&target) {
                None => false,
                Some(_) if fragment.is_empty() => true,
                Some(bytes) => String::from_utf8_lossy(bytes).contains(&format!(" id=\"{fragment}\"")),
            };
            if !ok {
                dangling.push(format!("{page} -> {address}"));
            }
        }
    }
    dangling
}

/// The file a relative address on `page` names, both relative to the site's folder:
/// `runs.yaml.html` on `measurements/x/index.html` is `measurements/x/runs.yaml.html`.
fn relative_target(page: &str, address: &str) -> String {
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    for part in address.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    let joined = parts.join("/");
    if joined.is_empty() || joined.ends_with('/') { format!("{joined}index.html") } else { joined }
}
