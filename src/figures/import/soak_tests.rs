use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::*;

// Recorded on this project's build machine with curl 7.88.1 against `python3 -m http.server
// --bind 127.0.0.1` serving 64 KiB of random bytes: `curl -sS -o out1 -w '%{json}\n' URL/f`,
// then `-o out2` for a missing path (404, exit 0: `-f` was not given), then `-o out3` once
// the server was stopped (exit 7: curl wrote no file, so `sha256sum out3` printed only an
// error). The hashes are `sha256sum out1 out2`'s.
const OUT1: &str = r#"{"certs":"","content_type":"application/octet-stream","errormsg":null,"exitcode":0,"filename_effective":"out1","ftp_entry_path":null,"http_code":200,"http_connect":0,"http_version":"1","local_ip":"127.0.0.1","local_port":42374,"method":"GET","num_certs":0,"num_connects":1,"num_headers":5,"num_redirects":0,"proxy_ssl_verify_result":0,"redirect_url":null,"referer":null,"remote_ip":"127.0.0.1","remote_port":18765,"response_code":200,"scheme":"HTTP","size_download":65536,"size_header":203,"size_request":80,"size_upload":0,"speed_download":5723668,"speed_upload":0,"ssl_verify_result":0,"time_appconnect":0.000000,"time_connect":0.000186,"time_namelookup":0.000036,"time_pretransfer":0.000230,"time_redirect":0.000000,"time_starttransfer":0.011150,"time_total":0.011450,"url":"http://127.0.0.1:18765/f","url_effective":"http://127.0.0.1:18765/f","urlnum":0,"curl_version":"libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 brotli/1.0.9 zstd/1.5.4 libidn2/2.3.3 libpsl/0.21.2 (+libidn2/2.3.3) libssh2/1.10.0 nghttp2/1.52.0 librtmp/2.3 OpenLDAP/2.5.13"}"#;
const OUT2_404: &str = r#"{"certs":"","content_type":"text/html;charset=utf-8","errormsg":null,"exitcode":0,"filename_effective":"out2","ftp_entry_path":null,"http_code":404,"http_connect":0,"http_version":"1","local_ip":"127.0.0.1","local_port":42376,"method":"GET","num_certs":0,"num_connects":1,"num_headers":5,"num_redirects":0,"proxy_ssl_verify_result":0,"redirect_url":null,"referer":null,"remote_ip":"127.0.0.1","remote_port":18765,"response_code":404,"scheme":"HTTP","size_download":335,"size_header":185,"size_request":86,"size_upload":0,"speed_download":33181,"speed_upload":0,"ssl_verify_result":0,"time_appconnect":0.000000,"time_connect":0.000127,"time_namelookup":0.000019,"time_pretransfer":0.000155,"time_redirect":0.000000,"time_starttransfer":0.009985,"time_total":0.010096,"url":"http://127.0.0.1:18765/missing","url_effective":"http://127.0.0.1:18765/missing","urlnum":0,"curl_version":"libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 brotli/1.0.9 zstd/1.5.4 libidn2/2.3.3 libpsl/0.21.2 (+libidn2/2.3.3) libssh2/1.10.0 nghttp2/1.52.0 librtmp/2.3 OpenLDAP/2.5.13"}"#;
const OUT3_REFUSED: &str = r#"{"certs":"","content_type":null,"errormsg":"Failed to connect to 127.0.0.1 port 18765 after 0 ms: Couldn't connect to server","exitcode":7,"filename_effective":"out3","ftp_entry_path":null,"http_code":0,"http_connect":0,"http_version":"0","local_ip":"","local_port":0,"method":"GET","num_certs":0,"num_connects":0,"num_headers":0,"num_redirects":0,"proxy_ssl_verify_result":0,"redirect_url":null,"referer":null,"remote_ip":"","remote_port":0,"response_code":0,"scheme":null,"size_download":0,"size_header":0,"size_request":0,"size_upload":0,"speed_download":0,"speed_upload":0,"ssl_verify_result":0,"time_appconnect":0.000000,"time_connect":0.000000,"time_namelookup":0.000025,"time_pretransfer":0.000000,"time_redirect":0.000000,"time_starttransfer":0.000000,"time_total":0.000205,"url":"http://127.0.0.1:18765/f","url_effective":"http://127.0.0.1:18765/f","urlnum":0,"curl_version":"libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 brotli/1.0.9 zstd/1.5.4 libidn2/2.3.3 libpsl/0.21.2 (+libidn2/2.3.3) libssh2/1.10.0 nghttp2/1.52.0 librtmp/2.3 OpenLDAP/2.5.13"}"#;
const SHA_OUT1: &str = "ab9963c970acb455295c39309cf094887596a37aa77a033e9577b70ebe528abe  out1";
const SHA_OUT2: &str = "860b53ed6ea6a0cf602fae632cfcd28dbcf637f85a8bee28d2ee9c6cc9081669  out2";
const SERVED: &str = "ab9963c970acb455295c39309cf094887596a37aa77a033e9577b70ebe528abe";
/// The clock before and after each of two passes, as PowerShell's `Get-Date -Format o`
/// writes it: the loop hashed the first copy for 0.2 s before the second pass started.
const TIMES_2: &str = "2026-12-04T10:00:00.0000000+09:00\r\n2026-12-04T10:00:00.0115000+09:00\r\n2026-12-04T10:00:00.2115000+09:00\r\n2026-12-04T10:00:00.2216000+09:00\r\n";

