; Aggregate constants as LLParser builds them: empty structs, packed structs
; and zero-length arrays (`{} {}`, `<{}> <{}>`, `[0 x i32] []`), all-zero,
; all-undef and mixed elements, data arrays (`c"..."`), nested aggregates,
; in globals and as instruction operands. `lair fmt` prints them as
; `llvm-as-19 | llvm-dis-19` does.
%s = type { i32, [2 x i8] }
@a0 = global [2 x i32] [i32 0, i32 0]
@a1 = global [2 x i32] [i32 undef, i32 undef]
@a2 = global [2 x i32] [i32 poison, i32 poison]
@a3 = global [2 x i32] [i32 undef, i32 poison]
@a4 = global [2 x i32] [i32 1, i32 undef]
@a5 = global [2 x i8] [i8 1, i8 2]
@a6 = global [2 x half] [half 0xH0000, half 0xH0000]
@a7 = global [2 x float] [float 1.0, float -0.0]
@a8 = global [2 x ptr] [ptr null, ptr null]
@a9 = global [2 x [2 x i32]] [[2 x i32] zeroinitializer, [2 x i32] [i32 0, i32 0]]
@a10 = global %s { i32 0, [2 x i8] c"\00\00" }
@a11 = global %s { i32 undef, [2 x i8] undef }
@a12 = global <2 x i32> <i32 0, i32 0>
@a13 = global <2 x i32> <i32 undef, i32 undef>
@a14 = global <2 x i32> <i32 poison, i32 undef>
@a15 = global [2 x double] [double 0.0, double -0.0]
@a16 = global [2 x i1] [i1 true, i1 false]
@a17 = global [2 x i64] [i64 1, i64 1]
@a18 = global [2 x bfloat] [bfloat 0xR3F80, bfloat 0xR0000]
@a19 = global [1 x %s] [%s { i32 0, [2 x i8] zeroinitializer }]
@a20 = global [2 x x86_fp80] [x86_fp80 0xK00000000000000000000, x86_fp80 0xK00000000000000000000]
@a21 = global [2 x i32] [i32 ptrtoint (ptr @a0 to i32), i32 0]
@a22 = global {} {}
@a23 = global [0 x i32] zeroinitializer
@a24 = global <{ i8, i32 }> <{ i8 0, i32 0 }>
@a25 = global [2 x <2 x i32>] [<2 x i32> <i32 1, i32 2>, <2 x i32> zeroinitializer]
@a26 = global [2 x i32] [i32 -1, i32 -1]
@a27 = global [3 x i8] c"ab\00"
@a28 = global [2 x i16] [i16 1, i16 2]
@a29 = global [2 x i128] [i128 1, i128 2]
@a30 = global [2 x fp128] [fp128 0xL00000000000000000000000000000000, fp128 0xL00000000000000000000000000000000]
@a31 = global [2 x i32] [i32 1, i32 poison]

define void @s(ptr %x) {
  store {i32, i32}{i32 7, i32 9}, ptr %x
  store {}{}, ptr %x
  store [2 x i32][i32 7, i32 9], ptr %x
  store [0 x i32][], ptr %x
  store <{i32, i32}><{i32 7, i32 9}>, ptr %x
  store <{}><{}>, ptr %x
  store [2 x {}] [{} {}, {} {}], ptr %x
  store {[0 x i8], {}} {[0 x i8] [], {} {}}, ptr %x
  store <2 x i32><i32 7, i32 9>, ptr %x
  ret void
}
define {i32, [2 x i8]} @r() {
  ret {i32, [2 x i8]} {i32 1, [2 x i8] [i8 2, i8 3]}
}
