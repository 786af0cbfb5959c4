//! The ids a module's bitcode gives its types, values, attributes, comdats
//! and metadata: LLVM 19's `ValueEnumerator`, step for step where the
//! order shows in the output.
//!
//! Owns the enumeration order (module values, then per function), the
//! constants LLVM makes only to write them ([`Synth`]: shufflevector masks
//! in their bitcode form, the `i64` bounds of `DISubrange`, the null
//! operands of a function's hung-off operand list) and the metadata
//! operand lists in LLVM's operand order ([`MdRef`]). It does not write
//! anything (`module.rs`, `function.rs`, ... do) and does not predict
//! use-list orders (`uselist.rs`).
//!
//! Value references are raw value indices, or [`VIRT`] plus an index into
//! the synthetic constants; ids are stored one-based in dense tables
//! indexed by raw value, type and metadata index (0: not enumerated), as
//! LLVM's `ValueMap`.

use crate::constants::{ConstKind, ConstPayload};
use crate::entity::NONE;
use crate::inst::{Opcode, TailKind};
use crate::ir::attributes::{AttrIndex, AttrKind, AttributeList, AttributeSet};
use crate::ir::inst::{DbgRecord, InstPayload};
use crate::ir::metadata::{FieldName as F, MdData, MdField, Metadata, SpecKind};
use crate::ir::{Function, Global, Module};
use crate::types::{Type, TypeData};
use crate::value::ValueKind;
use crate::Context;
use hashbrown::{HashMap, HashTable};
use smallvec::SmallVec;

/// Bit of a value reference naming a synthetic constant.
pub(crate) const VIRT: u32 = 1 << 31;

/// A constant LLVM's writer makes that may not exist in the context.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SynthKind {
    /// An integer of at most 64 bits (its value, zero-extended).
    Int(u64),
    /// `poison`.
    Poison,
    /// The null value (`ptr null`, `zeroinitializer`).
    Null,
    /// A vector of these element references.
    Vector(Box<[u32]>),
    /// A data vector of these elements.
    Data(Box<[u64]>),
}

/// A synthetic constant: its type and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Synth {
    pub(crate) ty: Type,
    pub(crate) kind: SynthKind,
}

/// A metadata operand as LLVM sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum MdRef<'c> {
    /// A node of the store (never a string): tuple, value-as-metadata,
    /// specialised node.
    Node(Metadata),
    /// An `MDString`, by content.
    Str(&'c [u8]),
    /// `i64 N` as metadata, for a value that has no such node in the store.
    ConstI64(i64),
    /// `!DIExpression(DW_OP_consts, N)` that is not in the store.
    ConstsExpr(i64),
}

/// Where a metadata entry stands: its function tag (0: module level) and
/// one-based id (0: a node whose operands are still being enumerated).
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct MdIndex {
    pub(crate) f: u32,
    pub(crate) id: u32,
}

/// A function's slice of the function-level metadata.
#[derive(Clone, Copy, Default, Debug)]
struct MdRange {
    first: u32,
    last: u32,
    strings: u32,
}

/// A function body as the module walk saw it: its ranges of
/// `Enumerator::walk_consts`, `Enumerator::walk_insts` and
/// `Enumerator::walk_blocks`, and whether only terminators use its
/// blocks as operands.
struct BodyWalk {
    f: u32,
    consts: core::ops::Range<u32>,
    insts: core::ops::Range<u32>,
    blocks: core::ops::Range<u32>,
    labels_in_terminators_only: bool,
}

/// A constant as `Enumerator::optimize_constants` orders it.
#[derive(Clone, Copy)]
struct ConstSortItem {
    /// Type id, then use count (most used first).
    key: (u32, core::cmp::Reverse<u32>),
    /// An integer or a vector of integers (placed first).
    int: bool,
    v: u32,
    c: u32,
}

/// What the function block needs of an instruction's call data, as the
/// module walk read it: the common call is then written without loading
/// its boxed `CallData` again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CallSite {
    /// The instruction (raw value index).
    pub(crate) inst: u32,
    /// The id of the call-site attribute list.
    pub(crate) attrs: u32,
    /// The callee's function type.
    pub(crate) fn_ty: Option<Type>,
    /// The calling convention number.
    pub(crate) call_conv: u32,
    /// `tail` / `musttail` / `notail`.
    pub(crate) tail: TailKind,
    /// Whether the call has operand bundles.
    pub(crate) has_bundles: bool,
}

/// An entry of the node index that is not enumerated.
const ABSENT: MdIndex = MdIndex { f: NONE, id: 0 };

/// Mark of an identified struct whose elements are being enumerated.
const VISITING: u32 = u32::MAX;

/// The lists of an enumeration sized by the context (dense id tables,
/// the module walk's lists) and its scratch lists, kept from one write to
/// the next on a thread so that a write touches no fresh pages for them.
#[derive(Default)]
struct Tables {
    /// Type id plus one by type index (0: not enumerated; `VISITING`
    /// while a struct's elements are).
    type_ids: Vec<u32>,
    /// Value id plus one by raw value index (0: not enumerated).
    val_ids: Vec<u32>,
    /// The enumerated values (raw indices) in id order.
    values: Vec<u32>,
    /// Use counts by value id, for constant ordering.
    counts: Vec<u32>,
    /// Where each metadata node is enumerated, by node index (`ABSENT`:
    /// not enumerated).
    md_node_index: Vec<MdIndex>,
    /// Scratch list of a function's non-void instructions.
    inst_scratch: Vec<u32>,
    /// Scratch of `optimize_constants`: per constant its sort key (type
    /// id, use count), whether it is an integer, value and use count.
    const_scratch: Vec<ConstSortItem>,
    /// What the module walk saw of each function body, for
    /// `incorporate_function` to reuse instead of walking it again.
    walks: Vec<BodyWalk>,
    /// The value references `incorporate_function` enumerates, in order
    /// (constant and inline-asm operands, switch case values again,
    /// shufflevector masks), for the bodies of `walks`.
    walk_consts: Vec<u32>,
    /// The non-void instructions of the bodies of `walks`, in order.
    walk_insts: Vec<u32>,
    /// The blocks of the bodies of `walks`, in order.
    walk_blocks: Vec<u32>,
    /// What the function blocks need of each instruction with call data
    /// of the function bodies, in module order (the order they are
    /// written).
    call_sites: Vec<CallSite>,
}

std::thread_local! {
    /// The last enumeration's `Tables` on this thread (`crate::reuse`).
    static TABLES: crate::reuse::Slot<Tables> = const { core::cell::Cell::new(None) };
}

impl Drop for Enumerator<'_> {
    /// Hands the tables back to this thread's `TABLES`.
    fn drop(&mut self) {
        crate::reuse::give_back(&TABLES, Box::new(std::mem::take(&mut self.t)));
    }
}

/// The enumeration of one module.
pub(crate) struct Enumerator<'c> {
    pub(crate) ctx: &'c Context,
    pub(crate) m: Module,
    // ---- the module's global values in order, listed once: each list is
    // a chase through records far apart, which the writer's later walks
    // over them then do not repeat
    pub(crate) globals: Vec<Global>,
    pub(crate) funcs: Vec<Function>,
    pub(crate) aliases: Vec<Global>,
    pub(crate) ifuncs: Vec<Global>,
    /// The context-sized lists and the scratch lists, kept on the thread
    /// between writes (`Tables`; held inline so that a lookup is one load
    /// from the enumerator).
    t: Tables,
    // ---- types
    pub(crate) types: Vec<Type>,
    // ---- values
    pub(crate) synth: Vec<Synth>,
    synth_ids: HashMap<Synth, u32>,
    synth_val_ids: Vec<u32>,
    /// Number of global values (the first constant's id).
    pub(crate) first_constant: u32,
    pub(crate) num_module_values: u32,
    pub(crate) first_func_constant: u32,
    pub(crate) first_inst: u32,
    /// The blocks of the function being incorporated, in order (raw
    /// indices; a block's id is its position plus one).
    pub(crate) blocks: Vec<u32>,
    /// The first and last instruction (raw indices, `NONE` for an empty
    /// block) of each of `blocks`, read from the block records in one
    /// pass whose loads do not wait on each other, as the module walk
    /// recorded the blocks: the function block's walk then reads no
    /// block record first to find its instructions.
    pub(crate) block_insts: Vec<(u32, u32)>,
    /// Whether only terminators of the function being incorporated have
    /// blocks among their operands (as the module walk saw; `false` when
    /// it is not known), so that the local symbol table need not look
    /// for labels among the operands of its other instructions.
    pub(crate) labels_in_terminators_only: bool,
    // ---- attributes
    pub(crate) attr_groups: Vec<(u32, AttributeSet)>,
    group_ids: HashMap<(u32, AttributeSet), u32>,
    pub(crate) attr_lists: Vec<AttributeList>,
    list_ids: HashMap<AttributeList, u32>,
    /// The same ids keyed by the identity of the lists' shared sets: a
    /// list met again (the call sites of one callee) costs a hash of a few
    /// words, not of every attribute.
    list_ptr_ids: HashTable<(ListKey, u32)>,
    /// Lists whose keys are in `list_ptr_ids` but not in `attr_lists`.
    list_keep: Vec<AttributeList>,
    // ---- comdats
    pub(crate) comdats: Vec<&'c [u8]>,
    comdat_ids: HashMap<&'c [u8], u32>,
    // ---- metadata
    md_other_index: HashMap<MdRef<'c>, MdIndex>,
    pub(crate) mds: Vec<MdRef<'c>>,
    function_mds: Vec<MdRef<'c>>,
    function_md_info: HashMap<u32, MdRange>,
    pub(crate) num_md_strings: u32,
    pub(crate) num_module_mds: u32,
    /// Operand lists of specialised nodes and tuples, computed once.
    md_ops_cache: HashMap<Metadata, Box<[Option<MdRef<'c>>]>>,
    pub(crate) preserve_use_lists: bool,
    /// The operand bundle tags in id order: LLVM's fixed ones, then the
    /// others in order of first use.
    pub(crate) bundle_tags: Vec<&'c [u8]>,
    /// The sync scope names in id order (first use after the two fixed).
    pub(crate) sync_scopes: Vec<&'c [u8]>,
    /// The first function with an instruction using a forward-reference
    /// placeholder (bitcode cannot hold one).
    pub(crate) placeholder_user: Option<Function>,
    /// Whether an instruction of a body has an empty operand (the module
    /// walk looks at every operand): when none has, the function blocks do
    /// not look for one again.
    pub(crate) empty_operands: bool,
    /// The next entry of `walks` to use.
    walk_next: usize,
    /// The next entry of `call_sites`.
    call_next: usize,
    /// A function is incorporated.
    in_fn: bool,
}

