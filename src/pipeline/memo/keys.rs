//! The memo's digest: what a stage feeds the inputs of a piece of output into to get its
//! key. Owns how values are digested; which inputs make each key is the stages' own
//! (`pipeline/keys.rs`), so that the memo knows nothing of what it keeps.

use std::path::Path;

use super::Key;

/// Feeds values into a blake3 hasher through their `Debug` form, which for the plain data
/// hashed here (strings, numbers, paths, maps in order) names every field and value.
pub(crate) struct Digest(blake3::Hasher);

impl Digest {
    pub(crate) fn new() -> Digest {
        Digest(blake3::Hasher::new())
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) -> &mut Digest {
        self.0.update(&(bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
        self
    }

    /// A path, by its bytes: feeding it through `Debug` escapes it character by character,
    /// which for the few paths of every page of a large site is a good part of a rebuild.
    pub(crate) fn path(&mut self, path: &Path) -> &mut Digest {
        self.bytes(path.as_os_str().as_encoded_bytes())
    }

    /// A string that may be absent, told apart from an empty one.
    pub(crate) fn optional(&mut self, text: Option<&[u8]>) -> &mut Digest {
        match text {
            Some(text) => self.bytes(b"+").bytes(text),
            None => self.bytes(b"-"),
        }
    }

    pub(crate) fn number(&mut self, number: usize) -> &mut Digest {
        self.bytes(&(number as u64).to_le_bytes())
    }

    pub(crate) fn debug(&mut self, value: &impl std::fmt::Debug) -> &mut Digest {
        use std::fmt::Write as _;
        let mut writer = HashWriter(&mut self.0);
        let _ = write!(writer, "{value:?}");
        self.0.update(&[0xff]);
        self
    }

    pub(crate) fn finish(&self) -> Key {
        *self.0.finalize().as_bytes()
    }
}

struct HashWriter<'a>(&'a mut blake3::Hasher);

impl std::fmt::Write for HashWriter<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.update(s.as_bytes());
        Ok(())
    }
}

/// The name of a page's source pages in the memo's parts.
pub(crate) const SOURCES: &str = "sources:";
