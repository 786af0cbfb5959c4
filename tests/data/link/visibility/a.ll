target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@v1 = global i32 1
@v2 = external protected global i32
@v3 = external unnamed_addr global i32
@v4 = external local_unnamed_addr constant i32
define ptr @p() {
  %x = getelementptr i8, ptr @v2, i64 0
  %y = getelementptr i8, ptr @v3, i64 0
  %z = getelementptr i8, ptr @v4, i64 0
  ret ptr @v1
}
