//! Modules: the top-level container of globals, and the order and names of
//! the globals in it.
//!
//! Owns [`ModuleData`] (module-level strings, the four global lists, the
//! global symbol table, comdats, named metadata). Global lists are
//! intrusive doubly-linked lists through the globals' hot records (`b` =
//! prev, `c` = next), so adding and erasing a global is O(1).
//!
//! Colliding global names get `.N` from a module-wide counter. A module also
//! keeps the ThinLTO summary index it was read with (`summary.rs`, by GUID):
//! a record of what was read, not kept in step with the IR.

use super::metadata::Metadata;
use super::triple::{ArchFamily, Triple};
use super::{Global, Module};
use crate::entity::NONE;
use crate::value::{Value, ValueKind};
use crate::Context;
use hashbrown::HashMap;
use indexmap::IndexMap;

/// Comdat selection kinds.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum ComdatKind {
    /// `any`
    Any,
    /// `exactmatch`
    ExactMatch,
    /// `largest`
    Largest,
    /// `nodeduplicate`
    NoDeduplicate,
    /// `samesize`
    SameSize,
}

impl ComdatKind {
    /// Textual spelling.
    pub fn name(self) -> &'static str {
        match self {
            ComdatKind::Any => "any",
            ComdatKind::ExactMatch => "exactmatch",
            ComdatKind::Largest => "largest",
            ComdatKind::NoDeduplicate => "nodeduplicate",
            ComdatKind::SameSize => "samesize",
        }
    }
    /// Parses a spelling.
    pub fn from_name(s: &str) -> Option<ComdatKind> {
        [
            ComdatKind::Any,
            ComdatKind::ExactMatch,
            ComdatKind::Largest,
            ComdatKind::NoDeduplicate,
            ComdatKind::SameSize,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }
}

#[derive(Copy, Clone, Default)]
pub(crate) struct List {
    pub(crate) first: u32,
    pub(crate) last: u32,
}

impl List {
    pub(crate) const EMPTY: List = List {
        first: NONE,
        last: NONE,
    };
}

/// Everything a module owns besides its globals' own records.
pub struct ModuleData {
    /// The module identifier (`; ModuleID = '...'`).
    pub id: String,
    /// `source_filename = "..."`: bytes, as LLVM's (escapes undone).
    pub source_filename: Vec<u8>,
    /// `target triple = "..."` (empty: none): bytes, as LLVM's (its
    /// parser takes any; [`triple_str`](ModuleData::triple_str) is the
    /// text).
    pub triple: Vec<u8>,
    /// `target datalayout = "..."` (empty: none), as written.
    pub datalayout: String,
    /// `module asm "..."` lines, in order: bytes, as LLVM's.
    pub module_asm: Vec<Vec<u8>>,
    /// Comdats by name (bytes, as LLVM's), in definition order.
    pub comdats: IndexMap<Box<[u8]>, ComdatKind>,
    /// Named metadata (`!name = !{...}`) by name (bytes, as LLVM's), in
    /// definition order.
    pub named_md: IndexMap<Box<[u8]>, Vec<Metadata>>,
    /// The ThinLTO summary index read with the module (`^N = ...`
    /// entries), printed after everything else.
    pub summary: Option<Box<super::summary::SummaryIndex>>,
    pub(crate) lists: [List; 4],
    pub(crate) symtab: HashMap<Box<[u8]>, Value>,
    pub(crate) last_unique: u32,
    /// Suffixes of intrinsic names that mangle unnamed structs.
    pub(crate) unique_intrinsics: super::intrinsics::UniqueNames,
}

impl ModuleData {
    /// The target triple as text: `""` for none and for a triple that is
    /// not UTF-8 (no target LLVM knows has one).
    pub fn triple_str(&self) -> &str {
        core::str::from_utf8(&self.triple).unwrap_or("")
    }
}

fn list_slot(kind: ValueKind) -> usize {
    match kind {
        ValueKind::GlobalVariable => 0,
        ValueKind::Function => 1,
        ValueKind::Alias => 2,
        ValueKind::IFunc => 3,
        _ => unreachable!("only global values are on module lists"),
    }
}

/// # Modules
///
/// Creating modules, their data, and their global values by kind and name.
impl Context {
    /// Creates an empty module named `id`.
    pub fn create_module(&mut self, id: &str) -> Module {
        self.modules.push(ModuleData {
            id: id.to_string(),
            source_filename: id.as_bytes().to_vec(),
            triple: Vec::new(),
            datalayout: String::new(),
            module_asm: Vec::new(),
            comdats: IndexMap::new(),
            named_md: IndexMap::new(),
            summary: None,
            lists: [List::EMPTY; 4],
            symtab: HashMap::new(),
            last_unique: 0,
            unique_intrinsics: Default::default(),
        });
        Module::mint(self.modules.len() - 1, self.graph.tag())
    }

    /// The data of module `m`.
    ///
    /// # Panics
    /// If `m` is from another context (out of range, or in a debug build
    /// minted by another context).
    pub fn module(&self, m: Module) -> &ModuleData {
        match self.modules.get(m.index()) {
            Some(d) if m.tag_matches(self.graph.tag()) => d,
            _ => foreign_module(m),
        }
    }

    /// Mutable data of module `m`; panics like [`module`](Self::module).
    pub fn module_mut(&mut self, m: Module) -> &mut ModuleData {
        let tag = self.graph.tag();
        match self.modules.get_mut(m.index()) {
            Some(d) if m.tag_matches(tag) => d,
            _ => foreign_module(m),
        }
    }

    /// The module a global value belongs to.
    pub fn global_parent(&self, g: impl Into<Value>) -> Module {
        Module::mint(self.graph.get(g.into()).a as usize, self.graph.tag())
    }

