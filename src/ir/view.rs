//! Typed instruction views: [`InstView`], one variant per opcode (binary
//! operators and casts grouped, their opcode carrying its flags), with
//! operands as [`Value`]s and [`Block`]s, flags as their typed values and
//! payloads as slices.
//!
//! Owns the mapping from operand storage order (LLVM's U11 layouts, see
//! `asm/printer/inst.rs`) to named fields, so a pass matches
//! `InstView::Load { ptr, ty, align, .. }` instead of indexing operands and
//! masking bits. An instruction with a dropped operand views as
//! [`InstView::Incomplete`]: every other variant's operands are present.
//! It does not own the flag encodings (`inst/flags.rs`, `flags.rs`) nor
//! construction (`check.rs`, the builder).

use super::inst::{Bundle, CallData, InstPayload};
use super::{Block, Inst};
use crate::entity::NONE;
use crate::inst::{
    bits, mem, Disjoint, Exact, FastMathFlags, FloatPredicate, GepFlags, IntPredicate, NonNeg,
    Opcode, Ordering, Predicate, RmwOp, SyncScope, TailKind, WrapFlags,
};
use crate::types::{Align, Type};
use crate::value::{UseData, Value};
use crate::Context;

/// Operands that are all present, as values (arguments of a call, GEP
/// indices, pad arguments).
#[derive(Copy, Clone)]
pub struct ValueList<'a> {
    ctx: &'a Context,
    uses: &'a [UseData],
}

impl<'a> ValueList<'a> {
    /// The number of values.
    #[inline]
    pub fn len(&self) -> usize {
        self.uses.len()
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.uses.is_empty()
    }
    /// Value `i`, if in range.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Value> {
        self.uses.get(i).map(|u| self.ctx.graph.handle(u.val))
    }
    /// The values, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Value> + 'a {
        let ctx = self.ctx;
        self.uses.iter().map(move |u| ctx.graph.handle(u.val))
    }
}

impl core::fmt::Debug for ValueList<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Block operands (indirectbr destinations, catchswitch handlers, callbr
/// indirect destinations).
#[derive(Copy, Clone)]
pub struct BlockList<'a>(ValueList<'a>);

impl<'a> BlockList<'a> {
    /// The number of blocks.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Block `i`, if in range.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Block> {
        self.0.get(i).map(Block)
    }
    /// The blocks, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Block> + 'a {
        self.0.iter().map(Block)
    }
}

impl core::fmt::Debug for BlockList<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The `(value, block)` incoming pairs of a PHI.
#[derive(Copy, Clone, Debug)]
pub struct PhiIncoming<'a> {
    values: ValueList<'a>,
    blocks: &'a [Value],
}

impl<'a> PhiIncoming<'a> {
    /// The number of pairs.
    #[inline]
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    /// Pair `i`, if in range.
    pub fn get(&self, i: usize) -> Option<(Value, Block)> {
        Some((self.values.get(i)?, Block(*self.blocks.get(i)?)))
    }
    /// The incoming values, in order.
    pub fn values(&self) -> ValueList<'a> {
        self.values
    }
    /// The pairs, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Value, Block)> + 'a {
        let blocks = self.blocks;
        self.values.iter().zip(blocks.iter().map(|&b| Block(b)))
    }
}

/// The `(case value, destination)` pairs of a switch.
#[derive(Copy, Clone)]
pub struct SwitchCases<'a>(ValueList<'a>);

impl<'a> SwitchCases<'a> {
    /// The number of cases.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len() / 2
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Case `i`, if in range.
    pub fn get(&self, i: usize) -> Option<(Value, Block)> {
        Some((self.0.get(2 * i)?, Block(self.0.get(2 * i + 1)?)))
    }
    /// The cases, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Value, Block)> + 'a {
        let l = self.0;
        (0..l.len() / 2).map(move |i| {
            (
                l.ctx.graph.handle(l.uses[2 * i].val),
                Block(l.ctx.graph.handle(l.uses[2 * i + 1].val)),
            )
        })
    }
}

impl core::fmt::Debug for SwitchCases<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// What a landingpad clause catches.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum ClauseKind {
    /// `catch <type info>`
    Catch,
    /// `filter <array of type infos>`
    Filter,
}

