//! Entry points for the fuzz targets (`fuzz/`) and their property tests
//! (`tests/tool/fuzz_properties.rs`): each takes what a user could write and runs one reader
//! of tally over it. None may panic, overflow its stack or run for long, whatever the input.
//! Not part of tally's interface.

use std::path::Path;

use crate::diagnostics::{self, Diagnostic, Format};

/// Renders every diagnostic, as a user would see it: the caret code must cope with any
/// place an error names.
fn show(problems: &[Diagnostic]) {
    for format in [Format::Human, Format::Json, Format::Github] {
        let _ = diagnostics::render(problems, format, false);
    }
}

/// The number reader: a stated figure, and the figure-like numbers of running text.
pub fn number(text: &str) {
    if let Ok(stated) = crate::number::parse_stated(text) {
        let _ = crate::number::format_like(1234.5, &stated, text);
    }
    let _ = crate::number::scan_figure_like(text);
}

/// A raw block's info string (`raw raw/x.txt 38-52`, the first line) and the lines it
/// shows of a file (the rest).
pub fn raw_block(text: &str) {
    let (info, file_text) = text.split_once('\n').unwrap_or((text, ""));
    let _ = crate::raw_blocks::show_any(info, file_text);
}

/// The expression parser, and the evaluation of what it parses (every name reads 1).
pub fn expression(text: &str) {
    use crate::figures::expr::{Leaf, Path as ExprPath, Scope};
    struct Ones;
    impl Scope for Ones {
        fn read(
            &self,
            path: &ExprPath,
            _many: bool,
            _span: std::ops::Range<usize>,
        ) -> Result<Vec<Leaf>, crate::figures::FigureError> {
            Ok(vec![Leaf {
                path: path.to_string(),
                value: 1.0,
                unit: crate::number::Unit::Count,
                exact: Some(crate::number::Exact::from_integer(1)),
                expands_to: Vec::new(),
            }])
        }
    }
    if let Ok(parsed) = crate::figures::expr::parse(text) {
        let _ = crate::figures::expr::evaluate(&parsed, &Ones);
    }
}

/// The runs.yaml loader, with the bench's rules and every figure computed; a few names
/// resolved as tags would.
pub fn runs_yaml(text: &str) {
    let root = Path::new("/nonexistent/tally-fuzzing");
    let (data, problems) = crate::figures::load_run_data(root, Path::new("content/m/runs.yaml"), text);
    if let Some(data) = data {
        for name in ["f", "a", "runs.a.b", "runs.r.host_frames.received", "x.y"] {
            let _ = data.resolve(name);
        }
    }
    show(&problems);
}

/// The claim scanner: a page body scanned, its untagged figures found, and rendered.
pub fn claims(text: &str) {
    let scan = crate::markdown::scan(text, 0);
    let _ = crate::pipeline::resolve::untagged_figures(&scan, text);
    // Where each tag is, as figures.json records it.
    let lines = crate::pipeline::figures_json::published::PageLines::new(text);
    for claim in &scan.claims {
        let _ = lines.place(claim.live_range.start);
    }
    let links = std::collections::BTreeMap::new();
    let _ =
        crate::markdown::render_html(text, 0, &crate::markdown::RenderInputs { links: &links, claims: &[] });
}

/// Translation parity: `text` is an original's body and, after a line `---translation---`,
/// its translation's (the original again when there is no such line), compared block by
/// block as a translated page is.
pub fn translation(text: &str) {
    let (original, translated) = text.split_once("\n---translation---\n").unwrap_or((text, text));
    let page = |body: &str, lang: &str| crate::content::Page {
        source: std::path::PathBuf::from(format!("content/index.{lang}.md")),
        lang: lang.to_string(),
        key: "index".to_string(),
        front: crate::content::FrontMatter::default(),
        text: body.to_string(),
        body_start: 0,
        url: "/".to_string(),
        bundle: None,
        digest: [0; 32],
        front_digest: [0; 32],
    };
    let (original, translated) = (page(original, "en"), page(translated, "ja"));
    let (original_scan, translated_scan) =
        (crate::markdown::scan(&original.text, 0), crate::markdown::scan(&translated.text, 0));
    let original_untagged = crate::pipeline::resolve::untagged_figures(&original_scan, &original.text);
    let translated_untagged = crate::pipeline::resolve::untagged_figures(&translated_scan, &translated.text);
    let numbers = |page, scan, untagged| crate::pipeline::resolve::PageNumbers { page, scan, untagged };
    let problems = crate::pipeline::check::parity::compare(
        &numbers(&original, &original_scan, &original_untagged),
        &numbers(&translated, &translated_scan, &translated_untagged),
    );
    show(&problems);
}

