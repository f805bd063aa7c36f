//! A measurement page's required sections, build and images.

use super::*;

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
