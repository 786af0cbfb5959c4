//! Constants, uniqued in the [`Context`].
//!
//! Owns the uniquing table of every non-global constant, the constants'
//! payload table, the constructors that canonicalise (all-zero aggregate →
//! `zeroinitializer`, all-undef → `undef`, simple element lists → data
//! arrays), and the primitives the RAUW policy re-uniques a constant with
//! (`replace.rs` owns LLVM's `handleOperandChange` itself). Numbers live in
//! [`apint`] and [`apfloat`]. It does not fold: constant folding is the
//! `fold/` layer, above `ir/`, because it needs the globals' linkage and
//! the module's data layout.
//!
//! A constant is a [`Value`] of kind [`ValueKind::Constant`]; its
//! [`ConstKind`] is kept in the hot record's opcode byte, small payloads
//! (integers and floats up to 64 bits) in its `a`/`b` words, others in a
//! [`ConstPayload`] of this layer's payload table, whose slot the record's
//! `c` word names. Aggregate elements and expression operands are
//! ordinary co-allocated operands with the constant-user bit set.
//!
//! # Uniquing
//!
//! The 16 [`ConstKind`]s live in the opcode byte; an expression's
//! [`Opcode`] is the low byte of `flags`, its subclass
//! flags (wrap flags, GEP no-wrap) the high byte. The payload table holds
//! wider integers (`APInt`), wider floats (`u128` bits), data arrays
//! (elements as `u64`), GEP expressions' source type and `inrange`, and
//! shuffle masks. Two `hashbrown::HashTable`s unique:
//!
//! * **scalars** (integers and floats up to 64 bits, identified by `(type,
//!   word)`): 16-byte entries `(word, type, index)`, so a hit reads no value
//!   record (LLVM's `IntConstants` also keeps the key in the entry);
//! * **general**: `(hash, index)` entries over `(kind, type, flags, words,
//!   operand ids, payload)`, compared against the stored record and operand
//!   run, so a hit allocates nothing.
//!
//! Both hashes end with a fold-multiply-fold avalanche (`finish`): doubles of
//! small integers differ only in bits 42 and up, which the multiply-rotate
//! mixer alone put in one bucket run (20 probe groups a lookup).
//!
//! Canonical forms (C7, C8): an all-null aggregate is `zeroinitializer`,
//! all-undef `undef`, all-poison `poison`; arrays and vectors of
//! i8/i16/i32/i64/half/bfloat/float/double are data arrays/vectors.
//! `const_data_array` of integers (and `const_string`) builds the data form
//! directly, with no uniqued `ConstantInt` per element.

pub mod apfloat;
pub mod apint;

use crate::entity::NONE;
use crate::inst::{bits, GepFlags, Opcode, WrapFlags};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueData, ValueKind};
use crate::Context;
use apint::APInt;
use core::hash::{BuildHasher, Hash};
use hashbrown::HashTable;

/// The subclass flags of a constant expression: wrap flags of `add`, `sub`
/// and `mul`, no-wrap flags of `getelementptr`, none on the others (LLVM
/// 19 has no other flagged expression).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum ExprFlags {
    /// No flags.
    #[default]
    None,
    /// `nuw`/`nsw` of `add`, `sub`, `mul`.
    Wrap(WrapFlags),
    /// `inbounds`/`nusw`/`nuw` of `getelementptr`.
    Gep(GepFlags),
}

/// The kind of a uniqued constant.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum ConstKind {
    /// `i32 5`
    Int = 0,
    /// `double 1.0`
    Float = 1,
    /// `ptr null`
    Null = 2,
    /// `undef`
    Undef = 3,
    /// `poison`
    Poison = 4,
    /// `zeroinitializer` (aggregates and vectors)
    Zero = 5,
    /// `[...]`
    Array = 6,
    /// `{...}`
    Struct = 7,
    /// `<...>`
    Vector = 8,
    /// `[...]` / `c"..."` of simple elements
    DataArray = 9,
    /// `<...>` of simple elements
    DataVector = 10,
    /// `blockaddress(@f, %bb)`
    BlockAddress = 11,
    /// A constant expression; its opcode is in the flags.
    Expr = 12,
    /// `dso_local_equivalent @f`
    DsoLocalEquivalent = 13,
    /// `no_cfi @f`
    NoCfi = 14,
    /// `none` (token)
    TokenNone = 15,
}

/// The opcode byte of an integer constant of at most 64 bits (its value in
/// the record's `b:a` words, no payload): one compare of that byte tells
/// such a constant from every other constant (a wider integer's byte is
/// `ConstKind::Int as u8`). [`kind_of_record`] maps both to
/// [`ConstKind::Int`].
pub(crate) const INT_SMALL: u8 = 16;

/// [`ConstKind`] by opcode byte other than [`INT_SMALL`] (the kind's
/// number).
const KINDS: [ConstKind; 16] = [
    ConstKind::Int,
    ConstKind::Float,
    ConstKind::Null,
    ConstKind::Undef,
    ConstKind::Poison,
    ConstKind::Zero,
    ConstKind::Array,
    ConstKind::Struct,
    ConstKind::Vector,
    ConstKind::DataArray,
    ConstKind::DataVector,
    ConstKind::BlockAddress,
    ConstKind::Expr,
    ConstKind::DsoLocalEquivalent,
    ConstKind::NoCfi,
    ConstKind::TokenNone,
];

