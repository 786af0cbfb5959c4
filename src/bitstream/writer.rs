//! The bitstream writer: blocks with backpatched lengths, abbreviation
//! definitions (local and through BLOCKINFO), abbreviated and unabbreviated
//! records, arrays, char6 and blobs.
//!
//! Owns the output buffer, the open-block stack and the writer's own copy of
//! the abbreviations in force (it mirrors `reader.rs`, so that an
//! abbreviation id means the same to both), and [`RecordBits`], records
//! written field by field with the pending bits in locals. It does not own what records
//! mean, nor the copy driver (`copy.rs`).
//!
//! # Output buffer
//!
//! Bits accumulate LSB first in `acc` (fewer than 64 pending); each full
//! 64-bit double word is appended to `out` little endian, and aligning to
//! 32 bits also moves a pending full 32-bit word out, so `out.len()` is
//! always a multiple of 4 and, after an alignment, nothing is pending (a
//! block's length word can then be patched in place). Half as many
//! appends as a word at a time: each is a capacity check and a length
//! store, and the branch that takes it is the one `put` mispredicts.
//!
//! VBR values are written in their shortest form, as LLVM's writer does; a
//! stream that used longer forms is read correctly but not reproduced bit
//! for bit.

use super::abbrev::{encode_char6, encoding, AbbrevOp, Shape};
use super::blockinfo::{AbbrevRef, AbbrevScopes, BlockInfo, BlockInfoEntry, SavedScope};
use super::error::{Error, ErrorKind, Result};
use super::reader::{
    BLOCKINFO_BLOCK_ID, BLOCKINFO_CODE_BLOCKNAME, BLOCKINFO_CODE_SETBID,
    BLOCKINFO_CODE_SETRECORDNAME, DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK,
    FIRST_APPLICATION_ABBREV, TOP_LEVEL_ABBREV_WIDTH, UNABBREV_RECORD,
};

/// The bit sink: `out` plus fewer than 64 pending bits.
#[derive(Debug, Default)]
struct Bits {
    out: Vec<u8>,
    acc: u64,
    nacc: u32,
}

/// Appends the low `w` bits of `v` (`w <= 32`, `v < 2^w`) to the bits
/// `acc` holds (`nacc` of them, fewer than 64) and, when they make a double
/// word, that double word to `out`. The pending bits are passed apart from
/// `out` so that a [`RecordBits`] keeps them in registers.
#[inline(always)]
fn put_in(out: &mut Vec<u8>, (acc, nacc): (&mut u64, &mut u32), v: u64, w: u32) {
    debug_assert!(w <= 32 && (w == 32 || v >> w == 0));
    debug_assert!(*nacc < 64);
    let n = *nacc + w;
    if n < 64 {
        *acc |= v << *nacc;
        *nacc = n;
    } else {
        // `nacc + w >= 64` with `w <= 32`: `nacc` is 32..=63, so both
        // shifts are in range.
        let done = *acc | v << *nacc;
        out.extend_from_slice(&done.to_le_bytes());
        *acc = v >> (64 - *nacc);
        *nacc = n - 64;
    }
}

/// `v` as a VBR of 6-bit chunks when it takes at most three (`v < 2^15`):
/// the chunks packed as one field and their width, so that one `put`
/// writes them. Three chunks cover relative ids in large functions and
/// call flags.
#[inline(always)]
fn vbr6_packed(v: u64) -> Option<(u64, u32)> {
    if v < 32 {
        Some((v, 6))
    } else if v < 1 << 10 {
        Some((v & 31 | 32 | (v >> 5) << 6, 12))
    } else if v < 1 << 15 {
        Some((
            v & 31 | 32 | ((v >> 5) & 31 | 32) << 6 | (v >> 10) << 12,
            18,
        ))
    } else {
        None
    }
}

impl Bits {
    #[inline]
    fn pos(&self) -> u64 {
        self.out.len() as u64 * 8 + u64::from(self.nacc)
    }

    /// Appends the low `w` bits of `v`; `w <= 32`, `v < 2^w`.
    #[inline(always)]
    fn put(&mut self, v: u64, w: u32) {
        put_in(&mut self.out, (&mut self.acc, &mut self.nacc), v, w);
    }

    /// Appends `v` as a VBR of 6-bit chunks (the width of unabbreviated
    /// records): no checks, one `put` for values below 2^25 (at most five
    /// chunks, 30 bits).
    #[inline(always)]
    fn vbr6(&mut self, v: u64) {
        if let Some((bits, width)) = vbr6_packed(v) {
            self.put(bits, width);
        } else if v < 1 << 25 {
            self.vbr6_short(v);
        } else {
            self.chunks(v, 6);
        }
    }

