//! The differences of one step of the pairing: two blocks (or a block and the two that
//! split it) stating other numbers, a block left out, a block added.
//!
//! Owns [`differences`]. Inside a block the order of its numbers is free (each language
//! has its word order); which numbers it states is not. Tags are matched by name and
//! untagged numbers by value, each through an index, so that a block of thousands of tags
//! takes linear time; what is left over on both sides is reported in pairs, the
//! translation's number against the original's it stands for.

use std::collections::{HashMap, VecDeque};
use std::ops::Range;

use super::Sides;
use super::align::Step;
use super::places::{Numbered, claim_value, spelled, value_key};
use super::statement::{same_tag, tag_of};
use crate::diagnostics::Diagnostic;
use crate::markdown::Claim;
use crate::number::FigureValue;
use crate::paths::display_path;
use crate::pipeline::resolve::as_read;

type Number = (FigureValue, Range<usize>);

/// The problems of one step of the pairing of `theirs` (the original's blocks) with `ours`.
pub(super) fn differences(
    sides: &Sides<'_>,
    theirs: &[Numbered<'_>],
    ours: &[Numbered<'_>],
    step: Step,
) -> Vec<Diagnostic> {
    let (o, t) = (|i: usize| theirs.get(i), |j: usize| ours.get(j));
    match step {
        Step::Pair(i, j) => {
            let (Some(a), Some(b)) = (o(i), t(j)) else { return Vec::new() };
            let mut problems = compared(sides, &[a], &[b]);
            problems.extend(moved_column(sides, a, b));
            problems
        }
        Step::Split(i, j) => {
            let (Some(a), Some(b), Some(c)) = (o(i), t(j), t(j + 1)) else { return Vec::new() };
            let mut problems = compared(sides, &[a], &[b, c]);
            problems.push(sides.at(
                code(c),
                c.range.start..c.range.start,
                format!(
                    "the original's {} at {} is split in two here: this {} and the one before it state its numbers",
                    kind(a),
                    sides.original_line(a.range.start),
                    kind(c)
                ),
            ).note(KEEP_BLOCKS));
            problems
        }
        Step::Join(i, j) => {
            let (Some(a), Some(b), Some(c)) = (o(i), o(i + 1), t(j)) else { return Vec::new() };
            let mut problems = compared(sides, &[a, b], &[c]);
            problems.push(sides.at(
                code(c),
                c.range.start..c.range.start,
                format!(
                    "this {} states the numbers of two of the original's, the {} at {} and the {} at {}",
                    kind(c),
                    kind(a),
                    sides.original_line(a.range.start),
                    kind(b),
                    sides.original_line(b.range.start)
                ),
            ).note(KEEP_BLOCKS));
            problems
        }
        Step::Dropped(i, before) => {
            let Some(a) = o(i) else { return Vec::new() };
            let at = match before.and_then(t).or_else(|| ours.last()) {
                Some(block) => block.range.start..block.range.start,
                None => sides.translation_start(),
            };
            let message = format!(
                "the original's {} at {} states {}; this translation states {} in no block at this place",
                kind(a),
                sides.original_line(a.range.start),
                listed(a, |r| sides.original_text(r)),
                if a.tags.len() + a.numbers.len() == 1 { "it" } else { "them" }
            );
            vec![sides.at(code(a), at, message).note(KEEP_BLOCKS)]
        }
        Step::Added(j) => {
            let Some(b) = t(j) else { return Vec::new() };
            let first = b.tags.iter().map(|c| c.range.clone()).chain(b.numbers.iter().map(|n| n.1.clone()));
            let at = first.min_by_key(|r| r.start).unwrap_or(b.range.clone());
            let message = format!(
                "this {} states {}, which the original states in no block at this place",
                kind(b),
                listed(b, |r| sides.translation_text(r))
            );
            vec![
                sides
                    .at(code(b), at, message)
                    .note(format!("the original is {}; {KEEP_BLOCKS}", display_path(&sides.original.source))),
            ]
        }
    }
}

const KEEP_BLOCKS: &str = "a translation keeps each block of its original that states numbers (paragraph, heading, list item, table cell), in the same order, so that each number is compared at its place";

/// A block's kind as a message names it, put in words only when a message is written: every
/// pair of blocks compared has its two kinds at hand, and almost none has a problem.
#[derive(Clone, Copy)]
struct BlockKind(Option<crate::markdown::PlaceKind>);

impl std::fmt::Display for BlockKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(kind) => f.write_str(&kind.describe()),
            None => f.write_str("text"),
        }
    }
}

