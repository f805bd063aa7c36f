//! A page's file and front matter: YAML, keys, dates, UTF-8, language, translation,
//! address, appliance. Not: measurement pages' own rules (measurements.rs).

use super::*;

/// A page whose front matter is bad YAML on line 4 of the file (line 3 of the front matter).
fn site_with_bad_yaml() -> Site {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\ndate: 2026-10-29\nsummary: a: b\nkind: page\n---\n\nBody.\n");
    site
}

#[test]
fn fails_on_bad_yaml_in_front_matter_at_its_line_in_the_file() {
    // Zola bug #1133 counted lines from the start of the front matter; the author needs the
    // line of the file.
    let site = site_with_bad_yaml();
    fails_with_one_error(&site, "error[bad-yaml]: content/a.md:4:11: ")
        .expect_stderr("mapping values are not allowed in this context")
        .expect_stderr("4 | summary: a: b");
}

#[test]
fn bad_yaml_messages_state_no_line_counted_from_the_front_matter() {
    let site = site_with_bad_yaml();
    fails_with_one_error(
        &site,
        "error[bad-yaml]: content/a.md:4:11: mapping values are not allowed in this context",
    );
    let run = site.build();
    assert!(!run.stderr.contains("line 3"), "{}", run.stderr);
}

/// A user trial: `kind: measurment` in an original was first reported as its translation
/// having no original. The one error is the original's own.
#[test]
fn an_original_that_cannot_be_read_is_one_error_not_also_its_translations_missing_original() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\nkind: pgae\n---\n\nBody.\n");
    let hash = "0000000000000000";
    site.file("content/a.ja.md", format!("---\ntitle: A\nkind: page\ntranslates: {hash}\n---\n\n本文。\n"));
    let run = fails_with_one_error(&site, "error[bad-yaml]: content/a.md:3:7: ");
    assert!(!run.stderr.contains("translation-without-original"), "{}", run.stderr);
}

#[test]
fn fails_on_an_unknown_front_matter_key() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\ntitel: B\n---\n\nBody.\n");
    fails_with_one_error(&site, "error[bad-yaml]: content/a.md:3:1: ")
        .expect_stderr("unknown field `titel`, expected one of title,");
}

#[test]
fn fails_on_a_date_that_is_not_a_date() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\ndate: 2026-13-40\n---\n\nBody.\n");
    fails_with_one_error(&site, "error[bad-date]: content/a.md:3:7: `2026-13-40` is not a date")
        .expect_stderr("write dates as YYYY-MM-DD");
}

#[test]
fn places_a_bad_date_on_the_date_line_even_when_the_title_holds_the_same_text() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: Run of 2026-13-40\ndate: 2026-13-40\n---\n\nBody.\n");
    fails_with_one_error(&site, "error[bad-date]: content/a.md:3:7: `2026-13-40` is not a date");
}

#[test]
fn fails_on_a_page_that_is_not_utf8() {
    let site = Site::new();
    site.file("content/a.md", b"---\ntitle: A\n---\n\nCaf\xe9.\n");
    fails_with_one_error(&site, "error[bad-utf8]: content/a.md:").expect_stderr("not valid UTF-8 (byte 21)");
}

#[test]
fn bad_utf8_is_reported_in_json_at_its_line_and_column() {
    let site = Site::new();
    site.file("content/a.md", b"---\ntitle: A\n---\n\nCaf\xe9.\n");
    let run = site.tally(&["--format", "json", "build"]);
    run.expect_code(1);
    let problems: serde_json::Value = serde_json::from_str(&run.stdout).expect("stdout is JSON");
    assert_eq!(problems.as_array().map(Vec::len), Some(1), "{}", run.stdout);
    let problem = &problems[0];
    assert_eq!(problem["code"], "bad-utf8");
    assert_eq!(
        (&problem["path"], &problem["line"], &problem["col"]),
        (&"content/a.md".into(), &5.into(), &4.into())
    );
    assert_eq!(problem["message"], "not valid UTF-8 (byte 21)");
}

#[test]
fn places_bad_utf8_at_its_line_and_column() {
    let site = Site::new();
    site.file("content/a.md", b"---\ntitle: A\n---\n\nCaf\xe9.\n");
    fails_with_one_error(&site, "error[bad-utf8]: content/a.md:5:4:");
}

#[test]
fn fails_on_a_page_without_front_matter() {
    let site = Site::new();
    site.file("content/a.md", "# A\n\nNo front matter.\n");
    fails_with_one_error(
        &site,
        "error[missing-front-matter]: content/a.md:1:1: a page starts with front matter between `---` lines",
    );
}

#[test]
fn fails_on_front_matter_that_is_never_closed() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n\nBody.\n");
    fails_with_one_error(&site, "error[missing-front-matter]: content/a.md:1:1:");
}

#[test]
fn fails_on_a_page_in_a_language_the_site_does_not_have() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n");
    site.file("content/a.fr.md", "---\ntitle: A\n---\n");
    fails_with_one_error(
        &site,
        "error[unknown-language]: content/a.fr.md: `.fr.md` names a language the site does not have",
    )
    .expect_stderr("site.yaml lists: en, ja");
}

#[test]
fn fails_when_a_translation_has_no_original() {
    let site = Site::new();
    site.file("content/a.ja.md", "---\ntitle: ア\n---\n");
    fails_with_one_error(
        &site,
        "error[translation-without-original]: content/a.ja.md: this translation has no original (a.md)",
    );
}

#[test]
fn fails_when_two_pages_have_the_same_address() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n");
    site.file("content/a/index.md", "---\ntitle: A again\n---\n");
    fails_with_one_error(
        &site,
        "error[duplicate-url]: content/a/index.md: /a/ is also the address of content/a.md",
    );
}

/// Found in issue 12: an appliance id with no family page silently made a new appliance
/// (its own heading under /appliances/, linked nowhere). It is an error at the id, naming
/// the known appliance probably meant.
#[test]
fn an_appliance_with_no_family_page_is_an_error_at_its_id_with_the_one_meant() {
    let site = Site::new();
    site.file("content/families/xgs-136.md", common::family("XGS 136"));
    site.file("content/families/xgs-3300.md", common::family("XGS 3300"));
    site.file("README.md", "# Bench\n\n<!-- tally:completion -->\n<!-- /tally:completion -->\n");
    site.file(
        "content/notes.md",
        "---\ntitle: Notes\nappliances:\n  - xgs-3300\n  - xgs-1366\n---\n\nAbout both.\n",
    );
    let run = site.build();
    run.expect_code(1)
        .expect_stderr(
            "error[unknown-appliance]: content/notes.md:5:5: no family page names appliance `xgs-1366`; did you mean `xgs-136`?",
        )
        .expect_stderr("content/families/xgs-1366.md")
        .expect_stderr("1 error(s), 0 warning(s)");
    // In a flow list too, at the id; an id nothing is near gets the known ones listed.
    site.file("content/notes.md", "---\ntitle: Notes\nappliances: [xgs-136, sg-125]\n---\n\nAbout both.\n");
    site.build()
        .expect_code(1)
        .expect_stderr(
            "error[unknown-appliance]: content/notes.md:3:23: no family page names appliance `sg-125`",
        )
        .expect_stderr("the appliances with a family page are `xgs-136`, `xgs-3300`")
        .expect_stderr("1 error(s), 0 warning(s)");
}
