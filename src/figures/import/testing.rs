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

/// The eight iperf3 text outputs of the public pfSense/APU2 write-up, under
/// `apu2-pfsense-iperf3-text/`.
pub(crate) const APU2_IPERF3_TEXT: [&str; 8] = [
    "aws1_server_side.txt",
    "aws2_P10_download.txt",
    "aws3_udp_P5.txt",
    "test1_same_switch.txt",
    "test2_isp_router.txt",
    "test3_two_switches.txt",
    "test4_intervlan_via_apu2.txt",
    "test5_intervlan_P4.txt",
];
