//! Site settings: `site.yaml`, read strictly (an unknown key is an error).
//!
//! Owns the typed settings every other stage reads, and the figure-like numbers its texts a
//! reader is shown hold (title, description, owner). It does not know about pages.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::diagnostics::Diagnostic;

/// A text given once per language, e.g. `{en: "...", ja: "..."}`.
pub(crate) type PerLanguage<T> = BTreeMap<String, T>;

/// The settings of `site.yaml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The site's title in each language.
    pub title: PerLanguage<String>,
    /// The site's description in each language.
    #[serde(default)]
    pub description: PerLanguage<String>,
    /// The address the site is published at, without a trailing slash.
    pub base_url: String,
    /// Language codes; the first is the original, served at `/`.
    pub languages: Vec<String>,
    /// Who owns the pictures and the text, named in every stamp.
    pub owner: String,
    /// The licence of the pictures and the text.
    pub licence: Licence,
    /// The discussion (giscus), when the site has one.
    pub giscus: Option<Giscus>,
    /// Section names a measurement page must have, per language.
    pub required_sections: RequiredSections,
    /// The names of a family table's done and weight columns, per language.
    pub family_columns: FamilyColumns,
    /// Options of the figure checks (`min_coverage`).
    #[serde(default)]
    pub figures: FigureOptions,
    /// Whether and where the unstamped originals are published.
    #[serde(default)]
    pub originals: Originals,
    /// Hidden files or folders of `static/` and `content/` that are published all the same
    /// (`[.well-known]`); every other name starting with a dot is not.
    #[serde(default)]
    pub publish_hidden: Vec<String>,
    /// Whether a measured run that figures read must name its photographed window:
    /// `shots: required` makes the `run-no-shot` warning an error.
    #[serde(default)]
    pub shots: ShotsRule,
    /// The most pixels an image may have before it is decoded (default 50 million).
    #[serde(default = "default_max_image_pixels")]
    pub max_image_pixels: u64,
    /// The largest page (markdown file) tally reads, in bytes (default 16 MiB): a page is
    /// held with its parse and rendering, about eleven times its size.
    /// Written as bytes (`1048576`) or with a unit (`16 MiB`, `500 KiB`, `1 GiB`).
    #[serde(default = "default_max_page_bytes", deserialize_with = "size_in_bytes")]
    pub max_page_bytes: u64,
    /// The largest raw file (a tool's output a run names) tally reads, in bytes (default
    /// 256 MiB), checked from the file's size before it is read. Written as `max_page_bytes`.
    #[serde(default = "default_max_raw_bytes", deserialize_with = "size_in_bytes")]
    pub max_raw_bytes: u64,
    /// Literal strings that hold a figure-like number which is text, not a figure
    /// (`CC BY 4.0`, `512 KB responses`): allowed where tally publishes text outside a page
    /// body (templates, UI strings, these settings, runs.yaml's build and vendor texts).
    #[serde(default)]
    pub text_numbers: Vec<String>,
    /// The figure-like numbers of the title, description and owner, at their places.
    #[serde(skip)]
    pub(crate) shown: Vec<crate::shown_numbers::ShownNumber>,
    /// For each entry of `text_numbers`, the error it is when it covers no such number.
    #[serde(skip)]
    pub(crate) unused_text_numbers: Vec<Diagnostic>,
    /// The `giscus-placeholder` warnings: giscus ids left at the bundled example's values.
    #[serde(skip)]
    pub(crate) giscus_placeholders: Vec<Diagnostic>,
    /// Whether the site has a search box, with an index per language made by every build
    /// (`search: true`). Off unless asked for, as in Zola: indexing is Pagefind's work on every page
    /// (BENCHMARKS.md's search table).
    #[serde(default)]
    pub search: bool,
    /// Whether a page's evidence prints, after its content as an appendix on pages of its
    /// own (`print_evidence: appendix`, the default), or not at all (`none`).
    #[serde(default)]
    pub print_evidence: PrintEvidence,
}

/// A size: a number of bytes, or a number and a unit (`B`, `KiB`, `MiB`, `GiB`; `KB`, `MB`,
/// `GB` are read as the same powers of two, as an author writing `16 MB` means).
fn size_in_bytes<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Size {
        Bytes(u64),
        Text(String),
    }
    let expected = "expected a size in bytes, such as `16 MiB`, `500 KiB` or `1048576`";
    let text = match Size::deserialize(deserializer)? {
        Size::Bytes(bytes) => return Ok(bytes),
        Size::Text(text) => text,
    };
    parse_size(&text)
        .ok_or_else(|| serde::de::Error::custom(format!("`{}`: {expected}", text.escape_debug())))
}

fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().ok()?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "kib" | "kb" | "k" => 10,
        "mib" | "mb" | "m" => 20,
        "gib" | "gb" | "g" => 30,
        _ => return None,
    };
    number.checked_mul(1 << shift)
}

/// `shots:` in site.yaml: what a measured run without a `shot:` is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShotsRule {
    /// A warning (the default).
    #[default]
    Warn,
    /// An error.
    Required,
}

/// `print_evidence:` in site.yaml: what paper gets of a page's evidence.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PrintEvidence {
    /// After the page's content, from a new page, under its heading (the default).
    #[default]
    Appendix,
    /// Left out of print.
    None,
}

fn default_max_image_pixels() -> u64 {
    50_000_000
}

/// The largest raw file read when site.yaml does not say (`max_raw_bytes`): a long soak's
/// curl log is far larger than a page, a log padded to gigabytes is not a tool's output.
pub(crate) const DEFAULT_MAX_RAW_BYTES: u64 = 256 << 20;

fn default_max_raw_bytes() -> u64 {
    DEFAULT_MAX_RAW_BYTES
}

fn default_max_page_bytes() -> u64 {
    16 << 20
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Licence {
    pub name: String,
    pub url: String,
}

#[derive(Debug, Clone, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Giscus {
    pub repo: String,
    pub repo_id: String,
    pub category: String,
    pub category_id: String,
    #[serde(default = "default_mapping")]
    pub mapping: String,
}

fn default_mapping() -> String {
    "pathname".to_string()
}

/// The headings that count, per language, as a measurement page's required sections.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequiredSections {
    pub how_taken: PerLanguage<Vec<String>>,
    pub limits: PerLanguage<Vec<String>>,
}

/// The header names of a family table's done and weight columns, per language.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyColumns {
    pub done: PerLanguage<String>,
    pub weight: PerLanguage<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureOptions {
    /// The least share (0 to 1) of a measurement page's figure-like numbers that must be tagged.
    pub min_coverage: Option<f64>,
    /// The least share (0 to 1) of a measurement page's figures computed from run data
    /// that must read every input from a raw file, not a value typed into runs.yaml.
    pub min_raw: Option<f64>,
    /// The fewest runs a figure over a series may stand on; fewer is a warning.
    pub min_runs: Option<usize>,
    /// The largest coefficient of variation (in %) of a series a figure is computed over;
    /// above is a warning. `max_cv:` written without a value is [`DEFAULT_MAX_CV`].
    #[serde(default, deserialize_with = "max_cv_or_default")]
    pub max_cv: Option<f64>,
}

/// The Phoronix Test Suite's: it runs a test again while its standard deviation is at least
/// 3.5 % of its mean.
pub(crate) const DEFAULT_MAX_CV: f64 = 3.5;

/// `max_cv:` as written, [`DEFAULT_MAX_CV`] when it has no value (called only when present).
pub(crate) fn max_cv_or_default<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    // The build's memo (postcard, not human-readable) gives back the value as it was kept:
    // read as YAML, an unset `max_cv` came back as the default, and an incremental build
    // warned of spreads no setting asked about (a user trial).
    if !d.is_human_readable() {
        return Option::<f64>::deserialize(d);
    }
    Ok(Some(Option::<f64>::deserialize(d)?.unwrap_or(DEFAULT_MAX_CV)))
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Originals {
    pub publish: bool,
    pub path: String,
}

impl Default for Originals {
    fn default() -> Self {
        Originals { publish: false, path: "originals".to_string() }
    }
}

impl Settings {
    /// The original language (the first listed).
    pub fn original_language(&self) -> &str {
        self.languages.first().map_or("en", String::as_str)
    }

    /// The text for `lang`, falling back to the original language's.
    pub fn text<'a>(&'a self, texts: &'a PerLanguage<String>, lang: &str) -> &'a str {
        texts.get(lang).or_else(|| texts.get(self.original_language())).map_or("", String::as_str)
    }

    /// The URL prefix of a language: `/` for the original, `/ja/` for the others.
    pub fn language_prefix(&self, lang: &str) -> String {
        if lang == self.original_language() { "/".to_string() } else { format!("/{lang}/") }
    }
}

