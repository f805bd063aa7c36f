//! The fixture [`Site`]: a small tally site in a temporary folder, and the ready-made sites
//! the tests start from.
//!
//! Owns the site's folder, writing and editing its files, and running `tally` on it. It does
//! not hold the files' texts (that is `fixtures`) nor read built pages (that is `html`).

use std::path::{Path, PathBuf};

use super::{FAMILY, README, RUNS_YAML, Run, SITE_YAML, copy_tree, family, measurement_page, run_tally};

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
