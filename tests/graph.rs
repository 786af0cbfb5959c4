//! The use-def graph: use-list order, operands, RAUW, hung-off growth,
//! erasure and stale ids, against the LLVM 19 behaviours (U*, RW*, H*, R*).

use lair::builder::Builder;
use lair::inst::Opcode;
use lair::ir::inst::InstPayload;
use lair::ir::{Block, Function, Inst};
use lair::{Context, Value};

/// `define i32 @f(i32 %x, i32 %y)` with one block `entry`.
fn setup() -> (Context, Function, Block) {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let fty = ctx.function_type(i32t, &[i32t, i32t], false);
    let f = ctx.add_function(m, "f", fty);
    let b = ctx.append_block(f, "entry");
    (ctx, f, b)
}

fn add(ctx: &mut Context, b: Block, x: Value, name: &str) -> Value {
    let i32t = ctx.i32_type();
    let zero = ctx.const_int(i32t, 0);
    let mut bld = Builder::at_end(ctx, b);
    bld.set_folding(false);
    let v = bld.add(x, zero);
    ctx.set_name(v, name);
    v
}

fn names(ctx: &Context, it: impl Iterator<Item = Value>) -> Vec<String> {
    it.map(|v| ctx.name_of(v).unwrap_or("?").to_string())
        .collect()
}

#[test]
fn users_are_most_recent_first_u2() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    for n in ["v0", "v2", "v5", "v1"] {
        add(&mut ctx, b, x, n);
    }
    assert_eq!(names(&ctx, ctx.users(x)), ["v1", "v5", "v2", "v0"]);
    ctx.check_use_lists().unwrap();
}

#[test]
fn same_value_twice_u3() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let v = Builder::at_end(&mut ctx, b).add(x, x);
    let uses: Vec<u32> = ctx.uses(x).map(|u| u.operand_no).collect();
    assert_eq!(uses, [1, 0]);
    assert_eq!(ctx.num_uses(x), 2);
    assert!(!ctx.has_one_use(x));
    assert!(ctx.has_one_user(x));
    assert!(ctx.users(x).all(|u| u == v));
}

#[test]
fn set_operand_moves_to_head_u5_and_swap_u7() {
    let (mut ctx, f, b) = setup();
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let a = add(&mut ctx, b, y, "a");
    let c = add(&mut ctx, b, x, "c");
    ctx.set_operand(a, 0, Some(x));
    assert_eq!(names(&ctx, ctx.users(x)), ["a", "c"]);
    assert!(ctx.use_empty(y));
    let one = ctx.const_int(ctx.i32_type(), 1);
    let two = ctx.const_int(ctx.i32_type(), 2);
    ctx.set_operand(c, 0, Some(one));
    ctx.set_operand(c, 1, Some(two));
    ctx.swap_operands(c, 0, 1);
    assert_eq!(ctx.operand(c, 0), Some(two));
    assert_eq!(ctx.operand(c, 1), Some(one));
    ctx.check_use_lists().unwrap();
}

#[test]
fn rauw_use_order_rw3() {
    let (mut ctx, f, b) = setup();
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    for n in ["v0", "v2", "v5", "v1"] {
        add(&mut ctx, b, x, n);
    }
    for n in ["y1", "y2"] {
        add(&mut ctx, b, y, n);
    }
    ctx.replace_all_uses_with(x, y);
    assert!(ctx.use_empty(x));
    assert_eq!(
        names(&ctx, ctx.users(y)),
        ["v0", "v2", "v5", "v1", "y2", "y1"]
    );
    ctx.check_use_lists().unwrap();
}

#[test]
fn replace_uses_of_with_u9_and_if_rw6() {
    let (mut ctx, f, b) = setup();
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let a = add(&mut ctx, b, x, "a");
    let c = add(&mut ctx, b, x, "c");
    assert!(ctx.replace_uses_of_with(a, x, y));
    assert!(!ctx.replace_uses_of_with(a, x, y));
    assert_eq!(names(&ctx, ctx.users(x)), ["c"]);
    assert!(!ctx.replace_uses_with_if(x, y, |_, _| false));
    assert!(ctx.replace_uses_with_if(x, y, |_, u| u.user == c));
    assert!(ctx.use_empty(x));
    assert_eq!(ctx.num_uses(y), 2);
}