fn soak(curl: &str, sha256: &str) -> Result<Imported, ImportError> {
    import_soak(&SoakFiles { curl, sha256, expected: SERVED, times: None }).map(|s| s.imported)
}

fn timed(curl: &str, sha256: &str, times: &str) -> Result<Soak, ImportError> {
    import_soak(&SoakFiles { curl, sha256, expected: SERVED, times: Some(times) })
}

fn number(imported: &Imported, path: &str) -> f64 {
    imported.fields.number(path).unwrap_or_else(|| panic!("no number at {path}: {:#?}", imported.fields))
}

#[test]
fn recorded_passes_give_the_soaks_fields() {
    let curl = format!("{OUT1}\n{OUT2_404}\n");
    let imported = soak(&curl, &format!("{SHA_OUT1}\n{SHA_OUT2}\n")).unwrap();
    let fields = &imported.fields;
    assert_eq!(number(&imported, "passes"), 2.0);
    assert_eq!(number(&imported, "failed_passes"), 1.0);
    assert_eq!(number(&imported, "mismatches"), 0.0);
    // The 404's body is no delivered copy.
    assert_eq!(number(&imported, "bytes"), 65536.0);
    // 0.011450 + 0.010096, added as decimals: no binary rounding in the sum.
    assert_eq!(number(&imported, "transfer_seconds"), 0.021546);
    assert_eq!(number(&imported, "pass.1.http_code"), 404.0);
    assert_eq!(number(&imported, "pass.0.matches"), 1.0);
    assert_eq!(number(&imported, "pass.1.matches"), 0.0);
    let at = |path: &str| &curl[fields.value(path).unwrap().at.clone()];
    assert_eq!(at("pass.0.bytes"), "65536");
    assert_eq!(at("pass.1.seconds"), "0.010096");
    assert_eq!(at("pass.1.exit_code"), "0");
    // The failed pass's line is where `failed_passes` is read.
    assert_eq!(at("failed_passes"), OUT2_404);
}

