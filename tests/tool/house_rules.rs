//! The house rules of `src/`, read from the source itself:
//!
//! - **No circles.** The file-level import graph, made of every `use` (with its `{…}`
//!   groups) and every inline path (`crate::a::b`, `super::x`, `self::y`, a child module's
//!   name), has no cycle: a file never reaches, through what it imports, a file that
//!   imports it. A cycle is named file by file.
//! - **Rooms that lean one way.** A room is a top-level module of `src/` (`src/number/`,
//!   `src/text.rs`); the command line (`cli/`), `lib.rs` and `main.rs` stand over every room
//!   and are left out. No two rooms import each other, even where no file cycle follows:
//!   a helper both rooms need belongs to a room below both.
//! - **Rooms that fit in one sitting.** No source file passes 500 lines, and at most three
//!   functions pass 100.
//! - **A map that is true.** `docs/content/code-layout.md` names every module of `src/` and
//!   every module of each room (`src/pipeline/pages.rs`, `src/markdown/cjk/`), tests aside.
//! - **Few test binaries.** The integration tests link as at most four binaries (each a
//!   `tests/NAME/main.rs` over a folder of modules): a `tests/NAME.rs` is a binary of its
//!   own, linked on every `cargo test`, so a new test file goes into one of the four.
//!
//! A file's module comes from its path (`src/a/mod.rs` and `src/a.rs` are `a`, `src/a/b.rs`
//! is `a::b`) or its `#[path = "..."]`; a path is resolved to the longest module prefix that
//! is a file. Inline `mod NAME { … }` blocks (tests) belong to their file, but `super::`
//! inside one counts from the block. Comments and string literals are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The longest a source file may be.
const MOST_LINES: usize = 500;

/// Files allowed past [`MOST_LINES`] for now, with why.
const LONG_FOR_NOW: &[(&str, &str)] = &[];

/// Every `.rs` file under `src/`, by its path relative to the repository, with its text.
fn source_files() -> BTreeMap<String, String> {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(repository.join("src")).sort_by_file_name() {
        let entry = entry.expect("walking src/");
        if entry.path().extension().is_some_and(|e| e == "rs") {
            let relative = entry.path().strip_prefix(repository).expect("inside the repository");
            let relative = relative.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(entry.path()).expect("a UTF-8 source file");
            files.insert(relative, text);
        }
    }
    files
}

/// A module path, `["figures", "number"]`; the crate root is empty.
type Module = Vec<String>;

/// The module of each file, from its path or the `#[path]` that declares it.
fn modules_of(files: &BTreeMap<String, String>) -> BTreeMap<Module, String> {
    let mut modules = BTreeMap::new();
    // The binary is a crate of its own over the library, which it names as `tally::`.
    for file in files.keys().filter(|f| *f != "src/main.rs") {
        let inside = file.strip_prefix("src/").expect("under src/").strip_suffix(".rs").expect(".rs");
        let mut module: Module = inside.split('/').map(String::from).collect();
        if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
            module.pop();
        }
        modules.insert(module, file.clone());
    }
    // `#[path = "x_tests.rs"] mod tests;` makes x_tests.rs the module `…::x::tests`.
    let by_file: BTreeMap<String, Module> = modules.iter().map(|(m, f)| (f.clone(), m.clone())).collect();
    for (file, text) in files {
        let tokens = tokens(&strip(text, true));
        for window in tokens.windows(4) {
            if let [Token::PathAttribute(target), Token::Word(kw), Token::Word(name), Token::Punct(';')] =
                window
                && kw == "mod"
            {
                let dir = Path::new(file).parent().expect("a folder");
                let target_file = dir.join(target).to_string_lossy().replace('\\', "/");
                let mut module = by_file[file].clone();
                module.push(name.clone());
                if let Some(old) = by_file.get(&target_file) {
                    modules.remove(old);
                }
                modules.insert(module, target_file);
            }
        }
    }
    modules
}