#[test]
#[should_panic(expected = "different type")]
fn rauw_type_checked() {
    let (mut ctx, f, _) = setup();
    let x = ctx.arg(f, 0);
    let c = ctx.const_int(ctx.i64_type(), 1);
    ctx.replace_all_uses_with(x, c);
}

#[test]
#[should_panic(expected = "use itself")]
fn rauw_refuses_self_use() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let a = add(&mut ctx, b, x, "a");
    ctx.replace_all_uses_with(x, a);
}

#[test]
fn phi_growth_follows_llvm_h2() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let i32t = ctx.i32_type();
    let phi = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    let mut caps = Vec::new();
    let mut last = 0;
    for k in 1..=29 {
        ctx.phi_add_incoming(phi, x, b);
        let cap = ctx.operand_capacity(phi.0);
        if cap != last {
            caps.push((k, cap));
            last = cap;
        }
    }
    assert_eq!(
        caps,
        [
            (1, 2),
            (3, 3),
            (4, 4),
            (5, 6),
            (7, 9),
            (10, 13),
            (14, 19),
            (20, 28),
            (29, 42)
        ]
    );
    assert_eq!(ctx.num_uses(x), 29);
    // The block gets no use from the PHI (U12).
    assert!(ctx.use_empty(b.0));
    ctx.check_use_lists().unwrap();
}

/// A `PhiAdder` adds exactly what `phi_add_incoming` adds: the same
/// capacities (H2), operands, blocks and use-list order, both for a run
/// growing in place at the top of the pool and for one that moves (another
/// run placed above it between the adders).
#[test]
fn phi_adder_matches_phi_add_incoming() {
    let run = |with_adder: bool| {
        let (mut ctx, f, b) = setup();
        let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
        let i32t = ctx.i32_type();
        let phi = Builder::at_end(&mut ctx, b).phi(i32t, 0);
        let mut seen = Vec::new();
        for round in 0..3u32 {
            let pairs: Vec<Value> = (0..11u32)
                .map(|k| if (k + round) % 3 == 0 { y } else { x })
                .collect();
            if with_adder {
                let mut adder = ctx.phi_adder(phi);
                for &v in &pairs {
                    adder.add(v, b);
                }
            } else {
                for &v in &pairs {
                    ctx.phi_add_incoming(phi, v, b);
                }
            }
            seen.push(ctx.operand_capacity(phi.0));
            // A run above the PHI's: its next growth moves it.
            add(&mut ctx, b, x, "above");
            ctx.check_use_lists().unwrap();
        }
        let ops: Vec<Option<Value>> = (0..ctx.num_operands(phi.0))
            .map(|i| ctx.operand(phi.0, i))
            .collect();
        assert_eq!(ctx.phi_blocks(phi).len(), ops.len());
        let order: Vec<_> = [x, y]
            .iter()
            .map(|&v| {
                ctx.uses(v)
                    .map(|u| (u.user, u.operand_no))
                    .collect::<Vec<_>>()
            })
            .collect();
        // Compared as text: the ids of two contexts differ by their tag.
        (
            seen,
            ops.len(),
            format!("{ops:?} {:?} {order:?}", ctx.phi_blocks(phi)),
        )
    };
    let (caps, len, text) = run(true);
    assert_eq!(caps, [13, 28, 42]);
    assert_eq!(len, 33);
    assert_eq!((caps, len, text), run(false));
}

