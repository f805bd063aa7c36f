//! The output's tests: a site written into a folder, replaced whole, dropped before its
//! commit, and what killed builds leave beside it.

use std::path::Path;

use super::staging::{MARKER_TEXT, running};
use super::*;

fn in_memory(files: &[(&str, &str)]) -> Output {
    let collector = Collector::new(&Destination::Memory).unwrap();
    for (path, text) in files {
        collector.add(*path, text.to_string());
    }
    collector.finish().unwrap()
}

fn write_to(site: &Path, files: &[(&str, &str)]) {
    let collector = Collector::new(&Destination::Folder(site.to_path_buf())).unwrap();
    for (path, text) in files {
        collector.add(*path, text.to_string());
    }
    collector.finish().unwrap().commit().unwrap();
}

/// A process id no process has now.
fn dead_pid() -> u32 {
    (4_000_000..).find(|pid| !running(*pid)).unwrap()
}

#[test]
fn what_killed_builds_leave_beside_the_site_goes_with_the_next_build() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let pid = dead_pid();
    // Killed before its staging folder got its mark: empty.
    let unmarked_new = dir.path().join(format!(".site.new-{pid}"));
    std::fs::create_dir_all(&unmarked_new).unwrap();
    // Killed while removing the old site: the mark is the last thing to go.
    let retired = dir.path().join(format!(".site.old-{}", pid + 1));
    std::fs::create_dir_all(retired.join("a")).unwrap();
    std::fs::write(retired.join(MARKER), MARKER_TEXT).unwrap();
    std::fs::write(retired.join("a/index.html"), "old").unwrap();
    // Not tally's: not empty and unmarked.
    let foreign = dir.path().join(format!(".site.old-{}", pid + 2));
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    write_to(&site, &[("index.html", "new")]);
    assert!(!unmarked_new.exists() && !retired.exists());
    assert!(foreign.join("notes.txt").is_file());
}

#[test]
fn a_second_write_replaces_the_whole_site() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    write_to(&site, &[("a/index.html", "one"), ("gone.txt", "x")]);
    write_to(&site, &[("a/index.html", "two")]);
    assert_eq!(std::fs::read_to_string(site.join("a/index.html")).unwrap(), "two");
    assert!(!site.join("gone.txt").exists());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "staging folders must not remain");
}

#[test]
fn files_bound_for_a_folder_are_written_at_once_and_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let collector = Collector::new(&Destination::Folder(site.clone())).unwrap();
    collector.add("a/b/index.html", "page");
    let staged: Vec<_> = std::fs::read_dir(dir.path()).unwrap().filter_map(Result::ok).collect();
    assert_eq!(staged.len(), 1);
    assert_eq!(std::fs::read_to_string(staged[0].path().join("a/b/index.html")).unwrap(), "page");
    let output = collector.finish().unwrap();
    assert_eq!(output.files.get("a/b/index.html").map(|b| b.len()), Some(0), "bytes are not kept");
    assert!(!site.exists(), "nothing is in place before the commit");
    output.commit().unwrap();
    assert_eq!(std::fs::read_to_string(site.join("a/b/index.html")).unwrap(), "page");
}

#[test]
fn a_build_dropped_before_its_commit_leaves_the_old_site_alone() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    write_to(&site, &[("index.html", "old")]);
    let collector = Collector::new(&Destination::Folder(site.clone())).unwrap();
    collector.add("index.html", "new");
    drop(collector.finish().unwrap());
    assert_eq!(std::fs::read_to_string(site.join("index.html")).unwrap(), "old");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "the staging folder is removed");
}

#[test]
fn a_file_under_a_file_is_noted_as_a_clash_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let collector = Collector::new(&Destination::Folder(dir.path().join("site"))).unwrap();
    collector.add("taken", "a file");
    collector.add("taken/index.html", "cannot go under a file");
    assert_eq!(collector.file_and_folder(), vec![("taken/index.html".to_string(), "taken".to_string())]);
    let output = collector.finish().unwrap();
    assert!(!output.files.contains_key("taken/index.html"));
}

fn in_parts(collector: &Collector, parts: &[&str]) {
    let mut file = collector.begin("data/f.json", Vec::new());
    for part in parts {
        file.push(part.as_bytes());
    }
    collector.end(file);
}

#[test]
fn a_file_in_parts_is_the_parts_joined() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let collector = Collector::new(&Destination::Folder(site.clone())).unwrap();
    in_parts(&collector, &["[", "1,2", "]"]);
    let output = collector.finish().unwrap();
    assert!(output.files["data/f.json"].is_empty(), "bytes are not kept");
    output.commit().unwrap();
    assert_eq!(std::fs::read_to_string(site.join("data/f.json")).unwrap(), "[1,2]");
    let memory = Collector::new(&Destination::Memory).unwrap();
    in_parts(&memory, &["[", "]"]);
    assert_eq!(memory.finish().unwrap().files["data/f.json"][..], b"[]"[..]);
}

#[test]
fn a_file_in_parts_under_a_file_is_noted_as_a_clash() {
    let dir = tempfile::tempdir().unwrap();
    let collector = Collector::new(&Destination::Folder(dir.path().join("site"))).unwrap();
    collector.add("data", "a file where a folder must go");
    in_parts(&collector, &["[", "]"]);
    assert_eq!(collector.file_and_folder(), vec![("data/f.json".to_string(), "data".to_string())]);
}

#[test]
fn nowhere_keeps_only_the_file_list() {
    let collector = Collector::new(&Destination::Nowhere).unwrap();
    collector.add("x.html", "bytes");
    let output = collector.finish().unwrap();
    assert_eq!(output.files.len(), 1);
    assert!(output.files["x.html"].is_empty());
}

#[test]
fn lookup_finds_index_files_for_folder_urls() {
    let output = in_memory(&[("ja/index.html", "x"), ("atom.xml", "y")]);
    assert_eq!(output.lookup("/ja/"), Some(&b"x"[..]));
    assert_eq!(output.lookup("/ja"), Some(&b"x"[..]));
    assert_eq!(output.lookup("/atom.xml"), Some(&b"y"[..]));
    assert_eq!(output.lookup("/nothing"), None);
}

/// A build killed with its parent (`timeout -s KILL` signals the whole group) is a zombie
/// until init reaps it: its staging folder is a dead build's, not a running one's.
#[cfg(target_os = "linux")]
#[test]
fn a_zombie_is_not_a_running_build() {
    let mut child = std::process::Command::new("true").spawn().expect("running `true`");
    let pid = child.id();
    // Not waited for yet: once it has exited it stays a zombie of this process.
    let stat = Path::new("/proc").join(pid.to_string()).join("stat");
    let exited = (0..500).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        std::fs::read_to_string(&stat).is_ok_and(|s| s.contains(") Z"))
    });
    assert!(exited, "`true` did not become a zombie");
    assert!(!running(pid), "a zombie counted as a running build");
    child.wait().expect("reaping `true`");
    assert!(running(std::process::id()), "this process counted as not running");
}
