//! What `literal_emphasis` reports and what it leaves alone, on bodies parsed as a page's.

use super::literal_emphasis;
use crate::markdown::parse;

/// The runs reported in `body`, each with the text from its opening run on.
fn reported(body: &str) -> Vec<String> {
    let (pieces, _) = parse(body, 0);
    literal_emphasis(&pieces, body, 0)
        .into_iter()
        .map(|found| body[found.range.start..].to_string())
        .collect()
}

#[test]
fn underscores_the_rules_leave_around_japanese_brackets_are_reported_at_their_opening_run() {
    // The markdown-cjk-friendly rules read `**` here, not `__`: `__` before `と` could
    // open as well as close, and an underscore run that could do both closes only before
    // punctuation.
    let body = "太郎は__「こんにちわ」__といった";
    let (pieces, _) = parse(body, 0);
    let found = literal_emphasis(&pieces, body, 0);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].run, "__");
    assert_eq!(&body[found[0].range.clone()], "__");
    assert_eq!(found[0].range.start, body.find("__").unwrap());
    assert_eq!(found[0].inner, "「こんにちわ」");
}

#[test]
fn the_issues_three_cases_render_and_are_not_reported() {
    for body in ["**「強調」**の", "**測りました。**次に", "Go**「初心者」**を対象とした"]
    {
        assert!(reported(body).is_empty(), "{body}: {:?}", reported(body));
    }
}

#[test]
fn bold_that_opens_inside_a_link_and_closes_after_it_is_reported() {
    // comrak pairs the runs across the link's edge, which pulldown-cmark's events cannot
    // hold: left as text, and reported.
    assert_eq!(reported("[**「リンク」](https://example.com)**も注意。").len(), 1);
}

#[test]
fn emphasis_markdown_reads_is_not_reported() {
    for body in [
        "太郎は**こんにちわ**といった",
        "「**強調**」の",
        "**bold** text",
        "<strong>「強調」</strong>の",
        "**[リンク](https://example.com)**も注意。",
        "**「強調」**の",
    ] {
        assert!(reported(body).is_empty(), "{body}: {:?}", reported(body));
    }
}

#[test]
fn asterisks_meant_as_text_are_not_reported() {
    for body in [
        "計算は 2 * 3 * 4 です",
        "値は `**「強調」**の` と書く",
        "```\n**「強調」**の\n```",
        "\\*\\*「強調」\\*\\*の",
        "注記*1を参照。注記*2も参照。",
        "変数 my_var_name と other_var を使う",
        "星印 * だけ",
        "**「強調」** の",
    ] {
        assert!(reported(body).is_empty(), "{body}: {:?}", reported(body));
    }
}

#[test]
fn runs_in_different_paragraphs_do_not_pair() {
    let body = "**「強調」\n\n」**の";
    let (pieces, _) = parse(body, 0);
    let found = literal_emphasis(&pieces, body, 0);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().all(|f| f.unpaired), "each is reported alone: {found:?}");
}

/// Regression (user trial): a `**` beside Japanese that nothing closes was published as
/// its asterisks with exit 0.
#[test]
fn a_run_of_two_beside_japanese_that_pairs_with_none_is_reported() {
    for body in ["これは**「強調」の例です。", "強調」**の例。"] {
        let (pieces, _) = parse(body, 0);
        let found = literal_emphasis(&pieces, body, 0);
        assert_eq!(found.len(), 1, "{body}: {found:?}");
        assert!(found[0].unpaired, "{body}: {found:?}");
        assert_eq!(found[0].range.start, body.rfind("**").unwrap(), "{body}");
    }
    // A single `*` beside Japanese may be a note mark; Latin text is CommonMark's own.
    assert!(reported("価格*は税込。").is_empty());
    assert!(reported("This **never closes.").is_empty());
}

#[test]
fn literal_runs_beside_latin_only_are_not_reported() {
    assert!(reported("a**a«**a").is_empty());
}

#[test]
fn underscores_around_japanese_punctuation_are_reported_when_left_literal() {
    let body = "正體字。︁__Hong Kong.__x";
    let (pieces, _) = parse(body, 0);
    let found = literal_emphasis(&pieces, body, 0);
    // Whatever the parser reads as emphasis is left alone; what it leaves is reported.
    let html = crate::markdown::render_html(
        body,
        0,
        &crate::markdown::RenderInputs { links: &Default::default(), claims: &[] },
    );
    assert_eq!(found.is_empty(), html.contains("<strong>"), "{html} {found:?}");
}

#[test]
fn text_either_side_of_a_joined_break_keeps_its_own_place() {
    // Joined into one piece, `2` would be placed by the piece's ends (the break's bytes
    // are not in its text), and translation parity misread the block.
    let body = "- [27 %]{=a} 完了。\n  ここまで 2 台の XGS 3300 は";
    let scan = crate::markdown::scan(body, 0);
    for (range, text) in &scan.prose {
        assert_eq!(&body[range.clone()], text, "{:?}", scan.prose);
    }
    assert!(scan.prose.iter().any(|(_, text)| text.starts_with("ここまで 2 台")), "{:?}", scan.prose);
}

mod properties {
    use proptest::prelude::*;

    use super::super::{join_soft_breaks, literal_emphasis};
    use crate::markdown::{Piece, parse};

    /// What bodies are made of, `|` between the pieces.
    const PIECES: &str = "日|本|a|1| |\n|\n\n|*|**|_|__|\\|「|」|。|[|]|(x.md)|`|<span>|</span>|~~|{=n}|葛\u{E0100}|\u{200B}|<br>|- |> ";

    fn body() -> impl Strategy<Value = String> {
        let pieces: Vec<&'static str> = PIECES.split('|').collect();
        prop::collection::vec(prop::sample::select(pieces), 0..40).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #[test]
        fn literal_runs_are_delimiters_of_the_body_and_nothing_panics(body in body()) {
            let (pieces, _) = parse(&body, 0);
            for found in literal_emphasis(&pieces, &body, 0) {
                let run = &body[found.range.clone()];
                prop_assert_eq!(run, found.run.as_str());
                prop_assert!(run.chars().all(|c| c == '*' || c == '_'));
            }
        }

        #[test]
        fn joining_only_drops_soft_breaks(body in body()) {
            let (pieces, claims) = parse(&body, 0);
            let kept: Vec<String> = pieces
                .iter()
                .filter(|piece| !matches!(piece, Piece::Event(pulldown_cmark::Event::SoftBreak, _)))
                .map(|piece| format!("{piece:?}"))
                .collect();
            let again: Vec<String> = join_soft_breaks(pieces, &claims)
                .iter()
                .filter(|piece| !matches!(piece, Piece::Event(pulldown_cmark::Event::SoftBreak, _)))
                .map(|piece| format!("{piece:?}"))
                .collect();
            prop_assert_eq!(kept, again);
        }
    }
}
