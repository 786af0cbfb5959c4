//! Numbering for the printer: LLVM 19's `SlotTracker` and `TypePrinting`
//! rebuilt over lair's stores.
//!
//! Owns [`ModuleSlots`] (unnamed globals `@N`, unnamed identified structs
//! `%N` and the order of struct definitions, attribute groups `#N`,
//! metadata `!N`, the comdats to print) and [`LocalSlots`] (unnamed
//! arguments, blocks and instructions `%N` of one function). It prints
//! nothing into the output; [`NameTexts`] keeps the printed names of
//! structs and globals, written once per numbering.
//!
//! Orders, all LLVM's:
//! * structs: `TypeFinder` order (globals' value types and initializers,
//!   aliases, ifuncs, then per function its type, attributes, operands,
//!   arguments and each instruction's type, non-instruction operands, GEP
//!   source / alloca types, call attributes, attached metadata other than
//!   `!dbg`, values in debug records; finally named metadata). Unnamed
//!   ones are numbered in that order, named ones defined in that order.
//! * `@N`: unnamed variables, then aliases, ifuncs, functions.
//! * `#N`: variables' attribute sets, functions' attribute sets, then the
//!   function attributes of each call site, function by function.
//! * `!N`: see [`MdSlots`]; the roots are fed here in LLVM's order.

use hashbrown::{HashMap, HashSet};
use smallvec::SmallVec;

use crate::constants::{ConstKind, ConstPayload};
use crate::entity::NONE;
use crate::inst::Opcode;
use crate::ir::attributes::{AttributeList, AttributeSet};
use crate::ir::inst::{InstExtra, InstPayload, InstSide};
use crate::ir::metadata::{MdAttachments, MdData, MdSlots, Metadata};
use crate::ir::{Function, Global, Inst, Module};
use crate::types::Type;
use crate::value::{UseData, Value, ValueData, ValueKind};
use crate::Context;

use super::text::push_name;

/// Module-wide numbering.
pub(crate) struct ModuleSlots<'a> {
    /// Unnamed identified structs, by number.
    pub(super) numbered_structs: Vec<Type>,
    /// Named identified structs, in definition order.
    pub(super) named_structs: Vec<Type>,
    struct_num: HashMap<Type, u32>,
    global_slot: HashMap<Value, u32>,
    attr_slot: HashMap<&'a AttributeSet, u32>,
    /// The group of each set seen, by the address of the set's shared
    /// storage: printing looks a call's group up without hashing its
    /// attributes again.
    attr_by_addr: HashMap<usize, u32>,
    /// The storage address [`ModuleSlots::add_attr_group`] saw last (0:
    /// none; a non-empty set's storage is never at 0).
    last_attr_addr: usize,
    /// Attribute groups, by number.
    pub(super) attr_groups: Vec<&'a AttributeSet>,
    /// Metadata numbering.
    pub(super) md: MdSlots,
    /// Comdats used by some global object, in `global_objects()` order
    /// (functions, then variables).
    pub(super) comdats: Vec<&'a [u8]>,
    /// The data layout's program address space (`P<n>`).
    pub(super) program_as: u32,
    /// Whether a module is being printed (calls and functions print their
    /// address space when there is none, as LLVM does).
    pub(super) has_module: bool,
    /// The printed names (`%struct.T`, `@f`, quoted and escaped as
    /// `push_name` writes them) of the context's named identified structs
    /// and of the module's named globals, written once per numbering: a
    /// type or operand prints its name with one copy, without classifying
    /// and checking its bytes again.
    pub(super) names: NameTexts,
}

/// Printed names, each a range of one text: structs by their index in the
/// context's struct list, globals by value index.
#[derive(Default)]
pub(super) struct NameTexts {
    text: String,
    structs: Vec<(u32, u32)>,
    globals: HashMap<u32, (u32, u32)>,
}

impl NameTexts {
    /// The names of `ctx`'s named identified structs and of `m`'s named
    /// global variables, functions, aliases and ifuncs.
    fn new(ctx: &Context, m: Module) -> Self {
        let mut t = NameTexts::default();
        for ty in ctx.identified_structs() {
            let at = t.text.len();
            if let Some(name) = ctx.struct_name_bytes(ty) {
                push_name(&mut t.text, '%', name);
            }
            t.structs.push((at as u32, t.text.len() as u32));
        }
        for v in ctx.global_values(m) {
            if let Some(name) = ctx.name_bytes(v) {
                let at = t.text.len();
                push_name(&mut t.text, '@', name);
                t.globals.insert(v.idx, (at as u32, t.text.len() as u32));
            }
        }
        // Ranges are `u32`: a text past 4 GiB keeps none (every name then
        // prints the long way).
        if u32::try_from(t.text.len()).is_err() {
            return NameTexts::default();
        }
        t
    }

    /// The printed name of identified struct number `i` of the context, if
    /// it is named.
    #[inline]
    pub(super) fn struct_text(&self, i: u32) -> Option<&str> {
        let &(a, b) = self.structs.get(i as usize)?;
        (a != b)
            .then(|| self.text.get(a as usize..b as usize))
            .flatten()
    }

