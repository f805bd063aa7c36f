//! Issue 25, numbers outside page bodies: the templates' literal text, the UI strings of
//! every language, site.yaml's title, description and owner, and runs.yaml's `build:` and
//! vendor texts are published as they are, where no tag can stand. A figure-like number
//! there is an error unless site.yaml's `text_numbers:` declares the words it stands in.
//! Before, each of these built with exit 0.

use super::*;

const EN: &str = "i18n/en.ftl";
const JA_STRINGS: &str = "i18n/ja.ftl";

/// The fixture, tagging a figure so that its page has nothing else to say.
fn quiet_site() -> Site {
    site("It took [120]{=runs.t1.frames} frames.")
}

/// The one error of `code` in `site`, at `needle` of `file`; the check must fail.
#[track_caller]
fn one_error(site: &Site, code: &str, file: &str, needle: &str) -> Value {
    let (run, errors) = check_json(site);
    assert_eq!(run.code, 1, "passed: {run:#?}");
    let ours: Vec<&Value> = errors.iter().filter(|e| e["code"] == code).collect();
    assert_eq!(ours.len(), 1, "{errors:#?}");
    common::assert_at(ours[0], code, site, file, needle);
    assert_eq!(errors.len(), 1, "only the one error: {errors:#?}");
    ours[0].clone()
}

fn with_text_numbers(site: &Site, entries: &str) {
    site.file("site.yaml", format!("{}text_numbers: {entries}\n", common::SITE_YAML));
}

#[test]
fn a_number_in_a_template_s_text_or_shown_attribute_is_an_error_there() {
    for (added, needle) in [
        ("<p>Every page loads in 40 ms.</p>", "40 ms"),
        ("<abbr title=\"at 940 Mbit/s\">fast</abbr>", "940 Mbit/s"),
        ("<span aria-label=\"{{ page.title }}: 2.5 GB\"></span>", "2.5 GB"),
        // Regression (user trial): a unit without its space was read as a name.
        ("<p>Up to 7.7Gbps.</p>", "7.7Gbps"),
    ] {
        let site = quiet_site();
        site.edit(
            "templates/page.html",
            "<h1>{{ page.title | names_whole }}</h1>",
            &format!("<h1>{{{{ page.title }}}}</h1>{added}"),
        );
        let error = one_error(&site, "outside-figure", "templates/page.html", needle);
        assert!(error["message"].as_str().unwrap_or("").contains(&format!("`{needle}`")), "{error:#}");
        assert!(common::notes(&error).contains("text_numbers"), "{error:#}");
    }
}

#[test]
fn tera_code_comments_and_attributes_a_reader_is_not_shown_are_not_read() {
    let site = quiet_site();
    site.edit(
        "templates/page.html",
        "<h1>{{ page.title | names_whole }}</h1>",
        "<h1 data-size=\"500 ms\">{{ page.title }}</h1>{# 800 ms #}<!-- 700 ms -->{% if 1 > 2000 %}{% endif %}",
    );
    site.check().expect_success();
}

#[test]
fn a_number_in_an_english_ui_string_is_an_error_there() {
    let site = quiet_site();
    site.edit(EN, "footer-privacy = Privacy\n", "footer-privacy = Privacy, answered in 2.5 s\n");
    one_error(&site, "outside-figure", EN, "2.5 s");
}

/// Regression (user trial): an escape in a Fluent string literal was read as written, so
/// `{ "\u0035.5 Gbps" }` published 5.5 Gbps unread.
#[test]
fn a_number_written_with_a_fluent_escape_is_read_decoded() {
    let site = quiet_site();
    site.edit(EN, "footer-privacy = Privacy\n", "footer-privacy = Privacy at { \"\\u0035.5 Gbps\" }\n");
    let error = one_error(&site, "outside-figure", EN, "\\u0035");
    assert!(error["message"].as_str().unwrap_or("").contains("`5.5 Gbps`"), "{error:#}");
}

#[test]
fn a_number_in_a_japanese_ui_string_alone_is_an_error_there() {
    let site = quiet_site();
    site.edit(JA_STRINGS, "footer-privacy = プライバシー\n", "footer-privacy = プライバシー（1,500 件）\n");
    one_error(&site, "outside-figure", JA_STRINGS, "1,500");
}

