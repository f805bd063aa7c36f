//! Reading one raw file a run names: that it is inside its bundle (not `../other/raw/t.txt`,
//! an absolute path, nor a link out of the bundle), no larger than `max_raw_bytes` (from the
//! file's size, before it is read), and text a tool printed, decoded by its byte-order mark
//! (`import::raw_text`).
//!
//! Owns those refusals and their messages, each at the runs.yaml place naming the file or,
//! for its text, at the file's own line and column. It does not import what is read (`raw`).

use std::path::{Component, Path, PathBuf};

use super::loader::Loader;
use super::raw::RawText;
use crate::diagnostics::Diagnostic;
use crate::figures::import::raw_text;
use crate::yaml::Node;

impl Loader<'_> {
    pub(super) fn read_raw(&mut self, node: &Node, what: &str) -> Option<RawText> {
        let written = self.text(node, what)?;
        // Up and down again into the bundle is inside it.
        let bundle = crate::paths::normalise(&self.bundle);
        let leaves = Path::new(&written).is_absolute()
            || written.starts_with(['/', '\\'])
            || Path::new(&written)
                .components()
                .any(|c| matches!(c, Component::Prefix(_) | Component::RootDir))
            || !crate::paths::normalise(&self.bundle.join(&written)).starts_with(&bundle);
        if leaves {
            self.outside(node, what, &written, "leaves its bundle");
            return None;
        }
        // A link out of the site is the same fault as one out of the bundle, with the same
        // fix: said so before the general path check calls it a path outside the site.
        let joined = self.bundle.join(&written);
        if let (Ok(real), Ok(bundle)) = (joined.canonicalize(), self.bundle.canonicalize())
            && !real.starts_with(&bundle)
        {
            self.outside(node, what, &written, "leads outside its bundle through a link");
            return None;
        }
        let (relative, absolute) = self.file(node, what)?;
        let in_bundle = self.bundle.canonicalize().is_ok_and(|bundle| absolute.starts_with(bundle));
        if !in_bundle {
            self.outside(node, what, &written, "leads outside its bundle through a link");
            return None;
        }
        let display = display_rel(&absolute, &self.site_root);
        let size = std::fs::metadata(&absolute).map(|m| m.len()).unwrap_or(0);
        if size > self.max_raw_bytes {
            self.error(
                "runs-raw-size",
                node.span.clone(),
                format!(
                    "{what} `{}` is {} bytes, more than `max_raw_bytes` ({} bytes): not read. A tool's output is far smaller; raise `max_raw_bytes` in site.yaml if this file is what the tool wrote",
                    relative.display(),
                    grouped(size),
                    grouped(self.max_raw_bytes)
                ),
            );
            return None;
        }
        let bytes = match crate::regular::read(&absolute) {
            Ok(bytes) => bytes,
            Err(error) => {
                self.error(
                    "runs-path",
                    node.span.clone(),
                    format!("cannot read `{}`: {error}", relative.display()),
                );
                return None;
            }
        };
        match raw_text::decode(&bytes, self.max_raw_bytes) {
            // Every file read is one the build depends on (an edit to a soak's sha256sum
            // file must make its page again), and one the bundle's source pages show.
            Ok(decoded) => {
                self.raw_files_read.push(relative.clone());
                if let Some(described) = decoded.described()
                    && !self.raw_encodings.iter().any(|(file, _)| *file == relative)
                {
                    self.raw_encodings.push((relative.clone(), described));
                }
                Some(RawText {
                    relative,
                    text: decoded.text,
                    display,
                    elsewhere: Vec::new(),
                    read_with: Vec::new(),
                })
            }
            Err(error) => {
                let diagnostic = Diagnostic {
                    line: error.line,
                    col: error.col,
                    source_line: Some(error.shown_line),
                    highlight: error.highlight,
                    ..Diagnostic::file("runs-raw-text", PathBuf::from(&display), error.message)
                };
                self.diagnostics.push(diagnostic);
                None
            }
        }
    }

    fn outside(&mut self, node: &Node, what: &str, written: &str, how: &str) {
        let name = Path::new(written).file_name().map(|n| n.to_string_lossy().into_owned());
        let copy = name.map(|n| format!(" (as `raw/{n}`)")).unwrap_or_default();
        self.error(
            "runs-raw-outside",
            node.span.clone(),
            format!(
                "{what} `{written}` {how}: a raw file is published with the page that reads it, beside its runs.yaml; copy the file into the bundle{copy} and name it from there"
            ),
        );
    }
}

/// `268435456` as `268,435,456`.
fn grouped(n: u64) -> String {
    crate::views::grouped_digits(&n.to_string())
}

/// `path` (resolved, so absolute and free of links) relative to the site's folder, however
/// the root was given (`.` as users run tally, or an absolute path).
fn display_rel(path: &Path, root: &Path) -> String {
    let canonical = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let relative = path.strip_prefix(&canonical).or_else(|_| path.strip_prefix(root)).unwrap_or(path);
    crate::paths::display_path(relative)
}

#[cfg(test)]
mod tests {
    use crate::figures::rundata::testing::{SOEKRIS, Site, errors, loaded};

    fn utf16le_crlf(bytes: &[u8]) -> Vec<u8> {
        let text = std::str::from_utf8(bytes).unwrap().replace('\n', "\r\n");
        let mut out = vec![0xFF, 0xFE];
        out.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        out
    }

