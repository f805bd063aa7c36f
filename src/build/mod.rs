//! The build, in stages that only hand data forward:
//!
//! 1. load: settings, pages, UI strings, templates (and run data, per bundle);
//! 2. resolve: scan each page, resolve its links and images, check its structure;
//! 3. check the site: completions, translations against originals, coverage;
//! 4. figures and pages: each page's figures against its run data, then its HTML, a few
//!    pages at a time, so that no stage holds every page's figure views or HTML at once;
//! 5. the other files: stamped images, generated pages (indexes, feeds, sitemap), copies.
//!
//! Every file is written as it is made, into a staging folder that replaces the site only
//! when the whole build has succeeded (see `output`). Every stage collects all problems;
//! the build fails after the stage that found errors, listing every one (figures are
//! checked even when the site checks found errors, so that all are listed together).

mod check;
mod generated;
mod images;
mod links;
mod pages;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::content::{self, Content};
use crate::diagnostics::{self, Diagnostic};
use crate::figures::RunData;
use crate::i18n::{self, Strings};
use crate::markdown::{self, Scan};
use crate::output::{Collector, Destination, Output};
use crate::settings::{self, Settings};
use crate::templates::{self, Templates};

pub use check::Coverage;
pub use links::ImageUse;

/// The folders of a site's root that hold its sources, besides site.yaml.
pub const SOURCE_FOLDERS: [&str; 4] = ["content", "templates", "static", "i18n"];

#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    pub root: PathBuf,
    /// Where the files go: kept in memory by default.
    pub destination: Destination,
    /// A script injected before `</body>` of every HTML page kept in memory (only `tally
    /// serve` sets it).
    pub inject: Option<String>,
    /// Print each stage's wall time to stderr (`--timings`), for profiling.
    pub timings: bool,
}

/// Why a build produced no site.
#[derive(Debug)]
pub enum BuildError {
    /// The site could not be read at all (exit code 2).
    CouldNotRun(anyhow::Error),
    /// The content has problems (exit code 1); all of them, sorted, warnings included.
    Problems(Vec<Diagnostic>),
}

/// A successful build: the site's files and the warnings found on the way. A site bound
/// for a folder is in place only once [`Output::commit`] is called.
#[derive(Debug)]
pub struct Built {
    pub output: Output,
    pub warnings: Vec<Diagnostic>,
    /// Every stated figure, as written to `figures.json`; empty when the site was written
    /// to a folder, where nothing reads them back.
    pub figures: Vec<crate::claims::FigureRecord>,
    /// How many figures were stated and checked.
    pub figure_count: usize,
    pub coverage: Vec<Coverage>,
    pub completions: Vec<ApplianceCompletion>,
    /// Images stamped anew, and images taken from the stamp cache without decoding.
    pub images_decoded: usize,
    pub images_cached: usize,
    /// Files the build read from outside [`SOURCE_FOLDERS`] (run files kept elsewhere in
    /// the site), relative to the root.
    pub read_outside: Vec<PathBuf>,
}

/// An appliance's completion, from its family page.
#[derive(Debug, Clone)]
pub struct ApplianceCompletion {
    pub family: String,
    pub title: String,
    /// The family page's source, relative to the site root.
    pub source: String,
    pub percent: f64,
}

/// Everything loaded from the site's files.
pub(crate) struct Site {
    pub root: PathBuf,
    pub settings: Settings,
    pub content: Content,
    pub strings: Arc<Strings>,
    pub templates: Templates,
    /// Each bundle's run data, by bundle folder.
    pub runs: BTreeMap<PathBuf, RunData>,
}

impl Site {
    /// The run data of the page's bundle, when it has one.
    pub fn run_data(&self, page: &crate::content::Page) -> Option<&RunData> {
        self.runs.get(page.bundle.as_ref()?)
    }
}

/// A page after the resolve stage.
pub(crate) struct PageWork {
    /// Without its running text (`prose`), which is read once for `untagged`.
    pub scan: Scan,
    pub resolved: links::Resolved,
    /// The page's untagged figure-like numbers, for translations and coverage.
    pub untagged: Vec<(crate::figures::number::FigureValue, std::ops::Range<usize>)>,
}

