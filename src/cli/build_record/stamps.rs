//! Looking at thousands of files for the build record: the walk of the source folders and
//! the size and time of each file the last build wrote.
//!
//! Owns how they are looked at. On Linux each file is looked up by its name in a folder
//! held open (`statx` relative to the folder), not by its whole path from `/`, and each
//! folder's entries in parallel: a no-change build of the 1,000-bundle corpus spent most of
//! its time in the kernel's lookups of the same leading folders for 8,000 paths, and the
//! sources were walked and then looked at again one by one (bench/notes.md). Elsewhere it
//! walks with walkdir and looks at whole paths. It decides nothing about freshness.

/// A file's size and modification time (ns since the epoch; 0 for a time before it), as
/// `std::fs::Metadata` gives them, so that either way of looking gives the same stamp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stamp {
    pub(super) size: u64,
    pub(super) modified: u128,
}

impl Stamp {
    pub(super) fn of(metadata: &std::fs::Metadata) -> Stamp {
        Stamp { size: metadata.len(), modified: super::modified_nanos(metadata) }
    }
}

#[cfg(target_os = "linux")]
pub(super) use linux::{files_under, unchanged};
#[cfg(not(target_os = "linux"))]
pub(super) use portable::{files_under, unchanged};

#[cfg(target_os = "linux")]
mod linux {
    use std::ffi::OsStr;
    use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
    use std::os::unix::ffi::OsStrExt as _;
    use std::path::{Path, PathBuf};

    use rayon::prelude::*;
    use rustix::fs::{AtFlags, Dir, FileType, Mode, OFlags, Statx, StatxFlags};

    use super::Stamp;

    fn open_folder(at: BorrowedFd<'_>, name: &Path) -> Option<OwnedFd> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        rustix::fs::openat(at, name, flags, Mode::empty()).ok()
    }

    /// Follows links, as `std::fs::metadata` does.
    fn look(at: BorrowedFd<'_>, name: &Path) -> Option<Statx> {
        let mask = StatxFlags::TYPE | StatxFlags::SIZE | StatxFlags::MTIME | StatxFlags::INO;
        rustix::fs::statx(at, name, AtFlags::empty(), mask).ok()
    }

    fn stamp(found: &Statx) -> Stamp {
        let time = found.stx_mtime;
        let modified = u128::try_from(time.tv_sec)
            .map_or(0, |seconds| seconds * 1_000_000_000 + u128::from(time.tv_nsec));
        Stamp { size: found.stx_size, modified }
    }

    fn kind(found: &Statx) -> FileType {
        FileType::from_raw_mode(u32::from(found.stx_mode))
    }

    /// A folder's identity, to tell a link back to a folder above it.
    fn identity(at: BorrowedFd<'_>, name: &str) -> Option<(u32, u32, u64)> {
        let found = rustix::fs::statx(at, name, AtFlags::EMPTY_PATH, StatxFlags::INO).ok()?;
        Some((found.stx_dev_major, found.stx_dev_minor, found.stx_ino))
    }

    /// Every regular file under `root`/`folder`, relative to `root`, with its stamp (`None`
    /// when it could not be looked at): links followed, except one to a folder it is in;
    /// each folder's entries by name, a folder's files where its name sorts (walkdir's order
    /// with `sort_by_file_name`).
    pub(crate) fn files_under(root: &Path, folder: &str) -> Vec<(PathBuf, Option<Stamp>)> {
        let Some(fd) = open_folder(rustix::fs::CWD, &root.join(folder)) else {
            // A source "folder" that is a file is a source, as walkdir gives it.
            return look(rustix::fs::CWD, &root.join(folder))
                .filter(|found| kind(found) == FileType::RegularFile)
                .map(|found| vec![(PathBuf::from(folder), Some(stamp(&found)))])
                .unwrap_or_default();
        };
        walk(fd, PathBuf::from(folder), &[])
    }

