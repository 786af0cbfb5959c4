//! The instruction builder: a cursor and one method per opcode, folding
//! constant operands where LLVM's default `ConstantFolder` would.
//!
//! Owns [`Builder`] and [`Cursor`] and the folding of constant operands for
//! integer binary operators, integer comparisons, integer casts, select
//! and GEP (which becomes a constant expression). It does not own the
//! instruction representation (`ir/inst.rs`) nor layout-aware folding.
//!
//! # Costs
//!
//! At the end of a block, creation, linking and placement are one step
//! (`append_new_inst`); binary operators, which read their operands' records
//! anyway, use `append_new_inst_live`, which does not check them live twice.
//!
//! `Context::phi_add_incoming` is `#[inline]` with its growth `#[cold]`; it
//! reads the capacity from the PHI's extra and appends through
//! `Graph::push_inst_operand` without re-reading the PHI's record. What is
//! left is a chain of dependent loads (generation, record, `side_idx`, side
//! record, the 104-byte `InstExtra`), which bounds the phi_grow workload. A
//! fused pre-linked write, a capacity in a tagged reserved slot, reserving
//! the top run without writing it and a one-entry last-PHI cache all
//! measured no gain; closing the gap needs the capacity and block list one
//! load from the PHI.
//!
//! `intrinsic_declaration` is LLVM's `Intrinsic::getDeclaration`: get or
//! insert by name, in the program address space of the module's layout; it
//! panics where LLVM would return a global of another kind or type.
//! `Builder::call_intrinsic` is `CreateIntrinsic`.

use crate::constants::ConstKind;
use crate::inst::{self, Opcode, Ordering, Predicate, RmwOp, TailKind};
use crate::ir::inst::{CallData, InstPayload};
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::{Block, Function, Inst, Module};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;

/// Where the builder inserts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cursor {
    /// At the end of a block.
    End(Block),
    /// Just before an instruction.
    Before(Inst),
}

/// An IRBuilder: inserts each new instruction at its cursor.
pub struct Builder<'a> {
    /// The context everything is created in.
    pub ctx: &'a mut Context,
    cursor: Cursor,
    fold: bool,
}

impl<'a> Builder<'a> {
    /// A builder inserting at the end of `b`.
    pub fn at_end(ctx: &'a mut Context, b: Block) -> Self {
        Builder {
            ctx,
            cursor: Cursor::End(b),
            fold: true,
        }
    }

    /// A builder inserting before `i`.
    pub fn before(ctx: &'a mut Context, i: Inst) -> Self {
        Builder {
            ctx,
            cursor: Cursor::Before(i),
            fold: true,
        }
    }

    /// Turns constant folding on or off (on by default).
    pub fn set_folding(&mut self, on: bool) {
        self.fold = on;
    }

    /// Moves the cursor to the end of `b`.
    pub fn position_at_end(&mut self, b: Block) {
        self.cursor = Cursor::End(b);
    }

    /// Moves the cursor before `i`.
    pub fn position_before(&mut self, i: Inst) {
        self.cursor = Cursor::Before(i);
    }

    /// The cursor.
    pub fn cursor(&self) -> Cursor {
        self.cursor
    }

    /// Inserts a detached instruction at the cursor (the one primitive the
    /// per-opcode methods go through).
    pub fn insert(&mut self, i: Inst) -> Inst {
        match self.cursor {
            Cursor::End(b) => self.ctx.append_inst(b, i),
            Cursor::Before(p) => self.ctx.insert_inst_before(p, i),
        }
        i
    }

    #[inline]
    fn build(
        &mut self,
        op: Opcode,
        ty: Type,
        ops: &[Value],
        flags: u16,
        payload: InstPayload,
    ) -> Inst {
        if let Cursor::End(b) = self.cursor {
            return self.ctx.append_new_inst(b, op, ty, ops, payload, flags);
        }
        let i = self.ctx.create_inst(op, ty, ops, payload);
        if flags != 0 {
            self.ctx.set_inst_flags(i, flags);
        }
        self.insert(i)
    }

    // ---- arithmetic ------------------------------------------------------

