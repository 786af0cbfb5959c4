//! Strings of the bitcode: the string table (`STRTAB_BLOB`, LLVM's RAW
//! `StringTableBuilder`: strings in order of first addition, equal strings
//! shared, no terminators) and the order of a function's local symbol
//! table, which LLVM writes in the iteration order of its `StringMap`.
//!
//! That order is a hash-table order: LLVM 19 hashes a name with
//! `xxh3_64bits` (truncated to 32 bits), places it by quadratic probing in
//! a power-of-two table that starts at 16 buckets and doubles past 3/4
//! full, re-placing the entries in bucket order. The names are inserted
//! as `LLParser` inserts them: the arguments, then blocks and
//! instructions in the order the text names them (a block at its first
//! mention, an instruction when it is defined).

use super::enumerate::Enumerator;
use crate::inst::Opcode;
use crate::ir::inst::InstPayload;
use crate::ir::Function;
use crate::value::{UseData, ValueKind};
use crate::Context;
use hashbrown::HashMap;

/// LLVM's RAW `StringTableBuilder`.
pub(crate) struct StrtabBuilder<'c> {
    bytes: Vec<u8>,
    offsets: HashMap<&'c [u8], u64>,
    owned: HashMap<Box<[u8]>, u64>,
}

impl<'c> StrtabBuilder<'c> {
    pub(crate) fn new() -> Self {
        StrtabBuilder {
            bytes: Vec::new(),
            offsets: HashMap::new(),
            owned: HashMap::new(),
        }
    }

    /// The offset of `s`, added at the end if new.
    pub(crate) fn add(&mut self, s: &'c [u8]) -> u64 {
        if let Some(&o) = self.offsets.get(s) {
            return o;
        }
        if let Some(&o) = self.owned.get(s) {
            self.offsets.insert(s, o);
            return o;
        }
        let o = self.bytes.len() as u64;
        self.bytes.extend_from_slice(s);
        self.offsets.insert(s, o);
        o
    }

    /// [`add`](Self::add) for a string the writer made.
    pub(crate) fn add_owned(&mut self, s: &[u8]) -> u64 {
        if let Some(&o) = self.offsets.get(s) {
            return o;
        }
        if let Some(&o) = self.owned.get(s) {
            return o;
        }
        let o = self.bytes.len() as u64;
        self.bytes.extend_from_slice(s);
        self.owned.insert(s.into(), o);
        o
    }

    /// The table's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// The order of a function's local symbol table, built while its body is
/// written; the storage is reused across functions.
#[derive(Default)]
pub(crate) struct VstScratch<'c> {
    seen: Seen,
    map: StringMap,
    keys: Vec<(&'c [u8], u32)>,
}

impl<'c> VstScratch<'c> {
    /// Starts the local symbol table of `f`: its named arguments. The
    /// body follows block by block ([`Self::add`] of the block, then
    /// [`Self::add_inst`] of each instruction), then [`Self::finish`]:
    /// the names in the iteration order of LLVM's `ValueSymbolTable`
    /// after `LLParser` built it (the arguments, then blocks and
    /// instructions in the order the text names them: a block at its
    /// first mention, an instruction when it is defined).
    ///
    /// Each name is hashed once; the table holds 8-byte buckets (hash and
    /// key index), and its storage and the marks of inserted values are
    /// reused from function to function.
    pub(crate) fn begin(&mut self, ctx: &'c Context, ve: &Enumerator<'c>, f: Function) {
        self.map.clear();
        self.keys.clear();
        self.seen.next(ve.blocks.len() + 1);
        for &a in ctx.args(f) {
            self.add(ctx, a.idx);
        }
    }

    /// Adds the name of argument or instruction `v` (raw index), if it
    /// has one (each is added once).
    #[inline]
    fn add(&mut self, ctx: &'c Context, v: u32) {
        if let Some(name) = ctx.name_at(v) {
            if !name.is_empty() {
                self.map.insert(&mut self.keys, name, v);
            }
        }
    }

