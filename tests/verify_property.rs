//! Property test of the verifier: random functions built through the
//! builder verify clean, and one random mutation of such a function is
//! rejected with the message LLVM 19 gives for it.
//!
//! The functions are random forward CFGs (`b0` .. `bN`, block `i` always
//! branching to `i + 1`, sometimes also further on, through `br`, `br i1`
//! or `switch`; the last block returns). Every block may start with PHIs
//! holding one entry per incoming edge (an edge taken twice, as by
//! `br i1 %c, label %x, label %x` or two switch cases, gets two equal
//! entries: the valid look-alike of a duplicate entry); every value used
//! is an argument, a constant, or defined in the entry block, in the same
//! block earlier or, for a PHI entry, in the predecessor, so it dominates
//! its use by construction.
//!
//! The mutations and LLVM's message for each (`Verifier.cpp`):
//! * a PHI entry dropped: "PHINode should have one entry for each
//!   predecessor of its parent basic block!";
//! * a PHI entry moved to a block that is not a predecessor: "PHI node
//!   entries do not match predecessors!";
//! * a PHI inserted after a non-PHI: "PHI nodes not grouped at top of basic
//!   block!";
//! * a successor pointed at the entry block: "Entry block to function must
//!   not have predecessors!";
//! * a value used before its definition, in its block or an earlier one:
//!   "Instruction does not dominate all uses!";
//! * a terminator erased, which only the API can make (the `.ll` parser
//!   wants a terminator at the end of each block): "Basic Block in
//!   function 'f' does not have terminator!".
//!
//! Three more mutations are refused by checked construction, and the
//! property checks that they are: a binary operator's operands of two
//! types, an `i32` branch condition, a `ret` of the wrong type
//! (`set_operand` panics naming itself and the types). The verifier's
//! messages for them ("Both operands to a binary operator are not of the
//! same type!", ...) are checked by the unit tests of `src/verify/`, which
//! make those states inside the crate.
//!
//! With `LAIR_VERIFY_SAMPLES=DIR`, the mutated modules that `.ll` text can
//! express are also written there (`NAME.ll`, with `expected.tsv`: name,
//! tab, message), the first few of each kind; `scripts/verify-mutations.sh`
//! runs this test that way and checks every sample with `llvm-as-19`.

use lair::builder::Builder;
use lair::inst::{IntPredicate, Opcode};
use lair::ir::{Block, Function, Inst, Module};
use lair::{Context, Value};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

const MAX_BLOCKS: usize = 7;
const MAX_INSTS: usize = 6;

#[derive(Clone, Debug)]
struct BlockShape {
    phis: u8,
    insts: Vec<(u8, u8, u8)>,
    term: (u8, u8, u8, u8),
}

impl Arbitrary for BlockShape {
    fn arbitrary(g: &mut Gen) -> BlockShape {
        let n = usize::arbitrary(g) % (MAX_INSTS + 1);
        BlockShape {
            phis: u8::arbitrary(g) % 3,
            insts: (0..n)
                .map(|_| (u8::arbitrary(g), u8::arbitrary(g), u8::arbitrary(g)))
                .collect(),
            term: Arbitrary::arbitrary(g),
        }
    }
}

#[derive(Clone, Debug)]
struct Shape {
    blocks: Vec<BlockShape>,
    mutation: (u8, u8, u8),
}

