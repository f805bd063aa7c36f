//! Screenshots: the owner and licence strip under every published photograph.
//!
//! Owns turning one original (PNG or JPEG bytes) into the copy a site publishes: redaction
//! rectangles filled opaquely, a strip added *below* the photograph with the owner, the
//! licence and the page's address, the same attribution written into the file's metadata,
//! and the same format out as in. [`stamp_each`] and [`stamp_all`] run many of these in
//! parallel behind a content-hash cache.
//!
//! It does not find images in pages, read `redact:` from runs.yaml, decide output paths
//! or write into `site/`: the build does, and attaches file:line to the errors returned
//! here. Originals are only ever read.

mod batch;
mod codec;
mod metadata;
mod redact;
mod riff;
mod scale;
mod sizes;
mod strip;

use image::{ImageBuffer, Pixel, Rgb, Rgba};
use thiserror::Error;

pub(crate) use batch::stamp_each;
pub use batch::{StampCache, StampJob, stamp_all};
use codec::Photo;
pub(crate) use codec::upright_size;
use sizes::CopySpec;
pub(crate) use sizes::{Screen, phone_media, phone_sizes, sizes_attribute};

/// What the strip under a photograph says, from site.yaml and the page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Strip {
    /// Who owns the photograph; may be Japanese.
    pub owner: String,
    /// The licence's short name, e.g. "CC BY 4.0".
    pub licence: String,
    /// The licence's address.
    pub licence_url: String,
    /// The address of the page that publishes the image.
    pub page_url: String,
}

/// A region to cover: x, y, width, height in pixels of the original as a viewer shows it
/// (after any EXIF rotation).
pub(crate) type Redaction = [u32; 4];

/// The two formats tally stamps; the published copy keeps the original's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    /// PNG, published with iTXt and XMP metadata.
    Png,
    /// JPEG, published with EXIF and XMP metadata.
    Jpeg,
    /// Lossless WebP, published beside a PNG with EXIF and XMP metadata (VP8X, `EXIF`,
    /// `XMP ` chunks); never an original's format.
    Webp,
}

impl ImageFormat {
    /// The file extension the published copy should carry.
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Png => "png",
            ImageFormat::Jpeg => "jpg",
            ImageFormat::Webp => "webp",
        }
    }

    /// The media type the file is served with.
    pub fn media_type(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Webp => "image/webp",
        }
    }
}

/// A published copy: the encoded file and its full size, strip included (for the
/// `width`/`height` attributes of the page's `<img>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamped {
    /// The encoded file.
    pub bytes: Vec<u8>,
    /// Its format.
    pub format: ImageFormat,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels, strip included.
    pub height: u32,
}

/// Why an image could not be published; the build adds the file and line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StampError {
    /// The original could not be read.
    #[error("the image cannot be read: {reason}")]
    Unreadable {
        /// The original's path.
        path: std::path::PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The original is not a picture tally can decode.
    #[error("the image cannot be decoded ({0}); is the file complete, and really a PNG or JPEG?")]
    Undecodable(String),
    /// Neither PNG nor JPEG.
    #[error("the image is neither PNG nor JPEG; save screenshots as PNG and photographs as JPEG")]
    UnsupportedFormat,
    #[error(
        "redact rectangle {} [x {}, y {}, width {}, height {}] reaches outside the image, which is {width}×{height} pixels: x + width must be at most {width} and y + height at most {height}",
        index + 1, rect[0], rect[1], rect[2], rect[3]
    )]
    /// A redaction reaches outside the picture.
    RedactionOutside {
        /// 0-based position in the list; the message counts from 1.
        index: usize,
        /// The rectangle as written: x, y, width, height.
        rect: Redaction,
        /// The picture's width.
        width: u32,
        /// The picture's height.
        height: u32,
    },
    #[error(
        "redact rectangle {} [x {}, y {}, width {}, height {}] covers nothing: its width and height must be at least 1",
        index + 1, rect[0], rect[1], rect[2], rect[3]
    )]
    /// A redaction with no area.
    RedactionEmpty {
        /// 0-based position in the list; the message counts from 1.
        index: usize,
        /// The rectangle as written: x, y, width, height.
        rect: Redaction,
    },
    /// The stamped copy could not be encoded.
    #[error("the stamped image could not be encoded: {0}")]
    Encode(String),
}

