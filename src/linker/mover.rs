//! One link: `ModuleLinker::run` (what to link) then `IRLinker::run` (how:
//! materialising globals in the order LLVM's `ValueMapper` reaches them,
//! moving them into the destination, remapping types).

use super::types::{type_name_prefix, DstStructs, TypeMapper};
use super::{
    is_declaration, is_declaration_for_linker, is_linkonce, is_local, is_weak, is_weak_for_linker,
    linkage, LinkError,
};
use crate::constants::{ConstKind, ConstPayload};
use crate::inst::Opcode;
use crate::ir::attributes::{AttrIndex, AttrKind, Attribute, AttributeList, AttributeSet};
use crate::ir::global::Linkage;
use crate::ir::global::{GlobalData, UnnamedAddr, Visibility};
use crate::ir::inst::DbgRecord;
use crate::ir::inst::InstPayload;
use crate::ir::metadata::{MdAttachments, MdData, MdField, Metadata};
use crate::ir::module::ComdatKind;
use crate::ir::{Function, Global, Inst, Module};
use crate::types::Type;
use crate::value::{Value, ValueKind};
use crate::Context;
use hashbrown::{HashMap, HashSet};
use smallvec::SmallVec;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum LinkFrom {
    Dst,
    Src,
    Both,
}

/// A scheduled body: what the `ValueMapper`'s worklist holds.
enum Work {
    Body(Function),
    Init(Global),
    Indirect(Global),
}

pub(super) struct Mover<'a> {
    ctx: &'a mut Context,
    dst: Module,
    src: Module,
    set: &'a mut DstStructs,
    tm: TypeMapper,
    /// Source global → destination global.
    vmap: HashMap<Value, Value>,
    to_link: HashSet<Value>,
    /// `ModuleLinker::ValuesToLink` in insertion order, then the
    /// `IRLinker` worklist.
    values_to_link: Vec<Value>,
    worklist: Vec<Value>,
    work: Vec<Work>,
    seen_const: HashMap<Value, bool>,
    seen_md: HashSet<Metadata>,
    /// Destination globals replaced by new ones, flushed after each
    /// top-level worklist item (`flushRAUWWorklist`).
    rauw: Vec<(Value, Value)>,
    /// Source globals moved into the destination, and new globals made
    /// for it, whose types are remapped at the end.
    moved: Vec<Value>,
    comdats_chosen: HashMap<Box<[u8]>, LinkFrom>,
    lazy_comdat: HashMap<Box<[u8]>, Vec<Value>>,
    done_bodies: bool,
    error: Option<LinkError>,
    rewritten: HashMap<Value, Value>,
    /// Appending variables whose elements still have source types: the
    /// variable and a placeholder aggregate of its elements.
    pending_appending: Vec<(Value, Value)>,
    /// Losing variables of `nodeduplicate` comdats (`GVToClone`).
    to_clone: Vec<Value>,
    /// Source globals moved as a private copy for the aliases or ifuncs
    /// that name them while their other uses resolve to a destination
    /// definition (`IndirectSymbolValueMap`), with those aliases.
    indirect_copies: HashMap<Value, Vec<Value>>,
    pub(super) warnings: Vec<super::LinkWarning>,
    /// The final metadata map (`remap_md`): `None` is `null`.
    md_map: HashMap<Metadata, Option<Metadata>>,
    /// Nodes being mapped (a cycle maps a node to itself).
    md_busy: HashSet<Metadata>,
    /// Uniqued nodes the metadata store made distinct because a
    /// replacement made them equal to another node: LLVM's mapper, which
    /// copies rather than moves, builds such nodes anew and finds them
    /// uniqued, so they are mapped as uniqued nodes.
    undistinct: HashSet<Metadata>,
    /// Whether a constant names a global left in the source.
    names_src: HashMap<Value, bool>,
    /// Whether the walk met a constant in metadata whose types the type
    /// map changes. Metadata inside the bodies changes only then or when
    /// `undistinct` is not empty (every global it names was materialised).
    md_types_change: bool,
}

fn err<T>(msg: String) -> Result<T, LinkError> {
    Err(LinkError(msg))
}

fn min_visibility(a: Visibility, b: Visibility) -> Visibility {
    if a == Visibility::Hidden || b == Visibility::Hidden {
        Visibility::Hidden
    } else if a == Visibility::Protected || b == Visibility::Protected {
        Visibility::Protected
    } else {
        Visibility::Default
    }
}

fn min_unnamed_addr(a: UnnamedAddr, b: UnnamedAddr) -> UnnamedAddr {
    if a == UnnamedAddr::None || b == UnnamedAddr::None {
        UnnamedAddr::None
    } else if a == UnnamedAddr::Local || b == UnnamedAddr::Local {
        UnnamedAddr::Local
    } else {
        UnnamedAddr::Global
    }
}

fn is_global_kind(k: ValueKind) -> bool {
    matches!(
        k,
        ValueKind::Function | ValueKind::GlobalVariable | ValueKind::Alias | ValueKind::IFunc
    )
}

impl<'a> Mover<'a> {
    pub(super) fn new(
        ctx: &'a mut Context,
        dst: Module,
        src: Module,
        set: &'a mut DstStructs,
    ) -> Self {
        Mover {
            ctx,
            dst,
            src,
            set,
            tm: TypeMapper::default(),
            vmap: HashMap::new(),
            to_link: HashSet::new(),
            values_to_link: Vec::new(),
            worklist: Vec::new(),
            work: Vec::new(),
            seen_const: HashMap::new(),
            seen_md: HashSet::new(),
            rauw: Vec::new(),
            moved: Vec::new(),
            comdats_chosen: HashMap::new(),
            lazy_comdat: HashMap::new(),
            done_bodies: false,
            error: None,
            rewritten: HashMap::new(),
            pending_appending: Vec::new(),
            to_clone: Vec::new(),
            indirect_copies: HashMap::new(),
            warnings: Vec::new(),
            md_map: HashMap::new(),
            md_busy: HashSet::new(),
            undistinct: HashSet::new(),
            names_src: HashMap::new(),
            md_types_change: false,
        }
    }

    /// The name of `g` (bytes, as LLVM's names).
    fn name(&self, g: Value) -> Option<Vec<u8>> {
        self.ctx.name_bytes(g).map(<[u8]>::to_vec)
    }

    /// The name of `g` as text for messages.
    fn name_text(&self, g: Value) -> String {
        crate::ir::shown(self.ctx.name_bytes(g).unwrap_or(b"")).into_owned()
    }

    fn src_id(&self) -> String {
        self.ctx.module(self.src).id.clone()
    }

    fn dst_id(&self) -> String {
        self.ctx.module(self.dst).id.clone()
    }

    fn all_globals(&self, m: Module) -> Vec<Value> {
        self.ctx.global_values(m).collect()
    }

    // ---- ModuleLinker ----------------------------------------------------

    /// `ModuleLinker::getLinkedToGlobal`.
    fn linked_to(&self, sgv: Value) -> Option<Value> {
        if is_local(self.ctx, sgv) {
            return None;
        }
        let name = self.ctx.name_bytes(sgv)?;
        let d = self.ctx.global_by_name(self.dst, name)?;
        (!is_local(self.ctx, d)).then_some(d)
    }

    /// `IRLinker::getLinkedToGlobal`: also refuses an intrinsic of another
    /// prototype.
    fn linked_to_ir(&mut self, sgv: Value) -> Option<Value> {
        let d = self.linked_to(sgv)?;
        if let (Some(df), Some(sf)) = (self.ctx.as_function(d), self.ctx.as_function(sgv)) {
            if self.ctx.is_intrinsic(df) {
                let st = self.ctx.signature(sf);
                let mt = self.tm.get(self.ctx, self.set, st);
                if self.ctx.signature(df) != mt {
                    return None;
                }
            }
        }
        Some(d)
    }

    fn alloc_size(&mut self, ty: Type) -> u64 {
        let dl = match self.ctx.module_layout(self.dst) {
            Ok(dl) => dl.clone(),
            Err(_) => return 0,
        };
        dl.alloc_size(self.ctx, ty).map(|s| s.min).unwrap_or(0)
    }

    /// `ModuleLinker::shouldLinkFromSource`.
    fn should_link_from_source(&mut self, dest: Value, src: Value) -> Result<bool, LinkError> {
        let (sl, dl) = (linkage(self.ctx, src), linkage(self.ctx, dest));
        if sl == Linkage::Appending || dl == Linkage::Appending {
            return Ok(true);
        }
        let src_decl = is_declaration_for_linker(self.ctx, src);
        let dest_decl = is_declaration_for_linker(self.ctx, dest);
        if src_decl {
            if self.ctx.global_data(src).dll_storage == crate::ir::global::DllStorage::Import {
                return Ok(dest_decl);
            }
            if dl == Linkage::ExternWeak {
                return Ok(true);
            }
            return Ok(!is_declaration(self.ctx, src) && is_declaration(self.ctx, dest));
        }
        if dest_decl {
            return Ok(true);
        }
        if sl == Linkage::Common {
            if is_linkonce(dl) || is_weak(dl) {
                return Ok(true);
            }
            if dl != Linkage::Common {
                return Ok(false);
            }
            let dt = self.ctx.global_data(dest).value_type.expect("value type");
            let st = self.ctx.global_data(src).value_type.expect("value type");
            return Ok(self.alloc_size(st) > self.alloc_size(dt));
        }
        if is_weak_for_linker(sl) {
            return Ok(is_linkonce(dl) && is_weak(sl));
        }
        if is_weak_for_linker(dl) {
            return Ok(true);
        }
        err(format!(
            "Linking globals named '{}': symbol multiply defined!",
            self.name_text(src)
        ))
    }