#[test]
fn soak_throughput_is_over_the_span_of_the_times_file_not_the_sum_of_time_total() {
    let curl = format!("{OUT1}\n{OUT1}\n");
    let sha = format!("{SHA_OUT1}\n{SHA_OUT1}\n");
    let soak_read = timed(&curl, &sha, TIMES_2).unwrap();
    let imported = &soak_read.imported;
    // From the first pass's start to the last one's end, the loop's hashing included.
    assert_eq!(number(imported, "seconds"), 0.2216);
    assert_eq!(number(imported, "bits_per_second"), 2.0 * 65536.0 * 8.0 / 0.2216);
    assert_eq!(imported.fields.value("bits_per_second").unwrap().unit, Unit::BitPerSecond);
    // curl's own time, for what it is, under its own name.
    assert_eq!(number(imported, "transfer_seconds"), 0.0229);
    // `seconds` is read on the times file's first line.
    assert_eq!(soak_read.placed_in.len(), 1);
    let (path, file, at) = &soak_read.placed_in[0];
    assert_eq!((*path, *file), ("seconds", SoakFile::Times));
    assert_eq!(&TIMES_2[at.clone()], "2026-12-04T10:00:00.0000000+09:00");
    // Without the times file, neither is given, and each says why: never the sum.
    let untimed = soak(&curl, &sha).unwrap();
    for path in ["seconds", "bits_per_second"] {
        match untimed.fields.get(path) {
            Some(Tree::Absent(why)) => assert!(why.contains("`times:`"), "{why}"),
            other => panic!("{path}: {other:?}"),
        }
    }
}

#[test]
fn a_times_file_whose_count_disagrees_with_curls_lines_is_an_error() {
    let curl = format!("{OUT1}\n{OUT1}\n");
    let sha = format!("{SHA_OUT1}\n{SHA_OUT1}\n");
    let three: String = TIMES_2.lines().take(3).map(|l| format!("{l}\n")).collect();
    let e = timed(&curl, &sha, &three).unwrap_err();
    assert!(e.message.starts_with("times: the file has 3 times for 2 curl passes"), "{e}");
    let e = timed(OUT1, SHA_OUT1, TIMES_2).unwrap_err();
    assert!(e.message.contains("4 times for 1 curl passes"), "{e}");
    assert!(timed(&curl, &sha, "10:00\n").unwrap_err().message.contains("not an ISO-8601 time"));
}

#[test]
fn a_pass_curl_could_not_complete_may_go_without_a_hash_line() {
    let curl = format!("{OUT1}\n{OUT2_404}\n{OUT3_REFUSED}\n");
    let imported = soak(&curl, &format!("{SHA_OUT1}\n{SHA_OUT2}\n")).unwrap();
    assert_eq!(number(&imported, "failed_passes"), 2.0);
    assert_eq!(number(&imported, "pass.2.exit_code"), 7.0);
    assert!(matches!(imported.fields.get("pass.2.matches"), Some(Tree::Absent(_))));
    assert_eq!(number(&imported, "transfer_seconds"), 0.021751);
    // Without a name of its own for each pass, which one lacks its hash is unknown.
    let same_name = curl.replace("\"out3\"", "\"out1\"");
    let e = soak(&same_name, &format!("{SHA_OUT1}\n{SHA_OUT2}\n")).unwrap_err();
    assert!(e.message.starts_with("sha256sum") && e.message.contains("2 hashes for 3"), "{e}");
    // A pass that succeeded always has its hash.
    let e = soak(&format!("{OUT1}\n{OUT2_404}\n"), &format!("{SHA_OUT2}\n")).unwrap_err();
    assert!(e.message.starts_with("sha256sum") && e.message.contains("pass 1 succeeded"), "{e}");
}

#[test]
fn a_copy_whose_hash_differs_is_a_mismatch_and_not_delivered() {
    let curl = format!("{OUT1}\n{OUT2_404}\n");
    let wrong = SHA_OUT1.replacen("ab99", "ab98", 1);
    let imported = soak(&curl, &format!("{wrong}\n{SHA_OUT2}\n")).unwrap();
    assert_eq!(number(&imported, "mismatches"), 1.0);
    assert_eq!(number(&imported, "bytes"), 0.0);
    // Placed on the differing hash line, in sha256sum's output.
    let sha = format!("{wrong}\n{SHA_OUT2}\n");
    let placed = timed(&curl, &sha, TIMES_2).unwrap();
    assert_eq!(placed.placed_in[1].0, "mismatches");
    assert_eq!(&sha[placed.placed_in[1].2.clone()], wrong);
    assert_eq!(number(&placed.imported, "bits_per_second"), 0.0);
    // Hashes compare whatever their case.
    let upper = SHA_OUT1.replacen("ab9963c970", "AB9963C970", 1);
    assert_eq!(number(&soak(&curl, &format!("{upper}\n{SHA_OUT2}\n")).unwrap(), "mismatches"), 0.0);
}