/// A source text with comments and string and character literals blanked (their bytes
/// kept as spaces, so that nothing in them reads as a path; their line breaks kept, so that
/// each line is the source's). With `keep_path_attributes`, the string of a `#[path = "…"]`
/// is kept.
fn strip(text: &str, keep_path_attributes: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let start = i;
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
            out.extend(chars[start..i.min(chars.len())].iter().filter(|c| **c == '\n'));
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !is_word_char(chars.get(i.wrapping_sub(1)))
        {
            // A raw string, r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            out.extend(chars[i..j.min(chars.len())].iter().filter(|c| **c == '\n'));
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            let mut literal = String::new();
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                if let Some(ch) = chars.get(j) {
                    literal.push(*ch);
                }
                j += 1;
            }
            let is_path_attribute = out.trim_end().ends_with('=')
                && out.trim_end().trim_end_matches('=').trim_end().ends_with("#[path");
            if keep_path_attributes && is_path_attribute {
                out.push('"');
                out.push_str(&literal);
                out.push('"');
            } else {
                out.push_str("\"\"");
            }
            out.extend(chars[i..j.min(chars.len())].iter().filter(|c| **c == '\n'));
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), or a lifetime ('a).
            if next == Some('\\') {
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                out.push(' ');
                i = j + 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                out.push(' ');
                i += 3;
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_word_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    /// `::`
    PathSeparator,
    Punct(char),
    /// The file of a `#[path = "…"]`.
    PathAttribute(String),
}

fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while is_word_char(chars.get(i)) {
                i += 1;
            }
            out.push(Token::Word(chars[start..i].iter().collect()));
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(Token::PathSeparator);
            i += 2;
        } else if c == '#' && chars[i..].iter().collect::<String>().starts_with("#[path") {
            let rest: String = chars[i..].iter().take_while(|c| **c != ']').collect();
            if let Some(target) = rest.split('"').nth(1).filter(|t| !t.is_empty()) {
                out.push(Token::PathAttribute(target.to_string()));
            }
            i += rest.chars().count();
        } else if c.is_ascii_digit() {
            while is_word_char(chars.get(i)) {
                i += 1;
            }
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// A path a file names, with the inline module it stands in (for `super::`) and whether it
/// is a `pub use` (a re-export, through which other files' paths are followed).
#[derive(Debug, Clone, PartialEq)]
struct Named {
    inside: Module,
    path: Vec<String>,
    re_export: bool,
    /// Inside a `#[cfg(test)]` module: a room of its own, which nothing imports.
    in_test: bool,
}

/// The paths a file names: each `use` tree expanded, and each inline path starting with
/// `crate`, `super` or `self` or with one of `children` (modules declared in the file).
fn paths_named(text: &str, children: &BTreeSet<String>) -> Vec<Named> {
    let tokens = tokens(&strip(text, false));
    let mut paths = Vec::new();
    // The inline modules open at each point, with the brace depth each opened at.
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let inside: Module = inline.iter().map(|(name, _, _)| name.clone()).collect();
        let in_test = inline.iter().any(|(_, _, test)| *test);
        match &tokens[i] {
            Token::Word(kw) if kw == "mod" => {
                if let (Some(Token::Word(name)), Some(Token::Punct('{'))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    depth += 1;
                    let before = &tokens[i.saturating_sub(7)..i];
                    let is_test = before.windows(4).any(|w| {
                        w == [
                            Token::Word("cfg".into()),
                            Token::Punct('('),
                            Token::Word("test".into()),
                            Token::Punct(')'),
                        ]
                    });
                    inline.push((name.clone(), depth, is_test));
                    i += 3;
                    continue;
                }
            }
            Token::Word(kw) if kw == "use" => {
                let end =
                    tokens[i..].iter().position(|t| *t == Token::Punct(';')).map_or(tokens.len(), |p| i + p);
                let mut expanded = Vec::new();
                expand_use(&tokens[i + 1..end], Vec::new(), &mut expanded);
                // `pub use`, `pub(crate) use`, `pub(super) use`.
                let re_export = tokens[..i].last() == Some(&Token::Word("pub".into()))
                    || (tokens[..i].last() == Some(&Token::Punct(')'))
                        && tokens[..i].iter().rev().take(6).any(|t| *t == Token::Word("pub".into())));
                paths.extend(expanded.into_iter().map(|path| Named {
                    inside: inside.clone(),
                    path,
                    re_export,
                    in_test,
                }));
                i = end;
                continue;
            }
            Token::Word(first)
                if matches!(first.as_str(), "crate" | "super" | "self") || children.contains(first) =>
            {
                let after_separator = i > 0 && tokens[i - 1] == Token::PathSeparator;
                if !after_separator && tokens.get(i + 1) == Some(&Token::PathSeparator) {
                    let mut path = vec![first.clone()];
                    let mut j = i + 1;
                    while tokens.get(j) == Some(&Token::PathSeparator) {
                        match tokens.get(j + 1) {
                            Some(Token::Word(w)) => path.push(w.clone()),
                            _ => break,
                        }
                        j += 2;
                    }
                    paths.push(Named { inside, path, re_export: false, in_test });
                    i = j;
                    continue;
                }
            }
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                if inline.last().is_some_and(|(_, d, _)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        i += 1;
    }
    paths
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand_use(tokens: &[Token], prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix.clone();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Word(w) if w == "as" => {
                i += 2;
                continue;
            }
            Token::Word(w) => path.push(w.clone()),
            Token::Punct('{') => {
                // Each item of the group, split at its top-level commas.
                let mut level = 0;
                let mut start = i + 1;
                let mut j = i + 1;
                while j < tokens.len() {
                    match tokens[j] {
                        Token::Punct('{') => level += 1,
                        Token::Punct('}') if level == 0 => break,
                        Token::Punct('}') => level -= 1,
                        Token::Punct(',') if level == 0 => {
                            expand_use(&tokens[start..j], path.clone(), out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                    j += 1;
                }
                expand_use(&tokens[start..j], path.clone(), out);
                return;
            }
            _ => {}
        }
        i += 1;
    }
    if path.len() > prefix.len() || !path.is_empty() {
        out.push(path);
    }
}

/// What the resolver knows: each module's file, and each file's re-exports by the name
/// they give (`pub use x::y::Z` gives `Z`).
struct Crate {
    modules: BTreeMap<Module, String>,
    module_of: BTreeMap<String, Module>,
    re_exports: BTreeMap<String, BTreeMap<String, Named>>,
    /// The names of the items (fn, struct, const, ...) each file defines: a function may
    /// share its name with a child module (`fn refused` beside `mod refused`).
    items: BTreeMap<String, BTreeSet<String>>,
}

impl Crate {
    /// The file a path names from `file` (the inline module it stands in is `inside`), if
    /// it names one of the crate's files; a name a module re-exports is followed to the file
    /// that defines it.
    fn resolve(&self, file: &str, inside: &Module, path: &[String]) -> Option<String> {
        self.resolve_at(&self.module_of[file], inside, path, 0)
    }

    fn resolve_at(&self, module: &Module, inside: &Module, path: &[String], depth: usize) -> Option<String> {
        let mut here: Module = module.iter().chain(inside).cloned().collect();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                here.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    here.pop();
                    rest = &rest[1..];
                }
            }
            Some(_) => {}
            None => return None,
        }
        let mut full = here;
        full.extend(rest.iter().cloned());
        let mut n = (0..=full.len()).rev().find(|n| self.modules.contains_key(&full[..*n]))?;
        // A path that ends at a module whose parent defines an item of the same name names
        // that item (a `use` cannot tell the two apart; the item is what one imports).
        if n == full.len()
            && n > 0
            && let Some(parent) = self.modules.get(&full[..n - 1])
            && self.items.get(parent).is_some_and(|items| items.contains(&full[n - 1]))
        {
            n -= 1;
        }
        let file = &self.modules[&full[..n]];
        if depth < 16
            && let Some(name) = full.get(n)
            && let Some(named) = self.re_exports.get(file).and_then(|r| r.get(name))
        {
            let mut through = named.path.clone();
            through.extend(full[n + 1..].iter().cloned());
            if let Some(found) = self.resolve_at(&self.module_of[file], &named.inside, &through, depth + 1) {
                return Some(found);
            }
        }
        Some(file.clone())
    }
}

/// The file-level import graph: each file and the files it imports (itself left out).
///
/// Three readings make it the graph of rooms rather than of Rust's module tree: a module
/// re-exporting what its own descendants define (`pub use child::X`, the facade a `mod.rs`
/// shows) imports nothing by it, and the files that use `X` are led to the child; a child's
/// use of what its parent module itself defines (`super::Options`) is no edge, since the
/// parent is the front of the room the child is in; and a `#[cfg(test)]` module is a room of
/// its own that nothing imports, wherever its text stands.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = source_files();
    let modules = modules_of(&files);
    let module_of: BTreeMap<String, Module> = modules.iter().map(|(m, f)| (f.clone(), m.clone())).collect();
    let mut named_by_file = BTreeMap::new();
    for (file, text) in &files {
        let Some(module) = module_of.get(file) else { continue };
        let children: BTreeSet<String> = modules
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .filter_map(|m| m.last().cloned())
            .collect();
        let named: Vec<Named> = paths_named(text, &children)
            .into_iter()
            .filter(|n| {
                let first = n.path.first().map(String::as_str).unwrap_or_default();
                matches!(first, "crate" | "super" | "self") || children.contains(first)
            })
            .collect();
        named_by_file.insert(file.clone(), named);
    }
    let re_exports = named_by_file
        .iter()
        .map(|(file, named)| {
            let by_name = named
                .iter()
                .filter(|n| n.re_export)
                .filter_map(|n| Some((n.path.last()?.clone(), n.clone())))
                .collect();
            (file.clone(), by_name)
        })
        .collect();
    let items = files
        .iter()
        .map(|(file, text)| {
            let tokens = tokens(&strip(text, false));
            let kinds = ["fn", "struct", "enum", "const", "static", "type", "trait", "macro_rules"];
            let names = tokens
                .windows(2)
                .filter_map(|w| match w {
                    [Token::Word(kind), Token::Word(name)] if kinds.contains(&kind.as_str()) => {
                        Some(name.clone())
                    }
                    _ => None,
                })
                .collect();
            (file.clone(), names)
        })
        .collect();
    let krate = Crate { modules, module_of, re_exports, items };
    let mut graph = BTreeMap::new();
    for (file, named) in &named_by_file {
        let module = &krate.module_of[file];
        let imports: BTreeSet<String> = named
            .iter()
            .filter(|n| !n.in_test)
            .filter_map(|n| {
                let target = krate.resolve(file, &n.inside, &n.path)?;
                let target_module = &krate.module_of[&target];
                let is_facade = n.re_export && target_module.starts_with(module);
                let is_own_front = module.starts_with(target_module);
                (!is_facade && !is_own_front && target != *file).then_some(target)
            })
            .collect();
        graph.insert(file.clone(), imports);
    }
    graph
}