    /// `ModuleLinker::getComdatLeader`: the variable named like the comdat,
    /// through an alias to its aliasee object.
    fn comdat_leader(&self, m: Module, name: &[u8]) -> Result<Value, LinkError> {
        let shown = crate::ir::shown(name);
        let mut g = self.ctx.global_by_name(m, name);
        if let Some(a) = g.filter(|&a| self.ctx.value_kind(a) == ValueKind::Alias) {
            g = self.ctx.aliasee_object(a);
            if g.is_none() {
                return err(format!(
                    "Linking COMDATs named '{shown}': COMDAT key involves incomputable alias size."
                ));
            }
        }
        match g {
            Some(g) if self.ctx.value_kind(g) == ValueKind::GlobalVariable => Ok(g),
            _ => err(format!(
                "Linking COMDATs named '{shown}': GlobalVariable required for data dependent selection!"
            )),
        }
    }

    /// `GlobalValue::getComdat`: an alias is in its aliasee object's
    /// comdat, an ifunc in none.
    fn comdat_of(&self, g: Value) -> Option<Box<[u8]>> {
        match self.ctx.value_kind(g) {
            ValueKind::Alias => self
                .ctx
                .aliasee_object(g)
                .and_then(|o| self.ctx.global_data(o).comdat.clone()),
            ValueKind::IFunc => None,
            _ => self.ctx.global_data(g).comdat.clone(),
        }
    }

    fn strip_casts(&self, mut v: Value) -> Value {
        while let Some((op, _)) = self.ctx.const_expr_opcode(v) {
            if matches!(op, Opcode::BitCast | Opcode::AddrSpaceCast) {
                v = self.ctx.operand(v, 0).expect("cast operand");
            } else {
                break;
            }
        }
        v
    }

    /// `ModuleLinker::getComdatResult` and `computeResultingSelectionKind`.
    fn comdat_result(&mut self, name: &[u8], sk: ComdatKind) -> Result<LinkFrom, LinkError> {
        let shown = crate::ir::shown(name);
        let Some(&dk) = self.ctx.module(self.dst).comdats.get(name) else {
            return Ok(LinkFrom::Src);
        };
        use ComdatKind::*;
        let any_or_largest = |k| matches!(k, Any | Largest);
        let result = if any_or_largest(dk) && any_or_largest(sk) {
            if dk == Largest || sk == Largest {
                Largest
            } else {
                Any
            }
        } else if sk == dk {
            dk
        } else {
            return err(format!(
                "Linking COMDATs named '{shown}': invalid selection kinds!"
            ));
        };
        match result {
            Any => Ok(LinkFrom::Dst),
            NoDeduplicate => Ok(LinkFrom::Both),
            ExactMatch | Largest | SameSize => {
                let d = self.comdat_leader(self.dst, name)?;
                let s = self.comdat_leader(self.src, name)?;
                let dt = self.ctx.global_data(d).value_type.expect("value type");
                let st = self.ctx.global_data(s).value_type.expect("value type");
                let (ds, ss) = (self.alloc_size(dt), self.alloc_size(st));
                match result {
                    ExactMatch => {
                        if self.ctx.initializer(Global(s)) != self.ctx.initializer(Global(d)) {
                            return err(format!(
                                "Linking COMDATs named '{shown}': ExactMatch violated!"
                            ));
                        }
                        Ok(LinkFrom::Dst)
                    }
                    Largest => Ok(if ss > ds {
                        LinkFrom::Src
                    } else {
                        LinkFrom::Dst
                    }),
                    _ => {
                        if ss != ds {
                            return err(format!(
                                "Linking COMDATs named '{shown}': SameSize violated!"
                            ));
                        }
                        Ok(LinkFrom::Dst)
                    }
                }
            }
        }
    }

    /// `dropReplacedComdat`: a destination member of a comdat the source
    /// replaces becomes a declaration (or goes, if unused).
    fn drop_replaced_comdat(&mut self, g: Value, replaced: &HashSet<Box<[u8]>>) {
        let Some(c) = self.comdat_of(g) else {
            return;
        };
        if !replaced.contains(&c) {
            return;
        }
        let ctx = &mut *self.ctx;
        if ctx.use_empty(g) {
            match ctx.value_kind(g) {
                ValueKind::Function => ctx.erase_function(Function(g)),
                _ => ctx.erase_global(Global(g)),
            }
            return;
        }
        match ctx.value_kind(g) {
            ValueKind::Function => {
                ctx.delete_function_body(Function(g));
                let d = ctx.global_data_mut(g);
                d.linkage = Linkage::External;
                d.comdat = None;
            }
            ValueKind::GlobalVariable => {
                ctx.set_initializer(Global(g), None);
                let d = ctx.global_data_mut(g);
                d.linkage = Linkage::External;
                d.comdat = None;
            }
            _ => {
                let vt = ctx.global_data(g).value_type.expect("value type");
                let name = ctx.name_bytes(g).unwrap_or(b"").to_vec();
                let decl = if ctx.is_function(vt) {
                    ctx.add_function(self.dst, "", vt).0
                } else {
                    ctx.add_global_var(self.dst, "", vt, 0).0
                };
                ctx.set_global_name(g, "");
                ctx.set_global_name_bytes(decl, &name);
                ctx.replace_all_uses_with(g, decl);
                ctx.erase_global(Global(g));
            }
        }
    }

    fn maybe_add(&mut self, g: Value) {
        if self.to_link.insert(g) {
            self.values_to_link.push(g);
            self.worklist.push(g);
        }
    }

    /// `ModuleLinker::linkIfNeeded`.
    fn link_if_needed(&mut self, gv: Value) -> Result<(), LinkError> {
        let dgv = self.linked_to(gv);
        let gl = linkage(self.ctx, gv);
        if let Some(d) = dgv {
            if !gv_is_local_or_appending(gl) {
                let ctx = &mut *self.ctx;
                if ctx.value_kind(d) == ValueKind::GlobalVariable
                    && ctx.value_kind(gv) == ValueKind::GlobalVariable
                {
                    if is_declaration(ctx, d)
                        && is_declaration(ctx, gv)
                        && (!ctx.global_data(d).is_constant || !ctx.global_data(gv).is_constant)
                    {
                        ctx.global_data_mut(d).is_constant = false;
                        ctx.global_data_mut(gv).is_constant = false;
                    }
                    if linkage(ctx, d) == Linkage::Common && gl == Linkage::Common {
                        let (da, sa) = (ctx.global_data(d).align, ctx.global_data(gv).align);
                        let a = (da.is_some() || sa.is_some())
                            .then(|| da.unwrap_or(1).max(sa.unwrap_or(1)));
                        ctx.global_data_mut(d).align = a;
                        ctx.global_data_mut(gv).align = a;
                    }
                }
                let vis = min_visibility(
                    ctx.global_data(d).visibility,
                    ctx.global_data(gv).visibility,
                );
                let ua = min_unnamed_addr(
                    ctx.global_data(d).unnamed_addr,
                    ctx.global_data(gv).unnamed_addr,
                );
                for x in [d, gv] {
                    let local = is_local(ctx, x);
                    let data = ctx.global_data_mut(x);
                    data.visibility = vis;
                    if vis != Visibility::Default && !local {
                        data.dso_local = true;
                    }
                    data.unnamed_addr = ua;
                }
            }
        }
        if dgv.is_none() && (gl.is_local() || is_linkonce(gl) || gl == Linkage::AvailableExternally)
        {
            return Ok(());
        }
        if is_declaration(self.ctx, gv) {
            return Ok(());
        }
        let mut comdat_from = LinkFrom::Dst;
        if let Some(c) = self.comdat_of(gv) {
            comdat_from = self
                .comdats_chosen
                .get(&c)
                .copied()
                .unwrap_or(LinkFrom::Src);
            if comdat_from == LinkFrom::Dst {
                return Ok(());
            }
        }
        let from_src = match dgv {
            Some(d) => self.should_link_from_source(d, gv)?,
            None => true,
        };
        if let (Some(d), LinkFrom::Both) = (dgv, comdat_from) {
            self.to_clone.push(if from_src { d } else { gv });
        }
        if from_src {
            self.maybe_add(gv);
        }
        Ok(())
    }

    /// The losing copy of a variable in a `nodeduplicate` comdat keeps its
    /// contents (other members may use them): cloned into an unnamed
    /// private variable, linked if it is the source's.
    fn clone_nodeduplicate_losers(&mut self) -> Result<(), LinkError> {
        for g in core::mem::take(&mut self.to_clone) {
            if self.ctx.value_kind(g) != ValueKind::GlobalVariable {
                return err(format!(
                    "linking '{}': non-variables in comdat nodeduplicate are not handled",
                    self.name_text(g)
                ));
            }
            let m = self.ctx.global_parent(g);
            let vt = self.ctx.global_data(g).value_type.expect("value type");
            let a = self.ctx.ptr_addrspace(self.ctx.type_of(g)).unwrap_or(0);
            let nv = self.ctx.add_global_var(m, "", vt, a);
            let d = self.ctx.global_data(g).clone();
            *self.ctx.global_data_mut(nv) = GlobalData {
                linkage: Linkage::Private,
                visibility: Visibility::Default,
                dso_local: true,
                md: Default::default(),
                ..d
            };
            if let Some(init) = self.ctx.initializer(Global(g)) {
                self.ctx.set_initializer(nv, Some(init));
            }
            if m == self.src {
                self.maybe_add(nv.0);
            }
        }
        Ok(())
    }

    /// `ModuleLinker::addLazyFor`.
    fn add_lazy_for(&mut self, gv: Value) -> bool {
        let l = linkage(self.ctx, gv);
        if !is_linkonce(l) && l != Linkage::AvailableExternally {
            return false;
        }
        self.maybe_add(gv);
        if let Some(c) = self.comdat_of(gv) {
            let members = self.lazy_comdat.get(&c).cloned().unwrap_or_default();
            for g2 in members {
                let from_src = match self.linked_to(g2) {
                    Some(d) => match self.should_link_from_source(d, g2) {
                        Ok(b) => b,
                        Err(e) => {
                            self.error.get_or_insert(e);
                            return true;
                        }
                    },
                    None => true,
                };
                if from_src {
                    self.maybe_add(g2);
                }
            }
        }
        true
    }