    /// [`Self::vbr6`] of a value of four or five chunks: gathered in a
    /// register, one `put`.
    #[inline(never)]
    fn vbr6_short(&mut self, mut v: u64) {
        let (mut out, mut n) = (0u64, 0u32);
        while v >= 32 {
            out |= (v & 31 | 32) << n;
            n += 6;
            v >>= 5;
        }
        self.put(out | v << n, n + 6);
    }

    /// Appends `v` as a VBR of `w`-bit chunks (2..=32), several when it
    /// needs them: the chunks are gathered in a register and appended up
    /// to 32 bits at a time, not one `put` each.
    #[inline(never)]
    fn chunks(&mut self, mut v: u64, w: u32) {
        let hi = 1u64 << (w - 1);
        let (mut out, mut n) = (0u64, 0u32);
        loop {
            if n + w > 32 {
                self.put(out, n);
                (out, n) = (0, 0);
            }
            if v < hi {
                self.put(out | v << n, n + w);
                return;
            }
            out |= ((v & (hi - 1)) | hi) << n;
            n += w;
            v >>= w - 1;
        }
    }

    /// [`Self::vbr6`] of a value of four chunks or more.
    #[inline(never)]
    fn vbr6_long(&mut self, v: u64) {
        if v < 1 << 25 {
            self.vbr6_short(v);
        } else {
            self.chunks(v, 6);
        }
    }

    #[cold]
    fn error(&self, kind: ErrorKind) -> Error {
        Error::new(self.pos(), kind)
    }

    /// Appends `v` in `w` bits (0..=64), checking that it fits.
    #[inline(always)]
    fn fixed(&mut self, v: u64, w: u32) -> Result<()> {
        if w <= 32 && v >> w == 0 {
            self.put(v, w);
            return Ok(());
        }
        self.fixed_wide(v, w)
    }

    /// [`Self::fixed`] of more than 32 bits, or of a value that is too wide.
    #[inline(never)]
    fn fixed_wide(&mut self, v: u64, w: u32) -> Result<()> {
        if w > 64 || (w < 64 && v >> w != 0) {
            return Err(self.error(ErrorKind::ValueTooWide { value: v, width: w }));
        }
        if w > 32 {
            self.put(v & 0xffff_ffff, 32);
            self.put(v >> 32, w - 32);
        } else {
            self.put(v, w);
        }
        Ok(())
    }

    /// Appends `v` as a VBR of `w`-bit chunks (1..=32), shortest form.
    #[inline(always)]
    fn vbr(&mut self, v: u64, w: u32) -> Result<()> {
        // One chunk: the common case (ids, small operands) in one `put`.
        if (2..=32).contains(&w) && v >> (w - 1) == 0 {
            self.put(v, w);
            return Ok(());
        }
        self.vbr_chunks(v, w)
    }

    /// [`Self::vbr`] of a value of several chunks (or a bad width).
    #[inline(never)]
    fn vbr_chunks(&mut self, v: u64, w: u32) -> Result<()> {
        if w == 0 || w > 32 || (w == 1 && v != 0) {
            return Err(self.error(ErrorKind::ValueTooWide { value: v, width: w }));
        }
        if w == 1 {
            self.put(0, 1);
        } else {
            self.chunks(v, w);
        }
        Ok(())
    }

    /// Pads with zero bits to a multiple of 32 and moves every pending
    /// bit to `out`: afterwards nothing is pending.
    #[inline]
    fn align32(&mut self) {
        let pad = self.nacc.wrapping_neg() % 32;
        if pad > 0 {
            self.put(0, pad);
        }
        if self.nacc == 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc = 0;
            self.nacc = 0;
        }
        debug_assert_eq!(self.nacc, 0);
    }

    /// Appends one scalar operand (literal checked, fixed, VBR or char6).
    #[inline]
    fn scalar(&mut self, op: AbbrevOp, v: u64) -> Result<()> {
        match op {
            AbbrevOp::Literal(l) if l == v => Ok(()),
            AbbrevOp::Literal(l) => Err(self.error(ErrorKind::LiteralMismatch {
                literal: l,
                value: v,
            })),
            AbbrevOp::Fixed(w) => self.fixed(v, u32::from(w)),
            AbbrevOp::Vbr(0) if v == 0 => Ok(()),
            AbbrevOp::Vbr(w) => self.vbr(v, u32::from(w)),
            AbbrevOp::Char6 => match encode_char6(v) {
                Some(c) => {
                    self.put(c, 6);
                    Ok(())
                }
                None => Err(self.error(ErrorKind::NotChar6(v))),
            },
            AbbrevOp::Array | AbbrevOp::Blob => Err(self.error(ErrorKind::CodeIsArrayOrBlob)),
        }
    }
}

