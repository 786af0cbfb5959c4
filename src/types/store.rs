//! The type arena and its interning tables.
//!
//! Owns [`TypeStore`]: the vector of [`TypeData`] indexed by [`Type`], the
//! direct-indexed tables for the hot small keys (`i1`..`i64`, `ptr
//! addrspace(0..16)`), one hash table per kind for every other structural
//! key, and the
//! identified-struct table (names, bodies, the context-wide rename counter).
//! It does not own the public API (that is `api.rs`, as `impl Context`) nor
//! printing (`display.rs`).
//!
//! Invariants, all maintained here and nowhere else:
//! * `data[t]` never changes once pushed, except that nothing else may ever
//!   be stored for `t` (ids are never freed or reused).
//! * Every structural type `t` other than `i1`..`i64` and `ptr
//!   addrspace(0..16)` is in exactly one per-kind table (`arrays`, `vectors`,
//!   `wide`, `literals`, `functions`, `target_exts`) under the hash of its
//!   parts, and no table holds two entries with equal keys.
//! * `small_ints[w]` is the id of `iW` for `w` in `1..=64`.
//! * `struct_names` maps a name to the identified struct holding it, and an
//!   identified struct's `name` is `Some(n)` iff `struct_names[n]` is it.
//!
//! # Records and tables
//!
//! * `Type` is a `u32` index into `Vec<TypeData>`; `TypeData` is 56 bytes and
//!   its lists are boxed slices allocated once.
//! * A parallel `flags: Vec<u8>` holds `F_SIZED` (sized for good),
//!   `F_SCALABLE` and five validity bits, so constructors check each part
//!   with one byte load (validity rules are LLVM 19's, T14; constructors
//!   panic, parsers call `is_valid_*` first).
//! * `iN` (N ≤ 64) and `ptr addrspace(a < 16)` are one array load; every
//!   other key goes to one [`ProbeTable`] per kind. `Fixed` entries (16 B)
//!   hold a fixed-shape key inline (`[N x T]` as `(T, N)`); `Hashed` entries
//!   (32 B) hold the hash, length, flag and first four ids, so keys of up to
//!   four ids compare without touching `TypeData`. No lookup allocates. (One
//!   `hashbrown` table for all kinds, comparing through `TypeData`, took
//!   125 ns an iteration of the type_unique workload against LLVM's ~140.)
//! * Identified structs are `IdentifiedStruct(i)` into `structs`
//!   (`StructInfo`, 40 B: id, name, body, packed); name and body are in no
//!   key. `create_struct` always mints a new id. Naming is LLVM 19's
//!   `setName`: a taken name gets `.N` from a context-wide counter that
//!   advances on every attempt. `set_struct_body` panics on a second body.
//!
//! Deviations, in `api.rs`: `is_sized` walks the type when `F_SIZED` is
//! clear and calls a struct met again on the path unsized (LLVM's `isSized`
//! recurses forever on `%T = type { i32, %T }`); `is_scalable` recomputes,
//! where LLVM caches a negative answer on a struct, so `{ %O }` stays "not
//! scalable" after `%O` gets a scalable body. Struct names are bytes
//! (`%"\FF"`), as LLVM's. Gaps: `TypedPointerType` is not modelled; a `dx.*` target extension type is called sized here,
//! while LLVM 19 and `layout/` lay it out as `void`.

use hashbrown::{HashMap, HashSet};

use super::table::{ProbeTable, Slot};

use super::{Type, TypeData};
use crate::entity::{ContextTag, NONE};

/// Widest integer type LLVM 19 allows (`IntegerType::MAX_INT_BITS`).
pub(crate) const MAX_INT_BITS: u32 = 1 << 23;
/// Address spaces are 24-bit in LLVM (`PointerType` stores them in 24 bits).
pub(crate) const MAX_ADDRSPACE: u32 = 1 << 24;
/// Pointer address spaces below this are found by direct indexing.
const SMALL_PTRS: usize = 16;