    /// The printed name of the module's named global at value index `idx`.
    #[inline]
    pub(super) fn global_text(&self, idx: u32) -> Option<&str> {
        let &(a, b) = self.globals.get(&idx)?;
        self.text.get(a as usize..b as usize)
    }
}

impl<'a> ModuleSlots<'a> {
    /// Numbering for values outside any module: nothing is numbered.
    pub(super) fn empty() -> Self {
        ModuleSlots {
            numbered_structs: Vec::new(),
            named_structs: Vec::new(),
            struct_num: HashMap::new(),
            global_slot: HashMap::new(),
            attr_slot: HashMap::new(),
            attr_by_addr: HashMap::new(),
            last_attr_addr: 0,
            attr_groups: Vec::new(),
            md: MdSlots::new(),
            comdats: Vec::new(),
            program_as: 0,
            has_module: false,
            names: NameTexts::default(),
        }
    }

    /// The whole numbering of `m`: LLVM's `SlotTracker::processModule`
    /// followed by `processFunction` for every function in order (which
    /// is what a module print reaches in the end), and
    /// `TypePrinting::incorporateTypes`. One walk over the instructions.
    pub(super) fn new(ctx: &'a Context, m: Module) -> Self {
        Self::numbering(ctx, m, None)
    }

    /// The numbering a `ModuleSlotTracker` of `m` has once `f` is
    /// incorporated and no other function is: metadata and call-site
    /// attribute groups of `f` only (after the module's own), types and
    /// global slots of the whole module. LLVM's CFG printer prints a
    /// function's instructions with it.
    pub(super) fn for_function(ctx: &'a Context, m: Module, f: Function) -> Self {
        Self::numbering(ctx, m, Some(f))
    }

    fn numbering(ctx: &'a Context, m: Module, only: Option<Function>) -> Self {
        let (mut s, mut tf) = Self::module_level(ctx, m);
        for f in ctx.functions(m) {
            if only.is_none_or(|o| o == f) {
                s.incorporate_function(ctx, f, tf.as_mut(), None);
            } else if let Some(tf) = tf.as_mut() {
                tf.function_body(f);
            }
        }
        s.finish_types(m, tf);
        s
    }

    /// The numbering of `m` for printing it whole, walking no function
    /// yet: everything but each function's metadata and call-site
    /// attribute groups, which [`ModuleSlots::incorporate_function`] adds
    /// as the printer reaches the function (the order `new` gives them,
    /// so the same numbers). The struct order is complete unless
    /// `Some(finder)` is returned: then no identified struct of the
    /// context is unnamed (none is printed by number), the finder is fed
    /// each function by `incorporate_function` and ended by
    /// [`ModuleSlots::finish_types`], and only the struct definitions,
    /// printed last, wait for it.
    pub(super) fn for_print(ctx: &'a Context, m: Module) -> (Self, Option<TypeFinder<'a>>) {
        let (mut s, mut tf) = Self::module_level(ctx, m);
        let numbered = ctx
            .identified_structs()
            .any(|t| ctx.struct_name_bytes(t).is_none());
        if numbered {
            if let Some(t) = tf.as_mut() {
                for f in ctx.functions(m) {
                    t.function_body(f);
                }
            }
            s.finish_types(m, tf.take());
        }
        (s, tf)
    }

    /// The module-level part of the numbering (no instruction walked):
    /// `@N`, the attribute groups of variables and functions, the
    /// metadata of variables and named metadata, the comdats, and a type
    /// finder (if the context has identified structs) fed the globals.
    fn module_level(ctx: &'a Context, m: Module) -> (Self, Option<TypeFinder<'a>>) {
        let mut s = ModuleSlots::empty();
        s.has_module = true;
        s.names = NameTexts::new(ctx, m);
        s.program_as = program_address_space(&ctx.module(m).datalayout);
        let mut tf = (ctx.num_identified_structs() > 0).then(|| TypeFinder::new(ctx));
        if let Some(tf) = tf.as_mut() {
            tf.globals(m);
        }
        let mut next = 0u32;
        let mut number = |s: &mut Self, v: Value| {
            if !ctx.has_name(v) {
                s.global_slot.insert(v, next);
                next += 1;
            }
        };
        for g in ctx.global_vars(m) {
            number(&mut s, g.0);
            for (_, md) in attachments_in_print_order(ctx, None, &ctx.global_data(g).md) {
                s.md.add_root(ctx, md);
            }
            s.add_attr_group(&ctx.global_data(g).attrs);
        }
        for g in ctx.aliases(m).chain(ctx.ifuncs(m)) {
            number(&mut s, g.0);
        }
        for ops in ctx.module(m).named_md.values() {
            for &md in ops {
                s.md.add_root(ctx, md);
            }
        }
        for f in ctx.functions(m) {
            number(&mut s, f.0);
            s.add_attr_group(ctx.function_data(f).attrs.fn_attrs());
        }
        let mut seen: HashSet<&[u8]> = HashSet::new();
        let objects = ctx
            .functions(m)
            .map(|f| Global(f.0))
            .chain(ctx.global_vars(m));
        for g in objects {
            if let Some(c) = ctx.global_data(g).comdat.as_deref() {
                if seen.insert(c) {
                    s.comdats.push(c);
                }
            }
        }
        (s, tf)
    }

