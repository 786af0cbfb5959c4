//! Constants.

pub mod apfloat;
pub mod apint;