/// Bit in [`TypeStore::flags`]: the type is sized and will stay sized (it is
/// either closed under structural construction or an identified struct whose
/// fixed body was found sized).
pub(crate) const F_SIZED: u8 = 1 << 0;
/// Flag, meaningful only with [`F_SIZED`]: the type is scalable (LLVM
/// `isScalableTy`). Sized-for-good types reach no opaque struct, so their
/// scalability is fixed too.
pub(crate) const F_SCALABLE: u8 = 1 << 6;
/// Flag: not a valid array element (LLVM 19 `ArrayType::isValidElementType`).
pub(crate) const F_BAD_ARRAY_ELEM: u8 = 1 << 1;
/// Flag: not a valid struct element (`StructType::isValidElementType`).
pub(crate) const F_BAD_STRUCT_ELEM: u8 = 1 << 2;
/// Flag: a valid vector element (`VectorType::isValidElementType`).
pub(crate) const F_VECTOR_ELEM: u8 = 1 << 3;
/// Flag: not a valid parameter type (`FunctionType::isValidArgumentType`).
pub(crate) const F_BAD_PARAM: u8 = 1 << 4;
/// Flag: not a valid return type (`FunctionType::isValidReturnType`).
pub(crate) const F_BAD_RETURN: u8 = 1 << 5;

/// The validity flags of a type, which depend only on its kind, so that the
/// constructors check each part with one byte load. The rules are LLVM 19's:
/// * arrays reject `void`, `label`, `metadata`, functions, `token`, `x86_amx`;
/// * structs reject `void`, `label`, `metadata`, functions, `token`;
/// * vectors accept only integers, floating point and pointers;
/// * parameters must be first-class (not `void`, not a function);
/// * returns reject functions, `label` and `metadata`.
fn kind_flags(data: &TypeData) -> u8 {
    const BAD_AGG: u8 = F_BAD_ARRAY_ELEM | F_BAD_STRUCT_ELEM;
    match data {
        TypeData::Void => BAD_AGG | F_BAD_PARAM,
        TypeData::Label | TypeData::Metadata => BAD_AGG | F_BAD_RETURN,
        TypeData::Token => BAD_AGG,
        TypeData::Function { .. } => BAD_AGG | F_BAD_PARAM | F_BAD_RETURN,
        TypeData::X86Amx => F_BAD_ARRAY_ELEM,
        TypeData::X86Mmx => 0,
        TypeData::Int(_)
        | TypeData::Ptr(_)
        | TypeData::Half
        | TypeData::BFloat
        | TypeData::Float
        | TypeData::Double
        | TypeData::X86Fp80
        | TypeData::Fp128
        | TypeData::PpcFp128 => F_VECTOR_ELEM,
        TypeData::Array { .. }
        | TypeData::Vector { .. }
        | TypeData::LiteralStruct { .. }
        | TypeData::IdentifiedStruct(_)
        | TypeData::TargetExt { .. } => 0,
    }
}

/// Hash-table entry for a fixed-size key, stored inline so a hit compares
/// the key without touching the type's [`TypeData`]:
/// arrays `(elem, len)`, vectors `(elem, len << 1 | scalable)`, wide
/// integers `(width, 0)` and wide pointers `(addrspace, 1)`.
#[derive(Clone, Copy)]
struct Fixed {
    a: u32,
    id: Type,
    b: u64,
}

/// Words of a list key (struct elements; a function's return and
/// parameter types) kept inline in its table entry.
const INLINE: usize = 4; // `Hashed::probe` reads exactly this many words

/// Hash-table entry for a variable-size key (literal structs, function and
/// target extension types). The full hash is reused when the table grows.
/// A list key of at most [`INLINE`] words is compared entirely inside the
/// entry (no load of the stored [`TypeData`]); a longer one compares its
/// first words here and the rest against the payload.
#[derive(Clone, Copy)]
struct Hashed {
    hash: u64,
    /// `len << 1 | flag`: the number of words, and `packed` / `varargs`.
    tag: u32,
    /// The first `min(len, INLINE)` words of the key, zero-padded.
    words: [u32; INLINE],
    id: Type,
}

impl Hashed {
    /// The probe for the list `first` (if any) followed by `rest`.
    #[inline]
    fn probe(hash: u64, first: Option<Type>, rest: &[Type], flag: bool, id: Type) -> Hashed {
        // Fixed-index reads (no loop) so this compiles to a few loads
        // rather than a call to memcpy.
        let w = |i: usize| rest.get(i).map_or(0, |t| t.index() as u32);
        let (words, n) = match first {
            Some(f) => ([f.index() as u32, w(0), w(1), w(2)], 1),
            None => ([w(0), w(1), w(2), w(3)], 0),
        };
        let len = n + rest.len();
        Hashed {
            hash,
            tag: (len as u32) << 1 | flag as u32,
            words,
            id,
        }
    }

