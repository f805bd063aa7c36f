//! iperf 2 text: for now the legacy importer's receiver's summary and intervals.

use super::legacy_iperf::ImportError as Legacy;
use super::{ImportError, Imported};

/// Reads iperf 2 text output (client, server, or both pasted together).
pub(crate) fn import_iperf2_text(text: &str) -> Result<Imported, ImportError> {
    let received = super::legacy_iperf::import_iperf2_text(text).map_err(|e| match &e {
        Legacy::BadLine { line, .. } => ImportError::at(e.to_string(), line.clone()),
        _ => ImportError::whole(e.to_string()),
    })?;
    Ok(Imported { format: "iperf 2 text", fields: super::legacy_tree::tree(&received) })
}
