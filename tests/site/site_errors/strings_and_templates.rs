//! UI strings (Fluent) and templates.

use super::*;

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
    let line = template.lines().position(|l| l.contains("\") </h1>")).expect("the edited line") + 1;
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
        "{% block title %}{{ t(key=\"not-found-title\") }}",
        "{% block title %}{{ t(key=\"no-such-string\") }}",
    );
    site.build()
        .expect_code(1)
        .expect_stderr("error[template]: templates/404.html:")
        .expect_stderr("the UI string `no-such-string` is missing in i18n/en.ftl");
}

#[test]
fn a_string_the_pages_need_missing_from_every_language_fails_the_build_instead_of_showing_its_key() {
    let site = Site::new();
    site.measurement("content/m", MEASUREMENT);
    site.edit("i18n/en.ftl", "heading-anchor = ", "# heading-anchor = ");
    site.edit("i18n/ja.ftl", "heading-anchor = ", "# heading-anchor = ");
    site.build()
        .expect_code(1)
        .expect_stderr(
            "error[missing-string]: i18n/en.ftl: `heading-anchor` is missing in `en`; tally needs it",
        )
        // The page has no Japanese translation, so no Japanese page asked for the string.
        .expect_stderr("1 error(s)");
    assert!(!site.path("site").exists(), "a page showing the key `heading-anchor` was published");
}
