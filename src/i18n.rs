//! UI strings: one Fluent file per language in `i18n/`, every key present in every language.
//!
//! Owns the loaded bundles and message lookup, and the figure-like numbers each language's
//! strings show a reader (their text and literals, not their placeables' code). It does not
//! know templates; `templates` exposes [`Strings::get`] to them as the `t` function.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;

use crate::diagnostics::Diagnostic;
use crate::settings::Settings;
use crate::shown_numbers::{ShownNumber, keep_only};

mod arguments;
mod functions;

use arguments::arguments;

/// Every language's UI strings.
pub struct Strings {
    bundles: BTreeMap<String, FluentBundle<FluentResource>>,
    /// The figure-like numbers of every language's strings, each with its message.
    shown: Vec<ShownNumber>,
    /// Every language's strings, by name (`key`, `key.attribute`, `-term`).
    names: BTreeMap<String, BTreeSet<String>>,
    /// Each language's messages that take no argument, formatted once: the templates ask
    /// for a score of them on every page, and formatting them was a tenth of a render.
    plain: rustc_hash::FxHashMap<String, rustc_hash::FxHashMap<String, String>>,
    /// Messages with arguments as formatted before, by language, key and arguments: the
    /// evidence asks for "runs.yaml, line 18" some forty times a page, the same few lines
    /// on every page of a site, and Fluent took 2,300 instructions for each (1.7 % of a
    /// cold build). Bounded, and made anew with the strings, so never stale.
    formatted: std::sync::Mutex<rustc_hash::FxHashMap<String, String>>,
    /// Strings the program asked for and no file gave, by language and key: the page shows
    /// the key in their place, so the build fails on them ([`Strings::missed`]).
    missed: std::sync::Mutex<BTreeSet<(String, String)>>,
}

/// How many formatted messages [`Strings`] keeps before it starts again.
const FORMATTED_KEPT: usize = 4096;

impl std::fmt::Debug for Strings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strings").field("languages", &self.bundles.keys()).finish()
    }
}

impl Strings {
    /// The message `key` in `lang` with `args`; `None` when it does not exist.
    pub fn get(&self, lang: &str, key: &str, args: &[(&str, String)]) -> Option<String> {
        if args.is_empty()
            && let Some(text) = self.plain.get(lang).and_then(|plain| plain.get(key))
        {
            return Some(text.clone());
        }
        let length = lang.len() + key.len() + args.iter().map(|(n, v)| n.len() + v.len() + 2).sum::<usize>();
        let mut memo_key = String::with_capacity(length + 1);
        memo_key.extend([lang, "\0", key]);
        for (name, value) in args {
            memo_key.extend(["\0", name, "\0", value]);
        }
        // A poisoned lock only means another thread panicked while holding it: the map is
        // still a map of correct texts.
        let lock = || self.formatted.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(text) = lock().get(&memo_key) {
            return Some(text.clone());
        }
        let text = self.format(lang, key, args)?;
        let mut formatted = lock();
        if formatted.len() >= FORMATTED_KEPT {
            formatted.clear();
        }
        formatted.insert(memo_key, text.clone());
        Some(text)
    }

    fn format(&self, lang: &str, key: &str, args: &[(&str, String)]) -> Option<String> {
        let bundle = self.bundles.get(lang)?;
        let pattern = bundle.get_message(key)?.value()?;
        let fluent_args = arguments(args);
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        errors.is_empty().then(|| text.into_owned())
    }

    /// The figure-like numbers the strings of every language show a reader.
    pub(crate) fn shown_numbers(&self) -> &[ShownNumber] {
        &self.shown
    }

    /// Whether `lang` has the string `name` (`key`, `key.attribute` or `-term`).
    pub(crate) fn has_string(&self, lang: &str, name: &str) -> bool {
        self.names.get(lang).is_some_and(|names| names.contains(name))
    }

