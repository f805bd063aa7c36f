//! Which characters are Japanese text for the rules that join lines and read emphasis:
//! kanji (every CJK Unified Ideographs block, Extension G and later included), kana,
//! Japanese punctuation and full-width forms; and which characters show nothing and are
//! looked through to the character a reader sees. Which characters are Japanese at all is
//! [`crate::text::is_cjk`], which the number grammar shares.
//!
//! Owns the ranges only. Hangul is not here: Korean separates its words with spaces, so a
//! line break between two Korean words is a space, as in English.

use crate::text::is_cjk;

/// Whether `c` beside a delimiter run may make the markdown-cjk-friendly rules read the run
/// otherwise than CommonMark does: Japanese, and besides it Hangul (the rules are for
/// Korean too) and the enclosed ideographs of the emoji planes (🈂). The quotation marks a
/// variation selector makes East Asian (`”︁`) are [`is_ambiguous_quote`].
pub(crate) fn is_cjk_for_emphasis(c: char) -> bool {
    is_cjk(c)
        || matches!(c as u32,
            // Hangul Jamo, Compatibility Jamo, Jamo Extended-A, Syllables, Jamo Extended-B
            0x1100..=0x11FF | 0x3130..=0x318F | 0xA960..=0xA97F | 0xAC00..=0xD7FF
            // Half-width Hangul, Enclosed Ideographic Supplement
            | 0xFFA0..=0xFFDC | 0x1F200..=0x1F2FF)
}

/// Whether `c` is a quotation mark that the markdown-cjk-friendly rules read as East Asian
/// punctuation when a variation selector follows it.
pub(crate) fn is_ambiguous_quote(c: char) -> bool {
    matches!(c, '\u{2018}' | '\u{2019}' | '\u{201C}' | '\u{201D}')
}

/// Whether `c` is a variation selector that may choose a character's East Asian form.
pub(crate) fn is_general_variation_selector(c: char) -> bool {
    matches!(c as u32, 0xFE00..=0xFE0E)
}

/// Whether `c` shows nothing of its own: zero-width spaces and joiners, the word joiner, a
/// byte-order mark, a soft hyphen, and variation selectors (which choose a kanji's glyph,
/// 葛󠄀, and belong to the character before them).
pub(crate) fn shows_nothing(c: char) -> bool {
    matches!(c as u32,
        0x200B..=0x200D | 0x2060 | 0xFEFF | 0x00AD | 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
}

/// The last character of `text` a reader sees, if it shows one.
pub(crate) fn last_shown(text: &str) -> Option<char> {
    text.chars().rev().find(|&c| !shows_nothing(c))
}

/// The first character of `text` a reader sees, if it shows one.
pub(crate) fn first_shown(text: &str) -> Option<char> {
    text.chars().find(|&c| !shows_nothing(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_of_every_extension_is_japanese() {
        // Extension A, the URO, B (𠮟), C (𪜈), E (𫠉), F (𬤲), G (𰻞), H (𱟛), I (𮹝 is F; 𮯰 is I).
        for c in ['㐧', '漢', '𠮟', '𪜈', '𫠉', '𬤲', '𰻞', '𱟛', '\u{2EBF0}', '\u{31350}'] {
            assert!(is_cjk(c), "{c} U+{:X}", c as u32);
        }
    }

    #[test]
    fn kana_punctuation_and_full_width_are_japanese() {
        for c in
            ['あ', 'ア', 'ㇿ', '𛀙', '、', '。', '「', '」', '（', '）', '！', '：', 'ｱ', '￥', '㋐', '︙']
        {
            assert!(is_cjk(c), "{c} U+{:X}", c as u32);
        }
    }

    #[test]
    fn latin_and_hangul_are_not() {
        for c in ['a', 'Z', '1', ' ', '.', ')', '한', 'ᄏ', 'ﾡ', 'é'] {
            assert!(!is_cjk(c), "{c} U+{:X}", c as u32);
        }
    }

    #[test]
    fn a_variation_selector_is_looked_through() {
        assert_eq!(last_shown("葛\u{E0100}"), Some('葛'));
        assert_eq!(first_shown("\u{200B}語"), Some('語'));
        assert_eq!(last_shown("\u{200B}"), None);
    }
}
