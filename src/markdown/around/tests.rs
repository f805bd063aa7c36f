use proptest::prelude::*;

use crate::markdown::scan;

/// The messages of the tags `body` holds that are wrong for what stands beside them.
fn around(body: &str) -> Vec<String> {
    let (nodes, claims) = crate::markdown::parse(body, 0);
    let mut out = Vec::new();
    super::around_tags(&nodes, &claims, body, 0, &mut out);
    out.into_iter().map(|(_, message)| message).collect()
}

#[test]
fn glued_text_that_changes_the_number_is_found_and_named() {
    for (body, named) in [
        ("a 9[40]{=n} b", "`9`"),
        ("a [40]{=n},000 b", "`,000`"),
        ("a [40]{=n}\u{a0}000 b", "`\u{a0}000`"),
        ("a -[40 %]{=s} b", "`-`"),
        ("a [40]{=n} thousand b", "`thousand`"),
        ("a [360]{=n}万 b", "`万`"),
        ("a [40]{=n} Gbit/s b", "`Gbit/s`"),
        ("a [40 MB]{=n}/s b", "`/s`"),
        ("a [10]{=n}<sup>6</sup> b", "superscript"),
        ("a 10<sup>[6]{=n}</sup> b", "superscript"),
        ("a [40]{=n}M b", "`M`"),
        ("a [4]{=n}[5]{=m} b", "`[5]{=m}`"),
        ("| x |\n|---|\n| 9[40]{=n} |", "`9`"),
        ("a `9`[40]{=n} b", "`9`"),
        ("a <span>9</span>[40]{=n} b", "`9`"),
    ] {
        let found = around(body);
        assert_eq!(found.len(), 1, "{body}: {found:#?}");
        assert!(found[0].contains(named), "{body}: {found:#?}");
    }
}

#[test]
fn words_punctuation_ranges_and_footnotes_beside_a_tag_are_fine() {
    for body in [
        "a [520]{=x} frames b",
        "a [4]{=n}, [5]{=m} and [6]{=o}.",
        "a [4]{=n}–[5]{=m} b, [4]{=n}-[5]{=m} b, top-[10]{=n}",
        "a [4]{=n}× b, [4]{=n} 倍 b, [4]{=n}台, [4]{=n}回",
        "a [4]{=n}s b, give [4]{=n} us b",
        "a [4]{=n}[^1] b\n\n[^1]: c",
        "2026 [4]{=n} b; ([4]{=n}) b; \"[4]{=n}\" b",
        "a [4]{=n}\n\n5 b",
        "a [4]{=n}<br>5 b",
    ] {
        assert_eq!(around(body), Vec::<String>::new(), "{body}");
    }
}

#[test]
fn an_approximate_tag_needs_a_word_of_approximation_beside_it() {
    let found = around("a [1,000,000]{~x} b");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("from 500,000 up to 1,500,000"), "{found:#?}");
    assert!(found[0].contains("`{=x}`"), "{found:#?}");
    for body in [
        "about [10]{~x} b",
        "Roughly [10]{~x} b",
        "(approx. [10]{~x}) b",
        "≈[10]{~x} b",
        "**about** [10]{~x} b",
        "[10]{~x} or so",
        "約 [10]{~x} 個",
        "[10]{~x} 個程度で",
        "[10]{~x}くらい",
    ] {
        assert_eq!(around(body), Vec::<String>::new(), "{body}");
    }
    // A word of approximation further away, or in another phrase, is not beside it.
    assert_eq!(around("about ten runs, [10]{~x} b").len(), 1);
    assert_eq!(around("[10]{~x} 個。ほど").len(), 1);
}

#[test]
fn a_tag_struck_whole_is_malformed_and_struck_cells_are_kept_for_the_check_stage() {
    for body in ["a ~~[4]{=n}~~ b", "a <del>[4]{=n}</del> b", "a <s>[4]{=n}</s> b"] {
        let found = scan(body, 0).malformed;
        assert_eq!(found.len(), 1, "{body}: {found:#?}");
        assert!(found[0].1.contains("[~~4~~ NEW]{=n}"), "{body}: {found:#?}");
    }
    let found = scan("| a | b |\n|---|---|\n| x | ~~9,481~~ [9,090]{=n} |", 0);
    assert_eq!(found.malformed, Vec::new());
    assert_eq!(found.struck_in_cells.len(), 1, "{found:#?}");
    assert_eq!((found.struck_in_cells[0].table, found.struck_in_cells[0].column), (0, 1));
}

/// Pieces of text that matter beside a tag: digits, separators, signs, scale words and
/// letters, units, superscripts, spaces, markup and Japanese.
fn beside() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        proptest::sample::select(vec![
            "0",
            "9",
            "０",
            "٣",
            ",",
            ".",
            "，",
            " ",
            "\u{a0}",
            "\n",
            "-",
            "−",
            "+",
            "%",
            "k",
            "M",
            "s",
            "us",
            " thousand",
            " million",
            "万",
            "億",
            "秒",
            " Gbit/s",
            "/s",
            " frames",
            " a second",
            "<sup>",
            "</sup>",
            "⁶",
            "^",
            "**",
            "~~",
            "~",
            "`",
            "about ",
            "約",
            "ほど",
            " or so",
            "<del>",
            "</del>",
            "[1]{=m}",
            "[~~2~~ 3]{=m}",
            "×",
            "倍",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "é",
            "\u{202e}",
        ]),
        0..8,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Nothing around a tag makes the scan panic, whatever stands there.
    #[test]
    fn no_text_around_a_tag_makes_the_scan_panic(before in beside(), after in beside(), approximate in any::<bool>()) {
        let sign = if approximate { "~" } else { "=" };
        let body = format!("{before}[40]{{{sign}n}}{after}");
        let _ = scan(&body, 0);
        let _ = scan(&body, 7);
    }

    /// A digit touching a tag, on either side, is always an error at the tag.
    #[test]
    fn a_digit_glued_to_a_tag_is_always_an_error(
        before in "[a-z ]{0,6}", after in "[a-z ]{0,6}", digit in "[0-9０-９]", left in any::<bool>(),
    ) {
        // Text first, so that no indent makes the line code.
        let body = if left {
            format!("x{before}{digit}[40]{{=n}}{after}")
        } else {
            format!("x{before}[40]{{=n}}{digit}{after}")
        };
        let found = scan(&body, 0).malformed;
        let tag = body.find("[40]").unwrap_or(0);
        prop_assert!(
            found.iter().any(|(range, message)| range.start == tag && message.contains(&digit)),
            "{:?}: {:?}", body, found
        );
    }
}
