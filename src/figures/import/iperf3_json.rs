//! iperf3 `--json`: for now the legacy importer's receiver's summary and intervals.

use super::{ImportError, Imported};

/// Reads `iperf3 --json` output.
pub(crate) fn import_iperf3_json(text: &str) -> Result<Imported, ImportError> {
    let received =
        super::legacy_iperf::import_iperf3_json(text).map_err(|e| ImportError::whole(e.to_string()))?;
    Ok(Imported { format: "iperf3 JSON", fields: super::legacy_tree::tree(&received) })
}
