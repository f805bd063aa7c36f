//! Parity: a translation states the same numbers as its original.
//!
//! Owns the comparison of a translation with its original: the same claims, each stating
//! the same value at the same precision; the same figure-like untagged numbers after
//! normalising their spelling ("2.74 million" = "274 万"); and the same front matter that is
//! not prose (`date`, `kind`, `appliances`, `build`, the numbers of the title). Every
//! difference is reported at the translation's own place, naming the original's.

use std::ops::Range;

mod align;
mod front_matter;

use super::super::resolve::PageNumbers;
use crate::content::Page;
use crate::diagnostics::{Diagnostic, LineIndex};
use crate::figures::number::{FigureValue, parse_stated};
use crate::markdown::{Claim, ClaimForm};
use crate::paths::display_path;
use front_matter::front_matter;

/// Places of the original matched with places of the translation (tags stating the same
/// figure, headings in order), to say where in the translation something of the original
/// is missing.
struct Anchors(Vec<(usize, Range<usize>)>);

impl Anchors {
    /// The translation's place for `original_at`: right at the last matched place before it,
    /// or the first line of the translation's body that is not blank.
    fn place(&self, original_at: usize, translation: &Page) -> Range<usize> {
        let body = translation.text.get(translation.body_start..).unwrap_or("");
        let first = translation.body_start + (body.len() - body.trim_start().len());
        self.0
            .iter()
            .filter(|(o, _)| *o <= original_at)
            .max_by_key(|(o, _)| *o)
            .map_or(first..first, |(_, t)| t.clone())
    }
}

/// The first line of each block of a page's body (blocks are separated by blank lines).
fn blocks(page: &Page) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut at = page.body_start.min(page.text.len());
    let mut previous_blank = true;
    for line in page.text[at..].split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let blank = content.trim().is_empty();
        if previous_blank && !blank {
            out.push(at..at + content.len());
        }
        previous_blank = blank;
        at += line.len();
    }
    out
}

/// [`line_of`] with the page's lines found once.
fn line_in(page: &Page, lines: &LineIndex, at: usize) -> String {
    format!("{}:{}", display_path(&page.source), lines.place(&page.text, at).line)
}

/// `file:line` of `at` in `page` (whose lines are `lines`), as a note names the other
/// language's place: through the index, since counting lines from the start for every tag
/// made a page of many tags quadratic.
fn line_of(page: &Page, lines: &LineIndex, at: usize) -> String {
    format!("{}:{}", display_path(&page.source), lines.place(&page.text, at).line)
}