impl<'c> Enumerator<'c> {
    /// Enumerates module `m` as LLVM's `ValueEnumerator` constructor does.
    pub(crate) fn new(ctx: &'c Context, m: Module, preserve_use_lists: bool) -> Self {
        // The context-sized tables come from the last write on this thread
        // (`Tables`): their pages are touched already, where fresh ones
        // cost a page fault each. Room for every value of the context and
        // every operand is reserved (address space, not touched), so that
        // the lists the module walk fills never move as they grow.
        let nvals = ctx.graph.values.len();
        let nuses = ctx.graph.pool.uses.len();
        let mut t = *crate::reuse::take(&TABLES);
        t.type_ids.clear();
        t.type_ids.resize(ctx.types.len(), 0);
        t.val_ids.clear();
        t.val_ids.resize(nvals, 0);
        t.values.clear();
        t.values.reserve(nvals);
        t.counts.clear();
        t.counts.reserve(nvals);
        t.md_node_index.clear();
        t.md_node_index.resize(ctx.md.len(), ABSENT);
        t.inst_scratch.clear();
        t.const_scratch.clear();
        t.walks.clear();
        t.walk_consts.clear();
        t.walk_consts.reserve(nuses);
        t.walk_insts.clear();
        t.walk_insts.reserve(nvals);
        t.walk_blocks.clear();
        t.walk_blocks.reserve(nvals);
        t.call_sites.clear();
        let mut e = Enumerator {
            ctx,
            m,
            t,
            globals: ctx.global_vars(m).collect(),
            funcs: ctx.functions(m).collect(),
            aliases: ctx.aliases(m).collect(),
            ifuncs: ctx.ifuncs(m).collect(),
            types: Vec::new(),
            synth: Vec::new(),
            synth_ids: HashMap::new(),
            synth_val_ids: Vec::new(),
            first_constant: 0,
            num_module_values: 0,
            first_func_constant: 0,
            first_inst: 0,
            blocks: Vec::new(),
            block_insts: Vec::new(),
            labels_in_terminators_only: false,
            attr_groups: Vec::new(),
            group_ids: HashMap::new(),
            attr_lists: Vec::new(),
            list_ids: HashMap::new(),
            list_ptr_ids: HashTable::new(),
            list_keep: Vec::new(),
            comdats: Vec::new(),
            comdat_ids: HashMap::new(),
            md_other_index: HashMap::new(),
            mds: Vec::new(),
            function_mds: Vec::new(),
            function_md_info: HashMap::new(),
            num_md_strings: 0,
            num_module_mds: 0,
            md_ops_cache: HashMap::new(),
            preserve_use_lists,
            bundle_tags: super::module::FIXED_BUNDLE_TAGS.to_vec(),
            sync_scopes: vec![b"singlethread", b""],
            placeholder_user: None,
            empty_operands: false,
            walk_next: 0,
            call_next: 0,
            in_fn: false,
        };
        e.run();
        e
    }

    // ---- value references --------------------------------------------------

    /// The enumerated values (raw indices) in id order.
    #[inline]
    pub(crate) fn values(&self) -> &[u32] {
        &self.t.values
    }

    /// The type of value reference `v`.
    #[inline]
    pub(crate) fn vtype(&self, v: u32) -> Type {
        if v & VIRT != 0 {
            self.synth[(v & !VIRT) as usize].ty
        } else {
            self.ctx.graph.values[v as usize].ty
        }
    }

    /// The id (zero-based) of value reference `v`; `None` if it has none.
    #[inline]
    pub(crate) fn value_id(&self, v: u32) -> Option<u32> {
        let id = if v & VIRT != 0 {
            self.synth_val_ids[(v & !VIRT) as usize]
        } else {
            self.t.val_ids[v as usize]
        };
        id.checked_sub(1)
    }

    /// The id of `v`, which must have one.
    #[inline]
    pub(crate) fn vid(&self, v: u32) -> u32 {
        match self.value_id(v) {
            Some(i) => i,
            None => panic!("bitcode writer: value {v:#x} was not enumerated"),
        }
    }

    fn set_vid(&mut self, v: u32, id: u32) {
        if v & VIRT != 0 {
            self.synth_val_ids[(v & !VIRT) as usize] = id;
        } else {
            self.t.val_ids[v as usize] = id;
        }
    }

    /// The reference of a synthetic constant (an existing constant of the
    /// context when there is one).
    pub(crate) fn synth_ref(&mut self, s: Synth) -> u32 {
        if let Some(v) = self.find_real(&s) {
            return v;
        }
        if let Some(&i) = self.synth_ids.get(&s) {
            return i | VIRT;
        }
        let i = self.synth.len() as u32;
        self.synth_ids.insert(s.clone(), i);
        self.synth.push(s);
        self.synth_val_ids.push(0);
        i | VIRT
    }

    fn find_real(&self, s: &Synth) -> Option<u32> {
        let c = self.ctx;
        let v = match &s.kind {
            SynthKind::Int(x) => c.find_constant(ConstKind::Int, s.ty, *x, &[], None),
            SynthKind::Poison => c.find_constant(ConstKind::Poison, s.ty, 0, &[], None),
            SynthKind::Null => {
                let k = match c.type_data(s.ty) {
                    TypeData::Int(_) => {
                        return c
                            .find_constant(ConstKind::Int, s.ty, 0, &[], None)
                            .map(|v| v.idx)
                    }
                    TypeData::Ptr(_) => ConstKind::Null,
                    _ => ConstKind::Zero,
                };
                c.find_constant(k, s.ty, 0, &[], None)
            }
            SynthKind::Vector(elems) => {
                if elems.iter().any(|e| e & VIRT != 0) {
                    return None;
                }
                c.find_constant(ConstKind::Vector, s.ty, 0, elems, None)
            }
            SynthKind::Data(d) => {
                let p = ConstPayload::Data(d.clone());
                c.find_constant(ConstKind::DataVector, s.ty, 0, &[], Some(&p))
            }
        };
        v.map(|v| v.idx)
    }

    /// The constant LLVM writes for a shufflevector mask
    /// (`getShuffleMaskForBitcode`): `<N x i32>` with poison lanes, in
    /// `ConstantVector::get`'s canonical form.
    pub(crate) fn mask_constant(&mut self, mask: &[i32], scalable: bool) -> u32 {
        let i32t = self.ctx.i32_type();
        let Some(vt) = self.ctx.find_vector_type(i32t, mask.len() as u32, scalable) else {
            panic!(
                "bitcode writer: the shufflevector mask type <{} x i32> was never made",
                mask.len()
            )
        };
        if scalable {
            let kind = if mask.first() == Some(&0) {
                SynthKind::Null
            } else {
                SynthKind::Poison
            };
            return self.synth_ref(Synth { ty: vt, kind });
        }
        if mask.iter().all(|&x| x == 0) {
            return self.synth_ref(Synth {
                ty: vt,
                kind: SynthKind::Null,
            });
        }
        if mask.iter().all(|&x| x < 0) {
            return self.synth_ref(Synth {
                ty: vt,
                kind: SynthKind::Poison,
            });
        }
        if mask.iter().all(|&x| x >= 0) {
            let d: Box<[u64]> = mask.iter().map(|&x| x as u32 as u64).collect();
            return self.synth_ref(Synth {
                ty: vt,
                kind: SynthKind::Data(d),
            });
        }
        let elems: Box<[u32]> = mask
            .iter()
            .map(|&x| {
                let kind = if x < 0 {
                    SynthKind::Poison
                } else {
                    SynthKind::Int(x as u32 as u64)
                };
                self.synth_ref(Synth { ty: i32t, kind })
            })
            .collect();
        self.synth_ref(Synth {
            ty: vt,
            kind: SynthKind::Vector(elems),
        })
    }

