target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@x = internal global i32 10
@y = private constant i32 20
define internal i32 @helper() {
  %v = load i32, ptr @x, align 4
  ret i32 %v
}
define i32 @b() {
  %v = call i32 @helper()
  %w = load i32, ptr @y, align 4
  %s = add i32 %v, %w
  ret i32 %s
}
