//! The memo on disk, `.tally-cache/memo.bin`, so that `tally build` after a small edit
//! redoes only what the edit reaches, as `tally serve` does between its builds.
//!
//! Owns the file's format (postcard, a compact binary form of serde's data model) and
//! what makes a saved memo usable: the same tally binary, the same output folder, and the
//! build it was saved by being the one whose files are still in that folder (the caller
//! checks the folder against its build record). Files are not saved: a page or listing
//! kept on disk is taken from the last build's output folder ([`Kept::InLastOutput`]).
//! A memo that cannot be read whole is dropped, and the build starts cold. It does not
//! decide what is reused; [`Memo`] does, under the same keys as in memory.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use std::io::Write as _;

use serde::{Deserialize, Serialize};

use super::{FileStamp, Kept, Key, Memo, MemoRuns, Part, RenderedPage};
use crate::content::Page;
use crate::diagnostics::{Diagnostic, Severity};
use crate::figures::RunData;
use crate::markdown::Scan;
use crate::number::Untagged;

/// Changed whenever what is saved changes shape: an older file is then not read at all.
const FORMAT: u32 = 1;

/// Which build a saved memo belongs to: the tally binary that made it, the output folder
/// its files are in, and that build's own mark (its build record's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemoOwner {
    /// The tally binary's identity (version, commit, size and time).
    pub tally: String,
    /// The output folder, as an absolute path.
    pub out: PathBuf,
    /// The build's mark: when it started reading its sources (ns since the epoch).
    pub build: u128,
}

/// A diagnostic with every field, its code and source line included.
#[derive(Serialize, Deserialize)]
struct SavedDiagnostic {
    severity: Severity,
    code: String,
    path: PathBuf,
    line: usize,
    col: usize,
    message: String,
    notes: Vec<String>,
    source_line: Option<String>,
    highlight: Range<usize>,
}

impl SavedDiagnostic {
    fn of(d: &Diagnostic) -> SavedDiagnostic {
        SavedDiagnostic {
            severity: d.severity,
            code: d.code.to_string(),
            path: d.path.clone(),
            line: d.line,
            col: d.col,
            message: d.message.clone(),
            notes: d.notes.clone(),
            source_line: d.source_line.clone(),
            highlight: d.highlight.clone(),
        }
    }

    fn into_diagnostic(self) -> Diagnostic {
        Diagnostic {
            severity: self.severity,
            code: crate::static_str::intern(&self.code),
            path: self.path,
            line: self.line,
            col: self.col,
            message: self.message,
            notes: self.notes,
            source_line: self.source_line,
            highlight: self.highlight,
        }
    }
}

fn saved(diagnostics: &[Diagnostic]) -> Vec<SavedDiagnostic> {
    diagnostics.iter().map(SavedDiagnostic::of).collect()
}

fn restored(diagnostics: Vec<SavedDiagnostic>) -> Vec<Diagnostic> {
    diagnostics.into_iter().map(SavedDiagnostic::into_diagnostic).collect()
}

/// A page's figures, with where each stands (which figures.json leaves out), and whether
/// it has HTML; the HTML itself is in the output folder.
#[derive(Serialize, Deserialize)]
struct SavedPage {
    has_html: bool,
    record_count: usize,
    provenance: super::Provenance,
    places: Vec<u8>,
    problems: Vec<SavedDiagnostic>,
}

/// A file read, with its stamp when it was read.
type FileRead = (PathBuf, FileStamp);

/// A bundle's run data: the files it was read from, what it holds, what was wrong.
type SavingRuns<'a> = (&'a [FileRead], Option<&'a RunData>, Vec<SavedDiagnostic>);
type SavedRuns = (Vec<FileRead>, Option<RunData>, Vec<SavedDiagnostic>);

