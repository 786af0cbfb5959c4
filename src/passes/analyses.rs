//! The per-function analysis cache: LLVM's `FunctionAnalysisManager` for
//! the analyses lair has.
//!
//! Owns [`FunctionAnalyses`] and [`AnalysisKind`]. Results are cached per
//! function until a pass's [`PreservedAnalyses`] drops them, as LLVM's are:
//! a loop forest is built from the cached dominator tree, and the
//! dominance queries it makes show in the tree's slow-query count when
//! `print<domtree>` comes later, exactly as in `opt`.

use super::manager::PreservedAnalyses;
use crate::analysis::{BlockFrequencyInfo, BranchProbabilityInfo, DomTree, LoopInfo, PostDomTree};
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
    /// `branch-prob`: the branch probabilities.
    BranchProb,
    /// `block-freq`: the block frequencies.
    BlockFreq,
}

impl AnalysisKind {
    /// Every kind, in declaration order.
    pub const ALL: [AnalysisKind; 5] = [
        AnalysisKind::DomTree,
        AnalysisKind::PostDomTree,
        AnalysisKind::Loops,
        AnalysisKind::BranchProb,
        AnalysisKind::BlockFreq,
    ];

    /// The analysis's pipeline name.
    pub fn name(self) -> &'static str {
        match self {
            AnalysisKind::DomTree => "domtree",
            AnalysisKind::PostDomTree => "postdomtree",
            AnalysisKind::Loops => "loops",
            AnalysisKind::BranchProb => "branch-prob",
            AnalysisKind::BlockFreq => "block-freq",
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
    bpi: Option<BranchProbabilityInfo>,
    bfi: Option<BlockFrequencyInfo>,
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

    /// The branch probabilities of `f` (and the loop forest and both
    /// dominator trees they are computed from), computed if not cached.
    /// Takes the context mutably: the heuristics fold constants.
    pub fn branch_prob(&mut self, ctx: &mut Context, f: Function) -> &BranchProbabilityInfo {
        let c = self.entry(f);
        if c.bpi.is_none() {
            let dt = c.dt.get_or_insert_with(|| DomTree::new(ctx, f));
            let li = c.loops.get_or_insert_with(|| LoopInfo::compute(ctx, dt));
            let pdt = c.pdt.get_or_insert_with(|| PostDomTree::new(ctx, f));
            c.bpi = Some(BranchProbabilityInfo::compute(ctx, f, li, dt, pdt));
        }
        c.bpi.as_ref().expect("computed")
    }

    /// The block frequencies of `f` with the branch probabilities they are
    /// computed from, computed if not cached.
    pub fn block_freq(
        &mut self,
        ctx: &mut Context,
        f: Function,
    ) -> (&BlockFrequencyInfo, &BranchProbabilityInfo) {
        self.branch_prob(ctx, f);
        let c = self.entry(f);
        let bpi = c.bpi.as_ref().expect("computed");
        let li = c.loops.as_ref().expect("computed");
        let bfi = c
            .bfi
            .get_or_insert_with(|| BlockFrequencyInfo::compute(ctx, f, bpi, li));
        (bfi, bpi)
    }

    /// The cached branch probabilities of `f`, if any.
    pub fn cached_branch_prob(&self, f: Function) -> Option<&BranchProbabilityInfo> {
        self.cache.get(&f)?.bpi.as_ref()
    }

    /// The cached block frequencies of `f`, if any.
    pub fn cached_block_freq(&self, f: Function) -> Option<&BlockFrequencyInfo> {
        self.cache.get(&f)?.bfi.as_ref()
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
            AnalysisKind::BranchProb => c.bpi.is_some(),
            AnalysisKind::BlockFreq => c.bfi.is_some(),
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
            Some(AnalysisKind::BranchProb) => c.bpi = None,
            Some(AnalysisKind::BlockFreq) => c.bfi = None,
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