/// Every copy of one original that a site publishes: the full-size file in the original's
/// format, and for a PNG its lossless WebP twin first in `webp`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copies {
    /// The full-size copy in the original's format.
    pub full: Stamped,
    /// The WebP copies, the full-size one first.
    pub webp: Vec<Variant>,
}

/// A WebP copy and what its name adds to the original's stem: `""` for the full size
/// (`x.webp` beside `x.png`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// Added to the original's stem in the copy's name.
    pub suffix: String,
    /// The copy.
    pub stamped: Stamped,
}

/// The sizes of the copies [`stamp_copies`] makes of an original of `format`, upright
/// `width` × `height` pixels, known without decoding it: for a page's `width`, `height`
/// and `srcset`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Planned {
    /// The full-size copy, strip included.
    pub width: u32,
    pub height: u32,
    /// Each WebP copy: its suffix, its width and the screens it is for, in the order
    /// [`stamp_copies`] makes them.
    pub webp: Vec<(String, u32, Screen)>,
}

pub(crate) fn planned(format: ImageFormat, width: u32, height: u32, strip: &Strip) -> Planned {
    let full_height = height.saturating_add(strip_height(strip, width, Screen::Desktop));
    let webp = sizes::webp_copies(format, width)
        .into_iter()
        .map(|copy| (copy.suffix, copy.width, copy.screen))
        .collect();
    Planned { width, height: full_height, webp }
}

fn strip_height(strip: &Strip, width: u32, screen: Screen) -> u32 {
    strip::layout_at(strip, width, sizes::em_px(width, screen)).height
}

/// The suffixes of the WebP copies an original of `format`, upright `width` pixels wide,
/// gets, in the order [`stamp_copies`] makes them; the cache looks for these.
pub(crate) fn webp_suffixes(format: ImageFormat, width: u32) -> Vec<String> {
    sizes::webp_copies(format, width).into_iter().map(|copy| copy.suffix).collect()
}

/// Stamps one original: redacts, adds the strip below, writes attribution metadata, and
/// encodes in the original's format with fixed settings (same input, same bytes).
pub fn stamp(original: &[u8], strip: &Strip, redactions: &[Redaction]) -> Result<Stamped, StampError> {
    stamp_with(original, strip, redactions, false).map(|copies| copies.full)
}

/// Stamps one original into every copy a page serves: the full-size file in the original's
/// format and, for a PNG, the same pixels as lossless WebP, each carrying the owner and
/// licence in its strip and its metadata.
pub fn stamp_copies(original: &[u8], strip: &Strip, redactions: &[Redaction]) -> Result<Copies, StampError> {
    stamp_with(original, strip, redactions, true)
}

