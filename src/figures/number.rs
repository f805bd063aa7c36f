//! The number grammar of stated figures: units, scale words, precision, rounding, and the
//! comparison of a stated number with a computed one.
//!
//! Owns [`Unit`], [`Rounding`], [`parse_stated`], [`check`], [`format_like`] and
//! [`scan_figure_like`]. It does not know where a figure comes from (see `rundata`) nor how
//! a mismatch is reported (the caller turns [`Mismatch`] into a diagnostic).
//!
//! Decisions worth knowing:
//! - Numbers are compared as decimals, never as binary floats: the computed value is first
//!   written with 15 significant digits (more than any measurement has, fewer than the
//!   noise of `f64` arithmetic), then rounded at the stated precision. So 0.125 rounds to
//!   0.13 and 2.675 to 2.68, as a reader expects from the decimal value.
//! - Unit kinds must agree exactly. A bare number (a count) states a figure that has no
//!   unit; stating a bit/s figure as "989" or a % figure as "1.0" is a
//!   [`Mismatch::UnitKind`], and so is stating "40 s" for a constant written without a unit
//!   (write the constant as `40 s`).
//! - ASCII-letter units must stand apart from the number ("989 Mbit/s"); `%` and CJK units
//!   may touch it ("74%", "40秒"). A number glued to letters ("3300s", "1.41a") is a model
//!   name or an ordinal, not a figure.
//! - `KB` is read as 1,000 bytes like `kB` (a capitalisation slip, and `MB`/`GB` are
//!   decimal too); iperf's `KBytes`/`MBytes`/`GBytes` are binary, as iperf prints them.
//! - Words like "bytes" or "seconds" are counts, not units: the grammar names symbols only.
//! - Figure-like scanning skips version numbers (two or more dots: 1.4.85), numbers glued
//!   to letters (v0.1.0, d29c84f3, 1.41a, Port8) and bare counts under 100; a decimal with
//!   one dot and no unit ("curl 8.21") does count, as the design asks for decimals.

use std::fmt::Write as _;
use std::ops::Range;

use super::Computed;

/// What a unit measures; values of one kind convert into each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitKind {
    Count,
    Percent,
    BitRate,
    PacketRate,
    Bytes,
    Seconds,
}

impl UnitKind {
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Count => "a count",
            UnitKind::Percent => "a percentage",
            UnitKind::BitRate => "a bit rate",
            UnitKind::PacketRate => "a packet rate",
            UnitKind::Bytes => "an amount of bytes",
            UnitKind::Seconds => "a time",
        }
    }
}

/// A unit a figure may be stated in. Values are kept in the base unit of the kind
/// (count, %, bit/s, pps, B, s) and converted with [`Unit::factor`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    Count,
    Percent,
    BitPerSecond,
    KilobitPerSecond,
    MegabitPerSecond,
    GigabitPerSecond,
    TerabitPerSecond,
    PacketPerSecond,
    KilopacketPerSecond,
    MegapacketPerSecond,
    Byte,
    Kilobyte,
    Megabyte,
    Gigabyte,
    Terabyte,
    Kibibyte,
    Mebibyte,
    Gibibyte,
    Tebibyte,
    Second,
    Millisecond,
    Microsecond,
    Nanosecond,
}

impl Unit {
    pub fn kind(self) -> UnitKind {
        use Unit::*;
        match self {
            Count => UnitKind::Count,
            Percent => UnitKind::Percent,
            BitPerSecond | KilobitPerSecond | MegabitPerSecond | GigabitPerSecond | TerabitPerSecond => {
                UnitKind::BitRate
            }
            PacketPerSecond | KilopacketPerSecond | MegapacketPerSecond => UnitKind::PacketRate,
            Byte | Kilobyte | Megabyte | Gigabyte | Terabyte | Kibibyte | Mebibyte | Gibibyte | Tebibyte => {
                UnitKind::Bytes
            }
            Second | Millisecond | Microsecond | Nanosecond => UnitKind::Seconds,
        }
    }

    /// How many base units one of this unit is.
    pub fn factor(self) -> f64 {
        use Unit::*;
        match self {
            Count | Percent | BitPerSecond | PacketPerSecond | Byte | Second => 1.0,
            KilobitPerSecond | KilopacketPerSecond | Kilobyte => 1e3,
            MegabitPerSecond | MegapacketPerSecond | Megabyte => 1e6,
            GigabitPerSecond | Gigabyte => 1e9,
            TerabitPerSecond | Terabyte => 1e12,
            Kibibyte => 1024.0,
            Mebibyte => 1_048_576.0,
            Gibibyte => 1_073_741_824.0,
            Tebibyte => 1_099_511_627_776.0,
            Millisecond => 1e-3,
            Microsecond => 1e-6,
            Nanosecond => 1e-9,
        }
    }

    /// The symbol tally writes for this unit ("" for a count).
    pub fn symbol(self) -> &'static str {
        use Unit::*;
        match self {
            Count => "",
            Percent => "%",
            BitPerSecond => "bit/s",
            KilobitPerSecond => "kbit/s",
            MegabitPerSecond => "Mbit/s",
            GigabitPerSecond => "Gbit/s",
            TerabitPerSecond => "Tbit/s",
            PacketPerSecond => "pps",
            KilopacketPerSecond => "kpps",
            MegapacketPerSecond => "Mpps",
            Byte => "B",
            Kilobyte => "kB",
            Megabyte => "MB",
            Gigabyte => "GB",
            Terabyte => "TB",
            Kibibyte => "KiB",
            Mebibyte => "MiB",
            Gibibyte => "GiB",
            Tebibyte => "TiB",
            Second => "s",
            Millisecond => "ms",
            Microsecond => "µs",
            Nanosecond => "ns",
        }
    }

    /// The base unit of this unit's kind.
    pub fn base(self) -> Unit {
        match self.kind() {
            UnitKind::Count => Unit::Count,
            UnitKind::Percent => Unit::Percent,
            UnitKind::BitRate => Unit::BitPerSecond,
            UnitKind::PacketRate => Unit::PacketPerSecond,
            UnitKind::Bytes => Unit::Byte,
            UnitKind::Seconds => Unit::Second,
        }
    }
}

