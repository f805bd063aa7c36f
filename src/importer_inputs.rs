//! Importer inputs at any size, for the importers' benches (`benches/importers.rs`) and
//! their linear-time tests (`linear_tests`, beside this file): each made from one output a
//! tool printed, a file of `../shared/real-data/` or `tests/fixtures/figures/` given as
//! text, its repeated part (interval lines, replies, passes, names, samples, rows) written
//! `times` times with what must change renumbered (times, sequence numbers, names,
//! counts), so the input at 10× is what the tool prints for a run ten times as long or as
//! wide. Not part of tally's interface.

use crate::figures::import::{self, Column, ColumnType, ImportError, Imported, SoakFiles, Tree};
use crate::number::Unit;

#[cfg(test)]
mod linear_tests;

/// One importer's input: its name, the file it is made from (from the repository's
/// folder), how it is made `times` as large, and the import (the number of values read).
#[derive(Clone, Copy)]
pub struct Case {
    pub name: &'static str,
    pub file: &'static str,
    pub scale: fn(&str, usize) -> String,
    pub import: fn(&str) -> Result<usize, String>,
}

/// Every importer's case. pfctl's output has a size pf fixes (each label once), so it is
/// made larger by nothing: its case is read at 1× only ([`scales`]).
pub const CASES: [Case; 14] = [
    Case {
        name: "iperf3 text",
        file: "../shared/real-data/apu2-pfsense-iperf3-text/test1_same_switch.txt",
        scale: iperf3_text,
        import: |t| values(import::import_iperf(t)),
    },
    Case {
        name: "iperf3 JSON",
        file: "../shared/real-data/iperf3-json-client/r.json",
        scale: iperf3_json,
        import: |t| values(import::import_iperf(t)),
    },
    Case {
        name: "iperf 2 text",
        file: "tests/fixtures/figures/iperf2/test1.txt",
        scale: iperf2_text,
        import: |t| values(import::import_iperf(t)),
    },
    Case {
        name: "iperf 2 CSV",
        file: "tests/fixtures/figures/iperf2csv/server-t3.csv",
        scale: iperf2_csv,
        import: |t| values(import::import_iperf(t)),
    },
    Case {
        name: "ping",
        file: "tests/fixtures/figures/ping/iputils-10.txt",
        scale: ping,
        import: |t| values(import::import_ping(t)),
    },
    Case {
        name: "curl soak",
        file: "tests/fixtures/figures/soak/curl-pass.json",
        scale: soak,
        import: import_soak,
    },
    Case {
        name: "sysctl",
        file: "tests/fixtures/figures/sysctl/linux-head.txt",
        scale: sysctl,
        import: |t| values(import::import_sysctl(t)),
    },
    Case {
        name: "pfctl",
        file: "../shared/real-data/freebsd-pfctl/pfctl-vsi-fbsd14.txt",
        scale: |t, _| t.to_string(),
        import: |t| values(import::import_pfctl(t)),
    },
    Case {
        name: "netdev",
        file: "tests/fixtures/figures/netdev/host.txt",
        scale: netdev,
        import: |t| values(import::import_netdev(t)),
    },
    Case {
        name: "ethtool",
        file: "tests/fixtures/figures/ethtool/veth.txt",
        scale: ethtool,
        import: |t| values(import::import_ethtool(t)),
    },
    Case {
        name: "flent",
        file: "tests/fixtures/figures/flent/ping.json",
        scale: flent,
        import: |t| values(import::import_flent(t)),
    },
    Case {
        name: "pkt-gen log",
        file: "../shared/real-data/netmap-pktgen/pkt-gen-rx-apu2-r368766-inet4-1.txt",
        scale: pktgen,
        import: |t| values(import::import_pktgen(t)),
    },
    Case {
        name: "pkt-gen .pps",
        file: "../shared/real-data/netmap-pktgen/r368766.inet4.pps",
        scale: |t, times| t.repeat(times),
        import: |t| values(import::import_pktgen(t)),
    },
    Case {
        name: "table (CSV)",
        file: "tests/fixtures/figures/table/rates.csv",
        scale: table,
        import: import_table,
    },
];

