//! A file's stamp, its size and modification time, by which the memo knows a file it read
//! unchanged without reading it again. Owns what a stamp is and when one can be trusted;
//! it does not decide which files a build read (the stages do).

use std::path::Path;
use std::time::SystemTime;

use super::Digest;

/// A file's size and modification time: a file whose stamp is unchanged is taken to be
/// unchanged, as git's index and make do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct FileStamp {
    len: u64,
    modified: Option<SystemTime>,
}

impl FileStamp {
    pub(crate) fn of(path: &Path) -> Option<FileStamp> {
        let meta = std::fs::metadata(path).ok()?;
        Some(FileStamp { len: meta.len(), modified: meta.modified().ok() })
    }

    pub(crate) fn digest_into(&self, digest: &mut Digest) {
        let modified = self.modified.and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        digest.bytes(&self.len.to_le_bytes());
        digest.optional(modified.map(|d| d.as_nanos().to_le_bytes()).as_ref().map(|b| &b[..]));
    }

    /// The stamp of a file last modified well before `started`; `None` for a file modified
    /// since, which could change again within the same clock tick and keep its stamp.
    pub(crate) fn settled(path: &Path, started: SystemTime) -> Option<FileStamp> {
        let stamp = FileStamp::of(path)?;
        let settled_before = started.checked_sub(std::time::Duration::from_secs(1))?;
        (stamp.modified? < settled_before).then_some(stamp)
    }
}
