//! The memo's share in figures.json, kept in memory by `tally serve`: the memory of the
//! last few builds' files, to write the next one into, and where each page's lines are in
//! the last one, so that a page taken from the memo has its lines copied from there.

use std::path::Path;

use bytes::Bytes;

use super::Memo;

impl Memo {
    /// Memory for this build's figures.json: an earlier one's, when nothing holds it now.
    pub(crate) fn figures_json_buffer(&mut self) -> Vec<u8> {
        for _ in 0..self.figures_json_buffers.len() {
            let Some(bytes) = self.figures_json_buffers.pop_front() else { break };
            match bytes.try_into_mut() {
                Ok(unique) => return Vec::from(unique),
                Err(shared) => self.figures_json_buffers.push_back(shared),
            }
        }
        Vec::new()
    }

    /// Keeps this build's figures.json, to reuse its memory once it is no longer served.
    pub(crate) fn keep_figures_json(&mut self, figures: Bytes) {
        self.last_figures_json = Some((self.figures_json_count, figures.clone()));
        self.figures_json_buffers.push_back(figures);
        while self.figures_json_buffers.len() > 3 {
            self.figures_json_buffers.pop_front();
        }
    }

    /// Gives back memory taken with [`Memo::figures_json_buffer`] and not used.
    pub(crate) fn keep_figures_json_buffer(&mut self, buffer: Vec<u8>) {
        if buffer.capacity() > 0 {
            self.figures_json_buffers.push_front(Bytes::from(buffer));
        }
    }

    /// The last build's figures.json, as it kept it in memory, when [`Memo::lines_at`] gives
    /// the places of its lines (a build that failed after writing figures.json kept none).
    pub(crate) fn last_figures_json(&self) -> Option<Bytes> {
        let (written, figures) = self.last_figures_json.as_ref()?;
        (*written == self.figures_json_count && !self.files_in_folder).then(|| figures.clone())
    }

    /// Where `source`'s figures.json lines are in the last build's figures.json.
    pub(crate) fn lines_at(&self, source: &Path) -> Option<std::ops::Range<u64>> {
        self.lines_at.get(source).cloned()
    }

    /// Notes where `source`'s lines went in this build's figures.json.
    pub(crate) fn wrote_lines_at(&mut self, source: &Path, at: std::ops::Range<u64>) {
        self.next_lines_at.insert(source.to_path_buf(), at);
    }

    /// figures.json is written: its places are the ones the next build reads from.
    pub(crate) fn figures_json_written(&mut self) {
        self.figures_json_count += 1;
        // The emptied map is the next build's, at the size it will need again.
        std::mem::swap(&mut self.lines_at, &mut self.next_lines_at);
        self.next_lines_at.clear();
    }
}
