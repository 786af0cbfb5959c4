; The source's larger @foo replaces the destination's comdat $foo: the
; destination's aliases of its members are in that comdat too (an alias is
; in its aliasee object's comdat) and become declarations; an unused one goes.
target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
$foo = comdat largest
@foo = global i32 42, comdat
@alias = alias i32, ptr @foo
@galias = alias i32, getelementptr (i8, ptr @foo, i64 2)
@use = global [2 x ptr] [ptr @alias, ptr @galias]
@unused = alias i32, ptr @foo
define ptr @f() {
  ret ptr @alias
}
