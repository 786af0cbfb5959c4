//! The per-function analysis cache: LLVM's `FunctionAnalysisManager` for
//! the analyses lair has.
//!
//! Owns [`FunctionAnalyses`] and [`AnalysisKind`]. Results are cached per
//! function until a pass's [`PreservedAnalyses`] drops them, as LLVM's are:
//! a loop forest is built from the cached dominator tree, and the
//! dominance queries it makes show in the tree's slow-query count when
//! `print<domtree>` comes later, exactly as in `opt`.

use super::manager::PreservedAnalyses;
use crate::analysis::{DomTree, LoopInfo, PostDomTree};
use crate::ir::Function;
use crate::Context;
use hashbrown::HashMap;

/// An analysis a pipeline can print, require or invalidate, and a pass
/// can preserve.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum AnalysisKind {
    /// `domtree`: the dominator tree.
    DomTree,
    /// `postdomtree`: the post-dominator tree.
    PostDomTree,
    /// `loops`: the loop forest.
    Loops,
}

impl AnalysisKind {
    /// Every kind, in declaration order.
    pub const ALL: [AnalysisKind; 3] = [
        AnalysisKind::DomTree,
        AnalysisKind::PostDomTree,
        AnalysisKind::Loops,
    ];

    /// The analysis's pipeline name.
    pub fn name(self) -> &'static str {
        match self {
            AnalysisKind::DomTree => "domtree",
            AnalysisKind::PostDomTree => "postdomtree",
            AnalysisKind::Loops => "loops",
        }
    }

    /// The kind spelled `s` in pipeline text.
    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == s)
    }
}

/// The cached analyses of one function.
#[derive(Default)]
struct Cached {
    dt: Option<DomTree>,
    pdt: Option<PostDomTree>,
    loops: Option<LoopInfo>,
}

/// Per-function analysis results, computed on demand and kept until
/// invalidated (LLVM's `FunctionAnalysisManager`).
#[derive(Default)]
pub struct FunctionAnalyses {
    cache: HashMap<Function, Cached>,
}

impl FunctionAnalyses {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    fn entry(&mut self, f: Function) -> &mut Cached {
        self.cache.entry(f).or_default()
    }

    /// The dominator tree of `f`, computed if not cached.
    pub fn dom_tree(&mut self, ctx: &Context, f: Function) -> &DomTree {
        self.entry(f).dt.get_or_insert_with(|| DomTree::new(ctx, f))
    }

    /// The dominator tree of `f` for a pass that updates it as it changes
    /// the CFG; computed if not cached.
    pub fn dom_tree_mut(&mut self, ctx: &Context, f: Function) -> &mut DomTree {
        self.entry(f).dt.get_or_insert_with(|| DomTree::new(ctx, f))
    }

    /// The cached dominator tree of `f`, if any (LLVM's
    /// `getCachedResult`).
    pub fn cached_dom_tree(&mut self, f: Function) -> Option<&mut DomTree> {
        self.cache.get_mut(&f)?.dt.as_mut()
    }

    /// The post-dominator tree of `f`, computed if not cached.
    pub fn post_dom_tree(&mut self, ctx: &Context, f: Function) -> &PostDomTree {
        self.entry(f)
            .pdt
            .get_or_insert_with(|| PostDomTree::new(ctx, f))
    }

    /// The cached post-dominator tree of `f`, if any.
    pub fn cached_post_dom_tree(&mut self, f: Function) -> Option<&mut PostDomTree> {
        self.cache.get_mut(&f)?.pdt.as_mut()
    }

    /// The loop forest of `f` (and its dominator tree), computed if not
    /// cached.
    pub fn loops(&mut self, ctx: &Context, f: Function) -> (&DomTree, &LoopInfo) {
        let c = self.entry(f);
        let dt = c.dt.get_or_insert_with(|| DomTree::new(ctx, f));
        let li = c.loops.get_or_insert_with(|| LoopInfo::compute(ctx, dt));
        (dt, li)
    }

    /// The dominator tree and loop forest of `f` for a pass that keeps
    /// both up to date; computed if not cached.
    pub fn loops_mut(&mut self, ctx: &Context, f: Function) -> (&mut DomTree, &mut LoopInfo) {
        let c = self.entry(f);
        let dt = c.dt.get_or_insert_with(|| DomTree::new(ctx, f));
        let li = c.loops.get_or_insert_with(|| LoopInfo::compute(ctx, dt));
        (dt, li)
    }

    /// The dominator tree, and the loop forest and post-dominator tree when
    /// cached, for a pass that updates what it is given.
    pub fn cfg_analyses_mut(
        &mut self,
        ctx: &Context,
        f: Function,
    ) -> (
        &mut DomTree,
        Option<&mut LoopInfo>,
        Option<&mut PostDomTree>,
    ) {
        let c = self.entry(f);
        let dt = c.dt.get_or_insert_with(|| DomTree::new(ctx, f));
        (dt, c.loops.as_mut(), c.pdt.as_mut())
    }

    /// Whether `what` of `f` is cached.
    pub fn is_cached(&self, f: Function, what: AnalysisKind) -> bool {
        let Some(c) = self.cache.get(&f) else {
            return false;
        };
        match what {
            AnalysisKind::DomTree => c.dt.is_some(),
            AnalysisKind::PostDomTree => c.pdt.is_some(),
            AnalysisKind::Loops => c.loops.is_some(),
        }
    }

    /// Drops the cached `what` of `f` (`None`: all of them).
    pub fn invalidate(&mut self, f: Function, what: Option<AnalysisKind>) {
        let Some(c) = self.cache.get_mut(&f) else {
            return;
        };
        match what {
            None => *c = Cached::default(),
            Some(AnalysisKind::DomTree) => c.dt = None,
            Some(AnalysisKind::PostDomTree) => c.pdt = None,
            Some(AnalysisKind::Loops) => c.loops = None,
        }
    }

    /// Drops what `pa` does not preserve of `f`'s cached analyses.
    pub fn invalidate_for(&mut self, f: Function, pa: &PreservedAnalyses) {
        if pa.all_preserved() {
            return;
        }
        for k in AnalysisKind::ALL {
            if !pa.is_preserved(k) {
                self.invalidate(f, Some(k));
            }
        }
    }

    /// Drops everything.
    pub fn clear(&mut self) {
        self.cache.clear();
    }
}
