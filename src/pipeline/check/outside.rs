//! Numbers outside page bodies: what the templates, the UI strings, site.yaml's texts,
//! runs.yaml's `build:` and vendor texts and a page's front-matter `build:` show a reader, where no tag can stand. A
//! figure-like number there is an error (`outside-figure`) unless site.yaml declares the
//! words it stands in as text (`text_numbers:`); an entry there that covers no such number
//! is an error too (`bad-setting`), and a UI string must state the numbers its original
//! language's string states (`translation-number`), as a translated page must.
//!
//! Owns those three rules. The numbers are found where each file is read
//! (`shown_numbers::ShownNumber`), once for all builds that read the same files; this reads
//! only what was found, so that a one-page rebuild does no more than a pass over them.

use std::collections::BTreeMap;

use super::super::load::Site;
use super::super::resolve::{PROSE_KEYS, is_model_name, is_version, names_in};
use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::shown_numbers::{CODE, ShownNumber, names_a_build};
use crate::text::is_cjk;

/// Every refused number outside a page body, every unused entry of `text_numbers:`, and
/// every UI string whose numbers differ from its original language's.
pub(super) fn outside_numbers(site: &Site) -> Vec<Diagnostic> {
    let settings = &site.settings;
    let shown = site
        .templates
        .shown_numbers()
        .iter()
        .chain(site.strings.shown_numbers())
        .chain(&settings.shown)
        .chain(site.runs.values().flat_map(|data| data.shown_numbers()))
        .chain(&site.stylesheet_numbers)
        .cloned()
        .chain(site.content.pages.iter().flat_map(|page| front_matter_build(page)))
        .filter(|n| !is_year(n));
    let names = declared_names(site);
    let versions = version_names(site);
    let mut used = vec![false; settings.text_numbers.len()];
    let mut problems = Vec::new();
    let mut strings: BTreeMap<(&str, &str), Vec<Declared>> = BTreeMap::new();
    let shown: Vec<ShownNumber> = shown.collect();
    for number in &shown {
        let allowed_by = settings.text_numbers.iter().position(|entry| covers(entry, number));
        let before = &number.context[..number.at.start];
        let model_shaped = is_model_name(before, &number.value);
        match allowed_by {
            Some(entry) => used[entry] = true,
            // Issue 44: "curl 8.21", "OPNsense 24.7" are versions, not figures.
            None if is_version(before, &number.value, &versions) => {}
            // A site that declares no appliance has no names to hold a count against.
            None if model_shaped && (names.is_empty() || names_declared(&names, number)) => {}
            None if model_shaped => problems.push(name_or_figure(number)),
            None => problems.push(refused(number)),
        }
        if let Some((lang, key)) = &number.message {
            strings
                .entry((lang.as_str(), key.as_str()))
                .or_default()
                .push(Declared { number, declared: allowed_by.is_some() });
        }
    }
    for (entry, unused) in used.iter().zip(&settings.unused_text_numbers) {
        if !entry {
            problems.push(unused.clone());
        }
    }
    problems.extend(string_parity(site, &strings));
    problems
}

/// The figure-like numbers of a page's front-matter `build:` values (the code under test
/// its page shows, when its bundle has no runs.yaml saying so), read as runs.yaml's are,
/// and of the title and summary of a page that is not a measurement (a measurement's must
/// be tagged in its body instead: `front-matter-figure`).
fn front_matter_build(page: &Page) -> Vec<ShownNumber> {
    use crate::yaml::NodeKind;
    let measurement = page.front.kind == crate::content::Kind::Measurement;
    // Asked of every page on every build: a measurement page whose front matter names no
    // `build:` anywhere (most of them) is passed over without taking its front matter apart.
    let front = page.text.get(..page.body_start).unwrap_or(&page.text);
    if measurement && !front.contains("\nbuild:") {
        return Vec::new();
    }
    let Some((yaml, yaml_start, _)) = crate::content::split_front_matter(&page.text) else {
        return Vec::new();
    };
    // Most measurement pages have no `build:`: their front matter is not parsed again.
    if measurement && !yaml.starts_with("build:") && !yaml.contains("\nbuild:") {
        return Vec::new();
    }
    let Ok(root) = crate::yaml::parse_tree(yaml) else { return Vec::new() };
    let NodeKind::Map(entries) = &root.kind else { return Vec::new() };
    let mut found = Vec::new();
    let prose =
        entries.iter().filter(|(key, _)| !measurement && PROSE_KEYS.contains(&key.key_text().as_str()));
    for (key, value) in prose {
        if let (NodeKind::Str(decoded), Some(shown)) = (&value.kind, yaml.get(value.span.clone())) {
            let what = format!("the {} of a page that is not a measurement", key.key_text());
            let offset = yaml_start + value.span.start;
            found.extend(ShownNumber::found_in_yaml(
                &page.source,
                &page.text,
                shown,
                Some(decoded),
                offset,
                &what,
            ));
        }
    }
    for (_, build) in entries.iter().filter(|(key, _)| key.key_text() == "build") {
        let NodeKind::Map(items) = &build.kind else { continue };
        for (name, value) in items {
            let values = match &value.kind {
                NodeKind::Seq(values) => values.iter().collect(),
                _ => vec![value],
            };
            let what = format!("the front matter's `build.{}`", name.key_text());
            for value in
                values.into_iter().filter(|v| matches!(v.kind, NodeKind::Str(_) | NodeKind::Number(_)))
            {
                let Some(shown) = yaml.get(value.span.clone()) else { continue };
                let offset = yaml_start + value.span.start;
                let decoded = match &value.kind {
                    NodeKind::Str(decoded) => Some(decoded.as_str()),
                    _ => None,
                };
                found.extend(
                    ShownNumber::found_in_yaml(&page.source, &page.text, shown, decoded, offset, &what)
                        .into_iter()
                        .filter(|n| !names_a_build(&n.stated)),
                );
            }
        }
    }
    found
}

