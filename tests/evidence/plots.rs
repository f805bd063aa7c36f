//! Plots as a reader sees them in a built page: every label inside the picture, no two tick
//! labels on top of each other, and no label stating digits the run data does not have.

use crate::common;

use common::{MEASUREMENT, Site, family};

const BUNDLE: &str = "content/measurements/2026-10-29-http";

/// The run data of a README-only trial: a run name longer than the picture, values of
/// twelve digits each way, and values of a ten-millionth.
const TRIAL_RUNS: &str = "build: {driver: stock}\nruns:\n  \
    a_run_with_a_really_quite_extraordinarily_long_name_that_goes_on_and_on_forever:\n    \
    big: 12345678901.234\n    neg: -12345678901.234\n    zero: 0\n  \
    b:\n    big: 0.000000123\n    neg: 0.000000123\n    zero: 0\n";

/// A measurement whose runs.yaml is `runs` and whose text is the plot blocks `plots`.
fn site_with(runs: &str, plots: &str) -> Site {
    let site = Site::new();
    site.file("content/families/xgs-136.md", family("XGS 136"));
    site.file(&format!("{BUNDLE}/runs.yaml"), runs);
    site.file(&format!("{BUNDLE}/index.md"), MEASUREMENT.replace("The host received most frames.", plots));
    site
}

/// The built page's plot `n` (1-based).
fn plot(site: &Site, n: usize) -> String {
    let html = site.read("measurements/2026-10-29-http/index.html");
    let start = format!("<figure class=\"plot\" id=\"plot-{n}\"");
    let at = html.find(&start).unwrap_or_else(|| panic!("no plot {n} in {html}"));
    let end = html[at..].find("</figure>").map_or(html.len(), |e| at + e);
    html[at..end].to_string()
}

fn attr(element: &str, name: &str) -> Option<String> {
    let rest = element.split(&format!(" {name}=\"")).nth(1)?;
    Some(rest.split('"').next()?.to_string())
}

/// The viewBox's width.
fn width(figure: &str) -> f64 {
    attr(figure, "viewBox").and_then(|v| v.split(' ').nth(2).and_then(|w| w.parse().ok())).unwrap_or(f64::NAN)
}

/// Each `<text>` in the picture: where it starts and ends, as tally estimates text (0.6 em
/// a character at 15 units), and what it shows (a `<title>` inside it is not shown).
fn texts(figure: &str) -> Vec<(f64, f64, String)> {
    let svg = figure.split("</svg>").next().unwrap_or("");
    svg.split("<text ")
        .skip(1)
        .map(|t| {
            let x: f64 = attr(&format!(" {t}"), "x").and_then(|x| x.parse().ok()).unwrap_or(f64::NAN);
            let body = t.split_once('>').map_or("", |b| b.1).split("</text>").next().unwrap_or("");
            let shown = match body.split_once("</title>") {
                Some((_, after)) => after,
                None => body,
            };
            let shown = shown.replace("&amp;", "&");
            let w = shown.chars().count() as f64 * 15.0 * 0.6;
            let (start, end) = if t.contains("text-anchor=\"end\"") {
                (x - w, x)
            } else if t.contains("text-anchor=\"middle\"") {
                (x - w / 2.0, x + w / 2.0)
            } else {
                (x, x + w)
            };
            (start, end, shown)
        })
        .collect()
}

fn assert_inside(figure: &str) {
    let w = width(figure);
    for (start, end, shown) in texts(figure) {
        assert!(start >= 0.0 && end <= w, "`{shown}` spans {start}..{end}, outside 0..{w}:\n{figure}");
    }
}

/// The figure from its drawing for a phone's column on: the helpers above read the first
/// picture they find, which is then that one.
fn narrow(figure: &str) -> &str {
    let at = figure
        .find("<svg class=\"plot-svg plot-narrow\"")
        .unwrap_or_else(|| panic!("no narrow drawing: {figure}"));
    &figure[at..]
}

