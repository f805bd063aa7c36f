//! A fixture-site builder for the integration tests: a small tally site in a temporary
//! folder, with the repository's own templates, UI strings and static files, and a way to
//! run the `tally` binary on it.

#![allow(dead_code, reason = "each test file uses its own share of the helpers")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The settings every fixture site starts with; a test may replace the whole file.
pub const SITE_YAML: &str = r#"title: {en: "Bench", ja: "試験台"}
description: {en: "Measurements.", ja: "測定。"}
base_url: "https://bench.example.org/"
languages: [en, ja]
owner: "The bench project"
licence: {name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/"}
giscus: {repo: "bench/bench", repo_id: "R_1", category: "Pages", category_id: "DIC_1", mapping: pathname}
required_sections:
  how_taken: {en: ["How it was taken"], ja: ["測り方"]}
  limits: {en: ["Not measured"], ja: ["測っていないこと"]}
family_columns: {done: {en: "done", ja: "完了"}, weight: {en: "weight", ja: "重み"}}
"#;

/// The site's address as the built pages write it (without the trailing slash).
pub const BASE_URL: &str = "https://bench.example.org";

/// A measurement page with both required sections, for tests that need one to pass.
pub const MEASUREMENT: &str = "---
title: HTTP through the XGS 136
date: 2026-10-29
kind: measurement
appliances: [xgs-136]
summary: Responses and frames during a 40 s HTTP series.
---

The host received most frames.

## How it was taken

A curl soak of 9,000 responses.

## Not measured

Latency.
";

/// The run data beside [`MEASUREMENT`]: the build its numbers belong to (a measurement page
/// must name it) and the runs the fixture pages' tags read.
pub const RUNS_YAML: &str = "build: {driver: npuep.ko d29c84f3, release: v0.1.0-alpha.9}
runs:
  close_coproc:
    host_frames: {received: 962826, sent: 962430}
    responses: {complete: 9000, failed: 2}
  close_host:
    host_frames: {received: 1308305, sent: 1308190}
    responses: {complete: 8935, failed: 1}
";

/// A family page titled `title` with the done/weight table a family page must have:
/// (100 × 3 + 0 × 2) ÷ 5 = 60 %.
pub fn family(title: &str) -> String {
    format!(
        "---\ntitle: {title}\nkind: family\n---\n\nThe appliance.\n\n\
         | piece of work | done | weight |\n|---|---|---|\n\
         | HTTP up to a gigabit | 100 % | 3 |\n| above a gigabit | 0 % | 2 |\n"
    )
}

/// The family page of the appliance the fixture pages name (`appliances: [xgs-136]`, as
/// [`MEASUREMENT`] does): an appliance id with no family page is an error.
pub const FAMILY: &str = "content/families/xgs-136.md";

/// README.md holding the completion block of a site whose only family is
/// `family("XGS 136")` at content/families/xgs-136.md (60 %), as `tally readme` writes it.
pub const README: &str = "# Bench\n\n<!-- tally:completion -->\n\
- `████████████░░░░░░░░` 60 % [XGS 136](content/families/xgs-136.md)\n\
<!-- /tally:completion -->\n";

/// The smallest valid PNG: one transparent pixel (its chunks' CRCs right, so it decodes).
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
    0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00,
    0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00,
    0x01, 0x7a, 0x5e, 0xab, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

/// A small JPEG photograph (8 × 8, grey) that decodes.
pub fn jpeg() -> Vec<u8> {
    let image =
        image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(8, 8, image::Rgb([128, 128, 128])));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Jpeg).expect("encoding a JPEG");
    bytes.into_inner()
}

/// The outcome of one run of the binary.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Panics with the whole output unless the exit code is `code`.
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(self.code, code, "unexpected exit code; {self:#?}");
        self
    }

    /// Panics with the whole output unless the run succeeded.
    #[track_caller]
    pub fn expect_success(&self) -> &Self {
        self.expect_code(0)
    }

    /// Panics unless stderr contains `text`.
    #[track_caller]
    pub fn expect_stderr(&self, text: &str) -> &Self {
        assert!(self.stderr.contains(text), "stderr lacks {text:?}; it is:\n{}", self.stderr);
        self
    }

    /// The lines of stderr that start a diagnostic (`error[...]` or `warning[...]`).
    pub fn diagnostic_lines(&self) -> Vec<&str> {
        self.stderr.lines().filter(|l| l.starts_with("error[") || l.starts_with("warning[")).collect()
    }
}

