//! Cloning functions and modules: LLVM 19's `CloneFunction`,
//! `CloneFunctionInto`, `CloneBasicBlock` (`CloneFunction.cpp`),
//! `CloneModule` (`CloneModule.cpp`) and the value and metadata mapping
//! they run on (`ValueMapper.cpp`), within one [`Context`].
//!
//! Owns [`ValueMap`] (LLVM's `ValueToValueMapTy`: values and metadata) and
//! the mapper. It does not own instruction creation or the metadata store
//! (`ir/`), nor constant re-uniquing (`constants/`).
//!
//! # Mapping rules (LLVM's `ValueMapper`)
//!
//! * A value in the map maps to its entry. A global value not in it maps
//!   to itself (the identity LLVM gives globals it was not seeded with), a
//!   constant to itself unless an operand maps elsewhere (then it is
//!   rebuilt with the mapped operands, as `getWithOperands` does), a
//!   `blockaddress` through its function and block.
//! * Metadata: strings map to themselves. With *module-level changes*
//!   (LLVM's `RF_None`) a distinct node is duplicated (the copy is in the
//!   map before its operands are mapped, so cycles through it close on the
//!   copy) and a uniqued node is rebuilt when an operand maps elsewhere,
//!   else kept; a uniqued cycle is closed through a temporary, as the
//!   parsers do. Without them (`RF_NoModuleLevelChanges`) every node maps
//!   to itself. Function-local metadata (a local value, a `DIArgList`) is
//!   always mapped.
//! * Cloning a function into its own module ([`CloneChanges::LocalChangesOnly`],
//!   what `CloneFunction` uses, or [`CloneChanges::GlobalChanges`]) first
//!   walks the debug info the body names (LLVM's `DebugInfoFinder`). If it
//!   finds a subprogram, every subprogram but the function's own, the
//!   local scopes of those, the compile units and the types found map to
//!   themselves, and mapping runs with module-level changes: the
//!   function's `DISubprogram`, its lexical blocks, locations and
//!   variables are duplicated, and so is any other distinct node the body
//!   names (`!llvm.loop`, `DIAssignID`), while types and compile units are
//!   shared. A function without debug info cloned with `LocalChangesOnly`
//!   shares all its metadata.
//!
//! # Cost
//!
//! O(instructions + operands + metadata reached) per function, with one
//! hash lookup per mapped operand. New names get the suffix asked for;
//! the new function's name is made unique as LLVM's symbol table does
//! (`f` → `f.1`).

use crate::constants::ConstKind;
use crate::ir::inst::{DbgRecord, InstPayload};
use crate::ir::metadata::{
    map_field_refs, FieldName, MdAttachments, MdData, MdField, Metadata, SpecKind,
};
use crate::ir::{Block, Function, Global, Inst, Module};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;
use hashbrown::{HashMap, HashSet};

/// A map from old values and metadata to new ones (LLVM's
/// `ValueToValueMapTy` with its metadata map). Seed it before cloning to
/// redirect values (an argument seeded before
/// [`Context::clone_function`] is dropped from the clone's signature);
/// read it afterwards to find what each old value became.
#[derive(Default, Debug, Clone)]
pub struct ValueMap {
    values: HashMap<Value, Value>,
    md: HashMap<Metadata, Metadata>,
}

impl ValueMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// What `v` maps to, if it is in the map.
    pub fn get(&self, v: impl Into<Value>) -> Option<Value> {
        self.values.get(&v.into()).copied()
    }

    /// Maps `from` to `to`.
    pub fn insert(&mut self, from: impl Into<Value>, to: impl Into<Value>) {
        self.values.insert(from.into(), to.into());
    }

    /// What metadata `m` maps to, if it is in the map.
    pub fn get_md(&self, m: Metadata) -> Option<Metadata> {
        self.md.get(&m).copied()
    }

    /// Maps metadata `from` to `to`.
    pub fn insert_md(&mut self, from: Metadata, to: Metadata) {
        self.md.insert(from, to);
    }

    /// Number of values in the map.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is in the map.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// How far the changes of a clone reach (LLVM's `CloneFunctionChangeType`
/// without `DifferentModule`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CloneChanges {
    /// A clone in the same module of a function with a `DISubprogram`:
    /// only function-local debug info is duplicated.
    LocalChangesOnly,
    /// A clone in the same module of a function without one: distinct
    /// metadata the body names is duplicated, debug-info subprograms,
    /// compile units and types found through it are shared.
    GlobalChanges,
    /// Part of cloning the whole module ([`Context::clone_module`]):
    /// globals are expected in the map, all metadata is mapped.
    ClonedModule,
}