#[derive(Debug, Clone)]
struct Scope {
    prev_width: u32,
    len_at: usize,
    abbrevs: SavedScope,
    local_start: u32,
    is_info: bool,
}

#[derive(Debug, Default)]
struct InfoBuild {
    entries: Vec<BlockInfoEntry>,
    current: Option<usize>,
}

/// Writes a bitstream.
///
/// Abbreviation ids follow the reader's rules: in a block of id B, ids
/// 4, 5, ... are first BLOCKINFO's abbreviations for B, then the block's own
/// definitions in order. A BLOCKINFO block written with
/// [`Writer::enter_block_info`] replaces the table when it ends, as readers
/// do.
#[derive(Debug)]
pub struct Writer {
    bits: Bits,
    width: u32,
    scopes: Vec<Scope>,
    abbrevs: AbbrevScopes,
    local: Vec<AbbrevOp>,
    info: BlockInfo,
    build: Option<InfoBuild>,
    in_info: bool,
    /// Bits of `out` before the stream (a container header the caller
    /// fills in): positions are counted from here.
    base: u64,
    /// A [`RecordBits`] holds the pending bits: set while one lives, so
    /// that a leaked one (`mem::forget`) is caught at the next block
    /// boundary or at [`finish`](Self::finish) instead of giving a stream
    /// without its bits.
    lent: bool,
}

impl Default for Writer {
    fn default() -> Writer {
        Writer::new()
    }
}

impl Writer {
    /// An empty stream at the top level (abbreviation id width 2).
    pub fn new() -> Writer {
        Writer::with_capacity(0)
    }

    /// An empty stream with room for `bytes` bytes.
    pub fn with_capacity(bytes: usize) -> Writer {
        Writer::with_reserved(bytes, 0)
    }

    /// An empty stream with room for `bytes` bytes, behind `reserved` zero
    /// bytes that [`finish`](Self::finish) returns first, for a container
    /// header the caller fills in then (the Darwin wrapper), so the stream
    /// is never copied. Bit positions ([`bit_pos`](Self::bit_pos),
    /// [`backpatch_word`](Self::backpatch_word)) count from the stream's
    /// start.
    ///
    /// # Panics
    /// If `reserved` is not a multiple of 4 (the stream is word-aligned).
    pub fn with_reserved(bytes: usize, reserved: usize) -> Writer {
        assert!(
            reserved.is_multiple_of(4),
            "Writer::with_reserved: {reserved} reserved bytes, not a multiple of 4"
        );
        let mut out = Vec::with_capacity(reserved + bytes);
        out.resize(reserved, 0);
        Writer {
            bits: Bits {
                out,
                acc: 0,
                nacc: 0,
            },
            width: TOP_LEVEL_ABBREV_WIDTH,
            scopes: Vec::new(),
            abbrevs: AbbrevScopes::default(),
            local: Vec::new(),
            info: BlockInfo::new(),
            build: None,
            in_info: false,
            base: reserved as u64 * 8,
            lent: false,
        }
    }

    /// Bits written so far.
    pub fn bit_pos(&self) -> u64 {
        self.bits.pos() - self.base
    }

    /// Number of open blocks.
    pub fn depth(&self) -> usize {
        self.scopes.len()
    }

    /// The BLOCKINFO table in force.
    pub fn block_info(&self) -> &BlockInfo {
        &self.info
    }

    /// Appends `value` in `width` bits (0..=64).
    pub fn emit(&mut self, value: u64, width: u32) -> Result<()> {
        self.bits.fixed(value, width)
    }

    /// Appends `value` as a VBR with `width`-bit chunks (1..=32).
    pub fn emit_vbr(&mut self, value: u64, width: u32) -> Result<()> {
        self.bits.vbr(value, width)
    }

    /// Pads with zero bits to a multiple of 32.
    pub fn align32(&mut self) {
        self.bits.align32();
    }

    /// Appends the LLVM IR magic `'B' 'C' 0x0 0xC 0xE 0xD`.
    pub fn emit_bitcode_magic(&mut self) {
        for (v, w) in [
            (u64::from(b'B'), 8),
            (u64::from(b'C'), 8),
            (0, 4),
            (0xC, 4),
            (0xE, 4),
            (0xD, 4),
        ] {
            self.bits.put(v, w);
        }
    }

    #[inline]
    fn abbrev_id(&mut self, id: u32) -> Result<()> {
        self.bits.fixed(u64::from(id), self.width)
    }

