//! Whose data and whose pictures: `source:` (a bundle measured by someone else), `files:`
//! (a raw file someone else took, in a bundle that mixes sources) and `images:` (a picture
//! that keeps its own owner and licence), read from runs.yaml.
//!
//! Owns [`DataSource`], [`FileSource`] and [`ImageRights`], their loading, and which source
//! a file of the bundle has. It does not show them (the page's header, the source pages and
//! the stamp strip do).

use std::path::PathBuf;

use super::loader::Loader;
use crate::yaml::{Node, NodeKind};

/// Who took a bundle's data, when, and where it was published, when that is not the site's
/// owner: `source: {by: text, taken: YYYY-MM-DD, url: https://...}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct DataSource {
    pub(crate) by: String,
    /// YYYY-MM-DD.
    pub(crate) taken: Option<String>,
    pub(crate) url: Option<String>,
}

/// A raw file of the bundle taken by someone other than the bundle's source (or the site's
/// owner): `files: {raw/pfctl.txt: {by: text, taken: YYYY-MM-DD, url: https://...}}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct FileSource {
    /// Relative to the bundle, as written.
    pub(crate) path: PathBuf,
    pub(crate) source: DataSource,
}

/// The owner and licence of one picture of the bundle, when they are not the site's:
/// `images: {shots/graph.png: {owner: text, licence: {name: text, url: https://...}}}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct ImageRights {
    /// Relative to the bundle, as written.
    pub(crate) path: PathBuf,
    pub(crate) owner: String,
    pub(crate) licence_name: String,
    pub(crate) licence_url: String,
}

impl Loader<'_> {
    pub(super) fn load_source(&mut self, node: &Node) -> Option<DataSource> {
        self.load_source_of(node, "`source`")
    }

    /// A source under `what` (`source`, or a file's entry under `files:`), named so in errors.
    fn load_source_of(&mut self, node: &Node, what: &str) -> Option<DataSource> {
        let (mut by, mut taken, mut url) = (None, None, None);
        for (key, value) in self.map(node, what) {
            match key.key_text().as_str() {
                "by" => by = self.text(value, "`by`"),
                "taken" => {
                    taken = self.text(value, "`taken`");
                    if taken.as_deref().is_some_and(|d| !super::field::is_date(d)) {
                        self.error("runs-type", value.span.clone(), "`taken` must be a date, YYYY-MM-DD");
                    }
                }
                "url" => url = self.web_address(value, "`url`"),
                _ => {
                    self.unknown_key(key, "a source", &["by", "taken", "url"]);
                }
            }
        }
        match by {
            Some(by) if !by.trim().is_empty() => Some(DataSource { by, taken, url }),
            _ => {
                self.error(
                    "runs-source",
                    node.span.clone(),
                    format!("{what} needs `by`: who took this data"),
                );
                None
            }
        }
    }

    pub(super) fn load_files(&mut self, node: &Node) -> Vec<FileSource> {
        let mut out = Vec::new();
        for (key, value) in self.map(node, "`files`") {
            let path = key.key_text();
            self.expect_in_bundle(key, &path, "runs-source", "file");
            if let Some(source) = self.load_source_of(value, &format!("`files: {path}`")) {
                out.push(FileSource { path: PathBuf::from(path), source });
            }
        }
        out
    }

    pub(super) fn load_images(&mut self, node: &Node) -> Vec<ImageRights> {
        let mut out = Vec::new();
        for (key, value) in self.map(node, "`images`") {
            let path = key.key_text();
            self.expect_in_bundle(key, &path, "runs-image-rights", "picture");
            let (mut owner, mut licence) = (None, None);
            for (field, field_value) in self.map(value, "an image's rights") {
                match field.key_text().as_str() {
                    "owner" => owner = self.text(field_value, "`owner`"),
                    "licence" => licence = self.licence(field_value),
                    _ => {
                        self.unknown_key(field, "an image", &["owner", "licence"]);
                    }
                }
            }
            match (owner, licence) {
                (Some(owner), Some((licence_name, licence_url))) => {
                    out.push(ImageRights { path: PathBuf::from(path), owner, licence_name, licence_url })
                }
                _ => self.error(
                    "runs-image-rights",
                    key.span.clone(),
                    format!("image `{path}` needs `owner` and `licence: {{name, url}}`"),
                ),
            }
        }
        out
    }

    /// `code` at `key` unless the bundle holds the file at `path` (relative to runs.yaml's
    /// folder), a `what` (file, picture) that runs.yaml gives rights or a source to.
    fn expect_in_bundle(&mut self, key: &Node, path: &str, code: &'static str, what: &str) {
        if !self.bundle.join(path).is_file() {
            self.error(
                code,
                key.span.clone(),
                format!("no {what} `{path}` in this bundle: the path is relative to runs.yaml's folder"),
            );
        }
    }

    fn licence(&mut self, node: &Node) -> Option<(String, String)> {
        if !matches!(node.kind, NodeKind::Map(_)) {
            self.type_error(node, "`licence`", "a map {name, url}");
            return None;
        }
        let (mut name, mut url) = (None, None);
        for (key, value) in self.map(node, "`licence`") {
            match key.key_text().as_str() {
                "name" => name = self.text(value, "`name`"),
                "url" => url = self.web_address(value, "`url`"),
                _ => {
                    self.unknown_key(key, "a licence", &["name", "url"]);
                }
            }
        }
        name.zip(url)
    }

    fn web_address(&mut self, node: &Node, what: &str) -> Option<String> {
        let text = self.text(node, what)?;
        if text.starts_with("https://") || text.starts_with("http://") {
            Some(text)
        } else {
            self.error("runs-type", node.span.clone(), format!("{what} must be a web address (https://...)"));
            None
        }
    }
}

impl super::RunData {
    /// Who took the file at `relative` (to the bundle): its own entry under `files:`, else
    /// the bundle's `source:`; `None` when it is the site owner's.
    pub(crate) fn source_of_file(&self, relative: &std::path::Path) -> Option<&DataSource> {
        let wanted = crate::paths::normalise(relative);
        self.file_sources
            .iter()
            .find(|f| crate::paths::normalise(&f.path) == wanted)
            .map(|f| &f.source)
            .or(self.source.as_ref())
    }

    /// The raw files with a source of their own (`files:`), in runs.yaml's order.
    pub(crate) fn file_sources(&self) -> &[FileSource] {
        &self.file_sources
    }
}
