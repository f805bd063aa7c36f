//! Tests of reading site.yaml and front-matter settings.
use super::*;

/// Regression (user trial): an unset `max_cv` came back from the memo as 3.5.
#[test]
fn an_unset_max_cv_stays_unset_through_the_memo_and_a_bare_one_is_the_default() {
    #[derive(serde::Serialize, Deserialize)]
    struct Front(#[serde(deserialize_with = "max_cv_or_default")] Option<f64>);
    for kept in [None, Some(2.0)] {
        let bytes = postcard::to_allocvec(&Front(kept)).expect("postcard");
        assert_eq!(postcard::from_bytes::<Front>(&bytes).expect("postcard").0, kept);
    }
    let bare: Frontmatter = serde_saphyr::from_str("max_cv:\n").expect("yaml");
    assert_eq!(bare.max_cv, Some(DEFAULT_MAX_CV));
}

#[derive(Deserialize)]
struct Frontmatter {
    #[serde(default, deserialize_with = "max_cv_or_default")]
    max_cv: Option<f64>,
}

#[test]
fn sizes_are_read_with_or_without_a_unit() {
    assert_eq!(parse_size("16 MiB"), Some(16 << 20));
    assert_eq!(parse_size("500 KiB"), Some(500 << 10));
    assert_eq!(parse_size("20MB"), Some(20 << 20));
    assert_eq!(parse_size("1048576"), Some(1 << 20));
    assert_eq!(parse_size("16 furlongs"), None);
    assert_eq!(parse_size("MiB"), None);
}

fn write_site(yaml: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("site.yaml"), yaml).unwrap();
    dir
}

const MINIMAL: &str = "title: {en: T, ja: J}\nbase_url: https://x.example/\nlanguages: [en, ja]\nowner: O\nlicence: {name: CC BY 4.0, url: https://creativecommons.org/licenses/by/4.0/}\nrequired_sections: {how_taken: {en: [The bench]}, limits: {en: [Not measured]}}\nfamily_columns: {done: {en: done}, weight: {en: weight}}\n";

#[test]
fn reads_a_minimal_site_and_trims_the_base_url() {
    let dir = write_site(MINIMAL);
    let settings = load(dir.path()).unwrap();
    assert_eq!(settings.base_url, "https://x.example");
    assert_eq!(settings.language_prefix("ja"), "/ja/");
    assert_eq!(settings.language_prefix("en"), "/");
}

#[test]
fn a_share_outside_0_to_1_is_a_bad_setting() {
    for bad in ["min_raw: 90", "min_coverage: 1.5", "min_raw: -0.1", "min_raw: .nan"] {
        let dir = write_site(&format!("{MINIMAL}figures: {{{bad}}}\n"));
        let error = load(dir.path()).unwrap_err();
        assert_eq!(error.code, "bad-setting", "{bad}");
        assert!(error.message.contains("from 0 to 1"), "{bad}: {}", error.message);
    }
    let dir = write_site(&format!("{MINIMAL}figures: {{min_raw: 0.9, min_coverage: 1}}\n"));
    assert_eq!(load(dir.path()).unwrap().figures.min_raw, Some(0.9));
}

#[test]
fn a_misspelt_key_is_an_error_on_its_line() {
    let dir = write_site(&format!("{MINIMAL}titel: x\n"));
    let error = load(dir.path()).unwrap_err();
    assert_eq!(error.line, 8);
    assert!(error.message.contains("titel"), "{}", error.message);
}

#[test]
fn print_evidence_is_an_appendix_unless_none_and_refuses_another_value_at_its_line() {
    assert_eq!(load(write_site(MINIMAL).path()).unwrap().print_evidence, PrintEvidence::Appendix);
    let dir = write_site(&format!("{MINIMAL}print_evidence: none\n"));
    assert_eq!(load(dir.path()).unwrap().print_evidence, PrintEvidence::None);
    let dir = write_site(&format!("{MINIMAL}print_evidence: never\n"));
    let error = load(dir.path()).unwrap_err();
    assert_eq!((error.code, error.line), ("bad-yaml", 8), "{}", error.message);
    assert!(error.message.contains("never") && error.message.contains("appendix"), "{}", error.message);
}