#[test]
fn a_line_that_is_not_curls_object_is_an_error_at_its_line() {
    let curl = format!("{OUT1}\n<html>not found</html>{OUT2_404}\n");
    let e = soak(&curl, &format!("{SHA_OUT1}\n{SHA_OUT2}\n")).unwrap_err();
    assert!(e.message.contains("-o FILE"), "{e}");
    assert_eq!(&curl[e.at.unwrap()], &curl[OUT1.len() + 1..curl.len() - 1]);
    let truncated = format!("{OUT1}\n{}\n", &OUT2_404[..200]);
    let e = soak(&truncated, &format!("{SHA_OUT1}\n{SHA_OUT2}\n")).unwrap_err();
    assert!(e.message.starts_with("curl's `%{json}` line: not JSON"), "{e}");
    assert_eq!(e.at.unwrap().start, OUT1.len() + 1);
}

#[test]
fn a_pass_without_one_of_its_four_numbers_is_refused_saying_which() {
    for (key, says) in [
        ("\"exitcode\":0,", "curl 7.75"),
        ("\"response_code\":200,", "response_code"),
        ("\"size_download\":65536,", "size_download"),
        ("\"time_total\":0.011450,", "time_total"),
    ] {
        assert!(OUT1.contains(key));
        let e = soak(&OUT1.replace(key, ""), SHA_OUT1).unwrap_err();
        assert!(e.message.contains(says), "{key}: {e}");
        assert_eq!(e.at, Some(0..OUT1.len() - key.len()));
    }
    for (key, bad) in [
        ("\"exitcode\":0", "\"exitcode\":-1"),
        ("\"size_download\":65536", "\"size_download\":65536.5"),
        ("\"time_total\":0.011450", "\"time_total\":\"0.011450\""),
        ("\"time_total\":0.011450", "\"time_total\":1.1e-2"),
    ] {
        let line = OUT1.replace(key, bad);
        let e = soak(&line, SHA_OUT1).unwrap_err();
        let value = bad.split_once(':').unwrap().1;
        assert_eq!(&line[e.at.clone().unwrap()], value, "{e}");
    }
}

#[test]
fn sha256sums_output_is_read_in_its_forms_and_refused_otherwise() {
    let hash = SERVED;
    for line in [format!("{hash} *out1"), format!("SHA256 (out1) = {hash}"), format!("{hash}  ./out1")] {
        let imported = soak(OUT1, &line).unwrap();
        assert_eq!(number(&imported, "mismatches"), 0.0, "{line}");
    }
    let escaped = OUT1.replace("\"out1\"", "\"a\\\\out1\"");
    assert!(soak(&escaped, &format!("\\{hash}  a\\\\out1")).is_ok());
    for bad in
        [format!("{hash} out1"), format!("{}  out1", &hash[..63]), format!("{hash}  "), "out1".to_string()]
    {
        let sha = format!("{SHA_OUT1}\n{bad}\n");
        let e = soak(&format!("{OUT1}\n{OUT2_404}\n"), &sha).unwrap_err();
        assert!(e.message.starts_with("sha256sum"), "{e}");
        assert_eq!(&sha[e.at.unwrap()], bad);
    }
    // One line a pass, in the passes' order.
    let e = soak(&format!("{OUT1}\n{OUT2_404}\n"), &format!("{SHA_OUT2}\n{SHA_OUT1}\n")).unwrap_err();
    assert!(e.message.starts_with("sha256sum") && e.message.contains("`out2`"), "{e}");
    let e = soak(OUT1, &format!("{SHA_OUT1}\n{SHA_OUT1}\n")).unwrap_err();
    assert!(e.message.starts_with("sha256sum"), "{e}");
}

