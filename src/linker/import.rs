//! Bringing a module from another [`Context`] into this one without a
//! text or bitcode round trip: what loading it from bitcode into this
//! context would create, built directly from the other context's records.
//!
//! Identified structs are created first, in the other context's creation
//! order (for a module read from bitcode into its own context: the type
//! table's order, which is what the bitcode reader here would follow), so
//! they get this context's `.N` suffixes exactly as a reader would give
//! them; then globals (in list order), blocks, constants, instructions
//! (forward references patched in a second pass) and metadata (cycles
//! broken with temporaries, as the parsers do).

use crate::constants::{ConstKind, ConstPayload};
use crate::ir::attributes::{AttrIndex, Attribute, AttributeList, AttributeSet};
use crate::ir::inst::{InstExtra, InstPayload};
use crate::ir::metadata::{map_field_refs, MdData, Metadata};
use crate::ir::{Block, Function, Global, Inst, Module};
use crate::types::{Type, TypeData};
use crate::value::{Value, ValueKind};
use crate::Context;
use hashbrown::{HashMap, HashSet};

pub(super) struct Import<'o> {
    other: &'o Context,
    types: HashMap<Type, Type>,
    values: HashMap<Value, Value>,
    md: HashMap<Metadata, Metadata>,
    in_progress: HashSet<Metadata>,
    temps: HashMap<Metadata, Metadata>,
    /// The structs created, in creation order.
    pub(super) structs: Vec<Type>,
}

impl<'o> Import<'o> {
    pub(super) fn new(other: &'o Context) -> Self {
        Import {
            other,
            types: HashMap::new(),
            values: HashMap::new(),
            md: HashMap::new(),
            in_progress: HashSet::new(),
            temps: HashMap::new(),
            structs: Vec::new(),
        }
    }

    fn ty(&mut self, ctx: &mut Context, t: Type) -> Type {
        if let Some(&m) = self.types.get(&t) {
            return m;
        }
        let o = self.other;
        let shape = o.type_data(t).clone();
        let Some(r) = ctx.type_with_parts(&shape, |ctx, e| crate::stack::deep(|| self.ty(ctx, e)))
        else {
            // Structs are created up front (`structs`); one reached only
            // now is made the same way.
            let d = ctx.create_struct(o.struct_name_bytes(t).unwrap_or(b""));
            self.types.insert(t, d);
            self.structs.push(d);
            self.struct_body(ctx, t, d);
            return d;
        };
        self.types.insert(t, r);
        r
    }

    fn struct_body(&mut self, ctx: &mut Context, t: Type, d: Type) {
        if let Some(es) = self.other.struct_elements(t) {
            let es: Vec<Type> = es.to_vec();
            let packed = self.other.is_packed_struct(t);
            let mapped: Vec<Type> = es.iter().map(|&e| self.ty(ctx, e)).collect();
            ctx.set_struct_body(d, &mapped, packed);
        }
    }

    fn attrs(&mut self, ctx: &mut Context, l: &AttributeList) -> AttributeList {
        if l.is_empty() {
            return l.clone();
        }
        let mut out = l.clone();
        let n = l.num_param_sets();
        let idxs = [AttrIndex::Function, AttrIndex::Return]
            .into_iter()
            .chain((0..n).map(AttrIndex::Param));
        for idx in idxs {
            let set = self.attr_set(ctx, l.attrs(idx));
            out.set_attrs(idx, set);
        }
        out
    }

    fn attr_set(&mut self, ctx: &mut Context, s: &AttributeSet) -> AttributeSet {
        if !s.iter().any(|a| a.type_value().is_some()) {
            return s.clone();
        }
        AttributeSet::from_attrs(s.iter().map(|a| match a {
            Attribute::Type(k, t) => Attribute::Type(*k, self.ty(ctx, *t)),
            a => a.clone(),
        }))
    }

    /// A constant, global or metadata-as-value of the other context.
    fn value(&mut self, ctx: &mut Context, v: Value) -> Value {
        if let Some(&m) = self.values.get(&v) {
            return m;
        }
        let o = self.other;
        let r = match o.value_kind(v) {
            ValueKind::Constant => self.constant(ctx, v),
            ValueKind::InlineAsm => {
                let mut d = o.inline_asm_data(v).expect("inline asm").clone();
                d.fn_ty = self.ty(ctx, d.fn_ty);
                ctx.inline_asm(d)
            }
            ValueKind::MetadataAsValue => {
                let md = o.value_metadata(v).expect("metadata as value");
                let m = self.md(ctx, md);
                ctx.metadata_as_value(m)
            }
            k => panic!("import: a {k:?} reached before it was created"),
        };
        self.values.insert(v, r);
        r
    }

