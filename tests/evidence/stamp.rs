//! Integration tests of screenshot stamping through the public API only: what a reader of
//! the published site sees (the strip, its text size, the untouched photograph, the
//! redactions), what leaves with the file (metadata, read by exiftool), and what the build
//! relies on (cache, determinism, originals never written, bad files as errors).
//!
//! It does not test internal helpers; those have unit tests beside them in src/stamp/.

use std::io::Cursor;
use std::path::Path;
use std::process::Command;

use image::{DynamicImage, GenericImageView, Rgb, RgbImage, Rgba, RgbaImage};
use tally::{ImageFormat, StampCache, StampError, StampJob, Strip, stamp, stamp_all, stamp_copies};

/// The brief's floor: a line of strip text is at least this many pixels tall at 100 %.
const MIN_GLYPH_HEIGHT_PX: u32 = 11;
/// The strip's text is light on dark; a pixel this bright in every channel is ink.
const INK_THRESHOLD: u8 = 0xB0;

fn strip(owner: &str) -> Strip {
    Strip {
        owner: owner.to_string(),
        licence: "CC BY 4.0".to_string(),
        licence_url: "https://creativecommons.org/licenses/by/4.0/".to_string(),
        page_url: "https://example.org/measurements/2026-10-29-xgs136-http/".to_string(),
    }
}

/// Deterministic noise: every pixel differs from its neighbours, so a pixel that survives
/// (or does not) can be told apart from a fill.
fn noise(width: u32, height: u32, seed: u32) -> RgbImage {
    let mut state = seed | 1;
    RgbImage::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let [a, b, c, _] = state.to_le_bytes();
        Rgb([a, b, c])
    })
}

/// A mid-grey picture: neither the strip's background nor its ink, so strip pixels found
/// later can only come from the strip.
fn grey(width: u32, height: u32) -> RgbImage {
    RgbImage::from_pixel(width, height, Rgb([0x80, 0x80, 0x80]))
}

fn encode(image: &DynamicImage, format: image::ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).expect("test image encodes");
    out.into_inner()
}

fn decode(bytes: &[u8]) -> DynamicImage {
    image::load_from_memory(bytes).expect("stamped output decodes")
}

/// Heights of the runs of consecutive strip rows that contain ink: one run per line.
fn ink_bands(strip_rows: &RgbImage) -> Vec<u32> {
    let mut bands = Vec::new();
    let mut run = 0;
    for y in 0..strip_rows.height() {
        let has_ink =
            (0..strip_rows.width()).any(|x| strip_rows.get_pixel(x, y).0.iter().all(|&c| c >= INK_THRESHOLD));
        if has_ink {
            run += 1;
        } else if run > 0 {
            bands.push(run);
            run = 0;
        }
    }
    if run > 0 {
        bands.push(run);
    }
    bands
}

#[test]
fn strip_text_is_legible_and_inside_the_edges_at_every_width() {
    let mut tallest_by_width = Vec::new();
    for width in [320, 1280, 3840] {
        let height = width * 9 / 16;
        let original = encode(&grey(width, height).into(), image::ImageFormat::Png);
        let stamped = stamp(&original, &strip("Example Owner"), &[]).unwrap();
        let out = decode(&stamped.bytes).into_rgb8();
        assert_eq!(out.width(), width);
        let strip_rows = out.view(0, height, width, out.height() - height).to_image();

        let bands = ink_bands(&strip_rows);
        assert!(bands.len() >= 2, "{width} px: lines {bands:?}");
        let tallest = *bands.iter().max().unwrap();
        assert!(tallest >= MIN_GLYPH_HEIGHT_PX, "{width} px: tallest line of text is {tallest} px");
        tallest_by_width.push(tallest);

        // No ink in the outermost columns: the text wraps before it reaches the edge.
        for y in 0..strip_rows.height() {
            for x in [0, 1, 2, width - 3, width - 2, width - 1] {
                let pixel = strip_rows.get_pixel(x, y).0;
                assert!(
                    pixel.iter().any(|&c| c < INK_THRESHOLD),
                    "{width} px: ink at the edge, column {x} row {y}"
                );
            }
        }
    }
    // The text grows with the picture, so a 4K screenshot shown scaled down still reads.
    assert!(tallest_by_width[2] >= 3 * tallest_by_width[0], "{tallest_by_width:?}");
}

