//! The type arena and its interning tables.
//!
//! Owns [`TypeStore`]: the vector of [`TypeData`] indexed by [`Type`], the
//! direct-indexed tables for the hot small keys (`i1`..`i64`, `ptr
//! addrspace(0..16)`), the hash table for every other structural key, and the
//! identified-struct table (names, bodies, the context-wide rename counter).
//! It does not own the public API (that is `api.rs`, as `impl Context`) nor
//! printing (`display.rs`).
//!
//! Invariants, all maintained here and nowhere else:
//! * `data[t]` never changes once pushed, except that nothing else may ever
//!   be stored for `t` (ids are never freed or reused).
//! * For every structural (non-identified) entry `t`, `table` holds `t` under
//!   `hash_key(Key::of(&data[t]))`, and no two entries have equal keys.
//! * `small_ints[w]` is the id of `iW` for `w` in `1..=64`.
//! * `struct_names` maps a name to the identified struct holding it, and an
//!   identified struct's `name` is `Some(n)` iff `struct_names[n]` is it.

use hashbrown::{HashMap, HashTable};

use super::{Type, TypeData};
use crate::entity::NONE;

/// Widest integer type LLVM 19 allows (`IntegerType::MAX_INT_BITS`).
pub(crate) const MAX_INT_BITS: u32 = 1 << 23;
/// Address spaces are 24-bit in LLVM (`PointerType` stores them in 24 bits).
pub(crate) const MAX_ADDRSPACE: u32 = 1 << 24;
/// Pointer address spaces below this are found by direct indexing.
const SMALL_PTRS: usize = 16;

/// Bit in [`TypeStore::flags`]: the type is sized and will stay sized (it is
/// either closed under structural construction or an identified struct whose
/// fixed body was found sized).
pub(crate) const F_SIZED: u8 = 1;