    /// Why [`Strings::get`] gave nothing for `key`: a string that is there but cannot be
    /// formatted is not a missing string (issue 48).
    pub(crate) fn why_not(&self, lang: &str, key: &str, args: &[(&str, String)]) -> String {
        let pattern = self.bundles.get(lang).and_then(|b| Some((b, b.get_message(key)?.value()?)));
        let Some((bundle, pattern)) = pattern else {
            return format!("the UI string `{key}` is missing in i18n/{lang}.ftl");
        };
        let fluent_args = arguments(args);
        let mut errors = Vec::new();
        bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("the UI string `{key}` in i18n/{lang}.ftl cannot be formatted: {}", errors.join("; "))
    }

    /// Like [`Strings::get`], for a string the program itself needs: when no file gives
    /// it, the key stands in and the miss is kept for [`Strings::missed`], so that a page
    /// showing a bare key is never published.
    pub fn text(&self, lang: &str, key: &str) -> String {
        self.needed(lang, key, &[])
    }

    /// [`Strings::text`] with arguments.
    pub fn needed(&self, lang: &str, key: &str, args: &[(&str, String)]) -> String {
        self.get(lang, key, args).unwrap_or_else(|| {
            let mut missed = self.missed.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            missed.insert((lang.to_string(), key.to_string()));
            key.to_string()
        })
    }