/// A failed `PhiAdder::add` names itself and adds nothing; the PHI stays
/// complete after the unwind and after every addition.
#[test]
fn phi_adder_rejects_like_phi_add_incoming() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let i32t = ctx.i32_type();
    let i64t = ctx.i64_type();
    let wide = ctx.const_int(i64t, 1);
    let phi = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut adder = ctx.phi_adder(phi);
        adder.add(x, b);
        adder.add(wide, b);
    }));
    let msg = r.expect_err("mistyped value accepted");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("PhiAdder::add: incoming value")
            && msg.contains("has type i64, the PHI is i32"),
        "{msg}"
    );
    assert_eq!(ctx.num_operands(phi.0), 1);
    assert_eq!(ctx.phi_blocks(phi), &[b.0]);
    ctx.check_use_lists().unwrap();
    // Across a growth (capacity 2 to 3) the PHI holds all three; the
    // adder has no `Drop` to run, so leaking it leaves the same state.
    {
        let mut adder = ctx.phi_adder(phi);
        adder.add(x, b);
        adder.add(x, b);
    }
    assert_eq!(ctx.num_operands(phi.0), 3);
    assert_eq!(ctx.phi_blocks(phi), &[b.0, b.0, b.0]);
    assert_eq!(ctx.uses(x).count(), 3);
    ctx.check_use_lists().unwrap();
    let not_phi = Inst(add(&mut ctx, b, x, "a"));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ctx.phi_adder(not_phi);
    }));
    let msg = r.expect_err("non-phi accepted");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("Context::phi_adder: %a (`add`, of type i32) is not a PHI"),
        "{msg}"
    );
}

/// A run grown in place at the top of the use pool leaves its new capacity
/// unwritten until it is filled: a run placed after it, a removal, the
/// run's own erasure and a switch (grown by `push_operand`) must all see
/// the capacity as empty slots.
#[test]
fn hung_off_capacity_at_the_top_fills_in_order() {
    let (mut ctx, f, b) = setup();
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let i32t = ctx.i32_type();
    let phi = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    for k in 0..10u32 {
        ctx.phi_add_incoming(phi, if k % 2 == 0 { x } else { y }, b);
    }
    assert_eq!(ctx.operand_capacity(phi.0), 13);
    ctx.check_use_lists().unwrap();
    // A run placed at the top now lands after the PHI's whole capacity.
    let a = add(&mut ctx, b, x, "a");
    ctx.check_use_lists().unwrap();
    for k in 10..13u32 {
        ctx.phi_add_incoming(phi, if k % 2 == 0 { x } else { y }, b);
    }
    assert_eq!(ctx.operand_capacity(phi.0), 13);
    // Full, and no longer at the top: the next entry moves the run.
    ctx.phi_add_incoming(phi, a, b);
    assert_eq!(ctx.operand_capacity(phi.0), 19);
    let want: Vec<Option<Value>> = (0..13u32)
        .map(|k| Some(if k % 2 == 0 { x } else { y }))
        .chain([Some(a)])
        .collect();
    let got: Vec<Option<Value>> = (0..14).map(|i| ctx.operand(phi.0, i)).collect();
    assert_eq!(got, want);
    ctx.check_use_lists().unwrap();
    // Removal, then refilling the freed slot.
    assert_eq!(ctx.phi_remove_incoming(phi, 13), Some(a));
    ctx.phi_add_incoming(phi, y, b);
    assert_eq!(ctx.operand(phi.0, 13), Some(y));
    ctx.check_use_lists().unwrap();
    // A second PHI grown at the top, erased with capacity still unfilled;
    // the pool's top is reused by the next run.
    let phi2 = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    for _ in 0..5 {
        ctx.phi_add_incoming(phi2, x, b);
    }
    assert_eq!(ctx.operand_capacity(phi2.0), 6);
    ctx.erase_inst(phi2);
    let c = add(&mut ctx, b, y, "c");
    assert_eq!(ctx.operand(c, 0), Some(y));
    ctx.check_use_lists().unwrap();
    // A switch grows by pushing operands into its capacity.
    let exit = ctx.append_block(f, "exit");
    let sw = Builder::at_end(&mut ctx, b).switch(x, exit, 0);
    for k in 0..7u64 {
        let v = ctx.const_int(i32t, k);
        ctx.switch_add_case(sw, v, exit);
    }
    assert_eq!(ctx.num_operands(sw.0), 2 + 2 * 7);
    assert_eq!(ctx.num_uses(exit.0), 8);
    ctx.check_use_lists().unwrap();
}

