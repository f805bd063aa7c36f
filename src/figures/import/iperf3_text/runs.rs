//! Which test of an iperf3 text is the run: the text's lines read in order and cut into tests
//! (a client's `Connecting to host`, a server's `Accepted connection from`, or the command
//! pasted before either, begins one), each with the side that printed it; then the one test
//! that finished, or why the text is not one run.
//!
//! Owns where a test begins and ends and whether it finished; the figures of its lines are
//! read in `report`, and whose they are decided by the importer.

use std::ops::Range;

use super::super::{ImportError, Tree, lines};
use super::report::{self, Bidir, Entry, Label, Report, Who};

/// Which end of the test printed a log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Client,
    Server,
    /// No `Connecting to host`, `Server listening` nor pasted command says.
    Unknown,
}

/// One test: from a client's `Connecting to host` or a server's `Accepted connection from` (or
/// the pasted command before it) to the next.
pub(super) struct Test<'a> {
    /// The line it begins at (its number, its bytes), to name it in an error.
    pub begins: Option<(usize, Range<usize>)>,
    pub started: bool,
    pub side: Side,
    /// A client's `Reverse mode, remote host ... is sending`, or `-R` on the pasted command.
    pub reverse: bool,
    /// Each report and whether it comes after the summary's `- - -` and `[ ID]` header.
    pub reports: Vec<(Report<'a>, bool)>,
    pub sent_datagrams: Vec<(Who<'a>, Option<Bidir>, Tree)>,
    pub cpu: Option<(Tree, Tree)>,
}

impl Test<'_> {
    fn new() -> Self {
        Test {
            begins: None,
            started: false,
            side: Side::Unknown,
            reverse: false,
            reports: Vec::new(),
            sent_datagrams: Vec::new(),
            cpu: None,
        }
    }

    pub(super) fn complete(&self) -> bool {
        self.reports.iter().any(|(r, summary)| *summary || matches!(r.label, Label::Sender | Label::Receiver))
    }
}

/// The text's tests, each line read; and iperf3's own `iperf3: error - ...` if it printed one.
pub(super) fn read_tests(text: &str) -> Result<(Vec<Test<'_>>, Option<String>), ImportError> {
    let mut tests = vec![Test::new()];
    let mut tool_error = None;
    let mut udp = None;
    let mut separator_since_report = false;
    let mut in_summary = false;
    for (index, line) in lines(text).into_iter().enumerate() {
        let here = (index + 1, line.range());
        let trimmed = line.text.trim();
        let starts = if trimmed.starts_with("Connecting to host") {
            Some(Side::Client)
        } else if trimmed.starts_with("Accepted connection from") {
            Some(Side::Server)
        } else {
            None
        };
        let command = iperf3_command(trimmed);
        let Some(test) = tests.last_mut() else { continue };
        // A test begins at its start line, or at the command pasted before it; a second start
        // line, or a command after reports, begins another.
        if starts.is_some() && (test.started || !test.reports.is_empty())
            || command.is_some() && (test.started || !test.reports.is_empty())
        {
            tests.push(Test::new());
            (udp, separator_since_report, in_summary) = (None, false, false);
        }
        let Some(test) = tests.last_mut() else { continue };
        if let Some(side) = starts {
            test.started = true;
            test.side = side;
            test.begins.get_or_insert(here);
            continue;
        }
        if let Some((side, reverse)) = command {
            test.side = side;
            test.reverse = reverse;
            test.begins.get_or_insert(here);
            continue;
        }
        if let Some(entry) = report::read_entry(line, udp) {
            match entry? {
                Entry::Header { udp: columns } => {
                    udp = Some(columns);
                    in_summary |= separator_since_report;
                }
                Entry::Connected => {}
                Entry::SentDatagrams { who, bidir, packets } => {
                    test.sent_datagrams.push((who, bidir, packets))
                }
                Entry::Report(report) => {
                    separator_since_report = false;
                    test.begins.get_or_insert(here);
                    test.reports.push((*report, in_summary));
                }
            }
        } else if trimmed.starts_with("- - -") {
            separator_since_report = true;
        } else if let Some(cpu) = report::read_cpu(line) {
            test.cpu = Some(cpu?);
        } else if trimmed.starts_with("Reverse mode,") {
            test.reverse = true;
        } else if trimmed.starts_with("Server listening on") && test.side == Side::Unknown {
            test.side = Side::Server;
        } else if trimmed.starts_with("iperf3: error") {
            tool_error.get_or_insert_with(|| trimmed.to_string());
        } else if let Some(hidden) = super::super::hidden_report::hidden_report(&line) {
            return Err(hidden);
        }
        // Any other line (iperf3's banner, `-V`'s settings, `iperf Done.`, a prompt) holds no figure.
    }
    Ok((tests, tool_error))
}