/// Every cycle of the graph, one per strongly connected component of more than one file,
/// as a closed walk through it (`a → b → a`).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let components = strongly_connected(graph);
    components
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|component| {
            // A shortest way back to the first file, inside the component.
            let start = component.iter().next().expect("a file").clone();
            let mut came_from: BTreeMap<String, String> = BTreeMap::new();
            let mut queue = std::collections::VecDeque::from([start.clone()]);
            let mut walk = vec![start.clone()];
            'search: while let Some(file) = queue.pop_front() {
                for next in graph[&file].iter().filter(|n| component.contains(*n)) {
                    if *next == start {
                        let mut back = vec![file.clone()];
                        let mut at = file.clone();
                        while let Some(previous) = came_from.get(&at) {
                            back.push(previous.clone());
                            at = previous.clone();
                        }
                        back.pop();
                        back.reverse();
                        walk.extend(back);
                        walk.push(start.clone());
                        break 'search;
                    }
                    if !came_from.contains_key(next) && *next != start {
                        came_from.insert(next.clone(), file.clone());
                        queue.push_back(next.clone());
                    }
                }
            }
            let mut described = walk;
            if component.len() > described.len() - 1 {
                described.push(format!("(the knot holds {} files: {component:?})", component.len()));
            }
            described
        })
        .collect()
}