    /// A `missing-string` error for each string the program asked for and did not get since
    /// the last call, each once. Taken, not read: `tally serve` keeps the strings from build
    /// to build while their files are unchanged, and a build that no longer asks for the
    /// string must not fail on it.
    pub(crate) fn missed(&self) -> Vec<Diagnostic> {
        let missed =
            std::mem::take(&mut *self.missed.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        missed
            .iter()
            .map(|(lang, key)| {
                let path = PathBuf::from(format!("i18n/{lang}.ftl"));
                let what = if self.has_string(lang, key) {
                    format!("`{key}` in `{lang}` cannot be formatted with the arguments tally gives it")
                } else {
                    format!("`{key}` is missing in `{lang}`; tally needs it to write the pages")
                };
                Diagnostic::file("missing-string", &path, what)
                    .note("the page would show the string's key in its place, so nothing is published")
            })
            .collect()
    }
}

/// Keys the program uses outside templates; each must exist in every language.
pub(crate) const REQUIRED_KEYS: &[&str] =
    &["link-untranslated", "figure-vendor-label", "figure-computed", "figure-vendor-source"];

/// Reads `i18n/<lang>.ftl` for every language of the site.
pub fn load(root: &Path, settings: &Settings) -> (Strings, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut bundles = BTreeMap::new();
    let mut shown = Vec::new();
    let mut strings_by_language = BTreeMap::new();
    let mut keys: BTreeMap<String, (BTreeSet<String>, PathBuf)> = BTreeMap::new();
    for lang in &settings.languages {
        let relative = PathBuf::from(format!("i18n/{lang}.ftl"));
        let Some(text) = read_strings(root, &relative, lang, &mut diagnostics) else { continue };
        let resource = match FluentResource::try_new(text.clone()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                for error in errors {
                    diagnostics.push(Diagnostic::at(
                        "bad-fluent",
                        &relative,
                        &text,
                        error.slice.clone().unwrap_or(error.pos.clone()),
                        format!("{}", error.kind),
                    ));
                }
                resource
            }
        };
        let names: BTreeSet<String> = resource
            .entries()
            .filter_map(|entry| match entry {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect();
        keys.insert(lang.clone(), (names, relative.clone()));
        shown.extend(shown_numbers(&resource, &relative, lang));
        diagnostics.extend(functions::calls(&resource, &relative));
        strings_by_language
            .insert(lang.clone(), patterns(resource.entries()).into_iter().map(|(name, _)| name).collect());
        let Ok(langid) = lang.parse() else { continue };
        let mut bundle = FluentBundle::new_concurrent(vec![langid]);
        // Isolation marks would show up as stray characters inside HTML attributes.
        bundle.set_use_isolating(false);
        let repeated = repeated_keys(&text);
        for (key, at) in &repeated {
            diagnostics.push(Diagnostic::at(
                "bad-fluent",
                &relative,
                &text,
                *at..*at + key.len(),
                format!("`{key}` is defined twice; the second would silently replace the first"),
            ));
        }
        if let Err(errors) = bundle.add_resource(resource) {
            for error in errors {
                if repeated.is_empty() || !matches!(error, fluent_bundle::FluentError::Overriding { .. }) {
                    diagnostics.push(Diagnostic::file("bad-fluent", &relative, error.to_string()));
                }
            }
        }
        bundles.insert(lang.clone(), bundle);
    }
    diagnostics.extend(missing_keys(&keys, root));
    let mut strings = Strings {
        bundles,
        shown,
        names: strings_by_language,
        plain: rustc_hash::FxHashMap::default(),
        formatted: Default::default(),
        missed: Default::default(),
    };
    strings.plain = strings
        .names
        .iter()
        .map(|(lang, names)| {
            let messages = names.iter().filter(|name| !name.starts_with('-') && !name.contains('.'));
            let plain =
                messages.filter_map(|key| Some((key.clone(), strings.format(lang, key, &[])?))).collect();
            (lang.clone(), plain)
        })
        .collect();
    (strings, diagnostics)
}

/// The text of `relative` (`i18n/LANG.ftl`), or why it cannot be read, as a problem.
fn read_strings(
    root: &Path,
    relative: &Path,
    lang: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<String> {
    match crate::regular::read(&root.join(relative)).map(String::from_utf8) {
        Ok(Ok(text)) => Some(text),
        Ok(Err(error)) => {
            let at = error.utf8_error().valid_up_to();
            let shown = String::from_utf8_lossy(error.as_bytes()).into_owned();
            diagnostics.push(
                Diagnostic::at(
                    "bad-fluent",
                    relative,
                    &shown,
                    at..at + 1,
                    format!("not valid UTF-8 (byte {at})"),
                )
                .note("save the file as UTF-8"),
            );
            None
        }
        Err(e) => {
            diagnostics.push(Diagnostic::file(
                "missing-strings",
                relative,
                format!("cannot read the UI strings of `{lang}`: {e}"),
            ));
            None
        }
    }
}

/// Each message's, attribute's and term's patterns, by name (`key`, `key.attribute`,
/// `-term`).
fn patterns<'a>(
    entries: impl Iterator<Item = &'a fluent_syntax::ast::Entry<&'a str>>,
) -> Vec<(String, &'a fluent_syntax::ast::Pattern<&'a str>)> {
    use fluent_syntax::ast::Entry;
    let mut found = Vec::new();
    for entry in entries {
        let (name, value, attributes) = match entry {
            Entry::Message(m) => (m.id.name.to_string(), m.value.as_ref(), &m.attributes),
            Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
            _ => continue,
        };
        found.extend(value.map(|v| (name.clone(), v)));
        found.extend(attributes.iter().map(|a| (format!("{name}.{}", a.id.name), &a.value)));
    }
    found
}

/// The literal text of a pattern, as byte ranges of `source`: its text and the string and
/// number literals of its placeables, every variant of a select; not a variable, a
/// reference or a function, which are filled in.
fn literal_ranges(
    pattern: &fluent_syntax::ast::Pattern<&str>,
    source: &str,
    out: &mut Vec<std::ops::Range<usize>>,
    escaped: &mut Vec<(usize, String)>,
) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    // The parser's slices are of `source`: where each stands is its distance from its start.
    let slice = |value: &str, out: &mut Vec<std::ops::Range<usize>>| {
        let start = (value.as_ptr() as usize).checked_sub(source.as_ptr() as usize);
        if let Some(start) = start.filter(|s| s + value.len() <= source.len()) {
            out.push(start..start + value.len());
        }
    };
    let mut nested = Vec::new();
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => slice(value, out),
            PatternElement::Placeable { expression } => nested.push(expression),
        }
    }
    while let Some(expression) = nested.pop() {
        let inline = match expression {
            Expression::Inline(inline) => inline,
            Expression::Select { variants, .. } => {
                for variant in variants {
                    literal_ranges(&variant.value, source, out, escaped);
                }
                continue;
            }
        };
        match inline {
            // A string literal with an escape (`{ "\u0035.5 Gbps" }`) shows its decoded text.
            InlineExpression::StringLiteral { value } if value.contains('\\') => {
                let start = (value.as_ptr() as usize).checked_sub(source.as_ptr() as usize);
                if let Some(start) = start.filter(|s| s + value.len() <= source.len()) {
                    escaped.push((
                        start,
                        fluent_syntax::unicode::unescape_unicode_to_string(value).into_owned(),
                    ));
                }
            }
            InlineExpression::StringLiteral { value } | InlineExpression::NumberLiteral { value } => {
                slice(value, out)
            }
            InlineExpression::Placeable { expression } => nested.push(expression),
            _ => {}
        }
    }
}

