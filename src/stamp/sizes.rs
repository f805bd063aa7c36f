//! Which copies of a picture a site publishes for which screen, and how large each copy's
//! strip text is drawn, so that the owner and licence are legible where that copy is shown
//! (at least 11 CSS px, on a 390 px phone and on a desktop) rather than a full-size strip
//! shrunk to a few pixels.
//!
//! Owns the text column's width (the one place `sizes` and every copy's width come from),
//! the copies' widths and names, and the strip's em size for each. It draws nothing: `strip`
//! lays out and draws at the size given here, `stamp` scales the photograph.

use super::ImageFormat;

/// The width of the text column a page shows pictures in, in CSS pixels: the bundled
/// stylesheet's `body { max-width: 46rem; padding: 0 1rem }` at 16 px a rem (a test holds
/// static/css/site.css to it).
pub(crate) const COLUMN_PX: u32 = 704;
/// The page's padding either side of the column.
pub(crate) const GUTTER_PX: u32 = 16;
/// The column on the phone the strip is sized for, 390 CSS px wide.
pub(crate) const PHONE_COLUMN_PX: u32 = 390 - 2 * GUTTER_PX;
/// The strip's em as a reader sees it, in CSS px: above the 11 px floor.
const SHOWN_EM_PX: f32 = 12.0;
/// Smallest em size in pixels. 13 px keeps lowercase letters readable at 100 % on the
/// narrowest supported image (320 px), above the 11 px floor that tests hold it to.
pub(crate) const MIN_EM_PX: f32 = 13.0;
/// Largest em size in pixels, for absurdly wide pictures.
const MAX_EM_PX: f32 = 160.0;

/// The screens a copy is made for: phones get copies of their own (`<source media>`),
/// whose strip is drawn for a narrow column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Screen {
    /// The desktop column, and the full-size file.
    Desktop,
    /// A screen narrower than the column and its gutters.
    Phone,
    /// Both: the desktop column's 1× copy is also a phone's 2× copy (704 px against the
    /// 716 a phone's column asks for: one encode fewer of every screenshot), its strip drawn
    /// for the phone, where it is shown smaller (twice as tall as a desktop copy's on a
    /// desktop, [`DESKTOP_BOTH_MAX`]).
    Both,
}

impl Screen {
    /// Whether a copy for this screen is in the phone's `<source>`.
    pub(crate) fn on_phone(self) -> bool {
        self != Screen::Desktop
    }

    /// Whether a copy for this screen is in the desktop's `<source>`.
    pub(crate) fn on_desktop(self) -> bool {
        self != Screen::Phone
    }
}

/// How much taller a copy made for both screens draws its strip on a desktop than a
/// desktop copy does, at most (a test holds it).
#[cfg(test)]
const DESKTOP_BOTH_MAX: f32 = 2.0;

/// One copy to make: its name's suffix, its width and the screen it is drawn for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct CopySpec {
    pub suffix: String,
    pub width: u32,
    pub screen: Screen,
}

/// The em size of the strip of a copy `width` pixels wide shown on `screen`: shown at most
/// as wide as that screen's column, its text is [`SHOWN_EM_PX`] there.
/// A copy for both screens takes the larger of the two, the phone's.
pub(crate) fn em_px(width: u32, screen: Screen) -> f32 {
    let column = match screen {
        Screen::Desktop => COLUMN_PX,
        Screen::Phone | Screen::Both => PHONE_COLUMN_PX,
    };
    let shown = width.clamp(1, column);
    (SHOWN_EM_PX * width as f32 / shown as f32).clamp(MIN_EM_PX, MAX_EM_PX)
}

/// The WebP copies of an original of `format`, upright `width` pixels wide: the full size
/// first (the PNG's twin, also the column's 2×), then the phone's 1× copy, then the desktop
/// column's 1× copy, also a phone's 2× (`Screen::Both`); an original no wider than the column
/// has a phone's 2× copy of its own instead (at most the full width). A JPEG photograph
/// keeps its JPEG alone. Nothing wider than the original is made.
pub(crate) fn webp_copies(format: ImageFormat, width: u32) -> Vec<CopySpec> {
    if format != ImageFormat::Png {
        return Vec::new();
    }
    let mut copies = vec![CopySpec { suffix: String::new(), width, screen: Screen::Desktop }];
    // A copy no wider than the phone's column is the same for both screens.
    if width > PHONE_COLUMN_PX {
        let suffix = format!(".phone.{PHONE_COLUMN_PX}w");
        copies.push(CopySpec { suffix, width: PHONE_COLUMN_PX, screen: Screen::Phone });
    }
    // No copy for the column at 2×: the full size is stamped legible in the column already,
    // and a 1,408 px copy was 29 % of the pixels encoded in a cold build with screenshots
    // (issue 46's time limit), to save a 2× desktop some bytes of a full-size copy.
    if width > COLUMN_PX {
        copies.push(CopySpec { suffix: format!(".{COLUMN_PX}w"), width: COLUMN_PX, screen: Screen::Both });
    } else if width > PHONE_COLUMN_PX {
        let phone = (2 * PHONE_COLUMN_PX).min(width);
        copies.push(CopySpec { suffix: format!(".phone.{phone}w"), width: phone, screen: Screen::Phone });
    }
    copies
}

