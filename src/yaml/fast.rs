//! Building the node tree straight from the YAML parser's events, for the documents whose
//! reading is beyond doubt.
//!
//! serde-saphyr stays the reference: this path answers `None` for anything whose reading it
//! is not sure gives exactly serde-saphyr's tree (same kinds, same values, same byte
//! spans), and for every document serde-saphyr would reject, so that its message is the
//! one reported. The spans are taken from the same parser events serde-saphyr takes them
//! from.

use std::borrow::Cow;
use std::ops::Range;

use serde_saphyr::granit_parser::{Event, Parser, ScalarStyle, Span, StrInput};

use super::{Node, NodeKind};

/// Well under serde-saphyr's default budget (depth 64, a million events), so that a
/// document this path accepts never trips a limit there.
const MAX_DEPTH: usize = 48;
const MAX_EVENTS: usize = 100_000;

/// A collection still being read.
enum Open {
    Seq(Vec<Node>, Range<usize>),
    /// Entries so far, the key waiting for its value, and the keys so far (so that a map of
    /// thousands of keys is checked for repeats in linear time).
    Map(Vec<(Node, Node)>, Option<Node>, Range<usize>, rustc_hash::FxHashSet<String>),
}

/// The tree of `source`, or None when serde-saphyr must read it.
pub(super) fn parse(source: &str) -> Option<Node> {
    // The parser options serde-saphyr derives from its default budget; with others, a
    // document could parse here and fail there.
    let options = serde_saphyr::granit_parser::options! {
        simple_key_max_lookahead: 1024,
        flow_nesting_limit: 255,
        block_nesting_limit: 255,
        emit_comments: true,
        max_buffered_comment_events: 32,
    };
    let parser = Parser::with_options(StrInput::new(source), options);
    let mut stack: Vec<Open> = Vec::new();
    let mut root = None;
    let mut documents = 0;
    for (count, item) in parser.enumerate() {
        if count > MAX_EVENTS {
            return None;
        }
        let (event, span) = item.ok()?;
        let node = match event {
            Event::StreamStart | Event::StreamEnd | Event::DocumentEnd => continue,
            Event::DocumentStart(..) => {
                documents += 1;
                if documents > 1 {
                    return None;
                }
                continue;
            }
            Event::Scalar(value, style, anchor, tag) => {
                if anchor != 0 || tag.is_some() {
                    return None;
                }
                Node { kind: scalar(value, style)?, span: bytes(&span)? }
            }
            Event::SequenceStart(_, anchor, tag) => {
                if anchor != 0 || tag.is_some() || stack.len() >= MAX_DEPTH {
                    return None;
                }
                stack.push(Open::Seq(Vec::new(), bytes(&span)?));
                continue;
            }
            Event::MappingStart(_, anchor, tag) => {
                if anchor != 0 || tag.is_some() || stack.len() >= MAX_DEPTH {
                    return None;
                }
                stack.push(Open::Map(Vec::new(), None, bytes(&span)?, Default::default()));
                continue;
            }
            Event::SequenceEnd => match stack.pop() {
                Some(Open::Seq(items, span)) => Node { kind: NodeKind::Seq(items), span },
                _ => return None,
            },
            Event::MappingEnd => match stack.pop() {
                Some(Open::Map(entries, None, span, _)) => Node { kind: NodeKind::Map(entries), span },
                _ => return None,
            },
            Event::Alias(_) | Event::Anchor(..) | Event::UnresolvedAlias(_) => return None,
            // Comments carry nothing for the tree.
            _ => continue,
        };
        match stack.last_mut() {
            None if root.is_none() => root = Some(node),
            None => return None,
            Some(Open::Seq(items, _)) => items.push(node),
            Some(Open::Map(entries, pending, _, keys)) => match pending.take() {
                Some(key) => entries.push((key, node)),
                None => {
                    // Only text keys, each once and none a merge key: serde-saphyr treats
                    // duplicates and `<<` in ways this path does not repeat.
                    let NodeKind::Str(name) = &node.kind else {
                        return None;
                    };
                    if name == "<<" || !keys.insert(name.clone()) {
                        return None;
                    }
                    *pending = Some(node);
                }
            },
        }
    }
    if !stack.is_empty() {
        return None;
    }
    root
}

