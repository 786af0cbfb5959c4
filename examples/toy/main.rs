//! `toy`: a small language compiled to LLVM 19 IR with lair's public API,
//! the way a frontend author would write one.
//!
//! ```text
//! cargo run --example toy -- examples/toy/fact.toy -o fact.ll
//! clang-19 fact.ll -o fact && ./fact
//! ```
//!
//! An output path ending in `.bc` gets bitcode (`clang-19 fact.bc` takes it
//! the same way). Every module is checked by lair's verifier before it is
//! written.
//!
//! The language: `int` (i64), `float` (double), `str` (string literals),
//! local arrays `[int; N]` / `[float; N]`, structs, functions with
//! recursion, `if`/`else`, `while`, `&&`/`||` (short-circuit, a PHI),
//! `float(x)`/`int(x)` conversions and `print(...)`, which prints its
//! arguments then a newline through `printf`.
//!
//! ```text
//! struct Point { x: float, y: float }
//! fn fact(n: int) -> int { if n <= 1 { return 1; } return n * fact(n - 1); }
//! fn main() -> int {
//!     let a: [int; 4];
//!     let i = 0;
//!     while i < 4 { a[i] = fact(i); i = i + 1; }
//!     let p: Point;
//!     p.x = 1.5;
//!     print("fact(3) = ", a[3], ", p.x = ", p.x);
//!     return 0;
//! }
//! ```
//!
//! Every local lives in an `alloca` of the entry block (as clang -O0 and
//! LLVM's Kaleidoscope tutorial do); `&&`, `||` join with a PHI. Errors
//! name the line and exit with status 1.

use std::collections::HashMap;
use std::process::ExitCode;

use lair::bitcode::WriteOptions;
use lair::builder::Builder;
use lair::ir::{Block, Function, Module};
use lair::{Context, Type, Value};

// ---- lexer ---------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Float(f64),
    Str(String),
    Punct(&'static str),
    Eof,
}

const PUNCTS: &[&str] = &[
    "->", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "=", "!", "(",
    ")", "{", "}", "[", "]", ",", ";", ":", ".",
];

fn lex(src: &str) -> Result<Vec<(Tok, u32)>, String> {
    let b = src.as_bytes();
    let (mut i, mut line) = (0, 1u32);
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Ident(src[s..i].to_string()), line));
        } else if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let is_float = b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if is_float {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let x = src[s..i].parse().map_err(|e| format!("line {line}: {e}"))?;
                out.push((Tok::Float(x), line));
            } else {
                let x = src[s..i]
                    .parse()
                    .map_err(|e| format!("line {line}: integer {}: {e}", &src[s..i]))?;
                out.push((Tok::Int(x), line));
            }
        } else if c == b'"' {
            i += 1;
            let mut s = String::new();
            loop {
                match b.get(i) {
                    None | Some(b'\n') => return Err(format!("line {line}: unterminated string")),
                    Some(b'"') => break,
                    Some(b'\\') => {
                        let e = match b.get(i + 1) {
                            Some(b'n') => '\n',
                            Some(b't') => '\t',
                            Some(b'"') => '"',
                            Some(b'\\') => '\\',
                            _ => return Err(format!("line {line}: unknown escape in a string")),
                        };
                        s.push(e);
                        i += 2;
                    }
                    Some(_) => {
                        let ch = src[i..].chars().next().unwrap_or('?');
                        s.push(ch);
                        i += ch.len_utf8();
                    }
                }
            }
            i += 1;
            out.push((Tok::Str(s), line));
        } else {
            let p = PUNCTS
                .iter()
                .find(|p| src[i..].starts_with(**p))
                .ok_or_else(|| format!("line {line}: unexpected character {:?}", c as char))?;
            i += p.len();
            out.push((Tok::Punct(p), line));
        }
    }
    out.push((Tok::Eof, line));
    Ok(out)
}

// ---- syntax --------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Ty {
    Int,
    Float,
    Bool,
    Str,
    Void,
    Array(Box<Ty>, u64),
    Struct(String),
}

