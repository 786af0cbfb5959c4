//! The [`Context`]: the arena that owns every type, constant and value.
//!
//! Owns the stores of each layer and nothing else; the behaviour lives in the
//! layer modules (`types/`, `value/`, `constants/`, `ir/`), each of which adds
//! its own `impl Context` block for its part of the API.

use crate::constants::ConstStore;
use crate::entity::ContextTag;
use crate::ir::metadata::MdStore;
use crate::ir::module::ModuleData;
use crate::ir::order::InstOrder;
use crate::ir::side::SideTable;
use crate::ir::special::SpecialStore;
use crate::layout::ModuleLayouts;
use crate::replace::HandleCallback;
use crate::types::TypeStore;
use crate::value::{Graph, HandleId, HandleTable};
use hashbrown::HashMap;

/// The arena that owns every uniqued type and constant and every value of
/// every module created in it. All entities are addressed by small `Copy`
/// ids; ids of one context mean nothing in another.
pub struct Context {
    pub(crate) types: TypeStore,
    pub(crate) md: MdStore,
    pub(crate) graph: Graph,
    pub(crate) handles: HandleTable,
    pub(crate) sides: SideTable,
    pub(crate) modules: Vec<ModuleData>,
    pub(crate) consts: ConstStore,
    pub(crate) specials: SpecialStore,
    pub(crate) layouts: ModuleLayouts,
    /// Instruction positions for `comes_before`, renumbered lazily.
    pub(crate) order: InstOrder,
    /// Callbacks of callback handles, by handle id (the id of a later
    /// handle in a dropped handle's record differs, so a dropped handle's
    /// id finds nothing).
    pub(crate) callbacks: HashMap<HandleId, HandleCallback>,
}

/// # Creating a context
///
/// A context is created empty; everything else is made through it.
impl Context {
    /// A new, empty context.
    pub fn new() -> Self {
        let tag = ContextTag::next();
        Context {
            types: TypeStore::new(tag),
            md: MdStore::new(tag),
            graph: Graph::new(tag),
            handles: HandleTable::new(),
            sides: SideTable::new(),
            modules: Vec::new(),
            consts: ConstStore::new(),
            specials: SpecialStore::default(),
            layouts: ModuleLayouts::default(),
            order: InstOrder::default(),
            callbacks: HashMap::new(),
        }
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}
