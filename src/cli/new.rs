//! `tally new measurement SLUG`: a new bundle with the sections and run data a measurement
//! page must have, ready to fill in. It writes only new files and never overwrites.

use std::path::{Path, PathBuf};

use crate::settings::Settings;

/// The headings a new measurement page gets for its two required sections: the first name
/// site.yaml gives each in the original language, so that the page passes `check` on any site.
pub(crate) fn section_headings(settings: &Settings) -> (String, String) {
    let original = settings.original_language();
    let first = |names: &crate::settings::PerLanguage<Vec<String>>, fallback: &str| {
        names.get(original).and_then(|n| n.first()).map_or_else(|| fallback.to_string(), String::clone)
    };
    (
        first(&settings.required_sections.how_taken, "The bench"),
        first(&settings.required_sections.limits, "Not measured"),
    )
}

/// Creates `content/measurements/SLUG/` with `index.md` and `runs.yaml`, its required sections
/// headed `how_taken` and `limits`; returns the folder.
pub(crate) fn new_measurement(
    root: &Path,
    slug: &str,
    date: &str,
    (how_taken, limits): (&str, &str),
) -> Result<PathBuf, String> {
    let valid =
        !slug.is_empty() && slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        return Err(format!("`{slug}` is not a slug: use lower-case letters, digits and `-`"));
    }
    let folder = root.join("content").join("measurements").join(slug);
    if folder.exists() {
        return Err(format!("{} already exists", folder.display()));
    }
    std::fs::create_dir_all(folder.join("shots"))
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let title = title_of(slug);
    let page = format!(
        "---\ntitle: \"{title}\"\ndate: {date}\nkind: measurement\nappliances: []\nsummary: \"\"\n---\n\n\
         What was measured, in a sentence or two: [1,024]{{=connections}} connections.\n\n\
         ## {how_taken}\n\nThe machines, the path, the tools and their versions.\n\n\
         ## What it carried {{#what-it-carried}}\n\nThe figures, each tagged with the run data it comes from.\n\n\
         ## {limits}\n\nWhat these figures do not mean, and what was not measured.\n"
    );
    // Placeholders that read as such on the page, so that the bundle passes `check` as it
    // stands and shows what is left to fill in.
    let runs = "build:\n  driver: \"the driver and its commit\"\n  release: \"the release\"\n  scripts: []\ntools: {}\nconstants:\n  connections: 1024\n\
                runs: {}\nfigures: {}\n";
    for (name, text) in [("index.md", page.as_str()), ("runs.yaml", runs)] {
        std::fs::write(folder.join(name), text).map_err(|e| format!("cannot write {name}: {e}"))?;
    }
    Ok(folder)
}

/// The placeholder title of a new page: the slug's words without a leading date of any
/// precision (`2011`, `2011-11`, `2011-11-05`) and without any word that holds a digit
/// (`xgs-136-http` gives "Xgs http"), since a number in a measurement's title must be
/// tagged in its body (`front-matter-figure`) and the bundle passes `check` as it stands.
fn title_of(slug: &str) -> String {
    let parts: Vec<&str> = slug.split('-').collect();
    let digits = |part: Option<&&str>, n: usize| {
        part.is_some_and(|p| p.len() == n && p.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut date = 0;
    if digits(parts.first(), 4) {
        date = 1
            + usize::from(digits(parts.get(1), 2))
            + usize::from(digits(parts.get(1), 2) && digits(parts.get(2), 2));
    }
    let words: Vec<&str> = parts[date..]
        .iter()
        .filter(|p| !p.is_empty() && !p.bytes().any(|b| b.is_ascii_digit()))
        .copied()
        .collect();
    let title = words.join(" ");
    let mut chars = title.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => "A new measurement".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_keeps_no_digit_of_the_slug() {
        for (slug, title) in [
            ("2011-11-soekris-iperf", "Soekris iperf"),
            ("2011-soekris", "Soekris"),
            ("2026-12-01-tour", "Tour"),
            ("xgs-136-http", "Xgs http"),
            ("2026", "A new measurement"),
            ("e302-pktgen", "Pktgen"),
        ] {
            assert_eq!(title_of(slug), title, "{slug}");
        }
    }

    #[test]
    fn refuses_to_overwrite_and_to_take_a_path_for_a_slug() {
        let dir = tempfile::tempdir().unwrap();
        let headings = ("The bench", "Not measured");
        assert!(new_measurement(dir.path(), "../x", "2026-11-30", headings).is_err());
        new_measurement(dir.path(), "a-run", "2026-11-30", headings).unwrap();
        assert!(
            new_measurement(dir.path(), "a-run", "2026-11-30", headings)
                .unwrap_err()
                .contains("already exists")
        );
    }
}
