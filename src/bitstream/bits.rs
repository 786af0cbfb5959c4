//! The record decoder's bit reader: a 64-bit buffer refilled a word at a
//! time, meant to live in registers for the length of a hot loop.
//!
//! Owns [`BitBuf`] and its reads (fixed fields, VBRs, compiled abbreviation
//! [`Step`]s). The reader (`reader.rs`) makes one from its [`Cursor`] at the
//! start of a record or a run of records and writes the position back when
//! done; everything else reads through the position-based [`Cursor`].
//!
//! # Layout
//!
//! ```text
//!   data:  | ... consumed ... | buf holds the next `cnt` bits | next ...
//!                                                             ^ byte `next`
//!   bit position = next * 8 - cnt
//! ```
//!
//! A refill loads the 8 bytes at `next` (one bounds check), ORs them in
//! above the `cnt` valid bits and moves `next` by the whole bytes that fit:
//! afterwards 56..=63 bits are valid. Bits of `buf` at or above `cnt` are
//! zero or the stream's own next bits (the partly loaded byte), so ORing
//! the same byte in again is harmless. A field is then a mask and a shift
//! of `buf`, with no load and no bounds check; a record of a few fields
//! costs about one refill. Only the last 7 bytes of the data are loaded
//! byte by byte.
//!
//! Slow paths run on a copy of the buffer (`let mut t = *self; t.slow();
//! *self = t`), so the caller's buffer never has its address taken and
//! stays in registers.
//!
//! The buffer is refilled once per record, unconditionally, and stays in
//! registers for a run of records: failures set a one-byte `Fault` and
//! return `None`. Rejected by measurement: a word
//! buffer inside the cursor (2–3× slower), refilling when bits run low
//! (1.95 M simulated mispredicts a walk against 1.18 M), table-driven vbr6
//! (18% slower), one fault check per record (5% slower). vbr6 has fast paths
//! for 2 and 3 chunks; a 32-bit VBR fails once a chunk would start at bit
//! 32, a 64-bit one at bit 64, as LLVM.

use super::abbrev::{decode_char6, Step};
use super::cursor::{Cursor, Fault};

/// A bit reader over `data` holding up to 63 unread bits in a register.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BitBuf<'a> {
    data: &'a [u8],
    /// The bytes not yet loaded into `buf` (a tail of `data`).
    rest: &'a [u8],
    /// The next `cnt` bits of the stream, least significant first.
    buf: u64,
    /// Number of valid bits in `buf`, 0..=63.
    cnt: u32,
    /// Why the last read returned `None`.
    pub fault: Fault,
}

