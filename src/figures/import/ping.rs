//! ping's output (Linux iputils, BSD and macOS, Windows). Not written yet.

use super::{ImportError, Imported};

/// Reads ping's output (Linux iputils, BSD and macOS, Windows).
pub(crate) fn import_ping(_text: &str) -> Result<Imported, ImportError> {
    Err(ImportError::whole("this format is not read yet"))
}
