//! The markdown-cjk-friendly test cases (github.com/tats-u/markdown-cjk-friendly, MIT; read
//! from `../shared/markdown-suites/cjk-friendly/`, never copied here), each paragraph
//! rendered by tally and compared with what the specification's reference plugins render
//! (the markdown-it and micromark snapshots beside the cases).
//!
//! tally's markdown (pulldown-cmark 0.13, CommonMark's flanking rules) renders only some of
//! them as meant. The ones it does not are listed by id (`FILE:LINE` of the case) in
//! [`NOT_YET`]: a case that stops rendering as meant fails the test, and so does a listed
//! case that starts to (take it off the list, so that it is held from then on).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tally::{RenderInputs, render_html};

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

/// What tally renders as meant today: [`MEANT`] of [`CASES`], [`KANA_MEANT`] of
/// [`KANA_CASES`] with kana (pulldown-cmark 0.13.6 has no CJK-friendly emphasis).
const MEANT: usize = 33;
const KANA_MEANT: usize = 10;

/// The cases tally does not yet render as meant, by `FILE:LINE`: 90 of them, emphasis and
/// strike-through CommonMark's flanking rules leave as their delimiters.
const NOT_YET: &[&str] = &[
    "strong.md:1",
    "strong.md:3",
    "strong.md:5",
    "strong.md:7",
    "strong.md:9",
    "strong.md:11",
    "strong.md:13",
    "strong.md:15",
    "strong.md:17",
    "strong.md:21",
    "strong.md:23",
    "strong.md:27",
    "strong.md:29",
    "strong.md:33",
    "strong.md:35",
    "strong.md:39",
    "strong.md:45",
    "strong.md:47",
    "strong.md:53",
    "strong.md:55",
    "strong.md:57",
    "strong.md:59",
    "strong.md:61",
    "strong.md:63",
    "strong.md:65",
    "strong.md:67",
    "strong.md:69",
    "strong.md:71",
    "strong.md:73",
    "strong.md:75",
    "strong.md:77",
    "strong.md:79",
    "strong.md:81",
    "strong.md:83",
    "strong.md:85",
    "strong.md:87",
    "strong.md:89",
    "strong.md:91",
    "strong.md:93",
    "strong.md:95",
    "strong.md:97",
    "strong.md:99",
    "strong.md:101",
    "strong.md:103",
    "strong.md:115",
    "strong.md:117",
    "strong.md:119",
    "strong.md:121",
    "strong.md:125",
    "strong.md:127",
    "strong.md:129",
    "strong.md:131",
    "strong.md:133",
    "strong.md:135",
    "strong.md:137",
    "strong.md:139",
    "strong.md:141",
    "strong.md:143",
    "strong.md:145",
    "strong.md:147",
    "strong.md:149",
    "strong.md:151",
    "strong.md:153",
    "strong.md:155",
    "strong.md:157",
    "strong.md:159",
    "strong.md:161",
    "strong.md:163",
    "strong.md:165",
    "strong.md:167",
    "korean.md:1",
    "korean.md:3",
    "korean.md:5",
    "korean.md:7",
    "korean.md:9",
    "korean.md:11",
    "pseudo-emoji.md:1",
    "pseudo-emoji.md:3",
    "pseudo-emoji.md:5",
    "pseudo-emoji.md:7",
    "pseudo-emoji.md:9",
    "pseudo-emoji.md:11",
    "underscore-cjk-punct.md:5",
    "underscore-cjk-punct.md:7",
    "underscore-cjk-punct.md:9",
    "underscore-cjk-punct.md:11",
    "underscore-cjk-punct.md:13",
    "gfm-strikethrough.md:1",
    "gfm-strikethrough.md:7",
    "gfm-strikethrough.md:15",
];

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
    let failing: Vec<&Outcome> = outcomes.iter().filter(|o| o.rendered != o.meant).collect();
    let regressed: Vec<String> = failing
        .iter()
        .filter(|o| !NOT_YET.contains(&o.id.as_str()))
        .map(|o| format!("{}: {:?}\n  meant    {}\n  rendered {}", o.id, o.markdown, o.meant, o.rendered))
        .collect();
    let now_passing: Vec<&str> =
        NOT_YET.iter().copied().filter(|id| !failing.iter().any(|o| o.id == *id)).collect();
    let kana_meant = outcomes.iter().filter(|o| has_kana(&o.markdown) && o.rendered == o.meant).count();
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
            if comrak::markdown_to_html(&markdown, &options).trim() == html {
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
