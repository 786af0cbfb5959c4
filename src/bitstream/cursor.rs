//! The bit cursor: fixed-width and variable-width (VBR) integer reads over a
//! byte slice, least significant bit first, as LLVM's bitstream stores them.
//!
//! Owns bit positions and bounds-checked reads for everything outside
//! record operands: abbreviation ids read one at a time, block headers,
//! `DEFINE_ABBREV`, skipping, the public reads. Record operands are read
//! by the register-resident buffer of `bits.rs`, which starts from a cursor
//! and hands the position back. It knows nothing of blocks, abbreviations
//! or records (that is `reader.rs`).
//!
//! # Reads
//!
//! ```text
//!   data:  ... | byte p/8 | ... 8 bytes loaded little endian ... |
//!                   ^ bit p % 8 of the loaded word is bit p of the stream
//!   peek = load64(data[p/8 .. p/8 + 8]) >> (p % 8)   -- at least 57 valid bits
//! ```
//!
//! The cursor is just a bit position `p`. A read of up to 56 bits, or a VBR
//! whose chunks fit in the 57 bits, is one bounds-checked unaligned load, a
//! shift and a mask; no buffer state to refill or write back. Only the last
//! 7 bytes of the data take the byte-by-byte path.

use super::error::{Error, ErrorKind, Result};

/// Why an `Option` read of the crate's hot paths returned `None`: a
/// one-byte stand-in for [`ErrorKind`], so the cursor stays small enough to
/// copy into registers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// No fault recorded.
    None,
    /// See [`ErrorKind::UnexpectedEof`].
    Eof,
    /// See [`ErrorKind::UnterminatedVbr`].
    UnterminatedVbr,
    /// See [`ErrorKind::InvalidWidth`].
    InvalidWidth,
    /// See [`ErrorKind::SeekPastEnd`].
    SeekPastEnd,
    /// See [`ErrorKind::OperandTooWide`].
    OperandTooWide,
    /// See [`ErrorKind::InvalidEncoding`].
    InvalidEncoding,
    /// See [`ErrorKind::EmptyAbbrev`].
    EmptyAbbrev,
    /// See [`ErrorKind::CodeIsArrayOrBlob`].
    CodeIsArrayOrBlob,
    /// See [`ErrorKind::ArrayNotSecondToLast`].
    ArrayNotSecondToLast,
    /// See [`ErrorKind::InvalidArrayElement`].
    InvalidArrayElement,
    /// See [`ErrorKind::LengthTooLarge`].
    LengthTooLarge,
    /// See [`ErrorKind::BlobPastEnd`].
    BlobPastEnd,
}

impl Fault {
    /// The error kind this fault stands for.
    pub(crate) fn kind(self) -> ErrorKind {
        match self {
            Fault::None | Fault::Eof => ErrorKind::UnexpectedEof,
            Fault::UnterminatedVbr => ErrorKind::UnterminatedVbr,
            Fault::InvalidWidth => ErrorKind::InvalidWidth,
            Fault::SeekPastEnd => ErrorKind::SeekPastEnd,
            Fault::OperandTooWide => ErrorKind::OperandTooWide,
            Fault::InvalidEncoding => ErrorKind::InvalidEncoding,
            Fault::EmptyAbbrev => ErrorKind::EmptyAbbrev,
            Fault::CodeIsArrayOrBlob => ErrorKind::CodeIsArrayOrBlob,
            Fault::ArrayNotSecondToLast => ErrorKind::ArrayNotSecondToLast,
            Fault::InvalidArrayElement => ErrorKind::InvalidArrayElement,
            Fault::LengthTooLarge => ErrorKind::LengthTooLarge,
            Fault::BlobPastEnd => ErrorKind::BlobPastEnd,
        }
    }
}

/// A read position in a bitstream, with bounds-checked reads.
///
/// The public reads return [`Result`]. The crate's hot paths use the
/// `Option`-returning twins (`rd`, `vbr`, `vbr32`), which keep the
/// (cold) error in the cursor's fault slot so that a success is returned in
/// registers; `take_fault` turns a `None` into the error.
#[derive(Clone, Copy, Debug)]
pub struct Cursor<'a> {
    data: &'a [u8],
    /// The bit position, at most `data.len() * 8`.
    pos: u64,
    /// Why the last `Option` read returned `None`.
    fault: Fault,
}

/// The widest read the fast path serves (57 bits are always valid in a
/// peek).
const PEEK_MAX: u32 = 56;

impl<'a> Cursor<'a> {
    /// A cursor at bit 0 of `data`.
    pub fn new(data: &'a [u8]) -> Cursor<'a> {
        Cursor {
            data,
            pos: 0,
            fault: Fault::None,
        }
    }

    /// The bytes this cursor reads.
    #[inline]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Current position in bits from the start of the data.
    #[inline]
    pub fn bit_pos(&self) -> u64 {
        self.pos
    }

    /// Size of the data in bits.
    #[inline]
    pub fn bit_len(&self) -> u64 {
        self.data.len() as u64 * 8
    }

    /// Bits left to read.
    #[inline]
    pub fn bits_left(&self) -> u64 {
        self.bit_len() - self.pos
    }

    /// Whether every bit has been read.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.bit_len()
    }

