//! Branch probabilities: LLVM 19's `BranchProbabilityInfo` and its
//! `BranchProbability` (a `u32` numerator over `1 << 31`).
//!
//! The heuristics run in LLVM's order on each block with two or more
//! successors, visited in post-order: `!prof` branch weights, estimated
//! block weights (unreachable, `noreturn`, EH pads and `cold` calls,
//! propagated up the dominator tree and through loops and irreducible
//! SCCs; exits scaled by the loop trip count and "unlikely" successors
//! halved), then the pointer, zero (with the `strcmp`-family library
//! calls) and floating-point compare heuristics. A block none of them
//! decides keeps `1/N` per edge. Every rounding is LLVM's, so printed
//! probabilities match `opt -passes='print<branch-prob>'` bit for bit.

use crate::analysis::cfg::PostOrder;
use crate::analysis::{DomTree, LoopInfo, PostDomTree};
use crate::inst::{Opcode, Predicate, WrapFlags};
use crate::ir::attributes::AttrKind;
use crate::ir::metadata::{MdData, MdKindId};
use crate::ir::{Block, Function, Inst};
use crate::value::Value;
use crate::Context;
use hashbrown::HashMap;

/// A probability: `numerator / (1 << 31)` (LLVM's `BranchProbability`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct BranchProbability(u32);

const DENOM: u32 = 1 << 31;

impl BranchProbability {
    /// `n / d`, rounded to the nearest numerator over `1 << 31`.
    ///
    /// # Panics
    /// If `d` is zero or `n > d`.
    pub fn new(n: u32, d: u32) -> Self {
        assert!(d > 0 && n <= d, "BranchProbability::new({n}, {d})");
        if d == DENOM {
            return BranchProbability(n);
        }
        BranchProbability(((n as u64 * DENOM as u64 + d as u64 / 2) / d as u64) as u32)
    }

    /// `n / d` for 64-bit operands: both halved until `d` fits 32 bits.
    pub fn from_u64(n: u64, mut d: u64) -> Self {
        let mut shift = 0;
        while d > u32::MAX as u64 {
            d >>= 1;
            shift += 1;
        }
        Self::new((n >> shift) as u32, d as u32)
    }

    /// The probability with numerator `n` over `1 << 31`.
    pub fn raw(n: u32) -> Self {
        BranchProbability(n)
    }

    /// Zero.
    pub fn zero() -> Self {
        BranchProbability(0)
    }

    /// One.
    pub fn one() -> Self {
        BranchProbability(DENOM)
    }

    /// The numerator over `1 << 31`.
    pub fn numerator(self) -> u32 {
        self.0
    }

    /// The denominator, `1 << 31`.
    pub fn denominator() -> u32 {
        DENOM
    }

    /// `1 - self`.
    pub fn compl(self) -> Self {
        BranchProbability(DENOM - self.0)
    }

    /// Saturating sum.
    pub fn plus(self, o: Self) -> Self {
        BranchProbability((self.0 as u64 + o.0 as u64).min(DENOM as u64) as u32)
    }

    /// Saturating difference.
    pub fn minus(self, o: Self) -> Self {
        BranchProbability(self.0.saturating_sub(o.0))
    }

    /// Saturating product with an integer.
    pub fn mul_u32(self, k: u32) -> Self {
        BranchProbability((self.0 as u64 * k as u64).min(DENOM as u64) as u32)
    }

    /// Truncating quotient by an integer.
    pub fn div_u32(self, k: u32) -> Self {
        BranchProbability(self.0 / k)
    }

    /// `n * self`, truncated, saturating at `u64::MAX` (LLVM's `scale`).
    pub fn scale(self, n: u64) -> u64 {
        if n == 0 || self.0 == DENOM {
            return n;
        }
        let (d, p) = (DENOM as u64, self.0 as u64);
        let high = (n >> 32) * p;
        let low = (n & 0xffff_ffff) * p;
        let mut upper32 = (high >> 32) as u32;
        let lower32 = (low & 0xffff_ffff) as u32;
        let mid_partial = (high & 0xffff_ffff) as u32;
        let mid32 = mid_partial.wrapping_add((low >> 32) as u32);
        upper32 += (mid32 < mid_partial) as u32;
        let rem = (upper32 as u64) << 32 | mid32 as u64;
        let upper_q = rem / d;
        if upper_q > u32::MAX as u64 {
            return u64::MAX;
        }
        let rem = (rem % d) << 32 | lower32 as u64;
        let lower_q = rem / d;
        let q = (upper_q << 32).wrapping_add(lower_q);
        if q < lower_q {
            u64::MAX
        } else {
            q
        }
    }