#[test]
fn japanese_owner_names_render_as_distinct_glyphs_not_boxes() {
    // With a font lacking kanji both names would draw as the same row of empty boxes.
    let original = encode(&grey(640, 100).into(), image::ImageFormat::Png);
    let yamada = decode(&stamp(&original, &strip("山田太郎"), &[]).unwrap().bytes).into_rgb8();
    let sato = decode(&stamp(&original, &strip("佐藤花子"), &[]).unwrap().bytes).into_rgb8();
    assert_eq!(yamada.dimensions(), sato.dimensions());
    assert_ne!(yamada, sato);
}

#[test]
fn png_photograph_pixels_are_unchanged_above_the_strip() {
    let original = noise(500, 300, 7);
    let bytes = encode(&original.clone().into(), image::ImageFormat::Png);
    let stamped = stamp(&bytes, &strip("Example Owner"), &[]).unwrap();
    assert_eq!(stamped.format, ImageFormat::Png);
    assert!(stamped.bytes.starts_with(b"\x89PNG"));
    let out = decode(&stamped.bytes).into_rgb8();
    assert_eq!(out.view(0, 0, 500, 300).to_image(), original);
    assert!(stamped.height > 300);
}

#[test]
fn jpeg_stays_jpeg_and_its_photograph_survives_above_the_strip() {
    // Smooth content: JPEG is lossy, so compare with a tolerance a real change would break.
    let original = RgbImage::from_fn(400, 240, |x, y| Rgb([(x / 2) as u8, (y as u8), 128]));
    let bytes = encode(&original.clone().into(), image::ImageFormat::Jpeg);
    let before = decode(&bytes).into_rgb8();
    let stamped = stamp(&bytes, &strip("Example Owner"), &[]).unwrap();
    assert_eq!(stamped.format, ImageFormat::Jpeg);
    assert!(stamped.bytes.starts_with(&[0xFF, 0xD8]));
    let out = decode(&stamped.bytes).into_rgb8();
    assert_eq!((out.width(), out.height()), (stamped.width, stamped.height));
    let mut total_difference = 0u64;
    for (x, y, pixel) in before.enumerate_pixels() {
        let after = out.get_pixel(x, y);
        for channel in 0..3 {
            total_difference += u64::from(pixel[channel].abs_diff(after[channel]));
        }
    }
    let mean = total_difference as f64 / f64::from(400 * 240 * 3);
    assert!(mean < 2.0, "mean difference {mean}");
}

#[test]
fn rgba_png_keeps_its_transparency() {
    let original = RgbaImage::from_fn(120, 80, |x, y| Rgba([x as u8, y as u8, 50, (x + y) as u8]));
    let bytes = encode(&original.clone().into(), image::ImageFormat::Png);
    let out = decode(&stamp(&bytes, &strip("Example Owner"), &[]).unwrap().bytes);
    assert_eq!(out.color(), image::ColorType::Rgba8);
    assert_eq!(out.into_rgba8().view(0, 0, 120, 80).to_image(), original);
}

#[test]
fn redacted_png_region_holds_only_the_fill() {
    let original = noise(300, 200, 99);
    let rect = [40, 30, 123, 45];
    let bytes = encode(&original.into(), image::ImageFormat::Png);
    let out = decode(&stamp(&bytes, &strip("Example Owner"), &[rect]).unwrap().bytes).into_rgb8();
    let fill = *out.get_pixel(rect[0], rect[1]);
    assert_eq!(fill, Rgb([0, 0, 0]), "the fill is opaque black");
    for y in rect[1]..rect[1] + rect[3] {
        for x in rect[0]..rect[0] + rect[2] {
            assert_eq!(*out.get_pixel(x, y), fill, "original pixel left at {x},{y}");
        }
    }
    // And only the region: its neighbours are still noise.
    assert_ne!(*out.get_pixel(rect[0] - 1, rect[1]), fill);
    assert_ne!(*out.get_pixel(rect[0] + rect[2], rect[1]), fill);
}

