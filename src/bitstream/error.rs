//! The error of every bitstream operation: what went wrong and at which bit.
//!
//! Owns [`Error`] and [`ErrorKind`]. It does not own recovery: a reader that
//! returned an error is left at an unspecified position and should not be
//! used further.

use std::fmt;

/// A malformed stream, or a request the writer cannot encode, with the bit
/// offset (from the start of the stream, after any wrapper header) where it
/// was detected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error {
    bit: u64,
    kind: ErrorKind,
}

impl Error {
    /// An error of `kind` found at bit offset `bit`.
    #[cold]
    pub fn new(bit: u64, kind: ErrorKind) -> Error {
        Error { bit, kind }
    }

    /// The bit offset where the error was detected.
    pub fn bit(&self) -> u64 {
        self.bit
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bit {}: {}", self.bit, self.kind)
    }
}

impl std::error::Error for Error {}

/// The kinds of bitstream errors. Messages are lowercase, without a trailing
/// period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A read wanted more bits than the stream has left.
    UnexpectedEof,
    /// A variable-width integer did not end within 32 or 64 bits.
    UnterminatedVbr,
    /// A fixed read wider than 64 bits, or a VBR chunk width outside 1..=32.
    InvalidWidth,
    /// A seek or skip beyond the end of the stream.
    SeekPastEnd,
    /// An abbreviation id not defined in the current block.
    UnknownAbbrev(u32),
    /// An abbreviation operand encoding other than 1..=5 (fixed, vbr, array,
    /// char6, blob).
    InvalidEncoding,
    /// A `DEFINE_ABBREV` without operands.
    EmptyAbbrev,
    /// A fixed or VBR abbreviation operand wider than 32 bits.
    OperandTooWide,
    /// An abbreviation whose first operand (the record code) is an array or
    /// a blob.
    CodeIsArrayOrBlob,
    /// An array operand that is not second to last in its abbreviation.
    ArrayNotSecondToLast,
    /// An array whose element operand is not fixed, VBR or char6.
    InvalidArrayElement,
    /// A blob operand that is not the last one (writer-side rule).
    BlobNotLast,
    /// An array or record length larger than the bits left could hold.
    LengthTooLarge,
    /// A blob that extends past the end of the stream.
    BlobPastEnd,
    /// A block whose abbreviation id width is 0 or more than 32.
    InvalidAbbrevWidth(u64),
    /// A block header with nothing after it.
    BlockAtEnd,
    /// `END_BLOCK` outside of any block.
    EndBlockAtTopLevel,
    /// Something other than a block at the top level of the stream.
    NotABlockAtTopLevel(u32),
    /// The stream ended inside a block.
    EndInsideBlock,
    /// A malformed BLOCKINFO block; the text says which rule.
    BadBlockInfo(&'static str),
    /// A stream too short for its 4-byte signature, or not `BC 0xC0DE` where
    /// LLVM IR bitcode was required.
    BadMagic,
    /// A bitcode wrapper header that is truncated or points outside the file.
    BadWrapper,
    /// A file whose length is not a multiple of 4 bytes.
    NotWordSized(u64),
    /// Writing the dump listing to its destination failed.
    Output,
    /// A metadata strings blob that does not decode (dump only).
    BadMetadataStrings(&'static str),
    /// Writer: a value that does not fit its fixed or VBR operand.
    ValueTooWide {
        /// The value.
        value: u64,
        /// The operand's width.
        width: u32,
    },
    /// Writer: a value that differs from its abbreviation's literal.
    LiteralMismatch {
        /// The literal in the abbreviation.
        literal: u64,
        /// The value given.
        value: u64,
    },
    /// Writer: a value with no char6 encoding.
    NotChar6(u64),
    /// Writer: fewer or more values than the abbreviation takes.
    OperandCount,
    /// Writer: a blob operand without blob bytes, or blob bytes for an
    /// abbreviation without a blob operand.
    BlobMismatch,
    /// Writer: `exit_block` with no open block.
    NoOpenBlock,
    /// Writer: a BLOCKINFO abbreviation before any `SETBID`.
    NoCurrentBlockId,
    /// Copy: the positions recorded in the stream (VST and metadata index
    /// offsets) did not settle after re-encoding.
    PositionsUnsettled,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self {
            UnexpectedEof => f.write_str("unexpected end of stream"),
            UnterminatedVbr => f.write_str("unterminated vbr"),
            InvalidWidth => f.write_str("invalid read width"),
            SeekPastEnd => f.write_str("seek past the end of the stream"),
            UnknownAbbrev(id) => write!(f, "invalid abbreviation id {id}"),
            InvalidEncoding => f.write_str("invalid abbreviation operand encoding"),
            EmptyAbbrev => f.write_str("abbreviation with no operands"),
            OperandTooWide => f.write_str("fixed or vbr operand wider than 32 bits"),
            CodeIsArrayOrBlob => f.write_str("abbreviation starts with an array or a blob"),
            ArrayNotSecondToLast => f.write_str("array operand not second to last"),
            InvalidArrayElement => {
                f.write_str("array element is not a fixed, vbr or char6 encoding")
            }
            BlobNotLast => f.write_str("blob operand not last"),
            LengthTooLarge => f.write_str("length exceeds what the rest of the stream holds"),
            BlobPastEnd => f.write_str("blob extends past the end of the stream"),
            InvalidAbbrevWidth(w) => write!(f, "invalid abbreviation id width {w}"),
            BlockAtEnd => f.write_str("block header at the end of the stream"),
            EndBlockAtTopLevel => f.write_str("end of block at the top level"),
            NotABlockAtTopLevel(id) => {
                write!(
                    f,
                    "abbreviation id {id} at the top level, where only blocks may appear"
                )
            }
            EndInsideBlock => f.write_str("premature end of stream inside a block"),
            BadBlockInfo(why) => write!(f, "malformed blockinfo block: {why}"),
            BadMagic => f.write_str("not llvm ir bitcode (bad magic)"),
            BadWrapper => f.write_str("invalid bitcode wrapper header"),
            NotWordSized(n) => {
                write!(
                    f,
                    "bitcode stream of {n} bytes is not a multiple of 4 bytes in length"
                )
            }
            Output => f.write_str("writing the listing failed"),
            BadMetadataStrings(why) => write!(f, "cannot decode metadata strings blob: {why}"),
            ValueTooWide { value, width } => {
                write!(f, "value {value} does not fit an operand of width {width}")
            }
            LiteralMismatch { literal, value } => {
                write!(
                    f,
                    "value {value} differs from the abbreviation's literal {literal}"
                )
            }
            NotChar6(v) => write!(f, "value {v} is not a char6 character"),
            OperandCount => f.write_str("operand count does not match the abbreviation"),
            BlobMismatch => f.write_str("blob operand and blob bytes do not match"),
            NoOpenBlock => f.write_str("no open block to exit"),
            NoCurrentBlockId => f.write_str("blockinfo abbreviation before any setbid"),
            PositionsUnsettled => {
                f.write_str("stream positions in the copy did not settle after re-encoding")
            }
        }
    }
}

/// The result of bitstream operations.
pub type Result<T> = std::result::Result<T, Error>;