/// Tarjan's strongly connected components.
fn strongly_connected(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct State<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        components: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(state: &mut State<'a>, file: &'a str) {
        let n = state.index.len();
        state.index.insert(file, n);
        state.low.insert(file, n);
        state.stack.push(file);
        state.on_stack.insert(file);
        for next in &state.graph[file] {
            let next = next.as_str();
            if !state.graph.contains_key(next) {
                continue;
            }
            if !state.index.contains_key(next) {
                visit(state, next);
                let low = state.low[file].min(state.low[next]);
                state.low.insert(file, low);
            } else if state.on_stack.contains(next) {
                let low = state.low[file].min(state.index[next]);
                state.low.insert(file, low);
            }
        }
        if state.low[file] == state.index[file] {
            let mut component = BTreeSet::new();
            while let Some(top) = state.stack.pop() {
                state.on_stack.remove(top);
                component.insert(top.to_string());
                if top == file {
                    break;
                }
            }
            state.components.push(component);
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for file in graph.keys() {
        if !state.index.contains_key(file.as_str()) {
            visit(&mut state, file);
        }
    }
    state.components
}

#[test]
fn no_source_file_reaches_itself_through_its_imports() {
    let graph = import_graph();
    assert!(graph.len() > 100, "read only {} files", graph.len());
    let described: Vec<String> = cycles(&graph).iter().map(|c| c.join(" → ")).collect();
    assert!(described.is_empty(), "{} cycle(s) of imports:\n{}", described.len(), described.join("\n"));
}

/// The room a file belongs to: the first part of its path under `src/`, without `.rs`.
/// None for what stands over every room: `lib.rs`, `main.rs` and the command line.
fn room_of(file: &str) -> Option<String> {
    let inside = file.strip_prefix("src/")?;
    let first = inside.split('/').next()?;
    let room = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(room, "lib" | "main" | "cli")).then(|| room.to_string())
}

/// Every pair of rooms that import each other, each with one file edge of either way.
fn two_way_ties(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut example: BTreeMap<(String, String), (String, String)> = BTreeMap::new();
    for (file, imports) in graph {
        let Some(from) = room_of(file) else { continue };
        for target in imports {
            let Some(to) = room_of(target) else { continue };
            if from != to {
                example.entry((from.clone(), to)).or_insert_with(|| (file.clone(), target.clone()));
            }
        }
    }
    example
        .iter()
        .filter(|((from, to), _)| from < to)
        .filter_map(|((from, to), (file, target))| {
            let (back_file, back_target) = example.get(&(to.clone(), from.clone()))?;
            Some(format!("{from} ↔ {to}: {file} imports {target}, and {back_file} imports {back_target}"))
        })
        .collect()
}

#[test]
fn no_two_rooms_import_each_other() {
    let graph = import_graph();
    let ties = two_way_ties(&graph);
    assert!(
        ties.is_empty(),
        "{} pair(s) of rooms import each other; move what both need to a room below both:\n{}",
        ties.len(),
        ties.join("\n")
    );
}

#[test]
fn a_two_way_tie_between_rooms_is_found_and_the_command_line_is_no_room() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("src/figures/a.rs", vec!["src/markdown/b.rs"]),
        ("src/markdown/c.rs", vec!["src/figures/mod.rs"]),
        ("src/cli/run.rs", vec!["src/text.rs"]),
        ("src/text.rs", vec!["src/cli/mod.rs"]),
        ("src/plots/d.rs", vec!["src/text.rs"]),
    ]
    .into_iter()
    .map(|(f, to)| (f.to_string(), to.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        two_way_ties(&graph),
        vec![
            "figures ↔ markdown: src/figures/a.rs imports src/markdown/b.rs, and src/markdown/c.rs imports src/figures/mod.rs"
        ]
    );
    assert_eq!(room_of("src/text.rs").as_deref(), Some("text"));
    assert_eq!(room_of("src/lib.rs"), None);
}

