//! An integrity soak: a file fetched again and again with curl, each copy hashed. Reads
//! curl's `-w '%{json}\n'` log (one object a line, one line a pass: the soak writes the body
//! to a file with `-o`), `sha256sum`'s output for the copies (one line a pass, in the
//! passes' order) against the server's hash, and the soak's `times:` file (`soak_times`).
//!
//! Owns the soak's fields at the run, as the method computes a soak's result:
//! - `passes`: curl's lines; `failed_passes`: passes whose curl exit code is not 0 or whose
//!   HTTP code is not 2xx; `mismatches`: passes that succeeded whose copy's hash is not the
//!   server's. A soak passes only if both are zero (`rundata`'s rule reads them).
//! - `bytes`: `size_download` summed over the passes that succeeded *with the server's
//!   hash*: the method counts "bytes received in the passes that succeeded", failures not
//!   counted as delivered, and a copy that differs was not delivered.
//! - `seconds`: "from the first pass's start to the last one's end", the first and last
//!   lines of the times file, exactly (nanoseconds). Without that file it is absent and
//!   says why: curl's JSON has no start time, and the sum of its `time_total` leaves out
//!   what the loop did between passes (a soak that hashed each copy in its loop summed to
//!   a quarter of its span), so it is no stand-in under the methodology's name.
//! - `transfer_seconds`: that sum of `time_total` over every pass, failed ones too, for
//!   what it is (curl's time spent transferring), added as decimals.
//! - `bits_per_second`: `bytes` × 8 ÷ `seconds`, absent when `seconds` is.
//! - `pass.N.{exit_code, http_code, bytes, seconds, matches}`: `matches` is 1 or 0, absent
//!   for a pass that left no file to hash (below).
//!
//! Every value's place is in curl's log (its pass's number, or the line of the first failed
//! pass) but `mismatches` (the first differing hash line) and `seconds` (the times file's
//! first line): [`Soak::placed_in`] says which. Errors about `sha256sum`'s output start with
//! `sha256sum`, those about the times file with `times` (`rundata` places them in that file
//! by the prefix). It does not fetch anything nor read files.
//!
//! A pass that curl could not complete may leave no file, and then `sha256sum` prints no
//! line for it (only an error on stderr). The lines are then matched to the passes by file
//! name, when every pass wrote a file of its own name (`filename_effective`); otherwise a
//! count that differs is an error. When both name a file, a hash line whose file is not its
//! pass's is an error: the logs are of two soaks, or out of order.

use std::ops::Range;

use super::soak_times::{Stamp, read_times};
use super::table::members;
use super::{ImportError, Imported, Line, Tree, Value, lines, strict_json};
use crate::number::Unit;

/// The texts of one soak's files.
pub(crate) struct SoakFiles<'a> {
    /// curl's `-w '%{json}\n'` output, a line a pass.
    pub curl: &'a str,
    /// `sha256sum` output, a line a pass, in the passes' order.
    pub sha256: &'a str,
    /// The hash every pass's file must have (the server's).
    pub expected: &'a str,
    /// The clock before and after each pass, an ISO-8601 time a line (`soak_times`).
    pub times: Option<&'a str>,
}

/// One of a soak's files, for a value placed in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SoakFile {
    Sha256,
    Times,
}

