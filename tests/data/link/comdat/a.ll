target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
$any = comdat any
$big = comdat largest
$same = comdat samesize
@any = linkonce_odr global i32 1, comdat
@big = global [2 x i32] [i32 1, i32 2], comdat
@same = linkonce_odr global i32 1, comdat
define linkonce_odr i32 @anyf() comdat($any) {
  ret i32 1
}
define i32 @ua() {
  %v = call i32 @anyf()
  ret i32 %v
}