/// The mapper: one walk's state over a [`ValueMap`].
struct Mapper<'m> {
    vm: &'m mut ValueMap,
    module_level: bool,
    in_progress: HashSet<Metadata>,
    temps: HashMap<Metadata, Metadata>,
}

impl<'m> Mapper<'m> {
    fn new(vm: &'m mut ValueMap, module_level: bool) -> Self {
        Mapper {
            vm,
            module_level,
            in_progress: HashSet::new(),
            temps: HashMap::new(),
        }
    }

    fn value(&mut self, ctx: &mut Context, v: Value) -> Value {
        if let Some(&m) = self.vm.values.get(&v) {
            return m;
        }
        match ctx.value_kind(v) {
            ValueKind::Constant => {
                let n = ctx.num_operands(v);
                if n == 0 {
                    return v;
                }
                let ops: Vec<Value> = (0..n)
                    .map(|k| {
                        ctx.operand(v, k)
                            .expect("constant operands are never dropped")
                    })
                    .collect();
                let mapped: Vec<Value> = ops
                    .iter()
                    .map(|&o| crate::stack::deep(|| self.value(ctx, o)))
                    .collect();
                if mapped == ops {
                    return v;
                }
                let r = if ctx.const_kind(v) == ConstKind::BlockAddress {
                    ctx.block_address(Function(mapped[0]), Block(mapped[1]))
                } else {
                    ctx.rebuild_const(v, &mapped)
                };
                self.vm.values.insert(v, r);
                r
            }
            ValueKind::MetadataAsValue => {
                let Some(md) = ctx.value_metadata(v) else {
                    return v;
                };
                let local = self.is_local_md(ctx, md);
                if !local && !self.module_level {
                    return v;
                }
                let nm = self.md(ctx, md);
                if nm == md {
                    return v;
                }
                ctx.metadata_as_value(nm)
            }
            _ => v,
        }
    }

    fn is_local_md(&self, ctx: &Context, md: Metadata) -> bool {
        match ctx.md_data(md) {
            MdData::Value(v) => matches!(
                ctx.value_kind(*v),
                ValueKind::Argument | ValueKind::Instruction | ValueKind::Block
            ),
            d => d.is_arg_list(),
        }
    }

    fn md_opt(&mut self, ctx: &mut Context, m: Option<Metadata>) -> Option<Metadata> {
        m.map(|m| self.md(ctx, m))
    }

    fn md(&mut self, ctx: &mut Context, m: Metadata) -> Metadata {
        crate::stack::deep(|| self.md_walk(ctx, m))
    }

    fn md_walk(&mut self, ctx: &mut Context, m: Metadata) -> Metadata {
        let m = ctx.md_resolved(m);
        if let Some(&r) = self.vm.md.get(&m) {
            return ctx.md_resolved(r);
        }
        let data = ctx.md_data(m).clone();
        let local = self.is_local_md(ctx, m);
        match data {
            MdData::String(_) | MdData::Temporary => return m,
            _ if !local && !self.module_level => return m,
            MdData::Value(v) => {
                let nv = self.value(ctx, v);
                return if nv == v { m } else { ctx.md_value(nv) };
            }
            _ => {}
        }
        if data.is_distinct() {
            return self.distinct(ctx, m, data);
        }
        if self.in_progress.contains(&m) {
            if let Some(&t) = self.temps.get(&m) {
                return t;
            }
            let t = ctx.md_temporary();
            self.temps.insert(m, t);
            return t;
        }
        self.in_progress.insert(m);
        let r = match data {
            MdData::Tuple { ops, .. } => {
                let nops: Vec<Option<Metadata>> =
                    ops.iter().map(|&o| self.md_opt(ctx, o)).collect();
                if nops[..] != ops[..] {
                    ctx.md_tuple(&nops)
                } else {
                    m
                }
            }
            MdData::Specialized { kind, fields, .. } => {
                let nfields = map_field_refs(&fields, |o| self.md(ctx, o));
                if nfields[..] != fields[..] {
                    ctx.md_specialized(kind, nfields, false)
                } else {
                    m
                }
            }
            _ => m,
        };
        self.in_progress.remove(&m);
        if let Some(t) = self.temps.remove(&m) {
            ctx.md_replace_temporary(t, r);
        }
        let r = ctx.md_resolved(r);
        self.vm.md.insert(m, r);
        r
    }

