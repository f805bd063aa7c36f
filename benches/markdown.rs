//! The markdown stage's parser, compared on the bundled site's pages (every
//! `content/**/*.md` body, English and Japanese): pulldown-cmark 0.13 as tally configures
//! it (tables, strikethrough, footnotes, heading attributes) parsing and writing HTML,
//! against comrak 0.59 with the same extensions and `cjk_friendly_emphasis` on, and tally's
//! whole `render_html`, on every page and on the Japanese pages alone (issue 26: those whose
//! bold beside Japanese text makes tally parse them a second time, with comrak).
//!
//! Criterion's throughput is set to the bytes of markdown, so it reports bytes per second.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tally::{RenderInputs, render_html};

/// Every page body of the bundled site, front matter left out, with whether it is a
/// Japanese page's.
fn pages() -> Vec<(String, bool)> {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let mut bodies = Vec::new();
    for entry in walkdir::WalkDir::new(content).sort_by_file_name() {
        let entry = entry.expect("content/ is readable");
        if entry.path().extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(entry.path()).expect("a page is UTF-8");
            let body = match text.strip_prefix("---\n").and_then(|rest| rest.split_once("\n---\n")) {
                Some((_, body)) => body.to_string(),
                None => text,
            };
            bodies.push((body, entry.path().to_string_lossy().ends_with(".ja.md")));
        }
    }
    bodies
}

fn pulldown_options() -> pulldown_cmark::Options {
    pulldown_cmark::Options::ENABLE_TABLES
        | pulldown_cmark::Options::ENABLE_STRIKETHROUGH
        | pulldown_cmark::Options::ENABLE_FOOTNOTES
        | pulldown_cmark::Options::ENABLE_HEADING_ATTRIBUTES
}

fn comrak_options() -> comrak::Options<'static> {
    let mut options = comrak::Options::default();
    options.extension.strikethrough = true;
    options.extension.table = true;
    options.extension.footnotes = true;
    options.extension.cjk_friendly_emphasis = true;
    options.render.r#unsafe = true;
    // What the claim scanner would need of it: places in the source.
    options.render.sourcepos = true;
    options
}

fn markdown(c: &mut Criterion) {
    let pages = pages();
    let bodies: Vec<String> = pages.iter().map(|(body, _)| body.clone()).collect();
    let japanese: Vec<String> = pages.iter().filter(|(_, ja)| *ja).map(|(body, _)| body.clone()).collect();
    let bytes: usize = bodies.iter().map(String::len).sum();
    let mut group = c.benchmark_group("markdown");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("pulldown-cmark 0.13 parse+html", |b| {
        b.iter(|| {
            for body in &bodies {
                let mut html = String::with_capacity(body.len() * 3 / 2);
                pulldown_cmark::html::push_html(
                    &mut html,
                    pulldown_cmark::Parser::new_ext(black_box(body), pulldown_options())
                        .into_offset_iter()
                        .map(|(e, _)| e),
                );
                black_box(html);
            }
        })
    });
    let options = comrak_options();
    group.bench_function("comrak 0.59 cjk_friendly parse+html", |b| {
        b.iter(|| {
            for body in &bodies {
                black_box(comrak::markdown_to_html(black_box(body), &options));
            }
        })
    });
    let links = BTreeMap::new();
    group.bench_function("tally render_html", |b| {
        b.iter(|| {
            for body in &bodies {
                black_box(render_html(black_box(body), 0, &RenderInputs { links: &links, claims: &[] }));
            }
        })
    });
    group.finish();
    let mut group = c.benchmark_group("markdown-ja");
    group.throughput(Throughput::Bytes(japanese.iter().map(String::len).sum::<usize>() as u64));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("tally render_html, Japanese pages", |b| {
        b.iter(|| {
            for body in &japanese {
                black_box(render_html(black_box(body), 0, &RenderInputs { links: &links, claims: &[] }));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, markdown);
criterion_main!(benches);