/// The memo as written: everything but file contents, in four sections read and written
/// in parallel (the head; the pages as loaded; their scans; the run data). Each `Saving`
/// type borrows what its `Saved` twin owns; the two list the same fields in the same order,
/// which postcard requires.
#[derive(Serialize)]
struct SavingHead<'a> {
    owner: &'a MemoOwner,
    inputs: &'a str,
    parity: Vec<(&'a PathBuf, &'a Key, Vec<SavedDiagnostic>)>,
    pages: Vec<(&'a PathBuf, &'a Key, SavedPage)>,
    parts: Vec<(&'a String, &'a Key, Vec<&'a String>, Vec<SavedDiagnostic>)>,
    copies: Vec<(&'a PathBuf, &'a FileStamp)>,
    lines_at: Vec<(&'a PathBuf, &'a Range<u64>)>,
    found_pages: Option<(&'a [PathBuf], Vec<SavedDiagnostic>)>,
    found_files: Option<&'a [(PathBuf, String)]>,
    figures_json_len: usize,
}

#[derive(Deserialize)]
struct SavedHead {
    owner: MemoOwner,
    inputs: String,
    parity: Vec<(PathBuf, Key, Vec<SavedDiagnostic>)>,
    pages: Vec<(PathBuf, Key, SavedPage)>,
    parts: Vec<(String, Key, Vec<String>, Vec<SavedDiagnostic>)>,
    copies: Vec<(PathBuf, FileStamp)>,
    lines_at: Vec<(PathBuf, Range<u64>)>,
    found_pages: Option<(Vec<PathBuf>, Vec<SavedDiagnostic>)>,
    found_files: Option<Vec<(PathBuf, String)>>,
    figures_json_len: usize,
}

type SavingSources<'a> = Vec<(&'a PathBuf, &'a FileStamp, &'a Page)>;
type SavedSources = Vec<(PathBuf, FileStamp, Page)>;
type SavingScans<'a> = Vec<(&'a PathBuf, &'a Key, &'a Scan, &'a Untagged)>;
type SavedScans = Vec<(PathBuf, Key, Scan, Untagged)>;
type SavingAllRuns<'a> = Vec<(&'a PathBuf, SavingRuns<'a>)>;
type SavedAllRuns = Vec<(PathBuf, SavedRuns)>;

/// Writes `value` as postcard after its length (8 bytes, little-endian), streaming: the
/// memo of a large site is tens of megabytes, and serialising it into memory first made
/// saving it the build's peak (a grown buffer per section, four at once). The length is
/// counted by a first pass that allocates nothing. The memo is plain data, so serialising
/// it cannot fail for its own sake; a write that fails leaves a file that does not read
/// back, and the next build starts cold.
/// `value` after its length. The length is written last, over a placeholder, so that the
/// value is serialized once: measuring it first was a second pass over the whole memo.
fn write_section<T: Serialize, W: std::io::Write + std::io::Seek>(
    value: &T,
    writer: &mut W,
) -> std::io::Result<()> {
    use std::io::SeekFrom;
    let start = writer.stream_position()?;
    writer.write_all(&0u64.to_le_bytes())?;
    postcard::to_io(value, &mut *writer).map_err(std::io::Error::other)?;
    let end = writer.stream_position()?;
    writer.seek(SeekFrom::Start(start))?;
    writer.write_all(&(end - start - 8).to_le_bytes())?;
    writer.seek(SeekFrom::Start(end))?;
    Ok(())
}

/// The four sections of bytes [`Memo::write`] wrote; `None` for bytes of another format or cut short.
fn unframed(bytes: &[u8]) -> Option<[&[u8]; 4]> {
    let (format, mut rest) = bytes.split_at_checked(4)?;
    if format != FORMAT.to_le_bytes() {
        return None;
    }
    let mut sections = [&[][..]; 4];
    for section in &mut sections {
        let (len, after) = rest.split_at_checked(8)?;
        let len = usize::try_from(u64::from_le_bytes(len.try_into().ok()?)).ok()?;
        (*section, rest) = after.split_at_checked(len)?;
    }
    rest.is_empty().then_some(sections)
}

impl Memo {
    /// The memo as bytes for `owner`'s build. Files made in memory are not saved: only
    /// what is in the output folder can be taken from it.
    pub fn to_bytes(&self, owner: &MemoOwner) -> Vec<u8> {
        let mut bytes = std::io::Cursor::new(Vec::new());
        // Writing into memory cannot fail.
        let _ = self.write(&mut bytes, owner);
        bytes.into_inner()
    }

    /// Writes the memo: [`FORMAT`], then its four sections, each after its length.
    fn write<W: std::io::Write + std::io::Seek>(
        &self,
        writer: &mut W,
        owner: &MemoOwner,
    ) -> std::io::Result<()> {
        self.write_all_but_runs(writer, owner)?;
        write_section(&self.saving_runs(), writer)
    }

    fn write_all_but_runs<W: std::io::Write + std::io::Seek>(
        &self,
        writer: &mut W,
        owner: &MemoOwner,
    ) -> std::io::Result<()> {
        writer.write_all(&FORMAT.to_le_bytes())?;
        write_section(&self.saving_head(owner), writer)?;
        write_section(&self.saving_sources(), writer)?;
        write_section(&self.saving_scans(), writer)
    }

