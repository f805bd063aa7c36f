//! Raw blocks: a page shows a raw file's lines verbatim as a console block, so that an
//! author never pastes a tool's output by hand (issue 44). A fenced block whose info string
//! is `raw PATH [N | N-M]` (the path from the page's bundle; the whole file without a
//! range) is rendered as those lines, each numbered and linked to its line on the file's
//! source page (`raw/x.txt.html#L38`). Its body may be empty (filled from the file) or a
//! copy of the lines; a copy that differs, a path that leaves the bundle, a missing file
//! and a range past the file's end are `raw-block` errors.
//!
//! Owns the block's syntax, its check and its HTML. It does not publish the source pages
//! (`pipeline::render::sources`, which asks [`files`] for the files these blocks show), and
//! the block's numbers are code, which coverage never reads (`markdown::scan`).

use std::path::{Component, Path, PathBuf};

use pulldown_cmark_escape::{FmtWriter, escape_href, escape_html};

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::plots::{Block, find_fenced};

/// The first word of a raw block's info string.
pub(crate) const FENCE: &str = "raw";

const CODE: &str = "raw-block";

/// Whether a fenced block's info string asks for a raw file's lines.
pub(crate) fn is_raw_fence(info: &str) -> bool {
    info.split_whitespace().next() == Some(FENCE)
}

/// A raw block's lines, read from its file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawExcerpt {
    /// The file's path from the bundle, with `/` (`raw/x.txt`): its source page's name.
    pub file: String,
    /// The number of the first line shown, from 1.
    pub first: usize,
    pub lines: Vec<String>,
}

/// What a block's info string asks for: the path as written and the lines (from 1, both
/// ends included), or `None` for the whole file.
struct Asked<'a> {
    path: &'a str,
    lines: Option<(usize, usize)>,
}

/// The raw blocks of `page`, in order, whose body starts its text: the body is searched
/// only when it holds the fence's word.
fn blocks(page: &Page) -> Vec<Block> {
    find_fenced(page.body(), page.body_start, FENCE, is_raw_fence)
}

/// The files the page's raw blocks show, as (name from the bundle, path from the bundle):
/// those that stay inside it (a block that leaves it is an error, and shows nothing).
pub(crate) fn files(page: &Page) -> Vec<(String, PathBuf)> {
    blocks(page)
        .iter()
        .filter_map(|block| asked(&block.info).ok())
        .filter_map(|asked| inside(asked.path))
        .map(|relative| (crate::paths::name_inside(&relative), relative))
        .collect()
}

/// The hashes of the files the raw blocks of `page` show, read: a page's HTML and its
/// source pages depend on them, and a memo's key must say so.
pub(crate) fn files_digest(root: &Path, page: &Page) -> Vec<u8> {
    let mut digest = Vec::new();
    let Some(bundle) = &page.bundle else { return digest };
    for (name, relative) in files(page) {
        digest.extend_from_slice(name.as_bytes());
        match crate::regular::read(&root.join(bundle).join(relative)) {
            Ok(bytes) => digest.extend_from_slice(blake3::hash(&bytes).as_bytes()),
            Err(_) => digest.push(b'-'),
        }
    }
    digest
}

/// Every raw block of `page` read from its file under `root`, in order, and an error for
/// each that cannot be shown as it is written. A gzip-compressed file's contents are held
/// to `max_raw_bytes` (site.yaml), as the run data's raw files are.
pub(crate) fn read_blocks(
    root: &Path,
    page: &Page,
    max_raw_bytes: u64,
) -> (Vec<RawExcerpt>, Vec<Diagnostic>) {
    let mut shown = Vec::new();
    let mut problems = Vec::new();
    for block in blocks(page) {
        match read_block(root, page, &block, max_raw_bytes) {
            Ok(lines) => shown.push(lines),
            Err(d) => problems.push(*d),
        }
    }
    (shown, problems)
}

