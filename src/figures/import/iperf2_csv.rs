//! iperf 2 CSV (`iperf -y C`). Not written yet.

use super::{ImportError, Imported};

/// Reads iperf 2 CSV (`iperf -y C`).
pub(crate) fn import_iperf2_csv(_text: &str) -> Result<Imported, ImportError> {
    Err(ImportError::whole("this format is not read yet"))
}
