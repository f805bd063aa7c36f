//! HTML of a page body: links and images pointed at their published addresses, figure tags
//! rendered as `<data>` with what the checks found.

use std::collections::BTreeMap;

use std::fmt::Write as _;

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
    render_html_with_plots(body, offset, inputs, [&[], &[]])
}

/// Renders a body whose ```` ```plot ```` blocks are replaced, in order, by `plots` (HTML),
/// and its ```` ```raw ```` blocks by `raws`; a block with none given stays a code block.
pub(crate) fn render_html_with_plots(
    body: &str,
    offset: usize,
    inputs: &RenderInputs,
    [plots, raws]: [&[String]; 2],
) -> String {
    // Parsed again rather than kept from the scan: a thousand bundles' parses, kept from the
    // resolve stage to the render, were 76 MB, the build's peak. A page scanned in this
    // build is rendered from its prerendered HTML instead (`prerender`).
    let (nodes, claims) = parse(body, offset);
    let events = body_events(nodes, &mut Filled { inputs, claims: &claims }, [plots, raws]);
    let mut out = String::with_capacity(body.len() * 3 / 2);
    html::push_html(&mut out, events.into_iter());
    out
}

/// Where a figure tag stands, which decides whether it may link to its evidence (links
/// cannot hold links) and whether its HTML is written as alt text (escaped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ClaimPlace {
    Free,
    InLink,
    InAlt,
}

/// What a body's HTML takes from outside the body: the checks' view of each figure tag and
/// each link's published address. [`Filled`] gives them at once; a prerender leaves holes.
pub(super) trait Fill {
    /// The HTML of figure tag `index`.
    fn claim(&mut self, index: usize, place: ClaimPlace) -> String;
    /// A link's or image's address as published; `dropped` when the HTML writer will not
    /// write it (a link or image inside alt text).
    fn dest<'a>(&mut self, dest: CowStr<'a>, dropped: bool) -> CowStr<'a>;
    /// What follows a link's text before `</a>` (a page with no translation is marked).
    fn link_end(&mut self, dest: &str, in_alt: bool) -> Option<String>;
    /// The last character of figure tag `index`'s text as written, which the typography of
    /// the text after it reads (`274 万` before ` パケット`).
    fn claim_end(&self, index: usize) -> Option<char>;
}

/// The checks' views and the resolved links, given as the body is rendered.
pub(super) struct Filled<'a> {
    pub inputs: &'a RenderInputs<'a>,
    pub claims: &'a [Claim],
}

impl Fill for Filled<'_> {
    fn claim(&mut self, index: usize, place: ClaimPlace) -> String {
        let no_view = ClaimView::default();
        let view = self.inputs.claims.get(index).unwrap_or(&no_view);
        self.claims
            .get(index)
            .map(|claim| claim_html(claim, view, place == ClaimPlace::Free))
            .unwrap_or_default()
    }

    fn dest<'a>(&mut self, dest: CowStr<'a>, _dropped: bool) -> CowStr<'a> {
        self.inputs.links.get(dest.as_ref()).map_or(dest, |v| CowStr::from(v.url.clone()))
    }

    fn link_end(&mut self, dest: &str, _in_alt: bool) -> Option<String> {
        let marker = self.inputs.links.get(dest)?.marker.as_ref()?;
        Some(format!("<span class=\"untranslated\">{}</span>", escape(marker)))
    }

    fn claim_end(&self, index: usize) -> Option<char> {
        self.claims.get(index)?.live.chars().next_back()
    }
}

