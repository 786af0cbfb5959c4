//! Property test: random sequences of graph edits against a naive model.
//!
//! The model keeps, for every live value, its use list as a plain `Vec` of
//! `(user, operand number)` in LLVM's order (new uses at the head), and
//! for every user its operand vector; every edit is applied to both, and
//! after every step the context must agree with the model exactly (uses in
//! order, operands, handles) and its own use-list checker must pass.
//!
//! Planting a bug (e.g. linking new uses at the tail, or draining RAUW
//! tail-first) makes this fail within a few cases; see DESIGN.md.

use lair::builder::Builder;
use lair::ir::{Block, Inst};
use lair::{Context, HandleId, HandleKind, Value};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use std::collections::HashMap;

#[derive(Clone, Debug)]
enum Op {
    Create(u8, u8),
    SetOperand(u8, u8, u8),
    Rauw(u8, u8),
    ReplaceIf(u8, u8, bool),
    PhiAdd(u8),
    PhiRemove(u8),
    Erase(u8),
    HandleNew(u8, bool),
    HandleDrop(u8),
}

impl Arbitrary for Op {
    fn arbitrary(g: &mut Gen) -> Op {
        let a = u8::arbitrary(g);
        let b = u8::arbitrary(g);
        let c = u8::arbitrary(g);
        match u8::arbitrary(g) % 12 {
            0..=2 => Op::Create(a, b),
            3 => Op::SetOperand(a, b, c),
            4 => Op::Rauw(a, b),
            5 => Op::ReplaceIf(a, b, bool::arbitrary(g)),
            6 | 7 => Op::PhiAdd(a),
            8 => Op::PhiRemove(a),
            9 => Op::Erase(a),
            10 => Op::HandleNew(a, bool::arbitrary(g)),
            _ => Op::HandleDrop(a),
        }
    }
}

#[derive(Default)]
struct Model {
    /// Use list of each value, head first.
    uses: HashMap<Value, Vec<(Value, u32)>>,
    /// Operands of each user.
    ops: HashMap<Value, Vec<Value>>,
    /// Handles: id, kind (tracking?), value.
    handles: Vec<(HandleId, bool, Option<Value>)>,
}

impl Model {
    fn set(&mut self, user: Value, i: u32, v: Value) {
        let old = self.ops.get(&user).unwrap()[i as usize];
        let l = self.uses.get_mut(&old).unwrap();
        let pos = l.iter().position(|&u| u == (user, i)).unwrap();
        l.remove(pos);
        self.uses.get_mut(&v).unwrap().insert(0, (user, i));
        self.ops.get_mut(&user).unwrap()[i as usize] = v;
    }
    fn push(&mut self, user: Value, v: Value) {
        let ops = self.ops.get_mut(&user).unwrap();
        let i = ops.len() as u32;
        ops.push(v);
        self.uses.get_mut(&v).unwrap().insert(0, (user, i));
    }
    fn truncate(&mut self, user: Value, n: usize) {
        let ops = self.ops.get_mut(&user).unwrap();
        let removed: Vec<(u32, Value)> = ops
            .iter()
            .enumerate()
            .skip(n)
            .map(|(i, &v)| (i as u32, v))
            .collect();
        ops.truncate(n);
        for (i, v) in removed {
            let l = self.uses.get_mut(&v).unwrap();
            let pos = l.iter().position(|&u| u == (user, i)).unwrap();
            l.remove(pos);
        }
    }
}

struct World {
    ctx: Context,
    block: Block,
    /// Values that can be operands (args, constants, live instructions).
    pool: Vec<Value>,
    /// Live `add` instructions.
    adds: Vec<Value>,
    phi: Inst,
    m: Model,
}

fn pick<T: Copy>(v: &[T], k: u8) -> Option<T> {
    (!v.is_empty()).then(|| v[k as usize % v.len()])
}

impl World {
    fn new() -> World {
        let mut ctx = Context::new();
        let m = ctx.create_module("p");
        let i64t = ctx.i64_type();
        let fty = ctx.function_type(i64t, &[i64t, i64t], false);
        let f = ctx.add_function(m, "f", fty);
        let block = ctx.append_block(f, "entry");
        let mut pool = vec![ctx.arg(f, 0), ctx.arg(f, 1)];
        for k in 0..3 {
            pool.push(ctx.const_int(i64t, k));
        }
        let phi = Builder::at_end(&mut ctx, block).phi(i64t, 0);
        let mut model = Model::default();
        for &v in &pool {
            model.uses.insert(v, Vec::new());
        }
        model.uses.insert(phi.0, Vec::new());
        model.ops.insert(phi.0, Vec::new());
        pool.push(phi.0);
        World {
            ctx,
            block,
            pool,
            adds: Vec::new(),
            phi,
            m: model,
        }
    }

