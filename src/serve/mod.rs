//! `tally serve`: the site built in memory, served on loopback, rebuilt on every save, and
//! every open page reloaded; while the site does not build, every page shows the errors.
//!
//! Owns the preview's life: binding the port, the first build, the rebuild loop (a thread
//! fed by [`watch`]), and the current [`Snapshot`] that the server answers from. The
//! snapshot lives in a `tokio::sync::watch` channel, which is an `RwLock<Arc<Snapshot>>`
//! that also wakes its readers: a build replaces it whole, so no request ever sees a
//! half-built site, and the same swap tells every open page to reload. It does not build
//! the site (see `pipeline`) nor write anything to disk: `tally build` is the only writer of
//! `site/`, and it never gets the reload script.

mod host;
mod overlay;
mod paths;
mod search;
mod server;
mod watch;

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use crate::diagnostics::Format;
use crate::pipeline::write::{Destination, Output};
use crate::pipeline::{Memo, Options};
use crate::report::{Reported, could_not_run, make_or_report, print_problems};

/// What `tally serve` was asked for.
#[derive(Debug, Clone)]
pub(crate) struct ServeOptions {
    pub root: PathBuf,
    /// The address to listen on; loopback unless told otherwise.
    pub bind: IpAddr,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// Open the site in a browser once it is served.
    pub open: bool,
    /// Print each build's stage times (`--timings`).
    pub timings: bool,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            root: PathBuf::from("."),
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 1111,
            open: false,
            timings: false,
        }
    }
}

/// One build as the server sees it, replaced whole by the next.
#[derive(Debug)]
pub(crate) struct Snapshot {
    /// Counts the site's versions from 1 (each save makes the next); pages carry the
    /// generation that made them, and reload when a newer one is served.
    pub generation: u64,
    /// The latest site that built (empty if none has yet): files are served from it.
    pub site: Arc<Output>,
    /// When the latest build failed: the error page served in place of every page.
    pub failure: Option<String>,
    /// Whether this build changed only pages (HTML, XML, JSON) since the previous one, which
    /// built too: an open page may then take its new body in place, without reloading its
    /// styles, scripts and images.
    pub pages_only: bool,
}

/// The script tag injected into every page of build number `build`.
pub(crate) fn reload_tag(generation: u64) -> String {
    format!("<script src=\"/__tally/reload.js\" data-build=\"{generation}\"></script>\n")
}

/// Runs the preview until interrupted; exit 2 when it cannot start.
pub(crate) fn serve(options: &ServeOptions) -> ExitCode {
    let listener = match std::net::TcpListener::bind((options.bind, options.port)) {
        Ok(listener) => listener,
        Err(error) if error.kind() == std::io::ErrorKind::AddrInUse => {
            return could_not_run(&format!(
                "port {} on {} is already in use: stop what holds it, or choose another with --port (--port 0 picks a free one)",
                options.port, options.bind
            ));
        }
        Err(error) => {
            return could_not_run(&format!("cannot listen on {}:{}: {error}", options.bind, options.port));
        }
    };
    if !options.bind.is_loopback() {
        eprintln!(
            "warning: serving on {} reaches beyond this machine: anyone on the network can read the \
             preview, drafts and errors included; use --bind 127.0.0.1 unless you mean it",
            options.bind
        );
    }
    let address = match listener.local_addr() {
        Ok(address) => address,
        Err(error) => return could_not_run(&format!("cannot tell the address listened on: {error}")),
    };
    // Watching starts before the first build, so that a save during it is not missed.
    let watcher = match watch::Watcher::start(&options.root) {
        Ok(watcher) => Some(watcher),
        Err(error) => {
            eprintln!("warning: live reload is off: cannot watch the sources: {error:#}");
            None
        }
    };
    let mut memo = Memo::default();
    let (first, search_to_make) = match build_once(&options.root, &mut memo, options.timings, "built") {
        Err(Reported::CouldNotRun(message)) => return could_not_run(&message),
        Ok((output, job)) => (snapshot(1, Ok(output), Arc::default()), job),
        Err(problems) => (snapshot(1, Err(problems), Arc::default()), None),
    };
    let (sender, receiver) = tokio::sync::watch::channel(Arc::new(first));
    if let Some(job) = search_to_make {
        search::index_in_background(job, 1, sender.clone());
    }
    let url = format!("http://{address}/");
    announce(&url, &options.root, address, &receiver.borrow().site);
    if options.open {
        open_browser(&url);
    }
    let root = options.root.clone();
    let timings = options.timings;
    let _rebuilding = watcher.map(|watcher| {
        let sender = sender.clone();
        std::thread::spawn(move || rebuild_loop(watcher, &root, memo, timings, &sender))
    });
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => return could_not_run(&format!("cannot start the server: {error}")),
    };
    let served = runtime.block_on(async move {
        listener.set_nonblocking(true)?;
        let listener = tokio::net::TcpListener::from_std(listener)?;
        tokio::select! {
            served = axum::serve(listener, server::router(receiver, options.bind)) => served,
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    });
    drop(sender);
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => could_not_run(&format!("the server stopped: {error}")),
    }
}

