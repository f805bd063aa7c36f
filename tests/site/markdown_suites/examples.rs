//! The examples of a spec file in CommonMark's format (the CommonMark spec, GFM's): each
//! fenced ```` example ```` block's markdown and expected HTML, with its number and section.
//!
//! Owns reading a suite file from `../shared/markdown-suites/`. It does not render or
//! compare (that is `suite`).

use std::path::{Path, PathBuf};

/// One example of a spec file.
#[derive(Debug, Clone)]
pub struct Example {
    /// Numbered from 1 in the file's order, as the spec numbers them.
    pub number: usize,
    /// The heading it stands under.
    pub section: String,
    /// What follows `example` on its fence: `table`, `autolink`, ... in GFM's spec.
    pub extension: String,
    pub markdown: String,
    pub html: String,
}

/// The folder of the suites written outside the project, beside the repository.
pub fn suites_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/markdown-suites")
}

/// Every example of the suite file `relative` (to [`suites_folder`]); panics when it cannot
/// be read, since a suite that is not there is a suite that did not run.
pub fn read(relative: &str) -> Vec<Example> {
    let path = suites_folder().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the suite {} cannot be read: {e}", path.display()));
    parse(&text)
}

const FENCE: &str = "````````````````````````````````";

fn parse(text: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut section = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(heading) = line.strip_prefix('#') {
            section = heading.trim_start_matches('#').trim().to_string();
            continue;
        }
        let Some(extension) = line.strip_prefix(FENCE).and_then(|rest| rest.trim().strip_prefix("example"))
        else {
            continue;
        };
        let (mut markdown, mut html, mut in_html) = (String::new(), String::new(), false);
        for line in lines.by_ref() {
            if line == FENCE {
                break;
            }
            if line == "." && !in_html {
                in_html = true;
                continue;
            }
            let target = if in_html { &mut html } else { &mut markdown };
            target.push_str(line);
            target.push('\n');
        }
        examples.push(Example {
            number: examples.len() + 1,
            section: section.clone(),
            extension: extension.trim().to_string(),
            // The spec shows tabs as arrows.
            markdown: markdown.replace('→', "\t"),
            html: html.replace('→', "\t"),
        });
    }
    examples
}

#[test]
fn reads_the_commonmark_specs_652_examples() {
    let examples = read("spec-0.31.2.txt");
    assert_eq!(examples.len(), 652);
    assert_eq!(examples[0].markdown, "\tfoo\tbaz\t\tbim\n");
    assert_eq!(examples[0].html, "<pre><code>foo\tbaz\t\tbim\n</code></pre>\n");
}
