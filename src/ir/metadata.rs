//! Metadata (being written).

/// Metadata store (being written).
pub(crate) struct MdStore {}

impl MdStore {
    pub(crate) fn new() -> Self {
        MdStore {}
    }
}
