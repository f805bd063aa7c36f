//! Every error of a run at once and what build leaves; the figure's element on the page;
//! tags in code; a run file kept outside content/.

use super::importers::{IPERF2, iperf_site};
use super::*;

#[test]
fn every_error_of_a_run_is_listed_and_build_fails_leaving_the_old_site_untouched() {
    let site = site();
    site.build().expect_success();
    let before = tree(&site.path("site"));
    site.edit(EN, "[962,826]", "[962,827]");
    site.edit(EN, "[8,935]", "[8,936]");
    retranslate(&site);
    site.edit(JA, "[74 %]", "[75 %]");
    let run = site.check();
    run.expect_code(1).expect_stderr("3 error(s)");
    let lines = run.diagnostic_lines();
    let errors: Vec<&&str> = lines.iter().filter(|l| l.starts_with("error[")).collect();
    assert_eq!(
        errors.iter().map(|l| l.split(": states").next().unwrap_or("")).collect::<Vec<_>>(),
        [
            format!("error[figure-mismatch]: {}", location(&site, JA, "75 %]")),
            format!("error[figure-mismatch]: {}", location(&site, EN, "962,827]")),
            format!("error[figure-mismatch]: {}", location(&site, EN, "8,936]")),
        ],
        "{}",
        run.stderr
    );
    let build = site.build();
    build.expect_code(1).expect_stderr("3 error(s)");
    assert_eq!(tree(&site.path("site")), before, "a failed build changed site/");
}

#[test]
fn a_figures_data_element_carries_the_computed_value_a_short_title_and_links_to_its_evidence() {
    let site = site();
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    // The title is the formula and the value; the inputs are in the evidence, a link away.
    assert!(
        html.contains(
            "<a href=\"#figure-bodies_close_coproc\"><data \
             value=\"943718400\" title=\"runs.close_coproc.responses.complete * body_bytes * 8 / seconds = \
             943718400 bit/s\">943 Mbit/s</data></a>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<data value=\"962826\" title=\"runs.close_coproc.host_frames.received = 962826\">962,826</data>"
        ),
        "{html}"
    );
    let evidence = &html[html.find("<section class=\"evidence\"").expect("an evidence section")..];
    assert!(evidence.contains("id=\"figure-bodies_close_coproc\""), "{evidence}");
    // The page states the input too, so the input links to its entry.
    assert!(
        evidence.contains(
            "<a href=\"#figure-runs.close_coproc.responses.complete\"><code>runs.close_coproc.responses.complete</code></a> = 9,000"
        ),
        "{evidence}"
    );
}

#[test]
fn a_tag_inside_a_code_span_or_block_is_left_alone() {
    let site = site();
    site.edit(EN, "Latency.", "Latency. Write `[1]{=nosuch}` to tag a figure:\n\n    [2]{=nosuch_either}\n");
    retranslate(&site);
    site.check().expect_success();
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    assert!(html.contains("<code>[1]{=nosuch}</code>"), "{html}");
}

#[test]
fn a_raw_file_kept_outside_its_bundle_is_refused_telling_to_copy_it_in() {
    // It was read, and its source page published under the bundle as `raw/soekris/test1.txt`,
    // a name another file of the bundle may hold (issue 44).
    let site = iperf_site(IPERF2, "814 Mbit/s");
    let bundle = "content/measurements/2011-soekris";
    site.remove(&format!("{bundle}/raw/test1.txt"));
    site.file("raw/soekris/test1.txt", IPERF2);
    site.edit(
        &format!("{bundle}/runs.yaml"),
        "iperf: raw/test1.txt",
        "iperf: ../../../raw/soekris/test1.txt",
    );
    site.build()
        .expect_code(1)
        .expect_stderr("runs-raw-outside")
        .expect_stderr("copy the file into the bundle");
}
