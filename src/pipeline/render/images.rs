//! Images: every picture a page shows and every run's `shot:`, published stamped (owner,
//! licence and page address in a strip below), with the redactions its run data names.
//! Originals are read, never written, and published as they are only when site.yaml asks.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::super::load::Site;
use super::super::resolve::PageWork;
use super::super::write::Collector;
use crate::diagnostics::Diagnostic;
use crate::paths::display_path;
use rayon::prelude::*;

use crate::stamp::{ImageFormat, Planned, StampCache, StampJob, Strip, planned, stamp_each};

/// Where an image was asked for, to place its errors.
struct Request {
    /// Relative to the site root.
    source: PathBuf,
    page_url: String,
    redactions: Vec<[u32; 4]>,
    asked_at: AskedAt,
    /// The picture's own owner and licence, when its bundle's runs.yaml gives them.
    rights: Option<crate::figures::rundata::ImageRights>,
}

enum AskedAt {
    Page { page: usize, range: std::ops::Range<usize> },
    RunData { runs_yaml: PathBuf },
}

/// Stamps every image into `output`; returns how many were decoded and how many came from
/// the cache.
pub(crate) fn publish(
    site: &Site,
    work: &[PageWork],
    output: &Collector,
    problems: &mut Vec<Diagnostic>,
) -> (usize, usize) {
    let mut requests = collect(site, work);
    let limit = site.settings.max_image_pixels;
    requests.retain(|request| match too_many_pixels(&site.root.join(&request.source), limit) {
        Some(message) => {
            problems.push(place_error(site, request, message));
            false
        }
        None => true,
    });
    let jobs: Vec<StampJob> = requests
        .iter()
        .map(|r| StampJob {
            source: site.root.join(&r.source),
            strip: strip_of(site, r),
            redactions: r.redactions.clone(),
        })
        .collect();
    let mut cache = StampCache::new(site.root.join(".tally-cache").join("stamps"));
    if output.keeps_nothing() {
        cache = cache.read_only();
    }
    let failed = std::sync::Mutex::new(Vec::new());
    let report = stamp_each(&jobs, &cache, |index, result| {
        let request = &requests[index];
        let published = published_path(&request.source);
        match result {
            Ok(copies) => {
                for variant in copies.webp {
                    output.add(webp_path(&published, &variant.suffix), variant.stamped.bytes);
                }
                output.add(published.clone(), copies.full.bytes);
            }
            Err(error) => failed.lock().unwrap_or_else(|e| e.into_inner()).push((index, error.to_string())),
        }
        // A redacted picture's original is what the redaction hides: never published.
        if site.settings.originals.publish
            && request.redactions.is_empty()
            && let Ok(bytes) = crate::regular::read(&site.root.join(&request.source))
        {
            output.add(format!("{}/{published}", site.settings.originals.path.trim_matches('/')), bytes);
        }
    });
    let mut failed = failed.into_inner().unwrap_or_else(|e| e.into_inner());
    // Stamping finishes in any order; the problems are listed in the requests' order.
    failed.sort_by_key(|(index, _)| *index);
    for (index, message) in failed {
        problems.push(place_error(site, &requests[index], message));
    }
    (report.decoded, report.from_cache)
}

/// A third party's picture keeps its owner and licence, in the strip and the metadata.
fn strip_of(site: &Site, r: &Request) -> Strip {
    match &r.rights {
        Some(rights) => Strip {
            owner: rights.owner.clone(),
            licence: rights.licence_name.clone(),
            licence_url: rights.licence_url.clone(),
            page_url: r.page_url.clone(),
        },
        None => Strip {
            owner: site.settings.owner.clone(),
            licence: site.settings.licence.name.clone(),
            licence_url: site.settings.licence.url.clone(),
            page_url: r.page_url.clone(),
        },
    }
}

/// Every picture's published copies and their sizes, by its source (relative to the root),
/// read from each original's header without decoding it: what a page's `<picture>` names.
/// A picture whose header does not read is left out; publishing it reports why.
pub(crate) fn plan(site: &Site, work: &[PageWork]) -> Pictures {
    let requests = collect(site, work);
    let planned: Vec<Option<(PathBuf, Planned)>> = requests
        .par_iter()
        .map(|request| {
            let (format, width, height) = upright_size(&site.root.join(&request.source))?;
            Some((request.source.clone(), planned(format, width, height, &strip_of(site, request))))
        })
        .collect();
    planned.into_iter().flatten().collect()
}

