//! The starter site `tally init` writes: the bundled site's templates, styles, scripts and
//! UI strings (this repository's own, compiled in, so a new site looks and reads as the
//! bundled one does) and a site.yaml to fill in.
//!
//! Owns that list of files and the starter site.yaml. It writes nothing (`cli::init` does),
//! and it is not a fallback: a site reads only the files in its own folder.

/// Each file of the starter site, by its path under the site's folder.
pub(crate) const FILES: &[(&str, &[u8])] = &[
    ("i18n/en.ftl", include_bytes!("../i18n/en.ftl")),
    ("i18n/ja.ftl", include_bytes!("../i18n/ja.ftl")),
    ("static/css/site.css", include_bytes!("../static/css/site.css")),
    ("static/js/discussion.js", include_bytes!("../static/js/discussion.js")),
    ("static/js/evidence.js", include_bytes!("../static/js/evidence.js")),
    ("static/js/not-found.js", include_bytes!("../static/js/not-found.js")),
    ("static/js/search.js", include_bytes!("../static/js/search.js")),
    ("static/js/tables.js", include_bytes!("../static/js/tables.js")),
    ("templates/404.html", include_bytes!("../templates/404.html")),
    ("templates/atom.xml", include_bytes!("../templates/atom.xml")),
    ("templates/base.html", include_bytes!("../templates/base.html")),
    ("templates/components.html", include_bytes!("../templates/components.html")),
    ("templates/family.html", include_bytes!("../templates/family.html")),
    ("templates/home.html", include_bytes!("../templates/home.html")),
    ("templates/measurement.html", include_bytes!("../templates/measurement.html")),
    ("templates/page.html", include_bytes!("../templates/page.html")),
    ("templates/section.html", include_bytes!("../templates/section.html")),
    ("templates/sitemap.xml", include_bytes!("../templates/sitemap.xml")),
    ("templates/source.html", include_bytes!("../templates/source.html")),
];

/// The starter site.yaml: every setting a site must have, with placeholders that read as
/// such; the manual's site-layout page says what each setting does.
pub(crate) const SITE_YAML: &str = r#"# A tally site: `tally check` checks it, `tally build` writes it into site/.
# Every setting: docs/content/site-layout.md in tally's repository.
title: {en: "Measurements", ja: "測定"}
description:
  en: "Measurements, each with the run data behind it."
  ja: "測定と、その元になった実行データ。"
base_url: "https://example.org"
languages: [en, ja]
# Whose text and photographs these are: the footer and every screenshot's strip say so.
owner: "Your name"
licence: {name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/"}
# The sections every measurement page must have, as each language heads them.
required_sections:
  how_taken: {en: ["How it was taken"], ja: ["測り方"]}
  limits: {en: ["Not measured"], ja: ["測っていないこと"]}
family_columns: {done: {en: "done", ja: "完了"}, weight: {en: "weight", ja: "重み"}}
search: true
# Every figure-like number of a measurement page is tagged, or the build fails.
figures: {min_coverage: 1.0}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    /// A template, style or string added to the bundled site is in the starter too.
    #[test]
    fn the_starter_holds_every_file_of_the_bundled_templates_static_and_i18n() {
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut on_disk = Vec::new();
        for folder in ["templates", "static", "i18n"] {
            for entry in walkdir::WalkDir::new(repo.join(folder)) {
                let entry = entry.expect("a readable folder");
                if entry.file_type().is_file() {
                    let relative = entry.path().strip_prefix(repo).expect("under the repository");
                    on_disk.push(crate::paths::display_path(relative));
                }
            }
        }
        on_disk.sort();
        let listed: Vec<String> = FILES.iter().map(|(path, _)| path.to_string()).collect();
        assert_eq!(listed, on_disk);
    }
}
