//! The load stage: settings, pages, UI strings, templates and each bundle's run data, read
//! from the site's files into one [`Site`] that the later stages only read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
// Looked up by bundle for every page, several times on every build.
use rustc_hash::FxHashMap as HashMap;

use super::failure::{Failure, fail_on_errors};
use super::memo::{Digest, FileStamp, Memo};
use crate::content::{self, Content};
use crate::diagnostics::Diagnostic;
use crate::figures::RunData;
use crate::i18n::{self, Strings};
use crate::settings::{self, Settings};
use crate::templates::{self, Templates};

/// Everything loaded from the site's files.
pub(crate) struct Site {
    pub root: PathBuf,
    pub settings: Settings,
    pub content: Content,
    pub strings: Arc<Strings>,
    pub templates: Arc<Templates>,
    /// Each bundle's run data, by bundle folder.
    pub runs: BTreeMap<PathBuf, Arc<RunData>>,
    /// The same run data, to look up by bundle: every page asks for its bundle's several
    /// times on each build, and a tree of paths compares them component by component (6 %
    /// of a one-page rebuild of the 1,000-bundle corpus).
    runs_by_bundle: HashMap<PathBuf, Arc<RunData>>,
    /// A digest of the settings, UI strings and templates as read (for [`super::memo`]).
    pub inputs_digest: String,
    /// A digest of each bundle's runs.yaml and the files it read, by bundle folder.
    pub runs_digests: HashMap<PathBuf, String>,
    /// Every file under static/ and content/ that is not private, as
    /// `site_files::find_files` found them (their names checked).
    pub(crate) files: std::sync::Arc<Vec<(PathBuf, String)>>,
    /// The figure-like numbers the stylesheets under static/ show (`content: "…"`).
    pub(crate) stylesheet_numbers: Vec<crate::shown_numbers::ShownNumber>,
}

impl Site {
    /// Each raw file not in plain UTF-8 with `\n` line ends, from the site's folder, and
    /// what it was decoded from, for `tally check`'s listing.
    pub(crate) fn raw_encodings(&self) -> Vec<(String, String)> {
        let files = self.runs.iter().flat_map(|(bundle, data)| {
            data.raw_encodings()
                .iter()
                .map(move |(file, how)| (crate::paths::display_path(&bundle.join(file)), how.clone()))
        });
        files.collect()
    }

    /// The run data of the page's bundle, when it has one.
    pub(crate) fn run_data(&self, page: &crate::content::Page) -> Option<&RunData> {
        self.runs_by_bundle.get(page.bundle.as_ref()?).map(|data| &**data)
    }

    /// Whether the bundle folder `bundle` has run data.
    pub(crate) fn has_run_data(&self, bundle: &Path) -> bool {
        self.runs_by_bundle.contains_key(bundle)
    }

    /// The digest of the run data of the page's bundle, when it has one.
    pub(crate) fn run_data_digest(&self, page: &crate::content::Page) -> Option<&str> {
        self.runs_digests.get(page.bundle.as_ref()?).map(String::as_str)
    }
}