impl Arbitrary for Shape {
    fn arbitrary(g: &mut Gen) -> Shape {
        let n = 1 + usize::arbitrary(g) % MAX_BLOCKS;
        Shape {
            blocks: (0..n).map(|_| BlockShape::arbitrary(g)).collect(),
            mutation: Arbitrary::arbitrary(g),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Shape>> {
        let m = self.mutation;
        Box::new(
            self.blocks
                .shrink()
                .filter(|b| !b.is_empty())
                .map(move |blocks| Shape {
                    blocks,
                    mutation: m,
                }),
        )
    }
}

/// A built function and the instructions the mutations pick from.
struct Built {
    ctx: Context,
    m: Module,
    f: Function,
    blocks: Vec<Block>,
    phis: Vec<Inst>,
    binops: Vec<Inst>,
    /// Every instruction that is neither a PHI nor a terminator, with its
    /// block index.
    plain: Vec<(usize, Inst)>,
    terms: Vec<Inst>,
}

fn pick<T: Copy>(v: &[T], k: u8) -> T {
    v[k as usize % v.len()]
}

/// Builds `define i32 @f(i32 %a, i32 %b, i1 %c)` from `shape`.
fn build(shape: &Shape) -> Built {
    let mut ctx = Context::new();
    let m = ctx.create_module("prop");
    let (i1, i32t) = (ctx.i1_type(), ctx.i32_type());
    let fty = ctx.function_type(i32t, &[i32t, i32t, i1], false);
    let f = ctx.add_function(m, "f", fty);
    let (a, b, c) = (ctx.arg(f, 0), ctx.arg(f, 1), ctx.arg(f, 2));
    for (v, name) in [(a, "a"), (b, "b"), (c, "c")] {
        ctx.set_name(v, name);
    }
    let n = shape.blocks.len();
    let blocks: Vec<Block> = (0..n)
        .map(|i| ctx.append_block(f, format!("b{i}")))
        .collect();
    // The successors of each block, one entry per edge (terminator
    // operand order does not matter to the verifier).
    let succs: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            if i + 1 == n {
                return vec![];
            }
            let (kind, x, y, _) = shape.blocks[i].term;
            let far = |k: u8| i + 1 + k as usize % (n - i - 1);
            match kind % 4 {
                0 => vec![i + 1],
                1 => vec![i + 1, far(x)],
                2 => vec![far(x), i + 1],
                _ => vec![i + 1, far(x), far(y)],
            }
        })
        .collect();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in succs.iter().enumerate() {
        for &t in s {
            preds[t].push(i);
        }
    }
    let base32 = {
        let (z, s) = (ctx.const_int(i32t, 0), ctx.const_int(i32t, 7));
        vec![a, b, z, s]
    };
    let mut entry32: Vec<Value> = Vec::new();
    let mut entry1: Vec<Value> = Vec::new();
    // The i32 values defined in each block, for the PHIs of successors.
    let mut defined32: Vec<Vec<Value>> = vec![Vec::new(); n];
    let mut built = Built {
        ctx,
        m,
        f,
        blocks: blocks.clone(),
        phis: Vec::new(),
        binops: Vec::new(),
        plain: Vec::new(),
        terms: Vec::new(),
    };
    for i in 0..n {
        let shape_i = &shape.blocks[i];
        let mut local32: Vec<Value> = base32.iter().chain(&entry32).copied().collect();
        let mut local1: Vec<Value> = std::iter::once(c).chain(entry1.iter().copied()).collect();
        let ctx = &mut built.ctx;
        if i > 0 {
            for p in 0..shape_i.phis {
                let phi = Builder::at_end(ctx, blocks[i]).phi(i32t, preds[i].len() as u32);
                for &pb in &preds[i] {
                    // One value per predecessor block, whatever the number
                    // of edges from it.
                    let pool: Vec<Value> = base32
                        .iter()
                        .chain(&entry32)
                        .chain(&defined32[pb])
                        .copied()
                        .collect();
                    let v = pool[(pb * 3 + p as usize) % pool.len()];
                    ctx.phi_add_incoming(phi, v, blocks[pb]);
                }
                built.phis.push(phi);
                local32.push(phi.0);
                defined32[i].push(phi.0);
            }
        }
        for &(op, x, y) in &shape_i.insts {
            let mut bld = Builder::at_end(ctx, blocks[i]);
            bld.set_folding(false);
            let (l, r) = (pick(&local32, x), pick(&local32, y));
            let v = match op % 8 {
                0 => bld.add(l, r),
                1 => bld.sub(l, r),
                2 => bld.mul(l, r),
                3 => bld.xor(l, r),
                4 => bld.and(l, r),
                5 => bld.or(l, r),
                6 => {
                    let v = bld.icmp(IntPredicate::Slt, l, r);
                    local1.push(v);
                    if i == 0 {
                        entry1.push(v);
                    }
                    built.plain.push((i, Inst(v)));
                    continue;
                }
                _ => {
                    let cnd = pick(&local1, x ^ y);
                    bld.select(cnd, l, r)
                }
            };
            if op % 8 < 6 {
                built.binops.push(Inst(v));
            }
            built.plain.push((i, Inst(v)));
            local32.push(v);
            defined32[i].push(v);
            if i == 0 {
                entry32.push(v);
            }
        }
        let (_, x, y, z) = shape_i.term;
        let mut bld = Builder::at_end(ctx, blocks[i]);
        let t = match succs[i].as_slice() {
            [] => bld.ret(Some(pick(&local32, z))),
            [s] => bld.br(blocks[*s]),
            [t, e] => bld.cond_br(pick(&local1, z), blocks[*t], blocks[*e]),
            [d, c1, c2] => {
                let sw = bld.switch(pick(&local32, x ^ y), blocks[*d], 2);
                let (k0, k1) = (ctx.const_int(i32t, 0), ctx.const_int(i32t, 1));
                ctx.switch_add_case(sw, k0, blocks[*c1]);
                ctx.switch_add_case(sw, k1, blocks[*c2]);
                sw
            }
            _ => unreachable!("at most three successors"),
        };
        built.terms.push(t);
    }
    built
}

