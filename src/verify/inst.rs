//! The rules every instruction obeys (`visitInstruction`: operands,
//! uses, attachments, dominance of its operands) and the rules of each
//! opcode (`visitXxxInst`): operand types of arithmetic, casts, compares,
//! vector and aggregate operations, memory operations and atomics, PHIs,
//! and the terminators that are not calls or EH pads.

use super::report::{check, Item};
use super::ty::{bitcast_is_valid, extract_value_type, is_int_or_ptr, scalar_bits};
use super::Verifier;
use crate::constants::ConstKind;
use crate::entity::NONE;
use crate::inst::{mem, Opcode, Ordering, Predicate, RmwOp};
use crate::ir::inst::InstPayload;
use crate::ir::Inst;
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind, HAS_SIDE};

/// LLVM's `Value::MaximumAlignment` (2^32).
pub(crate) const MAX_ALIGN: u64 = 1 << 32;

/// The alignment in a memory instruction's flags, in bytes.
pub(crate) fn align_of_flags(flags: u16) -> Option<u64> {
    match flags & mem::ALIGN_MASK {
        0 => None,
        l => Some(1u64 << (l - 1).min(63)),
    }
}

/// The (success) ordering of a memory instruction.
pub(crate) fn ordering_of_flags(flags: u16) -> Ordering {
    Ordering::from_bits(flags >> mem::ORDER_SHIFT)
}

