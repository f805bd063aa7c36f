//! Per-item costs of a build, on the bundled site's real measurement page
//! (content/measurements/2026-10-29-xgs136-http: 87 figure tags, a 7-column table, four
//! screenshots) so the numbers mean something for a typical page:
//!
//! - markdown: `scan` (finding headings, links, images, figure tags, prose) and
//!   `render_html`, per page;
//! - figures: loading runs.yaml per file, and resolving + parsing + checking each tag of
//!   the page, reported per figure;
//! - stamping: one 1920×1080 screenshot stamped on one thread, against the floor of only
//!   decoding and re-encoding it with the same encoder settings, per image;
//! - templates: `measurement.html` (with base/page/components) rendered with a page view,
//!   per page; and a whole build of the bundled site (12 pages, images from a warm stamp
//!   cache) divided by its pages, which adds loading, link resolution, checks, generated
//!   pages and output assembly.
//!
//! Criterion's throughput is set to the number of items, so it reports items per second.

use std::hint::black_box;
use std::io::Cursor;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgb, RgbImage};
use tally::load_run_data;
use tally::{ClaimForm, RenderInputs, render_html, scan};
use tally::{GENERATOR, PageView, SiteView};
use tally::{Options, make};
use tally::{Strip, stamp};
use tally::{check_stated as check, parse_stated};

const BUNDLE: &str = "content/measurements/2026-10-29-xgs136-http";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The page's body and where it starts (after the front matter).
fn page() -> (String, usize) {
    let text = std::fs::read_to_string(root().join(BUNDLE).join("index.md")).expect("bundled page reads");
    let start = text[3..].find("\n---\n").map(|at| at + 3 + 5).expect("front matter ends");
    (text, start)
}

fn bench_markdown(c: &mut Criterion) {
    let (text, start) = page();
    let body = &text[start..];
    let mut group = c.benchmark_group("markdown, per page");
    group.sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(1));
    group.bench_function("scan", |b| b.iter(|| black_box(scan(black_box(body), start))));
    let links = Default::default();
    let claims = vec![Default::default(); scan(body, start).claims.len()];
    let inputs = RenderInputs { links: &links, claims: &claims };
    group.bench_function("render_html", |b| {
        b.iter(|| black_box(render_html(black_box(body), start, &inputs)))
    });
    group.finish();
}

fn bench_figures(c: &mut Criterion) {
    let runs_path = root().join(BUNDLE).join("runs.yaml");
    let runs_text = std::fs::read_to_string(&runs_path).expect("runs.yaml reads");
    let (text, start) = page();
    let claims: Vec<_> =
        scan(&text[start..], start).claims.into_iter().filter(|c| c.form != ClaimForm::Vendor).collect();
    let (data, problems) = load_run_data(root(), &runs_path, &runs_text);
    assert!(problems.is_empty(), "{problems:?}");
    let data = data.expect("runs.yaml loads");

    let mut group = c.benchmark_group("figures");
    group.sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(1));
    group.bench_function("load runs.yaml, per file", |b| {
        b.iter(|| black_box(load_run_data(root(), &runs_path, black_box(&runs_text))))
    });
    group.throughput(Throughput::Elements(claims.len() as u64));
    group.bench_function("resolve + parse + check, per figure", |b| {
        b.iter(|| {
            for claim in &claims {
                let computed = data.resolve(&claim.name).expect("figure resolves");
                let stated = parse_stated(&claim.live).expect("stated number parses");
                let passed = check(&stated, &computed, claim.form == ClaimForm::Approximate);
                black_box(passed.expect("bundled figures pass"));
            }
        })
    });
    group.finish();
}

/// A 1920×1080 "screenshot": light window, dark text-like bars, a noisy photo-like panel.
fn screenshot() -> Vec<u8> {
    let mut state: u32 = 0x9E37_79B9;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let mut picture = RgbImage::from_pixel(1920, 1080, Rgb([248, 248, 250]));
    for line in 0..40u32 {
        let length = 200 + next() % 1400;
        for y in 30 + line * 24..42 + line * 24 {
            for x in 40..40 + length {
                picture.put_pixel(x, y, Rgb([40, 40, 48]));
            }
        }
    }
    for y in 600..1000 {
        for x in 1300..1860 {
            let [r, g, b, _] = next().to_le_bytes();
            picture.put_pixel(x, y, Rgb([r, g, b]));
        }
    }
    let mut out = Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).expect("bench picture encodes");
    out.into_inner()
}