/// A hash line of a file in a folder the pass did not write in is another file's hash: it
/// was matched to the pass by the end of its name (`/other/soak/copy2` as `copy2`).
#[test]
fn a_hash_of_a_file_elsewhere_is_not_the_hash_of_the_pass_file() {
    for hashed in ["/other/soak/out1", "/tmp/soak/out1", "C:\\soak\\out1", "soak/out1"] {
        let e = soak(OUT1, &format!("{SERVED}  {hashed}")).unwrap_err();
        assert!(e.message.starts_with("sha256sum") && e.message.contains(hashed), "{hashed}: {e}");
    }
    // The pass wrote into a folder, hashed from that folder: the same file.
    let absolute = OUT1.replace("\"out1\"", "\"/tmp/soak/out1\"");
    for hashed in ["out1", "soak/out1", "/tmp/soak/out1"] {
        let imported = soak(&absolute, &format!("{SERVED}  {hashed}")).unwrap();
        assert_eq!(number(&imported, "mismatches"), 0.0, "{hashed}");
    }
    assert!(soak(&absolute, &format!("{SERVED}  /other/soak/out1")).is_err());
}

/// curl writes one code under two names; a line whose two differ was edited, and a 500
/// must not pass as the 200 beside it.
#[test]
fn a_pass_whose_http_code_and_response_code_differ_is_refused() {
    let edited = OUT1.replace("\"http_code\":200", "\"http_code\":500");
    let e = soak(&edited, SHA_OUT1).unwrap_err();
    assert!(e.message.contains("`http_code` is 500 but `response_code` is 200"), "{e}");
    assert_eq!(&edited[e.at.unwrap()], "500");
    // A curl that writes only `response_code` is read as before.
    let alone = OUT1.replace("\"http_code\":200,", "");
    assert_eq!(number(&soak(&alone, SHA_OUT1).unwrap(), "failed_passes"), 0.0);
}

#[test]
fn an_expected_hash_that_is_not_one_and_an_empty_log_are_refused() {
    let e =
        import_soak(&SoakFiles { curl: OUT1, sha256: SHA_OUT1, expected: "abc", times: None }).unwrap_err();
    assert!(e.message.contains("64 hex digits"), "{e}");
    assert!(soak("\n\n", "").unwrap_err().message.contains("no pass"));
}

/// A `python3 -m http.server` on 127.0.0.1 only, serving `dir`; killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(dir: &Path) -> Server {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new("python3")
            .args(["-m", "http.server", "--bind", "127.0.0.1", &port.to_string(), "--directory"])
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs this test's server (CI has it)");
        let server = Server { child, port };
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "python3's http.server did not listen on {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What `program args` printed on stdout, run in `dir` (its exit code is the caller's to
/// judge: sha256sum of a missing file fails, curl's refused pass exits 7).
fn stdout(dir: &Path, program: &str, args: &[&str]) -> Vec<u8> {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{program} runs this test (CI has it): {e}"));
    output.stdout
}

