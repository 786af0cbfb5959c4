//! Arbitrary-precision integers (work in progress).
