//! A page's evidence section as HTML: every figure the page states, what it is computed
//! from, and the lines of the files its values are written on, each linked.
//!
//! The whole list is folded into one `<details>` ("65 figures, read from 9 files"), so
//! that the section is its heading, its introduction and that line until a reader opens it.
//! Inside, each figure is one visible line, a `<details>` whose summary (the anchor its
//! statements link to) gives its name, its value as the page states it and where it was
//! read; the exact value, the formula, the inputs and the links to their lines open under
//! it. A figure link opens the list without JavaScript (a browser opens the closed
//! `<details>` around a fragment's target); a small script, `js/evidence.js`, also opens
//! the entry itself.
//!
//! Owns the section's markup and its words (the `evidence-*` Fluent strings of the page's
//! language). The entries themselves are made by the check stage ([`EvidenceView`]); this
//! module only writes them. It is written here rather than in a template because a page
//! with forty figures made the template loop two thirds of the whole build's rendering
//! (a Tera call per link), and the loop has nothing a site restyles that CSS cannot.

use rustc_hash::FxHashMap as HashMap;

use pulldown_cmark_escape::{FmtWriter, escape_href, escape_html};

use crate::i18n::Strings;
use crate::settings::PrintEvidence;
use crate::views::{EvidenceInput, EvidenceView, SourceLink};

/// The words of the section in one language, looked up once per page.
struct Words<'s> {
    strings: &'s Strings,
    lang: &'s str,
    formula: String,
    inputs: String,
    read: String,
    named: String,
    named_end: String,
    defined: String,
    typed: String,
    vendor: String,
    separator: String,
    read_with: String,
    read_with_separator: String,
    exact: String,
    computed: String,
    /// Said before an input a `drop_ends` left out: "Dropped (drop_ends):".
    dropped: String,
    /// "runs.yaml, line 7" by file, then line: a page links the same lines many times, of
    /// a few files, and finding the file by its name needs no copy of the name.
    lines: Vec<(String, HashMap<usize, String>)>,
}

impl<'s> Words<'s> {
    fn new(strings: &'s Strings, lang: &'s str) -> Self {
        let text = |key: &str| strings.text(lang, key);
        Words {
            strings,
            lang,
            formula: text("evidence-formula"),
            inputs: text("evidence-inputs"),
            read: text("evidence-read"),
            named: text("evidence-named"),
            named_end: text("evidence-named-end"),
            defined: text("evidence-defined"),
            typed: text("evidence-typed"),
            vendor: text("evidence-vendor"),
            separator: text("evidence-line-separator"),
            // A site's own strings written before these existed read as English.
            read_with: strings.get(lang, "evidence-read-with", &[]).unwrap_or_else(|| ", with ".to_string()),
            read_with_separator: strings
                .get(lang, "evidence-read-with-separator", &[])
                .unwrap_or_else(|| "; ".to_string()),
            exact: text("evidence-exact"),
            computed: text("evidence-computed"),
            // A site's own strings written before this one existed read as English.
            dropped: strings
                .get(lang, "evidence-dropped", &[])
                .unwrap_or_else(|| "Dropped (drop_ends):".to_string()),
            lines: Vec::new(),
        }
    }

    fn line(&mut self, link: &SourceLink) -> &str {
        let (strings, lang) = (self.strings, self.lang);
        let at = match self.lines.iter().position(|(file, _)| *file == link.file) {
            Some(at) => at,
            None => {
                self.lines.push((link.file.clone(), HashMap::default()));
                self.lines.len() - 1
            }
        };
        self.lines[at].1.entry(link.line).or_insert_with(|| {
            let args = [("file", link.file.clone()), ("line", link.line.to_string())];
            strings
                .get(lang, "evidence-line", &args)
                .unwrap_or_else(|| format!("{}:{}", link.file, link.line))
        })
    }

    /// "raw/a.txt, lines 1–80" for lines read together; one line as [`Words::line`] says it.
    fn lines(&mut self, link: &SourceLink) -> String {
        if link.last <= link.line {
            return self.line(link).to_string();
        }
        let args =
            [("file", link.file.clone()), ("first", link.line.to_string()), ("last", link.last.to_string())];
        self.strings
            .get(self.lang, "evidence-lines", &args)
            .unwrap_or_else(|| format!("{}:{}-{}", link.file, link.line, link.last))
    }
}