    fn enter(&mut self, block_id: u32, abbrev_width: u32) -> Result<usize> {
        if abbrev_width == 0 || abbrev_width > 32 {
            return Err(self
                .bits
                .error(ErrorKind::InvalidAbbrevWidth(abbrev_width.into())));
        }
        self.abbrev_id(ENTER_SUBBLOCK)?;
        self.bits.vbr(u64::from(block_id), 8)?;
        self.bits.vbr(u64::from(abbrev_width), 4)?;
        self.bits.align32();
        let len_at = self.bits.out.len();
        self.bits.put(0, 32);
        // The length word goes out now (aligned, it is the only pending
        // word), so that it can be patched in `out`.
        self.bits.align32();
        Ok(len_at)
    }

    /// Opens a block of `block_id` whose abbreviation ids are
    /// `abbrev_width` bits (1..=32); its length word is patched by
    /// [`Writer::exit_block`].
    pub fn enter_block(&mut self, block_id: u32, abbrev_width: u32) -> Result<()> {
        let len_at = self.enter(block_id, abbrev_width)?;
        let saved = self.abbrevs.enter(self.info.shared_abbrevs(block_id));
        self.scopes.push(Scope {
            prev_width: self.width,
            len_at,
            abbrevs: saved,
            local_start: self.local.len() as u32,
            is_info: false,
        });
        self.in_info = false;
        self.width = abbrev_width;
        Ok(())
    }

    /// Opens a BLOCKINFO block: `SETBID` records written in it select the
    /// block id that [`Writer::define_abbrev`] then defines for.
    pub fn enter_block_info(&mut self, abbrev_width: u32) -> Result<()> {
        self.enter_block(BLOCKINFO_BLOCK_ID, abbrev_width)?;
        if let Some(s) = self.scopes.last_mut() {
            s.is_info = true;
        }
        self.in_info = true;
        self.build = Some(InfoBuild::default());
        Ok(())
    }

    /// Closes the innermost block: `END_BLOCK`, alignment, and the length
    /// word patched.
    pub fn exit_block(&mut self) -> Result<()> {
        self.check_not_lent("Writer::exit_block");
        let Some(scope) = self.scopes.pop() else {
            return Err(self.bits.error(ErrorKind::NoOpenBlock));
        };
        self.abbrev_id(END_BLOCK)?;
        self.bits.align32();
        let words = (self.bits.out.len() - scope.len_at - 4) / 4;
        let words = u32::try_from(words).unwrap_or(u32::MAX);
        self.bits.out[scope.len_at..scope.len_at + 4].copy_from_slice(&words.to_le_bytes());
        self.width = scope.prev_width;
        self.abbrevs.exit(scope.abbrevs);
        self.local.truncate(scope.local_start as usize);
        self.in_info = self.scopes.last().is_some_and(|s| s.is_info);
        if scope.is_info {
            if let Some(build) = self.build.take() {
                self.info.replace_entries(build.entries);
            }
        }
        Ok(())
    }

    /// Writes a whole block whose body (the words after its length word,
    /// `END_BLOCK` included) is `body`, a multiple of 4 bytes, verbatim.
    pub fn emit_raw_block(&mut self, block_id: u32, abbrev_width: u32, body: &[u8]) -> Result<()> {
        if !body.len().is_multiple_of(4) {
            return Err(self.bits.error(ErrorKind::LengthTooLarge));
        }
        let len_at = self.enter(block_id, abbrev_width)?;
        let words = u32::try_from(body.len() / 4).unwrap_or(u32::MAX);
        self.bits.out[len_at..len_at + 4].copy_from_slice(&words.to_le_bytes());
        self.bits.out.extend_from_slice(body);
        Ok(())
    }

