//! An integrity soak: curl's `-w '%{json}\n'` lines with `sha256sum` output. Not written yet.

use super::{ImportError, Imported};

/// The texts of one soak's files.
pub(crate) struct SoakFiles<'a> {
    /// curl's `-w '%{json}\n'` output, a line a pass.
    pub curl: &'a str,
    /// `sha256sum` output, a line a pass, in the passes' order.
    pub sha256: &'a str,
    /// The hash every pass's file must have (the server's).
    pub expected: &'a str,
}

/// Reads a soak's logs.
pub(crate) fn import_soak(_files: &SoakFiles<'_>) -> Result<Imported, ImportError> {
    Err(ImportError::whole("this format is not read yet"))
}