#[test]
fn a_ui_string_states_the_numbers_of_its_original_language_s_string() {
    // Declared as text in both, but one language's string states it and the other does not.
    let site = quiet_site();
    with_text_numbers(&site, "[\"version 1.1\"]");
    site.edit(EN, "footer-privacy = Privacy\n", "footer-privacy = Privacy over version 1.1\n");
    one_error(&site, "translation-number", EN, "1.1");
    site.edit(JA_STRINGS, "footer-privacy = プライバシー\n", "footer-privacy = version 1.1 のプライバシー\n");
    site.check().expect_success();
    // Different numbers: each is an error at its own place.
    with_text_numbers(&site, "[\"version 1.1\", \"version 1.0\"]");
    site.edit(JA_STRINGS, "version 1.1", "version 1.0");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 2, "{errors:#?}");
    common::assert_at(&errors[0], "translation-number", &site, EN, "1.1");
    common::assert_at(&errors[1], "translation-number", &site, JA_STRINGS, "1.0");
}

/// Regression (user trial): a number the other language states, but undeclared, was
/// reported as one that language "does not" state, beside the error that it is undeclared.
#[test]
fn an_undeclared_twin_is_refused_once_and_not_called_missing() {
    let site = quiet_site();
    with_text_numbers(&site, "[\"Privacy over version 1.1\"]");
    site.edit(EN, "footer-privacy = Privacy\n", "footer-privacy = Privacy over version 1.1\n");
    site.edit(JA_STRINGS, "footer-privacy = プライバシー\n", "footer-privacy = version 1.1 のプライバシー\n");
    one_error(&site, "outside-figure", JA_STRINGS, "1.1");
}

/// Regression (user trial): a string in Tera code was blanked with the code, so the figure
/// `{{ "peak 9.9 Gbps" }}` prints was published unread.
#[test]
fn a_number_in_a_string_tera_prints_is_an_error_there() {
    for added in ["{{ \"peak 9.9 Gbps\" }}", "{% set peak = 'peak 9.9 Gbps' %}{{ peak }}"] {
        let site = quiet_site();
        site.edit(
            "templates/page.html",
            "<h1>{{ page.title | names_whole }}</h1>",
            &format!("<h1>{{{{ page.title }}}}</h1>{added}"),
        );
        one_error(&site, "outside-figure", "templates/page.html", "9.9 Gbps");
    }
}

#[test]
fn a_number_in_site_yaml_s_owner_title_or_description_is_an_error_there() {
    for (from, to, needle) in [
        ("owner: \"The bench project\"", "owner: \"The bench project, 1,000 runs strong\"", "1,000"),
        ("title: {en: \"Bench\"", "title: {en: \"Bench at 940 Mbit/s\"", "940 Mbit/s"),
        ("ja: \"測定。\"", "ja: \"測定、40 秒。\"", "40 秒"),
    ] {
        let site = quiet_site();
        site.edit("site.yaml", from, to);
        one_error(&site, "outside-figure", "site.yaml", needle);
    }
}

#[test]
fn a_number_in_runs_yaml_s_build_is_an_error_there() {
    let site = quiet_site();
    site.edit(
        RUNS,
        "build: {driver: npuep.ko d29c84f3}",
        "build: {driver: npuep.ko d29c84f3, release: \"tuned for 940 Mbit/s\"}",
    );
    one_error(&site, "outside-figure", RUNS, "940 Mbit/s");
}

/// Regression (user trial): `source.by` is published as "Taken by …" and was not read.
#[test]
fn a_number_in_runs_yaml_s_source_by_is_an_error_there() {
    let site = quiet_site();
    site.edit(
        RUNS,
        "build: {driver: npuep.ko d29c84f3}",
        "build: {driver: npuep.ko d29c84f3}\nsource: {by: \"alex of the 10 Gbps lab\"}",
    );
    one_error(&site, "outside-figure", RUNS, "10 Gbps");
}

/// Regression (user trial): a number literal Tera prints beside its unit was published
/// unread (`peak {{ 9.9 }} Gbps`).
#[test]
fn a_number_literal_tera_prints_is_an_error_there() {
    let site = quiet_site();
    site.edit(
        "templates/page.html",
        "<h1>{{ page.title | names_whole }}</h1>",
        "<h1>{{ page.title | names_whole }}</h1>peak {{ 9.9 }} Gbps",
    );
    let error = one_error(&site, "outside-figure", "templates/page.html", "9.9 }}");
    assert!(error["message"].as_str().unwrap_or("").contains("Gbps"), "{error:#}");
}