impl PageWork {
    pub fn stated<'a>(&'a self, page: &'a crate::content::Page) -> crate::parity::Stated<'a> {
        crate::parity::Stated { page, scan: &self.scan, untagged: &self.untagged }
    }
}

/// Builds the site at `options.root` into `options.destination`.
pub fn build(options: &BuildOptions) -> Result<Built, BuildError> {
    let mut problems = Vec::new();
    let mut clock = Stopwatch::new(options.timings);
    let site = load(&options.root, &mut problems)?;
    clock.lap("load");
    let work = resolve(&site, &mut problems);
    clock.lap("resolve");
    let checked = check::check(&site, &work, &mut problems);
    clock.lap("check site");
    let collector = Collector::new(&options.destination).map_err(BuildError::CouldNotRun)?;
    let keep_records = !matches!(options.destination, Destination::Folder(_));
    let (figures, figure_count) =
        figures_and_pages(&site, &work, &checked, &collector, keep_records, &mut problems);
    clock.lap("figures and pages");
    fail_on_errors(&mut problems)?;
    let (images_decoded, images_cached) = images::publish(&site, &work, &collector, &mut problems);
    generated::render_all(&site, &checked.completions, &collector, &mut problems);
    copy_files(&site, &collector, &mut problems);
    clock.lap("the other files");
    fail_on_errors(&mut problems)?;
    diagnostics::sort(&mut problems);
    let mut output = collector.finish().map_err(BuildError::CouldNotRun)?;
    if let Some(script) = &options.inject {
        inject(&mut output, script);
    }
    Ok(Built {
        output,
        warnings: problems,
        figures,
        figure_count,
        read_outside: crate::fresh::outside_sources(files_read(&site, &work)),
        completions: completion_summary(&site, &checked.completions),
        coverage: checked.coverage,
        images_decoded,
        images_cached,
    })
}

/// How many pages are checked and rendered at a time: enough to keep every core busy,
/// few enough that their figure views and records stay small beside the site.
const PAGES_AT_A_TIME: usize = 64;

/// Checks every page's figures and renders the page with them, a few pages at a time,
/// writing figures.json as it goes; keeps the records only when `keep_records` (the
/// commands that read them). Pages are rendered even after an error, so that every error
/// is found, but a build with errors is never committed.
fn figures_and_pages(
    site: &Site,
    work: &[PageWork],
    checked: &check::Checked,
    output: &Collector,
    keep_records: bool,
    problems: &mut Vec<Diagnostic>,
) -> (Vec<crate::claims::FigureRecord>, usize) {
    let mut json = output.begin("figures.json");
    let generator = format!("tally {} ({})", crate::views::GENERATOR.version, crate::views::GENERATOR.commit);
    json.push(format!("{{\"generator\": {},\n\"figures\": [", serde_json::Value::from(generator)).as_bytes());
    let (mut kept, mut count, mut places) = (Vec::new(), 0, crate::published::Places::default());
    let pages: Vec<(&crate::content::Page, &PageWork)> = site.content.pages.iter().zip(work).collect();
    for chunk in pages.chunks(PAGES_AT_A_TIME) {
        let done: Vec<(Vec<crate::claims::FigureRecord>, Vec<u8>, Vec<Diagnostic>)> = chunk
            .par_iter()
            .map(|&(page, page_work)| {
                let (figures, mut found) = check::page_figures(site, page, page_work, &checked.completions);
                match pages::render_page(site, page, page_work, &figures, &checked.completions) {
                    Ok(html) => output.add(page_path(&page.url), html),
                    Err(d) => found.push(d),
                }
                let mut lines = Vec::new();
                for record in &figures.records {
                    lines.extend_from_slice(b",\n");
                    // A record is strings and numbers only: serialising it cannot fail.
                    let _ = serde_json::to_writer(&mut lines, record);
                }
                (figures.records, lines, found)
            })
            .collect();
        for (records, lines, mut found) in done {
            // The first record follows the opening bracket without a comma.
            let lines = if count == 0 { lines.get(1..).unwrap_or_default() } else { &lines[..] };
            json.push(lines);
            places.add(&records);
            count += records.len();
            if keep_records {
                kept.extend(records);
            }
            problems.append(&mut found);
        }
    }
    json.push(&places.end());
    output.end(json);
    (kept, count)
}

