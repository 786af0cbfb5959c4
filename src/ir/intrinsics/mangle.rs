//! Names of overloaded intrinsics: LLVM 19's `Intrinsic::getName` and the
//! type mangling it appends (`getMangledTypeStr`).
//!
//! Owns the mangling and the per-module numbering of names that mangle an
//! unnamed struct (`Module::getUniqueIntrinsicName`: such a name gets
//! `.N`, one N per function type). O(size of the types) per name. Names
//! are bytes, as value names are: an identified struct mangles as its
//! name's bytes (`s_<name>s`), UTF-8 or not.

use super::IntrinsicId;
use crate::ir::Module;
use crate::types::{Type, TypeData};
use crate::Context;
use hashbrown::HashMap;

/// A module's numbering of intrinsic names that mangle unnamed types
/// (LLVM's `Module::UniquedIntrinsicNames` and `CurrentIntrinsicIds`).
#[derive(Default)]
pub(crate) struct UniqueNames {
    /// The suffix given to each (intrinsic, function type).
    by_proto: HashMap<(IntrinsicId, Type), u32>,
    /// The next suffix to try for each base name.
    next: HashMap<Vec<u8>, u32>,
}

/// # Intrinsics: names
///
/// The mangled names of overloaded intrinsics.
impl Context {
    /// The name of intrinsic `id` with overload types `overloads` in module
    /// `m` (`Intrinsic::getName`): the base name, then `.` and the mangling
    /// of each overload type (`llvm.memcpy.p0.p0.i64`, `llvm.umax.v4i32`,
    /// `llvm.masked.load.nxv4f32.p0`, `llvm.ssa.copy.s_struct.Ss`). A name
    /// that mangles an unnamed struct gets a `.N` suffix unique in `m` per
    /// function type (`fn_ty`, or the intrinsic's type for `overloads`).
    ///
    /// # Panics
    ///
    /// If `overloads` is not empty for an intrinsic that is not
    /// overloaded, an overload type has no mangling (`label`, `token`),
    /// or the name is not UTF-8 (an overload struct's name is not:
    /// [`intrinsic_name_bytes`](Context::intrinsic_name_bytes) gives it).
    pub fn intrinsic_name(
        &mut self,
        id: IntrinsicId,
        overloads: &[Type],
        m: Module,
        fn_ty: Option<Type>,
    ) -> String {
        let name = self.intrinsic_name_bytes(id, overloads, m, fn_ty);
        String::from_utf8(name).unwrap_or_else(|e| {
            panic!(
                "Context::intrinsic_name: the name of {id} is not UTF-8 ({}): use intrinsic_name_bytes",
                crate::ir::shown(e.as_bytes())
            )
        })
    }

    /// [`intrinsic_name`](Context::intrinsic_name) as bytes, as LLVM's
    /// names are: an identified struct mangles as its name's bytes.
    ///
    /// # Panics
    ///
    /// As `intrinsic_name`, a name that is not UTF-8 aside.
    pub fn intrinsic_name_bytes(
        &mut self,
        id: IntrinsicId,
        overloads: &[Type],
        m: Module,
        fn_ty: Option<Type>,
    ) -> Vec<u8> {
        let (name, unnamed) = self.mangled_name(id, overloads);
        if !unnamed {
            return name;
        }
        let fn_ty = fn_ty.unwrap_or_else(|| self.intrinsic_type(id, overloads));
        self.unique_intrinsic_name(m, name, id, fn_ty)
    }

