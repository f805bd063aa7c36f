//! Publishing the bundled site: `tally check --against` the folder of its last build (a
//! figure changed without its old value struck, a figure gone from its page, a first
//! publication), and scripts/publish-check.sh, which the website's workflow runs, against a
//! stand-in for the live site on loopback (no test leaves this machine).

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

use common::{Run, Site, assert_at, check_json_with, copy_tree, notes, place};

const PAGE: &str = "content/measurements/2026-10-29-xgs136-http/index.md";
const RUNS: &str = "content/measurements/2026-10-29-xgs136-http/runs.yaml";
/// The figure the tests change: stated once, and no other figure is computed from it.
const REVIVED: &str = "[2,106]{=runs.close_coproc.flow_table.revived_first_20s}";
/// The figure the tests take away: stated once, at the start of its line.
const TRIAL: &str = "[252]{=runs.trial.flow_table.in_hardware_at_20s}";

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A copy of the repository's own site (content, settings and README) in a temporary folder,
/// without the measurement page's translation: the tests edit the English page alone, and
/// what a translation must state is the parity checks' business.
fn bundled_site() -> Site {
    let site = Site::new();
    copy_tree(&repository().join("content"), &site.path("content"));
    std::fs::remove_file(site.path(&PAGE.replace("index.md", "index.ja.md")))
        .expect("the page's translation");
    for file in ["site.yaml", "README.md"] {
        site.file(file, std::fs::read(repository().join(file)).expect("the bundled site's file"));
    }
    site
}

/// The bundled site, and the folder beside it that its first build went into: what the
/// live site serves.
fn published_site() -> (Site, PathBuf) {
    let site = bundled_site();
    let published = site.holder().join("published");
    site.build_into(&published).expect_success();
    assert!(published.join("figures.json").is_file());
    (site, published)
}

/// `tally --format json check --against FOLDER`: its run and its errors.
fn check_against(site: &Site, folder: &Path) -> (Run, Vec<serde_json::Value>) {
    check_json_with(site, &["--against", folder.to_str().expect("a UTF-8 path")])
}

/// States 2,107 where 2,106 was published, with run data that gives 2,107: the page checks,
/// and only a comparison with what was published can see the change.
fn change_a_figure_silently(site: &Site) {
    site.edit(RUNS, "revived_first_20s: 2106", "revived_first_20s: 2107");
    site.edit(PAGE, REVIVED, &REVIVED.replace("2,106", "2,107"));
    site.check().expect_success();
}

#[test]
fn check_against_the_last_build_fails_naming_the_page_and_line_of_a_figure_changed_without_a_strike() {
    let (site, published) = published_site();
    let (run, errors) = check_against(&site, &published);
    assert!(errors.is_empty(), "the unchanged site differs from its own build: {}", run.stdout);
    run.expect_success();

    change_a_figure_silently(&site);
    let (run, errors) = check_against(&site, &published);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert_at(&errors[0], "figure-silently-changed", &site, PAGE, "2,107]{=");
    let message = errors[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("published as `2,106` and now reads `2,107`"), "{message}");
    let (old_line, old_col) = place(&site, PAGE, "2,107]{=");
    let notes = notes(&errors[0]);
    assert!(notes.contains(&published.join("figures.json").display().to_string()), "{notes}");
    assert!(notes.contains(&format!("where it stood at line {old_line}, column {old_col}")), "{notes}");

    // As the workflow shows it: an annotation on the changed line.
    let against = published.to_str().expect("a UTF-8 path");
    let run = site.tally(&["--format", "github", "check", "--against", against]);
    run.expect_code(1);
    let annotation = format!("::error file={PAGE},line={old_line},col={old_col}::[figure-silently-changed] ");
    assert!(run.stdout.starts_with(&annotation), "{}", run.stdout);
}

#[test]
fn check_against_the_last_build_passes_when_the_old_value_is_struck_beside_the_new_one() {
    let (site, published) = published_site();
    site.edit(
        RUNS,
        "revived_first_20s: 2106}",
        "revived_first_20s: {value: 2107, withdrawn: [{value: 2106, on: 2026-11-30, why: a miscount}]}}",
    );
    site.edit(PAGE, REVIVED, &REVIVED.replace("[2,106]", "[~~2,106~~ 2,107]"));
    let (run, errors) = check_against(&site, &published);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();
}

