//! Owner and licence written into the published file, so a picture that leaves the page
//! still says whose it is and under what terms.
//!
//! Owns the byte formats: an XMP packet (Dublin Core creator and rights, the Creative
//! Commons licence, the source page), a minimal EXIF block (Artist, Copyright), and the
//! splice of an XMP APP1 segment into a JPEG. It does not choose the image encoder or its
//! settings (see `codec`). Nothing here carries a date, so output stays byte-identical.

use super::Strip;
use super::strip::clean;

/// The JPEG APP1 identifier for XMP, from the XMP specification part 3.
const XMP_JPEG_NAMESPACE: &[u8] = b"http://ns.adobe.com/xap/1.0/\0";
/// A JPEG segment's 16-bit length counts itself, so 65 535 − 2 bytes of payload at most.
pub(crate) const MAX_JPEG_SEGMENT_PAYLOAD: usize = 65_533;

/// The cleaned strip fields as they go into metadata.
pub(crate) struct Attribution {
    pub owner: String,
    pub licence_url: String,
    pub page_url: String,
    /// One human sentence, e.g. "© Example Owner. CC BY 4.0: https://…", for the fields
    /// readers show as "Copyright".
    pub rights: String,
}

impl Attribution {
    pub(crate) fn from_strip(strip: &Strip) -> Self {
        let owner = clean(&strip.owner);
        let licence_url = clean(&strip.licence_url);
        let rights = format!("© {owner}. {}: {licence_url}", clean(&strip.licence));
        Attribution { owner, licence_url, page_url: clean(&strip.page_url), rights }
    }
}

fn xml_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

/// An XMP packet with the fields that photo managers and the Creative Commons tools read:
/// dc:creator, dc:rights, xmpRights:WebStatement and cc:license.
pub(crate) fn xmp_packet(attribution: &Attribution) -> String {
    let owner = xml_escape(&attribution.owner);
    let rights = xml_escape(&attribution.rights);
    let licence = xml_escape(&attribution.licence_url);
    let page = xml_escape(&attribution.page_url);
    format!(
        concat!(
            "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n",
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n",
            " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n",
            "  <rdf:Description rdf:about=\"\"\n",
            "    xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n",
            "    xmlns:xmpRights=\"http://ns.adobe.com/xap/1.0/rights/\"\n",
            "    xmlns:cc=\"http://creativecommons.org/ns#\">\n",
            "   <dc:creator><rdf:Seq><rdf:li>{owner}</rdf:li></rdf:Seq></dc:creator>\n",
            "   <dc:rights><rdf:Alt><rdf:li xml:lang=\"x-default\">{rights}</rdf:li></rdf:Alt></dc:rights>\n",
            "   <dc:source>{page}</dc:source>\n",
            "   <xmpRights:Marked>True</xmpRights:Marked>\n",
            "   <xmpRights:WebStatement>{licence}</xmpRights:WebStatement>\n",
            "   <cc:license rdf:resource=\"{licence}\"/>\n",
            "   <cc:attributionName>{owner}</cc:attributionName>\n",
            "   <cc:attributionURL rdf:resource=\"{page}\"/>\n",
            "  </rdf:Description>\n",
            " </rdf:RDF>\n",
            "</x:xmpmeta>\n",
            "<?xpacket end=\"r\"?>"
        ),
        owner = owner,
        rights = rights,
        licence = licence,
        page = page,
    )
}

const TIFF_ASCII: u16 = 2;
const TAG_ARTIST: u16 = 0x013B;
const TAG_COPYRIGHT: u16 = 0x8298;

/// A little-endian TIFF structure with one IFD holding Artist and Copyright, the form both
/// a PNG eXIf chunk and (after "Exif\0\0", which the JPEG encoder adds) an APP1 take.
/// EXIF's ASCII type predates UTF-8; the bytes are UTF-8 anyway, which exiftool and
/// browsers read, and XMP carries the same text with a declared encoding.
pub(crate) fn exif_block(attribution: &Attribution) -> Vec<u8> {
    // Tags must be in ascending order within an IFD.
    let entries =
        [(TAG_ARTIST, attribution.owner.as_bytes()), (TAG_COPYRIGHT, attribution.rights.as_bytes())];
    let header_len = 8u32;
    let ifd_len = 2 + 12 * entries.len() as u32 + 4;
    let mut data_offset = header_len + ifd_len;

    let mut tiff = Vec::new();
    tiff.extend_from_slice(b"II");
    tiff.extend_from_slice(&42u16.to_le_bytes());
    tiff.extend_from_slice(&header_len.to_le_bytes());
    tiff.extend_from_slice(&(entries.len() as u16).to_le_bytes());

    let mut data = Vec::new();
    for (tag, text) in entries {
        let mut value = text.to_vec();
        value.push(0);
        tiff.extend_from_slice(&tag.to_le_bytes());
        tiff.extend_from_slice(&TIFF_ASCII.to_le_bytes());
        tiff.extend_from_slice(&(value.len() as u32).to_le_bytes());
        if value.len() <= 4 {
            // Values of four bytes or fewer live in the entry itself, padded.
            value.resize(4, 0);
            tiff.extend_from_slice(&value);
        } else {
            tiff.extend_from_slice(&data_offset.to_le_bytes());
            // Offsets should be word-aligned.
            if value.len() % 2 == 1 {
                value.push(0);
            }
            data_offset += value.len() as u32;
            data.extend_from_slice(&value);
        }
    }
    tiff.extend_from_slice(&0u32.to_le_bytes());
    tiff.extend_from_slice(&data);
    tiff
}