/// Every accepted spelling of a unit. Matching is case-sensitive because `Mb` and `MB`
/// differ by a factor of eight; the longest spelling that fits wins.
const UNIT_SPELLINGS: &[(&str, Unit)] = &[
    ("%", Unit::Percent),
    ("％", Unit::Percent),
    ("bit/s", Unit::BitPerSecond),
    ("bits/s", Unit::BitPerSecond),
    ("bits/sec", Unit::BitPerSecond),
    ("bit/sec", Unit::BitPerSecond),
    ("b/s", Unit::BitPerSecond),
    ("bps", Unit::BitPerSecond),
    ("kbit/s", Unit::KilobitPerSecond),
    ("Kbit/s", Unit::KilobitPerSecond),
    ("kbits/s", Unit::KilobitPerSecond),
    ("Kbits/s", Unit::KilobitPerSecond),
    ("kbits/sec", Unit::KilobitPerSecond),
    ("Kbits/sec", Unit::KilobitPerSecond),
    ("kb/s", Unit::KilobitPerSecond),
    ("kbps", Unit::KilobitPerSecond),
    ("Kbps", Unit::KilobitPerSecond),
    ("Mbit/s", Unit::MegabitPerSecond),
    ("Mbits/s", Unit::MegabitPerSecond),
    ("Mbits/sec", Unit::MegabitPerSecond),
    ("Mbit/sec", Unit::MegabitPerSecond),
    ("Mb/s", Unit::MegabitPerSecond),
    ("Mbps", Unit::MegabitPerSecond),
    ("Gbit/s", Unit::GigabitPerSecond),
    ("Gbits/s", Unit::GigabitPerSecond),
    ("Gbits/sec", Unit::GigabitPerSecond),
    ("Gbit/sec", Unit::GigabitPerSecond),
    ("Gb/s", Unit::GigabitPerSecond),
    ("Gbps", Unit::GigabitPerSecond),
    ("Tbit/s", Unit::TerabitPerSecond),
    ("Tbps", Unit::TerabitPerSecond),
    ("pps", Unit::PacketPerSecond),
    ("kpps", Unit::KilopacketPerSecond),
    ("Kpps", Unit::KilopacketPerSecond),
    ("Mpps", Unit::MegapacketPerSecond),
    ("B", Unit::Byte),
    ("Bytes", Unit::Byte),
    ("kB", Unit::Kilobyte),
    ("KB", Unit::Kilobyte),
    ("MB", Unit::Megabyte),
    ("GB", Unit::Gigabyte),
    ("TB", Unit::Terabyte),
    ("KiB", Unit::Kibibyte),
    ("MiB", Unit::Mebibyte),
    ("GiB", Unit::Gibibyte),
    ("TiB", Unit::Tebibyte),
    ("KByte", Unit::Kibibyte),
    ("KBytes", Unit::Kibibyte),
    ("MByte", Unit::Mebibyte),
    ("MBytes", Unit::Mebibyte),
    ("GByte", Unit::Gibibyte),
    ("GBytes", Unit::Gibibyte),
    ("s", Unit::Second),
    ("sec", Unit::Second),
    ("秒", Unit::Second),
    ("ms", Unit::Millisecond),
    ("ミリ秒", Unit::Millisecond),
    ("µs", Unit::Microsecond),
    ("μs", Unit::Microsecond),
    ("us", Unit::Microsecond),
    ("マイクロ秒", Unit::Microsecond),
    ("ns", Unit::Nanosecond),
];

/// The unit named by `text` exactly (surrounding spaces allowed), as in `unit:` of
/// runs.yaml. An empty text is a count.
pub fn parse_unit(text: &str) -> Option<Unit> {
    let text = text.trim();
    if text.is_empty() || text == "count" {
        return Some(Unit::Count);
    }
    UNIT_SPELLINGS.iter().find(|(spelling, _)| *spelling == text).map(|(_, unit)| *unit)
}

/// How a computed value is brought to the stated precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rounding {
    /// Half away from zero: 0.5 → 1, −0.5 → −1.
    #[default]
    HalfAwayFromZero,
    /// Toward zero (`round: down`), for authors who truncate.
    Down,
}

/// A decimal number: `sign`, `digits` (no leading zeros; empty for zero) × 10^`exponent`.
/// Kept as text so that no size of number overflows and no binary noise creeps in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decimal {
    pub negative: bool,
    pub digits: String,
    pub exponent: i32,
}

impl Decimal {
    fn new(negative: bool, digits: &str, exponent: i32) -> Decimal {
        let digits = digits.trim_start_matches('0').to_string();
        Decimal { negative: negative && !digits.is_empty(), digits, exponent }
    }

    /// The decimal that `value` is, to 15 significant digits.
    pub fn from_f64(value: f64) -> Decimal {
        if value == 0.0 || !value.is_finite() {
            return Decimal::new(false, "", 0);
        }
        // `{:.14e}` gives d.dddddddddddddde±x: 15 significant digits, correctly rounded.
        let text = format!("{:.14e}", value.abs());
        let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let mut decimal = Decimal::new(value < 0.0, &digits, exp - 14);
        decimal.trim_trailing_zeros();
        decimal
    }

    fn trim_trailing_zeros(&mut self) {
        while self.digits.len() > 1 && self.digits.ends_with('0') {
            self.digits.pop();
            self.exponent += 1;
        }
        if self.digits.is_empty() {
            self.exponent = 0;
        }
    }

    pub fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    pub fn to_f64(&self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        let text = format!("{}{}e{}", if self.negative { "-" } else { "" }, self.digits, self.exponent);
        text.parse().unwrap_or(f64::NAN)
    }

    /// The integer `n` (as digits, no leading zeros) with self ≈ n × 10^`exponent`,
    /// rounded by `rounding`.
    fn digits_at(&self, exponent: i32, rounding: Rounding) -> String {
        if self.is_zero() {
            return String::new();
        }
        if exponent <= self.exponent {
            let zeros = (self.exponent - exponent) as usize;
            return format!("{}{}", self.digits, "0".repeat(zeros));
        }
        let drop = (exponent - self.exponent) as usize;
        let (kept, dropped) = if drop >= self.digits.len() {
            ("", format!("{}{}", "0".repeat(drop - self.digits.len()), self.digits))
        } else {
            let cut = self.digits.len() - drop;
            (&self.digits[..cut], self.digits[cut..].to_string())
        };
        let round_up = match rounding {
            Rounding::Down => false,
            Rounding::HalfAwayFromZero => dropped.as_bytes().first().is_some_and(|d| *d >= b'5'),
        };
        let kept = if round_up { increment(kept) } else { kept.to_string() };
        kept.trim_start_matches('0').to_string()
    }
}

