//! A module's data layout: its `target datalayout` string parsed on demand
//! and kept with the module.
//!
//! Owns [`ModuleLayoutSlot`] (the private cache field of `ModuleData`) and
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

/// The parsed data layout of a module and the string it came from.
#[derive(Default)]
pub(crate) struct ModuleLayoutSlot {
    parsed: Option<Box<(String, Result<DataLayout, DataLayoutError>)>>,
}

impl Context {
    /// The data layout of module `m`, parsed from its `datalayout` string
    /// on first request and kept until the string changes (the empty string
    /// is LLVM's default layout).
    ///
    /// # Errors
    /// The [`DataLayoutError`] LLVM 19 gives for the string.
    pub fn module_layout(&mut self, m: Module) -> Result<&DataLayout, DataLayoutError> {
        let md = self.module_mut(m);
        let fresh = matches!(&md.layout.parsed, Some(p) if p.0 == md.datalayout);
        if !fresh {
            let s = md.datalayout.clone();
            let r = DataLayout::parse(&s);
            md.layout.parsed = Some(Box::new((s, r)));
        }
        match &md.layout.parsed {
            Some(p) => p.1.as_ref().map_err(Clone::clone),
            None => unreachable!("the slot was just filled"),
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
