//! Published figures: what an earlier publication of the site stated, and the check that
//! none of it changed or went away unseen (`tally check --against`).
//!
//! Owns reading a published `figures.json` (the file itself, or the folder of a built site
//! that holds it; the file's formats are [`super::listing`]'s), the place of each figure in
//! its page ([`PageLines`]), and [`compare`]: a value a page published may change only when the
//! old value is struck beside the new one, and a figure a page published may not disappear
//! from it.
//!
//! A first publication has nothing to compare with. A path that holds no figures.json is
//! refused rather than read as "nothing published", so that a mistyped path cannot pass for
//! a first publication; whether anything is published yet is for the caller to know
//! (`scripts/publish-check.sh` asks the live site).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::ClaimRecord;
use crate::diagnostics::{Diagnostic, offset_of};
use crate::number::same_value;

/// The file every build writes into the site, one stated figure a line.
pub(crate) const FIGURES_FILE: &str = "figures.json";

pub(crate) use super::place::PageLines;

/// How figures.json records where each figure stands, made as pages finish (the pipeline
/// names it here).
pub(crate) use super::listing::FigurePlaces;

/// The figures a site published, and the file they were read from.
#[derive(Debug)]
pub(crate) struct Published {
    pub file: PathBuf,
    pub figures: Vec<ClaimRecord>,
}

/// Reads what a site published: `path` is a figures.json, or the folder of a built site
/// (a previous `site/`) that holds one. An error says why it could not be read; a path
/// with no figures.json is one, since it cannot tell a first publication from a typo.
pub(crate) fn read(path: &Path) -> Result<Published, String> {
    let file = if path.is_dir() { path.join(FIGURES_FILE) } else { path.to_path_buf() };
    let first = "a first publication has nothing to compare with: check without --against";
    let bytes = match crate::regular::read(&file) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && path.is_dir() => {
            return Err(format!("{} holds no {FIGURES_FILE} ({first})", path.display()));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!("{} does not exist ({first})", path.display()));
        }
        Err(e) => return Err(format!("cannot read {}: {e}", file.display())),
    };
    let figures = parse(&file, &bytes)?;
    Ok(Published { file, figures })
}

/// The figures of `bytes`, read from `file`: either format, each at its place; an error
/// says where `file` goes wrong, at its line and column (in characters).
pub(super) fn parse(file: &Path, bytes: &[u8]) -> Result<Vec<ClaimRecord>, String> {
    super::listing::parse(bytes).map_err(|e| {
        let what = e.to_string();
        let what = what.split(" at line ").next().unwrap_or_default();
        let col = char_column(bytes, e.line(), e.column());
        format!("{}:{}:{col}: not a {FIGURES_FILE}: {what}", file.display(), e.line())
    })
}

/// serde_json's column of `line` (in bytes) as diagnostics count it, in characters.
fn char_column(bytes: &[u8], line: usize, column: usize) -> usize {
    let start = match line {
        0 | 1 => 0,
        _ => bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').nth(line - 2).map_or(0, |(at, _)| at + 1),
    };
    // serde_json counts the bytes up to the one it stopped at; a character cut counts as one.
    let end = start.saturating_add(column).min(bytes.len());
    String::from_utf8_lossy(bytes.get(start..end).unwrap_or_default()).chars().count().max(1)
}

/// Compares the figures the site states now with those it published: each published value
/// must still be stated on its page, in its language, under its name, or be struck there
/// beside its correction. Pages are read from under `root` to show where each problem is.
pub(crate) fn compare(published: &Published, now: &[ClaimRecord], root: &Path) -> Vec<Diagnostic> {
    // A published page's path comes from outside this checkout: only a plain relative
    // path is read, so that no file outside the site is shown.
    let read_page = |page: &str| {
        let inside = Path::new(page).components().all(|c| matches!(c, std::path::Component::Normal(_)));
        inside.then(|| crate::regular::read_to_string(&root.join(page)).ok()).flatten()
    };
    compare_with(&published.figures, now, &read_page, &published.file.display().to_string())
}

