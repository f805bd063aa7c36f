//! What a successful build writes: languages, links, banners, generated pages, static files,
//! the discussion button, and one whole measurement page as a snapshot.

use crate::common;
// Japanese pages Japanese throughout: no en.ftl string, the 404, the switcher.
#[path = "site_build/completion_bar.rs"]
mod completion_bar;
#[path = "site_build/japanese.rs"]
mod japanese;
#[path = "site_build/navigation.rs"]
mod navigation;

use common::{
    BASE_URL, MEASUREMENT, PNG, Site, dangling_addresses, family, jpeg, script_tags, tree, version_and_commit,
};

/// A page and its Japanese translation (with the original's hash, so no warning).
fn bilingual_site() -> Site {
    let site = Site::new();
    site.file("content/method.md", "---\ntitle: Method\n---\n\n## The bench\n\nHow we measure.\n");
    let hash = site.hash("content/method.md");
    site.file(
        "content/method.ja.md",
        format!("---\ntitle: 測り方\ntranslates: {hash}\n---\n\n## 試験台 {{#the-bench}}\n\n測り方。\n"),
    );
    site
}

#[test]
fn a_bilingual_page_has_its_language_hreflang_alternates_and_a_language_switcher() {
    let site = bilingual_site();
    site.build().expect_success();
    let en = site.read("method/index.html");
    let ja = site.read("ja/method/index.html");

    assert!(en.contains("<html lang=\"en\">"), "{en}");
    assert!(ja.contains("<html lang=\"ja\">"), "{ja}");
    for html in [&en, &ja] {
        assert!(
            html.contains(&format!("<link rel=\"alternate\" hreflang=\"en\" href=\"{BASE_URL}/method/\">")),
            "{html}"
        );
        assert!(
            html.contains(&format!(
                "<link rel=\"alternate\" hreflang=\"ja\" href=\"{BASE_URL}/ja/method/\">"
            )),
            "{html}"
        );
        assert!(html.contains("<nav class=\"languages\""), "{html}");
    }
    assert!(en.contains("<a href=\"/ja/method/\" hreflang=\"ja\" lang=\"ja\">日本語</a>"), "{en}");
    assert!(en.contains("<span aria-current=\"page\" lang=\"en\">English</span>"), "{en}");
    assert!(ja.contains("<a href=\"/method/\" hreflang=\"en\" lang=\"en\">English</a>"), "{ja}");
}

#[test]
fn a_page_without_a_translation_has_no_language_switcher() {
    let site = Site::new();
    site.file("content/alone.md", "---\ntitle: Alone\n---\n\nOnly English.\n");
    site.build().expect_success();
    let html = site.read("alone/index.html");
    assert!(html.contains("<html lang=\"en\">"), "{html}");
    assert!(!html.contains("<nav class=\"languages\""), "{html}");
    assert!(!html.contains("hreflang=\"ja\""), "{html}");
}

#[test]
fn a_japanese_link_to_an_untranslated_page_goes_to_the_english_page_marked_english() {
    let site = bilingual_site();
    site.file("content/notes.md", "---\ntitle: Notes\n---\n\nNotes.\n");
    site.file(
        "content/index.md",
        "---\ntitle: Home\n---\n\nRead the [notes](notes.md) and the [method](method.md).\n",
    );
    let hash = site.hash("content/index.md");
    site.file(
        "content/index.ja.md",
        format!(
            "---\ntitle: ホーム\ntranslates: {hash}\n---\n\n[メモ](notes.md)と[測り方](method.md)を読む。\n"
        ),
    );
    site.build().expect_success();
    let ja = site.read("ja/index.html");
    assert!(ja.contains("<a href=\"/notes/\">メモ<span class=\"untranslated\">（英語）</span></a>"), "{ja}");
    assert!(ja.contains("<a href=\"/ja/method/\">測り方</a>"), "{ja}");
    let en = site.read("index.html");
    assert!(en.contains("<a href=\"/notes/\">notes</a>"), "{en}");
    assert!(!en.contains("class=\"untranslated\""), "{en}");
}