/// Whether a case's input grows with `times` (pfctl's does not).
pub fn scales(case: &Case) -> bool {
    case.name != "pfctl"
}

/// The number of values an import read, or its error.
fn values(result: Result<Imported, ImportError>) -> Result<usize, String> {
    let imported = result.map_err(|e| e.message)?;
    let mut count = 0;
    let mut stack = vec![&imported.fields];
    while let Some(tree) = stack.pop() {
        match tree {
            Tree::Value(_) | Tree::Text(_) => count += 1,
            Tree::List(items) => stack.extend(items),
            Tree::Map(entries) => stack.extend(entries.iter().map(|(_, t)| t)),
            Tree::Absent(_) => {}
        }
    }
    Ok(count)
}

/// An interval's span in a line of iperf's text (`[  4]   0.00-1.00   sec …`): the bytes of
/// the span between `]` and `sec`, and its start and end.
fn span(line: &str) -> Option<(std::ops::Range<usize>, f64, f64)> {
    let open = line.find(']')? + 1;
    let sec = open + line[open..].find("sec")?;
    let text = &line[open..sec];
    let dash = text.trim_start().find('-')? + (text.len() - text.trim_start().len());
    let start: f64 = text[..dash].trim().parse().ok()?;
    let end: f64 = text[dash + 1..].trim().parse().ok()?;
    Some((open..sec, start, end))
}