    fn module_linker(&mut self) -> Result<(), LinkError> {
        let src_comdats: Vec<(Box<[u8]>, ComdatKind)> = self
            .ctx
            .module(self.src)
            .comdats
            .iter()
            .map(|(n, k)| (n.clone(), *k))
            .collect();
        let mut replaced = HashSet::new();
        let mut non_prevailing = HashSet::new();
        for (name, kind) in src_comdats {
            let from = self.comdat_result(&name, kind)?;
            self.comdats_chosen.insert(name.clone(), from);
            if from == LinkFrom::Dst {
                non_prevailing.insert(name.clone());
            }
            if from == LinkFrom::Src && self.ctx.module(self.dst).comdats.contains_key(&name) {
                replaced.insert(name);
            }
        }
        if !replaced.is_empty() {
            let c = &*self.ctx;
            let order: Vec<Value> = c
                .aliases(self.dst)
                .map(|g| g.0)
                .chain(c.global_vars(self.dst).map(|g| g.0))
                .chain(c.functions(self.dst).map(|f| f.0))
                .collect();
            for g in order {
                self.drop_replaced_comdat(g, &replaced);
            }
        }
        let src_all = self.all_globals(self.src);
        if !non_prevailing.is_empty() {
            let mut aliased = HashSet::new();
            for g in self.ctx.aliases(self.src).collect::<Vec<_>>() {
                if let Some(o) = self.ctx.aliasee_object(g.0) {
                    if self.ctx.global_data(o).comdat.is_some() {
                        aliased.insert(o);
                    }
                }
            }
            for &g in &src_all {
                if self.ctx.value_kind(g) == ValueKind::Alias || aliased.contains(&g) {
                    continue;
                }
                let d = self.ctx.global_data(g);
                if d.linkage == Linkage::Private
                    && d.comdat
                        .as_ref()
                        .is_some_and(|c| non_prevailing.contains(c))
                {
                    let d = self.ctx.global_data_mut(g);
                    d.linkage = Linkage::AvailableExternally;
                    d.comdat = None;
                }
            }
        }
        for &g in &src_all {
            if self.ctx.value_kind(g) == ValueKind::IFunc {
                continue;
            }
            if is_linkonce(self.ctx.global_data(g).linkage) {
                if let Some(c) = self.comdat_of(g) {
                    self.lazy_comdat.entry(c).or_default().push(g);
                }
            }
        }
        for &g in &src_all {
            self.link_if_needed(g)?;
        }
        self.clone_nodeduplicate_losers()?;
        let mut i = 0;
        while i < self.values_to_link.len() {
            let g = self.values_to_link[i];
            i += 1;
            let Some(c) = self.comdat_of(g) else {
                continue;
            };
            for g2 in self.lazy_comdat.get(&c).cloned().unwrap_or_default() {
                let from_src = match self.linked_to(g2) {
                    Some(d) => self.should_link_from_source(d, g2)?,
                    None => true,
                };
                if from_src {
                    self.maybe_add(g2);
                }
            }
        }
        Ok(())
    }

    // ---- IRLinker --------------------------------------------------------

    pub(super) fn run(&mut self, src_structs: Vec<Type>) -> Result<(), LinkError> {
        self.module_linker()?;
        // After the module linker, which may add clones to the source.
        let src_vars: Vec<Value> = self.ctx.global_vars(self.src).map(|g| g.0).collect();
        self.target_info();
        self.compute_type_mapping(src_structs);
        self.worklist.reverse();
        while let Some(g) = self.worklist.pop() {
            if self.vmap.contains_key(&g) {
                continue;
            }
            self.materialize(g);
            self.flush();
            if let Some(e) = self.error.take() {
                return Err(e);
            }
            self.flush_rauw();
        }
        self.done_bodies = true;
        // Named metadata is walked after the bodies, as `linkNamedMDNodes`
        // runs: a source global first met there links only as a reference
        // to the destination's (or not at all, and maps to `null`).
        let named = self.src_named_md();
        for (_, ops) in &named {
            for &m in ops {
                self.map_md(m);
            }
        }
        // Source globals that resolved to existing destination globals:
        // their uses (in what moved) now name the destination's.
        let mut pairs: Vec<(Value, Value)> = self
            .vmap
            .iter()
            .filter(|(s, d)| s != d)
            .map(|(&s, &d)| (s, d))
            .collect();
        pairs.sort_by_key(|p| p.0.idx);
        for (s, d) in pairs {
            if !(self.ctx.is_live(s) && self.ctx.is_live(d)) {
                continue;
            }
            match self.indirect_copies.get(&s) {
                Some(aliases) => {
                    let aliases = aliases.clone();
                    self.ctx
                        .replace_uses_with_if(s, d, |_, u| !aliases.contains(&u.user));
                }
                None => self.rauw(s, d),
            }
        }
        self.link_named_md(named);
        let asm = self.ctx.module(self.src).module_asm.clone();
        self.ctx.module_mut(self.dst).module_asm.extend(asm);
        self.reorder_globals(&src_vars);
        self.remap_moved();
        super::flags::link_module_flags(self.ctx, self.dst, self.src, &mut self.warnings)
    }

    fn target_info(&mut self) {
        let (sdl, strip) = {
            let s = self.ctx.module(self.src);
            (s.datalayout.clone(), s.triple.clone())
        };
        if self.ctx.module(self.dst).datalayout.is_empty() {
            self.ctx.module_mut(self.dst).datalayout = sdl.clone();
        }
        if self.ctx.module(self.dst).triple.is_empty() && !strip.is_empty() {
            self.ctx.module_mut(self.dst).triple = strip.clone();
        }
        let (ddl, dtrip) = {
            let d = self.ctx.module(self.dst);
            (d.datalayout.clone(), d.triple.clone())
        };
        if sdl != ddl {
            self.warnings.push(
                format!(
                    "Linking two modules of different data layouts: '{}' is '{}' whereas '{}' is '{}'\n",
                    self.src_id(),
                    sdl,
                    self.dst_id(),
                    ddl
                )
                .into(),
            );
        }
        if !strip.is_empty() && strip != dtrip {
            // The triples are LLVM's bytes, written raw as llvm-link does.
            let mut w = format!(
                "Linking two modules of different target triples: '{}' is '",
                self.src_id()
            )
            .into_bytes();
            w.extend_from_slice(&strip);
            w.extend_from_slice(format!("' whereas '{}' is '", self.dst_id()).as_bytes());
            w.extend_from_slice(&dtrip);
            w.extend_from_slice(b"'\n");
            self.warnings.push(w.into());
        }
    }

    /// `IRLinker::computeTypeMapping`.
    fn compute_type_mapping(&mut self, src_structs: Vec<Type>) {
        let src_all = self.all_globals(self.src);
        for &sgv in &src_all {
            let Some(d) = self.linked_to(sgv) else {
                continue;
            };
            let (dl, sl) = (linkage(self.ctx, d), linkage(self.ctx, sgv));
            if dl == Linkage::Appending && sl == Linkage::Appending {
                let dt = self.ctx.global_data(d).value_type.expect("value type");
                let st = self.ctx.global_data(sgv).value_type.expect("value type");
                if let (Some(de), Some(se)) = (self.ctx.element_type(dt), self.ctx.element_type(st))
                {
                    self.tm.add_mapping(self.ctx, de, se);
                }
            } else {
                let (dt, st) = (self.ctx.type_of(d), self.ctx.type_of(sgv));
                self.tm.add_mapping(self.ctx, dt, st);
            }
        }
        for st in src_structs {
            let Some(name) = self.ctx.struct_name_bytes(st).map(<[u8]>::to_vec) else {
                continue;
            };
            if self.set.has(self.ctx, st) {
                continue;
            }
            let prefix = type_name_prefix(&name);
            if prefix.len() == name.len() {
                continue;
            }
            let Some(dst) = self.ctx.struct_by_name(prefix) else {
                continue;
            };
            if self.set.has(self.ctx, dst) {
                self.tm.add_mapping(self.ctx, dst, st);
            }
        }
        self.tm.link_defined_bodies(self.ctx, self.set);
    }

    fn ty(&mut self, t: Type) -> Type {
        self.tm.get(self.ctx, self.set, t)
    }

    /// `IRLinker::shouldLink`.
    fn should_link(&mut self, dgv: Option<Value>, sgv: Value) -> bool {
        if self.to_link.contains(&sgv) || is_local(self.ctx, sgv) {
            return true;
        }
        if let Some(d) = dgv {
            if !is_declaration_for_linker(self.ctx, d) {
                return false;
            }
        }
        if is_declaration(self.ctx, sgv) || self.done_bodies {
            return false;
        }
        self.add_lazy_for(sgv)
    }

    /// `IRLinker::materialize` with `linkGlobalValueProto`.
    fn materialize(&mut self, sgv: Value) -> Option<Value> {
        let dgv = self.linked_to_ir(sgv);
        let should = self.should_link(dgv, sgv);
        if should {
            if let Some(&v) = self.vmap.get(&sgv) {
                return Some(v);
            }
        }
        let sl = linkage(self.ctx, sgv);
        if sl == Linkage::Appending
            || dgv.is_some_and(|d| linkage(self.ctx, d) == Linkage::Appending)
        {
            let r = self.link_appending_proto(dgv, sgv);
            if let Some(v) = r {
                self.vmap.insert(sgv, v);
            }
            return r;
        }
        let name = self.name(sgv);
        let new = match dgv {
            Some(d) if !should => d,
            _ => {
                if self.done_bodies {
                    return None;
                }
                let n = self.copy_proto(sgv, should);
                if let Some(name) = &name {
                    self.force_renaming(n, name);
                }
                n
            }
        };
        if should {
            if let Some(c) = self.ctx.global_data(sgv).comdat.clone() {
                if self.ctx.value_kind(new) != ValueKind::Alias
                    && self.ctx.value_kind(new) != ValueKind::IFunc
                {
                    let kind = self.ctx.module(self.src).comdats.get(&c).copied();
                    if let Some(k) = kind {
                        self.ctx.module_mut(self.dst).comdats.insert(c.clone(), k);
                    }
                    self.ctx.global_data_mut(new).comdat = Some(c);
                }
            }
        }
        if let Some(d) = dgv {
            if new != d {
                self.rauw.push((d, new));
            }
        }
        self.vmap.insert(sgv, new);
        if new == sgv && should && !is_declaration(self.ctx, sgv) {
            match self.ctx.value_kind(sgv) {
                ValueKind::Function => self.work.push(Work::Body(Function(sgv))),
                ValueKind::GlobalVariable => self.work.push(Work::Init(Global(sgv))),
                _ => self.work.push(Work::Indirect(Global(sgv))),
            }
        }
        if self.ctx.value_kind(new) == ValueKind::Function
            && (new == sgv || is_declaration(self.ctx, new))
        {
            self.update_attributes(Function(new));
        }
        Some(new)
    }