#[test]
fn relative_md_links_become_each_languages_url_with_their_anchors_kept() {
    let site = bilingual_site();
    site.file(
        "content/measurements/run/index.md",
        "---\ntitle: Run\n---\n\nSee [the bench](../../method.md#the-bench) and [below](#later).\n\n## Later\n",
    );
    let hash = site.hash("content/measurements/run/index.md");
    site.file(
        "content/measurements/run/index.ja.md",
        format!("---\ntitle: 実行\ntranslates: {hash}\n---\n\n[試験台](../../method.md#the-bench)を参照。\n"),
    );
    site.build().expect_success();
    let en = site.read("measurements/run/index.html");
    let ja = site.read("ja/measurements/run/index.html");
    assert!(en.contains("<a href=\"/method/#the-bench\">the bench</a>"), "{en}");
    assert!(en.contains("<a href=\"#later\">below</a>"), "{en}");
    assert!(en.contains("<h2 id=\"later\">Later <a class=\"heading-anchor\" href=\"#later\""), "{en}");
    assert!(ja.contains("<a href=\"/ja/method/#the-bench\">試験台</a>"), "{ja}");
    assert!(!en.contains(".md"), "a source path is left in {en}");
    assert!(!ja.contains(".md\""), "a source path is left in {ja}");
}

#[test]
fn japanese_soft_line_breaks_between_cjk_characters_produce_no_space() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\nAn English\nsentence.\n");
    let hash = site.hash("content/a.md");
    site.file(
        "content/a.ja.md",
        format!("---\ntitle: ア\ntranslates: {hash}\n---\n\n日本語の\n文章です。\n\nXGS 136 は\nOPNsense を動かす。\n"),
    );
    site.build().expect_success();
    let ja = site.read("ja/a/index.html");
    assert!(ja.contains("<p>日本語の文章です。</p>"), "{ja}");
    // A break next to a Latin letter stays a break (a space when shown); a numeral keeps the
    // Japanese word after it (typography.rs).
    assert!(ja.contains("XGS 136\u{a0}は\nOPNsense"), "{ja}");
    let en = site.read("a/index.html");
    assert!(en.contains("An English\nsentence."), "{en}");
}

#[test]
fn a_translation_shows_a_banner_linking_its_original() {
    let site = bilingual_site();
    site.build().expect_success();
    let ja = site.read("ja/method/index.html");
    assert!(ja.contains("<aside class=\"translation-banner\""), "{ja}");
    // Japanese punctuation after the title, even though the title ends in a Latin letter.
    assert!(
        ja.contains(
            "このページは「<a href=\"/method/\" hreflang=\"en\" lang=\"en\">Method</a>」の翻訳です。内容が異なる"
        ),
        "{ja}"
    );
    assert!(ja.contains("英語の原文が優先されます"), "{ja}");
    let en = site.read("method/index.html");
    assert!(!en.contains("translation-banner"), "{en}");
}

#[test]
fn a_translation_recording_the_originals_hash_gets_no_warning_and_no_out_of_date_banner() {
    let site = bilingual_site();
    let build = site.build();
    build.expect_success();
    assert!(build.diagnostic_lines().is_empty(), "{build:#?}");
    let check = site.check();
    check.expect_success();
    assert!(check.diagnostic_lines().is_empty(), "{check:#?}");
    let ja = site.read("ja/method/index.html");
    assert!(ja.contains("translation-banner"), "{ja}");
    assert!(!ja.contains("class=\"out-of-date\""), "{ja}");
}

#[test]
fn a_translation_recording_another_hash_shows_the_out_of_date_banner_and_warns() {
    let site = bilingual_site();
    let hash = site.hash("content/method.md");
    site.edit("content/method.md", "How we measure.", "How we measure now.");
    assert_ne!(site.hash("content/method.md"), hash);
    let check = site.check();
    check
        .expect_success()
        .expect_stderr(
            "warning[translation-out-of-date]: content/method.ja.md:3:13: this translation may be out of date",
        )
        .expect_stderr(&format!("translates: {}", site.hash("content/method.md")))
        .expect_stderr("0 error(s), 1 warning(s)");
    site.build().expect_success();
    let ja = site.read("ja/method/index.html");
    assert!(ja.contains("<p class=\"out-of-date\">この翻訳の作成後に原文が変更されました"), "{ja}");
}