#[test]
fn check_against_the_last_build_fails_naming_a_figure_no_longer_stated_on_its_page() {
    let (site, published) = published_site();
    let (line, _) = place(&site, PAGE, TRIAL);
    site.edit(PAGE, &format!("{TRIAL} of them"), "most of them");
    site.check().expect_success();
    let (run, errors) = check_against(&site, &published);
    run.expect_code(1);
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    let error = &errors[0];
    assert_eq!(error["code"], "figure-disappeared", "{error:#}");
    assert_eq!(error["path"], PAGE, "{error:#}");
    assert_eq!((error["line"].as_u64(), error["col"].as_u64()), (Some(line), Some(1)), "{error:#}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("published on this page as `252` (line {line}) and is no longer stated")),
        "{message}"
    );
}

/// figures.json up to the places that follow its figures.
fn figures_only(folder: &Path) -> String {
    let text = std::fs::read_to_string(folder.join("figures.json")).expect("figures.json");
    text.split("\n],\n\"places\": {").next().unwrap_or_default().to_string()
}

#[test]
fn a_figure_moved_to_another_line_leaves_its_line_of_figures_json_as_it_was_and_passes() {
    let (site, published) = published_site();
    site.edit(PAGE, "Sophos rates", "A paragraph added above every figure.\n\nSophos rates");
    let moved = site.holder().join("moved");
    site.build_into(&moved).expect_success();
    assert_eq!(figures_only(&moved), figures_only(&published), "a diff of the two builds lists figures");
    let (run, errors) = check_against(&site, &published);
    assert!(errors.is_empty(), "{}", run.stdout);
    run.expect_success();

    // The places did move: a figure changed now is named at its new line.
    change_a_figure_silently(&site);
    let (run, errors) = check_against(&site, &published);
    run.expect_code(1);
    assert_at(&errors[0], "figure-silently-changed", &site, PAGE, "2,107]{=");
}

#[test]
fn check_against_a_folder_with_no_figures_json_is_refused_as_a_first_publication_is_checked_without_it() {
    let site = bundled_site();
    let empty = site.holder().join("empty");
    std::fs::create_dir(&empty).expect("a folder");
    site.tally(&["check", "--against", empty.to_str().expect("UTF-8")])
        .expect_code(2)
        .expect_stderr("holds no figures.json")
        .expect_stderr("a first publication has nothing to compare with: check without --against");
    let never_built = site.holder().join("site");
    site.tally(&["check", "--against", never_built.to_str().expect("UTF-8")])
        .expect_code(2)
        .expect_stderr("does not exist");
    site.check().expect_success();
}

/// A stand-in for the live site on 127.0.0.1: answers up to four requests with `status`
/// and `body`, and records the path each asked for.
struct LiveSite {
    address: String,
    asked: Arc<Mutex<Vec<String>>>,
}

impl LiveSite {
    fn serving(status: u16, body: Vec<u8>) -> LiveSite {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on loopback");
        let address = format!("http://{}", listener.local_addr().expect("its address"));
        let asked = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&asked);
        std::thread::spawn(move || {
            for stream in listener.incoming().take(4) {
                let Ok(mut stream) = stream else { return };
                let mut reader = BufReader::new(&stream);
                let mut request = String::new();
                let _ = reader.read_line(&mut request);
                let mut header = String::new();
                while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
                    header.clear();
                }
                let path = request.split(' ').nth(1).unwrap_or_default().to_string();
                log.lock().expect("the log").push(path);
                let head = format!(
                    "HTTP/1.1 {status} Stand-in\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body));
            }
        });
        LiveSite { address, asked }
    }

    fn asked(&self) -> Vec<String> {
        self.asked.lock().expect("the log").clone()
    }
}

/// Points the site's base_url at `address`.
fn live_at(site: &Site, address: &str) {
    let settings = site.read_source("site.yaml");
    let line = settings.lines().find(|l| l.starts_with("base_url: ")).expect("site.yaml names its base_url");
    site.edit("site.yaml", line, &format!("base_url: \"{address}\""));
}

