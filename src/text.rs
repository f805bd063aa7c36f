//! What text tally publishes may hold: the characters that the feed (XML 1.0) cannot carry.
//!
//! Owns that one rule, below every stage that reads text (settings, pages, UI strings), so
//! that each can apply it without importing another. It reports nothing itself: each caller
//! places its own diagnostic.

/// A character that XML 1.0 cannot carry, or that no title should hold: controls other than
/// tab and line breaks.
pub(crate) fn is_forbidden_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}
