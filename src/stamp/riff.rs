//! A WebP file's container (RIFF): the extended header (VP8X) and the metadata chunks that
//! carry the owner and licence, which the WebP encoders do not write.
//!
//! Owns the chunk layout of the WebP container specification: a simple file (`RIFF`,
//! `WEBP`, one `VP8L` bitstream) rewritten as an extended one, `VP8X` first, then `ICCP`,
//! the bitstream, `EXIF` and `XMP `, each chunk padded to an even length. It does not
//! encode pixels (`codec` does, through libwebp) nor decide what the metadata says
//! (`metadata`).

/// VP8X flags, from the container specification.
const FLAG_ICC: u8 = 1 << 5;
const FLAG_ALPHA: u8 = 1 << 4;
const FLAG_EXIF: u8 = 1 << 3;
const FLAG_XMP: u8 = 1 << 2;
/// The canvas size in VP8X is 24 bits, less one.
const MAX_CANVAS: u32 = 1 << 24;

/// What goes into the extended file besides the bitstream.
pub(crate) struct Extras<'a> {
    pub icc_profile: Option<&'a [u8]>,
    pub exif: &'a [u8],
    pub xmp: &'a [u8],
    pub has_alpha: bool,
    pub width: u32,
    pub height: u32,
}

/// The chunks of a simple WebP file as libwebp writes it: its `VP8L` (or `VP8 `) chunk,
/// header and payload as they are, ready to be copied into the extended file.
fn bitstream_chunk(simple: &[u8]) -> Result<&[u8], String> {
    if simple.len() < 20 || &simple[..4] != b"RIFF" || &simple[8..12] != b"WEBP" {
        return Err("the WebP encoder did not write a RIFF WebP file".to_string());
    }
    let fourcc = &simple[12..16];
    if fourcc != b"VP8L" && fourcc != b"VP8 " {
        return Err(format!(
            "the WebP encoder wrote a {:?} chunk first, not a bitstream",
            String::from_utf8_lossy(fourcc)
        ));
    }
    let size = u32::from_le_bytes([simple[16], simple[17], simple[18], simple[19]]) as usize;
    let end = 20usize.checked_add(size + size % 2).ok_or("the WebP bitstream's size overflows")?;
    simple
        .get(12..end.min(simple.len()))
        .filter(|_| 20 + size <= simple.len())
        .ok_or_else(|| "the WebP encoder wrote a bitstream chunk longer than its file".to_string())
}

fn push_chunk(out: &mut Vec<u8>, fourcc: &[u8; 4], payload: &[u8]) -> Result<(), String> {
    let size = u32::try_from(payload.len()).map_err(|_| "a WebP chunk over 4 GiB".to_string())?;
    out.extend_from_slice(fourcc);
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(payload);
    if payload.len() % 2 == 1 {
        out.push(0);
    }
    Ok(())
}

fn push_u24(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes()[..3]);
}