    /// An error at the current position.
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(self.pos, kind)
    }

    /// Records `kind` at the current position as the fault and returns
    /// `None`.
    ///
    /// Inlined: a call taking `&mut self` would keep a hot loop's local
    /// cursor in memory instead of registers.
    #[inline(always)]
    pub(crate) fn fail<T>(&mut self, fault: Fault) -> Option<T> {
        self.fault = fault;
        None
    }

    /// The error behind the last `None` (an end-of-stream error if none
    /// was recorded).
    #[cold]
    pub(crate) fn take_fault(&mut self) -> Error {
        let kind = std::mem::replace(&mut self.fault, Fault::None).kind();
        Error::new(self.pos, kind)
    }

    /// At least 57 bits starting at the position, if 8 bytes can be loaded
    /// there.
    #[inline(always)]
    fn peek(&self) -> Option<u64> {
        let byte = (self.pos >> 3) as usize;
        let chunk: [u8; 8] = self.data.get(byte..byte.wrapping_add(8))?.try_into().ok()?;
        Some(u64::from_le_bytes(chunk) >> (self.pos & 7))
    }

    /// Reads a `width`-bit unsigned integer, `width` in 0..=64; `None` (and
    /// a fault) past the end or for a width over 64.
    #[inline(always)]
    pub(crate) fn rd(&mut self, width: u32) -> Option<u64> {
        if width <= PEEK_MAX {
            if let Some(x) = self.peek() {
                self.pos += u64::from(width);
                return Some(x & ((1u64 << width) - 1));
            }
        }
        let (c, v) = self.rd_slow(width);
        *self = c;
        v
    }

    #[inline(always)]
    fn fail_eof<T>(&mut self) -> Option<T> {
        self.fail(Fault::Eof)
    }

    /// Any width, bit by byte: near the end of the data, or wider than 56.
    /// Takes and returns the cursor by value, so that callers' cursors do
    /// not have their address taken (see [`Cursor::fail`]).
    #[inline(never)]
    fn rd_slow(mut self, width: u32) -> (Cursor<'a>, Option<u64>) {
        let v = self.rd_slow_in(width);
        (self, v)
    }

    fn rd_slow_in(&mut self, width: u32) -> Option<u64> {
        if width > 64 {
            return self.fail(Fault::InvalidWidth);
        }
        if self.bits_left() < u64::from(width) {
            return self.fail_eof();
        }
        let mut v = 0u64;
        let mut got = 0u32;
        while got < width {
            let byte = u64::from(self.data[(self.pos >> 3) as usize]);
            let off = (self.pos & 7) as u32;
            let take = (8 - off).min(width - got);
            let bits = (byte >> off) & ((1u64 << take) - 1);
            v |= bits << got;
            got += take;
            self.pos += u64::from(take);
        }
        Some(v)
    }

    /// 64-bit VBR of `width`-bit chunks; `width` must be in 1..=32.
    #[inline(always)]
    pub(crate) fn vbr(&mut self, width: u32) -> Option<u64> {
        self.vbr_limit::<64>(width)
    }

    /// 32-bit VBR of `width`-bit chunks; `width` must be in 1..=32.
    #[inline(always)]
    pub(crate) fn vbr32(&mut self, width: u32) -> Option<u32> {
        Some(self.vbr_limit::<32>(width)? as u32)
    }

    /// A VBR that fails once a chunk would start at bit `LIMIT` of the
    /// value; chunks are decoded from one peek while they fit in it.
    #[inline(always)]
    fn vbr_limit<const LIMIT: u32>(&mut self, width: u32) -> Option<u64> {
        debug_assert!((1..=32).contains(&width));
        if let Some(x) = self.peek() {
            let hi = 1u64 << (width - 1);
            let lo = hi - 1;
            if x & hi == 0 {
                self.pos += u64::from(width);
                return Some(x & lo);
            }
            return self.vbr_multi::<LIMIT>(x, width);
        }
        let (c, v) = self.vbr_slow::<LIMIT>(0, 0, width);
        *self = c;
        v
    }

    /// A VBR of two or more chunks; `x` is the peek at its start.
    #[inline(always)]
    fn vbr_multi<const LIMIT: u32>(&mut self, x: u64, width: u32) -> Option<u64> {
        let hi = 1u64 << (width - 1);
        let lo = hi - 1;
        let avail = 64 - (self.pos & 7) as u32;
        let mut result = x & lo;
        let mut shift = width - 1;
        let mut off = width;
        loop {
            if shift >= LIMIT {
                return self.fail(Fault::UnterminatedVbr);
            }
            if off + width > avail {
                self.pos += u64::from(off);
                let (c, v) = self.vbr_slow::<LIMIT>(result, shift, width);
                *self = c;
                return v;
            }
            let p = x >> off;
            result |= (p & lo) << shift;
            off += width;
            if p & hi == 0 {
                self.pos += u64::from(off);
                return Some(if LIMIT == 32 {
                    result & 0xffff_ffff
                } else {
                    result
                });
            }
            shift += width - 1;
        }
    }

    /// Continues a VBR chunk by chunk: `result` holds the chunks so far,
    /// the next one goes at `shift`.
    #[inline(never)]
    fn vbr_slow<const LIMIT: u32>(
        mut self,
        result: u64,
        shift: u32,
        width: u32,
    ) -> (Cursor<'a>, Option<u64>) {
        let v = self.vbr_slow_in::<LIMIT>(result, shift, width);
        (self, v)
    }

    fn vbr_slow_in<const LIMIT: u32>(
        &mut self,
        mut result: u64,
        mut shift: u32,
        width: u32,
    ) -> Option<u64> {
        let hi = 1u64 << (width - 1);
        loop {
            let piece = self.rd(width)?;
            result |= (piece & (hi - 1)) << shift;
            if piece & hi == 0 {
                // A 32-bit VBR keeps only the low 32 bits, as LLVM does.
                return Some(if LIMIT == 32 {
                    result & 0xffff_ffff
                } else {
                    result
                });
            }
            shift += width - 1;
            if shift >= LIMIT {
                return self.fail(Fault::UnterminatedVbr);
            }
        }
    }

    /// Reads a `width`-bit unsigned integer, `width` in 0..=64.
    pub fn read(&mut self, width: u32) -> Result<u64> {
        match self.rd(width) {
            Some(v) => Ok(v),
            None => Err(self.take_fault()),
        }
    }

    /// Reads one bit.
    pub fn read_bit(&mut self) -> Result<bool> {
        Ok(self.read(1)? != 0)
    }

    /// Reads a variable-width integer of `width`-bit chunks (`width` in
    /// 1..=32) into 64 bits, as LLVM's `ReadVBR64`: a chunk's top bit says
    /// another chunk follows; a value that needs a chunk starting at bit 64
    /// or beyond is an error; bits shifted past bit 63 are dropped.
    pub fn read_vbr(&mut self, width: u32) -> Result<u64> {
        if width == 0 || width > 32 {
            return Err(self.error(ErrorKind::InvalidWidth));
        }
        match self.vbr(width) {
            Some(v) => Ok(v),
            None => Err(self.take_fault()),
        }
    }

    /// Reads a variable-width integer of `width`-bit chunks (`width` in
    /// 1..=32) into 32 bits, as LLVM's `ReadVBR` (used for block ids,
    /// abbreviation widths, record codes and lengths of unabbreviated
    /// records, arrays and blobs).
    pub fn read_vbr32(&mut self, width: u32) -> Result<u32> {
        if width == 0 || width > 32 {
            return Err(self.error(ErrorKind::InvalidWidth));
        }
        match self.vbr32(width) {
            Some(v) => Ok(v),
            None => Err(self.take_fault()),
        }
    }

    /// Moves forward to the next multiple of 32 bits (or to the end of the
    /// data, if that comes first).
    #[inline]
    pub fn align32(&mut self) {
        self.pos = ((self.pos + 31) & !31).min(self.bit_len());
    }

    /// Moves to bit offset `bit`; `bit` may equal the data's size in bits.
    pub fn seek(&mut self, bit: u64) -> Result<()> {
        if bit > self.bit_len() {
            return Err(self.error(ErrorKind::SeekPastEnd));
        }
        self.pos = bit;
        Ok(())
    }

    /// Moves to bit `bit`, which the caller knows is within the data.
    #[inline(always)]
    pub(crate) fn set_pos(&mut self, bit: u64) {
        debug_assert!(bit <= self.bit_len());
        self.pos = bit;
    }

    /// Skips `n` bits; `None` (and a fault) past the end.
    #[inline]
    pub(crate) fn skip_bits(&mut self, n: u64) -> Option<()> {
        if n <= self.bits_left() {
            self.pos += n;
            Some(())
        } else {
            self.fail(Fault::SeekPastEnd)
        }
    }

    /// Skips `n` bits.
    pub fn skip(&mut self, n: u64) -> Result<()> {
        match self.skip_bits(n) {
            Some(()) => Ok(()),
            None => Err(self.take_fault()),
        }
    }

    /// The `len` bytes starting at the current position, which must be a
    /// multiple of 8, without moving; `None` if they are not all there.
    #[inline]
    pub fn bytes_here(&self, len: u64) -> Option<&'a [u8]> {
        if !self.pos.is_multiple_of(8) {
            return None;
        }
        let start = (self.pos / 8) as usize;
        let end = start.checked_add(usize::try_from(len).ok()?)?;
        self.data.get(start..end)
    }
}
