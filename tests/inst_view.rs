//! Typed instruction views: every opcode family read back through
//! `Context::view` (named operands, typed flags, payload slices) and the
//! typed accessors, from a module parsed from text (so the parser's
//! operand layouts are checked too), plus the representation of a dropped
//! operand.

use lair::asm::parse::parse_module;
use lair::inst::{
    Disjoint, Exact, FastMathFlags, FloatPredicate, GepFlags, IntPredicate, NonNeg, Opcode,
    Ordering, RmwOp, SyncScope, TailKind, WrapFlags,
};
use lair::ir::view::{BinaryOp, CastOp, ClauseKind, InstView};
use lair::ir::{Block, Function, Inst};
use lair::types::Align;
use lair::{Context, Value};

const SRC: &str = r#"
declare void @callee(i32, ...)
declare i32 @g(i32)
declare i32 @__gxx_personality_v0(...)
@ti = external global ptr

define i32 @f(i32 %a, i64 %b, float %x, ptr %p, <4 x i32> %v, i1 %c, { i32, float } %s) personality ptr @__gxx_personality_v0 {
entry:
  %add = add nuw nsw i32 %a, 1
  %sub = sub nsw i32 %a, %a
  %udiv = udiv exact i32 %a, 3
  %or = or disjoint i32 %a, 8
  %xor = xor i32 %a, %a
  %fmul = fmul nnan ninf float %x, %x
  %fneg = fneg fast float %x
  %tr = trunc nuw i64 %b to i32
  %ze = zext nneg i32 %a to i64
  %bc = bitcast float %x to i32
  %ic = icmp sge i32 %a, %add
  %fc = fcmp nnan olt float %x, %fmul
  %sel = select nsz i1 %c, float %x, float %fneg
  %al = alloca inalloca i32, i32 4, align 16
  %ld = load atomic volatile i32, ptr %p syncscope("agent") acquire, align 4
  store volatile i32 %a, ptr %al, align 8
  %gep = getelementptr inbounds nuw { i32, float }, ptr %p, i64 %b, i32 1
  fence syncscope("singlethread") seq_cst
  %cx = cmpxchg weak ptr %p, i32 %a, i32 %add acq_rel monotonic, align 4
  %rmw = atomicrmw volatile umax ptr %p, i32 %a release, align 8
  %ee = extractelement <4 x i32> %v, i64 2
  %ie = insertelement <4 x i32> %v, i32 %a, i32 0
  %sh = shufflevector <4 x i32> %v, <4 x i32> %ie, <2 x i32> <i32 7, i32 poison>
  %ev = extractvalue { i32, float } %s, 1
  %iv = insertvalue { i32, float } %s, i32 %a, 0
  %va = va_arg ptr %p, i32
  %fr = freeze i32 %a
  %call = tail call i32 @g(i32 %a) [ "deopt"(i32 %a, i64 %b) ]
  call void (i32, ...) @callee(i32 %a, i64 %b, ptr %p)
  %inv = invoke i32 @g(i32 %add) to label %next unwind label %lpad
next:
  %phi = phi i32 [ %a, %entry ], [ %inv, %next ]
  switch i32 %phi, label %done [
    i32 1, label %next
    i32 2, label %done
  ]
lpad:
  %lp = landingpad { ptr, i32 } cleanup catch ptr @ti filter [1 x ptr] [ptr @ti]
  resume { ptr, i32 } %lp
done:
  br i1 %c, label %ind, label %ret
ind:
  indirectbr ptr %p, [label %ret, label %done]
ret:
  ret i32 %phi
}

define void @eh() personality ptr @__gxx_personality_v0 {
entry:
  invoke void (i32, ...) @callee(i32 0) to label %exit unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null, i32 64]
  catchret from %cp to label %exit
cleanup:
  %cl = cleanuppad within none []
  cleanupret from %cl unwind to caller
exit:
  unreachable
}
"#;

struct Env {
    ctx: Context,
    f: Function,
    eh: Function,
}

fn env() -> Env {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, SRC, "view.ll").expect("the module parses");
    let f = ctx
        .functions(m)
        .find(|&f| ctx.name_of(f.0) == Some("f"))
        .unwrap();
    let eh = ctx
        .functions(m)
        .find(|&f| ctx.name_of(f.0) == Some("eh"))
        .unwrap();
    Env { ctx, f, eh }
}