    /// Whether the entry's inline part equals the probe's (ids aside).
    #[inline]
    fn same_prefix(&self, probe: &Hashed) -> bool {
        self.hash == probe.hash && self.tag == probe.tag && self.words == probe.words
    }

    /// Whether the inline words are the whole key.
    #[inline]
    fn is_complete(&self) -> bool {
        (self.tag >> 1) as usize <= INLINE
    }
}

impl Slot for Fixed {
    const EMPTY: Fixed = Fixed {
        a: NONE,
        id: Type::NONE,
        b: 0,
    };
    #[inline]
    fn is_empty(&self) -> bool {
        self.id == Type::NONE
    }
    fn hash(&self) -> u64 {
        hash_fixed(self.a, self.b)
    }
}

impl Slot for Hashed {
    const EMPTY: Hashed = Hashed {
        hash: 0,
        tag: 0,
        words: [0; INLINE],
        id: Type::NONE,
    };
    #[inline]
    fn is_empty(&self) -> bool {
        self.id == Type::NONE
    }
    fn hash(&self) -> u64 {
        self.hash
    }
}

const K1: u64 = 0x9e37_79b9_7f4a_7c15;
const K2: u64 = 0xf135_7aea_2e62_a9c5;

/// One 64x64->128 multiply folded to 64 bits: mixes every input bit into
/// both ends of the result (hashbrown takes the bucket from the low bits
/// and its tag from the top seven).
#[inline]
fn fold_mul(x: u64, k: u64) -> u64 {
    let m = (x as u128) * (k as u128);
    (m as u64) ^ ((m >> 64) as u64)
}

#[inline]
fn hash_fixed(a: u32, b: u64) -> u64 {
    fold_mul(fold_mul(a as u64 ^ K2, K1) ^ b, K2)
}

/// Hashes `seed` and a list of ids, two ids per multiply.
#[inline]
fn hash_types(seed: u64, ts: &[Type]) -> u64 {
    let mut h = fold_mul(seed ^ ts.len() as u64, K1);
    let mut pairs = ts.chunks_exact(2);
    for p in &mut pairs {
        h = fold_mul(h ^ ((p[0].index() as u64) << 32 | p[1].index() as u64), K2);
    }
    if let [last] = pairs.remainder() {
        h = fold_mul(h ^ last.index() as u64, K1);
    }
    h
}

fn hash_target_ext(name: &str, ts: &[Type], ints: &[u32]) -> u64 {
    let mut h = hash_types(0x7e57, ts);
    for chunk in name.as_bytes().chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = fold_mul(h ^ u64::from_le_bytes(w), K2);
    }
    for &i in ints {
        h = fold_mul(h ^ i as u64, K1);
    }
    fold_mul(h ^ name.len() as u64, K2)
}

/// One identified struct: its id, name and (once set) body.
pub(crate) struct StructInfo {
    pub(crate) ty: Type,
    pub(crate) name: Option<Box<[u8]>>,
    /// `None` while opaque.
    pub(crate) body: Option<Box<[Type]>>,
    pub(crate) packed: bool,
}

/// The type arena of a [`Context`](crate::Context): every type ever made in
/// it, the interning tables and the identified structs.
pub(crate) struct TypeStore {
    /// Payload of each type, indexed by [`Type::index`].
    data: Vec<TypeData>,
    /// Per-type flag bits (`F_*`), parallel to `data`.
    flags: Vec<u8>,
    /// `[N x T]` by `(T, N)`.
    arrays: ProbeTable<Fixed>,
    /// `<N x T>` / `<vscale x N x T>` by `(T, N << 1 | scalable)`.
    vectors: ProbeTable<Fixed>,
    /// Integers wider than 64 bits and pointers in address spaces from 16 on.
    wide: ProbeTable<Fixed>,
    /// Literal structs.
    literals: ProbeTable<Hashed>,
    /// Function types.
    functions: ProbeTable<Hashed>,
    /// Target extension types.
    target_exts: ProbeTable<Hashed>,
    /// `small_ints[w]` = `iW` for `w` in `1..=64` (index 0 unused).
    small_ints: [Type; 65],
    /// `ptr addrspace(a)` for small `a`, or [`NONE`] until first requested.
    small_ptrs: [u32; SMALL_PTRS],
    /// Identified structs in creation order; `IdentifiedStruct(i)` is `structs[i]`.
    pub(crate) structs: Vec<StructInfo>,
    /// Context-wide struct symbol table.
    struct_names: HashMap<Box<[u8]>, Type>,
    /// LLVM's `NamedStructTypesUniqueID`: the suffix counter for collisions.
    rename_counter: u32,
    /// The context's tag, which debug builds put in every id minted here.
    tag: ContextTag,
    pub(crate) prim: Primitives,
}

