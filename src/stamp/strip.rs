//! The attribution strip: its words, its size for a given image width, and its pixels.
//!
//! Owns the embedded font, the rule that turns an image width into a text size, line
//! wrapping (so no text runs off the edge), and drawing the strip as an image of its own.
//! It does not touch the photograph: [`super::stamp`] places the strip below it, so no
//! glyph can ever land on a photograph pixel.

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, PxScale};
use image::{ImageBuffer, Pixel};
use imageproc::drawing::{draw_text_mut, text_size};

use super::Strip;

/// Noto Sans JP Regular (SIL OFL 1.1, see assets/fonts/OFL.txt): covers Latin, kana and
/// JIS level 1 and 2 kanji, because an owner's name may be Japanese.
pub(crate) const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Regular.ttf");

static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    // The bytes are compiled in and `embedded_font_parses` proves they parse, so this
    // cannot fail on anything an author supplies.
    FontRef::try_from_slice(FONT_BYTES).expect("the embedded Noto Sans JP font parses")
});

/// The font's hash, part of every cache key: a new font must re-stamp every image.
pub(crate) static FONT_HASH: LazyLock<blake3::Hash> = LazyLock::new(|| blake3::hash(FONT_BYTES));

/// More lines than this means an absurdly long owner or address; the last line is cut
/// short with an ellipsis rather than letting the strip outgrow the photograph.
const MAX_LINES: usize = 6;

/// Dark strip, light text: readable under any photograph, and distinct from the white
/// background most screenshots have, so the strip never looks like part of the window.
pub(crate) const BACKGROUND: [u8; 3] = [0x20, 0x20, 0x20];
pub(crate) const TEXT: [u8; 3] = [0xF2, 0xF2, 0xF2];

/// Where each line of the strip goes, for one image width.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StripLayout {
    pub em_px: f32,
    pub scale: PxScale,
    pub padding_x: u32,
    pub padding_y: u32,
    pub line_pitch: u32,
    pub lines: Vec<String>,
    pub height: u32,
}

/// ab_glyph's `PxScale` is the height from descender to ascender, not the em; for Noto
/// Sans JP that is about 1.45 em. Going through points gives the em size asked for.
fn scale_for_em(em_px: f32) -> PxScale {
    let points = em_px * 72.0 / 96.0;
    FONT.pt_to_px_scale(points).unwrap_or(PxScale::from(em_px))
}

/// The paragraphs of the strip: the attribution, then the page it comes from. Each starts
/// on a new line; wrapping may split either further.
pub(crate) fn paragraphs(strip: &Strip) -> [String; 2] {
    [
        format!("© {} · {} {}", clean(&strip.owner), clean(&strip.licence), clean(&strip.licence_url)),
        clean(&strip.page_url),
    ]
}