    fn constant(&mut self, ctx: &mut Context, c: Value) -> Value {
        let o = self.other;
        let ty = self.ty(ctx, o.type_of(c));
        let ops: Vec<Value> = o
            .operands(c)
            .map(|op| op.expect("constant operand"))
            .collect();
        let ops: Vec<Value> = ops.into_iter().map(|op| self.value(ctx, op)).collect();
        match o.const_kind(c) {
            ConstKind::Int => ctx.const_int_ap(ty, &o.const_int_value(c).expect("int")),
            ConstKind::Float => ctx.const_float_bits(ty, o.const_float_value(c).expect("float")),
            ConstKind::Null | ConstKind::Zero => ctx.const_null(ty),
            ConstKind::Undef => ctx.const_undef(ty),
            ConstKind::Poison => ctx.const_poison(ty),
            ConstKind::TokenNone => ctx.const_token_none(),
            ConstKind::Array | ConstKind::Struct | ConstKind::Vector => {
                ctx.const_aggregate(ty, &ops)
            }
            ConstKind::DataArray | ConstKind::DataVector => {
                let data = o.const_data(c).expect("data").to_vec();
                let elem = ctx.element_type(ty).expect("element type");
                let elems: Vec<Value> = if ctx.is_integer(elem) {
                    data.iter().map(|&w| ctx.const_int(elem, w)).collect()
                } else {
                    data.iter()
                        .map(|&w| ctx.const_float_bits(elem, w as u128))
                        .collect()
                };
                ctx.const_aggregate(ty, &elems)
            }
            ConstKind::BlockAddress => ctx.block_address_raw(ops[0], ops[1]),
            ConstKind::DsoLocalEquivalent => ctx.const_global_marker(ops[0], false),
            ConstKind::NoCfi => ctx.const_global_marker(ops[0], true),
            ConstKind::Expr => {
                let (op, _) = o.const_expr_opcode(c).expect("expression");
                let p = match o.const_expr_payload(c).cloned() {
                    Some(ConstPayload::Gep { src, inrange }) => Some(ConstPayload::Gep {
                        src: self.ty(ctx, src),
                        inrange,
                    }),
                    p => p,
                };
                ctx.const_expr(op, ty, &ops, o.const_expr_flags(c).expect("expression"), p)
            }
        }
    }

