//! What `emphasis` takes from comrak's reading and what it leaves, on bodies parsed as a
//! page's: the events it makes, their places, and that it never unbalances them.

use std::ops::Range;

use pulldown_cmark::{Event, Tag, TagEnd};

use crate::markdown::{Piece, RenderInputs, parse, render_html};

fn html(body: &str) -> String {
    render_html(body, 0, &RenderInputs { links: &Default::default(), claims: &[] }).trim().to_string()
}

/// The events of `body` (parsed as starting at byte `offset` of its file), claims left out.
fn events(body: &str, offset: usize) -> Vec<(Event<'_>, Range<usize>)> {
    parse(body, offset)
        .0
        .into_iter()
        .filter_map(|piece| match piece {
            Piece::Event(event, range) => Some((event, range)),
            Piece::Claim(_) => None,
        })
        .collect()
}

#[test]
fn bold_beside_japanese_punctuation_gets_pulldowns_ranges() {
    let body = "前**「強調」**の";
    // As a page's body that starts after 100 bytes of front matter.
    let found = events(body, 100);
    let strong = 100 + 3..100 + body.len() - 3;
    assert_eq!(
        found,
        [
            (Event::Start(Tag::Paragraph), 100..100 + body.len()),
            (Event::Text("前".into()), 100..103),
            (Event::Start(Tag::Strong), strong.clone()),
            (Event::Text("「強調」".into()), 105..117),
            (Event::End(TagEnd::Strong), strong),
            (Event::Text("の".into()), 119..122),
            (Event::End(TagEnd::Paragraph), 100..100 + body.len()),
        ]
    );
}

#[test]
fn bold_renders_inside_containers_and_across_lines() {
    for body in [
        "> **「強調」**の",
        ">\t**「強調」**の",
        "- **「強調」**の",
        "-\t**「強調」**の",
        "1. > - 前\n   >   続き**「強調」**の",
        "| a | b |\n|---|---|\n| **「強調」**の | x |",
        "注[^1]\n\n[^1]: **「強調」**の",
        "# **「強調」**の",
        "前\n**「強\n調」**の",
        "前\r\n**「強調」**の",
    ] {
        let html = html(body);
        assert!(html.contains("<strong>「強") && !html.contains("**"), "{body:?}: {html}");
    }
}

#[test]
fn entities_and_escapes_beside_the_runs_keep_their_meaning() {
    assert_eq!(html("**&amp;「強調」&amp;**の"), "<p><strong>&amp;「強調」&amp;</strong>の</p>");
    assert_eq!(html("&amp;**「強調」**&amp;の"), "<p>&amp;<strong>「強調」</strong>&amp;の</p>");
    assert_eq!(html("**「\\*」**の"), "<p><strong>「*」</strong>の</p>");
    // An escaped `*` is text, and the one left after it pairs with nothing.
    assert_eq!(html("\\**「強調」**の"), "<p>**「強調」**の</p>");
}

#[test]
fn emphasis_pulldown_reads_is_left_as_it_is() {
    assert_eq!(html("*a* **「強調」**の"), "<p><em>a</em> <strong>「強調」</strong>の</p>");
    assert_eq!(html("「**強調**」の"), "<p>「<strong>強調</strong>」の</p>");
}

#[test]
fn runs_pulldown_pairs_otherwise_are_paired_with_their_neighbours() {
    assert_eq!(
        html("**C#**や**F#**は**「.NET」**という"),
        "<p><strong>C#</strong>や<strong>F#</strong>は<strong>「.NET」</strong>という</p>"
    );
}

#[test]
fn a_heading_s_id_is_made_of_its_text_without_the_asterisks() {
    let (pieces, _) = parse("## **「強調」**の", 0);
    let Some(Piece::Event(Event::Start(Tag::Heading { id: Some(id), .. }), _)) = pieces.first() else {
        panic!("{pieces:?}");
    };
    assert!(!id.contains('*'), "{id}");
}