    /// A binary operator with flags (`inst::wrap`, `inst::EXACT`,
    /// `inst::DISJOINT`, `inst::fmf`), folded when both operands are
    /// integer constants, as LLVM's `ConstantFolder` (flags do not change
    /// the folded value; division by zero and out-of-range shifts fold to
    /// `poison`).
    ///
    /// # Panics
    /// If `op` is not a binary operator or the operand types differ.
    #[inline]
    pub fn binop(&mut self, op: Opcode, a: Value, b: Value, flags: u16) -> Value {
        assert!(
            op.is_binary(),
            "`{}` is not a binary operator",
            op.mnemonic()
        );
        let (ty, a_const) = {
            let d = self.ctx.graph.get(a);
            (d.ty, d.is_constant_kind())
        };
        let (ty_b, b_const) = {
            let d = self.ctx.graph.get(b);
            (d.ty, d.is_constant_kind())
        };
        assert_eq!(ty, ty_b, "binary operator operands must have the same type");
        if self.fold && a_const && b_const {
            if let Some(v) = self.ctx.fold_binop(op, a, b, flags) {
                return v;
            }
        }
        if let Cursor::End(blk) = self.cursor {
            // Both operands were checked live just above.
            return self.ctx.append_new_inst_live(blk, op, ty, &[a, b], flags).0;
        }
        self.build(op, ty, &[a, b], flags, InstPayload::None).0
    }

