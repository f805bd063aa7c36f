//! Reliability (issue 13): tally deletes only what it made, never publishes hidden files,
//! editor backups or VCS folders, and no input crashes it or makes it slow out of proportion.

use crate::common;

use common::{PNG, Site, tree};

fn home_site() -> Site {
    let site = Site::new();
    site.file("content/index.md", "---\ntitle: Home\n---\n\nHello.\n");
    site
}

// ---- data loss ----

#[test]
fn refuses_to_empty_an_out_folder_tally_did_not_make() {
    let site = home_site();
    let documents = tempfile::tempdir().expect("a folder");
    std::fs::write(documents.path().join("letter.txt"), "keep me").expect("a file");
    let run = site.build_into(documents.path());
    run.expect_code(2).expect_stderr(".tally-output");
    assert_eq!(std::fs::read_to_string(documents.path().join("letter.txt")).expect("kept"), "keep me");
}

#[test]
fn refuses_to_empty_the_projects_own_folders() {
    let site = home_site();
    site.file("tests/a_test.rs", "fn main() {}").file("scripts/run.sh", "echo");
    for folder in ["tests", "scripts"] {
        let run = site.build_into(&site.path(folder));
        run.expect_code(2);
    }
    assert!(site.path("tests/a_test.rs").is_file() && site.path("scripts/run.sh").is_file());
}

#[test]
fn builds_into_an_empty_or_absent_folder_and_marks_it() {
    let site = home_site();
    let outs = tempfile::tempdir().expect("a folder");
    let empty = outs.path().join("empty");
    std::fs::create_dir(&empty).expect("a folder");
    site.build_into(&empty).expect_success();
    assert!(empty.join(".tally-output").is_file());
    site.build_into(&empty).expect_success();
    let absent = outs.path().join("absent");
    site.build_into(&absent).expect_success();
    assert!(absent.join("index.html").is_file() && absent.join(".tally-output").is_file());
}

#[cfg(unix)]
#[test]
fn never_follows_a_symlinked_output_folder() {
    let site = home_site();
    let elsewhere = tempfile::tempdir().expect("a folder");
    std::fs::write(elsewhere.path().join("precious.txt"), "keep me").expect("a file");
    // Even a folder that carries the mark is not replaced through a link.
    std::fs::write(elsewhere.path().join(".tally-output"), "").expect("a mark");
    std::os::unix::fs::symlink(elsewhere.path(), site.path("site")).expect("a link");
    site.build().expect_code(2).expect_stderr("symbolic link");
    assert!(elsewhere.path().join("precious.txt").is_file());
    assert!(std::fs::symlink_metadata(site.path("site")).expect("the link").file_type().is_symlink());
}

#[test]
fn originals_path_may_not_leave_the_output_folder() {
    let site = home_site();
    site.file("content/m/index.md", "---\ntitle: M\n---\n\n![a shot](shot.png)\n");
    site.file("content/m/shot.png", PNG);
    let yaml = format!("{}originals: {{publish: true, path: \"../../x\"}}\n", common::SITE_YAML);
    site.file("site.yaml", &yaml);
    let run = site.build();
    run.expect_code(1).expect_stderr("error[bad-setting]").expect_stderr("site.yaml:12:");
    assert!(!site.holder().join("x").exists() && !site.path("x").exists());
}

#[test]
fn a_killed_builds_staging_folders_are_removed_by_the_next_build() {
    let site = home_site();
    site.build().expect_success();
    // What a build killed halfway leaves: a marked staging folder and a retired old site,
    // named after a process that no longer runs.
    for stale in [".site.new-999999999", ".site.old-999999999"] {
        site.file(&format!("{stale}/.tally-output"), "");
        site.file(&format!("{stale}/index.html"), "old");
    }
    // Not tally's: left alone.
    site.file(".site.new-999999998/notes.txt", "mine");
    site.build_with_force();
    assert!(!site.path(".site.new-999999999").exists());
    assert!(!site.path(".site.old-999999999").exists());
    assert!(site.path(".site.new-999999998/notes.txt").is_file());
}

trait Force {
    fn build_with_force(&self);
}

impl Force for Site {
    fn build_with_force(&self) {
        self.tally(&["build", "--force"]).expect_success();
    }
}

