//! `tally serve` as a user meets it, over real HTTP on 127.0.0.1: the printed address, a
//! busy port, paths that would leave the site, the reload script (served, never built),
//! the reload event after a save, one rebuild per burst of saves, and the error page.
//!
//! Every server is started the way the README says, from the site's folder with the
//! default root (or with the relative roots a user types), never with an absolute root.
//!
//! Waits are polls with generous deadlines that only turn a hang into a failure; no test
//! asserts how long anything took.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{DEADLINE, Serve, Site, count_lines, tree};

fn small_site() -> Site {
    let site = Site::new();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nSee the [method](method/index.md).\n");
    site.file("content/index.ja.md", "---\ntitle: ホーム\n---\n\n本文。\n");
    site.file("content/method/index.md", "---\ntitle: Method\n---\n\nHow it is done.\n");
    site
}

#[test]
fn port_0_picks_a_free_port_and_prints_the_address_in_both_languages() {
    let site = small_site();
    let serve = Serve::start(&site);
    assert_ne!(serve.port, 0);
    assert_eq!(serve.first_line.trim(), format!("serving http://127.0.0.1:{}/ (and /ja/)", serve.port));
    let home = serve.get("/");
    assert_eq!(home.status, 200, "{home:?}");
    assert!(home.head.contains("content-type: text/html; charset=utf-8"), "{}", home.head);
    assert!(home.body.contains("href=\"/method/\""), "{}", home.body);
    assert_eq!(serve.get("/ja/").status, 200);
    let css = serve.get("/css/site.css");
    assert!(css.head.contains("content-type: text/css"), "{}", css.head);
    let folder = serve.get("/ja");
    assert_eq!(folder.status, 308);
    assert!(folder.head.contains("location: /ja/"), "{}", folder.head);
}

