//! Each kind of problem an author can make: exit code 1, the problem's code, its place as
//! `path:line:col` and its message; all of them reported in one run, in order; and the
//! machine formats.

mod common;

use common::{MEASUREMENT, PNG, Run, Site};

/// Builds `site`, expecting it to fail with exactly one error, and returns the run.
#[track_caller]
fn fails_with_one_error(site: &Site, heading: &str) -> Run {
    let run = site.build();
    run.expect_code(1).expect_stderr(heading).expect_stderr("1 error(s), 0 warning(s)");
    assert!(!site.path("site").exists(), "a failed build wrote site/");
    run
}

#[test]
fn fails_when_a_link_points_to_a_missing_page() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\nSee [b](b.md) for more.\n");
    fails_with_one_error(&site, "error[broken-link]: content/a.md:5:5: `b.md` is not a page of this site");
}

#[test]
fn fails_when_a_link_points_to_a_missing_anchor() {
    let site = Site::new();
    site.file("content/b.md", "---\ntitle: B\n---\n\n## The bench\n");
    site.file("content/a.md", "---\ntitle: A\n---\n\nIntro.\n\nSee [the bench](b.md#the-desk).\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a.md:7:5: `#the-desk` is not a heading of content/b.md",
    )
    .expect_stderr("its headings are: the-bench");
}

#[test]
fn fails_when_a_link_points_to_a_missing_anchor_on_its_own_page() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\n## Here\n\nBack [up](#there).\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a.md:7:6: `#there` is not a heading of content/a.md",
    );
}

#[test]
fn fails_when_a_link_leaves_the_site() {
    let site = Site::new();
    site.file("content/a/index.md", "---\ntitle: A\n---\n\nRead [this](../../../etc/passwd).\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a/index.md:5:6: the link `../../../etc/passwd` leaves the site's content/",
    );
}

#[test]
fn fails_when_an_image_points_at_the_sites_own_settings() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\n![settings](../site.yaml)\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a.md:5:1: the image `../site.yaml` leaves the site's content/",
    );
}

#[cfg(unix)]
#[test]
fn fails_when_a_link_follows_a_symbolic_link_out_of_the_site() {
    let site = Site::new();
    site.file("outside.txt", "secret");
    std::os::unix::fs::symlink(site.path("outside.txt"), site.path("content/inside.txt"))
        .expect("a symbolic link");
    site.file("content/a.md", "---\ntitle: A\n---\n\n[x](inside.txt)\n");
    let run = site.build();
    run.expect_code(1)
        .expect_stderr("error[broken-link]: content/a.md:5:1: the link `inside.txt` does not exist");
    assert!(!site.path("site").exists());
}

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
fn fails_when_a_fluent_key_is_missing_in_ja() {
    let site = Site::new();
    site.edit("i18n/ja.ftl", "home-title = ", "# home-title = ");
    let en = site.read_source("i18n/en.ftl");
    let line = en.lines().position(|l| l.starts_with("home-title =")).expect("en.ftl has home-title") + 1;
    fails_with_one_error(&site, "error[missing-string]: i18n/ja.ftl: `home-title` is missing in `ja`")
        .expect_stderr(&format!("`en` has it at i18n/en.ftl:{line}"));
}

#[test]
fn fails_when_a_string_tally_needs_is_missing_in_ja() {
    let site = Site::new();
    site.edit("i18n/ja.ftl", "link-untranslated = ", "# link-untranslated = ");
    fails_with_one_error(
        &site,
        "error[missing-string]: i18n/ja.ftl: `link-untranslated` is missing in `ja`; tally needs it",
    );
}

#[test]
fn fails_on_a_template_syntax_error_at_its_line_in_the_template() {
    let site = Site::new();
    site.edit(
        "templates/404.html",
        "<h1>{{ t(key=\"not-found-title\") }}</h1>",
        "<h1>{{ t(key=\"not-found-title\") </h1>",
    );
    let template = site.read_source("templates/404.html");
    let line = template.lines().position(|l| l.starts_with("<h1>")).expect("the edited line") + 1;
    fails_with_one_error(&site, &format!("error[template]: templates/404.html:{line}:"));
}

#[test]
fn fails_when_a_template_is_missing() {
    let site = Site::new();
    site.remove("templates/measurement.html");
    fails_with_one_error(
        &site,
        "error[missing-template]: templates/measurement.html: the site needs this template",
    );
}

#[test]
fn fails_when_a_template_uses_a_string_missing_from_both_languages() {
    let site = Site::new();
    site.edit(
        "templates/404.html",
        "t(key=\"not-found-title\") }}</h1>",
        "t(key=\"no-such-string\") }}</h1>",
    );
    site.build()
        .expect_code(1)
        .expect_stderr("error[template]: templates/404.html:")
        .expect_stderr("the UI string `no-such-string` is missing in i18n/en.ftl");
}

