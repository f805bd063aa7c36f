//! Files that are not regular files (issue 27): a named pipe (FIFO) anywhere in a site never
//! makes tally wait for a writer, and is never dropped without a word. tally reads only
//! regular files: where the file is required it is an error, elsewhere a warning says what
//! was skipped, as for symbolic links.
#![cfg(unix)]

use crate::common;

use common::{Run, Site};

fn home_site() -> Site {
    let site = Site::new();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nHello.\n");
    site
}

/// Replaces `relative` by a named pipe no one writes into.
fn fifo(site: &Site, relative: &str) {
    let path = site.path(relative);
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).expect("the pipe's folder");
    }
    let _ = std::fs::remove_file(&path);
    let made = std::process::Command::new("mkfifo").arg(&path).status().expect("running mkfifo");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// `tally ARGS` on the site; a run still waiting after two minutes is killed and fails the
/// test (a reader blocked on a pipe waits for ever).
fn tally_not_blocking(site: &Site, args: &[&str]) -> Run {
    use std::io::Read as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tally"))
        .arg("--root")
        .arg(site.root())
        .args(args)
        .current_dir(site.root())
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting tally");
    let mut stderr = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut waited = 0;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting") {
            break status;
        }
        if waited >= 1200 {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tally {args:?} blocked: killed after two minutes");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    };
    Run { code: status.code().unwrap_or(-1), stdout: String::new(), stderr: reader.join().expect("stderr") }
}

fn build(site: &Site) -> Run {
    tally_not_blocking(site, &["build"])
}

#[test]
fn a_fifo_as_site_yaml_is_an_error_not_a_wait() {
    let site = home_site();
    fifo(&site, "site.yaml");
    let run = build(&site);
    assert_ne!(run.code, 0, "{run:?}");
    run.expect_stderr("site.yaml").expect_stderr("named pipe");
}

#[test]
fn a_fifo_as_a_fluent_file_is_an_error_not_a_wait() {
    let site = home_site();
    fifo(&site, "i18n/ja.ftl");
    let run = build(&site);
    assert_ne!(run.code, 0, "{run:?}");
    run.expect_stderr("i18n/ja.ftl").expect_stderr("named pipe");
}

#[test]
fn a_fifo_as_a_template_is_an_error_not_a_wait() {
    let site = home_site();
    fifo(&site, "templates/base.html");
    let run = build(&site);
    assert_ne!(run.code, 0, "{run:?}");
    run.expect_stderr("templates/base.html").expect_stderr("named pipe");
}

#[test]
fn a_fifo_as_readme_is_an_error_of_check_not_a_wait() {
    let site = home_site();
    site.appliance();
    fifo(&site, "README.md");
    let run = tally_not_blocking(&site, &["check"]);
    assert_ne!(run.code, 0, "{run:?}");
    run.expect_stderr("README.md").expect_stderr("named pipe");
}

#[test]
fn a_fifo_as_a_raw_file_is_an_error_at_the_run_data() {
    let site = Site::new();
    let runs = "build: {driver: d, release: r}\nruns:\n  t:\n    iperf: raw/iperf.json\n";
    site.appliance().file("content/m/runs.yaml", runs).file("content/m/index.md", common::MEASUREMENT);
    fifo(&site, "content/m/raw/iperf.json");
    let run = tally_not_blocking(&site, &["check"]);
    assert_ne!(run.code, 0, "{run:?}");
    run.expect_stderr("content/m/runs.yaml:4:").expect_stderr("raw/iperf.json");
}

#[test]
fn a_fifo_under_content_or_static_is_skipped_with_a_warning() {
    let site = home_site();
    for pipe in ["content/m/data.csv", "static/feed.txt"] {
        fifo(&site, pipe);
    }
    site.file("static/ok.txt", "published");
    let run = build(&site);
    run.expect_success();
    for pipe in ["content/m/data.csv", "static/feed.txt"] {
        let said = run.diagnostic_lines().into_iter().any(|l| l.starts_with("warning[") && l.contains(pipe));
        assert!(said, "{pipe} was skipped without a word:\n{}", run.stderr);
    }
    assert!(site.has("ok.txt"));
    assert!(!site.has("m/data.csv") && !site.has("feed.txt"));
}

#[test]
fn a_symbolic_link_under_static_is_skipped_with_a_warning() {
    let site = home_site();
    site.file("elsewhere.txt", "outside static/");
    std::os::unix::fs::symlink(site.path("elsewhere.txt"), site.path("static/linked.txt")).expect("a link");
    let run = build(&site);
    run.expect_success().expect_stderr("static/linked.txt");
    assert!(!site.has("linked.txt"));
}

#[test]
fn a_fifo_as_a_page_or_a_runs_yaml_is_an_error_at_that_file() {
    for pipe in ["content/notes.md", "content/m/index.md", "content/m/runs.yaml"] {
        let site = Site::new();
        let runs = "build: {driver: d, release: r}\nruns: {}\n";
        site.appliance().file("content/m/runs.yaml", runs).file("content/m/index.md", common::MEASUREMENT);
        site.file("content/notes.md", "---\ntitle: Notes\n---\n\nText.\n");
        fifo(&site, pipe);
        for run in [build(&site), tally_not_blocking(&site, &["check"])] {
            assert_eq!(run.code, 1, "{pipe}: {run:?}");
            let said = run
                .diagnostic_lines()
                .into_iter()
                .any(|l| l.starts_with("error[special-file]") && l.contains(pipe));
            assert!(said, "{pipe} is not an error at the file:\n{}", run.stderr);
        }
    }
}

/// A runs.yaml that cannot be read is the one error: the page it feeds is not also told its
/// run data is missing (`missing-build`) or that its figures are unknown.
#[test]
fn a_fifo_as_runs_yaml_gives_no_errors_that_follow_from_it() {
    let tagged = format!("{}\nIt answered [9,000]{{=runs.r.complete}} requests.\n", common::MEASUREMENT);
    let site = Site::new();
    site.appliance()
        .file("content/m/runs.yaml", "build: {driver: d, release: r}\nruns: {}\n")
        .file("content/m/index.md", &tagged);
    fifo(&site, "content/m/runs.yaml");
    for run in [build(&site), tally_not_blocking(&site, &["check"])] {
        let errors: Vec<&str> =
            run.diagnostic_lines().into_iter().filter(|l| l.starts_with("error[")).collect();
        assert_eq!(errors.len(), 1, "{errors:#?}\n{}", run.stderr);
        assert!(errors[0].starts_with("error[special-file]"), "{errors:#?}");
    }
}
