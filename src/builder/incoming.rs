//! [`PhiAdder`]: adds incoming pairs to one PHI, reading the PHI once.
//!
//! Owns the per-PHI append path only; the one-pair
//! [`Context::phi_add_incoming`] and PHI growth policy (LLVM's `e + e/2`,
//! at least 2) are in `builder.rs`, operand runs in `value/`.
//!
//! [`Context::phi_add_incoming`] finds the PHI's capacity and block list
//! through a chain of dependent loads (generation, record, `side_idx`, side
//! record, `InstExtra`) on every call. A [`PhiAdder`] follows the chain
//! once: it holds the PHI's type, function, block, `InstExtra` index, run
//! start, length and capacity. Every addition leaves the PHI complete (its
//! operand count, block list and uses agree), so dropping or leaking the
//! adder at any point leaves valid IR. The exclusive borrow of the context
//! is what makes the cached fields true: nothing else can touch the PHI
//! while the adder lives.

use crate::entity::NONE;
use crate::ir::inst::InstPayload;
use crate::ir::{Block, Inst};
use crate::types::Type;
use crate::value::Value;
use crate::Context;

const WHO: &str = "PhiAdder::add";

/// Adds incoming `(value, block)` pairs to one PHI, each checked and
/// placed exactly as [`Context::phi_add_incoming`] does (same growth, same
/// use-list order), without re-reading the PHI for every pair.
///
/// The PHI is complete after every addition: its operand count, block
/// list and uses agree whether the adder is dropped, leaked or unwound
/// from a rejected pair.
///
/// ```
/// # use lair::{Context, builder::Builder};
/// # let mut ctx = Context::new();
/// # let m = ctx.create_module("m");
/// # let i32t = ctx.i32_type();
/// # let fty = ctx.function_type(i32t, &[i32t], false);
/// # let f = ctx.add_function(m, "pick", fty);
/// # let x = ctx.arg(f, 0);
/// let entry = ctx.append_block(f, "entry");
/// let join = ctx.append_block(f, "join");
/// Builder::at_end(&mut ctx, entry).br(join);
/// let phi = Builder::at_end(&mut ctx, join).phi(i32t, 0);
/// let mut adder = ctx.phi_adder(phi);
/// adder.add(x, entry);
/// drop(adder);
/// assert_eq!(ctx.phi_blocks(phi), &[entry.0]);
/// ```
pub struct PhiAdder<'a> {
    ctx: &'a mut Context,
    phi: Inst,
    /// The PHI's `InstExtra` index, whose payload holds the block list.
    x: u32,
    ty: Type,
    /// The PHI's function and block (raw indices, `NONE` when detached).
    f: u32,
    blk: u32,
    /// The operand run's start, length and capacity (the record's `ops`
    /// and `nops`, the payload's `cap`).
    ops: u32,
    n: u32,
    cap: u32,
}

/// # Instructions: growing operand lists
///
/// Many incoming pairs for one PHI (the one-pair methods are in
/// `builder.rs`).
impl Context {
    /// A [`PhiAdder`] for `phi`: adding many incoming pairs to one PHI.
    ///
    /// # Panics
    /// If `phi` is stale or not a PHI.
    pub fn phi_adder(&mut self, phi: Inst) -> PhiAdder<'_> {
        const WHO: &str = "Context::phi_adder";
        let d = self.graph.get(phi.0);
        let (ty, blk, ops, n, kind_bits) = (d.ty, d.a, d.ops, d.nops, d.kind_bits);
        let f = if blk == NONE {
            NONE
        } else {
            self.graph.values[blk as usize].a
        };
        let side = self.graph.side_of(phi.0.idx, kind_bits);
        let x = match self.sides.recs.get(side as usize).map(|r| &r.payload) {
            Some(&crate::ir::side::Payload::Inst { extra: x, .. }) => x,
            _ => self.not_an_inst_of_kind(WHO, phi, "PHI"),
        };
        let cap = match self.sides.extras.get(x as usize).map(|e| &e.payload) {
            Some(InstPayload::Phi { cap, blocks }) => {
                debug_assert_eq!(blocks.len(), n as usize);
                *cap
            }
            _ => self.not_an_inst_of_kind(WHO, phi, "PHI"),
        };
        PhiAdder {
            ctx: self,
            phi,
            x,
            ty,
            f,
            blk,
            ops,
            n,
            cap,
        }
    }
}

impl PhiAdder<'_> {
    /// Adds the incoming pair `(v, b)`: [`Context::phi_add_incoming`].
    ///
    /// # Panics
    /// If `v` does not have the PHI's type, `b` is not a block, or `v` or
    /// `b` belongs to another function than the PHI (the messages name
    /// `PhiAdder::add`).
    #[inline]
    pub fn add(&mut self, v: Value, b: Block) {
        let g = &self.ctx.graph;
        // The checks of `phi_add_incoming`: the value live, of the PHI's
        // type and function; the block live and of this context (of the
        // PHI's function in debug builds, as there).
        let dv = g.get(v);
        let ok = (dv.ty == self.ty)
            & (self.f == NONE || self.ctx.local_ok(dv, self.f, self.blk))
            & g.gen_matches(b.0);
        if !ok {
            self.reject(v, b);
        }
        if cfg!(debug_assertions) {
            self.ctx.check_incoming(WHO, self.phi, v, b);
        }
        if self.n == self.cap {
            self.grow();
        }
        let n = self.n;
        let ctx = &mut *self.ctx;
        match &mut ctx.sides.extras[self.x as usize].payload {
            InstPayload::Phi { blocks, .. } => blocks.push(b.0),
            _ => panic!("{WHO}: the PHI's payload changed under its adder"),
        }
        ctx.graph
            .put_operand_live(self.phi.0.idx, self.ops + n, n, v.idx);
        ctx.graph.values[self.phi.0.idx as usize].nops = n + 1;
        self.n = n + 1;
    }

    /// The failure path of [`add`](Self::add): panics with the message
    /// `phi_add_incoming` gives.
    #[cold]
    #[inline(never)]
    fn reject(&self, v: Value, b: Block) -> ! {
        self.ctx.check_incoming(WHO, self.phi, v, b);
        panic!("{WHO}: incoming pair ({v:?}, {b:?}) rejected")
    }

    /// Grows the full PHI by LLVM's rule, as `phi_add_incoming` does.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let new_cap = (self.n + self.n / 2).max(2);
        let ctx = &mut *self.ctx;
        if let InstPayload::Phi { blocks, .. } = &mut ctx.sides.extras[self.x as usize].payload {
            blocks.reserve_exact(new_cap as usize - blocks.len());
        }
        let mut cap = self.cap;
        ctx.graph.grow_operands(self.phi.0, &mut cap, new_cap);
        self.cap = cap;
        self.ops = ctx.graph.get(self.phi.0).ops;
        if let InstPayload::Phi { cap: c, .. } = &mut ctx.sides.extras[self.x as usize].payload {
            *c = cap;
        }
    }
}