    #[test]
    fn a_powershell_capture_gives_the_figures_the_tool_printed() {
        // PowerShell 5.1's `>`: UTF-16 LE with a byte-order mark and CRLF; `Out-File -Encoding
        // utf8`: a UTF-8 byte-order mark. Both were `runs-path` errors.
        let mut utf8_bom = b"\xEF\xBB\xBF".to_vec();
        utf8_bom.extend(SOEKRIS);
        let site = Site::new(&[
            ("raw/a.txt", SOEKRIS),
            ("raw/b.txt", &utf16le_crlf(SOEKRIS)),
            ("raw/c.txt", &utf8_bom),
        ]);
        let data = loaded(
            &site,
            "runs:\n  a: {iperf: raw/a.txt}\n  b: {iperf: raw/b.txt}\n  c: {iperf: raw/c.txt}\n",
        );
        let received = |run: &str| {
            let computed = data.resolve(&format!("runs.{run}.received.bits_per_second")).unwrap();
            (computed.value, computed.printed)
        };
        assert_eq!(received("b"), received("a"));
        assert_eq!(received("c"), received("a"));
        // The same line of the file, for the evidence.
        assert_eq!(
            data.origin("runs.b.received.bytes").raw,
            data.origin("runs.a.received.bytes").raw.map(|(_, l)| (std::path::PathBuf::from("raw/b.txt"), l))
        );
    }

    #[test]
    fn binary_bytes_colours_and_utf16_without_a_mark_are_refused_at_their_line() {
        let mut padded = SOEKRIS.to_vec();
        padded.extend([0u8; 4096]);
        let coloured = String::from_utf8(SOEKRIS.to_vec()).unwrap().replace("[ 3] 2.0-", "\x1b[1m[ 3] 2.0-");
        let no_mark: Vec<u8> = "[ 3] 0.0- 1.0 sec 95.2 MBytes 798 Mbits/sec\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let site = Site::new(&[
            ("raw/padded.txt", &padded),
            ("raw/colour.txt", coloured.as_bytes()),
            ("raw/utf16.txt", &no_mark),
        ]);
        let d = errors(
            &site,
            "runs:\n  a: {iperf: raw/padded.txt}\n  b: {iperf: raw/colour.txt}\n  c: {iperf: raw/utf16.txt}\n",
        );
        let found = |file: &str| {
            d.iter()
                .find(|d| d.path == std::path::Path::new("content/m/b/raw").join(file))
                .unwrap_or_else(|| panic!("{file}: {d:#?}"))
        };
        let lines = SOEKRIS.iter().filter(|&&b| b == b'\n').count();
        let padded = found("padded.txt");
        assert_eq!((padded.code, padded.line, padded.col), ("runs-raw-text", lines + 1, 1), "{padded:#?}");
        assert!(padded.message.contains("NUL"));
        let colour = found("colour.txt");
        assert_eq!((colour.code, colour.line, colour.col), ("runs-raw-text", 10, 1), "{colour:#?}");
        assert!(colour.message.contains("--forceflush"), "{colour:#?}");
        assert!(found("utf16.txt").message.contains("UTF-16 LE without a byte-order mark"));
        assert!(!d.iter().any(|d| d.code == "runs-path"), "{d:#?}");
    }

    #[test]
    fn a_raw_file_over_max_raw_bytes_is_refused_naming_its_size_and_the_setting() {
        let site = Site::new(&[("raw/a.txt", SOEKRIS)]);
        let runs_yaml = site.root.path().join("content/m/b/runs.yaml");
        let source = "runs:\n  a: {iperf: raw/a.txt}\n";
        let limit = SOEKRIS.len() as u64 - 1;
        let (_, d) = crate::figures::load_run_data_with(site.root.path(), &runs_yaml, source, limit);
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!((d[0].code, d[0].line), ("runs-raw-size", 2));
        let size = crate::views::grouped_digits(&SOEKRIS.len().to_string());
        assert!(d[0].message.contains(&format!("`raw/a.txt` is {size} bytes")), "{d:#?}");
        assert!(d[0].message.contains("max_raw_bytes"), "{d:#?}");
        let (_, d) = crate::figures::load_run_data_with(site.root.path(), &runs_yaml, source, limit + 1);
        assert!(d.is_empty(), "{d:#?}");
    }

    /// A gzip file under `max_raw_bytes` that decompresses past it is held to the same
    /// setting, not to a limit of its own: refused at the file, naming the limit and where
    /// it is set; read when the site's limit is raised.
    #[test]
    fn a_gzip_file_is_held_to_max_raw_bytes_once_decompressed() {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(SOEKRIS).expect("in memory");
        let zipped = encoder.finish().expect("in memory");
        let site = Site::new(&[("raw/a.txt.gz", zipped.as_slice())]);
        let runs_yaml = site.root.path().join("content/m/b/runs.yaml");
        let source = "runs:\n  a: {iperf: raw/a.txt.gz}\n";
        let limit = SOEKRIS.len() as u64 - 1;
        assert!((zipped.len() as u64) < limit);
        let (_, d) = crate::figures::load_run_data_with(site.root.path(), &runs_yaml, source, limit);
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!(d[0].code, "runs-raw-text", "{d:#?}");
        let shown = crate::views::grouped_digits(&limit.to_string());
        assert!(d[0].message.contains(&format!("more than {shown} bytes")), "{d:#?}");
        assert!(d[0].message.contains("`max_raw_bytes`") && d[0].message.contains("site.yaml"), "{d:#?}");
        let (_, d) = crate::figures::load_run_data_with(site.root.path(), &runs_yaml, source, limit + 1);
        assert!(d.is_empty(), "{d:#?}");
    }
}
