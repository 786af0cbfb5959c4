//! Module-level rules: global values (linkage, visibility, DLL storage,
//! comdats, alignment, cross-module references), global variables
//! (initializers, `llvm.used`, `llvm.global_ctors`, scalable and target
//! types), aliases and ifuncs, named metadata, comdats, module flags,
//! `llvm.ident` / `llvm.commandline`, and the whole-module debug-info and
//! intrinsic rules (compile units listed, deoptimize conventions,
//! `llvm.localrecover` indices).

use super::report::{check, check_di, Item};
use super::Verifier;
use crate::constants::ConstKind;
use crate::entity::NONE;
use crate::inst::Opcode;
use crate::ir::global::{DllStorage, Linkage, Visibility};
use crate::ir::metadata::{MdData, MdKindId, Metadata, SpecKind};
use crate::ir::{Function, Global, Inst, Module};
use crate::types::TypeData;
use crate::value::{Value, ValueKind};
use crate::Context;

/// The value of module flag `key` (operand 2 of its `!{i32 b, !"key", v}`).
pub(crate) fn module_flag(ctx: &Context, m: Module, key: &[u8]) -> Option<Metadata> {
    let flags = ctx.module(m).named_md.get(&b"llvm.module.flags"[..])?;
    for &f in flags {
        if let MdData::Tuple { ops, .. } = ctx.md_data(f) {
            if ops.len() != 3 {
                continue;
            }
            let name = ops[1].and_then(|n| ctx.md_data(n).as_bytes());
            if name == Some(key) {
                return ops[2];
            }
        }
    }
    None
}

