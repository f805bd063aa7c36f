//! YAML, the one reader of it: site.yaml and front matter are deserialised into their typed
//! settings ([`deserialize`], in `typed`), and runs.yaml is read into a tree of nodes that
//! each know their bytes in the source ([`Node`], [`parse_tree`]).
//!
//! Owns the YAML syntax and its errors' places; it knows no schema (settings, front matter
//! and runs.yaml each validate their own). runs.yaml is read into this tree first and validated by hand
//! (in `rundata`) so that every problem is reported, each at its own place; serde's derive
//! would stop at the first. It does not know the runs.yaml schema.
//!
//! Most runs.yaml files are plain maps of plain scalars, so [`parse_tree`] first builds the tree
//! straight from the YAML parser's events (`fast`), which costs a fraction of going
//! through serde. Whenever a document holds anything that path does not fully understand
//! (anchors, tags, merge keys, duplicate or non-text keys, a scalar whose type is not
//! plain to see, a syntax error), it is parsed again through serde-saphyr, so the tree and
//! every error message are serde-saphyr's own.

use std::fmt;
use std::ops::Range;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::diagnostics::offset_of;

/// One YAML node with the byte range it came from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node {
    pub kind: NodeKind,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NodeKind {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// What kind of value this is, for "expected X, found Y" messages.
    pub(crate) fn what(&self) -> &'static str {
        match self.kind {
            NodeKind::Null => "nothing",
            NodeKind::Bool(_) => "a boolean",
            NodeKind::Number(_) => "a number",
            NodeKind::Str(_) => "a text",
            NodeKind::Seq(_) => "a list",
            NodeKind::Map(_) => "a map",
        }
    }

    /// The scalar as text: a string as it is, a number as written in the source.
    pub(crate) fn scalar_text(&self, source: &str) -> Option<String> {
        match &self.kind {
            NodeKind::Str(s) => Some(s.clone()),
            NodeKind::Number(n) => Some(
                source
                    .get(self.span.clone())
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map_or_else(|| n.to_string(), str::to_string),
            ),
            _ => None,
        }
    }

    pub(crate) fn key_text(&self) -> String {
        match &self.kind {
            NodeKind::Str(s) => s.clone(),
            NodeKind::Number(n) => n.to_string(),
            NodeKind::Bool(b) => b.to_string(),
            _ => String::new(),
        }
    }

    /// Where a string's own text starts (after an opening quote), for pointing inside it.
    pub(crate) fn content_start(&self, source: &str) -> usize {
        match source.as_bytes().get(self.span.start) {
            Some(b'"' | b'\'') => self.span.start + 1,
            _ => self.span.start,
        }
    }
}

struct NodeKindVisitor;

