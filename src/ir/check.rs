//! Checked construction: the operand rules of LLVM 19's instruction
//! constructors (`BinaryOperator::AssertOK`, `CmpInst::AssertOK`,
//! `SelectInst::areInvalidOperands`, `CastInst::castIsValid`,
//! `CallInst::init`, `ShuffleVectorInst::isValidOperands`, ...), the local
//! rules of its verifier that need no other instruction (orderings, atomic
//! operand types, sized loads and allocas), and the rule that a local
//! operand (argument, instruction, block) belongs to the function the
//! instruction is in.
//!
//! Owns one `check_*` function per instruction shape, each returning the
//! result type LLVM would give the instruction, and the dispatcher
//! [`Context::check_inst_operands`] that `create_inst`, `set_operand` and
//! insertion use. The builder calls the shape functions directly, before
//! folding. It does not own the verifier (which sees whole functions:
//! dominance, terminators, PHI predecessors) nor the flags' own rules
//! (`flags.rs`).
//!
//! Every failure panics with a message naming the method, the operand and
//! the types ("Builder::call_function: argument 1 of @g has type i32, the
//! callee's parameter 1 is i64"). The failure paths are `#[cold]`; the
//! success path of a check is a few compares of type ids and kind bytes.
//!
//! # Rules, coverage and cost
//!
//! Every builder method checks its operands *before* folding, as LLVM 19's
//! constructors assert, and panics naming itself, the operand and the types
//! (`Builder::call_function: argument 1 of @g has type i32, the callee's
//! parameter 1 is i64`). One `check_*` function per shape returns the
//! result type LLVM would derive:
//!
//! | shape | rules (LLVM source) |
//! |---|---|
//! | binary, `fneg` | equal types; integer (vector) or FP (vector) by opcode (`BinaryOperator::AssertOK`) |
//! | `icmp`/`fcmp` | equal types; int/ptr (vectors) or FP; a predicate of the kind (`CmpInst::AssertOK`) |
//! | `select` | `i1` or `<N x i1>` with N-lane arms; equal arms, not `token` (`areInvalidOperands`) |
//! | casts | `Context::cast_is_valid`, LLVM's `castIsValid`: widths, element counts (scalable included), address spaces, `<1 x ptr>` ↔ `ptr` |
//! | `load`/`store`/`alloca` | pointer address (a store whose address is not a pointer says "are the operands swapped?"), sized first-class value, integer count |
//! | GEP | pointer (vector) base, integer (vector) indices of one lane count, sized source, `getIndexedType` |
//! | aggregates, vectors | non-empty valid `extractvalue` indices, `insertvalue` value of the indexed type, `extractelement`/`insertelement` types, `ShuffleVectorInst::isValidOperands` |
//! | calls | function type, pointer callee, argument count (more only for varargs), each fixed argument's type (`CallInst::init`) |
//! | terminators | `ret` against the function's return type, `br` condition `i1`, switch condition integer and cases integer constants of its type, block operands are blocks, funclet pads of the right opcode |
//! | atomics | orderings (no release load, no acquire store, fence ≥ acquire, RMW ≥ monotonic, valid `cmpxchg` failure), `cmpxchg` int/ptr, `atomicrmw` operand type per operation, alignment ≤ 2^32 |
//! | PHI | first-class non-token type; incoming values of the PHI's type |
//!
//! A local operand (argument, instruction, block) must be of the function
//! the instruction goes into; a value or block of a detached block or
//! instruction, or with the cursor in a detached block, is not checked (no
//! function to check against). The same checks run in `create_inst` (which
//! also checks that the payload suits the opcode and that the given result
//! type is the derived one, and gives compares and atomics a valid default
//! predicate or ordering), in `append_inst`/`insert_inst_before`/`after`
//! (local operands and `ret` against the block's function), in
//! `set_operand`/`swap_operands`/`replace_uses_of_with` on an instruction
//! (`ir/operands.rs`: the whole instruction re-checked with the new operand,
//! O(operands); O(1) per slot for PHIs, switches, indirectbr, catchswitch,
//! landingpad; nothing beyond membership while another operand is
//! dropped), in `phi_add_incoming`, `switch_add_case`,
//! `indirect_br_add_dest`, `catch_switch_add_handler`,
//! `landing_pad_add_clause`, and in `replace_all_uses_with` /
//! `replace_uses_with_if` (a local replacement must be of the users'
//! function: O(1) when `from` is a local of that function, else over the
//! uses). The parsers create through the unchecked `append_new_inst`
//! (the `.ll` parser through `append_parsed_inst`, which also leaves the
//! operands' liveness to a debug assertion) and report their own errors; moving a whole block between functions
//! (`insert_block`) does not re-check its instructions (the printer then
//! writes `<badref>`, the verifier reports it).
//!
//! Nothing goes after a terminator. At the end of a block whose last
//! instruction is a terminator, every builder method and `append_inst`
//! panic (`Builder::add: %entry already ends with its terminator `ret`;
//! placing `add` after it would put an instruction after the terminator
//! ...`), `insert_inst_after` refuses a terminator as its position, and a
//! terminator goes before another terminator only (LLVM's
//! `ReplaceInstWithInst` idiom: the new one before the old, then the old
//! erased), never before an instruction that would then follow it.
//! Deviation: LLVM's `insertInto` does not check, so an LLVM pass may append
//! a new terminator and erase the old one afterwards; here it inserts before
//! the old one. A block without a terminator (every block under
//! construction) and a PHI after a non-PHI stay the verifier's.
//!
//! Cost (callgrind, `--quick`): a binary operator's checks are one compare
//! of the two type ids, one type load for the family, one kind-byte test and
//! one word compare per operand, and for the order rule one bounds-checked
//! load of the block's last opcode byte (`NONE`, an empty block, is out of
//! range, so one check serves both; terminators are opcodes 0..=10, one
//! compare). build_chain's append loop takes 84.0 M instructions against
//! 81.9 M without any check (about 7 per `add`); whole programs against the
//! unchecked build:
//! build_chain +0.8%, erase_all +1.5%, rauw_wide −0.4%, use_walk −0.3%,
//! handles +4.6%, parse_ll −0.2% (the parsers append unchecked), print_ll
//! 0.0%. `phi_add_incoming` checks the value's type and function and the
//! block's generation in every build; that the block is a block of the
//! PHI's function only in debug builds (reading the block's record is a
//! cache miss per entry, which cost phi_grow 1.45× in wall time; LLVM's
//! `addIncoming` does not look at the block either): phi_grow +10.8%
//! instructions, 0.29 of LLVM's time.

use super::inst::InstPayload;
use super::{Function, Inst};
use crate::constants::ConstKind;
use crate::entity::NONE;
use crate::inst::{Opcode, Predicate, RmwOp};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueData, ValueKind, KIND_MASK};
use crate::Context;
use core::fmt;