    /// `add`
    #[inline]
    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.binop(Opcode::Add, a, b, 0)
    }
    /// `sub`
    pub fn sub(&mut self, a: Value, b: Value) -> Value {
        self.binop(Opcode::Sub, a, b, 0)
    }
    /// `mul`
    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        self.binop(Opcode::Mul, a, b, 0)
    }
    /// `and`
    pub fn and(&mut self, a: Value, b: Value) -> Value {
        self.binop(Opcode::And, a, b, 0)
    }
    /// `or`
    pub fn or(&mut self, a: Value, b: Value) -> Value {
        self.binop(Opcode::Or, a, b, 0)
    }
    /// `xor`
    pub fn xor(&mut self, a: Value, b: Value) -> Value {
        self.binop(Opcode::Xor, a, b, 0)
    }
    /// `shl`
    pub fn shl(&mut self, a: Value, b: Value) -> Value {
        self.binop(Opcode::Shl, a, b, 0)
    }

    /// `fneg`
    pub fn fneg(&mut self, a: Value) -> Value {
        if self.fold {
            if let Some(v) = self.ctx.fold_unop(Opcode::FNeg, a) {
                return v;
            }
        }
        let ty = self.ctx.type_of(a);
        self.build(Opcode::FNeg, ty, &[a], 0, InstPayload::None).0
    }

    /// `icmp <pred>`, folded for constants as LLVM's `ConstantFolder`.
    pub fn icmp(&mut self, pred: Predicate, a: Value, b: Value) -> Value {
        assert!(pred.is_int(), "icmp needs an integer predicate");
        self.cmp(Opcode::ICmp, pred, a, b)
    }

    /// `fcmp <pred>`, folded for constants as LLVM's `ConstantFolder`.
    pub fn fcmp(&mut self, pred: Predicate, a: Value, b: Value) -> Value {
        assert!(!pred.is_int(), "fcmp needs a floating-point predicate");
        self.cmp(Opcode::FCmp, pred, a, b)
    }

    fn cmp(&mut self, op: Opcode, pred: Predicate, a: Value, b: Value) -> Value {
        if self.fold {
            if let Some(v) = self.ctx.fold_cmp(pred, a, b) {
                return v;
            }
        }
        let ty = self.cmp_result_type(a);
        self.build(op, ty, &[a, b], pred as u16, InstPayload::None)
            .0
    }

    fn cmp_result_type(&mut self, a: Value) -> Type {
        let t = self.ctx.type_of(a);
        let i1 = self.ctx.i1_type();
        match self.ctx.vector_len(t) {
            Some((n, false)) => self.ctx.vector_type(i1, n),
            Some((n, true)) => self.ctx.scalable_vector_type(i1, n),
            None => i1,
        }
    }

    /// A cast to `ty`, folded for constants as `Context::fold_cast`.
    pub fn cast(&mut self, op: Opcode, v: Value, ty: Type) -> Value {
        assert!(op.is_cast(), "`{}` is not a cast", op.mnemonic());
        if self.fold {
            if let Some(f) = self.ctx.fold_cast(op, v, ty) {
                return f;
            }
        }
        self.build(op, ty, &[v], 0, InstPayload::None).0
    }

    /// `select`, folded for constants as LLVM's `ConstantFolder`.
    pub fn select(&mut self, c: Value, t: Value, f: Value) -> Value {
        if self.fold {
            if let Some(v) = self.ctx.fold_select(c, t, f) {
                return v;
            }
        }
        let ty = self.ctx.type_of(t);
        self.build(Opcode::Select, ty, &[c, t, f], 0, InstPayload::None)
            .0
    }

    /// `freeze`
    pub fn freeze(&mut self, v: Value) -> Value {
        let ty = self.ctx.type_of(v);
        self.build(Opcode::Freeze, ty, &[v], 0, InstPayload::None).0
    }

    // ---- memory ----------------------------------------------------------

    /// `alloca <ty>, align <align>` (align in bytes, 0 = unspecified).
    pub fn alloca(&mut self, ty: Type, count: Option<Value>, align: u64) -> Value {
        let p = self.ctx.ptr_type(0);
        let n = match count {
            Some(n) => n,
            None => {
                let i32t = self.ctx.i32_type();
                self.ctx.const_int(i32t, 1)
            }
        };
        self.build(
            Opcode::Alloca,
            p,
            &[n],
            align_bits(align),
            InstPayload::Ty(ty),
        )
        .0
    }

    /// `load <ty>, ptr <p>, align <align>`.
    pub fn load(&mut self, ty: Type, p: Value, align: u64) -> Value {
        self.build(Opcode::Load, ty, &[p], align_bits(align), InstPayload::None)
            .0
    }

    /// `store <v>, ptr <p>, align <align>`.
    pub fn store(&mut self, v: Value, p: Value, align: u64) -> Inst {
        let void = self.ctx.void_type();
        self.build(
            Opcode::Store,
            void,
            &[v, p],
            align_bits(align),
            InstPayload::None,
        )
    }

    /// `fence <ordering>`.
    pub fn fence(&mut self, ord: Ordering) -> Inst {
        let void = self.ctx.void_type();
        self.build(
            Opcode::Fence,
            void,
            &[],
            (ord as u16) << inst::mem::ORDER_SHIFT,
            InstPayload::None,
        )
    }

    /// `atomicrmw <op> ptr <p>, <v> <ordering>`.
    pub fn atomicrmw(&mut self, op: RmwOp, p: Value, v: Value, ord: Ordering, align: u64) -> Value {
        let ty = self.ctx.type_of(v);
        let fl = align_bits(align)
            | (ord as u16) << inst::mem::ORDER_SHIFT
            | (op as u16) << inst::mem::EXTRA_SHIFT;
        self.build(Opcode::AtomicRMW, ty, &[p, v], fl, InstPayload::None)
            .0
    }

    /// `cmpxchg ptr <p>, <cmp>, <new> <success> <failure>`; yields `{ T, i1 }`.
    pub fn cmpxchg(
        &mut self,
        p: Value,
        cmp: Value,
        new: Value,
        success: Ordering,
        failure: Ordering,
        align: u64,
    ) -> Value {
        let t = self.ctx.type_of(cmp);
        let i1 = self.ctx.i1_type();
        let ty = self.ctx.struct_type(&[t, i1], false);
        let fl = align_bits(align)
            | (success as u16) << inst::mem::ORDER_SHIFT
            | (failure as u16) << inst::mem::EXTRA_SHIFT;
        self.build(
            Opcode::AtomicCmpXchg,
            ty,
            &[p, cmp, new],
            fl,
            InstPayload::None,
        )
        .0
    }

    /// `getelementptr [flags] <src>, ptr <base>, <indices...>`. With all
    /// operands constant, it becomes a constant expression (LLVM's
    /// folder); with no indices... the base itself.
    ///
    /// # Panics
    /// If the indices do not index `src` (LLVM's "invalid getelementptr
    /// indices": a struct index that is not an in-range `i32` constant, or
    /// indexing into a non-aggregate).
    pub fn gep(&mut self, src: Type, base: Value, indices: &[Value], flags: u16) -> Value {
        assert!(
            self.ctx.gep_indexed_type(src, indices).is_some(),
            "invalid getelementptr indices"
        );
        let ty = self.gep_result_type(src, base, indices);
        let mut ops = Vec::with_capacity(indices.len() + 1);
        ops.push(base);
        ops.extend_from_slice(indices);
        if self.fold && ops.iter().all(|&o| self.ctx.value_kind(o).is_constant()) {
            return self.ctx.const_gep(src, base, indices, flags, None);
        }
        self.build(Opcode::GetElementPtr, ty, &ops, flags, InstPayload::Ty(src))
            .0
    }

    fn gep_result_type(&mut self, _src: Type, base: Value, indices: &[Value]) -> Type {
        let bt = self.ctx.type_of(base);
        let mut n = self.ctx.vector_len(bt);
        for &i in indices {
            if let Some(v) = self.ctx.vector_len(self.ctx.type_of(i)) {
                n = Some(v);
            }
        }
        let p = self.ctx.scalar_type(bt);
        match n {
            Some((n, false)) => self.ctx.vector_type(p, n),
            Some((n, true)) => self.ctx.scalable_vector_type(p, n),
            None => p,
        }
    }

    // ---- aggregates and vectors ----------------------------------------

    /// `extractvalue <agg>, idx...`
    pub fn extract_value(&mut self, agg: Value, idx: &[u32]) -> Value {
        if self.fold {
            if let Some(v) = self.ctx.fold_extract_value(agg, idx) {
                return v;
            }
        }
        let mut t = self.ctx.type_of(agg);
        for &i in idx {
            t = self
                .ctx
                .aggregate_element_type(t, i)
                .expect("extractvalue index out of range");
        }
        self.build(
            Opcode::ExtractValue,
            t,
            &[agg],
            0,
            InstPayload::Indices(idx.into()),
        )
        .0
    }

    /// `insertvalue <agg>, <v>, idx...`
    pub fn insert_value(&mut self, agg: Value, v: Value, idx: &[u32]) -> Value {
        if self.fold {
            if let Some(f) = self.ctx.fold_insert_value(agg, v, idx) {
                return f;
            }
        }
        let t = self.ctx.type_of(agg);
        self.build(
            Opcode::InsertValue,
            t,
            &[agg, v],
            0,
            InstPayload::Indices(idx.into()),
        )
        .0
    }

    /// `extractelement <vec>, <idx>`
    pub fn extract_element(&mut self, vec: Value, idx: Value) -> Value {
        if self.fold {
            if let Some(f) = self.ctx.fold_extract_element(vec, idx) {
                return f;
            }
        }
        let t = self.ctx.scalar_type(self.ctx.type_of(vec));
        self.build(Opcode::ExtractElement, t, &[vec, idx], 0, InstPayload::None)
            .0
    }

    /// `insertelement <vec>, <v>, <idx>`
    pub fn insert_element(&mut self, vec: Value, v: Value, idx: Value) -> Value {
        if self.fold {
            if let Some(f) = self.ctx.fold_insert_element(vec, v, idx) {
                return f;
            }
        }
        let t = self.ctx.type_of(vec);
        self.build(
            Opcode::InsertElement,
            t,
            &[vec, v, idx],
            0,
            InstPayload::None,
        )
        .0
    }

    /// `shufflevector <a>, <b>, <mask>` (-1 = poison lane).
    pub fn shuffle_vector(&mut self, a: Value, b: Value, mask: &[i32]) -> Value {
        if self.fold {
            if let Some(f) = self.ctx.fold_shuffle_vector(a, b, mask) {
                return f;
            }
        }
        let at = self.ctx.type_of(a);
        let e = self.ctx.scalar_type(at);
        let scalable = self.ctx.vector_len(at).is_some_and(|(_, s)| s);
        let t = if scalable {
            self.ctx.scalable_vector_type(e, mask.len() as u32)
        } else {
            self.ctx.vector_type(e, mask.len() as u32)
        };
        self.build(
            Opcode::ShuffleVector,
            t,
            &[a, b],
            0,
            InstPayload::Mask(mask.into()),
        )
        .0
    }

    /// `va_arg ptr <list>, <ty>`
    pub fn va_arg(&mut self, list: Value, ty: Type) -> Value {
        self.build(Opcode::VAArg, ty, &[list], 0, InstPayload::None)
            .0
    }

    // ---- PHI and calls -------------------------------------------------

    /// An empty `phi <ty>` with room for `reserve` incoming entries; grow it
    /// with [`Context::phi_add_incoming`].
    pub fn phi(&mut self, ty: Type, reserve: u32) -> Inst {
        let i = self.build(
            Opcode::Phi,
            ty,
            &[],
            0,
            InstPayload::Phi {
                blocks: Vec::new(),
                cap: 0,
            },
        );
        if reserve > 0 {
            self.ctx.phi_reserve(i, reserve);
        }
        i
    }

    /// `call <fn_ty> <callee>(<args>)`.
    pub fn call(&mut self, fn_ty: Type, callee: Value, args: &[Value]) -> Value {
        let ret = self
            .ctx
            .function_parts(fn_ty)
            .expect("call needs a function type")
            .0;
        let mut ops = args.to_vec();
        ops.push(callee);
        let data = CallData {
            fn_ty: Some(fn_ty),
            tail: TailKind::None,
            ..Default::default()
        };
        self.build(
            Opcode::Call,
            ret,
            &ops,
            0,
            InstPayload::Call(Box::new(data)),
        )
        .0
    }

    /// `call` of a function of this context.
    pub fn call_function(&mut self, f: Function, args: &[Value]) -> Value {
        let fty = self.ctx.signature(f);
        self.call(fty, f.0, args)
    }

    // ---- terminators -----------------------------------------------------

    /// `ret <v>` / `ret void`.
    pub fn ret(&mut self, v: Option<Value>) -> Inst {
        let void = self.ctx.void_type();
        match v {
            Some(v) => self.build(Opcode::Ret, void, &[v], 0, InstPayload::None),
            None => self.build(Opcode::Ret, void, &[], 0, InstPayload::None),
        }
    }

    /// `br label <dest>`.
    pub fn br(&mut self, dest: Block) -> Inst {
        let void = self.ctx.void_type();
        self.build(Opcode::Br, void, &[dest.0], 0, InstPayload::None)
    }

    /// `br i1 <c>, label <t>, label <f>` (operands `[c, f, t]`, LLVM U11).
    pub fn cond_br(&mut self, c: Value, t: Block, f: Block) -> Inst {
        let void = self.ctx.void_type();
        self.build(Opcode::Br, void, &[c, f.0, t.0], 0, InstPayload::None)
    }

    /// `switch <cond>, label <default> [...]` with room for `reserve`
    /// cases; add them with [`Context::switch_add_case`].
    pub fn switch(&mut self, cond: Value, default: Block, reserve: u32) -> Inst {
        let void = self.ctx.void_type();
        let i = self.build(
            Opcode::Switch,
            void,
            &[cond, default.0],
            0,
            InstPayload::None,
        );
        self.ctx.grow_reserve(i, 2 + 2 * reserve);
        i
    }

    /// `indirectbr ptr <addr>, [...]`.
    pub fn indirect_br(&mut self, addr: Value, dests: &[Block]) -> Inst {
        let void = self.ctx.void_type();
        let mut ops = vec![addr];
        ops.extend(dests.iter().map(|b| b.0));
        self.build(Opcode::IndirectBr, void, &ops, 0, InstPayload::None)
    }

    /// `unreachable`.
    pub fn unreachable(&mut self) -> Inst {
        let void = self.ctx.void_type();
        self.build(Opcode::Unreachable, void, &[], 0, InstPayload::None)
    }

    /// `resume <v>`.
    pub fn resume(&mut self, v: Value) -> Inst {
        let void = self.ctx.void_type();
        self.build(Opcode::Resume, void, &[v], 0, InstPayload::None)
    }

    /// `invoke <fn_ty> <callee>(<args>) to label <normal> unwind label <unwind>`
    /// (operands `[args..., normal, unwind, callee]`).
    pub fn invoke(
        &mut self,
        fn_ty: Type,
        callee: Value,
        args: &[Value],
        normal: Block,
        unwind: Block,
    ) -> Value {
        let ret = self
            .ctx
            .function_parts(fn_ty)
            .expect("invoke needs a function type")
            .0;
        let mut ops = args.to_vec();
        ops.extend([normal.0, unwind.0, callee]);
        let data = CallData {
            fn_ty: Some(fn_ty),
            ..Default::default()
        };
        self.build(
            Opcode::Invoke,
            ret,
            &ops,
            0,
            InstPayload::Call(Box::new(data)),
        )
        .0
    }

    /// `callbr <fn_ty> <callee>(<args>) to label <default> [label <indirect>...]`
    /// (operands `[args..., default, indirect..., callee]`).
    pub fn callbr(
        &mut self,
        fn_ty: Type,
        callee: Value,
        args: &[Value],
        default: Block,
        indirect: &[Block],
    ) -> Value {
        let ret = self
            .ctx
            .function_parts(fn_ty)
            .expect("callbr needs a function type")
            .0;
        let mut ops = args.to_vec();
        ops.push(default.0);
        ops.extend(indirect.iter().map(|b| b.0));
        ops.push(callee);
        let data = CallData {
            fn_ty: Some(fn_ty),
            num_indirect: indirect.len() as u32,
            ..Default::default()
        };
        self.build(
            Opcode::CallBr,
            ret,
            &ops,
            0,
            InstPayload::Call(Box::new(data)),
        )
        .0
    }

    /// `catchswitch within <parent> [label %h...] unwind label <u> | unwind to caller`
    /// (operands `[parent, unwind?, handlers...]`; `flags` bit 0 = has an
    /// unwind destination). Add handlers with [`Context::catch_switch_add_handler`].
    pub fn catch_switch(&mut self, parent: Value, unwind: Option<Block>, reserve: u32) -> Value {
        let tok = self.ctx.token_type();
        let mut ops = vec![parent];
        ops.extend(unwind.map(|b| b.0));
        let i = self.build(
            Opcode::CatchSwitch,
            tok,
            &ops,
            unwind.is_some() as u16,
            InstPayload::None,
        );
        self.ctx.grow_reserve(i, ops.len() as u32 + reserve);
        i.0
    }

    /// `catchpad within <catchswitch> [args...]` (operands `[args..., catchswitch]`).
    pub fn catch_pad(&mut self, catch_switch: Value, args: &[Value]) -> Value {
        let tok = self.ctx.token_type();
        let mut ops = args.to_vec();
        ops.push(catch_switch);
        self.build(Opcode::CatchPad, tok, &ops, 0, InstPayload::None)
            .0
    }

    /// `cleanuppad within <parent> [args...]` (operands `[args..., parent]`).
    pub fn cleanup_pad(&mut self, parent: Value, args: &[Value]) -> Value {
        let tok = self.ctx.token_type();
        let mut ops = args.to_vec();
        ops.push(parent);
        self.build(Opcode::CleanupPad, tok, &ops, 0, InstPayload::None)
            .0
    }

    /// `catchret from <pad> to label <dest>`.
    pub fn catch_ret(&mut self, pad: Value, dest: Block) -> Inst {
        let void = self.ctx.void_type();
        self.build(Opcode::CatchRet, void, &[pad, dest.0], 0, InstPayload::None)
    }

    /// `cleanupret from <pad> unwind label <u>` / `unwind to caller`.
    pub fn cleanup_ret(&mut self, pad: Value, unwind: Option<Block>) -> Inst {
        let void = self.ctx.void_type();
        let mut ops = vec![pad];
        ops.extend(unwind.map(|b| b.0));
        self.build(Opcode::CleanupRet, void, &ops, 0, InstPayload::None)
    }

    /// `landingpad <ty>` with `cleanup` and no clauses yet.
    pub fn landing_pad(&mut self, ty: Type, cleanup: bool) -> Inst {
        self.build(
            Opcode::LandingPad,
            ty,
            &[],
            0,
            InstPayload::Grow {
                cap: 0,
                clauses: Vec::new(),
                cleanup,
            },
        )
    }
}

