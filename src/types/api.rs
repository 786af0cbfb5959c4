//! The public type API of [`Context`]: constructors, validity predicates,
//! identified structs and queries.
//!
//! Owns the checks LLVM 19 makes before building a type (element validity,
//! integer width and address-space ranges) and the type predicates. It does
//! not own storage or interning (`store.rs`) nor printing (`display.rs`).

use super::store::{
    F_BAD_ARRAY_ELEM, F_BAD_PARAM, F_BAD_RETURN, F_BAD_STRUCT_ELEM, F_SCALABLE, F_SIZED,
    F_VECTOR_ELEM, MAX_ADDRSPACE, MAX_INT_BITS,
};
use super::{Type, TypeData};
use crate::Context;

/// # Types: primitive types
///
/// The types every context pre-interns: O(1), no hashing.
impl Context {
    /// `void`
    #[inline]
    pub fn void_type(&self) -> Type {
        self.types.prim.void
    }
    /// `label`
    #[inline]
    pub fn label_type(&self) -> Type {
        self.types.prim.label
    }
    /// `metadata`
    #[inline]
    pub fn metadata_type(&self) -> Type {
        self.types.prim.metadata
    }
    /// `token`
    #[inline]
    pub fn token_type(&self) -> Type {
        self.types.prim.token
    }
    /// `half` (IEEE binary16)
    #[inline]
    pub fn half_type(&self) -> Type {
        self.types.prim.half
    }
    /// `bfloat` (brain float 16)
    #[inline]
    pub fn bfloat_type(&self) -> Type {
        self.types.prim.bfloat
    }
    /// `float` (IEEE binary32)
    #[inline]
    pub fn float_type(&self) -> Type {
        self.types.prim.float
    }
    /// `double` (IEEE binary64)
    #[inline]
    pub fn double_type(&self) -> Type {
        self.types.prim.double
    }
    /// `x86_fp80` (x87 80-bit extended)
    #[inline]
    pub fn x86_fp80_type(&self) -> Type {
        self.types.prim.x86_fp80
    }
    /// `fp128` (IEEE binary128)
    #[inline]
    pub fn fp128_type(&self) -> Type {
        self.types.prim.fp128
    }
    /// `ppc_fp128` (PowerPC double-double)
    #[inline]
    pub fn ppc_fp128_type(&self) -> Type {
        self.types.prim.ppc_fp128
    }
    /// `x86_amx` (AMX tile)
    #[inline]
    pub fn x86_amx_type(&self) -> Type {
        self.types.prim.x86_amx
    }
    /// `x86_mmx` (MMX register, 64 bits; LLVM 19 only)
    #[inline]
    pub fn x86_mmx_type(&self) -> Type {
        self.types.prim.x86_mmx
    }
    /// `i1`
    #[inline]
    pub fn i1_type(&self) -> Type {
        self.types.small_int(1)
    }
    /// `i8`
    #[inline]
    pub fn i8_type(&self) -> Type {
        self.types.small_int(8)
    }
    /// `i16`
    #[inline]
    pub fn i16_type(&self) -> Type {
        self.types.small_int(16)
    }
    /// `i32`
    #[inline]
    pub fn i32_type(&self) -> Type {
        self.types.small_int(32)
    }
    /// `i64`
    #[inline]
    pub fn i64_type(&self) -> Type {
        self.types.small_int(64)
    }
    /// `i128`
    #[inline]
    pub fn i128_type(&self) -> Type {
        self.types.prim.i128
    }
    /// `ptr` (address space 0).
    #[inline]
    pub fn ptr0_type(&self) -> Type {
        self.types.prim.ptr0
    }
}

/// # Types: structural types
///
/// Integer, pointer, array, vector, literal struct, function and target
/// extension types: uniqued, equal arguments give the same id.
impl Context {
    /// `iN`. Widths up to 64 are a table lookup; wider ones are hashed.
    ///
    /// # Panics
    /// If `bits` is outside `1..=8388608` (LLVM's `MIN_INT_BITS..=MAX_INT_BITS`),
    /// with the message "integer width N out of range 1..=8388608". Use
    /// [`try_int_type`](Self::try_int_type) to check first.
    #[inline]
    pub fn int_type(&mut self, bits: u32) -> Type {
        match self.try_int_type(bits) {
            Some(t) => t,
            None => panic!("integer width {bits} out of range 1..={MAX_INT_BITS}"),
        }
    }