fn read_block(
    root: &Path,
    page: &Page,
    block: &Block,
    max_raw_bytes: u64,
) -> Result<RawExcerpt, Box<Diagnostic>> {
    let info_at = block.range.start..block.range.start + first_line(&page.text[block.range.clone()]);
    let error = |message: String, note: &str| {
        Box::new(
            Diagnostic::at(CODE, &page.source, &page.text, info_at.clone(), message).note(note.to_string()),
        )
    };
    let asked = asked(&block.info).map_err(|m| error(m, "write `raw PATH` or `raw PATH 38-52`: the path from the page's folder, then a line or a range of lines"))?;
    let Some(bundle) = &page.bundle else {
        return Err(error(
            format!("the raw block shows `{}`, but the page has no folder of its own", asked.path),
            "a raw block shows a file of its page's bundle (content/measurements/NAME/): put the page in one as index.md",
        ));
    };
    let Some(relative) = inside(asked.path) else {
        return Err(error(
            format!("the raw block's path `{}` leaves the page's folder", asked.path),
            "copy the file into the page's folder (raw/) and show it from there",
        ));
    };
    let path = root.join(bundle).join(&relative);
    // Checked from the file's size before reading, as the run data's raw files are: a
    // padded or wrong file of gigabytes is refused, not read into memory.
    if let Ok(size) = std::fs::metadata(&path).map(|m| m.len())
        && size > max_raw_bytes
    {
        return Err(error(
            format!(
                "the raw block shows `{}`, which is {size} bytes, more than `max_raw_bytes` ({max_raw_bytes} bytes): not read",
                asked.path
            ),
            "a tool's output is far smaller; raise `max_raw_bytes` in site.yaml if this file is what the tool wrote",
        ));
    }
    let bytes = crate::regular::read(&path).map_err(|e| {
        error(
            format!("the raw block shows `{}`, which cannot be read: {e}", asked.path),
            "put the file the tool wrote at that path beside the page",
        )
    })?;
    let decoded = crate::figures::import::raw_text::decode(&bytes, max_raw_bytes).map_err(|e| {
        error(
            format!(
                "the raw block shows `{}`, which is not text: {} (line {})",
                asked.path, e.message, e.line
            ),
            "show a tool's text output",
        )
    })?;
    let (first, lines) =
        lines_of(&asked, &decoded.text).map_err(|m| error(m, "give a range within the file"))?;
    check_copy(page, block, &asked, first, &lines)?;
    Ok(RawExcerpt { file: crate::paths::name_inside(&relative), first, lines })
}

/// The lines `asked` for of a file's `text`, and the number of the first, or why not.
fn lines_of(asked: &Asked, text: &str) -> Result<(usize, Vec<String>), String> {
    let all: Vec<&str> = text.lines().collect();
    let (first, last) = asked.lines.unwrap_or((1, all.len().max(1)));
    match all.get(first - 1..last) {
        Some(lines) => Ok((first, lines.iter().map(|l| l.to_string()).collect())),
        None => Err(format!(
            "the raw block asks for line {last} of `{}`, which has {} lines",
            asked.path,
            all.len()
        )),
    }
}

/// The fuzz targets' entry: an info string read and a file's text shown by it, as a page's
/// block would be (`fuzzing::raw_block`).
pub(crate) fn show_any(info: &str, text: &str) -> Option<String> {
    let asked = asked(info).ok()?;
    let (first, lines) = lines_of(&asked, text).ok()?;
    Some(html(&RawExcerpt { file: asked.path.to_string(), first, lines }))
}

/// A body that is not empty must be a copy of the lines it shows: an error at its first
/// line that differs (trailing spaces aside, which no reader sees).
fn check_copy(
    page: &Page,
    block: &Block,
    asked: &Asked,
    first: usize,
    lines: &[String],
) -> Result<(), Box<Diagnostic>> {
    if block.text.trim().is_empty() {
        return Ok(());
    }
    let copy: Vec<&str> = block.text.lines().collect();
    let mut at = block.text_start;
    for i in 0..copy.len().max(lines.len()) {
        let (ours, theirs) = (copy.get(i).map(|l| l.trim_end()), lines.get(i).map(|l| l.trim_end()));
        if ours == theirs {
            at += copy.get(i).map_or(0, |l| l.len() + 1);
            continue;
        }
        let number = first + i;
        let place = match ours {
            Some(l) => at..at + l.len().max(1),
            None => at.saturating_sub(1)..at,
        };
        let message = match (ours, theirs) {
            (Some(ours), Some(theirs)) => format!(
                "the raw block's copy of `{}` differs at line {number}: the file has `{theirs}`, the block `{ours}`",
                asked.path
            ),
            (Some(ours), None) => {
                format!("the raw block's copy of `{}` has a line the file does not (`{ours}`)", asked.path)
            }
            (None, Some(theirs)) => {
                format!("the raw block's copy of `{}` stops before line {number} (`{theirs}`)", asked.path)
            }
            (None, None) => continue,
        };
        let place = place.start.min(page.text.len())..place.end.min(page.text.len());
        return Err(Box::new(
            Diagnostic::at(CODE, &page.source, &page.text, place, message)
                .note("leave the block's body empty to show the file's lines, or copy them as they are"),
        ));
    }
    Ok(())
}