/// The tick labels: the texts on the line under the axis.
fn ticks(figure: &str) -> Vec<(f64, f64, String)> {
    let svg = figure.split("</svg>").next().unwrap_or("");
    let mut rows: Vec<(f64, f64, f64, String)> = Vec::new();
    let all = texts(figure);
    for (piece, (start, end, shown)) in svg.split("<text ").skip(1).zip(all) {
        let y: f64 = attr(&format!(" {piece}"), "y").and_then(|y| y.parse().ok()).unwrap_or(f64::NAN);
        rows.push((y, start, end, shown));
    }
    let axis_y = rows.iter().filter(|r| r.2 - r.1 > 0.0).map(|r| r.0).fold(f64::MIN, f64::max);
    // The last row is the axis's name; the ticks are the row before it.
    let tick_y = rows.iter().map(|r| r.0).filter(|y| *y < axis_y).fold(f64::MIN, f64::max);
    rows.into_iter().filter(|r| r.0 == tick_y).map(|r| (r.1, r.2, r.3)).collect()
}

/// Found by a README-only trial: `12,345,678,901.234` started where its bar ended, at 411 of
/// 520, and was cut by the picture's edge.
#[test]
fn a_large_positive_value_is_labelled_inside_the_picture() {
    let site = site_with(TRIAL_RUNS, "```plot\ntitle: Big\nbars: big\n```\n");
    site.build().expect_success();
    let figure = plot(&site, 1);
    assert!(figure.contains(">12,345,678,901.234</text>"), "{figure}");
    assert_inside(&figure);
}

/// Found by a README-only trial: a run's name was drawn from x=8 whatever its length, and a
/// long one ran off the picture.
#[test]
fn a_long_run_name_is_cut_short_in_the_picture_and_kept_whole_in_its_title_and_table() {
    let site = site_with(TRIAL_RUNS, "```plot\ntitle: Big\nbars: big\n```\n");
    site.build().expect_success();
    let figure = plot(&site, 1);
    assert_inside(&figure);
    let name = "a_run_with_a_really_quite_extraordinarily_long_name_that_goes_on_and_on_forever";
    assert!(figure.contains(&format!("<title>{name}</title>")), "{figure}");
    assert!(figure.contains('…'), "{figure}");
    assert!(figure.contains(&format!("<th scope=\"row\">{name}</th>")), "{figure}");
}

/// Found by a README-only trial: `-12,500,000,000` and `-10,000,000,000` were 45 px apart
/// and ran into each other.
#[test]
fn tick_labels_never_overlap() {
    let site =
        site_with(TRIAL_RUNS, "```plot\ntitle: Big\nbars: big\n```\n\n```plot\ntitle: Neg\nbars: neg\n```\n");
    site.build().expect_success();
    for n in [1, 2] {
        let figure = plot(&site, n);
        // The drawing for a wide column, and the one for a phone's (issue 45).
        for figure in [figure.as_str(), narrow(&figure)] {
            let ticks = ticks(figure);
            assert!(ticks.len() >= 2, "{ticks:?}\n{figure}");
            for pair in ticks.windows(2) {
                assert!(pair[0].1 + 6.0 <= pair[1].0, "{:?} and {:?} overlap:\n{figure}", pair[0], pair[1]);
            }
            assert_inside(figure);
        }
    }
}

/// Issue 45: a plot's text was 10 px on a 390 px phone, the 520-unit picture scaled to the
/// column. Each plot is drawn again 340 units wide for a phone's column, every label
/// inside it and apart, with ids of its own; the stylesheet shows one of the two.
#[test]
fn each_plot_is_drawn_again_narrower_for_a_phone_with_its_labels_inside_and_ids_of_its_own() {
    let site =
        site_with(TRIAL_RUNS, "```plot\ntitle: Big\nbars: big\n```\n\n```plot\ntitle: Neg\nbars: neg\n```\n");
    site.build().expect_success();
    for n in [1, 2] {
        let figure = plot(&site, n);
        assert_eq!(figure.matches("<svg class=\"plot-svg plot-wide\"").count(), 1, "{figure}");
        // Twelve-digit labels need more than 340 units: the narrow one grows, as the wide does.
        assert!((340.0..=width(&figure)).contains(&width(narrow(&figure))), "{figure}");
        assert_inside(narrow(&figure));
        let ids: Vec<&str> = figure.split(" id=\"").skip(1).filter_map(|r| r.split('"').next()).collect();
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "{ids:?}");
        assert!(
            figure.contains(&format!("aria-labelledby=\"plot-{n}-narrow-title plot-{n}-narrow-desc\"")),
            "{figure}"
        );
    }
    let site = site_with(SERIES_RUNS, "```plot\ntitle: Rates\nbars: rate\n```\n");
    site.build().expect_success();
    let figure = plot(&site, 1);
    assert_eq!((width(&figure), width(narrow(&figure))), (520.0, 340.0), "{figure}");
    assert_inside(narrow(&figure));
    let css =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static/css/site.css"))
            .expect("site.css");
    assert!(css.contains(".plot-narrow { display: none;"), "the narrow drawing is hidden unless on a phone");
}

