//! Renders an honest stand-in for a run's photographed console window: the run's text,
//! typed from its runs.yaml, in a console-like window labelled as a stand-in. Used for the
//! bundled site, whose real photographs are not in the repository.
//!
//! cargo run --example standin -- [--ja] OUT.png "first line" "second line" ...
//!
//! `--ja` labels it in Japanese, for the page's translation: a reader of the Japanese page
//! is told in Japanese that the picture is no photograph.

use ab_glyph::{Font, FontRef, PxScale};
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_text_mut;

const FONT: &[u8] = include_bytes!("../assets/fonts/NotoSansJP-Regular.ttf");
const WIDTH: u32 = 1280;
const MARGIN: i32 = 28;
const LINE_HEIGHT: i32 = 34;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let mut out = args.next().ok_or("usage: standin [--ja] OUT.png LINE...")?;
    let japanese = out == "--ja";
    if japanese {
        out = args.next().ok_or("usage: standin [--ja] OUT.png LINE...")?;
    }
    let lines: Vec<String> = args.collect();
    let font = FontRef::try_from_slice(FONT)?;
    let scale = PxScale::from(font.pt_to_px_scale(17.0).map_or(22.0, |s| s.y));
    let label_scale = PxScale::from(font.pt_to_px_scale(13.0).map_or(17.0, |s| s.y));
    let height = (MARGIN * 3 + 40 + LINE_HEIGHT * lines.len() as i32) as u32;
    let mut image = RgbImage::from_pixel(WIDTH, height, Rgb([12, 12, 12]));
    for x in 0..WIDTH {
        for y in 0..40 {
            image.put_pixel(x, y, Rgb([222, 222, 222]));
        }
    }
    let label = if japanese {
        "代替画像：runs.yaml から描いたもので、実行のウィンドウを撮った写真ではありません"
    } else {
        "STAND-IN: rendered from runs.yaml, not the photograph of the run's window"
    };
    draw_text_mut(&mut image, Rgb([40, 40, 40]), MARGIN, 10, label_scale, &font, label);
    for (i, line) in lines.iter().enumerate() {
        let y = 40 + MARGIN + LINE_HEIGHT * i as i32;
        draw_text_mut(&mut image, Rgb([204, 204, 204]), MARGIN, y, scale, &font, line);
    }
    image.save(&out)?;
    Ok(())
}
