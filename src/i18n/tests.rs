//! The strings' loading, lookup and figure-like numbers, tested on small i18n/ folders.

use super::*;

fn site(en: &str, ja: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("i18n")).unwrap();
    std::fs::write(dir.path().join("i18n/en.ftl"), en).unwrap();
    std::fs::write(dir.path().join("i18n/ja.ftl"), ja).unwrap();
    dir
}

fn settings() -> Settings {
    serde_saphyr::from_str("title: {en: T}\nbase_url: x\nlanguages: [en, ja]\nowner: O\nlicence: {name: L, url: U}\nrequired_sections: {how_taken: {}, limits: {}}\nfamily_columns: {done: {}, weight: {}}\n").unwrap()
}

const BASE: &str = "link-untranslated = (English)\nfigure-vendor-label = vendor\nfigure-computed = computed\nfigure-vendor-source = source\n";

#[test]
fn a_key_missing_in_one_language_is_an_error_naming_where_it_exists() {
    let dir = site(&format!("{BASE}home = Home\n"), BASE);
    let (_, diagnostics) = load(dir.path(), &settings());
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].path, PathBuf::from("i18n/ja.ftl"));
    assert!(diagnostics[0].notes[0].contains("i18n/en.ftl:5"), "{:?}", diagnostics[0].notes);
}

#[test]
fn a_message_formatted_before_is_given_again_for_its_own_language_and_arguments_only() {
    let dir = site(
        &format!("{BASE}line = {{ $file }}, line {{ $line }}\n"),
        &format!("{BASE}line = {{ $file }} の {{ $line }} 行目\n"),
    );
    let (strings, _) = load(dir.path(), &settings());
    let line = |lang, file: &str, line: &str| {
        strings.get(lang, "line", &[("file", file.into()), ("line", line.into())]).unwrap()
    };
    for _ in 0..2 {
        assert_eq!(line("en", "runs.yaml", "18"), "runs.yaml, line 18");
        assert_eq!(line("ja", "runs.yaml", "18"), "runs.yaml の 18 行目");
        assert_eq!(line("en", "runs.yaml", "1"), "runs.yaml, line 1");
        // The key's parts are kept apart: "runs.yaml1" and "8" is not "runs.yaml" and "18".
        assert_eq!(line("en", "runs.yaml1", "8"), "runs.yaml1, line 8");
    }
    for n in 0..2 * FORMATTED_KEPT {
        assert_eq!(line("en", "f", &n.to_string()), format!("f, line {n}"));
    }
    assert!(strings.formatted.lock().unwrap().len() <= FORMATTED_KEPT);
}

#[test]
fn messages_take_arguments_without_isolation_marks() {
    let dir = site(
        &format!("{BASE}hello = Hello {{ $name }}\n"),
        &format!("{BASE}hello = こんにちは {{ $name }}\n"),
    );
    let (strings, diagnostics) = load(dir.path(), &settings());
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(strings.get("ja", "hello", &[("name", "世界".into())]).unwrap(), "こんにちは 世界");
}

/// A string's text and literals are what a reader is shown; its variables, references
/// and selectors are filled in.
#[test]
fn the_numbers_of_a_string_s_text_literals_and_variants_are_found_at_their_places() {
    let en = format!(
        "{BASE}a = At 940 Mbit/s {{ $rate }} and {{ \"2.5 GB\" }}\nb = {{ $n ->\n    [one] one run\n   *[other] 300 ms\n  }}\n    .title = 1.5 s\nc = {{ 7 }} of {{ -brand }}\n-brand = Bench 4000 ms\n"
    );
    let dir = site(&en, &format!("{BASE}a = a\nb = b\nc = c\n-brand = b\n"));
    let (strings, diagnostics) = load(dir.path(), &settings());
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let found: Vec<(String, String, usize)> = strings
        .shown_numbers()
        .iter()
        .map(|n| (n.stated.clone(), n.message.clone().unwrap_or_default().1, n.line))
        .collect();
    let expected = [
        ("940 Mbit/s", "a", 5),
        ("2.5 GB", "a", 5),
        ("300 ms", "b", 8),
        ("1.5 s", "b.title", 10),
        ("4000 ms", "-brand", 12),
    ];
    let expected: Vec<(String, String, usize)> =
        expected.iter().map(|(s, k, l)| (s.to_string(), k.to_string(), *l)).collect();
    assert_eq!(found, expected);
    assert!(!strings.has_string("ja", "b.title") && strings.has_string("en", "b.title"));
}

#[test]
fn a_syntax_error_is_placed_in_the_file() {
    let dir = site(&format!("{BASE}broken = {{\n"), BASE);
    let (_, diagnostics) = load(dir.path(), &settings());
    assert!(diagnostics.iter().any(|d| d.code == "bad-fluent" && d.line == 5), "{diagnostics:?}");
}
