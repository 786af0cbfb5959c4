target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@a = common global [2 x i32] zeroinitializer, align 16
@b = common global [32 x i8] zeroinitializer
@c = global i32 5, align 4
@d = common global i64 0