/// Side payload of constants that do not fit the hot record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstPayload {
    /// An integer wider than 64 bits.
    Int(APInt),
    /// A float wider than 64 bits (x86_fp80, fp128, ppc_fp128), raw bits.
    Float(u128),
    /// Elements of a data array/vector, each zero-extended to 64 bits.
    Data(Box<[u64]>),
    /// GEP expression: source element type and optional `inrange(lo, hi)`.
    Gep {
        /// Source element type.
        src: Type,
        /// `inrange(lo, hi)`.
        inrange: Option<(i64, i64)>,
    },
    /// shufflevector expression mask (-1 = poison).
    Mask(Box<[i32]>),
}

/// The uniquing table: hashes of `(kind, type, flags, words, operands,
/// payload)` pointing at the constant's raw value index. Lookups compare
/// against the stored records, so a hit allocates nothing.
pub(crate) struct ConstStore {
    /// `(hash, raw value index)`: the hash is stored so growth never
    /// recomputes it.
    table: HashTable<(u64, u32)>,
    /// Integers and floats of at most 64 bits, whose identity is just
    /// `(type, value word)`: the key is kept in the entry, so a hit reads
    /// no value record (the common `ConstantInt::get` path).
    scalars: HashTable<ScalarEntry>,
    hasher: hashbrown::DefaultHashBuilder,
    /// The payloads of constants that do not fit the hot record, named by
    /// the constant's `c` word ([`NONE`]: no payload). Constants are never
    /// named, so they need no side record of `ir/`.
    payloads: Vec<ConstPayload>,
    /// Free slots of `payloads` (reused before the vector grows).
    payloads_free: Vec<u32>,
}

impl ConstStore {
    pub(crate) fn new() -> Self {
        ConstStore {
            table: HashTable::new(),
            scalars: HashTable::new(),
            hasher: Default::default(),
            payloads: Vec::new(),
            payloads_free: Vec::new(),
        }
    }

    /// The payload named by a constant's `c` word, if any.
    #[inline]
    fn payload(&self, c: u32) -> Option<&ConstPayload> {
        (c != NONE).then(|| &self.payloads[c as usize])
    }

    /// A slot holding `p` (a freed one when there is one).
    fn alloc_payload(&mut self, p: ConstPayload) -> u32 {
        if let Some(i) = self.payloads_free.pop() {
            self.payloads[i as usize] = p;
            i
        } else {
            assert!(
                self.payloads.len() < NONE as usize,
                "more than 2^32 - 1 constant payloads"
            );
            self.payloads.push(p);
            (self.payloads.len() - 1) as u32
        }
    }

    /// Returns payload slot `c` (no longer named by any constant).
    fn free_payload(&mut self, c: u32) {
        if c != NONE {
            self.payloads[c as usize] = ConstPayload::Float(0);
            self.payloads_free.push(c);
        }
    }
}

/// The kind of the uniqued constant whose record is `d`.
#[inline]
pub(crate) fn kind_of_record(d: &ValueData) -> ConstKind {
    if d.opcode == INT_SMALL {
        ConstKind::Int
    } else {
        KINDS[d.opcode as usize]
    }
}

/// Whether the constant record `d` has a payload (an integer or float
/// record without one keeps its value in the `a`/`b` words).
#[inline]
pub(crate) fn has_payload(d: &ValueData) -> bool {
    d.c != NONE
}

/// An entry of the scalar table: the constant's value word, its type and
/// its raw value index (16 bytes).
#[derive(Clone, Copy)]
struct ScalarEntry {
    word: u64,
    ty: Type,
    idx: u32,
}

#[inline]
fn scalar_hash(ty: Type, word: u64) -> u64 {
    finish(mix(mix(0, ty.identity()), word))
}

/// Final avalanche: a multiply only carries low input bits upwards, so
/// keys that differ only in high bits (doubles of small integers differ
/// only in bits 42 and up) would all share the low bits hashbrown uses for
/// buckets. Folding the high half down before and after one more multiply
/// spreads every input bit over the whole word.
#[inline]
fn finish(h: u64) -> u64 {
    let h = (h ^ (h >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 32)
}

/// A constant's identity, borrowed, for lookup.
struct Key<'a> {
    kind: ConstKind,
    ty: Type,
    flags: u16,
    a: u32,
    b: u32,
    ops: &'a [u32],
    payload: Option<&'a ConstPayload>,
}

/// One multiply-rotate mixing step (FxHash-style): cheap, and good enough
/// for keys that are mostly small ids and values.
#[inline]
fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95)
}

impl Key<'_> {
    #[inline]
    fn hash(&self, s: &hashbrown::DefaultHashBuilder) -> u64 {
        let head = self.kind as u64 | (self.ty.identity() << 8) | (self.flags as u64) << 40;
        let mut h = mix(mix(0, head), self.a as u64 | (self.b as u64) << 32);
        for &o in self.ops {
            h = mix(h, o as u64);
        }
        if let Some(p) = self.payload {
            h = mix(h, s.hash_one(p));
        }
        finish(h)
    }
}

/// # Constants
///
/// Uniqued constants: integers, floats, null, undef, poison, aggregates,
/// data arrays, splats, expressions (unfolded), `dso_local_equivalent` and
/// `no_cfi`. Equal arguments give the same value.
impl Context {
    /// The uniqued constant of `kind` and `ty` whose whole identity is the
    /// payload `p` (wide integers and floats, data arrays).
    fn intern_payload(&mut self, kind: ConstKind, ty: Type, p: &ConstPayload) -> Value {
        self.intern(Key {
            kind,
            ty,
            flags: 0,
            a: 0,
            b: 0,
            ops: &[],
            payload: Some(p),
        })
    }