/// A small tally site in a temporary folder.
pub struct Site {
    dir: tempfile::TempDir,
    root: PathBuf,
}

impl Default for Site {
    fn default() -> Self {
        Self::new()
    }
}

impl Site {
    /// A site with the repository's templates/, i18n/ and static/, the settings of
    /// [`SITE_YAML`] and an empty content/.
    pub fn new() -> Site {
        let dir = tempfile::tempdir().expect("a temporary folder");
        // The site lies one level down, so that a test may hand tally the folder that holds
        // it without risking anything outside the temporary folder.
        let root = dir.path().canonicalize().expect("the temporary folder's path").join("root");
        let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
        for folder in ["templates", "i18n", "static"] {
            copy_tree(&repository.join(folder), &root.join(folder));
        }
        std::fs::create_dir_all(root.join("content")).expect("content/");
        let site = Site { dir, root };
        site.file("site.yaml", SITE_YAML);
        site
    }

    /// The site's folder (canonical).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `root/relative`.
    pub fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// Writes `relative` (creating its folders), replacing any file there.
    pub fn file(&self, relative: &str, contents: impl AsRef<[u8]>) -> &Self {
        let path = self.path(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("the file's folder");
        }
        std::fs::write(&path, contents).expect("writing a fixture file");
        self
    }

    /// A measurement bundle: `bundle/index.md` holding `page` and `bundle/runs.yaml` holding
    /// [`RUNS_YAML`], so that the page names its build and its tags resolve; and the family
    /// page of the appliance [`MEASUREMENT`] names ([`Site::appliance`]).
    pub fn measurement(&self, bundle: &str, page: impl AsRef<[u8]>) -> &Self {
        self.appliance();
        self.file(&format!("{bundle}/index.md"), page);
        self.file(&format!("{bundle}/runs.yaml"), RUNS_YAML)
    }

    /// The family page of `xgs-136` ([`FAMILY`], `family("XGS 136")`), the appliance the
    /// fixture pages name, and README.md with its completion block ([`README`]), unless the
    /// site has a family page there already.
    pub fn appliance(&self) -> &Self {
        if !self.path(FAMILY).exists() {
            self.file(FAMILY, family("XGS 136"));
            if !self.path("README.md").exists() {
                self.file("README.md", README);
            }
        }
        self
    }

    /// Removes a file or a folder of the site.
    pub fn remove(&self, relative: &str) -> &Self {
        let path = self.path(relative);
        if path.is_dir() {
            std::fs::remove_dir_all(&path).expect("removing a folder");
        } else {
            std::fs::remove_file(&path).expect("removing a file");
        }
        self
    }

    /// Replaces `from` by `to` in the site's file `relative`, which must contain it.
    pub fn edit(&self, relative: &str, from: &str, to: &str) -> &Self {
        let text = self.read_source(relative);
        assert!(text.contains(from), "{relative} lacks {from:?}");
        self.file(relative, text.replacen(from, to, 1))
    }

    /// A source file of the site, as text.
    pub fn read_source(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative)).unwrap_or_else(|e| panic!("cannot read {relative}: {e}"))
    }

    /// Runs `tally --root ROOT ARGS...` from the site's folder.
    pub fn tally(&self, args: &[&str]) -> Run {
        let mut all: Vec<&std::ffi::OsStr> = vec!["--root".as_ref(), self.root.as_os_str()];
        all.extend(args.iter().map(|a| std::ffi::OsStr::new(*a)));
        run_tally(&all, &self.root)
    }

    /// `tally build` into `site/`.
    pub fn build(&self) -> Run {
        self.tally(&["build"])
    }

    /// `tally build --out OUT`.
    pub fn build_into(&self, out: &Path) -> Run {
        let out = out.to_str().expect("a UTF-8 path");
        self.tally(&["build", "--out", out])
    }

    /// `tally check`.
    pub fn check(&self) -> Run {
        self.tally(&["check"])
    }

    /// The content hash of a page, as `tally hash` prints it.
    pub fn hash(&self, page: &str) -> String {
        let run = self.tally(&["hash", page]);
        run.expect_success();
        run.stdout.trim().to_string()
    }

    /// A built file under `site/`, as text.
    pub fn read(&self, built: &str) -> String {
        std::fs::read_to_string(self.path("site").join(built))
            .unwrap_or_else(|e| panic!("cannot read site/{built}: {e}"))
    }

    /// Whether `site/built` exists.
    pub fn has(&self, built: &str) -> bool {
        self.path("site").join(built).is_file()
    }

    /// The temporary folder that holds the site's folder (and nothing else).
    pub fn holder(&self) -> &Path {
        self.dir.path()
    }
}