    /// Moves `v` from the source module to the end of the destination's
    /// list of its kind, named as LLVM names a new global (`.N` on a
    /// clash).
    fn move_global(&mut self, v: Value) {
        let name = self.name(v);
        self.ctx.unlink_global(v);
        self.ctx.set_raw_name(v, None);
        self.ctx.link_global(self.dst, v);
        if let Some(n) = name {
            self.ctx.set_global_name_bytes(v, &n);
        }
        self.moved.push(v);
    }

    /// `copyGlobalValueProto`: the source global itself when it is linked
    /// or is a declaration; a new declaration otherwise.
    fn copy_proto(&mut self, sgv: Value, for_def: bool) -> Value {
        let kind = self.ctx.value_kind(sgv);
        let vt = self.ctx.global_data(sgv).value_type.expect("value type");
        let mvt = self.ty(vt);
        if for_def
            || (is_declaration(self.ctx, sgv)
                && matches!(kind, ValueKind::Function | ValueKind::GlobalVariable))
        {
            if kind == ValueKind::Function {
                let attrs = self.ctx.function_data(Function(sgv)).attrs.clone();
                self.map_attr_types(&attrs);
            }
            self.move_global(sgv);
            if !for_def {
                let d = self.ctx.global_data_mut(sgv);
                if d.linkage != Linkage::ExternWeak {
                    d.linkage = Linkage::External;
                }
            }
            return sgv;
        }
        // A declaration standing for a definition that is not linked.
        let src = self.ctx.global_data(sgv).clone();
        let addrspace = self.ctx.ptr_addrspace(self.ctx.type_of(sgv)).unwrap_or(0);
        let new = if self.ctx.is_function(mvt) {
            let f = self.ctx.add_function(self.dst, "", mvt);
            if kind == ValueKind::Function {
                let (cc, attrs, gc) = {
                    let fd = self.ctx.function_data(Function(sgv));
                    (fd.call_conv, fd.attrs.clone(), fd.gc.clone())
                };
                let attrs = self.map_attr_types(&attrs);
                let fd = self.ctx.function_data_mut(f);
                fd.call_conv = cc;
                fd.attrs = attrs;
                fd.gc = gc;
            }
            f.0
        } else {
            self.ctx.add_global_var(self.dst, "", mvt, addrspace).0
        };
        let d = self.ctx.global_data_mut(new);
        let keep_md = kind == ValueKind::GlobalVariable;
        *d = GlobalData {
            value_type: Some(mvt),
            linkage: if src.linkage == Linkage::ExternWeak {
                Linkage::ExternWeak
            } else {
                Linkage::External
            },
            comdat: None,
            md: if keep_md { src.md } else { Default::default() },
            is_constant: kind == ValueKind::GlobalVariable && src.is_constant,
            ..src
        };
        if let Some(n) = self.name(sgv) {
            self.ctx.set_global_name_bytes(new, &n);
        }
        self.moved.push(new);
        new
    }

    /// `forceRenaming`.
    fn force_renaming(&mut self, gv: Value, name: &[u8]) {
        if is_local(self.ctx, gv) || self.ctx.name_bytes(gv) == Some(name) {
            return;
        }
        match self.ctx.global_by_name(self.dst, name) {
            Some(conflict) if conflict != gv => {
                self.ctx.set_global_name_bytes(gv, b"");
                self.ctx.set_global_name_bytes(conflict, b"");
                self.ctx.set_global_name_bytes(gv, name);
                self.ctx.set_global_name_bytes(conflict, name);
            }
            _ => self.ctx.set_global_name_bytes(gv, name),
        }
    }

    /// `linkAppendingVarProto`.
    fn link_appending_proto(&mut self, dgv: Option<Value>, sgv: Value) -> Option<Value> {
        let name = self.name(sgv).unwrap_or_default();
        let name_text = crate::ir::shown(&name).into_owned();
        if let Some(d) = dgv {
            if !is_declaration(self.ctx, d) && !is_declaration(self.ctx, sgv) {
                let (dd, sd) = (self.ctx.global_data(d), self.ctx.global_data(sgv));
                let msg = if sd.linkage != Linkage::Appending || dd.linkage != Linkage::Appending {
                    Some(format!("Linking globals named '{name_text}': can only link appending global with another appending global!"))
                } else if dd.is_constant != sd.is_constant {
                    Some("Appending variables linked with different const'ness!".to_owned())
                } else if dd.align != sd.align {
                    Some(
                        "Appending variables with different alignment need to be linked!"
                            .to_owned(),
                    )
                } else if dd.visibility != sd.visibility {
                    Some(
                        "Appending variables with different visibility need to be linked!"
                            .to_owned(),
                    )
                } else if (dd.unnamed_addr == UnnamedAddr::Global)
                    != (sd.unnamed_addr == UnnamedAddr::Global)
                {
                    Some(
                        "Appending variables with different unnamed_addr need to be linked!"
                            .to_owned(),
                    )
                } else if dd.section != sd.section {
                    Some(
                        "Appending variables with different section name need to be linked!"
                            .to_owned(),
                    )
                } else if self.ctx.type_of(d) != self.ctx.type_of(sgv) {
                    Some(
                        "Appending variables with different address spaces need to be linked!"
                            .to_owned(),
                    )
                } else {
                    None
                };
                if let Some(m) = msg {
                    self.error.get_or_insert(LinkError(m));
                    return None;
                }
            }
        }
        if is_declaration(self.ctx, sgv) {
            return dgv;
        }
        let svt = self.ctx.global_data(sgv).value_type.expect("value type");
        let mvt = self.ty(svt);
        let Some(elem) = self.ctx.element_type(mvt) else {
            self.error.get_or_insert(LinkError(format!(
                "appending variable '{name_text}' is not an array"
            )));
            return None;
        };
        let mut dst_elems = Vec::new();
        if let Some(d) = dgv.filter(|&d| !is_declaration(self.ctx, d)) {
            let dt = self.ctx.global_data(d).value_type.expect("value type");
            if self.ctx.element_type(dt) != Some(elem) {
                self.error.get_or_insert(LinkError(
                    "Appending variables with different element types!".to_owned(),
                ));
                return None;
            }
            let init = self.ctx.initializer(Global(d)).expect("initializer");
            dst_elems = self.array_elements(init);
        }
        let init = self.ctx.initializer(Global(sgv)).expect("initializer");
        let mut src_elems = self.array_elements(init);
        let structor = matches!(&name[..], b"llvm.global_ctors" | b"llvm.global_dtors")
            && self.ctx.struct_elements(elem).is_some_and(|e| e.len() == 3);
        if structor {
            let mut keep = Vec::with_capacity(src_elems.len());
            for e in src_elems {
                let key = self.aggregate_element(e, 2).map(|k| self.strip_casts(k));
                let drop = match key {
                    Some(k) if is_global_kind(self.ctx.value_kind(k)) => {
                        let d = self.linked_to_ir(k);
                        !self.should_link(d, k)
                    }
                    _ => false,
                };
                if !drop {
                    keep.push(e);
                }
            }
            src_elems = keep;
        }
        let n = (dst_elems.len() + src_elems.len()) as u64;
        let arr = self.ctx.array_type(elem, n);
        let addrspace = self.ctx.ptr_addrspace(self.ctx.type_of(sgv)).unwrap_or(0);
        let ng = self.ctx.add_global_var(self.dst, "", arr, addrspace).0;
        if let Some(d) = dgv {
            list_move_before(self.ctx, ng, d);
        }
        let sd = self.ctx.global_data(sgv).clone();
        *self.ctx.global_data_mut(ng) = GlobalData {
            value_type: Some(arr),
            comdat: None,
            md: Default::default(),
            ..sd
        };
        self.force_renaming(ng, &name);
        let mut all = dst_elems;
        all.extend(src_elems);
        // Elements keep their source types until the final remapping; the
        // initializer is built once they agree with the destination's.
        let same = all.iter().all(|&e| self.ctx.type_of(e) == elem);
        let init = if same {
            self.ctx.const_aggregate(arr, &all)
        } else {
            let t: Vec<Type> = all.iter().map(|&e| self.ctx.type_of(e)).collect();
            let lit = self.ctx.struct_type(&t, false);
            let tmp_ty = lit;
            self.ctx.const_aggregate(tmp_ty, &all)
        };
        if same {
            self.ctx.set_initializer(Global(ng), Some(init));
        } else {
            self.pending_appending.push((ng, init));
        }
        self.moved.push(ng);
        self.work.push(Work::Init(Global(ng)));
        if let Some(d) = dgv {
            self.rauw.push((d, ng));
        }
        Some(ng)
    }

    /// The elements of an array constant, whatever its form (LLVM's
    /// `getArrayElements`).
    fn array_elements(&mut self, c: Value) -> Vec<Value> {
        let ty = self.ctx.type_of(c);
        let n = self.ctx.array_len(ty).unwrap_or(0) as u32;
        (0..n)
            .filter_map(|i| self.aggregate_element(c, i))
            .collect()
    }

