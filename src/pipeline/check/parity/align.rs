//! Pairing a translation's figure tags with its original's, by name, in order.
//!
//! Owns [`pair`]: the two sequences of tags are aligned (a longest common subsequence of
//! their names, and of the paragraph breaks between them where that leaves a choice), so
//! that a tag the translation leaves out is the one missing at its own place, not the last
//! of its name; tags left over after that, moved by the translation's word order, are
//! paired in order of their names.

use std::collections::{HashMap, VecDeque};

/// The middle of two sequences (what differs after their common start and end) is aligned
/// only up to this many table cells (8 MiB); past it, a page's tags are paired in order of
/// their names alone, so that no page makes the check slow out of proportion.
const MAX_CELLS: usize = 1 << 20;

/// Which tags of the original and of the translation state the same figure.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Pairing {
    /// (original's index, translation's index), in the original's order.
    pub pairs: Vec<(usize, usize)>,
    /// The original's tags the translation does not state, in order.
    pub original_only: Vec<usize>,
    /// The translation's tags its original does not state, in order.
    pub translation_only: Vec<usize>,
}

/// A tag (its name and its index among the page's tags) or a paragraph break.
#[derive(Clone, Copy)]
enum Token<'a> {
    Tag(&'a str, usize),
    Break,
}

impl Token<'_> {
    fn same(&self, other: &Token<'_>) -> bool {
        match (self, other) {
            (Token::Tag(a, _), Token::Tag(b, _)) => a == b,
            (Token::Break, Token::Break) => true,
            _ => false,
        }
    }
}

/// The tags of a page in order, each as (name, the number of its paragraph), with a
/// break token for each paragraph passed between them.
fn tokens<'a>(tags: &[(&'a str, usize)]) -> Vec<Token<'a>> {
    let mut out = Vec::with_capacity(tags.len() * 2);
    let mut paragraph = tags.first().map_or(0, |(_, p)| *p);
    for (index, &(name, at)) in tags.iter().enumerate() {
        out.extend(std::iter::repeat_n(Token::Break, at.saturating_sub(paragraph)));
        paragraph = paragraph.max(at);
        out.push(Token::Tag(name, index));
    }
    out
}

/// Pairs the original's tags with the translation's, each given as (name, the number of
/// the paragraph it stands in).
pub(super) fn pair(original: &[(&str, usize)], translation: &[(&str, usize)]) -> Pairing {
    let (a, b) = (tokens(original), tokens(translation));
    let (n, m) = (a.len(), b.len());
    // A common start and end are in every longest common subsequence: only the middle
    // needs the table.
    let start = a.iter().zip(&b).take_while(|(x, y)| x.same(y)).count();
    let end = a[start..].iter().rev().zip(b[start..].iter().rev()).take_while(|(x, y)| x.same(y)).count();
    let mut matched: Vec<(usize, usize)> = (0..start).map(|i| (i, i)).collect();
    let (middle_a, middle_b) = (&a[start..n - end], &b[start..m - end]);
    if middle_a.len().saturating_mul(middle_b.len()) <= MAX_CELLS {
        matched
            .extend(common_subsequence(middle_a, middle_b).into_iter().map(|(i, j)| (start + i, start + j)));
    }
    matched.extend((0..end).map(|k| (n - end + k, m - end + k)));
    let mut pairs: Vec<(usize, usize)> = matched
        .into_iter()
        .filter_map(|(i, j)| match (a[i], b[j]) {
            (Token::Tag(_, o), Token::Tag(_, t)) => Some((o, t)),
            _ => None,
        })
        .collect();

    let mut paired_o = vec![false; original.len()];
    let mut paired_t = vec![false; translation.len()];
    for &(o, t) in &pairs {
        paired_o[o] = true;
        paired_t[t] = true;
    }
    let mut waiting: HashMap<&str, VecDeque<usize>> = HashMap::new();
    for o in (0..original.len()).filter(|&o| !paired_o[o]) {
        waiting.entry(original[o].0).or_default().push_back(o);
    }
    let mut translation_only = Vec::new();
    for t in (0..translation.len()).filter(|&t| !paired_t[t]) {
        match waiting.get_mut(translation[t].0).and_then(VecDeque::pop_front) {
            Some(o) => pairs.push((o, t)),
            None => translation_only.push(t),
        }
    }
    let mut original_only: Vec<usize> = waiting.into_values().flatten().collect();
    original_only.sort_unstable();
    pairs.sort_unstable();
    Pairing { pairs, original_only, translation_only }
}