    /// A distinct node's copy, in the map before its operands are mapped.
    fn distinct(&mut self, ctx: &mut Context, m: Metadata, data: MdData) -> Metadata {
        match data {
            MdData::Tuple { ops, .. } => {
                let copy = ctx.md_distinct_tuple(&ops);
                self.vm.md.insert(m, copy);
                for (k, &o) in ops.iter().enumerate() {
                    let n = self.md_opt(ctx, o);
                    if n != o {
                        ctx.md_set_operand(copy, k, n);
                    }
                }
                copy
            }
            MdData::Specialized { kind, fields, .. } => {
                // Brace lists cannot be set afterwards: map them first.
                let first: Vec<(FieldName, MdField)> = fields
                    .iter()
                    .map(|(n, f)| match f {
                        MdField::List(_) => (*n, f.map_refs(|o| self.md(ctx, o))),
                        f => (*n, f.clone()),
                    })
                    .collect();
                let copy = ctx.md_specialized(kind, first, true);
                self.vm.md.insert(m, copy);
                for (k, (_, f)) in fields.iter().enumerate() {
                    if let MdField::Md(o) = f {
                        let n = self.md_opt(ctx, *o);
                        if n != *o {
                            ctx.md_set_operand(copy, k, n);
                        }
                    }
                }
                copy
            }
            _ => m,
        }
    }

    fn attachments(&mut self, ctx: &mut Context, md: &MdAttachments) -> MdAttachments {
        let mut out = MdAttachments::new();
        let all: Vec<_> = md.iter().collect();
        for (k, v) in all {
            let nv = self.md(ctx, v);
            out.add(k, nv);
        }
        out
    }
}

/// LLVM's `DebugInfoFinder`, as far as `CloneFunctionInto` uses it: the
/// subprograms, scopes, compile units and types the body reaches.
#[derive(Default)]
struct DiFinder {
    seen: HashSet<Metadata>,
    subprograms: Vec<Metadata>,
    scopes: Vec<Metadata>,
    units: Vec<Metadata>,
    types: Vec<Metadata>,
}

fn kind_of(ctx: &Context, m: Metadata) -> Option<SpecKind> {
    ctx.md_data(m).spec_kind()
}

fn is_type(k: SpecKind) -> bool {
    matches!(
        k,
        SpecKind::DIBasicType
            | SpecKind::DIDerivedType
            | SpecKind::DICompositeType
            | SpecKind::DISubroutineType
            | SpecKind::DIStringType
    )
}

fn md_field(ctx: &Context, m: Metadata, name: FieldName) -> Option<Metadata> {
    match ctx.md_data(m).field(name) {
        Some(MdField::Md(Some(x))) => Some(ctx.md_resolved(*x)),
        _ => None,
    }
}

/// The elements of the tuple in field `name` of `m`.
fn md_list(ctx: &Context, m: Metadata, name: FieldName) -> Vec<Metadata> {
    match md_field(ctx, m, name).map(|t| ctx.md_data(t)) {
        Some(MdData::Tuple { ops, .. }) => {
            ops.iter().flatten().map(|&x| ctx.md_resolved(x)).collect()
        }
        _ => Vec::new(),
    }
}

impl DiFinder {
    fn add(&mut self, m: Metadata) -> bool {
        self.seen.insert(m)
    }

    fn subprogram(&mut self, ctx: &Context, sp: Metadata) {
        if !self.add(sp) {
            return;
        }
        self.subprograms.push(sp);
        if let Some(s) = md_field(ctx, sp, FieldName::Scope) {
            self.scope(ctx, s);
        }
        if let Some(u) = md_field(ctx, sp, FieldName::Unit) {
            self.unit(ctx, u);
        }
        if let Some(t) = md_field(ctx, sp, FieldName::Type) {
            self.ty(ctx, t);
        }
        for p in md_list(ctx, sp, FieldName::TemplateParams) {
            if matches!(
                kind_of(ctx, p),
                Some(SpecKind::DITemplateTypeParameter | SpecKind::DITemplateValueParameter)
            ) {
                if let Some(t) = md_field(ctx, p, FieldName::Type) {
                    self.ty(ctx, t);
                }
            }
        }
    }

