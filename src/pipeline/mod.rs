//! The pipeline: what `tally build`, `check`, `readme` and `serve` all run, in stages
//! that each hand typed data to the next and never call back:
//!
//! 1. `load`: settings, pages, UI strings, templates and each bundle's run data → [`Site`];
//! 2. `resolve`: each page scanned once, its links and images resolved → [`PageWork`];
//! 3. `check`: each page's structure, then what needs the whole site (completions,
//!    translations, coverage); each page's claims are checked in step 4, page by page;
//! 4. `render`: each page's claims checked and its HTML rendered, a few pages at a time so
//!    that no stage holds every page's figure views or HTML at once; figures.json is
//!    written as they finish (`figures_json`); then stamped images, generated pages and
//!    the files published as they are;
//! 5. `write`: every file goes to the [`Destination`] as it is made; a folder is swapped
//!    in only when the whole build has succeeded.
//!
//! Every stage collects all problems; the pipeline stops after a stage that found errors,
//! listing every one (claims are checked even when the site checks found errors, so that
//! all are listed together).

pub(crate) mod check;
mod failure;
pub(crate) mod figures_json;
mod give_back;
mod keys;
mod load;
mod memo;
mod pages;
mod render;
pub(crate) mod resolve;
mod search;
mod stopwatch;
pub(crate) mod write;

use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

use crate::diagnostics::{self, Diagnostic};
use failure::fail_on_errors;
use load::Site;
use pages::{PAGES_AT_A_TIME, figures_and_pages};
use resolve::PageWork;
use write::{Collector, Destination, Output};

pub(crate) use check::ApplianceCompletion;
pub(crate) use check::Coverage;
pub(crate) use check::RawEvidence;
pub use failure::Failure;
pub use memo::{Memo, MemoOwner};

/// What the pipeline is asked to make, and where the files go.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The site's folder (the one with site.yaml).
    pub root: PathBuf,
    /// Where the files go: kept in memory by default.
    pub destination: Destination,
    /// Print each stage's wall time to stderr (`--timings`), for profiling.
    pub timings: bool,
}

/// A successful build: the site's files and the warnings found on the way. A site bound
/// for a folder is in place only once [`Output::commit`] is called.
#[derive(Debug)]
pub struct Made {
    /// The site's files, in memory or in a staging folder.
    pub output: Output,
    /// Warnings found on the way (a site with errors is never made).
    pub warnings: Vec<Diagnostic>,
    /// Every stated figure, as written to `figures.json`; kept only when the site went
    /// nowhere (`tally check`), the one command that reads them back.
    pub figures: Vec<figures_json::ClaimRecord>,
    /// How many figures were stated and checked.
    pub claim_count: usize,
    /// How many of each measurement page's figure-like numbers are claims.
    pub coverage: Vec<Arc<Coverage>>,
    /// Each measurement page's figures computed from run data, and how many of them trace
    /// every input to a raw file.
    pub raw_evidence: Vec<RawEvidence>,
    /// Each raw file not in plain UTF-8 with `\n` line ends (a Windows capture), from the
    /// site's folder, and what it was decoded from.
    pub raw_encodings: Vec<(String, String)>,
    /// Each appliance's completion, for README's block.
    pub completions: Vec<ApplianceCompletion>,
    /// Files the build read from outside [`crate::paths::SOURCE_FOLDERS`] (run files kept elsewhere in
    /// the site), relative to the root.
    pub read_outside: Vec<PathBuf>,
    /// The search index still to make, for a site kept in memory (`tally serve` makes it
    /// after serving the pages).
    pub(crate) search_to_make: Option<crate::search::Job>,
}

/// Builds the site at `options.root` into `options.destination`.
pub fn make(options: &Options) -> Result<Made, Failure> {
    make_with(options, &mut Memo::default())
}

/// Builds the site, reusing from `memo` what the previous build made from the same
/// inputs, and leaves in it what this build made.
pub fn make_with(options: &Options, memo: &mut Memo) -> Result<Made, Failure> {
    // Only serve (in memory) reuses file bytes; a build into a folder takes them from the
    // folder, and one that goes nowhere has none to keep.
    memo.files_in_folder = !matches!(options.destination, Destination::Memory);
    memo.begin();
    let made = make_reusing(options, memo);
    // The site and every stage's work are dropped by now, much of it on the pool's threads:
    // what they freed is handed back before the caller saves the memo and records the build
    // on threads of their own (the cold 1,000-bundle build's peak was there, bench/notes.md).
    if memo.files_in_folder {
        give_back::give_back();
    }
    memo.end(made.is_ok());
    made
}

