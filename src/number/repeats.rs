//! Counts of runs, tries and repeats ("four runs", "ran 4 times", "three iperf3 runs",
//! 四回, 「4 回」): a count under 100 that is figure-like all the same, since it says how
//! often the bench measured, and a reader checks the figures against it. Coverage asks for
//! it to be tagged and parity compares it, as it does a count of 100 and above.
//!
//! Owns the nouns and the counter that make a small count one ([`counts_repeats`]). A count
//! of one ("one run", 「1 回の実行」, which read as "a run"), an ordinal (「2 回目」, "the
//! fourth run"), `once` and `twice`, and a count of anything else ("two ways", 三件) stay
//! words. Numbers in digits are `scan`'s and numbers in words `words`'s; each asks here.

/// The nouns a count of runs, tries or repeats stands before, right after the number.
const NOUNS: [&str; 15] = [
    "run",
    "runs",
    "trial",
    "trials",
    "try",
    "tries",
    "repeat",
    "repeats",
    "repetition",
    "repetitions",
    "iteration",
    "iterations",
    "attempt",
    "attempts",
    "times",
];

/// The plural nouns that a word or two may stand before ("four iperf3 runs", "three more
/// trials"); a singular one does not ("two ways to run").
const PLURALS: [&str; 7] = ["runs", "trials", "tries", "repeats", "repetitions", "iterations", "attempts"];

/// Words that end a noun phrase: a run noun after one of them is not what the number counts
/// ("two of the runs", "three ways to run").
const STOPS: [&str; 24] = [
    "a", "an", "the", "of", "to", "and", "or", "in", "on", "for", "per", "at", "by", "with", "from", "that",
    "which", "this", "these", "is", "are", "was", "were", "than",
];

/// Japanese counters after 回 that make another word (回線, a line; 回路, a circuit; 回転, a
/// turn) and 目, which makes an ordinal (2 回目).
const NOT_AFTER_KAI: [char; 4] = ['目', '線', '路', '転'];

/// Whether a count of `value` whose text (digits, or words without a unit) is followed by
/// `after` counts runs, tries or repeats: 2 or more, whole, and before a run noun or 回.
pub(crate) fn counts_repeats(value: f64, after: &str) -> bool {
    if !(2.0..100.0).contains(&value) || value.fract() != 0.0 {
        return false;
    }
    let rest = after.trim_start_matches(' ');
    if let Some(kai) = rest.strip_prefix('回') {
        return !kai.starts_with(NOT_AFTER_KAI);
    }
    if rest.len() == after.len() {
        // A noun glued to the number is a name or another word ("4runs").
        return false;
    }
    let mut words = rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'));
    for position in 0..3 {
        let Some(word) = words.next() else { return false };
        let word = word.to_ascii_lowercase();
        if position == 0 && NOUNS.contains(&word.as_str()) {
            return true;
        }
        if position > 0 && PLURALS.contains(&word.as_str()) {
            return true;
        }
        if word.is_empty() || STOPS.contains(&word.as_str()) {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_before_a_run_noun_or_kai_counts_repeats() {
        for after in [
            " runs",
            " runs, each",
            " times.",
            " iperf3 runs",
            " more TCP runs",
            " trials",
            " repeated runs",
            "回",
            " 回の実行",
            "回実行した",
        ] {
            assert!(counts_repeats(4.0, after), "{after:?}");
        }
    }

    #[test]
    fn one_an_ordinal_another_noun_or_a_noun_further_away_is_no_count_of_repeats() {
        assert!(!counts_repeats(1.0, " run"));
        assert!(!counts_repeats(1.0, " 回の実行"));
        assert!(!counts_repeats(100.0, " runs"));
        assert!(!counts_repeats(2.5, " runs"));
        for after in [
            " ways to run",
            " of the runs",
            " ways",
            " files",
            "回目",
            " 回線",
            " 件",
            "runs",
            " streams in the runs",
            "",
        ] {
            assert!(!counts_repeats(4.0, after), "{after:?}");
        }
    }
}