    /// The operand references of a constant (blocks of `blockaddress`
    /// included; a synthetic vector's elements).
    pub(crate) fn const_operands(&self, v: u32) -> SmallVec<[u32; 8]> {
        if v & VIRT != 0 {
            return match &self.synth[(v & !VIRT) as usize].kind {
                SynthKind::Vector(e) => e.iter().copied().collect(),
                _ => SmallVec::new(),
            };
        }
        let d = &self.ctx.graph.values[v as usize];
        if !d.is(ValueKind::Constant) || d.nops == 0 {
            return SmallVec::new();
        }
        self.ctx.graph.pool.uses[d.ops as usize..(d.ops + d.nops) as usize]
            .iter()
            .map(|u| u.val)
            .collect()
    }

    /// A constant expression's opcode, for a real constant.
    pub(crate) fn expr_opcode(&self, v: u32) -> Option<Opcode> {
        if v & VIRT != 0 {
            return None;
        }
        let d = &self.ctx.graph.values[v as usize];
        (d.is(ValueKind::Constant) && d.opcode == ConstKind::Expr as u8)
            .then(|| Opcode::from_u8(d.flags as u8))
    }

    /// The shufflevector mask constant of a real shufflevector expression.
    fn expr_mask_ref(&mut self, v: u32) -> Option<u32> {
        if self.expr_opcode(v) != Some(Opcode::ShuffleVector) {
            return None;
        }
        let c = self.ctx.graph.handle(v);
        let scalable = self.ctx.is_scalable(self.ctx.type_of(c));
        let mask: Vec<i32> = match self.ctx.const_expr_payload(c) {
            Some(ConstPayload::Mask(m)) => m.to_vec(),
            _ => return None,
        };
        Some(self.mask_constant(&mask, scalable))
    }

    /// The source element type of a GEP expression.
    pub(crate) fn expr_gep_type(&self, v: u32) -> Option<Type> {
        if self.expr_opcode(v) != Some(Opcode::GetElementPtr) {
            return None;
        }
        match self.ctx.const_expr_payload(self.ctx.graph.handle(v)) {
            Some(ConstPayload::Gep { src, .. }) => Some(*src),
            _ => None,
        }
    }

    // ---- types -----------------------------------------------------------------

    /// The id of type `t` (zero-based).
    #[inline]
    pub(crate) fn type_id(&self, t: Type) -> u32 {
        let id = self.t.type_ids[t.index()];
        assert!(
            id != 0 && id != VISITING,
            "bitcode writer: type {} was not enumerated",
            t.display(self.ctx)
        );
        id - 1
    }

    /// LLVM's `EnumerateType`: element types first, identified structs
    /// marked so that recursion through them stops (iterative).
    #[inline]
    pub(crate) fn enumerate_type(&mut self, t: Type) {
        if self.t.type_ids[t.index()] != 0 {
            return;
        }
        self.enumerate_new_type(t);
    }

    /// [`Self::enumerate_type`] of a type not met yet.
    #[inline(never)]
    fn enumerate_new_type(&mut self, t: Type) {
        let mut stack: SmallVec<[(Type, usize); 8]> = SmallVec::new();
        if self.ctx.is_identified_struct(t) {
            self.t.type_ids[t.index()] = VISITING;
        }
        stack.push((t, 0));
        while let Some(&mut (cur, ref mut i)) = stack.last_mut() {
            if let Some(sub) = self.ctx.contained_type(cur, *i) {
                *i += 1;
                if self.t.type_ids[sub.index()] == 0 {
                    if self.ctx.is_identified_struct(sub) {
                        self.t.type_ids[sub.index()] = VISITING;
                    }
                    stack.push((sub, 0));
                }
                continue;
            }
            stack.pop();
            let id = self.t.type_ids[cur.index()];
            if id != 0 && id != VISITING {
                continue;
            }
            self.types.push(cur);
            self.t.type_ids[cur.index()] = self.types.len() as u32;
        }
    }

    /// Bits of a fixed-width type id field (LLVM's
    /// `computeBitsRequiredForTypeIndices`).
    pub(crate) fn type_bits(&self) -> u32 {
        log2_ceil(self.types.len() as u64 + 1)
    }

    // ---- values ----------------------------------------------------------------

    /// LLVM's `EnumerateValue` (iterative over constant operands).
    #[inline]
    pub(crate) fn enumerate_value(&mut self, v: u32) {
        if let Some(id) = self.value_id(v) {
            self.t.counts[id as usize] += 1;
            return;
        }
        self.enumerate_new_value(v);
    }

    /// [`Self::enumerate_value`] of a value without an id yet.
    #[inline(never)]
    fn enumerate_new_value(&mut self, v: u32) {
        // (value, next operand, operands)
        let mut stack: Vec<(u32, usize, SmallVec<[u32; 8]>)> = Vec::new();
        let first = self.enter_value(v);
        match first {
            None => return,
            Some(ops) => stack.push((v, 0, ops)),
        }
        while let Some(top) = stack.last_mut() {
            if top.1 < top.2.len() {
                let op = top.2[top.1];
                top.1 += 1;
                if let Some(id) = self.value_id(op) {
                    self.t.counts[id as usize] += 1;
                    continue;
                }
                if let Some(ops) = self.enter_value(op) {
                    stack.push((op, 0, ops));
                }
                continue;
            }
            let (cur, _, _) = stack.pop().expect("non-empty");
            if let Some(src) = self.expr_gep_type(cur) {
                self.enumerate_type(src);
            }
            self.push_value(cur);
        }
    }

    /// Starts enumerating a value not enumerated yet: pushes it and returns
    /// `None` when it has no operands to enumerate first, else returns them.
    fn enter_value(&mut self, v: u32) -> Option<SmallVec<[u32; 8]>> {
        if v & VIRT == 0 {
            let d = &self.ctx.graph.values[v as usize];
            if d.kind().is_global() {
                let g = self.ctx.graph.handle(v);
                if let Some(c) = self.ctx.global_data(g).comdat.as_deref() {
                    if !self.comdat_ids.contains_key(c) {
                        self.comdats.push(c);
                        self.comdat_ids.insert(c, self.comdats.len() as u32);
                    }
                }
            }
        }
        let ty = self.vtype(v);
        self.enumerate_type(ty);
        let is_const = v & VIRT != 0 || self.ctx.graph.values[v as usize].is(ValueKind::Constant);
        if is_const {
            let ops = self.value_operands(v);
            if !ops.is_empty() || self.expr_gep_type(v).is_some() {
                return Some(ops);
            }
        }
        self.push_value(v);
        None
    }

    /// The operands a constant's enumeration visits first: its operands
    /// but blocks, then a shufflevector expression's mask constant.
    fn value_operands(&mut self, v: u32) -> SmallVec<[u32; 8]> {
        let mut ops = self.const_operands(v);
        ops.retain(|o| *o & VIRT != 0 || !self.ctx.graph.values[*o as usize].is(ValueKind::Block));
        if let Some(m) = self.expr_mask_ref(v) {
            ops.push(m);
        }
        ops
    }

    fn push_value(&mut self, v: u32) {
        self.t.values.push(v);
        self.t.counts.push(1);
        let id = self.t.values.len() as u32;
        self.set_vid(v, id);
    }

    /// LLVM's `EnumerateOperandType`: the types of a constant's operands,
    /// recursively, for a constant not enumerated yet.
    #[inline]
    fn enumerate_operand_type(&mut self, v: u32) {
        if v & VIRT == 0 {
            let d = &self.ctx.graph.values[v as usize];
            if !d.is(ValueKind::Constant) || self.t.val_ids[v as usize] != 0 {
                self.enumerate_type(d.ty);
                return;
            }
        }
        self.enumerate_constant_operand_types(v);
    }