/// The five stages, in order; each hands the next what it made, and every file goes to
/// the output (`write`) as it is made.
fn make_reusing(options: &Options, memo: &mut Memo) -> Result<Made, Failure> {
    let mut problems = Vec::new();
    let mut clock = stopwatch::Stopwatch::new(options.timings);
    let site = load::load(&options.root, memo, &mut problems)?;
    clock.lap("load");
    let work = resolve::resolve(&site, memo, &mut problems);
    clock.lap("resolve");
    let checked = check::check(&site, &work, memo, &mut problems);
    clock.lap("check site");
    let collector = output_for(options, memo)?;
    let Pages { figures, claim_count, raw_evidence, indexed, listing_key } =
        all_pages(&site, &work, &checked, &collector, memo, &mut problems, &mut clock)?;
    let search_to_make = search::publish(&site, &indexed, &collector, memo);
    drop(indexed);
    clock.lap("search index");
    rest_of_site(&site, (&work, &checked, listing_key), &collector, memo, &mut problems, &mut clock);
    let output = finish(&site, collector, memo, &mut problems)?;
    Ok(Made {
        output,
        warnings: problems,
        figures,
        claim_count,
        read_outside: crate::paths::outside_sources(files_read(&site, &work)),
        completions: check::completion_summary(&site, &checked.completions),
        coverage: checked.coverage,
        raw_evidence,
        raw_encodings: site.raw_encodings(),
        search_to_make,
    })
}

/// Where this build's files go: the destination, updated in place when the memo came from
/// the last build's folder.
fn output_for(options: &Options, memo: &Memo) -> Result<Collector, Failure> {
    let collector = if memo.from_disk {
        Collector::updating(&options.destination)
    } else {
        Collector::new(&options.destination)
    };
    collector.map_err(Failure::CouldNotRun)
}

/// What the page loop gives the rest of the build.
struct Pages {
    figures: Vec<figures_json::ClaimRecord>,
    claim_count: usize,
    raw_evidence: Vec<RawEvidence>,
    indexed: search::Indexed,
    /// The key the listings are kept under, made with the pages'.
    listing_key: memo::Key,
}

/// Stage 4's pages: each page's claims checked and its HTML rendered (`pages`), the raw
/// evidence share checked, and the memo left holding only what this site still has. Ends
/// the build when any stage so far found an error.
fn all_pages(
    site: &Site,
    work: &[PageWork],
    checked: &check::Checked,
    collector: &Collector,
    memo: &mut Memo,
    problems: &mut Vec<Diagnostic>,
    clock: &mut stopwatch::Stopwatch,
) -> Result<Pages, Failure> {
    let site_key = keys::site_key(site, &checked.completions);
    let listing_key = keys::listing_key(site, &site_key);
    let keys = (&site_key, &listing_key);
    let pictures = render::images::plan(site, work);
    let (figures, claim_count, raw_evidence, indexed) =
        figures_and_pages(site, work, checked, (keys, &pictures), collector, memo, problems);
    check::raw_share(&raw_evidence, site.settings.figures.min_raw, problems);
    clock.lap(&format!("pages ({} made, {} reused)", memo.made, memo.reused));
    // Before the listings, made on this thread: what the pages' threads freed (13 MiB for a
    // thousand bundles) would otherwise stay resident under them.
    if memo.files_in_folder {
        give_back::give_back();
    }
    let sources: rustc_hash::FxHashSet<&std::path::Path> =
        site.content.pages.iter().map(|p| p.source.as_path()).collect();
    memo.retain(|bundle| site.has_run_data(bundle), &sources);
    fail_on_errors(problems)?;
    Ok(Pages { figures, claim_count, raw_evidence, indexed, listing_key })
}

/// The rest of stage 4: stamped images, the listings beside the source pages, and the
/// files published as they are.
fn rest_of_site(
    site: &Site,
    (work, checked, listing_key): (&[PageWork], &check::Checked, memo::Key),
    collector: &Collector,
    memo: &mut Memo,
    problems: &mut Vec<Diagnostic>,
    clock: &mut stopwatch::Stopwatch,
) {
    let (images_decoded, images_cached) = render::images::publish(site, work, collector, problems);
    clock.lap(&format!("images ({images_decoded} stamped, {images_cached} from the cache)"));
    // The listings (a few large files, made one after the other) beside the source pages
    // (many small ones, made in parallel): made after them, they held a core alone.
    let listings_made = memo.kept_part("listings", &listing_key).is_none();
    let (listings, ()) = rayon::join(
        || {
            listings_made.then(|| {
                in_memory(|collector, found| {
                    render::generated::render_all(site, &checked.completions, collector, found)
                })
            })
        },
        || source_pages(site, collector, memo, problems),
    );
    let listings = memo.part("listings".to_string(), listing_key, || listings.unwrap_or_default());
    add_part(collector, &listings, problems);
    // Written: the memo keeps its own record of them (their places, for a build into a
    // folder), and the bytes (3.5 MB for a thousand bundles) need not wait for the build's end.
    drop(listings);
    clock.lap("listings and source pages");
    let started = std::time::SystemTime::now();
    // Found when the site was loaded (`load`), their names checked.
    render::copies::copy_files(
        site,
        &site.files,
        collector,
        &mut |path| memo.read_file(path, started),
        problems,
    );
    clock.lap("copies");
}

