//! Stamping every image of a build: in parallel, behind a content-hash cache, with a
//! progress bar on a terminal.
//!
//! Owns the cache key (original bytes, strip text, redactions, font, tally's version), the
//! cache folder's layout and its atomic writes, and the parallel runner. It does not know
//! where the build publishes the results, and it never writes next to an original.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use super::codec::{header_dimensions, sniff_format, upright_size};
use super::strip::FONT_HASH;
use super::{
    Copies, ImageFormat, Redaction, StampError, Stamped, Strip, Variant, stamp_copies, webp_suffixes,
};

/// Below this many images stamping is over before a bar would be worth drawing.
const PROGRESS_BAR_THRESHOLD: usize = 32;

/// One image to publish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StampJob {
    /// The original, absolute; it is only read.
    pub source: PathBuf,
    /// The strip to add under the picture.
    pub strip: Strip,
    /// Rectangles to fill opaquely before stamping.
    pub redactions: Vec<Redaction>,
}

/// A folder of stamped copies named by the hash of everything that determines them, so
/// an entry can never be stale: any change gives a new name. Keep it outside `site/`
/// (e.g. `<root>/.tally-cache/stamps`).
#[derive(Debug, Clone)]
pub struct StampCache {
    dir: PathBuf,
    /// Read only: nothing is stored (`tally check` writes nothing at all).
    read_only: bool,
}

/// What a run of [`stamp_all`] did, for the build's summary and for tests.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StampReport {
    /// Images that had to be decoded and stamped (including ones that then failed).
    pub decoded: usize,
    /// Images served from the cache without decoding.
    pub from_cache: usize,
}