    /// Writes a `DEFINE_ABBREV` and installs it; returns its abbreviation
    /// id (in BLOCKINFO mode: the id it has in blocks of the current
    /// `SETBID`). Errors on an empty list or a width over 32, which readers
    /// reject; use [`super::check_abbrev`] for the full shape rules.
    pub fn define_abbrev(&mut self, ops: &[AbbrevOp]) -> Result<u32> {
        if ops.is_empty() {
            return Err(self.bits.error(ErrorKind::EmptyAbbrev));
        }
        if self.local.len().max(self.info.ops().len()) + ops.len() > u32::MAX as usize {
            return Err(self.bits.error(ErrorKind::LengthTooLarge));
        }
        if self.in_info && self.build.as_ref().and_then(|b| b.current).is_none() {
            return Err(self.bits.error(ErrorKind::NoCurrentBlockId));
        }
        self.abbrev_id(DEFINE_ABBREV)?;
        self.bits.vbr(ops.len() as u64, 5)?;
        for &op in ops {
            let (enc, data) = match op {
                AbbrevOp::Literal(v) => {
                    self.bits.put(1, 1);
                    self.bits.vbr(v, 8)?;
                    continue;
                }
                AbbrevOp::Fixed(w) => (encoding::FIXED, Some(w)),
                AbbrevOp::Vbr(w) => (encoding::VBR, Some(w)),
                AbbrevOp::Array => (encoding::ARRAY, None),
                AbbrevOp::Char6 => (encoding::CHAR6, None),
                AbbrevOp::Blob => (encoding::BLOB, None),
            };
            if let Some(w) = data {
                if w > 32 {
                    return Err(self.bits.error(ErrorKind::OperandTooWide));
                }
            }
            self.bits.put(0, 1);
            self.bits.put(enc, 3);
            if let Some(w) = data {
                self.bits.vbr(u64::from(w), 5)?;
            }
        }
        if self.in_info {
            if let Some(build) = self.build.as_mut() {
                if let Some(c) = build.current {
                    let r = self.info.push_ops(ops);
                    build.entries[c].abbrevs.push(r);
                    return Ok(
                        FIRST_APPLICATION_ABBREV + build.entries[c].abbrevs.len() as u32 - 1,
                    );
                }
            }
            return Err(self.bits.error(ErrorKind::NoCurrentBlockId));
        }
        let r = AbbrevRef {
            start: self.local.len() as u32,
            len: ops.len() as u32,
            shared: false,
            shape: Shape::Generic,
        };
        self.local.extend_from_slice(ops);
        self.abbrevs.push(r);
        Ok(FIRST_APPLICATION_ABBREV + self.abbrevs.count() as u32 - 1)
    }

    /// In a BLOCKINFO block: writes `SETBID block_id` unless it is the
    /// current one, then defines `ops` for blocks of `block_id`; returns the
    /// abbreviation id it will have there.
    pub fn define_blockinfo_abbrev(&mut self, block_id: u32, ops: &[AbbrevOp]) -> Result<u32> {
        let current = self
            .build
            .as_ref()
            .and_then(|b| b.current.map(|c| b.entries[c].block_id));
        if current != Some(block_id) {
            self.emit_unabbrev_record(BLOCKINFO_CODE_SETBID, &[u64::from(block_id)])?;
        }
        self.define_abbrev(ops)
    }

    /// Writes an unabbreviated record: id 3, code, count and values as vbr6.
    pub fn emit_unabbrev_record(&mut self, code: u32, vals: &[u64]) -> Result<()> {
        self.abbrev_id(UNABBREV_RECORD)?;
        self.bits.vbr6(u64::from(code));
        self.bits.vbr6(vals.len() as u64);
        for &v in vals {
            self.bits.vbr6(v);
        }
        if self.in_info {
            self.blockinfo_record(code, vals);
        }
        Ok(())
    }

    /// Writes a record with abbreviation `abbrev_id` (3 = unabbreviated, in
    /// which case `blob` must be `None`). `vals` are the operands after the
    /// code, literals included, array elements last; `blob` the bytes of a
    /// blob operand.
    pub fn emit_record(
        &mut self,
        abbrev_id: u32,
        code: u32,
        vals: &[u64],
        blob: Option<&[u8]>,
    ) -> Result<()> {
        if abbrev_id == UNABBREV_RECORD {
            if blob.is_some() {
                return Err(self.bits.error(ErrorKind::BlobMismatch));
            }
            return self.emit_unabbrev_record(code, vals);
        }
        let Some(r) = (abbrev_id as usize)
            .checked_sub(FIRST_APPLICATION_ABBREV as usize)
            .and_then(|i| self.abbrevs.get(i))
        else {
            return Err(self.bits.error(ErrorKind::UnknownAbbrev(abbrev_id)));
        };
        self.bits.fixed(u64::from(abbrev_id), self.width)?;
        let range = r.start as usize..(r.start + r.len) as usize;
        let ops = if r.shared {
            &self.info.ops()[range]
        } else {
            &self.local[range]
        };
        emit_abbreviated(&mut self.bits, ops, code, vals, blob)?;
        if self.in_info {
            self.blockinfo_record(code, vals);
        }
        Ok(())
    }

    /// Starts a record written field by field through abbreviation
    /// `abbrev_id`, which the caller knows: writes the id. The fields follow
    /// in the abbreviation's order, literals (the code included) skipped:
    /// [`Writer::field_fixed`], [`Writer::field_vbr`],
    /// [`Writer::field_array_fixed`], [`Writer::field_array_char6`]. The
    /// bits are those [`Writer::emit_record`] writes for the same values,
    /// without building the operand list or walking the abbreviation.
    ///
    /// # Panics
    /// If `abbrev_id` is not an abbreviation of the innermost block, or the
    /// block is BLOCKINFO.
    #[inline]
    pub fn begin_abbrev_record(&mut self, abbrev_id: u32) {
        let defined = abbrev_id
            .checked_sub(FIRST_APPLICATION_ABBREV)
            .is_some_and(|i| (i as usize) < self.abbrevs.count());
        assert!(
            defined && !self.in_info,
            "Writer::begin_abbrev_record: abbreviation {abbrev_id} is not defined here"
        );
        // A defined id fits the width: its definition was written with it.
        self.bits.put(u64::from(abbrev_id), self.width);
    }