    /// The name [`intrinsic_name`](Context::intrinsic_name) would give
    /// now, without numbering a new function type in `m`: what the
    /// verifier compares a declaration's name with (LLVM's verifier calls
    /// `Intrinsic::getName`, which numbers the type on the way; the number
    /// it would give is the same).
    ///
    /// # Panics
    ///
    /// As `intrinsic_name`.
    pub(crate) fn intrinsic_name_unrecorded(
        &self,
        id: IntrinsicId,
        overloads: &[Type],
        m: Module,
        fn_ty: Type,
    ) -> Vec<u8> {
        let (base, unnamed) = self.mangled_name(id, overloads);
        if !unnamed {
            return base;
        }
        let u = &self.modules[m.index()].unique_intrinsics;
        let encode = |n: u32| numbered(&base, n);
        if let Some(&n) = u.by_proto.get(&(id, fn_ty)) {
            return encode(n);
        }
        let mut count = u.next.get(&base).copied().unwrap_or(0);
        loop {
            let name = encode(count);
            let Some(g) = self.global_by_name(m, &name) else {
                return name;
            };
            if self.global_data(g).value_type == Some(fn_ty) {
                return name;
            }
            count += 1;
        }
    }

    /// [`intrinsic_name`](Context::intrinsic_name) for overload types
    /// without unnamed structs, which needs no module
    /// (`Intrinsic::getNameNoUnnamedTypes`).
    ///
    /// # Panics
    ///
    /// As `intrinsic_name`, and if an overload type contains an unnamed
    /// struct.
    pub fn intrinsic_name_no_unnamed(&self, id: IntrinsicId, overloads: &[Type]) -> String {
        let (name, unnamed) = self.mangled_name(id, overloads);
        assert!(
            !unnamed,
            "Context::intrinsic_name_no_unnamed: {} mangles an unnamed struct",
            crate::ir::shown(&name)
        );
        String::from_utf8(name).unwrap_or_else(|e| {
            panic!(
                "Context::intrinsic_name_no_unnamed: {} is not UTF-8",
                crate::ir::shown(e.as_bytes())
            )
        })
    }

    /// Whether `t` has a mangling (contains no `label` or `token`, on
    /// which LLVM's `getMangledTypeStr` crashes).
    pub(crate) fn has_mangling(&self, t: Type) -> bool {
        match self.type_data(t) {
            TypeData::Label | TypeData::Token => false,
            // Mangled by name: the body does not matter.
            TypeData::IdentifiedStruct(_) => true,
            _ => self.contained_types(t).all(|c| self.has_mangling(c)),
        }
    }

    /// The base name and manglings, and whether an unnamed struct was met.
    fn mangled_name(&self, id: IntrinsicId, overloads: &[Type]) -> (Vec<u8>, bool) {
        assert!(
            overloads.is_empty() || id.is_overloaded(),
            "Context::intrinsic_name: {id} is not overloaded, given {} overload types",
            overloads.len()
        );
        let mut out = id.name().as_bytes().to_vec();
        let mut unnamed = false;
        for &t in overloads {
            out.push(b'.');
            self.mangle_type(t, &mut out, &mut unnamed);
        }
        (out, unnamed)
    }

