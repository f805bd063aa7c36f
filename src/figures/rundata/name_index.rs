//! Finding a figure or constant of a loaded runs.yaml by name without searching them all
//! ([`NameIndex`]).
//!
//! Owns only the index: positions into a list the run data holds, sorted by the names
//! they point at. It keeps no copy of a name: a `HashMap<String, usize>` of copied names
//! was 1.7 MB of the 1,000-bundle corpus's 94 MB heap peak, held from load to the end of
//! the build (bench/notes.md).

/// Positions into a list of named things, sorted by name and then by position, so that a
/// name's first position is found by binary search.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub(super) struct NameIndex(Vec<u32>);

impl NameIndex {
    /// The index of `names` (each item's name, in the list's order).
    pub(super) fn of<'a>(names: impl Iterator<Item = &'a str>) -> NameIndex {
        let names: Vec<&str> = names.collect();
        let Ok(count) = u32::try_from(names.len()) else {
            // Four billion figures is no runs.yaml: left unindexed, they are searched.
            return NameIndex::default();
        };
        let mut order: Vec<u32> = (0..count).collect();
        // Stable: of equal names, the first written stays first.
        order.sort_by(|&a, &b| names[a as usize].cmp(names[b as usize]));
        NameIndex(order)
    }

    /// Whether the index covers a list of `len` items (it does once built for it).
    pub(super) fn covers(&self, len: usize) -> bool {
        self.0.len() == len && len > 0
    }

    /// The first position whose name (`name_at` gives it) is `name`.
    pub(super) fn find<'a>(&self, name: &str, name_at: impl Fn(usize) -> &'a str) -> Option<usize> {
        let at = self.0.partition_point(|&i| name_at(i as usize) < name);
        let &first = self.0.get(at)?;
        (name_at(first as usize) == name).then_some(first as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::NameIndex;

    #[test]
    fn a_name_is_found_at_its_first_position() {
        let names = ["b", "a", "c", "a", "b"];
        let index = NameIndex::of(names.iter().copied());
        assert!(index.covers(names.len()));
        let at = |i: usize| names[i];
        assert_eq!(index.find("a", at), Some(1));
        assert_eq!(index.find("b", at), Some(0));
        assert_eq!(index.find("c", at), Some(2));
        assert_eq!(index.find("d", at), None);
        assert_eq!(index.find("", at), None);
        assert!(!NameIndex::default().covers(0));
    }
}
