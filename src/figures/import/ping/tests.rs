//! The ping importer on real output: iputils' recorded on 127.0.0.1 as the test runs (CI
//! installs `iputils-ping` and runs as root; a missing ping fails the test, never skips
//! it), and BSD/macOS and Windows output reconstructed in their exact formats.
//!
//! Owns the helpers the tests share (running ping, reading, the figures at a path, a
//! refusal and its line) and the properties on any text and on damaged output. The recorded
//! runs are in `recorded`, the reconstructions in `reconstructed`, what is refused and where
//! in `refused`.

mod reconstructed;
mod recorded;
mod refused;

use std::sync::OnceLock;

use proptest::prelude::*;

use super::*;
use reconstructed::{IPUTILS_LOSS_AND_DUPLICATE, MACOS_UNREACHABLE, WINDOWS_IPV6, WINDOWS_TIMEOUT};

/// ping's output on 127.0.0.1 (only there), stdout and stderr in the order printed.
fn record(args: &str) -> String {
    run(args, "2>&1")
}

/// ping's output on 127.0.0.1, `redirect` applied.
fn run(args: &str, redirect: &str) -> String {
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec ping {args} 127.0.0.1 {redirect}"))
        .output()
        .expect("sh runs");
    let text = String::from_utf8(output.stdout).expect("ping prints UTF-8");
    // ping exits 1 when no reply came back; anything else (127: no ping) fails the test.
    assert!(matches!(output.status.code(), Some(0 | 1)), "ping {args}: {:?}\n{text}", output.status);
    text
}

fn read(text: &str) -> Imported {
    import_ping(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"))
}

fn number(imported: &Imported, path: &str) -> f64 {
    imported.fields.number(path).unwrap_or_else(|| panic!("{path}: {:?}", imported.fields.get(path)))
}

fn absent<'a>(imported: &'a Imported, path: &str) -> &'a str {
    match imported.fields.get(path) {
        Some(Tree::Absent(why)) => why,
        other => panic!("{path} should be absent: {other:?}"),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs()
}

fn replies(imported: &Imported) -> usize {
    match imported.fields.get("replies") {
        Some(Tree::List(items)) => items.len(),
        other => panic!("replies: {other:?}"),
    }
}

/// The refusal of `text`, and the line it is at.
fn refused(text: &str) -> (ImportError, String) {
    let error = import_ping(text).expect_err(text);
    let at = error.at.clone().unwrap_or(0..0);
    let start = text[..at.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("").to_string();
    (error, line)
}

/// The recorded run the properties damage, recorded once.
fn recorded() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| record("-c 3 -i 0.2"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics(text in "(?s).{0,300}") {
        let _ = import_ping(&text);
    }

    #[test]
    fn never_panics_on_edited_output(cut in 0usize..2_000, insert in "[ -~\n]{0,12}", flavour in 0usize..5) {
        let texts = [recorded(), IPUTILS_LOSS_AND_DUPLICATE, MACOS_UNREACHABLE, WINDOWS_TIMEOUT, WINDOWS_IPV6];
        let text = texts[flavour];
        let mut at = cut % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let _ = import_ping(&format!("{}{insert}{}", &text[..at], &text[at..]));
        let _ = import_ping(&text[..at]);
    }

    #[test]
    fn a_damaged_reply_line_anywhere_is_refused_there(
        place in 0usize..20, reply in 0usize..3, cut in 0usize..100, junk in 0usize..6, truncate in any::<bool>(),
    ) {
        let text = recorded();
        let lines: Vec<&str> = text.lines().collect();
        let replies: Vec<&str> = lines.iter().copied().filter(|l| l.contains(" bytes from ")).collect();
        let good = replies[reply % replies.len()];
        // Cut short, or a stray character outside the host's name (which ping does not check).
        let host = good.find(" from ").map_or(0, |i| i + 6)..good.find(": ").unwrap_or(0) + 1;
        let damaged = if truncate {
            good[..1 + cut % (good.len() - 1)].to_string()
        } else {
            let mut at = cut % (good.len() + 1);
            if host.contains(&at) {
                at = host.end;
            }
            format!("{}{}{}", &good[..at], ['x', '!', '?', ';', '~', '^'][junk], &good[at..])
        };
        let place = place % (lines.len() + 1);
        let mut edited: Vec<&str> = lines.clone();
        edited.insert(place, &damaged);
        let edited = edited.join("\n") + "\n";
        let error = import_ping(&edited).expect_err(&edited);
        let start: usize = edited.lines().take(place).map(|l| l.len() + 1).sum();
        prop_assert_eq!(error.at, Some(start..start + damaged.len()), "{}\n{}", error.message, edited);
    }
}
