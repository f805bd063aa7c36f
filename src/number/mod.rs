//! The number grammar of stated figures: units, scale words, precision, rounding, and the
//! comparison of a stated number with a computed one.
//!
//! Owns [`Unit`], [`Rounding`], what a computed figure is ([`Computed`], [`Printed`],
//! [`Withdrawal`]), [`parse_stated`], [`check`], [`format_like`] and [`scan_figure_like`].
//! It is the ground floor that every other room reads and that reads none of them but
//! `crate::text`: it does not know where a figure comes from (`crate::figures` computes
//! it from run data) nor how a mismatch is reported (the caller turns [`Mismatch`] into a
//! diagnostic).
//!
//! Decisions worth knowing:
//! - Numbers are compared exactly, never as binary floats: a computed figure carries its
//!   exact value ([`Exact`], a rational of any size) from the data's decimal text through
//!   every step, and it is rounded at the stated precision on that value. So 0.1 + 0.2
//!   is 0.3 at any precision, 2.675 rounds to 2.68, and a 40-digit integer compares at
//!   every digit. A figure without an exact value (one past ~330 digits) is compared
//!   from its `f64` written with 15 significant digits (more than any measurement has,
//!   fewer than the noise of `f64` arithmetic).
//! - Unit kinds must agree exactly. A bare number (a count) states a figure that has no
//!   unit; stating a bit/s figure as "989" or a % figure as "1.0" is a
//!   [`Mismatch::UnitKind`], and so is stating "40 s" for a constant written without a unit
//!   (write the constant as `40 s`).
//! - ASCII-letter units must stand apart from the number ("989 Mbit/s"); `%` and CJK units
//!   may touch it ("74%", "40秒"). A number glued to letters ("3300s", "1.41a") is a model
//!   name or an ordinal, not a figure.
//! - `KB` is read as 1,000 bytes like `kB` (a capitalisation slip, and `MB`/`GB` are
//!   decimal too); iperf's `KBytes`/`MBytes`/`GBytes` are binary, as iperf prints them.
//! - A tag is read whole or not at all ([`parse_stated`] gives `NumberError::Unread` for
//!   an exponent, hex, a letter or superscript stuck to the number, a decimal comma, a
//!   second number hidden in punctuation, a unit it does not know, or any other word).
//! - Spelled-out time units ("30 seconds") and "frames/packets a second" are units; other
//!   words ("frames", "not", "per core") are errors, since a word in a tag can change what
//!   its number means. B/s rates are bit rates at 8 bits a byte; `×`
//!   and `倍` mark a ratio, a count.
//! - A number may be stated in words ("a thousand", 千, "three quarters", 四分の三), each at
//!   the step its words state, and with a bound ("over", 「を超える」, "nearly") that admits
//!   one side of it within one step; a bound is one only inside a tag.
//! - Zero is stated only for nothing: `0 Gbit/s` does not pass for 177 Mbit/s.
//! - Figure-like scanning skips version numbers (two or more dots: 1.4.85), numbers glued
//!   to letters (v0.1.0, d29c84f3, 1.41a, Port8) and bare counts under 100 but counts of runs,
//!   tries and repeats (`repeats`: "4 runs", 「4 回」, two or more); a decimal with
//!   one dot and no unit ("curl 8.21") does count, as the design asks for decimals, and so
//!   does a ratio of any size (`4×`, `5 倍`).
//!
//! Submodules: `computed` (what a computed figure is), `beside` (scale words and units beside a number, for the text around a tag),
//! `units` (units and their spellings and exact factors), `decimal` (stated
//! decimals and rounding them), `exact` (exact computed values and rounding them), `lex` (finding numbers in text), `stated` (the number a tag states),
//! `words` (numbers in words, English and Japanese, and writing them back), `bounds` (the
//! bounds a tag may state and the side each admits), `check` (comparing it with a computed one, writing what would pass), `own_kind` (what
//! would pass for a number stated in another kind: the figure's own unit), `repeats` (the
//! small counts that count runs, tries and repeats) and `scan`
//! (figure-like numbers in running text).

mod beside;
mod bounds;
mod check;
mod computed;
mod decimal;
mod exact;
mod lex;
mod own_kind;
mod repeats;
mod scan;
mod stated;
#[cfg(test)]
mod testing;
mod units;
mod words;
mod write_like;

pub(crate) use beside::{approximate_bounds, leading_scale_word, leading_unit};
pub(crate) use check::Mismatch;
pub use check::{Passed, check};
pub(crate) use computed::{Computed, Over, Printed, Withdrawal};
pub(crate) use decimal::{Decimal, Rounding};
pub(crate) use exact::Exact;
pub(crate) use lex::{Style, digit_value};
pub(crate) use scan::{FigureValue, Untagged, scan_figure_like, tag_figure};
pub(crate) use stated::{NumberError, is_superscript};
pub use stated::{Stated, parse_stated};
pub(crate) use stated::{same_struck_value, same_value};
pub(crate) use units::parse_unit;
pub(crate) use units::{Unit, UnitKind};
pub(crate) use words::every_number;
pub use write_like::format_like;
pub(crate) use write_like::{computed_text, plain_text};