fn kind(block: &Numbered<'_>) -> BlockKind {
    BlockKind(block.kind)
}

/// A problem with a block is about figures when it holds a tag, else about numbers.
fn code(block: &Numbered<'_>) -> &'static str {
    if block.tags.is_empty() { "translation-number" } else { "translation-figure" }
}

/// What a block states, for a message: its first few tags and numbers.
fn listed<'a>(block: &Numbered<'_>, text: impl Fn(&Range<usize>) -> &'a str) -> String {
    let mut all: Vec<(usize, String)> =
        block.tags.iter().map(|c| (c.range.start, format!("`[{}]{}`", c.live, tag_of(c)))).collect();
    all.extend(block.numbers.iter().map(|(_, r)| (r.start, as_read(text(r)))));
    all.sort_by_key(|(at, _)| *at);
    let shown: Vec<String> = all.iter().take(4).map(|(_, s)| s.clone()).collect();
    match all.len() {
        n if n > 4 => format!("{} and {} more", shown.join(", "), n - 4),
        _ => shown.join(", "),
    }
}

/// A cell of the translation whose numbers stand in another column than the original's.
fn moved_column(sides: &Sides<'_>, theirs: &Numbered<'_>, ours: &Numbered<'_>) -> Option<Diagnostic> {
    let (Some(a), Some(b)) = (theirs.column(), ours.column()) else { return None };
    (a != b).then(|| {
        sides
            .at(
                code(ours),
                ours.range.clone(),
                format!(
                    "this cell states in column {} what the original's states in column {} ({})",
                    b + 1,
                    a + 1,
                    sides.original_line(theirs.range.start)
                ),
            )
            .note("a translation keeps its original's columns, so that each number stands under its heading")
    })
}

/// The differences between what the original's blocks `theirs` state and what the
/// translation's `ours` state at their place: tags paired by name, untagged numbers by
/// value, a number tagged on one side only, then what is left on either side.
fn compared<'a>(
    sides: &Sides<'_>,
    theirs: &[&'a Numbered<'a>],
    ours: &[&'a Numbered<'a>],
) -> Vec<Diagnostic> {
    let (Some(their_block), Some(our_block)) = (theirs.first(), ours.first()) else { return Vec::new() };
    let mut problems = Vec::new();
    let (their_tags, our_tags) = tags_by_name(sides, theirs, ours, &mut problems);
    let (their_left, our_numbers) = numbers_by_value(theirs, ours);
    let mut left = Left { their_tags, our_tags, their_left, our_numbers };
    left.tagged_on_one_side(sides, &mut problems);
    left.report(sides, their_block, our_block, &mut problems);
    problems
}

/// Tags by name, in order: each pair states the figure alike. Gives the tags of each side
/// the other does not state by name, the original's in order.
fn tags_by_name<'a>(
    sides: &Sides<'_>,
    theirs: &[&'a Numbered<'a>],
    ours: &[&'a Numbered<'a>],
    problems: &mut Vec<Diagnostic>,
) -> (Vec<&'a Claim>, Vec<&'a Claim>) {
    let mut waiting: HashMap<&str, VecDeque<&Claim>> = HashMap::new();
    for claim in theirs.iter().flat_map(|b| b.tags.iter().copied()) {
        waiting.entry(claim.name.as_str()).or_default().push_back(claim);
    }
    let mut our_tags = Vec::new();
    for claim in ours.iter().flat_map(|b| b.tags.iter().copied()) {
        match waiting.get_mut(claim.name.as_str()).and_then(VecDeque::pop_front) {
            Some(original) => problems.extend(same_tag(sides, original, claim)),
            None => our_tags.push(claim),
        }
    }
    let mut their_tags: Vec<&Claim> = waiting.into_values().flatten().collect();
    their_tags.sort_by_key(|c| c.range.start);
    (their_tags, our_tags)
}