/// Ids of the pre-interned primitive types.
#[derive(Clone, Copy)]
pub(crate) struct Primitives {
    pub(crate) void: Type,
    pub(crate) label: Type,
    pub(crate) metadata: Type,
    pub(crate) token: Type,
    pub(crate) half: Type,
    pub(crate) bfloat: Type,
    pub(crate) float: Type,
    pub(crate) double: Type,
    pub(crate) x86_fp80: Type,
    pub(crate) fp128: Type,
    pub(crate) ppc_fp128: Type,
    pub(crate) x86_amx: Type,
    pub(crate) x86_mmx: Type,
    pub(crate) i128: Type,
    pub(crate) ptr0: Type,
}

impl TypeStore {
    pub(crate) fn new(tag: ContextTag) -> Self {
        let placeholder = Type::NONE;
        let mut s = TypeStore {
            data: Vec::with_capacity(128),
            flags: Vec::with_capacity(128),
            arrays: ProbeTable::new(),
            vectors: ProbeTable::new(),
            wide: ProbeTable::new(),
            literals: ProbeTable::new(),
            functions: ProbeTable::new(),
            target_exts: ProbeTable::new(),
            small_ints: [placeholder; 65],
            small_ptrs: [NONE; SMALL_PTRS],
            structs: Vec::new(),
            struct_names: HashMap::new(),
            rename_counter: 0,
            tag,
            prim: Primitives {
                void: placeholder,
                label: placeholder,
                metadata: placeholder,
                token: placeholder,
                half: placeholder,
                bfloat: placeholder,
                float: placeholder,
                double: placeholder,
                x86_fp80: placeholder,
                fp128: placeholder,
                ppc_fp128: placeholder,
                x86_amx: placeholder,
                x86_mmx: placeholder,
                i128: placeholder,
                ptr0: placeholder,
            },
        };
        s.prim.void = s.push(TypeData::Void, 0);
        s.prim.label = s.push(TypeData::Label, 0);
        s.prim.metadata = s.push(TypeData::Metadata, 0);
        s.prim.token = s.push(TypeData::Token, 0);
        s.prim.half = s.push(TypeData::Half, F_SIZED);
        s.prim.bfloat = s.push(TypeData::BFloat, F_SIZED);
        s.prim.float = s.push(TypeData::Float, F_SIZED);
        s.prim.double = s.push(TypeData::Double, F_SIZED);
        s.prim.x86_fp80 = s.push(TypeData::X86Fp80, F_SIZED);
        s.prim.fp128 = s.push(TypeData::Fp128, F_SIZED);
        s.prim.ppc_fp128 = s.push(TypeData::PpcFp128, F_SIZED);
        s.prim.x86_amx = s.push(TypeData::X86Amx, F_SIZED);
        for w in 1..=64u32 {
            s.small_ints[w as usize] = s.push(TypeData::Int(w), F_SIZED);
        }
        s.prim.i128 = s.int(128);
        s.prim.ptr0 = s.ptr(0);
        s.prim.x86_mmx = s.push(TypeData::X86Mmx, F_SIZED);
        s
    }

    fn push(&mut self, data: TypeData, flags: u8) -> Type {
        let t = Type::mint(self.data.len(), self.tag);
        self.flags.push(flags | kind_flags(&data));
        self.data.push(data);
        t
    }

    /// Number of types minted (type ids are below it).
    pub(crate) fn len(&self) -> usize {
        self.data.len()
    }

    /// The payload of `ty`.
    ///
    /// # Panics
    /// If `ty` was not made by this store (an id from another context).
    #[inline]
    pub(crate) fn data(&self, ty: Type) -> &TypeData {
        match self.data.get(ty.index()) {
            Some(d) if ty.tag_matches(self.tag) => d,
            _ => foreign(ty),
        }
    }