/// The body's events as the HTML writer is to write them: figure tags as their HTML, links
/// pointed at their published addresses, plots in place of their blocks, tables in a
/// scrolling box, footnotes with ids of their own.
pub(super) fn body_events<'a>(
    nodes: Vec<Piece<'a>>,
    fill: &mut impl Fill,
    [plots, raws]: [&[String]; 2],
) -> Vec<Event<'a>> {
    let mut events: Vec<Event> = Vec::with_capacity(nodes.len());
    // The destination of each link open around the current event, as written.
    let mut open_links: Vec<CowStr<'a>> = Vec::new();
    // Inside an image's alt text a figure cannot be a link.
    let mut images_open = 0usize;
    let mut plots = plots.iter();
    let mut raws = raws.iter();
    let mut in_plot = false;
    let mut name_columns = naming_columns(&nodes).into_iter();
    let mut typeset = Typeset::default();
    for node in nodes {
        if in_plot {
            in_plot = !matches!(node, Piece::Event(Event::End(TagEnd::CodeBlock), _));
            continue;
        }
        match node {
            Piece::Claim(index) => {
                let place = if images_open > 0 {
                    ClaimPlace::InAlt
                } else if !open_links.is_empty() {
                    ClaimPlace::InLink
                } else {
                    ClaimPlace::Free
                };
                typeset.last = fill.claim_end(index).or(typeset.last);
                events.push(Event::InlineHtml(CowStr::from(fill.claim(index, place))));
            }
            Piece::Event(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))), _)
                if crate::plots::is_plot_fence(&info) || crate::raw_blocks::is_raw_fence(&info) =>
            {
                let given = match crate::plots::is_plot_fence(&info) {
                    true => plots.next(),
                    false => raws.next(),
                };
                match given {
                    Some(plot) => {
                        events.push(Event::Html(CowStr::from(plot.clone())));
                        in_plot = true;
                    }
                    None => events.push(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))),
                }
            }
            Piece::Event(Event::End(TagEnd::Image), _) => {
                images_open = images_open.saturating_sub(1);
                typeset.images = images_open;
                events.push(Event::End(TagEnd::Image));
            }
            Piece::Event(Event::Start(Tag::Link { link_type, dest_url, title, id }), _) => {
                open_links.push(dest_url.clone());
                let dest_url = fill.dest(dest_url, images_open > 0);
                events.push(Event::Start(Tag::Link { link_type, dest_url, title, id }));
            }
            Piece::Event(Event::End(TagEnd::Link), _) => {
                if let Some(dest) = open_links.pop()
                    && let Some(marker) = fill.link_end(&dest, images_open > 0)
                {
                    events.push(Event::InlineHtml(CowStr::from(marker)));
                }
                events.push(Event::End(TagEnd::Link));
            }
            Piece::Event(Event::Start(Tag::Image { link_type, dest_url, title, id }), _) => {
                let dest_url = fill.dest(dest_url, images_open > 0);
                images_open += 1;
                typeset.images = images_open;
                events.push(Event::Start(Tag::Image { link_type, dest_url, title, id }));
            }
            Piece::Event(Event::Start(Tag::Table(alignments)), _) => {
                // A table scrolls sideways inside its box instead of widening the page;
                // `names-2` when its first two columns name a row, which then both stay.
                // `wide` when it has five columns or more: on a screen wider than the text
                // column it takes the width it needs, up to the screen's.
                let open = match (name_columns.next(), alignments.len() >= 5) {
                    (Some(2), true) => "<div class=\"table-scroll names-2 wide\" tabindex=\"0\">",
                    (Some(2), false) => "<div class=\"table-scroll names-2\" tabindex=\"0\">",
                    (_, true) => "<div class=\"table-scroll wide\" tabindex=\"0\">",
                    (_, false) => "<div class=\"table-scroll\" tabindex=\"0\">",
                };
                events.push(Event::Html(CowStr::from(open)));
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
            Piece::Event(event, _) => events.push(typeset.event(event)),
        }
    }
    events
}

/// What [`crate::typography`] needs to know of the text before: whether it is in a code block
/// (left as written) or a heading (model names kept whole), and the last character shown.
#[derive(Default)]
struct Typeset {
    in_code: bool,
    headings: usize,
    /// Images open: their text is alt text, never HTML.
    images: usize,
    last: Option<char>,
}

impl Typeset {
    /// `event` as published: its text typeset, the state moved past it.
    fn event<'a>(&mut self, event: Event<'a>) -> Event<'a> {
        match &event {
            Event::Text(text) if !self.in_code => {
                let spaced = crate::typography::japanese_spacing(text, self.last);
                let typeset = match self.headings {
                    0 => spaced,
                    _ => std::borrow::Cow::Owned(crate::typography::names_whole(&spaced).into_owned()),
                };
                self.last = typeset.chars().next_back().or(self.last);
                // A model name with a hyphen in a heading is kept whole by a span: the text
                // is written as HTML, escaped as the writer would (not in an image's alt).
                if self.headings > 0 && self.images == 0 && typeset.contains('-') {
                    let escaped = crate::text::escape_html(&typeset);
                    if let std::borrow::Cow::Owned(html) = crate::typography::hyphened_names_whole(&escaped) {
                        return Event::InlineHtml(CowStr::from(html));
                    }
                }
                if typeset.as_ref() == text.as_ref() {
                    return event;
                }
                return Event::Text(CowStr::from(typeset.into_owned()));
            }
            Event::Code(code) => {
                self.last = code.chars().next_back();
                return event;
            }
            Event::Start(Tag::CodeBlock(_)) => self.in_code = true,
            Event::End(TagEnd::CodeBlock) => self.in_code = false,
            Event::Start(Tag::Heading { .. }) => self.headings += 1,
            Event::End(TagEnd::Heading(_)) => self.headings = self.headings.saturating_sub(1),
            // Inline markup does not part the text before it from the text after.
            Event::Start(Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. })
            | Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link) => {
                return event;
            }
            _ => {}
        }
        self.last = None;
        event
    }
}

