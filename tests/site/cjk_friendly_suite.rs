//! The markdown-cjk-friendly test cases (github.com/tats-u/markdown-cjk-friendly, MIT; read
//! from `../shared/markdown-suites/cjk-friendly/`, never copied here), each paragraph
//! rendered by tally and compared with what the specification's reference plugins render
//! (the markdown-it and micromark snapshots beside the cases), both read by CommonMark's own
//! normaliser (`markdown_suites/normalise.rs`): markdown-it writes `"` in text as `&quot;`,
//! pulldown-cmark as `"`, which is the same text.
//!
//! tally renders every one of them as meant. A case it does not would be listed by id
//! (`FILE:LINE` of the case) in [`NOT_YET`]: a case that stops rendering as meant fails the
//! test, and so does a listed case that starts to (take it off the list, so that it is held
//! from then on).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tally::{RenderInputs, render_html};

// CommonMark's normaliser, shared with the markdown suites.
use super::markdown_suites::normalise;

/// Which snapshot holds which file's cases, by the snapshot's name.
const FILES: &[(&str, &str, &str)] = &[
    ("strong.md", "markdownIt.spec.ts.snap", "** around Kana/Han is converted to <strong> 1"),
    ("korean.md", "markdownIt.spec.ts.snap", "** around Korean is converted to <strong> 1"),
    (
        "pseudo-emoji.md",
        "markdownIt.spec.ts.snap",
        "** around pseudo-emoji (CJK symbols that are also unqualified-emoji) is converted to <strong> 1",
    ),
    ("non-bmp.md", "markdownIt.spec.ts.snap", "recognizes non-BMP punctuation and symbols 1"),
    ("underscore-cjk-punct.md", "markdownIt.spec.ts.snap", "process underscores around CJK punctuation 1"),
    ("gfm-strikethrough.md", "micromarkStrikethrough.spec.ts.snap", "Compatible with CJK 1"),
];

/// How many cases there are, and how many hold kana (the measure: at least 46 of
/// those 48 are to render as meant).
const CASES: usize = 123;
const KANA_CASES: usize = 48;

/// What tally renders as meant: [`MEANT`] of [`CASES`], [`KANA_MEANT`] of [`KANA_CASES`]
/// with kana. pulldown-cmark 0.13.6 alone rendered 33 and 10 (CommonMark's flanking rules);
/// tally takes emphasis beside Japanese and Korean text from comrak's
/// `cjk_friendly_emphasis` (src/markdown/cjk/emphasis.rs).
const MEANT: usize = 123;
const KANA_MEANT: usize = 48;

/// The cases tally does not yet render as meant, by `FILE:LINE`: none.
const NOT_YET: &[&str] = &[];

fn suite() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/markdown-suites/cjk-friendly")
}

fn read(name: &str) -> String {
    let path = suite().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The paragraphs of a case file, each with its 1-based line.
fn cases(text: &str) -> Vec<(usize, String)> {
    let mut cases = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            cases.extend(current.take());
            continue;
        }
        match &mut current {
            Some((_, paragraph)) => {
                paragraph.push('\n');
                paragraph.push_str(line);
            }
            None => current = Some((index + 1, line.to_string())),
        }
    }
    cases.extend(current);
    cases
}

/// The HTML a snapshot gives, one paragraph a line: vitest writes it as a JavaScript
/// template literal holding a JSON-like string, with `` ` `` and `\` escaped.
fn snapshot(file: &str, name: &str) -> Vec<String> {
    let text = read(file);
    // Each is named `exports[`SUITE > NAME`]`.
    let start = format!(" > {name}`] = `\n\"");
    let at = text.find(&start).unwrap_or_else(|| panic!("{file} has no snapshot `{name}`")) + start.len();
    let end = text[at..].find("\"\n`;").unwrap_or_else(|| panic!("{file}: `{name}` does not end")) + at;
    let mut html = String::new();
    let mut chars = text[at..end].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => html.extend(chars.next()),
            c => html.push(c),
        }
    }
    html.lines().map(str::to_string).collect()
}

fn render(markdown: &str) -> String {
    let links = BTreeMap::new();
    render_html(markdown, 0, &RenderInputs { links: &links, claims: &[] }).trim().to_string()
}