    fn saving_sources(&self) -> SavingSources<'_> {
        self.sources.iter().map(|(path, (stamp, page))| (path, stamp, &**page)).collect()
    }

    fn saving_scans(&self) -> SavingScans<'_> {
        self.scans.iter().map(|(path, (key, (scan, untagged)))| (path, key, &**scan, &**untagged)).collect()
    }

    fn saving_runs(&self) -> SavingAllRuns<'_> {
        self.runs
            .iter()
            .map(|(bundle, kept)| {
                (bundle, (kept.stamps.as_slice(), kept.data.as_deref(), saved(&kept.problems)))
            })
            .collect()
    }

    fn saving_head<'a>(&'a self, owner: &'a MemoOwner) -> SavingHead<'a> {
        let in_folder = |kept: &Kept| matches!(kept, Kept::InLastOutput);
        SavingHead {
            owner,
            inputs: &self.inputs,
            parity: self.parity.iter().map(|(path, (key, found))| (path, key, saved(found))).collect(),
            pages: self
                .pages
                .iter()
                .filter(|(path, (_, page))| {
                    page.html.as_ref().is_none_or(in_folder)
                        && page.lines.is_none()
                        && self.lines_at.contains_key(*path)
                })
                .map(|(path, (key, page))| (path, key, save_page(page)))
                .collect(),
            parts: self
                .parts
                .iter()
                .filter(|(_, (_, part))| part.files.iter().all(|(_, kept)| in_folder(kept)))
                .map(|(name, (key, part))| {
                    (name, key, part.files.iter().map(|(path, _)| path).collect(), saved(&part.problems))
                })
                .collect(),
            copies: self
                .copies
                .iter()
                .filter(|(_, (_, kept))| in_folder(kept))
                .map(|(path, (stamp, _))| (path, stamp))
                .collect(),
            lines_at: self.lines_at.iter().collect(),
            found_pages: self.found_pages.as_deref().map(|(pages, found)| (pages.as_slice(), saved(found))),
            found_files: self.found_files.as_deref().map(Vec::as_slice),
            figures_json_len: self.figures_json_len,
        }
    }

    /// The memo saved for `owner`'s build, or `None` when `bytes` are not one saved by
    /// this tally for that build into that folder.
    pub fn from_bytes(bytes: &[u8], owner: &MemoOwner) -> Option<Memo> {
        Memo::from_bytes_of_any(bytes).filter(|(saved_for, _)| saved_for == owner).map(|(_, memo)| memo)
    }

    /// The memo in `bytes`, and whose build it was saved for.
    fn from_bytes_of_any(bytes: &[u8]) -> Option<(MemoOwner, Memo)> {
        let [head, sources, scans, runs] = unframed(bytes)?;
        let ((head, sources), (scans, runs)) = rayon::join(
            || {
                rayon::join(
                    || postcard::from_bytes::<SavedHead>(head),
                    || postcard::from_bytes::<SavedSources>(sources),
                )
            },
            || {
                rayon::join(
                    || postcard::from_bytes::<SavedScans>(scans),
                    || postcard::from_bytes::<SavedAllRuns>(runs),
                )
            },
        );
        let (saved, sources, scans, runs) = (head.ok()?, sources.ok()?, scans.ok()?, runs.ok()?);
        let mut memo =
            Memo { inputs: saved.inputs, files_in_folder: true, from_disk: true, ..Memo::default() };
        memo.sources =
            sources.into_iter().map(|(path, stamp, page)| (path, (stamp, Arc::new(page)))).collect();
        memo.scans = scans
            .into_iter()
            .map(|(path, key, scan, untagged)| (path, (key, (Arc::new(scan), Arc::new(untagged)))))
            .collect();
        memo.parity = saved
            .parity
            .into_iter()
            .map(|(path, key, found)| (path, (key, Arc::new(restored(found)))))
            .collect();
        memo.runs = runs
            .into_iter()
            .map(|(bundle, (stamps, data, problems))| {
                (bundle, MemoRuns { stamps, data: data.map(Arc::new), problems: restored(problems) })
            })
            .collect();
        memo.pages = saved
            .pages
            .into_iter()
            .map(|(path, key, page)| (path, (key, Arc::new(restore_page(page)))))
            .collect();
        memo.parts = saved
            .parts
            .into_iter()
            .map(|(name, key, files, problems)| {
                let files = files.into_iter().map(|path| (path, Kept::InLastOutput)).collect();
                (name, (key, Arc::new(Part { files, problems: restored(problems) })))
            })
            .collect();
        memo.copies =
            saved.copies.into_iter().map(|(path, stamp)| (path, (stamp, Kept::InLastOutput))).collect();
        memo.lines_at = saved.lines_at.into_iter().collect();
        memo.found_pages = saved.found_pages.map(|(pages, found)| Arc::new((pages, restored(found))));
        if let Some(files) = saved.found_files {
            memo.known_files = files.iter().map(|(path, _)| path.clone()).collect();
            memo.found_files = Some(Arc::new(files));
        }
        memo.figures_json_len = saved.figures_json_len;
        Some((saved.owner, memo))
    }

    /// Reads the memo saved at `path`, and whose build it was saved for; `None` when there
    /// is none that this tally can read.
    pub fn load(path: &Path) -> Option<(MemoOwner, Memo)> {
        Memo::from_bytes_of_any(&std::fs::read(path).ok()?)
    }

    /// Saves the memo at `path` for `owner`'s build, replacing the file in one step.
    pub fn save(&self, path: &Path, owner: &MemoOwner) -> std::io::Result<()> {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        let partial = path.with_extension("bin.partial");
        let runs_partial = path.with_extension("bin.runs.partial");
        // The run data (a third of the file) is written to a file of its own on another
        // core while the rest is written, then appended (in the kernel): serially, saving
        // the memo was most of a cold build's last 50 ms, one core working. Serialized into
        // memory instead, it raised the build's peak by its 8 MB.
        let (first, runs) = rayon::join(
            || -> std::io::Result<()> {
                let mut file = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(&partial)?);
                self.write_all_but_runs(&mut file, owner)?;
                file.flush()
            },
            || -> std::io::Result<()> {
                let mut file =
                    std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(&runs_partial)?);
                write_section(&self.saving_runs(), &mut file)?;
                file.flush()
            },
        );
        let joined = first.and(runs).and_then(|()| {
            let mut whole = std::fs::OpenOptions::new().append(true).open(&partial)?;
            std::io::copy(&mut std::fs::File::open(&runs_partial)?, &mut whole)?;
            Ok(())
        });
        let _ = std::fs::remove_file(&runs_partial);
        joined?;
        std::fs::rename(&partial, path)
    }
}

