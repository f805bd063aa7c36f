//! Test helpers for the importers: the public outputs in `../shared/real-data/`, read from
//! there (they stay out of the repository), and the fixtures under `tests/fixtures/`.

/// The text of `../shared/real-data/PATH`. CI lays `shared/` beside the clone, so a
/// missing file fails the test rather than skipping it.
pub(crate) fn real_data(path: &str) -> String {
    let full = format!("{}/../shared/real-data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The text of `tests/fixtures/figures/PATH`.
pub(crate) fn fixture(path: &str) -> String {
    let full = format!("{}/tests/fixtures/figures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}