/// Issue 45: the CPU plot's title said "CPUs busy" and its axis "Share (%)". A block's
/// `axis:` names the value axis, with the plot's unit, in each language's own words.
#[test]
fn a_plots_axis_key_names_its_value_axis_with_the_unit_in_both_languages() {
    let runs = "build: {driver: stock}\nruns:\n  a: {busy: 27.0}\n  b: {busy: 1.0}\n";
    let site = site_with(
        runs,
        "```plot\ntitle: CPUs busy, each run\nbars: busy\nunit: \"%\"\naxis: CPUs busy\n```\n",
    );
    japanese_translation(
        &site,
        "```plot\ntitle: 各実行の CPU 使用率\nbars: busy\nunit: \"%\"\naxis: CPU 使用率\n```",
    );
    site.build().expect_success();
    let figure = plot(&site, 1);
    assert_eq!(figure.matches(">CPUs busy (%)</text>").count(), 2, "both drawings: {figure}");
    assert!(figure.contains("<th scope=\"col\">CPUs busy (%)</th>"), "{figure}");
    assert!(!figure.contains("Share"), "{figure}");
    // Each bar's value with its unit, at the digits the data holds.
    // runs.yaml's `27.0` and `1.0`, as written, not `27` and `1` (issue 45).
    assert!(figure.contains(">27.0 %</text>") && figure.contains(">1.0 %</text>"), "{figure}");
    assert!(figure.contains(">27.0</a></td>") && figure.contains(">1.0</a></td>"), "{figure}");
    let ja = japanese_plot(&site);
    assert!(
        ja.contains(">CPU 使用率（%）</text>") && ja.contains("<th scope=\"col\">CPU 使用率（%）</th>"),
        "{ja}"
    );
    // Without the key, the axis is named by what the unit measures.
    let site = site_with(runs, "```plot\ntitle: CPUs busy\nbars: busy\nunit: \"%\"\n```\n");
    site.build().expect_success();
    assert!(plot(&site, 1).contains(">Share (%)</text>"), "{}", plot(&site, 1));
}

/// Found by a README-only trial: an iperf 2 run's `2.84 GBytes` was labelled
/// `3,049,426,780.16` in the plot and its table, digits iperf never printed, while the
/// evidence said `2.84 GiB`.
#[test]
fn a_printed_value_is_plotted_with_the_digits_it_was_printed_with() {
    let site = site_with(
        "build: {driver: stock}\nruns:\n  soekris:\n    iperf: raw/test1.txt\n",
        "```plot\ntitle: Received\nbars: received.bytes\n```\n",
    );
    site.file(&format!("{BUNDLE}/raw/test1.txt"), include_str!("../fixtures/figures/iperf2/test1.txt"));
    site.build().expect_success();
    let figure = plot(&site, 1);
    assert!(!figure.contains("049"), "digits iperf never printed:\n{figure}");
    assert!(figure.contains(">2.84 GiB</text>"), "{figure}");
    assert!(figure.contains(">2.84</a></td>"), "{figure}");
    assert!(figure.contains("(GiB)"), "{figure}");
}

/// Found by a README-only trial: a zero value was drawn as a 1 px bar.
#[test]
fn a_zero_value_draws_no_bar_but_keeps_its_label() {
    let site = site_with(
        TRIAL_RUNS,
        "```plot\ntitle: Zero\nbars: zero\n```\n\n```plot\ntitle: Big\nbars: big\n```\n",
    );
    site.build().expect_success();
    let zero = plot(&site, 1);
    assert_eq!(zero.matches("<rect class=\"plot-bar\"").count(), 0, "{zero}");
    assert_eq!(zero.matches(">0</text>").count(), 6, "two bars' labels and the first tick, twice: {zero}");
    // A tiny value beside a large one keeps a bar a reader can see.
    let big = plot(&site, 2);
    assert_eq!(big.matches("<rect class=\"plot-bar\"").count(), 4, "two, in each drawing: {big}");
}

