//! Attributes (being written).
