//! Scaling a photograph to the widths of its copies (`sizes` says which): a box filter
//! in fixed point (fast_image_resize), each copy from the narrowest picture already made
//! that is at least twice as wide.
//!
//! Owns how pixels are scaled, not which widths are made (`sizes`) nor the strip drawn
//! under each copy (`strip`).

use image::ImageBuffer;

use super::codec::Photo;
use super::sizes::{self, CopySpec};

/// The photograph scaled to each copy's width, each from the narrowest picture already
/// made that is at least twice as wide (or the photograph): a box filter's average over a
/// box of averages is the average over the box, and scaling the 1,408 px copy to 704 reads
/// a quarter of what scaling a 2,560 px photograph does (scaling was a quarter of a cold
/// build's time with 100 screenshots, more than any one encode).
pub(crate) fn scaled_photos(photo: &Photo, copies: &[&CopySpec]) -> Vec<Photo> {
    let (width, height) = photo.dimensions();
    let mut order: Vec<usize> = (0..copies.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(copies[i].width));
    let mut made: Vec<Option<Photo>> = copies.iter().map(|_| None).collect();
    for &i in &order {
        let to_width = copies[i].width;
        let from = made
            .iter()
            .flatten()
            .filter(|p| p.dimensions().0 >= 2 * to_width)
            .min_by_key(|p| p.dimensions().0)
            .unwrap_or(photo);
        let to_height = sizes::scaled_height(width, height, to_width);
        made[i] = Some(scaled(from, to_width, to_height));
    }
    made.into_iter().flatten().collect()
}

/// `photo` scaled to `to_width` × `to_height` by a box filter (each pixel the average of
/// the pixels it covers, as image's `thumbnail`), in fixed point: the same bytes whichever
/// SIMD extension the CPU has (a test compares them).
fn scaled(photo: &Photo, to_width: u32, to_height: u32) -> Photo {
    use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer, images};
    let (width, height) = photo.dimensions();
    if (width, height) == (to_width, to_height) {
        return photo.clone();
    }
    let (raw, pixel_type) = match photo {
        Photo::Rgb(image) => (image.as_raw(), PixelType::U8x3),
        Photo::Rgba(image) => (image.as_raw(), PixelType::U8x4),
    };
    let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Box));
    // A u8 image's buffer is always the size its dimensions say and needs no alignment,
    // so neither the view nor the resize can fail; a thumbnail stands in if one did.
    let resized = images::ImageRef::new(width, height, raw, pixel_type).ok().and_then(|source| {
        let mut target = images::Image::new(to_width, to_height, pixel_type);
        Resizer::new().resize(&source, &mut target, &options).ok().map(|()| target.into_vec())
    });
    match (photo, resized) {
        (Photo::Rgb(_), Some(bytes)) => match ImageBuffer::from_raw(to_width, to_height, bytes) {
            Some(image) => Photo::Rgb(image),
            None => photo.thumbnail(to_width, to_height),
        },
        (Photo::Rgba(_), Some(bytes)) => match ImageBuffer::from_raw(to_width, to_height, bytes) {
            Some(image) => Photo::Rgba(image),
            None => photo.thumbnail(to_width, to_height),
        },
        (_, None) => photo.thumbnail(to_width, to_height),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fast_image_resize::{
        CpuExtensions, FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer, images,
    };

    fn noisy(width: u32, height: u32) -> image::RgbImage {
        image::RgbImage::from_fn(width, height, |x, y| {
            let v = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) as u8;
            image::Rgb([v, v.wrapping_mul(3), x as u8])
        })
    }

    #[test]
    fn every_cpu_extension_gives_the_same_bytes() {
        // The build's output may not depend on the machine's CPU: the published copies are
        // compared byte for byte from build to build and between machines.
        let source = noisy(1920, 108);
        let view = images::ImageRef::new(1920, 108, source.as_raw(), PixelType::U8x3).unwrap();
        let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Box));
        let with = |extensions: CpuExtensions| {
            let mut resizer = Resizer::new();
            // Safe: only extensions the CPU reports are set.
            unsafe { resizer.set_cpu_extensions(extensions) };
            let mut target = images::Image::new(704, 40, PixelType::U8x3);
            resizer.resize(&view, &mut target, &options).unwrap();
            target.into_vec()
        };
        let plain = with(CpuExtensions::None);
        let mut compared = 0;
        #[cfg(target_arch = "x86_64")]
        let extensions = [CpuExtensions::Sse4_1, CpuExtensions::Avx2];
        #[cfg(not(target_arch = "x86_64"))]
        let extensions = [CpuExtensions::default()];
        for extension in extensions {
            if extension.is_supported() {
                assert_eq!(with(extension), plain, "{extension:?}");
                compared += 1;
            }
        }
        assert!(compared >= 1, "no SIMD extension to compare");
    }

    #[test]
    fn a_box_filter_averages_what_each_pixel_covers() {
        let mut source = image::RgbImage::new(4, 2);
        for (x, _, pixel) in source.enumerate_pixels_mut() {
            *pixel = image::Rgb(if x < 2 { [0, 0, 0] } else { [200, 100, 50] });
        }
        let Photo::Rgb(out) = scaled(&Photo::Rgb(source), 2, 1) else { panic!("stays RGB") };
        assert_eq!(out.as_raw(), &[0, 0, 0, 200, 100, 50]);
    }

    #[test]
    fn each_copy_has_its_own_width_and_the_photographs_proportion() {
        let photo = Photo::Rgb(noisy(1920, 1080));
        let specs = sizes::webp_copies(super::super::ImageFormat::Png, 1920);
        let copies: Vec<&CopySpec> = specs.iter().skip(1).collect();
        let made = scaled_photos(&photo, &copies);
        let widths: Vec<(u32, u32)> = made.iter().map(Photo::dimensions).collect();
        let expected: Vec<(u32, u32)> =
            copies.iter().map(|c| (c.width, sizes::scaled_height(1920, 1080, c.width))).collect();
        assert_eq!(widths, expected);
    }
}