/// The messages (LLVM 19's `Verifier.cpp`; those of mutations `.ll` text
/// can express are checked against `llvm-as-19` by
/// `scripts/verify-mutations.sh`).
const PHI_COUNT: &str =
    "PHINode should have one entry for each predecessor of its parent basic block!";
const PHI_PREDS: &str = "PHI node entries do not match predecessors!";
const PHI_GROUPED: &str = "PHI nodes not grouped at top of basic block!";
const NO_TERMINATOR: &str = "Basic Block in function 'f' does not have terminator!";
const ENTRY_PREDS: &str = "Entry block to function must not have predecessors!";
const NOT_DOMINATED: &str = "Instruction does not dominate all uses!";

/// Applies mutation `kind` (falling back to erasing a terminator, which
/// always applies); returns its name, LLVM's message, and whether `.ll`
/// text can express the result.
fn mutate(b: &mut Built, (kind, x, y): (u8, u8, u8)) -> (&'static str, &'static str, bool) {
    let ctx = &mut b.ctx;
    match kind % 9 {
        0 if !b.phis.is_empty() => {
            let phi = pick(&b.phis, x);
            let n = ctx.num_operands(phi.0);
            ctx.phi_remove_incoming(phi, u32::from(y) % n);
            return ("phi-drop", PHI_COUNT, true);
        }
        1 if !b.phis.is_empty() => {
            let phi = pick(&b.phis, x);
            let n = ctx.num_operands(phi.0);
            let k = u32::from(y) % n;
            let v = ctx.phi_remove_incoming(phi, k).expect("an incoming value");
            // The PHI's own block: never its predecessor (edges go forward).
            let own = ctx.inst_parent(phi).expect("in a block");
            ctx.phi_add_incoming(phi, v, own);
            return ("phi-block", PHI_PREDS, true);
        }
        2 if !b.plain.is_empty() => {
            let (bi, _) = pick(&b.plain, x);
            let term = ctx.terminator(b.blocks[bi]).expect("a terminator");
            let i32t = ctx.i32_type();
            Builder::before(ctx, term).phi(i32t, 0);
            return ("phi-late", PHI_GROUPED, true);
        }
        4 if b.terms.len() > 1 => {
            // A successor of a block other than the last: a block operand.
            let t = b.terms[x as usize % (b.terms.len() - 1)];
            let k = match ctx.opcode(t) {
                Opcode::Br if ctx.num_operands(t.0) == 1 => 0,
                _ => 1,
            };
            ctx.set_operand(t.0, k, Some(b.blocks[0].0));
            return ("entry-pred", ENTRY_PREDS, true);
        }
        5 => {
            // An operand of an instruction re-pointed at a later
            // instruction of the operand's type: later in the same block,
            // or in a later block (edges go forward, so a later block is
            // on no path to an earlier one).
            let mut pairs: Vec<(Inst, u32, Inst)> = Vec::new();
            for (k, &(_, i)) in b.plain.iter().enumerate() {
                for &(_, j) in &b.plain[k + 1..] {
                    let jt = ctx.type_of(j.0);
                    let op = (0..ctx.num_operands(i.0))
                        .find(|&o| ctx.operand(i.0, o).is_some_and(|v| ctx.type_of(v) == jt));
                    if let Some(op) = op {
                        pairs.push((i, op, j));
                    }
                }
            }
            if !pairs.is_empty() {
                let (i, op, j) = pick(&pairs, x);
                ctx.set_operand(i.0, op, Some(j.0));
                return ("use-before-def", NOT_DOMINATED, true);
            }
        }
        6 if !b.binops.is_empty() => {
            let i = pick(&b.binops, x);
            let c = ctx.arg(b.f, 2);
            refused(ctx, i, 1, c);
        }
        7 => {
            let conds: Vec<Inst> = b
                .terms
                .iter()
                .copied()
                .filter(|&t| ctx.opcode(t) == Opcode::Br && ctx.num_operands(t.0) == 3)
                .collect();
            if !conds.is_empty() {
                let t = pick(&conds, x);
                let a = ctx.arg(b.f, 0);
                refused(ctx, t, 0, a);
            }
        }
        8 => {
            let ret = *b.terms.last().expect("a terminator");
            let c = ctx.arg(b.f, 2);
            refused(ctx, ret, 0, c);
        }
        _ => {}
    }
    let t = pick(&b.terms, y);
    ctx.erase_inst(t);
    ("no-terminator", NO_TERMINATOR, false)
}