#[test]
fn redacted_jpeg_region_is_dark_throughout() {
    let original = noise(256, 128, 5);
    let rect = [32, 32, 96, 64];
    let bytes = encode(&original.into(), image::ImageFormat::Jpeg);
    let out = decode(&stamp(&bytes, &strip("Example Owner"), &[rect]).unwrap().bytes).into_rgb8();
    // Lossy coding smears a little of the surrounding noise over the border, so look two
    // pixels in; none of the region's original noise can be there because the encoder
    // never saw it.
    for y in rect[1] + 2..rect[1] + rect[3] - 2 {
        for x in rect[0] + 2..rect[0] + rect[2] - 2 {
            let pixel = out.get_pixel(x, y);
            assert!(pixel.0.iter().all(|&c| c <= 24), "{pixel:?} at {x},{y}");
        }
    }
}

#[test]
fn redaction_outside_the_image_is_an_error() {
    let bytes = encode(&grey(100, 50).into(), image::ImageFormat::Png);
    let error = stamp(&bytes, &strip("Owner"), &[[0, 0, 10, 10], [95, 10, 10, 10]]).unwrap_err();
    assert_eq!(
        error,
        StampError::RedactionOutside { index: 1, rect: [95, 10, 10, 10], width: 100, height: 50 }
    );
}

#[test]
fn exif_orientation_is_applied_before_stamping() {
    // A TIFF block with Orientation = 6 (rotate 90° clockwise), as phones write.
    let mut exif = b"II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0".to_vec();
    exif.extend_from_slice(&[0, 0, 0, 0]);
    let mut bytes = Vec::new();
    let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90);
    image::ImageEncoder::set_exif_metadata(&mut encoder, exif).unwrap();
    image::ImageEncoder::write_image(
        encoder,
        grey(400, 200).as_raw(),
        400,
        200,
        image::ExtendedColorType::Rgb8,
    )
    .unwrap();
    let stamped = stamp(&bytes, &strip("Owner"), &[]).unwrap();
    assert_eq!(stamped.width, 200, "upright width");
}

#[test]
fn sixteen_bit_and_grey_pngs_are_stamped() {
    let deep =
        image::ImageBuffer::<image::Rgb<u16>, Vec<u16>>::from_pixel(50, 40, image::Rgb([65535, 0, 300]));
    let grey_luma = image::GrayImage::from_pixel(50, 40, image::Luma([77]));
    for original in [DynamicImage::from(deep), DynamicImage::from(grey_luma)] {
        let bytes = encode(&original, image::ImageFormat::Png);
        let stamped = stamp(&bytes, &strip("Owner"), &[]).unwrap();
        assert_eq!(stamped.width, 50);
        assert!(stamped.height > 40);
    }
}

#[test]
fn same_inputs_give_identical_bytes() {
    for format in [image::ImageFormat::Png, image::ImageFormat::Jpeg] {
        let bytes = encode(&noise(333, 222, 3).into(), format);
        let first = stamp_copies(&bytes, &strip("山田太郎"), &[[1, 2, 30, 40]]).unwrap();
        let second = stamp_copies(&bytes, &strip("山田太郎"), &[[1, 2, 30, 40]]).unwrap();
        assert_eq!(first, second, "{format:?}");
    }
}

#[test]
fn bad_images_are_errors_not_panics() {
    let png = encode(&noise(64, 64, 1).into(), image::ImageFormat::Png);
    let jpeg = encode(&noise(64, 64, 1).into(), image::ImageFormat::Jpeg);
    let random = noise(40, 40, 11).into_raw();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("random bytes", random),
        ("truncated png", png[..png.len() / 2].to_vec()),
        ("png signature only", png[..8].to_vec()),
        ("png header only", png[..33].to_vec()),
        ("truncated jpeg header", jpeg[..20].to_vec()),
        ("gif", b"GIF89a\x01\0\x01\0\0\0\0;".to_vec()),
    ];
    for (name, bytes) in cases {
        let result = stamp(&bytes, &strip("Owner"), &[]);
        let error = result.expect_err(name);
        assert!(!error.to_string().is_empty(), "{name}");
    }
    assert_eq!(stamp(b"GIF89a\x01\0\x01\0\0\0\0;", &strip("Owner"), &[]), Err(StampError::UnsupportedFormat));
}