    /// [`Self::enumerate_operand_type`] of a constant without an id yet.
    #[inline(never)]
    fn enumerate_constant_operand_types(&mut self, v: u32) {
        // A constant without operands (the bulk: integers, null, undef):
        // only its type. (GEP and shufflevector expressions have operands.)
        if v & VIRT == 0 {
            let d = &self.ctx.graph.values[v as usize];
            if d.nops == 0 {
                self.enumerate_type(d.ty);
                return;
            }
        }
        let mut root = SmallVec::new();
        root.push(v);
        self.operand_types_frames(root, None);
    }

    /// The walk of [`Self::enumerate_operand_type`] (LLVM's recursion,
    /// with an explicit stack): visits `ops` in order, each depth first
    /// (its type, then its operands, then its GEP source type), then the
    /// GEP source type `src`.
    fn operand_types_frames(&mut self, ops: SmallVec<[u32; 8]>, src: Option<Type>) {
        struct Frame {
            ops: SmallVec<[u32; 8]>,
            next: usize,
            src: Option<Type>,
        }
        let mut frames = vec![Frame { ops, next: 0, src }];
        while let Some(f) = frames.last_mut() {
            if f.next == f.ops.len() {
                let src = f.src;
                frames.pop();
                if let Some(s) = src {
                    self.enumerate_type(s);
                }
                continue;
            }
            let cur = f.ops[f.next];
            f.next += 1;
            let t = self.vtype(cur);
            self.enumerate_type(t);
            let is_const =
                cur & VIRT != 0 || self.ctx.graph.values[cur as usize].is(ValueKind::Constant);
            if !is_const || self.value_id(cur).is_some() {
                continue;
            }
            let ops = self.value_operands(cur);
            let src = self.expr_gep_type(cur);
            frames.push(Frame { ops, next: 0, src });
        }
    }

    // ---- attributes ------------------------------------------------------------

    /// LLVM's `EnumerateAttributes`; returns the list's id (0: empty).
    pub(crate) fn enumerate_attrs(&mut self, l: &AttributeList) -> u32 {
        if l.is_empty() {
            return 0;
        }
        let h = key_hash(key_ptrs(l));
        if let Some(id) = self.list_ptr_id(l, h) {
            return id;
        }
        if let Some(&id) = self.list_ids.get(l) {
            // Known by content: its groups are enumerated already. The
            // list is kept so that its sets' addresses stay its own.
            self.list_ptr_insert(l, h, id);
            self.list_keep.push(l.clone());
            return id;
        }
        self.attr_lists.push(l.clone());
        let id = self.attr_lists.len() as u32;
        self.list_ids.insert(l.clone(), id);
        self.list_ptr_insert(l, h, id);
        for (index, set) in list_sets(l) {
            if self.group_ids.contains_key(&(index, set.clone())) {
                continue;
            }
            self.attr_groups.push((index, set.clone()));
            self.group_ids
                .insert((index, set.clone()), self.attr_groups.len() as u32);
            for a in set.iter() {
                if let Some(t) = a.type_value() {
                    self.enumerate_type(t);
                }
            }
        }
        id
    }

    /// The id of the list whose key is `l`'s, of hash `h`.
    #[inline]
    fn list_ptr_id(&self, l: &AttributeList, h: u64) -> Option<u32> {
        self.list_ptr_ids
            .find(h, |(k, _)| k.iter().copied().eq(key_ptrs(l)))
            .map(|e| e.1)
    }

    fn list_ptr_insert(&mut self, l: &AttributeList, h: u64, id: u32) {
        let key: ListKey = key_ptrs(l).collect();
        self.list_ptr_ids
            .insert_unique(h, (key, id), |(k, _)| key_hash(k.iter().copied()));
    }

    /// The id of the attribute list of the next instruction with call data
    /// to write, `l`: the one the module walk found, in the same order.
    #[inline]
    pub(crate) fn next_call_attr_id(&mut self, l: &AttributeList) -> u32 {
        let id = self.t.call_sites[self.call_next].attrs;
        self.call_next += 1;
        debug_assert_eq!(id, self.attr_list_id(l));
        id
    }

    /// What the module walk recorded of the call data of instruction `i`
    /// (raw index) when it is the next instruction with call data to
    /// write, `None` when it has none; [`Self::next_call_site`] moves
    /// past it. In debug builds the record is checked against the call
    /// data.
    #[inline]
    pub(crate) fn call_site_of(&self, i: u32) -> Option<CallSite> {
        let cs = *self.t.call_sites.get(self.call_next)?;
        if cs.inst != i {
            return None;
        }
        if cfg!(debug_assertions) {
            let Some(InstPayload::Call(cd)) = self.ctx.extra_at(i).map(|x| &x.payload) else {
                panic!("bitcode writer: call site {i} without call data");
            };
            assert!(
                cs.fn_ty == cd.fn_ty
                    && cs.call_conv == cd.call_conv
                    && cs.tail == cd.tail
                    && cs.has_bundles != cd.bundles.is_empty()
                    && cs.attrs == self.attr_list_id(&cd.attrs),
                "bitcode writer: call site {i} differs from its call data"
            );
        }
        Some(cs)
    }

    /// Moves past the call site [`Self::call_site_of`] gave.
    #[inline]
    pub(crate) fn next_call_site(&mut self) {
        self.call_next += 1;
    }

    /// The id of an attribute list (0: none).
    pub(crate) fn attr_list_id(&self, l: &AttributeList) -> u32 {
        if l.is_empty() {
            return 0;
        }
        if let Some(id) = self.list_ptr_id(l, key_hash(key_ptrs(l))) {
            return id;
        }
        self.list_ids.get(l).copied().unwrap_or(0)
    }

    /// The id of an attribute group.
    pub(crate) fn attr_group_id(&self, index: u32, set: &AttributeSet) -> u32 {
        self.group_ids
            .get(&(index, set.clone()))
            .copied()
            .unwrap_or(0)
    }

    /// The one-based id of comdat `name`.
    pub(crate) fn comdat_id(&self, name: &[u8]) -> u32 {
        self.comdat_ids.get(name).copied().unwrap_or(0)
    }

    // ---- metadata --------------------------------------------------------------

    fn md_index(&self, r: MdRef<'c>) -> Option<MdIndex> {
        match r {
            MdRef::Node(m) => {
                let i = self.t.md_node_index[m.index()];
                (i.f != NONE).then_some(i)
            }
            other => self.md_other_index.get(&other).copied(),
        }
    }

    fn md_index_mut(&mut self, r: MdRef<'c>) -> Option<&mut MdIndex> {
        match r {
            MdRef::Node(m) => {
                let i = &mut self.t.md_node_index[m.index()];
                (i.f != NONE).then_some(i)
            }
            other => self.md_other_index.get_mut(&other),
        }
    }

    fn md_insert(&mut self, r: MdRef<'c>, idx: MdIndex) {
        match r {
            MdRef::Node(m) => self.t.md_node_index[m.index()] = idx,
            other => {
                self.md_other_index.insert(other, idx);
            }
        }
    }

    /// The one-based id of a metadata operand (0 for null).
    pub(crate) fn md_id_or_null(&self, r: Option<MdRef<'c>>) -> u32 {
        match r {
            None => 0,
            Some(r) => self.md_id(r) + 1,
        }
    }

    /// The zero-based id of metadata `r`, which must be enumerated.
    pub(crate) fn md_id(&self, r: MdRef<'c>) -> u32 {
        match self.md_index(r) {
            Some(i) if i.id != 0 => i.id - 1,
            _ => panic!("bitcode writer: metadata {r:?} was not enumerated"),
        }
    }

