//! Heading ids made from heading text, the way readers of a forge expect them.

/// Lower-case; letters and digits kept (any script), spaces and hyphens become one `-`,
/// other punctuation dropped. `What it carried` → `what-it-carried`.
pub(crate) fn slugify(text: &str) -> String {
    let mut slug = String::new();
    let mut pending_dash = false;
    for c in text.trim().chars() {
        if c.is_alphanumeric() || c == '_' {
            if pending_dash && !slug.is_empty() {
                slug.push('-');
            }
            pending_dash = false;
            slug.extend(c.to_lowercase());
        } else if c.is_whitespace() || c == '-' {
            pending_dash = true;
        }
    }
    if slug.is_empty() { "section".to_string() } else { slug }
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn slugs_drop_punctuation_and_join_words() {
        assert_eq!(slugify("The vendor's figures"), "the-vendors-figures");
        assert_eq!(slugify("  Before the series - 13:41  "), "before-the-series-1341");
        assert_eq!(slugify("試験台"), "試験台");
        assert_eq!(slugify("!!!"), "section");
    }
}
