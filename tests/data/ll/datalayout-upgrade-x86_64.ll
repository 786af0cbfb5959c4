; A layout older than LLVM 19's x86-64 one: reading the bitcode adds the
; p270-p272 address spaces and i128:128, as LLVM 19's reader does.
target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i128 @f(ptr %p) {
  %v = load i128, ptr %p
  ret i128 %v
}
