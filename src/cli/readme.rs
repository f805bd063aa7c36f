//! README's completion block: one line per appliance with a text bar and its percentage,
//! between `<!-- tally:completion -->` and `<!-- /tally:completion -->`.
//!
//! Owns the block's text and its rewriting. Only this block is ever written; every other
//! byte of README.md stays as it was.

use std::path::Path;

use crate::diagnostics::Diagnostic;

pub(crate) const START: &str = "<!-- tally:completion -->";
pub(crate) const END: &str = "<!-- /tally:completion -->";
const BAR_WIDTH: usize = 20;

/// An appliance's completion as the README states it.
pub(crate) struct CompletionLine<'a> {
    pub title: &'a str,
    /// The family page's source, relative to the site root (so the link works on a forge).
    pub source: &'a str,
    pub percent: f64,
}

/// The block's content (without the markers).
pub(crate) fn block(lines: &[CompletionLine]) -> String {
    let mut out = String::from("\n");
    for line in lines {
        let rounded = line.percent.round().clamp(0.0, 100.0);
        let filled = ((line.percent / 100.0 * BAR_WIDTH as f64).round() as usize).min(BAR_WIDTH);
        let bar = format!("{}{}", "█".repeat(filled), "░".repeat(BAR_WIDTH - filled));
        out.push_str(&format!("- `{bar}` {rounded:.0} % [{}]({})\n", line.title, line.source));
    }
    out
}

/// Why README's block cannot be found, with the place of the marker at fault.
#[derive(Debug)]
pub(crate) struct Problem {
    pub message: String,
    pub at: Option<usize>,
}

impl Problem {
    /// The problem as a diagnostic on README.md, whose text is `readme`.
    pub(crate) fn diagnostic(&self, readme: &str) -> Diagnostic {
        match self.at {
            Some(at) => {
                let marker = if readme[at..].starts_with(END) { END } else { START };
                Diagnostic::at("readme-completion", "README.md", readme, at..at + marker.len(), &self.message)
                    .note(format!(
                        "README holds one completion block: `{START}` and `{END}`, each at the start of a line of its own, in that order; `tally readme` writes between them"
                    ))
            }
            None => Diagnostic::file("readme-completion", "README.md", &self.message),
        }
    }
}

/// README's text with the block replaced by `content`.
pub(crate) fn rewrite(readme: &str, content: &str) -> Result<String, Problem> {
    let (start, end) = markers(readme)?;
    Ok(format!("{}{content}{}", &readme[..start + START.len()], &readme[end..]))
}

/// Where the block's two markers start. A marker counts only where README's reader sees an
/// HTML comment: one inside code (a fenced or indented block, or backticks) is an example of
/// the block that a manual shows, and rewriting it would change the example. README holds
/// one block, its opening marker at the start of a line (not in a blockquote or a list,
/// whose `> ` or indent the block's lines would need too), its closing one at the start of
/// a line or just after the opening one: anything else is refused, not rewritten.
pub(crate) fn markers(readme: &str) -> Result<(usize, usize), Problem> {
    use pulldown_cmark::{Event, Parser};
    let (mut starts, mut ends) = (Vec::new(), Vec::new());
    for (event, range) in Parser::new(readme).into_offset_iter() {
        if !matches!(event, Event::Html(_) | Event::InlineHtml(_)) {
            continue;
        }
        let source = readme.get(range.clone()).unwrap_or("");
        starts.extend(source.match_indices(START).map(|(at, _)| range.start + at));
        ends.extend(source.match_indices(END).map(|(at, _)| range.start + at));
    }
    let problem = |message: String, at: usize| Err(Problem { message, at: Some(at) });
    let line_start = |at: usize| at == 0 || readme[..at].ends_with('\n');
    let (start, end) = match (starts.first(), ends.first()) {
        (None, None) => return Err(Problem { message: missing_markers(), at: None }),
        (Some(&start), None) => {
            return problem(format!("README's completion block has no closing marker `{END}`"), start);
        }
        (None, Some(&end)) => {
            return problem(format!("README's completion block has no opening marker `{START}`"), end);
        }
        (Some(&start), Some(&end)) => (start, end),
    };
    if end < start {
        return problem(
            format!(
                "the closing marker `{END}` comes before the opening one `{START}`: write the opening marker first"
            ),
            end,
        );
    }
    if let Some(&second) = starts.get(1).into_iter().chain(ends.get(1)).min() {
        return problem(
            "a second completion block: README holds one, which `tally readme` fills; remove this one"
                .to_string(),
            second,
        );
    }
    if !line_start(start) {
        return problem(
            format!(
                "the marker `{START}` must stand at the start of a line, not in a blockquote, a list or after text"
            ),
            start,
        );
    }
    if !line_start(end) && end != start + START.len() {
        return problem(
            format!(
                "the marker `{END}` must stand at the start of a line, not in a blockquote, a list or after text"
            ),
            end,
        );
    }
    Ok((start, end))
}