#[test]
fn no_source_file_passes_five_hundred_lines() {
    let long: Vec<String> = source_files()
        .iter()
        .filter(|(file, _)| !LONG_FOR_NOW.iter().any(|(allowed, _)| allowed == file))
        .map(|(file, text)| (file, text.lines().count()))
        .filter(|(_, lines)| *lines > MOST_LINES)
        .map(|(file, lines)| format!("{file}: {lines} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MOST_LINES} lines; split them along what they own:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_import_graph_sees_use_groups_inline_paths_and_super_in_a_test_block() {
    let text = "use crate::{a::{b, c as d}, e};\nfn f() { crate::g::h(); }\nmod tests { use super::x; }\n";
    let paths: Vec<Vec<String>> = paths_named(text, &BTreeSet::new()).into_iter().map(|n| n.path).collect();
    let expected: Vec<Vec<&str>> = vec![
        vec!["crate", "a", "b"],
        vec!["crate", "a", "c"],
        vec!["crate", "e"],
        vec!["crate", "g", "h"],
        vec!["super", "x"],
    ];
    assert_eq!(paths, expected);
    let inside = paths_named(text, &BTreeSet::new()).pop().expect("a path").inside;
    assert_eq!(inside, vec!["tests".to_string()]);
}

#[test]
fn a_cycle_is_found_and_named() {
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"]), ("d", vec!["a"])]
            .into_iter()
            .map(|(f, to)| (f.to_string(), to.into_iter().map(String::from).collect()))
            .collect();
    assert_eq!(cycles(&graph), vec![vec!["a", "b", "c", "a"]]);
}

/// The most integration test binaries `tests/` may make.
const MOST_TEST_BINARIES: usize = 4;

#[test]
fn the_integration_tests_link_as_at_most_four_binaries() {
    // Cargo makes a binary of each `tests/*.rs` and each `tests/*/main.rs`.
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut binaries = Vec::new();
    for entry in std::fs::read_dir(&tests).expect("tests/") {
        let path = entry.expect("an entry of tests/").path();
        let name = path.file_name().expect("a name").to_string_lossy().into_owned();
        if path.is_file() && name.ends_with(".rs") || path.join("main.rs").is_file() {
            binaries.push(name);
        }
    }
    binaries.sort();
    assert!(
        binaries.len() <= MOST_TEST_BINARIES,
        "{} test binaries, {binaries:?}: move a new test file into one of the suites as a module",
        binaries.len()
    );
}

/// The modules `docs/content/code-layout.md` names, as paths under the repository
/// (`src/pipeline/load.rs`, `src/pipeline/memo/`), read from its first code block: a line
/// that starts with `src/…/` (or `src/….rs`) opens a room, an indented `name.rs` or `name/` at a line's
/// start is a module of the room (a folder one is where the names after it belong), and
/// any other `name.rs` or `name/` on a line belongs to the folder last opened.
fn modules_on_the_layout_page(page: &str) -> BTreeSet<String> {
    let block = page.lines().skip_while(|line| *line != "```").skip(1).take_while(|line| *line != "```");
    let (mut room, mut folder) = (String::new(), String::new());
    let mut named = BTreeSet::new();
    for line in block {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || "(),;`".contains(c))
            .filter(|w| w.ends_with(".rs") || w.ends_with('/'))
            .collect();
        let indented = line.starts_with(' ');
        for (at, word) in words.iter().enumerate() {
            let is_name = word.chars().all(|c| c.is_ascii_alphanumeric() || "_./".contains(c));
            if !is_name {
                continue;
            }
            let first = at == 0 && line.trim_start().starts_with(word);
            let path = if word.starts_with("src/") {
                if first && !indented {
                    // `src/content.rs` opens its own folder for the names after it.
                    room = word
                        .strip_suffix(".rs")
                        .map_or_else(|| word.to_string(), |module| format!("{module}/"));
                    folder = room.clone();
                }
                word.to_string()
            } else if first && indented && line.len() - line.trim_start().len() <= 4 {
                let path = format!("{room}{word}");
                folder = if word.ends_with('/') { path.clone() } else { room.clone() };
                path
            } else {
                format!("{folder}{word}")
            };
            named.insert(path);
        }
    }
    named
}

/// Whether `file` (`src/a/b.rs`) is a module of tests only, which the layout page leaves out.
fn is_tests_only(file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file);
    name == "tests.rs" || name == "testing.rs" || name.ends_with("_tests.rs")
}