/// Operand numbers 7 and up are not kept in the use record (it holds the
/// user and `min(opno, 7)`): they are read back from the user's run, which
/// must stay right when a PHI's run moves and when incomings are removed.
#[test]
fn far_operand_numbers_follow_run_moves_and_removals() {
    let (mut ctx, f, b) = setup();
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let i32t = ctx.i32_type();
    let phi = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    // A second PHI grown in between makes the first one's run move.
    let phi2 = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    for k in 0..40u32 {
        ctx.phi_add_incoming(phi, if k % 3 == 0 { x } else { y }, b);
        ctx.phi_add_incoming(phi2, x, b);
    }
    let mut seen: Vec<u32> = ctx
        .uses(y)
        .filter(|u| u.user == phi.0)
        .map(|u| u.operand_no)
        .collect();
    seen.sort_unstable();
    let want: Vec<u32> = (0..40).filter(|k| k % 3 != 0).collect();
    assert_eq!(seen, want);
    for u in ctx.uses(x).collect::<Vec<_>>() {
        assert_eq!(ctx.operand(u.user, u.operand_no), Some(x));
    }
    // Removing incoming 2 shifts every later operand down by one.
    ctx.phi_remove_incoming(phi, 2);
    for u in ctx.uses(y).filter(|u| u.user == phi.0).collect::<Vec<_>>() {
        assert_eq!(ctx.operand(phi.0, u.operand_no), Some(y));
    }
    assert_eq!(
        ctx.uses(y).filter(|u| u.user == phi.0).count(),
        want.len() - 1
    );
    // A call with a dozen arguments: the callee is operand 12.
    let fty = ctx.function_type(i32t, &[i32t; 12], false);
    let m = ctx.global_parent(f);
    let g = ctx.add_function(m, "g", fty);
    let args = [x; 12];
    let call = Builder::at_end(&mut ctx, b).call(fty, g.0, &args);
    let callee_use = ctx.uses(g.0).next().unwrap();
    assert_eq!((callee_use.user, callee_use.operand_no), (call, 12));
    let mut nums: Vec<u32> = ctx
        .uses(x)
        .filter(|u| u.user == call)
        .map(|u| u.operand_no)
        .collect();
    nums.sort_unstable();
    assert_eq!(nums, (0..12).collect::<Vec<u32>>());
    ctx.check_use_lists().unwrap();
}

#[test]
fn phi_remove_keeps_order_h4() {
    let (mut ctx, f, b) = setup();
    let i32t = ctx.i32_type();
    let _ = f;
    let phi = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    let vals: Vec<Value> = (0..29).map(|i| ctx.const_int(i32t, i)).collect();
    for &v in &vals {
        ctx.phi_add_incoming(phi, v, b);
    }
    ctx.phi_remove_incoming(phi, 1);
    let got: Vec<u64> = ctx
        .operands(phi.0)
        .map(|v| ctx.const_int_value(v.unwrap()).unwrap().to_u64())
        .collect();
    let want: Vec<u64> = (0..29).filter(|&i| i != 1).collect();
    assert_eq!(got, want);
    assert_eq!(ctx.phi_blocks(phi).len(), 28);
    ctx.check_use_lists().unwrap();
}

#[test]
fn switch_growth_and_removal_h5_h6() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let i32t = ctx.i32_type();
    let other = ctx.append_block(f, "other");
    let sw = Builder::at_end(&mut ctx, b).switch(x, other, 0);
    let mut grows = Vec::new();
    let mut last = ctx.operand_capacity(sw.0);
    for k in 1..=30u64 {
        let c = ctx.const_int(i32t, k);
        ctx.switch_add_case(sw, c, other);
        let cap = ctx.operand_capacity(sw.0);
        if cap != last {
            grows.push((k, last, cap));
            last = cap;
        }
    }
    assert_eq!(grows, [(1, 2, 6), (3, 6, 18), (9, 18, 54), (27, 54, 162)]);
    ctx.switch_remove_case(sw, 0);
    let first = ctx.operand(sw.0, 2).unwrap();
    assert_eq!(ctx.const_int_value(first).unwrap().to_u64(), 30);
    assert_eq!((ctx.num_operands(sw.0) - 2) / 2, 29);
    ctx.check_use_lists().unwrap();
}

