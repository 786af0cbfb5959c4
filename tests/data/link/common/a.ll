target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@a = common global [4 x i32] zeroinitializer, align 8
@b = common global [16 x i8] zeroinitializer, align 2
@c = common global i32 0, align 4
@d = weak global i64 0