/// Panics with `who: msg`.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn fail(who: &str, msg: fmt::Arguments<'_>) -> ! {
    panic!("{who}: {msg}")
}

/// A type, printed as in textual IR.
struct T<'a>(&'a Context, Type);

impl fmt::Display for T<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.1.display(self.0))
    }
}

/// A value, as a message names it: `%name` / `@name`, or its kind.
struct V<'a>(&'a Context, Value);

impl fmt::Display for V<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ctx, v) = (self.0, self.1);
        let kind = ctx.value_kind(v);
        match ctx.name_bytes(v).map(crate::ir::shown) {
            Some(n) if kind.is_global() => write!(f, "@{n}"),
            Some(n) => write!(f, "%{n}"),
            None => match kind {
                ValueKind::Argument => write!(f, "an unnamed argument"),
                ValueKind::Block => write!(f, "an unnamed block"),
                ValueKind::Instruction => write!(f, "an unnamed instruction"),
                ValueKind::Constant => write!(f, "a constant"),
                k if k.is_global() => write!(f, "an unnamed global"),
                k => write!(f, "a {k:?} value"),
            },
        }
    }
}

/// Where a local value lives: the function index of an argument or a
/// block, the block index of an instruction (`NONE` when detached); `None`
/// for values that are not local (constants, globals, ...).
#[inline]
fn home(d: &ValueData) -> Option<(ValueKind, u32)> {
    if d.is(ValueKind::Argument) {
        Some((ValueKind::Argument, d.a))
    } else if d.is(ValueKind::Instruction) {
        Some((ValueKind::Instruction, d.a))
    } else if d.is(ValueKind::Block) {
        Some((ValueKind::Block, d.a))
    } else {
        None
    }
}

/// # Checked construction
///
/// The operand rules every way of making or changing an instruction
/// checks: operand types per opcode, call signatures, `ret` against the
/// function, and local operands of the instruction's own function.
impl Context {
    // ---- function membership ---------------------------------------------

    /// The function (raw index, `NONE` if none) a local value lives in,
    /// from its record.
    #[inline]
    pub(crate) fn local_function_of(&self, d: &ValueData) -> Option<u32> {
        let (k, a) = home(d)?;
        Some(match k {
            ValueKind::Instruction if a != NONE => self.graph.values[a as usize].a,
            _ => a,
        })
    }

    /// Whether the value of record `d`, if it is a local value (argument,
    /// instruction, block) placed in some function, is in function `f`
    /// (raw index). `blk` is the block the new instruction goes to: an
    /// instruction of that block needs no second load.
    #[inline(always)]
    pub(crate) fn local_ok(&self, d: &ValueData, f: u32, blk: u32) -> bool {
        // Kinds 0, 1, 2 are argument, block, instruction; the rest are not
        // local.
        let k = d.kind_bits & KIND_MASK;
        if k > ValueKind::Instruction as u8 {
            return true;
        }
        if d.a == f || d.a == blk {
            // An argument or block of `f`, or an instruction of `blk` (an
            // argument's or block's word names a function, an
            // instruction's a block: they never equal the other kind's).
            return true;
        }
        self.local_ok_slow(k, d.a, f)
    }

    #[inline(never)]
    fn local_ok_slow(&self, k: u8, a: u32, f: u32) -> bool {
        if a == NONE {
            return k != ValueKind::Argument as u8;
        }
        k == ValueKind::Instruction as u8 && {
            let g = self.graph.values[a as usize].a;
            g == f || g == NONE
        }
    }

    /// Checks that `v`, if it is a local value in some function, is in
    /// function `f` (raw index; `NONE`: unknown, nothing to check).
    #[inline]
    pub(crate) fn check_local(&self, who: &str, v: Value, f: u32, blk: u32) {
        if f == NONE {
            return;
        }
        let d = self.graph.get(v);
        if !self.local_ok(d, f, blk) {
            let g = self.local_function_of(d).unwrap_or(NONE);
            self.foreign_local(who, v, g, f);
        }
    }

    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn foreign_local(&self, who: &str, v: Value, theirs: u32, ours: u32) -> ! {
        let kind = match self.value_kind(v) {
            ValueKind::Argument => "an argument",
            ValueKind::Block => "a block",
            _ => "an instruction",
        };
        let fname = |i: u32| V(self, self.graph.handle(i)).to_string();
        fail(
            who,
            format_args!(
                "{} is {kind} of {}, not of {}, where the instruction is",
                V(self, v),
                fname(theirs),
                fname(ours)
            ),
        )
    }

    /// Checks that every local operand of a detached instruction lives in
    /// one function (the first one found). Returns that function (raw
    /// index) or `NONE`.
    pub(crate) fn check_locals_agree(&self, who: &str, ops: &[Value]) -> u32 {
        let mut f = NONE;
        for &o in ops {
            let d = self.graph.get(o);
            if let Some(g) = self.local_function_of(d) {
                if g == NONE {
                    continue;
                }
                if f == NONE {
                    f = g;
                } else if g != f {
                    self.foreign_local(who, o, g, f);
                }
            }
        }
        f
    }

    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn not_a_block(&self, who: &str, v: Value) -> ! {
        self.not_a(who, v, "block")
    }

    /// Panics: `v`, passed as a function to `who`, is not one.
    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn not_a_function(&self, who: &str, v: Value) -> ! {
        self.not_a(who, v, "function")
    }

    /// Panics: `v`, passed to `who` as a `what` ("block", "function",
    /// "global value"), is not one; the message names `v`, its kind and
    /// its type.
    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn not_a(&self, who: &str, v: Value, what: &str) -> ! {
        fail(
            who,
            format_args!(
                "{} is not a {what} (a {:?} of type {})",
                V(self, v),
                self.value_kind(v),
                T(self, self.type_of(v))
            ),
        )
    }

    /// Panics: instruction `i`, passed to `who` as a `what` ("call site",
    /// "PHI"), is not one; the message names `i`, its opcode and its type.
    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn not_an_inst_of_kind(&self, who: &str, i: super::Inst, what: &str) -> ! {
        fail(
            who,
            format_args!(
                "{} (`{}`, of type {}) is not a {what}",
                V(self, i.0),
                self.opcode(i).mnemonic(),
                T(self, self.type_of(i.0))
            ),
        )
    }

    /// Checks that `v` is a block.
    #[inline]
    pub(crate) fn check_block(&self, who: &str, v: Value) {
        if !self.graph.get(v).is(ValueKind::Block) {
            self.not_a_block(who, v);
        }
    }

    // ---- order in the block ------------------------------------------------