#[derive(Clone, Debug)]
enum Expr {
    Int(i64),
    Float(f64),
    Str(String),
    Var(String),
    Index(String, Box<Expr>),
    Field(String, String),
    Call(String, Vec<Expr>),
    Unary(&'static str, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
}

#[derive(Debug)]
enum Place {
    Var(String),
    Index(String, Expr),
    Field(String, String),
}

#[derive(Debug)]
enum Stmt {
    Let(String, Option<Ty>, Option<Expr>),
    Assign(Place, Expr),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    While(Expr, Vec<Stmt>),
    Return(Option<Expr>),
    Print(Vec<Expr>),
    Expr(Expr),
}

struct FnDecl {
    name: String,
    params: Vec<(String, Ty)>,
    ret: Ty,
    body: Vec<(Stmt, u32)>,
}

struct Program {
    structs: Vec<(String, Vec<(String, Ty)>)>,
    fns: Vec<FnDecl>,
}

struct Parser {
    toks: Vec<(Tok, u32)>,
    pos: usize,
}

type PResult<T> = Result<T, String>;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }
    fn line(&self) -> u32 {
        self.toks[self.pos].1
    }
    fn next(&mut self) -> Tok {
        let t = self.toks[self.pos].0.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn err<T>(&self, what: &str) -> PResult<T> {
        Err(format!(
            "line {}: expected {what}, found {:?}",
            self.line(),
            self.peek()
        ))
    }
    fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(q) if q == w)
    }
    fn eat(&mut self, p: &str) -> bool {
        let y = self.is(p);
        if y {
            self.next();
        }
        y
    }
    fn expect(&mut self, p: &str) -> PResult<()> {
        if self.eat(p) {
            Ok(())
        } else {
            self.err(&format!("`{p}`"))
        }
    }
    fn ident(&mut self) -> PResult<String> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err("a name"),
        }
    }

    fn program(&mut self) -> PResult<Program> {
        let mut p = Program {
            structs: Vec::new(),
            fns: Vec::new(),
        };
        while *self.peek() != Tok::Eof {
            if self.is_word("struct") {
                self.next();
                let name = self.ident()?;
                self.expect("{")?;
                let mut fields = Vec::new();
                while !self.eat("}") {
                    let f = self.ident()?;
                    self.expect(":")?;
                    fields.push((f, self.ty()?));
                    if !self.eat(",") {
                        self.expect("}")?;
                        break;
                    }
                }
                p.structs.push((name, fields));
            } else if self.is_word("fn") {
                self.next();
                let name = self.ident()?;
                self.expect("(")?;
                let mut params = Vec::new();
                while !self.eat(")") {
                    let a = self.ident()?;
                    self.expect(":")?;
                    params.push((a, self.ty()?));
                    if !self.eat(",") {
                        self.expect(")")?;
                        break;
                    }
                }
                let ret = if self.eat("->") { self.ty()? } else { Ty::Void };
                let body = self.block()?;
                p.fns.push(FnDecl {
                    name,
                    params,
                    ret,
                    body,
                });
            } else {
                return self.err("`fn` or `struct`");
            }
        }
        Ok(p)
    }

    fn ty(&mut self) -> PResult<Ty> {
        if self.eat("[") {
            let elem = self.ty()?;
            self.expect(";")?;
            let n = match self.next() {
                Tok::Int(n) if n > 0 => n as u64,
                _ => return self.err("an array length"),
            };
            self.expect("]")?;
            return Ok(Ty::Array(Box::new(elem), n));
        }
        Ok(match self.ident()?.as_str() {
            "int" => Ty::Int,
            "float" => Ty::Float,
            "str" => Ty::Str,
            s => Ty::Struct(s.to_string()),
        })
    }

    fn block(&mut self) -> PResult<Vec<(Stmt, u32)>> {
        self.expect("{")?;
        let mut v = Vec::new();
        while !self.eat("}") {
            let line = self.line();
            v.push((self.stmt()?, line));
        }
        Ok(v)
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        if self.is_word("let") {
            self.next();
            let name = self.ident()?;
            let ty = if self.eat(":") {
                Some(self.ty()?)
            } else {
                None
            };
            let init = if self.eat("=") {
                Some(self.expr()?)
            } else {
                None
            };
            self.expect(";")?;
            return Ok(Stmt::Let(name, ty, init));
        }
        if self.is_word("if") {
            self.next();
            let c = self.expr()?;
            let then = self.block()?.into_iter().map(|s| s.0).collect();
            let els = if self.is_word("else") {
                self.next();
                if self.is_word("if") {
                    vec![self.stmt()?]
                } else {
                    self.block()?.into_iter().map(|s| s.0).collect()
                }
            } else {
                Vec::new()
            };
            return Ok(Stmt::If(c, then, els));
        }
        if self.is_word("while") {
            self.next();
            let c = self.expr()?;
            let body = self.block()?.into_iter().map(|s| s.0).collect();
            return Ok(Stmt::While(c, body));
        }
        if self.is_word("return") {
            self.next();
            let e = if self.is(";") {
                None
            } else {
                Some(self.expr()?)
            };
            self.expect(";")?;
            return Ok(Stmt::Return(e));
        }
        if self.is_word("print") {
            self.next();
            self.expect("(")?;
            let args = self.args()?;
            self.expect(";")?;
            return Ok(Stmt::Print(args));
        }
        let e = self.expr()?;
        if self.eat("=") {
            let place = match e {
                Expr::Var(v) => Place::Var(v),
                Expr::Index(a, i) => Place::Index(a, *i),
                Expr::Field(s, f) => Place::Field(s, f),
                _ => return self.err("a variable, element or field before `=`"),
            };
            let v = self.expr()?;
            self.expect(";")?;
            return Ok(Stmt::Assign(place, v));
        }
        self.expect(";")?;
        Ok(Stmt::Expr(e))
    }

    /// Arguments after `(`, through `)`.
    fn args(&mut self) -> PResult<Vec<Expr>> {
        let mut v = Vec::new();
        while !self.eat(")") {
            v.push(self.expr()?);
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        Ok(v)
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.binary(0)
    }

    fn binary(&mut self, level: usize) -> PResult<Expr> {
        const LEVELS: &[&[&str]] = &[
            &["||"],
            &["&&"],
            &["==", "!="],
            &["<", "<=", ">", ">="],
            &["+", "-"],
            &["*", "/", "%"],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut l = self.binary(level + 1)?;
        loop {
            let op = LEVELS[level].iter().find(|p| self.is(p));
            let Some(&op) = op else { return Ok(l) };
            self.next();
            let r = self.binary(level + 1)?;
            l = Expr::Binary(op, Box::new(l), Box::new(r));
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        for op in ["-", "!"] {
            if self.eat(op) {
                return Ok(Expr::Unary(op, Box::new(self.unary()?)));
            }
        }
        self.primary()
    }

    fn primary(&mut self) -> PResult<Expr> {
        match self.next() {
            Tok::Int(n) => Ok(Expr::Int(n)),
            Tok::Float(x) => Ok(Expr::Float(x)),
            Tok::Str(s) => Ok(Expr::Str(s)),
            Tok::Punct("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Ident(name) => {
                if self.eat("(") {
                    Ok(Expr::Call(name, self.args()?))
                } else if self.eat("[") {
                    let i = self.expr()?;
                    self.expect("]")?;
                    Ok(Expr::Index(name, Box::new(i)))
                } else if self.eat(".") {
                    Ok(Expr::Field(name, self.ident()?))
                } else {
                    Ok(Expr::Var(name))
                }
            }
            _ => {
                self.pos -= 1;
                self.err("an expression")
            }
        }
    }
}

// ---- code generation -------------------------------------------------------

struct Gen<'c> {
    ctx: &'c mut Context,
    module: Module,
    structs: HashMap<String, (Type, Vec<(String, Ty)>)>,
    fns: HashMap<String, (Function, Vec<Ty>, Ty)>,
    printf: Function,
}

/// One function being compiled.
struct FnState {
    func: Function,
    entry: Block,
    ret: Ty,
    vars: Vec<HashMap<String, (Value, Ty)>>,
    line: u32,
}

impl Gen<'_> {
    fn lty(&mut self, t: &Ty) -> Result<Type, String> {
        Ok(match t {
            Ty::Int => self.ctx.i64_type(),
            Ty::Float => self.ctx.double_type(),
            Ty::Bool => self.ctx.i1_type(),
            Ty::Str => self.ctx.ptr_type(0),
            Ty::Void => self.ctx.void_type(),
            Ty::Array(e, n) => {
                let e = self.lty(e)?;
                self.ctx.array_type(e, *n)
            }
            Ty::Struct(s) => match self.structs.get(s) {
                Some(st) => st.0,
                None => return Err(format!("unknown type `{s}`")),
            },
        })
    }

    fn compile(&mut self, p: &Program) -> Result<(), String> {
        for (name, fields) in &p.structs {
            let st = self.ctx.create_struct(format!("struct.{name}"));
            self.structs.insert(name.clone(), (st, fields.clone()));
        }
        for (name, fields) in &p.structs {
            let tys = fields
                .iter()
                .map(|(_, t)| self.lty(t))
                .collect::<Result<Vec<_>, _>>()?;
            let st = self.structs[name].0;
            self.ctx.set_struct_body(st, &tys, false);
        }
        for f in &p.fns {
            let ret = if f.name == "main" {
                if f.ret != Ty::Int || !f.params.is_empty() {
                    return Err("`main` takes nothing and returns int".into());
                }
                self.ctx.i32_type()
            } else {
                self.lty(&f.ret)?
            };
            let mut params = Vec::new();
            for (a, t) in &f.params {
                if !matches!(t, Ty::Int | Ty::Float | Ty::Str) {
                    return Err(format!(
                        "{}: parameter `{a}` is not int, float or str",
                        f.name
                    ));
                }
                params.push(self.lty(t)?);
            }
            let fty = self.ctx.function_type(ret, &params, false);
            if self.fns.contains_key(&f.name) || f.name == "printf" {
                return Err(format!("function `{}` defined twice", f.name));
            }
            let func = self.ctx.add_function(self.module, &f.name, fty);
            let ptys = f.params.iter().map(|p| p.1.clone()).collect();
            self.fns.insert(f.name.clone(), (func, ptys, f.ret.clone()));
        }
        for f in &p.fns {
            self.function(f)
                .map_err(|e| format!("in `{}`: {e}", f.name))?;
        }
        Ok(())
    }

    fn function(&mut self, f: &FnDecl) -> Result<(), String> {
        let func = self.fns[&f.name].0;
        let entry = self.ctx.append_block(func, "entry");
        let mut st = FnState {
            func,
            entry,
            ret: f.ret.clone(),
            vars: vec![HashMap::new()],
            line: 0,
        };
        for (i, (a, t)) in f.params.iter().enumerate() {
            let arg = self.ctx.arg(func, i);
            self.ctx.set_name(arg, a);
            let lt = self.lty(t)?;
            let slot = self.slot(&st, lt, &format!("{a}.addr"));
            let mut b = Builder::at_end(self.ctx, entry);
            b.store(arg, slot, None);
            st.vars[0].insert(a.clone(), (slot, t.clone()));
        }
        let mut cur = entry;
        for (s, line) in &f.body {
            st.line = *line;
            cur = self
                .stmt(&mut st, cur, s)
                .map_err(|e| format!("line {line}: {e}"))?;
        }
        if self.ctx.terminator(cur).is_none() {
            let mut b = Builder::at_end(self.ctx, cur);
            match f.ret {
                Ty::Void => {
                    b.ret_void();
                }
                _ if f.name == "main" => {
                    let zero = b.i32(0);
                    b.ret(Some(zero));
                }
                _ => {
                    b.unreachable();
                }
            }
        }
        Ok(())
    }

    /// An `alloca` of `ty` at the top of the entry block (where LLVM's
    /// mem2reg looks for them).
    fn slot(&mut self, st: &FnState, ty: Type, name: &str) -> Value {
        let mut b = match self.ctx.first_inst(st.entry) {
            Some(i) => {
                // After the allocas already there, so they stay in order.
                let mut at = i;
                while self.ctx.opcode(at) == lair::inst::Opcode::Alloca {
                    match self.ctx.next_inst(at) {
                        Some(n) => at = n,
                        None => break,
                    }
                }
                if self.ctx.opcode(at) == lair::inst::Opcode::Alloca {
                    Builder::at_end(self.ctx, st.entry)
                } else {
                    Builder::before(self.ctx, at)
                }
            }
            None => Builder::at_end(self.ctx, st.entry),
        };
        b.named(name).alloca(ty, None, None)
    }

    fn lookup(&self, st: &FnState, name: &str) -> Result<(Value, Ty), String> {
        st.vars
            .iter()
            .rev()
            .find_map(|s| s.get(name).cloned())
            .ok_or_else(|| format!("unknown variable `{name}`"))
    }

    /// Compiles `s` at the end of block `cur`; returns the block where
    /// control continues.
    fn stmt(&mut self, st: &mut FnState, cur: Block, s: &Stmt) -> Result<Block, String> {
        if self.ctx.terminator(cur).is_some() {
            // Code after a `return`: compile it into a block nothing reaches.
            let dead = self.ctx.append_block(st.func, "dead");
            return self.stmt(st, dead, s);
        }
        match s {
            Stmt::Let(name, ty, init) => {
                let (v, t, cur) = match init {
                    Some(e) => {
                        let (v, t, cur) = self.expr(st, cur, e)?;
                        if let Some(want) = ty {
                            if *want != t {
                                return Err(format!("`{name}` is {want:?}, its value {t:?}"));
                            }
                        }
                        (Some(v), t, cur)
                    }
                    None => match ty {
                        Some(t) => (None, t.clone(), cur),
                        None => return Err(format!("`{name}` needs a type or a value")),
                    },
                };
                let lt = self.lty(&t)?;
                let slot = self.slot(st, lt, name);
                let mut b = Builder::at_end(self.ctx, cur);
                let init = match v {
                    Some(v) => v,
                    None => b.const_null(lt),
                };
                b.store(init, slot, None);
                st.vars.last_mut().unwrap().insert(name.clone(), (slot, t));
                Ok(cur)
            }
            Stmt::Assign(place, e) => {
                let (v, t, cur) = self.expr(st, cur, e)?;
                let (addr, want, cur) = self.place(st, cur, place)?;
                if want != t {
                    return Err(format!("assigning {t:?} to a {want:?}"));
                }
                Builder::at_end(self.ctx, cur).store(v, addr, None);
                Ok(cur)
            }
            Stmt::If(c, then, els) => {
                let (c, cur) = self.cond(st, cur, c)?;
                let mut b = Builder::at_end(self.ctx, cur);
                let (tb, eb, join) = (
                    b.append_block("if.then"),
                    b.append_block("if.else"),
                    b.append_block("if.end"),
                );
                b.cond_br(c, tb, eb);
                for (blk, body) in [(tb, then), (eb, els)] {
                    let end = self.body(st, blk, body)?;
                    if self.ctx.terminator(end).is_none() {
                        Builder::at_end(self.ctx, end).br(join);
                    }
                }
                Ok(join)
            }
            Stmt::While(c, body) => {
                let mut b = Builder::at_end(self.ctx, cur);
                let (head, bb, exit) = (
                    b.append_block("while.cond"),
                    b.append_block("while.body"),
                    b.append_block("while.end"),
                );
                b.br(head);
                let (c, hend) = self.cond(st, head, c)?;
                Builder::at_end(self.ctx, hend).cond_br(c, bb, exit);
                let end = self.body(st, bb, body)?;
                if self.ctx.terminator(end).is_none() {
                    Builder::at_end(self.ctx, end).br(head);
                }
                Ok(exit)
            }
            Stmt::Return(e) => {
                let is_main = self.ctx.name_of(st.func) == Some("main");
                match (e, &st.ret) {
                    (None, Ty::Void) => {
                        Builder::at_end(self.ctx, cur).ret_void();
                        Ok(cur)
                    }
                    (Some(e), want) => {
                        let (v, t, cur) = self.expr(st, cur, e)?;
                        if t != *want {
                            return Err(format!("returning {t:?} from a function of {want:?}"));
                        }
                        let mut b = Builder::at_end(self.ctx, cur);
                        let v = if is_main {
                            let i32t = b.i32_type();
                            b.trunc(v, i32t)
                        } else {
                            v
                        };
                        b.ret(Some(v));
                        Ok(cur)
                    }
                    (None, want) => Err(format!("`return;` in a function of {want:?}")),
                }
            }
            Stmt::Print(args) => self.print(st, cur, args),
            Stmt::Expr(e) => Ok(self.expr(st, cur, e)?.2),
        }
    }

    /// A nested block of statements, in its own scope.
    fn body(&mut self, st: &mut FnState, mut cur: Block, body: &[Stmt]) -> Result<Block, String> {
        st.vars.push(HashMap::new());
        for s in body {
            cur = self.stmt(st, cur, s)?;
        }
        st.vars.pop();
        Ok(cur)
    }

    /// The address and type of an assignable place.
    fn place(&mut self, st: &FnState, cur: Block, p: &Place) -> Result<(Value, Ty, Block), String> {
        match p {
            Place::Var(v) => {
                let (slot, t) = self.lookup(st, v)?;
                if matches!(t, Ty::Array(..) | Ty::Struct(_)) {
                    return Err(format!("`{v}` is an aggregate; assign its elements"));
                }
                Ok((slot, t, cur))
            }
            Place::Index(a, i) => {
                let (slot, t) = self.lookup(st, a)?;
                let Ty::Array(elem, _) = t.clone() else {
                    return Err(format!("`{a}` is not an array"));
                };
                let (i, it, cur) = self.expr(st, cur, i)?;
                if it != Ty::Int {
                    return Err("an array index is an int".into());
                }
                let at = self.lty(&t)?;
                let mut b = Builder::at_end(self.ctx, cur);
                let zero = b.i64(0);
                let p = b
                    .named(&format!("{a}.elt"))
                    .in_bounds_gep(at, slot, &[zero, i]);
                Ok((p, *elem, cur))
            }
            Place::Field(s, f) => {
                let (slot, t) = self.lookup(st, s)?;
                let Ty::Struct(sn) = &t else {
                    return Err(format!("`{s}` is not a struct"));
                };
                let (sty, fields) = self.structs[sn].clone();
                let Some(k) = fields.iter().position(|(n, _)| n == f) else {
                    return Err(format!("struct {sn} has no field `{f}`"));
                };
                let p = Builder::at_end(self.ctx, cur)
                    .named(&format!("{s}.{f}"))
                    .struct_gep(sty, slot, k as u32);
                Ok((p, fields[k].1.clone(), cur))
            }
        }
    }

    /// A condition: an `i1`.
    fn cond(&mut self, st: &FnState, cur: Block, e: &Expr) -> Result<(Value, Block), String> {
        let (v, t, cur) = self.expr(st, cur, e)?;
        match t {
            Ty::Bool => Ok((v, cur)),
            Ty::Int => {
                let mut b = Builder::at_end(self.ctx, cur);
                let zero = b.i64(0);
                Ok((b.named("tobool").icmp_ne(v, zero), cur))
            }
            t => Err(format!("a condition of type {t:?}")),
        }
    }

    fn expr(&mut self, st: &FnState, cur: Block, e: &Expr) -> Result<(Value, Ty, Block), String> {
        let mut b = Builder::at_end(self.ctx, cur);
        Ok(match e {
            Expr::Int(n) => (b.i64(*n), Ty::Int, cur),
            Expr::Float(x) => (b.f64(*x), Ty::Float, cur),
            Expr::Str(s) => (b.global_string_ptr(s, ".str"), Ty::Str, cur),
            Expr::Var(_) | Expr::Index(..) | Expr::Field(..) => {
                let place = match e {
                    Expr::Var(v) => Place::Var(v.clone()),
                    Expr::Index(a, i) => Place::Index(a.clone(), (**i).clone()),
                    Expr::Field(s, f) => Place::Field(s.clone(), f.clone()),
                    _ => unreachable!("matched above"),
                };
                let (addr, t, cur) = self.place(st, cur, &place)?;
                let lt = self.lty(&t)?;
                let name = match e {
                    Expr::Var(v) => v.clone(),
                    _ => "elt".into(),
                };
                let v = Builder::at_end(self.ctx, cur)
                    .named(&name)
                    .load(lt, addr, None);
                (v, t, cur)
            }
            Expr::Call(name, args) => return self.call(st, cur, name, args),
            Expr::Unary(op, a) => {
                let (v, t, cur) = self.expr(st, cur, a)?;
                let mut b = Builder::at_end(self.ctx, cur);
                let r = match (*op, &t) {
                    ("-", Ty::Int) => b.named("neg").neg(v),
                    ("-", Ty::Float) => b.named("fneg").fneg(v),
                    ("!", Ty::Bool) => b.named("not").not(v),
                    ("!", Ty::Int) => {
                        let zero = b.i64(0);
                        return Ok((b.named("not").icmp_eq(v, zero), Ty::Bool, cur));
                    }
                    _ => return Err(format!("`{op}` of {t:?}")),
                };
                (r, t, cur)
            }
            Expr::Binary(op @ ("&&" | "||"), l, r) => {
                // Short circuit: the right side only when needed; a PHI joins.
                let (lv, lend) = self.cond(st, cur, l)?;
                let mut b = Builder::at_end(self.ctx, lend);
                let rhs = b.append_block(if *op == "&&" { "and.rhs" } else { "or.rhs" });
                let join = b.append_block(if *op == "&&" { "and.end" } else { "or.end" });
                if *op == "&&" {
                    b.cond_br(lv, rhs, join);
                } else {
                    b.cond_br(lv, join, rhs);
                }
                let (rv, rend) = self.cond(st, rhs, r)?;
                let mut b = Builder::at_end(self.ctx, rend);
                b.br(join);
                b.position_at_end(join);
                let short = b.bool(*op == "||");
                let v = b
                    .named(if *op == "&&" { "and" } else { "or" })
                    .phi_with(&[(short, lend), (rv, rend)]);
                (v, Ty::Bool, join)
            }
            Expr::Binary(op, l, r) => {
                let (lv, lt, cur) = self.expr(st, cur, l)?;
                let (rv, rt, cur) = self.expr(st, cur, r)?;
                if lt != rt {
                    return Err(format!(
                        "`{op}` of {lt:?} and {rt:?} (convert with float() or int())"
                    ));
                }
                let mut b = Builder::at_end(self.ctx, cur);
                let v = match (&lt, *op) {
                    (Ty::Int, "+") => b.named("add").add_nsw(lv, rv),
                    (Ty::Int, "-") => b.named("sub").sub_nsw(lv, rv),
                    (Ty::Int, "*") => b.named("mul").mul_nsw(lv, rv),
                    (Ty::Int, "/") => b.named("div").sdiv(lv, rv),
                    (Ty::Int, "%") => b.named("rem").srem(lv, rv),
                    (Ty::Float, "+") => b.named("fadd").fadd(lv, rv),
                    (Ty::Float, "-") => b.named("fsub").fsub(lv, rv),
                    (Ty::Float, "*") => b.named("fmul").fmul(lv, rv),
                    (Ty::Float, "/") => b.named("fdiv").fdiv(lv, rv),
                    (Ty::Float, "%") => b.named("frem").frem(lv, rv),
                    (Ty::Int | Ty::Bool, cmp) => {
                        let v = match cmp {
                            "<" => b.named("cmp").icmp_slt(lv, rv),
                            "<=" => b.named("cmp").icmp_sle(lv, rv),
                            ">" => b.named("cmp").icmp_sgt(lv, rv),
                            ">=" => b.named("cmp").icmp_sge(lv, rv),
                            "==" => b.named("cmp").icmp_eq(lv, rv),
                            "!=" => b.named("cmp").icmp_ne(lv, rv),
                            _ => return Err(format!("`{op}` of {lt:?}")),
                        };
                        return Ok((v, Ty::Bool, cur));
                    }
                    (Ty::Float, cmp) => {
                        let v = match cmp {
                            "<" => b.named("cmp").fcmp_olt(lv, rv),
                            "<=" => b.named("cmp").fcmp_ole(lv, rv),
                            ">" => b.named("cmp").fcmp_ogt(lv, rv),
                            ">=" => b.named("cmp").fcmp_oge(lv, rv),
                            "==" => b.named("cmp").fcmp_oeq(lv, rv),
                            "!=" => b.named("cmp").fcmp_une(lv, rv),
                            _ => return Err(format!("`{op}` of {lt:?}")),
                        };
                        return Ok((v, Ty::Bool, cur));
                    }
                    _ => return Err(format!("`{op}` of {lt:?}")),
                };
                (v, lt, cur)
            }
        })
    }

    fn call(
        &mut self,
        st: &FnState,
        mut cur: Block,
        name: &str,
        args: &[Expr],
    ) -> Result<(Value, Ty, Block), String> {
        let mut vals = Vec::new();
        let mut tys = Vec::new();
        for a in args {
            let (v, t, c) = self.expr(st, cur, a)?;
            vals.push(v);
            tys.push(t);
            cur = c;
        }
        let mut b = Builder::at_end(self.ctx, cur);
        match (name, tys.as_slice()) {
            ("float", [Ty::Int]) => {
                let t = b.double_type();
                return Ok((b.named("conv").sitofp(vals[0], t), Ty::Float, cur));
            }
            ("int", [Ty::Float]) => {
                let t = b.i64_type();
                return Ok((b.named("conv").fptosi(vals[0], t), Ty::Int, cur));
            }
            ("float" | "int", _) => return Err(format!("{name}() of {tys:?}")),
            _ => {}
        }
        let Some((f, ptys, ret)) = self.fns.get(name).cloned() else {
            return Err(format!("unknown function `{name}`"));
        };
        if name == "main" {
            return Err("`main` cannot be called".into());
        }
        if ptys != tys {
            return Err(format!("{name} takes {ptys:?}, given {tys:?}"));
        }
        let v = if ret == Ty::Void {
            b.call_function(f, &vals)
        } else {
            b.named("call").call_function(f, &vals)
        };
        Ok((v, ret, cur))
    }

    /// `print(a, b, ...)`: one `printf` with a format made of the
    /// arguments' types (literals go into the format itself).
    fn print(&mut self, st: &FnState, mut cur: Block, args: &[Expr]) -> Result<Block, String> {
        let mut fmt = String::new();
        let mut vals = Vec::new();
        for a in args {
            if let Expr::Str(s) = a {
                fmt.push_str(&s.replace('%', "%%"));
                continue;
            }
            let (v, t, c) = self.expr(st, cur, a)?;
            cur = c;
            let mut b = Builder::at_end(self.ctx, cur);
            match t {
                Ty::Int => fmt.push_str("%lld"),
                Ty::Float => fmt.push_str("%.6g"),
                Ty::Str => fmt.push_str("%s"),
                Ty::Bool => {
                    fmt.push_str("%d");
                    let i32t = b.i32_type();
                    vals.push(b.named("bool").zext(v, i32t));
                    continue;
                }
                t => return Err(format!("cannot print a {t:?}")),
            }
            vals.push(v);
        }
        fmt.push('\n');
        let mut b = Builder::at_end(self.ctx, cur);
        let f = b.global_string_ptr(&fmt, ".fmt");
        vals.insert(0, f);
        let printf = self.printf;
        b.named("printed").call_function(printf, &vals);
        Ok(cur)
    }
}

