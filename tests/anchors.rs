//! Issue 25, anchors: no two elements of a page share an id. A heading may not take an id
//! tally gives one of its own elements (a figure's evidence entry, a plot, what the
//! templates write); a footnote's text has an id of its own form (`fn:NAME`), so that a
//! footnote `[^notes]` and a heading "Notes" no longer both get `id="notes"`.

mod common;

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