impl Verifier<'_> {
    /// Whether global `g` is a declaration (LLVM `isDeclaration`).
    pub(crate) fn is_declaration(&self, g: Value) -> bool {
        let ctx = self.ctx;
        match ctx.value_kind(g) {
            ValueKind::Function => ctx.is_declaration(Function(g)),
            ValueKind::GlobalVariable => ctx.initializer(Global(g)).is_none(),
            _ => false,
        }
    }

    /// LLVM's `isDeclarationForLinker`.
    fn is_declaration_for_linker(&self, g: Value) -> bool {
        self.ctx.global_data(g).linkage == Linkage::AvailableExternally || self.is_declaration(g)
    }

    /// LLVM's `visitGlobalValue`.
    pub(crate) fn visit_global_value(&mut self, gv: Value) {
        let ctx = self.ctx;
        let gd = ctx.global_data(gv);
        let kind = ctx.value_kind(gv);
        let l = gd.linkage;
        check!(
            self,
            !self.is_declaration(gv) || matches!(l, Linkage::External | Linkage::ExternWeak),
            "Global is external, but doesn't have external or weak linkage!",
            gv
        );
        if matches!(kind, ValueKind::Function | ValueKind::GlobalVariable) {
            let align = match kind {
                ValueKind::Function => ctx.global_data(gv).align,
                _ => gd.align,
            };
            if let Some(a) = align {
                check!(
                    self,
                    a <= super::inst::MAX_ALIGN,
                    "huge alignment values are unsupported",
                    gv
                );
            }
            if let Some(assoc) = gd.md.get(MdKindId::ASSOCIATED).map(|m| ctx.md_resolved(m)) {
                let ops = match ctx.md_data(assoc) {
                    MdData::Tuple { ops, .. } => ops.to_vec(),
                    _ => Vec::new(),
                };
                check!(
                    self,
                    ops.len() == 1,
                    "associated metadata must have one operand",
                    gv,
                    assoc
                );
                let op = ops[0];
                check!(
                    self,
                    op.is_some(),
                    "associated metadata must have a global value",
                    gv,
                    assoc
                );
                let vm = op.and_then(|m| match ctx.md_data(m) {
                    MdData::Value(v) => Some(*v),
                    _ => None,
                });
                check!(
                    self,
                    vm.is_some(),
                    "associated metadata must be ValueAsMetadata",
                    gv,
                    assoc
                );
                let v = vm.expect("checked");
                check!(
                    self,
                    ctx.is_ptr(ctx.type_of(v)),
                    "associated value must be pointer typed",
                    gv,
                    assoc
                );
                let stripped = self.strip_casts_and_aliases(v);
                check!(
                    self,
                    ctx.value_kind(stripped).is_constant(),
                    "associated metadata must point to a GlobalObject",
                    gv,
                    stripped
                );
                check!(
                    self,
                    stripped != gv,
                    "global values should not associate to themselves",
                    gv,
                    assoc
                );
            }
            if let Some(abs) = gd
                .md
                .get(MdKindId::ABSOLUTE_SYMBOL)
                .map(|m| ctx.md_resolved(m))
            {
                let w = self
                    .dl
                    .pointer_size_in_bits(ctx.ptr_addrspace(ctx.type_of(gv)).unwrap_or(0));
                self.verify_range_metadata(gv, abs, super::metadata::RangeTy::Width(w), true);
            }
        }
        check!(
            self,
            l != Linkage::Appending || kind == ValueKind::GlobalVariable,
            "Only global variables can have appending linkage!",
            gv
        );
        if l == Linkage::Appending {
            check!(
                self,
                gd.value_type.is_some_and(|t| ctx.is_array(t)),
                "Only global arrays can have appending linkage!",
                gv
            );
        }
        if self.is_declaration_for_linker(gv) {
            check!(
                self,
                gd.comdat.is_none(),
                "Declaration may not be in a Comdat!",
                gv
            );
        }
        if gd.dll_storage == DllStorage::Export {
            check!(
                self,
                gd.visibility != Visibility::Hidden,
                "dllexport GlobalValue must have default or protected visibility",
                gv
            );
        }
        if gd.dll_storage == DllStorage::Import {
            check!(
                self,
                gd.visibility == Visibility::Default,
                "dllimport GlobalValue must have default visibility",
                gv
            );
            check!(
                self,
                !gd.dso_local,
                "GlobalValue with DLLImport Storage is dso_local!",
                gv
            );
            let ok = (self.is_declaration(gv)
                && matches!(l, Linkage::External | Linkage::ExternWeak))
                || l == Linkage::AvailableExternally;
            check!(
                self,
                ok,
                "Global is marked as dllimport, but not external",
                gv
            );
        }
        self.check_global_users(gv);
    }

    /// The cross-module part of `visitGlobalValue`: every instruction or
    /// function reaching `gv` through constants is in this module.
    ///
    /// As in LLVM, the constants walked are remembered across globals (a
    /// constant reached from two globals is walked once), which bounds the
    /// walk by the uses of the module's constants. Instructions and
    /// functions are checked at each use (the check is idempotent); only a
    /// failing one is remembered, so that it is reported once.
    fn check_global_users(&mut self, gv: Value) {
        let ctx = self.ctx;
        let g = &ctx.graph;
        let m_idx = self.m.index() as u32;
        let mut stack = core::mem::take(&mut self.user_stack);
        stack.clear();
        let mut next = Some(gv);
        while let Some(v) = next {
            for u in ctx.users(v) {
                let d = &g.values[u.idx as usize];
                match d.kind() {
                    ValueKind::Instruction => {
                        // Its block, the block's function, that function's
                        // module, read from the records: the common case
                        // (an instruction of this module) decides there.
                        let f = (d.a != NONE).then(|| g.values[d.a as usize].a);
                        let here = f.is_some_and(|f| f != NONE && g.values[f as usize].a == m_idx);
                        if !here && self.global_users_seen.insert(u) {
                            self.report_foreign_user(gv, Inst(u));
                        }
                    }
                    ValueKind::Function => {
                        let om = ctx.global_parent(u);
                        if om != self.m && self.global_users_seen.insert(u) {
                            self.fail(
                                false,
                                "Global is used by function in a different module",
                                vec![gv.into(), self.m.into(), u.into(), om.into()],
                            );
                        }
                    }
                    ValueKind::Constant if self.global_users_seen.insert(u) => stack.push(u),
                    _ => {}
                }
            }
            next = stack.pop();
        }
        self.user_stack = stack;
    }

    /// The failures of `check_global_users` for an instruction user
    /// outside this module's functions.
    #[cold]
    fn report_foreign_user(&mut self, gv: Value, u: Inst) {
        let ctx = self.ctx;
        match ctx.inst_parent(u).and_then(|b| ctx.block_parent(b)) {
            None => self.fail(
                false,
                "Global is referenced by parentless instruction!",
                vec![gv.into(), self.m.into(), u.into()],
            ),
            Some(f) => {
                let om = ctx.global_parent(f.0);
                self.fail(
                    false,
                    "Global is referenced in a different module!",
                    vec![gv.into(), self.m.into(), u.into(), f.into(), om.into()],
                )
            }
        }
    }

    /// LLVM's `stripPointerCastsAndAliases`.
    pub(crate) fn strip_casts_and_aliases(&self, mut v: Value) -> Value {
        let ctx = self.ctx;
        for _ in 0..64 {
            let s = self.strip_pointer_casts(v).unwrap_or(v);
            if ctx.value_kind(s) == ValueKind::Alias {
                match ctx.indirect_target(Global(s)) {
                    Some(t) if t != s => v = t,
                    _ => return s,
                }
            } else {
                return s;
            }
        }
        v
    }

    /// The module-level part of LLVM's `Verifier::verify()`.
    pub(crate) fn verify_module_level(&mut self) {
        let ctx = self.ctx;
        let m = self.m;
        self.report.at = super::report::Location::default();
        let deopt: Vec<Function> = ctx
            .functions(m)
            .filter(|f| {
                ctx.name_of(f.0).is_some_and(|n| {
                    n == "llvm.experimental.deoptimize"
                        || n.starts_with("llvm.experimental.deoptimize.")
                })
            })
            .collect();
        self.verify_frame_recover_indices();
        for g in ctx.global_vars(m) {
            self.visit_global_variable(g);
        }
        for g in ctx.aliases(m) {
            self.visit_alias(g);
        }
        for g in ctx.ifuncs(m) {
            self.visit_ifunc(g);
        }
        let named: Vec<(Box<[u8]>, Vec<Metadata>)> = ctx
            .module(m)
            .named_md
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (name, ops) in &named {
            self.visit_named_md(name, ops);
        }
        let comdats: Vec<Box<[u8]>> = ctx.module(m).comdats.keys().cloned().collect();
        for c in comdats {
            self.visit_comdat(&c);
        }
        self.visit_module_flags();
        self.visit_ident_like("llvm.ident");
        self.visit_ident_like("llvm.commandline");
        self.verify_compile_units();
        if let Some((&first, rest)) = deopt.split_first() {
            let cc0 = ctx.function_data(first).call_conv;
            for &f in rest {
                check!(
                    self,
                    ctx.function_data(f).call_conv == cc0,
                    "All llvm.experimental.deoptimize declarations must have the same calling convention",
                    first,
                    f
                );
            }
        }
    }

    fn verify_frame_recover_indices(&mut self) {
        let entries: Vec<(Function, (u64, u64))> =
            self.frame_escape.iter().map(|(&f, &c)| (f, c)).collect();
        for (f, (escaped, max)) in entries {
            check!(
                self,
                max <= escaped,
                "all indices passed to llvm.localrecover must be less than the number of arguments passed to llvm.localescape in the parent function",
                f
            );
        }
    }

    fn visit_global_variable(&mut self, g: Global) {
        let ctx = self.ctx;
        let gd = ctx.global_data(g);
        let vt = gd.value_type.expect("a variable has a value type");
        let init = ctx.initializer(g);
        if let Some(init) = init {
            check!(
                self,
                ctx.type_of(init) == vt,
                "Global variable initializer type does not match global variable type!",
                g
            );
            if gd.linkage == Linkage::Common {
                check!(
                    self,
                    ctx.is_null_value(init),
                    "'common' global must have a zero initializer!",
                    g
                );
                check!(
                    self,
                    !gd.is_constant,
                    "'common' global may not be marked constant!",
                    g
                );
                check!(
                    self,
                    gd.comdat.is_none(),
                    "'common' global may not be in a Comdat!",
                    g
                );
            }
        }
        let name = ctx.name_of(g.0).unwrap_or("");
        if name == "llvm.global_ctors" || name == "llvm.global_dtors" {
            check!(
                self,
                init.is_none() || gd.linkage == Linkage::Appending,
                "invalid linkage for intrinsic global variable",
                g
            );
            check!(
                self,
                ctx.use_empty(g.0),
                "invalid uses of intrinsic global variable",
                g
            );
            if let TypeData::Array { elem, .. } = ctx.type_data(vt) {
                let fields = ctx.struct_elements(*elem);
                let pas = self.dl.program_address_space();
                let ok = fields.is_some_and(|f| {
                    (f.len() == 2 || f.len() == 3)
                        && ctx.int_width(f[0]) == Some(32)
                        && matches!(ctx.type_data(f[1]), TypeData::Ptr(a) if *a == pas)
                });
                check!(self, ok, "wrong type for intrinsic global variable", g);
                let f = fields.expect("checked");
                check!(
                    self,
                    f.len() == 3,
                    "the third field of the element type is mandatory, specify ptr null to migrate from the obsoleted 2-field form"
                );
                check!(
                    self,
                    ctx.is_ptr(f[2]),
                    "wrong type for intrinsic global variable",
                    g
                );
            }
        }
        if name == "llvm.used" || name == "llvm.compiler.used" {
            check!(
                self,
                init.is_none() || gd.linkage == Linkage::Appending,
                "invalid linkage for intrinsic global variable",
                g
            );
            check!(
                self,
                ctx.use_empty(g.0),
                "invalid uses of intrinsic global variable",
                g
            );
            if let TypeData::Array { elem, .. } = ctx.type_data(vt) {
                check!(
                    self,
                    ctx.is_ptr(*elem),
                    "wrong type for intrinsic global variable",
                    g
                );
                if let Some(init) = init {
                    check!(
                        self,
                        ctx.value_kind(init) == ValueKind::Constant
                            && ctx.const_kind(init) == ConstKind::Array,
                        "wrong initalizer for intrinsic global variable",
                        init
                    );
                    for k in 0..ctx.num_operands(init) {
                        let op = ctx.operand(init, k).expect("constants have operands");
                        let v = self.strip_pointer_casts(op).unwrap_or(op);
                        check!(
                            self,
                            matches!(
                                ctx.value_kind(v),
                                ValueKind::GlobalVariable | ValueKind::Function | ValueKind::Alias
                            ),
                            format!("invalid {name} member"),
                            v
                        );
                        check!(
                            self,
                            ctx.has_name(v),
                            format!("members of {name} must be named"),
                            v
                        );
                    }
                }
            }
        }
        let dbgs: Vec<Metadata> = gd
            .md
            .all_of(MdKindId::DBG)
            .map(|m| ctx.md_resolved(m))
            .collect();
        for md in dbgs {
            if ctx.md_data(md).spec_kind() == Some(SpecKind::DIGlobalVariableExpression) {
                self.visit_di_global_variable_expression(md);
            } else {
                self.fail(
                    true,
                    "!dbg attachment of global variable must be a DIGlobalVariableExpression",
                    vec![],
                );
            }
        }
        check!(
            self,
            !ctx.is_scalable(vt),
            "Globals cannot contain scalable types",
            g
        );
        if let TypeData::TargetExt { name: tname, .. } = ctx.type_data(vt) {
            check!(
                self,
                tname.starts_with("spirv."),
                format!("Global @{name} has illegal target extension type"),
                vt
            );
        }
        if let Some(init) = init {
            self.visit_constant_exprs(init);
        }
        self.visit_global_value(g.0);
    }

    /// LLVM's `visitConstantExprsRecursively`: bitcast expressions valid,
    /// globals in this module.
    pub(crate) fn visit_constant_exprs(&mut self, entry: Value) {
        let ctx = self.ctx;
        if !self.const_seen.insert(entry) {
            return;
        }
        let mut stack = vec![entry];
        while let Some(c) = stack.pop() {
            let kind = ctx.value_kind(c);
            if kind == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Expr {
                if let Some((Opcode::BitCast, _)) = ctx.const_expr_opcode(c) {
                    let src = ctx.type_of(ctx.operand(c, 0).expect("an operand"));
                    check!(
                        self,
                        super::ty::bitcast_is_valid(ctx, src, ctx.type_of(c)),
                        "Invalid bitcast",
                        c
                    );
                }
            }
            if kind.is_global() {
                let gm = ctx.global_parent(c);
                check!(
                    self,
                    gm == self.m,
                    "Referencing global in another module!",
                    entry,
                    self.m,
                    c,
                    gm
                );
                continue;
            }
            if kind != ValueKind::Constant {
                continue;
            }
            for k in 0..ctx.num_operands(c) {
                if let Some(op) = ctx.operand(c, k) {
                    if ctx.value_kind(op).is_constant() && self.const_seen.insert(op) {
                        stack.push(op);
                    }
                }
            }
        }
    }

    fn visit_alias(&mut self, g: Global) {
        let ctx = self.ctx;
        let gd = ctx.global_data(g);
        check!(
            self,
            matches!(
                gd.linkage,
                Linkage::Private
                    | Linkage::Internal
                    | Linkage::LinkOnceAny
                    | Linkage::WeakAny
                    | Linkage::LinkOnceOdr
                    | Linkage::WeakOdr
                    | Linkage::External
                    | Linkage::AvailableExternally
            ),
            "Alias should have private, internal, linkonce, weak, linkonce_odr, weak_odr, external, or available_externally linkage!",
            g
        );
        let aliasee = ctx.indirect_target(g);
        check!(self, aliasee.is_some(), "Aliasee cannot be NULL!", g);
        let a = aliasee.expect("checked");
        check!(
            self,
            ctx.type_of(g.0) == ctx.type_of(a),
            "Alias and aliasee types should match!",
            g
        );
        let k = ctx.value_kind(a);
        check!(
            self,
            k.is_global() || (k == ValueKind::Constant && ctx.const_kind(a) == ConstKind::Expr),
            "Aliasee should be either GlobalValue or ConstantExpr",
            g
        );
        let mut visited: hashbrown::HashSet<Value> = hashbrown::HashSet::new();
        visited.insert(g.0);
        self.visit_aliasee_sub_expr(&mut visited, g, a);
        self.visit_global_value(g.0);
    }

    fn visit_aliasee_sub_expr(
        &mut self,
        visited: &mut hashbrown::HashSet<Value>,
        ga: Global,
        c: Value,
    ) {
        let ctx = self.ctx;
        let avail = ctx.global_data(ga).linkage == Linkage::AvailableExternally;
        if avail {
            check!(
                self,
                ctx.value_kind(c).is_global()
                    && ctx.global_data(c).linkage == Linkage::AvailableExternally,
                "available_externally alias must point to available_externally global value",
                ga
            );
        }
        if ctx.value_kind(c).is_global() {
            if !avail {
                check!(
                    self,
                    !self.is_declaration_for_linker(c),
                    "Alias must point to a definition",
                    ga
                );
            }
            if ctx.value_kind(c) == ValueKind::Alias {
                check!(self, visited.insert(c), "Aliases cannot form a cycle", ga);
                check!(
                    self,
                    !super::call::is_interposable(ctx.global_data(c).linkage),
                    "Alias cannot point to an interposable alias",
                    ga
                );
            } else {
                return;
            }
        }
        if ctx.value_kind(c) == ValueKind::Constant && ctx.const_kind(c) == ConstKind::Expr {
            self.visit_constant_exprs(c);
        }
        for k in 0..ctx.num_operands(c) {
            let Some(v) = ctx.operand(c, k) else {
                continue;
            };
            if ctx.value_kind(v) == ValueKind::Alias {
                if let Some(t) = ctx.indirect_target(Global(v)) {
                    crate::stack::deep(|| self.visit_aliasee_sub_expr(visited, ga, t));
                }
            } else if ctx.value_kind(v).is_constant() {
                crate::stack::deep(|| self.visit_aliasee_sub_expr(visited, ga, v));
            }
        }
    }

    fn visit_ifunc(&mut self, g: Global) {
        let ctx = self.ctx;
        let gd = ctx.global_data(g);
        check!(
            self,
            matches!(
                gd.linkage,
                Linkage::Private
                    | Linkage::Internal
                    | Linkage::LinkOnceAny
                    | Linkage::WeakAny
                    | Linkage::LinkOnceOdr
                    | Linkage::WeakOdr
                    | Linkage::External
            ),
            "IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!",
            g
        );
        let resolver = ctx.indirect_target(g);
        let rf = resolver
            .map(|r| self.strip_casts_and_aliases(r))
            .and_then(|r| ctx.as_function(r));
        check!(self, rf.is_some(), "IFunc must have a Function resolver", g);
        let rf = rf.expect("checked");
        check!(
            self,
            !self.is_declaration_for_linker(rf.0),
            "IFunc resolver must be a definition",
            g
        );
        let ret = ctx.function_parts(ctx.signature(rf)).expect("fn type").0;
        check!(
            self,
            ctx.is_ptr(ret),
            "IFunc resolver must return a pointer",
            g
        );
        let want = ctx.ptr_addrspace(ctx.type_of(g.0));
        let rt = resolver.map(|r| ctx.type_of(r));
        check!(
            self,
            rt.and_then(|t| match ctx.type_data(t) {
                TypeData::Ptr(a) => Some(*a),
                _ => None,
            }) == want,
            "IFunc resolver has incorrect type",
            g
        );
    }

    fn visit_named_md(&mut self, name: &[u8], ops: &[Metadata]) {
        let ctx = self.ctx;
        if name.starts_with(b"llvm.dbg.") && name != b"llvm.dbg.cu" {
            let text = self.named_md_text(name, ops);
            check_di!(
                self,
                false,
                "unrecognized named metadata node in the llvm.dbg namespace",
                Item::Text(text)
            );
        }
        for &md in ops {
            if name == b"llvm.dbg.cu" {
                let ok = ctx.md_data(md).spec_kind() == Some(SpecKind::DICompileUnit);
                if !ok {
                    let text = self.named_md_text(name, ops);
                    check_di!(self, false, "invalid compile unit", Item::Text(text), md);
                }
            }
            self.visit_md_node(md, true);
        }
    }

    /// A named metadata node as LLVM prints it (`!name = !{!0, !1}`, the
    /// name escaped as `printMetadataIdentifier` escapes it).
    fn named_md_text(&mut self, name: &[u8], ops: &[Metadata]) -> String {
        let ctx = self.ctx;
        let mut p = ctx.module_printer(self.m);
        let parts: Vec<String> = ops
            .iter()
            .map(|&o| {
                let t = p.metadata(o);
                t.split(" = ").next().unwrap_or("").to_string()
            })
            .collect();
        let mut text = String::with_capacity(name.len() + 8);
        text.push('!');
        crate::asm::push_md_identifier(&mut text, name);
        text.push_str(" = !{");
        text.push_str(&parts.join(", "));
        text.push('}');
        text
    }

    fn visit_comdat(&mut self, name: &[u8]) {
        let ctx = self.ctx;
        if !self.is_coff() {
            return;
        }
        if let Some(g) = ctx.global_by_name(self.m, name) {
            check!(
                self,
                ctx.global_data(g).linkage != Linkage::Private,
                "comdat global value has private linkage",
                g
            );
        }
    }

    /// Whether the target triple's object format is COFF.
    fn is_coff(&self) -> bool {
        let t = self.ctx.module(self.m).triple_str();
        let parts: Vec<&str> = t.split('-').collect();
        let os_windows = parts.iter().any(|p| {
            p.starts_with("windows")
                || p.starts_with("win32")
                || *p == "mingw32"
                || *p == "cygwin"
                || p.starts_with("uefi")
        });
        let env_override = parts
            .iter()
            .any(|p| p.ends_with("elf") || p.ends_with("macho"));
        os_windows && !env_override
    }

    fn visit_module_flags(&mut self) {
        let ctx = self.ctx;
        let Some(flags) = ctx
            .module(self.m)
            .named_md
            .get(&b"llvm.module.flags"[..])
            .cloned()
        else {
            return;
        };
        let mut seen: hashbrown::HashMap<Metadata, Metadata> = hashbrown::HashMap::new();
        let mut reqs: Vec<Metadata> = Vec::new();
        let mut platform: Option<u64> = None;
        let mut version: Option<u64> = None;
        for &f in &flags {
            self.visit_module_flag(f, &mut seen, &mut reqs);
            let ops = match ctx.md_data(f) {
                MdData::Tuple { ops, .. } => ops.to_vec(),
                _ => Vec::new(),
            };
            if ops.len() != 3 {
                continue;
            }
            let key = ops[1].and_then(|n| ctx.md_data(n).as_bytes().map(<[u8]>::to_vec));
            let val = ops[2]
                .and_then(|v| super::metadata::md_const_int(ctx, v))
                .map(|x| x.try_to_u64().unwrap_or(u64::MAX));
            match key.as_deref() {
                Some(b"aarch64-elf-pauthabi-platform") if val.is_some() => platform = val,
                Some(b"aarch64-elf-pauthabi-version") if val.is_some() => version = val,
                _ => {}
            }
        }
        if platform.is_some() != version.is_some() {
            self.fail(
                false,
                "either both or no 'aarch64-elf-pauthabi-platform' and 'aarch64-elf-pauthabi-version' module flags must be present",
                vec![],
            );
        }
        for r in reqs {
            let ops = match ctx.md_data(r) {
                MdData::Tuple { ops, .. } => ops.to_vec(),
                _ => continue,
            };
            let flag = ops[0].expect("checked a string");
            let req_value = ops[1];
            let Some(&op) = seen.get(&flag) else {
                self.fail(
                    false,
                    "invalid requirement on flag, flag is not present in module",
                    vec![flag.into()],
                );
                continue;
            };
            let have = match ctx.md_data(op) {
                MdData::Tuple { ops, .. } => ops.get(2).copied().flatten(),
                _ => None,
            };
            if have != req_value {
                self.fail(
                    false,
                    "invalid requirement on flag, flag does not have the required value",
                    vec![flag.into()],
                );
            }
        }
    }

    fn visit_module_flag(
        &mut self,
        f: Metadata,
        seen: &mut hashbrown::HashMap<Metadata, Metadata>,
        reqs: &mut Vec<Metadata>,
    ) {
        let ctx = self.ctx;
        let ops = match ctx.md_data(f) {
            MdData::Tuple { ops, .. } => ops.to_vec(),
            _ => Vec::new(),
        };
        check!(
            self,
            ops.len() == 3,
            "incorrect number of operands in module flag",
            f
        );
        let behavior = ops[0].and_then(|m| super::metadata::md_const_int(ctx, m));
        let b = behavior
            .as_ref()
            .map(|x| x.try_to_u64().unwrap_or(u64::MAX))
            .filter(|&x| (1..=8).contains(&x));
        let Some(b) = b else {
            check!(
                self,
                behavior.is_some(),
                "invalid behavior operand in module flag (expected constant integer)",
                ops[0]
            );
            check!(
                self,
                false,
                "invalid behavior operand in module flag (unexpected constant)",
                ops[0]
            );
            return;
        };
        let id = ops[1].filter(|&m| matches!(ctx.md_data(m), MdData::String(_)));
        check!(
            self,
            id.is_some(),
            "invalid ID operand in module flag (expected metadata string)",
            ops[1]
        );
        let id = id.expect("checked");
        let val = ops[2];
        match b {
            8 => {
                let ok = val
                    .and_then(|v| super::metadata::md_const_int(ctx, v))
                    .is_some_and(|x| !x.is_negative());
                check!(
                    self,
                    ok,
                    "invalid value for 'min' module flag (expected constant non-negative integer)",
                    val
                );
            }
            7 => {
                check!(
                    self,
                    val.and_then(|v| super::metadata::md_const_int(ctx, v))
                        .is_some(),
                    "invalid value for 'max' module flag (expected constant integer)",
                    val
                );
            }
            3 => {
                let pair = val.and_then(|v| match ctx.md_data(v) {
                    MdData::Tuple { ops, .. } if ops.len() == 2 => Some(ops.to_vec()),
                    _ => None,
                });
                check!(
                    self,
                    pair.is_some(),
                    "invalid value for 'require' module flag (expected metadata pair)",
                    val
                );
                let pair = pair.expect("checked");
                check!(
                    self,
                    pair[0].is_some_and(|m| matches!(ctx.md_data(m), MdData::String(_))),
                    "invalid value for 'require' module flag (first value operand should be a string)",
                    pair[0]
                );
                reqs.push(val.expect("checked"));
            }
            5 | 6 => {
                check!(
                    self,
                    val.is_some_and(|v| super::metadata::is_md_node(ctx, v)),
                    "invalid value for 'append'-type module flag (expected a metadata node)",
                    val
                );
            }
            _ => {}
        }
        if b != 3 {
            let fresh = !seen.contains_key(&id);
            if fresh {
                seen.insert(id, f);
            }
            check!(
                self,
                fresh,
                "module flag identifiers must be unique (or of 'require' type)",
                id
            );
        }
        let key = ctx.md_data(id).as_bytes().unwrap_or(&[]).to_vec();
        let is_int = val
            .and_then(|v| super::metadata::md_const_int(ctx, v))
            .is_some();
        match &key[..] {
            b"wchar_size" => check!(
                self,
                is_int,
                "wchar_size metadata requires constant integer argument"
            ),
            b"Linker Options" => check!(
                self,
                ctx.module(self.m)
                    .named_md
                    .contains_key(&b"llvm.linker.options"[..]),
                "'Linker Options' named metadata no longer supported"
            ),
            b"SemanticInterposition" => check!(
                self,
                is_int,
                "SemanticInterposition metadata requires constant integer argument"
            ),
            b"CG Profile" => {
                let entries = match val.map(|v| ctx.md_data(v)) {
                    Some(MdData::Tuple { ops, .. }) => ops.to_vec(),
                    _ => Vec::new(),
                };
                for e in entries {
                    self.visit_cg_profile_entry(e);
                }
            }
            _ => {}
        }
    }

    fn visit_cg_profile_entry(&mut self, e: Option<Metadata>) {
        let ctx = self.ctx;
        let node = e.and_then(|m| match ctx.md_data(m) {
            MdData::Tuple { ops, .. } if ops.len() == 3 => Some(ops.to_vec()),
            _ => None,
        });
        check!(self, node.is_some(), "expected a MDNode triple", e);
        let node = node.expect("checked");
        for f in &node[..2] {
            let Some(f) = *f else {
                continue;
            };
            let ok = match ctx.md_data(f) {
                MdData::Value(v) => {
                    let s = self.strip_pointer_casts(*v).unwrap_or(*v);
                    ctx.value_kind(s) == ValueKind::Function
                }
                _ => false,
            };
            check!(self, ok, "expected a Function or null", f);
        }
        let count_ok = node[2].is_some_and(|c| match ctx.md_data(c) {
            MdData::Value(v) => ctx.value_kind(*v).is_constant() && ctx.is_integer(ctx.type_of(*v)),
            _ => false,
        });
        check!(self, count_ok, "expected an integer constant", node[2]);
    }

    /// `llvm.ident` and `llvm.commandline`: one string per node.
    fn visit_ident_like(&mut self, name: &str) {
        let ctx = self.ctx;
        let Some(ops) = ctx.module(self.m).named_md.get(name.as_bytes()).cloned() else {
            return;
        };
        let what = name.trim_start_matches("llvm.");
        for n in ops {
            let nops = match ctx.md_data(n) {
                MdData::Tuple { ops, .. } => ops.to_vec(),
                MdData::Specialized { .. } => vec![None; super::metadata::num_md_operands(ctx, n)],
                _ => Vec::new(),
            };
            check!(
                self,
                nops.len() == 1,
                format!("incorrect number of operands in {name} metadata"),
                n
            );
            let op = nops[0];
            check!(
                self,
                op.is_some_and(|m| matches!(ctx.md_data(m), MdData::String(_))),
                format!("invalid value for llvm.{what} metadata entry operand(the operand should be a string)"),
                op
            );
        }
    }

    fn verify_compile_units(&mut self) {
        let ctx = self.ctx;
        let listed: hashbrown::HashSet<Metadata> = ctx
            .module(self.m)
            .named_md
            .get(&b"llvm.dbg.cu"[..])
            .map(|v| v.iter().map(|&m| ctx.md_resolved(m)).collect())
            .unwrap_or_default();
        let cus: Vec<Metadata> = self.cu_visited.keys().copied().collect();
        for cu in cus {
            if !listed.contains(&cu) {
                self.fail(
                    true,
                    "DICompileUnit not listed in llvm.dbg.cu",
                    vec![cu.into()],
                );
            }
        }
        self.cu_visited.clear();
    }
}
