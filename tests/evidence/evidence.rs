//! Where a figure comes from: every stated figure links to its entry at the end of the page,
//! each entry links to the runs.yaml line (and, for imported data, the raw file's line), the
//! source files are pages with numbered lines in each language, and plots of run data.

use crate::common;

use std::path::Path;

use common::{MEASUREMENT, Site, copy_tree, dangling_addresses, evidence_entry, family};

const IPERF2: &str = include_str!("../fixtures/figures/iperf2/test1.txt");
const IPERF3: &str = include_str!("../fixtures/figures/iperf3/reverse.json");
const BUNDLE: &str = "content/measurements/2011-soekris";

/// A measurement of one imported iperf 2 run (test1.txt: 814 Mbit/s, 102 MB a second over
/// its 30 s), stating its throughput, in English and Japanese, with `plot` after it.
fn iperf_site(plot: &str) -> Site {
    imported_site("raw/test1.txt", IPERF2, ["814 Mbit/s", "102 MB/s"], plot)
}

/// The same with iperf3's reverse.json, whose receiver reported three intervals (940 Mbit/s,
/// 118 MB a second).
fn iperf3_site(plot: &str) -> Site {
    imported_site("raw/reverse.json", IPERF3, ["940 Mbit/s", "118 MB/s"], plot)
}

fn imported_site(raw_file: &str, raw: &str, [rate, per_second]: [&str; 2], plot: &str) -> Site {
    let site = Site::new();
    site.file("content/families/xgs-136.md", family("XGS 136"));
    site.file(&format!("{BUNDLE}/{raw_file}"), raw);
    site.file(
        &format!("{BUNDLE}/runs.yaml"),
        format!(
            "build: {{driver: stock}}\nruns:\n  soekris:\n    iperf: {raw_file}\n    link_rate: 1 Gbit/s\n\
             figures:\n  per_second: {{is: \"runs.soekris.received.bytes / runs.soekris.received.seconds\", unit: MB/s}}\n"
        ),
    );
    let body = format!(
        "The receiver counted [{rate}]{{=runs.soekris.received.bits_per_second}}, \
         [{per_second}]{{=per_second}}.\n\n{plot}"
    );
    site.file(&format!("{BUNDLE}/index.md"), MEASUREMENT.replace("The host received most frames.", &body));
    let hash = site.hash(&format!("{BUNDLE}/index.md"));
    let ja_body = format!(
        "受信側は [{rate}]{{=runs.soekris.received.bits_per_second}}、[{per_second}]{{=per_second}} \
         を数えました。\n\n{}",
        plot.replace("title: Received", "title: 受信")
    );
    site.file(
        &format!("{BUNDLE}/index.ja.md"),
        MEASUREMENT
            .replace("The host received most frames.", &ja_body)
            .replace(
                "title: HTTP through the XGS 136",
                &format!("title: XGS 136 を通る HTTP\ntranslates: {hash}"),
            )
            .replace("## How it was taken", "## 測り方")
            .replace("## Not measured", "## 測っていないこと")
            .replace("A curl soak of 9,000 responses.", "curl で 9,000 件の応答。")
            .replace("Latency.", "遅延。")
            .replace(
                "summary: Responses and frames during an HTTP series.",
                "summary: HTTP の応答とフレーム。",
            ),
    );
    site
}

const INTERVALS: &str = "```plot\ntitle: Received each second\nintervals: soekris\n```\n";

/// The part of `html` from `start` to the end of the element that starts there.
fn section<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let at = html.find(start).unwrap_or_else(|| panic!("no {start:?} in {html}"));
    let stop = html[at..].find(end).map_or(html.len(), |e| at + e + end.len());
    &html[at..stop]
}

/// The figures of `html` that sit in a link to their entry: `<a href="#figure-NAME"><data `.
/// The evidence's own links to entries hold code, not a figure, and are not counted.
fn linked_figures(html: &str) -> usize {
    html.split("<a href=\"#figure-")
        .skip(1)
        .filter(|rest| rest.split_once("\">").is_some_and(|(_, after)| after.starts_with("<data ")))
        .count()
}

/// The 1-based line of `raw` that holds `needle`.
fn line_of(raw: &str, needle: &str) -> usize {
    raw.lines().position(|l| l.contains(needle)).expect("the needle") + 1
}

