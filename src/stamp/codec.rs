//! Reading an original and writing the stamped copy, with fixed encoder settings.
//!
//! Owns format detection (PNG and JPEG only), decoding under the image crate's memory
//! limits, applying the EXIF orientation, and the encoders with their metadata. It does
//! not decide what the pixels are (see `stamp` and `strip`), nor the metadata's content
//! (see `metadata`).

use std::borrow::Cow;
use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageEncoder, ImageReader, RgbImage, RgbaImage};

use super::metadata::{self, Attribution, MAX_JPEG_SEGMENT_PAYLOAD};
use super::{ImageFormat, StampError};

/// JPEG quality of published copies: high enough that screenshot text stays crisp, and
/// fixed so that the same input always gives the same bytes.
const JPEG_QUALITY: u8 = 90;
/// "Exif\0\0", which the JPEG encoder puts before the TIFF block in its APP1 segment.
const EXIF_APP1_HEADER_LEN: usize = 6;

/// DecodedImage pixels in the layout the output will have: a PNG with an alpha channel stays
/// RGBA so its transparency survives; everything else is RGB.
#[derive(Clone)]
pub(crate) enum Photo {
    Rgb(RgbImage),
    Rgba(RgbaImage),
}

impl Photo {
    pub(crate) fn dimensions(&self) -> (u32, u32) {
        match self {
            Photo::Rgb(image) => image.dimensions(),
            Photo::Rgba(image) => image.dimensions(),
        }
    }

    /// Scaled by image's own box filter: slower than `stamp::scaled`'s, and its stand-in.
    pub(crate) fn thumbnail(&self, to_width: u32, to_height: u32) -> Photo {
        match self {
            Photo::Rgb(image) => Photo::Rgb(image::imageops::thumbnail(image, to_width, to_height)),
            Photo::Rgba(image) => Photo::Rgba(image::imageops::thumbnail(image, to_width, to_height)),
        }
    }
}

pub(crate) struct DecodedImage {
    pub photo: Photo,
    pub format: ImageFormat,
    /// Carried over so colours look the same in the published copy.
    pub icc_profile: Option<Vec<u8>>,
}

/// The format an original's first bytes announce, without decoding it.
pub(crate) fn sniff_format(original: &[u8]) -> Result<ImageFormat, StampError> {
    if original.is_empty() {
        return Err(StampError::Undecodable("the file is empty".to_string()));
    }
    match image::guess_format(original) {
        Ok(image::ImageFormat::Png) => Ok(ImageFormat::Png),
        Ok(image::ImageFormat::Jpeg) => Ok(ImageFormat::Jpeg),
        _ => Err(StampError::UnsupportedFormat),
    }
}

fn image_crate_format(format: ImageFormat) -> image::ImageFormat {
    match format {
        ImageFormat::Png => image::ImageFormat::Png,
        ImageFormat::Jpeg => image::ImageFormat::Jpeg,
        ImageFormat::Webp => image::ImageFormat::WebP,
    }
}

/// Width and height from the file's header only; used for cached copies, which need no
/// decoding.
pub(crate) fn header_dimensions(bytes: &[u8], format: ImageFormat) -> Option<(u32, u32)> {
    if format == ImageFormat::Webp {
        return super::riff::canvas_size(bytes);
    }
    ImageReader::with_format(Cursor::new(bytes), image_crate_format(format)).into_dimensions().ok()
}

/// An original's format and its size as a viewer shows it (after its EXIF orientation),
/// from its header alone.
pub(crate) fn upright_size<R: std::io::BufRead + std::io::Seek>(
    reader: R,
) -> Option<(ImageFormat, u32, u32)> {
    let reader = ImageReader::new(reader).with_guessed_format().ok()?;
    let format = match reader.format()? {
        image::ImageFormat::Png => ImageFormat::Png,
        image::ImageFormat::Jpeg => ImageFormat::Jpeg,
        _ => return None,
    };
    let mut decoder = reader.into_decoder().ok()?;
    let (width, height) = decoder.dimensions();
    let turned = matches!(
        decoder.orientation().ok(),
        Some(
            Orientation::Rotate90
                | Orientation::Rotate270
                | Orientation::Rotate90FlipH
                | Orientation::Rotate270FlipH
        )
    );
    Some(if turned { (format, height, width) } else { (format, width, height) })
}