    /// Ends the type finder fed every function: named metadata last, then
    /// the structs it found, numbered (unnamed) or in definition order
    /// (named).
    pub(super) fn finish_types(&mut self, m: Module, tf: Option<TypeFinder<'a>>) {
        let Some(mut tf) = tf else { return };
        tf.named_md(m);
        let ctx = tf.ctx;
        for ty in tf.structs {
            if ctx.struct_name_bytes(ty).is_some() {
                self.named_structs.push(ty);
            } else {
                self.struct_num
                    .insert(ty, self.numbered_structs.len() as u32);
                self.numbered_structs.push(ty);
            }
        }
    }

    /// Adds `f`'s metadata and call-site attribute groups, as LLVM does
    /// when it reaches `f` (`processFunction`), and feeds `f` to the type
    /// finder; numbers `f`'s locals into `locals` in the same walk (one
    /// read of each record while it is in cache).
    pub(super) fn incorporate_function(
        &mut self,
        ctx: &'a Context,
        f: Function,
        mut tf: Option<&mut TypeFinder<'a>>,
        mut locals: Option<&mut LocalSlots>,
    ) {
        for (_, md) in attachments_in_print_order(ctx, None, &ctx.function_data(f).global.md) {
            self.md.add_root(ctx, md);
        }
        if let Some(tf) = tf.as_deref_mut() {
            tf.function(f);
            for &a in ctx.args(f) {
                tf.mark_local(a.idx);
            }
        }
        if let Some(l) = locals.as_deref_mut() {
            l.begin(ctx, f);
        }
        let values = &ctx.graph.values;
        let void = ctx.void_type();
        let mut b = ctx.function_data(f).blocks.first;
        while b != NONE {
            let block = b;
            let bd = &values[b as usize];
            b = bd.c;
            if let Some(tf) = tf.as_deref_mut() {
                tf.mark_local(block);
            }
            if let Some(l) = locals.as_deref_mut() {
                l.push(block, bd.has_side() && ctx.name_at(block).is_some());
            }
            for idx in ctx.inst_indices_in(bd.ops, bd.nops) {
                let d = &values[idx as usize];
                let side = if d.has_side() {
                    ctx.inst_side_at(idx)
                } else {
                    InstSide::NONE
                };
                if d.ty != void {
                    if let Some(l) = locals.as_deref_mut() {
                        l.push(idx, side.name.is_some());
                    }
                }
                // A bare extra holds no attachment or debug record: of it,
                // only a call's payload (its attributes) is read, and a
                // GEP's or alloca's type is in the side record. The
                // 104-byte extras of the others stay unread.
                let op = Opcode::from_u8(d.opcode);
                let call = matches!(op, Opcode::Call | Opcode::Invoke | Opcode::CallBr);
                let extra = if side.bare && !call {
                    None
                } else {
                    side.extra(ctx)
                };
                if let Some(tf) = tf.as_deref_mut() {
                    tf.inst_rec(d, extra, side.bare, side.bare_ty());
                    tf.mark_local(idx);
                }
                let Some(extra) = extra else { continue };
                if !side.bare {
                    for r in &extra.dbg_records {
                        for md in r.ops.iter().flatten() {
                            self.md.add_root(ctx, *md);
                        }
                    }
                }
                if op == Opcode::Call && calls_intrinsic(ctx, d) {
                    // Metadata nodes passed to an intrinsic
                    // (`processInstructionMetadata`); strings, values and
                    // `DIArgList`s get no number.
                    let i = Inst(ctx.graph.handle(idx));
                    for op in ctx.operands(i.0).flatten() {
                        if let Some(md) = ctx.value_metadata(op) {
                            self.md.add_root(ctx, md);
                        }
                    }
                }
                if !side.bare && (extra.dbg.is_some() || !extra.md.is_empty()) {
                    for (_, md) in attachments_in_print_order(ctx, extra.dbg, &extra.md) {
                        self.md.add_root(ctx, md);
                    }
                }
                if let InstPayload::Call(cd) = &extra.payload {
                    self.add_attr_group(cd.attrs.fn_attrs());
                }
            }
        }
        if let Some(l) = locals {
            l.finish(ctx);
        }
    }

    fn add_attr_group(&mut self, set: &'a AttributeSet) {
        if set.is_empty() {
            return;
        }
        // Sets sharing storage are one set: a call site repeating the
        // previous one's storage (the usual `#N` of a run of calls) is
        // known without a lookup, one seen before without hashing its
        // attributes.
        let addr = storage_addr(set);
        if self.last_attr_addr == addr || self.attr_by_addr.contains_key(&addr) {
            self.last_attr_addr = addr;
            return;
        }
        let n = match self.attr_slot.get(set) {
            Some(&n) => n,
            None => {
                let n = self.attr_groups.len() as u32;
                self.attr_slot.insert(set, n);
                self.attr_groups.push(set);
                n
            }
        };
        self.attr_by_addr.insert(addr, n);
        self.last_attr_addr = addr;
    }

