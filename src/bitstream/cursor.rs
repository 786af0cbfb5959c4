//! The bit cursor: fixed-width and variable-width (VBR) integer reads over a
//! byte slice, least significant bit first, as LLVM's bitstream stores them.
//!
//! Owns bit positions, bounds checks and the read buffer. It knows nothing of
//! blocks, abbreviations or records (that is `reader.rs`).
//!
//! # Buffer
//!
//! ```text
//!   word (u64):  [ garbage | valid bits (count = `bits`) ]
//!                 63 ...      bits-1 ............... 0   <- next bit to read
//!   stream:      ... consumed | word's valid bits | data[next..] ...
//! ```
//!
//! `next * 8 - bits` is the bit position. A refill loads 8 bytes at `next`
//! with one unaligned little-endian load, ORs them in above the valid bits and
//! advances `next` by whole bytes only, so 56..=63 bits are valid after it.
//! The bits above the valid ones are the start of byte `next`, and a later
//! refill ORs the same bits at the same place again, so they never need
//! clearing. Near the end of the data the refill goes byte by byte.

use super::error::{Error, ErrorKind, Result};

/// A read position in a bitstream, with bounds-checked reads.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    data: &'a [u8],
    /// Index of the first byte not yet loaded into `word`.
    next: usize,
    /// Buffered bits; the low `bits` of them are valid.
    word: u64,
    /// Number of valid bits in `word`, at most 63.
    bits: u32,
}

/// Bits always available after a fast refill.
const REFILL_MIN: u32 = 56;

impl<'a> Cursor<'a> {
    /// A cursor at bit 0 of `data`.
    pub fn new(data: &'a [u8]) -> Cursor<'a> {
        Cursor { data, next: 0, word: 0, bits: 0 }
    }

    /// The bytes this cursor reads.
    #[inline]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// Current position in bits from the start of the data.
    #[inline]
    pub fn bit_pos(&self) -> u64 {
        self.next as u64 * 8 - u64::from(self.bits)
    }

    /// Size of the data in bits.
    #[inline]
    pub fn bit_len(&self) -> u64 {
        self.data.len() as u64 * 8
    }

    /// Bits left to read.
    #[inline]
    pub fn bits_left(&self) -> u64 {
        self.bit_len() - self.bit_pos()
    }

    /// Whether every bit has been read.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.bits == 0 && self.next >= self.data.len()
    }