    fn unit(&mut self, ctx: &Context, cu: Metadata) {
        if !self.add(cu) {
            return;
        }
        self.units.push(cu);
        for gve in md_list(ctx, cu, FieldName::Globals) {
            if !self.add(gve) {
                continue;
            }
            if let Some(gv) = md_field(ctx, gve, FieldName::Var) {
                if let Some(s) = md_field(ctx, gv, FieldName::Scope) {
                    self.scope(ctx, s);
                }
                if let Some(t) = md_field(ctx, gv, FieldName::Type) {
                    self.ty(ctx, t);
                }
            }
        }
        for t in md_list(ctx, cu, FieldName::Enums) {
            self.ty(ctx, t);
        }
        for t in md_list(ctx, cu, FieldName::RetainedTypes) {
            match kind_of(ctx, t) {
                Some(SpecKind::DISubprogram) => self.subprogram(ctx, t),
                Some(k) if is_type(k) => self.ty(ctx, t),
                _ => {}
            }
        }
        for i in md_list(ctx, cu, FieldName::Imports) {
            let Some(e) = md_field(ctx, i, FieldName::Entity) else {
                continue;
            };
            match kind_of(ctx, e) {
                Some(k) if is_type(k) => self.ty(ctx, e),
                Some(SpecKind::DISubprogram) => self.subprogram(ctx, e),
                Some(SpecKind::DINamespace | SpecKind::DIModule) => {
                    if let Some(s) = md_field(ctx, e, FieldName::Scope) {
                        self.scope(ctx, s);
                    }
                }
                _ => {}
            }
        }
    }

    fn ty(&mut self, ctx: &Context, t: Metadata) {
        let Some(k) = kind_of(ctx, t) else {
            return;
        };
        if !is_type(k) || !self.add(t) {
            return;
        }
        self.types.push(t);
        if let Some(s) = md_field(ctx, t, FieldName::Scope) {
            self.scope(ctx, s);
        }
        match k {
            SpecKind::DISubroutineType => {
                for x in md_list(ctx, t, FieldName::Types) {
                    crate::stack::deep(|| self.ty(ctx, x));
                }
            }
            SpecKind::DICompositeType => {
                if let Some(b) = md_field(ctx, t, FieldName::BaseType) {
                    crate::stack::deep(|| self.ty(ctx, b));
                }
                for e in md_list(ctx, t, FieldName::Elements) {
                    match kind_of(ctx, e) {
                        Some(SpecKind::DISubprogram) => self.subprogram(ctx, e),
                        Some(k) if is_type(k) => crate::stack::deep(|| self.ty(ctx, e)),
                        _ => {}
                    }
                }
            }
            SpecKind::DIDerivedType => {
                if let Some(b) = md_field(ctx, t, FieldName::BaseType) {
                    crate::stack::deep(|| self.ty(ctx, b));
                }
            }
            _ => {}
        }
    }

    fn scope(&mut self, ctx: &Context, s: Metadata) {
        let Some(k) = kind_of(ctx, s) else {
            return;
        };
        match k {
            k if is_type(k) => self.ty(ctx, s),
            SpecKind::DICompileUnit => {
                if self.add(s) {
                    self.units.push(s);
                }
            }
            SpecKind::DISubprogram => self.subprogram(ctx, s),
            _ => {
                if !self.add(s) {
                    return;
                }
                self.scopes.push(s);
                if matches!(
                    k,
                    SpecKind::DILexicalBlock
                        | SpecKind::DILexicalBlockFile
                        | SpecKind::DINamespace
                        | SpecKind::DIModule
                ) {
                    if let Some(p) = md_field(ctx, s, FieldName::Scope) {
                        self.scope(ctx, p);
                    }
                }
            }
        }
    }

    fn location(&mut self, ctx: &Context, loc: Metadata) {
        let loc = ctx.md_resolved(loc);
        if kind_of(ctx, loc) != Some(SpecKind::DILocation) {
            return;
        }
        if let Some(s) = md_field(ctx, loc, FieldName::Scope) {
            self.scope(ctx, s);
        }
        if let Some(i) = md_field(ctx, loc, FieldName::InlinedAt) {
            self.location(ctx, i);
        }
    }

    fn variable(&mut self, ctx: &Context, v: Metadata) {
        let v = ctx.md_resolved(v);
        if !self.add(v) {
            return;
        }
        if let Some(s) = md_field(ctx, v, FieldName::Scope) {
            self.scope(ctx, s);
        }
        if let Some(t) = md_field(ctx, v, FieldName::Type) {
            self.ty(ctx, t);
        }
    }

