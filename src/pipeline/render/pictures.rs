//! A page's pictures as a reader's screen gets them: each `<img>` the markdown writer wrote
//! for a stamped picture becomes a `<picture>` offering its WebP copies, with its width and
//! height (the page does not jump as it loads), lazy below the body's first picture, and
//! linked to its full-size stamped file (a reader can zoom into the console); a paragraph
//! holding only a picture becomes a `<figure>`, and the italic line under it its
//! `<figcaption>`, written once for consecutive pictures that share it.
//!
//! Owns that rewriting of a page body's HTML. It does not decide which copies exist or
//! their sizes (`stamp::planned`, through `images::plan`) nor write any file.

use pulldown_cmark_escape::{escape_href, escape_html};

use crate::stamp::Planned;

/// One picture a page shows: its published address (the full-size file) and its copies.
pub(crate) struct PagePicture<'a> {
    pub url: &'a str,
    pub planned: &'a Planned,
}

/// `body` with every `<img>` of `shown` made a picture, and the paragraphs holding only
/// one made figures.
pub(crate) fn rewrite(body: &str, shown: &[PagePicture<'_>]) -> String {
    if shown.is_empty() || !body.contains("<img ") {
        return body.to_string();
    }
    let (html, pictures) = pictures(body, shown);
    figures(&html, &pictures)
}

fn escaped_href(url: &str) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = escape_href(&mut out, url);
    out
}

fn escaped_attribute(text: &str) -> String {
    let mut out = String::new();
    let _ = escape_html(&mut out, text);
    out
}

/// `a/x.png` and `.640w` → `a/x.640w.webp`, as `images::webp_path` names the file.
fn webp_url(url: &str, suffix: &str) -> String {
    let (stem, _) = url.rsplit_once('.').filter(|(stem, _)| !stem.ends_with('/')).unwrap_or((url, ""));
    format!("{stem}{suffix}.webp")
}

/// Each `<img src="URL" …/>` of a shown picture rewritten, in the order they stand; the
/// HTML of each picture as written, for [`figures`] to find.
fn pictures(body: &str, shown: &[PagePicture<'_>]) -> (String, Vec<String>) {
    let mut out = String::with_capacity(body.len() + shown.len() * 256);
    let mut written = Vec::new();
    let mut at = 0;
    while let Some(found) = body[at..].find("<img src=\"") {
        let start = at + found;
        let src_start = start + "<img src=\"".len();
        let Some(src_len) = body[src_start..].find('"') else { break };
        let src = &body[src_start..src_start + src_len];
        // The writer ends an image with ` />`; alt text has `>` escaped, so the first is it.
        let Some(end_len) = body[start..].find(" />") else { break };
        let end = start + end_len + " />".len();
        let Some(picture) = shown.iter().find(|s| escaped_href(s.url) == src) else {
            out.push_str(&body[at..end]);
            at = end;
            continue;
        };
        out.push_str(&body[at..start]);
        let in_link = body[..start]
            .rfind("<a ")
            .is_some_and(|open| body[..start].rfind("</a>").is_none_or(|close| close < open));
        let html = picture_html(&body[start..end - " />".len()], picture, written.is_empty(), in_link);
        out.push_str(&html);
        written.push(html);
        at = end;
    }
    out.push_str(&body[at..]);
    (out, written)
}

fn picture_html(img_open: &str, shown: &PagePicture<'_>, first: bool, in_link: bool) -> String {
    let planned = shown.planned;
    let mut html = String::with_capacity(img_open.len() + 256);
    if !in_link {
        html.push_str("<a class=\"shot\" href=\"");
        html.push_str(&escaped_href(shown.url));
        html.push_str("\">");
    }
    html.push_str("<picture>");
    // Phones first: a `<picture>` takes the first `<source>` whose media matches.
    for phone in [true, false] {
        let srcset: Vec<String> = planned
            .webp
            .iter()
            .filter(|(_, _, screen)| if phone { screen.on_phone() } else { screen.on_desktop() })
            .map(|(suffix, width, _)| format!("{} {width}w", escaped_attribute(&webp_url(shown.url, suffix))))
            .collect();
        if srcset.is_empty() {
            continue;
        }
        html.push_str("<source");
        if phone {
            html.push_str(" media=\"");
            html.push_str(&crate::stamp::phone_media());
            html.push('"');
        }
        html.push_str(" type=\"image/webp\" srcset=\"");
        html.push_str(&srcset.join(", "));
        html.push_str("\" sizes=\"");
        html.push_str(&if phone {
            crate::stamp::phone_sizes()
        } else {
            crate::stamp::sizes_attribute(planned.width)
        });
        html.push_str("\">");
    }
    html.push_str(img_open);
    html.push_str(&format!(" width=\"{}\" height=\"{}\"", planned.width, planned.height));
    if !first {
        html.push_str(" loading=\"lazy\"");
    }
    html.push_str(" decoding=\"async\" /></picture>");
    if !in_link {
        html.push_str("</a>");
    }
    html
}

/// A picture alone in its paragraph, and the italic paragraph after it (its caption).
struct Unit<'a> {
    picture: &'a str,
    caption: Option<&'a str>,
    /// Where the unit's text ends in the body.
    end: usize,
}

