//! The bitcode reader: a corpus module reads back to the instructions
//! `llvm-dis-19` prints (`.ci/run` checks the whole corpus, `; preds`
//! included, with `oracle-dis.sh`), lazy reading equals eager reading,
//! malformed input gives located errors, and a fuzz smoke run of mutated
//! corpus bitcode never panics (`examples/fuzz_bitcode.rs` is the long run).
//! The writer: a corpus module written as `llvm-as` writes it is the
//! corpus `.bc` byte for byte, and written modules read back to the same
//! text (`.ci/run` runs `oracle-as.sh` and the `lair as | lair dis`
//! round trip on the whole corpus).

use lair::asm::parse::parse_module;
use lair::bitcode::{
    read_bitcode, read_bitcode_named, register_llvm_as_kinds, write_bitcode, BitcodeError,
    LazyModule, WriteOptions,
};
use lair::Context;

#[path = "support/mutate.rs"]
mod mutate;
use mutate::{mutate, XorShift};

fn corpus(name: &str) -> Option<Vec<u8>> {
    std::fs::read(format!(
        "{}/../shared/corpus/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .ok()
}

/// Reads `bytes` and prints the module without its ModuleID line.
fn dis(bytes: &[u8]) -> Result<String, BitcodeError> {
    let mut ctx = Context::new();
    let m = read_bitcode_named(&mut ctx, bytes, "t.bc")?;
    ctx.check_use_lists().unwrap();
    let text = ctx.print_module(m);
    Ok(text
        .split_once('\n')
        .map_or(text.clone(), |x| x.1.to_string()))
}

/// The lines of `s` without `; preds` comments (they follow use-list
/// order, which `stress-*.ll` need not have).
fn without_preds(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.split("; preds").next().unwrap().trim_end().to_string())
        .collect()
}

#[test]
fn corpus_module_reads_back_as_its_text() {
    // stress-*.bc is llvm-as-19 of stress-*.ll, which is llvm-dis-19 text.
    for name in ["stress-7", "stress-13"] {
        let (Some(bc), Some(ll)) = (corpus(&format!("{name}.bc")), corpus(&format!("{name}.ll")))
        else {
            return; // no corpus beside the checkout
        };
        let ll = String::from_utf8(ll).unwrap();
        let ll = ll.split_once('\n').unwrap().1;
        assert_eq!(
            without_preds(&dis(&bc).unwrap()),
            without_preds(ll),
            "{name}"
        );
    }
}

#[test]
fn lazy_reading_equals_eager_reading() {
    for name in ["stress-3.bc", "bzip2-g.bc"] {
        let Some(bc) = corpus(name) else { return };
        let eager = dis(&bc).unwrap();
        let mut ctx = Context::new();
        let m = {
            let mut lazy = LazyModule::open_named(&mut ctx, &bc, "t.bc").unwrap();
            let fs: Vec<_> = lazy.context().functions(lazy.module()).collect();
            assert!(fs.iter().any(|&f| lazy.is_materializable(f)));
            lazy.materialize_all().unwrap();
            assert!(fs.iter().all(|&f| !lazy.is_materializable(f)));
            lazy.module()
        };
        let text = ctx.print_module(m);
        assert_eq!(text.split_once('\n').unwrap().1, eager, "{name}");
    }
}

#[test]
fn bodies_read_in_any_order_give_the_same_instructions() {
    let Some(bc) = corpus("stress-3.bc") else {
        return;
    };
    let eager = dis(&bc).unwrap();
    let mut ctx = Context::new();
    let m = {
        let mut lazy = LazyModule::open_named(&mut ctx, &bc, "t.bc").unwrap();
        let fs: Vec<_> = lazy.context().functions(lazy.module()).collect();
        for &f in fs.iter().rev() {
            lazy.materialize(f).unwrap();
            assert!(!lazy.is_materializable(f));
        }
        lazy.materialize_all().unwrap();
        lazy.module()
    };
    ctx.check_use_lists().unwrap();
    let text = ctx.print_module(m);
    assert_eq!(
        without_preds(text.split_once('\n').unwrap().1),
        without_preds(&eager)
    );
}

#[test]
fn malformed_bitcode_gives_a_located_error() {
    let mut ctx = Context::new();
    let e = read_bitcode(&mut ctx, b"not bitcode at all!!").unwrap_err();
    assert!(e.to_string().starts_with("bit 0"), "{e}");
    let Some(bc) = corpus("stress-3.bc") else {
        return;
    };
    // Cut in the middle: some block or record is incomplete.
    let cut = &bc[..bc.len() / 2 / 4 * 4];
    let e = read_bitcode(&mut Context::new(), cut).unwrap_err();
    assert!(e.bit > 0 && !e.message.is_empty(), "{e}");
    // Every prefix fails cleanly or reads.
    for len in (0..bc.len()).step_by(97) {
        let _ = read_bitcode(&mut Context::new(), &bc[..len]);
    }
}

#[test]
fn several_modules_in_one_file_are_refused() {
    // Two modules in one stream, as `llvm-cat -b` writes them: the second
    // module follows the first, without a second magic number.
    let (_, a) = assemble(
        "define void @a() {\n  ret void\n}\n",
        &WriteOptions::default(),
    );
    let (_, b) = assemble(
        "define void @b() {\n  ret void\n}\n",
        &WriteOptions::default(),
    );
    assert!(read_bitcode(&mut Context::new(), &a).is_ok());
    let mut both = a.clone();
    both.extend_from_slice(&b[4..]);
    let e = read_bitcode(&mut Context::new(), &both).unwrap_err();
    assert!(e.message.contains("several modules"), "{e}");
    assert!(e.bit as usize > a.len() * 8, "{e}");
}

#[test]
fn fuzz_smoke() {
    let seeds: Vec<Vec<u8>> = ["stress-2.bc", "stress-9.bc", "stress-15.bc"]
        .iter()
        .filter_map(|n| corpus(n))
        .collect();
    if seeds.is_empty() {
        return;
    }
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for i in 0..300 {
        let m = mutate(&mut rng, &seeds[i % seeds.len()]);
        let mut ctx = Context::new();
        if let Ok(m) = read_bitcode(&mut ctx, &m) {
            let _ = ctx.print_module(m);
            ctx.check_use_lists().unwrap();
        }
    }
}

/// Parses `text`, writes it with `options`; the text printed before and
/// the bytes.
fn assemble(text: &str, options: &WriteOptions) -> (String, Vec<u8>) {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, text, "t.ll").unwrap();
    register_llvm_as_kinds(&mut ctx, m);
    let mut out = Vec::new();
    write_bitcode(&ctx, m, &mut out, options).unwrap();
    let printed = ctx.print_module(m);
    (printed.split_once('\n').unwrap().1.to_string(), out)
}

