target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@0 = private constant [3 x i8] c"cd\00"
define ptr @g() {
  ret ptr @0
}
@2 = global ptr @0
