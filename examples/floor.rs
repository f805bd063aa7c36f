//! The floor for stamping: reads every PNG under `DIR/content`, decodes it and encodes it
//! again with the encoder settings stamping uses (deflate Default, adaptive filter), in
//! parallel, and writes the copies under `OUT` (no strip, no redaction, no metadata, no
//! cache, no fsync). What stamping does beyond this is its own cost.
//!
//! ```text
//! cargo run --release --example floor -- DIR OUT
//! ```

use std::path::{Path, PathBuf};

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use rayon::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1);
    let (Some(dir), Some(out)) = (args.next(), args.next()) else {
        return Err("usage: floor DIR OUT".into());
    };
    let dir = PathBuf::from(dir);
    let out = PathBuf::from(out);
    let content = dir.join("content");
    let images: Vec<PathBuf> = walkdir::WalkDir::new(&content)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "png"))
        .map(|e| e.into_path())
        .collect();
    images.par_iter().try_for_each(|path| copy_one(&content, &out, path).map_err(|e| e.to_string()))?;
    eprintln!("decoded and encoded {} images", images.len());
    Ok(())
}

fn copy_one(content: &Path, out: &Path, path: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let original = std::fs::read(path)?;
    let picture = image::load_from_memory(&original)?;
    let mut encoded = Vec::with_capacity(original.len());
    PngEncoder::new_with_quality(&mut encoded, CompressionType::Default, FilterType::Adaptive).write_image(
        picture.as_bytes(),
        picture.width(),
        picture.height(),
        picture.color().into(),
    )?;
    let target = out.join(path.strip_prefix(content)?);
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(target, encoded)?;
    Ok(())
}
