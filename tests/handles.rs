//! Value handles against LLVM 19's ValueHandle behaviours (VH2–VH15).

#[path = "support/verified.rs"]
mod verified;

use lair::builder::Builder;
use lair::ir::{Block, Inst};
use lair::{Context, HandleEvent, HandleKind, Value};
use std::cell::RefCell;
use std::rc::Rc;

fn setup() -> (Context, Block, Value, Value) {
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let i32t = ctx.i32_type();
    let fty = ctx.function_type(i32t, &[i32t, i32t], false);
    let f = ctx.add_function(m, "f", fty);
    let b = ctx.append_block(f, "entry");
    let (x, y) = (ctx.arg(f, 0), ctx.arg(f, 1));
    let mut bld = Builder::at_end(&mut ctx, b);
    let v = bld.add(x, y);
    let w = bld.add(y, x);
    (ctx, b, v, w)
}

#[test]
fn weak_does_not_follow_rauw_and_nulls_on_erase_vh4() {
    let (mut ctx, _, v, w) = setup();
    let h = ctx.create_handle(Some(v), HandleKind::Weak);
    ctx.replace_all_uses_with(v, w);
    assert_eq!(ctx.handle_value(h), Some(v));
    ctx.erase_inst(Inst(v));
    assert_eq!(ctx.handle_value(h), None);
}

#[test]
fn weak_tracking_follows_rauw_and_copies_too_vh5() {
    let (mut ctx, _, v, w) = setup();
    let h = ctx.create_handle(Some(v), HandleKind::WeakTracking);
    let c = ctx.copy_handle(h);
    let s = ctx.create_handle(Some(v), HandleKind::WeakTracking);
    ctx.replace_all_uses_with(v, w);
    for x in [h, c, s] {
        assert_eq!(ctx.handle_value(x), Some(w));
    }
    ctx.erase_inst(Inst(v));
    ctx.erase_inst(Inst(w));
    for x in [h, c, s] {
        assert_eq!(ctx.handle_value(x), None);
    }
}

#[test]
fn asserting_handle_reports_erase_vh8() {
    let (mut ctx, _, v, w) = setup();
    let h = ctx.create_handle(Some(v), HandleKind::Asserting);
    ctx.replace_all_uses_with(v, w);
    assert_eq!(
        ctx.handle_value(h),
        Some(v),
        "asserting handles do not follow RAUW"
    );
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.erase_inst(Inst(v))));
    let msg = *r.unwrap_err().downcast::<String>().unwrap();
    assert!(
        msg.contains("an asserting value handle still pointed to this value"),
        "{msg}"
    );
}

#[test]
fn asserting_handle_cleared_allows_erase_vh8() {
    let (mut ctx, _, v, _) = setup();
    let h = ctx.create_handle(Some(v), HandleKind::Asserting);
    ctx.set_handle(h, None);
    ctx.erase_inst(Inst(v));
    assert!(!ctx.is_live(v));
}

#[test]
fn callbacks_run_newest_first_on_rauw_vh2_vh10() {
    let (mut ctx, _, v, w) = setup();
    let log = Rc::new(RefCell::new(Vec::new()));
    let mut ids = Vec::new();
    for name in ["a", "b", "c"] {
        let l = log.clone();
        ids.push(ctx.create_callback_handle(
            v,
            Box::new(move |_, _, ev| {
                l.borrow_mut().push((name, ev));
            }),
        ));
    }
    ctx.replace_all_uses_with(v, w);
    let got: Vec<&str> = log.borrow().iter().map(|e| e.0).collect();
    assert_eq!(got, ["c", "b", "a"]);
    assert!(log
        .borrow()
        .iter()
        .all(|e| e.1 == HandleEvent::Replaced { old: v, new: w }));
    // Callback handles stay on the old value by default.
    assert_eq!(ctx.handle_value(ids[0]), Some(v));
    log.borrow_mut().clear();
    ctx.erase_inst(Inst(v));
    let got: Vec<&str> = log.borrow().iter().map(|e| e.0).collect();
    assert_eq!(
        got,
        ["c", "b", "a"],
        "deleted() exactly once each, newest first"
    );
    assert!(log.borrow().iter().all(|e| e.1 == HandleEvent::Deleted(v)));
}

