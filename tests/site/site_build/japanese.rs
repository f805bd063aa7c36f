//! Japanese pages Japanese throughout (issue 45): no UI string of `en.ftl` on a page of the
//! bundled site under `/ja/`, outside code, quotations, the lines of a source file and text
//! marked as another language; a Japanese 404 for `/ja/` addresses; the language switcher on
//! source pages and the 404.

use std::path::Path;

use crate::common::{Site, bundled_copy, tree};

/// Each UI string's text in `ftl`, by key: its literal parts, placeables left out.
fn ui_strings(ftl: &str) -> Vec<(String, Vec<String>)> {
    ftl.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(" = "))
        .map(|(key, value)| {
            let value = value.replace("{\" \"}", " ");
            let mut parts = Vec::new();
            let mut rest = value.as_str();
            while let Some(open) = rest.find('{') {
                parts.push(rest[..open].to_string());
                rest = rest[open..].find('}').map_or("", |close| &rest[open + close + 1..]);
            }
            parts.push(rest.to_string());
            (key.trim().to_string(), parts)
        })
        .collect()
}

/// The English UI texts a reader could tell apart: a part of an en.ftl string with a word
/// of three letters or more, unless it is one word the same key's Japanese string also
/// holds (a name such as GitHub); an English text left untranslated in ja.ftl is found.
fn english_texts(repository: &Path) -> Vec<(String, String)> {
    let read = |name: &str| std::fs::read_to_string(repository.join("i18n").join(name)).expect(name);
    let japanese = ui_strings(&read("ja.ftl"));
    let mut texts = Vec::new();
    for (key, parts) in ui_strings(&read("en.ftl")) {
        let ja =
            japanese.iter().find(|(k, _)| *k == key).map(|(_, parts)| parts.concat()).unwrap_or_default();
        for part in parts {
            let part = part.trim_matches(|c: char| c.is_whitespace() || ":;,.()".contains(c));
            let worded = part.split(|c: char| !c.is_ascii_alphabetic()).any(|word| word.len() >= 3);
            let a_name = !part.contains(' ') && ja.contains(part);
            if worded && !a_name {
                texts.push((key.clone(), part.to_string()));
            }
        }
    }
    texts
}

/// The text a reader reads as the page's language: tags dropped, and the content of code,
/// quotations, scripts, source lines and elements marked with another language left out.
fn readers_text(html: &str) -> String {
    const LEFT_OUT: &[&str] = &["code", "pre", "script", "style", "q", "blockquote", "kbd", "samp", "title"];
    let mut out = String::new();
    // The element being left out, and how many of its name are open inside it.
    let mut skipping: Option<(String, usize)> = None;
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        if skipping.is_none() {
            out.push_str(&rest[..open]);
            out.push(' ');
        }
        let Some(close) = rest[open..].find('>') else { break };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if let Some((skipped, depth)) = &mut skipping {
            if *skipped == name && !tag.ends_with("/>") {
                if closing {
                    *depth -= 1;
                    if *depth == 0 {
                        skipping = None;
                    }
                } else {
                    *depth += 1;
                }
            }
            continue;
        }
        let other_language = tag.contains(" lang=\"") && !tag.contains(" lang=\"ja\"");
        let source_lines = tag.contains("class=\"source-lines\"");
        if !closing && (LEFT_OUT.contains(&name.as_str()) || other_language || source_lines) {
            skipping = Some((name, 1));
        }
    }
    if skipping.is_none() {
        out.push_str(rest);
    }
    out.replace("&#39;", "'").replace("&quot;", "\"").replace("&amp;", "&")
}

/// Whether `text` holds `part` as whole words.
fn holds_words(text: &str, part: &str) -> bool {
    text.match_indices(part).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + part.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

#[test]
fn no_ui_string_of_en_ftl_is_on_a_japanese_page_of_the_bundled_site() {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    let english = english_texts(repository);
    assert!(english.len() > 60, "{english:?}");
    let site = bundled_copy();
    site.build().expect_success();
    let mut found = Vec::new();
    let pages: Vec<(String, Vec<u8>)> =
        tree(&site.path("site/ja")).into_iter().filter(|(p, _)| p.ends_with(".html")).collect();
    assert!(pages.len() > 8, "{} pages", pages.len());
    for (page, bytes) in &pages {
        let text = readers_text(&String::from_utf8_lossy(bytes));
        for (key, part) in &english {
            if holds_words(&text, part) {
                found.push(format!("ja/{page}: {key} `{part}`"));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
    // The reading leaves out what it says it does, and nothing else.
    let probe = "<p>Page not found <code>Page not found</code> <q>Page not found</q> <span lang=\"en\">Page <b>not</b> found</span></p>";
    assert_eq!(readers_text(probe).matches("Page not found").count(), 1, "{}", readers_text(probe));
}

#[test]
fn the_404_page_is_each_languages_and_the_root_one_holds_both_with_a_switcher() {
    let site = bundled_copy();
    site.build().expect_success();
    let root = site.read("404.html");
    let ja = site.read("ja/404.html");
    // Both texts without JavaScript, English first; a script shows the address's language.
    let (en_at, ja_at) = (root.find("Page not found").expect("English"), root.find("ページが見つかりません"));
    assert!(ja_at.is_some_and(|at| at > en_at), "{root}");
    assert!(root.contains("<div class=\"not-found\" lang=\"ja\" data-home=\"/ja/\""), "{root}");
    assert!(root.contains("<nav class=\"languages\""), "{root}");
    assert!(ja.contains("<html lang=\"ja\">") && ja.contains("ページが見つかりません"), "{ja}");
    assert!(!readers_text(&ja).contains("Page not found"), "{ja}");
    assert!(
        ja.contains("<a href=\"/\" hreflang=\"en\" lang=\"en\">"),
        "a switcher to the English home: {ja}"
    );
}

#[test]
fn a_source_page_has_the_language_switcher_to_the_same_file_in_the_other_language() {
    let site: Site = bundled_copy();
    site.build().expect_success();
    let ja = site.read("ja/measurements/2026-10-29-xgs136-http/runs.yaml.html");
    assert!(
        ja.contains(
            "<a href=\"/measurements/2026-10-29-xgs136-http/runs.yaml.html\" hreflang=\"en\" lang=\"en\">"
        ),
        "{ja}"
    );
}

/// Issue 46: the Japanese page's stand-ins said "STAND-IN" in English only; a reader of the
/// Japanese page is now told in Japanese, on pictures of their own, that they are no
/// photographs, and the English page keeps its English ones.
#[test]
fn the_japanese_page_shows_stand_ins_labelled_in_japanese() {
    let site = bundled_copy();
    site.build().expect_success();
    let bundle = "measurements/2026-10-29-xgs136-http";
    let ja = site.read(&format!("ja/{bundle}/index.html"));
    let en = site.read(&format!("{bundle}/index.html"));
    for shot in ["keep-coproc", "keep-host", "close-coproc", "close-host"] {
        assert!(ja.contains(&format!("shots/{shot}.ja.png")), "ja page: {shot}");
        assert!(!ja.contains(&format!("shots/{shot}.png\"")), "ja page shows the English {shot}");
        assert!(en.contains(&format!("shots/{shot}.png")), "en page: {shot}");
        assert!(!en.contains(&format!("{shot}.ja.")), "en page shows the Japanese {shot}");
    }
}