/// The unit starting at `at`, if a paragraph holding only `picture` stands there.
fn unit_at<'a>(html: &'a str, at: usize, picture: &'a str) -> Option<Unit<'a>> {
    let rest = html[at..].strip_prefix("<p>")?.strip_prefix(picture)?.strip_prefix("</p>\n")?;
    let mut end = html.len() - rest.len();
    let caption = rest.strip_prefix("<p><em>").and_then(|after| {
        let close = after.find("</em></p>\n")?;
        let text = &after[..close];
        // One emphasis spanning the whole paragraph, nothing else in it.
        (!text.contains("</em>") && !text.contains("<em>") && !text.contains("</p>")).then(|| {
            end += "<p><em>".len() + close + "</em></p>\n".len();
            text
        })
    });
    Some(Unit { picture, caption, end })
}

/// Paragraphs holding only a picture made `<figure>`s; consecutive ones whose captions are
/// the same (or only the last captioned) make one figure with the caption written once.
fn figures(html: &str, pictures: &[String]) -> String {
    let mut out = String::with_capacity(html.len());
    let mut at = 0;
    let mut next = 0;
    while next < pictures.len() {
        let Some(found) = html[at..].find(pictures[next].as_str()) else { break };
        let picture_at = at + found;
        let Some(start) = picture_at.checked_sub("<p>".len()) else {
            next += 1;
            continue;
        };
        let Some(first) = unit_at(html, start, &pictures[next]) else {
            out.push_str(&html[at..picture_at + pictures[next].len()]);
            at = picture_at + pictures[next].len();
            next += 1;
            continue;
        };
        out.push_str(&html[at..start]);
        let mut group = vec![first];
        next += 1;
        while let Some(last) = group.last()
            && next < pictures.len()
            && let Some(unit) = unit_at(html, last.end, &pictures[next])
            && (last.caption.is_none() || last.caption == unit.caption)
        {
            group.push(unit);
            next += 1;
        }
        // A caption-less picture before a captioned one that differs stays apart: only equal
        // captions (or none before the last) join.
        write_figure(&mut out, &group);
        at = group.last().map_or(start, |unit| unit.end);
    }
    out.push_str(&html[at..]);
    out
}