#[test]
fn corpus_module_assembles_to_llvm_as_bytes() {
    for name in ["stress-7", "stress-13"] {
        let (Some(bc), Some(ll)) = (corpus(&format!("{name}.bc")), corpus(&format!("{name}.ll")))
        else {
            return; // no corpus beside the checkout
        };
        let ll = String::from_utf8(ll).unwrap();
        let (printed, out) = assemble(&ll, &WriteOptions::llvm_as());
        assert!(out == bc, "{name}: lair as differs from llvm-as-19");
        assert_eq!(dis(&out).unwrap(), printed, "{name}");
    }
}

#[test]
fn written_modules_read_back_identically() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ll");
    for name in ["insts.ll", "globals.ll", "debuginfo-fields.ll"] {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        // Once through bitcode: LLVM's reading fills in what the text may
        // leave implicit (an `atomicrmw` alignment), as `llvm-as |
        // llvm-dis` does; from that text on, nothing changes.
        let text = dis(&assemble(&text, &WriteOptions::llvm_as()).1).unwrap();
        // With use-list order, `; preds` lines included.
        let (printed, out) = assemble(&text, &WriteOptions::llvm_as());
        assert_eq!(dis(&out).unwrap(), printed, "{name}");
        // Without it (LLVM's API default), the same module.
        let (printed, out) = assemble(&text, &WriteOptions::default());
        assert_eq!(
            without_preds(&dis(&out).unwrap()),
            without_preds(&printed),
            "{name} without use-list order"
        );
    }
}

/// The attachment block numbers a body's instructions, void ones
/// included, across blocks: attachments on loads, stores, calls and
/// branches of several blocks, beside instructions with none and a
/// function attachment, read back on the same instructions.
#[test]
fn instruction_attachments_read_back_on_their_instructions() {
    let text = r#"
define i32 @f(ptr %p, i32 %n) !annotation !0 {
entry:
  store i32 0, ptr %p, align 4, !annotation !1
  %a = load i32, ptr %p, align 4
  call void @g(), !annotation !2
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %v = load i32, ptr %p, align 4, !range !3
  call void @g()
  %j = add i32 %i, %v
  store i32 %j, ptr %p, align 4
  %c = icmp slt i32 %j, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !4

exit:
  %r = load i32, ptr %p, align 4, !annotation !2, !range !3
  ret i32 %r
}

define void @h(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void, !annotation !1
}

declare void @g()

!0 = !{!"f"}
!1 = !{!"store"}
!2 = !{!"call"}
!3 = !{i32 0, i32 10}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
"#;
    for options in [WriteOptions::llvm_as(), WriteOptions::default()] {
        let (printed, out) = assemble(text, &options);
        assert!(printed.contains("!llvm.loop !4"), "{printed}");
        assert_eq!(without_preds(&dis(&out).unwrap()), without_preds(&printed));
    }
}

/// Module flags as older producers wrote them are upgraded by the reader
/// as LLVM 19's `UpgradeModuleFlags` does (`llvm-dis-19` of such a file
/// prints these flags): `PIC Level` Max becomes Min, `PIE Level` Error
/// becomes Max.
#[test]
fn old_module_flags_are_upgraded_on_reading() {
    let mut ctx = Context::new();
    let m = ctx.create_module("t");
    let i32t = ctx.i32_type();
    let flag = |ctx: &mut Context, b: u64, id: &str, v: u64| {
        let b = ctx.const_int(i32t, b);
        let b = ctx.md_value(b);
        let id = ctx.md_string(id);
        let v = ctx.const_int(i32t, v);
        let v = ctx.md_value(v);
        ctx.md_tuple(&[Some(b), Some(id), Some(v)])
    };
    let flags = vec![
        flag(&mut ctx, 7, "PIC Level", 2),
        flag(&mut ctx, 1, "PIE Level", 2),
    ];
    ctx.module_mut(m)
        .named_md
        .insert(b"llvm.module.flags"[..].into(), flags);
    let mut out = Vec::new();
    write_bitcode(&ctx, m, &mut out, &WriteOptions::default()).unwrap();
    let text = dis(&out).unwrap();
    assert!(
        text.contains("!0 = !{i32 8, !\"PIC Level\", i32 2}"),
        "{text}"
    );
    assert!(
        text.contains("!1 = !{i32 7, !\"PIE Level\", i32 2}"),
        "{text}"
    );
}