    fn instruction(&mut self, ctx: &Context, i: Inst) {
        if let Some(d) = ctx.dbg_loc(i) {
            self.location(ctx, d);
        }
        for r in ctx.dbg_records(i) {
            if &*r.kind != "label" {
                if let Some(Some(v)) = r.ops.get(1) {
                    self.variable(ctx, *v);
                }
            }
            if let Some(Some(l)) = r.ops.last() {
                self.location(ctx, *l);
            }
        }
    }

    /// The subprogram a local scope belongs to.
    fn subprogram_of(ctx: &Context, mut s: Metadata) -> Option<Metadata> {
        for _ in 0..=ctx.md_count() {
            match kind_of(ctx, s)? {
                SpecKind::DISubprogram => return Some(s),
                SpecKind::DILexicalBlock | SpecKind::DILexicalBlockFile => {
                    s = md_field(ctx, s, FieldName::Scope)?;
                }
                _ => return None,
            }
        }
        None
    }
}

/// # Cloning
///
/// Copies of functions and modules with a map from old values to new
/// ones (LLVM's `CloneFunction`, `CloneFunctionInto`, `CloneModule`).
impl Context {
    /// A copy of `f` in its own module, after the last function, named as
    /// `f` made unique (`f.1`), with `f`'s linkage, attributes, section,
    /// personality and metadata (LLVM's `CloneFunction`). Arguments
    /// already in `vm` are dropped from the copy's signature and their
    /// uses take the mapped values; everything else `f` defines is added
    /// to `vm`. Metadata follows [`CloneChanges::LocalChangesOnly`]: with
    /// a `DISubprogram`, `f`'s local debug info and the distinct nodes its
    /// body names are duplicated; without one, all metadata is shared.
    pub fn clone_function(&mut self, f: Function, vm: &mut ValueMap) -> Function {
        let m = self.global_parent(f.0);
        let (ret, params, vararg) = {
            let (r, p, va) = self
                .function_parts(self.signature(f))
                .expect("a function has a function type");
            (r, p.to_vec(), va)
        };
        let old_args: Vec<Value> = self.args(f).to_vec();
        let kept: Vec<Type> = old_args
            .iter()
            .zip(&params)
            .filter(|(a, _)| !vm.values.contains_key(*a))
            .map(|(_, &t)| t)
            .collect();
        let fty = self.function_type(ret, &kept, vararg);
        let name = self.name_bytes(f.0).unwrap_or(b"").to_vec();
        let nf = self.add_function(m, &name, fty);
        let linkage = self.global_data(f.0).linkage;
        self.global_data_mut(nf.0).linkage = linkage;
        let asp = self.function_data(f).addrspace;
        if asp != 0 {
            self.set_function_addrspace(nf, asp);
        }
        let new_args: Vec<Value> = self.args(nf).to_vec();
        let mut k = 0;
        for &a in &old_args {
            if vm.values.contains_key(&a) {
                continue;
            }
            if let Some(n) = self.name_bytes(a).map(<[u8]>::to_vec) {
                self.set_name_bytes(new_args[k], &n);
            }
            vm.values.insert(a, new_args[k]);
            k += 1;
        }
        self.clone_function_into(nf, f, vm, CloneChanges::LocalChangesOnly, "");
        nf
    }

    /// The `!dbg` attachment of `f` (its `DISubprogram`), if any.
    fn function_subprogram(&mut self, f: Function) -> Option<Metadata> {
        let k = self.md_find_kind("dbg")?;
        let sp = self.global_data(f.0).md.get(k)?;
        Some(self.md_resolved(sp))
    }