#[test]
fn the_layout_page_names_every_module_of_the_first_two_levels() {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/content/code-layout.md"))
            .expect("docs/content/code-layout.md");
    let named = modules_on_the_layout_page(&page);
    // A module is named as its file or as its folder; a folder's own mod.rs by the folder.
    let is_named = |file: &str| {
        let module = file.strip_suffix("/mod.rs").unwrap_or_else(|| file.strip_suffix(".rs").unwrap_or(file));
        named.contains(file)
            || named.contains(&format!("{module}/"))
            || named.contains(&format!("{module}.rs"))
    };
    let missing: Vec<String> = source_files()
        .into_keys()
        .filter(|file| {
            file.matches('/').count() <= 2 || file.ends_with("/mod.rs") && file.matches('/').count() == 3
        })
        .filter(|file| !matches!(file.as_str(), "src/lib.rs" | "src/main.rs") && !is_tests_only(file))
        .filter(|file| !is_named(file))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/content/code-layout.md does not name {} module(s): {missing:?}",
        missing.len()
    );
}

#[test]
fn the_layout_page_reader_resolves_rooms_entries_and_names_in_a_description() {
    let page = "```\nsrc/a/      a room (x.rs)\n  b/          the b (c.rs)\n                and (d.rs)\n  e.rs        the e (f/)\nsrc/g.rs    g (i.rs)  src/h/ h\n```\n";
    let named: Vec<String> = modules_on_the_layout_page(page).into_iter().collect();
    assert_eq!(
        named,
        [
            "src/a/",
            "src/a/b/",
            "src/a/b/c.rs",
            "src/a/b/d.rs",
            "src/a/e.rs",
            "src/a/f/",
            "src/a/x.rs",
            "src/g.rs",
            "src/g/i.rs",
            "src/h/"
        ]
    );
}

