//! Running a suite: every example made a page of one fixture site, checked and built by the
//! `tally` binary, each page's body compared with the spec's HTML after [`normalise`].
//!
//! An example tally refuses (an error at its place: a link to a file the site lacks) is
//! rendered by the library's page-body renderer instead, which is what the page would
//! publish once its author fixed the link: behind the error it must still render as the
//! spec says. Owns the site, the runs and the tally of results; the suites' own lists of
//! what differs by design live with each suite.

use std::collections::{BTreeMap, BTreeSet};

use super::common::Site;
use super::examples::Example;
use super::normalise::normalise;

/// An example that differs from the spec by tally's design, and why.
pub struct ByDesign {
    pub number: usize,
    /// The codes of the errors tally gives on it; empty when it builds.
    pub refused_with: &'static [&'static str],
    /// Whether its HTML, behind any refusal, still renders as the spec says.
    pub renders_as_spec: bool,
    pub reason: &'static str,
}

/// An example tally refuses by design (an error at its place) and that renders as the spec
/// says behind the error.
pub const fn refused(number: usize, refused_with: &'static [&'static str], reason: &'static str) -> ByDesign {
    ByDesign { number, refused_with, renders_as_spec: true, reason }
}

/// An example tally builds and renders otherwise than the spec by design.
pub const fn differs(number: usize, reason: &'static str) -> ByDesign {
    ByDesign { number, refused_with: &[], renders_as_spec: false, reason }
}

/// What became of one example.
#[derive(Debug, Default)]
struct Outcome {
    refused_with: BTreeSet<String>,
    first_message: String,
    html: String,
}

const FRONT_MATTER: &str = "---\ntitle: An example\ndiscussion: false\n---\n";

fn page_source(number: usize) -> String {
    format!("content/ex/{number:04}.md")
}

/// Runs `examples` and asserts that each renders as the spec says but for `by_design`, which
/// must list exactly the examples that differ, each as it differs.
pub fn run(suite: &str, examples: &[Example], by_design: &[ByDesign]) {
    let outcomes = outcomes(examples);
    let listed: BTreeMap<usize, &ByDesign> = by_design.iter().map(|d| (d.number, d)).collect();
    let mut failures = Vec::new();
    let (mut as_spec, mut refused_but_as_spec) = (0, 0);
    for example in examples {
        let outcome = &outcomes[&example.number];
        let matches = normalise(&outcome.html) == normalise(&example.html);
        let refused: Vec<&str> = outcome.refused_with.iter().map(String::as_str).collect();
        match (matches, refused.is_empty()) {
            (true, true) => as_spec += 1,
            (true, false) => refused_but_as_spec += 1,
            _ => {}
        }
        let (expected_refusal, expected_match, reason) = match listed.get(&example.number) {
            Some(design) => (design.refused_with.to_vec(), design.renders_as_spec, design.reason),
            None => (Vec::new(), true, "not listed: it must render as the spec says"),
        };
        if refused != expected_refusal || matches != expected_match {
            failures.push(format!(
                "example {} ({}), {reason}:\n  markdown: {:?}\n  refused with {refused:?} (expected {expected_refusal:?}) {}\n  renders as the spec says: {matches} (expected {expected_match})\n  spec:  {}\n  tally: {}",
                example.number,
                example.section,
                example.markdown,
                outcome.first_message,
                normalise(&example.html),
                normalise(&outcome.html),
            ));
        }
    }
    eprintln!(
        "{suite}: {as_spec} of {} examples render as the spec says; {refused_but_as_spec} more are refused by design (a link to a file the site lacks) and render as the spec says behind the error",
        examples.len()
    );
    assert!(
        failures.is_empty(),
        "{} examples of {suite} are not as listed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Checks a site of every example, builds the ones tally does not refuse, and renders the
/// refused ones' bodies alone.
fn outcomes(examples: &[Example]) -> BTreeMap<usize, Outcome> {
    let site = Site::new();
    for example in examples {
        site.file(&page_source(example.number), format!("{FRONT_MATTER}{}", example.markdown));
    }
    let mut outcomes: BTreeMap<usize, Outcome> =
        examples.iter().map(|e| (e.number, Outcome::default())).collect();
    let problems = super::common::check_json_all(&site);
    for problem in problems.iter().filter(|p| p["severity"] == "error") {
        let path = problem["path"].as_str().unwrap_or_default();
        let number = path
            .strip_prefix("content/ex/")
            .and_then(|name| name.strip_suffix(".md"))
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or_else(|| panic!("a problem outside the examples' pages: {problem:#}"));
        let outcome = outcomes.get_mut(&number).expect("an example's page");
        if outcome.first_message.is_empty() {
            outcome.first_message = problem["message"].as_str().unwrap_or_default().to_string();
        }
        outcome.refused_with.insert(problem["code"].as_str().unwrap_or_default().to_string());
    }
    for example in examples {
        let outcome = outcomes.get_mut(&example.number).expect("an example's page");
        if outcome.refused_with.is_empty() {
            continue;
        }
        site.remove(&page_source(example.number));
        let links = BTreeMap::new();
        let inputs = tally::RenderInputs { links: &links, claims: &[] };
        outcome.html = tally::render_html(&example.markdown, FRONT_MATTER.len(), &inputs);
    }
    site.build().expect_success();
    for example in examples {
        let outcome = outcomes.get_mut(&example.number).expect("an example's page");
        if outcome.refused_with.is_empty() {
            outcome.html = page_body(&site.read(&format!("ex/{:04}/index.html", example.number)));
        }
    }
    outcomes
}

/// The body of a built page: what its template puts in `<div class="content">`.
fn page_body(page: &str) -> String {
    const OPEN: &str = "<div class=\"content\">\n";
    let start = page.find(OPEN).expect("a page's content") + OPEN.len();
    let end = start + page[start..].rfind("\n</div>").expect("the end of a page's content");
    page[start..end].to_string()
}