/// Two series of repeated runs (issue 47): four TCP runs and three UDP runs.
const SERIES_RUNS: &str = "build: {driver: stock}
runs:
  t1: {proto: tcp, rate: 987 Mbit/s}
  t2: {proto: tcp, rate: 986 Mbit/s}
  t3: {proto: tcp, rate: 989 Mbit/s}
  t4: {proto: tcp, rate: 988.5 Mbit/s}
  u1: {proto: udp, rate: 951 Mbit/s}
  u2: {proto: udp, rate: 955 Mbit/s}
  u3: {proto: udp, rate: 949 Mbit/s}
series:
  tcp: [t1, t2, t3, t4]
  udp: [u1, u2, u3]
figures:
  tcp_median: {is: \"median(series.tcp.*.rate)\", unit: Mbit/s}
  udp_median: {is: \"median(series.udp.*.rate)\", unit: Mbit/s}
  tcp_mean: {is: \"mean(series.tcp.*.rate)\", unit: Mbit/s}
  udp_mean: {is: \"mean(series.udp.*.rate)\", unit: Mbit/s}
  one_rate: {is: \"runs.t1.rate\", unit: Mbit/s}
";

/// The values table's rows: each cell's text, links and all markup left out.
fn rows(figure: &str) -> Vec<Vec<String>> {
    let body = figure.split("<tbody>").nth(1).unwrap_or("");
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.replace("</a>", "")
                .split("</t")
                .filter_map(|cell| cell.rsplit('>').next())
                .map(str::to_string)
                .filter(|c| !c.is_empty() && !c.starts_with('\n'))
                .collect()
        })
        .collect()
}

#[test]
fn a_bar_of_a_series_has_whiskers_of_its_range_named_in_the_legend_and_n_in_its_table() {
    let plots =
        "```plot\ntitle: TCP and UDP, repeated\nfigures: [tcp_median, udp_median]\nlabels: [TCP, UDP]\n```\n";
    let site = site_with(SERIES_RUNS, plots);
    site.build().expect_success();
    let figure = plot(&site, 1);
    assert_eq!(figure.matches("<path class=\"plot-whisker\"").count(), 4, "two, in each drawing: {figure}");
    assert!(figure.contains("Whiskers: the least and the greatest value of the runs"), "{figure}");
    assert!(figure.contains("<th scope=\"col\">N</th><th scope=\"col\">Range (Mbit/s)</th>"), "{figure}");
    assert_eq!(rows(&figure), [["TCP", "987.75", "4", "986–989"], ["UDP", "951", "3", "949–955"]]);
    // Each bar links to its figure's evidence, which says N and the spread.
    assert!(figure.contains("href=\"#figure-tcp_median\""), "{figure}");
    assert_inside(&figure);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("plots__a_bar_of_a_series_has_whiskers_of_its_range_named_in_the_legend_and_n_in_its_table", figure);
    });
}

/// The bundle's Japanese translation, its body `plot` and the required sections.
fn japanese_translation(site: &Site, plot: &str) {
    let hash = site.hash(&format!("{BUNDLE}/index.md"));
    site.file(
        &format!("{BUNDLE}/index.ja.md"),
        format!(
            "---\ntitle: XGS 136 を通る HTTP\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\nsummary: HTTP の応答とフレーム。\n\
             translates: {hash}\n---\n\n{plot}\n\n## 測り方\n\n9,000 件の応答を curl で。\n\n## 測っていないこと\n\n遅延。\n"
        ),
    );
}

/// The Japanese page's first plot, from `<figure` to `</figure>`.
fn japanese_plot(site: &Site) -> String {
    let ja = site.read("ja/measurements/2026-10-29-http/index.html");
    let at = ja.find("<figure class=\"plot\"").unwrap_or(0);
    ja[at..ja[at..].find("</figure>").map_or(ja.len(), |e| at + e)].to_string()
}

#[test]
fn whiskers_of_the_standard_error_are_drawn_about_the_mean_and_listed_in_japanese() {
    let plots = "```plot\ntitle: Means\nfigures: [tcp_mean, udp_mean]\nwhiskers: se\n```\n";
    let site = site_with(SERIES_RUNS, plots);
    japanese_translation(&site, "```plot\ntitle: 平均\nfigures: [tcp_mean, udp_mean]\nwhiskers: se\n```");
    site.build().expect_success();
    let figure = plot(&site, 1);
    assert!(figure.contains("Whiskers: ± the standard error of the mean"), "{figure}");
    // SE of the TCP runs: √(5.6875 / 3) / 2 = 0.688… Mbit/s; of the UDP runs
    // √(18.666… / 2) / √3 = 1.763… Mbit/s. A mean of thirds is listed as its bar is labelled.
    assert_eq!(rows(&figure), [["tcp_mean", "987.625", "4", "0.69"], ["udp_mean", "951.667", "3", "1.8"]]);
    let ja_figure = &japanese_plot(&site);
    assert!(ja_figure.contains("ひげ：平均の標準誤差（±）"), "{ja_figure}");
    assert!(ja_figure.contains("<th scope=\"col\">標準誤差 ±（Mbit/s）</th>"), "{ja_figure}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("plots__whiskers_of_the_standard_error_are_drawn_about_the_mean_and_listed_in_japanese", figure);
    });
}

