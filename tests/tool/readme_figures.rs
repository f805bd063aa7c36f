//! The README and the manual (docs/) state no timing, memory, size or ratio figure about
//! tally that BENCHMARKS.md does not (issue 24): figures the project states about itself are regenerated, never
//! carried. BENCHMARKS.md is written by `bench/compare.sh` (through `bench/report.py`) down to
//! a marker line; what follows it is `bench/notes.md`, earlier rounds' records, which the
//! README may not quote. The README also names the commit BENCHMARKS.md was measured at.
//!
//! A figure is a number with a unit of time (ns, µs, ms, s, min), of size (B, kB, KiB, MB,
//! MiB, GB, GiB, …) or a ratio (`0.55×`), outside code (fenced blocks and `code spans`, where
//! the README shows what a page may write). Each end of a range (`76–91 ms`) is a figure. A
//! README figure passes when BENCHMARKS.md's regenerated part writes the same number with the
//! same unit (`1.4 s` does not pass for `1.40 s`: quote it as written there).

use std::collections::BTreeSet;

/// The line report.py writes between its figures and bench/notes.md.
const MARKER: &str = "<!-- end of regenerated figures";

/// README and manual text whose figures are not measurements of tally: settings, definitions and the
/// examples of the figure syntax. Each quote lies within one README line and must still be
/// found in one of them, so that an entry cannot outlive the text it excuses.
const NOT_MEASUREMENTS: &[(&str, &str)] = &[
    ("1 ms = 1/1000 s", "how units convert"),
    ("for 30 ms)", "an example of a tag written at the wrong precision"),
    ("quiet for 10 ms", "the watcher's debounce, a setting"),
    ("5 ms more, 50 ms", "the watcher's debounce, a setting"),
    ("1×, 10× and 100×", "the growth example's input scales"),
    ("(site.yaml, default 16 MiB)", "max_page_bytes, a setting's default"),
];

/// A number as written (thousands separators dropped) with its unit in one spelling.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Figure {
    number: String,
    unit: &'static str,
}

impl std::fmt::Display for Figure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.unit == "×" {
            write!(f, "{}×", self.number)
        } else {
            write!(f, "{} {}", self.number, self.unit)
        }
    }
}

/// Units as written, longest first where one begins another, with the spelling compared.
const UNITS: &[(&str, &str)] = &[
    ("bytes", "B"),
    ("min", "min"),
    ("ms", "ms"),
    ("µs", "µs"),
    ("μs", "µs"),
    ("us", "µs"),
    ("ns", "ns"),
    ("s", "s"),
    ("KiB", "KiB"),
    ("MiB", "MiB"),
    ("GiB", "GiB"),
    ("TiB", "TiB"),
    ("kB", "kB"),
    ("KB", "kB"),
    ("MB", "MB"),
    ("GB", "GB"),
    ("TB", "TB"),
    ("B", "B"),
    ("×", "×"),
    ("x", "×"),
];

/// Spaces that may stand between a number and its unit.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{2009}' | '\u{202f}')
}

/// What may follow a unit: not a letter or digit (`1920×1080`, `MB/s`, `2 shared` are not
/// figures of this kind).
fn ends_unit(next: Option<char>) -> bool {
    next.is_none_or(|c| !c.is_alphanumeric() && c != '/' && c != '_')
}

/// Reads a number at `i` (digits, `,` thousands, one decimal point); returns it without
/// separators and the index after it, or None when the digits are part of a longer token
/// (a version `1.4.85`, a hash `d29c84f3`, a name `Port8`).
fn number_at(chars: &[char], i: usize) -> Option<(String, usize)> {
    if !chars[i].is_ascii_digit() {
        return None;
    }
    if i > 0 && (chars[i - 1].is_alphanumeric() || matches!(chars[i - 1], '.' | ',' | '_')) {
        return None;
    }
    let mut j = i;
    let mut text = String::new();
    while j < chars.len() && chars[j].is_ascii_digit() {
        text.push(chars[j]);
        j += 1;
    }
    while j + 3 < chars.len() && chars[j] == ',' && chars[j + 1..j + 4].iter().all(char::is_ascii_digit) {
        if chars.get(j + 4).is_some_and(char::is_ascii_digit) {
            break;
        }
        text.extend(&chars[j + 1..j + 4]);
        j += 4;
    }
    if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
        text.push('.');
        j += 1;
        while j < chars.len() && chars[j].is_ascii_digit() {
            text.push(chars[j]);
            j += 1;
        }
    }
    // `1.4.85`, `2.0.1`: a version, not a number.
    if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
        return None;
    }
    Some((text, j))
}

/// The unit at `i` after at most one space, and the index after it.
fn unit_at(chars: &[char], mut i: usize) -> Option<(&'static str, usize)> {
    if i < chars.len() && is_space(chars[i]) {
        i += 1;
    }
    for (written, unit) in UNITS {
        let w: Vec<char> = written.chars().collect();
        if chars.len() >= i + w.len()
            && chars[i..i + w.len()] == w[..]
            && ends_unit(chars.get(i + w.len()).copied())
        {
            // A bare `x` counts only right after the number (`0.55x`), not as a word.
            if *written == "x" && i > 0 && is_space(chars[i - 1]) {
                return None;
            }
            return Some((unit, i + w.len()));
        }
    }
    None
}

