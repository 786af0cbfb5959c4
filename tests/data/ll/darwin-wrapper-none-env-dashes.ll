; LLVM splits a triple at its first three '-': the environment here is
; "macho-gnu", which does not end in "macho": no wrapper header.
target triple = "x86_64-pc-linux-macho-gnu"

define i32 @f() {
  ret i32 0
}