impl Verifier<'_> {
    /// LLVM's `Verifier::visit(Instruction &)`: debug records, then the
    /// opcode's rules (which end with `visitInstruction`). The opcode
    /// visitors stay out of line (`inline(never)`), so this dispatch keeps
    /// a small frame instead of saving and spilling for the largest of
    /// them on every instruction.
    pub(crate) fn visit_inst(&mut self, i: Inst) {
        self.visit_dbg_records(i);
        // One walk for the null operands and the self reference that
        // `visit_instruction` checks first.
        let c = self.cur_of(i);
        let (mut null, mut own) = (false, false);
        for u in c.ops {
            null |= u.val == NONE;
            own |= u.val == i.0.idx;
        }
        self.self_ref = own;
        check!(self, !null, "Operand is null", i);
        match Opcode::from_u8(c.rec.opcode) {
            Opcode::Trunc
            | Opcode::ZExt
            | Opcode::SExt
            | Opcode::FPTrunc
            | Opcode::FPExt
            | Opcode::FPToUI
            | Opcode::FPToSI
            | Opcode::UIToFP
            | Opcode::SIToFP
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::AddrSpaceCast => self.visit_cast(i),
            Opcode::Phi => self.visit_phi(i),
            Opcode::Call => self.visit_call(i),
            Opcode::Invoke => self.visit_invoke(i),
            Opcode::CallBr => self.visit_callbr(i),
            Opcode::FNeg => self.visit_unary(i),
            Opcode::ICmp => self.visit_icmp(i),
            Opcode::FCmp => self.visit_fcmp(i),
            Opcode::ExtractElement => self.visit_extract_element(i),
            Opcode::InsertElement => self.visit_insert_element(i),
            Opcode::ShuffleVector => self.visit_shuffle_vector(i),
            Opcode::GetElementPtr => self.visit_gep(i),
            Opcode::Load => self.visit_load(i),
            Opcode::Store => self.visit_store(i),
            Opcode::Alloca => self.visit_alloca(i),
            Opcode::AtomicCmpXchg => self.visit_cmpxchg(i),
            Opcode::AtomicRMW => self.visit_atomicrmw(i),
            Opcode::Fence => self.visit_fence(i),
            Opcode::ExtractValue => self.visit_extract_value(i),
            Opcode::InsertValue => self.visit_insert_value(i),
            Opcode::Select => self.visit_select(i),
            Opcode::Br => self.visit_br(i),
            Opcode::Ret => self.visit_ret(i),
            Opcode::Switch => self.visit_switch(i),
            Opcode::IndirectBr => self.visit_indirectbr(i),
            Opcode::LandingPad => self.visit_landing_pad(i),
            Opcode::Resume => self.visit_resume(i),
            Opcode::CatchPad => self.visit_catch_pad(i),
            Opcode::CatchRet => self.visit_catch_ret(i),
            Opcode::CleanupPad => self.visit_cleanup_pad(i),
            Opcode::CatchSwitch => self.visit_catch_switch(i),
            Opcode::CleanupRet => self.visit_cleanup_ret(i),
            op if op.is_binary() => self.visit_binary(i),
            // unreachable, va_arg, freeze: only the common rules.
            _ => self.visit_instruction(i),
        }
    }

    /// LLVM's `visitTerminator`.
    pub(crate) fn visit_terminator(&mut self, i: Inst) {
        let ctx = self.ctx;
        let b = ctx
            .inst_parent(i)
            .expect("visited instructions are in blocks");
        check!(
            self,
            ctx.last_inst(b) == Some(i),
            "Terminator found in the middle of a basic block!",
            b
        );
        self.visit_instruction(i);
    }

    /// LLVM's `visitInstruction`: the rules shared by every instruction.
    pub(crate) fn visit_instruction(&mut self, i: Inst) {
        let ctx = self.ctx;
        let g = &ctx.graph;
        let c = self.cur_of(i);
        let rec = c.rec;
        if rec.a == NONE {
            check!(self, false, "Instruction not embedded in basic block!", i);
            return;
        }
        let bb = crate::ir::Block(g.handle(rec.a));
        let op = Opcode::from_u8(rec.opcode);
        if !self.verify_self_reference(i, op, bb, self.self_ref) {
            return;
        }
        let ty = rec.ty;
        let ops = c.ops;
        let n = ops.len() as u32;
        check!(
            self,
            // A name lives in the side record.
            !ctx.is_void(ty) || rec.kind_bits & HAS_SIDE == 0 || !ctx.has_name(i.0),
            "Instruction has a name, but provides a void value!",
            i
        );
        check!(
            self,
            ctx.is_void(ty) || ctx.is_first_class(ty),
            "Instruction returns a non-scalar type!",
            i
        );
        check!(
            self,
            !ctx.is_metadata(ty) || matches!(op, Opcode::Call | Opcode::Invoke),
            "Invalid use of metadata!",
            i
        );
        let f = self.func;
        let f_idx = f.map_or(NONE, |f| f.0.idx);
        let is_call = matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
        let is_phi = op == Opcode::Phi;
        let phi_blocks: &[Value] = if is_phi {
            match c.extra.map(|e| &e.payload) {
                Some(InstPayload::Phi { blocks, .. }) => blocks,
                _ => &[],
            }
        } else {
            &[]
        };
        // Operands are read through the raw records: each is live (the
        // graph keeps operands live), so no generation check is needed.
        for (k, u) in ops.iter().enumerate() {
            let k = k as u32;
            if u.val == NONE {
                check!(self, false, "Instruction has null operand!", i);
                return;
            }
            let vd = &g.values[u.val as usize];
            let vt = vd.ty;
            check!(
                self,
                ctx.is_first_class(vt),
                "Instruction operands must be first-class values!",
                i
            );
            match vd.kind() {
                ValueKind::Instruction => {
                    // Parent block, then its parent function.
                    let same = vd.a != NONE && g.values[vd.a as usize].a == f_idx;
                    check!(
                        self,
                        same,
                        "Referring to an instruction in another function!",
                        i
                    );
                    let settled = if is_phi {
                        self.phi_dominance_settled(vd, phi_blocks.get(k as usize).copied())
                    } else {
                        self.dominance_settled(u.val, vd, bb.0.idx)
                    };
                    if !settled {
                        self.verify_dominates_use(i, k, Inst(g.handle(u.val)));
                    }
                }
                // A constant's record holds its kind where an
                // instruction's holds its opcode.
                ValueKind::Constant
                    if vd.opcode == ConstKind::Expr as u8 && ctx.is_ptr_or_ptr_vector(vt) =>
                {
                    self.visit_constant_exprs(g.handle(u.val));
                }
                ValueKind::Argument => {
                    check!(
                        self,
                        vd.a == f_idx,
                        "Referring to an argument in another function!",
                        i
                    );
                }
                ValueKind::Block => {
                    check!(
                        self,
                        vd.a == f_idx,
                        "Referring to a basic block in another function!",
                        i
                    );
                }
                ValueKind::Function => {
                    let v = g.handle(u.val);
                    let is_callee = is_call && k == n - 1;
                    let callee_fn = crate::ir::Function(v);
                    if self.is_intrinsic(callee_fn) {
                        let attached = is_call
                            && self.call_view(i).is_some_and(|cv| {
                                cv.bundle_tag_at(k) == Some(b"clang.arc.attachedcall")
                            });
                        check!(
                            self,
                            is_callee || attached,
                            "Cannot take the address of an intrinsic!",
                            i
                        );
                        let name = ctx.name_of(v).unwrap_or("");
                        check!(
                            self,
                            op == Opcode::Call || attached || super::intrinsics::invokable(name),
                            "Cannot invoke an intrinsic other than donothing, patchpoint, statepoint, coro_resume, coro_destroy or clang.arc.attachedcall",
                            i
                        );
                    }
                    let vm = ctx.global_parent(v);
                    check!(
                        self,
                        vm == self.m,
                        "Referencing function in another module!",
                        i,
                        self.m,
                        v,
                        vm
                    );
                }
                ValueKind::GlobalVariable | ValueKind::Alias | ValueKind::IFunc => {
                    let v = g.handle(u.val);
                    let vm = ctx.global_parent(v);
                    check!(
                        self,
                        vm == self.m,
                        "Referencing global in another module!",
                        i,
                        self.m,
                        v,
                        vm
                    );
                }
                ValueKind::InlineAsm => {
                    let is_callee = is_call && k == n - 1;
                    check!(
                        self,
                        is_callee,
                        "Cannot take the address of an inline asm!",
                        i
                    );
                }
                _ => {}
            }
        }
        if !self.visit_attachment_kinds(i) {
            return;
        }
        self.mark_seen(i);
    }

    #[inline(never)]
    fn visit_cast(&mut self, i: Inst) {
        let ctx = self.ctx;
        let op = ctx.opcode(i);
        let src = self.operand_ty(i, 0);
        let dst = ctx.type_of(i.0);
        let (sv, dv) = (ctx.is_vector(src), ctx.is_vector(dst));
        let (sb, db) = (scalar_bits(ctx, src), scalar_bits(ctx, dst));
        let same_count = || ctx.vector_len(src) == ctx.vector_len(dst);
        match op {
            Opcode::Trunc => {
                check!(
                    self,
                    ctx.is_int_or_int_vector(src),
                    "Trunc only operates on integer",
                    i
                );
                check!(
                    self,
                    ctx.is_int_or_int_vector(dst),
                    "Trunc only produces integer",
                    i
                );
                check!(
                    self,
                    sv == dv,
                    "trunc source and destination must both be a vector or neither",
                    i
                );
                check!(self, sb > db, "DestTy too big for Trunc", i);
            }
            Opcode::ZExt | Opcode::SExt => {
                let (name, lower) = if op == Opcode::ZExt {
                    ("ZExt", "zext")
                } else {
                    ("SExt", "sext")
                };
                check!(
                    self,
                    ctx.is_int_or_int_vector(src),
                    format!("{name} only operates on integer"),
                    i
                );
                check!(
                    self,
                    ctx.is_int_or_int_vector(dst),
                    format!("{name} only produces an integer"),
                    i
                );
                check!(
                    self,
                    sv == dv,
                    format!("{lower} source and destination must both be a vector or neither"),
                    i
                );
                check!(self, sb < db, format!("Type too small for {name}"), i);
            }
            Opcode::FPTrunc => {
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(src),
                    "FPTrunc only operates on FP",
                    i
                );
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(dst),
                    "FPTrunc only produces an FP",
                    i
                );
                check!(
                    self,
                    sv == dv,
                    "fptrunc source and destination must both be a vector or neither",
                    i
                );
                check!(self, sb > db, "DestTy too big for FPTrunc", i);
            }
            Opcode::FPExt => {
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(src),
                    "FPExt only operates on FP",
                    i
                );
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(dst),
                    "FPExt only produces an FP",
                    i
                );
                check!(
                    self,
                    sv == dv,
                    "fpext source and destination must both be a vector or neither",
                    i
                );
                check!(self, sb < db, "DestTy too small for FPExt", i);
            }
            Opcode::UIToFP | Opcode::SIToFP => {
                let n = if op == Opcode::UIToFP {
                    "UIToFP"
                } else {
                    "SIToFP"
                };
                check!(
                    self,
                    sv == dv,
                    format!("{n} source and dest must both be vector or scalar"),
                    i
                );
                check!(
                    self,
                    ctx.is_int_or_int_vector(src),
                    format!("{n} source must be integer or integer vector"),
                    i
                );
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(dst),
                    format!("{n} result must be FP or FP vector"),
                    i
                );
                if sv && dv {
                    check!(
                        self,
                        same_count(),
                        format!("{n} source and dest vector length mismatch"),
                        i
                    );
                }
            }
            Opcode::FPToUI | Opcode::FPToSI => {
                let n = if op == Opcode::FPToUI {
                    "FPToUI"
                } else {
                    "FPToSI"
                };
                check!(
                    self,
                    sv == dv,
                    format!("{n} source and dest must both be vector or scalar"),
                    i
                );
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(src),
                    format!("{n} source must be FP or FP vector"),
                    i
                );
                check!(
                    self,
                    ctx.is_int_or_int_vector(dst),
                    format!("{n} result must be integer or integer vector"),
                    i
                );
                if sv && dv {
                    check!(
                        self,
                        same_count(),
                        format!("{n} source and dest vector length mismatch"),
                        i
                    );
                }
            }
            Opcode::PtrToInt => {
                check!(
                    self,
                    ctx.is_ptr_or_ptr_vector(src),
                    "PtrToInt source must be pointer",
                    i
                );
                check!(
                    self,
                    ctx.is_int_or_int_vector(dst),
                    "PtrToInt result must be integral",
                    i
                );
                check!(self, sv == dv, "PtrToInt type mismatch", i);
                if sv {
                    check!(self, same_count(), "PtrToInt Vector width mismatch", i);
                }
            }
            Opcode::IntToPtr => {
                check!(
                    self,
                    ctx.is_int_or_int_vector(src),
                    "IntToPtr source must be an integral",
                    i
                );
                check!(
                    self,
                    ctx.is_ptr_or_ptr_vector(dst),
                    "IntToPtr result must be a pointer",
                    i
                );
                check!(self, sv == dv, "IntToPtr type mismatch", i);
                if sv {
                    check!(self, same_count(), "IntToPtr Vector width mismatch", i);
                }
            }
            Opcode::BitCast => {
                check!(self, bitcast_is_valid(ctx, src, dst), "Invalid bitcast", i);
            }
            _ => {
                check!(
                    self,
                    ctx.is_ptr_or_ptr_vector(src),
                    "AddrSpaceCast source must be a pointer",
                    i
                );
                check!(
                    self,
                    ctx.is_ptr_or_ptr_vector(dst),
                    "AddrSpaceCast result must be a pointer",
                    i
                );
                check!(
                    self,
                    ctx.ptr_addrspace(ctx.scalar_type(src))
                        != ctx.ptr_addrspace(ctx.scalar_type(dst)),
                    "AddrSpaceCast must be between different address spaces",
                    i
                );
                if sv {
                    check!(
                        self,
                        same_count(),
                        "AddrSpaceCast vector pointer number of elements mismatch",
                        i
                    );
                }
            }
        }
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_phi(&mut self, i: Inst) {
        let ctx = self.ctx;
        let b = ctx.inst_parent(i).expect("in a block");
        let grouped = match ctx.prev_inst(i) {
            None => true,
            Some(p) => ctx.opcode(p) == Opcode::Phi,
        };
        check!(
            self,
            grouped,
            "PHI nodes not grouped at top of basic block!",
            i,
            b
        );
        let ty = ctx.type_of(i.0);
        check!(self, !ctx.is_token(ty), "PHI nodes cannot have token type!");
        for k in 0..ctx.num_operands(i.0) {
            let v = self.operand_of(i, k);
            check!(
                self,
                ctx.type_of(v) == ty,
                "PHI node operands are not the same type as the result!",
                i
            );
        }
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_unary(&mut self, i: Inst) {
        let ctx = self.ctx;
        let ty = ctx.type_of(i.0);
        let a = self.operand_ty(i, 0);
        check!(
            self,
            ty == a,
            "Unary operators must have same type foroperands and result!",
            i
        );
        check!(
            self,
            ctx.is_fp_or_fp_vector(ty),
            "FNeg operator only works with float types!",
            i
        );
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_binary(&mut self, i: Inst) {
        let ctx = self.ctx;
        let ty = ctx.type_of(i.0);
        let a = self.operand_ty(i, 0);
        let b = self.operand_ty(i, 1);
        check!(
            self,
            a == b,
            "Both operands to a binary operator are not of the same type!",
            i
        );
        match ctx.opcode(i) {
            Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::SDiv
            | Opcode::UDiv
            | Opcode::SRem
            | Opcode::URem => {
                check!(
                    self,
                    ctx.is_int_or_int_vector(ty),
                    "Integer arithmetic operators only work with integral types!",
                    i
                );
                check!(
                    self,
                    ty == a,
                    "Integer arithmetic operators must have same type for operands and result!",
                    i
                );
            }
            Opcode::FAdd | Opcode::FSub | Opcode::FMul | Opcode::FDiv | Opcode::FRem => {
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(ty),
                    "Floating-point arithmetic operators only work with floating-point types!",
                    i
                );
                check!(
                    self,
                    ty == a,
                    "Floating-point arithmetic operators must have same type for operands and result!",
                    i
                );
            }
            Opcode::And | Opcode::Or | Opcode::Xor => {
                check!(
                    self,
                    ctx.is_int_or_int_vector(ty),
                    "Logical operators only work with integral types!",
                    i
                );
                check!(
                    self,
                    ty == a,
                    "Logical operators must have same type for operands and result!",
                    i
                );
            }
            _ => {
                check!(
                    self,
                    ctx.is_int_or_int_vector(ty),
                    "Shifts only work with integral types!",
                    i
                );
                check!(
                    self,
                    ty == a,
                    "Shift return type must be same as operands!",
                    i
                );
            }
        }
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_icmp(&mut self, i: Inst) {
        let ctx = self.ctx;
        let a = self.operand_ty(i, 0);
        let b = self.operand_ty(i, 1);
        check!(
            self,
            a == b,
            "Both operands to ICmp instruction are not of the same type!",
            i
        );
        check!(
            self,
            ctx.is_int_or_int_vector(a) || ctx.is_ptr_or_ptr_vector(a),
            "Invalid operand types for ICmp instruction",
            i
        );
        let p = Predicate::from_u16(ctx.inst_flags(i));
        check!(
            self,
            p.is_some_and(|p| p.is_int()),
            "Invalid predicate in ICmp instruction!",
            i
        );
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_fcmp(&mut self, i: Inst) {
        let ctx = self.ctx;
        let a = self.operand_ty(i, 0);
        let b = self.operand_ty(i, 1);
        check!(
            self,
            a == b,
            "Both operands to FCmp instruction are not of the same type!",
            i
        );
        check!(
            self,
            ctx.is_fp_or_fp_vector(a),
            "Invalid operand types for FCmp instruction",
            i
        );
        let p = Predicate::from_u16(ctx.inst_flags(i) & 0xff);
        check!(
            self,
            p.is_some_and(|p| !p.is_int()),
            "Invalid predicate in FCmp instruction!",
            i
        );
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_extract_element(&mut self, i: Inst) {
        let ctx = self.ctx;
        let v = self.operand_ty(i, 0);
        let x = self.operand_ty(i, 1);
        check!(
            self,
            ctx.is_vector(v) && ctx.is_integer(x),
            "Invalid extractelement operands!",
            i
        );
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_insert_element(&mut self, i: Inst) {
        let ctx = self.ctx;
        let v = self.operand_ty(i, 0);
        let e = self.operand_ty(i, 1);
        let x = self.operand_ty(i, 2);
        check!(
            self,
            ctx.is_vector(v) && ctx.element_type(v) == Some(e) && ctx.is_integer(x),
            "Invalid insertelement operands!",
            i
        );
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_shuffle_vector(&mut self, i: Inst) {
        let ctx = self.ctx;
        let a = self.operand_ty(i, 0);
        let b = self.operand_ty(i, 1);
        let mask: &[i32] = match self.payload(i) {
            InstPayload::Mask(m) => m,
            _ => &[],
        };
        let valid = match ctx.vector_len(a) {
            Some((n, scalable)) if a == b => {
                let n = n as i64;
                mask.iter().all(|&e| e == -1 || (e as i64) < n * 2)
                    && (!scalable
                        || mask.first().is_none_or(|&m0| {
                            (m0 == 0 || m0 == -1) && mask.iter().all(|&e| e == m0)
                        }))
            }
            _ => false,
        };
        check!(self, valid, "Invalid shufflevector operands!", i);
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_gep(&mut self, i: Inst) {
        let ctx = self.ctx;
        let base = self.operand_of(i, 0);
        let bt = ctx.type_of(base);
        let src = match self.payload(i) {
            InstPayload::Ty(t) => *t,
            _ => bt,
        };
        check!(
            self,
            ctx.is_ptr(ctx.scalar_type(bt)),
            "GEP base pointer is not a vector or a vector of pointers",
            i
        );
        // A type sized for good answers both questions from its flags.
        let fixed = ctx.scalable_if_sized_for_good(src);
        check!(
            self,
            fixed.is_some() || ctx.is_sized(src),
            "GEP into unsized type!",
            i
        );
        if ctx.is_struct(src) {
            let scalable = match fixed {
                Some(s) => s,
                None => *self
                    .scalable_structs
                    .entry(src)
                    .or_insert_with(|| ctx.is_scalable(src)),
            };
            check!(
                self,
                !scalable,
                "getelementptr cannot target structure that contains scalable vectortype",
                i
            );
        }
        let idxs = &self.ops(i)[1..];
        check!(
            self,
            idxs.iter()
                .all(|u| ctx.is_int_or_int_vector(ctx.graph.values[u.val as usize].ty)),
            "GEP indexes must be integers",
            i
        );
        let el = self.gep_indexed_type(src, i);
        check!(
            self,
            el.is_some(),
            "Invalid indices for GEP pointer type!",
            i
        );
        let rt = self.rec(i).ty;
        let rp = ctx.scalar_type(rt);
        check!(
            self,
            ctx.is_ptr(rp),
            "GEP is not of right type for indices!",
            i,
            el.expect("checked")
        );
        if let Some(w) = ctx.vector_len(rt) {
            if ctx.is_vector(bt) {
                check!(
                    self,
                    ctx.vector_len(bt) == Some(w),
                    "Vector GEP result width doesn't match operand's",
                    i
                );
            }
            for x in idxs {
                let xt = ctx.graph.values[x.val as usize].ty;
                if let Some(xw) = ctx.vector_len(xt) {
                    check!(self, xw == w, "Invalid GEP index vector width", i);
                }
                check!(
                    self,
                    ctx.is_int_or_int_vector(xt),
                    "All GEP indices should be of integer type"
                );
            }
        }
        check!(
            self,
            ctx.ptr_addrspace(ctx.scalar_type(bt)) == ctx.ptr_addrspace(rp),
            "GEP address space doesn't match type",
            i
        );
        self.visit_instruction(i);
    }

    /// LLVM's `GetElementPtrInst::getIndexedType` for GEP `i` from `src`
    /// (its indices are integers, checked before): arrays and vectors step
    /// to their element without reading the index; a struct needs an `i32`
    /// constant in range, read here for a plain integer and through
    /// `Context::gep_indexed_type` for a vector splat.
    fn gep_indexed_type(&self, src: Type, i: Inst) -> Option<Type> {
        let ctx = self.ctx;
        let g = &ctx.graph;
        let ops = self.ops(i);
        let mut t = src;
        for u in ops.iter().skip(2) {
            match ctx.type_data(t) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => t = *elem,
                TypeData::LiteralStruct { .. } | TypeData::IdentifiedStruct(_) => {
                    // An integer constant of at most 64 bits holds its
                    // value in its record (`b:a`): an `i32` field number is
                    // `a`, read without a handle or an `APInt`.
                    let d = &g.values[u.val as usize];
                    let field = (d.is(ValueKind::Constant)
                        && d.opcode == crate::constants::INT_SMALL
                        && ctx.int_width(d.ty) == Some(32))
                    .then_some(d.a);
                    match field {
                        Some(f) => {
                            let fields = ctx.struct_elements(t)?;
                            t = *fields.get(usize::try_from(f).ok()?)?;
                        }
                        None => {
                            let idxs: Vec<Value> =
                                ops[1..].iter().map(|u| g.handle(u.val)).collect();
                            return ctx.gep_indexed_type(src, &idxs);
                        }
                    }
                }
                _ => return None,
            }
        }
        Some(t)
    }

    /// LLVM's `checkAtomicMemAccessSize`.
    fn check_atomic_size(&mut self, ty: Type, i: Inst) -> bool {
        let ctx = self.ctx;
        let size = self
            .layout()
            .size_in_bits(ctx, ty)
            .map(|s| s.min)
            .unwrap_or(0);
        if size < 8 {
            self.fail(
                false,
                "atomic memory access' size must be byte-sized",
                vec![Item::from(ty), Item::from(i)],
            );
            return false;
        }
        if size & (size - 1) != 0 {
            self.fail(
                false,
                "atomic memory access' operand must have a power-of-two size",
                vec![Item::from(ty), Item::from(i)],
            );
            return false;
        }
        true
    }

    fn sync_scope_is_system(&self, i: Inst) -> bool {
        self.extra(i).is_none_or(|e| e.sync_scope.is_none())
    }

    fn visit_load(&mut self, i: Inst) {
        self.visit_memory_access(i, &LOAD_RULES);
    }

    fn visit_store(&mut self, i: Inst) {
        self.visit_memory_access(i, &STORE_RULES);
    }

    /// `visitLoadInst` and `visitStoreInst`: the same checks on the pointer
    /// operand, the accessed type, the alignment and the atomic ordering,
    /// with the messages and the ordering each forbids in `rules`.
    fn visit_memory_access(&mut self, i: Inst, rules: &MemoryAccessRules) {
        let ctx = self.ctx;
        let p = self.operand_ty(i, rules.ptr_operand);
        check!(self, ctx.is_ptr(p), rules.not_pointer, i);
        let rec = self.rec(i);
        let el = match rules.value_operand {
            Some(k) => self.operand_ty(i, k),
            None => rec.ty,
        };
        let flags = rec.flags;
        if let Some(a) = align_of_flags(flags) {
            check!(
                self,
                a <= MAX_ALIGN,
                "huge alignment values are unsupported",
                i
            );
        }
        check!(self, ctx.is_sized(el), rules.unsized_type, i);
        let ord = ordering_of_flags(flags);
        if ord != Ordering::NotAtomic {
            check!(
                self,
                ord != rules.forbidden && ord != Ordering::AcqRel,
                rules.bad_ordering,
                i
            );
            check!(
                self,
                is_int_or_ptr(ctx, el) || ctx.is_fp(el),
                rules.bad_atomic_type,
                el,
                i
            );
            if !self.check_atomic_size(el, i) {
                return;
            }
        } else {
            check!(self, self.sync_scope_is_system(i), rules.scoped, i);
        }
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_alloca(&mut self, i: Inst) {
        let ctx = self.ctx;
        let at = match self.payload(i) {
            InstPayload::Ty(t) => *t,
            _ => ctx.i8_type(),
        };
        check!(self, ctx.is_sized(at), "Cannot allocate unsized type", i);
        let count = self.operand_of(i, 0);
        check!(
            self,
            ctx.is_integer(ctx.type_of(count)),
            "Alloca array size must have integer type",
            i
        );
        let flags = ctx.inst_flags(i);
        if let Some(a) = align_of_flags(flags) {
            check!(
                self,
                a <= MAX_ALIGN,
                "huge alignment values are unsupported",
                i
            );
        }
        if flags & mem::SWIFTERROR != 0 {
            check!(
                self,
                ctx.is_ptr(at),
                "swifterror alloca must have pointer type",
                i
            );
            let is_one = ctx.value_kind(count) == ValueKind::Constant
                && ctx
                    .const_int_value(count)
                    .is_some_and(|x| x.try_to_u64() == Some(1));
            check!(
                self,
                is_one,
                "swifterror alloca must not be array allocation",
                i
            );
            self.verify_swifterror_value(i.0);
        }
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_cmpxchg(&mut self, i: Inst) {
        let ctx = self.ctx;
        let el = self.operand_ty(i, 1);
        check!(
            self,
            is_int_or_ptr(ctx, el),
            "cmpxchg operand must have integer or pointer type",
            el,
            i
        );
        if !self.check_atomic_size(el, i) {
            return;
        }
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_atomicrmw(&mut self, i: Inst) {
        let ctx = self.ctx;
        let flags = ctx.inst_flags(i);
        check!(
            self,
            ordering_of_flags(flags) != Ordering::Unordered,
            "atomicrmw instructions cannot be unordered.",
            i
        );
        let op = RmwOp::ALL.get(mem::extra(flags) as usize).copied();
        let el = self.operand_ty(i, 1);
        let name = op.map_or("<invalid operation>", RmwOp::name);
        match op {
            Some(RmwOp::Xchg) => {
                check!(
                    self,
                    ctx.is_integer(el) || ctx.is_fp(el) || ctx.is_ptr(el),
                    format!("atomicrmw {name} operand must have integer or floating point type!"),
                    i,
                    el
                );
            }
            Some(RmwOp::FAdd | RmwOp::FSub | RmwOp::FMax | RmwOp::FMin) => {
                let scalable = ctx.vector_len(el).is_some_and(|(_, s)| s);
                check!(
                    self,
                    ctx.is_fp_or_fp_vector(el) && !scalable,
                    format!("atomicrmw {name} operand must have floating-point or fixed vector of floating-point type!"),
                    i,
                    el
                );
            }
            _ => {
                check!(
                    self,
                    ctx.is_integer(el),
                    format!("atomicrmw {name} operand must have integer type!"),
                    i,
                    el
                );
            }
        }
        if !self.check_atomic_size(el, i) {
            return;
        }
        check!(self, op.is_some(), "Invalid binary operation!", i);
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_fence(&mut self, i: Inst) {
        let o = ordering_of_flags(self.ctx.inst_flags(i));
        check!(
            self,
            matches!(
                o,
                Ordering::Acquire | Ordering::Release | Ordering::AcqRel | Ordering::SeqCst
            ),
            "fence instructions may only have acquire, release, acq_rel, or seq_cst ordering.",
            i
        );
        self.visit_instruction(i);
    }

    fn indices(&self, i: Inst) -> &[u32] {
        match self.payload(i) {
            InstPayload::Indices(x) => x,
            _ => &[],
        }
    }

    #[inline(never)]
    fn visit_extract_value(&mut self, i: Inst) {
        let ctx = self.ctx;
        let agg = self.operand_ty(i, 0);
        let t = extract_value_type(ctx, agg, self.indices(i));
        check!(
            self,
            t == Some(ctx.type_of(i.0)),
            "Invalid ExtractValueInst operands!",
            i
        );
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_insert_value(&mut self, i: Inst) {
        let ctx = self.ctx;
        let agg = self.operand_ty(i, 0);
        let v = self.operand_ty(i, 1);
        let t = extract_value_type(ctx, agg, self.indices(i));
        check!(self, t == Some(v), "Invalid InsertValueInst operands!", i);
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_select(&mut self, i: Inst) {
        let ctx = self.ctx;
        let c = self.operand_ty(i, 0);
        let t = self.operand_ty(i, 1);
        let f = self.operand_ty(i, 2);
        let i1 = ctx.i1_type();
        let valid = t == f
            && !ctx.is_token(t)
            && match ctx.vector_len(c) {
                Some(n) => ctx.element_type(c) == Some(i1) && ctx.vector_len(t) == Some(n),
                None => c == i1,
            };
        check!(self, valid, "Invalid operands for select instruction!", i);
        check!(
            self,
            t == ctx.type_of(i.0),
            "Select values must have same type as select instruction!",
            i
        );
        self.visit_instruction(i);
    }

    #[inline(never)]
    fn visit_br(&mut self, i: Inst) {
        let ctx = self.ctx;
        if ctx.num_operands(i.0) == 3 {
            let c = self.operand_of(i, 0);
            check!(
                self,
                ctx.int_width(ctx.type_of(c)) == Some(1),
                "Branch condition is not 'i1' type!",
                i,
                c
            );
        }
        self.visit_terminator(i);
    }

    #[inline(never)]
    fn visit_ret(&mut self, i: Inst) {
        let ctx = self.ctx;
        let f = self.func.expect("in a function");
        let rt = ctx.function_parts(ctx.signature(f)).expect("fn type").0;
        let n = ctx.num_operands(i.0);
        if ctx.is_void(rt) {
            check!(
                self,
                n == 0,
                "Found return instr that returns non-void in Function of void return type!",
                i,
                rt
            );
        } else {
            let ok = n == 1 && ctx.operand(i.0, 0).map(|v| ctx.type_of(v)) == Some(rt);
            check!(
                self,
                ok,
                "Function return type does not match operand type of return inst!",
                i,
                rt
            );
        }
        self.visit_terminator(i);
    }

    #[inline(never)]
    fn visit_switch(&mut self, i: Inst) {
        let ctx = self.ctx;
        check!(
            self,
            ctx.is_void(ctx.type_of(i.0)),
            "Switch must have void result type!",
            i
        );
        let cond_ty = self.operand_ty(i, 0);
        let n = ctx.num_operands(i.0);
        let mut seen: hashbrown::HashSet<Value> = hashbrown::HashSet::new();
        let mut k = 2;
        while k < n {
            let v = self.operand_of(i, k);
            check!(
                self,
                ctx.value_kind(v) == ValueKind::Constant && ctx.const_kind(v) == ConstKind::Int,
                "Case value is not a constant integer.",
                i
            );
            check!(
                self,
                ctx.type_of(v) == cond_ty,
                "Switch constants must all be same type as switch value!",
                i
            );
            check!(
                self,
                seen.insert(v),
                "Duplicate integer as switch case",
                i,
                v
            );
            k += 2;
        }
        self.visit_terminator(i);
    }

    #[inline(never)]
    fn visit_indirectbr(&mut self, i: Inst) {
        let ctx = self.ctx;
        let a = self.operand_ty(i, 0);
        check!(
            self,
            ctx.is_ptr(a),
            "Indirectbr operand must have pointer type!",
            i
        );
        for k in 1..ctx.num_operands(i.0) {
            let d = self.operand_ty(i, k);
            check!(
                self,
                ctx.is_label(d),
                "Indirectbr destinations must all have pointer type!",
                i
            );
        }
        self.visit_terminator(i);
    }
}

/// What differs between the load and the store checks.
struct MemoryAccessRules {
    ptr_operand: u32,
    /// The stored value's operand; `None`: the loaded type is the result's.
    value_operand: Option<u32>,
    /// The ordering (besides `acq_rel`) the access may not have.
    forbidden: Ordering,
    not_pointer: &'static str,
    unsized_type: &'static str,
    bad_ordering: &'static str,
    bad_atomic_type: &'static str,
    scoped: &'static str,
}

const LOAD_RULES: MemoryAccessRules = MemoryAccessRules {
    ptr_operand: 0,
    value_operand: None,
    forbidden: Ordering::Release,
    not_pointer: "Load operand must be a pointer.",
    unsized_type: "loading unsized types is not allowed",
    bad_ordering: "Load cannot have Release ordering",
    bad_atomic_type: "atomic load operand must have integer, pointer, or floating point type!",
    scoped: "Non-atomic load cannot have SynchronizationScope specified",
};

const STORE_RULES: MemoryAccessRules = MemoryAccessRules {
    ptr_operand: 1,
    value_operand: Some(0),
    forbidden: Ordering::Acquire,
    not_pointer: "Store operand must be a pointer.",
    unsized_type: "storing unsized types is not allowed",
    bad_ordering: "Store cannot have Acquire ordering",
    bad_atomic_type: "atomic store operand must have integer, pointer, or floating point type!",
    scoped: "Non-atomic store cannot have SynchronizationScope specified",
};