/// Control characters (a newline pasted into site.yaml) would draw as boxes; whitespace
/// runs are collapsed so wrapping sees single spaces.
pub(crate) fn clean(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn text_width(scale: PxScale, text: &str) -> u32 {
    text_size(scale, &*FONT, text).0
}

/// Lays the strip out for an image `width` pixels wide shown on a desktop (the full-size
/// copy).
#[cfg(test)]
pub(crate) fn layout(strip: &Strip, width: u32) -> StripLayout {
    layout_at(strip, width, super::sizes::em_px(width, super::sizes::Screen::Desktop))
}

/// Lays the strip out for an image `width` pixels wide, its text `em_px` pixels.
pub(crate) fn layout_at(strip: &Strip, width: u32, em_px: f32) -> StripLayout {
    let scale = scale_for_em(em_px);
    let padding_x = (em_px * 0.75).round() as u32;
    let padding_y = (em_px * 0.4).round() as u32;
    let line_pitch = scale.y.ceil() as u32;
    let available = width.saturating_sub(2 * padding_x);

    let mut lines = Vec::new();
    for paragraph in paragraphs(strip) {
        lines.extend(wrap(&paragraph, available, |text| text_width(scale, text)));
    }
    if lines.len() > MAX_LINES {
        lines.truncate(MAX_LINES);
        if let Some(last) = lines.last_mut() {
            *last = with_ellipsis(last, available, |text| text_width(scale, text));
        }
    }
    let height = 2 * padding_y + line_pitch * lines.len() as u32;
    StripLayout { em_px, scale, padding_x, padding_y, line_pitch, lines, height }
}

/// Greedy word wrap to `available` pixels. A word wider than a line (a long URL, a
/// Japanese name without spaces) is broken between characters, preferring a break after
/// a URL separator. A single character is always placed even if wider than `available`,
/// so that a pathologically narrow image still terminates; drawing clips it.
fn wrap(text: &str, available: u32, measure: impl Fn(&str) -> u32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if measure(&candidate) <= available {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        let mut rest = word;
        while measure(rest) > available {
            let cut = break_point(rest, available, &measure);
            lines.push(rest[..cut].to_string());
            rest = &rest[cut..];
        }
        current = rest.to_string();
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// Byte index at which to break `word` so that the head fits; never 0 and never the
/// whole word (the caller only asks when the whole word does not fit).
fn break_point(word: &str, available: u32, measure: &impl Fn(&str) -> u32) -> usize {
    let boundaries: Vec<usize> = word.char_indices().map(|(i, _)| i).skip(1).collect();
    let mut longest_fit = boundaries.first().copied().unwrap_or(word.len());
    for &end in &boundaries {
        if measure(&word[..end]) <= available {
            longest_fit = end;
        } else {
            break;
        }
    }
    // Breaking a URL after '/' or '.' reads better than mid-word, unless that would leave
    // the line less than half used.
    let head = &word[..longest_fit];
    if let Some(separator) = head.rfind(['/', '.', '-', '?', '&', '=', '_']) {
        let after = separator + 1;
        if after < longest_fit && after * 2 >= longest_fit {
            return after;
        }
    }
    longest_fit
}

fn with_ellipsis(line: &str, available: u32, measure: impl Fn(&str) -> u32) -> String {
    let mut kept: String = line.to_string();
    loop {
        let candidate = format!("{kept}…");
        if measure(&candidate) <= available || kept.is_empty() {
            return candidate;
        }
        kept.pop();
    }
}

/// Draws the strip as its own image, `width` wide and `layout.height` tall, in the pixel
/// type of the photograph it will sit under.
pub(crate) fn render<P>(layout: &StripLayout, width: u32, background: P, text: P) -> ImageBuffer<P, Vec<u8>>
where
    P: Pixel<Subpixel = u8>,
{
    let mut canvas = ImageBuffer::from_pixel(width, layout.height, background);
    for (index, line) in layout.lines.iter().enumerate() {
        let y = layout.padding_y + index as u32 * layout.line_pitch;
        draw_text_mut(&mut canvas, text, layout.padding_x as i32, y as i32, layout.scale, &*FONT, line);
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    fn strip(owner: &str) -> Strip {
        Strip {
            owner: owner.to_string(),
            licence: "CC BY 4.0".to_string(),
            licence_url: "https://creativecommons.org/licenses/by/4.0/".to_string(),
            page_url: "https://example.org/measurements/2026-10-29-xgs136-http/".to_string(),
        }
    }

    #[test]
    fn embedded_font_parses() {
        assert!(FONT.units_per_em().is_some());
    }

    #[test]
    fn font_covers_japanese_names() {
        for c in "山田太郎やまだヤマダ".chars() {
            assert_ne!(FONT.glyph_id(c).0, 0, "no glyph for {c}");
        }
    }

    #[test]
    fn scale_gives_the_asked_em_not_the_line_height() {
        let scale = scale_for_em(20.0);
        // Noto Sans JP's ascender-to-descender height is well over one em.
        assert!(scale.y > 26.0 && scale.y < 32.0, "{scale:?}");
    }

    #[test]
    fn every_line_fits_at_every_width() {
        for width in [40, 120, 320, 641, 1280, 1920, 3840] {
            let layout = layout(&strip("Example Owner 山田太郎"), width);
            let available = width - 2 * layout.padding_x;
            for line in &layout.lines {
                let measured = text_width(layout.scale, line);
                // Only a single character may exceed, on images too narrow for one glyph.
                assert!(
                    measured <= available || line.chars().count() == 1,
                    "{width}: {line:?} is {measured} px in {available} px"
                );
            }
        }
    }

    #[test]
    fn wrapping_keeps_every_character() {
        let s = strip("山田太郎 Example");
        let layout = layout(&s, 320);
        assert!(layout.lines.len() > 2, "{:?}", layout.lines);
        let joined: String = layout.lines.concat().replace(' ', "");
        let expected: String = paragraphs(&s).concat().replace(' ', "");
        assert_eq!(joined, expected);
    }

    #[test]
    fn wide_image_needs_one_line_per_paragraph() {
        let layout = layout(&strip("Example Owner"), 1920);
        assert_eq!(layout.lines.len(), 2, "{:?}", layout.lines);
    }

    #[test]
    fn long_url_breaks_after_a_separator() {
        let measure = |t: &str| t.chars().count() as u32 * 10;
        // 25 characters fit; a plain cut would split "aaaab|bbbcccc".
        let lines = wrap("https://example.org/aaaabbbbcccc", 250, measure);
        assert_eq!(lines, ["https://example.org/", "aaaabbbbcccc"]);
    }

    #[test]
    fn runaway_text_is_cut_with_an_ellipsis() {
        let layout = layout(&strip(&"Owner ".repeat(400)), 640);
        assert_eq!(layout.lines.len(), MAX_LINES);
        assert!(layout.lines[MAX_LINES - 1].ends_with('…'));
    }

    #[test]
    fn control_characters_and_runs_of_space_are_cleaned() {
        assert_eq!(clean(" a\n\tb  c\u{7}d "), "a b c d");
    }

    #[test]
    fn rendered_strip_has_text_pixels() {
        let layout = layout(&strip("Example"), 640);
        let image = render(&layout, 640, Rgb(BACKGROUND), Rgb(TEXT));
        assert_eq!(image.dimensions(), (640, layout.height));
        assert!(image.pixels().any(|p| p.0 == TEXT));
    }
}
