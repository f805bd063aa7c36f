//! `redact:` rectangles: checking them against the image and filling them opaquely.
//!
//! Owns the rule that a rectangle must lie inside the image and the fill itself: every
//! pixel of the region is overwritten with an opaque colour, so nothing of the original
//! (a serial number, a MAC address) can be recovered, unlike with a blur. It does not read
//! rectangles from runs.yaml; the build passes them in.

use image::{Rgb, Rgba};

use super::codec::Photo;
use super::{Redaction, StampError};

/// Opaque black: reads as deliberate, and keeps no trace of what was under it.
pub(crate) const FILL: [u8; 3] = [0, 0, 0];

/// Every rectangle must be non-empty and lie wholly inside a `width` × `height` image.
pub(crate) fn check(redactions: &[Redaction], width: u32, height: u32) -> Result<(), StampError> {
    for (index, &rect) in redactions.iter().enumerate() {
        let [x, y, w, h] = rect;
        if w == 0 || h == 0 {
            return Err(StampError::RedactionEmpty { index, rect });
        }
        let fits_across = x.checked_add(w).is_some_and(|right| right <= width);
        let fits_down = y.checked_add(h).is_some_and(|bottom| bottom <= height);
        if !(fits_across && fits_down) {
            return Err(StampError::RedactionOutside { index, rect, width, height });
        }
    }
    Ok(())
}

/// Fills every rectangle; call [`check`] first (out-of-range parts are skipped here,
/// never a panic).
pub(crate) fn apply(photo: &mut Photo, redactions: &[Redaction]) {
    for &[x, y, w, h] in redactions {
        match photo {
            Photo::Rgb(image) => fill(image, x, y, w, h, Rgb(FILL)),
            Photo::Rgba(image) => {
                let [r, g, b] = FILL;
                fill(image, x, y, w, h, Rgba([r, g, b, u8::MAX]))
            }
        }
    }
}

fn fill<P: image::Pixel>(
    image: &mut image::ImageBuffer<P, Vec<P::Subpixel>>,
    x: u32,
    y: u32,
    w: u32,
    h: u32,
    colour: P,
) {
    let right = x.saturating_add(w).min(image.width());
    let bottom = y.saturating_add(h).min(image.height());
    for row in y..bottom {
        for column in x..right {
            image.put_pixel(column, row, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::RgbaImage;

    #[test]
    fn rectangles_touching_the_edges_are_inside() {
        assert_eq!(check(&[[0, 0, 10, 5], [9, 4, 1, 1]], 10, 5), Ok(()));
    }

    #[test]
    fn rectangles_past_an_edge_are_errors_with_their_index() {
        let error = check(&[[0, 0, 1, 1], [5, 0, 6, 1]], 10, 5).unwrap_err();
        assert_eq!(
            error,
            StampError::RedactionOutside { index: 1, rect: [5, 0, 6, 1], width: 10, height: 5 }
        );
        assert!(check(&[[0, 3, 1, 3]], 10, 5).is_err());
        assert!(check(&[[u32::MAX, 0, 2, 1]], 10, 5).is_err(), "overflow");
    }

    #[test]
    fn empty_rectangles_are_errors() {
        assert!(matches!(check(&[[1, 1, 0, 3]], 10, 5), Err(StampError::RedactionEmpty { index: 0, .. })));
    }

    #[test]
    fn fill_is_opaque_and_stays_in_its_rectangle() {
        let image = RgbaImage::from_pixel(6, 4, Rgba([200, 100, 50, 0]));
        let mut photo = Photo::Rgba(image);
        apply(&mut photo, &[[1, 1, 2, 2]]);
        let Photo::Rgba(out) = photo else { panic!("pixel layout changed") };
        for (x, y, pixel) in out.enumerate_pixels() {
            let inside = (1..3).contains(&x) && (1..3).contains(&y);
            let expected = if inside { Rgba([0, 0, 0, 255]) } else { Rgba([200, 100, 50, 0]) };
            assert_eq!(*pixel, expected, "at {x},{y}");
        }
    }
}