    #[inline(always)]
    fn key_matches(&self, idx: u32, k: &Key<'_>) -> bool {
        let d = &self.graph.values[idx as usize];
        if d.opcode != k.kind as u8
            || d.ty != k.ty
            || d.flags != k.flags
            || d.a != k.a
            || d.b != k.b
            || d.nops as usize != k.ops.len()
        {
            return false;
        }
        if !k.ops.is_empty() {
            let run = &self.graph.pool.uses[d.ops as usize..(d.ops + d.nops) as usize];
            for (u, &o) in run.iter().zip(k.ops) {
                if u.val != o {
                    return false;
                }
            }
        }
        self.consts.payload(d.c) == k.payload
    }

    fn lookup(&self, k: &Key<'_>, hash: u64) -> Option<u32> {
        self.consts
            .table
            .find(hash, |&(h, i)| h == hash && self.key_matches(i, k))
            .map(|x| x.1)
    }

    /// Finds or creates the constant with identity `k`.
    #[inline]
    fn intern(&mut self, k: Key<'_>) -> Value {
        if matches!(k.kind, ConstKind::Int | ConstKind::Float)
            && k.payload.is_none()
            && k.ops.is_empty()
            && k.flags == 0
        {
            return self.intern_scalar(k.ty, k.kind, k.a as u64 | (k.b as u64) << 32);
        }
        self.intern_general(k)
    }

    /// `intern` for a scalar whose value word fits the hot record: a hit
    /// is one hash and one table probe, and creating is out of line so
    /// that the hit path keeps a small frame.
    #[inline]
    fn intern_scalar(&mut self, ty: Type, kind: ConstKind, word: u64) -> Value {
        let hash = scalar_hash(ty, word);
        if let Some(e) = self
            .consts
            .scalars
            .find(hash, |e| e.word == word && e.ty == ty)
        {
            return self.graph.handle(e.idx);
        }
        // The opcode byte, chosen here where `kind` is known at compile
        // time.
        let code = if kind == ConstKind::Int {
            INT_SMALL
        } else {
            kind as u8
        };
        self.new_scalar(ty, code, word, hash)
    }

    /// Creates the scalar constant `intern_scalar` did not find.
    #[inline(never)]
    fn new_scalar(&mut self, ty: Type, code: u8, word: u64, hash: u64) -> Value {
        let mut d = ValueData::new(ValueKind::Constant, ty);
        d.opcode = code;
        d.a = word as u32;
        d.b = (word >> 32) as u32;
        let v = self.graph.alloc(d);
        self.consts.scalars.insert_unique(
            hash,
            ScalarEntry {
                word,
                ty,
                idx: v.idx,
            },
            |e| scalar_hash(e.ty, e.word),
        );
        v
    }

    fn intern_general(&mut self, k: Key<'_>) -> Value {
        let hash = k.hash(&self.consts.hasher);
        if let Some(i) = self.lookup(&k, hash) {
            return self.graph.handle(i);
        }
        // Integers of at most 64 bits are scalars (`intern_scalar`).
        debug_assert!(k.kind != ConstKind::Int || k.payload.is_some());
        let mut d = ValueData::new(ValueKind::Constant, k.ty);
        d.opcode = k.kind as u8;
        d.flags = k.flags;
        d.a = k.a;
        d.b = k.b;
        if let Some(p) = k.payload {
            d.c = self.consts.alloc_payload(p.clone());
        }
        let v = self.graph.alloc(d);
        if !k.ops.is_empty() {
            self.graph.alloc_operands(v, k.ops.len() as u32, true);
            let start = self.graph.get(v).ops;
            for (i, &o) in k.ops.iter().enumerate() {
                self.graph.set_use(start + i as u32, o);
            }
        }
        self.insert_hash(v.idx, hash);
        v
    }

    fn insert_hash(&mut self, idx: u32, hash: u64) {
        self.consts.table.insert_unique(hash, (hash, idx), |x| x.0);
    }

    fn unintern(&mut self, v: Value) {
        let d = &self.graph.values[v.idx as usize];
        if matches!(kind_of_record(d), ConstKind::Int | ConstKind::Float)
            && !has_payload(d)
            && d.flags == 0
        {
            let (ty, word) = (d.ty, d.a as u64 | (d.b as u64) << 32);
            let hash = scalar_hash(ty, word);
            if let Ok(e) = self.consts.scalars.find_entry(hash, |e| e.idx == v.idx) {
                e.remove();
            }
            return;
        }
        let hash = rehash(&self.graph, &self.consts, v.idx);
        if let Ok(e) = self.consts.table.find_entry(hash, |&(_, i)| i == v.idx) {
            e.remove();
        }
    }

    /// The kind of a constant.
    ///
    /// # Panics
    /// If `v` is not a uniqued constant.
    pub fn const_kind(&self, v: Value) -> ConstKind {
        let d = self.graph.get(v);
        assert_eq!(
            d.kind(),
            ValueKind::Constant,
            "{v:?} is not a uniqued constant"
        );
        kind_of_record(d)
    }

    pub(crate) fn const_payload(&self, v: Value) -> Option<&ConstPayload> {
        let d = self.graph.get(v);
        if d.kind() != ValueKind::Constant {
            return None;
        }
        self.consts.payload(d.c)
    }

    // ---- scalars ---------------------------------------------------------