/// Whether `rendered` is the HTML `meant`, as CommonMark's normaliser reads both.
fn same_html(rendered: &str, meant: &str) -> bool {
    normalise::normalise(rendered) == normalise::normalise(meant)
}

fn has_kana(text: &str) -> bool {
    text.chars().any(|c| matches!(c as u32, 0x3040..=0x30FF | 0x31F0..=0x31FF | 0x1B000..=0x1B16F))
}

struct Outcome {
    id: String,
    markdown: String,
    meant: String,
    rendered: String,
}

fn outcomes() -> Vec<Outcome> {
    let mut all = Vec::new();
    for (file, snap, name) in FILES {
        let cases = cases(&read(file));
        let meant = snapshot(snap, name);
        assert_eq!(
            cases.len(),
            meant.len(),
            "{file}: {} cases, {} in its snapshot",
            cases.len(),
            meant.len()
        );
        for ((line, markdown), meant) in cases.into_iter().zip(meant) {
            all.push(Outcome { id: format!("{file}:{line}"), rendered: render(&markdown), markdown, meant });
        }
    }
    all
}

#[test]
fn cjk_friendly_cases_render_as_meant_no_fewer_than_recorded() {
    let outcomes = outcomes();
    assert_eq!(outcomes.len(), CASES);
    let kana = outcomes.iter().filter(|o| has_kana(&o.markdown)).count();
    assert_eq!(kana, KANA_CASES);
    let failing: Vec<&Outcome> = outcomes.iter().filter(|o| !same_html(&o.rendered, &o.meant)).collect();
    let regressed: Vec<String> = failing
        .iter()
        .filter(|o| !NOT_YET.contains(&o.id.as_str()))
        .map(|o| format!("{}: {:?}\n  meant    {}\n  rendered {}", o.id, o.markdown, o.meant, o.rendered))
        .collect();
    let now_passing: Vec<&str> =
        NOT_YET.iter().copied().filter(|id| !failing.iter().any(|o| o.id == *id)).collect();
    let kana_meant =
        outcomes.iter().filter(|o| has_kana(&o.markdown) && same_html(&o.rendered, &o.meant)).count();
    eprintln!(
        "cjk-friendly: {} of {CASES} cases render as meant, {kana_meant} of {KANA_CASES} with kana",
        CASES - failing.len()
    );
    assert!(
        regressed.is_empty(),
        "{} case(s) no longer render as meant:\n{}",
        regressed.len(),
        regressed.join("\n")
    );
    assert!(now_passing.is_empty(), "now rendered as meant, take them off NOT_YET: {now_passing:?}");
    assert_eq!((CASES - failing.len(), kana_meant), (MEANT, KANA_MEANT));
}

/// The figures that decide the parser next round (issue 26): comrak 0.59 with its
/// `cjk_friendly_emphasis`, on the same cases, with tally's extensions on. Rendered as
/// meant: [`COMRAK_MEANT`] of [`CASES`], [`COMRAK_KANA_MEANT`] of [`KANA_CASES`] with kana.
const COMRAK_MEANT: usize = 123;
const COMRAK_KANA_MEANT: usize = 48;

fn comrak_options() -> comrak::Options<'static> {
    let mut options = comrak::Options::default();
    options.extension.strikethrough = true;
    options.extension.table = true;
    options.extension.footnotes = true;
    options.extension.cjk_friendly_emphasis = true;
    options.render.r#unsafe = true;
    options
}

#[test]
fn comrak_with_cjk_friendly_emphasis_renders_the_recorded_number_of_cases() {
    let options = comrak_options();
    let mut meant = 0;
    let mut kana_meant = 0;
    let mut missed = Vec::new();
    for (file, snap, name) in FILES {
        for ((line, markdown), html) in cases(&read(file)).into_iter().zip(snapshot(snap, name)) {
            if same_html(comrak::markdown_to_html(&markdown, &options).trim(), &html) {
                meant += 1;
                kana_meant += usize::from(has_kana(&markdown));
            } else {
                missed.push(format!("{file}:{line}"));
            }
        }
    }
    eprintln!(
        "comrak 0.59: {meant} of {CASES} as meant, {kana_meant} of {KANA_CASES} with kana; missed {missed:?}"
    );
    assert_eq!((meant, kana_meant), (COMRAK_MEANT, COMRAK_KANA_MEANT), "missed {missed:?}");
}