    /// The `F_*` flags of `ty`.
    ///
    /// # Panics
    /// As [`data`](Self::data).
    #[inline]
    pub(crate) fn flags(&self, ty: Type) -> u8 {
        match self.flags.get(ty.index()) {
            Some(&f) if ty.tag_matches(self.tag) => f,
            _ => foreign(ty),
        }
    }

    /// `iW`, `w` already checked to be in range.
    #[inline]
    pub(crate) fn int(&mut self, w: u32) -> Type {
        if w <= 64 {
            self.small_ints[w as usize]
        } else {
            self.fixed_wide(w, 0, TypeData::Int(w))
        }
    }

    /// `iW` for `w` in `1..=64`.
    #[inline]
    pub(crate) fn small_int(&self, w: u32) -> Type {
        self.small_ints[w as usize]
    }

    /// `ptr` (address space 0) when it is made already.
    #[inline]
    pub(crate) fn ptr0_made(&self) -> Option<Type> {
        let slot = self.small_ptrs[0];
        (slot != NONE).then(|| Type::from_raw(slot))
    }

    /// `ptr addrspace(a)`, `a` already checked to be in range.
    #[inline]
    pub(crate) fn ptr(&mut self, a: u32) -> Type {
        if (a as usize) < SMALL_PTRS {
            let slot = self.small_ptrs[a as usize];
            if slot != NONE {
                return Type::from_raw(slot);
            }
            let t = self.push(TypeData::Ptr(a), F_SIZED);
            self.small_ptrs[a as usize] = t.raw();
            t
        } else {
            self.fixed_wide(a, 1, TypeData::Ptr(a))
        }
    }

    fn fixed_wide(&mut self, a: u32, b: u64, data: TypeData) -> Type {
        let hash = hash_fixed(a, b);
        if let Some(e) = self.wide.find(hash, |e| e.a == a && e.b == b) {
            return e.id;
        }
        let id = self.push(data, F_SIZED);
        self.wide.insert(hash, Fixed { a, id, b });
        id
    }

    /// `[len x elem]`, `elem` already checked.
    #[inline]
    pub(crate) fn array(&mut self, elem: Type, len: u64) -> Type {
        let a = elem.index() as u32;
        let hash = hash_fixed(a, len);
        if let Some(e) = self.arrays.find(hash, |e| e.a == a && e.b == len) {
            return e.id;
        }
        self.new_array(elem, len, hash)
    }

    /// Mints the array type [`array`](Self::array) did not find. Out of
    /// line, so that a hit runs in a small frame (no register saves).
    #[cold]
    #[inline(never)]
    fn new_array(&mut self, elem: Type, len: u64, hash: u64) -> Type {
        let a = elem.index() as u32;
        let flags = self.flags(elem) & (F_SIZED | F_SCALABLE);
        let id = self.push(TypeData::Array { elem, len }, flags);
        self.arrays.insert(hash, Fixed { a, id, b: len });
        id
    }

    /// The vector type `<len x elem>` if it was ever made.
    pub(crate) fn find_vector(&self, elem: Type, len: u32, scalable: bool) -> Option<Type> {
        let a = elem.index() as u32;
        let b = (len as u64) << 1 | scalable as u64;
        self.vectors
            .find(hash_fixed(a, b), |e| e.a == a && e.b == b)
            .map(|e| e.id)
    }

    /// A vector, `elem` and `len` already checked.
    #[inline]
    pub(crate) fn vector(&mut self, elem: Type, len: u32, scalable: bool) -> Type {
        let a = elem.index() as u32;
        let b = (len as u64) << 1 | scalable as u64;
        let hash = hash_fixed(a, b);
        if let Some(e) = self.vectors.find(hash, |e| e.a == a && e.b == b) {
            return e.id;
        }
        let id = self.push(
            TypeData::Vector {
                elem,
                len,
                scalable,
            },
            if scalable {
                F_SIZED | F_SCALABLE
            } else {
                F_SIZED
            },
        );
        self.vectors.insert(hash, Fixed { a, id, b });
        id
    }

    /// A literal struct, elements already checked. A hit allocates nothing.
    #[inline]
    pub(crate) fn literal_struct(&mut self, elems: &[Type], packed: bool) -> Type {
        let hash = hash_types(0x5757 ^ packed as u64, elems);
        let probe = Hashed::probe(hash, None, elems, packed, Type::NONE);
        let data = &self.data;
        let hit = self.literals.find(hash, |e| {
            e.same_prefix(&probe)
                && (e.is_complete()
                    || matches!(&data[e.id.index()],
                        TypeData::LiteralStruct { elems: es, .. } if **es == *elems))
        });
        if let Some(e) = hit {
            return e.id;
        }
        self.new_literal_struct(elems, packed, probe)
    }

