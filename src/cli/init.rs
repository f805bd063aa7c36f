//! `tally init [FOLDER]`: a new site to fill in, as `zola init` and `hugo new site` make one:
//! site.yaml with placeholders, the bundled templates, styles, scripts and UI strings, and an
//! empty content/. It writes only new files and never overwrites.

use std::path::Path;

/// Writes the starter site into `folder` (made if missing); refuses a folder that holds a
/// site.yaml or any file the starter would write.
pub(crate) fn init_site(folder: &Path) -> Result<(), String> {
    let site_yaml = folder.join("site.yaml");
    let clashes: Vec<String> = std::iter::once(site_yaml.clone())
        .chain(crate::starter::FILES.iter().map(|(path, _)| folder.join(path)))
        .filter(|path| path.exists())
        .map(|path| path.display().to_string())
        .collect();
    if !clashes.is_empty() {
        return Err(format!(
            "{} already holds a site's files ({}): tally init writes only new files",
            folder.display(),
            clashes.join(", ")
        ));
    }
    let write = |path: &Path, bytes: &[u8]| -> Result<(), String> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write(&site_yaml, crate::starter::SITE_YAML.as_bytes())?;
    for (path, bytes) in crate::starter::FILES {
        write(&folder.join(path), bytes)?;
    }
    let content = folder.join("content");
    std::fs::create_dir_all(&content).map_err(|e| format!("cannot create {}: {e}", content.display()))
}