#[test]
fn the_evidence_section_of_an_imported_run_renders_as_its_snapshot() {
    let site = iperf3_site(INTERVALS);
    site.build().expect_success();
    let html = site.read("measurements/2011-soekris/index.html");
    let evidence = section(&html, "<section class=\"evidence\"", "</section>");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("evidence__the_evidence_section_of_an_imported_run_renders_as_its_snapshot", evidence);
    });
}

#[test]
fn an_imported_figure_links_to_its_runs_yaml_line_and_to_the_receivers_summary_line() {
    let site = iperf_site("");
    site.build().expect_success();
    let html = site.read("measurements/2011-soekris/index.html");
    let entry = evidence_entry(&html, "figure-runs.soekris.received.bits_per_second");
    // runs.yaml line 4 is `iperf: raw/test1.txt`; the receiver's summary is the server's
    // 0.0-30.0 line, computed here from the file rather than trusted from tally.
    let summary = IPERF2
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("0.0-30.0 sec"))
        .map(|(i, _)| i + 1)
        .collect::<Vec<_>>();
    assert!(entry.contains("href=\"runs.yaml.html#L4\""), "{entry}");
    assert!(
        summary.iter().any(|line| entry.contains(&format!("href=\"raw/test1.txt.html#L{line}\""))),
        "{entry} should link one of the lines {summary:?}"
    );
    let raw_page = site.read("measurements/2011-soekris/raw/test1.txt.html");
    let line = summary.iter().find(|l| entry.contains(&format!("#L{l}\""))).expect("a linked summary line");
    let numbered = section(&raw_page, &format!("<li id=\"L{line}\">"), "</li>");
    assert!(numbered.contains("0.0-30.0 sec"), "{numbered}");
    // In Japanese, the same lines on the Japanese pages.
    let ja = site.read("ja/measurements/2011-soekris/index.html");
    assert!(ja.contains("href=\"runs.yaml.html#L4\">runs.yaml の 4 行目</a>"), "{ja}");
    assert!(site.has("ja/measurements/2011-soekris/raw/test1.txt.html"));
}

#[test]
fn every_stated_figure_links_to_its_entry_and_every_entry_exists() {
    let site = iperf3_site(INTERVALS);
    site.build().expect_success();
    for page in ["measurements/2011-soekris/index.html", "ja/measurements/2011-soekris/index.html"] {
        let html = site.read(page);
        let figures = html.matches("<data ").count();
        let linked = linked_figures(&html);
        assert_eq!(figures, 2, "{html}");
        assert_eq!(linked, figures, "every figure is a link: {html}");
    }
    let dangling = dangling_addresses(&site.path("site"));
    assert!(dangling.is_empty(), "{dangling:#?}");
}

#[test]
fn the_dangling_link_check_reads_the_evidences_relative_links() {
    // The evidence links its source lines relative to the page; the check must follow them,
    // or a broken line link would pass unseen.
    let site = iperf_site("");
    site.build().expect_success();
    assert!(dangling_addresses(&site.path("site")).is_empty());
    let page = site.path("site/measurements/2011-soekris/index.html");
    let html = std::fs::read_to_string(&page).expect("page");
    assert!(html.contains("href=\"runs.yaml.html#L4\""), "{html}");
    std::fs::write(&page, html.replace("href=\"runs.yaml.html#L4\"", "href=\"runs.yaml.html#L999\""))
        .expect("write");
    let dangling = dangling_addresses(&site.path("site"));
    assert!(dangling.iter().any(|d| d.ends_with("runs.yaml.html#L999")), "{dangling:#?}");
}