#[test]
fn check_writes_nothing_not_even_the_stamp_cache() {
    let site = home_site();
    site.file("content/m/index.md", "---\ntitle: M\n---\n\n![a shot](shot.png)\n");
    site.file("content/m/shot.png", PNG);
    let before = tree(site.holder());
    site.check().expect_success();
    assert_eq!(tree(site.holder()), before, "tally check wrote files");
    assert!(!site.path(".tally-cache").exists());
}

// ---- leaks ----

#[test]
fn hidden_files_backups_and_vcs_folders_are_never_published() {
    let site = home_site();
    let secrets = [
        "content/.env",
        "content/index.md~",
        "content/.index.md.swp",
        "content/#index.md#",
        "content/.git/config",
        "content/.DS_Store",
        "content/m/.hidden/data.txt",
        "static/.env",
        "static/style.css~",
        "static/.git/HEAD",
        "static/.DS_Store",
        "static/x.swp",
    ];
    for secret in secrets {
        site.file(secret, "secret");
    }
    site.file("static/.well-known/security.txt", "Contact: x");
    site.file("static/ok.txt", "published");
    site.build().expect_success();
    let built = tree(&site.path("site"));
    let leaked: Vec<&String> = built.keys().filter(|k| built[*k] == b"secret").collect();
    assert!(leaked.is_empty(), "published: {leaked:?}");
    assert!(built.contains_key("ok.txt"));
    assert!(!built.contains_key(".well-known/security.txt"), "a dotfile needs the allow-list");
}

#[test]
fn a_dotfolder_on_the_allow_list_is_published() {
    let site = home_site();
    site.file("static/.well-known/security.txt", "Contact: x");
    site.file("static/.well-known/.env", "secret");
    site.file("site.yaml", format!("{}publish_hidden: [.well-known]\n", common::SITE_YAML));
    site.build().expect_success();
    assert!(site.has(".well-known/security.txt"));
    assert!(!site.has(".well-known/.env"));
}

// ---- crashes and blow-ups ----

/// A measurement whose runs.yaml holds `figures`, and whose page states `[STATED]{=NAME}`.
fn measurement_with_figures(site: &Site, figures: &str, stated: &str, name: &str) {
    let runs = format!("{}figures:\n{figures}", common::RUNS_YAML);
    let page = common::MEASUREMENT.replace(
        "The host received most frames.",
        &format!("The host received [{stated}]{{={name}}} frames."),
    );
    site.appliance().file("content/m/index.md", page).file("content/m/runs.yaml", runs);
}

/// Issue 48: 12,000 tags in one paragraph were refused from the 10,916th on (read as
/// text, "stands apart from its [TEXT]"): pulldown-cmark spends a page's link budget, the
/// body's length, by the destinations filled in for dangling brackets, and each tag's
/// placeholder cost 11 bytes. An honest page of this size builds, every tag checked.
#[test]
fn a_paragraph_of_twelve_thousand_tags_builds_every_tag_checked() {
    let site = home_site();
    // Short names, as `[1]{=n}`: the budget is the body's length, so the test must make
    // the tags cost more than the text they stand in.
    let paragraph = vec!["a [1]{=n}"; 12_000].join(" ");
    measurement_with_figures(&site, "  n: {is: \"1\"}\n", "1", "n");
    let source = |site: &Site| std::fs::read_to_string(site.path("content/m/index.md")).expect("the page");
    let page = source(&site).replace("The host received", &format!("{paragraph}\n\nThe host received"));
    site.file("content/m/index.md", page);
    site.build().expect_success();
    let html = site.read("m/index.html");
    assert_eq!(html.matches("<data value=\"1\"").count(), 12_001, "every tag is a checked figure");
    let last = source(&site).replace("a [1]{=n}\n", "a [2]{=n}\n");
    site.file("content/m/index.md", last);
    let run = site.check();
    run.expect_code(1).expect_stderr("error[figure-mismatch]");
    assert!(run.stderr.contains(&format!("content/m/index.md:9:{}:", 10 * 11_999 + 4)), "{}", run.stderr);
}

#[test]
fn an_expression_nested_two_thousand_deep_is_an_error_not_a_crash() {
    let site = home_site();
    let deep = format!("{}1{}", "(".repeat(2000), ")".repeat(2000));
    measurement_with_figures(&site, &format!("  deep: {{is: \"{deep}\"}}\n"), "1", "deep");
    let run = site.check();
    run.expect_code(1).expect_stderr("error[figure-syntax]").expect_stderr("deeper than 32");
    assert!(run.stderr.contains("content/m/runs.yaml:10:"), "{}", run.stderr);
}