/// Compiles toy source `src` to a module of `ctx` named `name`.
fn compile(ctx: &mut Context, name: &str, src: &str) -> Result<Module, String> {
    let toks = lex(src)?;
    let prog = Parser { toks, pos: 0 }.program()?;
    if !prog.fns.iter().any(|f| f.name == "main") {
        return Err("no `fn main() -> int`".into());
    }
    let m = ctx.create_module(name);
    ctx.module_mut(m).source_filename = name.into();
    if let Some(t) = Context::host_target() {
        ctx.set_target(m, &t);
    }
    let (i32t, ptr) = (ctx.i32_type(), ctx.ptr_type(0));
    let printf_ty = ctx.function_type(i32t, &[ptr], true);
    let printf = ctx.add_function(m, "printf", printf_ty);
    let mut g = Gen {
        ctx,
        module: m,
        structs: HashMap::new(),
        fns: HashMap::new(),
        printf,
    };
    g.compile(&prog)?;
    g.ctx
        .check_use_lists()
        .map_err(|e| format!("internal error: {e:?}"))?;
    Ok(m)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut input, mut output) = (None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-o" => output = it.next().cloned(),
            "-h" | "--help" => {
                println!("usage: toy <input.toy | -> [-o <output.ll | output.bc | ->]");
                return ExitCode::SUCCESS;
            }
            _ if input.is_none() => input = Some(a.clone()),
            _ => {
                eprintln!("toy: unexpected argument {a:?}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(input) = input else {
        eprintln!("usage: toy <input.toy | -> [-o <output.ll | output.bc | ->]");
        return ExitCode::from(2);
    };
    let src = if input == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map(|_| s)
    } else {
        std::fs::read_to_string(&input)
    };
    let src = match src {
        Ok(s) => s,
        Err(e) => {
            eprintln!("toy: {input}: {e}");
            return ExitCode::from(1);
        }
    };
    let mut ctx = Context::new();
    let name = std::path::Path::new(&input)
        .file_name()
        .map_or("stdin".into(), |n| n.to_string_lossy().into_owned());
    let m = match compile(&mut ctx, &name, &src) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("toy: {input}: {e}");
            return ExitCode::from(1);
        }
    };
    let verdict = ctx.verify_module(m);
    if let Some(e) = verdict.errors().first() {
        eprintln!("toy: {input}: the compiled module is invalid: {e}");
        return ExitCode::from(1);
    }
    let res = match output.as_deref() {
        None | Some("-") => {
            print!("{}", ctx.print_module(m));
            Ok(())
        }
        Some(p) if p.ends_with(".bc") => {
            let mut bytes = Vec::new();
            match lair::bitcode::write_bitcode(&ctx, m, &mut bytes, &WriteOptions::llvm_as()) {
                Ok(()) => std::fs::write(p, bytes),
                Err(e) => {
                    eprintln!("toy: {p}: {e}");
                    return ExitCode::from(1);
                }
            }
        }
        Some(p) => std::fs::write(p, ctx.print_module(m)),
    };
    if let Err(e) = res {
        eprintln!("toy: {e}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