    /// Copies `old`'s attributes, personality, prefix and prologue data,
    /// metadata and body into `new`, whose arguments `vm` maps `old`'s to
    /// (LLVM's `CloneFunctionInto`). Block and value names get `suffix`.
    /// Parameter attributes follow the arguments that were mapped to
    /// arguments of `new`.
    ///
    /// # Panics
    /// If `new` already has a body.
    pub fn clone_function_into(
        &mut self,
        new: Function,
        old: Function,
        vm: &mut ValueMap,
        changes: CloneChanges,
        suffix: &str,
    ) {
        assert!(
            self.entry_block(new).is_none(),
            "clone_function_into: {:?} already has a body",
            new.0
        );
        // Global-value properties but linkage, name and metadata
        // (`copyAttributesFrom`, comdats aside), then the attribute list
        // rebuilt around the mapped arguments.
        {
            let od = self.global_data(old.0).clone();
            let nd = self.global_data_mut(new.0);
            nd.visibility = od.visibility;
            nd.dll_storage = od.dll_storage;
            nd.thread_local = od.thread_local;
            nd.unnamed_addr = od.unnamed_addr;
            nd.dso_local = od.dso_local;
            nd.section = od.section;
            nd.partition = od.partition;
            nd.align = od.align;
            nd.sanitizer = od.sanitizer;
        }
        let (cc, gc, attrs) = {
            let d = self.function_data(old);
            (d.call_conv, d.gc.clone(), d.attrs.clone())
        };
        let new_args: Vec<Value> = self.args(new).to_vec();
        let mut params = vec![crate::ir::attributes::AttributeSet::default(); new_args.len()];
        for (k, &a) in self.args(old).to_vec().iter().enumerate() {
            if let Some(na) = vm.values.get(&a) {
                if let Some(p) = new_args.iter().position(|x| x == na) {
                    params[p] = attrs.param_attrs(k as u32).clone();
                }
            }
        }
        let list = crate::ir::attributes::AttributeList::from_sets(
            attrs.fn_attrs().clone(),
            attrs.ret_attrs().clone(),
            params,
        );
        {
            let d = self.function_data_mut(new);
            d.call_conv = cc;
            d.gc = gc;
            d.attrs = list;
        }
        let module_level = changes != CloneChanges::LocalChangesOnly;
        for slot in 0..3 {
            if let Some(v) = self.function_operand(old, slot) {
                let nv = Mapper::new(vm, module_level).value(self, v);
                self.set_function_operand(new, slot, Some(nv));
            }
        }
        if self.is_declaration(old) {
            return;
        }
        let same_module = changes != CloneChanges::ClonedModule;
        let own_sp = self.function_subprogram(old);
        let mut finder = DiFinder::default();
        if same_module {
            if let Some(sp) = own_sp {
                finder.subprogram(self, sp);
            }
        }
        // Blocks first, so branches and `blockaddress` name the copies.
        let old_blocks: Vec<Block> = self.blocks(old).collect();
        for &b in &old_blocks {
            let name = match self.has_name(b.0) {
                true => self.suffixed_name(b.0, suffix),
                false => Vec::new(),
            };
            let nb = self.append_block(new, &name);
            vm.values.insert(b.0, nb.0);
            if self
                .users(b.0)
                .any(|u| self.value_kind(u) == ValueKind::Constant)
            {
                let old_ba = self.block_address(old, b);
                let new_ba = self.block_address(new, nb);
                vm.values.insert(old_ba, new_ba);
            }
        }
        // Instructions with their operands as they are (locals not yet
        // copied become placeholders), as `Instruction::clone` leaves them.
        let mut pairs: Vec<(Inst, Inst)> = Vec::new();
        for &b in &old_blocks {
            let nb = Block(vm.values[&b.0]);
            for i in self.insts(b).collect::<Vec<_>>() {
                if same_module {
                    finder.instruction(self, i);
                }
                let ni = self.clone_inst_shell(i, vm);
                self.append_inst(nb, ni);
                if self.has_name(i.0) {
                    let n = self.suffixed_name(i.0, suffix);
                    self.set_name_bytes(ni, &n);
                }
                vm.values.insert(i.0, ni.0);
                pairs.push((i, ni));
            }
        }
        let mut module_level = module_level;
        if same_module && !finder.subprograms.is_empty() {
            module_level = true;
            let mut self_sps: HashSet<Metadata> = HashSet::new();
            for &sp in &finder.subprograms {
                if Some(sp) != own_sp {
                    vm.md.entry(sp).or_insert(sp);
                    self_sps.insert(sp);
                }
            }
            for &s in &finder.scopes {
                if DiFinder::subprogram_of(self, s).is_some_and(|sp| self_sps.contains(&sp)) {
                    vm.md.entry(s).or_insert(s);
                }
            }
            for &cu in &finder.units {
                vm.md.entry(cu).or_insert(cu);
            }
            for &t in &finder.types {
                vm.md.entry(t).or_insert(t);
            }
        }
        let mut mapper = Mapper::new(vm, module_level);
        let fmd = self.global_data(old.0).md.clone();
        let nmd = mapper.attachments(self, &fmd);
        self.global_data_mut(new.0).md = nmd;
        for (i, ni) in pairs {
            self.remap_inst(&mut mapper, i, ni);
        }
    }

