//! Templates: the Tera instance loaded from `templates/`, with the `t` function that reads
//! the UI strings, and conversion of Tera's errors into diagnostics.
//!
//! Owns the Tera instance and its errors, how its autoescaping writes (`escape`), and the
//! figure-like numbers the templates show a reader (`shown`); the render stage
//! (`pipeline/render`) fills a `tera::Context` with views (see `views`) and hands it here.
//! Templates never compute figures.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tera::{Context, Kwargs, State, Tera};
use walkdir::WalkDir;

use crate::diagnostics::Diagnostic;
use crate::i18n::Strings;
use crate::paths::display_path;
use crate::shown_numbers::ShownNumber;

mod escape;
mod shown;

/// Templates every site must have.
pub(crate) const REQUIRED: &[&str] = &[
    "base.html",
    "page.html",
    "measurement.html",
    "family.html",
    "home.html",
    "section.html",
    "404.html",
    "atom.xml",
    "sitemap.xml",
];

/// The page of a source file with numbered lines, for sites whose templates/ has none.
const BUNDLED_SOURCE_TEMPLATE: &str = include_str!("../../templates/source.html");

/// The site's Tera templates, with the UI strings their `t` function reads.
pub struct Templates {
    tera: Tera,
    /// Sources by template name, to place rendering errors.
    sources: Vec<(String, String)>,
    /// The ids the templates give elements, which a page's own elements must not take.
    ids: Vec<TemplateId>,
    /// The figure-like numbers of the templates' literal text (tally's own included).
    shown: Vec<ShownNumber>,
}

/// An id a template gives an element: as written, or with parts Tera fills in
/// (`correction-{{ c.number }}`, `{{ kind }}-x`), kept as the literal text between them.
#[derive(Debug, Clone)]
pub(crate) struct TemplateId {
    pub template: String,
    /// The id as the template writes it.
    pub written: String,
    /// The literal pieces, in order; between each two stands a part Tera fills in.
    pieces: Vec<String>,
}

impl TemplateId {
    /// Whether the template may give an element the id `id`. Each part Tera fills in is
    /// taken to be one word (a number, a name): `correction-{{ c.number }}` may be
    /// `correction-3`, and a heading "Correction of the soak" (`correction-of-the-soak`) is
    /// not taken for one of its ids.
    pub(crate) fn matches(&self, id: &str) -> bool {
        match self.pieces.split_first() {
            Some((first, rest)) => id.strip_prefix(first.as_str()).is_some_and(|id| filled(id, rest)),
            None => false,
        }
    }
}

/// Whether `id` is a word Tera fills in followed by `pieces` (each but the last followed by
/// another word).
fn filled(id: &str, pieces: &[String]) -> bool {
    let Some((piece, rest)) = pieces.split_first() else {
        return id.is_empty();
    };
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '.';
    id.char_indices().skip(1).map(|(at, _)| at).chain([id.len()]).any(|at| {
        id[..at].chars().all(word)
            && !id[..at].is_empty()
            && id[at..].strip_prefix(piece.as_str()).is_some_and(|after| filled(after, rest))
    })
}

/// Every id the HTML templates write. An id made wholly by Tera (`id="{{ x }}"`) says
/// nothing of what it will be, and is left out.
fn element_ids(sources: &[(String, String)]) -> Vec<TemplateId> {
    let mut ids = Vec::new();
    for (template, text) in sources.iter().filter(|(name, _)| name.ends_with(".html")) {
        for (written, _) in crate::markdown::html_ids(text, 0, &mut false) {
            let pieces = literal_pieces(&written);
            if pieces.iter().all(String::is_empty) {
                continue;
            }
            ids.push(TemplateId { template: template.clone(), written, pieces });
        }
    }
    ids
}

/// The text of `written` outside its Tera code (`{{ … }}`, `{% … %}`), one piece before,
/// between and after the parts Tera fills in; code next to each other is one part, and a
/// comment (`{# … #}`) fills in nothing.
fn literal_pieces(written: &str) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut at = 0;
    let mut in_expression = false;
    while at < written.len() {
        if let Some(code) = crate::tera_syntax::code_at(written, at) {
            if code.prints && !in_expression {
                pieces.push(String::new());
                in_expression = true;
            }
            at = code.end;
            continue;
        }
        in_expression = false;
        let c = written[at..].chars().next().unwrap_or(' ');
        if let Some(piece) = pieces.last_mut() {
            piece.push(c);
        }
        at += c.len_utf8();
    }
    pieces
}

impl std::fmt::Debug for Templates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Templates").finish_non_exhaustive()
    }
}