    /// The `#N` of an attribute set.
    pub(super) fn attr_group(&self, set: &AttributeSet) -> Option<u32> {
        if set.is_empty() {
            return None;
        }
        match self.attr_by_addr.get(&storage_addr(set)) {
            Some(&n) => Some(n),
            None => self.attr_slot.get(set).copied(),
        }
    }

    /// The `%N` of an unnamed identified struct.
    pub(super) fn struct_number(&self, ty: Type) -> Option<u32> {
        self.struct_num.get(&ty).copied()
    }

    /// The `@N` of an unnamed global.
    pub(super) fn global_slot(&self, v: Value) -> Option<u32> {
        self.global_slot.get(&v).copied()
    }
}

/// The address of a non-empty set's attribute storage, shared by the sets
/// cloned from one another (alive, hence unique, while `set` is borrowed).
#[inline]
fn storage_addr(set: &AttributeSet) -> usize {
    set.as_slice().as_ptr() as usize
}

/// Whether the call whose record is `d` calls a function named `llvm.*`
/// directly (LLVM's `Function::isIntrinsic`, which holds for unknown
/// `llvm.*` names too).
fn calls_intrinsic(ctx: &Context, d: &ValueData) -> bool {
    let Some(last) = d.nops.checked_sub(1) else {
        return false;
    };
    // The callee, the last operand, read by raw index (no handle minted or
    // generation checked); an intrinsic's name starts with `llvm.`, as
    // `Context::is_intrinsic` says.
    let callee = ctx.graph.pool.uses[(d.ops + last) as usize].val;
    callee != NONE
        && ctx.graph.values[callee as usize].is(ValueKind::Function)
        && ctx.name_at(callee).is_some_and(|n| n.starts_with(b"llvm."))
}

/// `P<n>` of a data layout string (0 when absent).
fn program_address_space(dl: &str) -> u32 {
    dl.split('-')
        .filter_map(|c| c.strip_prefix('P'))
        .filter_map(|n| n.parse().ok())
        .next_back()
        .unwrap_or(0)
}

