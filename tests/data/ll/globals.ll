; Module-level constructs the corpus does not exercise.
source_filename = "globals.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

module asm "  .text"
module asm "  .globl foo_asm"

%struct.list = type { ptr, i32, %struct.list* }
%struct.rec = type { %struct.rec*, [4 x %struct.inner] }
%struct.inner = type <{ i8, i64 }>
%0 = type { i32, float }
%opaque = type opaque
%alias = type i32
%tgt = type target("spirv.Image", i8, 0, 1)

$c_any = comdat any
$c_large = comdat largest
$c_nodup = comdat nodeduplicate
$c_same = comdat samesize
$c_exact = comdat exactmatch

@g1 = global i32 42, align 4
@g2 = internal constant [3 x i8] c"a\0A\00", section ".rodata.x", align 1
@g3 = private unnamed_addr constant { i32, ptr } { i32 1, ptr @g1 }
@g4 = weak_odr global i64 0, comdat($c_any)
@c_large = linkonce_odr global i32 7, comdat
@g5 = external global i32
@g6 = extern_weak global ptr
@g7 = thread_local(initialexec) global i32 0
@g8 = thread_local global i32 1
@g9 = dso_local hidden local_unnamed_addr global i32 3, partition "part1"
@g10 = protected addrspace(1) externally_initialized global i8 0
@g11 = dllexport global double 0x7FF8000000000001
@g12 = global x86_fp80 0xK3FFF8000000000000000
@g13 = global fp128 0xL00000000000000003FFF000000000000
@g14 = global ppc_fp128 0xM3FF00000000000000000000000000000
@g15 = global half 0xH3C00
@g16 = global bfloat 0xR3F80
@g17 = global i128 -170141183460469231731687303715884105728
@g18 = global i256 u0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF
@g19 = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@g20 = global <2 x float> zeroinitializer
@g21 = global %struct.list { ptr null, i32 0, ptr @g21 }
@g22 = global ptr getelementptr inbounds ([3 x i8], ptr @g2, i64 0, i64 1)
@g23 = global i64 ptrtoint (ptr @g1 to i64)
@g24 = global ptr getelementptr (i8, ptr @g1, i64 add (i64 ptrtoint (ptr @g1 to i64), i64 4))
@g25 = global [2 x ptr] [ptr @f_decl, ptr @later]
@g26 = global %0 { i32 5, float 1.500000e+00 }
@g27 = global i32 0, no_sanitize_address, code_model "large"
@g28 = global i32 0 #0
@g29 = global ptr dso_local_equivalent @f_decl
@g30 = global ptr no_cfi @f_decl
@g31 = global i8* bitcast (i32* @g1 to i8*)
@g32 = global %alias 9
@g33 = global { i32, [0 x i8] } undef
@g34 = global [2 x i32] poison
@g35 = global ptr getelementptr inbounds inrange(-8, 16) ({ [2 x ptr] }, ptr @g25, i32 0, i32 0, i32 1)
@g36 = global <4 x i32> <i32 1, i32 poison, i32 3, i32 undef>
@g37 = global i32 0, !dbg.x !0
@g38 = common global i32 0, align 4
@g39 = available_externally global i32 5
@g40 = appending global [1 x ptr] [ptr @later]
@"quoted name" = global i32 1
@1 = global i32 2
@2 = private constant [4 x i8] c"\FF\00\22\5C"

@a1 = alias i32, ptr @g1
@a2 = weak hidden alias i8, getelementptr (i8, ptr @g1, i64 2)
@a3 = internal thread_local alias i32, ptr @g8
@i1 = ifunc void (), ptr @resolver
@i2 = internal ifunc i32 (i32), ptr @resolver

declare void @f_decl(ptr noundef nonnull align 8 dereferenceable(16), i32 signext, ...) #1

define internal ptr @resolver() {
  ret ptr @f_decl
}

define linkonce_odr hidden fastcc noundef i32 @later(i32 %x) unnamed_addr #2 section ".text.later" comdat($c_same) align 16 gc "statepoint-example" prefix i32 1 prologue i8 2 personality ptr @resolver {
entry:
  ret i32 %x
}

define void @"quoted fn"() {
  ret void
}

define i32 @numbered_args(i32 %0, i32 %1) {
  %3 = add i32 %0, %1
  ret i32 %3
}

attributes #0 = { "attr"="on" }
attributes #1 = { nounwind memory(argmem: readwrite) "frame-pointer"="all" }
attributes #2 = { noinline optnone alignstack=16 uwtable(sync) vscale_range(1,16) "target-features"="+sse" }

!llvm.named = !{!0, !1}
!0 = !{i32 1, !"str", null, !1, ptr @g1}
!1 = distinct !{!1, !{}}