    /// `iN`, or `None` if `bits` is outside `1..=8388608`.
    #[inline]
    pub fn try_int_type(&mut self, bits: u32) -> Option<Type> {
        if (1..=MAX_INT_BITS).contains(&bits) {
            Some(self.types.int(bits))
        } else {
            None
        }
    }

    /// `ptr` or `ptr addrspace(N)`. Pointers are opaque (LLVM 19); the
    /// address space is the only parameter. Spaces below 16 are a table
    /// lookup.
    ///
    /// # Panics
    /// If `addrspace >= 2^24`, with the message "address space N out of range
    /// (must be below 16777216)".
    #[inline]
    pub fn ptr_type(&mut self, addrspace: u32) -> Type {
        if addrspace >= MAX_ADDRSPACE {
            panic!("address space {addrspace} out of range (must be below {MAX_ADDRSPACE})");
        }
        self.types.ptr(addrspace)
    }

    /// `[len x elem]`.
    ///
    /// # Panics
    /// If `elem` is not a valid array element
    /// ([`is_valid_array_element`](Self::is_valid_array_element)), with the
    /// message "invalid array element type T".
    pub fn array_type(&mut self, elem: Type, len: u64) -> Type {
        if !self.is_valid_array_element(elem) {
            self.bad_type("invalid array element type", elem);
        }
        self.types.array(elem, len)
    }

    /// `<len x elem>` (a fixed-length vector).
    ///
    /// # Panics
    /// If `elem` is not a valid vector element
    /// ([`is_valid_vector_element`](Self::is_valid_vector_element)): "invalid
    /// vector element type T"; if `len` is 0: "vector length must be nonzero".
    pub fn vector_type(&mut self, elem: Type, len: u32) -> Type {
        self.check_vector(elem, len);
        self.types.vector(elem, len, false)
    }

    /// Interns `<n x i32>` (`<vscale x n x i32>` when `scalable`): the type
    /// of a shufflevector mask of `n` lanes (`n` of 0 makes nothing).
    pub(crate) fn intern_mask_type(&mut self, n: u32, scalable: bool) {
        if n > 0 {
            let i32t = self.i32_type();
            self.types.vector(i32t, n, scalable);
        }
    }

    /// The vector type `<n x elem>` (scalable when `scalable`) if it was
    /// ever made.
    pub(crate) fn find_vector_type(&self, elem: Type, n: u32, scalable: bool) -> Option<Type> {
        self.types.find_vector(elem, n, scalable)
    }

    /// `<vscale x min_len x elem>` (a scalable vector).
    ///
    /// # Panics
    /// As [`vector_type`](Self::vector_type).
    pub fn scalable_vector_type(&mut self, elem: Type, min_len: u32) -> Type {
        self.check_vector(elem, min_len);
        self.types.vector(elem, min_len, true)
    }

    #[cold]
    #[inline(never)]
    fn bad_type(&self, what: &str, ty: Type) -> ! {
        panic!("{what} {}", ty.display(self))
    }

    #[inline]
    fn check_vector(&self, elem: Type, len: u32) {
        if !self.is_valid_vector_element(elem) {
            self.bad_type("invalid vector element type", elem);
        }
        if len == 0 {
            panic!("vector length must be nonzero");
        }
    }

    /// A literal (structural) struct `{ elems }`, or `<{ elems }>` if
    /// `packed`. A hit hashes the element list without allocating.
    ///
    /// # Panics
    /// If an element is not a valid struct element
    /// ([`is_valid_struct_element`](Self::is_valid_struct_element)): "invalid
    /// struct element type T".
    pub fn struct_type(&mut self, elems: &[Type], packed: bool) -> Type {
        self.check_struct_elems(elems);
        self.types.literal_struct(elems, packed)
    }

    #[inline]
    fn check_struct_elems(&self, elems: &[Type]) {
        for &e in elems {
            if !self.is_valid_struct_element(e) {
                self.bad_type("invalid struct element type", e);
            }
        }
    }

    /// `ret (params)` or `ret (params, ...)` if `varargs`.
    ///
    /// # Panics
    /// "invalid function return type T" if `ret` fails
    /// [`is_valid_return_type`](Self::is_valid_return_type); "invalid function
    /// parameter type T" if a parameter fails
    /// [`is_valid_param_type`](Self::is_valid_param_type).
    pub fn function_type(&mut self, ret: Type, params: &[Type], varargs: bool) -> Type {
        if !self.is_valid_return_type(ret) {
            self.bad_type("invalid function return type", ret);
        }
        for &p in params {
            if !self.is_valid_param_type(p) {
                self.bad_type("invalid function parameter type", p);
            }
        }
        self.types.function(ret, params, varargs)
    }