    /// A fixed field of `width` bits (0..=64) of a record begun with
    /// [`Writer::begin_abbrev_record`].
    ///
    /// # Panics
    /// If `value` does not fit in `width` bits.
    #[inline(always)]
    pub fn field_fixed(&mut self, value: u64, width: u32) {
        if width <= 32 && value >> width == 0 {
            self.bits.put(value, width);
        } else if let Err(e) = self.bits.fixed_wide(value, width) {
            field_panic("field_fixed", e);
        }
    }

    /// A VBR field with `width`-bit chunks (1..=32) of a record begun with
    /// [`Writer::begin_abbrev_record`].
    ///
    /// # Panics
    /// If `width` is out of range.
    #[inline(always)]
    pub fn field_vbr(&mut self, value: u64, width: u32) {
        if width == 6 {
            return self.bits.vbr6(value);
        }
        if let Err(e) = self.bits.vbr(value, width) {
            field_panic("field_vbr", e);
        }
    }

    /// A VBR field with 6-bit chunks, the width of unabbreviated records'
    /// operands (and of array lengths): [`Writer::field_vbr`] of width 6.
    #[inline(always)]
    pub fn field_vbr6(&mut self, value: u64) {
        self.bits.vbr6(value);
    }

    /// Starts an unabbreviated record written field by field: abbreviation
    /// id 3, the code and the count of operands, which follow as
    /// [`Writer::field_vbr6`] calls, `count` of them. The bits are those
    /// [`Writer::emit_unabbrev_record`] writes for the same values.
    ///
    /// # Panics
    /// In a BLOCKINFO block (its records are read back as they are
    /// written), or where abbreviation ids are 1 bit wide.
    #[inline(always)]
    pub fn begin_unabbrev_record(&mut self, code: u32, count: usize) {
        assert!(
            !self.in_info && self.width >= 2,
            "Writer::begin_unabbrev_record: record {code} in a BLOCKINFO block \
             or with {}-bit abbreviation ids",
            self.width
        );
        self.bits.put(u64::from(UNABBREV_RECORD), self.width);
        self.bits.vbr6(u64::from(code));
        self.bits.vbr6(count as u64);
    }

    /// A char6 field: the code of character `c`.
    ///
    /// # Panics
    /// If `c` is not in `[a-zA-Z0-9._]`.
    #[inline]
    pub fn field_char6(&mut self, c: u64) {
        match encode_char6(c) {
            Some(x) => self.bits.put(x, 6),
            None => field_panic("field_char6", self.bits.error(ErrorKind::NotChar6(c))),
        }
    }

    /// An array field whose elements are `width`-bit fixed fields (1..=32):
    /// its vbr6 length and the bytes of `elems`.
    ///
    /// # Panics
    /// If an element does not fit in `width` bits.
    #[inline]
    pub fn field_array_fixed(&mut self, elems: &[u8], width: u32) {
        self.bits.vbr6(elems.len() as u64);
        if (8..=32).contains(&width) {
            for &c in elems {
                self.bits.put(u64::from(c), width);
            }
        } else {
            for &c in elems {
                self.field_fixed(u64::from(c), width);
            }
        }
    }

    /// An array field of char6 elements: its vbr6 length and the codes of
    /// the characters of `elems`.
    ///
    /// # Panics
    /// If a character is not in `[a-zA-Z0-9._]`.
    #[inline]
    pub fn field_array_char6(&mut self, elems: &[u8]) {
        self.bits.vbr6(elems.len() as u64);
        for &c in elems {
            self.field_char6(u64::from(c));
        }
    }

    fn blockinfo_record(&mut self, code: u32, vals: &[u64]) {
        let Some(build) = self.build.as_mut() else {
            return;
        };
        match (code, build.current) {
            (BLOCKINFO_CODE_SETBID, _) => {
                if let Some(&id) = vals.first() {
                    let id = id as u32;
                    let i = match build.entries.iter().position(|e| e.block_id == id) {
                        Some(i) => i,
                        None => {
                            build.entries.push(BlockInfoEntry {
                                block_id: id,
                                ..Default::default()
                            });
                            build.entries.len() - 1
                        }
                    };
                    build.current = Some(i);
                }
            }
            (BLOCKINFO_CODE_BLOCKNAME, Some(c)) => {
                build.entries[c].name = vals.iter().map(|&v| v as u8).collect();
            }
            (BLOCKINFO_CODE_SETRECORDNAME, Some(c)) => {
                if let Some((&rc, name)) = vals.split_first() {
                    let name = name.iter().map(|&v| v as u8).collect();
                    build.entries[c].record_names.push((rc as u32, name));
                }
            }
            _ => {}
        }
    }