fn align_bits(align: u64) -> u16 {
    if align == 0 {
        0
    } else {
        assert!(
            align.is_power_of_two() && align <= 1 << 32,
            "alignment {align} is not a power of two up to 2^32"
        );
        align.trailing_zeros() as u16 + 1
    }
}

/// # Instructions: result types and growing operand lists
///
/// The result types of GEPs and aggregate accesses, and the operand lists
/// that grow after creation: PHI incomings, switch cases, `indirectbr`
/// destinations, `catchswitch` handlers, `landingpad` clauses.
impl Context {
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
                    crate::types::TypeData::Array { .. }
                    | crate::types::TypeData::Vector { .. } => self.element_type(t)?,
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
            ConstKind::Int => self.const_int_value(v)?.try_to_u64(),
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
                    .then(|| self.const_splat_int(first))?
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

    /// Makes room for `n` incoming entries in a PHI without adding any.
    pub fn phi_reserve(&mut self, phi: Inst, n: u32) {
        let cap = match &self.payload(phi) {
            InstPayload::Phi { cap, .. } => *cap,
            _ => panic!("{:?} is not a phi", phi.0),
        };
        if n > cap {
            let mut c = cap;
            self.graph.grow_operands(phi.0, &mut c, n);
            if let InstPayload::Phi { cap, blocks } = &mut self.extra_mut(phi).payload {
                *cap = c;
                blocks.reserve_exact(n as usize - blocks.len());
            }
        }
    }

