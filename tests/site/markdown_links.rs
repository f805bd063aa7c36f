//! Issue 26: links as CommonMark reads them, checked by the site's rules. Each case was
//! refused, published wrong or never checked before.

use crate::common;

use common::{Site, check_json};

const PAGE: &str = "content/notes.md";

fn site(body: &str) -> Site {
    let site = Site::new();
    site.file(PAGE, format!("---\ntitle: Notes\n---\n\n{body}\n"));
    site
}

fn error_messages(site: &Site) -> Vec<String> {
    let (_, errors) = check_json(site);
    errors
        .iter()
        .map(|e| format!("{}: {}", e["code"].as_str().unwrap_or(""), e["message"].as_str().unwrap_or("")))
        .collect()
}

#[test]
fn a_missing_target_inside_brackets_is_reported() {
    let site = site("[see [1]](missing.md) and [**bold**]");
    let errors = error_messages(&site);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("`missing.md` is not a page of this site"), "{errors:?}");
}

#[test]
fn email_autolinks_and_schemes_of_any_case_leave_the_site() {
    let site =
        site("<a@b.c>, <MAILTO:FOO@BAR.BAZ>, [call](tel:+1-201-555-0123), [book](urn:isbn:0451450523)");
    assert_eq!(error_messages(&site), Vec::<String>::new());
    site.build().expect_success();
    let html = site.read("notes/index.html");
    assert!(html.contains("href=\"mailto:a@b.c\""), "{html}");
    assert!(html.contains("href=\"tel:+1-201-555-0123\""), "{html}");
}

#[test]
fn percent_escapes_are_read_before_the_file_is_looked_up() {
    let site = site("[the file](my%20file.txt)");
    site.file("content/my file.txt", "a\n");
    assert_eq!(error_messages(&site), Vec::<String>::new());
    site.build().expect_success();
    let html = site.read("notes/index.html");
    assert!(html.contains("href=\"/my%20file.txt\""), "{html}");
}

#[test]
fn site_absolute_links_are_checked_against_the_sites_pages() {
    let site = site("[gone](/no/such/page/), [here](/notes/), [home](/), [style](/css/site.css)");
    let errors = error_messages(&site);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("`/no/such/page/` is not an address of this site"), "{errors:?}");
}

#[test]
fn sitemap_addresses_are_percent_encoded() {
    let site = site("Text.");
    site.file("content/日本 x.md", "---\ntitle: J\n---\n\nx\n");
    site.build().expect_success();
    let sitemap = site.read("sitemap.xml");
    assert!(sitemap.contains("<loc>https://bench.example.org/%E6%97%A5%E6%9C%AC%20x/</loc>"), "{sitemap}");
    assert!(!sitemap.contains("日本 x"), "{sitemap}");
}