/// A figure's page, language and name: what a published figure is looked up by.
type PublishedKey<'a> = (&'a str, &'a str, &'a str);

fn key(record: &ClaimRecord) -> PublishedKey<'_> {
    (&record.page, &record.lang, &record.name)
}

fn compare_with(
    published: &[ClaimRecord],
    now: &[ClaimRecord],
    read_page: &dyn Fn(&str) -> Option<String>,
    against: &str,
) -> Vec<Diagnostic> {
    let mut current: BTreeMap<PublishedKey, Vec<&ClaimRecord>> = BTreeMap::new();
    for record in now {
        current.entry(key(record)).or_default().push(record);
    }
    let mut pages: BTreeMap<&str, Option<String>> = BTreeMap::new();
    let mut reported: BTreeSet<(PublishedKey, usize, usize, &str)> = BTreeSet::new();
    let mut problems = Vec::new();
    for old in published {
        let stated = current.get(&key(old)).map(Vec::as_slice).unwrap_or_default();
        let kept = |r: &&ClaimRecord| {
            same_value(&r.stated, &old.stated) || r.struck.iter().any(|s| same_value(s, &old.stated))
        };
        if stated.iter().any(kept) {
            continue;
        }
        let text = pages.entry(&old.page).or_insert_with(|| read_page(&old.page)).as_deref();
        match nearest(stated, old.line) {
            Some(new) if reported.insert((key(old), new.line, new.col, old.stated.trim())) => {
                problems.push(changed(old, new, text, against));
            }
            None if reported.insert((key(old), 0, 0, old.stated.trim())) => {
                problems.push(disappeared(old, text, against));
            }
            _ => {}
        }
    }
    problems
}

/// Of a figure's statements on a page, the one nearest to `line` (the first when the line is
/// not known).
fn nearest<'a>(stated: &[&'a ClaimRecord], line: usize) -> Option<&'a ClaimRecord> {
    stated.iter().copied().min_by_key(|r| if line == 0 { 0 } else { r.line.abs_diff(line) })
}

fn changed(old: &ClaimRecord, new: &ClaimRecord, text: Option<&str>, against: &str) -> Diagnostic {
    let message = format!(
        "`{}` was published as `{}` and now reads `{}` without the old value struck",
        old.name, old.stated, new.stated
    );
    at_statement("figure-silently-changed", new, text, message)
        .note(format!("published in {against}{}", where_it_stood(old)))
        .note(format!(
            "strike it beside the correction, [~~{}~~ {}]{{{}}}, and list the old value in runs.yaml: withdrawn: [{{value: \"{}\", on: YYYY-MM-DD, why: \"...\"}}]",
            old.stated,
            new.stated,
            tag(old),
            old.stated
        ))
}

fn disappeared(old: &ClaimRecord, text: Option<&str>, against: &str) -> Diagnostic {
    let message = format!(
        "`{}` was published on this page as `{}`{} and is no longer stated{}",
        old.name,
        old.stated,
        if old.line > 0 { format!(" (line {})", old.line) } else { String::new() },
        if text.is_none() { ": the page is gone" } else { "" }
    );
    let d = match text {
        Some(text) => {
            // Where it stood, if the page still has that line; the page's start otherwise.
            let line = if (1..=text.lines().count()).contains(&old.line) { old.line } else { 1 };
            let at = offset_of(text, line, 1);
            Diagnostic::at("figure-disappeared", &old.page, text, at..at, message)
        }
        None => Diagnostic::file("figure-disappeared", &old.page, message),
    };
    d.note(format!("published in {against}{}", where_it_stood(old))).note(format!(
        "a published figure stays on its page: state it again, or strike it beside its correction, [~~{}~~ NEW]{{{}}}, and list the old value in runs.yaml: withdrawn: [{{value: \"{}\", on: YYYY-MM-DD, why: \"...\"}}]",
        old.stated,
        tag(old),
        old.stated
    ))
}