    /// Adds an incoming `(value, block)` pair to a PHI, growing its
    /// hung-off operands by LLVM's rule (`e + e/2`, at least 2; H2) when
    /// full. The block gets no use (LLVM U12). O(1) amortised; the run grows
    /// in place when it ends at the top of the use pool.
    #[inline]
    pub fn phi_add_incoming(&mut self, phi: Inst, v: Value, b: Block) {
        let d = self.graph.get(phi.0);
        let (n, mut ops) = (d.nops, d.ops);
        let side = self.graph.side_at(phi.0.idx);
        let x = match self.sides.recs.get(side as usize).map(|r| &r.payload) {
            Some(&crate::ir::side::Payload::Inst(x)) => x,
            _ => not_a_phi(phi),
        };
        let cap = match &self.sides.extras[x as usize].payload {
            InstPayload::Phi { cap, .. } => *cap,
            _ => not_a_phi(phi),
        };
        if n == cap {
            ops = self.grow_phi(phi, x, n);
        }
        self.graph.push_inst_operand(phi.0.idx, ops, n, v);
        if let InstPayload::Phi { blocks, .. } = &mut self.sides.extras[x as usize].payload {
            blocks.push(b.0);
        }
    }

    /// Grows a full PHI's operand run and block list by LLVM's rule
    /// (`e + e/2`, at least 2); returns the run's (possibly new) start.
    #[cold]
    #[inline(never)]
    fn grow_phi(&mut self, phi: Inst, x: u32, n: u32) -> u32 {
        let InstPayload::Phi { blocks, cap } = &mut self.sides.extras[x as usize].payload else {
            not_a_phi(phi)
        };
        let new_cap = (n + n / 2).max(2);
        blocks.reserve_exact(new_cap as usize - blocks.len());
        self.graph.grow_operands(phi.0, cap, new_cap);
        self.graph.get(phi.0).ops
    }