/// What a page knows of each picture it shows.
pub(crate) type Pictures = HashMap<PathBuf, Planned>;

/// An original's format and its size as a viewer shows it, from its header.
fn upright_size(path: &Path) -> Option<(ImageFormat, u32, u32)> {
    crate::stamp::upright_size(std::io::BufReader::new(crate::regular::open(path).ok()?))
}

/// Why an image is too large to decode, read from its header alone (a few bytes): a small
/// file can claim billions of pixels, which decoding would allocate.
fn too_many_pixels(path: &Path, limit: u64) -> Option<String> {
    let file = std::io::BufReader::new(crate::regular::open(path).ok()?);
    let reader = image::ImageReader::new(file).with_guessed_format().ok()?;
    let (width, height) = reader.into_dimensions().ok()?;
    let pixels = u64::from(width) * u64::from(height);
    (pixels > limit).then(|| {
        format!(
            "the image is {width}×{height} pixels ({:.1} megapixels), more than the {:.1} megapixels \
             tally decodes (`max_image_pixels` in site.yaml); publish a smaller copy",
            pixels as f64 / 1e6,
            limit as f64 / 1e6
        )
    })
}

/// `a/shots/x.png` and `.640w` → `a/shots/x.640w.webp`: a WebP copy beside its PNG.
pub(crate) fn webp_path(published: &str, suffix: &str) -> String {
    let stem = published.rsplit_once('.').map_or(published, |(stem, _)| stem);
    format!("{stem}{suffix}.webp")
}

/// `content/a/shots/x.png` → `a/shots/x.png`, the path its page links to.
fn published_path(source: &Path) -> String {
    let under_content: PathBuf = source.components().skip(1).collect();
    display_path(&under_content)
}

fn place_error(site: &Site, request: &Request, message: String) -> Diagnostic {
    match &request.asked_at {
        AskedAt::Page { page, range } => {
            let page = &site.content.pages[*page];
            Diagnostic::at(
                "bad-image",
                &page.source,
                &page.text,
                range.clone(),
                format!("{}: {message}", display_path(&request.source)),
            )
        }
        AskedAt::RunData { runs_yaml } => {
            Diagnostic::file("bad-image", runs_yaml, format!("{}: {message}", display_path(&request.source)))
        }
    }
}

/// One request per image file: the first page that shows it (originals come before their
/// translations) gives the address in its strip; run shots not shown on a page are
/// published with their bundle's page address.
fn collect(site: &Site, work: &[PageWork]) -> Vec<Request> {
    let with_shots: Vec<(&PathBuf, &Arc<crate::figures::RunData>)> =
        site.runs.iter().filter(|(_, runs)| runs.has_shots()).collect();
    let redactions = shot_redactions(&with_shots);
    let by_content = RedactedContent::of(site, &redactions);
    let redactions_of = |source: &Path, own: &[[u32; 4]]| by_content.add_to(site, source, own);
    let rights_of = |source: &Path| {
        site.runs
            .iter()
            .find_map(|(bundle, runs)| runs.image_rights(source.strip_prefix(bundle).ok()?).cloned())
    };
    let mut requests: BTreeMap<PathBuf, Request> = BTreeMap::new();
    for (index, (page, work)) in site.content.pages.iter().zip(work).enumerate() {
        for image in &work.resolved.images {
            requests.entry(image.source.clone()).or_insert_with(|| Request {
                source: image.source.clone(),
                page_url: format!("{}{}", site.settings.base_url, page.url),
                redactions: redactions_of(
                    &image.source,
                    redactions.get(&image.source).map_or(&[][..], Vec::as_slice),
                ),
                asked_at: AskedAt::Page { page: index, range: image.range.clone() },
                rights: rights_of(&image.source),
            });
        }
    }
    if with_shots.is_empty() {
        return requests.into_values().collect();
    }
    // Hashed, not ordered: comparing paths component by component, for every page of a
    // large site, was most of what a rebuild spent here.
    let mut first_page_of_bundle: HashMap<&Path, &crate::content::Page> = HashMap::new();
    for page in &site.content.pages {
        if let Some(bundle) = &page.bundle {
            first_page_of_bundle.entry(bundle).or_insert(page);
        }
    }
    for (bundle, runs) in with_shots {
        let Some(page) = first_page_of_bundle.get(bundle.as_path()) else {
            continue;
        };
        for shot in runs.shots() {
            let source = bundle.join(&shot.path);
            requests.entry(source.clone()).or_insert_with(|| Request {
                redactions: redactions_of(&source, &shot.redact),
                source,
                page_url: format!("{}{}", site.settings.base_url, page.url),
                asked_at: AskedAt::RunData { runs_yaml: bundle.join("runs.yaml") },
                rights: runs.image_rights(&shot.path).cloned(),
            });
        }
    }
    requests.into_values().collect()
}

