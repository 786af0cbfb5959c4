//! Block frequencies: LLVM 19's `BlockFrequencyInfoImpl`.
//!
//! Blocks are numbered in reverse post-order; loops (from the loop forest,
//! outermost first, then the irreducible SCCs found inside each) are
//! processed innermost first: mass flows from the header through the
//! members by edge probability (LLVM's dithering distribution), backedge
//! mass gives the loop scale, and the loop is packaged into its header.
//! The function is then processed the same way, loops are unwrapped
//! (scales multiplied down) and the [`Scaled64`] frequencies are turned
//! into integers with the maximum scaled to `2^54`. Every step rounds as
//! LLVM does, so the integers equal `opt -passes='print<block-freq>'`'s.
//!
//! Deviation: `!irr_loop` header weights (written only by PGO) are not
//! read; every irreducible header gets LLVM's weight for a header without
//! one.

use super::branch_prob::BranchProbabilityInfo;
use super::scaled::Scaled64;
use crate::analysis::cfg::PostOrder;
use crate::analysis::LoopInfo;
use crate::ir::{Block, Function};
use crate::Context;
use hashbrown::HashMap;

const FULL: u64 = u64::MAX;

fn mass_to_scaled(m: u64) -> Scaled64 {
    if m == FULL {
        Scaled64::new(1, 0)
    } else {
        Scaled64::new(m + 1, -64)
    }
}

fn mass_add(a: u64, b: u64) -> u64 {
    a.saturating_add(b)
}