#[test]
fn a_real_soak_against_a_local_server_is_read_as_curl_and_sha256sum_wrote_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let body: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    std::fs::write(dir.path().join("f"), &body).unwrap();
    let mut curl = Vec::new();
    let server = Server::start(dir.path());
    let url = |path: &str| format!("http://127.0.0.1:{}/{path}", server.port);
    // The loop the manual gives: the clock before and after each pass, as bash's `date`
    // writes it; the copies hashed after the soak.
    let mut times = Vec::new();
    let clock = |times: &mut Vec<u8>| times.extend(stdout(dir.path(), "date", &["+%FT%T.%N%:z"]));
    for (file, path) in [("p1", "f"), ("p2", "f"), ("p3", "f"), ("p4", "missing")] {
        clock(&mut times);
        curl.extend(stdout(dir.path(), "curl", &["-sS", "-o", file, "-w", "%{json}\n", &url(path)]));
        clock(&mut times);
    }
    let refused = url("f");
    drop(server);
    clock(&mut times);
    curl.extend(stdout(dir.path(), "curl", &["-sS", "-o", "p5", "-w", "%{json}\n", &refused]));
    clock(&mut times);
    let mut sha256 = Vec::new();
    for file in ["p1", "p2", "p3", "p4", "p5"] {
        sha256.extend(stdout(dir.path(), "sha256sum", &[file]));
    }
    let served = String::from_utf8(stdout(dir.path(), "sha256sum", &["f"])).unwrap();
    let expected = served.split_whitespace().next().unwrap();
    let curl = String::from_utf8(curl).unwrap();
    let sha256 = String::from_utf8(sha256).unwrap();
    let times = String::from_utf8(times).unwrap();
    let imported = import_soak(&SoakFiles { curl: &curl, sha256: &sha256, expected, times: Some(&times) })
        .unwrap_or_else(|e| panic!("{e}\n{curl}\n{sha256}\n{times}"))
        .imported;
    let n = |path: &str| number(&imported, path);
    assert_eq!(n("passes"), 5.0);
    assert_eq!(n("failed_passes"), 2.0, "the 404 and the refused connection");
    assert_eq!(n("mismatches"), 0.0);
    assert_eq!(n("bytes"), 3.0 * body.len() as f64);
    assert_eq!((n("pass.3.http_code"), n("pass.3.exit_code")), (404.0, 0.0));
    assert_eq!(n("pass.4.exit_code"), 7.0);
    assert!(matches!(imported.fields.get("pass.4.matches"), Some(Tree::Absent(_))));
    // The span holds every pass's transfer, and the loop's time around them.
    assert!(n("seconds") >= n("transfer_seconds") - 0.001, "{} < {}", n("seconds"), n("transfer_seconds"));
    assert_eq!(n("bits_per_second"), n("bytes") * 8.0 / n("seconds"));
}

#[test]
fn a_soak_key_in_runs_yaml_gives_the_run_its_fields_and_the_bench_rule_reads_them() {
    let root = tempfile::tempdir().unwrap();
    let bundle = root.path().join("content/m/b");
    std::fs::create_dir_all(bundle.join("raw")).unwrap();
    std::fs::write(bundle.join("raw/curl.log"), format!("{OUT1}\n{OUT1}\n")).unwrap();
    std::fs::write(bundle.join("raw/sha.txt"), format!("{SHA_OUT1}\n{SHA_OUT1}\n")).unwrap();
    std::fs::write(bundle.join("raw/times.txt"), TIMES_2).unwrap();
    let source = format!(
        "runs:\n  s:\n    kind: soak\n    soak: {{curl: raw/curl.log, sha256: raw/sha.txt, expect: {SERVED}, times: raw/times.txt}}\nfigures:\n  rate: {{is: runs.s.bits_per_second, unit: bit/s}}\n"
    );
    let (data, diagnostics) = crate::figures::load_run_data(root.path(), &bundle.join("runs.yaml"), &source);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let data = data.unwrap();
    assert_eq!(data.resolve("rate").unwrap().value, 2.0 * 65536.0 * 8.0 / 0.2216);
    let seconds = data.origin("runs.s.seconds").raw.unwrap();
    assert_eq!((seconds.0.to_str().unwrap(), seconds.1), ("raw/times.txt", 1));
    assert_eq!(data.origin("runs.s.bits_per_second").raw.unwrap().0.to_str(), Some("raw/curl.log"));
    // A times file with a time too many is refused in that file, at its line.
    std::fs::write(bundle.join("raw/times.txt"), format!("{TIMES_2}2026-12-04T10:00:01.0+09:00\n")).unwrap();
    let (_, diagnostics) = crate::figures::load_run_data(root.path(), &bundle.join("runs.yaml"), &source);
    assert!(diagnostics.iter().any(|d| d.message.contains("5 times for 2")), "{diagnostics:#?}");
    assert!(diagnostics.iter().any(|d| d.path.ends_with("raw/times.txt") && d.line == 5), "{diagnostics:#?}");
    // Without it, the rate says why it is not there.
    let untimed = source.replace(", times: raw/times.txt", "");
    let (data, _) = crate::figures::load_run_data(root.path(), &bundle.join("runs.yaml"), &untimed);
    let e = data.unwrap().resolve("rate").unwrap_err();
    assert!(e.to_string().contains("`times:`"), "{e}");
    // A 404 pass fails the soak, by the bench's rule.
    std::fs::write(bundle.join("raw/times.txt"), TIMES_2).unwrap();
    std::fs::write(bundle.join("raw/curl.log"), format!("{OUT1}\n{}\n", OUT2_404.replace("out2", "out1")))
        .unwrap();
    let (_, diagnostics) = crate::figures::load_run_data(root.path(), &bundle.join("runs.yaml"), &source);
    assert!(diagnostics.iter().any(|d| d.message.contains("1 failed passes")), "{diagnostics:#?}");
}

