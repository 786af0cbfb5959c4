//! DataLayout: parsing, queries, type sizes and alignments, struct layouts and
//! GEP offsets, checked against LLVM 19.
//!
//! Two kinds of test live here:
//!
//! * Named tests, one per item of section 8 (DL1-DL40, SL1-SL4) and section 9
//!   (G2-G7) of `../shared/reference/llvm-behaviours.md`, with the numbers
//!   that file quotes (each test names its item), and the seed article's GEP
//!   (`../shared/seeds/getelementptr-by-example.txt`, 41 bytes).
//! * Table tests over `tests/data/datalayout-llvm19.txt`, which
//!   `scripts/datalayout-table.py` writes by asking libLLVM 19.1.7 itself
//!   (`scripts/datalayout-oracle.cpp`): ~415 layout strings (error message
//!   or a dump of every property; 200 of them seeded-random), equality of
//!   ~25 pairs, ~2,700 type answers (size / store / alloc / ABI / preferred
//!   alignment / struct layout of ~110 types under 24 layouts, the five
//!   target layouts of the issue among them, plus 240 random types under 30
//!   random layouts), and ~260 constant GEPs (45 chosen, the rest random).
//!   Where a named test quotes a number the behaviours file does not give,
//!   it comes from that table (said so in a comment).

use lair::layout::{
    Align, DataLayout, DataLayoutErrorKind, Endianness, FunctionPtrAlignKind, GepError, GepIndex,
    LayoutCache, LayoutError, ManglingMode, TypeSize,
};
use lair::{Context, Type};

use std::collections::HashMap;

const X86_64: &str =
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";
const I386: &str =
    "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128";
const AARCH64: &str = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32";
const BIG: &str = "E-m:e-p:32:32-i64:64-n32-S128";
const AMDGPU: &str = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";

const TABLES: &str = include_str!("data/datalayout-llvm19.txt");

fn dl(s: &str) -> DataLayout {
    DataLayout::parse(s).unwrap_or_else(|e| panic!("{s:?} should parse: {e}"))
}

fn err(s: &str) -> String {
    match DataLayout::parse(s) {
        Ok(_) => panic!("{s:?} should be rejected"),
        Err(e) => e.to_string(),
    }
}

fn a(bytes: u64) -> Align {
    Align::from_bytes(bytes).unwrap()
}

// ---------------------------------------------------------------------------
// A small reader of LLVM type syntax, for the tables (the real `.ll` parser
// lives elsewhere).

struct Types {
    ctx: Context,
    named: HashMap<String, Type>,
}

impl Types {
    fn new() -> Types {
        Types {
            ctx: Context::new(),
            named: HashMap::new(),
        }
    }

    /// `%name = type { ... }` / `type opaque`; every name is created first
    /// (so bodies may refer to later names), then bodies are set in order.
    fn define_all(&mut self, defs: &[&str]) {
        for d in defs {
            let name = d.split(" = ").next().unwrap().trim();
            let t = self.ctx.create_struct(&name[1..]);
            self.named.insert(name.to_string(), t);
        }
        for d in defs {
            let (name, body) = d.split_once(" = type ").unwrap();
            if body.trim() == "opaque" {
                continue;
            }
            let mut p = Parser {
                s: body.trim().as_bytes(),
                i: 0,
            };
            let (elems, packed) = match self.ty(&mut p) {
                Parsed::Struct(elems, packed) => (elems, packed),
                _ => panic!("not a struct body: {body}"),
            };
            let t = self.named[name.trim()];
            self.ctx.set_struct_body(t, &elems, packed);
        }
    }

    fn parse(&mut self, s: &str) -> Type {
        let mut p = Parser {
            s: s.as_bytes(),
            i: 0,
        };
        let t = self.ty(&mut p);
        p.ws();
        assert_eq!(p.i, p.s.len(), "trailing input in type {s:?}");
        self.finish(t)
    }

    fn finish(&mut self, t: Parsed) -> Type {
        match t {
            Parsed::Ty(t) => t,
            Parsed::Struct(elems, packed) => self.ctx.struct_type(&elems, packed),
        }
    }

    fn ty(&mut self, p: &mut Parser) -> Parsed {
        p.ws();
        if p.eat("{") {
            return Parsed::Struct(self.list(p, b'}'), false);
        }
        if p.eat("<{") {
            return Parsed::Struct(self.list(p, b'}'), true).then_expect(p, ">");
        }
        if p.eat("[") {
            let n = p.num();
            p.expect("x");
            let e = self.ty(p);
            let e = self.finish(e);
            p.expect("]");
            return Parsed::Ty(self.ctx.array_type(e, n));
        }
        if p.eat("<") {
            let scalable = p.eat("vscale");
            if scalable {
                p.expect("x");
            }
            let n = p.num() as u32;
            p.expect("x");
            let e = self.ty(p);
            let e = self.finish(e);
            p.expect(">");
            return Parsed::Ty(if scalable {
                self.ctx.scalable_vector_type(e, n)
            } else {
                self.ctx.vector_type(e, n)
            });
        }
        if p.eat("%") {
            let start = p.i - 1;
            while p.i < p.s.len()
                && (p.s[p.i].is_ascii_alphanumeric() || p.s[p.i] == b'.' || p.s[p.i] == b'_')
            {
                p.i += 1;
            }
            let name = std::str::from_utf8(&p.s[start..p.i]).unwrap();
            return Parsed::Ty(self.named[name]);
        }
        if p.eat("target(\"") {
            let start = p.i;
            while p.s[p.i] != b'"' {
                p.i += 1;
            }
            let name = std::str::from_utf8(&p.s[start..p.i]).unwrap().to_string();
            p.i += 1;
            let (mut types, mut ints) = (Vec::new(), Vec::new());
            while p.eat(",") {
                p.ws();
                if p.s[p.i].is_ascii_digit() {
                    ints.push(p.num() as u32);
                } else {
                    let t = self.ty(p);
                    types.push(self.finish(t));
                }
            }
            p.expect(")");
            return Parsed::Ty(self.ctx.target_ext_type(&name, &types, &ints));
        }
        if p.eat("ptr") {
            let mut addr_space = 0;
            if p.eat("addrspace(") {
                addr_space = p.num() as u32;
                p.expect(")");
            }
            return Parsed::Ty(self.ctx.ptr_type(addr_space));
        }
        let c = &mut self.ctx;
        for (word, t) in [
            ("half", c.half_type()),
            ("bfloat", c.bfloat_type()),
            ("float", c.float_type()),
            ("double", c.double_type()),
            ("x86_fp80", c.x86_fp80_type()),
            ("x86_amx", c.x86_amx_type()),
            ("fp128", c.fp128_type()),
            ("ppc_fp128", c.ppc_fp128_type()),
            ("void", c.void_type()),
            ("label", c.label_type()),
            ("metadata", c.metadata_type()),
            ("token", c.token_type()),
        ] {
            if p.eat(word) {
                return Parsed::Ty(t);
            }
        }
        p.expect("i");
        let bits = p.num() as u32;
        Parsed::Ty(self.ctx.int_type(bits))
    }

    fn list(&mut self, p: &mut Parser, close: u8) -> Vec<Type> {
        let mut v = Vec::new();
        p.ws();
        if p.s[p.i] == close {
            p.i += 1;
            return v;
        }
        loop {
            let t = self.ty(p);
            v.push(self.finish(t));
            p.ws();
            let c = p.s[p.i];
            p.i += 1;
            if c == close {
                return v;
            }
            assert_eq!(c, b',', "bad list at {}", p.i);
        }
    }
}

enum Parsed {
    Ty(Type),
    Struct(Vec<Type>, bool),
}