/// Stage 5's end: no path made twice, every problem in order, and the output finished
/// (a folder's staging swapped in by the caller's commit); figures.json's size kept for
/// the next build.
fn finish(
    site: &Site,
    collector: Collector,
    memo: &mut Memo,
    problems: &mut Vec<Diagnostic>,
) -> Result<Output, Failure> {
    render::copies::made_twice(site, &collector.made_twice(), problems);
    problems.extend(site.strings.missed());
    render::copies::made_as_file_and_folder(site, &collector.file_and_folder(), problems);
    fail_on_errors(problems)?;
    diagnostics::sort(problems);
    let output = collector.finish().map_err(Failure::CouldNotRun)?;
    memo.figures_json_len = output.files.get("figures.json").map_or(0, |bytes| bytes.len());
    if let Some(figures) = output.files.get("figures.json").filter(|_| !memo.files_in_folder) {
        memo.keep_figures_json(figures.clone());
    }
    Ok(output)
}

/// The source pages of every bundle, each page's made again only when its bundle's files
/// changed.
fn source_pages(site: &Site, output: &Collector, memo: &mut Memo, problems: &mut Vec<Diagnostic>) {
    let with_bundles: Vec<&crate::content::Page> =
        site.content.pages.iter().map(|p| &**p).filter(|page| site.run_data(page).is_some()).collect();
    // A chunk at a time, as pages are: made all at once, a thousand bundles' source pages
    // held 33 MB until the last was written, the build's peak.
    for (at, chunk) in with_bundles.chunks(PAGES_AT_A_TIME).enumerate() {
        // As between the pages' chunks, but every few: the listings are made beside this
        // stage, and until they are done a give-back waits for their thread.
        if memo.files_in_folder && at % 8 == 7 {
            give_back::give_back();
        }
        let memo_read: &Memo = memo;
        // A bundle's pages kept from before are added on the workers, as pages are: one at
        // a time on the loop below, a thousand bundles' were most of this stage.
        let made: Vec<(String, memo::Key, Result<Arc<memo::Part>, memo::Part>)> = chunk
            .par_iter()
            .map(|page| {
                let key = keys::sources_key(site, page);
                let name = format!("{}{}", memo::SOURCES, page.source.display());
                let made = match memo_read.kept_part(&name, &key) {
                    Some(part) => {
                        part.files.iter().for_each(|(path, kept)| output.add_kept(path.clone(), kept));
                        Ok(part)
                    }
                    None => {
                        let made = in_memory(|collector, found| {
                            render::sources::render_page_sources(site, page, collector, found)
                        });
                        // Written on the worker too: written in the loop below, on one
                        // thread, they left the other cores idle for most of this stage.
                        made.files.iter().for_each(|(path, kept)| output.add_kept(path.clone(), kept));
                        Err(made)
                    }
                };
                (name, key, made)
            })
            .collect();
        for (name, key, made) in made {
            match made {
                Ok(part) => problems.extend(part.problems.iter().cloned()),
                Err(made) => {
                    problems.extend(made.problems.iter().cloned());
                    memo.part(name, key, || made);
                }
            }
        }
    }
}

/// What `render` made, gathered in memory to be kept in the memo.
fn in_memory(render: impl FnOnce(&Collector, &mut Vec<Diagnostic>)) -> memo::Part {
    let mut problems = Vec::new();
    let files = match Collector::new(&Destination::Memory) {
        Ok(collector) => {
            render(&collector, &mut problems);
            let files = collector.finish().map(|output| output.files).unwrap_or_default();
            files.into_iter().map(|(path, bytes)| (path, memo::Kept::Bytes(bytes))).collect()
        }
        Err(_) => Vec::new(),
    };
    memo::Part { files, problems }
}

fn add_part(output: &Collector, part: &memo::Part, problems: &mut Vec<Diagnostic>) {
    for (path, kept) in &part.files {
        output.add_kept(path.clone(), kept);
    }
    problems.extend(part.problems.iter().cloned());
}

/// Every file a page or its run data names (images, run files, screenshots), relative to
/// the root.
fn files_read<'a>(site: &'a Site, work: &'a [PageWork]) -> impl Iterator<Item = PathBuf> + 'a {
    let images = work.iter().flat_map(|w| w.resolved.images.iter().map(|i| i.source.clone()));
    let runs = site.runs.iter().flat_map(|(bundle, data)| {
        data.runs()
            .iter()
            .flat_map(move |run| run.shot.iter().chain(&run.raw_files).map(move |file| bundle.join(file)))
    });
    images.chain(runs)
}
