; Hand-written GEP edge cases for the differential table (scripts/gep-table.sh).
target datalayout = "e-m:e-p:64:64-p1:64:64:64:32-p3:32:32-p7:160:256:256:32-i64:64-f80:128-n8:16:32:64-S128"

%S = type { i8, i32, [4 x i16] }
%T = type { i64, [3 x i32] }
%P = type <{ i8, i32, i16 }>

@g = global [10 x i32] zeroinitializer
@c1 = global ptr getelementptr (%S, ptr @g, i64 1, i32 2, i64 3)
@c2 = global ptr getelementptr (i32, ptr @g, i8 -1)
@c3 = global ptr getelementptr ([10 x i32], ptr @g, i64 -1, i64 -3)
@c4 = global ptr getelementptr (i8, ptr @g, i128 18446744073709551617)
@c5 = global ptr addrspace(1) getelementptr (i32, ptr addrspace(1) null, i64 4294967297)
@c6 = global ptr getelementptr (%P, ptr @g, i64 1, i32 2)
@c7 = global ptr getelementptr (x86_fp80, ptr @g, i64 3)
@c8 = global ptr getelementptr (i24, ptr @g, i64 5)
@c9 = global ptr getelementptr (<4 x i32>, ptr @g, i64 0, i64 2)
@c10 = global ptr getelementptr (<8 x i1>, ptr @g, i64 1)
@c11 = global ptr addrspace(7) getelementptr (%T, ptr addrspace(7) null, i32 -2, i32 1, i32 2)
@c12 = global ptr addrspace(3) getelementptr ([4 x %S], ptr addrspace(3) null, i32 7, i32 3, i32 1)
@c13 = global <2 x ptr> getelementptr (i32, ptr @g, <2 x i64> <i64 1, i64 2>)
@c14 = global <2 x ptr> getelementptr (%S, <2 x ptr> <ptr @g, ptr @g>, <2 x i64> <i64 1, i64 1>, i32 1)
@c15 = global ptr getelementptr (i64, ptr @g, i64 9223372036854775807)
@c16 = global ptr getelementptr ({}, ptr @g, i64 5)
@c17 = global ptr getelementptr ([0 x i32], ptr @g, i64 0, i64 12)

define void @f(ptr %p, i64 %i, i64 %j, i8 %b, i32 %k, <2 x i64> %vi, ptr addrspace(1) %q, <2 x ptr> %vp) {
  %1 = getelementptr [10 x [10 x i32]], ptr %p, i64 %i, i64 %i, i64 %j
  %2 = getelementptr [10 x i32], ptr %p, i64 %i, i64 3
  %3 = getelementptr %S, ptr %p, i64 %i, i32 1
  %4 = getelementptr i32, ptr %p, i8 %b
  %5 = getelementptr {}, ptr %p, i64 %i
  %6 = getelementptr <vscale x 4 x i32>, ptr %p, i64 0
  %7 = getelementptr <vscale x 4 x i32>, ptr %p, i64 1
  %8 = getelementptr <vscale x 4 x i32>, ptr %p, i64 %i
  %9 = getelementptr i32, ptr %p, <2 x i64> <i64 1, i64 1>
  %10 = getelementptr i32, ptr %p, <2 x i64> %vi
  %11 = getelementptr inbounds %T, ptr %p, i64 %j, i32 1, i64 %i
  %12 = getelementptr nusw nuw i32, ptr addrspace(1) %q, i64 4294967297
  %13 = getelementptr [3 x i32], ptr addrspace(1) %q, i64 %i, i64 %i
  %14 = getelementptr i32, <2 x ptr> %vp, i64 3
  %15 = getelementptr [4 x i16], ptr %p, i32 %k, i32 -1
  %16 = getelementptr i8, ptr %p, i64 -9223372036854775808
  %17 = getelementptr [2 x [2 x i8]], ptr %p, i64 %i, i64 %j, i64 %i
  %18 = getelementptr %S, ptr %p
  %19 = getelementptr inbounds i16, ptr %p, i1 true
  ret void
}