/// Inserts an XMP APP1 segment after the leading APPn segments (JFIF, EXIF, ICC) of a
/// JPEG the encoder just wrote. Errors, rather than panics, on anything unexpected.
pub(crate) fn splice_xmp_into_jpeg(jpeg: &[u8], xmp: &str) -> Result<Vec<u8>, String> {
    let payload_len = XMP_JPEG_NAMESPACE.len() + xmp.len();
    if payload_len > MAX_JPEG_SEGMENT_PAYLOAD {
        return Err(format!(
            "the owner, licence and page address make {payload_len} bytes of XMP, more than a JPEG segment holds ({MAX_JPEG_SEGMENT_PAYLOAD})"
        ));
    }
    if jpeg.get(..2) != Some(&[0xFF, 0xD8]) {
        return Err("the encoder did not write a JPEG start marker".to_string());
    }
    let mut position = 2;
    while let Some(&[0xFF, marker, high, low]) = jpeg.get(position..position + 4) {
        if !(0xE0..=0xEF).contains(&marker) {
            break;
        }
        position += 2 + usize::from(u16::from_be_bytes([high, low]));
    }
    if position > jpeg.len() {
        return Err("the encoder wrote a truncated JPEG header".to_string());
    }
    let segment_len = (payload_len + 2) as u16;
    let mut out = Vec::with_capacity(jpeg.len() + payload_len + 4);
    out.extend_from_slice(&jpeg[..position]);
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&segment_len.to_be_bytes());
    out.extend_from_slice(XMP_JPEG_NAMESPACE);
    out.extend_from_slice(xmp.as_bytes());
    out.extend_from_slice(&jpeg[position..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attribution(owner: &str) -> Attribution {
        Attribution::from_strip(&Strip {
            owner: owner.to_string(),
            licence: "CC BY 4.0".to_string(),
            licence_url: "https://creativecommons.org/licenses/by/4.0/".to_string(),
            page_url: "https://example.org/a?b=1&c=2".to_string(),
        })
    }

    #[test]
    fn xmp_escapes_markup_in_fields() {
        let packet = xmp_packet(&attribution("A <b> & \"C\""));
        assert!(packet.contains("A &lt;b&gt; &amp; &quot;C&quot;"));
        assert!(packet.contains("https://example.org/a?b=1&amp;c=2"));
        assert!(!packet.contains("<b>"));
    }

    #[test]
    fn exif_block_holds_both_strings_at_their_offsets() {
        let attr = attribution("山田太郎");
        let tiff = exif_block(&attr);
        assert_eq!(&tiff[..4], b"II*\0");
        let read_u32 = |at: usize| u32::from_le_bytes(tiff[at..at + 4].try_into().unwrap());
        let read_u16 = |at: usize| u16::from_le_bytes(tiff[at..at + 2].try_into().unwrap());
        assert_eq!(read_u16(8), 2);
        for (entry, expected) in [(0, &attr.owner), (1, &attr.rights)] {
            let base = 10 + 12 * entry;
            let count = read_u32(base + 4) as usize;
            let offset = read_u32(base + 8) as usize;
            assert_eq!(&tiff[offset..offset + count - 1], expected.as_bytes());
            assert_eq!(tiff[offset + count - 1], 0);
        }
    }

    #[test]
    fn short_exif_values_are_stored_inline() {
        let attr = attribution("Al");
        let tiff = exif_block(&attr);
        assert_eq!(&tiff[10 + 8..10 + 12], b"Al\0\0");
    }

    #[test]
    fn xmp_goes_after_the_leading_app_segments() {
        // SOI, APP0 (length 4 + 2 payload bytes), then a quantisation table marker.
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 1, 2, 0xFF, 0xDB, 0x00];
        let out = splice_xmp_into_jpeg(&jpeg, "<x/>").unwrap();
        assert_eq!(&out[..8], &jpeg[..8]);
        assert_eq!(&out[8..10], &[0xFF, 0xE1]);
        let len = usize::from(u16::from_be_bytes([out[10], out[11]]));
        assert_eq!(len, 2 + XMP_JPEG_NAMESPACE.len() + 4);
        assert_eq!(&out[10 + len..], &jpeg[8..]);
    }

    #[test]
    fn malformed_jpeg_is_an_error_not_a_panic() {
        assert!(splice_xmp_into_jpeg(&[0x89, b'P'], "<x/>").is_err());
        assert!(splice_xmp_into_jpeg(&[0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF], "<x/>").is_err());
    }

    #[test]
    fn oversized_xmp_is_an_error() {
        let huge = "x".repeat(MAX_JPEG_SEGMENT_PAYLOAD);
        assert!(splice_xmp_into_jpeg(&[0xFF, 0xD8], &huge).is_err());
    }
}