/// Decodes an original, turned upright as its EXIF orientation says: authors measure
/// redaction rectangles on the picture as their viewer shows it, and the published copy
/// carries no orientation tag.
pub(crate) fn decode(original: &[u8]) -> Result<DecodedImage, StampError> {
    let format = sniff_format(original)?;
    let undecodable = |error: image::ImageError| StampError::Undecodable(error.to_string());
    let mut decoder = ImageReader::with_format(Cursor::new(original), image_crate_format(format))
        .into_decoder()
        .map_err(undecodable)?;
    // Broken metadata should not stop a picture whose pixels are fine.
    let icc_profile = decoder.icc_profile().ok().flatten();
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(undecodable)?;
    image.apply_orientation(orientation);
    if image.width() == 0 || image.height() == 0 {
        return Err(StampError::Undecodable("the image has no pixels (width or height is 0)".to_string()));
    }
    let photo = if format == ImageFormat::Png && image.color().has_alpha() {
        Photo::Rgba(image.into_rgba8())
    } else {
        Photo::Rgb(image.into_rgb8())
    };
    Ok(DecodedImage { photo, format, icc_profile })
}

fn exif_for_jpeg(attribution: &Attribution) -> Result<Vec<u8>, StampError> {
    let exif = metadata::exif_block(attribution);
    if exif.len() + EXIF_APP1_HEADER_LEN > MAX_JPEG_SEGMENT_PAYLOAD {
        return Err(StampError::Encode(format!(
            "the owner and licence make {} bytes of EXIF, more than a JPEG segment holds",
            exif.len()
        )));
    }
    Ok(exif)
}

/// Encodes the stamped RGB canvas as JPEG with EXIF and XMP attribution.
pub(crate) fn encode_jpeg(
    canvas: &RgbImage,
    icc_profile: Option<Vec<u8>>,
    attribution: &Attribution,
) -> Result<Vec<u8>, StampError> {
    let exif = exif_for_jpeg(attribution)?;
    let mut encoded = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut encoded, JPEG_QUALITY);
    let unsupported = |error: image::error::UnsupportedError| StampError::Encode(error.to_string());
    if let Some(profile) = icc_profile {
        encoder.set_icc_profile(profile).map_err(unsupported)?;
    }
    encoder.set_exif_metadata(exif).map_err(unsupported)?;
    encoder
        .write_image(canvas.as_raw(), canvas.width(), canvas.height(), image::ExtendedColorType::Rgb8)
        .map_err(|error| StampError::Encode(error.to_string()))?;
    metadata::splice_xmp_into_jpeg(&encoded, &metadata::xmp_packet(attribution)).map_err(StampError::Encode)
}

/// Encodes the stamped canvas as PNG with iTXt attribution (Author, Copyright, License),
/// an XMP packet and an eXIf block, written with the png crate because the image crate's
/// PNG encoder cannot add text chunks.
pub(crate) fn encode_png(
    canvas: &Photo,
    icc_profile: Option<Vec<u8>>,
    attribution: &Attribution,
) -> Result<Vec<u8>, StampError> {
    let (width, height) = canvas.dimensions();
    let (color_type, raw) = match canvas {
        Photo::Rgb(image) => (png::ColorType::Rgb, image.as_raw()),
        Photo::Rgba(image) => (png::ColorType::Rgba, image.as_raw()),
    };
    let mut info = png::Info::with_size(width, height);
    info.color_type = color_type;
    info.bit_depth = png::BitDepth::Eight;
    info.icc_profile = icc_profile.map(Cow::Owned);
    info.exif_metadata = Some(Cow::Owned(metadata::exif_block(attribution)));
    for (keyword, text) in [
        ("Author", attribution.owner.as_str()),
        ("Copyright", attribution.rights.as_str()),
        ("License", attribution.licence_url.as_str()),
        ("Source", attribution.page_url.as_str()),
    ] {
        info.utf8_text.push(png::text_metadata::ITXtChunk::new(keyword, text));
    }
    info.utf8_text
        .push(png::text_metadata::ITXtChunk::new("XML:com.adobe.xmp", metadata::xmp_packet(attribution)));

    let encode_error = |error: png::EncodingError| StampError::Encode(error.to_string());
    let mut encoded = Vec::new();
    let mut encoder = png::Encoder::with_info(&mut encoded, info).map_err(encode_error)?;
    // Fixed settings: same pixels, same bytes.
    encoder.set_compression(png::Compression::Balanced);
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder.write_header().map_err(encode_error)?;
    writer.write_image_data(raw).map_err(encode_error)?;
    writer.finish().map_err(encode_error)?;
    Ok(encoded)
}