impl Parsed {
    fn then_expect(self, p: &mut Parser, s: &str) -> Parsed {
        p.expect(s);
        self
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }
    fn eat(&mut self, w: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(w.as_bytes()) {
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

// ---------------------------------------------------------------------------
// The oracle's output formats, reproduced from our answers.

/// Same format as `dump()` in scripts/datalayout-oracle.cpp.
fn dump(dl: &DataLayout) -> String {
    let mut s = format!(
        "ok E={} S={} P={} A={} G={} F={}{}",
        u8::from(dl.is_big_endian()),
        dl.stack_alignment().map_or(0, Align::bytes),
        dl.program_address_space(),
        dl.alloca_address_space(),
        dl.globals_address_space(),
        match dl.function_ptr_align_kind() {
            FunctionPtrAlignKind::Independent => "i",
            FunctionPtrAlignKind::MultipleOfFunctionAlign => "n",
        },
        dl.function_ptr_align().map_or(0, Align::bytes),
    );
    s += &format!(
        " gp={} pp={} lp={}",
        dl.global_prefix()
            .map_or("-".to_string(), |c| c.to_string()),
        dl.private_global_prefix(),
        dl.linker_private_global_prefix()
    );
    s += " n=";
    for w in 0..300 {
        if dl.is_legal_integer(w) {
            s += &format!("{w},");
        }
    }
    s += &format!(" largest={}", dl.largest_legal_int_width());
    s += " ni=";
    for x in dl.non_integral_address_spaces() {
        s += &format!("{x},");
    }
    s += " ptr=";
    for addr_space in [0, 1, 2, 3, 5, 7, 8, 9, 42, 270, 16777215] {
        s += &format!(
            "{addr_space}:{}/{}/{}/{}/{}/{},",
            dl.pointer_size_in_bits(addr_space),
            dl.pointer_size(addr_space),
            dl.pointer_abi_align(addr_space).bytes(),
            dl.pointer_pref_align(addr_space).bytes(),
            dl.index_size_in_bits(addr_space),
            dl.index_size(addr_space),
        );
    }
    s += " int=";
    for w in [0, 1, 7, 8, 9, 16, 24, 32, 48, 64, 65, 128, 256, 16777215] {
        s += &format!("{w}:{},", dl.int_abi_align(w).bytes());
    }
    s
}

fn ts(t: TypeSize) -> String {
    if t.scalable {
        format!("vscale*{}", t.min)
    } else {
        t.min.to_string()
    }
}

/// Same format as the `ty` command of the oracle; `None` when unsized.
fn type_line(cache: &mut LayoutCache, ctx: &Context, ty: Type) -> Option<String> {
    let size = cache.size_in_bits(ctx, ty).ok()?;
    let mut s = format!(
        "size={} store={} alloc={} abi={} pref={}",
        ts(size),
        ts(cache.store_size(ctx, ty).unwrap()),
        ts(cache.alloc_size(ctx, ty).unwrap()),
        cache.abi_align(ctx, ty).unwrap().bytes(),
        cache.pref_align(ctx, ty).unwrap().bytes(),
    );
    if ctx.is_struct(ty) {
        let l = cache.struct_layout(ctx, ty).unwrap();
        s += " offsets=";
        for i in 0..l.num_fields() {
            s += &format!("{},", ts(l.field_offset(i)));
        }
        s += &format!(
            " lsize={} lalign={} padded={}",
            ts(l.size()),
            l.alignment().bytes(),
            u8::from(l.has_padding())
        );
    }
    Some(s)
}

fn section(name: &str) -> impl Iterator<Item = &'static str> + '_ {
    let header = format!("[{name}]");
    TABLES
        .lines()
        .skip_while(move |l| *l != header)
        .skip(1)
        .take_while(|l| !(l.starts_with('[') && l.ends_with(']') && !l.contains(" => ")))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

// ---------------------------------------------------------------------------
// Table tests against libLLVM 19.

#[test]
fn every_layout_string_matches_llvm19() {
    let mut n = 0;
    for line in section("dump") {
        let (input, want) = line.split_once("| => ").unwrap();
        let input = &input[1..];
        let got = match DataLayout::parse(input) {
            Ok(d) => {
                assert_eq!(d.as_str(), input, "DL4: the string is kept as written");
                assert_eq!(d.to_string(), input);
                dump(&d)
            }
            Err(e) => format!("err {e}"),
        };
        assert_eq!(got, want, "layout {input:?}");
        n += 1;
    }
    assert!(n > 200, "only {n} layout strings");
}

#[test]
fn equality_matches_llvm19() {
    let mut n = 0;
    for line in section("eq") {
        let (pair, want) = line.split_once("| => eq ").unwrap();
        let (x, y) = pair[1..].split_once('|').unwrap();
        let got = u8::from(dl(x) == dl(y));
        assert_eq!(got.to_string(), want, "{x:?} == {y:?}");
        n += 1;
    }
    assert!(n > 20);
}

#[test]
fn type_sizes_and_struct_layouts_match_llvm19() {
    let mut types = Types::new();
    let defs: Vec<&str> = section("types")
        .filter_map(|l| l.strip_prefix("def "))
        .collect();
    types.define_all(&defs);
    let mut cache: Option<LayoutCache> = None;
    let mut n = 0;
    for line in section("types") {
        if line.starts_with("def ") {
            continue;
        }
        if let Some(layout) = line.strip_prefix("layout ") {
            cache = Some(LayoutCache::new(dl(layout)));
            continue;
        }
        let cache = cache.as_mut().unwrap();
        let (ty_text, want) = line.split_once(" => ").unwrap();
        let ty = types.parse(ty_text);
        let ctx = &types.ctx;
        let got = type_line(cache, ctx, ty).unwrap_or_else(|| "unsized".to_string());
        let layout = cache.data_layout().as_str().to_string();
        assert_eq!(got, want, "{ty_text} under {layout:?}");
        // The one-shot queries agree with the cache.
        let d = cache.data_layout();
        match cache.clone().alloc_size(ctx, ty) {
            Ok(size) => {
                assert_eq!(d.alloc_size(ctx, ty), Ok(size));
                assert_eq!(d.abi_align(ctx, ty), cache.clone().abi_align(ctx, ty));
                assert_eq!(d.pref_align(ctx, ty), cache.clone().pref_align(ctx, ty));
                assert_eq!(d.size_in_bits(ctx, ty), cache.clone().size_in_bits(ctx, ty));
                assert_eq!(d.store_size(ctx, ty), cache.clone().store_size(ctx, ty));
            }
            Err(e) => {
                assert!(matches!(e, LayoutError::Unsized(_)), "{e}");
                assert_eq!(d.alloc_size(ctx, ty), Err(e));
                assert!(d.pref_align(ctx, ty).is_err());
            }
        }
        n += 1;
    }
    assert!(n > 2000, "only {n} type lines");
}

fn table_index(ty: &str) -> Vec<i128> {
    // "i64 0|i32 1" -> [0, 1]; the index type's width only matters through
    // sign extension, which the i128 value already carries.
    ty.split('|')
        .map(|one| one.split_once(' ').unwrap().1.parse().unwrap())
        .collect()
}

#[test]
fn constant_gep_offsets_match_llvm19() {
    let mut types = Types::new();
    let defs: Vec<&str> = section("types")
        .filter_map(|l| l.strip_prefix("def "))
        .collect();
    types.define_all(&defs);
    let mut n = 0;
    for line in section("gep") {
        let (lhs, want) = line.split_once(" => gep ").unwrap();
        let mut parts = lhs.split(" ;; ");
        let (layout, ty, idx) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let ty = types.parse(ty);
        let idx = table_index(idx);
        let mut cache = LayoutCache::new(dl(layout));
        let got = match cache.gep_constant_offset(&types.ctx, 0, ty, &idx) {
            Ok(o) => o.to_string(),
            Err(GepError::Scalable { .. }) => "none".to_string(),
            Err(e) => panic!("{line}: {e}"),
        };
        assert_eq!(got, want, "{line}");
        // The one-shot walk and the variable-term walk agree.
        let one_shot = dl(layout).gep_constant_offset(&types.ctx, 0, ty, &idx);
        let gi: Vec<GepIndex> = idx.iter().map(|&i| GepIndex::Const(i)).collect();
        let collected = cache.gep_offset(&types.ctx, 0, ty, &gi);
        match one_shot {
            Ok(o) => {
                assert_eq!(o.to_string(), want);
                let c = collected.unwrap();
                assert!(c.is_constant());
                assert_eq!(c.constant(), o);
            }
            Err(e) => {
                assert!(matches!(e, GepError::Scalable { .. }));
                assert!(collected.is_err());
            }
        }
        n += 1;
    }
    assert!(n > 40);
}

// ---------------------------------------------------------------------------
// 8a. Grammar

#[test]
fn dl2_string_level_rules() {
    for ok in ["", "e", "m:e", "m:e-e"] {
        dl(ok);
    }
    for bad in ["-", "e-"] {
        assert_eq!(err(bad), "Trailing separator in datalayout string");
    }
    for bad in ["-m:e", "m:e--e", ":32"] {
        assert_eq!(
            err(bad),
            "Expected token before separator in datalayout string"
        );
    }
}

#[test]
fn dl3_later_spec_overrides() {
    let d = dl("i32:16-i32:64");
    assert_eq!(d.int_abi_align(32), a(8));
}

#[test]
fn dl4_string_kept_and_equality_by_properties() {
    let s = "e-m:e-i64:64-n32";
    assert_eq!(dl(s).as_str(), s);
    assert_eq!(dl(s).to_string(), s);
    assert_eq!(format!("{:?}", dl("e")), "DataLayout(\"e\")");
    assert_eq!(dl("e"), dl(""));
    assert_eq!(dl(""), dl("p:64:64:64"));
    assert_ne!(dl("Fi8"), dl("Fi16"));
    assert_ne!(dl("Fi8"), dl("Fn8"));
    assert_ne!(dl(""), dl("Fi8"));
    let x = dl("E-p:32:32");
    let y = x.clone();
    assert_eq!(x, y);
    assert_eq!(DataLayout::default(), dl(""));
    assert!(DataLayout::default().is_default());
    assert!(!dl("e").is_default());
    // LLVM 19's operator== does not look at `ni:` (eq table: "ni:1" == "").
    assert_eq!(dl("ni:1"), dl(""));
    assert_eq!("e-p:32:32".parse::<DataLayout>().unwrap(), dl("p:32:32"));
}

#[test]
fn dl5_llvm19_leniencies() {
    assert!(dl("E1").is_big_endian());
    assert!(dl("e1").is_little_endian());
    assert_eq!(dl("e -p:32:32").pointer_size(0), 4);
    dl("s");
    dl("s:64:64");
    dl("i32:32:32:32");
    dl("a:32:32:32");
    dl("p:32:32:32:32:32");
    for s in ["i0:8", "f0:8", "v0:8", "i:8"] {
        dl(s);
    }
    assert_eq!(err(" e"), "Unknown specifier in datalayout string");
}

// ---------------------------------------------------------------------------
// 8b. Defaults

#[test]
fn dl6_defaults() {
    let d = dl("");
    assert_eq!(d.endianness(), Endianness::Little);
    assert_eq!(d.pointer_size_in_bits(0), 64);
    assert_eq!(d.index_size_in_bits(0), 64);
    assert_eq!(d.pointer_abi_align(0), a(8));
    assert_eq!(d.pointer_pref_align(0), a(8));
    for (bits, abi, pref) in [(1, 1, 1), (8, 1, 1), (16, 2, 2), (32, 4, 4), (64, 4, 8)] {
        assert_eq!(d.int_abi_align(bits), a(abi), "i{bits}");
        assert_eq!(d.int_pref_align(bits), a(pref), "i{bits}");
    }
    assert_eq!(d.aggregate_abi_align(), a(1));
    assert_eq!(d.aggregate_pref_align(), a(8));
    assert_eq!(d.stack_alignment(), None);
    assert!(!d.is_legal_integer(32));
    assert_eq!(d.largest_legal_int_width(), 0);
    assert_eq!(d.native_integer_widths(), &[] as &[u8]);
    assert_eq!(d.alloca_address_space(), 0);
    assert_eq!(d.program_address_space(), 0);
    assert_eq!(d.globals_address_space(), 0);
    assert_eq!(d.mangling(), ManglingMode::None);
    assert_eq!(d.global_prefix(), None);
    assert_eq!(d.private_global_prefix(), "");
    assert_eq!(d.function_ptr_align(), None);
    assert_eq!(
        d.function_ptr_align_kind(),
        FunctionPtrAlignKind::Independent
    );
    assert_eq!(d.pointer_address_spaces().collect::<Vec<_>>(), vec![0]);

    // Floats and vectors by type (f16:16, f32:32, f64:64, f128:128, v64:64,
    // v128:128).
    let mut t = Types::new();
    for (ty, align) in [
        ("half", 2),
        ("float", 4),
        ("double", 8),
        ("fp128", 16),
        ("<2 x i32>", 8),
        ("<4 x i32>", 16),
    ] {
        let ty = t.parse(ty);
        assert_eq!(d.abi_align(&t.ctx, ty), Ok(a(align)));
        assert_eq!(d.pref_align(&t.ctx, ty), Ok(a(align)));
    }
}

#[test]
fn dl7_default_pointers_in_every_address_space() {
    let d = dl("");
    let mut ctx = Context::new();
    for addr_space in [0, 1, 2, 100, 16777215] {
        assert_eq!(d.pointer_size(addr_space), 8);
        assert_eq!(d.pointer_size_in_bits(addr_space), 64);
        assert_eq!(d.index_size(addr_space), 8);
        assert_eq!(d.pointer_abi_align(addr_space), a(8));
        assert_eq!(d.pointer_pref_align(addr_space), a(8));
        let i64 = ctx.i64_type();
        assert_eq!(d.int_ptr_type(&mut ctx, addr_space), i64);
        assert_eq!(d.index_type(&mut ctx, addr_space), i64);
    }
}

// ---------------------------------------------------------------------------
// 8c. Parse errors (each message with each input listed)

fn assert_all(msg: &str, inputs: &[&str]) {
    for s in inputs {
        assert_eq!(err(s), msg, "input {s:?}");
    }
}

#[test]
fn dl8_unknown_specifier() {
    assert_all("Unknown specifier in datalayout string", &["^", "x", " e"]);
    let e = DataLayout::parse("e-^").unwrap_err();
    assert_eq!(e.kind(), DataLayoutErrorKind::UnknownSpecifier);
    assert_eq!(e.offset(), 2, "offset of the failing spec");
    assert_eq!(e.message(), "Unknown specifier in datalayout string");
}

#[test]
fn dl9_mangling() {
    assert_all("Unknown mangling in datalayout string", &["m:v", "m:q"]);
    assert_all("Expected mangling specifier in datalayout string", &["m"]);
    assert_all(
        "Unexpected trailing characters after mangling specifier in datalayout string",
        &["m."],
    );
    assert_all("Unknown mangling specifier in datalayout string", &["m:ee"]);
    for (s, m) in [
        ("m:e", ManglingMode::Elf),
        ("m:l", ManglingMode::Goff),
        ("m:m", ManglingMode::Mips),
        ("m:o", ManglingMode::MachO),
        ("m:x", ManglingMode::WinCoffX86),
        ("m:w", ManglingMode::WinCoff),
        ("m:a", ManglingMode::Xcoff),
    ] {
        assert_eq!(dl(s).mangling(), m, "{s}");
    }
}

#[test]
fn dl10_native_integers() {
    assert_all(
        "Zero width native integer type in datalayout string",
        &["n0"],
    );
    assert_all(
        "not a number, or does not fit in an unsigned int",
        &["n", "n:32", "nx"],
    );
    assert_all("Trailing separator in datalayout string", &["n32:"]);
}

#[test]
fn dl11_address_spaces() {
    assert_all(
        "Invalid address space, must be a 24-bit integer",
        &[
            "A16777216",
            "G16777216",
            "P16777216",
            "p16777216:32:32:32:32",
        ],
    );
    assert_eq!(dl("A16777215").alloca_address_space(), 16777215);
    assert_eq!(dl("P16777215").program_address_space(), 16777215);
    assert_eq!(dl("G16777215").globals_address_space(), 16777215);
    assert_eq!(dl("p16777215:32:32").pointer_size(16777215), 4);
    assert_all(
        "not a number, or does not fit in an unsigned int",
        &["A", "G", "P", "Ax"],
    );
}

#[test]
fn dl12_stack_and_function_alignment_values() {
    assert_all(
        "Alignment is neither 0 nor a power of 2",
        &["Fi24", "Fn24", "S24"],
    );
    assert_all("number of bits must be a byte width multiple", &["S12"]);
    assert_eq!(dl("S0").stack_alignment(), None);
    assert_eq!(dl("S8").stack_alignment(), Some(a(1)));
    assert_eq!(dl("S128").stack_alignment(), Some(a(16)));
    assert_eq!(dl("Fi0").function_ptr_align(), None);
}

#[test]
fn dl13_function_pointer_alignment_kind() {
    assert_all(
        "Unknown function pointer alignment type in datalayout string",
        &["F", "Fx8"],
    );
    assert_all("not a number, or does not fit in an unsigned int", &["Fi"]);
}

#[test]
fn dl14_i8_must_be_naturally_aligned() {
    assert_all(
        "Invalid ABI alignment, i8 must be naturally aligned",
        &["i8:16", "i8:16:8", "i8:16:32"],
    );
    assert_eq!(dl("i8:8:16").int_pref_align(8), a(2));
}

#[test]
fn dl15_missing_parts() {
    assert_all(
        "Missing alignment specification in datalayout string",
        &["i", "i1", "a", "a0"],
    );
    assert_all(
        "Missing size specification for pointer in datalayout string",
        &["p", "p0"],
    );
    assert_all(
        "Missing alignment specification for pointer in datalayout string",
        &["p:32", "p0:32"],
    );
}

#[test]
fn dl16_not_a_number() {
    assert_all(
        "not a number, or does not fit in an unsigned int",
        &[
            "i0x8:8",
            "ix:8:8",
            "i1:x",
            "i8:8x:8",
            "i8:8:0x8",
            "a:x",
            "a0:0x0",
            "p:32:x",
            "p0:32:0x20:32",
            "ni",
            "ni42",
            "nix",
            "ni:x",
            "ni:42:0x1",
        ],
    );
}

#[test]
fn dl17_empty_components() {
    assert_all(
        "Trailing separator in datalayout string",
        &[
            "i8:",
            "i1:8:",
            "a:",
            "a0:",
            "p:32:",
            "p:32:32:",
            "p:32:32:32:",
            "ni:",
            "ni:42:",
        ],
    );
    assert_all(
        "Expected token before separator in datalayout string",
        &[
            "i16::16",
            "i32::64",
            "a::32",
            "p::32",
            "p0:32::32",
            "p42:32:32::32",
            "ni::42",
        ],
    );
}

#[test]
fn dl18_type_widths() {
    assert_all(
        "Invalid bit width, must be a 24-bit integer",
        &["i16777216:64:64"],
    );
    dl("i16777215:8:0");
}

#[test]
fn dl19_alignment_values() {
    assert_all(
        "ABI alignment specification must be >0 for non-aggregate types",
        &["i8:0", "i16:0:16", "i32:0:64"],
    );
    assert_all(
        "number of bits must be a byte width multiple",
        &[
            "i1:1", "i8:4", "i16:6:16", "a:1", "a:9:16", "i8:8:17", "p:32:4",
        ],
    );
    assert_all(
        "Invalid ABI alignment, must be a power of 2",
        &["i32:24:64", "a0:24:32"],
    );
    assert_all(
        "Invalid preferred alignment, must be a power of 2",
        &["i16:32:40", "a0:32:40"],
    );
    assert_all(
        "Invalid ABI alignment, must be a 16bit integer",
        &["i16:524288", "a:1048576"],
    );
    assert_eq!(dl("i16:131072").int_abi_align(16), a(16384));
    assert_all(
        "Invalid preferred alignment, must be a 16bit integer",
        &["i16:16:1048576"],
    );
    assert_eq!(dl("p:32:1048576").pointer_abi_align(0), a(131072));
}

#[test]
fn dl20_preferred_below_abi() {
    assert_all(
        "Preferred alignment cannot be less than the ABI alignment",
        &[
            "i1:16:8",
            "i16:16:0",
            "i64:32:16",
            "f16:16:8",
            "v16:16:8",
            "a:16:8",
            "a:16:0",
            "a0:32:16",
            "p:64:64:32",
            "p0:16:32:16:16",
            "p42:32:65536:32:32",
        ],
    );
    assert_eq!(dl("i16777215:8:0").int_pref_align(16777215), a(1));
    assert_eq!(dl("a0:8:0").aggregate_pref_align(), a(1));
}

#[test]
fn dl21_aggregates() {
    assert_all(
        "Sized aggregate specification in datalayout string",
        &["a1:8"],
    );
    let d = dl("a:0:16");
    assert_eq!(d.aggregate_abi_align(), a(1));
    assert_eq!(d.aggregate_pref_align(), a(2));
    dl("a0:8:0");
}

#[test]
fn dl22_pointers() {
    assert_all("Invalid pointer size of 0 bytes", &["p:0:32"]);
    assert_all(
        "Pointer ABI alignment must be a power of 2",
        &["p:32:0", "p0:32:0:32", "p42:32:24:32"],
    );
    assert_all(
        "Pointer preferred alignment must be a power of 2",
        &["p:32:32:0", "p0:32:32:24"],
    );
    assert_all("Invalid index size of 0 bytes", &["p:32:32:32:0"]);
    assert_all(
        "Index width cannot be larger than pointer width",
        &[
            "p:16:16:16:17",
            "p0:32:64:64:64",
            "p42:16:64:64:32",
            "p42:32:32:32:16777216",
        ],
    );
    assert_eq!(dl("p:12:8").pointer_size(0), 2);
    assert_eq!(dl("p:7:8").pointer_size_in_bits(0), 7);
    assert_eq!(dl("p:64:64:64:7").index_size_in_bits(0), 7);
    assert_eq!(dl("p:16777216:8").pointer_size_in_bits(0), 16777216);
}

#[test]
fn dl23_non_integral_address_spaces() {
    dl("ni:1");
    dl("ni:16777215");
    assert_eq!(
        dl("ni:1:16777215").non_integral_address_spaces(),
        &[1, 16777215]
    );
    assert_all(
        "Address space 0 can never be non-integral",
        &["ni:0", "ni:42:0"],
    );
    assert!(dl("ni:16777216").is_non_integral_address_space(16777216));
}

#[test]
fn dl24_message_is_the_whole_display() {
    assert_eq!(
        err("p:32"),
        "Missing alignment specification for pointer in datalayout string"
    );
}

#[test]
fn dl25_no_llvm20_messages() {
    // Inputs whose LLVM 20 message differs: ours are LLVM 19's.
    assert_eq!(
        err("i8:16"),
        "Invalid ABI alignment, i8 must be naturally aligned"
    );
    assert_eq!(err("ni:0"), "Address space 0 can never be non-integral");
    assert_eq!(
        err("p:16:16:16:17"),
        "Index width cannot be larger than pointer width"
    );
    for s in ["-", "i8:0", "i16:524288", "p", "i1:1"] {
        let m = err(s);
        assert!(!m.contains("malformed specification"), "{m}");
        assert!(!m.contains("must be a non-zero 24-bit integer"), "{m}");
    }
}

// ---------------------------------------------------------------------------
// 8d. Queries

#[test]
fn dl26_pointer_specs_per_address_space() {
    type Query = fn(&DataLayout, u32) -> u64;
    let rows: [(&str, Query, [u64; 3]); 9] = [
        (
            "p:16:32",
            |d, s| d.pointer_size_in_bits(s).into(),
            [16, 16, 16],
        ),
        (
            "p1:16:32",
            |d, s| d.pointer_size_in_bits(s).into(),
            [64, 16, 64],
        ),
        (
            "p1:31:32-p2:15:16:16:14",
            |d, s| d.pointer_size_in_bits(s).into(),
            [64, 31, 15],
        ),
        ("p1:17:32", |d, s| d.pointer_size(s).into(), [8, 3, 8]),
        (
            "p1:31:64-p2:23:8:16:9",
            |d, s| d.pointer_size(s).into(),
            [8, 4, 3],
        ),
        (
            "p1:16:32:32:10",
            |d, s| d.index_size_in_bits(s).into(),
            [64, 10, 64],
        ),
        ("p1:19:32:64:5", |d, s| d.index_size(s).into(), [8, 1, 8]),
        (
            "p1:33:16:32:15-p2:23:8:16:9",
            |d, s| d.pointer_abi_align(s).bytes(),
            [8, 2, 1],
        ),
        (
            "p1:33:8:16:31-p2:23:8:32:17",
            |d, s| d.pointer_pref_align(s).bytes(),
            [8, 2, 4],
        ),
    ];
    for (layout, query, want) in rows {
        let d = dl(layout);
        let got = [query(&d, 0), query(&d, 1), query(&d, 2)];
        assert_eq!(got, want, "{layout}");
    }
}

#[test]
fn dl27_index_size_defaults_to_pointer_size() {
    let mut ctx = Context::new();
    let d = dl("p:64:64:64:32");
    assert_eq!(d.index_size(0), 4);
    let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
    assert_eq!(d.index_type(&mut ctx, 0), i32t);
    assert_eq!(d.int_ptr_type(&mut ctx, 0), i64t);
    let d = dl("e-p:32:32");
    for addr_space in [0, 1, 7] {
        assert_eq!(d.pointer_size(addr_space), 4);
        assert_eq!(d.pointer_abi_align(addr_space), a(4));
        assert_eq!(d.pointer_pref_align(addr_space), a(4));
        assert_eq!(d.int_ptr_type(&mut ctx, addr_space), i32t);
    }
}

#[test]
fn dl28_function_pointer_alignment() {
    assert_eq!(dl("").function_ptr_align(), None);
    for (bits, bytes) in [(8, 1), (16, 2), (32, 4), (64, 8)] {
        let i = dl(&format!("Fi{bits}"));
        assert_eq!(i.function_ptr_align(), Some(a(bytes)));
        assert_eq!(
            i.function_ptr_align_kind(),
            FunctionPtrAlignKind::Independent
        );
        let n = dl(&format!("Fn{bits}"));
        assert_eq!(n.function_ptr_align(), Some(a(bytes)));
        assert_eq!(
            n.function_ptr_align_kind(),
            FunctionPtrAlignKind::MultipleOfFunctionAlign
        );
    }
}

#[test]
fn dl29_globals_address_space() {
    assert_eq!(dl("").globals_address_space(), 0);
    assert_eq!(dl("P1-A2").globals_address_space(), 0);
    assert_eq!(dl("G2").globals_address_space(), 2);
    assert_eq!(dl("G200").globals_address_space(), 200);
}

#[test]
fn dl30_value_or_abi_alignment() {
    let ctx = Context::new();
    let i32t = ctx.i32_type();
    let d = dl("");
    assert_eq!(d.value_or_abi_align(Some(a(16)), &ctx, i32t), Ok(a(16)));
    assert_eq!(d.value_or_abi_align(None, &ctx, i32t), Ok(a(4)));
}

#[test]
fn dl31_non_integral() {
    let d = dl("");
    assert!(!d.is_non_integral_address_space(0));
    assert!(!d.is_non_integral_address_space(1));
    let d = dl("ni:2:16777215");
    assert_eq!(d.non_integral_address_spaces(), &[2, 16777215]);
    assert!(d.is_non_integral_address_space(2));
    assert!(d.is_non_integral_address_space(16777215));
    assert!(!d.is_non_integral_address_space(0));
    assert!(!d.is_non_integral_address_space(1));
}

#[test]
fn dl32_a_cache_per_layout() {
    let mut t = Types::new();
    let s = t.parse("{ptr}");
    let ctx = &t.ctx;
    let mut c32 = LayoutCache::new(dl("p:32:32"));
    assert_eq!(c32.size_in_bits(ctx, s), Ok(TypeSize::fixed(32)));
    assert_eq!(c32.abi_align(ctx, s), Ok(a(4)));
    let mut c64 = LayoutCache::new(dl("p:64:64"));
    assert_eq!(c64.size_in_bits(ctx, s), Ok(TypeSize::fixed(64)));
    assert_eq!(c64.abi_align(ctx, s), Ok(a(8)));
    // "DL1 = DL2": the old cache is replaced, nothing stale survives.
    c32 = c64.clone();
    assert_eq!(c32.size_in_bits(ctx, s), Ok(TypeSize::fixed(64)));
    assert_eq!(c32.abi_align(ctx, s), Ok(a(8)));
    assert_eq!(c32.num_cached(), 1);
    c32.clear();
    assert_eq!(c32.num_cached(), 0);
}

#[test]
fn dl33_mangling_prefixes() {
    for (s, global, private, linker) in [
        ("m:e", None, ".L", false),
        ("m:w", None, ".L", false),
        ("m:o", Some('_'), "L", true),
        ("m:x", Some('_'), "L", false),
        ("m:m", None, "$", false),
        ("m:l", None, "L#", false),
        ("m:a", None, "L..", false),
    ] {
        let d = dl(s);
        assert_eq!(d.global_prefix(), global, "{s}");
        assert_eq!(d.private_global_prefix(), private, "{s}");
        assert_eq!(d.has_linker_private_global_prefix(), linker, "{s}");
        assert_eq!(
            d.linker_private_global_prefix(),
            if linker { "l" } else { "" }
        );
    }
}

#[test]
fn dl34_native_integers_and_stack() {
    let d = dl("n8:16:32:64");
    assert!(d.is_legal_integer(32));
    assert!(!d.is_legal_integer(128));
    assert_eq!(d.largest_legal_int_width(), 64);
    assert!(d.fits_in_legal_integer(33));
    assert!(!d.fits_in_legal_integer(65));
    assert_eq!(d.smallest_legal_int_width(17), Some(32));
    assert_eq!(d.smallest_legal_int_width(65), None);
    let d = dl("S128");
    assert_eq!(d.stack_alignment(), Some(a(16)));
    assert!(d.exceeds_natural_stack_alignment(a(32)));
    assert!(!d.exceeds_natural_stack_alignment(a(16)));
    assert!(!dl("").exceeds_natural_stack_alignment(a(1 << 30)));
    // LLVM 19 keeps native widths in bytes: n256 is a width of 0 (dump
    // table: "n256:8" gives legal widths 0 and 8).
    let d = dl("n256:8");
    assert_eq!(d.native_integer_widths(), &[0, 8]);
    assert!(d.is_legal_integer(0));
    assert!(!d.is_legal_integer(256));
}

// ---------------------------------------------------------------------------
// 8e. Type sizes and alignments

struct Check {
    t: Types,
    cache: LayoutCache,
}

impl Check {
    fn new(layout: &str) -> Check {
        Check {
            t: Types::new(),
            cache: LayoutCache::new(dl(layout)),
        }
    }
    fn ty(&mut self, s: &str) -> Type {
        self.t.parse(s)
    }
    /// (size bits, store, alloc, abi, pref)
    fn all(&mut self, s: &str) -> (TypeSize, TypeSize, TypeSize, u64, u64) {
        let ty = self.ty(s);
        let ctx = &self.t.ctx;
        (
            self.cache.size_in_bits(ctx, ty).unwrap(),
            self.cache.store_size(ctx, ty).unwrap(),
            self.cache.alloc_size(ctx, ty).unwrap(),
            self.cache.abi_align(ctx, ty).unwrap().bytes(),
            self.cache.pref_align(ctx, ty).unwrap().bytes(),
        )
    }
    fn store(&mut self, s: &str) -> u64 {
        self.all(s).1.fixed_value().unwrap()
    }
    fn alloc(&mut self, s: &str) -> u64 {
        self.all(s).2.fixed_value().unwrap()
    }
    fn abi(&mut self, s: &str) -> u64 {
        self.all(s).3
    }
    fn pref(&mut self, s: &str) -> u64 {
        self.all(s).4
    }
    fn offsets(&mut self, s: &str) -> Vec<u64> {
        let ty = self.ty(s);
        let l = self.cache.struct_layout(&self.t.ctx, ty).unwrap();
        l.field_offsets().to_vec()
    }
}

#[test]
fn dl35_integers() {
    let mut c = Check::new("");
    for t in ["i1", "i7", "i8"] {
        assert_eq!((c.store(t), c.abi(t)), (1, 1), "{t}");
    }
    assert_eq!((c.store("i9"), c.abi("i9")), (2, 2));
    assert_eq!((c.store("i24"), c.alloc("i24"), c.abi("i24")), (3, 4, 4));
    assert_eq!(
        (c.store("i48"), c.alloc("i48"), c.abi("i48"), c.pref("i48")),
        (6, 8, 4, 8)
    );
    assert_eq!((c.alloc("i64"), c.abi("i64"), c.pref("i64")), (8, 4, 8));
    assert_eq!(
        (c.store("i65"), c.alloc("i65"), c.abi("i65"), c.pref("i65")),
        (9, 12, 4, 8)
    );
    assert_eq!((c.alloc("i128"), c.alloc("i256")), (16, 32));
    assert_eq!((c.abi("i128"), c.pref("i128")), (4, 8));
    let mut c = Check::new("i128:128");
    assert_eq!((c.alloc("i65"), c.abi("i65")), (16, 16));
}

#[test]
fn dl36_integer_alignment_lookup() {
    let d = dl("");
    for (bits, like) in [(7, 8), (9, 16), (24, 32), (48, 64), (65, 64), (256, 64)] {
        assert_eq!(d.int_abi_align(bits), d.int_abi_align(like), "i{bits}");
        assert_eq!(d.int_pref_align(bits), d.int_pref_align(like), "i{bits}");
    }
    let d = dl("i128:128");
    assert_eq!(d.int_abi_align(65), a(16));
    assert_eq!(d.int_abi_align(256), a(16));
}

#[test]
fn dl37_floating_point() {
    let mut c = Check::new("");
    for (t, size, align) in [
        ("half", 2, 2),
        ("bfloat", 2, 2),
        ("float", 4, 4),
        ("double", 8, 8),
        ("fp128", 16, 16),
        ("ppc_fp128", 16, 16),
    ] {
        assert_eq!(
            (c.store(t), c.alloc(t), c.abi(t)),
            (size, size, align),
            "{t}"
        );
    }
    assert_eq!(c.all("x86_fp80").0, TypeSize::fixed(80));
    assert_eq!(
        (c.store("x86_fp80"), c.alloc("x86_fp80"), c.abi("x86_fp80")),
        (10, 16, 16)
    );
    let mut c = Check::new("f80:32");
    assert_eq!((c.alloc("x86_fp80"), c.abi("x86_fp80")), (12, 4));
    let mut c = Check::new("f80:128");
    assert_eq!((c.alloc("x86_fp80"), c.abi("x86_fp80")), (16, 16));
}

#[test]
fn dl38_vectors() {
    let mut c = Check::new("");
    for (t, store, alloc, align) in [
        ("<3 x i32>", 12, 16, 16),
        ("<2 x i24>", 6, 8, 8),
        ("<3 x i8>", 3, 4, 4),
        ("<4 x double>", 32, 32, 32),
        ("<2 x ptr>", 16, 16, 16),
    ] {
        assert_eq!(
            (c.store(t), c.alloc(t), c.abi(t)),
            (store, alloc, align),
            "{t}"
        );
    }
    for t in ["<8 x i1>", "<2 x i1>", "<5 x i1>"] {
        assert_eq!((c.store(t), c.abi(t)), (1, 1), "{t}");
    }
    let (size, store, _, abi, _) = c.all("<vscale x 4 x i32>");
    assert_eq!((size, abi), (TypeSize::scalable(128), 16));
    assert_eq!(store, TypeSize::scalable(16));
    let (size, store, ..) = c.all("<vscale x 16 x i1>");
    assert_eq!(
        (size, store),
        (TypeSize::scalable(16), TypeSize::scalable(2))
    );
    assert_eq!(size.to_string(), "vscale x 16");
    let mut c = Check::new("p:32:32");
    assert_eq!(c.alloc("<2 x ptr>"), 8);
    let mut c = Check::new("v64:64");
    assert_eq!((c.abi("<8 x float>"), c.pref("<8 x float>")), (32, 32));
}

#[test]
fn dl39_arrays() {
    let mut c = Check::new("");
    assert_eq!((c.alloc("[3 x i24]"), c.abi("[3 x i24]")), (12, 4));
    assert_eq!((c.alloc("[0 x i8]"), c.abi("[0 x i8]")), (0, 1));
    assert_eq!(
        (c.alloc("[2 x x86_fp80]"), c.abi("[2 x x86_fp80]")),
        (32, 16)
    );
    assert_eq!(c.alloc("[2 x <3 x i32>]"), 32);
    let mut c = Check::new("f80:32");
    assert_eq!(
        (c.alloc("[2 x x86_fp80]"), c.abi("[2 x x86_fp80]")),
        (24, 4)
    );
}

#[test]
fn dl40_alloca_sizes() {
    // The alloca sizes of InstructionsTest: alloc size × count, in bits.
    let mut c = Check::new("");
    c.t.define_all(&["%T = type { i64, [3 x i32] }"]);
    assert_eq!(c.alloc("i32") * 8, 32);
    assert_eq!(c.alloc("i32") * 8 * 4, 128);
    assert_eq!(c.alloc("<8 x double>") * 8, 512);
    assert_eq!(c.all("<vscale x 8 x double>").2, TypeSize::scalable(64));
    assert_eq!(c.alloc("[2 x half]") * 8, 32);
    assert_eq!(c.alloc("[2 x [3 x i128]]") * 8, 768);
    assert_eq!(c.alloc("%T") * 8, 160);
}

#[test]
fn unsized_types_are_errors_not_panics() {
    let mut t = Types::new();
    t.define_all(&[
        "%opaque = type opaque",
        "%has.opaque = type { i8, %opaque }",
        "%self = type { i32, %self }",
        "%a = type { %b }",
        "%b = type { [2 x %a] }",
    ]);
    let mut unsized_types: Vec<Type> = [
        "void",
        "label",
        "metadata",
        "token",
        "%opaque",
        "%has.opaque",
        "[4 x %opaque]",
        "<{%opaque}>",
        "%self",
        "%a",
        "%b",
        "{<vscale x 4 x i32>, i32}",
        "{<vscale x 4 x i32>, <vscale x 2 x i64>}",
        "{{<vscale x 4 x i32>}}",
        "target(\"dx.RawBuffer\", i8, 0, 0)",
        "target(\"foo\")",
        "{target(\"aarch64.svcount\"), i8}",
    ]
    .iter()
    .map(|s| t.parse(s))
    .collect();
    let (void, i32t) = (t.ctx.void_type(), t.ctx.i32_type());
    unsized_types.push(t.ctx.function_type(void, &[i32t], false));
    let d = dl(X86_64);
    let mut cache = LayoutCache::new(d.clone());
    for ty in unsized_types {
        let ctx = &t.ctx;
        assert!(matches!(
            d.size_in_bits(ctx, ty),
            Err(LayoutError::Unsized(_))
        ));
        assert!(d.store_size(ctx, ty).is_err());
        assert!(d.alloc_size(ctx, ty).is_err());
        assert!(d.abi_align(ctx, ty).is_err());
        assert!(d.pref_align(ctx, ty).is_err());
        assert!(cache.alloc_size(ctx, ty).is_err());
        assert!(cache.pref_align(ctx, ty).is_err());
        assert!(d.gep_constant_offset(ctx, 0, ty, &[1]).is_err());
    }
    // Only the sized inner {<vscale x 4 x i32>} was cached; a struct layout
    // of a non-struct is an error.
    assert_eq!(cache.num_cached(), 1);
    let i8t = t.ctx.i8_type();
    assert_eq!(
        d.struct_layout(&t.ctx, i8t),
        Err(LayoutError::NotAStruct(i8t))
    );
    // An opaque struct that later gets a body becomes sized (nothing stale).
    let late = t.ctx.create_struct("late");
    let outer = t.ctx.struct_type(&[i8t, late], false);
    assert!(cache.alloc_size(&t.ctx, outer).is_err());
    t.ctx.set_struct_body(late, &[i32t], false);
    assert_eq!(cache.alloc_size(&t.ctx, outer), Ok(TypeSize::fixed(8)));
}

#[test]
fn x86_amx_and_target_types() {
    // x86_amx: 8192 bits, align 64 (LLVM 19 DataLayout.h/.cpp; it cannot be
    // a global, so the oracle table does not list it).
    let mut c = Check::new("");
    assert_eq!(c.all("x86_amx").0, TypeSize::fixed(8192));
    assert_eq!((c.alloc("x86_amx"), c.abi("x86_amx")), (1024, 64));
    // Target types: spirv.* is a ptr, aarch64.svcount a <vscale x 16 x i1>
    // (type table, all layouts).
    let mut c = Check::new("p:32:32");
    assert_eq!(c.alloc("target(\"spirv.Image\")"), 4);
    assert_eq!(
        c.all("target(\"aarch64.svcount\")").2,
        TypeSize::scalable(2)
    );
}

// ---------------------------------------------------------------------------
// 8f. StructLayout

#[test]
fn sl1_sl2_struct_layout_examples() {
    let mut c = Check::new("");
    // (struct, offsets, size, align, padded): the SL2 table.
    for (s, offsets, size, align, padded) in [
        ("{i8, i32}", vec![0, 4], 8, 4, true),
        ("<{i8, i32}>", vec![0, 1], 5, 1, false),
        ("{i32, i8}", vec![0, 4], 8, 4, true),
        ("{i8, i64}", vec![0, 4], 12, 4, true),
        ("{i8, i16, i8, i64, i1}", vec![0, 2, 4, 8, 16], 20, 4, true),
        ("{}", vec![], 0, 1, false),
        ("{i32, [0 x i8]}", vec![0, 4], 4, 4, false),
        ("{i8, {i8, i32}, i8}", vec![0, 4, 12], 16, 4, true),
        ("{i8, <{i8, i32}>, i8}", vec![0, 1, 6], 7, 1, false),
        ("{i8, x86_fp80}", vec![0, 16], 32, 16, true),
        ("{i8, ptr}", vec![0, 8], 16, 8, true),
        ("{i1, i1, i1}", vec![0, 1, 2], 3, 1, false),
        ("{i8, <3 x i32>}", vec![0, 16], 32, 16, true),
    ] {
        let ty = c.ty(s);
        let l = c.cache.struct_layout(&c.t.ctx, ty).unwrap();
        assert_eq!(l.field_offsets(), &offsets[..], "{s}");
        assert_eq!(l.size(), TypeSize::fixed(size), "{s}");
        assert_eq!(l.size_in_bits(), TypeSize::fixed(size * 8), "{s}");
        assert_eq!(l.alignment(), a(align), "{s}");
        assert_eq!(l.has_padding(), padded, "{s}");
        assert_eq!(l.num_fields() as usize, offsets.len());
        assert!(!l.is_scalable());
    }
    let mut c = Check::new("i64:64");
    assert_eq!(c.offsets("{i8, i64}"), vec![0, 8]);
    assert_eq!((c.alloc("{i8, i64}"), c.abi("{i8, i64}")), (16, 8));
    let mut c = Check::new("p:32:32");
    assert_eq!(c.offsets("{i8, ptr}"), vec![0, 4]);
    assert_eq!(c.alloc("{i8, ptr}"), 8);
}

#[test]
fn sl3_aggregate_spec() {
    let mut c = Check::new("a:32");
    let ty = c.ty("{i8}");
    let l = c.cache.struct_layout(&c.t.ctx, ty).unwrap().clone();
    assert_eq!((l.size(), l.alignment()), (TypeSize::fixed(1), a(1)));
    assert_eq!((c.abi("{i8}"), c.alloc("{i8}")), (4, 4));
    assert_eq!((c.abi("{}"), c.alloc("{}")), (4, 0));
    assert_eq!(c.offsets("{i8, <{i8, i32}>, i8}"), vec![0, 1, 6]);
    let ty = c.ty("{i8, <{i8, i32}>, i8}");
    assert_eq!(
        c.cache.struct_layout(&c.t.ctx, ty).unwrap().size(),
        TypeSize::fixed(7)
    );
    assert_eq!(c.alloc("{i8, <{i8, i32}>, i8}"), 8);
    // Packed: ABI 1 always; pref max(a-pref, layout alignment).
    assert_eq!((c.abi("<{i8, i32}>"), c.pref("<{i8, i32}>")), (1, 4));
    let mut c = Check::new("");
    assert_eq!((c.abi("{i8, i32}"), c.pref("{i8, i32}")), (4, 8));
    assert_eq!((c.abi("<{i8, i32}>"), c.pref("<{i8, i32}>")), (1, 8));
}

#[test]
fn sl4_element_containing_offset() {
    let mut c = Check::new("");
    let ty = c.ty("{i8, i32, i64}");
    let l = c.cache.struct_layout(&c.t.ctx, ty).unwrap();
    assert_eq!(l.field_offsets(), &[0, 4, 8]);
    for (offset, field) in [(0, 0), (1, 0), (3, 0), (4, 1), (7, 1), (8, 2), (15, 2)] {
        assert_eq!(l.element_containing_offset(offset), Some(field), "{offset}");
    }
    // Zero-sized fields: the last one at that offset (LLVM's comment).
    let ty = c.ty("{i32, [0 x i32], i32}");
    let l = c.cache.struct_layout(&c.t.ctx, ty).unwrap();
    assert_eq!(l.element_containing_offset(4), Some(2));
    assert_eq!(l.element_containing_offset(3), Some(0));
    let ty = c.ty("{}");
    let l = c.cache.struct_layout(&c.t.ctx, ty).unwrap();
    assert_eq!(l.element_containing_offset(0), None);
}

#[test]
fn scalable_struct_layout() {
    // Type table: {<vscale x 4 x i32>, <vscale x 4 x i32>} has offsets
    // vscale*0, vscale*16, size vscale*32, align 16.
    let mut c = Check::new("");
    let ty = c.ty("{<vscale x 4 x i32>, <vscale x 4 x i32>}");
    let l = c.cache.struct_layout(&c.t.ctx, ty).unwrap();
    assert!(l.is_scalable());
    assert_eq!(l.field_offset(1), TypeSize::scalable(16));
    assert_eq!(l.size(), TypeSize::scalable(32));
    assert_eq!(l.element_containing_offset(0), None);
}

#[test]
#[should_panic(expected = "struct field 2 out of range (2 fields)")]
fn field_offset_out_of_range_panics() {
    let mut c = Check::new("");
    let ty = c.ty("{i8, i32}");
    c.cache.struct_layout(&c.t.ctx, ty).unwrap().field_offset(2);
}

// ---------------------------------------------------------------------------
// The five target layouts of the issue, one spot check each (the type table
// covers ~110 types under each).

#[test]
fn target_layouts_spot_checks() {
    let mut c = Check::new(X86_64);
    assert_eq!((c.alloc("x86_fp80"), c.abi("x86_fp80")), (16, 16));
    assert_eq!((c.alloc("i128"), c.abi("i128")), (16, 16));
    assert_eq!(c.alloc("ptr addrspace(270)"), 4);
    assert_eq!(c.offsets("{i8, i64}"), vec![0, 8]);
    assert!(c.cache.data_layout().is_legal_integer(64));

    let mut c = Check::new(I386);
    assert_eq!((c.alloc("x86_fp80"), c.abi("x86_fp80")), (12, 4));
    assert_eq!((c.abi("double"), c.pref("double")), (4, 8));
    assert_eq!(c.offsets("{i8, double}"), vec![0, 4]);
    assert_eq!((c.alloc("i64"), c.abi("i64")), (8, 4));

    let mut c = Check::new(AARCH64);
    assert_eq!((c.abi("i8"), c.pref("i8")), (1, 4));
    assert_eq!((c.abi("i16"), c.pref("i16")), (2, 4));
    let d = c.cache.data_layout();
    assert_eq!(d.function_ptr_align(), Some(a(4)));
    assert_eq!(
        d.function_ptr_align_kind(),
        FunctionPtrAlignKind::MultipleOfFunctionAlign
    );

    let mut c = Check::new(BIG);
    assert_eq!(c.cache.data_layout().endianness(), Endianness::Big);
    assert_eq!((c.alloc("ptr"), c.alloc("i64"), c.abi("i64")), (4, 8, 8));

    let mut c = Check::new(AMDGPU);
    let d = c.cache.data_layout().clone();
    assert_eq!(
        (d.alloca_address_space(), d.globals_address_space()),
        (5, 1)
    );
    assert_eq!(d.stack_alignment(), Some(a(4)));
    assert_eq!(d.non_integral_address_spaces(), &[7, 8, 9]);
    assert_eq!(
        (
            d.pointer_size_in_bits(7),
            d.index_size_in_bits(7),
            d.pointer_abi_align(7)
        ),
        (160, 32, a(32))
    );
    assert_eq!(
        (d.pointer_size_in_bits(8), d.index_size_in_bits(8)),
        (128, 128)
    );
    assert_eq!(d.pointer_size_in_bits(9), 192);
    // Type table: ptr addrspace(7) is 160 bits, alloc 32, align 32.
    assert_eq!(
        (c.alloc("ptr addrspace(7)"), c.abi("ptr addrspace(7)")),
        (32, 32)
    );
    assert_eq!(c.abi("<3 x i32>"), 16, "v96:128");
    assert_eq!(c.abi("<3 x i8>"), 4, "v24:32");
}

// ---------------------------------------------------------------------------
// 9. GEP offsets

const SEED_DEFS: [&str; 4] = [
    "%struct.foo = type { %struct.anon }",
    "%struct.anon = type { i64, %struct.anon.0, i64 }",
    "%struct.anon.0 = type { i64, i64, %union.anon, i64, i64 }",
    "%union.anon = type { i64, [24 x i8] }",
];

#[test]
fn seed_article_chunky_gep_is_41_bytes() {
    // getelementptr inbounds %struct.foo, ptr @chunky, i64 0, i32 0, i32 1,
    // i32 2, i32 1, i64 9 -> chunky.bar.baz.quux.field5[17]: 8 + 16 + 8 + 9.
    let mut c = Check::new(X86_64);
    c.t.define_all(&SEED_DEFS);
    let foo = c.ty("%struct.foo");
    let ctx = &c.t.ctx;
    assert_eq!(
        c.cache
            .gep_constant_offset(ctx, 0, foo, &[0, 0, 1, 2, 1, 9]),
        Ok(41)
    );
    for k in 0..24 {
        assert_eq!(
            c.cache
                .gep_constant_offset(ctx, 0, foo, &[0, 0, 1, 2, 1, k]),
            Ok(32 + k),
            "the gep_offset workload's GEP number {k}"
        );
    }
    assert_eq!(c.cache.alloc_size(ctx, foo), Ok(TypeSize::fixed(80)));
    // The union's first 8 bytes are field4; field5[6] is reached through a
    // [32 x i8] view of the union: quux at 8 + 16 = 24, then 6.
    assert_eq!(
        c.cache.gep_constant_offset(ctx, 0, foo, &[0, 0, 1, 2]),
        Ok(24)
    );
    let view = c.t.parse("[32 x i8]");
    assert_eq!(
        c.cache.gep_constant_offset(&c.t.ctx, 0, view, &[0, 6]),
        Ok(6)
    );
    // nums[i][i + 1] on long nums[3][3]: [3 x [3 x i64]], 0, i, i+1.
    let nums = c.t.parse("[3 x [3 x i64]]");
    assert_eq!(
        c.cache.gep_constant_offset(&c.t.ctx, 0, nums, &[0, 2, 1]),
        Ok(56)
    );
    // The vector example types: %struct.ST, 1, 2, 1, 5, 13 (GEP table).
    c.t.define_all(&[
        "%struct.RT = type { i8, [10 x [20 x i32]], i8 }",
        "%struct.ST = type { i32, double, %struct.RT }",
    ]);
    let st = c.t.parse("%struct.ST");
    assert_eq!(
        c.cache
            .gep_constant_offset(&c.t.ctx, 0, st, &[1, 2, 1, 5, 13]),
        Ok(1296)
    );
}

#[test]
fn g2_walk_rules() {
    let mut c = Check::new("e-p:64:64-i64:64");
    let ctx = &mut c.t;
    let v = ctx.parse("<4 x i24>");
    let arr = ctx.parse("[4 x i24]");
    let ctx = &c.t.ctx;
    // Arrays scale by alloc size (i24 -> 4), vectors by store size (i24 -> 3).
    assert_eq!(c.cache.gep_constant_offset(ctx, 0, arr, &[0, 3]), Ok(12));
    assert_eq!(c.cache.gep_constant_offset(ctx, 0, v, &[0, 3]), Ok(9));
    // A vector of non-byte elements cannot be indexed by a non-zero index.
    let b = c.t.parse("<8 x i1>");
    let ctx = &c.t.ctx;
    assert_eq!(
        c.cache.gep_constant_offset(ctx, 0, b, &[0, 3]),
        Err(GepError::NotByteAddressable { position: 1 })
    );
    assert_eq!(c.cache.gep_constant_offset(ctx, 0, b, &[0, 0]), Ok(0));
    // Indexing past a scalar is an error, not a panic.
    let i = c.t.parse("i32");
    assert_eq!(
        c.cache.gep_constant_offset(&c.t.ctx, 0, i, &[1, 0]),
        Err(GepError::NotIndexable { position: 1 })
    );
    // No indices: offset 0.
    assert_eq!(c.cache.gep_constant_offset(&c.t.ctx, 0, i, &[]), Ok(0));
}

#[test]
fn g3_index_width_truncation_and_sign_extension() {
    let mut c = Check::new("");
    let (i32t, i8t) = (c.ty("i32"), c.ty("i8"));
    let ctx = &c.t.ctx;
    assert_eq!(c.cache.gep_constant_offset(ctx, 0, i32t, &[-1]), Ok(-4));
    assert_eq!(
        c.cache
            .gep_constant_offset(ctx, 0, i8t, &[18446744073709551617]),
        Ok(1)
    );
    let mut c = Check::new("p1:64:64:64:32");
    let i32t = c.ty("i32");
    assert_eq!(
        c.cache
            .gep_constant_offset(&c.t.ctx, 1, i32t, &[4294967297]),
        Ok(4)
    );
    // Address space 0 keeps 64-bit indices under the same layout.
    assert_eq!(
        c.cache
            .gep_constant_offset(&c.t.ctx, 0, i32t, &[4294967297]),
        Ok(17179869188)
    );
    // Wider than 128 bits is refused, not miscomputed.
    let mut c = Check::new("p:256:64:64:256");
    let i8t = c.ty("i8");
    assert_eq!(
        c.cache.gep_constant_offset(&c.t.ctx, 0, i8t, &[1]),
        Err(GepError::IndexWidthUnsupported(256))
    );
}

#[test]
fn g4_worked_examples() {
    let mut c = Check::new("e-p:64:64-i64:64");
    c.t.define_all(&["%S = type { i8, i32, [4 x i16] }"]);
    assert_eq!(c.offsets("%S"), vec![0, 4, 8]);
    assert_eq!(c.alloc("%S"), 16);
    for (ty, idx, want) in [
        ("i32", &[3][..], 12),
        ("%S", &[0, 1], 4),
        ("%S", &[1, 2, 3], 30),
        ("[10 x i32]", &[1, 2], 48),
        ("<4 x i32>", &[0, 2], 8),
        ("<8 x i1>", &[1], 1),
        ("x86_fp80", &[1], 16),
        ("i24", &[1], 4),
        ("%S", &[1, 2, 1], 26),
    ] {
        let t = c.ty(ty);
        assert_eq!(
            c.cache.gep_constant_offset(&c.t.ctx, 0, t, idx),
            Ok(want),
            "{ty} {idx:?}"
        );
    }
    let s = c.ty("%S");
    let d = c.cache.data_layout().clone();
    assert_eq!(d.indexed_offset_in_type(&c.t.ctx, s, &[1, 2, 1]), Ok(26));
}

#[test]
fn g5_scalable() {
    let mut c = Check::new("");
    let v = c.ty("<vscale x 4 x i32>");
    let ctx = &c.t.ctx;
    assert_eq!(c.cache.gep_constant_offset(ctx, 0, v, &[0]), Ok(0));
    assert_eq!(
        c.cache.gep_constant_offset(ctx, 0, v, &[1]),
        Err(GepError::Scalable { position: 0 })
    );
    assert!(c
        .cache
        .gep_offset(ctx, 0, v, &[GepIndex::Const(1)])
        .is_err());
    assert_eq!(
        c.cache.gep_offset(ctx, 0, v, &[GepIndex::Var(7)]),
        Err(GepError::Scalable { position: 0 })
    );
    // Inside the scalable vector, element offsets are fixed (GEP table: 12).
    assert_eq!(c.cache.gep_constant_offset(ctx, 0, v, &[0, 3]), Ok(12));
}

#[test]
fn g6_vector_constants_are_variable_terms() {
    // LLVM 19: a vector index is not a ConstantInt: accumulateConstantOffset
    // fails, collectOffset records it with its stride (scale 4 for i32).
    let mut c = Check::new("");
    let i32t = c.ty("i32");
    let ctx = &c.t.ctx;
    let idx = [GepIndex::Var(0)];
    assert!(c.cache.gep_offset(ctx, 0, i32t, &idx).is_ok());
    let o = c.cache.gep_offset(ctx, 0, i32t, &idx).unwrap();
    assert_eq!(o.variable_terms(), &[(0, 4)]);
    assert_eq!(o.constant(), 0);
}

#[test]
fn g7_collect_offset() {
    use GepIndex::{Const, Var};
    let mut c = Check::new("");
    c.t.define_all(&["%S = type { i8, i32, [4 x i16] }"]);
    let (i, j, b) = (1, 2, 3);
    let t = c.ty("[10 x [10 x i32]]");
    let o = c
        .cache
        .gep_offset(&c.t.ctx, 0, t, &[Var(i), Var(i), Var(j)])
        .unwrap();
    assert_eq!(o.variable_terms(), &[(i, 440), (j, 4)]);
    assert_eq!(o.constant(), 0);
    assert!(!o.is_constant());

    let t = c.ty("[10 x i32]");
    let o = c
        .cache
        .gep_offset(&c.t.ctx, 0, t, &[Var(i), Const(3)])
        .unwrap();
    assert_eq!((o.variable_terms(), o.constant()), (&[(i, 40)][..], 12));

    let s = c.ty("%S");
    let o = c
        .cache
        .gep_offset(&c.t.ctx, 0, s, &[Var(i), Const(1)])
        .unwrap();
    assert_eq!((o.variable_terms(), o.constant()), (&[(i, 16)][..], 4));

    let t = c.ty("i32");
    let o = c.cache.gep_offset(&c.t.ctx, 0, t, &[Var(b)]).unwrap();
    assert_eq!(o.variable_terms(), &[(b, 4)]);

    // Zero strides are left out.
    let e = c.ty("{}");
    let o = c.cache.gep_offset(&c.t.ctx, 0, e, &[Var(i)]).unwrap();
    assert!(o.is_constant());

    // A variable struct index fails; a variable index fails the constant walk.
    assert_eq!(
        c.cache.gep_offset(&c.t.ctx, 0, s, &[Const(0), Var(i)]),
        Err(GepError::StructIndexNotConstant { position: 1 })
    );
    assert_eq!(
        c.cache.gep_constant_offset(&c.t.ctx, 0, t, &[]),
        Ok(0),
        "no index"
    );
    // Insertion order is kept: j first, then i.
    let t = c.ty("[10 x [10 x i32]]");
    let o = c
        .cache
        .gep_offset(&c.t.ctx, 0, t, &[Var(j), Var(i), Var(j)])
        .unwrap();
    assert_eq!(o.variable_terms(), &[(j, 404), (i, 40)]);
    // The one-shot walk agrees.
    let d = c.cache.data_layout().clone();
    assert_eq!(
        d.gep_offset(&c.t.ctx, 0, t, &[Var(j), Var(i), Var(j)]),
        Ok(o)
    );
}

#[test]
fn g8_struct_indices_and_g14_indexed_type() {
    use GepIndex::{Const, Var};
    let mut c = Check::new("");
    c.t.define_all(&["%S = type { i8, i32, [4 x i16] }"]);
    let s = c.ty("%S");
    let i32t = c.ty("i32");
    let i16t = c.ty("i16");
    let ctx = &c.t.ctx;
    assert_eq!(
        c.cache.gep_constant_offset(ctx, 0, s, &[0, 3]),
        Err(GepError::StructIndexOutOfRange {
            position: 1,
            index: 3,
            num_fields: 3
        })
    );
    assert!(c.cache.gep_constant_offset(ctx, 0, s, &[0, -1]).is_err());
    // Out-of-bounds array indices are fine.
    let arr = c.t.parse("[4 x i32]");
    assert_eq!(
        c.cache.gep_constant_offset(&c.t.ctx, 0, arr, &[0, 7]),
        Ok(28)
    );
    let ctx = &c.t.ctx;
    assert_eq!(
        c.cache.gep_indexed_type(ctx, s, &[Const(0), Const(1)]),
        Ok(i32t)
    );
    assert_eq!(
        c.cache
            .gep_indexed_type(ctx, s, &[Var(9), Const(2), Var(1)]),
        Ok(i16t)
    );
    assert_eq!(c.cache.gep_indexed_type(ctx, s, &[]), Ok(s));
    assert!(c
        .cache
        .gep_indexed_type(ctx, s, &[Const(0), Const(3)])
        .is_err());
    assert!(c
        .cache
        .gep_indexed_type(ctx, s, &[Const(0), Var(3)])
        .is_err());
}

#[test]
fn error_messages_are_sentences() {
    let e = GepError::StructIndexOutOfRange {
        position: 1,
        index: 3,
        num_fields: 3,
    };
    assert_eq!(
        e.to_string(),
        "gep index 1 is 3, out of range for a struct of 3 fields"
    );
    let t = Types::new().ctx.void_type();
    assert!(LayoutError::Unsized(t).to_string().contains("not sized"));
    for k in [
        DataLayoutErrorKind::TrailingSeparator,
        DataLayoutErrorKind::UnknownSpecifier,
    ] {
        assert!(k.message().ends_with("in datalayout string"));
    }
}

#[test]
fn align_and_type_size_units() {
    assert_eq!(Align::from_bytes(0), None);
    assert_eq!(Align::from_bytes(3), None);
    assert_eq!(a(8).log2(), 3);
    assert_eq!(a(8).bits(), 64);
    assert_eq!(Align::from_log2(4), a(16));
    assert_eq!(a(8).align_up(9), Some(16));
    assert_eq!(a(8).align_up(u64::MAX), None);
    assert!(a(4).is_aligned(12));
    assert_eq!(format!("{:?} {}", a(4), a(4)), "Align(4) 4");
    assert_eq!(TypeSize::fixed(3).fixed_value(), Some(3));
    assert_eq!(TypeSize::scalable(3).fixed_value(), None);
    assert!(TypeSize::fixed(0).is_zero());
    assert_eq!(TypeSize::fixed(12).to_string(), "12");
    assert_eq!(std::mem::size_of::<Align>(), 1);
}

#[test]
fn huge_sizes_are_errors() {
    let mut c = Check::new("");
    let big = c.ty("[4611686018427387904 x i64]");
    assert!(matches!(
        c.cache.size_in_bits(&c.t.ctx, big),
        Err(LayoutError::SizeOverflow(_))
    ));
    let ok = c.ty("[1152921504606846975 x i8]");
    assert_eq!(
        c.cache.alloc_size(&c.t.ctx, ok),
        Ok(TypeSize::fixed(1152921504606846975))
    );
}