fn write_figure(out: &mut String, group: &[Unit<'_>]) {
    out.push_str(if group.len() > 1 { "<figure class=\"shots\">" } else { "<figure class=\"shot\">" });
    for unit in group {
        out.push_str(unit.picture);
    }
    if let Some(caption) = group.last().and_then(|unit| unit.caption) {
        out.push_str("<figcaption>");
        out.push_str(caption);
        out.push_str("</figcaption>");
    }
    out.push_str("</figure>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stamp::Screen;

    fn planned(webp: bool) -> Planned {
        Planned {
            width: 1280,
            height: 400,
            webp: if webp { vec![(String::new(), 1280, Screen::Desktop)] } else { Vec::new() },
        }
    }

    #[test]
    fn an_image_becomes_a_linked_picture_with_its_size_and_webp() {
        let p = planned(true);
        let shown = [PagePicture { url: "/m/shots/a.png", planned: &p }];
        let body = "<p><img src=\"/m/shots/a.png\" alt=\"the window\" /></p>\n";
        let html = rewrite(body, &shown);
        assert_eq!(
            html,
            format!(
                "<figure class=\"shot\"><a class=\"shot\" href=\"/m/shots/a.png\"><picture><source type=\"image/webp\" srcset=\"/m/shots/a.webp 1280w\" sizes=\"{}\"><img src=\"/m/shots/a.png\" alt=\"the window\" width=\"1280\" height=\"400\" decoding=\"async\" /></picture></a></figure>\n",
                crate::stamp::sizes_attribute(1280)
            )
        );
    }

    #[test]
    fn every_picture_after_the_first_is_lazy_and_a_shared_caption_is_written_once() {
        let p = planned(true);
        let shown = [PagePicture { url: "a.png", planned: &p }, PagePicture { url: "b.png", planned: &p }];
        let body = "<p>Intro</p>\n<p><img src=\"a.png\" alt=\"A\" /></p>\n<p><em>Stand-in.</em></p>\n\
                    <p><img src=\"b.png\" alt=\"B\" /></p>\n<p><em>Stand-in.</em></p>\n<p>After</p>\n";
        let html = rewrite(body, &shown);
        assert_eq!(html.matches("loading=\"lazy\"").count(), 1, "{html}");
        assert!(html.find("alt=\"A\"") < html.find("alt=\"B\""));
        assert_eq!(html.matches("<figcaption>Stand-in.</figcaption>").count(), 1, "{html}");
        assert_eq!(html.matches("<figure").count(), 1, "{html}");
        assert!(!html.contains("<em>"), "{html}");
        assert!(
            html.starts_with("<p>Intro</p>\n<figure class=\"shots\">")
                && html.ends_with("</figure>\n<p>After</p>\n"),
            "{html}"
        );
    }

    #[test]
    fn different_captions_make_different_figures_and_inline_images_stay_inline() {
        let p = planned(false);
        let shown = [PagePicture { url: "a.png", planned: &p }, PagePicture { url: "b.png", planned: &p }];
        let body = "<p><img src=\"a.png\" alt=\"A\" /></p>\n<p><em>One.</em></p>\n\
                    <p><img src=\"b.png\" alt=\"B\" /></p>\n<p><em>Two.</em></p>\n\
                    <p>text <img src=\"a.png\" alt=\"A\" /> inline</p>\n";
        let html = rewrite(body, &shown);
        assert_eq!(html.matches("<figure class=\"shot\">").count(), 2, "{html}");
        assert!(
            html.contains("<figcaption>One.</figcaption>") && html.contains("<figcaption>Two.</figcaption>")
        );
        assert!(html.contains("<p>text <a class=\"shot\""), "{html}");
        assert!(!html.contains("<source"), "no WebP copy, no source: {html}");
    }

    #[test]
    fn an_image_inside_a_link_is_not_linked_again_and_others_are_untouched() {
        let p = planned(true);
        let shown = [PagePicture { url: "a.png", planned: &p }];
        let body =
            "<p><a href=\"x\"><img src=\"a.png\" alt=\"A\" /></a> <img src=\"c.png\" alt=\"C\" /></p>\n";
        let html = rewrite(body, &shown);
        assert!(html.starts_with("<p><a href=\"x\"><picture>"), "{html}");
        assert!(html.contains("<img src=\"c.png\" alt=\"C\" /></p>"), "{html}");
    }

    #[test]
    fn phones_get_their_own_copies_first_and_desktops_the_rest() {
        // The column's 1× copy is in both: a phone's 2× copy too.
        let p = Planned {
            width: 1280,
            height: 400,
            webp: vec![
                (String::new(), 1280, Screen::Desktop),
                (".phone.358w".to_string(), 358, Screen::Phone),
                (".704w".to_string(), 704, Screen::Both),
            ],
        };
        let html =
            rewrite("<p><img src=\"a.png\" alt=\"A\" /></p>\n", &[PagePicture { url: "a.png", planned: &p }]);
        let phone = format!(
            "<source media=\"{}\" type=\"image/webp\" srcset=\"a.phone.358w.webp 358w, a.704w.webp 704w\" sizes=\"{}\">",
            crate::stamp::phone_media(),
            crate::stamp::phone_sizes()
        );
        let desktop = "<source type=\"image/webp\" srcset=\"a.webp 1280w, a.704w.webp 704w\"";
        let (at_phone, at_desktop) = (html.find(&phone), html.find(desktop));
        assert!(at_phone.is_some() && at_desktop.is_some() && at_phone < at_desktop, "{html}");
    }
}
