//! `&'static str` names read back from the build memo on disk (a diagnostic's code, the
//! tool that printed a value): names from a small fixed set, interned.
//!
//! Owns the interning table. Each distinct name is allocated once per process and never
//! freed, which is bounded by the number of names tally itself uses.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// The one `&'static str` holding `name`.
pub(crate) fn intern(name: &str) -> &'static str {
    static TABLE: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut table = TABLE.get_or_init(Mutex::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(kept) = table.get(name) {
        return kept;
    }
    let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
    table.insert(kept);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_interned_once() {
        let a = intern("figure-mismatch");
        let b = intern(&String::from("figure-mismatch"));
        assert!(std::ptr::eq(a, b));
    }
}