    /// Adds the name of block `b` (raw index) at its first mention: blocks
    /// are marked by their ids in the function, so the marks are as many
    /// as the function's blocks.
    #[inline]
    pub(crate) fn add_block(&mut self, ctx: &'c Context, ve: &Enumerator<'c>, b: u32) {
        if self.seen.insert(ve.block_id(b)) {
            self.add(ctx, b);
        }
    }

    /// Adds the blocks instruction `i` (raw index; name `name`, opcode
    /// `op`, flags `flags`, operands `ops`, payload `payload`) names, then
    /// `i`.
    #[inline]
    pub(crate) fn add_inst(
        &mut self,
        ctx: &'c Context,
        ve: &Enumerator<'c>,
        (i, name): (u32, Option<&'c [u8]>),
        (op, flags): (Opcode, u16),
        ops: &[UseData],
        payload: &InstPayload,
    ) {
        match op {
            // The bulk of instructions: no label operands.
            _ if op.is_cast()
                || op.is_binary()
                || matches!(
                    op,
                    Opcode::Load
                        | Opcode::Store
                        | Opcode::Alloca
                        | Opcode::GetElementPtr
                        | Opcode::ICmp
                        | Opcode::FCmp
                ) => {}
            Opcode::Br if ops.len() == 3 => {
                self.add_block(ctx, ve, ops[2].val);
                self.add_block(ctx, ve, ops[1].val);
            }
            Opcode::CatchSwitch => {
                let has_unwind = flags & crate::inst::bits::CATCHSWITCH_HAS_UNWIND != 0;
                for u in ops.iter().skip(if has_unwind { 2 } else { 1 }) {
                    self.add_block(ctx, ve, u.val);
                }
                if has_unwind {
                    self.add_block(ctx, ve, ops[1].val);
                }
            }
            Opcode::Phi => {
                if let InstPayload::Phi { blocks, .. } = payload {
                    for b in blocks.iter() {
                        self.add_block(ctx, ve, b.idx);
                    }
                }
            }
            // Only terminators name blocks in this body (the module walk
            // saw every operand).
            _ if ve.labels_in_terminators_only && !Opcode::is_terminator_byte(op as u8) => {}
            _ => {
                for u in ops {
                    let v = u.val;
                    if v != crate::entity::NONE && ctx.graph.values[v as usize].is(ValueKind::Block)
                    {
                        self.add_block(ctx, ve, v);
                    }
                }
            }
        }
        if let Some(name) = name {
            if !name.is_empty() {
                self.map.insert(&mut self.keys, name, i);
            }
        }
    }

    /// The names added (raw value index and name) in the table's order,
    /// into `out` (cleared first).
    pub(crate) fn finish(&self, out: &mut Vec<(u32, &'c [u8])>) {
        out.clear();
        out.extend(self.map.buckets.iter().filter(|b| b.key != EMPTY).map(|b| {
            let (name, v) = self.keys[b.key as usize];
            (v, name)
        }));
    }
}

/// A set of small indices (block ids) cleared in O(1): an index is in it
/// when its stamp is the current epoch.
#[derive(Default)]
pub(crate) struct Seen {
    stamps: Vec<u32>,
    epoch: u32,
}

impl Seen {
    /// Empties the set, sized for indices below `n`.
    fn next(&mut self, n: usize) {
        if self.stamps.len() < n {
            self.stamps.resize(n, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.fill(0);
            self.epoch = 1;
        }
    }

    /// Adds index `v`; whether it was new.
    #[inline]
    fn insert(&mut self, v: u32) -> bool {
        let s = &mut self.stamps[v as usize];
        let new = *s != self.epoch;
        *s = self.epoch;
        new
    }
}

/// A bucket of [`StringMap`]: the key's 32-bit hash and its index in the
/// key list ([`EMPTY`] for an empty bucket).
#[derive(Clone, Copy)]
struct Bucket {
    hash: u32,
    key: u32,
}

const EMPTY: u32 = u32::MAX;

/// A simulation of LLVM 19's `StringMap` layout: which bucket each key
/// lands in. The keys live in a list beside it.
#[derive(Default)]
struct StringMap {
    buckets: Vec<Bucket>,
    /// Spare storage for the next growth.
    spare: Vec<Bucket>,
    items: usize,
}

impl StringMap {
    fn clear(&mut self) {
        self.buckets.clear();
        self.items = 0;
    }

    fn insert<'a>(&mut self, keys: &mut Vec<(&'a [u8], u32)>, key: &'a [u8], v: u32) {
        if self.buckets.is_empty() {
            self.buckets.resize(
                16,
                Bucket {
                    hash: 0,
                    key: EMPTY,
                },
            );
        }
        let h = xxh3_64(key) as u32;
        let mask = self.buckets.len() - 1;
        let mut b = h as usize & mask;
        let mut probe = 1;
        loop {
            let e = self.buckets[b];
            if e.key == EMPTY {
                break;
            }
            if e.hash == h && keys[e.key as usize].0 == key {
                return;
            }
            b = (b + probe) & mask;
            probe += 1;
        }
        self.buckets[b] = Bucket {
            hash: h,
            key: keys.len() as u32,
        };
        keys.push((key, v));
        self.items += 1;
        if self.items * 4 > self.buckets.len() * 3 {
            self.grow();
        }
    }

    /// Doubles the table, re-placing the entries in bucket order.
    fn grow(&mut self) {
        let n = self.buckets.len() * 2;
        let mut nb = std::mem::take(&mut self.spare);
        nb.clear();
        nb.resize(
            n,
            Bucket {
                hash: 0,
                key: EMPTY,
            },
        );
        for e in self.buckets.iter().filter(|e| e.key != EMPTY) {
            let mut b = e.hash as usize & (n - 1);
            let mut probe = 1;
            while nb[b].key != EMPTY {
                b = (b + probe) & (n - 1);
                probe += 1;
            }
            nb[b] = *e;
        }
        self.spare = std::mem::replace(&mut self.buckets, nb);
    }
}

// ---- xxh3_64bits (seed 0, default secret) ---------------------------------

const P32_1: u64 = 0x9E37_79B1;
const P32_2: u64 = 0x85EB_CA77;
const P32_3: u64 = 0xC2B2_AE3D;
const P64_1: u64 = 0x9E37_79B1_85EB_CA87;
const P64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const P64_3: u64 = 0x1656_67B1_9E37_79F9;
const P64_4: u64 = 0x85EB_CA77_C2B2_AE63;
const P64_5: u64 = 0x27D4_EB2F_1656_67C5;

const SECRET: [u8; 192] = [
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
];

#[inline]
fn r64(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

#[inline]
fn r32(b: &[u8], at: usize) -> u64 {
    u64::from(u32::from_le_bytes(
        b[at..at + 4].try_into().expect("4 bytes"),
    ))
}

#[inline]
fn fold64(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    (p as u64) ^ ((p >> 64) as u64)
}

fn avalanche(mut h: u64) -> u64 {
    h ^= h >> 37;
    h = h.wrapping_mul(0x1656_6791_9E37_79F9);
    h ^ (h >> 32)
}

fn xxh64_avalanche(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(P64_2);
    h ^= h >> 29;
    h = h.wrapping_mul(P64_3);
    h ^ (h >> 32)
}

fn mix16(b: &[u8], at: usize, s: usize) -> u64 {
    fold64(
        r64(b, at) ^ r64(&SECRET, s),
        r64(b, at + 8) ^ r64(&SECRET, s + 8),
    )
}

fn accumulate_512(acc: &mut [u64; 8], b: &[u8], at: usize, s: usize) {
    for i in 0..8 {
        let v = r64(b, at + 8 * i);
        let k = v ^ r64(&SECRET, s + 8 * i);
        acc[i ^ 1] = acc[i ^ 1].wrapping_add(v);
        acc[i] = acc[i].wrapping_add((k & 0xffff_ffff).wrapping_mul(k >> 32));
    }
}

/// LLVM's `xxh3_64bits` (XXH3, 64-bit, seed 0).
pub(crate) fn xxh3_64(b: &[u8]) -> u64 {
    let len = b.len();
    let l = len as u64;
    if len == 0 {
        return xxh64_avalanche(r64(&SECRET, 56) ^ r64(&SECRET, 64));
    }
    if len <= 3 {
        let c1 = u64::from(b[0]);
        let c2 = u64::from(b[len >> 1]);
        let c3 = u64::from(b[len - 1]);
        let combined = (c1 << 16) | (c2 << 24) | c3 | (l << 8);
        let flip = r32(&SECRET, 0) ^ r32(&SECRET, 4);
        return xxh64_avalanche(combined ^ flip);
    }
    if len <= 8 {
        let i1 = r32(b, 0);
        let i2 = r32(b, len - 4);
        let flip = r64(&SECRET, 8) ^ r64(&SECRET, 16);
        let mut h = (i2 + (i1 << 32)) ^ flip;
        h ^= h.rotate_left(49) ^ h.rotate_left(24);
        h = h.wrapping_mul(0x9FB2_1C65_1E98_DF25);
        h ^= (h >> 35).wrapping_add(l);
        h = h.wrapping_mul(0x9FB2_1C65_1E98_DF25);
        return h ^ (h >> 28);
    }
    if len <= 16 {
        let f1 = r64(&SECRET, 24) ^ r64(&SECRET, 32);
        let f2 = r64(&SECRET, 40) ^ r64(&SECRET, 48);
        let lo = r64(b, 0) ^ f1;
        let hi = r64(b, len - 8) ^ f2;
        let acc = l
            .wrapping_add(lo.swap_bytes())
            .wrapping_add(hi)
            .wrapping_add(fold64(lo, hi));
        return avalanche(acc);
    }
    if len <= 128 {
        let mut acc = l.wrapping_mul(P64_1);
        if len > 32 {
            if len > 64 {
                if len > 96 {
                    acc = acc.wrapping_add(mix16(b, 48, 96));
                    acc = acc.wrapping_add(mix16(b, len - 64, 112));
                }
                acc = acc.wrapping_add(mix16(b, 32, 64));
                acc = acc.wrapping_add(mix16(b, len - 48, 80));
            }
            acc = acc.wrapping_add(mix16(b, 16, 32));
            acc = acc.wrapping_add(mix16(b, len - 32, 48));
        }
        acc = acc.wrapping_add(mix16(b, 0, 0));
        acc = acc.wrapping_add(mix16(b, len - 16, 16));
        return avalanche(acc);
    }
    if len <= 240 {
        let mut acc = l.wrapping_mul(P64_1);
        for i in 0..8 {
            acc = acc.wrapping_add(mix16(b, 16 * i, 16 * i));
        }
        acc = avalanche(acc);
        for i in 8..len / 16 {
            acc = acc.wrapping_add(mix16(b, 16 * i, 16 * (i - 8) + 3));
        }
        acc = acc.wrapping_add(mix16(b, len - 16, 136 - 17));
        return avalanche(acc);
    }
    let mut acc = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1];
    const STRIPES: usize = (192 - 64) / 8;
    const BLOCK: usize = 64 * STRIPES;
    let nb = (len - 1) / BLOCK;
    for n in 0..nb {
        for s in 0..STRIPES {
            accumulate_512(&mut acc, b, n * BLOCK + s * 64, s * 8);
        }
        for (i, a) in acc.iter_mut().enumerate() {
            let k = r64(&SECRET, 192 - 64 + 8 * i);
            let mut x = *a;
            x ^= x >> 47;
            x ^= k;
            *a = x.wrapping_mul(P32_1);
        }
    }
    let stripes = ((len - 1) - BLOCK * nb) / 64;
    for s in 0..stripes {
        accumulate_512(&mut acc, b, nb * BLOCK + s * 64, s * 8);
    }
    accumulate_512(&mut acc, b, len - 64, 192 - 64 - 7);
    let mut r = l.wrapping_mul(P64_1);
    for i in 0..4 {
        r = r.wrapping_add(fold64(
            acc[2 * i] ^ r64(&SECRET, 11 + 16 * i),
            acc[2 * i + 1] ^ r64(&SECRET, 11 + 16 * i + 8),
        ));
    }
    avalanche(r)
}