#[test]
fn fails_on_a_measurement_page_without_a_section_on_how_it_was_taken() {
    let site = Site::new();
    site.measurement("content/m", MEASUREMENT.replace("## How it was taken", "## Setup"));
    fails_with_one_error(
        &site,
        "error[missing-section]: content/m/index.md:1:1: a measurement page needs a section on how it was taken",
    )
    .expect_stderr("add a heading named one of: \"How it was taken\"");
}

#[test]
fn fails_on_a_measurement_page_without_a_section_on_what_was_not_measured() {
    let site = Site::new();
    site.measurement("content/m", MEASUREMENT.replace("## Not measured", "## Caveats"));
    fails_with_one_error(
        &site,
        "error[missing-section]: content/m/index.md:1:1: a measurement page needs a section on what it does not mean or did not measure",
    )
    .expect_stderr("add a heading named one of: \"Not measured\"");
}

#[test]
fn a_japanese_measurement_page_needs_the_japanese_section_names() {
    let site = Site::new();
    site.measurement("content/m", MEASUREMENT);
    site.file(
        "content/m/index.ja.md",
        "---\ntitle: 測定\nkind: measurement\n---\n\n## How it was taken\n\n9,000 回の応答。\n\n## 測っていないこと\n",
    );
    site.build()
        .expect_code(1)
        .expect_stderr(
            "error[missing-section]: content/m/index.ja.md:1:1: a measurement page needs a section on how it was taken",
        )
        .expect_stderr("add a heading named one of: \"測り方\"")
        .expect_stderr("1 error(s)");
}

#[test]
fn fails_on_a_measurement_page_that_names_no_build() {
    let site = Site::new();
    site.appliance();
    site.file("content/m/index.md", MEASUREMENT);
    fails_with_one_error(
        &site,
        "error[missing-build]: content/m/index.md:1:1: a measurement page must name the build its numbers belong to",
    );
}

#[test]
fn a_measurement_page_may_name_its_build_in_its_front_matter_instead() {
    let site = Site::new();
    site.appliance();
    site.file(
        "content/m/index.md",
        MEASUREMENT.replace("kind: measurement\n", "kind: measurement\nbuild: {driver: npuep.ko d29c84f3}\n"),
    );
    site.build().expect_success();
}

#[test]
fn a_runs_yaml_without_a_build_does_not_name_one() {
    let site = Site::new();
    site.appliance();
    site.file("content/m/index.md", MEASUREMENT);
    site.file("content/m/runs.yaml", "runs:\n  a: {frames: 1}\n");
    fails_with_one_error(&site, "error[missing-build]: content/m/index.md:1:1:");
}

#[test]
fn fails_when_an_image_is_missing() {
    let site = Site::new();
    site.measurement(
        "content/m",
        MEASUREMENT.replace(
            "The host received most frames.",
            "The host received most frames.\n\n![The console](shots/gone.png)",
        ),
    );
    fails_with_one_error(
        &site,
        "error[broken-link]: content/m/index.md:11:1: the image `shots/gone.png` does not exist (content/m/shots/gone.png)",
    );
}

#[test]
fn fails_when_an_image_on_a_measurement_page_has_no_alt_text() {
    let site = Site::new();
    site.measurement(
        "content/m",
        MEASUREMENT.replace(
            "The host received most frames.",
            "The host received most frames.\n\nThe window: ![ ](shots/console.png)",
        ),
    );
    site.file("content/m/shots/console.png", PNG);
    fails_with_one_error(&site, "error[missing-alt]: content/m/index.md:11:13: this image has no alt text");
}

#[test]
fn an_image_without_alt_text_on_an_ordinary_page_is_not_an_error() {
    let site = Site::new();
    site.file("content/a/index.md", "---\ntitle: A\n---\n\n![](logo.png)\n");
    site.file("content/a/logo.png", PNG);
    site.build().expect_success();
}

/// Three files with six problems of the resolve stage; the measurement page's missing
/// section (line 1) is found after its broken link (line 9).
fn site_with_six_errors() -> Site {
    let site = Site::new();
    site.file("content/c.md", "---\ntitle: C\n---\n\n[x](x.md)\n");
    site.file("content/a.md", "---\ntitle: A\n---\n\nText.\n\n[y](y.md)\n\n[z](../../z.txt) and [w](#w)\n");
    site.measurement(
        "content/m",
        MEASUREMENT
            .replace("## Not measured", "## Later")
            .replace("received most frames", "received [most](gone.md) frames"),
    );
    site.file("content/b.md", "---\ntitle: B\n---\n\nFine.\n");
    site
}