#[test]
fn erase_and_stale_ids() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let a = add(&mut ctx, b, x, "a");
    ctx.erase_inst(Inst(a));
    assert!(!ctx.is_live(a));
    assert!(ctx.use_empty(x));
    // The slot is reused; the old id stays stale.
    let c = add(&mut ctx, b, x, "c");
    assert!(ctx.is_live(c));
    assert!(!ctx.is_live(a));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.type_of(a)));
    let msg = *r.unwrap_err().downcast::<String>().unwrap();
    assert!(msg.contains("stale value id"), "{msg}");
    ctx.check_use_lists().unwrap();
}

#[test]
#[should_panic(expected = "uses remain")]
fn erase_with_uses_panics() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let a = add(&mut ctx, b, x, "a");
    add(&mut ctx, b, a, "user");
    ctx.erase_inst(Inst(a));
}

#[test]
fn drop_all_references_keeps_count_u8() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let a = add(&mut ctx, b, x, "a");
    ctx.drop_all_references(a);
    assert_eq!(ctx.num_operands(a), 2);
    assert_eq!(ctx.operand(a, 0), None);
    assert!(ctx.use_empty(x));
}

#[test]
fn constant_users_are_reuniqued_r4_r5_r6() {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i8t = ctx.i8_type();
    let i32t = ctx.i32_type();
    let ptr = ctx.ptr_type(0);
    let g1 = ctx.add_global_var(m, "g1", i32t, 0);
    let g2 = ctx.add_global_var(m, "g2", i32t, 0);
    // R5: ptrtoint(@g1) becomes the existing ptrtoint(@g2).
    let p1 = ctx.const_expr(
        Opcode::PtrToInt,
        i8t,
        &[g1.0],
        lair::constants::ExprFlags::None,
        None,
    );
    let p2 = ctx.const_expr(
        Opcode::PtrToInt,
        i8t,
        &[g2.0],
        lair::constants::ExprFlags::None,
        None,
    );
    let holder = ctx.add_global_var(m, "h", i8t, 0);
    ctx.set_initializer(holder, Some(p1));
    ctx.replace_all_uses_with(g1.0, g2.0);
    assert_eq!(ctx.initializer(holder), Some(p2));
    assert!(!ctx.is_live(p1));
    // R6: a GEP whose base changes keeps its identity when no equal exists.
    let g3 = ctx.add_global_var(m, "g3", i32t, 0);
    let g4 = ctx.add_global_var(m, "g4", i32t, 0);
    let one = ctx.const_int(i32t, 1);
    let gep = Builder::at_end(&mut ctx, Block(g3.0)).ctx.const_expr(
        Opcode::GetElementPtr,
        ptr,
        &[g3.0, one],
        lair::constants::ExprFlags::None,
        Some(lair::constants::ConstPayload::Gep {
            src: i32t,
            inrange: None,
        }),
    );
    let r = ctx.add_global_var(m, "r", ptr, 0);
    ctx.set_initializer(r, Some(gep));
    ctx.replace_all_uses_with(g3.0, g4.0);
    assert_eq!(ctx.initializer(r), Some(gep));
    assert_eq!(ctx.operand(gep, 0), Some(g4.0));
    let again = ctx.const_expr(
        Opcode::GetElementPtr,
        ptr,
        &[g4.0, one],
        lair::constants::ExprFlags::None,
        Some(lair::constants::ConstPayload::Gep {
            src: i32t,
            inrange: None,
        }),
    );
    assert_eq!(again, gep);
    // R4: [i8 0, i8 ptrtoint(@g)] becomes the pre-existing [i8 0, i8 1].
    let arr_t = ctx.array_type(i8t, 2);
    let zero8 = ctx.const_int(i8t, 0);
    let one8 = ctx.const_int(i8t, 1);
    let pre = ctx.const_aggregate(arr_t, &[zero8, one8]);
    let g5 = ctx.add_global_var(m, "g5", i32t, 0);
    let pt = ctx.const_expr(
        Opcode::PtrToInt,
        i8t,
        &[g5.0],
        lair::constants::ExprFlags::None,
        None,
    );
    let arr = ctx.const_aggregate(arr_t, &[zero8, pt]);
    let holder2 = ctx.add_global_var(m, "h2", arr_t, 0);
    ctx.set_initializer(holder2, Some(arr));
    ctx.replace_all_uses_with(pt, one8);
    assert_eq!(ctx.initializer(holder2), Some(pre));
    ctx.check_use_lists().unwrap();
}

