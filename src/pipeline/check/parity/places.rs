//! A page's blocks that state numbers, each with its tags and untagged numbers, and what
//! it states as a key that two blocks share when they state the same.
//!
//! Owns [`numbered`] and [`Numbered`]. Blocks without a number are left out: a translation
//! may split or join its wording freely, and only where numbers stand does a difference
//! change what a reader of the other language is told.

use std::collections::HashMap;
use std::ops::Range;

use crate::markdown::{Claim, PlaceKind, Scan};
use crate::number::{FigureValue, parse_stated};

/// What a block states, one entry a number: tags by name, untagged numbers by value. A
/// tag and an untagged number of one value differ, so that such a pair is compared at its
/// place and reported there.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum StatedKey<'a> {
    Tag(&'a str),
    Value(String),
}

/// A block of a page that states at least one number.
pub(super) struct Numbered<'a> {
    pub(super) kind: Option<PlaceKind>,
    /// The block's place, or its first number's when it stands in none.
    pub(super) range: Range<usize>,
    pub(super) tags: Vec<&'a Claim>,
    pub(super) numbers: Vec<&'a (FigureValue, Range<usize>)>,
    /// The keys of its tags and numbers, sorted.
    pub(super) keys: Vec<StatedKey<'a>>,
}

impl Numbered<'_> {
    /// The column of a table cell: a number moved to another column is another place.
    pub(super) fn column(&self) -> Option<usize> {
        match self.kind {
            Some(PlaceKind::Cell { column, .. }) => Some(column as usize),
            _ => None,
        }
    }

    /// Whether all it states is numbers spelled out ("forty seconds"), which are words
    /// unless the other language writes them in digits.
    pub(super) fn only_spelled(&self) -> bool {
        self.tags.is_empty() && !self.numbers.is_empty() && self.numbers.iter().all(|(v, _)| spelled(v))
    }

    /// The same numbers, in the same column if a cell.
    pub(super) fn same(&self, other: &Numbered<'_>) -> bool {
        self.column() == other.column() && self.keys == other.keys
    }

    /// Whether the two state any number in common.
    pub(super) fn overlaps(&self, other: &Numbered<'_>) -> bool {
        let (mut a, mut b) = (self.keys.iter().peekable(), other.keys.iter().peekable());
        while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
            match x.cmp(y) {
                std::cmp::Ordering::Equal => return true,
                std::cmp::Ordering::Less => {
                    a.next();
                }
                std::cmp::Ordering::Greater => {
                    b.next();
                }
            }
        }
        false
    }
}

/// Whether `whole` states what `first` and `second` state together.
pub(super) fn joined(whole: &Numbered<'_>, first: &Numbered<'_>, second: &Numbered<'_>) -> bool {
    if whole.keys.len() != first.keys.len() + second.keys.len() {
        return false;
    }
    let mut both: Vec<&StatedKey> = first.keys.iter().chain(&second.keys).collect();
    both.sort_unstable();
    both.into_iter().eq(whole.keys.iter())
}

pub(super) fn spelled(value: &FigureValue) -> bool {
    matches!(value, FigureValue::Spelled { .. })
}

/// A value as a key: equal for two spellings of one value (the rounding to ten digits
/// stands for [`FigureValue::same_as`]'s allowance for binary noise).
pub(super) fn value_key(value: &FigureValue) -> String {
    match value {
        FigureValue::Number { base, kind } | FigureValue::Spelled { base, kind } => {
            format!("{kind:?} {base:.9e}")
        }
        FigureValue::Date(date) => format!("date {date}"),
    }
}

/// The value a tag states, as an untagged number's is compared.
pub(super) fn claim_value(claim: &Claim) -> Option<FigureValue> {
    let stated = parse_stated(&claim.live).ok()?;
    Some(FigureValue::Number { base: stated.value * stated.unit.factor(), kind: stated.unit.kind() })
}

/// The blocks of a page that state numbers, in the page's order.
pub(super) fn numbered<'a>(scan: &'a Scan, untagged: &'a [(FigureValue, Range<usize>)]) -> Vec<Numbered<'a>> {
    let mut slots: HashMap<Option<usize>, usize> = HashMap::new();
    let mut out: Vec<Numbered<'a>> = Vec::new();
    let mut slot = |at: usize, out: &mut Vec<Numbered<'a>>| -> usize {
        let place = scan.places.at(at);
        *slots.entry(place).or_insert_with(|| {
            let found = place.and_then(|i| scan.places.list.get(i));
            out.push(Numbered {
                kind: found.map(|p| p.kind),
                range: found.map_or(at..at, |p| p.range()),
                tags: Vec::new(),
                numbers: Vec::new(),
                keys: Vec::new(),
            });
            out.len() - 1
        })
    };
    for claim in &scan.claims {
        let i = slot(claim.range.start, &mut out);
        out[i].tags.push(claim);
        out[i].keys.push(StatedKey::Tag(&claim.name));
    }
    for number in untagged {
        let i = slot(number.1.start, &mut out);
        out[i].numbers.push(number);
        out[i].keys.push(StatedKey::Value(value_key(&number.0)));
    }
    for block in &mut out {
        block.keys.sort_unstable();
    }
    out.sort_by_key(|block| block.range.start);
    out
}