/// A function longer than this many lines (from `fn` to its closing brace) is a long one.
const LONG_FUNCTION: usize = 100;

/// The most long functions `src/` may hold: those left are in rooms others were changing
/// when the rest were split (issue 49).
const MOST_LONG_FUNCTIONS: usize = 3;

/// Every function of `src/` longer than [`LONG_FUNCTION`] lines, as `file::name (lines)`.
fn long_functions() -> Vec<String> {
    let mut long = Vec::new();
    for (file, text) in source_files() {
        let code: Vec<char> = strip(&text, false).chars().collect();
        let mut at = 0;
        while at + 3 < code.len() {
            let starts_fn = code[at] == 'f'
                && code[at + 1] == 'n'
                && code[at + 2] == ' '
                && !is_word_char(at.checked_sub(1).and_then(|b| code.get(b)));
            if !starts_fn {
                at += 1;
                continue;
            }
            let name: String =
                code[at + 3..].iter().take_while(|c| c.is_alphanumeric() || **c == '_').collect();
            // Its body, from the first `{` before any `;` (a declaration has none).
            let Some(open) =
                (at..code.len()).find(|&i| code[i] == '{' || code[i] == ';').filter(|&i| code[i] == '{')
            else {
                at += 3;
                continue;
            };
            let mut depth = 0usize;
            let mut close = open;
            for (i, c) in code.iter().enumerate().skip(open) {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            close = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let lines = code[at..=close].iter().filter(|c| **c == '\n').count() + 1;
            if lines > LONG_FUNCTION {
                long.push(format!("{file}::{name} ({lines})"));
            }
            at += 3;
        }
    }
    long
}

#[test]
fn at_most_three_functions_pass_a_hundred_lines() {
    let long = long_functions();
    assert!(
        long.len() <= MOST_LONG_FUNCTIONS,
        "{} functions over {LONG_FUNCTION} lines (split them where a reader looks for the seam): {long:?}",
        long.len()
    );
}

/// Type names (`struct`, `enum`, `type`, `trait`) declared `pub` or `pub(crate)`, each with
/// the files that declare it: such a name is met all over the crate, so it means one thing.
fn crate_visible_type_names(files: &BTreeMap<String, String>) -> BTreeMap<String, Vec<String>> {
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (file, text) in files {
        for line in text.lines() {
            let Some(rest) = line
                .trim_start()
                .strip_prefix("pub(crate) ")
                .or_else(|| line.trim_start().strip_prefix("pub "))
            else {
                continue;
            };
            let Some(rest) =
                ["struct ", "enum ", "type ", "trait "].iter().find_map(|k| rest.strip_prefix(k))
            else {
                continue;
            };
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                names.entry(name).or_default().push(file.clone());
            }
        }
    }
    names
}

#[test]
fn no_crate_visible_type_name_is_declared_twice() {
    let twice: Vec<_> =
        crate_visible_type_names(&source_files()).into_iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(
        twice.is_empty(),
        "one word per thing: these names are declared for the crate more than once: {twice:?}"
    );
}

#[test]
fn a_type_name_declared_in_two_rooms_is_found_and_a_private_one_is_not() {
    let files = BTreeMap::from([
        ("src/a.rs".to_string(), "pub(crate) struct Shown {\n}\nstruct Local;\n".to_string()),
        ("src/b.rs".to_string(), "    pub enum Shown<'a> {}\nstruct Local;\n".to_string()),
    ]);
    let names = crate_visible_type_names(&files);
    assert_eq!(names["Shown"], ["src/a.rs", "src/b.rs"]);
    assert!(!names.contains_key("Local"));
}
