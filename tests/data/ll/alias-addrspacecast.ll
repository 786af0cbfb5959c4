; Aliases whose aliasee object LLVM 19's getAliaseeObject finds or not:
; the irsymtab marks a symbol executable when that object is a function.
; It does not look through addrspacecast; it looks through bitcast-like
; casts, GEPs and one-sided adds, with one set of visited aliases for
; the whole walk.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define void @f() {
  ret void
}

@cast = alias void (), ptr addrspace(1) addrspacecast (ptr @f to ptr addrspace(1))
@gep = alias i8, getelementptr (i8, ptr @f, i64 0)
@via = alias void (), ptr @f
@twice = alias i8, inttoptr (i64 add (i64 ptrtoint (ptr @via to i64), i64 ptrtoint (ptr @via to i64)) to ptr)
@both = alias i8, inttoptr (i64 add (i64 ptrtoint (ptr @f to i64), i64 ptrtoint (ptr @f to i64)) to ptr)
@sub = alias i8, inttoptr (i64 sub (i64 ptrtoint (ptr @f to i64), i64 ptrtoint (ptr @g to i64)) to ptr)
@castg = alias i32, ptr addrspace(1) addrspacecast (ptr @g to ptr addrspace(1))