/// `(kind name, node)` attachments in LLVM's print and numbering order:
/// `dbg` first, then by metadata kind id (the list keeps that order),
/// attachment order within a kind.
pub(super) fn attachments_in_print_order<'m>(
    ctx: &'m Context,
    dbg: Option<Metadata>,
    md: &'m MdAttachments,
) -> impl Iterator<Item = (&'m [u8], Metadata)> + 'm {
    dbg.map(|d| (&b"dbg"[..], d))
        .into_iter()
        .chain(md.iter().map(|(k, m)| (ctx.md_kind_name_bytes(k), m)))
}

/// `%N` numbers of one function's unnamed arguments, blocks and
/// non-void instructions (`SlotTracker::processFunction`), and which values
/// are the function's own (so that an operand of another function prints
/// as `<badref>` instead of a name that would bind to something else).
///
/// Sized by the function, not the context: a function's blocks and
/// instructions are usually created together (its arguments apart, with
/// the function), so each group's indices span a short range, held as one
/// `u32` per index of that range (a few KiB, in cache while the function
/// prints; a constant or global operand is told apart by a range check,
/// with no load). A few locals below a window's range (slots reused from
/// the arena's free list) are kept in a short list beside it. A function
/// whose values are spread further over the arena (values added by later
/// edits) uses a table over the whole context, whose words are cleared
/// again after the function.
pub(crate) struct LocalSlots {
    /// Slot word of the blocks and instructions by value index minus
    /// `base`: the `%N` of an unnamed local, [`NAMED`] for a named one,
    /// `NONE` for an index of the range that is not the function's.
    window: Vec<u32>,
    base: u32,
    /// The same for the arguments.
    args: Vec<u32>,
    args_base: u32,
    /// The few locals below the windows' ranges (value slots reused from
    /// the arena's free list, such as an entry block made where a freed
    /// placeholder was), `(index, slot word)`, and the range of their
    /// indices: `out_lo ..= out_lo + out_span` (`out_lo` `NONE` when there
    /// are none), so that other operands pass with one compare.
    outliers: Vec<(u32, u32)>,
    out_lo: u32,
    out_span: u32,
    /// Whether the function is held in `spread` instead.
    is_spread: bool,
    /// Slot word plus one by value index (0: not the function's), for a
    /// spread-out function; all 0 otherwise.
    spread: Vec<u32>,
    /// `(index, slot word)` of each local, in numbering order (scratch).
    order: Vec<(u32, u32)>,
    /// The next `%N` while numbering.
    next: u32,
    /// The number of arguments at the front of `order`.
    nargs: usize,
    /// The lowest and highest index of the arguments, and of the blocks
    /// and instructions pushed so far (`(NONE, 0)`: none).
    args_bounds: (u32, u32),
    lo: u32,
    hi: u32,
}

/// A group of `n` locals is held in a window when its indices span at most
/// `n * WINDOW_SLACK + WINDOW_MIN` (a constant interleaved with them, made
/// while the function was read, is a hole).
const WINDOW_SLACK: usize = 4;
const WINDOW_MIN: usize = 1024;

impl LocalSlots {
    pub(super) fn new() -> Self {
        LocalSlots {
            window: Vec::new(),
            base: 0,
            args: Vec::new(),
            args_base: 0,
            outliers: Vec::new(),
            out_lo: NONE,
            out_span: 0,
            is_spread: false,
            spread: Vec::new(),
            order: Vec::new(),
            next: 0,
            nargs: 0,
            args_bounds: (NONE, 0),
            lo: NONE,
            hi: 0,
        }
    }

    /// Numbers `f`'s unnamed values and marks its named ones, forgetting
    /// the previous function's.
    pub(super) fn incorporate(&mut self, ctx: &Context, f: Function) {
        self.begin(ctx, f);
        let values = &ctx.graph.values;
        let void = ctx.void_type();
        let mut b = ctx.function_data(f).blocks.first;
        while b != NONE {
            self.push(b, values[b as usize].has_side() && ctx.name_at(b).is_some());
            for i in ctx.inst_indices_at(b) {
                let d = &values[i as usize];
                if d.ty != void {
                    self.push(i, d.has_side() && ctx.name_at(i).is_some());
                }
            }
            b = values[b as usize].c;
        }
        self.finish(ctx);
    }

    /// Starts numbering `f`, forgetting the previous function's: its
    /// arguments. Its blocks and non-void instructions follow in order
    /// through [`LocalSlots::push`], then [`LocalSlots::finish`] (the
    /// order of `SlotTracker::processFunction`).
    pub(super) fn begin(&mut self, ctx: &Context, f: Function) {
        if self.is_spread {
            for &(idx, _) in &self.order {
                self.spread[idx as usize] = 0;
            }
            self.is_spread = false;
        }
        self.window.clear();
        self.args.clear();
        self.outliers.clear();
        self.out_lo = NONE;
        self.out_span = 0;
        self.order.clear();
        self.next = 0;
        self.lo = NONE;
        self.hi = 0;
        let args = ctx.args(f);
        self.nargs = args.len();
        for &a in args {
            self.push(a.idx, ctx.name_at(a.idx).is_some());
        }
        self.args_bounds = (self.lo, self.hi);
        self.lo = NONE;
        self.hi = 0;
    }

    /// The next local in numbering order: value index `idx`, named or not.
    #[inline]
    pub(super) fn push(&mut self, idx: u32, named: bool) {
        self.order
            .push((idx, if named { NAMED } else { self.next }));
        self.next += u32::from(!named);
        self.lo = self.lo.min(idx);
        self.hi = self.hi.max(idx);
    }

    /// Ends the numbering [`LocalSlots::begin`] started: the slot words go
    /// into the windows (or the context-wide table).
    pub(super) fn finish(&mut self, ctx: &Context) {
        let values = &ctx.graph.values;
        let (args, body) = self.order.split_at(self.nargs);
        let held = fill_window(
            &mut self.args,
            &mut self.args_base,
            &mut self.outliers,
            args,
            self.args_bounds,
        ) && fill_window(
            &mut self.window,
            &mut self.base,
            &mut self.outliers,
            body,
            (self.lo, self.hi),
        ) && self.outliers.len() <= MAX_OUTLIERS;
        if held {
            if let (Some(lo), Some(hi)) = (
                self.outliers.iter().map(|o| o.0).min(),
                self.outliers.iter().map(|o| o.0).max(),
            ) {
                self.out_lo = lo;
                self.out_span = hi - lo;
            }
        } else {
            self.window.clear();
            self.args.clear();
            self.outliers.clear();
            if self.spread.len() < values.len() {
                self.spread = vec![0; values.len()];
            }
            for &(idx, w) in &self.order {
                self.spread[idx as usize] = w.wrapping_add(1);
            }
            self.is_spread = true;
        }
    }

    /// The slot word of raw value index `idx`: its `%N`, [`NAMED`], or
    /// `NONE` for a value not of the incorporated function.
    #[inline]
    pub(super) fn raw(&self, idx: u32) -> u32 {
        // A hole of one window may be a local of the other.
        match self.window.get(idx.wrapping_sub(self.base) as usize) {
            Some(&w) if w != NONE => return w,
            _ => {}
        }
        match self.args.get(idx.wrapping_sub(self.args_base) as usize) {
            Some(&w) if w != NONE => return w,
            _ => {}
        }
        if idx.wrapping_sub(self.out_lo) <= self.out_span {
            if let Some(&(_, w)) = self.outliers.iter().find(|o| o.0 == idx) {
                return w;
            }
        }
        if !self.is_spread {
            return NONE;
        }
        self.spread
            .get(idx as usize)
            .map_or(NONE, |&w| w.wrapping_sub(1))
    }

    /// The `%N` of `v` in the incorporated function.
    #[inline]
    pub(super) fn get(&self, v: Value) -> Option<u32> {
        Some(self.raw(v.idx)).filter(|&s| s < NAMED)
    }

    /// Whether `v` is an argument, block or non-void instruction of the
    /// incorporated function.
    #[inline]
    pub(super) fn contains(&self, v: Value) -> bool {
        self.raw(v.idx) != NONE
    }
}

/// Holds the `(index, slot word)` pairs `locals`, whose lowest and
/// highest indices are `(lo, hi)`, in `window` from `base` on; false
/// (window left empty) when their indices are too spread out. When they
/// span too much, the locals within the allowed span below the highest
/// index are held and the ones below it are added to `outliers` (the
/// caller bounds their number).
fn fill_window(
    window: &mut Vec<u32>,
    base: &mut u32,
    outliers: &mut Vec<(u32, u32)>,
    locals: &[(u32, u32)],
    (lo, hi): (u32, u32),
) -> bool {
    if locals.is_empty() {
        return true;
    }
    let limit = locals.len() * WINDOW_SLACK + WINDOW_MIN;
    let lo = if ((hi - lo) as usize) < limit {
        lo
    } else {
        // `hi - lo` is at least `limit` here, so `floor` is above `lo`.
        let floor = (hi as usize + 1).saturating_sub(limit) as u32;
        let before = outliers.len();
        let mut held_lo = hi;
        for &l in locals {
            if l.0 < floor {
                outliers.push(l);
            } else {
                held_lo = held_lo.min(l.0);
            }
        }
        if outliers.len() - before > MAX_OUTLIERS {
            return false;
        }
        held_lo
    };
    *base = lo;
    window.resize((hi - lo) as usize + 1, NONE);
    for &(idx, w) in locals {
        if let Some(slot) = window.get_mut(idx.wrapping_sub(lo) as usize) {
            *slot = w;
        }
    }
    true
}

/// At most this many locals of a function lie outside its windows (see
/// [`LocalSlots::outliers`]); more, and the function is held in the
/// context-wide table.
const MAX_OUTLIERS: usize = 16;

/// The mark of a named local in [`LocalSlots`].
pub(super) const NAMED: u32 = NONE - 1;

/// The `%N` of local `v` in function `f`, found by walking `f` (for a
/// `blockaddress` naming another function's block).
pub(super) fn slot_in_function(ctx: &Context, f: Function, v: Value) -> Option<u32> {
    let mut n = 0u32;
    for &a in ctx.args(f) {
        if !ctx.has_name(a) {
            if a == v {
                return Some(n);
            }
            n += 1;
        }
    }
    for b in ctx.blocks(f) {
        if !ctx.has_name(b.0) {
            if b.0 == v {
                return Some(n);
            }
            n += 1;
        }
        for i in ctx.insts(b) {
            if !ctx.is_void(ctx.type_of(i.0)) && !ctx.has_name(i.0) {
                if i.0 == v {
                    return Some(n);
                }
                n += 1;
            }
        }
    }
    None
}

/// The function a local value (argument, block, instruction) lives in.
pub(super) fn local_parent(ctx: &Context, v: Value) -> Option<Function> {
    match ctx.value_kind(v) {
        ValueKind::Argument => Some(ctx.arg_parent(v)),
        ValueKind::Block => ctx.block_parent(crate::ir::Block(v)),
        ValueKind::Instruction => ctx.inst_parent(Inst(v)).and_then(|b| ctx.block_parent(b)),
        _ => None,
    }
}

/// The identified structs `m` uses, in LLVM's `TypeFinder` order
/// (globals, then each function's signature, attributes, operands and
/// instructions, then named metadata): what `Module::getIdentifiedStructTypes`
/// gives for a module without a lazy reader (the linker's by-name matching
/// order).
pub(crate) fn module_struct_types(ctx: &Context, m: Module) -> Vec<Type> {
    if ctx.num_identified_structs() == 0 {
        return Vec::new();
    }
    let mut tf = TypeFinder::new(ctx);
    tf.globals(m);
    for f in ctx.functions(m) {
        tf.function(f);
        for b in ctx.blocks(f) {
            for i in ctx.insts(b) {
                tf.inst(i, ctx.extra(i));
            }
        }
    }
    tf.named_md(m);
    tf.structs
}

/// LLVM's `TypeFinder`: the identified structs a module uses, in the order
/// its walk first reaches them. Explicit stacks throughout, so deep types,
/// constants and metadata cannot overflow the call stack. Visited sets are
/// bitmaps over type and value indices.
pub(super) struct TypeFinder<'c> {
    ctx: &'c Context,
    visited_types: Vec<bool>,
    visited_values: Vec<u64>,
    visited_md: HashSet<Metadata>,
    structs: Vec<Type>,
    /// The number of identified structs in the context.
    total: usize,
    type_stack: Vec<Type>,
    value_stack: Vec<Value>,
}