/// Reads `site.yaml` at the site root.
pub fn load(root: &Path) -> Result<Settings, Diagnostic> {
    let path = root.join("site.yaml");
    let text = crate::regular::read_to_string(&path).map_err(|e| {
        Diagnostic::file("unreadable-file", "site.yaml", format!("cannot read site.yaml: {e}"))
    })?;
    let settings: Settings = crate::yaml::deserialize(Path::new("site.yaml"), &text, &text, 1)?;
    validate(&settings, &text)?;
    let (shown, unused_text_numbers) = shown_texts(&text);
    let giscus_placeholders = giscus_placeholders(&text);
    Ok(Settings {
        base_url: settings.base_url.trim_end_matches('/').to_string(),
        shown,
        unused_text_numbers,
        giscus_placeholders,
        ..settings
    })
}

/// The figure-like numbers of the texts site.yaml gives a reader (the title, description,
/// owner and licence name), and for each entry of `text_numbers` the error it is if it covers none.
fn shown_texts(text: &str) -> (Vec<crate::shown_numbers::ShownNumber>, Vec<Diagnostic>) {
    use crate::yaml::NodeKind;
    let Ok(root) = crate::yaml::parse_tree(text) else { return (Vec::new(), Vec::new()) };
    let NodeKind::Map(entries) = &root.kind else { return (Vec::new(), Vec::new()) };
    let path = Path::new("site.yaml");
    let (mut shown, mut unused) = (Vec::new(), Vec::new());
    let mut read = |name: String, node: &crate::yaml::Node| {
        if let (NodeKind::Str(decoded), Some(value)) = (&node.kind, text.get(node.span.clone())) {
            let what = format!("site.yaml's `{name}`");
            let found = crate::shown_numbers::ShownNumber::found_in_yaml(
                path,
                text,
                value,
                Some(decoded),
                node.span.start,
                &what,
            );
            // A licence's name carries its version (`CC BY 4.0`): a bare number there is
            // that version; one with a unit or a scale word is still a figure.
            let is_version = |stated: &str| stated.bytes().all(|b| b.is_ascii_digit() || b == b'.');
            shown.extend(
                found.into_iter().filter(|n| !(name.starts_with("licence.") && is_version(&n.stated))),
            );
        }
    };
    for (key, value) in entries {
        let name = key.key_text();
        match (name.as_str(), &value.kind) {
            ("owner", _) => read(name, value),
            // Printed under every screenshot and in every footer.
            ("licence", NodeKind::Map(fields)) => {
                for (field, value) in fields.iter().filter(|(field, _)| field.key_text() == "name") {
                    read(format!("{name}.{}", field.key_text()), value);
                }
            }
            ("title" | "description", NodeKind::Map(languages)) => {
                for (lang, value) in languages {
                    read(format!("{name}.{}", lang.key_text()), value);
                }
            }
            ("text_numbers", NodeKind::Seq(items)) => {
                for item in items {
                    let entry = item.scalar_text(text).unwrap_or_default();
                    unused.push(
                        Diagnostic::at(
                            "bad-setting",
                            path,
                            text,
                            item.span.clone(),
                            format!("`text_numbers` lists `{entry}`, which covers no figure-like number of the texts published outside a page body"),
                        )
                        .note("take it out: an entry that allows nothing today would hide a number written later"),
                    );
                }
            }
            _ => {}
        }
    }
    (shown, unused)
}

/// A warning at each giscus id of site.yaml that is still the bundled example's placeholder
/// (`R_kgDOPLACEHOLDER`, `DIC_kwDOPLACEHOLDER`: any id holding `PLACEHOLDER`), which giscus
/// would refuse on every page.
fn giscus_placeholders(text: &str) -> Vec<Diagnostic> {
    use crate::yaml::NodeKind;
    let Ok(root) = crate::yaml::parse_tree(text) else { return Vec::new() };
    let NodeKind::Map(entries) = &root.kind else { return Vec::new() };
    let fields = entries.iter().filter(|(key, _)| key.key_text() == "giscus").flat_map(|(_, value)| {
        match &value.kind {
            NodeKind::Map(fields) => fields.as_slice(),
            _ => &[],
        }
    });
    fields
        .filter(|(key, _)| matches!(key.key_text().as_str(), "repo_id" | "category_id"))
        .filter_map(|(key, value)| {
            let id = value.scalar_text(text)?;
            id.to_ascii_uppercase().contains("PLACEHOLDER").then(|| {
                let name = key.key_text();
                Diagnostic::at(
                    "giscus-placeholder",
                    "site.yaml",
                    text,
                    value.span.clone(),
                    format!("`giscus.{name}` is `{id}`, the example's placeholder: giscus would show no discussion with it"),
                )
                .warning()
                .note("copy the ids giscus.app gives for your repository and category (its `data-repo-id` and `data-category-id`)")
            })
        })
        .collect()
}