/// Adds one to a string of decimal digits.
fn increment(digits: &str) -> String {
    let mut bytes: Vec<u8> = digits.bytes().collect();
    for byte in bytes.iter_mut().rev() {
        if *byte == b'9' {
            *byte = b'0';
        } else {
            *byte += 1;
            return String::from_utf8(bytes).unwrap_or_default();
        }
    }
    let mut out = String::from("1");
    out.push_str(&String::from_utf8(bytes).unwrap_or_default());
    out
}

/// A scale word and the power of ten it stands for.
const SCALE_WORDS: &[(&str, i32)] = &[
    ("thousand", 3),
    ("million", 6),
    ("billion", 9),
    ("trillion", 12),
    ("千", 3),
    ("万", 4),
    ("億", 8),
    ("兆", 12),
];

/// How a stated number was written, so that a corrected one can be written the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    pub full_width: bool,
    pub thousands_separator: bool,
    pub decimals: usize,
    /// The power of ten of the scale word, 0 without one.
    pub scale_exponent: i32,
}

/// The one number a tag's TEXT states.
#[derive(Debug, Clone, PartialEq)]
pub struct Stated {
    /// In the stated unit, scale applied.
    pub value: f64,
    pub unit: Unit,
    /// The value of the last written digit, in the stated unit.
    pub precision: f64,
    /// The bytes of the number itself (sign and digits) in TEXT.
    pub number_range: Range<usize>,
    /// From the number to the end of its scale word and unit.
    pub whole_range: Range<usize>,
    /// The number exactly as written, in the stated unit.
    pub decimal: Decimal,
    pub style: Style,
}

impl Stated {
    /// The exponent of the last significant digit; with `approximate`, trailing zeros of an
    /// integer do not count.
    fn precision_exponent(&self, approximate: bool) -> i32 {
        let mut exponent = self.decimal.exponent;
        if approximate && self.style.decimals == 0 && !self.decimal.is_zero() {
            let zeros = self.decimal.digits.len() - self.decimal.digits.trim_end_matches('0').len();
            exponent += zeros as i32;
        }
        exponent
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    #[error("no number in `{text}`")]
    NoNumber { text: String },
    #[error("`{text}` states more than one number; a tag holds one")]
    SeveralNumbers { text: String, ranges: Vec<Range<usize>> },
}

/// A number as lexed from text, before deciding whether it is a figure.
#[derive(Debug, Clone)]
struct Lexed {
    start: usize,
    digits_end: usize,
    end: usize,
    decimal: Decimal,
    style: Style,
    unit: Unit,
    has_scale: bool,
    /// The number is glued to letters or dots (a version, an id, a model name).
    glued: bool,
}

fn digit_value(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '０'..='９' => Some((c as u32 - '０' as u32) as u8),
        _ => None,
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}'
}