pub(crate) fn load(root: &Path, memo: &mut Memo, problems: &mut Vec<Diagnostic>) -> Result<Site, Failure> {
    let site_yaml = std::fs::metadata(root.join("site.yaml"));
    if let Some(kind) = site_yaml.as_ref().ok().and_then(|m| crate::regular::special_kind(m.file_type())) {
        return Err(Failure::CouldNotRun(anyhow::anyhow!(
            "cannot read {}: its site.yaml is {kind}, not a regular file; tally reads only regular files",
            root.display()
        )));
    }
    if !site_yaml.is_ok_and(|m| m.is_file()) {
        return Err(Failure::CouldNotRun(anyhow::anyhow!(
            "{} is not a tally site: it has no site.yaml",
            root.display()
        )));
    }
    // Every page is read with the settings, UI strings and templates: what is kept from
    // before is reused only while they are the same.
    let inputs_digest = inputs_digest(root);
    memo.use_inputs(&inputs_digest);
    let setup = match memo.setup::<Setup>() {
        Some(setup) => setup,
        None => {
            let setup = load_setup(root)?;
            if setup.is_whole() {
                memo.keep_setup(setup.clone());
            }
            setup
        }
    };
    let Setup { settings, strings, templates, problems: mut found } = setup;
    problems.append(&mut found);
    let started = std::time::SystemTime::now();
    let found_pages = memo.found_pages(|| content::find_pages(root, &settings));
    let (files, found) = &*found_pages;
    problems.extend(found.iter().cloned());
    let memo_read: &Memo = memo;
    let reuse = |path: &Path| memo_read.source(path);
    let (content, mut found) = content::load(root, &settings, files, &reuse);
    problems.append(&mut found);
    memo.keep_sources(root, &content.pages, started);
    // Content's errors are listed with the templates' before stopping.
    let Some(templates) = templates else {
        fail_on_errors(problems)?;
        return Err(Failure::Problems(Vec::new()));
    };
    let (runs, runs_digests) = load_run_data(root, &content, settings.max_raw_bytes, memo, problems);
    if settings.shots == crate::settings::ShotsRule::Required {
        for problem in problems.iter_mut().filter(|p| p.code == "run-no-shot") {
            problem.severity = crate::diagnostics::Severity::Error;
        }
    }
    // The files published as they are, found now so that a name that is no address is
    // listed with the pages' errors.
    let files = memo.found_files(|| crate::site_files::find_files(root, &settings.publish_hidden));
    problems.extend(memo.file_names_checked(&files, || {
        let mut refused = Vec::new();
        crate::site_files::check_names(root, &files, &mut refused);
        refused
    }));
    fail_on_errors(problems)?;
    let stylesheet_numbers = stylesheet_numbers(&files);
    Ok(Site {
        root: root.to_path_buf(),
        settings,
        content,
        strings,
        templates,
        runs_by_bundle: runs.iter().map(|(bundle, data)| (bundle.clone(), data.clone())).collect(),
        runs,
        inputs_digest,
        runs_digests,
        files,
        stylesheet_numbers,
    })
}

/// The figure-like numbers of the published stylesheets (static/**/*.css).
fn stylesheet_numbers(files: &[(PathBuf, String)]) -> Vec<crate::shown_numbers::ShownNumber> {
    // `files` holds each file's path and its name as found: static/'s without the folder.
    files
        .iter()
        .filter(|(path, found_as)| {
            !found_as.starts_with("content/")
                && path.extension().is_some_and(|e| e.eq_ignore_ascii_case("css"))
        })
        .filter_map(|(path, found_as)| Some((found_as, crate::regular::read_to_string(path).ok()?)))
        .flat_map(|(found_as, css)| {
            crate::stylesheets::shown_numbers(&Path::new("static").join(found_as), &css)
        })
        .collect()
}

/// What every page is read and made with: the settings, UI strings and templates, and the
/// warnings found reading them.
#[derive(Clone)]
pub(crate) struct Setup {
    settings: Settings,
    strings: Arc<Strings>,
    /// `None` when they have errors, which are among `problems`.
    templates: Option<Arc<Templates>>,
    problems: Vec<Diagnostic>,
}

impl Setup {
    fn is_whole(&self) -> bool {
        self.templates.is_some()
            && !self.problems.iter().any(|d| d.severity == crate::diagnostics::Severity::Error)
    }
}

fn load_setup(root: &Path) -> Result<Setup, Failure> {
    let settings = settings::load(root).map_err(|d| Failure::Problems(vec![d]))?;
    let (strings, mut problems) = i18n::load(root, &settings);
    let strings = Arc::new(strings);
    let templates = match templates::load(root, strings.clone()) {
        Ok(templates) => Some(Arc::new(templates)),
        Err(mut errors) => {
            problems.append(&mut errors);
            None
        }
    };
    Ok(Setup { settings, strings, templates, problems })
}

/// A digest of site.yaml and every file under templates/ and i18n/: what every page is
/// made with besides its own sources.
fn inputs_digest(root: &Path) -> String {
    let mut digest = Digest::new();
    digest.bytes(&crate::regular::read(&root.join("site.yaml")).unwrap_or_default());
    for folder in ["templates", "i18n"] {
        for entry in walkdir::WalkDir::new(root.join(folder)).sort_by_file_name().into_iter().flatten() {
            if entry.file_type().is_file() {
                digest.debug(&entry.path()).bytes(&crate::regular::read(entry.path()).unwrap_or_default());
            }
        }
    }
    blake3::Hash::from_bytes(digest.finish()).to_hex().to_string()
}