/// The names the site declares: its appliances' family pages' titles ("XGS 3300") and the
/// tools and builds its runs.yaml files name. A count after a capitalised word there
/// ("the two XGS 3300 appliances") is part of a name.
pub(super) fn declared_names(site: &Site) -> Vec<String> {
    let families = site
        .content
        .pages
        .iter()
        .filter(|page| page.front.kind == crate::content::Kind::Family)
        .map(|page| page.front.title.clone());
    let mut names: Vec<String> = families.collect();
    names.sort();
    names.dedup();
    names
}

/// Names whose versions a page may state (issue 44), beside the built-in list: runs.yaml's
/// `tools:` (`curl`), and the names a version follows in runs.yaml's `build:` values and
/// site.yaml's `text_numbers:` ("OPNsense 24.7" declares `OPNsense`).
pub(super) fn version_names(site: &Site) -> Vec<String> {
    let mut names = Vec::new();
    for data in site.runs.values() {
        names.extend(data.tools().iter().map(|(name, _)| name.clone()));
        for (_, value) in data.code_under_test() {
            names.extend(names_in(&value));
        }
    }
    for entry in &site.settings.text_numbers {
        names.extend(names_in(entry));
    }
    names.sort();
    names.dedup();
    names
}

/// Whether the capitalised word and the count of `number` (`XGS 3300`) stand in a name
/// the site declares.
fn names_declared(names: &[String], number: &ShownNumber) -> bool {
    is_declared(names, &name_said(&number.context, number.at.clone()))
}

