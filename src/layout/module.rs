//! A module's data layout: its `target datalayout` string parsed on demand
//! and kept with the module.
//!
//! Owns [`ModuleLayouts`] (the context's per-module cache of parsed
//! layouts, a store of this layer so that `ir/` needs nothing from it) and
//! [`Context::module_layout`] / [`Context::module_layout_cache`]. It does
//! not own the string (`ModuleData::datalayout`, printed verbatim by the
//! printer) or the grammar (`parse.rs`).
//!
//! Invalidation: the slot keeps the string it was parsed from; a query
//! whose module string differs (the field is public and may be assigned at
//! any time) parses again. A query costs one string comparison when the
//! cache is fresh.

use crate::context::Context;
use crate::ir::Module;

use super::cache::LayoutCache;
use super::datalayout::DataLayout;
use super::parse::DataLayoutError;

/// A module's `datalayout` string and what parsing it gave.
type Parsed = Box<(String, Result<DataLayout, DataLayoutError>)>;

/// The parsed data layout of each module and the string it came from, by
/// module index (grown on the first query of a module).
#[derive(Default)]
pub(crate) struct ModuleLayouts {
    parsed: Vec<Option<Parsed>>,
}

/// # Layout: a module's data layout
///
/// A module's `target datalayout`, parsed on demand and cached.
impl Context {
    /// The data layout of module `m`, parsed from its `datalayout` string
    /// on first request and kept until the string changes (the empty string
    /// is LLVM's default layout).
    ///
    /// # Errors
    /// The [`DataLayoutError`] LLVM 19 gives for the string.
    pub fn module_layout(&mut self, m: Module) -> Result<&DataLayout, DataLayoutError> {
        let text = &self.modules[m.index()].datalayout;
        let i = m.index();
        let slots = &mut self.layouts.parsed;
        if slots.len() <= i {
            slots.resize_with(i + 1, || None);
        }
        let fresh = matches!(&slots[i], Some(p) if p.0 == *text);
        if !fresh {
            slots[i] = Some(Box::new((text.clone(), DataLayout::parse(text))));
        }
        match &slots[i] {
            Some(p) => p.1.as_ref().map_err(Clone::clone),
            None => unreachable!("the slot was just filled"),
        }
    }

    /// The parse [`module_layout`](Self::module_layout) keeps for `m`, if
    /// it is of the module's current string and succeeded: a shared borrow,
    /// for queries that also need `&Context`.
    pub(crate) fn parsed_module_layout(&self, m: Module) -> Option<&DataLayout> {
        match self.layouts.parsed.get(m.index()) {
            Some(Some(p)) if p.0 == self.modules[m.index()].datalayout => p.1.as_ref().ok(),
            _ => None,
        }
    }

    /// A [`LayoutCache`] for module `m`'s data layout, for repeated GEP and
    /// size queries on the module (the cache is the caller's: it borrows
    /// nothing).
    ///
    /// # Errors
    /// As [`module_layout`](Self::module_layout).
    pub fn module_layout_cache(&mut self, m: Module) -> Result<LayoutCache, DataLayoutError> {
        Ok(LayoutCache::new(self.module_layout(m)?.clone()))
    }
}