impl<'c> TypeFinder<'c> {
    fn new(ctx: &'c Context) -> Self {
        TypeFinder {
            ctx,
            visited_types: Vec::new(),
            // Every value index of the context fits: no growth check on
            // the per-operand path.
            visited_values: vec![0; ctx.graph.values.len() / 64 + 1],
            visited_md: HashSet::new(),
            structs: Vec::new(),
            total: ctx.num_identified_structs(),
            type_stack: Vec::new(),
            value_stack: Vec::new(),
        }
    }

    /// Global variables, aliases and ifuncs (before any function).
    fn globals(&mut self, m: Module) {
        let ctx = self.ctx;
        for g in ctx.global_vars(m) {
            if let Some(t) = ctx.global_data(g).value_type {
                self.ty(t);
            }
            if let Some(init) = ctx.initializer(g) {
                self.value(init);
            }
        }
        for g in ctx.aliases(m) {
            if let Some(t) = ctx.global_data(g).value_type {
                self.ty(t);
            }
            if let Some(a) = ctx.indirect_target(g) {
                self.value(a);
            }
        }
        for g in ctx.ifuncs(m) {
            if let Some(t) = ctx.global_data(g).value_type {
                self.ty(t);
            }
        }
    }

    /// A function's own type, attributes and operands (its instructions
    /// follow through [`TypeFinder::inst`]).
    fn function(&mut self, f: Function) {
        if self.complete() {
            return;
        }
        let ctx = self.ctx;
        self.ty(ctx.signature(f));
        self.attrs(&ctx.function_data(f).attrs);
        for op in ctx.operands(f.0).flatten() {
            self.value(op);
        }
    }