#[test]
fn copies_follow_rauw_vh2() {
    let (mut ctx, _, v, w) = setup();
    let a = ctx.create_handle(Some(v), HandleKind::WeakTracking);
    let b = ctx.create_handle(Some(v), HandleKind::WeakTracking);
    let a2 = ctx.copy_handle(a);
    ctx.replace_all_uses_with(v, w);
    for h in [a, b, a2] {
        assert_eq!(ctx.handle_value(h), Some(w));
    }
}

#[test]
fn deleted_callback_may_rauw_the_dying_value_vh11() {
    let (mut ctx, b, v, _) = setup();
    let i32t = ctx.i32_type();
    // A user of v, so v has one use when it is erased.
    let user = {
        let mut bld = Builder::at_end(&mut ctx, b);
        let x = bld.ctx.const_int(i32t, 7);
        bld.set_folding(false);
        bld.add(v, x)
    };
    let seen = Rc::new(RefCell::new(Vec::new()));
    let s = seen.clone();
    ctx.create_callback_handle(
        v,
        Box::new(move |ctx, _, ev| {
            if let HandleEvent::Deleted(old) = ev {
                let zero = ctx.const_int(ctx.type_of(old), 0);
                ctx.replace_all_uses_with(old, zero);
                s.borrow_mut().push(zero);
            }
        }),
    );
    ctx.erase_inst(Inst(v));
    let zero = seen.borrow()[0];
    assert_eq!(ctx.operand(user, 0), Some(zero));
}

#[test]
fn callback_destroying_other_handles_does_not_break_iteration_vh12() {
    let (mut ctx, _, v, w) = setup();
    let before = ctx.create_handle(Some(v), HandleKind::WeakTracking);
    let cell: Rc<RefCell<Vec<lair::HandleId>>> = Rc::new(RefCell::new(Vec::new()));
    let c2 = cell.clone();
    ctx.create_callback_handle(
        v,
        Box::new(move |ctx, _, _| {
            for h in c2.borrow_mut().drain(..) {
                ctx.drop_handle(h);
            }
        }),
    );
    let after = ctx.create_handle(Some(v), HandleKind::WeakTracking);
    let survivor = ctx.create_handle(Some(v), HandleKind::WeakTracking);
    cell.borrow_mut().extend([before, after]);
    ctx.replace_all_uses_with(v, w);
    assert_eq!(ctx.handle_value(survivor), Some(w));
}

#[test]
fn poisoning_handle_panics_on_read_after_rauw_vh15() {
    let (mut ctx, _, v, w) = setup();
    let h = ctx.create_handle(Some(v), HandleKind::Poisoning);
    assert_eq!(ctx.handle_value(h), Some(v));
    ctx.replace_all_uses_with(v, w);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.handle_value(h)));
    let msg = *r.unwrap_err().downcast::<String>().unwrap();
    assert!(msg.contains("poisoned value handle"), "{msg}");
    ctx.drop_handle(h);
}

#[test]
fn dropped_handle_id_is_stale() {
    let (mut ctx, _, v, _) = setup();
    let h = ctx.create_handle(Some(v), HandleKind::Weak);
    ctx.drop_handle(h);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.handle_value(h)));
    let msg = *r.unwrap_err().downcast::<String>().unwrap();
    assert!(msg.contains("stale handle id"), "{msg}");
}