/// A page's front-matter `build:` is shown on the page as its code under test, as
/// runs.yaml's is: before, its numbers were not read.
#[test]
fn a_number_in_a_page_s_front_matter_build_is_an_error_there() {
    let site = quiet_site();
    let notes = "content/notes.md";
    site.file(
        notes,
        "---\ntitle: Notes\nbuild:\n  driver: [ixgbe d29c84f3, \"tuned for 9.9 Gbps\"]\n  firmware: \"69971224\"\n---\nNo figures.\n",
    );
    one_error(&site, "outside-figure", notes, "9.9 Gbps");
    // Regression: unquoted, the hash is a number, refused with serde's "data did not match
    // any variant of untagged enum Bare".
    site.edit(notes, "\"69971224\"", "69971224");
    let error = one_error(&site, "bad-yaml", notes, "69971224");
    assert!(error["message"].as_str().unwrap_or("").contains("a string or a list of strings"), "{error:#}");
}

/// Regression (user trial): a page that is not a measurement has no tag to check its title
/// and summary through, and they were published unread.
#[test]
fn a_number_in_the_title_or_summary_of_a_page_that_is_not_a_measurement_is_an_error_there() {
    for (front, needle) in
        [("title: \"Our 9.9 Gbps record\"", "9.9 Gbps"), ("summary: \"Peak 8.8 Gbps.\"", "8.8 Gbps")]
    {
        let site = quiet_site();
        let about = "content/about.md";
        site.file(
            about,
            format!("---\ntitle: About\n{front}\n---\nNo figures.\n").replacen(
                "title: About\ntitle:",
                "title:",
                1,
            ),
        );
        one_error(&site, "outside-figure", about, needle);
    }
}

/// Regression (user trial): an escape in a quoted YAML string was read as written, so
/// `"\x35.5 Gbps"` published 5.5 Gbps unread.
#[test]
fn a_number_written_with_a_yaml_escape_is_read_as_a_reader_is_shown_it() {
    let site = quiet_site();
    site.edit("site.yaml", "owner: \"The bench project\"", "owner: \"The \\x35.5 Gbps bench project\"");
    let error = one_error(&site, "outside-figure", "site.yaml", "\"The");
    assert!(error["message"].as_str().unwrap_or("").contains("`5.5 Gbps`"), "{error:#}");
}

/// A year written as a year ("in 2026", 「2025 年」) names a time; a four-digit count that
/// is not one is a figure.
#[test]
fn a_year_in_a_title_is_a_name_and_a_count_is_a_figure() {
    for title in ["How we measured in 2026", "2025 年の測り方", "© 2026 the bench"] {
        let site = quiet_site();
        site.file("content/about.md", format!("---\ntitle: \"{title}\"\n---\nNo figures.\n"));
        site.check().expect_success();
    }
    let site = quiet_site();
    site.file("content/about.md", "---\ntitle: \"It served 2048 requests\"\n---\nNo figures.\n");
    one_error(&site, "outside-figure", "content/about.md", "2048");
}

/// A licence's name carries its version (`CC BY 4.0`, in every fixture), which is not a
/// figure; a figure there is one.
#[test]
fn a_number_in_the_licence_name_is_an_error_there_but_its_version_is_not() {
    let site = quiet_site();
    site.edit("site.yaml", "name: \"CC BY 4.0\"", "name: \"CC BY 4.0 for 940 Mbit/s\"");
    one_error(&site, "outside-figure", "site.yaml", "940 Mbit/s");
}

/// The 1,000-bundle corpus: a driver's commit hash that happens to hold no letter was
/// refused as a count of 69,971,224.
#[test]
fn a_commit_hash_of_digits_alone_in_build_is_a_name_not_a_figure() {
    let site = quiet_site();
    site.edit(
        RUNS,
        "build: {driver: npuep.ko d29c84f3}",
        "build: {driver: npuep.ko 69971224, release: \"build 4512\"}",
    );
    site.check().expect_success();
    site.edit(RUNS, "build 4512", "build 4,512");
    one_error(&site, "outside-figure", RUNS, "4,512");
}

#[test]
fn a_number_in_a_vendor_figure_s_source_or_conditions_is_an_error_there() {
    for (text, needle) in [
        ("{value: 11.5 Gbit/s, source: datasheet, conditions: \"HTTP, 512 KB responses\"}", "512 KB"),
        ("{value: 11.5 Gbit/s, source: \"datasheet of 1.5 MB\"}", "1.5 MB"),
    ] {
        let site = quiet_site();
        site.file(RUNS, format!("{RUNS_YAML}vendor:\n  fw: {text}\n"));
        one_error(&site, "outside-figure", RUNS, needle);
    }
}