    /// Checks that an instruction of opcode `op` may go at the end of
    /// block `blk` (raw index of a live block) whose last instruction is
    /// `last` (raw index, `NONE` when the block is empty; the caller reads
    /// it with the block's record): `last` is not a terminator. One load
    /// of the last record, the one written just before when building.
    #[inline(always)]
    pub(crate) fn check_after_last(&self, who: &str, blk: u32, last: u32, op: Opcode) {
        // `NONE` is out of range: one bounds check serves both tests.
        if let Some(d) = self.graph.values.get(last as usize) {
            if Opcode::is_terminator_byte(d.opcode) {
                self.after_terminator(who, blk, last, op);
            }
        }
    }

    /// Checks that an instruction of opcode `op` may go just before
    /// instruction `pos` (raw index, in a block): a terminator only before
    /// a terminator (LLVM's replace idiom: the new terminator goes before
    /// the old one, which is then erased), never before an instruction
    /// that would then follow it.
    #[inline(always)]
    pub(crate) fn check_insert_order(&self, who: &str, pos: u32, op: Opcode) {
        if op.is_terminator() && !Opcode::is_terminator_byte(self.graph.values[pos as usize].opcode)
        {
            self.terminator_before(who, pos, op);
        }
    }

    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn after_terminator(&self, who: &str, blk: u32, last: u32, op: Opcode) -> ! {
        let term = Opcode::from_u8(self.graph.values[last as usize].opcode);
        fail(
            who,
            format_args!(
                "{} already ends with its terminator `{}`; placing `{}` after it would \
                 put an instruction after the terminator (insert before the terminator, \
                 or erase it first)",
                V(self, self.graph.handle(blk)),
                term.mnemonic(),
                op.mnemonic()
            ),
        )
    }

    #[cold]
    #[inline(never)]
    #[track_caller]
    fn terminator_before(&self, who: &str, pos: u32, op: Opcode) -> ! {
        let here = Opcode::from_u8(self.graph.values[pos as usize].opcode);
        fail(
            who,
            format_args!(
                "the terminator `{}` before {} (`{}`) would leave instructions after \
                 the terminator of {}",
                op.mnemonic(),
                V(self, self.graph.handle(pos)),
                here.mnemonic(),
                V(self, self.graph.handle(self.graph.values[pos as usize].a))
            ),
        )
    }

    // ---- type helpers ------------------------------------------------------

    /// Whether `ty` is an integer or a vector of integers (one type load
    /// for a scalar).
    #[inline]
    pub(crate) fn int_like(&self, ty: Type) -> bool {
        match self.type_data(ty) {
            TypeData::Int(_) => true,
            TypeData::Vector { elem, .. } => self.is_integer(*elem),
            _ => false,
        }
    }

    /// Whether `ty` is floating point or a vector of it.
    #[inline]
    pub(crate) fn fp_like(&self, ty: Type) -> bool {
        self.is_fp_or_fp_vector(ty)
    }

    /// `ty` with the shape of `shape`: `<N x ty>` when `shape` is a vector
    /// of N, else `ty`.
    pub(crate) fn with_shape_of(&mut self, ty: Type, shape: Type) -> Type {
        match self.vector_len(shape) {
            Some((n, false)) => self.vector_type(ty, n),
            Some((n, true)) => self.scalable_vector_type(ty, n),
            None => ty,
        }
    }

    /// LLVM's `CastInst::castIsValid(op, from, to)`.
    pub fn cast_is_valid(&self, op: Opcode, from: Type, to: Type) -> bool {
        let first_class = |t: Type| self.is_first_class(t) && !self.is_aggregate(t);
        if !op.is_cast() || !first_class(from) || !first_class(to) {
            return false;
        }
        let (fv, tv) = (self.vector_len(from), self.vector_len(to));
        let (fs, ts) = (self.scalar_type(from), self.scalar_type(to));
        let bits = |t: Type| -> u64 {
            self.int_width(t).map(u64::from).unwrap_or_else(|| {
                crate::constants::apfloat::FloatKind::of_type(self.type_data(t))
                    .map_or(0, |k| k.bit_width() as u64)
            })
        };
        let same_count = fv == tv;
        match op {
            Opcode::Trunc => {
                self.int_like(from) && self.int_like(to) && same_count && bits(fs) > bits(ts)
            }
            Opcode::ZExt | Opcode::SExt => {
                self.int_like(from) && self.int_like(to) && same_count && bits(fs) < bits(ts)
            }
            Opcode::FPTrunc => {
                self.fp_like(from) && self.fp_like(to) && same_count && bits(fs) > bits(ts)
            }
            Opcode::FPExt => {
                self.fp_like(from) && self.fp_like(to) && same_count && bits(fs) < bits(ts)
            }
            Opcode::UIToFP | Opcode::SIToFP => {
                self.int_like(from) && self.fp_like(to) && same_count
            }
            Opcode::FPToUI | Opcode::FPToSI => {
                self.fp_like(from) && self.int_like(to) && same_count
            }
            Opcode::PtrToInt => same_count && self.is_ptr_or_ptr_vector(from) && self.int_like(to),
            Opcode::IntToPtr => same_count && self.int_like(from) && self.is_ptr_or_ptr_vector(to),
            Opcode::BitCast => {
                let (fp, tp) = (self.ptr_addrspace(fs), self.ptr_addrspace(ts));
                if fp.is_some() != tp.is_some() {
                    return false;
                }
                if fp.is_none() {
                    // Equal primitive sizes (`getPrimitiveSizeInBits`):
                    // element bits times the (minimum) count, scalability
                    // included.
                    let size = |s: Type, v: Option<(u32, bool)>| {
                        let b = match self.type_data(s) {
                            TypeData::X86Amx => 8192,
                            _ => bits(s),
                        };
                        (
                            b * v.map_or(1, |(n, _)| u64::from(n)),
                            v.is_some_and(|x| x.1),
                        )
                    };
                    let (a, b) = (size(fs, fv), size(ts, tv));
                    return a.0 != 0 && a == b;
                }
                if fp != tp {
                    return false;
                }
                match (fv, tv) {
                    (Some(a), Some(b)) => a == b,
                    (Some(a), None) => a == (1, false),
                    (None, Some(b)) => b == (1, false),
                    (None, None) => true,
                }
            }
            Opcode::AddrSpaceCast => {
                let (Some(fp), Some(tp)) = (self.ptr_addrspace(fs), self.ptr_addrspace(ts)) else {
                    return false;
                };
                fp != tp && same_count
            }
            _ => false,
        }
    }