    /// An error at the current position.
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(self.bit_pos(), kind)
    }

    #[inline(always)]
    fn refill(&mut self) {
        if let Some(chunk) = self.data.get(self.next..).and_then(|s| s.first_chunk::<8>()) {
            self.word |= u64::from_le_bytes(*chunk) << self.bits;
            let k = (63 - self.bits) >> 3;
            self.next += k as usize;
            self.bits += k << 3;
        } else {
            self.refill_tail();
        }
    }

    #[cold]
    fn refill_tail(&mut self) {
        while self.bits <= 55 {
            let Some(&b) = self.data.get(self.next) else { break };
            self.word |= u64::from(b) << self.bits;
            self.next += 1;
            self.bits += 8;
        }
    }

    /// Reads a `width`-bit unsigned integer, `width` in 0..=64.
    #[inline(always)]
    pub fn read(&mut self, width: u32) -> Result<u64> {
        if width <= self.bits {
            let v = self.word & ((1u64 << width) - 1);
            self.word >>= width;
            self.bits -= width;
            return Ok(v);
        }
        self.read_refill(width)
    }

    #[inline(never)]
    fn read_refill(&mut self, width: u32) -> Result<u64> {
        if width > REFILL_MIN {
            if width > 64 {
                return Err(self.error(ErrorKind::InvalidWidth(width)));
            }
            let start = self.bit_pos();
            if self.bits_left() < u64::from(width) {
                return Err(Error::new(
                    start,
                    ErrorKind::UnexpectedEof { wanted: width.into(), left: self.bits_left() },
                ));
            }
            let lo = self.read(32)?;
            let hi = self.read(width - 32)?;
            return Ok(lo | hi << 32);
        }
        self.refill();
        if width > self.bits {
            return Err(self.error(ErrorKind::UnexpectedEof {
                wanted: width.into(),
                left: self.bits.into(),
            }));
        }
        let v = self.word & ((1u64 << width) - 1);
        self.word >>= width;
        self.bits -= width;
        Ok(v)
    }

    /// Reads one bit.
    #[inline]
    pub fn read_bit(&mut self) -> Result<bool> {
        Ok(self.read(1)? != 0)
    }

    /// Reads a variable-width integer of `width`-bit chunks (`width` in
    /// 1..=32) into 64 bits, as LLVM's `ReadVBR64`: a chunk's top bit says
    /// another chunk follows; a value that needs a chunk starting at bit 64
    /// or beyond is an error; bits shifted past bit 63 are dropped.
    #[inline(always)]
    pub fn read_vbr(&mut self, width: u32) -> Result<u64> {
        if width == 0 || width > 32 {
            return Err(self.error(ErrorKind::InvalidWidth(width)));
        }
        let piece = self.read(width)?;
        let hi = 1u64 << (width - 1);
        if piece & hi == 0 {
            return Ok(piece);
        }
        self.read_vbr_tail(piece, width, 64)
    }

    /// Reads a variable-width integer of `width`-bit chunks (`width` in
    /// 1..=32) into 32 bits, as LLVM's `ReadVBR` (used for block ids,
    /// abbreviation widths, record codes and lengths of unabbreviated
    /// records, arrays and blobs).
    #[inline(always)]
    pub fn read_vbr32(&mut self, width: u32) -> Result<u32> {
        if width == 0 || width > 32 {
            return Err(self.error(ErrorKind::InvalidWidth(width)));
        }
        let piece = self.read(width)?;
        let hi = 1u64 << (width - 1);
        if piece & hi == 0 {
            return Ok(piece as u32);
        }
        Ok(self.read_vbr_tail(piece, width, 32)? as u32)
    }

    #[inline(never)]
    fn read_vbr_tail(&mut self, mut piece: u64, width: u32, limit: u32) -> Result<u64> {
        let start = self.bit_pos() - u64::from(width);
        let hi = 1u64 << (width - 1);
        let mut result = 0u64;
        let mut shift = 0u32;
        loop {
            result |= (piece & (hi - 1)) << shift;
            if piece & hi == 0 {
                // A 32-bit VBR keeps only the low 32 bits, as LLVM does.
                return Ok(if limit == 32 { result & 0xffff_ffff } else { result });
            }
            shift += width - 1;
            if shift >= limit {
                return Err(Error::new(start, ErrorKind::UnterminatedVbr));
            }
            piece = self.read(width)?;
        }
    }

    /// Moves forward to the next multiple of 32 bits (or to the end of the
    /// data, if that comes first).
    #[inline]
    pub fn align32(&mut self) {
        let skip = (32 - (self.bit_pos() & 31) as u32) & 31;
        if skip <= self.bits {
            self.word >>= skip;
            self.bits -= skip;
        } else {
            let to = (self.bit_pos() + u64::from(skip)).min(self.bit_len());
            // In range by construction.
            let _ = self.seek(to);
        }
    }

    /// Moves to bit offset `bit`; `bit` may equal the data's size in bits.
    pub fn seek(&mut self, bit: u64) -> Result<()> {
        if bit > self.bit_len() {
            return Err(self.error(ErrorKind::SeekPastEnd(bit)));
        }
        self.next = (bit / 8) as usize;
        self.word = 0;
        self.bits = 0;
        let rem = (bit % 8) as u32;
        if rem != 0 {
            self.refill();
            self.word >>= rem;
            self.bits -= rem;
        }
        Ok(())
    }

    /// Skips `n` bits.
    #[inline]
    pub fn skip(&mut self, n: u64) -> Result<()> {
        if n <= u64::from(self.bits) {
            self.word >>= n;
            self.bits -= n as u32;
            return Ok(());
        }
        let to = self.bit_pos().checked_add(n).ok_or_else(|| self.error(ErrorKind::SeekPastEnd(u64::MAX)))?;
        self.seek(to)
    }

    /// The `len` bytes starting at the current position, which must be a
    /// multiple of 8, without moving; `None` if they are not all there.
    #[inline]
    pub fn bytes_here(&self, len: u64) -> Option<&'a [u8]> {
        let pos = self.bit_pos();
        if pos % 8 != 0 {
            return None;
        }
        let start = (pos / 8) as usize;
        let end = start.checked_add(usize::try_from(len).ok()?)?;
        self.data.get(start..end)
    }
}