    fn apply(&mut self, op: &Op) {
        let ctx = &mut self.ctx;
        match *op {
            Op::Create(a, b) => {
                let (x, y) = (pick(&self.pool, a).unwrap(), pick(&self.pool, b).unwrap());
                let mut bld = Builder::at_end(ctx, self.block);
                bld.set_folding(false);
                let v = bld.add(x, y);
                self.m.uses.insert(v, Vec::new());
                self.m.ops.insert(v, vec![x, y]);
                self.m.uses.get_mut(&x).unwrap().insert(0, (v, 0));
                self.m.uses.get_mut(&y).unwrap().insert(0, (v, 1));
                self.pool.push(v);
                self.adds.push(v);
            }
            Op::SetOperand(u, i, v) => {
                let Some(user) = pick(&self.adds, u) else {
                    return;
                };
                let v = pick(&self.pool, v).unwrap();
                if v == user {
                    return;
                }
                let i = (i % 2) as u32;
                ctx.set_operand(user, i, Some(v));
                self.m.set(user, i, v);
            }
            Op::Rauw(a, b) => {
                let (from, to) = (pick(&self.pool, a).unwrap(), pick(&self.pool, b).unwrap());
                // Only instructions are replaced here (constants and
                // arguments keep their identity for the model's sake).
                if from == to || !self.adds.contains(&from) && from != self.phi.0 {
                    return;
                }
                if to != self.phi.0 && self.m.ops.get(&to).is_some_and(|o| o.contains(&from)) {
                    return; // would make `to` use itself: refused by the API
                }
                ctx.replace_all_uses_with(from, to);
                let moved = std::mem::take(self.m.uses.get_mut(&from).unwrap());
                for (user, i) in moved {
                    self.m.ops.get_mut(&user).unwrap()[i as usize] = to;
                    self.m.uses.get_mut(&to).unwrap().insert(0, (user, i));
                }
                for h in &mut self.m.handles {
                    if h.1 && h.2 == Some(from) {
                        h.2 = Some(to);
                    }
                }
            }
            Op::ReplaceIf(a, b, odd) => {
                let (from, to) = (pick(&self.pool, a).unwrap(), pick(&self.pool, b).unwrap());
                if from == to {
                    return;
                }
                let sel: Vec<(Value, u32)> = self.m.uses[&from]
                    .iter()
                    .copied()
                    .filter(|&(u, i)| (i % 2 == 1) == odd && u != to)
                    .collect();
                ctx.replace_uses_with_if(from, to, |_, u| {
                    (u.operand_no % 2 == 1) == odd && u.user != to
                });
                for (user, i) in sel {
                    self.m.set(user, i, to);
                }
            }
            Op::PhiAdd(a) => {
                let v = pick(&self.pool, a).unwrap();
                ctx.phi_add_incoming(self.phi, v, self.block);
                self.m.push(self.phi.0, v);
            }
            Op::PhiRemove(a) => {
                let n = self.m.ops[&self.phi.0].len();
                if n == 0 {
                    return;
                }
                let i = a as usize % n;
                ctx.phi_remove_incoming(self.phi, i as u32);
                for j in i..n - 1 {
                    let v = self.m.ops[&self.phi.0][j + 1];
                    self.m.set(self.phi.0, j as u32, v);
                }
                self.m.truncate(self.phi.0, n - 1);
            }
            Op::Erase(a) => {
                let Some(v) = pick(&self.adds, a) else { return };
                if !self.m.uses[&v].is_empty() {
                    return;
                }
                ctx.erase_inst(Inst(v));
                self.m.truncate(v, 0);
                self.m.ops.remove(&v);
                self.m.uses.remove(&v);
                self.adds.retain(|&x| x != v);
                self.pool.retain(|&x| x != v);
                for h in &mut self.m.handles {
                    if h.2 == Some(v) {
                        h.2 = None;
                    }
                }
            }
            Op::HandleNew(a, tracking) => {
                let v = pick(&self.pool, a).unwrap();
                let kind = if tracking {
                    HandleKind::WeakTracking
                } else {
                    HandleKind::Weak
                };
                let h = ctx.create_handle(Some(v), kind);
                self.m.handles.push((h, tracking, Some(v)));
            }
            Op::HandleDrop(a) => {
                if self.m.handles.is_empty() {
                    return;
                }
                let i = a as usize % self.m.handles.len();
                let (h, _, _) = self.m.handles.remove(i);
                ctx.drop_handle(h);
            }
        }
    }

    fn agrees(&self) -> Result<(), String> {
        self.ctx.check_use_lists()?;
        for (&v, want) in &self.m.uses {
            let got: Vec<(Value, u32)> = self.ctx.uses(v).map(|u| (u.user, u.operand_no)).collect();
            if &got != want {
                return Err(format!("uses of {v:?}: got {got:?}, model {want:?}"));
            }
        }
        for (&u, want) in &self.m.ops {
            let got: Vec<Value> = self.ctx.operands(u).map(|o| o.unwrap()).collect();
            if &got != want {
                return Err(format!("operands of {u:?}: got {got:?}, model {want:?}"));
            }
        }
        for &(h, _, v) in &self.m.handles {
            if self.ctx.handle_value(h) != v {
                return Err(format!(
                    "handle {h:?}: got {:?}, model {v:?}",
                    self.ctx.handle_value(h)
                ));
            }
        }
        Ok(())
    }
}

fn prop(ops: Vec<Op>) -> bool {
    let mut w = World::new();
    for (k, op) in ops.iter().enumerate() {
        w.apply(op);
        if let Err(e) = w.agrees() {
            eprintln!("step {k} ({op:?}): {e}");
            return false;
        }
    }
    true
}

#[test]
fn random_edits_match_the_model() {
    QuickCheck::new()
        .tests(300)
        .rng(Gen::new(60))
        .quickcheck(prop as fn(Vec<Op>) -> bool);
}
