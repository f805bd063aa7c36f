//! `sysctl` output: FreeBSD's `name: value` lines (`sysctl kern.cp_time dev.octep.0`,
//! `sysctl -a`), FreeBSD's `sysctl -e` `name=value`, and Linux's `name = value`.
//!
//! Owns turning the lines into a tree: a dotted name is a path of nested maps
//! (`dev.octep.0.rx_wire` → `dev` → `octep` → `0` → `rx_wire`); a value of one integer is a
//! count, exactly; several integers (`kern.cp_time: 2340 0 1234 56 98765`) a list of counts,
//! which `busy()` reads as a kern.cp_time reading; a plain decimal a count as printed (its
//! digits its precision); anything else (`FreeBSD`, `45.0C`, `{ 0.21 0.18 0.12 }`) a text.
//! An integer past 2^53, which an f64 cannot hold exactly, is absent with the reason (Linux's
//! `kernel.shmmax = 18446744073692774399`): tally states no number the output does not give.
//! It does not know what any sysctl means, nor compute `before`/`after` deltas (`rundata`).
//!
//! Refused, at the line: a line that is neither blank nor `name SEPARATOR value`; a name
//! written twice (two readings in one file); a name that is both a value and a prefix of
//! another; lines of two separators (two outputs in one file); `sysctl:`'s own error lines.
//!
//! Values over several lines: FreeBSD prints them as they are (`kern.conftxt`,
//! `vm.phys_free`), the next lines carrying no name, so a continuation line cannot be told
//! from a damaged or foreign one. They are refused with a message that says so: a run reads
//! the names it needs, whose values are one line each. Linux's procps prints each line of
//! such a value after the name again (`kernel.core_modes = file`, `… = pipe`): consecutive
//! lines of one name are one value, a text of those lines.

use std::ops::Range;

use super::{ImportError, Imported, Line, Tree, Value, lines, plain_decimal, words};
use crate::number::Unit;

/// The largest integer an f64 holds exactly, and every one below it.
const EXACT_LIMIT: i128 = 1 << 53;

/// How a line separates a name from its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// FreeBSD: `kern.ostype: FreeBSD`.
    Colon,
    /// Linux procps: `kernel.ostype = Linux`.
    SpacedEquals,
    /// FreeBSD's `sysctl -e`: `kern.ostype=FreeBSD`.
    Equals,
}

impl Style {
    fn describe(self) -> &'static str {
        match self {
            Style::Colon => "`name: value` (FreeBSD's sysctl)",
            Style::SpacedEquals => "`name = value` (Linux's sysctl)",
            Style::Equals => "`name=value` (FreeBSD's sysctl -e)",
        }
    }
}

/// One `name: value` line (or several of one name, Linux's value over several lines).
struct Entry<'a> {
    name: &'a str,
    value: String,
    /// The value's bytes: where a page's evidence points.
    at: Range<usize>,
    /// The value's words and their bytes, for a value on one line.
    words: Vec<(&'a str, Range<usize>)>,
    /// The line (1-based) and bytes of its first line.
    line: usize,
    range: Range<usize>,
}

/// A name's place in the tree while it is built: a value, or a prefix of names.
enum Node {
    Leaf { tree: Tree, line: usize },
    Branch { children: Children, line: usize },
}

/// The names under a prefix in the order first written, and each one's place among them:
/// a search of the names for each name read was quadratic (80,000 names under one prefix).
#[derive(Default)]
struct Children {
    list: Vec<(String, Node)>,
    index: std::collections::HashMap<String, usize>,
}

impl Children {
    fn position(&self, segment: &str) -> Option<usize> {
        super::work(1);
        self.index.get(segment).copied()
    }

    fn push(&mut self, segment: &str, node: Node) -> &mut Node {
        self.index.insert(segment.to_string(), self.list.len());
        self.list.push((segment.to_string(), node));
        let last = self.list.len() - 1;
        &mut self.list[last].1
    }
}