#[test]
fn constants_are_uniqued_c1_c5_c7() {
    let mut ctx = Context::new();
    let i32t = ctx.i32_type();
    let i8t = ctx.i8_type();
    assert_eq!(ctx.const_int(i32t, 5), ctx.const_int(i32t, 5));
    let i1t = ctx.i1_type();
    let t = ctx.const_bool(true);
    assert_eq!(t, ctx.const_int(i1t, 1));
    let c206 = ctx.const_int(i8t, 206);
    assert_eq!(ctx.const_int_value(c206).unwrap().sext_value(), -50);
    assert_eq!(ctx.const_int(i8t, 0x13b), ctx.const_int(i8t, 0x3b));
    let d = ctx.double_type();
    let pz = ctx.const_float(d, 0.0);
    let nz = ctx.const_float(d, -0.0);
    assert_ne!(pz, nz);
    let arr = ctx.array_type(i32t, 2);
    let z = ctx.const_int(i32t, 0);
    let u = ctx.const_undef(i32t);
    let p = ctx.const_poison(i32t);
    assert_eq!(ctx.const_aggregate(arr, &[z, z]), ctx.const_null(arr));
    assert_eq!(ctx.const_aggregate(arr, &[u, u]), ctx.const_undef(arr));
    assert_eq!(ctx.const_aggregate(arr, &[p, p]), ctx.const_poison(arr));
    let mixed = ctx.const_aggregate(arr, &[u, p]);
    assert_eq!(ctx.const_kind(mixed), lair::constants::ConstKind::Array);
    let one = ctx.const_int(i32t, 1);
    let data = ctx.const_aggregate(arr, &[one, z]);
    assert_eq!(ctx.const_kind(data), lair::constants::ConstKind::DataArray);
}

#[test]
fn builder_folds_c15() {
    let (mut ctx, _f, b) = setup();
    let i32t = ctx.i32_type();
    let one = ctx.const_int(i32t, 1);
    let two = ctx.const_int(i32t, 2);
    let three = ctx.const_int(i32t, 3);
    let mut bld = Builder::at_end(&mut ctx, b);
    assert_eq!(bld.add(one, two), three);
    assert!(bld.ctx.insts(b).next().is_none());
    let _ = InstPayload::None;
}

#[test]
fn split_block_moves_tail_and_fixes_phis() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let a = add(&mut ctx, b, x, "a");
    let c = add(&mut ctx, b, a, "c");
    let exit = ctx.append_block(f, "exit");
    Builder::at_end(&mut ctx, b).br(exit);
    let i32t = ctx.i32_type();
    let phi = Builder::at_end(&mut ctx, exit).phi(i32t, 1);
    ctx.phi_add_incoming(phi, c, b);
    let nb = ctx.split_block(b, Inst(c), "tail");
    assert_eq!(ctx.insts(b).count(), 2); // a, br
    assert_eq!(ctx.insts(nb).count(), 2); // c, br exit
    assert_eq!(ctx.phi_blocks(phi), &[nb.0]);
    assert_eq!(
        ctx.blocks(f)
            .map(|bb| ctx.name_of(bb.0).unwrap().to_string())
            .collect::<Vec<_>>(),
        ["entry", "tail", "exit"]
    );
}

#[test]
fn block_rauw_rewrites_successor_phis_rw4() {
    let (mut ctx, f, entry) = setup();
    let i1 = ctx.i1_type();
    let c = ctx.const_bool(true);
    let _ = i1;
    let a = ctx.append_block(f, "a");
    let bb = ctx.append_block(f, "b");
    let mb = ctx.append_block(f, "m");
    let na = ctx.append_block(f, "newa");
    let mut bld = Builder::at_end(&mut ctx, entry);
    bld.set_folding(false);
    bld.cond_br(c, a, bb);
    Builder::at_end(&mut ctx, a).br(mb);
    Builder::at_end(&mut ctx, bb).br(mb);
    Builder::at_end(&mut ctx, na).br(mb);
    let i32t = ctx.i32_type();
    let one = ctx.const_int(i32t, 1);
    let two = ctx.const_int(i32t, 2);
    let phi = Builder::at_end(&mut ctx, mb).phi(i32t, 2);
    ctx.phi_add_incoming(phi, one, a);
    ctx.phi_add_incoming(phi, two, bb);
    ctx.replace_all_uses_with(a.0, na.0);
    assert_eq!(ctx.phi_blocks(phi)[0], na.0);
    let br = ctx.terminator(entry).unwrap();
    assert_eq!(ctx.operand(br, 2), Some(na.0));
}

