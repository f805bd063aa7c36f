//! Addresses (issue 27): a file name whose address a browser reads as another page (`#`
//! starts a fragment, `?` a query, `%` an escape such as `%2e%2e`), or that holds a control
//! character (which makes sitemap.xml malformed), is refused at the file, in `build` and
//! `check`, rather than published under an address that is not its own.

use crate::common;

use common::Site;

fn home_site() -> Site {
    let site = Site::new();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nHello.\n");
    site
}

#[test]
fn file_names_a_browser_reads_as_another_address_are_refused_at_the_file() {
    let names = [
        "content/a#b.md",
        "content/a?b.md",
        "content/%2e%2e.md",
        "content/tab\tname.md",
        "content/m#x/index.md",
        "static/x\u{1}.txt",
        "static/y?.txt",
        "content/m/data%20.csv",
    ];
    let site = home_site();
    for name in names {
        site.file(name, "---\ntitle: T\n---\n\nText.\n");
    }
    for run in [site.build(), site.check()] {
        run.expect_code(1).expect_stderr("error[bad-file-name]");
        let lines = run.diagnostic_lines();
        for name in names {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with("error[bad-file-name]")
                        && l.contains(&name.escape_debug().to_string())),
                "{name:?} is not refused:\n{}",
                run.stderr
            );
        }
    }
    assert!(!site.path("site").exists());
}

#[test]
fn ordinary_names_with_dots_dashes_and_non_ascii_letters_still_build() {
    let site = home_site();
    site.file("content/über-uns.md", "---\ntitle: Über\n---\n\nText.\n");
    site.file("content/測定.md", "---\ntitle: 測定\n---\n\nText.\n");
    site.file("static/v1.2_notes.txt", "x");
    site.build().expect_success();
    assert!(site.has("über-uns/index.html") && site.has("v1.2_notes.txt"));
    let sitemap = site.read("sitemap.xml");
    assert!(!sitemap.chars().any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r'));
}

#[test]
fn a_backslash_in_a_file_name_is_refused_not_published_as_a_folder() {
    let site = home_site();
    site.file("content/privacy.md", "---\ntitle: P\n---\n\nText.\n");
    site.file("static/a\\b.txt", "x");
    site.file("static/privacy\\index.html", "<p>x</p>");
    site.file("content/back\\slash.md", "---\ntitle: T\n---\n\nText.\n");
    for run in [site.build(), site.check()] {
        run.expect_code(1).expect_stderr("error[bad-file-name]");
        assert!(!run.stderr.contains("duplicate-url"), "{}", run.stderr);
        let lines = run.diagnostic_lines();
        for name in ["static/a\\\\b.txt", "static/privacy\\\\index.html", "content/back\\\\slash.md"] {
            assert!(
                lines.iter().any(|l| l.starts_with("error[bad-file-name]") && l.contains(name)),
                "{name} is not refused:\n{}",
                run.stderr
            );
        }
    }
    assert!(!site.path("site").exists());
}

#[test]
fn a_control_character_in_a_file_name_is_escaped_in_the_location() {
    let site = home_site();
    site.file("static/a\tb.txt", "x");
    let run = site.check();
    run.expect_code(1);
    assert!(run.stderr.contains("static/a\\tb.txt"), "{}", run.stderr);
    assert!(!run.stderr.contains("static/a/tb.txt"), "a fake path in the location:\n{}", run.stderr);
}
