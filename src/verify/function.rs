//! A function as a whole: the structure LLVM needs before it can verify
//! the body (every block ends in a terminator), the signature, calling
//! convention, arguments, attachments and entry block (`visitFunction`),
//! each block's PHIs against its predecessors (`visitBasicBlock`), and the
//! walk over the body.

use super::report::{check, check_di, Item, Location};
use super::{Cur, Verifier};
use crate::entity::NONE;
use crate::inst::Opcode;
use crate::ir::attributes::AttrKind;
use crate::ir::global::Linkage;
use crate::ir::intrinsics::IntrinsicId;
use crate::ir::metadata::{MdKindId, Metadata, SpecKind};
use crate::ir::{Block, Function, Inst};
use crate::value::ValueKind;

/// Calling convention numbers LLVM's rules name.
pub(crate) mod cc {
    pub(crate) const FAST: u32 = 8;
    pub(crate) const COLD: u32 = 9;
    pub(crate) const ANY_REG: u32 = 13;
    pub(crate) const TAIL: u32 = 18;
    pub(crate) const SWIFT_TAIL: u32 = 20;
    pub(crate) const PTX_KERNEL: u32 = 71;
    pub(crate) const PTX_DEVICE: u32 = 72;
    pub(crate) const SPIR_KERNEL: u32 = 76;
    pub(crate) const INTEL_OCL_BI: u32 = 77;
    pub(crate) const X86_INTR: u32 = 83;
    pub(crate) const AMDGPU_VS: u32 = 87;
    pub(crate) const AMDGPU_GS: u32 = 88;
    pub(crate) const AMDGPU_PS: u32 = 89;
    pub(crate) const AMDGPU_CS: u32 = 90;
    pub(crate) const AMDGPU_KERNEL: u32 = 91;
    pub(crate) const AMDGPU_HS: u32 = 93;
    pub(crate) const AMDGPU_CS_CHAIN: u32 = 104;
    pub(crate) const AMDGPU_CS_CHAIN_PRESERVE: u32 = 105;
}

/// Whether `name` is reserved for intrinsics (`llvm.`; LLVM's
/// `Function::isIntrinsic`).
pub(crate) fn is_intrinsic_name(name: Option<&[u8]>) -> bool {
    name.is_some_and(|n| n.starts_with(b"llvm."))
}

