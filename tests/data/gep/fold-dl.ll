; GEP instructions with constant operands; scripts/gep-fold.sh prints the
; `ret` lines `opt-19 -passes=instsimplify` leaves (LLVM 19's
; layout-aware SymbolicallyEvaluateGEP). tests/gep_fold.rs folds the same
; GEPs with LayoutCache::fold_gep.
target datalayout = "e-m:e-p:64:64-p1:64:64:64:32-p2:32:32-i64:64-f80:128-n8:16:32:64-S128-ni:2"
%S = type { i32, [4 x i32] }
@g = global [10 x i32] zeroinitializer
@s = global %S zeroinitializer
@w = extern_weak global [10 x i32]
@h = addrspace(1) global [4 x i64] zeroinitializer
define ptr @f1() {
  %r = getelementptr [10 x i32], ptr @g, i32 0, i64 12
  ret ptr %r
}
define ptr @f2() {
  %r = getelementptr [10 x i32], ptr @g, i8 1, i8 3
  ret ptr %r
}
define ptr @f3() {
  %r = getelementptr inbounds %S, ptr @s, i64 0, i32 1, i64 2
  ret ptr %r
}
define ptr @f4() {
  %r = getelementptr i8, ptr getelementptr (i8, ptr @g, i64 4), i64 4
  ret ptr %r
}
define ptr @f5() {
  %r = getelementptr i32, ptr null, i64 4
  ret ptr %r
}
define ptr @f6() {
  %r = getelementptr i8, ptr @g, i64 0
  ret ptr %r
}
define ptr @f7() {
  %r = getelementptr i32, ptr @g, i64 -1
  ret ptr %r
}
define ptr @f8() {
  %r = getelementptr [10 x i32], ptr @g, i64 0, i64 3
  ret ptr %r
}
define ptr @f9() {
  %r = getelementptr [10 x i32], ptr @g, i64 0, i64 10
  ret ptr %r
}
define ptr @f10() {
  %r = getelementptr [10 x i32], ptr @w, i64 0, i64 3
  ret ptr %r
}
define ptr @f11() {
  %r = getelementptr i32, ptr inttoptr (i64 1000 to ptr), i64 6
  ret ptr %r
}
define ptr addrspace(1) @f12() {
  %r = getelementptr [4 x i64], ptr addrspace(1) @h, i64 0, i64 4294967298
  ret ptr addrspace(1) %r
}
define ptr addrspace(2) @f13() {
  %r = getelementptr i32, ptr addrspace(2) null, i64 4
  ret ptr addrspace(2) %r
}
define ptr @f14() {
  %r = getelementptr inbounds i32, ptr getelementptr inbounds (%S, ptr @s, i64 0, i32 1), i64 2
  ret ptr %r
}
define ptr @f15() {
  %r = getelementptr nusw nuw i32, ptr getelementptr nuw (%S, ptr @s, i64 0, i32 1), i64 2
  ret ptr %r
}
define ptr @f16() {
  %r = getelementptr i8, ptr getelementptr inrange(0, 16) (%S, ptr @s, i64 0, i32 1), i64 2
  ret ptr %r
}
define ptr @f17() {
  %r = getelementptr [10 x i32], ptr @g, i64 0, i64 -3
  ret ptr %r
}
define ptr @f18() {
  %r = getelementptr %S, ptr @s, i64 0, i32 0
  ret ptr %r
}