/// Reads a number starting at `start` (a digit, or a sign right before one).
fn lex_number(text: &str, start: usize) -> Lexed {
    let mut chars = text[start..].char_indices().peekable();
    let mut negative = false;
    let mut pos = start;
    if let Some(&(_, c)) = chars.peek()
        && matches!(c, '-' | '+' | '−' | '－' | '＋')
    {
        negative = matches!(c, '-' | '−' | '－');
        chars.next();
        pos = start + c.len_utf8();
    }
    let mut integer = String::new();
    let mut fraction = String::new();
    let mut full_width = false;
    let mut thousands_separator = false;
    let rest = &text[pos..];
    let mut i = 0;
    let bytes_of = |s: &str, i: usize| s[i..].chars().next();
    // Integer part with `,` groups of exactly three digits.
    while let Some(c) = bytes_of(rest, i) {
        if let Some(d) = digit_value(c) {
            full_width |= c as u32 > 127;
            integer.push((b'0' + d) as char);
            i += c.len_utf8();
        } else if c == ',' && !integer.is_empty() {
            let group: Vec<char> = rest[i + 1..].chars().take(4).collect();
            let three_digits = group.len() >= 3 && group[..3].iter().all(|g| digit_value(*g).is_some());
            let fourth_is_digit = group.get(3).is_some_and(|g| digit_value(*g).is_some());
            if three_digits && !fourth_is_digit {
                thousands_separator = true;
                i += 1;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    // Fraction.
    if bytes_of(rest, i) == Some('.') && rest[i + 1..].chars().next().and_then(digit_value).is_some() {
        i += 1;
        while let Some(c) = bytes_of(rest, i) {
            match digit_value(c) {
                Some(d) => {
                    fraction.push((b'0' + d) as char);
                    i += c.len_utf8();
                }
                None => break,
            }
        }
    }
    let digits_end = pos + i;
    let after = &text[digits_end..];
    let mut glued = false;
    if let Some(next) = after.chars().next() {
        // "1.4.85": a second dot and digit make a version; letters make an id or a name.
        if next == '.' && after[1..].chars().next().and_then(digit_value).is_some() {
            glued = true;
        }
        if next.is_ascii_alphabetic() || next == '_' {
            glued = true;
        }
    }
    let decimals = fraction.len();
    let mut digits = integer;
    digits.push_str(&fraction);
    let mut decimal = Decimal::new(negative, &digits, -(decimals as i32));
    let mut end = digits_end;
    let mut scale_exponent = 0;
    let mut has_scale = false;
    let mut unit = Unit::Count;
    if !glued {
        let (scale, scale_end) = match_scale(text, end);
        if let Some(exponent) = scale {
            has_scale = true;
            scale_exponent = exponent;
            decimal.exponent += exponent;
            end = scale_end;
        }
        if let Some((found, unit_end)) = match_unit(text, end) {
            unit = found;
            end = unit_end;
        }
    }
    Lexed {
        start,
        digits_end,
        end,
        decimal,
        style: Style { full_width, thousands_separator, decimals, scale_exponent },
        unit,
        has_scale,
        glued,
    }
}

/// Skips spaces after `at`, returning the new offset and whether any were skipped.
fn skip_spaces(text: &str, at: usize) -> (usize, bool) {
    let skipped: usize = text[at..].chars().take_while(|c| is_space(*c)).map(char::len_utf8).sum();
    (at + skipped, skipped > 0)
}

fn match_scale(text: &str, at: usize) -> (Option<i32>, usize) {
    let (from, _) = skip_spaces(text, at);
    let rest = &text[from..];
    for (word, exponent) in SCALE_WORDS {
        if let Some(after) = rest.strip_prefix(word) {
            let ascii_word = word.is_ascii();
            if ascii_word && after.chars().next().is_some_and(is_word_char) {
                continue;
            }
            if ascii_word && from == at {
                continue;
            }
            return (Some(*exponent), from + word.len());
        }
    }
    (None, at)
}

fn match_unit(text: &str, at: usize) -> Option<(Unit, usize)> {
    let (from, spaced) = skip_spaces(text, at);
    let rest = &text[from..];
    let mut best: Option<(&str, Unit)> = None;
    for (spelling, unit) in UNIT_SPELLINGS {
        if !rest.starts_with(spelling) {
            continue;
        }
        let first = spelling.chars().next().unwrap_or(' ');
        let letters = first.is_ascii_alphabetic();
        if letters && !spaced {
            continue;
        }
        let after = &rest[spelling.len()..];
        let next = after.chars().next();
        let ends_word = !spelling.ends_with(|c: char| c.is_ascii_alphanumeric())
            || !next.is_some_and(|c| is_word_char(c) || c == '/');
        if !ends_word {
            continue;
        }
        if best.is_none_or(|(b, _)| spelling.len() > b.len()) {
            best = Some((spelling, *unit));
        }
    }
    best.map(|(spelling, unit)| (unit, from + spelling.len()))
}

/// Where numbers start in `text`: a digit not glued to a preceding letter, digit or dot,
/// or a sign right before such a digit.
fn number_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut previous: Option<char> = None;
    let mut previous_start = 0;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let next = iter.peek().map(|(_, n)| *n);
        let glued_before =
            previous.is_some_and(|p| is_word_char(p) || digit_value(p).is_some() || p == '.' || p == ',');
        if digit_value(c).is_some() && !glued_before {
            let sign_before = previous.is_some_and(|p| matches!(p, '-' | '+' | '−' | '－' | '＋'));
            let sign_free = sign_before
                && !text[..previous_start]
                    .chars()
                    .next_back()
                    .is_some_and(|b| is_word_char(b) || digit_value(b).is_some());
            starts.push(if sign_free { previous_start } else { i });
        }
        let _ = next;
        previous = Some(c);
        previous_start = i;
    }
    starts
}

/// Lexes every number in `text`, skipping over the rest of a glued token.
fn lex_all(text: &str) -> Vec<Lexed> {
    let mut found = Vec::new();
    let mut resume = 0;
    for start in number_starts(text) {
        if start < resume {
            continue;
        }
        let lexed = lex_number(text, start);
        resume = if lexed.glued {
            // Skip the whole glued token (1.4.85, 29c84f3, 3300s).
            lexed.digits_end
                + text[lexed.digits_end..]
                    .chars()
                    .take_while(|c| is_word_char(*c) || *c == '.' || digit_value(*c).is_some())
                    .map(char::len_utf8)
                    .sum::<usize>()
        } else {
            lexed.end
        };
        found.push(lexed);
    }
    found
}

/// Parses the TEXT of a tag: one number with optional sign, scale word and unit, and any
/// words around it.
pub fn parse_stated(text: &str) -> Result<Stated, NumberError> {
    let lexed = lex_all(text);
    let numbers: Vec<&Lexed> = lexed.iter().collect();
    match numbers.as_slice() {
        [] => Err(NumberError::NoNumber { text: text.to_string() }),
        [one] => {
            let lexed = *one;
            let precision = 10f64.powi(lexed.decimal.exponent);
            Ok(Stated {
                value: lexed.decimal.to_f64(),
                unit: lexed.unit,
                precision,
                number_range: lexed.start..lexed.digits_end,
                whole_range: lexed.start..lexed.end,
                decimal: lexed.decimal.clone(),
                style: lexed.style.clone(),
            })
        }
        several => Err(NumberError::SeveralNumbers {
            text: text.to_string(),
            ranges: several.iter().map(|l| l.start..l.end).collect(),
        }),
    }
}

/// A check that passed.
#[derive(Debug, Clone, PartialEq)]
pub struct Passed {
    /// The computed value in the stated unit.
    pub computed_in_stated_unit: f64,
}

/// Why a stated number is not the computed one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Mismatch {
    #[error("states {} but the figure is {}", .stated.name(), .computed.name())]
    UnitKind {
        stated: UnitKind,
        computed: UnitKind,
        /// The computed value in its own unit, as text.
        computed_text: String,
        would_pass: String,
    },
    #[error("the data gives {computed_text}")]
    Value {
        /// The computed value in the stated unit, as text.
        computed_text: String,
        /// The TEXT that would pass, written as the stated one.
        would_pass: String,
    },
}

impl Mismatch {
    pub fn would_pass(&self) -> &str {
        match self {
            Mismatch::UnitKind { would_pass, .. } | Mismatch::Value { would_pass, .. } => would_pass,
        }
    }
}

/// Writes `value` (base units) the way tally shows a computed value: 15 significant digits
/// at most, no trailing zeros, with the unit's symbol.
pub fn plain_text(value: f64, unit: Unit) -> String {
    let in_unit = value / unit.factor();
    let mut out =
        if in_unit.is_finite() { decimal_text(&Decimal::from_f64(in_unit)) } else { format!("{in_unit}") };
    if unit != Unit::Count {
        out.push(' ');
        out.push_str(unit.symbol());
    }
    out
}

