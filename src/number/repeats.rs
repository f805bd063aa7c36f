//! Counts of runs, tries and repeats ("four runs", "ran 4 times", "three iperf3 runs",
//! 四回, 「4 回」): a count under 100 that is figure-like all the same, since it says how
//! often the bench measured, and a reader checks the figures against it. Coverage asks for
//! it to be tagged and parity compares it, as it does a count of 100 and above.
//!
//! Owns the nouns and the counter that make a small count one ([`counts_repeats`]), and the
//! verbs of running that make `once`, `twice`, `thrice` and 一度, 二度, 三度 one
//! ([`adverb_counts_runs`], [`japanese_do_counts_runs`]: "each configuration ran twice",
//! 「一度しか実行されていません」). A count of one ("one run", 「1 回の実行」, which read as
//! "a run"), an ordinal (「2 回目」, "the fourth run"), `once` and `twice` away from a verb
//! of running ("once the link was up", 一度に), and a count of anything else ("two ways",
//! 三件) stay words. Numbers in digits are `scan`'s and numbers in words `words`'s; each
//! asks here.

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

/// English verbs of running that `once`, `twice` or `thrice` after them counts.
const RUN_VERBS: [&str; 12] = [
    "ran",
    "run",
    "runs",
    "rerun",
    "reran",
    "repeated",
    "tested",
    "measured",
    "executed",
    "benchmarked",
    "timed",
    "tried",
];

/// Words that may stand between the verb and the adverb ("ran it only twice", "was run
/// each twice"); any other word ends the search ("measured the link once it was up").
const BETWEEN: [&str; 10] = ["it", "them", "each", "only", "just", "all", "again", "exactly", "both", "then"];

/// Whether `once`, `twice` or `thrice`, with `before` the text before it, follows a verb of
/// running, a few words of [`BETWEEN`] apart at most and no punctuation between: a count
/// of runs ("each configuration ran twice", "it was measured only once").
pub(crate) fn adverb_counts_runs(before: &str) -> bool {
    let mut words = before.split(' ').rev();
    if before.ends_with(' ') {
        words.next();
    } else {
        return false;
    }
    for _ in 0..4 {
        let Some(word) = words.next() else { return false };
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic()) {
            return false;
        }
        let word = word.to_ascii_lowercase();
        if RUN_VERBS.contains(&word.as_str()) {
            return true;
        }
        if !BETWEEN.contains(&word.as_str()) {
            return false;
        }
    }
    false
}

/// Japanese verbs of running that 一度, 二度 or 三度 counts when it stands before one
/// (「二度実行した」, 「一度しか実行されていません」) or after one and a particle (「測定は二度」).
const JAPANESE_RUN_VERBS: [&str; 7] = ["実行", "測定", "計測", "試験", "繰り返", "繰返", "走らせ"];

/// Whether the 度 of a kanji numeral of value 1 to 9, with `before` the text before the
/// numeral and `after` the text after 度, counts runs: a verb of running after it (only
/// しか, だけ, ずつ or ほど between) or before it with は, を or が. 一度に (at once) and
/// 一度も (not even once) are no count of runs.
pub(crate) fn japanese_do_counts_runs(value: f64, before: &str, after: &str) -> bool {
    if !(1.0..10.0).contains(&value) || value.fract() != 0.0 || after.starts_with(['に', 'も']) {
        return false;
    }
    let mut rest = after.trim_start_matches(' ');
    for filler in ["しか", "だけ", "ずつ", "ほど"] {
        rest = rest.strip_prefix(filler).unwrap_or(rest);
    }
    let rest = rest.trim_start_matches(' ');
    if JAPANESE_RUN_VERBS.iter().any(|v| rest.starts_with(v)) {
        return true;
    }
    let before = before.trim_end_matches(' ');
    let Some(head) = before.strip_suffix(['は', 'を', 'が']) else { return false };
    JAPANESE_RUN_VERBS.iter().any(|v| head.ends_with(v))
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

    #[test]
    fn once_twice_or_thrice_after_a_verb_of_running_counts_runs() {
        for before in
            ["Each configuration ran ", "it was run ", "We ran it only ", "measured exactly ", "Tested "]
        {
            assert!(adverb_counts_runs(before), "{before:?}");
        }
        for before in ["", "ran", "We measured the link ", "ran, ", "It is ", "one run, "] {
            assert!(!adverb_counts_runs(before), "{before:?}");
        }
    }

    #[test]
    fn ichido_nido_before_or_after_a_verb_of_running_counts_runs() {
        for (value, before, after) in [
            (1.0, "どの構成も", "しか実行されていません"),
            (2.0, "構成を", "実行した"),
            (3.0, "", "ずつ測定した"),
            (2.0, "測定は", "でした"),
            (2.0, "繰り返しを", "。"),
        ] {
            let counts = japanese_do_counts_runs(value, before, after);
            assert_eq!(counts, before != "繰り返しを", "{before:?} {after:?}");
        }
        for (value, before, after) in [
            (1.0, "", "に実行した"),
            (1.0, "", "も実行されていない"),
            (1.0, "", "断られた"),
            (10.0, "", "実行"),
        ] {
            assert!(!japanese_do_counts_runs(value, before, after), "{before:?} {after:?}");
        }
    }
}