/// The simple file `simple` rewritten as an extended file carrying `extras`.
pub(crate) fn extend(simple: &[u8], extras: &Extras<'_>) -> Result<Vec<u8>, String> {
    let bitstream = bitstream_chunk(simple)?;
    if extras.width == 0 || extras.height == 0 || extras.width > MAX_CANVAS || extras.height > MAX_CANVAS {
        return Err(format!("a WebP canvas cannot be {}×{} pixels", extras.width, extras.height));
    }
    let mut flags = FLAG_EXIF | FLAG_XMP;
    if extras.icc_profile.is_some() {
        flags |= FLAG_ICC;
    }
    if extras.has_alpha {
        flags |= FLAG_ALPHA;
    }
    let mut vp8x = Vec::with_capacity(10);
    vp8x.extend_from_slice(&[flags, 0, 0, 0]);
    push_u24(&mut vp8x, extras.width - 1);
    push_u24(&mut vp8x, extras.height - 1);

    let mut body = Vec::with_capacity(simple.len() + extras.exif.len() + extras.xmp.len() + 64);
    body.extend_from_slice(b"WEBP");
    push_chunk(&mut body, b"VP8X", &vp8x)?;
    if let Some(profile) = extras.icc_profile {
        push_chunk(&mut body, b"ICCP", profile)?;
    }
    body.extend_from_slice(bitstream);
    push_chunk(&mut body, b"EXIF", extras.exif)?;
    push_chunk(&mut body, b"XMP ", extras.xmp)?;

    let riff_size = u32::try_from(body.len()).map_err(|_| "a WebP file over 4 GiB".to_string())?;
    let mut out = Vec::with_capacity(body.len() + 8);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&riff_size.to_le_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// The chunks of a WebP file, as (fourcc, payload); for tests and for reading a cached
/// copy's canvas size.
pub(crate) fn chunks(file: &[u8]) -> Vec<([u8; 4], &[u8])> {
    let mut found = Vec::new();
    let mut at = 12;
    while let Some(header) = file.get(at..at + 8) {
        let fourcc = [header[0], header[1], header[2], header[3]];
        let size = u32::from_le_bytes([header[4], header[5], header[6], header[7]]) as usize;
        let Some(payload) = file.get(at + 8..at + 8 + size) else { break };
        found.push((fourcc, payload));
        at += 8 + size + size % 2;
    }
    found
}

/// The canvas size an extended file's VP8X states.
pub(crate) fn canvas_size(file: &[u8]) -> Option<(u32, u32)> {
    if file.get(..4) != Some(b"RIFF") || file.get(8..12) != Some(b"WEBP") {
        return None;
    }
    let (_, vp8x) = chunks(file).into_iter().find(|(fourcc, _)| fourcc == b"VP8X")?;
    let u24 = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], 0]) + 1;
    (vp8x.len() >= 10).then(|| (u24(&vp8x[4..7]), u24(&vp8x[7..10])))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simple(payload: &[u8]) -> Vec<u8> {
        let mut body = b"WEBP".to_vec();
        push_chunk(&mut body, b"VP8L", payload).unwrap();
        let mut out = b"RIFF".to_vec();
        out.extend_from_slice(&(body.len() as u32).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    #[test]
    fn extended_file_has_its_chunks_in_the_specified_order_and_sizes() {
        let extras = Extras {
            icc_profile: Some(b"icc"),
            exif: b"II*\0exif",
            xmp: b"<x/>",
            has_alpha: true,
            width: 1280,
            height: 720,
        };
        let out = extend(&simple(b"pixels!"), &extras).unwrap();
        let names: Vec<[u8; 4]> = chunks(&out).into_iter().map(|(f, _)| f).collect();
        assert_eq!(names, [*b"VP8X", *b"ICCP", *b"VP8L", *b"EXIF", *b"XMP "]);
        assert_eq!(u32::from_le_bytes(out[4..8].try_into().unwrap()) as usize, out.len() - 8);
        assert_eq!(out.len() % 2, 0);
        assert_eq!(canvas_size(&out), Some((1280, 720)));
        let (_, vp8x) = chunks(&out)[0];
        assert_eq!(vp8x[0], FLAG_ICC | FLAG_ALPHA | FLAG_EXIF | FLAG_XMP);
        assert_eq!(chunks(&out)[2].1, b"pixels!");
    }

    #[test]
    fn what_is_not_a_simple_webp_is_an_error_not_a_panic() {
        let extras = Extras { icc_profile: None, exif: b"", xmp: b"", has_alpha: false, width: 1, height: 1 };
        for bad in [
            &b""[..],
            b"RIFF\0\0\0\0WEBP",
            b"RIFF\x10\0\0\0WEBPVP8X\x99\0\0\0",
            b"RIFF\x10\0\0\0WEBPVP8L\xff\0\0\0ab",
        ] {
            assert!(extend(bad, &extras).is_err(), "{bad:?}");
        }
        assert!(extend(&simple(b"x"), &Extras { width: 0, ..extras }).is_err());
    }
}
