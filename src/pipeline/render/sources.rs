//! The source files of a measurement: its runs.yaml and every raw file a run imports,
//! each published as a page with numbered, linkable lines (`runs.yaml.html#L12`) in every
//! language of the page, beside the file itself (copied as it is by `copies`). A figure's
//! evidence links to these lines.

use tera::Context;

use super::super::load::Site;
use super::super::write::Collector;
use super::site_view::{alternates, site_view};
use crate::diagnostics::Diagnostic;
use crate::paths::display_path;
use crate::views::SourceFileView;

/// Renders the source pages of a measurement page's bundle, in the page's language.
pub(crate) fn render_page_sources(
    site: &Site,
    page: &crate::content::Page,
    output: &Collector,
    problems: &mut Vec<Diagnostic>,
) {
    {
        let (Some(bundle), Some(data)) = (&page.bundle, site.run_data(page)) else {
            return;
        };
        // Each file by its name under the bundle's address, and its path from the bundle.
        let mut files = vec![("runs.yaml".to_string(), std::path::PathBuf::from("runs.yaml"))];
        for run in data.runs() {
            for raw in &run.raw_files {
                let name = crate::paths::name_inside(raw);
                if !files.iter().any(|(n, _)| n == &name) {
                    files.push((name, raw.clone()));
                }
            }
        }
        // And the files its raw blocks show, whose lines link here (issue 44).
        for (name, relative) in crate::raw_blocks::files(page) {
            if !files.iter().any(|(n, _)| n == &name) {
                files.push((name, relative));
            }
        }
        for (file, relative) in files {
            let path = site.root.join(bundle).join(&relative);
            // Copied as it is only when it is under content/, at the same place under the site.
            let copied = crate::paths::name_inside(&relative) == display_path(&relative);
            // DecodedText as the run data decoded it (a PowerShell capture is UTF-16), and the
            // encoding said when it is not the plain UTF-8 the tools print.
            let (text, encoding) = match crate::regular::read(&path) {
                Ok(bytes) => {
                    match crate::figures::import::raw_text::decode(&bytes, site.settings.max_raw_bytes) {
                        Ok(decoded) => {
                            let described = decoded.described();
                            (decoded.text, described)
                        }
                        Err(_) => (String::from_utf8_lossy(&bytes).into_owned(), None),
                    }
                }
                Err(e) => {
                    problems.push(Diagnostic::file(
                        "unreadable-file",
                        bundle.join(&file),
                        format!("cannot read: {e}"),
                    ));
                    continue;
                }
            };
            let view = SourceFileView {
                file: file.clone(),
                page_title: page.front.title.clone(),
                page_url: page.url.clone(),
                // Copied as it is, at the same place under the site as under content/.
                raw_url: copied.then(|| {
                    format!("/{}/{file}", display_path(bundle.strip_prefix("content").unwrap_or(bundle)))
                }),
                lines_html: lines_html(&text),
                encoding,
                alternates: alternates(site, &page.key, &page.lang)
                    .into_iter()
                    .map(|mut a| {
                        a.url = format!("{}{file}.html", a.url);
                        a.permalink = format!("{}{file}.html", a.permalink);
                        a
                    })
                    .collect(),
                // runs.yaml holds the bundle's data (`source:`); a raw file is whoever took it.
                taken: if relative.as_path() == std::path::Path::new("runs.yaml") {
                    data.source()
                } else {
                    data.source_of_file(&relative)
                }
                .map(super::page::taken_view),
            };
            let capacity = view.lines_html.len() + 8 * 1024;
            let mut context = Context::new();
            context.insert("lang", &page.lang);
            context.insert("site", &site_view(site, &page.lang));
            context.insert("source", &view);
            let (section, section_page) = super::site_view::section_of(page);
            context.insert("section", section);
            context.insert("section_page", &section_page);
            match site.templates.render_bytes("source.html", &context, capacity) {
                Ok(html) => output.add(format!("{}{file}.html", page.url.trim_start_matches('/')), html),
                Err(d) => problems.push(d),
            }
        }
    }
}

/// The numbered lines of `text`. Written here, not in the template: a loop in Tera took a
/// tenth of the build for a thousand bundles' source pages.
fn lines_html(text: &str) -> String {
    use pulldown_cmark_escape::{FmtWriter, escape_html};
    // The markup around a line is some fifty bytes: sized for it, the page is not copied as
    // it grows, and each line is pushed whole rather than through `write!`.
    let lines = text.lines().count();
    let mut out = String::with_capacity(text.len() + lines * 64);
    let mut number = itoa::Buffer::new();
    for (index, line) in text.lines().enumerate() {
        let number = number.format(index + 1);
        out.push_str("<li id=\"L");
        out.push_str(number);
        out.push_str("\"><a href=\"#L");
        out.push_str(number);
        out.push_str("\">");
        out.push_str(number);
        // The line's text follows its number bare: the list item keeps its spaces
        // (`white-space: pre-wrap` in the stylesheet), as a <code> around each line did.
        out.push_str("</a>");
        let _ = escape_html(FmtWriter(&mut out), line);
        out.push_str("</li>\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::lines_html;

    #[test]
    fn each_line_is_numbered_from_one_and_escaped() {
        assert_eq!(
            lines_html("a: <b>\nc: \"d\"\n"),
            "<li id=\"L1\"><a href=\"#L1\">1</a>a: &lt;b&gt;</li>\n\
             <li id=\"L2\"><a href=\"#L2\">2</a>c: &quot;d&quot;</li>\n"
        );
    }

    #[test]
    fn a_line_keeps_its_leading_spaces_and_tabs_with_no_element_around_it() {
        assert_eq!(
            lines_html("a:\n    b: 1\n\tc\n\nd\n"),
            "<li id=\"L1\"><a href=\"#L1\">1</a>a:</li>\n\
             <li id=\"L2\"><a href=\"#L2\">2</a>    b: 1</li>\n\
             <li id=\"L3\"><a href=\"#L3\">3</a>\tc</li>\n\
             <li id=\"L4\"><a href=\"#L4\">4</a></li>\n\
             <li id=\"L5\"><a href=\"#L5\">5</a>d</li>\n"
        );
    }
}