#[test]
fn a_chain_of_two_thousand_figures_is_an_error_not_a_crash() {
    let site = home_site();
    // Each figure reads the next, so computing the first goes 2,000 figures deep.
    let mut figures = String::new();
    for n in 0..1999 {
        figures.push_str(&format!("  f{n}: {{is: \"f{}\"}}\n", n + 1));
    }
    figures.push_str("  f1999: {is: \"runs.close_coproc.host_frames.received\"}\n");
    measurement_with_figures(&site, &figures, "962,826", "f0");
    let run = site.check();
    run.expect_code(1).expect_stderr("error[figure-too-deep]");
}

#[test]
fn a_figure_read_twice_is_computed_once() {
    // f0 = f1 + f1, f1 = f2 + f2, …: computed anew on every read this is 2^40 reads.
    let site = home_site();
    let mut figures = String::new();
    for n in 0..30 {
        figures.push_str(&format!("  f{n}: {{is: \"f{} + f{}\"}}\n", n + 1, n + 1));
    }
    figures.push_str("  f30: {is: \"runs.close_coproc.responses.failed\"}\n");
    // 2 × 2^30
    measurement_with_figures(&site, &figures, "2,147,483,648", "f0");
    site.check().expect_success();
}

/// The first bytes of a PNG that says it is `width`×`height` (its IHDR checksum right), with
/// an empty IDAT: what a small file claiming a huge picture starts with.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
    png.extend_from_slice(&ihdr);
    png.extend_from_slice(&crc32(&ihdr).to_be_bytes());
    png.extend_from_slice(&[0, 0, 0, 0]);
    png.extend_from_slice(b"IDAT");
    png.extend_from_slice(&crc32(b"IDAT").to_be_bytes());
    png
}

#[test]
fn an_image_of_too_many_pixels_is_refused_before_it_is_decoded() {
    let site = home_site();
    site.file("content/m/index.md", "---\ntitle: M\n---\n\n![huge](huge.png)\n");
    site.file("content/m/huge.png", png_header(20_000, 20_000));
    let run = site.check();
    run.expect_code(1).expect_stderr("error[bad-image]").expect_stderr("20000×20000");
    assert!(run.stderr.contains("content/m/index.md:5:1"), "{}", run.stderr);
}

#[test]
fn the_pixel_limit_is_set_in_site_yaml() {
    let site = home_site();
    site.file("content/m/index.md", "---\ntitle: M\n---\n\n![a shot](shot.png)\n");
    site.file("content/m/shot.png", PNG);
    site.check().expect_success();
    site.file("site.yaml", format!("{}max_image_pixels: 0\n", common::SITE_YAML));
    site.check().expect_code(1).expect_stderr("max_image_pixels");
}

#[test]
fn a_page_larger_than_max_page_bytes_is_an_error_before_it_is_read() {
    let site = home_site();
    site.file("content/big.md", format!("---\ntitle: Big\n---\n\n{}\n", "word ".repeat(100)));
    site.check().expect_success();
    site.file("site.yaml", format!("{}max_page_bytes: 200\n", common::SITE_YAML));
    let run = site.check();
    run.expect_code(1).expect_stderr("error[page-too-large]: content/big.md").expect_stderr("max_page_bytes");
}

#[test]
fn max_page_bytes_takes_a_size_with_a_unit_and_refuses_zero_at_its_place() {
    let site = home_site();
    site.file("content/big.md", format!("---\ntitle: Big\n---\n\n{}\n", "word ".repeat(300)));
    site.file("site.yaml", format!("{}max_page_bytes: 20 MiB\n", common::SITE_YAML));
    site.check().expect_success();
    site.file("site.yaml", format!("{}max_page_bytes: 1 KiB\n", common::SITE_YAML));
    site.check().expect_code(1).expect_stderr("error[page-too-large]: content/big.md");
    site.file("site.yaml", format!("{}max_page_bytes: 16 furlongs\n", common::SITE_YAML));
    site.check().expect_code(1).expect_stderr("16 MiB").expect_stderr("16 furlongs");
    site.file("site.yaml", format!("{}max_page_bytes: 0\n", common::SITE_YAML));
    let run = site.check();
    run.expect_code(1).expect_stderr("error[bad-setting]: site.yaml:").expect_stderr("max_page_bytes");
}