/// Why `base_url` is no address a tally site can be served at, if it is not.
fn base_url_problem(base_url: &str) -> Option<String> {
    let base = base_url.to_ascii_lowercase();
    let web_address = base.is_empty()
        || base.starts_with("https://")
        || base.starts_with("http://")
        || base.starts_with('/');
    if !web_address || base_url.chars().any(char::is_control) {
        return Some(format!(
            "`base_url` is `{}`: expected an http:// or https:// address",
            base_url.escape_debug()
        ));
    }
    // Every address tally writes is root-absolute (`/css/site.css`, `/importers/`), so a
    // site is served at the root of its address: a path after the host would break them all.
    let after_host = base.split_once("://").map_or(base.as_str(), |(_, rest)| rest);
    let path = after_host.find(['/', '?', '#']).map_or("", |at| &after_host[at..]);
    (!path.is_empty() && path != "/").then(|| {
        format!(
            "`base_url` is `{}`: a tally site is served at the root of its address, so give the address without the path `{path}`",
            base_url.escape_debug()
        )
    })
}

fn validate(settings: &Settings, text: &str) -> Result<(), Diagnostic> {
    // Each refusal is placed at its key's value.
    let refuse = |key: &str, message: String| {
        let at = crate::yaml::key_value_offset(text, key).unwrap_or(0);
        Diagnostic::at("bad-setting", "site.yaml", text, at..at, message)
    };
    if settings.languages.is_empty() {
        return Err(refuse("languages", "`languages` lists no language".to_string()));
    }
    let path = &settings.originals.path;
    let inside = !path.trim_matches('/').is_empty()
        && !path.contains('\\')
        && !path.contains(':')
        && path.trim_matches('/').split('/').all(|part| !part.is_empty() && part != "." && part != "..");
    if !inside {
        return Err(refuse(
            "originals",
            format!("`originals.path` is `{path}`: expected a folder inside the site, such as `originals`"),
        ));
    }
    for name in &settings.publish_hidden {
        if name.is_empty()
            || name.contains(['/', '\\'])
            || !name.starts_with('.')
            || name == "."
            || name == ".."
        {
            return Err(refuse(
                "publish_hidden",
                format!(
                    "`publish_hidden` lists `{name}`: expected the name of a hidden file or folder, such as `.well-known`"
                ),
            ));
        }
    }
    if settings.max_raw_bytes == 0 {
        return Err(refuse(
            "max_raw_bytes",
            "`max_raw_bytes` is 0, which would refuse every raw file: expected a size such as `256 MiB`"
                .to_string(),
        ));
    }
    if settings.max_page_bytes == 0 {
        return Err(refuse(
            "max_page_bytes",
            "`max_page_bytes` is 0, which would refuse every page: expected a size such as `16 MiB`"
                .to_string(),
        ));
    }
    // A share is 0 to 1: `min_raw: 90` meant 90 % and would fail every page; NaN would pass
    // every one.
    let shares = [("min_coverage", settings.figures.min_coverage), ("min_raw", settings.figures.min_raw)];
    for (key, share) in shares {
        if let Some(share) = share
            && !(0.0..=1.0).contains(&share)
        {
            return Err(refuse(
                "figures",
                format!("`figures.{key}` is {share}: expected a share from 0 to 1, such as 0.9 for 90 %"),
            ));
        }
    }
    if let Some(message) = base_url_problem(&settings.base_url) {
        return Err(refuse("base_url", message));
    }
    let texts = settings.title.values().chain(settings.description.values()).chain([
        &settings.owner,
        &settings.licence.name,
        &settings.licence.url,
    ]);
    for text_value in texts {
        if let Some(bad) = text_value.chars().find(|c| crate::text::is_forbidden_control(*c)) {
            return Err(Diagnostic::file(
                "bad-setting",
                "site.yaml",
                format!(
                    "`{}` holds the control character U+{:04X}, which XML (the feed) cannot carry",
                    text_value.escape_debug(),
                    bad as u32
                ),
            ));
        }
    }
    for lang in &settings.languages {
        if lang.parse::<unic_langid::LanguageIdentifier>().is_err() || lang.contains('/') {
            return Err(refuse("languages", format!("`{lang}` is not a language code")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
