//! A raw file's bytes as text: decompressed first when gzip-compressed (Flent's
//! `.flent.gz`), decoded by its byte-order mark (UTF-16 LE or BE, as PowerShell 5.1's `>`
//! writes, or UTF-8 with a mark, as `Out-File -Encoding utf8` writes), as UTF-8 without one,
//! losslessly, and refused when it is not text a tool printed.
//!
//! Owns which encodings a raw file may have, how each is named to a reader (a source page,
//! `tally check`), and the refusals: UTF-16 without a byte-order mark, bytes that are not
//! of the encoding, binary bytes (NUL and the other C0 controls but tab, CR and LF), and
//! ANSI colour escapes, each at its line and column. Line ends (`\n`, `\r\n`) are left as
//! they are: the importers read both. It does not read files (`rundata::raw` does) nor
//! parse any tool's output.

use std::ops::Range;

/// The encoding a raw file was decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Encoding {
    Utf8,
    Utf8Bom,
    Utf16Le,
    Utf16Be,
}

impl Encoding {
    /// As a reader names it: `UTF-16 LE with a byte-order mark`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 with a byte-order mark",
            Encoding::Utf16Le => "UTF-16 LE with a byte-order mark",
            Encoding::Utf16Be => "UTF-16 BE with a byte-order mark",
        }
    }
}

/// A raw file's text and what it was decoded from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DecodedText {
    /// The text without its byte-order mark.
    pub text: String,
    pub encoding: Encoding,
    /// Whether its lines end in `\r\n` (a Windows capture).
    pub crlf: bool,
    /// Whether the file was gzip-compressed (Flent's `.flent.gz`), the text its contents.
    pub gzip: bool,
}

impl DecodedText {
    /// What a reader is told of it, or None for plain UTF-8 with `\n` line ends, which is
    /// what the tools print: `UTF-16 LE with a byte-order mark, CRLF line ends`.
    pub(crate) fn described(&self) -> Option<String> {
        let text = match (self.encoding, self.crlf) {
            (Encoding::Utf8, false) => None,
            (encoding, false) => Some(encoding.name().to_string()),
            (encoding, true) => Some(format!("{}, CRLF line ends", encoding.name())),
        };
        match (self.gzip, text) {
            (false, text) => text,
            (true, None) => Some("gzip-compressed UTF-8".to_string()),
            (true, Some(text)) => Some(format!("gzip-compressed {text}")),
        }
    }
}

/// Why a raw file is not text tally reads: the message, and where (1-based line and
/// column in characters of the decoded text, the line shown with its controls made
/// visible, and the problem's bytes in that shown line).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawTextError {
    pub message: String,
    pub line: usize,
    pub col: usize,
    pub shown_line: String,
    pub highlight: Range<usize>,
}

/// Decodes `bytes`, a raw file as it was saved; a gzip-compressed one (Flent's `.flent.gz`)
/// is decompressed first, with its text's line and column counted in what it holds.
/// `max_bytes` is the site's `max_raw_bytes`: what a compressed file holds is held to it as
/// a file's size is, so a file of a few kilobytes that inflates to gigabytes is refused
/// before it is all in memory.
pub(crate) fn decode(bytes: &[u8], max_bytes: u64) -> Result<DecodedText, RawTextError> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let inflated = gunzip(bytes, max_bytes)?;
        if inflated.starts_with(&[0x1f, 0x8b]) {
            return Err(place("", 0, 0, "a gzip file inside a gzip file: decompress it once".to_string()));
        }
        let mut decoded = decode_text(&inflated)?;
        decoded.gzip = true;
        return Ok(decoded);
    }
    decode_text(bytes)
}

/// The contents of a gzip file (one member or several, as `gzip` reads them).
fn gunzip(bytes: &[u8], max_bytes: u64) -> Result<Vec<u8>, RawTextError> {
    use std::io::Read;
    let mut out = Vec::new();
    let read =
        flate2::read::MultiGzDecoder::new(bytes).take(max_bytes.saturating_add(1)).read_to_end(&mut out);
    if let Err(error) = read {
        return Err(place(
            "",
            0,
            0,
            format!(
                "this gzip file cannot be decompressed ({error}): it was cut or damaged; keep the file the tool wrote"
            ),
        ));
    }
    if out.len() as u64 > max_bytes {
        let limit = crate::views::grouped_digits(&max_bytes.to_string());
        return Err(place(
            "",
            0,
            0,
            format!(
                "this gzip file decompresses to more than {limit} bytes, the site's `max_raw_bytes` (site.yaml; a compressed file's contents are held to it as a file is): not read. Raise `max_raw_bytes` in site.yaml if this is what the tool wrote"
            ),
        ));
    }
    Ok(out)
}