#[test]
fn home_listings_feeds_sitemap_and_404_are_generated_in_both_languages() {
    let site = bilingual_site();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nWelcome.\n");
    let hash = site.hash("content/index.md");
    site.file("content/index.ja.md", format!("---\ntitle: ホーム\ntranslates: {hash}\n---\n\nようこそ。\n"));
    site.measurement("content/measurements/2026-10-29-http", MEASUREMENT);
    site.build().expect_success();
    for file in [
        "index.html",
        "ja/index.html",
        "measurements/index.html",
        "ja/measurements/index.html",
        "appliances/index.html",
        "ja/appliances/index.html",
        "atom.xml",
        "ja/atom.xml",
        "sitemap.xml",
        "404.html",
    ] {
        assert!(site.has(file), "site/{file} is missing");
    }
    let measurement = format!("{BASE_URL}/measurements/2026-10-29-http/");
    let feed = site.read("atom.xml");
    assert!(feed.contains("xml:lang=\"en\""), "{feed}");
    assert!(feed.contains(&format!("<id>{measurement}</id>")), "{feed}");
    assert!(feed.contains("<updated>2026-10-29T00:00:00Z</updated>"), "{feed}");
    let ja_feed = site.read("ja/atom.xml");
    assert!(ja_feed.contains("xml:lang=\"ja\""), "{ja_feed}");
    assert!(ja_feed.contains(&format!("<id>{BASE_URL}/ja/atom.xml</id>")), "{ja_feed}");
    assert!(
        ja_feed.contains(&format!("<id>{measurement}</id>")),
        "the untranslated measurement is in the Japanese feed too: {ja_feed}"
    );
    let by_day = site.read("measurements/index.html");
    assert!(by_day.contains("2026-10-29"), "{by_day}");
    assert!(
        by_day.contains("<a href=\"/measurements/2026-10-29-http/\">HTTP through the XGS 136</a>"),
        "{by_day}"
    );
    let ja_by_day = site.read("ja/measurements/index.html");
    assert!(ja_by_day.contains("<html lang=\"ja\">"), "{ja_by_day}");
    assert!(
        ja_by_day.contains("HTTP through the XGS 136</a> <span class=\"untranslated\">（英語）</span>"),
        "{ja_by_day}"
    );
    // The appliance under its family page's title, linked to it (an id with no family page
    // is an error, never a heading of its own).
    let by_appliance = site.read("appliances/index.html");
    assert!(by_appliance.contains("<h2><a href=\"/families/xgs-136/\">XGS 136</a>"), "{by_appliance}");
    assert!(by_appliance.contains("<a href=\"/measurements/2026-10-29-http/\">"), "{by_appliance}");
    let home = site.read("index.html");
    assert!(home.contains("Recent measurements"), "{home}");
    assert!(home.contains("/measurements/2026-10-29-http/"), "{home}");
    let not_found = site.read("404.html");
    assert!(not_found.contains("Page not found"), "{not_found}");
}

#[test]
fn the_sitemap_lists_every_page_with_its_language_alternates() {
    let site = bilingual_site();
    site.file("content/alone.md", "---\ntitle: Alone\n---\n\nOnly English.\n");
    site.build().expect_success();
    let sitemap = site.read("sitemap.xml");
    assert!(sitemap.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""), "{sitemap}");
    for url in ["/method/", "/ja/method/", "/alone/", "/measurements/", "/ja/appliances/"] {
        assert!(sitemap.contains(&format!("<loc>{BASE_URL}{url}</loc>")), "{url} is not in {sitemap}");
    }
    let method = sitemap
        .split("<url>")
        .find(|u| u.contains(&format!("<loc>{BASE_URL}/ja/method/</loc>")))
        .expect("the Japanese method page's entry");
    assert!(
        method.contains(&format!(
            "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"{BASE_URL}/method/\"/>"
        )),
        "{method}"
    );
    assert!(
        method.contains(&format!(
            "<xhtml:link rel=\"alternate\" hreflang=\"ja\" href=\"{BASE_URL}/ja/method/\"/>"
        )),
        "{method}"
    );
    let alone =
        sitemap.split("<url>").find(|u| u.contains("/alone/")).expect("the untranslated page's entry");
    assert!(!alone.contains("xhtml:link"), "{alone}");
}