/// The section of `entries` in `lang` (`original` is the site's first language, which a
/// vendor's own words are in), printed as site.yaml's `print_evidence` says; empty when
/// the page states no figure. `stated` gives each
/// figure's value as the page first states it, by name (a plotted figure has none).
pub(crate) fn evidence_html(
    entries: &[std::sync::Arc<EvidenceView>],
    stated: &HashMap<String, String>,
    strings: &Strings,
    lang: &str,
    original: &str,
    print: PrintEvidence,
) -> String {
    if entries.is_empty() {
        return String::new();
    }
    let mut words = Words::new(strings, lang);
    let mut out = String::with_capacity(entries.len() * 400);
    // The stylesheet prints the section as an appendix, or leaves it out (`no-print`).
    out.push_str(match print {
        PrintEvidence::Appendix => "<section class=\"evidence\"",
        PrintEvidence::None => "<section class=\"evidence no-print\"",
    });
    out.push_str(" aria-labelledby=\"evidence-heading\">\n<h2 id=\"evidence-heading\">");
    text(&mut out, &strings.text(lang, "evidence-heading"));
    out.push_str("</h2>\n<p>");
    text(&mut out, &strings.text(lang, "evidence-intro"));
    out.push_str("</p>\n<details class=\"evidence-all\"><summary>");
    text(&mut out, &summary_line(entries, strings, lang));
    out.push_str("</summary>\n<div class=\"evidence-list\">\n");
    let own = own_entries(entries);
    for entry in entries {
        let shown = stated.get(&entry.name).map_or(entry.value.as_str(), String::as_str);
        write_summary(&mut out, entry, shown, &mut words, original);
        if shown != entry.value {
            out.push_str("<p>");
            text(&mut out, &words.exact);
            text(&mut out, &entry.value);
            out.push_str("</p>\n");
        }
        write_entry(&mut out, entry, &own, &mut words, original);
        out.push_str("</details>\n");
    }
    out.push_str("</div>\n</details>\n</section>\n");
    out
}

/// The line the whole list folds to: "65 figures, read from 9 files" (a comparison listed
/// with them is no figure), the files being every file an entry links a line of. The plural's form is chosen here (`one` for 1, else
/// `other`) and handed to the string as `$figures-form` and `$files-form`, since the strings'
/// arguments are text; a language without plurals ignores them.
fn summary_line(entries: &[std::sync::Arc<EvidenceView>], strings: &Strings, lang: &str) -> String {
    fn add<'e>(files: &mut Vec<&'e str>, link: &'e Option<SourceLink>, with: &'e [SourceLink]) {
        files.extend(link.iter().chain(with).map(|l| l.file.as_str()));
    }
    let mut files: Vec<&str> = Vec::new();
    for entry in entries {
        add(&mut files, &entry.raw, &entry.read_with);
        add(&mut files, &entry.source, &[]);
        for input in &entry.inputs {
            add(&mut files, &input.raw, &input.read_with);
            add(&mut files, &input.source, &[]);
        }
    }
    files.sort_unstable();
    files.dedup();
    // The figures, not the comparisons listed with them (`comparison-…`).
    let figures = entries.iter().filter(|entry| entry.id.starts_with("figure-")).count();
    let form = |n: usize| if n == 1 { "one" } else { "other" }.to_string();
    let args = [
        ("figures", figures.to_string()),
        ("figures-form", form(figures)),
        ("files", files.len().to_string()),
        ("files-form", form(files.len())),
    ];
    // A site's own strings written before this one existed read as English.
    strings.get(lang, "evidence-summary", &args).unwrap_or_else(|| {
        let noun = if figures == 1 { "figure" } else { "figures" };
        let read = if files.len() == 1 { "file" } else { "files" };
        format!("{figures} {noun}, read from {} {read}", files.len())
    })
}