fn write_originals(dir: &Path) -> Vec<StampJob> {
    (0..3)
        .map(|i| {
            let (format, name) = if i == 1 {
                (image::ImageFormat::Jpeg, format!("shot-{i}.jpg"))
            } else {
                (image::ImageFormat::Png, format!("shot-{i}.png"))
            };
            let source = dir.join(name);
            std::fs::write(&source, encode(&noise(200 + i, 100, i + 1).into(), format)).unwrap();
            StampJob { source, strip: strip("Example Owner"), redactions: vec![[10, 10, 20, 20]] }
        })
        .collect()
}

#[test]
fn second_run_decodes_nothing_and_returns_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let mut jobs = write_originals(dir.path());
    let cache = StampCache::new(dir.path().join(".tally-cache/stamps"));

    let (first, report) = stamp_all(&jobs, &cache);
    assert_eq!((report.decoded, report.from_cache), (3, 0));
    let (second, report) = stamp_all(&jobs, &cache);
    assert_eq!((report.decoded, report.from_cache), (0, 3));
    assert_eq!(first, second);
    // In input order, each in its own format.
    let formats: Vec<_> = second.iter().map(|r| r.as_ref().unwrap().format).collect();
    assert_eq!(formats, [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Png]);
    // The batch gives what a direct call gives.
    let direct = stamp(&std::fs::read(&jobs[0].source).unwrap(), &jobs[0].strip, &jobs[0].redactions);
    assert_eq!(second[0], direct);

    // A changed redaction is a changed image: only that one is stamped again.
    jobs[2].redactions.push([0, 0, 5, 5]);
    let (_, report) = stamp_all(&jobs, &cache);
    assert_eq!((report.decoded, report.from_cache), (1, 2));
    // No temporary files are left behind.
    for entry in std::fs::read_dir(cache.dir()).unwrap() {
        let name = entry.unwrap().file_name();
        assert!(!name.to_string_lossy().ends_with(".tmp"), "{name:?}");
    }
}

#[test]
fn originals_are_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let jobs = write_originals(dir.path());
    let hash_all = || -> Vec<blake3::Hash> {
        jobs.iter().map(|job| blake3::hash(&std::fs::read(&job.source).unwrap())).collect()
    };
    let modified = |job: &StampJob| std::fs::metadata(&job.source).unwrap().modified().unwrap();
    let before = hash_all();
    let times_before: Vec<_> = jobs.iter().map(modified).collect();
    let cache = StampCache::new(dir.path().join("cache"));
    let (results, _) = stamp_all(&jobs, &cache);
    assert!(results.iter().all(Result::is_ok));
    assert_eq!(hash_all(), before);
    assert_eq!(jobs.iter().map(modified).collect::<Vec<_>>(), times_before);
    // Nothing new appeared beside the originals except the cache folder.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), jobs.len() + 1, "{names:?}");
}

/// Runs exiftool. It is required, not skipped: CI installs it (the Debian package
/// libimage-exiftool-perl), and a metadata check that quietly does not run proves nothing.
fn exiftool_json(path: &Path) -> serde_json::Value {
    let output =
        Command::new("exiftool").args(["-j", "-G1", "-a"]).arg(path).output().unwrap_or_else(|error| {
            panic!("exiftool is required (apt package libimage-exiftool-perl): {error}")
        });
    assert!(output.status.success(), "exiftool failed: {}", String::from_utf8_lossy(&output.stderr));
    let parsed: serde_json::Value = serde_json::from_slice(&output.stdout).expect("exiftool prints JSON");
    parsed[0].clone()
}

/// The values of every tag whose name (after the group) is `tag`.
fn tag_values<'a>(tags: &'a serde_json::Value, tag: &str) -> Vec<&'a str> {
    let Some(object) = tags.as_object() else {
        return Vec::new();
    };
    object
        .iter()
        .filter(|(key, _)| key.rsplit(':').next() == Some(tag))
        .filter_map(|(_, value)| value.as_str())
        .collect()
}