fn save_page(page: &RenderedPage) -> SavedPage {
    SavedPage {
        has_html: page.html.is_some(),
        record_count: page.record_count,
        provenance: page.provenance.clone(),
        places: page.places.clone(),
        problems: saved(&page.problems),
    }
}

fn restore_page(page: SavedPage) -> RenderedPage {
    RenderedPage {
        html: page.has_html.then_some(Kept::InLastOutput),
        records: Vec::new(),
        record_count: page.record_count,
        provenance: page.provenance,
        lines: None,
        places: page.places,
        problems: restored(page.problems),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner(build: u128) -> MemoOwner {
        MemoOwner { tally: "tally 1".into(), out: PathBuf::from("/site"), build }
    }

    fn a_memo() -> Memo {
        let mut memo = Memo { inputs: "inputs".into(), figures_json_len: 7, ..Memo::default() };
        memo.lines_at.insert(PathBuf::from("content/a.md"), 3..9);
        memo
    }

    #[test]
    fn a_memo_reads_back_for_its_own_build_only() {
        let bytes = a_memo().to_bytes(&owner(1));
        let read = Memo::from_bytes(&bytes, &owner(1)).expect("its own build's memo");
        assert_eq!((read.inputs.as_str(), read.figures_json_len), ("inputs", 7));
        assert_eq!(read.lines_at(Path::new("content/a.md")), Some(3..9));
        assert!(read.from_disk && read.files_in_folder);
        assert!(Memo::from_bytes(&bytes, &owner(2)).is_none(), "another build's");
    }

    #[test]
    fn a_memo_saved_in_two_parts_is_the_memo_as_bytes() {
        let folder = tempfile::tempdir().expect("a folder");
        let path = folder.path().join("cache/memo.bin");
        let mut memo = a_memo();
        memo.runs.insert(
            PathBuf::from("content/measurements/a"),
            MemoRuns { stamps: Vec::new(), data: None, problems: Vec::new() },
        );
        memo.save(&path, &owner(1)).expect("saved");
        let saved = std::fs::read(&path).expect("read back");
        assert_eq!(saved, memo.to_bytes(&owner(1)));
        let (saved_for, read) = Memo::load(&path).expect("a memo");
        assert_eq!((saved_for, read.runs.len()), (owner(1), 1));
        let left: Vec<_> = std::fs::read_dir(path.parent().expect("a folder")).expect("listed").collect();
        assert_eq!(left.len(), 1, "only memo.bin is left: {left:?}");
    }

    #[test]
    fn a_memo_cut_short_or_of_another_format_is_not_read() {
        let bytes = a_memo().to_bytes(&owner(1));
        for cut in [0, 3, 4, 11, bytes.len() / 2, bytes.len() - 1] {
            assert!(Memo::from_bytes(&bytes[..cut], &owner(1)).is_none(), "cut at {cut}");
        }
        let mut other = bytes.clone();
        other[0] ^= 0xff;
        assert!(Memo::from_bytes(&other, &owner(1)).is_none());
        let mut longer = bytes;
        longer.push(0);
        assert!(Memo::from_bytes(&longer, &owner(1)).is_none());
    }
}