#[test]
fn figure_tags_inside_bold_are_claims_inside_strong() {
    for body in ["**[940 Mbit/s]{=t}**の", "**「[940 Mbit/s]{=t}」**の", "**[940 Mbit/s]{=t}**"] {
        let (pieces, claims) = parse(body, 0);
        assert_eq!(claims.len(), 1, "{body}: {pieces:?}");
        assert_eq!((claims[0].name.as_str(), claims[0].live.as_str()), ("t", "940 Mbit/s"), "{body}");
        assert_eq!(&body[claims[0].live_range.clone()], "940 Mbit/s", "{body}");
        let strong = pieces.iter().position(|p| matches!(p, Piece::Event(Event::Start(Tag::Strong), _)));
        let claim = pieces.iter().position(|p| matches!(p, Piece::Claim(_)));
        let end = pieces.iter().position(|p| matches!(p, Piece::Event(Event::End(TagEnd::Strong), _)));
        assert!(strong < claim && claim < end && strong.is_some(), "{body}: {pieces:?}");
    }
}

#[test]
fn a_tag_s_name_keeps_its_asterisk() {
    let (_, claims) = parse("**[1]{=a*b}**の", 0);
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].name, "a*b");
}

#[test]
fn pairs_across_an_edge_of_pulldowns_events_stay_text() {
    for body in ["[**「a」](y.md)**の", "**[「a」**]{=n}", "**「a」\n\n」**の", "`**「a」`**の"] {
        let found = events(body, 0);
        assert!(!found.iter().any(|(e, _)| matches!(e, Event::Start(Tag::Strong))), "{body}: {found:?}");
    }
}

#[test]
fn code_and_raw_html_blocks_are_never_read() {
    for body in ["```\n**「強調」**の\n```", "    **「強調」**の", "<div>\n**「強調」**の\n</div>"]
    {
        assert!(html(body).contains("**「強調」**の"), "{body}: {}", html(body));
    }
}

#[test]
fn underscores_and_tildes_follow_the_rules_too() {
    assert_eq!(html("注意：__注意事項__"), "<p>注意：<strong>注意事項</strong></p>");
    assert_eq!(html("a~~a()~~あ"), "<p>a<del>a()</del>あ</p>");
    // An underscore run that could open as well as close closes only before punctuation.
    assert_eq!(html("__「強調」__の"), "<p>__「強調」__の</p>");
}

mod properties {
    use proptest::prelude::*;
    use pulldown_cmark::{Event, TagEnd};

    use crate::markdown::{Piece, parse};

    /// What bodies are made of, `|` between the pieces.
    const PIECES: &str = "日|本|あ|カ|a|1| |\t|\n|\n\n|*|**|***|_|__|~|~~|\\|&amp;|「|」|。|、|（|）|“|\u{FE01}|[|]|(y.md)|{=n}|`|<b>|</b>|> |- |1. |# |    |\u{200B}";

    fn body() -> impl Strategy<Value = String> {
        let pieces: Vec<&'static str> = PIECES.split('|').collect();
        prop::collection::vec(prop::sample::select(pieces), 0..48).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #[test]
        fn reading_emphasis_never_panics_nor_unbalances_the_events(body in body()) {
            let (pieces, _) = parse(&body, 7);
            let mut open: Vec<TagEnd> = Vec::new();
            for piece in &pieces {
                let Piece::Event(event, range) = piece else { continue };
                prop_assert!(range.start >= 7 && range.end <= body.len() + 7, "{:?} {:?}", event, range);
                match event {
                    Event::Start(tag) => open.push(tag.to_end()),
                    Event::End(end) => prop_assert_eq!(open.pop(), Some(*end), "{:?}", pieces),
                    Event::Text(text) if !text.is_empty() => {
                        prop_assert!(body.get(range.start - 7..range.end - 7).is_some());
                    }
                    _ => {}
                }
            }
            prop_assert!(open.is_empty(), "{:?}", pieces);
        }
    }
}
