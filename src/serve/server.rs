//! The HTTP side of `tally serve` (axum): pages from the in-memory site, the reload script
//! and the stream of build numbers (server-sent events).
//!
//! Owns responses: content types, redirects of folder URLs to their trailing slash, the
//! site's 404 page with status 404, the error overlay (status 500) in place of every page
//! while the site does not build, and 400 for paths that would leave the site. It never
//! reads the disk: every answer comes from the current [`Snapshot`].

use std::convert::Infallible;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{self, Stream};
use tokio::sync::watch;

use super::{Snapshot, paths};

/// The reload script, served at `/__tally/reload.js`.
pub(crate) const RELOAD_JS: &str = include_str!("reload.js");

/// The router of the preview server; `snapshots` always holds the latest build. A request
/// naming any host but this machine's or `bound` is refused (421).
pub(crate) fn router(snapshots: watch::Receiver<Arc<Snapshot>>, bound: std::net::IpAddr) -> Router {
    Router::new()
        .route("/__tally/events", get(events))
        .route("/__tally/reload.js", get(reload_js))
        .fallback(page)
        .with_state(snapshots)
        .layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| {
                let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok());
                let allowed = super::host::allowed(host, bound);
                async move {
                    if allowed {
                        next.run(request).await
                    } else {
                        let message =
                            b"refused: this preview answers only to 127.0.0.1, localhost and [::1]\n";
                        respond(StatusCode::MISDIRECTED_REQUEST, TEXT, message.to_vec())
                    }
                }
            },
        ))
}

async fn reload_js() -> Response {
    respond(StatusCode::OK, "text/javascript; charset=utf-8", RELOAD_JS.as_bytes().to_vec())
}

/// Sends the current build number at once, then each new one as it is made.
async fn events(
    State(snapshots): State<watch::Receiver<Arc<Snapshot>>>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let mut receiver = snapshots.clone();
    receiver.mark_changed();
    let stream = stream::unfold(receiver, |mut receiver| async move {
        receiver.changed().await.ok()?;
        let (generation, pages_only) = {
            let snapshot = receiver.borrow_and_update();
            (snapshot.generation, snapshot.pages_only)
        };
        // "N pages": only pages changed, and an open page may swap its body in place.
        let data = if pages_only { format!("{generation} pages") } else { generation.to_string() };
        Some((Ok(Event::default().event("build").data(data)), receiver))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

async fn page(State(snapshots): State<watch::Receiver<Arc<Snapshot>>>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return respond(StatusCode::METHOD_NOT_ALLOWED, TEXT, b"only GET and HEAD\n".to_vec());
    }
    let path = match paths::clean(uri.path()) {
        Ok(path) => path,
        Err(refused) => {
            return respond(StatusCode::BAD_REQUEST, TEXT, format!("refused: {}\n", refused.0).into_bytes());
        }
    };
    let snapshot = snapshots.borrow().clone();
    let files = &snapshot.site.files;
    let key = path.trim_start_matches('/');
    let key = if key.is_empty() || key.ends_with('/') { format!("{key}index.html") } else { key.to_string() };
    let found = files.get(&key);
    if found.is_none() && files.contains_key(&format!("{key}/index.html")) {
        // One leading slash only: `//host` would send the browser to another host.
        let folder = uri.path().trim_start_matches('/');
        let location = match uri.query() {
            Some(query) => format!("/{folder}/?{query}"),
            None => format!("/{folder}/"),
        };
        return redirect(&location);
    }
    let is_page = found.is_none() || key.ends_with(".html");
    if let Some(overlay) = &snapshot.failure {
        if is_page {
            return respond(StatusCode::INTERNAL_SERVER_ERROR, HTML, overlay.clone().into_bytes());
        }
        if !is_presentation(&key) {
            // figures.json, the feeds, the sitemap, a bundle's run files: the last good
            // build's would state numbers the sources no longer give.
            return respond(StatusCode::INTERNAL_SERVER_ERROR, TEXT, NOT_BUILT.as_bytes().to_vec());
        }
    }
    match found {
        Some(bytes) if key.ends_with(".html") => {
            respond(StatusCode::OK, HTML, with_reload(bytes, snapshot.generation))
        }
        Some(bytes) => respond(StatusCode::OK, content_type(&key), bytes.clone()),
        None => not_found(&snapshot, key.split('/').next().unwrap_or("")),
    }
}

const NOT_BUILT: &str = "the site does not build now: every page shows the errors, and no file made from its data is served until they are fixed\n";

/// Whether a file only presents the site (style, scripts, fonts, pictures): the last good
/// build's may be served while the site does not build, so that the error page keeps its
/// style. Every other file may state what the data gives, and is not.
fn is_presentation(path: &str) -> bool {
    let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    matches!(
        extension.as_str(),
        "css"
            | "js"
            | "mjs"
            | "woff"
            | "woff2"
            | "ttf"
            | "otf"
            | "ico"
            | "png"
            | "jpg"
            | "jpeg"
            | "gif"
            | "webp"
            | "avif"
    )
}

/// A page with the reload script added before `</body>`: added as each page is served, so
/// that a rebuild does not touch the pages it did not change.
fn with_reload(html: &[u8], generation: u64) -> Vec<u8> {
    let tag = super::reload_tag(generation);
    let at = html.windows(7).rposition(|w| w == b"</body>");
    match at {
        Some(at) => [&html[..at], tag.as_bytes(), &html[at..]].concat(),
        None => html.to_vec(),
    }
}

/// The site's 404 page: the language's own where the site has one (`ja/404.html`).
fn not_found(snapshot: &Snapshot, first_segment: &str) -> Response {
    let files = &snapshot.site.files;
    let page = files.get(&format!("{first_segment}/404.html")).or_else(|| files.get("404.html"));
    match page {
        Some(bytes) => respond(StatusCode::NOT_FOUND, HTML, with_reload(bytes, snapshot.generation)),
        None => respond(StatusCode::NOT_FOUND, TEXT, b"not found\n".to_vec()),
    }
}

const HTML: &str = "text/html; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// The content type of a file of the site, by its extension.
pub(crate) fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match extension.as_str() {
        "html" | "htm" => HTML,
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "xml" => "application/xml; charset=utf-8",
        "txt" | "log" | "yaml" | "yml" | "md" => TEXT,
        "csv" => "text/csv; charset=utf-8",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

fn respond(status: StatusCode, content_type: &'static str, body: impl Into<Body>) -> Response {
    let mut response = (status, Into::<Body>::into(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // A preview: always the latest build, never a cached one.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

fn redirect(location: &str) -> Response {
    let mut response = respond(StatusCode::PERMANENT_REDIRECT, TEXT, Vec::new());
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_file_has_its_content_type() {
        assert_eq!(content_type("ja/method/index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("css/site.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("js/discussion.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("atom.xml"), "application/xml; charset=utf-8");
        assert_eq!(content_type("figures.json"), "application/json");
        assert_eq!(content_type("a/shots/1.PNG"), "image/png");
        assert_eq!(content_type("a/b.jpg"), "image/jpeg");
        assert_eq!(content_type("a/raw/iperf.txt"), "text/plain; charset=utf-8");
        assert_eq!(content_type("a/unknown"), "application/octet-stream");
    }
}
