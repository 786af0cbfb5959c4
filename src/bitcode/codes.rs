//! The frozen on-disk encodings of LLVM 19 bitcode that are not record
//! codes: cast, unary and binary opcodes, atomic orderings and operations,
//! linkages and the other global-value enums, attribute kinds, comdat
//! selection kinds, fast-math and wrap flag bits, call-record markers.
//!
//! Owns the mapping between each on-disk number and lair's in-memory
//! value, both ways (STYLE rule 10: file codes have no fixed relation to
//! [`Opcode`]'s order). Block ids and record codes are
//! [`crate::bitstream::names`]'s.

use crate::inst::{bits, FastMathFlags, Opcode, Ordering, Predicate, RmwOp, WrapFlags};
use crate::ir::attributes::AttrKind;
use crate::ir::global::{DllStorage, Linkage, ThreadLocal, UnnamedAddr, Visibility};
use crate::ir::module::ComdatKind;

/// `CAST_*`: the cast opcodes, by code.
pub(crate) const CASTS: [Opcode; 13] = [
    Opcode::Trunc,
    Opcode::ZExt,
    Opcode::SExt,
    Opcode::FPToUI,
    Opcode::FPToSI,
    Opcode::UIToFP,
    Opcode::SIToFP,
    Opcode::FPTrunc,
    Opcode::FPExt,
    Opcode::PtrToInt,
    Opcode::IntToPtr,
    Opcode::BitCast,
    Opcode::AddrSpaceCast,
];

/// The cast opcode of `CAST_*` code `c`.
pub(crate) fn cast_opcode(c: u64) -> Option<Opcode> {
    CASTS.get(usize::try_from(c).ok()?).copied()
}

/// `BINOP_*`: the integer opcodes, by code; the floating-point ones share
/// codes 0..=5 with add, sub, mul, udiv, sdiv, urem and are chosen by the
/// operand type.
const BINOPS: [Opcode; 13] = [
    Opcode::Add,
    Opcode::Sub,
    Opcode::Mul,
    Opcode::UDiv,
    Opcode::SDiv,
    Opcode::URem,
    Opcode::SRem,
    Opcode::Shl,
    Opcode::LShr,
    Opcode::AShr,
    Opcode::And,
    Opcode::Or,
    Opcode::Xor,
];

/// The binary opcode of `BINOP_*` code `c` for operands of a
/// floating-point type (`fp`) or not.
pub(crate) fn binop_opcode(c: u64, fp: bool) -> Option<Opcode> {
    let op = *BINOPS.get(usize::try_from(c).ok()?)?;
    if !fp {
        return Some(op);
    }
    Some(match op {
        Opcode::Add => Opcode::FAdd,
        Opcode::Sub => Opcode::FSub,
        Opcode::Mul => Opcode::FMul,
        Opcode::SDiv => Opcode::FDiv,
        Opcode::SRem => Opcode::FRem,
        _ => return None,
    })
}

/// `UNOP_FNEG`.
pub(crate) const UNOP_FNEG: u64 = 0;

/// `RMW_*` codes are [`RmwOp`]'s order.
pub(crate) fn rmw_op(c: u64) -> Option<RmwOp> {
    RmwOp::ALL.get(usize::try_from(c).ok()?).copied()
}

/// `ORDERING_*` codes are [`Ordering`]'s values.
pub(crate) fn ordering(c: u64) -> Option<Ordering> {
    Some(match c {
        0 => Ordering::NotAtomic,
        1 => Ordering::Unordered,
        2 => Ordering::Monotonic,
        3 => Ordering::Acquire,
        4 => Ordering::Release,
        5 => Ordering::AcqRel,
        6 => Ordering::SeqCst,
        _ => return None,
    })
}

/// A compare predicate from LLVM's `CmpInst::Predicate` number (fcmp 0..=15,
/// icmp 32..=41).
pub(crate) fn predicate(c: u64) -> Option<Predicate> {
    match c {
        0..=15 => Predicate::from_u16(c as u16),
        32..=41 => Predicate::from_u16(c as u16 - 16),
        _ => None,
    }
}