    /// `above` are the folders open above this one, looked at only when a link to a folder
    /// is met (a loop needs one), so that a plain folder costs no look of its own.
    fn walk(fd: OwnedFd, relative: PathBuf, above: &[BorrowedFd<'_>]) -> Vec<(PathBuf, Option<Stamp>)> {
        let Ok(mut dir) = Dir::new(fd) else { return Vec::new() };
        let mut entries: Vec<(PathBuf, FileType)> = Vec::new();
        while let Some(Ok(entry)) = dir.read() {
            let name = OsStr::from_bytes(entry.file_name().to_bytes());
            if name != "." && name != ".." {
                entries.push((PathBuf::from(name), entry.file_type()));
            }
        }
        entries.sort_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
        let Ok(at) = dir.fd() else { return Vec::new() };
        let mut above = above.to_vec();
        above.push(at);
        let found: Vec<Vec<(PathBuf, Option<Stamp>)>> = entries
            .par_iter()
            .map(|(name, file_type)| {
                let path = relative.join(name);
                if *file_type == FileType::Directory {
                    return open_folder(at, name).map_or_else(Vec::new, |fd| walk(fd, path, &above));
                }
                let Some(found) = look(at, name) else {
                    // A file that is there but cannot be looked at only makes the site stale;
                    // a link to nothing is not a file (walkdir leaves it out too).
                    return if *file_type == FileType::RegularFile { vec![(path, None)] } else { Vec::new() };
                };
                match kind(&found) {
                    FileType::RegularFile => vec![(path, Some(stamp(&found)))],
                    FileType::Directory => {
                        let target = Some((found.stx_dev_major, found.stx_dev_minor, found.stx_ino));
                        if above.iter().any(|folder| identity(*folder, "") == target) {
                            return Vec::new();
                        }
                        open_folder(at, name).map_or_else(Vec::new, |fd| walk(fd, path, &above))
                    }
                    _ => Vec::new(),
                }
            })
            .collect();
        found.into_iter().flatten().collect()
    }

    /// Whether every file of `written` (path under `out`, size, time) is there as written.
    pub(crate) fn unchanged(out: &Path, written: &[(String, u64, u128)]) -> bool {
        let Some(fd) = open_folder(rustix::fs::CWD, out) else { return false };
        let at = fd.as_fd();
        written.par_iter().all(|(path, size, modified)| {
            look(at, Path::new(path))
                .is_some_and(|found| stamp(&found) == Stamp { size: *size, modified: *modified })
        })
    }
}

#[cfg(not(target_os = "linux"))]
mod portable {
    use std::path::{Path, PathBuf};

    use rayon::prelude::*;

    use super::Stamp;

    pub(crate) fn files_under(root: &Path, folder: &str) -> Vec<(PathBuf, Option<Stamp>)> {
        let walk = walkdir::WalkDir::new(root.join(folder)).follow_links(true).sort_by_file_name();
        walk.into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .filter_map(|e| {
                let stamp = e.metadata().ok().map(|m| Stamp::of(&m));
                Some((e.path().strip_prefix(root).ok()?.to_path_buf(), stamp))
            })
            .collect()
    }

    pub(crate) fn unchanged(out: &Path, written: &[(String, u64, u128)]) -> bool {
        out.is_dir()
            && written.par_iter().all(|(path, size, modified)| {
                std::fs::metadata(out.join(path))
                    .is_ok_and(|m| Stamp::of(&m) == Stamp { size: *size, modified: *modified })
            })
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// The walk gives what walkdir gives, in its order, with the stamps std gives: nested
    /// folders between files, a link to a file and to a folder followed, a link back to a
    /// folder above and a link to nothing left out.
    #[test]
    fn the_walk_gives_walkdirs_files_in_its_order_with_stds_stamps() {
        let root = tempfile::tempdir().unwrap();
        let content = root.path().join("content");
        for folder in ["a/b", "a/c", "z"] {
            std::fs::create_dir_all(content.join(folder)).unwrap();
        }
        for file in ["a/b/x.md", "a/b/y.md", "a/m.md", "a/c/n.md", "b.md", "z/runs.yaml"] {
            std::fs::write(content.join(file), file).unwrap();
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(content.join("b.md"), content.join("a/link.md")).unwrap();
            std::os::unix::fs::symlink(content.join("z"), content.join("a/zz")).unwrap();
            std::os::unix::fs::symlink(content.join("a"), content.join("a/b/up")).unwrap();
            std::os::unix::fs::symlink(content.join("gone"), content.join("a/gone.md")).unwrap();
        }
        let walkdir: Vec<(PathBuf, Option<Stamp>)> = walkdir::WalkDir::new(&content)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let stamp = e.metadata().ok().map(|m| Stamp::of(&m));
                (e.path().strip_prefix(root.path()).unwrap().to_path_buf(), stamp)
            })
            .collect();
        let found = files_under(root.path(), "content");
        assert_eq!(found, walkdir);
        assert!(found.len() >= 6);
        assert!(files_under(root.path(), "missing").is_empty());
    }

    /// A file rewritten with another size, or touched, is seen; one gone is seen.
    #[test]
    fn a_written_file_changed_or_gone_is_seen() {
        let out = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(out.path().join("a")).unwrap();
        std::fs::write(out.path().join("a/index.html"), "one").unwrap();
        let stamp = Stamp::of(&std::fs::metadata(out.path().join("a/index.html")).unwrap());
        let written = vec![("a/index.html".to_string(), stamp.size, stamp.modified)];
        assert!(unchanged(out.path(), &written));
        std::fs::write(out.path().join("a/index.html"), "three").unwrap();
        assert!(!unchanged(out.path(), &written));
        std::fs::remove_file(out.path().join("a/index.html")).unwrap();
        assert!(!unchanged(out.path(), &written));
        assert!(!unchanged(&out.path().join("missing"), &written));
    }
}
