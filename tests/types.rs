//! Types: uniquing, identified structs, validity, sizedness and printing,
//! checked against the LLVM 19 behaviours T1–T18
//! (`shared/reference/llvm-behaviours.md`, section 1).

use lair::{Context, Type, TypeData};

fn show(ctx: &Context, t: Type) -> String {
    t.display(ctx).to_string()
}

#[test]
fn smoke_print() {
    let mut c = Context::new();
    let i32t = c.i32_type();
    let i8t = c.i8_type();
    let s = c.struct_type(&[i32t, i8t], false);
    assert_eq!(show(&c, s), "{ i32, i8 }");
}
