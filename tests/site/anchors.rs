//! Issue 25, anchors: no two elements of a page share an id. A heading may not take an id
//! tally gives one of its own elements (a figure's evidence entry, a plot, what the
//! templates write); a footnote's text has an id of its own form (`fn:NAME`), so that a
//! footnote `[^notes]` and a heading "Notes" no longer both get `id="notes"`.

use crate::common;

use common::{README, Site, check_json, family, place};
use serde_json::Value;

const FAMILY: &str = "content/families/xgs-136.md";
const FAMILY_JA: &str = "content/families/xgs-136.ja.md";
const PAGE: &str = "content/notes.md";
const PAGE_JA: &str = "content/notes.ja.md";

/// A family page stating its completion (a figure, with its evidence entry
/// `figure-completion`), `en` added to its body, and its translation with `ja` added.
fn family_site(en: &str, ja: &str) -> Site {
    let site = Site::new();
    site.file("README.md", README);
    let page = family("XGS 136").replace("The appliance.", &format!("Done: [60 %]{{=completion}}.\n\n{en}"));
    site.file(FAMILY, &page);
    let hash = site.hash(FAMILY);
    let translated = page
        .replace("kind: family", &format!("kind: family\ntranslates: {hash}"))
        .replace("Done: ", "完了：")
        .replace("| piece of work | done | weight |", "| 作業 | 完了 | 重み |")
        .replace(en, ja);
    site.file(FAMILY_JA, translated);
    site
}

/// A plain page with `en` as its body, and its translation with `ja`.
fn page_site(en: &str, ja: &str) -> Site {
    let site = Site::new();
    site.file("README.md", README);
    site.file("content/families/xgs-136.md", family("XGS 136"));
    site.file(PAGE, format!("---\ntitle: Notes\n---\n\n{en}"));
    let hash = site.hash(PAGE);
    site.file(PAGE_JA, format!("---\ntitle: 注記\ntranslates: {hash}\n---\n\n{ja}"));
    site
}

/// The `duplicate-id` errors of a run that must fail, one per page given, each at its
/// page's `needle` (in the order the pages are given).
#[track_caller]
fn id_errors(site: &Site, at: &[(&str, &str)]) -> Vec<Value> {
    let (run, errors) = check_json(site);
    run.expect_code(1);
    let mut ours: Vec<Value> = errors.into_iter().filter(|e| e["code"] == "duplicate-id").collect();
    assert_eq!(ours.len(), at.len(), "{ours:#?}\n{}", run.stdout);
    for (page, needle) in at {
        let (line, col) = place(site, page, needle);
        let found = ours.iter().position(|e| {
            e["path"] == *page && e["line"].as_u64() == Some(line) && e["col"].as_u64() == Some(col)
        });
        assert!(found.is_some(), "no error at {page}:{line}:{col} ({needle}): {ours:#?}");
    }
    ours.sort_by_key(|e| e["path"].as_str().map(String::from));
    ours
}

fn message(error: &Value) -> String {
    format!("{} {}", error["message"].as_str().unwrap_or(""), common::notes(error))
}

#[test]
fn the_fixtures_pass() {
    family_site("## The work {#work}\n", "## 作業 {#work}\n").check().expect_success();
    page_site(
        "## Notes\n\nSee.[^notes]\n\n[^notes]: Read.\n",
        "## 注記\n\n見よ。[^注記]\n\n[^注記]: 読む。\n",
    )
    .check()
    .expect_success();
}

/// A heading `{#figure-completion}` took the figure's evidence anchor: every link to the
/// figure's evidence landed on the heading.
#[test]
fn a_heading_taking_a_figures_evidence_anchor_is_an_error_at_the_heading() {
    let site = family_site("## The work {#figure-completion}\n", "## 作業 {#figure-completion}\n");
    let errors = id_errors(&site, &[(FAMILY, "#figure-completion}"), (FAMILY_JA, "#figure-completion}")]);
    for error in &errors {
        let text = message(error);
        assert!(text.contains("`figure-completion`") && text.contains("evidence"), "{text}");
        assert!(text.contains("{#"), "says what to write: {text}");
    }
}

/// An id made from the heading's text clashes as well: "Figure completion" is
/// `figure-completion`, "Main" is the `main` the template gives the page's content.
#[test]
fn a_generated_heading_id_that_clashes_with_one_tally_writes_is_an_error_at_the_heading() {
    let site = family_site("## Figure completion\n\n## Main\n", "## Figure completion\n\n## Main\n");
    let errors = id_errors(
        &site,
        &[
            (FAMILY, "Figure completion"),
            (FAMILY, "Main"),
            (FAMILY_JA, "Figure completion"),
            (FAMILY_JA, "Main"),
        ],
    );
    assert!(errors.iter().any(|e| message(e).contains("base.html")), "names the template: {errors:#?}");
}

