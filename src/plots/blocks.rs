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

/// Every fenced block of a body whose info string `is_fence` accepts (and so holds `word`,
/// looked for first), in order.
pub(crate) fn find_fenced(body: &str, offset: usize, word: &str, is_fence: fn(&str) -> bool) -> Vec<Block> {
    if !body.contains(word) {
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

/// The options the page's own parse uses, so that a block is found where it renders.
fn markdown_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_HEADING_ATTRIBUTES
}