    /// LLVM's `GetElementPtrInst::getIndexedType`: the type a GEP over
    /// source element type `src` with `indices` points at, or `None` when
    /// the indices are invalid. The first index steps over the pointer and
    /// is not checked here; each later one indexes an array or vector (any
    /// integer or integer vector) or a struct (an `i32` constant, or a
    /// splat vector of one, below the field count).
    pub fn gep_indexed_type(&self, src: Type, indices: &[Value]) -> Option<Type> {
        let mut t = src;
        for &idx in indices.iter().skip(1) {
            if let Some(fields) = self.struct_elements(t) {
                let it = self.type_of(idx);
                if self.int_width(self.scalar_type(it)) != Some(32) || self.is_scalable(it) {
                    return None;
                }
                let i = self.const_splat_int(idx)?;
                t = *fields.get(usize::try_from(i).ok()?)?;
            } else {
                if !self.is_int_or_int_vector(self.type_of(idx)) {
                    return None;
                }
                t = match self.type_data(t) {
                    TypeData::Array { .. } | TypeData::Vector { .. } => self.element_type(t)?,
                    _ => return None,
                };
            }
        }
        Some(t)
    }

    /// The value of an integer constant, or of the common element of a
    /// splat integer vector constant (LLVM `getSplatValue` then
    /// `ConstantInt`), zero-extended; `None` otherwise.
    fn const_splat_int(&self, v: Value) -> Option<u64> {
        if self.value_kind(v) != ValueKind::Constant {
            return None;
        }
        match self.const_kind(v) {
            ConstKind::Int => {
                let d = self.graph.get(v);
                if self.int_width(d.ty).is_some_and(|w| w <= 64) && self.const_payload(v).is_none()
                {
                    // Up to 64 bits the value is the record's `a`/`b`
                    // (masked to the width): no `APInt`.
                    return Some(u64::from(d.a) | u64::from(d.b) << 32);
                }
                self.const_int_value(v)?.try_to_u64()
            }
            ConstKind::Zero if self.vector_len(self.type_of(v)).is_some() => Some(0),
            ConstKind::DataVector => {
                let d = self.const_data(v)?;
                let first = *d.first()?;
                d.iter().all(|&x| x == first).then_some(first)
            }
            ConstKind::Vector => {
                let first = self.operand(v, 0)?;
                let n = self.num_operands(v);
                (1..n)
                    .all(|i| self.operand(v, i) == Some(first))
                    .then(|| crate::stack::deep(|| self.const_splat_int(first)))?
            }
            _ => None,
        }
    }

    /// The type of element `i` of an aggregate (struct field, array
    /// element within its length), as extractvalue/insertvalue index it.
    pub fn aggregate_element_type(&self, ty: Type, i: u32) -> Option<Type> {
        if let Some(fields) = self.struct_elements(ty) {
            return fields.get(i as usize).copied();
        }
        match self.array_len(ty) {
            Some(n) if (i as u64) < n => self.element_type(ty),
            _ => None,
        }
    }

    /// LLVM's `ExtractValueInst::getIndexedType`: the type at `idx` inside
    /// aggregate type `agg`, `None` for an empty or invalid index list.
    pub fn value_indexed_type(&self, agg: Type, idx: &[u32]) -> Option<Type> {
        if idx.is_empty() {
            return None;
        }
        let mut t = agg;
        for &i in idx {
            t = self.aggregate_element_type(t, i)?;
        }
        Some(t)
    }

    // ---- one check per shape --------------------------------------------

    /// Binary operator: equal operand types of the opcode's family
    /// (`BinaryOperator::AssertOK`). Returns the result type.
    pub(crate) fn check_binary(&self, who: &str, op: Opcode, a: Type, b: Type) -> Type {
        if a != b {
            fail(
                who,
                format_args!(
                    "the operands of `{}` have different types, {} and {}",
                    op.mnemonic(),
                    T(self, a),
                    T(self, b)
                ),
            );
        }
        let ok = if op.is_fp_binary() {
            self.fp_like(a)
        } else {
            self.int_like(a)
        };
        if !ok {
            self.bad_binary_family(who, op, a);
        }
        a
    }

    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn bad_binary_family(&self, who: &str, op: Opcode, ty: Type) -> ! {
        fail(
            who,
            format_args!(
                "`{}` takes {} operands, got {}",
                op.mnemonic(),
                if op.is_fp_binary() || op == Opcode::FNeg {
                    "floating-point (or vector of floating-point)"
                } else {
                    "integer (or vector of integer)"
                },
                T(self, ty)
            ),
        )
    }

    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn bad_binary_types(&self, who: &str, op: Opcode, a: Type, b: Type) -> ! {
        self.check_binary(who, op, a, b);
        unreachable!("the check failed")
    }

    /// `fneg`: a floating-point operand.
    pub(crate) fn check_fneg(&self, who: &str, a: Value) -> Type {
        let t = self.type_of(a);
        if !self.fp_like(t) {
            self.bad_binary_family(who, Opcode::FNeg, t);
        }
        t
    }

    /// `icmp`/`fcmp` (`CmpInst::AssertOK`): equal operand types, integers
    /// or pointers for `icmp`, floating point for `fcmp`, a predicate of
    /// the opcode's kind. Returns `i1` or `<N x i1>`.
    pub(crate) fn check_cmp(
        &mut self,
        who: &str,
        op: Opcode,
        p: Predicate,
        a: Value,
        b: Value,
    ) -> Type {
        let (ta, tb) = (self.type_of(a), self.type_of(b));
        let int = op == Opcode::ICmp;
        if p.is_int() != int {
            fail(
                who,
                format_args!("`{}` cannot take predicate `{}`", op.mnemonic(), p.name()),
            );
        }
        if ta != tb {
            fail(
                who,
                format_args!(
                    "the operands of `{}` have different types, {} and {}",
                    op.mnemonic(),
                    T(self, ta),
                    T(self, tb)
                ),
            );
        }
        let ok = if int {
            self.int_like(ta) || self.is_ptr_or_ptr_vector(ta)
        } else {
            self.fp_like(ta)
        };
        if !ok {
            fail(
                who,
                format_args!(
                    "`{}` takes {} operands, got {}",
                    op.mnemonic(),
                    if int {
                        "integer or pointer (or vector of them)"
                    } else {
                        "floating-point (or vector of floating-point)"
                    },
                    T(self, ta)
                ),
            );
        }
        let i1 = self.i1_type();
        self.with_shape_of(i1, ta)
    }

    /// `select` (`SelectInst::areInvalidOperands`). Returns the arms' type.
    pub(crate) fn check_select(&self, who: &str, c: Value, t: Value, f: Value) -> Type {
        let (tc, tt, tf) = (self.type_of(c), self.type_of(t), self.type_of(f));
        if tt != tf {
            fail(
                who,
                format_args!(
                    "both values of a select must have the same type, got {} and {}",
                    T(self, tt),
                    T(self, tf)
                ),
            );
        }
        if self.is_token(tt) {
            fail(who, format_args!("select values cannot have token type"));
        }
        let i1 = self.i1_type();
        match self.vector_len(tc) {
            Some(n) => {
                if self.scalar_type(tc) != i1 {
                    fail(
                        who,
                        format_args!(
                            "a vector select condition must be a vector of i1, got {}",
                            T(self, tc)
                        ),
                    );
                }
                if self.vector_len(tt) != Some(n) {
                    fail(
                        who,
                        format_args!(
                            "a select on {} needs vectors of the same length, got {}",
                            T(self, tc),
                            T(self, tt)
                        ),
                    );
                }
            }
            None if tc != i1 => fail(
                who,
                format_args!(
                    "the select condition must be i1 or a vector of i1, got {}",
                    T(self, tc)
                ),
            ),
            None => {}
        }
        tt
    }

