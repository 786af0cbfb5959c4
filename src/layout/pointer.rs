//! What the data layout says about IR pointers: how many bytes are
//! dereferenceable at one and how it is aligned (LLVM 19's
//! `Value::getPointerDereferenceableBytes` and `getPointerAlignment`,
//! which take the module's `DataLayout`).
//!
//! Owns these two facts and the global-alignment rules they need
//! (`DataLayout::getPreferredAlign` of a global variable, strong
//! definitions). It reads attributes, metadata and globals (`ir/`); it does
//! not decide what may be speculated (`analysis/`) or folded (`fold/`).
//! Each query is O(1) but for the type walks of the layout.

use super::{Align, FunctionPtrAlignKind, LayoutCache};
use crate::constants::ConstKind;
use crate::inst::{mem, Opcode};
use crate::ir::attributes::{AttrKind, Attribute, AttributeSet};
use crate::ir::global::Linkage;
use crate::ir::inst::InstPayload;
use crate::ir::metadata::{MdData, MdKindId};
use crate::ir::{Function, Global, Inst};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;

/// # Pointer facts
///
/// The dereferenceable bytes and the known alignment of pointer values
/// under a data layout.
impl Context {
    /// How many bytes are known dereferenceable at pointer `v`, and
    /// whether `v` may be null for all that (LLVM 19's
    /// `Value::getPointerDereferenceableBytes`): `dereferenceable(N)` and
    /// `dereferenceable_or_null(N)` of arguments, call results and the
    /// `!dereferenceable*` metadata of loads and `inttoptr`; the pointee
    /// type of `byval`, `byref`, `preallocated`, `inalloca` and `sret`
    /// arguments; the allocated type of a single-element alloca; the value
    /// type of a global variable that is not `extern_weak`.
    pub fn pointer_dereferenceable_bytes(&self, v: Value, layout: &mut LayoutCache) -> (u64, bool) {
        let store =
            |layout: &mut LayoutCache, t: Type| layout.store_size(self, t).map_or(0, |s| s.min);
        match self.value_kind(v) {
            ValueKind::Argument => {
                let f = self.arg_parent(v);
                let n = self.arg_number(v);
                let attrs = self.function_data(f).attrs.param_attrs(n);
                let mut bytes = int_attr(attrs, AttrKind::Dereferenceable);
                if bytes == 0 {
                    if let Some(t) = memory_param_type(attrs) {
                        if self.is_sized(t) {
                            bytes = store(layout, t);
                        }
                    }
                }
                if bytes == 0 {
                    return (int_attr(attrs, AttrKind::DereferenceableOrNull), true);
                }
                (bytes, false)
            }
            ValueKind::Instruction => {
                let i = Inst(v);
                match self.opcode(i) {
                    Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                        let n = self
                            .call_ret_attr(i, AttrKind::Dereferenceable)
                            .and_then(Attribute::int_value)
                            .unwrap_or(0);
                        if n == 0 {
                            let m = self
                                .call_ret_attr(i, AttrKind::DereferenceableOrNull)
                                .and_then(Attribute::int_value)
                                .unwrap_or(0);
                            return (m, true);
                        }
                        (n, false)
                    }
                    Opcode::Load | Opcode::IntToPtr => {
                        let n = self.md_int_operand(i, MdKindId::DEREFERENCEABLE);
                        if n == 0 {
                            return (
                                self.md_int_operand(i, MdKindId::DEREFERENCEABLE_OR_NULL),
                                true,
                            );
                        }
                        (n, false)
                    }
                    Opcode::Alloca => {
                        let single = self
                            .operand(i.0, 0)
                            .and_then(|n| self.const_int_value(n))
                            .is_some_and(|n| n.is_one());
                        match self.payload(i) {
                            InstPayload::Ty(t) if single => (store(layout, *t), false),
                            _ => (0, false),
                        }
                    }
                    _ => (0, false),
                }
            }
            ValueKind::GlobalVariable => {
                let d = self.global_data(v);
                match d.value_type {
                    Some(t) if self.is_sized(t) && d.linkage != Linkage::ExternWeak => {
                        (store(layout, t), false)
                    }
                    _ => (0, false),
                }
            }
            _ => (0, false),
        }
    }

    /// The integer of metadata attachment `kind` of `i` (`!{i64 N}`), 0
    /// if none.
    pub(crate) fn md_int_operand(&self, i: Inst, kind: MdKindId) -> u64 {
        self.md_attachment_int(i, kind).unwrap_or(0)
    }

    /// The integer operand of `i`'s `kind` attachment (`!{i64 N}`),
    /// `getLimitedValue` of it.
    pub(crate) fn md_attachment_int(&self, i: Inst, kind: MdKindId) -> Option<u64> {
        let node = self.extra(i)?.md.get(kind)?;
        let MdData::Tuple { ops, .. } = self.md_data(node) else {
            return None;
        };
        let MdData::Value(v) = self.md_data((*ops.first()?)?) else {
            return None;
        };
        let n = self.const_int_value(*v)?;
        Some(if n.active_bits() <= 64 {
            n.to_u64()
        } else {
            u64::MAX
        })
    }

    /// Whether null is a valid address in address space `aspace` inside
    /// `f` (`NullPointerIsDefined`).
    pub fn null_pointer_is_defined(&self, f: Function, aspace: u32) -> bool {
        aspace != 0
            || self
                .function_data(f)
                .attrs
                .fn_attrs()
                .has(AttrKind::NullPointerIsValid)
    }

    /// The alignment known for pointer `v` (LLVM 19's
    /// `Value::getPointerAlignment`): a global's (its preferred one when
    /// it is a strong definition without `align`), a function's from the
    /// data layout, an argument's `align` (or its `sret` type's), an
    /// alloca's, a call's return `align`, a load's `!align`, the trailing
    /// zeros of a constant address; 1 otherwise.
    pub fn pointer_alignment(&self, v: Value, layout: &mut LayoutCache) -> Align {
        let bytes_align = |n: u64| Align::from_bytes(n).unwrap_or(Align::ONE);
        match self.value_kind(v) {
            ValueKind::Function => {
                let dl = layout.data_layout();
                let fpa = dl.function_ptr_align().unwrap_or(Align::ONE);
                match dl.function_ptr_align_kind() {
                    FunctionPtrAlignKind::Independent => fpa,
                    FunctionPtrAlignKind::MultipleOfFunctionAlign => {
                        let own = self.global_data(v).align.map_or(Align::ONE, bytes_align);
                        fpa.max(own)
                    }
                }
            }
            ValueKind::GlobalVariable => {
                let d = self.global_data(v);
                if let Some(a) = d.align {
                    return bytes_align(a);
                }
                match d.value_type {
                    Some(t) if self.is_sized(t) => {
                        if self.is_strong_definition(Global(v)) {
                            self.preferred_global_align(Global(v), layout)
                        } else {
                            layout.abi_align(self, t).unwrap_or(Align::ONE)
                        }
                    }
                    _ => Align::ONE,
                }
            }
            ValueKind::Alias | ValueKind::IFunc => {
                self.global_data(v).align.map_or(Align::ONE, bytes_align)
            }
            ValueKind::Argument => {
                let f = self.arg_parent(v);
                let attrs = self.function_data(f).attrs.param_attrs(self.arg_number(v));
                if let Some(a) = attrs
                    .get(AttrKind::Alignment)
                    .and_then(Attribute::int_value)
                {
                    return bytes_align(a);
                }
                match attrs
                    .get(AttrKind::StructRet)
                    .and_then(Attribute::type_value)
                {
                    Some(t) if self.is_sized(t) => layout.abi_align(self, t).unwrap_or(Align::ONE),
                    _ => Align::ONE,
                }
            }
            ValueKind::Instruction => {
                let i = Inst(v);
                match self.opcode(i) {
                    Opcode::Alloca => match mem_align(self.inst_flags(i)) {
                        Some(a) => a,
                        None => match self.payload(i) {
                            InstPayload::Ty(t) => layout.pref_align(self, *t).unwrap_or(Align::ONE),
                            _ => Align::ONE,
                        },
                    },
                    Opcode::Call | Opcode::Invoke | Opcode::CallBr => self
                        .call_ret_attr(i, AttrKind::Alignment)
                        .and_then(Attribute::int_value)
                        .map_or(Align::ONE, bytes_align),
                    Opcode::Load => self
                        .md_attachment_int(i, MdKindId::ALIGN)
                        .map_or(Align::ONE, bytes_align),
                    _ => Align::ONE,
                }
            }
            ValueKind::Constant => self.constant_address_align(v),
            _ => Align::ONE,
        }
    }

    /// The alignment of a constant pointer whose address is a known
    /// integer (`null`, `inttoptr` of an integer): its trailing zeros,
    /// clamped to 2^32.
    fn constant_address_align(&self, v: Value) -> Align {
        let mut c = v;
        // stripPointerCasts: bitcasts and address-space casts.
        while self.const_kind(c) == ConstKind::Expr
            && matches!(
                self.const_expr_opcode(c).map(|p| p.0),
                Some(Opcode::BitCast | Opcode::AddrSpaceCast)
            )
        {
            match self.operand(c, 0) {
                Some(o) if self.value_kind(o) == ValueKind::Constant => c = o,
                _ => return Align::ONE,
            }
        }
        let addr = match self.const_kind(c) {
            ConstKind::Null => Some(0u128),
            ConstKind::Expr if self.const_expr_opcode(c).map(|p| p.0) == Some(Opcode::IntToPtr) => {
                self.operand(c, 0)
                    .and_then(|i| self.const_int_value(i))
                    .map(|a| {
                        let w = a.words();
                        u128::from(w[0]) | u128::from(w.get(1).copied().unwrap_or(0)) << 64
                    })
            }
            _ => None,
        };
        match addr {
            Some(a) => {
                let tz = if a == 0 { 128 } else { a.trailing_zeros() };
                Align::from_bytes(1u64 << tz.min(32)).unwrap_or(Align::ONE)
            }
            None => Align::ONE,
        }
    }

    /// `GlobalValue::isStrongDefinitionForLinker`: a definition whose
    /// linkage is not weak, linkonce, common or `available_externally`.
    fn is_strong_definition(&self, g: Global) -> bool {
        let d = self.global_data(g);
        self.initializer(g).is_some()
            && !matches!(
                d.linkage,
                Linkage::AvailableExternally
                    | Linkage::WeakAny
                    | Linkage::WeakOdr
                    | Linkage::LinkOnceAny
                    | Linkage::LinkOnceOdr
                    | Linkage::Common
                    | Linkage::ExternWeak
            )
    }

    /// `DataLayout::getPreferredAlign` of global variable `g` without an
    /// explicit alignment: the preferred alignment of its type, 16 for an
    /// initialized global larger than 128 bits.
    fn preferred_global_align(&self, g: Global, layout: &mut LayoutCache) -> Align {
        let Some(t) = self.global_data(g).value_type else {
            return Align::ONE;
        };
        let mut a = layout.pref_align(self, t).unwrap_or(Align::ONE);
        let sixteen = Align::from_bytes(16).unwrap_or(Align::ONE);
        if self.initializer(g).is_some() && a < sixteen {
            let big = layout.size_in_bits(self, t).is_ok_and(|s| s.min > 128);
            if big {
                a = sixteen;
            }
        }
        a
    }
}

/// The alignment in a memory instruction's flags, if given.
pub(crate) fn mem_align(flags: u16) -> Option<Align> {
    match flags & mem::ALIGN_MASK {
        0 => None,
        l => Align::from_bytes(1u64 << (l - 1).min(63)),
    }
}

/// The value of int attribute `kind` in `set`, 0 when absent.
pub(crate) fn int_attr(set: &AttributeSet, kind: AttrKind) -> u64 {
    set.get(kind).and_then(Attribute::int_value).unwrap_or(0)
}
/// The in-memory type of a pointer parameter (`getMemoryParamAllocType`):
/// `byval`, `byref`, `preallocated`, `inalloca`, then `sret`.
fn memory_param_type(set: &AttributeSet) -> Option<Type> {
    [
        AttrKind::ByVal,
        AttrKind::ByRef,
        AttrKind::Preallocated,
        AttrKind::InAlloca,
        AttrKind::StructRet,
    ]
    .into_iter()
    .find_map(|k| set.get(k).and_then(Attribute::type_value))
}