fn missing_markers() -> String {
    format!(
        "README.md has no completion block: put `{START}` and `{END}` on lines of their own where it belongs, then run `tally readme`"
    )
}

/// A site with no README.md: it is one of a site's files, since it holds the completion
/// block, and `tally readme` writes only inside the block, never a README of its own.
pub(crate) fn missing_readme() -> Diagnostic {
    Diagnostic::file(
        "readme-completion",
        "README.md",
        "the site has no README.md, which holds the appliances' completion block",
    )
    .note(format!(
        "create README.md with the two lines `{START}` and `{END}` where the block belongs, then run `tally readme`"
    ))
}

/// Checks that README.md at `root` holds the current block.
pub(crate) fn check(root: &Path, content: &str) -> Option<Diagnostic> {
    let text = match crate::regular::read_to_string(&root.join("README.md")) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Some(missing_readme()),
        Err(e) => {
            return Some(Diagnostic::file(
                "readme-completion",
                "README.md",
                format!("cannot read README.md: {e}"),
            ));
        }
    };
    match rewrite(&text, content) {
        Ok(rewritten) if rewritten == text => None,
        Ok(_) => {
            let at = markers(&text).map_or(0, |(start, _)| start);
            Some(
                Diagnostic::at(
                    "readme-completion",
                    "README.md",
                    &text,
                    at..at + START.len(),
                    "README's completion block is stale",
                )
                .note("run `tally readme` to rewrite it from the family tables"),
            )
        }
        Err(problem) => Some(problem.diagnostic(&text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines() -> Vec<CompletionLine<'static>> {
        vec![CompletionLine { title: "XGS 136", source: "content/families/xgs-136.md", percent: 47.37 }]
    }

    #[test]
    fn the_block_has_a_bar_and_a_rounded_percentage() {
        assert_eq!(
            block(&lines()),
            "\n- `█████████░░░░░░░░░░░` 47 % [XGS 136](content/families/xgs-136.md)\n"
        );
    }

    #[test]
    fn rewriting_keeps_every_other_byte_and_is_idempotent() {
        let readme = format!("# T\r\n\nbefore\n{START}\nold\n{END}\nafter \n");
        let once = rewrite(&readme, &block(&lines())).unwrap();
        assert!(once.starts_with("# T\r\n\nbefore\n"));
        assert!(once.ends_with(&format!("{END}\nafter \n")));
        assert_eq!(rewrite(&once, &block(&lines())).unwrap(), once);
    }

    #[test]
    fn a_readme_without_markers_says_how_to_fix_it() {
        let Err(error) = rewrite("# T\n", "x") else { panic!("no markers, no block") };
        assert!(error.message.contains(START) && error.message.contains("tally readme"), "{}", error.message);
    }

    #[test]
    fn markers_in_code_are_an_example_not_the_block() {
        let readme =
            format!("```\n{START}\nexample\n{END}\n```\n\n    {START}\n\n`{START}`\n\n{START}\nold\n{END}\n");
        let once = rewrite(&readme, "\nnew\n").unwrap();
        assert_eq!(once, readme.replace(&format!("{START}\nold\n"), &format!("{START}\nnew\n")));
        assert!(rewrite(&format!("```\n{START}\n{END}\n```\n"), "x").is_err());
    }
}
