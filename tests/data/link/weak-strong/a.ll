target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
define weak i32 @f() {
  ret i32 1
}
define weak_odr i32 @g() {
  ret i32 1
}
define linkonce i32 @h() {
  ret i32 1
}
define i32 @use() {
  %a = call i32 @f()
  %b = call i32 @g()
  %c = call i32 @h()
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