/// What a soak's files gave: the fields, each placed in curl's log but those named in
/// `placed_in`, whose place is in that file instead.
#[derive(Debug)]
pub(crate) struct Soak {
    pub imported: Imported,
    pub placed_in: Vec<(&'static str, SoakFile, Range<usize>)>,
}

/// The largest integer an f64 holds exactly, and every one below it.
const EXACT_LIMIT: u64 = 1 << 53;

/// One curl line.
struct Pass {
    exit: u64,
    http: u64,
    bytes: u64,
    /// `time_total` as a decimal: digits and how many of them are decimals.
    seconds: (u128, u32),
    file: Option<String>,
    line: Range<usize>,
    /// The bytes of exitcode, response_code, size_download and time_total.
    at: [Range<usize>; 4],
}

impl Pass {
    fn succeeded(&self) -> bool {
        self.exit == 0 && (200..300).contains(&self.http)
    }
}

/// One `sha256sum` line.
struct Hash {
    hash: String,
    file: String,
    line: Range<usize>,
}

/// Reads a soak's logs.
pub(crate) fn import_soak(files: &SoakFiles<'_>) -> Result<Soak, ImportError> {
    let expected = files.expected.trim();
    if expected.len() != 64 || !expected.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ImportError::whole(format!(
            "the expected hash `{expected}` is not a SHA-256 hash (64 hex digits): give the server's `sha256sum` of the file"
        )));
    }
    let passes = curl_passes(files.curl)?;
    let hashes = hash_lines(files.sha256)?;
    let matched = pair(&passes, &hashes)?;
    let times = files.times.map(|text| read_times(text, passes.len())).transpose()?;
    let pairs: Vec<(&Pass, Option<&Hash>)> = passes.iter().zip(matched).collect();
    let mut placed_in = Vec::new();
    if let Some(first) = times.as_ref().and_then(|t| t.first()) {
        placed_in.push(("seconds", SoakFile::Times, first.line.clone()));
    }
    if let Some((_, Some(hash))) = pairs.iter().find(|(p, h)| is_mismatch(p, *h, expected)) {
        placed_in.push(("mismatches", SoakFile::Sha256, hash.line.clone()));
    }
    let fields = fields(files.curl, &pairs, expected, times.as_deref());
    Ok(Soak { imported: Imported { format: "curl %{json} with sha256sum", fields }, placed_in })
}

fn is_mismatch(pass: &Pass, hash: Option<&Hash>, expected: &str) -> bool {
    pass.succeeded() && hash.is_some_and(|h| !h.hash.eq_ignore_ascii_case(expected))
}

fn fields(curl: &str, pairs: &[(&Pass, Option<&Hash>)], expected: &str, times: Option<&[Stamp]>) -> Tree {
    let whole = match (pairs.first(), pairs.last()) {
        (Some((first, _)), Some((last, _))) => first.line.start..last.line.end,
        _ => 0..curl.len(),
    };
    let matches = |hash: &Hash| hash.hash.eq_ignore_ascii_case(expected);
    let failed: Vec<&Pass> = pairs.iter().map(|(p, _)| *p).filter(|p| !p.succeeded()).collect();
    let mismatched: Vec<&Hash> =
        pairs.iter().filter(|(p, h)| is_mismatch(p, *h, expected)).filter_map(|(_, h)| *h).collect();
    let delivered: u128 = pairs
        .iter()
        .filter(|(p, h)| p.succeeded() && h.is_some_and(matches))
        .map(|(p, _)| u128::from(p.bytes))
        .sum();
    let count = |n: usize, at: Range<usize>| Value::exact(n as f64, Unit::Count, at);
    let bytes = if delivered <= u128::from(EXACT_LIMIT) {
        Value::exact(delivered as f64, Unit::Byte, whole.clone())
    } else {
        Tree::Absent(format!("{delivered} bytes is beyond what tally holds exactly (2^53)"))
    };
    let transfer = pairs.iter().try_fold((0u128, 0u32), |sum, (p, _)| add_decimal(sum, p.seconds));
    let transfer_seconds = match transfer {
        Some(sum) => Value::exact(decimal_value(sum), Unit::Second, whole.clone()),
        None => Tree::Absent("the passes' `time_total` add up past what tally sums exactly".to_string()),
    };
    let (seconds, rate) = span_and_rate(delivered, times, &whole);
    let pass = pairs.iter().map(|(p, hash)| {
        let matches = match hash {
            Some(hash) => Value::exact(f64::from(u8::from(matches(hash))), Unit::Count, p.line.clone()),
            None => Tree::Absent("curl wrote no file in this pass, so sha256sum hashed none".to_string()),
        };
        Tree::map([
            ("exit_code", Value::exact(p.exit as f64, Unit::Count, p.at[0].clone())),
            ("http_code", Value::exact(p.http as f64, Unit::Count, p.at[1].clone())),
            ("bytes", Value::exact(p.bytes as f64, Unit::Byte, p.at[2].clone())),
            ("seconds", Value::exact(decimal_value(p.seconds), Unit::Second, p.at[3].clone())),
            ("matches", matches),
        ])
    });
    Tree::map([
        ("passes", count(pairs.len(), whole.clone())),
        ("failed_passes", count(failed.len(), failed.first().map_or(whole.clone(), |p| p.line.clone()))),
        // Placed in sha256sum's output (`Soak::placed_in`) when a hash differs.
        ("mismatches", count(mismatched.len(), mismatched.first().map_or(whole.clone(), |h| h.line.clone()))),
        ("bytes", bytes),
        ("seconds", seconds),
        ("transfer_seconds", transfer_seconds),
        ("bits_per_second", rate),
        ("pass", Tree::List(pass.collect())),
    ])
}