    /// Appends `getMangledTypeStr(t)`.
    fn mangle_type(&self, t: Type, out: &mut Vec<u8>, unnamed: &mut bool) {
        // Writing to a `Vec` cannot fail.
        use std::io::Write;
        match self.type_data(t) {
            TypeData::Ptr(a) => {
                let _ = write!(out, "p{a}");
            }
            TypeData::Array { elem, len } => {
                let _ = write!(out, "a{len}");
                crate::stack::deep(|| self.mangle_type(*elem, out, unnamed));
            }
            TypeData::IdentifiedStruct(_) => {
                out.extend_from_slice(b"s_");
                match self.struct_name_bytes(t) {
                    Some(n) if !n.is_empty() => out.extend_from_slice(n),
                    _ => *unnamed = true,
                }
                out.push(b's');
            }
            TypeData::LiteralStruct { elems, .. } => {
                out.extend_from_slice(b"sl_");
                for &e in elems.iter() {
                    crate::stack::deep(|| self.mangle_type(e, out, unnamed));
                }
                out.push(b's');
            }
            TypeData::Function {
                ret,
                params,
                varargs,
            } => {
                out.extend_from_slice(b"f_");
                crate::stack::deep(|| self.mangle_type(*ret, out, unnamed));
                for &p in params.iter() {
                    crate::stack::deep(|| self.mangle_type(p, out, unnamed));
                }
                if *varargs {
                    out.extend_from_slice(b"vararg");
                }
                out.push(b'f');
            }
            TypeData::Vector {
                elem,
                len,
                scalable,
            } => {
                if *scalable {
                    out.extend_from_slice(b"nx");
                }
                let _ = write!(out, "v{len}");
                crate::stack::deep(|| self.mangle_type(*elem, out, unnamed));
            }
            TypeData::TargetExt { name, types, ints } => {
                out.push(b't');
                out.extend_from_slice(name.as_bytes());
                for &p in types.iter() {
                    out.push(b'_');
                    crate::stack::deep(|| self.mangle_type(p, out, unnamed));
                }
                for i in ints.iter() {
                    let _ = write!(out, "_{i}");
                }
                out.push(b't');
            }
            TypeData::Void => out.extend_from_slice(b"isVoid"),
            TypeData::Metadata => out.extend_from_slice(b"Metadata"),
            TypeData::Half => out.extend_from_slice(b"f16"),
            TypeData::BFloat => out.extend_from_slice(b"bf16"),
            TypeData::Float => out.extend_from_slice(b"f32"),
            TypeData::Double => out.extend_from_slice(b"f64"),
            TypeData::X86Fp80 => out.extend_from_slice(b"f80"),
            TypeData::Fp128 => out.extend_from_slice(b"f128"),
            TypeData::PpcFp128 => out.extend_from_slice(b"ppcf128"),
            TypeData::X86Amx => out.extend_from_slice(b"x86amx"),
            TypeData::X86Mmx => out.extend_from_slice(b"x86mmx"),
            TypeData::Int(w) => {
                let _ = write!(out, "i{w}");
            }
            TypeData::Label | TypeData::Token => {
                panic!(
                    "Context::intrinsic_name: type {} has no mangling",
                    t.display(self)
                )
            }
        }
    }

    /// `Module::getUniqueIntrinsicName`: `base.N`, N the number this
    /// (intrinsic, function type) got in `m`, or the first N whose name is
    /// free or already declares `fn_ty`.
    fn unique_intrinsic_name(
        &mut self,
        m: Module,
        base: Vec<u8>,
        id: IntrinsicId,
        fn_ty: Type,
    ) -> Vec<u8> {
        let encode = |n: u32| numbered(&base, n);
        if let Some(&n) = self.modules[m.index()]
            .unique_intrinsics
            .by_proto
            .get(&(id, fn_ty))
        {
            return encode(n);
        }
        let mut count = *self.modules[m.index()]
            .unique_intrinsics
            .next
            .entry(base.clone())
            .or_insert(0);
        let name = loop {
            let name = encode(count);
            let existing = self.global_by_name(m, &name);
            let Some(g) = existing else {
                self.modules[m.index()]
                    .unique_intrinsics
                    .by_proto
                    .insert((id, fn_ty), count);
                break name;
            };
            // A declaration with this name exists: remember its type.
            let ty = self
                .global_data(g)
                .value_type
                .filter(|&t| self.is_function(t));
            let u = &mut self.modules[m.index()].unique_intrinsics;
            if let Some(t) = ty {
                u.by_proto.entry((id, t)).or_insert(count);
            }
            if ty == Some(fn_ty) {
                u.by_proto.insert((id, fn_ty), count);
                break name;
            }
            count += 1;
        };
        self.modules[m.index()]
            .unique_intrinsics
            .next
            .insert(base, count + 1);
        name
    }
}

/// `base.N`.
fn numbered(base: &[u8], n: u32) -> Vec<u8> {
    let mut name = Vec::with_capacity(base.len() + 4);
    name.extend_from_slice(base);
    name.push(b'.');
    name.extend_from_slice(n.to_string().as_bytes());
    name
}
