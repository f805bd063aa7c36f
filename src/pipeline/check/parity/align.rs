//! Pairing a translation's blocks that state numbers with its original's, the n-th with the
//! n-th.
//!
//! Owns [`align`]. Where a pair does not state the same, the next few blocks decide in one
//! step what happened, so that one difference is one error and not a shift of every block
//! after it: a block left out or added (the next block pairs up across it), one split in
//! two or two joined into one; otherwise the two are compared as a pair, differences and
//! all (two blocks whose numbers were swapped are two such pairs). Each step looks at most
//! two blocks ahead, so the pairing takes linear time.

use super::places::{Numbered, joined};

/// One step of the pairing, in the original's order; indices are into the two pages'
/// blocks that state numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// The original's block and the translation's at its place.
    Pair(usize, usize),
    /// The original's block, stated by the translation's `.1` and the block after it.
    Split(usize, usize),
    /// The original's `.0` and the block after it, stated together by the translation's `.1`.
    Join(usize, usize),
    /// The original's block, which the translation leaves out before its block `.1` (none:
    /// at its end).
    Dropped(usize, Option<usize>),
    /// The translation's block, which stands at no block of the original.
    Added(usize),
}

/// Pairs the blocks of the original with those of the translation.
pub(super) fn align(original: &[Numbered<'_>], translation: &[Numbered<'_>]) -> Vec<Step> {
    let (n, m) = (original.len(), translation.len());
    let same = |i: usize, j: usize| i < n && j < m && original[i].same(&translation[j]);
    let mut steps = Vec::with_capacity(n.max(m));
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        let (o, t) = (&original[i], &translation[j]);
        if same(i, j) {
            steps.push(Step::Pair(i, j));
            (i, j) = (i + 1, j + 1);
            continue;
        }
        // A number spelled out is words unless the other language writes it in digits: a
        // block of such words alone need have no counterpart.
        if o.only_spelled() {
            i += 1;
            continue;
        }
        if t.only_spelled() {
            j += 1;
            continue;
        }
        if j + 1 < m && o.column().is_none() && joined(o, t, &translation[j + 1]) {
            steps.push(Step::Split(i, j));
            (i, j) = (i + 1, j + 2);
            continue;
        }
        if i + 1 < n && t.column().is_none() && joined(t, o, &original[i + 1]) {
            steps.push(Step::Join(i, j));
            (i, j) = (i + 2, j + 1);
            continue;
        }
        if !o.overlaps(t) {
            // Blocks that share no number and pair up across one block: that one was left
            // out or added. Both at once is two blocks swapped, which are compared as pairs.
            match (same(i + 1, j), same(i, j + 1)) {
                (true, false) => {
                    steps.push(Step::Dropped(i, Some(j)));
                    i += 1;
                    continue;
                }
                (false, true) => {
                    steps.push(Step::Added(j));
                    j += 1;
                    continue;
                }
                _ => {}
            }
        }
        steps.push(Step::Pair(i, j));
        (i, j) = (i + 1, j + 1);
    }
    steps.extend((i..n).filter(|&i| !original[i].only_spelled()).map(|i| Step::Dropped(i, None)));
    steps.extend((j..m).filter(|&j| !translation[j].only_spelled()).map(Step::Added));
    steps
}

#[cfg(test)]
mod tests {
    use super::super::places::StatedKey;
    use super::*;

    /// Blocks written as `|`-separated lists of tag names.
    fn blocks(written: &str) -> Vec<Numbered<'_>> {
        written
            .split('|')
            .map(|block| {
                let mut keys: Vec<StatedKey> = block.split_whitespace().map(StatedKey::Tag).collect();
                keys.sort_unstable();
                Numbered { kind: None, range: 0..0, tags: Vec::new(), numbers: Vec::new(), keys }
            })
            .collect()
    }

    fn steps(original: &str, translation: &str) -> Vec<Step> {
        align(&blocks(original), &blocks(translation))
    }

    #[test]
    fn blocks_that_state_the_same_pair_in_order_whatever_the_order_inside_each() {
        assert_eq!(steps("a b | c", "b a | c"), [Step::Pair(0, 0), Step::Pair(1, 1)]);
    }

    #[test]
    fn two_swapped_blocks_are_two_pairs_that_differ() {
        assert_eq!(steps("a | b | c", "b | a | c"), [Step::Pair(0, 0), Step::Pair(1, 1), Step::Pair(2, 2)]);
    }

    #[test]
    fn a_block_left_out_or_added_shifts_nothing_after_it() {
        assert_eq!(
            steps("a | b | c", "a | c"),
            [Step::Pair(0, 0), Step::Dropped(1, Some(1)), Step::Pair(2, 1)]
        );
        assert_eq!(steps("a | c", "a | b | c"), [Step::Pair(0, 0), Step::Added(1), Step::Pair(1, 2)]);
        assert_eq!(steps("a | b", "a"), [Step::Pair(0, 0), Step::Dropped(1, None)]);
    }

    #[test]
    fn a_block_split_in_two_or_two_joined_are_one_step() {
        assert_eq!(steps("a b | c", "a | b | c"), [Step::Split(0, 0), Step::Pair(1, 2)]);
        assert_eq!(steps("a | b | c", "b a | c"), [Step::Join(0, 0), Step::Pair(2, 1)]);
    }

    /// A user trial of the tag pairing this replaced: the first `frames` of two left out is
    /// missing from its own block, not the last.
    #[test]
    fn a_block_missing_one_of_its_numbers_is_paired_with_its_place() {
        assert_eq!(
            steps("slow frames | frames slow", "slow | frames slow"),
            [Step::Pair(0, 0), Step::Pair(1, 1)]
        );
    }

    #[test]
    fn many_blocks_pair_in_linear_time() {
        let original: String = (0..50_000).map(|i| format!("t{} |", i % 7)).collect();
        let translation: String = (0..50_000).map(|i| format!("t{} |", (i + 1) % 7)).collect();
        let started = std::time::Instant::now();
        let found = steps(&original, &translation);
        assert!(found.len() >= 50_000);
        assert!(started.elapsed().as_secs_f64() < 2.0, "{:?}", started.elapsed());
    }
}