    /// As LLVM prints it: `0x40000000 / 0x80000000 = 50.00%`.
    pub fn print(self, out: &mut String) {
        use core::fmt::Write;
        let pct = ((self.0 as f64 / DENOM as f64) * 100.0 * 100.0).round_ties_even() / 100.0;
        let _ = write!(out, "0x{:08x} / 0x{:08x} = {:.2}%", self.0, DENOM, pct);
    }
}

const LBH_TAKEN: u32 = 124;
const LBH_NONTAKEN: u32 = 4;
const UNREACHABLE_W: u32 = 0;
const LOWEST_NON_ZERO: u32 = 1;
const NORETURN_W: u32 = 1;
const UNWIND_W: u32 = 1;
const COLD_W: u32 = 0xffff;
const DEFAULT_W: u32 = 0xfffff;

fn ph_taken() -> BranchProbability {
    BranchProbability::new(20, 32)
}
fn ph_untaken() -> BranchProbability {
    BranchProbability::new(12, 32)
}

/// The branch probabilities of one function (LLVM's
/// `BranchProbabilityInfo`).
#[derive(Clone, Default)]
pub struct BranchProbabilityInfo {
    probs: HashMap<Block, Vec<BranchProbability>>,
}

/// A block with the loop (or, outside loops, the irreducible SCC) it is in.
#[derive(Clone, Copy)]
struct LoopBlock {
    bb: Block,
    lp: Option<crate::analysis::Loop>,
    scc: i32,
}

type LoopData = (Option<crate::analysis::Loop>, i32);

impl LoopBlock {
    fn data(&self) -> LoopData {
        (self.lp, self.scc)
    }
}

struct Calc<'a> {
    li: &'a LoopInfo,
    dt: &'a DomTree,
    pdt: &'a PostDomTree,
    scc_num: HashMap<Block, i32>,
    /// Per SCC: its header/exiting blocks with their kind (bit 0 header,
    /// bit 1 exiting), in discovery order.
    scc_blocks: Vec<Vec<(Block, u8)>>,
    block_w: HashMap<Block, u32>,
    loop_w: HashMap<LoopData, u32>,
    probs: HashMap<Block, Vec<BranchProbability>>,
}

impl BranchProbabilityInfo {
    /// Computes the probabilities of `f`'s edges from its dominator and
    /// post-dominator trees and loop forest (LLVM's `calculate`). Takes the
    /// context mutably because the "unlikely successor" test folds
    /// constants, which may create some.
    pub fn compute(
        ctx: &mut Context,
        f: Function,
        li: &LoopInfo,
        dt: &DomTree,
        pdt: &PostDomTree,
    ) -> Self {
        let mut c = Calc {
            li,
            dt,
            pdt,
            scc_num: HashMap::new(),
            scc_blocks: Vec::new(),
            block_w: HashMap::new(),
            loop_w: HashMap::new(),
            probs: HashMap::new(),
        };
        c.scc_info(ctx, f);
        let mut po = PostOrder::new();
        po.compute(ctx, f);
        let order = po.blocks().to_vec();
        c.estimate_block_weights(ctx, &order);
        for &bb in &order {
            if ctx.num_successors(bb) < 2 {
                continue;
            }
            if c.metadata_weights(ctx, bb)
                || c.estimated_heuristics(ctx, bb)
                || c.pointer_heuristics(ctx, bb)
                || c.zero_heuristics(ctx, bb)
                || c.float_heuristics(ctx, bb)
            {
                continue;
            }
        }
        BranchProbabilityInfo { probs: c.probs }
    }

    /// The probability of successor `i` of `src` (`1/N` when no heuristic
    /// set one).
    pub fn edge_probability_at(&self, ctx: &Context, src: Block, i: usize) -> BranchProbability {
        match self.probs.get(&src) {
            Some(p) => p[i],
            None => BranchProbability::new(1, ctx.num_successors(src) as u32),
        }
    }

    /// The summed probability of every edge from `src` to `dst`.
    pub fn edge_probability(&self, ctx: &Context, src: Block, dst: Block) -> BranchProbability {
        let succs = ctx.successors(src);
        let n = succs.len() as u32;
        match self.probs.get(&src) {
            None => {
                let k = succs.filter(|&s| s == dst).count() as u32;
                BranchProbability::new(k, n)
            }
            Some(p) => {
                let mut sum = BranchProbability::zero();
                for (i, s) in succs.enumerate() {
                    if s == dst {
                        sum = sum.plus(p[i]);
                    }
                }
                sum
            }
        }
    }

