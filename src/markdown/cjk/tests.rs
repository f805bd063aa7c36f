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
fn bold_around_japanese_brackets_is_reported_at_its_opening_run() {
    let body = "太郎は**「こんにちわ」**といった";
    let (pieces, _) = parse(body, 0);
    let found = literal_emphasis(&pieces, body, 0);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].run, "**");
    assert_eq!(&body[found[0].range.clone()], "**");
    assert_eq!(found[0].range.start, body.find("**").unwrap());
    assert_eq!(found[0].inner, "「こんにちわ」");
}

#[test]
fn the_issues_three_cases_are_reported() {
    for body in ["**「強調」**の", "**測りました。**次に", "Go**「初心者」**を対象とした"]
    {
        assert_eq!(reported(body).len(), 1, "{body}");
    }
}

#[test]
fn bold_around_a_link_beside_japanese_is_reported() {
    assert_eq!(reported("**[リンク](https://example.com)**も注意。").len(), 1);
}

#[test]
fn emphasis_markdown_reads_is_not_reported() {
    for body in
        ["太郎は**こんにちわ**といった", "「**強調**」の", "**bold** text", "<strong>「強調」</strong>の"]
    {
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
    assert!(reported("**「強調」\n\n」**の").is_empty());
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