#[test]
fn source_files_are_pages_with_numbered_linkable_lines_in_each_language() {
    let site = iperf_site("");
    site.build().expect_success();
    let en = site.read("measurements/2011-soekris/runs.yaml.html");
    assert!(en.contains("<li id=\"L1\"><a href=\"#L1\">1</a>build: {driver: stock}</li>"), "{en}");
    assert!(en.contains("<a href=\"/measurements/2011-soekris/runs.yaml\" download>"), "{en}");
    assert!(site.has("measurements/2011-soekris/runs.yaml"), "the file itself is published too");
    let ja = site.read("ja/measurements/2011-soekris/runs.yaml.html");
    assert!(ja.contains("<html lang=\"ja\">"), "{ja}");
    assert!(ja.contains("<li id=\"L1\">"), "{ja}");
    assert!(ja.contains("<a href=\"/ja/measurements/2011-soekris/\">XGS 136 を通る HTTP</a>。"), "{ja}");
    let raw = site.read("measurements/2011-soekris/raw/test1.txt.html");
    let last = IPERF2.lines().count();
    assert!(raw.contains(&format!("<li id=\"L{last}\">")), "every line is numbered");
    assert_eq!(line_of(IPERF2, "Client connecting"), 3);
    assert!(raw.contains("<li id=\"L3\"><a href=\"#L3\">3</a>Client connecting"), "{raw}");
}

#[test]
fn an_intervals_plot_renders_as_its_snapshot() {
    let site = iperf3_site(INTERVALS);
    site.build().expect_success();
    let html = site.read("measurements/2011-soekris/index.html");
    let plot = section(&html, "<figure class=\"plot\"", "</figure>");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("evidence__an_intervals_plot_renders_as_its_snapshot", plot);
    });
}

#[test]
fn a_bars_plot_in_japanese_renders_as_its_snapshot() {
    let site = Site::new();
    site.file("content/families/xgs-136.md", family("XGS 136"));
    site.measurement(
        "content/measurements/2026-10-29-http",
        MEASUREMENT.replace(
            "The host received most frames.",
            "```plot\ntitle: Frames the host received\nbars: host_frames.received\n```\n",
        ),
    );
    let hash = site.hash("content/measurements/2026-10-29-http/index.md");
    site.file(
        "content/measurements/2026-10-29-http/index.ja.md",
        format!(
            "---\ntitle: XGS 136 を通る HTTP\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\nsummary: HTTP の応答とフレーム。\n\
             translates: {hash}\n---\n\n```plot\ntitle: ホストが受信したフレーム\nbars: host_frames.received\n\
             labels: [コプロセッサ, ホスト]\nruns: [close_coproc, close_host]\n```\n\n## 測り方\n\ncurl で 9,000 件の応答。\n\n\
             ## 測っていないこと\n\n遅延。\n"
        ),
    );
    site.build().expect_success();
    let html = site.read("ja/measurements/2026-10-29-http/index.html");
    let plot = section(&html, "<figure class=\"plot\"", "</figure>");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("evidence__a_bars_plot_in_japanese_renders_as_its_snapshot", plot);
    });
    // Each value in the table links to its entry in the evidence, which names its line.
    let evidence = evidence_entry(&html, "figure-runs.close_host.host_frames.received");
    assert!(evidence.contains("runs.yaml の 7 行目"), "{evidence}");
}

/// Issue 25: a 400 kbit/s bar on a Gbit/s axis was labelled 0, and a negative bar was drawn
/// 1 px wide with its label outside the picture. Each bar is labelled with the digits that
/// show it, and a negative one is drawn leftwards from the zero line.
#[test]
fn bars_label_a_small_value_and_draw_a_negative_one_from_zero() {
    let site = Site::new();
    site.file("content/families/xgs-136.md", family("XGS 136"));
    site.file(
        "content/measurements/2026-10-29-http/runs.yaml",
        "build: {driver: stock}\nruns:\n  slow:\n    rate: 400 kbit/s\n    drift: -50\n  fast:\n    rate: 2 Gbit/s\n    drift: 100\n",
    );
    site.file(
        "content/measurements/2026-10-29-http/index.md",
        MEASUREMENT.replace(
            "The host received most frames.",
            "```plot\ntitle: The rate of each run\nbars: rate\nunit: Gbit/s\n```\n\n```plot\ntitle: The drift of each run\nbars: drift\n```\n",
        ),
    );
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-http/index.html");
    let rate = section(&html, "<figure class=\"plot\" id=\"plot-1\"", "</figure>");
    // `400 kbit/s` is known to the kilobit: its three digits, in the plot's unit.
    assert!(rate.contains(">0.000400 Gbit/s</text>"), "{rate}");
    let drift = section(&html, "<figure class=\"plot\" id=\"plot-2\"", "</figure>");
    assert!(drift.contains("text-anchor=\"end\">-50</text>"), "{drift}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("evidence__bars_label_a_small_value_and_draw_a_negative_one_from_zero", format!("{rate}\n{drift}"));
    });
}