/// A measurement page of one run whose prose is `prose`, with the sections every
/// measurement page needs.
pub fn measurement_page(prose: &str) -> String {
    format!(
        "---\ntitle: A run\ndate: 2026-10-29\nkind: measurement\nappliances: [xgs-136]\nsummary: One run.\n---\n\n{prose}\n\n## How it was taken\n\nBy hand.\n\n## Not measured\n\nLatency.\n"
    )
}

/// `(made, reused)` from `--timings`' line `pages (N made, M reused)` in `stderr`.
pub fn pages_made_and_reused(stderr: &str) -> (usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.contains(" made, "))
        .unwrap_or_else(|| panic!("no pages line in:\n{stderr}"));
    let inside = &line[line.find('(').expect("(") + 1..line.find(')').expect(")")];
    let numbers: Vec<usize> =
        inside.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    (numbers[0], numbers[1])
}

/// A site with one measurement bundle: `runs_yaml` at `runs`, and a page at `page` whose
/// prose is `prose`.
pub fn one_run_site(page: &str, runs: &str, runs_yaml: &str, prose: &str) -> Site {
    let site = Site::new();
    site.appliance();
    site.file(runs, runs_yaml);
    site.file(page, measurement_page(prose));
    site
}

/// A copy of the repository's own site (content, templates, UI strings, static files and
/// settings) in a temporary folder.
pub fn bundled_copy() -> Site {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = Site::new();
    for folder in ["content", "templates", "i18n", "static"] {
        copy_tree(&repository.join(folder), &site.path(folder));
    }
    site.file("site.yaml", std::fs::read(repository.join("site.yaml")).expect("site.yaml"));
    site
}

/// Sets every file's modification time a day back, as files are between edits: tally
/// keeps nothing made from a file modified within the second before a build.
pub fn settle_all(root: &Path) {
    let when = std::time::SystemTime::now() - std::time::Duration::from_secs(86_400);
    for entry in walkdir::WalkDir::new(root).into_iter().flatten() {
        if entry.file_type().is_file() {
            let file = std::fs::OpenOptions::new().append(true).open(entry.path()).expect("a file to settle");
            file.set_modified(when).expect("set the modification time");
        }
    }
}

/// Runs the tally binary with `args` in `cwd`.
pub fn run_tally<S: AsRef<std::ffi::OsStr>>(args: &[S], cwd: &Path) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_tally"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("running tally");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// tally's version and commit as its footers name them: `("0.1.0", "abc123def456")`.
pub fn version_and_commit() -> (String, String) {
    let run = run_tally(&["--version"], Path::new(env!("CARGO_MANIFEST_DIR")));
    run.expect_success();
    // `tally 0.1.0 (abc123def456)`
    let line = run.stdout.trim();
    let rest = line.strip_prefix("tally ").expect("`tally VERSION (COMMIT)`");
    let (version, commit) = rest.split_once(" (").expect("`VERSION (COMMIT)`");
    (version.to_string(), commit.trim_end_matches(')').to_string())
}

/// Every file under `dir` by its path relative to `dir` (forward slashes), with its bytes.
pub fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.expect("walking a folder");
        if entry.file_type().is_file() {
            let relative = entry
                .path()
                .strip_prefix(dir)
                .expect("inside the folder")
                .to_string_lossy()
                .replace('\\', "/");
            files.insert(relative, std::fs::read(entry.path()).expect("a file"));
        }
    }
    files
}

/// Copies the folder `from` to `to`, recursively.
pub fn copy_tree(from: &Path, to: &Path) {
    for (relative, bytes) in tree(from) {
        let target = to.join(relative);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("a folder");
        std::fs::write(target, bytes).expect("a copy");
    }
}

/// Every `<script ...>` start tag in `html`.
pub fn script_tags(html: &str) -> Vec<&str> {
    html.match_indices("<script")
        .map(|(at, _)| {
            let end = html[at..].find('>').map_or(html.len(), |e| at + e + 1);
            &html[at..end]
        })
        .collect()
}

