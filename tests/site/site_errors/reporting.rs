//! Every problem in one run, in order, and the machine formats (json, github).

use super::*;

/// Three files with six problems of the resolve stage; the measurement page's missing
/// section (line 1) is found after its broken link (line 9).
fn site_with_six_errors() -> Site {
    let site = Site::new();
    site.file("content/c.md", "---\ntitle: C\n---\n\n[x](x.md)\n");
    site.file("content/a.md", "---\ntitle: A\n---\n\nText.\n\n[y](y.md)\n\n[z](../../z.txt) and [w](#w)\n");
    site.measurement(
        "content/m",
        MEASUREMENT
            .replace("## Not measured", "## Later")
            .replace("received most frames", "received [most](gone.md) frames"),
    );
    site.file("content/b.md", "---\ntitle: B\n---\n\nFine.\n");
    site
}

#[test]
fn reports_every_error_of_every_file_in_one_run_sorted_by_file_and_line() {
    let site = site_with_six_errors();
    let run = site.build();
    run.expect_code(1).expect_stderr("6 error(s), 0 warning(s)");
    let places: Vec<&str> = run
        .diagnostic_lines()
        .iter()
        .map(|l| {
            let after = l.split_once("]: ").expect("`error[code]: place: message`").1;
            after.split(": ").next().expect("a place")
        })
        .collect();
    assert_eq!(
        places,
        [
            "content/a.md:7:1",
            "content/a.md:9:1",
            "content/a.md:9:22",
            "content/c.md:5:1",
            "content/m/index.md:1:1",
            "content/m/index.md:9:19",
        ],
        "{}",
        run.stderr
    );
}

#[test]
fn reports_every_unreadable_page_in_one_run() {
    let site = Site::new();
    site.file("content/z.md", "---\ntitle: Z\ntitel: B\n---\n");
    site.file("content/a.md", b"---\ntitle: \xff\n---\n");
    site.file("content/m.md", "no front matter\n");
    site.file("content/k.xx.md", "---\ntitle: K\n---\n");
    let run = site.build();
    run.expect_code(1).expect_stderr("4 error(s), 0 warning(s)");
    let codes: Vec<&str> =
        run.diagnostic_lines().iter().map(|l| l.split_once(": ").expect("a heading").0).collect();
    assert_eq!(
        codes,
        ["error[bad-utf8]", "error[unknown-language]", "error[missing-front-matter]", "error[bad-yaml]",],
        "{}",
        run.stderr
    );
}

#[test]
fn json_format_gives_an_array_of_problems_with_path_line_col_and_code() {
    let site = site_with_six_errors();
    let run = site.tally(&["--format", "json", "check"]);
    run.expect_code(1);
    let problems: serde_json::Value = serde_json::from_str(&run.stdout).expect("stdout is JSON");
    let problems = problems.as_array().expect("a JSON array");
    assert_eq!(problems.len(), 6, "{}", run.stdout);
    let first = &problems[0];
    assert_eq!(first["path"], "content/a.md");
    assert_eq!(first["line"], 7);
    assert_eq!(first["col"], 1);
    assert_eq!(first["code"], "broken-link");
    assert_eq!(first["severity"], "error");
    assert_eq!(first["message"], "`y.md` is not a page of this site");
    let section = &problems[4];
    assert_eq!(section["path"], "content/m/index.md");
    assert_eq!((&section["line"], &section["col"]), (&1.into(), &1.into()));
    assert_eq!(section["code"], "missing-section");
    let last = &problems[5];
    assert_eq!(last["path"], "content/m/index.md");
    assert_eq!((&last["line"], &last["col"]), (&9.into(), &19.into()));
    assert_eq!(last["code"], "broken-link");
    assert!(!run.stderr.contains("error["), "human output mixed in: {}", run.stderr);
}

#[test]
fn json_format_gives_an_empty_array_when_all_is_well() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n");
    let run = site.tally(&["--format", "json", "check"]);
    run.expect_success();
    assert_eq!(run.stdout.trim(), "[]");
}

#[test]
fn github_format_gives_one_error_annotation_per_problem() {
    let site = site_with_six_errors();
    let run = site.tally(&["--format", "github", "check"]);
    run.expect_code(1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", run.stdout);
    assert!(
        lines[0].starts_with(
            "::error file=content/a.md,line=7,col=1::[broken-link] `y.md` is not a page of this site"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[4].starts_with("::error file=content/m/index.md,line=1,col=1::[missing-section]"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with(
            "::error file=content/m/index.md,line=9,col=19::[broken-link] `gone.md` is not a page of this site"
        ),
        "{}",
        lines[5]
    );
    assert!(lines.iter().all(|l| l.starts_with("::error file=")));
}

#[test]
fn github_format_gives_warning_annotations_for_warnings() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n");
    site.file("content/a.ja.md", "---\ntitle: ア\ntranslates: 0000000000000000\n---\n");
    let run = site.tally(&["--format", "github", "check"]);
    run.expect_success();
    assert!(
        run.stdout.starts_with("::warning file=content/a.ja.md,line=3,col=13::[translation-out-of-date]"),
        "{}",
        run.stdout
    );
}

#[test]
fn places_problems_in_a_page_with_crlf_line_endings_and_a_byte_order_mark() {
    let site = Site::new();
    site.file("content/a.md", "\u{feff}---\r\ntitle: A\r\n---\r\n\r\nIntro.\r\n\r\nSee [b](b.md).\r\n");
    fails_with_one_error(&site, "error[broken-link]: content/a.md:7:5: `b.md` is not a page of this site");
}