/// Loads every file under `templates/` and registers `t(key=..., ...)`.
pub fn load(root: &Path, strings: Arc<Strings>) -> Result<Templates, Vec<Diagnostic>> {
    let dir = root.join("templates");
    let mut sources = Vec::new();
    let mut diagnostics = Vec::new();
    for entry in WalkDir::new(&dir).sort_by_file_name().into_iter().filter_map(Result::ok) {
        let name = display_path(entry.path().strip_prefix(&dir).unwrap_or(entry.path()));
        // A named pipe or device is read, and refused by `regular` without being opened:
        // every template is one the site is made with.
        if entry.file_type().is_dir() || entry.file_type().is_symlink() {
            continue;
        }
        match crate::regular::read_to_string(entry.path()) {
            Ok(text) => sources.push((name, text)),
            Err(e) => diagnostics.push(Diagnostic::file(
                "unreadable-file",
                template_path(&name),
                format!("cannot read: {e}"),
            )),
        }
    }
    for required in REQUIRED {
        if !sources.iter().any(|(name, _)| name == required) {
            diagnostics.push(Diagnostic::file(
                "missing-template",
                template_path(required),
                "the site needs this template",
            ));
        }
    }
    if !diagnostics.is_empty() {
        return Err(diagnostics);
    }
    // A site made before source pages existed has no source.html: it gets tally's own, which
    // extends the site's base.html like every page.
    if !sources.iter().any(|(name, _)| name == "source.html") {
        sources.push(("source.html".to_string(), BUNDLED_SOURCE_TEMPLATE.to_string()));
    }
    let mut tera = Tera::new();
    tera.autoescape_on([".html", ".xml"]);
    tera.set_escape_fn(escape::escape_html);
    tera.register_function("t", move |kwargs: Kwargs, state: &State| translate(&strings, &kwargs, state));
    // `{{ page.title | names_whole }}`: a model name and its number on one line ("XGS 136"),
    // a name with a hyphen in a span that does not break ("GX-412TC"). The text is escaped
    // here, as `{{ }}` would, and the span written as HTML.
    tera.register_filter("names_whole", |text: tera::StringInput, _: Kwargs, state: &State| {
        let escaped = text.rendered(state)?;
        let whole = crate::typography::names_whole(&escaped);
        tera::TeraResult::Ok(tera::Value::safe_string(&crate::typography::hyphened_names_whole(&whole)))
    });
    if let Err(error) = tera.add_raw_templates(sources.iter().map(|(n, t)| (n.as_str(), t.as_str()))) {
        return Err(vec![to_diagnostic(&error, &sources)]);
    }
    let ids = element_ids(&sources);
    let shown = shown::shown_numbers(&sources);
    Ok(Templates { tera, sources, ids, shown })
}

fn template_path(name: &str) -> PathBuf {
    Path::new("templates").join(name)
}

fn translate(strings: &Strings, kwargs: &Kwargs, state: &State) -> tera::TeraResult<String> {
    // Borrowed where the template gives a string: `t` is called a score of times a page.
    let key: std::borrow::Cow<str> = kwargs.must_get("key")?;
    let lang: std::borrow::Cow<str> = match kwargs.get::<std::borrow::Cow<str>>("lang")? {
        Some(lang) => lang,
        None => std::borrow::Cow::Owned(
            state
                .get::<String>("lang")?
                .ok_or_else(|| tera::Error::message("`t` needs `lang` in the context"))?,
        ),
    };
    let args: Vec<(&str, String)> = kwargs
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), Some("key" | "lang")))
        .filter_map(|(name, value)| Some((name.as_str()?, value.to_string())))
        .collect();
    strings.get(&lang, &key, &args).ok_or_else(|| tera::Error::message(strings.why_not(&lang, &key, &args)))
}

impl Templates {
    /// The ids the HTML templates give elements.
    pub(crate) fn ids(&self) -> &[TemplateId] {
        &self.ids
    }

    /// The figure-like numbers the templates' literal text shows a reader.
    pub(crate) fn shown_numbers(&self) -> &[ShownNumber] {
        &self.shown
    }

    /// Renders template `name` with `context`; an error is placed in the template's file.
    pub fn render(&self, name: &str, context: &Context) -> Result<String, Diagnostic> {
        self.tera.render(name, context).map_err(|e| to_diagnostic(&e, &self.sources))
    }

    /// As [`Templates::render`], as the bytes of a file: Tera's `render` checks the whole
    /// output as UTF-8 again (1.2 % of a cold build), though every piece it wrote was text.
    /// `capacity` is the caller's guess at the length, so that the page is not copied as
    /// it grows.
    pub fn render_bytes(
        &self,
        name: &str,
        context: &Context,
        capacity: usize,
    ) -> Result<Vec<u8>, Diagnostic> {
        let mut out = Vec::with_capacity(capacity);
        match self.tera.render_to(name, context, &mut out) {
            Ok(()) => Ok(out),
            Err(e) => Err(to_diagnostic(&e, &self.sources)),
        }
    }
}