/// The methodology's span, from the first pass's start to the last one's end (placed on
/// the times file's first line), and the delivered bytes' rate over it.
fn span_and_rate(delivered: u128, times: Option<&[Stamp]>, whole: &Range<usize>) -> (Tree, Tree) {
    let Some((first, last)) = times.and_then(|t| Some((t.first()?, t.last()?))) else {
        let why = "curl's lines time each transfer but not the soak: the methodology's span runs from the first pass's start to the last one's end, and the sum of `time_total` leaves out the loop's time between passes; give the soak a `times:` file (the clock before and after each pass)";
        return (Tree::Absent(why.to_string()), Tree::Absent(why.to_string()));
    };
    let nanos = last.nanos - first.nanos;
    // Nanoseconds as an f64 are exact up to 2^53 ns, 104 days: a soak longer is still
    // right to the microsecond, far finer than any figure a page states of it.
    let seconds = nanos as f64 / 1e9;
    let rate = if nanos > 0 {
        Value::exact(delivered as f64 * 8.0 / seconds, Unit::BitPerSecond, whole.clone())
    } else {
        Tree::Absent("the times file's first and last times are the same: no rate over no time".to_string())
    };
    (Value::exact(seconds, Unit::Second, first.line.clone()), rate)
}

/// curl's lines, one pass each. Blank lines hold no pass and are skipped.
fn curl_passes(text: &str) -> Result<Vec<Pass>, ImportError> {
    let mut passes = Vec::new();
    for line in lines(text).into_iter().filter(|l| !l.text.trim().is_empty()) {
        passes.push(curl_pass(&line)?);
    }
    if passes.is_empty() {
        return Err(ImportError::whole(
            "curl's log holds no pass: expected one `-w '%{json}\\n'` object a line",
        ));
    }
    Ok(passes)
}