#[test]
fn a_plot_of_an_unknown_run_or_field_is_an_error_at_its_place() {
    let site = iperf3_site("```plot\ntitle: Received\nintervals: soekris_two\n```\n");
    let run = site.build();
    run.expect_code(1).expect_stderr("error[plot-unknown]: content/measurements/2011-soekris/index.md:13:12: no run is named `soekris_two`");
    let site = iperf3_site("```plot\ntitle: Received\nbars: received.bits_per_sec\n```\n");
    site.build()
        .expect_code(1)
        .expect_stderr("error[plot-unknown]")
        .expect_stderr("no run has a number at `received.bits_per_sec`");
}

/// A plot's unknown run or field says which one was probably meant, as a tag's does.
#[test]
fn a_plot_of_a_misspelt_run_or_field_suggests_the_name_meant() {
    let site = iperf3_site("```plot\ntitle: Received\nintervals: soekirs\n```\n");
    site.build().expect_code(1).expect_stderr("no run is named `soekirs`; did you mean `soekris`?");
    let site = iperf3_site("```plot\ntitle: Received\nbars: received.bits_per_sec\n```\n");
    site.build().expect_code(1).expect_stderr(
        "no run has a number at `received.bits_per_sec`; did you mean `received.bits_per_second`?",
    );
    let site = iperf3_site("```plot\ntitle: Received\nbars: received.bits_per_second\nruns: [soekri]\n```\n");
    site.build().expect_code(1).expect_stderr("no run is named `soekri`; did you mean `soekris`?");
    // Nothing near enough: no guess.
    let site = iperf3_site("```plot\ntitle: Received\nbars: frames.lost\n```\n");
    let run = site.build();
    run.expect_code(1).expect_stderr("no run has a number at `frames.lost`");
    assert!(!run.stderr.contains("did you mean"), "{}", run.stderr);
}

/// Found by a new user: with `labels:` but no `runs:`, the labels went to whichever runs had
/// the field, in order, so one run's value was published under another run's label.
#[test]
fn plot_labels_without_the_runs_they_label_are_an_error_never_a_guess() {
    let site = iperf3_site(
        "```plot\ntitle: Received\nbars: received.bits_per_second\nlabels: [best case, worst case]\n```\n",
    );
    site.build()
        .expect_code(1)
        .expect_stderr("error[plot-spec]: content/measurements/2011-soekris/index.md:14:")
        .expect_stderr("`labels` name runs by their order in `runs`");
}

/// Found by a README-only trial: a plot's title, description and labels are published as
/// written, and `Debian peaks at 914 Mbit/s` there was a number nothing checked.
#[test]
fn a_number_in_a_plots_title_description_or_label_is_an_error_at_its_place() {
    let site = iperf3_site("```plot\ntitle: Received, peaking at 914 Mbit/s\nintervals: soekris\n```\n");
    site.build()
        .expect_code(1)
        .expect_stderr("error[plot-spec]: content/measurements/2011-soekris/index.md:12:")
        .expect_stderr("`914 Mbit/s` in the plot's title is a number nothing checks");
    let site =
        iperf3_site("```plot\ntitle: Received\ndescription: Up to 2,000 Mbit/s.\nintervals: soekris\n```\n");
    site.build().expect_code(1).expect_stderr("`2,000 Mbit/s` in the plot's description");
    let site = iperf3_site(
        "```plot\ntitle: Received\nbars: received.bits_per_second\nruns: [soekris]\nlabels: [\"soekris at 914 Mbit/s\"]\n```\n",
    );
    site.build().expect_code(1).expect_stderr("`914 Mbit/s` in the plot's label");
    // Words and small counts are not figures.
    let site = iperf3_site("```plot\ntitle: Received by the 2 hosts\nintervals: soekris\n```\n");
    site.build().expect_success();
}