/// Reads `sysctl` output.
pub(crate) fn import_sysctl(text: &str) -> Result<Imported, ImportError> {
    let (entries, style) = entries(text)?;
    let mut root = Children::default();
    for entry in &entries {
        insert(&mut root, entry, value_tree(entry))?;
    }
    let format = match style {
        Style::Colon => "sysctl (FreeBSD)",
        Style::SpacedEquals => "sysctl (Linux)",
        Style::Equals => "sysctl -e (FreeBSD)",
    };
    Ok(Imported { format, fields: branch_tree(root) })
}

/// The file's entries, and its one style.
fn entries(text: &str) -> Result<(Vec<Entry<'_>>, Style), ImportError> {
    let mut entries: Vec<Entry<'_>> = Vec::new();
    let mut style: Option<Style> = None;
    for (index, line) in lines(text).iter().enumerate() {
        if line.text.trim().is_empty() {
            continue;
        }
        let split = split(line.text).filter(|_| !line.text.starts_with("sysctl:"));
        let Some((name, this_style, value)) = split else {
            return Err(unreadable(line, entries.last()));
        };
        if let Some(style) = style
            && style != this_style
        {
            return Err(ImportError::at(
                format!(
                    "this line is {}, the file's first is {}: a file holds one reading",
                    this_style.describe(),
                    style.describe()
                ),
                line.range(),
            ));
        }
        style = Some(this_style);
        if !name.contains('.') || name.split('.').any(str::is_empty) {
            return Err(ImportError::at(
                format!(
                    "`{name}` is not a sysctl name: expected dotted names like `kern.cp_time`, each part non-empty"
                ),
                line.range_of(name),
            ));
        }
        let value_text = value.trim();
        let at = line.range_of(value_text);
        // Linux's procps repeats the name on each line of a value over several lines.
        if this_style == Style::SpacedEquals
            && let Some(last) = entries.last_mut()
            && last.name == name
            && last.range.end + 2 >= line.start
        {
            last.value = format!("{}\n{value_text}", last.value);
            last.at = last.at.start..at.end;
            last.words.clear();
            last.range = last.range.start..line.range().end;
            continue;
        }
        let value_line = Line { text: value_text, start: at.start };
        let words = words(&value_line);
        entries.push(Entry {
            name,
            value: value_text.to_string(),
            at,
            words,
            line: index + 1,
            range: line.range(),
        });
    }
    match style {
        Some(style) => Ok((entries, style)),
        None => Err(ImportError::whole(
            "the file holds no sysctl line: expected `name: value` or `name = value` lines",
        )),
    }
}

/// A line's name, separator and value; None when it is not `name SEPARATOR value`.
fn split(line: &str) -> Option<(&str, Style, &str)> {
    let name_len = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '%' | '-' | '/' | '@')))
        .unwrap_or(line.len());
    let (name, rest) = line.split_at(name_len);
    if name.is_empty() {
        return None;
    }
    if let Some(after) = rest.strip_prefix(':') {
        // `name:value` without the space is no sysctl's; an empty value may have lost it.
        let value = after.strip_prefix(' ').or(after.is_empty().then_some(after))?;
        return Some((name, Style::Colon, value));
    }
    if let Some(value) = rest.strip_prefix(" =") {
        return (value.is_empty() || value.starts_with(' ')).then_some((name, Style::SpacedEquals, value));
    }
    rest.strip_prefix('=').map(|value| (name, Style::Equals, value))
}

/// Why a line is not `name: value`: sysctl's own error, a value over several lines, or not
/// sysctl output.
fn unreadable(line: &Line<'_>, previous: Option<&Entry<'_>>) -> ImportError {
    let text = line.text.trim();
    let message = if text.starts_with("sysctl:") {
        format!(
            "sysctl reported an error here (`{text}`): read only names that exist, and keep its stderr out of the file"
        )
    } else if let Some(previous) = previous {
        format!(
            "this line is not `name: value` or `name = value`: if it continues `{}`'s value (line {}), tally does not read values over several lines; read the names the run needs (`sysctl kern.cp_time dev.octep.0`), whose values are one line each",
            previous.name, previous.line
        )
    } else {
        "this line is not `name: value` (FreeBSD's sysctl) or `name = value` (Linux's)".to_string()
    };
    ImportError::at(message, line.range())
}