fn decimal_text(decimal: &Decimal) -> String {
    if decimal.is_zero() {
        return "0".to_string();
    }
    let mut out = String::new();
    if decimal.negative {
        out.push('-');
    }
    if decimal.exponent >= 0 {
        out.push_str(&decimal.digits);
        out.push_str(&"0".repeat(decimal.exponent as usize));
    } else {
        let decimals = (-decimal.exponent) as usize;
        let padded = format!("{:0>width$}", decimal.digits, width = decimals + 1);
        let cut = padded.len() - decimals;
        out.push_str(&padded[..cut]);
        out.push('.');
        out.push_str(&padded[cut..]);
    }
    out
}

/// Compares a stated number with the computed value: converted into the stated unit,
/// rounded at the stated precision (with `approximate`, trailing zeros of an integer are
/// not significant), then equal or not.
pub fn check(stated: &Stated, computed: &Computed, approximate: bool) -> Result<Passed, Mismatch> {
    if stated.unit.kind() != computed.unit.kind() {
        return Err(Mismatch::UnitKind {
            stated: stated.unit.kind(),
            computed: computed.unit.kind(),
            computed_text: plain_text(computed.value, computed.unit),
            would_pass: plain_text(computed.value, computed.unit),
        });
    }
    let in_stated = computed.value / stated.unit.factor();
    if !in_stated.is_finite() {
        let computed_text = plain_text(computed.value, stated.unit);
        return Err(Mismatch::Value { computed_text: computed_text.clone(), would_pass: computed_text });
    }
    let exponent = stated.precision_exponent(approximate);
    let computed_decimal = Decimal::from_f64(in_stated);
    let rounded_digits = computed_decimal.digits_at(exponent, computed.round);
    let stated_digits = stated.decimal.digits_at(exponent, Rounding::Down);
    let same_sign = rounded_digits.is_empty() || computed_decimal.negative == stated.decimal.negative;
    if rounded_digits == stated_digits && same_sign {
        return Ok(Passed { computed_in_stated_unit: in_stated });
    }
    let rounded = Decimal::new(computed_decimal.negative, &rounded_digits, exponent);
    Err(Mismatch::Value {
        computed_text: plain_text(computed.value, stated.unit),
        would_pass: write_like(&rounded, stated, None),
    })
}

/// Writes `value` (in base units) in the style of `like`, replacing its number inside
/// `original_text` and keeping the words, scale word and unit around it.
pub fn format_like(value: f64, like: &Stated, original_text: &str) -> String {
    let in_stated = value / like.unit.factor();
    let exponent = like.decimal.exponent;
    let decimal = Decimal::from_f64(in_stated);
    let digits = decimal.digits_at(exponent, Rounding::HalfAwayFromZero);
    let rounded = Decimal::new(decimal.negative, &digits, exponent);
    write_like(&rounded, like, Some(original_text))
}

/// Writes `rounded` with the separators, digits and scale of `like`; into `original` at the
/// number's place when given, else just the number with its scale word and unit.
fn write_like(rounded: &Decimal, like: &Stated, original: Option<&str>) -> String {
    // The literal is the value divided by the scale word.
    let literal_exponent = rounded.exponent - like.style.scale_exponent;
    let decimals = like.style.decimals.max(usize::try_from(-literal_exponent).unwrap_or(0));
    let digits = if rounded.is_zero() { String::new() } else { rounded.digits.clone() };
    let mut all = if literal_exponent >= 0 {
        format!("{digits}{}", "0".repeat(literal_exponent as usize))
    } else {
        digits
    };
    let needed = decimals + 1;
    if all.len() < needed {
        all = format!("{all:0>needed$}");
    }
    let (integer, fraction) = all.split_at(all.len() - decimals);
    let mut number = String::new();
    if rounded.negative {
        number.push('-');
    }
    if like.style.thousands_separator {
        for (i, c) in integer.chars().enumerate() {
            if i > 0 && (integer.len() - i) % 3 == 0 {
                number.push(',');
            }
            number.push(c);
        }
    } else {
        number.push_str(integer);
    }
    if decimals > 0 {
        number.push('.');
        number.push_str(fraction);
    }
    if like.style.full_width {
        number = number
            .chars()
            .map(|c| match c {
                '0'..='9' => char::from_u32('０' as u32 + (c as u32 - '0' as u32)).unwrap_or(c),
                _ => c,
            })
            .collect();
    }
    match original {
        Some(text) if text.get(like.number_range.clone()).is_some() => {
            let mut out = String::with_capacity(text.len() + 4);
            out.push_str(&text[..like.number_range.start]);
            out.push_str(&number);
            out.push_str(&text[like.number_range.end..]);
            out
        }
        _ => {
            let mut out = number;
            let scale = SCALE_WORDS
                .iter()
                .find(|(_, e)| *e == like.style.scale_exponent && like.style.scale_exponent != 0);
            if let Some((word, _)) = scale {
                if word.is_ascii() {
                    out.push(' ');
                }
                out.push_str(word);
            }
            if like.unit != Unit::Count {
                let _ = write!(out, " {}", like.unit.symbol());
            }
            out
        }
    }
}

/// A figure-like number found in running text.
#[derive(Debug, Clone, PartialEq)]
pub struct FigureLike {
    pub range: Range<usize>,
    pub value: FigureValue,
}

/// A figure-like number normalised so that two spellings of one value compare equal.
#[derive(Debug, Clone, PartialEq)]
pub enum FigureValue {
    /// In the base unit of `kind`.
    Number { base: f64, kind: UnitKind },
    /// YYYY-MM-DD, from "2026-10-29" or "2026年10月29日".
    Date(String),
}

impl FigureValue {
    /// The same value, allowing for binary noise in the conversion.
    pub fn same_as(&self, other: &FigureValue) -> bool {
        match (self, other) {
            (FigureValue::Number { base: a, kind: ka }, FigureValue::Number { base: b, kind: kb }) => {
                ka == kb && ((a - b).abs() <= 1e-9 * a.abs().max(b.abs()))
            }
            (FigureValue::Date(a), FigureValue::Date(b)) => a == b,
            _ => false,
        }
    }
}

