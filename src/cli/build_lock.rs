//! One `tally build` into an output folder at a time: a second one waits for the first to
//! end (saying what it waits for, up to a limit), or with `--no-wait` is refused at once.
//!
//! Owns the build lock, `.tally-cache/build.lock` (`build-HASH.lock` for another output
//! folder), an exclusive lock on an open file that the system frees when the process ends,
//! however it ends, so a killed build never leaves the site locked. The file is kept outside
//! the output folder, which a build replaces whole, and holds the process id of the build
//! that holds it, for the message of the one that waits. It does not build, and `tally
//! serve` does not take it: serve writes nothing into the output folder, only the stamp
//! cache, whose files are each written whole and renamed into place.

use std::fs::{File, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a build waits for another to end before it gives up, unless told.
pub(super) const DEFAULT_WAIT_SECONDS: u64 = 600;

/// How often a waiting build looks again: a build takes a second or more, so a tenth of a
/// second is lost at most and costs nothing meanwhile.
const POLL: Duration = Duration::from_millis(100);

/// Whether a build waits for another build of the same folder, and how long.
#[derive(Debug, Clone, Copy)]
pub(super) enum Wait {
    /// `--no-wait`: refused at once.
    No,
    /// Up to this long, then refused.
    UpTo(Duration),
}

/// The lock, held until this is dropped or the process ends.
#[derive(Debug)]
pub(super) struct BuildLock {
    _file: File,
}

/// Takes the lock of the build into `out`, waiting as `wait` says; the error is the
/// message of a build that could not run.
pub(super) fn take(root: &Path, out: &Path, wait: Wait) -> Result<BuildLock, String> {
    let path = super::build_record::lock_file(root, out);
    let cannot = |e: std::io::Error| format!("cannot take the build lock {}: {e}", path.display());
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(cannot)?;
    }
    // Not truncated on opening: the holder's process id is read from it while it holds it.
    let mut file =
        File::options().read(true).write(true).create(true).truncate(false).open(&path).map_err(cannot)?;
    let started = Instant::now();
    let mut said_so = false;
    loop {
        match file.try_lock() {
            Ok(()) => break,
            Err(TryLockError::Error(e)) => return Err(cannot(e)),
            Err(TryLockError::WouldBlock) => {}
        }
        let holder = holder(&mut file);
        let limit = match wait {
            Wait::No => {
                return Err(format!(
                    "another tally build into {} is running ({holder} holds {}); refused \
                     (--no-wait): run again when it has ended",
                    out.display(),
                    path.display()
                ));
            }
            Wait::UpTo(limit) => limit,
        };
        if started.elapsed() >= limit {
            return Err(format!(
                "gave up after {} s waiting for another tally build into {} to end ({holder} \
                 holds {}); run again when it has ended, or wait longer with --wait-timeout",
                limit.as_secs(),
                out.display(),
                path.display()
            ));
        }
        if !said_so {
            eprintln!(
                "waiting for another tally build into {} to end ({holder} holds {}; giving up \
                 after {} s)",
                out.display(),
                path.display(),
                limit.as_secs()
            );
            said_so = true;
        }
        std::thread::sleep(POLL);
    }
    // Who holds it, for a build that waits: written only now that this process holds it.
    let written = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| write!(file, "{}", std::process::id()))
        .and_then(|()| file.flush());
    if let Err(e) = written {
        return Err(cannot(e));
    }
    Ok(BuildLock { _file: file })
}

/// "process 1234", or "a process" when the holder has not written its id yet.
fn holder(file: &mut File) -> String {
    let mut text = String::new();
    let read = file.rewind().and_then(|()| file.read_to_string(&mut text));
    match read.ok().and_then(|_| text.trim().parse::<u32>().ok()) {
        Some(pid) => format!("process {pid}"),
        None => "a process".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_of_one_folder_is_refused_without_waiting_and_taken_once_the_first_is_freed() {
        let root = tempfile::tempdir().expect("a folder");
        let out = root.path().join("site");
        let first = take(root.path(), &out, Wait::No).expect("the first lock");
        let refused = take(root.path(), &out, Wait::No).expect_err("a second lock");
        assert!(refused.contains("--no-wait"), "{refused}");
        assert!(refused.contains(&format!("process {}", std::process::id())), "{refused}");
        let timed_out = take(root.path(), &out, Wait::UpTo(Duration::ZERO)).expect_err("no wait left");
        assert!(timed_out.contains("gave up after 0 s"), "{timed_out}");
        drop(first);
        take(root.path(), &out, Wait::No).expect("the lock, freed");
    }

    #[test]
    fn builds_into_two_folders_hold_two_locks() {
        let root = tempfile::tempdir().expect("a folder");
        let _site = take(root.path(), &root.path().join("site"), Wait::No).expect("site/'s lock");
        take(root.path(), &root.path().join("elsewhere"), Wait::No).expect("another folder's lock");
    }
}
