//! The `iperf:` key: which of iperf's formats a file is, recognised from its text, and the
//! importer that reads it.
//!
//! Owns the recognition only; each format is read in its own file. iperf3 and iperf 2 text
//! look alike (`[  5] 0.00-10.00 sec ...`): iperf3 writes `connected to`, `Connecting to
//! host`, `Server listening on 5201`, `--bidir`'s `[TX-C]` roles, and ends a run with
//! `sender`/`receiver` lines; iperf 2 writes `connected with`, `Client connecting to` and
//! `Server listening on TCP port`. A pasted command (`me@MacBook ~ % ./iperf3 -c host`) names
//! its program: an iperf3 paste that starts at the summary has little else.

use super::{ImportError, Imported};

/// Reads iperf output of any format tally knows: iperf3 `--json` (client or server),
/// iperf3 text, iperf 2 text, iperf 2 CSV (`-y C`).
pub(crate) fn import_iperf(text: &str) -> Result<Imported, ImportError> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    // `^C` before the JSON (a run interrupted) and a keystroke's escape (`^[[A`) are the JSON
    // importer's to explain.
    if body.starts_with('{')
        || body.starts_with("^C")
        || body.starts_with('\u{1b}')
        || text.starts_with('\u{feff}')
    {
        return super::import_iperf3_json(text);
    }
    if let Some(joined) = joined_line(text) {
        return Err(ImportError::at(
            "several of iperf's lines joined into one (a mail or a copy that lost its line breaks): put each of iperf's lines on its own line, as iperf printed it",
            joined,
        ));
    }
    match recognise(text) {
        Some(Format::Iperf3Text) => super::import_iperf3_text(text),
        Some(Format::Iperf2Text) => super::import_iperf2_text(text),
        Some(Format::Iperf2Csv) => super::import_iperf2_csv(text),
        None => Err(ImportError::whole(
            "not iperf output tally reads: neither iperf3 JSON (`iperf3 --json`, starting with `{`), iperf3 or iperf 2 text (lines like `[  5]   0.00-10.00  sec  1.09 GBytes   939 Mbits/sec`), nor iperf 2 CSV (`iperf -y C`)",
        )),
    }
}