// ---- serve ----

/// `tally serve --port 0 ARGS…` on the site; returns the child and its port.
fn start_serve(site: &Site, args: &[&str]) -> (std::process::Child, u16, std::process::ChildStderr) {
    use std::io::BufRead as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tally"))
        .args(["serve", "--port", "0", "--root"])
        .arg(site.root())
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting tally serve");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a line");
    let port = first
        .strip_prefix("serving http://")
        .and_then(|rest| rest.split('/').next())
        .and_then(|address| address.rsplit(':').next())
        .and_then(|port| port.parse().ok());
    let stderr = child.stderr.take().expect("stderr");
    match port {
        Some(port) => (child, port, stderr),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no address printed: {first:?}");
        }
    }
}

/// One GET of `/` naming `host`; the status code.
fn status_for_host(port: u16, host: &str) -> u16 {
    use std::io::{Read as _, Write as _};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connecting");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(60))).expect("a timeout");
    write!(stream, "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").expect("sending");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("reading");
    let text = String::from_utf8_lossy(&raw);
    text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

#[test]
fn serve_answers_only_local_host_names() {
    let site = home_site();
    let (mut child, port, _stderr) = start_serve(&site, &[]);
    let statuses: Vec<(String, u16)> =
        ["127.0.0.1", "localhost", "[::1]", "evil.example", "127.0.0.1.nip.example"]
            .iter()
            .map(|host| {
                let host = format!("{host}:{port}");
                let status = status_for_host(port, &host);
                (host, status)
            })
            .collect();
    let _ = child.kill();
    let _ = child.wait();
    for (host, status) in &statuses[..3] {
        assert_eq!(*status, 200, "{host}");
    }
    for (host, status) in &statuses[3..] {
        assert_eq!(*status, 421, "{host}");
    }
}

#[test]
fn serve_warns_when_bound_beyond_loopback() {
    use std::io::Read as _;
    let site = home_site();
    let (mut child, _port, mut stderr) = start_serve(&site, &["--bind", "0.0.0.0"]);
    let _ = child.kill();
    let _ = child.wait();
    let mut text = String::new();
    stderr.read_to_string(&mut text).expect("stderr");
    assert!(text.contains("warning: serving on 0.0.0.0"), "{text}");
}

// ---- smaller ----

#[test]
fn links_that_run_code_are_errors_at_their_place() {
    for dest in
        ["javascript:alert(1)", "JavaScript:alert(1)", " java\tscript:x", "vbscript:x", "data:text/html,x"]
    {
        let site = home_site();
        site.file("content/index.md", format!("---\ntitle: Home\n---\n\nSee [x](<{dest}>).\n"));
        let run = site.check();
        run.expect_code(1).expect_stderr("error[unsafe-link]");
        assert!(run.stderr.contains("content/index.md:5:5"), "{dest}: {}", run.stderr);
    }
}

/// Raw HTML in markdown is published as it is written, so its addresses are checked too.
#[test]
fn links_that_run_code_in_raw_html_are_errors_at_their_place() {
    for html in [
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a HREF='JavaScript:alert(1)'>x</a>",
        "<img src=data:text/html,x alt=\"x\">",
        "<p><a href=\" vbscript:x\">x</a></p>",
    ] {
        let site = home_site();
        site.file("content/index.md", format!("---\ntitle: Home\n---\n\nSee {html} here.\n"));
        let run = site.check();
        run.expect_code(1).expect_stderr("error[unsafe-link]");
        assert!(run.stderr.contains("content/index.md:5:"), "{html}: {}", run.stderr);
    }
    let site = home_site();
    site.file(
        "content/index.md",
        "---\ntitle: Home\n---\n\nSee <a href=\"https://example.org/javascript:x\">x</a>.\n",
    );
    site.check().expect_success();
}

#[test]
fn a_base_url_that_is_not_a_web_address_is_an_error() {
    let site = home_site();
    site.file("site.yaml", common::SITE_YAML.replace("https://bench.example.org/", "javascript:alert(1)//"));
    site.check().expect_code(1).expect_stderr("error[bad-setting]").expect_stderr("site.yaml:3:");
}

/// Every address tally writes is root-absolute, so a base_url with a path would be accepted
/// and every link and stylesheet of the published site would miss it.
#[test]
fn a_base_url_with_a_path_is_an_error() {
    for address in ["https://bench.example.org/manual", "https://bench.example.org/manual/", "/manual"] {
        let site = home_site();
        site.file("site.yaml", common::SITE_YAML.replace("https://bench.example.org/", address));
        site.check().expect_code(1).expect_stderr("error[bad-setting]").expect_stderr("served at the root");
    }
}

#[test]
fn a_control_character_in_a_title_is_an_error_at_its_place() {
    let site = home_site();
    site.file("content/index.md", "---\ntitle: \"Home\\u0001\"\n---\n\nHello.\n");
    let run = site.check();
    run.expect_code(1).expect_stderr("error[control-character]");
    assert!(run.stderr.contains("content/index.md:2:8"), "{}", run.stderr);
}

#[test]
fn a_date_not_written_yyyy_mm_dd_is_an_error() {
    for date in ["20260101", "\"20260101\"", "2026-02-30", "2026-1-1"] {
        let site = home_site();
        site.file("content/index.md", format!("---\ntitle: Home\ndate: {date}\n---\n\nHello.\n"));
        let run = site.check();
        assert_eq!(run.code, 1, "{date}: {run:?}");
    }
}

// ---- the absolute path of an import error ----

#[test]
fn an_iperf_import_error_names_the_file_relative_to_the_site_when_run_from_its_folder() {
    let site = Site::new();
    let runs = "build: {driver: d, release: r}\nruns:\n  t:\n    iperf: raw/iperf.txt\n";
    site.file("content/m/runs.yaml", runs);
    site.file("content/m/raw/iperf.txt", "this is not iperf output\n");
    site.file("content/m/index.md", common::MEASUREMENT);
    // As users run it: from the site's folder, with the default --root (`.`).
    let run = common::run_tally(&["check"], site.root());
    run.expect_code(1).expect_stderr("error[runs-import]");
    let root = site.root().to_string_lossy().into_owned();
    assert!(!run.stderr.contains(&root), "an absolute path is shown:\n{}", run.stderr);
    assert!(run.stderr.contains("content/m/raw/iperf.txt"), "{}", run.stderr);
}

#[test]
fn a_key_defined_twice_in_a_fluent_file_is_an_error_on_its_line() {
    let site = home_site();
    let en = site.read_source("i18n/en.ftl");
    let first = en.lines().find(|l| l.contains(" = ") && !l.starts_with('#')).expect("a message").to_string();
    site.file("i18n/en.ftl", format!("{en}\n{first}\n"));
    let line = en.lines().count() + 2;
    let run = site.check();
    run.expect_code(1).expect_stderr("error[bad-fluent]").expect_stderr("defined twice");
    assert!(run.stderr.contains(&format!("i18n/en.ftl:{line}:1")), "{}", run.stderr);
}

#[test]
fn bad_utf8_in_a_fluent_file_is_an_error_at_its_place() {
    let site = home_site();
    let mut en = b"hello = Hello\nbad = caf".to_vec();
    en.extend_from_slice(&[0xff, b'\n']);
    site.file("i18n/en.ftl", en);
    let run = site.check();
    run.expect_code(1).expect_stderr("error[bad-fluent]");
    assert!(run.stderr.contains("i18n/en.ftl:2:10"), "{}", run.stderr);
}

#[test]
fn a_template_component_that_calls_itself_is_an_error_on_its_line() {
    let site = home_site();
    let components = site.read_source("templates/components.html");
    let line = components.lines().count() + 1;
    site.file(
        "templates/components.html",
        format!("{components}{{% component ping(n) %}}{{{{ <pong n={{n}}/> }}}}{{% endcomponent ping %}}\n{{% component pong(n) %}}{{{{ <ping n={{n}}/> }}}}{{% endcomponent pong %}}\n"),
    );
    site.edit("templates/home.html", "{{ <listing_groups", "{{ <ping n={1}/> }}{{ <listing_groups");
    let run = site.check();
    run.expect_code(1).expect_stderr("error[template]").expect_stderr("recursion");
    assert!(run.stderr.contains(&format!("templates/components.html:{line}:")), "{}", run.stderr);
}