/// The entry that stands for a value of the run data, by the value's path: an entry named
/// by the path, or one whose whole formula is the path. An input that has one links to it
/// instead of repeating the lines it is written on, which the entry gives: a page's
/// figures share their inputs, and the repeated lines were most of the section.
fn own_entries(entries: &[std::sync::Arc<EvidenceView>]) -> HashMap<&str, &EvidenceView> {
    let mut own = HashMap::default();
    for entry in entries {
        let path = match (&entry.formula, entry.inputs.as_slice()) {
            (None, []) => entry.name.as_str(),
            (Some(formula), [input]) if *formula == input.path => formula.as_str(),
            _ => continue,
        };
        own.entry(path).or_insert(&**entry);
    }
    // A figure by its name, for a comparison's inputs, which are figures.
    for entry in entries {
        own.entry(entry.name.as_str()).or_insert(&**entry);
    }
    own
}

/// The entry `input` can link to: the one standing for its path, not `within` itself, and
/// written on the same lines, so that the link leads to where the input's value is written.
fn entry_of<'e>(
    input: &EvidenceInput,
    within: &EvidenceView,
    own: &HashMap<&str, &'e EvidenceView>,
) -> Option<&'e EvidenceView> {
    let entry = *own.get(input.path.as_str())?;
    let (source, raw) = match entry.inputs.as_slice() {
        [alias] => (&alias.source, &alias.raw),
        _ => (&entry.source, &entry.raw),
    };
    let same = |a: &Option<SourceLink>, b: &Option<SourceLink>| match (a, b) {
        (Some(a), Some(b)) => a.file == b.file && a.line == b.line,
        (None, None) => true,
        _ => false,
    };
    // An input named as the entry is (a figure a comparison reads) and written where the
    // entry says it is: the same value.
    let named_alike =
        entry.name == input.path && same(&entry.source, &input.source) && same(&entry.raw, &input.raw);
    let on_its_lines = same(source, &input.source) && same(raw, &input.raw);
    (entry.id != within.id && (on_its_lines || named_alike)).then_some(entry)
}

/// The entry's visible line, its anchor: the name, the value as `shown`, and where it was
/// read (plain text: a link inside a summary would be a control inside a control).
fn write_summary(out: &mut String, entry: &EvidenceView, shown: &str, words: &mut Words, original: &str) {
    out.push_str("<details id=\"");
    text(out, &entry.id);
    out.push_str("\"><summary><code>");
    text(out, &entry.name);
    out.push_str("</code> <b>");
    text(out, shown);
    out.push_str("</b> <small>");
    match (&entry.raw, &entry.source, &entry.vendor) {
        (Some(at), _, _) | (None, Some(at), None) => text(out, words.line(at)),
        (None, _, Some(vendor)) => {
            in_language(out, vendor, words.lang, original, |out| text(out, &vendor.source))
        }
        (None, None, None) => text(out, &words.computed),
    }
    out.push_str("</small></summary>\n");
}

/// A vendor's words, marked with the site's first language when they are not in the page's.
fn in_language(
    out: &mut String,
    vendor: &crate::views::VendorEvidence,
    lang: &str,
    original: &str,
    write: impl FnOnce(&mut String),
) {
    if vendor.in_page_language || lang == original {
        return write(out);
    }
    out.push_str("<span lang=\"");
    text(out, original);
    out.push_str("\">");
    write(out);
    out.push_str("</span>");
}

/// The entry's details, under its summary.
fn write_entry(
    out: &mut String,
    entry: &EvidenceView,
    own: &HashMap<&str, &EvidenceView>,
    words: &mut Words,
    original: &str,
) {
    if let Some(vendor) = &entry.vendor {
        out.push_str("<p>");
        text(out, &words.vendor);
        in_language(out, vendor, words.lang, original, |out| {
            text(out, &vendor.source);
            if !vendor.conditions.is_empty() {
                out.push_str("; ");
                text(out, &vendor.conditions);
            }
        });
        out.push_str("</p>\n");
    }
    if let Some(formula) = &entry.formula {
        out.push_str("<p>");
        text(out, &words.formula);
        out.push_str("<code>");
        text(out, formula);
        out.push_str("</code></p>\n");
    }
    match (&entry.raw, &entry.source) {
        (Some(raw), source) => {
            out.push_str("<p>");
            read_from(out, raw, source.as_ref(), &entry.read_with, words);
            out.push_str("</p>\n");
        }
        (None, Some(source)) => {
            out.push_str("<p>");
            text(out, if entry.formula.is_some() { &words.defined } else { &words.typed });
            link(out, source, words);
            out.push_str("</p>\n");
        }
        (None, None) => {}
    }
    match entry.inputs.as_slice() {
        [] => {}
        // The formula is the input's path: the entry stands for that value, so where the
        // value is written is said once, without listing it again as its own input.
        [input] if entry.formula.as_deref() == Some(input.path.as_str()) => {
            if input.raw.is_some() || input.source.is_some() {
                out.push_str("<p>");
                origin(out, input, words);
                out.push_str("</p>\n");
            }
        }
        inputs => {
            out.push_str("<div>");
            text(out, &words.inputs);
            out.push_str("<ul>");
            for input in inputs {
                let dropped = entry.dropped.contains(&input.path);
                write_input(out, input, entry_of(input, entry, own), words, dropped);
            }
            out.push_str("</ul></div>\n");
        }
    }
}