    /// The incoming blocks of a PHI, parallel to its operands.
    pub fn phi_blocks(&self, phi: Inst) -> &[Value] {
        match self.payload(phi) {
            InstPayload::Phi { blocks, .. } => blocks,
            _ => panic!("{:?} is not a phi", phi.0),
        }
    }

    pub(crate) fn grow_reserve(&mut self, i: Inst, n: u32) {
        let cap = match self.payload(i) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => panic!("{:?} has no growable operands", i.0),
        };
        if n > cap {
            let mut c = cap;
            self.graph.grow_operands(i.0, &mut c, n);
            if let InstPayload::Grow { cap, .. } = &mut self.extra_mut(i).payload {
                *cap = c;
            }
        }
    }

    /// Adds a case to a switch, growing its operands to 3× when full
    /// (LLVM H5).
    pub fn switch_add_case(&mut self, sw: Inst, value: Value, dest: Block) {
        assert_eq!(
            self.opcode(sw),
            Opcode::Switch,
            "switch_add_case on a non-switch"
        );
        let n = self.num_operands(sw.0);
        let cap = match self.payload(sw) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 2 > cap {
            self.grow_reserve(sw, (n * 3).max(n + 2));
        }
        self.graph.push_operand(sw.0, Some(value));
        self.graph.push_operand(sw.0, Some(dest.0));
    }

    /// Removes case `i` of a switch: the last case moves into its slot
    /// (LLVM H6: order is not kept).
    pub fn switch_remove_case(&mut self, sw: Inst, i: u32) {
        let n = self.num_operands(sw.0);
        let cases = (n - 2) / 2;
        assert!(i < cases, "switch case {i} out of range ({cases} cases)");
        let (s, last) = (2 + 2 * i, n - 2);
        if s != last {
            let v = self.operand(sw.0, last);
            let d = self.operand(sw.0, last + 1);
            self.graph.set_operand(sw.0, s, v);
            self.graph.set_operand(sw.0, s + 1, d);
        }
        self.graph.truncate_operands(sw.0, n - 2);
    }

    /// Adds a destination to an indirectbr.
    pub fn indirect_br_add_dest(&mut self, ib: Inst, dest: Block) {
        let n = self.num_operands(ib.0);
        let cap = match self.payload(ib) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 1 > cap {
            self.grow_reserve(ib, (n * 2).max(n + 1));
        }
        self.graph.push_operand(ib.0, Some(dest.0));
    }

    /// Adds a handler block to a catchswitch.
    pub fn catch_switch_add_handler(&mut self, cs: Inst, handler: Block) {
        assert_eq!(
            self.opcode(cs),
            Opcode::CatchSwitch,
            "catch_switch_add_handler on a non-catchswitch"
        );
        let n = self.num_operands(cs.0);
        let cap = match self.payload(cs) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 1 > cap {
            self.grow_reserve(cs, (n * 2).max(n + 1));
        }
        self.graph.push_operand(cs.0, Some(handler.0));
    }

    /// Adds a clause to a landingpad (`catch` when `is_catch`, else `filter`).
    pub fn landing_pad_add_clause(&mut self, lp: Inst, clause: Value, is_catch: bool) {
        let n = self.num_operands(lp.0);
        let cap = match self.payload(lp) {
            InstPayload::Grow { cap, .. } => *cap,
            _ => n,
        };
        if n + 1 > cap {
            self.grow_reserve(lp, (n * 2).max(n + 1));
        }
        self.graph.push_operand(lp.0, Some(clause));
        if let InstPayload::Grow { clauses, .. } = &mut self.extra_mut(lp).payload {
            clauses.push(is_catch);
        }
    }
}