    /// The reference of store metadata `m` (strings by content; resolved).
    pub(crate) fn md_ref(&self, m: Metadata) -> MdRef<'c> {
        let m = self.ctx.md_resolved(m);
        match self.ctx.md.data(m) {
            MdData::String(s) => MdRef::Str(s),
            _ => MdRef::Node(m),
        }
    }

    /// Whether `r` is a node (LLVM's `MDNode`: tuples, specialised nodes;
    /// not strings, values or argument lists).
    pub(crate) fn is_md_node(&self, r: MdRef<'c>) -> bool {
        match r {
            MdRef::Node(m) => match self.ctx.md.data(m) {
                MdData::Tuple { .. } => true,
                MdData::Specialized { kind, .. } => *kind != SpecKind::DIArgList,
                _ => false,
            },
            MdRef::ConstsExpr(_) => true,
            MdRef::Str(_) | MdRef::ConstI64(_) => false,
        }
    }

    fn is_distinct(&self, r: MdRef<'c>) -> bool {
        match r {
            MdRef::Node(m) => self.ctx.md.data(m).is_distinct(),
            _ => false,
        }
    }

    /// The metadata for an `i64 N` field (`DISubrange` bounds).
    fn const_i64(&mut self, x: i64) -> MdRef<'c> {
        let i64t = self.ctx.i64_type();
        if let Some(c) = self
            .ctx
            .find_constant(ConstKind::Int, i64t, x as u64, &[], None)
        {
            if let Some(m) = self.ctx.md.lookup(&MdData::Value(c)) {
                return MdRef::Node(m);
            }
        }
        MdRef::ConstI64(x)
    }

    /// The metadata for `!DIExpression(DW_OP_consts, N)`.
    fn consts_expr(&self, x: i64) -> MdRef<'c> {
        let d = MdData::Specialized {
            kind: SpecKind::DIExpression,
            distinct: false,
            fields: vec![
                (F::Positional, MdField::word("DW_OP_consts")),
                (F::Positional, MdField::UInt(x as u64)),
            ]
            .into_boxed_slice(),
        };
        match self.ctx.md.lookup(&d) {
            Some(m) => MdRef::Node(m),
            None => MdRef::ConstsExpr(x),
        }
    }

    /// The value reference of an `i64 N` constant as metadata.
    pub(crate) fn const_i64_value(&mut self, x: i64) -> u32 {
        let i64t = self.ctx.i64_type();
        self.synth_ref(Synth {
            ty: i64t,
            kind: SynthKind::Int(x as u64),
        })
    }

    /// The operands of a node in LLVM's operand order (`None`: null).
    pub(crate) fn md_operands(&mut self, r: MdRef<'c>) -> Box<[Option<MdRef<'c>>]> {
        let m = match r {
            MdRef::Node(m) => m,
            _ => return Box::new([]),
        };
        if let Some(ops) = self.md_ops_cache.get(&m) {
            return ops.clone();
        }
        let ops = self.compute_md_operands(m);
        self.md_ops_cache.insert(m, ops.clone());
        ops
    }

    fn compute_md_operands(&mut self, m: Metadata) -> Box<[Option<MdRef<'c>>]> {
        let ctx = self.ctx;
        match ctx.md.data(m) {
            MdData::Tuple { ops, .. } => ops.iter().map(|o| o.map(|x| self.md_ref(x))).collect(),
            MdData::Specialized { kind, fields, .. } => {
                let kind = *kind;
                let mut out: Vec<Option<MdRef<'c>>> = Vec::new();
                if kind == SpecKind::GenericDINode {
                    out.push(field_str(fields, F::Header).map(MdRef::Str));
                    if let Some(MdField::List(l)) = field(fields, F::Operands) {
                        for o in l.iter() {
                            out.push(o.map(|x| self.md_ref(x)));
                        }
                    }
                    return out.into_boxed_slice();
                }
                if kind == SpecKind::DIArgList {
                    for (_, f) in fields.iter() {
                        if let MdField::Md(o) = f {
                            out.push(o.map(|x| self.md_ref(x)));
                        }
                    }
                    return out.into_boxed_slice();
                }
                for &name in kind.operand_order() {
                    let op = match field(fields, name) {
                        None => None,
                        Some(MdField::Md(o)) => o.map(|x| self.md_ref(x)),
                        Some(MdField::Str(s)) if s.is_empty() => None,
                        Some(MdField::Str(s)) => Some(MdRef::Str(s)),
                        Some(MdField::Int(x)) => Some(self.int_operand(kind, *x)),
                        Some(MdField::UInt(x)) => Some(self.int_operand(kind, *x as i64)),
                        Some(_) => None,
                    };
                    out.push(op);
                }
                // LLVM's operand lists have trailing slots for what lair
                // keeps elsewhere; none of them is metadata we must visit.
                out.into_boxed_slice()
            }
            _ => Box::new([]),
        }
    }

    /// A bound given as a number: `i64 N` for subranges and ranks, a
    /// `DW_OP_consts` expression for generic subranges.
    fn int_operand(&mut self, kind: SpecKind, x: i64) -> MdRef<'c> {
        if kind == SpecKind::DIGenericSubrange {
            self.consts_expr(x)
        } else {
            self.const_i64(x)
        }
    }

    /// LLVM's `enumerateMetadataImpl`.
    fn enumerate_md_impl(&mut self, f: u32, r: Option<MdRef<'c>>) -> Option<MdRef<'c>> {
        let r = r?;
        if let Some(idx) = self.md_index(r) {
            if idx.f != 0 && idx.f != f {
                self.drop_function_from_md(r);
            }
            return None;
        }
        self.md_insert(r, MdIndex { f, id: 0 });
        if self.is_md_node(r) {
            return Some(r);
        }
        self.mds.push(r);
        let id = self.mds.len() as u32;
        if let Some(i) = self.md_index_mut(r) {
            i.id = id;
        }
        match r {
            MdRef::Node(m) => {
                if let MdData::Value(v) = self.ctx.md.data(m) {
                    self.enumerate_value(v.idx);
                }
            }
            MdRef::ConstI64(x) => {
                let v = self.const_i64_value(x);
                self.enumerate_value(v);
            }
            _ => {}
        }
        None
    }

    /// LLVM's `dropFunctionFromMetadata`.
    fn drop_function_from_md(&mut self, first: MdRef<'c>) {
        let mut work: Vec<MdRef<'c>> = Vec::new();
        let push = |e: &mut Self, r: MdRef<'c>, work: &mut Vec<MdRef<'c>>| {
            let Some(i) = e.md_index_mut(r) else { return };
            if i.f == 0 {
                return;
            }
            i.f = 0;
            if i.id != 0 && e.is_md_node(r) {
                work.push(r);
            }
        };
        push(self, first, &mut work);
        while let Some(n) = work.pop() {
            for op in self.md_operands(n).iter().flatten() {
                push(self, *op, &mut work);
            }
        }
    }

    /// LLVM's `EnumerateMetadata`: a post-order walk, distinct nodes met
    /// under uniqued ones delayed.
    pub(crate) fn enumerate_md(&mut self, f: u32, r: Option<MdRef<'c>>) {
        let mut delayed: Vec<MdRef<'c>> = Vec::new();
        let mut work: Vec<(MdRef<'c>, usize)> = Vec::new();
        if let Some(n) = self.enumerate_md_impl(f, r) {
            work.push((n, 0));
        }
        while let Some(&(n, i)) = work.last() {
            let ops = self.md_operands(n);
            let mut k = i;
            let mut found = None;
            while k < ops.len() {
                let op = ops[k];
                k += 1;
                if let Some(x) = self.enumerate_md_impl(f, op) {
                    found = Some(x);
                    break;
                }
            }
            if let Some(op) = found {
                if let Some(top) = work.last_mut() {
                    top.1 = k;
                }
                if self.is_distinct(op) && !self.is_distinct(n) {
                    delayed.push(op);
                } else {
                    work.push((op, 0));
                }
                continue;
            }
            work.pop();
            self.mds.push(n);
            let id = self.mds.len() as u32;
            if let Some(x) = self.md_index_mut(n) {
                x.id = id;
            }
            if work.last().is_none_or(|&(top, _)| self.is_distinct(top)) {
                for d in delayed.drain(..) {
                    work.push((d, 0));
                }
            }
        }
    }

    /// `EnumerateNonLocalValuesFromMetadata` of a debug-record location or
    /// metadata argument.
    fn enumerate_non_local(&mut self, f: u32, m: Metadata) {
        let m = self.ctx.md_resolved(m);
        match self.ctx.md.data(m) {
            MdData::Specialized {
                kind: SpecKind::DIArgList,
                fields,
                ..
            } => {
                let args: Vec<Metadata> = fields
                    .iter()
                    .filter_map(|(_, x)| match x {
                        MdField::Md(Some(a)) => Some(*a),
                        _ => None,
                    })
                    .collect();
                for a in args {
                    if self.is_constant_as_md(a) {
                        let r = self.md_ref(a);
                        self.enumerate_md(f, Some(r));
                    }
                }
            }
            MdData::Value(v) if self.is_local_value(*v) => {}
            _ => {
                let r = self.md_ref(m);
                self.enumerate_md(f, Some(r));
            }
        }
    }

    fn is_local_value(&self, v: crate::value::Value) -> bool {
        matches!(
            self.ctx.value_kind(v),
            ValueKind::Argument
                | ValueKind::Instruction
                | ValueKind::Placeholder
                | ValueKind::Block
        )
    }

    fn is_constant_as_md(&self, m: Metadata) -> bool {
        match self.ctx.md.data(self.ctx.md_resolved(m)) {
            MdData::Value(v) => !self.is_local_value(*v),
            _ => false,
        }
    }

    /// LLVM's `organizeMetadata`.
    fn organize_metadata(&mut self) {
        if self.mds.is_empty() {
            return;
        }
        let mut order: Vec<(u32, u32, u32, MdRef<'c>)> = self
            .mds
            .iter()
            .map(|&r| {
                let i = self.md_index(r).unwrap_or_default();
                (i.f, self.type_order(r), i.id, r)
            })
            .collect();
        order.sort_unstable_by_key(|e| (e.0, e.1, e.2));
        self.mds.clear();
        let mut i = 0;
        while i < order.len() && order[i].0 == 0 {
            let r = order[i].3;
            self.mds.push(r);
            if let Some(x) = self.md_index_mut(r) {
                x.id = i as u32 + 1;
            }
            if matches!(r, MdRef::Str(_)) {
                self.num_md_strings += 1;
            }
            i += 1;
        }
        if i == order.len() {
            return;
        }
        let module_count = self.mds.len() as u32;
        let mut prev_f = 0;
        let mut range = MdRange::default();
        let mut id = module_count;
        while i < order.len() {
            let (f, _, _, r) = order[i];
            if prev_f == 0 {
                prev_f = f;
            } else if prev_f != f {
                range.last = self.function_mds.len() as u32;
                self.function_md_info.insert(prev_f, range);
                range = MdRange {
                    first: self.function_mds.len() as u32,
                    ..Default::default()
                };
                id = module_count;
                prev_f = f;
            }
            self.function_mds.push(r);
            id += 1;
            if let Some(x) = self.md_index_mut(r) {
                x.id = id;
            }
            if matches!(r, MdRef::Str(_)) {
                range.strings += 1;
            }
            i += 1;
        }
        range.last = self.function_mds.len() as u32;
        self.function_md_info.insert(prev_f, range);
    }

    fn type_order(&self, r: MdRef<'c>) -> u32 {
        match r {
            MdRef::Str(_) => 0,
            _ if !self.is_md_node(r) => 1,
            _ if self.is_distinct(r) => 2,
            _ => 3,
        }
    }

    /// Module-level metadata strings.
    pub(crate) fn md_strings(&self) -> &[MdRef<'c>] {
        let start = self.num_module_mds as usize;
        let start = if self.in_function() { start } else { 0 };
        &self.mds[start..start + self.num_md_strings as usize]
    }

    /// Module- or function-level metadata records (everything but strings).
    pub(crate) fn md_non_strings(&self) -> &[MdRef<'c>] {
        let start = if self.in_function() {
            self.num_module_mds as usize
        } else {
            0
        };
        &self.mds[start + self.num_md_strings as usize..]
    }

    fn in_function(&self) -> bool {
        self.in_fn
    }

    /// Whether the current scope (module, or function being written) has
    /// metadata of its own.
    pub(crate) fn has_mds(&self) -> bool {
        if self.in_function() {
            self.num_module_mds < self.mds.len() as u32
        } else {
            !self.mds.is_empty()
        }
    }

    // ---- the module ------------------------------------------------------------

    fn run(&mut self) {
        let ctx = self.ctx;
        let m = self.m;
        let globals = core::mem::take(&mut self.globals);
        let funcs = core::mem::take(&mut self.funcs);
        let aliases = core::mem::take(&mut self.aliases);
        let ifuncs = core::mem::take(&mut self.ifuncs);
        for &g in &globals {
            self.enumerate_value(g.0.idx);
            if let Some(t) = ctx.global_data(g).value_type {
                self.enumerate_type(t);
            }
        }
        for &f in &funcs {
            self.enumerate_value(f.0.idx);
            self.enumerate_type(ctx.signature(f));
            self.enumerate_attrs(&ctx.function_data(f).attrs);
        }
        for &a in aliases.iter().chain(&ifuncs) {
            self.enumerate_value(a.0.idx);
            if let Some(t) = ctx.global_data(a).value_type {
                self.enumerate_type(t);
            }
        }
        self.first_constant = self.t.values.len() as u32;
        for &g in &globals {
            if let Some(init) = ctx.initializer(g) {
                self.enumerate_value(init.idx);
            }
            let set = &ctx.global_data(g).attrs;
            if !set.is_empty() {
                let l = gv_attr_list(set);
                self.enumerate_attrs(&l);
            }
        }
        for &a in aliases.iter().chain(&ifuncs) {
            if let Some(t) = ctx.indirect_target(a) {
                self.enumerate_value(t.idx);
            }
        }
        for &f in &funcs {
            for v in self.function_operands(f) {
                self.enumerate_value(v);
            }
        }
        self.enumerate_type(ctx.metadata_type());
        // EnumerateValueSymbolTable only bumps use counts of globals.
        for (_, mds) in ctx.module(m).named_md.iter() {
            for &n in mds {
                let r = self.md_ref(n);
                self.enumerate_md(0, Some(r));
            }
        }
        for &g in &globals {
            let atts: Vec<Metadata> = ctx.global_data(g).md.iter().map(|x| x.1).collect();
            for a in atts {
                let r = self.md_ref(a);
                self.enumerate_md(0, Some(r));
            }
        }
        for &f in &funcs {
            self.enumerate_function_types_and_md(f);
        }
        for &i in &ifuncs {
            let atts: Vec<Metadata> = ctx.global_data(i).md.iter().map(|x| x.1).collect();
            for a in atts {
                let r = self.md_ref(a);
                self.enumerate_md(0, Some(r));
            }
        }
        if !self.preserve_use_lists {
            let (s, e) = (self.first_constant, self.t.values.len() as u32);
            self.optimize_constants(s, e);
        }
        self.organize_metadata();
        self.num_module_mds = self.mds.len() as u32;
        self.globals = globals;
        self.funcs = funcs;
        self.aliases = aliases;
        self.ifuncs = ifuncs;
    }

    /// A function's hung-off operands as LLVM keeps them: when any of
    /// personality, prefix and prologue is set, all three, the unset ones
    /// `ptr null`.
    pub(crate) fn function_operands(&mut self, f: Function) -> SmallVec<[u32; 3]> {
        let ctx = self.ctx;
        let ops = [
            ctx.function_operand(f, crate::ir::function::PERSONALITY),
            ctx.function_operand(f, crate::ir::function::PREFIX),
            ctx.function_operand(f, crate::ir::function::PROLOGUE),
        ];
        if ops.iter().all(Option::is_none) {
            return SmallVec::new();
        }
        let p0 = ctx.ptr0_type();
        ops.iter()
            .map(|o| match o {
                Some(v) => v.idx,
                None => self.synth_ref(Synth {
                    ty: p0,
                    kind: SynthKind::Null,
                }),
            })
            .collect()
    }

    /// The part of the constructor's function loop: argument types,
    /// function attachments, and per instruction its debug records,
    /// operand types, metadata, types and attachments.
    fn enumerate_function_types_and_md(&mut self, f: Function) {
        let ctx = self.ctx;
        for &a in ctx.args(f) {
            self.enumerate_type(ctx.type_of(a));
        }
        let is_decl = ctx.is_declaration(f);
        let ftag = if is_decl { 0 } else { self.vid(f.0.idx) + 1 };
        let atts: Vec<Metadata> = ctx.function_data(f).global.md.iter().map(|x| x.1).collect();
        for a in atts {
            let r = self.md_ref(a);
            self.enumerate_md(ftag, Some(r));
        }
        let (c0, i0) = (self.t.walk_consts.len(), self.t.walk_insts.len());
        let b0 = self.t.walk_blocks.len();
        let mut simple = true;
        let mut labels_in_terminators_only = true;
        for b in ctx.block_indices(f) {
            self.t.walk_blocks.push(b);
            for i in ctx.inst_indices_at(b) {
                let di = &ctx.graph.values[i as usize];
                let op = Opcode::from_u8(di.opcode);
                let terminator = Opcode::is_terminator_byte(di.opcode);
                // A bare extra whose payload is a type (a GEP's, an
                // alloca's) is not read: the side record copies the type.
                let side = ctx.inst_side_at(i);
                let bare_ty = side.bare_ty();
                let extra = if bare_ty.is_some() {
                    None
                } else {
                    side.extra(ctx)
                };
                // A bare extra has no debug record, sync scope or
                // attachment to read.
                let rest = extra.filter(|_| !side.bare);
                if let Some(x) = rest {
                    simple &= x.dbg_records.is_empty();
                    for r in &x.dbg_records {
                        self.enumerate_dbg_record(ftag, r);
                    }
                    if let Some(s) = x.sync_scope.as_deref() {
                        if !self.sync_scopes.contains(&s) {
                            self.sync_scopes.push(s);
                        }
                    }
                }
                let ops = ctx.graph.operands_at(i);
                for u in ops {
                    let o = u.val;
                    if o == NONE {
                        self.empty_operands = true;
                        continue;
                    }
                    let d = &ctx.graph.values[o as usize];
                    if d.is(ValueKind::Block) && !terminator {
                        labels_in_terminators_only = false;
                    }
                    if d.is(ValueKind::MetadataAsValue) {
                        simple = false;
                        if let Some(md) = ctx.value_metadata(ctx.graph.handle(o)) {
                            self.enumerate_non_local(ftag, md);
                        }
                        continue;
                    }
                    if d.is(ValueKind::Constant) || d.is(ValueKind::InlineAsm) {
                        self.t.walk_consts.push(o);
                    }
                    if d.is(ValueKind::Placeholder) && self.placeholder_user.is_none() {
                        self.placeholder_user = Some(f);
                    }
                    self.enumerate_operand_type(o);
                }
                let payload = extra.map_or(&InstPayload::None, |x| &x.payload);
                if op == Opcode::Switch {
                    // Case values again, as `incorporate_function` counts
                    // them.
                    self.t
                        .walk_consts
                        .extend(ops.iter().skip(2).step_by(2).map(|u| u.val));
                }
                match op {
                    Opcode::ShuffleVector => {
                        if let InstPayload::Mask(m) = payload {
                            let scalable = ctx.is_scalable(di.ty);
                            let mc = self.mask_constant(m, scalable);
                            self.t.walk_consts.push(mc);
                            let t = self.vtype(mc);
                            self.enumerate_type(t);
                        }
                    }
                    Opcode::GetElementPtr | Opcode::Alloca => {
                        let t = match *payload {
                            InstPayload::Ty(t) => Some(t),
                            _ => bare_ty,
                        };
                        if let Some(t) = t {
                            self.enumerate_type(t);
                        }
                    }
                    _ => {}
                }
                let ty = di.ty;
                self.enumerate_type(ty);
                if !ctx.is_void(ty) {
                    self.t.walk_insts.push(i);
                }
                if let InstPayload::Call(cd) = payload {
                    let id = self.enumerate_attrs(&cd.attrs);
                    if matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr) {
                        self.t.call_sites.push(CallSite {
                            inst: i,
                            attrs: id,
                            fn_ty: cd.fn_ty,
                            call_conv: cd.call_conv,
                            tail: cd.tail,
                            has_bundles: !cd.bundles.is_empty(),
                        });
                    }
                    if let Some(t) = cd.fn_ty {
                        self.enumerate_type(t);
                    }
                    for bd in &cd.bundles {
                        if !self.bundle_tags.contains(&&*bd.tag) {
                            self.bundle_tags.push(&bd.tag);
                        }
                    }
                }
                if let Some(x) = rest {
                    for e in x.md.iter() {
                        let r = self.md_ref(e.1);
                        self.enumerate_md(ftag, Some(r));
                    }
                    if let Some(loc) = x.dbg {
                        for op in self.location_operands(loc) {
                            self.enumerate_md(ftag, Some(op));
                        }
                    }
                }
            }
        }
        if is_decl || !simple {
            // A body with metadata operands or debug records is walked
            // again when incorporated (its function-local metadata).
            self.t.walk_consts.truncate(c0);
            self.t.walk_insts.truncate(i0);
            self.t.walk_blocks.truncate(b0);
            return;
        }
        self.t.walks.push(BodyWalk {
            f: f.0.idx,
            consts: c0 as u32..self.t.walk_consts.len() as u32,
            insts: i0 as u32..self.t.walk_insts.len() as u32,
            blocks: b0 as u32..self.t.walk_blocks.len() as u32,
            labels_in_terminators_only,
        });
    }

    /// The scope and inlined-at of a `DILocation`, `None` for null.
    pub(crate) fn location_operands_or_null(&mut self, loc: Metadata) -> [Option<MdRef<'c>>; 2] {
        let r = self.md_ref(loc);
        let ops = self.md_operands(r);
        [
            ops.first().copied().flatten(),
            ops.get(1).copied().flatten(),
        ]
    }

    /// The scope and inlined-at of a `DILocation`.
    pub(crate) fn location_operands(&mut self, loc: Metadata) -> SmallVec<[MdRef<'c>; 2]> {
        let r = self.md_ref(loc);
        self.md_operands(r).iter().flatten().copied().collect()
    }

    fn enumerate_dbg_record(&mut self, f: u32, r: &'c DbgRecord) {
        let op = |i: usize| r.ops.get(i).copied().flatten();
        if &*r.kind == "label" {
            if let Some(l) = op(0) {
                let x = self.md_ref(l);
                self.enumerate_md(f, Some(x));
            }
            if let Some(d) = op(1) {
                let x = self.md_ref(d);
                self.enumerate_md(f, Some(x));
            }
            return;
        }
        if let Some(loc) = op(0) {
            self.enumerate_non_local(f, loc);
        }
        for k in [2, 1] {
            if let Some(m) = op(k) {
                let x = self.md_ref(m);
                self.enumerate_md(f, Some(x));
            }
        }
        let dil = if &*r.kind == "assign" { op(6) } else { op(3) };
        if let Some(d) = dil {
            let x = self.md_ref(d);
            self.enumerate_md(f, Some(x));
        }
        if &*r.kind == "assign" {
            if let Some(addr) = op(4) {
                self.enumerate_non_local(f, addr);
            }
            for k in [3, 5] {
                if let Some(m) = op(k) {
                    let x = self.md_ref(m);
                    self.enumerate_md(f, Some(x));
                }
            }
        }
    }

    /// LLVM's `OptimizeConstants`: by type plane, then by use count, then
    /// integers first.
    fn optimize_constants(&mut self, start: u32, end: u32) {
        if start == end || start + 1 == end || self.preserve_use_lists {
            return;
        }
        let (s, e) = (start as usize, end as usize);
        // Each constant's type is looked up once, not once a comparison.
        let mut items = std::mem::take(&mut self.t.const_scratch);
        items.clear();
        for k in s..e {
            let (v, c) = (self.t.values[k], self.t.counts[k]);
            let t = self.vtype(v);
            items.push(ConstSortItem {
                key: (self.type_id(t), core::cmp::Reverse(c)),
                int: self.ctx.is_int_or_int_vector(t),
                v,
                c,
            });
        }
        // Stable: by type id, then by use count, most used first.
        items.sort_by_key(|x| x.key);
        // stable_partition: integers (and integer vectors) first.
        let ints = items.iter().filter(|x| x.int);
        let order = ints.chain(items.iter().filter(|x| !x.int));
        for (k, x) in order.enumerate() {
            self.t.values[s + k] = x.v;
            self.t.counts[s + k] = x.c;
            self.set_vid(x.v, (s + k) as u32 + 1);
        }
        self.t.const_scratch = items;
    }

    // ---- functions -------------------------------------------------------------

    /// The end of a function's constants (`OptimizeConstants` over them
    /// unless use-list order is kept) and its attribute list; the
    /// instructions are numbered from here.
    fn close_function_constants(&mut self, f: Function) {
        let (s, e) = (self.first_func_constant, self.t.values.len() as u32);
        if !self.preserve_use_lists {
            self.optimize_constants(s, e);
        }
        self.enumerate_attrs(&self.ctx.function_data(f).attrs);
        self.first_inst = self.t.values.len() as u32;
    }

    /// A value-producing instruction of the function being incorporated.
    fn enumerate_inst(&mut self, v: u32) {
        match self.value_id(v) {
            Some(id) => self.t.counts[id as usize] += 1,
            None => self.push_value(v),
        }
    }

    /// LLVM's `incorporateFunction`.
    pub(crate) fn incorporate_function(&mut self, f: Function) {
        let ctx = self.ctx;
        self.in_fn = true;
        self.num_module_values = self.t.values.len() as u32;
        // Function metadata.
        let tag = self.vid(f.0.idx) + 1;
        let r = self.function_md_info.get(&tag).copied().unwrap_or_default();
        self.num_md_strings = r.strings;
        let slice: Vec<MdRef<'c>> = self.function_mds[r.first as usize..r.last as usize].to_vec();
        self.mds.extend(slice);
        for &a in ctx.args(f) {
            self.enumerate_value(a.idx);
        }
        // byval/sret/byref types of the arguments.
        let attrs = &ctx.function_data(f).attrs;
        for (k, _) in ctx.args(f).iter().enumerate() {
            let set = attrs.param_attrs(k as u32);
            for kind in [AttrKind::ByVal, AttrKind::StructRet, AttrKind::ByRef] {
                if let Some(a) = set.get(kind) {
                    if let Some(t) = a.type_value() {
                        self.enumerate_type(t);
                    }
                    break;
                }
            }
        }
        self.first_func_constant = self.t.values.len() as u32;
        let walk = self
            .t
            .walks
            .get(self.walk_next)
            .filter(|w| w.f == f.0.idx)
            .map(|w| {
                let ranges = (w.consts.clone(), w.insts.clone(), w.blocks.clone());
                (ranges, w.labels_in_terminators_only)
            });
        if let Some(((consts, insts, blocks), labels)) = walk {
            // The module walk recorded what this body enumerates, and it
            // has no function-local metadata.
            self.walk_next += 1;
            for k in consts {
                let v = self.t.walk_consts[k as usize];
                self.enumerate_value(v);
            }
            // The blocks from the module walk's list: the loads of their
            // records are independent (no chase of the block list), so
            // they overlap.
            for k in blocks {
                let b = self.t.walk_blocks[k as usize];
                let d = &ctx.graph.values[b as usize];
                self.block_insts.push((d.ops, d.nops));
                self.blocks.push(b);
                let id = self.blocks.len() as u32;
                self.set_vid(b, id);
            }
            self.labels_in_terminators_only = labels;
            self.close_function_constants(f);
            // The instructions are new (nothing enumerated so far in this
            // function refers to one): their ids follow in order, each
            // with one use, as `enumerate_inst` would give them.
            let first = self.t.values.len();
            let new = &self.t.walk_insts[insts.start as usize..insts.end as usize];
            self.t.values.extend_from_slice(new);
            self.t.counts.resize(self.t.values.len(), 1);
            for (k, &v) in new.iter().enumerate() {
                debug_assert_eq!(self.t.val_ids[v as usize], 0);
                self.t.val_ids[v as usize] = (first + k) as u32 + 1;
            }
            return;
        }
        // One walk: constants in operand order, then (below) the
        // instructions, then function-local metadata in the order of use.
        let mut locals: Vec<Metadata> = Vec::new();
        let mut arg_lists: Vec<Metadata> = Vec::new();
        let mut insts = std::mem::take(&mut self.t.inst_scratch);
        insts.clear();
        for b in ctx.blocks(f) {
            for i in ctx.insts(b) {
                let ops = ctx.graph.operand_slice(i.0);
                for u in ops {
                    let o = u.val;
                    if o == NONE {
                        continue;
                    }
                    let d = &ctx.graph.values[o as usize];
                    if d.is(ValueKind::Constant) || d.is(ValueKind::InlineAsm) {
                        self.enumerate_value(o);
                    } else if d.is(ValueKind::MetadataAsValue) {
                        if let Some(md) = ctx.value_metadata(ctx.graph.handle(o)) {
                            self.add_fn_local(md, &mut locals, &mut arg_lists);
                        }
                    }
                }
                let d = &ctx.graph.values[i.0.idx as usize];
                match Opcode::from_u8(d.opcode) {
                    Opcode::ShuffleVector => {
                        if let InstPayload::Mask(m) = ctx.payload(i) {
                            let scalable = ctx.is_scalable(d.ty);
                            let mc = self.mask_constant(m, scalable);
                            self.enumerate_value(mc);
                        }
                    }
                    Opcode::Switch => {
                        for u in ops.iter().skip(2).step_by(2) {
                            self.enumerate_value(u.val);
                        }
                    }
                    _ => {}
                }
                if let Some(x) = ctx.extra(i) {
                    for r in &x.dbg_records {
                        if &*r.kind == "label" {
                            continue;
                        }
                        if let Some(Some(loc)) = r.ops.first() {
                            self.add_fn_local(*loc, &mut locals, &mut arg_lists);
                        }
                        if &*r.kind == "assign" {
                            if let Some(Some(addr)) = r.ops.get(4) {
                                self.add_fn_local(*addr, &mut locals, &mut arg_lists);
                            }
                        }
                    }
                }
                if !ctx.is_void(d.ty) {
                    insts.push(i.0.idx);
                }
            }
            let bd = &ctx.graph.values[b.0.idx as usize];
            self.block_insts.push((bd.ops, bd.nops));
            self.blocks.push(b.0.idx);
            let id = self.blocks.len() as u32;
            self.set_vid(b.0.idx, id);
        }
        self.labels_in_terminators_only = false;
        self.close_function_constants(f);
        // Instructions: their types are enumerated (the module walk).
        for &v in &insts {
            self.enumerate_inst(v);
        }
        self.t.inst_scratch = insts;
        for l in locals {
            let r = MdRef::Node(l);
            if self.md_index(r).is_some_and(|x| x.id != 0) {
                continue;
            }
            self.mds.push(r);
            let id = self.mds.len() as u32;
            self.md_insert(r, MdIndex { f: tag, id });
            if let MdData::Value(v) = ctx.md.data(l) {
                self.enumerate_value(v.idx);
            }
        }
        for l in arg_lists {
            let r = MdRef::Node(l);
            if self.md_index(r).is_some_and(|x| x.id != 0) {
                continue;
            }
            // Constant arguments get ids of their own first.
            let args: Vec<Metadata> = match ctx.md.data(l) {
                MdData::Specialized { fields, .. } => fields
                    .iter()
                    .filter_map(|(_, x)| match x {
                        MdField::Md(Some(a)) => Some(*a),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            for a in args {
                if self.is_constant_as_md(a) {
                    let ar = self.md_ref(a);
                    self.enumerate_md(tag, Some(ar));
                }
            }
            self.mds.push(r);
            let id = self.mds.len() as u32;
            self.md_insert(r, MdIndex { f: tag, id });
        }
    }

    fn add_fn_local(&self, md: Metadata, locals: &mut Vec<Metadata>, lists: &mut Vec<Metadata>) {
        let md = self.ctx.md_resolved(md);
        match self.ctx.md.data(md) {
            MdData::Value(v) if self.is_local_value(*v) => locals.push(md),
            MdData::Specialized {
                kind: SpecKind::DIArgList,
                fields,
                ..
            } => {
                lists.push(md);
                for (_, x) in fields.iter() {
                    if let MdField::Md(Some(a)) = x {
                        let a = self.ctx.md_resolved(*a);
                        if let MdData::Value(v) = self.ctx.md.data(a) {
                            if self.is_local_value(*v) {
                                locals.push(a);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// LLVM's `purgeFunction`.
    pub(crate) fn purge_function(&mut self) {
        let n = self.num_module_values as usize;
        for k in n..self.t.values.len() {
            let v = self.t.values[k];
            self.set_vid(v, 0);
        }
        let nm = self.num_module_mds as usize;
        for k in nm..self.mds.len() {
            let r = self.mds[k];
            match r {
                MdRef::Node(m) => self.t.md_node_index[m.index()] = ABSENT,
                other => {
                    self.md_other_index.remove(&other);
                }
            }
        }
        for k in 0..self.blocks.len() {
            let b = self.blocks[k];
            self.set_vid(b, 0);
        }
        self.t.values.truncate(n);
        self.t.counts.truncate(n);
        self.mds.truncate(nm);
        self.blocks.clear();
        self.block_insts.clear();
        self.labels_in_terminators_only = false;
        self.num_md_strings = 0;
        self.in_fn = false;
    }

    /// The id of a block of the function being written.
    pub(crate) fn block_id(&self, b: u32) -> u32 {
        self.vid(b)
    }
}

/// A global variable's attributes as LLVM's `getAttributesAsList`: a list
/// with only the function set.
pub(crate) fn gv_attr_list(set: &AttributeSet) -> AttributeList {
    let mut l = AttributeList::new();
    l.set_attrs(AttrIndex::Function, set.clone());
    l
}

/// `(LLVM index, set)` of each non-empty set of a list, in LLVM's index
/// order (function, return, parameters).
pub(crate) fn list_sets(l: &AttributeList) -> impl Iterator<Item = (u32, &AttributeSet)> {
    let n = l.num_param_sets();
    let idx = [AttrIndex::Function, AttrIndex::Return]
        .into_iter()
        .chain((0..n).map(AttrIndex::Param));
    idx.filter_map(move |i| {
        let s = l.attrs(i);
        (!s.is_empty()).then(|| (i.llvm_index(), s))
    })
}

/// The identity of an attribute list: the addresses of its sets' shared
/// storage, in order. Two lists with one key hold the same sets (storage
/// is shared and not changed while the writer borrows the context).
type ListKey = SmallVec<[usize; 4]>;

/// The elements of `l`'s key: its function, return and parameter sets'
/// storage addresses.
#[inline]
fn key_ptrs(l: &AttributeList) -> impl Iterator<Item = usize> + '_ {
    let n = l.num_param_sets() + 2;
    (0..n).map(move |s| {
        let i = match s {
            0 => AttrIndex::Function,
            1 => AttrIndex::Return,
            k => AttrIndex::Param(k - 2),
        };
        l.attrs(i).as_slice().as_ptr() as usize
    })
}

/// The hash of a key (a multiply-xor of the addresses, no allocation):
/// the same for a list and for the key stored for it.
#[inline]
fn key_hash(ptrs: impl Iterator<Item = usize>) -> u64 {
    let h = ptrs.fold(0u64, |h, p| {
        (h ^ p as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    });
    h ^ h >> 29
}

fn field(fields: &[(F, MdField)], name: F) -> Option<&MdField> {
    fields.iter().find(|(n, _)| *n == name).map(|(_, f)| f)
}

fn field_str(fields: &[(F, MdField)], name: F) -> Option<&[u8]> {
    match field(fields, name) {
        Some(MdField::Str(s)) if !s.is_empty() => Some(s),
        _ => None,
    }
}

/// `Log2_32_Ceil`.
pub(crate) fn log2_ceil(x: u64) -> u32 {
    if x <= 1 {
        0
    } else {
        64 - (x - 1).leading_zeros()
    }
}