#[test]
fn reports_every_error_of_every_file_in_one_run_sorted_by_file_and_line() {
    let site = site_with_six_errors();
    let run = site.build();
    run.expect_code(1).expect_stderr("6 error(s), 0 warning(s)");
    let places: Vec<&str> = run
        .diagnostic_lines()
        .iter()
        .map(|l| {
            let after = l.split_once("]: ").expect("`error[code]: place: message`").1;
            after.split(": ").next().expect("a place")
        })
        .collect();
    assert_eq!(
        places,
        [
            "content/a.md:7:1",
            "content/a.md:9:1",
            "content/a.md:9:22",
            "content/c.md:5:1",
            "content/m/index.md:1:1",
            "content/m/index.md:9:19",
        ],
        "{}",
        run.stderr
    );
}

#[test]
fn reports_every_unreadable_page_in_one_run() {
    let site = Site::new();
    site.file("content/z.md", "---\ntitle: Z\ntitel: B\n---\n");
    site.file("content/a.md", b"---\ntitle: \xff\n---\n");
    site.file("content/m.md", "no front matter\n");
    site.file("content/k.xx.md", "---\ntitle: K\n---\n");
    let run = site.build();
    run.expect_code(1).expect_stderr("4 error(s), 0 warning(s)");
    let codes: Vec<&str> =
        run.diagnostic_lines().iter().map(|l| l.split_once(": ").expect("a heading").0).collect();
    assert_eq!(
        codes,
        ["error[bad-utf8]", "error[unknown-language]", "error[missing-front-matter]", "error[bad-yaml]",],
        "{}",
        run.stderr
    );
}

#[test]
fn json_format_gives_an_array_of_problems_with_path_line_col_and_code() {
    let site = site_with_six_errors();
    let run = site.tally(&["--format", "json", "check"]);
    run.expect_code(1);
    let problems: serde_json::Value = serde_json::from_str(&run.stdout).expect("stdout is JSON");
    let problems = problems.as_array().expect("a JSON array");
    assert_eq!(problems.len(), 6, "{}", run.stdout);
    let first = &problems[0];
    assert_eq!(first["path"], "content/a.md");
    assert_eq!(first["line"], 7);
    assert_eq!(first["col"], 1);
    assert_eq!(first["code"], "broken-link");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["message"], "`y.md` is not a page of this site");
    let section = &problems[4];
    assert_eq!(section["path"], "content/m/index.md");
    assert_eq!((&section["line"], &section["col"]), (&1.into(), &1.into()));
    assert_eq!(section["code"], "missing-section");
    let last = &problems[5];
    assert_eq!(last["path"], "content/m/index.md");
    assert_eq!((&last["line"], &last["col"]), (&9.into(), &19.into()));
    assert_eq!(last["code"], "broken-link");
    assert!(!run.stderr.contains("error["), "human output mixed in: {}", run.stderr);
}

#[test]
fn json_format_gives_an_empty_array_when_all_is_well() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n");
    let run = site.tally(&["--format", "json", "check"]);
    run.expect_success();
    assert_eq!(run.stdout.trim(), "[]");
}

#[test]
fn github_format_gives_one_error_annotation_per_problem() {
    let site = site_with_six_errors();
    let run = site.tally(&["--format", "github", "check"]);
    run.expect_code(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", run.stdout);
    assert!(
        lines[0].starts_with(
            "::error file=content/a.md,line=7,col=1::[broken-link] `y.md` is not a page of this site"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[4].starts_with("::error file=content/m/index.md,line=1,col=1::[missing-section]"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with(
            "::error file=content/m/index.md,line=9,col=19::[broken-link] `gone.md` is not a page of this site"
        ),
        "{}",
        lines[5]
    );
    assert!(lines.iter().all(|l| l.starts_with("::error file=")));
}

#[test]
fn github_format_gives_warning_annotations_for_warnings() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n");
    site.file("content/a.ja.md", "---\ntitle: ア\ntranslates: 0000000000000000\n---\n");
    let run = site.tally(&["--format", "github", "check"]);
    run.expect_success();
    assert!(
        run.stdout.starts_with("::warning file=content/a.ja.md,line=3,col=13::[translation-out-of-date]"),
        "{}",
        run.stdout
    );
}

#[test]
fn places_problems_in_a_page_with_crlf_line_endings_and_a_byte_order_mark() {
    let site = Site::new();
    site.file("content/a.md", "\u{feff}---\r\ntitle: A\r\n---\r\n\r\nIntro.\r\n\r\nSee [b](b.md).\r\n");
    fails_with_one_error(&site, "error[broken-link]: content/a.md:7:5: `b.md` is not a page of this site");
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
