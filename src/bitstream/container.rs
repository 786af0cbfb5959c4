//! What surrounds the blocks: the optional bitcode wrapper header and the
//! 4-byte signature (`BC 0xC0DE` for LLVM IR).
//!
//! Owns [`WrapperHeader`], [`StreamKind`] and [`open_bitcode`]. It does not
//! own blocks or records (`reader.rs`).

use super::cursor::Cursor;
use super::error::{Error, ErrorKind, Result};
use super::reader::Reader;

/// The wrapper header's magic, `0x0B17C0DE`, stored little endian.
pub const WRAPPER_MAGIC: u32 = 0x0B17_C0DE;
/// Size of the wrapper header in bytes (five little-endian 32-bit fields).
pub const WRAPPER_HEADER_SIZE: usize = 20;

/// The bitcode wrapper header (Darwin's), five little-endian words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrapperHeader {
    /// Always [`WRAPPER_MAGIC`].
    pub magic: u32,
    /// Wrapper version (0).
    pub version: u32,
    /// Byte offset of the bitstream in the file.
    pub offset: u32,
    /// Size of the bitstream in bytes.
    pub size: u32,
    /// The target's CPU type.
    pub cpu_type: u32,
}

/// Whether `bytes` start with the wrapper magic.
pub fn is_wrapper(bytes: &[u8]) -> bool {
    bytes
        .first_chunk::<4>()
        .is_some_and(|m| u32::from_le_bytes(*m) == WRAPPER_MAGIC)
}

fn le32(bytes: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(w)
}

/// The wrapper header of `bytes`, if they start with one. Errors if it is
/// shorter than 20 bytes.
pub fn wrapper_header(bytes: &[u8]) -> Result<Option<WrapperHeader>> {
    if !is_wrapper(bytes) {
        return Ok(None);
    }
    if bytes.len() < WRAPPER_HEADER_SIZE {
        return Err(Error::new(0, ErrorKind::BadWrapper));
    }
    Ok(Some(WrapperHeader {
        magic: le32(bytes, 0),
        version: le32(bytes, 4),
        offset: le32(bytes, 8),
        size: le32(bytes, 12),
        cpu_type: le32(bytes, 16),
    }))
}

/// The bitstream inside `bytes`: the whole of them, or what the wrapper
/// header's offset and size select (which must lie inside the file).
pub fn stream_bytes(bytes: &[u8]) -> Result<(Option<WrapperHeader>, &[u8])> {
    let Some(h) = wrapper_header(bytes)? else {
        return Ok((None, bytes));
    };
    let start = h.offset as usize;
    let end = start as u64 + u64::from(h.size);
    if end > bytes.len() as u64 {
        return Err(Error::new(0, ErrorKind::BadWrapper));
    }
    Ok((Some(h), &bytes[start..end as usize]))
}

/// The kind of stream its signature announces (LLVM's autodetection).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamKind {
    /// `BC 0xC0DE`: LLVM IR bitcode.
    LlvmIr,
    /// `CPCH`: a Clang serialized AST.
    ClangAst,
    /// `DIAG`: Clang serialized diagnostics.
    ClangDiagnostics,
    /// `RMRK`: LLVM remarks.
    Remarks,
    /// Anything else.
    Unknown,
}

/// Reads the 32-bit signature at `cur` as `llvm-bcanalyzer` does: two bytes,
/// then two more bytes for `CP`, `DI` and `RM`, else four 4-bit nibbles.
pub fn read_signature(cur: &mut Cursor<'_>) -> Result<StreamKind> {
    let b0 = cur.read(8)? as u8;
    let b1 = cur.read(8)? as u8;
    let two =
        |cur: &mut Cursor<'_>| -> Result<(u8, u8)> { Ok((cur.read(8)? as u8, cur.read(8)? as u8)) };
    Ok(match (b0, b1) {
        (b'C', b'P') => match two(cur)? {
            (b'C', b'H') => StreamKind::ClangAst,
            _ => StreamKind::Unknown,
        },
        (b'D', b'I') => match two(cur)? {
            (b'A', b'G') => StreamKind::ClangDiagnostics,
            _ => StreamKind::Unknown,
        },
        (b'R', b'M') => match two(cur)? {
            (b'R', b'K') => StreamKind::Remarks,
            _ => StreamKind::Unknown,
        },
        _ => {
            let n = [cur.read(4)?, cur.read(4)?, cur.read(4)?, cur.read(4)?];
            if (b0, b1) == (b'B', b'C') && n == [0x0, 0xC, 0xE, 0xD] {
                StreamKind::LlvmIr
            } else {
                StreamKind::Unknown
            }
        }
    })
}

/// Opens LLVM IR bitcode: skips a wrapper header if present, checks the
/// magic `'B' 'C' 0x0 0xC 0xE 0xD` (read as 8, 8, 4, 4, 4, 4 bits) and
/// returns a reader just after it, at the top level.
pub fn open_bitcode(bytes: &[u8]) -> Result<Reader<'_>> {
    let (_, stream) = stream_bytes(bytes)?;
    let mut cur = Cursor::new(stream);
    const MAGIC: [(u32, u64); 6] = [
        (8, b'B' as u64),
        (8, b'C' as u64),
        (4, 0),
        (4, 0xC),
        (4, 0xE),
        (4, 0xD),
    ];
    for (width, want) in MAGIC {
        if cur.read(width).ok() != Some(want) {
            return Err(Error::new(0, ErrorKind::BadMagic));
        }
    }
    Ok(Reader::with_cursor(cur))
}
