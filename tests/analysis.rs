//! The analyses against LLVM 19's answers (tables written by
//! `scripts/dom-table.sh` from libLLVM; `.ci/run` re-derives them):
//!
//! * `queries-llvm19.txt`: every dominance, post-dominance, reachability,
//!   nearest-common-dominator and iterated-dominance-frontier query over
//!   the functions of `tests/data/analysis/*.ll`;
//! * `updates-llvm19.txt`: random CFGs edited in batches, with the
//!   dominator and post-dominator trees printed (as `opt` prints them:
//!   children order, DFS numbers, slow queries, roots) before the first
//!   batch and after each `apply_updates`.

use lair::analysis::{
    BlockEdge, DomTree, IdfCalculator, LoopInfo, PostDomTree, Update, UpdateKind,
};
use lair::asm::parse::parse_module;
use lair::builder::Builder;
use lair::ir::{Block, Function, Inst};
use lair::{Context, Value, ValueKind};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

fn data(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/analysis")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Compares two texts line by line, reporting the first difference with
/// the last header line (`fn ...`, `# case ...`) before it.
fn check(what: &str, want: &str, got: &str) {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let mut header = "";
    for i in 0..w.len().max(g.len()) {
        let (a, b) = (w.get(i).copied(), g.get(i).copied());
        if let Some(a) = a {
            if a.starts_with("fn ") || a.starts_with("# case") || a.starts_with("file ") {
                header = a;
            }
        }
        assert_eq!(
            a,
            b,
            "{what}: line {} differs (after `{header}`)\nLLVM: {a:?}\nlair: {b:?}",
            i + 1
        );
    }
}

/// Names of one function's values as the oracle writes them.
struct Names {
    of: HashMap<Value, String>,
    blocks: Vec<Block>,
    insts: Vec<Inst>,
}

impl Names {
    fn new(ctx: &Context, f: Function) -> Self {
        let mut of = HashMap::new();
        for (i, &a) in ctx.args(f).iter().enumerate() {
            of.insert(a, format!("a{i}"));
        }
        let (mut blocks, mut insts) = (Vec::new(), Vec::new());
        for (bi, b) in ctx.blocks(f).enumerate() {
            of.insert(b.0, format!("b{bi}"));
            blocks.push(b);
            for (ii, i) in ctx.insts(b).enumerate() {
                of.insert(i.0, format!("b{bi}.{ii}"));
                insts.push(i);
            }
        }
        Names { of, blocks, insts }
    }
    fn n(&self, v: impl Into<Value>) -> &str {
        self.of.get(&v.into()).map_or("-", String::as_str)
    }
}

fn b01(x: bool) -> u8 {
    x as u8
}

/// The oracle's `queries` output for one module, computed by lair.
fn queries(ctx: &Context, m: lair::ir::Module) -> String {
    let mut o = String::new();
    for f in ctx.functions(m).collect::<Vec<_>>() {
        if ctx.is_declaration(f) {
            continue;
        }
        writeln!(o, "fn {}", ctx.name_of(f.0).unwrap_or("")).unwrap();
        let n = Names::new(ctx, f);
        let dt = DomTree::new(ctx, f);
        let pdt = PostDomTree::new(ctx, f);
        for &u in &n.insts {
            for op in 0..ctx.num_operands(u.0) {
                let Some(v) = ctx.operand(u.0, op) else {
                    continue;
                };
                if !matches!(
                    ctx.value_kind(v),
                    ValueKind::Instruction | ValueKind::Argument
                ) {
                    continue;
                }
                let us = lair::Use {
                    user: u.0,
                    operand_no: op,
                };
                writeln!(
                    o,
                    "use {} {op} {}",
                    n.n(u),
                    b01(dt.dominates_use(ctx, v, us))
                )
                .unwrap();
                writeln!(
                    o,
                    "reach {} {op} {}",
                    n.n(u),
                    b01(dt.is_use_reachable(ctx, us))
                )
                .unwrap();
            }
        }
        let small = n.insts.len() <= 60;
        if small {
            for &d in &n.insts {
                for &u in &n.insts {
                    let r = dt.dominates_inst(ctx, d.0, u);
                    writeln!(o, "inst {} {} {}", n.n(d), n.n(u), b01(r)).unwrap();
                }
            }
            for &a in ctx.args(f) {
                for &u in &n.insts {
                    let r = dt.dominates_inst(ctx, a, u);
                    writeln!(o, "inst {} {} {}", n.n(a), n.n(u), b01(r)).unwrap();
                }
            }
            for &d in &n.insts {
                for &b in &n.blocks {
                    let r = dt.dominates_block_uses(ctx, d, b);
                    writeln!(o, "iblock {} {} {}", n.n(d), n.n(b), b01(r)).unwrap();
                }
            }
            for &i in &n.insts {
                for &j in &n.insts {
                    let p = pdt.dominates_inst(ctx, i, j);
                    writeln!(o, "pinst {} {} {}", n.n(i), n.n(j), b01(p)).unwrap();
                    let k = dt.nearest_common_dominator_inst(ctx, i, j);
                    let k = k.map_or("-", |k| n.n(k));
                    writeln!(o, "incd {} {} {k}", n.n(i), n.n(j)).unwrap();
                }
            }
        }
        for &a in &n.blocks {
            for &b in &n.blocks {
                let (d, p) = (dt.dominates(ctx, a, b), dt.properly_dominates(ctx, a, b));
                writeln!(o, "block {} {} {} {}", n.n(a), n.n(b), b01(d), b01(p)).unwrap();
                if dt.is_reachable_from_entry(ctx, a) && dt.is_reachable_from_entry(ctx, b) {
                    let c = dt.nearest_common_dominator(ctx, a, b);
                    let c = c.map_or("-", |c| n.n(c));
                    writeln!(o, "ncd {} {} {c}", n.n(a), n.n(b)).unwrap();
                }
                let pd = pdt.dominates(ctx, a, b);
                writeln!(o, "pblock {} {} {}", n.n(a), n.n(b), b01(pd)).unwrap();
            }
        }
        for &s in &n.blocks {
            for e in ctx.successors(s) {
                for &b in &n.blocks {
                    let r = dt.edge_dominates(ctx, BlockEdge::new(s, e), b);
                    writeln!(o, "edge {} {} {} {}", n.n(s), n.n(e), n.n(b), b01(r)).unwrap();
                }
            }
        }
        let mut out = Vec::new();
        for &b in &n.blocks {
            let mut fc = IdfCalculator::new(&dt);
            fc.set_defining_blocks(ctx, &[b]);
            fc.calculate(ctx, &mut out);
            let list: String = out.iter().map(|&x| format!(" {}", n.n(x))).collect();
            writeln!(o, "idf {} :{list}", n.n(b)).unwrap();
            let mut rc = IdfCalculator::new(&pdt);
            rc.set_defining_blocks(ctx, &[b]);
            rc.calculate(ctx, &mut out);
            let list: String = out.iter().map(|&x| format!(" {}", n.n(x))).collect();
            writeln!(o, "ridf {} :{list}", n.n(b)).unwrap();
        }
        let po: String = ctx
            .post_order(f)
            .iter()
            .map(|&x| format!(" {}", n.n(x)))
            .collect();
        writeln!(o, "po :{po}").unwrap();
        let li = LoopInfo::compute(ctx, &dt);
        let list = |v: &[Block]| -> String { v.iter().map(|&x| format!(" {}", n.n(x))).collect() };
        let opt = |b: Option<Block>| b.map_or("-".to_string(), |b| n.n(b).to_string());
        for l in li.loops_in_preorder() {
            writeln!(
                o,
                "loop {} depth {} blocks{} | latch {} pre {} pred {} | exiting{} | exits{} | unique{} | latches{} | parallel {} id {}",
                n.n(li.header(l)),
                li.depth(l),
                list(li.blocks(l)),
                opt(li.latch(ctx, l)),
                opt(li.preheader(ctx, l)),
                opt(li.loop_predecessor(ctx, l)),
                list(&li.exiting_blocks(ctx, l)),
                list(&li.exit_blocks(ctx, l)),
                list(&li.unique_exit_blocks(ctx, l)),
                list(&li.latches(ctx, l)),
                b01(li.is_annotated_parallel(ctx, l)),
                b01(li.loop_id(ctx, l).is_some()),
            )
            .unwrap();
        }
        for &b in &n.blocks {
            let h = li.loop_for(ctx, b).map(|l| li.header(l));
            writeln!(
                o,
                "depth {} {} {} {}",
                n.n(b),
                li.loop_depth(ctx, b),
                opt(h),
                b01(li.is_loop_header(ctx, b))
            )
            .unwrap();
        }
        if small {
            for &b in &n.blocks {
                for &c in &n.blocks {
                    let mut fc = IdfCalculator::new(&dt);
                    fc.set_defining_blocks(ctx, &[b, c]);
                    fc.calculate(ctx, &mut out);
                    let list: String = out.iter().map(|&x| format!(" {}", n.n(x))).collect();
                    writeln!(o, "idf2 {} {} :{list}", n.n(b), n.n(c)).unwrap();
                }
            }
        }
    }
    o
}

#[test]
fn queries_agree_with_llvm19() {
    let want = data("queries-llvm19.txt");
    let mut files: Vec<String> = want
        .lines()
        .filter_map(|l| l.strip_prefix("file ").map(str::to_string))
        .collect();
    files.dedup();
    assert!(files.len() >= 4, "the table lists the analysis modules");
    let mut got = String::new();
    for file in files {
        writeln!(got, "file {file}").unwrap();
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, &data(&file), &file).unwrap();
        got.push_str(&queries(&ctx, m));
    }
    check("queries-llvm19.txt", &want, &got);
}

