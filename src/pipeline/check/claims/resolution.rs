//! Resolution: the figure a tag names, worked out once per bundle.
//!
//! Owns finding a name's figure (a completion by family, else the bundle's run data) and
//! the [`Resolutions`] of each figure with the value and hover text shown with it, which the
//! pages of one bundle (an original and its translations) share. It does not compare a figure
//! with what a tag states (that is `computed`).

use crate::figures::FigureError;
use crate::number::Computed;

use super::FigureSources;
use super::values::{exact_machine_value, short_title};

/// Figures already resolved for this page's bundle: a page states many figures more than
/// once, its translation states the same ones, and the value and explanation shown with a
/// figure are the same each time.
/// (Hashed: never walked in order, and looked up for every tag and evidence entry.)
pub(super) type Resolutions = rustc_hash::FxHashMap<String, Result<Resolution, FigureError>>;

pub(super) struct Resolution {
    pub(super) computed: Computed,
    /// [`machine_value`](super::values::machine_value) of the value.
    pub(super) value: String,
    /// [`short_title`] of the computation.
    pub(super) title: String,
}

/// The figure `name` resolved once per page.
pub(super) fn resolve_once<'m>(
    name: &str,
    sources: &FigureSources,
    resolved: &'m mut Resolutions,
) -> Option<&'m Resolution> {
    if !resolved.contains_key(name) {
        let result = resolve(name, sources).map(|computed| Resolution {
            value: exact_machine_value(&computed),
            title: short_title(&computed),
            computed,
        });
        return resolved.entry(name.to_string()).or_insert(result).as_ref().ok();
    }
    resolved.get(name)?.as_ref().ok()
}

/// The family whose completion `name` states (`completion` on a family page,
/// `families/ID.completion` anywhere).
fn family_of<'a>(name: &'a str, sources: &FigureSources<'a>) -> Option<&'a str> {
    match name.strip_suffix(".completion") {
        Some(path) => path.strip_prefix(crate::content::FAMILY_FOLDER).and_then(|p| p.strip_prefix('/')),
        None if name == "completion" => sources.family,
        None => None,
    }
}

/// Whether `name` is the completion of a family whose page exists but whose table could not
/// be read: that table's cells are the errors, and stating its completion adds none.
pub(super) fn completion_unreadable(name: &str, sources: &FigureSources) -> bool {
    family_of(name, sources)
        .is_some_and(|id| !sources.completions.contains_key(id) && (sources.has_family_page)(id))
}

fn resolve(name: &str, sources: &FigureSources) -> Result<Computed, FigureError> {
    let unknown =
        || FigureError::UnknownName { name: name.to_string(), hint: String::new(), span: 0..name.len() };
    if let Some(family) = family_of(name, sources) {
        return sources.completions.get(family).cloned().ok_or_else(unknown);
    }
    if name == "completion" {
        return Err(unknown());
    }
    sources.runs.ok_or_else(unknown)?.resolve(name)
}
