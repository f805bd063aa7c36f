//! `sysctl` output (`name: value` lines). Not written yet.

use super::{ImportError, Imported};

/// Reads `sysctl` output.
pub(crate) fn import_sysctl(_text: &str) -> Result<Imported, ImportError> {
    Err(ImportError::whole("this format is not read yet"))
}