    /// `ConstantInt::get(ty, value)`: truncates silently to the width
    /// (LLVM 19). `ty` may be a vector of integers: gives a splat.
    pub fn const_int(&mut self, ty: Type, value: u64) -> Value {
        if let TypeData::Int(w) = *self.type_data(ty) {
            if w <= 64 {
                // Fast path: the value lives in the hot record.
                let x = if w == 64 {
                    value
                } else {
                    value & ((1u64 << w) - 1)
                };
                return self.intern_scalar(ty, ConstKind::Int, x);
            }
        }
        if let Some((n, scalable)) = self.vector_len(ty) {
            let e = self.const_int(self.scalar_type(ty), value);
            return self.const_splat(n, scalable, e);
        }
        let w = self.int_width(ty).expect("const_int needs an integer type");
        self.const_int_ap(ty, &APInt::new(w, value))
    }

    /// A signed integer constant (sign-extended or truncated to the width).
    pub fn const_int_signed(&mut self, ty: Type, value: i64) -> Value {
        let w = self
            .int_width(ty)
            .expect("const_int_signed needs an integer type");
        self.const_int_ap(ty, &APInt::from_i64(w, value))
    }

    /// An integer constant of any width.
    ///
    /// # Panics
    /// If `ty` is not an integer type of the value's width.
    pub fn const_int_ap(&mut self, ty: Type, value: &APInt) -> Value {
        assert_eq!(
            self.int_width(ty),
            Some(value.width()),
            "const_int_ap: type and value widths differ"
        );
        if value.width() <= 64 {
            let x = value.to_u64();
            self.intern(Key {
                kind: ConstKind::Int,
                ty,
                flags: 0,
                a: x as u32,
                b: (x >> 32) as u32,
                ops: &[],
                payload: None,
            })
        } else {
            let p = ConstPayload::Int(value.clone());
            self.intern_payload(ConstKind::Int, ty, &p)
        }
    }

    /// `i1 true` / `i1 false`.
    pub fn const_bool(&mut self, b: bool) -> Value {
        let t = self.i1_type();
        self.const_int(t, b as u64)
    }

    /// The value of an integer constant.
    pub fn const_int_value(&self, v: Value) -> Option<APInt> {
        let d = self.graph.get(v);
        if d.kind() != ValueKind::Constant || kind_of_record(d) != ConstKind::Int {
            return None;
        }
        match self.const_payload(v) {
            Some(ConstPayload::Int(x)) => Some(x.clone()),
            _ => Some(APInt::new(
                self.int_width(d.ty)?,
                d.a as u64 | (d.b as u64) << 32,
            )),
        }
    }

    /// A floating-point constant from its raw bits (bit-exact: +0.0 and
    /// -0.0 differ, NaN payloads are kept).
    pub fn const_float_bits(&mut self, ty: Type, bits: u128) -> Value {
        assert!(
            self.is_fp(ty),
            "const_float_bits needs a floating-point type"
        );
        if matches!(
            self.type_data(ty),
            TypeData::X86Fp80 | TypeData::Fp128 | TypeData::PpcFp128
        ) {
            let p = ConstPayload::Float(bits);
            self.intern_payload(ConstKind::Float, ty, &p)
        } else {
            // The low 64 bits: the whole value for these types.
            self.intern_scalar(ty, ConstKind::Float, bits as u64)
        }
    }

    /// A `float`/`double`/`half`/`bfloat` constant from an `f64`, rounded
    /// to the type (ties to even).
    pub fn const_float(&mut self, ty: Type, x: f64) -> Value {
        let kind = match self.type_data(ty) {
            // Exact: a double constant is the f64's own bits.
            // Straight to the scalar table: `ty` is known a double here.
            TypeData::Double => return self.intern_scalar(ty, ConstKind::Float, x.to_bits()),
            TypeData::Half => apfloat::FloatKind::Half,
            TypeData::BFloat => apfloat::FloatKind::BFloat,
            TypeData::Float => apfloat::FloatKind::Float,
            _ => panic!("const_float needs half, bfloat, float or double"),
        };
        let bits = apfloat::APFloat::from_f64(kind, x).bits();
        self.const_float_bits(ty, bits)
    }

    /// The raw bits of a floating-point constant.
    pub fn const_float_value(&self, v: Value) -> Option<u128> {
        let d = self.graph.get(v);
        if d.kind() != ValueKind::Constant || d.opcode != ConstKind::Float as u8 {
            return None;
        }
        match self.const_payload(v) {
            Some(ConstPayload::Float(b)) => Some(*b),
            _ => Some(d.a as u128 | (d.b as u128) << 32),
        }
    }

    /// The uniqued constant `(kind, ty)` with these operands (raw value
    /// indices) or payload, if it exists: `intern` without creating.
    /// Integers and floats up to 64 bits are found by their value word.
    pub(crate) fn find_constant(
        &self,
        kind: ConstKind,
        ty: Type,
        word: u64,
        ops: &[u32],
        payload: Option<&ConstPayload>,
    ) -> Option<Value> {
        if matches!(kind, ConstKind::Int | ConstKind::Float) && payload.is_none() {
            let hash = scalar_hash(ty, word);
            return self
                .consts
                .scalars
                .find(hash, |e| e.word == word && e.ty == ty)
                .map(|e| self.graph.handle(e.idx));
        }
        let k = Key {
            kind,
            ty,
            flags: 0,
            a: word as u32,
            b: (word >> 32) as u32,
            ops,
            payload,
        };
        let hash = k.hash(&self.consts.hasher);
        self.lookup(&k, hash).map(|i| self.graph.handle(i))
    }