/// A footnote `[^notes]` and a heading "Notes" both got `id="notes"`. A footnote's text is
/// `fn:NAME`, as Hugo names it, which no heading's text makes.
#[test]
fn a_footnote_and_a_heading_of_the_same_name_have_ids_apart() {
    let site = page_site(
        "## Notes\n\nSee [the note](#fn:notes).[^notes]\n\n[^notes]: Read.\n",
        "## 注記\n\n見よ。[^注記]\n\n[^注記]: 読む。\n",
    );
    site.build().expect_success();
    for (built, name) in [("notes/index.html", "notes"), ("ja/notes/index.html", "注記")] {
        let html = site.read(built);
        assert_eq!(html.matches(&format!("id=\"{name}\"")).count(), 1, "{html}");
        assert_eq!(html.matches(&format!("id=\"fn:{name}\"")).count(), 1, "{html}");
        assert!(html.contains(&format!("href=\"#fn:{name}\"")), "{html}");
    }
}

/// Two headings given the same id, or a heading and a raw element: an error at the second,
/// naming the first.
#[test]
fn an_id_given_twice_is_an_error_at_the_second() {
    let site = page_site(
        "## One {#same}\n\n## Two {#same}\n\n<div id=\"box\">a</div>\n\n## Box\n",
        "## 一 {#same}\n\n## 二 {#same}\n\n<div id=\"box\">a</div>\n\n## Box\n",
    );
    let errors = id_errors(
        &site,
        &[(PAGE, "#same}\n\n<div"), (PAGE, "Box\n"), (PAGE_JA, "#same}\n\n<div"), (PAGE_JA, "Box\n")],
    );
    assert!(errors.iter().any(|e| message(e).contains("line 5")), "names the first's line: {errors:#?}");
}

/// A plot is `plot-N` (its title and description `plot-N-title`, `plot-N-desc`, which the
/// picture is labelled by): a heading of that id is an error at the heading.
#[test]
fn a_heading_taking_a_plots_id_is_an_error_at_the_heading() {
    let runs = "build: {driver: stock}\nruns:\n  a: {x: 1}\n  b: {x: 2}\n";
    let page = "content/measurements/m/index.md";
    let prose = "## The picture {#plot-1-title}\n\n```plot\ntitle: x of each run\nbars: x\n```\n";
    let site = common::one_run_site(page, "content/measurements/m/runs.yaml", runs, prose);
    site.file("README.md", README);
    let errors = id_errors(&site, &[(page, "#plot-1-title")]);
    assert!(message(&errors[0]).contains("plot number 1"), "{:#}", errors[0]);
    site.edit(page, "{#plot-1-title}", "{#picture}");
    site.check().expect_success();
}

/// The errors with `code` of a run that must fail, one per `(page, needle)`, each there.
#[track_caller]
fn errors_at(site: &Site, code: &str, at: &[(&str, &str)]) -> Vec<Value> {
    let (run, errors) = check_json(site);
    run.expect_code(1);
    let ours: Vec<Value> = errors.into_iter().filter(|e| e["code"] == code).collect();
    assert_eq!(ours.len(), at.len(), "{ours:#?}\n{}", run.stdout);
    for (page, needle) in at {
        let (line, col) = place(site, page, needle);
        let found = ours.iter().any(|e| {
            e["path"] == *page && e["line"].as_u64() == Some(line) && e["col"].as_u64() == Some(col)
        });
        assert!(found, "no {code} error at {page}:{line}:{col} ({needle}): {ours:#?}");
    }
    ours
}

/// A user trial: a heading's attribute block went into the HTML unchecked, so
/// `{#t onclick=alert(1)}` wrote `<h2 id="t" onclick="alert(1)">`, `{id=main}` a second id
/// and `{#two words}` an attribute `words`. Only `#id` and `.class` are allowed.
#[test]
fn a_heading_attribute_other_than_an_id_or_a_class_is_an_error_at_it() {
    let body = "## T {#t onclick=alert(1)}\n\n## W {id=main}\n\n## C {#two words}\n\n## K {#k .wide}\n";
    let site = page_site(body, body);
    let errors = errors_at(
        &site,
        "heading-attribute",
        &[
            (PAGE, "onclick"),
            (PAGE, "id=main"),
            (PAGE, "words}"),
            (PAGE_JA, "onclick"),
            (PAGE_JA, "id=main"),
            (PAGE_JA, "words}"),
        ],
    );
    for error in &errors {
        let text = message(error);
        assert!(text.contains("`#id`") && text.contains("`.class`"), "says what is allowed: {text}");
    }
    let fixed = "## T {#t}\n\n## W {#w-main}\n\n## C {#two-words}\n\n## K {#k .wide}\n";
    site.file(PAGE, format!("---\ntitle: Notes\n---\n\n{fixed}"));
    let hash = site.hash(PAGE);
    site.file(PAGE_JA, format!("---\ntitle: 注記\ntranslates: {hash}\n---\n\n{fixed}"));
    site.build().expect_success();
    let html = site.read("notes/index.html");
    assert!(html.contains("<h2 id=\"k\" class=\"wide\">"), "{html}");
}