/// The clauses of a landingpad.
#[derive(Copy, Clone, Debug)]
pub struct Clauses<'a> {
    values: ValueList<'a>,
    kinds: &'a [bool],
}

impl<'a> Clauses<'a> {
    /// The number of clauses.
    #[inline]
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    /// The clauses, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (ClauseKind, Value)> + 'a {
        let kinds = self.kinds;
        self.values.iter().enumerate().map(move |(i, v)| {
            let catch = kinds.get(i).copied().unwrap_or(true);
            (
                if catch {
                    ClauseKind::Catch
                } else {
                    ClauseKind::Filter
                },
                v,
            )
        })
    }
}

/// The operand bundles of a call, invoke or callbr.
#[derive(Copy, Clone)]
pub struct Bundles<'a> {
    all: ValueList<'a>,
    bundles: &'a [Bundle],
}

impl<'a> Bundles<'a> {
    /// The number of bundles.
    #[inline]
    pub fn len(&self) -> usize {
        self.bundles.len()
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bundles.is_empty()
    }
    /// The bundles, in order: tag and operands.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'a [u8], ValueList<'a>)> + 'a {
        let all = self.all;
        self.bundles.iter().map(move |b| {
            let s = (b.start as usize).min(all.uses.len());
            let e = (s + b.len as usize).min(all.uses.len());
            (
                &*b.tag,
                ValueList {
                    ctx: all.ctx,
                    uses: &all.uses[s..e],
                },
            )
        })
    }
}

impl core::fmt::Debug for Bundles<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A binary operator with its flags.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[allow(missing_docs)] // each variant is its opcode
pub enum BinaryOp {
    Add(WrapFlags),
    Sub(WrapFlags),
    Mul(WrapFlags),
    Shl(WrapFlags),
    UDiv(Exact),
    SDiv(Exact),
    LShr(Exact),
    AShr(Exact),
    URem,
    SRem,
    And,
    Or(Disjoint),
    Xor,
    FAdd(FastMathFlags),
    FSub(FastMathFlags),
    FMul(FastMathFlags),
    FDiv(FastMathFlags),
    FRem(FastMathFlags),
}

impl BinaryOp {
    /// The opcode.
    pub fn opcode(self) -> Opcode {
        use BinaryOp::*;
        match self {
            Add(_) => Opcode::Add,
            Sub(_) => Opcode::Sub,
            Mul(_) => Opcode::Mul,
            Shl(_) => Opcode::Shl,
            UDiv(_) => Opcode::UDiv,
            SDiv(_) => Opcode::SDiv,
            LShr(_) => Opcode::LShr,
            AShr(_) => Opcode::AShr,
            URem => Opcode::URem,
            SRem => Opcode::SRem,
            And => Opcode::And,
            Or(_) => Opcode::Or,
            Xor => Opcode::Xor,
            FAdd(_) => Opcode::FAdd,
            FSub(_) => Opcode::FSub,
            FMul(_) => Opcode::FMul,
            FDiv(_) => Opcode::FDiv,
            FRem(_) => Opcode::FRem,
        }
    }

    fn from_parts(op: Opcode, flags: u16) -> BinaryOp {
        use BinaryOp::*;
        let w = bits::wrap_of(flags);
        let one = flags & bits::ONE_FLAG != 0;
        let fm = bits::fmf_of(flags);
        match op {
            Opcode::Add => Add(w),
            Opcode::Sub => Sub(w),
            Opcode::Mul => Mul(w),
            Opcode::Shl => Shl(w),
            Opcode::UDiv => UDiv(Exact(one)),
            Opcode::SDiv => SDiv(Exact(one)),
            Opcode::LShr => LShr(Exact(one)),
            Opcode::AShr => AShr(Exact(one)),
            Opcode::URem => URem,
            Opcode::SRem => SRem,
            Opcode::And => And,
            Opcode::Or => Or(Disjoint(one)),
            Opcode::Xor => Xor,
            Opcode::FAdd => FAdd(fm),
            Opcode::FSub => FSub(fm),
            Opcode::FMul => FMul(fm),
            Opcode::FDiv => FDiv(fm),
            Opcode::FRem => FRem(fm),
            _ => unreachable!("not a binary operator: {op:?}"),
        }
    }
}

