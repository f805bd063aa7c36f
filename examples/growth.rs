//! Growth of tally's work with pathological inputs (issue 13): each input at 1×, 10× and
//! 100× its base size, timed through the same entry points the fuzz targets use, with the
//! time per unit of input. Linear work keeps that last column flat.
//!
//! `cargo run --release --example growth` (a few seconds; best of three runs each).

use std::time::{Duration, Instant};

use tally::fuzzing;

struct Case {
    name: &'static str,
    unit: &'static str,
    base: usize,
    make: fn(usize) -> String,
    read: fn(&str),
}

fn equal_headings(n: usize) -> String {
    "## Same\n\n".repeat(n)
}

fn bracket_pieces(n: usize) -> String {
    "[x] ".repeat(n)
}

/// `f0 = f1 + f1`, `f1 = f2 + f2`, …, written leaf first: 2^n reads when each figure is
/// computed anew, n when each is computed once.
fn doubling_figures(n: usize) -> String {
    let mut yaml = String::from("build: {driver: d}\nruns:\n  r: {a: 1}\nfigures:\n");
    yaml.push_str(&format!("  f{n}: {{is: \"runs.r.a\"}}\n"));
    for k in (0..n).rev() {
        yaml.push_str(&format!("  f{k}: {{is: \"f{} + f{}\"}}\n", k + 1, k + 1));
    }
    yaml
}

fn long_sum(n: usize) -> String {
    format!("sum({})", vec!["1"; n].join(", "))
}

/// Parentheses nested n deep: refused at the limit, so constant beyond it.
fn deep_nesting(n: usize) -> String {
    format!("{}1{}", "(".repeat(n), ")".repeat(n))
}

/// A table with a figure tag on each row (one paragraph to the markdown scanner).
fn table_of_tags(n: usize) -> String {
    let rows: String = (0..n).map(|i| format!("| r{i} | [9,000]{{=runs.r.complete}} |\n")).collect();
    format!("| run | completed |\n|---|---|\n{rows}")
}

/// Figure tags one after another on a single line.
fn line_of_tags(n: usize) -> String {
    (0..n).map(|i| format!("r{i} [9,000]{{=runs.r.complete}} ")).collect()
}

/// An original of n paragraphs, each stating a tag and an untagged number, and its
/// translation with each paragraph's two numbers in the other order (Japanese word order).
fn translated_tags(n: usize) -> String {
    let original: String =
        (0..n).map(|i| format!("Run {i} sent [9,000]{{=runs.r.complete}} of 9,481 frames.\n\n")).collect();
    let translation: String = (0..n)
        .map(|i| format!("9,481 フレームのうち [9,000]{{=runs.r.complete}} を送った（{i}）。\n\n"))
        .collect();
    format!("{original}\n---translation---\n{translation}")
}

/// runs.yaml with n constants, each placed on its line (the evidence links to it).
fn many_constants(n: usize) -> String {
    let constants: String = (0..n).map(|i| format!("  c{i}: {i}\n")).collect();
    format!("build: {{driver: d}}\nruns:\n  r: {{a: 1}}\nconstants:\n{constants}")
}

fn untagged_numbers(n: usize) -> String {
    "The host received 962,826 frames in 40 s. ".repeat(n)
}

fn best_of_three(read: fn(&str), input: &str) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            read(input);
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let cases = [
        Case {
            name: "equal headings",
            unit: "heading",
            base: 2_000,
            make: equal_headings,
            read: fuzzing::claims,
        },
        Case {
            name: "`[x] ` pieces",
            unit: "piece",
            base: 2_000,
            make: bracket_pieces,
            read: fuzzing::claims,
        },
        Case {
            name: "untagged numbers",
            unit: "sentence",
            base: 1_000,
            make: untagged_numbers,
            read: fuzzing::claims,
        },
        Case {
            name: "a table of tags",
            unit: "row",
            base: 1_000,
            make: table_of_tags,
            read: fuzzing::claims,
        },
        Case { name: "a line of tags", unit: "tag", base: 1_000, make: line_of_tags, read: fuzzing::claims },
        Case {
            name: "a translation's tags",
            unit: "paragraph",
            base: 200,
            make: translated_tags,
            read: fuzzing::translation,
        },
        Case {
            name: "runs.yaml constants",
            unit: "constant",
            base: 200,
            make: many_constants,
            read: fuzzing::runs_yaml,
        },
        Case {
            name: "figures read twice",
            unit: "figure",
            base: 100,
            make: doubling_figures,
            read: fuzzing::runs_yaml,
        },
        Case {
            name: "sum() arguments",
            unit: "argument",
            base: 1_000,
            make: long_sum,
            read: fuzzing::expression,
        },
        Case {
            name: "nested parentheses",
            unit: "level",
            base: 2_000,
            make: deep_nesting,
            read: fuzzing::expression,
        },
    ];
    println!("| input | size | time | per unit |");
    println!("|---|---:|---:|---:|");
    for case in cases {
        for factor in [1, 10, 100] {
            let size = case.base * factor;
            let input = (case.make)(size);
            let took = best_of_three(case.read, &input);
            println!(
                "| {} | {size} {}s | {:.2} ms | {:.3} µs |",
                case.name,
                case.unit,
                took.as_secs_f64() * 1e3,
                took.as_secs_f64() * 1e6 / size as f64
            );
        }
    }
}