/// The length of the first line of `text`.
fn first_line(text: &str) -> usize {
    text.find('\n').unwrap_or(text.len())
}

/// The path and lines of an info string `raw PATH [N | N-M]`.
fn asked(info: &str) -> Result<Asked<'_>, String> {
    let mut words = info.split_whitespace().skip(1);
    let Some(path) = words.next() else { return Err("the raw block names no file".to_string()) };
    let lines = match words.next() {
        None => None,
        Some(range) => {
            let number = |n: &str| n.parse::<usize>().ok().filter(|n| *n > 0);
            let (a, b) = range.split_once(['-', '–']).unwrap_or((range, range));
            match (number(a), number(b)) {
                (Some(a), Some(b)) if a <= b => Some((a, b)),
                _ => {
                    return Err(format!(
                        "the raw block's lines `{range}` are not a line or a range of lines"
                    ));
                }
            }
        }
    };
    if let Some(extra) = words.next() {
        return Err(format!("the raw block's info string has `{extra}` after its lines"));
    }
    Ok(Asked { path, lines })
}

/// `path` as a path inside the bundle, or `None` when it is absolute or climbs out of it.
fn inside(path: &str) -> Option<PathBuf> {
    let path = Path::new(path);
    path.components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        .then(|| path.components().filter(|c| matches!(c, Component::Normal(_))).collect::<PathBuf>())
}

/// A raw block's HTML: a console block whose lines are numbered, each number linking to
/// its line on the file's source page (relative to the page, as the evidence links).
pub(crate) fn html(shown: &RawExcerpt) -> String {
    let mut page = String::new();
    let _ = escape_href(FmtWriter(&mut page), &shown.file);
    page.push_str(".html");
    let last = shown.first + shown.lines.len().saturating_sub(1);
    let mut out = String::with_capacity(shown.lines.iter().map(|l| l.len() + 64).sum::<usize>() + 256);
    out.push_str("<figure class=\"raw-block\"><figcaption><a href=\"");
    out.push_str(&page);
    out.push_str("\">");
    let _ = escape_html(FmtWriter(&mut out), &shown.file);
    out.push_str("</a>");
    if shown.first == last {
        out.push_str(&format!(":{}", shown.first));
    } else {
        out.push_str(&format!(":{}–{last}", shown.first));
    }
    out.push_str("</figcaption><pre class=\"console\"><code>");
    for (i, line) in shown.lines.iter().enumerate() {
        let number = shown.first + i;
        out.push_str(&format!("<a class=\"line-number\" href=\"{page}#L{number}\">{number}</a>"));
        let _ = escape_html(FmtWriter(&mut out), line);
        out.push('\n');
    }
    out.push_str("</code></pre></figure>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_info_string_names_a_path_and_a_line_or_a_range() {
        let a = asked("raw raw/x.txt 38-52").unwrap();
        assert_eq!((a.path, a.lines), ("raw/x.txt", Some((38, 52))));
        assert_eq!(asked("raw raw/x.txt 7").unwrap().lines, Some((7, 7)));
        assert_eq!(asked("raw raw/x.txt").unwrap().lines, None);
        assert!(asked("raw").is_err());
        assert!(asked("raw x.txt 9-3").is_err());
        assert!(asked("raw x.txt 0").is_err());
        assert!(asked("raw x.txt 1-2 more").is_err());
    }

    #[test]
    fn a_path_that_leaves_the_bundle_is_not_inside_it() {
        assert_eq!(inside("raw/x.txt"), Some(PathBuf::from("raw/x.txt")));
        assert_eq!(inside("./raw/x.txt"), Some(PathBuf::from("raw/x.txt")));
        assert_eq!(inside("../other/raw/t.txt"), None);
        assert_eq!(inside("/etc/passwd"), None);
    }

    #[test]
    fn each_line_links_to_its_line_on_the_source_page_and_is_escaped() {
        let shown =
            RawExcerpt { file: "raw/x.txt".into(), first: 38, lines: vec!["a <b>".into(), "c".into()] };
        assert_eq!(
            html(&shown),
            "<figure class=\"raw-block\"><figcaption><a href=\"raw/x.txt.html\">raw/x.txt</a>:38–39</figcaption>\
             <pre class=\"console\"><code><a class=\"line-number\" href=\"raw/x.txt.html#L38\">38</a>a &lt;b&gt;\n\
             <a class=\"line-number\" href=\"raw/x.txt.html#L39\">39</a>c\n</code></pre></figure>\n"
        );
    }
}