/// A cast with its flags.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[allow(missing_docs)] // each variant is its opcode
pub enum CastOp {
    Trunc(WrapFlags),
    ZExt(NonNeg),
    SExt,
    FPToUI,
    FPToSI,
    UIToFP(NonNeg),
    SIToFP,
    FPTrunc,
    FPExt,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

impl CastOp {
    /// The opcode.
    pub fn opcode(self) -> Opcode {
        use CastOp::*;
        match self {
            Trunc(_) => Opcode::Trunc,
            ZExt(_) => Opcode::ZExt,
            SExt => Opcode::SExt,
            FPToUI => Opcode::FPToUI,
            FPToSI => Opcode::FPToSI,
            UIToFP(_) => Opcode::UIToFP,
            SIToFP => Opcode::SIToFP,
            FPTrunc => Opcode::FPTrunc,
            FPExt => Opcode::FPExt,
            PtrToInt => Opcode::PtrToInt,
            IntToPtr => Opcode::IntToPtr,
            BitCast => Opcode::BitCast,
            AddrSpaceCast => Opcode::AddrSpaceCast,
        }
    }

    fn from_parts(op: Opcode, flags: u16) -> CastOp {
        use CastOp::*;
        let nneg = NonNeg(flags & bits::ONE_FLAG != 0);
        match op {
            Opcode::Trunc => Trunc(bits::wrap_of(flags)),
            Opcode::ZExt => ZExt(nneg),
            Opcode::SExt => SExt,
            Opcode::FPToUI => FPToUI,
            Opcode::FPToSI => FPToSI,
            Opcode::UIToFP => UIToFP(nneg),
            Opcode::SIToFP => SIToFP,
            Opcode::FPTrunc => FPTrunc,
            Opcode::FPExt => FPExt,
            Opcode::PtrToInt => PtrToInt,
            Opcode::IntToPtr => IntToPtr,
            Opcode::BitCast => BitCast,
            Opcode::AddrSpaceCast => AddrSpaceCast,
            _ => unreachable!("not a cast: {op:?}"),
        }
    }
}

/// One instruction, by opcode, with named operands and typed flags. Made
/// by [`Context::view`].
#[derive(Copy, Clone, Debug)]
pub enum InstView<'a> {
    /// `ret <value>` / `ret void` (`None`).
    Ret {
        /// The returned value.
        value: Option<Value>,
    },
    /// `br label <dest>`.
    Br {
        /// The destination.
        dest: Block,
    },
    /// `br i1 <cond>, label <if_true>, label <if_false>`.
    CondBr {
        /// The condition.
        cond: Value,
        /// The destination when true.
        if_true: Block,
        /// The destination when false.
        if_false: Block,
    },
    /// `switch <cond>, label <default> [cases]`.
    Switch {
        /// The condition.
        cond: Value,
        /// The default destination.
        default: Block,
        /// The `(value, destination)` cases.
        cases: SwitchCases<'a>,
    },
    /// `indirectbr ptr <addr>, [dests]`.
    IndirectBr {
        /// The address.
        addr: Value,
        /// The possible destinations.
        dests: BlockList<'a>,
    },
    /// `invoke`.
    Invoke {
        /// The called value.
        callee: Value,
        /// The callee's function type.
        fn_ty: Type,
        /// The arguments.
        args: ValueList<'a>,
        /// The operand bundles.
        bundles: Bundles<'a>,
        /// The normal destination.
        normal: Block,
        /// The unwind destination.
        unwind: Block,
        /// Calling convention and attributes.
        data: &'a CallData,
    },
    /// `resume <value>`.
    Resume {
        /// The exception value.
        value: Value,
    },
    /// `unreachable`.
    Unreachable,
    /// `cleanupret from <pad> unwind label <u>` / `unwind to caller`.
    CleanupRet {
        /// The cleanuppad.
        pad: Value,
        /// The unwind destination (`None`: to the caller).
        unwind: Option<Block>,
    },
    /// `catchret from <pad> to label <dest>`.
    CatchRet {
        /// The catchpad.
        pad: Value,
        /// The destination.
        dest: Block,
    },
    /// `catchswitch within <parent> [handlers] unwind ...`.
    CatchSwitch {
        /// The parent pad or `none`.
        parent: Value,
        /// The unwind destination (`None`: to the caller).
        unwind: Option<Block>,
        /// The handlers.
        handlers: BlockList<'a>,
    },
    /// `callbr`.
    CallBr {
        /// The called value.
        callee: Value,
        /// The callee's function type.
        fn_ty: Type,
        /// The arguments.
        args: ValueList<'a>,
        /// The operand bundles.
        bundles: Bundles<'a>,
        /// The fallthrough destination.
        default: Block,
        /// The indirect destinations.
        indirect: BlockList<'a>,
        /// Calling convention and attributes.
        data: &'a CallData,
    },
    /// `fneg`.
    FNeg {
        /// The operand.
        operand: Value,
        /// Fast-math flags.
        fast_math: FastMathFlags,
    },
    /// A binary operator.
    Binary {
        /// The operator with its flags.
        op: BinaryOp,
        /// The left operand.
        lhs: Value,
        /// The right operand.
        rhs: Value,
    },
    /// `alloca`.
    Alloca {
        /// The allocated type.
        allocated: Type,
        /// The element count.
        count: Value,
        /// The alignment, if given.
        align: Option<Align>,
        /// The address space of the result.
        addrspace: u32,
        /// `inalloca`
        inalloca: bool,
        /// `swifterror`
        swifterror: bool,
    },
    /// `load`.
    Load {
        /// The loaded type.
        ty: Type,
        /// The address.
        ptr: Value,
        /// The alignment, if given.
        align: Option<Align>,
        /// `volatile`
        volatile: bool,
        /// `NotAtomic` for a plain load.
        ordering: Ordering,
        /// The sync scope of an atomic load.
        scope: SyncScope<'a>,
    },
    /// `store`.
    Store {
        /// The stored value.
        value: Value,
        /// The address.
        ptr: Value,
        /// The alignment, if given.
        align: Option<Align>,
        /// `volatile`
        volatile: bool,
        /// `NotAtomic` for a plain store.
        ordering: Ordering,
        /// The sync scope of an atomic store.
        scope: SyncScope<'a>,
    },
    /// `getelementptr`.
    GetElementPtr {
        /// The source element type.
        source: Type,
        /// The base pointer.
        base: Value,
        /// The indices.
        indices: ValueList<'a>,
        /// `inbounds`, `nusw`, `nuw`.
        flags: GepFlags,
    },
    /// `fence`.
    Fence {
        /// The ordering.
        ordering: Ordering,
        /// The sync scope.
        scope: SyncScope<'a>,
    },
    /// `cmpxchg`.
    CmpXchg {
        /// The address.
        ptr: Value,
        /// The expected value.
        cmp: Value,
        /// The new value.
        new: Value,
        /// The success ordering.
        success: Ordering,
        /// The failure ordering.
        failure: Ordering,
        /// `weak`
        weak: bool,
        /// `volatile`
        volatile: bool,
        /// The alignment, if given.
        align: Option<Align>,
        /// The sync scope.
        scope: SyncScope<'a>,
    },
    /// `atomicrmw`.
    AtomicRmw {
        /// The operation.
        op: RmwOp,
        /// The address.
        ptr: Value,
        /// The operand.
        value: Value,
        /// The ordering.
        ordering: Ordering,
        /// `volatile`
        volatile: bool,
        /// The alignment, if given.
        align: Option<Align>,
        /// The sync scope.
        scope: SyncScope<'a>,
    },
    /// A cast.
    Cast {
        /// The cast with its flags.
        op: CastOp,
        /// The operand.
        value: Value,
        /// The result type.
        to: Type,
    },
    /// `cleanuppad within <parent> [args]`.
    CleanupPad {
        /// The parent pad or `none`.
        parent: Value,
        /// The arguments.
        args: ValueList<'a>,
    },
    /// `catchpad within <catch_switch> [args]`.
    CatchPad {
        /// The catchswitch.
        catch_switch: Value,
        /// The arguments.
        args: ValueList<'a>,
    },
    /// `icmp`.
    ICmp {
        /// The predicate.
        pred: IntPredicate,
        /// The left operand.
        lhs: Value,
        /// The right operand.
        rhs: Value,
    },
    /// `fcmp`.
    FCmp {
        /// The predicate.
        pred: FloatPredicate,
        /// The left operand.
        lhs: Value,
        /// The right operand.
        rhs: Value,
        /// Fast-math flags.
        fast_math: FastMathFlags,
    },
    /// `phi`.
    Phi {
        /// The type.
        ty: Type,
        /// The incoming pairs.
        incoming: PhiIncoming<'a>,
        /// Fast-math flags (empty unless of FP type).
        fast_math: FastMathFlags,
    },
    /// `call`.
    Call {
        /// The called value.
        callee: Value,
        /// The callee's function type.
        fn_ty: Type,
        /// The arguments.
        args: ValueList<'a>,
        /// The operand bundles.
        bundles: Bundles<'a>,
        /// `tail`, `musttail`, `notail`.
        tail: TailKind,
        /// Fast-math flags (empty unless of FP type).
        fast_math: FastMathFlags,
        /// Calling convention and attributes.
        data: &'a CallData,
    },
    /// `select`.
    Select {
        /// The condition.
        cond: Value,
        /// The value when true.
        if_true: Value,
        /// The value when false.
        if_false: Value,
        /// Fast-math flags (empty unless of FP type).
        fast_math: FastMathFlags,
    },
    /// `va_arg`.
    VAArg {
        /// The `va_list` pointer.
        list: Value,
        /// The argument type.
        ty: Type,
    },
    /// `extractelement`.
    ExtractElement {
        /// The vector.
        vector: Value,
        /// The lane index.
        index: Value,
    },
    /// `insertelement`.
    InsertElement {
        /// The vector.
        vector: Value,
        /// The inserted element.
        value: Value,
        /// The lane index.
        index: Value,
    },
    /// `shufflevector`.
    ShuffleVector {
        /// The first vector.
        lhs: Value,
        /// The second vector.
        rhs: Value,
        /// The mask (-1: a poison lane).
        mask: &'a [i32],
    },
    /// `extractvalue`.
    ExtractValue {
        /// The aggregate.
        aggregate: Value,
        /// The indices.
        indices: &'a [u32],
    },
    /// `insertvalue`.
    InsertValue {
        /// The aggregate.
        aggregate: Value,
        /// The inserted value.
        value: Value,
        /// The indices.
        indices: &'a [u32],
    },
    /// `landingpad`.
    LandingPad {
        /// The result type.
        ty: Type,
        /// `cleanup`
        cleanup: bool,
        /// The clauses.
        clauses: Clauses<'a>,
    },
    /// `freeze`.
    Freeze {
        /// The operand.
        value: Value,
    },
    /// An instruction with a dropped operand (after
    /// [`drop_all_references`](Context::drop_all_references) or
    /// `set_operand(.., None)`), or whose payload does not fit its opcode
    /// (only edits inside the crate can make one: `create_inst` checks
    /// the payload and the payload's mutable access is crate-private):
    /// read its operands with [`Context::operand`].
    Incomplete {
        /// The opcode.
        opcode: Opcode,
    },
}

