use super::*;

fn page(url: &str, lang: &str, key: &str) -> IndexedPage {
    IndexedPage {
        file: crate::paths::page_file(url),
        url: url.to_string(),
        lang: lang.to_string(),
        key: key.to_string(),
    }
}

fn html(lang: &str, title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"{lang}\"><head><title>{title}</title></head><body>\
         <header>site navigation</header><main><h1>{title}</h1><p>{body}</p>\
         <aside class=\"translation-banner\">banner words</aside></main></body></html>"
    )
}

fn pages() -> (Vec<IndexedPage>, std::collections::BTreeMap<String, String>) {
    let pages =
        vec![page("/xgs/", "en", "xgs"), page("/ja/xgs/", "ja", "xgs"), page("/method/", "en", "method")];
    let html = [
        ("xgs/index.html", html("en", "XGS 136", "The coprocessor reached 989 Mbit/s on the test bench.")),
        ("ja/xgs/index.html", html("ja", "XGS 136", "コプロセッサは試験台で989 Mbit/sに達した。")),
        ("method/index.html", html("en", "Method", "How the runs were made.")),
    ];
    (pages, html.into_iter().map(|(file, html)| (file.to_string(), html)).collect())
}

fn build() -> Vec<(String, Bytes)> {
    let (pages, html) = pages();
    let languages = vec!["en".to_string(), "ja".to_string()];
    let by_language = pages_by_language(&pages, &languages, "en");
    let read = |file: &str| html.get(file).map(|h| Bytes::from(h.clone())).context("no such page");
    index(&by_language, &read).expect("the index is made")
}

#[test]
fn a_language_holds_its_own_pages_and_the_originals_it_has_no_translation_of() {
    let (pages, _) = pages();
    let languages = vec!["en".to_string(), "ja".to_string()];
    let by_language = pages_by_language(&pages, &languages, "en");
    let urls = |at: usize| by_language[at].1.iter().map(|p| p.url.as_str()).collect::<Vec<_>>();
    assert_eq!(by_language[0].0, "en");
    assert_eq!(urls(0), ["/xgs/", "/method/"]);
    assert_eq!(urls(1), ["/ja/xgs/", "/method/"]);
}

#[test]
fn the_index_is_byte_identical_across_two_builds() {
    let (first, second) = (build(), build());
    assert_eq!(first.len(), second.len());
    for ((path_a, bytes_a), (path_b, bytes_b)) in first.iter().zip(&second) {
        assert_eq!(path_a, path_b);
        assert!(bytes_a == bytes_b, "{path_a} differs between two builds");
    }
}

#[test]
fn each_language_has_its_own_index_and_script_and_no_pagefind_ui() {
    let files = build();
    let names: Vec<&str> = files.iter().map(|(path, _)| path.as_str()).collect();
    for lang in ["en", "ja"] {
        for file in ["pagefind.js", "pagefind-entry.json"] {
            let path = format!("pagefind/{lang}/{file}");
            assert!(names.contains(&path.as_str()), "{path} is missing from {names:?}");
        }
    }
    // Pagefind's own UIs are not published: the box is tally's own and nothing loads them.
    assert!(!names.iter().any(|n| n.contains("pagefind-ui")), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("modular") || n.contains("highlight")), "{names:?}");
    let entry = files.iter().find(|(p, _)| p == "pagefind/ja/pagefind-entry.json").expect("ja entry");
    let entry = String::from_utf8_lossy(&entry.1);
    assert!(entry.contains("\"ja\"") && !entry.contains("\"en\""), "{entry}");
}

/// `html`'s index files in `lang`, read whole or as [`searched`] hands it to Pagefind.
fn index_of(lang: &str, html: &str, whole: bool) -> Vec<(String, Vec<u8>)> {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
    let files = runtime.block_on(async {
        let mut index = pagefind::api::PagefindIndex::new(Some(config(lang))).expect("an index");
        let html = if whole { html.to_string() } else { searched(html).to_string() };
        index.add_html_file(None, Some("/m/".to_string()), html).await.expect("indexed");
        index.get_files().await.expect("its files")
    });
    files.into_iter().map(|f| (f.filename.to_string_lossy().into_owned(), f.contents)).collect()
}

#[test]
fn cutting_the_evidence_out_before_pagefind_reads_it_gives_the_same_index() {
    let evidence = format!(
        "{EVIDENCE_START}\n<h2 id=\"evidence-heading\">Where the figures come from</h2>\n\
         <dl class=\"evidence-list\"><dt id=\"figure-rate\"><code>rate</code> = 989 Mbit/s</dt>\
         <dd>Typed by hand in <a href=\"runs.yaml.html#L7\">runs.yaml, line 7</a></dd></dl>\n</section>\n"
    );
    let page = html("en", "XGS 136", "The coprocessor reached 989 Mbit/s.")
        .replace("</main>", &format!("{evidence}<p>After the evidence.</p></main>"));
    let cut = searched(&page);
    assert!(!cut.contains("evidence-list") && cut.contains("<p>After the evidence.</p></main>"), "{cut}");
    assert_eq!(index_of("en", &page, false), index_of("en", &page, true));
    // A page without the section is handed over as it is.
    let plain = html("en", "Method", "How the runs were made.");
    assert!(matches!(searched(&plain), std::borrow::Cow::Borrowed(_)));
}

#[test]
fn what_follows_the_evidence_is_still_searched() {
    // The cut ends at the section's end: a sentence after it stays in the index.
    let page = html("en", "XGS 136", "The coprocessor.").replace(
        "</main>",
        &format!("{EVIDENCE_START}<h2>E</h2></section><p>Afterword zebrafish.</p></main>"),
    );
    let with = index_of("en", &page, false);
    let without = index_of("en", &page.replace("<p>Afterword zebrafish.</p>", ""), false);
    assert_ne!(with, without, "the sentence after the evidence was cut out too");
}
