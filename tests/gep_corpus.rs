//! Differential test against LLVM 19: every GEP of `../shared/corpus/*.ll`
//! and `tests/data/gep/edge.ll` (deduplicated), rebuilt with lair's API and
//! asked for `accumulate_constant_offset` and `collect_offset`; the answers
//! must equal LLVM 19's, quoted in `tests/data/gep/corpus-llvm19.txt`
//! (written by `scripts/gep-table.sh` from `scripts/gep-oracle.cpp`).
//!
//! Each GEP is built as the table says: an instruction (`i`, in a function
//! whose arguments are the base and the non-constant indices, folding off)
//! or a constant expression (`c`, on a global, through `Context::const_gep`,
//! which must not fold it away: LLVM's table only has GEPs its own folder
//! kept). Until the `.ll` parser lands, types are read by the small reader
//! below.

#[path = "support/verified.rs"]
mod verified;

use lair::builder::Builder;
use lair::constants::apint::APInt;
use lair::ir::Module;
use lair::layout::LayoutCache;
use lair::{Context, Type, Value};
use std::collections::HashMap;

const TABLE: &str = include_str!("data/gep/corpus-llvm19.txt");

/// A module section of the table being replayed.
struct Section {
    ctx: Context,
    m: Module,
    cache: LayoutCache,
    named: HashMap<String, Type>,
    globals: HashMap<u32, Value>,
    count: usize,
}

impl Section {
    fn new(layout: &str) -> Section {
        let mut ctx = Context::new();
        let m = ctx.create_module("gep");
        ctx.module_mut(m).datalayout = layout.to_string();
        let cache = ctx
            .module_layout_cache(m)
            .expect("LLVM accepted the layout");
        Section {
            ctx,
            m,
            cache,
            named: HashMap::new(),
            globals: HashMap::new(),
            count: 0,
        }
    }

    /// `%tN = type <body>`: bodies only name earlier definitions.
    fn define(&mut self, def: &str) {
        let (name, body) = def.split_once(" = type ").unwrap();
        let t = self.ctx.create_struct(&name[1..]);
        self.named.insert(name.to_string(), t);
        if body != "opaque" {
            let mut p = Reader {
                s: body.as_bytes(),
                i: 0,
            };
            let (elems, packed) = self.struct_body(&mut p);
            self.ctx.set_struct_body(t, &elems, packed);
        }
    }

    fn parse(&mut self, s: &str) -> Type {
        let mut p = Reader {
            s: s.as_bytes(),
            i: 0,
        };
        let t = self.ty(&mut p);
        assert_eq!(p.i, p.s.len(), "trailing input in type {s:?}");
        t
    }

    fn struct_body(&mut self, p: &mut Reader) -> (Vec<Type>, bool) {
        let packed = p.eat("<{");
        if !packed {
            p.expect("{");
        }
        let mut elems = Vec::new();
        if !p.eat("}") {
            loop {
                elems.push(self.ty(p));
                if p.eat("}") {
                    break;
                }
                p.expect(",");
            }
        }
        if packed {
            p.expect(">");
        }
        (elems, packed)
    }

    fn ty(&mut self, p: &mut Reader) -> Type {
        p.ws();
        if p.peek("{") || p.peek("<{") {
            let (elems, packed) = self.struct_body(p);
            return self.ctx.struct_type(&elems, packed);
        }
        if p.eat("[") {
            let n = p.num();
            p.expect("x");
            let e = self.ty(p);
            p.expect("]");
            return self.ctx.array_type(e, n);
        }
        if p.eat("<") {
            let scalable = p.eat("vscale");
            if scalable {
                p.expect("x");
            }
            let n = p.num() as u32;
            p.expect("x");
            let e = self.ty(p);
            p.expect(">");
            return if scalable {
                self.ctx.scalable_vector_type(e, n)
            } else {
                self.ctx.vector_type(e, n)
            };
        }
        if p.eat("%") {
            let start = p.i - 1;
            while p.i < p.s.len() && p.s[p.i].is_ascii_alphanumeric() {
                p.i += 1;
            }
            let name = std::str::from_utf8(&p.s[start..p.i]).unwrap();
            return self.named[name];
        }
        if p.eat("ptr") {
            let mut addr_space = 0;
            if p.eat("addrspace(") {
                addr_space = p.num() as u32;
                p.expect(")");
            }
            return self.ctx.ptr_type(addr_space);
        }
        let c = &mut self.ctx;
        for (word, t) in [
            ("half", c.half_type()),
            ("bfloat", c.bfloat_type()),
            ("float", c.float_type()),
            ("double", c.double_type()),
            ("x86_fp80", c.x86_fp80_type()),
            ("fp128", c.fp128_type()),
            ("ppc_fp128", c.ppc_fp128_type()),
        ] {
            if p.eat(word) {
                return t;
            }
        }
        p.expect("i");
        let bits = p.num() as u32;
        self.ctx.int_type(bits)
    }

    /// A base pointer value of type `ty` for a constant expression.
    fn global_base(&mut self, ty: Type) -> Value {
        let elem = self.ctx.scalar_type(ty);
        let addr_space = self.ctx.ptr_addrspace(elem).unwrap();
        let g = match self.globals.get(&addr_space) {
            Some(&g) => g,
            None => {
                let i8t = self.ctx.i8_type();
                let g = self
                    .ctx
                    .add_global_var(self.m, format!("g{addr_space}"), i8t, addr_space)
                    .0;
                self.globals.insert(addr_space, g);
                g
            }
        };
        match self.ctx.vector_len(ty) {
            None => g,
            Some((n, _)) => self.ctx.const_aggregate(ty, &vec![g; n as usize]),
        }
    }