#[test]
fn whiskers_need_figures_over_a_series() {
    for (plots, says) in [
        ("```plot\ntitle: One\nfigures: [one_rate]\n```\n", "`one_rate` is not computed over a series"),
        (
            "```plot\ntitle: Bars\nbars: rate\nwhiskers: range\n```\n",
            "`whiskers` are drawn on bars of figures",
        ),
        ("```plot\ntitle: T\nfigures: [tcp_median]\nwhiskers: iqr\n```\n", "`whiskers: iqr` is not one"),
    ] {
        let site = site_with(SERIES_RUNS, plots);
        let (run, errors) = common::check_json(&site);
        assert_eq!(run.code, 1, "{plots}: {run:#?}");
        assert!(
            errors
                .iter()
                .any(|e| e["code"] == "plot-spec" && e["message"].as_str().unwrap_or("").contains(says)),
            "{plots}: {errors:#?}"
        );
    }
}

#[test]
fn a_japanese_values_table_writes_a_range_as_japanese_text_does() {
    let plots =
        "```plot\ntitle: TCP and UDP, repeated\nfigures: [tcp_median, udp_median]\nlabels: [TCP, UDP]\n```\n";
    let site = site_with(SERIES_RUNS, plots);
    japanese_translation(
        &site,
        "```plot\ntitle: 繰り返し\nfigures: [tcp_median, udp_median]\nlabels: [TCP, UDP]\n```",
    );
    site.build().expect_success();
    let ja_figure = &japanese_plot(&site);
    assert_eq!(rows(ja_figure), [["TCP", "987.75", "4", "986～989"], ["UDP", "951", "3", "949～955"]]);
    assert_eq!(rows(&plot(&site, 1))[0][3], "986–989", "the English table keeps its en dash");
}

/// A README-only trial: a Japanese plot title's 一秒ごと ("second by second") was a number
/// nothing checks, while the English title's "second by second" was no number. Both are an
/// interval's idiom; a second stated in digits, or two in words, is a figure in either.
#[test]
fn second_by_second_is_no_number_in_a_plot_title_in_either_language() {
    for title in ["Big, second by second", "一秒ごとの値", "一秒毎の値"] {
        site_with(TRIAL_RUNS, &format!("```plot\ntitle: {title}\nbars: big\n```\n")).build().expect_success();
    }
    for (title, stated) in [("Big every 1 s", "1 s"), ("1 秒ごとの値", "1 秒"), ("二秒ごとの値", "二秒")]
    {
        let site = site_with(TRIAL_RUNS, &format!("```plot\ntitle: {title}\nbars: big\n```\n"));
        site.build()
            .expect_code(1)
            .expect_stderr(&format!("`{stated}` in the plot's title is a number nothing checks"));
    }
}