/// A pasted command running iperf3 (`me@MacBook ~ % ./iperf3 -c host -R`): the side it runs and
/// whether it reverses.
fn iperf3_command(line: &str) -> Option<(Side, bool)> {
    let mut words = line.split_whitespace();
    words.by_ref().find(|w| *w == "iperf3" || w.ends_with("/iperf3") || *w == "iperf3.exe")?;
    let args: Vec<&str> = words.collect();
    let has = |flags: &[&str]| args.iter().any(|a| flags.contains(a));
    let side = if has(&["-s", "--server"]) {
        Side::Server
    } else if has(&["-c", "--client"]) || args.iter().any(|a| a.starts_with("--client=")) {
        Side::Client
    } else {
        return None;
    };
    Some((side, has(&["-R", "--reverse"])))
}

/// The one test that finished, or why the text is not one run.
pub(super) fn the_one_run(tests: Vec<Test<'_>>, tool_error: Option<String>) -> Result<Test<'_>, ImportError> {
    let begins = |t: &Test| t.begins.clone().unwrap_or((1, 0..0));
    let complete: Vec<&Test> = tests.iter().filter(|t| t.complete()).collect();
    if let [first, second, ..] = complete.as_slice() {
        let ((a, _), (b, at)) = (begins(first), begins(second));
        return Err(ImportError::at(
            format!(
                "a second complete iperf3 test starts at line {b} (the first at line {a}): keep one run a file"
            ),
            at,
        ));
    }
    let Some(run) = complete.first() else {
        let intervals: usize = tests.iter().map(|t| t.reports.len()).sum();
        // A cut output is refused at its last report line, where the summary should follow.
        let last = tests.iter().rev().find_map(|t| t.reports.last()).map(|(r, _)| r.line.range());
        let reported = tool_error.is_some();
        let message = match (intervals, tool_error) {
            (_, Some(error)) => format!("iperf3 reported an error and no summary: `{error}`"),
            (0, None) => "no iperf3 report lines (like `[  5]   0.00-1.00   sec   112 MBytes   939 Mbits/sec`): not iperf3's text output".to_string(),
            (n, None) => format!("the output ends before iperf3's summary: {n} interval lines and no `sender`/`receiver` lines after `- - - - -` (iperf3 was stopped, or the paste was cut): keep the whole output of a run that finished"),
        };
        return Err(match (last, reported) {
            (Some(at), false) => ImportError::at(message, at),
            _ => ImportError::whole(message),
        });
    };
    let (complete_at, _) = begins(run);
    if let Some(cut) = tests.iter().find(|t| !t.reports.is_empty() && !t.complete()) {
        let (line, at) = begins(cut);
        return Err(ImportError::at(
            format!(
                "the test starting at line {line} ends before its summary, beside the complete test at line {complete_at}: keep one run a file"
            ),
            at,
        ));
    }
    tests.into_iter().find(Test::complete).ok_or_else(|| ImportError::whole("no complete iperf3 test"))
}