#[test]
fn every_page_and_generated_file_names_tallys_version_and_commit() {
    let (version, commit) = version_and_commit();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    let site = bilingual_site();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nWelcome.\n");
    site.build().expect_success();
    let files = tree(&site.path("site"));
    let pages: Vec<&String> = files.keys().filter(|p| p.ends_with(".html")).collect();
    assert!(pages.len() >= 8, "{pages:?}");
    for page in pages {
        let html = String::from_utf8_lossy(&files[page]);
        let footer = &html[html.find("<footer").expect("a footer")..];
        let named = if html.contains("<html lang=\"ja\">") {
            format!("tally {version}（{commit}）で生成")
        } else {
            format!("Built with tally {version} ({commit})")
        };
        assert!(footer.contains(&named), "{page}'s footer: {footer}");
    }
    for generated in ["atom.xml", "ja/atom.xml", "sitemap.xml"] {
        let text = site.read(generated);
        assert!(text.contains(&format!("{version} ({commit})")), "{generated}: {text}");
    }
}

#[test]
fn static_files_are_copied_as_they_are() {
    let site = Site::new();
    let font: Vec<u8> = (0..=255u8).collect();
    site.file("static/fonts/bench.woff2", &font);
    site.build().expect_success();
    let repository = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in ["css/site.css", "js/discussion.js"] {
        assert_eq!(
            std::fs::read(site.path("site").join(file)).expect("a copied file"),
            std::fs::read(repository.join("static").join(file)).expect("the original"),
            "{file}"
        );
    }
    assert_eq!(std::fs::read(site.path("site/fonts/bench.woff2")).expect("the font"), font);
}

#[test]
fn images_under_content_are_never_published_as_they_are() {
    let site = Site::new();
    let page = MEASUREMENT.replace(
        "The host received most frames.",
        "![The console of the run](shots/console.png)\n\n![A photo](photo.JPG)",
    );
    site.measurement("content/measurements/run", page);
    site.file("content/measurements/run/shots/console.png", PNG);
    let photo = jpeg();
    site.file("content/measurements/run/photo.JPG", &photo);
    site.file("content/measurements/run/raw/iperf.txt", "[ 5] 0.0-10.0 sec");
    site.build().expect_success();
    let built = tree(&site.path("site"));
    for (path, bytes) in &built {
        assert!(
            bytes.as_slice() != PNG && *bytes != photo,
            "site/{path} is an original image, published as it is"
        );
    }
    // What is published in their place is the photograph with the strip under it: taller.
    for (published, original) in
        [("measurements/run/shots/console.png", PNG), ("measurements/run/photo.JPG", &photo)]
    {
        if let Some(bytes) = built.get(published) {
            let stamped = image::load_from_memory(bytes).expect("the published image decodes");
            let original = image::load_from_memory(original).expect("the original decodes");
            assert!(stamped.height() > original.height(), "site/{published} is not stamped");
        }
    }
    // Files that are not images are published beside the page.
    assert_eq!(
        built.get("measurements/run/raw/iperf.txt").map(Vec::as_slice),
        Some(&b"[ 5] 0.0-10.0 sec"[..])
    );
}

#[test]
fn an_image_in_another_format_is_not_published_as_it_is_either() {
    let site = Site::new();
    let page = MEASUREMENT
        .replace("The host received most frames.", "![The console of the run](shots/console.webp)");
    site.measurement("content/measurements/run", page);
    site.file("content/measurements/run/shots/console.webp", b"RIFF\0\0\0\0WEBPVP8 ");
    let run = site.build();
    if run.code == 0 {
        assert!(!site.has("measurements/run/shots/console.webp"), "the original image is published as it is");
    } else {
        run.expect_code(1).expect_stderr("content/measurements/run/index.md:");
    }
}