/// Every figure in one line of prose (code already blanked out).
fn figures(line: &str) -> Vec<Figure> {
    let chars: Vec<char> = line.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let Some((first, after)) = number_at(&chars, i) else {
            i += 1;
            continue;
        };
        // A range: `76–91 ms`, `2.6-4.3 s`; both ends take the unit written after the second.
        if after < chars.len()
            && matches!(chars[after], '–' | '-')
            && let Some((second, after2)) = number_at(&chars, after + 1)
            && let Some((unit, end)) = unit_at(&chars, after2)
        {
            found.push(Figure { number: first, unit });
            found.push(Figure { number: second, unit });
            i = end;
            continue;
        }
        if let Some((unit, end)) = unit_at(&chars, after) {
            found.push(Figure { number: first, unit });
            i = end;
        } else {
            i = after.max(i + 1);
        }
    }
    found
}

/// The text with code blanked out, line by line: fenced blocks, and code spans (which may
/// run over a line end within a paragraph).
fn prose_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut in_span = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            out.push(String::new());
            continue;
        }
        if fenced {
            out.push(String::new());
            continue;
        }
        if trimmed.is_empty() {
            in_span = false;
        }
        let mut kept = String::with_capacity(line.len());
        for c in line.chars() {
            if c == '`' {
                in_span = !in_span;
                kept.push(' ');
            } else if in_span {
                kept.push(' ');
            } else {
                kept.push(c);
            }
        }
        out.push(kept);
    }
    out
}

/// BENCHMARKS.md's regenerated part (above the marker), or why there is none.
fn regenerated(benchmarks: &str) -> Result<&str, String> {
    match benchmarks.find(MARKER) {
        Some(at) => Ok(&benchmarks[..at]),
        None => Err(format!(
            "BENCHMARKS.md has no line `{MARKER} …`: write it with bench/compare.sh (bench/report.py)"
        )),
    }
}

/// The commit BENCHMARKS.md says it measured: the first "commit `HEX".
fn measured_commit(part: &str) -> Option<&str> {
    let at = part.find("commit `")? + "commit `".len();
    let hex: usize = part[at..].chars().take_while(char::is_ascii_hexdigit).count();
    (hex >= 7).then(|| &part[at..at + hex])
}

/// Every way README falls short of BENCHMARKS.md, one line each.
fn problems(readme: &str, benchmarks: &str, not_measurements: &[(&str, &str)]) -> Vec<String> {
    problems_in(&[("README.md", readme)], benchmarks, not_measurements)
}

/// Every way `documents` (each a name and its text) fall short of BENCHMARKS.md, one line
/// each. README.md names the commit BENCHMARKS.md measured at; another document must name it
/// when it quotes a figure. A quote of `not_measurements` must stand in one of them.
fn problems_in(
    documents: &[(&str, &str)],
    benchmarks: &str,
    not_measurements: &[(&str, &str)],
) -> Vec<String> {
    let part = match regenerated(benchmarks) {
        Ok(part) => part,
        Err(why) => return vec![why],
    };
    // All of the regenerated part counts, its code blocks too (the stage timings).
    let stated: BTreeSet<Figure> = part.lines().flat_map(figures).collect();
    let Some(hash) = measured_commit(part) else {
        return vec!["BENCHMARKS.md names no commit (\"commit `HASH`\")".to_string()];
    };
    let mut out = Vec::new();
    let mut used = vec![false; not_measurements.len()];
    for (name, text) in documents {
        let raw: Vec<&str> = text.lines().collect();
        let mut quotes_a_figure = false;
        for (n, line) in prose_lines(text).into_iter().enumerate() {
            let mut line = line;
            for (k, (quote, _)) in not_measurements.iter().enumerate() {
                if let Some(at) = raw[n].find(quote) {
                    used[k] = true;
                    // Blank the quote where it stands (the raw and prose lines have the same
                    // characters outside code, and code spans keep their length in spaces).
                    let start = raw[n][..at].chars().count();
                    let len = quote.chars().count();
                    line = line
                        .chars()
                        .enumerate()
                        .map(|(i, c)| if i >= start && i < start + len { ' ' } else { c })
                        .collect();
                }
            }
            for figure in figures(&line) {
                quotes_a_figure = true;
                if !stated.contains(&figure) {
                    out.push(format!(
                        "{name}:{}: `{figure}` is not among BENCHMARKS.md's regenerated figures: {}",
                        n + 1,
                        raw[n].trim()
                    ));
                }
            }
        }
        if (*name == "README.md" || quotes_a_figure) && !text.contains(hash) {
            out.insert(
                0,
                format!(
                    "{name} does not name commit {hash}, which BENCHMARKS.md measured: \
                 say \"(BENCHMARKS.md, commit {hash})\" where it quotes it"
                ),
            );
        }
    }
    for (k, (quote, why)) in not_measurements.iter().enumerate() {
        if !used[k] {
            out.push(format!(
                "NOT_MEASUREMENTS: {quote:?} ({why}) is no longer in README.md or docs/; remove it"
            ));
        }
    }
    out
}

