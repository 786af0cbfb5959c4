; LLVM splits a triple at its first three '-': the environment here is
; "gnu-macho", which ends in "macho", so the bitcode gets the wrapper header.
target triple = "x86_64-pc-linux-gnu-macho"

define i32 @f() {
  ret i32 0
}