    /// `target("name", types..., ints...)`, a target extension type. LLVM 19
    /// puts no constraint on the parameters here; layout properties of the
    /// names LLVM knows (`spirv.*`, `dx.*`, `aarch64.svcount`) are reflected
    /// by [`is_sized`](Self::is_sized) and [`is_scalable`](Self::is_scalable).
    pub fn target_ext_type(&mut self, name: &str, types: &[Type], ints: &[u32]) -> Type {
        self.types.target_ext(name, types, ints)
    }
}

/// # Types: validity
///
/// LLVM 19's `isValidElementType` and friends; the constructors panic
/// where these say `false`, so parsers call them first.
impl Context {
    /// LLVM 19 `ArrayType::isValidElementType`: anything but `void`, `label`,
    /// `metadata`, a function type, `token` or `x86_amx`. Opaque structs and
    /// scalable vectors are accepted.
    #[inline]
    pub fn is_valid_array_element(&self, ty: Type) -> bool {
        self.types.flags(ty) & F_BAD_ARRAY_ELEM == 0
    }

    /// LLVM 19 `VectorType::isValidElementType`: an integer (`i1` included),
    /// a floating-point type, or a pointer.
    #[inline]
    pub fn is_valid_vector_element(&self, ty: Type) -> bool {
        self.types.flags(ty) & F_VECTOR_ELEM != 0
    }

    /// LLVM 19 `StructType::isValidElementType`: anything but `void`,
    /// `label`, `metadata`, a function type or `token`.
    #[inline]
    pub fn is_valid_struct_element(&self, ty: Type) -> bool {
        self.types.flags(ty) & F_BAD_STRUCT_ELEM == 0
    }

    /// LLVM 19 `FunctionType::isValidArgumentType`: a first-class type (not
    /// `void`, not a function type).
    #[inline]
    pub fn is_valid_param_type(&self, ty: Type) -> bool {
        self.types.flags(ty) & F_BAD_PARAM == 0
    }

    /// LLVM 19 `FunctionType::isValidReturnType`: anything but a function
    /// type, `label` or `metadata`.
    #[inline]
    pub fn is_valid_return_type(&self, ty: Type) -> bool {
        self.types.flags(ty) & F_BAD_RETURN == 0
    }
}

/// # Types: identified structs
///
/// Named or unnamed structs: nominal, created opaque, given a body once,
/// possibly recursive.
impl Context {
    /// Creates a new identified struct, opaque until
    /// [`set_struct_body`](Self::set_struct_body). Every call mints a new
    /// type. An empty `name` makes an unnamed struct; a name already taken
    /// in this context gets LLVM's suffix `.N` from a context-wide counter
    /// (`"Foo"`, `"Foo.0"`, `"Foo.1"`, then `"Foo.0"` becomes `"Foo.0.2"`).
    /// Names are bytes, as LLVM's: `&str` and `&[u8]` both do.
    pub fn create_struct(&mut self, name: impl AsRef<[u8]>) -> Type {
        self.types.create_struct(name.as_ref())
    }

    /// Creates a new identified struct and sets its body in one go.
    ///
    /// # Panics
    /// As [`set_struct_body`](Self::set_struct_body).
    pub fn create_struct_with_body(
        &mut self,
        name: impl AsRef<[u8]>,
        elems: &[Type],
        packed: bool,
    ) -> Type {
        self.check_struct_elems(elems);
        let t = self.create_struct(name);
        self.set_struct_body(t, elems, packed);
        t
    }

    fn struct_index(&self, ty: Type, what: &str) -> u32 {
        match self.type_data(ty) {
            TypeData::IdentifiedStruct(i) => *i,
            _ => panic!("{what}: {} is not an identified struct", ty.display(self)),
        }
    }

    /// Gives an opaque identified struct its body. The elements may refer to
    /// the struct itself (recursive types).
    ///
    /// # Panics
    /// "set_struct_body: T is not an identified struct"; "struct body already
    /// set for T" (LLVM asserts the same: a body is set once); "invalid
    /// struct element type T".
    pub fn set_struct_body(&mut self, ty: Type, elems: &[Type], packed: bool) {
        let i = self.struct_index(ty, "set_struct_body");
        if self.types.structs[i as usize].body.is_some() {
            panic!("struct body already set for {}", ty.display(self));
        }
        self.check_struct_elems(elems);
        let info = &mut self.types.structs[i as usize];
        info.body = Some(elems.into());
        info.packed = packed;
        // The body is now fixed for good, so a positive answer is permanent.
        if self.is_sized(ty) {
            let scalable = self.types.is_homogeneous_scalable(elems);
            self.types.set_sized_forever(ty, scalable);
        }
    }