/// Every file a page or its run data names (images, run files, screenshots), relative to
/// the root.
fn files_read<'a>(site: &'a Site, work: &'a [PageWork]) -> impl Iterator<Item = PathBuf> + 'a {
    let images = work.iter().flat_map(|w| w.resolved.images.iter().map(|i| i.source.clone()));
    let runs = site.runs.iter().flat_map(|(bundle, data)| {
        data.runs().iter().flat_map(move |run| {
            [&run.shot, &run.iperf].into_iter().flatten().map(move |file| bundle.join(file))
        })
    });
    images.chain(runs)
}

/// Stage times for `--timings`, printed as each stage ends.
struct Stopwatch {
    on: bool,
    started: std::time::Instant,
    last: std::time::Instant,
}

impl Stopwatch {
    fn new(on: bool) -> Stopwatch {
        let now = std::time::Instant::now();
        Stopwatch { on, started: now, last: now }
    }

    fn lap(&mut self, stage: &str) {
        if self.on {
            let now = std::time::Instant::now();
            eprintln!(
                "timings: {stage:<17} {:>6.1} ms (at {:.1} ms)",
                (now - self.last).as_secs_f64() * 1e3,
                (now - self.started).as_secs_f64() * 1e3
            );
            self.last = now;
        }
    }
}

fn fail_on_errors(problems: &mut Vec<Diagnostic>) -> Result<(), BuildError> {
    if problems.iter().any(Diagnostic::is_error) {
        diagnostics::sort(problems);
        return Err(BuildError::Problems(std::mem::take(problems)));
    }
    Ok(())
}

fn load(root: &Path, problems: &mut Vec<Diagnostic>) -> Result<Site, BuildError> {
    if !root.join("site.yaml").is_file() {
        return Err(BuildError::CouldNotRun(anyhow::anyhow!(
            "{} is not a tally site: it has no site.yaml",
            root.display()
        )));
    }
    let settings = settings::load(root).map_err(|d| BuildError::Problems(vec![d]))?;
    let (content, mut found) = content::load(root, &settings);
    problems.append(&mut found);
    let (strings, mut found) = i18n::load(root, &settings);
    problems.append(&mut found);
    let strings = Arc::new(strings);
    let templates = match templates::load(root, strings.clone()) {
        Ok(templates) => templates,
        Err(mut found) => {
            problems.append(&mut found);
            fail_on_errors(problems)?;
            unreachable!("template errors are errors");
        }
    };
    let runs = load_run_data(root, &content, problems);
    fail_on_errors(problems)?;
    Ok(Site { root: root.to_path_buf(), settings, content, strings, templates, runs })
}

fn load_run_data(
    root: &Path,
    content: &Content,
    problems: &mut Vec<Diagnostic>,
) -> BTreeMap<PathBuf, RunData> {
    let bundles: std::collections::BTreeSet<&PathBuf> =
        content.pages.iter().filter_map(|p| p.bundle.as_ref()).collect();
    let loaded: Vec<(PathBuf, Option<RunData>, Vec<Diagnostic>)> = bundles
        .into_par_iter()
        .filter_map(|bundle| {
            let path = root.join(bundle).join("runs.yaml");
            if !path.is_file() {
                return None;
            }
            let (data, found) = match std::fs::read_to_string(&path) {
                Ok(text) => crate::figures::load_run_data(root, &path, &text),
                Err(e) => (
                    None,
                    vec![Diagnostic::file(
                        "unreadable-file",
                        bundle.join("runs.yaml"),
                        format!("cannot read: {e}"),
                    )],
                ),
            };
            Some((bundle.clone(), data, found))
        })
        .collect();
    let mut runs = BTreeMap::new();
    for (bundle, data, mut found) in loaded {
        problems.append(&mut found);
        if let Some(data) = data {
            runs.insert(bundle, data);
        }
    }
    runs
}