    /// A function with its instructions, for the struct order alone.
    fn function_body(&mut self, f: Function) {
        if self.complete() {
            return;
        }
        self.function(f);
        let ctx = self.ctx;
        for b in ctx.blocks(f) {
            for i in ctx.insts(b) {
                self.inst(i, ctx.extra(i));
            }
        }
    }

    /// Named metadata (after every function).
    fn named_md(&mut self, m: Module) {
        if self.complete() {
            return;
        }
        for ops in self.ctx.module(m).named_md.values() {
            for &md in ops {
                self.md(md);
            }
        }
    }

    /// Instruction `i`, whose side payload is `extra`.
    fn inst(&mut self, i: Inst, extra: Option<&'c InstExtra>) {
        self.inst_rec(self.ctx.graph.get(i.0), extra, false, None);
    }

    /// The instruction whose record is `d` and side payload `extra`; with
    /// `bare` (the extra holds only its payload) no more than the payload
    /// is read, and with `extra` left unread, `bare_ty` is its
    /// `InstPayload::Ty` type (from the side record). Inlined into the
    /// numbering walk, which calls it for every instruction (out of line,
    /// saving and restoring its registers cost ~15 instructions a call).
    #[inline(always)]
    fn inst_rec(
        &mut self,
        d: &ValueData,
        extra: Option<&'c InstExtra>,
        bare: bool,
        bare_ty: Option<Type>,
    ) {
        if self.complete() {
            return;
        }
        let ctx = self.ctx;
        self.ty(d.ty);
        // Only constants (globals excepted) and metadata reach a struct
        // type; a constant seen before is skipped without a walk.
        let uses: &[UseData] = if d.nops == 0 {
            &[]
        } else {
            &ctx.graph.pool.uses[d.ops as usize..(d.ops + d.nops) as usize]
        };
        // The visited bit is read before the operand's record: a constant
        // walked before, and a global or local seen before (marked here:
        // they lead to no type), cost no read of their record.
        for u in uses {
            if u.val == NONE || self.visited_value(u.val) {
                continue;
            }
            let d = &ctx.graph.values[u.val as usize];
            if d.is(ValueKind::Constant) || d.is(ValueKind::MetadataAsValue) {
                self.value(ctx.graph.handle(u.val));
            } else {
                self.mark_local(u.val);
            }
        }
        let op = Opcode::from_u8(d.opcode);
        let Some(extra) = extra else {
            if let (Some(t), Opcode::GetElementPtr | Opcode::Alloca) = (bare_ty, op) {
                self.ty(t);
            }
            return;
        };
        match (&extra.payload, op) {
            (InstPayload::Ty(t), Opcode::GetElementPtr | Opcode::Alloca) => self.ty(*t),
            (InstPayload::Call(cd), _) => self.attrs(&cd.attrs),
            _ => {}
        }
        if bare {
            return;
        }
        for (_, md) in attachments_in_print_order(ctx, None, &extra.md) {
            self.md(md);
        }
        for r in &extra.dbg_records {
            if matches!(&*r.kind, "value" | "declare" | "assign") {
                let idx: &[usize] = if &*r.kind == "assign" { &[0, 4] } else { &[0] };
                for &k in idx {
                    if let Some(Some(md)) = r.ops.get(k) {
                        self.md_values(*md);
                    }
                }
            }
        }
    }

    /// The values of a debug record's location: a value, or a `DIArgList`'s.
    fn md_values(&mut self, md: Metadata) {
        let ctx = self.ctx;
        match ctx.md_data(md) {
            MdData::Value(v) => self.value(*v),
            MdData::Specialized { kind, .. } if kind.is_inline() => {
                let mut vals = Vec::new();
                ctx.md_data(md).for_each_operand(|o| {
                    if let MdData::Value(v) = ctx.md_data(o) {
                        vals.push(*v);
                    }
                });
                for v in vals {
                    self.value(v);
                }
            }
            _ => {}
        }
    }

