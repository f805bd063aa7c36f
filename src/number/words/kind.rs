//! What kind of number words state and the step they state it to: [`Words`], kept in
//! how a number was written (`lex`'s `Style`). Imports nothing.

/// How a number in words was written, and the step it states (its precision).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    /// The step, numerator over denominator, in the stated unit: 1000 for "a thousand",
    /// 25 (%) for "three quarters", 1/2 for "four and a half".
    pub step: (u64, u64),
    pub kind: WordKind,
    pub japanese: bool,
    /// Written with "a" for one ("a thousand", "a quarter").
    pub article: bool,
    /// Its first letter a capital ("Three failures").
    pub capital: bool,
}

/// What kind of number the words state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordKind {
    /// A whole number, or one and a half ("two hundred", 千, "four and a half").
    Cardinal,
    /// A share as a fraction ("three quarters", 四分の三, 七割, 半分): stated in %.
    Fraction,
    /// "one in four": a share whose inverse rounds to the number given.
    OneIn(u64),
    /// "twice", "three times", 二倍: a ratio.
    Multiple,
}
