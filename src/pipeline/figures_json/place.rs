//! Where a figure record stands in its page: the line and column (in characters) of a byte
//! offset, as figures.json and diagnostics count them. It does not read or compare
//! figures.json (`published`).

use super::ClaimRecord;
use crate::diagnostics::LineIndex;

/// A page's lines ([`LineIndex`]), to place each of its figure records at its line and column.
pub(crate) struct PageLines<'a> {
    text: &'a str,
    lines: LineIndex,
    /// The last place found (byte offset, line, column): a page's tags are placed in order,
    /// and a column counted from the line's start each time made a long line of tags
    /// quadratic (64,000 tags in one paragraph took 10 s).
    last: std::cell::Cell<(usize, usize, usize)>,
}

impl<'a> PageLines<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        PageLines { text, lines: LineIndex::new(text), last: std::cell::Cell::new((0, 1, 1)) }
    }

    /// 1-based line and column (in characters, as diagnostics count them) of byte `offset`.
    pub(crate) fn place(&self, offset: usize) -> (usize, usize) {
        let line = self.lines.line(offset);
        let start = self.lines.start(line);
        let (last_offset, last_line, last_col) = self.last.get();
        let counted = match self.text.get(last_offset..offset) {
            Some(between) if last_line == line && start <= last_offset => {
                Some(last_col - 1 + between.chars().count())
            }
            _ => self.text.get(start..offset).map(|before| before.chars().count()),
        };
        let col = counted.unwrap_or(0) + 1;
        if counted.is_some() {
            self.last.set((offset, line, col));
        }
        (line, col)
    }

    /// `record`, placed where its stated text starts: byte `offset` of the page.
    pub(crate) fn locate(&self, record: ClaimRecord, offset: usize) -> ClaimRecord {
        let (line, col) = self.place(offset);
        ClaimRecord { line, col, ..record }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_place_an_offset_at_its_line_and_character_column() {
        let text = "first\n二行目 [9,000]{=a}\nlast";
        let lines = PageLines::new(text);
        assert_eq!(lines.place(0), (1, 1));
        assert_eq!(lines.place(text.find("9,000").unwrap()), (2, 6));
        assert_eq!(lines.place(text.find("last").unwrap()), (3, 1));
        assert_eq!(lines.place(text.len() + 10), (3, 1), "an offset past the end stays on the last line");
    }

    proptest::proptest! {
        /// Placed in any order, an offset gets the line and column counted from the start.
        #[test]
        fn a_place_is_the_same_whatever_was_placed_before(
            text in "(ab|é|日本|\n| ){0,40}",
            offsets in proptest::collection::vec(0usize..120, 0..12),
        ) {
            let lines = PageLines::new(&text);
            for offset in offsets {
                let fresh = PageLines::new(&text).place(offset);
                proptest::prop_assert_eq!(lines.place(offset), fresh, "offset {}", offset);
            }
        }
    }
}