    /// A cast of `v` to `to` (`castIsValid`).
    pub(crate) fn check_cast(&self, who: &str, op: Opcode, v: Value, to: Type) {
        if !op.is_cast() {
            fail(who, format_args!("`{}` is not a cast", op.mnemonic()));
        }
        let from = self.type_of(v);
        if !self.cast_is_valid(op, from, to) {
            fail(
                who,
                format_args!(
                    "`{}` cannot cast {} to {}",
                    op.mnemonic(),
                    T(self, from),
                    T(self, to)
                ),
            );
        }
    }

    /// Checks that `p` is a pointer (`what` names the operand).
    #[inline]
    pub(crate) fn check_ptr_operand(&self, who: &str, what: &str, p: Value) {
        let t = self.type_of(p);
        if !self.is_ptr(t) {
            fail(
                who,
                format_args!("the {what} must be a pointer, got {}", T(self, t)),
            );
        }
    }

    /// `load ty, ptr p`: a sized first-class type, a pointer operand.
    pub(crate) fn check_load(&self, who: &str, ty: Type, p: Value) {
        self.check_ptr_operand(who, "address of a load", p);
        if !self.is_first_class(ty) || !self.is_sized(ty) {
            fail(
                who,
                format_args!("cannot load a value of unsized type {}", T(self, ty)),
            );
        }
    }

    /// `store v, ptr p`: a pointer address, a sized value.
    pub(crate) fn check_store(&self, who: &str, v: Value, p: Value) {
        let (tv, tp) = (self.type_of(v), self.type_of(p));
        if !self.is_ptr(tp) {
            fail(
                who,
                format_args!(
                    "the address of a store (its second operand) must be a pointer, got {} (the stored value is {}; are the operands swapped?)",
                    T(self, tp),
                    T(self, tv)
                ),
            );
        }
        if !self.is_first_class(tv) || !self.is_sized(tv) {
            fail(
                who,
                format_args!("cannot store a value of unsized type {}", T(self, tv)),
            );
        }
    }

    /// `alloca ty, count`: a sized type, an integer count.
    pub(crate) fn check_alloca(&self, who: &str, ty: Type, count: Value) {
        if !self.is_sized(ty) {
            fail(
                who,
                format_args!("cannot allocate unsized type {}", T(self, ty)),
            );
        }
        let ct = self.type_of(count);
        if !self.is_integer(ct) {
            fail(
                who,
                format_args!(
                    "the element count of an alloca must be an integer, got {}",
                    T(self, ct)
                ),
            );
        }
    }

    /// `getelementptr src, base, indices`. Returns the result type (a
    /// pointer, or a vector of pointers for a vector GEP).
    pub(crate) fn check_gep(
        &mut self,
        who: &str,
        src: Type,
        base: Value,
        indices: &[Value],
    ) -> Type {
        let bt = self.type_of(base);
        if !self.is_ptr_or_ptr_vector(bt) {
            fail(
                who,
                format_args!(
                    "the base of a getelementptr must be a pointer or a vector of pointers, got {}",
                    T(self, bt)
                ),
            );
        }
        let mut n = self.vector_len(bt);
        for (k, &i) in indices.iter().enumerate() {
            let it = self.type_of(i);
            if !self.int_like(it) {
                fail(
                    who,
                    format_args!("getelementptr index {k} must be an integer or a vector of integers, got {}", T(self, it)),
                );
            }
            if let Some(m) = self.vector_len(it) {
                if n.is_some_and(|n| n != m) {
                    fail(
                        who,
                        format_args!(
                            "getelementptr vector index {k} has {} lanes where the GEP has {}",
                            T(self, it),
                            n.map_or(0, |n| n.0)
                        ),
                    );
                }
                n = Some(m);
            }
        }
        if !indices.is_empty() && !self.is_sized(src) {
            fail(
                who,
                format_args!("getelementptr into unsized type {}", T(self, src)),
            );
        }
        if self.gep_indexed_type(src, indices).is_none() {
            fail(
                who,
                format_args!("invalid getelementptr indices for {}", T(self, src)),
            );
        }
        let p = self.scalar_type(bt);
        match n {
            Some((n, false)) => self.vector_type(p, n),
            Some((n, true)) => self.scalable_vector_type(p, n),
            None => p,
        }
    }

    /// `extractvalue agg, idx...`. Returns the indexed type.
    pub(crate) fn check_extract_value(&self, who: &str, agg: Value, idx: &[u32]) -> Type {
        let at = self.type_of(agg);
        match self.value_indexed_type(at, idx) {
            Some(t) => t,
            None => fail(
                who,
                format_args!("invalid indices {idx:?} into {}", T(self, at)),
            ),
        }
    }

    /// `insertvalue agg, v, idx...`. Returns the aggregate type.
    pub(crate) fn check_insert_value(&self, who: &str, agg: Value, v: Value, idx: &[u32]) -> Type {
        let t = self.check_extract_value(who, agg, idx);
        let vt = self.type_of(v);
        if vt != t {
            fail(
                who,
                format_args!(
                    "the inserted value has type {}, the element at {idx:?} is {}",
                    T(self, vt),
                    T(self, t)
                ),
            );
        }
        self.type_of(agg)
    }

    fn check_vector_operand(&self, who: &str, what: &str, v: Value) -> Type {
        let t = self.type_of(v);
        if !self.is_vector(t) {
            fail(
                who,
                format_args!("the {what} must be a vector, got {}", T(self, t)),
            );
        }
        t
    }

    fn check_lane_index(&self, who: &str, idx: Value) {
        let t = self.type_of(idx);
        if !self.is_integer(t) {
            fail(
                who,
                format_args!("the lane index must be an integer, got {}", T(self, t)),
            );
        }
    }

    /// `extractelement vec, idx`. Returns the element type.
    pub(crate) fn check_extract_element(&self, who: &str, vec: Value, idx: Value) -> Type {
        let vt = self.check_vector_operand(who, "operand of extractelement", vec);
        self.check_lane_index(who, idx);
        self.scalar_type(vt)
    }