#[test]
fn no_page_loads_the_giscus_script_only_a_button_and_the_sites_own_script() {
    let site = bilingual_site();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nWelcome.\n");
    site.measurement("content/measurements/run", MEASUREMENT);
    site.build().expect_success();
    let files = tree(&site.path("site"));
    let mut with_discussion = 0;
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = String::from_utf8_lossy(bytes);
        for tag in script_tags(&html) {
            assert!(!tag.contains("giscus.app"), "{path} loads giscus: {tag}");
            assert!(tag.contains("src=\"/"), "{path} loads a script from elsewhere: {tag}");
        }
        if html.contains("class=\"giscus-slot\"") {
            with_discussion += 1;
            assert!(
                html.contains("<button type=\"button\" class=\"show-discussion\" hidden>"),
                "{path}: {html}"
            );
            assert!(html.contains("<script src=\"/js/discussion.js\" defer></script>"), "{path}: {html}");
        }
    }
    assert!(with_discussion >= 3, "pages offer the discussion");
    let measurement = site.read("measurements/run/index.html");
    assert!(measurement.contains("Show the discussion"), "{measurement}");
    let ja = site.read("ja/method/index.html");
    assert!(ja.contains("ディスカッションを表示"), "{ja}");
}

#[test]
fn a_page_that_turns_the_discussion_off_has_no_discussion_and_no_script() {
    let site = Site::new();
    site.file("content/quiet.md", "---\ntitle: Quiet\ndiscussion: false\n---\n\nNothing to discuss.\n");
    site.build().expect_success();
    let html = site.read("quiet/index.html");
    assert!(!html.contains("giscus-slot"), "{html}");
    assert!(script_tags(&html).is_empty(), "{html}");
}

#[test]
fn tables_are_wrapped_to_scroll_sideways() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\n| run | frames |\n| --- | --- |\n| close | 962,826 |\n");
    site.build().expect_success();
    let html = site.read("a/index.html");
    assert!(html.contains("<div class=\"table-scroll\" tabindex=\"0\"><table>"), "{html}");
    assert!(html.contains("</table>\n</div>"), "{html}");
    let css = site.read("css/site.css");
    assert!(css.contains(".table-scroll { overflow-x: auto;"), "the wrapper does not scroll: {css}");
}

#[test]
fn a_whole_measurement_page_renders_as_its_snapshot() {
    let site = Site::new();
    site.file("content/families/xgs-136.md", family("Sophos XGS 136"));
    site.file("content/method.md", "---\ntitle: Method\n---\n\n## The bench\n\nHow we measure.\n");
    site.measurement(
        "content/measurements/2026-10-29-http",
        "---
title: HTTP through the XGS 136
date: 2026-10-29
kind: measurement
appliances: [xgs-136]
summary: Responses and frames during an HTTP series.
---

The host still received [962,826]{=runs.close_coproc.host_frames.received} frames,
as [the method](../../method.md#the-bench) explains.[^1]

| run | complete | failed |
| --- | ---: | ---: |
| close_coproc | 9,000 | 2 |
| ~~keep~~ close_host | 8,935 | 1 |

## How it was taken

A curl soak of `512 KiB` bodies for 40 s.

## Not measured

Latency, and anything *beyond* HTTP.

[^1]: Read at the receiver.
",
    );
    site.build().expect_success();
    let (_, commit) = version_and_commit();
    let html = site.read("measurements/2026-10-29-http/index.html").replace(&commit, "[commit]");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("site_build__a_whole_measurement_page_renders_as_its_snapshot", html);
    });
}