/// Untagged numbers by value. A number spelled out next to a unit ("forty seconds",
/// 「四十秒」) stands for the same number written in digits in the other language; on
/// its own it is words, as a reader of either language writes time. Gives the numbers of
/// each side the other does not state.
fn numbers_by_value<'a>(
    theirs: &[&'a Numbered<'a>],
    ours: &[&'a Numbered<'a>],
) -> (Vec<&'a Number>, Vec<&'a Number>) {
    let their_numbers: Vec<&Number> = theirs.iter().flat_map(|b| b.numbers.iter().copied()).collect();
    let mut by_value: HashMap<String, VecDeque<usize>> = HashMap::new();
    for (i, (value, _)) in their_numbers.iter().enumerate() {
        by_value.entry(value_key(value)).or_default().push_back(i);
    }
    let mut used = vec![false; their_numbers.len()];
    let mut our_numbers = Vec::new();
    let mut our_spelled: HashMap<String, usize> = HashMap::new();
    for number in ours.iter().flat_map(|b| b.numbers.iter().copied()) {
        if spelled(&number.0) {
            *our_spelled.entry(value_key(&number.0)).or_default() += 1;
            continue;
        }
        match by_value.get_mut(&value_key(&number.0)).and_then(VecDeque::pop_front) {
            Some(i) => used[i] = true,
            None => our_numbers.push(number),
        }
    }
    let mut their_left: Vec<&Number> = Vec::new();
    for (i, number) in their_numbers.iter().enumerate() {
        if used[i] || spelled(&number.0) {
            continue;
        }
        match our_spelled.get_mut(&value_key(&number.0)) {
            Some(count) if *count > 0 => *count -= 1,
            _ => their_left.push(number),
        }
    }
    (their_left, our_numbers)
}

/// What each side of a block states that the other has not matched yet.
struct Left<'a> {
    their_tags: Vec<&'a Claim>,
    our_tags: Vec<&'a Claim>,
    their_left: Vec<&'a Number>,
    our_numbers: Vec<&'a Number>,
}