/// For each table of `nodes`, in order, how many of its first columns name a row: the
/// first, and the second too when its body cells are short labels (24 characters at most,
/// not a number) and neither states a figure. On a phone they stay in view while the rest scrolls, so
/// that a scrolled row still says which it is ("kept open", "coprocessor").
fn naming_columns(nodes: &[Piece<'_>]) -> Vec<usize> {
    const LABEL: usize = 24;
    let mut found = Vec::new();
    // For each column: whether a body cell states a figure or is longer than a label.
    let mut not_names: Vec<bool> = Vec::new();
    let (mut in_head, mut column, mut cell) = (false, 0usize, 0usize);
    for node in nodes {
        match node {
            Piece::Event(Event::Start(Tag::Table(alignments)), _) => {
                not_names = vec![false; alignments.len()]
            }
            Piece::Event(Event::Start(Tag::TableHead), _) => in_head = true,
            Piece::Event(Event::End(TagEnd::TableHead), _) => in_head = false,
            Piece::Event(Event::Start(Tag::TableRow), _) => column = 0,
            Piece::Event(Event::Start(Tag::TableCell), _) => cell = 0,
            Piece::Event(Event::End(TagEnd::TableCell), _) => column += 1,
            Piece::Event(Event::Text(text) | Event::Code(text), _) if !in_head => {
                cell += text.chars().count();
                // Too long for a label, or a number: the column gives values, not names.
                let number = text.trim_start().starts_with(|c: char| c.is_ascii_digit());
                if (cell > LABEL || number)
                    && let Some(long) = not_names.get_mut(column)
                {
                    *long = true;
                }
            }
            Piece::Claim(_) if !in_head => {
                if let Some(states) = not_names.get_mut(column) {
                    *states = true;
                }
            }
            Piece::Event(Event::End(TagEnd::Table), _) => {
                let both = not_names.len() > 2 && !not_names[0] && !not_names[1];
                found.push(if both { 2 } else { 1 });
            }
            _ => {}
        }
    }
    found
}

/// The id of footnote `name`'s text, which its references link to.
pub(crate) fn footnote_id(name: &str) -> String {
    format!("fn:{name}")
}

/// A figure tag's HTML; linked to its evidence only when `may_link` (links cannot hold links).
pub(super) fn claim_html(claim: &Claim, view: &ClaimView, may_link: bool) -> String {
    // Written into one string: a format! a piece was a tenth of the render.
    let mut out = String::with_capacity(160 + view.title.len() + claim.live.len());
    for (struck, _) in &claim.struck {
        out.push_str("<del class=\"withdrawn\">");
        push_escaped(&mut out, struck.trim());
        out.push_str("</del> ");
    }
    // <data> requires a value; a figure that could not be computed fails the build anyway.
    // A <data> is a figure by its element alone (a raw one in a page is an error), so its
    // class says only what else it is; the <span> of a failed build keeps `figure`.
    let computed = view.value.is_some();
    let element = if computed { "data" } else { "span" };
    let class = match (&claim.form, computed) {
        (super::ClaimForm::Vendor, true) => Some("vendor"),
        (super::ClaimForm::Vendor, false) => Some("figure vendor"),
        // Words that relate figures, not a figure: no `<data>`, whatever the check found.
        (super::ClaimForm::Comparison, _) => Some("comparison"),
        (_, true) => None,
        (_, false) => Some("figure"),
    };
    // The figure links to its entry in the page's evidence: a click or Enter away.
    let anchor = view.anchor.as_ref().filter(|_| may_link);
    if let Some(anchor) = anchor {
        out.push_str("<a href=\"#");
        push_escaped(&mut out, anchor);
        out.push_str("\">");
    }
    out.push('<');
    out.push_str(element);
    if let Some(class) = class {
        out.push_str(" class=\"");
        out.push_str(class);
        out.push('"');
    }
    if let Some(value) = &view.value {
        out.push_str(" value=\"");
        push_escaped(&mut out, value);
        out.push('"');
    }
    out.push_str(" title=\"");
    push_escaped(&mut out, &view.title);
    out.push_str("\">");
    push_escaped(&mut out, &claim.live);
    out.push_str("</");
    out.push_str(element);
    out.push('>');
    if anchor.is_some() {
        out.push_str("</a>");
    }
    if let Some(label) = &view.label {
        // No space before a full-width bracket (「11.5 Gbit/s（ベンダーの数値）」).
        if !label.starts_with(crate::typography::opens_full_width) {
            out.push(' ');
        }
        out.push_str("<span class=\"figure-label\">");
        push_escaped(&mut out, label);
        out.push_str("</span>");
    }
    for number in &view.corrections {
        let _ =
            write!(out, "<sup class=\"correction-ref\"><a href=\"#correction-{number}\">{number}</a></sup>");
    }
    out
}

fn push_escaped(out: &mut String, text: &str) {
    // Writing into a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(out, text);
}

pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}
