//! Throughput of screenshot stamping: a build with every image new (cold cache), a build
//! with nothing changed (warm cache), and, as the floor to compare with, only decoding and
//! re-encoding the same PNGs with the image crate's defaults.
//!
//! Owns its own test pictures (1920×1080 "screenshots": a flat light background, dark
//! text-like bars, and a noisy photo-like panel, all from a fixed seed). It
//! does not check correctness; tests/evidence/stamp.rs does. Criterion reports images/s because
//! each group's throughput is set to the number of images per iteration.

use std::hint::black_box;
use std::io::Cursor;
use std::path::Path;
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgb, RgbImage};
use rayon::prelude::*;
use tally::{StampCache, StampJob, Strip, stamp_all};

/// Images per iteration: enough for both cores to stay busy, few enough that ten samples
/// finish in about a minute per group on a shared two-core machine.
const IMAGES: usize = 8;
const WIDTH: u32 = 1920;
const HEIGHT: u32 = 1080;

fn screenshot(seed: u32) -> RgbImage {
    let mut state = seed.wrapping_mul(0x9E37_79B9) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    // A flat window background, as in a real screenshot; the noise is in the panel below.
    let mut picture = RgbImage::from_pixel(WIDTH, HEIGHT, Rgb([248, 248, 250]));
    // Lines of "text": dark bars of varying length, like a terminal window.
    for line in 0..40u32 {
        let length = 200 + next() % 1400;
        let top = 30 + line * 24;
        for y in top..top + 12 {
            for x in 40..40 + length {
                picture.put_pixel(x, y, Rgb([40, 40, 48]));
            }
        }
    }
    // A photo-like panel that compresses poorly.
    for y in 600..1000 {
        for x in 1300..1860 {
            let [r, g, b, _] = next().to_le_bytes();
            picture.put_pixel(x, y, Rgb([r, g, b]));
        }
    }
    picture
}

fn png(picture: &RgbImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).expect("bench picture encodes");
    out.into_inner()
}

fn write_jobs(dir: &Path) -> Vec<StampJob> {
    (0..IMAGES as u32)
        .map(|i| {
            let source = dir.join(format!("shot-{i}.png"));
            std::fs::write(&source, png(&screenshot(i))).expect("bench picture is written");
            StampJob {
                source,
                strip: Strip {
                    owner: "山田太郎 (Taro Yamada)".to_string(),
                    licence: "CC BY 4.0".to_string(),
                    licence_url: "https://creativecommons.org/licenses/by/4.0/".to_string(),
                    page_url: "https://example.org/measurements/2026-10-29-xgs136-http/".to_string(),
                },
                redactions: vec![[40, 30, 300, 12]],
            }
        })
        .collect()
}

fn bench_stamping(c: &mut Criterion) {
    let originals = tempfile::tempdir().expect("temp dir");
    let jobs = write_jobs(originals.path());
    let bytes: Vec<Vec<u8>> =
        jobs.iter().map(|job| std::fs::read(&job.source).expect("bench picture reads")).collect();

    let mut group = c.benchmark_group("1920x1080 screenshots");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(IMAGES as u64));

    group.bench_function("stamp_all, cold cache", |b| {
        b.iter_batched(
            || tempfile::tempdir().expect("temp cache dir"),
            |cache_dir| {
                let cache = StampCache::new(cache_dir.path().to_path_buf());
                let (results, report) = stamp_all(&jobs, &cache);
                assert_eq!(report.decoded, IMAGES);
                black_box(results);
                cache_dir
            },
            BatchSize::PerIteration,
        )
    });

    let warm = tempfile::tempdir().expect("temp cache dir");
    let warm_cache = StampCache::new(warm.path().to_path_buf());
    stamp_all(&jobs, &warm_cache);
    group.bench_function("stamp_all, warm cache", |b| {
        b.iter(|| {
            let (results, report) = stamp_all(&jobs, &warm_cache);
            assert_eq!(report.from_cache, IMAGES);
            black_box(results)
        })
    });

    group.bench_function("decode and re-encode only", |b| {
        b.iter(|| {
            let out: Vec<Vec<u8>> = bytes
                .par_iter()
                .map(|original| {
                    let picture = image::load_from_memory(original).expect("decodes");
                    let mut encoded = Vec::new();
                    // The same deflate level and filter stamping uses (image's own
                    // default is the faster, 2-4x larger `Fast`), so the difference
                    // measured is the stamping itself.
                    PngEncoder::new_with_quality(
                        &mut encoded,
                        CompressionType::Default,
                        FilterType::Adaptive,
                    )
                    .write_image(
                        picture.as_bytes(),
                        picture.width(),
                        picture.height(),
                        picture.color().into(),
                    )
                    .expect("encodes");
                    encoded
                })
                .collect();
            black_box(out)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_stamping);
criterion_main!(benches);