impl Left<'_> {
    /// A number tagged in one language and left untagged in the other: one problem, at the
    /// translation's number or tag, giving the tag to write; both leave what is left.
    fn tagged_on_one_side(&mut self, sides: &Sides<'_>, problems: &mut Vec<Diagnostic>) {
        let Left { their_tags, our_tags, their_left, our_numbers } = self;
        let mut their_tag_values: HashMap<String, VecDeque<usize>> = HashMap::new();
        for (i, claim) in their_tags.iter().enumerate() {
            if let Some(value) = claim_value(claim) {
                their_tag_values.entry(value_key(&value)).or_default().push_back(i);
            }
        }
        let mut tag_done = vec![false; their_tags.len()];
        our_numbers.retain(|(value, range)| {
            let Some(i) = their_tag_values.get_mut(&value_key(value)).and_then(VecDeque::pop_front) else {
                return true;
            };
            tag_done[i] = true;
            let claim = their_tags[i];
            let text = sides.translation_text(range);
            problems.push(
                sides
                    .at(
                        "translation-figure",
                        range.clone(),
                        format!(
                            "{} is untagged here, but the original states it as the figure `{}` at {}",
                            as_read(text),
                            claim.name,
                            sides.original_line(claim.range.start)
                        ),
                    )
                    .note(format!("tag it as the original does: `[{text}]{}`", tag_of(claim))),
            );
            false
        });
        let mut their_number_values: HashMap<String, VecDeque<usize>> = HashMap::new();
        for (i, (value, _)) in their_left.iter().enumerate() {
            their_number_values.entry(value_key(value)).or_default().push_back(i);
        }
        let mut number_done = vec![false; their_left.len()];
        our_tags.retain(|claim| {
            let Some(i) = claim_value(claim)
                .and_then(|value| their_number_values.get_mut(&value_key(&value)))
                .and_then(VecDeque::pop_front)
            else {
                return true;
            };
            number_done[i] = true;
            let range = &their_left[i].1;
            problems.push(
                sides
                    .at(
                        "translation-figure",
                        claim.range.clone(),
                        format!(
                            "this translation tags `{}` as `{}`, but the original states it untagged at {}",
                            claim.live,
                            claim.name,
                            sides.original_line(range.start)
                        ),
                    )
                    .note(format!(
                        "tag it in the original too (`[{}]{}`), or write it untagged here",
                        sides.original_text(range),
                        tag_of(claim)
                    )),
            );
            false
        });
        let mut tag_done = tag_done.into_iter();
        their_tags.retain(|_| !tag_done.next().unwrap_or(false));
        let mut number_done = number_done.into_iter();
        their_left.retain(|_| !number_done.next().unwrap_or(false));
    }

    /// What is left on both sides: the translation's figure where the original states
    /// another, then what only one side states.
    fn report(
        &self,
        sides: &Sides<'_>,
        their_block: &Numbered<'_>,
        our_block: &Numbered<'_>,
        problems: &mut Vec<Diagnostic>,
    ) {
        let Left { their_tags, our_tags, their_left, our_numbers } = self;
        let (their_kind, our_kind) = (kind(their_block), kind(our_block));
        let their_line = || sides.original_line(their_block.range.start);
        let here = our_block.range.start..our_block.range.start;
        for (k, claim) in our_tags.iter().enumerate() {
            let message = match their_tags.get(k) {
                Some(original) => format!(
                    "states `{}` here, where the original's {their_kind} states `{}` (`[{}]`, {})",
                    claim.name,
                    original.name,
                    original.live,
                    sides.original_line(original.range.start)
                ),
                None => format!(
                    "this translation states `{}` in this {our_kind}; the original's {their_kind} at {} does not",
                    claim.name,
                    their_line()
                ),
            };
            let note = match their_tags.get(k) {
                Some(original) => format!(
                    "a translation states each figure in the block its original does: `[{}]{}` here",
                    original.live,
                    tag_of(original)
                ),
                None => format!("the original is {}", display_path(&sides.original.source)),
            };
            problems.push(sides.at("translation-figure", claim.range.clone(), message).note(note));
        }
        for claim in their_tags.iter().skip(our_tags.len()) {
            problems.push(
                sides
                    .at(
                        "translation-figure",
                        here.clone(),
                        format!(
                            "the original states `{}` ({}) at {}; this translation's {our_kind} does not",
                            claim.name,
                            claim.live,
                            sides.original_line(claim.range.start)
                        ),
                    )
                    .note(format!("it belongs in this {our_kind}; state it with the same tag")),
            );
        }
        for (k, (_, range)) in our_numbers.iter().enumerate() {
            let ours_read = as_read(sides.translation_text(range));
            let (message, note) = match their_left.get(k) {
                Some((_, theirs)) => (
                    format!(
                        "states {ours_read} where the original's {their_kind} states {} ({})",
                        as_read(sides.original_text(theirs)),
                        sides.original_line(theirs.start)
                    ),
                    "a translation states each number in the block its original does: state the original's here, or tag the figure in both".to_string(),
                ),
                None => (
                    format!("{ours_read} is not stated in the original's {their_kind} at {}", their_line()),
                    format!(
                        "the original is {}; tag the figure or state the same number in both",
                        display_path(&sides.original.source)
                    ),
                ),
            };
            problems.push(sides.at("translation-number", range.clone(), message).note(note));
        }
        for (_, range) in their_left.iter().skip(our_numbers.len()) {
            problems.push(
                sides
                    .at(
                        "translation-number",
                        here.clone(),
                        format!(
                            "the original states {} at {}; this translation's {our_kind} does not",
                            as_read(sides.original_text(range)),
                            sides.original_line(range.start)
                        ),
                    )
                    .note(format!("it belongs in this {our_kind}; state the same number, or tag it in both")),
            );
        }
    }
}
