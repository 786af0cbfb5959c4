target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
$k = comdat any
@llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @c2, ptr null }, { i32, ptr, ptr } { i32 2, ptr @c2, ptr @k }]
@arr = appending global [1 x i32] [i32 3]
@k = linkonce_odr global i32 0, comdat
define internal void @c2() {
  ret void
}