/// Every figure-like number in `text`: with a unit or %, with decimals, a scale word, a
/// date, or a count of 100 and above. See the module doc for what is skipped.
pub fn scan_figure_like(text: &str) -> Vec<FigureLike> {
    let mut found = Vec::new();
    let dates = find_dates(text);
    for (range, date) in &dates {
        found.push(FigureLike { range: range.clone(), value: FigureValue::Date(date.clone()) });
    }
    for lexed in lex_all(text) {
        if lexed.glued || dates.iter().any(|(r, _)| r.start <= lexed.start && lexed.start < r.end) {
            continue;
        }
        let value = lexed.decimal.to_f64();
        let counts =
            lexed.unit != Unit::Count || lexed.style.decimals > 0 || lexed.has_scale || value.abs() >= 100.0;
        if counts {
            found.push(FigureLike {
                range: lexed.start..lexed.end,
                value: FigureValue::Number { base: value * lexed.unit.factor(), kind: lexed.unit.kind() },
            });
        }
    }
    found.sort_by_key(|f| f.range.start);
    found
}

/// Dates: 2026-10-29 and 2026年10月29日 (ASCII or full-width digits).
fn find_dates(text: &str) -> Vec<(Range<usize>, String)> {
    let mut dates = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let digit_run = |from: usize| -> (String, usize) {
        let mut out = String::new();
        let mut i = from;
        while let Some(d) = chars.get(i).and_then(|(_, c)| digit_value(*c)) {
            out.push((b'0' + d) as char);
            i += 1;
        }
        (out, i)
    };
    let mut i = 0;
    while i < chars.len() {
        let glued =
            i > 0 && chars.get(i - 1).is_some_and(|(_, c)| is_word_char(*c) || digit_value(*c).is_some());
        if glued || digit_value(chars[i].1).is_none() {
            i += 1;
            continue;
        }
        let (year, after_year) = digit_run(i);
        let sep = chars.get(after_year).map(|(_, c)| *c);
        let parsed = match sep {
            Some('-') if year.len() == 4 => {
                let (month, after_month) = digit_run(after_year + 1);
                let dash = chars.get(after_month).map(|(_, c)| *c) == Some('-');
                let (day, after_day) = digit_run(after_month + 1);
                (month.len() == 2 && dash && day.len() == 2).then_some((month, day, after_day))
            }
            Some('年') if year.len() == 4 => {
                let (month, after_month) = digit_run(after_year + 1);
                let tsuki = chars.get(after_month).map(|(_, c)| *c) == Some('月');
                let (day, after_day) = digit_run(after_month + 1);
                let nichi = chars.get(after_day).map(|(_, c)| *c) == Some('日');
                (tsuki && nichi && (1..=2).contains(&month.len()) && (1..=2).contains(&day.len()))
                    .then_some((month, day, after_day + 1))
            }
            _ => None,
        };
        match parsed {
            Some((month, day, end)) => {
                let start_byte = chars[i].0;
                let end_byte = chars.get(end).map_or(text.len(), |(b, _)| *b);
                dates.push((start_byte..end_byte, format!("{year}-{month:0>2}-{day:0>2}")));
                i = end;
            }
            None => i = after_year.max(i + 1),
        }
    }
    dates
}

#[cfg(test)]
mod tests {
    use super::*;

    fn computed(value: f64, unit: Unit) -> Computed {
        Computed {
            name: "x".into(),
            value,
            unit,
            formula: "x".into(),
            inputs: Vec::new(),
            round: Rounding::HalfAwayFromZero,
            withdrawn: Vec::new(),
        }
    }

    fn down(value: f64, unit: Unit) -> Computed {
        Computed { round: Rounding::Down, ..computed(value, unit) }
    }

    fn passes(text: &str, value: f64, unit: Unit) -> bool {
        check(&parse_stated(text).unwrap(), &computed(value, unit), false).is_ok()
    }

    #[test]
    fn stated_numbers_parse_with_separators_signs_scales_and_units() {
        let s = parse_stated("962,826").unwrap();
        assert_eq!((s.value, s.unit, s.precision), (962_826.0, Unit::Count, 1.0));
        let s = parse_stated("99.6 %").unwrap();
        assert_eq!((s.value, s.unit), (99.6, Unit::Percent));
        assert!((s.precision - 0.1).abs() < 1e-12);
        let s = parse_stated("2.74 million").unwrap();
        assert_eq!((s.value, s.precision), (2_740_000.0, 10_000.0));
        let s = parse_stated("274 万パケット").unwrap();
        assert_eq!((s.value, s.unit, s.precision), (2_740_000.0, Unit::Count, 10_000.0));
        let s = parse_stated("−3.5 ms").unwrap();
        assert_eq!((s.value, s.unit), (-3.5, Unit::Millisecond));
        let s = parse_stated("１，０２４").unwrap_err();
        // A full-width comma is not a separator: two numbers.
        assert!(matches!(s, NumberError::SeveralNumbers { .. }));
        let s = parse_stated("１０２４ 本").unwrap();
        assert_eq!(s.value, 1024.0);
        assert!(s.style.full_width);
        let s = parse_stated("about 360 of the server's frames").unwrap();
        assert_eq!(s.number_range, 6..9);
    }

