; Operand-bundle tags are bytes: escaped and raw non-UTF-8 bytes, `\22` and
; `\5C` (printed `\\` by LLVM); `\FF` and `\FE` are two tags, and a tag
; LLVM registers (`deopt`) keeps its place in the bitcode tag table.

declare void @g()

define void @f(i32 %x) {
  call void @g() [ "a\FFb"(i32 %x) ]
  call void @g() [ "a\FEb"(i32 1), "\22q\5C"() ]
  call void @g() [ "deopt"(i32 %x), "caf\C3\A9"(i32 %x, i32 2) ]
  call void @g() [ "a\FFb"() ]
  ret void
}