fn completion_summary(
    site: &Site,
    completions: &BTreeMap<String, crate::figures::Computed>,
) -> Vec<ApplianceCompletion> {
    let original = site.settings.original_language();
    completions
        .iter()
        .filter_map(|(id, computed)| {
            let page = site.content.get(&format!("families/{id}"), original)?;
            Some(ApplianceCompletion {
                family: id.clone(),
                title: page.front.title.clone(),
                source: diagnostics::display_path(&page.source),
                percent: computed.value,
            })
        })
        .collect()
}

fn resolve(site: &Site, problems: &mut Vec<Diagnostic>) -> Vec<PageWork> {
    let scans: Vec<(Scan, Vec<_>)> = site
        .content
        .pages
        .par_iter()
        .map(|page| {
            let mut scan = markdown::scan(page.body(), page.body_start);
            let untagged = crate::parity::untagged_figures(&scan, &page.text);
            // The running text is read only for its numbers; across a large site it is
            // a fair share of the peak memory.
            scan.prose = Vec::new();
            (scan, untagged)
        })
        .collect();
    let anchors: links::Anchors = site
        .content
        .pages
        .iter()
        .zip(&scans)
        .map(|(page, (scan, _))| (page.source.clone(), scan.headings.iter().map(|h| h.id.clone()).collect()))
        .collect::<HashMap<_, _>>();
    let cx = links::LinkContext {
        root: &site.root,
        content: &site.content,
        strings: &site.strings,
        anchors: &anchors,
    };
    let results: Vec<(PageWork, Vec<Diagnostic>)> = site
        .content
        .pages
        .par_iter()
        .zip(scans)
        .map(|(page, (scan, untagged))| {
            let (resolved, mut found) = links::resolve(&cx, page, &scan);
            found.extend(pages::check_structure(site, page, &scan, &resolved));
            (PageWork { scan, resolved, untagged }, found)
        })
        .collect();
    results
        .into_iter()
        .map(|(work, mut found)| {
            problems.append(&mut found);
            work
        })
        .collect()
}

/// `/ja/method/` → `ja/method/index.html`.
pub(crate) fn page_path(url: &str) -> String {
    format!("{}index.html", url.trim_start_matches('/'))
}

/// Copies `static/` and the non-markdown files under `content/` (raw tool output, run
/// data); images are published only stamped, never as they are.
fn copy_files(site: &Site, output: &Collector, problems: &mut Vec<Diagnostic>) {
    for (folder, prefix) in [("static", ""), ("content", "")] {
        let dir = site.root.join(folder);
        for entry in walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter().filter_map(Result::ok) {
            let path = entry.path();
            if !entry.file_type().is_file() || (folder == "content" && !is_published_as_is(path)) {
                continue;
            }
            let relative = path.strip_prefix(&dir).unwrap_or(path);
            match std::fs::read(path) {
                Ok(bytes) => output.add(format!("{prefix}{}", diagnostics::display_path(relative)), bytes),
                Err(e) => problems.push(Diagnostic::file(
                    "unreadable-file",
                    path.strip_prefix(&site.root).unwrap_or(path),
                    format!("cannot read: {e}"),
                )),
            }
        }
    }
}

fn is_published_as_is(path: &Path) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    !matches!(
        extension.as_str(),
        "md" | "png" | "jpg" | "jpeg" | "gif" | "webp" | "bmp" | "tif" | "tiff" | "avif" | "heic" | "jxl"
    )
}

fn inject(output: &mut Output, script: &str) {
    for (path, bytes) in output.files.iter_mut() {
        if !path.ends_with(".html") {
            continue;
        }
        let html = String::from_utf8_lossy(bytes);
        if let Some(at) = html.rfind("</body>") {
            let mut with = html[..at].to_string();
            with.push_str(script);
            with.push_str(&html[at..]);
            *bytes = with.into_bytes();
        }
    }
}