#[test]
fn sort_and_reverse_use_lists_u4() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    for n in ["v0", "v2", "v5", "v1", "v3", "v7", "v6", "v4"] {
        add(&mut ctx, b, x, n);
    }
    let by_name =
        |ctx: &Context, a: lair::Use, b: lair::Use| ctx.name_of(a.user).cmp(&ctx.name_of(b.user));
    ctx.sort_use_list(x, by_name);
    assert_eq!(
        names(&ctx, ctx.users(x)),
        ["v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7"]
    );
    ctx.reverse_use_list(x);
    assert_eq!(
        names(&ctx, ctx.users(x)),
        ["v7", "v6", "v5", "v4", "v3", "v2", "v1", "v0"]
    );
    ctx.sort_use_list(x, |c, a, b| by_name(c, b, a));
    assert_eq!(
        names(&ctx, ctx.users(x)),
        ["v7", "v6", "v5", "v4", "v3", "v2", "v1", "v0"]
    );
    // uselistorder-style permutation: the use at position i moves to order[i].
    ctx.permute_use_list(x, &[7, 6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(
        names(&ctx, ctx.users(x)),
        ["v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7"]
    );
    ctx.check_use_lists().unwrap();
}

#[test]
fn extract_value_indexes_arrays_and_structs() {
    let (mut ctx, f, b) = setup();
    let i32t = ctx.i32_type();
    let arr = ctx.array_type(i32t, 4);
    let st = ctx.struct_type(&[i32t, arr], false);
    let _ = f;
    let u = ctx.const_undef(st);
    let mut bld = Builder::at_end(&mut ctx, b);
    let e = bld.extract_value(u, &[1, 3]);
    assert_eq!(bld.ctx.type_of(e), i32t);
    assert_eq!(ctx.aggregate_element_type(arr, 4), None);
}

#[test]
fn erase_block_and_function_body() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let a = add(&mut ctx, b, x, "a");
    let other = ctx.append_block(f, "other");
    let c = add(&mut ctx, other, a, "c");
    Builder::at_end(&mut ctx, other).ret(Some(c));
    Builder::at_end(&mut ctx, b).br(other);
    ctx.delete_function_body(f);
    assert!(ctx.is_declaration(f));
    assert!(!ctx.is_live(a) && !ctx.is_live(c) && !ctx.is_live(other.0));
    assert!(ctx.use_empty(x));
    ctx.check_use_lists().unwrap();
    let b2 = ctx.append_block(f, "again");
    let d = add(&mut ctx, b2, x, "d");
    ctx.erase_block(b2);
    assert!(!ctx.is_live(d));
    assert!(ctx.is_declaration(f));
    ctx.erase_function(f);
    assert!(!ctx.is_live(x));
    ctx.check_use_lists().unwrap();
}

#[test]
fn phi_add_incoming_rejects_stale_value_and_non_phi() {
    let (mut ctx, f, b) = setup();
    let x = ctx.arg(f, 0);
    let i32t = ctx.i32_type();
    let phi = Builder::at_end(&mut ctx, b).phi(i32t, 0);
    let gone = add(&mut ctx, b, x, "gone");
    ctx.erase_inst(Inst(gone));
    let before = ctx.num_operands(phi.0);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ctx.phi_add_incoming(phi, gone, b);
    }));
    let msg = r.expect_err("stale value accepted");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("stale value id"), "{msg}");
    // Nothing was added by the failed call.
    assert_eq!(ctx.num_operands(phi.0), before);
    assert!(ctx.phi_blocks(phi).is_empty());
    let not_phi = Inst(add(&mut ctx, b, x, "a"));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ctx.phi_add_incoming(not_phi, x, b);
    }));
    let msg = r.expect_err("non-phi accepted");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("Context::phi_add_incoming: %a (`add`, of type i32) is not a PHI"),
        "{msg}"
    );
}

