//! The evidence section says where each value is written once: an input that has its own
//! entry on the page links to that entry instead of repeating its lines, and an entry whose
//! formula is one value's path says where that value is written without listing it again.

use crate::common;

use common::one_run_site;

const PAGE: &str = "content/measurements/2026-10-29-links/index.md";
const RUNS: &str = "content/measurements/2026-10-29-links/runs.yaml";

/// Line 3 holds the constants, line 6 the run's rate, lines 8–10 the figures.
const RUNS_YAML: &str = r#"build: {driver: stock}
# the constants
constants: {clients: 8, per_client: 256, headers: 40}
runs:
  only:
    port: {bits_per_s: "954 Mbit/s"}
figures:
  connections: {is: "clients * per_client + headers"}
  rate: {is: "runs.only.port.bits_per_s", unit: bit/s}
  peak: {is: "max(runs.*.port.bits_per_s)", unit: bit/s}
"#;

const PROSE: &str = "[8]{=clients} clients of [256]{=per_client} each made [2,088]{=connections} \
connections; [954 Mbit/s]{=rate} arrived, at most [954 Mbit/s]{=peak}.";

fn evidence() -> String {
    let site = one_run_site(PAGE, RUNS, RUNS_YAML, PROSE);
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-links/index.html");
    let start = html.find("<section class=\"evidence\"").expect("an evidence section");
    let end = start + html[start..].find("</section>").expect("its end");
    html[start..end].to_string()
}

/// The entry with the anchor `id`, up to the next entry.
fn entry<'e>(evidence: &'e str, id: &str) -> &'e str {
    common::evidence_entry(evidence, id)
}

#[test]
fn an_input_with_its_own_entry_links_to_it_and_one_without_keeps_its_line() {
    let evidence = evidence();
    let connections = entry(&evidence, "figure-connections");
    assert!(
        connections.contains("<li><a href=\"#figure-clients\"><code>clients</code></a> = 8</li>"),
        "{connections}"
    );
    assert!(
        connections.contains("<a href=\"#figure-per_client\"><code>per_client</code></a> = 256"),
        "{connections}"
    );
    // `headers` is stated nowhere on the page, so it has no entry: its line stays here.
    assert!(
        connections.contains(
            "<li><code>headers</code> = 40: Typed by hand in <a href=\"runs.yaml.html#L3\">runs.yaml, line 3</a></li>"
        ),
        "{connections}"
    );
    // The linked inputs' lines are said in their own entries.
    let clients = entry(&evidence, "figure-clients");
    assert!(clients.contains("<a href=\"runs.yaml.html#L3\">runs.yaml, line 3</a>"), "{clients}");
}

#[test]
fn an_entry_whose_formula_is_one_path_says_where_that_value_is_written_once() {
    let evidence = evidence();
    let rate = entry(&evidence, "figure-rate");
    assert!(rate.contains("<p>Computed as <code>runs.only.port.bits_per_s</code></p>"), "{rate}");
    assert!(rate.contains("<p>Defined in <a href=\"runs.yaml.html#L9\">runs.yaml, line 9</a></p>"), "{rate}");
    assert!(
        rate.contains("<p>Typed by hand in <a href=\"runs.yaml.html#L6\">runs.yaml, line 6</a></p>"),
        "{rate}"
    );
    assert!(!rate.contains("<ul>"), "the value is not listed again as its own input: {rate}");
    // A figure over the same value links to the entry that stands for it.
    let peak = entry(&evidence, "figure-peak");
    // Both the path and the name of the figure that stands for it: a formula may use either.
    assert!(
        peak.contains(
            "<li><code>runs.only.port.bits_per_s</code> = 954 Mbit/s (<a href=\"#figure-rate\"><code>rate</code></a>)</li>"
        ),
        "{peak}"
    );
    assert!(!peak.contains("runs.yaml.html#L6"), "{peak}");
}

/// Issue 45: the evidence is folded to one line until opened, which says how many figures
/// and files it holds; site.yaml's `print_evidence: none` marks it to be left out of print.
#[test]
fn the_evidence_folds_to_a_line_of_its_figures_and_files_and_print_evidence_none_marks_it() {
    let site = one_run_site(PAGE, RUNS, RUNS_YAML, PROSE);
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-links/index.html");
    // clients, per_client, connections, rate and peak, on lines of runs.yaml alone.
    let folded = "<section class=\"evidence\" aria-labelledby=\"evidence-heading\">";
    assert!(html.contains(folded), "{html}");
    let line = "<details class=\"evidence-all\"><summary>5 figures, read from 1 file</summary>\n<div class=\"evidence-list\">";
    assert!(html.contains(line), "{html}");
    site.file("site.yaml", format!("{}print_evidence: none\n", common::SITE_YAML));
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-links/index.html");
    assert!(
        html.contains("<section class=\"evidence no-print\" aria-labelledby=\"evidence-heading\">"),
        "{html}"
    );
    assert!(html.contains(line), "the screen keeps it folded as before: {html}");
}

/// The evidence of a figure computed with `drop_ends` listed every value read, the dropped
/// ones unmarked: a reader could not tell which were counted. Those dropped are struck
/// through and said to be dropped in words (the page's language's `evidence-dropped`), for a
/// screen reader too.
#[test]
fn the_values_drop_ends_dropped_are_marked_in_the_evidence() {
    let runs = "build: {driver: stock}\nruns:\n  r1: {rate: 10}\n  r2: {rate: 20}\n  r3: {rate: 30}\n  \
                r4: {rate: 40}\n  r5: {rate: 90}\nfigures:\n  middle: {is: \"mean(drop_ends(runs.*.rate, 1))\"}\n";
    let site = one_run_site(PAGE, RUNS, runs, "The middle runs made [30]{=middle}.");
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-links/index.html");
    let middle = common::evidence_entry(&html, "figure-middle");
    let items: Vec<&str> = middle.split("<li").skip(1).collect();
    assert_eq!(items.len(), 5, "{middle}");
    for (item, dropped) in items.iter().zip([true, false, false, false, true]) {
        assert_eq!(
            item.starts_with(" class=\"dropped\"><span class=\"dropped-note\">Dropped (drop_ends):</span> "),
            dropped,
            "{item}"
        );
    }
    assert!(items[4].contains("runs.r5.rate"), "{middle}");
    // A figure without drop_ends marks nothing.
    let site = one_run_site(
        PAGE,
        RUNS,
        &runs.replace("mean(drop_ends(runs.*.rate, 1))", "mean(runs.*.rate) - 8"),
        "The runs made [30]{=middle}.",
    );
    site.build().expect_success();
    assert!(!site.read("measurements/2026-10-29-links/index.html").contains("class=\"dropped\""));
}