#[test]
fn every_address_inside_the_built_site_names_a_built_file_and_anchor() {
    let site = bilingual_site();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nSee [the bench](method.md#the-bench).\n");
    site.file("content/index.ja.md", "---\ntitle: ホーム\n---\n\n[試験台](method.md#the-bench)\n");
    site.file("content/privacy.md", "---\ntitle: Privacy\n---\n\nNothing is tracked.\n");
    site.file("content/families/xgs-136.md", family("XGS 136"));
    site.measurement("content/measurements/run",
        MEASUREMENT.replace(
            "The host received most frames.",
            "The host received most frames.[^1] Raw output: [iperf](raw/iperf.txt).\n\n[^1]: At the receiver.",
        ),
    );
    site.file("content/measurements/run/raw/iperf.txt", "[ 5] 0.0-10.0 sec");
    site.build().expect_success();
    let html = site.read("measurements/run/index.html");
    assert!(html.contains("href=\"/measurements/run/raw/iperf.txt\""), "{html}");
    assert!(html.contains("href=\"/privacy/\""), "{html}");
    let dangling = dangling_addresses(&site.path("site"));
    assert!(dangling.is_empty(), "{dangling:#?}");
}

#[test]
fn every_image_a_page_shows_is_published() {
    let site = Site::new();
    site.measurement(
        "content/measurements/run",
        MEASUREMENT.replace("The host received most frames.", "![The console of the run](shots/console.png)"),
    );
    site.file("content/measurements/run/shots/console.png", PNG);
    site.file("content/index.md", "---\ntitle: Home\n---\n");
    site.file("content/index.ja.md", "---\ntitle: ホーム\n---\n");
    site.build().expect_success();
    let dangling = dangling_addresses(&site.path("site"));
    assert!(dangling.is_empty(), "{dangling:#?}");
}

#[test]
fn every_language_has_a_home_page_even_without_a_translated_home() {
    let site = bilingual_site();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nWelcome.\n");
    site.build().expect_success();
    assert!(site.has("ja/index.html"), "the Japanese home is missing");
    let dangling = dangling_addresses(&site.path("site"));
    assert!(dangling.is_empty(), "{dangling:#?}");
}

/// A console-like screenshot `width` pixels wide: text-like bars on white.
fn console_png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        if y % 24 < 12 && x % 97 < 80 { image::Rgb([40, 40, 48]) } else { image::Rgb([250, 250, 250]) }
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(picture).write_to(&mut bytes, image::ImageFormat::Png).expect("a PNG");
    bytes.into_inner()
}

