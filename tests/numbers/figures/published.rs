//! figures.json and `check --against`: what was published, and a changed figure.

use super::*;

/// figures.json's figures, each with its page and language: format 2 lists each under a
/// line for its page, as an array of the fields its header names.
fn listed_figures(json: &Value) -> Vec<(String, String, Vec<Value>)> {
    let mut page = None;
    let mut figures = Vec::new();
    for row in json["figures"].as_array().expect("a list of figures") {
        match row {
            Value::Object(line) => page = Some((line["page"].clone(), line["lang"].clone())),
            Value::Array(fields) => {
                let (path, lang) = page.clone().expect("a figure after its page's line");
                let text = |v: Value| v.as_str().expect("a string").to_string();
                figures.push((text(path), text(lang), fields.clone()));
            }
            other => panic!("neither a page's line nor a figure: {other}"),
        }
    }
    figures
}

#[test]
fn build_writes_figures_json_listing_every_stated_figure() {
    let site = site();
    site.build().expect_success();
    let json: Value = serde_json::from_str(&site.read("figures.json")).expect("figures.json is JSON");
    assert_eq!(json["format"], 2, "{json:#}");
    assert_eq!(
        json["columns"],
        serde_json::json!(["name", "stated", "computed", "unit", "formula", "inputs", "struck", "vendor"])
    );
    let figures = listed_figures(&json);
    assert_eq!(figures.len(), 16, "{json:#}");
    let (page, _, share) = figures
        .iter()
        .find(|(_, lang, f)| lang == "ja" && f[0] == "host_share_close")
        .expect("the Japanese page's share");
    assert_eq!(page, JA);
    assert_eq!(share[1], "74 %");
    assert!((share[2].as_f64().expect("computed") - 73.593_389_920_546).abs() < 1e-9, "{share:?}");
    assert_eq!(share[3], "%");
    assert_eq!(
        share[4],
        "share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)"
    );
    // The inputs, one for each path the formula names, in its order.
    assert_eq!(share[5], serde_json::json!([962826, 1308305]));
    assert_eq!(share.len(), 6, "nothing struck, not a vendor's: {share:?}");
    // A figure that states one value of the data is its name, its text and its value.
    let (_, _, received) = figures
        .iter()
        .find(|(_, lang, f)| lang == "en" && f[0] == "runs.close_coproc.host_frames.received")
        .expect("a value of the data");
    assert_eq!(
        *received,
        [serde_json::json!("runs.close_coproc.host_frames.received"), "962,826".into(), 962826.into()]
    );
    let (_, _, vendor) =
        figures.iter().find(|(_, _, f)| f[0] == "xgs136_fw_http").expect("the vendor's figure");
    assert_eq!(vendor[2], Value::Null);
    assert_eq!(vendor.last(), Some(&Value::Bool(true)), "{vendor:?}");
}

#[test]
fn figures_json_gives_each_figure_its_own_line_so_a_diff_shows_the_figures_that_changed() {
    let site = site();
    site.build().expect_success();
    let text = site.read("figures.json");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("{\"format\": 2, \"generator\": \"tally "), "{text}");
    assert!(lines[1].starts_with("\"columns\": ["), "{text}");
    assert_eq!(lines[2], "\"figures\": [");
    let end = lines.iter().position(|l| *l == "],").expect("the figures' closing bracket");
    // Then the places, one page a line, so that a figure's own line holds no line number.
    assert_eq!(lines.get(end + 1), Some(&"\"places\": {"), "{text}");
    assert_eq!(lines.last(), Some(&"}}"));
    let rows = &lines[3..end];
    for (i, line) in rows.iter().enumerate() {
        let row = line.strip_suffix(',').unwrap_or(line);
        assert_eq!(line.ends_with(','), i + 1 < rows.len(), "{line}");
        let row: Value = serde_json::from_str(row).expect("one figure or page per line");
        if i == 0 || row.is_object() {
            assert_eq!(
                row.as_object().map(|o| o.len()),
                Some(2),
                "a page's line: its path and language: {line}"
            );
        } else {
            assert!(row[0].is_string() && row[1].is_string(), "a figure: {line}");
        }
    }
    let pages = rows.iter().filter(|l| l.starts_with('{')).count();
    assert_eq!((pages, rows.len() - pages), (2, 16), "{text}");
}