/// Prints where the site is served, in each of its languages.
fn announce(url: &str, root: &Path, address: SocketAddr, site: &Output) {
    let others: Vec<String> = crate::settings::load(root)
        .map(|settings| settings.languages.into_iter().skip(1).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|lang| site.files.contains_key(&format!("{lang}/index.html")))
        .map(|lang| format!("/{lang}/"))
        .collect();
    let also = if others.is_empty() { String::new() } else { format!(" (and {})", others.join(", ")) };
    println!("serving {url}{also}");
    if !address.ip().is_loopback() {
        println!("note: listening on {}, which other machines may reach", address.ip());
    }
    let _ = std::io::stdout().flush();
}

/// Rebuilds after each gathered change and swaps the snapshot, until the watcher stops.
fn rebuild_loop(
    mut watcher: watch::Watcher,
    root: &Path,
    mut memo: Memo,
    timings: bool,
    sender: &tokio::sync::watch::Sender<Arc<Snapshot>>,
) {
    while let Some(change) = watcher.next_change() {
        let changed = &change.files;
        let (generation, last_good, was_good) = {
            let current = sender.borrow();
            (current.generation + 1, current.site.clone(), current.failure.is_none())
        };
        let names: Vec<String> = changed.iter().take(3).map(|p| crate::paths::display_path(p)).collect();
        let more = if changed.len() > 3 { format!(" and {} more", changed.len() - 3) } else { String::new() };
        if timings {
            eprintln!("changed: {}{more} ({})", names.join(", "), change.timing());
        } else {
            eprintln!("changed: {}{more}", names.join(", "));
        }
        memo.only_changed(root, changed);
        let (result, search_to_make) = match build_once(root, &mut memo, timings, "rebuilt") {
            // The last index is served until this build's is made; a site whose search was
            // turned off serves none.
            Ok((output, Some(job))) => (Ok(search::with_index_of(output, &last_good)), Some(job)),
            Ok((output, None)) => (Ok(output), None),
            Err(reported) => (Err(reported), None),
        };
        let mut next = snapshot(generation, result, last_good.clone());
        next.pages_only = was_good && next.failure.is_none() && only_pages_differ(&last_good, &next.site);
        sender.send_replace(Arc::new(next));
        if let Some(job) = search_to_make {
            search::index_in_background(job, generation, sender.clone());
        }
    }
}

/// Builds the site in memory, reusing from `memo` what the last build made from the same
/// inputs, and prints the outcome.
/// A site that builds comes with its search index still to make, if it has search.
fn build_once(
    root: &Path,
    memo: &mut Memo,
    timings: bool,
    verb: &str,
) -> Result<(Output, Option<crate::search::Job>), Reported> {
    let started = Instant::now();
    let options = Options { root: root.to_path_buf(), destination: Destination::Memory, timings };
    let result = make_or_report(&options, memo, Format::Human);
    let elapsed = started.elapsed().as_millis();
    match result {
        Ok(made) => {
            print_problems(Format::Human, &made.warnings);
            eprintln!("{verb} {} files in {elapsed} ms", made.output.files.len());
            Ok((made.output, made.search_to_make))
        }
        Err(reported) => {
            if matches!(reported, Reported::Problems(_)) {
                eprintln!(
                    "the site does not build ({elapsed} ms): the browser shows these errors until they are fixed"
                );
            }
            Err(reported)
        }
    }
}

/// Whether the two sites have the same files, differing only in pages (HTML, XML, JSON).
/// Files the memo reused share their bytes, so most are told apart by address alone.
fn only_pages_differ(before: &Output, after: &Output) -> bool {
    before.files.len() == after.files.len()
        && before.files.iter().zip(&after.files).all(|((path, old), (new_path, new))| {
            let is_page = [".html", ".xml", ".json"].iter().any(|end| path.ends_with(end));
            // Shared bytes are the same without reading them (a bundle's run files, the styles).
            let shared = old.as_ptr() == new.as_ptr() && old.len() == new.len();
            path == new_path && (is_page || shared || old == new)
        })
}

fn snapshot(generation: u64, result: Result<Output, Reported>, last_good: Arc<Output>) -> Snapshot {
    let tag = reload_tag(generation);
    match result {
        Ok(output) => Snapshot { generation, site: Arc::new(output), failure: None, pages_only: false },
        Err(Reported::Problems(problems)) => Snapshot {
            generation,
            site: last_good,
            failure: Some(overlay::problems(&problems, &tag)),
            pages_only: false,
        },
        Err(Reported::CouldNotRun(message)) => Snapshot {
            generation,
            site: last_good,
            failure: Some(overlay::could_not_run(&message, &tag)),
            pages_only: false,
        },
    }
}

/// Opens `url` in the desktop's browser; a failure only loses the convenience.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    let opened = std::process::Command::new(command)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(error) = opened {
        eprintln!("note: could not open a browser ({command}: {error}); open {url} yourself");
    }
}