/// A common subsequence of `a` and `b` with the most tags, and of those the one with the
/// most paragraph breaks, as index pairs in order.
fn common_subsequence(a: &[Token<'_>], b: &[Token<'_>]) -> Vec<(usize, usize)> {
    // A tag outweighs every break there is: breaks only choose between equal numbers of tags.
    let breaks = a.iter().filter(|t| matches!(t, Token::Break)).count();
    let weight = |t: &Token<'_>| if matches!(t, Token::Tag(..)) { breaks as u64 + 1 } else { 1 };
    let width = b.len() + 1;
    // best[i * width + j]: the weight of the best common subsequence of a[i..] and b[j..].
    let mut best = vec![0u64; (a.len() + 1) * width];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            let skip = best[(i + 1) * width + j].max(best[i * width + j + 1]);
            let take = if a[i].same(&b[j]) { best[(i + 1) * width + j + 1] + weight(&a[i]) } else { 0 };
            best[i * width + j] = skip.max(take);
        }
    }
    let mut found = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].same(&b[j]) && best[i * width + j] == best[(i + 1) * width + j + 1] + weight(&a[i]) {
            found.push((i, j));
            i += 1;
            j += 1;
        } else if best[(i + 1) * width + j] >= best[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tags by name, each in the paragraph its number of `|` before it says.
    fn tags(written: &str) -> Vec<(&str, usize)> {
        let mut paragraph = 0;
        let mut out = Vec::new();
        for word in written.split_whitespace() {
            if word == "|" {
                paragraph += 1;
            } else {
                out.push((word, paragraph));
            }
        }
        out
    }

    /// A user trial: the translation left out the first `connections` of four, and the
    /// tags were paired in order, so the last one was reported missing.
    #[test]
    fn a_tag_left_out_is_the_one_missing_at_its_place_not_the_last_of_its_name() {
        let original =
            tags("vendor connections body_size | connections | busy connections rate | connections");
        let translation = tags("vendor body_size | connections | busy connections rate | connections");
        let pairing = pair(&original, &translation);
        assert_eq!(pairing.original_only, [1]);
        assert!(pairing.translation_only.is_empty());
        assert_eq!(pairing.pairs, [(0, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6)]);
    }

    /// Names alone cannot tell which of two `frames` is missing; the paragraphs can.
    #[test]
    fn paragraphs_choose_between_tags_of_one_name() {
        let pairing = pair(&tags("slow frames | frames slow"), &tags("slow | frames slow"));
        assert_eq!(pairing.original_only, [1]);
        let pairing = pair(&tags("slow frames | frames slow"), &tags("slow frames | slow"));
        assert_eq!(pairing.original_only, [2]);
    }

    #[test]
    fn tags_the_translation_moves_are_still_paired_and_extra_ones_are_its_own() {
        let pairing = pair(&tags("a b c d"), &tags("b a c d e a"));
        assert_eq!(pairing.pairs, [(0, 1), (1, 0), (2, 2), (3, 3)]);
        assert!(pairing.original_only.is_empty());
        assert_eq!(pairing.translation_only, [4, 5]);
    }

    #[test]
    fn pages_past_the_table_limit_are_paired_by_name_in_order_in_linear_time() {
        let original: Vec<String> = (0..20_000).map(|i| format!("t{}", i % 7)).collect();
        let translation: Vec<String> = (0..20_000).map(|i| format!("t{}", (i + 1) % 7)).collect();
        let o: Vec<(&str, usize)> = original.iter().map(|n| (n.as_str(), 0)).collect();
        let t: Vec<(&str, usize)> = translation.iter().map(|n| (n.as_str(), 0)).collect();
        let pairing = pair(&o, &t);
        assert_eq!(pairing.pairs.len() + pairing.original_only.len(), 20_000);
        assert_eq!(pairing.pairs.len() + pairing.translation_only.len(), 20_000);
    }
}