fn stamp_with(
    original: &[u8],
    strip: &Strip,
    redactions: &[Redaction],
    with_webp: bool,
) -> Result<Copies, StampError> {
    let decoded = codec::decode(original)?;
    let (width, height) = decoded.photo.dimensions();
    redact::check(redactions, width, height)?;
    let mut photo = decoded.photo;
    redact::apply(&mut photo, redactions);

    let attribution = metadata::Attribution::from_strip(strip);
    let icc = decoded.icc_profile;
    let specs = if with_webp { sizes::webp_copies(decoded.format, width) } else { Vec::new() };
    // Each copy scaled from the redacted photograph and stamped at its own size, so its
    // strip is legible where it is shown; the full size first, from the photograph itself.
    let narrower: Vec<Result<Variant, StampError>> = {
        use rayon::prelude::*;
        let copies: Vec<&CopySpec> =
            specs.iter().filter(|copy| copy.width != width || copy.screen != Screen::Desktop).collect();
        let scaled = scale::scaled_photos(&photo, &copies);
        copies
            .par_iter()
            .zip(scaled)
            .map(|(copy, scaled)| webp_copy(scaled, copy, strip, icc.as_deref(), &attribution))
            .collect()
    };
    let canvas = with_strip(photo, strip, sizes::em_px(width, Screen::Desktop))?;
    let (_, total_height) = canvas.dimensions();
    let bytes = match (decoded.format, &canvas) {
        (ImageFormat::Jpeg, Photo::Rgb(image)) => codec::encode_jpeg(image, icc.clone(), &attribution)?,
        (ImageFormat::Jpeg | ImageFormat::Webp, _) => {
            return Err(StampError::Encode("a JPEG cannot carry transparency".to_string()));
        }
        (ImageFormat::Png, _) => codec::encode_png(&canvas, icc.clone(), &attribution)?,
    };
    let full = Stamped { bytes, format: decoded.format, width, height: total_height };
    let mut webp = Vec::with_capacity(specs.len());
    if specs.first().is_some_and(|copy| copy.width == width && copy.screen == Screen::Desktop) {
        let bytes = codec::encode_webp(&canvas, icc.as_deref(), &attribution)?;
        let stamped = Stamped { bytes, format: ImageFormat::Webp, width, height: total_height };
        webp.push(Variant { suffix: String::new(), stamped });
    }
    for copy in narrower {
        webp.push(copy?);
    }
    Ok(Copies { full, webp })
}

/// One narrower (or phone's) WebP copy: the photograph as scaled for it, its own strip below.
fn webp_copy(
    scaled: Photo,
    copy: &CopySpec,
    strip: &Strip,
    icc: Option<&[u8]>,
    attribution: &metadata::Attribution,
) -> Result<Variant, StampError> {
    let canvas = with_strip(scaled, strip, sizes::em_px(copy.width, copy.screen))?;
    let (_, total_height) = canvas.dimensions();
    let bytes = codec::encode_webp(&canvas, icc, attribution)?;
    Ok(Variant {
        suffix: copy.suffix.clone(),
        stamped: Stamped { bytes, format: ImageFormat::Webp, width: copy.width, height: total_height },
    })
}

/// The photograph with the strip laid out for its width, its text `em_px`, appended below.
fn with_strip(photo: Photo, strip: &Strip, em_px: f32) -> Result<Photo, StampError> {
    let (width, _) = photo.dimensions();
    let layout = strip::layout_at(strip, width, em_px);
    let [br, bg, bb] = strip::BACKGROUND;
    let [tr, tg, tb] = strip::TEXT;
    Ok(match photo {
        Photo::Rgb(image) => {
            let band = strip::render(&layout, width, Rgb(strip::BACKGROUND), Rgb(strip::TEXT));
            Photo::Rgb(append_below(image, band)?)
        }
        Photo::Rgba(image) => {
            // The strip itself is opaque so it reads on any page background.
            let band =
                strip::render(&layout, width, Rgba([br, bg, bb, u8::MAX]), Rgba([tr, tg, tb, u8::MAX]));
            Photo::Rgba(append_below(image, band)?)
        }
    })
}