fn bench_stamping(c: &mut Criterion) {
    let original = screenshot();
    let strip = Strip {
        owner: "The XGS bench project".to_string(),
        licence: "CC BY 4.0".to_string(),
        licence_url: "https://creativecommons.org/licenses/by/4.0/".to_string(),
        page_url: "https://xgs-bench.example.org/measurements/2026-10-29-xgs136-http/".to_string(),
    };
    let mut group = c.benchmark_group("1920x1080 image, one thread");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(15));
    group.throughput(Throughput::Elements(1));
    group.bench_function("stamp (decode, redact, strip, encode, metadata)", |b| {
        b.iter(|| black_box(stamp(black_box(&original), &strip, &[[40, 30, 300, 12]]).expect("stamps")))
    });
    group.bench_function("floor: decode + encode only", |b| {
        b.iter(|| {
            let picture = image::load_from_memory(black_box(&original)).expect("decodes");
            let mut encoded = Vec::new();
            PngEncoder::new_with_quality(&mut encoded, CompressionType::Default, FilterType::Adaptive)
                .write_image(picture.as_bytes(), picture.width(), picture.height(), picture.color().into())
                .expect("encodes");
            black_box(encoded)
        })
    });
    group.finish();
}

fn bench_templates(c: &mut Criterion) {
    let settings = tally::load_settings(root()).expect("site.yaml loads");
    let (strings, problems) = tally::load_strings(root(), &settings);
    assert!(problems.is_empty(), "{problems:?}");
    let templates = tally::load_templates(root(), Arc::new(strings)).expect("templates load");
    let (text, start) = page();
    let body = &text[start..];
    let links = Default::default();
    let claims = vec![Default::default(); scan(body, start).claims.len()];
    let content = render_html(body, start, &RenderInputs { links: &links, claims: &claims });
    let site = SiteView {
        title: settings.text(&settings.title, "en").to_string(),
        description: settings.text(&settings.description, "en").to_string(),
        base_url: settings.base_url.clone(),
        home: "/".to_string(),
        languages: settings.languages.clone(),
        owner: settings.owner.clone(),
        licence_name: settings.licence.name.clone(),
        licence_url: settings.licence.url.clone(),
        giscus: settings.giscus.clone(),
        generator: GENERATOR,
        privacy_url: Some("/privacy/".to_string()),
        method_url: Some("/method/".to_string()),
        search: settings.search,
    };
    let url = "/measurements/2026-10-29-xgs136-http/".to_string();
    let view = PageView {
        title: "HTTP through the XGS 136, the datasheet's way".to_string(),
        date: Some("2026-10-29".to_string()),
        kind: tally::Kind::Measurement,
        summary: Some("A thousand connections fetching the same file over and over.".to_string()),
        permalink: format!("{}{url}", settings.base_url),
        url,
        lang: "en".to_string(),
        content,
        alternates: Vec::new(),
        banner: None,
        corrections: Vec::new(),
        appliances: vec![tally::LinkItem {
            title: "XGS 136".to_string(),
            url: "/families/xgs-136/".to_string(),
        }],
        code_under_test: vec![("driver".to_string(), "npuep.ko d29c84f3".to_string())],
        build_rows: vec![tally::LabelledRow {
            label: "Driver".to_string(),
            value: "npuep.ko d29c84f3".to_string(),
        }],
        evidence_html: String::new(),
        contents: Vec::new(),
        completion: None,
        discussion: true,
        taken: None,
        files_taken: Vec::new(),
    };
    let mut context = tera::Context::new();
    context.insert("lang", "en");
    context.insert("site", &site);
    context.insert("page", &view);
    context.insert("section", "measurements");
    context.insert("section_page", &false);

    let mut group = c.benchmark_group("templates, per page");
    group.sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(1));
    group.bench_function("measurement.html", |b| {
        b.iter(|| black_box(templates.render("measurement.html", black_box(&context)).expect("renders")))
    });
    group.finish();

    // The whole bundled site, in memory (nothing written); its four screenshots come from the
    // stamp cache after the first build.
    let options = Options { root: root().to_path_buf(), ..Options::default() };
    let pages = match make(&options) {
        Ok(built) => built.output.files.keys().filter(|p| p.ends_with("index.html")).count(),
        Err(error) => panic!("the bundled site builds: {error:?}"),
    };
    let mut group = c.benchmark_group("whole build of the bundled site");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(pages as u64));
    group.bench_function(format!("build, per page ({pages} pages incl. generated)"), |b| {
        b.iter(|| black_box(make(&options).is_ok()))
    });
    group.finish();
}

criterion_group!(benches, bench_markdown, bench_figures, bench_stamping, bench_templates);
criterion_main!(benches);