    /// `insertelement vec, v, idx`. Returns the vector type.
    pub(crate) fn check_insert_element(&self, who: &str, vec: Value, v: Value, idx: Value) -> Type {
        let vt = self.check_vector_operand(who, "first operand of insertelement", vec);
        let (et, t) = (self.scalar_type(vt), self.type_of(v));
        if t != et {
            fail(
                who,
                format_args!(
                    "the inserted element has type {}, the vector's elements are {}",
                    T(self, t),
                    T(self, et)
                ),
            );
        }
        self.check_lane_index(who, idx);
        vt
    }

    /// `shufflevector a, b, mask` (`isValidOperands`). Returns the result
    /// vector type.
    pub(crate) fn check_shuffle(&mut self, who: &str, a: Value, b: Value, mask: &[i32]) -> Type {
        let at = self.check_vector_operand(who, "first operand of shufflevector", a);
        let bt = self.type_of(b);
        if at != bt {
            fail(
                who,
                format_args!(
                    "both operands of shufflevector must have the same type, got {} and {}",
                    T(self, at),
                    T(self, bt)
                ),
            );
        }
        let (n, scalable) = self.vector_len(at).expect("a vector");
        if mask.is_empty() {
            fail(who, format_args!("a shufflevector mask cannot be empty"));
        }
        if scalable {
            if (mask[0] != 0 && mask[0] != -1) || mask.iter().any(|&m| m != mask[0]) {
                fail(
                    who,
                    format_args!("a scalable shufflevector mask must be all zero or all poison, got {mask:?}"),
                );
            }
        } else if let Some(&bad) = mask
            .iter()
            .find(|&&m| m < -1 || i64::from(m) >= 2 * i64::from(n))
        {
            fail(
                who,
                format_args!(
                    "shufflevector mask element {bad} is out of range for two {} operands",
                    T(self, at)
                ),
            );
        }
        let e = self.scalar_type(at);
        if scalable {
            self.scalable_vector_type(e, mask.len() as u32)
        } else {
            self.vector_type(e, mask.len() as u32)
        }
    }

    /// A call of function type `fn_ty` through `callee` with `args`
    /// (`CallInst::init`): a pointer callee, the argument count (more only
    /// for a varargs type) and each fixed argument's type. Returns the
    /// return type.
    pub(crate) fn check_call(&self, who: &str, fn_ty: Type, callee: Value, args: &[Value]) -> Type {
        let Some((ret, params, varargs)) = self.function_parts(fn_ty) else {
            fail(
                who,
                format_args!("a call needs a function type, got {}", T(self, fn_ty)),
            );
        };
        let ct = self.type_of(callee);
        if !self.is_ptr(ct) {
            fail(
                who,
                format_args!(
                    "the callee {} must be a pointer, got {}",
                    V(self, callee),
                    T(self, ct)
                ),
            );
        }
        let n = params.len();
        if args.len() != n && !(varargs && args.len() > n) {
            fail(
                who,
                format_args!(
                    "{} takes {}{n} argument{}, got {}",
                    V(self, callee),
                    if varargs { "at least " } else { "" },
                    if n == 1 { "" } else { "s" },
                    args.len()
                ),
            );
        }
        for (k, &a) in args.iter().enumerate() {
            let at = self.type_of(a);
            match params.get(k) {
                Some(&p) if p != at => fail(
                    who,
                    format_args!(
                        "argument {k} of {} has type {}, the callee's parameter {k} is {}",
                        V(self, callee),
                        T(self, at),
                        T(self, p)
                    ),
                ),
                None if !self.is_first_class(at) || self.is_label(at) => fail(
                    who,
                    format_args!(
                        "variadic argument {k} of {} has type {}",
                        V(self, callee),
                        T(self, at)
                    ),
                ),
                _ => {}
            }
        }
        ret
    }

    /// `ret [v]` in function `f` (raw index, `NONE`: unknown, not
    /// checked): no value for a `void` function, else one of its return
    /// type.
    pub(crate) fn check_ret(&self, who: &str, f: u32, v: Option<Value>) {
        if f == NONE {
            return;
        }
        let func = Function(self.graph.handle(f));
        let ret = self
            .function_parts(self.signature(func))
            .expect("a function type")
            .0;
        match v {
            None if !self.is_void(ret) => fail(
                who,
                format_args!(
                    "`ret void` in {}, which returns {}",
                    V(self, func.0),
                    T(self, ret)
                ),
            ),
            Some(v) if self.type_of(v) != ret => fail(
                who,
                format_args!(
                    "`ret {}` in {}, which returns {}",
                    T(self, self.type_of(v)),
                    V(self, func.0),
                    T(self, ret)
                ),
            ),
            _ => {}
        }
    }

    /// The condition of `br`: `i1`.
    pub(crate) fn check_branch_cond(&self, who: &str, c: Value) {
        let t = self.type_of(c);
        if t != self.i1_type() {
            fail(
                who,
                format_args!("a branch condition must be i1, got {}", T(self, t)),
            );
        }
    }

    /// The condition of `switch`: an integer.
    pub(crate) fn check_switch_cond(&self, who: &str, c: Value) {
        let t = self.type_of(c);
        if !self.is_integer(t) {
            fail(
                who,
                format_args!("a switch condition must be an integer, got {}", T(self, t)),
            );
        }
    }

    /// A switch case value: an integer constant of the condition's type.
    pub(crate) fn check_switch_case(&self, who: &str, cond_ty: Option<Type>, v: Value) {
        let t = self.type_of(v);
        let is_int_const =
            self.value_kind(v) == ValueKind::Constant && self.const_kind(v) == ConstKind::Int;
        if !is_int_const {
            fail(
                who,
                format_args!(
                    "a switch case must be an integer constant, got {} of type {}",
                    V(self, v),
                    T(self, t)
                ),
            );
        }
        if let Some(ct) = cond_ty {
            if ct != t {
                fail(
                    who,
                    format_args!(
                        "a switch case has type {}, the condition is {}",
                        T(self, t),
                        T(self, ct)
                    ),
                );
            }
        }
    }

    /// A PHI's type: first class, not a token (the verifier's local rule).
    pub(crate) fn check_phi_type(&self, who: &str, ty: Type) {
        if !self.is_first_class(ty)
            || self.is_token(ty)
            || self.is_label(ty)
            || self.is_metadata(ty)
        {
            fail(who, format_args!("a PHI cannot have type {}", T(self, ty)));
        }
    }

    /// A PHI incoming value of type `vt` on a PHI of type `ty`.
    #[cold]
    #[inline(never)]
    #[track_caller]
    pub(crate) fn bad_incoming(&self, who: &str, v: Value, ty: Type) -> ! {
        fail(
            who,
            format_args!(
                "incoming value {} has type {}, the PHI is {}",
                V(self, v),
                T(self, self.type_of(v)),
                T(self, ty)
            ),
        )
    }