    fn simple(&mut self, kind: ConstKind, ty: Type) -> Value {
        self.intern(Key {
            kind,
            ty,
            flags: 0,
            a: 0,
            b: 0,
            ops: &[],
            payload: None,
        })
    }

    /// `undef` of `ty`.
    pub fn const_undef(&mut self, ty: Type) -> Value {
        self.simple(ConstKind::Undef, ty)
    }

    /// `poison` of `ty`.
    pub fn const_poison(&mut self, ty: Type) -> Value {
        self.simple(ConstKind::Poison, ty)
    }

    /// `none` (token).
    pub fn const_token_none(&mut self) -> Value {
        let t = self.token_type();
        self.simple(ConstKind::TokenNone, t)
    }

    /// `Constant::getNullValue(ty)`: `0`, `0.0`, `ptr null`, or
    /// `zeroinitializer` for aggregates, vectors and target types.
    pub fn const_null(&mut self, ty: Type) -> Value {
        match self.type_data(ty).clone() {
            TypeData::Int(_) => self.const_int(ty, 0),
            TypeData::Ptr(_) => self.simple(ConstKind::Null, ty),
            TypeData::Half
            | TypeData::BFloat
            | TypeData::Float
            | TypeData::Double
            | TypeData::X86Fp80
            | TypeData::Fp128
            | TypeData::PpcFp128 => self.const_float_bits(ty, 0),
            TypeData::Token => self.const_token_none(),
            _ => self.simple(ConstKind::Zero, ty),
        }
    }

    /// Whether `v` is a null value (`0`, `+0.0`, `null`, `zeroinitializer`).
    pub fn is_null_value(&self, v: Value) -> bool {
        let d = self.graph.get(v);
        if d.kind() != ValueKind::Constant {
            return false;
        }
        match kind_of_record(d) {
            ConstKind::Null | ConstKind::Zero | ConstKind::TokenNone => true,
            ConstKind::Int => self.const_int_value(v).is_some_and(|x| x.is_zero()),
            ConstKind::Float => self.const_float_value(v) == Some(0),
            _ => false,
        }
    }

    // ---- aggregates ------------------------------------------------------

    /// Whether `v` is a uniqued constant of kind `k`.
    pub fn is_const_kind(&self, v: Value, k: ConstKind) -> bool {
        let d = self.graph.get(v);
        d.kind() == ValueKind::Constant
            && match k {
                ConstKind::Int => d.opcode == INT_SMALL || d.opcode == k as u8,
                _ => d.opcode == k as u8,
            }
    }

    /// A constant aggregate (`ty` is an array, struct or vector type) of
    /// `elems`, canonicalised as LLVM does (C7, C8): all null →
    /// `zeroinitializer`; all undef → `undef`; all poison → `poison`;
    /// arrays/vectors of simple integers or floats → data arrays/vectors.
    ///
    /// # Panics
    /// If the element count or types do not match `ty`.
    pub fn const_aggregate(&mut self, ty: Type, elems: &[Value]) -> Value {
        if let Some(v) = self.find_plain_struct(ty, elems) {
            return v;
        }
        self.const_aggregate_general(ty, elems)
    }

    /// The struct constant `ty { elems }` if it exists already and its
    /// elements take it to no canonical form: at most eight elements, each
    /// a live uniqued constant of its field's type that is an integer or
    /// float held in the record (null only when all its bits are zero), an
    /// aggregate, a data sequence or an expression. One pass checks,
    /// classifies and hashes them, and the probe compares against the
    /// stored record and run, so a hit allocates nothing and builds no
    /// second key. `None` (a miss, another kind of element or type, or a
    /// check that fails) leaves everything to the general path, which makes
    /// the same checks with their messages.
    #[inline]
    fn find_plain_struct(&self, ty: Type, elems: &[Value]) -> Option<Value> {
        let fields: &[Type] = match self.type_data(ty) {
            TypeData::LiteralStruct { elems: f, .. } => f,
            TypeData::IdentifiedStruct(i) => self.types.structs[*i as usize].body.as_deref()?,
            _ => return None,
        };
        let mut ops = [0u32; 8];
        if fields.len() != elems.len() || elems.len() > ops.len() || elems.is_empty() {
            return None;
        }
        let mut all_null = true;
        let head = ConstKind::Struct as u64 | (ty.identity() << 8);
        let mut h = mix(mix(0, head), 0);
        for ((slot, &e), &f) in ops.iter_mut().zip(elems).zip(fields) {
            let d = self.graph.get(e);
            if d.ty != f || d.kind() != ValueKind::Constant {
                return None;
            }
            // A wider integer (`ConstKind::Int as u8`, with a payload) is
            // not plain.
            let null = match d.opcode {
                INT_SMALL => d.a == 0 && d.b == 0,
                k if k == ConstKind::Float as u8 => {
                    if has_payload(d) {
                        return None;
                    }
                    d.a == 0 && d.b == 0
                }
                k if (ConstKind::Array as u8..=ConstKind::NoCfi as u8).contains(&k) => false,
                _ => return None,
            };
            all_null &= null;
            *slot = e.idx;
            h = mix(h, e.idx as u64);
        }
        if all_null {
            return None;
        }
        let ops = &ops[..elems.len()];
        let hash = finish(h);
        let k = Key {
            kind: ConstKind::Struct,
            ty,
            flags: 0,
            a: 0,
            b: 0,
            ops,
            payload: None,
        };
        debug_assert_eq!(hash, k.hash(&self.consts.hasher));
        // `lookup`, with the key's constant words folded into the compare.
        self.consts
            .table
            .find(hash, |&(h, i)| h == hash && self.key_matches(i, &k))
            .map(|x| self.graph.handle(x.1))
    }