    /// Overwrites the 32 bits at bit offset `bit` (already written) with
    /// `value`, as LLVM's `BackpatchWord`: the placeholder of a forward
    /// offset.
    ///
    /// # Panics
    /// If the 32 bits at `bit` are not all written yet.
    pub fn backpatch_word(&mut self, bit: u64, value: u32) {
        let bit = bit + self.base;
        assert!(
            bit + 32 <= self.bits.pos(),
            "backpatch_word: bits {bit}..{} are not written yet",
            bit + 32
        );
        for k in 0..32u64 {
            let b = bit + k;
            let v = (value >> k) & 1;
            let byte = (b / 8) as usize;
            let sh = (b % 8) as u32;
            if byte < self.bits.out.len() {
                let o = &mut self.bits.out[byte];
                *o = (*o & !(1 << sh)) | ((v as u8) << sh);
            } else {
                let pb = (b - self.bits.out.len() as u64 * 8) as u32;
                self.bits.acc = (self.bits.acc & !(1u64 << pb)) | (u64::from(v) << pb);
            }
        }
    }

    /// [`backpatch_word`](Self::backpatch_word) of a 64-bit value: low word
    /// at `bit`, high word after it.
    pub fn backpatch_word64(&mut self, bit: u64, value: u64) {
        self.backpatch_word(bit, value as u32);
        self.backpatch_word(bit + 32, (value >> 32) as u32);
    }

    /// The bytes written (after the reserved ones), padded with zero bits
    /// to a multiple of 32 bits. Blocks still open are left unterminated.
    pub fn finish(mut self) -> Vec<u8> {
        self.check_not_lent("Writer::finish");
        self.bits.align32();
        self.bits.out
    }
}

impl Writer {
    /// Panics, naming `method`, if a [`RecordBits`] was leaked.
    #[inline]
    fn check_not_lent(&self, method: &str) {
        assert!(
            !self.lent,
            "{method}: a RecordBits was leaked (mem::forget) holding the pending bits"
        );
    }

    /// The writer of one or more records field by field with the pending
    /// bits held in locals (registers, once inlined) instead of the
    /// writer's memory: each field of [`Writer::field_vbr6`] and the like
    /// loads and stores them, a chain of store-to-load forwards from one
    /// field to the next. The bits go back when it is dropped.
    #[inline(always)]
    pub fn record_bits(&mut self) -> RecordBits<'_> {
        self.lent = true;
        RecordBits {
            acc: self.bits.acc,
            nacc: self.bits.nacc,
            w: self,
        }
    }
}

/// [`Writer::record_bits`]: the field-by-field record calls of [`Writer`]
/// (the same bits) on pending bits kept apart from the writer.
#[derive(Debug)]
pub struct RecordBits<'w> {
    w: &'w mut Writer,
    acc: u64,
    nacc: u32,
}

impl Drop for RecordBits<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        self.w.bits.acc = self.acc;
        self.w.bits.nacc = self.nacc;
        self.w.lent = false;
    }
}

