//! The error of reading bitcode: what went wrong, in which block and
//! record, at which bit.
//!
//! Owns [`BitcodeError`]. Container errors ([`crate::bitstream::Error`])
//! are wrapped with the block they happened in.

use crate::bitstream::{self, names};
use core::fmt;

/// Malformed or unsupported bitcode: the message, the block and record
/// being read, and the bit offset (from the start of the stream, after any
/// wrapper header) where the problem was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitcodeError {
    /// Id of the innermost block being read (`None` at the top level).
    pub block: Option<u32>,
    /// Code of the record being read, if the error is about one.
    pub record: Option<u32>,
    /// Bit offset of the problem.
    pub bit: u64,
    /// What is wrong (lowercase, no trailing period).
    pub message: String,
}

impl BitcodeError {
    /// An error with its location.
    #[cold]
    pub(crate) fn new(block: Option<u32>, record: Option<u32>, bit: u64, message: String) -> Self {
        BitcodeError {
            block,
            record,
            bit,
            message,
        }
    }

    /// A container error met in `block`.
    #[cold]
    pub(crate) fn stream(block: Option<u32>, e: bitstream::Error) -> Self {
        BitcodeError {
            block,
            record: None,
            bit: e.bit(),
            message: e.kind().to_string(),
        }
    }
}

impl fmt::Display for BitcodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bit {}", self.bit)?;
        if let Some(b) = self.block {
            match names::block_name(b) {
                Some(n) => write!(f, ", {n}")?,
                None => write!(f, ", block {b}")?,
            }
            if let Some(c) = self.record {
                match names::record_name(b, c) {
                    Some(n) => write!(f, ", record {n}")?,
                    None => write!(f, ", record {c}")?,
                }
            }
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for BitcodeError {}