impl<'a> BitBuf<'a> {
    /// A buffer positioned where `cur` is, filled.
    #[inline]
    pub fn at(cur: &Cursor<'a>) -> BitBuf<'a> {
        let pos = cur.bit_pos();
        let data = cur.data();
        let mut b = BitBuf {
            data,
            rest: data.get((pos >> 3) as usize..).unwrap_or(&[]),
            buf: 0,
            cnt: 0,
            fault: Fault::None,
        };
        // Filled at once, aligned or not: the first fields read then need
        // no refill (if `pos` is inside the data, byte `next` is there and
        // covers the `skip` bits; at the end nothing is loaded or skipped).
        b.refill();
        let skip = (pos & 7) as u32;
        b.consume(skip.min(b.cnt));
        b
    }

    /// The bit position, from the start of the data.
    #[inline(always)]
    pub fn bit_pos(&self) -> u64 {
        (self.data.len() - self.rest.len()) as u64 * 8 - u64::from(self.cnt)
    }

    /// Bits left to read.
    #[inline(always)]
    pub fn bits_left(&self) -> u64 {
        self.rest.len() as u64 * 8 + u64::from(self.cnt)
    }

    /// Records `fault` and returns `None`.
    #[inline(always)]
    pub fn fail<T>(&mut self, fault: Fault) -> Option<T> {
        self.fault = fault;
        None
    }

    /// Drops the next `n` bits, which must be valid (`n <= cnt`).
    #[inline(always)]
    fn consume(&mut self, n: u32) {
        self.buf >>= n;
        self.cnt -= n;
    }

    /// Tops the buffer up to at least 56 valid bits, or to every bit left.
    #[inline(always)]
    pub fn refill(&mut self) {
        match self.rest.first_chunk::<8>() {
            Some(w) => {
                self.buf |= u64::from_le_bytes(*w) << self.cnt;
                // The whole bytes that fit: (63 - cnt) / 8, at most 7.
                let k = ((!self.cnt >> 3) & 7) as usize;
                self.rest = self.rest.get(k..).unwrap_or(&[]);
                self.cnt |= 56;
            }
            None => {
                std::hint::cold_path();
                self.refill_tail();
            }
        }
    }

    /// The last 7 bytes: one byte at a time. Inlined (a call would take
    /// the buffer's address and keep it out of registers), but out of the
    /// way.
    #[inline(always)]
    fn refill_tail(&mut self) {
        while self.cnt < 56 {
            let Some((&byte, rest)) = self.rest.split_first() else {
                break;
            };
            self.buf |= u64::from(byte) << self.cnt;
            self.cnt += 8;
            self.rest = rest;
        }
    }

    /// Reads a `width`-bit field, `width` in 0..=32.
    #[inline(always)]
    pub fn fixed(&mut self, width: u32) -> Option<u64> {
        debug_assert!(width <= 32);
        if self.cnt < width {
            // Rare: a refill at the start of each record usually covers it.
            std::hint::cold_path();
            self.refill();
            if self.cnt < width {
                return self.fail(Fault::Eof);
            }
        }
        let v = self.buf & ((1u64 << width) - 1);
        self.consume(width);
        Some(v)
    }

    /// Reads a VBR of `width`-bit chunks (`width` in 1..=32) that fails
    /// once a chunk would start at bit `LIMIT` (32 or 64) of the value; a
    /// 32-bit one keeps the low 32 bits, as LLVM's `ReadVBR`.
    #[inline(always)]
    pub fn vbr<const LIMIT: u32>(&mut self, width: u32) -> Option<u64> {
        debug_assert!((1..=32).contains(&width));
        if self.cnt < width {
            // Rare: a refill at the start of each record usually covers it.
            std::hint::cold_path();
            self.refill();
            if self.cnt < width {
                return self.fail(Fault::Eof);
            }
        }
        let hi = 1u64 << (width - 1);
        if self.buf & hi == 0 {
            let v = self.buf & (hi - 1);
            self.consume(width);
            return Some(v);
        }
        if width == 6 {
            return self.vbr6_more::<LIMIT>();
        }
        self.vbr_more::<LIMIT>(width)
    }

    /// Reads one compiled literal, fixed or VBR operand (a
    /// `StepKind::Scalar`): a single-chunk value is `(buf & pmask) | lit`.
    #[inline(always)]
    pub fn step(&mut self, s: &Step) -> Option<u64> {
        let width = u32::from(s.width);
        if self.cnt < width {
            // Rare: a refill at the start of each record usually covers it.
            std::hint::cold_path();
            self.refill();
            if self.cnt < width {
                return self.fail(Fault::Eof);
            }
        }
        let x = self.buf;
        if x & s.cmask == 0 {
            self.consume(width);
            return Some((x & s.pmask) | s.lit);
        }
        if width == 6 {
            return self.vbr6_more::<64>();
        }
        self.vbr_more_out::<64>(width)
    }

    /// The buffer value at the position, consuming `bits` of it, if that
    /// many are buffered and none of `cmask` is set: an abbreviation's
    /// leading run (see `Step`) read in one go. Otherwise nothing moves.
    #[inline(always)]
    pub fn run(&mut self, bits: u32, cmask: u64) -> Option<u64> {
        let x = self.buf;
        if self.cnt >= bits && x & cmask == 0 {
            self.consume(bits);
            return Some(x);
        }
        None
    }

    /// A vbr6 code of one or two chunks and a vbr6 count of one chunk, if
    /// 18 bits are buffered (the common unabbreviated record start; codes
    /// from 32 up, such as `INST_STORE` and `INST_CALL`, take two chunks).
    /// Otherwise nothing moves.
    #[inline(always)]
    pub fn code_count6(&mut self) -> Option<(u64, u64)> {
        let x = self.buf;
        if self.cnt >= 18 {
            if x & 0x820 == 0 {
                self.consume(12);
                return Some((x & 0x1f, (x >> 6) & 0x1f));
            }
            // The code continues once (bit 5), its second chunk ends (bit
            // 11) and so does the count (bit 17).
            if x & 0x2_0820 == 0x20 {
                self.consume(18);
                return Some(((x & 0x1f) | ((x >> 1) & 0x3e0), (x >> 12) & 0x1f));
            }
        }
        None
    }

    /// [`BitBuf::vbr_more`] out of line, on a copy: keeps the caller's loop
    /// small and its buffer in registers.
    #[inline(always)]
    fn vbr_more_out<const LIMIT: u32>(&mut self, width: u32) -> Option<u64> {
        #[inline(never)]
        fn more<const LIMIT: u32>(b: &mut BitBuf<'_>, width: u32) -> Option<u64> {
            b.vbr_more::<LIMIT>(width)
        }
        let mut t = *self;
        let v = more::<LIMIT>(&mut t, width);
        *self = t;
        v
    }

    /// A vbr6 whose first chunk (at the position, not consumed) continues,
    /// the most common multi-chunk VBR: after a refill, up to 9 chunks are
    /// decoded from the buffer with constant shifts and masks.
    #[inline(always)]
    fn vbr6_more<const LIMIT: u32>(&mut self) -> Option<u64> {
        // Two or three chunks, the common cases, from the bits at hand.
        let x = self.buf;
        if self.cnt >= 18 {
            let v = (x & 0x1f) | ((x >> 1) & 0x3e0);
            if x & 0x800 == 0 {
                self.consume(12);
                return Some(v);
            }
            if x & 0x2_0000 == 0 {
                self.consume(18);
                return Some(v | ((x >> 2) & 0x7c00));
            }
        }
        self.refill();
        if self.cnt < 54 {
            return self.vbr_more_out::<LIMIT>(6);
        }
        let x = self.buf;
        let mut v = x & 0x1f;
        // Unrolled by the compiler: chunk k sits at bit 6k, its payload
        // goes to bit 5k, its top bit says whether chunk k + 1 follows.
        for k in 1..9 {
            if 5 * k >= LIMIT {
                return self.fail(Fault::UnterminatedVbr);
            }
            v |= ((x >> (6 * k)) & 0x1f) << (5 * k);
            if x & (1 << (6 * k + 5)) == 0 {
                self.consume(6 * (k + 1));
                return Some(if LIMIT == 32 { v & 0xffff_ffff } else { v });
            }
        }
        // More than 9 chunks: on to the general loop.
        self.vbr_more_out::<LIMIT>(6)
    }

    /// A char6 character.
    #[inline(always)]
    pub fn char6(&mut self) -> Option<u64> {
        Some(u64::from(decode_char6(self.fixed(6)?)))
    }

    /// A VBR whose first chunk (at the position, not consumed) continues:
    /// the chunks are decoded from the buffer while they fit in it.
    #[inline(always)]
    fn vbr_more<const LIMIT: u32>(&mut self, width: u32) -> Option<u64> {
        let hi = 1u64 << (width - 1);
        let lo = hi - 1;
        let x = self.buf;
        let mut result = x & lo;
        let mut shift = width - 1;
        let mut off = width;
        loop {
            if shift >= LIMIT {
                return self.fail(Fault::UnterminatedVbr);
            }
            if off + width > self.cnt {
                self.consume(off);
                let mut t = *self;
                let v = t.vbr_slow::<LIMIT>(result, shift, width);
                *self = t;
                return v;
            }
            let p = x >> off;
            result |= (p & lo) << shift;
            off += width;
            if p & hi == 0 {
                self.consume(off);
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
    /// the next one goes at `shift` (below `LIMIT`).
    #[inline(never)]
    fn vbr_slow<const LIMIT: u32>(
        &mut self,
        mut result: u64,
        mut shift: u32,
        width: u32,
    ) -> Option<u64> {
        let hi = 1u64 << (width - 1);
        loop {
            let piece = self.fixed(width)?;
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

    /// Moves to the next multiple of 32 bits (or the end of the data).
    pub fn align32(&mut self) {
        let pos = self.bit_pos();
        let to = ((pos + 31) & !31).min(self.data.len() as u64 * 8);
        self.seek_within(to);
    }

    /// Moves to bit `to`, which must be within the data.
    fn seek_within(&mut self, to: u64) {
        self.rest = self.data.get((to >> 3) as usize..).unwrap_or(&[]);
        self.buf = 0;
        self.cnt = 0;
        let skip = (to & 7) as u32;
        if skip != 0 {
            self.refill();
            self.consume(skip.min(self.cnt));
        }
    }

    /// The `len` bytes at the position, which must be a multiple of 8,
    /// without moving; `None` if they are not all there.
    pub fn bytes_here(&self, len: u64) -> Option<&'a [u8]> {
        let pos = self.bit_pos();
        if !pos.is_multiple_of(8) {
            return None;
        }
        let start = (pos / 8) as usize;
        let end = start.checked_add(usize::try_from(len).ok()?)?;
        self.data.get(start..end)
    }

    /// Skips `n` bits; `None` (and a fault) past the end.
    pub fn skip_bits(&mut self, n: u64) -> Option<()> {
        if n > self.bits_left() {
            return self.fail(Fault::SeekPastEnd);
        }
        let to = self.bit_pos() + n;
        self.seek_within(to);
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::abbrev::{AbbrevOp, Step};
    use super::super::cursor::Cursor;
    use super::BitBuf;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Bytes whose VBR chunks often continue (top bits set), so long VBRs,
    /// unterminated ones and reads past the end all come up.
    fn data(rng: &mut Rng) -> Vec<u8> {
        let n = rng.below(24) as usize;
        let dense = rng.below(3) as u32;
        (0..n)
            .map(|_| {
                let mut b = rng.next() as u8;
                for _ in 0..dense {
                    b |= rng.next() as u8;
                }
                b
            })
            .collect()
    }

    /// Every read of the buffer agrees with the position-based cursor:
    /// same value and position, or both fail with the same fault.
    #[test]
    fn agrees_with_the_cursor() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let bytes = data(&mut rng);
            let start = rng.below(bytes.len() as u64 * 8 + 1);
            let mut cur = Cursor::new(&bytes);
            cur.set_pos(start);
            let mut b = BitBuf::at(&cur);
            assert_eq!(b.bit_pos(), start);
            for _ in 0..12 {
                let w = 1 + rng.below(32) as u32;
                let (want, got) = match rng.below(5) {
                    0 => (cur.rd(w), b.fixed(w)),
                    1 => (cur.vbr32(w).map(u64::from), b.vbr::<32>(w)),
                    2 => (cur.vbr(w), b.vbr::<64>(w)),
                    3 => (cur.vbr(6), b.vbr::<64>(6)),
                    _ => {
                        let op = match rng.below(3) {
                            0 => AbbrevOp::Fixed(w as u8),
                            1 => AbbrevOp::Vbr(w as u8),
                            _ => AbbrevOp::Literal(rng.next()),
                        };
                        let want = match op {
                            AbbrevOp::Fixed(w) => cur.rd(u32::from(w)),
                            AbbrevOp::Vbr(w) => cur.vbr(u32::from(w)),
                            AbbrevOp::Literal(v) => Some(v),
                            _ => unreachable!(),
                        };
                        (want, b.step(&Step::of(op)))
                    }
                };
                assert_eq!(want, got, "bytes {bytes:?} from bit {start}");
                if want.is_none() {
                    assert_eq!(*cur.take_fault().kind(), b.fault.kind());
                    break;
                }
                assert_eq!(cur.bit_pos(), b.bit_pos());
            }
        }
    }

    /// The unabbreviated record start read in one go (a code of one or two
    /// chunks, a count of one) gives what two vbr6 reads give, and
    /// declines (moving nothing) whenever it cannot.
    #[test]
    fn code_and_count_in_one_go() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut taken = [0usize; 2];
        for _ in 0..20_000 {
            let bytes = data(&mut rng);
            let start = rng.below(bytes.len() as u64 * 8 + 1);
            let mut cur = Cursor::new(&bytes);
            cur.set_pos(start);
            let mut b = BitBuf::at(&cur);
            b.refill();
            match b.code_count6() {
                Some((code, count)) => {
                    let want = (cur.vbr32(6).unwrap(), cur.vbr32(6).unwrap());
                    assert_eq!((code, count), (u64::from(want.0), u64::from(want.1)));
                    assert_eq!(b.bit_pos(), cur.bit_pos());
                    taken[usize::from(code >= 32)] += 1;
                }
                None => {
                    assert_eq!(b.bit_pos(), start);
                    // Declined only if the code takes three chunks or more,
                    // the count two or more, or fewer than 18 bits are left.
                    let code_ok = cur.vbr32(6).is_some() && cur.bit_pos() - start <= 12;
                    let at = cur.bit_pos();
                    let count_ok = cur.vbr32(6).is_some() && cur.bit_pos() - at == 6;
                    let room = start + 18 <= bytes.len() as u64 * 8;
                    assert!(
                        !(code_ok && count_ok && room),
                        "bytes {bytes:?} from bit {start}"
                    );
                }
            }
        }
        assert!(taken[0] > 0 && taken[1] > 0, "{taken:?}");
    }

    /// Alignment, skips and blob bytes.
    #[test]
    fn align_skip_and_bytes() {
        let bytes: Vec<u8> = (0..20).collect();
        let mut cur = Cursor::new(&bytes);
        cur.set_pos(3);
        let mut b = BitBuf::at(&cur);
        assert_eq!(b.fixed(5), Some(0));
        b.align32();
        assert_eq!(b.bit_pos(), 32);
        assert_eq!(b.bytes_here(3), Some(&[4u8, 5, 6][..]));
        assert_eq!(b.skip_bits(8), Some(()));
        assert_eq!(b.fixed(8), Some(5));
        assert_eq!(b.skip_bits(1000), None);
        assert_eq!(b.bits_left(), 160 - 48);
        assert_eq!(b.skip_bits(160 - 48), Some(()));
        assert_eq!(b.bits_left(), 0);
        assert_eq!(b.fixed(1), None);
    }
}