/// Builds the fixture with 9,481 published, keeps its figures.json, then states 9,000.
fn republished(strike: bool) -> (Site, tempfile::TempDir) {
    let site = site();
    site.edit(RUNS, "complete: 9000", "complete: 9481");
    // 9,481 × 524,288 × 8 ÷ 40 = 994.2 Mbit/s
    for page in [EN, JA] {
        site.edit(page, "[9,000]", "[9,481]");
        site.edit(page, "[943 Mbit/s]", "[994 Mbit/s]");
    }
    retranslate(&site);
    site.build().expect_success();
    let old = tempfile::tempdir().expect("a folder");
    std::fs::copy(site.path("site/figures.json"), old.path().join("figures.json")).expect("a copy");
    if strike {
        site.edit(
            RUNS,
            "    responses: {complete: 9481, failed: 2}",
            "    responses:\n      complete: {value: 9000, withdrawn: [{value: 9481, on: 2026-10-30, why: the trial's count}]}\n      failed: 2",
        );
        site.edit(
            RUNS,
            "round: down}",
            "round: down, withdrawn: [{value: 994 Mbit/s, on: 2026-10-30, why: the trial's count}]}",
        );
    } else {
        site.edit(RUNS, "complete: 9481", "complete: 9000");
    }
    for page in [EN, JA] {
        let (count, rate) = if strike {
            ("[~~9,481~~ 9,000]", "[~~994 Mbit/s~~ 943 Mbit/s]")
        } else {
            ("[9,000]", "[943 Mbit/s]")
        };
        site.edit(page, "[9,481]", count);
        site.edit(page, "[994 Mbit/s]", rate);
    }
    retranslate(&site);
    (site, old)
}

#[test]
fn check_against_old_figures_fails_where_a_stated_value_changed_without_the_old_one_struck() {
    let (site, old) = republished(false);
    site.check().expect_success();
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    run.expect_code(1);
    assert_eq!(errors.len(), 4, "two figures on two pages: {}", run.stdout);
    assert!(errors.iter().all(|e| e["code"] == "figure-silently-changed"), "{}", run.stdout);
    let messages: Vec<&str> = errors.iter().filter_map(|e| e["message"].as_str()).collect();
    assert!(messages.iter().any(|m| m.contains("`9,481`") && m.contains("`9,000`")), "{messages:#?}");
    assert!(messages.iter().any(|m| m.contains("`994 Mbit/s`")), "{messages:#?}");
}

#[test]
fn check_against_old_figures_passes_when_the_old_value_is_struck_and_listed() {
    let (site, old) = republished(true);
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}

/// A figures.json as tally wrote it before format 2 (sites still serve such files): the
/// fixture's two figures published on the English page at 9,481, every field named, and
/// their places.
fn published_in_format_1(site: &Site) -> tempfile::TempDir {
    let record = |name: &str, stated: &str, computed: f64, unit: &str, formula: &str, inputs: Value| {
        serde_json::json!({
            "page": EN, "lang": "en", "name": name, "stated": stated, "struck": [], "computed": computed,
            "unit": unit, "formula": formula, "inputs": inputs, "vendor": false
        })
    };
    let count = "runs.close_coproc.responses.complete";
    let rate = "runs.close_coproc.responses.complete * body_bytes * 8 / seconds";
    let figures = [
        record(count, "9,481", 9481.0, "", count, serde_json::json!([[count, 9481.0]])),
        record(
            "bodies_close_coproc",
            "994 Mbit/s",
            994_050_048.0,
            "bit/s",
            rate,
            serde_json::json!([[count, 9481.0], ["body_bytes", 524288.0], ["seconds", 40.0]]),
        ),
    ];
    let ((l1, c1), (l2, c2)) = (place(site, EN, "9,000]"), place(site, EN, "943 Mbit/s]"));
    let text = format!(
        "{{\"generator\": \"tally 0.1.0 (e8ee8b9e5e9d)\",\n\"figures\": [\n{},\n{}\n],\n\"places\": {{\n\"{EN}\": [[{l1},{c1}],[{l2},{c2}]]\n}}}}\n",
        figures[0], figures[1]
    );
    let old = tempfile::tempdir().expect("a folder");
    std::fs::write(old.path().join("figures.json"), text).expect("the old figures.json");
    old
}

#[test]
fn check_against_a_figures_json_of_format_1_catches_a_changed_value_and_passes_a_struck_one() {
    let (site, _) = republished(false);
    let old = published_in_format_1(&site);
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    run.expect_code(1);
    assert_eq!(errors.len(), 2, "two figures of the English page: {}", run.stdout);
    assert_at(&errors[0], "figure-silently-changed", &site, EN, "9,000]");
    assert_at(&errors[1], "figure-silently-changed", &site, EN, "943 Mbit/s]");
    let (line, col) = place(&site, EN, "9,000]");
    assert!(
        notes(&errors[0]).contains(&format!("where it stood at line {line}, column {col}")),
        "{:#}",
        errors[0]
    );

    let (site, _) = republished(true);
    let old = published_in_format_1(&site);
    let against = old.path().join("figures.json");
    let (run, errors) = check_json_with(&site, &["--against", against.to_str().expect("UTF-8")]);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}
