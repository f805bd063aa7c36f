//! A message's arguments as Fluent is given them: one whose text is a number written
//! plainly (`1`, `12`, `0.50`) is a Fluent number, so that a plural selector (`{ $count ->
//! [one] … *[other] … }`) reads it (given as text, `1` never matched `[one]`: a user trial
//! read "each of 1 figures"); formatted back it is the same text. Any other text (`1,234`,
//! `007`, a run's name) is given as the text it is.

use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentValue};

/// `args` as Fluent's arguments, numbers as numbers.
pub(super) fn arguments<'a>(args: &'a [(&str, String)]) -> FluentArgs<'a> {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        let number = value.parse::<FluentNumber>().ok().filter(|n| n.as_string() == *value);
        match number {
            Some(number) => fluent_args.set(*name, FluentValue::Number(number)),
            None => fluent_args.set(*name, FluentValue::from(value.as_str())),
        }
    }
    fluent_args
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::i18n::load;

    fn settings() -> crate::settings::Settings {
        serde_saphyr::from_str("title: {en: T}\nbase_url: x\nlanguages: [en, ja]\nowner: O\nlicence: {name: L, url: U}\nrequired_sections: {how_taken: {}, limits: {}}\nfamily_columns: {done: {}, weight: {}}\n").unwrap()
    }

    /// The bundled strings (`i18n/`, which `tally new` gives a site and the manual uses):
    /// one figure, run or interval is said in the singular in English, and Japanese, which
    /// has no plural, says the count.
    #[test]
    fn a_count_of_one_selects_the_singular_in_both_languages() {
        let (strings, diagnostics) = load(Path::new(env!("CARGO_MANIFEST_DIR")), &settings());
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let text = |lang: &str, key: &str, count: &str| {
            let args = [("count", count.to_string()), ("field", "F".to_string()), ("run", "r".to_string())];
            strings.get(lang, key, &args).unwrap_or_else(|| strings.why_not(lang, key, &args))
        };
        let one = text("en", "plot-figures-description", "1");
        assert!(one.starts_with("A bar for the single figure"), "{one}");
        assert!(!one.contains("1 figures"), "{one}");
        let many = text("en", "plot-figures-description", "12");
        assert!(many.contains("each of 12 figures"), "{many}");
        assert!(text("en", "plot-bars-description", "1").starts_with("A bar for the single run, showing F"));
        assert!(text("en", "plot-intervals-description", "1").contains("the single interval of the run r"));
        assert!(text("en", "plot-intervals-description", "3").contains("each of 3 intervals"));
        let ja = text("ja", "plot-figures-description", "1");
        assert!(ja.contains("1 個の数値"), "{ja}");
        assert!(text("ja", "plot-bars-description", "1").starts_with("1 回の実行"));
    }

    /// Only a number written plainly is given as one, and it comes back as written; other
    /// texts are left as they are.
    #[test]
    fn a_number_comes_back_as_written_and_other_texts_stay_texts() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("i18n")).unwrap();
        let base = "link-untranslated = (English)\nfigure-vendor-label = vendor\nfigure-computed = computed\nfigure-vendor-source = source\n";
        let message = "n = { $n ->\n    [one] one:{ $n }\n   *[other] other:{ $n }\n  }\n";
        std::fs::write(dir.path().join("i18n/en.ftl"), format!("{base}{message}")).unwrap();
        std::fs::write(dir.path().join("i18n/ja.ftl"), format!("{base}{message}")).unwrap();
        let (strings, diagnostics) = load(dir.path(), &settings());
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        let n = |value: &str| strings.get("en", "n", &[("n", value.to_string())]).unwrap();
        assert_eq!(n("1"), "one:1");
        assert_eq!(n("2"), "other:2");
        assert_eq!(n("0.50"), "other:0.50");
        // Japanese has no singular: `1` is `other`.
        assert_eq!(strings.get("ja", "n", &[("n", "1".to_string())]).unwrap(), "other:1");
        for text in ["007", "1,234", "1e3", "-0", "x1", "12345678901234567890", " 1"] {
            assert_eq!(n(text), format!("other:{text}"), "{text}");
        }
    }
}
