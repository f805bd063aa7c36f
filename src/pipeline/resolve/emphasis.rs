//! `literal-emphasis`: emphasis beside Japanese text that markdown would publish as its
//! asterisks or underscores even under the markdown-cjk-friendly rules (underscores that
//! could open as well as close, a pair across a link's edge), reported at its opening run
//! with what to write instead.
//!
//! Owns the wording of that diagnostic and the rewrites it offers. It does not find the
//! runs (that is `markdown::cjk`).

use crate::content::Page;
use crate::diagnostics::Diagnostic;
use crate::markdown::LiteralEmphasis;
use crate::text::is_cjk;

/// How much of the emphasised text a message quotes.
const QUOTED: usize = 24;

/// One diagnostic for each pair of runs a page would publish literally.
pub(super) fn literal_emphasis(page: &Page, found: &[LiteralEmphasis]) -> Vec<Diagnostic> {
    found.iter().map(|emphasis| diagnostic(page, emphasis)).collect()
}

fn diagnostic(page: &Page, emphasis: &LiteralEmphasis) -> Diagnostic {
    let run = &emphasis.run;
    if emphasis.unpaired {
        let escaped: String = run.chars().map(|c| format!("\\{c}")).collect();
        return Diagnostic::at(
            "literal-emphasis",
            &page.source,
            &page.text,
            emphasis.range.clone(),
            format!("`{run}` would be published as it is: nothing in its paragraph pairs with it, so it opens or closes no bold"),
        )
        .note(format!("for bold, write a second `{run}` where it ends (`{run}「強調」{run}の`), or `<strong>…</strong>`"))
        .note(format!("where the `{run}` is meant to be read, escape it: `{escaped}`"));
    }
    let inner: String = emphasis.inner.split_whitespace().collect::<Vec<_>>().join(" ");
    let quoted = quote(&inner);
    let (open, close) = match run.len() {
        1 => ("<em>", "</em>"),
        2 => ("<strong>", "</strong>"),
        _ => ("<strong><em>", "</em></strong>"),
    };
    let meaning = match run.len() {
        1 => "emphasis",
        2 => "bold",
        _ => "bold emphasis",
    };
    let mut diagnostic = Diagnostic::at(
        "literal-emphasis",
        &page.source,
        &page.text,
        emphasis.range.clone(),
        format!(
            "`{run}{quoted}{run}` would be published with its `{run}`: markdown does not read them as {meaning} here"
        ),
    );
    let escaped: String = run.chars().map(|c| format!("\\{c}")).collect();
    // A pair across a link's edge: the fix is to move one run to the other's side of the
    // brackets, which an element or moved punctuation would not do (and quoting the inner
    // text cut short would break the link).
    if inner.contains("](") || inner.starts_with('[') {
        let moved = if inner.contains("](") {
            format!("{run}[{inner}{run}")
        } else {
            format!("{run}{inner}](…){run}")
        };
        return diagnostic
            .note(format!(
                "for {meaning}, open and close the `{run}` on the same side of the link's brackets: `{moved}`"
            ))
            .note(format!("where the `{run}` are meant to be read, escape them: `{escaped}`"));
    }
    if run.starts_with('_') {
        // Asterisks beside Japanese text are read where underscores are not: an underscore
        // run between two letters or a letter and punctuation stays text.
        let stars = "*".repeat(run.len());
        diagnostic = diagnostic.note(format!(
            "for {meaning}, write asterisks: `{stars}{quoted}{stars}`, which are read beside Japanese text where underscores stay text"
        ));
    } else if let Some((lead, core, trail)) = punctuation_outside(&inner) {
        diagnostic = diagnostic.note(format!(
            "for {meaning}, keep the punctuation outside the `{run}`: `{lead}{run}{}{run}{trail}`, or write `{open}{quoted}{close}`",
            quote(core)
        ));
    } else {
        diagnostic = diagnostic.note(format!("for {meaning}, write `{open}{quoted}{close}`"));
    }
    diagnostic
        .note(format!("where the `{run}` are meant to be read, escape them: `{escaped}{quoted}{escaped}`"))
}

fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The emphasised text split into the Japanese punctuation it starts and ends with and what
/// it holds between, when moving the punctuation outside leaves a letter or kanji at each
/// end, which markdown reads as emphasis beside anything.
fn punctuation_outside(inner: &str) -> Option<(&str, &str, &str)> {
    let japanese_punctuation = |c: char| is_cjk(c) && !c.is_alphanumeric();
    let core = inner.trim_start_matches(japanese_punctuation);
    let lead = &inner[..inner.len() - core.len()];
    let core_trimmed = core.trim_end_matches(japanese_punctuation);
    let trail = &core[core_trimmed.len()..];
    let letters_at_ends = core_trimmed.chars().next().is_some_and(char::is_alphanumeric)
        && core_trimmed.chars().next_back().is_some_and(char::is_alphanumeric);
    ((!lead.is_empty() || !trail.is_empty()) && letters_at_ends).then_some((lead, core_trimmed, trail))
}

#[cfg(test)]
mod tests {
    use super::punctuation_outside;

    #[test]
    fn brackets_and_full_stops_move_outside() {
        assert_eq!(punctuation_outside("「強調」"), Some(("「", "強調", "」")));
        assert_eq!(punctuation_outside("真。"), Some(("", "真", "。")));
        assert_eq!(punctuation_outside("（注）"), Some(("（", "注", "）")));
    }

    #[test]
    fn nothing_moves_when_no_letter_would_be_left_or_the_ends_are_not_japanese() {
        assert_eq!(punctuation_outside("強調"), None);
        assert_eq!(punctuation_outside("「」"), None);
        assert_eq!(punctuation_outside("[リンク](x)"), None);
        assert_eq!(punctuation_outside("(HTCPCP)"), None);
    }
}