fn curl_pass(line: &Line<'_>) -> Result<Pass, ImportError> {
    if !line.text.starts_with('{') {
        return Err(ImportError::at(
            "this line is not curl's `%{json}` object: the soak writes one object a line with `-w '%{json}\\n'`, and the body to a file with `-o FILE` (a body on stdout comes before the object)",
            line.range(),
        ));
    }
    let shift = |e: ImportError| ImportError {
        message: format!("curl's `%{{json}}` line: {}", e.message),
        at: Some(e.at.map_or(line.range(), |at| at.start + line.start..at.end + line.start)),
    };
    let json = strict_json(line.text).map_err(shift)?;
    let (Some(object), Some(written)) = (json.as_object(), members(line.text)) else {
        return Err(ImportError::at(
            "this line is not a JSON object, as curl's `%{json}` writes",
            line.range(),
        ));
    };
    let find = |key: &str, why: &str| -> Result<(&serde_json::Value, Range<usize>), ImportError> {
        match (object.get(key), written.iter().find(|m| m.key == key)) {
            (Some(value), Some(member)) => {
                Ok((value, member.value.start + line.start..member.value.end + line.start))
            }
            _ => Err(ImportError::at(format!("this pass has no `{key}`: {why}"), line.range())),
        }
    };
    let whole = |key: &str, why: &str| -> Result<(u64, Range<usize>), ImportError> {
        let (value, at) = find(key, why)?;
        match value.as_u64().filter(|n| *n <= EXACT_LIMIT) {
            Some(n) => Ok((n, at)),
            None => Err(ImportError::at(
                format!("`{key}` is `{value}`; expected a whole number, as curl writes it"),
                at,
            )),
        }
    };
    let (exit, exit_at) = whole(
        "exitcode",
        "curl 7.75 and later write it in `%{json}`, and the soak needs curl's exit code to know a pass failed",
    )?;
    let (http, http_at) = whole("response_code", "curl's `%{json}` gives the HTTP code as `response_code`")?;
    // curl writes the one code under both names: two codes are an edited line, and which
    // one the pass got is unknown.
    if object.contains_key("http_code") {
        let (other, other_at) = whole("http_code", "")?;
        if other != http {
            return Err(ImportError::at(
                format!(
                    "`http_code` is {other} but `response_code` is {http}: curl writes the same code under both names, so this line was edited"
                ),
                other_at,
            ));
        }
    }
    let (bytes, bytes_at) =
        whole("size_download", "curl's `%{json}` gives the bytes received as `size_download`")?;
    let (time, time_at) = find("time_total", "curl's `%{json}` gives each pass's time as `time_total`")?;
    let seconds = match (time, decimal(&line_text(line, &time_at))) {
        (serde_json::Value::Number(_), Some(seconds)) => seconds,
        _ => {
            return Err(ImportError::at(
                format!("`time_total` is `{time}`; expected seconds as curl writes them (`0.011450`)"),
                time_at,
            ));
        }
    };
    let file = object.get("filename_effective").and_then(|f| f.as_str()).map(str::to_string);
    Ok(Pass {
        exit,
        http,
        bytes,
        seconds,
        file,
        line: line.range(),
        at: [exit_at, http_at, bytes_at, time_at],
    })
}

/// The text at `at` (bytes of the whole text) within `line`.
fn line_text(line: &Line<'_>, at: &Range<usize>) -> String {
    let (start, end) = (at.start.saturating_sub(line.start), at.end.saturating_sub(line.start));
    line.text.get(start..end).unwrap_or("").to_string()
}

/// A non-negative plain decimal as digits and a count of decimals (`0.011450` → 11450, 6).
fn decimal(text: &str) -> Option<(u128, u32)> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || !all_digits(whole)
        || !all_digits(fraction)
        || text.ends_with('.')
        || fraction.len() > 30
    {
        return None;
    }
    let digits: u128 = format!("{whole}{fraction}").parse().ok()?;
    Some((digits, fraction.len() as u32))
}

fn add_decimal(a: (u128, u32), b: (u128, u32)) -> Option<(u128, u32)> {
    let scale = a.1.max(b.1);
    let widen = |(digits, s): (u128, u32)| digits.checked_mul(10u128.checked_pow(scale - s)?);
    Some((widen(a)?.checked_add(widen(b)?)?, scale))
}

/// The f64 nearest the decimal: digits and a power of ten both exact in an f64 (up to 2^53
/// and 10^22) divide correctly rounded, so the value reads back as the decimal.
fn decimal_value((digits, scale): (u128, u32)) -> f64 {
    digits as f64 / 10f64.powi(scale as i32)
}

/// `sha256sum`'s lines: `HASH  FILE`, `HASH *FILE` (binary mode), `\HASH  FILE` (a name with
/// `\` or a line break, escaped), or the BSD form `SHA256 (FILE) = HASH` (`--tag`).
fn hash_lines(text: &str) -> Result<Vec<Hash>, ImportError> {
    let mut hashes = Vec::new();
    for line in lines(text).into_iter().filter(|l| !l.text.trim().is_empty()) {
        let (escaped, body) = match line.text.strip_prefix('\\') {
            Some(body) => (true, body),
            None => (false, line.text),
        };
        let parts = match body.strip_prefix("SHA256 (") {
            Some(tagged) => tagged.rsplit_once(") = ").map(|(file, hash)| (hash, file)),
            None => body.get(..64).zip(body.get(64..)).and_then(|(hash, rest)| {
                let file = rest.strip_prefix("  ").or_else(|| rest.strip_prefix(" *"))?;
                Some((hash, file))
            }),
        };
        let Some((hash, file)) =
            parts.filter(|(h, f)| h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()) && !f.is_empty())
        else {
            return Err(ImportError::at(
                "sha256sum's line is not `HASH  FILE`: expected 64 hex digits, two spaces (or ` *`) and the file's name",
                line.range(),
            ));
        };
        let file = if escaped {
            file.replace("\\\\", "\u{0}").replace("\\n", "\n").replace('\u{0}', "\\")
        } else {
            file.to_string()
        };
        hashes.push(Hash { hash: hash.to_ascii_lowercase(), file, line: line.range() });
    }
    Ok(hashes)
}