fn bytes(span: &Span) -> Option<Range<usize>> {
    Some(span.start.byte_offset()?..span.end.byte_offset()?)
}

/// A scalar's value as serde-saphyr types it (YAML 1.2 core schema, strict booleans), or
/// None for a plain scalar whose type this path does not decide.
fn scalar(value: Cow<'_, str>, style: ScalarStyle) -> Option<NodeKind> {
    if style != ScalarStyle::Plain {
        return Some(NodeKind::Str(value.into_owned()));
    }
    let text = value.as_ref();
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Some(NodeKind::Null),
        "true" | "True" | "TRUE" => return Some(NodeKind::Bool(true)),
        "false" | "False" | "FALSE" => return Some(NodeKind::Bool(false)),
        _ => {}
    }
    let first = text.chars().next()?;
    if first.is_alphabetic() || first == '_' {
        // `inf`, `nan` and their kin are left to serde-saphyr; so is any odd spelling of a
        // boolean or null.
        let lower = text.to_ascii_lowercase();
        let doubtful = ["inf", "nan", "true", "false", "null"].iter().any(|w| lower.starts_with(w));
        return (!doubtful).then(|| NodeKind::Str(value.into_owned()));
    }
    if let Some(number) = plain_decimal(text) {
        return Some(NodeKind::Number(number));
    }
    (first.is_ascii_digit() && never_a_number(text)).then(|| NodeKind::Str(value.into_owned()))
}

/// `-12`, `940`, `8.20`, `-0.5`: decimals short enough to be read exactly as serde-saphyr
/// reads them (integers through i64/u64, the rest by Rust's float parser).
fn plain_decimal(text: &str) -> Option<f64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    let whole_ok = !whole.is_empty()
        && whole.len() <= 18
        && whole.bytes().all(|b| b.is_ascii_digit())
        && (whole == "0" || !whole.starts_with('0'));
    if !whole_ok {
        return None;
    }
    match fraction {
        None => text.parse::<i64>().ok().map(|n| n as f64),
        Some(f) if !f.is_empty() && f.len() <= 18 && f.bytes().all(|b| b.is_ascii_digit()) => {
            text.parse::<f64>().ok()
        }
        Some(_) => None,
    }
}

/// Text starting with a digit that no YAML number spelling can match: `2026-10-30`,
/// `1.4.85`, `1 Gbit/s`, `9,481`.
fn never_a_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    let interior_sign = bytes
        .iter()
        .enumerate()
        .skip(1)
        .any(|(i, b)| matches!(b, b'-' | b'+') && !matches!(bytes[i - 1], b'e' | b'E'));
    interior_sign
        || text.bytes().filter(|&b| b == b'.').count() > 1
        || text.bytes().any(|b| b.is_ascii_whitespace() || matches!(b, b'/' | b'%' | b','))
}

#[cfg(test)]
mod tests {
    use super::super::parse_with_serde;
    use super::*;

    /// Both readings of `source`, which must agree wherever the fast one answers.
    fn agree(source: &str) -> bool {
        match parse(source) {
            Some(fast) => {
                assert_eq!(Ok(fast), parse_with_serde(source), "the fast reading differs for {source:?}");
                true
            }
            None => false,
        }
    }

    #[test]
    fn plain_documents_are_read_fast_and_as_serde_reads_them() {
        let documents = [
            "a: 1\nb:\n  - x\n  - \"y z\"\non: 2026-10-30\n",
            "curl: 8.20\nlighttpd: 1.4.85\nrate: 1 Gbit/s\ncount: 9,481\nshare: 73.6 %\n",
            "runs:\n  close_coproc:\n    host_frames: {received: 962826, sent: -962430}\n    x: [1, 2.5, -0.0, 0, -0]\n",
            "a:\nb: ~\nc: null\nd: true\ne: false\nf: ''\ng: \"\"\nh: |\n  block\n  text\ni: >\n  folded\n",
            "# a comment\nfigures:\n  x: {is: \"sum(runs.*.a.b) + 1\", unit: Mbit/s, round: down}  # trailing\n",
            "yes: no\noff: y\nn: On\n_u: a_1_000\nwithdrawn: [{value: \"9481\", on: 2026-10-30, why: the trial run's count}]\n",
            "big: 123456789012345678\nneg: -123456789012345678\nf: 0.100000000000000005\nlong: 12345678901234567.25\n",
            "ünïcode: Mbit/s\nkey with spaces: value, with a colon:x\n\"quoted key\": 3\n",
            "- 1\n- [a, {b: c}]\n- - nested\n",
            "1.5e3: x\n",
            "scalar\n",
        ];
        for source in documents {
            agree(source);
        }
        for source in &documents[..9] {
            assert!(parse(source).is_some(), "should be read fast: {source:?}");
        }
    }

