//! iperf3 text (client or server log). Not written yet.

use super::{ImportError, Imported};

/// Reads iperf3 text (client or server log).
pub(crate) fn import_iperf3_text(_text: &str) -> Result<Imported, ImportError> {
    Err(ImportError::whole("this format is not read yet"))
}