/// The capitalised word before the count at `at` of `text` and the count (`XGS 3300`),
/// spaces made single, as a declared name would hold it.
pub(super) fn name_said(text: &str, at: std::ops::Range<usize>) -> String {
    let before = text[..at.start].trim_end();
    let word_start = before.rfind(|c: char| !c.is_alphanumeric()).map_or(0, |i| i + 1);
    text[word_start..at.end].split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether a name the site declares holds `said`.
pub(super) fn is_declared(names: &[String], said: &str) -> bool {
    names.iter().any(|name| name.contains(said))
}

/// A count after a capitalised word that no declared name holds (`TCP 9000 connections`,
/// `Ports 9000 open`): a reader cannot tell a name from a figure, and neither can tally.
fn name_or_figure(number: &ShownNumber) -> Diagnostic {
    let stated = &number.stated;
    let entry = suggested_entry(&number.context, number.at.clone());
    number
        .diagnostic(
            CODE,
            format!("{} states `{entry}`: is `{stated}` part of a name, or a figure? No appliance, tool or build the site declares is called so", number.what),
        )
        .note(format!("if it is a name, declare it in site.yaml: `text_numbers: [{entry:?}]`"))
        .note(format!("if it is a figure, state it tagged in a page (`[{stated}]{{=NAME}}`) and take it out of here"))
}

/// "in 2026", "© 2025", 「2025 年」: a year, written as a year is, names a time rather than
/// stating a figure. A bare four-digit count elsewhere ("2048 requests") is still one, and
/// so is one after "from" or "in" that a noun follows ("from 2048 hosts").
fn is_year(number: &ShownNumber) -> bool {
    let stated = number.stated.as_str();
    let year = stated.len() == 4
        && stated.bytes().all(|b| b.is_ascii_digit())
        && (b"19".as_slice() == &stated.as_bytes()[..2] || b"20".as_slice() == &stated.as_bytes()[..2]);
    if !year {
        return false;
    }
    let before = number.context[..number.at.start].trim_end();
    let word = before.rsplit(|c: char| c.is_whitespace()).next().unwrap_or("");
    let word = word.trim_start_matches(['"', '\'', '“', '「']).to_lowercase();
    let after = number.context[number.at.end..].trim_start();
    let counts_something = after.starts_with(|c: char| c.is_alphabetic() && !is_cjk(c));
    matches!(word.as_str(), "©" | "(c)" | "copyright")
        || (matches!(word.as_str(), "in" | "since" | "from" | "until" | "of") && !counts_something)
        || after.starts_with('年')
}

/// Whether an occurrence of `entry` in the text the number stands in holds the whole number.
fn covers(entry: &str, number: &ShownNumber) -> bool {
    !entry.is_empty()
        && number
            .context
            .match_indices(entry)
            .any(|(at, _)| at <= number.at.start && number.at.end <= at + entry.len())
}

fn refused(number: &ShownNumber) -> Diagnostic {
    let stated = &number.stated;
    let entry = suggested_entry(&number.context, number.at.clone());
    number
        .diagnostic(
            CODE,
            format!("{} states `{stated}`, a figure-like number that nothing checks: text published outside a page body cannot hold a tag", number.what),
        )
        .note(format!("if it is a figure, state it tagged in a page (`[{stated}]{{=NAME}}`) and take it out of here"))
        .note(format!("if it is text (a name, a version, a standard), declare the words it stands in in site.yaml: `text_numbers: [{entry:?}]`"))
}

/// The number with the word before and after it, as an entry of `text_numbers:` that
/// declares this place and not every number written alike.
fn suggested_entry(context: &str, at: std::ops::Range<usize>) -> &str {
    let separator =
        |c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | ';' | '(' | ')' | '[' | ']');
    let word_start = |end: usize| {
        context[..end].char_indices().rev().find(|(_, c)| separator(*c)).map_or(0, |(i, c)| i + c.len_utf8())
    };
    let word_end = |start: usize| context[start..].find(separator).map_or(context.len(), |i| start + i);
    // The number's own word (whatever is glued to it), then one word more on each side.
    let mut start = word_start(at.start);
    if let Some(before) = context[..start].strip_suffix(' ')
        && !before.is_empty()
    {
        start = word_start(before.len());
    }
    let mut end = word_end(at.end);
    if context[end..].starts_with(' ') && end + 1 < context.len() {
        end = word_end(end + 1);
    }
    context[start..end].trim()
}

/// A UI string's number, and whether `text_numbers:` declares it.
struct Declared<'a> {
    number: &'a ShownNumber,
    declared: bool,
}

/// Each number of a UI string that the same string of the original language does not
/// state, or the reverse, at its place. A number not declared is refused already, so it is
/// not reported again, but it still matches its twin in the other language: a message that
/// the other string "does not state" a number it states, only undeclared, misleads.
fn string_parity(site: &Site, strings: &BTreeMap<(&str, &str), Vec<Declared>>) -> Vec<Diagnostic> {
    let original = site.settings.original_language();
    let mut problems = Vec::new();
    let mut unmatched = |ours: &[Declared], theirs: &[Declared], lang: &str, other: &str, key: &str| {
        let mut taken = vec![false; theirs.len()];
        for number in ours.iter().filter(|n| n.declared).map(|n| n.number) {
            let matched = theirs
                .iter()
                .enumerate()
                .position(|(i, t)| !taken[i] && t.number.value.same_as(&number.value));
            match matched {
                Some(i) => taken[i] = true,
                None => problems.push(
                    number
                        .diagnostic(
                            "translation-number",
                            format!("the UI string `{key}` states `{}` in `{lang}`, and its `{other}` string does not", number.stated),
                        )
                        .note(format!(
                            "i18n/{other}.ftl's `{key}` states {}: a translated string states the same numbers as its original",
                            if theirs.is_empty() {
                                "no such number".to_string()
                            } else {
                                theirs
                                    .iter()
                                    .map(|t| format!("`{}` ({})", t.number.stated, t.number.location()))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            }
                        )),
                ),
            }
        }
    };
    for lang in site.settings.languages.iter().filter(|l| *l != original) {
        let keys: std::collections::BTreeSet<&str> = strings
            .keys()
            .filter(|(l, _)| *l == original || *l == lang.as_str())
            .map(|(_, key)| *key)
            .collect();
        for key in keys {
            // A string one language lacks is `missing-string` already.
            if !site.strings.has_string(original, key) || !site.strings.has_string(lang, key) {
                continue;
            }
            let ours = strings.get(&(original, key)).map_or(&[][..], Vec::as_slice);
            let theirs = strings.get(&(lang.as_str(), key)).map_or(&[][..], Vec::as_slice);
            unmatched(ours, theirs, original, lang, key);
            unmatched(theirs, ours, lang, original, key);
        }
    }
    problems
}