    pub(crate) fn link_global(&mut self, m: Module, v: Value) {
        let slot = list_slot(self.graph.get(v).kind());
        let last = self.modules[m.index()].lists[slot].last;
        {
            let d = self.graph.get_mut(v);
            d.a = m.index() as u32;
            d.b = last;
            d.c = NONE;
        }
        if last == NONE {
            self.modules[m.index()].lists[slot].first = v.idx;
        } else {
            self.graph.values[last as usize].c = v.idx;
        }
        self.modules[m.index()].lists[slot].last = v.idx;
    }

    pub(crate) fn unlink_global(&mut self, v: Value) {
        let d = self.graph.get(v);
        let (m, prev, next, slot) = (d.a as usize, d.b, d.c, list_slot(d.kind()));
        if prev == NONE {
            self.modules[m].lists[slot].first = next;
        } else {
            self.graph.values[prev as usize].c = next;
        }
        if next == NONE {
            self.modules[m].lists[slot].last = prev;
        } else {
            self.graph.values[next as usize].b = prev;
        }
        if let Some(name) = self.side_of(v).and_then(|s| s.name.as_deref()) {
            let name: Box<[u8]> = name.into();
            self.modules[m].symtab.remove(&name);
        }
    }

    fn list_iter(&self, m: Module, slot: usize) -> impl Iterator<Item = Global> + '_ {
        let mut cur = self.modules[m.index()].lists[slot].first;
        core::iter::from_fn(move || {
            if cur == NONE {
                return None;
            }
            let v = self.graph.handle(cur);
            cur = self.graph.values[cur as usize].c;
            Some(Global(v))
        })
    }

    /// The global variables of `m`, in order.
    pub fn global_vars(&self, m: Module) -> impl Iterator<Item = Global> + '_ {
        self.list_iter(m, 0)
    }

    /// The functions of `m`, in order.
    pub fn functions(&self, m: Module) -> impl Iterator<Item = super::Function> + '_ {
        self.list_iter(m, 1).map(|g| super::Function(g.0))
    }

    /// The aliases of `m`, in order.
    pub fn aliases(&self, m: Module) -> impl Iterator<Item = Global> + '_ {
        self.list_iter(m, 2)
    }

    /// The ifuncs of `m`, in order.
    pub fn ifuncs(&self, m: Module) -> impl Iterator<Item = Global> + '_ {
        self.list_iter(m, 3)
    }

    /// Every global value of `m`: its global variables, functions,
    /// aliases and ifuncs, each list in order (LLVM's `global_values()`).
    pub fn global_values(&self, m: Module) -> impl Iterator<Item = Value> + '_ {
        (0..4).flat_map(move |list| self.list_iter(m, list).map(|g| g.0))
    }

    /// The global value named `name` in `m` (a `&str` or the name's
    /// bytes).
    pub fn global_by_name(&self, m: Module, name: impl AsRef<[u8]>) -> Option<Value> {
        self.modules[m.index()].symtab.get(name.as_ref()).copied()
    }

    /// After `v` is (re)named: a function's intrinsic id follows its name
    /// (`Function::updateAfterNameChange`).
    fn update_intrinsic_id(&mut self, v: Value) {
        if self.graph.get(v).kind() != ValueKind::Function {
            return;
        }
        let id = self
            .name_bytes(v)
            .and_then(super::intrinsics::IntrinsicId::lookup);
        self.fdata_mut("Context::update_intrinsic_id", super::Function(v))
            .intrinsic = id;
    }

    /// Names global `v` in its module, renaming on collision with LLVM's
    /// module-wide counter (`name.N`; `nameN` when the module's triple is
    /// NVPTX, whose names cannot hold a `.`, as LLVM's `makeUniqueName`).
    /// An empty name makes it unnamed.
    pub fn set_global_name(&mut self, v: impl Into<Value>, name: &str) {
        self.set_global_name_bytes(v, name.as_bytes())
    }

    /// [`set_global_name`](Self::set_global_name) with a name of arbitrary
    /// bytes; the `.N` suffix is appended to the bytes.
    pub fn set_global_name_bytes(&mut self, v: impl Into<Value>, name: &[u8]) {
        let v = v.into();
        let m = self.graph.get(v).a as usize;
        if let Some(old) = self.side_of(v).and_then(|s| s.name.as_deref()) {
            if old == name {
                return;
            }
            let old: Box<[u8]> = old.into();
            self.modules[m].symtab.remove(&old);
        }
        if name.is_empty() {
            self.set_raw_name(v, None);
            self.update_intrinsic_id(v);
            return;
        }
        let md = &mut self.modules[m];
        let unique: Box<[u8]> = if !md.symtab.contains_key(name) {
            name.into()
        } else {
            // Only a taken name reads the triple (NVPTX names have no
            // separator before the number, as in LLVM's `makeUniqueName`).
            let nvptx = Triple::parse(md.triple_str()).arch_family() == ArchFamily::Nvptx;
            let sep: &[u8] = if nvptx { b"" } else { b"." };
            let mut cand = Vec::with_capacity(name.len() + 5);
            loop {
                md.last_unique += 1;
                cand.clear();
                cand.extend_from_slice(name);
                cand.extend_from_slice(sep);
                cand.extend_from_slice(md.last_unique.to_string().as_bytes());
                if !md.symtab.contains_key(cand.as_slice()) {
                    break cand.into_boxed_slice();
                }
            }
        };
        md.symtab.insert(unique.clone(), v);
        self.set_raw_name(v, Some(unique));
        self.update_intrinsic_id(v);
    }
}

#[cold]
#[track_caller]
fn foreign_module(m: Module) -> ! {
    panic!("{m:?} is from another context")
}