/// The photograph's rows, untouched, followed by the strip's rows: no glyph can land on
/// the photograph because the two are drawn apart.
fn append_below<P: Pixel<Subpixel = u8>>(
    photo: ImageBuffer<P, Vec<u8>>,
    band: ImageBuffer<P, Vec<u8>>,
) -> Result<ImageBuffer<P, Vec<u8>>, StampError> {
    let width = photo.width();
    let height = photo
        .height()
        .checked_add(band.height())
        .ok_or_else(|| StampError::Encode("the image is too tall to add a strip".to_string()))?;
    let mut raw = photo.into_raw();
    raw.extend_from_slice(band.as_raw());
    ImageBuffer::from_raw(width, height, raw)
        .ok_or_else(|| StampError::Encode("the strip and the photograph differ in width".to_string()))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use image::{GenericImageView, RgbImage, RgbaImage};

    pub(crate) fn sample_strip() -> Strip {
        Strip {
            owner: "Example Owner".to_string(),
            licence: "CC BY 4.0".to_string(),
            licence_url: "https://creativecommons.org/licenses/by/4.0/".to_string(),
            page_url: "https://example.org/measurements/2026-10-29-xgs136-http/".to_string(),
        }
    }

    /// Deterministic noise, so a test can tell every original pixel from the fill.
    fn noise(width: u32, height: u32) -> RgbImage {
        let mut state = 0x9E37_79B9_u32;
        RgbImage::from_fn(width, height, |_, _| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let [a, b, c, _] = state.to_le_bytes();
            Rgb([a, b, c])
        })
    }

    fn png_bytes(image: &image::DynamicImage) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        image.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn photograph_keeps_every_pixel_and_gains_a_strip_below() {
        let original = noise(300, 120);
        let bytes = png_bytes(&original.clone().into());
        let stamped = stamp(&bytes, &sample_strip(), &[]).unwrap();
        let out = image::load_from_memory(&stamped.bytes).unwrap().into_rgb8();
        assert_eq!(out.width(), 300);
        assert!(out.height() > 120 + 20, "strip of {} rows", out.height() - 120);
        assert_eq!((stamped.width, stamped.height), out.dimensions());
        assert_eq!(out.view(0, 0, 300, 120).to_image(), original);
        let strip_rows = out.view(0, 120, 300, out.height() - 120).to_image();
        assert!(strip_rows.pixels().any(|p| p.0 == strip::TEXT));
    }

    #[test]
    fn redacted_region_keeps_no_original_pixel() {
        let original = noise(200, 100);
        let rect = [17, 23, 61, 29];
        let bytes = png_bytes(&original.clone().into());
        let stamped = stamp(&bytes, &sample_strip(), &[rect]).unwrap();
        let out = image::load_from_memory(&stamped.bytes).unwrap().into_rgb8();
        for (x, y, pixel) in out.view(0, 0, 200, 100).pixels() {
            let inside = (17..78).contains(&x) && (23..52).contains(&y);
            if inside {
                assert_eq!(pixel.0, redact::FILL, "at {x},{y}");
            } else {
                assert_eq!(pixel, *original.get_pixel(x, y), "at {x},{y}");
            }
        }
    }

    #[test]
    fn transparency_is_kept() {
        let original = RgbaImage::from_fn(64, 40, |x, y| Rgba([x as u8, y as u8, 7, (x * 4) as u8]));
        let bytes = png_bytes(&original.clone().into());
        let stamped = stamp(&bytes, &sample_strip(), &[]).unwrap();
        let out = image::load_from_memory(&stamped.bytes).unwrap();
        assert!(out.color().has_alpha());
        let out = out.into_rgba8();
        assert_eq!(out.view(0, 0, 64, 40).to_image(), original);
    }

    #[test]
    fn redaction_outside_is_reported_not_drawn() {
        let bytes = png_bytes(&noise(50, 50).into());
        let error = stamp(&bytes, &sample_strip(), &[[40, 40, 11, 5]]).unwrap_err();
        assert!(matches!(error, StampError::RedactionOutside { index: 0, .. }));
        assert!(error.to_string().contains("50×50"), "{error}");
    }

    #[test]
    fn tiny_images_are_stamped_without_panicking() {
        for (w, h) in [(1, 1), (3, 200), (200, 1)] {
            let bytes = png_bytes(&noise(w, h).into());
            let stamped = stamp(&bytes, &sample_strip(), &[]).unwrap();
            assert_eq!(stamped.width, w);
        }
    }

    #[test]
    fn error_messages_tell_the_author_what_to_do() {
        let outside = StampError::RedactionOutside { index: 2, rect: [1, 2, 3, 4], width: 10, height: 20 };
        assert_eq!(
            outside.to_string(),
            "redact rectangle 3 [x 1, y 2, width 3, height 4] reaches outside the image, which is 10×20 pixels: x + width must be at most 10 and y + height at most 20"
        );
        assert!(StampError::UnsupportedFormat.to_string().contains("PNG"));
    }
}
