//! Completion drawn (issue 45): on the home page, the appliance index and each family page,
//! in both languages, a `<meter>` of the completion in whole percent beside its text.

use crate::common::bundled_copy;

#[test]
fn completion_is_drawn_as_a_meter_beside_its_text_on_the_home_page_the_appliance_index_and_family_pages() {
    let site = bundled_copy();
    site.build().expect_success();
    let meter = |percent: u32, text: &str| {
        format!("<meter min=\"0\" max=\"100\" value=\"{percent}\" aria-label=\"{text}\"></meter>")
    };
    // In a listing's heading, the text in its own span beside the bar (so that a contrast
    // checker reads the text alone); on a family page, the text after it.
    let bar = |percent: u32, text: &str| {
        format!("{} <span class=\"completion\">{text}</span>", meter(percent, text))
    };
    for page in ["index.html", "appliances/index.html"] {
        let html = site.read(page);
        assert!(html.contains(&bar(47, "47 % complete")), "{page}: {html}");
        assert!(html.contains(&bar(27, "27 % complete")), "{page}: {html}");
    }
    let ja = site.read("ja/appliances/index.html");
    assert!(ja.contains(&bar(47, "47 % 完了")), "{ja}");
    let family = site.read("families/xgs-3300/index.html");
    let family_bar = format!("<p class=\"completion-bar\">{} 27 % complete</p>", meter(27, "27 % complete"));
    assert!(family.contains(&family_bar), "{family}");
    assert!(
        site.read("ja/families/xgs-136/index.html")
            .contains(&format!("{} 47 % 完了", meter(47, "47 % 完了")))
    );
    // A measurement page has none.
    assert!(!site.read("measurements/2026-10-29-xgs136-http/index.html").contains("<meter"));
}