/// `OBO_NO_UNSIGNED_WRAP` / `TIO_NO_UNSIGNED_WRAP` bit.
pub(crate) const NUW_BIT: u64 = 1 << 0;
/// `OBO_NO_SIGNED_WRAP` / `TIO_NO_SIGNED_WRAP` bit.
pub(crate) const NSW_BIT: u64 = 1 << 1;
/// `PEO_EXACT`, `PDI_DISJOINT`, `PNNI_NON_NEG` bit.
pub(crate) const EXACT_BIT: u64 = 1 << 0;
/// `GEP_INBOUNDS`, `GEP_NUSW`, `GEP_NUW` bits.
pub(crate) const GEP_INBOUNDS: u64 = 1 << 0;
/// `GEP_NUSW`.
pub(crate) const GEP_NUSW: u64 = 1 << 1;
/// `GEP_NUW`.
pub(crate) const GEP_NUW: u64 = 1 << 2;

/// The bitcode bit of each fast-math flag (`FastMathMap`: bit 0 is the
/// legacy `UnsafeAlgebra`, read as all of them and never written).
const FMF_BITS: [(u64, FastMathFlags); 7] = [
    (1 << 1, FastMathFlags::NNAN),
    (1 << 2, FastMathFlags::NINF),
    (1 << 3, FastMathFlags::NSZ),
    (1 << 4, FastMathFlags::ARCP),
    (1 << 5, FastMathFlags::CONTRACT),
    (1 << 6, FastMathFlags::AFN),
    (1 << 7, FastMathFlags::REASSOC),
];

/// Fast-math flags from their bitcode bits, in lair's stored encoding.
pub(crate) fn fmf_from_bits(b: u64) -> u16 {
    if b & 1 != 0 {
        return bits::fmf(FastMathFlags::FAST);
    }
    let mut f = FastMathFlags::NONE;
    for (bit, flag) in FMF_BITS {
        if b & bit != 0 {
            f |= flag;
        }
    }
    bits::fmf(f)
}

/// `nuw`/`nsw` from their bitcode bits (`OBO_*`, `TIO_*`), in lair's stored
/// encoding.
pub(crate) fn wrap_from_bits(b: u64) -> u16 {
    let mut f = WrapFlags::NONE;
    if b & NUW_BIT != 0 {
        f |= WrapFlags::NUW;
    }
    if b & NSW_BIT != 0 {
        f |= WrapFlags::NSW;
    }
    bits::wrap(f)
}

/// Call record `cc` field: `tail` bit.
pub(crate) const CALL_TAIL: u64 = 0;
/// Call record `cc` field: the calling convention starts at this bit.
pub(crate) const CALL_CCONV: u64 = 1;
/// Call record `cc` field: `musttail` bit.
pub(crate) const CALL_MUSTTAIL: u64 = 14;
/// Call record `cc` field: the function type is explicit.
pub(crate) const CALL_EXPLICIT_TYPE: u64 = 15;
/// Call record `cc` field: `notail` bit.
pub(crate) const CALL_NOTAIL: u64 = 16;
/// Call record `cc` field: fast-math flags follow.
pub(crate) const CALL_FMF: u64 = 17;

/// The linkage of an encoded linkage (LLVM's `getDecodedLinkage`, legacy
/// codes included).
pub(crate) fn linkage(c: u64) -> Linkage {
    match c {
        2 => Linkage::Appending,
        3 => Linkage::Internal,
        7 => Linkage::ExternWeak,
        8 => Linkage::Common,
        9 | 13 | 14 => Linkage::Private,
        12 => Linkage::AvailableExternally,
        1 | 16 => Linkage::WeakAny,
        10 | 17 => Linkage::WeakOdr,
        4 | 18 => Linkage::LinkOnceAny,
        11 | 19 => Linkage::LinkOnceOdr,
        _ => Linkage::External,
    }
}