impl InstView<'_> {
    /// The opcode of the viewed instruction.
    pub fn opcode(&self) -> Opcode {
        use InstView::*;
        match self {
            Ret { .. } => Opcode::Ret,
            Br { .. } | CondBr { .. } => Opcode::Br,
            Switch { .. } => Opcode::Switch,
            IndirectBr { .. } => Opcode::IndirectBr,
            Invoke { .. } => Opcode::Invoke,
            Resume { .. } => Opcode::Resume,
            Unreachable => Opcode::Unreachable,
            CleanupRet { .. } => Opcode::CleanupRet,
            CatchRet { .. } => Opcode::CatchRet,
            CatchSwitch { .. } => Opcode::CatchSwitch,
            CallBr { .. } => Opcode::CallBr,
            FNeg { .. } => Opcode::FNeg,
            Binary { op, .. } => op.opcode(),
            Alloca { .. } => Opcode::Alloca,
            Load { .. } => Opcode::Load,
            Store { .. } => Opcode::Store,
            GetElementPtr { .. } => Opcode::GetElementPtr,
            Fence { .. } => Opcode::Fence,
            CmpXchg { .. } => Opcode::AtomicCmpXchg,
            AtomicRmw { .. } => Opcode::AtomicRMW,
            Cast { op, .. } => op.opcode(),
            CleanupPad { .. } => Opcode::CleanupPad,
            CatchPad { .. } => Opcode::CatchPad,
            ICmp { .. } => Opcode::ICmp,
            FCmp { .. } => Opcode::FCmp,
            Phi { .. } => Opcode::Phi,
            Call { .. } => Opcode::Call,
            Select { .. } => Opcode::Select,
            VAArg { .. } => Opcode::VAArg,
            ExtractElement { .. } => Opcode::ExtractElement,
            InsertElement { .. } => Opcode::InsertElement,
            ShuffleVector { .. } => Opcode::ShuffleVector,
            ExtractValue { .. } => Opcode::ExtractValue,
            InsertValue { .. } => Opcode::InsertValue,
            LandingPad { .. } => Opcode::LandingPad,
            Freeze { .. } => Opcode::Freeze,
            Incomplete { opcode } => *opcode,
        }
    }
}

