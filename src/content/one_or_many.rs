//! A front-matter value written as one string or a list of strings (`build:`'s entries),
//! and how it is read from YAML and from the build memo.
//!
//! Owns that type and its two readings; what the values mean is the page's (`content`).

use serde::Deserialize;

/// A value written as one string or as a list of strings.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// Front matter (a human-readable format) writes either form bare; the build memo's binary
/// form cannot tell them apart that way, and names the variant.
impl<'de> Deserialize<'de> for OneOrMany {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(
            untagged,
            expecting = "a string or a list of strings (quote a value YAML reads as a number or a date: \"69971224\")"
        )]
        enum Bare {
            One(String),
            Many(Vec<String>),
        }
        #[derive(Deserialize)]
        enum Named {
            One(String),
            Many(Vec<String>),
        }
        Ok(if deserializer.is_human_readable() {
            match Bare::deserialize(deserializer)? {
                Bare::One(one) => OneOrMany::One(one),
                Bare::Many(many) => OneOrMany::Many(many),
            }
        } else {
            match Named::deserialize(deserializer)? {
                Named::One(one) => OneOrMany::One(one),
                Named::Many(many) => OneOrMany::Many(many),
            }
        })
    }
}

impl OneOrMany {
    pub(crate) fn joined(&self) -> String {
        match self {
            OneOrMany::One(one) => one.clone(),
            OneOrMany::Many(many) => many.join(", "),
        }
    }
}