/// The height of the photograph scaled from `width` × `height` to `to_width` wide.
pub(crate) fn scaled_height(width: u32, height: u32, to_width: u32) -> u32 {
    if to_width == width {
        return height;
    }
    let scaled = (u64::from(height) * u64::from(to_width) + u64::from(width) / 2) / u64::from(width.max(1));
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// The `media` of a phone copy's `<source>`: a screen narrower than the column and gutters.
pub(crate) fn phone_media() -> String {
    format!("(max-width: {}px)", COLUMN_PX + 2 * GUTTER_PX - 1)
}

/// The `sizes` of a phone copy's `<source>`: the screen less its gutters.
pub(crate) fn phone_sizes() -> String {
    format!("calc(100vw - {}px)", 2 * GUTTER_PX)
}

/// The `sizes` of a picture `width` pixels wide: as wide as the column (or itself, when
/// narrower), or the screen less its gutters where the screen is narrower.
pub(crate) fn sizes_attribute(width: u32) -> String {
    let shown = width.min(COLUMN_PX);
    format!("(max-width: {}px) calc(100vw - {}px), {shown}px", shown + 2 * GUTTER_PX, 2 * GUTTER_PX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strip's text as displayed, CSS px: a copy `width` wide shown `shown` px wide.
    fn displayed(width: u32, screen: Screen, shown: u32) -> f32 {
        em_px(width, screen) * shown.min(width) as f32 / width as f32
    }

    #[test]
    fn every_copy_is_legible_where_it_is_shown_at_390_and_1280_px() {
        for original in [300, 358, 500, 704, 705, 710, 716, 1000, 1280, 1408, 1920, 3840] {
            for copy in webp_copies(ImageFormat::Png, original) {
                let mut shown_on = Vec::new();
                if copy.screen.on_desktop() {
                    shown_on.push((COLUMN_PX, "1280 px screen"));
                }
                if copy.screen.on_phone() {
                    shown_on.push((PHONE_COLUMN_PX, "390 px phone"));
                }
                for (screen_column, name) in shown_on {
                    let shown = displayed(copy.width, copy.screen, screen_column);
                    assert!(shown >= 11.0, "{original}: {copy:?} on a {name}: {shown} px");
                }
            }
        }
    }

    #[test]
    fn a_copy_for_both_screens_is_at_most_twice_as_tall_on_a_desktop() {
        for original in [705, 1000, 1920] {
            let copies = webp_copies(ImageFormat::Png, original);
            let both: Vec<&CopySpec> = copies.iter().filter(|c| c.screen == Screen::Both).collect();
            assert_eq!(both.len(), 1, "{original}: {copies:?}");
            let on_desktop = displayed(both[0].width, Screen::Both, COLUMN_PX);
            let desktop_copy = displayed(COLUMN_PX, Screen::Desktop, COLUMN_PX);
            assert!(on_desktop <= DESKTOP_BOTH_MAX * desktop_copy, "{original}: {on_desktop} px");
        }
    }

    #[test]
    fn copies_are_narrower_than_the_original_and_named_apart() {
        let copies = webp_copies(ImageFormat::Png, 1280);
        let names: Vec<(&str, u32)> = copies.iter().map(|c| (c.suffix.as_str(), c.width)).collect();
        assert_eq!(names, [("", 1280), (".phone.358w", 358), (".704w", 704)]);
        let names: Vec<String> = webp_copies(ImageFormat::Png, 1920).into_iter().map(|c| c.suffix).collect();
        assert_eq!(names, ["", ".phone.358w", ".704w"]);
        assert_eq!(webp_copies(ImageFormat::Png, 300).len(), 1);
        assert_eq!(webp_copies(ImageFormat::Png, 600).last().map(|c| c.width), Some(600));
        assert_eq!(webp_copies(ImageFormat::Png, 704).last().map(|c| c.suffix.as_str()), Some(".phone.704w"));
        assert!(webp_copies(ImageFormat::Jpeg, 1280).is_empty());
    }

    #[test]
    fn scaling_keeps_the_proportion_and_at_least_a_row() {
        assert_eq!(scaled_height(1280, 720, 704), 396);
        assert_eq!(scaled_height(1280, 720, 1280), 720);
        assert_eq!(scaled_height(4000, 1, 10), 1);
    }

    #[test]
    fn the_column_is_the_stylesheets() {
        let css = include_str!("../../static/css/site.css");
        let rem = (COLUMN_PX + 2 * GUTTER_PX) / 16;
        assert!(css.contains(&format!("max-width: {rem}rem;")), "body's max-width in site.css");
        assert!(
            css.contains(&format!("padding: 0 {}rem 3rem;", GUTTER_PX / 16)),
            "body's padding in site.css"
        );
    }
}