#[cold]
#[inline(never)]
fn not_a_phi(phi: Inst) -> ! {
    panic!("{:?} is not a phi", phi.0)
}

/// # Intrinsic declarations
///
/// Getting or inserting the declaration of an intrinsic in a module
/// (LLVM's `Intrinsic::getDeclaration`). It lives with the builder because
/// a new declaration goes in the data layout's program address space.
impl Context {
    /// The declaration of intrinsic `id` with overload types `overloads` in
    /// module `m`, inserted if the module has none
    /// (`Intrinsic::getDeclaration`): named by
    /// [`intrinsic_name`](Context::intrinsic_name), of type
    /// [`intrinsic_type`](Context::intrinsic_type), in the data layout's
    /// program address space, with the intrinsic's attributes.
    ///
    /// # Panics
    ///
    /// As `intrinsic_type` and `intrinsic_name`, and if `m` has a global of
    /// that name that is not a function of that type (LLVM returns it
    /// anyway, a call through it then means something else).
    pub fn intrinsic_declaration(
        &mut self,
        m: Module,
        id: IntrinsicId,
        overloads: &[Type],
    ) -> Function {
        let v = self.intrinsic_declaration_value(m, id, overloads);
        let fty = self.intrinsic_type(id, overloads);
        match self.as_function(v) {
            Some(f) if self.signature(f) == fty => f,
            _ => panic!(
                "intrinsic_declaration: @{} is taken by a global that is not a {} function",
                self.name_of(v).unwrap_or_default(),
                fty.display(self)
            ),
        }
    }