/// Replays the update scripts of `updates-llvm19.txt`.
struct Replay {
    ctx: Context,
    f: Option<Function>,
    blocks: Vec<Block>,
    dt: Option<(DomTree, PostDomTree)>,
    out: String,
}

impl Replay {
    fn set_succs(&mut self, k: usize, succ: &[usize]) {
        let ctx = &mut self.ctx;
        let b = self.blocks[k];
        if let Some(t) = ctx.terminator(b) {
            ctx.erase_inst(t);
        }
        let x = ctx.arg(self.f.unwrap(), 0);
        let i32t = ctx.i32_type();
        let targets: Vec<Block> = succ.iter().map(|&s| self.blocks[s]).collect();
        let mut bd = Builder::at_end(ctx, b);
        match targets.len() {
            0 => {
                bd.ret(None);
            }
            1 => {
                bd.br(targets[0]);
            }
            n => {
                let sw = bd.switch(x, targets[0], n as u32 - 1);
                for (i, &t) in targets.iter().enumerate().skip(1) {
                    let c = ctx.const_int(i32t, i as u64);
                    ctx.switch_add_case(sw, c, t);
                }
            }
        }
    }

    fn print(&mut self) {
        let f = self.f.unwrap();
        let names = self.ctx.local_names(f);
        let (dt, pdt) = self.dt.as_ref().unwrap();
        let mut name = |o: &mut String, b: Block| names.push(o, b.0);
        dt.print(&mut self.out, &mut name);
        pdt.print(&mut self.out, &mut name);
    }