    /// `Constant::getAggregateElement`.
    fn aggregate_element(&mut self, c: Value, i: u32) -> Option<Value> {
        let ctx = &mut *self.ctx;
        let ty = ctx.type_of(c);
        let elem = match ctx.struct_elements(ty) {
            Some(es) => *es.get(i as usize)?,
            None => ctx.element_type(ty)?,
        };
        match ctx.const_kind(c) {
            ConstKind::Array | ConstKind::Struct | ConstKind::Vector => ctx.operand(c, i),
            ConstKind::DataArray | ConstKind::DataVector => {
                let w = *ctx.const_data(c)?.get(i as usize)?;
                Some(if ctx.is_integer(elem) {
                    ctx.const_int(elem, w)
                } else {
                    ctx.const_float_bits(elem, w as u128)
                })
            }
            ConstKind::Zero => Some(ctx.const_null(elem)),
            ConstKind::Undef => Some(ctx.const_undef(elem)),
            ConstKind::Poison => Some(ctx.const_poison(elem)),
            _ => None,
        }
    }

    fn flush_rauw(&mut self) {
        for (old, new) in core::mem::take(&mut self.rauw) {
            if !self.ctx.is_live(old) {
                continue;
            }
            self.rauw(old, new);
            match self.ctx.value_kind(old) {
                ValueKind::Function => self.ctx.erase_function(Function(old)),
                _ => self.ctx.erase_global(Global(old)),
            }
        }
    }

    /// Replaces every use of `old` by `new`, noting the uniqued nodes the
    /// metadata store makes distinct on the way (see `undistinct`).
    fn rauw(&mut self, old: Value, new: Value) {
        let users: Vec<Metadata> = match self.ctx.md.vam_of(old) {
            Some(vam) => self
                .ctx
                .md
                .vam_users_of(vam)
                .iter()
                .copied()
                .filter(|&u| !self.ctx.md_data(u).is_distinct())
                .collect(),
            None => Vec::new(),
        };
        self.ctx.replace_all_uses_with(old, new);
        for u in users {
            if self.ctx.md_data(u).is_distinct() {
                self.undistinct.insert(self.ctx.md_resolved(u));
            }
        }
    }

    /// `IRLinker::updateAttributes`: `nocallback` does not survive a link.
    fn update_attributes(&mut self, f: Function) {
        let ctx = &mut *self.ctx;
        if !ctx.is_intrinsic(f)
            && ctx
                .function_data(f)
                .attrs
                .has(AttrIndex::Function, AttrKind::NoCallback)
        {
            ctx.function_data_mut(f)
                .attrs
                .remove(AttrIndex::Function, AttrKind::NoCallback);
        }
        let blocks: Vec<_> = ctx.blocks(f).collect();
        for b in blocks {
            let insts: Vec<Inst> = ctx.insts(b).collect();
            for i in insts {
                if ctx.opcode(i) != Opcode::Call {
                    continue;
                }
                if let Some(x) = ctx.extra(i) {
                    if let InstPayload::Call(cd) = &x.payload {
                        if cd.attrs.has(AttrIndex::Function, AttrKind::NoCallback) {
                            if let InstPayload::Call(cd) = &mut ctx.extra_mut(i).payload {
                                cd.attrs.remove(AttrIndex::Function, AttrKind::NoCallback);
                            }
                        }
                    }
                }
            }
        }
    }

    // ---- the mapping walk (ValueMapper order) ------------------------------

    fn flush(&mut self) {
        while let Some(w) = self.work.pop() {
            match w {
                Work::Body(f) => self.walk_function(f),
                Work::Init(g) => {
                    if let Some(init) = self.ctx.initializer(g) {
                        self.map_value(init);
                    }
                    let mds: Vec<Metadata> =
                        self.ctx.global_data(g).md.iter().map(|(_, m)| m).collect();
                    for m in mds {
                        self.map_md(m);
                    }
                }
                Work::Indirect(g) => {
                    if let Some(t) = self.ctx.operand(g.0, 0) {
                        self.map_indirect(g.0, t);
                    }
                }
            }
        }
    }

    /// The target of an alias or ifunc, mapped as LLVM maps it for an
    /// indirect symbol: a global that does not prevail over the
    /// destination's definition is still linked, as an internal copy, for
    /// the alias alone.
    fn map_indirect(&mut self, alias: Value, t: Value) {
        let k = self.ctx.value_kind(t);
        if !is_global_kind(k) || self.ctx.global_parent(t) != self.src {
            self.map_value(t);
            return;
        }
        if let Some(users) = self.indirect_copies.get_mut(&t) {
            users.push(alias);
            return;
        }
        let dgv = self.linked_to_ir(t);
        let should = self.should_link(dgv, t);
        if should || dgv.is_none() || is_declaration(self.ctx, t) {
            self.map_value(t);
            return;
        }
        // The regular mapping of `t` (to the destination's definition)
        // stays in `vmap`; `t` itself becomes the alias's private copy.
        let d = dgv.expect("destination global");
        self.vmap.insert(t, d);
        self.move_global(t);
        {
            let data = self.ctx.global_data_mut(t);
            data.linkage = Linkage::Internal;
            data.visibility = Visibility::Default;
            data.dso_local = true;
        }
        if let Some(c) = self.ctx.global_data(t).comdat.clone() {
            if let Some(&kind) = self.ctx.module(self.src).comdats.get(&c) {
                self.ctx.module_mut(self.dst).comdats.insert(c, kind);
            }
        }
        self.indirect_copies.insert(t, vec![alias]);
        match k {
            ValueKind::Function => self.work.push(Work::Body(Function(t))),
            ValueKind::GlobalVariable => self.work.push(Work::Init(Global(t))),
            _ => self.work.push(Work::Indirect(Global(t))),
        }
        if k == ValueKind::Function {
            self.update_attributes(Function(t));
        }
    }

    /// Visits `v` as `Mapper::mapValue` would; returns whether it maps to
    /// something else.
    fn map_value(&mut self, v: Value) -> bool {
        match self.ctx.value_kind(v) {
            k if is_global_kind(k) => {
                if self.ctx.global_parent(v) != self.src {
                    return false;
                }
                if !self.vmap.contains_key(&v) {
                    crate::stack::deep(|| self.materialize(v));
                }
                true
            }
            ValueKind::Constant => crate::stack::deep(|| self.visit_const(v)),
            ValueKind::MetadataAsValue => {
                if let Some(md) = self.ctx.value_metadata(v) {
                    self.map_md(md);
                }
                false
            }
            _ => false,
        }
    }

    fn visit_const(&mut self, c: Value) -> bool {
        if let Some(&ch) = self.seen_const.get(&c) {
            return ch;
        }
        let n = self.ctx.num_operands(c);
        let mut changed = false;
        let mut i = 0;
        while i < n {
            let op = self.ctx.operand(c, i);
            i += 1;
            if let Some(op) = op {
                if self.map_value(op) {
                    changed = true;
                    break;
                }
            }
        }
        let ty = self.ctx.type_of(c);
        changed |= self.ty(ty) != ty;
        if let Some(ConstPayload::Gep { src, .. }) = self.ctx.const_expr_payload(c).cloned() {
            if changed {
                self.ty(src);
            } else {
                changed |= self.ty(src) != src;
            }
        }
        while i < n {
            if let Some(op) = self.ctx.operand(c, i) {
                self.map_value(op);
            }
            i += 1;
        }
        self.seen_const.insert(c, changed);
        changed
    }

    fn map_md(&mut self, root: Metadata) {
        if !self.seen_md.insert(root) {
            return;
        }
        let mut stack = vec![root];
        while let Some(m) = stack.pop() {
            match self.ctx.md_data(m) {
                MdData::Value(v) => {
                    let v = *v;
                    if self.map_value(v) && self.ctx.value_kind(v) == ValueKind::Constant {
                        self.md_types_change = true;
                    }
                }
                d => {
                    let mut kids: SmallVec<[Metadata; 8]> = SmallVec::new();
                    d.for_each_operand(|o| kids.push(o));
                    for &k in kids.iter().rev() {
                        if self.seen_md.insert(k) {
                            stack.push(k);
                        }
                    }
                }
            }
        }
    }

    fn map_attr_types(&mut self, l: &AttributeList) -> AttributeList {
        if l.is_empty() {
            return l.clone();
        }
        let mut out = l.clone();
        let n = l.num_param_sets();
        let idxs = [AttrIndex::Function, AttrIndex::Return]
            .into_iter()
            .chain((0..n).map(AttrIndex::Param));
        for idx in idxs {
            let set = l.attrs(idx);
            if !set.iter().any(|a| a.type_value().is_some()) {
                continue;
            }
            let mut changed = false;
            let attrs: Vec<Attribute> = set
                .iter()
                .map(|a| match a {
                    Attribute::Type(k, t) => {
                        let m = self.ty(*t);
                        changed |= m != *t;
                        Attribute::Type(*k, m)
                    }
                    a => a.clone(),
                })
                .collect();
            if changed {
                out.set_attrs(idx, AttributeSet::from_attrs(attrs));
            }
        }
        out
    }

    fn walk_function(&mut self, f: Function) {
        for op in self.ctx.operands(f.0).flatten().collect::<Vec<_>>() {
            self.map_value(op);
        }
        let mds: Vec<Metadata> = self
            .ctx
            .global_data(f.0)
            .md
            .iter()
            .map(|(_, m)| m)
            .collect();
        for m in mds {
            self.map_md(m);
        }
        for a in self.ctx.args(f).to_vec() {
            let t = self.ctx.type_of(a);
            self.ty(t);
        }
        let blocks: Vec<_> = self.ctx.blocks(f).collect();
        let mut ops: Vec<Value> = Vec::new();
        for b in blocks {
            let insts: Vec<Inst> = self.ctx.insts(b).collect();
            for i in insts {
                ops.clear();
                ops.extend(self.ctx.operands(i.0).flatten());
                for &op in &ops {
                    if self.ctx.value_kind(op) != ValueKind::Instruction {
                        self.map_value(op);
                    }
                }
                self.walk_inst_extra(i);
            }
        }
    }