/// A borrowed, allocation-free view of a structural type's key. Hashing and
/// comparing a key never allocates, so an interning hit costs one hash of the
/// parts and one comparison against the stored [`TypeData`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Key<'a> {
    Int(u32),
    Ptr(u32),
    Array(Type, u64),
    Vector(Type, u32, bool),
    Struct(&'a [Type], bool),
    Function(Type, &'a [Type], bool),
    TargetExt(&'a str, &'a [Type], &'a [u32]),
}

impl<'a> Key<'a> {
    /// The key of a stored structural type; `None` for primitives and
    /// identified structs, which are not in the hash table.
    fn of(data: &'a TypeData) -> Option<Key<'a>> {
        Some(match data {
            TypeData::Int(w) => Key::Int(*w),
            TypeData::Ptr(a) => Key::Ptr(*a),
            TypeData::Array { elem, len } => Key::Array(*elem, *len),
            TypeData::Vector {
                elem,
                len,
                scalable,
            } => Key::Vector(*elem, *len, *scalable),
            TypeData::LiteralStruct { elems, packed } => Key::Struct(elems, *packed),
            TypeData::Function {
                ret,
                params,
                varargs,
            } => Key::Function(*ret, params, *varargs),
            TypeData::TargetExt { name, types, ints } => Key::TargetExt(name, types, ints),
            _ => return None,
        })
    }

    /// The owned payload for a key that missed.
    fn to_data(self) -> TypeData {
        match self {
            Key::Int(w) => TypeData::Int(w),
            Key::Ptr(a) => TypeData::Ptr(a),
            Key::Array(elem, len) => TypeData::Array { elem, len },
            Key::Vector(elem, len, scalable) => TypeData::Vector {
                elem,
                len,
                scalable,
            },
            Key::Struct(elems, packed) => TypeData::LiteralStruct {
                elems: elems.into(),
                packed,
            },
            Key::Function(ret, params, varargs) => TypeData::Function {
                ret,
                params: params.into(),
                varargs,
            },
            Key::TargetExt(name, types, ints) => TypeData::TargetExt {
                name: name.into(),
                types: types.into(),
                ints: ints.into(),
            },
        }
    }

    /// A cheap multiplicative hash of the parts (the rustc-hash scheme:
    /// add-then-multiply per word, rotate at the end so the well-mixed high
    /// bits land where hashbrown takes its bucket index).
    fn hash(self) -> u64 {
        #[inline]
        fn mix(h: u64, x: u64) -> u64 {
            h.wrapping_add(x).wrapping_mul(0xf135_7aea_2e62_a9c5)
        }
        fn types(mut h: u64, ts: &[Type]) -> u64 {
            h = mix(h, ts.len() as u64);
            for t in ts {
                h = mix(h, t.index() as u64);
            }
            h
        }
        let h = match self {
            Key::Int(w) => mix(1, w as u64),
            Key::Ptr(a) => mix(2, a as u64),
            Key::Array(e, n) => mix(mix(3, e.index() as u64), n),
            Key::Vector(e, n, s) => mix(mix(4, e.index() as u64), (n as u64) << 1 | s as u64),
            Key::Struct(es, p) => types(mix(5, p as u64), es),
            Key::Function(r, ps, v) => types(mix(mix(6, v as u64), r.index() as u64), ps),
            Key::TargetExt(name, ts, is) => {
                let mut h = types(mix(7, name.len() as u64), ts);
                for b in name.bytes() {
                    h = mix(h, b as u64);
                }
                for i in is {
                    h = mix(h, *i as u64);
                }
                h
            }
        };
        h.rotate_left(26)
    }
}

/// One identified struct: its id, name and (once set) body.
pub(crate) struct StructInfo {
    pub(crate) ty: Type,
    pub(crate) name: Option<Box<str>>,
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
    /// Structural types other than the direct-indexed ones.
    table: HashTable<Type>,
    /// `small_ints[w]` = `iW` for `w` in `1..=64` (index 0 unused).
    small_ints: [Type; 65],
    /// `ptr addrspace(a)` for small `a`, or [`NONE`] until first requested.
    small_ptrs: [u32; SMALL_PTRS],
    /// Identified structs in creation order; `IdentifiedStruct(i)` is `structs[i]`.
    pub(crate) structs: Vec<StructInfo>,
    /// Context-wide struct symbol table.
    struct_names: HashMap<Box<str>, Type>,
    /// LLVM's `NamedStructTypesUniqueID`: the suffix counter for collisions.
    rename_counter: u32,
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
    pub(crate) i128: Type,
    pub(crate) ptr0: Type,
}

impl TypeStore {
    pub(crate) fn new() -> Self {
        let placeholder = Type::from_index(0);
        let mut s = TypeStore {
            data: Vec::with_capacity(128),
            flags: Vec::with_capacity(128),
            table: HashTable::with_capacity(64),
            small_ints: [placeholder; 65],
            small_ptrs: [NONE; SMALL_PTRS],
            structs: Vec::new(),
            struct_names: HashMap::new(),
            rename_counter: 0,
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
            s.small_ints[w as usize] = s.intern(Key::Int(w));
        }
        s.prim.i128 = s.intern(Key::Int(128));
        s.prim.ptr0 = s.ptr(0);
        s
    }

    fn push(&mut self, data: TypeData, flags: u8) -> Type {
        let t = Type::from_index(self.data.len());
        self.data.push(data);
        self.flags.push(flags);
        t
    }

    /// The payload of `ty`.
    ///
    /// # Panics
    /// If `ty` was not made by this store (an id from another context).
    #[inline]
    pub(crate) fn data(&self, ty: Type) -> &TypeData {
        match self.data.get(ty.index()) {
            Some(d) => d,
            None => panic!("{ty:?} does not belong to this context"),
        }
    }

    #[inline]
    pub(crate) fn flags(&self, ty: Type) -> u8 {
        self.flags[ty.index()]
    }

    /// `iW`, `w` already checked to be in range.
    #[inline]
    pub(crate) fn int(&mut self, w: u32) -> Type {
        if w <= 64 {
            self.small_ints[w as usize]
        } else {
            self.intern(Key::Int(w))
        }
    }

    /// `iW` if it exists already (no interning).
    #[inline]
    pub(crate) fn small_int(&self, w: u32) -> Type {
        self.small_ints[w as usize]
    }

    /// `ptr addrspace(a)`, `a` already checked to be in range.
    #[inline]
    pub(crate) fn ptr(&mut self, a: u32) -> Type {
        if (a as usize) < SMALL_PTRS {
            let slot = self.small_ptrs[a as usize];
            if slot != NONE {
                return Type::from_index(slot as usize);
            }
            let t = self.intern(Key::Ptr(a));
            self.small_ptrs[a as usize] = t.index() as u32;
            t
        } else {
            self.intern(Key::Ptr(a))
        }
    }

    /// The id of the structural type `key`, minting it on first request.
    /// The caller has checked the key's validity.
    pub(crate) fn intern(&mut self, key: Key<'_>) -> Type {
        let hash = key.hash();
        let data = &self.data;
        if let Some(&t) = self
            .table
            .find(hash, |&t| Key::of(&data[t.index()]) == Some(key))
        {
            return t;
        }
        let flags = self.structural_flags(key);
        let t = self.push(key.to_data(), flags);
        let data = &self.data;
        self.table.insert_unique(hash, t, |&u| {
            Key::of(&data[u.index()])
                .expect("only structural types are in the table")
                .hash()
        });
        t
    }

    /// Flags of a new structural type, from its parts' flags.
    fn structural_flags(&self, key: Key<'_>) -> u8 {
        let sized = match key {
            Key::Int(_) | Key::Ptr(_) => true,
            Key::Array(e, _) | Key::Vector(e, _, _) => self.flags(e) & F_SIZED != 0,
            Key::Struct(es, _) => self.elems_sized_forever(es),
            Key::Function(..) => false,
            Key::TargetExt(name, ..) => target_ext_layout_sized(name),
        };
        if sized {
            F_SIZED
        } else {
            0
        }
    }

    /// Whether a struct body with these elements is sized for good: LLVM's
    /// rule (homogeneous scalable vectors are sized; otherwise no scalable
    /// member and every member sized), using only the permanent flags.
    pub(crate) fn elems_sized_forever(&self, es: &[Type]) -> bool {
        if self.is_homogeneous_scalable(es) {
            return true;
        }
        es.iter()
            .all(|&e| self.flags(e) & F_SIZED != 0 && !self.is_scalable_closed(e))
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

    /// Scalability of a type already known to be sized for good. Such a type
    /// reaches no identified struct except through sized bodies, so the walk
    /// in `api.rs` is exact; it is short because flagged types are small in
    /// practice. Kept separate so interning stays independent of the API.
    fn is_scalable_closed(&self, ty: Type) -> bool {
        let mut visited = Vec::new();
        self.is_scalable_walk(ty, &mut visited)
    }

    /// LLVM 19 `Type::isScalableTy` with a visited set of identified structs.
    pub(crate) fn is_scalable_walk(&self, ty: Type, visited: &mut Vec<u32>) -> bool {
        match self.data(ty) {
            TypeData::Vector { scalable, .. } => *scalable,
            TypeData::Array { elem, .. } => self.is_scalable_walk(*elem, visited),
            TypeData::LiteralStruct { elems, .. } => {
                elems.iter().any(|&e| self.is_scalable_walk(e, visited))
            }
            TypeData::IdentifiedStruct(i) => {
                if visited.contains(i) {
                    return false;
                }
                visited.push(*i);
                match &self.structs[*i as usize].body {
                    Some(body) => body.iter().any(|&e| self.is_scalable_walk(e, visited)),
                    None => false,
                }
            }
            TypeData::TargetExt { name, .. } => target_ext_layout_scalable(name),
            _ => false,
        }
    }

    /// Marks a type as sized for good.
    pub(crate) fn set_sized_forever(&mut self, ty: Type) {
        self.flags[ty.index()] |= F_SIZED;
    }

    // ---- identified structs ----

    /// Mints a new opaque identified struct, named per LLVM's rules.
    pub(crate) fn create_struct(&mut self, name: &str) -> Type {
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
    pub(crate) fn set_struct_name(&mut self, i: u32, name: &str) {
        let info = &self.structs[i as usize];
        if info.name.as_deref().unwrap_or("") == name {
            return;
        }
        let ty = info.ty;
        let new_name: Box<str> = if name.is_empty() {
            // Removal only.
            if let Some(old) = self.structs[i as usize].name.take() {
                self.struct_names.remove(&old);
            }
            return;
        } else if !self.struct_names.contains_key(name) {
            name.into()
        } else {
            let mut candidate = String::with_capacity(name.len() + 4);
            loop {
                candidate.clear();
                candidate.push_str(name);
                candidate.push('.');
                candidate.push_str(&self.rename_counter.to_string());
                self.rename_counter = self.rename_counter.wrapping_add(1);
                if !self.struct_names.contains_key(candidate.as_str()) {
                    break candidate.into_boxed_str();
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

    pub(crate) fn struct_by_name(&self, name: &str) -> Option<Type> {
        self.struct_names.get(name).copied()
    }
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