/// Every run's shot (relative to the root) with its `redact:` rectangles.
fn shot_redactions(
    with_shots: &[(&PathBuf, &Arc<crate::figures::RunData>)],
) -> BTreeMap<PathBuf, Vec<[u32; 4]>> {
    let mut redactions: BTreeMap<PathBuf, Vec<[u32; 4]>> = BTreeMap::new();
    for (bundle, runs) in with_shots {
        for shot in runs.shots() {
            redactions.insert(bundle.join(&shot.path), shot.redact.clone());
        }
    }
    redactions
}

/// The site's redacted shots by their content, for the files published as they are: one
/// of them (a copy in static/, or under a name that is no picture's) would publish what
/// the redaction hides.
pub(crate) fn redacted_content(site: &Site) -> RedactedContent {
    let with_shots: Vec<(&PathBuf, &Arc<crate::figures::RunData>)> =
        site.runs.iter().filter(|(_, runs)| runs.has_shots()).collect();
    RedactedContent::of(site, &shot_redactions(&with_shots))
}

/// The redacted pictures by their content: a copy or a hard link of a redacted shot under
/// another name shows the same pixels, and gets the same redaction. Only files of a
/// redacted shot's size are read and hashed, so a site with no redactions reads nothing.
pub(crate) struct RedactedContent {
    by_hash: HashMap<blake3::Hash, Vec<[u32; 4]>>,
    /// Each redacted content's first shot, to name it.
    shots: HashMap<blake3::Hash, PathBuf>,
    sizes: std::collections::HashSet<u64>,
}

impl RedactedContent {
    fn of(site: &Site, redactions: &BTreeMap<PathBuf, Vec<[u32; 4]>>) -> RedactedContent {
        let mut found =
            RedactedContent { by_hash: HashMap::new(), shots: HashMap::new(), sizes: Default::default() };
        for (source, rects) in redactions.iter().filter(|(_, rects)| !rects.is_empty()) {
            let Ok(bytes) = crate::regular::read(&site.root.join(source)) else { continue };
            found.sizes.insert(bytes.len() as u64);
            let hash = blake3::hash(&bytes);
            found.shots.entry(hash).or_insert_with(|| source.clone());
            union(found.by_hash.entry(hash).or_default(), rects);
        }
        found
    }

    /// The content hash of the file at `path` when it is a redacted picture's.
    fn redacted(&self, path: &Path) -> Option<blake3::Hash> {
        if self.by_hash.is_empty() || !std::fs::metadata(path).is_ok_and(|m| self.sizes.contains(&m.len())) {
            return None;
        }
        let hash = blake3::hash(&crate::regular::read(path).ok()?);
        self.by_hash.contains_key(&hash).then_some(hash)
    }

    /// The redacted shot (relative to the root) whose picture the file at `path` is.
    pub(crate) fn shot_of(&self, path: &Path) -> Option<&Path> {
        self.shots.get(&self.redacted(path)?).map(PathBuf::as_path)
    }

    /// `own` with the redactions of every redacted picture `source` has the content of.
    fn add_to(&self, site: &Site, source: &Path, own: &[[u32; 4]]) -> Vec<[u32; 4]> {
        let mut all = own.to_vec();
        if self.by_hash.is_empty() {
            return all;
        }
        if let Some(rects) = self.redacted(&site.root.join(source)).and_then(|hash| self.by_hash.get(&hash)) {
            union(&mut all, rects);
        }
        all
    }
}

fn union(into: &mut Vec<[u32; 4]>, rects: &[[u32; 4]]) {
    for rect in rects {
        if !into.contains(rect) {
            into.push(*rect);
        }
    }
}