    /// A detached copy of `i`: opcode, type, flags, payload (PHI blocks
    /// mapped), sync scope; operands mapped where already known, else a
    /// `poison` placeholder fixed by `remap_inst`.
    pub(crate) fn clone_inst_shell(&mut self, i: Inst, vm: &ValueMap) -> Inst {
        let ty = self.type_of(i.0);
        let n = self.num_operands(i.0);
        let mut ops = Vec::with_capacity(n as usize);
        for k in 0..n {
            let o = self.operand(i.0, k).expect("instruction operand");
            let no = match vm.values.get(&o) {
                Some(&v) => v,
                None if self.value_kind(o) == ValueKind::Instruction => {
                    let t = self.type_of(o);
                    self.const_poison(t)
                }
                None => o,
            };
            ops.push(no);
        }
        let (payload, sync) = match self.extra(i) {
            None => (InstPayload::None, None),
            Some(x) => {
                let p = match x.payload.clone() {
                    InstPayload::Phi { blocks, cap } => InstPayload::Phi {
                        blocks: blocks
                            .iter()
                            .map(|b| vm.values.get(b).copied().unwrap_or(*b))
                            .collect(),
                        cap,
                    },
                    p => p,
                };
                (p, x.sync_scope.clone())
            }
        };
        // The original passed its checks when it was made (or was read
        // as written, as older-style IR is): a copy is not re-checked.
        let ni = self.create_inst_unchecked(self.opcode(i), ty, &ops, payload);
        let fl = self.inst_flags(i);
        self.set_inst_flags(ni, fl);
        if sync.is_some() {
            self.extra_mut(ni).sync_scope = sync;
        }
        ni
    }

    /// `RemapInstruction` and `RemapDbgRecordRange`: `ni`'s operands
    /// through the map, then `i`'s location, attachments and debug
    /// records, mapped.
    fn remap_inst(&mut self, mapper: &mut Mapper<'_>, i: Inst, ni: Inst) {
        let n = self.num_operands(i.0);
        for k in 0..n {
            let o = self.operand(i.0, k).expect("instruction operand");
            let no = mapper.value(self, o);
            if self.operand(ni.0, k) != Some(no) {
                self.set_operand(ni.0, k, Some(no));
            }
        }
        let Some(x) = self.extra(i) else {
            return;
        };
        let (dbg, md, records): (_, _, Vec<DbgRecord>) =
            (x.dbg, x.md.clone(), x.dbg_records.clone());
        if let Some(d) = dbg {
            let nd = mapper.md(self, d);
            self.extra_mut(ni).dbg = Some(nd);
        }
        if !md.is_empty() {
            let nmd = mapper.attachments(self, &md);
            self.extra_mut(ni).md = nmd;
        }
        if !records.is_empty() {
            let recs = records
                .into_iter()
                .map(|mut r| {
                    r.ops = r.ops.iter().map(|&o| mapper.md_opt(self, o)).collect();
                    r
                })
                .collect();
            self.set_dbg_records(ni, recs);
        }
    }

