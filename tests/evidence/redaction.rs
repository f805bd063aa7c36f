//! Redaction (issue 27): a screenshot with `redact:` is never published whole, not as its
//! original (`originals: {publish: true}`) nor under another name: the redaction follows
//! the picture's content, not its file name.

use crate::common;

use common::Site;

/// A white PNG of 64×48: the "secret" a redaction covers is every pixel of it.
fn white_png() -> Vec<u8> {
    let image =
        image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(64, 48, image::Rgb([255, 255, 255])));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).expect("encoding a PNG");
    bytes.into_inner()
}

/// A measurement whose run `close_coproc` has the shot `shots/s.png`, its top-left 16×16
/// redacted, published with originals; the page shows `shown` (files of the bundle).
fn redacted_site(shown: &[&str]) -> Site {
    let site = Site::new();
    let runs = common::RUNS_YAML.replace(
        "  close_coproc:\n",
        "  close_coproc:\n    shot: shots/s.png\n    redact: [[0, 0, 16, 16]]\n",
    );
    let pictures: String = shown.iter().map(|file| format!("\n\n![a shot]({file})")).collect();
    let page = common::MEASUREMENT
        .replace("The host received most frames.", &format!("The host received most frames.{pictures}"));
    site.appliance().file("content/m/index.md", page).file("content/m/runs.yaml", runs);
    site.file("content/m/shots/s.png", white_png());
    site.file("site.yaml", format!("{}originals: {{publish: true, path: originals}}\n", common::SITE_YAML));
    site
}

/// The colour of pixel (4, 4) of the built picture `built`: inside the redaction.
fn pixel_inside_the_redaction(site: &Site, built: &str) -> [u8; 3] {
    let bytes = std::fs::read(site.path("site").join(built)).unwrap_or_else(|e| panic!("site/{built}: {e}"));
    let image = image::load_from_memory(&bytes).expect("a picture").into_rgb8();
    image.get_pixel(4, 4).0
}

#[test]
fn a_redacted_shots_original_is_never_published() {
    let site = redacted_site(&["shots/s.png"]);
    site.file("content/m/shots/plain.png", white_png());
    site.edit("content/m/index.md", "(shots/s.png)", "(shots/s.png)\n\n![another](shots/plain.png)");
    site.build().expect_success();
    assert_eq!(pixel_inside_the_redaction(&site, "m/shots/s.png"), [0, 0, 0]);
    let published: Vec<String> = common::tree(&site.path("site")).into_keys().collect();
    let originals: Vec<&String> = published.iter().filter(|p| p.starts_with("originals/")).collect();
    assert!(
        !originals.iter().any(|p| p.ends_with("shots/s.png")),
        "the redacted original is published: {originals:?}"
    );
}

#[test]
fn a_copy_of_a_redacted_shot_under_another_name_gets_its_redaction() {
    let site = redacted_site(&["shots/s.png", "shots/copy.png"]);
    site.file("content/m/shots/copy.png", white_png());
    site.build().expect_success();
    assert_eq!(
        pixel_inside_the_redaction(&site, "m/shots/copy.png"),
        [0, 0, 0],
        "the copy is published whole"
    );
    let published: Vec<String> = common::tree(&site.path("site")).into_keys().collect();
    assert!(
        !published.iter().any(|p| p.starts_with("originals/") && p.contains("shots/")),
        "an original of the redacted picture is published: {published:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_hard_link_of_a_redacted_shot_gets_its_redaction() {
    let site = redacted_site(&["shots/s.png", "linked.png"]);
    std::fs::hard_link(site.path("content/m/shots/s.png"), site.path("content/m/linked.png"))
        .expect("a link");
    site.build().expect_success();
    assert_eq!(pixel_inside_the_redaction(&site, "m/linked.png"), [0, 0, 0], "the link is published whole");
}

#[test]
fn a_redacted_shot_copied_as_it_is_is_refused_naming_the_shot() {
    for copy in ["static/leak.png", "content/m/shots/s.png.bak2", "content/m/raw/s.dat"] {
        let site = redacted_site(&["shots/s.png"]);
        site.file(copy, white_png());
        let run = site.build();
        run.expect_code(1).expect_stderr("error[redaction-leak]").expect_stderr("content/m/shots/s.png");
        assert!(run.stderr.contains(copy), "{copy}: {}", run.stderr);
        assert!(!site.path("site").exists());
    }
}

/// Every picture file published under `m/`, by its path: PNG, JPEG and WebP alike.
fn published_pictures(site: &Site) -> Vec<(String, image::RgbImage)> {
    common::tree(&site.path("site"))
        .into_iter()
        .filter(|(path, _)| path.starts_with("m/") || path.starts_with("originals/"))
        .filter_map(|(path, bytes)| {
            let image = if path.ends_with(".webp") {
                let decoded = webp::Decoder::new(&bytes).decode().expect("a published WebP decodes");
                let channels = if decoded.is_alpha() { 4 } else { 3 };
                let rgb = decoded.chunks(channels).flat_map(|pixel| pixel[..3].to_vec()).collect();
                image::RgbImage::from_raw(decoded.width(), decoded.height(), rgb)?
            } else if path.ends_with(".png") || path.ends_with(".jpg") {
                image::load_from_memory(&bytes).expect("a published picture decodes").into_rgb8()
            } else {
                return None;
            };
            Some((path, image))
        })
        .collect()
}

/// Issue 46: the redaction holds in every copy published, at every size and format, and no
/// copy is made of the original.
#[test]
fn every_published_copy_of_a_redacted_shot_is_redacted() {
    let site = redacted_site(&["shots/s.png"]);
    site.build().expect_success();
    let pictures = published_pictures(&site);
    let copies: Vec<&String> = pictures.iter().map(|(path, _)| path).collect();
    assert!(copies.iter().any(|p| p.ends_with(".webp")), "a WebP copy is published: {copies:?}");
    for (path, image) in &pictures {
        assert!(!path.starts_with("originals/"), "an original is published: {path}");
        // The redaction is the top-left quarter by a third of the width: its centre, at
        // the copy's own scale.
        let (x, y) = (image.width() * 6 / 64, image.height().min(image.width() * 48 / 64) * 6 / 48);
        assert_eq!(image.get_pixel(x, y).0, [0, 0, 0], "{path} at {x},{y} shows the redacted pixels");
    }
}