    #[test]
    fn every_unit_spelling_parses_to_its_kind_and_factor() {
        let cases: &[(&str, Unit, f64)] = &[
            ("5 %", Unit::Percent, 1.0),
            ("5%", Unit::Percent, 1.0),
            ("5 bit/s", Unit::BitPerSecond, 1.0),
            ("5 bps", Unit::BitPerSecond, 1.0),
            ("5 kbit/s", Unit::KilobitPerSecond, 1e3),
            ("5 Kbits/sec", Unit::KilobitPerSecond, 1e3),
            ("5 Mbit/s", Unit::MegabitPerSecond, 1e6),
            ("5 Mbits/sec", Unit::MegabitPerSecond, 1e6),
            ("5 Mbps", Unit::MegabitPerSecond, 1e6),
            ("5 Gbit/s", Unit::GigabitPerSecond, 1e9),
            ("5 Gbps", Unit::GigabitPerSecond, 1e9),
            ("5 pps", Unit::PacketPerSecond, 1.0),
            ("5 kpps", Unit::KilopacketPerSecond, 1e3),
            ("5 Mpps", Unit::MegapacketPerSecond, 1e6),
            ("5 B", Unit::Byte, 1.0),
            ("5 kB", Unit::Kilobyte, 1e3),
            ("5 MB", Unit::Megabyte, 1e6),
            ("5 GB", Unit::Gigabyte, 1e9),
            ("5 KiB", Unit::Kibibyte, 1024.0),
            ("5 MiB", Unit::Mebibyte, 1_048_576.0),
            ("5 GiB", Unit::Gibibyte, 1_073_741_824.0),
            ("5 MBytes", Unit::Mebibyte, 1_048_576.0),
            ("5 GBytes", Unit::Gibibyte, 1_073_741_824.0),
            ("5 s", Unit::Second, 1.0),
            ("5 sec", Unit::Second, 1.0),
            ("5秒", Unit::Second, 1.0),
            ("5 ms", Unit::Millisecond, 1e-3),
            ("5 µs", Unit::Microsecond, 1e-6),
            ("5 us", Unit::Microsecond, 1e-6),
        ];
        for (text, unit, factor) in cases {
            let stated = parse_stated(text).unwrap();
            assert_eq!(stated.unit, *unit, "{text}");
            assert_eq!(stated.unit.factor(), *factor, "{text}");
            assert_eq!(parse_unit(text.trim_start_matches("5").trim()), Some(*unit), "{text}");
        }
        // Words are counts, and a unit glued to letters is not a unit.
        assert_eq!(parse_stated("9,090 responses").unwrap().unit, Unit::Count);
        assert_eq!(parse_stated("5 seconds").unwrap().unit, Unit::Count);
        assert_eq!(parse_stated("5 Msomething").unwrap().unit, Unit::Count);
        assert_eq!(parse_unit("furlongs"), None);
    }

    #[test]
    fn no_number_or_two_numbers_is_an_error() {
        assert!(matches!(parse_stated("none"), Err(NumberError::NoNumber { .. })));
        match parse_stated("520 / 10") {
            Err(NumberError::SeveralNumbers { ranges, .. }) => assert_eq!(ranges, vec![0..3, 6..8]),
            other => panic!("{other:?}"),
        }
        // A model name glued to letters is not a second number.
        assert_eq!(parse_stated("Port8 received 9,090").unwrap().value, 9090.0);
    }

    #[test]
    fn rounding_is_half_away_from_zero_on_the_decimal_value() {
        assert!(passes("0.13", 0.125, Unit::Count));
        assert!(!passes("0.12", 0.125, Unit::Count));
        assert!(passes("2.68", 2.675, Unit::Count));
        assert!(passes("1.01", 1.005, Unit::Count));
        assert!(passes("-1.01", -1.005, Unit::Count));
        assert!(passes("0.3", 0.1 + 0.2, Unit::Count));
        assert!(passes("75", 74.5, Unit::Count));
        assert!(passes("74", 74.49, Unit::Count));
        // f64 noise just below .5 still rounds as the decimal value does.
        assert!(passes("75", 74.499_999_999_999_99, Unit::Count));
        assert!(passes("74 %", 962_826.0 / 1_308_305.0 * 100.0, Unit::Percent));
        assert!(passes("73.6 %", 962_826.0 / 1_308_305.0 * 100.0, Unit::Percent));
    }

    #[test]
    fn round_down_truncates_toward_zero() {
        let stated = parse_stated("953 Mbit/s").unwrap();
        assert!(check(&stated, &down(953_978_880.0, Unit::BitPerSecond), false).is_ok());
        assert!(check(&stated, &computed(953_978_880.0, Unit::BitPerSecond), false).is_err());
        let stated = parse_stated("-2.3").unwrap();
        assert!(check(&stated, &down(-2.39, Unit::Count), false).is_ok());
    }

    #[test]
    fn units_convert_to_the_stated_one() {
        assert!(passes("989 Mbit/s", 988_912_345.0, Unit::BitPerSecond));
        assert!(passes("0.989 Gbit/s", 988_912_345.0, Unit::BitPerSecond));
        assert!(passes("2.84 GBytes", 2.84 * 1_073_741_824.0, Unit::Byte));
        assert!(passes("512 KiB", 524_288.0, Unit::Byte));
        assert!(passes("0.6 Mpps", 600_123.0, Unit::PacketPerSecond));
        assert!(passes("40 秒", 40.0, Unit::Second));
        assert!(passes("4,500 ms", 4.5, Unit::Second));
        assert!(passes("1 µs", 1e-6, Unit::Second));
    }

    #[test]
    fn huge_and_tiny_values_compare_exactly() {
        // 15 significant digits are all an f64 computation carries; beyond them, zeros.
        assert!(passes("123,456,789,012,346,000,000", 1.234_567_890_123_456_8e20, Unit::Count));
        assert!(!passes("123,456,789,012,345,000,000", 1.234_567_890_123_456_8e20, Unit::Count));
        assert!(passes("1,234.57 billion", 1.234_567_890_123_456_8e12, Unit::Count));
        assert!(passes("1.5 billion", 1.5e9, Unit::Count));
        assert!(passes("0.000001", 1e-6, Unit::Count));
        assert!(!passes("0.000002", 1e-6, Unit::Count));
        assert!(passes("0", 1e-9, Unit::Count));
        assert!(passes("3 億", 3.2e8, Unit::Count));
    }

    #[test]
    fn unit_kinds_must_agree() {
        let stated = parse_stated("74 Mbit/s").unwrap();
        let result = check(&stated, &computed(73.59, Unit::Percent), false);
        assert!(matches!(
            result,
            Err(Mismatch::UnitKind { stated: UnitKind::BitRate, computed: UnitKind::Percent, .. })
        ));
        // A bare number does not state a bit rate, nor a percentage.
        assert!(!passes("989", 989e6, Unit::BitPerSecond));
        assert!(!passes("1.0", 1.0, Unit::Percent));
        assert!(passes("1.0 %", 1.0, Unit::Percent));
    }

    #[test]
    fn approximate_drops_trailing_zeros_of_an_integer() {
        let stated = parse_stated("about 360").unwrap();
        let frames = computed(362.0, Unit::Count);
        assert!(check(&stated, &frames, false).is_err());
        assert!(check(&stated, &frames, true).is_ok());
        assert!(check(&stated, &computed(366.0, Unit::Count), true).is_err());
        // Decimals are significant even when approximate.
        let stated = parse_stated("4.5").unwrap();
        assert!(check(&stated, &computed(4.49, Unit::Count), true).is_ok());
        assert!(check(&stated, &computed(4.44, Unit::Count), true).is_err());
    }