fn load_run_data(
    root: &Path,
    content: &Content,
    max_raw_bytes: u64,
    memo: &mut Memo,
    problems: &mut Vec<Diagnostic>,
) -> (BTreeMap<PathBuf, Arc<RunData>>, HashMap<PathBuf, String>) {
    let bundles: std::collections::BTreeSet<&PathBuf> =
        content.pages.iter().filter_map(|p| p.bundle.as_ref()).collect();
    let memo_read: &Memo = memo;
    let started = std::time::SystemTime::now();
    let loaded: Vec<Loaded> = bundles
        .into_par_iter()
        .filter_map(|bundle| {
            let path = root.join(bundle).join("runs.yaml");
            if !path.is_file() {
                return None;
            }
            if let Some((data, found)) = memo_read.runs(bundle) {
                return Some(Loaded { bundle: bundle.clone(), data, found, stamps: None, from_memo: true });
            }
            let runs_stamp = FileStamp::settled(&path, started);
            let (data, found) = match crate::regular::read_to_string(&path) {
                Ok(text) => crate::figures::load_run_data_with(root, &path, &text, max_raw_bytes),
                Err(e) => (
                    None,
                    vec![Diagnostic::file(
                        "unreadable-file",
                        bundle.join("runs.yaml"),
                        format!("cannot read: {e}"),
                    )],
                ),
            };
            let Some(runs_stamp) = runs_stamp else { return Some(Loaded::unstamped(bundle, data, found)) };
            let mut stamps = vec![(path.clone(), runs_stamp)];
            let read: Vec<PathBuf> = data
                .iter()
                .flat_map(|d| d.runs())
                .flat_map(|run| run.shot.iter().chain(&run.raw_files))
                .map(|file| root.join(bundle).join(file))
                .collect();
            for file in read {
                // A file that cannot be stamped is read again next time.
                let Some(stamp) = FileStamp::settled(&file, started) else {
                    return Some(Loaded::unstamped(bundle, data, found));
                };
                stamps.push((file, stamp));
            }
            Some(Loaded {
                bundle: bundle.clone(),
                data: data.map(Arc::new),
                found,
                stamps: Some(stamps),
                from_memo: false,
            })
        })
        .collect();
    // In bundle order already: the tree is built from the list at once rather than by a
    // search of paths for each insertion.
    let mut runs = Vec::with_capacity(loaded.len());
    let mut digests = HashMap::with_capacity_and_hasher(loaded.len(), Default::default());
    for Loaded { bundle, data, found, stamps, from_memo } in loaded {
        problems.extend(found.iter().cloned());
        match stamps {
            Some(stamps) => memo.keep_runs(bundle.clone(), stamps, data.clone(), found),
            None if !from_memo => memo.forget_runs(&bundle),
            None => {}
        }
        if let Some(data) = data {
            problems.extend(data.unphotographed(&bundle.join("runs.yaml")));
            let mut digest = Digest::new();
            match memo.runs_stamps(&bundle) {
                Some(stamps) => {
                    digest.number(stamps.len());
                    for (path, stamp) in stamps {
                        stamp.digest_into(digest.path(path));
                    }
                    &mut digest
                }
                // Read anew each time: a mark no other build has, in this process or
                // another (the memo is kept on disk), so no page made from it is reused.
                None => digest.debug(&(
                    "unstamped",
                    std::process::id(),
                    std::time::SystemTime::now(),
                    UNSTAMPED.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                )),
            };
            digests.insert(bundle.clone(), blake3::Hash::from_bytes(digest.finish()).to_hex().to_string());
            runs.push((bundle, data));
        }
    }
    (runs.into_iter().collect(), digests)
}

static UNSTAMPED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// One bundle's run data as loaded, and the stamps of the files it was read from (`None`
/// when it came from the memo, or when a file could not be stamped).
struct Loaded {
    bundle: PathBuf,
    data: Option<Arc<RunData>>,
    found: Vec<Diagnostic>,
    stamps: Option<Vec<(PathBuf, FileStamp)>>,
    from_memo: bool,
}

impl Loaded {
    fn unstamped(bundle: &Path, data: Option<RunData>, found: Vec<Diagnostic>) -> Loaded {
        Loaded {
            bundle: bundle.to_path_buf(),
            data: data.map(Arc::new),
            found,
            stamps: None,
            from_memo: false,
        }
    }
}