/// Differences between a translation and its original, reported in the translation and
/// naming the original's place.
pub(crate) fn compare(original: &PageNumbers, translation: &PageNumbers) -> Vec<Diagnostic> {
    let (original_scan, translation_scan) = (original.scan, translation.scan);
    let (original_untagged, translation_untagged) = (original.untagged, translation.untagged);
    let (original, translation) = (original.page, translation.page);
    let (original_lines, translation_lines) =
        (LineIndex::new(&original.text), LineIndex::new(&translation.text));
    let in_translation = |code: &'static str, range: Range<usize>, message: String| {
        Diagnostic::at_indexed(
            code,
            &translation.source,
            &translation.text,
            &translation_lines,
            range,
            message,
        )
    };
    let mut problems = front_matter(original, translation);
    let mut anchors = Vec::new();
    // Paragraphs in order, when both have as many; then headings; then tags.
    let (original_blocks, translation_blocks) = (blocks(original), blocks(translation));
    if original_blocks.len() == translation_blocks.len() {
        anchors.extend(original_blocks.iter().map(|b| b.start).zip(translation_blocks.iter().cloned()));
    }
    if original_scan.headings.len() == translation_scan.headings.len() {
        for (o, t) in original_scan.headings.iter().zip(&translation_scan.headings) {
            anchors.push((o.range.start, t.range.clone()));
        }
    }
    let (original_tags, translation_tags) = (&original_scan.claims, &translation_scan.claims);
    let pairing = align::pair(
        &in_paragraphs(original_tags, &original_blocks),
        &in_paragraphs(translation_tags, &translation_blocks),
    );
    for &(o, t) in &pairing.pairs {
        let (original_claim, claim) = (&original_tags[o], &translation_tags[t]);
        anchors.push((original_claim.range.start, claim.range.clone()));
        let original_at = (original, &original_lines, original_claim);
        problems.extend(same_statement(original_at, translation, claim));
        problems.extend(same_strikes(original_at, translation, claim));
    }
    let anchors = Anchors(anchors);
    let mut original_only: Vec<&Claim> = pairing.original_only.iter().map(|&o| &original_tags[o]).collect();
    let mut translation_only: Vec<&Claim> =
        pairing.translation_only.iter().map(|&t| &translation_tags[t]).collect();

    // A number spelled out next to a unit ("forty seconds", 「四十秒」) stands for the same
    // number written in digits in the other language; on its own it is words, as a reader
    // of either language writes time ("twenty seconds in" / 「二十秒目」).
    let spelled = |v: &FigureValue| matches!(v, FigureValue::Spelled { .. });
    let mut original_numbers = original_untagged.to_vec();
    let mut translation_spelled: Vec<FigureValue> =
        translation_untagged.iter().filter(|(v, _)| spelled(v)).map(|(v, _)| v.clone()).collect();
    for (value, range) in translation_untagged.iter().filter(|(v, _)| !spelled(v)).cloned() {
        if let Some(i) = original_numbers.iter().position(|(v, _)| v.same_as(&value)) {
            original_numbers.remove(i);
            continue;
        }
        let text = &translation.text[range.clone()];
        // The original states it tagged: the translation lost the tag, one problem at the
        // number it left untagged.
        let tagged = original_only
            .iter()
            .enumerate()
            .filter(|(_, claim)| claim_value(claim).is_some_and(|v| v.same_as(&value)))
            .min_by_key(|(_, claim)| {
                anchors.place(claim.range.start, translation).start.abs_diff(range.start)
            });
        if let Some((i, claim)) = tagged {
            problems.push(
                in_translation(
                    "translation-figure",
                    range.clone(),
                    format!(
                        "`{text}` is untagged here, but the original states it as the figure `{}` at {}",
                        claim.name,
                        line_in(original, &original_lines, claim.range.start)
                    ),
                )
                .note(format!("tag it as the original does: `[{text}]{}`", tag_of(claim))),
            );
            original_only.remove(i);
            continue;
        }
        problems.push(
            in_translation("translation-number", range, format!("`{text}` is not stated in the original"))
                .note(format!(
                    "the original is {}; tag the figure or state the same number in both",
                    display_path(&original.source)
                )),
        );
    }
    // The other way round: a tag of the translation's that the original states untagged.
    translation_only.retain(|claim| {
        let Some(value) = claim_value(claim) else {
            return true;
        };
        let Some(i) = original_numbers.iter().position(|(v, _)| !spelled(v) && v.same_as(&value)) else {
            return true;
        };
        let (_, range) = original_numbers.remove(i);
        problems.push(
            in_translation(
                "translation-figure",
                claim.range.clone(),
                format!(
                    "this translation tags `{}` as `{}`, but the original states it untagged at {}",
                    claim.live,
                    claim.name,
                    line_in(original, &original_lines, range.start)
                ),
            )
            .note(format!(
                "tag it in the original too (`[{}]{}`), or write it untagged here",
                &original.text[range],
                tag_of(claim)
            )),
        );
        false
    });
    for claim in translation_only {
        problems.push(
            in_translation(
                "translation-figure",
                claim.range.clone(),
                format!("this translation states `{}` more often than its original", claim.name),
            )
            .note(format!("the original is {}", display_path(&original.source))),
        );
    }
    for claim in original_only {
        let at = anchors.place(claim.range.start, translation);
        problems.push(
            in_translation(
                "translation-figure",
                at,
                format!(
                    "the original states `{}` ({}) at {}; this translation does not",
                    claim.name,
                    claim.live,
                    line_in(original, &original_lines, claim.range.start)
                ),
            )
            .note("it belongs in this part of the translation; state it with the same tag"),
        );
    }
    for (value, range) in original_numbers {
        if spelled(&value) {
            continue;
        }
        if let Some(i) = translation_spelled.iter().position(|v| v.same_as(&value)) {
            translation_spelled.remove(i);
            continue;
        }
        let text = &original.text[range.clone()];
        let at = anchors.place(range.start, translation);
        problems.push(
            in_translation(
                "translation-number",
                at,
                format!(
                    "the original states `{text}` at {}; this translation does not",
                    line_in(original, &original_lines, range.start)
                ),
            )
            .note("it belongs in this part of the translation; state the same number, or tag it in both"),
        );
    }
    problems
}