/// iperf's text with its interval lines (those shorter than the whole run) written `times`
/// times, each copy later by the run's length, and the whole run's lines (from 0 to its
/// end) as long as all the copies. `format` writes a span as the tool does.
fn intervals(text: &str, times: usize, format: fn(f64, f64) -> String) -> String {
    let length = text.lines().filter_map(span).map(|(_, _, end)| end).fold(0.0, f64::max);
    let mut out = String::new();
    let mut run: Vec<&str> = Vec::new();
    let flush = |run: &mut Vec<&str>, out: &mut String| {
        for copy in 0..times {
            for line in run.iter() {
                if let Some((at, start, end)) = span(line) {
                    let shift = copy as f64 * length;
                    out.push_str(&format!(
                        "{}{}{}\n",
                        &line[..at.start],
                        format(start + shift, end + shift),
                        &line[at.end..]
                    ));
                }
            }
        }
        run.clear();
    };
    for line in text.lines() {
        match span(line) {
            Some((_, start, end)) if end - start < length => run.push(line),
            Some((at, start, end)) => {
                flush(&mut run, &mut out);
                let whole = format(start, end * times as f64);
                out.push_str(&format!("{}{whole}{}\n", &line[..at.start], &line[at.end..]));
            }
            None => {
                flush(&mut run, &mut out);
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

fn iperf3_text(text: &str, times: usize) -> String {
    intervals(text, times, |a, b| format!(" {a:6.2}-{b:<6.2} "))
}

fn iperf2_text(text: &str, times: usize) -> String {
    intervals(text, times, |a, b| format!("{a:4.1}-{b:4.1} "))
}

/// iperf3's JSON with its `intervals` written `times` times, each copy later by the run's
/// length, in every `start` and `end` of a copy.
fn iperf3_json(text: &str, times: usize) -> String {
    let Ok(mut json) = serde_json::from_str::<serde_json::Value>(text) else { return text.to_string() };
    let Some(intervals) = json.get("intervals").and_then(|i| i.as_array()).cloned() else {
        return text.to_string();
    };
    let length = intervals
        .last()
        .and_then(|i| i.pointer("/sum/end"))
        .and_then(serde_json::Value::as_f64)
        .unwrap_or(0.0);
    fn shift(value: &mut serde_json::Value, by: f64) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, v) in map.iter_mut() {
                    match (key.as_str(), v.as_f64()) {
                        ("start" | "end", Some(t)) => *v = serde_json::json!(t + by),
                        _ => shift(v, by),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| shift(v, by)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    for copy in 0..times {
        for interval in &intervals {
            let mut interval = interval.clone();
            shift(&mut interval, copy as f64 * length);
            all.push(interval);
        }
    }
    json["intervals"] = serde_json::Value::Array(all);
    serde_json::to_string_pretty(&json).unwrap_or_else(|_| text.to_string())
}

/// iperf 2's CSV with its interval rows written `times` times, each copy later by the run's
/// length, and the whole run's row as long as all the copies.
fn iperf2_csv(text: &str, times: usize) -> String {
    let span_of = |line: &str| -> Option<(f64, f64)> {
        let (a, b) = line.split(',').nth(6)?.split_once('-')?;
        Some((a.parse().ok()?, b.parse().ok()?))
    };
    let with_span = |line: &str, a: f64, b: f64| -> String {
        let mut fields: Vec<String> = line.split(',').map(str::to_string).collect();
        fields[6] = format!("{a:.1}-{b:.1}");
        fields.join(",")
    };
    let length = text.lines().filter_map(span_of).map(|(_, b)| b).fold(0.0, f64::max);
    let mut out = String::new();
    for copy in 0..times {
        for line in text.lines() {
            if let Some((a, b)) = span_of(line).filter(|(a, b)| b - a < length) {
                let shift = copy as f64 * length;
                out.push_str(&with_span(line, a + shift, b + shift));
                out.push('\n');
            }
        }
    }
    for line in text.lines() {
        match span_of(line) {
            Some((a, b)) if b - a >= length => out.push_str(&with_span(line, a, b * times as f64)),
            Some(_) => continue,
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// ping's output with its replies written `times` times, each numbered on, and the counts
/// of its summary multiplied (its round-trip line holds: the same times, as often each).
fn ping(text: &str, times: usize) -> String {
    let replies: Vec<&str> = text.lines().filter(|l| l.contains("icmp_seq=")).collect();
    let mut out = String::new();
    let mut seq = 0;
    let mut written = false;
    for line in text.lines() {
        if line.contains("icmp_seq=") {
            if !written {
                for _ in 0..times {
                    for reply in &replies {
                        seq += 1;
                        let (head, rest) = reply.split_once("icmp_seq=").unwrap_or((reply, ""));
                        let tail = rest.find(' ').map_or("", |i| &rest[i..]);
                        out.push_str(&format!("{head}icmp_seq={seq}{tail}\n"));
                    }
                }
                written = true;
            }
        } else if let Some((sent, rest)) = line.split_once(" packets transmitted, ") {
            let (received, tail) = rest.split_once(' ').unwrap_or((rest, ""));
            let times_n = |n: &str| n.parse::<usize>().map_or(n.to_string(), |n| (n * times).to_string());
            out.push_str(&format!("{} packets transmitted, {} {tail}\n", times_n(sent), times_n(received)));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The server's hash of the fixture's copy (`sha256sum` of the file the soak fetched).
const SERVED: &str = "ab9963c970acb455295c39309cf094887596a37aa77a033e9577b70ebe528abe";

/// A soak of `times` passes of the fixture's curl line (one pass), each writing its own
/// copy (`out1`, `out2`, …), then, after a line `--`, `sha256sum`'s line for each copy.
fn soak(text: &str, times: usize) -> String {
    let pass = text.trim();
    let mut curl = String::new();
    let mut sums = String::new();
    for i in 1..=times {
        curl.push_str(
            &pass.replace("\"filename_effective\":\"out1\"", &format!("\"filename_effective\":\"out{i}\"")),
        );
        curl.push('\n');
        sums.push_str(&format!("{SERVED}  out{i}\n"));
    }
    format!("{curl}--\n{sums}")
}

fn import_soak(text: &str) -> Result<usize, String> {
    let (curl, sha256) = text.split_once("\n--\n").unwrap_or((text, ""));
    let files = SoakFiles { curl, sha256, expected: SERVED, times: None };
    values(import::import_soak(&files).map(|soak| soak.imported))
}

/// `name = value` (or `name: value`) lines written `times` times, each copy's names under
/// one more suffix of their last part (`fs.aio-nr`, `fs.aio-nr_1`, …): many names under
/// one prefix, as a machine with many interfaces or queues prints them.
fn renamed_lines(text: &str, times: usize, separator: &str, skip: fn(&str) -> bool) -> String {
    let mut out = String::new();
    for line in text.lines().filter(|l| skip(l)) {
        out.push_str(line);
        out.push('\n');
    }
    for copy in 0..times {
        for line in text.lines().filter(|l| !skip(l)) {
            match line.split_once(separator) {
                Some((name, value)) if copy > 0 => {
                    out.push_str(&format!("{name}_{copy}{separator}{value}\n"))
                }
                _ => {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
    }
    out
}

fn sysctl(text: &str, times: usize) -> String {
    renamed_lines(text, times, " = ", |_| false)
}

fn netdev(text: &str, times: usize) -> String {
    renamed_lines(text, times, ":", |l| l.contains('|'))
}

fn ethtool(text: &str, times: usize) -> String {
    renamed_lines(text, times, ": ", |l| l.starts_with('#') || l.starts_with("NIC statistics"))
}

/// Flent's data with each series and `x_values` written `times` times, the times of each
/// copy later by the run's length.
fn flent(text: &str, times: usize) -> String {
    let Ok(mut json) = serde_json::from_str::<serde_json::Value>(text) else { return text.to_string() };
    let x: Vec<f64> =
        json["x_values"].as_array().map_or(Vec::new(), |a| a.iter().filter_map(|v| v.as_f64()).collect());
    let step = if x.len() > 1 { x[1] - x[0] } else { 1.0 };
    let length = x.last().map_or(0.0, |l| l + step);
    let all_x: Vec<serde_json::Value> =
        (0..times).flat_map(|c| x.iter().map(move |t| serde_json::json!(t + c as f64 * length))).collect();
    json["x_values"] = serde_json::Value::Array(all_x);
    if let Some(results) = json["results"].as_object_mut() {
        for series in results.values_mut() {
            if let Some(samples) = series.as_array() {
                *series =
                    serde_json::Value::Array((0..times).flat_map(|_| samples.iter().cloned()).collect());
            }
        }
    }
    serde_json::to_string_pretty(&json).unwrap_or_else(|_| text.to_string())
}

/// A pkt-gen log with its rate lines written `times` times (a run `times` as long).
fn pktgen(text: &str, times: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| l.contains(" main_thread ")).unwrap_or(lines.len());
    let last = lines.iter().rposition(|l| l.contains(" main_thread ")).map_or(first, |i| i + 1);
    let mut out = String::new();
    let mut push = |l: &str| {
        out.push_str(l);
        out.push('\n');
    };
    lines[..first].iter().for_each(|l| push(l));
    for _ in 0..times {
        lines[first..last].iter().for_each(|l| push(l));
    }
    lines[last..].iter().for_each(|l| push(l));
    out
}

/// A CSV table with its rows written `times` times.
fn table(text: &str, times: usize) -> String {
    let (header, rows) = text.split_once('\n').unwrap_or((text, ""));
    format!("{header}\n{}", rows.repeat(times))
}

fn import_table(text: &str) -> Result<usize, String> {
    let columns = [
        Column { name: "size".to_string(), kind: ColumnType::Number(Unit::Byte) },
        Column { name: "rate".to_string(), kind: ColumnType::Number(Unit::MegapacketPerSecond) },
        Column { name: "host".to_string(), kind: ColumnType::Text },
    ];
    values(import::import_table(text, &columns))
}