impl Verifier<'_> {
    /// Whether `f` is named `llvm.*` (LLVM's `Function::isIntrinsic`),
    /// remembered by value slot: a name lookup and a compare per function
    /// instead of per call.
    #[inline]
    pub(crate) fn is_intrinsic(&mut self, f: Function) -> bool {
        match self.intrinsic_flag.get(f.0.idx as usize) {
            Some(&1) => false,
            Some(&2) => true,
            _ => self.is_intrinsic_first(f),
        }
    }

    /// [`Verifier::is_intrinsic`] the first time `f` is asked about.
    #[inline(never)]
    fn is_intrinsic_first(&mut self, f: Function) -> bool {
        let idx = f.0.idx as usize;
        let yes = is_intrinsic_name(self.ctx.name_bytes(f.0));
        if self.intrinsic_flag.len() <= idx {
            self.intrinsic_flag.resize(idx + 1, 0);
        }
        self.intrinsic_flag[idx] = 1 + yes as u8;
        yes
    }

    /// The base name of the intrinsic `f` is (its id, found when it was
    /// named, in LLVM 19's table), if any.
    pub(crate) fn intrinsic_base(&mut self, f: Function) -> Option<&'static str> {
        if !self.is_intrinsic(f) {
            return None;
        }
        self.ctx.intrinsic_id(f).map(IntrinsicId::name)
    }

    /// LLVM's `Verifier::verify(const Function &)`.
    pub(crate) fn verify_function(&mut self, f: Function) {
        let ctx = self.ctx;
        self.report.at = Location {
            function: Some(f),
            block: None,
            inst: None,
        };
        self.func = Some(f);
        // Each block ends in a terminator; whether one names a block of
        // another function (which the API can make) is noted on the way.
        let g = &ctx.graph;
        let mut foreign = false;
        for b in ctx.blocks(f) {
            if let Some(t) = ctx.last_inst(b).filter(|&t| ctx.opcode(t).is_terminator()) {
                foreign |= g.operand_slice(t.0).iter().any(|u| {
                    u.val != NONE && {
                        let d = &g.values[u.val as usize];
                        d.kind() == ValueKind::Block && d.a != f.0.idx
                    }
                });
                continue;
            }
            let name = ctx.name_of(f.0).unwrap_or("").to_string();
            self.report.at.block = Some(b);
            self.fail(
                false,
                format!("Basic Block in function '{name}' does not have terminator!"),
                vec![Item::from(b)],
            );
            self.end_function();
            return;
        }
        self.entry = ctx.entry_block(f);
        self.entry_idx = self.entry.map_or(NONE, |b| b.0.idx);
        if self.entry.is_some() {
            self.start_dominance(foreign);
        }
        self.visit_function(f);
        for b in ctx.blocks(f) {
            self.enter_block(b);
            self.visit_block(b);
            for i in ctx.insts(b) {
                let idx = i.0.idx;
                self.report.at.inst = Some(i);
                self.cur = Some(Cur {
                    inst: i,
                    rec: &g.values[idx as usize],
                    extra: ctx.extra_at(idx),
                    ops: g.operands_at(idx),
                });
                self.visit_inst(i);
            }
            self.cur = None;
        }
        self.report.at.block = None;
        self.report.at.inst = None;
        self.verify_sibling_funclet_unwinds();
        self.verify_noalias_scope_decls();
        self.end_function();
    }

    /// Forgets the per-function state.
    fn end_function(&mut self) {
        self.entry = None;
        self.entry_idx = NONE;
        self.dom_ok = false;
        self.dt_built = false;
        self.debug_fn_args.clear();
        self.landing_pad_ty = None;
        self.saw_frame_escape = false;
        self.sibling_funclets.clear();
        self.noalias_decls.clear();
        self.func = None;
        self.report.at = Location::default();
    }

    /// LLVM's `visitFunction`.
    fn visit_function(&mut self, f: Function) {
        let ctx = self.ctx;
        self.visit_global_value(f.0);
        let fd = ctx.function_data(f);
        let fty = ctx.signature(f);
        let (ret, params, varargs) = {
            let (r, p, va) = ctx.function_parts(fty).expect("a function type");
            (r, p.to_vec(), va)
        };
        check!(
            self,
            fd.global.linkage != Linkage::Common,
            "Functions may not have common linkage",
            f
        );
        check!(
            self,
            params.len() == ctx.args(f).len(),
            "# formal arguments must match # of arguments for function type!",
            f,
            fty
        );
        check!(
            self,
            ctx.is_first_class(ret) || ctx.is_void(ret) || ctx.is_struct(ret),
            "Functions cannot return aggregate values!",
            f
        );
        let attrs = fd.attrs.clone();
        let has_sret = attrs.param_attrs(0).has(AttrKind::StructRet)
            || attrs.param_attrs(1).has(AttrKind::StructRet);
        check!(
            self,
            !has_sret || ctx.is_void(ret),
            "Invalid struct return type!",
            f
        );
        check!(
            self,
            attrs.num_param_sets() as usize <= params.len(),
            "Attribute after last parameter!",
            f
        );
        let is_intrinsic = self.is_intrinsic(f);
        self.verify_function_attrs(fty, &attrs, f.0, is_intrinsic, false);
        check!(
            self,
            !attrs.fn_attrs().has(AttrKind::Builtin),
            "Attribute 'builtin' can only be applied to a callsite.",
            f
        );
        let elementtype_somewhere = attrs.fn_attrs().has(AttrKind::ElementType)
            || attrs.ret_attrs().has(AttrKind::ElementType)
            || (0..attrs.num_param_sets()).any(|i| attrs.param_attrs(i).has(AttrKind::ElementType));
        check!(
            self,
            !elementtype_somewhere,
            "Attribute 'elementtype' can only be applied to a callsite.",
            f
        );
        let conv = fd.call_conv;
        match conv {
            cc::X86_INTR => {
                check!(
                    self,
                    params.is_empty() || attrs.param_attrs(0).has(AttrKind::ByVal),
                    "Calling convention parameter requires byval",
                    f
                );
            }
            cc::AMDGPU_KERNEL
            | cc::SPIR_KERNEL
            | cc::AMDGPU_CS_CHAIN
            | cc::AMDGPU_CS_CHAIN_PRESERVE
            | cc::AMDGPU_VS
            | cc::AMDGPU_HS
            | cc::AMDGPU_GS
            | cc::AMDGPU_PS
            | cc::AMDGPU_CS
            | cc::FAST
            | cc::COLD
            | cc::INTEL_OCL_BI
            | cc::PTX_KERNEL
            | cc::PTX_DEVICE => {
                if matches!(
                    conv,
                    cc::AMDGPU_KERNEL
                        | cc::SPIR_KERNEL
                        | cc::AMDGPU_CS_CHAIN
                        | cc::AMDGPU_CS_CHAIN_PRESERVE
                ) {
                    check!(
                        self,
                        ctx.is_void(ret),
                        "Calling convention requires void return type",
                        f
                    );
                }
                if !matches!(
                    conv,
                    cc::FAST | cc::COLD | cc::INTEL_OCL_BI | cc::PTX_KERNEL | cc::PTX_DEVICE
                ) {
                    check!(self, !has_sret, "Calling convention does not allow sret", f);
                    if conv != cc::SPIR_KERNEL {
                        let stack_as = self.dl.alloca_address_space();
                        for (i, &a) in ctx.args(f).iter().enumerate() {
                            let pa = attrs.param_attrs(i as u32);
                            check!(
                                self,
                                !pa.has(AttrKind::ByVal),
                                "Calling convention disallows byval",
                                f
                            );
                            check!(
                                self,
                                !pa.has(AttrKind::Preallocated),
                                "Calling convention disallows preallocated",
                                f
                            );
                            check!(
                                self,
                                !pa.has(AttrKind::InAlloca),
                                "Calling convention disallows inalloca",
                                f
                            );
                            if pa.has(AttrKind::ByRef) {
                                check!(
                                    self,
                                    ctx.ptr_addrspace(ctx.type_of(a)) != Some(stack_as),
                                    "Calling convention disallows stack byref",
                                    f
                                );
                            }
                        }
                    }
                }
                check!(
                    self,
                    !varargs,
                    "Calling convention does not support varargs or perfect forwarding!",
                    f
                );
            }
            _ => {}
        }
        for (i, &a) in ctx.args(f).iter().enumerate() {
            let at = ctx.type_of(a);
            check!(
                self,
                params.get(i) == Some(&at),
                "Argument value does not match function argument type!",
                a,
                params.get(i).copied().unwrap_or(at)
            );
            check!(
                self,
                ctx.is_first_class(at),
                "Function arguments must have first-class types!",
                a
            );
            if !is_intrinsic {
                check!(
                    self,
                    !ctx.is_metadata(at),
                    "Function takes metadata but isn't an intrinsic",
                    a,
                    f
                );
                check!(
                    self,
                    !ctx.is_token(at),
                    "Function takes token but isn't an intrinsic",
                    a,
                    f
                );
                check!(
                    self,
                    !is_x86_amx(ctx, at),
                    "Function takes x86_amx but isn't an intrinsic",
                    a,
                    f
                );
            }
            if attrs.param_attrs(i as u32).has(AttrKind::SwiftError) {
                self.verify_swifterror_value(a);
            }
        }
        if !is_intrinsic {
            check!(
                self,
                !ctx.is_token(ret),
                "Function returns a token but isn't an intrinsic",
                f
            );
            check!(
                self,
                !is_x86_amx(ctx, ret),
                "Function returns a x86_amx but isn't an intrinsic",
                f
            );
        }
        let mds: Vec<(MdKindId, Metadata)> = fd
            .global
            .md
            .iter()
            .map(|(k, m)| (k, ctx.md_resolved(m)))
            .collect();
        self.verify_function_metadata(&mds);
        if let Some(p) = ctx.function_operand(f, crate::ir::function::PERSONALITY) {
            if let Some(pf) = self.strip_pointer_casts(p).and_then(|v| ctx.as_function(v)) {
                check!(
                    self,
                    ctx.global_parent(pf.0) == self.m,
                    "Referencing personality function in another module!",
                    f,
                    self.m,
                    pf,
                    ctx.global_parent(pf.0)
                );
            }
        }
        if ctx.is_declaration(f) {
            for &(k, md) in &mds {
                if k == MdKindId::DBG {
                    let distinct = ctx.md_data(md).is_distinct();
                    check_di!(
                        self,
                        !distinct,
                        "function declaration may only have a unique !dbg attachment",
                        f
                    );
                }
                check!(
                    self,
                    k != MdKindId::PROF,
                    "function declaration may not have a !prof attachment",
                    f
                );
                self.visit_md_node(md, true);
            }
            check!(
                self,
                ctx.function_operand(f, crate::ir::function::PERSONALITY)
                    .is_none(),
                "Function declaration shouldn't have a personality routine",
                f
            );
        } else {
            check!(self, !is_intrinsic, "llvm intrinsics cannot be defined!", f);
            let entry = ctx.entry_block(f).expect("a definition has blocks");
            check!(
                self,
                ctx.predecessors(entry).next().is_none(),
                "Entry block to function must not have predecessors!",
                entry
            );
            let used_address = ctx
                .users(entry.0)
                .any(|u| ctx.value_kind(u) == ValueKind::Constant && !ctx.use_empty(u));
            check!(
                self,
                !used_address,
                "blockaddress may not be used with the entry block!",
                entry
            );
            let (mut n_dbg, mut n_prof, mut n_kcfi) = (0, 0, 0);
            for &(k, md) in &mds {
                let mut allow_locs = false;
                if k == MdKindId::DBG {
                    n_dbg += 1;
                    check_di!(
                        self,
                        n_dbg == 1,
                        "function must have a single !dbg attachment",
                        f,
                        md
                    );
                    check_di!(
                        self,
                        ctx.md_data(md).spec_kind() == Some(SpecKind::DISubprogram),
                        "function !dbg attachment must be a subprogram",
                        f,
                        md
                    );
                    check_di!(
                        self,
                        ctx.md_data(md).is_distinct(),
                        "function definition may only have a distinct !dbg attachment",
                        f
                    );
                    let prev = *self.sp_attached.entry(md).or_insert(f);
                    check_di!(
                        self,
                        prev == f,
                        "DISubprogram attached to more than one function",
                        md,
                        f
                    );
                    allow_locs = true;
                } else if k == MdKindId::PROF {
                    n_prof += 1;
                    check!(
                        self,
                        n_prof == 1,
                        "function must have a single !prof attachment",
                        f,
                        md
                    );
                } else if k == MdKindId::KCFI_TYPE {
                    n_kcfi += 1;
                    check!(
                        self,
                        n_kcfi == 1,
                        "function must have a single !kcfi_type attachment",
                        f,
                        md
                    );
                }
                self.visit_md_node(md, allow_locs);
            }
        }
        if is_intrinsic {
            if let Some(u) = self.intrinsic_address_taken(f) {
                check!(self, false, "Invalid user of intrinsic instruction!", u);
            }
        }
        self.check_intrinsic_declaration(f);
        let sp = fd
            .global
            .md
            .get(MdKindId::DBG)
            .map(|m| ctx.md_resolved(m))
            .filter(|&md| ctx.md_data(md).spec_kind() == Some(SpecKind::DISubprogram));
        self.has_debug_info = sp.is_some();
        if let Some(sp) = sp {
            self.verify_dbg_locations_lead_to(f, sp);
        }
    }

    /// The first user of intrinsic `f` that is not a direct call of it (an
    /// operand bundle `clang.arc.attachedcall` naming it is allowed), as
    /// LLVM's `hasAddressTaken(&U, false, true, false, true)`.
    fn intrinsic_address_taken(&self, f: Function) -> Option<crate::value::Value> {
        let ctx = self.ctx;
        for u in ctx.uses(f.0) {
            let user = u.user;
            let Some(i) = ctx.as_inst(user) else {
                return Some(user);
            };
            if !matches!(
                ctx.opcode(i),
                Opcode::Call | Opcode::Invoke | Opcode::CallBr
            ) {
                return Some(user);
            }
            let n = ctx.num_operands(user);
            let Some(cv) = self.call_view(i) else {
                return Some(user);
            };
            if cv.bundle_tag_at(u.operand_no) == Some(b"clang.arc.attachedcall") {
                continue;
            }
            if u.operand_no != n - 1 || cv.data.fn_ty != Some(ctx.signature(f)) {
                return Some(user);
            }
        }
        None
    }

    /// The check at the end of `visitFunction`: every `!dbg` location (and
    /// the two in `llvm.loop` attachments) of a function with a
    /// subprogram leads back to that subprogram.
    fn verify_dbg_locations_lead_to(&mut self, f: Function, sp: Metadata) {
        let ctx = self.ctx;
        let loop_kind = MdKindId::LOOP;
        let mut seen: hashbrown::HashSet<Metadata> = hashbrown::HashSet::new();
        for b in ctx.blocks(f) {
            for i in ctx.insts(b) {
                let Some(extra) = self.extra(i) else {
                    continue;
                };
                let mut locs: smallvec::SmallVec<[Metadata; 3]> = smallvec::SmallVec::new();
                if let Some(d) = extra.dbg {
                    locs.push(d);
                }
                if let Some(l) = extra.md.get(loop_kind) {
                    if let crate::ir::metadata::MdData::Tuple { ops, .. } =
                        ctx.md_data(ctx.md_resolved(l))
                    {
                        locs.extend(ops.iter().skip(1).flatten().copied());
                    }
                }
                for dl in locs {
                    self.visit_debug_loc(f, sp, i, dl, &mut seen);
                }
                if self.report.broken_debug_info {
                    return;
                }
            }
        }
    }

    fn visit_debug_loc(
        &mut self,
        f: Function,
        sp: Metadata,
        i: Inst,
        dl: Metadata,
        seen: &mut hashbrown::HashSet<Metadata>,
    ) {
        let ctx = self.ctx;
        let dl = ctx.md_resolved(dl);
        if ctx.md_data(dl).spec_kind() != Some(SpecKind::DILocation) {
            return;
        }
        if !seen.insert(dl) {
            return;
        }
        let parent = self.di_field_md(dl, crate::ir::metadata::FieldName::Scope);
        check_di!(
            self,
            parent.is_some_and(|p| self.is_di_local_scope(p)),
            "DILocation's scope must be a DILocalScope",
            sp,
            f,
            i,
            dl,
            parent
        );
        let Some(scope) = self.inlined_at_scope(dl) else {
            check!(self, false, "Failed to find DILocalScope", dl);
            return;
        };
        if !seen.insert(scope) {
            return;
        }
        let sub = self.subprogram_of_scope(scope);
        if let Some(s) = sub {
            if s != scope && !seen.insert(s) {
                return;
            }
        }
        check_di!(
            self,
            sub == Some(sp),
            "!dbg attachment points at wrong subprogram for function",
            sp,
            f,
            i,
            dl,
            scope,
            sub
        );
    }

    /// LLVM's `visitBasicBlock`.
    fn visit_block(&mut self, b: Block) {
        let ctx = self.ctx;
        let first = ctx.first_inst(b).expect("blocks were checked non-empty");
        if ctx.opcode(first) == Opcode::Phi {
            // LLVM sorts predecessors and (block, value) pairs by address;
            // lair sorts by creation order, which is parse order.
            let mut preds: Vec<Block> = ctx.predecessors(b).collect();
            preds.sort_by_key(|p| p.0.identity() as u32);
            let mut values: Vec<(Block, Option<crate::value::Value>)> = Vec::new();
            for phi in ctx.phis(b) {
                self.report.at.inst = Some(phi);
                let blocks = ctx.phi_blocks(phi);
                check!(
                    self,
                    blocks.len() == preds.len(),
                    "PHINode should have one entry for each predecessor of its parent basic block!",
                    phi
                );
                values.clear();
                for (k, &bb) in blocks.iter().enumerate() {
                    values.push((Block(bb), ctx.operand(phi.0, k as u32)));
                }
                values.sort_by_key(|(bb, v)| {
                    (bb.0.identity() as u32, v.map_or(0, |v| v.identity() as u32))
                });
                for k in 0..values.len() {
                    let (bb, v) = values[k];
                    if k > 0 {
                        let (pb, pv) = values[k - 1];
                        check!(
                            self,
                            bb != pb || v == pv,
                            "PHI node has multiple entries for the same basic block with different incoming values!",
                            phi,
                            bb,
                            Item::from(v.unwrap_or(bb.0)),
                            Item::from(pv.unwrap_or(bb.0))
                        );
                    }
                    check!(
                        self,
                        bb == preds[k],
                        "PHI node entries do not match predecessors!",
                        phi,
                        bb,
                        preds[k]
                    );
                }
            }
            self.report.at.inst = None;
        }
    }
}

/// Whether `t` is `x86_amx`.
pub(crate) fn is_x86_amx(ctx: &crate::Context, t: crate::types::Type) -> bool {
    matches!(ctx.type_data(t), crate::types::TypeData::X86Amx)
}
