//! Bit-exact floating-point values (work in progress).