#[test]
fn the_bundled_xgs_136_page_links_every_figure_to_a_runs_yaml_line_in_both_languages() {
    let site = Site::new();
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&repository.join("content"), &site.path("content"));
    site.file("site.yaml", std::fs::read(repository.join("site.yaml")).expect("site.yaml"));
    site.build().expect_success();
    for (page, line) in [
        ("measurements/2026-10-29-xgs136-http/", "line"),
        ("ja/measurements/2026-10-29-xgs136-http/", "行目"),
    ] {
        let html = site.read(&format!("{page}index.html"));
        let figures = html.matches("<data ").count();
        let linked = linked_figures(&html);
        assert!(figures > 70, "{figures}");
        assert_eq!(linked, figures, "every figure on {page} links to its evidence");
        let evidence = section(&html, "<section class=\"evidence\"", "</section>");
        // Every entry names a runs.yaml line (vendor figures included).
        let entries = evidence.matches("<details id=\"figure-").count();
        // An entry is a details, the anchor every figure links to, its summary one line; the
        // list they are in is folded to one more (issue 45).
        assert_eq!(
            evidence.matches("<summary>").count(),
            evidence.matches("<details id=").count() + 1,
            "{evidence}"
        );
        assert_eq!(evidence.matches("<details class=\"evidence-all\"><summary>").count(), 1, "{evidence}");
        for (name, _) in html.split("<a href=\"#figure-").skip(1).filter_map(|rest| rest.split_once('"')) {
            assert!(html.contains(&format!("<details id=\"figure-{name}\">")), "no entry {name} on {page}");
        }
        let written = evidence.matches("href=\"runs.yaml.html#L").count();
        assert!(written >= entries, "{entries} entries, {written} links to a line, on {page}");
        assert!(evidence.contains(line), "{evidence}");
        assert_eq!(html.matches("<figure class=\"plot\"").count(), 2, "{page} shows its two plots");
    }
    let dangling = dangling_addresses(&site.path("site"));
    assert!(dangling.is_empty(), "{dangling:#?}");
}

#[test]
fn the_evidence_is_folded_to_a_line_per_figure_at_the_stated_value_and_comes_after_the_home_pages_listings() {
    let site = Site::new();
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&repository.join("content"), &site.path("content"));
    site.file("site.yaml", std::fs::read(repository.join("site.yaml")).expect("site.yaml"));
    site.build().expect_success();
    let html = site.read("measurements/2026-10-29-xgs136-http/index.html");
    let entry = evidence_entry(&html, "figure-bodies_keep_coproc");
    // The line: the name, the value as the page states it, where it was read.
    let summary = section(entry, "<summary>", "</summary>");
    assert!(summary.contains("<b>953 Mbit/s</b>"), "{summary}");
    assert!(summary.contains("runs.yaml, line"), "{summary}");
    // The exact value one step away, under the line.
    assert!(entry.contains("Exact value: 953,"), "{entry}");
    assert!(!summary.contains("953,"), "{summary}");
    // A plotted value the page states is labelled as the page states it: 1.0 %, not 1; its
    // axis says what the title says (issue 45), in both languages.
    assert!(html.contains(">1.0 %</text>") && html.contains(">27.0 %</text>"), "{html}");
    assert!(html.contains(">CPUs busy (%)</text>") && !html.contains("Share (%)"), "{html}");
    assert!(html.contains("<a href=\"#figure-runs.keep_coproc.cpu.busy_percent\">1.0</a>"), "{html}");
    // A percentage written bare is shown with its unit.
    let family = site.read("families/xgs-136/index.html");
    let completion = evidence_entry(&family, "figure-completion");
    assert!(completion.contains("<b>47 %</b>"), "{completion}");
    let ja = site.read("ja/measurements/2026-10-29-xgs136-http/index.html");
    assert!(evidence_entry(&ja, "figure-bodies_keep_coproc").contains("正確な値："), "{ja}");
    assert!(ja.contains(">CPU 使用率（%）</text>") && ja.contains(">27.0 %</text>"), "{ja}");
    // A vendor's source and conditions written {en, ja} are shown in the page's language,
    // unmarked; English on the English page.
    let vendor_ja = evidence_entry(&ja, "figure-xgs136_fw_http");
    assert!(vendor_ja.contains("<small>Sophos XGS 136 データシート</small>"), "{vendor_ja}");
    assert!(
        vendor_ja.contains("トラフィックジェネレーター") && !vendor_ja.contains("lang=\"en\""),
        "{vendor_ja}"
    );
    assert!(evidence_entry(&html, "figure-xgs136_fw_http").contains("Sophos XGS 136 datasheet"), "{html}");
    // On the home page the listings come first, the evidence after them.
    let home = site.read("index.html");
    let listings = home.find("class=\"listing-group\"").expect("the home page's listings");
    let evidence = home.find("<section class=\"evidence\"").expect("the home page's evidence");
    assert!(listings < evidence, "{home}");
}