    /// Replays one `gep` line; returns `None` when it matches, else a
    /// description of the mismatch.
    fn check(&mut self, line: &str) -> Option<String> {
        let (lhs, want) = line.split_once(" => ").unwrap();
        let rest = lhs.strip_prefix("gep ").unwrap();
        let (kind, rest) = rest.split_at(1);
        let mut parts = rest[1..].split('|');
        let base_ty = self.parse(parts.next().unwrap());
        let src = self.parse(parts.next().unwrap());
        let mut idx = Vec::new(); // (type, Some(constant) | None = variable k)
        let mut var_tys: Vec<Type> = Vec::new();
        for p in parts {
            let (t, v) = p.rsplit_once(' ').unwrap();
            let t = self.parse(t);
            match v.strip_prefix('?') {
                Some(k) => {
                    let k: usize = k.parse().unwrap();
                    if k == var_tys.len() {
                        var_tys.push(t);
                    }
                    idx.push((t, Err(k)));
                }
                None => idx.push((t, Ok(v.parse::<i128>().unwrap()))),
            }
        }
        let consts: Vec<Option<Value>> = idx
            .iter()
            .map(|&(t, v)| v.ok().map(|c| self.int_const(t, c)))
            .collect();
        self.count += 1;
        let (gep, args) = if kind == "c" && var_tys.is_empty() {
            let base = self.global_base(base_ty);
            let ops: Vec<Value> = consts.iter().map(|c| c.unwrap()).collect();
            let g = self
                .ctx
                .const_gep(src, base, &ops, lair::inst::GepFlags::NONE, None);
            if g == base {
                return Some(format!("{line}: const_gep folded it to its base"));
            }
            (g, Vec::new())
        } else {
            let void = self.ctx.void_type();
            let mut params = vec![base_ty];
            params.extend_from_slice(&var_tys);
            let fty = self.ctx.function_type(void, &params, false);
            let f = self
                .ctx
                .add_function(self.m, format!("f{}", self.count), fty);
            let args: Vec<Value> = (0..params.len()).map(|i| self.ctx.arg(f, i)).collect();
            let ops: Vec<Value> = idx
                .iter()
                .zip(&consts)
                .map(|(&(_, v), c)| match v {
                    Ok(_) => c.unwrap(),
                    Err(k) => args[k + 1],
                })
                .collect();
            let entry = self.ctx.append_block(f, "entry");
            let mut b = Builder::at_end(&mut self.ctx, entry);
            b.set_folding(false);
            let g = b.gep(src, args[0], &ops, lair::inst::GepFlags::NONE);
            b.ret(None);
            (g, args)
        };
        let acc = match self.cache.accumulate_constant_offset(&self.ctx, gep) {
            Ok(o) => o.offset.to_string(),
            Err(_) => "none".to_string(),
        };
        let coll = match self.cache.collect_offset(&self.ctx, gep) {
            Ok(o) => {
                let mut s = o.constant.to_string();
                for (v, scale) in &o.terms {
                    let k = args.iter().position(|a| a == v).map_or(99, |p| p - 1);
                    s.push_str(&format!(" ?{k}*{scale}"));
                }
                s
            }
            Err(_) => "none".to_string(),
        };
        let got = format!("{acc}|{coll}");
        (got != want).then(|| format!("{line}: got {got}"))
    }

    fn int_const(&mut self, t: Type, c: i128) -> Value {
        let w = self
            .ctx
            .int_width(t)
            .expect("constant indices are integers");
        let words = [c as u64, (c >> 64) as u64];
        let ap = if w <= 64 {
            APInt::from_i64(w, c as i64)
        } else {
            // Sign-extend above 128 bits.
            let fill = if c < 0 { u64::MAX } else { 0 };
            let mut all = words.to_vec();
            all.resize(w.div_ceil(64) as usize, fill);
            APInt::from_words(w, &all)
        };
        self.ctx.const_int_ap(t, &ap)
    }
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }
    fn peek(&mut self, w: &str) -> bool {
        self.ws();
        self.s[self.i..].starts_with(w.as_bytes())
    }
    fn eat(&mut self, w: &str) -> bool {
        if self.peek(w) {
            self.i += w.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, w: &str) {
        assert!(self.eat(w), "expected {w:?} at {}", self.i);
    }
    fn num(&mut self) -> u64 {
        self.ws();
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .unwrap()
            .parse()
            .unwrap()
    }
}

#[test]
fn corpus_gep_offsets_match_llvm19() {
    let mut section: Option<Section> = None;
    let (mut checked, mut constant, mut mismatches) = (0usize, 0usize, Vec::new());
    let mut modules = 0;
    for line in TABLE.lines() {
        if line.starts_with("module ") {
            modules += 1;
        } else if let Some(dl) = line.strip_prefix("dl ") {
            if let Some(s) = &section {
                verified::assert_sound(&s.ctx, s.m);
            }
            section = Some(Section::new(dl));
        } else if let Some(def) = line.strip_prefix("def ") {
            section.as_mut().unwrap().define(def);
        } else if line.starts_with("gep ") {
            checked += 1;
            if !line.contains("=> none|") {
                constant += 1;
            }
            if let Some(m) = section.as_mut().unwrap().check(line) {
                mismatches.push(m);
            }
        }
    }
    eprintln!(
        "{checked} GEPs from {modules} modules compared ({constant} with a constant offset), {} mismatches",
        mismatches.len()
    );
    if let Some(s) = &section {
        verified::assert_sound(&s.ctx, s.m);
    }
    assert!(checked > 4000, "the table is too short: {checked}");
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(30)].join("\n")
    );
}
