//! `pfctl -si` output. Not written yet.

use super::{ImportError, Imported};

/// Reads `pfctl -si` output.
pub(crate) fn import_pfctl(_text: &str) -> Result<Imported, ImportError> {
    Err(ImportError::whole("this format is not read yet"))
}