    /// [`const_aggregate`](Self::const_aggregate) for every case. Out of
    /// line, so that the fast path keeps a small frame.
    #[inline(never)]
    fn const_aggregate_general(&mut self, ty: Type, elems: &[Value]) -> Value {
        let kind = match self.type_data(ty) {
            TypeData::Array { len, .. } => {
                assert_eq!(
                    *len,
                    elems.len() as u64,
                    "array constant has the wrong number of elements"
                );
                ConstKind::Array
            }
            TypeData::Vector { len, .. } => {
                assert_eq!(
                    *len as usize,
                    elems.len(),
                    "vector constant has the wrong number of elements"
                );
                ConstKind::Vector
            }
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => ConstKind::Struct,
            _ => panic!("const_aggregate needs an array, struct or vector type"),
        };
        // One pass over the elements: validate, and classify for the
        // canonical forms (all null / undef / poison, simple data).
        let elem_ty = if kind == ConstKind::Struct {
            None
        } else {
            self.element_type(ty)
        };
        let (mut all_null, mut all_undef, mut all_poison, mut all_simple) =
            (true, true, true, true);
        let fields = if kind == ConstKind::Struct {
            let f = self
                .struct_elements(ty)
                .expect("a constant of an opaque struct type has no elements to give");
            assert_eq!(
                f.len(),
                elems.len(),
                "struct constant has the wrong number of elements"
            );
            f
        } else {
            &[]
        };
        for (i, &e) in elems.iter().enumerate() {
            let d = self.graph.get(e);
            let want = match elem_ty {
                Some(t) => Some(t),
                None => Some(fields[i]),
            };
            assert_eq!(
                Some(d.ty),
                want,
                "element {i} of the constant has the wrong type"
            );
            assert!(
                d.kind().is_constant(),
                "element {i} of a constant aggregate is not a constant"
            );
            let ck = if d.kind() == ValueKind::Constant {
                Some(kind_of_record(d))
            } else {
                None
            };
            all_null &= match ck {
                Some(ConstKind::Null | ConstKind::Zero | ConstKind::TokenNone) => true,
                // Without a payload the value (or float bits) is in the
                // hot record's words: null is all-zero bits (+0.0 for floats).
                Some(ConstKind::Int | ConstKind::Float) if !has_payload(d) => d.a == 0 && d.b == 0,
                Some(ConstKind::Int | ConstKind::Float) => self.is_null_value(e),
                _ => false,
            };
            all_undef &= ck == Some(ConstKind::Undef);
            all_poison &= ck == Some(ConstKind::Poison);
            all_simple &= matches!(ck, Some(ConstKind::Int | ConstKind::Float));
        }
        if elems.is_empty() || all_null {
            return self.simple(ConstKind::Zero, ty);
        }
        if all_undef {
            return self.const_undef(ty);
        }
        if all_poison {
            return self.const_poison(ty);
        }
        if let (Some(et), true) = (elem_ty, all_simple) {
            let simple = matches!(
                self.type_data(et),
                TypeData::Int(8 | 16 | 32 | 64)
                    | TypeData::Half
                    | TypeData::BFloat
                    | TypeData::Float
                    | TypeData::Double
            );
            if simple {
                // Elements of these types keep their value in the hot record.
                let data: Box<[u64]> = elems
                    .iter()
                    .map(|&e| {
                        let d = &self.graph.values[e.idx as usize];
                        d.a as u64 | (d.b as u64) << 32
                    })
                    .collect();
                let dk = if kind == ConstKind::Array {
                    ConstKind::DataArray
                } else {
                    ConstKind::DataVector
                };
                let p = ConstPayload::Data(data);
                return self.intern_payload(dk, ty, &p);
            }
        }
        let mut small = [0u32; 8];
        let large: Vec<u32>;
        let ops: &[u32] = if elems.len() <= small.len() {
            for (slot, e) in small.iter_mut().zip(elems) {
                *slot = e.idx;
            }
            &small[..elems.len()]
        } else {
            large = elems.iter().map(|e| e.idx).collect();
            &large
        };
        self.intern(Key {
            kind,
            ty,
            flags: 0,
            a: 0,
            b: 0,
            ops,
            payload: None,
        })
    }

    /// A literal-struct constant of `elems` (`{ ... }` or `<{ ... }>`).
    pub fn const_anon_struct(&mut self, elems: &[Value], packed: bool) -> Value {
        let tys: Vec<Type> = elems.iter().map(|&e| self.type_of(e)).collect();
        let ty = self.struct_type(&tys, packed);
        self.const_aggregate(ty, elems)
    }

    /// A splat vector of `n` copies of `elem`.
    pub fn const_splat(&mut self, n: u32, scalable: bool, elem: Value) -> Value {
        let et = self.type_of(elem);
        if scalable {
            let ty = self.scalable_vector_type(et, n);
            if self.is_null_value(elem) {
                return self.simple(ConstKind::Zero, ty);
            }
            // LLVM 19's getSplat: an undef or poison element gives `undef`.
            if matches!(self.const_kind(elem), ConstKind::Undef | ConstKind::Poison) {
                return self.const_undef(ty);
            }
            // A scalable non-zero splat is a shufflevector expression (C9)
            // of an `i64 0` insertelement.
            let poison_v = self.const_poison(ty);
            let i64t = self.i64_type();
            let zero = self.const_int(i64t, 0);
            let ins =
                self.const_expr_raw(Opcode::InsertElement, ty, &[poison_v, elem, zero], 0, None);
            let mask = ConstPayload::Mask(vec![0; n as usize].into_boxed_slice());
            return self.const_expr_raw(Opcode::ShuffleVector, ty, &[ins, poison_v], 0, Some(mask));
        }
        let ty = self.vector_type(et, n);
        let elems = vec![elem; n as usize];
        self.const_aggregate(ty, &elems)
    }