/// Whether an encoded linkage carries a legacy DLL storage class (5:
/// dllimport, 6: dllexport).
pub(crate) fn legacy_dll(c: u64) -> Option<DllStorage> {
    match c {
        5 => Some(DllStorage::Import),
        6 => Some(DllStorage::Export),
        _ => None,
    }
}

/// Visibility codes: 0 default, 1 hidden, 2 protected.
pub(crate) fn visibility(c: u64) -> Visibility {
    match c {
        1 => Visibility::Hidden,
        2 => Visibility::Protected,
        _ => Visibility::Default,
    }
}

/// DLL storage codes: 0 default, 1 dllimport, 2 dllexport.
pub(crate) fn dll_storage(c: u64) -> DllStorage {
    match c {
        1 => DllStorage::Import,
        2 => DllStorage::Export,
        _ => DllStorage::Default,
    }
}

/// Thread-local codes: 0 none, 1 general dynamic, 2 local dynamic, 3
/// initial exec, 4 local exec.
pub(crate) fn thread_local(c: u64) -> ThreadLocal {
    match c {
        0 => ThreadLocal::NotThreadLocal,
        2 => ThreadLocal::LocalDynamic,
        3 => ThreadLocal::InitialExec,
        4 => ThreadLocal::LocalExec,
        _ => ThreadLocal::GeneralDynamic,
    }
}

/// `unnamed_addr` codes: 0 none, 1 `unnamed_addr`, 2 `local_unnamed_addr`.
pub(crate) fn unnamed_addr(c: u64) -> UnnamedAddr {
    match c {
        1 => UnnamedAddr::Global,
        2 => UnnamedAddr::Local,
        _ => UnnamedAddr::None,
    }
}

/// `COMDAT_SELECTION_KIND_*`.
pub(crate) fn comdat_kind(c: u64) -> Option<ComdatKind> {
    Some(match c {
        1 => ComdatKind::Any,
        2 => ComdatKind::ExactMatch,
        3 => ComdatKind::Largest,
        4 => ComdatKind::NoDeduplicate,
        5 => ComdatKind::SameSize,
        _ => return None,
    })
}