impl Env {
    fn local(&self, name: &str) -> Value {
        self.ctx
            .local_by_name(self.f, name)
            .or_else(|| self.ctx.local_by_name(self.eh, name))
            .unwrap_or_else(|| panic!("no %{name}"))
    }
    fn inst(&self, name: &str) -> Inst {
        self.ctx.as_inst(self.local(name)).unwrap()
    }
    fn block(&self, name: &str) -> Block {
        self.ctx.as_block(self.local(name)).unwrap()
    }
    fn view(&self, name: &str) -> InstView<'_> {
        self.ctx.view(self.inst(name))
    }
    /// The `k`-th instruction with opcode `op` (unnamed ones).
    fn nth(&self, f: Function, op: Opcode, k: usize) -> Inst {
        self.ctx
            .blocks(f)
            .flat_map(|b| self.ctx.insts(b).collect::<Vec<_>>())
            .filter(|&i| self.ctx.opcode(i) == op)
            .nth(k)
            .unwrap()
    }
}

#[test]
fn binary_operators_carry_their_family_flags() {
    let e = env();
    let (a, x) = (e.local("a"), e.local("x"));
    let cases = [
        ("add", BinaryOp::Add(WrapFlags::NUW | WrapFlags::NSW)),
        ("sub", BinaryOp::Sub(WrapFlags::NSW)),
        ("udiv", BinaryOp::UDiv(Exact(true))),
        ("or", BinaryOp::Or(Disjoint(true))),
        ("xor", BinaryOp::Xor),
        (
            "fmul",
            BinaryOp::FMul(FastMathFlags::NNAN | FastMathFlags::NINF),
        ),
    ];
    for (name, want) in cases {
        match e.view(name) {
            InstView::Binary { op, lhs, .. } => {
                assert_eq!(op, want, "{name}");
                assert_eq!(op.opcode(), e.ctx.opcode(e.inst(name)));
                assert!(lhs == a || lhs == x, "{name}");
            }
            v => panic!("{name}: {v:?}"),
        }
    }
    assert_eq!(
        e.ctx.wrap_flags(e.inst("add")),
        WrapFlags::NUW | WrapFlags::NSW
    );
    assert!(e.ctx.is_exact(e.inst("udiv")) && e.ctx.is_disjoint(e.inst("or")));
    match e.view("fneg") {
        InstView::FNeg { operand, fast_math } => {
            assert_eq!(operand, x);
            assert!(fast_math.is_fast());
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn casts_compares_and_select() {
    let e = env();
    let (i32t, i64t) = (e.ctx.i32_type(), e.ctx.i64_type());
    match e.view("tr") {
        InstView::Cast { op, value, to } => {
            assert_eq!(op, CastOp::Trunc(WrapFlags::NUW));
            assert_eq!((value, to), (e.local("b"), i32t));
        }
        v => panic!("{v:?}"),
    }
    match e.view("ze") {
        InstView::Cast { op, to, .. } => {
            assert_eq!((op, to), (CastOp::ZExt(NonNeg(true)), i64t));
        }
        v => panic!("{v:?}"),
    }
    assert!(matches!(
        e.view("bc"),
        InstView::Cast {
            op: CastOp::BitCast,
            ..
        }
    ));
    match e.view("ic") {
        InstView::ICmp { pred, lhs, rhs } => {
            assert_eq!(pred, IntPredicate::Sge);
            assert_eq!((lhs, rhs), (e.local("a"), e.local("add")));
        }
        v => panic!("{v:?}"),
    }
    match e.view("fc") {
        InstView::FCmp {
            pred, fast_math, ..
        } => {
            assert_eq!(
                (pred, fast_math),
                (FloatPredicate::Olt, FastMathFlags::NNAN)
            );
        }
        v => panic!("{v:?}"),
    }
    assert_eq!(e.ctx.int_predicate(e.inst("ic")), IntPredicate::Sge);
    match e.view("sel") {
        InstView::Select {
            cond,
            if_true,
            if_false,
            fast_math,
        } => {
            assert_eq!(
                (cond, if_true, if_false),
                (e.local("c"), e.local("x"), e.local("fneg"))
            );
            assert_eq!(fast_math, FastMathFlags::NSZ);
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn memory_instructions() {
    let e = env();
    let (i32t, p) = (e.ctx.i32_type(), e.local("p"));
    match e.view("al") {
        InstView::Alloca {
            allocated,
            count,
            align,
            addrspace,
            inalloca,
            swifterror,
        } => {
            assert_eq!(allocated, i32t);
            assert_eq!(e.ctx.const_int_value(count).unwrap().try_to_u64(), Some(4));
            assert_eq!(align, Align::from_bytes(16));
            assert_eq!(addrspace, 0);
            assert!(inalloca && !swifterror);
        }
        v => panic!("{v:?}"),
    }
    match e.view("ld") {
        InstView::Load {
            ty,
            ptr,
            align,
            volatile,
            ordering,
            scope,
        } => {
            assert_eq!((ty, ptr, align), (i32t, p, Align::from_bytes(4)));
            assert!(volatile);
            assert_eq!(ordering, Ordering::Acquire);
            assert_eq!(scope, SyncScope::Named(b"agent"));
        }
        v => panic!("{v:?}"),
    }
    let st = e.nth(e.f, Opcode::Store, 0);
    match e.ctx.view(st) {
        InstView::Store {
            value,
            ptr,
            align,
            volatile,
            ordering,
            ..
        } => {
            assert_eq!((value, ptr), (e.local("a"), e.local("al")));
            assert_eq!(align, Align::from_bytes(8));
            assert!(volatile);
            assert_eq!(ordering, Ordering::NotAtomic);
        }
        v => panic!("{v:?}"),
    }
    match e.view("gep") {
        InstView::GetElementPtr {
            source,
            base,
            indices,
            flags,
        } => {
            assert_eq!(e.ctx.struct_elements(source).map(|f| f.len()), Some(2));
            assert_eq!(base, p);
            assert_eq!(indices.len(), 2);
            assert_eq!(indices.get(0), Some(e.local("b")));
            assert_eq!(flags, GepFlags::INBOUNDS | GepFlags::NUW);
        }
        v => panic!("{v:?}"),
    }
    let fe = e.nth(e.f, Opcode::Fence, 0);
    match e.ctx.view(fe) {
        InstView::Fence { ordering, scope } => {
            assert_eq!(
                (ordering, scope),
                (Ordering::SeqCst, SyncScope::SingleThread)
            );
        }
        v => panic!("{v:?}"),
    }
    match e.view("cx") {
        InstView::CmpXchg {
            ptr,
            cmp,
            new,
            success,
            failure,
            weak,
            volatile,
            align,
            scope,
        } => {
            assert_eq!((ptr, cmp, new), (p, e.local("a"), e.local("add")));
            assert_eq!((success, failure), (Ordering::AcqRel, Ordering::Monotonic));
            assert!(weak && !volatile);
            assert_eq!((align, scope), (Align::from_bytes(4), SyncScope::System));
        }
        v => panic!("{v:?}"),
    }
    match e.view("rmw") {
        InstView::AtomicRmw {
            op,
            ordering,
            volatile,
            align,
            ..
        } => {
            assert_eq!(op, RmwOp::UMax);
            assert_eq!(ordering, Ordering::Release);
            assert!(volatile);
            assert_eq!(align, Align::from_bytes(8));
        }
        v => panic!("{v:?}"),
    }
    assert_eq!(e.ctx.rmw_op(e.inst("rmw")), RmwOp::UMax);
    assert_eq!(e.ctx.alignment(e.inst("ld")), Align::from_bytes(4));
    assert_eq!(e.ctx.sync_scope(e.inst("ld")), SyncScope::Named(b"agent"));
}

#[test]
fn vectors_and_aggregates() {
    let e = env();
    let v = e.local("v");
    match e.view("ee") {
        InstView::ExtractElement { vector, index } => {
            assert_eq!(vector, v);
            assert_eq!(e.ctx.const_int_value(index).unwrap().try_to_u64(), Some(2));
        }
        x => panic!("{x:?}"),
    }
    match e.view("ie") {
        InstView::InsertElement { vector, value, .. } => {
            assert_eq!((vector, value), (v, e.local("a")));
        }
        x => panic!("{x:?}"),
    }
    match e.view("sh") {
        InstView::ShuffleVector { lhs, rhs, mask } => {
            assert_eq!((lhs, rhs), (v, e.local("ie")));
            assert_eq!(mask, &[7, -1]);
        }
        x => panic!("{x:?}"),
    }
    match e.view("ev") {
        InstView::ExtractValue { aggregate, indices } => {
            assert_eq!((aggregate, indices), (e.local("s"), &[1u32][..]));
        }
        x => panic!("{x:?}"),
    }
    match e.view("iv") {
        InstView::InsertValue {
            aggregate,
            value,
            indices,
        } => {
            assert_eq!((aggregate, value), (e.local("s"), e.local("a")));
            assert_eq!(indices, &[0]);
        }
        x => panic!("{x:?}"),
    }
    assert!(matches!(e.view("va"), InstView::VAArg { list, .. } if list == e.local("p")));
    assert!(matches!(e.view("fr"), InstView::Freeze { value } if value == e.local("a")));
}

#[test]
fn calls_and_invokes() {
    let e = env();
    let g = e
        .ctx
        .global_by_name(e.ctx.global_parent(e.f.0), "g")
        .unwrap();
    match e.view("call") {
        InstView::Call {
            callee,
            fn_ty,
            args,
            bundles,
            tail,
            fast_math,
            ..
        } => {
            assert_eq!(callee, g);
            assert_eq!(e.ctx.function_parts(fn_ty).unwrap().1.len(), 1);
            assert_eq!(args.iter().collect::<Vec<_>>(), [e.local("a")]);
            let b: Vec<(&[u8], Vec<Value>)> = bundles
                .iter()
                .map(|(t, l)| (t, l.iter().collect()))
                .collect();
            assert_eq!(b, [(&b"deopt"[..], vec![e.local("a"), e.local("b")])]);
            assert_eq!(tail, TailKind::Tail);
            assert_eq!(fast_math, FastMathFlags::NONE);
        }
        v => panic!("{v:?}"),
    }
    let va = e.nth(e.f, Opcode::Call, 1);
    match e.ctx.view(va) {
        InstView::Call { args, .. } => assert_eq!(args.len(), 3),
        v => panic!("{v:?}"),
    }
    match e.view("inv") {
        InstView::Invoke {
            callee,
            args,
            normal,
            unwind,
            ..
        } => {
            assert_eq!(callee, g);
            assert_eq!(args.get(0), Some(e.local("add")));
            assert_eq!((normal, unwind), (e.block("next"), e.block("lpad")));
        }
        v => panic!("{v:?}"),
    }
}

#[test]
fn terminators_and_phis() {
    let e = env();
    match e.view("phi") {
        InstView::Phi { incoming, .. } => {
            let pairs: Vec<(Value, Block)> = incoming.iter().collect();
            assert_eq!(
                pairs,
                [
                    (e.local("a"), e.block("entry")),
                    (e.local("inv"), e.block("next"))
                ]
            );
        }
        v => panic!("{v:?}"),
    }
    let sw = e.nth(e.f, Opcode::Switch, 0);
    match e.ctx.view(sw) {
        InstView::Switch {
            cond,
            default,
            cases,
        } => {
            assert_eq!((cond, default), (e.local("phi"), e.block("done")));
            let dests: Vec<Block> = cases.iter().map(|c| c.1).collect();
            assert_eq!(dests, [e.block("next"), e.block("done")]);
            assert_eq!(cases.len(), 2);
        }
        v => panic!("{v:?}"),
    }
    let br = e.nth(e.f, Opcode::Br, 0);
    match e.ctx.view(br) {
        InstView::CondBr {
            cond,
            if_true,
            if_false,
        } => {
            assert_eq!(cond, e.local("c"));
            assert_eq!((if_true, if_false), (e.block("ind"), e.block("ret")));
        }
        v => panic!("{v:?}"),
    }
    let ib = e.nth(e.f, Opcode::IndirectBr, 0);
    match e.ctx.view(ib) {
        InstView::IndirectBr { addr, dests } => {
            assert_eq!(addr, e.local("p"));
            assert_eq!(
                dests.iter().collect::<Vec<_>>(),
                [e.block("ret"), e.block("done")]
            );
        }
        v => panic!("{v:?}"),
    }
    let ret = e.nth(e.f, Opcode::Ret, 0);
    assert!(matches!(e.ctx.view(ret), InstView::Ret { value: Some(v) } if v == e.local("phi")));
    match e.view("lp") {
        InstView::LandingPad {
            cleanup, clauses, ..
        } => {
            assert!(cleanup);
            let kinds: Vec<ClauseKind> = clauses.iter().map(|c| c.0).collect();
            assert_eq!(kinds, [ClauseKind::Catch, ClauseKind::Filter]);
        }
        v => panic!("{v:?}"),
    }
    let rs = e.nth(e.f, Opcode::Resume, 0);
    assert!(matches!(e.ctx.view(rs), InstView::Resume { value } if value == e.local("lp")));
}

#[test]
fn funclet_pads() {
    let e = env();
    match e.view("cs") {
        InstView::CatchSwitch {
            unwind, handlers, ..
        } => {
            assert_eq!(unwind, Some(e.block("cleanup")));
            assert_eq!(handlers.iter().collect::<Vec<_>>(), [e.block("handler")]);
        }
        v => panic!("{v:?}"),
    }
    match e.view("cp") {
        InstView::CatchPad { catch_switch, args } => {
            assert_eq!(catch_switch, e.local("cs"));
            assert_eq!(args.len(), 2);
        }
        v => panic!("{v:?}"),
    }
    let cr = e.nth(e.eh, Opcode::CatchRet, 0);
    assert!(matches!(
        e.ctx.view(cr),
        InstView::CatchRet { pad, dest } if pad == e.local("cp") && dest == e.block("exit")
    ));
    assert!(matches!(e.view("cl"), InstView::CleanupPad { args, .. } if args.is_empty()));
    let cret = e.nth(e.eh, Opcode::CleanupRet, 0);
    assert!(matches!(
        e.ctx.view(cret),
        InstView::CleanupRet { pad, unwind: None } if pad == e.local("cl")
    ));
    let un = e.nth(e.eh, Opcode::Unreachable, 0);
    assert!(matches!(e.ctx.view(un), InstView::Unreachable));
}

#[test]
fn every_instruction_views_as_its_opcode() {
    let e = env();
    let mut n = 0;
    for f in [e.f, e.eh] {
        for b in e.ctx.blocks(f) {
            for i in e.ctx.insts(b) {
                let v = e.ctx.view(i);
                assert!(!matches!(v, InstView::Incomplete { .. }), "{v:?}");
                assert_eq!(v.opcode(), e.ctx.opcode(i));
                n += 1;
            }
        }
    }
    assert_eq!(n, 44);
}

#[test]
fn a_dropped_operand_views_as_incomplete() {
    let mut e = env();
    let add = e.inst("add");
    assert!(!e.ctx.has_dropped_operand(add.0));
    e.ctx.drop_all_references(add.0);
    assert!(e.ctx.has_dropped_operand(add.0));
    assert!(matches!(
        e.ctx.view(add),
        InstView::Incomplete {
            opcode: Opcode::Add
        }
    ));
    assert_eq!(e.ctx.operand(add.0, 0), None);
}

#[test]
fn callbr_from_the_builder() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let (void, i32t) = (ctx.void_type(), ctx.i32_type());
    let fty = ctx.function_type(void, &[i32t], false);
    let f = ctx.add_function(m, "f", fty);
    let a = ctx.arg(f, 0);
    let (e, d, i1, i2) = (
        ctx.append_block(f, "e"),
        ctx.append_block(f, "d"),
        ctx.append_block(f, "i1"),
        ctx.append_block(f, "i2"),
    );
    let asm_ty = ctx.function_type(void, &[i32t], false);
    let asm = ctx.inline_asm(lair::ir::special::InlineAsmData {
        fn_ty: asm_ty,
        asm: b""[..].into(),
        constraints: b"r,!i,!i"[..].into(),
        side_effect: true,
        align_stack: false,
        dialect: lair::ir::special::AsmDialect::Att,
        can_throw: false,
    });
    let cb = lair::builder::Builder::at_end(&mut ctx, e).callbr(asm_ty, asm, &[a], d, &[i1, i2]);
    match ctx.view(ctx.as_inst(cb).unwrap()) {
        InstView::CallBr {
            callee,
            args,
            default,
            indirect,
            ..
        } => {
            assert_eq!(callee, asm);
            assert_eq!(args.iter().collect::<Vec<_>>(), [a]);
            assert_eq!(default, d);
            assert_eq!(indirect.iter().collect::<Vec<_>>(), [i1, i2]);
        }
        v => panic!("{v:?}"),
    }
}