    #[test]
    fn a_mismatch_says_what_would_pass_in_the_stated_style() {
        let text = "962,827";
        let stated = parse_stated(text).unwrap();
        let error = check(&stated, &computed(962_826.0, Unit::Count), false).unwrap_err();
        assert_eq!(error.would_pass(), "962,826");
        let stated = parse_stated("2.75 million").unwrap();
        let error = check(&stated, &computed(2_744_999.0, Unit::Count), false).unwrap_err();
        assert_eq!(error.would_pass(), "2.74 million");
        let stated = parse_stated("２７５ 万").unwrap();
        let error = check(&stated, &computed(2_744_999.0, Unit::Count), false).unwrap_err();
        assert_eq!(error.would_pass(), "２７４万");
        let stated = parse_stated("990 Mbit/s").unwrap();
        match check(&stated, &computed(988_912_345.0, Unit::BitPerSecond), false) {
            Err(Mismatch::Value { computed_text, would_pass }) => {
                assert_eq!(computed_text, "988.912345 Mbit/s");
                assert_eq!(would_pass, "989 Mbit/s");
            }
            other => panic!("{other:?}"),
        }
        let stated = parse_stated("about 370").unwrap();
        let error = check(&stated, &computed(362.0, Unit::Count), true).unwrap_err();
        assert_eq!(error.would_pass(), "360");
        let stated = parse_stated("0.50 %").unwrap();
        let error = check(&stated, &computed(0.044, Unit::Percent), false).unwrap_err();
        assert_eq!(error.would_pass(), "0.04 %");
    }

    #[test]
    fn format_like_keeps_the_words_around() {
        let text = "about 9,090 responses";
        let stated = parse_stated(text).unwrap();
        assert_eq!(format_like(9_481.0, &stated, text), "about 9,481 responses");
        let text = "２．７４ million";
        // A full-width dot is not a decimal point: the number is ２ and ７４ is a second one.
        assert!(parse_stated(text).is_err());
    }

    #[test]
    fn figure_like_numbers_are_found_and_normalised() {
        let text = "2.74 million frames, 1,024 connections, 40 s, 74 %, on 2026-10-29, 12 runs, curl 8.21";
        let found = scan_figure_like(text);
        let values: Vec<&FigureValue> = found.iter().map(|f| &f.value).collect();
        assert_eq!(values.len(), 6, "{found:?}");
        assert!(values[0].same_as(&FigureValue::Number { base: 2_740_000.0, kind: UnitKind::Count }));
        assert!(values[1].same_as(&FigureValue::Number { base: 1024.0, kind: UnitKind::Count }));
        assert!(values[2].same_as(&FigureValue::Number { base: 40.0, kind: UnitKind::Seconds }));
        assert!(values[3].same_as(&FigureValue::Number { base: 74.0, kind: UnitKind::Percent }));
        assert_eq!(values[4], &FigureValue::Date("2026-10-29".into()));
        assert_eq!(&text[found[4].range.clone()], "2026-10-29");
        // "12 runs" is a small count; "8.21" has decimals.
        assert!(values[5].same_as(&FigureValue::Number { base: 8.21, kind: UnitKind::Count }));

        let ja = scan_figure_like("274 万パケット、1024 本、2026年10月29日、40秒");
        assert_eq!(ja.len(), 4, "{ja:?}");
        assert!(ja[0].value.same_as(&found[0].value));
        assert!(ja[1].value.same_as(&found[1].value));
        assert_eq!(ja[2].value, found[4].value);
        assert!(ja[3].value.same_as(&found[2].value));
    }

    #[test]
    fn versions_ids_and_model_names_are_not_figures() {
        let found = scan_figure_like(
            "lighttpd 1.4.85, v0.1.0-alpha.9, npuep.ko d29c84f3 29c84f3d, 6501-70 (1.41a), XGS 3300s, Port8, two XGS 136s",
        );
        // 6501 is a 4-digit model number that reads as a count; everything else is skipped.
        let texts: Vec<&str> = found.iter().map(|f| &"lighttpd 1.4.85, v0.1.0-alpha.9, npuep.ko d29c84f3 29c84f3d, 6501-70 (1.41a), XGS 3300s, Port8, two XGS 136s"[f.range.clone()]).collect();
        assert_eq!(texts, vec!["6501"]);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Writing a value in a stated style and reading it back gives the value at that
        /// precision, and it passes the check.
        #[test]
        fn format_then_parse_agrees(
            value in -1.0e12f64..1.0e12,
            decimals in 0usize..4,
            separators in any::<bool>(),
            full_width in any::<bool>(),
            unit_index in 0usize..6,
        ) {
            let units = [Unit::Count, Unit::Percent, Unit::MegabitPerSecond, Unit::Gibibyte, Unit::Millisecond, Unit::KilopacketPerSecond];
            let unit = units[unit_index];
            let mut template = String::from(if separators { "1,000" } else { "1000" });
            if decimals > 0 {
                template.push('.');
                template.push_str(&"0".repeat(decimals));
            }
            if full_width {
                template = template.chars().map(|c| if c.is_ascii_digit() { char::from_u32('０' as u32 + (c as u32 - '0' as u32)).unwrap() } else { c }).collect();
            }
            if unit != Unit::Count {
                template.push(' ');
                template.push_str(unit.symbol());
            }
            let like = parse_stated(&template).unwrap();
            let base = value * unit.factor();
            let written = format_like(base, &like, &template);
            let back = parse_stated(&written).unwrap();
            prop_assert_eq!(back.unit, unit);
            prop_assert!((back.value - value).abs() <= like.precision / 2.0 * (1.0 + 1e-9) + value.abs() * 1e-14, "{} → {} ({})", value, written, back.value);
            let figure = Computed { name: "p".into(), value: base, unit, formula: String::new(), inputs: Vec::new(), round: Rounding::HalfAwayFromZero, withdrawn: Vec::new() };
            prop_assert!(check(&back, &figure, false).is_ok(), "{} written {}", value, written);
        }
    }
}