fn mass_sub(a: u64, b: u64) -> u64 {
    a.saturating_sub(b)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum WType {
    Local,
    Exit,
    Backedge,
}

#[derive(Clone, Copy)]
struct Weight {
    ty: WType,
    target: u32,
    amount: u64,
}

#[derive(Default)]
struct Distribution {
    weights: Vec<Weight>,
    total: u64,
    overflow: bool,
}

impl Distribution {
    fn add(&mut self, target: u32, amount: u64, ty: WType) {
        let (t, o) = self.total.overflowing_add(amount);
        self.overflow |= o;
        self.total = t;
        self.weights.push(Weight { ty, target, amount });
    }

    fn combine(w: &mut Weight, o: &Weight) {
        if w.amount == 0 {
            *w = *o;
            return;
        }
        w.amount = w.amount.saturating_add(o.amount);
    }

    fn combine_weights(&mut self) {
        if self.weights.len() > 128 {
            // LLVM's DenseMap<unsigned, Weight>: quadratic probing over
            // `hash = key * 37`, iterated in bucket order.
            let reserve = (2 * self.weights.len()).next_power_of_two();
            let buckets = (reserve * 4 / 3 + 1).next_power_of_two();
            let mut table: Vec<Option<Weight>> = vec![None; buckets];
            let mut count = 0;
            for w in &self.weights {
                let mut b = (w.target.wrapping_mul(37) as usize) & (buckets - 1);
                let mut probe = 1;
                loop {
                    match &mut table[b] {
                        Some(x) if x.target == w.target => {
                            Self::combine(x, w);
                            break;
                        }
                        Some(_) => {
                            b = (b + probe) & (buckets - 1);
                            probe += 1;
                        }
                        slot @ None => {
                            let mut z = Weight { amount: 0, ..*w };
                            Self::combine(&mut z, w);
                            *slot = Some(z);
                            count += 1;
                            break;
                        }
                    }
                }
            }
            if count == self.weights.len() {
                return;
            }
            self.weights = table.into_iter().flatten().collect();
            return;
        }
        self.weights.sort_by_key(|w| w.target);
        let mut out: Vec<Weight> = Vec::with_capacity(self.weights.len());
        for w in &self.weights {
            match out.last_mut() {
                Some(l) if l.target == w.target => Self::combine(l, w),
                _ => out.push(*w),
            }
        }
        self.weights = out;
    }

    fn normalize(&mut self) {
        if self.weights.is_empty() {
            return;
        }
        if self.weights.len() > 1 {
            self.combine_weights();
        }
        if self.weights.len() == 1 {
            self.total = 1;
            self.weights[0].amount = 1;
            return;
        }
        let shift = if self.overflow {
            33
        } else if self.total > u32::MAX as u64 {
            33 - self.total.leading_zeros()
        } else {
            0
        };
        if shift == 0 {
            return;
        }
        self.total = 0;
        for w in &mut self.weights {
            let r = (w.amount >> shift) + (1 & (w.amount >> (shift - 1)));
            w.amount = r.max(1);
            self.total += w.amount;
        }
    }
}

struct Ditherer {
    rem_weight: u32,
    rem_mass: u64,
}

impl Ditherer {
    fn take(&mut self, w: u32) -> u64 {
        let m = super::BranchProbability::new(w, self.rem_weight).scale(self.rem_mass);
        self.rem_weight -= w;
        self.rem_mass = mass_sub(self.rem_mass, m);
        m
    }
}

#[derive(Clone)]
struct LoopData {
    parent: Option<usize>,
    packaged: bool,
    num_headers: usize,
    exits: Vec<(u32, u64)>,
    nodes: Vec<u32>,
    backedge_mass: Vec<u64>,
    mass: u64,
    scale: Scaled64,
}

impl LoopData {
    fn new(parent: Option<usize>, header: u32) -> Self {
        LoopData {
            parent,
            packaged: false,
            num_headers: 1,
            exits: Vec::new(),
            nodes: vec![header],
            backedge_mass: vec![0],
            mass: 0,
            scale: Scaled64::zero(),
        }
    }
    fn is_irreducible(&self) -> bool {
        self.num_headers > 1
    }
    fn is_header(&self, n: u32) -> bool {
        if self.is_irreducible() {
            self.nodes[..self.num_headers].binary_search(&n).is_ok()
        } else {
            n == self.nodes[0]
        }
    }
    fn header_index(&self, n: u32) -> usize {
        if self.is_irreducible() {
            self.nodes[..self.num_headers].partition_point(|&x| x < n)
        } else {
            0
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Working {
    lp: Option<usize>,
    mass: u64,
}

enum MassSlot {
    Node(usize),
    Loop(usize),
}

/// The block frequencies of one function (LLVM's `BlockFrequencyInfo`).
#[derive(Clone, Default)]
pub struct BlockFrequencyInfo {
    index: HashMap<Block, u32>,
    scaled: Vec<Scaled64>,
    freq: Vec<u64>,
}

struct Impl<'a> {
    rpot: Vec<Block>,
    index: HashMap<Block, u32>,
    working: Vec<Working>,
    loops: Vec<LoopData>,
    /// The loops in LLVM's list order (outer before inner).
    order: Vec<usize>,
    bpi: &'a BranchProbabilityInfo,
}

impl BlockFrequencyInfo {
    /// Computes `f`'s block frequencies from its branch probabilities and
    /// loop forest.
    pub fn compute(ctx: &Context, f: Function, bpi: &BranchProbabilityInfo, li: &LoopInfo) -> Self {
        let mut po = PostOrder::new();
        po.compute(ctx, f);
        let rpot: Vec<Block> = po.reverse().collect();
        if rpot.is_empty() {
            return Self::default();
        }
        let index: HashMap<Block, u32> = rpot
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as u32))
            .collect();
        let n = rpot.len();
        let mut s = Impl {
            rpot,
            index,
            working: vec![Working::default(); n],
            loops: Vec::new(),
            order: Vec::new(),
            bpi,
        };
        s.initialize_loops(ctx, li);
        s.compute_mass_in_loops(ctx);
        s.compute_mass_in_function(ctx);
        let scaled = s.unwrap_loops();
        let mut max = Scaled64::zero();
        for &x in &scaled {
            max = max.max(x);
        }
        let factor = Scaled64::new(1, 54).quotient(max);
        let freq = scaled
            .iter()
            .map(|x| x.product(factor).to_u64().max(1))
            .collect();
        BlockFrequencyInfo {
            index: s.index,
            scaled,
            freq,
        }
    }

    /// The integer frequency of `b` (0 for a block unreachable from the
    /// entry).
    pub fn frequency(&self, b: Block) -> u64 {
        self.index.get(&b).map_or(0, |&i| self.freq[i as usize])
    }

    /// The frequency of `b` relative to the entry, as LLVM keeps it.
    pub fn scaled_frequency(&self, b: Block) -> Scaled64 {
        self.index
            .get(&b)
            .map_or(Scaled64::zero(), |&i| self.scaled[i as usize])
    }

    /// The largest frequency of `f`'s blocks (LLVM's `getMaxFreq`).
    pub fn max_frequency(&self, ctx: &Context, f: Function) -> u64 {
        ctx.blocks(f).map(|b| self.frequency(b)).max().unwrap_or(0)
    }

    /// What `print<block-freq>` writes after its heading.
    pub fn print(&self, ctx: &Context, f: Function, out: &mut String) {
        out.push_str("block-frequency-info: ");
        out.push_str(ctx.name_of(f.0).unwrap_or(""));
        out.push('\n');
        for b in ctx.blocks(f) {
            out.push_str(" - ");
            out.push_str(ctx.name_of(b.0).unwrap_or(""));
            out.push_str(": float = ");
            out.push_str(&self.scaled_frequency(b).to_decimal(5));
            out.push_str(", int = ");
            out.push_str(&self.frequency(b).to_string());
            out.push('\n');
        }
        out.push('\n');
    }
}

impl Impl<'_> {
    fn is_loop_header(&self, n: u32) -> bool {
        self.working[n as usize]
            .lp
            .is_some_and(|l| self.loops[l].is_header(n))
    }

    fn is_double_loop_header(&self, n: u32) -> bool {
        if !self.is_loop_header(n) {
            return false;
        }
        let l = self.working[n as usize].lp.expect("header");
        self.loops[l]
            .parent
            .is_some_and(|p| self.loops[p].is_irreducible() && self.loops[p].is_header(n))
    }

    fn containing_loop(&self, n: u32) -> Option<usize> {
        let lp = self.working[n as usize].lp;
        if !self.is_loop_header(n) {
            return lp;
        }
        let l = lp.expect("header");
        if !self.is_double_loop_header(n) {
            return self.loops[l].parent;
        }
        self.loops[self.loops[l].parent.expect("double")].parent
    }

    fn packaged_loop(&self, n: u32) -> Option<usize> {
        let mut l = self.working[n as usize].lp?;
        if !self.loops[l].packaged {
            return None;
        }
        while let Some(p) = self.loops[l].parent {
            if !self.loops[p].packaged {
                break;
            }
            l = p;
        }
        Some(l)
    }

    fn resolved(&self, n: u32) -> u32 {
        self.packaged_loop(n).map_or(n, |l| self.loops[l].nodes[0])
    }

    fn is_packaged(&self, n: u32) -> bool {
        self.resolved(n) != n
    }

    fn is_a_package(&self, n: u32) -> bool {
        self.is_loop_header(n) && self.loops[self.working[n as usize].lp.expect("header")].packaged
    }

    fn mass_slot(&self, n: u32) -> MassSlot {
        if !self.is_a_package(n) {
            return MassSlot::Node(n as usize);
        }
        let l = self.working[n as usize].lp.expect("header");
        if self.is_double_loop_header(n) && self.loops[self.loops[l].parent.expect("p")].packaged {
            return MassSlot::Loop(self.loops[l].parent.expect("p"));
        }
        MassSlot::Loop(l)
    }

    fn mass(&mut self, n: u32) -> &mut u64 {
        match self.mass_slot(n) {
            MassSlot::Node(i) => &mut self.working[i].mass,
            MassSlot::Loop(l) => &mut self.loops[l].mass,
        }
    }

    fn initialize_loops(&mut self, ctx: &Context, li: &LoopInfo) {
        if li.top_level_loops().is_empty() {
            return;
        }
        let mut q: std::collections::VecDeque<(crate::analysis::Loop, Option<usize>)> =
            li.top_level_loops().iter().map(|&l| (l, None)).collect();
        let mut of_loop: HashMap<crate::analysis::Loop, usize> = HashMap::new();
        while let Some((l, parent)) = q.pop_front() {
            let header = self.index[&li.header(l)];
            let id = self.loops.len();
            self.loops.push(LoopData::new(parent, header));
            self.order.push(id);
            of_loop.insert(l, id);
            self.working[header as usize].lp = Some(id);
            for &s in li.sub_loops(l) {
                q.push_back((s, Some(id)));
            }
        }
        for i in 0..self.rpot.len() as u32 {
            if self.is_loop_header(i) {
                if let Some(c) = self.containing_loop(i) {
                    self.loops[c].nodes.push(i);
                }
                continue;
            }
            let Some(l) = li.loop_for(ctx, self.rpot[i as usize]) else {
                continue;
            };
            let id = of_loop[&l];
            self.working[i as usize].lp = Some(id);
            self.loops[id].nodes.push(i);
        }
    }

    fn add_to_dist(
        &self,
        dist: &mut Distribution,
        outer: Option<usize>,
        pred: u32,
        succ: u32,
        weight: u64,
    ) -> bool {
        let weight = weight.max(1);
        let is_header = |n: u32| outer.is_some_and(|o| self.loops[o].is_header(n));
        let r = self.resolved(succ);
        if is_header(r) {
            dist.add(r, weight, WType::Backedge);
            return true;
        }
        if self.containing_loop(r) != outer {
            dist.add(r, weight, WType::Exit);
            return true;
        }
        if r < pred && !is_header(pred) {
            return false;
        }
        dist.add(r, weight, WType::Local);
        true
    }

    fn propagate(&mut self, ctx: &Context, outer: Option<usize>, n: u32) -> bool {
        let mut dist = Distribution::default();
        if let Some(l) = self.packaged_loop(n) {
            let header = self.loops[l].nodes[0];
            for k in 0..self.loops[l].exits.len() {
                let (t, m) = self.loops[l].exits[k];
                if !self.add_to_dist(&mut dist, outer, header, t, m) {
                    return false;
                }
            }
        } else {
            let bb = self.rpot[n as usize];
            for (k, s) in ctx.successors(bb).enumerate() {
                let w = self.bpi.edge_probability_at(ctx, bb, k).numerator() as u64;
                let sn = self.index[&s];
                if !self.add_to_dist(&mut dist, outer, n, sn, w) {
                    return false;
                }
            }
        }
        self.distribute(n, outer, dist);
        true
    }

    fn distribute(&mut self, source: u32, outer: Option<usize>, mut dist: Distribution) {
        let mass = *self.mass(source);
        dist.normalize();
        let mut d = Ditherer {
            rem_weight: dist.total as u32,
            rem_mass: mass,
        };
        for w in &dist.weights {
            let taken = d.take(w.amount as u32);
            match w.ty {
                WType::Local => {
                    let m = self.mass(w.target);
                    *m = mass_add(*m, taken);
                }
                WType::Backedge => {
                    let o = outer.expect("backedge inside a loop");
                    let h = self.loops[o].header_index(w.target);
                    self.loops[o].backedge_mass[h] =
                        mass_add(self.loops[o].backedge_mass[h], taken);
                }
                WType::Exit => {
                    let o = outer.expect("exit inside a loop");
                    self.loops[o].exits.push((w.target, taken));
                }
            }
        }
    }

    fn compute_mass_in_loops(&mut self, ctx: &Context) {
        let mut i = self.order.len();
        while i > 0 {
            i -= 1;
            let l = self.order[i];
            if self.compute_mass_in_loop(ctx, l) {
                continue;
            }
            self.compute_irreducible_mass(ctx, Some(l), i + 1);
            let ok = self.compute_mass_in_loop(ctx, l);
            assert!(ok, "block frequencies: unhandled irreducible control flow");
        }
    }

    fn compute_mass_in_loop(&mut self, ctx: &Context, l: usize) -> bool {
        if self.loops[l].is_irreducible() {
            let nh = self.loops[l].num_headers;
            let mut dist = Distribution::default();
            for h in 0..nh {
                let node = self.loops[l].nodes[h];
                dist.add(node, 1, WType::Local);
            }
            dist.normalize();
            let mut d = Ditherer {
                rem_weight: dist.total as u32,
                rem_mass: FULL,
            };
            for w in dist.weights.clone() {
                let taken = d.take(w.amount as u32);
                *self.mass(w.target) = taken;
            }
            let nodes = self.loops[l].nodes.clone();
            for &m in &nodes {
                let ok = self.propagate(ctx, Some(l), m);
                assert!(ok, "block frequencies: unhandled irreducible control flow");
            }
            // No header has a weight: spread the loop's mass by backedge mass.
            let mut dist = Distribution::default();
            for h in 0..nh {
                let node = self.loops[l].nodes[h];
                let bm = self.loops[l].backedge_mass[self.loops[l].header_index(node)];
                if bm > 0 {
                    dist.add(node, bm, WType::Local);
                }
            }
            dist.normalize();
            let mut d = Ditherer {
                rem_weight: dist.total as u32,
                rem_mass: FULL,
            };
            for w in dist.weights.clone() {
                let taken = d.take(w.amount as u32);
                *self.mass(w.target) = taken;
            }
        } else {
            let h = self.loops[l].nodes[0];
            self.working[h as usize].mass = FULL;
            let ok = self.propagate(ctx, Some(l), h);
            assert!(
                ok,
                "block frequencies: irreducible control flow to a loop header"
            );
            let members: Vec<u32> = self.loops[l].nodes[1..].to_vec();
            for m in members {
                if !self.propagate(ctx, Some(l), m) {
                    return false;
                }
            }
        }
        // Loop scale.
        let mut back = 0u64;
        for &m in &self.loops[l].backedge_mass {
            back = mass_add(back, m);
        }
        let exit = mass_sub(FULL, back);
        self.loops[l].scale = if exit == 0 {
            Scaled64::new(1, 12)
        } else {
            mass_to_scaled(exit).inverse()
        };
        // Package.
        let nodes = self.loops[l].nodes.clone();
        for m in nodes {
            if let Some(p) = self.packaged_loop(m) {
                self.loops[p].exits.clear();
            }
        }
        self.loops[l].packaged = true;
        true
    }

    fn try_mass_in_function(&mut self, ctx: &Context) -> bool {
        self.working[0].mass = FULL;
        for i in 0..self.rpot.len() as u32 {
            if self.is_packaged(i) {
                continue;
            }
            if !self.propagate(ctx, None, i) {
                return false;
            }
        }
        true
    }

    fn compute_mass_in_function(&mut self, ctx: &Context) {
        if self.try_mass_in_function(ctx) {
            return;
        }
        self.compute_irreducible_mass(ctx, None, 0);
        let ok = self.try_mass_in_function(ctx);
        assert!(ok, "block frequencies: unhandled irreducible control flow");
    }

    /// Finds the irreducible SCCs among the nodes of `outer` (or the
    /// function), makes each a loop inserted at `insert` in the loop
    /// order, and computes their mass.
    fn compute_irreducible_mass(&mut self, ctx: &Context, outer: Option<usize>, insert: usize) {
        // The graph: nodes, their successor edges.
        let (start, nodes): (u32, Vec<u32>) = match outer {
            Some(o) => (self.loops[o].nodes[0], self.loops[o].nodes.clone()),
            None => (
                0,
                (0..self.rpot.len() as u32)
                    .filter(|&i| !self.is_packaged(i))
                    .collect(),
            ),
        };
        for &n in &nodes {
            *self.mass(n) = 0;
        }
        let pos: HashMap<u32, usize> = nodes.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        let mut pred: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        let edge_nodes = match outer {
            Some(_) => nodes.clone(),
            None => (0..self.rpot.len() as u32).collect(),
        };
        for n in edge_nodes {
            let Some(&from) = pos.get(&n) else { continue };
            let targets: Vec<u32> = if self.is_a_package(n) {
                let l = self.working[n as usize].lp.expect("header");
                self.loops[l].exits.iter().map(|e| e.0).collect()
            } else {
                ctx.successors(self.rpot[n as usize])
                    .map(|s| self.index[&s])
                    .collect()
            };
            for t in targets {
                if outer.is_some_and(|o| self.loops[o].is_header(t)) {
                    continue;
                }
                let Some(&to) = pos.get(&t) else { continue };
                succ[from].push(to);
                pred[to].push(from);
            }
        }
        // Tarjan's SCCs from the start node.
        let sccs = tarjan(pos[&start], &succ);
        let mut new_loops = Vec::new();
        for scc in sccs {
            if scc.len() < 2 {
                continue;
            }
            let in_scc: hashbrown::HashSet<usize> = scc.iter().copied().collect();
            let mut headers: Vec<u32> = Vec::new();
            let mut others: Vec<u32> = Vec::new();
            let mut entry = vec![false; scc.len()];
            for (k, &x) in scc.iter().enumerate() {
                if pred[x].iter().any(|p| !in_scc.contains(p)) {
                    entry[k] = true;
                    headers.push(nodes[x]);
                }
            }
            if headers.len() == scc.len() {
                headers.sort_unstable();
            } else {
                for (k, &x) in scc.iter().enumerate() {
                    if entry[k] {
                        continue;
                    }
                    let irr = nodes[x];
                    let extra = pred[x].iter().any(|&p| {
                        let pn = nodes[p];
                        if pn < irr {
                            return false;
                        }
                        // Predecessors that are entry blocks are skipped.
                        let pk = scc.iter().position(|&y| y == p);
                        !pk.is_some_and(|pk| entry[pk])
                    });
                    if extra {
                        headers.push(irr);
                    } else {
                        others.push(irr);
                    }
                }
                headers.sort_unstable();
                others.sort_unstable();
            }
            let nh = headers.len();
            let mut ld = LoopData::new(outer, headers[0]);
            ld.nodes = headers;
            ld.num_headers = nh;
            ld.nodes.extend(others);
            ld.backedge_mass = vec![0; nh];
            let id = self.loops.len();
            self.loops.push(ld);
            for &n in &self.loops[id].nodes.clone() {
                if self.is_loop_header(n) {
                    let l = self.working[n as usize].lp.expect("header");
                    self.loops[l].parent = Some(id);
                } else {
                    self.working[n as usize].lp = Some(id);
                }
            }
            new_loops.push(id);
        }
        for (k, &id) in new_loops.iter().enumerate() {
            self.order.insert(insert + k, id);
        }
        for &id in &new_loops {
            self.compute_mass_in_loop(ctx, id);
        }
        if let Some(o) = outer {
            let lo = &mut self.loops[o];
            lo.exits.clear();
            lo.backedge_mass.iter_mut().for_each(|m| *m = 0);
            let keep: Vec<u32> = lo.nodes[1..].to_vec();
            let mut nodes = vec![lo.nodes[0]];
            for n in keep {
                if !self.is_packaged(n) {
                    nodes.push(n);
                }
            }
            self.loops[o].nodes = nodes;
        }
    }

    fn unwrap_loops(&mut self) -> Vec<Scaled64> {
        let mut freqs: Vec<Scaled64> = self
            .working
            .iter()
            .map(|w| mass_to_scaled(w.mass))
            .collect();
        for k in 0..self.order.len() {
            let l = self.order[k];
            let s = self.loops[l]
                .scale
                .product(mass_to_scaled(self.loops[l].mass));
            self.loops[l].scale = s;
            self.loops[l].packaged = false;
            for n in self.loops[l].nodes.clone() {
                if self.is_a_package(n) {
                    let p = self.packaged_loop(n).expect("package");
                    self.loops[p].scale = s.product(self.loops[p].scale);
                } else {
                    freqs[n as usize] = s.product(freqs[n as usize]);
                }
            }
        }
        freqs
    }
}

/// Tarjan's strongly connected components of the nodes reachable from
/// `start`, in the order LLVM's `scc_iterator` yields them.
fn tarjan(start: usize, succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succ.len();
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0u32;
    let mut work: Vec<(usize, usize)> = vec![(start, 0)];
    index[start] = next;
    low[start] = next;
    next += 1;
    stack.push(start);
    on[start] = true;
    while let Some(&mut (v, ref mut k)) = work.last_mut() {
        if *k < succ[v].len() {
            let w = succ[v][*k];
            *k += 1;
            if index[w] == u32::MAX {
                index[w] = next;
                low[w] = next;
                next += 1;
                stack.push(w);
                on[w] = true;
                work.push((w, 0));
            } else if on[w] {
                low[v] = low[v].min(index[w]);
            }
            continue;
        }
        work.pop();
        if let Some(&(p, _)) = work.last() {
            low[p] = low[p].min(low[v]);
        }
        if low[v] == index[v] {
            let mut scc = Vec::new();
            loop {
                let x = stack.pop().expect("on stack");
                on[x] = false;
                scc.push(x);
                if x == v {
                    break;
                }
            }
            out.push(scc);
        }
    }
    out
}