#[test]
fn a_busy_port_is_a_clear_error_that_names_it() {
    let site = small_site();
    let holder = std::net::TcpListener::bind("127.0.0.1:0").expect("a port to hold");
    let port = holder.local_addr().expect("its address").port().to_string();
    let run = common::run_tally(&["serve", "--port", &port], site.root());
    run.expect_code(2).expect_stderr(&format!("port {port} on 127.0.0.1 is already in use"));
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn paths_that_leave_the_site_are_refused_and_nothing_outside_it_is_served() {
    let site = small_site();
    std::fs::write(site.holder().join("secret.txt"), "TOP SECRET").expect("a file outside the site");
    #[cfg(unix)]
    std::os::unix::fs::symlink(site.holder().join("secret.txt"), site.path("static/leak.txt"))
        .expect("a symlink");
    let serve = Serve::start(&site);
    for path in [
        "/../secret.txt",
        "/../../secret.txt",
        "/css/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/%2E%2E/secret.txt",
        "/..%2fsecret.txt",
        "/css%2f..%2f..%2fsecret.txt",
        "/..%5csecret.txt",
        "/..\\secret.txt",
        "/css/..\\..\\secret.txt",
        "/secret.txt%00.html",
        "/%00",
        "//../secret.txt",
        "/leak.txt",
        "/static/leak.txt",
    ] {
        let response = serve.get(path);
        assert!(matches!(response.status, 400 | 404), "{path} gave {response:?}");
        assert!(!response.body.contains("TOP SECRET"), "{path} served a file outside the site");
    }
    // A folder URL with two leading slashes is redirected on this host, never to `//ja/`.
    let doubled = serve.get("//ja");
    assert_eq!(doubled.status, 308, "{doubled:?}");
    assert!(doubled.head.lines().any(|line| line == "location: /ja/"), "{}", doubled.head);
}

#[test]
fn an_unknown_page_gets_the_sites_404_page_with_status_404() {
    let site = small_site();
    let serve = Serve::start(&site);
    let missing = serve.get("/no/such/page/");
    assert_eq!(missing.status, 404);
    assert!(missing.head.contains("text/html"), "{}", missing.head);
    assert!(missing.body.contains("/__tally/reload.js"), "the 404 page cannot reload: {}", missing.body);
}

#[test]
fn the_reload_script_is_injected_under_serve_and_absent_from_what_build_writes() {
    let site = small_site();
    {
        let serve = Serve::start(&site);
        for page in ["/", "/ja/", "/method/"] {
            let body = serve.get(page).body;
            assert!(
                body.contains("<script src=\"/__tally/reload.js\" data-build=\"1\"></script>"),
                "{page}: {body}"
            );
        }
        let script = serve.get("/__tally/reload.js");
        assert!(script.head.contains("content-type: text/javascript"), "{}", script.head);
        assert!(script.body.contains("new EventSource(\"/__tally/events\")"), "{}", script.body);
    }
    site.build().expect_success();
    let built = tree(&site.path("site"));
    assert!(built.contains_key("index.html"));
    for (path, bytes) in built {
        assert!(
            !String::from_utf8_lossy(&bytes).contains("__tally"),
            "site/{path} carries the reload script"
        );
    }
}

/// Reads an event stream until it has sent `data: {build}`; fails at the deadline (the
/// stream's keep-alive comments would otherwise keep a missing event waited for forever).
fn wait_for_event(stream: &mut TcpStream, seen: &mut String, build: u64) {
    let mut buffer = [0u8; 1024];
    let start = Instant::now();
    while !seen.contains(&format!("event: build\ndata: {build}\n")) {
        assert!(start.elapsed() < DEADLINE, "build {build} was never announced: {seen}");
        let n = stream.read(&mut buffer).expect("reading the event stream");
        assert!(n > 0, "the event stream ended: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buffer[..n]));
    }
}

#[test]
fn a_save_tells_open_pages_to_reload_and_a_burst_of_saves_gives_one_rebuild() {
    let site = small_site();
    let serve = Serve::start_in(site.root(), &["--timings"]);
    let mut events = TcpStream::connect(("127.0.0.1", serve.port)).expect("connecting");
    events.set_read_timeout(Some(DEADLINE)).expect("a read timeout");
    write!(events, "GET /__tally/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").expect("sending");
    let mut seen = String::new();
    wait_for_event(&mut events, &mut seen, 1);
    assert!(seen.contains("content-type: text/event-stream"), "{seen}");
    for i in 0..20 {
        site.file(&format!("content/notes/note-{i}.md"), format!("---\ntitle: Note {i}\n---\n\nText {i}.\n"));
    }
    site.edit("content/method/index.md", "How it is done.", "How it is done, edited.");
    wait_for_event(&mut events, &mut seen, 2);
    serve.wait_for_lines("rebuilt ", 1);
    let method = serve.get("/method/");
    assert!(method.body.contains("edited"), "{}", method.body);
    assert_eq!(serve.get("/notes/note-19/").status, 200);
    // Nothing more is coming: a rebuild still under way would print its line by then.
    std::thread::sleep(Duration::from_secs(2));
    let stderr = serve.stderr();
    let changes: Vec<&str> = stderr.lines().filter(|l| l.starts_with("changed: ")).collect();
    assert_eq!(count_lines(&stderr, "rebuilt "), changes.len(), "one rebuild a change: {stderr}");
    // What is promised, however busy the machine: batches that arrive within the window of
    // each other are one change. A second change is allowed only where the watcher saw a
    // quiet at least as long as the window before it (on a quiet machine, there is one).
    assert!(changes.first().is_some_and(|c| c.contains(" batches over ")), "{stderr}");
    for later in changes.iter().skip(1) {
        let (quiet, window) = quiet_and_window(later);
        assert!(quiet >= window, "a change gathered apart after only {quiet} ms of quiet: {stderr}");
    }
}

/// The quiet before a change and the window then in force, from a `changed:` line of
/// `serve --timings` ("…, quiet 120 ms before it (window 50 ms))").
fn quiet_and_window(line: &str) -> (u64, u64) {
    let number_after = |word: &str| -> u64 {
        let at = line.find(word).unwrap_or_else(|| panic!("no `{word}` in {line}")) + word.len();
        line[at..].split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line}"))
    };
    (number_after("quiet "), number_after("(window "))
}

#[test]
fn a_broken_page_shows_the_errors_in_place_of_every_page_until_it_is_fixed() {
    let site = small_site();
    let serve = Serve::start(&site);
    site.edit("content/index.md", "(method/index.md)", "(missing/index.md)");
    let overlay = serve.wait_for("/method/", "the error page", |r| r.status == 500);
    assert!(overlay.head.contains("text/html"), "{}", overlay.head);
    assert!(overlay.body.contains("content/index.md:5:"), "{}", overlay.body);
    assert!(overlay.body.contains("/__tally/reload.js"), "the error page cannot recover by itself");
    assert_eq!(serve.get("/").status, 500, "every page shows the errors");
    assert_eq!(serve.get("/css/site.css").status, 200, "the style is still served");
    for made_from_data in ["/figures.json", "/atom.xml", "/sitemap.xml"] {
        assert_eq!(serve.get(made_from_data).status, 500, "{made_from_data} of the last good build");
    }
    serve.wait_for_lines("the site does not build", 1);
    assert!(serve.stderr().contains("content/index.md:5:"), "{}", serve.stderr());
    site.edit("content/index.md", "(missing/index.md)", "(method/index.md)");
    let back = serve.wait_for("/", "the page's return", |r| r.status == 200);
    assert!(back.body.contains("/method/"), "{}", back.body);
    assert!(!back.body.contains("tally-error-overlay"), "{}", back.body);
}

/// Saves `content/method/index.md` and waits until `/method/` serves the edit.
fn assert_a_save_is_served(site: &Site, serve: &Serve, word: &str) {
    assert_eq!(serve.get("/method/").status, 200);
    site.edit("content/method/index.md", "How it is done.", &format!("How it is done, {word}."));
    serve.wait_for("/method/", "the rebuild after a save", |r| r.body.contains(word));
}

/// Regression: run as the README says (`tally serve` in the site's folder, root `.`), the
/// watcher's absolute event paths were compared with the relative root and every save
/// was dropped, so the preview never rebuilt.
#[test]
fn a_save_is_served_when_serve_runs_in_the_sites_folder_with_the_default_root() {
    let site = small_site();
    let serve = Serve::start(&site);
    assert_a_save_is_served(&site, &serve, "defaulted");
}

#[test]
fn a_save_is_served_with_root_dot() {
    let site = small_site();
    let serve = Serve::start_in(site.root(), &["--root", "."]);
    assert_a_save_is_served(&site, &serve, "dotted");
}

#[test]
fn a_save_is_served_with_a_root_relative_to_another_folder() {
    let site = small_site();
    let elsewhere = site.holder().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("a folder beside the site");
    let serve = Serve::start_in(&elsewhere, &["--root", "../root"]);
    assert_a_save_is_served(&site, &serve, "relative");
}

/// A bundle created while serving (its folder new) is built and listed, its folder is
/// watched (a later save inside it is served), and once deleted it is gone from the site
/// and from its listings.
#[test]
fn a_bundle_created_while_serving_is_built_and_watched_and_once_deleted_disappears() {
    let site = small_site();
    site.file("content/families/xgs-136.md", common::family("XGS 136"));
    let serve = Serve::start(&site);
    assert_eq!(serve.get("/measurements/2026-10-29-http/").status, 404);
    site.measurement("content/measurements/2026-10-29-http", common::MEASUREMENT);
    serve.wait_for("/measurements/2026-10-29-http/", "the new bundle's page", |r| r.status == 200);
    let listing = serve.wait_for("/measurements/", "the listing of the new bundle", |r| {
        r.body.contains("/measurements/2026-10-29-http/")
    });
    assert_eq!(listing.status, 200);
    assert!(serve.get("/sitemap.xml").body.contains("/measurements/2026-10-29-http/"));
    site.edit(
        "content/measurements/2026-10-29-http/index.md",
        "The host received",
        "Watched: the host received",
    );
    serve.wait_for("/measurements/2026-10-29-http/", "a save inside the new folder", |r| {
        r.body.contains("Watched: the host received")
    });
    site.remove("content/measurements/2026-10-29-http");
    serve.wait_for("/measurements/2026-10-29-http/", "the deleted bundle's 404", |r| r.status == 404);
    assert!(!serve.get("/measurements/").body.contains("/measurements/2026-10-29-http/"));
    assert!(!serve.get("/sitemap.xml").body.contains("/measurements/2026-10-29-http/"));
    assert!(!serve.get("/atom.xml").body.contains("/measurements/2026-10-29-http/"));
}

/// A source folder the site did not have when serve started (here `static/`) is watched
/// once it is created: a file saved in it later is served.
#[test]
fn a_source_folder_created_while_serving_is_watched() {
    let site = small_site();
    site.remove("static");
    let serve = Serve::start(&site);
    assert_eq!(serve.get("/notes.txt").status, 404);
    site.file("static/first.txt", "first");
    serve.wait_for("/first.txt", "the new folder's first file", |r| r.status == 200);
    // Written well after the folder appeared: only a watch on the new folder sees it.
    std::thread::sleep(Duration::from_millis(500));
    site.file("static/notes.txt", "notes");
    let notes = serve.wait_for("/notes.txt", "a file saved later in the new folder", |r| r.status == 200);
    assert_eq!(notes.body, "notes");
}

/// Every file of a cold `tally build` of the sources as they are now, next to what serve
/// serves at its address (the reload script taken out); the paths that differ.
fn differences_from_a_cold_build(site: &Site, serve: &Serve) -> Vec<String> {
    let out = site.holder().join("cold");
    site.build_into(&out).expect_success();
    let cold = tree(&out);
    assert!(cold.keys().any(|p| p == "sitemap.xml") && cold.len() > 10, "{:?}", cold.keys());
    let mut differ = Vec::new();
    // The mark tally leaves in every folder it builds into is not a file of the site.
    for (path, bytes) in cold.iter().filter(|(path, _)| path.as_str() != ".tally-output") {
        let served = serve.get(&format!("/{path}"));
        let tag_start = served.body.find("<script src=\"/__tally/reload.js\"");
        let body = match tag_start {
            Some(at) => {
                let end = served.body[at..].find("</script>\n").map_or(at, |e| at + e + "</script>\n".len());
                format!("{}{}", &served.body[..at], &served.body[end..])
            }
            None => served.body.clone(),
        };
        if served.status != 200 || body != String::from_utf8_lossy(bytes) {
            differ.push(format!("{path} ({})", served.status));
        }
    }
    std::fs::remove_dir_all(&out).expect("removing the cold build");
    differ
}

/// A seeded series of edits while serving (with seed 7: pages created, an original edited
/// so that its translation is out of date, pages deleted): after each, what serve holds is,
/// file for file, what a cold build of the same sources makes. The guard for any rebuild
/// that does less than the whole site.
#[test]
fn after_each_of_a_series_of_edits_the_served_site_is_what_a_cold_build_makes() {
    let site = small_site();
    site.file("content/method/index.ja.md", "---\ntitle: 測り方\n---\n\n測ります。\n");
    let hash = site.hash("content/method/index.md");
    site.edit(
        "content/method/index.ja.md",
        "title: 測り方\n",
        &format!("title: 測り方\ntranslates: {hash}\n"),
    );
    let serve = Serve::start(&site);
    let mut state: u64 = 7;
    let mut notes: Vec<usize> = Vec::new();
    for step in 0..8 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let word = format!("word{step}x{}", (state >> 33) % 1000);
        let (url, expect) = match (state >> 60) % 3 {
            0 => {
                site.edit("content/method/index.md", "How it is done", &format!("How it is done ({word})"));
                ("/method/".to_string(), Some(word))
            }
            1 if !notes.is_empty() => {
                let gone = notes.remove(((state >> 40) as usize) % notes.len());
                site.remove(&format!("content/notes/note-{gone}.md"));
                (format!("/notes/note-{gone}/"), None)
            }
            _ => {
                site.file(
                    &format!("content/notes/note-{step}.md"),
                    format!("---\ntitle: Note\n---\n\nText {word}.\n"),
                );
                notes.push(step);
                (format!("/notes/note-{step}/"), Some(word))
            }
        };
        serve.wait_for(&url, &format!("step {step}"), |r| match &expect {
            Some(word) => r.status == 200 && r.body.contains(word.as_str()),
            None => r.status == 404,
        });
        let differ = differences_from_a_cold_build(&site, &serve);
        assert!(differ.is_empty(), "after step {step}, served files differ from a cold build: {differ:?}");
    }
}