impl<'de> Visitor<'de> for NodeKindVisitor {
    type Value = NodeKind;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<NodeKind, E> {
        Ok(NodeKind::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<NodeKind, E> {
        Ok(NodeKind::Number(v as f64))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<NodeKind, E> {
        Ok(NodeKind::Number(v as f64))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<NodeKind, E> {
        Ok(NodeKind::Number(v as f64))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<NodeKind, E> {
        Ok(NodeKind::Number(v as f64))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<NodeKind, E> {
        Ok(NodeKind::Number(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<NodeKind, E> {
        Ok(NodeKind::Str(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<NodeKind, E> {
        Ok(NodeKind::Str(v))
    }
    fn visit_none<E: de::Error>(self) -> Result<NodeKind, E> {
        Ok(NodeKind::Null)
    }
    fn visit_unit<E: de::Error>(self) -> Result<NodeKind, E> {
        Ok(NodeKind::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<NodeKind, D::Error> {
        NodeKind::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<NodeKind, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<SpannedNode>()? {
            items.push(item);
        }
        Ok(NodeKind::Seq(items.into_iter().map(|s| s.0).collect()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NodeKind, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<SpannedNode>()? {
            let value = map.next_value::<SpannedNode>()?;
            entries.push((key.0, value.0));
        }
        Ok(NodeKind::Map(entries))
    }
}

impl<'de> Deserialize<'de> for NodeKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<NodeKind, D::Error> {
        d.deserialize_any(NodeKindVisitor)
    }
}

/// A node whose span is filled in after parsing, from saphyr's locations.
struct SpannedNode(Node);

thread_local! {
    /// The source being parsed, to turn line/column into bytes when saphyr has no byte
    /// offset. Set only for the duration of [`parse_tree`].
    static SOURCE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

impl<'de> Deserialize<'de> for SpannedNode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SpannedNode, D::Error> {
        let spanned = Spanned::<NodeKind>::deserialize(d)?;
        let location = spanned.referenced;
        let span = location.span();
        let range = match (span.byte_offset(), span.byte_len()) {
            (Some(start), Some(len)) => start as usize..(start + len) as usize,
            _ => SOURCE.with(|s| {
                let start = offset_of(&s.borrow(), location.line() as usize, location.column() as usize);
                start..start
            }),
        };
        Ok(SpannedNode(Node { kind: spanned.value, span: range }))
    }
}

/// A YAML syntax error with its byte offset.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct YamlError {
    pub message: String,
    pub offset: usize,
}

/// Parses `source` into a node tree. YAML 1.2 booleans only, so `on:` is a key, not `true`.
pub(crate) fn parse_tree(source: &str) -> Result<Node, YamlError> {
    check_nesting(source)?;
    match fast::parse(source) {
        Some(node) => Ok(node),
        None => parse_on_a_large_stack(source),
    }
}

/// serde-saphyr recurses several frames a level, each large in a debug build: 37 levels
/// overflowed a 2 MiB thread (a test's, a rayon worker's). Its reading runs on a thread of
/// its own with room for [`MAX_FLOW_NESTING`] levels and more; only the pages it touches are
/// ever mapped, and the fast path, which does not recurse, reads most files.
fn parse_on_a_large_stack(source: &str) -> Result<Node, YamlError> {
    const STACK: usize = 256 << 20;
    std::thread::scope(|scope| {
        let reading =
            std::thread::Builder::new().stack_size(STACK).spawn_scoped(scope, || parse_with_serde(source));
        match reading {
            Ok(reading) => reading.join().unwrap_or_else(|_| {
                Err(YamlError { message: "the YAML reader failed on this file".to_string(), offset: 0 })
            }),
            // No thread to be had: read here, as before.
            Err(_) => parse_with_serde(source),
        }
    })
}

/// The deepest `{`/`[` nesting read: the readers recurse once a level.
const MAX_FLOW_NESTING: usize = 64;

/// Refuses flow collections nested deeper than [`MAX_FLOW_NESTING`] (outside quotes and
/// comments), at the bracket that goes too deep, before any reader recurses into them.
fn check_nesting(source: &str) -> Result<(), YamlError> {
    let (mut depth, mut quote, mut comment, mut previous) = (0usize, None, false, '\n');
    for (offset, c) in source.char_indices() {
        match (quote, comment, c) {
            (_, true, '\n') => comment = false,
            (_, true, _) => {}
            (Some(q), _, c) if c == q => quote = None,
            (Some(_), _, _) => {}
            (None, _, '#') if previous.is_whitespace() => comment = true,
            (None, _, '"' | '\'') if !previous.is_alphanumeric() => quote = Some(c),
            (None, _, '{' | '[') => {
                depth += 1;
                if depth > MAX_FLOW_NESTING {
                    return Err(YamlError {
                        message: format!("collections nested deeper than {MAX_FLOW_NESTING} levels"),
                        offset,
                    });
                }
            }
            (None, _, '}' | ']') => depth = depth.saturating_sub(1),
            _ => {}
        }
        previous = c;
    }
    Ok(())
}

/// The reference reading of `source`, which the fast path must always agree with.
fn parse_with_serde(source: &str) -> Result<Node, YamlError> {
    let mut options = serde_saphyr::options::Options::default();
    options.strict_booleans = true;
    options.with_snippet = false;
    SOURCE.with(|s| *s.borrow_mut() = source.to_string());
    let result = serde_saphyr::from_str_with_options::<SpannedNode>(source, options);
    SOURCE.with(|s| s.borrow_mut().clear());
    match result {
        Ok(node) => Ok(node.0),
        Err(error) => {
            let offset = error
                .location()
                .map(|l| {
                    l.span()
                        .byte_offset()
                        .map(|b| b as usize)
                        .unwrap_or_else(|| offset_of(source, l.line() as usize, l.column() as usize))
                })
                .unwrap_or(0);
            Err(YamlError { message: error.without_snippet().to_string(), offset })
        }
    }
}

mod fast;
mod typed;

pub(crate) use typed::{deserialize, key_value_offset};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_know_their_bytes() {
        let source = "a: 1\nb:\n  - x\n  - \"y z\"\non: 2026-10-30\n";
        let node = parse_tree(source).unwrap();
        let NodeKind::Map(entries) = &node.kind else { panic!("not a map: {node:?}") };
        assert_eq!(entries.len(), 3);
        let (key, value) = &entries[0];
        assert_eq!(&source[key.span.clone()], "a");
        assert_eq!(value.kind, NodeKind::Number(1.0));
        assert_eq!(&source[value.span.clone()], "1");
        let NodeKind::Seq(items) = &entries[1].1.kind else { panic!("not a list") };
        assert_eq!(&source[items[1].span.clone()], "\"y z\"");
        assert_eq!(items[1].content_start(source), items[1].span.start + 1);
        assert_eq!(entries[2].0.kind, NodeKind::Str("on".into()));
        assert_eq!(entries[2].1.kind, NodeKind::Str("2026-10-30".into()));
    }

    #[test]
    fn numbers_keep_their_written_text() {
        let source = "curl: 8.20\n";
        let node = parse_tree(source).unwrap();
        let NodeKind::Map(entries) = &node.kind else { panic!() };
        assert_eq!(entries[0].1.scalar_text(source).as_deref(), Some("8.20"));
    }

    #[test]
    fn a_syntax_error_has_a_place() {
        let source = "a: 1\nb: [1, 2\nc: 3\n";
        let error = parse_tree(source).unwrap_err();
        assert!(error.offset > 4, "{error:?}");
        assert!(!error.message.is_empty());
    }
}