    /// A data array of `elem_ty` (i8/i16/i32/i64 or a float type; float
    /// elements as raw bits).
    pub fn const_data_array(&mut self, elem_ty: Type, data: &[u64]) -> Value {
        let ty = self.array_type(elem_ty, data.len() as u64);
        if let TypeData::Int(w @ (8 | 16 | 32 | 64)) = *self.type_data(elem_ty) {
            // The form `const_aggregate` gives integer elements of these
            // widths, built without a constant per element: all zero is
            // `zeroinitializer`, anything else a data array of the values
            // reduced to the width.
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            if data.iter().all(|&x| x & mask == 0) {
                return self.simple(ConstKind::Zero, ty);
            }
            let p = ConstPayload::Data(data.iter().map(|&x| x & mask).collect());
            return self.intern_payload(ConstKind::DataArray, ty, &p);
        }
        let elems: Vec<Value> = data
            .iter()
            .map(|&x| {
                if self.is_fp(elem_ty) {
                    self.const_float_bits(elem_ty, x as u128)
                } else {
                    self.const_int(elem_ty, x)
                }
            })
            .collect();
        self.const_aggregate(ty, &elems)
    }

    /// A C string `[N x i8] c"..."`, with a trailing NUL when `nul`.
    pub fn const_string(&mut self, bytes: &[u8], nul: bool) -> Value {
        let mut data: Vec<u64> = bytes.iter().map(|&b| b as u64).collect();
        if nul {
            data.push(0);
        }
        let i8t = self.i8_type();
        self.const_data_array(i8t, &data)
    }

    /// The elements of a data array/vector, zero-extended raw values.
    pub fn const_data(&self, v: Value) -> Option<&[u64]> {
        match self.const_payload(v) {
            Some(ConstPayload::Data(d)) => Some(d),
            _ => None,
        }
    }

    /// The `blockaddress` constant of function `f` and block `b` (raw
    /// values: the typed constructor is `Context::block_address` in
    /// `ir/`, which checks that `b` belongs to `f`; the `.ll` parser calls
    /// this one because `b` may still be a forward-reference placeholder).
    /// Gives the block a use (C21).
    pub(crate) fn block_address_raw(&mut self, f: Value, b: Value) -> Value {
        // A pointer in the function's address space.
        let pty = self.type_of(f);
        self.intern(Key {
            kind: ConstKind::BlockAddress,
            ty: pty,
            flags: 0,
            a: 0,
            b: 0,
            ops: &[f.idx, b.idx],
            payload: None,
        })
    }

    /// `dso_local_equivalent @f` or (`no_cfi` true) `no_cfi @f`.
    pub fn const_global_marker(&mut self, g: Value, no_cfi: bool) -> Value {
        let ty = self.type_of(g);
        let kind = if no_cfi {
            ConstKind::NoCfi
        } else {
            ConstKind::DsoLocalEquivalent
        };
        self.intern(Key {
            kind,
            ty,
            flags: 0,
            a: 0,
            b: 0,
            ops: &[g.idx],
            payload: None,
        })
    }

    // ---- expressions -------------------------------------------------------

    /// A constant expression with `opcode`, result type `ty`, operands and
    /// subclass flags, uniqued without folding. Prefer the folding
    /// constructors (`const_binop`, `const_gep`, ...); this is the raw one.
    ///
    /// # Panics
    /// If `flags` are not of `opcode`'s family: wrap flags belong to `add`,
    /// `sub` and `mul`, GEP flags to `getelementptr`.
    pub fn const_expr(
        &mut self,
        opcode: Opcode,
        ty: Type,
        ops: &[Value],
        flags: ExprFlags,
        payload: Option<ConstPayload>,
    ) -> Value {
        let bits = match flags {
            ExprFlags::None => 0,
            ExprFlags::Wrap(w) if matches!(opcode, Opcode::Add | Opcode::Sub | Opcode::Mul) => {
                bits::wrap(w) as u8
            }
            ExprFlags::Gep(g) if opcode == Opcode::GetElementPtr => bits::gep(g) as u8,
            f => panic!(
                "Context::const_expr: {f:?} are not flags of a `{}` expression",
                opcode.mnemonic()
            ),
        };
        self.const_expr_raw(opcode, ty, ops, bits, payload)
    }

    /// The opcode of a constant expression (`None` for another constant).
    pub fn const_expr_op(&self, v: Value) -> Option<Opcode> {
        self.const_expr_opcode(v).map(|x| x.0)
    }

    /// The subclass flags of a constant expression (`None` for another
    /// constant).
    pub fn const_expr_flags(&self, v: Value) -> Option<ExprFlags> {
        let (op, fl) = self.const_expr_opcode(v)?;
        Some(match op {
            Opcode::Add | Opcode::Sub | Opcode::Mul => ExprFlags::Wrap(bits::wrap_of(fl as u16)),
            Opcode::GetElementPtr => ExprFlags::Gep(bits::gep_of(fl as u16)),
            _ => ExprFlags::None,
        })
    }

