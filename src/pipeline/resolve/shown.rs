//! What a reader is shown of running text: the character references of raw HTML decoded
//! (`&#57;40` is 940 on the screen), invisible characters dropped (a zero-width space
//! inside `9​40` shows 940), digits of other scripts read as the digits they are (`𝟗𝟒𝟎`,
//! `٩٤٠`) and letters of Greek or Cyrillic drawn as Latin ones read as those (`80 Мbit/s`
//! with a Cyrillic М), with a way back from a place in what is shown to a place in the
//! text, so that a number read from it is still reported where it is written.

use std::borrow::Cow;

/// Characters a browser draws as nothing, which may stand inside a number: zero-width
/// space, non-joiner and joiner, word joiner, byte-order mark, soft hyphen, Mongolian vowel
/// separator.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{ad}' | '\u{180e}')
}

/// The zero of each run of ten decimal digits outside ASCII that a reader reads as digits:
/// Arabic-Indic and Extended Arabic-Indic, the Indic scripts', Thai, Lao, Tibetan, Myanmar,
/// Khmer, Mongolian, and the mathematical bold, double-struck, sans-serif, sans-serif bold
/// and monospace digits. (Full-width digits are read by the number grammar itself.)
const DIGIT_ZEROS: [u32; 27] = [
    0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0DE6,
    0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC,
    0x1D7F6, 0x1FBF0,
];

/// What a reader reads `c` as, where that is an ASCII digit or letter it is not: a digit
/// of another script, or a Greek or Cyrillic letter drawn as a Latin one (its UTS 39
/// skeleton is one ASCII letter).
pub(crate) fn read_as(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    let code = c as u32;
    if let Some(zero) = DIGIT_ZEROS.iter().find(|&&zero| (zero..zero + 10).contains(&code)) {
        return char::from_digit(code - zero, 10);
    }
    let greek_or_cyrillic = (0x0370..=0x052F).contains(&code);
    if !greek_or_cyrillic || !c.is_alphabetic() {
        return None;
    }
    let mut buffer = [0; 4];
    let mut skeleton = unicode_security::confusable_detection::skeleton(c.encode_utf8(&mut buffer));
    match (skeleton.next(), skeleton.next()) {
        (Some(latin), None) if latin.is_ascii_alphabetic() => Some(latin),
        _ => None,
    }
}

/// Text as a reader is shown it, and where its pieces stand in the text it was read from.
pub(crate) struct VisibleText<'a> {
    pub text: Cow<'a, str>,
    /// (offset in `text`, offset in the written text) at each point after which they part.
    map: Vec<(usize, usize)>,
}

impl<'a> VisibleText<'a> {
    /// `written` as shown; character references are decoded only with `references` (the
    /// markdown parser has decoded those of markdown text already, and a second decoding
    /// would read `&amp;#57;`, shown as `&#57;`, as 9).
    pub(crate) fn of(written: &'a str, references: bool) -> VisibleText<'a> {
        let plain =
            !written.chars().any(|c| is_invisible(c) || (references && c == '&') || read_as(c).is_some());
        if plain {
            return VisibleText { text: Cow::Borrowed(written), map: Vec::new() };
        }
        let mut text = String::with_capacity(written.len());
        let mut map = vec![(0, 0)];
        let mut at = 0;
        while let Some(c) = written[at..].chars().next() {
            if is_invisible(c) {
                at += c.len_utf8();
                map.push((text.len(), at));
                continue;
            }
            if let Some(read) = read_as(c) {
                text.push(read);
                at += c.len_utf8();
                map.push((text.len(), at));
                continue;
            }
            if references
                && c == '&'
                && let Some((decoded, length)) = crate::shown_numbers::character_reference(&written[at..])
            {
                text.push(decoded);
                at += length;
                map.push((text.len(), at));
                continue;
            }
            text.push(c);
            at += c.len_utf8();
        }
        VisibleText { text: Cow::Owned(text), map }
    }

    /// The offset in the written text of offset `at` of what is shown.
    pub(crate) fn written_offset(&self, at: usize) -> usize {
        let i = self.map.partition_point(|(shown, _)| *shown <= at);
        match i.checked_sub(1).and_then(|i| self.map.get(i)) {
            Some((shown, written)) => written + (at - shown),
            None => at,
        }
    }
}

/// A number as written, for a message: as shown, and how it is written when that differs
/// (invisible characters spelled out, since a message would show them as nothing too).
pub(crate) fn as_read(written: &str) -> String {
    let shown = VisibleText::of(written, true);
    if shown.text == written {
        return format!("`{written}`");
    }
    let spelled: String = written
        .chars()
        .map(|c| if is_invisible(c) { format!("\\u{{{:x}}}", c as u32) } else { c.to_string() })
        .collect();
    format!("`{}` (written `{spelled}`)", shown.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_and_invisible_characters_read_as_shown_and_map_back() {
        let shown = VisibleText::of("at &#57;40 Mbit/s", true);
        assert_eq!(shown.text, "at 940 Mbit/s");
        assert_eq!((shown.written_offset(3), shown.written_offset(13)), (3, 17));
        let shown = VisibleText::of("9\u{200b}4\u{ad}0 %", false);
        assert_eq!(shown.text, "940 %");
        assert_eq!((shown.written_offset(0), shown.written_offset(5)), (0, 10));
        assert_eq!(VisibleText::of("&#x39;&amp;&bogus; &#57", true).text, "9&&bogus; &#57");
        assert_eq!(VisibleText::of("&#57;", false).text, "&#57;");
    }

    /// Issue 43: `𝟗𝟒𝟎 Mbit/s` and `80 Мbit/s` (a Cyrillic М) were no figure-like numbers,
    /// though a reader reads 940 Mbit/s and 80 Mbit/s.
    #[test]
    fn other_scripts_digits_and_look_alike_letters_read_as_a_reader_reads_them() {
        let shown = VisibleText::of("at 𝟗𝟒𝟎 Mbit/s", false);
        assert_eq!(shown.text, "at 940 Mbit/s");
        assert_eq!(shown.written_offset(6), "at 𝟗𝟒𝟎".len());
        assert_eq!(VisibleText::of("٩٤٠ %", false).text, "940 %");
        assert_eq!(VisibleText::of("80 Мbit/s and 3 Μpps", false).text, "80 Mbit/s and 3 Mpps");
        // Japanese, and Greek that reads as Greek (μ of μs), stay as written.
        assert_eq!(VisibleText::of("四十秒、12 μs", false).text, "四十秒、12 μs");
        assert!("0123456789".chars().all(|c| read_as(c).is_none()));
    }

    #[test]
    fn a_number_is_named_as_read_and_as_written() {
        assert_eq!(as_read("940 Mbit/s"), "`940 Mbit/s`");
        assert_eq!(as_read("&#57;40"), "`940` (written `&#57;40`)");
        assert_eq!(as_read("9\u{200b}40"), "`940` (written `9\\u{200b}40`)");
    }
}
