//! Bounds stated with a figure ("over two hundred", "nearly 30 %", 「二百本を超える」): which
//! words make one, the side of the number each admits, and how far from it.
//!
//! Owns [`Bound`] and [`BoundKind`]; the check of a number stated with a bound is
//! `check`'s. A bound is one only when the author states it with the figure (in the tag);
//! the same words elsewhere are words. It does not read numbers (`stated`, `words`).

use std::ops::Range;

/// Which side of the stated number a bound admits, and how far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundKind {
    /// "over", "more than", 超える, 超: above the number, by less than one step of it.
    Over,
    /// "at least", 以上: the number or above, by less than one step.
    AtLeast,
    /// "under", "fewer than", "less than", 未満: below, by less than one step.
    Under,
    /// "up to", "at most", 以下: the number or below, by less than one step.
    AtMost,
    /// "nearly", "almost", "just under", 近く, 弱: below, by half a step at most.
    Nearly,
    /// "just over", 強: above, by half a step at most.
    JustOver,
}

/// A bound stated with a figure: its kind, the phrase as tally writes it, and where it
/// stands in the tag's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    pub kind: BoundKind,
    pub phrase: &'static str,
    /// Written before the number (English) or after it (Japanese).
    pub before: bool,
    pub range: Range<usize>,
}

/// English bounds, before the number: longest first, so that "just under" is not "under".
pub(crate) const BEFORE: [(&str, BoundKind); 12] = [
    ("more than", BoundKind::Over),
    ("fewer than", BoundKind::Under),
    ("less than", BoundKind::Under),
    ("just under", BoundKind::Nearly),
    ("just over", BoundKind::JustOver),
    ("at least", BoundKind::AtLeast),
    ("at most", BoundKind::AtMost),
    ("nearly", BoundKind::Nearly),
    ("almost", BoundKind::Nearly),
    ("up to", BoundKind::AtMost),
    ("under", BoundKind::Under),
    ("over", BoundKind::Over),
];

/// Japanese bounds, after the number or its counter.
pub(crate) const AFTER: [(&str, BoundKind); 8] = [
    ("を超える", BoundKind::Over),
    ("超", BoundKind::Over),
    ("以上", BoundKind::AtLeast),
    ("未満", BoundKind::Under),
    ("以下", BoundKind::AtMost),
    ("近く", BoundKind::Nearly),
    ("弱", BoundKind::Nearly),
    ("強", BoundKind::JustOver),
];

/// The bound a tag's text states, and the bytes of the rest (the number, its unit and
/// counter): "over two hundred", 「二百本を超える」.
pub(crate) fn split_bound(text: &str) -> (Option<Bound>, Range<usize>) {
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    for (phrase, kind) in BEFORE {
        if rest.len() > phrase.len()
            && rest.is_char_boundary(phrase.len())
            && rest[..phrase.len()].eq_ignore_ascii_case(phrase)
            && rest[phrase.len()..].starts_with(char::is_whitespace)
        {
            let range = start..start + phrase.len();
            return (Some(Bound { kind, phrase, before: true, range }), start + phrase.len()..text.len());
        }
    }
    let end = text.trim_end_matches(|c: char| c.is_whitespace() || "。、.,)）」".contains(c)).len();
    for (phrase, kind) in AFTER {
        if text[..end].ends_with(phrase) && end > phrase.len() {
            let from = end - phrase.len();
            return (Some(Bound { kind, phrase, before: false, range: from..end }), 0..from);
        }
    }
    (None, 0..text.len())
}

impl BoundKind {
    /// Whether `computed` lies on the bound's side of `stated`, within its reach (`step`
    /// is the stated number's precision: 100 for "two hundred", 10 for "30 %").
    pub(crate) fn admits(self, stated: f64, step: f64, computed: f64) -> bool {
        let (v, s, c) = (stated, step, computed);
        match self {
            BoundKind::Over => v < c && c < v + s,
            BoundKind::AtLeast => v <= c && c < v + s,
            BoundKind::Under => v - s < c && c < v,
            BoundKind::AtMost => v - s < c && c <= v,
            BoundKind::Nearly => v - s / 2.0 <= c && c < v,
            BoundKind::JustOver => v < c && c <= v + s / 2.0,
        }
    }

    /// A number of steps that the bound would admit `computed` with, if there is one.
    pub(crate) fn suggest(self, step: f64, computed: f64) -> Option<f64> {
        let steps = computed / step;
        let candidate = match self {
            BoundKind::Over | BoundKind::AtLeast | BoundKind::JustOver => steps.floor(),
            BoundKind::Under | BoundKind::AtMost | BoundKind::Nearly => steps.ceil(),
        };
        [candidate, candidate - 1.0, candidate + 1.0]
            .into_iter()
            .find(|k| self.admits(k * step, step, computed))
    }
}

#[cfg(test)]
mod tests {
    use crate::number::testing::computed;
    use crate::number::{Unit, check, parse_stated};

    fn passes(text: &str, value: f64, unit: Unit) -> bool {
        check(&parse_stated(text).unwrap_or_else(|e| panic!("{text}: {e}")), &computed(value, unit), false)
            .is_ok()
    }

    /// Issue 43: a bound admits one side of its number, within one step of it.
    #[test]
    fn a_bound_admits_one_side_of_its_number() {
        for text in ["over two hundred", "more than 200", "二百本を超える", "二百超"] {
            assert!(passes(text, 225.0, Unit::Count), "{text}");
            assert!(!passes(text, 150.0, Unit::Count), "{text}");
            assert!(!passes(text, 10_000.0, Unit::Count), "{text}");
            assert!(!passes(text, 200.0, Unit::Count), "{text}");
        }
        for text in ["nearly 30 %", "almost 30 %", "just under 30 %", "30 % 弱", "30 % 近く"] {
            assert!(passes(text, 28.7, Unit::Percent), "{text}");
            assert!(!passes(text, 10.0, Unit::Percent), "{text}");
            assert!(!passes(text, 31.0, Unit::Percent), "{text}");
        }
        assert!(passes("at least 200", 200.0, Unit::Count));
        assert!(passes("200 以上", 299.0, Unit::Count));
        assert!(!passes("at least 200", 199.0, Unit::Count));
        assert!(passes("under 1,000", 987.0, Unit::Count));
        assert!(passes("fewer than a thousand", 987.0, Unit::Count));
        assert!(!passes("under 1,000", 1000.0, Unit::Count));
        assert!(passes("up to 1,000", 1000.0, Unit::Count));
        assert!(passes("1,000 以下", 1000.0, Unit::Count));
        assert!(passes("千未満", 987.0, Unit::Count));
        assert!(passes("五十本強", 52.0, Unit::Count));
        assert!(!passes("五十本強", 58.0, Unit::Count));
        assert!(!passes("五十本強", 49.0, Unit::Count));
        assert!(passes("over 5 Gbit/s", 5.4e9, Unit::BitPerSecond));
    }

    #[test]
    fn a_bound_is_read_with_its_place_and_the_rest_must_be_a_number() {
        let stated = parse_stated("over two hundred").unwrap();
        assert_eq!((stated.number_range.clone(), stated.claim_range.clone()), (5..16, 0..16));
        let stated = parse_stated("二百本を超える").unwrap();
        assert_eq!(stated.claim_range, 0.."二百本を超える".len());
        // Not a bound: a word the tag may not hold.
        assert!(parse_stated("over").is_err());
        assert!(parse_stated("overt 200").is_err());
        assert!(parse_stated("not 200").is_err());
    }
}
