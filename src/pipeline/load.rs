//! The load stage: settings, pages, UI strings, templates and each bundle's run data, read
//! from the site's files into one [`Site`] that the later stages only read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::failure::{Failure, fail_on_errors};
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
    pub templates: Templates,
    /// Each bundle's run data, by bundle folder.
    pub runs: BTreeMap<PathBuf, RunData>,
}

impl Site {
    /// The run data of the page's bundle, when it has one.
    pub(crate) fn run_data(&self, page: &crate::content::Page) -> Option<&RunData> {
        self.runs.get(page.bundle.as_ref()?)
    }
}

pub(crate) fn load(root: &Path, problems: &mut Vec<Diagnostic>) -> Result<Site, Failure> {
    if !root.join("site.yaml").is_file() {
        return Err(Failure::CouldNotRun(anyhow::anyhow!(
            "{} is not a tally site: it has no site.yaml",
            root.display()
        )));
    }
    let settings = settings::load(root).map_err(|d| Failure::Problems(vec![d]))?;
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