/// `ATTR_KIND_*` codes and the kinds they name; codes 45, 49 and 50
/// (`argmemonly`, `inaccessiblememonly`, `inaccessiblemem_or_argmemonly`)
/// and 20/21/52 on functions are legacy memory attributes, upgraded by the
/// reader.
const ATTR_KINDS: &[(u64, AttrKind)] = &[
    (1, AttrKind::Alignment),
    (2, AttrKind::AlwaysInline),
    (3, AttrKind::ByVal),
    (4, AttrKind::InlineHint),
    (5, AttrKind::InReg),
    (6, AttrKind::MinSize),
    (7, AttrKind::Naked),
    (8, AttrKind::Nest),
    (9, AttrKind::NoAlias),
    (10, AttrKind::NoBuiltin),
    (11, AttrKind::NoCapture),
    (12, AttrKind::NoDuplicate),
    (13, AttrKind::NoImplicitFloat),
    (14, AttrKind::NoInline),
    (15, AttrKind::NonLazyBind),
    (16, AttrKind::NoRedZone),
    (17, AttrKind::NoReturn),
    (18, AttrKind::NoUnwind),
    (19, AttrKind::OptimizeForSize),
    (20, AttrKind::ReadNone),
    (21, AttrKind::ReadOnly),
    (22, AttrKind::Returned),
    (23, AttrKind::ReturnsTwice),
    (24, AttrKind::SExt),
    (25, AttrKind::StackAlignment),
    (26, AttrKind::StackProtect),
    (27, AttrKind::StackProtectReq),
    (28, AttrKind::StackProtectStrong),
    (29, AttrKind::StructRet),
    (30, AttrKind::SanitizeAddress),
    (31, AttrKind::SanitizeThread),
    (32, AttrKind::SanitizeMemory),
    (33, AttrKind::UwTable),
    (34, AttrKind::ZExt),
    (35, AttrKind::Builtin),
    (36, AttrKind::Cold),
    (37, AttrKind::OptimizeNone),
    (38, AttrKind::InAlloca),
    (39, AttrKind::NonNull),
    (40, AttrKind::JumpTable),
    (41, AttrKind::Dereferenceable),
    (42, AttrKind::DereferenceableOrNull),
    (43, AttrKind::Convergent),
    (44, AttrKind::SafeStack),
    (46, AttrKind::SwiftSelf),
    (47, AttrKind::SwiftError),
    (48, AttrKind::NoRecurse),
    (51, AttrKind::AllocSize),
    (52, AttrKind::WriteOnly),
    (53, AttrKind::Speculatable),
    (54, AttrKind::StrictFp),
    (55, AttrKind::SanitizeHwAddress),
    (56, AttrKind::NoCfCheck),
    (57, AttrKind::OptForFuzzing),
    (58, AttrKind::ShadowCallStack),
    (59, AttrKind::SpeculativeLoadHardening),
    (60, AttrKind::ImmArg),
    (61, AttrKind::WillReturn),
    (62, AttrKind::NoFree),
    (63, AttrKind::NoSync),
    (64, AttrKind::SanitizeMemTag),
    (65, AttrKind::Preallocated),
    (66, AttrKind::NoMerge),
    (67, AttrKind::NullPointerIsValid),
    (68, AttrKind::NoUndef),
    (69, AttrKind::ByRef),
    (70, AttrKind::MustProgress),
    (71, AttrKind::NoCallback),
    (72, AttrKind::Hot),
    (73, AttrKind::NoProfile),
    (74, AttrKind::VScaleRange),
    (75, AttrKind::SwiftAsync),
    (76, AttrKind::NoSanitizeCoverage),
    (77, AttrKind::ElementType),
    (78, AttrKind::DisableSanitizerInstrumentation),
    (79, AttrKind::NoSanitizeBounds),
    (80, AttrKind::AllocAlign),
    (81, AttrKind::AllocatedPointer),
    (82, AttrKind::AllocKind),
    (83, AttrKind::PresplitCoroutine),
    (84, AttrKind::FnRetThunkExtern),
    (85, AttrKind::SkipProfile),
    (86, AttrKind::Memory),
    (87, AttrKind::NoFpClass),
    (88, AttrKind::OptimizeForDebugging),
    (89, AttrKind::Writable),
    (90, AttrKind::CoroDestroyOnlyWhenComplete),
    (91, AttrKind::DeadOnUnwind),
    (92, AttrKind::Range),
    (93, AttrKind::SanitizeNumericalStability),
    (94, AttrKind::Initializes),
    (95, AttrKind::HybridPatchable),
];

/// The attribute kind of `ATTR_KIND_*` code `c`.
pub(crate) fn attr_kind(c: u64) -> Option<AttrKind> {
    ATTR_KINDS.iter().find(|e| e.0 == c).map(|e| e.1)
}

/// The bitcode code of an attribute kind (`getAttrKindEncoding`).
pub(crate) fn attr_code(k: AttrKind) -> u64 {
    ATTR_KINDS
        .iter()
        .find(|e| e.1 == k)
        .map(|e| e.0)
        .expect("every attribute kind has a code")
}

/// The encoded linkage LLVM 19 writes (`getEncodedLinkage`).
pub(crate) fn linkage_code(l: Linkage) -> u64 {
    match l {
        Linkage::External => 0,
        Linkage::WeakAny => 16,
        Linkage::Appending => 2,
        Linkage::Internal => 3,
        Linkage::LinkOnceAny => 18,
        Linkage::ExternWeak => 7,
        Linkage::Common => 8,
        Linkage::Private => 9,
        Linkage::WeakOdr => 17,
        Linkage::LinkOnceOdr => 19,
        Linkage::AvailableExternally => 12,
    }
}