/// A value as a tree: integers are counts, exactly (several: a list); a plain decimal a count
/// as printed; anything else a text.
fn value_tree(entry: &Entry<'_>) -> Tree {
    let words = &entry.words;
    let integers: Option<Vec<i128>> = words.iter().map(|(w, _)| integer(w)).collect();
    match integers {
        Some(integers) if !integers.is_empty() => {
            if let Some(big) = integers.iter().find(|n| n.abs() > EXACT_LIMIT) {
                return Tree::Absent(format!(
                    "`{}` holds {big}, past 2^53: tally cannot hold it exactly, so states no number of it",
                    entry.name
                ));
            }
            let mut counts = integers
                .iter()
                .zip(words)
                .map(|(n, (_, at))| Value::exact(*n as f64, Unit::Count, at.clone()));
            match (counts.next(), words.len()) {
                (Some(one), 1) => one,
                (Some(first), _) => Tree::List(std::iter::once(first).chain(counts).collect()),
                (None, _) => Tree::Text(String::new()),
            }
        }
        _ => match words.as_slice() {
            [(word, at)] if plain_decimal(word).is_some() => {
                Value::printed("sysctl", word, word, Unit::Count, at.clone())
                    .unwrap_or(Tree::Text(entry.value.clone()))
            }
            _ => Tree::Text(entry.value.clone()),
        },
    }
}

/// An integer as sysctl prints one: optional `-`, digits.
fn integer(word: &str) -> Option<i128> {
    let digits = word.strip_prefix('-').unwrap_or(word);
    if digits.is_empty() || digits.len() > 30 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

/// Puts `tree` at `entry`'s name. A name written twice, or both a value and a prefix, is an
/// error at the later line.
/// A name's character other than a letter, a digit or `_` is `_` in its path: a path into
/// run data is made of those (`fs.file-nr` is read as `fs.file_nr`, `dev.igb.0.%desc` as
/// `dev.igb.0._desc`); two names that become one are a name written twice.
fn insert(root: &mut Children, entry: &Entry<'_>, tree: Tree) -> Result<(), ImportError> {
    let segments: Vec<String> = entry
        .name
        .split('.')
        .map(|segment| {
            segment.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
        })
        .collect();
    let mut children = root;
    let mut tree = Some(tree);
    for (i, segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        let prefix = segments[..=i].join(".");
        let Some(position) = children.position(segment) else {
            if last {
                let tree = tree.take().unwrap_or(Tree::Text(String::new()));
                children.push(segment, Node::Leaf { tree, line: entry.line });
                return Ok(());
            }
            let Node::Branch { children: next, .. } =
                children.push(segment, Node::Branch { children: Children::default(), line: entry.line })
            else {
                return Err(ImportError::whole("internal: a branch just made is gone"));
            };
            children = next;
            continue;
        };
        let message = match &children.list[position].1 {
            Node::Leaf { line, .. } if last => {
                format!("`{prefix}` is written twice: at line {line} and here")
            }
            Node::Leaf { line, .. } => {
                format!("`{prefix}` is a value at line {line}, and here a prefix of `{}`", entry.name)
            }
            Node::Branch { line, .. } if last => {
                format!("`{prefix}` is a prefix of names from line {line} on, and here a value")
            }
            Node::Branch { .. } => String::new(),
        };
        if !message.is_empty() {
            return Err(ImportError::at(format!("{message}: a file holds one reading"), entry.range.clone()));
        }
        let Some((_, Node::Branch { children: next, .. })) = children.list.get_mut(position) else {
            return Err(ImportError::whole("internal: a branch is gone"));
        };
        children = next;
    }
    Ok(())
}

fn branch_tree(children: Children) -> Tree {
    Tree::Map(
        children
            .list
            .into_iter()
            .map(|(key, node)| match node {
                Node::Leaf { tree, .. } => (key, tree),
                Node::Branch { children, .. } => (key, branch_tree(children)),
            })
            .collect(),
    )
}

#[cfg(test)]
#[path = "sysctl_tests.rs"]
mod tests;