/// Part of every temporary file name, so parallel writers in one process never collide.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl StampCache {
    /// A cache of stamped copies in `dir` (made when first written).
    pub fn new(dir: PathBuf) -> Self {
        StampCache { dir, read_only: false }
    }

    /// The same cache, only read: copies stamped anew are not stored.
    pub fn read_only(self) -> Self {
        StampCache { read_only: true, ..self }
    }

    /// The cache's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Lengths prefix every variable field so that no two different inputs hash alike by
    /// shifting bytes from one field into the next.
    fn key(original: &[u8], strip: &Strip, redactions: &[Redaction]) -> blake3::Hash {
        let mut hasher = blake3::Hasher::new();
        let mut field = |bytes: &[u8]| {
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        };
        // The second: a copy's list and its strip's rules, which the version does not follow.
        field(b"tally stamp cache 7: png + lossless webp (method 1, quality 24), box-scaled copies, the column's 1x copy a phone's 2x, no column 2x copy");
        field(env!("CARGO_PKG_VERSION").as_bytes());
        field(FONT_HASH.as_bytes());
        field(original);
        for text in [&strip.owner, &strip.licence, &strip.licence_url, &strip.page_url] {
            field(text.as_bytes());
        }
        let mut rects = Vec::with_capacity(redactions.len() * 16);
        for rect in redactions {
            for value in rect {
                rects.extend_from_slice(&value.to_le_bytes());
            }
        }
        field(&rects);
        hasher.finalize()
    }

    fn entry_path(&self, key: &blake3::Hash, suffix: &str, format: ImageFormat) -> PathBuf {
        self.dir.join(format!("{}{suffix}.{}", key.to_hex(), format.extension()))
    }

    fn load_one(&self, key: &blake3::Hash, suffix: &str, format: ImageFormat) -> Option<Stamped> {
        let bytes = std::fs::read(self.entry_path(key, suffix, format)).ok()?;
        let (width, height) = header_dimensions(&bytes, format)?;
        Some(Stamped { bytes, format, width, height })
    }

    /// Every cached copy, if each exists and its header reads; a damaged or missing entry
    /// is a miss of them all.
    fn load(&self, key: &blake3::Hash, format: ImageFormat, original: &[u8]) -> Option<Copies> {
        let full = self.load_one(key, "", format)?;
        let (_, width, _) = upright_size(std::io::Cursor::new(original))?;
        let webp = webp_suffixes(format, width)
            .into_iter()
            .map(|suffix| {
                let stamped = self.load_one(key, &suffix, ImageFormat::Webp)?;
                Some(Variant { suffix, stamped })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Copies { full, webp })
    }

    /// Stores every copy; the full-size one last, which [`StampCache::load`] reads
    /// first, so an interrupted store is a miss.
    fn store_all(&self, key: &blake3::Hash, copies: &Copies) -> std::io::Result<()> {
        for variant in &copies.webp {
            self.store(key, &variant.suffix, &variant.stamped)?;
        }
        self.store(key, "", &copies.full)
    }

    /// Writes to a temporary file in the same folder, then renames it into place, so a
    /// reader (or a build interrupted halfway) never sees half an image.
    fn store(&self, key: &blake3::Hash, suffix: &str, stamped: &Stamped) -> std::io::Result<()> {
        if self.read_only {
            return Ok(());
        }
        std::fs::create_dir_all(&self.dir)?;
        let final_path = self.entry_path(key, suffix, stamped.format);
        let temp_path = self.dir.join(format!(
            ".{}{suffix}.{}.{}.tmp",
            key.to_hex(),
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let written = std::fs::File::create(&temp_path)
            .and_then(|mut file| {
                file.write_all(&stamped.bytes)?;
                file.sync_all()
            })
            .and_then(|()| std::fs::rename(&temp_path, &final_path));
        if written.is_err() {
            // Best effort: a leftover temp file is harmless, only untidy.
            let _ = std::fs::remove_file(&temp_path);
        }
        written
    }
}

struct Counters {
    decoded: AtomicUsize,
    from_cache: AtomicUsize,
}

fn run_one(job: &StampJob, cache: &StampCache, counters: &Counters) -> Result<Copies, StampError> {
    let original = crate::regular::read(&job.source).map_err(|error| StampError::Unreadable {
        path: job.source.clone(),
        reason: format!("{}: {error}", job.source.display()),
    })?;
    // The format comes from the first bytes, so a cache hit needs no decoding at all.
    let format = sniff_format(&original)?;
    let key = StampCache::key(&original, &job.strip, &job.redactions);
    if let Some(cached) = cache.load(&key, format, &original) {
        counters.from_cache.fetch_add(1, Ordering::Relaxed);
        return Ok(cached);
    }
    counters.decoded.fetch_add(1, Ordering::Relaxed);
    let copies = stamp_copies(&original, &job.strip, &job.redactions)?;
    // A copy the cache could not keep is still this build's; the next build stamps it again.
    let _ = cache.store_all(&key, &copies);
    Ok(copies)
}

fn progress_bar(jobs: usize) -> ProgressBar {
    if jobs < PROGRESS_BAR_THRESHOLD || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(jobs as u64);
    if let Ok(style) =
        ProgressStyle::with_template("stamping images {bar:40} {pos}/{len} ({per_sec}, {eta} left)")
    {
        bar.set_style(style);
    }
    bar
}

/// Stamps every job in parallel; results come back in the order of `jobs`. An image whose
/// original, strip and redactions are unchanged since a previous run is read from the
/// cache without being decoded.
pub fn stamp_all(jobs: &[StampJob], cache: &StampCache) -> (Vec<Result<Stamped, StampError>>, StampReport) {
    let results: Vec<std::sync::Mutex<Option<Result<Stamped, StampError>>>> =
        jobs.iter().map(|_| std::sync::Mutex::new(None)).collect();
    let report = stamp_each(jobs, cache, |index, result| {
        *results[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(result.map(|copies| copies.full));
    });
    let results = results
        .into_iter()
        .map(|slot| {
            // stamp_each hands over every job's result exactly once.
            slot.into_inner().unwrap_or_else(|e| e.into_inner()).expect("every job has a result")
        })
        .collect();
    (results, report)
}

/// Stamps every job in parallel and hands each result to `deliver` with its job's index as
/// soon as it is made, so that a caller writing them out never holds every stamped image
/// at once.
pub(crate) fn stamp_each(
    jobs: &[StampJob],
    cache: &StampCache,
    deliver: impl Fn(usize, Result<Copies, StampError>) + Sync,
) -> StampReport {
    let counters = Counters { decoded: AtomicUsize::new(0), from_cache: AtomicUsize::new(0) };
    let bar = progress_bar(jobs.len());
    let retained = (!jobs.is_empty()).then(FreedMemoryKept::start);
    jobs.par_iter().enumerate().for_each(|(index, job)| {
        deliver(index, run_one(job, cache, &counters));
        bar.inc(1);
    });
    drop(retained);
    bar.finish_and_clear();
    StampReport { decoded: counters.decoded.into_inner(), from_cache: counters.from_cache.into_inner() }
}

/// While stamping, freed memory stays with the process instead of going back to the system
/// at once: every copy of a screenshot is a few megabytes of pixels and of libwebp's and
/// zlib's tables, allocated and freed a dozen times per image. Given back at once (glibc
/// trims its heap past 128 KiB free; mimalloc purges after 10 ms), each of them was paged in
/// again, zeroed by the kernel: a quarter of a cold build's CPU with 100 screenshots was the
/// kernel's (page faults, `madvise`). Ended (the defaults back, the free memory trimmed) when
/// dropped by the last of the stampings running at once. Output bytes do not depend on it.
struct FreedMemoryKept;

/// How many stampings run (a library's caller may stamp on two threads at once) and what
/// mimalloc's purge delay was before the first began, to set back when the last ends.
static KEEPING: std::sync::Mutex<(usize, std::ffi::c_long)> = std::sync::Mutex::new((0, 0));

/// libwebp's C code allocates with glibc's `malloc`, not with the Rust allocator.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod system_heap {
    /// Free memory at the heap's top kept up to this, and allocations below it from the
    /// heap (not mapped and unmapped each): more than any one copy's buffers.
    const KEPT: libc::c_int = 256 << 20;
    /// glibc's defaults (mallopt(3)): M_TRIM_THRESHOLD and M_MMAP_THRESHOLD, 128 KiB.
    const DEFAULT: libc::c_int = 128 * 1024;

    pub(super) fn keep() {
        // SAFETY: mallopt only changes glibc's thresholds, which any thread may do at any time.
        unsafe {
            libc::mallopt(libc::M_TRIM_THRESHOLD, KEPT);
            libc::mallopt(libc::M_MMAP_THRESHOLD, KEPT / 4);
        }
    }

    pub(super) fn give_back() {
        // SAFETY: as above; malloc_trim returns only free memory.
        unsafe {
            libc::mallopt(libc::M_TRIM_THRESHOLD, DEFAULT);
            libc::mallopt(libc::M_MMAP_THRESHOLD, DEFAULT);
            libc::malloc_trim(0);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod system_heap {
    pub(super) fn keep() {}
    pub(super) fn give_back() {}
}

/// `mi_option_purge_delay` in mimalloc.h's `mi_option_e` (v2): milliseconds before freed
/// memory is purged, -1 for never.
#[cfg(feature = "mimalloc")]
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

#[cfg(feature = "mimalloc")]
unsafe extern "C" {
    /// mimalloc's own option accessors (mimalloc.h), linked in with the `mimalloc` crate.
    fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

impl FreedMemoryKept {
    fn start() -> FreedMemoryKept {
        let mut keeping = KEEPING.lock().unwrap_or_else(|e| e.into_inner());
        if keeping.0 == 0 {
            system_heap::keep();
            #[cfg(feature = "mimalloc")]
            {
                // SAFETY: options are plain integers mimalloc reads as it allocates.
                keeping.1 = unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) };
                unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
            }
        }
        keeping.0 += 1;
        FreedMemoryKept
    }
}

impl Drop for FreedMemoryKept {
    fn drop(&mut self) {
        let mut keeping = KEEPING.lock().unwrap_or_else(|e| e.into_inner());
        keeping.0 -= 1;
        if keeping.0 == 0 {
            // SAFETY: as in `start`.
            #[cfg(feature = "mimalloc")]
            unsafe {
                mi_option_set(MI_OPTION_PURGE_DELAY, keeping.1)
            };
            system_heap::give_back();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stamp::tests::sample_strip;

    #[test]
    fn key_changes_with_every_input() {
        let strip = sample_strip();
        let base = StampCache::key(b"image", &strip, &[[1, 2, 3, 4]]);
        assert_eq!(base, StampCache::key(b"image", &strip, &[[1, 2, 3, 4]]));
        assert_ne!(base, StampCache::key(b"imagf", &strip, &[[1, 2, 3, 4]]));
        assert_ne!(base, StampCache::key(b"image", &strip, &[[1, 2, 3, 5]]));
        assert_ne!(base, StampCache::key(b"image", &strip, &[]));
        let mut other_owner = strip.clone();
        other_owner.owner.push('x');
        assert_ne!(base, StampCache::key(b"image", &other_owner, &[[1, 2, 3, 4]]));
    }

    #[test]
    fn moving_bytes_between_fields_changes_the_key() {
        let mut a = sample_strip();
        let mut b = sample_strip();
        a.owner = "ab".into();
        a.licence = "c".into();
        b.owner = "a".into();
        b.licence = "bc".into();
        assert_ne!(StampCache::key(b"", &a, &[]), StampCache::key(b"", &b, &[]));
    }

    #[test]
    fn missing_source_is_an_unreadable_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let job =
            StampJob { source: dir.path().join("absent.png"), strip: sample_strip(), redactions: vec![] };
        let (results, report) = stamp_all(&[job], &StampCache::new(dir.path().join("cache")));
        let error = results[0].clone().unwrap_err();
        assert!(matches!(error, StampError::Unreadable { .. }));
        assert!(error.to_string().contains("absent.png"), "{error}");
        assert_eq!(report, StampReport::default());
    }

    #[cfg(feature = "mimalloc")]
    #[test]
    fn stamping_leaves_the_allocators_purge_delay_as_it_was_when_the_last_one_ends() {
        let first = FreedMemoryKept::start();
        let second = FreedMemoryKept::start();
        drop(first);
        // SAFETY: reading an option.
        assert_eq!(unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) }, -1, "kept while one still stamps");
        drop(second);
        // Other tests stamp in this process too: checked once none does, under their lock.
        loop {
            let keeping = KEEPING.lock().unwrap_or_else(|e| e.into_inner());
            if keeping.0 == 0 {
                // mimalloc's default, 10 ms (its neighbours' are 1 and 0): the index is right.
                assert_eq!(unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) }, 10);
                break;
            }
            drop(keeping);
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[test]
    fn damaged_cache_entry_is_a_miss_and_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("a.png");
        let image = image::RgbImage::from_pixel(40, 30, image::Rgb([9, 99, 199]));
        image.save(&source).unwrap();
        let cache = StampCache::new(dir.path().join("cache"));
        let job = StampJob { source: source.clone(), strip: sample_strip(), redactions: vec![] };
        let (first, _) = stamp_all(std::slice::from_ref(&job), &cache);
        let key = StampCache::key(&std::fs::read(&source).unwrap(), &job.strip, &[]);
        let entry = cache.entry_path(&key, "", ImageFormat::Png);
        std::fs::write(&entry, b"garbage").unwrap();
        let (second, report) = stamp_all(std::slice::from_ref(&job), &cache);
        assert_eq!(report.decoded, 1);
        assert_eq!(first[0].as_ref().unwrap(), second[0].as_ref().unwrap());
        assert_eq!(std::fs::read(&entry).unwrap(), first[0].as_ref().unwrap().bytes);
    }
}