    /// `cmpxchg ptr p, cmp, new`: an integer or pointer value type. Returns
    /// `{ T, i1 }`.
    pub(crate) fn check_cmpxchg(&mut self, who: &str, p: Value, cmp: Value, new: Value) -> Type {
        self.check_ptr_operand(who, "address of a cmpxchg", p);
        let (tc, tn) = (self.type_of(cmp), self.type_of(new));
        if tc != tn {
            fail(
                who,
                format_args!("the compare value and the new value of a cmpxchg have different types, {} and {}", T(self, tc), T(self, tn)),
            );
        }
        if !self.is_integer(tc) && !self.is_ptr(tc) {
            fail(
                who,
                format_args!(
                    "cmpxchg operands must be integers or pointers, got {}",
                    T(self, tc)
                ),
            );
        }
        let i1 = self.i1_type();
        self.struct_type(&[tc, i1], false)
    }

    /// `atomicrmw op ptr p, v` (LLVM 19's operand rules per operation).
    /// Returns the value type.
    pub(crate) fn check_atomicrmw(&self, who: &str, op: RmwOp, p: Value, v: Value) -> Type {
        self.check_ptr_operand(who, "address of an atomicrmw", p);
        let t = self.type_of(v);
        let ok = match op {
            RmwOp::Xchg => self.is_integer(t) || self.is_fp(t) || self.is_ptr(t),
            RmwOp::FAdd | RmwOp::FSub | RmwOp::FMax | RmwOp::FMin => {
                self.is_fp(t) || (self.vector_len(t).is_some_and(|(_, s)| !s) && self.fp_like(t))
            }
            _ => self.is_integer(t),
        };
        if !ok {
            fail(
                who,
                format_args!("`atomicrmw {}` cannot operate on {}", op.name(), T(self, t)),
            );
        }
        t
    }

    /// Checks that `pad` is an instruction of opcode `want` (the funclet
    /// pads' `cast<>`s).
    pub(crate) fn check_pad(&self, who: &str, what: &str, pad: Value, want: &[Opcode]) {
        let ok = self.value_kind(pad) == ValueKind::Instruction
            && want.contains(&self.opcode(Inst(pad)));
        if !ok {
            fail(
                who,
                format_args!(
                    "the {what} must be a `{}`, got {}",
                    want.iter()
                        .map(|o| o.mnemonic())
                        .collect::<Vec<_>>()
                        .join("` or `"),
                    V(self, pad)
                ),
            );
        }
    }

    /// Checks that `v` has type `token` (a funclet parent: `none` or a
    /// pad).
    pub(crate) fn check_token(&self, who: &str, what: &str, v: Value) {
        let t = self.type_of(v);
        if !self.is_token(t) {
            fail(
                who,
                format_args!(
                    "the {what} must be a token, got {} of type {}",
                    V(self, v),
                    T(self, t)
                ),
            );
        }
    }

    // ---- the dispatcher ------------------------------------------------------