/// Whether a pass's file and a hash line's name the same file: as written, or the pass's a
/// path ending in the hashed name (`-o /tmp/soak/f3` hashed as `f3` from that folder). A
/// hashed path longer than the pass's names a folder the pass did not write in
/// (`/other/soak/copy2` is not `-o copy2`'s file), so it is not the same file.
fn same_file(pass: &str, hashed: &str) -> bool {
    let (pass, hashed) = (pass.trim_start_matches("./"), hashed.trim_start_matches("./"));
    let relative = !hashed.starts_with(['/', '\\']) && hashed.get(1..3).is_none_or(|drive| drive != ":\\");
    pass == hashed || relative && pass.strip_suffix(hashed).is_some_and(|p| p.ends_with(['/', '\\']))
}

/// Each pass's hash line: in order when there is one a pass, else by file name.
fn pair<'h>(passes: &[Pass], hashes: &'h [Hash]) -> Result<Vec<Option<&'h Hash>>, ImportError> {
    if hashes.len() == passes.len() {
        for (i, (pass, hash)) in passes.iter().zip(hashes).enumerate() {
            if let Some(file) = &pass.file
                && !same_file(file, &hash.file)
            {
                return Err(ImportError::at(
                    format!(
                        "sha256sum's line {} hashes `{}`, but curl's pass {} wrote `{file}`: one line a pass, in the passes' order",
                        i + 1,
                        hash.file,
                        i + 1
                    ),
                    hash.line.clone(),
                ));
            }
        }
        return Ok(hashes.iter().map(Some).collect());
    }
    let counts = format!(
        "sha256sum's output has {} hashes for {} curl passes: one line a pass, in the passes' order",
        hashes.len(),
        passes.len()
    );
    let names: Vec<&str> = passes.iter().filter_map(|p| p.file.as_deref()).collect();
    // Each name once, by a set: a search of the names before each was quadratic (80,000
    // passes with one unhashed failure took 13 s).
    let mut seen = std::collections::HashSet::new();
    let own_names = names.len() == passes.len() && names.iter().all(|n| seen.insert(*n));
    super::work(names.len());
    if !own_names {
        let why = format!(
            "{counts} (a pass whose file curl did not write may go without one only when each pass writes a file of its own name)"
        );
        return Err(match hashes.get(passes.len()) {
            Some(extra) => ImportError::at(why, extra.line.clone()),
            None => ImportError::whole(why),
        });
    }
    let mut next = hashes.iter().peekable();
    let mut out = Vec::new();
    for (i, pass) in passes.iter().enumerate() {
        let file = pass.file.as_deref().unwrap_or("");
        match next.peek() {
            Some(hash) if same_file(file, &hash.file) => out.push(next.next()),
            _ if !pass.succeeded() => out.push(None),
            _ => {
                return Err(ImportError::whole(format!(
                    "{counts}: curl's pass {} succeeded and wrote `{file}`, which the next hash line does not name",
                    i + 1
                )));
            }
        }
    }
    match next.next() {
        Some(extra) => Err(ImportError::at(
            format!("{counts}: this line's file `{}` is no pass's, or out of the passes' order", extra.file),
            extra.line.clone(),
        )),
        None => Ok(out),
    }
}

#[cfg(test)]
#[path = "soak_tests.rs"]
mod tests;