/// Runs `bash scripts/publish-check.sh ARGS` in the site's folder, as the workflow does,
/// with the tally under test first on the PATH.
fn publish_check(site: &Site, args: &[&str], github: bool) -> Run {
    let tally = Path::new(env!("CARGO_BIN_EXE_tally"));
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::iter::once(tally.parent().expect("the binary's folder").to_path_buf())
        .chain(std::env::split_paths(&path));
    let mut command = Command::new("bash");
    command
        .arg(repository().join("scripts/publish-check.sh"))
        .args(args)
        .current_dir(site.root())
        .env("PATH", std::env::join_paths(dirs).expect("a PATH"))
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS");
    if github {
        command.env("GITHUB_ACTIONS", "true");
    }
    let output = command.output().expect("running bash");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn publish_check_compares_with_the_figures_the_live_site_serves_and_annotates_the_changed_line() {
    let (site, published) = published_site();
    let figures = std::fs::read(published.join("figures.json")).expect("the published figures");
    let live = LiveSite::serving(200, figures);
    live_at(&site, &live.address);
    publish_check(&site, &[], false)
        .expect_success()
        .expect_stderr(&format!("comparing with the figures published at {}/figures.json", live.address));

    change_a_figure_silently(&site);
    let run = publish_check(&site, &["--format", "github"], true);
    run.expect_code(1);
    let (line, col) = place(&site, PAGE, "2,107]{=");
    let annotation = format!("::error file={PAGE},line={line},col={col}::[figure-silently-changed] ");
    assert!(run.stdout.starts_with(&annotation), "{run:#?}");
    assert_eq!(live.asked(), ["/figures.json", "/figures.json"]);
}

#[test]
fn publish_check_on_a_first_publication_says_nothing_is_published_yet_and_checks_without_against() {
    let site = bundled_site();
    let live = LiveSite::serving(404, b"Not Found".to_vec());
    live_at(&site, &live.address);
    let nothing = format!("nothing published yet at {}/figures.json (HTTP 404)", live.address);
    let run = publish_check(&site, &[], false);
    run.expect_success().expect_stderr(&nothing);
    assert!(run.stdout.contains("checked "), "the site was not checked: {run:#?}");
    publish_check(&site, &["--format", "github"], true).expect_success().expect_stderr(&nothing);

    // Checked without --against is still checked: a figure the data does not give fails.
    site.edit(PAGE, REVIVED, &REVIVED.replace("2,106", "2,107"));
    let run = publish_check(&site, &["--format", "github"], true);
    run.expect_code(1);
    assert!(run.stdout.contains(&format!("::notice title=publish-check::{nothing}")), "{run:#?}");
    assert!(run.stdout.contains("[figure-mismatch]"), "{run:#?}");
}

#[test]
fn publish_check_fails_when_the_live_site_cannot_say_what_it_publishes() {
    let site = bundled_site();
    let live = LiveSite::serving(403, b"Forbidden".to_vec());
    live_at(&site, &live.address);
    let run = publish_check(&site, &[], false);
    run.expect_code(2).expect_stderr("answered HTTP 403, so what is published cannot be known");
    assert!(!run.stdout.contains("checked "), "the site was checked as if nothing were published: {run:#?}");

    // Nothing listening at all: a port just given up.
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on loopback");
        format!("http://{}", listener.local_addr().expect("its address"))
    };
    live_at(&site, &closed);
    let run = publish_check(&site, &[], false);
    run.expect_code(2).expect_stderr("cannot fetch the published figures from");
    assert!(!run.stdout.contains("checked "), "{run:#?}");
}

#[test]
fn the_workflow_runs_the_commands_the_manual_gives_with_actions_pinned_by_commit() {
    let workflow =
        std::fs::read_to_string(repository().join(".github/workflows/site.yml")).expect("the workflow");
    // The manual's page on publishing gives the commands, as the workflow runs them.
    let publishing = std::fs::read_to_string(repository().join("docs/content/publishing.md"))
        .expect("the manual's page on publishing");
    let runs: Vec<&str> =
        workflow.lines().filter_map(|l| l.trim().strip_prefix("run: ")).map(str::trim).collect();
    assert!(runs.contains(&"bash scripts/publish-check.sh --format github"), "{runs:?}");
    for command in &runs {
        assert!(
            publishing.contains(command),
            "the workflow runs `{command}`, which docs/content/publishing.md does not give"
        );
    }
    let uses: Vec<&str> = workflow.lines().filter_map(|l| l.split("uses: ").nth(1)).collect();
    assert_eq!(uses.len(), 5, "{uses:?}");
    for action in uses {
        let (name, rest) = action.split_once('@').unwrap_or((action, ""));
        let (commit, version) = rest.split_once(" # v").unwrap_or((rest, ""));
        assert!(name.starts_with("actions/"), "{action}");
        assert!(
            commit.len() == 40 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
            "not pinned by commit: {action}"
        );
        assert!(version.split('.').count() == 3, "no exact version beside the commit: {action}");
    }
}
