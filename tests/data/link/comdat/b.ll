target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
$any = comdat any
$big = comdat largest
$same = comdat samesize
@any = linkonce_odr global i32 2, comdat
@big = global [4 x i32] [i32 3, i32 4, i32 5, i32 6], comdat
@same = linkonce_odr global i32 2, comdat
define linkonce_odr i32 @anyf() comdat($any) {
  ret i32 2
}
define i32 @ub() {
  %v = call i32 @anyf()
  %w = load i32, ptr @same, align 4
  %s = add i32 %v, %w
  ret i32 %s
}