/// One input as an item of its figure's list: a link to the entry that stands for it,
/// or, where the page has none, where its value is written. One a `drop_ends` left out
/// (`dropped`) is struck through and says so in words, for a screen reader too.
fn write_input(
    out: &mut String,
    input: &EvidenceInput,
    linked: Option<&EvidenceView>,
    words: &mut Words,
    dropped: bool,
) {
    if dropped {
        out.push_str("<li class=\"dropped\"><span class=\"dropped-note\">");
        text(out, &words.dropped);
        out.push_str("</span> ");
    } else {
        out.push_str("<li>");
    }
    match linked {
        Some(linked) if linked.name == input.path => {
            entry_link(out, linked, &input.path);
            out.push_str(" = ");
            text(out, &input.value);
        }
        _ => {
            out.push_str("<code>");
            text(out, &input.path);
            out.push_str("</code> = ");
            text(out, &input.value);
            match linked {
                // The entry is a figure of another name (`rate`, whose formula is this
                // path): the path and the name both shown, as the formula may use either.
                Some(linked) => {
                    out.push_str(" (");
                    entry_link(out, linked, &linked.name);
                    out.push(')');
                }
                None if input.raw.is_some() || input.source.is_some() => {
                    text(out, &words.separator);
                    origin(out, input, words);
                }
                None => {}
            }
        }
    }
    out.push_str("</li>");
}

/// A link to `entry` on the same page, showing `shown` as code.
fn entry_link(out: &mut String, entry: &EvidenceView, shown: &str) {
    out.push_str("<a href=\"#");
    let _ = escape_href(FmtWriter(&mut *out), &entry.id);
    out.push_str("\"><code>");
    text(out, shown);
    out.push_str("</code></a>");
}

/// Where an input's value is written: the raw file's line, or runs.yaml's.
fn origin(out: &mut String, input: &EvidenceInput, words: &mut Words) {
    match (&input.raw, &input.source) {
        (Some(raw), source) => read_from(out, raw, source.as_ref(), &input.read_with, words),
        (None, Some(source)) => {
            text(out, &words.typed);
            link(out, source, words);
        }
        (None, None) => {}
    }
}

/// "Read from raw/x.txt, line 9 (named in runs.yaml, line 4)", and every file read with
/// it: ", with raw/x.txt, lines 1–80; raw/x.sha256, lines 1–80; …" (issue 44).
fn read_from(
    out: &mut String,
    raw: &SourceLink,
    named: Option<&SourceLink>,
    read_with: &[SourceLink],
    words: &mut Words,
) {
    text(out, &words.read);
    link(out, raw, words);
    if let Some(named) = named {
        text(out, &words.named);
        link(out, named, words);
        text(out, &words.named_end);
    }
    for (i, file) in read_with.iter().enumerate() {
        let before = if i == 0 { &words.read_with } else { &words.read_with_separator };
        text(out, before);
        out.push_str("<a href=\"");
        let _ = escape_href(FmtWriter(&mut *out), &file.url);
        out.push_str("\">");
        let said = words.lines(file);
        text(out, &said);
        out.push_str("</a>");
    }
}

fn link(out: &mut String, target: &SourceLink, words: &mut Words) {
    out.push_str("<a href=\"");
    let _ = escape_href(FmtWriter(&mut *out), &target.url);
    out.push_str("\">");
    text(out, words.line(target));
    out.push_str("</a>");
}

fn text(out: &mut String, text: &str) {
    let _ = escape_html(FmtWriter(out), text);
}
