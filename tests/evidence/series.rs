//! Issue 47, repeated runs: a page states the median, the mean with its standard error
//! and the range of a series of runs, each computed from the runs; each stated wrong by one
//! digit fails at its place; the hover title and evidence say N and the spread; and
//! `min_runs` and `max_cv` warn, naming the runs, only when set.

use crate::common;

use common::{Site, check_json, check_json_all, place};

const PAGE: &str = "content/measurements/m/index.md";
const RUNS: &str = "content/measurements/m/runs.yaml";

const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3}
runs:
  r1: {streams: one, rate: 987 Mbit/s}
  r2: {streams: one, rate: 986 Mbit/s}
  r3: {streams: one, rate: 989 Mbit/s}
  r4: {streams: one, rate: 988.5 Mbit/s}
series:
  tcp: [r1, r2, r3, r4]
figures:
  median_rate: {is: \"median(series.tcp.*.rate)\", unit: Mbit/s}
  mean_rate: {is: \"mean(series.tcp.*.rate)\", unit: Mbit/s}
  se_rate: {is: \"se(series.tcp.*.rate)\", unit: Mbit/s}
  slowest: {is: \"min(series.tcp.*.rate)\", unit: Mbit/s}
  fastest: {is: \"max(series.tcp.*.rate)\", unit: Mbit/s}
";

const PROSE: &str = "Four runs gave a median of [987.75 Mbit/s]{=median_rate}, a mean of \
[987.6 Mbit/s]{=mean_rate} with a standard error of [0.69 Mbit/s]{=se_rate}, from \
[986 Mbit/s]{=slowest} to [989 Mbit/s]{=fastest}.";

fn site(prose: &str) -> Site {
    common::one_run_site(PAGE, RUNS, RUNS_YAML, prose)
}

#[test]
fn a_median_a_mean_with_its_se_and_a_range_over_a_series_pass() {
    site(PROSE).check().expect_success();
}

#[test]
fn each_statistic_stated_wrong_by_one_digit_fails_at_its_place() {
    for (right, wrong) in [
        ("987.75 M", "987.76 M"),
        ("987.6 M", "987.7 M"),
        ("0.69 M", "0.68 M"),
        ("986 M", "985 M"),
        ("989 M", "988 M"),
    ] {
        let site = site(&PROSE.replace(right, wrong));
        let (run, errors) = check_json(&site);
        assert_eq!(run.code, 1, "{wrong}: {run:#?}");
        assert_eq!(errors.len(), 1, "{wrong}: {errors:#?}");
        let (line, col) = place(&site, PAGE, wrong.trim_start_matches('['));
        let error = &errors[0];
        assert_eq!(error["code"], "figure-mismatch", "{error:#}");
        assert_eq!((error["line"].as_u64(), error["col"].as_u64()), (Some(line), Some(col)), "{error:#}");
    }
}

#[test]
fn the_hover_title_and_the_evidence_say_n_and_the_spread() {
    let site = site(PROSE);
    site.build().expect_success();
    assert!(site.has("measurements/m/index.html"));
    for page in ["measurements/m/index.html", "ja/measurements/m/index.html"] {
        if !site.has(page) {
            continue;
        }
        let html = site.read(page);
        let spread = "N = 4, 986–989 Mbit/s, SE ± 0.69 Mbit/s";
        assert!(
            html.contains(&format!("median(series.tcp.*.rate) = 987.75 Mbit/s ({spread})")),
            "{page}:\n{html}"
        );
        assert!(html.contains(&format!("987.75 Mbit/s ({spread})")), "{page}");
    }
}

#[test]
fn min_runs_and_max_cv_warn_naming_the_runs_only_when_set() {
    let site = site(PROSE);
    let codes = |site: &Site| -> Vec<String> {
        check_json_all(site).iter().map(|d| d["code"].as_str().unwrap_or("").to_string()).collect()
    };
    assert!(!codes(&site).iter().any(|c| c.starts_with("series-")));
    let settings = site.read_source("site.yaml");
    site.file("site.yaml", format!("{settings}figures: {{min_runs: 5, max_cv: 0.1}}\n"));
    let found = check_json_all(&site);
    let few: Vec<_> = found.iter().filter(|d| d["code"] == "series-few-runs").collect();
    // One per figure over the series: median, mean, se, min, max.
    assert_eq!(few.len(), 5, "{found:#?}");
    assert_eq!(few[0]["severity"], "warning");
    assert!(few[0]["message"].as_str().unwrap_or("").contains("`r1`, `r2`, `r3`, `r4`"), "{:#}", few[0]);
    let spread: Vec<_> = found.iter().filter(|d| d["code"] == "series-spread").collect();
    assert_eq!(spread.len(), 5, "{found:#?}");
    assert!(spread[0]["message"].as_str().unwrap_or("").contains("0.14 %"), "{:#}", spread[0]);
    // A page's own rules take the place of site.yaml's; `max_cv:` alone is 3.5 %.
    site.file(PAGE, common::measurement_page(PROSE).replacen("---\n\n", "min_runs: 4\nmax_cv:\n---\n\n", 1));
    assert!(!codes(&site).iter().any(|c| c.starts_with("series-")), "{:#?}", check_json_all(&site));
}