/// The first line that holds two or more of iperf's bracketed stream marks (`[  4]`,
/// `[SUM]`) followed by a report or a connection: iperf prints one a line, so such a line
/// is several joined, and no importer can tell which report is whose.
fn joined_line(text: &str) -> Option<std::ops::Range<usize>> {
    super::lines(text).into_iter().find_map(|line| {
        let marks = line
            .text
            .match_indices('[')
            .filter(|(at, _)| {
                let rest = &line.text[at + 1..];
                let Some(close) = rest.find(']') else { return false };
                let inside = rest[..close].trim();
                let after = rest[close + 1..].trim_start();
                let is_stream = inside == "SUM"
                    || inside == "ID"
                    || inside.bytes().all(|b| b.is_ascii_digit()) && !inside.is_empty();
                is_stream
                    && (after.starts_with("local ")
                        || after.contains(" sec")
                        || after.starts_with("Interval"))
            })
            .count();
        (marks >= 2).then(|| line.range())
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Iperf3Text,
    Iperf2Text,
    Iperf2Csv,
}

fn recognise(text: &str) -> Option<Format> {
    let mut iperf3 = 0;
    let mut iperf2 = 0;
    let mut csv = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("Connecting to host")
            || line.starts_with("Accepted connection from")
            || line == "iperf Done."
            || line.starts_with("- - - - -")
            || (line.starts_with("Server listening on") && !line.contains("port"))
            || (line.starts_with('[') && line.contains(" connected to "))
            || (line.starts_with('[') && (line.ends_with("sender") || line.ends_with("receiver")))
            || line.starts_with("Reverse mode, remote host")
            || line.starts_with("CPU Utilization: local/")
            || ["[TX-C]", "[RX-C]", "[TX-S]", "[RX-S]", "[ ID][Role]"].iter().any(|role| line.contains(role))
            || runs_command(line, "iperf3")
        {
            iperf3 += 1;
        }
        if line.starts_with("Client connecting to")
            || line.starts_with("Server listening on TCP port")
            || line.starts_with("Server listening on UDP port")
            || (line.starts_with('[') && line.contains(" connected with "))
            || line.contains("Server Report:")
            || runs_command(line, "iperf")
        {
            iperf2 += 1;
        }
        if is_iperf2_csv_line(line) {
            csv += 1;
        }
    }
    if iperf3 > 0 && iperf3 >= iperf2 {
        return Some(Format::Iperf3Text);
    }
    if iperf2 > 0 {
        return Some(Format::Iperf2Text);
    }
    if csv > 0 {
        return Some(Format::Iperf2Csv);
    }
    // Bare report lines without a header: iperf 2's own `[  3] 0.0-10.0 sec` reports.
    text.lines().any(|l| l.trim_start().starts_with('[') && l.contains(" sec ")).then_some(Format::Iperf2Text)
}

/// Whether a pasted shell line runs `program` (`me@MacBook ~ % ./iperf3 -c host`): a word that
/// is the program, or ends with `/program`, followed by an option. iperf3 output is often
/// pasted with its command; so is iperf 2's.
fn runs_command(line: &str, program: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(2).any(|pair| {
        let [word, next] = pair else { return false };
        let named = *word == program || word.strip_suffix(program).is_some_and(|head| head.ends_with('/'));
        named && next.starts_with('-')
    })
}

/// `20261029120000,10.0.0.1,5001,10.0.0.2,40000,3,0.0-10.0,1178599424,942000000`: a
/// timestamp of 14 digits (or seconds with a fraction, `-e`), then at least eight fields.
fn is_iperf2_csv_line(line: &str) -> bool {
    let fields: Vec<&str> = line.split(',').collect();
    fields.len() >= 9
        && fields[0].bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && fields[0].len() >= 10
        && fields.iter().any(|f| f.contains('-') && f.contains('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_behind_any_prefix_is_refused_not_skipped_as_a_prompt() {
        // A receiver interval hidden from the importer while the source page shows it.
        let server = super::super::testing::real_data("apu2-pfsense-iperf3-text/aws1_server_side.txt");
        let soekris = super::super::testing::fixture("iperf2/test1.txt");
        let (iperf3_line, iperf2_line) = ("[  5]   1.00-2.00   sec", "[ 3] 1.0- 2.0 sec");
        for prefix in ["\0", "\u{200b}", "\u{feff}", "\u{1b}", "> ", "[me@host ~]$ "] {
            for (text, line) in [(&server, iperf3_line), (&soekris, iperf2_line)] {
                let hidden = text.replacen(line, &format!("{prefix}{line}"), 1);
                let error = import_iperf(&hidden).expect_err(prefix);
                let at = error.at.clone().unwrap_or_else(|| panic!("{prefix}: {error}"));
                assert!(hidden[at].contains(line), "{prefix}: {error}");
                // iperf 2 reads a bracketed prompt's line as a report, and cannot.
                let read_as_report =
                    prefix.starts_with('[') && error.message.starts_with("cannot read this line");
                assert!(
                    error.message.contains("holds an iperf report after") || read_as_report,
                    "{prefix}: {error}"
                );
            }
        }
        // The prompt and chatter lines of the real outputs are still skipped.
        assert!(import_iperf(&server).is_ok() && import_iperf(&soekris).is_ok());
    }

    #[test]
    fn each_format_is_recognised_from_its_text() {
        assert_eq!(
            recognise(
                "Connecting to host 10.0.0.1, port 5201\n[  5] local 10.0.0.2 port 40000 connected to 10.0.0.1 port 5201\n"
            ),
            Some(Format::Iperf3Text)
        );
        assert_eq!(
            recognise("-----------\nServer listening on 5201\n-----------\n"),
            Some(Format::Iperf3Text)
        );
        assert_eq!(
            recognise("[  5]   0.00-10.00  sec  1.08 GBytes   930 Mbits/sec                  receiver\n"),
            Some(Format::Iperf3Text)
        );
        assert_eq!(
            recognise(
                "Server listening on TCP port 5001\n[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n"
            ),
            Some(Format::Iperf2Text)
        );
        assert_eq!(
            recognise("20261029120000,10.0.0.1,5001,10.0.0.2,40000,3,0.0-10.0,1178599424,942000000\n"),
            Some(Format::Iperf2Csv)
        );
        assert_eq!(recognise("hello\n"), None);
    }

    /// A README-only trial pasted a mail whose lines were joined: it was told the text
    /// shows only what was sent, though it held the server's side.
    #[test]
    fn lines_a_mail_joined_are_refused_as_joined_not_misdiagnosed() {
        let joined = "Test #4: imac# iperf -s [ 4] local 192.168.1.1 port 5001 connected with 192.168.1.2 port 50000 [ 4] 0.0-30.0 sec 656 MBytes 183 Mbits/sec\n";
        let error = import_iperf(joined).unwrap_err();
        assert!(error.message.contains("joined"), "{error}");
        assert_eq!(error.at, Some(0..joined.len() - 1));
        // One report a line, with a bracketed word elsewhere, is not joined.
        let fine = "Server listening on TCP port 5001\n[  4] local 10.0.0.1 port 5001 connected with 10.0.0.2 port 40000\n[  4]  0.0-30.0 sec  656 MBytes   183 Mbits/sec  [see note]\n";
        assert!(import_iperf(fine).is_ok(), "{:?}", import_iperf(fine));
        assert!(import_iperf("").is_err());
        assert_eq!(
            recognise(
                "me@MacBook ~ % ./iperf3 -c 10.0.0.1\n[  5]   0.00-1.00   sec   112 MBytes   939 Mbits/sec\n"
            ),
            Some(Format::Iperf3Text)
        );
        assert_eq!(
            recognise("$ iperf -c 10.0.0.1\n[  3]  0.0-10.0 sec  1.10 GBytes   941 Mbits/sec\n"),
            Some(Format::Iperf2Text)
        );
    }

    /// Fix (5): iperf3 text, even a server's log or a paste that starts at its summary, was
    /// read as iperf 2 text and refused as "only what was sent".
    #[test]
    fn every_public_iperf3_text_is_read_as_iperf3_text() {
        for name in super::super::testing::APU2_IPERF3_TEXT {
            let text = super::super::testing::real_data(&format!("apu2-pfsense-iperf3-text/{name}"));
            assert_eq!(recognise(&text), Some(Format::Iperf3Text), "{name}");
            let imported = import_iperf(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(imported.format, "iperf3 text", "{name}");
        }
    }
}
