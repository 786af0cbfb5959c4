; Bitcode for a Darwin or Mach-O triple sits in the wrapper header LLVM
; writes, with the Mach-O CPU type of the architecture.
target triple = "thumbv7-apple-ios7.0.0"

define i32 @f() {
  ret i32 0
}