    #[test]
    fn doubtful_documents_go_to_serde() {
        for source in [
            "a: &x 1\nb: *x\n",
            "a: !!str 1\n",
            "base: {x: 1}\nc:\n  <<: {y: 2}\n",
            "a: 1\na: 2\n",
            "a: 1\n\"a\": 2\n",
            "1: x\n",
            "a: inf\n",
            "a: .inf\n",
            "a: 0x1F\n",
            "a: 0127\n",
            "a: 1_000\n",
            "a: 1e5\n",
            "a: +1\n",
            "a: TrUe\n",
            "a: 1\n---\nb: 2\n",
            "",
            "a: [1, 2\n",
            "a: 12345678901234567890\n",
        ] {
            assert!(parse(source).is_none(), "should be left to serde: {source:?}");
        }
    }

    #[test]
    fn scalars_agree_with_serde_one_by_one() {
        let scalars = [
            "0",
            "-0",
            "1",
            "-1",
            "10",
            "007",
            "1.0",
            "1.",
            ".5",
            "-.5",
            "1.25",
            "8.20",
            "3.14159265358979323846",
            "999999999999999999",
            "-999999999999999999",
            "9007199254740993",
            "0.30000000000000004",
            "2026-10-30",
            "10:30",
            "1.4.85",
            "1 Gbit/s",
            "9,481",
            "74 %",
            "5/s",
            "1e5",
            "1E-5",
            "1-2",
            "3+4",
            "on",
            "off",
            "yes",
            "no",
            "y",
            "n",
            "Yes",
            "NO",
            "nan",
            "NaN",
            "inf",
            "Infinity",
            "truex",
            "null_ish",
            "Null",
            "~",
            "True",
            "FALSE",
            "x",
            "_a",
            "Mbit/s",
            "ü",
            "a b",
            "-",
            "-a",
            "-1a",
            "1a",
            "0b101",
            "0o17",
            "0x1f",
            "+.inf",
            "-.nan",
        ];
        for scalar in scalars {
            agree(&format!("v: {scalar}\n"));
            agree(&format!("- {scalar}\n"));
        }
    }
}

#[cfg(test)]
mod files {
    use std::path::Path;

    use super::super::parse_with_serde;
    use super::parse;

    /// Every .yaml file under `root` that the fast path reads must read as serde reads it.
    fn check_tree(root: &Path) -> (usize, usize) {
        let (mut fast, mut all) = (0, 0);
        for entry in walkdir::WalkDir::new(root).into_iter().filter_map(Result::ok) {
            let path = entry.path();
            if path.components().any(|c| c.as_os_str() == "target" || c.as_os_str() == ".git") {
                continue;
            }
            if path.extension().is_none_or(|e| e != "yaml") {
                continue;
            }
            let Ok(source) = std::fs::read_to_string(path) else { continue };
            all += 1;
            if let Some(node) = parse(&source) {
                fast += 1;
                assert_eq!(
                    Ok(node),
                    parse_with_serde(&source),
                    "the fast reading differs for {}",
                    path.display()
                );
            }
        }
        (fast, all)
    }

    #[test]
    fn the_repositorys_yaml_files_read_the_same() {
        let (fast, all) = check_tree(Path::new(env!("CARGO_MANIFEST_DIR")));
        assert!(all > 0 && fast > 0, "{fast} of {all} read fast");
    }

    /// `TALLY_YAML_TREE=/tmp/tally-bench/tally-1000 cargo test --lib yaml_tree -- --ignored`
    #[test]
    #[ignore = "needs a generated corpus"]
    fn a_corpus_reads_the_same() {
        let Some(root) = std::env::var_os("TALLY_YAML_TREE") else { return };
        let (fast, all) = check_tree(Path::new(&root));
        eprintln!("{fast} of {all} yaml files read fast");
    }
}