/// Issue 46: each screenshot is a `<picture>` with its WebP copies, its size, linked to its
/// full-size stamped file, lazy after the first; its caption a `<figcaption>`, written once
/// for consecutive pictures sharing it; every WebP copy says whose it is (exiftool).
#[test]
fn screenshots_are_linked_sized_pictures_with_webp_copies_and_one_shared_caption() {
    let site = Site::new();
    let shots = "\n\n![first window](shots/a.png)\n\n*Stand-in, not the photograph.*\n\n\
                 ![second window](shots/b.png)\n\n*Stand-in, not the photograph.*\n";
    let page = MEASUREMENT
        .replace("The host received most frames.", &format!("The host received most frames.{shots}"));
    site.appliance().file("content/m/index.md", page).file("content/m/runs.yaml", common::RUNS_YAML);
    site.file("content/m/shots/a.png", console_png(1280, 300))
        .file("content/m/shots/b.png", console_png(1280, 300));
    site.build().expect_success();
    let html = std::fs::read_to_string(site.path("site/m/index.html")).unwrap();
    assert_eq!(html.matches("<picture>").count(), 2, "{html}");
    assert_eq!(html.matches("<figcaption>Stand-in, not the photograph.</figcaption>").count(), 1, "{html}");
    assert!(html.contains("<a class=\"shot\" href=\"/m/shots/a.png\"><picture><source media=\"(max-width: 735px)\" type=\"image/webp\" srcset=\"/m/shots/a.phone.358w.webp 358w, /m/shots/a.704w.webp 704w\" sizes=\"calc(100vw - 32px)\"><source type=\"image/webp\" srcset=\"/m/shots/a.webp 1280w, /m/shots/a.704w.webp 704w\" sizes=\"(max-width: 736px) calc(100vw - 32px), 704px\"><img src=\"/m/shots/a.png\""), "{html}");
    let b = html.find("alt=\"second window\"").expect("the second picture");
    assert!(html[b..].starts_with("alt=\"second window\" width=\"1280\" height=\""), "{}", &html[b..b + 120]);
    assert_eq!(html.matches("loading=\"lazy\"").count(), 1, "every picture after the first: {html}");
    let published = tree(&site.path("site"));
    let png = image::load_from_memory(&published["m/shots/b.png"]).expect("the PNG decodes").into_rgb8();
    assert!(html[b..].contains(&format!("width=\"{}\" height=\"{}\"", png.width(), png.height())));
    let copies: Vec<&String> = published.keys().filter(|p| p.starts_with("m/shots/b")).collect();
    assert_eq!(
        copies,
        ["m/shots/b.704w.webp", "m/shots/b.phone.358w.webp", "m/shots/b.png", "m/shots/b.webp"]
    );
    // The strip's tallest line on a desktop, CSS px: the column's 1× copy (true), others.
    let mut desktop_strip = std::collections::BTreeMap::new();
    for name in copies {
        let output = std::process::Command::new("exiftool")
            .args(["-s3", "-XMP-dc:Creator", "-XMP-cc:License"])
            .arg(site.path("site").join(name))
            .output()
            .expect("exiftool is required (apt package libimage-exiftool-perl)");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("The bench project"), "{name}: {text}");
        assert!(text.contains("https://creativecommons.org/licenses/by/4.0/"), "{name}: {text}");
        // The strip is there at every width, and its text as tall as a reader needs where
        // the copy is shown: a phone's 358 px column, the desktop's 704 (the column's 1×
        // copy is a phone's 2× copy too, and shown in both).
        let (width, rows) = strip_rows(&published[name.as_str()], name);
        let shown_in: &[u32] = match name {
            _ if name.contains(".phone.") => &[358],
            _ if name.contains(".704w.") => &[358, 704],
            _ => &[704],
        };
        assert!(rows[0].iter().all(|p| *p == [0x20; 3]), "{name}: no strip right under the photograph");
        let tallest = ink_bands(&rows).into_iter().max().unwrap_or(0);
        for &shown in shown_in {
            let css_px = tallest as f32 * shown.min(width) as f32 / width as f32;
            assert!(css_px >= 11.0, "{name}: the strip's tallest line is {css_px:.1} CSS px at {shown} px");
            if shown == 704 {
                desktop_strip.insert(name.contains(".704w."), css_px);
            }
        }
    }
    // Drawn for the phone, the column's 1× copy's strip is larger on a desktop than the
    // full size's, but not absurdly: at most twice.
    let (both, full) = (desktop_strip[&true], desktop_strip[&false]);
    assert!(
        both <= 2.0 * full + 1.0,
        "the 704 px copy's strip on a desktop: {both:.1} CSS px, {full:.1} full size"
    );
}

/// The rows under the photograph of a published copy (a 300-row console shot, scaled):
/// the strip, as RGB, and the copy's width.
fn strip_rows(bytes: &[u8], name: &str) -> (u32, Vec<Vec<[u8; 3]>>) {
    let (width, height, rgb): (u32, u32, Vec<u8>) = if name.ends_with(".webp") {
        let decoded = webp::Decoder::new(bytes).decode().expect("a WebP copy decodes");
        (decoded.width(), decoded.height(), decoded.to_vec())
    } else {
        let image = image::load_from_memory(bytes).expect("a PNG decodes").into_rgb8();
        (image.width(), image.height(), image.into_raw())
    };
    let photo_rows = (300 * width + 640) / 1280;
    let rows = (photo_rows..height)
        .map(|y| {
            (0..width)
                .map(|x| {
                    let at = ((y * width + x) * 3) as usize;
                    [rgb[at], rgb[at + 1], rgb[at + 2]]
                })
                .collect()
        })
        .collect();
    (width, rows)
}

/// The heights of the runs of rows holding the strip's light ink: one run a line of text.
fn ink_bands(rows: &[Vec<[u8; 3]>]) -> Vec<u32> {
    let mut bands = Vec::new();
    let mut run = 0;
    for row in rows {
        if row.iter().any(|p| p.iter().all(|&c| c >= 0xB0)) {
            run += 1;
        } else if run > 0 {
            bands.push(run);
            run = 0;
        }
    }
    bands.extend((run > 0).then_some(run));
    bands
}
