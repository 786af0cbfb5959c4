target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
%struct.p = type { i32, i32 }
%struct.q = type { i32 }
%struct.o = type { i16, %struct.p }
%struct.alias = type { i32, i32 }
%struct.r = type { i8, %struct.p }
@hp = global %struct.p { i32 3, i32 4 }
@hq = global %struct.q { i32 2 }
@go = global %struct.o zeroinitializer
@ha = global %struct.alias { i32 5, i32 6 }
@hr = global %struct.r zeroinitializer
define i32 @f(ptr %x) {
  %a = alloca %struct.q, align 8
  %g = getelementptr %struct.o, ptr %x, i64 0, i32 1, i32 1
  %l = load %struct.p, ptr %g, align 4
  %e = extractvalue %struct.p %l, 0
  ret i32 %e
}