/// The first component call that leads back to the component it stands in (through any
/// number of others): the template's name, its text and the call's byte offset.
fn recursive_component_call(sources: &[(String, String)]) -> Option<(String, &str, usize)> {
    // Each component's calls: (template, text, offset of the call, called component).
    let mut calls: BTreeMap<String, Vec<(usize, usize, String)>> = BTreeMap::new();
    for (index, (_, text)) in sources.iter().enumerate() {
        let mut rest = 0;
        while let Some(start) = text[rest..].find("{% component ").map(|i| rest + i) {
            let after = start + "{% component ".len();
            let name: String =
                text[after..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            let end_tag = format!("{{% endcomponent {name} %}}");
            let end = text[after..].find(&end_tag).map_or(text.len(), |i| after + i);
            let body = &text[after..end];
            let mut at = 0;
            while let Some(call) = body[at..].find("<").map(|i| at + i) {
                let callee: String =
                    body[call + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if !callee.is_empty() {
                    calls.entry(name.clone()).or_default().push((index, after + call, callee));
                }
                at = call + 1;
            }
            rest = end.max(after);
        }
    }
    for (component, own_calls) in &calls {
        for (index, at, callee) in own_calls {
            // Does `callee` lead back to `component`? A walk over the call graph.
            let mut seen = BTreeSet::new();
            let mut stack = vec![callee.clone()];
            while let Some(next) = stack.pop() {
                if next == *component {
                    let (name, text) = &sources[*index];
                    return Some((name.clone(), text.as_str(), *at));
                }
                if seen.insert(next.clone()) {
                    stack.extend(calls.get(&next).into_iter().flatten().map(|(_, _, c)| c.clone()));
                }
            }
        }
    }
    None
}

fn to_diagnostic(error: &tera::Error, sources: &[(String, String)]) -> Diagnostic {
    let report = match error.kind() {
        tera::ErrorKind::SyntaxError(report) | tera::ErrorKind::RenderingError(report) => Some(report),
        _ => None,
    };
    let mut message = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        message.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    let Some(report) = report else {
        if message.contains("recursion")
            && let Some((name, text, at)) = recursive_component_call(sources)
        {
            return Diagnostic::at("template", template_path(&name), text, at..at + 1, message)
                .note("a component that calls itself, directly or through others, never ends");
        }
        return Diagnostic::file("template", "templates", message);
    };
    let name = report.filename();
    let text = sources.iter().find(|(n, _)| n == name).map_or("", |(_, t)| t.as_str());
    let span = report.span();
    let end = if span.range.end > span.range.start { span.range.end } else { span.range.start + 1 };
    Diagnostic::at(
        "template",
        template_path(name),
        text,
        span.range.start.min(text.len())..end.min(text.len()),
        report.message().to_string(),
    )
}

#[cfg(test)]
mod id_tests {
    use super::element_ids;

    #[test]
    fn the_templates_ids_are_read_with_the_part_tera_fills_in() {
        let sources = vec![
            (
                "page.html".to_string(),
                "<main id=\"main\"><li id=\"correction-{{ c.number }}\"><div data-repo-id=\"{{ r }}\" id=\"{{ x }}\">"
                    .to_string(),
            ),
            ("atom.xml".to_string(), "<feed id=\"feed\">".to_string()),
        ];
        let ids = element_ids(&sources);
        let written: Vec<&str> = ids.iter().map(|i| i.written.as_str()).collect();
        assert_eq!(
            written,
            ["main", "correction-{{ c.number }}"],
            "no data-repo-id, no id of Tera's alone, no XML"
        );
        assert!(ids[0].matches("main") && !ids[0].matches("main-1"));
        assert!(ids[1].matches("correction-3"));
        assert!(!ids[1].matches("correction-"));
        assert!(
            !ids[1].matches("correction-of-the-soak"),
            "a heading's words are not a number Tera fills in"
        );
    }

    /// A user trial: an id that starts with what Tera fills in (`id={{ "tpl" }}-x`) was
    /// missed; the filled part may stand anywhere.
    #[test]
    fn an_id_with_a_tera_part_at_any_place_is_read() {
        let sources = vec![(
            "page.html".to_string(),
            "<p id={{ \"tpl\" }}-x><p id=\"a-{{ b }}-c-{{ d }}\">".to_string(),
        )];
        let ids = element_ids(&sources);
        assert_eq!(ids.len(), 2, "{ids:?}");
        assert!(ids[0].matches("tpl-x") && ids[0].matches("3-x"));
        assert!(!ids[0].matches("-x") && !ids[0].matches("tpl-y") && !ids[0].matches("a-b-x"));
        assert!(ids[1].matches("a-1-c-e") && !ids[1].matches("a--c-e") && !ids[1].matches("a-1-c-"));
    }
}
