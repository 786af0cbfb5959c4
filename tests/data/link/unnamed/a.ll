target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@0 = private constant [3 x i8] c"ab\00"
@1 = internal global i32 5
define ptr @f() {
  %x = load i32, ptr @1, align 4
  ret ptr @0
}