    /// LLVM's `getDeclaration` exactly: what `Module::getOrInsertFunction`
    /// returns, which is whatever global has the name when there is one.
    pub(crate) fn intrinsic_declaration_value(
        &mut self,
        m: Module,
        id: IntrinsicId,
        overloads: &[Type],
    ) -> Value {
        let fty = self.intrinsic_type(id, overloads);
        let name = if overloads.is_empty() {
            id.name().to_string()
        } else {
            self.intrinsic_name(id, overloads, m, Some(fty))
        };
        if let Some(g) = self.global_by_name(m, &name) {
            return g;
        }
        let addrspace = self
            .module_layout(m)
            .map_or(0, |dl| dl.program_address_space());
        let f = self.add_function(m, &name, fty);
        if addrspace != 0 {
            self.set_function_addrspace(f, addrspace);
        }
        f.0
    }
}

impl Builder<'_> {
    /// `call` of intrinsic `id` with overload types `overloads` (LLVM's
    /// `IRBuilder::CreateIntrinsic`), declaring it in the module of the
    /// block the cursor is in.
    ///
    /// # Panics
    ///
    /// As [`Context::intrinsic_declaration`], and if the cursor's block is
    /// in no function.
    pub fn call_intrinsic(&mut self, id: IntrinsicId, overloads: &[Type], args: &[Value]) -> Value {
        let block = match self.cursor {
            Cursor::End(b) => b,
            Cursor::Before(i) => self
                .ctx
                .inst_parent(i)
                .expect("call_intrinsic: the cursor's instruction is in no block"),
        };
        let f = self
            .ctx
            .block_parent(block)
            .expect("call_intrinsic: the cursor's block is in no function");
        let m = self.ctx.global_parent(f);
        let decl = self.ctx.intrinsic_declaration(m, id, overloads);
        self.call_function(decl, args)
    }
}