    /// A copy of module `m` in this context (LLVM's `CloneModule`): same
    /// identifier, source file name, triple, data layout, module asm and
    /// comdats; every global value copied with its properties, then
    /// initializers, bodies ([`CloneChanges::ClonedModule`]), alias and
    /// ifunc targets and named metadata mapped through `vm`, which ends
    /// up mapping every old global value, argument, block and instruction
    /// to its copy. All distinct metadata is duplicated; uniqued nodes are
    /// shared unless they name something copied. The ThinLTO summary is
    /// not copied (nor is it by LLVM).
    pub fn clone_module(&mut self, m: Module, vm: &mut ValueMap) -> Module {
        let (id, src, triple, dl, asm, comdats) = {
            let d = self.module(m);
            (
                d.id.clone(),
                d.source_filename.clone(),
                d.triple.clone(),
                d.datalayout.clone(),
                d.module_asm.clone(),
                d.comdats.clone(),
            )
        };
        let nm = self.create_module(&id);
        {
            let d = self.module_mut(nm);
            d.source_filename = src;
            d.triple = triple;
            d.datalayout = dl;
            d.module_asm = asm;
            d.comdats = comdats;
        }
        let vars: Vec<Global> = self.global_vars(m).collect();
        let funcs: Vec<Function> = self.functions(m).collect();
        let aliases: Vec<Global> = self.aliases(m).collect();
        let ifuncs: Vec<Global> = self.ifuncs(m).collect();
        for &g in &vars {
            let vt = self.global_data(g.0).value_type.expect("value type");
            let a = self.ptr_addrspace(self.type_of(g.0)).unwrap_or(0);
            let name = self.name_bytes(g.0).unwrap_or(b"").to_vec();
            let ng = self.add_global_var(nm, &name, vt, a);
            vm.values.insert(g.0, ng.0);
        }
        for &f in &funcs {
            let ft = self.signature(f);
            let name = self.name_bytes(f.0).unwrap_or(b"").to_vec();
            let nf = self.add_function(nm, &name, ft);
            let (cc, gc, attrs, asp) = {
                let d = self.function_data(f);
                (d.call_conv, d.gc.clone(), d.attrs.clone(), d.addrspace)
            };
            {
                let d = self.function_data_mut(nf);
                d.call_conv = cc;
                d.gc = gc;
                d.attrs = attrs;
            }
            if asp != 0 {
                self.set_function_addrspace(nf, asp);
            }
            vm.values.insert(f.0, nf.0);
        }
        for &g in aliases.iter().chain(&ifuncs) {
            let vt = self.global_data(g.0).value_type.expect("value type");
            let a = self.ptr_addrspace(self.type_of(g.0)).unwrap_or(0);
            let pty = self.ptr_type(a);
            let ph = self.const_poison(pty);
            let name = self.name_bytes(g.0).unwrap_or(b"").to_vec();
            let kind = self.value_kind(g.0);
            let ng = self.add_global_indirect(nm, kind, &name, vt, a, ph);
            vm.values.insert(g.0, ng.0);
        }
        // Properties (but metadata), with the same comdats.
        for &g in vars
            .iter()
            .map(|g| &g.0)
            .chain(funcs.iter().map(|f| &f.0))
            .chain(aliases.iter().map(|g| &g.0))
            .chain(ifuncs.iter().map(|g| &g.0))
        {
            let ng = vm.values[&g];
            let mut d = self.global_data(g).clone();
            d.md = MdAttachments::new();
            *self.global_data_mut(ng) = d;
        }
        // Bodies first: a `blockaddress` in an initializer then finds its
        // block's copy (LLVM delays such constants until the body exists).
        for &f in &funcs {
            let nf = Function(vm.values[&f.0]);
            if self.is_declaration(f) {
                let md = self.global_data(f.0).md.clone();
                let nmd = Mapper::new(vm, true).attachments(self, &md);
                self.global_data_mut(nf.0).md = nmd;
                continue;
            }
            let new_args: Vec<Value> = self.args(nf).to_vec();
            for (k, a) in self.args(f).to_vec().into_iter().enumerate() {
                if let Some(n) = self.name_bytes(a).map(<[u8]>::to_vec) {
                    self.set_name_bytes(new_args[k], &n);
                }
                vm.values.insert(a, new_args[k]);
            }
            self.clone_function_into(nf, f, vm, CloneChanges::ClonedModule, "");
        }
        let mut mapper = Mapper::new(vm, true);
        for &g in &vars {
            let ng = Global(mapper.vm.values[&g.0]);
            let md = self.global_data(g.0).md.clone();
            let nmd = mapper.attachments(self, &md);
            self.global_data_mut(ng.0).md = nmd;
            if let Some(init) = self.initializer(g) {
                let ni = mapper.value(self, init);
                self.set_initializer(ng, Some(ni));
            }
        }
        for &g in aliases.iter().chain(&ifuncs) {
            let ng = mapper.vm.values[&g.0];
            if let Some(t) = self.operand(g.0, 0) {
                let nt = mapper.value(self, t);
                self.set_operand(ng, 0, Some(nt));
            }
        }
        let named: Vec<(Box<[u8]>, Vec<Metadata>)> = self
            .module(m)
            .named_md
            .iter()
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect();
        for (n, ops) in named {
            let ops: Vec<Metadata> = ops.iter().map(|&x| mapper.md(self, x)).collect();
            self.module_mut(nm).named_md.insert(n, ops);
        }
        nm
    }
}