fn decode_text(bytes: &[u8]) -> Result<DecodedText, RawTextError> {
    let (text, encoding) = if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        (utf8(rest, "UTF-8 (after its byte-order mark)")?, Encoding::Utf8Bom)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        (utf16(rest, u16::from_le_bytes, "UTF-16 LE")?, Encoding::Utf16Le)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        (utf16(rest, u16::from_be_bytes, "UTF-16 BE")?, Encoding::Utf16Be)
    } else {
        if let Some(order) = utf16_without_mark(bytes) {
            return Err(place(
                &String::from_utf8_lossy(bytes),
                0,
                1,
                format!(
                    "this file looks like UTF-16 {order} without a byte-order mark (every other byte is NUL): save it with one (PowerShell's `Out-File -Encoding unicode`) or as UTF-8 (`Out-File -Encoding utf8`)"
                ),
            ));
        }
        (utf8(bytes, "UTF-8")?, Encoding::Utf8)
    };
    refuse_controls(&text)?;
    let crlf = text.contains("\r\n");
    Ok(DecodedText { text, encoding, crlf, gzip: false })
}

fn utf8(bytes: &[u8], what: &str) -> Result<String, RawTextError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(error) => {
            let at = error.valid_up_to();
            let lossy = String::from_utf8_lossy(bytes);
            // The lossy copy is the same text up to the first bad byte.
            Err(place(
                &lossy,
                at,
                error.error_len().unwrap_or(1),
                format!(
                    "byte 0x{:02X} is not {what}: save the file as the tool printed it, in UTF-8 (or UTF-16 with a byte-order mark)",
                    bytes[at]
                ),
            ))
        }
    }
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16, what: &str) -> Result<String, RawTextError> {
    let units: Vec<u16> = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]])).collect();
    let mut text = String::with_capacity(units.len());
    for decoded in char::decode_utf16(units.iter().copied()) {
        match decoded {
            Ok(c) => text.push(c),
            Err(error) => {
                let at = text.len();
                return Err(place(
                    &text,
                    at,
                    0,
                    format!(
                        "the unpaired surrogate 0x{:04X} is not {what} text: the file was cut or edited",
                        error.unpaired_surrogate()
                    ),
                ));
            }
        }
    }
    if bytes.len() % 2 == 1 {
        let at = text.len();
        return Err(place(&text, at, 0, format!("the file ends in half a {what} character: it was cut")));
    }
    Ok(text)
}

/// `LE` or `BE` when `bytes` look like UTF-16 text without a byte-order mark: a NUL in
/// most of its odd (LE) or even (BE) bytes, as ASCII text in UTF-16 has.
fn utf16_without_mark(bytes: &[u8]) -> Option<&'static str> {
    let pairs = bytes.len() / 2;
    if pairs == 0 {
        return None;
    }
    let odd = bytes.chunks_exact(2).filter(|p| p[1] == 0 && p[0] != 0).count();
    let even = bytes.chunks_exact(2).filter(|p| p[0] == 0 && p[1] != 0).count();
    if odd * 2 > pairs {
        Some("LE")
    } else if even * 2 > pairs {
        Some("BE")
    } else {
        None
    }
}

/// The first control character no tool's text output holds, or a colour escape.
fn refuse_controls(text: &str) -> Result<(), RawTextError> {
    let Some((at, c)) =
        text.char_indices().find(|&(_, c)| (c < ' ' && !matches!(c, '\t' | '\r' | '\n')) || c == '\u{7f}')
    else {
        return Ok(());
    };
    let message = if c == '\u{1b}' && text[at + 1..].starts_with('[') {
        "an ANSI colour escape (ESC [ … m): tally reads the text a tool printed, not its colours; record it without colour (`iperf3 --forceflush` writes none to a file) or strip them with `sed 's/\\x1b\\[[0-9;]*m//g'`".to_string()
    } else if c == '\0' {
        "a NUL byte: a raw file is the text a tool printed, and this one holds binary bytes (padding, a cut copy, a binary file)".to_string()
    } else {
        format!(
            "the control character U+{:04X}: a raw file is the text a tool printed, and this one holds binary bytes",
            u32::from(c)
        )
    };
    Err(place(text, at, c.len_utf8(), message))
}

