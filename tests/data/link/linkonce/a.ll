target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
define linkonce_odr i32 @used() {
  ret i32 1
}
define linkonce_odr i32 @unused() {
  ret i32 2
}
define internal i32 @dead() {
  ret i32 3
}
define available_externally i32 @ae() {
  ret i32 4
}
declare i32 @ae2()
define i32 @main() {
  %a = call i32 @used()
  %b = call i32 @ae()
  %c = call i32 @ae2()
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