/// A user trial: `## Debian at [814 Mbit/s]{=debian_rate}` was told `=debian_rate` is an
/// HTML attribute. Markdown does read a heading's last `{…}` as its attributes, so the tag is
/// lost there: the error names the tag and says to end the heading with its id instead.
#[test]
fn a_figure_tag_ending_a_heading_is_told_to_end_the_heading_with_its_id() {
    let body = "## At [9]{=n}\n\n## About [9]{~n}\n";
    let site = page_site(body, body);
    let errors = errors_at(
        &site,
        "heading-attribute",
        &[(PAGE, "{=n}"), (PAGE, "{~n}"), (PAGE_JA, "{=n}"), (PAGE_JA, "{~n}")],
    );
    for error in &errors {
        let text = message(error);
        assert!(text.contains("figure tag") && text.contains("{#an-id}"), "{text}");
    }
    let ended = "## At [9]{=n} {#at}\n";
    let site = page_site(ended, ended);
    let (_, errors) = check_json(&site);
    assert!(!errors.iter().any(|e| e["code"] == "heading-attribute"), "{errors:#?}");
}

/// A user trial: a reference to a footnote no `[^nope]: …` defines was published as the
/// literal text `[^nope]`, with no error; a link to a missing anchor already is one.
#[test]
fn a_reference_to_an_undefined_footnote_is_an_error_at_it() {
    let site = page_site("See this.[^nope]\n\nNot `[^code]`, not \\[^escaped].\n", "見よ。[^nope]\n");
    let errors = errors_at(&site, "broken-link", &[(PAGE, "[^nope]"), (PAGE_JA, "[^nope]")]);
    assert!(message(&errors[0]).contains("[^nope]: "), "says how to define it: {:#}", errors[0]);
}

/// A user trial: an element inside an HTML comment is no element of the page, but its id
/// counted, and a heading "X" was told it took the id of a commented-out `<span id="x">`.
#[test]
fn an_id_inside_an_html_comment_is_no_elements_id() {
    let body = "<!-- <span id=\"x\">x</span> -->\n\nA <!-- <b id=\"y\"> --> b.\n\n## X\n\n## Y\n";
    page_site(body, body).check().expect_success();
}

/// Ids starting `figure-` are kept for tally's figure anchors: the message says so rather
/// than that the id "is the form of" one.
#[test]
fn a_heading_id_starting_figure_is_told_the_prefix_is_reserved() {
    let body = "## Figure factor {#figure-factor-x}\n";
    let site = page_site(body, body);
    let errors = id_errors(&site, &[(PAGE, "#figure-factor-x"), (PAGE_JA, "#figure-factor-x")]);
    let text = message(&errors[0]);
    assert!(text.contains("`figure-`") && text.contains("reserved"), "{text}");
    assert!(text.contains("{#factor-x}"), "suggests an id without the prefix: {text}");
}

/// The suggested id was `ID-section` even when the page had it: the fix made a second clash.
#[test]
fn the_suggested_id_is_one_the_page_does_not_use() {
    let body = "## Notes section\n\n<div id=\"notes\">a</div>\n\n## Notes {#notes}\n";
    let site = page_site(body, body);
    let errors = id_errors(&site, &[(PAGE, "#notes}"), (PAGE_JA, "#notes}")]);
    let text = message(&errors[0]);
    assert!(!text.contains("{#notes-section}"), "suggests an id already used: {text}");
    assert!(text.contains("{#notes-section-2}"), "{text}");
}

/// A README-only trial: the H1 "GX-412TC" broke at its hyphen. The page's title and the
/// contents keep a model name with a hyphen whole in a `.nowrap` span, escaped once, its
/// hyphen a plain one; the document's `<title>` is text, without the span.
#[test]
fn a_title_keeps_a_model_name_with_a_hyphen_whole_in_the_heading_and_the_contents() {
    let site = Site::new();
    site.file("README.md", README);
    site.file("content/families/xgs-136.md", family("XGS 136"));
    let sections =
        ["The GX-412TC board", "Its ports", "Its disk", "Its fan"].map(|h| format!("## {h}\n\nText.\n"));
    site.file(PAGE, format!("---\ntitle: OPNsense on the GX-412TC & Co\n---\n\n{}", sections.join("\n")));
    site.build().expect_success();
    let html = site.read("notes/index.html");
    assert!(
        html.contains("<h1>OPNsense on the <span class=\"nowrap\">GX-412TC</span> &amp; Co</h1>"),
        "{html}"
    );
    assert!(html.contains("\">The <span class=\"nowrap\">GX-412TC</span> board</a></li>"), "{html}");
    assert!(html.contains("<title>OPNsense on the GX-412TC &amp; Co"), "{html}");
}