    fn build(&mut self) {
        if self.dt.is_none() {
            let f = self.f.unwrap();
            self.dt = Some((DomTree::new(&self.ctx, f), PostDomTree::new(&self.ctx, f)));
            self.print();
        }
    }

    fn line(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let nums = |ws: &[&str]| -> Vec<usize> { ws.iter().map(|w| w.parse().unwrap()).collect() };
        match words.first().copied() {
            Some("cfg") => {
                let n: usize = words[1].parse().unwrap();
                self.ctx = Context::new();
                let m = self.ctx.create_module("cfg");
                let (v, i32t) = (self.ctx.void_type(), self.ctx.i32_type());
                let fty = self.ctx.function_type(v, &[i32t], false);
                let f = self.ctx.add_function(m, "f", fty);
                self.f = Some(f);
                self.blocks = (0..n)
                    .map(|i| self.ctx.append_block(f, format!("b{i}")))
                    .collect();
                self.dt = None;
            }
            Some("succ") | Some("set") => {
                let k: usize = words[1].parse().unwrap();
                self.set_succs(k, &nums(&words[3..]));
            }
            Some("batch") => self.build(),
            Some("apply") => {
                let ups: Vec<Update> = words[1..]
                    .iter()
                    .map(|u| {
                        let (a, b) = u[1..].split_once('.').unwrap();
                        let (a, b) = (
                            self.blocks[a.parse::<usize>().unwrap()],
                            self.blocks[b.parse::<usize>().unwrap()],
                        );
                        let kind = if u.starts_with('+') {
                            UpdateKind::Insert
                        } else {
                            UpdateKind::Delete
                        };
                        Update {
                            kind,
                            from: a,
                            to: b,
                        }
                    })
                    .collect();
                let (dt, pdt) = self.dt.as_mut().unwrap();
                dt.apply_updates(&self.ctx, &ups);
                pdt.apply_updates(&self.ctx, &ups);
                self.out.push_str(line);
                self.out.push('\n');
                self.print();
                return;
            }
            Some("end") => {
                self.build();
                self.out.push_str(line);
                self.out.push('\n');
                self.dt = None;
                return;
            }
            _ => {}
        }
        self.out.push_str(line);
        self.out.push('\n');
    }
}

#[test]
fn updates_agree_with_llvm19() {
    let want = data("updates-llvm19.txt");
    let mut r = Replay {
        ctx: Context::new(),
        f: None,
        blocks: Vec::new(),
        dt: None,
        out: String::new(),
    };
    let script = want.lines().filter(|l| {
        ["#", "cfg", "succ", "batch", "set", "apply", "end"]
            .iter()
            .any(|p| l.starts_with(p))
    });
    for l in script {
        r.line(l);
    }
    assert!(want.matches("apply").count() > 500);
    check("updates-llvm19.txt", &want, &r.out);
}

/// `print<block-freq>` prints frequencies beyond `ScaledNumber`'s decimal
/// range (at least 2^64, below 2^-120) as opt-19 does, through LLVM's
/// `APFloat` form (`range.expected` is opt-19's output; `.ci/run` compares
/// lair with opt-19 on the module too).
#[test]
fn block_frequencies_beyond_the_decimal_range() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/block-freq");
    let src = std::fs::read_to_string(dir.join("range.ll")).unwrap();
    let want = std::fs::read_to_string(dir.join("range.expected")).unwrap();
    let mut ctx = Context::new();
    let m = ctx.parse_assembly(&src, "range.ll").unwrap();
    let mut p = lair::passes::Pipeline::parse("print<block-freq>").unwrap();
    let mut runner = lair::passes::PassRunner::new();
    p.run(&mut ctx, m, &mut runner).unwrap();
    assert!(want.contains("E+48") && want.contains("E-64"));
    check("print<block-freq>", &want, &runner.log);
}