/// Each tag's name and the number of the paragraph it stands in.
fn in_paragraphs<'a>(claims: &'a [Claim], blocks: &[Range<usize>]) -> Vec<(&'a str, usize)> {
    claims.iter().map(|c| (c.name.as_str(), blocks.partition_point(|b| b.start <= c.range.start))).collect()
}

/// The value a tag states, as an untagged number's is compared.
fn claim_value(claim: &Claim) -> Option<FigureValue> {
    let stated = parse_stated(&claim.live).ok()?;
    Some(FigureValue::Number { base: stated.value * stated.unit.factor(), kind: stated.unit.kind() })
}

/// A tag's `{=NAME}`, `{~NAME}` or `{vendor=NAME}`, as written.
fn tag_of(claim: &Claim) -> String {
    let opening = match claim.form {
        ClaimForm::Exact => "=",
        ClaimForm::Approximate => "~",
        ClaimForm::Vendor => "vendor=",
    };
    format!("{{{opening}{}}}", claim.name)
}

/// A tag of the translation strikes the values the original's strikes: a correction shown
/// in one language only would leave the other's reader with no sign the figure changed (or
/// one with a correction the original never made).
fn same_strikes(
    (original, original_lines, original_claim): (&Page, &LineIndex, &Claim),
    translation: &Page,
    claim: &Claim,
) -> Option<Diagnostic> {
    let mut theirs: Vec<&str> = original_claim.struck.iter().map(|(text, _)| text.trim()).collect();
    let mut extra = Vec::new();
    for (text, range) in &claim.struck {
        match theirs.iter().position(|t| crate::figures::number::same_value(t, text.trim())) {
            Some(i) => {
                theirs.remove(i);
            }
            None => extra.push((text.trim(), range.clone())),
        }
    }
    if extra.is_empty() && theirs.is_empty() {
        return None;
    }
    let at = line_of(original, original_lines, original_claim.range.start);
    let (range, message) = match (extra.first(), theirs.first()) {
        (Some((text, range)), _) => (
            range.clone(),
            format!("strikes `{text}`, which the original's tag of `{}` does not ({at})", claim.name),
        ),
        (None, Some(text)) => (
            claim.range.clone(),
            format!(
                "the original strikes `{text}` in its tag of `{}` ({at}); this translation does not",
                claim.name
            ),
        ),
        (None, None) => return None,
    };
    Some(
        Diagnostic::at("translation-figure", &translation.source, &translation.text, range, message)
            .note("a withdrawn value is struck in every language, in the same tag: `[~~OLD~~ NEW]{=NAME}`"),
    )
}

/// A tag of the translation states the same value at the same precision as the original's
/// tag of the same figure: "0.8 Gbit/s" does not translate "814 Mbit/s".
fn same_statement(
    (original, original_lines, original_claim): (&Page, &LineIndex, &Claim),
    translation: &Page,
    claim: &Claim,
) -> Option<Diagnostic> {
    let (a, b) = (parse_stated(&original_claim.live).ok()?, parse_stated(&claim.live).ok()?);
    let precision = |s: &crate::figures::number::Stated, approximate: bool| {
        10f64.powi(s.precision_exponent(approximate)) * s.unit.factor()
    };
    let approximate = claim.form == ClaimForm::Approximate;
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(f64::MIN_POSITIVE);
    // Each tag is checked against the data itself: a wrong value is reported there. What
    // that check cannot see is a translation that rounds further (both pass); zero for
    // zero is the only value a precision does not show. Another kind fails that check.
    let same = a.unit.kind() != b.unit.kind()
        || close(precision(&a, approximate), precision(&b, approximate))
            && (a.decimal.is_zero() == b.decimal.is_zero());

    (!same).then(|| {
        Diagnostic::at(
            "translation-figure",
            &translation.source,
            &translation.text,
            claim.live_range.clone(),
            format!(
                "states `{}` where the original states `{}` ({}): a translation states the same value at the same precision",
                claim.live,
                original_claim.live,
                line_of(original, original_lines, original_claim.range.start)
            ),
        )
        .note(format!("write the original's value in this language's style, as precisely as `{}`", original_claim.live))
    })
}
