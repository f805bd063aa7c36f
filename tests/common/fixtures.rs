//! Fixture texts: the settings, pages, run data, README and images a fixture site is made
//! of, as constants and small builders.
//!
//! Owns what goes into a fixture site's files. It does not write them (that is `site`).

/// The settings every fixture site starts with; a test may replace the whole file.
pub const SITE_YAML: &str = r#"title: {en: "Bench", ja: "試験台"}
description: {en: "Measurements.", ja: "測定。"}
base_url: "https://bench.example.org/"
languages: [en, ja]
owner: "The bench project"
licence: {name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/"}
giscus: {repo: "bench/bench", repo_id: "R_1", category: "Pages", category_id: "DIC_1", mapping: pathname}
required_sections:
  how_taken: {en: ["How it was taken"], ja: ["測り方"]}
  limits: {en: ["Not measured"], ja: ["測っていないこと"]}
family_columns: {done: {en: "done", ja: "完了"}, weight: {en: "weight", ja: "重み"}}
"#;

/// The site's address as the built pages write it (without the trailing slash).
pub const BASE_URL: &str = "https://bench.example.org";

/// A measurement page with both required sections, for tests that need one to pass.
pub const MEASUREMENT: &str = "---
title: HTTP through the XGS 136
date: 2026-10-29
kind: measurement
appliances: [xgs-136]
summary: Responses and frames during an HTTP series.
---

The host received most frames.

## How it was taken

A curl soak of 9,000 responses.

## Not measured

Latency.
";

/// The run data beside [`MEASUREMENT`]: the build its numbers belong to (a measurement page
/// must name it) and the runs the fixture pages' tags read.
pub const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3, release: v0.1.0-alpha.9}
runs:
  close_coproc:
    host_frames: {received: 962826, sent: 962430}
    responses: {complete: 9000, failed: 2}
  close_host:
    host_frames: {received: 1308305, sent: 1308190}
    responses: {complete: 8935, failed: 1}
";

/// A family page titled `title` with the done/weight table a family page must have:
/// (100 × 3 + 0 × 2) ÷ 5 = 60 %.
pub fn family(title: &str) -> String {
    format!(
        "---\ntitle: {title}\nkind: family\n---\n\nThe appliance.\n\n\
         | piece of work | done | weight |\n|---|---|---|\n\
         | HTTP up to a gigabit | 100 % | 3 |\n| above a gigabit | 0 % | 2 |\n"
    )
}

/// The family page of the appliance the fixture pages name (`appliances: [xgs-136]`, as
/// [`MEASUREMENT`] does): an appliance id with no family page is an error.
pub const FAMILY: &str = "content/families/xgs-136.md";

/// README.md holding the completion block of a site whose only family is
/// `family("XGS 136")` at content/families/xgs-136.md (60 %), as `tally readme` writes it.
pub const README: &str = "# Bench\n\n<!-- tally:completion -->\n\
- `████████████░░░░░░░░` 60 % [XGS 136](content/families/xgs-136.md)\n\
<!-- /tally:completion -->\n";

/// The smallest valid PNG: one transparent pixel (its chunks' CRCs right, so it decodes).
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
    0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00,
    0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00,
    0x01, 0x7a, 0x5e, 0xab, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

/// A small JPEG photograph (8 × 8, grey) that decodes.
pub fn jpeg() -> Vec<u8> {
    let image =
        image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(8, 8, image::Rgb([128, 128, 128])));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Jpeg).expect("encoding a JPEG");
    bytes.into_inner()
}

/// A measurement page of one run whose prose is `prose`, with the sections every
/// measurement page needs.
pub fn measurement_page(prose: &str) -> String {
    format!(
        "---\ntitle: A run\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\nsummary: One run.\n---\n\n{prose}\n\n## How it was taken\n\nBy hand.\n\n## Not measured\n\nLatency.\n"
    )
}