    /// Whether the edge is hot: above 4/5.
    pub fn is_edge_hot(&self, ctx: &Context, src: Block, dst: Block) -> bool {
        self.edge_probability(ctx, src, dst) > BranchProbability::new(4, 5)
    }

    /// What `print<branch-prob>` writes after its heading, spelling blocks
    /// with `name`.
    pub fn print(
        &self,
        ctx: &Context,
        f: Function,
        out: &mut String,
        name: &mut dyn FnMut(&mut String, Block),
    ) {
        out.push_str("---- Branch Probabilities ----\n");
        for b in ctx.blocks(f) {
            for s in ctx.successors(b) {
                out.push_str("  edge ");
                name(out, b);
                out.push_str(" -> ");
                name(out, s);
                out.push_str(" probability is ");
                self.edge_probability(ctx, b, s).print(out);
                out.push_str(if self.is_edge_hot(ctx, b, s) {
                    " [HOT edge]\n"
                } else {
                    "\n"
                });
            }
        }
    }
}

impl Calc<'_> {
    fn loop_block(&self, ctx: &Context, bb: Block) -> LoopBlock {
        let lp = self.li.loop_for(ctx, bb);
        let scc = if lp.is_none() {
            self.scc_num.get(&bb).copied().unwrap_or(-1)
        } else {
            -1
        };
        LoopBlock { bb, lp, scc }
    }

    fn scc_of(&self, bb: Block) -> i32 {
        self.scc_num.get(&bb).copied().unwrap_or(-1)
    }

    /// Tarjan's SCCs of the blocks reachable from the entry; records those
    /// with two or more blocks.
    fn scc_info(&mut self, ctx: &Context, f: Function) {
        let Some(entry) = ctx.entry_block(f) else {
            return;
        };
        let mut index: HashMap<Block, (u32, u32)> = HashMap::new();
        let mut on_stack: HashMap<Block, bool> = HashMap::new();
        let mut stack: Vec<Block> = Vec::new();
        let mut next = 0u32;
        let mut sccs: Vec<Vec<Block>> = Vec::new();
        let mut work: Vec<(Block, Vec<Block>, usize)> = Vec::new();
        let succs = |b: Block| ctx.successors(b).collect::<Vec<_>>();
        index.insert(entry, (next, next));
        next += 1;
        stack.push(entry);
        on_stack.insert(entry, true);
        work.push((entry, succs(entry), 0));
        while let Some(top) = work.last_mut() {
            let b = top.0;
            if top.2 < top.1.len() {
                let s = top.1[top.2];
                top.2 += 1;
                if let Some(&(si, _)) = index.get(&s) {
                    if on_stack.get(&s).copied().unwrap_or(false) {
                        let e = index.get_mut(&b).expect("visited");
                        e.1 = e.1.min(si);
                    }
                } else {
                    index.insert(s, (next, next));
                    next += 1;
                    stack.push(s);
                    on_stack.insert(s, true);
                    work.push((s, succs(s), 0));
                }
                continue;
            }
            work.pop();
            let (bi, bl) = index[&b];
            if let Some(parent) = work.last() {
                let p = parent.0;
                let e = index.get_mut(&p).expect("visited");
                e.1 = e.1.min(bl);
            }
            if bi == bl {
                let mut scc = Vec::new();
                loop {
                    let x = stack.pop().expect("on stack");
                    on_stack.insert(x, false);
                    scc.push(x);
                    if x == b {
                        break;
                    }
                }
                sccs.push(scc);
            }
        }
        for (num, scc) in sccs.into_iter().enumerate() {
            if scc.len() == 1 {
                continue;
            }
            let num = num as i32;
            for &b in &scc {
                self.scc_num.insert(b, num);
            }
            if self.scc_blocks.len() <= num as usize {
                self.scc_blocks.resize(num as usize + 1, Vec::new());
            }
            for &b in &scc {
                let mut t = 0u8;
                if ctx.predecessors(b).any(|p| self.scc_of(p) != num) {
                    t |= 1;
                }
                if ctx.successors(b).any(|s| self.scc_of(s) != num) {
                    t |= 2;
                }
                if t != 0 {
                    self.scc_blocks[num as usize].push((b, t));
                }
            }
        }
    }

    fn loop_contains(
        &self,
        outer: Option<crate::analysis::Loop>,
        inner: Option<crate::analysis::Loop>,
    ) -> bool {
        match (outer, inner) {
            (Some(o), Some(i)) => self.li.contains_loop(o, i),
            _ => false,
        }
    }

    fn is_entering(&self, src: &LoopBlock, dst: &LoopBlock) -> bool {
        (dst.lp.is_some() && !self.loop_contains(dst.lp, src.lp))
            || (dst.scc != -1 && src.scc != dst.scc)
    }

    fn is_exiting(&self, src: &LoopBlock, dst: &LoopBlock) -> bool {
        self.is_entering(dst, src)
    }

    fn edge_weight(&self, src: &LoopBlock, dst: &LoopBlock) -> Option<u32> {
        if self.is_entering(src, dst) {
            self.loop_w.get(&dst.data()).copied()
        } else {
            self.block_w.get(&dst.bb).copied()
        }
    }

    fn max_edge_weight(&self, ctx: &Context, src: &LoopBlock, dsts: &[Block]) -> Option<u32> {
        let mut max: Option<u32> = None;
        for &d in dsts {
            let dl = self.loop_block(ctx, d);
            let w = self.edge_weight(src, &dl)?;
            if max.is_none_or(|m| m < w) {
                max = Some(w);
            }
        }
        max
    }

    fn update_block_weight(
        &mut self,
        ctx: &Context,
        lb: &LoopBlock,
        w: u32,
        blocks: &mut Vec<Block>,
        loops: &mut Vec<LoopBlock>,
    ) -> bool {
        if self.block_w.contains_key(&lb.bb) {
            return false;
        }
        self.block_w.insert(lb.bb, w);
        for p in ctx.predecessors(lb.bb) {
            let pl = self.loop_block(ctx, p);
            if self.is_exiting(&pl, lb) {
                if !self.loop_w.contains_key(&pl.data()) {
                    loops.push(pl);
                }
            } else if !self.block_w.contains_key(&p) {
                blocks.push(p);
            }
        }
        true
    }

    fn propagate(
        &mut self,
        ctx: &Context,
        lb: &LoopBlock,
        w: u32,
        blocks: &mut Vec<Block>,
        loops: &mut Vec<LoopBlock>,
    ) {
        let pdt_start = self.pdt.node(ctx, lb.bb);
        let mut dn = self.dt.node(ctx, lb.bb);
        while let Some(n) = dn {
            let dom_bb = self.dt.block(n).expect("a node has a block");
            if !self
                .pdt
                .dominates_node(pdt_start, self.pdt.node(ctx, dom_bb))
            {
                break;
            }
            let dl = self.loop_block(ctx, dom_bb);
            if !self.is_entering(&dl, lb) && !self.is_exiting(&dl, lb) {
                if !self.update_block_weight(ctx, &dl, w, blocks, loops) {
                    break;
                }
            } else if self.is_exiting(&dl, lb) {
                loops.push(dl);
            }
            dn = self.dt.idom_node(n);
        }
    }

    fn initial_weight(&self, ctx: &Context, bb: Block) -> Option<u32> {
        let calls = |attr: AttrKind| {
            ctx.insts(bb)
                .any(|i| ctx.opcode(i) == Opcode::Call && ctx.call_has_fn_attr(i, attr))
        };
        let term = ctx.terminator(bb)?;
        if ctx.opcode(term) == Opcode::Unreachable || terminating_deoptimize(ctx, bb) {
            return Some(if calls(AttrKind::NoReturn) {
                NORETURN_W
            } else {
                UNREACHABLE_W
            });
        }
        if ctx
            .insts(bb)
            .find(|&i| ctx.opcode(i) != Opcode::Phi)
            .is_some_and(|i| ctx.is_eh_pad(i))
        {
            return Some(UNWIND_W);
        }
        if calls(AttrKind::Cold) {
            return Some(COLD_W);
        }
        None
    }

    fn loop_exits(&self, ctx: &Context, lb: &LoopBlock) -> Vec<Block> {
        if let Some(l) = lb.lp {
            return self.li.exit_blocks(ctx, l);
        }
        let mut out = Vec::new();
        for &(b, t) in &self.scc_blocks[lb.scc as usize] {
            if t & 2 != 0 {
                for s in ctx.successors(b) {
                    if self.scc_of(s) != lb.scc {
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    fn loop_enters(&self, ctx: &Context, lb: &LoopBlock, out: &mut Vec<Block>) {
        if let Some(l) = lb.lp {
            out.extend(ctx.predecessors(self.li.header(l)));
            return;
        }
        for &(b, t) in &self.scc_blocks[lb.scc as usize] {
            if t & 1 != 0 {
                for p in ctx.predecessors(b) {
                    if self.scc_of(p) != lb.scc {
                        out.push(b);
                    }
                }
            }
        }
    }

    fn estimate_block_weights(&mut self, ctx: &Context, po: &[Block]) {
        let mut blocks = Vec::new();
        let mut loops: Vec<LoopBlock> = Vec::new();
        let mut exits: HashMap<LoopData, Vec<Block>> = HashMap::new();
        for &bb in po.iter().rev() {
            if let Some(w) = self.initial_weight(ctx, bb) {
                let lb = self.loop_block(ctx, bb);
                self.propagate(ctx, &lb, w, &mut blocks, &mut loops);
            }
        }
        loop {
            while let Some(lb) = loops.pop() {
                let ld = lb.data();
                if self.loop_w.contains_key(&ld) {
                    continue;
                }
                if !exits.contains_key(&ld) {
                    let e = self.loop_exits(ctx, &lb);
                    exits.insert(ld, e);
                }
                let w = self.max_edge_weight(ctx, &lb, &exits[&ld]);
                if let Some(mut w) = w {
                    if w == UNREACHABLE_W {
                        w = LOWEST_NON_ZERO;
                    }
                    self.loop_w.insert(ld, w);
                    self.loop_enters(ctx, &lb, &mut blocks);
                }
            }
            while let Some(bb) = blocks.pop() {
                if self.block_w.contains_key(&bb) {
                    continue;
                }
                let lb = self.loop_block(ctx, bb);
                let succs: Vec<Block> = ctx.successors(bb).collect();
                if let Some(w) = self.max_edge_weight(ctx, &lb, &succs) {
                    self.propagate(ctx, &lb, w, &mut blocks, &mut loops);
                }
            }
            if blocks.is_empty() && loops.is_empty() {
                break;
            }
        }
    }

    fn set(&mut self, bb: Block, p: Vec<BranchProbability>) {
        self.probs.insert(bb, p);
    }

    fn metadata_weights(&mut self, ctx: &Context, bb: Block) -> bool {
        let term = ctx.terminator(bb).expect("two successors");
        if !matches!(
            ctx.opcode(term),
            Opcode::Br | Opcode::Switch | Opcode::IndirectBr | Opcode::Invoke | Opcode::CallBr
        ) {
            return false;
        }
        let n = ctx.num_successors(bb);
        let Some(weights) = branch_weights(ctx, term, n) else {
            return false;
        };
        let lb = self.loop_block(ctx, bb);
        let mut sum: u64 = 0;
        let mut unreach = Vec::new();
        let mut reach = Vec::new();
        let succs: Vec<Block> = ctx.successors(bb).collect();
        let mut weights: Vec<u32> = weights;
        for (i, &w) in weights.iter().enumerate() {
            sum += w as u64;
            let dl = self.loop_block(ctx, succs[i]);
            match self.edge_weight(&lb, &dl) {
                Some(UNREACHABLE_W) => unreach.push(i),
                _ => reach.push(i),
            }
        }
        if sum > u32::MAX as u64 {
            let factor = sum / u32::MAX as u64 + 1;
            sum = 0;
            for w in weights.iter_mut() {
                *w = (*w as u64 / factor) as u32;
                sum += *w as u64;
            }
        }
        if sum == 0 || reach.is_empty() {
            weights.iter_mut().for_each(|w| *w = 1);
            sum = n as u64;
        }
        let mut bp: Vec<BranchProbability> = weights
            .iter()
            .map(|&w| BranchProbability::new(w, sum as u32))
            .collect();
        if unreach.is_empty() || reach.is_empty() {
            self.set(bb, bp);
            return true;
        }
        let ur = BranchProbability::raw(1);
        for &i in &unreach {
            if ur < bp[i] {
                bp[i] = ur;
            }
        }
        let mut new_unreach = BranchProbability::zero();
        for &i in &unreach {
            new_unreach = new_unreach.plus(bp[i]);
        }
        let new_reach = BranchProbability::one().minus(new_unreach);
        let mut old_reach = BranchProbability::zero();
        for &i in &reach {
            old_reach = old_reach.plus(bp[i]);
        }
        if old_reach != new_reach {
            if old_reach.0 == 0 {
                let per = new_reach.div_u32(reach.len() as u32);
                for &i in &reach {
                    bp[i] = per;
                }
            } else {
                for &i in &reach {
                    let mul = new_reach.0 as u64 * bp[i].0 as u64;
                    let d = old_reach.0 as u64;
                    bp[i] = BranchProbability::raw(((mul + d / 2) / d) as u32);
                }
            }
        }
        self.set(bb, bp);
        true
    }

    fn estimated_heuristics(&mut self, ctx: &mut Context, bb: Block) -> bool {
        let lb = self.loop_block(ctx, bb);
        let tc = LBH_TAKEN / LBH_NONTAKEN;
        let unlikely = match lb.lp {
            Some(l) => unlikely_successors(ctx, self.li, bb, l),
            None => Vec::new(),
        };
        let mut found = false;
        let mut weights = Vec::new();
        let mut total: u64 = 0;
        let succs: Vec<Block> = ctx.successors(bb).collect();
        for &s in &succs {
            let sl = self.loop_block(ctx, s);
            let mut w = self.edge_weight(&lb, &sl);
            if self.is_exiting(&lb, &sl) && w != Some(0) {
                w = Some(LOWEST_NON_ZERO.max(w.unwrap_or(DEFAULT_W) / tc));
            }
            if lb.lp.is_some() && unlikely.contains(&s) && w != Some(0) {
                w = Some(LOWEST_NON_ZERO.max(w.unwrap_or(DEFAULT_W) / 2));
            }
            if w.is_some() {
                found = true;
            }
            let v = w.unwrap_or(DEFAULT_W);
            total += v as u64;
            weights.push(v);
        }
        if !found || total == 0 {
            return false;
        }
        if total > u32::MAX as u64 {
            let factor = total / u32::MAX as u64 + 1;
            total = 0;
            for w in weights.iter_mut() {
                *w = (*w as u64 / factor) as u32;
                if *w == 0 {
                    *w = LOWEST_NON_ZERO;
                }
                total += *w as u64;
            }
        }
        let p = weights
            .iter()
            .map(|&w| BranchProbability::new(w, total as u32))
            .collect();
        self.set(bb, p);
        true
    }

    fn pointer_heuristics(&mut self, ctx: &Context, bb: Block) -> bool {
        let Some(ci) = cond_br_compare(ctx, bb, Opcode::ICmp) else {
            return false;
        };
        let pred = ctx.predicate(ci);
        if !matches!(pred, Predicate::IEq | Predicate::INe) {
            return false;
        }
        let lhs = ctx.operand(ci, 0).expect("icmp has operands");
        if !ctx.is_ptr(ctx.type_of(lhs)) {
            return false;
        }
        let p = if pred == Predicate::INe {
            vec![ph_taken(), ph_untaken()]
        } else {
            vec![ph_untaken(), ph_taken()]
        };
        self.set(bb, p);
        true
    }

    fn zero_heuristics(&mut self, ctx: &Context, bb: Block) -> bool {
        let Some(ci) = cond_br_compare(ctx, bb, Opcode::ICmp) else {
            return false;
        };
        let const_int = |v: Value| {
            let v = match ctx.as_inst(v) {
                Some(i) if ctx.opcode(i) == Opcode::BitCast => ctx.operand(i, 0)?,
                _ => v,
            };
            ctx.const_int_value(v)
        };
        let rhs = ctx.operand(ci, 1).expect("icmp has operands");
        let Some(cv) = const_int(rhs) else {
            return false;
        };
        let lhs = ctx.operand(ci, 0).expect("icmp has operands");
        if let Some(li) = ctx.as_inst(lhs) {
            if ctx.opcode(li) == Opcode::And {
                if let Some(m) = ctx.operand(li, 1).and_then(const_int) {
                    if m.is_power_of_two() {
                        return false;
                    }
                }
            }
        }
        let pred = ctx.predicate(ci);
        let (t, u) = (ph_taken(), ph_untaken());
        let unlikely = vec![u, t];
        let likely = vec![t, u];
        let p = if is_cmp_libcall(ctx, lhs) {
            match pred {
                Predicate::IEq => unlikely,
                Predicate::INe => likely,
                _ => return false,
            }
        } else if cv.is_zero() {
            match pred {
                Predicate::IEq | Predicate::ISlt => unlikely,
                Predicate::INe | Predicate::ISgt => likely,
                _ => return false,
            }
        } else if cv.is_one() {
            match pred {
                Predicate::ISlt => unlikely,
                _ => return false,
            }
        } else if cv.is_all_ones() {
            match pred {
                Predicate::IEq => unlikely,
                Predicate::INe | Predicate::ISgt => likely,
                _ => return false,
            }
        } else {
            return false;
        };
        self.set(bb, p);
        true
    }

    fn float_heuristics(&mut self, ctx: &Context, bb: Block) -> bool {
        let Some(ci) = cond_br_compare(ctx, bb, Opcode::FCmp) else {
            return false;
        };
        let (t, u) = (ph_taken(), ph_untaken());
        let ord_t = BranchProbability::new(1024 * 1024 - 1, 1024 * 1024);
        let ord_u = BranchProbability::new(1, 1024 * 1024);
        let p = match ctx.predicate(ci) {
            Predicate::FOeq | Predicate::FOne | Predicate::FUne => vec![t, u],
            Predicate::FUeq => vec![u, t],
            Predicate::FOrd => vec![ord_t, ord_u],
            Predicate::FUno => vec![ord_u, ord_t],
            _ => return false,
        };
        self.set(bb, p);
        true
    }
}

/// The condition of `bb`'s conditional `br`.
fn cond_br_condition(ctx: &Context, bb: Block) -> Option<Value> {
    let t = ctx.terminator(bb)?;
    if ctx.opcode(t) != Opcode::Br || ctx.num_operands(t) != 3 {
        return None;
    }
    ctx.operand(t, 0)
}

/// The condition of `bb`'s conditional `br` when it is a compare of
/// opcode `op` (`icmp` or `fcmp`), as each compare heuristic wants it.
fn cond_br_compare(ctx: &Context, bb: Block, op: Opcode) -> Option<Inst> {
    let cond = cond_br_condition(ctx, bb)?;
    ctx.as_inst(cond).filter(|&i| ctx.opcode(i) == op)
}

/// Whether `bb` ends in `ret` of a call to `llvm.experimental.deoptimize`
/// (LLVM's `getTerminatingDeoptimizeCall`).
fn terminating_deoptimize(ctx: &Context, bb: Block) -> bool {
    let Some(t) = ctx.terminator(bb) else {
        return false;
    };
    if ctx.opcode(t) != Opcode::Ret {
        return false;
    }
    let prev = ctx
        .insts(bb)
        .rev()
        .nth(1)
        .filter(|&i| ctx.opcode(i) == Opcode::Call);
    prev.and_then(|i| ctx.called_function(i))
        .and_then(|f| ctx.name_of(f.0))
        == Some("llvm.experimental.deoptimize")
}

/// The `branch_weights` of `term`'s `!prof` when there is one per
/// successor (LLVM's `getValidBranchWeightMDNode` + `extractBranchWeights`).
pub(crate) fn branch_weights(ctx: &Context, term: Inst, n: usize) -> Option<Vec<u32>> {
    let md = ctx.inst_metadata(term, MdKindId::PROF)?;
    let MdData::Tuple { ops, .. } = ctx.md_data(md) else {
        return None;
    };
    let is_str = |o: &Option<_>, s: &[u8]| {
        o.is_some_and(|m| matches!(ctx.md_data(m), MdData::String(b) if &b[..] == s))
    };
    if ops.is_empty() || !is_str(&ops[0], b"branch_weights") {
        return None;
    }
    let off = if ops.len() > 1 && is_str(&ops[1], b"expected") {
        2
    } else {
        1
    };
    if ops.len() - off != n {
        return None;
    }
    let mut w = Vec::with_capacity(n);
    for o in &ops[off..] {
        let MdData::Value(v) = ctx.md_data((*o)?) else {
            return None;
        };
        w.push(ctx.const_int_value(*v)?.to_u64() as u32);
    }
    Some(w)
}

/// Whether `v` is a call of `strcmp`, `strncmp`, `strcasecmp`,
/// `strncasecmp`, `memcmp` or `bcmp` with the library prototype (LLVM's
/// `TargetLibraryInfo::getLibFunc` on x86-64 Linux).
fn is_cmp_libcall(ctx: &Context, v: Value) -> bool {
    let Some(call) = ctx.as_inst(v).filter(|&i| ctx.opcode(i) == Opcode::Call) else {
        return false;
    };
    let Some(f) = ctx.called_function(call) else {
        return false;
    };
    if ctx.is_intrinsic(f) {
        return false;
    }
    let sized = match ctx.name_of(f.0) {
        Some("strcmp" | "strcasecmp") => false,
        Some("strncmp" | "strncasecmp" | "memcmp" | "bcmp") => true,
        _ => return false,
    };
    let Some(ty) = ctx.global_data(f.0).value_type else {
        return false;
    };
    let Some((ret, params, varargs)) = ctx.function_parts(ty) else {
        return false;
    };
    if varargs || ctx.int_width(ret) != Some(32) {
        return false;
    }
    let want = if sized { 3 } else { 2 };
    params.len() == want
        && ctx.is_ptr(params[0])
        && ctx.is_ptr(params[1])
        && (!sized || ctx.int_width(params[2]) == Some(64))
}

/// LLVM's `computeUnlikelySuccessors`: successors of `bb` in loop `l`
/// whose incoming constant makes `bb`'s compare branch away from them.
fn unlikely_successors(
    ctx: &mut Context,
    li: &LoopInfo,
    bb: Block,
    l: crate::analysis::Loop,
) -> Vec<Block> {
    let mut out = Vec::new();
    let Some(cond) = cond_br_condition(ctx, bb) else {
        return out;
    };
    let Some(ci) = ctx
        .as_inst(cond)
        .filter(|&i| matches!(ctx.opcode(i), Opcode::ICmp | Opcode::FCmp))
    else {
        return out;
    };
    let op0 = ctx.operand(ci, 0).expect("cmp operand");
    let op1 = ctx.operand(ci, 1).expect("cmp operand");
    if ctx.as_inst(op0).is_none() || !ctx.value_kind(op1).is_constant() {
        return out;
    }
    let succ0 = ctx.successor(bb, 0);
    let succ1 = ctx.successor(bb, 1);
    let mut lhs = ctx.as_inst(op0);
    let mut phi = lhs.filter(|&i| ctx.opcode(i) == Opcode::Phi);
    let mut chain: Vec<Inst> = Vec::new();
    while phi.is_none() {
        let Some(i) = lhs else { break };
        if !ctx.opcode(i).is_binary() {
            break;
        }
        let Some(c) = ctx.operand(i, 1) else { break };
        if !ctx.value_kind(c).is_constant() {
            break;
        }
        let parent = ctx.inst_parent(i).expect("in a block");
        if !li.contains(ctx, l, parent) {
            return out;
        }
        chain.push(i);
        lhs = ctx.operand(i, 0).and_then(|v| ctx.as_inst(v));
        if let Some(x) = lhs {
            if ctx.opcode(x) == Opcode::Phi {
                phi = Some(x);
            }
        }
    }
    let Some(phi) = phi else {
        return out;
    };
    if !li.contains(ctx, l, ctx.inst_parent(phi).expect("in a block")) {
        return out;
    }
    let pred = ctx.predicate(ci);
    let succs: Vec<Block> = ctx.successors(bb).collect();
    let mut visited = vec![phi];
    let mut work = vec![phi];
    while let Some(p) = work.pop() {
        let blocks: Vec<Block> = ctx.phi_blocks(p).iter().map(|&v| Block(v)).collect();
        // LLVM walks `blocks()` and asks `getIncomingValueForBlock`, which
        // answers with the first entry for a repeated block.
        for &b in &blocks {
            if !li.contains(ctx, l, b) {
                continue;
            }
            let first = blocks.iter().position(|&x| x == b).expect("b itself");
            let v = ctx.operand(p, first as u32).expect("phi operand");
            if let Some(pn) = ctx.as_inst(v).filter(|&i| ctx.opcode(i) == Opcode::Phi) {
                if !visited.contains(&pn) {
                    visited.push(pn);
                    work.push(pn);
                }
                continue;
            }
            if !ctx.value_kind(v).is_constant() || !succs.contains(&b) {
                continue;
            }
            let mut c = Some(v);
            for &i in chain.iter().rev() {
                let k = ctx.operand(i, 1).expect("binary operand");
                let op = ctx.opcode(i);
                c = c.and_then(|x| ctx.fold_binop(op, x, k, WrapFlags::NONE));
                if c.is_none() {
                    break;
                }
            }
            let Some(c) = c else { continue };
            let Some(r) = ctx.fold_cmp(pred, c, op1) else {
                continue;
            };
            let Some(r) = ctx.const_int_value(r) else {
                continue;
            };
            if (r.is_zero() && b == succ0) || (r.is_one() && b == succ1) {
                out.push(b);
            }
        }
    }
    out
}