/// VH9: asserting handles are checked only after every other handle was
/// told of the erasure, so a callback may clear them, whether they were
/// registered before or after it; VH10: `Deleted` reaches the callback
/// exactly once and no `Replaced` does.
#[test]
fn asserting_handles_checked_last_vh9_vh10() {
    for assert_first in [true, false] {
        let (mut ctx, _, v, _) = setup();
        let cell: Rc<RefCell<Vec<lair::HandleId>>> = Rc::new(RefCell::new(Vec::new()));
        let events = Rc::new(RefCell::new(Vec::new()));
        let early = assert_first.then(|| ctx.create_handle(Some(v), HandleKind::Asserting));
        let (c2, e2) = (cell.clone(), events.clone());
        ctx.create_callback_handle(
            v,
            Box::new(move |ctx, _, ev| {
                e2.borrow_mut().push(matches!(ev, HandleEvent::Deleted(_)));
                for &h in c2.borrow().iter() {
                    ctx.set_handle(h, None);
                }
            }),
        );
        let late = ctx.create_handle(Some(v), HandleKind::Asserting);
        cell.borrow_mut().extend(early.into_iter().chain([late]));
        ctx.erase_inst(Inst(v));
        assert!(!ctx.is_live(v));
        assert_eq!(*events.borrow(), [true], "one Deleted event, no Replaced");
        for &h in cell.borrow().iter() {
            assert_eq!(ctx.handle_value(h), None);
        }
    }
}

/// VH2: deletion callbacks run newest first, like RAUW callbacks.
#[test]
fn deletion_callbacks_run_newest_first_vh2() {
    let (mut ctx, _, v, _) = setup();
    let log = Rc::new(RefCell::new(Vec::new()));
    for k in 0..3 {
        let l = log.clone();
        ctx.create_callback_handle(
            v,
            Box::new(move |_, _, ev| {
                if let HandleEvent::Deleted(_) = ev {
                    l.borrow_mut().push(k);
                }
            }),
        );
    }
    ctx.erase_inst(Inst(v));
    assert_eq!(*log.borrow(), [2, 1, 0]);
}

/// A constant destroyed by re-uniquing (its operand was replaced and an
/// equal constant already existed) is deleted like an erased value: weak
/// handles empty and callbacks get `Deleted`, after the `Replaced` of the
/// RAUW that moved its uses (LLVM `destroyConstant` runs the value
/// handles' `ValueIsDeleted`). Its slot's next occupant starts with no
/// handles.
#[test]
fn destroyed_constant_tells_its_handles() {
    use lair::inst::Opcode;
    let mut ctx = Context::new();
    let m = ctx.create_module("m");
    let (i8t, i32t) = (ctx.i8_type(), ctx.i32_type());
    let g1 = ctx.add_global_var(m, "g1", i32t, 0);
    let g2 = ctx.add_global_var(m, "g2", i32t, 0);
    let p1 = ctx.const_expr(Opcode::PtrToInt, i8t, &[g1.0], 0, None);
    let p2 = ctx.const_expr(Opcode::PtrToInt, i8t, &[g2.0], 0, None);
    let weak = ctx.create_handle(Some(p1), HandleKind::Weak);
    let log = Rc::new(RefCell::new(Vec::new()));
    let l = log.clone();
    ctx.create_callback_handle(p1, Box::new(move |_, _, ev| l.borrow_mut().push(ev)));
    ctx.replace_all_uses_with(g1.0, g2.0);
    assert!(!ctx.is_live(p1));
    assert_eq!(ctx.handle_value(weak), None);
    assert_eq!(
        *log.borrow(),
        [
            HandleEvent::Replaced { old: p1, new: p2 },
            HandleEvent::Deleted(p1)
        ]
    );
    // The freed slot is reused; a handle on the new occupant is alone on
    // its list and follows its RAUW.
    let fresh: Vec<Value> = (0..4u64).map(|k| ctx.const_int(i32t, k + 100)).collect();
    let h = ctx.create_handle(Some(fresh[0]), HandleKind::WeakTracking);
    ctx.set_handle(weak, None);
    ctx.replace_all_uses_with(fresh[0], fresh[1]);
    assert_eq!(ctx.handle_value(h), Some(fresh[1]));
    verified::assert_sound(&ctx, m);
}