/// Every address in an `href="..."` or `src="..."` attribute of `html`.
pub fn addresses(html: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for attribute in [" href=\"", " src=\""] {
        for (at, _) in html.match_indices(attribute) {
            let start = at + attribute.len();
            let end = html[start..].find('"').map_or(html.len(), |e| start + e);
            found.push(&html[start..end]);
        }
    }
    found
}

/// Each address inside the site (`/...` or `#...`) in the built pages under `dir` that names
/// no built file, or no element id in it, as `page -> address`.
pub fn dangling_addresses(dir: &Path) -> Vec<String> {
    let files = tree(dir);
    let mut dangling = Vec::new();
    for (page, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = String::from_utf8_lossy(bytes);
        for address in addresses(&html) {
            let (path, fragment) = address.split_once('#').unwrap_or((address, ""));
            let target = if path.is_empty() {
                Some(page.clone())
            } else if let Some(path) = path.strip_prefix('/') {
                if path.is_empty() || path.ends_with('/') {
                    Some(format!("{path}index.html"))
                } else {
                    Some(path.to_string())
                }
            } else if !path.contains(':') && !path.starts_with("//") {
                Some(relative_target(page, path))
            } else {
                None
            };
            let Some(target) = target else { continue };
            let ok = match files.get(&target) {
                None => false,
                Some(_) if fragment.is_empty() => true,
                Some(bytes) => String::from_utf8_lossy(bytes).contains(&format!(" id=\"{fragment}\"")),
            };
            if !ok {
                dangling.push(format!("{page} -> {address}"));
            }
        }
    }
    dangling
}

/// The file a relative address on `page` names, both relative to the site's folder:
/// `runs.yaml.html` on `measurements/x/index.html` is `measurements/x/runs.yaml.html`.
fn relative_target(page: &str, address: &str) -> String {
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    for part in address.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    let joined = parts.join("/");
    if joined.is_empty() || joined.ends_with('/') { format!("{joined}index.html") } else { joined }
}

/// Line and column (1-based, in characters) of the only `needle` in the site's `relative`.
#[track_caller]
pub fn place(site: &Site, relative: &str, needle: &str) -> (u64, u64) {
    let text = site.read_source(relative);
    let at = text.find(needle).unwrap_or_else(|| panic!("{relative} lacks {needle:?}"));
    assert_eq!(text.matches(needle).count(), 1, "{needle:?} is not unique in {relative}");
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    ((before.matches('\n').count() + 1) as u64, (text[line_start..at].chars().count() + 1) as u64)
}

/// `tally --format json check`: its run and its errors (warnings left out).
/// Every problem and note `check --format json` gives, warnings and notes included.
pub fn check_json_all(site: &Site) -> Vec<serde_json::Value> {
    let run = site.tally(&["--format", "json", "check"]);
    serde_json::from_str::<serde_json::Value>(&run.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {run:#?}"))
        .as_array()
        .cloned()
        .unwrap_or_default()
}

pub fn check_json(site: &Site) -> (Run, Vec<serde_json::Value>) {
    check_json_with(site, &[])
}

pub fn check_json_with(site: &Site, extra: &[&str]) -> (Run, Vec<serde_json::Value>) {
    let mut args = vec!["--format", "json", "check"];
    args.extend_from_slice(extra);
    let run = site.tally(&args);
    let all: serde_json::Value =
        serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {run:#?}"));
    let errors =
        all.as_array().expect("a JSON array").iter().filter(|p| p["severity"] == "error").cloned().collect();
    (run, errors)
}

/// Asserts that `problem` has `code` and lies at the only `needle` of `relative`.
#[track_caller]
pub fn assert_at(problem: &serde_json::Value, code: &str, site: &Site, relative: &str, needle: &str) {
    let (line, col) = place(site, relative, needle);
    assert_eq!(problem["code"], code, "{problem:#}");
    assert_eq!(problem["path"], relative, "{problem:#}");
    assert_eq!((problem["line"].as_u64(), problem["col"].as_u64()), (Some(line), Some(col)), "{problem:#}");
}

/// The notes of a problem, one string.
pub fn notes(problem: &serde_json::Value) -> String {
    problem["notes"]
        .as_array()
        .map(|n| n.iter().filter_map(serde_json::Value::as_str).collect::<Vec<_>>().join("\n"))
        .unwrap_or_default()
}
