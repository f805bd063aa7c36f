//! HTML of a page body: links and images pointed at their published addresses, figure tags
//! rendered as `<data>` with what the checks found.

use std::collections::BTreeMap;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd, html};

use super::{Claim, Piece, parse};

/// Where a link written in the source goes, per language.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkView {
    pub url: String,
    /// Shown after the link text, e.g. "(English)" for a page with no translation.
    pub marker: Option<String>,
}

/// What the checks say about one figure tag, ready to show.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClaimView {
    /// The computed value, machine-readable, for `<data value>`.
    pub value: Option<String>,
    /// The computation and its inputs.
    pub title: String,
    /// A label shown after the figure, e.g. "(vendor's figure)".
    pub label: Option<String>,
    /// Numbers of the page's corrections this tag's struck values refer to.
    pub corrections: Vec<usize>,
    /// The anchor of the figure's entry in the page's evidence, which the figure links to.
    pub anchor: Option<String>,
}

/// What rendering a body needs besides its text: where its links go, and each claim's view.
pub struct RenderInputs<'a> {
    /// By destination as written in the source.
    pub links: &'a BTreeMap<String, LinkView>,
    /// One per claim, in the order the scan found them.
    pub claims: &'a [ClaimView],
}

/// Renders a body that starts at byte `offset` of its file.
pub fn render_html(body: &str, offset: usize, inputs: &RenderInputs) -> String {
    render_html_with_plots(body, offset, inputs, &[])
}

/// Renders a body whose ```` ```plot ```` blocks are replaced, in order, by `plots` (HTML);
/// a block with no plot given stays a code block.
pub(crate) fn render_html_with_plots(
    body: &str,
    offset: usize,
    inputs: &RenderInputs,
    plots: &[String],
) -> String {
    // Parsed again rather than kept from the scan: a thousand bundles' parses, kept from the
    // resolve stage to the render, were 76 MB, the build's peak; parsing costs less.
    let (nodes, claims) = parse(body, offset);
    let mut events: Vec<Event> = Vec::with_capacity(nodes.len());
    let mut open_markers: Vec<Option<String>> = Vec::new();
    // Inside an image's alt text a figure cannot be a link.
    let mut images_open = 0usize;
    let mut plots = plots.iter();
    let mut in_plot = false;
    for node in nodes {
        if in_plot {
            in_plot = !matches!(node, Piece::Event(Event::End(TagEnd::CodeBlock), _));
            continue;
        }
        match node {
            Piece::Claim(index) => {
                let mut view = inputs.claims.get(index).cloned().unwrap_or_default();
                if !open_markers.is_empty() || images_open > 0 {
                    view.anchor = None;
                }
                events.push(Event::InlineHtml(CowStr::from(claim_html(&claims[index], &view))));
            }
            Piece::Event(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))), _)
                if crate::plots::is_plot_fence(&info) =>
            {
                match plots.next() {
                    Some(plot) => {
                        events.push(Event::Html(CowStr::from(plot.clone())));
                        in_plot = true;
                    }
                    None => events.push(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))),
                }
            }
            Piece::Event(Event::End(TagEnd::Image), _) => {
                images_open = images_open.saturating_sub(1);
                events.push(Event::End(TagEnd::Image));
            }
            Piece::Event(Event::Start(Tag::Link { link_type, dest_url, title, id }), _) => {
                let view = inputs.links.get(dest_url.as_ref());
                open_markers.push(view.and_then(|v| v.marker.clone()));
                let dest_url = view.map_or(dest_url, |v| CowStr::from(v.url.clone()));
                events.push(Event::Start(Tag::Link { link_type, dest_url, title, id }));
            }
            Piece::Event(Event::End(TagEnd::Link), _) => {
                if let Some(Some(marker)) = open_markers.pop() {
                    events.push(Event::InlineHtml(CowStr::from(format!(
                        "<span class=\"untranslated\">{}</span>",
                        escape(&marker)
                    ))));
                }
                events.push(Event::End(TagEnd::Link));
            }
            Piece::Event(Event::Start(Tag::Image { link_type, dest_url, title, id }), _) => {
                let dest_url =
                    inputs.links.get(dest_url.as_ref()).map_or(dest_url, |v| CowStr::from(v.url.clone()));
                images_open += 1;
                events.push(Event::Start(Tag::Image { link_type, dest_url, title, id }));
            }
            Piece::Event(Event::Start(Tag::Table(alignments)), _) => {
                // A wide table scrolls sideways inside its box instead of widening the page.
                events.push(Event::Html(CowStr::from("<div class=\"table-scroll\" tabindex=\"0\">")));
                events.push(Event::Start(Tag::Table(alignments)));
            }
            Piece::Event(Event::End(TagEnd::Table), _) => {
                events.push(Event::End(TagEnd::Table));
                events.push(Event::Html(CowStr::from("</div>\n")));
            }
            // A footnote's text has an id of its own form, Hugo's `fn:NAME`: given the bare
            // name, a footnote `[^notes]` and a heading "Notes" were both `id="notes"`.
            Piece::Event(Event::Start(Tag::FootnoteDefinition(name)), _) => {
                events.push(Event::Start(Tag::FootnoteDefinition(CowStr::from(footnote_id(&name)))));
            }
            Piece::Event(Event::FootnoteReference(name), _) => {
                events.push(Event::FootnoteReference(CowStr::from(footnote_id(&name))));
            }
            Piece::Event(event, _) => events.push(event),
        }
    }
    let mut out = String::with_capacity(body.len() * 3 / 2);
    html::push_html(&mut out, events.into_iter());
    out
}

/// The id of footnote `name`'s text, which its references link to.
pub(crate) fn footnote_id(name: &str) -> String {
    format!("fn:{name}")
}

fn claim_html(claim: &Claim, view: &ClaimView) -> String {
    let mut out = String::new();
    for (struck, _) in &claim.struck {
        out.push_str(&format!("<del class=\"withdrawn\">{}</del> ", escape(struck.trim())));
    }
    let value = view.value.as_deref().map(|v| format!(" value=\"{}\"", escape(v))).unwrap_or_default();
    let class = match claim.form {
        super::ClaimForm::Vendor => "figure vendor",
        _ => "figure",
    };
    // <data> requires a value; a figure that could not be computed fails the build anyway.
    let element = if value.is_empty() { "span" } else { "data" };
    let figure = format!(
        "<{element} class=\"{class}\"{value} title=\"{}\">{}</{element}>",
        escape(&view.title),
        escape(&claim.live)
    );
    match &view.anchor {
        // The figure links to its entry in the page's evidence: a click or Enter away.
        Some(anchor) => {
            out.push_str(&format!("<a class=\"figure-link\" href=\"#{}\">{figure}</a>", escape(anchor)))
        }
        None => out.push_str(&figure),
    }
    if let Some(label) = &view.label {
        out.push_str(&format!(" <span class=\"figure-label\">{}</span>", escape(label)));
    }
    for number in &view.corrections {
        out.push_str(&format!(
            "<sup class=\"correction-ref\"><a href=\"#correction-{number}\">{number}</a></sup>"
        ));
    }
    out
}

pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing into a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, text);
    out
}