    /// Renames an identified struct with LLVM 19's `setName` rules: the same
    /// name is a no-op, `""` removes the name (the struct stays identified),
    /// a taken name gets the context-wide `.N` suffix.
    ///
    /// # Panics
    /// "set_struct_name: T is not an identified struct".
    pub fn set_struct_name(&mut self, ty: Type, name: impl AsRef<[u8]>) {
        let i = self.struct_index(ty, "set_struct_name");
        self.types.set_struct_name(i, name.as_ref());
    }

    /// The identified struct named `name` (bytes; `&str` does) in this
    /// context.
    pub fn struct_by_name(&self, name: impl AsRef<[u8]>) -> Option<Type> {
        self.types.struct_by_name(name.as_ref())
    }

    /// The name of an identified struct as text; `None` if unnamed, not an
    /// identified struct, or not UTF-8 (names are bytes:
    /// [`struct_name_bytes`](Self::struct_name_bytes) has every name).
    pub fn struct_name(&self, ty: Type) -> Option<&str> {
        self.struct_name_bytes(ty)
            .and_then(|n| core::str::from_utf8(n).ok())
    }

    /// The name of an identified struct as bytes (LLVM's names are bytes:
    /// `%"\FF"` is `[0xFF]`); `None` if unnamed or not an identified struct.
    pub fn struct_name_bytes(&self, ty: Type) -> Option<&[u8]> {
        match self.type_data(ty) {
            TypeData::IdentifiedStruct(i) => self.types.structs[*i as usize].name.as_deref(),
            _ => None,
        }
    }

    /// Whether `ty` is a struct (literal or identified).
    pub fn is_struct(&self, ty: Type) -> bool {
        matches!(
            self.type_data(ty),
            TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_)
        )
    }

    /// Whether `ty` is an identified struct that has no body (yet).
    pub fn is_opaque_struct(&self, ty: Type) -> bool {
        match self.type_data(ty) {
            TypeData::IdentifiedStruct(i) => self.types.structs[*i as usize].body.is_none(),
            _ => false,
        }
    }

    /// Whether `ty` is a literal (structural) struct.
    pub fn is_literal_struct(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::LiteralStruct { .. })
    }

    /// Whether `ty` is an identified struct (named or not, opaque or not).
    pub fn is_identified_struct(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::IdentifiedStruct(_))
    }

    /// Whether `ty` is a packed struct (`<{ ... }>`). Opaque structs are not.
    pub fn is_packed_struct(&self, ty: Type) -> bool {
        match self.type_data(ty) {
            TypeData::LiteralStruct { packed, .. } => *packed,
            TypeData::IdentifiedStruct(i) => self.types.structs[*i as usize].packed,
            _ => false,
        }
    }

    /// The elements of a literal struct or of an identified struct with a
    /// body; `None` for opaque structs and non-structs.
    pub fn struct_elements(&self, ty: Type) -> Option<&[Type]> {
        match self.type_data(ty) {
            TypeData::LiteralStruct { elems, .. } => Some(elems),
            TypeData::IdentifiedStruct(i) => self.types.structs[*i as usize].body.as_deref(),
            _ => None,
        }
    }

    /// LLVM 19 `StructType::isLayoutIdentical`: the same struct, or two
    /// structs with equal packedness and identical element lists (element
    /// types compared by id). Two opaque structs count as empty, so they are
    /// identical. `false` if either is not a struct.
    pub fn struct_layout_identical(&self, a: Type, b: Type) -> bool {
        if a == b {
            return self.is_struct(a);
        }
        if !self.is_struct(a) || !self.is_struct(b) {
            return false;
        }
        self.is_packed_struct(a) == self.is_packed_struct(b)
            && self.struct_elements(a).unwrap_or(&[]) == self.struct_elements(b).unwrap_or(&[])
    }

    /// Every identified struct of this context, in creation order.
    pub fn identified_structs(&self) -> impl Iterator<Item = Type> + '_ {
        self.types.structs.iter().map(|s| s.ty)
    }

    /// Number of identified structs created in this context.
    pub fn num_identified_structs(&self) -> usize {
        self.types.structs.len()
    }
}