/// Encodes the stamped canvas as lossless WebP (libwebp at a low effort, the RGB of
/// transparent pixels kept exactly), then adds the VP8X header with EXIF and XMP chunks
/// carrying the attribution, which libwebp's encoder does not write.
pub(crate) fn encode_webp(
    canvas: &Photo,
    icc_profile: Option<&[u8]>,
    attribution: &Attribution,
) -> Result<Vec<u8>, StampError> {
    let (width, height) = canvas.dimensions();
    let (layout, raw, has_alpha) = match canvas {
        Photo::Rgb(image) => (webp::PixelLayout::Rgb, image.as_raw(), false),
        Photo::Rgba(image) => (webp::PixelLayout::Rgba, image.as_raw(), true),
    };
    let mut config = webp::WebPConfig::new()
        .map_err(|()| StampError::Encode("libwebp's encoder settings could not be made".to_string()))?;
    config.lossless = 1;
    config.exact = 1;
    // Method 1 at quality 24 rather than libwebp's default (method 4, quality 75): on console
    // screenshots and the benchmark's noisy 1920×1080 pictures alike the files came out the
    // same size or smaller (35.5 against 37.0 KB, 694 against 694 KB) in a third of the
    // time, and a cold build encodes four copies of every screenshot. Quality 25, effort 1 of
    // cwebp's presets, adds a cost-based search of back references (TraceBackwards) that
    // took 15 % of a cold build's CPU with 100 screenshots, for files 0.1 % smaller.
    config.method = 1;
    config.quality = 24.0;
    let simple = webp::Encoder::new(raw, layout, width, height)
        .encode_advanced(&config)
        .map_err(|error| StampError::Encode(format!("libwebp: {error:?}")))?;
    let exif = metadata::exif_block(attribution);
    let xmp = metadata::xmp_packet(attribution);
    let extras =
        super::riff::Extras { icc_profile, exif: &exif, xmp: xmp.as_bytes(), has_alpha, width, height };
    super::riff::extend(&simple, &extras).map_err(StampError::Encode)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing_names_the_two_supported_formats_only() {
        assert_eq!(sniff_format(b"\x89PNG\r\n\x1a\n").unwrap(), ImageFormat::Png);
        assert_eq!(sniff_format(&[0xFF, 0xD8, 0xFF, 0xE0]).unwrap(), ImageFormat::Jpeg);
        assert_eq!(sniff_format(b"GIF89a...."), Err(StampError::UnsupportedFormat));
        assert!(matches!(sniff_format(b""), Err(StampError::Undecodable(_))));
    }

    #[test]
    fn rgb_png_round_trips_exactly() {
        let image = RgbImage::from_fn(7, 5, |x, y| image::Rgb([x as u8 * 30, y as u8 * 40, 9]));
        let attribution = Attribution::from_strip(&super::super::tests::sample_strip());
        let bytes = encode_png(&Photo::Rgb(image.clone()), None, &attribution).unwrap();
        let decoded = decode(&bytes).unwrap();
        assert_eq!(decoded.format, ImageFormat::Png);
        match decoded.photo {
            Photo::Rgb(back) => assert_eq!(back, image),
            Photo::Rgba(_) => panic!("an RGB PNG came back with alpha"),
        }
    }

    /// libwebp's own decoder, so that the check does not lean on the encoder's binding.
    fn decode_webp(bytes: &[u8]) -> (bool, Vec<u8>) {
        let image = webp::Decoder::new(bytes).decode().expect("the WebP copy decodes");
        (image.is_alpha(), image.to_vec())
    }

    #[test]
    fn webp_copy_holds_the_exact_pixels_even_under_transparency() {
        let attribution = Attribution::from_strip(&super::super::tests::sample_strip());
        let rgb = RgbImage::from_fn(33, 17, |x, y| image::Rgb([x as u8 * 7, y as u8 * 13, (x * y) as u8]));
        let bytes = encode_webp(&Photo::Rgb(rgb.clone()), None, &attribution).unwrap();
        assert_eq!(decode_webp(&bytes), (false, rgb.into_raw()));
        // Colour under fully transparent pixels is kept too (`exact`), as the PNG keeps it.
        let rgba =
            RgbaImage::from_fn(20, 9, |x, y| image::Rgba([x as u8 * 9, y as u8, 200, (x % 3 * 100) as u8]));
        let bytes = encode_webp(&Photo::Rgba(rgba.clone()), Some(b"not really icc"), &attribution).unwrap();
        assert_eq!(decode_webp(&bytes), (true, rgba.into_raw()));
        assert_eq!(header_dimensions(&bytes, ImageFormat::Webp), Some((20, 9)));
    }
}