    fn attrs(&mut self, l: &'c AttributeList) {
        if l.is_empty() {
            return;
        }
        let sets = [l.fn_attrs(), l.ret_attrs()]
            .into_iter()
            .chain((0..l.num_param_sets()).map(|i| l.param_attrs(i)));
        for set in sets {
            for a in set {
                if let Some(t) = a.type_value() {
                    self.ty(t);
                }
            }
        }
    }

    /// Whether every identified struct of the context has been found: the
    /// rest of the walk can add nothing, so it is cut short (most modules
    /// name all their structs in globals and early functions).
    #[inline]
    fn complete(&self) -> bool {
        self.structs.len() == self.total
    }

    /// Whether value index `idx` is marked visited.
    #[inline]
    fn visited_value(&self, idx: u32) -> bool {
        self.visited_values
            .get((idx / 64) as usize)
            .is_some_and(|w| w & (1u64 << (idx % 64)) != 0)
    }

    /// Marks value index `idx` visited: a value that leads to no type
    /// (a local or a global), so that its uses are skipped without a read
    /// of its record. The walk marks the printed function's arguments,
    /// blocks and instructions as it passes them: most operands are then
    /// known by their bit alone.
    #[inline]
    fn mark_local(&mut self, idx: u32) {
        if let Some(w) = self.visited_values.get_mut((idx / 64) as usize) {
            *w |= 1u64 << (idx % 64);
        }
    }

    fn visit_type(&mut self, t: Type) -> bool {
        let i = t.index();
        if self.visited_types.len() <= i {
            self.visited_types
                .resize((i + 1).max(self.visited_types.len() * 2), false);
        }
        !core::mem::replace(&mut self.visited_types[i], true)
    }

    /// Marks `v` visited; false if it already was.
    fn visit_value(&mut self, v: Value) -> bool {
        let (w, bit) = ((v.idx / 64) as usize, 1u64 << (v.idx % 64));
        if self.visited_values.len() <= w {
            self.visited_values
                .resize((w + 1).max(self.visited_values.len() * 2), 0);
        }
        let was = self.visited_values[w] & bit != 0;
        self.visited_values[w] |= bit;
        !was
    }

    #[inline]
    fn ty(&mut self, t: Type) {
        if self.visited_types.get(t.index()) == Some(&true) {
            return;
        }
        self.ty_walk(t);
    }

    fn ty_walk(&mut self, t: Type) {
        if !self.visit_type(t) {
            return;
        }
        let ctx = self.ctx;
        self.type_stack.push(t);
        while let Some(t) = self.type_stack.pop() {
            if ctx.is_identified_struct(t) {
                self.structs.push(t);
            }
            let subs: SmallVec<[Type; 8]> = ctx.contained_types(t).collect();
            for &s in subs.iter().rev() {
                if self.visit_type(s) {
                    self.type_stack.push(s);
                }
            }
        }
    }

    fn value(&mut self, v: Value) {
        let ctx = self.ctx;
        if let Some(md) = ctx.value_metadata(v) {
            // (Constants never hold metadata: only the top level can be.)
            return self.md_as_value(md);
        }
        debug_assert!(self.value_stack.is_empty());
        self.value_stack.push(v);
        while let Some(v) = self.value_stack.pop() {
            if ctx.value_kind(v) != ValueKind::Constant || !self.visit_value(v) {
                continue;
            }
            self.ty(ctx.type_of(v));
            if ctx.const_kind(v) == ConstKind::Expr {
                if let Some(ConstPayload::Gep { src, .. }) = ctx.const_expr_payload(v) {
                    self.ty(*src);
                }
            }
            let n = self.value_stack.len();
            self.value_stack.extend(ctx.operands(v).flatten());
            self.value_stack[n..].reverse();
        }
    }

    /// `incorporateValue` of a `MetadataAsValue`: a node is walked, a
    /// value-as-metadata's value and a `DIArgList`'s values incorporated.
    fn md_as_value(&mut self, md: Metadata) {
        let ctx = self.ctx;
        let md = ctx.md_resolved(md);
        match ctx.md_data(md) {
            MdData::Value(v) => self.value(*v),
            MdData::Specialized { kind, .. } if kind.is_inline() => self.md_values(md),
            MdData::Tuple { .. } | MdData::Specialized { .. } => self.md(md),
            _ => {}
        }
    }

    fn md(&mut self, md: Metadata) {
        let ctx = self.ctx;
        let mut stack = vec![md];
        while let Some(md) = stack.pop() {
            let md = ctx.md_resolved(md);
            match ctx.md_data(md) {
                // A `DIArgList` is no `MDNode` in LLVM 19: not walked.
                MdData::Specialized { kind, .. } if kind.is_inline() => {}
                MdData::Tuple { .. } | MdData::Specialized { .. } => {
                    if !self.visited_md.insert(md) {
                        continue;
                    }
                    let n = stack.len();
                    ctx.md_data(md).for_each_operand(|o| stack.push(o));
                    stack[n..].reverse();
                }
                MdData::Value(v) if ctx.value_kind(*v).is_constant() => self.value(*v),
                _ => {}
            }
        }
    }
}