/// A page's front matter, read as a page's is.
pub fn front_matter(text: &str) {
    let Some((yaml, yaml_start, _)) = crate::content::split_front_matter(text) else { return };
    let first_line = text[..yaml_start].matches('\n').count() + 1;
    let path = Path::new("content/index.md");
    match crate::yaml::deserialize::<crate::content::FrontMatter>(path, text, yaml, first_line) {
        Ok(front) => {
            let _ = front.date.as_deref().map(crate::content::is_date);
        }
        Err(problem) => show(&[problem]),
    }
}

/// The iperf3 `--json` importer.
pub fn iperf3_json(text: &str) {
    let _ = crate::figures::import::import_iperf3_json(text);
}

/// The iperf 2 text importer.
pub fn iperf2_text(text: &str) {
    let _ = crate::figures::import::import_iperf2_text(text);
}

/// The `iperf:` key's reader: the format recognised from the text (iperf3 JSON or text,
/// iperf 2 text or CSV), then its importer.
pub fn iperf(text: &str) {
    let _ = crate::figures::import::import_iperf(text);
}

/// The ping importer (iputils, BSD/macOS, Windows).
pub fn ping(text: &str) {
    let _ = crate::figures::import::import_ping(text);
}

/// The soak importer: the text as curl's `-w '%{json}\n'` lines and, split at lines
/// `--`, as `sha256sum`'s output and the times file.
pub fn soak(text: &str) {
    let mut parts = text.splitn(3, "\n--\n");
    let (curl, sha256, times) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next());
    let expected = "0".repeat(64);
    let files = crate::figures::import::SoakFiles { curl, sha256, expected: &expected, times };
    let _ = crate::figures::import::import_soak(&files);
}

/// The netmap `pkt-gen` log importer.
pub fn pktgen(text: &str) {
    let _ = crate::figures::import::import_pktgen(text);
}

/// Linux's `/proc/net/dev` importer.
pub fn netdev(text: &str) {
    let _ = crate::figures::import::import_netdev(text);
}

/// The `ethtool -S` importer.
pub fn ethtool(text: &str) {
    let _ = crate::figures::import::import_ethtool(text);
}

/// Flent's data file importer (the JSON a `.flent.gz` holds).
pub fn flent(text: &str) {
    let _ = crate::figures::import::import_flent(text);
}

/// The sysctl importer.
pub fn sysctl(text: &str) {
    let _ = crate::figures::import::import_sysctl(text);
}

/// The `pfctl -si` importer.
pub fn pfctl(text: &str) {
    let _ = crate::figures::import::import_pfctl(text);
}

/// The table importer, with a number column, a text column and a count.
pub fn table(text: &str) {
    use crate::figures::import::{Column, ColumnType};
    use crate::number::Unit;
    let columns = [
        Column { name: "rate".to_string(), kind: ColumnType::Number(Unit::MegabitPerSecond) },
        Column { name: "host".to_string(), kind: ColumnType::Text },
        Column { name: "n".to_string(), kind: ColumnType::Number(Unit::Count) },
    ];
    let _ = crate::figures::import::import_table(text, &columns);
}

/// A raw file's bytes as saved: decoded by its byte-order mark (refusals drawn as a user
/// sees them), then read by the iperf and ping importers.
pub fn raw_text(bytes: &[u8]) {
    match crate::figures::import::raw_text::decode(bytes, crate::settings::DEFAULT_MAX_RAW_BYTES) {
        Ok(decoded) => {
            iperf(&decoded.text);
            ping(&decoded.text);
        }
        Err(error) => show(&[Diagnostic {
            line: error.line,
            col: error.col,
            source_line: Some(error.shown_line),
            highlight: error.highlight,
            ..Diagnostic::file("runs-raw-text", "raw.txt", error.message)
        }]),
    }
}

/// Bytes as the fuzzer gives them to a text reader: only UTF-8 reaches the readers (a raw
/// file is decoded first, `raw_text`; a page that is not UTF-8 is refused).
pub fn with_text(bytes: &[u8], reader: fn(&str)) {
    if let Ok(text) = std::str::from_utf8(bytes) {
        reader(text);
    }
}
