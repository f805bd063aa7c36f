//! Reading the author's files: regular files only, and never a wait.
//!
//! Owns opening a source (site.yaml, a page, a Fluent file, a template, run data, a raw
//! file, a picture, README.md) so that a named pipe, a device or a socket in its place is
//! an error saying what it is, found before the file is opened (a pipe's open waits for a
//! writer) and checked again on the open file (opened without waiting, in case it was
//! swapped in between). It does not decide what to do with such a file (required ones are
//! errors, others are skipped with a warning, where they are found) nor walk folders.

use std::fs::{File, FileType};
use std::io::Read as _;
use std::path::Path;

/// A file that is there but is not a regular file: a named pipe, a device, a socket, or
/// (for [`open_no_follow`]) a symbolic link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NotRegular(pub(crate) &'static str);

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "it is {}, not a regular file; tally reads only regular files", self.0)
    }
}

impl std::error::Error for NotRegular {}

/// What a file of this type is, in words, unless it is a regular file or a folder.
pub(crate) fn special_kind(file_type: FileType) -> Option<&'static str> {
    if file_type.is_file() || file_type.is_dir() {
        return None;
    }
    if file_type.is_symlink() {
        return Some("a symbolic link");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if file_type.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// The [`NotRegular`] an error carries, if it is one.
pub(crate) fn not_regular(error: &std::io::Error) -> Option<NotRegular> {
    error.get_ref().and_then(|inner| inner.downcast_ref::<NotRegular>()).copied()
}

fn refused(kind: &'static str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, NotRegular(kind))
}

/// Opens `path` to read, following symbolic links, only if it is a regular file.
pub(crate) fn open(path: &Path) -> std::io::Result<File> {
    open_following(path).map(|(file, _)| file)
}

/// [`open`], with the open file's length.
fn open_following(path: &Path) -> std::io::Result<(File, u64)> {
    check(std::fs::metadata(path)?.file_type())?;
    open_checked(path)
}

/// [`open`], refusing a symbolic link too (files published as they are).
fn open_no_follow(path: &Path) -> std::io::Result<(File, u64)> {
    check(std::fs::symlink_metadata(path)?.file_type())?;
    open_checked(path)
}

fn check(file_type: FileType) -> std::io::Result<()> {
    match special_kind(file_type) {
        Some(kind) => Err(refused(kind)),
        None if file_type.is_dir() => Err(refused("a folder")),
        None => Ok(()),
    }
}

/// Opens without waiting (a pipe swapped in after the check would otherwise block the
/// open), then checks what was opened; with the open file's length, which the check's
/// `fstat` gave.
fn open_checked(path: &Path) -> std::io::Result<(File, u64)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let metadata = file.metadata()?;
    check(metadata.file_type())?;
    Ok((file, metadata.len()))
}

/// The bytes of the regular file at `path` (links followed).
pub(crate) fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    let (file, length) = open_following(path)?;
    read_file(file, length)
}

/// The bytes of the regular file at `path`, which may not be a symbolic link.
pub(crate) fn read_no_follow(path: &Path) -> std::io::Result<Vec<u8>> {
    let (file, length) = open_no_follow(path)?;
    read_file(file, length)
}

/// The text of the regular file at `path` (links followed); not UTF-8 is an error, as
/// for [`std::fs::read_to_string`].
pub(crate) fn read_to_string(path: &Path) -> std::io::Result<String> {
    // In std's words, which messages already show.
    String::from_utf8(read(path)?).map_err(|_| {
        std::io::Error::new(std::io::ErrorKind::InvalidData, "stream did not contain valid UTF-8")
    })
}

/// Reads to the end a file whose length the open's check found. `File::read_to_end` asks
/// the system for the length and the position again (an `fstat` and an `lseek` for each
/// of the build's nine thousand reads); a file that grew since is still read whole.
fn read_file(file: File, length: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(usize::try_from(length).unwrap_or(0).saturating_add(1));
    // `Take` reads through the default loop, which takes the capacity it is given.
    file.take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn fifo(path: &Path) {
        let status = std::process::Command::new("mkfifo").arg(path).status().unwrap();
        assert!(status.success());
    }

    #[test]
    fn a_named_pipe_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let pipe = dir.path().join("site.yaml");
        fifo(&pipe);
        let error = read(&pipe).unwrap_err();
        assert_eq!(not_regular(&error), Some(NotRegular("a named pipe (FIFO)")));
        assert!(error.to_string().contains("named pipe"), "{error}");
        assert!(read_to_string(&pipe).is_err() && read_no_follow(&pipe).is_err());
    }

    #[test]
    fn a_device_is_refused_and_a_link_only_where_links_are_not_followed() {
        assert_eq!(not_regular(&read(Path::new("/dev/null")).unwrap_err()), Some(NotRegular("a device")));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "text").unwrap();
        std::os::unix::fs::symlink(dir.path().join("a.txt"), dir.path().join("b.txt")).unwrap();
        assert_eq!(read(&dir.path().join("b.txt")).unwrap(), b"text");
        let error = read_no_follow(&dir.path().join("b.txt")).unwrap_err();
        assert_eq!(not_regular(&error), Some(NotRegular("a symbolic link")));
        assert_eq!(read_no_follow(&dir.path().join("a.txt")).unwrap(), b"text");
    }
}