// Whose data.

#[test]
fn someone_elses_data_says_who_took_it_and_when_instead_of_measured_on() {
    let site = iperf_site("");
    site.edit(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\n",
        "build: {driver: stock}\nsource: {by: \"Jean Dupont\", taken: 2011-03-02, url: \"https://example.org/soekris\"}\n",
    );
    site.build().expect_success();
    let en = site.read("measurements/2011-soekris/index.html");
    assert!(
        en.contains("<dt>Taken by</dt> <dd><a href=\"https://example.org/soekris\">Jean Dupont</a></dd>"),
        "{en}"
    );
    assert!(
        en.contains("<dt>Taken on</dt> <dd><time datetime=\"2011-03-02\">2011-03-02</time></dd>"),
        "{en}"
    );
    assert!(!en.contains("Measured on"), "{en}");
    let ja = site.read("ja/measurements/2011-soekris/index.html");
    // Taken, not measured (a README-only trial: 測定者 said the data's owner measured it here).
    assert!(ja.contains("<dt>取得者</dt>"), "{ja}");
    assert!(ja.contains("<dt>取得日</dt>"), "{ja}");
    assert!(!ja.contains("測定者"), "{ja}");
    assert!(!ja.contains("Taken"), "{ja}");
    // A source without `by` is an error at its place.
    site.edit(&format!("{BUNDLE}/runs.yaml"), "by: \"Jean Dupont\", ", "");
    site.build()
        .expect_code(1)
        .expect_stderr("error[runs-source]: content/measurements/2011-soekris/runs.yaml:2:9");
}

#[test]
fn a_raw_file_someone_else_took_is_credited_to_them_on_its_source_page_and_the_pages_header() {
    let site = iperf_site("");
    site.edit(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\n",
        "build: {driver: stock}\nfiles:\n  raw/test1.txt: {by: \"Forum user kb\", taken: 2019-05-04, url: \"https://example.org/thread\"}\n",
    );
    site.build().expect_success();
    let en = site.read("measurements/2011-soekris/index.html");
    assert!(en.contains("<dt>Files taken by others</dt>"), "{en}");
    assert!(
        en.contains("<li><a href=\"raw/test1.txt.html\"><code>raw/test1.txt</code></a>: <a href=\"https://example.org/thread\">Forum user kb</a> (<time datetime=\"2019-05-04\">2019-05-04</time>)</li>"),
        "{en}"
    );
    // The page itself is still the site owner's measurement.
    assert!(en.contains("Measured on"), "{en}");
    let raw = site.read("measurements/2011-soekris/raw/test1.txt.html");
    assert!(
        raw.contains("This file was taken by <a href=\"https://example.org/thread\">Forum user kb</a> (<time datetime=\"2019-05-04\">2019-05-04</time>). It is theirs"),
        "{raw}"
    );
    // runs.yaml is the author's transcription, not the forum user's file.
    let runs = site.read("measurements/2011-soekris/runs.yaml.html");
    assert!(!runs.contains("taken by"), "{runs}");
    let ja = site.read("ja/measurements/2011-soekris/raw/test1.txt.html");
    assert!(
        ja.contains("このファイルの取得者：<a href=\"https://example.org/thread\">Forum user kb</a>"),
        "{ja}"
    );
    assert!(!ja.contains("taken by"), "{ja}");
    // An entry without `by` is named as the file's, not as the bundle's `source` (a
    // README-only trial's `authr:` was told "`source` needs `by`").
    site.edit(&format!("{BUNDLE}/runs.yaml"), "{by: \"Forum user kb\"", "{authr: \"Forum user kb\"");
    site.build().expect_code(1).expect_stderr("`files: raw/test1.txt` needs `by`");
    site.edit(&format!("{BUNDLE}/runs.yaml"), "{authr: \"Forum user kb\"", "{by: \"Forum user kb\"");
    // A file the bundle does not have is an error at its key.
    site.edit(&format!("{BUNDLE}/runs.yaml"), "  raw/test1.txt: {by", "  raw/test2.txt: {by");
    site.build()
        .expect_code(1)
        .expect_stderr("error[runs-source]: content/measurements/2011-soekris/runs.yaml:3:3")
        .expect_stderr("no file `raw/test2.txt` in this bundle");
}

