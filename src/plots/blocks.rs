//! Finding a page's fenced blocks that tally reads (```` ```plot ````, and `raw`'s), with
//! where their text stands in the page's file.
//!
//! Owns [`Block`] and the search, with the markdown options of the page's own parse so that
//! a block is found where it renders. It does not read what a block says (`read_plot`).

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The info string of a plot's fenced block.
pub(crate) const FENCE: &str = "plot";

/// Whether a fenced block's info string asks for a plot.
pub(crate) fn is_plot_fence(info: &str) -> bool {
    info.split_whitespace().next() == Some(FENCE)
}

/// A plot block (or another fenced block tally reads, `raw`) as written: its text and
/// where that text starts in the page's file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Block {
    /// The fence's info string (`plot`, `raw raw/x.txt 38-52`).
    pub info: String,
    pub text: String,
    pub text_start: usize,
    /// The whole block, fences included.
    pub range: Range<usize>,
}

/// Every plot block of a body that starts at byte `offset` of its file, in order.
pub(crate) fn find_blocks(body: &str, offset: usize) -> Vec<Block> {
    find_fenced(body, offset, FENCE, is_plot_fence)
}

/// Every fenced block of a body whose info string `is_fence` accepts (and so starts with
/// `word`, looked for first), in order.
pub(crate) fn find_fenced(body: &str, offset: usize, word: &str, is_fence: fn(&str) -> bool) -> Vec<Block> {
    if !may_open_fence(body, word) {
        return Vec::new();
    }
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (event, range) in Parser::new_ext(body, markdown_options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if is_fence(&info) => {
                open = Some(Block {
                    info: info.to_string(),
                    text: String::new(),
                    text_start: offset + range.end,
                    range: offset + range.start..offset + range.end,
                });
            }
            Event::Text(text) => {
                if let Some(block) = open.as_mut() {
                    if block.text.is_empty() {
                        block.text_start = offset + range.start;
                    }
                    block.text.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(open.take()),
            _ => {}
        }
    }
    blocks
}

/// Whether some run of three backticks or tildes in `body` is followed, after whitespace,
/// by `word` or by `&` (an entity can spell an info string): only then can a fence's info
/// string start with `word`, and the body is worth parsing. Looking for `word` alone sent
/// every page that said "drawn" or "straw" through a whole markdown parse, three times a
/// build for `raw` (4 % of a cold build of the benchmark's corpus).
fn may_open_fence(body: &str, word: &str) -> bool {
    ["```", "~~~"].iter().any(|fence| {
        body.match_indices(fence).any(|(at, run)| {
            let mark = run.as_bytes()[0] as char;
            let after = body[at..].trim_start_matches(mark).trim_start();
            after.starts_with(word) || after.starts_with('&')
        })
    })
}

/// The options the page's own parse uses, so that a block is found where it renders.
fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_HEADING_ATTRIBUTES
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw_blocks::is_raw_fence;

    fn infos(body: &str) -> Vec<String> {
        find_fenced(body, 0, "raw", is_raw_fence).into_iter().map(|block| block.info).collect()
    }

    #[test]
    fn a_body_that_only_says_the_word_is_not_parsed() {
        let body = "The numbers are drawn from a seeded generator.\n\n```text\ndrawn\n```\n";
        assert!(!may_open_fence(body, "raw"));
        assert!(infos(body).is_empty());
    }

    #[test]
    fn every_way_of_opening_a_raw_fence_is_still_found() {
        for (body, info) in [
            ("```raw a.txt\nx\n```\n", "raw a.txt"),
            ("text\n\n``` raw a.txt 2-3\n```\n", "raw a.txt 2-3"),
            ("~~~~\traw a.txt\n~~~~\n", "raw a.txt"),
            ("> ```raw a.txt\n> ```\n", "raw a.txt"),
            ("- item\n\n  ```raw a.txt\n  ```\n", "raw a.txt"),
            ("```\u{3000}raw a.txt\n```\n", "raw a.txt"),
            ("```&#114;aw a.txt\n```\n", "raw a.txt"),
        ] {
            assert!(may_open_fence(body, "raw"), "{body:?}");
            assert_eq!(infos(body).iter().map(|i| i.trim()).collect::<Vec<_>>(), [info], "{body:?}");
        }
    }
}