/// README.md and every page of the manual, docs/, by their paths in the repository.
fn documents(root: &str) -> Vec<(String, String)> {
    let mut documents =
        vec![("README.md".to_string(), std::fs::read_to_string(format!("{root}/README.md")).unwrap())];
    for entry in walkdir::WalkDir::new(format!("{root}/docs")).sort_by_file_name() {
        let entry = entry.expect("walking docs/");
        if entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "md") {
            let name = entry.path().strip_prefix(root).expect("inside the repository").display().to_string();
            documents.push((name, std::fs::read_to_string(entry.path()).expect("a page of the manual")));
        }
    }
    documents
}

#[test]
fn readme_and_manual_state_only_benchmarks_figures() {
    let root = env!("CARGO_MANIFEST_DIR");
    let documents = documents(root);
    assert!(documents.len() > 10, "read only {} documents", documents.len());
    let benchmarks = std::fs::read_to_string(format!("{root}/BENCHMARKS.md")).unwrap();
    let named: Vec<(&str, &str)> = documents.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let found = problems_in(&named, &benchmarks, NOT_MEASUREMENTS);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[cfg(test)]
mod matcher {
    use super::*;

    const BENCH: &str = "# Benchmarks\n\n- tally commit `abc1234` (src/ as of abc1234)\n\n\
        | 1,000 | 1.40 s (1.21–1.63 s) | 4.21 s | **0.33×** | 96 MiB | 117 MB | 29 ms |\n\n\
        <!-- end of regenerated figures: below is bench/notes.md -->\n\nEarlier: 1.4 s, 512 MiB.\n";

    fn shown(line: &str) -> Vec<String> {
        figures(line).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn reads_figures_with_units_and_ranges() {
        assert_eq!(
            shown("a cold build takes 1.4 s, peak 96 MiB, 0.55× Hugo, 117 MB written, 76–91 ms to the page"),
            ["1.4 s", "96 MiB", "0.55×", "117 MB", "76 ms", "91 ms"]
        );
        assert_eq!(
            shown("29 ms; 2,060 ms; 1,936\u{a0}ms; 0.33x; 24.6 MB/s"),
            ["29 ms", "2060 ms", "1936 ms", "0.33×"]
        );
    }

    #[test]
    fn leaves_out_what_is_no_figure() {
        assert!(
            shown("v0.1.0 1.4.85 d29c84f3 Port8 1920×1080 1,000 bundles 2-core 74 % 3 shared x 2").is_empty(),
            "{:?}",
            shown("v0.1.0 1.4.85 d29c84f3 Port8 1920×1080 1,000 bundles 2-core 74 % 3 shared x 2")
        );
    }

    #[test]
    fn skips_code() {
        let lines = prose_lines("`[1 s]` is 1 s\n\n```\nspan: 40 s\n```\nthe `span: 40\ns` here 2 ms\n");
        let all: Vec<String> = lines.iter().flat_map(|l| shown(l)).collect();
        assert_eq!(all, ["1 s", "2 ms"]);
    }

    #[test]
    fn passes_a_readme_that_quotes_benchmarks() {
        let readme = "Cold: 1.40 s against 4.21 s (0.33×), 96 MiB, 29 ms (BENCHMARKS.md, commit abc1234).\n";
        assert_eq!(problems(readme, BENCH, &[]), Vec::<String>::new());
    }

    #[test]
    fn fails_on_a_figure_benchmarks_lacks_naming_its_line() {
        let readme = "# tally\n\nBuilt (BENCHMARKS.md, commit abc1234)\nin 1.4 s with 96 MiB.\n";
        let found = problems(readme, BENCH, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("README.md:4: `1.4 s` is not among"), "{found:?}");
    }

    #[test]
    fn notes_below_the_marker_do_not_count() {
        let found = problems("512 MiB (BENCHMARKS.md, commit abc1234)\n", BENCH, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("`512 MiB`"), "{found:?}");
    }

    #[test]
    fn requires_the_commit_and_the_marker() {
        let found = problems("nothing measured here\n", BENCH, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("does not name commit abc1234"), "{found:?}");
        let found = problems("commit abc1234\n", "- tally commit `abc1234`\n", &[]);
        assert!(found[0].contains("no line"), "{found:?}");
    }

    #[test]
    fn excuses_only_listed_quotes_and_flags_stale_ones() {
        let readme = "commit abc1234: debounce quiet for 10 ms; builds in 3 ms\n";
        let found = problems(readme, BENCH, &[("quiet for 10 ms", "setting"), ("gone 5 s", "old")]);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("`3 ms`"), "{found:?}");
        assert!(found[1].contains("\"gone 5 s\""), "{found:?}");
    }
}
