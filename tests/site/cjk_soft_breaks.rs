//! Soft line breaks beside Japanese text: a break between two Japanese characters, as a
//! reader sees them, is dropped whatever markup stands at the break (bold, emphasis, a
//! strike, a link, code, raw HTML, a figure tag); a break with Latin or Korean text, an
//! image, a footnote's mark or `<br>` on either side stays (a browser shows it as a space).
//!
//! Each probe is rendered by tally and the HTML around the break compared: `joined` must be
//! in the output, and for breaks that stay, `kept` (with its `\n`).

use crate::common;

use std::collections::BTreeMap;

use tally::{RenderInputs, render_html};

fn render(markdown: &str) -> String {
    let links = BTreeMap::new();
    render_html(markdown, 0, &RenderInputs { links: &links, claims: &[] })
}

/// (what is probed, markdown, what the HTML must contain around the break)
const JOINED: &[(&str, &str, &str)] = &[
    ("plain text both sides", "日本\n語です", "日本語です"),
    ("full stop before", "測りました。\n次に", "測りました。次に"),
    ("bold before", "**強調**\nの文", "<strong>強調</strong>の文"),
    ("bold after", "文の\n**強調**です", "文の<strong>強調</strong>"),
    ("bold both sides", "**日本**\n**語**", "</strong><strong>"),
    ("emphasis before", "*強調*\nの文", "<em>強調</em>の文"),
    ("emphasis after", "文の\n*強調*", "文の<em>強調</em>"),
    ("strike before", "~~取消~~\nの文", "<del>取消</del>の文"),
    ("strike after", "文の\n~~取消~~", "文の<del>取消</del>"),
    ("link before", "[測定](a.md)\nで説明", "<a href=\"a.md\">測定</a>で説明"),
    ("link after", "詳しくは\n[測定](a.md)", "詳しくは<a href=\"a.md\">測定</a>"),
    ("bold link before", "**[測定](a.md)**\nで説明", "</a></strong>で説明"),
    ("bold link after", "詳しくは\n**[測定](a.md)**", "詳しくは<strong><a"),
    ("code in a link before", "[`設定`](a.md)\nを開く", "</code></a>を開く"),
    ("code before", "`設定`\nを開く", "<code>設定</code>を開く"),
    ("code after", "値を\n`設定`する", "値を<code>設定</code>"),
    ("raw HTML before", "<span>日本</span>\n語", "<span>日本</span>語"),
    ("raw HTML after", "日本\n<span>語</span>", "日本<span>語</span>"),
    ("an HTML comment at the break", "日本<!-- 注 -->\n語", "<!-- 注 -->語"),
    ("figure tag before", "[274 万]{=n}\nパケット", "274 万</span>パケット"),
    ("figure tag after", "件数は\n[三万]{=n}件", "件数は<span class=\"figure\""),
    ("figure tag with a struck value after", "値は\n[~~三~~ 四]{=n}", "値は<del class=\"withdrawn\">"),
    ("text after a figure tag", "[3]{=n} 件の\n応答", "件の応答"),
    ("CJK Extension G", "𰻞\n𰻞麺", "𰻞𰻞麺"),
    ("CJK Extension H", "\u{31350}\n字", "\u{31350}字"),
    ("CJK Extension B", "𠮟\nる", "𠮟る"),
    ("Kana Supplement", "あ𛀙\nよろし", "あ𛀙よろし"),
    ("a variation selector before", "葛\u{E0100}\n城", "葛\u{E0100}城"),
    ("full-width Latin", "ＸＧＳ\nです", "ＸＧＳです"),
    ("in a list item", "- 日本\n  語", "日本語"),
    ("in a block quote", "> 日本\n> 語", "日本語"),
    ("in a setext heading", "日本\n語\n===", "日本語</h1>"),
    ("two breaks in a row", "日\n本\n語", "日本語"),
    // Issue 50: plain square brackets show themselves, but the reader reads the Japanese
    // inside them as the neighbour of the break.
    ("plain brackets after", "本文\n[注記]の", "本文[注記]の"),
    ("plain brackets before", "…[注記]\nの説明", "[注記]の説明"),
    ("plain brackets alone on the next line", "本文\n[注記]\nの説明", "本文[注記]の説明"),
];

/// (what is probed, markdown, the HTML that keeps the break)
const KEPT: &[(&str, &str, &str)] = &[
    ("Latin after", "日本\nEnglish", "日本\nEnglish"),
    ("Latin before", "English\n日本", "English\n日本"),
    ("bold Latin before", "**bold**\n日本", "</strong>\n日本"),
    ("a Latin link after", "日本\n[XGS](a.md)", "日本\n<a"),
    ("a number's tag before", "[40 %]{=n}\nの", "40 %</span>\nの"),
    ("Korean", "한국\n어", "한국\n어"),
    ("an image before", "![図](a.png)\n語", "/>\n語"),
    ("a line break in raw HTML", "日本<br>\n語", "<br>\n語"),
    ("Latin in brackets after", "日本\n[note]", "日本\n[note]"),
    ("Latin in brackets before", "[note]\n日本", "[note]\n日本"),
    ("a figure tag in brackets after", "値は\n[[40 %]{=n}]", "値は\n["),
];

#[test]
fn a_break_between_japanese_characters_joins_whatever_markup_stands_between() {
    let failed: Vec<String> = JOINED
        .iter()
        .filter_map(|(what, markdown, joined)| {
            let html = render(markdown);
            (!html.contains(joined)).then(|| format!("{what}: {markdown:?} gave {html:?}, wanted {joined:?}"))
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} probes did not join:\n{}",
        failed.len(),
        JOINED.len(),
        failed.join("\n")
    );
}

#[test]
fn a_break_beside_latin_korean_or_what_shows_itself_stays() {
    let failed: Vec<String> = KEPT
        .iter()
        .filter_map(|(what, markdown, kept)| {
            let html = render(markdown);
            (!html.contains(kept)).then(|| format!("{what}: {markdown:?} gave {html:?}, wanted {kept:?}"))
        })
        .collect();
    assert!(failed.is_empty(), "{} of {} probes joined:\n{}", failed.len(), KEPT.len(), failed.join("\n"));
}

#[test]
fn the_probes_cover_every_markup_kind_on_either_side() {
    for kind in ["bold", "emphasis", "strike", "link", "code", "raw HTML", "figure tag"] {
        for side in ["before", "after"] {
            assert!(
                JOINED.iter().any(|(what, _, _)| what.starts_with(&format!("{kind} {side}"))),
                "no probe of {kind} {side} the break"
            );
        }
    }
    assert!(JOINED.len() + KEPT.len() >= 25);
}

/// The text a reader reads of some HTML: its tags left out.
fn text_of(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

#[test]
fn the_bundled_japanese_pages_read_without_spaces_at_their_links() {
    let site = common::bundled_copy();
    site.build().expect_success();
    for (page, reads) in [
        ("ja/index.html", "そのすべてと理由は測定の取り方で説明しています。"),
        ("ja/index.html", "それを求めることが何を意味するかは、プライバシーのページに書いてあります。"),
        ("ja/families/xgs-3300/index.html", "方法のページにも同じ計算が載っています。"),
        ("ja/families/xgs-136/index.html", "方法のページにも同じ計算が載っています。"),
        (
            "ja/measurements/2026-10-29-xgs136-http/index.html",
            "なぜこう配線しているのかは測定の取り方で説明しています。",
        ),
    ] {
        let text = text_of(&site.read(page));
        assert!(text.contains(reads), "{page} does not read {reads:?}:\n{text}");
    }
}