impl RecordBits<'_> {
    #[inline(always)]
    fn put(&mut self, v: u64, w: u32) {
        put_in(&mut self.w.bits.out, (&mut self.acc, &mut self.nacc), v, w);
    }

    /// Runs `f` on the writer's own bit sink, the pending bits handed over
    /// and taken back (the rare paths: wide values, errors).
    #[inline(always)]
    fn through_writer<R>(&mut self, f: impl FnOnce(&mut Bits) -> R) -> R {
        let bits = &mut self.w.bits;
        (bits.acc, bits.nacc) = (self.acc, self.nacc);
        let r = f(bits);
        (self.acc, self.nacc) = (bits.acc, bits.nacc);
        r
    }

    /// [`Writer::begin_abbrev_record`].
    ///
    /// # Panics
    /// If `abbrev_id` is not an abbreviation of the innermost block, or the
    /// block is BLOCKINFO.
    #[inline(always)]
    pub fn begin_abbrev_record(&mut self, abbrev_id: u32) {
        let defined = abbrev_id
            .checked_sub(FIRST_APPLICATION_ABBREV)
            .is_some_and(|i| (i as usize) < self.w.abbrevs.count());
        assert!(
            defined && !self.w.in_info,
            "RecordBits::begin_abbrev_record: abbreviation {abbrev_id} is not defined here"
        );
        // A defined id fits the width: its definition was written with it.
        let width = self.w.width;
        self.put(u64::from(abbrev_id), width);
    }

    /// [`Writer::begin_unabbrev_record`].
    ///
    /// # Panics
    /// In a BLOCKINFO block, or where abbreviation ids are 1 bit wide.
    #[inline(always)]
    pub fn begin_unabbrev_record(&mut self, code: u32, count: usize) {
        let width = self.w.width;
        assert!(
            !self.w.in_info && width >= 2,
            "RecordBits::begin_unabbrev_record: record {code} in a BLOCKINFO block \
             or with {width}-bit abbreviation ids"
        );
        self.put(u64::from(UNABBREV_RECORD), width);
        self.field_vbr6(u64::from(code));
        self.field_vbr6(count as u64);
    }

    /// [`Writer::field_fixed`].
    ///
    /// # Panics
    /// If `value` does not fit in `width` bits.
    #[inline(always)]
    pub fn field_fixed(&mut self, value: u64, width: u32) {
        if width <= 32 && value >> width == 0 {
            self.put(value, width);
        } else if let Err(e) = self.through_writer(|b| b.fixed_wide(value, width)) {
            field_panic("field_fixed", e);
        }
    }

    /// [`Writer::field_vbr`].
    ///
    /// # Panics
    /// If `width` is out of range.
    #[inline(always)]
    pub fn field_vbr(&mut self, value: u64, width: u32) {
        if width == 6 {
            return self.field_vbr6(value);
        }
        if (2..=32).contains(&width) && value >> (width - 1) == 0 {
            return self.put(value, width);
        }
        if let Err(e) = self.through_writer(|b| b.vbr_chunks(value, width)) {
            field_panic("field_vbr", e);
        }
    }

    /// [`Writer::field_vbr6`]: up to three chunks in one `put` here, more
    /// through the writer.
    #[inline(always)]
    pub fn field_vbr6(&mut self, v: u64) {
        if let Some((bits, width)) = vbr6_packed(v) {
            self.put(bits, width);
        } else {
            self.through_writer(|b| b.vbr6_long(v));
        }
    }
}

#[cold]
#[inline(never)]
fn field_panic(method: &str, e: Error) -> ! {
    panic!("Writer::{method}: {e}")
}

fn emit_abbreviated(
    bits: &mut Bits,
    ops: &[AbbrevOp],
    code: u32,
    vals: &[u64],
    blob: Option<&[u8]>,
) -> Result<()> {
    let Some((&first, rest)) = ops.split_first() else {
        return Err(bits.error(ErrorKind::EmptyAbbrev));
    };
    match first {
        // A literal code is read as LLVM reads it, truncated to 32 bits
        // (a literal of 2^32 is code 0), so that is the code it stands for.
        AbbrevOp::Literal(l) if l as u32 == code => {}
        _ => bits.scalar(first, u64::from(code))?,
    }
    let mut i = 0;
    let mut k = 0;
    let mut blob_used = false;
    while k < rest.len() {
        match rest[k] {
            AbbrevOp::Array => {
                let Some(&elem) = rest.get(k + 1) else {
                    return Err(bits.error(ErrorKind::ArrayNotSecondToLast));
                };
                if !matches!(
                    elem,
                    AbbrevOp::Fixed(1..) | AbbrevOp::Vbr(1..) | AbbrevOp::Char6
                ) {
                    return Err(bits.error(ErrorKind::InvalidArrayElement));
                }
                let elems = vals.get(i..).unwrap_or(&[]);
                bits.vbr(elems.len() as u64, 6)?;
                for &v in elems {
                    bits.scalar(elem, v)?;
                }
                i = vals.len();
                k += 2;
                continue;
            }
            AbbrevOp::Blob => {
                let Some(b) = blob else {
                    return Err(bits.error(ErrorKind::BlobMismatch));
                };
                bits.vbr(b.len() as u64, 6)?;
                bits.align32();
                let mut chunks = b.chunks_exact(4);
                for c in &mut chunks {
                    bits.out.extend_from_slice(c);
                }
                for &byte in chunks.remainder() {
                    bits.put(u64::from(byte), 8);
                }
                bits.align32();
                blob_used = true;
            }
            op => {
                let Some(&v) = vals.get(i) else {
                    return Err(bits.error(ErrorKind::OperandCount));
                };
                bits.scalar(op, v)?;
                i += 1;
            }
        }
        k += 1;
    }
    if i != vals.len() {
        return Err(bits.error(ErrorKind::OperandCount));
    }
    if blob.is_some() && !blob_used {
        return Err(bits.error(ErrorKind::BlobMismatch));
    }
    Ok(())
}