/// An error at byte `at` (`len` bytes) of `text`.
fn place(text: &str, at: usize, len: usize, message: String) -> RawTextError {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = text[..at].matches('\n').count() + 1;
    let col = text[line_start..at].chars().count() + 1;
    // The line as a terminal can show it: controls as their pictures (␀, ␛), and no more
    // than a screen's width of a line that may be a whole binary file.
    let mut shown_line = String::new();
    let mut highlight = 0..0;
    for (i, c) in text[line_start..line_end].char_indices().take(200) {
        if line_start + i == at {
            highlight.start = shown_line.len();
        }
        match c {
            '\0'..='\u{1f}' if c != '\t' => {
                shown_line.push(char::from_u32(0x2400 + u32::from(c)).unwrap_or('?'))
            }
            '\u{7f}' => shown_line.push('\u{2421}'),
            _ => shown_line.push(c),
        }
        if line_start + i < at + len.max(1) {
            highlight.end = shown_line.len();
        }
    }
    let shown_line = shown_line.trim_end_matches('\r').to_string();
    highlight.end = highlight.end.max(highlight.start).min(shown_line.len());
    highlight.start = highlight.start.min(highlight.end);
    RawTextError { message, line, col, shown_line, highlight }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// DecodedText within the default `max_raw_bytes`.
    fn decode(bytes: &[u8]) -> Result<DecodedText, RawTextError> {
        super::decode(bytes, crate::settings::DEFAULT_MAX_RAW_BYTES)
    }

    fn utf16le(text: &str, bom: bool) -> Vec<u8> {
        let mut bytes = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        bytes
    }

    #[test]
    fn powershell_captures_are_decoded_by_their_byte_order_mark() {
        let report = "[  5]   0.00-10.00  sec  1.10 GBytes   941 Mbits/sec                  receiver\r\n";
        let le = decode(&utf16le(report, true)).unwrap();
        assert_eq!((le.text.as_str(), le.encoding, le.crlf), (report, Encoding::Utf16Le, true));
        assert_eq!(le.described().unwrap(), "UTF-16 LE with a byte-order mark, CRLF line ends");
        let mut be = vec![0xFE, 0xFF];
        be.extend(report.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(decode(&be).unwrap().encoding, Encoding::Utf16Be);
        let mut utf8 = b"\xEF\xBB\xBF".to_vec();
        utf8.extend(report.as_bytes());
        let decoded = decode(&utf8).unwrap();
        assert_eq!((decoded.text.as_str(), decoded.encoding), (report, Encoding::Utf8Bom));
        assert_eq!(decode(b"a\nb\n").unwrap().described(), None);
    }

    #[test]
    fn utf16_without_a_mark_binary_bytes_and_colours_are_refused_at_their_place() {
        let e = decode(&utf16le("PING 127.0.0.1\n", false)).unwrap_err();
        assert!(e.message.contains("UTF-16 LE without a byte-order mark"), "{}", e.message);
        let e = decode(b"line one\nab\0cd\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        assert!(e.message.contains("NUL"), "{}", e.message);
        assert_eq!(e.shown_line, "ab\u{2400}cd");
        assert_eq!(&e.shown_line[e.highlight.clone()], "\u{2400}");
        let e = decode(b"ok\n\x1b[32m[  5] 0.00-1.00 sec\x1b[0m\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1));
        assert!(e.message.contains("--forceflush") && e.message.contains("sed"), "{}", e.message);
        let e = decode(b"a\x0cb").unwrap_err();
        assert!(e.message.contains("U+000C"), "{}", e.message);
        let e = decode(b"caf\xE9\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 4));
        assert!(e.message.contains("0xE9"), "{}", e.message);
        // Tabs and CRLF are text; a UTF-16 file cut in half a character is not.
        assert!(decode(b"a\tb\r\n").is_ok());
        let mut cut = utf16le("ab", true);
        cut.pop();
        assert!(decode(&cut).unwrap_err().message.contains("cut"));
    }

    proptest! {
        #[test]
        fn any_text_is_read_back_as_it_was_in_each_encoding(text in "[\\PC\t\r\n]{0,60}") {
            let clean = !text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\r' | '\n'));
            prop_assume!(clean);
            prop_assert_eq!(decode(&utf16le(&text, true)).unwrap().text, text.clone());
            let mut bom = b"\xEF\xBB\xBF".to_vec();
            bom.extend(text.as_bytes());
            prop_assert_eq!(decode(&bom).unwrap().text, text.clone());
        }

        #[test]
        fn never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            if let Err(e) = decode(&bytes) {
                prop_assert!(e.highlight.end <= e.shown_line.len() && e.line >= 1 && e.col >= 1);
            }
        }
    }
}