/// The figure-like numbers of each string of `resource`, the file `path` of `lang`.
fn shown_numbers(resource: &FluentResource, path: &Path, lang: &str) -> Vec<ShownNumber> {
    let source = resource.source();
    let mut found = Vec::new();
    for (name, pattern) in patterns(resource.entries()) {
        let (mut ranges, mut escaped) = (Vec::new(), Vec::new());
        literal_ranges(pattern, source, &mut ranges, &mut escaped);
        let what = format!("the UI string `{name}`");
        let mut numbers = Vec::new();
        if let (Some(start), Some(end)) =
            (ranges.iter().map(|r| r.start).min(), ranges.iter().map(|r| r.end).max())
        {
            let shown = keep_only(&source[..end], ranges);
            numbers.extend(ShownNumber::found_in(path, source, &shown[start..], start, &what));
        }
        for (start, decoded) in &escaped {
            numbers.extend(ShownNumber::found_placed(path, source, decoded, &|_| *start, &what));
        }
        for mut number in numbers {
            number.message = Some((lang.to_string(), name.clone()));
            found.push(number);
        }
    }
    found
}

/// Each message or term defined again after its first definition, with the byte offset of
/// its name.
fn repeated_keys(text: &str) -> Vec<(String, usize)> {
    let mut seen = BTreeSet::new();
    let mut repeated = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let name: String =
            line.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
        let term = line.starts_with('-');
        let defines = !name.is_empty()
            && (term || name.starts_with(|c: char| c.is_ascii_alphabetic()))
            && line[name.len()..].trim_start().starts_with('=');
        if defines && !seen.insert(name.clone()) {
            repeated.push((name, offset));
        }
        offset += line.len();
    }
    repeated
}

fn missing_keys(keys: &BTreeMap<String, (BTreeSet<String>, PathBuf)>, root: &Path) -> Vec<Diagnostic> {
    let all: BTreeSet<&String> = keys.values().flat_map(|(k, _)| k).collect();
    let mut diagnostics = Vec::new();
    for (lang, (names, path)) in keys {
        for key in REQUIRED_KEYS.iter().map(|k| k.to_string()).filter(|k| !names.contains(k)) {
            diagnostics.push(Diagnostic::file(
                "missing-string",
                path,
                format!("`{key}` is missing in `{lang}`; tally needs it"),
            ));
        }
        for key in all.iter().filter(|k| !names.contains(k.as_str()) && !REQUIRED_KEYS.contains(&k.as_str()))
        {
            let (other_lang, other_path) = keys
                .iter()
                .find(|(_, (n, _))| n.contains(key.as_str()))
                .map(|(l, (_, p))| (l.as_str(), p.clone()))
                .unwrap_or(("?", PathBuf::new()));
            let place = find_key_place(root, &other_path, key);
            diagnostics.push(
                Diagnostic::file("missing-string", path, format!("`{key}` is missing in `{lang}`"))
                    .note(format!("`{other_lang}` has it at {place}")),
            );
        }
    }
    diagnostics
}

fn find_key_place(root: &Path, path: &Path, key: &str) -> String {
    let text = crate::regular::read_to_string(&root.join(path)).unwrap_or_default();
    let line =
        text.lines().position(|l| l.split('=').next().is_some_and(|k| k.trim() == key)).map_or(0, |i| i + 1);
    format!("{}:{line}", crate::paths::display_path(path))
}

#[cfg(test)]
mod tests;