    fn walk_inst_extra(&mut self, i: Inst) {
        let (mds, recs, payload_ty, call) = match self.ctx.extra(i) {
            None => (Vec::new(), Vec::new(), None, None),
            Some(x) => {
                let mut mds: Vec<Metadata> = Vec::new();
                mds.extend(x.dbg);
                mds.extend(x.md.iter().map(|(_, m)| m));
                let recs: Vec<Metadata> = x
                    .dbg_records
                    .iter()
                    .flat_map(|r| r.ops.iter().flatten().copied())
                    .collect();
                let (pt, call) = match &x.payload {
                    InstPayload::Ty(t) => (Some(*t), None),
                    InstPayload::Call(cd) => (None, Some((cd.fn_ty, cd.attrs.clone()))),
                    _ => (None, None),
                };
                (mds, recs, pt, call)
            }
        };
        for m in mds {
            self.map_md(m);
        }
        if let Some((fty, attrs)) = call {
            if let Some(fty) = fty {
                let params: Vec<Type> = self
                    .ctx
                    .function_parts(fty)
                    .map(|(_, ps, _)| ps.to_vec())
                    .unwrap_or_default();
                for p in params {
                    self.ty(p);
                }
                let rt = self.ctx.type_of(i.0);
                self.ty(rt);
                self.ty(fty);
            }
            self.map_attr_types(&attrs);
        } else {
            if let Some(t) = payload_ty {
                self.ty(t);
            }
            let rt = self.ctx.type_of(i.0);
            self.ty(rt);
        }
        for m in recs {
            self.map_md(m);
        }
    }

    // ---- after the walk ----------------------------------------------------

    /// The source's named metadata but the module flags (linked apart).
    fn src_named_md(&self) -> Vec<(Box<[u8]>, Vec<Metadata>)> {
        self.ctx
            .module(self.src)
            .named_md
            .iter()
            .filter(|(n, _)| n[..] != b"llvm.module.flags"[..])
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect()
    }

    /// `linkNamedMDNodes`: each source list, mapped, is appended to the
    /// destination's list of that name (no deduplication).
    fn link_named_md(&mut self, named: Vec<(Box<[u8]>, Vec<Metadata>)>) {
        for (name, ops) in named {
            let ops: Vec<Metadata> = ops.into_iter().map(|m| self.remap_node(m)).collect();
            self.ctx
                .module_mut(self.dst)
                .named_md
                .entry(name)
                .or_default()
                .extend(ops);
        }
    }

    /// The end of `IRLinker::run`: the destination's global variables that
    /// the source's map to move to the end, in the source's order.
    fn reorder_globals(&mut self, src_vars: &[Value]) {
        for &g in src_vars {
            if !self.ctx.is_live(g) || linkage(self.ctx, g) == Linkage::Appending {
                continue;
            }
            let target = match self.vmap.get(&g) {
                Some(&t) => Some(t),
                None => {
                    if self.ctx.global_parent(g) != self.src {
                        continue;
                    }
                    let d = self.linked_to_ir(g);
                    match d {
                        Some(d) if !self.should_link(Some(d), g) => Some(d),
                        _ => None,
                    }
                }
            };
            let Some(t) = target else { continue };
            if self.ctx.is_live(t)
                && self.ctx.value_kind(t) == ValueKind::GlobalVariable
                && self.ctx.global_parent(t) == self.dst
            {
                list_move_to_end(self.ctx, self.dst, t);
            }
        }
    }

    /// Rewrites every type and constant the moved globals mention through
    /// the type map.
    fn remap_moved(&mut self) {
        for (ng, tmp) in core::mem::take(&mut self.pending_appending) {
            let arr = self.ctx.global_data(ng).value_type.expect("value type");
            let elems: Vec<Value> = self.ctx.operands(tmp).flatten().collect();
            let elems: Vec<Value> = elems.into_iter().map(|e| self.map_const(e)).collect();
            let init = self.ctx.const_aggregate(arr, &elems);
            self.ctx.set_initializer(Global(ng), Some(init));
        }
        for v in core::mem::take(&mut self.moved) {
            if !self.ctx.is_live(v) || self.ctx.global_parent(v) != self.dst {
                continue;
            }
            let vt = self.ctx.global_data(v).value_type.expect("value type");
            let nvt = self.ty(vt);
            if nvt != vt {
                self.ctx.global_data_mut(v).value_type = Some(nvt);
            }
            // A declaration's attachments are not walked with the bodies.
            let md = self.ctx.global_data(v).md.clone();
            if let Some(n) = self.remap_attachments(&md) {
                self.ctx.global_data_mut(v).md = n;
            }
            match self.ctx.value_kind(v) {
                ValueKind::GlobalVariable => {
                    if let Some(init) = self.ctx.initializer(Global(v)) {
                        let ni = self.map_const(init);
                        if ni != init {
                            self.ctx.set_initializer(Global(v), Some(ni));
                        }
                    }
                }
                ValueKind::Function => self.remap_function(Function(v)),
                _ => {
                    if let Some(t) = self.ctx.operand(v, 0) {
                        let nt = self.map_const(t);
                        if nt != t {
                            self.ctx.set_operand(v, 0, Some(nt));
                        }
                    }
                }
            }
        }
        if !self.undistinct.is_empty() {
            self.remap_dst_md();
        }
    }

    /// Whether metadata the bodies reach may map to something else.
    fn md_may_change(&self) -> bool {
        self.md_types_change || !self.undistinct.is_empty()
    }

    fn remap_function(&mut self, f: Function) {
        let md = self.md_may_change();
        let attrs = self.ctx.function_data(f).attrs.clone();
        let na = self.map_attr_types(&attrs);
        if na != attrs {
            self.ctx.function_data_mut(f).attrs = na;
        }
        for a in self.ctx.args(f).to_vec() {
            let t = self.ctx.type_of(a);
            let nt = self.ty(t);
            if nt != t {
                self.ctx.graph.get_mut(a).ty = nt;
            }
        }
        let n = self.ctx.num_operands(f.0);
        for k in 0..n {
            if let Some(op) = self.ctx.operand(f.0, k) {
                let no = self.map_const(op);
                if no != op {
                    self.ctx.set_operand(f.0, k, Some(no));
                }
            }
        }
        let blocks: Vec<_> = self.ctx.blocks(f).collect();
        for b in blocks {
            let insts: Vec<Inst> = self.ctx.insts(b).collect();
            for i in insts {
                let n = self.ctx.num_operands(i.0);
                for k in 0..n {
                    let Some(op) = self.ctx.operand(i.0, k) else {
                        continue;
                    };
                    let no = match self.ctx.value_kind(op) {
                        ValueKind::Constant => self.map_const(op),
                        ValueKind::MetadataAsValue if md => self.remap_md_operand(op),
                        _ => op,
                    };
                    if no != op {
                        self.ctx.set_operand(i.0, k, Some(no));
                    }
                }
                if md {
                    self.remap_inst_md(i);
                }
                let t = self.ctx.type_of(i.0);
                let nt = self.ty(t);
                if nt != t {
                    self.ctx.graph.get_mut(i.0).ty = nt;
                }
                let (pt, call) = match self.ctx.extra(i).map(|x| &x.payload) {
                    Some(InstPayload::Ty(t)) => (Some(*t), None),
                    Some(InstPayload::Call(cd)) => (None, Some((cd.fn_ty, cd.attrs.clone()))),
                    _ => (None, None),
                };
                if let Some(t) = pt {
                    let nt = self.ty(t);
                    if nt != t {
                        self.ctx.set_extra_payload(i, InstPayload::Ty(nt));
                    }
                }
                if let Some((fty, attrs)) = call {
                    let nf = fty.map(|t| self.ty(t));
                    let na = self.map_attr_types(&attrs);
                    if nf != fty || na != attrs {
                        if let InstPayload::Call(cd) = &mut self.ctx.extra_mut(i).payload {
                            cd.fn_ty = nf;
                            cd.attrs = na;
                        }
                    }
                }
            }
        }
    }

    /// The metadata attachments `md` mapped; `None` if none changed.
    fn remap_attachments(&mut self, md: &MdAttachments) -> Option<MdAttachments> {
        let mut changed = false;
        let mut out = MdAttachments::new();
        for (k, m) in md.iter() {
            let n = self.remap_node(m);
            changed |= n != m;
            out.add(k, n);
        }
        changed.then_some(out)
    }

    /// A node (never `null`) mapped.
    fn remap_node(&mut self, m: Metadata) -> Metadata {
        self.remap_md(m).unwrap_or(m)
    }

    /// `m` as LLVM's `ValueMapper` maps it into the destination (with
    /// `RF_ReuseAndMutateDistinctMDs`, and `RF_NullMapMissingGlobalValues`
    /// as the bodies are done): a value is mapped (its types; a global left
    /// in the source, or a constant naming one, is `null`, as LLVM's
    /// deletion of the source module makes it); a uniqued node whose
    /// operands change is uniqued anew, a distinct node is changed in place.
    fn remap_md(&mut self, m: Metadata) -> Option<Metadata> {
        let m = self.ctx.md_resolved(m);
        if let Some(&r) = self.md_map.get(&m) {
            return r;
        }
        if !self.md_busy.insert(m) {
            return Some(m);
        }
        let r = match self.ctx.md_data(m) {
            MdData::String(_) | MdData::Temporary => Some(m),
            &MdData::Value(v) => self.remap_md_value(m, v),
            _ => self.remap_md_node(m),
        };
        self.md_busy.remove(&m);
        self.md_map.insert(m, r);
        r
    }