/// # Types: queries
///
/// What a type is: its data, width, element and contained types, sizedness.
impl Context {
    /// The kind and parameters of `ty`. For an identified struct this is
    /// [`TypeData::IdentifiedStruct`]; its name and body are read with
    /// [`struct_name`](Self::struct_name) and
    /// [`struct_elements`](Self::struct_elements).
    ///
    /// # Panics
    /// If `ty` was made by another context ("Type(N) is from another
    /// context"): always when its index is out of range, and in debug builds
    /// (whose type ids carry the context's tag) also when it is in range.
    #[inline]
    pub fn type_data(&self, ty: Type) -> &TypeData {
        self.types.data(ty)
    }

    /// Whether `ty` is `iN` for some N.
    #[inline]
    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Int(_))
    }

    /// The width of an integer type.
    #[inline]
    pub fn int_width(&self, ty: Type) -> Option<u32> {
        match self.type_data(ty) {
            TypeData::Int(w) => Some(*w),
            _ => None,
        }
    }

    /// Whether `ty` is one of the seven floating-point types (`half`,
    /// `bfloat`, `float`, `double`, `x86_fp80`, `fp128`, `ppc_fp128`).
    #[inline]
    pub fn is_fp(&self, ty: Type) -> bool {
        matches!(
            self.type_data(ty),
            TypeData::Half
                | TypeData::BFloat
                | TypeData::Float
                | TypeData::Double
                | TypeData::X86Fp80
                | TypeData::Fp128
                | TypeData::PpcFp128
        )
    }

    /// Whether `ty` is a pointer (any address space).
    #[inline]
    pub fn is_ptr(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Ptr(_))
    }

    /// The address space of a pointer type.
    #[inline]
    pub fn ptr_addrspace(&self, ty: Type) -> Option<u32> {
        match self.type_data(ty) {
            TypeData::Ptr(a) => Some(*a),
            _ => None,
        }
    }

    /// Whether `ty` is a vector (fixed or scalable).
    #[inline]
    pub fn is_vector(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Vector { .. })
    }

    /// Whether `ty` is an array type.
    #[inline]
    pub fn is_array(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Array { .. })
    }

    /// Whether `ty` is a function type.
    #[inline]
    pub fn is_function(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Function { .. })
    }

    /// Whether `ty` is a target extension type.
    #[inline]
    pub fn is_target_ext(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::TargetExt { .. })
    }

    /// Whether `ty` is an aggregate: an array or a struct (LLVM's
    /// `isAggregateType`; vectors are not aggregates).
    #[inline]
    pub fn is_aggregate(&self, ty: Type) -> bool {
        matches!(
            self.type_data(ty),
            TypeData::Array { .. } | TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_)
        )
    }

    /// Whether `ty` is first-class: anything but `void` and function types.
    #[inline]
    pub fn is_first_class(&self, ty: Type) -> bool {
        !matches!(
            self.type_data(ty),
            TypeData::Void | TypeData::Function { .. }
        )
    }

    /// LLVM's `isSingleValueType`: integer, floating point, `x86_amx`, `x86_mmx`,
    /// pointer, vector or target extension type.
    pub fn is_single_value(&self, ty: Type) -> bool {
        self.is_fp(ty)
            || matches!(
                self.type_data(ty),
                TypeData::Int(_)
                    | TypeData::Ptr(_)
                    | TypeData::Vector { .. }
                    | TypeData::X86Amx
                    | TypeData::X86Mmx
                    | TypeData::TargetExt { .. }
            )
    }

    /// Whether `ty` is `void`.
    #[inline]
    pub fn is_void(&self, ty: Type) -> bool {
        ty == self.types.prim.void
    }
    /// Whether `ty` is `label`.
    #[inline]
    pub fn is_label(&self, ty: Type) -> bool {
        ty == self.types.prim.label
    }
    /// Whether `ty` is `metadata`.
    #[inline]
    pub fn is_metadata(&self, ty: Type) -> bool {
        ty == self.types.prim.metadata
    }
    /// Whether `ty` is `token`.
    #[inline]
    pub fn is_token(&self, ty: Type) -> bool {
        ty == self.types.prim.token
    }

    /// The element type of a vector, else `ty` itself (LLVM `getScalarType`).
    #[inline]
    pub fn scalar_type(&self, ty: Type) -> Type {
        match self.type_data(ty) {
            TypeData::Vector { elem, .. } => *elem,
            _ => ty,
        }
    }

    /// Whether `ty` is an integer or a vector of integers.
    pub fn is_int_or_int_vector(&self, ty: Type) -> bool {
        self.is_integer(self.scalar_type(ty))
    }

    /// Whether `ty` is floating point or a vector of floating point.
    pub fn is_fp_or_fp_vector(&self, ty: Type) -> bool {
        self.is_fp(self.scalar_type(ty))
    }

    /// Whether `ty` is a pointer or a vector of pointers.
    pub fn is_ptr_or_ptr_vector(&self, ty: Type) -> bool {
        self.is_ptr(self.scalar_type(ty))
    }

    /// The element type of an array or vector.
    #[inline]
    pub fn element_type(&self, ty: Type) -> Option<Type> {
        match self.type_data(ty) {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// The (minimum) length of a vector and whether it is scalable.
    #[inline]
    pub fn vector_len(&self, ty: Type) -> Option<(u32, bool)> {
        match self.type_data(ty) {
            TypeData::Vector { len, scalable, .. } => Some((*len, *scalable)),
            _ => None,
        }
    }

    /// The length of an array.
    #[inline]
    pub fn array_len(&self, ty: Type) -> Option<u64> {
        match self.type_data(ty) {
            TypeData::Array { len, .. } => Some(*len),
            _ => None,
        }
    }

    /// `(return type, parameter types, varargs)` of a function type.
    pub fn function_parts(&self, ty: Type) -> Option<(Type, &[Type], bool)> {
        match self.type_data(ty) {
            TypeData::Function {
                ret,
                params,
                varargs,
            } => Some((*ret, params, *varargs)),
            _ => None,
        }
    }

    /// `(name, type parameters, integer parameters)` of a target extension
    /// type.
    pub fn target_ext_parts(&self, ty: Type) -> Option<(&str, &[Type], &[u32])> {
        match self.type_data(ty) {
            TypeData::TargetExt { name, types, ints } => Some((name, types, ints)),
            _ => None,
        }
    }

    /// The types `ty` is made of, as LLVM's `subtypes()`: a function's return
    /// type then its parameters; an array's or vector's element; a struct's
    /// elements (none while opaque); a target extension type's type
    /// parameters. Pointers and primitives contain none.
    pub fn contained_types(&self, ty: Type) -> impl ExactSizeIterator<Item = Type> + '_ {
        let (first, rest): (Option<Type>, &[Type]) = match self.type_data(ty) {
            TypeData::Function { ret, params, .. } => (Some(*ret), params),
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => (Some(*elem), &[]),
            TypeData::LiteralStruct { elems, .. } => (None, elems),
            TypeData::IdentifiedStruct(i) => (
                None,
                self.types.structs[*i as usize]
                    .body
                    .as_deref()
                    .unwrap_or(&[]),
            ),
            TypeData::TargetExt { types, .. } => (None, types),
            _ => (None, &[]),
        };
        ContainedTypes {
            first,
            rest: rest.iter(),
        }
    }

    /// Number of contained types (see [`contained_types`](Self::contained_types)).
    pub fn num_contained_types(&self, ty: Type) -> usize {
        self.contained_types(ty).len()
    }

    /// Contained type `i` (see [`contained_types`](Self::contained_types)).
    pub fn contained_type(&self, ty: Type, i: usize) -> Option<Type> {
        self.contained_types(ty).nth(i)
    }

    /// Whether `ty` has a size (LLVM 19 `isSized`): integers, floating point,
    /// `x86_amx`, pointers; arrays and vectors of sized types; structs whose
    /// elements are all sized and not scalable, or whose elements are all
    /// the same scalable vector; target extension types whose layout type is
    /// sized. Opaque structs, and anything containing one, are unsized.
    ///
    /// Unlike LLVM's API (which can recurse forever, T15), this terminates on
    /// recursive structs: a struct that contains itself (directly or through
    /// other structs or arrays) is unsized, as LLVM's parser decides with its
    /// visited set. O(1) for types built from sized parts (a flag set at
    /// interning or `set_struct_body`); otherwise one walk of the type graph.
    #[inline]
    pub fn is_sized(&self, ty: Type) -> bool {
        self.types.flags(ty) & F_SIZED != 0 || self.is_sized_by_walk(ty)
    }

    /// For a type sized for good (its flag set: built from sized parts, or
    /// an identified struct whose body was found sized), whether it is
    /// scalable (LLVM `isScalableTy`), from one byte; `None` for any other
    /// type, sized or not.
    #[inline]
    pub(crate) fn scalable_if_sized_for_good(&self, ty: Type) -> Option<bool> {
        let f = self.types.flags(ty);
        (f & F_SIZED != 0).then_some(f & F_SCALABLE != 0)
    }

    /// [`is_sized`](Self::is_sized) of a type without the flag: one walk.
    #[inline(never)]
    fn is_sized_by_walk(&self, ty: Type) -> bool {
        let mut memo = hashbrown::HashMap::new();
        self.sized_walk(ty, &mut memo)
    }

    /// [`is_sized`](Self::is_sized), remembering a positive answer in the
    /// type's flags (bodies are set once, so a sized type stays sized):
    /// the next query of `ty` is O(1). For the parser, which asks about
    /// the same GEP source and alloca types over and over.
    pub(crate) fn is_sized_memo(&mut self, ty: Type) -> bool {
        if self.types.flags(ty) & F_SIZED != 0 {
            return true;
        }
        if !self.is_sized(ty) {
            return false;
        }
        let scalable = self.is_scalable(ty);
        self.types.set_sized_forever(ty, scalable);
        true
    }

    /// `memo[struct index]`: `None` while in progress on the current path,
    /// then the answer.
    fn sized_walk(&self, ty: Type, memo: &mut hashbrown::HashMap<u32, Option<bool>>) -> bool {
        if self.types.flags(ty) & F_SIZED != 0 {
            return true;
        }
        match self.type_data(ty) {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                crate::stack::deep(|| self.sized_walk(*elem, memo))
            }
            TypeData::LiteralStruct { elems, .. } => self.struct_sized(elems, memo),
            TypeData::IdentifiedStruct(i) => {
                let Some(body) = &self.types.structs[*i as usize].body else {
                    return false;
                };
                match memo.get(i) {
                    Some(Some(answer)) => return *answer,
                    Some(None) => return false, // a cycle: LLVM's visited set says unsized
                    None => {}
                }
                memo.insert(*i, None);
                let answer = self.struct_sized(body, memo);
                memo.insert(*i, Some(answer));
                answer
            }
            _ => false, // void, label, metadata, token, function, unsized target types
        }
    }

    fn struct_sized(
        &self,
        elems: &[Type],
        memo: &mut hashbrown::HashMap<u32, Option<bool>>,
    ) -> bool {
        if self.types.is_homogeneous_scalable(elems) {
            return true;
        }
        elems
            .iter()
            .all(|&e| !self.is_scalable(e) && self.sized_walk(e, memo))
    }

    /// Whether `ty` is or contains a scalable vector (LLVM 19
    /// `isScalableTy`): scalable vectors, `target("aarch64.svcount")`, and
    /// arrays and structs containing one. Terminates on recursive structs.
    pub fn is_scalable(&self, ty: Type) -> bool {
        match self.type_data(ty) {
            TypeData::Vector { scalable, .. } => *scalable,
            TypeData::Int(_) | TypeData::Ptr(_) => false,
            _ => {
                let mut visited = hashbrown::HashSet::new();
                self.types.is_scalable_walk(ty, &mut visited)
            }
        }
    }
}