/// Visibility code.
pub(crate) fn visibility_code(v: Visibility) -> u64 {
    match v {
        Visibility::Default => 0,
        Visibility::Hidden => 1,
        Visibility::Protected => 2,
    }
}

/// DLL storage code.
pub(crate) fn dll_code(d: DllStorage) -> u64 {
    match d {
        DllStorage::Default => 0,
        DllStorage::Import => 1,
        DllStorage::Export => 2,
    }
}

/// Thread-local code.
pub(crate) fn thread_local_code(t: ThreadLocal) -> u64 {
    match t {
        ThreadLocal::NotThreadLocal => 0,
        ThreadLocal::GeneralDynamic => 1,
        ThreadLocal::LocalDynamic => 2,
        ThreadLocal::InitialExec => 3,
        ThreadLocal::LocalExec => 4,
    }
}

/// `unnamed_addr` code.
pub(crate) fn unnamed_addr_code(u: UnnamedAddr) -> u64 {
    match u {
        UnnamedAddr::None => 0,
        UnnamedAddr::Global => 1,
        UnnamedAddr::Local => 2,
    }
}

/// `COMDAT_SELECTION_KIND_*` of a kind.
pub(crate) fn comdat_code(k: ComdatKind) -> u64 {
    match k {
        ComdatKind::Any => 1,
        ComdatKind::ExactMatch => 2,
        ComdatKind::Largest => 3,
        ComdatKind::NoDeduplicate => 4,
        ComdatKind::SameSize => 5,
    }
}

/// The bitcode bits of fast-math flags (`getOptimizationFlags`; the
/// legacy "unsafe algebra" bit 0 is never written).
pub(crate) fn fmf_to_bits(f: u16) -> u64 {
    let f = bits::fmf_of(f);
    FMF_BITS
        .iter()
        .filter(|&&(_, flag)| f.contains(flag))
        .fold(0, |b, &(bit, _)| b | bit)
}

/// The `BINOP_*` code of a binary opcode.
pub(crate) fn binop_code(op: Opcode) -> u64 {
    let base = match op {
        Opcode::FAdd => Opcode::Add,
        Opcode::FSub => Opcode::Sub,
        Opcode::FMul => Opcode::Mul,
        Opcode::FDiv => Opcode::SDiv,
        Opcode::FRem => Opcode::SRem,
        o => o,
    };
    BINOPS
        .iter()
        .position(|&o| o == base)
        .expect("a binary opcode") as u64
}

/// The `CAST_*` code of a cast opcode.
pub(crate) fn cast_code(op: Opcode) -> u64 {
    CASTS.iter().position(|&o| o == op).expect("a cast opcode") as u64
}

/// LLVM's `CmpInst::Predicate` number of a predicate.
pub(crate) fn predicate_code(p: Predicate) -> u64 {
    if p.is_int() {
        p as u64 + 16
    } else {
        p as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_cover_every_value_once() {
        for (c, &op) in CASTS.iter().enumerate() {
            assert_eq!(cast_opcode(c as u64), Some(op));
        }
        for &op in Opcode::ALL.iter().filter(|o| o.is_binary()) {
            let found = (0..13).any(|c| binop_opcode(c, op.is_fp_binary()) == Some(op));
            assert!(found, "{op:?} has no bitcode code");
        }
        for &k in AttrKind::ALL {
            assert_eq!(ATTR_KINDS.iter().filter(|e| e.1 == k).count(), 1, "{k:?}");
        }
        for &p in Predicate::ALL.iter() {
            let code = if p.is_int() { p as u64 + 16 } else { p as u64 };
            assert_eq!(predicate(code), Some(p));
        }
        assert_eq!(fmf_from_bits(1), bits::fmf(FastMathFlags::FAST));
        assert_eq!(fmf_from_bits(1 << 7), bits::fmf(FastMathFlags::REASSOC));
    }
}