    /// `remap_md` of a tuple or specialised node: the node itself unless
    /// an operand maps to something else or it is in `undistinct`.
    fn remap_md_node(&mut self, m: Metadata) -> Option<Metadata> {
        let mut kids: SmallVec<[Metadata; 8]> = SmallVec::new();
        self.ctx.md_data(m).for_each_operand(|o| kids.push(o));
        let mut same = !self.undistinct.contains(&m);
        for k in kids {
            if !same {
                break;
            }
            same = crate::stack::deep(|| self.remap_md(k)) == Some(k);
        }
        if same {
            return Some(m);
        }
        match self.ctx.md_data(m).clone() {
            MdData::Tuple { distinct, ops } => {
                let new: Vec<Option<Metadata>> = ops
                    .iter()
                    .map(|o| o.and_then(|x| crate::stack::deep(|| self.remap_md(x))))
                    .collect();
                if distinct && !self.undistinct.contains(&m) {
                    for (i, (a, b)) in ops.iter().zip(&new).enumerate() {
                        if a != b {
                            self.ctx.md_set_operand(m, i, *b);
                        }
                    }
                    Some(m)
                } else if distinct || *new != *ops {
                    Some(self.ctx.md_tuple(&new))
                } else {
                    Some(m)
                }
            }
            MdData::Specialized {
                kind,
                distinct,
                fields,
            } => {
                let mut new = fields.to_vec();
                let mut edits: Vec<(usize, Option<Metadata>)> = Vec::new();
                let mut list_changed = false;
                for (i, (_, f)) in new.iter_mut().enumerate() {
                    match f {
                        MdField::Md(Some(x)) => {
                            let x0 = *x;
                            let y = crate::stack::deep(|| self.remap_md(x0));
                            if y != Some(x0) {
                                edits.push((i, y));
                                *f = MdField::Md(y);
                            }
                        }
                        MdField::List(l) => {
                            for o in l.iter_mut() {
                                if let Some(x0) = *o {
                                    let y = crate::stack::deep(|| self.remap_md(x0));
                                    list_changed |= y != Some(x0);
                                    *o = y;
                                }
                            }
                        }
                        _ => {}
                    }
                }
                let changed = list_changed || !edits.is_empty();
                if distinct && !self.undistinct.contains(&m) {
                    if list_changed {
                        Some(self.ctx.md_specialized(kind, new, true))
                    } else {
                        for (i, y) in edits {
                            self.ctx.md_set_operand(m, i, y);
                        }
                        Some(m)
                    }
                } else if distinct || changed {
                    Some(self.ctx.md_specialized(kind, new, false))
                } else {
                    Some(m)
                }
            }
            _ => Some(m),
        }
    }

    fn remap_md_value(&mut self, m: Metadata, v: Value) -> Option<Metadata> {
        match self.ctx.value_kind(v) {
            k if is_global_kind(k) => (self.ctx.global_parent(v) != self.src).then_some(m),
            ValueKind::Constant => {
                if self.names_src_global(v) {
                    return None;
                }
                let c = self.map_const(v);
                Some(if c == v { m } else { self.ctx.md_value(c) })
            }
            _ => Some(m),
        }
    }

    /// Whether constant `c` names a global left in the source module.
    fn names_src_global(&mut self, c: Value) -> bool {
        match self.ctx.value_kind(c) {
            k if is_global_kind(k) => return self.ctx.global_parent(c) == self.src,
            ValueKind::Constant => {}
            _ => return false,
        }
        if let Some(&r) = self.names_src.get(&c) {
            return r;
        }
        let ops: SmallVec<[Value; 4]> = self.ctx.operands(c).flatten().collect();
        let r = ops
            .into_iter()
            .any(|o| crate::stack::deep(|| self.names_src_global(o)));
        self.names_src.insert(c, r);
        r
    }

    /// A `metadata` operand with its metadata mapped (`null` becomes
    /// `!{}`, as LLVM's `MetadataAsValue` of deleted metadata does).
    fn remap_md_operand(&mut self, op: Value) -> Value {
        let Some(md) = self.ctx.value_metadata(op) else {
            return op;
        };
        match self.remap_md(md) {
            Some(n) if n == md => op,
            Some(n) => self.ctx.metadata_as_value(n),
            None => {
                let empty = self.ctx.md_tuple(&[]);
                self.ctx.metadata_as_value(empty)
            }
        }
    }

    /// When replacements made uniqued nodes distinct (`undistinct`), the
    /// destination's own metadata is mapped too, so that they are found
    /// uniqued as LLVM's copies are. O(destination), only then.
    fn remap_dst_md(&mut self) {
        for g in self.all_globals(self.dst) {
            let md = self.ctx.global_data(g).md.clone();
            if let Some(n) = self.remap_attachments(&md) {
                self.ctx.global_data_mut(g).md = n;
            }
            if self.ctx.value_kind(g) != ValueKind::Function {
                continue;
            }
            let blocks: Vec<_> = self.ctx.blocks(Function(g)).collect();
            for b in blocks {
                let insts: Vec<Inst> = self.ctx.insts(b).collect();
                for i in insts {
                    for k in 0..self.ctx.num_operands(i.0) {
                        let Some(op) = self.ctx.operand(i.0, k) else {
                            continue;
                        };
                        if self.ctx.value_kind(op) == ValueKind::MetadataAsValue {
                            let no = self.remap_md_operand(op);
                            if no != op {
                                self.ctx.set_operand(i.0, k, Some(no));
                            }
                        }
                    }
                    self.remap_inst_md(i);
                }
            }
        }
        let names: Vec<Box<[u8]>> = self.ctx.module(self.dst).named_md.keys().cloned().collect();
        for name in names {
            let ops = self.ctx.module(self.dst).named_md[&*name].clone();
            let new: Vec<Metadata> = ops.iter().map(|&m| self.remap_node(m)).collect();
            if new != ops {
                self.ctx.module_mut(self.dst).named_md.insert(name, new);
            }
        }
    }

    /// The metadata of instruction `i` (attachments, debug records) mapped.
    fn remap_inst_md(&mut self, i: Inst) {
        let Some(x) = self.ctx.extra(i) else {
            return;
        };
        let dbg = x.dbg;
        let md = (!x.md.is_empty()).then(|| x.md.clone());
        let mut rec_ops: SmallVec<[Metadata; 8]> = SmallVec::new();
        for r in &x.dbg_records {
            rec_ops.extend(r.ops.iter().flatten().copied());
        }
        if let Some(d) = dbg {
            let n = self.remap_node(d);
            if n != d {
                self.ctx.extra_mut(i).dbg = Some(n);
            }
        }
        if let Some(n) = md.and_then(|md| self.remap_attachments(&md)) {
            self.ctx.extra_mut(i).md = n;
        }
        if rec_ops.into_iter().any(|o| self.remap_md(o) != Some(o)) {
            let recs = self.ctx.dbg_records(i).to_vec();
            let mut changed = false;
            let new: Vec<DbgRecord> = recs
                .iter()
                .map(|r| DbgRecord {
                    kind: r.kind.clone(),
                    ops: r
                        .ops
                        .iter()
                        .map(|o| {
                            let n = o.and_then(|x| self.remap_md(x));
                            changed |= n != *o;
                            n
                        })
                        .collect(),
                })
                .collect();
            if changed {
                self.ctx.set_dbg_records(i, new);
            }
        }
    }

    /// The constant `c` with every type mapped (uniqued anew if anything
    /// changed).
    fn map_const(&mut self, c: Value) -> Value {
        if self.ctx.value_kind(c) != ValueKind::Constant {
            return c;
        }
        if let Some(&r) = self.rewritten.get(&c) {
            return r;
        }
        let ty = self.ctx.type_of(c);
        let nt = self.ty(ty);
        let n = self.ctx.num_operands(c);
        let mut ops: SmallVec<[Value; 8]> = SmallVec::new();
        let mut changed = nt != ty;
        for k in 0..n {
            let op = self.ctx.operand(c, k).expect("constant operand");
            let no = crate::stack::deep(|| self.map_const(op));
            changed |= no != op;
            ops.push(no);
        }
        let payload = self.ctx.const_expr_payload(c).cloned();
        let payload = match payload {
            Some(ConstPayload::Gep { src, inrange }) => {
                let ns = self.ty(src);
                changed |= ns != src;
                Some(ConstPayload::Gep { src: ns, inrange })
            }
            p => p,
        };
        let r = if !changed {
            c
        } else {
            match self.ctx.const_kind(c) {
                ConstKind::Null | ConstKind::Zero => self.ctx.const_null(nt),
                ConstKind::Undef => self.ctx.const_undef(nt),
                ConstKind::Poison => self.ctx.const_poison(nt),
                ConstKind::Array | ConstKind::Struct | ConstKind::Vector => {
                    self.ctx.const_aggregate(nt, &ops)
                }
                ConstKind::Expr => {
                    let (op, _) = self.ctx.const_expr_opcode(c).expect("expression");
                    let fl = self.ctx.const_expr_flags(c).expect("expression");
                    self.ctx.const_expr(op, nt, &ops, fl, payload)
                }
                ConstKind::BlockAddress | ConstKind::DsoLocalEquivalent | ConstKind::NoCfi => {
                    self.ctx.rebuild_const(c, &ops)
                }
                _ => c,
            }
        };
        self.rewritten.insert(c, r);
        r
    }
}

fn gv_is_local_or_appending(l: Linkage) -> bool {
    l.is_local() || l == Linkage::Appending
}

// ---- global list surgery ---------------------------------------------------

fn list_slot(ctx: &Context, v: Value) -> usize {
    match ctx.value_kind(v) {
        ValueKind::GlobalVariable => 0,
        ValueKind::Function => 1,
        ValueKind::Alias => 2,
        _ => 3,
    }
}

/// Takes `v` out of its module's list (name and module unchanged).
fn list_remove(ctx: &mut Context, v: Value) {
    use crate::entity::NONE;
    let slot = list_slot(ctx, v);
    let d = ctx.graph.get(v);
    let (m, prev, next) = (d.a as usize, d.b, d.c);
    if prev == NONE {
        ctx.modules[m].lists[slot].first = next;
    } else {
        ctx.graph.values[prev as usize].c = next;
    }
    if next == NONE {
        ctx.modules[m].lists[slot].last = prev;
    } else {
        ctx.graph.values[next as usize].b = prev;
    }
}

fn list_move_to_end(ctx: &mut Context, m: Module, v: Value) {
    list_remove(ctx, v);
    ctx.link_global(m, v);
}

