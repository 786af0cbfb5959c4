target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
define available_externally i32 @ae2() {
  ret i32 5
}
define linkonce_odr i32 @used() {
  ret i32 9
}
