//! Walking a run's fields along a path with `*`: every field it reaches, every number
//! under a field, and where such a path fails to go on ([`Gap`]).
//!
//! Owns the closed-world rule of `*` (every key it ranges over must reach the rest of the
//! path). It does not know runs, series or figures (`scope` does).

use std::ops::Range;

use super::super::{Field, RunData};
use crate::figures::FigureError;
use crate::figures::expr::{self, Leaf, Segment};

/// Every number under `field`, with its path.
pub(super) fn leaves_under(field: &Field, path: String, out: &mut Vec<Leaf>) {
    match field {
        Field::Number(n) => out.push(Leaf {
            path,
            value: n.value,
            unit: n.unit,
            exact: n.exact.clone(),
            expands_to: Vec::new(),
        }),
        Field::Text(_) => {}
        Field::List(_) | Field::Map(_) => {
            for (key, child) in field.children() {
                leaves_under(child, super::super::child_path(&path, &key), out);
            }
        }
    }
}

/// Where a path with `*` fails to go on in one of the fields it ranges over: the path
/// reached so far (`runs.worst`), the field there, and the key it lacks.
pub(super) struct Gap<'f> {
    at: String,
    field: &'f Field,
    key: String,
}

impl Gap<'_> {
    /// The error at `span`: the concrete path that is missing, what its last field has,
    /// and the key probably meant (a typo in one run must not silently drop that run).
    pub(super) fn error(&self, path: &expr::Path, span: Range<usize>, data: &RunData) -> FigureError {
        let missing = format!("{}.{}", self.at, self.key);
        if let Some(why) = data.absent_reason(&missing) {
            return FigureError::MissingPath {
                path: missing,
                hint: format!(" (`{path}` reads it); it is not in the raw file: {why}"),
                span,
            };
        }
        let keys: Vec<String> = self.field.children().into_iter().map(|(k, _)| k).collect();
        let has = if keys.is_empty() {
            format!("; `{}` is {}", self.at, self.field.what())
        } else {
            format!("; `{}`{}", self.at, crate::figures::keys_hint(&keys).replacen("; it has", " has", 1))
        };
        FigureError::MissingPath {
            path: format!("{}.{}", self.at, self.key),
            hint: format!(
                " (`{path}` must reach it in everything its `*` ranges over){has}{}",
                crate::figures::did_you_mean(&self.key, keys.iter().map(String::as_str))
            ),
            span,
        }
    }
}

/// Follows `segments` (with `*`) from `field`, collecting the fields reached. Closed world:
/// every key a `*` ranges over must reach the rest of the path, or the sum, mean, min or max
/// would silently leave one out; the first that does not is the `Gap`.
pub(super) fn follow<'f>(
    field: &'f Field,
    segments: &[Segment],
    path: String,
    out: &mut Vec<(String, &'f Field)>,
) -> Result<(), Gap<'f>> {
    match segments.split_first() {
        None => out.push((path, field)),
        Some((Segment::Star, rest)) => {
            for (key, child) in field.children() {
                follow(child, rest, super::super::child_path(&path, &key), out)?;
            }
        }
        Some((Segment::Name(key), rest)) => match field.child(key) {
            Some(child) => follow(child, rest, super::super::child_path(&path, key), out)?,
            None => return Err(Gap { at: path, field, key: key.clone() }),
        },
    }
    Ok(())
}
