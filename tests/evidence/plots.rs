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
        let ticks = ticks(&figure);
        assert!(ticks.len() >= 2, "{ticks:?}\n{figure}");
        for pair in ticks.windows(2) {
            assert!(pair[0].1 + 6.0 <= pair[1].0, "{:?} and {:?} overlap:\n{figure}", pair[0], pair[1]);
        }
        assert_inside(&figure);
    }
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
    assert!(figure.contains(">2.84</text>"), "{figure}");
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
    assert_eq!(zero.matches(">0</text>").count(), 3, "two bars' labels and the first tick: {zero}");
    // A tiny value beside a large one keeps a bar a reader can see.
    let big = plot(&site, 2);
    assert_eq!(big.matches("<rect class=\"plot-bar\"").count(), 2, "{big}");
}