/// Moves `v` just before `before` in the same module's list.
fn list_move_before(ctx: &mut Context, v: Value, before: Value) {
    use crate::entity::NONE;
    list_remove(ctx, v);
    let slot = list_slot(ctx, v);
    let m = ctx.graph.get(before).a as usize;
    let prev = ctx.graph.get(before).b;
    {
        let d = ctx.graph.get_mut(v);
        d.a = m as u32;
        d.b = prev;
        d.c = before.idx;
    }
    ctx.graph.get_mut(before).b = v.idx;
    if prev == NONE {
        ctx.modules[m].lists[slot].first = v.idx;
    } else {
        ctx.graph.values[prev as usize].c = v.idx;
    }
}

#[cfg(test)]
mod side_copy_tests {
    use crate::bitcode::{read_bitcode, write_bitcode, WriteOptions};
    use crate::entity::NONE;
    use crate::ir::inst::InstPayload;
    use crate::ir::{Inst, Module};
    use crate::linker::{Linker, SourceStructs};
    use crate::transforms::clone::ValueMap;
    use crate::{Context, Type};

    use crate::ir::side::Payload;

    /// The type `i`'s side record keeps beside its extra.
    fn side_ty(ctx: &Context, i: Inst) -> Option<Type> {
        match ctx.side_of(i.0).map(|s| &s.payload) {
            Some(&Payload::Inst { ty, .. }) if ty != NONE => Some(Type::from_raw(ty)),
            _ => None,
        }
    }

    /// Whether `i`'s side record calls its extra bare (only a payload).
    fn side_bare(ctx: &Context, i: Inst) -> bool {
        match ctx.side_of(i.0).map(|s| &s.payload) {
            Some(&Payload::Inst { bare, .. }) => bare,
            _ => false,
        }
    }

    /// Checks that every instruction of `m` keeps in its side record the
    /// type of its `InstPayload::Ty` and nothing else, and calls its extra
    /// bare only when it holds nothing but its payload; returns how many
    /// carry a type.
    fn typed_insts(ctx: &Context, m: Module) -> usize {
        let mut typed = 0;
        for f in ctx.functions(m) {
            for b in ctx.blocks(f) {
                for i in ctx.insts(b) {
                    let want = match ctx.payload(i) {
                        InstPayload::Ty(t) => Some(*t),
                        _ => None,
                    };
                    assert_eq!(side_ty(ctx, i), want, "{}", ctx.print_module(m));
                    typed += usize::from(want.is_some());
                    if side_bare(ctx, i) {
                        let x = ctx.extra(i).expect("a bare extra");
                        assert!(x.holds_only_payload(), "{}", ctx.print_module(m));
                    }
                }
            }
        }
        typed
    }

    /// The bare flag: set for an extra made with only its payload, kept by
    /// a change of the payload, cleared by the rest.
    #[test]
    fn side_bare_flag() {
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(GEPS, "geps.ll").unwrap();
        let f = ctx.functions(m).next().unwrap();
        let b = ctx.blocks(f).next().unwrap();
        let insts: Vec<Inst> = ctx.insts(b).collect();
        // `%a` and `%h`: their payload only; `%g`: a `!dbg` and a debug
        // record besides.
        let bare: Vec<bool> = insts.iter().map(|&i| side_bare(&ctx, i)).collect();
        assert_eq!(bare, [true, false, true, false]);
        let h = insts[2];
        let i8t = ctx.i8_type();
        ctx.set_extra_payload(h, InstPayload::Ty(i8t));
        assert!(side_bare(&ctx, h));
        let loc = ctx.dbg_loc(insts[1]);
        ctx.set_dbg_loc(h, loc);
        assert!(!side_bare(&ctx, h));
        // A call's attributes change in its payload.
        let src = "declare void @g()\ndefine void @f() {\n  call void @g() #0\n  ret void\n}\nattributes #0 = { nounwind }\n";
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(src, "call.ll").unwrap();
        let f = ctx.functions(m).last().unwrap();
        let b = ctx.blocks(f).next().unwrap();
        let call = ctx.insts(b).next().unwrap();
        assert!(side_bare(&ctx, call));
        assert!(!ctx.call_attrs(call).fn_attrs().is_empty());
        typed_insts(&ctx, m);
    }

    const GEPS: &str = r#"
%T = type { i32, [4 x i64] }
define ptr @f(ptr %p, i64 %k) !dbg !5 {
  %a = alloca %T
  #dbg_value(i64 %k, !8, !DIExpression(), !9)
  %g = getelementptr inbounds %T, ptr %p, i64 1, i32 1, i64 %k, !dbg !9
  %h = getelementptr i8, ptr %g, i64 4
  ret ptr %h
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "k", arg: 1, scope: !5, file: !1, line: 1, type: !10)
!9 = !DILocation(line: 1, scope: !5)
!10 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
"#;

    /// `i`'s extra index and whether it is its type's shared one.
    fn side_extra(ctx: &Context, i: Inst) -> (u32, bool) {
        match ctx.side_of(i.0).map(|s| &s.payload) {
            Some(&Payload::Inst { extra, shared, .. }) => (extra, shared),
            _ => (NONE, false),
        }
    }

    /// Fresh instructions with a bare `Ty` payload share their type's
    /// extra; a change to one instruction's extra copies it first, and
    /// erasing one leaves the shared extra to the others.
    #[test]
    fn shared_ty_extras() {
        let src = "define void @f(ptr %p) {\n  %a = alloca i32\n  %b = alloca i32\n  \
                   %c = alloca i64\n  %g = getelementptr i8, ptr %p, i64 1\n  \
                   %h = getelementptr i32, ptr %p, i64 2\n  ret void\n}\n";
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(src, "shared.ll").unwrap();
        let f = ctx.functions(m).next().unwrap();
        let b = ctx.blocks(f).next().unwrap();
        let insts: Vec<Inst> = ctx.insts(b).collect();
        let (a, bb, c, g, h) = (insts[0], insts[1], insts[2], insts[3], insts[4]);
        let (xa, sa) = side_extra(&ctx, a);
        assert!(sa && side_extra(&ctx, bb) == (xa, true));
        assert_eq!(side_extra(&ctx, h), (xa, true), "i32 for alloca and GEP");
        assert_ne!(side_extra(&ctx, c).0, xa);
        assert_ne!(side_extra(&ctx, g).0, xa);
        // A new payload for `%b`: its own extra, the others unchanged.
        let i16t = ctx.int_type(16);
        let i32t = ctx.i32_type();
        ctx.set_extra_payload(bb, InstPayload::Ty(i16t));
        let (xb, sb) = side_extra(&ctx, bb);
        assert!(!sb && xb != xa && side_bare(&ctx, bb));
        assert!(matches!(ctx.payload(bb), InstPayload::Ty(t) if *t == i16t));
        assert!(matches!(ctx.payload(a), InstPayload::Ty(t) if *t == i32t));
        assert!(matches!(ctx.payload(h), InstPayload::Ty(t) if *t == i32t));
        // An attachment on `%a`: its own extra; `%h` stays bare.
        let md = ctx.md_string("x");
        let node = ctx.md_tuple(&[Some(md)]);
        let kind = ctx.md_kind_id("foo");
        ctx.set_inst_metadata(a, kind, Some(node));
        assert!(!side_extra(&ctx, a).1 && !side_bare(&ctx, a));
        assert_eq!(side_extra(&ctx, h), (xa, true));
        assert!(ctx.extra(h).unwrap().holds_only_payload());
        assert_eq!(ctx.inst_metadata(a, kind), Some(node));
        assert_eq!(ctx.inst_metadata(h, kind), None);
        // Erasing a sharer keeps the shared extra for the next one.
        ctx.erase_inst(c);
        ctx.erase_inst(h);
        let text = ctx.print_module(m);
        assert!(text.contains("%a = alloca i32, align 4, !foo"), "{text}");
        assert!(text.contains("%b = alloca i16"), "{text}");
        let m2 = ctx.parse_assembly(src, "again.ll").unwrap();
        let f2 = ctx.functions(m2).next().unwrap();
        let b2 = ctx.blocks(f2).next().unwrap();
        let again: Vec<Inst> = ctx.insts(b2).collect();
        assert_eq!(side_extra(&ctx, again[0]), (xa, true));
        let i64t = ctx.int_type(64);
        assert!(matches!(ctx.payload(again[2]), InstPayload::Ty(t) if *t == i64t));
        typed_insts(&ctx, m);
        typed_insts(&ctx, m2);
    }

    #[test]
    fn side_copy_of_the_payload_type() {
        // Parsed: the GEP after a debug record gets its payload on a side
        // record that already exists.
        let mut ctx = Context::new();
        let m = ctx.parse_assembly(GEPS, "geps.ll").unwrap();
        assert_eq!(typed_insts(&ctx, m), 3);
        // Cloned.
        let f = ctx.functions(m).next().unwrap();
        ctx.clone_function(f, &mut ValueMap::new());
        assert_eq!(typed_insts(&ctx, m), 6);
        // Read from bitcode.
        let mut bc = Vec::new();
        write_bitcode(&ctx, m, &mut bc, &WriteOptions::default()).unwrap();
        let mut other = Context::new();
        let r = read_bitcode(&mut other, &bc).unwrap();
        assert_eq!(typed_insts(&other, r), 6);
        // Linked in one context: the source's `%T.0` becomes the
        // destination's `%T`, rewriting the payloads in place.
        let mut ctx = Context::new();
        let dst = ctx.parse_assembly(GEPS, "a.ll").unwrap();
        let src = ctx
            .parse_assembly(&GEPS.replace("@f", "@g"), "b.ll")
            .unwrap();
        let t = ctx.struct_by_name("T").unwrap();
        let mut linker = Linker::new(&ctx, dst);
        linker.link_in(&mut ctx, src, SourceStructs::Used).unwrap();
        assert_eq!(typed_insts(&ctx, dst), 6);
        for f in ctx.functions(dst) {
            let b = ctx.blocks(f).next().unwrap();
            let a = ctx.insts(b).next().unwrap();
            assert_eq!(side_ty(&ctx, a), Some(t), "{}", ctx.print_module(dst));
        }
    }
}