#[test]
fn a_bundle_someone_else_took_credits_them_on_its_raw_files_pages_too() {
    let site = iperf_site("");
    site.edit(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\n",
        "build: {driver: stock}\nsource: {by: \"Jean Dupont\"}\n",
    );
    site.build().expect_success();
    for file in ["raw/test1.txt", "runs.yaml"] {
        let page = site.read(&format!("measurements/2011-soekris/{file}.html"));
        assert!(page.contains("This file was taken by Jean Dupont. It is theirs"), "{page}");
    }
}

#[test]
fn a_third_partys_picture_keeps_its_owner_and_licence_in_its_strip_metadata() {
    let site =
        iperf_site("![The vendor's graph of the run](shots/graph.png)\n\n![Our console](shots/ours.png)\n");
    site.file(&format!("{BUNDLE}/shots/graph.png"), common::jpeg());
    site.file(&format!("{BUNDLE}/shots/ours.png"), common::jpeg());
    site.edit(
        &format!("{BUNDLE}/runs.yaml"),
        "build: {driver: stock}\n",
        "build: {driver: stock}\nimages:\n  shots/graph.png: {owner: \"Vendor Ltd\", licence: {name: \"quoted with permission\", url: \"https://example.org/terms\"}}\n",
    );
    site.build().expect_success();
    let theirs =
        std::fs::read(site.path("site/measurements/2011-soekris/shots/graph.png")).expect("published");
    let ours = std::fs::read(site.path("site/measurements/2011-soekris/shots/ours.png")).expect("published");
    let contains = |bytes: &[u8], text: &str| bytes.windows(text.len()).any(|w| w == text.as_bytes());
    assert!(contains(&theirs, "Vendor Ltd"), "the third party is named in the metadata");
    assert!(contains(&theirs, "https://example.org/terms"));
    assert!(!contains(&theirs, "The bench project"), "the picture is not stamped as ours");
    assert!(contains(&ours, "The bench project") && !contains(&ours, "Vendor Ltd"));
}

#[test]
fn a_reason_given_per_language_is_shown_in_each_languages_corrections() {
    let site = iperf_site("");
    site.edit(
        &format!("{BUNDLE}/runs.yaml"),
        "    link_rate: 1 Gbit/s\n",
        "    link_rate: 1 Gbit/s\n    stream_count: {value: 2, withdrawn: [{value: 3, on: 2011-03-03, why: {en: \"one stream was the sender's\", ja: \"1 本は送信側のものでした\"}}]}\n",
    );
    for (page, text) in [
        ("index.md", "Streams: [~~3~~ 2]{=runs.soekris.stream_count}.\n"),
        ("index.ja.md", "ストリーム：[~~3~~ 2]{=runs.soekris.stream_count}。\n"),
    ] {
        let path = format!("{BUNDLE}/{page}");
        let source = site.read_source(&path);
        site.file(&path, source.replacen("\n## ", &format!("\n{text}\n## "), 1));
    }
    let hash = site.hash(&format!("{BUNDLE}/index.md"));
    let ja = site.read_source(&format!("{BUNDLE}/index.ja.md"));
    let old = ja.lines().find(|l| l.starts_with("translates: ")).expect("translates").to_string();
    site.file(&format!("{BUNDLE}/index.ja.md"), ja.replacen(&old, &format!("translates: {hash}"), 1));
    site.build().expect_success();
    let en = section(
        &site.read("measurements/2011-soekris/index.html"),
        "<section class=\"corrections\"",
        "</section>",
    )
    .to_string();
    let ja = section(
        &site.read("ja/measurements/2011-soekris/index.html"),
        "<section class=\"corrections\"",
        "</section>",
    )
    .to_string();
    assert!(en.contains("one stream was the sender&#39;s"), "{en}");
    assert!(ja.contains("1 本は送信側のものでした"), "{ja}");
    assert!(!ja.contains("sender"), "{ja}");
}