    /// Checks operands `ops` (in storage order), payload and flags-free
    /// shape of an instruction of opcode `op`, as LLVM's constructor for
    /// that opcode would, and returns the result type it would have.
    /// `ty` is the given result type where the opcode does not determine
    /// it (casts, loads, allocas, PHIs, `va_arg`, `landingpad`). Operands
    /// that are dropped cannot be passed here. `flags` are the stored
    /// flags (the predicate of a compare, the operation of an atomicrmw).
    pub(crate) fn check_inst_operands(
        &mut self,
        who: &str,
        op: Opcode,
        ty: Type,
        ops: &[Value],
        payload: &InstPayload,
        flags: u16,
    ) -> Type {
        let n = ops.len();
        let void = self.void_type();
        let need = |k: usize| {
            if n < k {
                fail(
                    who,
                    format_args!("`{}` needs at least {k} operands, got {n}", op.mnemonic()),
                );
            }
        };
        let payload_err =
            |what: &str| -> ! { fail(who, format_args!("`{}` needs {what}", op.mnemonic())) };
        match op {
            _ if op.is_binary() => {
                let (a, b) = (self.type_of(ops[0]), self.type_of(ops[1]));
                self.check_binary(who, op, a, b)
            }
            Opcode::FNeg => self.check_fneg(who, ops[0]),
            Opcode::ICmp | Opcode::FCmp => {
                let p = Predicate::from_u16(flags & 0xff).unwrap_or(Predicate::FFalse);
                self.check_cmp(who, op, p, ops[0], ops[1])
            }
            _ if op.is_cast() => {
                self.check_cast(who, op, ops[0], ty);
                ty
            }
            Opcode::Select => self.check_select(who, ops[0], ops[1], ops[2]),
            Opcode::Freeze => self.type_of(ops[0]),
            Opcode::VAArg => {
                self.check_ptr_operand(who, "va_list operand of va_arg", ops[0]);
                ty
            }
            Opcode::Load => {
                self.check_load(who, ty, ops[0]);
                ty
            }
            Opcode::Store => {
                self.check_store(who, ops[0], ops[1]);
                void
            }
            Opcode::Alloca => {
                let InstPayload::Ty(t) = payload else {
                    payload_err("an InstPayload::Ty with the allocated type")
                };
                self.check_alloca(who, *t, ops[0]);
                if !self.is_ptr(ty) {
                    fail(
                        who,
                        format_args!("an alloca has a pointer type, got {}", T(self, ty)),
                    );
                }
                ty
            }
            Opcode::GetElementPtr => {
                need(1);
                let InstPayload::Ty(src) = payload else {
                    payload_err("an InstPayload::Ty with the source element type")
                };
                self.check_gep(who, *src, ops[0], &ops[1..])
            }
            Opcode::Fence => void,
            Opcode::AtomicCmpXchg => self.check_cmpxchg(who, ops[0], ops[1], ops[2]),
            Opcode::AtomicRMW => {
                let rmw = RmwOp::ALL[crate::inst::mem::extra(flags) as usize % RmwOp::ALL.len()];
                self.check_atomicrmw(who, rmw, ops[0], ops[1])
            }
            Opcode::ExtractValue | Opcode::InsertValue => {
                let InstPayload::Indices(idx) = payload else {
                    payload_err("an InstPayload::Indices")
                };
                if op == Opcode::ExtractValue {
                    self.check_extract_value(who, ops[0], idx)
                } else {
                    self.check_insert_value(who, ops[0], ops[1], idx)
                }
            }
            Opcode::ExtractElement => self.check_extract_element(who, ops[0], ops[1]),
            Opcode::InsertElement => self.check_insert_element(who, ops[0], ops[1], ops[2]),
            Opcode::ShuffleVector => {
                let InstPayload::Mask(m) = payload else {
                    payload_err("an InstPayload::Mask")
                };
                let m = m.clone();
                self.check_shuffle(who, ops[0], ops[1], &m)
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                let InstPayload::Call(cd) = payload else {
                    payload_err("an InstPayload::Call with the callee's function type")
                };
                let Some(fn_ty) = cd.fn_ty else {
                    payload_err("an InstPayload::Call with the callee's function type")
                };
                let bundle_ops: usize = cd.bundles.iter().map(|b| b.len as usize).sum();
                let dests = match op {
                    Opcode::Invoke => 2,
                    Opcode::CallBr => 1 + cd.num_indirect as usize,
                    _ => 0,
                };
                need(1 + dests + bundle_ops);
                let nargs = n - 1 - dests - bundle_ops;
                for &d in &ops[nargs + bundle_ops..n - 1] {
                    self.check_block(who, d);
                }
                self.check_call(who, fn_ty, ops[n - 1], &ops[..nargs])
            }
            Opcode::Ret => {
                if n > 1 {
                    fail(
                        who,
                        format_args!("`ret` takes at most one operand, got {n}"),
                    );
                }
                void
            }
            Opcode::Br => {
                match n {
                    1 => self.check_block(who, ops[0]),
                    3 => {
                        self.check_branch_cond(who, ops[0]);
                        self.check_block(who, ops[1]);
                        self.check_block(who, ops[2]);
                    }
                    _ => fail(who, format_args!("`br` takes 1 or 3 operands, got {n}")),
                }
                void
            }
            Opcode::Switch => {
                need(2);
                if !n.is_multiple_of(2) {
                    fail(
                        who,
                        format_args!("a switch has an even number of operands, got {n}"),
                    );
                }
                self.check_switch_cond(who, ops[0]);
                self.check_block(who, ops[1]);
                let ct = self.type_of(ops[0]);
                for pair in ops[2..].chunks(2) {
                    self.check_switch_case(who, Some(ct), pair[0]);
                    self.check_block(who, pair[1]);
                }
                void
            }
            Opcode::IndirectBr => {
                need(1);
                self.check_ptr_operand(who, "address of an indirectbr", ops[0]);
                for &d in &ops[1..] {
                    self.check_block(who, d);
                }
                void
            }
            Opcode::Resume | Opcode::Unreachable => void,
            Opcode::Phi => {
                self.check_phi_type(who, ty);
                let blocks: &[Value] = match payload {
                    InstPayload::Phi { blocks, .. } => blocks,
                    InstPayload::None => &[],
                    _ => payload_err("an InstPayload::Phi"),
                };
                if blocks.len() != n {
                    fail(
                        who,
                        format_args!(
                            "a PHI with {n} incoming values has {} incoming blocks",
                            blocks.len()
                        ),
                    );
                }
                for (&v, &b) in ops.iter().zip(blocks) {
                    if self.type_of(v) != ty {
                        self.bad_incoming(who, v, ty);
                    }
                    self.check_block(who, b);
                }
                ty
            }
            Opcode::LandingPad => {
                let clauses: &[bool] = match payload {
                    InstPayload::Grow { clauses, .. } => clauses,
                    InstPayload::None => &[],
                    _ => payload_err("an InstPayload::Grow with the clause kinds"),
                };
                if clauses.len() != n {
                    fail(
                        who,
                        format_args!(
                            "a landingpad with {n} clauses has {} clause kinds",
                            clauses.len()
                        ),
                    );
                }
                let clauses = clauses.to_vec();
                for (&c, catch) in ops.iter().zip(clauses) {
                    self.check_clause(who, c, catch);
                }
                ty
            }
            Opcode::CatchSwitch => {
                need(1);
                self.check_token(who, "parent of a catchswitch", ops[0]);
                for &d in &ops[1..] {
                    self.check_block(who, d);
                }
                self.token_type()
            }
            Opcode::CatchPad => {
                need(1);
                self.check_pad(
                    who,
                    "catchswitch of a catchpad",
                    ops[n - 1],
                    &[Opcode::CatchSwitch],
                );
                self.token_type()
            }
            Opcode::CleanupPad => {
                need(1);
                self.check_token(who, "parent of a cleanuppad", ops[n - 1]);
                self.token_type()
            }
            Opcode::CatchRet => {
                self.check_pad(who, "pad of a catchret", ops[0], &[Opcode::CatchPad]);
                self.check_block(who, ops[1]);
                void
            }
            Opcode::CleanupRet => {
                need(1);
                if n > 2 {
                    fail(
                        who,
                        format_args!("`cleanupret` takes 1 or 2 operands, got {n}"),
                    );
                }
                self.check_pad(who, "pad of a cleanupret", ops[0], &[Opcode::CleanupPad]);
                if n == 2 {
                    self.check_block(who, ops[1]);
                }
                void
            }
            _ => unreachable!("every opcode has a shape: {op:?}"),
        }
    }

    /// A landingpad clause: a pointer for `catch`, an array constant for
    /// `filter`.
    pub(crate) fn check_clause(&self, who: &str, c: Value, catch: bool) {
        let t = self.type_of(c);
        if !self.value_kind(c).is_constant() {
            fail(
                who,
                format_args!("a landingpad clause must be a constant, got {}", V(self, c)),
            );
        }
        if catch && !self.is_ptr(t) {
            fail(
                who,
                format_args!("a catch clause must be a pointer, got {}", T(self, t)),
            );
        }
        if !catch && !self.is_array(t) {
            fail(
                who,
                format_args!(
                    "a filter clause must be an array constant, got {}",
                    T(self, t)
                ),
            );
        }
    }

    /// The checks of [`check_inst_operands`](Self::check_inst_operands)
    /// for a new instruction whose result type `ty` is given: the derived
    /// type must be `ty`.
    pub(crate) fn check_new_inst(
        &mut self,
        who: &str,
        op: Opcode,
        ty: Type,
        ops: &[Value],
        payload: &InstPayload,
        flags: u16,
    ) {
        let want = self.check_inst_operands(who, op, ty, ops, payload, flags);
        if want != ty {
            fail(
                who,
                format_args!(
                    "a `{}` of these operands has type {}, got {}",
                    op.mnemonic(),
                    T(self, want),
                    T(self, ty)
                ),
            );
        }
    }

    /// The local operands (and PHI incoming blocks) of instruction `i`
    /// against function `f` (raw index) it is placed in, and `ret` against
    /// `f`'s return type.
    pub(crate) fn check_placement(&self, who: &str, i: Inst, f: u32) {
        if f == NONE {
            return;
        }
        let blk = self.graph.get(i.0).a;
        for o in self.operands(i.0).flatten() {
            self.check_local(who, o, f, blk);
        }
        if let InstPayload::Phi { blocks, .. } = self.payload(i) {
            for &b in blocks {
                self.check_local(who, b, f, blk);
            }
        }
        if self.opcode(i) == Opcode::Ret {
            match (self.num_operands(i.0), self.operands(i.0).next().flatten()) {
                (0, _) => self.check_ret(who, f, None),
                (_, Some(v)) => self.check_ret(who, f, Some(v)),
                _ => {}
            }
        }
    }
}