/// A problem at a figure's statement: its text underlined when the page still reads so.
fn at_statement(code: &'static str, record: &ClaimRecord, text: Option<&str>, message: String) -> Diagnostic {
    match text {
        Some(text) if record.line > 0 => {
            let start = offset_of(text, record.line, record.col);
            let reads = text.get(start..).is_some_and(|rest| rest.starts_with(&record.stated));
            let end = if reads { start + record.stated.len() } else { start };
            Diagnostic::at(code, &record.page, text, start..end, message)
        }
        _ => {
            Diagnostic { line: record.line, col: record.col, ..Diagnostic::file(code, &record.page, message) }
        }
    }
}

fn where_it_stood(old: &ClaimRecord) -> String {
    match (old.line, old.col) {
        (0, _) => String::new(),
        (line, col) => format!(", where it stood at line {line}, column {col}"),
    }
}

fn tag(record: &ClaimRecord) -> String {
    if record.vendor { format!("vendor={}", record.name) } else { format!("={}", record.name) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "content/m/index.md";

    fn record(name: &str, stated: &str, line: usize, col: usize) -> ClaimRecord {
        ClaimRecord {
            page: PAGE.to_string(),
            lang: "en".to_string(),
            line,
            col,
            name: name.to_string(),
            stated: stated.to_string(),
            struck: Vec::new(),
            computed: None,
            unit: String::new(),
            formula: String::new(),
            inputs: Vec::new(),
            vendor: false,
        }
    }

    /// Compares with PAGE reading `text` (or gone, when `None`).
    fn check(published: &[ClaimRecord], now: &[ClaimRecord], text: Option<&str>) -> Vec<Diagnostic> {
        let read_page = |page: &str| if page == PAGE { text.map(str::to_string) } else { None };
        compare_with(published, now, &read_page, "old/figures.json")
    }

    #[test]
    fn a_figure_stated_as_published_passes_wherever_it_moved() {
        let old = [record("a", "9,000", 3, 5)];
        assert_eq!(check(&old, &[record("a", "9000", 30, 1)], Some("x")), []);
    }

    #[test]
    fn a_changed_value_is_an_error_at_the_new_statement() {
        let text = "---\ntitle: T\n---\n\nthe host received [9,481]{=a} frames\n";
        let old = [record("a", "9,000", 5, 20)];
        let problems = check(&old, &[record("a", "9,481", 5, 20)], Some(text));
        assert_eq!(problems.len(), 1, "{problems:#?}");
        let d = &problems[0];
        assert_eq!((d.code, d.path.to_str(), d.line, d.col), ("figure-silently-changed", Some(PAGE), 5, 20));
        assert_eq!(d.highlight, 19..24, "the new value is underlined");
        assert!(d.message.contains("published as `9,000` and now reads `9,481`"), "{}", d.message);
        assert!(
            d.notes[0].contains("old/figures.json, where it stood at line 5, column 20"),
            "{:?}",
            d.notes
        );
        assert!(d.notes[1].contains("[~~9,000~~ 9,481]{=a}"), "{:?}", d.notes);
    }

    #[test]
    fn a_changed_value_struck_beside_its_correction_passes() {
        let mut new = record("a", "9,481", 5, 20);
        new.struck = vec!["9,000".to_string()];
        assert_eq!(check(&[record("a", "9,000", 5, 20)], &[new], Some("x")), []);
    }

    #[test]
    fn each_changed_statement_is_named_once() {
        let text = "a [2]{=a}\n\nb [2]{=a}\n";
        let old = [record("a", "1", 1, 4), record("a", "1", 3, 4), record("a", "1", 3, 4)];
        let problems = check(&old, &[record("a", "2", 1, 4), record("a", "2", 3, 4)], Some(text));
        let lines: Vec<usize> = problems.iter().map(|d| d.line).collect();
        assert_eq!(lines, [1, 3], "{problems:#?}");
    }

    #[test]
    fn a_figure_no_longer_stated_is_an_error_where_it_stood_naming_its_old_value_and_line() {
        let text = "one\ntwo\nthree, where [225]{=b} stood\n";
        let problems = check(
            &[record("b", "225", 3, 14), record("c", "7", 3, 1)],
            &[record("c", "7", 3, 1)],
            Some(text),
        );
        assert_eq!(problems.len(), 1, "{problems:#?}");
        let d = &problems[0];
        assert_eq!((d.code, d.line, d.col), ("figure-disappeared", 3, 1));
        assert!(
            d.message.contains("published on this page as `225` (line 3) and is no longer stated"),
            "{}",
            d.message
        );
    }

    #[test]
    fn a_figure_whose_line_is_gone_is_placed_at_the_start_of_its_page() {
        let problems = check(&[record("b", "225", 40, 3)], &[], Some("short\npage\n"));
        assert_eq!((problems[0].line, problems[0].col), (1, 1), "{problems:#?}");
        assert!(problems[0].message.contains("(line 40)"), "{}", problems[0].message);
    }

    #[test]
    fn a_figure_whose_page_is_gone_names_the_page() {
        let problems = check(&[record("b", "225", 3, 14)], &[], None);
        assert_eq!(problems.len(), 1);
        let d = &problems[0];
        assert_eq!((d.code, d.path.to_str(), d.line), ("figure-disappeared", Some(PAGE), 0));
        assert!(d.message.ends_with("the page is gone"), "{}", d.message);
    }

    #[test]
    fn a_figure_of_another_language_or_page_does_not_count() {
        let mut other_language = record("a", "9,000", 1, 1);
        other_language.lang = "ja".to_string();
        let problems = check(&[record("a", "9,000", 1, 1)], &[other_language], Some("x\n"));
        assert_eq!(problems[0].code, "figure-disappeared", "{problems:#?}");
    }

    #[test]
    fn a_published_figure_without_a_place_is_still_compared() {
        // figures.json written before tally recorded places: no line, no column.
        let problems = check(&[record("a", "1", 0, 0)], &[record("a", "2", 2, 3)], Some("x\ny [2]{=a}\n"));
        assert_eq!((problems[0].line, problems[0].col), (2, 3), "{problems:#?}");
        assert!(!problems[0].notes[0].contains("where it stood"), "{:?}", problems[0].notes);
    }

    #[test]
    fn a_published_page_outside_the_site_is_never_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("secret.md"), "a secret line\n").unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir(&root).unwrap();
        let mut old = record("a", "1", 1, 1);
        old.page = "../secret.md".to_string();
        let published = Published { file: PathBuf::from("old/figures.json"), figures: vec![old] };
        let problems = compare(&published, &[], &root);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].source_line, None, "{problems:#?}");
        assert!(problems[0].message.ends_with("the page is gone"), "{}", problems[0].message);
    }

    #[test]
    fn read_takes_a_figures_json_or_the_folder_of_a_site_that_holds_one() {
        let dir = tempfile::tempdir().unwrap();
        let listing = format!(
            "{{\"generator\": \"tally\",\n\"figures\": [\n{}\n]}}\n",
            serde_json::json!({
                "page": PAGE, "lang": "en", "name": "a", "stated": "1", "computed": 1.0,
                "unit": "", "formula": "a", "inputs": []
            })
        );
        std::fs::write(dir.path().join(FIGURES_FILE), listing).unwrap();
        let from_folder = read(dir.path()).unwrap();
        assert_eq!(from_folder.file, dir.path().join(FIGURES_FILE));
        assert_eq!(from_folder.figures.len(), 1);
        assert_eq!((from_folder.figures[0].line, from_folder.figures[0].col), (0, 0));
        assert_eq!(read(&dir.path().join(FIGURES_FILE)).unwrap().figures, from_folder.figures);
    }

    use super::super::listing::{written, written_in_format_1};

    #[test]
    fn places_are_written_after_the_figures_one_page_a_line_and_read_back_onto_them() {
        let mut other = record("b", "2", 7, 1);
        other.page = "content/other.md".to_string();
        let records = [record("a", "1", 3, 5), record("a", "1", 9, 2), record("c", "3", 9, 20), other];
        let text = written(&records);
        assert!(text.ends_with("],\n\"places\": {\n\"content/m/index.md\": [[3,5],[9,2,20]],\n\"content/other.md\": [[7,1]]\n}}\n"), "{text}");
        let figures = text.lines().filter(|line| line.starts_with('['));
        assert!(figures.clone().all(|line| !line.contains("3,5") && !line.contains("9,2")), "{text}");
        assert_eq!(figures.count(), 4, "{text}");
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FIGURES_FILE), &text).unwrap();
        assert_eq!(read(dir.path()).unwrap().figures, records);
    }

    /// `records` published in figures.json as `text`, read back from a file.
    fn published(text: &str) -> (tempfile::TempDir, Published) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FIGURES_FILE), text).unwrap();
        let published = read(dir.path()).unwrap();
        (dir, published)
    }

    #[test]
    fn a_value_changed_since_either_format_was_published_is_caught_where_it_stood() {
        let text = "---\ntitle: T\n---\n\nthe host received [9,481]{=a} frames, [7]{=b} runs\n";
        let old = [record("a", "9,000", 5, 19), record("b", "7", 5, 37)];
        let now = [record("a", "9,481", 5, 19), record("b", "7", 5, 37)];
        for listing in [written(&old), written_in_format_1(&old)] {
            let (_dir, published) = published(&listing);
            assert_eq!(published.figures, old);
            let read_page = |page: &str| (page == PAGE).then(|| text.to_string());
            let problems = compare_with(&published.figures, &now, &read_page, "old/figures.json");
            assert_eq!(problems.len(), 1, "{listing}: {problems:#?}");
            let d = &problems[0];
            assert_eq!((d.code, d.line, d.col), ("figure-silently-changed", 5, 19), "{listing}");
            assert!(d.message.contains("published as `9,000` and now reads `9,481`"), "{}", d.message);
            assert!(d.notes[0].ends_with("where it stood at line 5, column 19"), "{:?}", d.notes);
            // Struck beside its correction, it passes.
            let mut struck = now.clone();
            struck[0].struck = vec!["9,000".to_string()];
            assert_eq!(compare_with(&published.figures, &struck, &read_page, "old/figures.json"), []);
        }
    }

    #[test]
    fn places_that_do_not_match_the_figures_one_for_one_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(FIGURES_FILE);
        let text = written(&[record("a", "1", 3, 5), record("a", "2", 4, 5)]);
        for broken in
            [text.replace("[[3,5],[4,5]]", "[[3,5]]"), text.replace("[[3,5],[4,5]]", "[[3,5],[4,5],[6,1]]")]
        {
            std::fs::write(&file, broken).unwrap();
            let error = read(&file).unwrap_err();
            assert!(
                error.contains("places it lists for content/m/index.md are not one for each of its figures"),
                "{error}"
            );
            let line = text.lines().position(|l| l.starts_with("\"content/m/index.md\"")).unwrap() + 1;
            assert!(error.starts_with(&format!("{}:{line}:", file.display())), "{error}");
        }
    }

    #[test]
    fn read_refuses_a_path_with_no_figures_json_saying_what_a_first_publication_does() {
        let dir = tempfile::tempdir().unwrap();
        let empty = read(dir.path()).unwrap_err();
        assert!(empty.contains("holds no figures.json"), "{empty}");
        assert!(empty.contains("check without --against"), "{empty}");
        let missing = read(&dir.path().join("site")).unwrap_err();
        assert!(missing.contains("does not exist"), "{missing}");
    }

    #[test]
    fn read_names_the_place_where_a_figures_json_goes_wrong() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(FIGURES_FILE);
        std::fs::write(&file, "{\"figures\": [\n{\"page\": 3}\n]}").unwrap();
        let error = read(&file).unwrap_err();
        assert!(error.starts_with(&format!("{}:2:", file.display())), "{error}");
        assert!(error.contains("not a figures.json: invalid type"), "{error}");
        assert!(!error.contains(" at line "), "{error}");
        // The column counts characters, as every diagnostic does.
        std::fs::write(&file, "{\"figures\": [\n{\"page\": \"測定\", 3}\n]}").unwrap();
        let error = read(&file).unwrap_err();
        assert!(error.starts_with(&format!("{}:2:16: not a figures.json", file.display())), "{error}");
    }
}