/// A line curl did not write whole: a real one cut short, a body before it, or text.
fn damaged_curl_line() -> impl Strategy<Value = String> {
    prop_oneof![
        (1usize..OUT1.len() - 1).prop_map(|n| OUT1[..n].to_string()),
        "[^\n\r{]{1,20}".prop_map(|body| format!("{body}{OUT1}")),
        "[^\n\r]{0,40}".prop_map(|s| format!("{{\"exitcode\":0,{s}")),
    ]
}

fn damaged_hash_line() -> impl Strategy<Value = String> {
    prop_oneof![
        (1usize..SHA_OUT1.len() - 1).prop_map(|n| SHA_OUT1[..n].to_string()),
        "[0-9a-f]{0,63}  out1",
        // Whitespace alone is a blank line, which holds no hash and is skipped.
        "[^\n\r]{0,69}[^\\s]",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn never_panics_on_any_logs(curl in "\\PC{0,200}", sha in "\\PC{0,100}", jsonish in "[{}\",:0-9a-z_. \n]{0,200}") {
        let _ = soak(&curl, &sha);
        let _ = soak(&jsonish, &sha);
        let _ = soak(&format!("{OUT1}\n{jsonish}"), SHA_OUT1);
        let _ = soak(OUT1, &jsonish);
    }

    #[test]
    fn never_accepts_logs_with_a_damaged_line(in_curl in any::<bool>(), curl_line in damaged_curl_line(), hash_line in damaged_hash_line(), place in 0usize..3) {
        let mut curl = vec![OUT1, OUT2_404];
        let mut sha = vec![SHA_OUT1, SHA_OUT2];
        if in_curl {
            curl.insert(place.min(2), &curl_line);
        } else {
            sha.insert(place.min(2), &hash_line);
        }
        let (curl, sha) = (curl.join("\n"), sha.join("\n"));
        prop_assert!(soak(&curl, &sha).is_err(), "accepted {curl:?} with {sha:?}");
    }
}

/// A soak of many passes, one of which failed and was not hashed, is paired by name in
/// linear time: the names were checked for repeats by a search of those before each
/// (80,000 passes took 13 s). Counted, not timed.
#[test]
fn many_passes_with_one_unhashed_failure_are_paired_in_linear_time() {
    let soak_of =
        |n: usize| {
            let mut curl = String::new();
            let mut sums = String::new();
            for i in 1..=n {
                curl.push_str(&OUT1.replace(
                    "\"filename_effective\":\"out1\"",
                    &format!("\"filename_effective\":\"out{i}\""),
                ));
                curl.push('\n');
                sums.push_str(&format!("{SERVED}  out{i}\n"));
            }
            curl.push_str(
                &OUT3_REFUSED.replace("\"filename_effective\":\"out3\"", "\"filename_effective\":\"failed\""),
            );
            curl.push('\n');
            (curl, sums)
        };
    let (curl, sums) = soak_of(1_000);
    let (read, one) = crate::figures::import::counted(|| soak(&curl, &sums));
    assert_eq!(number(&read.unwrap(), "failed_passes"), 1.0);
    let (curl, sums) = soak_of(8_000);
    let (read, eight) = crate::figures::import::counted(|| soak(&curl, &sums));
    assert_eq!(number(&read.unwrap(), "passes"), 8_001.0);
    assert!(eight <= 8 * one + one / 10, "{one} {eight}");
}