    /// Mints the literal struct [`literal_struct`](Self::literal_struct)
    /// did not find (`probe` its table entry). Out of line, so that a hit
    /// runs in a small frame.
    #[cold]
    #[inline(never)]
    fn new_literal_struct(&mut self, elems: &[Type], packed: bool, probe: Hashed) -> Type {
        let hash = probe.hash;
        let flags = self.body_flags(elems);
        let id = self.push(
            TypeData::LiteralStruct {
                elems: elems.into(),
                packed,
            },
            flags,
        );
        self.literals.insert(hash, Hashed { id, ..probe });
        id
    }

    /// A function type, parts already checked. A hit allocates nothing.
    #[inline]
    pub(crate) fn function(&mut self, ret: Type, params: &[Type], varargs: bool) -> Type {
        let hash = hash_types((ret.index() as u64) << 1 | varargs as u64, params);
        let probe = Hashed::probe(hash, Some(ret), params, varargs, Type::NONE);
        let data = &self.data;
        let hit = self.functions.find(hash, |e| {
            e.same_prefix(&probe)
                && (e.is_complete()
                    || matches!(&data[e.id.index()],
                        TypeData::Function { params: ps, .. } if **ps == *params))
        });
        if let Some(e) = hit {
            return e.id;
        }
        self.new_function(ret, params, varargs, probe)
    }

    /// Mints the function type [`function`](Self::function) did not find
    /// (`probe` its table entry). Out of line, so that a hit runs in a
    /// small frame.
    #[cold]
    #[inline(never)]
    fn new_function(&mut self, ret: Type, params: &[Type], varargs: bool, probe: Hashed) -> Type {
        let hash = probe.hash;
        let id = self.push(
            TypeData::Function {
                ret,
                params: params.into(),
                varargs,
            },
            0,
        );
        self.functions.insert(hash, Hashed { id, ..probe });
        id
    }

    /// A target extension type. A hit allocates nothing.
    pub(crate) fn target_ext(&mut self, name: &str, types: &[Type], ints: &[u32]) -> Type {
        let hash = hash_target_ext(name, types, ints);
        let data = &self.data;
        let hit = self.target_exts.find(hash, |e| {
            e.hash == hash
                && matches!(&data[e.id.index()],
                    TypeData::TargetExt { name: n, types: ts, ints: is }
                        if **n == *name && **ts == *types && **is == *ints)
        });
        if let Some(e) = hit {
            return e.id;
        }
        let flags = match (
            target_ext_layout_sized(name),
            target_ext_layout_scalable(name),
        ) {
            (true, true) => F_SIZED | F_SCALABLE,
            (true, false) => F_SIZED,
            _ => 0,
        };
        let data = TypeData::TargetExt {
            name: name.into(),
            types: types.into(),
            ints: ints.into(),
        };
        let id = self.push(data, flags);
        self.target_exts
            .insert(hash, Hashed::probe(hash, None, &[], false, id));
        id
    }

    /// The permanent flags of a struct body: `F_SIZED | F_SCALABLE` if its
    /// elements are all the same scalable vector, `F_SIZED` if every element
    /// is sized for good and none is scalable (LLVM 19's rule), else none
    /// (maybe unsized now, maybe sized once some opaque struct gets a body).
    pub(crate) fn body_flags(&self, es: &[Type]) -> u8 {
        if self.is_homogeneous_scalable(es) {
            return F_SIZED | F_SCALABLE;
        }
        let all_sized = es
            .iter()
            .all(|&e| self.flags(e) & (F_SIZED | F_SCALABLE) == F_SIZED);
        if all_sized {
            F_SIZED
        } else {
            0
        }
    }

    /// LLVM 19 `containsHomogeneousScalableVectorTypes`: non-empty, first
    /// element a scalable vector, all elements the same type.
    pub(crate) fn is_homogeneous_scalable(&self, es: &[Type]) -> bool {
        match es.first() {
            Some(&first) => {
                matches!(self.data(first), TypeData::Vector { scalable: true, .. })
                    && es.iter().all(|&e| e == first)
            }
            None => false,
        }
    }