/// # Instruction views
///
/// An instruction as an [`InstView`]: named operands, typed flags.
impl Context {
    /// Whether an operand of `user` was dropped (reads as `None`).
    pub fn has_dropped_operand(&self, user: impl Into<Value>) -> bool {
        self.graph
            .operand_slice(user.into())
            .iter()
            .any(|u| u.val == NONE)
    }

    /// The typed view of instruction `i` (LLVM's `dyn_cast` to its
    /// subclass, and the subclass's accessors, in one match). O(1): lists
    /// are borrowed, not copied.
    ///
    /// ```
    /// # use lair::{Context, builder::Builder, ir::view::InstView};
    /// # let mut ctx = Context::new();
    /// # let m = ctx.create_module("m");
    /// # let (i32t, ptr) = (ctx.i32_type(), ctx.ptr_type(0));
    /// # let fty = ctx.function_type(i32t, &[ptr], false);
    /// # let f = ctx.add_function(m, "f", fty);
    /// # let blk = ctx.append_block(f, "entry");
    /// # let p = ctx.arg(f, 0);
    /// let l = Builder::at_end(&mut ctx, blk).load(i32t, p, None);
    /// match ctx.view(ctx.as_inst(l).unwrap()) {
    ///     InstView::Load { ptr, ty, volatile, .. } => {
    ///         assert_eq!((ptr, ty, volatile), (p, i32t, false));
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    ///
    /// # Panics
    /// If `i` is stale or not an instruction.
    pub fn view(&self, i: Inst) -> InstView<'_> {
        let d = self.graph.get(i.0);
        if !d.is(crate::value::ValueKind::Instruction) {
            panic!(
                "Context::view: {:?} is a {:?}, not an instruction",
                i.0,
                d.kind()
            );
        }
        let (op, flags, ty) = (self.opcode(i), d.flags, d.ty);
        let uses = self.graph.operand_slice(i.0);
        if uses.iter().any(|u| u.val == NONE) {
            return InstView::Incomplete { opcode: op };
        }
        let incomplete = InstView::Incomplete { opcode: op };
        let n = uses.len();
        let v = |k: usize| self.graph.handle(uses[k].val);
        let b = |k: usize| Block(v(k));
        let list = |r: core::ops::Range<usize>| ValueList {
            ctx: self,
            uses: &uses[r],
        };
        let payload = self.payload(i);
        let fmf = |on: bool| {
            if on {
                bits::fmf_of(flags)
            } else {
                FastMathFlags::NONE
            }
        };
        let align = mem::align_of(flags);
        let volatile = flags & mem::VOLATILE != 0;
        let ordering = Ordering::from_bits(flags >> mem::ORDER_SHIFT);
        let scope = || match self.extra(i).and_then(|e| e.sync_scope.as_deref()) {
            Some(s) => SyncScope::from_name(s),
            None => SyncScope::System,
        };
        use InstView as V;
        match op {
            _ if op.is_binary() => V::Binary {
                op: BinaryOp::from_parts(op, flags),
                lhs: v(0),
                rhs: v(1),
            },
            _ if op.is_cast() => V::Cast {
                op: CastOp::from_parts(op, flags),
                value: v(0),
                to: ty,
            },
            Opcode::Ret => V::Ret {
                value: (n > 0).then(|| v(0)),
            },
            Opcode::Br if n == 1 => V::Br { dest: b(0) },
            Opcode::Br if n == 3 => V::CondBr {
                cond: v(0),
                if_false: b(1),
                if_true: b(2),
            },
            Opcode::Switch if n >= 2 => V::Switch {
                cond: v(0),
                default: b(1),
                cases: SwitchCases(list(2..n - (n % 2))),
            },
            Opcode::IndirectBr if n >= 1 => V::IndirectBr {
                addr: v(0),
                dests: BlockList(list(1..n)),
            },
            Opcode::Resume => V::Resume { value: v(0) },
            Opcode::Unreachable => V::Unreachable,
            Opcode::CleanupRet if n >= 1 => V::CleanupRet {
                pad: v(0),
                unwind: (n > 1).then(|| b(1)),
            },
            Opcode::CatchRet => V::CatchRet {
                pad: v(0),
                dest: b(1),
            },
            Opcode::CatchSwitch if n >= 1 => {
                let has_unwind = flags & bits::CATCHSWITCH_HAS_UNWIND != 0 && n >= 2;
                let first = if has_unwind { 2 } else { 1 };
                V::CatchSwitch {
                    parent: v(0),
                    unwind: has_unwind.then(|| b(1)),
                    handlers: BlockList(list(first..n)),
                }
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                let InstPayload::Call(cd) = payload else {
                    return incomplete;
                };
                let Some(fn_ty) = cd.fn_ty else {
                    return incomplete;
                };
                let bundle_ops: usize = cd.bundles.iter().map(|b| b.len as usize).sum();
                let dests = match op {
                    Opcode::Invoke => 2,
                    Opcode::CallBr => 1 + cd.num_indirect as usize,
                    _ => 0,
                };
                if n < 1 + dests + bundle_ops {
                    return incomplete;
                }
                let nargs = n - 1 - dests - bundle_ops;
                let args = list(0..nargs);
                let bundles = Bundles {
                    all: list(0..n),
                    bundles: &cd.bundles,
                };
                let callee = v(n - 1);
                let d0 = nargs + bundle_ops;
                match op {
                    Opcode::Call => V::Call {
                        callee,
                        fn_ty,
                        args,
                        bundles,
                        tail: cd.tail,
                        fast_math: fmf(self.is_fp_math_type(ty)),
                        data: cd,
                    },
                    Opcode::Invoke => V::Invoke {
                        callee,
                        fn_ty,
                        args,
                        bundles,
                        normal: b(d0),
                        unwind: b(d0 + 1),
                        data: cd,
                    },
                    _ => V::CallBr {
                        callee,
                        fn_ty,
                        args,
                        bundles,
                        default: b(d0),
                        indirect: BlockList(list(d0 + 1..n - 1)),
                        data: cd,
                    },
                }
            }
            Opcode::FNeg => V::FNeg {
                operand: v(0),
                fast_math: fmf(true),
            },
            Opcode::Alloca => {
                let InstPayload::Ty(allocated) = payload else {
                    return incomplete;
                };
                V::Alloca {
                    allocated: *allocated,
                    count: v(0),
                    align,
                    addrspace: self.ptr_addrspace(ty).unwrap_or(0),
                    inalloca: flags & mem::WEAK != 0,
                    swifterror: flags & mem::SWIFTERROR != 0,
                }
            }
            Opcode::Load => V::Load {
                ty,
                ptr: v(0),
                align,
                volatile,
                ordering,
                scope: scope(),
            },
            Opcode::Store => V::Store {
                value: v(0),
                ptr: v(1),
                align,
                volatile,
                ordering,
                scope: scope(),
            },
            Opcode::GetElementPtr if n >= 1 => {
                let InstPayload::Ty(source) = payload else {
                    return incomplete;
                };
                V::GetElementPtr {
                    source: *source,
                    base: v(0),
                    indices: list(1..n),
                    flags: bits::gep_of(flags),
                }
            }
            Opcode::Fence => V::Fence {
                ordering,
                scope: scope(),
            },
            Opcode::AtomicCmpXchg => V::CmpXchg {
                ptr: v(0),
                cmp: v(1),
                new: v(2),
                success: ordering,
                failure: Ordering::from_bits(mem::extra(flags)),
                weak: flags & mem::WEAK != 0,
                volatile,
                align,
                scope: scope(),
            },
            Opcode::AtomicRMW => V::AtomicRmw {
                op: RmwOp::ALL[mem::extra(flags) as usize % RmwOp::ALL.len()],
                ptr: v(0),
                value: v(1),
                ordering,
                volatile,
                align,
                scope: scope(),
            },
            Opcode::CleanupPad if n >= 1 => V::CleanupPad {
                parent: v(n - 1),
                args: list(0..n - 1),
            },
            Opcode::CatchPad if n >= 1 => V::CatchPad {
                catch_switch: v(n - 1),
                args: list(0..n - 1),
            },
            Opcode::ICmp | Opcode::FCmp => {
                let p = Predicate::from_u16(flags & 0xff);
                match (
                    op,
                    p.and_then(Predicate::as_int),
                    p.and_then(Predicate::as_float),
                ) {
                    (Opcode::ICmp, Some(pred), _) => V::ICmp {
                        pred,
                        lhs: v(0),
                        rhs: v(1),
                    },
                    (Opcode::FCmp, _, Some(pred)) => V::FCmp {
                        pred,
                        lhs: v(0),
                        rhs: v(1),
                        fast_math: bits::fmf_of(flags >> 8),
                    },
                    _ => incomplete,
                }
            }
            Opcode::Phi => {
                let blocks: &[Value] = match payload {
                    InstPayload::Phi { blocks, .. } => blocks,
                    _ => &[],
                };
                if blocks.len() != n {
                    return incomplete;
                }
                V::Phi {
                    ty,
                    incoming: PhiIncoming {
                        values: list(0..n),
                        blocks,
                    },
                    fast_math: fmf(self.is_fp_math_type(ty)),
                }
            }
            Opcode::Select => V::Select {
                cond: v(0),
                if_true: v(1),
                if_false: v(2),
                fast_math: fmf(self.is_fp_math_type(ty)),
            },
            Opcode::VAArg => V::VAArg { list: v(0), ty },
            Opcode::ExtractElement => V::ExtractElement {
                vector: v(0),
                index: v(1),
            },
            Opcode::InsertElement => V::InsertElement {
                vector: v(0),
                value: v(1),
                index: v(2),
            },
            Opcode::ShuffleVector => match payload {
                InstPayload::Mask(mask) => V::ShuffleVector {
                    lhs: v(0),
                    rhs: v(1),
                    mask,
                },
                _ => incomplete,
            },
            Opcode::ExtractValue => match payload {
                InstPayload::Indices(indices) => V::ExtractValue {
                    aggregate: v(0),
                    indices,
                },
                _ => incomplete,
            },
            Opcode::InsertValue => match payload {
                InstPayload::Indices(indices) => V::InsertValue {
                    aggregate: v(0),
                    value: v(1),
                    indices,
                },
                _ => incomplete,
            },
            Opcode::LandingPad => {
                let (kinds, cleanup): (&[bool], bool) = match payload {
                    InstPayload::Grow {
                        clauses, cleanup, ..
                    } => (clauses, *cleanup),
                    _ => (&[], false),
                };
                V::LandingPad {
                    ty,
                    cleanup,
                    clauses: Clauses {
                        values: list(0..n),
                        kinds,
                    },
                }
            }
            Opcode::Freeze => V::Freeze { value: v(0) },
            _ => incomplete,
        }
    }
}