#[test]
fn numbers_declared_as_text_pass_wherever_they_stand() {
    let site = quiet_site();
    with_text_numbers(&site, "[\"HTTP with 512 KB responses\", \"since 1.5 releases\", \"Model 1000\"]");
    site.file(RUNS, format!("{RUNS_YAML}vendor:\n  fw: {{value: 11.5 Gbit/s, source: datasheet, conditions: \"HTTP with 512 KB responses\"}}\n"));
    site.edit(
        "site.yaml",
        "owner: \"The bench project\"",
        "owner: \"The bench project, since 1.5 releases\"",
    );
    site.edit(
        "templates/page.html",
        "<h1>{{ page.title | names_whole }}</h1>",
        "<h1>{{ page.title | names_whole }}</h1><p>Model 1000</p>",
    );
    site.check().expect_success();
    // The same number in other words is not declared.
    site.edit("templates/page.html", "<p>Model 1000</p>", "<p>Model 1000, 512 KB</p>");
    one_error(&site, "outside-figure", "templates/page.html", "512 KB");
}

#[test]
fn a_declared_text_that_covers_no_number_is_an_error_at_its_entry() {
    let site = quiet_site();
    with_text_numbers(&site, "[\"CC BY 2.0\", \"HTTP/2\"]");
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert_eq!(errors.len(), 2, "{errors:#?}");
    common::assert_at(&errors[0], "bad-setting", &site, "site.yaml", "\"CC BY 2.0\"");
    common::assert_at(&errors[1], "bad-setting", &site, "site.yaml", "\"HTTP/2\"");
    assert!(
        errors[0]["message"].as_str().unwrap_or("").contains("covers no figure-like number"),
        "{:#}",
        errors[0]
    );
}

#[test]
fn a_misspelt_allow_list_key_is_an_error() {
    let site = quiet_site();
    site.file("site.yaml", format!("{}text_number: [\"512 KB\"]\n", common::SITE_YAML));
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 1, "{run:#?}");
    assert!(
        errors.iter().any(|e| e["message"].as_str().unwrap_or("").contains("text_number")),
        "{errors:#?}"
    );
}

#[test]
fn the_bundled_site_s_templates_and_strings_state_no_undeclared_number() {
    // The repository's own templates and UI strings are every test site's: a number there
    // would fail them all, so it is refused here first.
    quiet_site().check().expect_success();
}

/// Issue 43: a count after a capitalised word (`TCP 9000 connections`, `Ports 9000 open`)
/// passed as a model name, and a year-like count after "from" (`from 2048 hosts`) as a
/// year. Names come from what the site declares: anything else asks which it is.
#[test]
fn a_count_after_a_capitalised_word_is_a_name_only_where_the_site_declares_it() {
    for (added, needle, asks) in [
        ("<p>TCP 9000 connections.</p>", "9000", true),
        ("<p>Ports 9000 open.</p>", "9000", true),
        ("<p>Requests from 2048 hosts.</p>", "2048", false),
        ("<span data-pagefind-meta=\"title:Peak 999 Gbit/s\"></span>", "999 Gbit/s", false),
    ] {
        let site = quiet_site();
        site.edit(
            "templates/page.html",
            "<h1>{{ page.title | names_whole }}</h1>",
            &format!("<h1>{{{{ page.title }}}}</h1>{added}"),
        );
        let error = one_error(&site, "outside-figure", "templates/page.html", needle);
        let message = error["message"].as_str().unwrap_or("");
        assert_eq!(message.contains("part of a name, or a figure?"), asks, "{added}: {error:#}");
    }
    // A declared appliance's name, and a year, stay quiet.
    let site = quiet_site();
    site.edit(
        "templates/page.html",
        "<h1>{{ page.title | names_whole }}</h1>",
        "<h1>{{ page.title | names_whole }}</h1><p>The two XGS 136 appliances, measured since 2025.</p>",
    );
    let (run, errors) = check_json(&site);
    assert_eq!(run.code, 0, "{errors:#?}");
}

/// Issue 43: CSS `content:` draws text on the page, in a template's `<style>` or a
/// stylesheet under static/; its numbers were never read.
#[test]
fn a_number_in_a_stylesheets_content_is_an_error_there() {
    let site = quiet_site();
    site.edit(
        "templates/page.html",
        "<h1>{{ page.title | names_whole }}</h1>",
        "<h1>{{ page.title | names_whole }}</h1><style>.peak::after { content: \"999 Gbit/s\" }</style>",
    );
    one_error(&site, "outside-figure", "templates/page.html", "999 Gbit/s");
    let site = quiet_site();
    site.file(
        "static/css/extra.css",
        ".peak::after { color: red; content: '940 Mbit/s'; }\n.a { align-content: center }\n",
    );
    let error = one_error(&site, "outside-figure", "static/css/extra.css", "940 Mbit/s");
    assert!(error["message"].as_str().unwrap_or("").contains("the stylesheet"), "{error:#}");
}