/// Iterator of [`Context::contained_types`].
struct ContainedTypes<'a> {
    first: Option<Type>,
    rest: core::slice::Iter<'a, Type>,
}

impl Iterator for ContainedTypes<'_> {
    type Item = Type;
    fn next(&mut self) -> Option<Type> {
        match self.first.take() {
            Some(t) => Some(t),
            None => self.rest.next().copied(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.first.is_some() as usize + self.rest.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for ContainedTypes<'_> {}

/// # Types: equality across contexts
///
/// Structural comparison of types of two contexts (the type-equality seed).
impl Context {
    /// The type shaped as `shape` (which may come from another context's
    /// [`type_data`](Context::type_data)) in this context, with each
    /// contained type passed through `map` first, in
    /// [`contained_types`](Context::contained_types) order: the one constructor a
    /// copy between contexts needs, so that a new kind of type is taught
    /// to copies here and nowhere else. `None` for an identified struct,
    /// which is nominal: the caller decides its name and creates it.
    pub fn type_with_parts(
        &mut self,
        shape: &TypeData,
        mut map: impl FnMut(&mut Self, Type) -> Type,
    ) -> Option<Type> {
        let mut all = |ctx: &mut Self, ts: &[Type]| -> Vec<Type> {
            ts.iter().map(|&t| map(ctx, t)).collect()
        };
        Some(match shape {
            TypeData::Void => self.void_type(),
            TypeData::Label => self.label_type(),
            TypeData::Metadata => self.metadata_type(),
            TypeData::Token => self.token_type(),
            TypeData::Half => self.half_type(),
            TypeData::BFloat => self.bfloat_type(),
            TypeData::Float => self.float_type(),
            TypeData::Double => self.double_type(),
            TypeData::X86Fp80 => self.x86_fp80_type(),
            TypeData::Fp128 => self.fp128_type(),
            TypeData::PpcFp128 => self.ppc_fp128_type(),
            TypeData::X86Amx => self.x86_amx_type(),
            TypeData::X86Mmx => self.x86_mmx_type(),
            TypeData::Int(w) => self.int_type(*w),
            TypeData::Ptr(a) => self.ptr_type(*a),
            TypeData::Array { elem, len } => {
                let e = all(self, core::slice::from_ref(elem))[0];
                self.array_type(e, *len)
            }
            TypeData::Vector {
                elem,
                len,
                scalable,
            } => {
                let e = all(self, core::slice::from_ref(elem))[0];
                if *scalable {
                    self.scalable_vector_type(e, *len)
                } else {
                    self.vector_type(e, *len)
                }
            }
            TypeData::LiteralStruct { elems, packed } => {
                let es = all(self, elems);
                self.struct_type(&es, *packed)
            }
            TypeData::Function {
                ret,
                params,
                varargs,
            } => {
                let r = all(self, core::slice::from_ref(ret))[0];
                let ps = all(self, params);
                self.function_type(r, &ps, *varargs)
            }
            TypeData::TargetExt { name, types, ints } => {
                let ts = all(self, types);
                self.target_ext_type(name, &ts, ints)
            }
            TypeData::IdentifiedStruct(_) => return None,
        })
    }

    /// Whether type `a` of this context and type `b` of `other` have the
    /// same structure: equal primitives; literal types with isomorphic
    /// parts; identified structs with equal packedness and isomorphic
    /// bodies, names ignored (an opaque struct matches only an opaque
    /// struct). Recursive structs are compared coinductively: a pair of
    /// structs already under comparison is assumed to match, so
    /// `%A = { %A* }`-style cycles terminate. This is the identity
    /// `IRMover` needs to merge `%struct.Point` and `%struct.Point.1`, and
    /// unlike `isLayoutIdentical` it looks through element structs
    /// (`{ %Point }` and `{ %Pair }` match when the two bodies do).
    /// `other` may be `self`.
    pub fn types_isomorphic(&self, a: Type, other: &Context, b: Type) -> bool {
        let mut assumed = hashbrown::HashSet::new();
        self.iso(a, other, b, &mut assumed)
    }

    fn iso(
        &self,
        a: Type,
        other: &Context,
        b: Type,
        assumed: &mut hashbrown::HashSet<(u32, u32)>,
    ) -> bool {
        let all = |this: &Self, xs: &[Type], ys: &[Type], assumed: &mut _| {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .zip(ys)
                    .all(|(&x, &y)| this.iso(x, other, y, assumed))
        };
        match (self.type_data(a), other.type_data(b)) {
            (TypeData::Array { elem: x, len: n }, TypeData::Array { elem: y, len: m }) => {
                n == m && crate::stack::deep(|| self.iso(*x, other, *y, assumed))
            }
            (
                TypeData::Vector {
                    elem: x,
                    len: n,
                    scalable: s,
                },
                TypeData::Vector {
                    elem: y,
                    len: m,
                    scalable: t,
                },
            ) => n == m && s == t && crate::stack::deep(|| self.iso(*x, other, *y, assumed)),
            (
                TypeData::LiteralStruct {
                    elems: xs,
                    packed: p,
                },
                TypeData::LiteralStruct {
                    elems: ys,
                    packed: q,
                },
            ) => p == q && all(self, xs, ys, assumed),
            (
                TypeData::Function {
                    ret: r,
                    params: xs,
                    varargs: v,
                },
                TypeData::Function {
                    ret: s,
                    params: ys,
                    varargs: w,
                },
            ) => {
                v == w
                    && crate::stack::deep(|| self.iso(*r, other, *s, assumed))
                    && all(self, xs, ys, assumed)
            }
            (
                TypeData::TargetExt {
                    name: n,
                    types: xs,
                    ints: is,
                },
                TypeData::TargetExt {
                    name: m,
                    types: ys,
                    ints: js,
                },
            ) => n == m && is == js && all(self, xs, ys, assumed),
            (TypeData::IdentifiedStruct(i), TypeData::IdentifiedStruct(j)) => {
                if !assumed.insert((*i, *j)) {
                    return true;
                }
                let x = &self.types.structs[*i as usize];
                let y = &other.types.structs[*j as usize];
                match (&x.body, &y.body) {
                    (None, None) => true,
                    (Some(xs), Some(ys)) => x.packed == y.packed && all(self, xs, ys, assumed),
                    _ => false,
                }
            }
            (da, db) => {
                !matches!(
                    da,
                    TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_)
                ) && da == db
            }
        }
    }
}
