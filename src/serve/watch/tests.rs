use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use notify_debouncer_full::notify::Event;
use notify_debouncer_full::notify::event::{AccessKind, AccessMode, CreateKind, DataChange, ModifyKind};

use super::*;

fn event(kind: EventKind, path: &Path) -> DebouncedEvent {
    DebouncedEvent::new(Event::new(kind).add_path(path.to_path_buf()), Instant::now())
}

fn write_event(path: &Path) -> DebouncedEvent {
    event(EventKind::Modify(ModifyKind::Data(DataChange::Any)), path)
}

#[test]
fn a_burst_of_batches_is_gathered_into_one_change() {
    let root = Path::new("/site");
    let (sender, events) = channel();
    for i in 0..20 {
        let path = root.join(format!("content/page-{i}.md"));
        sender.send(Ok(vec![write_event(&path)])).expect("the channel is open");
    }
    let first = gather(&events, root, Duration::from_millis(500)).expect("a change").files;
    assert_eq!(first.len(), 20, "{first:?}");
    assert!(first.contains(&PathBuf::from("content/page-7.md")));
    drop(sender);
    assert!(gather(&events, root, Duration::from_millis(500)).is_none(), "a second rebuild was asked for");
}

#[test]
fn reads_and_files_outside_the_sources_are_not_changes() {
    let root = Path::new("/site");
    let (sender, events) = channel();
    let read = EventKind::Access(AccessKind::Open(AccessMode::Any));
    let closed = EventKind::Access(AccessKind::Close(AccessMode::Write));
    sender
        .send(Ok(vec![
            event(read, &root.join("content/index.md")),
            event(closed, &root.join("content/index.md")),
            write_event(&root.join("site/index.html")),
            write_event(&root.join(".tally-cache/stamps/a")),
            write_event(&root.join("content/.index.md.swp")),
            write_event(&root.join("README.md")),
        ]))
        .expect("the channel is open");
    sender
        .send(Ok(vec![event(EventKind::Create(CreateKind::File), &root.join("site.yaml"))]))
        .expect("the channel is open");
    drop(sender);
    assert_eq!(
        gather(&events, root, Duration::from_millis(200)).map(|g| g.files),
        Some(vec![PathBuf::from("site.yaml")])
    );
}

#[test]
fn only_the_sources_count() {
    for path in
        ["content/a/index.md", "templates/base.html", "static/css/site.css", "i18n/ja.ftl", "site.yaml"]
    {
        assert!(is_source(Path::new(path)), "{path}");
    }
    for path in
        ["site/index.html", "README.md", "content/a/index.md~", "content/#a#", "static/4913", "x/site.yaml"]
    {
        assert!(!is_source(Path::new(path)), "{path}");
    }
}

/// On a real file system: a burst of saves through the real debouncer gives change sets
/// that hold every file, and nothing follows them once the burst is read. The waits are
/// generous upper bounds, never asserted durations: how many sets a burst makes depends on
/// how long the writes take (the debounce is 10 ms, and a loaded machine writes 26 files
/// more slowly), so only that every file is in them is asserted.
#[test]
fn a_burst_of_real_saves_is_seen_whole_and_reading_the_files_is_no_change() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path().canonicalize().expect("its path");
    std::fs::create_dir_all(root.join("content")).expect("content/");
    std::fs::write(root.join("site.yaml"), "title: x\n").expect("site.yaml");
    let mut watcher = Watcher::start(&root).expect("a watcher");
    for i in 0..25 {
        std::fs::write(root.join(format!("content/page-{i}.md")), format!("page {i}\n")).expect("a page");
    }
    std::fs::write(root.join("site.yaml"), "title: y\n").expect("site.yaml");
    let mut change = watcher.next_change().expect("a change").files;
    while change.len() < 26 {
        let more = gather_within(&watcher, Duration::from_secs(5));
        if more.is_empty() {
            break;
        }
        change.extend(more);
        change.sort();
        change.dedup();
    }
    assert_eq!(change.len(), 26, "{change:?}");
    // Reading the sources (as a build does) is not a change.
    for i in 0..25 {
        std::fs::read(root.join(format!("content/page-{i}.md"))).expect("a page");
    }
    let more = gather_within(&watcher, Duration::from_secs(2));
    assert!(more.is_empty(), "a second rebuild was asked for: {more:?}");
}

/// Every source change the watcher reports within `wait`.
fn gather_within(watcher: &Watcher, wait: Duration) -> Vec<PathBuf> {
    let mut changed = Vec::new();
    while let Ok(batch) = watcher.events.recv_timeout(wait) {
        add_sources(&mut changed, batch, &watcher.root);
    }
    changed
}