/// H8: `phis` gives the leading PHIs in order (none in an empty block);
/// their incoming blocks follow `phi_add_incoming` order. Predecessors are
/// the blocks of the terminators using a block, in use-list order; a
/// `blockaddress` is not one.
#[test]
fn phis_and_predecessors_h8() {
    let (mut ctx, f, entry) = setup();
    let i32t = ctx.i32_type();
    let i1t = ctx.int_type(1);
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let left = ctx.append_block(f, "left");
    let join = ctx.append_block(f, "join");
    let empty = ctx.append_block(f, "empty");
    assert_eq!(ctx.phis(empty).count(), 0);
    let c = Builder::at_end(&mut ctx, entry).icmp(lair::inst::IntPredicate::Eq, x, y);
    assert_eq!(ctx.type_of(c), i1t);
    Builder::at_end(&mut ctx, entry).cond_br(c, left, join);
    Builder::at_end(&mut ctx, left).br(join);
    let phis: Vec<Inst> = (0..3)
        .map(|_| Builder::at_end(&mut ctx, join).phi(i32t, 2))
        .collect();
    let sum = Builder::at_end(&mut ctx, join).add(phis[0].0, phis[1].0);
    Builder::at_end(&mut ctx, join).ret(Some(sum));
    for &p in &phis {
        ctx.phi_add_incoming(p, x, entry);
        ctx.phi_add_incoming(p, y, left);
    }
    assert_eq!(ctx.phis(join).collect::<Vec<_>>(), phis);
    assert_eq!(ctx.phi_blocks(phis[2]), &[entry.0, left.0]);
    assert_eq!(ctx.phis(entry).count(), 0);
    // The br in `left` is the newest use of `join`.
    assert_eq!(ctx.predecessors(join).collect::<Vec<_>>(), [left, entry]);
    assert_eq!(ctx.predecessors(left).collect::<Vec<_>>(), [entry]);
    let ba = ctx.block_address(f, left);
    assert!(ctx.users(left.0).any(|u| u == ba));
    assert_eq!(ctx.predecessors(left).collect::<Vec<_>>(), [entry]);
    assert_eq!(ctx.predecessors(entry).count(), 0);
}

/// U17: the function is not used in its block; the arguments, used by an
/// add there, are. RW5: uses outside the block change, uses inside keep
/// the old value. hasNUses / hasNUsesOrMore stop early.
#[test]
fn used_in_block_u17_and_replace_outside_block_rw5() {
    let (mut ctx, f, bb0) = setup();
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let bb1 = ctx.append_block(f, "bb1");
    let inside = Builder::at_end(&mut ctx, bb0).add(x, y);
    Builder::at_end(&mut ctx, bb0).br(bb1);
    let outside = Builder::at_end(&mut ctx, bb1).mul(x, x);
    Builder::at_end(&mut ctx, bb1).ret(Some(outside));
    assert!(!ctx.is_used_in_block(f.0, bb0));
    assert!(ctx.is_used_in_block(x, bb0) && ctx.is_used_in_block(y, bb0));
    assert!(!ctx.is_used_in_block(y, bb1));
    assert!(ctx.has_n_uses(x, 3) && !ctx.has_n_uses(x, 2) && !ctx.has_n_uses(x, 4));
    assert!(ctx.has_n_uses_or_more(x, 2) && ctx.has_n_uses_or_more(x, 3));
    assert!(!ctx.has_n_uses_or_more(x, 4) && ctx.has_n_uses(bb0.0, 0));
    assert!(ctx.replace_uses_outside_block(x, y, bb0));
    assert_eq!(ctx.operand(inside, 0), Some(x));
    assert_eq!(ctx.operand(outside, 0), Some(y));
    assert_eq!(ctx.operand(outside, 1), Some(y));
    assert!(!ctx.replace_uses_outside_block(x, y, bb0));
    assert!(ctx.has_one_use(x));
    ctx.check_use_lists().unwrap();
}