    /// [`const_expr`](Self::const_expr) with the flags as their stored
    /// byte (the folder and the parser, which hold stored flags).
    pub(crate) fn const_expr_raw(
        &mut self,
        opcode: Opcode,
        ty: Type,
        ops: &[Value],
        flags: u8,
        payload: Option<ConstPayload>,
    ) -> Value {
        let raw: smallvec::SmallVec<[u32; 8]> = ops.iter().map(|e| e.idx).collect();
        if let Some(ConstPayload::Mask(m)) = &payload {
            // As for shufflevector instructions: the mask's `<N x i32>`
            // type exists for the bitcode writer.
            let scalable = self.is_scalable(ty);
            self.intern_mask_type(m.len() as u32, scalable);
        }
        let fl = opcode as u16 | (flags as u16) << 8;
        self.intern(Key {
            kind: ConstKind::Expr,
            ty,
            flags: fl,
            a: 0,
            b: 0,
            ops: &raw,
            payload: payload.as_ref(),
        })
    }

    /// The opcode and stored flags byte of a constant expression (the typed
    /// flags are [`const_expr_flags`](Self::const_expr_flags)).
    pub(crate) fn const_expr_opcode(&self, v: Value) -> Option<(Opcode, u8)> {
        let d = self.graph.get(v);
        (d.kind() == ValueKind::Constant && d.opcode == ConstKind::Expr as u8)
            .then(|| (Opcode::from_u8(d.flags as u8), (d.flags >> 8) as u8))
    }

    /// The GEP payload (source type, inrange) of a GEP expression, or the
    /// mask of a shufflevector expression.
    pub fn const_expr_payload(&self, v: Value) -> Option<&ConstPayload> {
        self.const_payload(v)
    }

    /// Rebuilds constant `c` with operand list `ops` through the public
    /// constructors, so the result is canonical and uniqued.
    pub(crate) fn rebuild_const(&mut self, c: Value, ops: &[Value]) -> Value {
        let ty = self.type_of(c);
        match self.const_kind(c) {
            ConstKind::Array | ConstKind::Struct | ConstKind::Vector => {
                self.const_aggregate(ty, ops)
            }
            ConstKind::BlockAddress => self.block_address_raw(ops[0], ops[1]),
            ConstKind::DsoLocalEquivalent => self.const_global_marker(ops[0], false),
            ConstKind::NoCfi => self.const_global_marker(ops[0], true),
            ConstKind::Expr => {
                let (op, fl) = self.const_expr_opcode(c).expect("expression");
                let p = self.const_payload(c).cloned();
                self.const_expr_raw(op, ty, ops, fl, p)
            }
            k => unreachable!("constant kind {k:?} has no operands"),
        }
    }

    /// The uniqued constant that `c` would be with operand list `ops` (its
    /// kind, type, flags, words and payload kept), if one exists. A
    /// primitive of the RAUW policy (`replace.rs`).
    pub(crate) fn const_lookup_with_operands(&self, c: Value, ops: &[Value]) -> Option<Value> {
        let raw: smallvec::SmallVec<[u32; 8]> = ops.iter().map(|o| o.idx).collect();
        let d = self.graph.get(c);
        let key = Key {
            kind: kind_of_record(d),
            ty: d.ty,
            flags: d.flags,
            a: d.a,
            b: d.b,
            ops: &raw,
            payload: self.consts.payload(d.c),
        };
        let hash = key.hash(&self.consts.hasher);
        self.lookup(&key, hash).map(|i| self.graph.handle(i))
    }

    /// Re-points every operand of constant `c` that names `from` at `to`,
    /// keeping `c`'s identity, and re-registers `c` under its new key (R6).
    /// The caller has checked that no equal constant exists.
    pub(crate) fn const_replace_operand_in_place(&mut self, c: Value, from: Value, to: Value) {
        self.unintern(c);
        let d = self.graph.get(c);
        let (start, n) = (d.ops, d.nops);
        for u in start..start + n {
            if self.graph.pool.uses[u as usize].val == from.idx {
                self.graph.set_use(u, to.idx);
            }
        }
        let hash = rehash(&self.graph, &self.consts, c.idx);
        self.insert_hash(c.idx, hash);
    }

    /// Removes an unused constant from the uniquing table and frees it;
    /// its value handles are told first, as for an erased value (LLVM's
    /// `destroyConstant` deletes the constant, which runs
    /// `ValueIsDeleted`).
    pub(crate) fn destroy_constant(&mut self, c: Value) {
        debug_assert!(self.use_empty(c));
        self.unintern(c);
        let d = self.graph.get(c);
        let (cap, payload) = (d.nops, d.c);
        self.graph.release_operands(c, cap);
        self.consts.free_payload(payload);
        self.graph.free(c);
    }
}

fn rehash(graph: &crate::value::Graph, consts: &ConstStore, idx: u32) -> u64 {
    let d = &graph.values[idx as usize];
    let ops: smallvec::SmallVec<[u32; 8]> = if d.nops == 0 {
        smallvec::SmallVec::new()
    } else {
        graph.pool.uses[d.ops as usize..(d.ops + d.nops) as usize]
            .iter()
            .map(|u| u.val)
            .collect()
    };
    Key {
        kind: kind_of_record(d),
        ty: d.ty,
        flags: d.flags,
        a: d.a,
        b: d.b,
        ops: &ops,
        payload: consts.payload(d.c),
    }
    .hash(&consts.hasher)
}