    /// LLVM 19 `Type::isScalableTy` with a visited set of identified structs.
    pub(crate) fn is_scalable_walk(&self, ty: Type, visited: &mut HashSet<u32>) -> bool {
        let f = self.flags(ty);
        if f & F_SIZED != 0 {
            return f & F_SCALABLE != 0;
        }
        match self.data(ty) {
            TypeData::Vector { scalable, .. } => *scalable,
            TypeData::Array { elem, .. } => {
                crate::stack::deep(|| self.is_scalable_walk(*elem, visited))
            }
            TypeData::LiteralStruct { elems, .. } => elems
                .iter()
                .any(|&e| crate::stack::deep(|| self.is_scalable_walk(e, visited))),
            TypeData::IdentifiedStruct(i) => {
                if !visited.insert(*i) {
                    return false;
                }
                match &self.structs[*i as usize].body {
                    Some(body) => body
                        .iter()
                        .any(|&e| crate::stack::deep(|| self.is_scalable_walk(e, visited))),
                    None => false,
                }
            }
            TypeData::TargetExt { name, .. } => target_ext_layout_scalable(name),
            _ => false,
        }
    }

    /// Records the permanent flags of a type found sized: an identified
    /// struct whose body was just set (see [`body_flags`](Self::body_flags)),
    /// or any type `Context::is_sized_memo` walked.
    pub(crate) fn set_sized_forever(&mut self, ty: Type, scalable: bool) {
        self.flags[ty.index()] |= if scalable {
            F_SIZED | F_SCALABLE
        } else {
            F_SIZED
        };
    }

    // ---- identified structs ----

    /// Mints a new opaque identified struct, named per LLVM's rules.
    pub(crate) fn create_struct(&mut self, name: &[u8]) -> Type {
        let i = self.structs.len() as u32;
        let t = self.push(TypeData::IdentifiedStruct(i), 0);
        self.structs.push(StructInfo {
            ty: t,
            name: None,
            body: None,
            packed: false,
        });
        self.set_struct_name(i, name);
        t
    }

    /// LLVM 19 `StructType::setName`: same name is a no-op; "" removes the
    /// name; a taken name gets `.<counter>` appended (the counter is
    /// context-wide and advances on every try) until the result is free.
    pub(crate) fn set_struct_name(&mut self, i: u32, name: &[u8]) {
        let info = &self.structs[i as usize];
        if info.name.as_deref().unwrap_or(b"") == name {
            return;
        }
        let ty = info.ty;
        let new_name: Box<[u8]> = if name.is_empty() {
            // Removal only.
            if let Some(old) = self.structs[i as usize].name.take() {
                self.struct_names.remove(&old);
            }
            return;
        } else if !self.struct_names.contains_key(name) {
            name.into()
        } else {
            let mut candidate = Vec::with_capacity(name.len() + 4);
            loop {
                candidate.clear();
                candidate.extend_from_slice(name);
                candidate.push(b'.');
                candidate.extend_from_slice(self.rename_counter.to_string().as_bytes());
                self.rename_counter = self.rename_counter.wrapping_add(1);
                if !self.struct_names.contains_key(&candidate[..]) {
                    break candidate.into_boxed_slice();
                }
            }
        };
        // The old entry stays in the table while the new one is chosen (as in
        // LLVM), so a struct never takes a suffix to avoid its own name.
        if let Some(old) = self.structs[i as usize].name.take() {
            self.struct_names.remove(&old);
        }
        self.struct_names.insert(new_name.clone(), ty);
        self.structs[i as usize].name = Some(new_name);
    }

    pub(crate) fn struct_by_name(&self, name: &[u8]) -> Option<Type> {
        self.struct_names.get(name).copied()
    }
}

#[cold]
#[inline(never)]
fn foreign(ty: Type) -> ! {
    panic!("{ty:?} is from another context")
}

/// Whether LLVM 19's layout type for a target extension type is sized:
/// `spirv.*` and `dx.*` lay out as `ptr`, `aarch64.svcount` as
/// `<vscale x 16 x i1>`; every other name lays out as `void` (unsized).
pub(crate) fn target_ext_layout_sized(name: &str) -> bool {
    name.starts_with("spirv.") || name.starts_with("dx.") || name == "aarch64.svcount"
}

/// Whether LLVM 19's layout type for a target extension type is scalable.
pub(crate) fn target_ext_layout_scalable(name: &str) -> bool {
    name == "aarch64.svcount"
}