    /// A metadata node of the other context (function-local values must
    /// have been created).
    fn md(&mut self, ctx: &mut Context, m: Metadata) -> Metadata {
        if let Some(&r) = self.md.get(&m) {
            return ctx.md_resolved(r);
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
        let o = self.other;
        let r = match o.md_data(m).clone() {
            MdData::String(s) => ctx.md_string_bytes(&s),
            MdData::Value(v) => {
                let nv = self.value_or_local(ctx, v);
                ctx.md_value(nv)
            }
            MdData::Tuple { distinct, ops } => {
                let ops: Vec<Option<Metadata>> = ops
                    .iter()
                    .map(|x| x.map(|x| crate::stack::deep(|| self.md(ctx, x))))
                    .collect();
                if distinct {
                    ctx.md_distinct_tuple(&ops)
                } else {
                    ctx.md_tuple(&ops)
                }
            }
            MdData::Specialized {
                kind,
                distinct,
                fields,
            } => {
                let fields = map_field_refs(&fields, |x| crate::stack::deep(|| self.md(ctx, x)));
                ctx.md_specialized(kind, fields, distinct)
            }
            MdData::Temporary => ctx.md_temporary(),
        };
        self.in_progress.remove(&m);
        if let Some(t) = self.temps.remove(&m) {
            ctx.md_replace_temporary(t, r);
        }
        let r = ctx.md_resolved(r);
        self.md.insert(m, r);
        r
    }

    fn value_or_local(&mut self, ctx: &mut Context, v: Value) -> Value {
        match self.values.get(&v) {
            Some(&m) => m,
            None => self.value(ctx, v),
        }
    }

    pub(super) fn module(&mut self, ctx: &mut Context, src: Module) -> Module {
        let o = self.other;
        let sd = o.module(src);
        let m = ctx.create_module(&sd.id);
        {
            let d = ctx.module_mut(m);
            d.source_filename = sd.source_filename.clone();
            d.triple = sd.triple.clone();
            d.datalayout = sd.datalayout.clone();
            d.module_asm = sd.module_asm.clone();
            d.comdats = sd.comdats.clone();
        }
        // Structs in the other context's creation order.
        let mut used = crate::asm::module_struct_types(o, src);
        used.sort_by_key(|&t| match o.type_data(t) {
            TypeData::IdentifiedStruct(i) => *i,
            _ => u32::MAX,
        });
        for &t in &used {
            if !self.types.contains_key(&t) {
                let d = ctx.create_struct(o.struct_name_bytes(t).unwrap_or(b""));
                self.types.insert(t, d);
                self.structs.push(d);
            }
        }
        for &t in &used {
            let d = self.types[&t];
            if ctx.is_opaque_struct(d) {
                self.struct_body(ctx, t, d);
            }
        }
        // Global values (their lists in order), then what they point at.
        let vars: Vec<Global> = o.global_vars(src).collect();
        let funcs: Vec<Function> = o.functions(src).collect();
        for &g in &vars {
            let vt = self.ty(ctx, o.global_data(g).value_type.expect("value type"));
            let a = o.ptr_addrspace(o.type_of(g.0)).unwrap_or(0);
            let ng = ctx.add_global_var(m, o.name_bytes(g.0).unwrap_or(b""), vt, a);
            self.values.insert(g.0, ng.0);
        }
        for &f in &funcs {
            let ft = self.ty(ctx, o.signature(f));
            let nf = ctx.add_function(m, o.name_bytes(f.0).unwrap_or(b""), ft);
            let fd = o.function_data(f);
            let attrs = self.attrs(ctx, &fd.attrs);
            let (cc, gc, asp) = (fd.call_conv, fd.gc.clone(), fd.addrspace);
            {
                let nd = ctx.function_data_mut(nf);
                nd.call_conv = cc;
                nd.attrs = attrs;
                nd.gc = gc;
            }
            if asp != 0 {
                ctx.set_function_addrspace(nf, asp);
            }
            for (a, na) in o.args(f).iter().zip(ctx.args(nf).to_vec()) {
                if let Some(n) = o.name_bytes(*a) {
                    ctx.set_name_bytes(na, n);
                }
                self.values.insert(*a, na);
            }
            self.values.insert(f.0, nf.0);
            for b in o.blocks(f) {
                let nb = ctx.append_block(nf, o.name_bytes(b.0).unwrap_or(b""));
                self.values.insert(b.0, nb.0);
            }
        }
        // Aliases and ifuncs need their targets; targets may name other
        // aliases, so they are made with a placeholder target first.
        let indirect: Vec<Global> = o.aliases(src).chain(o.ifuncs(src)).collect();
        let ptr = ctx.ptr_type(0);
        for &g in &indirect {
            let vt = self.ty(ctx, o.global_data(g).value_type.expect("value type"));
            let a = o.ptr_addrspace(o.type_of(g.0)).unwrap_or(0);
            let pty = ctx.ptr_type(a);
            let ph = ctx.const_poison(if a == 0 { ptr } else { pty });
            let ng = ctx.add_global_indirect(
                m,
                o.value_kind(g.0),
                o.name_bytes(g.0).unwrap_or(b""),
                vt,
                a,
                ph,
            );
            self.values.insert(g.0, ng.0);
        }
        // Properties, initializers, targets, function operands.
        let all: Vec<Value> = vars
            .iter()
            .map(|g| g.0)
            .chain(funcs.iter().map(|f| f.0))
            .chain(indirect.iter().map(|g| g.0))
            .collect();
        for &g in &all {
            let ng = self.values[&g];
            let mut d = o.global_data(g).clone();
            d.value_type = d.value_type.map(|t| self.ty(ctx, t));
            d.attrs = self.attr_set(ctx, &d.attrs);
            let mds: Vec<_> = d.md.iter().collect();
            let mut nmd = crate::ir::metadata::MdAttachments::new();
            for (k, v) in mds {
                let kname = o.md_kind_name_bytes(k).to_owned();
                let nk = ctx.md_kind_id(kname);
                let nv = self.md(ctx, v);
                nmd.add(nk, nv);
            }
            d.md = nmd;
            *ctx.global_data_mut(ng) = d;
            match o.value_kind(g) {
                ValueKind::GlobalVariable => {
                    if let Some(init) = o.initializer(Global(g)) {
                        let ni = self.value(ctx, init);
                        ctx.set_initializer(Global(ng), Some(ni));
                    }
                }
                ValueKind::Function => {
                    for slot in 0..3 {
                        if let Some(v) = o.function_operand(Function(g), slot) {
                            let nv = self.value(ctx, v);
                            ctx.set_function_operand(Function(ng), slot, Some(nv));
                        }
                    }
                }
                _ => {
                    if let Some(t) = o.operand(g, 0) {
                        let nt = self.value(ctx, t);
                        ctx.set_operand(ng, 0, Some(nt));
                    }
                }
            }
        }
        for &f in &funcs {
            self.body(ctx, f);
        }
        let named: Vec<(Box<[u8]>, Vec<Metadata>)> = o
            .module(src)
            .named_md
            .iter()
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect();
        for (n, ops) in named {
            let ops: Vec<Metadata> = ops.iter().map(|&x| self.md(ctx, x)).collect();
            ctx.module_mut(m).named_md.insert(n, ops);
        }
        m
    }

    fn body(&mut self, ctx: &mut Context, f: Function) {
        let o = self.other;
        let mut pending: Vec<(Inst, Inst)> = Vec::new();
        for b in o.blocks(f) {
            let nb = Block(self.values[&b.0]);
            for i in o.insts(b) {
                let ty = self.ty(ctx, o.type_of(i.0));
                let mut ops = Vec::with_capacity(o.num_operands(i.0) as usize);
                for op in o.operands(i.0) {
                    let op = op.expect("instruction operand");
                    let nop = match self.values.get(&op) {
                        Some(&v) => v,
                        None => match o.value_kind(op) {
                            ValueKind::Instruction => {
                                let t = self.ty(ctx, o.type_of(op));
                                ctx.const_poison(t)
                            }
                            _ => self.value(ctx, op),
                        },
                    };
                    ops.push(nop);
                }
                let payload = match o.extra(i).map(|x| &x.payload) {
                    None => InstPayload::None,
                    Some(p) => match p.clone() {
                        InstPayload::Ty(t) => InstPayload::Ty(self.ty(ctx, t)),
                        InstPayload::Phi { blocks, cap } => InstPayload::Phi {
                            blocks: blocks.iter().map(|b| self.values[b]).collect(),
                            cap,
                        },
                        InstPayload::Call(mut cd) => {
                            cd.fn_ty = cd.fn_ty.map(|t| self.ty(ctx, t));
                            cd.attrs = self.attrs(ctx, &cd.attrs);
                            InstPayload::Call(cd)
                        }
                        p => p,
                    },
                };
                let ni = ctx.create_inst(o.opcode(i), ty, &ops, payload);
                ctx.set_inst_flags(ni, o.inst_flags(i));
                if let Some(x) = o.extra(i) {
                    if x.sync_scope.is_some() {
                        ctx.extra_mut(ni).sync_scope = x.sync_scope.clone();
                    }
                }
                ctx.append_inst(nb, ni);
                if let Some(n) = o.name_bytes(i.0) {
                    ctx.set_name_bytes(ni, n);
                }
                self.values.insert(i.0, ni.0);
                pending.push((i, ni));
            }
        }
        // Forward references, then metadata (which may name any local).
        for &(i, ni) in &pending {
            for (k, op) in o.operands(i.0).enumerate() {
                let op = op.expect("instruction operand");
                if o.value_kind(op) == ValueKind::Instruction {
                    let nop = self.values[&op];
                    if ctx.operand(ni.0, k as u32) != Some(nop) {
                        ctx.set_operand(ni.0, k as u32, Some(nop));
                    }
                }
            }
        }
        for (i, ni) in pending {
            let Some(x) = o.extra(i) else { continue };
            let InstExtra {
                dbg,
                md,
                dbg_records,
                ..
            } = x.clone();
            if let Some(d) = dbg {
                let nd = self.md(ctx, d);
                ctx.extra_mut(ni).dbg = Some(nd);
            }
            for (k, v) in md.iter() {
                let kname = o.md_kind_name_bytes(k).to_owned();
                let nk = ctx.md_kind_id(kname);
                let nv = self.md(ctx, v);
                ctx.extra_mut(ni).md.add(nk, nv);
            }
            if !dbg_records.is_empty() {
                let recs = dbg_records
                    .into_iter()
                    .map(|mut r| {
                        r.ops = r.ops.iter().map(|x| x.map(|x| self.md(ctx, x))).collect();
                        r
                    })
                    .collect();
                ctx.set_dbg_records(ni, recs);
            }
        }
    }
}