/// What exiftool must read in every published copy: the owner, the licence and the rights
/// sentence, with no warning about the file's structure.
fn assert_attributed(path: &Path, owner: &str) {
    let licence_url = "https://creativecommons.org/licenses/by/4.0/";
    let name = path.display();
    let tags = exiftool_json(path);
    assert!(tag_values(&tags, "Creator").contains(&owner), "{name}: {tags:#}");
    assert!(tag_values(&tags, "Artist").contains(&owner), "{name}: {tags:#}");
    assert!(tag_values(&tags, "WebStatement").contains(&licence_url), "{name}: {tags:#}");
    assert!(tag_values(&tags, "License").contains(&licence_url), "{name}: {tags:#}");
    let rights = tag_values(&tags, "Rights");
    assert!(rights.iter().any(|r| r.contains(owner) && r.contains("CC BY 4.0")), "{name}: {tags:#}");
    assert!(tag_values(&tags, "Warning").is_empty(), "{name}: exiftool warns: {tags:#}");
}

#[test]
fn owner_and_licence_travel_in_the_file_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let owner = "山田太郎 (Yamada)";
    for (format, name) in [(image::ImageFormat::Png, "out.png"), (image::ImageFormat::Jpeg, "out.jpg")] {
        let original = encode(&noise(80, 60, 2).into(), format);
        let copies = stamp_copies(&original, &strip(owner), &[]).unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, &copies.full.bytes).unwrap();
        assert_attributed(&path, owner);
        for (index, variant) in copies.webp.iter().enumerate() {
            let path = dir.path().join(format!("out{index}.webp"));
            std::fs::write(&path, &variant.stamped.bytes).unwrap();
            assert_attributed(&path, owner);
            assert_eq!(exiftool_json(&path)["File:FileType"], "Extended WEBP", "VP8X written");
        }
    }
}

#[test]
fn png_gains_a_lossless_webp_twin_with_the_same_pixels_and_jpeg_stays_jpeg_alone() {
    let original = encode(&noise(301, 77, 9).into(), image::ImageFormat::Png);
    let copies = stamp_copies(&original, &strip("Example Owner"), &[[3, 4, 50, 6]]).unwrap();
    assert_eq!(copies.full.format, ImageFormat::Png);
    let [webp] = &copies.webp[..] else { panic!("one WebP copy: {:?}", copies.webp.len()) };
    assert_eq!((webp.suffix.as_str(), webp.stamped.format), ("", ImageFormat::Webp));
    assert_eq!((webp.stamped.width, webp.stamped.height), (copies.full.width, copies.full.height));
    let png = decode(&copies.full.bytes).into_rgb8();
    let decoded = webp::Decoder::new(&webp.stamped.bytes).decode().expect("the WebP decodes");
    assert_eq!((decoded.width(), decoded.height(), decoded.is_alpha()), (png.width(), png.height(), false));
    assert_eq!(&*decoded, png.as_raw().as_slice(), "lossless: the WebP is the PNG, pixel for pixel");
    assert!(webp.stamped.bytes.len() < copies.full.bytes.len() * 2, "no larger than a PNG's order");

    let jpeg = encode(&noise(64, 40, 1).into(), image::ImageFormat::Jpeg);
    assert!(stamp_copies(&jpeg, &strip("Example Owner"), &[]).unwrap().webp.is_empty());
}

/// Not a check: writes a 1280-wide stamped screenshot for a person to look at.
/// `STAMP_EXAMPLE=/tmp/stamp-example.png cargo test --test evidence stamp -- --ignored`
#[test]
#[ignore]
fn write_example_for_a_person_to_look_at() {
    let path = std::env::var("STAMP_EXAMPLE").unwrap_or_else(|_| "/tmp/stamp-example.png".into());
    let mut picture = RgbImage::from_pixel(1280, 720, Rgb([250, 250, 250]));
    for row in 0..20u32 {
        for x in 40..(40 + (row * 97 % 900) + 200) {
            for y in 40 + row * 30..52 + row * 30 {
                picture.put_pixel(x, y, Rgb([60, 60, 70]));
            }
        }
    }
    let bytes = encode(&picture.into(), image::ImageFormat::Png);
    let stamped = stamp(&bytes, &strip("山田太郎 (Taro Yamada)"), &[[40, 100, 300, 30]]).unwrap();
    std::fs::write(&path, &stamped.bytes).unwrap();
}