/// Checks that checked construction refuses setting operand `k` of `i` to
/// `v` (a type LLVM's constructors assert against), leaving `i` as it was.
fn refused(ctx: &mut Context, i: Inst, k: u32, v: Value) {
    let before = ctx.operand(i.0, k);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ctx.set_operand(i.0, k, Some(v));
    }));
    let e = r.expect_err("set_operand accepted an operand of the wrong type");
    let msg = e
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    assert!(msg.starts_with("Context::set_operand: "), "{msg}");
    assert_eq!(ctx.operand(i.0, k), before);
}

/// Writes a sample for `scripts/verify-mutations.sh` when asked to.
fn sample(b: &Built, name: &str, message: &str) {
    use std::io::Write;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    static COUNTS: Mutex<Vec<(String, usize)>> = Mutex::new(Vec::new());
    static SERIAL: AtomicUsize = AtomicUsize::new(0);
    let Some(dir) = std::env::var_os("LAIR_VERIFY_SAMPLES") else {
        return;
    };
    let mut counts = COUNTS.lock().unwrap();
    let seen = match counts.iter_mut().find(|(n, _)| n == name) {
        Some((_, k)) => {
            *k += 1;
            *k
        }
        None => {
            counts.push((name.to_string(), 1));
            1
        }
    };
    if seen > 8 {
        return;
    }
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = format!("{name}-{}", SERIAL.fetch_add(1, Ordering::Relaxed));
    std::fs::write(dir.join(format!("{file}.ll")), b.ctx.print_module(b.m)).unwrap();
    let mut tsv = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("expected.tsv"))
        .unwrap();
    writeln!(tsv, "{file}\t{message}").unwrap();
}

fn prop(shape: Shape) -> TestResult {
    let mut b = build(&shape);
    let clean = b.ctx.verify_module(b.m);
    if !clean.is_ok() {
        return TestResult::error(format!(
            "a built module does not verify:\n{clean}\n{}",
            b.ctx.print_module(b.m)
        ));
    }
    let (name, want, textual) = mutate(&mut b, shape.mutation);
    let got = b.ctx.verify_module(b.m);
    match got.first() {
        Some(e) if e.message() == want && got.is_broken() => {
            if textual {
                sample(&b, name, want);
            }
            TestResult::passed()
        }
        _ => TestResult::error(format!(
            "mutation {name}: want '{want}', got:\n{got}\n{}",
            b.ctx.print_module(b.m)
        )),
    }
}

#[test]
fn built_modules_verify_and_each_mutation_gets_llvms_message() {
    QuickCheck::new()
        .tests(500)
        .quickcheck(prop as fn(Shape) -> TestResult);
}
